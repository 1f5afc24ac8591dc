"""Errors cross process boundaries intact: a bot's error raised in a worker process reaches the server as
itself (a pool that cannot unpickle a result breaks, and every table's bots with it)."""

from __future__ import annotations

import pickle

import pytest

from ninjadojo.engine.errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionError,
    SaveError,
)


@pytest.mark.parametrize("kind", [IllegalActionError, NotYourTurnError, GameOverError])
def test_an_illegal_action_error_survives_pickling(kind: type[IllegalActionError]) -> None:
    error = kind(2, "x1.0", "seat 2 has no decision to make now", legal=("d", "s:6a"), explained=False)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is kind
    assert (copy.seat, copy.action, copy.reason, copy.legal, copy.explained) == (2, "x1.0", error.reason,
                                                                                 ("d", "s:6a"), False)
    assert str(copy) == str(error)


@pytest.mark.parametrize("kind", [OptionError, SaveError])
def test_the_other_errors_survive_pickling(kind: type[Exception]) -> None:
    error = kind("the target must be a whole number from 10 to 100, not 'x'")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is kind and str(copy) == str(error)
