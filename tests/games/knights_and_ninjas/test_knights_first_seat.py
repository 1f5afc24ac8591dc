"""Who goes first: "Play goes clockwise, taking turns... The player who most recently won a game goes
first." (the rulebook, 3-6 players), and in the 2-player variation "The player with the fewest gems always
begins PHASE 1 ... the youngest player starts" on a tie. Option ``first_seat`` names that seat; a rematch
carries the last winner into it."""

from __future__ import annotations

import pytest

from ninjadojo.api import new_game
from ninjadojo.engine import OptionError, Rng
from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState
from ninjadojo.server.catalogue import option_json


def _play_to_the_end(game: KnightsAndNinjasState, seed: int) -> None:
    rng = Rng(seed)
    while not game.is_terminal:
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])


@pytest.mark.parametrize("players", [3, 4, 6])
def test_seat_zero_begins_by_default(players: int) -> None:
    game = new_game("knights-and-ninjas", players, seed=3)
    assert game.to_act() == (0,)
    assert game.decision(0) is not None
    # Said every time, seat 0 too: after a rematch P0 won, the log shows that the winner begins.
    assert "P0 takes the first turn" in [event.text for event in game.events]


@pytest.mark.parametrize("players,first", [(3, 2), (4, 1), (6, 5)])
def test_the_first_seat_takes_the_first_turn_and_play_goes_clockwise_from_it(players: int, first: int) -> None:
    game = new_game("knights-and-ninjas", players, options={"first_seat": first}, seed=5)
    assert game.to_act() == (first,)
    assert f"P{first} takes the first turn" in [event.text for event in game.events]
    # The first turn ends (discarding or ending each step); the next turn is the next seat clockwise.
    while game.to_act() == (first,):
        actions = game.legal_actions(first)
        game.apply(first, next((a for a in actions if a == "end" or a.startswith("x:")), actions[0]))
    assert game.current == (first + 1) % players


@pytest.mark.parametrize("players,first", [(3, 3), (4, 4), (2, 2)])
def test_a_first_seat_the_table_does_not_have_is_refused_naming_the_seats(players: int, first: int) -> None:
    with pytest.raises(OptionError, match=f"seats 0 to {players - 1}"):
        new_game("knights-and-ninjas", players, options={"first_seat": first})


def test_a_first_seat_is_a_set_up_option_not_a_house_rule() -> None:
    spec = next(s for s in KnightsAndNinjasState.option_specs() if s.name == "first_seat")
    assert spec.ruling is None and spec.section == "Game" and spec.title == "Who goes first"
    assert "most recently won" in spec.help
    # It names a seat: the lobby offers the table's seats (P0, P1...), not a number to type.
    assert spec.seat and option_json(spec)["seat"] is True


@pytest.mark.parametrize("players", [3, 5])
def test_a_rematch_begins_with_the_last_winner(players: int) -> None:
    for seed in range(4):
        game = new_game("knights-and-ninjas", players, seed=seed)
        _play_to_the_end(game, seed)
        winners = list(game.result.winners)
        if len(winners) != 1:
            assert game.rematch_options() == {}
            continue
        carried = game.rematch_options()
        assert carried == {"first_seat": winners[0]}
        rematch = new_game("knights-and-ninjas", players, options={**game.options, **carried}, seed=seed + 100)
        assert rematch.to_act() == (winners[0],)


def test_the_two_player_rematch_carries_nothing_the_poorer_player_drafts_first() -> None:
    game = new_game("knights-and-ninjas", 2, seed=1)
    _play_to_the_end(game, 1)
    assert game.rematch_options() == {}


@pytest.mark.parametrize("first", [0, 1])
def test_with_two_players_even_gems_and_cards_the_first_seat_drafts_first(first: int) -> None:
    game = new_game("knights-and-ninjas", 2, options={"first_seat": first}, seed=2)
    assert game.to_act() == (first,)
    decision = game.decision(first)
    assert decision is not None and decision.kind == "draft"
