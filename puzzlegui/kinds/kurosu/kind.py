"""The Kurosu kind: what the front end and the command line talk to."""

from __future__ import annotations

from puzzlegui.core.kind import Hint, Param, Preset, PuzzleError, PuzzleKind
from puzzlegui.core.text import cell_name

from . import codec, generator, model, solver
from .engine import LEVEL_NAMES, Engine
from .logic import RULE_NAMES, SYMBOL, Reasoner
from .model import KurosuState


class KurosuKind(PuzzleKind):
    name = "kurosu"
    title = "Kurosu"
    tatham_name = "unruly"
    rules = (
        "Fill every cell with X or O. Every row and every column holds as many X as O, and "
        "no row or column has three equal symbols in a row. With the extra rule "
        "\"no copies\" (Takuzu, Binairo; Unruly's u option) no two rows and no two columns "
        "may be the same. Grey cells are given and cannot change."
    )
    controls = (
        "Click a cell to cycle empty, X, O; right-click cycles the other way (empty, O, X); "
        "middle-click empties it. That is the order of Tatham's Unruly, whose black is the X "
        "here and white the O. "
        "Arrow keys move the cursor; X or 1 puts an X, O or 0 an O, Space, Backspace or "
        "Delete empties the cell. Pencil marks: hold Shift while clicking (left for X, right "
        "for O), or press P to switch pencil mode on and off. Mistakes are marked in red as "
        "you play. On the side panel, Show counts writes how many X and O each row and column "
        "holds beside the board (in bold green when a line has its half, red in a ring past it), "
        "and Number rows and columns writes their numbers left of and above it."
    )
    origin = (
        "Kurosu appeared in the Daily Mail in June 2018; the nine built-in puzzles are from "
        "that month, as printed in the blog post \"Kurosu - not a hard puzzle to solve for all "
        "cases\" (22 June 2018). The same puzzle is known as Takuzu, Binairo and Binero, and "
        "as Unruly in Simon Tatham's Portable Puzzle Collection, whose game IDs this program "
        "reads and writes."
    )
    aid_notes = {
        "hint": "Names the deduction behind the next cell (a pair, a gap, the last cell of a kind in a "
        "line, a line's quota, an exclusion, no two lines alike, or an analysis of one line's "
        "fillings) and highlights the cells that prove it.",
        "sure": "Fills every cell those deductions decide, as one undoable step, and says how many of "
        "each it used; the solver's replay explains its steps the same way.",
    }

    # --- parameters and generation -------------------------------------------------
    def parameters(self):
        return (
            Param("width", "Width", "int", 8, model.MIN_SIZE, model.MAX_SIZE, help="An even number of columns."),
            Param("height", "Height", "int", 8, model.MIN_SIZE, model.MAX_SIZE, help="An even number of rows."),
            Param("unique", "No two rows or columns alike", "bool", False,
                  help="The extra rule of Takuzu and Binairo (Unruly's u)."),
            Param("difficulty", "Difficulty", "choice", "normal", choices=tuple(generator.LEVELS),
                  help="The strongest rule the puzzle needs: trivial (pairs and gaps), easy (quotas), "
                       "normal (exclusions), tricky (line analysis), hard (search)."),
        )

    def presets(self):
        def p(w, h, diff, unique=False):
            return {"width": w, "height": h, "unique": unique, "difficulty": diff}

        return (
            Preset("6x6 Easy (Daily Mail size)", p(6, 6, "easy")),
            Preset("6x6 Normal", p(6, 6, "normal")),
            Preset("8x8 Trivial", p(8, 8, "trivial")),
            Preset("8x8 Easy", p(8, 8, "easy")),
            Preset("8x8 Normal", p(8, 8, "normal")),
            Preset("10x10 Easy", p(10, 10, "easy")),
            Preset("10x10 Normal", p(10, 10, "normal")),
            Preset("10x10 Takuzu (no copies)", p(10, 10, "normal", True)),
            Preset("14x14 Easy", p(14, 14, "easy")),
            Preset("14x14 Normal", p(14, 14, "normal")),
            Preset("14x14 Tricky", p(14, 14, "tricky")),
            Preset("12x12 Hard (needs search)", p(12, 12, "hard")),
            Preset("20x20 Normal", p(20, 20, "normal")),
            Preset("30x30 Normal", p(30, 30, "normal")),
        )

    def params_of(self, state: KurosuState) -> dict:
        engine = Engine(state.width, state.height, state.unique)
        level = engine.grade(engine.board(state.givens))
        return {
            "width": state.width,
            "height": state.height,
            "unique": state.unique,
            "difficulty": LEVEL_NAMES.get(level, "hard"),
        }

    def generate(self, params: dict, seed: int | None = None) -> KurosuState:
        values = {p.name: params.get(p.name, p.default) for p in self.parameters()}
        codec.check_size(values["width"], values["height"])
        if not isinstance(values["unique"], bool):
            raise PuzzleError('"unique" must be true or false.')
        return generator.generate(values["width"], values["height"], values["unique"],
                                  str(values["difficulty"]), seed)

    # --- file format and codecs -------------------------------------------------------
    def decode(self, data: dict) -> KurosuState:
        return codec.decode(data)

    def encode(self, state: KurosuState) -> dict:
        return codec.encode(state)

    def initial(self, state: KurosuState) -> KurosuState:
        return KurosuState.new(state.width, state.height, state.givens, state.unique)

    def parse_game_id(self, text: str) -> KurosuState:
        return codec.parse_game_id(text)

    def format_game_id(self, state: KurosuState) -> str:
        return codec.format_game_id(state)

    def tatham_id(self, state: KurosuState) -> str:
        return codec.tatham_id(state)

    def parse_text(self, text: str) -> KurosuState:
        return codec.parse_text(text)

    def format_text(self, state: KurosuState) -> str:
        return codec.format_text(state)

    @staticmethod
    def move_from_json(value):
        return codec.move_from_json(value)

    # --- play -------------------------------------------------------------------------
    def apply(self, state: KurosuState, move) -> KurosuState:
        return model.apply(state, move)

    def apply_all(self, state: KurosuState, moves) -> KurosuState:
        return model.apply_all(state, moves)

    def check(self, state: KurosuState):
        return model.check(state)

    def is_solved(self, state: KurosuState) -> bool:
        return model.is_solved(state)

    def hint(self, state: KurosuState, time_limit: float | None = None):
        return solver.hint(state, time_limit)

    def sure_move(self, state: KurosuState):
        """The first named deduction (logic.Reasoner, weakest rule first), as
        (rule name, Hint); None when no rule applies or the board breaks one."""
        if -1 not in state.cells:
            return None
        found = Reasoner(state.width, state.height, state.unique).deductions(state.cells)
        if not isinstance(found, list) or not found:
            return None
        d = found[0]
        return RULE_NAMES[d.rule], Hint(d.move, solver.step_text(d), d.shown_cells)

    # --- aids: the player's entries, for core.aids ------------------------------------
    def entries(self, state: KurosuState) -> dict:
        """Each symbol the player put in: (x, y) -> 1 for X, 0 for O."""
        W = state.width
        return {
            (i % W, i // W): v for i, v in enumerate(state.cells) if v >= 0 and state.givens[i] < 0
        }

    def solution_entries(self, state: KurosuState, solution) -> dict:
        return {(x, y): solution.value(x, y) for y in range(state.height) for x in range(state.width)}

    def keep_entries(self, state: KurosuState, keys):
        W = state.width
        keys = set(keys)
        cells = tuple(
            v if state.givens[i] >= 0 or (i % W, i // W) in keys else -1 for i, v in enumerate(state.cells)
        )
        return KurosuState(state.width, state.height, state.unique, state.givens, cells, state.marks)

    def entry_cells(self, state, key) -> tuple:
        return (key,)

    def entry_text(self, state, key, value) -> str:
        return f"the {SYMBOL[value]} at {cell_name(key)}"

    # --- solving ----------------------------------------------------------------------
    def solve(self, state: KurosuState, trace: bool = False):
        return solver.solve(state, trace)

    def solution_moves(self, state: KurosuState, solution) -> list:
        return solver.solution_moves(state, solution)

    def solution_steps(self, state: KurosuState, solution) -> list:
        return solver.solution_steps(state, solution)

    def solution_json(self, solution) -> dict:
        return {"grid": list(solution.rows)}

    def result_json(self, result) -> dict:
        if result.unique and result.solutions:
            return {"difficulty": result.solutions[0].difficulty}
        return {}

    def describe_result(self, result) -> str:
        text = super().describe_result(result)
        if result.unique and result.solutions:
            text += f" Difficulty: {result.solutions[0].difficulty}."
        return text


KIND = KurosuKind()
