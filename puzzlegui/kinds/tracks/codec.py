"""Tracks puzzles in and out: the JSON "puzzle" section, Simon Tatham's game IDs and the
plain text layout (docs/format-tracks.md).  Every malformed input raises PuzzleError with
a sentence naming the problem and where.  No Qt."""

from __future__ import annotations

import re

from puzzlegui.core import validate
from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.text import cell_name

from .model import (
    BIT,
    EDGE_WORD,
    MAX_SIZE,
    MIN_SIZE,
    WORD_EDGE,
    Puzzle,
    bit_count,
    make_puzzle,
    piece_letters,
)

ARROW_EDGE = {"<": BIT["L"], ">": BIT["R"], "^": BIT["U"], "v": BIT["D"]}
EDGE_ARROW = {v: k for k, v in ARROW_EDGE.items()}


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# --- the JSON section --------------------------------------------------------------------
def _size(data, key):
    if key not in data:
        raise PuzzleError(f'The puzzle section has no "{key}".')
    v = data[key]
    if not _is_int(v):
        raise PuzzleError(f'"{key}" must be a whole number, not {v!r:.30}.')
    if not MIN_SIZE <= v <= MAX_SIZE:
        raise PuzzleError(f'"{key}" is {v}; Tracks boards are {MIN_SIZE} to {MAX_SIZE} cells each way.')
    return v


def _count(v, where):
    if v is None:
        return None
    if not _is_int(v):
        raise PuzzleError(f"The count of {where} must be a whole number or null (blank), not {v!r:.30}.")
    return v


def _end(data, key, label):
    v = data.get(key)
    if not isinstance(v, dict):
        raise PuzzleError(f'"{key}" must be an object like {{"cell": [0, 5], "edge": null}} giving {label}.')
    cell = v.get("cell")
    if not (isinstance(cell, list) and len(cell) == 2 and all(_is_int(c) for c in cell)):
        raise PuzzleError(f'"{key}"."cell" must be [x, y], two whole numbers.')
    edge = v.get("edge")
    if edge is not None and edge not in WORD_EDGE:
        raise PuzzleError(f'"{key}"."edge" must be null, "left", "right", "top" or "bottom", not {edge!r:.30}.')
    unknown = set(v) - {"cell", "edge"}
    if unknown:
        raise PuzzleError(f'"{key}" has unknown field "{min(unknown)[:30]}".')
    return (cell[0], cell[1]), (WORD_EDGE[edge] if edge is not None else None)


# --- the one place where every field's type and range is checked ---------------------------
_COUNT = validate.Nullable(validate.Int(0, MAX_SIZE))
_CELL_XY = validate.Pair(validate.Int(0, MAX_SIZE - 1))
_END = validate.Obj(
    {"cell": _CELL_XY, "edge": validate.Nullable(validate.Choice(*WORD_EDGE))},
    required=("cell",),
)
SECTION = validate.Obj(
    {
        "width": validate.Int(MIN_SIZE, MAX_SIZE),
        "height": validate.Int(MIN_SIZE, MAX_SIZE),
        "split": validate.Nullable(validate.Int(1, MAX_SIZE - 1)),
        "columns": validate.List(_COUNT, 1, MAX_SIZE, noun="counts", where_item=lambda w, i: f"the count of column {i + 1}"),
        "rows": validate.List(
            validate.Either(
                (type(None), _COUNT),
                (int, _COUNT),
                (list, validate.List(_COUNT, 2, 2, noun="counts", where_item=lambda w, i: f"{('the left', 'the right')[i]} count of {w}")),
                noun="a count, null or [left count, right count]",
            ),
            1,
            MAX_SIZE,
            noun="row counts",
            where_item=lambda w, i: f"row {i + 1}",
        ),
        "start": _END,
        "finish": _END,
        "fixed": validate.Nullable(
            validate.List(
                validate.Obj({"cell": _CELL_XY, "track": validate.Text(2, 2, chars="LRUD", noun="two letters of L, R, U, D")},
                      required=("cell", "track")),
                0,
                MAX_SIZE * MAX_SIZE,
                noun="given pieces",
                where_item=lambda w, i: f"given piece {i + 1}",
            )
        ),
        "symbols": validate.Nullable(
            validate.List(
                validate.List(
                    validate.Text(0, 3, printable=True, noun="a string of at most 3 characters"),
                    1,
                    MAX_SIZE,
                    noun="symbols",
                    where_item=lambda w, i: f"the symbol in column {i + 1} of {w}",
                ),
                1,
                MAX_SIZE,
                noun="rows",
                where_item=lambda w, i: f"row {i + 1} of the symbols",
            )
        ),
    },
    required=("width", "height", "columns", "rows", "start", "finish"),
    label="the puzzle section",
    unknown="The Tracks puzzle section has an unknown field {key}; the fields are {keys}.",
)

KEYS = set(SECTION.fields)

# saved moves (model.apply): ("edge", x1, y1, x2, y2, 1|0), ("mark", x, y, 1|0),
# ("block", x1, y1, x2, y2, 1|0), ("dot", x, y, 1|0), ("clear",)
_COORD = validate.Int(0, MAX_SIZE - 1)
MOVES = {
    "edge": (_COORD, _COORD, _COORD, _COORD, validate.Choice(0, 1)),
    "mark": (_COORD, _COORD, validate.Choice(0, 1)),
    "block": (_COORD, _COORD, _COORD, _COORD, validate.Choice(0, 1)),
    "dot": (_COORD, _COORD, validate.Choice(0, 1)),
    "clear": (),
}


def move_from_json(value) -> tuple:
    """A saved move in Tracks' form, as a tuple; PuzzleError naming what is wrong."""
    return validate.move(value, MOVES, "Tracks")


def decode(data) -> Puzzle:
    if not isinstance(data, dict):
        raise PuzzleError("The Tracks puzzle section must be a JSON object.")
    data = validate.check(SECTION, data)
    w = _size(data, "width")
    h = _size(data, "height")
    split = data.get("split")
    if split is not None and (not _is_int(split) or not 1 <= split <= w - 1):
        raise PuzzleError(f'"split" must be null or a column from 1 to {w - 1} (where the right part starts).')
    cols = data.get("columns")
    if not isinstance(cols, list):
        raise PuzzleError(f'"columns" must be a list of {w} counts (numbers, or null for blank).')
    if len(cols) != w:
        raise PuzzleError(f'"columns" has {len(cols)} counts; the board is {w} wide.')
    columns = [_count(v, f"column {x + 1}") for x, v in enumerate(cols)]
    rows_data = data.get("rows")
    if not isinstance(rows_data, list):
        raise PuzzleError(f'"rows" must be a list of {h} row counts.')
    if len(rows_data) != h:
        raise PuzzleError(f'"rows" has {len(rows_data)} entries; the board is {h} high.')
    rows, rows_right = [], None
    if split is None:
        for y, v in enumerate(rows_data):
            if isinstance(v, list):
                raise PuzzleError(f"Row {y + 1} has two counts but the board is not split (set \"split\").")
            rows.append(_count(v, f"row {y + 1}"))
    else:
        rows_right = []
        for y, v in enumerate(rows_data):
            if not (isinstance(v, list) and len(v) == 2):
                raise PuzzleError(f"Row {y + 1} must be [left count, right count] on a split board.")
            rows.append(_count(v[0], f"the left part of row {y + 1}"))
            rows_right.append(_count(v[1], f"the right part of row {y + 1}"))
    start, start_edge = _end(data, "start", "the start A")
    finish, finish_edge = _end(data, "finish", "the finish B")
    fixed = []
    fixed_data = data.get("fixed", [])
    if fixed_data is None:
        fixed_data = []
    if not isinstance(fixed_data, list):
        raise PuzzleError('"fixed" must be a list of given pieces like {"cell": [3, 2], "track": "LR"}.')
    for n, item in enumerate(fixed_data, start=1):
        if not isinstance(item, dict):
            raise PuzzleError(f'Given piece {n} must be an object like {{"cell": [3, 2], "track": "LR"}}.')
        cell = item.get("cell")
        if not (isinstance(cell, list) and len(cell) == 2 and all(_is_int(c) for c in cell)):
            raise PuzzleError(f'Given piece {n}: "cell" must be [x, y].')
        track = item.get("track")
        if not (isinstance(track, str) and len(track) == 2 and all(c in BIT for c in track) and track[0] != track[1]):
            raise PuzzleError(
                f'Given piece {n}: "track" must be two different letters of L, R, U, D (the sides it joins).'
            )
        fixed.append(((cell[0], cell[1]), BIT[track[0]] | BIT[track[1]]))
    symbols = data.get("symbols")
    if symbols is not None:
        if not isinstance(symbols, list) or not all(isinstance(r, list) for r in symbols):
            raise PuzzleError('"symbols" must be a list of rows, each a list of strings ("" for empty).')
        for y, row in enumerate(symbols):
            for x, s in enumerate(row):
                if not isinstance(s, str):
                    raise PuzzleError(f"The symbol at {cell_name((x, y))} must be a string, not {s!r:.20}.")
    return make_puzzle(
        w,
        h,
        columns,
        rows,
        start,
        finish,
        split=split,
        rows_right=rows_right,
        start_edge=start_edge,
        finish_edge=finish_edge,
        fixed=fixed,
        symbols=symbols,
    )


def encode(p: Puzzle) -> dict:
    out = {"width": p.width, "height": p.height, "split": p.split, "columns": list(p.columns)}
    if p.split is None:
        out["rows"] = list(p.rows)
    else:
        out["rows"] = [[a, b] for a, b in zip(p.rows, p.rows_right)]
    out["start"] = {"cell": list(p.start), "edge": EDGE_WORD[p.start_edge] if p.start_edge else None}
    out["finish"] = {"cell": list(p.finish), "edge": EDGE_WORD[p.finish_edge] if p.finish_edge else None}
    out["fixed"] = [{"cell": list(c), "track": piece_letters(m)} for c, m in p.fixed]
    if p.symbols is not None:
        out["symbols"] = [list(r) for r in p.symbols]
    return out


# --- Simon Tatham's game IDs ---------------------------------------------------------------
_PARAMS = re.compile(r"([0-9]+)(?:x([0-9]+))?(?:d[a-z]?)?o?")
MAX_ID = 20_000  # characters of a game ID: a 30x30 board's is under 1,000


def parse_game_id(text: str) -> Puzzle:
    """A puzzle from a Tatham Tracks game ID such as ``8x8:u5b3ze6e9a,5,5,1,4,4,4,S6,...``.

    The grid runs row by row: a-z skip 1-26 cells, a hex digit is a given piece with bits
    R=1 U=2 L=4 D=8.  Then W column counts and H row counts, comma separated; "S" marks
    the column where the track leaves through the bottom edge (B) and the row where it
    enters from the left edge (A)."""
    if not isinstance(text, str):
        raise PuzzleError("A Tracks game ID is text.")
    text = text.strip()
    if len(text) > MAX_ID:
        raise PuzzleError(f"The game ID is {len(text):,} characters long; Tracks IDs are at most {MAX_ID:,}.")
    params, sep, desc = text.partition(":")
    if not sep:
        raise PuzzleError('A Tracks game ID is the size, a colon and the description, like "8x8:u5b3ze6e9a,5,5,...".')
    m = _PARAMS.fullmatch(params.strip())
    if not m:
        raise PuzzleError(f"{validate.shown(params, 20)} is not a Tracks size; write it as WIDTHxHEIGHT, e.g. 8x8.")
    w = validate.small_int(m.group(1))
    h = validate.small_int(m.group(2)) if m.group(2) else w
    for name, size in (("width", w), ("height", h)):
        if size is None:
            raise PuzzleError(f"The game ID's {name} is far too large; Tracks boards are {MIN_SIZE} to {MAX_SIZE} cells each way.")
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise PuzzleError(f"The game ID's {name} is {size}; Tracks boards are {MIN_SIZE} to {MAX_SIZE} cells each way.")
    i = 0
    pos = 0
    fixed = []
    while pos < len(desc) and i < w * h:
        ch = desc[pos]
        if "a" <= ch <= "z":
            i += ord(ch) - ord("a") + 1
        elif "0" <= ch <= "9" or "A" <= ch <= "F":
            f = int(ch, 16)
            if bit_count(f) != 2:
                raise PuzzleError(
                    f"Character {pos + 1} of the grid ({ch!r}) gives a piece at ({i % w}, {i // w}) with "
                    f"{bit_count(f)} connections; a piece of track joins exactly two sides."
                )
            fixed.append(((i % w, i // w), f))
            i += 1
        elif ch == ",":
            break
        else:
            raise PuzzleError(f"Character {pos + 1} of the grid ({validate.shown(ch)}) is not a-z, 0-9 or A-F.")
        pos += 1
    if i < w * h:
        raise PuzzleError(f"The grid description covers {i} cells; a {w}x{h} board has {w * h}.")
    if i > w * h:
        raise PuzzleError(f"The grid description runs past the {w * h} cells of a {w}x{h} board.")
    rest = desc[pos:]
    if not rest.startswith(","):
        raise PuzzleError("The grid description must be followed by the counts, each after a comma.")
    parts = rest[1:].split(",")
    if len(parts) != w + h:
        raise PuzzleError(f"There are {len(parts)} counts after the grid; a {w}x{h} board needs {w + h} ({w} + {h}).")
    counts = []
    exit_col = entry_row = None
    for n, part in enumerate(parts):
        where = f"column {n + 1}" if n < w else f"row {n - w + 1}"
        marked = part.startswith("S")
        digits = part[1:] if marked else part
        if not validate.is_digits(digits) or len(digits) > 3:
            raise PuzzleError(f"The count of {where} ({validate.shown(part, 10)}) is not a number.")
        counts.append(int(digits))
        if marked:
            if n < w:
                if exit_col is not None:
                    raise PuzzleError("Two columns are marked S; the track leaves through the bottom of only one.")
                exit_col = n
            else:
                if entry_row is not None:
                    raise PuzzleError("Two rows are marked S; the track enters from the left of only one.")
                entry_row = n - w
    if exit_col is None:
        raise PuzzleError("No column is marked S (where the track leaves through the bottom edge).")
    if entry_row is None:
        raise PuzzleError("No row is marked S (where the track enters from the left edge).")
    return make_puzzle(
        w,
        h,
        counts[:w],
        counts[w:],
        (0, entry_row),
        (exit_col, h - 1),
        start_edge=BIT["L"],
        finish_edge=BIT["D"],
        fixed=fixed,
    )


def format_game_id(p: Puzzle, end_pieces=None) -> str:
    """Tatham's game ID for a puzzle that fits his rules: no split, every count given,
    A on the left edge attached to it, B on the bottom edge attached to it.

    His IDs always give the pieces at A and B; ``end_pieces`` supplies them (cell ->
    mask) when the puzzle itself does not.  The symbol layer is not part of an ID."""
    why = None
    if p.split is not None:
        why = "its rows are split in two"
    elif any(v is None for v in p.columns) or any(v is None for v in p.rows):
        why = "some counts are blank"
    elif p.start[0] != 0 or p.start_edge != BIT["L"]:
        why = "A must be in the left column, attached to the left edge"
    elif p.finish[1] != p.height - 1 or p.finish_edge != BIT["D"]:
        why = "B must be in the bottom row, attached to the bottom edge"
    if why:
        raise PuzzleError(f"This puzzle has no Tatham game ID: {why}.")
    pieces = dict(p.fixed)
    for c in (p.start, p.finish):
        if c not in pieces:
            if not end_pieces or c not in end_pieces:
                raise PuzzleError("This puzzle has no Tatham game ID: the pieces at A and B are not known.")
            pieces[c] = end_pieces[c]
    w, h = p.width, p.height
    out = []
    for i in range(w * h):
        c = (i % w, i // w)
        if c in pieces:
            out.append(format(pieces[c], "X"))
        elif out and "a" <= out[-1] < "z":
            out[-1] = chr(ord(out[-1]) + 1)
        else:
            out.append("a")
    nums = [("S" if x == p.finish[0] else "") + str(v) for x, v in enumerate(p.columns)]
    nums += [("S" if y == p.start[1] else "") + str(v) for y, v in enumerate(p.rows)]
    return f"{w}x{h}:" + "".join(out) + "," + ",".join(nums)


# --- the plain text layout -------------------------------------------------------------------
_CELL = re.compile(r"([AB])?([<>^v])?([LRUD]{2})?")


def _cell_token(c, p: Puzzle, pieces) -> str:
    tok = ""
    if c == p.start or c == p.finish:
        tok = "A" if c == p.start else "B"
        edge = p.start_edge if c == p.start else p.finish_edge
        if edge:
            tok += EDGE_ARROW[edge]
    if c in pieces:
        tok += piece_letters(pieces[c])
    return tok or "."


def format_text(p: Puzzle) -> str:
    """The board drawn in text: column counts on top, then one line per row with the
    row counts beside it ("|" marks the split), then the symbol layer if any."""
    pieces = dict(p.fixed)
    cells = [[_cell_token((x, y), p, pieces) for x in range(p.width)] for y in range(p.height)]
    cw = max(2, max(len(t) for row in cells for t in row))
    nums = [("?" if v is None else str(v)) for v in list(p.columns) + list(p.rows) + list(p.rows_right or ())]
    cw = max(cw, max(len(n) for n in nums))
    lw = 3

    def fmt(v):
        return ("?" if v is None else str(v)).rjust(lw)

    lines = ["# Tracks: counts on top and beside the rows (? = blank); A start, B finish,",
             "# <>^v attach an end to an outer edge, LRUD pairs are given pieces, . is empty."]
    head = " " * lw + " "
    for x, v in enumerate(p.columns):
        if p.split is not None and x == p.split:
            head += "  "
        head += ("?" if v is None else str(v)).rjust(cw) + " "
    lines.append(head.rstrip())
    for y in range(p.height):
        line = (fmt(p.rows[y]) if p.split is not None else " " * lw) + " "
        for x in range(p.width):
            if p.split is not None and x == p.split:
                line += "| "
            line += cells[y][x].rjust(cw) + " "
        line += fmt(p.rows_right[y] if p.split is not None else p.rows[y]).strip().rjust(lw)
        lines.append(line.rstrip())
    if p.symbols is not None:
        lines.append("symbols")
        sw = max(1, max(len(s) for row in p.symbols for s in row))
        for row in p.symbols:
            lines.append(" ".join((s or ".").rjust(sw) for s in row))
    return "\n".join(lines) + "\n"


def _parse_count(tok, where):
    if tok == "?":
        return None
    if not validate.is_digits(tok) or validate.small_int(tok, 3) is None:
        raise PuzzleError(f"{where}: {validate.shown(tok, 10)} is not a count (a number, or ? for blank).")
    return validate.small_int(tok, 3)


def parse_text(text: str) -> Puzzle:
    if not isinstance(text, str):
        raise PuzzleError("The Tracks text layout is text.")
    raw = [ln.split("#", 1)[0].rstrip() for ln in text.splitlines()]
    numbered = []
    for n, ln in enumerate(raw):
        if not ln.strip():
            continue
        if len(numbered) > 2 * MAX_SIZE + 2:
            raise PuzzleError(f"The text has more than {2 * MAX_SIZE + 2} lines; Tracks boards are at most {MAX_SIZE} rows.")
        if len(ln) > 40 * MAX_SIZE:
            raise PuzzleError(f"Line {n + 1} is {len(ln):,} characters long; no line of a Tracks board is that long.")
        numbered.append((n + 1, ln.split()))
    if not numbered:
        raise PuzzleError("The text is empty; it should start with a line of column counts.")
    sym_at = next((k for k, (_, toks) in enumerate(numbered) if toks == ["symbols"]), None)
    board = numbered[:sym_at] if sym_at is not None else numbered
    sym_lines = numbered[sym_at + 1 :] if sym_at is not None else None
    if len(board) < 1 + MIN_SIZE:
        raise PuzzleError(f"The board needs a line of column counts and at least {MIN_SIZE} rows.")
    head_no, head = board[0]
    columns = [_parse_count(t, f"Line {head_no}") for t in head]
    w = len(columns)
    if not MIN_SIZE <= w <= MAX_SIZE:
        raise PuzzleError(f"Line {head_no} has {w} column counts; Tracks boards are {MIN_SIZE} to {MAX_SIZE} wide.")
    h = len(board) - 1
    if h > MAX_SIZE:
        raise PuzzleError(f"The board has {h} rows; Tracks boards are at most {MAX_SIZE} high.")
    split = None
    rows, rows_right = [], []
    start = finish = None
    start_edge = finish_edge = None
    fixed = []
    for y, (no, toks) in enumerate(board[1:]):
        if "|" in toks:
            bar = toks.index("|")
            if len(toks) < 4:
                raise PuzzleError(f"Line {no}: a split row is: left count, cells, |, cells, right count.")
            left = _parse_count(toks[0], f"Line {no}")
            right = _parse_count(toks[-1], f"Line {no}")
            cell_toks = toks[1:bar] + toks[bar + 1 : -1]
            here = bar - 1
            if split is None and y == 0:
                split = here
            if split is None or split != here:
                raise PuzzleError(f"Line {no}: the split | must come after the same column in every row.")
            rows.append(left)
            rows_right.append(right)
        else:
            if split is not None:
                raise PuzzleError(f"Line {no}: every row of a split board needs its | mark.")
            if len(toks) < 2:
                raise PuzzleError(f"Line {no}: a row is its cells followed by its count.")
            rows.append(_parse_count(toks[-1], f"Line {no}"))
            cell_toks = toks[:-1]
        if len(cell_toks) != w:
            raise PuzzleError(f"Line {no} has {len(cell_toks)} cells; the column counts say the board is {w} wide.")
        for x, tok in enumerate(cell_toks):
            if tok == ".":
                continue
            m = _CELL.fullmatch(tok)
            if not m or not tok:
                raise PuzzleError(
                    f"Line {no}, cell {x + 1}: {validate.shown(tok, 10)} is not a cell (., A or B with an optional <>^v, "
                    "and/or a piece such as LR)."
                )
            who, arrow, piece = m.groups()
            if arrow and not who:
                raise PuzzleError(f"Line {no}, cell {x + 1}: only A or B can be attached to an edge.")
            if who == "A":
                if start is not None:
                    raise PuzzleError(f"Line {no}: there is a second A; the track has one start.")
                start, start_edge = (x, y), ARROW_EDGE[arrow] if arrow else None
            elif who == "B":
                if finish is not None:
                    raise PuzzleError(f"Line {no}: there is a second B; the track has one finish.")
                finish, finish_edge = (x, y), ARROW_EDGE[arrow] if arrow else None
            if piece:
                if piece[0] == piece[1]:
                    raise PuzzleError(f"Line {no}, cell {x + 1}: a piece joins two different sides, not {piece}.")
                fixed.append(((x, y), BIT[piece[0]] | BIT[piece[1]]))
    if start is None:
        raise PuzzleError("The board has no A (the start of the track).")
    if finish is None:
        raise PuzzleError("The board has no B (the finish of the track).")
    symbols = None
    if sym_lines is not None:
        if len(sym_lines) != h:
            raise PuzzleError(f"The symbol layer has {len(sym_lines)} lines; the board has {h} rows.")
        symbols = []
        for no, toks in sym_lines:
            if len(toks) != w:
                raise PuzzleError(f"Line {no} of the symbol layer has {len(toks)} symbols; the board is {w} wide.")
            for x, t in enumerate(toks):
                if t != "." and (len(t) > 3 or not t.isprintable() or validate.text_problem(t)):
                    raise PuzzleError(
                        f"Line {no}, symbol {x + 1}: {validate.shown(t, 10)} is not a symbol (at most 3 printable characters)."
                    )
            symbols.append(["" if t == "." else t for t in toks])
    return make_puzzle(
        w,
        h,
        columns,
        rows,
        start,
        finish,
        split=split,
        rows_right=rows_right if split is not None else None,
        start_edge=start_edge,
        finish_edge=finish_edge,
        fixed=fixed,
        symbols=symbols,
    )

