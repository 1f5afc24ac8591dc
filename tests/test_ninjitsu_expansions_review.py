"""An outside review of the Ninjitsu! expansions (Promo Pack, Masters of Magic, Sabotage!) against the rulebook.

Every test is written from the printed card texts and the published rulings, and, where the text is
open, the project's own rulings in docs/rules/ninjitsu.md. Positions come from the public builder;
actions are applied by their notation. Each test checks a rule; one found a defect, now fixed
(Jellybean's guess on Master of Earth).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from ninjadojo import api
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX, CARDS

ALL = "promo,magic,sabotage"


def ids(cards: list[int]) -> list[str]:
    """Card numbers as sorted ids (order-free comparison)."""
    return sorted(CARD_IDS[card] for card in cards)


def hand(game: NinjitsuState, seat: int) -> list[str]:
    """A seat's hand as sorted ids."""
    return ids(game.hands[seat])


def treasures(game: NinjitsuState, seat: int) -> list[str]:
    """A seat's treasures as sorted ids."""
    return ids(game.treasures[seat])


def secrets(game: NinjitsuState, seat: int) -> list[str]:
    """A seat's secrets in position order."""
    return [CARD_IDS[card] for card in game.secrets[seat]]


def view(game: NinjitsuState, seat: int) -> Any:
    """``game.observe(seat)``, typed loosely for reading nested fields."""
    return game.observe(seat)


def act(game: NinjitsuState, seat: int, *actions: str) -> None:
    """``seat`` takes each action in turn; the test says who must act, so a wrong actor fails loudly."""
    for action in actions:
        assert game.to_act() == (seat,), f"expected P{seat} to act before {action!r}, to_act={game.to_act()}"
        game.apply(seat, action)


def build(**kwargs: object) -> NinjitsuState:
    """A position with all three expansion sets."""
    return position(expansions=ALL, **kwargs)  # type: ignore[arg-type]


def turn_of(game: NinjitsuState) -> int | None:
    """Whose turn decision is pending (None inside a card's resolution)."""
    frame = game.frames[-1]
    return game.to_act()[0] if frame.kind == "turn" else None


def with_magic_in_deck(game: NinjitsuState, owner: int) -> NinjitsuState:
    """The same position with its deck's Master of Magic lying face-up for ``owner`` (documented notation)."""
    everyone = (1 << game.num_players) - 1
    text = game.to_notation().replace(";known=-", f";magic={owner};known=Xm.{everyone}")
    parsed = api.parse_position(text)
    assert isinstance(parsed, NinjitsuState)
    return parsed


# --------------------------------------------------------------------------------------------------
# The deck
# --------------------------------------------------------------------------------------------------


def test_all_three_sets_make_an_82_card_deck_without_captain_bluebeard() -> None:
    """42 base + 9 promo (Bluebeard left out, no crossover option) + 15 magic + 16 sabotage."""
    game = api.new_game("ninjitsu", 3, {"expansions": ALL}, seed=5)
    assert isinstance(game, NinjitsuState)
    total = len(game.deck) + len(game.discard) + sum(len(h) + len(t) + len(s) for h, t, s in
                                                     zip(game.hands, game.treasures, game.secrets, strict=True))
    assert total == 82
    assert all(len(h) == 4 for h in game.hands)


# --------------------------------------------------------------------------------------------------
# Promo Pack
# --------------------------------------------------------------------------------------------------


def test_antonio_ignores_a_trap_and_costs_no_action_interaction_trap_ignored() -> None:
    """Antonio: "play this card from your hand at any time to ignore a trap". Explosives stays a treasure."""
    game = build(players=3, hands=["6a", "9b", "1n"], secrets=["", "2a", ""])
    act(game, 0, "x1.0")
    act(game, 2, "a:1n")                   # another player's Antonio may ignore the thief's trap
    assert hand(game, 0) == ["6a"]         # the thief keeps the hand Explosives would have discarded
    assert treasures(game, 0) == ["2a"]
    assert "1n" in ids(game.discard)
    assert turn_of(game) == 1


def test_antonio_passed_the_explosives_trap_discards_the_hand() -> None:
    game = build(players=3, hands=["6a", "9b", "1n"], secrets=["", "2a", ""])
    act(game, 0, "x1.0")
    act(game, 2, "pass")
    assert hand(game, 0) == []
    assert hand(game, 2) == ["1n"]


def test_antonio_is_never_played_for_an_action_on_ones_turn() -> None:
    """It only ignores a trap; with no trap about to resolve it is not offered as an action."""
    game = build(hands=["1n", ""])
    assert "a:1n" not in game.legal_actions(0)
    assert {"s:1n", "t:1n"} <= set(game.legal_actions(0))


def test_antonio_cancelled_trap_is_still_a_trap_for_ancient_map() -> None:
    """RULINGS: a trap that Antonio cancels still makes the card trapped (Ancient Map takes no second steal)."""
    game = build(hands=["5s 1n", ""], secrets=["", "2a 6a"])
    act(game, 0, "a:5s", "x1.0")           # 2a Explosives is at position 0
    act(game, 0, "a:1n")
    assert secrets(game, 1) == ["6a"]      # no second steal
    assert turn_of(game) == 1


def test_alberti_keeps_a_treasure_katana_would_discard_and_katana_goes_on() -> None:
    game = build(hands=["6a 2b", "1l"], treasures=["", "9a"])
    act(game, 0, "a:6a", "c:9a")
    act(game, 1, "a:1l")
    assert treasures(game, 1) == ["9a"]
    assert game.to_act() == (0,)           # "then play a card"
    act(game, 0, "t:2b")
    assert treasures(game, 0) == ["2b"]


def test_alberti_is_not_offered_against_a_move() -> None:
    """RULINGS: Alberti saves a treasure from a discard, not from a move (Master Thief moves)."""
    game = build(hands=["Qs", "1l"], treasures=["", "9a 8a"])
    act(game, 0, "a:Qs", "c:9a", "c:8a")
    assert hand(game, 0) == ["8a", "9a"]
    assert hand(game, 1) == ["1l"]


def test_alberti_on_chain_and_sickle_prevents_the_action() -> None:
    """RULINGS: Chain and Sickle whose discard Alberti prevents does not use the action."""
    game = build(hands=["7a", "1l 2b"], treasures=["", "8a"], secrets=["", "2c"])
    act(game, 0, "a:7a", "c:8a")
    act(game, 1, "a:1l")
    assert treasures(game, 1) == ["8a"]
    assert secrets(game, 1) == ["2c"]      # Climbing Hook's steal did not happen
    assert turn_of(game) == 1


def test_andrea_stops_a_jacks_steal_and_the_thief_loses_the_rest_of_the_turn() -> None:
    """Andrea: "prevent a player from stealing a secret. That player loses the rest of their turn"."""
    game = build(hands=["Ja 2b", "1d"], secrets=["", "Ta"])
    act(game, 0, "a:Ja", "x1.0")
    act(game, 1, "a:1d")
    assert secrets(game, 1) == ["Ta"]
    assert treasures(game, 0) == []
    assert turn_of(game) == 1


def test_andrea_stops_a_steal_inside_katana_and_the_rest_of_katana_is_lost() -> None:
    game = build(hands=["6a Ja 2b", "1d"], treasures=["", "9a"], secrets=["", "Ta"])
    act(game, 0, "a:6a", "c:9a", "a:Ja", "x1.0")
    act(game, 1, "a:1d")
    assert secrets(game, 1) == ["Ta"]
    assert hand(game, 0) == ["2b"]
    assert turn_of(game) == 1


def test_andrea_does_not_stop_telekinesis_treasure_steal() -> None:
    """RULINGS: Andrea stops steals of secrets only (not Telekinesis's treasure)."""
    game = build(hands=["4m 2s", "1d"], treasures=["", "2a 9a"], secrets=["", "9c"])
    act(game, 0, "a:4m", "a:2s", "k1.0", "pass", "c:2a")
    assert treasures(game, 0) == ["2a"]    # nobody was asked: the steal went through
    assert hand(game, 1) == ["1d"]


def test_teleport_before_ones_own_action_is_free() -> None:
    game = build(hands=["1t 2b", ""], treasures=["", "9a"])
    act(game, 0, "a:1t", "c:9a")
    assert hand(game, 0) == ["2b", "9a"]
    assert turn_of(game) == 0              # the action is still to take


def test_teleport_takes_the_treasure_katana_would_discard() -> None:
    game = build(hands=["6a 2b", "1t"], treasures=["", "9a"])
    act(game, 0, "a:6a", "c:9a")
    act(game, 1, "a:1t")
    assert hand(game, 1) == ["9a"]
    assert "9a" not in ids(game.discard)
    act(game, 0, "t:2b")


def test_master_of_misdirection_face_down_plus_one_per_card_in_hand() -> None:
    game = build(hands=["2b 3b 4b", ""], secrets=["5p", ""])
    assert game.scores()[0] == 5 + 3


def test_master_of_misdirection_face_up_is_just_five() -> None:
    game = build(hands=["2b 3b 4b", ""], treasures=["5p", ""])
    assert game.scores()[0] == 5


def test_vampire_ninja_face_up_minus_three_each_itself_included() -> None:
    """RULINGS: -3 applies to each of its owner's cards in play, itself included; can go below 0."""
    game = build(hands=["", ""], treasures=["3p 9a", ""], secrets=["5a", ""])
    assert game.scores()[0] == (3 - 3) + (9 - 3) + (10 - 3)
    low = build(hands=["", ""], treasures=["3p 1l", ""])
    assert low.scores()[0] == (3 - 3) + (1 - 3)


def test_vampire_ninja_face_down_has_no_ability() -> None:
    game = build(hands=["", ""], treasures=["9a", ""], secrets=["3p", ""])
    assert game.scores()[0] == 12


def test_jellybean_right_guess_ignores_trap_and_gives_an_extra_action() -> None:
    game = build(hands=["Bp 6a", ""], secrets=["", "2a"])
    act(game, 0, "a:Bp", "g:2", "x1.0")
    assert hand(game, 0) == ["6a"]         # Explosives' trap ignored
    assert treasures(game, 0) == ["2a"]
    assert turn_of(game) == 0              # the extra action


def test_jellybean_wrong_guess_trap_resolves_then_draw() -> None:
    game = build(hands=["Bp 6a", ""], secrets=["", "2a"], deck="7c 8c")
    act(game, 0, "a:Bp", "g:3", "x1.0")
    assert hand(game, 0) == ["8c"]         # hand discarded by Explosives, then drew a card
    assert turn_of(game) == 1


def test_jellybean_guess_none_right_for_valueless_secret() -> None:
    """RULINGS: the guess is a number 1-10 or "none" (a card without value)."""
    game = build(hands=["Bp 6a", ""], secrets=["", "Ka"])
    act(game, 0, "a:Bp", "g:none", "x1.0")
    assert hand(game, 0) == ["6a"]         # King's trap (robbed draws 4) ignored
    assert hand(game, 1) == []
    assert turn_of(game) == 0


def test_master_of_deception_robbed_player_may_play_then_may_steal() -> None:
    game = build(hands=["6a", "2b"], secrets=["9c", "Kp"])
    act(game, 0, "x1.0")
    act(game, 1, "t:2b", "x0.0")
    assert treasures(game, 1) == ["2b", "9c"]
    assert "Kp" in ids(game.discard)       # no value: discarded after its trap
    assert turn_of(game) == 1


def test_promo_master_of_surprise_turns_up_an_untrapped_secret_and_draws() -> None:
    game = build(hands=["Xp", ""], secrets=["", "9c"], deck="7c 8c")
    act(game, 0, "a:Xp", "f1.0")
    assert treasures(game, 1) == ["9c"]
    assert hand(game, 0) == ["8c"]


# --------------------------------------------------------------------------------------------------
# Masters of Magic
# --------------------------------------------------------------------------------------------------


def test_master_of_wind_plays_for_action_then_returns_it_as_a_treasure() -> None:
    game = build(hands=["Km 6a 2b", ""], treasures=["", "9a"])
    act(game, 0, "a:Km", "a:6a", "c:9a", "t:2b")
    assert treasures(game, 0) == ["2b", "6a"]
    assert "6a" not in ids(game.discard)


def test_master_of_wind_on_a_valueless_card_returns_it_to_hand() -> None:
    """RULINGS: Master of Wind on a card with no value: its action runs, it returns to hand and stays."""
    game = build(hands=["Km Ab", ""], treasures=["", "9a"])
    act(game, 0, "a:Km", "a:Ab")           # Caltrops: discard the opponent's highest, draw 1
    assert "9a" in ids(game.discard)
    assert "Ab" in hand(game, 0)


def test_master_of_fire_discards_the_three_highest_treasures_in_play() -> None:
    game = build(hands=["Qm", ""], treasures=["Ta 2a", "9a 8a 9b"])
    act(game, 0, "a:Qm")
    assert treasures(game, 0) == ["2a"]
    assert treasures(game, 1) == ["8a"]


def test_master_of_fire_tie_chosen_by_current_player() -> None:
    game = build(hands=["Qm", ""], treasures=["Ta 8b", "9a 8a"])
    act(game, 0, "a:Qm")
    assert set(game.legal_actions(0)) == {"c:8a", "c:8b"}
    act(game, 0, "c:8a")
    assert treasures(game, 0) == ["8b"]
    assert treasures(game, 1) == []


def test_master_of_water_draws_per_opponent_treasure_then_plays_a_drawn_card() -> None:
    game = build(hands=["Jm 6c", ""], treasures=["2c", "9a 8a"], deck="2a 3a 4a 5a")
    act(game, 0, "a:Jm")
    legal = game.legal_actions(0)
    assert {a[2:] for a in legal} == {"4a", "5a"}   # only the 2 drawn cards, never 6c
    act(game, 0, "t:5a")
    assert hand(game, 0) == ["4a", "6c"]


def test_master_of_magic_surfacing_during_a_draw_owner_plays_out_of_turn() -> None:
    """Master of Magic: when it reaches the top of the deck, discard it; its owner at once plays any number."""
    game = with_magic_in_deck(build(hands=["", "7a 2b 3c"], deck="2a 3a Xm 4a"), owner=1)
    act(game, 0, "d")
    assert hand(game, 0) == ["4a"]   # the draw waits: the owner plays before it goes on
    assert "Xm" in ids(game.discard)
    assert game.frames[-1].kind != "turn"  # out of turn: P1 plays during P0's turn
    act(game, 1, "t:2b", "s:7a")
    act(game, 1, "pass")
    assert hand(game, 0) == ["3a", "4a"]   # then the draw went on past the surfaced card
    assert treasures(game, 1) == ["2b"] and secrets(game, 1) == ["7a"] and hand(game, 1) == ["3c"]
    assert turn_of(game) == 1


def test_master_of_magic_played_goes_face_up_into_the_deck() -> None:
    game = build(hands=["Xm", ""])
    before = len(game.deck)
    act(game, 0, "a:Xm")
    assert "Xm" in ids(game.deck) and len(game.deck) == before + 1
    assert view(game, 1)["magic_in_deck"] == 0


def test_grimoire_draws_three_then_plays_the_top_card() -> None:
    game = build(hands=["Am", ""], deck="2a 3a 4a 5a 6a")
    act(game, 0, "a:Am")
    assert set(game.legal_actions(0)) == {"s:3a", "t:3a"}
    act(game, 0, "s:3a")
    assert hand(game, 0) == ["4a", "5a", "6a"]
    assert secrets(game, 0) == ["3a"]


def test_grimoire_top_card_is_seen_by_its_player_only() -> None:
    game = build(hands=["Am", ""], deck="2a 3a 4a 5a 6a")
    act(game, 0, "a:Am")
    other = json.dumps(view(game, 1))
    assert "3a" not in other and "Snare" not in other
    act(game, 0, "s:3a")
    other = json.dumps(view(game, 1))
    assert "3a" not in other and "Snare" not in other


def test_alchemy_discards_own_hand_then_each_opponents() -> None:
    game = build(players=3, hands=["Tm 2a", "3a 4a", "5a"])
    act(game, 0, "a:Tm")
    assert hand(game, 0) == hand(game, 1) == hand(game, 2) == []


def test_healing_discards_hand_and_draws_as_many() -> None:
    game = build(hands=["9m 2a 3a", ""], deck="7c 8c 6c")
    act(game, 0, "a:9m")
    assert hand(game, 0) == ["6c", "8c"]


def test_night_vision_marked_card_must_be_played_or_the_turn_skipped() -> None:
    game = build(hands=["8m", "2a 3a"], seed=3)
    act(game, 0, "a:8m")
    mark = view(game, 1)["seats"][1]["mark"]
    assert mark in ("2a", "3a")
    legal = set(game.legal_actions(1))
    assert "pass" in legal and "d" not in legal
    assert all(a == "pass" or a.endswith(str(mark)) for a in legal)
    act(game, 1, "pass")
    assert turn_of(game) == 0 and hand(game, 1) == ["2a", "3a"]


def test_night_vision_mark_shown_to_its_holder_only() -> None:
    game = build(players=3, hands=["8m", "2a 3a", "4a"], seed=3)
    act(game, 0, "a:8m")
    assert view(game, 1)["seats"][1]["mark"] in ("2a", "3a")
    for seat in (0, 2):
        shown = view(game, seat)["seats"][1]
        assert shown["marked"] is True and shown["mark"] is None
    assert view(game, 2)["seats"][2]["mark"] == "4a"


def test_freeze_time_plays_then_draws() -> None:
    game = build(hands=["7m 2b", ""], deck="6c 8c")
    act(game, 0, "a:7m", "t:2b")
    assert treasures(game, 0) == ["2b"] and hand(game, 0) == ["8c"]


def test_freeze_time_no_one_wins_until_its_players_next_turn_interaction() -> None:
    """Freeze Time: "No one can win until your next turn"; that next turn start checks again."""
    game = build(hands=["7m 2b", "6c"], treasures=["", "Ta 9a 2a"])
    act(game, 0, "a:7m", "t:2b")
    assert not game.is_terminal            # P1 starts its turn on 21: frozen
    act(game, 1, "s:6c")
    assert not game.is_terminal            # P0's turn starts: the freeze ends, P0 below target
    act(game, 0, "d")
    assert game.is_terminal and game.winners() == (1,)


def test_freeze_time_player_who_reaches_target_wins_at_own_next_turn() -> None:
    game = build(hands=["7m Ta", "6c"], treasures=["9a 2a", ""])
    act(game, 0, "a:7m", "s:Ta")
    act(game, 1, "d")
    assert game.is_terminal and game.winners() == (0,)


def test_shape_shifting_plays_a_treasure_then_swaps_it() -> None:
    game = build(hands=["6m 2a", ""], treasures=["", "9a"])
    act(game, 0, "a:6m", "t:2a")
    if game.to_act() == (0,) and game.frames[-1].kind != "turn":
        act(game, 0, "c:9a")
    assert treasures(game, 0) == ["9a"] and treasures(game, 1) == ["2a"]


def test_multiply_moves_every_card_of_the_value_from_the_discard_pile() -> None:
    game = build(hands=["5m 4a", ""], discard="4b 4c 2a")
    act(game, 0, "a:5m", "t:4a")
    assert hand(game, 0) == ["4b", "4c"]
    assert treasures(game, 0) == ["4a"]


def test_telekinesis_steals_a_treasure_of_the_played_cards_value() -> None:
    game = build(hands=["4m 9c", ""], treasures=["", "9a 2a"], secrets=["", "Tb"])
    act(game, 0, "a:4m", "a:9c")           # Smoke Bomb: play 2 secrets (hand empty: nothing)
    while game.to_act() == (0,) and game.frames[-1].kind != "turn":
        legal = game.legal_actions(0)
        act(game, 0, "c:9a" if "c:9a" in legal else legal[0])
    assert treasures(game, 0) == ["9a"]


def test_invisibility_takes_a_treasure_from_play() -> None:
    game = build(hands=["3m", ""], treasures=["", "9a"])
    act(game, 0, "a:3m")
    assert "c:9a" in game.legal_actions(0)
    act(game, 0, "c:9a")
    assert hand(game, 0) == ["9a"]


def test_invisibility_takes_a_random_card_of_an_opponents_hand() -> None:
    game = build(players=3, hands=["3m", "2a", "4a"])
    act(game, 0, "a:3m", "h1")
    assert hand(game, 0) == ["2a"] and hand(game, 1) == []


def test_flight_plays_three_treasures_then_discards_hand() -> None:
    game = build(hands=["2m 2a 3a 4a 5a 6a", ""])
    act(game, 0, "a:2m", "t:2a", "t:3a", "t:4a")
    assert treasures(game, 0) == ["2a", "3a", "4a"] and hand(game, 0) == []


def test_master_of_earth_worth_twice_opponents_treasures_as_treasure_or_secret() -> None:
    game = build(hands=["", ""], treasures=["Em", "2a 3a"])
    assert game.scores()[0] == 4
    game = build(hands=["", ""], secrets=["Em", ""], treasures=["", "2a 3a 4a"])
    assert game.scores()[0] == 6


def test_master_of_earth_is_never_played_for_an_action() -> None:
    game = build(hands=["Em", ""])
    assert "a:Em" not in game.legal_actions(0)


# --------------------------------------------------------------------------------------------------
# Sabotage!
# --------------------------------------------------------------------------------------------------


def test_master_of_tricks_draws_per_secret_in_play_then_plays() -> None:
    game = build(hands=["Ks", ""], secrets=["2a", "3a 4a"], deck="Ta 9a 8a 7a")
    act(game, 0, "a:Ks")
    assert hand(game, 0) == ["7a", "8a", "9a"]
    act(game, 0, "t:9a")


def test_master_thief_moves_two_treasures_into_hand() -> None:
    game = build(hands=["Qs", ""], treasures=["2a", "3a 4a"])
    act(game, 0, "a:Qs", "c:3a", "c:2a")
    assert hand(game, 0) == ["2a", "3a"]


def test_master_of_escape_turns_treasures_into_their_owners_secrets_then_plays() -> None:
    game = build(hands=["Js 2b", ""], treasures=["2a", "3a 4a"])
    act(game, 0, "a:Js", "c:3a", "c:2a", "t:2b")
    assert secrets(game, 1) == ["3a"] and secrets(game, 0) == ["2a"]
    assert treasures(game, 0) == ["2b"]


def test_master_of_escape_live_trap_after_face_down() -> None:
    game = build(hands=["Js", "6a"], treasures=["2a", "3a"])
    act(game, 0, "a:Js", "c:2a", "c:3a")
    act(game, 1, "x0.0")
    assert hand(game, 1) == []             # Explosives face-down again: its trap fires


def test_master_of_disguise_swaps_two_secrets_then_steals() -> None:
    game = build(players=3, hands=["Xs", "", ""], secrets=["2a", "3a 4a", "5a"])
    act(game, 0, "a:Xs", "k1.0", "k2.0")
    assert secrets(game, 1) == ["5a", "4a"] and secrets(game, 2) == ["3a"]
    act(game, 0, "x2.0")
    assert treasures(game, 0) == ["3a"]


def test_deadfall_thief_keeps_one_card_the_rest_go_to_the_robbed_player() -> None:
    game = build(players=3, hands=["2a 3a 4a", "", ""], secrets=["", "As", ""])
    act(game, 0, "x1.0")
    act(game, 0, "c:2a")
    assert hand(game, 0) == ["2a"] and hand(game, 1) == ["3a", "4a"]
    assert "As" in ids(game.discard)


def test_shuriken_discards_a_secret_and_a_treasure() -> None:
    game = build(hands=["Ts", ""], treasures=["2a", "3a"], secrets=["", "5a"])
    act(game, 0, "a:Ts", "k1.0")
    if game.to_act() == (0,) and game.frames[-1].kind != "turn":
        act(game, 0, "c:3a")
    assert secrets(game, 1) == [] and "5a" in ids(game.discard)
    assert len(game.treasures[0]) + len(game.treasures[1]) == 1


def test_shuriken_discarded_secret_springs_no_trap() -> None:
    game = build(hands=["Ts 6a", ""], secrets=["", "2a"])
    act(game, 0, "a:Ts", "k1.0")
    assert hand(game, 0) == ["6a"]


def test_sleeping_potion_opponents_draw_at_start_of_their_turn() -> None:
    game = build(hands=["", ""], treasures=["9s", ""], deck="7c 8c 6c")
    act(game, 0, "d")
    assert hand(game, 1) == ["7c"]


def test_squeaky_floor_no_steal_as_action_but_climbing_hook_may() -> None:
    game = build(hands=["8a", ""], treasures=["8s", ""], secrets=["", "9c"])
    assert not any(a.startswith("x") for a in game.legal_actions(0))
    act(game, 0, "a:8a", "x1.0")
    assert treasures(game, 0) == ["8s", "9c"]


def test_cage_no_secret_as_action_but_smoke_bomb_may() -> None:
    game = build(hands=["9a 2b 3b", ""], treasures=["7s", ""])
    assert not any(a.startswith("s:") for a in game.legal_actions(0))
    act(game, 0, "a:9a", "s:2b", "s:3b")
    assert sorted(secrets(game, 0)) == ["2b", "3b"]


def test_mirror_each_opponent_draws_when_its_owner_draws() -> None:
    game = build(players=3, hands=["", "", ""], treasures=["6s", "", ""], deck="2c 3c 4c 5c")
    act(game, 0, "d")
    assert len(game.hands[0]) == 2 and len(game.hands[1]) == 1 and len(game.hands[2]) == 1


def test_ancient_map_steals_again_when_not_trapped() -> None:
    game = build(hands=["5s", ""], secrets=["", "6a 7a"])
    act(game, 0, "a:5s", "x1.0", "x1.0")
    assert treasures(game, 0) == ["6a", "7a"]


def test_ancient_map_stops_after_a_trapped_card() -> None:
    game = build(hands=["5s 6c", ""], secrets=["", "Ta 7a"])
    act(game, 0, "a:5s", "x1.0", "c:6c")   # Tripwire's discard
    assert secrets(game, 1) == ["7a"] and turn_of(game) == 1


def test_tessen_plays_a_treasure_then_steals() -> None:
    game = build(hands=["4s 2b", ""], secrets=["", "9c"])
    act(game, 0, "a:4s", "t:2b", "x1.0")
    assert treasures(game, 0) == ["2b", "9c"]


def test_net_each_opponent_discards_then_take_one() -> None:
    game = build(players=3, hands=["3s", "2a 3a", "4a"])
    act(game, 0, "a:3s")
    act(game, 1, "c:3a")
    if game.to_act() == (2,):
        act(game, 2, "c:4a")
    act(game, 0, "c:4a")
    assert hand(game, 0) == ["4a"] and hand(game, 1) == ["2a"] and hand(game, 2) == []
    assert "3a" in ids(game.discard)


def test_peephole_looks_at_three_then_may_steal() -> None:
    game = build(players=3, hands=["2s", "", ""], secrets=["", "2a 3a", "4a 5a"])
    act(game, 0, "a:2s", "k1.0", "k1.1", "k2.0")
    assert "pass" in game.legal_actions(0)
    act(game, 0, "x2.1")
    assert treasures(game, 0) == ["5a"]


def test_alessio_is_free_and_looks_at_a_secret() -> None:
    game = build(hands=["1s 2b", ""], secrets=["", "9c"])
    act(game, 0, "a:1s", "k1.0")
    assert turn_of(game) == 0              # no action spent
    assert view(game, 0)["seats"][1]["known_secrets"]


def test_false_floor_is_worth_four_and_hides_own_secrets() -> None:
    game = build(hands=["", ""], treasures=["Fs", ""], secrets=["9c", ""])
    assert game.scores()[0] == 4 + 9
    shown = view(game, 0)["seats"][0]
    assert shown["secrets"] == [] and shown["points"] is None
    assert shown["secret_count"] == 1
    assert "9c" not in json.dumps(view(game, 0)) and "Smoke" not in game.render(0)


def test_false_floor_owner_cannot_alessio_own_secrets() -> None:
    game = build(hands=["1s", ""], treasures=["Fs", ""], secrets=["9c", "2c"])
    act(game, 0, "a:1s")
    assert set(game.legal_actions(0)) == {"k1.0"}


# --------------------------------------------------------------------------------------------------
# Interactions issue #10 names
# --------------------------------------------------------------------------------------------------


def test_antonio_inside_a_nested_play_katana_climbing_hook() -> None:
    """An any-time card inside a nested play: Katana plays Climbing Hook, whose steal springs Explosives."""
    game = build(players=3, hands=["6a 8a 2b", "", "1n"], treasures=["", "9b", ""], secrets=["", "2a", ""],
                 deck="7c 6c")
    act(game, 0, "a:6a", "c:9b", "a:8a", "x1.0")
    act(game, 2, "a:1n")
    assert hand(game, 0) == ["2b", "6c"]   # hand kept, then the Hook's draw
    assert turn_of(game) == 1


def test_alberti_inside_darts_nested_katana() -> None:
    game = build(hands=["Aa 6a 2b", "1l"], treasures=["", "9b 8b"])
    act(game, 0, "a:Aa", "done", "a:6a", "c:9b")
    act(game, 1, "a:1l")
    assert treasures(game, 1) == ["8b", "9b"]
    act(game, 0, "t:2b")
    assert treasures(game, 0) == ["2b"]


# --------------------------------------------------------------------------------------------------
# Information
# --------------------------------------------------------------------------------------------------


def _name(card: str) -> str:
    """How a log line names the card ``card`` (an id): by its name."""
    return CARDS[CARD_INDEX[card]].name


def _observe_all(game: NinjitsuState) -> list[str]:
    return [json.dumps(view(game, seat), sort_keys=True) for seat in range(game.num_players)]


def test_any_time_window_never_shows_in_other_seats_views_prompts_or_logs() -> None:
    asked = build(players=3, hands=["6a", "9b", "1n"], secrets=["", "2a", ""])
    quiet = build(players=3, hands=["6a", "9b", "3c"], secrets=["", "2a", ""])
    asked.apply(0, "x1.0")
    quiet.apply(0, "x1.0")
    assert asked.to_act() == (2,)
    for seat in (0, 1):
        shown = view(asked, seat)
        assert shown["waiting_for"] == [] and shown["decision"] is None
        assert not any("1n" in line or "Antonio" in line or "P2" in line for line in shown["log"])
        assert "P2" not in asked.render(seat).split("\n")[0]
    asked.apply(2, "pass")
    # once P2 passed, every seat but P2 sees exactly what it sees where nobody held Antonio
    a, q = _observe_all(asked), _observe_all(quiet)
    assert a[0] == q[0] and a[1] == q[1]
    assert len(view(asked, 2)["log"]) == len(view(quiet, 2)["log"])


def test_peephole_looks_only_the_looker_sees_and_its_samples_keep_them() -> None:
    game = build(players=3, hands=["2s 6a", "2b", "3b"], secrets=["", "2a 3a", "4a 5a"])
    act(game, 0, "a:2s", "k1.0", "k1.1", "k2.0", "pass")
    assert sorted(view(game, 0)["seats"][1]["known_secrets"]) == ["2a", "3a"] or \
        len(view(game, 0)["seats"][1]["known_secrets"]) == 2
    other = view(game, 2)
    assert other["seats"][1]["known_secrets"] == []
    lines = " ".join(other["log"])
    assert _name("2a") not in lines and _name("3a") not in lines
    varied = False
    for seed in range(12):
        sample = game.determinize(0, seed)
        assert secrets(sample, 1) == ["2a", "3a"]
        assert secrets(sample, 2)[0] == "4a"
        varied |= secrets(sample, 2)[1] != "5a"
    assert varied                          # the unseen secret is really redealt


def test_alessio_look_kept_in_samples() -> None:
    game = build(players=3, hands=["1s 6a", "2b", "3b"], secrets=["", "2a 3a", "4a 5a"])
    act(game, 0, "a:1s", "k2.1", "d")
    for seed in range(8):
        assert secrets(game.determinize(0, seed), 2)[1] == "5a"
    assert _name("5a") not in " ".join(view(game, 1)["log"])


def test_invisibility_from_a_hand_only_the_two_players_learn_the_card() -> None:
    game = build(players=3, hands=["3m 6a", "Tc", "4a"])
    act(game, 0, "a:3m", "h1")
    assert hand(game, 0) == ["6a", "Tc"]
    assert "Tc" not in json.dumps(view(game, 2)) and "Tripwire" not in json.dumps(view(game, 2))
    for seed in range(6):
        assert "Tc" in hand(game.determinize(1, seed), 0)   # the robbed player knows who holds it


def test_deadfall_passed_cards_seen_by_the_two_players_only_and_kept_in_thief_samples() -> None:
    game = build(players=3, hands=["2a 3a 4a", "", "9b"], secrets=["", "As", ""])
    act(game, 0, "x1.0", "c:2a")
    assert "3a" not in json.dumps(view(game, 2)["seats"]) and _name("3a") not in " ".join(view(game, 2)["log"])
    for seed in range(6):
        assert hand(game.determinize(0, seed), 1) == ["3a", "4a"]


def test_night_vision_mark_kept_in_holders_sample() -> None:
    game = build(players=3, hands=["8m", "2a 3a", "4a"], seed=3)
    act(game, 0, "a:8m")
    mark = view(game, 1)["seats"][1]["mark"]
    for seed in range(6):
        assert view(game.determinize(1, seed), 1)["seats"][1]["mark"] == mark


def test_false_floor_owner_samples_redeal_its_own_secrets() -> None:
    # Below the target (with 9c 8c, P0 had 21 and had won: at the end every secret is shown to all).
    game = build(hands=["", "2b"], treasures=["Fs", ""], secrets=["9c 3c", ""])
    assert game.result is None
    seen = {tuple(secrets(game.determinize(0, seed), 0)) for seed in range(12)}
    assert seen != {("9c", "3c")}


def test_grimoire_top_card_not_in_other_seats_samples() -> None:
    game = build(hands=["Am", "2b"], deck="2a 3a 4a 5a 6a")
    act(game, 0, "a:Am", "s:3a")
    seen = {tuple(secrets(game.determinize(1, seed), 0)) for seed in range(12)}
    assert len(seen) > 1


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_samples_with_a_window_open_are_functions_of_the_seats_information(seat: int) -> None:
    asked = build(players=3, hands=["6a", "9b", "1n"], secrets=["", "2a", ""])
    asked.apply(0, "x1.0")
    twin = asked.determinize(seat, 7)
    for seed in (1, 2):
        assert asked.determinize(seat, seed).to_notation() == twin.determinize(seat, seed).to_notation()


# --------------------------------------------------------------------------------------------------
# Second pass: edges the rulebook and RULINGS settle
# --------------------------------------------------------------------------------------------------


def test_multiply_may_bring_itself_back() -> None:
    """RULINGS: Multiply may bring itself back (played for its action it lies on the pile, value 5)."""
    game = build(hands=["5m 5a", ""], discard="5b")
    act(game, 0, "a:5m", "t:5a")
    assert hand(game, 0) == ["5b", "5m"]


def test_sleeping_potion_draw_comes_after_the_win_check() -> None:
    """RULINGS: start of a turn: the win check, then Sleeping Potion draws (a card drawn so never wins then)."""
    game = build(hands=["", "2c 3c 4c 5c 6c 7c 8c 9c Ta Tb Tc Ka Kb Kc Qa"], treasures=["9s", ""],
                 secrets=["", "5p"])
    # P1's Misdirection: 5 + 15 = 20 at its turn start; the potion's draw makes 21 only after the check
    act(game, 0, "d")
    assert not game.is_terminal
    assert game.scores()[1] == 21


def test_mirror_counts_sleeping_potion_draws() -> None:
    """RULINGS: draws that count for Mirror include Sleeping Potion."""
    game = build(hands=["", ""], treasures=["9s", "6s"], deck="2c 3c 4c 5c 6c 7c")
    act(game, 0, "d")                      # P0 draws 2; P1 starts: Potion draw, which P1's Mirror echoes to P0
    assert len(game.hands[1]) == 1
    assert len(game.hands[0]) == 3


def test_mirrors_own_draws_trigger_no_mirror() -> None:
    game = build(hands=["", ""], treasures=["6s", ""], deck="2c 3c 4c 5c 6c 7c")
    act(game, 0, "d")
    assert len(game.hands[0]) == 2 and len(game.hands[1]) == 1


def test_mirror_one_card_per_draw_occasion_of_healing() -> None:
    game = build(players=3, hands=["9m 2a 3a", "", ""], treasures=["6s", "", ""], deck="2c 3c 4c 5c 6c 7c")
    act(game, 0, "a:9m")
    assert len(game.hands[0]) == 2 and len(game.hands[1]) == 1 and len(game.hands[2]) == 1


def test_grimoire_taking_the_top_card_is_not_a_mirror_draw() -> None:
    game = build(hands=["Am", ""], treasures=["6s", ""], deck="2c 3c 4c 5c 6c 7c 8c")
    act(game, 0, "a:Am")                   # draw 3 (one Mirror card to P1), then the top card to play
    assert len(game.hands[1]) == 1


def test_master_of_earth_stolen_stays_even_at_zero() -> None:
    game = build(hands=["", ""], secrets=["", "Em"])
    act(game, 0, "x1.0")
    assert treasures(game, 0) == ["Em"]
    assert game.scores()[0] == 0


@pytest.mark.parametrize("guess", ["g:none", "g:2"])
def test_jellybean_guess_is_never_right_on_master_of_earth(guess: str) -> None:
    """RULINGS: Jellybean's guess uses the printed value; project ruling 39: Master of Earth has no printed
    value, so the guess is never right on it (neither "none" nor its computed worth, here 2)."""
    game = build(hands=["Bp", ""], treasures=["", "2a"], secrets=["", "Em"], deck="7c 8c")
    act(game, 0, "a:Bp", guess, "x1.0")
    assert hand(game, 0) == ["8c"]         # wrong: draw a card
    assert turn_of(game) == 1              # and no extra action


def test_caltrops_compares_master_of_earths_computed_worth() -> None:
    game = build(hands=["Ab", ""], treasures=["2a 3a 4a 5a", "Em 9b"])
    act(game, 0, "a:Ab")                   # P1's Earth is worth 8, less than 9b
    assert treasures(game, 1) == ["Em"]


def test_telekinesis_on_a_trapped_treasure_springs_its_trap() -> None:
    """RULINGS: a trap fires whenever its card is stolen; Telekinesis plays Peephole (2), then steals Explosives."""
    game = build(hands=["4m 2s 6c", ""], treasures=["", "2a 9a"], secrets=["", "9c"])
    act(game, 0, "a:4m", "a:2s", "k1.0", "pass", "c:2a")
    assert treasures(game, 0) == ["2a"]
    assert hand(game, 0) == []             # Explosives: the thief discards their hand


def test_telekinesis_after_climbing_hook_takes_an_8_treasure() -> None:
    """Telekinesis plays Climbing Hook (8) for its action, then steals an 8 treasure: Squeaky Floor, no trap."""
    game = build(hands=["4m 8a", ""], treasures=["", "8s"], secrets=["", "9c"], deck="7c 6c")
    act(game, 0, "a:4m", "a:8a", "x1.0")
    while game.to_act() == (0,) and game.frames[-1].kind != "turn":
        act(game, 0, "c:8s")
    assert treasures(game, 0) == ["8s", "9c"]


def test_andrea_stops_jellybean_and_its_extra_action_is_lost() -> None:
    game = build(hands=["Bp 6a", "1d"], secrets=["", "9c"])
    act(game, 0, "a:Bp", "g:9", "x1.0")
    act(game, 1, "a:1d")
    assert secrets(game, 1) == ["9c"] and turn_of(game) == 1


def test_andrea_stops_tessens_steal_after_its_treasure() -> None:
    game = build(hands=["4s 2b", "1d"], secrets=["", "9c"])
    act(game, 0, "a:4s", "t:2b", "x1.0")
    act(game, 1, "a:1d")
    assert treasures(game, 0) == ["2b"] and secrets(game, 1) == ["9c"] and turn_of(game) == 1


def test_andrea_stops_the_turns_own_steal() -> None:
    game = build(hands=["6a", "1d"], secrets=["", "9c"])
    act(game, 0, "x1.0")
    act(game, 1, "a:1d")
    assert secrets(game, 1) == ["9c"] and hand(game, 0) == ["6a"] and turn_of(game) == 1


def test_alberti_answers_snares_trap_for_a_treasure() -> None:
    game = build(hands=["", "1l"], treasures=["9b", ""], secrets=["", "3a"])
    act(game, 0, "x1.0")
    act(game, 1, "a:1l")                   # P1 holds Alberti: asked for 9b, which Snare would discard
    assert treasures(game, 0) == ["3a", "9b"]


def test_teleport_answers_master_thief_move() -> None:
    game = build(hands=["Qs", "1t"], treasures=["", "9a 8a"])
    act(game, 0, "a:Qs", "c:9a")
    act(game, 1, "a:1t")
    assert "9a" in hand(game, 1)


def test_teleport_own_treasure_before_action() -> None:
    """Teleport: "move any 1 treasure from play into your hand" (any: one's own too)."""
    game = build(hands=["1t", ""], treasures=["9a", ""])
    act(game, 0, "a:1t", "c:9a")
    assert hand(game, 0) == ["9a"] and turn_of(game) == 0


def test_night_vision_mark_ends_with_the_bound_play() -> None:
    game = build(players=3, hands=["8m", "2a", "3m"], seed=3, turn=0)
    act(game, 0, "a:8m")
    assert view(game, 1)["seats"][1]["mark"] == "2a"
    act(game, 1, "t:2a")                   # P1's own turn: the mark binds it, then ends
    assert view(game, 1)["seats"][1]["marked"] is False


def test_night_vision_marked_card_stolen_by_invisibility_frees_the_turn() -> None:
    game = build(players=3, hands=["8m", "3m", "2a 3a"], seed=3)
    act(game, 0, "a:8m")
    mark_p1 = view(game, 1)["seats"][1]["mark"]
    assert mark_p1 == "3m"
    act(game, 1, "a:3m", "h2")             # plays its marked card (Invisibility), takes a card of P2
    left = hand(game, 2)
    mark_p2 = view(game, 2)["seats"][2]["mark"]
    if mark_p2 is None:                     # P2's marked card was the one taken: the mark ended
        assert "d" in game.legal_actions(2)
    else:
        assert mark_p2 in left
        assert "d" not in game.legal_actions(2)


def test_cage_applies_to_a_night_vision_turn() -> None:
    """Project ruling 50: Squeaky Floor and Cage restrict the turn's action, including a Night Vision turn."""
    game = build(hands=["8m", "2a"], treasures=["", "7s"], seed=3)
    act(game, 0, "a:8m")
    assert set(game.legal_actions(1)) == {"t:2a", "pass"}


def test_master_of_disguise_swap_is_not_a_steal_no_trap() -> None:
    game = build(players=3, hands=["Xs", "6a", ""], secrets=["", "2a", "9c"])
    act(game, 0, "a:Xs", "k1.0", "k2.0")
    assert hand(game, 1) == ["6a"]
    assert secrets(game, 1) == ["9c"] and secrets(game, 2) == ["2a"]


def test_master_of_disguise_owner_learns_its_new_secret_others_do_not() -> None:
    game = build(players=3, hands=["Xs", "", ""], secrets=["", "2a", "9c"])
    act(game, 0, "a:Xs", "k1.0", "k2.0")
    assert view(game, 1)["seats"][1]["secrets"] == ["9c"]
    assert view(game, 2)["seats"][2]["secrets"] == ["2a"]


def test_peephole_knowledge_ends_when_the_owner_rearranges() -> None:
    game = build(players=2, hands=["2s 6a", "2b"], secrets=["", "2a 3a"])
    act(game, 0, "a:2s", "k1.0", "k1.1", "pass")
    assert len(view(game, 0)["seats"][1]["known_secrets"]) == 2
    act(game, 1, "w0.1")
    assert view(game, 0)["seats"][1]["known_secrets"] == []
    for seed in range(12):
        sample = game.determinize(0, seed)
        # it knows only that P1 holds them (hand or secrets), not where
        assert {"2a", "3a"} <= set(hand(sample, 1) + secrets(sample, 1))


def test_false_floor_log_does_not_name_own_secrets_to_owner() -> None:
    game = build(hands=["Js 2b", ""], treasures=["Fs 9b", ""])
    act(game, 0, "a:Js", "c:9b", "c:Fs")   # False Floor itself goes face-down: the owner sees again
    shown = view(game, 0)["seats"][0]
    assert sorted(shown["secrets"]) == ["9b", "Fs"]


def test_false_floor_owner_blind_after_playing_a_secret() -> None:
    game = build(hands=["9c 6a", ""], treasures=["Fs", ""])
    act(game, 0, "s:9c")
    assert view(game, 0)["seats"][0]["secrets"] == []


def test_false_floor_alessio_looks_are_of_opponents_only_and_peephole_too() -> None:
    game = build(hands=["2s", ""], treasures=["Fs", ""], secrets=["9c", "2c"])
    act(game, 0, "a:2s")
    assert {a for a in game.legal_actions(0) if a.startswith("k")} == {"k1.0"}


def test_deadfall_with_one_card_keeps_it() -> None:
    game = build(hands=["2a", ""], secrets=["", "As"])
    act(game, 0, "x1.0")
    assert hand(game, 0) == ["2a"] and hand(game, 1) == []


def test_deadfall_ignored_by_antonio() -> None:
    game = build(hands=["2a 3a 1n", ""], secrets=["", "As"])
    act(game, 0, "x1.0", "a:1n")
    assert hand(game, 0) == ["2a", "3a"] and hand(game, 1) == []


def test_master_of_escape_secret_goes_to_end_of_owners_row_and_all_see_it() -> None:
    game = build(players=3, hands=["Js", "", ""], treasures=["", "9b", ""], secrets=["", "2a", ""])
    act(game, 0, "a:Js", "c:9b")
    assert secrets(game, 1) == ["2a", "9b"]
    assert "9b" in json.dumps(view(game, 2)["seats"][1]["known_secrets"])


def test_shape_shifting_swap_with_own_other_treasure_allowed() -> None:
    """Shape Shifting: "swap it with any other treasure in play" (any: one's own too)."""
    game = build(hands=["6m 2a", ""], treasures=["9a", "8b"])
    act(game, 0, "a:6m", "t:2a")
    assert {"c:9a", "c:8b"} <= set(game.legal_actions(0))


def test_flight_with_fewer_than_three_treasures_plays_what_it_can() -> None:
    game = build(hands=["2m 2a Ka", ""])
    act(game, 0, "a:2m", "t:2a")
    assert treasures(game, 0) == ["2a"] and hand(game, 0) == [] and turn_of(game) == 1


def test_master_of_wind_on_multiply_that_brought_itself_back() -> None:
    """Project ruling 30: a card no longer on the pile does not return; Multiply took itself to the hand."""
    game = build(hands=["Km 5m 5a", ""], discard="5b")
    act(game, 0, "a:Km", "a:5m", "t:5a")
    assert hand(game, 0) == ["5b", "5m"] and treasures(game, 0) == ["5a"]


def test_master_of_magic_placed_on_top_is_discarded_at_once() -> None:
    """Master of Magic shuffled into a deck of 0 cards lies on top at once: it is discarded and its owner plays."""
    game = build(hands=["Xm 2b 3b", ""], deck="")
    act(game, 0, "a:Xm")
    assert "Xm" in ids(game.discard)
    act(game, 0, "t:2b", "pass")
    assert treasures(game, 0) == ["2b"] and turn_of(game) == 1


def test_freeze_time_blocks_a_later_turn_start_of_its_own_player_in_between_none() -> None:
    """Freeze Time: the check of a third player's turn start in between is skipped too."""
    game = build(players=3, hands=["7m 2b", "6c", "5c"], treasures=["", "", "Ta 9a 2a"])
    act(game, 0, "a:7m", "t:2b")
    act(game, 1, "d")
    assert not game.is_terminal            # P2 on 21 at its turn start: frozen
    act(game, 2, "s:5c")
    act(game, 1, "pass")                   # P1 drew Alessio: asked, in secret, as the secret is placed
    act(game, 0, "d")
    act(game, 1, "d")
    assert game.is_terminal and game.winners() == (2,)


def test_false_floor_prompt_and_picture_give_no_exact_total() -> None:
    game = build(hands=["6a", ""], treasures=["Fs", ""], secrets=["9c", ""])
    prompt = view(game, 0)["decision"]["prompt"]
    assert "13" not in prompt and "13" not in game.render(0)


@pytest.mark.parametrize("answer", ["1l", "1t"])
def test_discard_window_never_shows_to_other_seats(answer: str) -> None:
    """A Katana discard: a holder of Alberti/Teleport asked and passing leaves no trace for the other seats."""
    asked = build(players=3, hands=["6a 2b", "", answer], treasures=["", "9a", ""])
    quiet = build(players=3, hands=["6a 2b", "", "3c"], treasures=["", "9a", ""])
    asked.apply(0, "a:6a")
    quiet.apply(0, "a:6a")
    asked.apply(0, "c:9a")
    quiet.apply(0, "c:9a")
    assert asked.to_act() == (2,)
    for seat in (0, 1):
        assert view(asked, seat)["waiting_for"] == []
    asked.apply(2, "pass")
    for seat in (0, 1):
        assert json.dumps(view(asked, seat), sort_keys=True) == json.dumps(view(quiet, seat), sort_keys=True)
        assert asked.render(seat) == quiet.render(seat)


def test_andrea_window_never_shows_to_other_seats() -> None:
    asked = build(players=3, hands=["6a", "", "1d"], secrets=["", "9c", ""])
    quiet = build(players=3, hands=["6a", "", "3c"], secrets=["", "9c", ""])
    asked.apply(0, "x1.0")
    quiet.apply(0, "x1.0")
    assert asked.to_act() == (2,)
    assert view(asked, 1)["waiting_for"] == [] and view(asked, 0)["waiting_for"] == []
    asked.apply(2, "pass")
    for seat in (0, 1):
        assert json.dumps(view(asked, seat), sort_keys=True) == json.dumps(view(quiet, seat), sort_keys=True)


def test_andrea_stops_master_of_deceptions_steal_only() -> None:
    """Project ruling 21: when the stopped thief is not the current player, only that steal is stopped."""
    game = build(hands=["8a 1d", ""], secrets=["9c", "Kp"], deck="7c 6c")
    act(game, 0, "a:8a", "x1.0")
    act(game, 1, "x0.0")                   # P1's hand is empty: no play to offer, only the steal
    act(game, 0, "a:1d")
    assert secrets(game, 0) == ["9c"]
    assert hand(game, 0) == ["6c"]         # Climbing Hook's draw still happens
    assert turn_of(game) == 1


def test_master_of_fire_saved_treasure_is_not_replaced() -> None:
    game = build(hands=["Qm", "1l"], treasures=["Ta 2a", "9a 8a"])
    act(game, 0, "a:Qm")
    act(game, 1, "a:1l")                   # the first of the three to go: Ta (the highest)
    assert sorted(treasures(game, 0) + treasures(game, 1)) == ["2a", "Ta"]


def test_invisibility_of_a_hand_card_third_seat_does_not_learn_it() -> None:
    # Invisibility takes a treasure from play or a random card of a hand, never a face-down secret (the
    # rulebook: secrets "can only be affected by cards which specifically target secrets").
    game = build(players=3, hands=["3m", "8c", ""], secrets=["", "9c", ""])
    act(game, 0, "a:3m")
    assert game.legal_actions(0) == ["h1"]
    act(game, 0, "h1")
    assert hand(game, 0) == ["8c"] and hand(game, 1) == [] and secrets(game, 1) == ["9c"]
    assert "8c" not in json.dumps(view(game, 2)) and _name("8c") not in json.dumps(view(game, 2))
    assert _name("8c") in " ".join(view(game, 1)["log"])


def test_master_of_magic_in_deck_position_is_hidden_in_samples() -> None:
    game = build(hands=["Xm", ""], deck="2a 3a 4a 5a 6a 7a 8a 9a")
    act(game, 0, "a:Xm")
    places = set()
    for seed in range(16):
        sample = game.determinize(1, seed)
        places.add(ids_index(sample.deck, "Xm"))
    assert len(places) > 1


def ids_index(cards: list[int], cid: str) -> int:
    """Where card ``cid`` lies in a list of card numbers."""
    return [CARD_IDS[card] for card in cards].index(cid)


def test_squeaky_floor_still_allows_peephole_and_ancient_map_steals() -> None:
    game = build(hands=["5s", ""], treasures=["8s", ""], secrets=["", "6a 7a"])
    act(game, 0, "a:5s", "x1.0", "x1.0")
    assert treasures(game, 0) == ["6a", "7a", "8s"]


def test_vampire_total_can_win_check_below_zero_without_winning() -> None:
    game = build(hands=["", ""], treasures=["3p 1l 1d", ""])
    assert game.scores()[0] == (3 - 3) + (1 - 3) * 2


def test_net_opponent_without_cards_is_skipped() -> None:
    game = build(players=3, hands=["3s", "", "4a"])
    act(game, 0, "a:3s")
    act(game, 2, "c:4a")
    act(game, 0, "c:4a")
    assert hand(game, 0) == ["4a"]


def test_master_of_surprise_on_deadfall_owner_passes_cards_to_the_jokers_player() -> None:
    """RULINGS: the owner resolves the trap as if they had stolen it from the Joker's player."""
    game = build(hands=["Xa", "2a 3a 4a"], secrets=["", "As"])
    act(game, 0, "a:Xa", "f1.0")
    act(game, 1, "c:2a")
    assert hand(game, 1) == ["2a"] and hand(game, 0) == ["3a", "4a"]
    assert "As" in ids(game.discard)


def test_master_of_water_with_master_of_magic_surfacing_plays_a_drawn_card() -> None:
    """Master of Water plays one of the cards actually drawn, even when Master of Magic surfaced in between."""
    game = with_magic_in_deck(build(hands=["Jm", "2b"], treasures=["", "9a 8a"], deck="2a 3a Xm 4a"), owner=1)
    act(game, 0, "a:Jm")
    if game.to_act() == (1,):
        act(game, 1, "pass")
    assert game.to_act() == (0,)
    assert {a[2:] for a in game.legal_actions(0)} == {"3a", "4a"}
