"""Scenario tests for Heavy Weather (option ``expansions=weather``), written from the rulebook's text
(ninjitsu.txt, "Heavy Weather" and the Event and Weather cards) and RULINGS.md: one or more per Weather
and per Event, the set-up, when Events go into play and resolve (and in which order, after the current
player's end-of-turn Element ability), Heavy Weather with The Elements, and what each seat may see of
the hidden, simultaneous decisions (Wind's pass, Hurricane's and Blizzard's discards) and of Eruption.
"""

from __future__ import annotations

from collections import Counter

import pytest
from ninjitsu_helpers import (
    discard,
    hand,
    kind,
    log,
    name_of,
    named,
    new_lines,
    play,
    seat_view,
    secrets,
    sorted_hand,
    treasures,
)

from ninjadojo.engine import IllegalActionError, NotationError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX, CARDS

WEATHER = "weather"
BOTH = "elements,weather"
#: The Weather cards and Events of the box (the Promo Pack adds Drought, Aurora Borealis, Solar Flare).
BOX_WEATHER = {"Sw", "Uw", "Rw", "Fw", "Ww", "Hw", "Tw"}
BOX_EVENTS = {"Hv", "Wv", "Bv", "Sv", "Fv", "Ev", "Lv"}


def weather(players: int = 2, expansions: str = WEATHER, **kwargs: object) -> NinjitsuState:
    """A position of a game with Heavy Weather (Snow in play unless ``weather`` says otherwise)."""
    return position(players, expansions=expansions, **kwargs)  # type: ignore[arg-type]


def in_play(game: NinjitsuState) -> list[str]:
    """The Weather cards in play, oldest first."""
    return [CARD_IDS[card] for card in game.weather]


def events(game: NinjitsuState) -> list[str]:
    """The Events in play, in the order they entered it."""
    return [CARD_IDS[card] for card in game.event_queue]


def discard_everyone(game: NinjitsuState) -> None:
    """Answer a simultaneous discard (Hurricane, Blizzard, Wind) with each seat's first card, until it ends."""
    decision = kind(game)
    while kind(game) == decision and game.frames[-1].simultaneous:
        for seat in game.to_act():
            game.apply(seat, game.legal_actions(seat)[0])


# ---------------------------------------------------------------------- set-up


def test_setup_one_weather_in_play_events_shuffled_in_after_the_starting_hands() -> None:
    for seed in range(12):
        game = NinjitsuState.new(3, {"expansions": WEATHER}, seed=seed)
        assert len(game.weather) == 1 and set(in_play(game)) <= BOX_WEATHER
        assert {CARD_IDS[card] for card in game.weather + game.weather_deck} == BOX_WEATHER
        assert game.weather_discard == []
        # Four cards each (Sunshine in play: the first player has drawn one more at the start of its turn).
        sunshine = 1 if in_play(game) == ["Uw"] else 0
        assert [len(game.hands[seat]) for seat in range(3)] == [4 + sunshine, 4, 4]
        assert not any(CARDS[card].kind == "event" for seat in range(3) for card in game.hands[seat])
        # Every Event is in the deck, or in play if it surfaced on top of the deck at set-up.
        placed = [CARD_IDS[card] for card in game.deck if CARDS[card].kind == "event"] + events(game)
        assert sorted(placed) == sorted(BOX_EVENTS)
        assert game.deck and CARDS[game.deck[-1]].kind != "event"  # an Event on top goes into play


def test_an_event_in_play_at_set_up_resolves_at_the_end_of_the_first_turn() -> None:
    for seed in range(400):
        game = NinjitsuState.new(2, {"expansions": WEATHER}, seed=seed)
        if game.event_queue:
            break
    else:
        pytest.skip("no seed put an Event on top of the deck at set-up")
    first = events(game)
    while game.turn == 0 and not game.is_terminal:
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, "d" if "d" in actions else actions[0])
        if game.turn == 0 and kind(game) == "turn":
            assert events(game)[:len(first)] == first  # still in play during the turn
    assert not set(first) & set(events(game)) and all(CARD_INDEX[each] in game.discard for each in first)


def test_the_weather_deck_is_its_own_and_no_card_can_discard_a_weather() -> None:
    game = weather(hands=["6a", ""], treasures=["", "9c"], weather="Rw")
    play(game, "a:6a")
    assert set(game.legal_actions(0)) == {"c:9c"}  # Katana: treasures only, never the Weather
    assert in_play(game) == ["Rw"]


# ---------------------------------------------------------------------- Snow


def test_snow_as_an_action_takes_the_top_two_cards_of_the_discard_pile() -> None:
    game = weather(hands=["6a", ""], discard="2a 3a 4a", weather="Sw")
    assert "snow" in game.legal_actions(0)
    play(game, "snow")
    assert sorted_hand(game, 0) == ["3a", "4a", "6a"] and discard(game).endswith("2a") and game.turn == 1


def test_snow_skips_events_in_the_discard_pile() -> None:
    game = weather(hands=["", ""], discard="2a Lv 3a", deck="4a 5a 6a", weather="Sw")
    play(game, "snow")
    assert sorted_hand(game, 0) == ["2a", "3a"] and "Lv" in discard(game).split()


def test_snow_is_not_offered_with_nothing_to_take() -> None:
    game = weather(hands=["6a", ""], weather="Sw")
    assert game.discard == [] and "snow" not in game.legal_actions(0)


def test_snow_is_not_a_draw_no_earth_bonus_and_allowed_under_drought() -> None:
    game = weather(expansions=BOTH, elements=["earth1", "-"], hands=["", ""], discard="2a 3a 4a", weather="Sw")
    play(game, "snow")
    assert sorted_hand(game, 0) == ["3a", "4a"]
    game = weather(expansions="promo,weather", hands=["6a 7a 8a 9a 5a", ""], discard="2a 3a", weather="Sw Dw")
    assert "snow" in game.legal_actions(0)
    play(game, "snow")
    assert len(game.hands[0]) == 7


# ---------------------------------------------------------------------- Sunshine


def test_sunshine_each_player_draws_a_card_at_the_start_of_their_turn() -> None:
    game = weather(hands=["6a", "9c"], deck="2a 3a 4a", weather="Uw")
    assert sorted_hand(game, 0) == ["4a", "6a"]  # the built position starts P0's turn
    play(game, "t:6a")
    assert sorted_hand(game, 1) == ["3a", "9c"]


def test_sunshine_is_a_draw_for_earth1() -> None:
    game = weather(expansions=BOTH, elements=["earth1", "-"], hands=["6a", ""], deck="2a 3a 4a", weather="Uw")
    assert sorted_hand(game, 0) == ["3a", "4a", "6a"]


# ---------------------------------------------------------------------- Rainbow and Hail


def test_rainbow_draws_a_card_after_a_treasure_play_not_a_secret() -> None:
    game = weather(hands=["6a 7a", "9c"], deck="2a 3a 4a", weather="Rw")
    play(game, "t:6a")
    assert sorted_hand(game, 0) == ["4a", "7a"] and game.turn == 1
    play(game, "s:9c")
    assert hand(game, 1) == ""


def test_rainbow_counts_any_treasure_play_also_inside_a_card() -> None:
    game = weather(hands=["6a 7a", ""], treasures=["", "9c"], deck="2a 3a", weather="Rw")
    play(game, "a:6a", "c:9c", "t:7a")  # Katana: discard a treasure, then play a card
    assert hand(game, 0) == "3a"


def test_hail_discards_a_card_from_hand_after_a_treasure_play() -> None:
    game = weather(hands=["6a 7a 8a", ""], weather="Hw")
    play(game, "t:6a")
    assert kind(game) == "hail" and game.to_act() == (0,)
    assert set(game.legal_actions(0)) == {"c:7a", "c:8a"}
    play(game, "c:8a")
    assert hand(game, 0) == "7a" and discard(game).endswith("8a") and game.turn == 1


def test_hail_with_an_empty_hand_asks_nothing_and_a_secret_is_no_treasure() -> None:
    game = weather(hands=["6a", ""], weather="Hw")
    play(game, "t:6a")
    assert game.turn == 1
    game = weather(hands=["6a 7a", ""], weather="Hw")
    play(game, "s:6a")
    assert game.turn == 1 and hand(game, 0) == "7a"


def test_two_weathers_apply_together_the_older_first() -> None:
    # Rainbow then Hail: draw, then discard (the drawn card is all there is to discard).
    game = weather(hands=["6a", ""], deck="2a 3a", weather="Rw Hw", expansions="promo,weather")
    play(game, "t:6a")
    assert kind(game) == "hail"
    play(game, "c:3a")
    assert hand(game, 0) == ""
    # Hail then Rainbow: nothing to discard, then draw.
    game = weather(hands=["6a", ""], deck="2a 3a", weather="Hw Rw", expansions="promo,weather")
    play(game, "t:6a")
    assert hand(game, 0) == "3a" and game.turn == 1


# ---------------------------------------------------------------------- Fog


def test_fog_draws_two_then_plays_a_random_card_of_the_shuffled_hand() -> None:
    played = set()
    for seed in range(1, 16):
        game = weather(hands=["9a", ""], deck="2b 6b 7b", weather="Fw", seed=seed)
        assert "fog" in game.legal_actions(0)
        play(game, "fog")
        assert sorted_hand(game, 0) == ["6b", "7b", "9a"] and kind(game) == "play" and game.to_act() == (0,)
        cards = {action.split(":")[1] for action in game.legal_actions(0)}
        assert len(cards) == 1, "one card, at random: its player chooses only the way"
        card = cards.pop()
        assert {f"s:{card}", f"t:{card}"} <= set(game.legal_actions(0))
        play(game, f"s:{card}")
        played.add(card)
        assert secrets(game, 0) == card and len(game.hands[0]) == 2 and game.turn == 1
    assert played == {"6b", "7b", "9a"}


def test_fogs_draw_is_a_draw_for_earth1() -> None:
    game = weather(expansions=BOTH, elements=["earth1", "-"], hands=["", ""], deck="2b 6b 7b 8b", weather="Fw")
    play(game, "fog")
    assert len(game.hands[0]) == 3 and kind(game) == "play"


# ---------------------------------------------------------------------- Wind


def test_wind_after_a_draw_action_everyone_passes_a_chosen_card_to_the_left_in_secret() -> None:
    game = weather(3, hands=["6a", "9c 8b", "5a"], deck="2a 3a 4a 2b", weather="Ww")
    before = {seat: log(game, seat) for seat in range(3)}
    play(game, "d")
    assert kind(game) == "wind-pass" and game.frames[-1].simultaneous and game.to_act() == (0, 1, 2)
    assert sorted_hand(game, 0) == ["2b", "4a", "6a"]
    views = {seat: (game.observe(seat), game.render(seat)) for seat in (1, 2)}
    game.apply(0, "c:6a")
    for seat in (1, 2):
        assert (game.observe(seat), game.render(seat)) == views[seat], f"P0's pass shows to P{seat} early"
        assert 0 not in game.determinize(seat, 4).frames[-1].submitted
    game.apply(1, "c:9c")
    game.apply(2, "c:5a")
    # Each passes to the left: P0 to P1, P1 to P2, P2 to P0.
    assert sorted_hand(game, 0) == ["2b", "4a", "5a"]
    assert sorted_hand(game, 1) == ["6a", "8b"]
    assert hand(game, 2) == "9c"
    assert game.turn == 1
    # Only the giver and the taker are told which card went: P2 is not told P0's card, P0 not P1's.
    assert not named(new_lines(game, 2, before[2]), "6a")
    assert not named(new_lines(game, 0, before[0]), "9c")
    assert named(new_lines(game, 1, before[1]), "6a") and named(new_lines(game, 2, before[2]), "9c")
    assert seat_view(game, 2, 1)["hand"] == [] and "9c" not in map(str, seat_view(game, 0, 2)["hand"])  # type: ignore[call-overload]


def test_wind_a_player_without_cards_passes_nothing() -> None:
    game = weather(3, hands=["6a", "", "5a"], deck="2a 3a 4a 2b", weather="Ww")
    play(game, "d")
    assert game.to_act() == (0, 2)
    game.apply(0, "c:6a")
    game.apply(2, "c:5a")
    assert hand(game, 1) == "6a" and "5a" in hand(game, 0)


def test_wind_only_after_the_draw_action() -> None:
    game = weather(hands=["8a 6a", ""], secrets=["", "6b"], deck="2a 3a", weather="Ww")
    play(game, "a:8a", "x1.0")  # Climbing Hook: steal, then draw (a draw, not the Draw action)
    assert game.turn == 1 and kind(game) == "turn"
    # Two Weathers in play only after Solar Flare, a Promo Pack card.
    game = weather(hands=["6a", "9c"], deck="2a 3a 4a", weather="Fw Ww", expansions="promo,weather")
    play(game, "fog")
    assert kind(game) == "play"


# ---------------------------------------------------------------------- Storms


def test_storms_as_an_action_discards_a_card_to_draw_three() -> None:
    game = weather(hands=["6a 7a", ""], deck="2a 3a 4a 5a", weather="Tw")
    assert {"storm:6a", "storm:7a"} <= set(game.legal_actions(0))
    play(game, "storm:6a")
    assert sorted_hand(game, 0) == ["3a", "4a", "5a", "7a"] and discard(game).endswith("6a") and game.turn == 1


def test_storms_needs_a_card_to_discard_and_its_draw_is_a_draw_for_earth1() -> None:
    game = weather(hands=["", ""], weather="Tw")
    assert not any(action.startswith("storm:") for action in game.legal_actions(0))
    game = weather(expansions=BOTH, elements=["earth1", "-"], hands=["6a", ""], deck="2a 3a 4a 5a 8a",
                   weather="Tw")
    play(game, "storm:6a")
    assert len(game.hands[0]) == 4


# ---------------------------------------------------------------------- Drought (Promo Pack)


def test_drought_a_hand_of_five_or_more_cannot_draw() -> None:
    game = weather(expansions="promo,weather", hands=["6a 7a 8a 9a 5a", "9c"], deck="2a 3a 4a", weather="Uw Dw")
    assert len(game.hands[0]) == 5  # Sunshine's draw at the start is blocked
    if "d" in game.legal_actions(0):
        play(game, "d")
        assert len(game.hands[0]) == 5
    else:
        play(game, "s:6a")
    assert len(game.hands[1]) == 2  # P1 holds 1: Sunshine draws


def test_drought_is_checked_before_the_draw_a_hand_of_four_draws_two() -> None:
    game = weather(expansions="promo,weather", hands=["6a 7a 8a 9a", ""], deck="2a 3a 4a", weather="Dw")
    play(game, "d")
    assert len(game.hands[0]) == 6


def test_drought_needs_the_promo_pack() -> None:
    with pytest.raises(NotationError):
        weather(weather="Dw")


# ---------------------------------------------------------------------- Aurora Borealis (Promo Pack)


def test_aurora_borealis_two_actions_a_turn() -> None:
    game = weather(expansions="promo,weather", hands=["6a 7a", "9c 8b"], weather="Aw")
    play(game, "t:6a")
    assert game.turn == 0 and kind(game) == "turn"
    play(game, "t:7a")
    assert game.turn == 1
    play(game, "t:9c")
    assert game.turn == 1
    play(game, "t:8b")
    assert game.turn == 0
    # Said at the start of each turn, so that the second action is not an unexplained "extra action".
    lines = game.observe(0)["log"]
    assert isinstance(lines, list) and "Aurora Borealis: P1 takes 2 actions this turn" in lines


def test_under_aurora_borealis_a_night_vision_pass_skips_the_first_action_only() -> None:
    """RULINGS: under Aurora Borealis Night Vision binds the first action only. Its `pass` skips that action
    (the log says so, not "skips their turn") and the second action is the player's own (ruling 69)."""
    game = weather(expansions="promo,magic,weather", hands=["8m 2a", "6a"], weather="Aw", deck="2c 3c 4c 5c")
    play(game, "a:8m", "s:2a")
    assert game.turn == 1 and game.mark(1) == "6a"
    assert set(game.legal_actions(1)) == {"a:6a", "s:6a", "t:6a", "pass"}
    before = log(game, 0)
    play(game, "pass")
    lines = new_lines(game, 0, before)
    assert "P1 skips their first action (their marked card stays in hand)" in lines
    assert "skips their turn" not in lines
    assert game.turn == 1 and kind(game) == "turn" and "d" in game.legal_actions(1)


def test_aurora_borealis_doubles_the_points_to_win() -> None:
    game = weather(expansions="promo,weather", hands=["", ""], treasures=["Ta Tb Tc 9a 2b", ""], weather="Aw")
    assert not game.is_terminal  # 41 of 42
    game = weather(expansions="promo,weather", hands=["", ""], treasures=["Ta Tb Tc 9a 2b 2a", ""], weather="Aw")
    assert game.winners() == (0,)  # 43
    game = weather(expansions="promo,weather", hands=["", ""], treasures=["Ta 9a 2b", ""], weather="Sw")
    assert game.winners() == (0,)  # 21 without Aurora Borealis


# ---------------------------------------------------------------------- Events: when they go into play and resolve


def test_a_drawn_event_goes_into_play_and_a_replacement_is_drawn_and_it_resolves_at_the_turns_end() -> None:
    # Heart (side 2): two actions on the first turn, so the Event is seen in play mid-turn.
    game = weather(expansions=BOTH, elements=["heart2", "-"], hands=["6a", ""], treasures=["", "3b"],
                   deck="2a 4a Fv 5a", weather="Sw")
    play(game, "d")
    assert sorted_hand(game, 0) == ["4a", "5a", "6a"]
    assert events(game) == ["Fv"] and treasures(game, 1) == "3b" and game.turn == 0
    play(game, "s:6a")
    assert events(game) == [] and treasures(game, 1) == "" and "Fv" in discard(game).split()
    assert in_play(game) != ["Sw"] and [CARD_IDS[card] for card in game.weather_discard] == ["Sw"]


def test_events_resolve_in_the_order_they_entered_play() -> None:
    # Sunshower (each draws 2: the Weather discard pile will hold 2), then Heat Wave (P0, most treasures,
    # discards its hand; everyone draws 1): P0 ends with 1 card. The other way round: 1 + 3.
    sizes = {}
    for order in ("Sv Wv", "Wv Sv"):
        game = weather(hands=["6a 7a", ""], treasures=["2a 3a", ""], weather="Sw", weather_discard="Rw",
                       events=order)
        play(game, "s:6a")
        assert game.turn == 1 and events(game) == []
        sizes[order] = len(game.hands[0])
    assert sizes == {"Sv Wv": 1, "Wv Sv": 4}


def test_an_event_surfacing_while_events_resolve_joins_the_queue_and_resolves_the_same_turn() -> None:
    game = weather(hands=["2a 6a", ""], deck="7a 8a Fv 9a", weather="Sw", events="Sv")
    play(game, "t:2a")
    # Sunshower: each draws 1 (the Weather discard pile holds Snow); Flood surfaces meanwhile.
    assert game.turn == 1 and events(game) == []
    assert "9a" in hand(game, 0) and "Fv" in discard(game).split() and "Fv" not in hand(game, 1).split()
    assert treasures(game, 0) == ""  # the Flood resolved at the end of the same turn


def test_the_end_of_turn_element_ability_comes_before_the_events() -> None:
    # Water (side 2) swaps first: it draws the 6 that Lightning would strike, and Lightning strikes 3s.
    game = weather(expansions=BOTH, elements=["water2", "-"], hands=["6a 9a", ""], deck="3a 6c",
                   weather="Sw", events="Lv")
    play(game, "t:9a")
    assert kind(game) == "water-swap" and events(game) == ["Lv"]
    play(game, "c:6a")
    assert hand(game, 0) == "6c" and events(game) == [] and "3a" in discard(game).split()


def test_andrea_stopping_the_steal_skips_the_end_of_turn_element_but_not_the_events() -> None:
    game = weather(expansions="promo,elements,weather", elements=["water2", "-"], hands=["6a", "1d"],
                   treasures=["", "2b"], secrets=["", "5a"], weather="Sw", events="Fv")
    play(game, "x1.0")
    assert game.to_act() == (1,)
    play(game, "a:1d")
    assert secrets(game, 1) == "5a" and hand(game, 0) == "6a"  # no Water swap offered
    assert treasures(game, 1) == "" and events(game) == [] and game.turn == 1  # the Flood resolved


# ---------------------------------------------------------------------- the hidden, simultaneous decisions


@pytest.mark.parametrize(("decision", "build", "first"), [
    ("wind-pass", {"players": 3, "hands": ["6a", "9c 8b", "5a"], "weather": "Ww"}, "d"),
    ("hurricane", {"players": 3, "hands": ["6a 7a", "9c", "5a"], "events": "Hv"}, "s:6a"),
    ("blizzard", {"players": 3, "hands": ["6a 7a 8a", "9c 8b", "5a"], "events": "Bv"}, "s:6a"),
])
def test_who_has_submitted_a_simultaneous_choice_shows_to_nobody_else(decision: str, build: dict[str, object],
                                                                      first: str) -> None:
    game = weather(**build)  # type: ignore[arg-type]
    play(game, first)
    assert kind(game) == decision and game.frames[-1].simultaneous
    everyone = (*range(game.num_players), None)  # the spectator last
    views = {seat: (game.observe(seat), game.render(seat)) for seat in everyone}
    chooser = game.to_act()[0]
    untouched = game.clone()
    game.apply(chooser, game.legal_actions(chooser)[0])
    for seat in range(game.num_players):
        if seat != chooser:
            assert chooser not in game.determinize(seat, 9).frames[-1].submitted
            assert game.determinize(seat, 9) == untouched.determinize(seat, 9)
    # A seat that has chosen does not learn who else has.
    after = game.clone()
    second = after.to_act()[0]
    seen = (after.observe(chooser), after.render(chooser))
    after.apply(second, after.legal_actions(second)[0])
    if kind(after) == decision:
        assert (after.observe(chooser), after.render(chooser)) == seen, f"P{second}'s choice shows to P{chooser}"
    for seat in everyone:
        if seat != chooser:
            assert (game.observe(seat), game.render(seat)) == views[seat], f"P{chooser}'s choice shows to {seat}"


# ---------------------------------------------------------------------- Hurricane


def test_hurricane_each_discards_then_the_discard_pile_and_every_weather_go_back_and_a_new_weather() -> None:
    game = weather(hands=["6a 7a", "9c"], discard="2a 3a", weather="Rw", weather_discard="Uw Sw", events="Hv")
    deck = len(game.deck)
    play(game, "s:6a")
    assert kind(game) == "hurricane" and game.frames[-1].simultaneous and game.to_act() == (0, 1)
    view = (game.observe(1), game.render(1))
    game.apply(0, "c:7a")
    assert (game.observe(1), game.render(1)) == view, "P0's discard shows to P1 early"
    assert 0 not in game.determinize(1, 2).frames[-1].submitted
    game.apply(1, "c:9c")
    assert hand(game, 0) == "" and hand(game, 1) == ""
    # The discard pile (2a 3a, and the two discards) went into the deck; Hurricane itself is discarded.
    assert len(game.deck) == deck + 4 and discard(game) == "Hv"
    assert game.weather_discard == [] and len(game.weather) == 1
    assert len(game.weather_deck) == len(BOX_WEATHER) - 1
    assert game.turn == 1


def test_hurricane_does_not_ask_a_player_without_cards() -> None:
    game = weather(3, hands=["6a 7a", "", "9c"], events="Hv")
    play(game, "s:6a")
    assert game.to_act() == (0, 2)


# ---------------------------------------------------------------------- Heat Wave


def test_heat_wave_the_most_treasures_by_count_discard_their_hands_then_all_draw_and_a_new_weather() -> None:
    game = weather(3, hands=["6a 7a", "9c", "8b"], treasures=["2a 3a", "Ta", ""], deck="2c 3c 4c 5c",
                   weather="Sw", events="Wv")
    play(game, "s:7a")
    assert hand(game, 0) == "5c"  # 6a discarded (two treasures beat one ten), then a draw
    assert sorted_hand(game, 1) == ["4c", "9c"] and sorted_hand(game, 2) == ["3c", "8b"]
    assert "6a" in discard(game).split() and in_play(game) != ["Sw"] and CARD_INDEX["Sw"] in game.weather_discard


def test_heat_wave_a_tie_for_most_discards_every_tied_hand() -> None:
    game = weather(3, hands=["6a 7a", "9c", "8b"], treasures=["2a", "Ta", ""], weather="Sw", events="Wv")
    play(game, "s:7a")
    assert [len(game.hands[seat]) for seat in range(3)] == [1, 1, 2]
    assert "6a" in discard(game).split() and "9c" in discard(game).split() and "8b" in hand(game, 2)


def test_heat_wave_nobody_with_a_treasure_nobody_discards() -> None:
    game = weather(hands=["6a 7a", "9c"], weather="Sw", events="Wv")
    play(game, "s:7a")
    assert len(game.hands[0]) == 2 and "6a" in hand(game, 0) and len(game.hands[1]) == 2


# ---------------------------------------------------------------------- Blizzard


def test_blizzard_hands_above_the_smallest_discard_until_all_are_even() -> None:
    game = weather(3, hands=["6a 7a 8a 9a 5a", "9c 8b", "Ta"], weather="Sw", events="Bv")
    play(game, "s:5a")
    assert kind(game) == "blizzard" and game.frames[-1].simultaneous and game.to_act() == (0, 1)
    decision = game.decision(1)
    assert decision is not None and decision.prompt == (
        "Blizzard: discard a card from your hand. Every hand is brought down to 1 card, the smallest, one card a "
        "round: each player still above it discards a card at the same time.")
    views = {seat: game.observe(seat) for seat in (1, 2)}
    game.apply(0, "c:6a")
    assert {seat: game.observe(seat) for seat in (1, 2)} == views
    game.apply(1, "c:9c")
    discard_everyone(game)
    assert [len(game.hands[seat]) for seat in range(3)] == [1, 1, 1] and hand(game, 2) == "Ta"
    assert "6a" in discard(game).split() and "9c" in discard(game).split()
    assert CARD_INDEX["Sw"] in game.weather_discard and game.turn == 1


def test_blizzard_an_empty_hand_empties_every_hand() -> None:
    game = weather(3, hands=["6a 7a", "9c", ""], weather="Sw", events="Bv")
    play(game, "s:6a")
    discard_everyone(game)
    assert all(game.hands[seat] == [] for seat in range(3))


# ---------------------------------------------------------------------- Sunshower


def test_sunshower_a_new_weather_first_then_each_draws_the_weather_discard_piles_size() -> None:
    game = weather(3, hands=["6a", "", "9c"], weather="Sw", weather_discard="Rw", events="Sv")
    play(game, "s:6a")
    # Snow joins Rainbow in the Weather discard pile: 2 cards each.
    assert [len(game.hands[seat]) for seat in range(3)] == [2, 2, 3]
    assert sorted(CARD_IDS[card] for card in game.weather_discard) == ["Rw", "Sw"] and len(game.weather) == 1


def test_a_new_weather_says_the_weathers_that_leave_play_in_words() -> None:
    game = weather(3, hands=["6a", "", "9c"], weather="Rw Hw", events="Sv", expansions="promo,weather")
    play(game, "s:6a")
    lines = game.observe(1)["log"]
    assert isinstance(lines, list)
    assert "  Rainbow and Hail leave play" in lines
    game = weather(3, hands=["6a", "", "9c"], weather="Sw", events="Sv")
    play(game, "s:6a")
    assert "  Snow leaves play" in game.observe(1)["log"]  # type: ignore[operator]



def test_the_weather_events_say_what_they_do_when_the_draws_come_or_nothing_happens() -> None:
    """A draw or nothing at all after "Event: ... resolves" had no cause in the log (the browser's digest)."""
    game = weather(3, hands=["6a", "", "9c"], weather="Sw", weather_discard="Rw", events="Sv")
    play(game, "s:6a")
    assert "The Weather discard pile holds 2: everyone draws 2 cards" in log(game, 1)
    game = weather(hands=["6a 7a", "9c"], weather="Sw", events="Wv")
    play(game, "s:7a")
    assert "Nobody has a treasure: no hand is discarded" in log(game, 1)
    assert "Then everyone draws a card" in log(game, 1)
    game = weather(hands=["6a", ""], treasures=["7a", "Ta"], weather="Sw", events="Fv")
    play(game, "s:6a")
    assert treasures(game, 0) == "7a" and treasures(game, 1) == "Ta"
    assert "No treasure of value 5 or less is in play: nothing is discarded" in log(game, 1)


# ---------------------------------------------------------------------- Flood


def test_flood_discards_every_treasure_of_printed_value_five_or_less_secrets_stay() -> None:
    game = weather(hands=["6a", ""], treasures=["5a 7a 2b", "Ta 3c"], secrets=["", "4a"], weather="Sw",
                   events="Fv")
    play(game, "s:6a")
    assert treasures(game, 0) == "7a" and treasures(game, 1) == "Ta" and secrets(game, 1) == "4a"
    assert {"5a", "2b", "3c"} <= set(discard(game).split()) and CARD_INDEX["Sw"] in game.weather_discard


def test_flood_uses_the_printed_value_earth2_does_not_save_a_five() -> None:
    game = weather(expansions=BOTH, elements=["earth2", "-"], hands=["6a", ""], treasures=["5a", ""],
                   weather="Sw", events="Fv")
    play(game, "s:6a")
    assert treasures(game, 0) == ""


def test_flood_cannot_discard_a_fire1_highest_treasure() -> None:
    game = weather(expansions=BOTH, elements=["-", "fire1"], hands=["6a", ""], treasures=["", "5b 3c"],
                   weather="Sw", events="Fv")
    play(game, "s:6a")
    assert treasures(game, 1) == "5b"


def test_flood_master_of_earth_has_no_printed_value_and_stays() -> None:
    game = weather(expansions="magic,weather", hands=["6a", ""], treasures=["Em", "2a"], weather="Sw",
                   events="Fv")
    play(game, "s:6a")
    assert treasures(game, 0) == "Em" and treasures(game, 1) == ""


def test_flood_water1_draws_once_for_the_event() -> None:
    game = weather(expansions=BOTH, elements=["-", "water1"], hands=["6a", ""], treasures=["", "2a 3a 4a"],
                   deck="7a 8a 9a", weather="Sw", events="Fv")
    play(game, "s:6a")
    assert treasures(game, 1) == "" and len(game.hands[1]) == 1


# ---------------------------------------------------------------------- Eruption


def test_eruption_each_draws_back_as_many_as_it_put_in_and_nobody_is_told_anothers_hand() -> None:
    game = weather(3, hands=["6a 7a 4a", "9c 8b 5a", ""], weather="Sw", events="Ev")
    before = {seat: log(game, seat) for seat in range(3)}
    play(game, "s:4a")
    assert [len(game.hands[seat]) for seat in range(3)] == [2, 3, 0]
    assert Counter(game.hands[0] + game.hands[1]) == Counter(CARD_INDEX[c] for c in ("6a", "7a", "9c", "8b", "5a"))
    for card in ("6a", "7a", "9c", "8b", "5a"):
        assert not named(new_lines(game, 2, before[2]).split("\n", 1)[-1], card)
    # P0 never held P1's old cards: whatever of them P1 holds now, P0 is not told.
    theirs = [CARD_IDS[card] for card in game.hands[1] if CARD_IDS[card] in ("9c", "8b", "5a")]
    eruption = new_lines(game, 0, before[0])
    assert not any(named(eruption, card) for card in theirs)
    assert not set(map(str, seat_view(game, 0, 1)["hand"])) & set(theirs)  # type: ignore[call-overload]
    assert set(map(str, seat_view(game, 1, 1)["hand"])) == {CARD_IDS[card] for card in game.hands[1]}  # type: ignore[call-overload]


def test_eruption_empties_a_magic_side_2_hand_which_draws_3_before_the_pile_is_drawn_back() -> None:
    # Magic (side 2): "If your hand is ever empty, immediately draw 3 cards." Eruption: "Each player shuffles
    # their hand into a shared face-down pile" (the hand is then empty: ruling 68), "... draws from that pile as
    # many cards as they contributed".
    game = weather(expansions="promo," + BOTH, elements=["-", "magic2"], hands=["6b 2a", "3a 4a"], deck="5b 7a 8a 9a",
                   weather="Sw", events="Ev")
    play(game, "t:6b")
    assert len(game.hands[1]) == 2 + 3 and len(game.hands[0]) == 1
    assert {"9a", "8a", "7a"} <= {CARD_IDS[card] for card in game.hands[1]}  # the top 3 of the deck, drawn first
    lines = log(game, 1)
    assert lines.index("Magic (side 2): an empty hand draws 3") < lines.index("from the pile")
    # A player whose Element is not Magic takes back its own count only, as before.
    plain = weather(expansions=BOTH, elements=["-", "water1"], hands=["6b 2a", "3a 4a"], weather="Sw", events="Ev")
    play(plain, "t:6b")
    assert [len(hand) for hand in plain.hands] == [1, 2]


def test_eruptions_redraw_is_not_a_draw_for_earth1() -> None:
    game = weather(expansions=BOTH, elements=["earth1", "-"], hands=["6a 7a 4a", "9c"], weather="Sw",
                   events="Ev")
    play(game, "s:4a")
    assert [len(game.hands[seat]) for seat in range(2)] == [2, 1]


# ---------------------------------------------------------------------- Lightning


def test_lightning_discards_the_top_card_and_every_card_of_its_value_in_play_and_in_hands() -> None:
    # Not the secret 4b: "secrets ... can only be affected by cards which specifically target secrets".
    game = weather(hands=["9a 4a", "7b"], treasures=["", "7a"], secrets=["", "4b"], deck="2a 3a 4c",
                   weather="Sw", events="Lv")
    play(game, "t:9a")
    assert hand(game, 0) == "" and secrets(game, 1) == "4b" and treasures(game, 0) == "9a"
    assert hand(game, 1) == "7b" and treasures(game, 1) == "7a"
    assert {"4a", "4c"} <= set(discard(game).split()) and CARD_INDEX["Sw"] in game.weather_discard


def test_lightning_strikes_an_any_time_card_of_its_value_with_the_rest_so_it_cannot_answer() -> None:
    # Ruling 78: the strike is one moment, so Alberti (1) in hand goes with the Teleport (1) it could have
    # kept in play; an any-time card of another value may still answer each treasure's discard.
    game = weather(expansions="promo,weather", hands=["6a", "1l 9a"], treasures=["", "1t"], deck="2a 3a 1n",
                   weather="Sw", events="Lv")
    play(game, "s:6a")
    assert kind(game) == "turn" and game.to_act() == (1,)
    assert hand(game, 1) == "9a" and treasures(game, 1) == ""
    assert {"1l", "1t", "1n"} <= set(discard(game).split())
    game = weather(expansions="promo,weather", hands=["6a", "1l 9a"], treasures=["", "4c"], deck="2a 3a 4b",
                   weather="Sw", events="Lv")
    play(game, "s:6a")
    assert kind(game) == "window" and "a:1l" in game.legal_actions(1)


def test_lightning_a_valueless_top_card_strikes_nothing_more() -> None:
    game = weather(hands=["9a Qa", "Jb"], secrets=["", "Kb"], deck="2a 3a Ka", weather="Sw", events="Lv")
    play(game, "t:9a")
    assert hand(game, 0) == "Qa" and hand(game, 1) == "Jb" and secrets(game, 1) == "Kb"
    assert "Ka" in discard(game).split()


def test_lightning_says_its_struck_card_has_no_value_before_an_event_it_uncovers() -> None:
    # The Event under the struck card surfaces (it goes into play): the log says why nothing else is struck
    # first, naming the card, so that "no value" is not read as the Event's.
    game = weather(hands=["9a Qa", "Jb"], deck="2a Hv Ka", weather="Sw", events="Lv")
    play(game, "t:9a")
    lines = log(game, 0)
    said = lines.index(f"{name_of('Ka')} has no value: nothing else is struck")
    assert said < lines.index(f"Event: {name_of('Hv')} reaches the top of the deck"), lines


def test_lightning_spares_a_fire1_protected_treasure_but_not_a_card_in_hand() -> None:
    game = weather(expansions=BOTH, elements=["-", "fire1"], hands=["9a", "4b"], treasures=["", "4c"],
                   deck="2a 3a 4a", weather="Sw", events="Lv")
    play(game, "t:9a")
    assert treasures(game, 1) == "4c" and hand(game, 1) == ""


# ---------------------------------------------------------------------- Solar Flare (Promo Pack)


def test_solar_flare_plays_a_second_weather_without_discarding_the_first() -> None:
    game = weather(expansions="promo,weather", hands=["6a", ""], weather="Sw", events="Xv")
    play(game, "s:6a")
    assert len(game.weather) == 2 and in_play(game)[0] == "Sw" and game.weather_discard == []


def test_an_empty_weather_deck_is_rebuilt_from_its_discard_pile() -> None:
    game = weather(hands=["6a", ""], weather="Sw", weather_discard="Uw Rw Fw Ww Hw Tw", events="Fv")
    assert game.weather_deck == []
    play(game, "s:6a")
    assert len(game.weather) == 1
    assert sorted(CARD_IDS[card] for card in game.weather + game.weather_deck + game.weather_discard) \
        == sorted(BOX_WEATHER)


# ---------------------------------------------------------------------- Heavy Weather with The Elements


def test_heart1_events_among_its_four_extra_cards_are_discarded_unresolved_and_replaced() -> None:
    for seed in range(300):
        game = NinjitsuState.new(2, {"expansions": BOTH, "element_sides": "heart1/-"}, seed=seed)
        if any(CARDS[card].kind == "event" for card in game.discard):
            break
    else:
        pytest.fail("no seed drew an Event among Heart's extra cards")
    assert len(game.hands[0]) == 8 and len(game.hands[1]) == 4
    assert all(CARDS[card].kind == "event" for card in game.discard)  # only the Events went there
    assert not any(CARDS[card].kind == "event" for seat in range(2) for card in game.hands[seat])
    assert game.weather_discard == [] and len(game.weather) == 1  # they did not resolve
    assert not set(game.discard) & set(game.event_queue)


def test_an_illegal_weather_action_is_refused_and_changes_nothing() -> None:
    game = weather(hands=["6a", ""], weather="Rw")
    text = game.to_notation()
    for action in ("snow", "fog", "storm:6a"):
        with pytest.raises(IllegalActionError):
            game.apply(0, action)
    assert game.to_notation() == text


def test_sunshine_draws_before_hearts_look_at_the_start_of_a_turn() -> None:
    # RULINGS.md, start of a turn: Sunshine's draw, then Heart's look. An empty hand gets the card first.
    game = weather(expansions=BOTH, elements=["heart2", "-"], hands=["", "9c"], deck="2a 3a", weather="Uw",
                   started=(0,))
    assert hand(game, 0) == "3a" and kind(game) == "heart" and "c:3a" in game.legal_actions(0)
