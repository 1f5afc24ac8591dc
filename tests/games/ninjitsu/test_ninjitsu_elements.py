"""Scenario tests for The Elements (option ``expansions=elements``), written from the rulebook's text
(ninjitsu.txt, "The Elements" and the Element cards) and RULINGS.md: one or more per side, the set-up
(the deal, the hidden side choice, the handicap, keeping Elements across a match), the options' errors,
and what each seat may see of Fire's trade and Heart's look.
"""

from __future__ import annotations

import pytest
from ninjitsu_helpers import (
    discard,
    hand,
    kind,
    log,
    named,
    new_lines,
    play,
    seat_view,
    secrets,
    sorted_hand,
    treasures,
)

from ninjadojo.engine import IllegalActionError, NotationError, OptionError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position

ELEMENTS = "elements"
#: The five Elements of the box; the Promo Pack adds Magic.
BOX = {"wind", "fire", "earth", "water", "heart"}


def elements(players: int = 2, sides: tuple[str, ...] = (), expansions: str = ELEMENTS,
             **kwargs: object) -> NinjitsuState:
    """A position of a game with The Elements; ``sides`` gives each seat's side (``-`` for none)."""
    chosen = list(sides) or ["-"] * players
    return position(players, expansions=expansions, elements=chosen, **kwargs)  # type: ignore[arg-type]


def finish_turn(game: NinjitsuState) -> None:
    """Decline every optional end-of-turn decision of the current player (``pass``)."""
    seat = game.turn
    while game.turn == seat and not game.is_terminal and "pass" in game.legal_actions(game.to_act()[0]):
        play(game, "pass")


# ---------------------------------------------------------------------- set-up: the deal and the side choice


def test_each_player_is_dealt_a_different_element_and_chooses_its_side_before_the_hands_are_dealt() -> None:
    game = NinjitsuState.new(3, {"expansions": ELEMENTS}, seed=4)
    assert game.to_act() == (0, 1, 2) and kind(game) == "element"
    assert game.frames[-1].simultaneous
    for seat in range(3):
        assert game.legal_actions(seat) == ["side:1", "side:2"]
        assert hand(game, seat) == ""  # the side is chosen before the deal
    names = [str(each) for each in game.elements]
    assert len(set(names)) == 3 and set(names) <= BOX  # one Element each, no Magic without the Promo Pack
    game.apply(0, "side:2")
    game.apply(2, "side:1")
    assert game.to_act() == (1,) and all(hand(game, seat) == "" for seat in range(3))
    game.apply(1, "side:2")
    assert [str(each) for each in game.elements] == [names[0] + "2", names[1] + "2", names[2] + "1"]
    assert kind(game) in ("turn", "heart") and game.turn == 0
    # Everyone sees every chosen side once they are all in.
    for viewer in range(3):
        text = log(game, viewer)
        assert all(f"Element {name.capitalize()} (side {side})" in text
                   for name, side in ((names[0], 2), (names[1], 2), (names[2], 1)))


def test_the_starting_hands_are_four_cards_once_the_sides_are_chosen() -> None:
    game = NinjitsuState.new(2, {"expansions": ELEMENTS, "element_sides": "wind1/fire2"}, seed=3)
    assert [len(game.hands[seat]) for seat in range(2)] == [4, 4]


def test_a_side_choice_is_hidden_from_the_other_seats_until_all_have_chosen() -> None:
    fresh = NinjitsuState.new(3, {"expansions": ELEMENTS}, seed=8)
    views = {seat: (fresh.observe(seat), fresh.render(seat)) for seat in (1, 2)}
    for side in ("side:1", "side:2"):
        game = fresh.clone()
        game.apply(0, side)
        for seat in (1, 2):
            assert (game.observe(seat), game.render(seat)) == views[seat], f"P0's {side} shows to P{seat}"
        # A sample for another seat does not hold P0's submitted choice; P0's own sample keeps it.
        for seat in (1, 2):
            sample = game.determinize(seat, 5)
            assert 0 not in sample.frames[-1].submitted
            assert sample.to_act() == (0, 1, 2)
            assert sample.observe(seat) == game.observe(seat)
        assert 0 in game.determinize(0, 5).frames[-1].submitted
        assert str(game.elements[0]) in BOX  # not flipped to a side yet


def test_who_has_chosen_a_side_shows_neither_to_a_spectator_nor_to_a_seat_that_has_chosen() -> None:
    fresh = NinjitsuState.new(3, {"expansions": ELEMENTS}, seed=8)
    spectator = (fresh.observe(None), fresh.render(None))
    game = fresh.clone()
    game.apply(0, "side:1")
    assert (game.observe(None), game.render(None)) == spectator, "P0's choice shows to a spectator"
    seen = (game.observe(0), game.render(0))
    game.apply(1, "side:1")
    assert (game.observe(0), game.render(0)) == seen, "P1's choice shows to P0"


def test_the_handicap_deals_elements_only_to_the_seats_named() -> None:
    game = NinjitsuState.new(3, {"expansions": ELEMENTS, "element_seats": "0,2"}, seed=6)
    assert game.to_act() == (0, 2) and kind(game) == "element"
    assert not game.elements[1]
    with pytest.raises(IllegalActionError):
        game.apply(1, "side:1")
    play(game, "side:1")
    game.apply(2, "side:2")
    assert not game.elements[1] and str(game.elements[0]).endswith("1") and str(game.elements[2]).endswith("2")
    assert kind(game) in ("turn", "heart")


def test_element_sides_keeps_elements_skips_the_deal_and_the_choice() -> None:
    game = NinjitsuState.new(3, {"expansions": ELEMENTS, "element_sides": "fire2/-/heart1"}, seed=2)
    assert kind(game) == "turn" and game.to_act() == (0,)
    assert [each or "-" for each in game.elements] == ["fire2", "-", "heart1"]
    assert [len(game.hands[seat]) for seat in range(3)] == [4, 4, 8]  # Heart (side 1): 4 extra at the start


def test_rematch_options_carry_every_seats_element_and_side_into_the_next_game() -> None:
    game = NinjitsuState.new(3, {"expansions": ELEMENTS}, seed=12)
    assert game.rematch_options() == {}  # nothing to carry before the sides are chosen
    play(game, "side:1")
    game.apply(1, "side:2")
    game.apply(2, "side:1")
    sides = [str(each) for each in game.elements]
    carried = game.rematch_options()
    assert carried == {"element_sides": "/".join(sides)}
    rematch = NinjitsuState.new(3, {"expansions": ELEMENTS, **carried}, seed=13)
    assert kind(rematch) != "element" and [str(each) for each in rematch.elements] == sides
    # The handicap carries too: a seat without an Element stays without.
    handicap = NinjitsuState.new(2, {"expansions": ELEMENTS, "element_sides": "earth2/-"}, seed=1)
    assert handicap.rematch_options() == {"element_sides": "earth2/-"}
    assert NinjitsuState.new(2, seed=1).rematch_options() == {}


@pytest.mark.parametrize(("options", "words"), [
    ({"expansions": ELEMENTS, "element_sides": "fire1/fire2"}, "fire"),
    ({"expansions": ELEMENTS, "element_sides": "fire1/wind1/-"}, "element_sides"),
    ({"expansions": ELEMENTS, "element_sides": "fire3/-"}, "fire3"),
    ({"expansions": ELEMENTS, "element_seats": "3"}, "element_seats"),
    ({"expansions": ELEMENTS, "element_seats": "9"}, "element_seats"),
    ({"element_sides": "fire1/-"}, "elements"),
    ({"element_seats": "0"}, "elements"),
    ({"expansions": "weather", "element_sides": "fire1/-"}, "elements"),
])
def test_bad_element_options_are_refused_with_a_clear_error(options: dict[str, object], words: str) -> None:
    with pytest.raises(OptionError, match=words) as error:
        NinjitsuState.new(2, options, seed=1)
    assert "\n" not in str(error.value)


def test_magic_without_the_promo_pack_is_refused_saying_it_needs_the_promo_pack() -> None:
    with pytest.raises(OptionError, match=r"(?i)promo"):
        NinjitsuState.new(2, {"expansions": ELEMENTS, "element_sides": "magic1/-"}, seed=1)
    with pytest.raises(NotationError):
        position(2, expansions=ELEMENTS, elements=["magic2", "-"])
    # With the Promo Pack, Magic is one of the Elements.
    game = NinjitsuState.new(2, {"expansions": "promo,elements", "element_sides": "magic2/-"}, seed=1)
    assert game.elements[0] == "magic2"


def test_the_promo_pack_puts_magic_among_the_elements_that_can_be_dealt() -> None:
    dealt = set()
    for seed in range(40):
        game = NinjitsuState.new(5, {"expansions": "promo,elements"}, seed=seed)
        dealt |= {str(each) for each in game.elements}
        assert len({str(each) for each in game.elements}) == 5
    assert dealt == BOX | {"magic"}


def test_element_sides_need_the_elements_in_a_built_position() -> None:
    with pytest.raises(NotationError, match="elements"):
        position(2, elements=["fire1", "-"])


# ---------------------------------------------------------------------- Wind


def test_wind1_an_ace_played_for_its_action_gives_an_extra_action() -> None:
    game = elements(sides=("wind1", "-"), hands=["Ab 6a", ""], treasures=["", "9c"], deck="2a 3a")
    play(game, "a:Ab")  # Caltrops: the opponent's highest treasure goes, then draw a card
    assert treasures(game, 1) == "" and game.turn == 0 and kind(game) == "turn"
    # Its face shows no rank, so the line says why it counts.
    assert "Wind (side 1): an extra action after Caltrops (an Ace)" in log(game, 1)
    assert "t:6a" in game.legal_actions(0)
    play(game, "t:6a")
    assert game.turn == 1 and treasures(game, 0) == "6a"


def test_wind1_a_joker_played_as_a_secret_gives_an_extra_action_and_is_shown_to_claim_it() -> None:
    # Ruling 59: to claim the extra action the player shows the table that the secret is a Joker.
    game = elements(3, sides=("wind1", "-", "-"), hands=["Xa 6a", "", ""])
    before = {seat: log(game, seat) for seat in (1, 2)}
    play(game, "s:Xa")
    assert secrets(game, 0) == "Xa" and game.turn == 0 and kind(game) == "turn"
    for seat in (1, 2):
        lines = new_lines(game, seat, before[seat])
        assert named(lines, "Xa") and "Master of Surprise (a Joker)" in lines
        assert seat_view(game, seat, 0)["known_secrets"] == [[0, "Xa"]]
    play(game, "t:6a")
    assert game.turn == 1


def test_wind1_every_ace_or_joker_gives_its_own_extra_action() -> None:
    game = elements(sides=("wind1", "-"), hands=["Aa Xb 6a", ""])
    play(game, "s:Aa", "s:Xb")
    assert game.turn == 0
    play(game, "s:6a")
    assert game.turn == 1


def test_wind1_no_extra_action_for_another_card_or_for_a_player_without_wind1() -> None:
    game = elements(sides=("wind1", "-"), hands=["Ka 6a", ""])
    play(game, "s:Ka")
    assert game.turn == 1
    game = elements(sides=("-", "wind1"), hands=["Xa 6a", ""])
    play(game, "s:Xa")
    assert game.turn == 1


def test_wind2_swaps_a_treasure_from_hand_with_a_treasure_in_play_then_draws() -> None:
    game = elements(sides=("wind2", "-"), hands=["6a Ka", ""], treasures=["", "9c 2b"], deck="2a 3a")
    actions = game.legal_actions(0)
    assert "swap:6a" in actions and "swap:Ka" not in actions  # a King has no value: never a treasure
    play(game, "swap:6a")
    assert set(game.legal_actions(0)) == {"c:9c", "c:2b"}
    play(game, "c:9c")
    # The hand's 6 takes the 9's place in P1's collection; the 9 comes to the hand; a card is drawn.
    assert sorted(treasures(game, 1).split()) == ["2b", "6a"]
    assert sorted_hand(game, 0) == ["3a", "9c", "Ka"]
    assert game.turn == 1  # it was the turn's action


def test_wind2_may_swap_with_ones_own_treasure_and_a_trapped_treasure_does_not_go_off() -> None:
    game = elements(sides=("wind2", "-"), hands=["6a 7a", ""], treasures=["2b", ""], deck="2a 3a")
    play(game, "swap:6a", "c:2b")
    assert treasures(game, 0) == "6a" and sorted_hand(game, 0) == ["2b", "3a", "7a"]  # Explosives: no trap


def test_wind2_is_no_action_without_a_treasure_in_play() -> None:
    game = elements(sides=("wind2", "-"), hands=["6a", ""])
    assert not any(action.startswith("swap:") for action in game.legal_actions(0))
    game = elements(sides=("-", "wind2"), hands=["6a", ""], treasures=["", "9c"])
    assert not any(action.startswith("swap:") for action in game.legal_actions(0))


# ---------------------------------------------------------------------- Fire


def test_fire1_the_highest_treasure_cannot_be_discarded_from_play() -> None:
    game = elements(sides=("-", "fire1"), hands=["6a 7a", ""], treasures=["", "5a 9c"])
    play(game, "a:6a")  # Katana: discard any 1 treasure
    assert "c:9c" not in game.legal_actions(0) and "c:5a" in game.legal_actions(0)
    with pytest.raises(IllegalActionError):
        game.apply(0, "c:9c")


def test_fire1_an_effect_that_takes_the_highest_takes_the_next_one() -> None:
    game = elements(sides=("-", "fire1"), hands=["Ab", ""], treasures=["", "9c 5a 3b"])
    play(game, "a:Ab")  # Caltrops: discard the highest-value treasure of each opponent
    assert treasures(game, 1) == "9c 3b" and "5a" in discard(game).split()


def test_fire1_its_highest_treasure_can_still_be_stolen_moved_or_swapped() -> None:
    game = elements(sides=("-", "fire1"), hands=["Qa 6a", ""], treasures=["", "9c"])
    assert "c:9c" in play(game, "a:Qa").legal_actions(0)  # Master of Secrets: move a treasure into hand
    play(game, "c:9c")
    assert treasures(game, 1) == "" and "9c" in hand(game, 0)
    game = elements(sides=("wind2", "fire1"), hands=["6a", ""], treasures=["", "9c"])
    play(game, "swap:6a", "c:9c")
    assert treasures(game, 1) == "6a"


def _caltrops_on_a_fire1_tie(kept: str) -> NinjitsuState:
    """Caltrops against a Fire (side 1) holder with two 9s: the current player settles Caltrops' own tie
    (RULINGS: "Caltrops ... ties for highest: the current player chooses") by picking 9c, then the owner
    keeps ``kept``."""
    game = elements(sides=("-", "fire1"), hands=["Ab", ""], treasures=["", "9c 9a 2b"])
    play(game, "a:Ab")
    if game.to_act() == (0,) and set(game.legal_actions(0)) == {"c:9c", "c:9a"}:
        play(game, "c:9c")
    assert game.turn == 0 and game.to_act() == (1,), \
        "the Fire holder chooses which of its equal highest treasures is protected (RULINGS)"
    assert {"c:9c", "c:9a"} <= set(game.legal_actions(1))
    play(game, f"c:{kept}")
    return game


def test_fire1_on_a_tie_the_owner_chooses_the_protected_treasure_and_caltrops_takes_the_other() -> None:
    # RULINGS: "Fire's protected treasure on a tie is chosen by its owner when an effect would take it,
    # and effects that take the highest then take the next": the next highest is the other 9.
    assert treasures(_caltrops_on_a_fire1_tie("9a"), 1) == "9a 2b"


def test_fire1_keeping_the_nine_caltrops_chose_does_not_make_the_owner_immune_to_caltrops() -> None:
    # The protected 9 stays; "the next" highest is the other 9, which Caltrops takes. (A tie must not
    # make Fire stronger than a 9 and an 8 would: there Caltrops takes the 8.)
    assert treasures(_caltrops_on_a_fire1_tie("9c"), 1) == "9c 2b"
    game = elements(sides=("-", "fire1"), hands=["Ab", ""], treasures=["", "9c 8a 2b"])
    play(game, "a:Ab")
    assert treasures(game, 1) == "9c 2b"


def test_fire1_a_pending_tie_choice_is_a_legal_position_that_round_trips() -> None:
    for players in (2, 3):
        game = elements(players, sides=("-",) * (players - 1) + ("fire1",), hands=["Ab"] + [""] * (players - 1),
                        treasures=[""] * (players - 1) + ["9c 9a 2b"])
        play(game, "a:Ab")
        while game.to_act() != (players - 1,):  # Caltrops' own ties, if any, settled by its player
            play(game, game.legal_actions(game.to_act()[0])[0])
        game.check_invariants()
        assert NinjitsuState.from_notation(game.to_notation()) == game


def test_fire1_a_tied_treasure_kept_once_is_kept_for_the_whole_action_and_the_other_goes() -> None:
    # Ruling 61: Fire keeps ONE treasure. Darts aims at one 9, its owner keeps that one; Darts' second
    # discard may not aim at it again, and the other 9 then goes without a second question.
    game = elements(sides=("-", "fire1"), hands=["Aa 2b", ""], treasures=["", "9a 9b 5c"])
    play(game, "a:Aa", "c:9a")
    assert kind(game) == "fire-keep" and game.to_act() == (1,)
    play(game, "c:9a")
    assert treasures(game, 1) == "9a 9b 5c" and kind(game) == "discard-treasure"
    assert "firekeep=9a" in game.to_notation(), "the choice is part of the position while the action lasts"
    assert NinjitsuState.from_notation(game.to_notation()) == game
    assert "c:9a" not in game.legal_actions(0) and {"c:9b", "c:5c"} <= set(game.legal_actions(0))
    play(game, "c:9b")
    assert treasures(game, 1) == "9a 5c" and kind(game) == "play", "9b went with no fire-keep question"
    play(game, "s:2b")
    assert game.turn == 1 and "firekeep" not in game.to_notation(), "the choice holds for that action only"


def test_fire1_after_keeping_one_of_a_tie_master_of_fire_takes_the_other() -> None:
    game = elements(sides=("-", "fire1"), expansions="magic,elements", hands=["Qm", ""], treasures=["", "9a 9b"])
    play(game, "a:Qm")
    assert kind(game) == "fire-keep" and game.frames[-1].data["card"] == ""  # asked first (ruling 61)
    play(game, "c:9b")
    assert treasures(game, 1) == "9b" and game.turn == 1, "the other 9 went: Fire keeps one treasure"


def test_fire1_on_a_tie_keeps_one_first_and_master_of_fire_takes_the_next_three() -> None:
    """Ruling 61 (RULINGS: "effects that take the highest then take the next"): with one highest Master of
    Fire takes the three after it; with two tied for the highest, the owner first chooses which one Fire
    keeps, and Master of Fire then takes the three highest of the rest (the other 9, 8a, 7a), not two."""
    game = elements(sides=("-", "fire1"), expansions="magic,elements", hands=["Qm 2c", ""],
                    treasures=["8a 7a 3c", "9a 9b"], deck="2a 3a 4a")
    play(game, "a:Qm")
    assert kind(game) == "fire-keep" and game.to_act() == (1,) and game.frames[-1].data["card"] == ""
    play(game, "c:9a")
    assert treasures(game, 1) == "9a" and treasures(game, 0) == "3c" and game.turn == 1
    assert "P1's Element Fire (side 1) keeps Smoke Bomb" in log(game, 0)
    # Tied treasures out of the three highest's reach: nothing to ask, the three 10s go.
    game = elements(3, sides=("-", "fire1", "-"), expansions="magic,elements", hands=["Qm 2c", "", ""],
                    treasures=["Ta", "9a 9b", "Tb Tc"], deck="2a 3a 4a")
    play(game, "a:Qm")
    assert treasures(game, 0) == treasures(game, 2) == "" and treasures(game, 1) == "9a 9b" and game.turn == 1


def test_a_firekeep_field_outside_the_elements_or_naming_no_card_is_refused() -> None:
    text = position(hands=["6a", ""]).to_notation()
    with pytest.raises(NotationError, match="firekeep belongs to a game with expansions=elements"):
        NinjitsuState.from_notation(text + ";firekeep=9a")
    text = elements(sides=("-", "fire1"), hands=["6a", ""]).to_notation()
    with pytest.raises(NotationError, match="firekeep is the card id"):
        NinjitsuState.from_notation(text + ";firekeep=zz")


def test_fire2_trades_a_card_with_a_random_card_of_an_opponents_hand_unseen_by_third_seats() -> None:
    game = elements(3, sides=("fire2", "-", "-"), hands=["6a 7a", "9c", ""])
    third = log(game, 2)
    play(game, "t:7a")
    assert kind(game) == "fire-trade" and game.to_act() == (0,) and game.turn == 0
    assert "h1" in game.legal_actions(0) and "h2" not in game.legal_actions(0)  # P2 has no card to trade
    assert "pass" in game.legal_actions(0)
    play(game, "h1", "c:6a")
    assert hand(game, 0) == "9c" and hand(game, 1) == "6a"
    assert game.turn == 1
    lines = new_lines(game, 2, third)
    assert not named(lines, "6a") and not named(lines, "9c")
    assert seat_view(game, 2, 0)["hand"] == [] and seat_view(game, 2, 1)["hand"] == []
    # The two who traded know both cards.
    assert named(log(game, 1), "6a") and named(log(game, 0), "9c")


def test_fire2_the_card_taken_is_random_and_cards_are_conserved() -> None:
    taken = set()
    for seed in range(1, 12):
        game = elements(sides=("fire2", "-"), hands=["6a 7a", "9c 8b"], seed=seed)
        play(game, "t:7a", "h1", "c:6a")
        assert len(game.hands[0]) == 1 and sorted_hand(game, 1) in (["6a", "8b"], ["6a", "9c"])
        taken.add(hand(game, 0))
    assert taken == {"9c", "8b"}


def test_fire2_may_pass_and_is_not_offered_without_cards_or_on_anothers_turn() -> None:
    game = elements(sides=("fire2", "-"), hands=["6a 7a", "9c"])
    play(game, "t:7a", "pass")
    assert hand(game, 0) == "6a" and hand(game, 1) == "9c" and game.turn == 1
    play(game, "t:9c")
    assert game.turn == 0 and kind(game) != "fire-trade"  # P1's turn end is not P0's
    game = elements(sides=("fire2", "-"), hands=["6a", "9c"])
    play(game, "t:6a")
    assert game.turn == 1  # nothing left in hand to trade
    game = elements(sides=("fire2", "-"), hands=["6a 7a", ""])
    play(game, "t:6a")
    assert game.turn == 1  # no opponent holds a card


# ---------------------------------------------------------------------- Earth


def test_earth1_the_draw_action_draws_an_extra_card() -> None:
    game = elements(sides=("earth1", "-"), hands=["6a", ""], deck="2a 3a 4a 5a")
    play(game, "d")
    assert sorted_hand(game, 0) == ["3a", "4a", "5a", "6a"]


def test_earth1_a_cards_draw_draws_an_extra_card_and_a_steal_is_not_a_draw() -> None:
    game = elements(sides=("earth1", "-"), hands=["8a", ""], secrets=["", "6b"], deck="2a 3a 4a")
    play(game, "a:8a", "x1.0")  # Climbing Hook: steal a secret, then draw a card
    assert treasures(game, 0) == "6b" and sorted_hand(game, 0) == ["3a", "4a"]


def test_earth1_only_its_holder_draws_more() -> None:
    game = elements(sides=("-", "earth1"), hands=["6a", ""], deck="2a 3a 4a 5a")
    play(game, "d")
    assert sorted_hand(game, 0) == ["4a", "5a", "6a"]


def test_earth2_treasures_are_worth_one_more_each_but_not_secrets() -> None:
    won = elements(sides=("earth2", "-"), hands=["", ""], treasures=["Ta 9a", ""])
    assert won.is_terminal and won.winners() == (0,)  # 19 + 2 = 21 at the start of the turn
    assert not elements(sides=("earth2", "-"), hands=["", ""], secrets=["Ta 9a", ""]).is_terminal
    assert not elements(sides=("-", "earth2"), hands=["", ""], treasures=["Ta 9a", ""]).is_terminal
    game = elements(sides=("earth2", "-"), hands=["", ""], treasures=["6a 2b", ""], secrets=["5c", ""])
    assert game.points(0) == 6 + 2 + 2 + 10 and game.points(1) == 0


def test_earth1_says_its_extra_card_in_the_draw_line() -> None:
    game = elements(sides=("earth1", "-"), hands=["", ""], deck="2a 3a 4a 5a 6b")
    play(game, "d")
    assert len(game.hands[0]) == 3
    assert "P0 draws 3 cards, one more for their Element Earth (side 1)" in game.observe(1)["log"]  # type: ignore[operator]


def test_fire1_says_why_master_of_fire_leaves_the_highest_treasure_in_play() -> None:
    """Master of Fire takes the 3 highest treasures; Fire (side 1) keeps its owner's highest in play, and the
    log says so (it took the next ones instead, with no word of the one left)."""
    game = elements(sides=("-", "fire1"), expansions=ELEMENTS + ",magic", hands=["Qm", ""],
                    treasures=["2a", "8b 9c"], deck="2b 3b 4b")
    play(game, "a:Qm")
    assert treasures(game, 1) == "9c" and treasures(game, 0) == ""
    lines = game.observe(0)["log"]
    assert isinstance(lines, list)
    assert "  Smoke Bomb stays in play: P1's Element Fire (side 1) protects their highest treasure" in lines


# ---------------------------------------------------------------------- Water


def test_water1_draws_when_its_secret_is_stolen() -> None:
    game = elements(sides=("-", "water1"), hands=["6a", ""], secrets=["", "6b"], deck="2a 3a")
    play(game, "x1.0")
    assert treasures(game, 0) == "6b" and hand(game, 1) == "3a"


def test_water1_draws_at_the_first_loss_of_an_action_and_not_again_for_the_rest() -> None:
    """Ruling 64: "whenever" its cards are lost the owner draws, at once (the card drawn is in hand while
    the action goes on), and once for the whole action: Ancient Map's second steal draws nothing more."""
    game = elements(sides=("-", "water1"), expansions=ELEMENTS + ",sabotage", hands=["5s", ""],
                    secrets=["", "6b 7b"], deck="2a 3a 4a")
    play(game, "a:5s")
    play(game, "x1.0")
    assert game.frames[-1].kind == "steal" and hand(game, 1) == "4a", "drawn before the second steal"
    play(game, "x1.0")
    assert hand(game, 1) == "4a" and not game.secrets[1] and len(game.deck) == 2


def test_water1_draws_when_its_treasure_is_discarded_or_moved() -> None:
    game = elements(sides=("-", "water1"), hands=["6a", ""], treasures=["", "9c"], deck="2a 3a")
    play(game, "a:6a", "c:9c")
    assert treasures(game, 1) == "" and hand(game, 1) == "3a"
    game = elements(sides=("-", "water1"), hands=["Qa 6b", ""], treasures=["", "9c"], deck="2a 3a")
    play(game, "a:Qa", "c:9c", "s:6b")  # Master of Secrets: move a treasure into hand, then play a secret
    assert hand(game, 0) == "9c" and hand(game, 1) == "3a"


def test_water1_draws_when_its_treasure_is_swapped() -> None:
    game = elements(sides=("wind2", "water1"), hands=["6a", ""], treasures=["", "9c"], deck="2a 3a 4a")
    play(game, "swap:6a", "c:9c")
    assert treasures(game, 1) == "6a" and len(game.hands[1]) == 1


def test_water1_draws_when_its_own_shape_shifting_swaps_its_treasure_away() -> None:
    """"Whenever any number of your cards in play are ... swapped": Shape Shifting's treasure just played
    is the Water player's card in play, swapped with another's; whoever swaps (the owner too, as with
    Master of Disguise on its own secret), the owner draws (ruling 64)."""
    game = elements(sides=("water1", "-"), expansions=ELEMENTS + ",magic", hands=["6m 5a", ""],
                    treasures=["", "9c"], deck="2a 3a 4a")
    play(game, "a:6m", "t:5a", "c:9c")
    assert treasures(game, 0) == "9c" and treasures(game, 1) == "5a"
    assert hand(game, 0) == "4a", "the Water player drew for its treasure swapped away"
    assert hand(game, 1) == "", "no Water: the other owner draws nothing"


def test_water1_draws_once_when_one_card_discards_several_of_its_treasures() -> None:
    # "Draw a card whenever any number of your cards in play are ... discarded": Darts' one discard of
    # up to 2 treasures is one occasion.
    game = elements(sides=("-", "water1"), hands=["Aa", ""], treasures=["", "9c 8b"], deck="2a 3a 4a")
    play(game, "a:Aa", "c:9c", "c:8b")
    assert treasures(game, 1) == "" and hand(game, 1) == "4a"


def test_water1_draws_once_when_a_snare_discards_all_its_other_treasures() -> None:
    game = elements(sides=("water1", "-"), hands=["", ""], treasures=["9c 8b", ""], secrets=["", "3a"],
                    deck="2a 4a 5a")
    play(game, "x1.0")
    assert treasures(game, 0) == "3a" and hand(game, 0) == "5a"


def test_water1_draws_when_master_of_surprise_turns_up_its_valueless_secret() -> None:
    """Water (side 1): "Draw a card whenever any number of your cards in play are ... discarded"; the
    rulebook: a secret turned face-up with no point value is discarded at once. P1's Master of Secrets
    secret is its card in play, discarded: P1 draws (then the Surprise's player draws, untrapped)."""
    game = elements(sides=("-", "water1"), hands=["Xa 2c", "5c"], secrets=["", "Qa 4b"], deck="2a 3a 4a 5a")
    play(game, "a:Xa", "f1.0")
    assert "Qa" in discard(game) and secrets(game, 1) == "4b"
    assert hand(game, 1) == "5c 5a" and hand(game, 0) == "2c 4a"


def test_water1_draws_when_a_trapped_valueless_secret_turned_up_is_discarded_after_its_trap() -> None:
    """Master of Surprise on P1's King: P1 resolves the trap as if they had stolen it from P0 (P0 draws 4),
    then the King, which has no value, is discarded from P1's collection: P1's Water (side 1) draws."""
    game = elements(sides=("-", "water1"), hands=["Xa", "5c"], secrets=["", "Ka"], deck="2a 3a 4a 5a 6a 7a")
    play(game, "a:Xa", "f1.0")
    assert "Ka" in discard(game) and len(game.hands[0]) == 4
    assert hand(game, 1) == "5c 3a"


def test_water1_thief_draws_when_its_stolen_valueless_card_is_discarded() -> None:
    """Our reading (ruling 64): a stolen card turns face-up in the thief's collection and, having no
    value, is then discarded (RULINGS): a card of the thief's in play discarded, so Water (side 1) draws."""
    game = elements(sides=("water1", "-"), hands=["6a", ""], secrets=["", "Qa"], deck="2a 3a")
    play(game, "x1.0")
    assert "Qa" in discard(game) and treasures(game, 0) == "" and hand(game, 0) == "6a 3a"


def test_water1_draws_for_each_action_of_a_master_of_magics_plays() -> None:
    """Ruling 64: one occasion is one action. A surfaced Master of Magic's owner plays two Katanas, each
    its own action, each discarding a treasure of P2's: P2's Water (side 1) draws twice."""
    game = elements(3, sides=("-", "-", "water1"), expansions="magic,elements", hands=["5a", "6a 6b 2a 2b", "7c"],
                    treasures=["", "", "9a 8a"], magic_owner=1, top="2c Xm 3c 4c 5c 6c 7a 8b 9b")
    play(game, "d")  # P0's draw uncovers P1's Master of Magic
    play(game, "a:6a", "c:9a", "s:2a")
    assert len(game.hands[2]) == 2
    play(game, "a:6b", "c:8a", "s:2b")
    assert len(game.hands[2]) == 3 and treasures(game, 2) == ""


def test_water1_draws_for_a_free_teleport_and_again_for_the_action_after_it() -> None:
    """Teleport played "at any time" before the action costs no action and is a play of its own: P1 draws
    for the treasure it takes, and again for the one the turn's Katana discards (ruling 64)."""
    game = elements(sides=("-", "water1"), expansions="promo,elements", hands=["1t 6a 2a", "7c"],
                    treasures=["", "9a 8a"], deck="2c 3c 4c 5c 6c")
    play(game, "a:1t", "c:9a")
    assert hand(game, 1) == "7c 6c"
    play(game, "a:6a", "c:8a", "s:2a")
    assert hand(game, 1) == "7c 6c 5c" and treasures(game, 1) == ""


def test_water1_no_draw_for_cards_leaving_the_hand() -> None:
    game = elements(sides=("water1", "-"), hands=["6a 7a", ""], secrets=["", "2a"], deck="3a 4a")
    play(game, "x1.0")  # Explosives: discard your hand (the hand is not in play)
    assert hand(game, 0) == "" and treasures(game, 0) == "2a"


def test_water2_at_the_end_of_the_turn_discards_a_card_to_draw_one() -> None:
    game = elements(sides=("water2", "-"), hands=["6a 7a", ""], deck="2a 3a")
    play(game, "t:6a")
    assert kind(game) == "water-swap" and game.to_act() == (0,)
    assert set(game.legal_actions(0)) == {"c:7a", "pass"}
    play(game, "c:7a")
    assert hand(game, 0) == "3a" and discard(game).endswith("7a") and game.turn == 1
    # The log says it was the Element, before the discard and the draw it made (as Fire's and Wind's do).
    lines = [str(line).strip() for line in game.observe(1)["log"]]  # type: ignore[union-attr]
    said = lines.index("P0's Element Water (side 2): discards a card from their hand to draw one")
    assert lines[said + 1].startswith("P0 discards") and lines[said + 2].startswith("P0 draws 1 card"), lines


def test_water2_may_pass_and_is_not_offered_with_an_empty_hand() -> None:
    game = elements(sides=("water2", "-"), hands=["6a 7a", ""], deck="2a 3a")
    play(game, "t:6a", "pass")
    assert hand(game, 0) == "7a" and game.turn == 1
    game = elements(sides=("water2", "-"), hands=["6a", ""], deck="2a 3a")
    play(game, "t:6a")
    assert game.turn == 1 and hand(game, 0) == ""


# ---------------------------------------------------------------------- Heart


def test_heart1_draws_four_extra_cards_at_the_start_of_the_game() -> None:
    game = NinjitsuState.new(3, {"expansions": ELEMENTS, "element_sides": "-/heart1/-"}, seed=9)
    assert [len(game.hands[seat]) for seat in range(3)] == [4, 8, 4]
    # The same through the side choice, whoever is dealt Heart.
    for seed in range(30):
        game = NinjitsuState.new(2, {"expansions": ELEMENTS}, seed=seed)
        if "heart" in game.elements:
            seat = game.elements.index("heart")
            for each in game.to_act():
                game.apply(each, "side:1")
            assert len(game.hands[seat]) == 8 and len(game.hands[1 - seat]) == 4
            break
    else:
        pytest.fail("no seed dealt Heart")


def test_heart2_takes_an_extra_action_on_the_first_turn_only() -> None:
    game = elements(sides=("heart2", "-"), hands=["6a 7a 8b", "9c"])
    finish_turn(game)  # the look is optional
    play(game, "t:6a")
    assert game.turn == 0 and kind(game) == "turn"
    play(game, "t:7a")
    assert game.turn == 1
    later = elements(sides=("heart2", "-"), hands=["6a 7a", "9c"], started=(0,))
    play(later, "pass", "t:6a")
    assert later.turn == 1


def test_heart2_discards_a_card_to_look_at_an_opponents_hand_and_only_it_sees_the_hand() -> None:
    game = elements(3, sides=("heart2", "-", "-"), hands=["6a 7a", "9c 8b", "5c"], started=(0,))
    assert kind(game) == "heart" and game.to_act() == (0,)
    assert set(game.legal_actions(0)) == {"c:6a", "c:7a", "pass"}
    third = log(game, 2)
    play(game, "c:6a")
    assert set(game.legal_actions(0)) == {"h1", "h2"}
    play(game, "h1")
    assert discard(game).endswith("6a") and hand(game, 0) == "7a"
    assert kind(game) == "turn" and game.to_act() == (0,)  # then the turn's action
    assert sorted(map(str, seat_view(game, 0, 1)["hand"])) == ["8b", "9c"]  # type: ignore[call-overload]
    assert named(log(game, 0), "9c") and named(log(game, 0), "8b")
    lines = new_lines(game, 2, third)
    assert named(lines, "6a")  # the discard is public
    assert not named(lines, "9c") and not named(lines, "8b") and seat_view(game, 2, 1)["hand"] == []
    # What P0 saw stays in its samples: P1's hand is not redealt for P0.
    assert game.determinize(0, 3).hands[1] == game.hands[1]


def test_heart2_may_pass_the_look_and_no_look_without_a_card_to_discard() -> None:
    game = elements(sides=("heart2", "-"), hands=["6a", "9c"], started=(0,))
    play(game, "pass")
    assert kind(game) == "turn" and hand(game, 0) == "6a" and seat_view(game, 0, 1)["hand"] == []
    empty = elements(sides=("heart2", "-"), hands=["", "9c"], started=(0,))
    assert kind(empty) == "turn"


def test_heart2_may_not_discard_the_card_night_vision_marked() -> None:
    """RULINGS orders the start of a turn: Night Vision's constraint, then Heart's look. The marked card is
    bound to be played (or the turn skipped), so Heart's discard may not be that card (ruling 67): it
    cannot free the turn; with only the marked card in hand, no look is offered."""
    game = elements(sides=("-", "heart2"), expansions="magic,elements", started=(0, 1), hands=["8m 2a", "6a 5b"],
                    deck="2c 3c 4c 5c")
    play(game, "a:8m")
    marked = game.mark(1)
    assert kind(game) == "heart" and marked in ("6a", "5b")
    other = "5b" if marked == "6a" else "6a"
    assert set(game.legal_actions(1)) == {f"c:{other}", "pass"}
    play(game, f"c:{other}", "h0")
    assert set(game.legal_actions(1)) == {f"a:{marked}", f"s:{marked}", f"t:{marked}", "pass"}
    alone = elements(sides=("-", "heart2"), expansions="magic,elements", started=(0, 1), hands=["8m 2a", "6a"],
                     deck="2c 3c 4c 5c")
    play(alone, "a:8m")
    assert kind(alone) == "turn" and alone.mark(1) == "6a"


# ---------------------------------------------------------------------- Magic (Promo Pack)


def test_magic1_starts_with_one_card_and_draws_at_the_end_of_each_of_its_turns() -> None:
    game = NinjitsuState.new(2, {"expansions": "promo,elements", "element_sides": "magic1/-"}, seed=5)
    assert [len(game.hands[seat]) for seat in range(2)] == [1, 4]
    game = elements(sides=("magic1", "-"), expansions="promo,elements", hands=["6a 7a", "9c"], deck="2a 3a")
    play(game, "t:6a")
    assert sorted_hand(game, 0) == ["3a", "7a"] and game.turn == 1
    play(game, "t:9c")
    assert sorted_hand(game, 0) == ["3a", "7a"]  # not at the end of another's turn


def test_magic2_draws_three_whenever_its_hand_is_empty() -> None:
    game = elements(sides=("magic2", "-"), expansions="promo,elements", hands=["6a", "9c"], deck="2a 3a 4a 5a")
    play(game, "t:6a")
    assert sorted_hand(game, 0) == ["3a", "4a", "5a"]
    # Emptied by a trap on its own turn: refilled at once, before anything else.
    game = elements(sides=("magic2", "-"), expansions="promo,elements", hands=["6a 7a", ""],
                    secrets=["", "2a"], deck="3a 4a 5a 8a")
    play(game, "x1.0")
    assert treasures(game, 0) == "2a" and sorted_hand(game, 0) == ["4a", "5a", "8a"]
    # Emptied on another's turn: Master of Surprise turns its Explosives up, and it discards its hand.
    game = elements(sides=("-", "magic2"), expansions="promo,elements", hands=["Xa 6a", "9c 8b"],
                    secrets=["", "2a"], deck="3a 4a 5a 7a")
    play(game, "a:Xa", "f1.0")
    assert treasures(game, 1) == "2a" and sorted_hand(game, 1) == ["4a", "5a", "7a"]


def test_magic2_refills_between_the_steps_of_a_card() -> None:
    # Smoke Bomb: play 2 cards as secrets. The first empties the hand: 3 are drawn before the second.
    game = elements(sides=("magic2", "-"), expansions="promo,elements", hands=["9a 6a", ""], deck="2a 3a 4a 5a")
    play(game, "a:9a", "s:6a")
    assert sorted_hand(game, 0) == ["3a", "4a", "5a"] and kind(game) == "play" and game.turn == 0
    play(game, "s:5a")
    assert secrets(game, 0) == "6a 5a" and game.turn == 1


def test_magic1_chosen_at_set_up_deals_one_card() -> None:
    for seed in range(40):
        game = NinjitsuState.new(2, {"expansions": "promo,elements"}, seed=seed)
        if "magic" in game.elements:
            seat = game.elements.index("magic")
            for each in game.to_act():
                game.apply(each, "side:1")
            assert len(game.hands[seat]) == 1
            return
    pytest.fail("no seed dealt Magic")


#: A found position (a random playout): P1 (Magic side 1) to act; under its end-of-turn card lies P0's
#: face-up Master of Magic (``known=Xm.31``, owner ``magic=0``).
MAGIC1_OVER_MASTER_OF_MAGIC = (
    "ninjitsu|5|element_sides=-/magic1/-/-/earth1,expansions=promo,magic,elements,target=21|5474ba02ab25e862|53|"
    '[["turn",[1],{},"",[]]]|-|turn=1;swaps=3;deck=Tc6m1t4cAm5m5aBpXaKp2aAa8bKmXp9a1nKcXmAc9c7m;'
    "discard=JaQc4mJcXc9m7b4bXb6cTaJmKa2mQmJb1d;hands=Qb/-/Tb6bQa/EmTmKb/5bAb2b6a;"
    "treasures=3c8a/4a1l5p9b/3p7c5c8m/3b3a/8c7a3m;secrets=-/-/-/2c/-;effects=-;known=Xm.31;magic=0;"
    "elements=-/magic1/-/-/earth1;started=31")


def test_magic1s_end_of_turn_card_uncovering_master_of_magic_lets_its_owner_play_at_once() -> None:
    # Master of Magic: "When it reaches the top of the deck again, discard it and immediately play any
    # number of cards from your hand" (RULINGS: "at once"): before the next player's turn begins.
    game = NinjitsuState.from_notation(MAGIC1_OVER_MASTER_OF_MAGIC)
    play(game, "d")  # 7m 9c, then Magic's end-of-turn card Ac: Master of Magic is on top
    assert "Xm" in discard(game).split()
    assert game.to_act() == (0,) and kind(game) == "play", "P0 plays at once, not inside P2's turn"
    game.check_invariants()


def test_a_player_without_magic2_is_not_refilled() -> None:
    game = elements(sides=("-", "magic2"), expansions="promo,elements", hands=["6a", "9c"], deck="2a 3a 4a 5a")
    play(game, "t:6a")
    assert hand(game, 0) == ""


# ---------------------------------------------------------------------- Elements are not cards


def test_an_element_is_no_card_of_the_game() -> None:
    game = NinjitsuState.new(2, {"expansions": ELEMENTS, "element_sides": "fire1/water2"}, seed=1)
    assert len(game.cards_in_game) == 42  # the base deck only: Elements live outside the card zones
