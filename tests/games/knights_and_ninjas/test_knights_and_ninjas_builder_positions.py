"""The public builder states every part of a position by name and every part reads back from the state
(issue 22, "Builders that can state any position"): what one seat alone saw go into another's hand
(``seen``), and ``state.zone`` for each zone, in the builder's own form."""

from __future__ import annotations

import doctest

import pytest

from ninjadojo.engine import NotationError
from ninjadojo.games.knights_and_ninjas import state as state_module
from ninjadojo.games.knights_and_ninjas.builder import position
from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState


def test_a_private_sighting_is_stated_and_kept_by_the_observers_samples_only() -> None:
    # A Merchant's take or a draft gift: seat 0 alone saw the Knight go into seat 1's hand.
    game = position(3, hands=["pe", "knpepe", "so"], seen={(0, 1): "kn"})
    assert game.seen[0][1] == [0, 0, 1] + [0] * (len(game.seen[0][1]) - 3)
    assert KnightsAndNinjasState.from_notation(game.to_notation()) == game
    assert all(game.determinize(0, seed).zone("hands", 1).count("kn") >= 1 for seed in range(20))
    assert any("kn" not in game.determinize(2, seed).zone("hands", 1) for seed in range(20)), \
        "seat 2 did not see it: its samples may deal the Knight elsewhere"


def test_a_bad_sighting_is_refused_saying_what_is_allowed() -> None:
    with pytest.raises(NotationError, match="must be cards of its hand"):
        position(3, hands=["pe", "pepe", "so"], seen={(0, 1): "kn"})
    with pytest.raises(NotationError, match=r"\(observer, holder\) pairs of seats 0 to 2"):
        position(3, seen={(0, 5): "kn"})  # type: ignore[dict-item]
    with pytest.raises(NotationError, match="names one seat twice"):
        position(3, hands=["kn", "", ""], seen={(0, 0): "kn"})


def test_every_zone_reads_back_in_the_builders_form_and_rebuilds_the_same_position() -> None:
    game = position(3, hands=["qu", "pepepe", "sokn"], forts=["ca--mi", "------", "--ar--"], gems=[7, 3, 5],
                    top="sokn", discard="drpe", known=["", "pe", ""], cur=1)
    zones = {name: [game.zone(name, seat) for seat in range(3)] for name in KnightsAndNinjasState.SEAT_ZONES}
    assert zones["hands"][0] == "qu" and zones["forts"][0] == "ca--mi" and zones["known"][1] == "pe"
    assert game.zone("top").startswith("sokn") and game.zone("discard") == "drpe"
    again = position(3, cur=game.current, hands=zones["hands"], forts=zones["forts"], known=zones["known"],
                     gems=game.gems, top=game.zone("top"), discard=game.zone("discard"), seed=7)
    assert again.to_notation().split("|")[-1] == game.to_notation().split("|")[-1]


def test_zone_refuses_a_part_or_seat_that_is_not_there() -> None:
    game = position(3)
    with pytest.raises(ValueError, match="no zone 'hand': the zones are hands, known, forts"):
        game.zone("hand", 0)
    with pytest.raises(ValueError, match="give seat, from 0 to 2"):
        game.zone("hands")
    with pytest.raises(ValueError, match="shared: give no seat"):
        game.zone("top", 1)


def test_the_zone_example_runs() -> None:
    tests = [test for test in doctest.DocTestFinder().find(KnightsAndNinjasState, module=state_module)
             if test.name.endswith(".zone")]
    runner = doctest.DocTestRunner()
    for test in tests:
        runner.run(test)
    assert tests and runner.summarize(verbose=False).failed == 0
