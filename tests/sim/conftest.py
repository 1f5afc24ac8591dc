"""Fixtures of the simulator tests: test bots (the toy game is a fixture of tests/conftest.py)."""

from __future__ import annotations

import pytest

from ninjadojo import bots
from sim.helpers import BrokenBot, InterruptingBot, SlowFirstGameBot


@pytest.fixture
def test_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test bots as generic bots: ``broken``, ``interrupting``, ``slow-first``, ``twin``.

    Worker processes are forked, so they inherit the registration.
    """
    monkeypatch.setitem(bots.GENERIC_BOTS, "broken", BrokenBot)
    monkeypatch.setitem(bots.GENERIC_BOTS, "interrupting", InterruptingBot)
    monkeypatch.setitem(bots.GENERIC_BOTS, "slow-first", SlowFirstGameBot)
    monkeypatch.setitem(bots.GENERIC_BOTS, "twin", bots.RandomBot)
