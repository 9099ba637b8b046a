"""The Kurosu kind: what the front end and the command line talk to."""

from __future__ import annotations

from puzzlegui.core.kind import Hint, Param, Preset, PuzzleError, PuzzleKind
from puzzlegui.core.text import cell_name

from . import codec, generator, model, solver
from .engine import LEVEL_NAMES, Engine
from .logic import RULE_NAMES, SYMBOL, Reasoner
from .model import KurosuState


#: each level in words, by the deductions it adds (the New puzzle dialog, generate --help,
#: the help page); the first three are Tatham's Unruly levels, with his deductions
LEVEL_WORDS = {
    "trivial": "Tatham's Trivial: pairs and gaps (never three alike), a line's last empty cell",
    "easy": "Tatham's Easy adds quotas (a line with all its X has O in the rest) and, with no "
    "copies, a line one X short of another's X may not copy it",
    "normal": "Tatham's Normal adds windows: a line needing one more X must put it in any three "
    "cells that would otherwise be three O, so its other empty cells are O",
    "tricky": "beyond Tatham's Normal: exclusions and line analysis (every legal way to finish "
    "a line agrees on a cell)",
    "hard": "beyond that: no rule finishes it, search does",
}


class KurosuKind(PuzzleKind):
    level_words = LEVEL_WORDS
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
        "hint": "Names the deduction behind the next cell and its level (a pair, a gap, the last cell "
        "of a line: Trivial; a line's quota, no two lines alike: Easy; the last X or O of a line "
        "kept to a window of three: Normal; an exclusion or an analysis of one line's fillings: "
        "Tricky) and highlights the cells that prove it.",
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
                  help="The strongest rule the puzzle needs: Trivial, Easy and Normal are Tatham's "
                       "Unruly levels (his solver finishes the puzzle at that level); Tricky and "
                       "Hard are beyond his Normal."),
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

    def size_of(self, state: KurosuState) -> tuple[int, int]:
        return state.width, state.height

    def params_of(self, state: KurosuState) -> dict:
        engine = Engine(state.width, state.height, state.unique)
        level = engine.grade(engine.board(state.givens))
        return {
            "width": state.width,
            "height": state.height,
            "unique": state.unique,
            "difficulty": LEVEL_NAMES.get(level, "hard"),
        }

    def check_params(self, params: dict) -> None:
        values = self._values(params)
        generator.check(values["width"], values["height"], values["unique"], str(values["difficulty"]))

    def generate(self, params: dict, seed: int | None = None) -> KurosuState:
        values = self._values(params)
        return generator.generate(values["width"], values["height"], values["unique"],
                                  str(values["difficulty"]), seed)

    def _values(self, params: dict) -> dict:
        """Every parameter's value, the size and the rule checked."""
        values = {p.name: params.get(p.name, p.default) for p in self.parameters()}
        codec.check_size(values["width"], values["height"])
        if not isinstance(values["unique"], bool):
            raise PuzzleError('"unique" must be true or false.')
        return values

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


    # --- the setter's analysis (core.analysis) ------------------------------------------
    def givens(self, state: KurosuState) -> list:
        """Every given X and O, in reading order."""
        from puzzlegui.core.analysis import Given

        W = state.width
        return [
            Given(("cell", i % W, i // W), ((i % W, i // W),), v, f"{SYMBOL[v]} at {cell_name((i % W, i // W))}")
            for i, v in enumerate(state.givens)
            if v >= 0
        ]

    def without_given(self, state: KurosuState, given) -> KurosuState:
        return self._given_set(state, given, -1)

    def with_given(self, state: KurosuState, given) -> KurosuState:
        return self._given_set(state, given, given.value)

    def _given_set(self, state: KurosuState, given, value: int) -> KurosuState:
        """The puzzle as given with one cell's given changed to ``value`` (-1: none)."""
        _, x, y = given.key
        if not (0 <= x < state.width and 0 <= y < state.height):
            raise PuzzleError(f"The cell at {cell_name((x, y))} is outside the {state.width}x{state.height} board.")
        cells = list(state.givens)
        cells[y * state.width + x] = value
        return KurosuState.new(state.width, state.height, cells, state.unique)

    def candidate_givens(self, state: KurosuState, solutions) -> list:
        """An X or O on an empty cell where the solutions disagree, those that the
        fewest of them have first."""
        from puzzlegui.core.analysis import Given

        W, n = state.width, len(solutions)
        found = []
        for i, v in enumerate(state.givens):
            if v >= 0:
                continue
            x, y = i % W, i // W
            xs = sum(s.value(x, y) for s in solutions)
            for value, agree in ((1, xs), (0, n - xs)):
                if 0 < agree < n:
                    found.append((agree, i, Given(("cell", x, y), ((x, y),), value, f"{SYMBOL[value]} at {cell_name((x, y))}")))
        found.sort(key=lambda t: (t[0], t[1], -t[2].value))
        return [g for _, _, g in found]

    #: Unruly's grades (Tatham): his solver finishes a puzzle of ours at the level of the
    #: same name; Tricky and Hard are beyond his Normal, and have no name of his
    TATHAM_GRADES = {"trivial": "Trivial", "easy": "Easy", "normal": "Normal", "tricky": "", "hard": ""}

    def level_name(self, state: KurosuState) -> str:
        """The grade's name alone (trivial ... hard), "" when the rules find the puzzle
        broken: what the library and statistics show."""
        engine = Engine(state.width, state.height, state.unique)
        return LEVEL_NAMES.get(engine.grade(engine.board(state.givens)), "")

    def grade(self, state: KurosuState, time_limit: float | None = None):
        """The generator's grade (the weakest rule level that fills the board), and the
        explained rules (logic.Reasoner) a person uses, counted; "search" is the hardest
        when the rules alone get stuck."""
        engine = Engine(state.width, state.height, state.unique)
        level = engine.grade(engine.board(state.cells))
        if level == 0:
            return None
        _, done, broken = Reasoner(state.width, state.height, state.unique).run_logic(state.cells)
        if broken is not None:
            return None
        rules: dict = {}
        for d in done:
            rules[RULE_NAMES[d.rule]] = rules.get(RULE_NAMES[d.rule], 0) + 1
        name = LEVEL_NAMES.get(level, "hard")
        if name == "hard":
            hardest = "search"
        else:
            hardest = RULE_NAMES[max(done, key=lambda d: d.level).rule] if done else ""
        return name, self.TATHAM_GRADES[name], hardest, rules

    def contradiction(self, state: KurosuState):
        """Why the givens have no solution: a rule they break, a "no copies" board too
        big to fill, or the first contradiction the explained rules reach, with the
        number of cells they force first (as the editor says it)."""
        from .lines import count_legal_lines

        broken = self.check(state)
        if broken:
            return f"The givens break a rule: {broken[0].reason}", tuple(broken[0].cells)
        if state.unique:
            for across, lines_needed in ((state.width, state.height), (state.height, state.width)):
                if count_legal_lines(across) < lines_needed:
                    return (
                        f"With no two rows or columns alike, a board of {state.width}x{state.height} is "
                        f"impossible: there are only {count_legal_lines(across)} legal lines of {across} cells.",
                        (),
                    )
        _, done, found = Reasoner(state.width, state.height, state.unique).run_logic(state.cells)
        if found is None:
            return None
        forced = f" once the {len(done)} cells they force are filled in" if done else ""
        return f"These givens contradict each other{forced}: {found.text[0].lower()}{found.text[1:]}", tuple(found.cells)


KIND = KurosuKind()
