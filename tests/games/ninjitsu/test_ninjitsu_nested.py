"""Nested plays and traps in unusual combinations, and the win target at its boundaries.

Each test starts from a position and checks the printed card texts (rulebook) and RULINGS.md:
a trap is resolved at once by whoever stole (or turned up) the card, then a valueless card is
discarded, then the rest of the outer action goes on.
"""

from __future__ import annotations

import pytest
from ninjitsu_helpers import discard, hand, kind, play, secrets, treasures

from ninjadojo.engine import OptionError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS, DECK_SIZE


def _all_but(*used: str) -> str:
    return " ".join(cid for cid in CARD_IDS[:DECK_SIZE] if cid not in used)


# ---------------------------------------------------------------------- traps inside nested plays


def test_tripwire_stolen_by_climbing_hook_inside_katana_is_resolved_before_the_hooks_draw() -> None:
    game = position(hands=["6a 8b 2c", "5c"], treasures=["", "9c"], secrets=["", "Ta"], deck="3a 4a")
    play(game, "a:6a", "c:9c", "a:8b", "x1.0")
    # The thief discards at once, from the hand it has before the Hook's draw.
    assert kind(game) == "trap-discard" and game.legal_actions(0) == ["c:2c"]
    play(game, "c:2c")
    assert hand(game, 0) == "4a"  # then Climbing Hook draws
    assert treasures(game, 0) == "Ta"
    assert game.to_act() == (1,) and not game.effects


def test_king_stolen_by_climbing_hook_makes_the_victim_draw_4_and_is_discarded_before_the_hooks_draw() -> None:
    # The deck holds 3 cards: the victim's 4th card comes from the reshuffled discard pile, which
    # holds the played Hook but not yet the King (discarded only after its trap).
    # The other cards lie out of the way, as P2's secrets (P2's turn does not come in this test).
    rest = _all_but("8b", "5c", "Ka", "2a", "3a", "4a", "7a")
    game = position(players=3, hands=["8b", "5c", ""], secrets=["", "Ka", rest], deck="2a 3a 4a", discard="7a")
    play(game, "a:8b", "x1.0")
    assert hand(game, 1).split()[:4] == ["5c", "4a", "3a", "2a"]
    assert len(game.hands[1]) == 5 and hand(game, 1).split()[4] in ("7a", "8b")
    # The King went onto the pile after the reshuffle, and the Hook draws the new deck's other card.
    assert discard(game) == "Ka"
    assert {hand(game, 0), hand(game, 1).split()[4]} == {"7a", "8b"}
    assert treasures(game, 0) == "" and game.to_act() == (1,)


def test_explosives_stolen_inside_katana_with_the_hand_then_empty_discards_nothing_and_the_hook_draws() -> None:
    game = position(hands=["6a 8b", "5c"], treasures=["", "9c"], secrets=["", "2b"], deck="3a 4a")
    play(game, "a:6a", "c:9c", "a:8b", "x1.0")
    # Katana > Climbing Hook > the steal > its trap: three levels deep.
    assert "      P0 has no card in hand to discard" in game.observe(1)["log"]  # type: ignore[operator]
    assert treasures(game, 0) == "2b" and hand(game, 0) == "4a"
    assert game.to_act() == (1,)


def test_explosives_stolen_inside_blowgun_discards_the_hand_before_the_hooks_draw() -> None:
    game = position(hands=["Ac 8b 9a Qb", "5c"], treasures=["", "9c 4c"], secrets=["", "2b"], deck="3a 4a")
    play(game, "a:Ac", "a:8b", "x1.0")
    assert hand(game, 0) == "4a"
    assert discard(game).split()[-2:] == ["9a", "Qb"]
    assert treasures(game, 1) == "9c" and treasures(game, 0) == "2b"
    assert game.to_act() == (1,)


def test_snare_whose_thief_has_no_other_treasure_stays_as_the_thiefs_only_treasure() -> None:
    game = position(hands=["8b", "5c"], secrets=["", "3a"], deck="4a")
    play(game, "a:8b", "x1.0")
    assert treasures(game, 0) == "3a" and hand(game, 0) == "4a"
    assert "    P0 has no other treasure to discard" in game.observe(0)["log"]  # type: ignore[operator]


def test_snare_stolen_by_the_chain_and_sickle_used_hook_spares_only_itself() -> None:
    # Chain and Sickle discards P0's own Hook treasure and uses it: the Snare then sweeps P0's other
    # treasures (the Hook is already gone).
    # Target 30: P0's 23 points would otherwise win at the start of this turn.
    game = position(hands=["7a", "5c"], treasures=["8b 9a 6b", ""], secrets=["", "3a"], deck="4a", target=30)
    play(game, "a:7a", "c:8b", "x1.0")
    assert treasures(game, 0) == "3a"
    assert discard(game).split()[-4:] == ["7a", "8b", "9a", "6b"]
    assert hand(game, 0) == "4a" and game.to_act() == (1,)


def test_chain_and_sickle_on_ones_own_katana_treasure_discards_another_then_plays_a_card() -> None:
    game = position(hands=["7a 5b", "5c"], treasures=["6b 9a", "8c"])
    play(game, "a:7a")
    assert game.legal_actions(0) == ["c:6b", "c:9a", "c:8c"]
    play(game, "c:6b")
    assert kind(game) == "discard-treasure"  # the Katana's own action: discard any 1 treasure
    assert game.legal_actions(0) == ["c:9a", "c:8c"]
    play(game, "c:8c")
    assert kind(game) == "play" and game.legal_actions(0) == ["s:5b", "t:5b"]
    play(game, "t:5b")
    assert treasures(game, 0) == "9a 5b" and treasures(game, 1) == ""
    assert game.to_act() == (1,)


def test_master_of_surprise_turning_up_a_tripwire_of_an_owner_with_an_empty_hand() -> None:
    game = position(hands=["Xa 6b", ""], secrets=["", "Ta 5a"], deck="3a 4a")
    play(game, "a:Xa", "f1.0")
    # Trapped: no draw for the Joker's player; the owner has nothing to discard; the turn passes.
    assert treasures(game, 1) == "Ta" and secrets(game, 1) == "5a"
    assert hand(game, 0) == "6b" and hand(game, 1) == ""
    assert game.to_act() == (1,) and kind(game) == "turn"


def test_master_of_secrets_taking_its_own_players_only_treasure_must_then_hide_a_card() -> None:
    game = position(hands=["Qa", "5c"], treasures=["9a", "8b"])
    play(game, "a:Qa")
    assert game.legal_actions(0) == ["c:9a", "c:8b"]
    play(game, "c:9a")
    assert game.legal_actions(0) == ["s:9a"]
    play(game, "s:9a")
    assert secrets(game, 0) == "9a" and treasures(game, 0) == "" and game.points(0) == 9


def test_caltrops_draw_with_an_empty_deck_reshuffles_the_pile_caltrops_lies_on() -> None:
    # Played for its action, Caltrops is on the discard pile: its own draw reshuffles it back.
    game = position(hands=["Ab", _all_but("Ab")], deck="")
    assert discard(game) == ""
    play(game, "a:Ab")
    assert hand(game, 0) == "Ab" and game.deck == [] and discard(game) == ""
    assert game.to_act() == (1,)


def test_caltrops_draw_after_its_discards_may_reshuffle_them() -> None:
    game = position(hands=["Ab", _all_but("Ab", "9c", "2a")], treasures=["", "9c"], deck="", discard="2a")
    play(game, "a:Ab")
    assert treasures(game, 1) == "" and len(game.hands[0]) == 1
    assert sorted([*hand(game, 0).split(), *(CARD_IDS[card] for card in game.deck)]) == ["2a", "9c", "Ab"]


# ---------------------------------------------------------------------- the win target


def test_exactly_the_target_at_the_start_of_the_turn_wins_and_one_less_does_not() -> None:
    game = position(hands=["6a", "2b"], treasures=["9a 5b", ""], target=21)
    play(game, "t:6a")
    assert game.points(0) == 20
    play(game, "t:2b")
    assert not game.is_terminal and game.to_act() == (0,)
    game = position(hands=["6a", "2b"], treasures=["9a 6b", ""], target=21)
    play(game, "t:6a", "t:2b")
    assert game.winners() == (0,) and game.scores() == (21.0, 2.0)


def test_target_1_is_won_by_any_point_but_never_at_the_set_up() -> None:
    game = NinjitsuState.new(2, {"target": 1}, seed=3)
    assert not game.is_terminal and game.to_act() == (0,)
    game = position(hands=["Ka", "2b"], target=1)
    play(game, "s:Ka")  # a valueless secret is worth 0
    play(game, "t:2b")
    assert not game.is_terminal
    play(game, "d")
    assert game.winners() == (1,)


@pytest.mark.parametrize("target", [0, 201, -1])
def test_target_outside_1_to_200_is_refused(target: int) -> None:
    with pytest.raises(OptionError, match="target"):
        NinjitsuState.new(2, {"target": target})


# ---------------------------------------------------------------------- the log shows nesting


def _log(game: NinjitsuState, seat: int | None, since: int = 0) -> list[str]:
    log = game.observe(seat)["log"]
    assert isinstance(log, list)
    return [str(line) for line in log[since:]]


def test_darts_declined_whole_says_no_treasure_was_discarded() -> None:
    # (it said "P2 stops discarding" when nothing had been discarded)
    game = position(3, turn=2, hands=["", "", "Aa 5b"], treasures=["9a 2a", "8b 3c", ""])
    play(game, "a:Aa", "done")
    assert _log(game, 0)[:2] == ["P2 plays Darts for its action", "  P2 discards no treasure"]


def test_darts_then_blowgun_then_a_secret_read_as_one_action_nested_by_depth() -> None:
    # The example: "P2 plays Darts / P2 plays Blowgun / P2 plays a secret" read like three
    # turns. Each play inside another card's action is one level deeper than that action.
    game = position(3, turn=2, hands=["", "", "Aa Ac 5b"], treasures=["9a 2a", "8b 3c", ""])
    play(game, "a:Aa", "c:9a", "done", "a:Ac", "s:5b")
    assert _log(game, 0) == [
        "P2 plays Darts for its action",
        "  Smoke Bomb is discarded from P0's treasures",
        "  P2 stops discarding",
        "  P2 plays Blowgun for its action",
        "    Explosives is discarded from P0's treasures",
        "    Snare is discarded from P1's treasures",
        "    P2 plays a secret",
    ]
    assert _log(game, 2)[-1] == "    Your secret is Bow and Arrows"
    assert game.to_act() == (0,)


def test_a_trap_sprung_inside_nested_plays_is_one_level_inside_its_steal() -> None:
    # Katana > Climbing Hook > the steal of a Tripwire > its discard, then the Hook's draw.
    game = position(hands=["6a 8b 2c", "5c"], treasures=["", "9c"], secrets=["", "Ta"], deck="3a 4a")
    play(game, "a:6a", "c:9c", "a:8b", "x1.0", "c:2c")
    assert _log(game, 1) == [
        "P0 plays Katana for its action",
        "  Smoke Bomb is discarded from P1's treasures",
        "  P0 plays Climbing Hook for its action",
        "    P0 steals P1's secret #1: Tripwire",
        "      Tripwire is trapped!",
        "      P0 discards Explosives from hand",
        "    P0 draws 1 card",
    ]


def test_chain_and_sickle_using_a_discarded_katanas_action_nests_it() -> None:
    game = position(hands=["7a 5b", "5c"], treasures=["6b 9a", "8c"])
    play(game, "a:7a", "c:6b", "c:8c", "t:5b")
    assert _log(game, 1) == [
        "P0 plays Chain and Sickle for its action",
        "  Katana is discarded from P0's treasures",
        "  P0 uses the action of Katana",
        "    Climbing Hook is discarded from P1's treasures",
        "    P0 plays Bow and Arrows as a treasure",
    ]


def test_a_trap_turned_up_by_master_of_surprise_and_paid_by_its_owner_is_nested_in_the_flip() -> None:
    game = position(hands=["Xa", "6c 7c"], secrets=["", "Tb"])
    play(game, "a:Xa", "f1.0", "c:7c")
    assert _log(game, 0) == [
        "P0 plays Master of Surprise for its action",
        "  P0 turns P1's secret #1 face-up: Tripwire",
        "    Tripwire is trapped!",
        "    P1 discards Chain and Sickle from hand",
    ]


def test_a_steal_taken_as_the_turns_action_is_at_the_top_level_and_its_trap_one_inside() -> None:
    game = position(hands=["", "6c"], secrets=["", "Ka"], deck="2a 3a 4a 5a")
    play(game, "x1.0")
    assert _log(game, 0) == [
        "P0 steals P1's secret #1: Master of Cunning",
        "  Master of Cunning is trapped!",
        "  P1 draws 4 cards",
        "  Master of Cunning has no value and is discarded",
    ]
    # The depth is in the events too, for clients that group rather than indent.
    assert [event.depth for event in game.events if event.shown_to(0)][-4:] == [0, 1, 1, 1]
