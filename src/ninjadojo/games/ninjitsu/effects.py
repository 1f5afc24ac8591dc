"""The interpreter of card actions, steals and traps.

``state.effects`` is a stack of ``(card, next step)``: the actions being resolved, innermost on top (a
card played for its action inside another card's action runs fully before the outer one goes on).
:func:`resume` runs steps until one needs a choice, which it asks by pushing a frame; ``rules`` applies
the choice and calls :func:`resume` again. Steps that cannot be done are skipped ("do as much as you
can"). Effects that do not fit the step vocabulary are functions registered in :data:`SPECIALS`.

Log lines are nested by ``state.narrate``: as deep as the stack of resolving actions, and a trap one
level inside the steal or flip that sprang it (``deeper=1``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.games.ninjitsu.cards import (
    CARD_IDS,
    CARDS,
    VALUE,
    DiscardExtreme,
    DiscardTreasures,
    Draw,
    Play,
    Special,
    Steal,
    Step,
    TakeTreasure,
    card_label,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState


def resume(state: NinjitsuState) -> None:
    """Run pending effect steps until a decision is needed (a frame) or nothing is left."""
    frames = state.frames
    stack = state.effects
    while not frames and stack and state.result is None:
        card, index = stack[-1]
        steps = CARDS[card].steps
        if index >= len(steps):
            stack.pop()
            continue
        stack[-1] = (card, index + 1)
        run_step(state, card, steps[index])


def run_step(state: NinjitsuState, card: int, step: Step) -> None:
    """Carry out one step of ``card``'s action for the current player."""
    player = state.turn
    by = CARD_IDS[card]
    if isinstance(step, Draw):
        state.draw(player, step.count)
    elif isinstance(step, Play):
        if state.hands[player]:
            state.frames.append(Frame("play", [player], {"way": step.way, "by": by}))
    elif isinstance(step, Steal):
        if _secret_targets_exist(state, player):
            state.frames.append(Frame("steal", [player], {"ignore_traps": step.ignore_traps, "by": by}))
    elif isinstance(step, DiscardTreasures):
        if _treasures_in_scope(state, player, step.scope):
            state.frames.append(Frame("discard-treasure", [player], {
                "scope": step.scope, "left": step.up_to, "optional": step.optional,
                "use_action": step.use_action, "by": by,
            }))
    elif isinstance(step, DiscardExtreme):
        discard_extreme(state, step.highest, state.opponents(player))
    elif isinstance(step, TakeTreasure):
        if _treasures_in_scope(state, player, step.scope):
            state.frames.append(Frame("take-treasure", [player], {"scope": step.scope, "by": by}))
    elif isinstance(step, Special):
        SPECIALS[step.name](state, card)
    else:  # pragma: no cover - the Step union is closed
        raise AssertionError(f"unknown step {step!r}")


def _secret_targets_exist(state: NinjitsuState, player: int) -> bool:
    return any(state.secrets[seat] for seat in range(state.num_players) if seat != player)


def _treasures_in_scope(state: NinjitsuState, player: int, scope: str) -> bool:
    return any(state.treasures[seat] for seat in range(state.num_players) if scope == "any" or seat != player)


# ---------------------------------------------------------------------- discarding treasures


def discard_extreme(state: NinjitsuState, highest: bool, seats: Sequence[int]) -> None:
    """Discard the highest (or lowest) value treasure of each seat in ``seats``, in order.

    On a tie the current player chooses: a ``tie`` frame is pushed holding the seats still to do.
    """
    for index, seat in enumerate(seats):
        cards = state.treasures[seat]
        if not cards:
            continue
        values = [VALUE[card] for card in cards]
        best = max(values) if highest else min(values)
        tied = [card for card in cards if VALUE[card] == best]
        if len(tied) == 1:
            state.discard_treasure(seat, tied[0])
            continue
        state.frames.append(Frame("tie", [state.turn], {
            "highest": highest, "seat": seat, "cards": tuple(CARD_IDS[card] for card in tied),
            "rest": tuple(seats[index + 1:]),
        }))
        return


# ---------------------------------------------------------------------- steals and traps


def steal(state: NinjitsuState, thief: int, victim: int, position: int, ignore_traps: bool = False) -> None:
    """``thief`` steals ``victim``'s secret at ``position``: it turns face-up in the thief's collection,
    its trap (if any, unless ignored) is resolved by the thief, then it is discarded if it has no value."""
    card = state.secrets[victim].pop(position)
    state.turn_face_up(thief, card)
    state.narrate(f"P{thief} steals P{victim}'s secret #{position}: {card_label(card)}")
    trap = CARDS[card].trap
    if trap is not None:
        if ignore_traps:
            state.narrate(f"the trap of {CARD_IDS[card]} is ignored", deeper=1)
        else:
            spring_trap(state, card, taker=thief, victim=victim)
    state.settle_face_up(thief, card, deeper=1)


def spring_trap(state: NinjitsuState, card: int, taker: int, victim: int) -> None:
    """Resolve ``card``'s trap: ``taker`` is the player who stole it, ``victim`` the one robbed.

    Its lines are logged one level inside the steal (or flip) that sprang it.
    """
    trap = CARDS[card].trap
    assert trap is not None
    state.narrate(f"{card_label(card)} is trapped!", deeper=1)
    if trap.kind == "victim-draws":
        state.draw(victim, trap.count, deeper=1)
    elif trap.kind == "discard-from-hand":
        if state.hands[taker]:
            state.frames.append(Frame("trap-discard", [taker], {"left": trap.count, "by": CARD_IDS[card]}))
        else:
            state.narrate(f"P{taker} has no card in hand to discard", deeper=1)
    elif trap.kind == "discard-other-treasures":
        others = [each for each in state.treasures[taker] if each != card]
        for other in others:
            state.discard_treasure(taker, other, deeper=1)
        if not others:
            state.narrate(f"P{taker} has no other treasure to discard", deeper=1)
    elif trap.kind == "discard-hand":
        hand = list(state.hands[taker])
        for other in hand:
            state.discard_from_hand(taker, other, deeper=1)
        if not hand:
            state.narrate(f"P{taker} has no card in hand to discard", deeper=1)


def surprise(state: NinjitsuState, player: int, owner: int, position: int) -> None:
    """Master of Surprise: ``owner``'s secret at ``position`` turns face-up and stays with its owner.

    Trapped: the owner resolves the trap as if they had stolen it from ``player``. Not trapped:
    ``player`` draws a card. Either way a card with no value is then discarded.
    """
    card = state.secrets[owner].pop(position)
    state.turn_face_up(owner, card)
    state.narrate(f"P{player} turns P{owner}'s secret #{position} face-up: {card_label(card)}")
    if CARDS[card].trap is not None:
        spring_trap(state, card, taker=owner, victim=player)
        state.settle_face_up(owner, card, deeper=1)
    else:
        # Turned face-up, a card with no value is discarded at once, before the draw.
        state.settle_face_up(owner, card, deeper=1)
        state.draw(player, 1)


def _master_of_surprise(state: NinjitsuState, card: int) -> None:
    player = state.turn
    if _secret_targets_exist(state, player):
        state.frames.append(Frame("surprise", [player], {"by": CARD_IDS[card]}))


#: Card actions that are functions rather than steps, by name (see ``cards.Special``).
SPECIALS: dict[str, Callable[[NinjitsuState, int], None]] = {
    "surprise": _master_of_surprise,
}
