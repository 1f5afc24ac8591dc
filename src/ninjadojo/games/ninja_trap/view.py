"""What each seat may see of a Ninja Trap position, as a dict and as a text picture.

Known to everyone: hits, hand and deck sizes, the discard piles (face up), the positions of every
face-down trap (and the turn it was placed), the moves once revealed and the traps flipped. Known to a
seat alone: its hand, and its own traps only during a Buko look. Hidden from everyone: the decks, the
other hands, every face-down trap (its owner's too), and who has already chosen in a stage.

When the game is over every hand and every face-down trap is shown to everyone (each seat's ``hand``
and ``revealed_traps``, and in the picture), so the end explains itself; the decks stay face down.
"""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.words import plural
from ninjadojo.games.ninja_trap.cards import CODES, DECK_COLOURS, HITS_TO_KILL, ROOMS
from ninjadojo.games.ninja_trap.rules import ACTIVATE, STAGE_NAMES, blocked_seats

if TYPE_CHECKING:
    from ninjadojo.games.ninja_trap.state import NinjaTrapState


def _codes(counts: list[int]) -> str:
    # A list, not a generator: this runs for every seat of every view a bot reads, in every rollout.
    return "".join([code * count for code, count in zip(CODES, counts, strict=True) if count])


def observe(state: NinjaTrapState, seat: int | None) -> dict[str, JSONValue]:
    """The game-specific part of ``seat``'s view (``None``: a spectator)."""
    stage = state.stage()
    blocked = blocked_seats(state) if stage == ACTIVATE else [False] * state.num_players
    seats: list[JSONValue] = []
    for each in range(state.num_players):
        move, flip = state.moves[each], state.flips[each]
        entry: dict[str, JSONValue] = {
            "seat": each,
            "colour": DECK_COLOURS[each],
            "hits": state.hits[each],
            "alive": state.alive(each),
            "hand_size": sum(state.hands[each]),
            "deck_size": len(state.decks[each]),
            "discard": _codes(state.discards[each]),
            "traps": list(state.trap_turns[each]),
            "move": CODES[move] if move >= 0 else None,
            "flipped": CODES[flip] if flip >= 0 else None,
            "blocked": blocked[each],
        }
        if state.result is not None:
            # The end reveals what each player held and laid hidden (issue 23); the decks stay unseen.
            entry.update({"hand": _codes(state.hands[each]), "revealed_traps": _trap_list(state, each)})
        seats.append(entry)
    view: dict[str, JSONValue] = {"turn": state.turn, "stage": stage, "seats": seats}
    if seat is not None and 0 <= seat < state.num_players:
        view["hand"] = _codes(state.hands[seat])
        if state.look_live(seat):
            view["buko_look"] = _trap_list(state, seat)
    return view


def _trap_list(state: NinjaTrapState, seat: int) -> list[JSONValue]:
    """``seat``'s face-down traps with their rooms, in row order: ``{"position", "turn", "room"}``."""
    return [{"position": position + 1, "turn": turn, "room": CODES[room]}
            for position, (room, turn) in enumerate(zip(state.traps[seat], state.trap_turns[seat], strict=True))]


#: The picture fits a terminal of this many columns (the client adds a header, prompt and choices).
WIDTH = 80

#: A piece of a picture line: its text and its rich style (``""`` for none).
Segment = tuple[str, str]


def hand_entries(counts: list[int]) -> list[str]:
    """Each card kind in a hand with its short text, e.g. ``2x Genkan (G) entrance``, in room order."""
    return [
        f"{f'{count}x ' if count > 1 else ''}{ROOMS[room].name} ({ROOMS[room].code}) {ROOMS[room].short}"
        for room, count in enumerate(counts) if count
    ]


def hand_lines(counts: list[int], width: int = WIDTH) -> list[str]:
    """The hand as ``Your hand: ...`` lines of at most ``width`` columns (two at most for five cards)."""
    entries = hand_entries(counts) or ["(empty)"]
    lines: list[str] = []
    line = "Your hand:"
    for number, entry in enumerate(entries):
        piece = entry + (";" if number < len(entries) - 1 else "")
        if len(line) + 1 + len(piece) > width and line.strip():
            lines.append(line)
            line = "  "
        line = f"{line} {piece}" if line.strip() else f"{line}{piece}"
    lines.append(line)
    return lines


def _turn_ranges(turns: list[int]) -> str:
    """Turns as ranges: ``1-3,5,8-9``."""
    parts: list[str] = []
    start = previous = None
    for turn in [*turns, None]:
        if turn is not None and previous is not None and turn == previous + 1:
            previous = turn
            continue
        if start is not None and previous is not None:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = turn
    return ",".join(parts)


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:max(width - 3, 0)] + "..."


#: Each room shortened to its first syllables, for a crowded line (``Shin`` for the Shinshitsu).
SHORT_NAMES = ("Gen", "Ima", "Dai", "Shin", "Furo", "Tei", "Iku", "Buko")
assert len(SHORT_NAMES) == len(ROOMS)


def rooms_text(counts: list[int], short: bool = False) -> str:
    """Cards by room in words, in room order: ``Genkan, 2 Shinshitsu`` (``short``: ``Gen, 2 Shin``); ``""``."""
    names = SHORT_NAMES if short else [room.name for room in ROOMS]
    return ", ".join(names[room] if count == 1 else f"{count} {names[room]}" for room, count in enumerate(counts)
                     if count)


def _room_counts(rooms: list[int]) -> list[int]:
    return [rooms.count(room) for room in range(len(ROOMS))]


def trap_forms(turns: list[int]) -> list[str]:
    """A face-down trap row in words, from the fullest: ``3 traps, laid on turns 1, 2, 4`` (in row order:
    trap 2, flipped by f2, is the second), then the turns as ranges (``1-3, 5``)."""
    if not turns:
        return ["no traps"]
    many = plural(len(turns), "trap")
    listed = ", ".join(map(str, turns))
    ranges = _turn_ranges(turns).replace(",", ", ")
    turn_word = "turn" if len(turns) == 1 else "turns"
    return [f"{many}, laid on {turn_word} {listed}", f"{many}, laid on {turn_word} {ranges}",
            f"{many} (turns {ranges})", many]


def revealed_forms(rooms: list[int], turns: list[int]) -> list[str]:
    """A trap row shown face up (at the end), from the fullest: ``traps Genkan (turn 1), Ima (turn 3)``, the rooms
    shortened in row order (``traps in row order: Gen Ima Ima``), then counted by room (``traps by room: 2 Ima,
    Gen``)."""
    if not rooms:
        return ["no traps"]
    return [
        "traps " + ", ".join(f"{ROOMS[room].name} (turn {turn})" for room, turn in zip(rooms, turns, strict=True)),
        "traps in row order: " + " ".join(SHORT_NAMES[room] for room in rooms),
        # ("by room", so that "2 Gen" is not read as the row's trap 2, which f2 would flip)
        "traps by room: " + rooms_text(_room_counts(rooms), short=True),
    ]


def look_line(state: NinjaTrapState, seat: int, width: int = WIDTH) -> str:
    """The Buko look in one line: each trap by the turn it was laid (as the board line and the flip choices
    name it: a place in the row shifts when an earlier trap is flipped), with its room's name when they fit,
    else the room codes in row order, in fives, after the turns."""
    rooms = state.traps[seat]
    if not rooms:
        return "Buko look: you have no face-down traps."
    turns = state.trap_turns[seat]
    named = "Buko look (only now): " + ", ".join(
        f"turn {turn} {ROOMS[room].name}" for room, turn in zip(rooms, turns, strict=True))
    if len(named) <= width:
        return named
    codes = "".join(CODES[room] for room in rooms)
    grouped = " ".join(codes[i:i + 5] for i in range(0, len(codes), 5))
    ranges = _turn_ranges(turns).replace(",", ", ")
    return _clip(f"Buko look (only now), turns {ranges} in row order: {grouped}", width)


#: What rich would read as a tag in a text (with the backslashes before it), as rich.markup.escape finds it.
_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


def escape_markup(text: str) -> str:
    """``text`` made safe to embed in rich markup (the rule of ``rich.markup.escape``; games do not
    import drivers' libraries). A result's reason comes from a position, which anyone can write."""
    text = _TAG.sub(lambda match: f"{match[1]}{match[1]}\\{match[2]}", text)
    return text + "\\" if text.endswith("\\") and not text.endswith("\\\\") else text


def _join(segments: list[Segment], markup: bool) -> str:
    if not markup:
        return "".join(text for text, _ in segments)
    return "".join(f"[{tag}]{escape_markup(text)}[/{tag}]" if tag and text else escape_markup(text)
                   for text, tag in segments)


def render(state: NinjaTrapState, seat: int | None, markup: bool = False) -> str:
    """A picture of the position as ``seat`` sees it (rich markup when ``markup``).

    It fits 80 columns and at most 12 lines for every player count: a header, two lines per seat, and
    for a seat its hand (one or two lines) and one line of notes (its traps, or its Buko look).
    """
    stage = state.stage()
    lines: list[list[Segment]] = []
    if state.result is not None:
        lines.append([(f"Ninja Trap - turn {state.turn} - game over", "bold")])
    else:
        # Every stage is simultaneous: all its seats are shown as waiting, whoever has chosen already.
        waiting = ", ".join(f"P{s}" for s in state.frames[-1].participants())
        stage_name = STAGE_NAMES.get(stage or "", stage)
        lines.append([(f"Ninja Trap - turn {state.turn} - {stage_name} - waiting for {waiting}", "bold")])
    blocked = blocked_seats(state) if stage == ACTIVATE else [False] * state.num_players
    for each in range(state.num_players):
        lines.extend(_seat_lines(state, each, seat, blocked[each]))
    notes: list[Segment] = []
    if any(blocked):
        notes.append(("* shares a room: cannot flip this turn. ", "dim"))
    if state.result is not None:
        lines.extend([[(line, "bold")] for line in textwrap.wrap(state.result.reason, WIDTH)])
    elif seat is not None:
        lines.extend([[(line, "")] for line in hand_lines(state.hands[seat])])
        width = WIDTH - sum(len(text) for text, _ in notes)
        if state.look_live(seat):
            notes.append((look_line(state, seat, width), "bold yellow"))
        elif state.traps[seat]:
            # An out ninja never reaches the Buko again: no look to promise it.
            long = ("Your traps are face down, hidden from you too; reach the Buko unharmed to look."
                    if state.alive(seat) else "Your traps are face down, hidden from you too.")
            notes.append((long if len(long) <= width else "Your traps are hidden from you too.", "dim"))
    if notes:
        lines.append(notes)
    # No log lines here: drivers print the log under the picture (the terminal client prints the lines
    # since the seat's last move), so repeating them would show each event twice.
    return "\n".join(_join(line, markup) for line in lines)


def _seat_lines(state: NinjaTrapState, each: int, viewer: int | None, blocked: bool) -> list[list[Segment]]:
    """Two lines for one seat: hits, hand and deck sizes, last move and flip; then traps and discards.

    At the end the hand is shown card by card and the traps face up (room and turn laid)."""
    hits = state.hits[each]
    over = state.result is not None
    # At the end the hand is shown (issue 23: the end reveals every hidden card), before it only its size.
    out = "" if state.alive(each) else "  OUT"
    tails = []
    for short in (False, True):
        names = SHORT_NAMES if short else [room.name for room in ROOMS]
        move = names[state.moves[each]] if state.moves[each] >= 0 else "-"
        flip = names[state.flips[each]] if state.flips[each] >= 0 else "-"
        hand = ((rooms_text(state.hands[each], short) or "empty") if over else str(sum(state.hands[each])))
        tails.append(f"  hand {hand}  deck {len(state.decks[each]):>2}  moved {move}{'*' if blocked else ''}"
                     f"  flipped {flip}")
    # The rooms named in full when the line fits, else by their first syllables.
    room = WIDTH - len(f"> P{each}  hits ") - HITS_TO_KILL - len(out)
    tail = next((text for text in tails if len(text) <= room), _clip(tails[-1], room))
    first: list[Segment] = [
        (">" if each == viewer else " ", ""),
        (f" P{each}", DECK_COLOURS[each]),
        ("  hits ", ""),
        ("X" * hits, "red"),
        ("." * (HITS_TO_KILL - hits), ""),
        (tail, ""),
    ]
    if out:
        first.append((out, "bold red"))
    # The traps and the discard pile in words, each in the fullest form that lets the line fit.
    discards = state.discards[each]
    piles = ([f"discard {rooms_text(discards)}", f"discard {rooms_text(discards, short=True)}",
              f"discard {plural(sum(discards), 'card')}"] if sum(discards) else ["discard empty"])
    rows = (revealed_forms(state.traps[each], state.trap_turns[each]) if over
            else trap_forms(state.trap_turns[each]))
    # The pair that loses least: the turns as ranges lose nothing, a count alone loses most.
    row_costs, pile_costs = ((0, 1, 3) if over else (0, 0.5, 1, 3)), (0, 1, 4)
    pairs = sorted(((row, pile) for row in range(len(rows)) for pile in range(len(piles))),
                   key=lambda pair: (row_costs[pair[0]] + pile_costs[pair[1]], pair[0]))
    options = [f"    {rows[row]}  {piles[pile]}" for row, pile in pairs]
    text = next((option for option in options if len(option) <= WIDTH), _clip(options[-1], WIDTH))
    second: list[Segment] = [(text, "")]
    return [first, second]
