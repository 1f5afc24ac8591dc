"""Ninja Trap's action texts and its fixed action space.

Actions (short, like UCI):

- ``tG``: place a trap with a Genkan card from your hand (``t`` + a room code);
- ``mG``: move your ninja to Genkan (``m`` + a room code);
- ``f3``: flip your face-down trap at row position 3 (1-based, oldest first); ``pass``: flip none;
- ``ok``: done looking at your traps (after an unharmed move to the Buko).

Legal-move maps are precomputed once per hand shape (which rooms are in the hand) and per trap-row
length, and shared: the engine never mutates a legal map, so the hot path builds no strings.
"""

from __future__ import annotations

from ninjadojo.games.ninja_trap.cards import CODES, ROOM_COUNT, deck_size

PASS = "pass"
LOOK_DONE = "ok"
TRAP_ACTIONS: tuple[str, ...] = tuple(f"t{code}" for code in CODES)
MOVE_ACTIONS: tuple[str, ...] = tuple(f"m{code}" for code in CODES)
#: Payload of ``pass`` in the activation stage (other payloads are 0-based trap row positions).
NO_FLIP = -1


def flip_action(position: int) -> str:
    """The action that flips the trap at 0-based row ``position``."""
    return f"f{position + 1}"


def max_traps(players: int) -> int:
    """The longest trap row possible: a player always keeps one card to move with."""
    return deck_size(players) - 1


def _by_hand_mask(texts: tuple[str, ...]) -> tuple[dict[str, int], ...]:
    """For each set of rooms in hand (a bitmask), the legal map ``{text: room}``."""
    return tuple(
        {texts[room]: room for room in range(ROOM_COUNT) if mask >> room & 1}
        for mask in range(1 << ROOM_COUNT)
    )


TRAP_BY_HAND: tuple[dict[str, int], ...] = _by_hand_mask(TRAP_ACTIONS)
MOVE_BY_HAND: tuple[dict[str, int], ...] = _by_hand_mask(MOVE_ACTIONS)
#: For each trap-row length, the legal map of the activation stage: ``pass`` first, then each trap.
FLIP_BY_ROW: tuple[dict[str, int], ...] = tuple(
    {PASS: NO_FLIP, **{flip_action(i): i for i in range(length)}} for length in range(max_traps(4) + 1)
)


#: The legal map of the Buko look: the one action that ends it.
LOOK_LEGAL: dict[str, int] = {LOOK_DONE: 0}


def all_actions(players: int) -> list[str]:
    """Every action text that can ever be legal with ``players`` players, in a stable order."""
    return [*TRAP_ACTIONS, *MOVE_ACTIONS, PASS, *(flip_action(i) for i in range(max_traps(players))), LOOK_DONE]
