"""Checking untrusted input: JSON text, field types and ranges, strings, saved moves.

Everything a reader takes from a file, a game ID or a text layout passes through here
before the kind's own rules look at it, so that hostile input ends in a PuzzleError
sentence, never another exception, and in bounded time and memory (docs/VALIDATION.md).

Three parts, all stdlib only:

* ``parse_json``: a cheap scan of the text that bounds nesting depth and the number of
  values *before* anything is parsed, then the parse itself with NaN, Infinity, huge
  numbers and repeated keys refused (the outer levels a value at a time, so a worker
  thread reading a long record never holds the GIL for long).
* A small declarative schema (``Int``, ``Bool``, ``Text``, ``Choice``, ``List``, ``Obj``,
  ``Nullable``, ``Either``): each kind writes its file section once as a schema and
  calls ``check``.  Booleans are not whole numbers, floats are not whole numbers, and
  every string must be valid Unicode (encodable as UTF-8).
* ``move``: a saved move checked against a kind's move forms and turned into tuples.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod

from .errors import PuzzleError

MAX_JSON_DEPTH = 64  # brackets inside brackets; puzzle files need 5
MAX_JSON_CONTAINERS = 300_000  # lists and objects in one file
MAX_JSON_VALUES = 1_000_000  # values of any kind in one file
MAX_NUMBER_DIGITS = 400  # digits of one JSON number; the largest real one has 3
MAX_MOVE_DEPTH = 6  # lists inside a saved move; real moves need 3


# --- showing user text inside a message -----------------------------------------------------
def safe_text(text: str) -> str:
    """``text`` with every character that cannot be printed on one line (controls, lone
    surrogates, line separators) written as a backslash escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def shown(value, limit: int = 30) -> str:
    """A short, printable, one-line rendering of any JSON value for a message."""
    if isinstance(value, str):
        cut = value[:limit]
        return '"' + safe_text(cut) + '"' + ("..." if len(value) > limit else "")
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list):
        return "an empty list" if not value else f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an empty object" if not value else "an object"
    return safe_text(repr(value)[:limit])


def text_problem(value: str) -> str | None:
    """Why ``value`` is not valid Unicode text (a lone surrogate), or None."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        return (
            f"a character that is not valid Unicode (a lone surrogate, U+{ord(value[exc.start]):04X}, "
            f"at character {exc.start + 1})"
        )
    return None


def check_text(value: str, where: str) -> str:
    problem = text_problem(value)
    if problem:
        raise PuzzleError(f"{_cap(where)} holds {problem}.")
    return value


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_NOT_NEWLINE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def clean_meta(value: str, where: str, lines: bool = False) -> str:
    """Metadata text with control characters stripped: in one-line fields (title, source,
    author) every control character, line break and tab becomes a space; in ``lines``
    fields (notes) newlines and tabs stay (a CR LF becomes a newline) and the rest go."""
    check_text(value, where)
    if lines:
        value = value.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n").replace("\u2029", "\n")
        return _CONTROL_NOT_NEWLINE.sub("", value)
    return _CONTROL.sub(" ", value)


def _cap(where: str) -> str:
    return where[:1].upper() + where[1:] if where and where[0].isalpha() else where


def is_digits(text: str) -> bool:
    """True when ``text`` is one or more ASCII digits 0-9 (str.isdigit also accepts
    Arabic-Indic, superscript and other Unicode digits, which puzzles never use)."""
    return bool(text) and text.isascii() and text.isdigit()


def small_int(text: str, most: int = 9) -> int | None:
    """The value of the ASCII digits ``text``, leading zeros allowed; None when it has
    more than ``most`` significant digits (far beyond any size, count or tile)."""
    if not is_digits(text):
        raise ValueError(text)
    significant = text.lstrip("0")
    if len(significant) > most:
        return None
    return int(significant or "0")


# --- JSON text ------------------------------------------------------------------------------
# a string (its closing quote optional, so an unterminated one is consumed once, to the
# end, and the scan stays linear), an opening or closing bracket, or a comma
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[{]|[\]}]|,', re.S)


def json_shape_problem(text: str) -> str | None:
    """Why ``text`` is too deeply nested or holds too many values to parse, or None.

    A linear scan that skips strings: it counts brackets and commas and stops at the
    first limit passed, so json.loads never recurses deeply or builds millions of objects."""
    depth = containers = values = 0
    for m in _TOKENS.finditer(text):
        ch = m.group()[0]
        if ch in "[{":
            depth += 1
            containers += 1
            values += 1
            if depth > MAX_JSON_DEPTH:
                return f"the JSON is nested more than {MAX_JSON_DEPTH} levels deep; puzzle files need a few"
            if containers > MAX_JSON_CONTAINERS:
                return f"the JSON holds more than {MAX_JSON_CONTAINERS:,} lists and objects"
        elif ch in "]}":
            depth -= 1
        elif ch == ",":
            values += 1
            if values > MAX_JSON_VALUES:
                return f"the JSON holds more than {MAX_JSON_VALUES:,} values"
    return None


class _Refused(ValueError):
    """Raised from inside json.loads by the hooks below; carries the sentence's middle."""


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _Refused(f"a number with {len(digits.lstrip('-')):,} digits; numbers in puzzle files are small")
    return int(digits)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS:
        raise _Refused(f"a number {len(text):,} characters long; numbers in puzzle files are small")
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {text[:20]}, which is too large to be a number")
    return value


def _parse_constant(name: str):
    raise _Refused(f"{name}, which is not a number a puzzle file can use")


def _object(pairs) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {shown(key)} twice in one object")
        out[key] = value
    return out


# One json.loads call holds the GIL from its start to its end, hooks and all: reading a
# game record of 50,000 moves (1 MB) on a worker thread kept the window from answering for
# 100-200 ms.  So the outer lists and objects, down to PIECE_DEPTH levels (a record's
# history: record, history, moves), are walked here, and the C decoder is given what they
# hold a value at a time; between two values the window's thread can take the GIL.
PIECE_DEPTH = 3
_DECODER = json.JSONDecoder(
    parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant, object_pairs_hook=_object
)
_SPACE = re.compile(r"[ \t\n\r]*")


def _skip(text: str, i: int) -> int:
    return _SPACE.match(text, i).end()


def _value(text: str, i: int, depth: int):
    """The JSON value at ``text[i:]`` and the index after it, as json.loads reads it."""
    opening = text[i : i + 1]
    if depth <= 0 or opening not in ("[", "{"):
        return _DECODER.raw_decode(text, i)  # "Expecting value" if there is none
    close = "]" if opening == "[" else "}"
    items = []
    i = _skip(text, i + 1)
    if text.startswith(close, i):
        return (items if opening == "[" else _object(items)), i + 1
    while True:
        if opening == "[":
            item, i = _value(text, i, depth - 1)
        else:
            if not text.startswith('"', i):
                raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, i)
            key, i = _DECODER.raw_decode(text, i)
            i = _skip(text, i)
            if not text.startswith(":", i):
                raise json.JSONDecodeError("Expecting ':' delimiter", text, i)
            value, i = _value(text, _skip(text, i + 1), depth - 1)
            item = (key, value)
        items.append(item)
        i = _skip(text, i)
        if text.startswith(close, i):
            return (items if opening == "[" else _object(items)), i + 1
        if not text.startswith(",", i):
            raise json.JSONDecodeError("Expecting ',' delimiter", text, i)
        i = _skip(text, i + 1)


def _loads(text: str):
    """``json.loads(text)`` with the hooks above, a value at a time; the same value, or
    the same exception at the same place."""
    value, end = _value(text, _skip(text, 0), PIECE_DEPTH)
    end = _skip(text, end)
    if end != len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return value


def parse_json(text: str, where: str = ""):
    """The JSON value of ``text``; PuzzleError (prefixed with ``where``) for anything
    malformed, too deep, too large, or holding NaN, Infinity or a repeated key."""
    if not isinstance(text, str):
        raise PuzzleError(f"{where}a puzzle file is text.")
    problem = json_shape_problem(text)
    if problem:
        raise PuzzleError(f"{where}{problem}.")
    try:
        return _loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleError(
            f"{where}not valid JSON at line {exc.lineno}, column {exc.colno} ({exc.msg})."
        ) from None
    except _Refused as exc:
        raise PuzzleError(f"{where}the JSON holds {exc}.") from None
    except RecursionError:
        raise PuzzleError(f"{where}the JSON is nested too deeply to read.") from None
    except ValueError as exc:  # anything else the parser refuses
        raise PuzzleError(f"{where}the JSON cannot be read ({safe_text(str(exc))[:80]}).") from None


# --- the schema ------------------------------------------------------------------------------
class Spec(ABC):
    """One field's rule: ``check(value, where)`` returns the value or raises PuzzleError
    with a sentence that names ``where``."""

    @abstractmethod
    def check(self, value, where: str):
        """The value, checked (and for some specs converted); PuzzleError if it breaks the rule."""

    def describe(self) -> str:
        return "a value"


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Any(Spec):
    """Any JSON value; strings inside it must still be valid Unicode."""

    def check(self, value, where):
        return value


class Int(Spec):
    """A whole number from ``lo`` to ``hi`` (booleans and floats are not whole numbers)."""

    def __init__(self, lo: int, hi: int):
        self.lo, self.hi = lo, hi

    def describe(self):
        return f"a whole number from {self.lo} to {self.hi}"

    def check(self, value, where):
        if not _whole(value) or not self.lo <= value <= self.hi:
            raise PuzzleError(f"{_cap(where)} must be {self.describe()}, not {shown(value)}.")
        return value


class Bool(Spec):
    def describe(self):
        return "true or false"

    def check(self, value, where):
        if not isinstance(value, bool):
            raise PuzzleError(f"{_cap(where)} must be true or false, not {shown(value)}.")
        return value


class Text(Spec):
    """A string of ``lo`` to ``hi`` characters, valid Unicode; with ``chars``, only those
    characters; with ``printable``, no control or other unprintable characters."""

    def __init__(self, lo: int = 0, hi: int = 2000, chars: str | None = None, printable: bool = False, noun: str = "text"):
        self.lo, self.hi, self.chars, self.printable, self.noun = lo, hi, chars, printable, noun

    def describe(self):
        return self.noun

    def check(self, value, where):
        if not isinstance(value, str):
            raise PuzzleError(f"{_cap(where)} must be {self.noun}, not {shown(value)}.")
        check_text(value, where)
        if not self.lo <= len(value) <= self.hi:
            size = f"at most {self.hi}" if self.lo == 0 else f"{self.lo} to {self.hi}"
            raise PuzzleError(f"{_cap(where)} is {len(value):,} characters long; it must be {size}.")
        if self.chars is not None:
            for i, ch in enumerate(value):
                if ch not in self.chars:
                    raise PuzzleError(
                        f"Character {i + 1} of {where} is {shown(ch)}; the characters allowed are {self.chars}."
                    )
        if self.printable and not value.isprintable():
            bad = next(i for i, ch in enumerate(value) if not ch.isprintable())
            raise PuzzleError(f"{_cap(where)} holds an unprintable character ({shown(value[bad])}) at character {bad + 1}.")
        return value


class Choice(Spec):
    """One of a few fixed values (compared exactly: "Left" is not "left")."""

    def __init__(self, *values):
        self.values = values

    def describe(self):
        return " or ".join(json.dumps(v) for v in self.values)

    def check(self, value, where):
        if not any(type(value) is type(v) and value == v for v in self.values):
            raise PuzzleError(f"{_cap(where)} must be {self.describe()}, not {shown(value)}.")
        return value


class Nullable(Spec):
    def __init__(self, spec: Spec):
        self.spec = spec

    def describe(self):
        return f"null or {self.spec.describe()}"

    def check(self, value, where):
        return None if value is None else self.spec.check(value, where)


class Either(Spec):
    """The first spec whose JSON type matches the value (a string or an object, say)."""

    def __init__(self, *options: tuple[type, Spec], noun: str):
        self.options, self.noun = options, noun

    def describe(self):
        return self.noun

    def check(self, value, where):
        for kind, spec in self.options:
            if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
                return spec.check(value, where)
        raise PuzzleError(f"{_cap(where)} must be {self.noun}, not {shown(value)}.")


def _entry(where: str, i: int) -> str:
    return f"entry {i + 1} of {where}"


class List(Spec):
    """A list of ``lo`` to ``hi`` items, each checked by ``item``; ``where_item(where, i)``
    names an item in messages."""

    def __init__(self, item: Spec, lo: int = 0, hi: int = 10_000, noun: str = "entries", where_item=_entry):
        self.item, self.lo, self.hi, self.noun, self.where_item = item, lo, hi, noun, where_item

    def describe(self):
        if self.lo == self.hi:
            return f"a list of {self.lo} {self.noun}"
        return f"a list of {self.noun}"

    def check(self, value, where):
        if not isinstance(value, list):
            raise PuzzleError(f"{_cap(where)} must be {self.describe()}, not {shown(value)}.")
        if not self.lo <= len(value) <= self.hi:
            want = str(self.lo) if self.lo == self.hi else f"{self.lo} to {self.hi}"
            raise PuzzleError(f"{_cap(where)} must be a list of {want} {self.noun}; it has {len(value):,}.")
        return [self.item.check(v, self.where_item(where, i)) for i, v in enumerate(value)]


def Pair(spec: Spec) -> List:
    """[x, y]: two numbers, each checked by ``spec``."""
    return List(spec, 2, 2, noun="numbers", where_item=lambda where, i: f"the {'xy'[i]} coordinate of {where}")


class Map(Spec):
    """An object whose keys are data (a strip pattern, say) rather than field names: at
    most ``hi`` keys, each checked by ``key``, each value by ``value``."""

    def __init__(self, key: Spec, value: Spec, hi: int = 1000, noun: str = "an object"):
        self.key, self.value, self.hi, self.noun = key, value, hi, noun

    def describe(self):
        return self.noun

    def check(self, value, where):
        if not isinstance(value, dict):
            raise PuzzleError(f"{_cap(where)} must be {self.noun}, not {shown(value)}.")
        if len(value) > self.hi:
            raise PuzzleError(f"{_cap(where)} has {len(value):,} entries; it may have at most {self.hi:,}.")
        out = {}
        for k, v in value.items():
            self.key.check(k, f"the key {shown(k)} of {where}")
            out[k] = self.value.check(v, f"the value of {shown(k)} in {where}")
        return out


class Grid(Spec):
    """``height`` rows of ``width`` cells each, every cell checked by ``cell``; a cell is
    named in messages as '"tiles" row 2, column 3'."""

    def __init__(self, cell: Spec, width: int, height: int):
        self.cell, self.width, self.height = cell, width, height

    def describe(self):
        return f"a list of {self.height} rows"

    def check(self, value, where):
        if not isinstance(value, list) or len(value) != self.height:
            count = f"{len(value):,}" if isinstance(value, list) else "no"
            raise PuzzleError(f"{_cap(where)} must be a list of {self.height} rows; it has {count}.")
        out = []
        for y, row in enumerate(value, start=1):
            if not isinstance(row, list) or len(row) != self.width:
                count = f"{len(row):,}" if isinstance(row, list) else "no"
                raise PuzzleError(f"Row {y} of {where} must hold {self.width} entries; it has {count}.")
            out.append([self.cell.check(v, f"{where} row {y}, column {x}") for x, v in enumerate(row, start=1)])
        return out


class Obj(Spec):
    """A JSON object with known fields.  ``fields`` maps each key to its spec, or to a
    function of the fields checked so far that returns the spec (a list as long as the
    "width", say); fields are checked in this order.  Unknown keys are refused by name,
    missing ``required`` keys with ``missing`` (a template with {key})."""

    def __init__(
        self,
        fields: dict,
        required=(),
        label: str = "the object",
        missing: str = '{label} has no "{key}".',
        unknown: str = '{label} has an unknown field {key}; the fields are {keys}.',
    ):
        self.fields, self.required, self.label = fields, tuple(required), label
        self.missing, self.unknown = missing, unknown

    def describe(self):
        return "an object"

    def check(self, value, where=None):
        label = where or self.label
        if not isinstance(value, dict):
            raise PuzzleError(f"{_cap(label)} must be an object, not {shown(value)}.")
        for key in value:
            if key not in self.fields:
                raise PuzzleError(
                    _cap(self.unknown.format(label=label, key=shown(key), keys=", ".join(self.fields)))
                )
        for key in self.required:
            if key not in value:
                raise PuzzleError(_cap(self.missing.format(label=label, key=key)))
        out = {}
        for key, spec in self.fields.items():
            if key not in value:
                continue
            if not isinstance(spec, Spec):
                spec = spec(out)
            if where is None:
                field_where = f'"{key}"'
            elif where.endswith('"'):
                field_where = f'{where}."{key}"'
            else:
                field_where = f'"{key}" of {where}'
            out[key] = spec.check(value[key], field_where)
        return out


def check(spec: Spec, value, where: str | None = None):
    """``value`` checked against ``spec``; PuzzleError with a sentence if it does not fit."""
    return spec.check(value, where)


# --- saved moves -----------------------------------------------------------------------------
def tuples(value, depth: int = MAX_MOVE_DEPTH):
    """``value`` with every list turned into a tuple, iteratively; PuzzleError if it is
    nested more than ``depth`` lists deep or holds more than 100,000 items."""
    if not isinstance(value, list):
        return value
    root: list = []
    stack = [(value, root, 1)]
    count = 0
    while stack:
        src, dst, level = stack.pop()
        if level > depth:
            raise PuzzleError(f"A saved move is nested more than {depth} lists deep; moves are short lists.")
        for item in src:
            count += 1
            if count > 100_000:
                raise PuzzleError("A saved move holds more than 100,000 values; moves are short lists.")
            if isinstance(item, list):
                child: list = []
                dst.append(child)
                stack.append((item, child, level + 1))
            else:
                dst.append(item)
    return _freeze(root)


def _freeze(value):
    """Lists to tuples, bottom up, without recursion (the depth is already bounded)."""
    # the depth is at most MAX_MOVE_DEPTH here, so a short recursion is safe
    return tuple(_freeze(v) if isinstance(v, list) else v for v in value)


def move(value, forms: dict, title: str) -> tuple:
    """A saved move checked against ``forms`` (verb -> specs of the arguments after it)
    and returned as a tuple of tuples; PuzzleError naming what is wrong otherwise."""
    verbs = ", ".join(f'"{v}"' for v in forms)
    if not isinstance(value, list) or not value:
        raise PuzzleError(f"{shown(value)} is not a {title} move; a move is a list that starts with {verbs}.")
    verb = value[0]
    if not isinstance(verb, str) or verb not in forms:
        raise PuzzleError(f"{shown(verb)} is not a {title} move; the moves are {verbs}.")
    specs = forms[verb]
    if len(value) != len(specs) + 1:
        raise PuzzleError(f'A {title} "{verb}" move has {len(specs)} values after "{verb}", not {len(value) - 1}.')
    for i, (spec, arg) in enumerate(zip(specs, value[1:]), start=2):
        spec.check(arg, f'value {i} of the "{verb}" move')
    return tuples(value)
