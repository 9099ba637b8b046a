"""The Strips "puzzle" section of a puzzle file and the plain text layout.  Pure.

JSON section (docs/format-strips.md)::

    {"width": 5, "height": 5,
     "grid": ["wwbbw", "wbwbb", "bbbww", "bbwbb", "bwwww"],   rows top-down, b/w
     "letters": ["ONE..", ...],                              optional, "." = none
     "strips": "at most: len1-3"}                            optional, text syntax

Plain text::

    wwbbw            the grid, rows top-down
    wbwbb
    ...
                     blank line
    at most: len1-3  optional strip set
                     blank line
    letters:         optional letters, "." for none
    ONE..
    ...

Without a strip set a 25-cell grid uses the seed's (every 1x3 and 1x2 pattern once plus
one 1x1); other sizes must give one.  Lines starting with ``#`` are comments.
"""

from __future__ import annotations

from puzzlegui.core import validate
from puzzlegui.core.kind import PuzzleError

from .model import LETTER_CHARS, NO_LETTER, StripsState, make_state
from .stripset import (
    MAX_COUNT,
    MAX_LENGTH,
    SEED,
    SEED_CELLS,
    StripSet,
    format_set,
    parse_set,
    suggest,
)

MAX_SET_TEXT = 10_000  # characters of a strip set's text: "len1-12" is 7
#: grids up to 16x16 load and solve: the batched search (batch.py) counts a 16x16 grid
#: of distinct patterns (``exactly: len4 len6``) in a fraction of a second.  Generated
#: puzzles and the editor stay within model.MAX_SIDE.
MAX_SIDE = 16

# the one place where every field's type and range is checked; the grid's shape, the
# letters' agreement with it and the strip set's syntax and fit follow in decode
_ROWS = validate.List(
    validate.Text(0, 1000, noun="text of b and w"), 0, 1000, noun="rows of b and w",
    where_item=lambda w, i: f"row {i + 1} of the grid",
)
SECTION = validate.Obj(
    {
        "width": validate.Int(1, MAX_SIDE),
        "height": validate.Int(1, MAX_SIDE),
        "grid": _ROWS,
        "letters": validate.Nullable(
            validate.List(validate.Text(0, 1000), 0, 1000, noun="rows", where_item=lambda w, i: f"row {i + 1} of the letters")
        ),
        "strips": validate.Nullable(
            validate.Either(
                (str, validate.Text(0, MAX_SET_TEXT, noun="text")),
                (
                    dict,
                    validate.Obj(
                        {
                            "each": validate.Text(0, 20, noun='"exactly" or "at most"'),
                            "patterns": validate.Map(
                                validate.Text(0, 100, noun="a pattern"),
                                validate.Int(1, MAX_COUNT),
                                hi=1000,
                                noun='an object that maps patterns to counts, like {"wbw": 1, "bb": 2}',
                            ),
                        },
                        unknown='The strip set has an unknown field {key}; it has "each" and "patterns".',
                    ),
                ),
                noun='text such as "exactly: len2-4" or an object with "patterns"',
            )
        ),
    },
    required=("grid",),
    label="the puzzle section",
    missing='{label} has no "{key}" (rows of b and w).',
    unknown="The puzzle section has an unknown field {key}; Strips uses {keys}.",
)
KEYS = tuple(SECTION.fields)

# saved moves (model.apply): ("place" | "remove", pattern, ((x, y), ...))
_STRIP = (
    validate.Text(1, MAX_LENGTH, chars="bwBW", noun="a pattern of b and w"),
    validate.List(validate.Pair(validate.Int(0, MAX_SIDE - 1)), 1, MAX_LENGTH, noun="cells"),
)
MOVES = {"place": _STRIP, "remove": _STRIP}


def move_from_json(value) -> tuple:
    """A saved move in Strips' form, as a tuple; PuzzleError naming what is wrong."""
    return validate.move(value, MOVES, "Strips")


def default_strips(cols: int, rows: int) -> StripSet:
    """The set a grid gets when none is given: the seed's, for 25 cells only."""
    cells = cols * rows
    if cells == SEED_CELLS:
        return SEED
    hint = suggest(cols, rows)
    example = f" such as '{format_set(hint)}'" if hint else ""
    raise PuzzleError(
        f"A {cols}x{rows} grid has {cells} cells; without a strip set only 25-cell grids use the seed's "
        f"(every 1x3 and 1x2 pattern once plus one 1x1). Give a strip set{example}."
    )


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_grid(rows, where: str = "the grid") -> tuple[str, ...]:
    """Rows of b/w (any case), all the same length, within the size limit."""
    if not isinstance(rows, list | tuple) or not rows:
        raise PuzzleError(f"{where.capitalize()} must be a list of rows of b and w.")
    if len(rows) > MAX_SIDE:
        raise PuzzleError(f"{where.capitalize()} has {len(rows)} rows; Strips grids are at most {MAX_SIDE}x{MAX_SIDE}.")
    out = []
    for y, row in enumerate(rows, start=1):
        if not isinstance(row, str):
            raise PuzzleError(f"Row {y} of {where} must be text of b and w, not {row!r:.30}.")
        row = row.strip().lower()
        if not row:
            raise PuzzleError(f"Row {y} of {where} is empty.")
        if len(row) > MAX_SIDE:
            raise PuzzleError(
                f"Row {y} of {where} has {len(row)} cells; Strips grids are at most {MAX_SIDE}x{MAX_SIDE}."
            )
        for x, ch in enumerate(row, start=1):
            if ch not in "bw":
                raise PuzzleError(f"Row {y}, column {x} of {where} is {ch!r}; cells are b (black) or w (white).")
        if out and len(row) != len(out[0]):
            raise PuzzleError(f"Row {y} of {where} has {len(row)} cells but row 1 has {len(out[0])}.")
        out.append(row)
    return tuple(out)


def check_letters(rows, cols: int, height: int) -> tuple[str, ...]:
    if not isinstance(rows, list | tuple):
        raise PuzzleError('"letters" must be a list of rows like the grid, with "." where a cell has no letter.')
    if len(rows) != height:
        raise PuzzleError(f"The letters have {len(rows)} rows but the grid has {height}.")
    out = []
    for y, row in enumerate(rows, start=1):
        if not isinstance(row, str):
            raise PuzzleError(f"Row {y} of the letters must be text, not {row!r:.30}.")
        row = row.strip().upper()
        if len(row) != cols:
            raise PuzzleError(f"Row {y} of the letters has {len(row)} characters but the grid is {cols} wide.")
        for x, ch in enumerate(row, start=1):
            if ch != NO_LETTER and ch not in LETTER_CHARS:
                raise PuzzleError(
                    f"Row {y}, column {x} of the letters is {ch!r}; use A-Z or 0-9, or . for no letter."
                )
        out.append(row)
    return tuple(out)


def check_strips(value, cols: int, rows: int) -> StripSet:
    if value is None:
        return default_strips(cols, rows)
    if isinstance(value, str):
        if len(value) > MAX_SET_TEXT:
            raise PuzzleError(f"The strip set is {len(value):,} characters long; it may be at most {MAX_SET_TEXT:,}.")
        if not value.isascii():
            at = next(i for i, ch in enumerate(value) if not ch.isascii())
            raise PuzzleError(
                f"Character {at + 1} of the strip set is {validate.shown(value[at])}; a strip set is written with "
                "b, w, len, the digits 0-9, * and spaces."
            )
        strips = parse_set(value)
    elif isinstance(value, dict):
        strips = _strips_object(value)
    else:
        raise PuzzleError('"strips" must be text such as "exactly: len2-4" or an object with "patterns".')
    longest = max(cols, rows)
    if strips.max_length > longest and strips.exact:
        too_long = next(p for p in strips.patterns if len(p) > longest)
        raise PuzzleError(
            f"The strip {too_long.upper()} is {len(too_long)} cells long; a {cols}x{rows} grid holds strips "
            f"of at most {longest}."
        )
    return strips


def _strips_object(value: dict) -> StripSet:
    unknown = set(value) - {"each", "patterns"}
    if unknown:
        raise PuzzleError(
            f'The strip set has an unknown field {validate.shown(min(unknown, key=str))}; it has "each" and "patterns".'
        )
    each = value.get("each", "exactly")
    if each not in ("exactly", "at most"):
        raise PuzzleError(f'"each" in the strip set is "exactly" or "at most", not {validate.shown(each)}.')
    patterns = value.get("patterns")
    if not isinstance(patterns, dict) or not patterns:
        raise PuzzleError('"patterns" in the strip set maps patterns to counts, like {"wbw": 1, "bb": 2}.')
    counts = {}
    for pattern, n in patterns.items():
        if not isinstance(pattern, str) or not pattern or len(pattern) > MAX_LENGTH or set(pattern.lower()) - set("bw"):
            raise PuzzleError(
                f"{validate.shown(pattern, 20)} in the strip set is not a pattern of b and w (1 to {MAX_LENGTH} cells)."
            )
        if not _whole(n) or not 1 <= n <= MAX_COUNT:
            raise PuzzleError(
                f"The count of {validate.shown(pattern, 20)} must be a whole number from 1 to {MAX_COUNT}, "
                f"not {validate.shown(n)}."
            )
        counts[pattern.lower()] = n
    return StripSet.of(counts, exact=each == "exactly")


def build(colours, strips: StripSet, letters=()) -> StripsState:
    """A puzzle whose counts can match its strip set (PuzzleError saying why not).

    For the editor only: a file or text whose colours the set cannot hold is a
    well-formed puzzle with no solution, so decode and parse_text do not refuse it
    (the kind's check() names the misfit)."""
    black = sum(row.count("b") for row in colours)
    problem = strips.fit_problem(len(colours) * len(colours[0]), black)
    if problem:
        raise PuzzleError(problem)
    return make_state(colours, strips, letters)


def decode(data) -> StripsState:
    if not isinstance(data, dict):
        raise PuzzleError("The Strips puzzle section must be an object with a grid.")
    data = validate.check(SECTION, data)
    colours = check_grid(data["grid"])
    rows, cols = len(colours), len(colours[0])
    for key, actual in (("width", cols), ("height", rows)):
        if key in data:
            value = data[key]
            if not _whole(value) or not 1 <= value <= MAX_SIDE:
                raise PuzzleError(f'"{key}" must be a whole number from 1 to {MAX_SIDE}, not {value!r:.30}.')
            if value != actual:
                raise PuzzleError(f'"{key}" says {value} but the grid is {cols} wide and {rows} high.')
    letters = check_letters(data["letters"], cols, rows) if data.get("letters") is not None else ()
    strips = check_strips(data.get("strips"), cols, rows)
    return make_state(colours, strips, letters)  # a misfit is not malformed: check() explains it


def encode(state: StripsState) -> dict:
    out = {"width": state.cols, "height": state.rows, "grid": list(state.colours)}
    if state.letters:
        out["letters"] = list(state.letters)
    out["strips"] = format_set(state.strips)
    return out


def parse_text(text: str) -> StripsState:
    if not isinstance(text, str):
        raise PuzzleError("A Strips text layout is text.")
    blocks: list[list[str]] = [[]]
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if len(line) > MAX_SET_TEXT:
            raise PuzzleError(f"Line {number} is {len(line):,} characters long; no line of a Strips layout is that long.")
        if line.startswith("#"):
            continue
        if not line:
            if blocks[-1]:
                blocks.append([])
            continue
        blocks[-1].append(line)
    blocks = [b for b in blocks if b]
    if not blocks:
        raise PuzzleError("The text has no grid: write rows of b and w, one row a line.")
    colours = check_grid(blocks[0], "the grid")
    rows, cols = len(colours), len(colours[0])
    strips_text = None
    letters: tuple[str, ...] = ()
    for block in blocks[1:]:
        head = block[0].lower()
        if head.startswith("letters"):
            rest = block[0].split(":", 1)[1].strip() if ":" in block[0] else ""
            lines = ([rest] if rest else []) + block[1:]
            letters = check_letters(lines, cols, rows)
        elif strips_text is None:
            strips_text = " ".join(block)
        else:
            raise PuzzleError(
                "The text has more than one block after the grid that is not letters; "
                "write the strip set in one block (a blank line ends it)."
            )
    strips = check_strips(strips_text, cols, rows)
    return make_state(colours, strips, letters)  # a misfit is not malformed: check() explains it


def format_text(state: StripsState) -> str:
    parts = ["\n".join(state.colours)]
    if not (state.strips == SEED and state.cell_count == SEED_CELLS):
        parts.append(format_set(state.strips))
    if state.letters:
        parts.append("letters:\n" + "\n".join(state.letters))
    return "\n\n".join(parts) + "\n"
