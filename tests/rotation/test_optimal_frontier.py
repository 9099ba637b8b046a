"""Issue 13, Rotation: proven-shortest answers beyond the 3x3 tables, exact counts, the
anytime bounds, the disk cache of databases, and the 3x3 solved without numpy."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlegui.core.solver import ALL, SOLVED, STOPPED, Best, Found, Progress, Step, run
from puzzlegui.kinds.rotation import KIND, diskcache, pdb, solver, tables
from puzzlegui.kinds.rotation.model import Config, is_solved

from test_optimal_engine import _lookups
from test_rotation_optimal import brute_force, check_against_reference, optimal_all, replay, scrambled

ROOT = Path(__file__).resolve().parents[2]

# every board shape the optimal engine meets, small enough for a brute-force reference
FRONTIER = [
    Config(2, 4, 2),
    Config(4, 2, 2, cw_only=True),
    Config(2, 4, 2, oriented=True),
    Config(2, 2, 2, oriented=True),
    Config(3, 3, 2, cw_only=True, oriented=True),
    Config(3, 3, 3),
    Config(4, 3, 3),
    Config(3, 4, 3, cw_only=True),
    Config(2, 3, 2, rows_only=True),
    Config(3, 5, 3),
]


@pytest.mark.parametrize("config", FRONTIER, ids=lambda c: c.params_text())
def test_optimal_length_and_count_match_brute_force(config):
    for seed in range(2):
        state = scrambled(config, 5, seed)
        check_against_reference(state, optimal_all(state))


def test_3x4_both_ways_through_the_kind_is_optimal_and_exact():
    config = Config(3, 4, 2)
    state = scrambled(config, 7, 11)
    length, count = brute_force(state)
    result = run(KIND.solve(state), ALL, max_solutions=None)
    assert result.complete and result.count == count
    assert {len(s.moves) for s in result.solutions} == {length}
    out = KIND.result_json(result)
    assert out["optimal"] is True and out["complete"] is True and out["shortest_count"] == count
    assert all(KIND.solution_json(s)["optimal"] is True for s in result.solutions)


@pytest.mark.parametrize(
    "gid, length, count",
    [
        ("4x4n3:8,4,11,5,10,6,12,3,1,13,14,7,15,16,2,9", 6, 2),  # both ways
        ("4x4n3c:6,7,8,15,4,11,12,14,3,2,9,13,10,1,5,16", 12, 2),  # clockwise only
    ],
)
def test_issue_examples_count_exactly(gid, length, count):
    state = KIND.parse_game_id(gid)
    result = run(KIND.solve(state), ALL, max_solutions=None)
    assert result.status == SOLVED and result.complete and result.count == count
    assert all(len(s.moves) == length and s.optimal for s in result.solutions)
    assert all(is_solved(replay(state, s.moves)) for s in result.solutions)
    assert KIND.result_json(result)["shortest_count"] == count


# --- the anytime search ------------------------------------------------------------------------
def test_best_answer_streams_before_the_proof_and_bounds_only_rise():
    state = scrambled(Config(3, 4, 2), 30, 2)
    events = list(solver.solve(state, prove=True))
    kinds = [type(e) for e in events]
    assert Best in kinds and Found in kinds
    assert kinds.index(Best) < kinds.index(Found)  # the quick answer comes first
    bests = [e for e in events if isinstance(e, Best)]
    # the quick answer comes with the quick bound (solver.lower_bound), before the search's
    assert bests[0].lower is None or bests[0].lower <= len(bests[0].solution.moves)
    lowers = [e.lower for e in bests if e.lower is not None]
    assert lowers and lowers == sorted(lowers)  # the proven lower bound never goes down
    found = [e.solution for e in events if isinstance(e, Found)]
    shortest = len(found[0].moves)
    assert all(len(b.solution.moves) >= shortest >= b.lower for b in bests[1:])
    assert all(len(s.moves) == shortest for s in found)
    assert all(isinstance(e, (Best, Found, Progress, Step)) for e in events)
    texts = [e.text for e in events if isinstance(e, Step)]
    assert any("proven; searching" in t for t in texts)


def test_stopped_search_keeps_the_best_answer_unproven():
    state = scrambled(Config(4, 3, 2), 30, 8)
    seen = []

    def stop():
        return len(seen) >= 2  # right after the first bound: nothing proven shortest yet

    result = run(KIND.solve(state), ALL, should_stop=stop, on_best=seen.append)
    assert result.status == STOPPED and result.provisional
    assert result.complete is False and result.count == 1
    sol = result.solutions[0]
    assert sol.optimal is False and is_solved(replay(state, sol.moves))
    assert result.lower_bound is not None and result.lower_bound <= len(sol.moves)
    assert result.note.startswith(f"found {len(sol.moves)} moves; at least {result.lower_bound} proven")
    out = KIND.result_json(result)
    assert out["complete"] is False and out["optimal"] is False and "shortest_count" not in out
    assert out["lower_bound"] == result.lower_bound and out["length"] == len(sol.moves)
    assert KIND.solution_json(sol)["optimal"] is False


def test_larger_boards_say_short_but_not_proven():
    state = KIND.generate(dict(width=6, height=6, block=2), seed=4)
    assert not solver.provable(state.config)
    result = run(KIND.solve(state), ALL)
    assert result.complete is False and not result.solutions[0].optimal
    assert KIND.result_json(result)["optimal"] is False
    text = KIND.describe_result(result)
    assert "not proven the fewest: at least" in text


# --- the databases' disk cache -------------------------------------------------------------------
def test_pattern_database_rebuilt_when_corrupt():
    space = pdb.Space(Config(2, 4, 2))
    db = pdb.PatternDB(space, (0, 1, 2, 3))
    for _ in db.build():
        pass
    path = diskcache.database_path(db.cache_name())
    assert path.exists() and str(path).startswith(str(diskcache.folder()))
    fresh = pdb.PatternDB(space, (0, 1, 2, 3))
    assert fresh.load() and (fresh.dist == db.dist).all()
    data = bytearray(path.read_bytes())
    data[-3] ^= 0x55
    path.write_bytes(bytes(data))
    # opening checks the header and size only; the full check, on demand, finds the
    # damage and removes the file, so the next open builds it again
    assert fresh.verify() is False and not path.exists()
    broken = pdb.PatternDB(space, (0, 1, 2, 3))
    assert not broken.load()
    for _ in broken.build():
        pass
    again = pdb.PatternDB(space, (0, 1, 2, 3))
    assert again.load() and (again.dist == db.dist).all()
    # a stale version is not used
    meta = dict(db.meta(), version=pdb.VERSION - 1)
    assert diskcache.open_mapped(db.cache_name(), meta) is None


def test_groups_cover_every_tile_up_to_symmetry():
    for config in (Config(4, 4, 2), Config(4, 4, 2, cw_only=True), Config(5, 5, 3), Config(3, 4, 2)):
        space = pdb.Space(config)
        groups = pdb.choose_groups(space)
        covered = set()
        for tm, _ in pdb.symmetries(space):
            inv = {int(v): i for i, v in enumerate(tm)}
            for g in groups:
                covered.update(inv[t] for t in g)
        assert covered == set(range(config.cells))
    # 4x4 with 2x2 blocks: two 7-tile databases (the third run is the first turned round)
    assert [len(g) for g in pdb.choose_groups(pdb.Space(Config(4, 4, 2)))] == [7, 7]
    # small boards keep small databases (quick to build)
    assert all(len(g) <= 6 for g in pdb.choose_groups(pdb.Space(Config(4, 3, 2))))


# --- 3x3 without numpy ---------------------------------------------------------------------------
@pytest.mark.parametrize("config", [Config(3, 3, 2, cw_only=True), Config(3, 3, 2)], ids=lambda c: c.params_text())
def test_light_table_walk_matches_the_numpy_one(config):
    table = tables.get(config)
    table.save()  # (built by an earlier test, perhaps, with another cache folder)
    small = tables.light(config)
    assert small is not None
    for seed in range(6):
        state = scrambled(config, 9, seed)
        assert small.distance(state.tiles) == table.distance(state.tiles)
        dag = tables.light_dag(small, state.tiles, limit=10**6)
        big = tables.shortest_dag(table, state.tiles, state.orient)
        assert list(dag[0]) == list(big[0])  # the same move names
        assert tables.light_count(dag) == tables.dag_count(big)
        assert [tuple(p) for p in tables.light_paths(dag)] == [tuple(p) for p in tables.dag_paths(big)]


def test_light_table_refuses_a_corrupt_cache():
    config = Config(3, 3, 2)
    tables.get(config).save()
    path = diskcache.path_for(tables._cache_name(config))
    data = bytearray(path.read_bytes())
    data[-10] ^= 0xFF
    path.write_bytes(bytes(data))
    assert tables.light(config) is None
    assert tables.light(Config(3, 3, 2, oriented=True)) is None  # not a permutation table


def test_new_process_solves_a_3x3_without_numpy():
    tables.get(Config(3, 3, 2, cw_only=True)).save()  # in this test's cache folder
    code = (
        "import sys, json\n"
        "from puzzlegui.core.solver import ALL, run\n"
        "from puzzlegui.kinds.rotation import KIND\n"
        "s = KIND.parse_game_id('3x3n2c:7,6,5,8,4,9,3,2,1')\n"
        "r = run(KIND.solve(s), ALL, max_solutions=None)\n"
        "print(json.dumps([r.count, r.complete, len(r.solutions[0].moves), 'numpy' in sys.modules]))\n"
    )
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    count, complete, length, numpy_loaded = json.loads(out.stdout.strip().splitlines()[-1])
    state = KIND.parse_game_id("3x3n2c:7,6,5,8,4,9,3,2,1")
    here = run(KIND.solve(state), ALL, max_solutions=None)
    assert (count, complete, length) == (here.count, True, len(here.solutions[0].moves))
    assert numpy_loaded is False


# --- the heuristic -------------------------------------------------------------------------------
@pytest.mark.parametrize("config", [Config(3, 3, 2, cw_only=True), Config(3, 3, 2), Config(2, 4, 2, cw_only=True)],
                         ids=lambda c: c.params_text())
def test_dual_positions_are_as_far_and_the_heuristic_never_overestimates(config):
    import random

    import numpy as np

    from puzzlegui.kinds.rotation import optimal

    table = tables.get(config)
    engine = optimal.Engine(config, _lookups(config))
    assert engine.mirror is not None  # distinct tiles, no arrows: dual reads are on
    rng = random.Random(2)
    checked = 0
    while checked < 300:
        tiles = list(range(1, config.cells + 1))
        rng.shuffle(tiles)
        d = table.distance(tiles)
        if d is None:
            continue
        checked += 1
        locs = engine.space.locations(tiles, (0,) * config.cells)
        dual = engine.dual(locs[None, :])[0]
        dual_tiles = tuple(int(t) + 1 for t in np.argsort(dual))  # the tile on each cell
        assert table.distance(dual_tiles) == d
        assert int(engine.heuristic(locs[None, :])[0]) <= d
