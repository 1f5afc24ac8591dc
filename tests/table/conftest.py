"""Fixtures of the table tests: a data folder of their own (never the real home), and the toy game."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.toygame import register_toy
from ninjadojo.table import HOME_VARIABLE


@pytest.fixture(autouse=True)
def data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the data folder (``$NINJADOJO_HOME``) at a fresh temporary folder for every test."""
    home = tmp_path_factory.mktemp("ninjadojo-home")
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    return home


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy game (tests/engine/toygame.py) as game ``toy`` while the test runs."""
    register_toy(monkeypatch)
