"""The 2-player variation: 6 gems each, drafting and dueling, the changed cards, all 12 gems win."""

from __future__ import annotations

import pytest

from ninjadojo.engine import Frame, IllegalActionError
from ninjadojo.games.knights_and_ninjas import STATE
from ninjadojo.games.knights_and_ninjas.builder import hand, play, position, slots
from ninjadojo.games.knights_and_ninjas.cards import HW, JE, MI, TR, full_deck


def test_two_players_start_with_six_gems_and_draft_from_fifteen_cards() -> None:
    game = STATE.new(2, seed=5)
    assert game.gems == [6, 6] and game.sizes == [0, 0]
    assert len(game.draft) == 15 and len(game.deck) == 93 - 15
    assert game.decision(0).kind == "draft", "equal gems and cards: seat 0 (the youngest) drafts first"
    assert game.legal_actions(0) == ["keep", "give"]


def test_two_player_deck_leaves_out_jester_traitor_and_highwayman() -> None:
    game = STATE.new(2, seed=5)
    every = game.deck + game.draft
    assert len(every) == 93 and JE not in every and TR not in every and HW not in every


def test_the_card_list_of_a_two_player_game_leaves_out_the_expansions() -> None:
    """The rules' card list (web and terminal) names the cards in play: at two players not the Jester, the
    Traitor or the Highwayman (the deck above leaves them out), at three and more all twenty."""
    catalog = STATE.card_catalog()
    for players, kinds in ((2, 17), (3, 20), (6, 20)):
        sets = set(STATE.sets_in_play({}, players))
        names = {info.name for info in catalog if sets.issuperset(info.needs)}
        assert len(names) == kinds, (players, names)
        assert ({"Jester", "Traitor", "Highwayman"} <= names) == (players > 2)


def test_drafter_sees_the_drawn_card_and_the_rival_does_not() -> None:
    game = STATE.new(2, seed=5)
    assert game.observe(0)["draft"]["drawn"] is not None
    assert game.observe(1)["draft"]["drawn"] is None and game.observe(None)["draft"]["drawn"] is None


def test_giving_hands_the_card_over_and_the_drafter_draws_again() -> None:
    game = position(2, hands=["", ""], frames=[Frame("draft", [0])], draft="pesokn")
    play(game, "0:give")
    assert hand(game, 1) == "kn" and game.decision(0).kind == "draft"
    play(game, "0:keep")
    assert hand(game, 0) == "so" and game.decision(1).kind == "draft", "after a keep the rival picks"


def test_a_card_given_in_the_draft_is_known_in_the_rivals_hand_to_both() -> None:
    """The giver drew it and the rival takes it: both players (everyone, at two) know the rival holds it, and
    each view shows it among the rival's known cards until it is played."""
    game = position(2, hands=["", ""], frames=[Frame("draft", [0])], draft="pesokn")
    play(game, "0:give")
    for viewer in (0, 1, None):
        assert game.observe(viewer)["seats"][1]["known"] == ["kn"], viewer
        # The log says which card, to every viewer whose view shows it (spectators too).
        log = game.observe(viewer)["log"]
        assert isinstance(log, list) and any("Knight" in str(line) for line in log), (viewer, log)
    # A card kept is the keeper's secret.
    play(game, "0:keep")
    assert game.observe(1)["seats"][0]["known"] == []
    assert "Knight" in game.render(0)


def test_whoever_takes_the_last_card_takes_the_first_turn() -> None:
    game = position(2, hands=["", ""], frames=[Frame("draft", [0])], draft="peso")
    play(game, "0:keep", "1:give")
    assert hand(game, 0) == "peso" and hand(game, 1) == "", "the top card is drawn first"
    assert game.current == 0 and game.decision(0).kind == "turn"


def test_the_poorer_player_drafts_first_then_the_one_with_fewer_cards() -> None:
    game = position(2, gems=[8, 4], hands=["", "pepepe"], cur=0)
    play(game, "0:redeal")
    assert game.decision(1).kind == "draft", "fewest gems first"
    game = position(2, gems=[6, 6], hands=["pepepe", "so"], cur=0)
    play(game, "0:redeal")
    assert game.decision(1).kind == "draft", "equal gems: fewest cards first"


def test_duel_discard_needs_four_cards_and_three_or_fewer_call_a_redeal() -> None:
    game = position(2, hands=["pepepepe", ""])
    assert "x:pe" in game.legal_actions(0) and "redeal" not in game.legal_actions(0)
    game = position(2, hands=["pepepe", ""])
    assert "redeal" in game.legal_actions(0) and "x:pe" not in game.legal_actions(0)


def test_duel_turns_do_not_draw() -> None:
    game = position(2, hands=["pepepepe", "so"])
    play(game, "0:x:pe")
    assert hand(game, 1) == "so" and game.decision(1).kind == "turn"


def test_redeal_discards_fortifications_and_players_keep_their_hands() -> None:
    game = position(2, hands=["pe", "so"], forts=["ca----", "--ar--"])
    play(game, "0:redeal")
    assert slots(game, 0) == "------" and slots(game, 1) == "------"
    assert hand(game, 0) == "pe" and hand(game, 1) == "so"
    assert len(game.draft) == 15 and game.frames[-1].kind == "draft"
    game.check_invariants()


def test_two_player_herald_makes_the_rival_show_two_cards() -> None:
    game = position(2, hands=["hepepepe", "knkiqu"])
    play(game, "0:he")
    assert "show:ki.qu" in game.legal_actions(1)
    play(game, "1:show:ki.qu")
    assert game.legal_actions(0) == ["pick1:ki", "pick1:qu"]
    play(game, "0:pick1:qu")
    assert hand(game, 0) == "pepepequ" and hand(game, 1) == "knki"


def test_two_player_merchant_pays_two_gems() -> None:
    game = position(2, gems=[2, 10], hands=["me", "pepesoso"])
    play(game, "0:me1")
    assert game.gems == [0, 12] and game.winners() == (1,), "twelve gems: the rival wins on the spot"
    game = position(2, gems=[1, 11], hands=["mepepepe", "pepesoso"])
    assert not [a for a in game.legal_actions(0) if a.startswith("me")]


def test_two_player_monk_taxes_two_gems_or_three_cards() -> None:
    game = position(2, hands=["mopepepe", "knkiso"], forts=["------", "ca----"])
    play(game, "0:mo")
    assert game.legal_actions(1) == ["pay:g", "pay:so.kn.ki"]
    play(game, "1:pay:g")
    assert game.gems == [8, 4]


def test_two_player_monk_pays_what_they_can() -> None:
    game = position(2, gems=[11, 1], hands=["mopepepe", "kn"], forts=["------", "ca----"])
    play(game, "0:mo")
    assert game.legal_actions(1) == ["pay:g", "pay:kn"]
    play(game, "1:pay:g")
    assert game.winners() == (0,)


def test_two_player_minstrel_makes_the_rival_discard_two_and_is_discarded() -> None:
    game = position(2, hands=["mica", "knkisoso"])
    play(game, "0:f:mi")
    assert game.decision(1).kind == "minstrel-discard" and "x:so.so" in game.legal_actions(1)
    play(game, "1:x:so.so")
    assert slots(game, 0) == "------" and game.discard == [MI, 1, 1]
    assert game.decision(0).kind == "fortify", "the fortifying goes on"


def test_two_player_minstrel_response_ends_the_attack_and_the_attacker_discards_two() -> None:
    game = position(2, hands=["knpepe", "mi"])
    play(game, "0:a1:kn", "1:r:mi")
    assert hand(game, 0) == "pepekn"
    assert game.decision(0).kind == "minstrel-discard"
    play(game, "0:x:pe.pe")
    assert slots(game, 1) == "------" and game.current == 1


def test_two_player_game_is_won_with_all_twelve_gems() -> None:
    game = position(2, gems=[9, 3], hands=["kn", "pe"])
    play(game, "0:a1:kn", "1:take")
    assert game.winners() == (0,) and game.gems == [12, 0]
    game = position(2, gems=[8, 4], hands=["pepe", "pe"])
    play(game, "0:a1:pe2", "1:take")
    assert not game.is_terminal and game.gems == [10, 2], "ten gems do not win with two players"


def test_two_player_common_attack_has_no_highwayman_window() -> None:
    game = position(2, gems=[6, 6], hands=["so", "pe"])
    play(game, "0:a1:so", "1:take")
    assert game.current == 1 and game.frames[-1].kind == "turn"


def test_a_redeal_short_of_fifteen_cards_shuffles_the_discards_in_without_lowering_the_target() -> None:
    game = position(2, hands=["pe", "so"], top="kn" * 5, discard="ki" * 3 + "ca" * 6, rest_to="hand1")
    play(game, "0:redeal")
    assert len(game.draft) == 14 and game.deck == [] and game.discard == []
    assert game.shuffles == 1 and game.target_now() == 12


def test_duel_refusals_explain_discard_and_redeal() -> None:
    with pytest.raises(IllegalActionError, match="re-deal"):
        position(2, hands=["pepe", ""]).apply(0, "x:pe")
    with pytest.raises(IllegalActionError, match="four or more"):
        position(2, hands=["pepepepe", ""]).apply(0, "redeal")


def test_a_redeal_with_no_card_left_to_deal_passes_the_turn_to_the_rival() -> None:
    # Every card is in a hand: nothing can be dealt, so the caller (who could not play) hands the turn
    # over instead of calling re-deals for ever.
    game = position(2, hands=["", ""], rest_to="hand1")
    assert game.sizes[1] == len(full_deck(True)) and not game.deck and not game.discard
    play(game, "0:redeal")
    assert game.current == 1 and game.decision(1).kind == "turn"
    assert "redeal" not in game.legal_actions(1)


def test_the_last_card_of_the_draft_says_that_whoever_takes_it_begins_the_duel() -> None:
    # The rulebook: "The person who takes the last card ... always takes the first turn in PHASE 2". Giving
    # the last card does not draw again: it hands the rival the card and the first turn.
    game = position(2, hands=["", ""], frames=[Frame("draft", [0])], draft="peso")
    labels = game.labels(0)
    assert labels == {"keep": "Keep the Soldier", "give": "Give the Soldier to P1 and draw again"}
    assert game.observe(0)["draft"]["undrawn"] == 1, "the drawn card is not counted as left to draw"
    play(game, "0:keep")
    labels = game.labels(1)
    assert labels == {"keep": "Keep the Peasant, the last card, and begin the duel",
                      "give": "Give the Peasant, the last card, to P0, who then begins the duel"}
    prompt = game.decision(1).prompt
    assert "the last card" in prompt and "begins the duel" in prompt and "draw again" not in prompt
    assert game.observe(1)["draft"]["undrawn"] == 0
    play(game, "1:give")
    assert game.current == 0 and game.decision(0).kind == "turn", "the label said what happened"


def test_a_redeal_says_which_fortifications_are_discarded() -> None:
    game = position(2, hands=["pepe", "so"], forts=["caar--", "------"], cur=0)
    play(game, "0:redeal")
    lines = [str(line).strip() for line in game.observe(1)["log"]]
    assert "P0's fortifications are discarded for the new draft: an Archer and a Castle" in lines
    assert not any("P1's fortifications" in line for line in lines), "a seat with none is not named"


def test_a_duel_minstrel_never_stands_so_a_second_one_may_follow_in_the_same_fortify_turn() -> None:
    # "Only one of each kind of fortification at a time": a duel's Minstrel is discarded at once (our reading).
    game = position(2, hands=["mimi", "sosopepeknki"])
    play(game, "0:f:mi", "1:x:pe.pe")
    assert "f:mi" in game.legal_actions(0)
    play(game, "0:f:mi", "1:x:so.so")
    assert hand(game, 1) == "knki"
