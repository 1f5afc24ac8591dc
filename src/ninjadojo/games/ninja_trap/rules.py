"""Ninja Trap's turn: the three simultaneous stages, the end of turn, and the end of the game.

All functions take the state and change it in place; the engine calls them from its hooks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ninjadojo.engine.errors import quote
from ninjadojo.engine.frames import Frame
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.words import plural
from ninjadojo.games.ninja_trap import rulings
from ninjadojo.games.ninja_trap.cards import (
    CODES,
    DRAW_PER_TURN,
    HAND_SIZE,
    HITS_TO_KILL,
    ROOM_COUNT,
    ROOM_INDEX,
    ROOMS,
    deck_counts,
    deck_size,
)
from ninjadojo.games.ninja_trap.effects import buko_lookers
from ninjadojo.games.ninja_trap.encode import LOOK_DONE, NO_FLIP, PASS
from ninjadojo.games.ninja_trap.words import seat_list

if TYPE_CHECKING:
    from ninjadojo.games.ninja_trap.state import NinjaTrapState

TRAP = "trap"
MOVE = "move"
ACTIVATE = "activate"
LOOK = "look"
STAGE_NAMES = {TRAP: "place a trap", MOVE: "move", ACTIVATE: "activate a trap", LOOK: "Buko look"}
#: Each stage as a refusal names it ("it is the trap stage: ...").
STAGE_WORDS = {TRAP: "the trap stage", MOVE: "the move stage", ACTIVATE: "the activation stage", LOOK: "a Buko look"}


# ---------------------------------------------------------------------- set-up and frames


def setup(state: NinjaTrapState) -> None:
    """Shuffle each player's own deck (seat order), deal five to each, and open turn 1."""
    counts = deck_counts(state.num_players)
    for seat in range(state.num_players):
        deck = [room for room in range(ROOM_COUNT) for _ in range(counts[room])]
        state.rng.shuffle(deck)
        state.decks[seat] = deck
        _draw(state, seat, HAND_SIZE)
    state.turn = 1
    state.log(f"Each of {state.num_players} ninjas shuffles their deck and draws {HAND_SIZE}.")
    _open_trap_stage(state)


def _draw(state: NinjaTrapState, seat: int, count: int) -> int:
    """Draw up to ``count`` cards from the top of ``seat``'s deck; returns how many were drawn."""
    deck, hand = state.decks[seat], state.hands[seat]
    drawn = min(count, len(deck))
    for _ in range(drawn):
        hand[deck.pop()] += 1
    return drawn


def _open_trap_stage(state: NinjaTrapState) -> None:
    # A trap needs a second card to move with; a ninja left with one card in all (deck and discard
    # pile empty, every other card a face-down trap) skips placing a trap (see the Rulings).
    seats = [s for s in state.living_seats() if sum(state.hands[s]) >= 2]
    if seats:
        state.frames.append(Frame(TRAP, seats, simultaneous=True))
    else:
        # Every turn has its header line, so that the log (and the end's "out on turn N") can count turns.
        state.log(f"Turn {state.turn}: no trap is laid (no ninja has a card to spare).")
        _open_move_stage(state)


def _open_move_stage(state: NinjaTrapState) -> None:
    state.frames.append(Frame(MOVE, state.living_seats(), simultaneous=True))


def blocked_seats(state: NinjaTrapState) -> list[bool]:
    """Per seat: whether its ninja moved to the same room as another ninja this turn (so cannot flip)."""
    in_room = [0] * ROOM_COUNT
    for room in state.moves:
        if room >= 0:
            in_room[room] += 1
    return [room >= 0 and in_room[room] > 1 for room in state.moves]


def moves_on_table(state: NinjaTrapState) -> bool:
    """Whether this turn's move cards lie face up on the table (the activation stage), rather than
    in the discard piles (after the turn) or in the hands (before the reveal).

    A game stopped at its maximum length stops where it stands, with no frame left: stopped at the
    activation stage, its moves are still on the table. Then the cards say so: a move card on the
    table is in none of its owner's zones, so the ninjas that moved hold one card fewer than a deck.
    """
    if state.frames:
        return state.frames[-1].kind == ACTIVATE
    if state.result is None or not state.result.truncated:
        return False
    moved = [seat for seat in range(state.num_players) if state.moves[seat] >= 0]
    if not moved:
        return False
    seat = moved[0]
    zones = sum(state.hands[seat]) + sum(state.discards[seat]) + len(state.decks[seat]) + len(state.traps[seat])
    return zones < deck_size(state.num_players)


def flipper_seats(state: NinjaTrapState) -> list[int]:
    """The seats that may flip a trap now: living, not sharing a room, with a face-down trap (ruling 4).

    With the option ``ghost_traps`` (ruling 6) an out player with a face-down trap may flip too: its
    ninja moved nowhere, so it is never blocked.
    """
    blocked = blocked_seats(state)
    ghosts = rulings.ghost_traps(state.options)
    return [s for s in range(state.num_players)
            if state.traps[s] and not blocked[s] and (ghosts or state.alive(s))]


# ---------------------------------------------------------------------- resolving the stages


def resolve(state: NinjaTrapState, kind: str, choices: dict[int, int]) -> None:
    """Resolve a simultaneous stage once every seat in it has chosen (choices in seat order)."""
    if kind == TRAP:
        _resolve_traps(state, choices)
    elif kind == MOVE:
        _resolve_moves(state, choices)
    elif kind == ACTIVATE:
        _end_turn(state, choices)
    else:
        _discard_draw_and_go_on(state)


def _resolve_traps(state: NinjaTrapState, choices: dict[int, int]) -> None:
    turn = state.turn
    for seat, room in choices.items():
        state.hands[seat][room] -= 1
        state.traps[seat].append(room)
        state.trap_turns[seat].append(turn)
    # Named by the turn they are laid, as the flips and the choices name them: a trap's place in its row
    # changes when a trap before it is flipped (the row closes up), so a number would name another later.
    layers = [f"P{seat}" for seat in choices]
    who = layers[0] if len(layers) == 1 else f"{', '.join(layers[:-1])} and {layers[-1]}"
    # The line's turn is the trap's name in later lines ("flips the trap they laid on turn 3"): not said twice.
    state.log(f"Turn {turn}: {who} {'lays' if len(layers) == 1 else 'each lay'} a trap face down.")
    _open_move_stage(state)


def _resolve_moves(state: NinjaTrapState, choices: dict[int, int]) -> None:
    moves = state.moves
    for seat in range(state.num_players):
        moves[seat] = -1
        # The flips shown are this turn's from now on (none yet).
        state.flips[seat] = -1
    for seat, room in choices.items():
        state.hands[seat][room] -= 1
        moves[seat] = room
    shown = ", ".join(f"P{seat} to the {ROOMS[room].name}" for seat, room in choices.items())
    state.log(f"Moves revealed: {shown}.")
    blocked = blocked_seats(state)
    if any(blocked):
        # Blocked ninjas come at least two to a room, so the line always names two or more.
        together = seat_list([seat for seat in choices if blocked[seat]])
        state.log(f"{together} are not alone in their rooms and cannot flip a trap this turn.", depth=1)
    seats = flipper_seats(state)
    if seats:
        state.frames.append(Frame(ACTIVATE, seats, simultaneous=True))
    else:
        _end_turn(state, {})


def _end_turn(state: NinjaTrapState, flips: dict[int, int]) -> None:
    """Spring the flipped traps, give hits (one per ninja at most), then the Buko looks, then draws."""
    players = state.num_players
    sprung = [False] * ROOM_COUNT
    flipped: list[tuple[int, int, int, int]] = []  # (seat, row position, turn laid, room), in seat order
    state.flips = [-1] * players
    for seat, position in flips.items():
        if position == NO_FLIP:
            continue
        room = state.traps[seat].pop(position)
        laid = state.trap_turns[seat].pop(position)
        state.discards[seat][room] += 1
        state.flips[seat] = room
        sprung[room] = True
        flipped.append((seat, position, laid, room))
    hit = [False] * players
    for seat in range(players):
        room = state.moves[seat]
        if room >= 0 and sprung[room] and state.alive(seat):
            hit[seat] = True
            state.hits[seat] += 1
    knocked_out = [seat for seat in range(players) if hit[seat] and not state.alive(seat)]
    _log_flips(state, flipped, hit)
    # Move cards go to their owners' discard piles (flipped traps went there above).
    for seat in range(players):
        room = state.moves[seat]
        if room >= 0:
            state.discards[seat][room] += 1
    living = state.living_seats()
    if len(living) <= 1:
        _finish(state, living or knocked_out)
        return
    lookers = buko_lookers(state, hit)
    if lookers:
        state.frames.append(Frame(LOOK, lookers, simultaneous=True))
    else:
        _discard_draw_and_go_on(state)


def _log_flips(state: NinjaTrapState, flipped: list[tuple[int, int, int, int]], hit: list[bool]) -> None:
    """Log each flip, with what it sprang nested under it (the hits, and a ninja knocked out)."""
    if not flipped:
        state.log("No trap is flipped.")
        return
    told = [False] * state.num_players
    for seat, _position, laid, room in flipped:
        name = ROOMS[room].name
        # By the turn it was laid, not its place in the row: the row closes up after a flip, so "trap 1" would
        # name two traps in one game.
        state.log(f"P{seat} calls TRAP! and flips the trap they laid on turn {laid}: the {name}.")
        victims = [each for each in range(state.num_players) if hit[each] and state.moves[each] == room]
        if not victims:
            state.log(f"Nobody is in the {name}.", depth=1)
        for victim in victims:
            if told[victim]:
                # Two traps sprung in one room: the ninja there still takes only one hit.
                state.log(f"It springs on P{victim} too, who takes no second hit this turn.", depth=1)
                continue
            told[victim] = True
            state.log(f"The trap in the {name} springs on P{victim}: hit {state.hits[victim]} of "
                      f"{HITS_TO_KILL}.", depth=1)
            if not state.alive(victim):
                state.log(f"P{victim}'s ninja is out.", depth=2)


def _discard_draw_and_go_on(state: NinjaTrapState) -> None:
    living = state.living_seats()
    for seat in living:
        _draw_stage(state, seat)
    room = forced_common_room(state)
    if room >= 0:
        state.log(f"Every ninja left has only {ROOMS[room].name} cards to play: they will always share that "
                  "room, so no trap can ever be flipped again.")
        winners = stalemate_winners(state)
        if winners != living:
            names = f"{seat_list(winners)} {'takes' if len(winners) == 1 else 'share'}"
            fewest = plural(state.hits[winners[0]], "hit")
            _finish(state, winners, f"Of the ninjas forced into the {ROOMS[room].name}, {names} the win with the "
                                    f"fewest hits ({fewest}).")
            return
        _finish(state, living, f"{seat_list(living)} are forced into the {ROOMS[room].name} for good, can never "
                               "be trapped again, and share the win.")
        return
    state.turn += 1
    _open_trap_stage(state)


def forced_common_room(state: NinjaTrapState) -> int:
    """The room every living ninja is forced into for good, or -1.

    When each living ninja's cards outside its trap row (hand, deck, discard pile) are all of one and
    the same room, every later move goes there, so they always share it and nobody may flip again: no
    hit can ever happen (see the Rulings: the game ends and they share the win). With the option
    ``ghost_traps`` an out player's face-down trap could still spring on them, so while any out player
    has one (the rows are public) nobody is stuck yet.
    """
    if rulings.ghost_traps(state.options) and any(
            state.traps[seat] and not state.alive(seat) for seat in range(state.num_players)):
        return -1
    common = -1
    for seat in state.living_seats():
        pile, hand = state.discards[seat], state.hands[seat]
        rooms = {room for room in range(ROOM_COUNT) if hand[room] or pile[room]}
        rooms.update(state.decks[seat])
        if len(rooms) != 1:
            return -1
        (room,) = rooms
        if common not in (-1, room):
            return -1
        common = room
    return common


def stalemate_winners(state: NinjaTrapState) -> list[int]:
    """Who wins when every ninja left is forced into one room for good (ruling 3): all of them, or with
    the option ``stalemate=fewest_hits`` those of them with the fewest hits."""
    living = state.living_seats()
    if not rulings.fewest_hits_break_stalemate(state.options):
        return living
    fewest = min(state.hits[seat] for seat in living)
    return [seat for seat in living if state.hits[seat] == fewest]


def _draw_stage(state: NinjaTrapState, seat: int) -> None:
    _draw(state, seat, DRAW_PER_TURN)
    hand_size = sum(state.hands[seat])
    if state.decks[seat] or hand_size >= rulings.reshuffle_at(state.options):
        return
    # The cards have run out (by default a turn needs two; with reshuffle=empty, once the hand is empty):
    # the discard pile becomes a new draw pile, traps stay.
    pile = state.discards[seat]
    deck = [room for room in range(ROOM_COUNT) for _ in range(pile[room])]
    state.discards[seat] = [0] * ROOM_COUNT
    state.rng.shuffle(deck)
    state.decks[seat] = deck
    drawn = _draw(state, seat, HAND_SIZE - hand_size)
    state.log(f"P{seat} shuffles their discard pile into a new draw pile of {plural(len(deck) + drawn, 'card')} "
              f"and draws {drawn}.")


def _finish(state: NinjaTrapState, winners: list[int], reason: str = "") -> None:
    scores = tuple(1.0 if seat in winners else 0.0 for seat in range(state.num_players))
    state.finish(scores, tuple(winners), reason or _end_reason(state, winners))


def _end_reason(state: NinjaTrapState, winners: list[int]) -> str:
    if len(winners) == 1 and state.alive(winners[0]):
        return f"P{winners[0]} is the last ninja standing and wins."
    if len(winners) == 1:
        # Only reached from a hand-written position: every ninja out at once, one of them the winner.
        return f"P{winners[0]} was knocked out last and wins."
    return f"{seat_list(winners)} were knocked out together as the last ninjas and share the win."


# ---------------------------------------------------------------------- typed actions refused


def explain_illegal(state: NinjaTrapState, seat: int, action: str) -> str | None:
    """Why ``action`` is not legal for ``seat`` now, in words."""
    kind = state.stage()
    if kind is None:
        return None
    traps = len(state.traps[seat])
    flips = (f"flip a trap with f1-f{traps}, or pass" if traps > 1 else "flip your trap with f1, or pass" if traps
             else "pass (you have no trap to flip)")
    wanted = {
        TRAP: "place a trap with t + a room code from your hand, e.g. tG",
        MOVE: "move with m + a room code from your hand, e.g. mG",
        ACTIVATE: flips,
        LOOK: f"say {LOOK_DONE} when you have looked at your traps",
    }[kind]
    rooms = ", ".join(f"{room.code} {room.name}" for room in ROOMS)
    # Explained as typed in any case (the terminal takes "tg" for "tG"): the reason is the move's, not the case's.
    # A room code is a capital, everything else (pass, ok, fN) small; a t or m with no room after it keeps
    # what follows as typed (quoted as "not a room").
    typed, written = action, action.strip()
    head, rest = written[:1].lower(), written[1:]
    room = head in ("t", "m") and rest.upper() in ROOM_INDEX
    if room:
        rest = rest.upper()
    elif head not in ("t", "m"):
        rest = rest.lower()
    action = head + rest
    if action != typed and action in state.legal_actions(seat):
        case = (" (without spaces)" if written == action
                else ": the action's letter is small, the room code a capital" if room else " (in small letters)")
        return f"write it {quote(action)}{case}"
    if head in ("t", "m") and rest:
        if rest not in ROOM_INDEX:
            return f"{quote(rest)} is not a room; rooms are {rooms}"
        if (head == "t") != (kind == TRAP) or (head == "m") != (kind == MOVE):
            return f"it is {STAGE_WORDS[kind]}: {wanted}"
        # The hand in words, each with its code ("G Genkan, 2 Daidokoro (D)"): the player types the codes.
        held = [f"{n} {ROOMS[r].name} ({CODES[r]})" if n > 1 else f"{ROOMS[r].name} ({CODES[r]})"
                for r, n in enumerate(state.hands[seat]) if n]
        return f"you hold no {ROOMS[ROOM_INDEX[rest]].name} card (your hand: {', '.join(held) or 'empty'})"
    if head == "f" and rest.isdigit():
        if kind != ACTIVATE:
            return f"it is {STAGE_WORDS[kind]}: {wanted}"
        return f"you have {plural(traps, 'face-down trap') if traps else 'no face-down trap'}: {wanted}"
    if action == PASS:
        return f"passing is only for the activation stage (flip a trap or pass); it is {STAGE_WORDS[kind]}: {wanted}"
    if action == LOOK_DONE:
        return f"{LOOK_DONE} only ends a Buko look; it is {STAGE_WORDS[kind]}: {wanted}"
    return f"not a Ninja Trap action (tX trap, mX move, fN flip, pass, ok); now {wanted}"


# ---------------------------------------------------------------------- hidden information


def memo(state: NinjaTrapState, seat: int, action: str) -> JSONValue:
    """What ``seat`` remembers of ``action``: ``[[turn, room code], ...]`` for the traps it sees.

    Laying a trap (``tX``) notes the new trap's room under this turn; ending a Buko look (``ok``) notes
    every trap of the row as the look shows it. Anything else notes nothing (``None``).
    """
    if state.result is not None or not state.frames or seat not in state.to_act():
        return None
    kind = state.frames[-1].kind
    if kind == TRAP and action[:1] == "t" and action[1:] in ROOM_INDEX:
        return [[state.turn, action[1:]]]
    if kind == LOOK and action == LOOK_DONE and state.look_live(seat):
        return [[turn, CODES[room]] for turn, room in zip(state.trap_turns[seat], state.traps[seat], strict=True)]
    return None


def remembered_traps(memory: Sequence[JSONValue]) -> dict[int, int]:
    """The rooms a seat remembers its traps hold, by the turn each was laid, from its :func:`memo` notes
    (later notes win; anything malformed is skipped: a memory is advice, never trusted blindly)."""
    rooms: dict[int, int] = {}
    for note in memory:
        if not isinstance(note, list):
            continue
        for pair in note:
            if (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)
                    and isinstance(pair[1], str) and pair[1] in ROOM_INDEX):
                rooms[pair[0]] = ROOM_INDEX[pair[1]]
    return rooms


def determinize(state: NinjaTrapState, seat: int, rng: Rng, memory: Sequence[JSONValue] = ()) -> None:
    """Redeal, from what ``seat`` knows only, every card it cannot see.

    Per owner, the unseen cards are one pool: the deck, the face-down traps (hidden from their owner
    too, except during the owner's own Buko look) and, for a rival, the hand. What the pool holds is
    known to everyone: the owner's whole deck less its discard pile and its move card on the table
    (and, for ``seat`` itself, less its hand and the traps of a look it is having). The pool is built
    from those counts in room order, never from the true cards in their true order, so the sample
    depends on nothing ``seat`` cannot see: two positions it cannot tell apart give the same sample
    for the same seed. The pool is shuffled and dealt to the hand, the trap row (in row order) and the
    deck, whose sizes are public.

    ``memory`` (the seat's :func:`memo` notes) fixes the seat's own remembered traps where it laid
    them: they leave the pool first, so the rest is dealt around them. A note for a trap no longer in
    the row, or one the counts cannot hold, is ignored.
    """
    remembered = remembered_traps(memory) if memory else {}
    full = deck_counts(state.num_players)
    on_table = moves_on_table(state)
    # At the end every hand and trap is shown to all (the final count): only the decks stay unseen.
    over = state.result is not None
    for owner in range(state.num_players):
        own = owner == seat or over
        keep_row = (owner == seat and state.look_live(seat)) or over
        unseen = [full[room] - state.discards[owner][room] for room in range(ROOM_COUNT)]
        if on_table and state.moves[owner] >= 0:
            unseen[state.moves[owner]] -= 1
        if own:
            unseen = [unseen[room] - state.hands[owner][room] for room in range(ROOM_COUNT)]
        if keep_row:
            for room in state.traps[owner]:
                unseen[room] -= 1
        fixed: dict[int, int] = {}
        if owner == seat and remembered and not keep_row:
            for position, turn in enumerate(state.trap_turns[owner]):
                room = remembered.get(turn, -1)
                if room >= 0 and unseen[room] > 0:
                    fixed[position] = room
                    unseen[room] -= 1
        pool = [room for room in range(ROOM_COUNT) for _ in range(unseen[room])]
        hand_size = 0 if own else sum(state.hands[owner])
        row_size = 0 if keep_row else len(state.traps[owner]) - len(fixed)
        assert len(pool) == hand_size + row_size + len(state.decks[owner]), "cards are conserved"
        rng.shuffle(pool)
        if not own:
            state.hands[owner] = [0] * ROOM_COUNT
            for room in pool[:hand_size]:
                state.hands[owner][room] += 1
        if not keep_row:
            dealt = iter(pool[hand_size:hand_size + row_size])
            state.traps[owner] = [fixed[position] if position in fixed else next(dealt)
                                  for position in range(len(state.traps[owner]))]
        state.decks[owner] = pool[hand_size + row_size:]
