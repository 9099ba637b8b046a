"""Pure logic has no Qt: core/ and every kind's engine modules import no PySide6 and no
gui.  The contracts are import-linter's, in pyproject.toml (``lint-imports`` checks every
import statement, in functions too); the runtime check below catches imports made by
name (importlib) that no static tool sees."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint(*args, cwd=ROOT):
    return subprocess.run([str(LINT_IMPORTS), *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def test_the_import_contracts_are_kept():
    run = lint()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 kept, 0 broken" in run.stdout


def test_the_contracts_catch_a_module_that_imports_qt(tmp_path):
    """The same kind of contract over a module that does import Qt is broken: the tool
    really reads the imports."""
    config = tmp_path / "contracts.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["puzzlegui"]\ninclude_external_packages = true\n\n'
        '[[tool.importlinter.contracts]]\nname = "a widget is no engine"\ntype = "forbidden"\n'
        'source_modules = ["puzzlegui.kinds.tracks.widget"]\nforbidden_modules = ["PySide6"]\n'
    )
    run = lint("--config", str(config))
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
