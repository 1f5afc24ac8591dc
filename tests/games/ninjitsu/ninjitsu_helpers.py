"""Small readers for the scenario tests: a zone as space-separated card ids, apply actions in turn.

Positions are built with the public builder, :func:`ninjadojo.games.ninjitsu.builder.position`.
"""

from __future__ import annotations

from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX, CARDS


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


def log(game: NinjitsuState, seat: int | None) -> str:
    """The log lines ``seat`` sees, one a line."""
    lines = game.observe(seat)["log"]
    assert isinstance(lines, list)
    return "\n".join(str(line) for line in lines)


def new_lines(game: NinjitsuState, seat: int | None, before: str) -> str:
    """The log lines ``seat`` has seen since its log read ``before``."""
    now = log(game, seat)
    assert now.startswith(before)
    return now[len(before):]


def named(text: str, card: str) -> bool:
    """Whether ``text`` names the card ``card``, by id or by name."""
    words = text.replace(",", " ").replace(":", " ").split()
    return card in words or CARDS[CARD_INDEX[card]].name in text


def seat_view(game: NinjitsuState, viewer: int | None, seat: int) -> dict[str, object]:
    """What ``viewer`` sees of ``seat``'s place at the table."""
    seats = game.observe(viewer)["seats"]
    assert isinstance(seats, list)
    entry = seats[seat]
    assert isinstance(entry, dict)
    copied: dict[str, object] = dict(entry)  # a dict of JSON values, typed loosely for the tests
    return copied


def sorted_hand(game: NinjitsuState, seat: int) -> list[str]:
    """A seat's hand as sorted ids (for hands whose order no rule fixes)."""
    return sorted(hand(game, seat).split())
