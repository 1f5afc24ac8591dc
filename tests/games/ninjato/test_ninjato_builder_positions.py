"""Every part of a built position reads back from the state in the builder's own form, and building
again from what it reads gives the same position (issue 22, "Builders that can state any position")."""

from __future__ import annotations

import doctest

import pytest
from ninjato_helpers import play

from ninjadojo.games.ninjato import state as state_module
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.notation import SEAT_ZONES, SHARED_ZONES
from ninjadojo.games.ninjato.state import NinjatoState

HOUSES = ["t2:3n:fsv", "m2:3n:fsv", "g6:3n:fj*", "t4:3n:fsv", "m4:3n:fsv"]


def rebuilt(game: NinjatoState) -> NinjatoState:
    """The position built again from the parts ``game.zone`` reads (the raid's from its fields)."""
    players = game.num_players
    seats = {name: [game.zone(name, seat) for seat in range(players)] for name in SEAT_ZONES}
    shared = {name: game.zone(name) for name in SHARED_ZONES}
    raid = None
    if game.raider >= 0:
        raid = (game.raider, game.raid_house + 1, "+-"[game.raid_side])
        spots = list(shared["spots"])
        spots[2 * game.raid_house + game.raid_side] = "."  # the builder puts the raider's shuriken itself
        shared["spots"] = "".join(spots)
    else:
        for name in ("loot", "revealed", "elite"):
            del shared[name]
    houses = shared.pop("houses").split("/")
    return position(players, round=game.round, honour=game.honour, raid=raid, houses=houses,
                    seed=game.rng.state, **seats, **shared)  # type: ignore[arg-type]


def test_every_part_reads_back_in_the_builders_form() -> None:
    game = position(2, hands=["45", "13"], purses=["ffj", "s"], tiles=["s2@5,t1@1", ""], top="321",
                    envoys=["t1", ""], houses=HOUSES, xtop="d33")
    assert [game.zone("hands", 0), game.zone("purses", 0), game.zone("tiles", 0), game.zone("envoys", 0)] == \
        ["45", "ffj", "s2@5,t1@1", "t1"]
    assert game.zone("top").startswith("321") and game.zone("xtop").startswith("d33")
    assert game.zone("houses").split("/") == HOUSES and game.zone("spots") == "." * 10


@pytest.mark.parametrize("moves", [(), ("0:h3+", "0:5", "0:banzai")], ids=["placing", "raiding"])
def test_building_again_from_what_zone_reads_gives_the_same_position(moves: tuple[str, ...]) -> None:
    game = position(2, hands=["545", "13"], purses=["ffj", "s"], tiles=["t1@1", "s2@5"], top="321",
                    houses=HOUSES, xtop="d33")
    play(game, *moves)
    again = rebuilt(game)
    assert again.to_notation().split("|")[-1] == game.to_notation().split("|")[-1]


def test_zone_refuses_a_part_or_seat_that_is_not_there() -> None:
    game = position(2)
    with pytest.raises(ValueError, match="no zone 'hand': the zones are hands, known, purses"):
        game.zone("hand", 0)
    with pytest.raises(ValueError, match="give seat, from 0 to 1"):
        game.zone("hands")
    with pytest.raises(ValueError, match="shared: give no seat"):
        game.zone("top", 0)


def test_the_zone_example_runs() -> None:
    tests = [test for test in doctest.DocTestFinder().find(NinjatoState, module=state_module)
             if test.name.endswith(".zone")]
    runner = doctest.DocTestRunner()
    for test in tests:
        runner.run(test)
    assert tests and runner.summarize(verbose=False).failed == 0
