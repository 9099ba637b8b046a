"""Nothing is lost when the app is killed: atomic saves and the autosave, with SIGKILL."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

SAVER = r"""
import json, sys
from puzzlegui.core.files import save_atomic
path = sys.argv[1]
payload = "x" * 200_000
i = 0
while True:
    i += 1
    save_atomic(path, json.dumps({"version": i, "payload": payload, "end": i}))
    print(i, flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
@pytest.mark.parametrize("kill_after", [1, 3, 7, 12])
def test_sigkill_mid_save_leaves_old_or_new_file(tmp_path, kill_after):
    path = tmp_path / "puzzle.json"
    child = subprocess.Popen([sys.executable, "-c", SAVER, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        for _ in range(kill_after):
            line = child.stdout.readline()  # the child reports each finished save
            assert line, "the saver died on its own"
        os.kill(child.pid, signal.SIGKILL)  # very likely in the middle of the next save
    finally:
        child.wait(10)
        child.stdout.close()
    data = json.loads(path.read_text())  # never a broken file
    assert data["version"] == data["end"] >= kill_after
    assert len(data["payload"]) == 200_000


PLAYER = r"""
import os, sys
sys.path.insert(0, sys.argv[1])
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QApplication
QStandardPaths.setTestModeEnabled(True)  # the same folders as the test process
app = QApplication([])
from demo import KIND
from puzzlegui.core import files, registry
registry.register(KIND, "demo")
from puzzlegui.gui import settings
from puzzlegui.gui.window import MainWindow
w = MainWindow(restore=False)
w.load_doc(files.PuzzleDoc(KIND, KIND.decode({"lamps": "00000", "target": "11111"}), meta={"title": "Killed"}))
for i in (0, 3, 4):
    w.play_move(("toggle", i))
# every move is stored as it is made: nothing more to wait for
print("ready", flush=True)
app.exec()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
def test_game_comes_back_after_sigkill(qtbot, demo_kind):
    from puzzlegui.gui.window import MainWindow

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    child = subprocess.Popen([sys.executable, "-c", PLAYER, str(HERE)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout.readline().strip() == "ready"
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(10)
        child.stdout.close()
    w = MainWindow(restore=True)
    qtbot.addWidget(w)
    assert w.doc.title == "Killed"
    assert w.history.state.lamps == (1, 0, 0, 1, 1)
    w.actions_by_name["undo"].trigger()  # the moves themselves came back, not just the picture
    assert w.history.state.lamps == (1, 0, 0, 1, 0)
    w.shutdown()
