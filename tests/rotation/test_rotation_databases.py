"""Pattern databases cost nothing to reopen (issue 34): stored once per machine in a
folder of their own, outside the small tables' LRU cap and under a cap of their own;
mapped read-only on open with only a header and size check; their checksum verified
once when written and again only on demand.  Small databases (3x4 with 2x2 blocks,
2.8 MiB) and the test's own cache folder (conftest sets XDG_CACHE_HOME)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from puzzlegui import cli
from puzzlegui.kinds.rotation import diskcache, pdb, solver
from puzzlegui.kinds.rotation.model import Config

ROOT = Path(__file__).resolve().parents[2]
SMALL = Config(3, 4, 2)
META = {"what": "a test array"}


def drive(gen):
    """(everything ``gen`` yielded, its return value)."""
    out = []
    while True:
        try:
            out.append(next(gen))
        except StopIteration as stop:
            return out, stop.value


def stored(name="t", arr=None):
    arr = np.arange(10_000, dtype=np.int8) if arr is None else arr
    _, ok = drive(diskcache.store_mapped(name, META, arr))
    assert ok
    return arr, diskcache.database_path(name)


def test_a_database_is_mapped_read_only_not_read_and_copied():
    arr, path = stored()
    got = diskcache.open_mapped("t", META)
    assert isinstance(got, np.memmap) and not got.flags.writeable
    assert np.array_equal(got, arr)
    assert path.parent.name == "databases" and got.offset % diskcache.ALIGN == 0  # the array starts on a page


def test_another_meta_or_a_wrong_size_is_refused():
    stored()
    assert diskcache.open_mapped("t", {"what": "something else"}) is None
    path = diskcache.database_path("t")
    path.write_bytes(path.read_bytes() + b"\0")
    assert diskcache.open_mapped("t", META) is None


def test_a_flipped_byte_is_found_by_the_full_check_on_demand_and_the_file_goes():
    _arr, path = stored()
    data = bytearray(path.read_bytes())
    data[-5] ^= 1
    path.write_bytes(bytes(data))
    assert diskcache.open_mapped("t", META) is not None  # the cheap check only reads the header
    assert diskcache.verify_mapped("t", META) is False
    assert not path.exists()
    stored()
    assert diskcache.verify_mapped("t", META) is True


def test_databases_have_their_own_cap_and_the_tables_cap_leaves_them_alone(monkeypatch):
    stored("a", np.zeros(600_000, dtype=np.int8))
    monkeypatch.setenv("PUZZLEGUI_CACHE_MAX_MB", "1")  # the small tables' cap
    assert diskcache.store("small", META, {"x": np.zeros(900_000, dtype=np.int8)})
    assert diskcache.database_path("a").exists()
    monkeypatch.setenv(diskcache.DATABASES_MB_VARIABLE, "1")
    stored("b", np.zeros(600_000, dtype=np.int8))  # room made by deleting the least recently used
    assert not diskcache.database_path("a").exists() and diskcache.database_path("b").exists()
    monkeypatch.setenv(diskcache.DATABASES_MB_VARIABLE, "0")
    _, ok = drive(diskcache.store_mapped("c", META, np.zeros(10, dtype=np.int8)))
    assert not ok and not diskcache.database_path("c").exists()


def test_a_build_says_how_far_it_is_and_the_next_open_builds_nothing():
    pdb._cache.clear()
    said, dbs = drive(pdb.databases(SMALL))
    sentences = [s for s in said if isinstance(s, str)]
    assert sentences[0].startswith("Building pattern database 1 of 1") and sentences[-1].endswith(": done")
    percents = [int(s.rsplit(" ", 1)[1][:-1]) for s in sentences[:-1]]
    assert percents == sorted(percents) and percents[0] == 0 and percents[-1] == 99
    pdb._cache.clear()
    said_again, again = drive(pdb.databases(SMALL))
    assert not [s for s in said_again if isinstance(s, str)]
    assert isinstance(again[0].dist, np.memmap)
    assert np.array_equal(again[0].search_dist(), dbs[0].search_dist())
    assert again[0].verify() is True


def test_a_new_process_solves_from_the_stored_databases_without_building():
    pdb._cache.clear()
    drive(pdb.databases(SMALL))
    state_id = "rotation:3x4n2:5,1,3,4,2,10,7,8,9,6,11,12"
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-m", "puzzlegui", "solve", state_id, "--json", "--time-limit", "60"],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    answer = json.loads(out)
    assert answer["optimal"] is True
    names = sorted(p.name for p in diskcache.databases_folder().iterdir())
    assert len(names) == 1 and names[0].endswith(".db")  # nothing built twice, no temporary left


def test_the_help_says_where_databases_go_and_their_cap(capsys):
    with pytest.raises(SystemExit):
        cli.main(["solve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert diskcache.DATABASES_MB_VARIABLE in text and f"default {diskcache.DATABASES_MB_DEFAULT}" in text
