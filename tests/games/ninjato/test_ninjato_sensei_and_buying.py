"""The Sensei (text: "Sensei Tiles"), the Pavilion and the Palace (text: "Envoy Cards", "Rumor Cards",
"Treasure": Gold stands for any treasure)."""

from __future__ import annotations

import pytest
from ninjato_helpers import field, finish_round, hand, play, purse

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.cards import HJ_TYPE, TILE_INDEX


def test_a_tile_costs_a_card_of_its_value() -> None:
    game = position(2, hands=["54", ""], offer="s2@5")
    play(game, "0:sen:s2@5")
    assert hand(game, 0) == "4" and game.discard[5] == 1
    assert game.tiles[0][TILE_INDEX["s2@5"]] == 1 and game.offer == []


def test_a_tile_whose_value_you_lack_cannot_be_taken() -> None:
    game = position(2, hands=["44", ""], offer="s2@5")
    assert "sen:s2@5" not in game.legal_actions(0)
    with pytest.raises(IllegalActionError, match="costs a card of its value"):
        game.apply(0, "sen:s2@5")


def test_a_question_mark_tile_takes_any_card() -> None:
    game = position(2, hands=["15", ""], offer="c2@?")
    assert [action for action in game.legal_actions(0) if action.startswith("sen:")] == ["sen:c2@?=1", "sen:c2@?=5"]
    play(game, "0:sen:c2@?=5")
    assert hand(game, 0) == "1"


def test_a_tile_of_a_style_you_hold_is_free() -> None:
    game = position(2, hands=["", ""], tiles=["c1@3", ""], offer="c2@3,t6@2")
    legal = game.legal_actions(0)
    assert "sen:c2@3" in legal, "a Crane already held: no card needed"
    assert "sen:t6@2" not in legal, "no Tiger held and no 2 in hand"
    play(game, "0:sen:c2@3")
    assert game.kinds[0][4] == 1 and game.kinds[0][5] == 1


def test_one_player_may_take_every_tile_on_offer() -> None:
    game = position(2, hands=["12", "3"], offer="t1@1,t6@2")
    play(game, "0:sen:t1@1", "1:dojo")
    while game.decision(1) is not None and game.decision(1).kind == "draw":
        game.apply(1, "deck")
    play(game, "0:sen:t6@2")
    assert game.kinds[0][2] == 1 and game.kinds[0][3] == 1 and game.offer == []
    assert game.sensei_seats == [0, 0]


def test_hensojutsu_is_offered_one_a_round_in_rounds_five_to_seven_and_costs_only_the_shuriken() -> None:
    game = position(2, round=4, hands=["", ""], offer="s1@4,t1@1", dojo="01010", order="01")
    finish_round(game)
    assert game.round == 5 and game.offer == [HJ_TYPE] and game.hj_left == 2
    assert sorted(field(game, "sout").split(",")) == ["s1@4", "t1@1"], "tiles left on offer are discarded"
    assert "sen:hj" in game.legal_actions(game.to_act()[0])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_one_to_four_offer_as_many_tiles_as_players(players: int) -> None:
    game = position(players, hands=[""] * players, offer="")
    for _ in range(3):
        finish_round(game)
        assert len(game.offer) == players


def test_an_envoy_costs_its_treasures_gold_standing_for_any_and_scores_their_value() -> None:
    game = position(2, purses=["jfg", ""], vup="t1,t2,t3,t4")
    # t1 costs a Jade and a Fan.
    buys = [action for action in game.legal_actions(0) if action.startswith("env:t1:")]
    assert buys == ["env:t1:fg", "env:t1:fj", "env:t1:jg"]
    play(game, "0:env:t1:fg")
    assert purse(game, 0) == "j" and game.honour[0] == 7 and game.envoys[0] == [0]
    assert game.spent == [1, 0, 0, 0, 1] and game.vup == [1, 2, 3]


def test_an_of_one_kind_cost_takes_its_range_and_gold_alone_counts_as_jade() -> None:
    game = position(2, purses=["vvg", ""], vup="t5,t2,t3,t4")
    buys = {}
    for action in game.legal_actions(0):
        if action.startswith("env:t5:"):
            after = game.clone()
            after.apply(0, action)
            buys[action] = after.honour[0]
    assert buys == {"env:t5:g": 5, "env:t5:v": 4, "env:t5:vg": 8, "env:t5:vv": 8, "env:t5:vvg": 12}


def test_a_rumor_is_bought_at_the_pavilion_for_its_treasure() -> None:
    # w1 costs a Fan, w2 a Scroll, w4 a Scroll and a Fan.
    game = position(2, purses=["s", ""], rup="w2,w1,w4,d1")
    assert [action for action in game.legal_actions(0) if action.startswith("rum:")] == ["rum:w2:s"]
    play(game, "0:rum:w2:s")
    assert game.honour[0] == 3 and game.rumors[0] == [1] and game.pavilion_seats == [0]


def test_the_treasures_of_a_payment_may_be_written_in_any_order() -> None:
    game = position(2, purses=["jfg", ""], vup="t1,t2,t3,t4")
    assert game.canonical(0, "env:t1:gj") == "env:t1:jg"
    play(game, "0:env:t1:gj")
    assert game.record.actions[-1] == (0, "env:t1:jg")


def test_the_pavilion_and_palace_take_a_limited_number_of_shuriken_a_round() -> None:
    game = position(2, purses=["ffss", "ffss"], rup="w1,p1,f1,a1", pavilion="01", order="01")
    assert game.pavilion_spots == 2
    assert not [action for action in game.legal_actions(0) if action.startswith("rum:")]
    with pytest.raises(IllegalActionError, match="Pavilion takes 2"):
        game.apply(0, "rum:a1:f")


def test_the_displays_are_refilled_to_four_at_the_end_of_the_round() -> None:
    game = position(2, purses=["f", ""], rup="w1,p1,f1,a1", dojo="0101", order="01")
    play(game, "0:rum:w1:f")
    assert len(game.rup) == 3
    finish_round(game)
    assert game.round == 2 and len(game.rup) == 4 and len(game.vup) == 4


def test_nothing_is_bought_without_treasure() -> None:
    game = position(2)
    assert not [action for action in game.legal_actions(0) if action.startswith(("rum:", "env:"))]
