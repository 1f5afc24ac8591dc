"""Fixtures of the simulator tests: the toy game registered as ``toy`` for the test only, and test bots."""

from __future__ import annotations

import pytest

from engine.toygame import register_toy
from ninjadojo import bots
from sim.helpers import BrokenBot, InterruptingBot, SlowFirstGameBot


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy game (tests/engine/toygame.py) as game ``toy`` while the test runs."""
    register_toy(monkeypatch)


@pytest.fixture
def test_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test bots as generic bots: ``broken``, ``interrupting``, ``slow-first``, ``twin``.

    Worker processes are forked, so they inherit the registration.
    """
    monkeypatch.setitem(bots.GENERIC_BOTS, "broken", BrokenBot)
    monkeypatch.setitem(bots.GENERIC_BOTS, "interrupting", InterruptingBot)
    monkeypatch.setitem(bots.GENERIC_BOTS, "slow-first", SlowFirstGameBot)
    monkeypatch.setitem(bots.GENERIC_BOTS, "twin", bots.RandomBot)
