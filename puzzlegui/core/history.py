"""Move history: undo, redo and restart as steps along one list of immutable states.

Every entry is (move, state).  Restart is itself an entry (move ``RESTART``) so it can
be undone, and a solver's whole answer is one entry (a ``Batch`` of moves), so one Undo
takes it back.  The list of moves is also what a save file records as progress.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RESTART = ("restart",)


@dataclass(frozen=True)
class Batch:
    """Several moves that count as one step (a solution applied, a hint chain)."""

    moves: tuple
    label: str = ""


class History:
    def __init__(self, kind, initial_state):
        self.kind = kind
        self.initial = initial_state
        self._entries: list[tuple[Any, Any]] = [(None, initial_state)]
        self._index = 0

    @property
    def state(self):
        return self._entries[self._index][1]

    @property
    def can_undo(self) -> bool:
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._entries) - 1

    @property
    def position(self) -> int:
        return self._index

    def result_of(self, state, move):
        """The state after ``move`` (a kind move, a Batch or RESTART)."""
        if move == RESTART:
            return self.initial
        if isinstance(move, Batch):
            for m in move.moves:
                state = self.kind.apply(state, m)
            return state
        return self.kind.apply(state, move)

    def push(self, move):
        """Apply ``move`` to the current state and record it; drops the redo tail.

        Raises PuzzleError (from the kind) if the move is illegal; history is unchanged."""
        new_state = self.result_of(self.state, move)
        del self._entries[self._index + 1 :]
        self._entries.append((move, new_state))
        self._index += 1
        return new_state

    def undo(self):
        if self.can_undo:
            self._index -= 1
        return self.state

    def redo(self):
        if self.can_redo:
            self._index += 1
        return self.state

    def restart(self):
        if self.state == self.initial and self._index == 0:
            return self.state
        return self.push(RESTART)

    def moves(self) -> list:
        """The moves from the initial state to the current one, for a save file."""
        return [m for m, _ in self._entries[1 : self._index + 1]]

    def next_move(self):
        """The move that Redo would replay (None when there is nothing to redo)."""
        return self._entries[self._index + 1][0] if self.can_redo else None

    # --- save-file form --------------------------------------------------------------
    def moves_json(self) -> list:
        out = []
        for m in self.moves():
            if m == RESTART:
                out.append({"restart": True})
            elif isinstance(m, Batch):
                out.append({"batch": [self.kind.move_to_json(x) for x in m.moves], "label": m.label})
            else:
                out.append(self.kind.move_to_json(m))
        return out

    def replay_json(self, moves: list) -> None:
        """Push moves read from a save file; raises PuzzleError on the first bad one."""
        from .kind import PuzzleError

        for i, raw in enumerate(moves, start=1):
            if isinstance(raw, dict) and raw.get("restart") is True:
                move = RESTART
            elif isinstance(raw, dict) and isinstance(raw.get("batch"), list):
                move = Batch(
                    tuple(self.kind.move_from_json(x) for x in raw["batch"]),
                    str(raw.get("label", "")),
                )
            else:
                move = self.kind.move_from_json(raw)
            try:
                self.push(move)
            except PuzzleError as exc:
                raise PuzzleError(f"Saved move {i} cannot be replayed: {exc}") from None
            except (TypeError, ValueError, IndexError, KeyError):
                raise PuzzleError(f"Saved move {i} ({raw!r:.60}) is not a move of this puzzle.") from None
