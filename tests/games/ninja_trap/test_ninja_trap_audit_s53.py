"""Audit (session 53): scenario tests written from the rulebook's sentences (ninja-trap.txt), RULINGS.md's
section for the game and the rules document's Rulings, on the edges the other tests leave: the Buko with
a trap sprung by its own visitor, several traps in one turn, knock-outs in the middle of a game, the
flipped trap going into a reshuffle, and set-up counts per player count."""

from __future__ import annotations

import pytest

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninja_trap import STATE
from ninjadojo.games.ninja_trap.builder import Seat, build, play
from ninjadojo.games.ninja_trap.cards import ROOM_INDEX

IMA, DAIDOKORO, TEIZEN, NURSERY, BUKO = (ROOM_INDEX[c] for c in "IDTNB")


@pytest.mark.parametrize(("players", "size", "nursery", "garden"), [(2, 19, 1, 1), (3, 21, 1, 3), (4, 23, 3, 3)])
def test_set_up_counts_per_player_count(players: int, size: int, nursery: int, garden: int) -> None:
    """"2 players- remove 2x Ikujishitzu (nursery) and 2x Teizen (garden) from each deck / 3 players- remove 2x
    Ikujishitzu (nursery) / 4 players- play with a complete deck." and "draw five cards"; nobody has a hit."""
    game = STATE.new(players, seed=17)
    for seat in range(players):
        cards = list(game.decks[seat])
        for room, count in enumerate(game.hands[seat]):
            cards += [room] * count
        assert len(cards) == size and sum(game.hands[seat]) == 5
        assert cards.count(NURSERY) == nursery and cards.count(TEIZEN) == garden and cards.count(BUKO) == 2
    assert game.hits == [0] * players and all(not row for row in game.traps)


def test_the_trap_is_compulsory_and_the_move_too() -> None:
    """"Place trap: Each player chooses a card from their hand and places it face down" and "Move: Each
    player chooses a second card": neither stage can be passed."""
    game = build(2, "trap", [Seat(hand="GGIDB"), Seat(hand="SFTNI")])
    for action in ("pass", "mG", "f1", "ok"):
        with pytest.raises(IllegalActionError):
            game.apply(0, action)
    play(game, {0: "tG", 1: "tS"})
    with pytest.raises(IllegalActionError):
        game.apply(0, "pass")
    assert game.legal_actions(0) == ["mG", "mI", "mD", "mB"]


def test_a_ninja_who_springs_its_own_trap_in_the_buko_gets_no_look() -> None:
    """Buko: "If someone does trap you in the Buko, its special ability is ignored." and a wrong flip "if this
    is the room you ... moved to this turn, you ... are trapped": springing your own Buko trap counts."""
    game = build(2, "activate", [Seat(hand="GI", traps="B2"), Seat(hand="SF", traps="S2")], moves="BG", turn=2)
    play(game, {0: "f1", 1: "pass"})
    assert game.hits == [1, 0]
    assert game.stage() == "trap" and game.turn == 3, "no look stage"
    assert not any("Buko look" in event.text for event in game.events)


def test_the_look_shows_only_the_traps_still_face_down() -> None:
    """Buko: "the special ability only takes place after the Activate Traps phase": a trap flipped this turn
    is face up already, so the look shows the others (ruling 7)."""
    game = build(2, "activate", [Seat(hand="GI", traps="G1,D2"), Seat(hand="SF", traps="S2")], moves="BG", turn=2)
    play(game, {0: "f1", 1: "pass"})
    assert game.hits == [0, 1]
    assert game.observe(0)["buko_look"] == [{"position": 1, "turn": 2, "room": "D"}]


def test_two_ninjas_in_the_buko_trapped_by_a_third_neither_looks() -> None:
    """"two ninjas in the same room could both be trapped by a third ninja activating a trap there"; trapped in
    the Buko, "its special ability is ignored"."""
    game = build(3, "activate", [Seat(hand="GI", traps="G2"), Seat(hand="SF", traps="S2"),
                                 Seat(hand="SF", traps="B2")], moves="BBG", turn=2)
    assert game.to_act() == (2,), "the two in the Buko cannot flip"
    game.apply(2, "f1")
    assert game.hits == [1, 1, 0]
    assert game.stage() == "trap"


def test_two_traps_sprung_in_one_room_on_two_ninjas_give_each_one_hit() -> None:
    """"A ninja may not be "double trapped". (If two enemy ninjas activate traps against one ninja in the same
    turn, the ninja takes only one hit)": with four ninjas, two in the Genkan, each takes one."""
    game = build(4, "activate", [Seat(hand="GI", traps="G3"), Seat(hand="SF", traps="G3"),
                                 Seat(hand="SF", traps="S3"), Seat(hand="SF", traps="I3")],
                 moves="IDGG", turn=3)
    assert game.to_act() == (0, 1)
    play(game, {0: "f1", 1: "f1"})
    assert game.hits == [0, 0, 1, 1]


def test_a_ninja_on_two_hits_trapped_twice_in_a_turn_has_three_and_is_out() -> None:
    """"A ninja may not be double trapped" and "Taking three hits means your ninja is killed.\""""
    game = build(3, "activate", [Seat(hand="GI", traps="G3"), Seat(hand="SF", traps="G3"),
                                 Seat(hand="SF", traps="S3", hits=2)], moves="IDG", turn=3)
    play(game, {0: "f1", 1: "f1", 2: "pass"})
    assert game.hits == [0, 0, 3]
    assert not game.is_terminal and game.to_act() == (0, 1)


def test_traps_sprung_on_each_other_in_the_same_turn_both_hit() -> None:
    """Activation is simultaneous (RULINGS: "each simultaneous"): two ninjas flipping a trap into each other's
    room both hit, whichever order they chose in."""
    for order in ((0, 1), (1, 0)):
        game = build(3, "activate", [Seat(hand="GI", traps="I3"), Seat(hand="SF", traps="G3"),
                                     Seat(hand="SF", traps="S3")], moves="GID", turn=3)
        for seat in order:
            game.apply(seat, "f1")
        game.apply(2, "pass")
        assert game.hits == [1, 1, 0]


def test_two_ninjas_knocked_out_at_once_leave_the_third_the_sole_winner() -> None:
    """"The last ninja left standing is the winner.": seats 0 and 1 are knocked out in the same turn by seat 2."""
    game = build(3, "activate", [Seat(hand="GI", traps="G3", hits=2), Seat(hand="SF", traps="G3", hits=2),
                                 Seat(hand="SF", traps="G3")], moves="GGI", turn=3)
    game.apply(2, "f1")
    assert game.is_terminal and game.winners() == (2,)
    assert game.scores() == (0.0, 0.0, 1.0)


def test_the_last_ninja_standing_in_the_buko_wins_without_a_look() -> None:
    """"The last ninja left standing is the winner." ends the game at the hits, before any look."""
    game = build(2, "activate", [Seat(hand="GI", traps="G3"), Seat(hand="SF", traps="S3", hits=2)],
                 moves="BS", turn=3)
    play(game, {0: "pass", 1: "f1"})
    assert game.is_terminal and game.winners() == (0,)
    assert game.to_act() == ()


def test_a_ninja_knocked_out_drops_its_move_and_draws_no_more() -> None:
    """"All activated traps and move cards are placed in a face up discard pile" (the knocked-out ninja's move
    too) and ruling 6: "A ninja with three hits draws no more cards".\""""
    game = build(3, "activate", [Seat(hand="GI", traps="D3"), Seat(hand="SF", traps="G3", hits=2),
                                 Seat(hand="SF", traps="S3")], moves="GDI", turn=3)
    hand_before = sum(game.hands[1])
    play(game, {0: "f1", 1: "pass", 2: "pass"})
    assert not game.alive(1)
    assert game.discards[1][DAIDOKORO] == 1, "its move card is discarded"
    assert sum(game.hands[1]) == hand_before
    assert game.decision(1) is None and game.to_act() == (0, 2)
    game.apply(0, "tG")
    game.apply(2, "tS")
    assert game.to_act() == (0, 2), "the out ninja does not move"


def test_a_flipped_trap_goes_into_the_reshuffled_deck() -> None:
    """"All activated traps and move cards are placed in a face up discard pile ... If the cards run out ...
    leave remaining traps where they are, shuffle the discard pile into a new draw pile, draw five cards":
    the trap flipped this turn is in the discard pile before the shuffle."""
    game = build(2, "move", [Seat(hand="GI", traps="B1,D3", rest="discard"), Seat(hand="SFT", traps="G3")],
                 turn=3)
    discarded = sum(game.discards[0])
    play(game, {0: "mG", 1: "mS"})
    play(game, {0: "f1", 1: "pass"})
    # The discard pile, the move (Genkan) and the flipped Buko trap; one Ima kept in hand.
    assert sum(game.hands[0]) == 5 and game.hands[0][IMA] >= 1
    assert len(game.decks[0]) + sum(game.hands[0]) == discarded + 2 + 1
    assert game.traps[0] == [DAIDOKORO]
    assert sum(game.discards[0]) == 0


def test_a_deck_with_one_card_left_draws_it_and_plays_the_hand_out_before_reshuffling() -> None:
    """"If there is only one card left in the deck, draw it and then play until the cards in your hand run
    out.": a hand of 3 draws the last card (4), plays two turns (2, then 0) and only then reshuffles."""
    game = build(2, "move", [Seat(hand="GISF", traps="I1,I3", deck_top="B", rest="discard"),
                             Seat(hand="SFT", traps="G3")], turn=3)
    play(game, {0: "mG", 1: "mS"})
    play(game, {0: "pass", 1: "pass"})
    assert sum(game.hands[0]) == 4 and not game.decks[0]
    for turn in (4, 5):
        assert game.turn == turn
        hand = [room for room in range(8) for _ in range(game.hands[0][room])]
        rival = [room for room in range(8) for _ in range(game.hands[1][room])]
        game.apply(0, f"t{'GIDSFTNB'[hand[0]]}")
        game.apply(1, f"t{'GIDSFTNB'[rival[0]]}")
        hand = [room for room in range(8) for _ in range(game.hands[0][room])]
        rival = [room for room in range(8) for _ in range(game.hands[1][room])]
        game.apply(0, f"m{'GIDSFTNB'[hand[0]]}")
        game.apply(1, f"m{'GIDSFTNB'[rival[-1]]}")
        while game.stage() in ("activate", "look"):
            for seat in game.to_act():
                game.apply(seat, "pass" if game.stage() == "activate" else "ok")
        if turn == 4:
            assert sum(game.hands[0]) == 2 and not game.decks[0], "no reshuffle while two cards remain"
    assert sum(game.hands[0]) == 5 and game.decks[0], "the hand ran out: a new deck, five drawn"


def test_a_ninja_sharing_a_room_is_not_asked_even_with_a_trap_under_its_rival() -> None:
    """"If two ninjas move to the same room in the same Move phase, they may not activate a trap that turn":
    both are in the Genkan; the one with a Genkan trap still may not flip it."""
    game = build(2, "move", [Seat(hand="GIDB", traps="G1,G2"), Seat(hand="GFTN", traps="I2")], turn=2)
    play(game, {0: "mG", 1: "mG"})
    assert game.hits == [0, 0] and game.stage() == "trap" and game.turn == 3


def test_an_out_ninja_cannot_be_trapped_and_its_traps_are_dead() -> None:
    """Ruling 6: "A ninja with three hits ... its traps can no longer be flipped"; it moves nowhere, so no trap
    springs on it."""
    game = build(3, "activate", [Seat(hand="GI", traps="G4"), Seat(hand="SF", traps="S4"),
                                 Seat(hand="SF", traps="I1,G2", hits=3)], moves="IG-", turn=4)
    assert game.to_act() == (0, 1)
    play(game, {0: "pass", 1: "pass"})
    assert game.hits == [0, 0, 3]
