"""The position body: every card, tile, token and shuriken of the position, hidden ones included.

``name=value`` fields joined by ``;``, per-seat values joined by ``/``:

- ``round`` 1-7, ``placed`` (shuriken placed this round), ``order`` (turn order, seats run together,
  ``201``), ``phase`` (``play``, ``disguise``, ``clans``, ``over``) and ``step`` (scoring progress);
- where the shuriken are: ``dojo`` (seats in the order they came, top last), ``sensei``, ``pavilion``,
  ``palace`` (seats run together) and ``spots`` (ten characters: house 1 Strength, house 1 Stealth,
  house 2 Strength... a seat or ``.``);
- Dojo cards as digits: ``deck`` (top last), ``up`` (the face-up cards; displays and offers are read in
  any order and kept sorted), ``discard``, ``hands`` and ``known`` (per seat: cards
  every seat saw it take);
- comma-separated codes: ``gdeck``, ``gdiscard`` (Guards), ``xdeck``, ``xdiscard`` (Elites), ``sdeck``,
  ``offer``, ``sout`` (Sensei tiles), ``hj`` (Hensojutsu tiles not yet out), ``rdeck``, ``rup``
  (Rumors), ``vdeck``, ``vup`` (Envoys);
- ``houses``: per house ``marker:sentry:treasure`` (``t2:3n:fsj*``; ``-`` for no Sentry, ``*`` after a
  red token);
- ``bag``, ``spent``: counts of Fan, Scroll, Vase, Jade, Gold;
- per seat: ``honour``, ``purse`` (tokens, ``ffj``), ``tiles`` (tile codes), ``flipped`` (kinds used this
  round), ``envoys``, ``rumors``, ``elites``; ``masks`` (Envoys a Hensojutsu doubles in this scoring);
- ``raid``: ``-``, or ``seat:house:side:loot:guards:elite`` (``0:3:+:fj*:3n,2a:-``).

>>> from ninjadojo.games.ninjato.notation import tokens_of, token_text
>>> token_text(tokens_of("fj*"))
'fj*'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ninjadojo.engine import NotationError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.notation import parse_fields
from ninjadojo.games.ninjato.cards import (
    DOJO_VALUES,
    ELITE_CODES,
    ELITE_INDEX,
    ENVOY_CODES,
    ENVOY_INDEX,
    GUARD_CODES,
    GUARD_INDEX,
    HOUSES,
    MARKER_CODES,
    MARKER_INDEX,
    RUMOR_CODES,
    RUMOR_INDEX,
    TILE_CODES,
    TILE_INDEX,
    TILE_KIND_CODES,
    TILE_KIND_INDEX,
    TREASURE_INDEX,
    TREASURES,
)
from ninjadojo.games.ninjato.effects import PHASE_NAMES

if TYPE_CHECKING:
    from ninjadojo.games.ninjato.state import NinjatoState

FIELDS = ("round", "placed", "order", "phase", "step", "dojo", "sensei", "pavilion", "palace", "spots", "deck",
          "up", "discard", "hands", "known", "gdeck", "gdiscard", "xdeck", "xdiscard", "houses", "sdeck", "offer",
          "sout", "hj", "rdeck", "rup", "vdeck", "vup", "bag", "spent", "honour", "purse", "tiles", "flipped",
          "envoys", "rumors", "elites", "masks", "raid")
#: Fields a hand-written position may leave out (no known cards).
OPTIONAL = ("known",)
SIDES = "+-"


# ---------------------------------------------------------------------------------------------- writing


def token_text(tokens: Sequence[int]) -> str:
    """Treasure tokens as letters, ``*`` after a red one."""
    return "".join(TREASURES[token % 5] + ("*" if token >= 5 else "") for token in tokens)


def _purse_text(counts: Sequence[int]) -> str:
    return "".join(TREASURES[kind] * counts[kind] for kind in range(5))


def _digits(values: Sequence[int]) -> str:
    return "".join(map(str, values))


def _count_digits(counts: Sequence[int]) -> str:
    return "".join(str(value) * counts[value] for value in DOJO_VALUES)


def _codes(items: Sequence[int], codes: Sequence[str]) -> str:
    return ",".join(codes[item] for item in items)


def _count_codes(counts: Sequence[int], codes: Sequence[str]) -> str:
    return ",".join(codes[item] for item, count in enumerate(counts) for _ in range(count))


def body(state: NinjatoState) -> str:
    """The body of the position notation."""
    players = range(state.num_players)
    houses = "/".join(
        f"{MARKER_CODES[state.markers[house]]}:"
        f"{'-' if state.sentries[house] < 0 else GUARD_CODES[state.sentries[house]]}:"
        f"{token_text(state.treasure[house])}" for house in range(HOUSES))
    raid = "-"
    if state.raider >= 0:
        raid = (f"{state.raider}:{state.raid_house + 1}:{SIDES[state.raid_side]}:{token_text(state.raid_loot)}:"
                f"{_codes(state.raid_guards, GUARD_CODES)}:"
                f"{'-' if state.raid_elite < 0 else ELITE_CODES[state.raid_elite]}")
    values = (
        str(state.round), str(state.placed), _digits(state.order), PHASE_NAMES[state.phase], str(state.step),
        _digits(state.dojo_stack), _digits(state.sensei_seats), _digits(state.pavilion_seats),
        _digits(state.palace_seats), "".join("." if seat < 0 else str(seat) for seat in state.spots),
        _digits(state.deck), _digits(state.up), _count_digits(state.discard),
        "/".join(_count_digits(state.hands[seat]) for seat in players),
        "/".join(_count_digits(state.known[seat]) for seat in players),
        _codes(state.gdeck, GUARD_CODES), _count_codes(state.gdiscard, GUARD_CODES),
        _codes(state.xdeck, ELITE_CODES), _count_codes(state.xdiscard, ELITE_CODES), houses,
        _codes(state.sdeck, TILE_CODES), _codes(state.offer, TILE_CODES), _count_codes(state.sout, TILE_CODES),
        str(state.hj_left), _codes(state.rdeck, RUMOR_CODES), _codes(state.rup, RUMOR_CODES),
        _codes(state.vdeck, ENVOY_CODES), _codes(state.vup, ENVOY_CODES),
        ",".join(map(str, state.bag)), ",".join(map(str, state.spent)),
        "/".join(str(state.honour[seat]) for seat in players),
        "/".join(_purse_text(state.purse[seat]) for seat in players),
        "/".join(_count_codes(state.tiles[seat], TILE_CODES) for seat in players),
        "/".join(_count_codes(state.flipped[seat], TILE_KIND_CODES) for seat in players),
        "/".join(_codes(state.envoys[seat], ENVOY_CODES) for seat in players),
        "/".join(_codes(state.rumors[seat], RUMOR_CODES) for seat in players),
        "/".join(_count_codes(state.elites[seat], ELITE_CODES) for seat in players),
        _codes(state.masks, ENVOY_CODES), raid,
    )
    return ";".join(f"{name}={value}" for name, value in zip(FIELDS, values, strict=True))


#: The parts :meth:`NinjatoState.zone` reads, named as the builder's keywords: per seat, and shared.
SEAT_ZONES = ("hands", "known", "purses", "tiles", "flipped", "envoys", "rumors", "elites")
SHARED_ZONES = ("up", "top", "discard", "houses", "gtop", "gdiscard", "xtop", "xdiscard", "offer", "stop", "sout",
                "rup", "rtop", "vup", "vtop", "spent", "dojo", "sensei", "pavilion", "palace", "spots", "order",
                "loot", "revealed", "elite", "masks")


def zone_text(state: NinjatoState, name: str, seat: int | None = None) -> str:
    """The part ``name`` of ``state`` as the builder's keyword of that name takes it (see
    :meth:`NinjatoState.zone`); raises ValueError naming the parts (or seats) there are."""
    if name in SEAT_ZONES:
        if type(seat) is not int or not 0 <= seat < state.num_players:
            raise ValueError(f"zone {name!r} is a seat's: give seat, from 0 to {state.num_players - 1}, not {seat!r}")
        at: int = seat
        per_seat = {
            "hands": lambda: _count_digits(state.hands[at]), "known": lambda: _count_digits(state.known[at]),
            "purses": lambda: _purse_text(state.purse[at]), "tiles": lambda: _count_codes(state.tiles[at], TILE_CODES),
            "flipped": lambda: _count_codes(state.flipped[at], TILE_KIND_CODES),
            "envoys": lambda: _codes(state.envoys[at], ENVOY_CODES),
            "rumors": lambda: _codes(state.rumors[at], RUMOR_CODES),
            "elites": lambda: _count_codes(state.elites[at], ELITE_CODES),
        }
        return per_seat[name]()
    if name not in SHARED_ZONES:
        raise ValueError(f"no zone {name!r}: the zones are {', '.join(SEAT_ZONES)} (of a seat) and "
                         f"{', '.join(SHARED_ZONES)}")
    if seat is not None:
        raise ValueError(f"zone {name!r} is shared: give no seat")
    raiding = state.raider >= 0
    shared = {
        "up": lambda: _digits(sorted(state.up)), "top": lambda: _digits(state.deck[::-1]),
        "discard": lambda: _count_digits(state.discard),
        "houses": lambda: "/".join(
            f"{MARKER_CODES[state.markers[house]]}:"
            f"{'-' if state.sentries[house] < 0 else GUARD_CODES[state.sentries[house]]}:"
            f"{token_text(state.treasure[house])}" for house in range(HOUSES)),
        "gtop": lambda: _codes(state.gdeck[::-1], GUARD_CODES),
        "gdiscard": lambda: _count_codes(state.gdiscard, GUARD_CODES),
        "xtop": lambda: _codes(state.xdeck[::-1], ELITE_CODES),
        "xdiscard": lambda: _count_codes(state.xdiscard, ELITE_CODES),
        "offer": lambda: _codes(state.offer, TILE_CODES), "stop": lambda: _codes(state.sdeck[::-1], TILE_CODES),
        "sout": lambda: _count_codes(state.sout, TILE_CODES),
        "rup": lambda: _codes(state.rup, RUMOR_CODES), "rtop": lambda: _codes(state.rdeck[::-1], RUMOR_CODES),
        "vup": lambda: _codes(state.vup, ENVOY_CODES), "vtop": lambda: _codes(state.vdeck[::-1], ENVOY_CODES),
        "spent": lambda: _purse_text(state.spent),
        "dojo": lambda: _digits(state.dojo_stack), "sensei": lambda: _digits(state.sensei_seats),
        "pavilion": lambda: _digits(state.pavilion_seats), "palace": lambda: _digits(state.palace_seats),
        "spots": lambda: "".join("." if each < 0 else str(each) for each in state.spots),
        "order": lambda: _digits(state.order),
        "loot": lambda: token_text(state.raid_loot) if raiding else "",
        "revealed": lambda: _codes(state.raid_guards, GUARD_CODES) if raiding else "",
        "elite": lambda: ELITE_CODES[state.raid_elite] if raiding and state.raid_elite >= 0 else "",
        "masks": lambda: _codes(state.masks, ENVOY_CODES),
    }
    return shared[name]()


# ---------------------------------------------------------------------------------------------- reading


def tokens_of(text: str) -> list[int]:
    """Letters with ``*`` after red ones back to tokens (kind, plus 5 when red)."""
    tokens: list[int] = []
    for char in text:
        if char == "*":
            if not tokens or tokens[-1] >= 5:
                raise NotationError(f"a '*' marks the token before it red, in {quote(text)}")
            tokens[-1] += 5
        elif char in TREASURE_INDEX:
            tokens.append(TREASURE_INDEX[char])
        else:
            raise NotationError(f"unknown treasure {quote(char)} in {quote(text)}; treasures are f s v j g "
                                "(Fan, Scroll, Vase, Jade, Gold), * after a red one")
    return tokens


def _purse(text: str) -> list[int]:
    counts = [0] * 5
    for token in tokens_of(text):
        if token >= 5:
            raise NotationError(f"a player's treasure has no red side up: {quote(text)}")
        counts[token] += 1
    return counts


def _number(text: str, what: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 6 or not low <= int(text) <= high:
        raise NotationError(f"{what} must be a whole number from {low} to {high}, not {quote(text)}")
    return int(text)


def _cards(text: str, what: str) -> list[int]:
    cards = []
    for char in text:
        if char not in "12345":
            raise NotationError(f"{what} lists Dojo cards as digits 1-5, not {quote(text)}")
        cards.append(int(char))
    return cards


def _card_counts(text: str, what: str) -> list[int]:
    counts = [0] * 6
    for value in _cards(text, what):
        counts[value] += 1
    return counts


def _seat_list(text: str, players: int, what: str) -> list[int]:
    seats = []
    for char in text:
        if not char.isascii() or not char.isdigit() or int(char) >= players:
            raise NotationError(f"{what} lists seats 0 to {players - 1} run together, not {quote(text)}")
        seats.append(int(char))
    return seats


def _code_list(text: str, index: Mapping[str, int], what: str) -> list[int]:
    if not text:
        return []
    items = []
    for code in text.split(","):
        if code not in index:
            raise NotationError(f"unknown {what} {quote(code)} in {quote(text)}; {what}s are {', '.join(index)}")
        items.append(index[code])
    return items


def _code_counts(text: str, index: Mapping[str, int], what: str) -> list[int]:
    counts = [0] * len(index)
    for item in _code_list(text, index, what):
        counts[item] += 1
    return counts


def _five(text: str, what: str) -> list[int]:
    parts = text.split(",")
    if len(parts) != 5:
        raise NotationError(f"{what} gives five counts (Fan, Scroll, Vase, Jade, Gold), not {quote(text)}")
    return [_number(part, what, 0, 90) for part in parts]


def parse_body(state: NinjatoState, text: str) -> None:
    """Fill ``state`` from :func:`body` text; raises :class:`NotationError` saying what is wrong."""
    parts = parse_fields(text, FIELDS, OPTIONAL)
    players = state.num_players
    per_seat = {}
    for name in ("hands", "known", "honour", "purse", "tiles", "flipped", "envoys", "rumors", "elites"):
        values = parts.get(name, "/" * (players - 1)).split("/")
        if len(values) != players:
            raise NotationError(f"{name} must list {players} seats separated by '/', not {len(values)}")
        per_seat[name] = values
    state.round = _number(parts["round"], "round", 1, 7)
    state.placed = _number(parts["placed"], "placed", 0, 3 * players)
    state.order = _seat_list(parts["order"], players, "order")
    if sorted(state.order) != list(range(players)):
        raise NotationError(f"order must name every seat once, not {quote(parts['order'])}")
    if parts["phase"] not in PHASE_NAMES:
        raise NotationError(f"phase must be one of {', '.join(PHASE_NAMES)}, not {quote(parts['phase'])}")
    state.phase = PHASE_NAMES.index(parts["phase"])
    state.step = _number(parts["step"], "step", 0, max(players, 3))
    state.dojo_stack = _seat_list(parts["dojo"], players, "dojo")
    state.sensei_seats = _seat_list(parts["sensei"], players, "sensei")
    state.pavilion_seats = _seat_list(parts["pavilion"], players, "pavilion")
    state.palace_seats = _seat_list(parts["palace"], players, "palace")
    spots = parts["spots"]
    if len(spots) != 2 * HOUSES:
        raise NotationError(f"spots gives ten places (each house's Strength and Stealth side), not {quote(spots)}")
    state.spots = [-1 if char == "." else _seat_list(char, players, "spots")[0] for char in spots]
    state.deck = _cards(parts["deck"], "deck")
    state.up = sorted(_cards(parts["up"], "up"))
    state.discard = _card_counts(parts["discard"], "discard")
    state.hands = [_card_counts(hand, "hands") for hand in per_seat["hands"]]
    state.known = [_card_counts(hand, "known") for hand in per_seat["known"]]
    state.gdeck = _code_list(parts["gdeck"], GUARD_INDEX, "guard")
    state.gdiscard = _code_counts(parts["gdiscard"], GUARD_INDEX, "guard")
    state.xdeck = _code_list(parts["xdeck"], ELITE_INDEX, "elite")
    state.xdiscard = _code_counts(parts["xdiscard"], ELITE_INDEX, "elite")
    houses = parts["houses"].split("/")
    if len(houses) != HOUSES:
        raise NotationError(f"houses lists {HOUSES} houses separated by '/', not {len(houses)}")
    state.markers, state.sentries, state.treasure = [], [], []
    for house in houses:
        fields = house.split(":")
        if len(fields) != 3:
            raise NotationError(f"a house is marker:sentry:treasure (t2:3n:fsj*), not {quote(house)}")
        state.markers.append(_code_list(fields[0], MARKER_INDEX, "clan marker")[0] if fields[0] else
                             _missing("a house's clan marker"))
        state.sentries.append(-1 if fields[1] == "-" else _code_list(fields[1], GUARD_INDEX, "guard")[0])
        state.treasure.append(sorted(tokens_of(fields[2])))
    state.sdeck = _code_list(parts["sdeck"], TILE_INDEX, "Sensei tile")
    state.offer = sorted(_code_list(parts["offer"], TILE_INDEX, "Sensei tile"))
    state.sout = _code_counts(parts["sout"], TILE_INDEX, "Sensei tile")
    state.hj_left = _number(parts["hj"], "hj", 0, 3)
    state.rdeck = _code_list(parts["rdeck"], RUMOR_INDEX, "Rumor")
    state.rup = sorted(_code_list(parts["rup"], RUMOR_INDEX, "Rumor"))
    state.vdeck = _code_list(parts["vdeck"], ENVOY_INDEX, "Envoy")
    state.vup = sorted(_code_list(parts["vup"], ENVOY_INDEX, "Envoy"))
    state.bag = _five(parts["bag"], "bag")
    state.spent = _five(parts["spent"], "spent")
    state.honour = [_number(value, "honour", 0, 100_000) for value in per_seat["honour"]]
    state.purse = [_purse(value) for value in per_seat["purse"]]
    state.tiles = [_code_counts(value, TILE_INDEX, "Sensei tile") for value in per_seat["tiles"]]
    for seat in range(players):
        state.recount_kinds(seat)
    state.flipped = [_code_counts(value, TILE_KIND_INDEX, "Sensei tile kind") for value in per_seat["flipped"]]
    state.envoys = [sorted(_code_list(value, ENVOY_INDEX, "Envoy")) for value in per_seat["envoys"]]
    state.rumors = [sorted(_code_list(value, RUMOR_INDEX, "Rumor")) for value in per_seat["rumors"]]
    state.elites = [_code_counts(value, ELITE_INDEX, "elite") for value in per_seat["elites"]]
    state.masks = sorted(_code_list(parts["masks"], ENVOY_INDEX, "Envoy"))
    _parse_raid(state, parts["raid"])
    check_frames(state)


def _missing(what: str) -> int:
    raise NotationError(f"{what} is missing")


def _parse_raid(state: NinjatoState, text: str) -> None:
    if text == "-":
        return
    fields = text.split(":")
    if len(fields) != 6:
        raise NotationError(f"raid is - or seat:house:side:loot:guards:elite (0:3:+:fj*:3n:-), not {quote(text)}")
    seat, house, side, loot, guards, elite = fields
    state.raider = _seat_list(seat, state.num_players, "raid")[0] if len(seat) == 1 else _missing("the raider")
    state.raid_house = _number(house, "the raided house", 1, HOUSES) - 1
    if side not in ("+", "-") or len(side) != 1:
        raise NotationError(f"a raid's side is + (Strength) or - (Stealth), not {quote(side)}")
    state.raid_side = SIDES.index(side)
    state.raid_loot = sorted(tokens_of(loot))
    state.raid_guards = _code_list(guards, GUARD_INDEX, "guard")
    state.raid_elite = -1 if elite == "-" else _code_list(elite, ELITE_INDEX, "elite")[0]


#: Frame kinds and the data each holds.
FRAME_DATA: dict[str, tuple[str, ...]] = {
    "place": (), "draw": ("left",), "fight": ("stage",), "press": (), "keep": (), "marker": ("house",),
    "disguise": (), "favour": ("clan", "rank"),
}
_RANGES = {"left": (1, 4), "stage": (0, 1), "house": (0, HOUSES - 1), "clan": (0, 2), "rank": (1, 2)}


def check_frames(state: NinjatoState) -> None:
    """Refuse frames no rule pushes: an unknown kind, data missing or out of range, more than one frame,
    flags no frame of this game has."""
    frames = state.frames
    if len(frames) > 1:
        raise NotationError(f"a Ninjato position has one pending decision, not {len(frames)}")
    for frame in frames:
        wanted = FRAME_DATA.get(frame.kind)
        if wanted is None:
            raise NotationError(f"unknown frame kind {quote(frame.kind)}; kinds are {', '.join(FRAME_DATA)}")
        if set(frame.data) != set(wanted) or frame.simultaneous or frame.concealed or len(frame.seats) != 1:
            raise NotationError(f"frame {quote(frame.kind)} asks one seat, openly, with data "
                                f"{', '.join(wanted) or 'none'}; not {quote(frame.to_json())}")
        for key in wanted:
            value, (low, high) = frame.data[key], _RANGES[key]
            if type(value) is not int or not low <= value <= high:
                raise NotationError(f"frame {quote(frame.kind)}'s {key} must be {low} to {high}, not {quote(value)}")


__all__ = ["body", "check_frames", "parse_body", "token_text", "tokens_of"]
