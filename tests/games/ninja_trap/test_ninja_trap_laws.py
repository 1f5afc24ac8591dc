"""The laws of a position: parsing refuses an impossible one naming the broken law (issue 8), and what a
parsed position at a stage means for the end checks (ruling 12)."""

from __future__ import annotations

import json

import pytest

from ninjadojo.engine import NotationError, SaveError
from ninjadojo.games.ninja_trap import STATE, NinjaTrapState
from ninjadojo.games.ninja_trap.builder import Seat, build, play
from ninjadojo.games.ninja_trap.rules import moves_on_table

#: A lawful 2-player position at the move stage of turn 2 (each placed a trap this turn), to break.
BASE = build(2, "move", [Seat(hand="GID", traps="S1,F2", discard="IN"), Seat(hand="SFT", traps="G2", discard="BB")],
             turn=2, moves="IB")


def _frame(kind: str, seats: list[int], data: dict[str, object] | None = None, flags: str = "s") -> str:
    return json.dumps([[kind, seats, data or {}, flags, []]], separators=(",", ":"))


def _position(body: str, frame: str | None = None) -> str:
    """A 2-player position: BASE's header, ``frame`` (BASE's move stage by default) and ``body``."""
    head = BASE.to_notation().split("|[", 1)[0]
    return f"{head}|{frame or _frame('move', [0, 1])}|-|{body}"


def _body(**seats: str) -> str:
    """BASE's body with some seats' parts replaced (``seat0="0:GID:..."``)."""
    parts = BASE.to_notation().split("|", 7)[7].split(";")
    for name, text in seats.items():
        if name.startswith("seat"):
            parts[3 + int(name[4:])] = text
        else:
            parts[{"turn": 0, "moves": 1, "flips": 2}[name]] = text
    return ";".join(parts)


def _refused(text: str, law: str) -> None:
    with pytest.raises(NotationError, match=law) as caught:
        STATE.from_notation(text)
    assert str(caught.value).startswith("impossible ninja-trap position: "), "the message names the broken law"


def test_the_base_position_is_lawful() -> None:
    again = STATE.from_notation(_position(_body()))
    assert again == BASE


def _seat0() -> list[str]:
    return BASE.to_notation().split("|", 7)[7].split(";")[3].split(":")


@pytest.mark.parametrize(("change", "law"), [
    # A card too few (one left out of the deck) or too many (a sixth Genkan in hand).
    (lambda f: [f[0], f[1], f[2][1:], f[3], f[4]], "are not a 2-player deck .*exactly one zone"),
    (lambda f: [f[0], "G" + f[1], f[2], f[3], f[4]], "are not a 2-player deck"),
    # Traps out of order, two in one turn, one from a later turn.
    (lambda f: [f[0], f[1], f[2], "F2,S1", f[4]], "one trap a turn at most, in the order placed"),
    (lambda f: [f[0], f[1], f[2], "S2,F2", f[4]], "one trap a turn at most"),
    (lambda f: [f[0], f[1], f[2], "S1,F3", f[4]], "trap placed on turn 3 at the move stage of turn 2"),
])
def test_a_seat_whose_cards_or_traps_break_a_law_is_refused(change: object, law: str) -> None:
    fields = change(_seat0())  # type: ignore[operator]
    _refused(_position(_body(seat0=":".join(fields))), law)


def test_a_hand_of_six_is_refused() -> None:
    fields = _seat0()
    deck = fields[2]
    _refused(_position(_body(seat0=":".join([fields[0], fields[1] + deck[:3], deck[3:], fields[3], fields[4]]))),
             "holds 6 cards, more than 5")


def test_hands_fit_the_stage() -> None:
    # At the move stage a trap has been placed: five cards in hand is one too many.
    fields = _seat0()
    deck = fields[2]
    _refused(_position(_body(seat0=":".join([fields[0], fields[1] + deck[:2], deck[2:], fields[3], fields[4]]))),
             "holds 5 cards at the move stage: at most 4")


def test_a_ninja_that_could_place_a_trap_has_placed_one() -> None:
    # Seat 0 holds three cards at the move stage but its last trap is from turn 1.
    fields = _seat0()
    _refused(_position(_body(seat0=":".join([fields[0], fields[1], fields[2] + "F", "S1", fields[4]]))),
             "placed no trap this turn: a ninja with two cards or more places one")


def test_a_trap_row_never_holds_the_whole_deck() -> None:
    row = ",".join(f"{code}{turn}" for turn, code in enumerate("GGGIIIDDDSSSFFFTNBB", start=1))
    seat1 = _body().split(";")[4]
    body = f"20;--;--;0:-:-:{row}:-;{seat1}"
    _refused(_position(body), "holds its whole deck: a ninja always keeps a card to move with")


def test_the_game_does_not_go_on_with_one_ninja_standing() -> None:
    fields = _seat0()
    body = _body(turn="4", seat0=":".join(["3", *fields[1:]]))  # three turns of traps sprung: three hits
    _refused(_position(body, _frame("move", [1])), "the game goes on with 1 ninja")


@pytest.mark.parametrize(("frame", "law"), [
    (_frame("move", [0]), r"the move stage asks seats \[0\]; the rules ask \[0, 1\]"),
    (_frame("dance", [0, 1]), "unknown stage 'dance'"),
    (_frame("move", [0, 1], {"x": 1}), "carries no data"),
])
def test_the_stage_must_be_one_the_rules_push(frame: str, law: str) -> None:
    _refused(_position(_body(), frame), law)


def test_a_frame_that_is_not_simultaneous_is_refused() -> None:
    _refused(_position(_body(), _frame("move", [0, 1], flags="")), "simultaneous")


def test_before_the_first_reveal_nobody_has_moved() -> None:
    first = build(2, "move", [Seat(hand="GIDS", traps="F1"), Seat(hand="GIDS", traps="B1")])
    text = first.to_notation().replace("|1;--;--;", "|1;GI;--;")
    _refused(text, "moved, flipped, been hit or discarded before the first reveal")


def test_at_the_activation_stage_every_living_ninja_has_moved_and_nobody_has_flipped() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D2"), Seat(hand="SF", traps="B2")], turn=2, moves="GD")
    text = game.to_notation()
    _refused(text.replace(";GD;--;", ";GD;D-;"), "flipped a trap before the activation stage is over")
    # Seat 0 without its move (the card back in its hand, so the cards stay whole).
    assert ";GD;--;0:GI:" in text
    _refused(text.replace(";GD;--;0:GI:", ";-D;--;0:GGI:"), "living seat 0 has no move at the activate stage")


def test_a_look_after_a_trap_sprang_in_the_buko_is_refused() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D2"), Seat(hand="SF", traps="S2")], turn=2, moves="BG")
    play(game, {0: "pass", 1: "pass"})
    assert game.stage() == "look"
    text = game.to_notation()
    _refused(text.replace(";BG;--;", ";BG;-B;"), "a trap sprang in the Buko, yet a ninja there looks")


def test_a_ninja_that_is_out_holds_at_most_three_cards() -> None:
    # It was knocked out after placing a trap and moving, and draws no more.
    seats = [Seat(hand="GID", traps="S1,F4"), Seat(hand="SFT", traps="G4"), Seat(hand="SFGI", hits=3)]
    with pytest.raises(NotationError, match="seat 2 is out but holds 4 cards"):
        build(3, "move", seats, turn=4)
    assert build(3, "move", [*seats[:2], Seat(hand="SFG", hits=3)], turn=4).to_act() == (0, 1)


def test_a_finished_game_must_name_the_right_winners() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D5"), Seat(hand="SF", traps="S5", hits=2)], moves="GD",
                 turn=5)
    play(game, {0: "f1", 1: "pass"})
    assert game.winners() == (0,)
    text = game.to_notation()
    _refused(text.replace('"winners":[0]', '"winners":[1]'), r"the winners \[1\] must be the ninjas still standing")
    _refused(text.replace('"scores":[1.0,0.0]', '"scores":[0.5,0.5]'), "1 per winner")


def test_a_game_stopped_at_its_maximum_length_round_trips() -> None:
    game = STATE.new(2, {"max_length": 9}, seed=1)
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.result is not None and game.result.truncated and game.winners() == ()
    again = STATE.from_notation(game.to_notation())
    assert again == game and again.result == game.result


@pytest.mark.parametrize(("body", "what"), [
    ("²;--;--;0:-:-:-:-;0:-:-:-:-", "the turn must be a number from 1"),
    ("1;--;--;０:-:-:-:-;0:-:-:-:-", "hits must be 0 to 3"),
    ("1;--;--;0:-:-:G¹:-;0:-:-:-:-", "must be a room code and a turn"),
    ("9" * 5000 + ";--;--;0:-:-:-:-;0:-:-:-:-", r"the turn must be a number from 1, not '9999.*characters"),
])
def test_numbers_are_ascii_digits_and_errors_quote_briefly(body: str, what: str) -> None:
    with pytest.raises(NotationError, match=what) as caught:
        STATE.from_notation(_position(body))
    assert len(str(caught.value)) < 300


def test_a_saves_start_position_is_checked_the_same_way() -> None:
    save = BASE.to_save()
    fields = _seat0()
    save["start"] = _position(_body(seat0=":".join([fields[0], "G" + fields[1], *fields[2:]])))
    save["actions"] = []
    save["position"] = save["start"]
    with pytest.raises(SaveError, match="are not a 2-player deck"):
        STATE.load_save(save)


def _forced_at_the_trap_stage() -> NinjaTrapState:
    # Every card of both ninjas but their two Buko is a face-down trap: whatever they do they both
    # move to the Buko, together, for ever.
    row = ",".join(f"{code}{turn}" for turn, code in enumerate("GGGIIIDDDSSSFFFTN", start=1))
    return build(2, "trap", [Seat(hand="BB", traps=row), Seat(hand="BB", traps=row)], turn=19)


def test_a_parsed_position_already_forced_into_one_room_plays_on_to_the_end_of_its_turn() -> None:
    # Ruling 12: the check belongs to the end of a turn; a position at a stage goes on until then.
    game = _forced_at_the_trap_stage()
    assert not game.is_terminal and game.to_act() == (0, 1)
    play(game, {0: "tB", 1: "tB"})
    play(game, {0: "mB", 1: "mB"})
    assert game.hits == [0, 0] and game.stage() == "look", "they share the Buko: nobody may flip, both look"
    play(game, {0: "ok", 1: "ok"})
    assert game.is_terminal and game.winners() == (0, 1)
    assert "can never be trapped again" in game.result.reason


def test_a_position_at_a_stage_with_one_ninja_standing_is_refused_not_played() -> None:
    # The other end check (fewer than two standing) comes before any stage: such a position is refused.
    game = _forced_at_the_trap_stage()
    text = game.to_notation().replace(";0:BB:", ";3:BB:", 1)
    _refused(text, "the game goes on with 1 ninja")


# ---------------------------------------------------------------------- hits, the first hands, long input


def test_a_ninja_has_no_more_hits_than_turns_of_traps_sprung() -> None:
    """One hit a turn at most: at the trap, move and activation stages of turn 2 only turn 1's traps
    have sprung (one hit at most); at the look stage turn 2's have too (two)."""
    assert build(2, "trap", [Seat(hits=1), Seat()], turn=2).hits == [1, 0]  # lawful
    with pytest.raises(NotationError, match="seat 0 has 2 hits after 1 turn"):
        build(2, "trap", [Seat(hits=2), Seat()], turn=2)
    with pytest.raises(NotationError, match="seat 1 has 2 hits after 1 turn"):
        build(2, "activate", [Seat(hand="GI", traps="D2"), Seat(hand="SF", traps="S2", hits=2)], turn=2, moves="GD")
    look = build(2, "look", [Seat(hand="GI", traps="D2"), Seat(hand="SF", traps="S2", hits=2)], turn=2, moves="BG")
    assert look.stage() == "look" and look.hits == [0, 2]


def test_a_real_games_hits_never_outrun_its_turns() -> None:
    """The law holds in play: random games, checked after every action, reach hits up to the bound."""
    for seed in range(3):
        game = STATE.new(3, seed=seed)
        while not game.is_terminal:
            seat = game.to_act()[0]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[(seed + game.ply) % len(actions)])
            game.check_invariants()
        assert max(game.hits) == 3


def test_the_first_trap_stage_hands_are_the_five_dealt() -> None:
    """Turn 1's trap stage is the first decision: each ninja holds the five it drew and no trap, the rest
    of its deck in its draw pile. At the move stage the five are in its hand or its one trap."""
    first = build(2, "trap", [Seat(hand="GIDSF"), Seat()], turn=1)  # lawful
    assert STATE.from_notation(STATE.new(2, seed=4).to_notation()) == STATE.new(2, seed=4)
    assert sum(first.hands[0]) == 5 and not first.traps[0]
    with pytest.raises(NotationError, match=r"seat 0 holds 2 cards and has 0 trap.* at the trap stage of turn 1"):
        build(2, "trap", [Seat(hand="GI"), Seat()], turn=1)
    # Four in hand and one face down, or fewer: the builder's usual move-stage seat is lawful.
    assert build(2, "move", [Seat(hand="GIDS", traps="F1"), Seat()], turn=1).to_act() == (0, 1)
    with pytest.raises(NotationError, match=r"seat 0 holds 3 cards and has 1 trap.* at the move stage of turn 1"):
        build(2, "move", [Seat(hand="GID", traps="F1"), Seat()], turn=1)


@pytest.mark.parametrize("part", ["kind", "data"])
def test_a_stage_with_a_long_kind_or_data_is_refused_in_a_short_message(part: str) -> None:
    """The stage law quotes an unknown kind and unexpected data through ``quote`` (capped)."""
    frame = _frame("k" * 5000, [0, 1]) if part == "kind" else _frame("move", [0, 1], {"k" * 3000: 1, "by": "y" * 3000})
    with pytest.raises(NotationError, match=r"unknown stage 'kkk|carries no data, not ") as caught:
        STATE.from_notation(_position(_body(), frame))
    assert len(str(caught.value)) < 300 and "characters)" in str(caught.value)


# ---------------------------------------------------------------------- a game stopped at its maximum length


def _stopped_at_activation() -> NinjaTrapState:
    """A game stopped by ``max_length`` right after the first reveal, its moves still on the table."""
    game = STATE.new(2, {"max_length": 4}, seed=1)
    for seat in (0, 1):
        game.apply(seat, game.legal_actions(seat)[0])
    rooms = [action for action in game.legal_actions(1) if action != game.legal_actions(0)[0]]
    game.apply(0, game.legal_actions(0)[0])
    game.apply(1, rooms[0])  # another room, so both may flip and the activation stage opens
    return game


def test_a_game_stopped_at_the_activation_stage_keeps_its_moves_on_the_table() -> None:
    """The stop comes after the public reveal, with the moves on the table and no frame any more: the
    cards (each move card in none of its owner's zones) say where they are, and the position loads."""
    game = _stopped_at_activation()
    assert game.result is not None and game.result.truncated and not game.frames
    assert moves_on_table(game) and all(room >= 0 for room in game.moves)
    again = STATE.from_notation(game.to_notation())
    assert again == game and moves_on_table(again)
    sample = game.determinize(0, 3)
    assert sample.to_notation().split("|")[7].split(";")[:3] == game.to_notation().split("|")[7].split(";")[:3]
    sample.check_invariants()
    # Stopped elsewhere (after the trap stage) nothing is on the table, and that loads too.
    early = STATE.new(2, {"max_length": 2}, seed=1)
    for seat in (0, 1):
        early.apply(seat, early.legal_actions(seat)[0])
    assert early.result is not None and early.result.truncated and not moves_on_table(early)
    assert STATE.from_notation(early.to_notation()) == early


def test_a_stopped_game_has_no_winner() -> None:
    """The result law: a game stopped at its maximum length names no winner (the engine agrees)."""
    text = _stopped_at_activation().to_notation()
    assert '"winners":[]' in text
    with pytest.raises(NotationError):
        STATE.from_notation(text.replace('"winners":[]', '"winners":[0]', 1))
