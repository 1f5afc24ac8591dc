"""Fixtures of the CLI tests: a runner and a working directory of their own (the data folder and the
toy game are the fixtures of tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner


@pytest.fixture
def runner() -> CliRunner:
    """A CLI runner (stdout and stderr are captured apart: ``result.stdout``, ``result.stderr``)."""
    return CliRunner()


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run the test in an empty temporary directory (saves land there)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
