"""Log nesting (issue 9 item 9, ruling 13): what an action causes is logged one level deeper under it."""

from __future__ import annotations

from ninjadojo.engine.state import EVERYONE
from ninjadojo.games.ninja_trap import NinjaTrapState
from ninjadojo.games.ninja_trap.builder import Seat, build, play


def _public(game: NinjaTrapState) -> list[tuple[int, str]]:
    return [(event.depth, event.text) for event in game.events if event.mask == EVERYONE]


def test_each_flip_carries_its_hits_and_a_knock_out_nested_under_it() -> None:
    # Seat 0 flips its Genkan trap onto seat 1 (its third hit); seat 2 flips a Daidokoro trap into an
    # empty room.
    game = build(3, "activate",
                 [Seat(hand="GI", traps="G3"), Seat(hand="SF", traps="S3", hits=2), Seat(hand="SF", traps="D3")],
                 moves="IGS", turn=3)
    play(game, {0: "f1", 1: "pass", 2: "f1"})
    lines = _public(game)
    start = lines.index((0, "P0 calls TRAP! and flips the trap they laid on turn 3: the Genkan."))
    assert lines[start:start + 5] == [
        (0, "P0 calls TRAP! and flips the trap they laid on turn 3: the Genkan."),
        (1, "The trap in the Genkan springs on P1: hit 3 of 3."),
        (2, "P1's ninja is out."),
        (0, "P2 calls TRAP! and flips the trap they laid on turn 3: the Daidokoro."),
        (1, "Nobody is in the Daidokoro."),
    ]
    assert "    P1's ninja is out." in game.observe(None)["log"], "views indent two spaces a level"


def test_two_traps_in_one_room_give_one_hit_and_say_so_under_the_second() -> None:
    game = build(3, "activate",
                 [Seat(hand="GI", traps="B2"), Seat(hand="SF", traps="B2"), Seat(hand="SF", traps="G2")],
                 moves="DIB", turn=2)
    play(game, {0: "f1", 1: "f1", 2: "pass"})
    lines = _public(game)
    assert (1, "The trap in the Buko springs on P2: hit 1 of 3.") in lines
    assert (1, "It springs on P2 too, who takes no second hit this turn.") in lines
    assert game.hits == [0, 0, 1]


def test_rooms_shared_at_the_reveal_are_nested_under_it() -> None:
    game = build(3, "move", [Seat(hand="GIDB", traps="S1"), Seat(hand="GFTN", traps="I1"), Seat()])
    play(game, {0: "mG", 1: "mG", 2: "mI"})
    lines = _public(game)
    reveal = lines.index((0, "Moves revealed: P0 to the Genkan, P1 to the Genkan, P2 to the Ima."))
    assert lines[reveal + 1] == (1, "P0 and P1 are not alone in their rooms and cannot flip a trap this turn.")


def test_a_buko_look_is_nested_under_the_line_that_says_who_looks() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D4"), Seat(hand="SF", traps="S4")], moves="BG", turn=4)
    play(game, {0: "pass", 1: "pass"})
    log = game.observe(0)["log"]
    said = log.index("P0 was not trapped in the Buko and looks at their traps.")
    assert log[said + 1] == "  Buko look (only now, only you): the trap of turn 4 in the Daidokoro."
