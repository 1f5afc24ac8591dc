"""Scenario tests for the eight Ninja Clan cards, each with a case where it cannot be used.

Seat 0 has played its starting cards (its hand is empty), so only its clan card can move it.
"""

from __future__ import annotations

from typing import Any

import pytest

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import after, card_at, hand_of, moves, ninjas_of, position

PARKED = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1"}


def camp(cells: dict[str, str], clan: str, **kwargs: Any) -> NinjaCampState:
    """Seat 0 to move with ``clan`` and an empty hand, on the parked board with ``cells`` set."""
    return position(2, squares={**PARKED, **cells}, hands={0: ""}, clans={0: clan}, to_act=0, **kwargs)


def open_camp(cells: dict[str, str], clan: str) -> NinjaCampState:
    """As :func:`camp` on a board of ``cells`` only (no parked ninjas)."""
    return position(2, squares=cells, hands={0: ""}, clans={0: clan}, to_act=0)


def test_armadillo_goes_straight_to_the_edge_ignoring_ninjas_empty_spaces_and_walls() -> None:
    state = camp({"d4": "E0", "d5": ".", "d6": "#", "c4": "S1", "e7": "S", "f7": "S", "g4": "S1",
                  "d1": "."}, "ar")
    # Up to d7 over the gap and the Wall; left to a4 over seat 1's ninja; right ends on a ninja; down on an empty space.
    assert moves(state, "ar:d4") == {"ar:d4-d7", "ar:d4-a4"}


def test_armadillo_from_an_edge_cannot_go_off_it() -> None:
    state = camp({"d1": "E0", "b1": "S", "a7": "S0"}, "ar")
    # Up and right reach the far edge; left ends on its own ninja on a1; down is off the grid.
    assert moves(state, "ar:d1") == {"ar:d1-d7", "ar:d1-g1"}


def test_camel_goes_to_any_card_not_orthogonally_adjacent_to_another_ninja() -> None:
    state = camp({"d4": "E0", "f4": "S1", "e7": "S"}, "ca")
    found = moves(state, "ca:d4")
    assert "ca:d4-e4" not in found  # next to seat 1's ninja on f4
    assert "ca:d4-d5" in found  # next to the moving ninja only
    assert "ca:d4-e5" in found  # diagonal to f4 is not adjacent
    assert "ca:d4-a2" not in found  # next to seat 0's own ninja on a1
    assert "ca:d4-f4" not in found  # occupied


def test_camel_cannot_be_used_when_every_card_is_next_to_a_ninja() -> None:
    cells = {f"{col}{row}": "." for col in "abcdefg" for row in range(1, 8)}
    cells.update({"a1": "S0", "b1": "S1", "a2": "S0", "b2": "S1", "a3": "S0", "b3": "S1"})
    state = open_camp(cells, "ca")
    assert moves(state, "ca:") == set()


def test_chameleon_moves_to_a_free_copy_of_the_card_its_ninja_is_on() -> None:
    # No other Evade on the grid: the squares not listed are filled with other kinds.
    state = camp({"d4": "E0", "b6": "E", "f2": "E1", "e7": "S", "c3": "A"}, "ch", fill="ADLHRS")
    assert moves(state, "ch:d4") == {"ch:d4-b6"}
    moved = after(state, "ch:d4-b6")
    assert ninjas_of(moved, 0) == ["a1", "b1", "b6"] and hand_of(moved, 0) == "E"


def test_chameleon_cannot_be_used_from_a_trap() -> None:
    state = camp({"d4": "T0", "b6": "T"}, "ch")
    assert moves(state, "ch:d4") == set()


def test_flying_squirrel_steps_one_space_not_onto_a_trap_then_trades_with_any_ninja() -> None:
    state = camp({"d4": "E0", "d5": "A", "d3": "T", "c4": ".", "e4": "#"}, "fs")
    # Trading with a1 or b1 (both the mover's own) leaves the same position: one move, written with a1.
    others = ["a1", "e7", "f7", "g7"]
    assert moves(state, "fs:d4") == {f"fs:d4-d5x{square}" for square in others}
    assert ninjas_of(after(state, "fs:d4-d5xa1"), 0) == ["a1", "b1", "d5"]
    assert state.canonical(0, "fs:d4-d5xb1") == "fs:d4-d5xa1"
    assert state.canonical(0, "fs:d4-d5xd4") is None
    traded = after(state, "fs:d4-d5xg7")
    assert ninjas_of(traded, 0) == ["a1", "b1", "g7"]
    assert ninjas_of(traded, 1) == ["d5", "e7", "f7"]
    assert card_at(traded, "d4") == "." and hand_of(traded, 0) == "E"


def test_flying_squirrel_cannot_be_used_with_no_free_non_trap_neighbour() -> None:
    state = camp({"d4": "E0", "d5": "T", "d3": "T", "c4": ".", "e4": "#", "a2": ".", "b2": ".", "c1": "T"}, "fs")
    assert moves(state, "fs:") == set()


def test_goat_charges_an_opponent_and_moves_it_to_any_adjacent_non_trap_card() -> None:
    state = camp({"d4": "E0", "d6": "A1", "c5": "T", "e6": "#", "c7": ".", "e7": "S"}, "go")
    # Around d6: c5 Trap, e6 Wall, c7 empty, e7 free, d7 free, c6 free, e5 free, d5 free.
    expected = {"d5", "e5", "c6", "d7", "e7"}
    assert moves(state, "go:d4") == {f"go:d4-d6>{square}" for square in expected}
    pushed = after(state, "go:d4-d6>c6")
    assert ninjas_of(pushed, 1) == ["c6", "f7", "g7"] and ninjas_of(pushed, 0) == ["a1", "b1", "d6"]


def test_goat_cannot_put_the_ninja_on_the_movers_start_space() -> None:
    state = camp({"d4": "E0", "d5": "A1", "e7": "S"}, "go")
    assert "go:d4-d5>d4" not in moves(state, "go:d4")
    assert "go:d4-d5>c4" in moves(state, "go:d4")


def test_goat_cannot_be_used_without_an_opponent_in_line() -> None:
    state = open_camp({"d4": "E0", "a1": "S0", "c2": "S0", "g7": "S1", "f6": "S1", "e5": "S1"}, "go")
    assert moves(state, "go:") == set()


def test_hamster_moves_one_or_two_spaces_and_may_pass_through_ninjas() -> None:
    state = camp({"a1": "E0", "a2": "S1", "b2": "S1", "b1": "S0", "g7": "S", "f7": "S1", "e7": "S", "c7": "S0"}, "ha")
    found = moves(state, "ha:a1")
    assert {"ha:a1-a3", "ha:a1-b3", "ha:a1-c3", "ha:a1-c2", "ha:a1-c1"} <= found  # through the ninjas
    assert not {"ha:a1-a2", "ha:a1-b2", "ha:a1-b1"} & found


def test_hamster_cannot_cross_empty_spaces() -> None:
    state = camp({"a1": "E0", "a2": ".", "b2": ".", "b1": "S1", "g7": "S", "c7": "S0", "a7": "S0"}, "ha")
    assert moves(state, "ha:a1") == {"ha:a1-c1", "ha:a1-c2"}


def test_platypus_moves_one_ninja_then_claims_the_card_it_left() -> None:
    state = camp({"d4": "E0"}, "pl")
    step = after(state, "pl:d4-e5")
    assert step.decision(0) is not None and step.decision(0).kind == "platypus"  # type: ignore[union-attr]
    done = after(step, "done")
    assert done.to_act() == (1,)
    assert hand_of(done, 0) == "E" and card_at(done, "d4") == "."


def test_platypus_moves_two_ninjas_and_claims_one_of_the_cards_left() -> None:
    state = camp({"d4": "E0", "b1": "S", "c4": "A0"}, "pl")
    second = after(state, "pl:c4-c5", "pl:d4-e5")
    assert second.legal_actions(0) == ["take:c4", "take:d4"]
    claimed = after(second, "take:c4")
    assert hand_of(claimed, 0) == "A" and card_at(claimed, "d4") == "E"
    assert ninjas_of(claimed, 0) == ["a1", "c5", "e5"]


def test_platypus_second_ninja_may_step_onto_the_space_the_first_left() -> None:
    state = camp({"d4": "E0", "b1": "S", "c4": "A0"}, "pl")
    # c4 -> b5 first, then d4 -> c4: only d4's card is left free, and it is claimed at once.
    moved = after(state, "pl:c4-b5", "pl:d4-c4")
    assert moved.to_act() == (1,)
    assert hand_of(moved, 0) == "E" and ninjas_of(moved, 0) == ["a1", "b5", "c4"]


def test_platypus_offers_the_same_result_once() -> None:
    state = camp({"d4": "E0", "b1": "S", "c4": "A0"}, "pl")
    # Ninjas c4 and d4 ending on c5 and d5 can be reached four ways; only c4 -> c5, d4 -> d5 is offered.
    assert "pl:d4-d5" in after(state, "pl:c4-c5").legal_actions(0)
    assert "pl:c4-c5" not in after(state, "pl:d4-d5").legal_actions(0)
    assert "pl:d4-c5" not in after(state, "pl:c4-d5").legal_actions(0)
    assert "pl:c4-d5" not in after(state, "pl:d4-c5").legal_actions(0)
    # Stepping d4 onto c4 after c4 -> c5 is d4 -> c5 in one step, which is offered on its own.
    assert "pl:d4-c4" not in after(state, "pl:c4-c5").legal_actions(0)
    assert "pl:d4-c5" in state.legal_actions(0)
    # Asked for anyway, such a step is explained, and nothing changes.
    stepped = after(state, "pl:d4-d5")
    with pytest.raises(IllegalActionError, match="pl:c4-c5 is not offered: it ends with your ninjas and the cards "
                                                 "left as another way"):
        stepped.apply(0, "pl:c4-c5")
    assert stepped.frames[-1].kind == "platypus"


def test_sloth_claims_an_adjacent_unoccupied_card_without_moving() -> None:
    state = camp({"d4": "E0", "e5": "A", "d5": "#", "c3": "S1", "e7": "S"}, "sl")
    found = moves(state, "sl:")
    assert "sl:e5" in found and "sl:d5" not in found and "sl:c3" not in found and "sl:d4" not in found
    claimed = after(state, "sl:e5")
    assert hand_of(claimed, 0) == "A" and ninjas_of(claimed, 0) == ["a1", "b1", "d4"]
    assert card_at(claimed, "d4") == "E"  # nothing else is claimed


def test_sloth_cannot_be_used_when_every_neighbour_is_taken_or_gone() -> None:
    cells = {f"{col}{row}": "." for col in "abcdefg" for row in range(1, 8)}
    cells.update({"a1": "S0", "b1": "S0", "c1": "S0", "a2": "#", "b2": "#", "c2": "#", "d1": "S1", "d2": "S1",
                  "g7": "S1"})
    state = open_camp(cells, "sl")
    assert moves(state, "sl:") == set()


def test_a_clan_card_is_used_once_per_game() -> None:
    state = camp({"d4": "E0"}, "sl")
    assert hand_of(state, 1) == "ER"  # seat 1 holds its starting Sprint to take its turn
    used = after(state, "sl:d5")
    back = after(used, "R:e7-e1")
    assert back.to_act() == (0,) and not moves(back, "sl:")
    with pytest.raises(IllegalActionError, match="already used your Sloth Clan"):
        back.apply(0, "sl:c5")


def test_another_seats_clan_cannot_be_used() -> None:
    state = camp({"d4": "E0"}, "sl")
    with pytest.raises(IllegalActionError, match="your clan is Sloth"):
        state.apply(0, "ar:d4-d7")
