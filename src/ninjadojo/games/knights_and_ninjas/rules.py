"""Legal actions: what each seat may do in each kind of frame.

Frames (``kind``: who, data):

- ``turn`` (current seat): fortify, attack, a special action, discard (or ``redeal`` with 2 players);
- ``fortify`` / ``attack`` (current seat): go on fortifying / attacking the chosen rival, or ``end``;
- ``respond`` (the attacked seat; data ``by``: who gains the gems, ``role``, ``str``): a response or
  ``take``. The attacked seat is always asked when it holds a card, so being asked tells nothing;
- ``highwayman`` (simultaneous, every seat with cards but the holder; ``holder``, ``amount``);
- ``herald`` (simultaneous, rivals with cards) then ``herald-pick`` (current seat; ``shown``);
- ``monk`` (simultaneous, taxed rivals);
- ``minstrel-discard`` (2 players: the rival of a Minstrel's player; ``then``);
- ``draft`` (2 players: the seat drafting sees the top card of the pile: ``keep`` or ``give``).

A payload is a tuple of ints whose first item is an ``OP_`` code.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.engine.errors import quote
from ninjadojo.games.knights_and_ninjas.cards import (
    AR,
    CA,
    CP,
    DR,
    EX,
    HE,
    HW,
    JE,
    KI,
    KINDS,
    KN,
    LA,
    ME,
    MERCHANT_PRICE,
    MI,
    MO,
    MONK_CARDS,
    MONK_GEMS,
    NI,
    PE,
    PR,
    QU,
    SO,
    TR,
)
from ninjadojo.games.knights_and_ninjas.encode import (
    attack_prefix,
    cards_text,
    merchant_text,
    pick_text,
    play_text,
)
from ninjadojo.games.knights_and_ninjas.options import (
    FIRST,
    JESTER_IN_REVOLT,
    POINTLESS_SPECIALS,
    PRE_ATTACKS,
    TRAITOR_NEEDS_GEMS,
)

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

Payload = tuple[int, ...]

(OP_FORT, OP_ATTACK, OP_HERALD, OP_MERCHANT, OP_MONK, OP_DISCARD, OP_REDEAL, OP_END, OP_RESPOND, OP_TAKE,
 OP_HIGHWAYMAN, OP_PASS, OP_SHOW, OP_PICK, OP_PAY_GEMS, OP_PAY_CARDS, OP_KEEP, OP_GIVE) = range(18)

#: Fortification slot index of each fortifying kind.
SLOT_OF = {CA: 0, AR: 1, MI: 2}
CASTLE, ARCHER, MINSTREL = 0, 1, 2

#: Attack roles a defender's Executioner cannot stop (no head).
HEADLESS = (LA, CP)
#: The pre-attacks: they clear fortifications and take no gems.
PRE_ATTACK_ROLES = (AR, CP, LA)
#: Attack frame data under ``pre_attacks=first``: a common or unique attack card was played this turn.
STRUCK = "struck"

_END: Payload = (OP_END,)
_TAKE: Payload = (OP_TAKE,)
_PASS: Payload = (OP_PASS,)


def data_int(frame: Frame, key: str) -> int:
    """An int from a frame's data (frames hold plain JSON values)."""
    value = frame.data[key]
    assert isinstance(value, int)
    return value


def shown_cards(frame: Frame) -> list[tuple[int, int]]:
    """The (seat, kind) pairs shown to a Herald, from a ``herald-pick`` frame."""
    shown = frame.data["shown"]
    assert isinstance(shown, tuple)
    pairs = []
    for pair in shown:
        assert isinstance(pair, tuple) and isinstance(pair[0], int) and isinstance(pair[1], int)
        pairs.append((pair[0], pair[1]))
    return pairs


def legal(state: KnightsAndNinjasState, seat: int, frame: Frame) -> dict[str, Payload]:
    """``{action text: payload}`` for ``seat`` in ``frame``, in a stable order."""
    kind = frame.kind
    if kind == "respond":
        return _responses(state, seat, frame)
    if kind == "turn":
        return _turn(state, seat)
    if kind == "attack":
        moves: dict[str, Payload] = {}
        _attacks(state, seat, state.attack_target, moves, pre_attacks=pre_attacks_open(state, frame))
        moves["end"] = _END
        return moves
    if kind == "highwayman":
        hand = state.hands[seat]
        moves = {}
        if hand[HW]:
            moves["hw"] = (OP_HIGHWAYMAN, HW)
        if hand[JE]:
            moves["hw*"] = (OP_HIGHWAYMAN, JE)
        moves["pass"] = _PASS
        return moves
    if kind == "fortify":
        moves = {}
        _fortifications(state, seat, moves)
        moves["end"] = _END
        return moves
    if kind == "draft":
        return {"keep": (OP_KEEP,), "give": (OP_GIVE,)}
    if kind == "herald":
        size = min(state.herald_shows, state.sizes[seat])
        return {cards_text("show:", kinds): (OP_SHOW, *kinds) for kinds in hand_multisets(state.hands[seat], size)}
    if kind == "herald-pick":
        moves = {}
        for shown_seat, shown_kind in shown_cards(frame):
            moves[pick_text(shown_seat, shown_kind)] = (OP_PICK, shown_seat, shown_kind)
        return moves
    if kind == "monk":
        return _monk_payments(state, seat)
    if kind == "minstrel-discard":
        size = min(2, state.sizes[seat])
        return {cards_text("x:", kinds): (OP_DISCARD, *kinds) for kinds in hand_multisets(state.hands[seat], size)}
    raise AssertionError(f"unknown frame kind {quote(kind)}")


def _turn(state: KnightsAndNinjasState, seat: int) -> dict[str, Payload]:
    moves: dict[str, Payload] = {}
    hand = state.hands[seat]
    _fortifications(state, seat, moves)
    for target in range(state.num_players):
        _attacks(state, seat, target, moves)
    rivals = [s for s in range(state.num_players) if s != seat]
    duel = state.duel
    # A special action is only played where it has an effect (ruling 6; option pointless_specials).
    pointless = bool(state.rule(POINTLESS_SPECIALS))
    if (hand[HE] or hand[JE]) and (pointless or any(state.sizes[s] for s in rivals)):
        if hand[HE]:
            moves["he"] = (OP_HERALD, HE)
        if hand[JE]:
            moves["he*"] = (OP_HERALD, JE)
    if (hand[ME] or hand[JE]) and state.gems[seat] >= MERCHANT_PRICE[duel]:
        for target in rivals:
            if pointless or state.sizes[target] >= 2:
                if hand[ME]:
                    moves[merchant_text(target, 0)] = (OP_MERCHANT, target, ME)
                if hand[JE]:
                    moves[merchant_text(target, 1)] = (OP_MERCHANT, target, JE)
    if (hand[MO] or hand[JE]) and (pointless or taxed_rivals(state, seat)):
        if hand[MO]:
            moves["mo"] = (OP_MONK, MO)
        if hand[JE]:
            moves["mo*"] = (OP_MONK, JE)
    if duel and state.sizes[seat] < 4:
        moves["redeal"] = (OP_REDEAL,)
    else:
        for kind in range(KINDS):
            if hand[kind]:
                moves[cards_text("x:", (kind,))] = (OP_DISCARD, kind)
    return moves


def _fortifications(state: KnightsAndNinjasState, seat: int, moves: dict[str, Payload]) -> None:
    hand = state.hands[seat]
    forts = state.forts[seat]
    if hand[CA] and forts[CASTLE] < 0:
        moves["f:ca"] = (OP_FORT, CASTLE, CA)
    if forts[ARCHER] < 0:
        if hand[AR]:
            moves["f:ar"] = (OP_FORT, ARCHER, AR)
        if hand[JE]:
            moves["f:ar*"] = (OP_FORT, ARCHER, JE)
    if forts[MINSTREL] < 0:
        if hand[MI]:
            moves["f:mi"] = (OP_FORT, MINSTREL, MI)
        if hand[JE]:
            moves["f:mi*"] = (OP_FORT, MINSTREL, JE)


def can_be_attacked(state: KnightsAndNinjasState, seat: int, target: int) -> bool:
    """Whether ``seat`` may attack ``target`` at all now (rival, has a gem, no Minstrel, same rival)."""
    return (target != seat and state.gems[target] > 0 and state.forts[target][MINSTREL] < 0
            and state.attack_target in (-1, target))


def pre_attacks_open(state: KnightsAndNinjasState, frame: Frame) -> bool:
    """Whether a pre-attack may be played now: with ``pre_attacks=first`` (the default, ruling 4) only until
    the turn's first common or unique attack card (the attack frame then says ``struck``); always under
    ``any-time``."""
    return STRUCK not in frame.data or state.rule(PRE_ATTACKS) != FIRST


def _attacks(state: KnightsAndNinjasState, seat: int, target: int, moves: dict[str, Payload],
             pre_attacks: bool = True) -> None:
    if not can_be_attacked(state, seat, target):
        return
    hand = state.hands[seat]
    jesters = hand[JE]
    forts = state.forts[target]
    archer = forts[ARCHER] >= 0
    castle = forts[CASTLE] >= 0
    prefix = attack_prefix(target)
    if not archer and (not castle or state.ladder_on == target):
        _commons(prefix, target, hand, moves, OP_ATTACK, bool(state.rule(JESTER_IN_REVOLT)))
    if hand[NI]:
        moves[prefix + "ni"] = (OP_ATTACK, target, NI, 1, 0, 0)
    if jesters:
        moves[prefix + "ni*"] = (OP_ATTACK, target, NI, 0, 1, 0)
    if archer:
        if not pre_attacks:
            return
        if hand[AR]:
            moves[prefix + "ar"] = (OP_ATTACK, target, AR, 1, 0, 0)
        if jesters:
            moves[prefix + "ar*"] = (OP_ATTACK, target, AR, 0, 1, 0)
        if state.forts[seat][ARCHER] >= 0:
            moves[prefix + "arf"] = (OP_ATTACK, target, AR, 0, 0, 1)
        return
    if hand[DR]:
        moves[prefix + "dr"] = (OP_ATTACK, target, DR, 1, 0, 0)
    if jesters:
        moves[prefix + "dr*"] = (OP_ATTACK, target, DR, 0, 1, 0)
    if castle and pre_attacks:
        if hand[CP]:
            moves[prefix + "cp"] = (OP_ATTACK, target, CP, 1, 0, 0)
        if hand[LA] and state.ladder_on != target:
            moves[prefix + "la"] = (OP_ATTACK, target, LA, 1, 0, 0)


def _commons(prefix: str, target: int, hand: list[int], moves: dict[str, Payload], op: int,
             jester_revolts: bool) -> None:
    """Single common cards and Peasant stacks, each also with Jesters standing in (in a stack of two or
    more only when ``jester_revolts``: ruling 8, option jester_in_revolt)."""
    jesters = min(hand[JE], 2)
    singles = (hand[SO] > 0) | (hand[KN] > 0) << 1 | (hand[KI] > 0) << 2 | (hand[QU] > 0) << 3
    moves.update(_common_plays(prefix, target, hand[PE], jesters, singles, op, jester_revolts))


@cache
def _common_plays(prefix: str, target: int, peasants: int, jesters: int, singles: int, op: int,
                  jester_revolts: bool) -> dict[str, Payload]:
    """The plays for one shape of hand (a pure function, memoised: callers only read the result)."""
    head = (op, target) if op == OP_ATTACK else (op,)
    tail = (0,) if op == OP_ATTACK else ()
    plays: dict[str, Payload] = {}
    if peasants or jesters:
        for used in range(jesters + 1 if jester_revolts else min(jesters, 1) + 1):
            for real in range(0 if used else 1, (peasants if jester_revolts or not used else 0) + 1):
                plays[play_text(prefix, PE, real, used)] = (*head, PE, real, used, *tail)
    for bit, role in enumerate((SO, KN, KI, QU)):
        if singles >> bit & 1:
            plays[play_text(prefix, role, 1, 0)] = (*head, role, 1, 0, *tail)
        if jesters:
            plays[play_text(prefix, role, 0, 1)] = (*head, role, 0, 1, *tail)
    return plays


def _responses(state: KnightsAndNinjasState, seat: int, frame: Frame) -> dict[str, Payload]:
    role = data_int(frame, "role")
    hand = state.hands[seat]
    jesters = hand[JE]
    moves: dict[str, Payload] = {}
    common = role in (PE, SO, KN, KI, QU)
    if common:
        _commons("r:", seat, hand, moves, OP_RESPOND, bool(state.rule(JESTER_IN_REVOLT)))
        if traitor_allowed(state, frame):
            if hand[TR]:
                moves["r:tr"] = (OP_RESPOND, TR, 1, 0)
            if jesters:
                moves["r:tr*"] = (OP_RESPOND, TR, 0, 1)
    if role in (KN, DR):
        if hand[PR]:
            moves["r:pr"] = (OP_RESPOND, PR, 1, 0)
        if jesters:
            moves["r:pr*"] = (OP_RESPOND, PR, 0, 1)
    if role not in HEADLESS:
        if hand[EX]:
            moves["r:ex"] = (OP_RESPOND, EX, 1, 0)
        if jesters:
            moves["r:ex*"] = (OP_RESPOND, EX, 0, 1)
    if state.forts[seat][MINSTREL] < 0:
        if hand[MI]:
            moves["r:mi"] = (OP_RESPOND, MI, 1, 0)
        if jesters:
            moves["r:mi*"] = (OP_RESPOND, MI, 0, 1)
    moves["take"] = _TAKE
    return moves


def traitor_allowed(state: KnightsAndNinjasState, frame: Frame) -> bool:
    """Whether a Traitor may turn the attack of ``frame``: whatever the attacker's gems (ruling 5), or
    with ``traitor_needs_gems`` only against an attacker holding a gem."""
    return not state.rule(TRAITOR_NEEDS_GEMS) or state.gems[data_int(frame, "by")] > 0


def taxed_rivals(state: KnightsAndNinjasState, seat: int) -> list[int]:
    """Rivals a Monk taxes: fortified by a Castle, with a gem or a card to pay."""
    return [s for s in range(state.num_players)
            if s != seat and state.forts[s][CASTLE] >= 0 and (state.gems[s] or state.sizes[s])]


def _monk_payments(state: KnightsAndNinjasState, seat: int) -> dict[str, Payload]:
    duel = state.duel
    gems_due, cards_due = MONK_GEMS[duel], MONK_CARDS[duel]
    gems, size = state.gems[seat], state.sizes[seat]
    moves: dict[str, Payload] = {}
    if gems >= gems_due or (gems and size < cards_due):
        # In full, or (when neither can be paid in full) every gem the seat has: a ruling.
        moves["pay:g"] = (OP_PAY_GEMS,)
    if size:
        for kinds in hand_multisets(state.hands[seat], min(cards_due, size)):
            if size >= cards_due or gems < gems_due:
                moves[cards_text("pay:", kinds)] = (OP_PAY_CARDS, *kinds)
    return moves


def hand_multisets(hand: list[int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` cards that ``hand`` (counts per kind) holds, as sorted tuples."""
    if size == 0:
        return []
    result: list[tuple[int, ...]] = []

    def extend(start: int, chosen: tuple[int, ...], left: int) -> None:
        if left == 0:
            result.append(chosen)
            return
        for kind in range(start, KINDS):
            have = hand[kind] - chosen.count(kind)
            if have > 0:
                extend(kind, (*chosen, kind), left - 1)

    extend(0, (), size)
    return result
