"""The position body: every card of the position, hidden ones included, on one line.

``cur=0;target=10;shuffles=0;deck=...;discard=...;hands=.../...;gems=5/5/5;forts=ca--mi/...;
attack=-;ladder=-;pending=...;draft=...;known=.../...``

``cur`` is the seat whose turn it is (during a 2-player draft, whose turn called the re-deal; seat 0
before the first). ``target`` is the number of gems that win now: 10 less one per reshuffle
(``shuffles``), at least 1; with 2 players always all 12. Card lists are two-letter codes run
together (``pepesokn``): the draw and draft piles with the top card last, hands in card order.
``forts`` gives each seat's castle, archer and minstrel slots (``--`` when empty; ``je`` where a
Jester stands in). ``attack`` is the rival attacked this turn and ``ladder`` the seat with a Ladder
against its Castle (``-`` for none). ``known`` lists, per seat, the cards of its hand that every
seat knows of (optional in a hand-written position). ``seen``, written only when there is any, lists
``observer>holder:cards`` items: cards only the observer saw go into the holder's hand (a draft
gift, a Merchant's take, a Monk payment).

>>> from ninjadojo.games.knights_and_ninjas.notation import parse_cards, cards
>>> cards(parse_cards("pekn"))
'pekn'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ninjadojo.engine import NotationError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.notation import parse_codes, parse_fields
from ninjadojo.games.knights_and_ninjas.cards import CODES, INDEX, KINDS

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

FIELDS = ("cur", "target", "shuffles", "deck", "discard", "hands", "gems", "forts", "attack", "ladder", "pending",
          "draft", "known", "seen")
#: Fields a position may leave out (known cards: none; privately seen cards: none). ``seen`` is written
#: only once some seat has privately seen cards go into another's hand.
OPTIONAL = ("known", "seen")


def cards(kinds: list[int]) -> str:
    """A card list as codes run together."""
    return "".join(CODES[k] for k in kinds)


def hand_text(hand: list[int]) -> str:
    """A hand (counts per kind) as codes in card order."""
    return "".join(CODES[k] * hand[k] for k in range(KINDS))


def parse_cards(text: str) -> list[int]:
    """Codes run together back to kind indices."""
    return parse_codes(text, INDEX)


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
    text = ";".join(f"{name}={value}" for name, value in zip(FIELDS, values, strict=False))
    sightings = [
        f"{observer}>{holder}:{hand_text(counts)}"
        for observer, row in enumerate(state.seen)
        for holder, counts in enumerate(row)
        if any(counts)
    ]
    if sightings:
        text += ";seen=" + ",".join(sightings)
    return text


def parse_body(state: KnightsAndNinjasState, text: str) -> None:
    """Fill ``state`` from :func:`body` text; raises :class:`NotationError` saying what is wrong."""
    parts = parse_fields(text, FIELDS, OPTIONAL)
    players = state.num_players
    per_seat = {name: parts[name].split("/") for name in ("hands", "gems", "forts")}
    for name, values in per_seat.items():
        if len(values) != players:
            raise NotationError(f"{name} must list {players} seats separated by '/', not {len(values)}")
    state.current = _seat(parts["cur"], players, "cur")
    state.target = _count(parts["target"], "target")
    state.shuffles = _count(parts["shuffles"], "shuffles")
    state.deck = parse_cards(parts["deck"])
    state.discard = parse_cards(parts["discard"])
    state.hands = []
    for text_hand in per_seat["hands"]:
        hand = [0] * KINDS
        for kind in parse_cards(text_hand):
            hand[kind] += 1
        state.hands.append(hand)
    state.sizes = [sum(hand) for hand in state.hands]
    state.gems = [_count(value, "gems") for value in per_seat["gems"]]
    state.forts = []
    for slots in per_seat["forts"]:
        if len(slots) != 6:
            raise NotationError(f"forts {quote(slots)} must be three slots (castle, archer, minstrel), '--' when empty")
        state.forts.append([-1 if slots[i:i + 2] == "--" else parse_cards(slots[i:i + 2])[0] for i in (0, 2, 4)])
    state.attack_target = -1 if parts["attack"] == "-" else _seat(parts["attack"], players, "attack")
    state.ladder_on = -1 if parts["ladder"] == "-" else _seat(parts["ladder"], players, "ladder")
    state.pending = parse_cards(parts["pending"])
    state.draft = parse_cards(parts["draft"])
    known = parts.get("known", "/" * (players - 1)).split("/")
    if len(known) != players:
        raise NotationError(f"known must list {players} seats separated by '/', not {len(known)}")
    state.known = []
    for seat, text_known in enumerate(known):
        counts = [0] * KINDS
        for kind in parse_cards(text_known):
            counts[kind] += 1
        if any(count > held for count, held in zip(counts, state.hands[seat], strict=True)):
            raise NotationError(f"known cards {quote(text_known)} of seat {seat} must be cards of its hand "
                                f"{quote(hand_text(state.hands[seat]))}")
        state.known.append(counts)
    state.seen = _parse_seen(parts.get("seen", ""), state)
    check_frames(state)
    try:
        # The laws of the game, before anything reads the position (legal actions, views): an
        # impossible one is refused naming the broken law, not by whatever it would break first.
        state.check_invariants()
    except AssertionError as error:
        raise NotationError(f"impossible {state.SPEC.id} position: {error}") from None


def _parse_seen(text: str, state: KnightsAndNinjasState) -> list[list[list[int]]]:
    """``observer>holder:cards,...``: cards only ``observer`` saw go into ``holder``'s hand."""
    if not text:
        return []
    players = state.num_players
    seen = [[[0] * KINDS for _ in range(players)] for _ in range(players)]
    for item in text.split(","):
        pair, sep, listed = item.partition(":")
        observer_text, arrow, holder_text = pair.partition(">")
        if not sep or not arrow:
            raise NotationError(f"seen item {quote(item)} must be observer>holder:cards")
        observer = _seat(observer_text, players, "seen")
        holder = _seat(holder_text, players, "seen")
        if observer == holder:
            raise NotationError(f"seen item {quote(item)} names one seat twice: a seat sees its own hand anyway")
        for kind in parse_cards(listed):
            seen[observer][holder][kind] += 1
        if any(count > held for count, held in zip(seen[observer][holder], state.hands[holder], strict=True)):
            raise NotationError(f"seen cards {quote(listed)} of seat {holder} must be cards of its hand "
                                f"{quote(hand_text(state.hands[holder]))}")
    return seen


#: The frames in which several seats choose at once, none seeing the others' choices.
SIMULTANEOUS_FRAMES = ("herald", "monk", "highwayman")


def check_frames(state: KnightsAndNinjasState) -> None:
    """Refuse frames no rule pushes: an unknown kind, or data missing, unknown or out of range (a
    Respond naming card kind 22 used to parse and then crash the first response)."""
    players = state.num_players

    def seat(value: object) -> bool:
        return type(value) is int and 0 <= value < players

    def count(value: object) -> bool:
        return type(value) is int and 0 <= value <= 1000

    def kind(value: object) -> bool:
        return type(value) is int and 0 <= value < KINDS

    def shown(value: object) -> bool:
        return isinstance(value, tuple) and all(
            isinstance(pair, tuple) and len(pair) == 2 and seat(pair[0]) and kind(pair[1]) for pair in value)

    checks: dict[str, dict[str, Callable[[object], bool]]] = {
        "turn": {}, "fortify": {}, "attack": {"struck": lambda value: type(value) is int and value == 1},
        "draft": {}, "herald": {}, "monk": {},
        "minstrel-discard": {"then": lambda value: value in ("fortify", "end")},
        "respond": {"by": seat, "role": kind, "str": count, "turns": count},
        "highwayman": {"holder": seat, "amount": count, "from": lambda value: value == -1 or seat(value)},
        "herald-pick": {"shown": shown},
    }
    # A hand-written Highwayman window may leave out whom the gems came from; an attack no Traitor
    # turned leaves out how many times it was turned; an attack frame says "struck" only under
    # pre_attacks=first (the default), once a common or unique attack card has been played.
    optional = {"from", "turns", "struck"}
    for frame in state.frames:
        wanted = checks.get(frame.kind)
        if wanted is None:
            raise NotationError(f"unknown frame kind {quote(frame.kind)}; kinds are {', '.join(checks)}")
        bad = [key for key in frame.data if key not in wanted or not wanted[key](frame.data[key])]
        missing = [key for key in wanted if key not in frame.data and key not in optional]
        if bad or missing:
            raise NotationError(f"frame {quote(frame.kind)} has bad data {quote(frame.data)}; it needs "
                                f"{', '.join(wanted) or 'none'} (bad: {quote(', '.join(bad + missing))})")
        simultaneous = frame.kind in SIMULTANEOUS_FRAMES
        if frame.simultaneous != simultaneous or frame.concealed:
            raise NotationError(f"frame {quote(frame.kind)} must {'' if simultaneous else 'not '}be simultaneous "
                                "and never concealed (flags 's' or '')")
        if not simultaneous and len(frame.seats) != 1:
            raise NotationError(f"frame {quote(frame.kind)} asks one seat, not {quote(frame.seats)}")
        if frame.kind == "draft" and not state.draft:
            raise NotationError("a draft frame needs cards in the draft pile (draft= is empty)")
        if frame.kind == "attack" and not (seat(state.attack_target) and state.attack_target not in frame.seats):
            # Going on attacking is against the seat already attacked this turn: it must be named.
            raise NotationError(f"an attack frame needs attack= naming the rival attacked, not {state.attack_target}")


def _count(text: str, name: str) -> int:
    """A count written in plain ASCII digits (``int()`` would also take ``+5``, ``1_0`` and other
    scripts' digits)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise NotationError(f"{name} must be a count in digits 0-9, not {quote(text)}")
    return int(text)


def _seat(text: str, players: int, name: str) -> int:
    seat = int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else -1
    if not 0 <= seat < players:
        raise NotationError(f"{name} must be a seat from 0 to {players - 1}, not {quote(text)}")
    return seat
