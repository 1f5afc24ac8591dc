"""What each seat may see of a Ninja Trap position, as a dict and as a text picture.

Known to everyone: hits, hand and deck sizes, the discard piles (face up), the positions of every
face-down trap (and the turn it was placed), the moves once revealed and the traps flipped. Known to a
seat alone: its hand, and its own traps only during a Buko look. Hidden from everyone: the decks, the
other hands, every face-down trap (its owner's too), and who has already chosen in a stage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games.ninja_trap.cards import CODES, DECK_COLOURS, HITS_TO_KILL, ROOM_COUNT, ROOMS
from ninjadojo.games.ninja_trap.rules import ACTIVATE, STAGE_NAMES, blocked_seats

if TYPE_CHECKING:
    from ninjadojo.games.ninja_trap.state import NinjaTrapState

def _codes(counts: list[int]) -> str:
    return "".join(CODES[room] * count for room, count in enumerate(counts))


def observe(state: NinjaTrapState, seat: int | None) -> dict[str, JSONValue]:
    """The game-specific part of ``seat``'s view (``None``: a spectator)."""
    stage = state.stage()
    blocked = blocked_seats(state) if stage == ACTIVATE else [False] * state.num_players
    seats: list[JSONValue] = []
    for each in range(state.num_players):
        move, flip = state.moves[each], state.flips[each]
        seats.append({
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
        })
    view: dict[str, JSONValue] = {"turn": state.turn, "stage": stage, "seats": seats}
    if seat is not None and 0 <= seat < state.num_players:
        view["hand"] = _codes(state.hands[seat])
        if state.look_live(seat):
            view["buko_look"] = [
                {"position": position + 1, "turn": turn, "room": CODES[room]}
                for position, (room, turn) in enumerate(zip(state.traps[seat], state.trap_turns[seat], strict=True))
            ]
    return view


def _hand_words(counts: list[int]) -> str:
    words = [ROOMS[room].name + (f" x{count}" if count > 1 else "") for room, count in enumerate(counts) if count]
    return ", ".join(words) or "(empty)"


def render(state: NinjaTrapState, seat: int | None, markup: bool = False) -> str:
    """A text picture of the position as ``seat`` sees it (rich markup when ``markup``)."""

    def style(text: str, tag: str) -> str:
        return f"[{tag}]{text}[/{tag}]" if markup else text

    stage = state.stage()
    lines: list[str] = []
    if state.result is not None:
        head = f"Ninja Trap - turn {state.turn} - game over: {state.result.reason}"
    else:
        # Every stage is simultaneous: all its seats are shown as waiting, whoever has chosen already.
        waiting = ", ".join(str(s) for s in state.frames[-1].participants())
        stage_name = STAGE_NAMES.get(stage or "", stage)
        head = f"Ninja Trap - turn {state.turn} - stage: {stage_name} (waiting for seats {waiting})"
    lines.append(style(head, "bold"))
    blocked = blocked_seats(state) if stage == ACTIVATE else [False] * state.num_players
    for each in range(state.num_players):
        marker = ">" if each == seat else " "
        hits = "X" * state.hits[each] + "." * (HITS_TO_KILL - state.hits[each])
        hits_text = style(hits, "red") if state.hits[each] else hits
        move = ROOMS[state.moves[each]].name if state.moves[each] >= 0 else "-"
        if blocked[each]:
            move += "*"
        flip = ROOMS[state.flips[each]].name if state.flips[each] >= 0 else "-"
        status = "" if state.alive(each) else style("  OUT", "bold red")
        colour = DECK_COLOURS[each]
        lines.append(
            f"{marker} seat {each} {style(f'{colour:<7}', colour)} hits {hits_text}  hand {sum(state.hands[each])}"
            f"  deck {len(state.decks[each]):>2}  last move {move:<12} flipped {flip}{status}"
        )
        traps = " ".join(f"f{i + 1}:t{turn}" for i, turn in enumerate(state.trap_turns[each])) or "-"
        lines.append(f"    traps (position:turn placed) {traps}   discard {_codes(state.discards[each]) or '-'}")
    if any(blocked):
        lines.append("   * shares a room with another ninja: cannot flip a trap this turn")
    if seat is not None and 0 <= seat < state.num_players:
        lines.append(f"Your hand: {_hand_words(state.hands[seat])}")
        if state.look_live(seat):
            shown = ", ".join(
                f"f{i + 1} {ROOMS[room].name}" for i, room in enumerate(state.traps[seat])
            ) or "none"
            lines.append(style(f"Buko look (only now): your traps are {shown}", "bold yellow"))
        elif state.traps[seat]:
            lines.append("Your traps are face down, hidden from you too (reach the Buko unharmed to look once).")
    rooms = "  ".join(f"{room.code} {room.name}" for room in ROOMS[:ROOM_COUNT])
    lines.append(style(f"Rooms: {rooms}", "dim"))
    # No log lines here: drivers print the log under the picture (the terminal client prints the lines
    # since the seat's last move), so repeating them would show each event twice.
    return "\n".join(lines)
