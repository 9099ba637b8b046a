"""The Tracks modules import one another without a cycle (imports inside functions
included), so each can be read, loaded and tested from the bottom up."""

import grimp


def test_no_import_cycle_among_tracks_modules():
    graph = grimp.build_graph("puzzlegui")
    mods = sorted(m for m in graph.modules if m.startswith("puzzlegui.kinds.tracks"))
    assert "puzzlegui.kinds.tracks.solver" in mods and "puzzlegui.kinds.tracks.count" in mods
    cycles = [
        (a, b)
        for i, a in enumerate(mods)
        for b in mods[i + 1 :]
        if graph.chain_exists(importer=a, imported=b) and graph.chain_exists(importer=b, imported=a)
    ]
    assert cycles == []


def test_count_fast_solver_import_in_one_direction():
    graph = grimp.build_graph("puzzlegui")
    inside = {
        m: {t for t in graph.find_modules_directly_imported_by(f"puzzlegui.kinds.tracks.{m}") if t.startswith("puzzlegui.kinds.tracks")}
        for m in ("count", "fast", "solver")
    }
    assert inside["count"] == set()
    assert inside["fast"] == {"puzzlegui.kinds.tracks.count"}
    assert "puzzlegui.kinds.tracks.solver" not in inside["fast"] | inside["count"]
