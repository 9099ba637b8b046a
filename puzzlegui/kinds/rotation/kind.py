"""The Rotation kind: the escape room's "Mystery Box" and Simon Tatham's Twiddle."""

from __future__ import annotations

from puzzlegui.core.kind import Param, Preset, PuzzleError, PuzzleKind
from puzzlegui.core.solver import SOLVED, Step
from puzzlegui.core.text import duration, number, plural

from . import codec, explain, generator, solver, tables
from .model import (
    Config,
    RotationState,
    apply_move,
    block_cells,
    goal_state,
    is_solved,
    make_state,
    move_text,
    unreachable_reason,
)


class RotationKind(PuzzleKind):
    name = "rotation"
    title = "Rotation"
    tatham_name = "twiddle"
    rules = (
        "A board of numbered tiles has a round button on every square block of tiles (2x2 in the "
        "classic puzzle). Pressing a button turns its block a quarter turn, carrying the tiles round "
        "with it. Put the tiles in reading order: 1, 2, 3 along the top row, and so on. Variants: the "
        "buttons may turn clockwise only; with \"orientation\" every tile has an arrow that turns with "
        "it and must end pointing up; with \"rows only\" the tiles carry row numbers and each row must "
        "end up holding one number. The solver finds the fewest moves (and every shortest sequence) "
        "on boards small enough to tabulate and, searching longer, on boards of up to 16 tiles, "
        "keeping the best answer found so far and how far from the fewest it can be; on bigger "
        "boards it finds a short solution that is not proven shortest."
    )
    controls = (
        "Click a round button to turn its block: left click turns anticlockwise and right click (or "
        "Shift+click) clockwise, as in Tatham's Twiddle; where the buttons only turn clockwise, any "
        "click turns clockwise. Keys: the arrow keys move the cursor between buttons; Enter (or A, "
        "Backspace) turns anticlockwise and Space (or D) clockwise, as his Return and Space do. Undo "
        "and redo take turns back. The hint's block has a frame with heavy corners; a mistake's "
        "frame is plain."
    )
    origin = (
        "The 3x3 board with four clockwise buttons is Puzzle 4, \"Mystery Box\", of Enchambered's "
        "online escape rooms, as described in a DEV Community article that solved it by iterative "
        "deepening in about 23 seconds (five 10-move solutions). The general game, with any board and "
        "block size, both directions, orientation and rows-only variants and its game IDs, is "
        "\"Twiddle\" from Simon Tatham's Portable Puzzle Collection (after a door puzzle in Metroid "
        "Prime 2)."
    )
    aid_notes = {
        "hint": "The next turn of a shortest path, how many moves the position is from solved and which "
        "tiles the turn puts in place. On a board too big to tabulate it is the solver's first move, which "
        "is short but not proven shortest, and the hint says so.",
        "sure": "Plays the turns of a proven shortest path, on boards small enough to tabulate (3x3 and "
        "the like). On bigger boards no turn is sure, so it makes none and says why.",
        "check": "Not used on Rotation: every turn is legal, so no rule can be broken.",
        "correct": explain.NEVER_WRONG,
        "rewind": "Not needed on Rotation: every turn can be undone, so no position is a mistake to go back "
        "before. Hint shows the way on from wherever you are.",
        "mistakes": "Not used on Rotation: no turn breaks a rule.",
    }

    # --- parameters ---------------------------------------------------------------------------
    def parameters(self):
        return (
            Param("width", "Width", "int", 3, 2, 10, help="Columns of tiles."),
            Param("height", "Height", "int", 3, 2, 10, help="Rows of tiles."),
            Param("block", "Block size", "int", 2, 2, 10, help="Each button turns an n x n block."),
            Param(
                "directions",
                "Directions",
                "choice",
                "both",
                choices=("both", "cw"),
                help="both: left click anticlockwise, right click clockwise; cw: clockwise only.",
            ),
            Param("orientation", "Orientation matters", "bool", False, help="Every arrow must end up."),
            Param("rows_only", "Rows only", "bool", False, help="Each row must hold one number."),
            Param(
                "scramble",
                "Scramble moves",
                "int",
                0,
                0,
                generator.MAX_SCRAMBLE,
                help="Random moves from solved; 0 scrambles thoroughly.",
                special="Fully scrambled",
            ),
            Param(
                "distance",
                "Exact distance",
                "int",
                0,
                0,
                60,
                help="A position exactly this many moves from solved (small boards only); 0 to scramble.",
                special="Off (scramble)",
            ),
        )

    def presets(self):
        def p(label, w, h, n, **extra):
            params = {"width": w, "height": h, "block": n, "directions": "both"}
            params.update(extra)
            return Preset(label, params)

        return (
            p("Mystery Box: 3x3, clockwise only", 3, 3, 2, directions="cw"),
            p("3x3 rows only", 3, 3, 2, rows_only=True),
            p("3x3 normal", 3, 3, 2),
            p("3x3 orientable", 3, 3, 2, orientation=True),
            p("4x4 normal", 4, 4, 2),
            p("4x4 orientable", 4, 4, 2, orientation=True),
            p("4x4, rotating 3x3 blocks", 4, 4, 3),
            p("5x5, rotating 3x3 blocks", 5, 5, 3),
            p("6x6, rotating 4x4 blocks", 6, 6, 4),
        )

    def params_of(self, state: RotationState) -> dict:
        c = state.config
        return {
            "width": c.w,
            "height": c.h,
            "block": c.n,
            "directions": "cw" if c.cw_only else "both",
            "orientation": c.oriented,
            "rows_only": c.rows_only,
            "scramble": 0,
            "distance": 0,
        }

    def check_params(self, params: dict) -> None:
        generator.checked(params)

    def generate(self, params: dict, seed: int | None = None):
        return generator.generate(params, seed)

    # --- files and codecs -----------------------------------------------------------------------
    def decode(self, data: dict):
        return codec.decode(data)

    def encode(self, state):
        return codec.encode(state)

    def initial(self, state):
        """The position as it stands, with the move counter reset."""
        return RotationState(state.config, state.tiles, state.orient)

    def parse_game_id(self, text: str):
        return codec.parse_game_id(text)

    def format_game_id(self, state) -> str:
        return codec.format_game_id(state)

    def tatham_id(self, state) -> str:
        """Our ID is Twiddle's, but for the clockwise-only buttons he does not have."""
        if state.config.cw_only:
            raise PuzzleError(
                "Tatham's Twiddle has no buttons that turn clockwise only, so this puzzle has no Twiddle game ID."
            )
        return codec.format_game_id(state)

    def parse_text(self, text: str):
        return codec.parse_text(text)

    def format_text(self, state) -> str:
        return codec.format_text(state)

    # --- play ----------------------------------------------------------------------------------------
    def apply(self, state, move):
        return apply_move(state, move)

    def check(self, state):
        """Any turn is legal, so nothing can break a rule."""
        return []

    def is_solved(self, state) -> bool:
        return is_solved(state)

    def goal(self, config: Config) -> RotationState:
        return goal_state(config)

    def unreachable_reason(self, state) -> str | None:
        return unreachable_reason(state)

    def make_state(self, config: Config, tiles, orient=None) -> RotationState:
        return make_state(config, tiles, orient)

    def distance(self, state, build: bool = True, prove_within: float | None = None) -> int | None:
        """Fewest moves from here to the goal when the position space can be tabulated, or
        (``prove_within`` seconds) when Solve's search proves it in that time."""
        return solver.distance(state, build, prove_within)

    def can_tabulate(self, config: Config) -> bool:
        return tables.feasible(config)

    def can_prove(self, config: Config) -> bool:
        """True where Solve's optimal search (not a table) proves the fewest moves."""
        return solver.provable(config)

    def hint(self, state, time_limit: float | None = None):
        """The next turn of a shortest path (proven by the distance table), or on larger
        boards the solver's first move, with how far the position is from solved and the
        tiles the turn puts in place (explain.py)."""
        return explain.hint(state, time_limit)

    def sure_move(self, state):
        """A turn proven to be on a shortest path (tabulated boards only), as
        ("shortest path", Hint); None elsewhere."""
        return explain.shortest_step(state)

    def entries(self, state):
        """A position is never wrong (every turn can be undone), so there are no entries to
        check against a solution: PuzzleError with the sentence that says so."""
        raise PuzzleError(explain.NEVER_WRONG)

    def changed_cells(self, before, after) -> tuple:
        """The squares whose tile (or its arrow) differs: a trial's turns, framed on the
        board (there are no entries: ``entries`` says why)."""
        w = after.config.w
        return tuple(
            (i % w, i // w)
            for i in range(len(after.tiles))
            if (before.tiles[i], before.orient[i]) != (after.tiles[i], after.orient[i])
        )

    # --- solving --------------------------------------------------------------------------------------
    def solve_start(self, state):
        """Rotation solves from where the player is, not from the puzzle as given."""
        return state

    def solve(self, state, trace: bool = False):
        # proven-shortest answers wherever the optimal search reaches (solver.provable)
        return solver.solve(state, trace, prove=True)

    def solution_moves(self, state, solution) -> list:
        return list(solution.moves)

    def solution_steps(self, state, solution) -> list:
        config = state.config
        total = len(solution.moves)
        return [
            Step("turn", m, f"Move {number(i)} of {number(total)}: {move_text(config, m)}.", block_cells(config, m[1], m[2]))
            for i, m in enumerate(solution.moves, start=1)
        ]

    def solution_json(self, solution) -> dict:
        return {"moves": [[m[1], m[2], m[3]] for m in solution.moves], "optimal": bool(solution.optimal)}

    @staticmethod
    def _settle(result) -> None:
        """A search whose answer is not proven shortest is not exhaustive, even though
        the reduction solver ends after its one answer (the driver counts a generator
        that ends as complete): say so in the result itself.  Called by result_json and
        describe_result, which the CLI and the GUI worker call on every result."""
        if result.solutions and not all(s.optimal for s in result.solutions):
            result.complete = False

    def result_json(self, result) -> dict:
        self._settle(result)
        out = {"complete": result.complete}
        if not result.solutions:
            out["optimal"] = False
            return out
        first = result.solutions[0]
        out["optimal"] = all(s.optimal for s in result.solutions)
        out["length"] = len(first.moves)
        if not out["optimal"] and result.lower_bound is not None:
            # an anytime search stopped early: the fewest moves are at least this many
            out["lower_bound"] = result.lower_bound
        if first.shortest_count is not None:
            out["shortest_count"] = first.shortest_count
        elif out["optimal"] and result.complete:
            out["shortest_count"] = result.count  # every shortest sequence was listed
        return out

    def describe_result(self, result) -> str:
        self._settle(result)
        if result.status != SOLVED:
            text = super().describe_result(result)
            if result.solutions and result.solutions[0].optimal:  # stopped while listing the others
                text += " " + solver.describe_solution(None, result.solutions[0])
            return text
        first = result.solutions[0]
        took = duration(result.elapsed)
        text = solver.describe_solution(None, first, result.lower_bound)
        if first.optimal and first.shortest_count is not None and result.count > 1:
            listed = "all listed" if result.count == first.shortest_count else f"{number(result.count)} listed"
            return f"{text[:-1]}, {listed} ({took})."
        if first.optimal and first.shortest_count is None:
            n = result.count
            if result.complete:
                ways = f"exactly {plural(n, 'shortest sequence')} (search complete)"
            else:
                ways = f"at least {plural(n, 'shortest sequence')} (not all counted)"
            return f"{text[:-1]}; {ways} ({took})."
        return f"{text[:-1]} ({took})."

    @staticmethod
    def move_from_json(value):
        # the solve --json shape [x, y, "cw"] is read back as a turn
        return codec.move_from_json(value)


    # --- the setter's analysis (core.analysis) ------------------------------------------
    # Rotation has no givens: a position is the puzzle.  What a setter wants to know is
    # how far it is from solved and by how many shortest ways.

    def contradiction(self, state):
        """Why the goal cannot be reached from this position (model.unreachable_reason)."""
        reason = unreachable_reason(state)
        return (reason, ()) if reason else None

    def analysis_facts(self, state, result) -> dict:
        """The fewest moves ("moves", "proven"; "lower_bound" when not proven) and the
        number of shortest sequences when known ("shortest_count"), from the search."""
        self._settle(result)
        if not result.solutions:
            return {}
        first = result.solutions[0]
        out = {"moves": len(first.moves), "proven": bool(first.optimal)}
        if first.optimal:
            out["lower_bound"] = len(first.moves)
        elif result.lower_bound is not None:
            out["lower_bound"] = result.lower_bound
        if first.shortest_count is not None:
            out["shortest_count"] = first.shortest_count
        elif first.optimal and result.complete:
            out["shortest_count"] = result.count
        return out


KIND = RotationKind()
