"""Reading and writing rotation puzzles: the JSON "puzzle" section, Simon Tatham's Twiddle
game IDs, and the plain text layout.  Every malformed input raises PuzzleError with a
sentence naming the problem and where.  Pure: no Qt.

Game IDs (Twiddle's, plus one letter of ours)::

    3x3n2:5,8,7,2,1,6,9,4,3          W x H, block size, tiles in reading order
    3x3n2o:4l7r9d6d1u2d8l5r3d        "o": every number is followed by its arrow u/r/d/l
    3x3n2r:3,1,2,1,3,2,3,1,2         "r": rows only (the numbers are row numbers)
    3x3n2c:7,6,5,8,4,9,3,2,1         "c": the buttons turn clockwise only (puzzlegui's)

Twiddle skips letters it does not know, so it reads a "c" ID as the two-way puzzle.
"m<number>" (Twiddle's shuffle length) is accepted and ignored.

Plain text::

    block 2 clockwise-only
    7 6 5
    8 4 9
    3 2 1

The first line gives the block size and any of the words clockwise-only, rows-only and
orientation; each further line is a row of tiles, a number with an arrow (^ > v <) after
it when the arrows matter.  Lines starting with # are comments.
"""

from __future__ import annotations

import re

from puzzlegui.core import validate
from puzzlegui.core.kind import PuzzleError

from .model import ARROWS, MAX_SIZE, MIN_SIZE, Config, RotationState, check_config, make_state

TEXT_ARROWS = "^>v<"  # up, right, down, left in the plain text layout
MAX_ID = 4000


def _int(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PuzzleError(f"{what} must be a whole number, not {value!r:.40}.")
    return value


def _bool(data: dict, key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise PuzzleError(f'"{key}" must be true or false, not {value!r:.40}.')
    return value


# --- JSON ---------------------------------------------------------------------------------------
# the one place where every field's type and range is checked; the rules that tie fields
# together (block fits the board, tiles a permutation, arrows only with orientation) follow
SECTION = validate.Obj(
    {
        "width": validate.Int(MIN_SIZE, MAX_SIZE),
        "height": validate.Int(MIN_SIZE, MAX_SIZE),
        "block": validate.Int(2, MAX_SIZE),
        "directions": validate.Text(0, 20, noun='"cw" (clockwise only) or "both"'),
        "orientation": validate.Bool(),
        "rows_only": validate.Bool(),
        "tiles": lambda f: validate.Grid(validate.Int(1, MAX_SIZE * MAX_SIZE), f["width"], f["height"]),
        "arrows": lambda f: validate.Grid(validate.Choice(*ARROWS), f["width"], f["height"]),
    },
    required=("width", "height", "tiles"),
    label="the puzzle section",
    missing='The puzzle section needs "{key}".',
)

# saved moves (model.apply_move): ("turn", x, y, "cw"|"ccw"), ("back", x, y, "cw"|"ccw")
_BLOCK = validate.Int(0, MAX_SIZE - MIN_SIZE)
MOVES = {
    "turn": (_BLOCK, _BLOCK, validate.Choice("cw", "ccw")),
    "back": (_BLOCK, _BLOCK, validate.Choice("cw", "ccw")),
}


def move_from_json(value) -> tuple:
    """A saved move as a tuple; ``[x, y, "cw"]`` (the solve --json shape) is a turn."""
    if isinstance(value, list) and len(value) == 3 and not isinstance(value[0], str):
        value = ["turn", *value]
    return validate.move(value, MOVES, "rotation")


def decode(data: dict) -> RotationState:
    if not isinstance(data, dict):
        raise PuzzleError("The puzzle section must be an object.")
    data = validate.check(SECTION, data)
    w = _int(data["width"], '"width"')
    h = _int(data["height"], '"height"')
    n = _int(data.get("block", 2), '"block"')
    check_config(w, h, n)
    directions = data.get("directions", "both")
    if directions not in ("cw", "both"):
        raise PuzzleError(f'"directions" is "cw" (clockwise only) or "both", not {validate.shown(directions, 40)}.')
    config = Config(w, h, n, directions == "cw", _bool(data, "orientation"), _bool(data, "rows_only"))
    tiles = _rows(data["tiles"], config, "tiles", lambda v, where: _int(v, where))
    orient = None
    if config.oriented:
        if "arrows" not in data:
            raise PuzzleError('With "orientation" the puzzle section needs "arrows" (rows of u, r, d, l).')
        orient = _rows(data["arrows"], config, "arrows", _arrow)
    elif "arrows" in data:
        raise PuzzleError('"arrows" is only allowed when "orientation" is true.')
    return make_state(config, tiles, orient)


def _arrow(value, where: str) -> int:
    if not isinstance(value, str) or len(value) != 1 or value not in ARROWS:
        raise PuzzleError(f'{where} must be one of "u", "r", "d", "l", not {value!r:.20}.')
    return ARROWS.index(value)


def _rows(rows, config: Config, name: str, read) -> list:
    if not isinstance(rows, list) or len(rows) != config.h:
        count = len(rows) if isinstance(rows, list) else "no"
        raise PuzzleError(f'"{name}" must be a list of {config.h} rows; it has {count}.')
    out = []
    for y, row in enumerate(rows, start=1):
        if not isinstance(row, list) or len(row) != config.w:
            count = len(row) if isinstance(row, list) else "no"
            raise PuzzleError(f'Row {y} of "{name}" must hold {config.w} entries; it has {count}.')
        for x, value in enumerate(row, start=1):
            out.append(read(value, f'"{name}" row {y}, column {x}'))
    return out


def encode(state: RotationState) -> dict:
    c = state.config
    data = {
        "width": c.w,
        "height": c.h,
        "block": c.n,
        "directions": "cw" if c.cw_only else "both",
        "orientation": c.oriented,
        "rows_only": c.rows_only,
        "tiles": [list(state.tiles[y * c.w : (y + 1) * c.w]) for y in range(c.h)],
    }
    if c.oriented:
        data["arrows"] = [[ARROWS[o] for o in state.orient[y * c.w : (y + 1) * c.w]] for y in range(c.h)]
    return data


# --- game IDs ------------------------------------------------------------------------------------
_PARAMS = re.compile(r"^([0-9]+)(?:x([0-9]+))?(?:n([0-9]+))?([a-z0-9]*)$")


def parse_params(text: str) -> Config:
    """A Twiddle parameter string such as "4x4n2o" or "3x3n2rc"."""
    m = _PARAMS.match(text.strip())
    if not m:
        raise PuzzleError(
            f"{validate.shown(text, 40)} is not a rotation size: write it like 3x3n2 (width x height, n block size)."
        )
    sizes = [validate.small_int(g, 3) if g else None for g in m.groups()[:3]]
    for g, size, name in zip(m.groups()[:3], sizes, ("width", "height", "block size")):
        if g and size is None:
            raise PuzzleError(f"The {name} in {validate.shown(text, 40)} is far too large; boards are {MIN_SIZE} to {MAX_SIZE} tiles a side.")
    w = sizes[0]
    h = sizes[1] if m.group(2) else w
    n = sizes[2] if m.group(3) else 2
    flags = m.group(4)
    rest = re.sub(r"m[0-9]*", "", flags)
    bad = set(rest) - set("roc")
    if bad:
        raise PuzzleError(
            f"Unknown option {validate.shown(sorted(bad)[0])} in {validate.shown(text, 40)}; the options are r, o and c."
        )
    check_config(w, h, n)
    return Config(w, h, n, "c" in rest, "o" in rest, "r" in rest)


def parse_game_id(text: str) -> RotationState:
    if not isinstance(text, str):
        raise PuzzleError("A game ID is text.")
    text = text.strip()
    if len(text) > MAX_ID:
        raise PuzzleError(f"The game ID is {len(text):,} characters long; rotation IDs are at most {MAX_ID:,}.")
    params, sep, desc = text.partition(":")
    if not sep:
        raise PuzzleError(
            f"{validate.shown(text, 40)} is not a rotation game ID: it needs the size, a colon and the tiles, "
            "like 3x3n2:5,8,7,2,1,6,9,4,3."
        )
    config = parse_params(params)
    cells = config.cells
    if config.oriented:
        parts = re.findall(r"([0-9]+)([a-z]?)", desc)
        if "".join(a + b for a, b in parts) != desc:
            bad = re.sub(r"[0-9]+[a-z]?", "", desc)[:1] or desc[:1]
            raise PuzzleError(
                f"Unexpected {validate.shown(bad)} in the tiles of the game ID; write each number then u, r, d or l."
            )
        if len(parts) != cells:
            raise PuzzleError(f"The game ID lists {len(parts)} tiles; a {config.w}x{config.h} board has {cells}.")
        tiles, orient = [], []
        for i, (num, letter) in enumerate(parts, start=1):
            if letter not in ARROWS or not letter:
                raise PuzzleError(f"Tile {i} of the game ID needs an arrow letter u, r, d or l after its number.")
            if len(num) > 4:
                raise PuzzleError(f"Tile {i} of the game ID is {validate.shown(num, 10)}, far too large a number.")
            tiles.append(int(num))
            orient.append(ARROWS.index(letter))
        return make_state(config, tiles, orient)
    parts = desc.split(",")
    if len(parts) != cells:
        raise PuzzleError(f"The game ID lists {len(parts)} tiles; a {config.w}x{config.h} board has {cells}.")
    tiles = []
    for i, p in enumerate(parts, start=1):
        if not validate.is_digits(p) or len(p) > 4:
            raise PuzzleError(f"Tile {i} of the game ID is {validate.shown(p, 10)}, not a number.")
        tiles.append(int(p))
    return make_state(config, tiles)


def format_game_id(state: RotationState) -> str:
    c = state.config
    if c.oriented:
        desc = "".join(f"{t}{ARROWS[o]}" for t, o in zip(state.tiles, state.orient))
    else:
        desc = ",".join(str(t) for t in state.tiles)
    return f"{c.params_text()}:{desc}"


# --- plain text ----------------------------------------------------------------------------------
def parse_text(text: str) -> RotationState:
    if not isinstance(text, str):
        raise PuzzleError("The plain text layout is text.")
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(lines) > MAX_SIZE:
            raise PuzzleError(f"The text has more than {MAX_SIZE + 1} lines; boards are at most {MAX_SIZE} rows.")
        if len(line) > 1000:
            raise PuzzleError(f"Line {number} is {len(line):,} characters long; no line of a rotation board is that long.")
        lines.append(line)
    if not lines:
        raise PuzzleError("The text holds no rows of tiles.")
    n = 2
    cw_only = rows_only = oriented = False
    if not "0" <= lines[0][0] <= "9":
        words = lines.pop(0).lower().split()
        i = 0
        while i < len(words):
            word = words[i]
            if word == "block":
                if i + 1 >= len(words) or not validate.is_digits(words[i + 1]):
                    raise PuzzleError('Line 1: "block" must be followed by the block size, as in "block 2".')
                n = validate.small_int(words[i + 1], 3)
                if n is None:
                    raise PuzzleError(f"Line 1: the block size {validate.shown(words[i + 1], 10)} is far too large.")
                i += 2
                continue
            if word in ("clockwise-only", "clockwise"):
                cw_only = True
            elif word in ("rows-only", "rows"):
                rows_only = True
            elif word in ("orientation", "arrows"):
                oriented = True
            else:
                raise PuzzleError(
                    f"Line 1: unknown word {validate.shown(word, 20)}; use block N, clockwise-only, rows-only, orientation."
                )
            i += 1
    if not lines:
        raise PuzzleError("The text holds no rows of tiles.")
    rows = [ln.split() for ln in lines]
    w, h = len(rows[0]), len(rows)
    for y, row in enumerate(rows, start=1):
        if len(row) != w:
            raise PuzzleError(f"Row {y} has {len(row)} tiles; the first row has {w}.")
    tokens = [tok for row in rows for tok in row]
    has_arrow = [tok[-1:] in TEXT_ARROWS for tok in tokens]
    if any(has_arrow):
        oriented = True
    check_config(w, h, n)
    config = Config(w, h, n, cw_only, oriented, rows_only)
    tiles, orient = [], []
    for i, tok in enumerate(tokens):
        x, y = i % w + 1, i // w + 1
        arrow = tok[-1] if tok[-1:] in TEXT_ARROWS else ""
        num = tok[: len(tok) - len(arrow)]
        if not validate.is_digits(num) or len(num) > 4:
            raise PuzzleError(f"Row {y}, column {x}: {validate.shown(tok, 12)} is not a tile number.")
        if oriented and not arrow:
            raise PuzzleError(f"Row {y}, column {x}: tile {num} needs an arrow (^ > v <) like the others.")
        tiles.append(int(num))
        orient.append(TEXT_ARROWS.index(arrow) if arrow else 0)
    return make_state(config, tiles, orient)


def format_text(state: RotationState) -> str:
    c = state.config
    words = [f"block {c.n}"]
    if c.cw_only:
        words.append("clockwise-only")
    if c.rows_only:
        words.append("rows-only")
    if c.oriented:
        words.append("orientation")
    width = len(str(max(state.tiles))) + (1 if c.oriented else 0)
    lines = [" ".join(words)]
    for y in range(c.h):
        cells = []
        for x in range(c.w):
            i = y * c.w + x
            tok = str(state.tiles[i]) + (TEXT_ARROWS[state.orient[i]] if c.oriented else "")
            cells.append(tok.rjust(width))
        lines.append(" ".join(cells))
    return "\n".join(lines) + "\n"
