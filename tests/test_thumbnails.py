"""The library shows each puzzle as a small picture of its board: as given, drawn a few
at a time after the library is built, or the game as the player left it."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from puzzlegui.core import session as session_mod
from puzzlegui.gui import settings as settings_mod
from puzzlegui.gui.thumbnails import SIZE, Thumbnails


def library_item(window, source):
    return window._library_items[source]


def test_every_builtin_gets_a_picture_of_its_board(window, qtbot):
    # the library is built at once; the pictures follow from the event loop
    qtbot.waitUntil(lambda: not window.thumbs.busy(), timeout=60000)
    for source in ("tracks-mums-2008", "mystery-box", "kurosu-dm-2018-06-04"):
        icon = library_item(window, source).icon(0)
        assert not icon.isNull()
        image = icon.pixmap(SIZE, SIZE).toImage()
        colours = {image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}
        assert len(colours) > 3  # a drawing, not a blank square


def test_a_game_left_in_progress_is_pictured_as_it_was_left(window, qtbot):
    window.open_source("kurosu-dm-2018-06-04")
    qtbot.waitUntil(lambda: not window.thumbs.busy(), timeout=60000)
    before = library_item(window, "kurosu-dm-2018-06-04").icon(0).pixmap(SIZE, SIZE).toImage()
    state = window.history.state
    empty = [i for i in range(len(state.cells)) if state.cells[i] < 0 and state.givens[i] < 0]
    for i in empty[:6]:
        window.play_move(("set", i % state.width, i // state.width, 1))
    window.open_source("mystery-box")  # leaving the Kurosu game pictures it, moments later
    key = session_mod.builtin_key("kurosu-dm-2018-06-04")
    qtbot.waitUntil(lambda: not window.thumbs.busy(), timeout=60000)
    window.session.flush(30)
    stored = settings_mod.data_dir() / "thumbs" / f"{key}.light.png"
    assert stored.is_file()
    after = library_item(window, "kurosu-dm-2018-06-04").icon(0).pixmap(SIZE, SIZE).toImage()
    assert before != after


def test_drawing_is_spread_over_the_event_loop(qtbot, tmp_path):
    """Asking for many pictures draws none at once: they come from the timer."""
    from puzzlegui.core import files

    thumbs = Thumbnails(tmp_path)
    docs = [files.load_builtin(n) for n in ("mystery-box", "twiddle-3x3", "kurosu-dm-2018-06-05")]
    for i, doc in enumerate(docs):
        assert thumbs.icon(f"k{i}", lambda d=doc: (d.kind, d.state)) is None
    assert not any(tmp_path.iterdir())  # nothing is drawn before start()
    with qtbot.waitSignals([thumbs.ready] * 3, timeout=30000):
        thumbs.start()
    qtbot.waitUntil(lambda: not thumbs.busy())
    assert not thumbs.busy()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k0.light.png", "k1.light.png", "k2.light.png"]
    # and a later library (a new run) reads them from disk without drawing
    again = Thumbnails(tmp_path)
    assert again.icon("k0") is not None and not again.busy()
    thumbs.close()
    again.close()
