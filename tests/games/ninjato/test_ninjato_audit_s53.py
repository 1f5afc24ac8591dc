"""Audit (session 53): scenario tests read from the text (ninjato.txt), RULINGS.md and docs/rules/ninjato.md,
for points the other Ninjato tests leave open. Each docstring quotes the rule it checks."""

from __future__ import annotations

from ninjato_helpers import finish_round, hand, house, play, purse, visit_dojo

from ninjadojo.games.ninjato import effects
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.cards import ELITE_INDEX, ENVOY_INDEX, GUARD_INDEX, TILE_INDEX

HOUSES = ("t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv")


def with_house(first: str) -> list[str]:
    """The default houses with house 1 replaced."""
    return [first, *HOUSES[1:]]


# ---------------------------------------------------------------------------------------------- the Sensei


def test_a_used_tile_still_makes_its_style_free() -> None:
    """Text: "If you already have a Sensei Tile with that style, you do not need to discard a Dojo Card."
    A tile flipped face down this round is still had."""
    game = position(2, hands=["", ""], tiles=["s2@5", ""], flipped=["s2", ""], offer="s1@4,t1@1")
    legal = game.legal_actions(0)
    assert "sen:s1@4" in legal, "a Snake is held (used or not): the Snake -1 is free"
    assert "sen:t1@1" not in legal, "no Tiger held and no 1 in hand"
    play(game, "0:sen:s1@4")
    assert game.tiles[0][TILE_INDEX["s1@4"]] == 1 and sum(game.discard) == 0


def test_a_tile_is_paid_with_one_card_of_its_value_never_a_card_a_three_modifies() -> None:
    """Text: "You must then discard a Dojo Card with the value depicted in the top left." RULINGS.md: a 3
    used as +1/-1 "applies to attacks only (a Sensei tile's cost is paid with one card of its value)"."""
    game = position(2, hands=["43", ""], offer="s2@5")
    assert not [action for action in game.legal_actions(0) if action.startswith("sen:")]


# ---------------------------------------------------------------------------------------------- raids


def test_an_alarm_on_the_sentry_is_ignored() -> None:
    """Text (Setup): "Randomly deal a Sentry (regular Guard) onto each Clan House, ignore any alarm makers";
    RULINGS.md: "an alarm on a Sentry is ignored"."""
    game = position(2, hands=["5", ""], houses=with_house("t2:3a:fsv"), raid=(0, 1, "+"))
    bag = sum(game.bag)
    play(game, "0:5")
    assert house(game, 1) == "t2:3a:sv", "the Fan is taken; nothing joins the house, nothing turns red"
    assert sum(game.bag) == bag


def test_banzai_calls_a_normal_guard_while_one_plain_treasure_is_left_then_an_elite() -> None:
    """Text: "If there is at least one plain side up Treasure, take the Guard from the normal Guard Deck. If
    there are only red side up Treasures remaining, take the Guard from the Elite Guard Deck." And: "If you
    defeated a normal Guard, take the lowest plain side up Treasure. If you defeated an Elite Guard, take
    the lowest red side up Treasure." """
    game = position(2, hands=["555", ""], houses=with_house("t2:3n:fsj*"), gtop="4n", xtop="o42",
                    raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai")
    assert game.raid_guards == [GUARD_INDEX["4n"]] and game.raid_elite == -1, "a Scroll is still plain"
    play(game, "0:5")
    assert game.raid_loot == [0, 1], "the Fan, then the Scroll"
    play(game, "0:banzai")
    assert game.raid_elite == ELITE_INDEX["o42"], "only the red Jade is left: an Elite"
    play(game, "0:5")
    assert game.decision(0).kind == "marker", "the last treasure taken: the house is cleared"
    assert purse(game, 0) == "fsj" and game.elites[0][ELITE_INDEX["o42"]] == 1


def test_a_two_person_elite_by_stealth_is_two_guards_each_beaten_by_a_lower_card() -> None:
    """Text: "If there are 2 people on the card, treat it as if you are facing 2 separate normal Guards. You
    must defeat the number on the left with a single card and then defeat the number on the right with a
    new single card." By Stealth: "you must play a Dojo Card with a value lower"."""
    game = position(2, hands=["2113", ""], houses=with_house("t2:3n:fj*"), xtop="d24", raid=(0, 1, "-"))
    play(game, "0:2", "0:banzai")
    assert game.legal_actions(0) == ["1", "1-", "lose"], "under 2 first: a 1 (or a 1 with the 3 as -1)"
    play(game, "0:1")
    assert game.legal_actions(0) == ["1", "1-", "3", "lose"], "then under 4 with another card"
    play(game, "0:3")
    assert game.elites[0][ELITE_INDEX["d24"]] == 1 and hand(game, 0) == "1"


def test_losing_to_the_second_person_keeps_one_treasure_and_the_first_card_stays_spent() -> None:
    """Text: "If you can't beat both, then you lose to the Elite Guard." "If you can't defeat the newly
    revealed Guard, take any 1 of the Treasures on your Shuriken and return the rest to the Clan House.
    Discard all of the new Guards that were revealed, but keep the Sentry on the House. Add a random
    Treasure from the cloth bag plain side up to the Clan House." """
    game = position(2, hands=["555", ""], houses=with_house("t2:3n:fj*"), xtop="d33", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai", "0:5")
    assert game.decision(0).kind == "fight" and game.frames[-1].data == {"stage": 1}
    bag = sum(game.bag)
    play(game, "0:lose")
    assert purse(game, 0) == "f", "the one treasure on the shuriken is kept"
    assert hand(game, 0) == "5", "the card played on the first person stays spent"
    assert game.elites[0][ELITE_INDEX["d33"]] == 0 and game.xdiscard[ELITE_INDEX["d33"]] == 1
    _marker, sentry, tokens = house(game, 1).split(":")
    assert sentry == "3n" and "j*" in tokens and len(tokens.replace("*", "")) == 2, "the red Jade and a bag treasure"
    assert sum(game.bag) == bag - 1


# ---------------------------------------------------------------------------------------------- turn order


def test_four_players_turn_order_from_the_dojo_stack_ignoring_second_shuriken() -> None:
    """Text: "The player with the Shuriken on top of the pile at the Dojo is the new first player; The new
    second player has the next Shuriken, etc.; Ignore duplicate Shurikens from the same player; If only 1
    player did not place a Shuriken on the Dojo, they are now the last player in turn order." """
    game = position(4, order="0123", hands=["", "1", "", ""])
    # Round 1, three laps in order 0 1 2 3: seat 1 always raids (and gives up), the others go to the Dojo,
    # but seat 2 raids on the last lap.
    raids = iter(["h1+", "h1-", "h2+"])
    for lap in range(3):
        for seat in (0, 1, 2, 3):
            if seat == 1:
                play(game, f"1:{next(raids)}", "1:lose")
            elif seat == 2 and lap == 2:
                play(game, "2:h2-", "2:lose")
            else:
                visit_dojo(game, seat)
    # Dojo stack: 0 2 3 0 2 3 0 3 (seat 3 on top): 3, then 0, then 2; seat 1 never came: last.
    assert game.round == 2 and game.order == [3, 0, 2, 1]


# ---------------------------------------------------------------------------------------------- scoring


def before_scoring(round_number: int, **kwargs: object) -> object:
    """A 2-player position with one shuriken left to place in a scoring round (seat 1 places it)."""
    return position(2, round=round_number, order="01", dojo="01010", **kwargs)  # type: ignore[arg-type]


def test_the_rumor_display_is_refilled_after_the_third_rounds_scoring() -> None:
    """Text: "On rounds 3 and 5, refill the face up Secrets to 4." (The first clan's first took a free Rumor.)"""
    game = before_scoring(3, envoys=["g1", ""])
    finish_round(game)
    assert game.decision(0).kind == "favour" and len(game.rup) == 4
    taken = game.rup[0]
    game.apply(0, game.legal_actions(0)[1])
    assert taken in game.rumors[0]
    assert game.round == 4 and len(game.rup) == 4 and taken not in game.rup


def test_a_seat_with_hensojutsu_and_no_masked_envoy_counts_its_envoys_once() -> None:
    """Text: "A disguise Sensei Tile can be used in conjunction with an Envoy card you acquired that has a
    mask in the top left corner." t2 shows no mask (docs/rules: three masked Envoys a clan: t1, t3, t5)."""
    game = before_scoring(5, envoys=["t2", "t4,t6"], tiles=["hj", ""])
    finish_round(game)
    assert game.decision(0) is None, "nothing to disguise: no question for seat 0"
    assert game.decision(1).kind == "favour", "1 Envoy against 2: seat 1 leads Taira"
    play(game, "1:pts")
    assert game.honour == [0, 6], "Taira's markers 2 and 4"


def test_the_texts_rumor_example_five_greatest_warriors_on_three_elites_make_eighteen() -> None:
    """Text: "If you have more than 3, start a second set. So if you had 5, you would have a set of 3 (12
    points) and a set of 2 (6 points) for 18 points." (3 Elite Guard Cards)"""
    game = position(2, rumors=["w1,w2,w3,w4,w5", ""], elites=["o42,o51,d24", ""])
    assert effects.rumor_points(game, 0)[0] == 18


def test_the_texts_envoy_example_four_jades_score_twenty() -> None:
    """Text: "If, for example, it has a 1-4 in front of the 4 Treasures, you can turn in anywhere between 1
    and 4 treasures of the same type... If you turned in Jade, you would score between 5 and 20 points." """
    game = position(2, purses=["jjjj", ""], vup="t5,m1,m2,m3")
    assert {"env:t5:j", "env:t5:jj", "env:t5:jjj", "env:t5:jjjj"} <= set(game.legal_actions(0))
    play(game, "0:env:t5:jjjj")
    assert game.honour[0] == 20 and game.envoys[0] == [ENVOY_INDEX["t5"]] and purse(game, 0) == ""


def test_each_unspent_treasure_is_one_point_gold_included() -> None:
    """Text: "Each unused Treasure is worth 1 point for its owner, regardless of type"."""
    game = before_scoring(7, purses=["gj", "ff"], rup="")
    finish_round(game)
    assert game.is_terminal and game.scores() == (2.0, 2.0)
    assert game.winners() == (0, 1), "a tie on points and on unspent treasure is shared (RULINGS.md)"


def test_a_tie_for_second_goes_to_the_older_envoy_and_the_third_gets_nothing() -> None:
    """Text: "Whoever came in second for that Clan gets whatever the first place player for that Clan did not
    take." RULINGS.md: "a tie for second goes to the older Envoy". Taira: seat 0 holds two Envoys; seats 1
    and 2 one each, seat 2's t3 (year 1) older than seat 1's t2 (year 10)."""
    game = position(3, round=3, order="012", dojo="01201201", envoys=["t1,t4", "t2", "t3"], rup="w1,p1,f1,a1")
    finish_round(game)
    # Go-Shirakawa scores first after round 3, but nobody holds one: Taira asks first.
    assert game.frames[-1].data["clan"] == 0 and game.decision(0).kind == "favour"
    play(game, "0:pts")
    assert game.decision(2) is not None and game.decision(2).kind == "favour", "seat 2 is second"
    play(game, "2:rum:w1")
    assert game.honour == [6, 0, 0] and game.rumors[1] == [] and len(game.rumors[2]) == 1


def test_a_clan_with_no_house_points_still_gives_its_first_the_choice() -> None:
    """Text: "It is possible for there to be no Clan House points for a given Clan." The first still chooses
    the (zero) house points or a free Rumor; taking the points leaves the Rumor to the second."""
    houses = ["t2:3n:fsv", "m2:3n:fsv", "t6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv"]
    game = before_scoring(3, envoys=["g1,g2", "g3"], houses=houses, rup="w1,p1,f1,a1")
    finish_round(game)
    assert game.frames[-1].data["clan"] == 2 and game.legal_actions(0)[0] == "pts"
    play(game, "0:pts")
    assert game.honour[0] == 0
    assert game.decision(1).kind == "favour" and "pts" not in game.legal_actions(1)
