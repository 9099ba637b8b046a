"""Pure logic has no Qt: core/ and every kind's engine modules import no PySide6 and no
gui.  The contracts are import-linter's, in pyproject.toml (``lint-imports`` checks every
import statement, in functions too); the runtime check below catches imports made by
name (importlib) that no static tool sees."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint(*args, cwd=ROOT):
    return subprocess.run([str(LINT_IMPORTS), *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def contracts() -> list[dict]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_the_import_contracts_are_kept():
    run = lint()
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{len(contracts())} kept, 0 broken" in run.stdout


def test_a_new_kind_is_held_by_the_engine_rule_without_an_edit(tmp_path):
    """The engine contract finds engine modules by where they are, so a new kind's
    module that imports Qt breaks it while the same import in its qt/ folder does not."""
    engine = next(c for c in contracts() if "puzzlegui.kinds.*" in c.get("source_modules", ()))
    root = tmp_path / "fakepkg"
    for folder in ("", "kinds", "kinds/newkind", "kinds/newkind/qt", "gui", "qtkit"):
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / "__init__.py").write_text("")
    (root / "kinds/newkind/qt/widget.py").write_text("import PySide6\n")
    (root / "kinds/newkind/model.py").write_text("X = 1\n")

    def run_contract():
        def names(key):
            return "[" + ", ".join(f'"{m.replace("puzzlegui", "fakepkg")}"' for m in engine[key]) + "]"

        config = tmp_path / "contracts.toml"
        config.write_text(
            '[tool.importlinter]\nroot_packages = ["fakepkg"]\ninclude_external_packages = true\n\n'
            '[[tool.importlinter.contracts]]\nname = "engine"\ntype = "forbidden"\n'
            f'source_modules = {names("source_modules")}\nforbidden_modules = {names("forbidden_modules")}\n'
            f'as_packages = {str(engine.get("as_packages", True)).lower()}\n'
        )
        env = dict(os.environ, PYTHONPATH=str(tmp_path))
        return subprocess.run([str(LINT_IMPORTS), str(config)], capture_output=True, text=True,
                              timeout=300, cwd=tmp_path, env=env)

    kept = run_contract()
    assert kept.returncode == 0, kept.stdout + kept.stderr  # Qt in the kind's qt/ folder is allowed
    (root / "kinds/newkind/model.py").write_text("from .qt import widget\n")
    broken = run_contract()
    assert broken.returncode != 0 and "BROKEN" in broken.stdout.upper(), broken.stdout + broken.stderr


def test_no_import_cycle_remains():
    """No module of the program imports, directly or through others, a module that imports
    it back: imports inside functions count (grimp reads them all)."""
    import grimp

    graph = grimp.build_graph("puzzlegui")
    edges = {m: {t for t in graph.find_modules_directly_imported_by(m) if t.startswith("puzzlegui")}
             for m in graph.modules if m.startswith("puzzlegui")}
    cycles = strongly_connected(edges)
    assert cycles == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def strongly_connected(edges: dict) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module, iteratively."""
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_contracts_catch_a_module_that_imports_qt(tmp_path):
    """The same kind of contract over a module that does import Qt is broken: the tool
    really reads the imports."""
    config = tmp_path / "contracts.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["puzzlegui"]\ninclude_external_packages = true\n\n'
        '[[tool.importlinter.contracts]]\nname = "a widget is no engine"\ntype = "forbidden"\n'
        'source_modules = ["puzzlegui.kinds.tracks.qt.widget"]\nforbidden_modules = ["PySide6"]\n'
    )
    run = lint(str(config))
    assert run.returncode != 0 and "BROKEN" in run.stdout.upper()


def test_kind_engines_import_without_qt():
    """Importing every kind's engine in a fresh interpreter loads no Qt module."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from puzzlegui.core import registry\n"
        "for name in registry.names():\n"
        "    registry.get(name)\n"
        "import puzzlegui.cli\n"
        "bad = [m for m in sys.modules if m.startswith('PySide6')]\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_only_the_jobs_door_may_start_threads_or_processes(tmp_path):
    """The concurrency contract (issue 31), run on a package shaped like ours: a front-end
    module, the door's own __init__, the toolkit or a kind's Qt side that imports threading
    breaks it; a private module inside gui/jobs may (and a module using the door only
    imports it, which does not count)."""
    contract = next(c for c in contracts() if c.get("forbidden_modules") == ["threading", "multiprocessing",
                                                                              "concurrent"])
    root = tmp_path / "fakepkg"
    for folder in ("", "gui", "gui/jobs", "qtkit", "kinds", "kinds/newkind", "kinds/newkind/qt"):
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / "__init__.py").write_text("")
    (root / "gui/jobs/worker.py").write_text("import threading\nimport multiprocessing\n")
    (root / "gui/window.py").write_text("from .jobs import worker\n")
    names = lambda key: "[" + ", ".join(f'"{m.replace("puzzlegui", "fakepkg")}"' for m in contract[key]) + "]"  # noqa: E731
    config = tmp_path / "contracts.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["fakepkg"]\ninclude_external_packages = true\n\n'
        '[[tool.importlinter.contracts]]\nname = "jobs"\ntype = "forbidden"\n'
        f'source_modules = {names("source_modules")}\nforbidden_modules = {names("forbidden_modules")}\n'
        f'as_packages = {str(contract["as_packages"]).lower()}\n'
        f'allow_indirect_imports = {str(contract["allow_indirect_imports"]).lower()}\n'
    )
    env = dict(os.environ, PYTHONPATH=str(tmp_path))

    def kept() -> bool:
        run = subprocess.run([str(LINT_IMPORTS), str(config)], capture_output=True, text=True, timeout=300,
                             cwd=tmp_path, env=env)
        return run.returncode == 0

    assert kept()
    for offender in ("gui/library.py", "gui/jobs/__init__.py", "qtkit/board.py", "kinds/newkind/qt/widget.py"):
        path = root / offender
        before = path.read_text() if path.exists() else None
        path.write_text("import concurrent.futures\n")
        assert not kept(), offender
        if before is None:
            path.unlink()
        else:
            path.write_text(before)
