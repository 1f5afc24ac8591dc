"""What a seat may see: the view dict, the text picture, prompts and reasons for refusals.

Public: the board (houses with their markers, Sentries and treasures, where every shuriken is), the
face-up Dojo cards, offers and displays, the discards, every player's honour, treasure, tiles, Envoys,
Rumors (taken from a face-up display: ruling) and Elites, hand sizes and the cards a player was seen to
take face-up, a raid under way (the guards it turned up, how many were beaten, the foe fought now and what
beats it). Hidden: the Dojo hands (each seat sees its own; every seat's ``hand`` is shown once the game
is over), the order of every deck (Dojo, Guards,
Elites, Sensei, Rumors, Envoys) and what the bag will give (only its size is shown).
"""

from __future__ import annotations

import textwrap
from itertools import product
from typing import TYPE_CHECKING

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games.ninjato.cards import (
    CLAN_COLOURS,
    CLAN_NAMES,
    DOJO_VALUES,
    ELITE_CODES,
    ELITE_NAMES,
    ELITE_POINTS,
    ELITES,
    ENVOY_AGE,
    ENVOY_CLAN,
    ENVOY_CODES,
    ENVOY_MASK,
    ENVOYS,
    GUARD_CODES,
    GUARD_VALUE,
    HJ,
    HOUSES,
    MARKER_CODES,
    MARKERS,
    ROUNDS,
    RUMOR_CODES,
    RUMOR_KIND_OF,
    RUMORS,
    SCORING_ORDER,
    SHURIKEN,
    TILE_CODES,
    TILE_COST,
    TILE_KIND_CODES,
    TILE_KIND_OF,
    TILE_KINDS,
    TREASURE_NAMES,
    TREASURES,
    Cost,
)
from ninjadojo.games.ninjato.effects import PHASE_NAMES, PLAY, SIDE_NAMES, clan_points, clan_standing
from ninjadojo.games.ninjato.encode import STRENGTH
from ninjadojo.games.ninjato.notation import token_text
from ninjadojo.games.ninjato.nouns import plural, token_parts, treasure_parts
from ninjadojo.games.ninjato.rules import data_int, threshold
from ninjadojo.games.ninjato.words import foe_words

if TYPE_CHECKING:
    from ninjadojo.games.ninjato.state import NinjatoState


# ---------------------------------------------------------------------------------------------- the view dict


def _purse(counts: list[int]) -> str:
    return "".join(TREASURES[kind] * counts[kind] for kind in range(5))


def _cards(counts: list[int]) -> list[JSONValue]:
    return [value for value in DOJO_VALUES for _ in range(counts[value])]


def shuriken_left(state: NinjatoState, seat: int) -> int:
    """Shuriken the seat has still to place this round."""
    if state.phase != PLAY:
        return SHURIKEN
    players = state.num_players
    placed = state.placed // players + (1 if state.order.index(seat) < state.placed % players else 0)
    return SHURIKEN - placed


def observe(state: NinjatoState, seat: int | None) -> dict[str, JSONValue]:
    """The game-specific part of ``seat``'s view."""
    seats: list[JSONValue] = []
    for other in range(state.num_players):
        entry: dict[str, JSONValue] = {
            "honour": state.honour[other],
            "shuriken": shuriken_left(state, other),
            "cards": state.hand_size(other),
            "known": _cards(state.known[other]),
            "treasure": _purse(state.purse[other]),
            "tiles": [TILE_CODES[tile] for tile, count in enumerate(state.tiles[other]) for _ in range(count)],
            "used": [TILE_KIND_CODES[kind] for kind, count in enumerate(state.flipped[other]) for _ in range(count)],
            "envoys": [ENVOY_CODES[envoy] for envoy in state.envoys[other]],
            "rumors": [RUMOR_CODES[rumor] for rumor in state.rumors[other]],
            "elites": [ELITE_CODES[elite] for elite, count in enumerate(state.elites[other]) for _ in range(count)],
        }
        if state.result is not None:
            # The game is over: every hand is shown to everyone, with the final count.
            entry["hand"] = _cards(state.hands[other])
        seats.append(entry)
    houses: list[JSONValue] = []
    for house in range(HOUSES):
        clan, value = MARKERS[state.markers[house]]
        sentry = state.sentries[house]
        houses.append({
            "house": house + 1,
            "marker": MARKER_CODES[state.markers[house]],
            "clan": CLAN_NAMES[clan],
            "value": value,
            "sentry": None if sentry < 0 else GUARD_CODES[sentry],
            "treasure": token_text(state.treasure[house]),
            "strength": _seat_or_none(state.spots[2 * house]),
            "stealth": _seat_or_none(state.spots[2 * house + 1]),
        })
    raid: JSONValue = None
    if state.raider >= 0:
        elite = state.raid_elite
        raid = {
            "seat": state.raider,
            "house": state.raid_house + 1,
            "side": SIDE_NAMES[state.raid_side],
            "shuriken": token_text(state.raid_loot),
            "guards": [GUARD_CODES[guard] for guard in state.raid_guards],
            "elite": None if elite < 0 else ELITE_CODES[elite],
            "beaten": _guards_beaten(state),
            "fighting": _fighting(state),
        }
    view: dict[str, JSONValue] = {
        "round": state.round,
        "rounds": ROUNDS,
        "phase": PHASE_NAMES[state.phase],
        "order": list(state.order),
        "dojo": {"up": list(state.up), "deck": len(state.deck), "discard": _cards(state.discard),
                 "stack": list(state.dojo_stack)},
        "sensei": {"offer": [TILE_CODES[tile] for tile in state.offer], "seats": list(state.sensei_seats),
                   "deck": len(state.sdeck), "discarded": [TILE_CODES[tile] for tile, count in enumerate(state.sout)
                                                           for _ in range(count)],
                   "hensojutsu_left": state.hj_left},
        "pavilion": {"rumors": [RUMOR_CODES[rumor] for rumor in state.rup], "seats": list(state.pavilion_seats),
                     "spots": state.pavilion_spots, "deck": len(state.rdeck)},
        "palace": {"envoys": [ENVOY_CODES[envoy] for envoy in state.vup], "seats": list(state.palace_seats),
                   "spots": state.palace_spots, "deck": len(state.vdeck)},
        "houses": houses,
        "guards": {"deck": len(state.gdeck), "discard": [GUARD_CODES[guard] for guard, count in
                                                        enumerate(state.gdiscard) for _ in range(count)]},
        "elites": {"deck": len(state.xdeck), "discard": [ELITE_CODES[elite] for elite, count in
                                                         enumerate(state.xdiscard) for _ in range(count)]},
        "bag": sum(state.bag),
        "spent": _purse(state.spent),
        "raid": raid,
        "disguised": [ENVOY_CODES[envoy] for envoy in state.masks],
        "clans": _clans(state),
        "seats": seats,
        "hand": None if seat is None else _cards(state.hands[seat]),
    }
    return view


def _fighting(state: NinjatoState) -> JSONValue:
    """The foe the raider is fighting now (``None`` between fights): its ``card`` (a Guard's or an Elite's
    code, face up), ``kind`` (``sentry``, ``guard`` or ``elite``), ``person`` (1 or 2 of a two-person Elite,
    else 0), the value to ``beat`` (higher by Strength, lower by Stealth), ``then`` (the second person's,
    while the first of a pair is fought, else ``None``) and ``foe`` in words (as the prompt says it). All
    public: the board shows what only the prompt and the log said (the card turned up by a Banzai)."""
    frame = state.frames[-1] if state.frames else None
    if state.raider < 0 or frame is None or frame.kind != "fight":
        return None
    stage = data_int(frame, "stage")
    elite = state.raid_elite
    then = None
    person = 0
    if elite >= 0:
        card, kind = ELITE_CODES[elite], "elite"
        if ELITES[elite].people == 2:
            person = stage + 1
            then = ELITES[elite].second if stage == 0 else None
    elif state.raid_guards:
        card, kind = GUARD_CODES[state.raid_guards[-1]], "guard"
    else:
        card, kind = GUARD_CODES[state.sentries[state.raid_house]], "sentry"
    return {"card": card, "kind": kind, "person": person, "beat": threshold(state, stage), "then": then,
            "foe": foe_words(state, stage)}


def _guards_beaten(state: NinjatoState) -> int:
    """How many of the raid's revealed Guards (``raid.guards``, in the order they came) the raider has beaten:
    all but the last while it is fought, or once the raider lost to it (the ``keep`` that follows a defeat)."""
    guards = len(state.raid_guards)
    frame = state.frames[-1] if state.frames else None
    if not guards or frame is None or state.raid_elite >= 0:
        return guards  # an Elite comes after every Guard of the raid was beaten
    return guards - 1 if frame.kind in ("fight", "keep") else guards


def _clans(state: NinjatoState) -> dict[str, JSONValue]:
    """The clan scoring to come (public, as the terminal's picture shows it): after which round, and each clan
    in its scoring order with its house points and who holds its Envoys (one under Hensojutsu counts twice; ties go
    to the oldest Envoy, the earliest year)."""
    coming = next((number for number in SCORING_ORDER if number >= state.round), max(SCORING_ORDER))
    return {
        "after_round": coming,
        "rounds": list(SCORING_ORDER),
        "order": [{"clan": CLAN_NAMES[clan], "points": clan_points(state, clan),
                   "envoys": [{"seat": seat, "count": count, "oldest_year": age}
                              for seat, count, age in clan_standing(state, clan)]}
                  for clan in SCORING_ORDER[coming]],
    }


def _seat_or_none(seat: int) -> int | None:
    return None if seat < 0 else seat


# ---------------------------------------------------------------------------------------------- the picture


#: A word for each Rumor kind, short enough for four Rumors on a line.
RUMOR_WORDS = ("Warrior", "People", "Friends", "Art", "Foes")


def _cost_words(cost_text: str) -> str:
    """``sf`` for a Scroll and a Fan, ``1-3`` for 1-3 of one kind."""
    return cost_text.replace(" same", "").replace("+", "")


def rumor_words(rumor: int) -> str:
    """``w1 Warrior(sf)``."""
    return f"{RUMOR_CODES[rumor]} {RUMOR_WORDS[RUMOR_KIND_OF[rumor]]}({_cost_words(RUMORS[rumor].cost.text())})"


def envoy_words(envoy: int, age: bool = False) -> str:
    """``t1~(jf)``: ``~`` for a mask; with ``age``, ``t1~(jf, year 4)`` (the Envoy's year breaks clan ties:
    the earlier, the older)."""
    mask = "~" if ENVOY_MASK[envoy] else ""
    more = f", year {ENVOY_AGE[envoy]}" if age else ""
    return f"{ENVOY_CODES[envoy]}{mask}({_cost_words(ENVOYS[envoy].cost.text())}{more})"


def short_cost(cost: Cost) -> str:
    """A cost as the board says it in words, short: ``Scroll+Fan``, ``1-3 alike`` (of one kind)."""
    if cost.kinds:
        return "+".join(TREASURE_NAMES[TREASURES.index(kind)] for kind in cost.kinds)
    return f"{cost.low if cost.low == cost.high else f'{cost.low}-{cost.high}'} alike"


def rumor_board_words(rumor: int) -> str:
    """A face-up Rumor in words on the board: its kind and its cost, ``Foes (Vase+Fan)`` (the cost also tells
    two Rumors of a kind apart)."""
    return f"{RUMOR_WORDS[RUMOR_KIND_OF[rumor]]} ({short_cost(RUMORS[rumor].cost)})"


def envoy_board_words(envoy: int) -> str:
    """A face-up Envoy in words on the board: ``Taira masked (Vase+Fan, year 1)`` (its year breaks clan
    ties: the earlier, the older)."""
    mask = " masked" if ENVOY_MASK[envoy] else ""
    return f"{CLAN_NAMES[ENVOY_CLAN[envoy]]}{mask} ({short_cost(ENVOYS[envoy].cost)}, year {ENVOY_AGE[envoy]})"


def sensei_words(offer: list[int]) -> str:
    """The Sensei's tiles in words with the Dojo card each costs: ``Tiger 6 (any), 2 Crane 2/4 (a 3)``."""
    said = [TILE_KINDS[TILE_KIND_OF[tile]].name + ("" if TILE_KIND_OF[tile] == HJ else
                                                   f" (a {TILE_COST[tile]})" if TILE_COST[tile] else " (any)")
            for tile in offer]
    return ", ".join(text if said.count(text) == 1 else f"{said.count(text)} {text}"
                     for number, text in enumerate(said) if text not in said[:number]) or "-"


def _foe_words(state: NinjatoState) -> str:
    """What the raider faces and what beats it: ``the Elite 4/2: a card higher than 4 wins``; of a two-person
    Elite, both people while the first is fought, the second alone once the first is beaten."""
    side = state.raid_side
    direction = "higher" if side == STRENGTH else "lower"
    elite = state.raid_elite
    frame = state.frames[-1] if state.frames else None
    stage = data_int(frame, "stage") if frame is not None and frame.kind == "fight" else 0
    if elite >= 0 and ELITES[elite].people == 2 and stage == 0:
        row = ELITES[elite]
        return f"the {ELITE_NAMES[elite]}: a card {direction} than {row.first}, then {row.second}"
    return f"{foe_words(state, stage)}: a card {direction} than {threshold(state, stage)} wins"


def _fit(*candidates: str) -> str:
    """The first of ``candidates`` that fits 80 columns (the last, on two lines or more, if none does)."""
    for text in candidates:
        if len(text) <= 80:
            return text
    return _wrapped(candidates[-1])


def _wrapped(text: str) -> str:
    """``text`` on lines of at most 80 columns, the later ones indented: a line cut at 80 lost its end ("6
    Rumors; 1 Eli")."""
    return "\n".join(textwrap.wrap(text, 80, subsequent_indent="   ", break_on_hyphens=False))


def _clan_line(state: NinjatoState, clan: int, rank: int) -> str:
    """A clan in its scoring order: its house points and who holds its Envoys, with the oldest age (ties)."""
    standing = clan_standing(state, clan)
    head = f"{rank}. {CLAN_NAMES[clan]} {clan_points(state, clan)} pts, Envoys:"
    if not standing:
        return f"{head} none"
    return _fit(head + "".join(f" P{seat} {count} (year {age})" for seat, count, age in standing),
                head + "".join(f" P{seat} {count} ({age})" for seat, count, age in standing),
                head.replace(", Envoys:", ":") + "".join(f" P{seat} {count}({age})" for seat, count, age in standing))


def treasure_list(counts: list[int]) -> str:
    """A purse in words, kind by kind: ``Fan, 2 Scrolls, 3 Jade`` (``""`` for none)."""
    return ", ".join(treasure_parts(counts, article=False))


def loot_words(tokens: list[int]) -> str:
    """Treasure tokens in words, the red ones last: ``Fan, 2 Scrolls, red Jade`` (``""`` for none)."""
    return ", ".join(token_parts(tokens, article=False))


def rumor_kinds(rumors: list[int]) -> str:
    """Rumors by kind, as they score: ``Warrior x2, Art`` (``""`` for none)."""
    kinds = [RUMOR_KIND_OF[rumor] for rumor in rumors]
    return ", ".join(RUMOR_WORDS[kind] + (f" x{kinds.count(kind)}" if kinds.count(kind) > 1 else "")
                     for kind in sorted(set(kinds)))


def elite_words(counts: list[int]) -> str:
    """Elites defeated with their points: ``2 Elites (3 points)`` (``""`` for none)."""
    elites = sum(counts)
    points = sum(ELITE_POINTS[elite] * count for elite, count in enumerate(counts))
    return f"{plural(elites, 'Elite')} ({plural(points, 'point')})" if elites else ""


def hand_forms(counts: list[int]) -> list[str]:
    """A hand of Dojo cards, from the fullest: each card (``1 1 2 5``), then counted by value (``1 x2, 2, 5``);
    none for an empty hand."""
    if not any(counts):
        return []
    each = " ".join(str(value) for value in DOJO_VALUES for _ in range(counts[value]))
    counted = ", ".join(f"{value} x{counts[value]}" if counts[value] > 1 else str(value)
                        for value in DOJO_VALUES if counts[value])
    return [each, counted]


def _seat_parts(state: NinjatoState, other: int) -> list[tuple[str, ...]]:
    """What a seat holds beside its cards, each in words from the fullest to the shortest: its treasure
    (``2 Fans, 1 Jade``), its Sensei tiles (``used`` once played this round), its Rumors by kind and its
    Elites with their points; a part's last form is its count."""
    purse = state.purse[other]
    parts: list[tuple[str, ...]] = []
    treasure = treasure_list(purse)
    parts.append((treasure, plural(sum(purse), "treasure")) if treasure else ("no treasure",))
    used = state.flipped[other]
    tiles: list[tuple[str, str]] = []
    count = 0
    for kind in range(len(TILE_KINDS)):
        held = state.kinds[other][kind]
        if not held:
            continue
        spent = min(used[kind], held)
        count += held
        name = TILE_KINDS[kind].name
        many = f"{held} {name}" if held > 1 else name
        tiles.append((many + ("" if not spent else " (used)" if spent == held else f" ({spent} used)"),
                      many + ("" if not spent else " used" if spent == held else f" {spent} used")))
    if tiles:
        parts.append(("tiles " + ", ".join(full for full, _ in tiles),
                      "tiles " + ", ".join(short for _, short in tiles), plural(count, "tile")))
    if state.rumors[other]:
        parts.append(("Rumors " + rumor_kinds(state.rumors[other]), plural(len(state.rumors[other]), "Rumor")))
    elites = sum(state.elites[other])
    if elites:
        parts.append((elite_words(state.elites[other]), plural(elites, "Elite")))
    return parts


def _seat_line(state: NinjatoState, other: int, seat: int | None, acting: int, compact: bool = False) -> str:
    """A player in one line of words: honour, shuriken, cards, then treasure, tiles, Rumors and Elites, each
    in the fullest of its forms that lets the line fit 80 columns (the longest such line: the most said),
    down to its count (``7 Rumors``), and on two lines when even the shortest would not fit; ``key`` tells
    no code here, for there is none."""
    mark = ">" if other == acting else " "
    you = " (you)" if other == seat else ""
    if state.result is not None:
        # The game is over: every hand is shown.
        cards = [f"hand {form}" for form in hand_forms(state.hands[other])] or ["no cards left"]
    else:
        known = [str(value) for value in DOJO_VALUES for _ in range(state.known[other][value])]
        cards = [plural(state.hand_size(other), "card")]
        if known and other != seat:
            cards = [f"{cards[0]} (known: {' '.join(known)})", f"{cards[0]} ({len(known)} known)"]
    head = f"{mark}P{other}{you}: {state.honour[other]} honour, {shuriken_left(state, other)} shuriken, "
    parts = _seat_parts(state, other)
    # The least reduced (each part's forms count from 0, its fullest), then the longest line that fits.
    texts = []
    for card_text in cards:
        for levels in product(*(range(len(part)) for part in parts)):
            words = [part[level] for part, level in zip(parts, levels, strict=True)]
            # The treasure (what a player can buy with) is counted only when nothing else makes room.
            cost = sum(levels) + 3 * levels[0] + cards.index(card_text)
            texts.append((cost, head + card_text + "".join(f"; {word}" for word in words)))
        if other == seat and len(parts) > 1:
            # The seat's own tiles, Rumors and Elites are said in words under its hand: here they may all go
            # unsaid (never some of them, which would read as none).
            for treasure in parts[0]:
                texts.append((sum(len(part) - 1 for part in parts) + 3 * parts[0].index(treasure) + 1,
                              head + card_text + f"; {treasure}; the rest below"))
    fitting = [(cost, -len(text), text) for cost, text in texts if len(text) <= 80]
    if fitting:
        return min(fitting)[2]
    if compact and len(cards) > 1:
        # Even the shortest forms are too long, and a second line would push the picture past its 20 lines:
        # the known cards go unsaid (the log told them).
        shortest = head + plural(state.hand_size(other), "card") + "".join(f"; {part[-1]}" for part in parts)
        if len(shortest) <= 80:
            return shortest
    return _wrapped(min((text for _, text in texts), key=len))


def _own_line(state: NinjatoState, seat: int) -> list[str]:
    """The seat's own tiles (with their codes, as typed), Rumors by kind and Elites, in words: ``your tiles:
    Tiger 6 (t6) used, Hensojutsu (hj); Rumors Warrior x2, Art; 1 Elite (2 points)`` (none if it holds none)."""
    ready = state.ready(seat)
    tiles = []
    for kind in range(len(TILE_KINDS)):
        count, free = state.kinds[seat][kind], ready[kind]
        if count:
            used = "" if free == count else " used" if not free else f" ({count - free} used)"
            tiles.append((f"{TILE_KINDS[kind].name} ({TILE_KIND_CODES[kind]})" + (f" x{count}" if count > 1 else "")
                          + used, TILE_KINDS[kind].name + (f" x{count}" if count > 1 else "") + used))
    rumors = state.rumors[seat]
    elites = elite_words(state.elites[seat])
    if not (tiles or rumors or elites):
        return []
    candidates = []
    for rumors_said, elites_said in ((f"Rumors {rumor_kinds(rumors)}", elites),
                                     (f"Rumors {rumor_kinds(rumors)}", plural(sum(state.elites[seat]), "Elite")),
                                     (plural(len(rumors), "Rumor"), elites),
                                     (plural(len(rumors), "Rumor"), plural(sum(state.elites[seat]), "Elite"))):
        for said in (0, 1):
            parts = [", ".join(tile[said] for tile in tiles)] if tiles else []
            parts += [text for text in (rumors_said if rumors else "", elites_said if elites else "") if text]
            candidates.append(("your tiles: " if tiles else "your ") + "; ".join(parts))
    return [_fit(*candidates)]


#: The widest a house's treasure is said in words on its row (beyond it, in letters): the row's other
#: columns take 45 (house and clan 24, Sentry 11, raiders 10), so every row fits 80 columns.
TREASURE_COLUMN = 35


def render(state: NinjatoState, seat: int | None, markup: bool = False) -> str:
    """A text picture of the position as ``seat`` sees it (at most 80 columns and 20 lines): the houses,
    the places, the clans in their coming scoring order with who holds their Envoys (and the oldest
    Envoy's age, which breaks ties), each player, the raid under way with what is on its shuriken, and
    the seat's own hand and tiles. Every line is cut to 80 columns before it is painted, so colours never
    leak into the text."""

    def paint(text: str, style: str) -> str:
        return f"[{style}]{text}[/{style}]" if markup else text

    acting = state.frames[-1].seats[0] if state.frames else -1
    order = " ".join(f"P{other}" for other in state.order)
    coming = next(number for number in SCORING_ORDER if number >= state.round)
    when = ("scored after round 7" if state.result is not None else
            f"score after round {coming}" if state.phase == PLAY else "score now")
    lines = [paint("Ninjato", "bold") + f" round {state.round}/{ROUNDS}, turn order {order}; clans {when}, in order:"]
    # Each house's treasure in words (``Fan, 2 Scrolls, red Jade``), in letters (``f s s j*``) where the words
    # would not leave the raiders' column room: a column as wide as the longest.
    treasures = [next((text for text in _treasure_forms(state.treasure[house]) if len(text) <= TREASURE_COLUMN),
                      _tokens(state.treasure[house])) for house in range(HOUSES)]
    column = max(16, *map(len, treasures))
    for house in range(HOUSES):
        clan, value = MARKERS[state.markers[house]]
        sentry = state.sentries[house]
        guard = "cleared" if sentry < 0 else f"Sentry {GUARD_VALUE[sentry]}"
        sides = " ".join(f"{mark}:{'.' if spot < 0 else f'P{spot}'}" for mark, spot in
                         zip("+-", state.spots[2 * house:2 * house + 2], strict=True))
        name = paint(f"{CLAN_NAMES[clan]} {value}", CLAN_COLOURS[clan])
        pad = " " * (16 - len(f"{CLAN_NAMES[clan]} {value}"))
        lines.append(f"house {house + 1} {name}{pad}{guard:<10} {treasures[house]:<{column}} {sides}")
    # What follows the places is made first: the places take the room it leaves under PICTURE_LINES.
    clans = [(clan, _clan_line(state, clan, rank)) for rank, clan in enumerate(SCORING_ORDER[coming], start=1)]
    players = [_seat_line(state, other, seat, acting) for other in range(state.num_players)]
    below: list[str] = []
    if state.raider >= 0:
        head = (f"raid: P{state.raider} on house {state.raid_house + 1} by {SIDE_NAMES[state.raid_side]}, "
                "on the shuriken ")
        facing = f"facing {_foe_words(state)}"
        # What is on the shuriken in words while it fits (``2 Scrolls, red Vase``), else as the houses show it.
        where = _fit(head + (loot_words(state.raid_loot) or "nothing"), head + (_tokens(state.raid_loot) or "nothing"))
        if len(where) + 2 + len(facing) <= 80:
            below.append(paint(f"{where}; {facing}", "red"))
        else:
            below += [paint(where, "red"), paint(_fit("  " + facing), "red")]
    elif state.masks:
        below.append(_fit("under Hensojutsu (count twice): " + " ".join(ENVOY_CODES[envoy] for envoy in state.masks)))
    if seat is not None:
        # The cards one by one with what a 3 does, else counted (a hand of dozens), the note left out last.
        note = " (a 3 may be +1/-1 on another card)" if state.hands[seat][3] else ""
        forms = [form + said for said in (note, "") for form in hand_forms(state.hands[seat]) or ["no cards"]]
        hand = next((form for form in forms if len("your hand: " + form) <= 80), forms[-1])
        own = _own_line(state, seat)
        if own and "\n" in own[0]:
            # Tiles too many for one line: the hand goes first on theirs, a line fewer if that fits.
            joined = _wrapped(f"your hand: {hand}; " + own[0].replace("\n   ", " ").removeprefix("your "))
            if joined.count("\n") <= own[0].count("\n"):
                below.append(paint("your hand: ", "bold") + joined.removeprefix("your hand: "))
                own = []
            else:
                below.append(paint("your hand: ", "bold") + hand)
        else:
            below.append(paint("your hand: ", "bold") + hand)
        below.extend(own)
    if state.result is not None:
        below += [paint(part, "green") for part in textwrap.wrap(state.result.reason, 80)]
    # The clans a line each, or, where the rest leaves the places (three lines at the least) too little room,
    # side by side as they fit 80 columns.
    # Then, if still too tall, a player's line that would take two says its hand by its count alone.
    rows: list[list[tuple[int, str]]] = [[each] for each in clans]
    taken = len(lines) + sum(line.count("\n") + 1 for line in players + below)
    if taken + len(rows) + PLACES_LEAST > PICTURE_LINES:
        rows = []
        for each in clans:
            if rows and len(" | ".join(text for _, text in rows[-1])) + 3 + len(each[1]) <= 80:
                rows[-1].append(each)
            else:
                rows.append([each])
        if taken + len(rows) + PLACES_LEAST > PICTURE_LINES:
            players = [_seat_line(state, other, seat, acting, compact=True) if "\n" in line else line
                       for other, line in enumerate(players)]
    painted = [" | ".join(text.replace(CLAN_NAMES[clan], paint(CLAN_NAMES[clan], CLAN_COLOURS[clan]), 1)
                          for clan, text in row) for row in rows]
    below = painted + players + below
    lines += _places(state, PICTURE_LINES - len(lines) - sum(line.count("\n") + 1 for line in below))
    return "\n".join(lines + below)


#: The most lines the picture takes (a terminal of 24 rows keeps room for the prompt).
PICTURE_LINES = 20
#: The fewest lines the places take (the Dojo, the Pavilion, the Palace: see ``_places``).
PLACES_LEAST = 3


def _places(state: NinjatoState, room: int) -> list[str]:
    """The Dojo (with the Sensei and the bag), the Pavilion and the Palace in ``room`` lines if they can, in
    words: each on a line when it fits, on more (the Sensei on its own) when the room allows, in the letters
    ``help`` explains (``t3~(vf, year 1)``) only when it has none."""
    dojo = (f"Dojo up {' '.join(map(str, state.up)) or '-'}, deck {len(state.deck)}, came "
            f"{' '.join(f'P{other}' for other in state.dojo_stack) or '-'}")
    offer = " ".join(TILE_CODES[tile] for tile in state.offer) or "-"
    bag = f"bag {sum(state.bag)}"
    sensei = sensei_words(state.offer)
    pavilion = f"Pavilion {len(state.pavilion_seats)}/{state.pavilion_spots}: "
    palace = f"Palace {len(state.palace_seats)}/{state.palace_spots}: "
    rumors = [rumor_board_words(rumor) for rumor in state.rup]
    envoys = [envoy_board_words(envoy) for envoy in state.vup]
    # Each place's forms from the most said to the least, as lists of lines (a form that does not fit 80
    # columns is dropped); the first of each is taken, then the places give up lines while the picture is
    # too tall, the Dojo's first (its Sensei tiles are also in the choices), then the Palace's, then the
    # Pavilion's.
    # On one line the Rumors and Envoys are said in words before they are said in letters: by kind
    # (``People (Scroll), Art, Art``: costs as they fit) and by clan (``Taira masked (year 4), Minamoto``),
    # their costs and years also in the choices that buy them.
    forms = [
        [[f"{dojo} | Sensei {sensei} | {bag}"], [f"{dojo}; Sensei {sensei}; {bag}"],
         [f"{dojo}; {bag}", f"Sensei: {sensei}"],
         *[[f"{dojo} | Sensei {words} | {bag}"] for words in _short_sensei_forms(state.offer)],
         [f"{dojo} | Sensei {offer} | {bag}"],
         [f"{dojo}|Sensei {offer}|{bag}"]],
        [[pavilion + (", ".join(rumors) or "-")], _wrap_items(pavilion, rumors),
         *[[pavilion + (", ".join(words) or "-")] for words in _short_rumor_forms(state.rup)],
         [pavilion + (" ".join(rumor_words(rumor) for rumor in state.rup) or "-")]],
        [[palace + (", ".join(envoys) or "-")],
         _wrap_items(palace, envoys),
         *[[palace + (", ".join(words) or "-")] for words in _short_envoy_forms(state.vup)],
         [palace + (" ".join(envoy_words(envoy, age=True) for envoy in state.vup) or "-")],
         [palace + (" ".join(envoy_words(envoy) for envoy in state.vup) or "-")]],
    ]
    kept = [[form for form in place if all(len(line) <= 80 for line in form)] or [[_fit(place[-1][0])]]
            for place in forms]
    chosen = [0] * len(kept)
    for place in (0, 2, 1):
        while sum(len(kept[at][chosen[at]]) for at in range(len(kept))) > room and chosen[place] + 1 < len(
                kept[place]) and len(kept[place][chosen[place]]) > 1:
            chosen[place] += 1
    return [line for place, at in zip(kept, chosen, strict=True) for line in place[at]]


def _short_sensei_forms(offer: list[int]) -> list[str]:
    """The Sensei's tiles in words, shorter than with their costs: each tile (``Snake -2, 2 Tiger 6``),
    then counted by style (``Snake, 2 Tiger``)."""
    forms = []
    for names in ([TILE_KINDS[TILE_KIND_OF[tile]].name for tile in offer],
                  [(TILE_KINDS[TILE_KIND_OF[tile]].style or TILE_KINDS[TILE_KIND_OF[tile]].name).capitalize()
                   for tile in offer]):
        forms.append(", ".join(name if names.count(name) == 1 else f"{names.count(name)} {name}"
                               for name in dict.fromkeys(names)) or "-")
    return forms


def _short_rumor_forms(rumors: list[int]) -> list[list[str]]:
    """The face-up Rumors in words, shorter than with every cost: by kind only (``People, Art, Art``)."""
    return [[RUMOR_WORDS[RUMOR_KIND_OF[rumor]] for rumor in rumors]]


def _short_envoy_forms(envoys: list[int]) -> list[list[str]]:
    """The face-up Envoys in words, shorter than with their costs: by clan with mask and year (``Taira masked
    (year 4)``), by clan with mask, then counted by clan (``2 Taira (1 masked), Minamoto``)."""
    named = [CLAN_NAMES[ENVOY_CLAN[envoy]] + (" masked" if ENVOY_MASK[envoy] else "") for envoy in envoys]
    counted = []
    for clan in dict.fromkeys(ENVOY_CLAN[envoy] for envoy in envoys):
        mine = [envoy for envoy in envoys if ENVOY_CLAN[envoy] == clan]
        masked = sum(1 for envoy in mine if ENVOY_MASK[envoy])
        if len(mine) == 1:
            counted.append(CLAN_NAMES[clan] + (" masked" if masked else ""))
        else:
            counted.append(f"{len(mine)} {CLAN_NAMES[clan]}" + (f" ({masked} masked)" if masked else ""))
    return [[f"{name} (year {ENVOY_AGE[envoy]})" for name, envoy in zip(named, envoys, strict=True)], named, counted]


def _wrap_items(head: str, items: list[str]) -> list[str]:
    """``head`` and the items joined by commas, on as many lines of 80 columns as they take, each line but
    the first indented under the first item; never cut inside an item."""
    lines = [head]
    for number, item in enumerate(items):
        text = item + ("," if number < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(text) > 80 and lines[-1].strip():
            lines.append(" " * len(head) + text)
        else:
            lines[-1] += ("" if lines[-1] == head else " ") + text
    return lines


def _treasure_forms(tokens: list[int]) -> list[str]:
    """A house's treasure in words, from the fullest: ``Fan, Scroll, red Jade, red Gold``, then the red ones
    said once (``Fan, Scroll; red: Jade, Gold``); ``-`` for none."""
    if not tokens:
        return ["-"]
    plain = [0] * 5
    red = [0] * 5
    for token in tokens:
        (red if token >= 5 else plain)[token % 5] += 1
    forms = [loot_words(tokens)]
    if any(red):
        reds = ", ".join(treasure_parts(red, article=False))
        forms.append(f"{', '.join(treasure_parts(plain, article=False))}; red: {reds}" if any(plain)
                     else f"red: {reds}")
    return forms


def _tokens(tokens: list[int]) -> str:
    """Treasure tokens as the houses show them: ``f v j*`` (a ``*`` after a red one)."""
    return " ".join(TREASURES[token % 5] + ("*" if token >= 5 else "") for token in tokens)


# ---------------------------------------------------------------------------------------------- prompts


def explain_illegal(state: NinjatoState, seat: int, action: str) -> str | None:
    """Why ``action`` is not legal, where a reason can be given (else the engine names the decision)."""
    kind = state.frames[-1].kind if state.frames else ""
    if kind == "fight" and action == "lose" and not state.may_give_up:
        return "a single card of yours beats this guard, and at this table a raider who can win must fight"
    if kind != "place":
        return None
    if len(action) == 3 and action[0] == "h" and action[1] in "12345" and action[2] in "+-":
        house = int(action[1]) - 1
        if state.sentries[house] < 0:
            return f"house {house + 1} was cleared this round: it has no treasure until the round ends"
        return f"the {SIDE_NAMES['+-'.index(action[2])]} side of house {house + 1} already holds a shuriken this round"
    if action.startswith("rum:") and len(state.pavilion_seats) >= state.pavilion_spots:
        return f"the Pavilion takes {state.pavilion_spots} shuriken a round and is full"
    if action.startswith("env:") and len(state.palace_seats) >= state.palace_spots:
        return f"the Palace takes {state.palace_spots} shuriken a round and is full"
    if action.startswith(("rum:", "env:")):
        code = action.split(":")[1] if action.count(":") >= 1 else ""
        display = [RUMOR_CODES[r] for r in state.rup] if action.startswith("rum:") else [ENVOY_CODES[e] for e in
                                                                                          state.vup]
        if code not in display:
            return f"{code[:8]!r} is not face up; face up: {', '.join(display) or 'none'}"
        if action.count(":") == 1:
            return "name the treasure you pay with, e.g. " + action + ":jf"
        return "you cannot pay that with your treasure (" + (_purse(state.purse[seat]) or "none") + ")"
    if action.startswith("sen:"):
        if not state.offer:
            return "the Sensei has no tile left this round"
        offered = ", ".join(TILE_CODES[tile] for tile in state.offer)
        return f"the Sensei offers {offered}; a tile costs a card of its value ('?': any, sen:<tile>=<value>), " \
               "free if you hold a tile of its style"
    return None


__all__ = ["envoy_words", "explain_illegal", "observe", "render", "rumor_words", "shuriken_left"]
