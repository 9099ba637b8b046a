"""install-desktop-entry: links replaced not followed, XDG_DATA_HOME as the spec says,
and an Exec= line that reads back as the real command whatever the path holds."""

import os
import subprocess
import sys

import pytest

from puzzlegui import desktop

WEIRD = '/opt/my apps/$HOME/100%/say "hi"/back\\slash/`tick`/puzzlegui'


def read_entry(path):
    return dict(line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)


def unescape_string(value):
    """A Desktop Entry string value read back: \\s \\n \\t \\r \\\\."""
    out, i = [], 0
    while i < len(value):
        ch = value[i]
        if ch == "\\" and i + 1 < len(value):
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(value[i + 1], "\\" + value[i + 1]))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def exec_arguments(value):
    """Exec= read back as the spec's launcher does: string escapes, then double-quoted
    arguments with \\" \\` \\$ \\\\ escaped; %% is a literal %, %f a field code."""
    text = unescape_string(value)
    args, i = [], 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        if text[i] == '"':
            i += 1
            arg = []
            while text[i] != '"':
                if text[i] == "\\":
                    assert text[i + 1] in '"`$\\', f"bad escape in {text!r}"
                    i += 1
                arg.append(text[i])
                i += 1
            i += 1
            args.append("".join(arg))
        else:
            j = text.find(" ", i)
            j = len(text) if j < 0 else j
            args.append(text[i:j])
            i = j
    fields = [a for a in args if a.startswith("%") and not a.startswith("%%")]
    literal = [a.replace("%%", "%") for a in args if a not in fields]
    for a in args:
        if a not in fields:
            assert "%" not in a.replace("%%", ""), f"lone % in {a!r}"
    return literal, fields


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def test_exec_line_reads_back_as_the_command(data_home, monkeypatch):
    monkeypatch.setattr(desktop.shutil, "which", lambda name: WEIRD)
    desktop.install_desktop_entry()
    entry = read_entry(data_home / "applications" / "puzzlegui.desktop")
    args, fields = exec_arguments(entry["Exec"])
    assert args == [WEIRD, "open"] and fields == ["%f"]
    assert "%%" in entry["Exec"] and '\\\\"' in entry["Exec"] and "\\\\\\\\" in entry["Exec"]
    assert unescape_string(entry["TryExec"]) == WEIRD


def test_exec_without_a_launcher_runs_this_python(data_home, monkeypatch):
    monkeypatch.setattr(desktop.shutil, "which", lambda name: None)
    desktop.install_desktop_entry()
    args, fields = exec_arguments(read_entry(data_home / "applications" / "puzzlegui.desktop")["Exec"])
    assert args == [sys.executable, "-m", "puzzlegui", "open"] and fields == ["%f"]


def test_a_symlink_at_the_icon_or_entry_is_replaced_not_followed(data_home, tmp_path):
    victim = tmp_path / "precious.txt"
    victim.write_text("do not overwrite")
    icon = data_home / "icons" / "hicolor" / "scalable" / "apps" / "puzzlegui.svg"
    entry = data_home / "applications" / "puzzlegui.desktop"
    for link in (icon, entry):
        link.parent.mkdir(parents=True)
        link.symlink_to(victim)
    desktop.install_desktop_entry()
    assert victim.read_text() == "do not overwrite"
    assert not icon.is_symlink() and icon.read_bytes().startswith(b"<svg")
    assert not entry.is_symlink() and entry.read_text().startswith("[Desktop Entry]")


def test_a_relative_xdg_data_home_is_ignored(tmp_path, monkeypatch):
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    message = desktop.install_desktop_entry()
    assert (home / ".local" / "share" / "applications" / "puzzlegui.desktop").is_file()
    assert not (work / "relative").exists()
    assert str(home / ".local" / "share") in message


def test_the_command_line_installs_and_says_where(tmp_path):
    env = {"HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "data\x1b[2J"), "PATH": ""}
    run = subprocess.run([sys.executable, "-m", "puzzlegui", "install-desktop-entry"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stdout.startswith("Installed ") and "\\x1b[2J" in run.stdout and "\x1b" not in run.stdout
    assert (tmp_path / "data\x1b[2J" / "applications" / "puzzlegui.desktop").is_file()


def test_an_unwritable_place_is_a_sentence(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    from puzzlegui.core.kind import PuzzleError

    with pytest.raises(PuzzleError, match="Could not write the desktop entry"):
        desktop.install_desktop_entry()


def test_a_data_home_whose_name_is_not_utf8_gets_the_entry(tmp_path, monkeypatch):
    """The bytes of XDG_DATA_HOME reach the file system unchanged; the entry stays UTF-8
    text, naming the icon by its theme name when its path is not UTF-8."""
    home = os.fsencode(tmp_path) + b"/caf\xe9"
    monkeypatch.setenv("XDG_DATA_HOME", os.fsdecode(home))
    message = desktop.install_desktop_entry()
    entry = home + b"/applications/puzzlegui.desktop"
    assert os.path.isfile(entry) and os.path.isfile(home + b"/icons/hicolor/scalable/apps/puzzlegui.svg")
    with open(entry, "rb") as f:
        fields = dict(line.split("=", 1) for line in f.read().decode("utf-8").splitlines() if "=" in line)
    assert fields["Icon"] == "puzzlegui" and fields["Exec"].endswith(" %f")
    assert message.startswith("Installed ")


def test_the_command_line_installs_into_a_data_home_that_is_not_utf8(tmp_path):
    home = os.fsencode(tmp_path) + b"/caf\xe9"
    env = {"HOME": str(tmp_path / "home"), "XDG_DATA_HOME": home, "PATH": ""}
    run = subprocess.run([sys.executable, "-m", "puzzlegui", "install-desktop-entry"],
                         capture_output=True, env=env, timeout=120)
    assert run.returncode == 0 and b"Traceback" not in run.stderr, run.stderr
    assert run.stdout.startswith(b"Installed ") and b"caf\\udce9" in run.stdout
    assert os.path.isfile(home + b"/applications/puzzlegui.desktop")


def test_a_launcher_path_that_is_not_utf8_falls_back_then_is_a_sentence(data_home, monkeypatch):
    monkeypatch.setattr(desktop.shutil, "which", lambda name: os.fsdecode(b"/opt/caf\xe9/puzzlegui"))
    desktop.install_desktop_entry()
    args, _ = exec_arguments(read_entry(data_home / "applications" / "puzzlegui.desktop")["Exec"])
    assert args == [sys.executable, "-m", "puzzlegui", "open"]
    monkeypatch.setattr(desktop.sys, "executable", os.fsdecode(b"/opt/caf\xe9/python3"))
    from puzzlegui.core.kind import PuzzleError

    with pytest.raises(PuzzleError, match="is not UTF-8 text"):
        desktop.install_desktop_entry()
