"""Ninja Camp in the players' words: prompts, the words of every legal action, the log's move lines,
the end reason and the final count.

Squares keep the board's coordinates (``b2``: column letter, row number, ``a1`` bottom left, as the
picture and the browser label them) and say what lies there: "move from b2 to b5 (a Sprint) and claim
the Ambush on b2". Seats are written ``P<n>``: drivers put the table's names in. Nothing here writes
the notation (``E:b2-b5``, ``@c3``, ``take:b2``): that stays the terminal's shortcut.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ninjadojo.engine.frames import Frame
from ninjadojo.engine.words import listing, plural, with_article
from ninjadojo.games.ninja_camp.cards import (
    CARD_TABLE,
    CLAN_TABLE,
    LETTERS,
    NAMES,
    NINJAS_PER_PLAYER,
    POINTS,
    SHADOW,
    SKILLS,
)
from ninjadojo.games.ninja_camp.moves import CLAN_CARD
from ninjadojo.games.ninja_camp.rules import (
    AMBUSH_PUSH,
    GOAT_PUSH,
    PASS,
    PLACE,
    PLATYPUS_DONE,
    PLATYPUS_MORE,
    PLATYPUS_STEP,
    SLOTH_CLAIM,
    STEALTH_CLAIM,
    SWAP,
    TAKE,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninja_camp.moves import Payload
    from ninjadojo.games.ninja_camp.state import NinjaCampState

#: The plural of each card kind's name, by kind ("Ambushes"); index 0 (an empty space) is unused.
PLURALS: tuple[str, ...] = tuple(name + ("es" if name.endswith("sh") else "s") for name in NAMES)
_ORDINALS = ("first", "second", "third")


def points(count: int) -> str:
    """``1 point``, ``5 points``, ``-1 point``."""
    return plural(count, "point")


#: Each card kind with its article, by kind (``an Ambush``): a move's log line names one.
_WITH_ARTICLE: tuple[str, ...] = tuple(with_article(name) for name in NAMES)


def a_card(kind: int) -> str:
    """The card kind with its article: ``an Ambush``, ``a Sprint``."""
    return _WITH_ARTICLE[kind]


def square(state: NinjaCampState, at: int) -> str:
    """A square and what lies there: ``b5 (a Sprint)``."""
    return f"{state.grid.names[at]} ({_WITH_ARTICLE[state.cells[at]]})"


def card_on(state: NinjaCampState, at: int) -> str:
    """The card on a square as claimed: ``the Ambush on b2``."""
    return f"the {NAMES[state.cells[at]]} on {state.grid.names[at]}"


def ninja_of(state: NinjaCampState, seat: int, at: int) -> str:
    """Whose ninja stands on ``at``, as ``seat`` reads it: ``your ninja``, ``P1's ninja``."""
    owner = state.occupant[at]
    return "your other ninja" if owner == seat else f"P{owner}'s ninja"


def _card_played(state: NinjaCampState, seat: int, card: int) -> str:
    """The card of a move as a choice names it: ``Play Evade``, ``Play Shadow as Sprint``, ``Use the
    Goat Clan``."""
    if card >= CLAN_CARD:
        return f"Use the {CLAN_TABLE[card - CLAN_CARD].name} Clan"
    if card == SHADOW:
        return f"Play Shadow as {NAMES[state.copyable[seat]]}"
    return f"Play {NAMES[card]}"


#: The verb of a move's line by effect (``moves`` for the others).
_VERBS: Mapping[int, str] = {AMBUSH_PUSH: "charges", GOAT_PUSH: "charges", SWAP: "steps", PLATYPUS_STEP: "steps"}


def movement(state: NinjaCampState, payload: Payload) -> str:
    """Where the ninja goes, before anything moves: ``moves from b2 to b5 (a Sprint)``, ``moves from b2
    over b3 to c3 (a Dodge)``, ``charges from d4 to d6 (a Leap)``, ``steps from c4 to c5 (an Evade)``."""
    _card, effect, start, destination, extra = payload
    names = state.grid.names
    verb = _VERBS.get(effect, "moves")
    over = f" over {names[extra]}" if effect == STEALTH_CLAIM else ""
    # square(state, destination) written out: a line is logged for every move.
    return f"{verb} from {names[start]}{over} to {names[destination]} ({_WITH_ARTICLE[state.cells[destination]]})"


def label(state: NinjaCampState, seat: int, frame: Frame, payload: Payload) -> str:
    """The words for one legal action of ``seat`` (see the module docstring)."""
    card, effect, start, destination, extra = payload
    if effect == PASS:
        return "Pass for the rest of the game (your ninjas stay where they are)"
    if effect == PLACE:
        return f"Place a ninja on {square(state, destination)}"
    if effect == TAKE:
        return f"Claim {card_on(state, extra)}"
    if effect == PLATYPUS_DONE:
        first = frame.data["first"]
        assert isinstance(first, int)
        return f"Move no second ninja and claim {card_on(state, first)}"
    if effect == PLATYPUS_MORE:
        return f"Step your other ninja from {state.grid.names[start]} to {square(state, destination)}"
    played = _card_played(state, seat, card)
    if effect == SLOTH_CLAIM:
        return f"{played}: claim {card_on(state, extra)} (no ninja moves)"
    # "moves from ..." reads as a choice without its -s: "move from ...", "charge from ...".
    verb, _, rest = movement(state, payload).partition(" ")
    words = f"{played}: {verb[:-1]} {rest}"
    if effect == PLATYPUS_STEP:
        return f"{words}, then maybe step a second ninja"
    names = state.grid.names
    if effect == AMBUSH_PUSH:
        words += f", push {ninja_of(state, seat, destination)} onto {square(state, extra)},"
    elif effect == GOAT_PUSH:
        words += f", move {ninja_of(state, seat, destination)} to {square(state, extra)},"
    elif effect == SWAP:
        words += f", trade places with {ninja_of(state, seat, extra)} on {square(state, extra)},"
    claims = card_on(state, start)
    if effect == STEALTH_CLAIM:
        claims += f" and the {NAMES[state.cells[extra]]} passed over on {names[extra]}"
    return f"{words} and claim {claims}"


def prompt(state: NinjaCampState, seat: int, frame: Frame, legal: Mapping[str, Payload]) -> str:
    """The sentence for the decision on top (no typing codes: the choices carry those); ``legal`` is the
    seat's legal actions, so that a turn's prompt names only what can be done."""
    if frame.kind == "place":
        placed = len(state.ninjas[seat])
        ordinal = _ORDINALS[placed] if placed < NINJAS_PER_PLAYER else "next"
        if not placed:
            return "Set-up: place your first ninja on a free skill card"
        return (f"Set-up: place your {ordinal} ninja on a free skill card of a kind none of your ninjas "
                "stands on")
    if frame.kind == "platypus":
        return ("Platypus Clan: step another of your ninjas 1 space (diagonals too), or move no second "
                "ninja and claim the card the first one left")
    if frame.kind == "platypus-claim":
        return "Platypus Clan: claim one of the two cards your ninjas left"
    # Name only what can be done now: a card no ninja can carry out in full cannot be played.
    cards = {payload[0] for payload in legal.values() if payload[1] != PASS}
    parts = []
    if any(card < CLAN_CARD for card in cards):
        copy = state.copyable[seat]
        shadow = f" (your Shadow moves as {NAMES[copy]})" if SHADOW in cards else ""
        parts.append(f"play a skill card to move a ninja{shadow}")
    if any(card >= CLAN_CARD for card in cards):
        parts.append(f"use your {CLAN_TABLE[state.clans[seat]].name} Clan card (once a game)")
    if not parts:
        return "Your turn: none of your cards can be carried out now, so pass for the rest of the game"
    # What the player holds and cannot play now is named, so that it does not just go missing.
    blocked = [NAMES[kind] for kind in SKILLS if state.hands[seat][kind] and kind not in cards]
    if not state.clan_used[seat] and not any(card >= CLAN_CARD for card in cards):
        blocked.append(f"your {CLAN_TABLE[state.clans[seat]].name} Clan card")
    note = f" ({listing(blocked)} {'has' if len(blocked) == 1 else 'have'} no move now)" if blocked else ""
    return f"Your turn: {', '.join(parts)}, or pass for the rest of the game{note}"


def end_reason(state: NinjaCampState, scores: list[int], winner: int, tied: list[int]) -> str:
    """Who won and why: ``All players have passed. P1 wins with 52 points; P0 has 45 points.``"""
    # The others from the highest score down (seat order among equals), as a table of results reads.
    ranked = sorted((seat for seat in range(state.num_players) if seat not in tied), key=lambda seat: -scores[seat])
    others = "; ".join(f"P{seat} has {points(scores[seat])}" for seat in ranked)
    if len(tied) > 1:
        names = ", ".join(f"P{seat}" for seat in tied[:-1]) + f" and P{tied[-1]}"
        text = (f"All players have passed. {names} tie with {points(scores[winner])}: P{winner} wins as the tied "
                "player who took the last turn (passed last)")
    else:
        text = f"All players have passed. P{winner} wins with {points(scores[winner])}"
    return f"{text}; {others}." if others else f"{text}."


def score_lines(state: NinjaCampState, player: int) -> list[str]:
    """The final count as the rulebook makes it: every card in hand and discard pile, kind by kind, at
    its value (each Trap -1), then the total (the result's score)."""
    counts = list(state.hands[player])
    for letter in state.discards[player]:
        counts[LETTERS.index(letter)] += 1
    lines = []
    total = 0
    for row in CARD_TABLE:
        count = counts[row.kind]
        if not count:
            continue
        value = POINTS[row.kind]
        total += value * count
        name = NAMES[row.kind] if count == 1 else PLURALS[row.kind]
        each = "" if count == 1 else f" at {points(value)} each"
        lines.append(f"{count} {name}{each}: {points(value * count)}")
    lines.append(f"Total: {points(total)}")
    return lines


__all__ = ["PLURALS", "a_card", "card_on", "end_reason", "label", "movement", "ninja_of", "plural", "points",
           "prompt", "score_lines", "square"]
