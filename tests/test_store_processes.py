"""Real processes on one data folder: a player SIGKILLed at random moments loses no move
it was told was made, and two copies of the app playing at once, quitting in either
order, lose nothing without saying so.

The children play through core.games (the game object the window uses) on Rotation
turns, which are always legal, so a game can go on for as long as a test wants."""

import os
import random
import signal
import subprocess
import sys

import pytest

from puzzlegui.core import files
from puzzlegui.core.history import History
from puzzlegui.core.games import Games, builtin_key

POSIX = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
TURNS = [("turn", 0, 0, "cw"), ("turn", 1, 0, "cw"), ("turn", 0, 1, "cw"), ("turn", 1, 1, "cw")]

# Step i of the player's script: every seventh step takes two moves back and plays a
# different one (the redo tail is replaced), the others play a turn.
PLAYER = r"""
import sys
from puzzlegui.core import files
from puzzlegui.core.games import Games
from test_store_processes import step
folder, start = sys.argv[1], int(sys.argv[2])
session = Games(folder)
game = session.restore() or session.open(files.load_builtin("mystery-box"))
print("ready", flush=True)
i = start
while True:
    i += 1
    step(game.history, i)
    session.save()
    print(i, flush=True)
"""


def step(history, i):
    if i % 7 == 0 and history.position >= 2:
        history.undo()
        history.undo()
    history.push(TURNS[(i * 5) % 4 if i % 7 == 0 else i % 4])


def expected(upto):
    """The player's game after its steps 1..upto."""
    doc = files.load_builtin("mystery-box")
    history = History(doc.kind, doc.state)
    for i in range(1, upto + 1):
        step(history, i)
    return history


def child(code, *args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.dirname(__file__), os.environ.get("PYTHONPATH", "")]))
    return subprocess.Popen(
        [sys.executable, "-c", code, *map(str, args)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True, env=env,
    )


def kill_rounds(folder, rounds, seed):
    """``rounds`` players, each SIGKILLed after a random number of told moves; after
    each, the store opens and holds every told move (and at most the one after)."""
    rng = random.Random(seed)
    done = 0  # steps the store is known to hold
    for _ in range(rounds):
        player = child(PLAYER, folder, done)
        try:
            assert player.stdout.readline().strip() == "ready"
            told = done
            for _ in range(rng.randrange(1, 40)):
                told = int(player.stdout.readline())
            os.kill(player.pid, signal.SIGKILL)
        finally:
            player.wait(30)
            # what it said before the kill landed, still in the pipe: each whole line is
            # a move it was told was stored
            rest = player.stdout.read()
            player.stdout.close()
            player.stdin.close()
        for line in rest.split("\n")[:-1]:
            told = int(line)
        session = Games(folder)
        assert session.notices == []
        game = session.restore()
        for candidate in (told, told + 1):  # killed before or after its next save
            want = expected(candidate)
            if game.history.moves() == want.moves() and len(game.history) == len(want):
                done = candidate
                break
        else:
            raise AssertionError(f"after step {told} the store holds {len(game.history)} entries, not that game")
        session.close()
    return done


@POSIX
def test_a_player_killed_at_random_moments_loses_no_move(tmp_path):
    played = kill_rounds(tmp_path / "data", rounds=20, seed=2026)
    assert played >= 20


# ---------------------------------------------------------------- two copies at once
TWIN = r"""
import sys
from puzzlegui.core import files
from puzzlegui.core.games import Games, StoreError
from test_store_processes import TURNS
session = Games(sys.argv[1])
game = session.open(files.load_builtin(sys.argv[2]))
session.save()
print("open", len(game.history), flush=True)
for line in sys.stdin:
    word = line.split()[0]
    if word == "move":
        game.history.push(TURNS[len(game.history) % 4])
        try:
            session.save()
            print("saved", len(game.history), flush=True)
        except StoreError as exc:
            print("told", exc.strerror, flush=True)
    elif word == "hint":
        game.take_hint(TURNS[len(game.history) % 4])  # stored, and counted in the statistics
        print("noted", flush=True)
    elif word == "quit":
        try:
            session.save()
        except StoreError:
            pass
        session.close()
        print("bye", flush=True)
        break
"""


def ask(proc, command):
    proc.stdin.write(command + "\n")
    proc.stdin.flush()
    return proc.stdout.readline().strip()


def start(folder, name):
    proc = child(TWIN, folder, name)
    assert proc.stdout.readline().startswith("open")
    return proc


def quit_all(procs):
    for proc in procs:
        assert ask(proc, "quit") == "bye"
        assert proc.wait(30) == 0
        proc.stdin.close()
        proc.stdout.close()


@pytest.mark.parametrize("order", ["a first", "b first"])
def test_two_copies_playing_different_games_keep_every_move(tmp_path, order):
    folder = tmp_path / "data"
    a, b = start(folder, "mystery-box"), start(folder, "twiddle-3x3")
    for n in range(5):
        assert ask(a, "move") == f"saved {2 * n + 1}"
        assert ask(b, "move") == f"saved {2 * n + 1}"
        assert ask(a, "hint") == ask(b, "hint") == "noted"
    quit_all([a, b] if order == "a first" else [b, a])
    session = Games(folder)
    for name in ("mystery-box", "twiddle-3x3"):
        assert len(session.open_key(builtin_key(name)).history) == 10
    assert sorted(s.hints for s in session.stats()) == [5, 5]


@pytest.mark.parametrize("order", ["a first", "b first"])
def test_two_copies_playing_one_game_lose_nothing_without_saying_so(tmp_path, order):
    """Both open the Mystery Box; a plays, then b plays on its older copy: b is told
    plainly and writes nothing over a's moves, which are all kept."""
    folder = tmp_path / "data"
    a = start(folder, "mystery-box")
    b = start(folder, "mystery-box")
    for n in range(3):
        assert ask(a, "move") == f"saved {n + 1}"
    answer = ask(b, "move")
    assert answer.startswith("told ") and "changed outside this window" in answer
    assert ask(a, "move") == "saved 4"  # a goes on as if nothing happened
    quit_all([a, b] if order == "a first" else [b, a])
    game = Games(folder).open_key(builtin_key("mystery-box"))
    assert len(game.history) == 4
    assert game.history.moves() == [TURNS[n % 4] for n in range(4)]
