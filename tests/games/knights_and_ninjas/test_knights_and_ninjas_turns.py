"""The turn, fortifications, reshuffles and winning (rulebook: Gameplay, Fortify, Other rules)."""

from __future__ import annotations

import pytest

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.knights_and_ninjas import STATE
from ninjadojo.games.knights_and_ninjas.builder import hand, play, position, slots


def test_setup_gives_five_gems_and_four_cards_and_the_first_player_draws_two() -> None:
    game = STATE.new(4, seed=3)
    assert game.gems == [5, 5, 5, 5]
    assert game.sizes == [6, 4, 4, 4]
    assert game.to_act() == (0,)
    assert len(game.deck) == 100 - 18
    game.check_invariants()


def test_turn_offers_fortify_attack_special_or_discard() -> None:
    game = position(3, hands=["caknhepe", "so", "so"])
    legal = game.legal_actions(0)
    assert {"f:ca", "a1:kn", "a2:kn", "a1:pe1", "he", "x:ca", "x:kn", "x:he", "x:pe"} <= set(legal)


def test_discarding_ends_the_turn_and_the_next_player_draws_two() -> None:
    game = position(3, hands=["kn", "", ""], top="sopemi")
    play(game, "0:x:kn")
    assert game.discard == [2]
    assert game.to_act() == (1,)
    assert hand(game, 1) == "peso"
    assert game.decision(1).kind == "turn"


def test_fortify_with_several_kinds_one_of_each_at_a_time() -> None:
    game = position(3, hands=["caarmi", "", ""], forts=["------", "------", "------"])
    play(game, "0:f:ca")
    assert game.decision(0).kind == "fortify"
    assert "f:ca" not in game.legal_actions(0)
    play(game, "0:f:ar", "0:f:mi")
    assert slots(game, 0) == "caarmi"
    # With nothing left to add the turn ends by itself.
    assert game.to_act() == (1,)


def test_a_second_castle_cannot_be_played_while_one_stands() -> None:
    game = position(3, hands=["ca", "", ""], forts=["ca----", "------", "------"])
    assert "f:ca" not in game.legal_actions(0)
    with pytest.raises(IllegalActionError):
        game.apply(0, "f:ca")


def test_fortifying_may_stop_after_one_card() -> None:
    game = position(3, hands=["caar", "", ""])
    play(game, "0:f:ca", "0:end")
    assert slots(game, 0) == "ca----"
    assert hand(game, 0) == "ar"
    assert game.to_act() == (1,)


def test_minstrel_leaves_at_the_start_of_its_owners_next_turn() -> None:
    game = position(3, cur=2, hands=["", "", "so"], forts=["----mi", "------", "------"], top="pepe")
    play(game, "2:x:so")
    assert slots(game, 0) == "------"
    assert game.discard[-1] == 14  # the Minstrel


def test_a_kingdom_fortified_by_a_minstrel_cannot_be_attacked() -> None:
    game = position(3, hands=["qunidrcpla", "", ""], forts=["------", "----mi", "ca----"])
    assert not [a for a in game.legal_actions(0) if a.startswith("a1:")]
    with pytest.raises(IllegalActionError, match="Minstrel"):
        game.apply(0, "a1:qu")


def test_reshuffling_the_discards_lowers_the_target_by_one() -> None:
    game = position(3, hands=["pe", "", ""], discard="sosokn", rest_to="discard")
    play(game, "0:x:pe")
    assert game.shuffles == 1 and game.target == 9
    assert game.sizes[1] == 2


def test_no_passive_win_after_a_reshuffle() -> None:
    game = position(3, gems=[9, 1, 5], hands=["pe", "", ""], discard="sosokn", rest_to="discard")
    play(game, "0:x:pe")
    # Seat 0 holds 9 and 9 now win, but it has not gained a gem: the game goes on.
    assert game.target == 9 and not game.is_terminal


def test_gaining_a_gem_at_the_target_wins_at_once() -> None:
    game = position(3, gems=[8, 2, 5], hands=["ni", "pe", ""])
    play(game, "0:a1:ni", "1:take")
    assert game.is_terminal and game.winners() == (0,)
    assert game.result is not None and game.result.scores == (10.0, 0.0, 5.0)


def test_a_rival_without_gems_cannot_be_attacked_but_stays_in() -> None:
    game = position(3, gems=[6, 0, 9], hands=["kn", "so", ""])
    assert not [a for a in game.legal_actions(0) if a.startswith("a1:")]
    assert "a2:kn" in game.legal_actions(0)


def test_a_player_with_no_cards_is_not_asked_to_respond_and_waits_to_draw() -> None:
    game = position(3, hands=["kn", "", "pe"], top="soso")
    play(game, "0:a1:kn")
    # Seat 1 holds nothing: the attack lands; the Highwayman window asks seat 2 only (it has a card).
    assert game.gems[0] == 8 and game.gems[1] == 2
    assert game.to_act() == (2,)
    play(game, "2:pass")
    assert game.to_act() == (1,) and hand(game, 1) == "soso"


@pytest.mark.parametrize("rest", ["je", "ar", "mi", "so"])
def test_fortifying_does_not_tell_whether_the_hand_holds_another_fortification(rest: str) -> None:
    # Ending the turn by itself only when the hand holds no Archer, Minstrel or Jester would tell the
    # table what is (not) in it: the seat is asked to go on or end whatever it holds.
    game = position(3, hands=["ca" + rest, "pe", "pe"])
    play(game, "0:f:ca")
    assert game.decision(0).kind == "fortify" and "end" in game.legal_actions(0)
    assert game.observe(1)["waiting_for"] == [0]


def test_fortifying_ends_by_itself_when_the_hand_is_empty() -> None:
    game = position(3, hands=["ca", "pe", "pe"], top="sosopepe")
    play(game, "0:f:ca")
    assert game.current == 1 and game.decision(1).kind == "turn"


def test_the_pile_is_rebuilt_only_when_a_player_must_draw_from_an_empty_one() -> None:
    game = position(3, cur=2, hands=["", "", "pe"], discard="kn", top="soso", rest_to="discard")
    play(game, "2:x:pe")
    assert game.deck == [] and game.target == 10 and game.shuffles == 0, "seat 0 drew the last two"
    play(game, "0:x:so")
    assert game.shuffles == 1 and game.target == 9 and game.sizes[1] == 2
