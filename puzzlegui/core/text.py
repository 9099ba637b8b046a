"""Words and numbers for people: one place for the conventions every sentence follows.

* Rows and columns count from 1, column first, the way the cell is written in the data
  ((x, y) = (0, 0) is "column 1, row 1"): ``cell_name((4, 11))`` is "column 5, row 12",
  and a run of cells is "column 5, row 12 to column 4, row 12".  Data formats (files,
  ``--json``) keep their 0-based [x, y]; only sentences use these names.
* Whole numbers have thousands separators: ``number(7073)`` is "7,073".
* Counts agree with their noun: ``plural(1, "strip")`` is "1 strip", ``plural(2, "try")``
  "2 tries", ``plural(1234, "node")`` "1,234 nodes".
* Times read naturally: ``duration(0.0421)`` is "42 ms", ``duration(66.131)`` "66.1 s".

Pure: no Qt.
"""

from __future__ import annotations

# plurals that adding "s" gets wrong (words ending in consonant + y are handled by rule)
IRREGULAR = {
    "entry": "entries",
    "try": "tries",
    "copy": "copies",
    "child": "children",
    "person": "people",
    "matrix": "matrices",
    "index": "indices",
}
_VOWELS = frozenset("aeiou")


def number(n) -> str:
    """A whole number with thousands separators ("7,073"); other numbers as they are,
    with separators in their whole part ("1,234.5")."""
    if isinstance(n, bool):
        return str(n)
    if isinstance(n, int):
        return f"{n:,}"
    if isinstance(n, float) and n.is_integer():
        return f"{int(n):,}"
    return f"{n:,}"


def plural_of(word: str) -> str:
    """The plural form of ``word``: "strip" -> "strips", "entry" -> "entries",
    "box" -> "boxes".  For a phrase, the last word changes ("track cell" -> "track cells")."""
    head, _, last = word.rpartition(" ")
    prefix = head + " " if head else ""
    lower = last.lower()
    if lower in IRREGULAR:
        many = IRREGULAR[lower]
        if last[:1].isupper():
            many = many[:1].upper() + many[1:]
        return prefix + many
    if len(last) > 1 and lower.endswith("y") and lower[-2] not in _VOWELS:
        return prefix + last[:-1] + "ies"
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return prefix + last + "es"
    return prefix + last + "s"


def noun(n: int, word: str, many: str | None = None) -> str:
    """``word`` or its plural, as agrees with ``n`` (the number itself not included)."""
    return word if n == 1 else (many or plural_of(word))


def plural(n: int, word: str, many: str | None = None) -> str:
    """The count and its noun: "1 strip", "2 strips", "1,234 tries".  ``many`` gives the
    plural where the rules get it wrong."""
    return f"{number(n)} {noun(n, word, many)}"


def article(n: int) -> str:
    """"a" or "an" before the number ``n`` said aloud: "an 8-move", "an 11-move", "a 12-move"."""
    digits = str(abs(int(n)))
    if digits.startswith("8"):
        return "an"
    if len(digits) % 3 == 2 and digits[:2] in ("11", "18"):
        return "an"
    return "a"


def duration(seconds: float) -> str:
    """A time for sentences: "0 ms", "42 ms", "1.25 s", "66.1 s", "1,234 s"."""
    ms = round(seconds * 1000)
    if ms < 1000:
        return f"{ms:,} ms"
    if seconds < 9.995:  # (so that rounding never shows "10.00 s")
        return f"{seconds:.2f} s"
    if seconds < 99.95:
        return f"{seconds:.1f} s"
    return f"{round(seconds):,} s"


def cell_name(cell) -> str:
    """A cell (x, y), counted from 0 in the data, as people count it: "column 5, row 12"."""
    return f"column {number(cell[0] + 1)}, row {number(cell[1] + 1)}"


def cells_span(first, last) -> str:
    """A run of cells from ``first`` to ``last`` (or one cell, when they are the same):
    "column 5, row 12 to column 4, row 12"."""
    if tuple(first) == tuple(last):
        return cell_name(first)
    return f"{cell_name(first)} to {cell_name(last)}"


def capitalized(text: str) -> str:
    """``text`` with its first letter in capitals ("column 3, row 1" -> "Column 3, row 1")."""
    return text[:1].upper() + text[1:]
