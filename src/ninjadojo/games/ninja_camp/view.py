"""What a seat sees: the JSON view, the board picture (plain and coloured) and the words that explain
an illegal action (prompts and the words of actions are in :mod:`~ninjadojo.games.ninja_camp.words`).

Ninja Camp hides nothing: the grid is face up, every claim and play is made in plain sight (so each
hand is known to anyone who watched), clan cards lie face up. Every seat and spectators get the same
JSON view; the picture only marks the viewer and lists the viewer's cards with their texts.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from ninjadojo.engine.errors import quote
from ninjadojo.engine.frames import Frame
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.words import with_article
from ninjadojo.games.ninja_camp.cards import (
    CARD_TABLE,
    CLAN_OF_CODE,
    CLAN_TABLE,
    EMPTY,
    KIND_OF_LETTER,
    LETTERS,
    NAMES,
    POINTS,
    SHADOW,
    SKILLS,
    TRAP,
    WALL,
)
from ninjadojo.games.ninja_camp.notation import encode_hand

if TYPE_CHECKING:
    from ninjadojo.games.ninja_camp.state import NinjaCampState

SEAT_STYLES = ("bold white on red", "bold white on blue", "bold black on green", "bold black on yellow")
KIND_STYLES: Mapping[int, str] = MappingProxyType({EMPTY: "dim", TRAP: "bold red", WALL: "reverse grey50"})

#: The picture fits an 80x24 terminal with room for the client's header, prompt and choices.
WIDTH = 80
MAX_LINES = 12
#: Columns of one entry of the hand listing below the grid (two entries a line).
ENTRY_WIDTH = WIDTH // 2


def observe(state: NinjaCampState, seat: int | None) -> dict[str, JSONValue]:
    """The game-specific part of every view (the same for all seats: nothing is hidden).

    Per-player data is under ``seats``, one entry per seat (the engine's ``players`` is the count).
    """
    names = state.grid.names
    cols = state.grid.cols
    letters = "".join(LETTERS[kind] for kind in state.cells)
    points = state.points()
    seats: list[JSONValue] = []
    for each in range(state.num_players):
        clan = CLAN_TABLE[state.clans[each]]
        copy = state.copyable[each]
        seats.append({
            "ninjas": [names[square] for square in state.ninjas[each]],
            "hand": encode_hand(state.hands[each]).strip("-"),
            "discard": state.discards[each],
            "clan": {"name": clan.name, "code": clan.code, "used": state.clan_used[each]},
            "shadow_copies": NAMES[copy] if copy else None,
            "passed": state.passed_at[each] >= 0,
            "points": points[each],
        })
    return {
        "grid_size": [state.grid.rows, cols],
        "grid": [letters[start:start + cols] for start in range(0, len(letters), cols)],
        "seats": seats,
        "turn": state.turns,
    }


#: One piece of a line: its plain text and the same text in rich markup (equal once tags are stripped).
Chunk = tuple[str, str]


def _styled(text: str, style: str | None, markup: bool) -> Chunk:
    return text, (f"[{style}]{text}[/]" if markup and style else text)


def _join(chunks: list[Chunk], separator: str = "") -> Chunk:
    return separator.join(plain for plain, _ in chunks), separator.join(marked for _, marked in chunks)


def _pad(chunk: Chunk, width: int) -> Chunk:
    room = " " * max(0, width - len(chunk[0]))
    return chunk[0] + room, chunk[1] + room


def _cell(state: NinjaCampState, square: int, markup: bool) -> Chunk:
    """Two columns: the card's letter, then the seat of the ninja on it (the whole cell in the seat's
    colour), or a space (left unstyled, so that a line's trailing spaces are the same in both forms)."""
    kind = state.cells[square]
    owner = state.occupant[square]
    letter = {EMPTY: ".", WALL: "#"}.get(kind, LETTERS[kind])
    if owner >= 0:
        return _styled(f"{letter}{owner}", SEAT_STYLES[owner], markup)
    plain, marked = _styled(letter, KIND_STYLES.get(kind), markup)
    return plain + " ", marked + " "


def _grid_lines(state: NinjaCampState, markup: bool) -> list[Chunk]:
    """Column letters, then the rows from the top (row numbers on the left)."""
    grid = state.grid
    lines: list[Chunk] = [_styled("  " + "  ".join(chr(ord("a") + col) for col in range(grid.cols)), None, False)]
    for row in range(grid.rows - 1, -1, -1):
        cells = _join([_cell(state, row * grid.cols + col, markup) for col in range(grid.cols)], " ")
        lines.append((f"{row + 1} {cells[0]}", f"{row + 1} {cells[1]}"))
    return lines


def _hand_text(counts: list[int]) -> str:
    """A hand as letters with counts: ``A2E2HRS2T`` (``-`` when empty)."""
    return "".join(LETTERS[kind] + (str(count) if count > 1 else "") for kind, count in enumerate(counts)
                   if count) or "-"


def _title(state: NinjaCampState, seat: int | None) -> str:
    you = "  * you" if seat is not None else ""
    if state.result is not None:
        winners = state.result.winners
        return f"Ninja Camp, game over: {f'P{winners[0]} wins' if winners else 'no winner'}"
    frame = state.frames[-1]
    if frame.kind == "place":
        return f"Ninja Camp, set-up, to act: P{frame.seats[0]}{you}"
    return f"Ninja Camp, turn {state.turns}, to act: P{frame.seats[0]}{you}"


def _hand_letters(counts: list[int]) -> str:
    """A hand as the grid's letters, a card each: ``A A E H`` (``no cards`` when empty). Not ``A2``, which
    reads as the square a2."""
    return " ".join(LETTERS[kind] for kind, count in enumerate(counts) for _ in range(count)) or "no cards"


def _seat_line(state: NinjaCampState, each: int, seat: int | None, points: list[int], markup: bool,
               room: int = WIDTH) -> Chunk:
    """``P0*  23 pts, hand A A E H, Goat Clan``: points, the hand's cards by the grid's letters (the key beside
    says them), then the clan card (``used`` once played) or ``passed``; the letters run together
    (``A2E2H``) only when ``room`` is short."""
    clan = CLAN_TABLE[state.clans[each]]
    used = " used" if state.clan_used[each] else ""
    status = "passed" if state.passed_at[each] >= 0 else f"{clan.name} Clan{used}"
    label = _styled(f"P{each}", SEAT_STYLES[each], markup)
    mark = "*" if each == seat else " "
    rest = f"{mark} {points[each]:>3} pts, hand {_hand_letters(state.hands[each])}, {status}"
    if len(label[0] + rest) > room:
        rest = f"{mark} {points[each]:>3} pts {_hand_text(state.hands[each])} {status}"
    return label[0] + rest, label[1] + rest


def _key_lines(markup: bool) -> list[Chunk]:
    """The letters on the grid, with points."""
    skills = [f"{LETTERS[row.kind]} {row.name} {row.points}" for row in CARD_TABLE if row.kind in SKILLS]
    first = [_styled(text, None, markup) for text in skills[:4]]
    first.append(_styled(f"T Trap {POINTS[TRAP]}", KIND_STYLES[TRAP], markup))
    second = [_styled(text, None, markup) for text in skills[4:]]
    second += [_styled("# Wall", KIND_STYLES[WALL], markup), _styled(". empty", KIND_STYLES[EMPTY], markup)]
    return [_join(first, "  "), _join(second, "  ")]


def _entry(state: NinjaCampState, kind: int, count: int, seat: int | None) -> str:
    """One kind of card as a player reads it beside a hand: ``S Stealth x2: 2 steps, claim middle too``."""
    row = CARD_TABLE[kind - 1]
    short = row.short
    if kind == SHADOW and seat is not None:
        copy = state.copyable[seat]
        short = f"as {NAMES[copy]} now" if copy else "nothing to copy yet"
    return f"{LETTERS[kind]} {row.name}{f' x{count}' if count > 1 else ''}: {short}"


def _below(state: NinjaCampState, seat: int | None, room: int) -> list[Chunk]:
    """Under the grid, in ``room`` lines: the result, or the cards of the seat's hand with their short
    texts, two a line (for a spectator, every kind of card). A hand holds at most the seven skills and
    the Trap: four lines."""
    if state.result is not None:
        return [(line, line) for line in textwrap.wrap(state.result.reason, WIDTH)[:room]]
    if seat is None:
        kinds = [(kind, 1) for kind in (*SKILLS, TRAP)]
    else:
        kinds = [(kind, count) for kind, count in enumerate(state.hands[seat]) if count]
    entries = [_entry(state, kind, count, seat) for kind, count in kinds]
    lines = []
    for start in range(0, len(entries), 2):
        pair = entries[start:start + 2]
        text = pair[0].ljust(ENTRY_WIDTH) + pair[1] if len(pair) == 2 else pair[0]
        lines.append((text, text))
    return lines


def render(state: NinjaCampState, seat: int | None, markup: bool) -> str:
    """The grid on the left; beside it who acts, each player (points, hand, clan card) and the key to
    the letters; under it the seat's cards with their short texts. At most 12 lines of 80 columns
    for every player count, so that it fits an 80x24 terminal with the client's prompt and choices."""
    left = _grid_lines(state, markup)
    left_width = max(len(plain) for plain, _ in left) + 2
    points = state.points()
    panel: list[Chunk] = [(_title(state, seat), _title(state, seat))]
    panel += [_seat_line(state, each, seat, points, markup, WIDTH - left_width) for each in range(state.num_players)]
    panel += _key_lines(markup)
    if (seat is not None and state.result is None and not state.clan_used[seat] and state.passed_at[seat] < 0):
        clan = CLAN_TABLE[state.clans[seat]]
        # A player needs the words of their own clan card to know when to use it.
        text = f"{clan.code}: your clan, once: {clan.short}"
        panel.append((text, text))
    lines: list[Chunk] = []
    for index in range(max(len(left), len(panel))):
        grid_part = _pad(left[index], left_width) if index < len(left) else (" " * left_width,) * 2
        side = panel[index] if index < len(panel) else ("", "")
        lines.append(((grid_part[0] + side[0]).rstrip(), (grid_part[1] + side[1]).rstrip()))
    lines += _below(state, seat, MAX_LINES - len(lines))
    return "\n".join(marked if markup else plain for plain, marked in lines)


def explain_illegal(state: NinjaCampState, seat: int, action: str) -> str | None:
    """Why ``action`` is not legal for ``seat`` now, in words (``None`` when nothing better applies)."""
    if not state.frames:
        return None
    frame = state.frames[-1]
    index = state.grid.index
    if frame.kind == "place":
        if not action.startswith("@") and action in index:
            # A square typed bare (the terminal takes it as a part of the choices): why no ninja goes there.
            if "@" + action in state.legal_actions(seat):
                return f"a placement is written with @: @{action}"
            action = "@" + action
        if not action.startswith("@"):
            return "it is set-up: place a ninja on a square, e.g. @c3"
        square = index.get(action[1:])
        if square is None:
            return f"{quote(action[1:])} is not a square of this {state.grid.rows}x{state.grid.cols} grid"
        kind = state.cells[square]
        if state.occupant[square] >= 0:
            return f"a ninja already stands on {action[1:]}"
        if kind not in SKILLS:
            what = "empty" if kind == EMPTY else with_article(NAMES[kind])
            return f"ninjas are placed only on skill cards, and {action[1:]} is {what}"
        return (f"you already have a ninja on {with_article(NAMES[kind])}: your three ninjas start on three "
                "different kinds")
    if frame.kind == "platypus":
        return _explain_platypus_step(state, seat, frame, action)
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
            if state.table_rules.shadow_pile and any(state.discards[other] for other in range(state.num_players)
                                                     if other != seat):
                return ("Shadow has nothing to copy: the discard pile of the opponent who played last holds no "
                        "card other than Shadow (the table's house rule on what Shadow copies)")
            return "Shadow has nothing to copy: no opponent has played a skill card other than Shadow yet"
    elif prefix in ("T", "W"):
        return f"{NAMES[KIND_OF_LETTER[prefix]]} cards can never be played"
    else:
        return f"{quote(prefix)} is no card: use a skill letter (A E D L H R S) or your clan code"
    legal = [text for text in state.legal_actions(seat) if text.startswith(card_prefix)]
    if not legal:
        return f"{card_name} cannot be played now: no ninja of yours can carry it out entirely"
    mine = [state.grid.names[square] for square in state.ninjas[seat]]
    if card_prefix != "sl:" and start_name not in mine:
        return f"you have no ninja on {quote(start_name)} (yours are on {', '.join(mine)})"
    copied = f" (as {NAMES[state.copyable[seat]]})" if card == SHADOW else ""
    if rest.count("-") == 1:
        end = rest.split("-")[1]
        paths = [text for text in legal if text.startswith(f"{card_prefix}{start_name}-") and text.endswith(f"-{end}")
                 and text.count("-") == 2]
        if len(paths) > 1:
            return f"several paths join {start_name} and {end}: write the square passed over ({' or '.join(paths)})"
    more = f" and {len(legal) - 16} more" if len(legal) > 16 else ""
    return f"{card_name}{copied} cannot make that move; its legal moves: {', '.join(legal[:16])}{more}"


def _explain_platypus_step(state: NinjaCampState, seat: int, frame: Frame, action: str) -> str | None:
    """Why a second Platypus step that the rules allow is not offered: its result is offered another way."""
    code, _, step = action.partition(":")
    start_name, _, end_name = step.partition("-")
    index, grid = state.grid.index, state.grid
    start, end = index.get(start_name), index.get(end_name)
    moved = frame.data.get("moved")
    if code != "pl" or start is None or end is None or start == moved or start not in state.ninjas[seat]:
        return None
    if end not in grid.king[start] or state.cells[end] in (EMPTY, WALL) or (state.occupant[end] >= 0):
        return None
    if end == frame.data.get("first") and state.table_rules.platypus_free_at_start:
        return (f"{action} is not offered: under this table's house rule both Platypus steps go to cards free at "
                "the start of the turn, so no ninja steps onto the space the first one left")
    return (f"{action} is not offered: it ends with your ninjas and the cards left as another way of using the "
            "Platypus does, and each result is offered once (two ninjas' steps lower square first; a step "
            "a single move makes is offered as that move)")
