"""The position body: every card of the position, hidden ones included, on one line.

``cur=0;target=10;shuffles=0;deck=...;discard=...;hands=.../...;gems=5/5/5;forts=ca--mi/...;
attack=-;ladder=-;pending=...;draft=...;known=.../...``

Card lists are two-letter codes run together (``pepesokn``): the draw and draft piles with the top
card last, hands in card order. ``forts`` gives each seat's castle, archer and minstrel slots (``--``
when empty; ``je`` where a Jester stands in). ``attack`` is the rival attacked this turn and
``ladder`` the seat with a Ladder against its Castle (``-`` for none). ``known`` lists, per seat, the
cards of its hand that every seat knows of (optional in a hand-written position).

>>> from ninjadojo.games.knights_and_ninjas.notation import parse_cards, cards
>>> cards(parse_cards("pekn"))
'pekn'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import NotationError
from ninjadojo.games.knights_and_ninjas.cards import CODES, INDEX, KINDS

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

FIELDS = ("cur", "target", "shuffles", "deck", "discard", "hands", "gems", "forts", "attack", "ladder", "pending",
          "draft", "known")
#: Fields a hand-written position may leave out (known cards: none).
OPTIONAL = ("known",)


def cards(kinds: list[int]) -> str:
    """A card list as codes run together."""
    return "".join(CODES[k] for k in kinds)


def hand_text(hand: list[int]) -> str:
    """A hand (counts per kind) as codes in card order."""
    return "".join(CODES[k] * hand[k] for k in range(KINDS))


def parse_cards(text: str) -> list[int]:
    """Codes run together back to kind indices."""
    if len(text) % 2:
        raise NotationError(f"card list {text!r} must be two-letter codes run together")
    result = []
    for i in range(0, len(text), 2):
        code = text[i:i + 2]
        if code not in INDEX:
            raise NotationError(f"unknown card {code!r} in {text!r}; cards are {', '.join(CODES)}")
        result.append(INDEX[code])
    return result


def _seat_or_none(value: int) -> str:
    return "-" if value < 0 else str(value)


def body(state: KnightsAndNinjasState) -> str:
    """The body of the position notation."""
    forts = "/".join("".join("--" if card < 0 else CODES[card] for card in slots) for slots in state.forts)
    values = (
        str(state.current), str(state.target), str(state.shuffles), cards(state.deck), cards(state.discard),
        "/".join(hand_text(hand) for hand in state.hands), "/".join(map(str, state.gems)), forts,
        _seat_or_none(state.attack_target), _seat_or_none(state.ladder_on), cards(state.pending), cards(state.draft),
        "/".join(hand_text(counts) for counts in state.known),
    )
    return ";".join(f"{name}={value}" for name, value in zip(FIELDS, values, strict=True))


def parse_body(state: KnightsAndNinjasState, text: str) -> None:
    """Fill ``state`` from :func:`body` text; raises :class:`NotationError` saying what is wrong."""
    parts = dict(part.partition("=")[::2] for part in text.split(";"))
    missing = [name for name in FIELDS if name not in parts and name not in OPTIONAL]
    if missing:
        raise NotationError(f"the position body lacks {', '.join(missing)}; it needs {', '.join(FIELDS)}")
    players = state.num_players
    per_seat = {name: parts[name].split("/") for name in ("hands", "gems", "forts")}
    for name, values in per_seat.items():
        if len(values) != players:
            raise NotationError(f"{name} must list {players} seats separated by '/', not {len(values)}")
    state.current = _seat(parts["cur"], players, "cur")
    state.target = int(parts["target"])
    state.shuffles = int(parts["shuffles"])
    state.deck = parse_cards(parts["deck"])
    state.discard = parse_cards(parts["discard"])
    state.hands = []
    for text_hand in per_seat["hands"]:
        hand = [0] * KINDS
        for kind in parse_cards(text_hand):
            hand[kind] += 1
        state.hands.append(hand)
    state.sizes = [sum(hand) for hand in state.hands]
    state.gems = [int(value) for value in per_seat["gems"]]
    state.forts = []
    for slots in per_seat["forts"]:
        if len(slots) != 6:
            raise NotationError(f"forts {slots!r} must be three slots (castle, archer, minstrel), '--' when empty")
        state.forts.append([-1 if slots[i:i + 2] == "--" else parse_cards(slots[i:i + 2])[0] for i in (0, 2, 4)])
    state.attack_target = -1 if parts["attack"] == "-" else _seat(parts["attack"], players, "attack")
    state.ladder_on = -1 if parts["ladder"] == "-" else _seat(parts["ladder"], players, "ladder")
    state.pending = parse_cards(parts["pending"])
    state.draft = parse_cards(parts["draft"])
    known = parts.get("known", "/" * (players - 1)).split("/")
    if len(known) != players:
        raise NotationError(f"known must list {players} seats separated by '/', not {len(known)}")
    state.known = []
    for text_known in known:
        counts = [0] * KINDS
        for kind in parse_cards(text_known):
            counts[kind] += 1
        state.known.append(counts)


def _seat(text: str, players: int, name: str) -> int:
    seat = int(text)
    if not 0 <= seat < players:
        raise NotationError(f"{name} must be a seat from 0 to {players - 1}, not {text!r}")
    return seat
