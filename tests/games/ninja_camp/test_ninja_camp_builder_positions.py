"""The public builder states every part of a position by name and every part reads back from the state
(issue 22, "Builders that can state any position"): the order the players passed in (``pass_order``),
which decides a tie, and ``state.zone`` for each part, in the builder's own form."""

from __future__ import annotations

import doctest

import pytest

from ninjadojo.engine import NotationError
from ninjadojo.games.ninja_camp import state as state_module
from ninjadojo.games.ninja_camp.builder import after, position
from ninjadojo.games.ninja_camp.state import NinjaCampState

#: Three players on a 7x8 grid: seats 0 and 2 stand on Ambush, Evade and Dodge (10 points to claim),
#: seat 1 on Stealth, Sprint and Dodge (3); every hand is the starting Sprint and Evade.
TIED = {"a1": "A0", "b1": "E0", "c1": "D0", "a2": "S1", "b2": "R1", "c2": "D1", "a3": "A2", "b3": "E2", "c3": "D2"}


@pytest.mark.parametrize(("order", "winner"), [([0, 2], 2), ([2, 0], 0)])
def test_the_pass_order_decides_a_tie(order: list[int], winner: int) -> None:
    # Rulebook: "If there is a tie, the tied player who took the last turn wins." Passing is a player's
    # last turn, so of the two tied players the later to pass wins.
    game = position(3, squares=TIED, pass_order=order, to_act=1)
    assert game.zone("passed") == "".join(map(str, order))
    assert game.passed_at[order[0]] < game.passed_at[order[1]]
    assert NinjaCampState.from_notation(game.to_notation()) == game
    over = after(game, "pass")
    scores = over.scores()
    assert scores[0] == scores[2] > scores[1]
    assert over.winners() == (winner,)


def test_passed_alone_still_works_and_a_conflicting_or_bad_pass_order_is_refused() -> None:
    game = position(3, squares=TIED, passed=[2, 0])
    assert sorted(game.zone("passed")) == ["0", "2"]
    with pytest.raises(NotationError, match="name different seats: give pass_order alone"):
        position(3, squares=TIED, passed=[0], pass_order=[0, 2])
    with pytest.raises(NotationError, match="names a seat twice"):
        position(3, squares=TIED, pass_order=[0, 0])
    with pytest.raises(NotationError, match="pass_order: there is no seat 3"):
        position(3, squares=TIED, pass_order=[3])
    with pytest.raises(NotationError, match="lists seats in the order they passed"):
        position(3, squares=TIED, pass_order="02")  # type: ignore[arg-type]


def test_every_part_reads_back_in_the_builders_form_and_rebuilds_the_same_position() -> None:
    start = position(2, squares={"d4": "A0", "a1": "S0", "b1": "H0", "g7": "R1", "f7": "D1", "e7": "L1"}, to_act=0)
    game = after(start, "E:d4-d7")
    assert game.zone("ninjas", 0) == "a1,b1,d7" and game.zone("discard", 0) == "E" and game.zone("hand", 0) == "AR"
    again = position(2, game.zone("picture"), hands={seat: game.zone("hand", seat) for seat in range(2)},
                     discards={seat: game.zone("discard", seat) for seat in range(2)},
                     clans={seat: game.zone("clan", seat) for seat in range(2)},
                     shadow={seat: game.zone("shadow", seat) for seat in range(2)}, to_act=game.to_act()[0])
    assert again.to_notation().split("|")[-1] == game.to_notation().split("|")[-1]


def test_zone_refuses_a_part_or_seat_that_is_not_there() -> None:
    game = position(2)
    with pytest.raises(ValueError, match="no zone 'hands': the zones are hand, discard, clan, shadow, ninjas"):
        game.zone("hands", 0)
    with pytest.raises(ValueError, match="give seat, from 0 to 1"):
        game.zone("hand")
    with pytest.raises(ValueError, match="shared: give no seat"):
        game.zone("picture", 0)


def test_the_zone_example_runs() -> None:
    tests = [test for test in doctest.DocTestFinder().find(NinjaCampState, module=state_module)
             if test.name.endswith(".zone")]
    runner = doctest.DocTestRunner()
    for test in tests:
        runner.run(test)
    assert tests and runner.summarize(verbose=False).failed == 0
