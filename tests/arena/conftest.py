"""Fixtures of the arena tests: the test bot ``flaky``, which presses Ctrl-C in one game or plays like random."""

from __future__ import annotations

import pytest

from arena.helpers import InterruptingBot
from ninjadojo import bots


@pytest.fixture
def flaky(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """Register ``flaky`` as a generic bot that presses Ctrl-C in one game (:class:`InterruptingBot`).

    :func:`~arena.helpers.calm` then makes the same name a plain random bot: the same bot, minus the
    Ctrl-C, as a person who pressed it and reran the command would have. Worker processes are forked and
    inherit the registration.
    """
    monkeypatch.setitem(bots.GENERIC_BOTS, "flaky", InterruptingBot)
    return monkeypatch

