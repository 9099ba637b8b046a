"""The setter's workbench: what the board being entered makes, live, in the Edit dialog.

On every edit the analysis (core/analysis.py) runs again on the pool and the one before
is cancelled (its ticket retired, its Control stopped, gui/jobs): only the newest answer
is ever shown, and
typing or clicking never waits for it.  The panel says how many solutions there are;
with none, the first contradiction (its cells marked); with two or more, the cells
where two solutions differ (shaded) and the given that would leave the fewest (added
with one click); with exactly one, the grade and the givens that are redundant
(marked).  "Make it lean" and "Make it unique" change the board for the setter; the
solutions found can be stepped through on the editor's board.

The editor is driven through the protocol every kind's Editor offers (gui/kinds.py):
``load(state)``, ``mark_cells(cells, style)`` and ``show_solution(state)``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from ..core import jobs as named
from ..qtkit import accessible
from .jobs import jobs_for

QUICK_SECONDS = 1.0  # the count and the grade at most (shown first)
ANALYSIS_SECONDS = 10.0  # the whole analysis at most; the next edit cancels it sooner
CHANGE_SECONDS = 20.0  # "make it lean" / "make it unique" at most
MARK_STYLES = ("differ", "contradiction", "redundant", "suggest")


def _analyse(kind, state, quick: bool, control):
    """On the pool; ``control`` is the job's core.jobs.Control (stopped by the next edit)."""
    from ..core import analysis

    if quick:
        return analysis.analyse(kind, state, time_limit=QUICK_SECONDS, should_stop=control.stopped, quick=True)
    return analysis.analyse(kind, state, time_limit=ANALYSIS_SECONDS, should_stop=control.stopped)


def _change(how: str, kind, state, control):
    from ..core import analysis

    change = analysis.make_lean if how == "lean" else analysis.make_unique
    return change(kind, state, time_limit=CHANGE_SECONDS, should_stop=control.stopped)


def _more_to_find(result) -> bool:
    """The quick answer left out the suggested or the redundant givens."""
    return bool({"suggestion", "redundant"} & set(result.partial or ()))


def describe(result, has_givens: bool = True) -> str:
    """The analysis in the command line's sentences (core.analysis.sentences), pointing
    at the editor's board for the cells."""
    from ..core import analysis

    return " ".join(analysis.sentences(result, has_givens, on_board=True))


class AnalysisPanel(QWidget):
    """Under the editor: the live analysis, its marks on the editor's board, and the
    setter's commands."""

    counted = Signal(object)  # the quick answer shown: count, contradiction or differing cells, grade
    analysed = Signal(object)  # the whole analysis shown (core.analysis.Analysis): for tests
    changedBoard = Signal(object)  # a command changed the board: the new state

    def __init__(self, parent=None):
        super().__init__(parent)
        self.kind = None
        self.editor = None
        self.state = None
        self.result = None
        self._ticket = None  # the ticket (core.jobs) of the analysis or change under way
        self._solution = -1  # the solution shown on the editor's board (-1: none)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.text = QLabel("")
        self.text.setTextFormat(Qt.PlainText)  # the kind's sentences: never HTML
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextSelectableByMouse)
        layout.addWidget(self.text)
        row = QHBoxLayout()
        self.add_button = QPushButton("Add the suggested given")
        self.add_button.setToolTip("Add the given that leaves the fewest solutions")
        self.add_button.clicked.connect(self.add_suggestion)
        self.lean_button = QPushButton("Make it lean")
        self.lean_button.setToolTip("Remove redundant givens until none is left; the answer stays unique")
        self.lean_button.clicked.connect(lambda: self._run_change("lean"))
        self.unique_button = QPushButton("Make it unique")
        self.unique_button.setToolTip("Add suggested givens until there is one solution")
        self.unique_button.clicked.connect(lambda: self._run_change("unique"))
        self.prev = QToolButton(text="\u2039")
        self.prev.setToolTip("The previous solution found, on the board")
        self.prev.clicked.connect(lambda: self.step_solution(-1))
        self.solution_label = QLabel("")
        self.next = QToolButton(text="\u203a")
        self.next.setToolTip("The next solution found, on the board")
        self.next.clicked.connect(lambda: self.step_solution(1))
        for w in (self.add_button, self.lean_button, self.unique_button):
            row.addWidget(w)
        row.addStretch(1)
        for w in (self.prev, self.solution_label, self.next):
            row.addWidget(w)
        layout.addLayout(row)
        self._show_commands()

    # ---------------------------------------------------------------- analysing
    def set_editor(self, kind, editor) -> None:
        self.cancel()
        self.kind = kind
        self.editor = editor
        self.result = None
        self._clear_marks()

    def request(self, state) -> None:
        """Analyse ``state`` (the board as entered now), cancelling the analysis before."""
        self.cancel()
        self.state = state
        self.result = None
        self._solution = -1
        self._show_commands()
        if state is None or self.kind is None:
            self.text.setText("")
            self._clear_marks()
            return
        self.text.setText("Analysing\u2026")
        # first the count and the grade (within a keystroke), then the rest: the setter
        # reads the first while the suggestions and redundant givens are worked out
        self._submit(named.ANALYSE, self._counted, _analyse, self.kind, state, True)

    def _submit(self, job, then, *work) -> None:
        """``work`` on the pool under the panel's ticket (a new one unless a stage of the
        analysis under way); ``then(answer)`` only while it is the newest (bound methods:
        a dialog closed meanwhile has deleted the panel, and Qt drops the call)."""
        jobs = jobs_for(self)
        if self._ticket is None:
            self._ticket = jobs.ticket("workbench")
        call = jobs.submit(self._ticket, job, *work)
        call.done.connect(then)
        call.failed.connect(self._failed)

    def cancel(self) -> None:
        """The analysis under way is no longer wanted: it stops at its next check, and its
        answer, if it comes, is dropped."""
        if self._ticket is not None:
            jobs_for(self).cancel(self._ticket)
            self._ticket = None

    def _counted(self, result) -> None:
        """The quick answer, shown; then the whole analysis, one after the other on the
        pool (side by side they would share the GIL and the quick one would come later)."""
        if result.partial and set(result.partial) - {"suggestion", "redundant"} or not _more_to_find(result):
            self._answered(result)  # cut short already, or nothing more to look for
            return
        self.text.setText(self._describe(result) + " Looking further\u2026")
        self._mark(result)
        self.counted.emit(result)
        self._submit(named.ANALYSE, self._answered, _analyse, self.kind, self.state, False)

    def _answered(self, result) -> None:
        self._ticket = None  # (an older board's answer never comes: the door drops it)
        self.result = result
        self.text.setText(self._describe(result))
        accessible.announce(self.text, self.text.text())  # the verdict on the edit, heard
        self._mark(result)
        self._show_commands()
        self.analysed.emit(result)

    def _failed(self, message: str) -> None:
        self._ticket = None
        self.text.setText(f"The analysis failed: {message}")
        accessible.announce(self.text, self.text.text())

    def _describe(self, result) -> str:
        return describe(result, self.state is not None and bool(self.kind.givens(self.state)))

    # ---------------------------------------------------------------- marks
    def _marks(self, cells, style) -> None:
        if self.editor is not None and hasattr(self.editor, "mark_cells"):
            self.editor.mark_cells(tuple(cells), style)

    def _clear_marks(self) -> None:
        for style in MARK_STYLES:
            self._marks((), style)
        if self.editor is not None and hasattr(self.editor, "show_solution"):
            self.editor.show_solution(None)

    def _mark(self, result) -> None:
        self._clear_marks()
        self._marks(result.contradiction_cells, "contradiction")
        self._marks(result.differing, "differ")
        self._marks([c for g in result.redundant for c in g.cells], "redundant")
        if result.suggestion is not None:
            self._marks(result.suggestion.cells, "suggest")

    # ---------------------------------------------------------------- commands
    def _show_commands(self) -> None:
        r = self.result
        self.add_button.setVisible(r is not None and r.suggestion is not None)
        if r is not None and r.suggestion is not None:
            self.add_button.setText(f"Add {r.suggestion.text}")
        self.lean_button.setVisible(r is not None and r.count == 1 and r.complete and bool(r.redundant))
        self.unique_button.setVisible(r is not None and r.count >= 2 and r.suggestion is not None)
        count = len(r.solutions) if r is not None and r.solutions else 0
        for w in (self.prev, self.next, self.solution_label):
            w.setVisible(count > 0)
        self.prev.setEnabled(self._solution > -1)
        self.next.setEnabled(self._solution < count - 1)
        self.solution_label.setText(
            "" if count == 0 else ("Solutions found: step through" if self._solution < 0
                                   else f"Solution {self._solution + 1:,} of {count:,}"))

    def step_solution(self, step: int) -> None:
        """Show the next (or previous) solution found on the editor's board; before the
        first, the board as entered."""
        r = self.result
        if r is None or not r.solutions:
            return
        self._solution = max(-1, min(len(r.solutions) - 1, self._solution + step))
        if self.editor is not None and hasattr(self.editor, "show_solution"):
            self.editor.show_solution(None if self._solution < 0 else r.solutions[self._solution])
        self._show_commands()

    def add_suggestion(self) -> None:
        r = self.result
        if r is None or r.suggestion is None or self.state is None:
            return
        self.changedBoard.emit(self.kind.with_given(self.state, r.suggestion))

    def _run_change(self, how: str) -> None:
        if self.state is None:
            return
        self.cancel()
        self.text.setText("Making it lean\u2026" if how == "lean" else "Making it unique\u2026")
        self._submit(named.CHANGE, self._changed, _change, how, self.kind, self.state)

    def _changed(self, state) -> None:
        self._ticket = None
        self.changedBoard.emit(state)
