"""A readable builder of Ninjitsu! positions for the scenario tests.

``position(hands=["Ka 6c", "Qa"], secrets=["", "Ta"], ...)`` writes the position's notation (so every
scenario also exercises the parser) and returns the parsed state. Cards not placed anywhere go to the
deck, in a fixed order; ``deck`` (top last) and ``discard`` (top last) may be given instead.
"""

from __future__ import annotations

import json

from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX


def _ids(text: str) -> list[str]:
    return text.split()


def _list(ids: list[str]) -> str:
    return "".join(ids) or "-"


def position(
    players: int = 2,
    turn: int = 0,
    hands: list[str] | None = None,
    treasures: list[str] | None = None,
    secrets: list[str] | None = None,
    discard: str = "",
    deck: str | None = None,
    target: int = 21,
    swaps: int = 3,
) -> NinjitsuState:
    """A position with the given cards (space-separated ids per seat); the turn frame of ``turn`` on top."""
    hands = hands or [""] * players
    treasures = treasures or [""] * players
    secrets = secrets or [""] * players
    placed = [*_ids(discard)]
    for seat in range(players):
        placed += _ids(hands[seat]) + _ids(treasures[seat]) + _ids(secrets[seat])
    if deck is None:
        deck_ids = [cid for cid in CARD_IDS if cid not in placed]
    else:
        deck_ids = _ids(deck)
        rest = [cid for cid in CARD_IDS if cid not in placed + deck_ids]
        # Cards placed nowhere would break conservation: they go under the discard pile.
        placed = rest + placed
        discard = " ".join(rest + _ids(discard))
    assert all(cid in CARD_INDEX for cid in placed + deck_ids)
    body = ";".join((
        f"turn={turn}",
        f"swaps={swaps}",
        f"deck={_list(deck_ids)}",
        f"discard={_list(_ids(discard))}",
        "hands=" + "/".join(_list(_ids(hand)) for hand in hands),
        "treasures=" + "/".join(_list(_ids(cards)) for cards in treasures),
        "secrets=" + "/".join(_list(_ids(cards)) for cards in secrets),
        "effects=-",
        "known=-",
    ))
    frames = json.dumps([["turn", [turn], {}, "", []]], separators=(",", ":"))
    return NinjitsuState.from_notation(f"ninjitsu|{players}|target={target}|{1:016x}|0|{frames}|-|{body}")


def ids(cards: list[int]) -> str:
    """Card numbers as space-separated ids."""
    return " ".join(CARD_IDS[card] for card in cards)


def hand(state: NinjitsuState, seat: int) -> str:
    """A seat's hand as ids."""
    return ids(state.hands[seat])


def treasures(state: NinjitsuState, seat: int) -> str:
    """A seat's treasures as ids."""
    return ids(state.treasures[seat])


def secrets(state: NinjitsuState, seat: int) -> str:
    """A seat's secrets as ids."""
    return ids(state.secrets[seat])


def discard(state: NinjitsuState) -> str:
    """The discard pile as ids (top last)."""
    return ids(state.discard)


def play(state: NinjitsuState, *actions: str) -> NinjitsuState:
    """Apply actions by text, each by the seat that must act now."""
    for action in actions:
        state.apply(state.to_act()[0], action)
    return state


def kind(state: NinjitsuState) -> str | None:
    """The kind of the pending decision (None when the game is over)."""
    return state.frames[-1].kind if state.frames and not state.is_terminal else None
