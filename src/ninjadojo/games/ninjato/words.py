"""Ninjato in words for players: a plain sentence for each decision (:func:`prompt`), words for each legal
action (:func:`label`) and, at the end, how each score is counted (:func:`score_lines`).

The action texts (``h3+``, ``rum:w1:fj``, ``5+.t1``) stay the notation and the terminal's shortcuts; these
words never show them. Seats are written ``P<n>``; drivers put the table's names in.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.games.ninjato.cards import (
    CLAN_NAMES,
    DISHONOR,
    DISHONOR_POINTS,
    ELITE_NAMES,
    ELITE_POINTS,
    ELITES,
    GUARD_VALUE,
    HJ,
    MARKERS,
    ROUNDS,
    RUMOR_KIND_OF,
    RUMOR_KINDS,
    RUMORS,
    SCORING_ROUNDS,
    TILE_COST,
    TILE_KIND_OF,
    TILE_KINDS,
    TREASURES,
    UNSPENT_POINTS,
    draw_count,
    set_multiplier,
)
from ninjadojo.games.ninjato.effects import (
    SIDE_NAMES,
    clan_points,
    clan_standing,
    final_points,
    rumor_points,
    token_name,
)
from ninjadojo.games.ninjato.encode import (
    OP_ATTACK,
    OP_BANZAI,
    OP_DOJO,
    OP_DRAW,
    OP_ENVOY,
    OP_FREE_RUMOR,
    OP_KEEP,
    OP_LOSE,
    OP_MARKER,
    OP_MASK,
    OP_PLAY,
    OP_POINTS,
    OP_RETREAT,
    OP_RUMOR,
    OP_SENSEI,
    STRENGTH,
    Payload,
    beats,
    play_value,
    plays,
)
from ninjadojo.games.ninjato.nouns import (
    envoy_name,
    foe_words,
    free_rumor_words,
    listing,
    play_words,
    plural,
    rumor_name,
    tile_name,
    tokens_words,
    treasure_words,
)
from ninjadojo.games.ninjato.rules import legal, threshold

if TYPE_CHECKING:
    from ninjadojo.games.ninjato.state import NinjatoState

__all__ = ["foe_words", "label", "prompt", "score_lines"]


# ---------------------------------------------------------------------------------------------- the foe


def _direction(side: int) -> str:
    return "higher" if side == STRENGTH else "lower"


def _house_words(state: NinjatoState, house: int) -> str:
    clan, value = MARKERS[state.markers[house]]
    return f"house {house + 1} ({CLAN_NAMES[clan]} {value})"


# ---------------------------------------------------------------------------------------------- prompts


def prompt(state: NinjatoState, seat: int, frame: Frame) -> str:
    """A plain sentence for ``seat``'s decision in ``frame`` (what to decide, never the notation)."""
    kind = frame.kind
    if kind == "place":
        return _place_prompt(state, seat)
    if kind == "draw":
        left = frame.data["left"]
        assert isinstance(left, int)
        # The count still to draw, this one included (the frame does not say whether it is the first).
        which = f"a Dojo card ({left} to draw, one at a time)" if left > 1 else "your last Dojo card of this visit"
        if not (state.deck or any(state.discard)):
            return f"Draw {which}: the deck and its discards are empty, so take a face-up card"
        rest = " (a card from the deck makes the rest of this draw blind)" if state.face_up_first and left > 1 else ""
        return f"Draw {which}: take a face-up card or the top card of the deck{rest}"
    if kind == "fight":
        return _fight_prompt(state, seat, frame)
    if kind == "press":
        return (f"You beat the guard; on your shuriken: {tokens_words(state.raid_loot)}. Call Banzai to face the "
                "next guard for more, or retreat and keep what you have")
    if kind == "keep":
        return (f"You are defeated: keep one treasure of your shuriken ({tokens_words(state.raid_loot)}); "
                "the rest go back to the house")
    if kind == "marker":
        house = frame.data["house"]
        assert isinstance(house, int)
        old = CLAN_NAMES[MARKERS[state.markers[house]][0]]
        return f"You cleared house {house + 1}: choose its new clan marker, from a clan other than the {old}"
    if kind == "disguise":
        return ("Clan scoring: put a Hensojutsu tile on one of your masked Envoys; it counts as two Envoys "
                "this scoring")
    if kind == "favour":
        clan = frame.data["clan"]
        assert isinstance(clan, int)
        if frame.data["rank"] == 1:
            standing = clan_standing(state, clan)
            why = "most Envoys"
            if len(standing) > 1 and standing[1][1] == standing[0][1]:
                # A tie on Envoys is broken by the oldest: say so, or "most" reads wrong.
                why = (f"as many Envoys as P{standing[1][0]}, and the oldest, from year {standing[0][2]} against "
                       f"year {standing[1][2]}")
            # With nobody second (no other seat holds an Envoy of the clan), what is not taken goes to no one.
            other = "the second gets the other" if len(standing) > 1 else "nobody is second: the other goes to no one"
            return (f"You lead the {CLAN_NAMES[clan]} ({why}): take its house points "
                    f"({clan_points(state, clan)} honour) or a free face-up Rumor; {other}")
        return f"You are second for the {CLAN_NAMES[clan]}: take a free face-up Rumor"
    return kind.replace("-", " ")


def _place_prompt(state: NinjatoState, seat: int) -> str:
    from ninjadojo.games.ninjato.view import shuriken_left

    moves = legal(state, seat, state.frames[-1]).values()
    ops = {payload[0] for payload in moves}
    places = ["the Dojo"]
    if OP_SENSEI in ops:
        places.append("the Sensei")
    sides = {payload[2] for payload in moves if payload[0] == OP_ATTACK}
    if sides:
        places.append("a clan house (by " + " or ".join(SIDE_NAMES[side] for side in sorted(sides)) + ")")
    if OP_RUMOR in ops:
        places.append("the Pavilion (a Rumor)")
    if OP_ENVOY in ops:
        places.append("the Palace (an Envoy)")
    left = plural(shuriken_left(state, seat), "shuriken", "shuriken")
    where = ", ".join(places[:-1]) + " or " + places[-1] if len(places) > 1 else places[0]
    return f"Place a shuriken ({left} left this round): {where}"


def _fight_prompt(state: NinjatoState, seat: int, frame: Frame) -> str:
    stage = frame.data["stage"]
    assert isinstance(stage, int)
    side = state.raid_side
    target = threshold(state, stage)
    foe = foe_words(state, stage)
    moves = legal(state, seat, frame)
    need = f"a single card {_direction(side)} than {target}"
    # A 3 that adds or takes 1 makes the card's value, not a second card: said where a play uses one.
    if any(payload[0] == OP_PLAY and payload[2] for payload in moves.values()):  # (OP_PLAY, card, modifier, ...)
        need += " (a 3 may add or take 1 from it)"
    elite = state.raid_elite
    if list(moves) == ["lose"]:
        if stage == 0 and elite >= 0 and ELITES[elite].people == 2:
            # A card is spent only when both people can be beaten (ruling 4): one card that beats the
            # first is not enough, and the prompt must not say the player holds none.
            return (f"{SIDE_NAMES[side]} against {foe}: nothing you hold beats both people ({need} for the "
                    f"first, and another {_direction(side)} than {ELITES[elite].second} for the second), so "
                    f"you are defeated")
        return f"{SIDE_NAMES[side]} against {foe}: nothing you hold makes {need}, so you are defeated"
    second = ""
    if stage == 0 and elite >= 0 and ELITES[elite].people == 2:
        second = f" and keep one that beats the second ({_direction(side)} than {ELITES[elite].second})"
    give_up = ", or give up and lose" if state.may_give_up else " (you may not give up while a card wins)"
    return f"{SIDE_NAMES[side]} against {foe}: beat it with {need}{second}{give_up}"


# ---------------------------------------------------------------------------------------------- labels


def label(state: NinjatoState, seat: int, frame: Frame, action: str, payload: Payload) -> str:
    """Words for ``seat``'s legal ``action`` (its ``payload``) in ``frame``: what it does, with the numbers
    the choice is made by (honour a purchase scores, the value a fight play makes, an Envoy's age)."""
    op = payload[0]
    if op == OP_DOJO:
        count = draw_count(state.hand_size(seat))
        leads = " (the last to come leads next round)" if state.round < ROUNDS else ""
        return f"Go to the Dojo: draw {plural(count, 'Dojo card')}{leads}"
    if op == OP_SENSEI:
        return _sensei_label(state, seat, payload[1], payload[2])
    if op == OP_ATTACK:
        house, side = payload[1], payload[2]
        sentry = GUARD_VALUE[state.sentries[house]]
        # A raid nothing in the hand can win is legal (and loses the shuriken at once): said, so that
        # nobody takes it by mistake.
        hopeless = not any(beats(value, sentry, side) for _, _, value in
                           plays(state.hands[seat], state.ready(seat), side, state.stack_tiles, state.crane_as_card))
        label = f"Raid {_house_words(state, house)} by {SIDE_NAMES[side]}: its Sentry is a {sentry}, play " \
                f"{_direction(side)}"
        if hopeless:
            return label + " (nothing you hold beats it: you would be defeated at once)"
        if state.treasure[house] and all(token >= 5 for token in state.treasure[house]):
            # Beating the Sentry takes a plain treasure: a house of red ones gives it nothing.
            return label + " (all its treasure is red: beating the Sentry takes none; Elites guard it)"
        return label
    if op in (OP_RUMOR, OP_ENVOY):
        card, honour, counts = payload[1], payload[2], payload[3:]
        if op == OP_ENVOY:
            return f"Buy {envoy_name(card)} at the Palace with {treasure_words(counts)}: {honour} honour"
        cost = RUMORS[card].cost
        # Another Rumor of its kind bought with the same payment (a label beside this one that differs only
        # by the cost it says).
        twin = any(other != card and RUMOR_KIND_OF[other] == RUMOR_KIND_OF[card] for other in state.rup) and any(
            each[0] == OP_RUMOR and each[1] != card and RUMOR_KIND_OF[each[1]] == RUMOR_KIND_OF[card]
            and tuple(each[3:]) == tuple(counts) for each in legal(state, seat, frame).values())
        if not twin and cost.kinds and sorted(cost.kinds) == sorted(
                TREASURES[kind] for kind, count in enumerate(counts) for _ in range(count)):
            # Paid with exactly its cost: the payment names the Rumor, and "(cost: a Fan) ... with a Fan" said
            # it twice. Not when another Rumor of its kind is up: its label says its cost, and two Rumors of
            # one name, one with a cost and one without, read as the same card twice.
            return (f"Buy the Rumor {RUMOR_KINDS[RUMOR_KIND_OF[card]].name} at the Pavilion with "
                    f"{treasure_words(counts)}: {honour} honour")
        return f"Buy {rumor_name(card)} at the Pavilion with {treasure_words(counts)}: {honour} honour"
    if op == OP_DRAW:
        if payload[1]:
            return f"Take the face-up {payload[1]}"
        left = frame.data.get("left")
        blind = " (the rest of this draw comes from the deck too)" if state.face_up_first and left != 1 else ""
        return "Draw the top card of the deck" + blind
    if op == OP_PLAY:
        card, modifier, tile, more = payload[1], payload[2], payload[3], payload[4:]
        words = play_words(card, modifier, tile, more, state.raid_side)
        value = play_value(card, modifier, tile, state.raid_side, more)
        plain = card and not modifier and tile < 0 and not more
        return f"Fight with {words}" + ("" if plain or (card == 0 and not modifier and not more)
                                        else f": value {value}")
    if op == OP_LOSE:
        return "Give up: you are defeated" if len(legal(state, seat, frame)) > 1 else "Accept defeat"
    if op == OP_BANZAI:
        remaining = state.treasure[state.raid_house]
        guard = "a Guard" if remaining and remaining[0] < 5 else "an Elite"
        label = f"Call Banzai: face {guard} for the next treasure (the house holds {tokens_words(remaining)})"
        if not any(True for _ in plays(state.hands[seat], state.ready(seat), state.raid_side, state.stack_tiles,
                                       state.crane_as_card)):
            # Nothing left to fight with: said, as a hopeless raid is (the guard's value is still hidden).
            return label + "; nothing you hold can fight: you would be defeated at once"
        return label
    if op == OP_RETREAT:
        return f"Retreat with {tokens_words(state.raid_loot)}"
    if op == OP_KEEP:
        return f"Keep the {token_name(payload[1])}"
    if op == OP_MARKER:
        cleared = frame.data["house"]
        assert isinstance(cleared, int)
        new_clan, value = MARKERS[payload[1]]
        after = clan_points(state, new_clan) + value  # the marker it replaces is another clan's
        return (f"Raise the {CLAN_NAMES[new_clan]} {value} marker over house {cleared + 1}: the "
                f"{CLAN_NAMES[new_clan]} house points become {after}")
    if op == OP_MASK:
        return f"Put Hensojutsu on {envoy_name(payload[1])}: it counts twice this scoring"
    if op == OP_POINTS:
        scoring = frame.data["clan"]
        assert isinstance(scoring, int)
        return f"Take the {CLAN_NAMES[scoring]} house points: {clan_points(state, scoring)} honour"
    assert op == OP_FREE_RUMOR
    return f"Take {free_rumor_words(payload[1])}"


def _sensei_label(state: NinjatoState, seat: int, tile: int, paid: int) -> str:
    kind = TILE_KIND_OF[tile]
    name = tile_name(kind)
    if kind == HJ:
        return f"Learn {name} at the Sensei (free): it doubles a masked Envoy at clan scoring"
    cost = TILE_COST[tile]
    if paid:
        # A tile is paid with one card of its value, so the card discarded is the cost: said once. The card
        # ends the label: choices cut to a line keep their ends, and "discard a 3" / "a 4" tell them apart.
        paying = "any card" if cost == 0 else "its cost"
        return f"Learn the {name} tile at the Sensei for {paying}: discard a {paid}"
    # Free: its cost is not paid, so not said ("costing a 3 ... for free" read as a contradiction).
    style = TILE_KINDS[kind].style.capitalize()
    return f"Learn the {name} tile at the Sensei for free (you hold a {style} tile)"


# ---------------------------------------------------------------------------------------------- the final count

_SCORING = re.compile(r"Scoring after round (\d+)$")
_POINTS = re.compile(r"P(\d+) takes the (.+) house points: (\d+) honour$")
# (Games logged before the Rumor was said "free of its cost (...)" said "(cost: ...) for free".)
_FREE = re.compile(r"P(\d+) takes the Rumor (.+?)"
                   r"(?: \(cost: [^()]+\) for free| for free| free of its cost \([^()]+\))$")
_START = "Round 1: turn order"


def _clan_scorings(state: NinjatoState, player: int) -> dict[int, list[tuple[str, int]]] | None:
    """What ``player`` got at each clan scoring, with its honour (``{3: [("the Taira house points", 8)]}``),
    read from the game's log; ``None`` when the log does not go back to the first round (a game set up
    mid-way)."""
    texts = [event.text for event in state.events]
    if not texts or not texts[0].startswith(_START):
        return None
    found: dict[int, list[tuple[str, int]]] = {number: [] for number in SCORING_ROUNDS}
    current = 0
    for text in texts:
        text = text.strip()
        if match := _SCORING.match(text):
            current = int(match.group(1))
        elif current and (match := _POINTS.match(text)) and int(match.group(1)) == player:
            found[current].append((f"the {match.group(2)} house points ({match.group(3)})", int(match.group(3))))
        elif current and (match := _FREE.match(text)) and int(match.group(1)) == player:
            found[current].append((f"the free Rumor {match.group(2)}", 0))
    return found


_TIMES = {2: "twice", 3: "three times", 4: "four times"}


def repeats_counted(names: list[str]) -> list[str]:
    """``names`` in their order, each said once with how many times it came (``["Sensei twice", "Fan"]``):
    two free Rumors alike read "Master of the Secret Art and Master of the Secret Art"."""
    return [name if count == 1 else f"{name} {_TIMES.get(count, f'{count} times')}"
            for name, count in Counter(names).items()]  # (a Counter keeps the order names first came in)


def score_lines(state: NinjatoState, player: int) -> list[str]:
    """How ``player``'s final score is counted, as the rulebook counts it: the honour of the game (what
    buying Rumors and Envoys scored, and each clan scoring after rounds 3, 5 and 7), then the end: each
    kind of Rumor by its sets, unspent treasure and defeated Elites; then the total."""
    honour, rumors, unspent, elites = final_points(state, player)
    lines: list[str] = []
    scorings = _clan_scorings(state, player)
    if scorings is None:
        lines.append(f"Honour during the game (buying Rumors and Envoys, clan scoring): {honour}")
    else:
        from_clans = 0
        for number, gains in scorings.items():
            points = sum(honour for _, honour in gains)
            from_clans += points
            # A free Rumor's points come at the end, in its sets: said once, not left to read as worth 0.
            free = repeats_counted([words.removeprefix("the free Rumor ") for words, _ in gains
                                    if words.startswith("the free Rumor")])
            parts = [words for words, _ in gains if not words.startswith("the free Rumor")]
            if free:
                # (Said of any seat: the end table shows every seat's lines, not only this page's.)
                parts.append(f"the free Rumor{'s' if len(free) > 1 else ''} {listing(free)} (counted with the "
                             "Rumors below)")
            got = listing(parts) or "nothing"
            lines.append(f"Clan scoring after round {number}: {got}: {points}")
        lines.insert(0, f"Honour for treasure spent on Rumors and Envoys: {honour - from_clans}")
    lines += _rumor_lines(state, player)
    treasure = sum(state.purse[player])
    lines.append(f"Unspent treasure: {plural(treasure, 'treasure')} at {UNSPENT_POINTS} each: {unspent}")
    defeated = [(elite, count) for elite, count in enumerate(state.elites[player]) if count]
    if defeated:
        each = listing([f"{ELITE_NAMES[elite]} ({plural(ELITE_POINTS[elite], 'point')})" if count == 1
                        else f"{count} × {ELITE_NAMES[elite]} ({plural(ELITE_POINTS[elite], 'point')} each)"
                        for elite, count in defeated])
        lines.append(f"Elite Guards defeated: {each}: {elites}")
    else:
        lines.append("Elite Guards defeated: none: 0")
    lines.append(f"Total: {honour + rumors + unspent + elites}")
    return lines


def _sets_words(count: int) -> str:
    """``× 4 (a set of 3)``, ``× 6 (×4 for a set of 3, ×2 for a set of 2)``: the multiplier the sets of
    ``count`` Rumors of one kind make, and the sets (read after the count they multiply)."""
    threes, rest = divmod(count, 3)
    if threes + (rest > 0) == 1:
        return f"× {set_multiplier(count)} (a set of {count})"
    # (the sign of times, as in the count's own "× 6", not the letter x)
    parts = [f"×{set_multiplier(3)} for a set of 3" if threes == 1
             else f"×{set_multiplier(3)} for each of {threes} sets of 3"]
    if rest:
        parts.append(f"×{set_multiplier(rest)} for a set of {rest}")
    return f"× {set_multiplier(count)} ({', '.join(parts)})"


def _rumor_lines(state: NinjatoState, player: int) -> list[str]:
    counts = [0] * len(RUMOR_KINDS)
    for rumor in state.rumors[player]:
        counts[RUMOR_KIND_OF[rumor]] += 1
    points = rumor_points(state, player)
    bases = (plural(sum(state.elites[player]), "Elite defeated", "Elites defeated"),
             plural(len(state.rumors[player]), "Rumor"), plural(len(state.envoys[player]), "Envoy"),
             plural(sum(state.tiles[player]), "Sensei tile"))
    lines = []
    for kind, count in enumerate(counts):
        if not count:
            continue
        # "Greatest Warrior (2 Rumors)": the kind, then how many are held (a count, not a multiplier).
        name = f"{RUMOR_KINDS[kind].name} ({plural(count, 'Rumor')})"
        if kind == DISHONOR:
            holders = sum(1 for other in range(state.num_players)
                          if any(RUMOR_KIND_OF[rumor] == DISHONOR for rumor in state.rumors[other]))
            each = DISHONOR_POINTS[min(holders, 3)]
            lines.append(f"{name}: {plural(holders, 'player holds', 'players hold')} one, so "
                         f"{plural(each, 'point')} a Rumor: {points[kind]}")
        else:
            lines.append(f"{name}: {bases[kind]} {_sets_words(count)}: {points[kind]}")
    if not lines:
        lines.append("Rumors: none: 0")
    return lines

