"""Build a whole, legal Ninjato position from a few keyword arguments (for tests, puzzles, bug reports).

Say what matters; everything else is filled in: Dojo cards no one holds go to the deck (under ``top``,
the next cards drawn, first drawn first), treasure no one holds to the bag, Guards, Elites, Sensei
tiles, Rumors and Envoys to their decks in code order (under ``gtop``, ``xtop``, ``stop``, ``rtop``,
``vtop``). The position is in round ``round`` with the shuriken you list already on the board; the
seat to act is the next in turn order, or the raider when you give a ``raid``::

    >>> from ninjadojo.games.ninjato.builder import position
    >>> game = position(2, hands=["45", "1"], houses=["t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:5n:j", "m4:3n:s"])
    >>> game.to_act(), "h1+" in game.legal_actions(0)
    ((0,), True)
    >>> game.apply(0, "h1+")                 # attack house 1 by Strength: its Sentry is a 3
    >>> game.legal_actions(0)                # a 4 or a 5 beats it, or lose
    ['5', '4', 'lose']
    >>> game.apply(0, "4"); game.legal_actions(0)
    ['banzai', 'retreat']
    >>> raid = position(2, hands=["5", ""], raid=(0, 4, "+"))   # seat 0 faces house 4's Sentry
    >>> raid.decision(0).kind
    'fight'

Cards are digits (``"1135"``); treasure letters f s v j g (``"ffj"``, ``*`` after a red token on a
house); tiles their codes (``"s2@5,hj"``); Rumors, Envoys, Elites and Guards their codes,
comma-separated. A house is ``marker:sentry:treasure`` (``"t2:3n:fsj*"``, sentry ``-`` when cleared).
The result is parsed back from its own notation, so it has passed every check a position must pass
(everything conserved, :mod:`~ninjadojo.games.ninjato.invariants`); a bad argument raises a
:class:`~ninjadojo.engine.NotationError` saying what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from ninjadojo.engine import Frame, NotationError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.options import options_text
from ninjadojo.engine.state import check_seed
from ninjadojo.games.ninjato.cards import (
    DOJO_COUNTS,
    DOJO_VALUES,
    ELITE_CODES,
    ELITE_COUNTS,
    ENVOY_CODES,
    GUARD_CODES,
    GUARD_COUNTS,
    HJ_TYPE,
    HOUSES,
    RUMOR_CODES,
    TILE_CODES,
    TILE_COUNTS,
    TREASURE_COUNTS,
    TREASURES,
)
from ninjadojo.games.ninjato.notation import tokens_of
from ninjadojo.games.ninjato.state import NinjatoState

__all__ = ["DEFAULT_HOUSES", "position"]

#: The houses of a default position: the start's markers, each with a Sentry 3 and a Fan, Scroll, Vase.
DEFAULT_HOUSES = ("t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv")


def _seatwise(values: Sequence[str] | None, players: int, what: str) -> list[str]:
    if values is None:
        return [""] * players
    if isinstance(values, str) or len(values) != players:
        raise NotationError(f"{what} lists one text per seat ({players} of them), not {quote(values)}")
    return list(values)


def _split(text: str) -> list[str]:
    return [code for code in text.split(",") if code] if text else []


def _rest(used: list[str], codes: Sequence[str], counts: Sequence[int], what: str) -> list[str]:
    """Every copy of ``codes`` not in ``used``, in code order (raises if ``used`` has too many)."""
    rest = []
    for code, count in zip(codes, counts, strict=True):
        left = count - used.count(code)
        if left < 0:
            raise NotationError(f"the position uses {used.count(code)} {what} {code}, the game has {count}")
        rest += [code] * left
    unknown = [code for code in used if code not in codes]
    if unknown:
        raise NotationError(f"unknown {what} {quote(unknown[0])}; they are {', '.join(dict.fromkeys(codes))}")
    return rest


def position(
    players: int = 2,
    *,
    round: int = 1,
    order: str | None = None,
    hands: Sequence[str] | None = None,
    known: Sequence[str] | None = None,
    up: str | None = None,
    top: str = "",
    discard: str = "",
    houses: Sequence[str] = DEFAULT_HOUSES,
    gtop: str = "",
    gdiscard: str = "",
    xtop: str = "",
    xdiscard: str = "",
    offer: str = "",
    stop: str = "",
    sout: str = "",
    rup: str | None = None,
    rtop: str = "",
    vup: str | None = None,
    vtop: str = "",
    purses: Sequence[str] | None = None,
    honour: Sequence[int] | None = None,
    tiles: Sequence[str] | None = None,
    flipped: Sequence[str] | None = None,
    envoys: Sequence[str] | None = None,
    rumors: Sequence[str] | None = None,
    elites: Sequence[str] | None = None,
    spent: str = "",
    dojo: str = "",
    sensei: str = "",
    pavilion: str = "",
    palace: str = "",
    spots: str = "." * 10,
    raid: tuple[int, int, str] | None = None,
    loot: str = "",
    revealed: str = "",
    elite: str = "",
    frame: Frame | None = None,
    phase: str = "play",
    step: int = 0,
    masks: str = "",
    seed: int = 1,
    options: Mapping[str, object] | None = None,
) -> NinjatoState:
    """A Ninjato position (see the module docstring).

    - ``order``: turn order, seats run together (default ``"01..."``); ``round`` 1-7.
    - Shuriken already placed this round: ``dojo`` (seats in the order they came), ``sensei``,
      ``pavilion``, ``palace`` and ``spots`` (ten characters, a seat or ``.``: house 1 Strength, house 1
      Stealth, house 2 Strength...). ``raid=(seat, house 1-5, "+" or "-")`` adds that seat's shuriken on
      the house and makes it the raider, with ``loot`` on its shuriken, the Guards ``revealed`` by Banzai
      (the last is faced) and the ``elite`` faced; it must be the seat whose placement is the last made.
    - ``frame``: the decision pending (default: the next placement, or the raider's fight).
    - Per seat: ``hands`` (and ``known``: cards every seat saw it take), ``purses``, ``honour``,
      ``tiles``, ``flipped`` (tile kinds used this round), ``envoys``, ``rumors``, ``elites``.
    - ``up``: the face-up Dojo cards (default: three of the cards left); ``offer``: Sensei tiles on offer;
      ``rup``/``vup``: face-up Rumors/Envoys (default: the first four left, in code order).
    - ``phase``/``step``/``masks``: a scoring under way (with a ``frame``).
    - ``options``: the game's options (e.g. ``{"may_give_up": False}``); a bad one raises
      :class:`~ninjadojo.engine.OptionError`.
    """
    NinjatoState.check_players(players)
    chosen = NinjatoState.validate_options(players, options)
    check_seed(seed)
    order = order if order is not None else "".join(map(str, range(players)))
    hands_list = _seatwise(hands, players, "hands")
    purse_list = _seatwise(purses, players, "purses")
    tile_list = _seatwise(tiles, players, "tiles")
    houses = list(houses)
    if len(houses) != HOUSES:
        raise NotationError(f"houses lists {HOUSES} houses, not {len(houses)}")
    spots_list = list(spots)
    if raid is not None:
        seat, house, side = raid
        if side not in ("+", "-") or not 1 <= house <= HOUSES:
            raise NotationError(f"a raid is (seat, house 1-5, '+' or '-'), not {quote(raid)}")
        spots_list[2 * (house - 1) + (side == "-")] = str(seat)
    placed = sum(1 for char in spots_list if char != ".") + len(dojo + sensei + pavilion + palace)
    # Dojo cards: what is named, then the rest to the deck.
    used = "".join(hands_list) + discard + top + (up or "")
    counts = {value: DOJO_COUNTS[value] - used.count(str(value)) for value in DOJO_VALUES}
    if any(count < 0 for count in counts.values()) or any(char not in "12345" for char in used):
        raise NotationError(f"Dojo cards are digits 1-5, at most {DOJO_COUNTS} of each: {quote(used)}")
    if up is None:
        up = ""
        for value in (1, 3, 5, 2, 4) * 3:
            if len(up) < 3 and counts[value] > up.count(str(value)):
                up += str(value)
        for char in up:
            counts[int(char)] -= 1
    rest = "".join(str(value) * counts[value] for value in DOJO_VALUES)
    deck = rest + top[::-1]
    # Guards and Elites.
    sentries = [house.split(":")[1] if house.count(":") == 2 else "" for house in houses]
    guards_used = [code for code in sentries if code not in ("", "-")] + _split(gtop) + _split(gdiscard) \
        + _split(revealed)
    gdeck = _rest(guards_used, GUARD_CODES, GUARD_COUNTS, "guard") + _split(gtop)[::-1]
    elite_list = _seatwise(elites, players, "elites")
    elites_used = [code for text in elite_list for code in _split(text)] + _split(xtop) + _split(xdiscard) \
        + _split(elite)
    xdeck = _rest(elites_used, ELITE_CODES, ELITE_COUNTS, "elite") + _split(xtop)[::-1]
    # Sensei tiles: Hensojutsu out one per round from round 5; the rest of the style tiles in the deck.
    hj_out = max(0, (round if phase == "play" or round == 7 else round + 1) - 4)
    tiles_used = [code for text in tile_list for code in _split(text)] + _split(offer) + _split(stop) \
        + _split(sout)
    hj_held = tiles_used.count("hj")
    if hj_held > hj_out:
        raise NotationError(f"{hj_held} Hensojutsu tiles are out by round {round}, but only {hj_out} can be")
    sout_list = _split(sout) + ["hj"] * (hj_out - hj_held)
    style = [code for code in _rest([c for c in tiles_used if c != "hj"], TILE_CODES[:HJ_TYPE],
                                    TILE_COUNTS[:HJ_TYPE], "Sensei tile")]
    sdeck = style + _split(stop)[::-1]
    # Rumors and Envoys.
    rumor_list = _seatwise(rumors, players, "rumors")
    envoy_list = _seatwise(envoys, players, "envoys")
    rumors_used = [code for text in rumor_list for code in _split(text)] + _split(rup or "") + _split(rtop)
    rumor_rest = _rest(rumors_used, RUMOR_CODES, [1] * len(RUMOR_CODES), "Rumor")
    if rup is None:
        rup, rumor_rest = ",".join(rumor_rest[:4]), rumor_rest[4:]
    envoys_used = [code for text in envoy_list for code in _split(text)] + _split(vup or "") + _split(vtop)
    envoy_rest = _rest(envoys_used, ENVOY_CODES, [1] * len(ENVOY_CODES), "Envoy")
    if vup is None:
        vup, envoy_rest = ",".join(envoy_rest[:4]), envoy_rest[4:]
    rdeck = rumor_rest + _split(rtop)[::-1]
    vdeck = envoy_rest + _split(vtop)[::-1]
    # Treasure: the rest is in the bag.
    tokens = [token % 5 for house in houses for token in tokens_of(house.split(":")[-1])]
    tokens += [token % 5 for text in purse_list for token in tokens_of(text)]
    tokens += [token % 5 for token in tokens_of(loot)] + [token % 5 for token in tokens_of(spent)]
    bag = [TREASURE_COUNTS[kind] - tokens.count(kind) for kind in range(5)]
    if any(count < 0 for count in bag):
        have = ", ".join(f"{count} {code}" for code, count in zip(TREASURES, TREASURE_COUNTS, strict=True))
        raise NotationError(f"the position uses more treasure than the game has ({have})")
    spent_counts = [tokens_of(spent).count(kind) for kind in range(5)]
    raid_text = "-"
    if raid is not None:
        raid_text = f"{raid[0]}:{raid[1]}:{raid[2]}:{loot}:{revealed}:{elite or '-'}"
    fields = {
        "round": str(round), "placed": str(placed if phase == "play" else 0), "order": order, "phase": phase,
        "step": str(step), "dojo": dojo, "sensei": sensei, "pavilion": pavilion, "palace": palace,
        "spots": "".join(spots_list), "deck": deck, "up": "".join(sorted(up)), "discard": "".join(sorted(discard)),
        "hands": "/".join("".join(sorted(hand)) for hand in hands_list),
        "known": "/".join("".join(sorted(hand)) for hand in _seatwise(known, players, "known")),
        "gdeck": ",".join(gdeck), "gdiscard": gdiscard, "xdeck": ",".join(xdeck), "xdiscard": xdiscard,
        "houses": "/".join(houses), "sdeck": ",".join(sdeck), "offer": offer, "sout": ",".join(sout_list),
        "hj": str(3 - hj_out), "rdeck": ",".join(rdeck), "rup": rup, "vdeck": ",".join(vdeck), "vup": vup,
        "bag": ",".join(map(str, bag)), "spent": ",".join(map(str, spent_counts)),
        "honour": "/".join(map(str, honour or [0] * players)), "purse": "/".join(purse_list),
        "tiles": "/".join(tile_list), "flipped": "/".join(_seatwise(flipped, players, "flipped")),
        "envoys": "/".join(envoy_list), "rumors": "/".join(rumor_list), "elites": "/".join(elite_list),
        "masks": masks, "raid": raid_text,
    }
    if frame is None:
        if raid is not None:
            frame = Frame("fight", [raid[0]], {"stage": 0})
        elif phase == "play":
            after = order[placed % players:placed % players + 1]
            frame = Frame("place", [int(after) if after.isdigit() else 0])  # the parser checks the order
        else:
            raise NotationError("a position in scoring needs the frame of the decision pending")
    body = ";".join(f"{name}={value}" for name, value in fields.items())
    frames = json.dumps([frame.to_json()], separators=(",", ":"))
    defaults = {option.name: option.default for option in NinjatoState.option_specs()}
    written = options_text({name: value for name, value in chosen.items() if value != defaults[name]})
    return NinjatoState.from_notation(f"ninjato|{players}|{written}|{seed:016x}|0|{frames}|-|{body}")
