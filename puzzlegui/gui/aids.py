"""The player's aids in the window: Hint, Check, the sure steps, "Correct so far?" and
"Undo to before my first mistake".

Each but Check searches (core.aids, and a kind's hint, bounded by their own time
limits) off the GUI thread; its answer carries the game object's ticket (the game and
the position it was asked for) and is dropped if the player has moved on meanwhile.  The
window makes one Aids and wires it; Aids sees the window only through what AidsHost
lists, so it imports nothing of the window's.  core.aids is imported when an aid is
first used: the first window does not wait for it.
"""

from __future__ import annotations

import functools

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Signal

from ..core import jobs
from ..core.game import REASON
from ..core.kind import PuzzleError

LOOK_HERE = "Look here: a sure move is in the marked cells"
PROBLEMS_LISTED = "listed over the foot of the board"  # the status line's words; it goes when the list closes

if TYPE_CHECKING:
    from ..core.game import Finish, Game


class AidsHost(Protocol):
    """What the aids use of the window that shows the game."""

    game: Game | None  # the game on show (core.game.Game)
    board: Any  # the kind's Board on show (gui/kinds.py)
    jobs: Any  # the window's door for work off the GUI thread (gui/jobs)

    def ready_for_play(self) -> bool:
        """True if there is a game to play on (a replay on show is left first)."""

    def show_game(self, move=None, animate: bool = False, finish: Finish | None = None) -> None:
        """Show the game's state, animating ``move``; ``finish`` if the entry finished it."""

    def show_problems(self, lines: list[str], heading: str = "") -> None:
        """List what Check or "Correct so far?" found over the foot of the board (none: hide it)."""


class Aids(QObject):
    """Runs the aids for the game on show, one at a time, and shows their answers."""

    finished = Signal(str)  # an aid's answer arrived (its name), wanted or not
    status = Signal(str, int)  # a status line, and how long it shows (ms; 0: until replaced)
    error = Signal(str)  # a sentence the player must read

    def __init__(self, host: AidsHost, parent=None):
        super().__init__(parent)
        self._host = host
        self._busy = False  # an aid is working
        self.stages = True  # hints in stages: look here, the reason, the move (the window sets it)

    def hint(self) -> None:
        """The next sure move, found on the pool (a Tracks hint may take seconds).

        In stages (the player's choice, on by default): the first Hint shows where to
        look (the cells), the next one at the same position the reason, the third plays
        the move; at once: the move and its reason together.  The game object holds the
        staged hint and its rules (core/game.py: it belongs to the position it was found
        at); this shows what the game says."""
        host = self._host
        if not host.ready_for_play():
            return
        game = host.game
        kind, state = game.doc.kind, game.history.state
        if kind.is_solved(state):
            self.status.emit("The puzzle is already solved.", 5000)
            return
        if game.hint_stage is not None:
            self._next_stage(game)
            return

        def done(h):
            if h is None:
                self.status.emit("No sure move found from here; try Check or Solve.", 6000)
                return
            if self.stages and host.game.can_stage(h):
                host.game.stage_hint(h)
                host.board.set_highlight(h.cells, LOOK_HERE)
                self.status.emit(f"Hint: {LOOK_HERE.lower()}. Hint again for the reason, and again for the move.",
                                 15000)
                return
            self._play_hint(h)

        from ..core.aids import TIME_LIMIT

        # bounded like every aid's search: no hint rather than no end
        self._run("hint", functools.partial(kind.hint, time_limit=TIME_LIMIT), (state,), done,
                  "Looking for a hint\u2026")

    def _next_stage(self, game) -> None:
        """The game's next stage of its staged hint, shown."""
        host = self._host
        try:
            staged = game.next_hint_stage()
        except PuzzleError as exc:
            self.status.emit(str(exc), 6000)
        else:
            h = staged.hint
            host.board.set_highlight(h.cells, h.text)
            if staged.stage == REASON:
                self.status.emit(f"Hint, the reason: {h.text} (Hint again plays the move.)", 15000)
            else:
                self._show_played(h, staged.finish)
        self.finished.emit("hint")

    def _play_hint(self, h) -> None:
        """A hint at once: its move played (if it has one) and its reason said."""
        finish = None
        if h.move is not None:
            try:
                finish = self._host.game.take_hint(h.move)
            except PuzzleError as exc:
                self.status.emit(str(exc), 6000)
                return
        self._show_played(h, finish)

    def _show_played(self, h, finish) -> None:
        host = self._host
        if h.move is not None:
            host.board.set_violations([])
            host.show_game(move=h.move, animate=True, finish=finish)
        host.board.set_highlight(h.cells, h.text)
        if finish is None:  # a finish says so instead
            self.status.emit(f"Hint: {h.text}", 15000)

    def check(self) -> None:
        """Mark every broken rule on the board and list them all under it."""
        host = self._host
        if not host.ready_for_play():
            return
        kind, state = host.game.doc.kind, host.game.history.state
        violations = kind.check(state)
        host.board.set_violations(violations)
        if not violations:
            host.show_problems([])
            if kind.is_solved(state):
                self.status.emit("Solved, and every rule holds.", 6000)
            else:
                self.status.emit("No broken rules so far.", 6000)
        else:
            n = len(violations)
            host.show_problems([v.reason for v in violations], f"{n:,} broken rule{'s' if n != 1 else ''}")
            self.status.emit(f"{n:,} problem{'s' if n != 1 else ''}: {PROBLEMS_LISTED}.", 10000)

    def sure_steps(self) -> None:
        from ..core import aids

        host = self._host
        kind, state = host.game.doc.kind, host.game.history.state

        def done(value):
            moves, counts = value
            if moves:
                finish = host.game.sure_steps(moves)
                host.board.set_highlight()
                host.show_game(finish=finish)
            self.status.emit(aids.sure_steps_text(counts) + (" One Undo takes them back." if moves else ""), 12000)

        self._run("sure", aids.sure_steps, (kind, state), done, "Making the sure moves\u2026")

    def correct_so_far(self) -> None:
        host = self._host
        kind, state = host.game.doc.kind, host.game.history.state

        def done(found):
            if not found:
                text = found.reason or "No mistakes so far: every entry is in a solution."
                host.show_problems([])
                host.board.set_highlight()
                self.status.emit(text, 10000)
                return
            cells = tuple(c for m in found for c in m.cells)
            n = len(found)
            heading = f"{n:,} entr{'ies' if n != 1 else 'y'} in no solution"
            host.board.set_highlight(cells, heading)
            host.show_problems([m.text for m in found], heading)
            self.status.emit(f"{heading}: marked on the board and {PROBLEMS_LISTED}.", 12000)

        from ..core import aids
        self._run("correct", aids.mistakes, (kind, state), done, "Comparing your entries with the solutions\u2026")

    def undo_to_first_mistake(self) -> None:
        host = self._host
        kind, snapshot = host.game.doc.kind, host.game.history.copy()

        def done(rewind):
            if rewind.back > 0:
                host.game.rewind(rewind.index)  # one step: one Undo returns
                host.board.set_highlight()
                host.show_game()
                self.status.emit(
                    f"{rewind.text} Took back {rewind.back:,} step{'s' if rewind.back != 1 else ''}; Undo brings them back.",
                    12000,
                )
            else:
                self.status.emit(rewind.text, 10000)

        from ..core import aids
        self._run("rewind", aids.first_mistake, (kind, snapshot), done, "Looking for your first mistake\u2026")

    # ---------------------------------------------------------------- one at a time, on the pool
    def _run(self, name: str, fn, args, on_done, working: str) -> None:
        if not self._host.ready_for_play():
            return
        if self._busy:
            self.status.emit("Still working on the last request\u2026", 4000)
            return
        # the game's ticket: the door (gui/jobs) hands the answer over only while the game
        # is still at the position it was asked at
        call = self._host.jobs.submit(self._host.game.ticket("aid"), jobs.AID, fn, *args)
        call.done.connect(on_done)
        call.failed.connect(self.error)
        call.ended.connect(lambda: self._ended(name))
        self._busy = True
        self.status.emit(working, 0)

    def _ended(self, name: str) -> None:
        self._busy = False
        self.finished.emit(name)
