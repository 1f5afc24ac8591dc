"""Scenario tests of the turn: trap, move, activate (all simultaneous), hits, the end, discard/draw."""

from __future__ import annotations

import pytest

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninja_trap import STATE
from ninjadojo.games.ninja_trap.builder import Seat, build, log_texts, play
from ninjadojo.games.ninja_trap.cards import ROOM_INDEX

GENKAN, IMA, DAIDOKORO, BUKO = (ROOM_INDEX[c] for c in "GIDB")


def test_a_turn_opens_with_every_living_ninja_placing_a_trap_simultaneously() -> None:
    game = STATE.new(3, seed=4)
    assert game.to_act() == (0, 1, 2)
    for seat in range(3):
        decision = game.decision(seat)
        assert decision is not None and decision.kind == "trap" and decision.simultaneous


def test_a_trap_is_any_card_from_the_hand() -> None:
    game = build(2, "trap", [Seat(hand="GGIDB"), Seat(hand="SFTNI")])
    assert game.legal_actions(0) == ["tG", "tI", "tD", "tB"]
    assert game.legal_actions(1) == ["tI", "tS", "tF", "tT", "tN"]


def test_a_placed_trap_goes_face_down_at_the_end_of_the_row() -> None:
    game = build(2, "trap", [Seat(hand="GGIDB", traps="I1"), Seat(hand="SFTNI")], turn=2)
    play(game, {0: "tB", 1: "tS"})
    assert game.traps[0] == [IMA, BUKO] and game.trap_turns[0] == [1, 2]
    assert sum(game.hands[0]) == 4 and game.hands[0][BUKO] == 0
    assert game.decision(0) is not None and game.decision(0).kind == "move"


def test_the_move_is_a_second_card_and_moves_are_revealed_together() -> None:
    game = build(2, "move", [Seat(hand="GIDB", traps="N1"), Seat(hand="SFTN", traps="G1")])
    assert game.legal_actions(0) == ["mG", "mI", "mD", "mB"]
    game.apply(0, "mB")
    assert game.moves == [-1, -1], "nothing is revealed until every ninja has chosen"
    assert not any("Buko" in text for text in log_texts(game))
    game.apply(1, "mS")
    assert game.moves == [BUKO, ROOM_INDEX["S"]]
    assert "Moves revealed: P0 to the Buko, P1 to the Shinshitsu." in log_texts(game)


def test_the_order_of_submission_changes_nothing() -> None:
    seats = [Seat(hand="GIDB", traps="G1,S2"), Seat(hand="SFTN", traps="I1,B2"), Seat(hand="GIDS", traps="D1,N2")]
    first = build(3, "move", seats, turn=2)
    second = build(3, "move", seats, turn=2)
    play(first, {0: "mG", 1: "mS", 2: "mI"})
    play(second, {2: "mI", 0: "mG", 1: "mS"})
    assert first == second
    assert [e.text for e in first.events] == [e.text for e in second.events]
    play(first, {0: "f1", 1: "pass", 2: "f1"})
    play(second, {2: "f1", 1: "pass", 0: "f1"})
    assert first == second
    assert [e.text for e in first.events] == [e.text for e in second.events]


def test_activation_is_optional_and_any_own_face_down_trap_may_be_flipped() -> None:
    game = build(2, "activate", [Seat(hand="GID", traps="G1,I2,D4"), Seat(hand="SFT", traps="S4")],
                 moves="BG", turn=4)
    assert game.legal_actions(0) == ["pass", "f1", "f2", "f3"]
    assert game.legal_actions(1) == ["pass", "f1"]


def test_a_correct_flip_traps_the_ninja_in_that_room() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D1,G3"), Seat(hand="SF", traps="S3")],
                 moves="BG", turn=3)
    play(game, {0: "f2", 1: "pass"})
    assert game.hits == [0, 1]
    assert game.traps[0] == [DAIDOKORO] and game.trap_turns[0] == [1]
    assert "The trap in the Genkan springs on P1: hit 1 of 3." in log_texts(game)


def test_a_wrong_flip_still_springs_in_its_room_on_anyone_there_the_flipper_included() -> None:
    game = build(3, "activate",
                 [Seat(hand="GI", traps="D2"), Seat(hand="SF", traps="S2"), Seat(hand="SF", traps="G2")],
                 moves="DGI", turn=2)
    play(game, {0: "f1", 1: "pass", 2: "pass"})
    assert game.hits == [1, 0, 0], "seat 0 flipped a Daidokoro trap while standing in the Daidokoro"


def test_a_wrong_flip_into_an_empty_room_hits_nobody() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D2"), Seat(hand="SF", traps="S2")], moves="GI", turn=2)
    play(game, {0: "f1", 1: "pass"})
    assert game.hits == [0, 0]
    assert game.discards[0][DAIDOKORO] == 1, "the flipped trap goes to its owner's discard pile"


def test_ninjas_who_moved_to_the_same_room_cannot_flip_but_can_be_trapped() -> None:
    game = build(3, "activate",
                 [Seat(hand="GI", traps="G2"), Seat(hand="SF", traps="G2"), Seat(hand="SF", traps="G2")],
                 moves="GGB", turn=2)
    assert game.to_act() == (2,)
    assert game.decision(0) is None and game.legal_actions(1) == []
    with pytest.raises(IllegalActionError):
        game.apply(0, "f1")
    game.apply(2, "f1")
    assert game.hits == [1, 1, 0]


def test_no_activation_stage_when_nobody_may_flip() -> None:
    # Both ninjas have traps, but they share the Genkan: neither may flip, so the stage is skipped.
    game = build(2, "move", [Seat(hand="GIDB", traps="S1"), Seat(hand="GFTN", traps="I1")])
    play(game, {0: "mG", 1: "mG"})
    assert game.decision(0) is not None and game.decision(0).kind == "trap"
    assert game.turn == 2


def test_a_ninja_takes_at_most_one_hit_per_turn() -> None:
    game = build(3, "activate",
                 [Seat(hand="GI", traps="B2"), Seat(hand="SF", traps="B2"), Seat(hand="SF", traps="G2")],
                 moves="DIB", turn=2)
    play(game, {0: "f1", 1: "f1", 2: "pass"})
    assert game.hits == [0, 0, 1]


def test_three_hits_and_a_ninja_is_out_and_acts_no_more() -> None:
    game = build(3, "activate",
                 [Seat(hand="GI", traps="D3"), Seat(hand="SF", traps="I3", hits=2), Seat(hand="SF", traps="S3")],
                 moves="GDI", turn=3)
    play(game, {0: "f1", 1: "pass", 2: "pass"})
    assert game.hits[1] == 3 and not game.alive(1)
    assert "P1's ninja is out." in log_texts(game)
    assert game.result is None
    assert game.to_act() == (0, 2)
    assert game.decision(1) is None


def test_an_out_ninjas_cards_stay_where_they_are() -> None:
    game = build(3, "activate",
                 [Seat(hand="GI", traps="D3"), Seat(hand="SF", traps="G3", hits=2), Seat(hand="SF", traps="S3")],
                 moves="GDI", turn=3)
    play(game, {0: "f1", 1: "pass", 2: "pass"})
    assert not game.alive(1) and game.turn == 4
    assert game.traps[1] == [GENKAN] and sum(game.hands[1]) == 2, "no draw for a ninja that is out"
    assert sum(game.hands[0]) == 2 + 2, "the others draw two"
    game.check_invariants()


def test_the_last_ninja_standing_wins() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D5"), Seat(hand="SF", traps="S5", hits=2)], moves="GD",
                 turn=5)
    play(game, {0: "f1", 1: "pass"})
    assert game.is_terminal
    assert game.winners() == (0,)
    assert game.scores() == (1.0, 0.0)
    assert game.to_act() == ()


def test_a_flipper_who_traps_itself_with_its_last_rival_shares_the_win() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="B5", hits=2), Seat(hand="SF", traps="I5", hits=2)],
                 moves="BG", turn=5)
    play(game, {0: "f1", 1: "pass"})
    assert game.hits == [3, 2]
    assert game.winners() == (1,), "seat 0 sprang its own trap on itself; seat 1 stands alone"


def test_two_last_ninjas_both_trapped_in_one_turn_share_the_win() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="I5", hits=2), Seat(hand="SF", traps="G5", hits=2)],
                 moves="GI", turn=5)
    play(game, {0: "f1", 1: "f1"})
    assert game.hits == [3, 3]
    assert game.winners() == (0, 1)
    assert game.scores() == (1.0, 1.0)
    assert "share the win" in game.result.reason


def test_only_the_ninjas_knocked_out_in_the_last_turn_share_the_win() -> None:
    game = build(3, "activate",
                 [Seat(hand="GI", traps="I5", hits=2), Seat(hand="SF", traps="G5", hits=2), Seat(hand="SF", hits=3)],
                 moves="GI-", turn=5)
    play(game, {0: "f1", 1: "f1"})
    assert game.winners() == (0, 1), "seat 2 was out before the last turn"


def test_discard_the_move_and_flipped_trap_then_draw_two() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D1,S3", deck_top="BN"), Seat(hand="SF", traps="G3")],
                 moves="GI", turn=3)
    deck_before = len(game.decks[0])
    play(game, {0: "f2", 1: "pass"})
    assert game.discards[0][GENKAN] == 1 and game.discards[0][ROOM_INDEX["S"]] == 1
    assert len(game.decks[0]) == deck_before - 2
    assert game.hands[0][BUKO] == 1 and game.hands[0][ROOM_INDEX["N"]] == 1
    assert sum(game.hands[0]) == 4 and sum(game.hands[1]) == 4
    assert game.turn == 4 and game.decision(0).kind == "trap"


def test_with_one_card_left_in_the_deck_draw_it_and_play_on() -> None:
    # Seat 0 has one card left in its deck: it draws it and keeps playing from a hand of four.
    game = build(2, "move", [Seat(hand="GID", traps="I1,I3", deck_top="B", rest="discard"),
                             Seat(hand="SFT", traps="G3")], turn=3)
    play(game, {0: "mG", 1: "mS"})
    play(game, {0: "pass", 1: "pass"})
    assert game.decks[0] == [] and sum(game.hands[0]) == 3
    assert game.discards[0][GENKAN] == 3, "no reshuffle while the hand can still play a turn"


def test_when_the_cards_run_out_the_discards_become_a_new_deck_traps_stay_draw_five() -> None:
    game = build(2, "move", [Seat(hand="G", traps="I1,I2", rest="discard"), Seat(hand="SFT", traps="G3")], turn=3)
    traps = list(game.traps[0])
    play(game, {0: "mG", 1: "mS"})
    play(game, {0: "pass", 1: "pass"})
    assert sum(game.hands[0]) == 5
    assert len(game.decks[0]) == 17 - 5
    assert sum(game.discards[0]) == 0
    assert game.traps[0] == traps
    assert "P0 shuffles their discard pile into a new draw pile of 17 cards and draws 5." in log_texts(game)
    game.check_invariants()


def test_a_hand_of_one_card_has_run_out_and_is_topped_up_to_five() -> None:
    game = build(2, "move", [Seat(hand="GI", traps="I1,D3", rest="discard"), Seat(hand="SFT", traps="G3")], turn=3)
    play(game, {0: "mG", 1: "mS"})
    play(game, {0: "pass", 1: "pass"})
    # One card (Ima) was left, too few for a trap and a move: it stays, and four are drawn from a new
    # deck of the 16 discarded cards (19, less two traps and the Ima).
    assert sum(game.hands[0]) == 5 and game.hands[0][IMA] >= 1
    assert len(game.decks[0]) == 16 - 4


def test_a_ninja_with_one_card_in_all_skips_the_trap_and_moves_with_it() -> None:
    traps = ",".join(f"{code}{turn}" for turn, code in enumerate("GGGIIIDDDSSSFFFTNBB"[:-1], start=1))
    game = build(2, "move", [Seat(hand="B", traps=traps, rest="discard"), Seat(hand="SFT", traps="G19")], turn=19)
    play(game, {0: "mB", 1: "mS"})
    play(game, {0: "pass", 1: "pass"})
    game.apply(0, "ok")  # unharmed in the Buko: the look comes first
    assert game.turn == 20
    assert game.to_act() == (1,), "seat 0 holds its one card: no trap to place this turn"
    assert sum(game.hands[0]) == 1
    game.apply(1, game.legal_actions(1)[0])
    assert game.to_act() == (0, 1)
    assert game.legal_actions(0) == ["mB"]


def test_a_living_ninja_always_keeps_a_card_to_move_with() -> None:
    # Nobody ever flips, so traps pile up as far as the rules let them: all but one card of the deck.
    game = STATE.new(2, seed=9)
    while not game.is_terminal and game.turn <= 60:
        seat = game.to_act()[0]
        kind = game.decision(seat).kind
        game.apply(seat, "pass" if kind == "activate" else game.legal_actions(seat)[0])
        game.check_invariants()
        assert all(len(row) <= 18 for row in game.traps)
    assert max(len(row) for row in game.traps) == 18


def _all_but_one_buko_as_traps() -> str:
    return ",".join(f"{code}{turn}" for turn, code in enumerate("GGGIIIDDDSSSFFFTNB", start=1))


def test_ninjas_forced_into_one_room_for_good_share_the_win() -> None:
    traps = _all_but_one_buko_as_traps()
    game = build(2, "move", [Seat(hand="B", traps=traps, rest="discard"), Seat(hand="B", traps=traps, rest="discard")],
                 turn=19)
    play(game, {0: "mB", 1: "mB"})
    play(game, {0: "ok", 1: "ok"})  # both unharmed in the Buko: each looks at their traps first
    assert game.is_terminal
    assert game.winners() == (0, 1)
    assert "can never be trapped again" in game.result.reason
    for seed in range(20):  # a determinisation may redeal the forcing cards; it is still a lawful position
        game.determinize(0, seed).check_invariants()


def test_a_ninja_with_a_second_room_to_go_to_keeps_the_game_going() -> None:
    traps = _all_but_one_buko_as_traps()
    # Seat 1 placed a trap this turn (it had two cards or more), and keeps a Genkan besides the Buko.
    other = ",".join(f"{code}{turn}" for turn, code in enumerate("GIIIDDDSSSFFFTNB", start=1)) + ",G19"
    game = build(2, "move", [Seat(hand="B", traps=traps, rest="discard"),
                             Seat(hand="GB", traps=other, rest="discard")], turn=19)
    play(game, {0: "mB", 1: "mB"})
    play(game, {0: "ok", 1: "ok"})
    assert not game.is_terminal
