"""Scenario tests: one or more per card of the base deck, each from a position."""

from __future__ import annotations

import pytest
from ninjitsu_helpers import discard, hand, kind, play, secrets, treasures

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import BASE_CARDS, CARDS, DECK_SIZE
from ninjadojo.games.ninjitsu.knowledge import place_knowers


def test_deck_is_42_cards_three_suits_of_fourteen_with_three_different_aces() -> None:
    assert DECK_SIZE == 42 == len(BASE_CARDS)
    assert all(card.set == "base" for card in BASE_CARDS)
    for suit in "abc":
        ranks = [card.rank for card in BASE_CARDS if card.suit == suit]
        assert ranks == ["K", "Q", "J", "X", "A", "T", "9", "8", "7", "6", "5", "4", "3", "2"]
    assert [card.name for card in BASE_CARDS if card.rank == "A"] == ["Darts", "Caltrops", "Blowgun"]
    values = {card.rank: card.value for card in BASE_CARDS}
    assert values == {"K": None, "Q": None, "J": None, "X": None, "A": None, "T": 10, "9": 9, "8": 8, "7": 7,
                      "6": 6, "5": 5, "4": 4, "3": 3, "2": 2}


def test_icon_cards_are_never_played_for_an_action_and_valueless_ones_only_as_secrets() -> None:
    for card in CARDS:
        if card.icon:
            assert "action" not in card.plays
        if card.value is None:
            assert "treasure" not in card.plays
        if card.icon and card.value is None:
            assert card.plays == ("secret",)


# ---------------------------------------------------------------------- King, Master of Cunning


def test_king_trap_makes_the_robbed_player_draw_4_then_the_king_is_discarded() -> None:
    game = position(hands=["6a", "8b"], secrets=["", "Ka"], deck="2a 3a 4a 5a 6b")
    play(game, "x1.0")
    assert hand(game, 1) == "8b 6b 5a 4a 3a"
    assert treasures(game, 0) == ""
    assert discard(game).endswith("Ka")
    assert game.to_act() == (1,)


def test_king_can_only_be_played_as_a_secret() -> None:
    game = position(hands=["Ka", ""])
    assert [a for a in game.legal_actions(0) if "Ka" in a] == ["s:Ka"]
    with pytest.raises(IllegalActionError, match="only be played as a secret"):
        game.apply(0, "a:Ka")


# ---------------------------------------------------------------------- Queen, Master of Secrets


def test_queen_moves_any_treasure_into_hand_then_plays_a_secret() -> None:
    game = position(hands=["Qa 6b", ""], treasures=["", "9c"], secrets=["", ""])
    play(game, "a:Qa")
    assert kind(game) == "take-treasure"
    assert game.legal_actions(0) == ["c:9c"]
    play(game, "c:9c")
    assert hand(game, 0) == "6b 9c"
    assert kind(game) == "play"
    assert game.legal_actions(0) == ["s:6b", "s:9c"]
    play(game, "s:9c")
    assert secrets(game, 0) == "9c"
    assert game.to_act() == (1,)


def test_queen_may_take_ones_own_treasure() -> None:
    game = position(hands=["Qa", ""], treasures=["8a", ""])
    play(game, "a:Qa")
    assert game.legal_actions(0) == ["c:8a"]
    play(game, "c:8a", "s:8a")
    assert secrets(game, 0) == "8a"


def test_queen_moved_treasure_is_public_until_its_holder_plays_a_secret() -> None:
    game = position(hands=["Qa 6b", ""], treasures=["", "9c"])
    play(game, "a:Qa", "c:9c")
    assert game.observe(1)["seats"][0]["hand"] == ["9c"]  # type: ignore[index,call-overload]
    assert game.observe(None)["seats"][0]["hand"] == ["9c"]  # type: ignore[index,call-overload]
    for seed in range(10):
        # Seat 1 saw 9c go into seat 0's hand: every world it imagines keeps it there.
        assert "9c" in hand(game.determinize(1, seed), 0)
    play(game, "s:6b")
    # Seat 1 cannot tell which card went face-down: it no longer knows where 9c is.
    assert game.observe(1)["seats"][0]["hand"] == []  # type: ignore[index,call-overload]


def test_queen_with_no_treasure_in_play_still_plays_a_secret() -> None:
    game = position(hands=["Qa 6b", ""])
    play(game, "a:Qa")
    assert kind(game) == "play"
    assert game.legal_actions(0) == ["s:6b"]


# ---------------------------------------------------------------------- Jack, Master of Planning


def test_jack_steals_a_secret_ignoring_its_trap() -> None:
    game = position(hands=["Ja 6b 7b", ""], secrets=["", "2a"])
    play(game, "a:Ja")
    assert kind(game) == "steal"
    play(game, "x1.0")
    assert hand(game, 0) == "6b 7b"
    assert treasures(game, 0) == "2a"


def test_jack_ignoring_a_king_still_discards_it_for_having_no_value() -> None:
    game = position(hands=["Ja", "6c"], secrets=["", "Ka"])
    play(game, "a:Ja", "x1.0")
    assert hand(game, 1) == "6c"
    assert treasures(game, 0) == ""
    assert discard(game).split()[-1] == "Ka"


# ---------------------------------------------------------------------- Joker, Master of Surprise


def test_master_of_surprise_untrapped_secret_stays_as_owners_treasure_and_player_draws() -> None:
    game = position(hands=["Xa", "6c"], secrets=["", "9b 8b"], deck="5a 4a")
    play(game, "a:Xa")
    assert game.legal_actions(0) == ["f1.0", "f1.1"]
    play(game, "f1.1")
    assert treasures(game, 1) == "8b"
    assert secrets(game, 1) == "9b"
    assert hand(game, 0) == "4a"


def test_master_of_surprise_untrapped_valueless_secret_is_discarded() -> None:
    game = position(hands=["Xa", ""], secrets=["", "Qb"], deck="5a 4a")
    play(game, "a:Xa", "f1.0")
    assert treasures(game, 1) == ""
    assert discard(game).split()[-1] in ("Qb",)
    assert hand(game, 0) == "4a"


def test_master_of_surprise_on_a_king_makes_the_joker_player_draw_4() -> None:
    game = position(hands=["Xa", "6c"], secrets=["", "Ka"], deck="2a 3a 4a 5a 6b")
    play(game, "a:Xa", "f1.0")
    assert hand(game, 0) == "6b 5a 4a 3a"
    assert hand(game, 1) == "6c"
    assert treasures(game, 1) == ""
    assert "Ka" in discard(game)


def test_master_of_surprise_on_explosives_makes_its_owner_discard_their_hand() -> None:
    game = position(hands=["Xa 9a", "6c 7c"], secrets=["", "2b"])
    play(game, "a:Xa", "f1.0")
    assert hand(game, 1) == ""
    assert treasures(game, 1) == "2b"
    assert hand(game, 0) == "9a"


def test_master_of_surprise_on_snare_makes_its_owner_discard_their_other_treasures() -> None:
    game = position(hands=["Xa", ""], treasures=["9a", "6c 7c"], secrets=["", "3b"])
    play(game, "a:Xa", "f1.0")
    assert treasures(game, 1) == "3b"
    assert treasures(game, 0) == "9a"


def test_master_of_surprise_on_tripwire_lets_its_owner_choose_a_card_to_discard() -> None:
    game = position(hands=["Xa", "6c 7c"], secrets=["", "Tb"])
    play(game, "a:Xa", "f1.0")
    assert kind(game) == "trap-discard"
    assert game.to_act() == (1,)
    assert game.legal_actions(1) == ["c:6c", "c:7c"]
    play(game, "c:7c")
    assert hand(game, 1) == "6c"
    assert treasures(game, 1) == "Tb"
    assert game.to_act() == (1,) and kind(game) == "turn"


def test_master_of_surprise_with_no_opponent_secret_does_nothing() -> None:
    game = position(hands=["Xa", ""], secrets=["4a", ""], deck="5a 6a")
    play(game, "a:Xa")
    assert hand(game, 0) == ""
    assert game.to_act() == (1,)


# ---------------------------------------------------------------------- Aces


def test_darts_discards_up_to_two_opponent_treasures_then_plays_a_card() -> None:
    game = position(players=3, hands=["Aa 6b", "", ""], treasures=["9a", "8a 7a", "5c"])
    play(game, "a:Aa")
    assert kind(game) == "discard-treasure"
    assert game.legal_actions(0) == ["c:8a", "c:7a", "c:5c", "done"]
    play(game, "c:8a", "c:5c")
    assert treasures(game, 1) == "7a" and treasures(game, 2) == "" and treasures(game, 0) == "9a"
    assert kind(game) == "play"
    play(game, "t:6b")
    assert treasures(game, 0) == "9a 6b"


def test_darts_may_stop_early() -> None:
    game = position(hands=["Aa 6b", ""], treasures=["", "8a 7a"])
    play(game, "a:Aa", "done")
    assert treasures(game, 1) == "8a 7a"
    assert kind(game) == "play"


def test_caltrops_discards_each_opponents_highest_treasure_then_draws() -> None:
    game = position(players=3, hands=["Ab", "", ""], treasures=["9a", "8a 2a", "5c"], deck="3c 4c")
    play(game, "a:Ab")
    assert treasures(game, 1) == "2a" and treasures(game, 2) == "" and treasures(game, 0) == "9a"
    assert hand(game, 0) == "4c"


def test_caltrops_tie_is_broken_by_the_current_player() -> None:
    game = position(players=3, hands=["Ab", "", ""], treasures=["", "6a 6b 2a", "7c"], deck="3c 4c")
    play(game, "a:Ab")
    assert kind(game) == "tie"
    assert game.to_act() == (0,)
    assert game.legal_actions(0) == ["c:6a", "c:6b"]
    play(game, "c:6b")
    assert treasures(game, 1) == "6a 2a" and treasures(game, 2) == ""
    assert hand(game, 0) == "4c"


def test_blowgun_discards_each_opponents_lowest_treasure_then_plays_a_card() -> None:
    game = position(players=3, hands=["Ac 9b", "", ""], treasures=["2c", "8a 2a", "5c"])
    play(game, "a:Ac")
    assert treasures(game, 1) == "8a" and treasures(game, 2) == "" and treasures(game, 0) == "2c"
    assert kind(game) == "play"
    play(game, "s:9b")
    assert secrets(game, 0) == "9b"


def test_blowgun_tie_is_broken_by_the_current_player() -> None:
    game = position(hands=["Ac", ""], treasures=["", "4a 4b 9c"])
    play(game, "a:Ac")
    assert game.legal_actions(0) == ["c:4a", "c:4b"]
    play(game, "c:4a")
    assert treasures(game, 1) == "4b 9c"


# ---------------------------------------------------------------------- numbered cards


def test_tripwire_must_be_played_as_a_secret() -> None:
    game = position(hands=["Ta", ""])
    assert [a for a in game.legal_actions(0) if "Ta" in a] == ["s:Ta"]
    with pytest.raises(IllegalActionError, match="only be played as a secret"):
        game.apply(0, "t:Ta")


def test_tripwire_trap_makes_the_thief_discard_a_card_of_their_choice() -> None:
    game = position(hands=["6a 7a", ""], secrets=["", "Tc"])
    play(game, "x1.0")
    assert kind(game) == "trap-discard" and game.to_act() == (0,)
    play(game, "c:6a")
    assert hand(game, 0) == "7a"
    assert treasures(game, 0) == "Tc"
    assert game.points(0) == 10


def test_tripwire_trap_with_an_empty_hand_does_nothing() -> None:
    game = position(hands=["", ""], secrets=["", "Tc"])
    play(game, "x1.0")
    assert game.to_act() == (1,)
    assert treasures(game, 0) == "Tc"


def test_smoke_bomb_plays_two_cards_as_secrets() -> None:
    game = position(hands=["9a 6b Ka 4c", ""])
    play(game, "a:9a")
    assert game.legal_actions(0) == ["s:6b", "s:Ka", "s:4c"]
    play(game, "s:Ka", "s:6b")
    assert secrets(game, 0) == "Ka 6b"
    assert hand(game, 0) == "4c"
    assert game.to_act() == (1,)


def test_smoke_bomb_with_one_card_in_hand_plays_what_it_can() -> None:
    game = position(hands=["9a 6b", ""])
    play(game, "a:9a", "s:6b")
    assert secrets(game, 0) == "6b"
    assert game.to_act() == (1,)


def test_climbing_hook_steals_then_draws() -> None:
    game = position(hands=["8a", ""], secrets=["", "6c"], deck="2a 3a")
    play(game, "a:8a")
    assert kind(game) == "steal"
    play(game, "x1.0")
    assert treasures(game, 0) == "6c"
    assert hand(game, 0) == "3a"


def test_climbing_hook_trap_resolves_before_the_draw() -> None:
    game = position(hands=["8a 9c", ""], secrets=["", "2b"], deck="2a 3a")
    play(game, "a:8a", "x1.0")
    # Explosives emptied the hand; the card drawn after it is kept.
    assert hand(game, 0) == "3a"
    assert "9c" in discard(game)


def test_climbing_hook_with_no_secret_to_steal_still_draws() -> None:
    game = position(hands=["8a", ""], deck="2a 3a")
    play(game, "a:8a")
    assert hand(game, 0) == "3a"


def test_chain_and_sickle_discards_a_treasure_and_uses_its_action() -> None:
    game = position(hands=["7a 5c", ""], treasures=["", "6b 2b"])
    play(game, "a:7a")
    assert kind(game) == "discard-treasure"
    assert game.legal_actions(0) == ["c:6b", "c:2b"]  # no "done": the discard is not optional
    play(game, "c:6b")
    # Katana's action: discard any 1 treasure, then play a card.
    assert kind(game) == "discard-treasure"
    play(game, "c:2b", "t:5c")
    assert treasures(game, 1) == "" and treasures(game, 0) == "5c"


def test_chain_and_sickle_on_an_icon_treasure_has_no_action_to_use() -> None:
    game = position(hands=["7a 5c", ""], treasures=["", "4b"])
    play(game, "a:7a", "c:4b")
    assert game.to_act() == (1,)
    assert hand(game, 0) == "5c"


def test_katana_discards_any_treasure_even_ones_own_then_plays_a_card() -> None:
    game = position(hands=["6a 9b", ""], treasures=["5b", "8c"])
    play(game, "a:6a")
    assert game.legal_actions(0) == ["c:5b", "c:8c"]
    play(game, "c:5b")
    assert kind(game) == "play"
    assert game.legal_actions(0) == ["a:9b", "s:9b", "t:9b"]


def test_katana_nested_play_for_action_has_its_full_effect() -> None:
    game = position(hands=["6a 8b", ""], treasures=["", "9c"], secrets=["", "7c"], deck="2a 3a")
    play(game, "a:6a", "c:9c", "a:8b")
    assert kind(game) == "steal"
    play(game, "x1.0")
    assert treasures(game, 0) == "7c"
    assert hand(game, 0) == "3a"
    assert game.to_act() == (1,)


def test_katana_with_an_empty_hand_does_as_much_as_it_can() -> None:
    game = position(hands=["6a", ""], treasures=["", "9c"])
    play(game, "a:6a", "c:9c")
    assert game.to_act() == (1,)


def test_bow_and_arrows_is_worth_10_face_down_and_5_face_up() -> None:
    game = position(secrets=["5a", ""], treasures=["5b", ""])
    assert game.points(0) == 15
    assert game.observe(1)["seats"][0]["treasure_points"] == 5  # type: ignore[index,call-overload]


def test_bo_staff_face_down_counts_two_per_own_secret_itself_included() -> None:
    assert position(secrets=["4a", ""]).points(0) == 6
    assert position(secrets=["4a 9b 2c", ""]).points(0) == 4 + 2 * 3 + 9 + 2
    assert position(secrets=["4a 4b", ""]).points(0) == 2 * (4 + 2 * 2)
    assert position(treasures=["4a", ""], secrets=["9b", ""]).points(0) == 4 + 9


def test_bo_staff_loses_its_bonus_once_stolen_face_up() -> None:
    game = position(hands=["", ""], secrets=["", "4a 6c"], turn=0)
    play(game, "x1.0")
    assert treasures(game, 0) == "4a"
    assert game.points(0) == 4
    assert game.points(1) == 6


def test_snare_trap_discards_the_thiefs_other_treasures() -> None:
    # Target 30: P0's 23 points would otherwise win at the start of this turn.
    game = position(hands=["", ""], treasures=["9a 8a", ""], secrets=["4b", "3c"], target=30)
    play(game, "x1.0")
    assert treasures(game, 0) == "3c"
    assert secrets(game, 0) == "4b"
    assert "9a" in discard(game) and "8a" in discard(game)


def test_explosives_trap_discards_the_thiefs_hand_and_stays_as_treasure() -> None:
    game = position(hands=["6a Ka 9b", ""], secrets=["", "2c"])
    play(game, "x1.0")
    assert hand(game, 0) == ""
    assert treasures(game, 0) == "2c"
    assert game.points(0) == 2


@pytest.mark.parametrize("card", ["5a", "4a", "3a", "2a"])
def test_icon_treasures_may_be_played_as_treasures_or_secrets(card: str) -> None:
    game = position(hands=[card, ""])
    assert [a for a in game.legal_actions(0) if card in a] == [f"s:{card}", f"t:{card}"]
    with pytest.raises(IllegalActionError, match="icon"):
        game.apply(0, f"a:{card}")


# ---------------------------------------------------------------------- more nested plays and corners


def test_the_rulebook_sample_round() -> None:
    # Kelly (P0) hides a Bo Staff, Peter (P1) draws, Roxy (P2) hides Explosives. Kelly has 6 points,
    # steals Roxy's secret, discards her hand to its trap and keeps it as a treasure. Peter's Katana
    # discards it, then he plays another Katana as a treasure: 6 points.
    game = position(players=3, hands=["4a 9b 8b", "6a 6b", "2a"], deck="Qa Qb 5c 5b")
    play(game, "s:4a", "d", "s:2a")
    assert game.points(0) == 6 and kind(game) == "turn" and game.to_act() == (0,)
    play(game, "x2.0")
    assert hand(game, 0) == "" and treasures(game, 0) == "2a" and discard(game).endswith("9b 8b")
    play(game, "a:6a", "c:2a", "t:6b")
    assert treasures(game, 0) == "" and treasures(game, 1) == "6b" and game.points(1) == 6


def test_chain_and_sickle_on_a_chain_and_sickle_chains_on_to_the_next_action() -> None:
    game = position(players=3, hands=["7a 5c", "", ""], treasures=["", "7b", "8c"], secrets=["", "", "9a"],
                    deck="2a 3a")
    play(game, "a:7a", "c:7b")
    # 7b's own action: discard any 1 treasure and use its action too.
    assert kind(game) == "discard-treasure" and game.legal_actions(0) == ["c:8c"]
    play(game, "c:8c")
    assert kind(game) == "steal"
    play(game, "x2.0")
    assert treasures(game, 0) == "9a" and hand(game, 0) == "5c 3a"
    assert game.to_act() == (1,)


def test_chain_and_sickle_on_a_smoke_bomb_plays_two_secrets() -> None:
    game = position(hands=["7a 5c Ka 6a", ""], treasures=["", "9b"])
    play(game, "a:7a", "c:9b")
    assert kind(game) == "play" and game.legal_actions(0) == ["s:5c", "s:Ka", "s:6a"]
    play(game, "s:Ka", "s:5c")
    assert secrets(game, 0) == "Ka 5c" and hand(game, 0) == "6a"
    assert game.to_act() == (1,)


def test_queen_taking_a_stolen_tripwire_can_only_hide_it_again() -> None:
    game = position(hands=["Qa", ""], treasures=["", "Tb"])
    play(game, "a:Qa", "c:Tb")
    assert game.legal_actions(0) == ["s:Tb"]
    play(game, "s:Tb")
    assert secrets(game, 0) == "Tb" and game.points(0) == 10


def test_darts_may_take_both_treasures_from_one_opponent() -> None:
    game = position(players=3, hands=["Aa", "", ""], treasures=["", "8a 7a", "5c"])
    play(game, "a:Aa", "c:8a", "c:7a")
    assert treasures(game, 1) == "" and treasures(game, 2) == "5c"
    assert game.to_act() == (1,)


def test_darts_never_offers_ones_own_treasures() -> None:
    game = position(hands=["Aa", ""], treasures=["9a", ""])
    play(game, "a:Aa")
    assert treasures(game, 0) == "9a" and game.to_act() == (1,)


def test_master_of_surprise_on_bow_and_arrows_leaves_it_a_5_point_treasure() -> None:
    game = position(hands=["Xa", ""], secrets=["", "5b 4b"], deck="2a 3a")
    assert game.points(1) == 10 + 4 + 2 * 2
    play(game, "a:Xa", "f1.0")
    assert treasures(game, 1) == "5b" and secrets(game, 1) == "4b"
    assert game.points(1) == 5 + 4 + 2 and hand(game, 0) == "3a"


def test_master_of_surprise_inside_katana_lets_the_owner_discard_then_the_turn_passes() -> None:
    game = position(hands=["6a Xa", "9c 8c"], treasures=["", "2b"], secrets=["", "Tb"])
    play(game, "a:6a", "c:2b", "a:Xa", "f1.0")
    assert kind(game) == "trap-discard" and game.to_act() == (1,)
    play(game, "c:8c")
    assert hand(game, 1) == "9c" and treasures(game, 1) == "Tb"
    assert kind(game) == "turn" and game.to_act() == (1,)


@pytest.mark.parametrize(("secret", "said"), [("Tc", "P0 has no card in hand to discard"),
                                              ("2c", "P0 has no card in hand to discard"),
                                              ("3c", "P0 has no other treasure to discard")])
def test_a_trap_with_nothing_to_take_says_so_in_the_log(secret: str, said: str) -> None:
    game = position(hands=["", ""], secrets=["", secret])
    play(game, "x1.0")
    log = game.observe(1)["log"]
    # The trap's lines are one level inside the steal that sprang it.
    assert isinstance(log, list) and log[-1] == "  " + said
    assert treasures(game, 0) == secret


def test_queen_hiding_the_only_card_in_hand_does_not_pin_its_position_for_the_others() -> None:
    # The others saw 9c go into P0's hand and the hand hide its only card, but P0 may rearrange its
    # secrets at any time: they know P0 holds 9c (ruling 12), not where among the secrets, and nothing leaks.
    game = position(players=3, hands=["Qa", "6b", ""], treasures=["", "9c", ""], secrets=["4a", "", ""])
    play(game, "a:Qa", "c:9c", "s:9c")
    assert place_knowers(game.known[game.secrets[0][1]]) == 1
    assert "9c" not in game.render(1)
    assert game.observe(1)["seats"][0]["secrets"] == []  # type: ignore[index,call-overload]
    places = {secrets(game.determinize(1, seed), 0).split().index("9c") for seed in range(20)}
    assert places == {0, 1}  # always one of P0's secrets, at either position


def test_queen_hiding_one_of_two_cards_keeps_the_taken_treasure_with_its_holder_in_every_sample() -> None:
    # P1 saw 9c go into P0's hand, then P0 hid 9c or 6b: 9c is in P0's hand or among its secrets,
    # never in the deck or another hand, in every world P1 imagines (ruling 12).
    game = position(players=3, hands=["Qa 6b", "5c", "2a"], treasures=["", "9c", ""])
    play(game, "a:Qa", "c:9c", "s:6b")
    assert game.observe(1)["seats"][0]["hand"] == []  # type: ignore[index,call-overload]
    where = set()
    for seed in range(40):
        sample = game.determinize(1, seed)
        assert "9c" in hand(sample, 0) + " " + secrets(sample, 0)
        where.add("hand" if "9c" in hand(sample, 0) else "secret")
        sample.check_invariants()
    assert where == {"hand", "secret"}
