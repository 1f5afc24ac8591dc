"""Legal-move generation checked against a slow, independent oracle on many positions.

The oracle enumerates simple paths square by square in (row, column) terms, straight from the
rulebook's wording, and builds the action texts itself. On positions taken from playouts, for every
card, every clan and every ninja, the game must offer exactly the oracle's set: nothing missing, no
duplicates, nothing extra. Platypus, which takes several decisions, is checked on its whole tree.
"""

from __future__ import annotations

import pytest

from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import playout
from ninjadojo.games.ninja_camp.cards import (
    CLAN_TABLE,
    EMPTY,
    LETTERS,
    PLATYPUS,
    SHADOW,
    SKILLS,
    TRAP,
    WALL,
)

ORTH = ((1, 0), (0, 1), (-1, 0), (0, -1))
KING = (*ORTH, (1, 1), (1, -1), (-1, 1), (-1, -1))


class Oracle:
    """Rule-by-rule enumeration on one position, for the seat to act."""

    def __init__(self, state: NinjaCampState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.rows, self.cols = state.grid.rows, state.grid.cols

    def name(self, rc: tuple[int, int]) -> str:
        return f"{chr(ord('a') + rc[1])}{rc[0] + 1}"

    def inside(self, rc: tuple[int, int]) -> bool:
        return 0 <= rc[0] < self.rows and 0 <= rc[1] < self.cols

    def kind(self, rc: tuple[int, int]) -> int:
        return self.state.cells[rc[0] * self.cols + rc[1]]

    def owner(self, rc: tuple[int, int]) -> int:
        return self.state.occupant[rc[0] * self.cols + rc[1]]

    def free_card(self, rc: tuple[int, int]) -> bool:
        return self.inside(rc) and self.kind(rc) not in (EMPTY, WALL) and self.owner(rc) < 0

    def paths(self, start, steps, dirs, crossable):
        """Every simple path of exactly ``steps`` steps from ``start`` (start never revisited)."""
        found = []

        def extend(path):
            if len(path) == steps:
                found.append(path)
                return
            here = path[-1] if path else start
            if path and not crossable(here):
                return
            for dr, dc in dirs:
                nxt = (here[0] + dr, here[1] + dc)
                if self.inside(nxt) and nxt != start and nxt not in path:
                    extend([*path, nxt])

        extend([])
        return [p for p in found if self.free_card(p[-1])]

    def ray(self, start, d):
        at = (start[0] + d[0], start[1] + d[1])
        while self.inside(at):
            yield at
            at = (at[0] + d[0], at[1] + d[1])

    def mine(self):
        return [(sq // self.cols, sq % self.cols) for sq in self.state.ninjas[self.seat]]

    def all_ninjas(self):
        return [(sq // self.cols, sq % self.cols) for sq in range(len(self.state.occupant))
                if self.state.occupant[sq] >= 0]

    def charges(self, s):
        for d in ORTH:
            for at in self.ray(s, d):
                if self.free_card(at):
                    continue
                if self.owner(at) >= 0 and self.owner(at) != self.seat:
                    yield d, at
                break

    def skill(self, kind: int, prefix: str) -> set[str]:
        out = set()
        n = self.name
        for s in self.mine():
            if kind == LETTERS.index("E"):
                out |= {f"{prefix}{n(s)}-{n(p[-1])}" for p in self.paths(s, 3, ORTH, self.free_card)}
            elif kind == LETTERS.index("D"):
                for steps in (1, 2):
                    out |= {f"{prefix}{n(s)}-{n(p[-1])}" for p in self.paths(s, steps, KING, self.free_card)}
            elif kind == LETTERS.index("S"):
                out |= {f"{prefix}{n(s)}-{n(p[0])}-{n(p[1])}" for p in self.paths(s, 2, ORTH, self.free_card)}
            elif kind == LETTERS.index("L"):
                for d in ORTH:
                    gap = 0
                    for at in self.ray(s, d):
                        if self.kind(at) == EMPTY:
                            gap += 1
                            continue
                        if gap and self.free_card(at):
                            out.add(f"{prefix}{n(s)}-{n(at)}")
                        break
            elif kind == LETTERS.index("R"):
                for d in ORTH:
                    last = None
                    for at in self.ray(s, d):
                        if not self.free_card(at):
                            break
                        last = at
                    if last:
                        out.add(f"{prefix}{n(s)}-{n(last)}")
            elif kind == LETTERS.index("A"):
                for d, at in self.charges(s):
                    beyond = (at[0] + d[0], at[1] + d[1])
                    if self.free_card(beyond):
                        out.add(f"{prefix}{n(s)}-{n(at)}")
        return out

    def clan(self, clan: int) -> set[str]:
        code = CLAN_TABLE[clan].code + ":"
        n = self.name
        out = set()
        mine = self.mine()
        board = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        for s in mine:
            if code == "ar:":
                for d in ORTH:
                    edge = list(self.ray(s, d))
                    if edge and self.free_card(edge[-1]):
                        out.add(f"{code}{n(s)}-{n(edge[-1])}")
            elif code == "ca:":
                for q in board:
                    near = [(q[0] + dr, q[1] + dc) for dr, dc in ORTH]
                    if q != s and self.free_card(q) and all(
                            not self.inside(x) or self.owner(x) < 0 or x == s for x in near):
                        out.add(f"{code}{n(s)}-{n(q)}")
            elif code == "ch:":
                if self.kind(s) != TRAP:
                    out |= {f"{code}{n(s)}-{n(q)}" for q in board
                            if q != s and self.free_card(q) and self.kind(q) == self.kind(s)}
            elif code == "fs:":
                for p in self.paths(s, 1, ORTH, self.free_card):
                    if self.kind(p[0]) != TRAP:
                        # A trade with either of one's own other ninjas is the same position: offered once,
                        # with the first of them in square order.
                        own = min((u for u in self.mine() if u != s), default=None)
                        out |= {f"{code}{n(s)}-{n(p[0])}x{n(u)}" for u in self.all_ninjas()
                                if u != s and (u == own or self.owner(u) != self.seat)}
            elif code == "go:":
                for _d, at in self.charges(s):
                    for dr, dc in KING:
                        q = (at[0] + dr, at[1] + dc)
                        if q != s and self.free_card(q) and self.kind(q) != TRAP:
                            out.add(f"{code}{n(s)}-{n(at)}>{n(q)}")
            elif code == "ha:":
                def crossable(rc):
                    return self.kind(rc) not in (EMPTY, WALL)
                for steps in (1, 2):
                    out |= {f"{code}{n(s)}-{n(p[-1])}" for p in self.paths(s, steps, KING, crossable)}
            elif code == "pl:":
                out |= {f"{code}{n(s)}-{n(p[0])}" for p in self.paths(s, 1, KING, self.free_card)}
            elif code == "sl:":
                out |= {f"{code}{n((s[0] + dr, s[1] + dc))}" for dr, dc in KING
                        if self.free_card((s[0] + dr, s[1] + dc))}
        return out


def _positions(players: int, seeds: range, every: int = 3):
    """Turn positions (one action in ``every``) of playouts that pass only when nothing else is legal."""
    for seed in seeds:
        for step, state in enumerate(playout(players, seed)):
            if not state.is_terminal and state.frames[-1].kind == "turn" and step % every == 0:
                yield state


def _with_everything(state: NinjaCampState, seat: int, clan: int) -> NinjaCampState:
    """The same board with every skill card in ``seat``'s hand and an unused ``clan`` card.

    Not a position (its cards no longer add up and two players may hold one clan): a state object used
    only to ask the move generator for every card at once, never parsed, checked or played on.
    """
    other = state.clone()
    for kind in SKILLS:
        other.hands[seat][kind] = 1
    other.clans[seat] = clan
    other.clan_used[seat] = False
    return other


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_card_and_clan_offers_exactly_the_oracles_moves(players: int) -> None:
    checked = 0
    for index, state in enumerate(_positions(players, range(3 * players))):
        seat = state.to_act()[0]
        clan = index % len(CLAN_TABLE)
        full = _with_everything(state, seat, clan)
        legal = full.legal_actions(seat)
        assert len(legal) == len(set(legal)), "duplicate action texts"
        oracle = Oracle(full, seat)
        expected = {"pass"} | oracle.clan(clan)
        for kind in SKILLS:
            prefix = LETTERS[kind] + ":"
            if kind == SHADOW:
                copied = full.copyable[seat]
                expected |= oracle.skill(copied, prefix) if copied else set()
            else:
                expected |= oracle.skill(kind, prefix)
        assert set(legal) == expected, (
            f"missing {sorted(expected - set(legal))[:8]}, extra {sorted(set(legal) - expected)[:8]} "
            f"in {full.to_notation()}"
        )
        checked += 1
    assert checked > 20


def _platypus_outcomes_by_rule(state: NinjaCampState, seat: int) -> set[tuple[tuple[int, ...], int]]:
    """Every (final squares of the seat's ninjas, claimed square) that Platypus allows, by brute force."""
    grid = state.grid
    outcomes = set()

    def free(occupied: set[int], sq: int) -> bool:
        return state.cells[sq] not in (EMPTY, WALL) and sq not in occupied

    occupied = {sq for sq in range(grid.size) if state.occupant[sq] >= 0}
    for a in state.ninjas[seat]:
        for ta in grid.king[a]:
            if not free(occupied, ta):
                continue
            after_a = (occupied - {a}) | {ta}
            mine_a = tuple(sorted((set(state.ninjas[seat]) - {a}) | {ta}))
            outcomes.add((mine_a, a))
            for b in mine_a:
                if b == ta:
                    continue
                for tb in grid.king[b]:
                    if not free(after_a, tb):
                        continue
                    after_b = (after_a - {b}) | {tb}
                    mine_b = tuple(sorted((set(mine_a) - {b}) | {tb}))
                    for left in (a, b):
                        if left not in after_b:
                            outcomes.add((mine_b, left))
    return outcomes


def _platypus_leaves(full: NinjaCampState, seat: int) -> list[tuple[tuple[int, ...], int]]:
    """(final squares, claimed square) at the end of every path through the Platypus decisions."""
    leaves: list[tuple[tuple[int, ...], int]] = []

    def walk(game: NinjaCampState) -> None:
        frame = game.frames[-1] if game.frames else None
        if frame is None or frame.kind == "turn":
            before = set(full.ninjas[seat]) | set(game.ninjas[seat])
            claimed = [sq for sq in before if full.cells[sq] != EMPTY and game.cells[sq] == EMPTY]
            assert len(claimed) == 1, "Platypus claims exactly one card"
            leaves.append((tuple(game.ninjas[seat]), claimed[0]))
            return
        for action in game.legal_actions(seat):
            nxt = game.clone()
            nxt.apply(seat, action)
            walk(nxt)

    for action in full.legal_actions(seat):
        if action.startswith("pl:"):
            game = full.clone()
            game.apply(seat, action)
            walk(game)
    return leaves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_platypus_tree_reaches_every_outcome_exactly_once(players: int) -> None:
    checked = 0
    for state in _positions(players, range(10, 13), every=4):
        seat = state.to_act()[0]
        full = _with_everything(state, seat, PLATYPUS)
        leaves = _platypus_leaves(full, seat)
        assert len(leaves) == len(set(leaves)), "the same Platypus outcome is offered twice"
        assert set(leaves) == _platypus_outcomes_by_rule(full, seat)
        checked += 1
    assert checked > 5
