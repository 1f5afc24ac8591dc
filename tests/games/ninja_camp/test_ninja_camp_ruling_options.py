"""The rulings a table may switch (docs/rules/ninja-camp.md, "Rulings you can switch"), one option each.

For every option: a built position where the default plays our reading and the other value plays the
other one; bad values refused with a clear message; defaults never written into a position; random
playouts with each option at its other value (and all together) that end by the rules and keep the
invariants, the notation round trip, saves and a determinisation per seat; the heuristic bot playing
legally under them; and independent checks of the changed moves against a brute force.
"""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.engine import NotationError, OptionError
from ninjadojo.engine.rng import Rng
from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import after, card_at, hand_of, moves, ninjas_of, playout, position
from ninjadojo.games.ninja_camp.cards import EMPTY, EVADE, NAMES, PLATYPUS, SKILLS, SPRINT, TRAP, WALL
from ninjadojo.games.ninja_camp.table_rules import OPTIONS

#: Each option at its other value (the reading the project did not choose).
OTHER_VALUES: dict[str, Any] = {
    "shadow_copies": "pile",
    "armadillo_edge": "cards",
    "camel_diagonals": True,
    "chameleon_traps": True,
    "platypus_free_at_start": True,
}
ALL_OTHER = dict(OTHER_VALUES)

PARKED = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1"}


def camp(cells: dict[str, str], clan: str, options: dict[str, Any] | None = None, **kwargs: Any) -> NinjaCampState:
    """Seat 0 to move with ``clan`` and an empty hand (only its clan card can move it), on a board with
    two of its ninjas parked on a1 and b1 and seat 1's on e7, f7 and g7, then ``cells`` set."""
    return position(2, squares={**PARKED, **cells}, hands={0: ""}, clans={0: clan}, to_act=0, options=options,
                    **kwargs)


def test_every_ruling_option_is_declared_with_its_ruling_and_our_reading_as_default() -> None:
    specs = {spec.name: spec for spec in NinjaCampState.option_specs()}
    assert set(OTHER_VALUES) <= set(specs)
    for name, ruling in (("shadow_copies", 7), ("armadillo_edge", 8), ("camel_diagonals", None),
                         ("chameleon_traps", 10), ("platypus_free_at_start", 13)):
        assert specs[name].ruling == ruling
        assert specs[name].default != OTHER_VALUES[name]
    # The rulebook says adjacency never includes diagonals: Camel's diagonal reading is a house rule against
    # the text, not a ruling; the help says what it does, and the rules page says why it is no ruling.
    assert specs["camel_diagonals"].section == "House rules" and "diagonal" in specs["camel_diagonals"].help
    assert {spec.name for spec in OPTIONS} == set(OTHER_VALUES)


# ---------------------------------------------------------------------- Ruling 7: Shadow


def _shadow_game(options: dict[str, Any] | None) -> NinjaCampState:
    """Three players: seat 1 plays Evade, then seat 2 plays a Shadow (copying it) on top of the Sprint it
    played earlier; seat 0 is to move with a Shadow in hand."""
    state = position(3, squares={"a1": "A0", "c1": "L0", "e1": "D0", "b4": "A1", "d4": "D1", "f4": "L1",
                                 "b7": "A2", "d7": "D2", "f7": "L2", "h1": ".", "h2": ".", "h3": "."},
                     hands={0: "EHR", 1: "EHR", 2: "EH"}, discards={2: "R"}, to_act=1, options=options)
    assert state.copyable[2] == 0  # nobody else has played yet: seat 2's Shadow will copy seat 1's card
    evade = sorted(moves(state, "E:"))[0]
    state = after(state, evade)
    shadow = sorted(moves(state, "H:"))[0]
    return after(state, shadow)


def test_shadow_copies_the_latest_opponent_skill_card_by_default() -> None:
    state = _shadow_game(None)
    # Seat 2's Shadow is skipped: the most recent card other than Shadow an opponent played is seat 1's Evade.
    assert state.copyable[0] == EVADE
    assert state.observe(0)["seats"][0]["shadow_copies"] == "Evade"  # type: ignore[index,call-overload]


def test_shadow_copies_the_top_card_of_the_last_players_pile_under_shadow_copies_pile() -> None:
    state = _shadow_game({"shadow_copies": "pile"})
    # Seat 2 played last; under its Shadow in its discard pile lies its Sprint.
    assert state.discards[2] == "RH" and state.copyable[0] == SPRINT
    assert state.observe(0)["seats"][0]["shadow_copies"] == "Sprint"  # type: ignore[index,call-overload]
    shadow = sorted(moves(state, "H:"))[0]
    played = after(state, shadow)
    assert any("plays Shadow as Sprint" in event.text for event in played.events)
    # Seat 0 played last now: both opponents copy the top card other than Shadow of its pile (nothing).
    assert played.copyable[1] == played.copyable[2] == 0
    assert not moves(played, "H:", seat=1)


def test_a_shadow_pile_with_only_shadows_gives_nothing_to_copy_and_a_clear_reason() -> None:
    state = _shadow_game({"shadow_copies": "pile"})
    played = after(state, sorted(moves(state, "H:"))[0])
    assert played.to_act() == (1,) and played.hands[1][5]  # seat 1 holds a Shadow
    with pytest.raises(ValueError, match="opponent who played last holds no card other than Shadow"):
        played.apply(1, "H:b4-b5")


def test_with_two_players_both_shadow_readings_play_the_same_game() -> None:
    for seed in range(3):
        plain = playout(2, seed)
        piled = playout(2, seed, options={"shadow_copies": "pile"})
        assert [state.copyable for state in plain] == [state.copyable for state in piled]
        assert plain[-1].to_notation().split("|", 3)[3] == piled[-1].to_notation().split("|", 3)[3]


# ---------------------------------------------------------------------- Ruling 8: Armadillo


ARMADILLO_BOARD = {"d4": "E0", "d5": "A", "d6": ".", "d7": ".", "e4": "E", "f4": ".", "g4": ".", "a4": "#"}


def test_armadillo_stops_only_on_the_grids_edge_space_by_default() -> None:
    state = camp(ARMADILLO_BOARD, "ar")
    # Up and right end on empty spaces; left on a Wall; only down reaches a free edge card.
    assert moves(state, "ar:d4") == {"ar:d4-d1"}


def test_armadillo_stops_on_the_last_card_that_way_under_armadillo_edge_cards() -> None:
    state = camp(ARMADILLO_BOARD, "ar", {"armadillo_edge": "cards"})
    # Up: d5 is the last card before the empty d6, d7; right: e4 before f4, g4; left still ends on the Wall.
    assert moves(state, "ar:d4") == {"ar:d4-d1", "ar:d4-d5", "ar:d4-e4"}
    moved = after(state, "ar:d4-d5")
    assert ninjas_of(moved, 0) == ["a1", "b1", "d5"] and card_at(moved, "d4") == "." and hand_of(moved, 0) == "E"


def test_armadillo_to_the_last_card_needs_that_card_free() -> None:
    state = camp({**ARMADILLO_BOARD, "d5": "A1", "e7": "S", "e4": "#"}, "ar", {"armadillo_edge": "cards"})
    assert moves(state, "ar:d4") == {"ar:d4-d1"}


# ---------------------------------------------------------------------- Ruling 9: Camel


CAMEL_BOARD = {"d4": "E0", "f4": "S1", "e7": "S"}


def test_camel_counts_only_orthogonal_neighbours_by_default() -> None:
    found = moves(camp(CAMEL_BOARD, "ca"), "ca:d4")
    assert {"ca:d4-e5", "ca:d4-c2", "ca:d4-d5"} <= found  # e5 is diagonal to f4, c2 to b1
    assert "ca:d4-e4" not in found


def test_camel_counts_diagonal_neighbours_too_under_camel_diagonals() -> None:
    state = camp(CAMEL_BOARD, "ca", {"camel_diagonals": True})
    found = moves(state, "ca:d4")
    assert "ca:d4-e5" not in found and "ca:d4-c2" not in found and "ca:d4-e4" not in found
    assert "ca:d4-d5" in found and "ca:d4-c5" in found  # beside the mover only: the mover does not count
    moved = after(state, "ca:d4-d5")
    assert ninjas_of(moved, 0) == ["a1", "b1", "d5"]


# ---------------------------------------------------------------------- Ruling 10: Chameleon


def test_chameleon_cannot_leave_a_trap_by_default() -> None:
    assert moves(camp({"d4": "T0", "b6": "T"}, "ch"), "ch:d4") == set()


def test_chameleon_goes_from_a_trap_to_another_trap_under_chameleon_traps() -> None:
    state = camp({"d4": "T0", "b6": "T", "c2": "T1", "e7": "S"}, "ch", {"chameleon_traps": True})
    assert moves(state, "ch:d4") == {"ch:d4-b6"}  # c2's Trap has a ninja on it
    moved = after(state, "ch:d4-b6")
    assert ninjas_of(moved, 0) == ["a1", "b1", "b6"] and hand_of(moved, 0) == "T"
    assert moved.points()[0] == state.points()[0] - 1  # a claimed Trap counts -1


# ---------------------------------------------------------------------- Ruling 13: Platypus


PLATYPUS_BOARD = {"d4": "E0", "e4": "E0", "b1": "S"}


def test_platypus_second_ninja_may_step_onto_the_space_the_first_left_by_default() -> None:
    state = after(camp(PLATYPUS_BOARD, "pl"), "pl:d4-c4")
    assert "pl:e4-d4" in moves(state, "pl:")
    done = after(state, "pl:e4-d4")
    # The card d4 has a ninja again, so the only card left free, e4, is claimed.
    assert ninjas_of(done, 0) == ["a1", "c4", "d4"] and card_at(done, "e4") == "." and done.to_act() == (1,)


def test_platypus_steps_go_only_to_cards_free_at_the_start_under_platypus_free_at_start() -> None:
    state = after(camp(PLATYPUS_BOARD, "pl", {"platypus_free_at_start": True}), "pl:d4-c4")
    offered = moves(state, "pl:")
    assert "pl:e4-d4" not in offered and "pl:e4-e5" in offered
    with pytest.raises(ValueError, match="house rule both Platypus steps go to cards free at the start"):
        state.apply(0, "pl:e4-d4")
    stepped = after(state, "pl:e4-e5")
    assert set(stepped.legal_actions(0)) == {"take:d4", "take:e4"}  # both cards left can be claimed


def _platypus_outcomes(state: NinjaCampState, seat: int) -> set[tuple[tuple[int, ...], int]]:
    """Brute force under platypus_free_at_start: (final squares, claimed square) of every use."""
    grid, cells = state.grid, state.cells
    taken = {square for square in range(grid.size) if state.occupant[square] >= 0}
    mine = state.ninjas[seat]

    def open_card(square: int) -> bool:
        return cells[square] not in (EMPTY, WALL) and square not in taken

    outcomes = set()
    for a in mine:
        for to_a in grid.king[a]:
            if not open_card(to_a):
                continue
            outcomes.add((tuple(sorted((set(mine) - {a}) | {to_a})), a))
            for b in mine:
                if b == a:
                    continue
                for to_b in grid.king[b]:
                    if open_card(to_b) and to_b != to_a:
                        final = tuple(sorted((set(mine) - {a, b}) | {to_a, to_b}))
                        outcomes.update({(final, a), (final, b)})
    return outcomes


def _platypus_leaves(state: NinjaCampState, seat: int) -> list[tuple[tuple[int, ...], int]]:
    """(final squares, claimed square) at the end of every path through the offered Platypus decisions."""
    leaves = []
    pending = [after(state, action) for action in state.legal_actions(seat) if action.startswith("pl:")]
    while pending:
        game = pending.pop()
        if game.frames[-1].kind == "turn" or game.is_terminal:
            claimed = [square for square in range(state.grid.size)
                       if state.cells[square] != EMPTY and game.cells[square] == EMPTY]
            assert len(claimed) == 1
            leaves.append((tuple(game.ninjas[seat]), claimed[0]))
            continue
        pending.extend(after(game, action) for action in game.legal_actions(seat))
    return leaves


@pytest.mark.parametrize("players", [2, 4])
def test_platypus_free_at_start_offers_every_outcome_exactly_once(players: int) -> None:
    checked = 0
    for state in playout(players, 21, options={"platypus_free_at_start": True})[::9]:
        if state.is_terminal or state.frames[-1].kind != "turn":
            continue
        seat = state.to_act()[0]
        full = state.clone()
        full.clans[seat], full.clan_used[seat] = PLATYPUS, False
        full._legal_cache = {}
        leaves = _platypus_leaves(full, seat)
        assert len(leaves) == len(set(leaves)), "the same Platypus outcome is offered twice"
        assert set(leaves) == _platypus_outcomes(full, seat)
        checked += 1
    assert checked >= 4


# ---------------------------------------------------------------------- brute force for the clan readings


def _clan_brute_force(state: NinjaCampState, seat: int, code: str) -> set[str]:
    """Armadillo (to the last card), Camel (diagonals count) and Chameleon (Traps allowed) by their words."""
    grid, cells, occupant, names = state.grid, state.cells, state.occupant, state.grid.names
    rows, cols = grid.rows, grid.cols
    found = set()

    def free(square: int) -> bool:
        return cells[square] not in (EMPTY, WALL) and occupant[square] < 0

    for start in state.ninjas[seat]:
        row, col = divmod(start, cols)
        for square in range(grid.size):
            r, c = divmod(square, cols)
            if square == start or not free(square):
                continue
            if code == "ar" and (r == row or c == col):
                step = ((r > row) - (r < row), (c > col) - (c < col))
                beyond = [(r + k * step[0], c + k * step[1]) for k in range(1, max(rows, cols))]
                if all(not (0 <= br < rows and 0 <= bc < cols) or cells[br * cols + bc] == EMPTY
                       for br, bc in beyond):
                    found.add(f"ar:{names[start]}-{names[square]}")
            elif code == "ca":
                near = [(r + dr) * cols + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                        if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]
                if all(occupant[other] < 0 or other == start for other in near):
                    found.add(f"ca:{names[start]}-{names[square]}")
            elif code == "ch" and cells[square] == cells[start] and (cells[start] in SKILLS or cells[start] == TRAP):
                found.add(f"ch:{names[start]}-{names[square]}")
    return found


@pytest.mark.parametrize("players", [2, 3])
def test_clan_readings_offer_exactly_the_brute_forces_moves(players: int) -> None:
    checked = 0
    for seed in (5, 6):
        for state in playout(players, seed, options=ALL_OTHER)[::3]:
            if state.is_terminal or state.frames[-1].kind != "turn":
                continue
            seat = state.to_act()[0]
            for clan, code in ((0, "ar"), (1, "ca"), (2, "ch")):
                full = state.clone()
                full.clans[seat], full.clan_used[seat] = clan, False
                full._legal_cache = {}
                assert moves(full, f"{code}:") == _clan_brute_force(full, seat, code), full.to_notation()
                checked += 1
    assert checked > 60


# ---------------------------------------------------------------------- values, notation, saves


@pytest.mark.parametrize(("options", "words"), [
    ({"shadow_copies": "random"}, "must be one of latest, pile"),
    ({"armadillo_edge": "edge"}, "must be one of grid, cards"),
    ({"camel_diagonals": "maybe"}, "must be true or false"),
    ({"chameleon_traps": 2}, "must be true or false"),
    ({"platypus_free_at_start": "yes please"}, "must be true or false"),
    ({"platypus_free": True}, "unknown option"),
])
def test_bad_option_values_are_refused_clearly(options: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        NinjaCampState.new(2, options, seed=1)


def test_a_bad_option_in_a_position_is_refused_as_bad_notation() -> None:
    text = NinjaCampState.new(2, {"camel_diagonals": True}, seed=1).to_notation()
    with pytest.raises(NotationError, match="bad options in position"):
        NinjaCampState.from_notation(text.replace("camel_diagonals=true", "camel_diagonals=sometimes"))


def test_options_at_their_defaults_are_not_written_and_others_round_trip() -> None:
    defaults = {spec.name: spec.default for spec in OPTIONS}
    assert NinjaCampState.new(3, defaults, seed=4).to_notation() == NinjaCampState.new(3, seed=4).to_notation()
    assert NinjaCampState.new(3, defaults, seed=4).to_notation().split("|")[2] == "-"
    game = NinjaCampState.new(3, ALL_OTHER, seed=4)
    written = game.to_notation().split("|")[2]
    assert written == ("armadillo_edge=cards,camel_diagonals=true,chameleon_traps=true,"
                       "platypus_free_at_start=true,shadow_copies=pile")
    for copy in (NinjaCampState.from_notation(game.to_notation()), game.clone(), pickle.loads(pickle.dumps(game)),
                 NinjaCampState.load_save(json.loads(json.dumps(game.to_save())))):
        assert dict(copy.options) == dict(game.options) and copy.table_rules == game.table_rules


def test_the_action_space_holds_every_move_under_the_other_readings() -> None:
    for players in (2, 4):
        space = NinjaCampState.new(players, ALL_OTHER).action_space()
        assert space.actions == NinjaCampState.new(players).action_space().actions


# ---------------------------------------------------------------------- playouts and the bot


CASES = [(name, {name: value}) for name, value in OTHER_VALUES.items()] + [("all", ALL_OTHER)]
#: The clan card each clan option is about (by its place in the clan table), so playouts deal it.
CLAN_OF_OPTION = {"armadillo_edge": 0, "camel_diagonals": 1, "chameleon_traps": 2, "platypus_free_at_start": 6}


def _seeds(players: int, name: str, options: dict[str, Any], count: int = 2) -> list[int]:
    """The first ``count`` seeds whose deal gives some player the clan card the option is about."""
    clan = CLAN_OF_OPTION.get(name)
    return [seed for seed in range(500)
            if clan is None or clan in NinjaCampState.new(players, options, seed=seed).clans][:count]


@pytest.mark.parametrize(("name", "options"), CASES, ids=[case[0] for case in CASES])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_under_the_other_readings_end_by_the_rules(name: str, options: dict[str, Any],
                                                                   players: int) -> None:
    for seed in _seeds(players, name, options):
        game = NinjaCampState.new(players, options, seed=seed)
        rng = Rng(seed ^ 0xCA)
        step = 0
        while not game.is_terminal:
            seat = game.to_act()[0]
            if step % 6 == 0:
                game.check_invariants()
                text = game.to_notation()
                parsed = NinjaCampState.from_notation(text)
                assert parsed.to_notation() == text and parsed.legal_actions(seat) == game.legal_actions(seat)
                sample = game.determinize(seat, step)
                sample.check_invariants()
                assert sample.observe(seat) == game.observe(seat)
                assert sample.legal_actions(seat) == game.legal_actions(seat)
            actions = game.legal_actions(seat)
            # Pass rarely, so that games reach the late game where the readings matter.
            choices = [action for action in actions if action != "pass"] if rng.randbelow(8) else actions
            game.apply(seat, (choices or actions)[rng.randbelow(len(choices or actions))])
            step += 1
        game.check_invariants()
        assert game.result is not None and not game.result.truncated
        assert all(passed >= 0 for passed in game.passed_at)
        again = NinjaCampState.replay(game.record.copy())
        assert again.to_notation() == game.to_notation()


@pytest.mark.parametrize("players", [2, 3])
def test_the_heuristic_bot_plays_legally_under_every_other_reading(players: int) -> None:
    game = NinjaCampState.new(players, ALL_OTHER, seed=8)
    bots = [make_bot("heuristic", "ninja-camp", seed=seat) for seat in range(players)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        action = bots[seat].choose(SeatView(game, seat))
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
    game.check_invariants()
    assert game.result is not None and not game.result.truncated


def test_shadow_pile_positions_obey_their_own_law() -> None:
    state = _shadow_game({"shadow_copies": "pile"})
    text = state.to_notation()
    # Seat 0's Shadow copying Dodge, a card on top of no opponent's pile, is refused when parsed.
    body = text.split("|")[-1]
    seats = body.split(" ")[3].split(";")
    fields = seats[0].split(",")
    assert fields[3] == "R"
    seats[0] = ",".join([*fields[:3], "D", *fields[4:]])
    parts = body.split(" ")
    parts[3] = ";".join(seats)
    with pytest.raises(NotationError, match="shadow_copies=pile"):
        NinjaCampState.from_notation(text[: len(text) - len(body)] + " ".join(parts))
    assert NAMES[state.copyable[0]] == "Sprint"
