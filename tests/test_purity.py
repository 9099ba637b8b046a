"""Pure logic has no Qt: core/ and every kind's engine modules import no PySide6."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "puzzlegui"
QT_ALLOWED = {"widget.py", "editor.py", "meta_view.py"}


def pure_modules():
    for path in sorted((PACKAGE / "core").rglob("*.py")):
        yield path
    for path in sorted((PACKAGE / "kinds").rglob("*.py")):
        if path.name not in QT_ALLOWED:
            yield path
    yield PACKAGE / "cli.py"


def imported_names(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_pure_modules_do_not_import_qt():
    offenders = []
    checked = 0
    for path in pure_modules():
        checked += 1
        for name in imported_names(path):
            if name.split(".")[0] in {"PySide6", "shiboken6", "PyQt5", "PyQt6"} or ".gui" in name or name.startswith("puzzlegui.gui"):
                if path.name == "cli.py" and name.endswith("gui.app"):
                    continue  # the CLI starts the GUI lazily, only for `open`
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert checked > 5
    assert not offenders, offenders


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
