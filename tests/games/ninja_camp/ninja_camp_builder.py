"""Build Ninja Camp positions for scenario tests from a picture of the grid.

The picture is the grid as ``render`` draws it, top row first: one token per space, a card letter
(A E D L H R S T, ``#`` for a Wall, ``.`` for an empty space), followed by a seat digit when that
seat's ninja stands there.
"""

from __future__ import annotations

import json

from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.cards import GRID_SIZE
from ninjadojo.games.ninja_camp.grid import grid


def position(
    picture: str,
    players: int = 2,
    to_act: int = 0,
    hands: dict[int, str] | None = None,
    clans: dict[int, str] | None = None,
    shadow: dict[int, str] | None = None,
    passed: dict[int, int] | None = None,
    frame: tuple[str, dict[str, object]] = ("turn", {}),
) -> NinjaCampState:
    """A position from a picture; hands default to the starting ``ER``; clans default to Sloth."""
    rows, cols = GRID_SIZE[players]
    tokens = picture.split()
    assert len(tokens) == rows * cols, f"the picture needs {rows * cols} spaces, has {len(tokens)}"
    names = grid(rows, cols).names
    lines: list[str] = []
    ninjas: list[list[str]] = [[] for _ in range(players)]
    for row in range(rows):
        line = ""
        for col in range(cols):
            token = tokens[(rows - 1 - row) * cols + col]
            letter = "W" if token[0] == "#" else token[0]
            line += letter
            if len(token) > 1:
                ninjas[int(token[1:])].append(names[row * cols + col])
        lines.append(line)
    hands = hands or {}
    clans = clans or {}
    shadow = shadow or {}
    passed = passed or {}
    seats = ";".join(
        f"{hands.get(seat, 'ER') or '-'},-,{clans.get(seat, 'sl')},{shadow.get(seat, '-')},{passed.get(seat, -1)},-1"
        for seat in range(players)
    )
    ninja_text = ";".join(",".join(squares) or "-" for squares in ninjas)
    kind, data = frame
    frames = json.dumps([[kind, [to_act], data, "", []]], separators=(",", ":"))
    body = f"{rows}x{cols} {'/'.join(lines)} {ninja_text} {seats} 0"
    return NinjaCampState.from_notation(f"ninja-camp|{players}|-|0000000000000001|0|{frames}|-|{body}")


def moves(state: NinjaCampState, prefix: str, seat: int | None = None) -> set[str]:
    """The legal actions of the seat to act (or ``seat``) that start with ``prefix``."""
    who = state.to_act()[0] if seat is None else seat
    return {action for action in state.legal_actions(who) if action.startswith(prefix)}


def board(cells: dict[str, str], players: int = 2, filler: str = "S") -> str:
    """A picture of a grid full of ``filler`` cards with some spaces set, e.g. ``{"d4": "E0"}``."""
    rows, cols = GRID_SIZE[players]
    lines = []
    for row in range(rows, 0, -1):
        lines.append(" ".join(cells.get(f"{chr(ord('a') + col)}{row}", filler) for col in range(cols)))
    return "\n".join(lines)


def after(state: NinjaCampState, *actions: str) -> NinjaCampState:
    """A copy of ``state`` with ``actions`` applied, each by the seat to act."""
    game = state.clone()
    for action in actions:
        game.apply(game.to_act()[0], action)
    return game


def ninjas_of(state: NinjaCampState, seat: int) -> list[str]:
    """The squares of a seat's ninjas, in alphabetical order."""
    return sorted(state.grid.names[square] for square in state.ninjas[seat])


def card_at(state: NinjaCampState, name: str) -> str:
    """The letter of the card on a square (``.`` when empty)."""
    from ninjadojo.games.ninja_camp.cards import LETTERS

    return LETTERS[state.cells[state.grid.index[name]]]


def hand_of(state: NinjaCampState, seat: int) -> str:
    """A seat's hand as sorted letters."""
    from ninjadojo.games.ninja_camp.notation import encode_hand

    return encode_hand(state.hands[seat])
