"""The incremental move generator against the straightforward one it replaced.

``reference_turn_actions`` and ``reference_place_actions`` are the generation the game used before
moves were remembered (:mod:`ninjadojo.games.ninja_camp.moves`): every card's generator run for every
ninja on a board built afresh, every text built anew. On many positions from random playouts (each
asked in the order play reaches them, so the memo is warm with moves of earlier positions, some
stale), and on the same positions asked again out of order and from clones and from parsed copies, the
game must offer exactly the reference's actions, with the same payloads, in the same order. The
independent oracle (test_ninja_camp_legal_oracle.py) checks that the reference itself obeys the rules.

Every test runs under the project's readings and under every ruling option at its other value
(``OPTION_SETS``): the reference applies a game's readings through the plain generators' arguments, the
incremental generator through the movements it remembers moves under, so a move remembered under one
reading must never be offered under another, even from a memo that games of both readings share.
"""

from __future__ import annotations

import pickle
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ninjadojo.engine.rng import Rng
from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import playout
from ninjadojo.games.ninja_camp.cards import CLAN_TABLE, SHADOW, SKILLS, SLOTH
from ninjadojo.games.ninja_camp.moves import CLAN_CARD, Payload
from ninjadojo.games.ninja_camp.notation import PASS_TEXT, action_text, clan_prefix, skill_prefix
from ninjadojo.games.ninja_camp.rules import (
    AMBUSH_PUSH,
    MOVE,
    PASS,
    PLACE,
    Board,
    clan_outcomes,
    skill_outcomes,
    sloth_claims,
)
from ninjadojo.games.ninja_camp.table_rules import TableRules


def reference_turn_actions(state: NinjaCampState, seat: int) -> dict[str, Payload]:
    """Every distinct outcome of every playable card and the clan card, then ``pass``: the old path."""
    board = Board.of(state.grid, state.cells, state.occupant)
    pairs = state.grid.pairs
    squares = state.ninjas[seat]
    hand = state.hands[seat]
    legal: dict[str, Payload] = {}
    for card in SKILLS:
        if not hand[card]:
            continue
        moves_as = card
        if card == SHADOW:
            moves_as = state.copyable[seat]
            if not moves_as:
                continue
        prefix = skill_prefix(card)
        for start in squares:
            for effect, destination, extra in skill_outcomes(moves_as, board, seat, start):
                if effect in (MOVE, AMBUSH_PUSH):
                    text = prefix + pairs[start][destination]
                else:
                    text = action_text(prefix, effect, start, destination, extra, state.grid.names)
                legal[text] = (card, effect, start, destination, extra)
    if not state.clan_used[seat]:
        clan = state.clans[seat]
        card = CLAN_CARD + clan
        prefix = clan_prefix(clan)
        if clan == SLOTH:
            outcomes = [(-1, outcome) for outcome in sloth_claims(board, squares)]
        else:
            outcomes = [(start, outcome) for start in squares
                        for outcome in clan_outcomes(clan, board, seat, start, state.table_rules)]
        for start, (effect, destination, extra) in outcomes:
            if effect == MOVE:
                text = prefix + pairs[start][destination]
            else:
                text = action_text(prefix, effect, start, destination, extra, state.grid.names)
            legal[text] = (card, effect, start, destination, extra)
    legal[PASS_TEXT] = (0, PASS, -1, -1, -1)
    return legal


def reference_place_actions(state: NinjaCampState, seat: int) -> dict[str, Payload]:
    """Set-up: free skill cards of a kind this seat has no ninja on yet (the old path)."""
    cells, occupant, names = state.cells, state.occupant, state.grid.names
    taken = {cells[square] for square in state.ninjas[seat]}
    return {f"@{names[square]}": (0, PLACE, -1, square, -1) for square in range(state.grid.size)
            if occupant[square] < 0 and cells[square] in SKILLS and cells[square] not in taken}


def reference(state: NinjaCampState, seat: int) -> list[tuple[str, Payload]]:
    """The reference's actions for the seat to act, in order, with their payloads."""
    kind = state.frames[-1].kind
    legal = reference_turn_actions(state, seat) if kind == "turn" else reference_place_actions(state, seat)
    return list(legal.items())


def offered(state: NinjaCampState, seat: int) -> list[tuple[str, Payload]]:
    """What the game offers now, in order, with payloads (a fresh listing, not the engine's cache)."""
    state._legal_cache = {}
    return list(state._legal(seat, state.frames[-1]).items())


#: The project's readings, each ruling option at its other value, and all of them together.
OTHER_VALUES: dict[str, Any] = {"shadow_copies": "pile", "armadillo_edge": "cards", "camel_diagonals": True,
                                "chameleon_traps": True, "platypus_free_at_start": True}
OPTION_SETS: list[dict[str, Any]] = [{}, *({name: value} for name, value in OTHER_VALUES.items()), OTHER_VALUES]
OPTION_IDS = ["default", *OTHER_VALUES, "all"]


def _with_everything(state: NinjaCampState, seat: int, clan: int) -> NinjaCampState:
    """The same board with every skill card in ``seat``'s hand and an unused ``clan`` card (a state
    object used only to ask the generator for every card at once; never parsed or played on).

    A clone, so it shares the game's memo: an entry remembered for the real hand must still be right.
    """
    other = state.clone()
    for kind in SKILLS:
        other.hands[seat][kind] = 1
    other.clans[seat] = clan
    other.clan_used[seat] = False
    return other


def _compare(state: NinjaCampState) -> int:
    """Assert that the game offers exactly the reference's actions; return how many were compared."""
    seat = state.to_act()[0]
    expected = reference(state, seat)
    assert offered(state, seat) == expected, f"differs from the reference in {state.to_notation()}"
    return len(expected)


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_incremental_generator_offers_exactly_the_references_actions_in_play(players: int,
                                                                                 options: dict[str, Any]) -> None:
    """In the order a game reaches them (the memo warm and partly stale), every set-up and turn position."""
    compared = positions = 0
    # Under the project's readings 30 games; under each other reading fewer (what they change is also
    # checked on every clan card by the next test).
    for seed in range(30 if not options else 8):
        # Long games (pass only when nothing else is legal) and short ones (pass at random, as the bench).
        for state in playout(players, seed, passing=seed % 3 == 0, options=options):
            if state.is_terminal or state.frames[-1].kind not in ("turn", "place"):
                continue
            compared += _compare(state)
            positions += 1
    assert positions > (300 if not options else 80) and compared > (5000 if not options else 1300)


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_card_and_clan_from_a_shared_memo_matches_the_reference(players: int, options: dict[str, Any]) -> None:
    """Every skill in hand and each clan in turn, on clones sharing one game's memo, so entries made for
    one clan, hand or position are offered to another only when they are right for it."""
    checked = 0
    for seed in range(4 if not options else 2):
        for index, state in enumerate(playout(players, seed, options=options)):
            if state.is_terminal or state.frames[-1].kind != "turn":
                continue
            seat = state.to_act()[0]
            for clan in (index % len(CLAN_TABLE), (index + 3) % len(CLAN_TABLE)):
                full = _with_everything(state, seat, clan)
                assert offered(full, seat) == reference(full, seat), f"clan {clan} in {full.to_notation()}"
                checked += 1
    assert checked > (100 if not options else 50)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_of_other_readings_sharing_one_memo_each_get_their_own_moves(players: int) -> None:
    """A memo is only ever shared by a game's clones and samples, which have its options; even so, a move
    is remembered under the movement of its reading, so games of both readings asking one memo in turn
    each get the reference's moves for their own reading, for every clan card."""
    checked = 0
    for index, state in enumerate(playout(players, 2)):
        if state.is_terminal or state.frames[-1].kind != "turn":
            continue
        seat = state.to_act()[0]
        other = NinjaCampState.from_notation(state.to_notation())
        # The same position under the other readings (a state object for asking only).
        other.options = MappingProxyType({**state.options, **OTHER_VALUES})
        other.table_rules = TableRules.of(other.options)
        other._moves = state._moves
        for clan in range(len(CLAN_TABLE)):
            for game in (_with_everything(state, seat, clan), _with_everything(other, seat, clan),
                         _with_everything(state, seat, (clan + index) % len(CLAN_TABLE))):
                assert offered(game, seat) == reference(game, seat), f"clan {clan} in {game.to_notation()}"
                checked += 1
    assert checked > 300


@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), picks=st.lists(st.integers(0, 10**6)),
       options=st.sampled_from(OPTION_SETS))
def test_positions_asked_out_of_order_match_the_reference(seed: int, players: int, picks: list[int],
                                                          options: dict[str, Any]) -> None:
    """Positions of one game (under any readings) asked in a shuffled order, from clones, parsed copies
    and unpickled copies: whatever the memo holds, the answer is the reference's."""
    states = [state for state in playout(players, seed, options=options)
              if not state.is_terminal and state.frames[-1].kind in ("turn", "place")]
    rng = Rng(seed)
    for pick in picks or [0]:
        state = states[(pick + rng.randbelow(len(states))) % len(states)]
        variant = pick % 3
        if variant == 1:
            state = NinjaCampState.from_notation(state.to_notation())
        elif variant == 2:
            state = pickle.loads(pickle.dumps(state))
        _compare(state)
        _compare(state.clone())


def test_a_pickled_game_carries_no_remembered_moves_nor_move_tables() -> None:
    """The memo is derived data: a game sent to another process carries only the position; the move
    tables are the receiving process's own, shared ones."""
    state = list(playout(3, 5))[30]
    state.legal_actions(state.to_act()[0])
    assert state._moves.entries
    copy = pickle.loads(pickle.dumps(state))
    assert not copy._moves.entries and copy._moves.tables is state._moves.tables
    assert len(pickle.dumps(state._moves)) < 300  # the tables themselves hold thousands of texts
    assert copy.legal_actions(copy.to_act()[0]) == state.legal_actions(state.to_act()[0])


@pytest.mark.parametrize("seed", [3, 4])
def test_a_bot_editing_its_sample_cannot_change_the_real_games_moves(seed: int) -> None:
    """A sample shares the game's memo; whatever a bot does to its sample's board, the moves the real
    game offers stay the reference's (entries depend only on the facts they were made from)."""
    states = [state for state in playout(3, seed) if not state.is_terminal and state.frames[-1].kind == "turn"]
    rng = Rng(seed)
    for state in states[::4]:
        seat = state.to_act()[0]
        sample = state.determinize(seat, rng.randbelow(1000))
        assert sample._moves is state._moves
        for square in range(0, sample.grid.size, 3):  # scramble a third of the sample's squares
            sample.board[square] = rng.randbelow(256)
            sample.cells[square] = rng.randbelow(10)
        for kind in SKILLS:
            sample.hands[seat][kind] = 1
        sample.legal_actions(seat)
        _compare(state)
