"""View > Colours > Customise…: the user's own colour for any role of the scheme shown.

One row a role: its name, a button showing its colour (a click asks for another) and
Default, which gives the scheme's own back.  Under them, a warning for every pair of
meanings the chosen colours let pass for each other, for any eye (theme.clashes): the
user may keep them, but knows.  The dialog only collects colours; the window stores
them (settings) and applies them (theme.set_custom).
"""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from ..qtkit import theme


class PaletteDialog(QDialog):
    def __init__(self, scheme: str, parent=None):
        super().__init__(parent)
        self.scheme = scheme
        self.setWindowTitle(f"Colours of the {theme.LABELS[scheme].replace('&', '')} scheme")
        self._own = dict(theme.PALETTES[scheme])
        self._colours = theme.roles_of(scheme)
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        for row, role in enumerate(theme.ROLES):
            grid.addWidget(QLabel(theme.ROLE_NAMES[role]), row, 0)
            button = QPushButton()
            button.setMinimumWidth(96)
            button.setAccessibleName(theme.ROLE_NAMES[role])
            button.clicked.connect(lambda _=False, r=role: self._ask(r))
            grid.addWidget(button, row, 1)
            default = QPushButton("Default")
            default.clicked.connect(lambda _=False, r=role: self.set_colour(r, self._own[r]))
            grid.addWidget(default, row, 2)
            self.buttons[role] = button
        self.warnings = QLabel()
        self.warnings.setWordWrap(True)
        box = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel | QDialogButtonBox.RestoreDefaults)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        box.button(QDialogButtonBox.RestoreDefaults).clicked.connect(self.restore_defaults)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(self.warnings)
        layout.addWidget(box)
        for role in theme.ROLES:
            self._show(role)
        self._warn()

    def colours(self) -> dict:
        """The roles whose colour is not the scheme's own: what is stored."""
        return {role: colour for role, colour in self._colours.items() if colour != self._own[role]}

    def set_colour(self, role: str, colour: str) -> None:
        self._colours[role] = QColor(colour).name()
        self._show(role)
        self._warn()

    def restore_defaults(self) -> None:
        for role in theme.ROLES:
            self.set_colour(role, self._own[role])

    def _ask(self, role: str) -> None:
        chosen = QColorDialog.getColor(QColor(self._colours[role]), self, theme.ROLE_NAMES[role])
        if chosen.isValid():
            self.set_colour(role, chosen.name())

    def _show(self, role: str) -> None:
        colour = QColor(self._colours[role])
        text = "#000000" if colour.lightnessF() > 0.5 else "#ffffff"
        button = self.buttons[role]
        button.setText(colour.name() + (" *" if colour.name() != self._own[role] else ""))
        button.setStyleSheet(f"background: {colour.name()}; color: {text}")

    def _warn(self) -> None:
        found = theme.clashes(self._colours)
        self.warnings.setText("\n".join(found) if found else "Every meaning stays apart, for every eye.")
