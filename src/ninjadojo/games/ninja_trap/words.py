"""Ninja Trap in words, for players: the prompt of every stage, a label for every legal action, and at
the end each seat's score counted as the rulebook counts it (hits, traps, the last ninja standing).

No text here carries the typing codes (``tG``, ``mG``, ``f3``, ``ok``): the terminal shows them beside
these words, the browser never shows them. Seats are written ``P<n>``; drivers put the table's names in.

>>> from ninjadojo.games.ninja_trap.builder import Seat, build
>>> game = build(2, "activate", [Seat(hand="GI", traps="D1,G3"), Seat(hand="SF", traps="S3")], moves="BG", turn=3)
>>> game.labels(0)["f2"]
'Flip your trap laid on turn 3 and call TRAP!'
>>> game.decision(0).prompt
'Turn 3: flip one of your 2 face-down traps to spring it, or pass. You are in the Buko; P1 is in the Genkan.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ninjadojo.engine.words import listing, plural, seat_name
from ninjadojo.games.ninja_trap.cards import BUKO, HITS_TO_KILL, ROOMS, room_label
from ninjadojo.games.ninja_trap.encode import LOOK_DONE, NO_FLIP

if TYPE_CHECKING:
    from ninjadojo.games.ninja_trap.state import NinjaTrapState

# The stage names, as rules.py spells them (not imported: rules imports this module).
_TRAP, _MOVE, _ACTIVATE, _LOOK = "trap", "move", "activate", "look"


def seat_list(seats: Sequence[int]) -> str:
    """Seats in words: ``P1``, ``P0 and P2``, ``P0, P1 and P3``."""
    return listing([seat_name(seat) for seat in seats])


# ---------------------------------------------------------------------- prompts


def prompt(state: NinjaTrapState, seat: int, kind: str) -> str:
    """The question ``seat`` answers in the stage ``kind``, as a plain sentence."""
    turn = state.turn
    if kind == _TRAP:
        return (f"Turn {turn}: lay a card from your hand face down as a trap. It is hidden from you too (only "
                "a Buko look shows it again), so remember where you put it.")
    if kind == _MOVE:
        return f"Turn {turn}: choose the room your ninja moves to. All moves are revealed together."
    if kind == _LOOK:
        count = len(state.traps[seat])
        if not count:
            # Nothing to see: the look only waits for the seat to go on (issue 23: not "shown above").
            return (f"Turn {turn}: you reached the Buko unharmed, but you have no face-down traps to look at. "
                    "Go on when you are ready.")
        which, it = ("your face-down trap is", "it") if count == 1 else (f"your {count} face-down traps are", "them")
        return (f"Turn {turn}: you reached the Buko unharmed: {which} shown to you, only now. "
                f"Hide {it} again when you have looked.")
    count = len(state.traps[seat])
    what = "your face-down trap" if count == 1 else f"one of your {count} face-down traps"
    # Only with the option ghost_traps (ruling 6) is a player whose ninja is out asked.
    out = "your ninja is out, but your traps are live: " if not state.alive(seat) else ""
    return f"Turn {turn}: {out}flip {what} to spring it, or pass. {where_ninjas(state, seat)}"


def where_ninjas(state: NinjaTrapState, seat: int) -> str:
    """Where the ninjas moved this turn, the asking seat first: ``You are in the Buko; P1 is in the Genkan.``"""
    # Ninjas in one room are named together ("P1 and P2 are in the Teizen"), rooms in the order first met. Each
    # room is a clause of its own, with its verb, and semicolons between them: a browser names a bot "P1 (medium
    # bot)", and "You are in the Genkan, P1 (medium bot), P2 (medium bot) and P3 in the Buko" read as if you
    # were in every room.
    rooms: dict[int, list[str]] = {}
    for each, room in enumerate(state.moves):
        if room >= 0 and each != seat:
            rooms.setdefault(room, []).append(f"P{each}")
    parts = [f"{listing(names)} {'is' if len(names) == 1 else 'are'} in the {ROOMS[room].name}"
             for room, names in rooms.items()]
    own = state.moves[seat]
    if own >= 0:
        parts.insert(0, f"You are in the {ROOMS[own].name}")
    return f"{'; '.join(parts)}." if parts else ""


# ---------------------------------------------------------------------- labels


def label(state: NinjaTrapState, seat: int, kind: str, payload: int) -> str:
    """Words for one legal action of ``seat`` in the stage ``kind`` (its payload: a room, a row position,
    or :data:`~ninjadojo.games.ninja_trap.encode.NO_FLIP`)."""
    if kind == _TRAP:
        return f"Set a trap in the {room_label(payload)}"
    if kind == _MOVE:
        if payload == BUKO:
            return f"Move to the {room_label(payload)}: if not trapped there, you see your traps"
        return f"Move to the {room_label(payload)}"
    if kind == _ACTIVATE:
        if payload == NO_FLIP:
            return "Pass: flip no trap this turn"
        # Named by the turn it was laid, as the log names it: a position ("trap 2") changes when a trap before it
        # is flipped, the turn never does (one trap a turn).
        return f"Flip your trap laid on turn {state.trap_turns[seat][payload]} and call TRAP!"
    assert payload == 0, f"the look has one action, {LOOK_DONE}"
    count = len(state.traps[seat])
    return f"Hide your {'trap' if count == 1 else 'traps'} again and go on" if count else "Go on"


# ---------------------------------------------------------------------- the end


def score_lines(state: NinjaTrapState, player: int) -> list[str]:
    """How the game ended for ``player``: the hits taken (three and a ninja is out), the traps still
    face down (revealed: room and turn laid, in row order), and last how the game ended for it (the
    win, or not). Ninja Trap is won or lost: the result's score (1 for a win, 0 otherwise) is not a
    count a player reads, so no line gives a number of points (the spec's ``score_name`` is empty)."""
    result = state.result
    assert result is not None, "score lines are for the end of the game"
    hits = state.hits[player]
    if hits >= HITS_TO_KILL:
        # When it went out tells apart two ninjas knocked out (who lasted longer), where the outcome cannot.
        turn = _knocked_out(state, player)[0]
        # In brackets as a living ninja's lives left are ("3 of 3: out on turn 4" read as two colons in a row).
        lines = [f"Hits taken: {hits} of {HITS_TO_KILL} (out" + (f" on turn {turn})" if turn else ")")]
    else:
        lines = [f"Hits taken: {hits} of {HITS_TO_KILL} ({plural(HITS_TO_KILL - hits, 'life', 'lives')} left)"]
    row = state.traps[player]
    if row:
        shown = ", ".join(f"{ROOMS[room].name} (turn {turn})"
                          for room, turn in zip(row, state.trap_turns[player], strict=True))
        lines.append(f"Traps still face down ({len(row)}): {shown}")
    else:
        lines.append("Traps still face down: none")
    lines.append(_outcome(state, player))
    return lines


def _knocked_out(state: NinjaTrapState, player: int) -> tuple[int, bool]:
    """When ``player``'s ninja went out, from the log's "P<n>'s ninja is out.": the turn (0: not found), so
    that the end tells apart who lasted longer, and whether it was the game's last turn (no turn began after)."""
    out = f"P{player}'s ninja is out."
    turn = 0
    found = 0
    for event in state.events:
        text = event.text.strip()
        if text.startswith("Turn ") and ":" in text:
            if found:
                return max(found, 0), False
            number = text[5:text.index(":")]
            turn = int(number) if number.isdigit() else turn
        elif text == out and not found:
            found = turn or -1  # (-1: out before any turn's header, e.g. a game built mid-turn)
    return max(found, 0), bool(found)


def _outcome(state: NinjaTrapState, player: int) -> str:
    """How the game ended for ``player``, in the words of the rule that scores it (ruling 9)."""
    # Imported here: rules imports this module for its prompts.
    from ninjadojo.games.ninja_trap.rules import forced_common_room

    result = state.result
    assert result is not None
    if result.truncated:
        # The one end with a number to read: the result's scores are then the lives left.
        return f"Lives left: {result.scores[player]:g} (the game stopped at its maximum length, with no winner)"
    won = player in result.winners
    living = state.living_seats()
    if not state.alive(player) and not won:
        # "Before the end" was untrue of a ninja whose knock-out ended the game (a probe's finding).
        return "Knocked out on the last turn" if _knocked_out(state, player)[1] else "Knocked out before the end"
    if len(living) >= 2:
        # Only the stalemate (ruling 3) ends a game with two ninjas standing.
        room = forced_common_room(state)
        where = f"Forced into the {ROOMS[room].name} for good" if room >= 0 else "Forced into one room for good"
        if len(result.winners) == len(living):
            return f"{where} with the others (a shared win)"
        if won:
            return f"{where}, with the fewest hits (the win)"
        return f"{where}, with more hits than the fewest"
    if won and state.alive(player):
        return "Last ninja standing (the win)"
    if len(result.winners) > 1:
        return "Knocked out together with the last ninjas (a shared win)"
    return "Knocked out last (the win)"
