"""The command line: the same engines as the GUI, headless.

    puzzlegui                         open the GUI
    puzzlegui open SOURCE             open the GUI on a puzzle
    puzzlegui list                    built-in puzzles with their names
    puzzlegui solve SOURCE [--kind K] [--all] [--max N] [--json]
    puzzlegui check SOURCE [--kind K] validate; exit 2 with the message if malformed
    puzzlegui generate KIND [--PARAM VALUE ...] [--seed N]

Exit status: 0 solved / valid, 1 no solution, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys

from .core import files, registry, solver
from .core.kind import PuzzleError

EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own exit code 2 is ours too; keep its wording
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="puzzlegui", description="Play, solve and generate logic puzzles.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("open", help="open the GUI on a puzzle")
    p.add_argument("source", nargs="?", help="a file, a built-in puzzle's name, or a game ID")
    p.add_argument("--kind", help="the kind, for a game ID or a plain text layout")

    sub.add_parser("list", help="list the built-in puzzles")

    p = sub.add_parser("solve", help="solve a puzzle and report every solution found")
    p.add_argument("source")
    p.add_argument("--kind")
    p.add_argument("--all", action="store_true", help="count every solution (up to --max)")
    p.add_argument("--first", action="store_true", help="stop at the first solution")
    p.add_argument("--max", type=int, default=1000, help="stop counting after N solutions (default 1000)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("check", help="validate a puzzle")
    p.add_argument("source")
    p.add_argument("--kind")

    p = sub.add_parser("generate", help="print a new puzzle file (JSON)")
    p.add_argument("kind")
    p.add_argument("--seed", type=int)

    p = sub.add_parser("install-desktop-entry", help="add puzzlegui to the desktop's menu")
    return parser


def _print_error(message: str) -> int:
    print(f"puzzlegui: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def cmd_list() -> int:
    rows = files.builtins()
    width = max((len(b.name) for b in rows), default=10)
    for b in rows:
        print(f"{b.name:<{width}}  {b.kind:<8}  {b.title}")
    return EXIT_OK


def cmd_check(args) -> int:
    doc = files.load_source(args.source, args.kind)
    doc.history()  # saved progress must replay too
    print(f"OK: {doc.kind.name} puzzle \"{doc.title}\".")
    return EXIT_OK


def cmd_solve(args) -> int:
    if args.max < 1:
        return _print_error(f"--max must be at least 1, not {args.max}.")
    doc = files.load_source(args.source, args.kind)
    kind = doc.kind
    state = kind.solve_start(doc.history().state)
    mode = solver.ALL if args.all else solver.FIRST if args.first else solver.UNIQUE
    result = solver.run(kind.solve(state), mode=mode, max_solutions=args.max)
    if args.json:
        out = {
            "kind": kind.name,
            "count": result.count,
            "complete": result.complete,
            "solutions": [kind.solution_json(s) for s in result.solutions],
            "elapsed_s": round(result.elapsed, 6),
        }
        out.update(kind.result_json(result))
        print(json.dumps(out))
    else:
        print(kind.describe_result(result))
        for i, s in enumerate(result.solutions, start=1):
            print(f"solution {i}: {json.dumps(kind.solution_json(s))}")
    return EXIT_OK if result.solutions else EXIT_NO_SOLUTION


def cmd_generate(args, extra: list[str]) -> int:
    kind = registry.get(args.kind)
    params = {p.name: p.default for p in kind.parameters()}
    sub = _Parser(prog=f"puzzlegui generate {kind.name}", description=f"Print a new {kind.title} puzzle file (JSON).")
    sub.add_argument("--seed", type=int, help="the same seed and options make the same puzzle")
    for p in kind.parameters():
        flag = "--" + p.name.replace("_", "-")
        if p.type == "bool":
            sub.add_argument(flag, dest=p.name, choices=("yes", "no", "true", "false", "1", "0"), help=p.label)
        elif p.type == "int":
            sub.add_argument(flag, dest=p.name, type=int, help=f"{p.label} ({p.minimum}..{p.maximum})")
        else:
            sub.add_argument(flag, dest=p.name, choices=[str(c) for c in p.choices], help=p.label)
    given = sub.parse_args(extra)
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
    state = kind.generate(params, args.seed)
    doc = files.PuzzleDoc(kind, state, meta={"title": f"Random {kind.title}" + (f" (seed {args.seed})" if args.seed is not None else "")})
    sys.stdout.write(files.dumps(doc))
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not argv:
        from .gui.app import run_gui

        return run_gui()
    if argv[0] == "generate":
        # `generate KIND --help` lists that kind's own options, so the kind's parser
        # must see the flag, not the top-level one
        wants_help = len(argv) > 1 and not argv[1].startswith("-") and any(a in ("-h", "--help") for a in argv[2:])
        args, extra = parser.parse_known_args([a for a in argv if not (wants_help and a in ("-h", "--help"))])
        if wants_help:
            extra.append("--help")
    else:
        args, extra = parser.parse_args(argv), []
    try:
        if args.command == "open":
            from .gui.app import run_gui

            if args.source is None:
                return run_gui()
            return run_gui(args.source, args.kind)
        if args.command == "list":
            return cmd_list()
        if args.command == "check":
            return cmd_check(args)
        if args.command == "solve":
            return cmd_solve(args)
        if args.command == "generate":
            return cmd_generate(args, extra)
        if args.command == "install-desktop-entry":
            from .desktop import install_desktop_entry

            print(install_desktop_entry())
            return EXIT_OK
    except PuzzleError as exc:
        return _print_error(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    parser.print_help()
    return EXIT_BAD_INPUT
