"""Small helpers for Ninjato scenario tests (positions come from the public builder,
:mod:`ninjadojo.games.ninjato.builder`)."""

from __future__ import annotations

from ninjadojo.games.ninjato.state import NinjatoState


def play(game: NinjatoState, *moves: str) -> NinjatoState:
    """Apply ``seat:action`` texts in order (``"0:h1+"``)."""
    for move in moves:
        seat, _, action = move.partition(":")
        game.apply(int(seat), action)
    return game


def hand(game: NinjatoState, seat: int) -> str:
    """A seat's Dojo cards as digits, lowest first."""
    return game.cards_text(seat)


def field(game: NinjatoState, name: str) -> str:
    """One field of the position's body (``houses``, ``purse``...)."""
    body = game.to_notation().split("|", 7)[7]
    for part in body.split(";"):
        key, _, value = part.partition("=")
        if key == name:
            return value
    raise KeyError(name)


def purse(game: NinjatoState, seat: int) -> str:
    """A seat's treasure as letters (``ffj``)."""
    return field(game, "purse").split("/")[seat]


def house(game: NinjatoState, number: int) -> str:
    """House ``number`` (1-5) as ``marker:sentry:treasure``."""
    return field(game, "houses").split("/")[number - 1]


def visit_dojo(game: NinjatoState, seat: int) -> None:
    """Place on the Dojo and draw every card from the deck (face-up once the deck and discards are empty)."""
    game.apply(seat, "dojo")
    while game.decision(seat) is not None and game.decision(seat).kind == "draw":
        game.apply(seat, game.legal_actions(seat)[-1])


def finish_round(game: NinjatoState) -> NinjatoState:
    """Everyone still to place goes to the Dojo, until the round ends (scoring may then ask)."""
    start = game.round
    while game.round == start and game.frames and game.frames[-1].kind == "place":
        visit_dojo(game, game.to_act()[0])
    return game
