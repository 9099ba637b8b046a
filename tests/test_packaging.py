"""The wheel carries the built-in puzzles and the icon as package data."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contains_resources_and_entry_points(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stderr
    wheel = next(tmp_path.glob("puzzlegui-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {p.relative_to(ROOT / "resources").as_posix() for p in (ROOT / "resources" / "puzzles").rglob("*.json")}
    assert shipped, "no built-in puzzles in the checkout"
    for rel in shipped:
        assert f"puzzlegui/resources/{rel}" in names
    assert "puzzlegui/resources/icons/puzzlegui.svg" in names
    for kind in ("tracks", "rotation", "kurosu", "strips"):
        assert f"puzzlegui/kinds/{kind}/__init__.py" in names
    entry_points = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    ).decode()
    assert "[gui_scripts]" in entry_points and "puzzlegui = puzzlegui.__main__:main" in entry_points
