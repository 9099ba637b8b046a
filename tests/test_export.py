"""Export and print: PNG, SVG and PDF drawn by the kinds' own boards, off-screen; copy
and paste of puzzles; ``puzzlegui export`` headless."""

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from puzzlegui.core import files, registry
from puzzlegui.core.kind import PuzzleError

pytest.importorskip("PySide6.QtSvg")

from PySide6.QtGui import QImage  # noqa: E402

from puzzlegui.gui import export  # noqa: E402

KINDS = registry.names()


@pytest.fixture
def app(qapp):
    yield qapp
    qapp.clipboard().clear()


def puzzle(name, seed=3):
    kind = registry.get(name)
    return kind, kind.generate({}, seed)


def colours(image: QImage) -> set:
    step = max(1, image.width() // 60)
    return {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}


@pytest.mark.parametrize("name", KINDS)
def test_png_has_the_board_size_and_is_a_drawing(app, tmp_path, name):
    kind, state = puzzle(name)
    path = export.render_png(kind, state, tmp_path / f"{name}.png", cell=32)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = QImage(str(path))
    expected = export.board_size(kind, state, 32)
    assert (image.width(), image.height()) == (expected.width(), expected.height())
    cols, rows = export._Drawn(kind, state, 32).board.grid_size()
    assert image.width() >= cols * 32 and image.height() >= rows * 32
    assert len(colours(image)) >= 3  # paper, lines, clues: not one flat colour
    small = export.render_image(kind, state, cell=16)
    assert abs(small.width() - image.width() / 2) <= 2  # the cell size is the scale


def test_a_solved_board_draws_differently_from_the_puzzle_as_given(app):
    kind, state = puzzle("kurosu")
    solved = export.solved_state(kind, state)
    assert kind.is_solved(solved)
    given, done = export.render_image(kind, state), export.render_image(kind, solved)
    assert given.size() == done.size() and given != done


@pytest.mark.parametrize("name", KINDS)
def test_svg_is_xml_with_drawing_elements(app, tmp_path, name):
    kind, state = puzzle(name)
    path = export.render_svg(kind, state, tmp_path / f"{name}.svg", cell=24, title="My <puzzle>")
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    drawn = [e for e in root.iter() if e.tag.split("}")[-1] in ("path", "rect", "polyline", "polygon", "line", "ellipse", "circle", "text", "image")]
    assert len(drawn) >= 10
    assert root.find("{http://www.w3.org/2000/svg}title").text == "My <puzzle>"


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


def test_pdf_lays_out_puzzles_per_page_with_solution_pages(app, tmp_path):
    items = []
    for i, name in enumerate(KINDS + ["kurosu"]):  # five puzzles
        kind, state = puzzle(name, seed=i + 1)
        items.append((f"Puzzle {i + 1}", kind, state))
    solutions = [(t, k, export.solved_state(k, s)) for t, k, s in items]
    assert all(s is not None for _, _, s in solutions)
    path = tmp_path / "book.pdf"
    pages = export.write_pdf(path, items, per_page=4, solutions=solutions, heading="Five")
    data = path.read_bytes()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
    assert pages == 3 == pdf_pages(data)  # 4 + 1 puzzles, then 5 solutions 6 to a page
    for per_page, expected in ((1, 5), (2, 3), (6, 1)):
        export.write_pdf(path, items, per_page=per_page)
        assert pdf_pages(path.read_bytes()) == expected == export.page_count(5, per_page)
    with pytest.raises(PuzzleError, match="1, 2, 4 or 6"):
        export.write_pdf(path, items, per_page=3)
    with pytest.raises(PuzzleError, match="no puzzle to print"):
        export.write_pdf(path, [])


def test_copy_puts_text_and_image_and_paste_reads_it_back(app):
    for name in KINDS:
        kind, state = puzzle(name)
        text = export.copy_puzzle(kind, state, "Mine")
        mime = app.clipboard().mimeData()
        assert mime.hasText() and mime.hasImage()
        assert mime.text() == text
        image = QImage(mime.imageData())
        assert image.size() == export.board_size(kind, state, 32)
        doc = export.parse_pasted(mime.text())
        assert doc.kind is kind and kind.encode(doc.state) == kind.encode(state)
    assert export.puzzle_text(*puzzle("kurosu")).startswith("kurosu:")
    assert export.puzzle_text(*puzzle("strips")).startswith("# kind: strips\n")


def test_pasting_ids_files_and_layouts(app):
    doc = export.parse_pasted("  kurosu:6x6:DdCDeAddBEa \n")
    assert doc.kind.name == "kurosu" and doc.state.width == 6
    assert export.parse_pasted("6x6:DdCDeAddBEa", kind="kurosu").kind.name == "kurosu"
    as_file = files.dumps(doc)
    assert export.parse_pasted(as_file).kind.name == "kurosu"
    with pytest.raises(PuzzleError, match="KIND:ID"):
        export.parse_pasted("hello there")
    with pytest.raises(PuzzleError, match="no text"):
        export.parse_pasted("   ")
    with pytest.raises(PuzzleError, match="Kurosu game ID, not Tracks"):
        export.parse_pasted("kurosu:6x6:DdCDeAddBEa", kind="tracks")
    with pytest.raises(PuzzleError):
        export.parse_pasted("kurosu:6x6:zz")


def test_export_command_works_headless_without_a_display(tmp_path):
    source = tmp_path / "c.txt"
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    cmd = [sys.executable, "-m", "puzzlegui"]
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(cmd + ["generate", "kurosu", "--width", "6", "--height", "6", "--seed", "3",
                                 "--count", "3", "--output", str(source)], env=env, cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    done = subprocess.run(cmd + ["export", str(source), "--pdf", str(tmp_path / "c.pdf"), "--per-page", "2", "--solutions"],
                          env=env, cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "(3 pages)" in done.stderr and pdf_pages((tmp_path / "c.pdf").read_bytes()) == 3
    done = subprocess.run(cmd + ["export", f"{source}#2", "--png", str(tmp_path / "p.png"), "--svg", str(tmp_path / "p.svg"),
                                 "--solved", "--cell", "20"], env=env, cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert QImage(str(tmp_path / "p.png")).width() > 6 * 20
    assert ET.parse(tmp_path / "p.svg").getroot().tag.endswith("svg")
    done = subprocess.run(cmd + ["export", str(source), "--png", str(tmp_path / "x.png")],
                          env=env, cwd=root, capture_output=True, text=True)
    assert done.returncode == 2 and "choose one" in done.stderr and not (tmp_path / "x.png").exists()
