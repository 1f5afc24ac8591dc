"""Fixtures of the engine tests: the toy game, registered under the id ``toy`` for the test only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.toygame import ToyState, register_toy


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[ToyState]]:
    """The toy game's class, registered as game ``toy`` while the test runs."""
    register_toy(monkeypatch)
    yield ToyState
