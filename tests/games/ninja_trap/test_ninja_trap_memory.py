"""A seat remembers its own traps (rulebook: your traps are face down, hidden from you too, so a careful
player remembers them): :meth:`GameState.memo` notes them, and samples drawn with that memory put them
where they were laid, and nowhere else decides anything."""

from __future__ import annotations

import pytest

from ninjadojo.games.ninja_trap.builder import Seat, build
from ninjadojo.games.ninja_trap.cards import CODES, ROOM_INDEX
from ninjadojo.games.ninja_trap.evaluate import TRAP_WORTH, projected_scores


def _activate_position():  # type: ignore[no-untyped-def]
    # Seat 0 laid G on turn 1 and S on turn 2; seat 1 laid B on turn 2.
    return build(2, "activate", [Seat(hand="GI", traps="G1,S2"), Seat(hand="F", traps="B2")], turn=2, moves="DB")


def test_laying_a_trap_notes_its_room_and_turn() -> None:
    game = build(2, "trap", [Seat(hand="GISDB"), Seat(hand="GISDF")], turn=3)
    assert game.memo(0, "tS") == [[3, "S"]]
    # Nothing to remember of an action the view shows anyway.
    game.apply(0, "tS")
    game.apply(1, "tG")
    assert game.memo(0, game.legal_actions(0)[0]) is None


def test_without_memory_a_seat_cannot_tell_its_own_traps() -> None:
    game = _activate_position()
    rows = {tuple(game.determinize(0, seed).traps[0]) for seed in range(40)}
    assert len(rows) > 1


def test_remembered_traps_are_where_they_were_laid_in_every_sample() -> None:
    game = _activate_position()
    memory = [[[1, "G"]], [[2, "S"]]]
    for seed in range(40):
        sample = game.determinize(0, seed, memory)
        assert sample.traps[0] == [ROOM_INDEX["G"], ROOM_INDEX["S"]]
        sample.check_invariants()
        # What the seat sees is unchanged.
        assert sample.observe(0)["seats"] == game.observe(0)["seats"]


def test_part_of_a_memory_fixes_only_that_trap() -> None:
    game = _activate_position()
    rooms = set()
    for seed in range(60):
        sample = game.determinize(0, seed, [[[2, "S"]]])
        assert sample.traps[0][1] == ROOM_INDEX["S"]
        rooms.add(sample.traps[0][0])
    assert len(rooms) > 1


def test_a_sample_depends_on_the_memory_and_what_the_seat_sees_only() -> None:
    # Twins that differ in what seat 0 cannot see (seat 1's hand) give the same sample.
    first = build(2, "activate", [Seat(hand="GI", traps="G1,S2"), Seat(hand="F", traps="B2")], turn=2, moves="DB")
    second = build(2, "activate", [Seat(hand="GI", traps="G1,S2"), Seat(hand="I", traps="B2")], turn=2, moves="DB")
    assert first.observe(0) == second.observe(0)
    memory = [[[1, "G"], [2, "S"]]]
    assert first.determinize(0, 7, memory).to_notation() == second.determinize(0, 7, memory).to_notation()


@pytest.mark.parametrize("memory", [
    [[[9, "G"]]],                      # a trap no longer in the row (flipped, or never laid)
    [[[1, "Z"]]], [["bad"]], [7], [None], [[[1]]],  # malformed notes
    [[[1, "B"], [2, "B"], [3, "B"], [4, "B"]]],       # more of a room than exists is not all believed
])
def test_a_memory_that_does_not_fit_is_ignored_and_breaks_no_law(memory: list[object]) -> None:
    game = _activate_position()
    for seed in range(10):
        sample = game.determinize(0, seed, memory)  # type: ignore[arg-type]
        sample.check_invariants()
        assert len(sample.traps[0]) == 2


def test_a_buko_look_notes_every_trap_it_shows() -> None:
    game = build(2, "look", [Seat(hand="GI", traps="D1,S2"), Seat(hand="F", traps="G2")], turn=2, moves="BG")
    seat = game.to_act()[0]
    note = game.memo(seat, "ok")
    assert note == [[turn, CODES[room]] for turn, room in zip(game.trap_turns[seat], game.traps[seat], strict=True)]


def test_projection_counts_lives_first_then_traps() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="G1,S2", hits=1), Seat(hand="F", traps="B2")], turn=2,
                 moves="DB")
    mine, theirs = projected_scores(game)
    # A hit taken costs more than the trap it was ahead by.
    assert mine < theirs
    assert theirs - mine == pytest.approx(1 - TRAP_WORTH)


def test_a_seat_recollects_every_trap_it_laid() -> None:
    # A search seating a bot part way through a sample tells it what its seat laid there.
    game = _activate_position()
    assert game.recollection(0) == [[[1, "G"], [2, "S"]]]
    assert game.recollection(1) == [[[2, "B"]]]


def test_the_memory_bot_assumes_what_it_is_told_and_flips_the_trap_under_a_rival() -> None:
    from ninjadojo.bots import SeatView, make_bot

    game = build(2, "activate", [Seat(hand="GI", traps="G1,B2"), Seat(hand="F", traps="D2")], turn=2, moves="DB")
    # Told its traps, the bot knows its trap 2 is the Buko, where the rival's ninja is: it springs it.
    bot = make_bot("heuristic", "ninja-trap", 1)
    bot.assume(game.recollection(0))
    # Seat 0's ninja is in the Daidokoro, seat 1's in the Buko, where seat 0's trap 2 lies.
    assert bot.choose(SeatView(game, 0)) == "f2"


def test_what_a_careful_rival_remembers_at_the_flip_is_where_each_trap_lies() -> None:
    # Seat 0 is in the Daidokoro, seat 1 in the Buko: seat 0's trap 1 (Genkan) lies under nobody, its trap
    # 2 (Buko) under its rival; seat 1's trap (Daidokoro) under seat 0.
    game = build(2, "activate", [Seat(hand="GI", traps="G1,B2"), Seat(hand="F", traps="D2")], turn=2, moves="DB")
    assert game.remembered(0) == ((False, False), (True, False))
    assert game.remembered(1) == ((True, False),)
    # Outside the flip stage what a seat remembers does not bear on its choice.
    assert build(2, "trap", [Seat(hand="GISDB"), Seat(hand="GISDF")], turn=3).remembered(0) is None
