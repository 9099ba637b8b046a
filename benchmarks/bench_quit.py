"""Quitting the installed `puzzlegui` as a user does (issue 24, "Quit in < 0.5 s"):
the window's close button, with a game open, and with a Solve running on a board whose
search takes minutes.  Prints a table (measured vs target); exits 1 on a missed target,
a child process left behind or a game not stored, and 2 when Xvfb or xdotool is missing.

    python benchmarks/bench_quit.py             # 5 rounds
    python benchmarks/bench_quit.py --runs 2    # quicker
    python benchmarks/bench_quit.py --sweep 40  # 40 quits 0-2 s after the map (issue 31)

How it measures: one Xvfb (no window manager) for the whole run, watched as
bench_startup.py watches it.  Each launch runs the real `puzzlegui open PUZZLE` with its
own empty XDG folders and waits for its window to be mapped, then EARLY_S (the "at once"
row: the library's pictures and the warm-up of the search process are still on the pool)
or SETTLE_S (the others: all that is done).  For the "solving" row, F5 (Solve) is
pressed on the window through the X server (xdotool: XTEST), and the benchmark waits until
a child of the app has used SOLVING_CPU_S of CPU since (the search is under way).  Then the
window is closed as a window manager closes it when the user clicks its close button: a
WM_DELETE_WINDOW client message sent to the window through the X server.  The time runs
from that message to the app's process having exited.  After the exit, every process the
app had started must be gone within GONE_S, and the game must have been stored (the store's database
holds the puzzle opened).

`--sweep N` runs N launches of the plain `puzzlegui` (no file: the last game is restored,
the start-up the user sees most), each closed SWEEP_S * i / (N - 1) after its window maps
(0 to 2 s: the window being built behind its first paint, the library's pictures, the
warm-up's imports and search process), and counts the launches whose stderr holds a
traceback or whose exit status is not 0 (target 0); each must leave no process behind.
Every launch of a sweep restores the same game of three moves (a copy of one data folder)
and the game must still be there, whole, after the quit.

Needs: apt-get install xvfb xdotool libx11-6 (and Qt's xcb libraries, see bench_startup.py).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_startup import MapWatcher, launcher, stop, x_session  # noqa: E402
from harness import Sample, Table, fmt_seconds, load_average  # noqa: E402

MISSING = 2
TARGET_S = 0.5  # from the close to the process gone
HARD = "twiddle-5x5-blocks-3"  # a built-in Rotation board whose search runs for minutes
SETTLE_S = 2.5  # after the window shows: pictures drawn, the search process warm (not timed)
EARLY_S = 0.5  # the "at once" row: the library's pictures and the warm-up still on the pool
SOLVING_CPU_S = 0.5  # CPU a child must use after F5 before the search counts as under way
EXIT_TIMEOUT_S = 30.0
GONE_S = 1.0  # after the app's exit, how long its children may take to finish exiting
SWEEP_S = 2.0  # --sweep: the last quit comes this long after the window maps
CLIENT_MESSAGE = 33


class _XClientMessageEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("data", ctypes.c_long * 5),
    ]


class _XEvent(ctypes.Union):
    _fields_ = [("xclient", _XClientMessageEvent), ("pad", ctypes.c_long * 24)]


def close_window(watcher: MapWatcher, window: int) -> None:
    """What a window manager sends when the user clicks the window's close button."""
    x = watcher.x
    x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.POINTER(_XEvent)]
    event = _XEvent()
    message = event.xclient
    message.type = CLIENT_MESSAGE
    message.window = window
    message.message_type = x.XInternAtom(watcher.dpy, b"WM_PROTOCOLS", 0)
    message.format = 32
    message.data[0] = x.XInternAtom(watcher.dpy, b"WM_DELETE_WINDOW", 0)
    message.data[1] = 0  # CurrentTime
    x.XSendEvent(watcher.dpy, window, 0, 0, ctypes.byref(event))
    x.XFlush(watcher.dpy)


def children(pid: int) -> dict[int, float]:
    """The processes whose parent is ``pid``: their CPU seconds so far (user + system)."""
    tick = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:  # ppid; utime and stime are fields 14 and 15 of stat
            found[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def command(pid: int) -> str:
    """What the process runs, shortened (for the report of one left behind)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:120].strip()
    except OSError:
        return "gone"


def stored(data_home: Path, name: str) -> bool:
    """The store (core/store.py's games.sqlite3 under the data folder) holds the game of
    the built-in puzzle ``name``."""
    for db in data_home.rglob("games.sqlite3"):
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            if conn.execute("select 1 from games where name = ?", (name,)).fetchone():
                return True
    return False


class Launch:
    def __init__(self, watcher: MapWatcher, env: dict, scratch: Path, number: int):
        self.watcher = watcher
        self.home = scratch / f"home{number}"
        self.env = dict(env)
        for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")):
            (self.home / sub).mkdir(parents=True)
            self.env[var] = str(self.home / sub)

    def run(self, app: str, solving: bool, settle: float = SETTLE_S, argv: tuple = ("open", HARD),
            check_stored=None) -> tuple[float, list[str]]:
        """Seconds from the close to the exit, and what went wrong (empty: nothing).
        ``check_stored(data_folder)``: a sentence if the game is not stored as it should be."""
        self.watcher.drain()
        proc = subprocess.Popen([app, *argv], env=self.env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        problems = []
        try:
            if self.watcher.wait_for_window(proc, 60.0) is None:
                raise RuntimeError(f"puzzlegui showed no window: {proc.stderr.read().decode(errors='replace')[-800:]}")
            window = self.watcher.window
            time.sleep(settle)  # (a benchmark may wait: the app settles, untimed)
            if solving:
                before = children(proc.pid)
                subprocess.run(["xdotool", "windowfocus", "--sync", str(window), "key", "F5"],
                               env=self.env, check=True, timeout=10)
                deadline = time.monotonic() + 20
                while time.monotonic() < deadline:
                    now = children(proc.pid)
                    if any(cpu - before.get(pid, 0.0) >= SOLVING_CPU_S for pid, cpu in now.items()):
                        break
                    time.sleep(0.05)
                else:
                    problems.append("the search did not start after F5")
            started = {pid: command(pid) for pid in children(proc.pid)}
            closed = time.perf_counter()
            close_window(self.watcher, window)
            proc.wait(EXIT_TIMEOUT_S)
            took = time.perf_counter() - closed
        finally:
            stop(proc)
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            if proc.stderr:
                proc.stderr.close()
        # a child seeing its parent go (multiprocessing's resource tracker reads the end of
        # its pipe) exits on its own a moment later: left behind is one still there after that
        deadline = time.monotonic() + GONE_S
        while any(alive(pid) for pid in started) and time.monotonic() < deadline:
            time.sleep(0.01)
        left = [f"{pid} ({what})" for pid, what in started.items() if alive(pid)]
        if left:
            problems.append(f"processes left behind: {', '.join(left)}")
        if proc.returncode != 0:
            problems.append(f"exit status {proc.returncode}: {err.strip()[-300:]}")
        elif "Traceback" in err:
            problems.append(f"a traceback: {err.strip()[-300:]}")
        if check_stored is None and not stored(self.home / "data", HARD):
            problems.append("the game was not stored")
        elif check_stored is not None and (wrong := check_stored(self.home / "data")):
            problems.append(wrong)
        return took, problems


def seed_game(env: dict, scratch: Path) -> tuple[Path, str]:
    """A data folder holding a game of three turns on the Mystery Box, left open (so a
    plain launch restores it), written by puzzlegui's own store; and its moves, as stored."""
    seeded = scratch / "seed"
    code = ("import sys; from puzzlegui.core import files; from puzzlegui.core.games import Games; "
            "g = Games(sys.argv[1]); game = g.open(files.load_builtin('mystery-box')); "
            "[game.play(('turn', 0, 0, 'cw')) for _ in range(3)]; g.close()")
    subprocess.run([sys.executable, "-c", code, str(seeded / "puzzlegui")], env=env, check=True, timeout=120)
    return seeded, moves_of(seeded)


def moves_of(data_home: Path) -> str:
    """The Mystery Box's stored entries and moves (what a lost or damaged game changes)."""
    for db in data_home.rglob("games.sqlite3"):
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            row = conn.execute("select entries, position from games where name = 'mystery-box'").fetchone()
            if row:
                return f"{row[0]} entries, at move {row[1]}"
    return "no game"


def sweep(app: str, env: dict, quits: int) -> int:
    """--sweep: ``quits`` launches closed 0 to SWEEP_S after the map; the table counts the
    launches with a traceback or a non-zero exit."""
    times, loads, problems, bad = [], [], [], 0
    with x_session("bench-quit-sweep-") as (display, watcher, scratch):
        env = dict(env, DISPLAY=display)
        seeded, moves = seed_game(env, scratch)
        print(f"Xvfb on {display}; puzzlegui: {app}; {quits} quits 0-{SWEEP_S:g} s after the map; "
              f"the restored game: {moves}", file=sys.stderr)
        for number in range(quits):
            after = SWEEP_S * number / max(1, quits - 1)
            launch = Launch(watcher, env, scratch, number + 1)
            shutil.rmtree(launch.home / "data")
            shutil.copytree(seeded, launch.home / "data")
            load = load_average()
            took, wrong = launch.run(app, False, after, argv=(),
                                     check_stored=lambda data: None if moves_of(data) == moves
                                     else f"the game: {moves_of(data)}, not {moves}")
            times.append(took)
            loads.append(max(load, load_average()))
            bad += any(w.startswith(("a traceback", "exit status")) for w in wrong)
            problems.extend(wrong)
            print(f"  quit {number + 1} at {after:.2f} s: {fmt_seconds(took)}" + (f" ({'; '.join(wrong)})" if wrong else ""),
                  file=sys.stderr, flush=True)
    table = Table(f"Quit under Xvfb, {quits} launches of `puzzlegui` (its last game restored) closed "
                  f"0-{SWEEP_S:g} s after the window maps")
    table.text_row("launches with a traceback or a non-zero exit", f"{bad} of {quits}", "0", bad == 0, quits)
    others = sorted(set(p for p in problems if not p.startswith(("a traceback", "exit status"))))
    sample = Sample.of(times, note="; ".join(others))
    sample.load_before, sample.load_after = min(loads), max(loads)
    table.row("quit: close button until the process has exited", sample, target=TARGET_S, check=not others)
    return table.finish()


def missing_tools(sweep: bool = False) -> str | None:
    for tool, package in (("Xvfb", "xvfb"),) + ((("xdotool", "xdotool"),) if not sweep else ()):
        if not shutil.which(tool):
            return f"{tool} is not installed: apt-get install {package}."
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--sweep", type=int, default=0, metavar="N",
                        help=f"instead: N quits 0-{SWEEP_S:g} s after the window maps, tracebacks counted")
    args = parser.parse_args(argv)
    problem = missing_tools(sweep=bool(args.sweep))
    if problem:
        print(f"bench_quit: {problem}", file=sys.stderr)
        return MISSING
    app = launcher()
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    if args.sweep:
        return sweep(app, env, args.sweep)
    rows = {"early": (False, EARLY_S), "idle": (False, SETTLE_S), "solving": (True, SETTLE_S)}
    times: dict[str, list[float]] = {name: [] for name in rows}
    loads: dict[str, list[float]] = {name: [] for name in rows}
    problems: dict[str, list[str]] = {name: [] for name in rows}
    launches = 0
    with x_session("bench-quit-") as (display, watcher, scratch):
        env["DISPLAY"] = display
        print(f"Xvfb on {display}; puzzlegui: {app}; {args.runs} rounds", file=sys.stderr)
        for round_no in range(1, args.runs + 1):
            for name, (solving, settle) in rows.items():
                launches += 1
                load = load_average()
                took, wrong = Launch(watcher, env, scratch, launches).run(app, solving, settle)
                times[name].append(took)
                loads[name].append(max(load, load_average()))
                problems[name].extend(wrong)
            print(f"  round {round_no}: " + ", ".join(f"{n} {fmt_seconds(t[-1])}" for n, t in times.items()),
                  file=sys.stderr, flush=True)

    table = Table(f"Quit under Xvfb: the close button (WM_DELETE_WINDOW) until the process has exited, "
                  f"median / worst of {args.runs}")
    for name, what in (("early", f"{EARLY_S:g} s after the window shows (its start-up work on the pool)"),
                       ("idle", f"a game open ({HARD}), settled"), ("solving", f"while Solve runs on {HARD}")):
        sample = Sample.of(times[name], note="; ".join(sorted(set(problems[name]))))
        sample.load_before, sample.load_after = min(loads[name]), max(loads[name])
        table.row(f"quit, {what}", sample, target=TARGET_S, check=not problems[name])
    return table.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
