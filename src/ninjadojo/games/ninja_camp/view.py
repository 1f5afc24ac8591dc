"""What a seat sees: the JSON view, the board picture (plain and coloured), prompts and the words
that explain an illegal action.

Ninja Camp hides nothing: the grid is face up, every claim and play is made in plain sight (so each
hand is known to anyone who watched), clan cards lie face up. Every seat and spectators get the same
view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine.frames import Frame
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games.ninja_camp.cards import (
    CARD_TABLE,
    CLAN_OF_CODE,
    CLAN_TABLE,
    EMPTY,
    KIND_OF_LETTER,
    LETTERS,
    NAMES,
    SHADOW,
    SKILLS,
    TRAP,
    WALL,
)
from ninjadojo.games.ninja_camp.notation import encode_hand

if TYPE_CHECKING:
    from ninjadojo.games.ninja_camp.state import NinjaCampState

SEAT_STYLES = ("bold white on red", "bold white on blue", "bold black on green", "bold black on yellow")
KIND_STYLES = {EMPTY: "dim", TRAP: "bold red", WALL: "reverse grey50"}


def observe(state: NinjaCampState, seat: int | None) -> dict[str, JSONValue]:
    """The game-specific part of every view (the same for all seats: nothing is hidden)."""
    names = state.grid.names
    cols = state.grid.cols
    letters = "".join(LETTERS[kind] for kind in state.cells)
    return {
        "grid_size": [state.grid.rows, cols],
        "grid": [letters[start:start + cols] for start in range(0, len(letters), cols)],
        "ninjas": [[names[square] for square in squares] for squares in state.ninjas],
        "hands": [encode_hand(hand).strip("-") for hand in state.hands],
        "discards": list(state.discards),
        "clans": [{"name": CLAN_TABLE[clan].name, "code": CLAN_TABLE[clan].code, "used": used}
                  for clan, used in zip(state.clans, state.clan_used, strict=True)],
        "shadow_copies": [NAMES[kind] if kind else None for kind in state.copyable],
        "passed": [turn >= 0 for turn in state.passed_at],
        "points": list(state.points()),
        "turn": state.turns,
    }


def _cell(state: NinjaCampState, square: int, markup: bool) -> str:
    kind = state.cells[square]
    owner = state.occupant[square]
    letter = {EMPTY: ".", WALL: "#"}.get(kind, LETTERS[kind])
    text = f"{letter}{owner if owner >= 0 else ' '}"
    if not markup:
        return text
    if owner >= 0:
        return f"[{SEAT_STYLES[owner]}]{text}[/]"
    style = KIND_STYLES.get(kind)
    return f"[{style}]{text}[/]" if style else text


def render(state: NinjaCampState, seat: int | None, markup: bool) -> str:
    """The grid with coordinates, a legend and each player's cards."""
    grid = state.grid
    header = "     " + " ".join(f"{chr(ord('a') + col)} " for col in range(grid.cols))
    lines = [f"Ninja Camp, {state.num_players} players, turn {state.turns}", header]
    for row in range(grid.rows - 1, -1, -1):
        cells = " ".join(_cell(state, row * grid.cols + col, markup) for col in range(grid.cols))
        lines.append(f"  {row + 1:>2} {cells}")
    lines.append(header)
    # Two short lines (a terminal is often 80 columns), the Trap, Wall and empty space drawn as on the grid.
    skills = ", ".join(f"{LETTERS[row.kind]} {row.name} {row.points:+d}" for row in CARD_TABLE if row.kind in SKILLS)
    lines.append(f"skills: {skills}")

    def key(kind: int, text: str) -> str:
        style = KIND_STYLES[kind]
        return f"[{style}]{text}[/]" if markup else text

    lines.append(f"        {key(TRAP, 'T')} Trap -1 (never played), {key(WALL, '#')} Wall, {key(EMPTY, '.')} empty "
                 "space; a digit after a card: that seat's ninja")
    points = state.points()
    for each in range(state.num_players):
        clan = CLAN_TABLE[state.clans[each]]
        status = "used" if state.clan_used[each] else f"ready, {clan.code}:"
        hand = " ".join(f"{LETTERS[kind]}x{count}" if count > 1 else LETTERS[kind]
                        for kind, count in enumerate(state.hands[each]) if count) or "-"
        flags = " (you)" if each == seat else ""
        if state.passed_at[each] >= 0:
            flags += " (passed)"
        copy = NAMES[state.copyable[each]] if state.copyable[each] else "nothing"
        name = f"[{SEAT_STYLES[each]}]seat {each}[/]" if markup else f"seat {each}"
        lines.append(f"{name}{flags}: {points[each]} pts | hand {hand} | played {state.discards[each] or '-'} | "
                     f"{clan.name} Clan ({status}) | Shadow copies {copy}")
        if each == seat and not state.clan_used[each]:
            # A player needs the words of their own clan card to know when to use it.
            lines.append(f"    your {clan.name} Clan, once a game: {clan.text}")
    if state.result is not None:
        lines.append(f"game over: {state.result.reason}")
    elif state.frames:
        frame = state.frames[-1]
        # Only who acts: the decision's prompt is the driver's to print (under the picture).
        lines.append(f"to act: seat {frame.seats[0]}")
    return "\n".join(lines)


def prompt(state: NinjaCampState, seat: int, frame: Frame) -> str:
    """A human prompt for the decision on top."""
    if frame.kind == "place":
        return "place a ninja on a free skill card of a kind you have no ninja on yet (@<square>)"
    if frame.kind == "platypus":
        return "Platypus: move another of your ninjas 1 space (pl:<from>-<to>), or done"
    if frame.kind == "platypus-claim":
        return "Platypus: claim one of the cards you left (take:<square>)"
    clan = CLAN_TABLE[state.clans[seat]]
    clan_words = "" if state.clan_used[seat] else f", use your {clan.name} Clan ({clan.code}:...)"
    return f"play a card (<letter>:<from>-<to>){clan_words}, or pass for good"


def explain_illegal(state: NinjaCampState, seat: int, action: str) -> str | None:
    """Why ``action`` is not legal for ``seat`` now, in words (``None`` when nothing better applies)."""
    if not state.frames:
        return None
    frame = state.frames[-1]
    index = state.grid.index
    if frame.kind == "place":
        if not action.startswith("@"):
            return "it is set-up: place a ninja with @<square>, e.g. @c3"
        square = index.get(action[1:])
        if square is None:
            return f"{action[1:]!r} is not a square of this {state.grid.rows}x{state.grid.cols} grid"
        kind = state.cells[square]
        if state.occupant[square] >= 0:
            return f"a ninja already stands on {action[1:]}"
        if kind not in SKILLS:
            return f"ninjas are placed only on skill cards, and {action[1:]} is {NAMES[kind]}"
        return f"you already have a ninja on a {NAMES[kind]}: your three ninjas start on three different kinds"
    if frame.kind != "turn":
        return None
    prefix, sep, rest = action.partition(":")
    if not sep:
        return "write a move as <card letter or clan code>:<from>-<to>, e.g. E:b2-b5, or pass"
    start_name = rest.split("-", 1)[0]
    if prefix in CLAN_OF_CODE:
        clan = CLAN_TABLE[state.clans[seat]]
        if prefix != clan.code:
            return f"your clan is {clan.name} ({clan.code}:), not {CLAN_TABLE[CLAN_OF_CODE[prefix]].name}"
        if state.clan_used[seat]:
            return f"you have already used your {clan.name} Clan card (once per game)"
        card_name, card_prefix, card = f"the {clan.name} Clan", prefix + ":", -1
    elif prefix in KIND_OF_LETTER and KIND_OF_LETTER[prefix] in SKILLS:
        card = KIND_OF_LETTER[prefix]
        card_name, card_prefix = NAMES[card], prefix + ":"
        if not state.hands[seat][card]:
            return f"you have no {NAMES[card]} in your hand"
        if card == SHADOW and not state.copyable[seat]:
            return "Shadow has nothing to copy: no opponent has played a skill card other than Shadow yet"
    elif prefix in ("T", "W"):
        return f"{NAMES[KIND_OF_LETTER[prefix]]} cards can never be played"
    else:
        return f"{prefix!r} is no card: use a skill letter (A E D L H R S) or your clan code"
    legal = [text for text in state.legal_actions(seat) if text.startswith(card_prefix)]
    if not legal:
        return f"{card_name} cannot be played now: no ninja of yours can carry it out entirely"
    mine = [state.grid.names[square] for square in state.ninjas[seat]]
    if card_prefix != "sl:" and start_name not in mine:
        return f"you have no ninja on {start_name!r} (yours are on {', '.join(mine)})"
    copied = f" (as {NAMES[state.copyable[seat]]})" if card == SHADOW else ""
    return f"{card_name}{copied} cannot make that move; its legal moves: {', '.join(legal[:16])}"
