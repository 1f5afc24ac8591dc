"""Scenario tests for the seven skill cards, Traps and Walls, each as the rulebook words it.

Positions come from the public builder: squares not listed hold skill cards from those left, and each
position is a whole one (cards conserved: a card in a hand beyond the starting Sprint and Evade left an
empty space on the grid, here in the top-left corner, out of the way).
"""

from __future__ import annotations

from typing import Any

import pytest

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import after, card_at, hand_of, moves, ninjas_of, position
from ninjadojo.games.ninja_camp.rules import Board, evade

# Seat 1's ninjas sit in the top-right corner and seat 0's two spare ones bottom-left, out of the way.
PARKED = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1"}
#: Where the cards claimed before the test's position were: far from every move tested.
CLAIMED = ("a7", "b7", "a6")


def camp(cells: dict[str, str], hand: str, claimed: int = 0, *, hands: dict[int, str] | None = None,
         to_act: int = 0, **kwargs: Any) -> NinjaCampState:
    """Seat 0 with ``hand`` (its starting cards not in it are in its discard pile) on the parked board
    with ``cells`` set, ``claimed`` empty spaces left by cards claimed earlier, and ``to_act`` to move."""
    squares = {**PARKED, **{name: "." for name in CLAIMED[:claimed]}, **cells}
    return position(2, squares=squares, hands={0: hand, **(hands or {})}, to_act=to_act, **kwargs)


def test_evade_moves_exactly_three_spaces_orthogonally_turning_freely() -> None:
    state = camp({"d4": "E0"}, "E")
    expected = {"d5", "d3", "c4", "e4", "d7", "d1", "a4", "g4", "c6", "e6", "c2", "e2", "b5", "b3", "f5", "f3"}
    assert moves(state, "E:d4") == {f"E:d4-{square}" for square in expected}


def test_evade_never_goes_over_an_empty_space_a_wall_or_a_ninja() -> None:
    # d4's neighbours: d5 empty, c4 Wall, e4 a ninja; only d3 leads anywhere.
    state = camp({"d4": "E0", "d5": ".", "c4": "#", "e4": "S1", "f7": "S", "d2": ".", "c3": ".", "e3": "."}, "E")
    assert moves(state, "E:d4") == set()
    state = camp({"d4": "E0", "d5": ".", "c4": "#", "e4": "S1", "f7": "S", "d2": ".", "c3": "."}, "E")
    # d3 -> e3 -> e2 / f3 (e4 holds a ninja).
    assert moves(state, "E:d4") == {"E:d4-e2", "E:d4-f3"}


def test_a_card_no_ninja_can_carry_out_cannot_be_played() -> None:
    # Every ninja of seat 0 is boxed in by empty spaces: Evade and Sprint have no move at all.
    cells = {"d4": "E0", "d5": ".", "d3": ".", "c4": ".", "e4": ".",
             "a7": "S0", "a6": ".", "b7": ".", "a1": ".", "b1": ".", "c1": "S0", "d1": ".", "c2": "."}
    state = camp(cells, "ER", clans={0: "ar"})
    assert not moves(state, "E:") and not moves(state, "R:")
    assert "pass" in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="Evade cannot be played now: no ninja of yours can carry it out"):
        state.apply(0, "E:d4-d7")


def test_dodge_moves_one_or_two_spaces_diagonals_included() -> None:
    state = camp({"d4": "D0"}, "D", claimed=1)
    expected = {f"{col}{row}" for col in "bcdef" for row in range(2, 7)} - {"d4"}
    assert moves(state, "D:d4") == {f"D:d4-{square}" for square in expected}


def test_dodge_may_not_pass_through_a_ninja_or_an_empty_space() -> None:
    # The only way from a1 is diagonal b2 (a2 empty, b1 a ninja): b2 and its neighbours.
    state = camp({"a1": "D0", "a2": ".", "b1": "S0", "c7": "S0"}, "D")
    assert moves(state, "D:a1") == {f"D:a1-{square}" for square in ("b2", "a3", "b3", "c3", "c2", "c1")}


def test_leap_crosses_empty_spaces_only_and_lands_on_the_first_card() -> None:
    state = camp({"d4": "L0", "d5": ".", "d6": ".", "d3": ".", "d2": "S1", "e4": ".", "f4": "#", "e7": "S"}, "L")
    # Up: over d5, d6 onto d7. Down: d2 holds a ninja. Right: f4 is a Wall. Left: c4 is a card, no gap.
    assert moves(state, "L:d4") == {"L:d4-d7"}


def test_leap_cannot_be_played_without_an_empty_space_to_cross() -> None:
    state = camp({"d4": "L0"}, "L", claimed=1)
    assert moves(state, "L:") == set()


def test_sprint_runs_to_the_edge_an_empty_space_a_wall_or_a_ninja() -> None:
    state = camp({"d4": "R0", "d7": "#", "d2": ".", "b4": "S1", "e7": "S", "f7": "S1"}, "R")
    # Up stops before the Wall on d7; down before the empty d2; left before seat 1's ninja; right at the edge.
    assert moves(state, "R:d4") == {"R:d4-d6", "R:d4-d3", "R:d4-c4", "R:d4-g4"}


def test_sprint_cannot_stop_early() -> None:
    state = camp({"d4": "R0"}, "R")
    assert "R:d4-d5" not in moves(state, "R:d4")
    assert "R:d4-d7" in moves(state, "R:d4")


def test_stealth_moves_exactly_two_spaces_and_claims_the_card_passed_over() -> None:
    state = camp({"d4": "S0", "d5": "A", "d6": "E"}, "ERS", claimed=1)
    assert "S:d4-d5-d6" in moves(state, "S:d4")
    assert "S:d4-d5-e5" in moves(state, "S:d4")  # the path may turn
    moved = after(state, "S:d4-d5-d6")
    assert ninjas_of(moved, 0) == ["a1", "b1", "d6"]
    assert card_at(moved, "d5") == "." and card_at(moved, "d4") == "."
    assert hand_of(moved, 0) == "AERS"  # Ambush passed over, Stealth started on; the played one is discarded
    assert moved.discards[0] == "S"


def test_stealth_lists_each_path_once_since_each_claims_a_different_card() -> None:
    state = camp({"d4": "S0"}, "S", claimed=1)
    found = moves(state, "S:d4")
    assert len(found) == 12  # 4 first steps x 3 second steps on an open board
    assert {"S:d4-d5-e5", "S:d4-e4-e5"} <= found


def test_ambush_moves_into_an_opponents_ninja_and_pushes_it_one_space_on() -> None:
    state = camp({"d4": "A0", "d6": "E1", "e7": "S"}, "A", claimed=1)
    assert moves(state, "A:d4") == {"A:d4-d6"}
    pushed = after(state, "A:d4-d6")
    assert ninjas_of(pushed, 0) == ["a1", "b1", "d6"]
    assert ninjas_of(pushed, 1) == ["d7", "f7", "g7"]
    assert hand_of(pushed, 0) == "A"  # claimed the Ambush it started on (its starting cards were played)


@pytest.mark.parametrize("beyond", [".", "#", "S1"])
def test_ambush_cannot_push_onto_an_empty_space_a_wall_or_a_ninja(beyond: str) -> None:
    cells = {"d4": "A0", "d6": "E1", "d7": beyond, "e7": "S"}
    if beyond == "S1":
        cells["f7"] = "S"
    state = camp(cells, "A", claimed=0 if beyond == "." else 1)
    assert moves(state, "A:") == set()
    with pytest.raises(IllegalActionError, match="Ambush cannot be played now"):
        state.apply(0, "A:d4-d6")


def test_ambush_cannot_push_off_the_edge_nor_charge_its_own_ninja() -> None:
    state = camp({"d4": "A0", "d7": "E1", "e7": "S", "d2": "S0", "b1": "S", "d1": "S1", "f7": "S"}, "A", claimed=1)
    # Up: the opponent on d7 is on the edge. Down: its own ninja on d2 stands in the way.
    assert moves(state, "A:d4") == set()
    assert moves(state, "A:a1") == {"A:a1-d1"}  # along row 1 the opponent on d1 can be pushed to e1


def test_shadow_moves_as_the_last_skill_card_an_opponent_played() -> None:
    # Seat 1 played its starting Sprint: seat 0's Shadow moves as a Sprint.
    state = camp({"d4": "H0"}, "H", claimed=1, hands={1: "E"}, discards={1: "R"})
    assert state.copyable[0] == 6
    assert moves(state, "H:d4") == {"H:d4-d7", "H:d4-d1", "H:d4-a4", "H:d4-g4"}


def test_shadow_copies_from_plays_skipping_shadows_and_own_cards() -> None:
    # Seat 0 played its starting cards, then a Dodge; seat 1 holds Evade, Sprint and Shadow, having played none.
    state = camp({"d4": "H0", "c6": "S1", "e7": "S"}, "H", claimed=3, discards={0: "ERD"}, hands={1: "EHR"},
                 to_act=1)
    assert state.copyable[0] == 0  # no opponent has played anything: seat 0's own plays do not count
    assert state.copyable[1] == 3  # Dodge
    played = after(state, "E:c6-c3")  # seat 1 plays Evade: seat 0's Shadow now copies Evade
    board = Board.of(played.grid, played.cells, played.occupant)
    evades = {f"H:d4-{played.grid.names[square]}" for _, square, _ in evade(board, played.grid.index["d4"])}
    assert moves(played, "H:d4") == evades and evades
    shadowed = after(played, "H:d4-d7")
    assert shadowed.copyable[1] == 3  # still Dodge: a Shadow played is skipped


def test_shadow_with_nothing_to_copy_cannot_be_played() -> None:
    state = camp({"d4": "H0"}, "H", claimed=1)
    assert moves(state, "H:") == set()
    with pytest.raises(IllegalActionError, match="Shadow has nothing to copy"):
        state.apply(0, "H:d4-d5")


def test_shadow_copying_stealth_also_claims_the_card_passed_over() -> None:
    state = camp({"d4": "H0", "d5": "A"}, "H", claimed=2, hands={1: "ER"}, discards={1: "S"})
    moved = after(state, "H:d4-d5-d6")
    assert hand_of(moved, 0) == "AH"
    assert moved.discards[0].endswith("H")


def test_a_played_shadow_does_not_change_what_the_opponents_shadow_copies() -> None:
    # Seat 0 last played Dodge (after its starting cards); seat 1 last played Sprint.
    state = camp({"d4": "H0"}, "H", claimed=2, discards={0: "ERD", 1: "R"}, hands={1: "E"})
    assert (state.copyable[0], state.copyable[1]) == (6, 3)
    moved = after(state, "H:d4-d7")
    assert moved.copyable[1] == 3  # still Dodge: Shadows are skipped


def test_traps_cannot_be_played_but_are_crossed_and_landed_on_freely() -> None:
    state = camp({"d4": "R0", "d5": "T", "d6": "T"}, "RT", claimed=1)
    assert "R:d4-d7" in moves(state, "R:d4")
    assert not moves(state, "T:")
    with pytest.raises(IllegalActionError, match="Trap cards can never be played"):
        state.apply(0, "T:d4-d5")
    landed = camp({"d4": "E0", "d5": "T", "d6": "T", "d7": "T"}, "E")
    assert "E:d4-d7" in moves(landed, "E:d4")


def test_walls_are_never_entered_crossed_or_claimed() -> None:
    state = camp({"d4": "D0", "d5": "#", "c5": "#", "e5": "#"}, "D", claimed=1, clans={0: "sl"})
    found = moves(state, "D:d4")
    assert not {"D:d4-d5", "D:d4-c5", "D:d4-e5"} & found
    assert "D:d4-d6" not in found  # d6 is only reachable through the Walls
    assert not {"sl:d5", "sl:c5", "sl:e5"} & moves(state, "sl:")


def test_ambush_may_push_a_ninja_onto_a_trap() -> None:
    state = camp({"d4": "A0", "d6": "E1", "d7": "T", "e7": "S"}, "A", claimed=1)
    pushed = after(state, "A:d4-d6")
    assert "d7" in ninjas_of(pushed, 1) and card_at(pushed, "d7") == "T"


def test_stealth_over_a_trap_claims_the_trap() -> None:
    state = camp({"d4": "S0", "d5": "T"}, "S", claimed=1)
    moved = after(state, "S:d4-d5-d6")
    # The Trap passed over and the Stealth started on; the starting Evade and Sprint are in the discard pile.
    assert hand_of(moved, 0) == "ST" and moved.points()[0] == -1 + 0 + 4 + 2


def test_leap_may_land_on_a_trap_but_not_on_a_wall() -> None:
    state = camp({"d4": "L0", "d5": ".", "d6": "T", "d3": ".", "d2": "#"}, "L")
    assert moves(state, "L:d4") == {"L:d4-d6"}


def test_the_log_says_whether_a_pass_for_good_was_forced_or_chosen() -> None:
    """Passing is for good; the others read whether it was all the seat could do or a choice while a move was
    open (a table wondered why its bots stopped playing)."""
    from ninjadojo.api import new_game
    from ninjadojo.engine import Rng

    chosen = forced = 0
    for seed in range(40):
        game = new_game("ninja-camp", players=2, seed=seed)
        rng = Rng(seed)
        while not game.is_terminal:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if "pass" in legal and (len(legal) == 1 or rng.randbelow(4) == 0):
                before = len(game.observe(None)["log"])
                game.apply(seat, "pass")
                said = "\n".join(game.observe(None)["log"][before:])
                if len(legal) == 1:
                    assert f"P{seat} can carry out none of their cards, so passes for the rest of the game" in said
                    forced += 1
                else:
                    assert f"P{seat} passes for the rest of the game (by choice: a move was still open)" in said
                    chosen += 1
                continue
            game.apply(seat, legal[rng.randbelow(len(legal))])
    assert chosen and forced
