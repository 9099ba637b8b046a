"""The command line: the same engines as the GUI, headless.

    puzzlegui                         open the GUI
    puzzlegui open SOURCE             open the GUI on a puzzle
    puzzlegui list                    built-in puzzles with their names
    puzzlegui solve SOURCE [--kind K] [--all] [--max N] [--list N] [--time-limit S] [--progress] [--json]
    puzzlegui check SOURCE [--kind K] validate the input and the rules of the puzzle as given
    puzzlegui check SOURCE --against-solution [--time-limit S]   the saved entries no solution contains
    puzzlegui hint SOURCE [--kind K] [--json] [--time-limit S]   the next sure move and its reason
    puzzlegui analyse SOURCE [--kind K] [--json] [--time-limit S] what the board makes, for its setter
    puzzlegui generate KIND [--PARAM VALUE ...] [--seed N] [--time-limit S] [--count N] [--output FILE|DIR/] [--force]
    puzzlegui export SOURCE [--png FILE] [--svg FILE] [--pdf FILE] [--current|--solved] [--solutions] [--force]

Exit status: 0 solved / valid, 1 no solution (or none found in time, or a broken rule),
2 bad input.  Every line that quotes input goes through ``safe`` first.  Every file is
written by files.save_atomic: an output FILE that exists is replaced only with --force,
and a folder, FIFO, device or socket (or a link to one) is never written.
"""

from __future__ import annotations

import os
import sys
import time

TYPE_CHECKING = False  # not typing's: importing typing costs milliseconds
if TYPE_CHECKING:  # for readers and checkers; bound at run time by _load_core
    import argparse

    from .core import collection, files, registry, solver
    from .core.kind import PuzzleError

# Start-up (issue 11): `puzzlegui --help` and `puzzlegui list` run in a fresh process
# each time, so this module imports only os, sys and time.  The rest loads where it is
# used: argparse when a parser is built (not for a plain `list`), json, math, signal,
# threading, contextlib and pathlib inside the commands that need them, and the engines
# (core: files, collection, registry, solver, PuzzleError) when a command runs (main
# calls _load_core), not for `--help`, a usage error, `list` (core.library) or the GUI,
# which imports what it needs itself.  tests/test_startup.py checks what each loads.
_CORE = ("collection", "files", "registry", "solver")


def _load_core() -> None:
    """Bind the core modules (and PuzzleError) as this module's globals, once."""
    if "PuzzleError" in globals():
        return
    import importlib

    for name in _CORE:
        globals()[name] = importlib.import_module(f"{__package__}.core.{name}")
    globals()["PuzzleError"] = importlib.import_module(f"{__package__}.core.kind").PuzzleError


def __getattr__(name):  # `cli.files` from outside, before a command ran
    if name in _CORE or name == "PuzzleError":
        _load_core()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Later:
    """A number in a help text, looked up when the help is printed (argparse fills
    ``%(name)s`` from the action's attributes), so building the parser loads no engine."""

    def __init__(self, module: str, name: str, spec: str = ""):
        self.module, self.name, self.spec = module, name, spec

    def __str__(self) -> str:
        import importlib

        module = importlib.import_module(f"{__package__}.core.{self.module}")
        return format(getattr(module, self.name), self.spec)


EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT = 0, 1, 2
EXIT_INTERRUPTED = 130  # a second Ctrl+C, or Ctrl+C outside a search
MAX_TIME_LIMIT = 1_000_000  # seconds: about eleven days
PROGRESS_EVERY = 1.0  # seconds between --progress lines
EXPORT_SOLVE_SECONDS = 10.0  # export --solved / --solutions: search time for each puzzle
SOLVE_SECONDS = 10.0  # solve: the search's budget unless --time-limit says
ANALYSE_SECONDS = 3.0  # analyse: its whole budget unless --time-limit says
HINT_SECONDS = 10.0  # hint, and check --against-solution: search time unless --time-limit says


# --- text for the terminal ----------------------------------------------------------
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch in _NAMED:
        return _NAMED[ch]
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def _unsafe(ch: str) -> bool:
    code = ord(ch)
    return (
        code < 0x20
        or 0x7F <= code < 0xA0  # DEL and the C1 controls (CSI is 0x9b)
        or ch in _BIDI  # text direction overrides can make a line read differently
        or ch in "\u2028\u2029"  # line and paragraph separators
        or 0xD800 <= code < 0xE000  # lone surrogates (undecodable bytes in argv)
    )


def safe(text) -> str:
    """``text`` made harmless for a terminal: control characters, text direction
    controls and undecodable bytes written as escapes (ESC becomes \\x1b)."""
    text = str(text)
    if text.isprintable():  # fast path: every character _unsafe finds is unprintable
        return text
    if not any(_unsafe(ch) for ch in text):
        return text
    return "".join(_escape(ch) if _unsafe(ch) else ch for ch in text)


def say(text, file=None) -> None:
    """Print one line that may quote input."""
    print(safe(text), file=file or sys.stdout)


def _print_error(message: str, status: int = EXIT_BAD_INPUT) -> int:
    say(f"puzzlegui: {message}", sys.stderr)
    return status


_parser_type = None  # argparse.ArgumentParser with our error(), made by parser_type()


def parser_type() -> type[argparse.ArgumentParser]:
    """The class of every parser here, made (and argparse imported) at the first call:
    `import puzzlegui.cli` and a plain `puzzlegui list` never import argparse."""
    global _parser_type
    if _parser_type is None:
        import argparse

        class _Formatter(argparse.HelpFormatter):
            def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
                if width is None:  # argparse's own default, without importing shutil for it
                    width = _terminal_columns() - 2
                super().__init__(prog, indent_increment, max_help_position, width)

        class _Parser(argparse.ArgumentParser):
            def __init__(self, *args, **kwargs):
                kwargs.setdefault("formatter_class", _Formatter)
                super().__init__(*args, **kwargs)

            def error(self, message):  # argparse's own exit code 2 is ours too; keep its wording
                self.print_usage(sys.stderr)
                say(f"{self.prog}: error: {message}", sys.stderr)
                raise SystemExit(EXIT_BAD_INPUT)

        _parser_type = _Parser
    return _parser_type


def _terminal_columns() -> int:
    """shutil.get_terminal_size().columns (what argparse wraps its help to), without
    shutil: importing it (with zlib, bz2 and lzma) is most of what `--help` costs."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def build_parser(commands=None) -> argparse.ArgumentParser:
    """The command line's parser.  Every command of COMMANDS is named in it (so --help
    and the error for a mistyped command list them all), but only those in ``commands``
    (any container of names; None: all) get their own arguments.  argparse reads only
    the arguments of the command it runs, the first positional word, so main() passes
    the words of argv: the parser then reads argv exactly as the whole one would, for a
    fraction of the cost of building every command's options."""
    parser_class = parser_type()
    parser = parser_class(prog="puzzlegui", description="Play, solve and generate logic puzzles.")
    sub = parser.add_subparsers(dest="command", parser_class=parser_class)
    for name, text, arguments in COMMANDS:
        p = sub.add_parser(name, help=text)
        if arguments is not None and (commands is None or name in commands):
            arguments(p)
    return parser


def _open_arguments(p) -> None:
    p.add_argument("source", nargs="?", help="a file, a built-in puzzle's name, or a game ID")
    p.add_argument("--kind", help="the kind, for a game ID or a plain text layout")


def _solve_arguments(p) -> None:
    p.add_argument("source")
    p.add_argument("--kind")
    p.add_argument("--all", action="store_true", help="count every solution (up to --max)")
    p.add_argument("--first", action="store_true", help="stop at the first solution")
    p.add_argument("--max", type=int, default=1000, help="stop counting after N solutions (default 1000)")
    p.add_argument(  # default None: main() puts solver.KEEP in
        "--list", type=int, default=None, metavar="N",
        help="print at most N of the solutions found (default %(keep)s); all are counted",
    ).keep = _Later("solver", "KEEP")
    _time_limit_argument(
        p,
        f"stop the search after SECONDS (default {SOLVE_SECONDS:g}) and report what was found: for a "
        "board beyond proof, the best answer and its proven lower bound; a larger value searches longer. "
        "Rotation's pattern databases are built once and kept in the cache folder, up to "
        "PUZZLEGUI_DATABASES_MAX_MB mebibytes (default 1024: every preset's fits)",
    )
    p.add_argument("--progress", action="store_true", help="report the search's progress on stderr")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _check_arguments(p) -> None:
    p.add_argument("source")
    p.add_argument("--kind")
    p.add_argument(
        "--against-solution", action="store_true",
        help="list the saved entries that no solution of the puzzle contains",
    )
    _time_limit_argument(
        p, f"--against-solution: search at most SECONDS (default {HINT_SECONDS:g}); entries left undecided exit 1",
    )


def _hint_arguments(p) -> None:
    p.add_argument("source")
    p.add_argument("--kind")
    p.add_argument("--json", action="store_true", help='print {"kind", "move", "text", "cells"}')
    _time_limit_argument(p, f"search for a hint at most SECONDS (default {HINT_SECONDS:g}); none found in time exits 1")


def _analyse_arguments(p) -> None:
    p.add_argument("source")
    p.add_argument("--kind")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    _time_limit_argument(p, f"analyse at most SECONDS (default {ANALYSE_SECONDS:g}); what is cut short is named")


def _generate_arguments(p) -> None:
    p.add_argument("kind")
    p.add_argument("--seed", type=int)
    _time_limit_argument(p, "give up when no puzzle is made within SECONDS")
    _count_arguments(p)


def _recover_arguments(p) -> None:
    p.add_argument("database", nargs="?",
                   help="a set-aside database (games.broken-….sqlite3) whose games to bring back; without it, list them")


def _export_arguments(p) -> None:
    p.add_argument("source", help="a puzzle, or a collection (PDF: all its puzzles)")
    p.add_argument("--kind")
    p.add_argument("--png", metavar="FILE", help="write the board as a PNG image")
    p.add_argument("--svg", metavar="FILE", help="write the board as an SVG drawing")
    p.add_argument("--pdf", metavar="FILE", help="write a PDF, --per-page puzzles to a page")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--current", action="store_true", help="draw your game as you left it (in the window), else the file's saved progress")
    shown.add_argument("--solved", action="store_true", help="draw a solution (found by the solver)")
    p.add_argument("--cell", type=int, default=32, metavar="PIXELS", help="PNG and SVG: pixels a cell (default 32)")
    p.add_argument("--per-page", type=int, default=4, choices=(1, 2, 4, 6), help="PDF: puzzles a page (default 4)")
    p.add_argument("--solutions", action="store_true", help="PDF: add solution pages at the end")
    _time_limit_argument(p, f"look for each solution at most SECONDS (default {EXPORT_SOLVE_SECONDS:g})")
    _force_argument(p, "replace a FILE that exists")


#: (name, help, what adds its arguments): the commands, in the order --help lists them
COMMANDS = (
    ("open", "open the GUI on a puzzle", _open_arguments),
    ("list", "list the built-in puzzles", None),
    ("solve", "solve a puzzle and report every solution found", _solve_arguments),
    ("check", "validate a puzzle and the rules of the puzzle as given", _check_arguments),
    ("hint", "the next sure move and its reason in one sentence", _hint_arguments),
    ("analyse", "count the solutions, grade the puzzle, find contradictions and redundant givens", _analyse_arguments),
    ("generate", "print a new puzzle file (JSON), or --count N as a collection", _generate_arguments),
    ("export", "draw a puzzle as PNG or SVG, or print puzzles to PDF", _export_arguments),
    ("install-desktop-entry", "add puzzlegui to the desktop's menu", None),
    ("recover", "list the games databases set aside as damaged, or bring back one's games", _recover_arguments),
)


def _count_arguments(parser) -> None:
    parser.add_argument(
        "--count", type=int, metavar="N",
        help="make N puzzles (seeds SEED, SEED+1, ...) as a collection (at most %(most)s)",
    ).most = _Later("collection", "MAX_PUZZLES", ",")
    parser.add_argument(
        "--output", metavar="FILE",
        help="write to FILE instead of printing; with --count, a FILE ending in / (or a folder) gets one JSON file "
        "a puzzle, each under the first free number",
    )
    _force_argument(parser, "replace an --output FILE that exists (a file in a folder is never replaced)")


def _force_argument(parser, text: str) -> None:
    parser.add_argument("--force", action="store_true", default=None, help=text)


def _time_limit_argument(parser, text: str) -> None:
    parser.add_argument("--time-limit", type=float, metavar="SECONDS", help=text)


def _time_limit(args, default: float | None) -> float | None:
    """The command's --time-limit, or its ``default``; PuzzleError (exit 2, its sentence)
    if it is not a time limit."""
    value = args.time_limit if args.time_limit is not None else default
    problem = _time_limit_problem(value)
    if problem:
        raise PuzzleError(problem)
    return value


def _time_limit_problem(value) -> str | None:
    if value is None:
        return None
    import math

    if not math.isfinite(value) or not 0 < value <= MAX_TIME_LIMIT:
        return f"--time-limit must be a number of seconds above 0 and at most {MAX_TIME_LIMIT:,}, not {value:g}."
    return None


def _reasons(violations) -> str:
    from .core.solving import reasons

    return reasons(violations)


# --- the commands -------------------------------------------------------------------
def cmd_open(args) -> int:
    """The GUI on a puzzle; a collection opens on its first puzzle and the window lists
    the rest (entries that could not be read are named on stderr too)."""
    from .gui.app import run_gui

    if args.source is None:
        return run_gui()
    try:
        files.load_source(args.source, args.kind)
    except collection.IsCollection as exc:
        for sentence in exc.collection.skipped[:5]:
            say(f"puzzlegui: skipped {sentence}", sys.stderr)
    except PuzzleError:
        pass  # the window says why, and keeps the game that was open
    return run_gui(args.source, args.kind)


def cmd_list() -> int:
    from .core import library  # names and titles only: no engine loads (issue 11)

    rows = library.builtins()
    width = max((len(b.name) for b in rows), default=10)
    for b in rows:
        say(f"{b.name:<{width}}  {b.kind:<8}  {b.title}")
    return EXIT_OK


def _played(doc):
    """The player's game of ``doc`` as the window keeps it in the games database (read,
    never written), or, if it has none, the progress saved in ``doc``'s file."""
    from .core import games as games_mod, paths

    games = games_mod.Games(paths.data_dir(), read_only=True)
    try:
        return games.played(doc)
    finally:
        games.close()


def cmd_check(args) -> int:
    """Exit 0: well-formed and no rule broken; 1: well-formed but the puzzle as given
    (or the saved progress) breaks a rule; 2: not a puzzle of the kind."""
    doc = files.load_source(args.source, args.kind)
    kind = doc.kind
    doc.history()  # the file's own progress must replay too
    history = _played(doc)
    what = f'{kind.name} puzzle "{doc.title}"'
    broken = kind.check(doc.state)
    if broken:
        say(f"Cannot be solved: {what} is well-formed, but the puzzle as given breaks a rule. {_reasons(broken)}")
        return EXIT_NO_SOLUTION
    broken = kind.check(history.state)
    if broken:
        say(
            f"Mistakes: {what} is well-formed and can be played, but the saved progress breaks a rule. "
            f"{_reasons(broken)}"
        )
        return EXIT_NO_SOLUTION
    say(f"OK: {what}.")
    return EXIT_OK


def cmd_hint(args) -> int:
    """The next sure move of the puzzle (or of the saved game) and its reason.  Exit 0: a
    move is printed; 1: no sure move (solved, no solution, none found within the time
    limit, or the hint only points at a wrong entry); 2: bad input."""
    time_limit = _time_limit(args, HINT_SECONDS)
    import json

    doc = files.load_source(args.source, args.kind)
    kind = doc.kind
    state = _played(doc).state
    stopped = False
    if kind.is_solved(state):
        hint, text = None, "The puzzle is already solved: there is no next move."
    else:
        # the kind's searches share the budget; the deadline also ends what it does
        # without searching (deductions, a distance table) when that runs past it
        started = time.perf_counter()
        try:
            with _deadline(time_limit):
                hint = kind.hint(state, time_limit=time_limit)
        except _TimeUp:
            hint = None
        stopped = hint is None and time.perf_counter() - started >= time_limit
        if stopped:
            text = f"No hint found within {solver.seconds_text(time_limit)}; try a longer --time-limit."
        else:
            text = hint.text if hint is not None else "No sure move from here."
    if args.json:
        out = {
            "kind": kind.name,
            "move": None if hint is None or hint.move is None else kind.move_to_json(hint.move),
            "text": text,
            "cells": [[int(x), int(y)] for x, y in (hint.cells if hint is not None else ())],
        }
        if stopped:
            out["stopped"] = "time limit"
        print(json.dumps(out))
    else:
        say(text)
        if hint is not None and hint.move is not None:
            say(f"move: {json.dumps(kind.move_to_json(hint.move))}")
    return EXIT_OK if hint is not None and hint.move is not None else EXIT_NO_SOLUTION


def cmd_analyse(args) -> int:
    """What the puzzle as given makes, for its setter (core.analysis).  Exit 0: exactly
    one solution; 1: none, several, or not decided within the time limit; 2: bad input."""
    time_limit = _time_limit(args, ANALYSE_SECONDS)
    import json

    from .core import analysis

    doc = files.load_source(args.source, args.kind)
    kind = doc.kind
    with _Interrupt() as interrupt:
        found = analysis.analyse(kind, doc.state, time_limit=time_limit, should_stop=lambda: interrupt.requested)
    if args.json:
        print(json.dumps({"kind": kind.name, "title": doc.title, **found.to_json()}))
    else:
        say(f'{kind.title} puzzle "{doc.title}":')
        for line in analysis.sentences(found, bool(kind.givens(doc.state))):
            say(line)
    if "moves" in found.extra:  # Rotation: its solutions are the shortest sequences, any number is fine
        return EXIT_OK if found.count else EXIT_NO_SOLUTION
    return EXIT_OK if found.count == 1 and found.exact else EXIT_NO_SOLUTION


def cmd_check_against_solution(args) -> int:
    """Exit 0: no saved entry is shown to be in no solution; 1: some are (each listed),
    the time limit left some undecided, or the puzzle as given breaks a rule; 2: bad input."""
    time_limit = _time_limit(args, HINT_SECONDS)
    from .core import aids

    doc = files.load_source(args.source, args.kind)
    kind = doc.kind
    state = _played(doc).state
    what = f'{kind.name} puzzle "{doc.title}"'
    broken = kind.check(doc.state)
    if broken:
        say(f"Cannot be solved: {what} is well-formed, but the puzzle as given breaks a rule. {_reasons(broken)}")
        return EXIT_NO_SOLUTION
    found = aids.mistakes(kind, state, time_limit=time_limit)
    for m in found:
        say(f"Mistake: {m.text}")
    say(found.reason if found.complete else f"{found.reason} A longer --time-limit may decide them.")
    return EXIT_NO_SOLUTION if found or not found.complete else EXIT_OK


class _Interrupt:
    """Ctrl+C during a search: the first asks the search to stop (so what was found is
    still printed); a second one ends the program at once."""

    def __init__(self):
        self.requested = False
        self._old = None

    def _handle(self, signum, frame):
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    def __enter__(self):
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc):
        if self._old is not None:
            import signal

            signal.signal(signal.SIGINT, self._old)
        return False


class _Reporter:
    """``--progress``: a line on stderr at the first solution and about once a second."""

    def __init__(self, noun: str):
        self.noun = noun
        self.started = time.perf_counter()
        self.last = self.started
        self.nodes = 0
        self.found = 0

    def line(self) -> None:
        now = time.perf_counter()
        self.last = now
        many = self.noun if self.found == 1 else self.noun + "s"
        say(
            f"puzzlegui: searching: {self.nodes:,} nodes, {self.found:,} {many} so far ({now - self.started:.1f} s)",
            sys.stderr,
        )
        sys.stderr.flush()

    def progress(self, nodes: int) -> None:
        self.nodes = nodes
        if time.perf_counter() - self.last >= PROGRESS_EVERY:
            self.line()

    def solution(self, _solution) -> None:
        self.found += 1
        if self.found == 1 or time.perf_counter() - self.last >= PROGRESS_EVERY:
            self.line()


def cmd_solve(args) -> int:
    if args.max < 1:
        return _print_error(f"--max must be at least 1, not {args.max}.")
    if args.list < 0:
        return _print_error(f"--list must be 0 or more, not {args.list}.")
    time_limit = _time_limit(args, SOLVE_SECONDS)
    import json

    doc = files.load_source(args.source, args.kind)
    kind = doc.kind
    state = kind.solve_start(_played(doc).state)  # from where the player is (Rotation solves from there)
    mode = solver.ALL if args.all else solver.FIRST if args.first else solver.UNIQUE
    reporter = _Reporter("solution") if args.progress else None
    from .core import solving

    with _Interrupt() as interrupt:
        if reporter is not None:
            reporter.line()  # the search has started
        solved = solving.search(  # the window's pipeline: the same puzzle, the same words
            kind, state, mode, args.max,
            time_limit=time_limit,
            keep=args.list,
            should_stop=lambda: interrupt.requested,
            on_found=reporter.solution if reporter else None,
            on_progress=reporter.progress if reporter else None,
        )
    result, sentence, reason = solved.result, solved.sentence, solved.reason
    if result.stop_reason == solver.STOP_REQUESTED:
        sentence = f"Interrupted. {sentence}"
    if args.json:
        out = {
            "kind": kind.name,
            "count": result.count,
            "complete": result.complete,
            "solutions": [kind.solution_json(s) for s in result.solutions],
            "elapsed_s": round(result.elapsed, 6),
        }
        if result.listed < result.count:
            out["listed"] = result.listed
        if result.counted:
            out["counted"] = True  # count is exact, found by the kind's counter, not by listing
        if result.status == solver.STOPPED and reason is None:
            out["stopped"] = "time limit" if result.stop_reason == solver.TIME_LIMIT else "interrupted"
        if reason is not None:
            out["reason"] = reason
        out.update(kind.result_json(result))
        print(json.dumps(out))
        if result.status == solver.STOPPED or reason is not None:
            say(f"puzzlegui: {sentence}", sys.stderr)
    else:
        say(sentence)
        for i, s in enumerate(result.solutions, start=1):
            print(f"solution {i}: {json.dumps(kind.solution_json(s))}")
        if result.listed < result.count:
            say(f"(The first {result.listed:,} of {result.count:,} are listed; --list N lists more.)")
    return EXIT_OK if result.count else EXIT_NO_SOLUTION


class _TimeUp(BaseException):
    """The generate time limit passed (a BaseException, so no generator swallows it)."""


def _deadline(seconds: float | None):
    """A context manager: raise _TimeUp in the main thread when ``seconds`` pass;
    generators have no stop flag, so a timer interrupts them wherever they are."""
    from contextlib import contextmanager

    return contextmanager(_deadline_steps)(seconds)


def _deadline_steps(seconds: float | None):
    import signal
    import threading

    if seconds is None:
        yield
        return
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():

        def on_alarm(signum, frame):
            raise _TimeUp

        old = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
        return
    # no SIGALRM (Windows): a timer thread interrupts the main thread instead
    import _thread

    fired = threading.Event()

    def fire():
        fired.set()
        _thread.interrupt_main()

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    except KeyboardInterrupt:
        if fired.is_set():
            raise _TimeUp from None
        raise
    finally:
        timer.cancel()
        timer.join()


def cmd_generate(args, extra: list[str]) -> int:
    kind = registry.get(args.kind)
    params = {p.name: p.default for p in kind.parameters()}
    sub = parser_type()(prog=f"puzzlegui generate {kind.name}", description=f"Print a new {kind.title} puzzle file (JSON).")
    sub.add_argument("--seed", type=int, help="the same seed and options make the same puzzle")
    _time_limit_argument(sub, "give up when no puzzle is made within SECONDS (exit status 1; with --count, for each puzzle)")
    _count_arguments(sub)
    for p in kind.parameters():
        flag = "--" + p.name.replace("_", "-")
        if p.type == "bool":
            sub.add_argument(flag, dest=p.name, choices=("yes", "no", "true", "false", "1", "0"), help=p.label)
        elif p.type == "int":
            sub.add_argument(flag, dest=p.name, type=int, help=f"{p.label} ({p.minimum}..{p.maximum})")
        else:
            words = getattr(kind, "level_words", {}) if p.name == "difficulty" else {}
            text = p.label + (": " + "; ".join(f"{k}: {v}" for k, v in words.items()) if words else "")
            sub.add_argument(flag, dest=p.name, choices=[str(c) for c in p.choices], help=text)
    given = sub.parse_args(extra)
    time_limit = _time_limit(args, given.time_limit)
    for p in kind.parameters():
        value = getattr(given, p.name)
        if value is None:
            continue
        if p.type == "bool":
            value = value in ("yes", "true", "1")
        elif p.type == "int" and (
            (p.minimum is not None and value < p.minimum) or (p.maximum is not None and value > p.maximum)
        ):
            return _print_error(f"{p.label} must be from {p.minimum} to {p.maximum}, not {value}.")
        params[p.name] = value
    count = args.count if args.count is not None else given.count
    output = args.output if args.output is not None else given.output
    force = bool(args.force or given.force)
    if count is not None:
        return _generate_many(kind, params, args.seed, count, output, time_limit, force)
    if output is not None:
        _check_output(output, force)  # before the time it takes to make the puzzle
    try:
        with _deadline(time_limit):
            state = kind.generate(params, args.seed)
    except _TimeUp:
        return _print_error(_not_made(kind, time_limit), EXIT_NO_SOLUTION)
    doc = files.PuzzleDoc(kind, state, meta={"title": f"Random {kind.title}" + (f" (seed {args.seed})" if args.seed is not None else "")})
    if output is not None:
        _save(output, files.dumps(doc), force)
    else:
        sys.stdout.write(files.dumps(doc))
    return EXIT_OK


def _not_made(kind, time_limit, which: str = "") -> str:
    return (
        f"No {kind.title} puzzle{which} was made within the time limit of {solver.seconds_text(time_limit)}; "
        "give it more time or choose smaller or easier parameters."
    )


def _exists(path) -> str:
    return f"{safe(path)} already exists; add --force to replace it."


def _check_output(path, force: bool) -> None:
    """Refuse an output FILE now, before the work of making it: a special file always,
    a file that exists unless ``force`` (save_atomic judges the name again as it writes)."""
    try:
        files.check_target(path, overwrite=force)
    except files.TargetExists:
        raise PuzzleError(_exists(path)) from None
    except OSError as exc:
        raise PuzzleError(f"{safe(path)} cannot be written ({safe(str(exc.strerror or exc))[:100]}).") from None


def _save(path, text, force: bool = False) -> None:
    try:
        files.save_atomic(path, text, overwrite=force)
    except files.TargetExists:
        raise PuzzleError(_exists(path)) from None
    except OSError as exc:
        reason = safe(str(exc.strerror or exc))[:100]
        raise PuzzleError(f"{safe(path)} cannot be written ({reason}).") from None


def _is_folder_target(output: str) -> bool:
    return output.endswith(("/", os.sep)) or collection.is_folder(output)


MAX_FOLDER_NUMBER = 100_000  # generate --count N --output DIR/: the highest number a name gets


def _save_numbered(folder, stem: str, width: int, after: int, text: str):
    """Write ``text`` as FOLDER/STEM-NNN.json under the first number above ``after``
    whose name is free at the moment it is written (never over a file, never through a
    link: another run or program may fill the folder meanwhile).  Returns (path, number)."""
    for number in range(after + 1, MAX_FOLDER_NUMBER + 1):
        path = folder / f"{stem}-{number:0{width}d}.json"
        try:
            files.save_atomic(path, text, follow_links=False, overwrite=False)
        except (files.TargetExists, files.UnsafeTarget):
            continue  # a file, link, folder or FIFO has the name: the next number
        except OSError as exc:
            raise PuzzleError(f"{safe(path)} cannot be written ({safe(str(exc.strerror or exc))[:100]}).") from None
        return path, number
    raise PuzzleError(
        f"{safe(folder)} has no free name {stem}-NNN.json up to {MAX_FOLDER_NUMBER:,}; choose another folder."
    )


def _generate_many(kind, params: dict, seed, count: int, output, time_limit, force: bool = False) -> int:
    """``generate --count N``: N puzzles (seeds seed, seed+1, ...) as a collection file
    (printed, or written to ``output``), or one JSON file each in the folder ``output``,
    each under the first free number (so two runs into one folder keep all their files).
    A line on stderr after each puzzle.  When one is not made within ``time_limit``, the
    ones made so far are kept (written) and the status is 1."""
    if not 1 <= count <= collection.MAX_PUZZLES:
        return _print_error(f"--count must be from 1 to {collection.MAX_PUZZLES:,}, not {count}.")
    folder = None
    if output is not None and _is_folder_target(output):
        from pathlib import Path

        folder = Path(output)
        width = max(3, len(str(count)))
        number = 0  # the number of the last file written
        try:
            folder.mkdir(exist_ok=True)  # the folder named, never the folders above it
        except OSError as exc:
            return _print_error(f"{safe(folder)} cannot be made ({safe(str(exc.strerror or exc))[:100]}).")
    elif output is not None:
        _check_output(output, force)
    seeds = f" (seeds {seed} to {seed + count - 1})" if seed is not None and count > 1 else f" (seed {seed})" if seed is not None else ""
    title = f"{count} random {kind.title} puzzle{'s' if count > 1 else ''}{seeds}"
    docs = []
    to_stdout = output is None
    if to_stdout:
        print(collection.HEADER)
        print(f"# title: {title}")
        sys.stdout.flush()
    status = EXIT_OK
    for i in range(count):
        this_seed = seed + i if seed is not None else None
        try:
            with _deadline(time_limit):
                state = kind.generate(params, this_seed)
        except _TimeUp:
            _print_error(_not_made(kind, time_limit, f" ({i + 1} of {count})"))
            status = EXIT_NO_SOLUTION
            break
        name = f"Random {kind.title} " + (f"(seed {this_seed})" if this_seed is not None else f"{i + 1} of {count}")
        doc = files.PuzzleDoc(kind, state, meta={"title": name})
        written = ""
        if folder is not None:
            try:
                path, number = _save_numbered(folder, kind.name, width, number, files.dumps(doc))
            except PuzzleError as exc:
                _print_error(str(exc))
                status = EXIT_BAD_INPUT
                break
            written = f": {path}"
        elif to_stdout:
            print(collection.entry_line(doc))
            sys.stdout.flush()
        docs.append(doc)
        say(f"puzzlegui: generated {i + 1} of {count}{written}", sys.stderr)
        sys.stderr.flush()
    if output is not None and folder is None and docs:
        _save(output, collection.dumps(docs, title), force)
    if output is not None and docs:
        where = f"the folder {output}" if folder is not None else output
        say(f"puzzlegui: wrote {len(docs)} puzzle{'s' if len(docs) != 1 else ''} to {where}.", sys.stderr)
    return status


def cmd_export(args) -> int:
    """``export SOURCE --png/--svg/--pdf FILE``: exit 0 written, 1 no solution found for
    --solved, 2 bad input.  A collection goes to a PDF whole; PNG and SVG take one puzzle."""
    if not (args.png or args.svg or args.pdf):
        return _print_error("Say what to write: --png FILE, --svg FILE and/or --pdf FILE.")
    time_limit = _time_limit(args, EXPORT_SOLVE_SECONDS)
    outputs = [(flag, path) for flag, path in (("--png", args.png), ("--svg", args.svg), ("--pdf", args.pdf)) if path]
    seen = {}
    for flag, path in outputs:
        _check_output(path, bool(args.force))  # before the time it takes to draw (and solve)
        same = seen.setdefault(os.path.realpath(path), flag)
        if same != flag:
            return _print_error(f"{same} and {flag} name the same file, {safe(path)}; give each its own.")
    try:
        docs = [files.load_source(args.source, args.kind)]
        heading = ""
    except collection.IsCollection as exc:
        coll = exc.collection
        if args.png or args.svg:
            return _print_error(f"{exc} A PNG or SVG shows one puzzle (a PDF prints them all).")
        for sentence in coll.skipped[:5]:
            say(f"puzzlegui: skipped {sentence}", sys.stderr)
        docs = [item.doc for item in coll.items]
        heading = coll.title
    from .gui import export

    export.ensure_app()
    items = []
    for doc in docs:
        state = _played(doc).state if args.current else doc.state
        if args.solved:
            solved = export.solved_state(doc.kind, state, time_limit)
            if solved is None:
                return _print_error(f'No solution of "{doc.title}" was found to draw.', EXIT_NO_SOLUTION)
            state = solved
        items.append((doc.title, doc.kind, state))
    solutions = []
    if args.solutions and args.pdf:
        solutions = export.solutions_for([(doc.title, doc.kind, doc.state) for doc in docs], time_limit)
    title, kind, state = items[0]
    force, writing = bool(args.force), None
    try:
        if args.png:
            writing = args.png
            export.render_png(kind, state, args.png, args.cell, overwrite=force)
            say(f"puzzlegui: wrote {args.png}", sys.stderr)
        if args.svg:
            writing = args.svg
            export.render_svg(kind, state, args.svg, args.cell, title, overwrite=force)
            say(f"puzzlegui: wrote {args.svg}", sys.stderr)
        if args.pdf:
            writing = args.pdf
            pages = export.write_pdf(args.pdf, items, args.per_page, solutions or None, heading, overwrite=force)
            say(f"puzzlegui: wrote {args.pdf} ({pages} page{'s' if pages != 1 else ''})", sys.stderr)
    except files.TargetExists:  # the name was taken while the board was drawn
        return _print_error(_exists(writing))
    return EXIT_OK


def _forgiving_streams() -> None:
    # a terminal that cannot show a character gets an escape, not a traceback
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # pragma: no cover - a closed or odd stream
                pass


def _run(command, *args) -> int:
    """Run a command; a PuzzleError (bad input) becomes its sentence and exit status 2."""
    try:
        return command(*args)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except ValueError as exc:  # PuzzleError is a ValueError; core.kind loads only now
        from .core.kind import PuzzleError

        if isinstance(exc, PuzzleError):
            return _print_error(str(exc))
        raise


def cmd_recover(args) -> int:
    """List the data folder's set-aside games databases (exit 0), or bring back the games
    of one (exit 0; 1 if it cannot be read; 2 if a window keeps the folder: it does it)."""
    from pathlib import Path

    from .core import games as games_mod, owner, paths, recover

    folder = paths.data_dir()
    if args.database is None:
        found = recover.survey(folder)
        if not found:
            say(f"No games database has been set aside in {folder}.")
        for aside in found:
            what = (f"cannot be read ({aside.why})" if aside.games is None
                    else f"{aside.games} game{'' if aside.games == 1 else 's'} can be read")
            say(f"{aside.path}: {what}")
        return EXIT_OK
    path = Path(args.database)
    if path.parent == Path(""):
        path = folder / path
    if not path.is_file():
        raise PuzzleError(f"{args.database} is not a set-aside games database; `puzzlegui recover` lists them.")
    claim = owner.claim(folder)
    if claim is None:
        raise PuzzleError("puzzlegui's window is running on this data folder: use its File > Recover games\u2026, "
                          "or quit it and run this again.")
    try:
        games = games_mod.Games(folder)
        try:
            done = recover.recover(games.store, path)
        except ValueError as exc:
            return _print_error(str(exc), EXIT_NO_SOLUTION)
        finally:
            games.close()
    finally:
        claim.release()
    say(done.sentence(path))
    return EXIT_OK


def _install_desktop_entry() -> int:
    from .desktop import install_desktop_entry

    say(install_desktop_entry())
    return EXIT_OK


#: what each command was doing, and what may help, when memory ran out
_OUT_OF_MEMORY = {
    "solve": "solving; try a smaller --max or a --time-limit, or leave out --all",
    "hint": "looking for a hint; try a smaller --time-limit",
    "analyse": "analysing; try a smaller --time-limit",
    "check": "checking; try a smaller --time-limit",
    "generate": "generating; try smaller parameters, a smaller --count or a --time-limit",
    "export": "exporting; try a smaller --cell, fewer puzzles or a smaller --time-limit",
}


def main(argv: list[str] | None = None) -> int:
    """The command line; running out of memory anywhere in it is a sentence and status
    1 (a limit was reached, as with --time-limit), never a traceback."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(argv)
    except MemoryError:
        pass  # said below, once the frames holding the memory are gone
    what = _OUT_OF_MEMORY.get(argv[0] if argv else "", "working; try a smaller puzzle")
    return _print_error(f"Out of memory while {what}.", EXIT_NO_SOLUTION)


def _main(argv: list[str]) -> int:
    _forgiving_streams()
    if not argv:  # the GUI: straight to the window, no parser
        from .gui.app import run_gui

        return run_gui()
    if argv == ["list"]:  # nothing to read but the command's name: no parser to build
        return _run(cmd_list)
    parser = build_parser(commands=argv)  # the arguments of the command argv names
    if argv[0] == "generate":
        # `generate KIND --help` lists that kind's own options, so the kind's parser
        # must see the flag, not the top-level one
        wants_help = len(argv) > 1 and not argv[1].startswith("-") and any(a in ("-h", "--help") for a in argv[2:])
        args, extra = parser.parse_known_args([a for a in argv if not (wants_help and a in ("-h", "--help"))])
        if wants_help:
            extra.append("--help")
    else:
        args, extra = parser.parse_args(argv), []
    if args.command == "list":
        return _run(cmd_list)
    if args.command == "install-desktop-entry":
        return _run(_install_desktop_entry)
    if args.command is None:
        parser.print_help()
        return EXIT_BAD_INPUT
    _load_core()  # --help and usage errors have exited by now, without the engines
    if args.command == "solve" and args.list is None:
        args.list = solver.KEEP
    if args.command == "open":
        return _run(cmd_open, args)
    if args.command == "export":
        return _run(cmd_export, args)
    if args.command == "check":
        return _run(cmd_check_against_solution if args.against_solution else cmd_check, args)
    if args.command == "hint":
        return _run(cmd_hint, args)
    if args.command == "analyse":
        return _run(cmd_analyse, args)
    if args.command == "solve":
        return _run(cmd_solve, args)
    if args.command == "generate":
        return _run(cmd_generate, args, extra)
    if args.command == "recover":
        return _run(cmd_recover, args)
    parser.print_help()
    return EXIT_BAD_INPUT
