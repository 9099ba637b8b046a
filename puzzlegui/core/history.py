"""Move history: undo, redo and restart as steps along one list of moves.

Every entry is a move.  Restart is itself an entry (move ``RESTART``) so it can be
undone, and a solver's whole answer is one entry (a ``Batch`` of moves), so one Undo
takes it back.  The list of moves is also what a save file records as progress.

Memory stays small per move whatever the length: states are immutable values, and the
history keeps one only every ``CHECKPOINT`` entries, after each Batch, and the current
one; any other state is rebuilt from the nearest checkpoint before it, at most
``CHECKPOINT - 1`` single moves away.  Replaying a saved history is therefore linear in its length.

Work that a file can ask for is bounded: at most ``MAX_MOVES`` moves in all (a Batch
counts its moves) and at most ``MAX_MOVE_DEPTH`` levels of lists in one move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .kind import PuzzleError

RESTART = ("restart",)
CHECKPOINT = 64
MAX_MOVES = 50_000  # moves one history (and so one file) may hold
MAX_SHOWN_MOVES = 40  # how much of a bad move a message quotes


@dataclass(frozen=True)
class Batch:
    """Several moves that count as one step (a solution applied, a hint chain)."""

    moves: tuple
    label: str = ""


@dataclass(frozen=True)
class Goto:
    """Back to the position after entry ``index`` as one step (the state that entry
    left, which later pushes never change): "undo to before my first mistake" is one
    Undo away from where the player was."""

    index: int


def _weight(move) -> int:
    return len(move.moves) if isinstance(move, Batch) else 1


class History:
    def __init__(self, kind, initial_state):
        self.kind = kind
        self.initial = initial_state
        self._moves: list = [None]  # entry 0 is the puzzle as given
        self._checkpoints: dict[int, Any] = {0: initial_state}
        self._index = 0
        self._state = initial_state
        self._weight = 0  # moves held in all (Batch members counted)
        self._stored = 0  # entries 1.._stored are in the game store as they are now

    # --- reading -------------------------------------------------------------------
    @property
    def state(self):
        return self._state

    @property
    def can_undo(self) -> bool:
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._moves) - 1

    @property
    def position(self) -> int:
        return self._index

    def __len__(self) -> int:
        """Entries after the puzzle as given, the redo tail included."""
        return len(self._moves) - 1

    @property
    def weight(self) -> int:
        """Moves held in all, Batch members counted one by one."""
        return self._weight

    def state_at(self, index: int):
        """The state after entry ``index`` (0: the puzzle as given)."""
        if not 0 <= index < len(self._moves):
            raise IndexError(index)
        if index == self._index:
            return self._state
        base = index  # the nearest checkpoint at or before it: at most CHECKPOINT - 1 back
        while base not in self._checkpoints:
            base -= 1
        state = self._checkpoints[base]
        for i in range(base + 1, index + 1):
            state = self.result_of(state, self._moves[i])
        return state

    def moves(self) -> list:
        """The moves from the initial state to the current one, for a save file."""
        return self._moves[1 : self._index + 1]

    def entry(self, index: int):
        """Entry ``index`` (1 is the first after the puzzle as given)."""
        if not 1 <= index < len(self._moves):
            raise IndexError(index)
        return self._moves[index]

    def next_move(self):
        """The move that Redo would replay (None when there is nothing to redo)."""
        return self._moves[self._index + 1] if self.can_redo else None

    def copy(self) -> "History":
        """An independent history at the same place (states are immutable values, so
        this copies lists, not states): for work on another thread."""
        other = History(self.kind, self.initial)
        other._moves = list(self._moves)
        other._checkpoints = dict(self._checkpoints)
        other._index = self._index
        other._state = self._state
        other._weight = self._weight
        other._stored = self._stored
        return other

    # --- changing ------------------------------------------------------------------
    def result_of(self, state, move):
        """The state after ``move`` (a kind move, a Batch or RESTART)."""
        if move == RESTART:
            return self.initial
        if isinstance(move, Goto):
            if not 0 <= move.index < self._index + 1:
                raise PuzzleError(f"There is no earlier position {move.index} to go back to.")
            return self.state_at(move.index)
        if isinstance(move, Batch):
            return self.kind.apply_all(state, move.moves)
        return self.kind.apply(state, move)

    def push(self, move):
        """Apply ``move`` to the current state and record it; drops the redo tail.

        Raises PuzzleError (from the kind) if the move is illegal, or if the history
        would hold more than MAX_MOVES moves; the history is unchanged then."""
        weight = _weight(move)
        dropped = sum(_weight(m) for m in self._moves[self._index + 1 :])
        if self._weight - dropped + weight > MAX_MOVES:
            raise PuzzleError(
                f"A game holds at most {MAX_MOVES:,} moves; Restart, or save the puzzle "
                "and open it again, to go on."
            )
        new_state = self.result_of(self._state, move)
        self._truncate()
        self._moves.append(move)
        self._weight += weight
        self._index += 1
        self._state = new_state
        # a checkpoint every CHECKPOINT entries, and after every Batch (a solution is one
        # entry of up to 1,600 moves): rebuilding a state replays at most CHECKPOINT - 1
        # single moves, however the moves were grouped
        if self._index % CHECKPOINT == 0 or weight > 1:
            self._checkpoints[self._index] = new_state
        return new_state

    def _truncate(self) -> None:
        """Drop the redo tail."""
        if self.can_redo:
            self._weight -= sum(_weight(m) for m in self._moves[self._index + 1 :])
            del self._moves[self._index + 1 :]
            self._stored = min(self._stored, self._index)
            for i in [i for i in self._checkpoints if i > self._index]:
                del self._checkpoints[i]

    def seek(self, index: int):
        """Go to entry ``index`` (undo or redo several at once)."""
        self._state = self.state_at(index)
        self._index = index
        return self._state

    def undo(self):
        if self.can_undo:
            self.seek(self._index - 1)
        return self._state

    def redo(self):
        if self.can_redo:
            self._index += 1
            self._state = self.result_of(self._state, self._moves[self._index])
        return self._state

    def restart(self):
        if self._state == self.initial and self._index == 0:
            return self._state
        return self.push(RESTART)

    # --- what the game store does not hold yet ------------------------------------------
    def unstored(self) -> tuple[int, list]:
        """The first entry the game store does not hold as it is now, and the JSON form of
        every entry from it on (a move appends one; a move after Undo replaces the redo
        tail): what one save writes, however long the game."""
        start = self._stored + 1
        return start, [self._move_json(m) for m in self._moves[start:]]

    def mark_stored(self) -> None:
        """The store now holds every entry as it is."""
        self._stored = len(self._moves) - 1

    def mark_unstored(self) -> None:
        """The store holds none of the entries (the game is to be stored whole)."""
        self._stored = 0

    # --- save-file form --------------------------------------------------------------
    def _move_json(self, m):
        if m == RESTART:
            return {"restart": True}
        if isinstance(m, Goto):
            return {"goto": m.index}
        if isinstance(m, Batch):
            return {"batch": [self.kind.move_to_json(x) for x in m.moves], "label": m.label}
        return self.kind.move_to_json(m)

    def moves_json(self) -> list:
        """The moves up to the current position (a puzzle file's "progress")."""
        return [self._move_json(m) for m in self.moves()]

    def redo_json(self) -> list:
        """The moves Redo would replay, in order (kept with a game in progress)."""
        return [self._move_json(m) for m in self._moves[self._index + 1 :]]

    def _move_from_json(self, i: int, raw):
        if isinstance(raw, dict):
            if set(raw) == {"restart"} and raw["restart"] is True:
                return RESTART
            if set(raw) == {"goto"} and isinstance(raw["goto"], int) and not isinstance(raw["goto"], bool):
                return Goto(raw["goto"])
            batch = raw.get("batch")
            if isinstance(batch, list) and set(raw) <= {"batch", "label"}:
                label = raw.get("label", "")
                if not isinstance(label, str):
                    raise PuzzleError(f'Saved move {i}: a batch\'s "label" must be text.')
                return Batch(tuple(self.kind.move_from_json(x) for x in batch), label[:200])
            raise PuzzleError(f"Saved move {i} is not a move of this puzzle.")
        return self.kind.move_from_json(raw)

    def replay_json(self, moves: list) -> None:
        """Push moves read from a save file; raises PuzzleError on the first bad one.

        Refuses a list of more than MAX_MOVES moves before replaying any of it."""
        if not isinstance(moves, list):
            raise PuzzleError("The saved moves must be a list.")
        total = 0
        for raw in moves:
            total += len(raw["batch"]) if isinstance(raw, dict) and isinstance(raw.get("batch"), list) else 1
            if self._weight + total > MAX_MOVES:
                raise PuzzleError(
                    f"The saved game has more than {MAX_MOVES:,} moves; a game holds at most that many."
                )
        for i, raw in enumerate(moves, start=1):
            try:
                move = self._move_from_json(i, raw)
                self.push(move)
            except PuzzleError as exc:
                text = str(exc)
                if text.startswith("Saved move"):
                    raise
                raise PuzzleError(f"Saved move {i} cannot be replayed: {text}") from None
            except (TypeError, ValueError, IndexError, KeyError, AttributeError, RecursionError):
                shown = repr(raw)
                if len(shown) > MAX_SHOWN_MOVES:
                    shown = shown[:MAX_SHOWN_MOVES] + "…"
                raise PuzzleError(f"Saved move {i} ({shown}) is not a move of this puzzle.") from None

    def to_json(self) -> dict:
        """The whole history, redo tail included, for a game record."""
        return {"moves": list(self.json_moves()), "position": self._index}

    def json_moves(self):
        """``to_json``'s moves made one at a time, as they are taken: a long history's
        JSON form is never all in memory at once (see core/gcpause.py for why that counts)."""
        return (self._move_json(m) for m in self._moves[1:])

    @classmethod
    def from_json(cls, kind, initial_state, data) -> "History":
        """A history from ``to_json``'s form; PuzzleError if it does not replay."""
        if not isinstance(data, dict) or not isinstance(data.get("moves"), list):
            raise PuzzleError("The saved history is not a list of moves.")
        position = data.get("position")
        moves = data["moves"]
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position <= len(moves):
            raise PuzzleError("The saved history's position is not one of its moves.")
        history = cls(kind, initial_state)
        history.replay_json(moves)
        history.seek(position)
        return history
