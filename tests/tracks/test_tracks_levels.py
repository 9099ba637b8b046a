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


def test_grading_on_one_board_from_level_to_level_matches_each_level_from_scratch():
    # level() takes one board through Easy, then Tricky, then Hard; each closure from
    # scratch on a fresh board must give the same verdict
    for game_id, _verdict in recorded():
        b = board(game_id)
        scratch = next((lv for lv in (levels.EASY, levels.TRICKY, levels.HARD) if finishes(b, lv)), levels.HARD + 1)
        assert levels.level(b) == scratch, game_id


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


# --- the whole-board bit sets, against the same facts found square by square ------------
ET, EN, TRACK, NOTRACK, ALL, NB = levels.ET, levels.EN, levels.TRACK, levels.NOTRACK, levels.ALL, levels._NB
STEP = {levels.R: (1, 0), levels.U: (0, -1), levels.L: (-1, 0), levels.D: (0, 1)}


def _links(b):
    """Every link between two squares, as (square, D or R, the square beyond)."""
    for i in range(b.w * b.h):
        x, y = i % b.w, i // b.w
        if y < b.h - 1:
            yield i, levels.D, i + b.w
        if x < b.w - 1:
            yield i, levels.R, i + 1


def _bridges_by_search(b, sf):
    """Every undecided link whose removal cuts its two squares apart (a search per link)."""
    w, h = b.w, b.h

    def undecided(i, d):
        return not ((sf[i] >> ET) | (sf[i] >> EN)) & d

    out = set()
    for i, d, j in _links(b):
        if not undecided(i, d):
            continue
        seen, stack = {i}, [i]
        while stack:
            a = stack.pop()
            for e, (dx, dy) in STEP.items():
                x, y = a % w + dx, a // w + dy
                n = y * w + x
                if 0 <= x < w and 0 <= y < h and undecided(a, e) and {a, n} != {i, j} and n not in seen:
                    seen.add(n)
                    stack.append(n)
        if j not in seen:
            out.add((i, d))
    return out


def _finished_by_search(b, sf):
    """Tatham's finished test from the flags: every line's full squares meet its count
    and the links with track close no loop."""
    w = b.w
    full = [NB[(f >> ET) & ALL] == 2 for f in sf]
    counts = [sum(full[y * w + x] for y in range(b.h)) for x in range(w)]
    counts += [sum(full[y * w + x] for x in range(w)) for y in range(b.h)]
    if counts != b.numbers:
        return False
    parent = list(range(w * b.h))

    def find(a):
        while parent[a] != a:
            a = parent[a]
        return a

    for i, d, j in _links(b):
        if (sf[i] >> ET) & d:
            x, y = find(i), find(j)
            if x == y:
                return False
            parent[x] = y
    return True


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


STAGED = [NEEDS["parity"], NEEDS["pairs_both"], NEEDS["loops"]] + [g for g, _ in list(recorded())[:8]]


@pytest.mark.parametrize("game_id", STAGED)
def test_the_bridges_progress_and_finished_match_a_search_from_scratch_at_every_stage(game_id):
    stages = 0
    for b in _stages(game_id, levels.HARD):
        stages += 1
        sf = b.sf
        w = b.w
        got = {(p - p // (w + 1), levels.D if vertical else levels.R) for p, vertical in b._bridges()}
        assert got == _bridges_by_search(b, sf)
        assert b.progress() == sum(NB[f & 3] + NB[(f >> ET) & ALL] + NB[(f >> EN) & ALL] for f in sf)
        assert b.finished() == _finished_by_search(b, sf)
    assert stages > 5


@pytest.mark.parametrize("game_id", STAGED)
def test_the_edge_rules_on_every_square_at_once_leave_no_square_rule_unused(game_id):
    """edges() works on whole-board bit sets; at every stage, what it leaves is a fixed
    point of the square-and-sides rules as his solver states them for one square."""
    for b in _stages(game_id, levels.HARD):
        b = b.copy()
        b.edges()
        for i, f in enumerate(b.sf):
            track, closed = (f >> ET) & ALL, (f >> EN) & ALL
            assert not (f & NOTRACK and closed != ALL), i
            assert not (NB[closed] >= 3 and not f & NOTRACK), i
            assert not (track and not f & TRACK), i
            assert not (f & TRACK and NB[closed] == 2 and NB[track] < 2), i
            assert not (f & TRACK and NB[track] == 2 and NB[closed] < 2), i
