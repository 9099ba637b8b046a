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

from puzzlegui.core.kind import PuzzleError

from .model import LETTER_CHARS, MAX_SIDE, NO_LETTER, StripsState, make_state
from .stripset import (
    MAX_LENGTH,
    SEED,
    SEED_CELLS,
    StripSet,
    format_set,
    parse_set,
    suggest,
)

KEYS = ("width", "height", "grid", "letters", "strips")


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
        raise PuzzleError(f'The strip set has an unknown field "{str(next(iter(unknown)))[:30]}"; it has "each" and "patterns".')
    each = value.get("each", "exactly")
    if each not in ("exactly", "at most"):
        raise PuzzleError(f'"each" in the strip set is "exactly" or "at most", not {each!r:.30}.')
    patterns = value.get("patterns")
    if not isinstance(patterns, dict) or not patterns:
        raise PuzzleError('"patterns" in the strip set maps patterns to counts, like {"wbw": 1, "bb": 2}.')
    counts = {}
    for pattern, n in patterns.items():
        if not isinstance(pattern, str) or not pattern or len(pattern) > MAX_LENGTH or set(pattern.lower()) - set("bw"):
            raise PuzzleError(f'"{str(pattern)[:20]}" in the strip set is not a pattern of b and w (1 to {MAX_LENGTH} cells).')
        if not _whole(n) or not 1 <= n <= 144:
            raise PuzzleError(f'The count of "{pattern[:20]}" must be a whole number from 1 to 144, not {n!r:.20}.')
        counts[pattern.lower()] = n
    return StripSet.of(counts, exact=each == "exactly")


def build(colours, strips: StripSet, letters=()) -> StripsState:
    """A puzzle whose counts can match its strip set (PuzzleError saying why not)."""
    black = sum(row.count("b") for row in colours)
    problem = strips.fit_problem(len(colours) * len(colours[0]), black)
    if problem:
        raise PuzzleError(problem)
    return make_state(colours, strips, letters)


def decode(data) -> StripsState:
    if not isinstance(data, dict):
        raise PuzzleError("The Strips puzzle section must be an object with a grid.")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise PuzzleError(
            f'The puzzle section has an unknown field "{str(unknown[0])[:30]}"; Strips uses {", ".join(KEYS)}.'
        )
    if "grid" not in data:
        raise PuzzleError('The puzzle section has no "grid" (rows of b and w).')
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
    return build(colours, strips, letters)


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
    for raw in text.splitlines():
        line = raw.strip()
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
    return build(colours, strips, letters)


def format_text(state: StripsState) -> str:
    parts = ["\n".join(state.colours)]
    if not (state.strips == SEED and state.cell_count == SEED_CELLS):
        parts.append(format_set(state.strips))
    if state.letters:
        parts.append("letters:\n" + "\n".join(state.letters))
    return "\n\n".join(parts) + "\n"
