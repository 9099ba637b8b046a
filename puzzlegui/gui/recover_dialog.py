"""File > Recover games…: the set-aside games databases of the data folder, and their
games brought back (core/recover.py), read and written off the GUI thread."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout

from ..core import jobs as named
from ..core import recover
from .jobs import jobs_for


class RecoverDialog(QDialog):
    """Lists the set-aside databases with the games each still holds; "Bring back" brings
    the chosen ones' games into the library."""

    finished_recovery = Signal(str)  # the sentence saying what was brought back (for tests)

    def __init__(self, games, parent=None):
        super().__init__(parent)
        self.games = games
        self.setWindowTitle("Recover games")
        layout = QVBoxLayout(self)
        self.words = QLabel("Looking for set-aside games databases\u2026")
        self.words.setWordWrap(True)
        self.words.setTextFormat(Qt.PlainText)
        layout.addWidget(self.words)
        self.list = QListWidget()
        self.list.setAccessibleName("Set-aside games databases")
        layout.addWidget(self.list, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Close)
        self.bring = self.buttons.addButton("Bring back", QDialogButtonBox.AcceptRole)
        self.bring.setEnabled(False)
        self.bring.clicked.connect(self._bring_back)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(560, 320)
        jobs = self._jobs = jobs_for(self)
        self._call = jobs.submit(jobs.ticket("recover"), named.RECOVER, recover.survey, games.folder)
        self._call.done.connect(self._listed)
        self._call.failed.connect(self.words.setText)

    def _listed(self, found) -> None:
        self.list.clear()
        for aside in found:
            if aside.games is None:
                text = f"{aside.path.name}: cannot be read ({aside.why})"
            else:
                text = f"{aside.path.name}: {aside.games} game{'' if aside.games == 1 else 's'} can be read"
            item = QListWidgetItem(text)
            item.setData(Qt.UserRole, str(aside.path))
            if aside.games:
                item.setCheckState(Qt.Checked)
            else:
                item.setFlags(item.flags() & ~Qt.ItemIsEnabled)
            self.list.addItem(item)
        readable = sum(1 for a in found if a.games)
        if not found:
            self.words.setText("No games database has been set aside in your data folder.")
        else:
            self.words.setText(
                f"{len(found)} games database{'s were' if len(found) != 1 else ' was'} set aside as damaged or not "
                "puzzlegui's. The games that can still be read come back into your library; a game your library "
                "already has stays as it is."
            )
        self.bring.setEnabled(readable > 0)

    def chosen(self) -> list[str]:
        return [self.list.item(i).data(Qt.UserRole) for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.Checked]

    def _bring_back(self) -> None:
        paths = self.chosen()
        if not paths:
            return
        self.bring.setEnabled(False)
        self.words.setText("Bringing the games back\u2026")
        self._call = self._jobs.submit(self._jobs.ticket("recover"), named.RECOVER, _recover_all, self.games.store, paths)
        self._call.done.connect(lambda sentence: self._brought(paths, sentence))
        self._call.failed.connect(lambda sentence: self._brought([], sentence))

    def _brought(self, paths: list[str], sentence: str) -> None:
        """What was brought back is said, and its databases leave the list (they are kept,
        renamed, and not offered again)."""
        for i in reversed(range(self.list.count())):
            if self.list.item(i).data(Qt.UserRole) in paths:
                self.list.takeItem(i)
        self.words.setText(sentence)
        self.bring.setEnabled(any(self.list.item(i).checkState() == Qt.Checked for i in range(self.list.count())))
        self.finished_recovery.emit(sentence)


def _recover_all(store, paths: list[str]) -> str:
    """Each set-aside database's games brought back: one sentence for them all (on the pool)."""
    sentences = []
    for path in paths:
        try:
            sentences.append(recover.recover(store, path).sentence(path))
        except (ValueError, OSError) as exc:
            sentences.append(str(exc.strerror if isinstance(exc, OSError) and exc.strerror else exc))
    return " ".join(sentences)
