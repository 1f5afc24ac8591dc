"""Shared test settings and fixtures.

- Hypothesis profiles (CI runs the default profile, derandomised).
- Every test gets a data folder of its own (``$NINJADOJO_HOME``): autosaves and recovery files of the
  drivers never reach the real home folder.
- ``toy``: the engine's toy game (tests/engine/toygame.py), registered as game ``toy`` for the test only.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from engine.toygame import ToyState, register_toy
from ninjadojo.table import HOME_VARIABLE

settings.register_profile(
    "default",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")


@pytest.fixture(autouse=True)
def data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the data folder (``$NINJADOJO_HOME``) at a fresh temporary folder for every test."""
    home = tmp_path_factory.mktemp("ninjadojo-home")
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    return home


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[ToyState]]:
    """The toy game's class, registered as game ``toy`` while the test runs."""
    register_toy(monkeypatch)
    yield ToyState
