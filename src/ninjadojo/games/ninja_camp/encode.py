"""The fixed action space: every action text that can ever be legal on a grid.

Each card's texts are limited by its geometry (straight-line cards to squares in line, Evade to
squares 1 or 3 orthogonal steps away, 1-or-2-step cards to squares within two king steps), so that the
space stays small enough for learning agents while containing every legal action.
"""

from __future__ import annotations

from ninjadojo.games.ninja_camp.cards import (
    AMBUSH,
    ARMADILLO,
    CAMEL,
    CHAMELEON,
    DODGE,
    EVADE,
    FLYING_SQUIRREL,
    GOAT,
    HAMSTER,
    LEAP,
    PLATYPUS,
    SHADOW,
    SLOTH,
    SPRINT,
    STEALTH,
)
from ninjadojo.games.ninja_camp.grid import Grid
from ninjadojo.games.ninja_camp.notation import DONE_TEXT, PASS_TEXT, clan_prefix, skill_prefix
from ninjadojo.games.ninja_camp.rules import line_squares


def _pairs(grid: Grid, reach: str) -> list[tuple[int, int]]:
    """(start, destination) pairs a kind of movement can ever join."""
    pairs = []
    line = {start: set(line_squares(grid, start)) for start in range(grid.size)}
    for start in range(grid.size):
        row, col = grid.row_col(start)
        for square in range(grid.size):
            if square == start:
                continue
            r, c = grid.row_col(square)
            manhattan = abs(r - row) + abs(c - col)
            king = max(abs(r - row), abs(c - col))
            if reach == "line":
                fits = square in line[start]
            elif reach == "evade":
                fits = manhattan in (1, 3)
            elif reach == "near":
                fits = king <= 2
            elif reach == "shadow":
                fits = square in line[start] or manhattan in (1, 3) or king <= 2
            else:
                fits = True
            if fits:
                pairs.append((start, square))
    return pairs


def all_actions(grid: Grid) -> list[str]:
    """Every action text of a game on ``grid``, without duplicates, in a stable order."""
    names = grid.names
    actions = [PASS_TEXT, DONE_TEXT]
    actions += [f"@{name}" for name in names]
    actions += [f"take:{name}" for name in names]
    reach = {AMBUSH: "line", EVADE: "evade", DODGE: "near", LEAP: "line", SHADOW: "shadow", SPRINT: "line"}
    for kind in (AMBUSH, EVADE, DODGE, LEAP, SHADOW, SPRINT):
        prefix = skill_prefix(kind)
        actions += [f"{prefix}{names[s]}-{names[t]}" for s, t in _pairs(grid, reach[kind])]
    stealth_paths = [
        (start, middle, end)
        for start in range(grid.size)
        for middle in grid.orth[start]
        for end in grid.orth[middle]
        if end != start
    ]
    for kind in (STEALTH, SHADOW):
        prefix = skill_prefix(kind)
        actions += [f"{prefix}{names[s]}-{names[m]}-{names[e]}" for s, m, e in stealth_paths]
    clan_reach = {ARMADILLO: "line", CAMEL: "any", CHAMELEON: "any", HAMSTER: "near"}
    for clan, kind_of_reach in clan_reach.items():
        prefix = clan_prefix(clan)
        actions += [f"{prefix}{names[s]}-{names[t]}" for s, t in _pairs(grid, kind_of_reach)]
    prefix = clan_prefix(PLATYPUS)
    actions += [f"{prefix}{names[s]}-{names[t]}" for s in range(grid.size) for t in grid.king[s]]
    prefix = clan_prefix(SLOTH)
    actions += [f"{prefix}{name}" for name in names]
    prefix = clan_prefix(GOAT)
    actions += [
        f"{prefix}{names[s]}-{names[t]}>{names[x]}"
        for s, t in _pairs(grid, "line")
        for x in grid.king[t]
        if x != s
    ]
    prefix = clan_prefix(FLYING_SQUIRREL)
    actions += [
        f"{prefix}{names[s]}-{names[t]}x{names[x]}"
        for s in range(grid.size)
        for t in grid.orth[s]
        for x in range(grid.size)
        if x != s and x != t
    ]
    return actions
