"""The Strips engine modules import no Qt (only widget, editor and meta_view do)."""

import subprocess
import sys

PURE = ("stripset", "model", "solver", "count", "batch", "generator", "codec", "meta", "kind")


def test_engine_modules_do_not_import_qt():
    imports = "; ".join(f"import puzzlegui.kinds.strips.{name}" for name in PURE)
    code = f"import sys; {imports}; bad = [m for m in sys.modules if m.startswith('PySide6')]; print(bad); sys.exit(1 if bad else 0)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
