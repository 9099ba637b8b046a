"""The game object: one puzzle and the player's game on it (Tatham's midend, without the
drawing).  Every change of the game in progress goes through here, so nothing the player
does is miscounted, lost or trapped:

* every kind of history entry is made here, each with its effect on the statistics
  stated beside it (``ENTRIES``);
* "newly solved" is decided here, as midend_finish_move does: only a forward entry into
  a solved state finishes the game; Undo and Redo never do, and an attempt is counted at
  most once;
* the clock is here: it counts while the game is active (the window in front, not
  minimised, not paused) and unsolved, and Restart starts it over;
* a hint in stages (look here, the reason, the move) is held here with the position it
  was given for, and any change of the game drops it;
* every background answer carries a ticket (game, revision, serial) from here, and an
  answer whose ticket is stale is dropped;
* after every change the game stores itself (core/games.py keeps it in the game
  store), so when a move is saved is decided in one place.

Pure: the standard library and core only; tested without Qt (tests/core/).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from . import files
from .history import RESTART, Batch, Goto, History
from .jobs import Ticket, Tickets
from .store import GENERATED, IN_PROGRESS, NEW, SOLVED, source_of

#: the longest stretch one tick of the clock counts (a suspended laptop is not play)
MAX_TICK_S = 60.0
#: the clock is stored with every change of the game, and between changes at least this
#: often while it runs (a kill loses at most this much time on the clock)
CLOCK_STORED_EVERY_S = 5.0
#: marks one game may hold (nested trials): bounded, as everything a file can ask for
MAX_MARKS = 100


@dataclass(frozen=True)
class EntryType:
    """A kind of history entry and what it does to the statistics."""

    name: str
    help: str  # "" (none), "hint" (the attempt is helped), "solver" (the solver's answer)
    finishes: bool  # may finish the game (a forward entry into a solved state)
    effect: str  # in words, for the help page and the reader


ENTRIES = {
    "move": EntryType("move", "", True,
                      "The player's own move (a whole drag is one). A finish it makes counts as solved, "
                      "unaided unless help was taken earlier in the attempt; unaided, its time may be the best time."),
    "hint": EntryType("hint", "hint", True,
                      "A hint's move. Counts one hint; the attempt is helped from now on (a finish is 'with help' "
                      "and sets no best time)."),
    "sure steps": EntryType("sure steps", "hint", True,
                            "Every sure move at once, as one entry. Counts one hint; the attempt is helped."),
    "solution": EntryType("solution", "solver", True,
                          "The solver's answer applied, as one entry. The attempt is helped; a finish it makes "
                          "counts as 'solver used'."),
    "rewind": EntryType("rewind", "", False,
                        "Back to before the first mistake, as one entry. Goes back, so it never finishes the game; "
                        "no effect on the statistics."),
    "restart": EntryType("restart", "", False,
                         "The puzzle as given, as one entry (Undo brings the moves back). A new attempt: the clock "
                         "starts over. Undoing it returns to the attempt it ended, with all its time and help."),
    "back to mark": EntryType("back to mark", "", False,
                              "Back to the marked position, leaving the trial, as one entry (Undo brings the trial "
                              "back, with its mark). Goes back, so it never finishes the game; no effect on the "
                              "statistics. Marking a position and keeping a trial are not entries: they change "
                              "nothing on the board."),
    "undo": EntryType("undo", "", False, "Not an entry: moves back along the history. Never finishes the game."),
    "redo": EntryType("redo", "", False,
                      "Not an entry: replays the next entry. Never finishes the game, so a finish is never counted "
                      "twice."),
}


@dataclass
class Attempt:
    """One attempt at the puzzle: from the start or from a Restart."""

    elapsed: float = 0.0  # seconds of play
    hints: int = 0  # hints and sure steps taken
    solver: bool = False  # the solver's answer was applied
    counted: bool = False  # its finish has been counted

    @property
    def helped(self) -> bool:
        return self.hints > 0 or self.solver

    def merged(self, later: "Attempt") -> "Attempt":
        """This attempt resumed after ``later`` was undone back into it: nothing of
        either is lost (time adds up, help stays, a count stays counted)."""
        return Attempt(self.elapsed + later.elapsed, self.hints + later.hints, self.solver or later.solver,
                       self.counted or later.counted)

    def to_json(self) -> list:
        return [round(self.elapsed, 3), self.hints, self.solver, self.counted]

    @classmethod
    def from_json(cls, raw) -> "Attempt":
        e, h, s, c = raw
        if not (isinstance(e, int | float) and 0 <= e < 1e9 and isinstance(h, int) and 0 <= h < 10**9):
            raise ValueError(raw)
        return cls(float(e), h, s is True, c is True)


@dataclass(frozen=True)
class Finish:
    """What finishing the game counted: ``how`` is "unaided", "with help" or "solver used"."""

    how: str
    elapsed: float
    best: float | None  # the best unaided time now on record
    new_best: bool  # this finish set it


#: the stages of a hint in stages, in order: where to look (its cells), the reason (its
#: text), the move (played)
LOOK, REASON, MOVE = 1, 2, 3


@dataclass(frozen=True)
class StagedHint:
    """A hint given in stages: the kind's hint (its move, cells and text), the stage the
    player has been shown, and the game's revision it belongs to (the position it was
    found at; any change of the game moves the revision on, and the hint is dropped)."""

    hint: object
    stage: int
    revision: int
    finish: Finish | None = None  # the MOVE stage's finish, if its move finished the game


@dataclass
class Game:
    """One puzzle and the player's game on it."""

    key: str
    doc: files.PuzzleDoc
    history: History
    origin: str = GENERATED
    updated: float = 0.0
    file_mtime: float | None = None  # the file's mtime when the game last matched it
    attempt: Attempt = field(default_factory=Attempt)
    #: the attempts a Restart ended: (the Restart's entry index, the attempt it ended)
    before: list = field(default_factory=list)
    #: the marked positions (history entry indexes), the innermost last: the entries made
    #: after the innermost one are the trial (trial mode, nested marks)
    marks: list = field(default_factory=list)
    #: the marks "back to the mark" took away: (the entry index of its Goto, the mark), so
    #: that undoing it brings the trial back with its mark, and redoing it takes it again
    unmarked: list = field(default_factory=list)
    #: the store's revision of this game as this copy of the app last read or wrote it
    #: (None: not in the store yet)
    rev: int | None = None
    #: why this game can no longer be saved over the store's (another copy changed it)
    conflict: str = ""
    # the clock: counting while active (set_active) and unsolved; ``tick`` adds the time
    active: bool = False
    paused: bool = False
    _last_tick: float | None = field(default=None, repr=False, compare=False)
    _clock_stored: float = field(default=0.0, repr=False, compare=False)  # elapsed when last stored
    # the background answers: the position's revision, and the newest ticket of each kind
    revision: int = 0
    _tickets: Tickets = field(default_factory=Tickets, repr=False, compare=False)
    #: set by core.games: stores the game, and adds to its statistics
    shelf: object = field(default=None, repr=False, compare=False)
    # what the last file_data() and status answers were made from (they are asked for
    # on every save; a 30x30 board costs milliseconds to encode or check)
    _file_cache: tuple | None = field(default=None, repr=False, compare=False)
    _status_cache: tuple | None = field(default=None, repr=False, compare=False)
    _saved: tuple | None = field(default=None, repr=False, compare=False)  # mark() when last stored
    _stored_file: dict | None = field(default=None, repr=False, compare=False)  # file_data() last stored
    _staged: StagedHint | None = field(default=None, repr=False, compare=False)  # hint_stage's

    # ------------------------------------------------------------------ what it is
    @property
    def title(self) -> str:
        return self.doc.title

    @property
    def kind(self):
        return self.doc.kind

    @property
    def state(self):
        return self.history.state

    @property
    def source(self) -> str:
        """What opens this puzzle again: a built-in's name, a file path, or the game."""
        return source_of(self.key, self.doc.name, self.doc.path)

    @property
    def status(self) -> str:
        state = self.history.state
        cached = self._status_cache
        if cached is None or cached[0] is not state:
            cached = self._status_cache = (state, self.doc.kind.is_solved(state))
        if cached[1]:
            return SOLVED
        return IN_PROGRESS if len(self.history) else NEW

    # the attempt, as the window and the store read it
    @property
    def elapsed(self) -> float:
        return self.attempt.elapsed

    @elapsed.setter
    def elapsed(self, value: float) -> None:
        self.attempt.elapsed = value

    @property
    def hints(self) -> int:
        return self.attempt.hints

    @property
    def solver_used(self) -> bool:
        return self.attempt.solver

    @property
    def helped(self) -> bool:
        return self.attempt.helped

    def file_data(self) -> dict:
        """The puzzle's file fields (files.file_data), made once per puzzle and title."""
        doc = self.doc
        cached = self._file_cache
        if cached is None or cached[0] is not doc.state or cached[1] != doc.meta or cached[2] is not doc.kind:
            cached = self._file_cache = (doc.state, dict(doc.meta), doc.kind, files.file_data(doc))
        return cached[3]

    def mark(self) -> tuple:
        """What the store holds of this game that play can change."""
        h = self.history
        return (h.state, h.position, len(h), self.attempt.to_json(), len(self.before), self.doc.path, self.key,
                tuple(self.marks), tuple(self.unmarked))

    @property
    def on_record(self) -> bool:
        """True if the store holds this game as it is now."""
        return self._saved == self.mark() and self._stored_file is self.file_data()

    def attempts_json(self) -> str:
        """The attempts a Restart ended, and this one's count, for the store."""
        return json.dumps({"counted": self.attempt.counted, "before": [[i, a.to_json()] for i, a in self.before],
                           "marks": self.marks, "unmarked": [list(u) for u in self.unmarked]})

    def load_attempts(self, text) -> None:
        """``attempts_json``'s form back (anything malformed: no earlier attempts)."""
        try:
            data = json.loads(text) if isinstance(text, str) and len(text) < 1_000_000 else {}
            before = [(i, Attempt.from_json(a)) for i, a in data.get("before", [])]
            if all(isinstance(i, int) and 0 < i <= len(self.history) for i, _ in before):
                self.before = sorted(before)
            self.attempt.counted = data.get("counted") is True
            self._load_marks(data)
        except (ValueError, TypeError, AttributeError, RecursionError):
            self.before = []
        self._follow_position()

    def _load_marks(self, data: dict) -> None:
        """The marks from ``attempts_json``'s form: positions of this history, in order
        (anything else: no marks)."""
        size = len(self.history)

        def index(v) -> bool:
            return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= size

        marks = data.get("marks", [])
        unmarked = data.get("unmarked", [])
        if (isinstance(marks, list) and len(marks) <= MAX_MARKS and all(index(m) for m in marks)
                and marks == sorted(marks) and isinstance(unmarked, list) and len(unmarked) <= MAX_MARKS
                and all(isinstance(u, list) and len(u) == 2 and index(u[0]) and index(u[1]) for u in unmarked)):
            self.marks = list(marks)
            self.unmarked = [tuple(u) for u in unmarked]

    # ------------------------------------------------------------------ entries
    def play(self, move) -> Finish | None:
        """The player's own move (a kind move, or a Batch for a whole drag)."""
        return self._push(move, ENTRIES["move"])

    def take_hint(self, move, looked: bool = False) -> Finish | None:
        """A hint's move played; ``looked``: the player saw its cells first (hints in
        stages), which counted the help already."""
        if not looked:
            self.attempt.hints += 1
        self._count(hints=1)
        return self._push(move, ENTRIES["hint"])

    # ------------------------------------------------------------------ hints in stages
    # "Look here" (the cells), then the reason, then the move.  Looking is help (the
    # attempt is helped from then on, once per hint); Statistics counts which stage the
    # player needed.  Neither of the first two changes the board, so neither is an entry.
    # A staged hint belongs to the position it was found at: any change of the game (a
    # move, Undo, Redo, a Restart) drops it, and the next Hint looks afresh.
    @property
    def hint_stage(self) -> StagedHint | None:
        """The hint in stages shown at this position (None: none, or the game changed since)."""
        staged = self._staged
        if staged is not None and staged.revision != self.revision:
            staged = self._staged = None
        return staged

    @staticmethod
    def can_stage(hint) -> bool:
        """A hint with a move and cells to point at comes in stages (one without is said at once)."""
        return getattr(hint, "move", None) is not None and bool(getattr(hint, "cells", ()))

    def stage_hint(self, hint) -> StagedHint:
        """A hint found for this position, given in stages: its first stage, LOOK (the
        help is counted).  ValueError for a hint ``can_stage`` refuses."""
        if not self.can_stage(hint):
            raise ValueError("a hint without a move or cells is not given in stages")
        self.attempt.hints += 1
        self._count(looks=1)
        self._changed()  # the help is stored; the hint belongs to the revision after it
        self._staged = StagedHint(hint, LOOK, self.revision)
        return self._staged

    def next_hint_stage(self) -> StagedHint | None:
        """The next Hint at the position a staged hint was given for: LOOK -> REASON
        (counted), REASON -> MOVE (the move played, as a hint the player looked at first;
        the staging ends).  None if no hint is staged here.  PuzzleError from the move
        (and the staging ends) if the board no longer takes it."""
        staged = self.hint_stage
        if staged is None:
            return None
        if staged.stage == LOOK:
            self._count(reasons=1)
            self._staged = StagedHint(staged.hint, REASON, self.revision)
            return self._staged
        self._staged = None
        finish = self.take_hint(staged.hint.move, looked=True)
        return StagedHint(staged.hint, MOVE, self.revision, finish)

    def sure_steps(self, moves) -> Finish | None:
        self.attempt.hints += 1
        self._count(hints=1)
        return self._push(Batch(tuple(moves), "sure steps"), ENTRIES["sure steps"])

    def apply_solution(self, moves) -> Finish | None:
        self.attempt.solver = True
        return self._push(Batch(tuple(moves), "solution"), ENTRIES["solution"])

    def rewind(self, index: int) -> None:
        """Back to the position after entry ``index`` (before the first mistake)."""
        self._push(Goto(index), ENTRIES["rewind"])

    def restart(self) -> None:
        """The puzzle as given, as one entry; a new attempt (nothing if it is as given)."""
        if self.history.state == self.history.initial and self.history.position == 0:
            return
        self._push(RESTART, ENTRIES["restart"])

    def undo(self) -> bool:
        if not self.history.can_undo:
            return False
        self.history.undo()
        self._changed()
        return True

    def redo(self) -> bool:
        if not self.history.can_redo:
            return False
        move = self.history.next_move()
        self.history.redo()
        if move == RESTART:
            self._new_attempt()
        elif isinstance(move, Goto) and move.index in self.marks:
            self.marks.remove(move.index)  # "back to the mark" again: its mark goes again
            self.unmarked.append((self.history.position, move.index))
        self._changed()
        return True

    # ------------------------------------------------------------------ marks and trials
    # Mark the position, try a guess, then go back to the mark or keep the trial; marks
    # nest.  A mark is an entry index of the history, so Undo and Redo move through a
    # trial as through any entries, and the mark is saved with the game.
    @property
    def trial_start(self) -> int | None:
        """The innermost mark the game is past or at (its entries after it are the trial)."""
        position = self.history.position
        return max((m for m in self.marks if m <= position), default=None)

    def mark_position(self) -> bool:
        """Mark the position: what follows is a trial.  False if it is marked already,
        or the game holds as many marks as it may."""
        position = self.history.position
        if (self.marks and self.marks[-1] == position) or len(self.marks) >= MAX_MARKS:
            return False
        self.marks = [m for m in self.marks if m <= position]  # marks past here were undone
        self.marks.append(position)
        self._changed()
        return True

    def back_to_mark(self) -> bool:
        """Leave the trial: back to the innermost mark as one entry, and the mark goes.
        False if there is no mark to go back to."""
        mark = self.trial_start
        if mark is None:
            return False
        if mark == self.history.position:
            self.marks.remove(mark)  # nothing was tried: only the mark goes
            self._changed()
            return True
        def taken() -> None:
            self.marks.remove(mark)
            self.unmarked.append((self.history.position, mark))

        self._push(Goto(mark), ENTRIES["back to mark"], then=taken)
        return True

    def keep_trial(self) -> bool:
        """Keep what the trial did: the innermost mark goes, its entries stay."""
        mark = self.trial_start
        if mark is None:
            return False
        self.marks.remove(mark)
        self._changed()
        return True

    def trial_cells(self) -> tuple:
        """The cells whose entries the trial made or changed (drawn in the trial's own look)."""
        mark = self.trial_start
        if mark is None or mark == self.history.position:
            return ()
        return self.doc.kind.changed_cells(self.history.state_at(mark), self.history.state)

    def _push(self, move, entry: EntryType, then=None) -> Finish | None:
        """Push ``move`` (PuzzleError, and nothing changes, if it is illegal); ``then``
        runs once it is pushed, before the game is stored."""
        was_solved = self.status == SOLVED
        position = self.history.position
        self.history.push(move)  # drops the redo tail: and the attempts Restarts there ended
        # marks, and marks taken back, in the redo tail that went
        self.marks = [m for m in self.marks if m <= position]
        self.unmarked = [u for u in self.unmarked if u[0] <= position]
        if move == RESTART:
            self._new_attempt()
        if then is not None:
            then()
        finish = None
        if entry.finishes and not was_solved and self.status == SOLVED and not self.attempt.counted:
            finish = self._finish(entry)
        self._changed()
        return finish

    def _new_attempt(self) -> None:
        self.before.append((self.history.position, self.attempt))
        self.attempt = Attempt()

    def _follow_position(self) -> None:
        """Undo (or a new entry after Undo) went back past Restarts: their attempts resume;
        back past a "back to the mark": its trial and mark come back."""
        position = self.history.position
        while self.before and self.before[-1][0] > position:
            _, ended = self.before.pop()
            self.attempt = ended.merged(self.attempt)
        while self.unmarked and self.unmarked[-1][0] > position:
            _, mark = self.unmarked.pop()
            self.marks.append(mark)
            self.marks.sort()

    def _finish(self, entry: EntryType) -> Finish:
        attempt = self.attempt
        attempt.counted = True
        attempt.elapsed = round(attempt.elapsed, 1)  # the time said is the time kept
        if entry.help == "solver":
            how = "solver used"
            st = self._count(solved=1, helped=1, solver=1)
        elif attempt.helped:
            how = "with help"
            st = self._count(solved=1, helped=1)
        else:
            how = "unaided"
            st = self._count(solved=1, time=attempt.elapsed)
        best = st.best if st is not None else (attempt.elapsed if how == "unaided" else None)
        return Finish(how, attempt.elapsed, best, how == "unaided" and best == attempt.elapsed)

    def _count(self, **counts):
        return self.shelf.add_stats(self, **counts) if self.shelf is not None else None

    def _changed(self) -> None:
        self._follow_position()
        self.revision += 1
        self._store()

    # ------------------------------------------------------------------ when it is stored
    # This is the one place that decides when the game is saved: after every change, when
    # the player leaves it (the window goes to the back, another puzzle is opened, the app
    # quits), and every CLOCK_STORED_EVERY_S of play in between.
    def _store(self) -> None:
        self._clock_stored = self.attempt.elapsed
        if self.shelf is not None:
            self.shelf.changed(self)

    def leave(self, now: float) -> None:
        """The player leaves the game (another puzzle, the app quits): its clock stops
        and it is stored as it is."""
        self.set_active(False, now)
        self._store()

    # ------------------------------------------------------------------ the clock
    def set_active(self, active: bool, now: float) -> None:
        """The window came to the front (True) or went to the back or was minimised."""
        self.tick(now)
        if self.active and not active and self.attempt.elapsed != self._clock_stored:
            self._store()  # the time played so far, as the player goes
        self.active = active

    def pause(self, paused: bool, now: float) -> None:
        self.tick(now)
        self.paused = paused

    def tick(self, now: float) -> None:
        """Count the time since the last tick, if the game was being played meanwhile."""
        last, self._last_tick = self._last_tick, now
        if last is None or not self.active or self.paused or self.status == SOLVED:
            return
        self.attempt.elapsed += min(max(0.0, now - last), MAX_TICK_S)
        if self.attempt.elapsed - self._clock_stored >= CLOCK_STORED_EVERY_S:
            self._store()

    # ------------------------------------------------------------------ background answers
    def ticket(self, what: str) -> Ticket:
        """A ticket for a background request; only the newest of each ``what`` is wanted."""
        return self._tickets.issue(self.key, self.revision, what)

    def wants(self, ticket: Ticket, same_position: bool = True) -> bool:
        """True if ``ticket``'s answer is still wanted: the newest request of its kind, for
        this game, and (``same_position``) asked at the position the game is at now."""
        return self._tickets.wants(ticket, self.key, self.revision if same_position else None)

    def drop(self, what: str) -> None:
        """No answer of ``what`` is wanted any more (Stop, or a new puzzle)."""
        self._tickets.drop(what)


__all__ = ["ENTRIES", "LOOK", "MOVE", "REASON", "Attempt", "EntryType", "Finish", "Game", "StagedHint", "Ticket"]
