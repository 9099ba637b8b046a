"""The library shows each puzzle's grade (the kind's one grader), worked out off the GUI
thread and remembered."""

from puzzlegui.core import files, registry


def test_each_line_shows_its_puzzles_grade(qtbot, window):
    library = window.library
    kurosu = registry.get("kurosu")
    expected = {}
    for name in ("kurosu-dm-2018-06-01", "kurosu-dm-2018-06-16"):
        doc = files.load_builtin(name)
        expected[name] = kurosu.level_name(doc.state)
    assert set(expected.values()) <= {"trivial", "easy", "normal", "tricky", "hard"}
    qtbot.waitUntil(lambda: all(bool(library.grade_shown(n)) for n in expected), timeout=20000)
    for name, grade in expected.items():
        assert library.grade_shown(name) == grade
        item = library.by_source[name]
        assert item.text(0).endswith(f"\u00b7 {grade}")
        assert f"difficulty: {grade}" in item.toolTip(0)
    assert library.grade_shown("tracks-mums-2008") == "search"  # two solutions: no deduction level finishes it
    qtbot.waitUntil(lambda: library._grading is None, timeout=20000)
    assert library.grade_shown("twiddle-3x3") == ""  # Rotation has no levels: no grade claimed


def test_grades_are_remembered_across_a_refresh(qtbot, window):
    library = window.library
    qtbot.waitUntil(lambda: bool(library.grade_shown("kurosu-dm-2018-06-04")), timeout=20000)
    grade = library.grade_shown("kurosu-dm-2018-06-04")
    library.refresh()
    assert library.grade_shown("kurosu-dm-2018-06-04") == grade  # at once, from memory


def test_a_grade_worked_out_for_the_library_is_known_to_statistics_at_once(qtbot, window):
    """One book of sizes and levels (core/grades.py): Statistics opened after the library
    graded a puzzle shows its level without grading it again."""
    from puzzlegui.core import grades
    from puzzlegui.gui import dialogs

    library = window.library
    name = "kurosu-dm-2018-06-16"
    qtbot.waitUntil(lambda: bool(library.grade_shown(name)), timeout=20000)
    key = next(k for k, item in library._by_key.items() if item is library.by_source[name])
    size, level = grades.BOOK.get(key)
    assert level == library.grade_shown(name) and size == "6x6"
    window.games.store.add_stats(key, "Kurosu, 16 June 2018", "kurosu", solved=1, time=61.0)
    dialog = dialogs.StatsDialog(window.games, window)
    qtbot.addWidget(dialog)
    assert dialog._grading is None  # nothing left to work out
    assert dialog.level_rows() == [("Kurosu", "6x6", level.capitalize(), "1:01", "1", "1")]
