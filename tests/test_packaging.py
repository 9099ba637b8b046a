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
    # every module of the source tree ships: found by walking the tree, not a kept list
    # (a folder without __init__.py once left the whole GUI out of a non-editable install)
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "puzzlegui").rglob("*.py")}
    assert "puzzlegui/gui/window.py" in modules
    missing = sorted(m for m in modules if m not in names)
    assert not missing, f"modules left out of the wheel: {missing}"
    for folder in {p.parent for p in (ROOT / "puzzlegui").rglob("*.py")}:
        assert (folder / "__init__.py").is_file(), f"{folder} has modules but no __init__.py"
    entry_points = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    ).decode()
    assert "[gui_scripts]" in entry_points and "puzzlegui = puzzlegui.__main__:main" in entry_points
