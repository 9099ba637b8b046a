"""Shared data for the Kurosu tests: the seed's nine puzzles and Tatham's game IDs."""

from pathlib import Path

# Seed 003 (Daily Mail, June 2018): day -> (board, solution), 36 characters row by row,
# "." empty, "1" X, "0" O, exactly as the article prints them.
SEED_PUZZLES = {
    "01": ("...0.10...0.1.1.1...0....1.0.10....0", "101001010101101010100110011001010110"),
    "04": ("..1.1..0.1.....1.0...0.0..1......11.", "001011100101110100011010101001010110"),
    "05": (".1...11...1..011....1.0..1.1..1..01.", "010101110010001101101001010110101010"),
    "06": ("......0..01.....0.1.....1....1..1.11", "110100011010001101110010100101001011"),
    "07": ("...0.0.1....0.1...0..1......1..110..", "101010110100001011010101100110011001"),
    "12": ("..1.....1.1.........00...1...1......", "001101011010100101110010011001100110"),
    "13": ("..1.0..11....1..0......10..........1", "101001011010110100001011010110100101"),
    "14": ("00..0..........0...1...10....1.01.0.", "001101110010101010010101010011101100"),
    "16": ("11..1......0...1...1.....0.1.0..0.0.", "110010101010001101010011101100010101"),
}

# The 14 legal 6-cell lines as the seed lists them (most significant bit first).
SEED_LINES = {
    "001011", "010011", "001101", "010101", "100101", "011001", "101001",
    "010110", "100110", "011010", "101010", "110010", "101100", "110100",
}

# The seed's sample file, ku_dm_01062018.txt.
SEED_FILE = """#Kurosu6 DM 01 June 2018
...0.1
0...0.
1.1.1.
..0...
.1.0.1
0....0
"""

LEVEL = {"t": 1, "e": 2, "n": 3}
GRADE = {"trivial": 1, "easy": 2, "normal": 3, "tricky": 4, "hard": 5}


def rows(text36: str) -> str:
    return "\n".join(text36[i : i + 6] for i in range(0, 36, 6))


def unruly_ids():
    """(params asked for, game ID) pairs saved from sgt-unruly --generate."""
    out = []
    for line in (Path(__file__).parent / "unruly_ids.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            params, game_id = line.split()
            out.append((params, game_id))
    return out
