"""Notation of positions and actions, the action space, and clear errors for bad input."""

from __future__ import annotations

import pytest

from ninjadojo.engine import IllegalActionError, NotationError
from ninjadojo.games.ninja_trap import STATE
from ninjadojo.games.ninja_trap.builder import Seat, build


def test_a_position_round_trips_through_its_notation() -> None:
    game = STATE.new(3, seed=11)
    for _ in range(7):
        for seat in game.to_act():
            game.apply(seat, game.legal_actions(seat)[0])
    text = game.to_notation()
    again = STATE.from_notation(text)
    assert again == game and again.to_notation() == text


def test_the_body_lists_every_zone_hidden_ones_included() -> None:
    game = build(2, "move", [Seat(hand="GI", traps="D1,B3", discard="SS", deck_top="N"), Seat(hand="SFT", traps="G3")],
                 turn=3, moves="GB", flips="D-")
    body = game.to_notation().split("|", 7)[7]
    turn, moves, flips, seat0, _ = body.split(";")
    assert (turn, moves, flips) == ("3", "GB", "D-")
    hits, hand, deck, traps, discard = seat0.split(":")
    assert (hits, hand, traps, discard) == ("0", "GI", "D1,B3", "SS")
    assert deck.startswith("N"), "the deck is written from the top card down"
    assert game.decks[0][-1] == 2 + 4, "N (nursery) is the next card drawn"


def test_the_action_space_is_traps_moves_pass_and_flips() -> None:
    game = STATE.new(4)
    actions = game.action_space().actions
    assert actions[:8] == ("tG", "tI", "tD", "tS", "tF", "tT", "tN", "tB")
    assert actions[8:16] == ("mG", "mI", "mD", "mS", "mF", "mT", "mN", "mB")
    assert actions[16] == "pass"
    assert actions[17:-1] == tuple(f"f{i}" for i in range(1, 23)), "a row holds at most 22 traps of 23 cards"
    assert actions[-1] == "ok"
    assert len(STATE.new(2).action_space()) == 17 + 18 + 1


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("1;GB;--;0:-:-:-:-", "one part per seat"),
        ("1;GBX;--;0:GG:-:-:-;0:-:-:-:-", "one character per seat"),
        ("1;G-;--;0:GX:-:-:-;0:-:-:-:-", "not a room code"),
        ("1;--;--;0:G:-:-:-;0:-:-:-:-", "are not a 2-player deck"),
        ("1;--;--;5:G:-:-:-;0:-:-:-:-", "hits must be 0 to 3"),
        ("1;--;--;0:G:-:G:-;0:-:-:-:-", "must be a room code and a turn"),
    ],
)
def test_a_malformed_position_is_refused_saying_what_is_wrong(bad: str, message: str) -> None:
    text = 'ninja-trap|2|-|0000000000000001|0|[["trap",[0,1],{},"s",[]]]|-|' + bad
    with pytest.raises(NotationError, match=message):
        STATE.from_notation(text)


def _illegal(game: object, seat: int, action: str) -> str:
    with pytest.raises(IllegalActionError) as caught:
        game.apply(seat, action)  # type: ignore[attr-defined]
    return str(caught.value)


def test_an_illegal_action_says_why_and_changes_nothing() -> None:
    game = build(2, "trap", [Seat(hand="GGIDB"), Seat(hand="SFTNI")])
    before = game.to_notation()
    # The hand in words with the codes to type (it once read "GGIDB").
    assert ("you hold no Shinshitsu card (your hand: 2 Genkan (G), Ima (I), Daidokoro (D), Buko (B))"
            in _illegal(game, 0, "tS"))
    assert "it is the trap stage: " in _illegal(game, 0, "mG")
    assert "'X' is not a room" in _illegal(game, 0, "tX")
    assert "passing is only for the activation stage" in _illegal(game, 0, "pass")
    assert "not a Ninja Trap action" in _illegal(game, 0, "hello")
    assert "ok only ends a Buko look" in _illegal(game, 0, "ok")
    assert game.to_notation() == before


def test_an_action_typed_in_the_wrong_case_is_explained_by_its_move_not_called_a_bad_room() -> None:
    # (the terminal takes any case; an illegal "ts" once read "'s' is not a room")
    game = build(2, "trap", [Seat(hand="GGIDB"), Seat(hand="SFTNI")])
    before = game.to_notation()
    assert "you hold no Shinshitsu card" in _illegal(game, 0, "ts")
    assert "it is the trap stage: " in _illegal(game, 0, "Mg")
    assert "write it 'tG'" in _illegal(game, 0, "tg")
    assert "passing is only for the activation stage" in _illegal(game, 0, "PASS")
    assert game.to_notation() == before
    # Where it is legal, pass or a flip typed in capitals is said to be so, with no room code to speak of.
    game = build(3, "activate", [Seat(hand="GI", traps="D1,G3"), Seat(hand="SF", traps="S3"),
                                 Seat(hand="SF", traps="I3")], moves="BGG", turn=3)
    assert "write it 'pass' (in small letters)" in _illegal(game, 0, "PASS")
    assert "write it 'f1' (in small letters)" in _illegal(game, 0, "F1")
    assert "write it 'pass' (without spaces)" in _illegal(game, 0, " pass")
    assert "ok only ends a Buko look" in _illegal(game, 0, "OK")


@pytest.mark.parametrize("head", ["t", "m"])
def test_an_illegal_action_is_quoted_short_however_long(head: str) -> None:
    """The reason quotes what was typed through ``quote`` (at most 60 characters), never whole with ``!r``
    (the engine asks the game to explain actions of up to 200 characters)."""
    game = build(2, "trap", [Seat(hand="GGIDB"), Seat(hand="SFTNI")])
    before = game.to_notation()
    text = _illegal(game, 0, head + "x" * 190)
    assert "is not a room" in text and "characters)" in text and "x" * 100 not in text, text
    assert game.to_notation() == before


def test_flipping_a_trap_that_is_not_there_is_refused() -> None:
    # Seats 1 and 2 share the Genkan: only seat 0 may flip.
    game = build(3, "activate", [Seat(hand="GI", traps="D1,G3"), Seat(hand="SF", traps="S3"),
                                 Seat(hand="SF", traps="I3")], moves="BGG", turn=3)
    assert "you have 2 face-down traps" in _illegal(game, 0, "f3")
    assert "no decision to make now" in _illegal(game, 1, "pass")


def test_prompts_name_the_stage() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D1,G3"), Seat(hand="SF", traps="S3")], moves="BG", turn=3)
    prompt = game.decision(0).prompt
    assert prompt.startswith("Turn 3: flip one of your 2 face-down traps") and "P1 is in the Genkan" in prompt


def test_the_picture_repeats_neither_the_prompt_nor_the_log() -> None:
    # The terminal client prints the log lines since the seat's last move and the prompt under the
    # picture; the picture itself must not show them a second time.
    game = STATE.new(3, seed=4)
    for seat in (0, 1, 2):
        game.apply(seat, game.legal_actions(seat)[0])
    log = [line for line in game.observe(0)["log"] if line]
    assert log, "the trap stage wrote a log line"
    prompt = game.decision(0).prompt
    for text in (game.render(0), game.render_markup(0)):
        assert "turn 1 - move - waiting for P0, P1, P2" in text
        assert prompt not in text
        assert not any(line in text for line in log)


def test_a_flip_refused_counts_the_traps_in_words() -> None:
    # One face-down trap: "you have 1 face-down trap", and f1 is its only flip (it once read "1 face-down
    # traps" and "f1-f1").
    game = build(2, "activate", [Seat(hand="GI", traps="B2"), Seat(hand="SF", traps="S2")], moves="BG", turn=2)
    refused = _illegal(game, game.to_act()[0], "f5")
    assert "you have 1 face-down trap: flip your trap with f1, or pass" in refused
    game = build(2, "activate", [Seat(hand="GI", traps="G1,D2"), Seat(hand="SF", traps="S2")], moves="BG", turn=2)
    seat = game.to_act()[0]
    assert f"you have {len(game.traps[seat])} face-down traps: flip a trap with f1-f{len(game.traps[seat])}" in (
        _illegal(game, seat, "f9"))
