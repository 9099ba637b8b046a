"""Shared by the game object's tests: a real game store in the test's folder."""

import pytest

from puzzlegui.core.games import Games


@pytest.fixture
def session(tmp_path):
    s = Games(tmp_path / "data")
    yield s
    s.close()
