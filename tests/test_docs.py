"""The documentation's examples are real: every kind's example file in docs/FORMAT.md loads."""

import re
from pathlib import Path

from puzzlegui.core import files, registry

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_format_md_has_a_loadable_example_per_kind():
    text = (DOCS / "FORMAT.md").read_text(encoding="utf-8")
    examples = re.findall(r"^### .*?\n\n```json\n(.*?)```", text, flags=re.S | re.M)
    kinds = set()
    for example in examples:
        doc = files.loads(example, "FORMAT.md")
        doc.history()
        kinds.add(doc.kind.name)
    assert kinds == set(registry.names())


def test_readme_commands_are_the_ci_commands():
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    ci = (DOCS.parent / ".ci" / "run").read_text(encoding="utf-8")
    first_screen = "\n".join(readme.splitlines()[:30])
    assert 'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/python -m pytest' in first_screen
    assert "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/puzzlegui" in first_screen
    assert "grep -m1" in ci and "README.md" in ci
