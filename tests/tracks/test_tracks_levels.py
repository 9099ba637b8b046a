"""Tatham's Tracks levels (levels.py): each of his deductions on a board that needs it,
and his own solver's verdicts on a fixed set of IDs (recorded from his standalone solver,
built from his source; no Tatham program is needed here)."""

from pathlib import Path

import pytest

from puzzlegui.kinds.tracks import codec, levels
from puzzlegui.kinds.tracks import solver as tsolver

DATA = Path(__file__).parent / "data" / "tatham_levels.txt"
VERDICT = {"Easy": tsolver.EASY, "Tricky": tsolver.TRICKY, "Hard": tsolver.HARD, "beyond": tsolver.EXPERT}

#: a puzzle of his whose level's deductions finish it, but not without this one
NEEDS = {
    "edges": "6x6:cCh6jCh9c,2,2,S4,4,4,2,2,5,S4,2,3,2",
    "counts": "6x6:cCh6jCh9c,2,2,S4,4,4,2,2,5,S4,2,3,2",
    "loops": "6x6:l5cCo9c,3,3,S4,6,4,4,6,6,S6,3,1,2",
    "pairs_one": "6x6:o9bCoAa,3,4,5,4,S6,3,4,4,5,S5,4,3",
    "pairs_both": "6x6:zd5cCa,3,6,5,4,S3,2,2,3,4,5,5,S4",
    "parity": "6x6:Cs5kAc,4,3,S5,5,4,5,S5,6,3,5,4,3",
}
LEVEL_OF = {name: level for level, name in levels.Board.RULES}


def board(game_id):
    return levels.board_of(codec.parse_game_id(game_id))


def finishes(b, level, without=()):
    b = b.copy()
    try:
        b.closure(level, without)
    except levels.Impossible:
        return False
    return b.finished()


@pytest.mark.parametrize("rule", sorted(NEEDS))
def test_each_deduction_has_a_board_that_needs_it_and_nothing_above(rule):
    b = board(NEEDS[rule])
    level = LEVEL_OF[rule]
    assert levels.level(b) == level  # its level finishes it, the one below does not
    assert finishes(b, level)
    assert not finishes(b, level, without=(rule,))


def test_loose_ends_add_what_no_other_tricky_rule_adds_where_easy_stalls():
    # (on his puzzles the loose-end rule always fires beside the pair rule, so no whole
    # puzzle needs it; this position does)
    b = board("6x6:f6w9e,S3,3,3,4,2,4,5,S5,1,3,2,3")
    b.closure(levels.EASY)
    assert not b.finished()
    stalled = list(b.sf)
    loose = b.copy()
    assert loose.loose_ends()
    others = b.copy()
    others.one_more()
    others.pairs_one()
    others.closure(levels.EASY)
    assert any(x & ~y for x, y in zip(loose.sf, others.sf))  # a flag only the loose-end rule sets
    assert b.sf == stalled


def test_one_more_never_adds_where_easy_stalls_as_in_his_solver():
    # His "single" rule counts unlinked empty squares among the squares with fewer than
    # two links, so it can only fire on a line with every square linked twice but one,
    # where the count rule has already done its work; kept for fidelity, it adds nothing.
    for game_id in NEEDS.values():
        b = board(game_id)
        b.closure(levels.EASY)
        assert b.one_more() == 0


def recorded():
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            game_id, verdict = line.split()
            yield game_id, verdict


def test_grades_match_his_solvers_recorded_verdicts():
    rows = list(recorded())
    assert len(rows) >= 50 and {v for _, v in rows} == set(VERDICT)
    for game_id, verdict in rows:
        p = codec.parse_game_id(game_id)
        assert tsolver.grade(p) == VERDICT[verdict], game_id
        his = levels.level(levels.board_of(p))
        assert his == (VERDICT[verdict] if verdict != "beyond" else levels.HARD + 1), game_id


def test_a_board_his_program_cannot_hold_claims_no_level_of_his():
    from puzzlegui.kinds.tracks import KIND

    state = KIND.generate({"width": 10, "height": 6, "split": True, "difficulty": "tricky"}, seed=3)
    name, tatham, _hardest, _rules = KIND.grade(state)
    assert (name, tatham) == ("tricky", "")
    assert tsolver.tatham_board(state.puzzle) is None


def test_following_the_hints_finishes_his_puzzles_with_no_rule_above_their_level():
    from puzzlegui.kinds.tracks import KIND
    from puzzlegui.kinds.tracks.model import initial_state

    rank = {"Easy": 0, "Tricky": 1, "Hard": 2}
    done = {0: 0, 1: 0, 2: 0}
    for game_id, verdict in recorded():
        if verdict == "beyond" or done[VERDICT[verdict]] >= 2 or not game_id.startswith("8x8"):
            continue
        level = VERDICT[verdict]
        state = initial_state(codec.parse_game_id(game_id))
        used = set()
        for _ in range(400):
            if KIND.is_solved(state):
                break
            hint = KIND.hint(state)
            title = hint.text.split(":")[0]
            named = title[title.rindex("(") + 1 : -1]  # "Parity (Hard)" -> "Hard"
            assert rank[named] <= level, (game_id, hint.text)
            used.add(rank[named])
            state = KIND.apply(state, hint.move)
        assert KIND.is_solved(state), game_id
        assert level in used  # the puzzle's own level was needed
        done[level] += 1
    assert done == {0: 2, 1: 2, 2: 2}


# --- what the board keeps as it goes, against the same facts found from scratch ---------
def _bridges_by_search(b):
    """Every undecided link whose removal cuts its two squares apart (a search per link)."""
    w, h, sf = b.w, b.h, b.sf

    def undecided(i, d):
        return not ((sf[i] >> levels.ET) | (sf[i] >> levels.EN)) & d

    def links_of(i):
        x, y = i % w, i // w
        for d, (dx, dy) in levels._STEP.items():
            if 0 <= x + dx < w and 0 <= y + dy < h and undecided(i, d):
                yield i + dx + dy * w

    out = []
    for i, d, _fa, _fb in b.links:
        j = i + (w if d == levels.D else 1)
        if not undecided(i, d):
            continue
        seen, stack = {i}, [i]
        while stack:
            a = stack.pop()
            for n in links_of(a):
                if {a, n} != {i, j} and n not in seen:
                    seen.add(n)
                    stack.append(n)
        if j not in seen:
            out.append((i, d))
    return out


def _has_loop(b):
    """Do the sides known to hold track close a loop?  (A union-find from scratch.)"""
    parent = list(range(b.w * b.h))

    def find(a):
        while parent[a] != a:
            a = parent[a]
        return a

    for i, d, _fa, _fb in b.links:
        if b.track_sides(i) & d:
            x, y = find(i), find(i + (b.w if d == levels.D else 1))
            if x == y:
                return True
            parent[x] = y
    return False


def _stages(game_id, level):
    """The board of ``game_id`` after each rule that adds something, up to ``level``."""
    b = board(game_id)
    yield b
    rules = [name for lv, name in levels.Board.RULES if lv <= level]
    while True:
        for name in rules:
            trial = b.copy()
            if getattr(trial, name)() and not trial.impossible:
                b = trial
                yield b
                break
        else:
            return


@pytest.mark.parametrize("game_id", [NEEDS["parity"], NEEDS["pairs_both"]] + [g for g, _ in list(recorded())[:6]])
def test_the_kept_bridges_loop_candidates_full_squares_and_loop_match_a_search_from_scratch(game_id):
    stages = 0
    for b in _stages(game_id, levels.HARD):
        stages += 1
        w, sf = b.w, b.sf
        assert b._bridges() == _bridges_by_search(b)
        cand = set()
        for i, d, _fa, _fb in b.links:
            j = i + (w if d == levels.D else 1)
            if sf[i] & levels.TRACK and sf[j] & levels.TRACK and not ((sf[i] >> levels.ET) | (sf[i] >> levels.EN)) & d:
                cand.add(2 * i + (d == levels.D))
        assert b.cand == cand
        full = [levels._NB[(f >> levels.ET) & levels.ALL] == 2 for f in sf]
        assert b.lfull == [sum(full[i] for i in cells) for cells, _t, _p in b.lines]
        assert b.looped == _has_loop(b)
    assert stages > 5


@pytest.mark.parametrize("game_id", [NEEDS["pairs_one"], NEEDS["loops"]] + [g for g, _ in list(recorded())[6:9]])
def test_the_kept_count_of_known_flags_matches_a_count_from_scratch(game_id):
    for b in _stages(game_id, levels.HARD):
        assert b.progress() == sum(
            levels._NB[f & 3] + levels._NB[(f >> levels.ET) & levels.ALL] + levels._NB[(f >> levels.EN) & levels.ALL]
            for f in b.sf
        )
