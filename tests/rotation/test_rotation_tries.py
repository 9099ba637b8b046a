""""Tries" only grow (issue 32 item 11): the count a solve reports goes on from one phase
to the next (the quick answer, a database's or table's build, the search) instead of
starting again at each.  Built in the test's own cache folder (conftest), so the build
happens here."""

from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.rotation import KIND, pdb
from puzzlegui.kinds.rotation.model import Config, RotationState, goal_state, turn


def scrambled(config, turns):
    goal = goal_state(config)
    tiles, orient = goal.tiles, goal.orient
    for i in range(turns):
        x, y = i % config.blocks_x, (i // 2) % config.blocks_y
        tiles, orient = turn(tiles, orient, config.w, config.n, x, y, i % 3 != 0)
    return RotationState(config, tiles, orient)


def test_the_count_of_tries_never_goes_back():
    # the optimal search's phases: the reduction's quick answer, the database's build
    # (which counted its entries, then the search began again from 0), the search
    pdb._cache.clear()
    counts = []
    result = run(KIND.solve(scrambled(Config(3, 4, 2), 9)), ALL, on_progress=counts.append)
    assert result.solutions and result.solutions[0].optimal
    assert len(counts) > 5 and max(counts) > 0
    assert counts == sorted(counts)
    assert result.nodes == counts[-1]
