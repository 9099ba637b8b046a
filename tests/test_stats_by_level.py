"""Statistics by kind, size and level (issue 33): the level is the kind's one grader's
(level_name, as the library line shows it), worked out off the GUI thread from the
puzzles in the game store; best time and solves are the store's records."""

import pytest

from puzzlegui.core import grades, registry
from puzzlegui.core.files import PuzzleDoc
from puzzlegui.core.games import Games, by_size_and_level
from puzzlegui.core.store import Stats


def _open(games, kind_name, params, seed, title):
    kind = registry.get(kind_name)
    state = kind.generate(params, seed)
    game = games.open(PuzzleDoc(kind, state, meta={"title": title}))
    return kind, state, game


@pytest.fixture
def played(tmp_path):
    """A game store with finishes of Tracks 8x8 Easy (two puzzles), Tracks 8x8 Tricky
    (one, solved with help) and Kurosu 8x8 Normal, recorded through the store's API as
    a finish records them (Game._finish -> Games.add_stats)."""
    games = Games(tmp_path / "data")
    tracks = {"width": 8, "height": 8, "split": False}
    made = {}
    for title, kind_name, params, seed, counts in (
        ("easy one", "tracks", {**tracks, "difficulty": "easy"}, 1, [{"solved": 1, "time": 83.0}, {"solved": 1, "time": 97.0}]),
        ("easy two", "tracks", {**tracks, "difficulty": "easy"}, 2, [{"solved": 1, "time": 140.0}]),
        ("tricky", "tracks", {**tracks, "difficulty": "tricky"}, 3, [{"solved": 1, "helped": 1, "hints": 2}]),
        ("kurosu", "kurosu", {"width": 8, "height": 8, "unique": False, "difficulty": "normal"}, 4, [{"solved": 1, "time": 61.0}]),
    ):
        kind, state, game = _open(games, kind_name, params, seed, title)
        games.save(game)
        for c in counts:
            games.add_stats(game, **c)
        made[title] = (kind, state, game)
    return games, made


def test_the_levels_come_from_the_one_grader(played):
    games, made = played
    for title, (kind, state, game) in made.items():
        size, level = games.puzzle_facts(game.key)
        assert size == "8x8"
        assert level == kind.level_name(state) == {"kurosu": "normal", "tricky": "tricky"}.get(title, "easy")
    assert games.puzzle_facts("no-such-key") is None


def test_grouping_takes_the_best_time_and_adds_the_solves():
    rows = [Stats("a", "A", "tracks", solved=2, best=83.0), Stats("b", "B", "tracks", solved=1, best=140.0),
            Stats("c", "C", "tracks", solved=1, helped=1), Stats("d", "D", "tracks", solved=1, best=50.0),
            Stats("e", "E", "tracks", solved=1, best=10.0)]
    facts = {"a": ("8x8", "easy"), "b": ("8x8", "easy"), "c": ("8x8", "tricky"), "d": ("10x10", "easy")}
    groups = by_size_and_level(rows, facts)
    assert [(g.size, g.level, g.solved, g.best, g.puzzles) for g in groups] == [
        ("8x8", "easy", 3, 83.0, 2), ("8x8", "tricky", 1, None, 1), ("10x10", "easy", 1, 50.0, 1),
        ("", "", 1, 10.0, 1),  # no longer on record: last
    ]


def test_the_dialog_shows_best_times_by_kind_size_and_level(qtbot, played, tmp_path):
    from puzzlegui.gui import dialogs

    games, _made = played
    grades.BOOK.clear()
    dialog = dialogs.StatsDialog(games)
    qtbot.addWidget(dialog)
    if dialog._grading is not None:
        with qtbot.waitSignal(dialog.levels_shown, timeout=60000):
            pass
    assert dialog.level_rows() == [
        ("Kurosu", "8x8", "Normal", "1:01", "1", "1"),
        ("Tracks", "8x8", "Easy", "1:23", "3", "2"),
        ("Tracks", "8x8", "Tricky", "\u2013", "1", "1"),
    ]
    assert not dialog.levels_note.isVisible() or dialog.levels_note.text() == ""
    assert dialog.table.rowCount() == 4  # every puzzle, as before
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.grab().save(str(tmp_path / "stats.png"))
    assert (tmp_path / "stats.png").stat().st_size > 0
    # opened again, the sizes and levels are known at once (remembered, not graded again)
    again = dialogs.StatsDialog(games)
    qtbot.addWidget(again)
    assert again._grading is None and again.level_rows() == dialog.level_rows()
    # Reset clears both tables
    again.reset()
    assert again.level_rows() == [] and again.table.rowCount() == 0 and games.stats() == []


def test_a_record_whose_puzzle_is_gone_is_said_so(qtbot, tmp_path):
    from puzzlegui.gui import dialogs

    games = Games(tmp_path / "data")
    games.store.add_stats("gone", "Gone", "tracks", solved=1, time=30.0)
    grades.BOOK.clear()
    dialog = dialogs.StatsDialog(games)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.levels_shown, timeout=60000):
        pass
    assert dialog.level_rows() == [("Tracks", "\u2013", "\u2013", "0:30", "1", "1")]
    assert "no longer on record" in dialog.levels_note.text()
