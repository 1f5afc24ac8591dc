"""Small readers for the scenario tests: a zone as space-separated card ids, apply actions in turn.

Positions are built with the public builder, :func:`ninjadojo.games.ninjitsu.builder.position`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX, CARDS, card_label, card_name


@contextmanager
def cards_logged_with_ids() -> Iterator[None]:
    """While on, log lines name each card with its id too (``Ka Master of Cunning``), as :func:`card_label`
    does: a log line names a card by name alone, and copies share a name, so a law over the log (which card
    may its readers know?) needs the id to tell which copy a line names. Every module's ``card_name`` is
    swapped, so a name written without it still reads without an id."""
    modules = [module for name, module in list(sys.modules.items())
               if name.startswith("ninjadojo.games.ninjitsu") and getattr(module, "card_name", None) is card_name]
    for module in modules:
        module.card_name = card_label  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for module in modules:
            module.card_name = card_name  # type: ignore[attr-defined]


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


def name_of(card: str) -> str:
    """The name of the card ``card`` (an id): how log lines name it (``6a``: ``Katana``)."""
    return CARDS[CARD_INDEX[card]].name


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
