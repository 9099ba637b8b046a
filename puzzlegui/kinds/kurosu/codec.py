"""Reading and writing Kurosu puzzles: the file section, Tatham's game IDs, plain text.

Every reader checks everything and raises PuzzleError with a sentence that says what
is wrong and where.
"""

from __future__ import annotations

import re

from puzzlegui.core import validate
from puzzlegui.core.kind import PuzzleError

from .model import MAX_SIZE, MIN_SIZE, KurosuState

_CHAR_VALUE = {".": -1, "0": 0, "1": 1}
_TEXT_VALUE = {".": -1, "0": 0, "o": 0, "O": 0, "1": 1, "x": 1, "X": 1}
MAX_ID = 20_000  # characters of a game ID: a 40x40 board's is under 1,700
DIFF_LETTERS = {"t": "trivial", "e": "easy", "n": "normal", "k": "tricky", "h": "hard"}
LETTER_OF = {v: k for k, v in DIFF_LETTERS.items()}


def check_size(width, height) -> None:
    for name, value in (("width", width), ("height", height)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise PuzzleError(f"The {name} must be a whole number, not {value!r:.30}.")
        if value < MIN_SIZE or value > MAX_SIZE:
            raise PuzzleError(f"The {name} is {value}; Kurosu boards are {MIN_SIZE} to {MAX_SIZE} cells across.")
        if value % 2:
            raise PuzzleError(f"The {name} is {value}; it must be even, so that every line holds as many X as O.")


# --- the "puzzle" section of a file ------------------------------------------------------
# the one place where every field's type and range is checked; evenness and the rows'
# agreement with "width" and "height" follow in decode
SECTION = validate.Obj(
    {
        "width": validate.Int(MIN_SIZE, MAX_SIZE),
        "height": validate.Int(MIN_SIZE, MAX_SIZE),
        "unique": validate.Bool(),
        "grid": validate.List(
            validate.Text(0, 10_000, noun="a text row"),
            0,
            10_000,
            noun='text rows such as "..0.1."',
            where_item=lambda w, i: f"row {i + 1} of the grid",
        ),
    },
    required=("grid",),
    label="the puzzle section",
    missing='{label} has no "{key}" (a list of rows such as "..0.1.").',
    unknown="The puzzle section has an unknown field {key}; the fields are {keys}.",
)
FIELDS = tuple(SECTION.fields)

# saved moves (model.apply): ("set", x, y, -1|0|1), ("mark", x, y, 0..3), ("clear", ((x, y), ...))
_COORD = validate.Int(0, MAX_SIZE - 1)
MOVES = {
    "set": (_COORD, _COORD, validate.Choice(-1, 0, 1)),
    "mark": (_COORD, _COORD, validate.Int(0, 3)),
    "clear": (validate.List(validate.Pair(_COORD), 0, MAX_SIZE * MAX_SIZE, noun="cells"),),
}


def move_from_json(value) -> tuple:
    """A saved move in Kurosu's form, as a tuple; PuzzleError naming what is wrong."""
    return validate.move(value, MOVES, "Kurosu")


def decode(data) -> KurosuState:
    if not isinstance(data, dict):
        raise PuzzleError("The Kurosu puzzle section must be an object.")
    data = validate.check(SECTION, data)
    grid = data["grid"]
    height = data.get("height", len(grid))
    width = data.get("width", len(grid[0]) if grid else 0)
    check_size(width, height)
    if len(grid) != height:
        raise PuzzleError(f'"grid" has {len(grid)} rows; the height is {height}.')
    unique = data.get("unique", False)
    if not isinstance(unique, bool):
        raise PuzzleError('"unique" must be true or false.')
    cells = []
    for y, row in enumerate(grid):
        if len(row) != width:
            raise PuzzleError(f"Row {y + 1} of the grid has {len(row)} cells; the width is {width}.")
        for x, ch in enumerate(row):
            if ch not in _CHAR_VALUE:
                raise PuzzleError(
                    f'Row {y + 1}, column {x + 1} of the grid is {validate.shown(ch)}; use "." for empty, "1" for X, "0" for O.'
                )
            cells.append(_CHAR_VALUE[ch])
    return KurosuState.new(width, height, cells, unique)


def encode(state: KurosuState) -> dict:
    chars = {-1: ".", 0: "0", 1: "1"}
    W = state.width
    grid = ["".join(chars[v] for v in state.givens[y * W : (y + 1) * W]) for y in range(state.height)]
    return {"width": state.width, "height": state.height, "unique": state.unique, "grid": grid}


# --- Simon Tatham's Unruly game IDs ------------------------------------------------------
_PARAMS = re.compile(r"^([0-9]+)(?:x([0-9]+))?(u?)(?:d(.))?$")


def parse_params(text: str) -> dict:
    """Tatham's parameter string: ``WxH``, ``N`` (square), ``u`` for the duplicate rule,
    ``d`` and a difficulty letter (t, e, n; also k and h here)."""
    m = _PARAMS.match(text.strip())
    if not m:
        raise PuzzleError(
            f"{validate.shown(text, 30)} is not a board size such as 6x6, 8x8u or 14x14dn."
        )
    sizes = [validate.small_int(g, 3) if g is not None else None for g in m.groups()[:2]]
    if any(g is not None and size is None for g, size in zip(m.groups()[:2], sizes)):
        raise PuzzleError(
            f"The board size in {validate.shown(text, 30)} is too large; Kurosu boards are at most {MAX_SIZE} cells across."
        )
    width = sizes[0]
    height = sizes[1] if m.group(2) else width
    check_size(width, height)
    params = {"width": width, "height": height, "unique": bool(m.group(3))}
    if m.group(4) is not None:
        letter = m.group(4)
        if letter not in DIFF_LETTERS:
            raise PuzzleError(
                f"{validate.shown('d' + letter)} is not a difficulty; use dt (trivial), de (easy), dn (normal), "
                "dk (tricky) or dh (hard)."
            )
        params["difficulty"] = DIFF_LETTERS[letter]
    return params


def format_params(params: dict) -> str:
    text = f"{params['width']}x{params['height']}"
    if params.get("unique"):
        text += "u"
    if params.get("difficulty"):
        text += "d" + LETTER_OF[params["difficulty"]]
    return text


def parse_game_id(text: str) -> KurosuState:
    """``6x6:DdCDeAddBEa``: after the colon, a-y skip that many empty cells and place an
    O, A-Y the same and place an X, z or Z skip 25.  The last letter places its symbol
    one past the end of the grid (Tatham's encoder ends that way), so the letters cover
    exactly width * height + 1 positions; ``6x6:zl`` is the empty board."""
    if not isinstance(text, str):
        raise PuzzleError("A Kurosu game ID is text.")
    text = text.strip()
    if len(text) > MAX_ID:
        raise PuzzleError(f"The game ID is {len(text):,} characters long; Kurosu IDs are at most {MAX_ID:,}.")
    if "#" in text:
        raise PuzzleError(
            "Random-seed IDs (with #) cannot be read; give a game ID with a colon, such as 6x6:DdCDeAddBEa."
        )
    params, sep, desc = text.partition(":")
    if not sep:
        raise PuzzleError(f"{validate.shown(text, 40)} is not a Kurosu game ID; it looks like 6x6:DdCDeAddBEa.")
    p = parse_params(params)
    width, height = p["width"], p["height"]
    size = width * height
    cells = [-1] * size
    pos = 0
    for i, ch in enumerate(desc):
        if "a" <= ch <= "y":
            pos += ord(ch) - ord("a")
            if pos < size:
                cells[pos] = 0
            pos += 1
        elif "A" <= ch <= "Y":
            pos += ord(ch) - ord("A")
            if pos < size:
                cells[pos] = 1
            pos += 1
        elif ch in "zZ":
            pos += 25
        else:
            raise PuzzleError(
                f"Character {i + 1} of the game ID's grid is {validate.shown(ch)}; only the letters a-z and A-Z are used."
            )
        if pos > size + 1:
            raise PuzzleError(
                f"The game ID's grid runs past the end of the {width}x{height} board at character {i + 1}."
            )
    if pos != size + 1:
        raise PuzzleError(
            f"The game ID's grid covers {max(0, pos - 1)} of the {size} cells of a {width}x{height} board; "
            "it is too short."
        )
    return KurosuState.new(width, height, cells, p["unique"])


def format_game_id(state: KurosuState) -> str:
    out = []
    run = 0
    size = state.width * state.height
    for i in range(size + 1):
        v = state.givens[i] if i < size else 0
        if v < 0:
            run += 1
            continue
        while run > 24:
            out.append("z" if v == 0 else "Z")
            run -= 25
        out.append(chr((ord("a") if v == 0 else ord("A")) + run))
        run = 0
    return format_params({"width": state.width, "height": state.height, "unique": state.unique}) + ":" + "".join(out)


TATHAM_MIN_SIZE = 6  # Unruly refuses smaller boards: "Width and height must be at least 6"


def tatham_id(state: KurosuState) -> str:
    """The ID for Tatham's Unruly: ours is already his, on the boards he allows."""
    if state.width < TATHAM_MIN_SIZE or state.height < TATHAM_MIN_SIZE:
        raise PuzzleError(
            f"This board is {state.width}x{state.height}; Tatham's Unruly takes boards of at least "
            f"{TATHAM_MIN_SIZE}x{TATHAM_MIN_SIZE}, so it has no Unruly game ID."
        )
    return format_game_id(state)


# --- the seed's plain text layout --------------------------------------------------------
def parse_text(text: str) -> KurosuState:
    """Lines of ".", "0" and "1" (also "o"/"O" for O and "x"/"X" for X); lines that start
    with # are comments, and the comment "# rule: unique" switches on the duplicate
    rule.  Blank lines are skipped."""
    if not isinstance(text, str):
        raise PuzzleError("A Kurosu text layout is text.")
    rows = []
    unique = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if len(rows) > MAX_SIZE:
            raise PuzzleError(f"The text has more than {MAX_SIZE} rows; Kurosu boards are at most {MAX_SIZE} cells across.")
        if line.startswith("#"):
            if line[1:].strip().lower().replace(" ", "") == "rule:unique":
                unique = True
            continue
        for col, ch in enumerate(line, start=1):
            if ch not in _TEXT_VALUE:
                raise PuzzleError(
                    f'Line {number}, character {col} is {validate.shown(ch)}; a Kurosu row uses "." for empty, "1" for X, "0" for O.'
                )
        rows.append((number, line))
    if not rows:
        raise PuzzleError('The text holds no rows; write one line of ".", "0" and "1" per row.')
    width = len(rows[0][1])
    for number, line in rows:
        if len(line) != width:
            raise PuzzleError(f"Line {number} has {len(line)} cells; the first row has {width}.")
    check_size(width, len(rows))
    cells = [_TEXT_VALUE[ch] for _, line in rows for ch in line]
    return KurosuState.new(width, len(rows), cells, unique)


def format_text(state: KurosuState) -> str:
    lines = [f"# Kurosu {state.width}x{state.height}"]
    if state.unique:
        lines.append("# rule: unique")
    lines.extend(encode(state)["grid"])
    return "\n".join(lines) + "\n"
