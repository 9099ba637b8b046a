"""Tatham's own game IDs both ways: kind.tatham_id and kind.tatham_url.

IDs his programs generated read and write back byte for byte; IDs we write are taken
by his programs (``sgt-X --save`` reads IDs on standard input and writes his save file,
whose DESC line must be ours), where Debian's sgt-puzzles is installed."""

import shutil
import subprocess

import pytest
from kurosu_data import unruly_ids

from puzzlegui.core import files, registry
from puzzlegui.core.kind import PuzzleError

PAGES = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/"

# printed by sgt-twiddle --generate 1 PARAMS and sgt-tracks --generate (sgt-puzzles 20230122)
TWIDDLE_IDS = [
    "3x3n2:8,4,7,1,3,9,6,2,5",
    "4x4n2o:9u6r2r12d1r15l13d7l10r4d11u5u8l3d14l16u",
    "5x5n3:7,24,21,12,9,22,15,2,23,6,25,16,5,14,1,10,17,20,3,4,11,8,19,18,13",
    "6x6n4:22,11,10,3,14,6,9,20,24,16,36,34,13,26,18,12,2,1,27,21,29,19,35,28,4,5,17,30,33,7,8,25,31,15,32,23",
    "3x3n2r:1,2,2,1,3,2,3,3,1",
    "4x3n2ro:1r2r1u2l2d1u1d3u3r3d2r3l",
    "5x4n2:8,6,3,4,2,9,12,20,14,1,11,18,17,15,16,7,19,13,5,10",
]
TRACKS_IDS = [
    "6x6:Cv6fAb5b,S6,5,6,6,4,3,S4,6,4,6,5,5",
    "6x6:5cCzdC,4,4,3,1,5,S4,S5,4,5,3,2,2",
    "10x8:u9r5q6eAnC,4,6,5,5,5,1,5,5,8,S1,8,5,4,4,S8,7,5,4",
]
HIS = [("kurosu", i) for _, i in unruly_ids()] + [("rotation", i) for i in TWIDDLE_IDS] + [
    ("tracks", i) for i in TRACKS_IDS
]
PROGRAM = {"kurosu": "sgt-unruly", "rotation": "sgt-twiddle", "tracks": "sgt-tracks"}


def program(kind_name):
    name = PROGRAM[kind_name]
    return shutil.which(name) or shutil.which(f"/usr/games/{name}")


def his_desc(kind_name, game_id, tmp_path):
    """What his program saves for ``game_id``: (return code, DESC or his error)."""
    done = subprocess.run(
        [program(kind_name), "--save", str(tmp_path / "game"), "--save-suffix", ".sav"],
        input=game_id + "\n", capture_output=True, text=True, timeout=60,
    )
    if done.returncode:
        return done.returncode, done.stderr.strip()
    for line in (tmp_path / "game0.sav").read_text().splitlines():
        if line.startswith("DESC"):
            return 0, line.split(":", 2)[2]
    return 0, None


@pytest.mark.parametrize("kind_name,game_id", HIS)
def test_his_ids_come_back_byte_for_byte(kind_name, game_id):
    kind = registry.get(kind_name)
    state = kind.parse_game_id(game_id)
    assert kind.tatham_id(state) == game_id
    assert kind.tatham_url(state) == f"{PAGES}{PROGRAM[kind_name][4:]}.html#{game_id}"


def ours(kind_name):
    """Boards of ours, made by our generators and found among the built-ins."""
    kind = registry.get(kind_name)
    boards = [files.load_builtin(b.name).state for b in files.builtins() if b.kind == kind_name]
    if kind_name == "kurosu":
        boards += [kind.generate({"width": w, "height": h, "unique": u, "difficulty": "easy"}, seed=s)
                   for s, (w, h, u) in enumerate([(6, 6, False), (10, 8, True), (40, 40, False), (6, 14, False)])]
    if kind_name == "rotation":
        boards = [b for b in boards if not b.config.cw_only]
        boards += [kind.generate({"width": w, "height": h, "block": n, "orientation": o, "rows_only": r}, seed=7)
                   for w, h, n, o, r in [(4, 4, 2, True, False), (5, 3, 2, False, True), (5, 5, 3, False, False)]]
    if kind_name == "tracks":
        boards = [kind.generate({"width": w, "height": h, "difficulty": "easy"}, seed=s)
                  for s, (w, h) in enumerate([(6, 6), (8, 6), (10, 10)])]
    return boards


@pytest.mark.parametrize("kind_name", ["kurosu", "rotation", "tracks"])
def test_his_programs_take_our_ids(kind_name, tmp_path):
    if program(kind_name) is None:
        pytest.skip(f"{PROGRAM[kind_name]} is not installed (apt-get install sgt-puzzles)")
    kind = registry.get(kind_name)
    boards = ours(kind_name)
    assert len(boards) >= 3
    for state in boards:
        game_id = kind.tatham_id(state)
        assert not game_id.startswith(kind_name)
        code, desc = his_desc(kind_name, game_id, tmp_path)
        assert code == 0, desc
        assert desc == game_id.partition(":")[2]


def test_his_program_refuses_what_we_refuse(tmp_path):
    """The boards we give no ID are the ones his programs turn away."""
    if program("kurosu") is None:
        pytest.skip("sgt-unruly is not installed (apt-get install sgt-puzzles)")
    kurosu = registry.get("kurosu")
    small = kurosu.parse_game_id("4x6:y")
    assert kurosu.format_game_id(small) == "4x6:y"
    assert his_desc("kurosu", "4x6:y", tmp_path)[0] != 0
    with pytest.raises(PuzzleError, match="at least 6x6"):
        kurosu.tatham_id(small)
    with pytest.raises(PuzzleError, match="at least 6x6"):
        kurosu.tatham_url(small)


def test_clockwise_only_has_no_twiddle_id():
    rotation = registry.get("rotation")
    state = rotation.parse_game_id("3x3n2c:7,6,5,8,4,9,3,2,1")
    with pytest.raises(PuzzleError, match="clockwise only"):
        rotation.tatham_id(state)
    two_way = rotation.parse_game_id("3x3n2:7,6,5,8,4,9,3,2,1")
    assert rotation.tatham_url(two_way) == PAGES + "twiddle.html#3x3n2:7,6,5,8,4,9,3,2,1"


def test_split_tracks_rows_have_no_tracks_id():
    tracks = registry.get("tracks")
    mums = files.load_builtin("tracks-mums-2008").state
    with pytest.raises(PuzzleError, match="split"):
        tracks.tatham_url(mums)


def test_kinds_he_lacks_have_none():
    strips = registry.get("strips")
    state = files.load_builtin(next(b.name for b in files.builtins() if b.kind == "strips")).state
    assert strips.tatham_id(state) is None and strips.tatham_url(state) is None
