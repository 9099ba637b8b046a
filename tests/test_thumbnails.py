"""The library shows each puzzle as a small picture of its board: as given, drawn a few
at a time after the library is built, or the game as the player left it."""


from puzzlegui.core import files
from puzzlegui.core import games as games_mod
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


def test_a_puzzle_file_of_my_own_gets_a_picture_of_its_board(window, qtbot):
    """A file in the puzzles folder is listed under "My puzzles" and drawn like a
    built-in (its loader once called a files.load that does not exist, and the error was
    swallowed: never a picture)."""
    folder = settings_mod.puzzles_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "my-kurosu.json"
    path.write_text(files.dumps(files.load_builtin("kurosu-dm-2018-06-04")), encoding="utf-8")
    window.refresh_library()
    qtbot.waitUntil(lambda: not window.thumbs.busy(), timeout=60000)
    icon = library_item(window, str(path)).icon(0)
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
    key = games_mod.builtin_key("kurosu-dm-2018-06-04")
    qtbot.waitUntil(lambda: not window.thumbs.busy(), timeout=60000)
    window.games.flush(30)
    stored = settings_mod.data_dir() / "thumbs" / f"{key}.light.png"
    assert stored.is_file()
    after = library_item(window, "kurosu-dm-2018-06-04").icon(0).pixmap(SIZE, SIZE).toImage()
    assert before != after


def key(i: int) -> str:
    """A key as the game store makes them (24 hex digits): only such keys name a picture."""
    return f"{i:024x}"


def test_drawing_is_spread_over_the_event_loop(qtbot, tmp_path):
    """Asking for many pictures draws none at once: they come from the timer."""
    thumbs = Thumbnails(tmp_path)
    docs = [files.load_builtin(n) for n in ("mystery-box", "twiddle-3x3", "kurosu-dm-2018-06-05")]
    for i, doc in enumerate(docs):
        assert thumbs.icon(key(i), lambda d=doc: (d.kind, d.state)) is None
    assert not any(tmp_path.iterdir())  # nothing is drawn before start()
    with qtbot.waitSignals([thumbs.ready] * 3, timeout=30000):
        thumbs.start()
    qtbot.waitUntil(lambda: not thumbs.busy())
    assert not thumbs.busy()
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{key(i)}.light.png" for i in range(3)]
    # and a later library (a new run) reads them from disk without drawing
    again = Thumbnails(tmp_path)
    assert again.icon(key(0)) is not None and not again.busy()
    thumbs.close()
    again.close()


def pictures_and_a_board(qtbot, tmp_path):
    """Started pictures, a Kurosu built-in, and a board on screen showing it at rest."""
    from puzzlegui.kinds.kurosu.qt.widget import Board

    thumbs = Thumbnails(tmp_path)
    thumbs.start()
    doc = files.load_builtin("kurosu-dm-2018-06-05")
    board = Board(doc.kind)
    qtbot.addWidget(board)
    board.resize(400, 400)
    board.set_state(doc.state)
    return thumbs, doc, board


def test_the_board_on_screen_is_copied_not_drawn_again(qtbot, tmp_path):
    """A picture asked for with the window's board (showing that state) copies it: no
    second board draws the state anew (~100 ms for a 40x40 Kurosu); a board that no
    longer shows the state is not copied."""
    thumbs, doc, board = pictures_and_a_board(qtbot, tmp_path)
    with qtbot.waitSignal(thumbs.ready, timeout=30000):
        thumbs.later(key(1), doc.kind, doc.state, board)
    assert doc.kind.name not in thumbs._boards and (tmp_path / f"{key(1)}.light.png").is_file()
    other = files.load_builtin("kurosu-dm-2018-06-04")
    with qtbot.waitSignal(thumbs.ready, timeout=30000):
        thumbs.later(key(2), other.kind, other.state, board)
    assert doc.kind.name in thumbs._boards  # drawn on the pictures' own board
    thumbs.close()


def test_a_solved_board_glowing_is_copied_at_the_next_tick_without_its_glow(qtbot, tmp_path):
    """The solved flourish is drawn over a board at rest: a picture asked for then is
    copied at the next tick (not after the flourish, when the player may have moved on
    and the board must be drawn anew: ~100 ms on a 40x40 board), without the flourish."""
    thumbs, doc, board = pictures_and_a_board(qtbot, tmp_path)
    at_rest = thumbs.draw(doc.kind, doc.state, board).copy()
    board.celebrate()
    board._on_flourish(0.5)  # half way: drawn over the board
    assert board.is_animating() and not board.is_moving()
    with qtbot.waitSignal(thumbs.ready, timeout=30000):
        thumbs.later("glowing", doc.kind, doc.state, board)
        assert not thumbs._still_moving("glowing")  # copied at the next tick, not after the flourish
    assert not thumbs.busy() and doc.kind.name not in thumbs._boards  # copied, not drawn
    glowing = thumbs.icon("glowing").pixmap(SIZE, SIZE).toImage()
    assert glowing.convertToFormat(at_rest.format()) == at_rest.scaled(glowing.size())
    thumbs.close()


def test_drawing_waits_while_other_work_runs_on_the_pool(qtbot, tmp_path, monkeypatch):
    """A picture is not drawn while another call runs on the pool (their Python shares
    one GIL with the window): it comes once that call has answered, or after HOLD_S."""
    import threading

    from puzzlegui.gui import thumbnails as thumbs_mod
    from puzzlegui.gui.jobs.worker import Background, background_busy

    release = threading.Event()
    answered = []
    call = Background(release.wait, 30)  # other work on the pool, until released
    call.done.connect(answered.append)
    thumbs = Thumbnails(tmp_path)
    doc = files.load_builtin("mystery-box")
    thumbs.start()
    drawn = []
    thumbs.ready.connect(drawn.append)
    thumbs.later(key(0), doc.kind, doc.state)
    # the timer looks again and again while it waits, and draws nothing
    ticks = []
    thumbs._timer.timeout.connect(lambda: ticks.append(1))
    qtbot.waitUntil(lambda: len(ticks) >= 3, timeout=10000)
    assert drawn == [] and thumbs._timer.interval() == thumbs_mod.HOLD_TICK_MS
    with qtbot.waitSignal(thumbs.ready, timeout=10000):
        release.set()
    qtbot.waitUntil(lambda: answered == [True])
    assert drawn == [key(0)] and (tmp_path / f"{key(0)}.light.png").is_file()

    # a pool that stays busy holds a picture back HOLD_S at most
    monkeypatch.setattr(thumbs_mod, "HOLD_S", 0.0)
    release.clear()
    Background(release.wait, 30)
    with qtbot.waitSignal(thumbs.ready, timeout=10000):
        thumbs.later("k2", doc.kind, doc.state)
    release.set()
    qtbot.waitUntil(lambda: not background_busy())
    thumbs.close()


def test_a_picture_is_named_for_the_colours_it_was_drawn_in(tmp_path, monkeypatch):
    """High contrast, greyscale and the player's own colours each keep their own
    pictures: one drawn in one never stands for another."""
    from puzzlegui.qtkit import theme

    names = set()
    for scheme, custom in (("light", {}), ("high_contrast", {}), ("greyscale", {}),
                           ("light", {"light": {"PLAYER": "#123456"}})):
        monkeypatch.setattr(theme, "scheme", scheme)
        monkeypatch.setattr(theme, "custom", custom)
        names.add(Thumbnails._theme())
    assert len(names) == 4 and "light" in names
