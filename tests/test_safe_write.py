"""Every file puzzlegui writes is written safely (issue 22): only an ordinary file or a
free name is written; a folder, FIFO, device or socket (or a link to one, or a link to
nothing) is refused with a sentence and left exactly as it was; the app's own files are
never written through a link; a name taken while a file is written is never overwritten.

Each kind of thing that can stand at an output path is made for real under tmp_path (the
device is /dev/null, named directly or through a link made here), then written by
save_atomic, by its exclusive and its own-file forms, and by the real command line
(`export --png`, `generate --output`), and what is on disk afterwards is compared.

The tests may run as root: then code that followed /dev/null would replace the machine's
/dev/null.  So every in-process write runs under ``guard``, which makes os.replace,
os.rename, os.link and every os.open for writing raise when they would touch /dev; a
subprocess is started on /dev/null only after the same command was refused in-process."""

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlegui import cli
from puzzlegui.core import files, safefile
from puzzlegui.core.kind import PuzzleError
from qt_helpers import take_hint

POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs, sockets and /dev/null are POSIX")
ROOT = Path(__file__).resolve().parents[1]
SENTENCE = "puzzlegui writes only ordinary files."
OLD = b"old content\n"


# --- the guard: nothing under /dev is ever written, whatever the code under test does ----
def _in_dev(path, follow_last: bool = True) -> bool:
    """Whether ``path`` is in /dev: through a link at its last name too, unless
    ``follow_last`` is False (a rename or link replaces a link there, not its target)."""
    try:
        raw = os.path.abspath(os.fsdecode(path))
        real = os.path.realpath(raw) if follow_last else os.path.join(os.path.realpath(os.path.dirname(raw)), os.path.basename(raw))
    except (TypeError, ValueError):
        return False
    return real == "/dev" or real.startswith("/dev/")


@pytest.fixture(autouse=True)
def guard(monkeypatch):
    """Writes that would reach /dev raise AssertionError (and so fail the test) instead."""
    real_replace, real_rename, real_link, real_open = os.replace, os.rename, os.link, os.open
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def replace(src, dst, *a, **k):
        assert not _in_dev(dst, follow_last=False), f"os.replace onto {dst}"
        return real_replace(src, dst, *a, **k)

    def rename(src, dst, *a, **k):
        assert not _in_dev(dst, follow_last=False), f"os.rename onto {dst}"
        return real_rename(src, dst, *a, **k)

    def link(src, dst, *a, **k):
        assert not _in_dev(dst, follow_last=False), f"os.link onto {dst}"
        return real_link(src, dst, *a, **k)

    def open_(path, flags, *a, **k):
        assert not (flags & writing and _in_dev(path)), f"os.open for writing of {path}"
        return real_open(path, flags, *a, **k)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "rename", rename)
    monkeypatch.setattr(os, "link", link)
    monkeypatch.setattr(os, "open", open_)


# --- what can stand at an output path ---------------------------------------------------
def _fifo(tmp_path, name="fifo"):
    path = tmp_path / name
    os.mkfifo(path)
    return path


def _socket(tmp_path, name="sock"):
    path = tmp_path / name
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(path))
    finally:
        s.close()  # the socket file stays
    return path


def _regular(tmp_path, name="real"):
    path = tmp_path / name
    path.write_bytes(OLD)
    return path


def _link(tmp_path, to, name="out.link"):
    path = tmp_path / name
    path.symlink_to(to)
    return path


#: name -> how to make it under tmp_path (returns the path to write)
MAKE = {
    "regular": lambda t: _regular(t, "out.file"),
    "new": lambda t: t / "out.new",
    "link to regular": lambda t: _link(t, _regular(t)),
    "dangling link": lambda t: _link(t, t / "missing"),
    "link to FIFO": lambda t: _link(t, _fifo(t)),
    "link to device": lambda t: _link(t, "/dev/null"),
    "FIFO": lambda t: _fifo(t, "out.fifo"),
    "device": lambda t: Path("/dev/null"),
    "folder": lambda t: (t / "out.dir").mkdir() or t / "out.dir",
    "socket": lambda t: _socket(t, "out.sock"),
}
KINDS = list(MAKE)
SPECIAL = {"link to FIFO", "link to device", "FIFO", "device", "folder", "socket", "dangling link"}


def snapshot(tmp_path, path) -> dict:
    """What is on disk: the output path and everything under tmp_path, each entry's type,
    a link's target and a file's bytes; and /dev/null's type and device number."""
    seen = {}
    for p in sorted([path, *tmp_path.rglob("*")], key=str):
        try:
            st = os.lstat(p)
        except FileNotFoundError:
            seen[str(p)] = None
            continue
        entry = {"type": stat.S_IFMT(st.st_mode), "rdev": st.st_rdev}
        if stat.S_ISLNK(st.st_mode):
            entry["to"] = os.readlink(p)
        elif stat.S_ISREG(st.st_mode):
            entry["bytes"] = p.read_bytes()
        seen[str(p)] = entry
    null = os.lstat("/dev/null")
    seen["/dev/null"] = {"char": stat.S_ISCHR(null.st_mode), "rdev": null.st_rdev}
    return seen


def no_temp_files(tmp_path) -> bool:
    return not [p for p in tmp_path.rglob("*.tmp")]


def the_sentence(kind: str, text: str) -> bool:
    """The refusal's sentence names what stands at the path."""
    words = {
        "dangling link": "which does not exist",
        "link to FIFO": "a FIFO",
        "link to device": "a device",
        "FIFO": "a FIFO",
        "device": "/dev/null is a device, not a file; " + SENTENCE,
        "folder": "a folder, not a file",
        "socket": "a socket, not a file",
    }[kind]
    return words in text


# --- save_atomic over every kind of path --------------------------------------------------
@POSIX
@pytest.mark.parametrize("kind", KINDS)
def test_save_atomic_over_every_kind_of_path(tmp_path, kind):
    path = MAKE[kind](tmp_path)
    before = snapshot(tmp_path, path)
    if kind in SPECIAL:
        with pytest.raises(files.UnsafeTarget) as caught:
            files.save_atomic(path, "new text\n")
        assert the_sentence(kind, str(caught.value)), caught.value
        assert snapshot(tmp_path, path) == before  # nothing written, nothing replaced
    else:
        written = files.save_atomic(path, "new text\n")
        assert Path(path).read_text() == "new text\n"
        if kind == "link to regular":
            assert Path(path).is_symlink() and os.readlink(path) == str(tmp_path / "real")  # the link stays
            assert written == tmp_path / "real" and (tmp_path / "real").read_text() == "new text\n"
        else:
            assert not Path(path).is_symlink() and written == path
    assert no_temp_files(tmp_path)


@POSIX
@pytest.mark.parametrize("kind", KINDS)
def test_exclusive_create_over_every_kind_of_path(tmp_path, kind):
    """overwrite=False: only a free name is written; a taken one is TargetExists."""
    path = MAKE[kind](tmp_path)
    before = snapshot(tmp_path, path)
    if kind == "new":
        files.save_atomic(path, "new text\n", overwrite=False)
        assert path.read_text() == "new text\n"
    else:
        error = files.UnsafeTarget if kind in SPECIAL else files.TargetExists
        with pytest.raises(error) as caught:
            files.save_atomic(path, "new text\n", overwrite=False)
        assert "already exists" in str(caught.value) if error is files.TargetExists else the_sentence(kind, str(caught.value))
        assert snapshot(tmp_path, path) == before
    assert no_temp_files(tmp_path)


@POSIX
@pytest.mark.parametrize("kind", KINDS)
def test_own_files_are_never_written_through_a_link(tmp_path, kind):
    """follow_links=False (the app's own files): a link of any kind is replaced by the
    file and whatever it points at is untouched; a special file itself is refused."""
    path = MAKE[kind](tmp_path)
    before = snapshot(tmp_path, path)
    if kind in SPECIAL and "link" not in kind:
        with pytest.raises(files.UnsafeTarget) as caught:
            files.save_atomic(path, "new text\n", follow_links=False)
        assert the_sentence(kind, str(caught.value))
        assert snapshot(tmp_path, path) == before
    else:
        files.save_atomic(path, "new text\n", follow_links=False)
        assert not path.is_symlink() and path.read_text() == "new text\n"
        after = snapshot(tmp_path, path)
        for other, entry in before.items():  # all but the path itself is as it was
            if other != str(path):
                assert after[other] == entry, other
    assert no_temp_files(tmp_path)


@POSIX
def test_a_folder_declared_own_replaces_links_whoever_writes_there(tmp_path):
    own = tmp_path / "own"
    own.mkdir()
    victim = _regular(tmp_path, "victim")
    files.own_folder(own)
    link = _link(own, victim, "state.json")
    files.save_atomic(link, "{}\n")  # the default, follow_links=True: not followed here
    assert victim.read_bytes() == OLD
    assert not link.is_symlink() and link.read_text() == "{}\n"
    # a subfolder is not included: a user's link there is written through
    sub = own / "puzzles"
    sub.mkdir()
    mine = _link(sub, victim, "mine.json")
    files.save_atomic(mine, "{}\n")
    assert mine.is_symlink() and victim.read_text() == "{}\n"


@POSIX
def test_a_link_loop_and_a_name_no_file_can_have_are_sentences(tmp_path):
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    with pytest.raises(files.UnsafeTarget, match="goes round in a loop"):
        files.save_atomic(loop, "x")
    assert loop.is_symlink()
    with pytest.raises(PuzzleError, match="is not a name a file can have"):
        files.save_atomic(tmp_path / "a\x00b.json", "x")
    assert [p.name for p in tmp_path.iterdir()] == ["loop.json"]


# --- names checked at the moment of writing ---------------------------------------------
@POSIX
def test_a_file_that_appears_while_a_new_one_is_written_is_not_overwritten(tmp_path, monkeypatch):
    path = tmp_path / "new.json"
    real = safefile._write_temp

    def meanwhile(folder, prefix, data, mode):
        tmp = real(folder, prefix, data, mode)
        path.write_bytes(b"someone else's\n")  # after the check, before the name is taken
        return tmp

    monkeypatch.setattr(safefile, "_write_temp", meanwhile)
    with pytest.raises(files.TargetExists, match="already exists"):
        files.save_atomic(path, "mine\n", overwrite=False)
    assert path.read_bytes() == b"someone else's\n"
    assert [p.name for p in tmp_path.iterdir()] == ["new.json"]  # no temp file left


@POSIX
@pytest.mark.parametrize("appears", ["FIFO", "link to device", "folder"])
def test_a_special_file_put_at_the_name_meanwhile_is_refused_not_replaced(tmp_path, monkeypatch, appears):
    """The name is judged again right before os.replace (an existing file) and os.link
    (a new name): whatever stands there then is refused, not replaced."""
    for start in ("regular", "new"):
        path = tmp_path / f"{start}.out"
        if start == "regular":
            path.write_bytes(OLD)
        real = safefile._write_temp

        def meanwhile(folder, prefix, data, mode, path=path):
            tmp = real(folder, prefix, data, mode)
            if path.exists():
                path.unlink()
            if appears == "FIFO":
                os.mkfifo(path)
            elif appears == "folder":
                path.mkdir()
            else:
                path.symlink_to("/dev/null")
            return tmp

        with monkeypatch.context() as patch:  # (the guard's patches stay)
            patch.setattr(safefile, "_write_temp", meanwhile)
            with pytest.raises(files.UnsafeTarget, match="while it was written"):
                files.save_atomic(path, "mine\n")
        st = os.lstat(path)
        assert {"FIFO": stat.S_ISFIFO, "folder": stat.S_ISDIR, "link to device": stat.S_ISLNK}[appears](st.st_mode)
        assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert no_temp_files(tmp_path)


@POSIX
def test_without_hard_links_a_new_name_is_still_taken_exclusively(tmp_path, monkeypatch):
    """A file system without os.link: the name is made with O_CREAT | O_EXCL instead."""
    import errno

    def no_link(src, dst, *a, **k):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_link)
    path = tmp_path / "new.json"
    files.save_atomic(path, "mine\n", overwrite=False)
    assert path.read_text() == "mine\n"
    with pytest.raises(files.TargetExists):
        files.save_atomic(path, "again\n", overwrite=False)
    assert path.read_text() == "mine\n" and no_temp_files(tmp_path)


# --- the command line: export --png and generate --output ---------------------------------
def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_sentence(err: str) -> bool:
    lines = err.strip().splitlines()
    return len(lines) == 1 and lines[0].startswith("puzzlegui: ") and "Traceback" not in err


def export_png(capsys, path, *more):
    return run(capsys, "export", "kurosu:6x6:DdCDeAddBEa", "--png", path, "--cell", "8", *more)


def generate_output(capsys, path, *more):
    return run(capsys, "generate", "demo", "--seed", "3", "--output", path, *more)


COMMANDS = {"export --png": export_png, "generate --output": generate_output}


@POSIX
@pytest.mark.parametrize("force", [False, True], ids=["", "--force"])
@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("kind", KINDS)
def test_the_command_line_over_every_kind_of_path(tmp_path, capsys, demo_kind, kind, command, force):
    path = MAKE[kind](tmp_path)
    before = snapshot(tmp_path, path)
    code, out, err = COMMANDS[command](capsys, path, *(["--force"] if force else []))
    written = kind == "new" or (force and kind in ("regular", "link to regular"))
    if written:
        assert code == 0, err
        data = Path(path).read_bytes()
        assert data != OLD and (data.startswith(b"\x89PNG") if command == "export --png" else json.loads(data)["kind"] == "demo")
        assert Path(path).is_symlink() == (kind == "link to regular")
    else:
        assert code == 2 and one_line_sentence(err), err
        if kind in SPECIAL:
            assert the_sentence(kind, err), err
        else:
            assert f"{path} already exists; add --force to replace it." in err
        assert snapshot(tmp_path, path) == before
    assert no_temp_files(tmp_path)


@POSIX
@pytest.mark.parametrize("argv", [
    ["export", "kurosu:6x6:DdCDeAddBEa", "--png", "/dev/null"],
    ["export", "kurosu:6x6:DdCDeAddBEa", "--pdf", "/dev/null", "--force"],
    ["generate", "kurosu", "--width", "6", "--height", "6", "--seed", "1", "--output", "/dev/null"],
    ["generate", "kurosu", "--seed", "1", "--count", "2", "--output", "/dev/null", "--force"],
], ids=["export-png", "export-pdf-force", "generate", "generate-count-force"])
def test_the_real_program_refuses_dev_null(capsys, argv):
    # first in this process, under the guard: if this refusal were missing the test
    # stops here, before a real process could replace /dev/null
    code, _, err = run(capsys, *argv)
    assert code == 2 and "/dev/null is a device, not a file; " + SENTENCE in err and one_line_sentence(err)
    before = os.stat("/dev/null")
    done = subprocess.run([sys.executable, "-m", "puzzlegui", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == "puzzlegui: /dev/null is a device, not a file; " + SENTENCE
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


@POSIX
def test_generate_count_into_a_file_refuses_an_existing_one_unless_forced(tmp_path, capsys, demo_kind):
    path = _regular(tmp_path, "c.txt")
    code, _, err = run(capsys, "generate", "demo", "--count", "2", "--output", path)
    assert code == 2 and one_line_sentence(err) and "add --force" in err and path.read_bytes() == OLD
    assert "generated" not in err  # refused before any puzzle was made
    code, _, err = run(capsys, "generate", "demo", "--count", "2", "--output", path, "--force")
    assert code == 0 and path.read_text().startswith("# puzzlegui collection")


@POSIX
def test_export_refuses_two_outputs_of_one_name(tmp_path, capsys):
    path = tmp_path / "x.png"
    code, _, err = run(capsys, "export", "kurosu:6x6:DdCDeAddBEa", "--png", path, "--svg", path)
    assert code == 2 and one_line_sentence(err) and "--png and --svg name the same file" in err
    assert not path.exists()


# --- generate --count N --output DIR/ -----------------------------------------------------
@POSIX
def test_generate_into_a_folder_takes_each_name_as_it_writes(tmp_path, capsys, demo_kind, monkeypatch):
    """A file put in the folder during the run is kept, a link planted there is not
    followed, a FIFO there is left alone; the run takes the next free numbers and names
    exactly the files it wrote."""
    folder = tmp_path / "out"
    folder.mkdir()
    victim = _regular(tmp_path, "victim")
    os.mkfifo(folder / "demo-004.json")
    made = []
    real_generate = type(demo_kind).generate

    def generate(self, params, seed=None):
        made.append(seed)
        if len(made) == 2:  # another program fills two names while puzzle 2 is made
            (folder / "demo-002.json").write_bytes(b"theirs\n")
            (folder / "demo-003.json").symlink_to(victim)
        return real_generate(self, params, seed)

    monkeypatch.setattr(type(demo_kind), "generate", generate)
    code, _, err = run(capsys, "generate", "demo", "--seed", "1", "--count", "3", "--output", f"{folder}/")
    assert code == 0, err
    assert victim.read_bytes() == OLD and (folder / "demo-003.json").is_symlink()
    assert (folder / "demo-002.json").read_bytes() == b"theirs\n"
    assert stat.S_ISFIFO(os.lstat(folder / "demo-004.json").st_mode)
    ours = ["demo-001.json", "demo-005.json", "demo-006.json"]
    for name in ours:
        assert json.loads((folder / name).read_text())["kind"] == "demo"
        assert f"{folder / name}" in err
    assert err.count(".json") == 3 and "wrote 3 puzzles" in err
    assert sorted(p.name for p in folder.iterdir()) == sorted(ours + ["demo-002.json", "demo-003.json", "demo-004.json"])


@POSIX
def test_two_runs_into_one_folder_keep_every_file(tmp_path):
    folder = tmp_path / "out"
    cmd = [sys.executable, "-m", "puzzlegui", "generate", "kurosu", "--width", "6", "--height", "6",
           "--count", "6", "--output", f"{folder}/"]
    runs = [subprocess.Popen(cmd + ["--seed", str(seed)], cwd=ROOT, stderr=subprocess.PIPE, text=True)
            for seed in (1, 100)]
    errs = [p.communicate(timeout=300)[1] for p in runs]
    assert [p.returncode for p in runs] == [0, 0], errs
    assert all("wrote 6 puzzles" in e for e in errs)
    reported = [line.rsplit(": ", 1)[1] for e in errs for line in e.splitlines() if line.endswith(".json")]
    files_there = sorted(str(p) for p in folder.iterdir())
    assert len(files_there) == 12 and sorted(reported) == files_there  # each named once, by its writer
    seeds = sorted(json.loads(Path(p).read_text())["title"] for p in files_there)
    assert seeds == sorted(f"Random Kurosu (seed {s})" for s in [*range(1, 7), *range(100, 106)])


# --- the app: Save As, export, install-desktop-entry, thumbnails, the data folder --------
@POSIX
@pytest.mark.parametrize("kind", ["FIFO", "link to device", "folder"])
def test_save_as_onto_a_special_file_is_refused_in_the_error_dialog(qtbot, window, tmp_path, monkeypatch, kind):
    from PySide6.QtWidgets import QFileDialog

    window.open_source("tracks-mums-2008")
    take_hint(qtbot, window)
    moves = window.history.moves()
    path = MAKE[kind](tmp_path)
    name = tmp_path / f"{path.name}.json"  # Save As adds .json
    os.rename(path, name)
    before = snapshot(tmp_path, name)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(name), ""))
    assert window.documents.save_as() is False
    message = window.error_box.text()
    assert the_sentence(kind, message) and message.endswith(" Your game is unchanged.") and ".." not in message
    assert snapshot(tmp_path, name) == before
    assert window.history.moves() == moves and window.doc.path is None
    window.error_box.close()


@POSIX
def test_export_image_through_a_link_to_a_fifo_is_refused(qtbot, window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    window.open_source("tracks-mums-2008")
    link = _link(tmp_path, _fifo(tmp_path), "board.png")
    before = snapshot(tmp_path, link)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(link), ""))
    window.documents.export_image()
    assert "is a link to" in window.error_box.text() and "a FIFO" in window.error_box.text()
    assert snapshot(tmp_path, link) == before
    window.error_box.close()


@POSIX
def test_install_desktop_entry_refuses_a_fifo_before_writing_anything(tmp_path, monkeypatch, capsys):
    data = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    (data / "applications").mkdir(parents=True)
    entry = _fifo(data / "applications", "puzzlegui.desktop")
    code, _, err = run(capsys, "install-desktop-entry")
    assert code == 2 and one_line_sentence(err) and "is a FIFO" in err
    assert stat.S_ISFIFO(os.lstat(entry).st_mode)
    assert not (data / "icons").exists()  # refused before the icon was written


KEY = "0123456789abcdef01234567"  # a key as the game store makes them (only those name a picture)


@POSIX
@pytest.mark.parametrize("queued", [False, True], ids=["direct", "writer"])
def test_a_link_planted_at_a_thumbnail_is_replaced_not_followed(qtbot, tmp_path, queued):
    from puzzlegui.core.games import Writer
    from puzzlegui.gui.thumbnails import Thumbnails

    folder = tmp_path / "thumbs"
    folder.mkdir()
    victim = _regular(tmp_path, "victim")
    writer = Writer() if queued else None
    thumbs = Thumbnails(folder, writer)
    link = _link(folder, victim, f"{KEY}.light.png")
    doc = files.load_builtin("mystery-box")
    try:
        thumbs.store(KEY, doc.kind, doc.state)
        if writer is not None:
            assert writer.flush(30) and writer.take_error() is None
    finally:
        thumbs.close()
    assert victim.read_bytes() == OLD
    assert not link.is_symlink() and link.read_bytes().startswith(b"\x89PNG")


@POSIX
def test_the_rotation_cache_is_never_written_over_a_fifo(tmp_path, monkeypatch):
    np = pytest.importorskip("numpy")
    from puzzlegui.kinds.rotation import diskcache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    diskcache.folder().mkdir()
    fifo = diskcache.path_for("probe")
    os.mkfifo(fifo)
    assert diskcache.store("probe", {"v": 1}, {"a": np.arange(4)}) is False
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and no_temp_files(tmp_path)
