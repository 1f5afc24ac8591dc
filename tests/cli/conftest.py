"""Fixtures of the CLI tests: a runner, the toy game registered as ``toy`` for the test only, and a
data folder of its own for every test (autosaves never reach the real home folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.toygame import register_toy
from ninjadojo.table import HOME_VARIABLE


@pytest.fixture(autouse=True)
def data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the data folder (``$NINJADOJO_HOME``) at a fresh temporary folder for every CLI test."""
    home = tmp_path_factory.mktemp("ninjadojo-home")
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    return home


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy game (tests/engine/toygame.py) as game ``toy`` while the test runs."""
    register_toy(monkeypatch)


@pytest.fixture
def runner() -> CliRunner:
    """A CLI runner (stdout and stderr are captured apart: ``result.stdout``, ``result.stderr``)."""
    return CliRunner()


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run the test in an empty temporary directory (saves land there)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
