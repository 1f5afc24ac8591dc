"""Every kind of card, tile and token as a player reads it (the engine's ``card_catalog``).

Codes are unique, and written as in actions: ``3`` a Dojo card, ``t6`` a tile kind, ``f`` a treasure,
``3a`` a Guard, ``o42`` an Elite, ``rum:w`` the Greatest Warrior Rumors (``rum:w1``-``rum:w6``),
``env:t`` the Taira Envoys, ``m:t`` the Taira markers (``m:t8``).
"""

from __future__ import annotations

from ninjadojo.engine.state import CardInfo
from ninjadojo.games.ninjato.cards import (
    CLAN_NAMES,
    CLANS,
    DOJO_COUNTS,
    DOJO_VALUES,
    ELITE_NAMES,
    ELITES,
    ENVOYS,
    GUARDS,
    MARKER_VALUES,
    RUMOR_KINDS,
    RUMORS,
    TILE_KINDS,
    TILE_ROWS,
    TREASURE_COUNTS,
    TREASURE_NAMES,
    TREASURE_VALUE,
    TREASURES,
)
from ninjadojo.games.ninjato.nouns import tile_name

#: Short texts (at most 40 characters) shown beside a tile in a hand or an offer.
TILE_SHORT = {
    "s1": "Snake: -1 to a card (Stealth)",
    "s2": "Snake: -2 to a card (Stealth)",
    "t1": "Tiger: +1 to a card (Strength)",
    "t6": "Tiger: a card becomes a 6 (Strength)",
    "c2": "Crane: a card of its own, 2 or 4",
    "c1": "Crane: a card of its own, 1 or 5",
    "hj": "doubles a masked Envoy at scoring",
}

TILE_TEXT = {
    "s1": "Snake style. Flip it in a raid to take 1 from one Dojo card you play (Stealth wants low cards).",
    "s2": "Snake style. Flip it in a raid to take 2 from one Dojo card you play (Stealth wants low cards).",
    "t1": "Tiger style. Flip it in a raid to add 1 to one Dojo card you play (Strength wants high cards).",
    "t6": "Tiger style. Flip it in a raid to make one Dojo card you play a 6 (it takes no 3 as a modifier).",
    "c2": "Crane style. Flip it in a raid to play it as a single card: a 2 by Stealth, a 4 by Strength.",
    "c1": "Crane style. Flip it in a raid to play it as a single card: a 1 by Stealth, a 5 by Strength.",
    "hj": ("Hensojutsu, offered one a round in rounds 5-7, free but for the shuriken. When clans "
           "score after rounds 5 and 7 put it on one of your masked Envoys: that Envoy counts twice."),
}

RUMOR_TEXT = {
    "w": "Scores your defeated Elite Guards, times the set multiplier.",
    "p": "Scores your Rumors (this one included), times the set multiplier.",
    "f": "Scores your Envoys, times the set multiplier.",
    "a": "Scores your Sensei tiles (Hensojutsu included), times the set multiplier.",
    "d": "Scores 6 each if only you hold this kind, 4 each if two players do, 2 each if three or more do.",
}


def catalog() -> list[CardInfo]:
    """Dojo cards, Sensei tiles, Rumor kinds, Envoys by clan, guards, Elites, treasures and clan markers."""
    infos = [CardInfo(str(value), f"Dojo {value}",
                      f"Dojo card of value {value}" + (" (or +1/-1)" if value == 3 else ""),
                      f"A Dojo card of value {value} ({DOJO_COUNTS[value]} in the deck). Spend one as a single card in "
                      "a raid: higher than the guard by Strength, lower by Stealth; or pay a Sensei tile's cost."
                      + (" A 3 may instead join another card (not a 3) as +1 or -1: one single card." if value == 3
                         else "")) for value in DOJO_VALUES]
    seen: set[str] = set()
    for tile_row in TILE_ROWS:
        tile_kind = TILE_KINDS[tile_row.kind]
        if tile_kind.code in seen:
            continue
        seen.add(tile_kind.code)
        costs = sorted({("any card" if other.cost == 0 else str(other.cost)) for other in TILE_ROWS
                        if other.kind == tile_row.kind})
        price = ("" if tile_kind.code == "hj" else
                 f" Costs on the tiles: {', '.join(costs)} (free if you hold its style).")
        infos.append(CardInfo(tile_kind.code, f"{tile_name(tile_row.kind)} tile", TILE_SHORT[tile_kind.code],
                              TILE_TEXT[tile_kind.code] + price))
    set_rule = " The set multiplier: one Rumor of a kind ×1, two ×2, three ×4; a fourth starts a new set."
    for index, rumor_kind in enumerate(RUMOR_KINDS):
        prices = "; ".join(f"No. {row.code[1:]}: {row.cost.words()}" for row in RUMORS if row.kind == index)
        infos.append(CardInfo(f"rum:{rumor_kind.code}", f"Rumor: {rumor_kind.name}",
                              f"counts {rumor_kind.counts}",  # (its name says it is a Rumor)
                              RUMOR_TEXT[rumor_kind.code] + (set_rule if rumor_kind.code != "d" else "")
                              + f" Costs (Gold may stand for any treasure): {prices}. Known to all; scores at the "
                              "end."))
    for clan, code in enumerate(CLANS):
        rows = [row for row in ENVOYS if row.clan == clan]
        listed = "; ".join(f"No. {row.code[1:]}: {row.cost.words()} (year {row.age}{', masked' if row.mask else ''})"
                           for row in rows)
        infos.append(CardInfo(f"env:{code}", f"{CLAN_NAMES[clan]} Envoy", f"Envoy of the {CLAN_NAMES[clan]} clan",
                              f"Influence over the {CLAN_NAMES[clan]} clan for scoring after rounds 3, 5 and 7: most "
                              "Envoys (ties: the oldest, from the earliest year) takes the clan's marker points or a "
                              f"free Rumor, the second what is left. Pay its cost for honour. Cards: {listed}."))
    for guard in GUARDS:
        alarm = (" Revealed by Banzai its alarm adds a treasure from the bag and turns the highest plain one red: "
                 "an Elite guards it." if guard.alarm else "")
        infos.append(CardInfo(guard.code, f"Guard {guard.value}" + (" (alarm)" if guard.alarm else ""),
                              # A plain Guard's name says all a short text would.
                              "alarm: adds an Elite" if guard.alarm else "",
                              f"A Guard of value {guard.value} ({guard.copies} copies): beat it with a single card "
                              f"higher (Strength) or lower (Stealth)." + alarm))
    for elite, name in zip(ELITES, ELITE_NAMES, strict=True):
        if elite.people == 1:
            need = f"one person: Strength over {elite.first}, Stealth under {elite.second}"
            short = f"Strength over {elite.first} or Stealth under {elite.second}"  # whole in 40 letters
        else:
            need = f"two people: beat {elite.first}, then {elite.second}"
            short = f"Elite, {need}"
        infos.append(CardInfo(elite.code, name, short,
                              f"An Elite Guard ({elite.copies} copies), {need}, each with its own single card, and "
                              f"no card spent unless all can be beaten. Defeated, you keep it: {elite.points} point"
                              f"{'s' * (elite.points > 1)} at the end and one for Greatest Warrior."))
    for token, code in enumerate(TREASURES):
        worth = "any other treasure" if code == "g" else f"{TREASURE_VALUE[token]} honour when spent"
        infos.append(CardInfo(code, TREASURE_NAMES[token], f"treasure: {worth}",
                              f"{TREASURE_NAMES[token]} ({TREASURE_COUNTS[token]} of 90): {worth}; 1 point if unspent "
                              "at the end." + (" Counts as the highest treasure; paying an 'of one kind' cost with "
                                               "Gold alone counts it as Jade." if code == "g" else "")))
    markers = ", ".join(map(str, MARKER_VALUES))
    for clan, code in enumerate(CLANS):
        infos.append(CardInfo(f"m:{code}", f"{CLAN_NAMES[clan]} marker", f"clan marker, {markers}",
                              f"The {CLAN_NAMES[clan]} clan's markers ({markers}): a house's clan. A clan's house "
                              "points are its markers' values on the houses. Whoever clears a house picks its new "
                              "marker from another clan."))
    return infos
