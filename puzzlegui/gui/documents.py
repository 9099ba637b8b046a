"""The window's documents: opening (a built-in, a file, a game ID, a game on record, a
collection, the clipboard), reading long games and collections off the GUI thread,
generating and editing a puzzle, saving, sharing (copy, Tatham's ID and page), export
and printing, and bringing back the games of a set-aside games database.

The window makes one Documents and wires it (MainWindow.documents); Documents works on
the window it is given: its games (core.games), its library, its status bar and its
error dialog, and shows what it opened there (``_show_opened``).  The actions table
(gui/actions.py) calls it by dotted paths ("documents.save_as").
"""

from __future__ import annotations

import functools
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication

from ..core import files, registry, validate
from ..core import jobs as named
from ..core import collection as collection_mod
from ..core import games as games_mod
from ..core.kind import PuzzleError
from . import settings as settings_mod

# export, the dialogs and the generator task are imported by the methods that use them:
# the first window does not wait for them.  So are QFileDialog and QMessageBox.
if TYPE_CHECKING:
    from .jobs import Handle

BIG_READ_BYTES = 64 * 1024  # a pasted text or an opened file at least this long is read on the pool


def _load_source(source: str, kind: str | None):
    """``source`` as files.load_source reads it, a collection left unread (collection.Unread),
    or the PuzzleError saying why not: for the pool as for the GUI thread."""
    try:
        return files.load_source(source, kind, read_collections=False)
    except (collection_mod.Unread, PuzzleError) as exc:
        return exc


def _is_big_file(source: str) -> bool:
    """True if ``source`` names a regular file of at least BIG_READ_BYTES (a long game)."""
    try:
        st = os.stat(source)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(st.st_mode) and st.st_size >= BIG_READ_BYTES


class Documents(QObject):
    """Opening, reading, generating, saving and sharing the window's puzzles."""

    def __init__(self, window):  # the MainWindow that owns it (gui/window.py; not imported: it imports this)
        super().__init__(window)
        self._window = window
        self._autosave_error: str | None = None  # the last one said, said once
        self.gen_task: Handle | None = None  # the generation under way (gui/jobs)

    def recover_games(self):
        """File > Recover games…: the set-aside games databases, their games brought back."""
        from .recover_dialog import RecoverDialog

        dialog = RecoverDialog(self._window.games, self._window)
        dialog.finished_recovery.connect(lambda _sentence: self._window.library.refresh())
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def offer_recovery(self) -> None:
        """A start after a games database was set aside offers its games back, once for each
        (File > Recover games… stays there)."""
        from ..core import recover

        offered = set(self._window.games.store.recall_list("offered_set_aside"))
        offered |= {p.name for p in self._window.games.store.set_aside_now}  # said by this start's notice already
        new = [p.name for p in recover.set_aside_paths(self._window.games.folder) if p.name not in offered]
        if not new or self._window.closing:
            return
        try:
            self._window.games.store.remember_list("offered_set_aside", sorted(offered | set(new)))
        except games_mod.StoreError:
            pass  # offered again next time
        from PySide6.QtWidgets import QMessageBox

        n = len(new)
        box = QMessageBox(QMessageBox.Question, "puzzlegui", (
            f"{n} games database{'s were' if n != 1 else ' was'} set aside as damaged ({', '.join(new[:3])}"
            f"{', …' if n > 3 else ''}). Bring back the games that can still be read?"), QMessageBox.NoButton, self._window)
        box.setTextFormat(Qt.PlainText)
        recover_button = box.addButton("Recover games\u2026", QMessageBox.AcceptRole)
        box.addButton("Not now", QMessageBox.RejectRole)
        recover_button.clicked.connect(self.recover_games)
        box.setAttribute(Qt.WA_DeleteOnClose)
        box.open()
        self.recovery_offer = box

    # ================================================================= loading and saving
    def restore_last_game(self) -> None:
        """The game that was open when the app last quit (or was killed), else the
        first built-in.  A record that cannot be read was kept aside: say so where the
        user cannot miss it."""
        if self._window.settings.collection:  # the collection the library listed last time: read
            self._window.library.to_list = self._window.settings.collection  # on the pool, once the window shows
            if self._window._shown_once:
                QTimer.singleShot(0, self._window.library.list_last_collection)
        key = self._window.games.last_key
        if key and self._read_first(key, self._restore_game):
            self._window.statusBar().showMessage("Restoring your game in progress\u2026")
            return
        self._restore_game()

    def _restore_game(self) -> None:
        game = self._window.games.restore()
        if game is not None:
            self._show_opened(game)
            self._window.statusBar().showMessage(f"Restored your game in progress: {game.title}.", 8000)
        else:
            first = files.builtins()
            if first:
                self.open_source(first[0].name)
        self._show_notices()

    # A long game's record replays its whole history when read (up to a second for
    # 50,000 moves): such a record is read on the pool while the window goes on showing
    # what it showed, and opened when it is in memory.  Only the newest request opens.
    _reading = None  # the ticket (core.jobs) of the read the window waits for, to open
    _reading_key = None  # the game it reads (None: a file or a paste being read)

    def _stop_reading(self) -> None:
        """A read under way is no longer what is to open: its answer is not delivered."""
        if self._reading is not None:
            self._window.jobs.cancel(self._reading)
        self._reading = None

    def _read_first(self, key: str, then, doc=None) -> bool:
        """True if ``key``'s game (or ``doc``'s, with a long progress of its own) is read
        on the pool first, ``then()`` called on the GUI thread once it is in memory;
        False if it can be opened at once."""
        if not self._window.games.needs_reading(key, doc):
            return False
        if self._reading is not None and self._reading_key == key:
            return True  # asked again while it is read (a double click): the read under way answers
        jobs = self._window.jobs
        ticket = self._reading = jobs.ticket("open")  # the newest request opens
        self._reading_key = key
        # the record read is a fact kept in memory for later whoever still waits for it:
        # it runs without a ticket; only opening it asks whether "open" still wants it
        request = jobs.run(named.READ_RECORD, self._window.games.read_game, key, doc)

        def done(answer):
            self._window.games.adopt(key, answer)  # held for later even if no longer awaited
            if jobs.current(ticket, named.READ_RECORD):
                self._reading = None
                then()

        def failed(message):
            if jobs.current(ticket, named.READ_RECORD):
                self._reading = None
                self._window.show_error(f"Could not read the saved game: {message}")

        request.done.connect(done)
        request.failed.connect(failed)
        self._window.statusBar().showMessage("Opening the saved game\u2026")
        return True

    def open_source(self, source: str, kind: str | None = None) -> bool:
        """Open a built-in's name, a file path, a game ID or a game on record
        ("game:KEY"); on any problem keep the current game and say why.  A collection
        (a folder, a file of game IDs, ``PATH#N``) is read on the pool, and opens when
        it is read (read_collection)."""
        self._window.library.give_up_open()  # the newest request opens
        if source.startswith("game:") and kind is None:
            key = source[len("game:") :]
            if self._read_first(key, lambda: self.open_source(source)):
                return True
            self._save_current_game()
            try:
                game = self._window.games.open_key(key)
            except PuzzleError as exc:
                self._window.show_error(str(exc))
                self._window.library.refresh()
                return False
            self._show_opened(game)
            return True
        origin = games_mod.GAME_ID if kind or ":" in source else None
        item = self._window.library.listed_item(source) if kind is None else None
        if item is not None:  # a puzzle of the collection listed (PATH#N): read already
            return self.load_doc(collection_mod.item_doc(self._window.collection, item.number), origin=origin)
        read = functools.partial(_load_source, source, kind)
        if _is_big_file(source):  # a long game in a file: checked on the pool, like a long paste
            self._read_then_open(read, lambda answer: self._open_answer(answer, kind, origin),
                                 f"Reading {validate.safe_text(Path(source).name)}\u2026")
            return True
        return self._open_answer(read(), kind, origin)

    def _open_answer(self, answer, kind: str | None, origin: str | None) -> bool:
        """What _load_source gave: a puzzle opens, a collection is read on the pool (and
        opens when it is read), a PuzzleError is said."""
        if isinstance(answer, collection_mod.Unread):
            self.read_collection(answer.path, answer.text, kind, lambda coll, n=answer.number:
                                 self._open_read_collection(coll, n, kind, origin))
            return True
        if isinstance(answer, PuzzleError):
            self._window.show_error(str(answer))
            return False
        return self.load_doc(answer, origin=origin)

    def _read_then_open(self, read, then, message: str) -> None:
        """``read()`` on the pool (a long game: checking 50,000 moves takes a second), then
        ``then(answer)`` on the GUI thread, unless something else was asked for meanwhile;
        the game's moves are replayed on the pool too (load_doc)."""
        ticket = self._reading = self._window.jobs.ticket("open")  # the newest request opens
        self._reading_key = None
        request = self._window.jobs.submit(ticket, named.READ_SOURCE, read)

        def done(answer):
            self._reading = None
            self._window.statusBar().clearMessage()
            then(answer)

        def failed(message):
            self._reading = None
            self._window.show_error(message)

        request.done.connect(done)
        request.failed.connect(failed)
        self._window.statusBar().showMessage(message)

    def _open_read_collection(self, coll, number: int | None, kind: str | None, origin: str | None) -> None:
        """What files.load_source gives once the collection is read: its puzzle ``number``
        (PATH#N), else a collection of one puzzle is that puzzle, and a larger one opens."""
        try:
            doc = collection_mod.item_doc(coll, number, kind) if number is not None else collection_mod.one_or_raise(coll)
        except collection_mod.IsCollection:
            self.open_collection(coll)
        except PuzzleError as exc:
            self._window.show_error(str(exc))
        else:
            self.load_doc(doc, origin=origin)

    def open_collection(self, coll) -> bool:
        """A collection: its puzzles become a group of the library, each keeping its own
        game; the first opens.  Lines that could not be read are listed once."""
        self._window.library.collection = coll
        self._window.settings.collection = str(coll.path)
        if coll.skipped:
            self._window.show_error(coll.skipped_text())
        self._window.library.refresh()
        return self.open_source(coll.items[0].source)

    def open_folder_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog
        folder = QFileDialog.getExistingDirectory(self._window, "Open a folder of puzzles", str(settings_mod.puzzles_dir()))
        if folder:
            self.read_collection(folder, then=self.open_collection)

    def read_collection(self, path, text: str | None = None, kind: str | None = None, then=None) -> None:
        """Read the collection at ``path`` on the pool (Library.read_collection); once
        read, ``then(collection)`` opens it, or without ``then`` the library lists it."""
        if then is not None:
            self._stop_reading()  # a saved game being read is no longer what is to open
        self._window.library.read_collection(path, text, kind, then)

    # ---------------------------------------------------------------- sharing
    def copy_puzzle(self) -> None:
        if self._window.doc is None:
            return
        try:
            from . import export
            export.copy_puzzle(self._window.doc.kind, self._window.history.state, self._window.doc.title, given=self._window.history.initial)
        except PuzzleError as exc:
            self._window.show_error(str(exc))
            return
        self._window.statusBar().showMessage("Copied the puzzle (its ID or layout, and a picture).", 5000)

    def _tatham(self, what: str):
        """Tatham's ID or page for the puzzle on show; None (said in the status bar) for a
        kind his collection lacks or a board his program refuses."""
        if self._window.doc is None:
            return None
        kind = self._window.doc.kind
        try:
            value = getattr(kind, what)(kind.initial(self._window.history.state))
        except PuzzleError as exc:
            self._window.statusBar().showMessage(str(exc), 8000)
            return None
        if value is None:
            self._window.statusBar().showMessage(f"Simon Tatham's collection has no {kind.title} puzzle.", 6000)
        return value

    def copy_tatham_id(self) -> None:
        game_id = self._tatham("tatham_id")
        if game_id is not None:
            QApplication.clipboard().setText(game_id)
            self._window.statusBar().showMessage(
                f"Copied Tatham's game ID: {self._window.doc.kind.tatham_name} accepts it as it is.", 6000)

    def open_in_browser(self) -> None:
        url = self._tatham("tatham_url")
        if url is not None:
            from .browser import open_address

            self._window.statusBar().showMessage(f"Opening {url} in your web browser\u2026", 5000)
            open_address(url, self._window.show_error, self._window.jobs)  # no browser: said, with the address

    def paste_puzzle(self) -> None:
        self._window.library.give_up_open()  # the newest request opens
        text = QApplication.clipboard().text()
        if not text.strip():
            self._window.statusBar().showMessage("The clipboard holds no text to open.", 5000)
            return
        if len(text) > files.MAX_FILE_BYTES:
            self._window.show_error(f"The clipboard holds {len(text):,} characters; a puzzle is at most "
                            f"{files.MAX_FILE_BYTES:,}. Nothing was opened.")
            return
        from . import export

        open_kind = self._window.doc.kind.name if self._window.doc is not None else None  # a bare ID reads as this kind

        def read():
            try:
                return export.parse_pasted(text, None, open_kind)
            except PuzzleError as exc:
                return PuzzleError(f"The clipboard does not hold a puzzle: {exc}")

        def then(answer):
            self._open_answer(answer, None, games_mod.GAME_ID)

        if len(text) < BIG_READ_BYTES:
            then(read())
        else:
            self._read_then_open(read, then, "Reading the pasted puzzle\u2026")

    def export_image(self) -> None:
        if self._window.doc is None:
            return
        stem = (self._window.doc.name or self._window.doc.title or "puzzle").replace("/", "-")
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getSaveFileName(
            self._window, "Export the board as an image", str(Path.home() / f"{stem}.png"), "PNG image (*.png);;SVG drawing (*.svg)"
        )
        if not path:
            return
        if not path.lower().endswith((".png", ".svg")):
            path += ".png"
        try:
            from . import export
            render = export.render_svg if path.lower().endswith(".svg") else export.render_png
            render(self._window.doc.kind, self._window.history.state, path)
        except (OSError, PuzzleError) as exc:
            self._window.show_error(f"Could not export to {path}: {exc}")
            return
        self._window.statusBar().showMessage(f"Exported the board to {path}.", 6000)

    def _print_items(self) -> list:
        coll = self._window.collection
        if coll is not None and self._window.game is not None and any(
            it.source == self._window.game.source or games_mod.puzzle_key(it.doc) == self._window.game.key
            for it in coll.items
        ):
            return [(it.title, it.doc.kind, it.doc.state) for it in coll.items]
        return [(self._window.doc.title, self._window.doc.kind, self._window.doc.kind.initial(self._window.history.state))]

    def export_pdf(self):
        """Print to PDF with the command line's choices (dialogs.export_pdf)."""
        if self._window.doc is not None:
            from .dialogs import export_pdf
            return export_pdf(self._window, self._print_items(), self._window.settings)

    def print_puzzles(self):
        if self._window.doc is not None:
            from .dialogs import print_puzzles
            return print_puzzles(self._window, self._print_items(), self._window.settings)

    def load_doc(self, doc: files.PuzzleDoc, quiet: bool = False, origin: str | None = None) -> bool:
        """Show ``doc`` with its game on record (or its own progress if it is new).

        The game it replaces stays in its own record.  On any problem keep the current
        game and say why.  A long game's record is read off the GUI thread first."""
        self._window.library.give_up_open()  # the newest request opens
        if self._read_first(games_mod.puzzle_key(doc), lambda: self.load_doc(doc, quiet, origin), doc):
            return True
        self._save_current_game()
        try:
            game = self._window.games.open(doc, origin)  # changes nothing if it raises
        except PuzzleError as exc:
            if not quiet:
                self._window.show_error(str(exc))
            self._show_notices()
            return False
        self._show_opened(game)
        self._show_notices()
        return True

    def _show_opened(self, game: games_mod.Game) -> None:
        """Show the session's current game, whatever was on screen before."""
        self._stop_reading()  # a record still being read is no longer what is wanted
        # whatever ran for the game shown before no longer answers, and its replay goes
        # without showing anything: the game it was beside is no longer the current one
        self._window.solving.forget()
        self._window.stop_solving()  # a generation under way
        if self._window.paused:
            self._window.toggle_pause(False)
        self._window.clock.sync()
        doc = game.doc
        self._window._install_board(doc.kind)
        self._window.title_label.setText(doc.title + (f"  \u2014  {doc.meta['source']}" if doc.meta.get("source") else ""))
        self._window.setWindowTitle(f"{doc.title} \u2013 puzzlegui")
        self._window.statusBar().showMessage(f"Opened {doc.title}.", 5000)
        self._window.show_game()
        self.store_problem()  # the game is stored as it is opened (core/games.py)
        self._window.library.mark(self._window.games.current)

    def _save_current_game(self) -> None:
        if self._window.games.current is not None:
            self._window.library.store_picture(self._window.games.current, self._window.board)

    def _show_notices(self) -> None:
        """Messages the user must read (a saved game kept aside): a dialog that stays
        until it is closed, never only a status line another message replaces."""
        while self._window.games.notices:
            self._window.show_error(self._window.games.notices.pop(0))

    def open_dialog(self) -> None:
        start = str(settings_mod.puzzles_dir())
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getOpenFileName(
            self._window, "Open puzzle", start, "Puzzles and collections (*.json *.txt);;All files (*)"
        )
        if path:
            self.open_source(path)

    def save(self) -> bool:
        if self._window.doc is None:
            return False
        if self._window.doc.path is None:
            return self.save_as()
        return self._save_to(self._window.doc.path)

    def save_as(self) -> bool:
        if self._window.doc is None:
            return False
        folder = settings_mod.puzzles_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:  # a read-only data folder: the dialog starts at home, and saves where it is told
            folder = Path.home()
        stem = (self._window.doc.name or self._window.doc.title or "puzzle").replace("/", "-")
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getSaveFileName(self._window, "Save puzzle", str(folder / f"{stem}.json"), "Puzzle files (*.json)")
        if not path:
            return False
        if not path.endswith(".json"):
            path += ".json"
        return self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        game = self._window.games.current
        try:
            files.save_atomic(path, files.dumps(game.doc, game.history))
        except (OSError, UnicodeError, PuzzleError) as exc:  # files.UnsafeTarget: a FIFO, device, folder
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self._window.show_error(f"Could not save to {path}: {reason.rstrip('.')}. Your game is unchanged.")
            return False
        try:
            self._window.games.saved_as(game, path)  # the game's record now follows the file
        except (OSError, UnicodeError, PuzzleError) as exc:
            self._autosave_failed(exc)
        self._window.statusBar().showMessage(f"Saved {path}.", 5000)
        self._window.library.refresh()
        return True

    def store_problem(self) -> None:
        """Say (once) that the game store refused a write; play goes on, the game is in
        memory and Save As is offered.  (When a game is stored is the game object's
        business, core/game.py: the window only reports.)"""
        error = self._window.games.take_error()
        if error is not None:
            self._autosave_failed(error)
        else:
            self._autosave_error = None

    def _autosave_failed(self, exc) -> None:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        message = f"Your game could not be saved automatically: {reason}. Use Save As to keep it."
        if self._autosave_error != message:  # say it once, not on every move
            self._autosave_error = message
            self._window.show_error(message, offer_save_as=True)


    # ================================================================= generating, editing
    def new_random(self) -> None:
        kind_name = self._window.doc.kind.name if self._window.doc else registry.names()[0]
        params = self._window.doc.kind.params_of(self._window.history.state) if self._window.doc else None
        from .dialogs import NewPuzzleDialog
        dialog = NewPuzzleDialog(kind_name, params, self._window)
        if dialog.exec() != NewPuzzleDialog.Accepted:
            return
        self.generate(dialog.kind.name, dialog.params(), dialog.seed.value())

    def generate(self, kind_name: str, params: dict, seed) -> None:
        if self.gen_task is not None:
            self.gen_task.cancel()
        jobs = self._window.jobs
        task = self.gen_task = jobs.submit(jobs.ticket("generate"), named.GENERATE, kind_name, params, seed)
        kind = registry.get(kind_name)

        def over() -> None:
            """Only the newest request answers (the door says); a cancelled one says nothing."""
            if self.gen_task is task:
                self.gen_task = None
                self._window._sync_actions()

        def done(state):
            over()
            title = f"Random {kind.title} (seed {seed})"
            self.load_doc(files.PuzzleDoc(kind, state, meta={"title": title}), origin=games_mod.GENERATED)
            self._window.statusBar().showMessage(f"New puzzle: {title}.", 6000)

        def failed(message):
            over()
            self._window.show_error(message)

        def elapsed(figures):
            self._window.statusBar().showMessage(
                f"Generating a {kind.title} puzzle\u2026 {figures[0]:.0f} s (Esc cancels)"
            )

        task.done.connect(done)
        task.failed.connect(failed)
        task.progress.connect(elapsed)
        task.ended.connect(over)
        self._window.statusBar().showMessage(f"Generating a {kind.title} puzzle\u2026 (Esc cancels)")
        self._window._sync_actions()

    def edit_board(self) -> None:
        if self._window.doc is None:
            return
        from .dialogs import EditDialog
        dialog = EditDialog(self._window.doc.kind, self._window.history.state, self._window)
        if dialog.exec() != EditDialog.Accepted or dialog.puzzle() is None:
            return
        kind = dialog.kind  # another kind's ID typed in opens as that kind
        if kind is self._window.doc.kind and kind.encode(dialog.puzzle()) == kind.encode(kind.initial(self._window.history.state)):
            self._window.statusBar().showMessage("The board is unchanged; your game goes on.", 5000)
            return
        meta = {"title": f"My {kind.title} puzzle", "source": "entered in puzzlegui"}
        self.load_doc(files.PuzzleDoc(kind, dialog.puzzle(), meta=meta), origin=games_mod.ENTERED)
