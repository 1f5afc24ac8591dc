"""Attacking clan houses (text: "Attacking Clan Houses", "Banzai", "Elite Guards", "Alarm", "Losing to the
(Elite) Guard", "Defeating the Guard"; RULINGS.md: the readings of the raid)."""

from __future__ import annotations

import pytest
from ninjato_helpers import hand, house, play, purse

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.cards import ELITE_INDEX, GUARD_INDEX
from ninjadojo.games.ninjato.encode import STRENGTH, plays

HOUSES = ("t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv")


def with_house(first: str) -> list[str]:
    """The default houses with house 1 replaced."""
    return [first, *HOUSES[1:]]


def test_strength_needs_a_higher_card_and_a_tie_loses() -> None:
    game = position(2, hands=["23", ""], raid=(0, 1, "+"))
    # 3 ties the Sentry 3; a 2 with the 3 as +1 is a single 3 and ties too.
    assert game.legal_actions(0) == ["lose"]
    game = position(2, hands=["34", ""], raid=(0, 1, "+"))
    assert game.legal_actions(0) == ["4", "4+", "lose"]


def test_stealth_needs_a_lower_card() -> None:
    game = position(2, hands=["23", ""], raid=(0, 1, "-"))
    assert game.legal_actions(0) == ["2", "2-", "lose"]


def test_a_three_modifies_another_card_by_one_but_never_another_three() -> None:
    game = position(2, hands=["33", ""], raid=(0, 1, "+"))
    assert game.legal_actions(0) == ["lose"], "3+3 is not a single 4"
    game = position(2, hands=["35", ""], houses=with_house("t2:5n:fsv"), raid=(0, 1, "+"))
    assert game.legal_actions(0) == ["5+", "lose"], "a 5 and a 3 make a single 6"
    play(game, "0:5+")
    assert hand(game, 0) == "" and game.discard[3] == 1 and game.discard[5] == 1


def test_beating_the_sentry_takes_the_lowest_plain_treasure_then_banzai_or_retreat() -> None:
    game = position(2, hands=["5", ""], houses=with_house("t2:3n:vfj"), raid=(0, 1, "+"))
    play(game, "0:5")
    assert game.raid_loot == [0], "the Fan, the lowest plain treasure, is on the shuriken"
    assert game.legal_actions(0) == ["banzai", "retreat"]
    play(game, "0:retreat")
    assert purse(game, 0) == "f" and house(game, 1) == "t2:3n:vj"
    assert game.to_act() == (1,)


def test_banzai_reveals_the_next_guard_and_beating_it_takes_the_next_lowest_plain() -> None:
    game = position(2, hands=["55", ""], houses=with_house("t2:3n:fsv"), gtop="4n", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai")
    assert game.raid_guards == [GUARD_INDEX["4n"]]
    assert game.legal_actions(0) == ["5", "lose"]
    play(game, "0:5", "0:retreat")
    assert purse(game, 0) == "fs" and house(game, 1) == "t2:3n:v"
    assert game.gdiscard[GUARD_INDEX["4n"]] == 1, "revealed guards are discarded; the Sentry stays"
    # Why that treasure is said at the raid's first take, not again at each guard beaten.
    lines = [line for line in game.observe(1)["log"] if "beats the guard" in line]
    assert len(lines) == 2 and lines[0].endswith("takes a Fan (the house's lowest plain treasure)"), lines
    assert lines[1].endswith("takes a Scroll"), lines


@pytest.mark.parametrize("seed", range(12))
def test_an_alarm_adds_a_bag_treasure_and_turns_the_highest_plain_red(seed: int) -> None:
    # The bag's treasure comes from the random stream: whatever it is, the highest plain one turns red
    # (Gold counts as the highest).
    game = position(2, hands=["55", ""], houses=with_house("t2:3n:fsg"), gtop="3a", raid=(0, 1, "+"), seed=seed)
    play(game, "0:5")
    bag = sum(game.bag)
    play(game, "0:banzai")
    assert sum(game.bag) == bag - 1
    tokens = game.treasure[0]
    reds = [token - 5 for token in tokens if token >= 5]
    plains = [token for token in tokens if token < 5]
    assert len(tokens) == 3 and reds == [4], "the Gold turned red"
    assert 1 in plains and len(plains) == 2, "the Scroll and the bag's treasure stay plain"
    assert game.legal_actions(0) == ["5", "lose"], "then the alarm guard is fought as usual"


def test_an_alarm_turns_the_new_treasure_red_when_it_is_the_highest() -> None:
    for seed in range(40):
        game = position(2, hands=["55", ""], houses=with_house("t2:3n:ffs"), gtop="3a", raid=(0, 1, "+"), seed=seed)
        play(game, "0:5", "0:banzai")
        tokens = game.treasure[0]
        highest = max(token % 5 for token in tokens)
        assert [token % 5 for token in tokens if token >= 5] == [highest]


def test_with_only_red_treasure_left_banzai_draws_an_elite_and_beating_it_takes_the_lowest_red() -> None:
    game = position(2, hands=["55", ""], houses=with_house("t2:3n:fj*v*"), xtop="o42", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai")
    assert game.raid_elite == ELITE_INDEX["o42"]
    assert game.legal_actions(0) == ["5", "lose"], "one person: Strength must exceed 4"
    play(game, "0:5")
    assert game.elites[0][ELITE_INDEX["o42"]] == 1, "a defeated Elite is kept"
    assert game.raid_loot == [0, 7], "the Fan, then the lowest red: the Vase"


def test_a_one_person_elite_has_a_strength_and_a_stealth_threshold() -> None:
    game = position(2, hands=["12", ""], houses=with_house("t2:3n:j*"), xtop="o42", raid=(0, 1, "-"),
                    gtop="")
    play(game, "0:2", "0:banzai")
    assert game.legal_actions(0) == ["1", "lose"], "Stealth must be under 2"


def test_a_two_person_elite_is_beaten_one_card_each_and_no_card_is_spent_unless_both_can_be() -> None:
    game = position(2, hands=["54", ""], houses=with_house("t2:3n:fj*"), xtop="d33", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai")
    assert game.legal_actions(0) == ["lose"], "a 4 beats one person but there is no second card"
    game = position(2, hands=["544", ""], houses=with_house("t2:3n:fj*"), xtop="d33", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai")
    assert game.legal_actions(0) == ["4", "lose"]
    play(game, "0:4")
    assert game.decision(0).kind == "fight" and game.legal_actions(0) == ["4", "lose"]
    play(game, "0:4")
    assert game.elites[0][ELITE_INDEX["d33"]] == 1
    assert game.decision(0).kind == "marker", "the house is empty: cleared"


def test_losing_keeps_one_treasure_returns_the_rest_as_they_were_and_the_house_gains_one() -> None:
    game = position(2, hands=["55", ""], houses=with_house("t2:3n:fsvj*"), gtop="4n,5n", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai", "0:5", "0:banzai")
    assert game.raid_loot == [0, 1]
    play(game, "0:lose")
    assert game.decision(0).kind == "keep" and game.legal_actions(0) == ["keep:f", "keep:s"]
    bag = sum(game.bag)
    play(game, "0:keep:s")
    assert purse(game, 0) == "s"
    tokens = house(game, 1).split(":")[2]
    assert "f" in tokens and "j*" in tokens and len(tokens.replace("*", "")) == 4, "the Fan is back, the Jade red"
    assert sum(game.bag) == bag - 1
    assert house(game, 1).split(":")[1] == "3n", "the Sentry stays"
    assert game.gdiscard[GUARD_INDEX["4n"]] == 1 and game.gdiscard[GUARD_INDEX["5n"]] == 1
    log = [str(line) for line in game.observe(None)["log"]]
    assert log[-3:-1] == ["  P0 keeps a Scroll", "  A Fan goes back to house 1"], log[-4:]


def test_losing_to_the_sentry_keeps_nothing_and_the_house_gains_a_treasure() -> None:
    game = position(2, hands=["1", ""], raid=(0, 1, "+"))
    play(game, "0:lose")
    assert purse(game, 0) == "" and len(game.treasure[0]) == 4
    assert hand(game, 0) == "1", "losing spends no card"


def test_an_elite_won_is_kept_even_when_the_raid_is_lost_later_and_a_lost_elite_is_discarded() -> None:
    game = position(2, hands=["555", ""], houses=with_house("t2:3n:fj*s*"), xtop="o42,o51", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai", "0:5", "0:banzai")
    assert game.legal_actions(0) == ["lose"], "Strength over 5 needs a 6"
    assert game.raid_loot == [0, 6], "the Fan, and the red Scroll the first Elite guarded"
    play(game, "0:lose", "0:keep:s*")
    assert purse(game, 0) == "s"
    assert game.elites[0][ELITE_INDEX["o42"]] == 1
    assert game.xdiscard[ELITE_INDEX["o51"]] == 1


def test_clearing_a_house_keeps_every_treasure_and_its_clearer_picks_a_marker_of_another_clan() -> None:
    game = position(2, hands=["5", ""], houses=with_house("t2:3n:f"), raid=(0, 1, "+"))
    play(game, "0:5")
    assert purse(game, 0) == "f" and house(game, 1) == "t2:-:"
    assert game.decision(0).kind == "marker"
    # Not Taira (the house's clan), not a marker already on a house (m2 m4 g6).
    assert game.legal_actions(0) == ["m:m5", "m:m6", "m:m8", "m:g2", "m:g4", "m:g5", "m:g8"]
    play(game, "0:m:g8")
    assert house(game, 1) == "g8:-:"
    assert not [action for action in game.legal_actions(1) if action.startswith("h1")], "cleared until round end"


def test_a_cleared_house_gets_a_new_sentry_and_three_treasures_at_the_end_of_the_round() -> None:
    game = position(2, hands=["5", ""], houses=with_house("t2:3n:f"), raid=(0, 1, "+"), dojo="0101", order="01",
                    spots="0.........")
    # Placements so far: 0 1 0 1 at the Dojo and this raid; the raid is seat 0's last shuriken.
    play(game, "0:5", "0:m:g8")
    assert game.to_act() == (1,)
    game.apply(1, "dojo")
    while game.decision(1) is not None and game.decision(1).kind == "draw":
        game.apply(1, "deck")
    assert game.round == 2
    marker, sentry, tokens = house(game, 1).split(":")
    assert marker == "g8" and sentry != "-" and len(tokens) == 3 and "*" not in tokens


def test_each_side_of_a_house_takes_one_shuriken_a_round() -> None:
    game = position(2, hands=["1", "5"])
    play(game, "0:h1+", "0:lose")
    legal = game.legal_actions(1)
    assert "h1+" not in legal and "h1-" in legal
    with pytest.raises(IllegalActionError, match="already holds a shuriken"):
        game.apply(1, "h1+")


def test_a_tiger_makes_a_card_a_six_and_flips_until_the_round_ends() -> None:
    game = position(2, hands=["1", ""], tiles=["t6@1", ""], houses=with_house("t2:5n:fsv"), raid=(0, 1, "+"))
    assert game.legal_actions(0) == ["1.t6", "lose"]
    play(game, "0:1.t6")
    assert game.ready(0)[3] == 0 and game.flipped[0][3] == 1


def test_a_tiger_six_takes_no_modifier_and_tiles_serve_their_own_side_only() -> None:
    game = position(2, hands=["43", ""], tiles=["t6@1,s2@4", ""], houses=with_house("t2:2n:fsv"), raid=(0, 1, "+"))
    legal = game.legal_actions(0)
    assert "4.t6" in legal and "4+.t6" not in legal
    assert not [action for action in legal if "s2" in action or action.endswith("-")]


def test_a_snake_lowers_a_card_for_stealth() -> None:
    game = position(2, hands=["3", ""], tiles=["s2@4", ""], houses=with_house("t2:2n:fsv"), raid=(0, 1, "-"))
    assert game.legal_actions(0) == ["3.s2", "lose"]


def test_a_crane_is_a_card_of_its_own_high_for_strength_low_for_stealth() -> None:
    game = position(2, hands=["", ""], tiles=["c2@3", ""], houses=with_house("t2:3n:fsv"), raid=(0, 1, "+"))
    assert game.legal_actions(0) == ["c2", "lose"], "a 4 by Strength"
    game = position(2, hands=["", ""], tiles=["c2@3", ""], houses=with_house("t2:3n:fsv"), raid=(0, 1, "-"))
    assert game.legal_actions(0) == ["c2", "lose"], "a 2 by Stealth"
    game = position(2, hands=["", ""], tiles=["c2@3", ""], houses=with_house("t2:4n:fsv"), raid=(0, 1, "-"))
    play(game, "0:c2")
    assert game.raid_loot == [0]


def test_the_fight_plays_come_by_card_strongest_card_first_each_plain_then_climbing() -> None:
    # A new player met the plain "Fight with a 4" 14th of 15, after every tile stacked on a 5 and on the 4:
    # the plays of one card come together, its plain play first, and the cards strongest first (a Crane
    # after the Dojo card of its value). Only the order: the same plays as the value order of encode.plays.
    game = position(2, hands=["345", ""], tiles=["t6@1,t1@1,c1@3", ""], raid=(0, 1, "+"))
    assert game.legal_actions(0) == ["5", "5.t1", "5.t6", "5+", "5.t6.t1", "5+.t1", "c1",
                                     "4", "4.t1", "4+", "4.t6", "4+.t1", "4.t6.t1",
                                     "3.t1", "3.t6", "3.t6.t1", "lose"]
    by_value = [text for text, _, value in plays(game.hands[0], game.ready(0), STRENGTH, True) if value > 3]
    assert sorted(game.legal_actions(0)) == sorted([*by_value, "lose"])
    game = position(2, hands=["1234", ""], tiles=["s2@5,c2@3", ""], houses=with_house("t2:4n:fsv"),
                    raid=(0, 1, "-"))
    assert game.legal_actions(0) == ["1", "1-", "1.s2", "1-.s2", "2", "2-", "2.s2", "2-.s2", "c2",
                                     "3", "3.s2", "4-", "4.s2", "4-.s2", "lose"]


def test_the_first_play_against_a_two_person_elite_comes_in_the_same_order() -> None:
    game = position(2, hands=["3455", ""], houses=with_house("t2:3n:fj*"), xtop="d33", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai")
    assert game.legal_actions(0) == ["5", "5+", "4", "4+", "lose"]


def test_a_used_tile_is_face_up_again_next_round() -> None:
    game = position(2, hands=["1", ""], tiles=["t6@1", ""], flipped=["t6", ""], dojo="01010", order="01")
    assert game.ready(0)[3] == 0
    game.apply(1, "dojo")
    while game.decision(1) is not None and game.decision(1).kind == "draw":
        game.apply(1, "deck")
    assert game.round == 2 and game.ready(0)[3] == 1


def test_a_house_can_be_attacked_even_when_its_sentry_cannot_be_beaten() -> None:
    game = position(2, hands=["", ""])
    assert "h1+" in game.legal_actions(0) and "h1-" in game.legal_actions(0)


def test_an_empty_bag_is_refilled_with_the_spent_treasure() -> None:
    # Every treasure is on a house, in seat 1's purse or spent (two Fans): the bag is empty.
    from ninjadojo.games.ninjato.cards import TREASURE_COUNTS, TREASURES

    held = "".join(code * (count - (5 if code in "fsv" else 0) - (2 if code == "f" else 0))
                   for code, count in zip(TREASURES, TREASURE_COUNTS, strict=True))
    game = position(2, hands=["", ""], purses=["", held], spent="ff", raid=(0, 1, "+"))
    assert sum(game.bag) == 0 and game.spent[0] == 2
    play(game, "0:lose")
    assert game.spent == [0] * 5 and game.bag == [1, 0, 0, 0, 0]
    assert house(game, 1).split(":")[2] == "ffsv", "the house gained a Fan from the refilled bag"


HOUSES = ["t2:3n:v*", "m2:1n:fsv", "g6:5n:fsv", "t4:3n:fsv", "m4:3n:fsv"]


def test_a_pair_neither_card_can_beat_both_of_is_said_so_not_that_no_card_beats_the_first() -> None:
    # Ruling 4: no card is spent unless both people of the pair can be beaten. One 5 beats the first 3 by
    # Strength but leaves nothing for the second: the player is defeated, and the prompt says why.
    game = position(2, hands=["5", "11"], houses=HOUSES, raid=(0, 1, "+"), loot="fs", elite="d33")
    assert game.legal_actions(0) == ["lose"]
    prompt = game.decision(0).prompt  # type: ignore[union-attr]
    assert "nothing you hold beats both people" in prompt and "higher than 3 for the second" in prompt, prompt
    assert "nothing you hold makes" not in prompt


def test_the_picture_shows_the_second_person_once_the_first_of_a_pair_is_beaten() -> None:
    game = position(2, hands=["555", "11"], houses=HOUSES, raid=(0, 1, "+"), loot="fs", elite="d42")
    assert "facing the Elite pair 4 then 2: a card higher than 4, then 2" in game.render(0)
    play(game, "0:5")
    facing = [line for line in game.render(0).splitlines() if "facing" in line]
    assert facing == ["  facing the second person of the Elite pair 4 then 2: a card higher than 2 wins"], facing
