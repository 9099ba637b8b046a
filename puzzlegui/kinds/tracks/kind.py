"""The Tracks kind: what the front end and the command line talk to.  No Qt."""

from __future__ import annotations

import itertools

from puzzlegui.core.kind import Hint, Param, Preset, PuzzleError, PuzzleKind
from puzzlegui.core.solver import FIRST, UNIQUE, Clock, Step, describe, run
from puzzlegui.core.text import cells_span, number, plural

from . import codec, explain, generator, levels, model
from . import solver as tsolver
from .model import cell_name, direction, edge_key, initial_state, path_edges

DIFFICULTIES = tsolver.LEVEL_NAMES
HINT_TIME = 10.0  # seconds a hint searches at most
READ_OFF = "No simple deduction applies here; this is read off the solution"


#: each level in words, by the deductions it adds (the New puzzle dialog, generate --help,
#: the help page)
LEVEL_WORDS = {
    "easy": "Tatham's Easy: a line whose count is met or needs every open cell, dead ends, "
    "forced pieces, no loops, no early finish",
    "tricky": "Tatham's Tricky adds line rules: the last track cell of a line next to the one "
    "open end, loose ends that cannot turn, two neighbours that cannot both be track",
    "hard": "Tatham's Hard adds: a line short of one empty cell forces a neighbour to be track, "
    "and parity: a link that alone joins two parts of the board is track when the track leaves "
    "one part an odd number of times",
    "expert": "beyond Tatham's Hard: a cell every route must pass is track, a pocket the track "
    "could not leave is empty, parity over any cut (his solver cannot finish these)",
}


class TracksKind(PuzzleKind):
    level_words = LEVEL_WORDS
    name = "tracks"
    title = "Tracks"
    tatham_name = "tracks"
    rules = (
        "Lay one track from A to B: a path through orthogonally adjacent cells that never "
        "visits a cell twice and never closes a loop. The numbers say how many cells of each "
        "column, and of each row, the track passes through; on a split board each row has one "
        "count for its left part and one for its right part. A blank count is no constraint. "
        "Pieces of track already drawn are given and part of the answer. When A or B is attached "
        "to the outside of the grid the track enters or leaves there. Some boards carry a hidden "
        "second layer of symbols: read the symbols under the finished track to find the message."
    )
    controls = (
        "Clicks do what they do in Simon Tatham's Tracks; a left-drag does not. In his, a drag lays a "
        "straight line of \"track here\" dots; here a left-drag from cell to cell lays the track itself "
        "(a right-drag marks cells as no track, as his does). A drag that starts on "
        "a given piece follows it and lays on from its end; drag back over the piece you just laid to "
        "take it up, or start a drag along your own track to take track up. A whole drag is one move: "
        "one Undo takes it back. Left-click an edge between two cells to lay track there (again: take "
        "it up); right-click an edge to cross it out, \"the track does not pass here\" (again: remove "
        "the cross). Left-click inside a cell for a dot, \"the track passes here\"; right-click inside "
        "a cell to mark it as having no track; click again to clear either. Right-drag marks every cell "
        "it passes as no track (begun on a mark, it clears marks). Crosses and dots are notes: they do "
        "not count towards the numbers, but Hint and \"Correct so far?\" judge them. Keyboard: arrow "
        "keys move the cursor, Shift+arrow lays track from the cursor (or takes it up) and moves along, "
        "Ctrl+arrow crosses out that side of the cursor's cell, Space or X marks the cell as no track, "
        "Enter dots it. A count met is underlined (and green), one gone over struck through (and "
        "red), so neither rests on colour; View > Colour met and broken counts turns the colours off, "
        "View > Line tallies shows what each count still needs. The hint's cell has a frame with "
        "heavy corners, a mistake's a plain one. Rails and sleepers are drawn where cells are at "
        "least 28 pixels, a plain line below that."
    )
    origin = (
        'The 16x6 split board is "Tracks" by Stephen Muirhead, from the Melbourne University '
        "Puzzle Hunt 2008 (MUMS, the Melbourne University Mathematics and Statistics Society); "
        "its second field of digits spells the opening of \"Stairway to Heaven\" as a guitar tab. "
        "Whole-row Tracks with given pieces is Simon Tatham's \"Tracks\" from his Portable Puzzle "
        "Collection (after the Times' Train Tracks), whose game IDs this program reads and writes."
    )
    aid_notes = {
        "hint": "Names the deduction a person could make next (a line's count is full, a dead end, A or "
        "B with one open side, a forced piece, a piece that would close a loop or finish the track too "
        "early, a count that needs every free cell) and highlights the cells that prove it. The solver's "
        "'Show the search' replay names its deduced pieces the same way.",
    }

    # --- parameters and generation -------------------------------------------------
    def parameters(self):
        return (
            Param("width", "Width", "int", 8, model.MIN_SIZE, model.MAX_SIZE, help="columns of the board"),
            Param("height", "Height", "int", 8, model.MIN_SIZE, model.MAX_SIZE, help="rows of the board"),
            Param("split", "Split rows", "bool", False, help="two counts per row, as on the MUMS board"),
            Param(
                "difficulty",
                "Difficulty",
                "choice",
                "tricky",
                choices=DIFFICULTIES,
                help="The deductions the puzzle needs: Easy, Tricky and Hard are Tatham's levels "
                "(his solver finishes the puzzle at that level), Expert is beyond his Hard.",
            ),
        )

    def presets(self):
        out = []
        for w, h, d in (
            (8, 8, "easy"),
            (8, 8, "tricky"),
            (10, 8, "easy"),
            (10, 8, "tricky"),
            (10, 10, "easy"),
            (10, 10, "tricky"),
            (10, 10, "hard"),
            (15, 10, "easy"),
            (15, 10, "tricky"),
            (15, 15, "easy"),
            (15, 15, "tricky"),
            (15, 15, "hard"),
            (10, 10, "expert"),
            (15, 15, "expert"),
            (20, 20, "hard"),
            (30, 30, "hard"),
        ):
            out.append(Preset(f"{w}x{h} {d.capitalize()}", {"width": w, "height": h, "split": False, "difficulty": d}))
        out.append(Preset("16x6 split rows (MUMS style)", {"width": 16, "height": 6, "split": True, "difficulty": "tricky"}))
        return tuple(out)

    def size_of(self, state) -> tuple[int, int]:
        return state.puzzle.width, state.puzzle.height

    def params_of(self, state):
        p = state.puzzle
        level = tsolver.grade(p)
        diff = DIFFICULTIES[min(level, tsolver.EXPERT)] if level is not None else "expert"
        if diff == "hard" and p.split is not None:
            diff = "expert"  # (not expected: a split board has no Tatham level)
        return {"width": p.width, "height": p.height, "split": p.split is not None, "difficulty": diff}

    def _params(self, params: dict):
        out = {}
        for prm in self.parameters():
            v = params.get(prm.name, prm.default)
            if prm.type == "int":
                if not isinstance(v, int) or isinstance(v, bool) or not prm.minimum <= v <= prm.maximum:
                    raise PuzzleError(f"The {prm.label.lower()} must be from {prm.minimum} to {prm.maximum}, not {v!r:.20}.")
            elif prm.type == "bool":
                if not isinstance(v, bool):
                    raise PuzzleError(f"{prm.label} must be true or false.")
            elif v not in prm.choices:
                raise PuzzleError(f"The difficulty must be one of {', '.join(prm.choices)}, not {v!r:.20}.")
            out[prm.name] = v
        unknown = set(params) - set(out)
        if unknown:
            raise PuzzleError(f'Tracks has no parameter "{min(unknown)[:30]}".')
        return out

    def check_params(self, params: dict) -> None:
        prm = self._params(params)
        generator.check(prm["width"], prm["height"], prm["split"], DIFFICULTIES.index(prm["difficulty"]))

    def generate(self, params: dict, seed=None):
        prm = self._params(params)
        puzzle = generator.generate(
            prm["width"],
            prm["height"],
            prm["split"],
            DIFFICULTIES.index(prm["difficulty"]),
            seed,
            deadline=120.0,
        )
        return initial_state(puzzle)

    # --- file format and codecs ------------------------------------------------------
    def decode(self, data):
        return initial_state(codec.decode(data))

    def encode(self, state):
        return codec.encode(state.puzzle)

    def initial(self, state):
        return initial_state(state.puzzle)

    def parse_game_id(self, text):
        return initial_state(codec.parse_game_id(text))

    def format_game_id(self, state):
        p = state.puzzle
        fixed = p.fixed_map
        end_pieces = None
        if p.start not in fixed or p.finish not in fixed:
            codec.format_game_id(p, {p.start: 0, p.finish: 0})  # refuses boards outside his rules
            result = run(tsolver.solve(p), mode=UNIQUE)
            if result.count != 1:
                raise PuzzleError(
                    "This puzzle has no Tatham game ID: his IDs give the pieces at A and B, and they "
                    f"cannot be worked out because the puzzle has {'no' if result.count == 0 else 'more than one'} solution."
                )
            path = result.solutions[0].path
            end_pieces = {
                p.start: p.start_edge | direction(path[0], path[1]),
                p.finish: p.finish_edge | direction(path[-1], path[-2]),
            }
        return codec.format_game_id(p, end_pieces)

    def tatham_id(self, state):
        return self.format_game_id(state)  # our Tracks IDs are his

    def parse_text(self, text):
        return initial_state(codec.parse_text(text))

    def format_text(self, state):
        return codec.format_text(state.puzzle)

    @staticmethod
    def move_from_json(value):
        return codec.move_from_json(value)

    # --- play ---------------------------------------------------------------------------
    def apply(self, state, move):
        return model.apply(state, tuple(move) if isinstance(move, list) else move)

    def check(self, state):
        return model.check(state)

    def is_solved(self, state):
        return model.is_solved(state)

    def hint(self, state, time_limit: float | None = None):
        """A wrong piece of track or mark first (pointed at, not changed), then the first
        named deduction (explain.py), and only then a step read off a solution.  Its
        searches take at most ``time_limit`` seconds together (HINT_TIME by default)."""
        p = state.puzzle
        if model.is_solved(state):
            return None
        clock = Clock(HINT_TIME if time_limit is None else time_limit)
        mine = run(tsolver.solve(p, **_progress(state)), mode=FIRST, time_limit=clock.left())
        if mine.count == 0 and mine.complete:
            return self._wrong(state, clock)
        if not model.check(state):
            found = explain.deduce(state)
            if found is not None:  # a rule of the Easy level, named
                name, hint = found
                return Hint(hint.move, f"{name[0].upper()}{name[1:]} (Easy): {hint.text}", hint.cells)
            found = _level_hint(state)
            if found is not None:
                return found
        if not mine.count:
            return None
        path = mine.solutions[0].path
        for a, b in itertools.pairwise(path):
            if edge_key(a, b) not in state.edges:
                return Hint(
                    ("edge", a[0], a[1], b[0], b[1], 1),
                    f"{READ_OFF}: the track runs from {explain.cell_text(a)} to {explain.cell_text(b)}.",
                    (a, b),
                )
        return None

    def sure_move(self, state):
        """The first named deduction from ``state`` (explain.py), as (name, Hint)."""
        if model.is_solved(state) or model.check(state):
            return None
        return explain.deduce(state)

    # --- aids: the player's entries, for core.aids ------------------------------------
    def entries(self, state) -> dict:
        """("edge", a, b) for each piece of track the player laid, ("mark", c) for each
        no-track mark, ("block", a, b) for each crossed-out edge and ("dot", c) for each
        dotted cell; the value is always 1."""
        p = state.puzzle
        out = {("edge", a, b): 1 for a, b in sorted(state.edges - p.fixed_edges)}
        out.update({("mark", c): 1 for c in sorted(state.marks)})
        out.update({("block", a, b): 1 for a, b in sorted(state.blocks)})
        out.update({("dot", c): 1 for c in sorted(state.dots)})
        return out

    def solution_entries(self, state, solution) -> dict:
        """Every entry the solution agrees with: its track and dots on its cells, marks
        off it, and crosses on every edge it does not use."""
        p = state.puzzle
        on = set(solution.path)
        track = set(path_edges(solution.path))
        out = {("edge", a, b): 1 for a, b in sorted(track)}
        cells = [(x, y) for y in range(p.height) for x in range(p.width)]
        out.update({("mark", c): 1 for c in cells if c not in on})
        out.update({("dot", c): 1 for c in cells if c in on})
        for x, y in cells:
            for b in ((x + 1, y), (x, y + 1)):
                if p.in_grid(b) and ((x, y), b) not in track:
                    out[("block", (x, y), b)] = 1
        return out

    def keep_entries(self, state, keys):
        p = state.puzzle
        keys = set(keys)
        edges = {edge_key(k[1], k[2]) for k in keys if k[0] == "edge"}
        marks = {k[1] for k in keys if k[0] == "mark"}
        blocks = {edge_key(k[1], k[2]) for k in keys if k[0] == "block"}
        dots = {k[1] for k in keys if k[0] == "dot"}
        return model.State(
            p,
            p.fixed_edges | (edges & state.edges),
            frozenset(marks & state.marks),
            frozenset(blocks & state.blocks),
            frozenset(dots & state.dots),
        )

    def entry_cells(self, state, key) -> tuple:
        return tuple(key[1:])

    def entry_text(self, state, key, value) -> str:
        if key[0] == "edge":
            return f"the track between {explain.cell_text(key[1])} and {explain.cell_text(key[2])}"
        if key[0] == "block":
            return f"the cross on the edge between {explain.cell_text(key[1])} and {explain.cell_text(key[2])}"
        if key[0] == "dot":
            return f"the track-here dot at {explain.cell_text(key[1])}"
        return f"the no-track mark at {explain.cell_text(key[1])}"

    def _wrong(self, state, clock: Clock):
        """A hint that names the player's first wrong piece of track or mark (and
        changes nothing: the player decides how to repair it)."""
        p = state.puzzle
        result = run(tsolver.solve(p), max_solutions=50, time_limit=clock.left())
        if result.count == 0:
            if not result.complete:
                return None
            return Hint(None, "This puzzle has no solution, so there is nothing to hint.", ())
        player = sorted(state.edges - p.fixed_edges)

        def agreement(sol):
            edges = set(path_edges(sol.path))
            return sum(1 for e in player if e in edges) - sum(1 for c in state.marks if c in set(sol.path))

        best = max(result.solutions, key=agreement)
        edges = set(path_edges(best.path))
        on = set(best.path)
        for a, b in player:
            if (a, b) not in edges:
                return Hint(
                    None,
                    f"The track between {cell_name(a)} and {cell_name(b)} is not part of the solution; take it up.",
                    (a, b),
                )
        for c in sorted(state.marks):
            if c in on:
                return Hint(None, f"The cell at {cell_name(c)} is on the track; remove its no-track mark.", (c,))
        for a, b in sorted(state.blocks):
            if (a, b) in edges:
                return Hint(None, f"The track runs between {cell_name(a)} and {cell_name(b)}; remove that cross.", (a, b))
        for c in sorted(state.dots):
            if c not in on:
                return Hint(None, f"The track does not pass through {cell_name(c)}; remove its dot.", (c,))
        return Hint(None, "Something in your progress is wrong, but no single piece can be blamed.", ())

    # --- solving ----------------------------------------------------------------------
    def solve(self, state, trace=False):
        p = state.puzzle
        return tsolver.solve(p, trace, **_progress(state))

    #: the most frontier states a count may hold at once (about 150 bytes each)
    COUNT_MAX_STATES = 1_000_000

    def count_solutions(self, state, should_stop=None):
        """Every solution counted without listing them: a dynamic programme over the
        row-by-row frontier of the path (count.py), within COUNT_MAX_STATES states."""
        from .count import Frontier, TooBig

        p = state.puzzle
        try:
            engine = tsolver.root_engine(p, **_progress(state))
        except tsolver.Contradiction:
            return 0
        frontier = Frontier(engine, max_states=self.COUNT_MAX_STATES)
        try:
            for _ in frontier.count():
                if should_stop is not None and should_stop():
                    return None
        except TooBig:
            return None
        return frontier.total

    def explain_search(self, state, steps, should_stop=None):
        """The recorded search with each deduced piece of track given the named deduction
        a person could have made, where explain.py finds one (its own bounds apply)."""
        return explain.name_search_steps(state, steps, self.apply, should_stop)[0]

    def solution_moves(self, state, solution):
        p = state.puzzle
        edges = path_edges(solution.path)
        want = set(edges)
        on = set(solution.path)
        moves = []
        for a, b in sorted(state.edges - p.fixed_edges - want):
            moves.append(("edge", a[0], a[1], b[0], b[1], 0))
        for c in sorted(state.marks & on):
            moves.append(("mark", c[0], c[1], 0))
        for c in sorted(state.dots - on):
            moves.append(("dot", c[0], c[1], 0))
        path = solution.path
        for a, b in itertools.pairwise(path):
            if edge_key(a, b) not in state.edges:
                moves.append(("edge", a[0], a[1], b[0], b[1], 1))
        return moves

    def solution_steps(self, state, solution):
        steps = [Step("remove", m, _clear_text(m)) for m in self.solution_moves(state, solution) if m[-1] == 0]
        path = solution.path
        for k, (a, b) in enumerate(itertools.pairwise(path), start=1):
            if edge_key(a, b) in state.edges:
                steps.append(Step("follow", None, f"Step {number(k)}: follow the given track to {cell_name(b)}", (b,)))
            else:
                steps.append(
                    Step("place", ("edge", a[0], a[1], b[0], b[1], 1), f"Step {number(k)}: lay track from {cells_span(a, b)}", (b,))
                )
        return steps

    def solution_json(self, solution):
        out = {"path": [list(c) for c in solution.path]}
        if solution.message is not None:
            out["message"] = solution.message
        return out

    def result_json(self, result):
        messages = [s.message for s in result.solutions if getattr(s, "message", None) is not None]
        if not messages:
            return {}
        agree = len(set(messages)) == 1
        out = {"messages_agree": agree}
        if agree:
            out["message"] = messages[0]
        return out

    def describe_result(self, result):
        text = describe(result)
        messages = [s.message for s in result.solutions if getattr(s, "message", None) is not None]
        if len(messages) > 1:
            if len(set(messages)) == 1:
                text += f" All {plural(len(messages), 'path')} spell the same message."
            else:
                text += f" The {plural(len(messages), 'path')} spell {number(len(set(messages)))} different messages."
        return text


    # --- the setter's analysis (core.analysis) ------------------------------------------
    def _clue_lines(self, p) -> list:
        """(key, cells, count, clue position, name) for every counted line, in the order
        of Puzzle.lines: ("col", x), then ("row", y) (the left part of a split row) and
        ("right", y)."""
        keys = [("col", x) for x in range(p.width)]
        for y in range(p.height):
            keys.append(("row", y))
            if p.split is not None:
                keys.append(("right", y))
        return [(key, *line) for key, line in zip(keys, p.lines, strict=True)]

    def givens(self, state) -> list:
        """Every count that is not blank, then every given piece of track."""
        from puzzlegui.core.analysis import Given

        p = state.puzzle
        out = [
            Given(key, (clue,), count, f"{name} count {count}")
            for key, _cells, count, clue, name in self._clue_lines(p)
            if count is not None
        ]
        out += [Given(("piece", c[0], c[1]), (c,), mask, _piece_text(c, mask)) for c, mask in p.fixed]
        return out

    def without_given(self, state, given):
        return self._given_set(state, given, None)

    def with_given(self, state, given):
        return self._given_set(state, given, given.value)

    def _given_set(self, state, given, value):
        """The puzzle as given with one count or piece set to ``value`` (None: blank, or
        no piece), rebuilt and checked by model.make_puzzle."""
        p = state.puzzle
        parts = {
            "columns": list(p.columns),
            "rows": list(p.rows),
            "rows_right": list(p.rows_right) if p.rows_right is not None else None,
            "fixed": dict(p.fixed),
        }
        what, *where = given.key
        if what == "piece":
            if value is None:
                parts["fixed"].pop(tuple(where), None)
            else:
                parts["fixed"][tuple(where)] = value
        else:
            name = {"col": "columns", "row": "rows", "right": "rows_right"}[what]
            if parts[name] is None:
                raise PuzzleError("This board has no right-hand row counts.")
            parts[name][where[0]] = value
        puzzle = model.make_puzzle(
            p.width, p.height, parts["columns"], parts["rows"], p.start, p.finish, p.split, parts["rows_right"],
            p.start_edge, p.finish_edge, tuple(parts["fixed"].items()), p.symbols,
        )
        return initial_state(puzzle)

    def candidate_givens(self, state, solutions) -> list:
        """A piece of track on a cell where the solutions' paths differ (not at A or B),
        or a count for a blank line whose solutions disagree on it; those that the
        fewest solutions have first, pieces before counts."""
        from puzzlegui.core.analysis import Given

        p = state.puzzle
        n = len(solutions)
        masks = [_path_masks(s.path) for s in solutions]
        found = []
        fixed = p.fixed_map
        for y in range(p.height):
            for x in range(p.width):
                c = (x, y)
                if c in fixed or p.is_end(c):
                    continue
                seen: dict = {}
                for m in masks:
                    if c in m:
                        seen[m[c]] = seen.get(m[c], 0) + 1
                for mask, agree in seen.items():
                    if agree < n:
                        found.append((agree, 0, c, Given(("piece", x, y), (c,), mask, _piece_text(c, mask))))
        for key, cells, count, clue, name in self._clue_lines(p):
            if count is not None:
                continue
            seen = {}
            for s in solutions:
                v = len(set(cells) & set(s.path))
                seen[v] = seen.get(v, 0) + 1
            for v, agree in seen.items():
                if agree < n:
                    found.append((agree, 1, clue, Given(key, (clue,), v, f"{name} count {v}")))
        found.sort(key=lambda t: t[:3])
        return [t[3] for t in found]

    def grade(self, state, time_limit: float | None = None):
        """The grade (solver.grade, the one grader: Tatham's Easy, Tricky and Hard by his
        deductions, then Expert), Tatham's name for it when his solver finishes the
        puzzle at that level (never otherwise), the level's hardest deduction, and the
        named deductions a person makes (explain.py) counted."""
        from puzzlegui.core.aids import sure_steps

        level = tsolver.grade(state.puzzle)
        if level is None:
            return None
        _moves, rules = sure_steps(self, initial_state(state.puzzle), time_limit=time_limit)
        name = DIFFICULTIES[min(level, tsolver.EXPERT)]
        tatham = ""
        if level <= tsolver.HARD and tsolver.tatham_board(state.puzzle) is not None:
            tatham = name.capitalize()
        if level == tsolver.EASY:
            order = [r for r in TRACKS_RULES if r in rules]
            hardest = order[-1] if order else ""
        else:
            hardest = LEVEL_RULES.get(level, "search")
        return name, tatham, hardest, rules

    def level_name(self, state) -> str:
        """The grade's name alone (easy, tricky, hard, expert; "search" when no
        deductions finish it, "" when they find it impossible): what the library and
        statistics show."""
        level = tsolver.grade(state.puzzle)
        if level is None:
            return ""
        return "search" if level == tsolver.SEARCH else DIFFICULTIES[level]

    def contradiction(self, state):
        """The sure deductions (explain.py) made until a rule breaks or a counted line has
        too little room left for its count ("column 3 needs 4 track cells and has room
        for 3"), as (sentence, cells)."""
        from puzzlegui.core.analysis import forced_contradiction

        return forced_contradiction(self, state, extra_check=_room_problem)


def _progress(state) -> dict:
    """The player's track, marks and notes, as the solver's given_* arguments."""
    return {
        "given_edges": state.edges - state.puzzle.fixed_edges,
        "given_marks": state.marks,
        "given_blocks": state.blocks,
        "given_dots": state.dots,
    }


def _clear_text(move) -> str:
    """The replay's sentence for taking back an entry that does not belong."""
    if move[0] == "edge":
        return f"Clear what does not belong: take up the track from {cells_span(move[1:3], move[3:5])}"
    if move[0] == "dot":
        return f"Clear what does not belong: remove the track-here dot at {cell_name(move[1:3])}"
    return f"Clear what does not belong: remove the no-track mark at {cell_name(move[1:3])}"


KIND = TracksKind()


#: explain.py's deduction names in the order it tries them (the later, the harder to see)
TRACKS_RULES = ("count full", "dead end", "entry", "exit", "forced", "no loop", "early finish", "count needs all")
#: what the deduction levels beyond Easy add (solver.py), as the hardest deduction used
LEVEL_RULES = {
    tsolver.TRICKY: "Tatham's Tricky line rules",
    tsolver.HARD: "Tatham's Hard rules (pairs both ways, parity)",
    tsolver.EXPERT: "cuts and pockets",
    tsolver.SEARCH: "search",
}


#: Tatham's rules (levels.py) as a hint names them
RULE_TITLES = {
    "edges": "Square", "counts": "Count", "loops": "No loop", "one_more": "One more",
    "loose_ends": "Loose ends", "pairs_one": "Pair", "pairs_both": "Pair, the other way", "parity": "Parity",
}


def _level_hint(state):
    """The next deduction of Tatham's rules (levels.py) from the player's position, as a
    Hint named by its rule and level ("Parity (Hard): ..."), or None (a board his program
    cannot hold, or nothing new follows).  Easiest rule first, so on a puzzle of his
    level the hint never needs a rule above it."""
    p = state.puzzle
    board = tsolver.tatham_board(p)
    if board is None:
        return None
    board = levels.with_position(board, state)
    if board.impossible:
        return None
    W, H = p.width, p.height
    mask, fixed = state.mask, p.fixed_map

    def known(fact) -> bool:
        c = (fact[1] % W, fact[1] // W)
        if fact[0] == "square":
            return c in mask or c in state.dots if fact[2] == levels.TRACK else c in state.marks
        d, shift = fact[2], fact[3]
        dx, dy = model.DELTA[d]
        n = (c[0] + dx, c[1] + dy)
        if not (0 <= n[0] < W and 0 <= n[1] < H):
            return True
        key = edge_key(c, n)
        if shift == levels.ET:
            return key in state.edges
        if key in state.blocks or c in state.marks or n in state.marks:
            return True
        return any(
            (x in fixed and not fixed[x] & direction(x, y)) or bin(mask.get(x, 0)).count("1") >= 2
            for x, y in ((c, n), (n, c))
        )

    found = levels.next_fact(board, known)
    if found is None:
        return None
    rule, level, fact, before = found
    return _fact_hint(p, rule, level, fact, before)


def _fact_hint(p, rule, level, fact, before):
    W = p.width
    c = (fact[1] % W, fact[1] // W)
    where = cell_name(c)
    if fact[0] == "square":
        move = ("dot" if fact[2] == levels.TRACK else "mark", c[0], c[1], 1)
        cells = (c,)
        n = None
    else:
        dx, dy = model.DELTA[fact[2]]
        n = (c[0] + dx, c[1] + dy)
        move = ("edge" if fact[3] == levels.ET else "block", c[0], c[1], n[0], n[1], 1)
        cells = (c, n)
    line = _line_name(p, rule, fact, before)
    track = fact[0] == "square" and fact[2] == levels.TRACK
    uses = fact[0] == "side" and fact[3] == levels.ET
    if rule == "edges":
        if fact[0] == "square":
            text = f"{where} has track on a side, so it holds track." if track else (
                f"{where} has three sides the track cannot use, so it is empty.")
        elif uses:
            text = f"{where} holds track and has only two sides it can use, so the track runs on to {cell_name(n)}."
        else:
            text = f"{where} cannot take track from {cell_name(n)}: it is empty or already has its two pieces."
    elif rule == "counts":
        text = (f"{line} needs every cell that can still hold track, so {where} holds track." if track
                else f"{line} already has its count of track cells, so {where} is empty.")
    elif rule == "loops":
        text = (f"Track between {where} and {cell_name(n)} would close a loop, or join A to B before every "
                "count is met, so none crosses there.")
    elif rule == "one_more":
        text = f"{line} needs one more track cell, next to its one open end, so {where} is empty."
    elif rule == "loose_ends":
        text = (f"{line} has one loose end and two track cells to lay with nowhere to cross it, so the track "
                f"at {where} runs on to {cell_name(n)}." if uses else
                f"{line} has as many loose ends as track cells still to lay, so the loose end at {where} "
                f"cannot run on to {cell_name(n)}.")
    elif rule == "pairs_one":
        text = (f"{line} needs one more track cell; track in {where} could only go on into its neighbour "
                "along the line, which would make two, so it is empty.")
    elif rule == "pairs_both":
        text = (f"{line} can leave only one more cell empty, so {where} or its neighbour along the line holds "
                f"track, and track in that neighbour could only go on into {where}: so {where} holds track.")
    else:
        text = (f"The link between {where} and {cell_name(n)} is the only way between two parts of the board "
                f"still open; counting where the track already leaves one part, it "
                f"{'must' if uses else 'cannot'} cross here.")
    return Hint(move, f"{RULE_TITLES[rule]} ({levels.NAMES[level]}): {text}", cells)


def _line_name(p, rule, fact, before) -> str:
    """The line (column or row, counted from 1) a line rule's fact was found in."""
    W, H = p.width, p.height
    i = fact[1]
    x, y = i % W, i // W
    if fact[0] == "side":
        return f"Column {x + 1}" if fact[2] in (model.U, model.D) else f"Row {y + 1}"
    column = [before.sf[y2 * W + x] for y2 in range(H)]
    row = [before.sf[y * W + x2] for x2 in range(W)]

    def tally(fs, count):
        track = sum(f & levels.TRACK for f in fs)
        empty = sum((f >> 1) & 1 for f in fs)
        return {"counts": track == count or len(fs) - count == empty,
                "one_more": track == count - 1,
                "pairs_one": count - track == 1,
                "pairs_both": len(fs) - count - empty == 1}.get(rule, False)

    if tally(column, p.columns[x]):
        return f"Column {x + 1}"
    return f"Row {y + 1}" if tally(row, p.rows[y]) else f"Column {x + 1}"


def _piece_text(c, mask: int) -> str:
    """A given piece for sentences: "the piece at column 2, row 5 joining left and top"."""
    sides = [model.EDGE_WORD[b] for b in (model.L, model.R, model.U, model.D) if mask & b]
    return f"the piece at {cell_name(c)} joining {' and '.join(sides)}"


def _path_masks(path) -> dict:
    """The direction bits of the track in each cell of ``path`` (A and B get one)."""
    out: dict = {}
    for a, b in itertools.pairwise(path):
        out[a] = out.get(a, 0) | direction(a, b)
        out[b] = out.get(b, 0) | direction(b, a)
    return out


def _room_problem(state):
    """A counted line whose cells not marked "no track" are fewer than its count, as
    (sentence, the clue and those cells), or None."""
    p = state.puzzle
    for cells, count, clue, name in p.lines:
        if count is None:
            continue
        room = [c for c in cells if c not in state.marks]
        if len(room) < count:
            return (
                f"{name[0].upper()}{name[1:]} needs {plural(count, 'track cell')} and has room for {number(len(room))}.",
                (clue,) + tuple(room),
            )
    return None
