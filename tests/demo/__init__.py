"""A throwaway demo kind that exercises the framework without any real puzzle's rules.

"Switches": a row of N lamps, each on or off; a move toggles one lamp; the puzzle is
solved when the lamps show the target pattern.  Lamps marked fixed cannot be toggled.
Its solver enumerates toggle sets, so it has a known number of solutions, traces every
try and backtrack, and (with ``slow``) runs for as long as a test needs to stop it.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlegui.core.kind import Hint, Param, Preset, PuzzleError, PuzzleKind, Violation
from puzzlegui.core.solver import Found, Progress, Step


@dataclass(frozen=True)
class Lamps:
    lamps: tuple  # current 0/1 per lamp
    target: tuple  # wanted 0/1 per lamp; None = either is fine
    start: tuple  # the lamps as given
    slow: bool = False  # the solver runs (almost) forever: for Stop tests


class DemoKind(PuzzleKind):
    name = "demo"
    title = "Switches"
    rules = "Toggle lamps until they show the target pattern."
    controls = "Click a lamp to toggle it."
    origin = "A demo kind for the framework's tests."

    def parameters(self):
        return (Param("size", "Lamps", "int", 5, 1, 12),)

    def presets(self):
        return (Preset("Five", {"size": 5}),)

    def params_of(self, state):
        return {"size": len(state.lamps)}

    def generate(self, params, seed=None):
        import random

        rng = random.Random(seed)
        n = int(params.get("size", 5))
        if not 1 <= n <= 12:
            raise PuzzleError(f"size must be from 1 to 12, not {n}.")
        start = tuple(rng.randint(0, 1) for _ in range(n))
        target = tuple(rng.randint(0, 1) for _ in range(n))
        return Lamps(start, target, start)

    def decode(self, data):
        lamps = data.get("lamps")
        target = data.get("target")
        if not isinstance(lamps, str) or not lamps or set(lamps) - set("01"):
            raise PuzzleError('"lamps" must be a string of 0 and 1.')
        if not isinstance(target, str) or len(target) != len(lamps) or set(target) - set("01?"):
            raise PuzzleError(f'"target" must be {len(lamps)} characters of 0, 1 or ?.')
        start = tuple(int(c) for c in lamps)
        goal = tuple(None if c == "?" else int(c) for c in target)
        return Lamps(start, goal, start, bool(data.get("slow", False)))

    def encode(self, state):
        data = {
            "lamps": "".join(map(str, state.start)),
            "target": "".join("?" if t is None else str(t) for t in state.target),
        }
        if state.slow:
            data["slow"] = True
        return data

    def parse_game_id(self, text):
        lamps, sep, target = text.partition("/")
        if not sep:
            raise PuzzleError("A Switches game ID is LAMPS/TARGET, like 0101/1111.")
        return self.decode({"lamps": lamps, "target": target})

    def format_game_id(self, state):
        data = self.encode(state)
        return f"{data['lamps']}/{data['target']}"

    def apply(self, state, move):
        if not (isinstance(move, tuple) and len(move) == 2 and move[0] == "toggle"):
            raise PuzzleError(f"{move!r} is not a Switches move.")
        i = move[1]
        if not isinstance(i, int) or not 0 <= i < len(state.lamps):
            raise PuzzleError(f"There is no lamp {i!r}.")
        lamps = list(state.lamps)
        lamps[i] ^= 1
        return Lamps(tuple(lamps), state.target, state.start, state.slow)

    def check(self, state):
        wrong = [(i, 0) for i, (a, t) in enumerate(zip(state.lamps, state.target)) if t is not None and a != t]
        return [Violation(tuple(wrong), "lamp differs from the target")] if wrong else []

    def is_solved(self, state):
        return all(t is None or a == t for a, t in zip(state.lamps, state.target))

    def hint(self, state, time_limit=None):
        for i, (a, t) in enumerate(zip(state.lamps, state.target)):
            if t is not None and a != t:
                return Hint(("toggle", i), f"Lamp {i + 1} must be {'on' if t else 'off'}.", ((i, 0),))
        return None

    def solve(self, state, trace=False):
        """Depth-first over "toggle lamp i or not"; free lamps (target ?) branch both ways."""
        n = len(state.lamps)
        nodes = 0
        lamps = list(state.lamps)
        toggled: list[int] = []

        def search(i):
            nonlocal nodes
            nodes += 1
            if nodes % 64 == 0:
                yield Progress(nodes)
            if state.slow:
                while True:  # a search that never ends, until the driver stops it
                    nodes += 1
                    if nodes % 256 == 0:
                        yield Progress(nodes)
                    if trace and nodes % 4096 == 0:
                        yield Step("try", None, "thinking")
            if i == n:
                yield Found(tuple(toggled))
                return
            choices = (0, 1) if state.target[i] is None else (int(lamps[i] != state.target[i]),)
            for flip in choices:
                if flip:
                    lamps[i] ^= 1
                    toggled.append(i)
                    if trace:
                        yield Step("try", ("toggle", i), f"toggle lamp {i + 1}", ((i, 0),))
                yield from search(i + 1)
                if flip:
                    lamps[i] ^= 1
                    toggled.pop()
                    if trace:
                        yield Step("backtrack", ("toggle", i), f"untoggle lamp {i + 1}", ((i, 0),))

        yield from search(0)
        yield Progress(nodes)

    def count_solutions(self, state, should_stop=None):
        """Each free lamp (target ?) doubles the solutions; a slow board is not counted."""
        if state.slow:
            return None
        return 2 ** sum(1 for t in state.target if t is None)

    def solution_moves(self, state, solution):
        # the solution is the set of lamps to toggle from the start; from any state,
        # toggle whatever differs from the start-plus-solution pattern
        goal = list(state.start)
        for i in solution:
            goal[i] ^= 1
        return [("toggle", i) for i in range(len(goal)) if state.lamps[i] != goal[i]]

    def solution_json(self, solution):
        return {"toggle": list(solution)}


KIND = DemoKind()
