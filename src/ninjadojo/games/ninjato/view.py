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
from typing import TYPE_CHECKING

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games.ninjato.cards import (
    CLAN_COLOURS,
    CLAN_NAMES,
    DOJO_VALUES,
    ELITE_CODES,
    ELITE_NAMES,
    ELITES,
    ENVOY_AGE,
    ENVOY_CODES,
    ENVOY_MASK,
    ENVOYS,
    GUARD_CODES,
    GUARD_VALUE,
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
    TILE_KIND_CODES,
    TILE_KIND_OF,
    TILE_KINDS,
    TREASURES,
)
from ninjadojo.games.ninjato.effects import PHASE_NAMES, PLAY, SIDE_NAMES, clan_points, clan_standing
from ninjadojo.games.ninjato.encode import STRENGTH
from ninjadojo.games.ninjato.notation import token_text
from ninjadojo.games.ninjato.nouns import plural
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


def _foe_words(state: NinjatoState) -> str:
    """What the raider faces and what beats it: ``the Elite 4/2: a card higher than 4 wins``."""
    side = state.raid_side
    direction = "higher" if side == STRENGTH else "lower"
    elite = state.raid_elite
    if elite >= 0 and ELITES[elite].people == 2:
        row = ELITES[elite]
        return f"the {ELITE_NAMES[elite]}: a card {direction} than {row.first}, then {row.second}"
    return f"{foe_words(state)}: a card {direction} than {threshold(state, 0)} wins"


def _fit(*candidates: str) -> str:
    """The first of ``candidates`` that fits 80 columns (the last, cut, if none does)."""
    for text in candidates:
        if len(text) <= 80:
            return text
    return candidates[-1][:80]


def _clan_line(state: NinjatoState, clan: int, rank: int) -> str:
    """A clan in its scoring order: its house points and who holds its Envoys, with the oldest age (ties)."""
    standing = clan_standing(state, clan)
    head = f"{rank}. {CLAN_NAMES[clan]} {clan_points(state, clan)} pts, Envoys:"
    if not standing:
        return f"{head} none"
    return _fit(head + "".join(f" P{seat} {count} (year {age})" for seat, count, age in standing),
                head + "".join(f" P{seat} {count} ({age})" for seat, count, age in standing),
                head.replace(", Envoys:", ":") + "".join(f" P{seat} {count}({age})" for seat, count, age in standing))


def _seat_line(state: NinjatoState, other: int, seat: int | None, acting: int) -> str:
    mark = ">" if other == acting else " "
    you = " (you)" if other == seat else ""
    tiles = [TILE_KIND_CODES[TILE_KIND_OF[tile]] for tile, count in enumerate(state.tiles[other]) for _ in range(count)]
    used = list(state.flipped[other])
    shown = []
    for code in sorted(tiles, key=lambda text: TILE_KIND_CODES.index(text)):
        kind = TILE_KIND_CODES.index(code)
        if used[kind]:
            used[kind] -= 1
            shown.append(code + "*")
        else:
            shown.append(code)
    elites = [ELITE_CODES[elite] for elite, count in enumerate(state.elites[other]) for _ in range(count)]
    if state.result is not None:
        # The game is over: every hand is shown.
        cards = "cards " + ("".join(str(value) for value in DOJO_VALUES for _ in range(state.hands[other][value]))
                            or "none")
    else:
        known = [str(value) for value in DOJO_VALUES for _ in range(state.known[other][value])]
        cards = plural(state.hand_size(other), "card") + (f" ({''.join(known)} known)" if known and other != seat
                                                          else "")
    head = (f"{mark}P{other}{you}: {state.honour[other]} honour, {shuriken_left(state, other)} shuriken, {cards}, "
            f"${_purse(state.purse[other]) or '-'}")
    rumors = [RUMOR_CODES[rumor] for rumor in state.rumors[other]]
    kinds = sorted({code[0] for code in rumors})
    rumor_kinds = [f"{kind}x{sum(1 for code in rumors if code[0] == kind)}" for kind in kinds]
    full = [("tiles", shown), ("rumors", rumors), ("elites", elites)]
    short = [("tiles", shown), ("rumors", rumor_kinds), ("elites", [str(len(elites))] if elites else [])]
    return _fit(head + "".join(f"  {name} {' '.join(items)}" for name, items in full if items),
                head + "".join(f" {name} {' '.join(items)}" for name, items in short if items),
                head + "".join(f" {name} {','.join(items)}" for name, items in short if items),
                head + f" tiles {','.join(shown) or '-'}" + "".join(f" {plural(len(items), name[:-1])}"
                                                                 for name, items in full[1:] if items),
                head + "".join(f" {plural(len(items), name[:-1])}" for name, items in full if items))


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
    for house in range(HOUSES):
        clan, value = MARKERS[state.markers[house]]
        sentry = state.sentries[house]
        guard = "cleared" if sentry < 0 else f"Sentry {GUARD_VALUE[sentry]}"
        tokens = " ".join(TREASURES[token % 5] + ("*" if token >= 5 else "") for token in state.treasure[house])
        sides = " ".join(f"{mark}:{'.' if spot < 0 else f'P{spot}'}" for mark, spot in
                         zip("+-", state.spots[2 * house:2 * house + 2], strict=True))
        name = paint(f"{CLAN_NAMES[clan]} {value}", CLAN_COLOURS[clan])
        pad = " " * (16 - len(f"{CLAN_NAMES[clan]} {value}"))
        lines.append(f"house {house + 1} {name}{pad}{guard:<10} {tokens or '-':<16} {sides}")
    offer = " ".join(TILE_CODES[tile] for tile in state.offer) or "-"
    lines.append(_fit(f"Dojo up {' '.join(map(str, state.up)) or '-'}, deck {len(state.deck)}, came "
                      f"{' '.join(f'P{other}' for other in state.dojo_stack) or '-'} | Sensei {offer} | bag "
                      f"{sum(state.bag)}"))
    lines.append(_fit(f"Pavilion {len(state.pavilion_seats)}/{state.pavilion_spots}: "
                      + (" ".join(rumor_words(rumor) for rumor in state.rup) or "-")))
    palace = f"Palace {len(state.palace_seats)}/{state.palace_spots}: "
    lines.append(_fit(palace + (" ".join(envoy_words(envoy, age=True) for envoy in state.vup) or "-"),
                      palace + (" ".join(envoy_words(envoy) for envoy in state.vup) or "-")))
    for rank, clan in enumerate(SCORING_ORDER[coming], start=1):
        name = CLAN_NAMES[clan]
        lines.append(_clan_line(state, clan, rank).replace(name, paint(name, CLAN_COLOURS[clan]), 1))
    for other in range(state.num_players):
        lines.append(_seat_line(state, other, seat, acting))
    if state.raider >= 0:
        where = f"raid: P{state.raider} on house {state.raid_house + 1} by {SIDE_NAMES[state.raid_side]}, on the " \
                f"shuriken {_tokens(state.raid_loot) or 'nothing'}"
        facing = f"facing {_foe_words(state)}"
        if len(where) + 2 + len(facing) <= 80:
            lines.append(paint(f"{where}; {facing}", "red"))
        else:
            lines += [paint(_fit(where), "red"), paint(_fit("  " + facing), "red")]
    elif state.masks:
        lines.append(_fit("under Hensojutsu (count twice): " + " ".join(ENVOY_CODES[envoy] for envoy in state.masks)))
    if seat is not None:
        hand = " ".join(str(value) for value in DOJO_VALUES for _ in range(state.hands[seat][value])) or "no cards"
        line = paint("your hand: ", "bold") + hand + (" (a 3 may be +1/-1 on another card)" if state.hands[seat][3]
                                                      else "")
        lines.append(line)
        tiles = [tile for tile, count in enumerate(state.tiles[seat]) for _ in range(count)]
        if tiles:
            ready = list(state.ready(seat))
            words = []
            for kind in sorted({TILE_KIND_OF[tile] for tile in tiles}):
                count = state.kinds[seat][kind]
                free = ready[kind]
                words.append(f"{TILE_KINDS[kind].name} ({TILE_KIND_CODES[kind]})" + (f" x{count}" if count > 1 else "")
                             + ("" if free == count else " used" if not free else f" {count - free} used"))
            lines.append(_fit("your tiles: " + ", ".join(words),
                              "your tiles: " + ", ".join(word.split(" (")[0] + word[word.index(")") + 1:]
                                                         for word in words)))
    if state.result is not None:
        lines += [paint(part, "green") for part in textwrap.wrap(state.result.reason, 80)]
    return "\n".join(lines)


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
