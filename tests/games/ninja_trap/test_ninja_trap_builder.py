"""The public position builder: whole, lawful positions from a few arguments; clear errors otherwise."""

from __future__ import annotations

import pytest

from ninjadojo.engine import DojoError, NotationError
from ninjadojo.games.ninja_trap import STATE
from ninjadojo.games.ninja_trap.builder import Seat, build, log_texts, play
from ninjadojo.games.ninja_trap.cards import ROOM_INDEX, deck_size


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("stage", ["trap", "move"])
def test_defaults_give_a_whole_lawful_position(players: int, stage: str) -> None:
    game = build(players, stage)
    game.check_invariants()
    assert STATE.from_notation(game.to_notation()) == game
    assert game.to_act() == tuple(range(players)) and game.stage() == stage
    usual = {"trap": 5, "move": 4}[stage]
    for seat in range(players):
        assert sum(game.hands[seat]) == usual
        assert len(game.traps[seat]) == (1 if stage == "move" else 0), "this turn's trap, once placed"
        assert sum(game.hands[seat]) + len(game.decks[seat]) + len(game.traps[seat]) == deck_size(players)


def test_the_activate_and_look_stages_need_only_the_moves() -> None:
    game = build(3, "activate", moves="GIB")
    assert game.to_act() == (0, 1, 2), "alone in their rooms, each with this turn's trap"
    assert all(sum(hand) == 3 for hand in game.hands)
    look = build(3, "look", moves="GBB")
    assert look.to_act() == (1, 2)


def test_named_cards_go_where_named_and_the_rest_under_the_deck_top() -> None:
    game = build(2, "trap", [Seat(hand="BB", deck_top="NT", discard="GG", traps="I1"), Seat(rest="discard")],
                 turn=2)
    assert game.hands[0][ROOM_INDEX["B"]] == 2 and sum(game.hands[0]) == 2
    assert game.decks[0][-2:] == [ROOM_INDEX["T"], ROOM_INDEX["N"]], "N is the top card, T the next"
    assert game.discards[0][ROOM_INDEX["G"]] == 2
    assert game.trap_turns[0] == [1]
    assert game.decks[1] == [] and sum(game.discards[1]) == deck_size(2) - 5


def test_hidden_choices_already_made_are_kept_hidden() -> None:
    game = build(3, "trap", submitted={1: "tG"})
    assert game.to_act() == (0, 2)
    assert game.observe(0)["waiting_for"] == [0, 1, 2]
    play(game, {0: "tI", 2: "tD"})
    assert game.stage() == "move" and ROOM_INDEX["G"] in game.traps[1]
    assert "Turn 1: P0, P1 and P2 each lay a trap face down." in log_texts(game)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"stage": "dance"}, "stage must be one of trap, move, activate, look, not 'dance'"),
    ({"seats": [Seat()]}, "a 2-player position needs 2 seats, not 1"),
    ({"seats": [Seat(hand="GGGG"), Seat()]}, "seat 0 names more G cards than a 2-player deck holds"),
    ({"seats": [Seat(hand="GX"), Seat()]}, "'X' is not a room code"),
    ({"seats": [Seat(rest="box"), Seat()]}, "the deck or the discard pile, not 'box'"),
    ({"stage": "activate"}, "at the activate stage every living ninja has moved: give moves"),
    ({"stage": "move", "frame_seats": [0]}, r"the move stage asks seats \[0\]; the rules ask \[0, 1\]"),
    ({"seats": [Seat(hits=4), Seat()]}, "hits must be 0 to 3"),
    ({"turn": 0}, "the turn must be a number from 1"),
])
def test_a_bad_request_is_refused_saying_what_is_wrong(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        build(2, **kwargs)  # type: ignore[arg-type]


def test_a_bad_player_count_is_a_dojo_error() -> None:
    with pytest.raises(DojoError, match="2 to 4 players"):
        build(5)


# ---------------------------------------------------------------------------------------------- reading back


def test_every_zone_reads_back_in_the_builders_form_and_rebuilds_the_same_position() -> None:
    # Issue 22: each zone is readable from a public accessor, not only by parsing the notation.
    game = build(3, "move", [Seat(hand="GIDT", traps="D1,S3", discard="FF", hits=1, deck_top="NB"),
                             Seat(hand="SFGI", traps="G3"), Seat(hand="TDSS", traps="I2,B3")],
                 turn=3, moves="BGN", flips="G--")
    assert [game.zone("hand", 0), game.zone("traps", 0), game.zone("discard", 0)] == ["GIDT", "D1,S3", "FF"]
    assert game.zone("deck", 0).startswith("NB") and game.zone("moves") == "BGN" and game.zone("flips") == "G--"
    seats = [Seat(hand=game.zone("hand", seat), traps=game.zone("traps", seat), discard=game.zone("discard", seat),
                  hits=game.hits[seat], deck_top=game.zone("deck", seat)) for seat in range(3)]
    again = build(3, "move", seats, turn=game.turn, moves=game.zone("moves"), flips=game.zone("flips"))
    assert again == game


def test_zone_refuses_a_part_or_seat_that_is_not_there() -> None:
    game = build(2, "trap")
    with pytest.raises(ValueError, match="no zone 'hands': the zones are hand, deck, traps, discard"):
        game.zone("hands", 0)
    with pytest.raises(ValueError, match="give seat, from 0 to 1"):
        game.zone("hand", 2)
    with pytest.raises(ValueError, match="shared: give no seat"):
        game.zone("moves", 0)
