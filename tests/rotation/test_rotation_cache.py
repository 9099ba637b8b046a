"""The rotation disk cache is bounded: a damaged file is refused before anything is
allocated for it, a FIFO, device, folder or link in an entry's place is neither read nor
replaced, and the folder keeps under its cap by deleting the least recently used."""

import json
import os
import stat
import subprocess
import sys
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from puzzlegui.kinds.rotation import diskcache, tables
from puzzlegui.kinds.rotation.model import Config

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Config(3, 3, 2)
GAME = "rotation:3x3n2:5,1,3,8,2,7,9,6,4"


def saved_table():
    """The 3x3 table written in this test's cache folder, and its file."""
    tables.get(CONFIG).save()  # (perhaps built by an earlier test, in another cache folder)
    path = diskcache.path_for(tables._cache_name(CONFIG))
    assert path.is_file()
    return path


def with_header(path, change):
    """The file with its header line rewritten by ``change`` (the arrays' bytes kept)."""
    head, _, body = path.read_bytes().partition(b"\n")
    header = json.loads(head)
    change(header)
    path.write_bytes(json.dumps(header).encode() + b"\n" + body)


def claim(shape):
    def change(header):
        header["arrays"][0]["shape"] = shape

    return change


def fresh_table():
    """A solve's table in a new process: not in memory, read from the disk cache or built."""
    tables._tables.clear()
    return tables.get(CONFIG)


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda p: with_header(p, claim([10**21])), id="shape-beyond-any-index"),
        pytest.param(lambda p: with_header(p, claim([1 << 40])), id="shape-of-a-terabyte"),
        pytest.param(lambda p: with_header(p, claim([-5])), id="negative-shape"),
        pytest.param(lambda p: with_header(p, claim([362880.0])), id="float-shape"),
        pytest.param(lambda p: with_header(p, claim([362880, 2])), id="twice-the-size"),
        pytest.param(lambda p: with_header(p, lambda h: h["arrays"][0].update(dtype="<i\u00b2")), id="dtype"),
        pytest.param(lambda p: p.write_bytes(b"[1]\n" + bytes(100)), id="header-not-an-object"),
        pytest.param(lambda p: p.write_bytes(b"[" * 60000 + b"\n"), id="header-nested-deep"),
        pytest.param(lambda p: p.write_bytes(np.random.default_rng(5).bytes(70_000)), id="random-bytes"),
        pytest.param(lambda p: p.write_bytes(p.read_bytes()[:-1000]), id="truncated"),
        pytest.param(lambda p: p.write_bytes(p.read_bytes() + b"\0"), id="one-byte-more"),
    ],
)
def test_a_damaged_file_is_refused_and_rebuilt(damage):
    path = saved_table()
    damage(path)
    assert tables.light(CONFIG) is None
    table = fresh_table()  # refused, built again and stored again
    assert table.size == 362880 and table.max_distance == 11
    assert tables.light(CONFIG) is not None and tables.light(CONFIG).distance(list(range(1, 10))) == 0


def test_nothing_is_allocated_beyond_what_the_caller_expects():
    """A sound file of 8 MiB where a table of 363 KB belongs: refused unread."""
    name, meta = tables._cache_name(CONFIG), tables._cache_meta(CONFIG, "_PermTable")
    big = {"dist": np.zeros(8 << 20, dtype=np.int8), "levels": np.ones(12, dtype=np.int64)}
    assert diskcache.store(name, meta, big)
    del big
    tracemalloc.start()
    try:
        assert diskcache.load(name, meta, most=362880 + tables.LEVELS_BYTES) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20
    assert diskcache.load(name, meta)["dist"].shape == (8 << 20,)  # sound but too big: only `most` refused it


def special_files(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return fifo, {
        "fifo": lambda p: os.mkfifo(p),
        "link-to-fifo": lambda p: p.symlink_to(fifo),
        "link-to-dev-zero": lambda p: p.symlink_to("/dev/zero"),
        "folder": lambda p: p.mkdir(),
    }


@pytest.mark.parametrize("what", ["fifo", "link-to-fifo", "link-to-dev-zero", "folder"])
def test_a_special_file_in_an_entrys_place_is_never_read_and_solve_still_answers(tmp_path, what):
    """In a new process (a FIFO once hung `solve` for ever: it would time out here).  A
    FIFO or folder at the name is left as it is; a link there is replaced by the entry
    (as safefile treats the app's own files), never followed: its target stays as it was."""
    cache = tmp_path / "cache"
    path = cache / "puzzlegui" / f"{tables._cache_name(CONFIG)}.cache"
    path.parent.mkdir(parents=True)
    fifo, make = special_files(tmp_path)
    make[what](path)
    before = os.lstat(path)
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    run = subprocess.run([sys.executable, "-m", "puzzlegui", "solve", GAME], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.startswith("Fewest moves: 8"), run.stderr
    after = os.lstat(path)
    if what.startswith("link"):
        assert stat.S_ISREG(after.st_mode) and after.st_size > 362880  # the table, stored
        assert stat.S_ISFIFO(os.stat(fifo).st_mode) and stat.S_ISCHR(os.stat("/dev/zero").st_mode)
    else:
        assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)


def test_a_fifo_at_an_entrys_name_is_neither_read_nor_replaced_in_this_process():
    """The FIFO holds a line, and is kept open here so that one read of it would return
    at once (a cache that read it fails this test, rather than hanging it, as long as it
    is read once only): the line is still there at the end."""
    name = tables._cache_name(CONFIG)
    meta = tables._cache_meta(CONFIG, "_PermTable")
    path = diskcache.path_for(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    keeper = os.open(path, os.O_RDWR | os.O_NONBLOCK)
    try:
        os.write(keeper, b"not a cache\n")
        assert not diskcache.store(name, meta, {"dist": np.zeros(362880, dtype=np.int8)})
        assert diskcache.load(name, meta) is None
        assert stat.S_ISFIFO(os.lstat(path).st_mode)
        assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left
        assert os.read(keeper, 100) == b"not a cache\n"  # never read
    finally:
        os.close(keeper)


def entry(name, size, seed=0):
    assert diskcache.store(name, {"v": 1}, {"a": np.full(size, seed, dtype=np.int8)})
    return diskcache.path_for(name)


def test_the_folder_keeps_under_its_cap_deleting_the_least_recently_used(monkeypatch):
    monkeypatch.setenv("PUZZLEGUI_CACHE_MAX_MB", "1")
    a, b, c = entry("a", 300_000), entry("b", 300_000), entry("c", 300_000)
    for age, path in enumerate((a, b, c)):
        os.utime(path, (1_000_000 + age, 1_000_000 + age))  # written in the order a, b, c
    stale = a.parent / "x.cache.1234.tmp"  # left by a process that died while writing
    stale.write_bytes(bytes(100_000))
    os.utime(stale, (1000, 1000))
    os.mkfifo(a.parent / "someone-elses.cache")  # never read, never deleted
    assert diskcache.load("a", {"v": 1})["a"].shape == (300_000,)  # used now: the newest
    d = entry("d", 300_000)
    left = sorted(p.name for p in a.parent.iterdir())
    assert left == ["a.cache", "c.cache", "d.cache", "someone-elses.cache"]  # the stale file, then b
    assert sum(p.stat().st_size for p in (a, c, d)) <= 1 << 20
    assert d.stat().st_size > 300_000


def test_an_entry_bigger_than_the_cap_is_not_stored_and_deletes_nothing(monkeypatch):
    monkeypatch.setenv("PUZZLEGUI_CACHE_MAX_MB", "1")
    small = entry("small", 1000)
    assert not diskcache.store("big", {"v": 1}, {"a": np.zeros(2 << 20, dtype=np.int8)})
    assert [p.name for p in small.parent.iterdir()] == ["small.cache"]
    monkeypatch.setenv("PUZZLEGUI_CACHE_MAX_MB", "0")  # the cache turned off
    assert not diskcache.store("tiny", {"v": 1}, {"a": np.zeros(1, dtype=np.int8)})
    assert fresh_table().size == 362880  # the table is still made, in memory


@pytest.mark.parametrize("value", ["", "lots", "-5", "1e3", "\u0663", "9" * 12])
def test_a_cap_that_is_not_a_whole_number_of_mib_is_the_default(monkeypatch, value):
    monkeypatch.setenv("PUZZLEGUI_CACHE_MAX_MB", value)
    assert diskcache.max_bytes() == 256 << 20
    monkeypatch.setenv("PUZZLEGUI_CACHE_MAX_MB", " 64 ")
    assert diskcache.max_bytes() == 64 << 20
