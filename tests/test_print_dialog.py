"""The window's Print and Print to PDF offer the command line's choices (puzzles per page,
solution pages, page size), remember them, and lay the pages out with the same code as
``puzzlegui export --pdf`` (gui/export.py)."""

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog

from puzzlegui.core import files
from puzzlegui.gui.dialogs import PageDialog, export_pdf

FIVE = ("kurosu-dm-2018-06-01", "kurosu-dm-2018-06-04", "strips-mums-2010-01", "mystery-box", "twiddle-3x3")


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


def five_puzzles():
    docs = [files.load_source(name) for name in FIVE]
    return [(doc.title, doc.kind, doc.kind.initial(doc.state)) for doc in docs]


def choose(qtbot, dialog, per_page: int, solutions: bool, page_size: str | None = None):
    """Set the dialog's choices as a player does and press its OK button; returns once
    the pages went out."""
    qtbot.waitExposed(dialog)
    dialog.per_page.setCurrentIndex(dialog.per_page.findData(per_page))
    dialog.solutions.setChecked(solutions)
    if page_size is not None:
        dialog.page_size.setCurrentIndex(dialog.page_size.findData(page_size))
    with qtbot.waitSignal(dialog.written, timeout=120000) as blocker:
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    return blocker.args[0]


@pytest.fixture
def pdf_target(tmp_path, monkeypatch):
    target = tmp_path / "book.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    return target


def test_print_to_pdf_lays_out_the_pages_chosen_in_the_dialog(window, qtbot, pdf_target):
    items = five_puzzles()
    for per_page, solutions, pages in ((1, False, 5), (4, False, 2), (4, True, 3)):
        dialog = export_pdf(window, items, window.settings)
        assert "5 puzzles" in dialog.summary.text()
        assert choose(qtbot, dialog, per_page, solutions) == str(pdf_target)
        data = pdf_target.read_bytes()
        assert data.startswith(b"%PDF") and pdf_pages(data) == pages, (per_page, solutions)
        assert f"on {pages} page" in window.statusBar().currentMessage()
    # 4 + 1 puzzles, then the five solutions on one page (six to a page): the summary said so
    assert dialog.summary.text() == "5 puzzles on 2 pages, then 1 page of solutions."


def test_the_choices_are_remembered(window, qtbot, pdf_target):
    items = five_puzzles()[:2]
    first = export_pdf(window, items, window.settings)
    assert first.per_page.currentData() == 4 and not first.solutions.isChecked()  # the command line's default
    choose(qtbot, first, 2, True, "Letter")
    again = PageDialog(window.settings, 2, pdf=True)
    qtbot.addWidget(again)
    assert again.choices() == {"per_page": 2, "solutions": True, "page_size": "Letter"}
    assert window.settings.print_per_page == 2 and window.settings.print_solutions


def test_the_window_menu_prints_the_puzzle_with_its_solution(window, qtbot, pdf_target):
    window.open_source("mystery-box")
    dialog = window.documents.export_pdf()
    assert dialog.per_page.currentData() == 1  # one puzzle: a page of its own unless chosen otherwise
    choose(qtbot, dialog, 1, True)
    assert pdf_pages(pdf_target.read_bytes()) == 2  # the puzzle, then its solution


def test_print_offers_the_same_choices(window, qtbot, tmp_path, monkeypatch):
    """Print: the choices, then the printer's own dialog (here: print to a PDF file)."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    target = tmp_path / "printed.pdf"

    def printer_chosen(self):
        self.printer().setOutputFormat(QPrinter.PdfFormat)
        self.printer().setOutputFileName(str(target))
        return QPrintDialog.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", printer_chosen)
    window.open_source("mystery-box")
    dialog = window.documents.print_puzzles()
    assert dialog.page_size is None  # the printer's dialog chooses the paper
    assert choose(qtbot, dialog, 1, True) == str(target)
    assert pdf_pages(target.read_bytes()) == 2
