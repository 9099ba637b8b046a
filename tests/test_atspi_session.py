"""A real session (issue 35): Xvfb, a D-Bus session bus and AT-SPI (at-spi2-core), the
installed puzzlegui started on a Kurosu, and, through python3-pyatspi as a screen
reader would, its board found, a square's name read and one move played by key, and the
events the move sends heard on the AT-SPI bus.  The probe (tests/atspi_probe.py) waits
on the bus's events, never by sleeping.

Skipped, with the reason, where those are missing (CI may not have them):
``sudo apt-get install xvfb dbus at-spi2-core python3-pyatspi`` provides them."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlegui.core import files

SYSTEM_PYTHON = "/usr/bin/python3"
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
PROBE = Path(__file__).with_name("atspi_probe.py")
PUZZLE = "kurosu-dm-2018-06-01"


def missing() -> str:
    if not sys.platform.startswith("linux"):
        return "AT-SPI is Linux's"
    for tool in ("Xvfb", "dbus-run-session"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (apt-get install xvfb dbus)"
    if not os.path.exists(BUS_LAUNCHER):
        return f"{BUS_LAUNCHER} is missing (apt-get install at-spi2-core)"
    if not os.path.exists(SYSTEM_PYTHON) or subprocess.run(
        [SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, timeout=30
    ).returncode != 0:
        return "python3-pyatspi is not installed for /usr/bin/python3 (apt-get install python3-pyatspi)"
    if app_command() is None:
        return "the puzzlegui command is not installed beside this Python (pip install -e .)"
    return ""


def app_command():
    here = Path(sys.executable).with_name("puzzlegui")
    if here.exists():
        return str(here)
    return shutil.which("puzzlegui")


@pytest.fixture
def display(tmp_path):
    """A private X server on a display number it chooses (-displayfd): several sessions
    can run at once without taking each other's display."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()  # written once the server is ready
    try:
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_a_screen_reader_finds_the_board_reads_a_square_and_plays_a_key(tmp_path, display):
    home = tmp_path / "home"
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, DISPLAY=display, HOME=str(home), XDG_DATA_HOME=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_RUNTIME_DIR=str(runtime), QT_QPA_PLATFORM="xcb", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    env.pop("AT_SPI_BUS_ADDRESS", None)
    # inside one D-Bus session: the accessibility bus, the app, then the probe; then the
    # app is asked to quit (SIGTERM, as a desktop's log-out does) and says how it ended,
    # and the bus ends with the session
    script = (f'{BUS_LAUNCHER} --launch-immediately >/dev/null 2>&1 & '
              f'"{app_command()}" open {PUZZLE} >"{tmp_path}/app.log" 2>&1 & app=$!; '
              f'{SYSTEM_PYTHON} "{PROBE}" x; status=$?; kill $app; wait $app; echo "app ended: $?"; exit $status')
    done = subprocess.run(["dbus-run-session", "--", "bash", "-c", script], env=env, capture_output=True,
                          text=True, timeout=120)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, f"the probe said nothing: {done.stdout[-500:]} {done.stderr[-500:]}"
    found = json.loads(lines[-1])
    assert found.get("app"), f"puzzlegui is not on the AT-SPI desktop (the probe woke after {found.get('woken_by')})"
    doc = files.load_builtin(PUZZLE)
    state = doc.state
    assert found["board"].startswith(f"Kurosu board, {state.width} columns by {state.height} rows")
    assert found["children"] == state.width * state.height + state.width + state.height
    assert found["role"] == "table cell"
    assert state.at(0, 0) < 0 and found["before"] == "row 1, column 1: empty"
    assert found["after"] == "row 1, column 1: X"  # the key x, sent as a keyboard would, placed an X
    # and the screen reader was told: the square's new name, its row's count, the announcement
    names = [data for kind, data in found["heard"] if kind == "object:property-change:accessible-name"]
    assert "row 1, column 1: X" in names
    assert any(name.startswith("row 1 has ") for name in names)
    assert ["object:announcement", "row 1, column 1: X"] in found["heard"]
    assert done.returncode == 0
    # it quit cleanly with the screen readers' bus running (it crashed once: the board's
    # squares were taken out of Qt's accessibility cache after the cache had gone)
    log = (tmp_path / "app.log").read_text(errors="replace")
    assert "app ended: 0" in done.stdout, f"{done.stdout[-300:]} {log[-1500:]}"
