"""The switchable rulings (issue #17): each open ruling a table could play the other way is a named
option whose default is our reading (docs/rules/ninjitsu.md, "Rulings you can switch").

For each option: a scenario in a built position showing our reading by default and the other reading
with the option; bad values and combinations refused with a clear OptionError; defaults never written
into a position, other values round-tripping through notation, saves and clones; and random playouts
with every option at its other value (alone and all together, base game and all expansions) that end
by the rules, keep the invariants, round-trip and give each seat samples that depend only on what it
knows. The heuristic bot plays legally under all of them.
"""

from __future__ import annotations

import json

import pytest
from ninjitsu_helpers import hand, kind, play, seat_view, secrets, treasures

from ninjadojo.bots import make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.engine import IllegalActionError, OptionError, Rng
from ninjadojo.engine.options import OptionValue
from ninjadojo.games.ninjitsu import NinjitsuState, rules
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX

#: Each option at its other value (the one that is not our reading).
OTHER: dict[str, OptionValue] = {
    "free_swaps": 6, "optional_texts": True, "idle_actions": False, "surprise_draws": True,
    "element_order": "in-turn", "wind_nested": False, "drought_draw": True, "fire_replaces": True,
}
#: The expansions each option needs (the rest apply to the base game).
NEEDS = {"element_order": "elements", "wind_nested": "elements", "drought_draw": "promo,weather",
         "fire_replaces": "promo,magic"}
EVERY_SET = "promo,magic,sabotage,elements,weather"


def _options_part(game: NinjitsuState) -> str:
    return game.to_notation().split("|")[2]


# ---------------------------------------------------------------------- ruling 2: free swaps a turn


def test_free_swaps_default_three_a_turn_and_the_option_sets_the_limit() -> None:
    game = position(hands=["6a", ""], secrets=["2a 3a 4a", ""])
    play(game, "w0.1", "w1.2", "w0.2")
    assert not [action for action in game.legal_actions(0) if action.startswith("w")]
    game = position(hands=["6a", ""], secrets=["2a 3a 4a", ""], options={"free_swaps": 5})
    assert game.swaps_left == 5
    play(game, "w0.1", "w1.2", "w0.2", "w0.1")
    assert "w0.1" in game.legal_actions(0)
    play(game, "w0.1")
    assert not [action for action in game.legal_actions(0) if action.startswith("w")]
    # The option sets how many swaps a turn lists among its choices (what bots and environments see);
    # a person may still rearrange at any time, as a free action.
    assert "w0.1" in game.free_actions(0)
    play(game, "d")  # the next turn gets the option's allowance again
    game.apply(1, "d")
    assert game.turn == 0 and game.swaps_left == 5


def test_a_position_with_more_swaps_left_than_the_option_allows_is_refused() -> None:
    text = position(hands=["6a", ""], secrets=["2a 3a", ""], options={"free_swaps": 5}).to_notation()
    assert "swaps=5" in text and "free_swaps=5" in text
    assert NinjitsuState.from_notation(text).swaps_left == 5
    with pytest.raises(ValueError, match="swaps left must be 0 to 3"):
        NinjitsuState.from_notation(text.replace("free_swaps=5,", ""))


# ---------------------------------------------------------------------- ruling 3: texts mandatory or not


def test_katana_discard_and_its_play_are_mandatory_by_default_and_may_be_declined_with_optional_texts() -> None:
    game = position(hands=["6a 9b", ""], treasures=["", "5c"])
    play(game, "a:6a")
    assert game.legal_actions(0) == ["c:5c"]  # our reading: the discard must be done
    play(game, "c:5c")
    assert "pass" not in game.legal_actions(0) and kind(game) == "play"
    game = position(hands=["6a 9b", ""], treasures=["", "5c"], options={"optional_texts": True})
    play(game, "a:6a")
    assert set(game.legal_actions(0)) == {"c:5c", "done"}
    play(game, "done")
    assert kind(game) == "play" and "pass" in game.legal_actions(0)
    play(game, "pass")
    assert game.turn == 1 and treasures(game, 1) == "5c" and hand(game, 0) == "9b"


def test_chain_and_sickle_on_ones_own_only_treasure_may_be_declined_with_optional_texts() -> None:
    # "Any" treasure includes one's own (the rulebook's glossary): by default the Chain must take it.
    game = position(hands=["7a", ""], treasures=["9c", ""])
    play(game, "a:7a")
    assert game.legal_actions(0) == ["c:9c"]
    game = position(hands=["7a", ""], treasures=["9c", ""], options={"optional_texts": True})
    play(game, "a:7a", "done")
    assert game.turn == 1 and treasures(game, 0) == "9c"


def test_smoke_bombs_plays_may_each_be_declined_with_optional_texts() -> None:
    game = position(hands=["9a 2b 3b", ""], options={"optional_texts": True})
    play(game, "a:9a", "pass")
    assert kind(game) == "play" and game.frames[-1].data["way"] == "secret"
    play(game, "s:3b")
    assert game.turn == 1 and secrets(game, 0) == "3b" and hand(game, 0) == "2b"


def test_optional_texts_adds_pass_to_the_base_games_action_space_only() -> None:
    base = NinjitsuState.new(3, seed=1).action_space()
    declinable = NinjitsuState.new(3, {"optional_texts": True}, seed=1).action_space()
    assert "pass" not in base.index and declinable.actions == (*base.actions, "pass")
    promo = NinjitsuState.new(3, {"expansions": "promo"}, seed=1).action_space()
    assert NinjitsuState.new(3, {"expansions": "promo", "optional_texts": True}, seed=1).action_space() == promo


# ---------------------------------------------------------------------- ruling 4: idle actions


def test_a_card_whose_action_can_do_nothing_may_be_played_by_default_and_not_with_idle_actions_false() -> None:
    # No secret in play: the Jack (steal) and the Joker (turn a secret up) can do nothing.
    game = position(hands=["Ja Xa 6a", ""], treasures=["", "5c"])
    assert {"a:Ja", "a:Xa", "a:6a"} <= set(game.legal_actions(0))
    game = position(hands=["Ja Xa 6a", ""], treasures=["", "5c"], options={"idle_actions": False})
    actions = game.legal_actions(0)
    assert "a:Ja" not in actions and "a:Xa" not in actions
    assert {"a:6a", "s:Ja", "s:Xa", "d"} <= set(actions)  # the Katana has a treasure to discard
    with pytest.raises(IllegalActionError, match="idle_actions=false"):
        game.apply(0, "a:Ja")


def test_idle_actions_false_judges_each_step_of_the_text() -> None:
    options: dict[str, OptionValue] = {"idle_actions": False}
    # A Katana with no treasure in play still plays a card; alone in hand it can do nothing.
    assert "a:6a" in position(hands=["6a 2b", ""], options=options).legal_actions(0)
    assert "a:6a" not in position(hands=["6a", ""], options=options).legal_actions(0)
    # A Jack can steal once an opponent has a secret; Caltrops always draws.
    assert "a:Ja" in position(hands=["Ja", ""], secrets=["", "2b"], options=options).legal_actions(0)
    assert "a:Ab" in position(hands=["Ab", ""], options=options).legal_actions(0)
    # Master of Surprise with no secret draws under surprise_draws, so it is no longer idle.
    both: dict[str, OptionValue] = {"idle_actions": False, "surprise_draws": True}
    assert "a:Xa" in position(hands=["Xa", ""], options=both).legal_actions(0)


def test_idle_actions_false_keeps_idle_plays_when_nothing_else_would_end_the_turn() -> None:
    # Drought forbids the Draw action (5 cards), Cage a secret as the action, no secret can be stolen and
    # no card has a value: only the idle Jacks and Jokers are left, so they stay legal.
    setting: dict[str, object] = {"expansions": "promo,sabotage,weather", "hands": ["Ja Jb Jc Xa Xb", ""],
                                  "treasures": ["7s", ""], "weather": "Dw"}
    game = position(**setting, options={"idle_actions": False})  # type: ignore[arg-type]
    assert set(game.legal_actions(0)) == {"a:Ja", "a:Jb", "a:Jc", "a:Xa", "a:Xb"}
    game = position(**{**setting, "secrets": ["", "2b"]}, options={"idle_actions": False})  # type: ignore[arg-type]
    assert {"a:Ja", "x1.0"} <= set(game.legal_actions(0))  # now the Jack can steal


#: (card, the sets it needs, a position where its action does nothing, a change to it that gives the action
#: something to do): idle_actions=false judges each card as the game will resolve it.
_DROUGHT: dict[str, object] = {"weather": "Dw", "deck": "Kc Qc"}
IDLE_CASES: list[tuple[str, str, dict[str, object], dict[str, object]]] = [
    ("Qm", "magic", {}, {"treasures": ["", "5c"]}),  # Master of Fire: no treasure in play
    ("Qm", "magic,elements", {"elements": ["-", "fire1"], "treasures": ["", "9c"]},
     {"treasures": ["5a", "9c"]}),  # ... only one Fire (side 1) keeps
    ("Aa", "elements", {"elements": ["-", "fire1"], "treasures": ["", "9c"]},
     {"treasures": ["", "9c 5a"]}),  # Darts: the lone treasure Fire (side 1) keeps
    ("Jm", "magic", {}, {"treasures": ["", "5c"]}),  # Master of Water: no opponent's treasure
    ("Jm", "magic,promo,weather", {"hands": ["Jm 2a 3a 4a 5a 6a", ""], "treasures": ["", "5c"], **_DROUGHT},
     {"hands": ["Jm 2a 3a 4a 5a", ""]}),  # ... whose draws Drought stops
    ("Bp", "promo,weather", {"hands": ["Bp 2a 3a 4a 5a 6a", ""], **_DROUGHT},
     {"secrets": ["", "2b"]}),  # Jellybean Ninja: no secret to steal, and Drought stops the missed draw
    ("Tm", "magic", {}, {"hands": ["Tm", "2b"]}),  # Alchemy: no hand to discard
    ("9m", "magic", {}, {"hands": ["9m 2b", ""]}),  # Healing: no hand to discard
    ("2m", "magic", {}, {"hands": ["2m 2b", ""]}),  # Flight: no treasure to play, no hand to discard
    ("8m", "magic", {}, {"hands": ["8m", "2b"]}),  # Night Vision: no opponent's card to mark
    ("3m", "magic", {}, {"treasures": ["", "5c"]}),  # Invisibility: no card to take
    ("3s", "sabotage", {}, {"hands": ["3s", "2b"]}),  # Net: no opponent's card to discard
    ("2s", "sabotage", {"secrets": ["2a", ""]}, {"secrets": ["2a", "2b"]}),  # Peephole: only one's own secrets
    ("Ks", "sabotage", {}, {"secrets": ["2a", ""]}),  # Master of Tricks: no secret to draw for
    ("Js", "sabotage", {}, {"treasures": ["5a", ""]}),  # Master of Escape: no treasure to turn face-down
    ("Xs", "sabotage", {"secrets": ["2a", ""]}, {"secrets": ["2a 3a", ""]}),  # Master of Disguise: one secret
    ("Ts", "sabotage", {}, {"secrets": ["2a", ""]}),  # Shuriken: no secret and no treasure
]


def test_idle_actions_false_offers_grimoire_under_drought_as_its_take_of_the_top_card_is_no_draw() -> None:
    setting: dict[str, object] = {"expansions": "magic,promo,weather", "hands": ["Am 2a 3a 4a 5a 6a", ""],
                                  **_DROUGHT}
    game = position(**setting)  # type: ignore[arg-type]
    game.apply(0, "a:Am")
    assert kind(game) == "play" and len(game.hands[0]) == 6, "no draw, but the deck's top card was taken to play"
    assert "a:Am" in position(**setting, options={"idle_actions": False}).legal_actions(0)  # type: ignore[arg-type]


def _in_play(game: NinjitsuState) -> tuple[object, ...]:
    """Everything a card's action could change but the discard pile and whose turn it is."""
    return ([sorted(cards) for cards in game.hands], [sorted(cards) for cards in game.treasures],
            [list(cards) for cards in game.secrets], list(game.marks), game.frozen, len(game.deck))


@pytest.mark.parametrize(("card", "sets", "idle", "able"), IDLE_CASES,
                         ids=[f"{card}-{'-'.join(str(key) for key in able)}" for card, _, _, able in IDLE_CASES])
def test_idle_actions_false_refuses_exactly_the_card_plays_that_would_do_nothing(
        card: str, sets: str, idle: dict[str, object], able: dict[str, object]) -> None:
    setting: dict[str, object] = {"expansions": sets, "hands": [card, ""], **idle}
    # By our reading the play is allowed, and played it changes nothing but the discard pile.
    game = position(**setting)  # type: ignore[arg-type]
    expected = position(**setting)  # type: ignore[arg-type]
    expected.hands[0].remove(CARD_INDEX[card])
    game.apply(0, f"a:{card}")
    assert kind(game) == "turn" and game.turn == 1, f"{card} asked for something: it was not idle"
    assert _in_play(game) == _in_play(expected), f"{card}'s action changed something"
    refused = position(**setting, options={"idle_actions": False})  # type: ignore[arg-type]
    assert f"a:{card}" not in refused.legal_actions(0) and f"s:{card}" in refused.legal_actions(0)
    # Given something to act on, it is offered again.
    offered = position(**{**setting, **able}, options={"idle_actions": False})  # type: ignore[arg-type]
    assert f"a:{card}" in offered.legal_actions(0)


def _without_ply(text: str) -> list[str]:
    """A position's notation without its count of actions taken (a hand-made twin takes none)."""
    parts = text.split("|")
    return parts[:4] + parts[5:]


def _played_as_idle(game: NinjitsuState, seat: int, card: int) -> NinjitsuState:
    """What playing ``card`` for an action that does nothing leaves: the card in the discard pile, then
    the turn goes on exactly as after any action (the end of the turn, the next turn's start)."""
    twin = game.clone()
    twin.frames.pop()
    twin.marks[seat] = -1
    twin.hands[seat].remove(card)
    twin.discard_card(card)
    rules.continue_turn(twin)
    twin.sync_blind()
    return twin


@pytest.mark.parametrize("sets", ["", "promo,magic,sabotage", EVERY_SET], ids=["base", "three-sets", "every-set"])
def test_can_act_says_exactly_whether_a_card_played_for_its_action_would_change_anything(sets: str) -> None:
    # idle_actions=false refuses the plays can_act calls idle: in random positions, every card the
    # current player may play for its action changes the game iff can_act says it can act. (Wind, side
    # 1, adds an extra action to any Ace or Joker, so games where someone has it are left out.)
    checked = {True: 0, False: 0}
    for seed in range(10):
        for players in (2, 3):
            game = NinjitsuState.new(players, {"expansions": sets, "crossover": "promo" in sets, "max_length": 200},
                                     seed=seed)
            rng = Rng(seed)
            while not game.is_terminal:
                if game.frames[-1].kind == "turn" and "wind1" not in game.elements:
                    seat = game.turn
                    legal = game.legal_actions(seat)
                    for card in sorted(set(game.hands[seat]) - {CARD_INDEX["1t"], CARD_INDEX["1s"]}):
                        if f"a:{CARD_IDS[card]}" not in legal:
                            continue
                        able = rules.can_act(game, seat, card)
                        played = game.clone()
                        played.apply(seat, f"a:{CARD_IDS[card]}")
                        idle = _without_ply(played.to_notation()) == _without_ply(
                            _played_as_idle(game, seat, card).to_notation())
                        assert able != idle, f"can_act says {able} for {CARD_IDS[card]} in {game.to_notation()}"
                        checked[able] += 1
                _random_action(game, rng)
    assert checked[True] and checked[False], checked


def _random_action(game: NinjitsuState, rng: Rng) -> None:
    to_act = game.to_act()
    seat = to_act[rng.randbelow(len(to_act))]
    actions = game.legal_actions(seat)
    game.apply(seat, actions[rng.randbelow(len(actions))])


# ---------------------------------------------------------------------- ruling 5: Master of Surprise


def test_master_of_surprise_with_no_opponent_secret_draws_only_with_surprise_draws() -> None:
    game = position(hands=["Xa", ""], deck="2a 3a")
    play(game, "a:Xa")
    assert hand(game, 0) == "" and game.turn == 1 and len(game.deck) == 2
    game = position(hands=["Xa", ""], deck="2a 3a", options={"surprise_draws": True})
    play(game, "a:Xa")
    assert hand(game, 0) == "3a" and game.turn == 1 and len(game.deck) == 1


def test_surprise_draws_changes_nothing_when_there_is_a_secret_to_turn_up() -> None:
    for options in ({}, {"surprise_draws": True}):
        game = position(hands=["Xa", ""], secrets=["", "2b"], deck="2a 3a", options=options)
        play(game, "a:Xa", "f1.0")  # Explosives: trapped, so its owner resolves it and no one draws
        assert hand(game, 0) == "" and treasures(game, 1) == "2b"


# ---------------------------------------------------------------------- ruling 57: choosing sides


def test_sides_are_chosen_at_once_by_default_and_one_after_another_with_element_order_in_turn() -> None:
    game = NinjitsuState.new(3, {"expansions": "elements"}, seed=4)
    assert game.to_act() == (0, 1, 2) and game.frames[-1].simultaneous
    game = NinjitsuState.new(3, {"expansions": "elements", "element_order": "in-turn"}, seed=4)
    assert game.to_act() == (0,) and kind(game) == "element" and not game.frames[-1].simultaneous
    dealt = str(game.elements[0])
    play(game, "side:2")
    # Seen by everyone before the next seat chooses.
    assert game.to_act() == (1,) and game.elements[0] == dealt + "2"
    assert seat_view(game, 1, 0)["element"] == dealt + "2"
    decision = game.decision(1)
    assert decision is not None and "one after another" in decision.prompt
    play(game, "side:1", "side:1")
    assert kind(game) == "turn" and all(len(game.hands[seat]) >= 1 for seat in range(3))
    assert all(str(side)[-1] in "12" for side in game.elements)


def test_element_order_in_turn_with_the_handicap_asks_the_dealt_seats_in_seat_order() -> None:
    game = NinjitsuState.new(4, {"expansions": "elements", "element_order": "in-turn", "element_seats": "1,3"},
                             seed=2)
    assert game.to_act() == (1,)
    play(game, "side:1")
    assert game.to_act() == (3,)
    play(game, "side:2")
    assert kind(game) == "turn" and not game.elements[0] and not game.elements[2]


# ---------------------------------------------------------------------- ruling 59: Wind and nested plays


def test_wind1_an_ace_played_inside_a_katana_gives_the_extra_action_unless_wind_nested_is_false() -> None:
    sides = ["wind1", "-"]
    game = position(expansions="elements", elements=sides, hands=["6a Ab 9c", ""], deck="2a 3a 4a")
    play(game, "a:6a", "a:Ab")  # Katana: no treasure to discard, then play Caltrops (an Ace)
    assert game.turn == 0 and kind(game) == "turn"  # our reading: any play of an Ace counts
    game = position(expansions="elements", elements=sides, hands=["6a Ab 9c", ""], deck="2a 3a 4a",
                    options={"wind_nested": False})
    play(game, "a:6a", "a:Ab")
    assert game.turn == 1
    # The turn's own play of an Ace or Joker still counts, as an action or as a secret.
    game = position(expansions="elements", elements=sides, hands=["Xa 9c", ""], options={"wind_nested": False})
    play(game, "s:Xa")
    assert game.turn == 0 and kind(game) == "turn"


def test_wind_nested_false_shows_no_nested_secret_for_a_claim_it_cannot_make() -> None:
    sides = ["wind1", "-"]
    game = position(expansions="elements", elements=sides, hands=["9a Xa Ab", ""], options={"wind_nested": False})
    play(game, "a:9a", "s:Xa", "s:Ab")  # Smoke Bomb: two secrets, both an Ace or a Joker
    assert game.turn == 1
    assert seat_view(game, 1, 0)["known_secrets"] == []


# ---------------------------------------------------------------------- ruling 75: Drought


def test_drought_forbids_the_draw_action_by_default_and_drought_draw_allows_one_that_draws_nothing() -> None:
    hands = ["6a 7a 8a 9a 5a", "9c"]
    game = position(expansions="promo,weather", hands=hands, deck="2a 3a 4a", weather="Dw")
    assert "d" not in game.legal_actions(0)
    game = position(expansions="promo,weather", hands=hands, deck="2a 3a 4a", weather="Dw",
                    options={"drought_draw": True})
    assert "d" in game.legal_actions(0)
    play(game, "d")
    assert len(game.hands[0]) == 5 and len(game.deck) == 3 and game.turn == 1


def test_drought_draw_still_makes_the_wind_weather_pass_cards() -> None:
    game = position(expansions="promo,weather", hands=["6a 7a 8a 9a 5a", "9c"], deck="2a 3a 4a",
                    weather="Dw Ww", options={"drought_draw": True})
    play(game, "d")
    assert kind(game) == "wind-pass" and set(game.to_act()) == {0, 1}


# ---------------------------------------------------------------------- ruling 31: Master of Fire


def _master_of_fire_against_alberti(options: dict[str, OptionValue]) -> NinjitsuState:
    """P0 plays Master of Fire on 10, 9 and 8; P1 saves the 10 with Alberti."""
    game = position(expansions="magic,promo", hands=["Qm", "1l"], treasures=["8a", "Tc 9c 3b"], options=options)
    play(game, "a:Qm", "a:1l")
    return game


def test_master_of_fire_does_not_replace_a_treasure_alberti_saves_unless_fire_replaces() -> None:
    game = _master_of_fire_against_alberti({})
    assert game.turn == 1 and treasures(game, 0) == "" and treasures(game, 1) == "Tc 3b"
    game = _master_of_fire_against_alberti({"fire_replaces": True})
    assert game.turn == 1 and treasures(game, 0) == "" and treasures(game, 1) == "Tc"  # the 3 goes instead


def test_fire_replaces_lets_the_player_choose_among_tied_next_highest_and_never_takes_a_saved_one_again() -> None:
    game = position(expansions="magic,promo", hands=["Qm", "1l 1t"], treasures=["8a", "Tc 9c 2b 2a"],
                    options={"fire_replaces": True})
    play(game, "a:Qm", "a:1l")  # the 10 stays: one of the two 2s goes in its place, its player's choice
    assert kind(game) == "fire" and game.to_act() == (0,) and set(game.legal_actions(0)) == {"c:2a", "c:2b"}
    play(game, "c:2b", "a:1t")  # P1 then teleports the 9 into its hand: the other 2 goes, not the 10
    assert game.turn == 1 and treasures(game, 1) == "Tc" and "9c" in hand(game, 1)


# ---------------------------------------------------------------------- options: values, combinations, notation


@pytest.mark.parametrize(("options", "words"), [
    ({"free_swaps": 0}, "at least 1"),
    ({"free_swaps": 11}, "at most 10"),
    ({"free_swaps": "many"}, "whole number"),
    ({"optional_texts": "maybe"}, "true or false"),
    ({"element_order": "random", "expansions": "elements"}, "together, in-turn"),
    ({"element_order": "in-turn"}, "expansions=elements"),
    ({"wind_nested": False, "expansions": "promo"}, "expansions=elements"),
    ({"drought_draw": True, "expansions": "weather"}, "missing: promo"),
    ({"drought_draw": True, "expansions": "promo"}, "missing: weather"),
    ({"element_order": "in-turn", "expansions": "elements", "element_sides": "fire1/-"}, "element_sides"),
    ({"fire_replaces": True, "expansions": "magic"}, "promo or elements"),
    ({"fire_replaces": True, "expansions": "promo,elements"}, "expansions=magic"),
])
def test_bad_values_and_combinations_are_refused_with_a_clear_message(options: dict[str, object],
                                                                       words: str) -> None:
    with pytest.raises(OptionError, match=words) as caught:
        NinjitsuState.new(2, options, seed=1)
    assert "\n" not in str(caught.value)


def test_defaults_given_explicitly_are_not_written_and_other_values_round_trip() -> None:
    defaults: dict[str, OptionValue] = {"free_swaps": 3, "optional_texts": False, "idle_actions": True,
                                        "surprise_draws": False}
    plain = NinjitsuState.new(3, seed=9)
    assert NinjitsuState.new(3, defaults, seed=9).to_notation() == plain.to_notation()
    expanded = {**defaults, "element_order": "together", "wind_nested": True, "drought_draw": False,
                "fire_replaces": False, "expansions": EVERY_SET}
    assert _options_part(NinjitsuState.new(3, expanded, seed=9)) == f"expansions={EVERY_SET},target=21"
    game = NinjitsuState.new(3, {**OTHER, "expansions": EVERY_SET}, seed=9)
    written = _options_part(game)
    for name, value in OTHER.items():
        assert f"{name}={str(value).lower()}" in written
    text = game.to_notation()
    parsed = NinjitsuState.from_notation(text)
    assert parsed.to_notation() == text and dict(parsed.options) == dict(game.options)
    assert (parsed.swap_limit, parsed.optional_texts, parsed.idle_refused, parsed.surprise_draws,
            parsed.sides_in_turn, parsed.wind_nested, parsed.drought_draw, parsed.fire_replaces) == (
        6, True, True, True, True, False, True, True)
    copy = game.clone()
    assert copy.swap_limit == 6 and copy.sides_in_turn and not copy.wind_nested
    loaded = NinjitsuState.load_save(json.loads(json.dumps(game.to_save())))
    assert loaded == game and loaded.options["element_order"] == "in-turn"


def test_dojo_games_lists_each_option_with_its_ruling() -> None:
    specs = {option.name: option for option in NinjitsuState.option_specs()}
    for name, ruling in (("free_swaps", 2), ("optional_texts", 3), ("idle_actions", 4), ("surprise_draws", 5),
                         ("element_order", 57), ("drought_draw", 75), ("fire_replaces", 31)):
        assert specs[name].ruling == ruling and f"[ruling {ruling}]" in specs[name].describe()
        assert "ruling" not in specs[name].help, "describe() names the ruling; the help does not repeat it"
    # Ruling 59's Wind follows ANY play of an Ace or Joker by RULINGS.md: wind_nested is a variant against
    # it, not a house rule of an open ruling, so it names no ruling; its help says what it does for players
    # (issue 23: no "RULINGS.md", no "a variant against"), and the lobby shows it among the house rules.
    assert specs["wind_nested"].ruling is None and specs["wind_nested"].section == "House rules"
    assert "RULINGS" not in specs["wind_nested"].help and "variant" not in specs["wind_nested"].help


# ---------------------------------------------------------------------- playouts


def _option_sets() -> list[tuple[str, dict[str, OptionValue]]]:
    """Each option alone at its other value (base game, or its expansions), then all of them together,
    over the base game (the base-game ones) and over every set."""
    cases: list[tuple[str, dict[str, OptionValue]]] = []
    for name, value in OTHER.items():
        cases.append((NEEDS.get(name, ""), {name: value}))
        cases.append((EVERY_SET, {name: value}))
    base = {name: value for name, value in OTHER.items() if name not in NEEDS}
    cases.append(("", base))
    cases.append((EVERY_SET, dict(OTHER)))
    return cases


CASES = _option_sets()


def _random_playout(game: NinjitsuState, rng: Rng, every: int) -> None:
    """Play random legal actions to the end; every ``every`` actions check the notation round trip and
    that each seat's samples keep its view and depend only on what it knows."""
    step = 0
    while not game.is_terminal:
        assert step < 3000, "a random game ends well before 3000 actions"
        game.check_invariants()
        if step % every == 0:
            text = game.to_notation()
            assert NinjitsuState.from_notation(text).to_notation() == text
            for seat in range(game.num_players):
                sample = game.determinize(seat, step)
                sample.check_invariants()
                assert sample.observe(seat) == game.observe(seat)
                twin = game.determinize(seat, step + 7919)
                assert twin.determinize(seat, step).to_notation() == sample.to_notation()
                if seat in game.to_act():
                    assert sample.legal_actions(seat) == game.legal_actions(seat)
        seat = game.to_act()[rng.randbelow(len(game.to_act()))]
        actions = game.legal_actions(seat)
        assert actions and all(action in game.action_space().index for action in actions)
        game.apply(seat, actions[rng.randbelow(len(actions))])
        step += 1
    game.check_invariants()
    assert game.winners() and not game.result.truncated  # type: ignore[union-attr]


@pytest.mark.parametrize(("expansions", "options"), CASES, ids=[f"{e or 'base'}-{'+'.join(o)}" for e, o in CASES])
@pytest.mark.parametrize("seed", [3, 11])
def test_random_playouts_under_each_option_end_by_the_rules_and_keep_every_law(
        expansions: str, options: dict[str, OptionValue], seed: int) -> None:
    players = 2 + seed % 4
    game = NinjitsuState.new(players, {**options, "expansions": expansions}, seed=seed)
    _random_playout(game, Rng(seed ^ 0x0917), every=9)
    again = NinjitsuState.replay(game.record.copy())
    assert again.to_notation() == game.to_notation()


@pytest.mark.parametrize("expansions", ["", EVERY_SET])
def test_the_heuristic_bot_plays_legally_under_every_option(expansions: str) -> None:
    options = OTHER if expansions else {name: value for name, value in OTHER.items() if name not in NEEDS}
    game = NinjitsuState.new(3, {**options, "expansions": expansions}, seed=5)
    bot = make_bot("heuristic:samples=1,depth=0", "ninjitsu", seed=2)
    for _ in range(60):
        if game.is_terminal:
            break
        seat = game.to_act()[0]
        choice = bot.choose(SeatView(game, seat))
        assert choice in game.legal_actions(seat)
        game.apply(seat, choice)


def test_a_master_of_magic_surfaced_by_a_start_of_turn_draw_is_played_right_after_the_turns_action() -> None:
    # Found by the playouts above (with every set): a start-of-turn draw (Sleeping Potion) uncovered
    # P1's Master of Magic, so P1 plays as soon as P2's action is taken, before its text (ruling 33);
    # the position is one the rules reach, and so is the one after the action.
    text = ("ninjitsu|5|expansions=promo,magic,sabotage,elements,weather,target=21|fb8c6f14e2bde3c9|79|"
            '[["turn",[2],{},"",[]]]|-|turn=2;swaps=3;deck=Hv7sQbXaXsAs2mJs3c7cSv9b9m4mKbJm5pAb8aKsTm7aQs;'
            "discard=Jb4aXb1lEv5mFv1d4s4bQcAa3m8cXpKc8s8m8bLv7bWvXvQa1nXc7mKaQmJa2bTaFsTcAm9cBv6c4cJcKm6mXm;"
            "hands=6b3p2s2c/6a5b/KpTsBp/3sAc2a/-;treasures=9sEm/1s1t3a/5a3b/5s/9aTb5c;secrets=-/-/6s/-/-;"
            "effects=-;known=-;extra=1;surfaced=1;elements=water2/fire1/earth1/heart1/wind1;started=31;"
            "weather=Aw;wdeck=TwRw;wdiscard=HwUwDwSwWwFw;events=-")
    game = NinjitsuState.from_notation(text)
    play(game, "a:Bp")
    assert game.to_act() == (1,) and kind(game) == "play" and game.frames[-1].data["by"] == "Xm"
    game.check_invariants()
    assert NinjitsuState.from_notation(game.to_notation()).to_notation() == game.to_notation()
    play(game, "pass")
    # Then Jellybean Ninja's text goes on: no opponent of P2 has a secret, so the guess cannot be right
    # and P2 draws (1, and 1 more for Earth, side 1), then takes Aurora Borealis's second action.
    assert game.to_act() == (2,) and kind(game) == "turn" and len(game.hands[2]) == 4
