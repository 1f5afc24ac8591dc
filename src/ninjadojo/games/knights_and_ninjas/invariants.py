"""The laws every reachable position keeps, checked after every action by the property tests and on
every parsed position (``from_notation``), so that an impossible position is refused at once with the
law it breaks instead of misbehaving later (gems not conserved made a game that never ends).

Each check is an ``assert`` whose message names the broken law and what it found.

What a position on a ``turn`` frame means: the start of the turn is done (the seat's Minstrel has
left and it has drawn). There is no start-of-turn win check to skip: a win comes only from gaining
gems, so a seat holding the target after a reshuffle lowered it has not won (no passive win).

Frames that exist only because of what was just played say so by the table: a Herald (Monk) frame
and the Herald's pick follow a Herald (Monk), or a Jester as one, which lies on top of the discard
pile (nothing is drawn or discarded before they are answered); a Highwayman window is on gems that
moved (1 or more, all still the holder's) from another seat; with 3-6 players going on fortifying
follows a fortification that stands in a slot, with a card left to play and a slot left to fill.

A finished game: a win is one seat holding the target after gaining gems, and the scores are the
gems. A game stopped at its maximum length has no winner, its scores the gems too, and it may have
stopped anywhere a public action leaves it (mid-draft, with the draft pile still out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.knights_and_ninjas.cards import (
    AR,
    CA,
    COMMON,
    CP,
    DR,
    DUEL_START_GEMS,
    HE,
    HERALD_SHOWS,
    JE,
    KINDS,
    LA,
    MI,
    MINSTREL_DISCARDS,
    MO,
    NAMES,
    NI,
    PE,
    START_GEMS,
    STRENGTH,
    TARGET,
    deck_counts,
    target_for,
)
from ninjadojo.games.knights_and_ninjas.options import FIRST, MERCHANT_GEM_WINS, PRE_ATTACKS
from ninjadojo.games.knights_and_ninjas.rules import STRUCK, data_int, shown_cards, taxed_rivals

if TYPE_CHECKING:
    from ninjadojo.engine import Frame
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

#: The frame stacks the rules push (kinds, bottom first), for 3-6 players and for 2.
STACKS = frozenset({("turn",), ("fortify",), ("attack",), ("attack", "respond"), ("herald",), ("herald-pick",),
                    ("monk",)})
STACKS_MANY = STACKS | {("highwayman",)}
STACKS_DUEL = STACKS | {("draft",), ("fortify", "minstrel-discard"), ("attack", "minstrel-discard")}
#: The cards that attack: common ones, unique ones and pre-attacks.
ATTACK_ROLES = (*COMMON, NI, DR, AR, CP, LA)


def check(state: KnightsAndNinjasState) -> None:
    """Raise ``AssertionError`` naming the first broken law of ``state``."""
    _check_gems_and_target(state)
    _check_cards(state)
    if state.result is None:
        _check_frames(state)
    else:
        _check_result(state)


def _check_result(state: KnightsAndNinjasState) -> None:
    """A win is one seat holding the target after gaining gems; the scores are the gems. A game stopped
    at its maximum length has no winner (and the gems as scores too)."""
    result = state.result
    assert result is not None
    gems = [float(count) for count in state.gems]
    assert list(result.scores) == gems, (
        f"the scores {list(result.scores)} must be the gems held ({'/'.join(map(str, state.gems))})")
    winners = list(result.winners)
    if result.truncated:
        assert not winners, "a game stopped at its maximum length has no winner"
        return
    assert len(winners) == 1, f"one seat wins, by holding the target after gaining gems, not {winners}"
    winner = winners[0]
    assert state.gems[winner] >= state.target, (
        f"seat {winner} wins holding {state.gems[winner]} gems, but the target is {state.target}")


def _check_gems_and_target(state: KnightsAndNinjasState) -> None:
    players = state.num_players
    start = DUEL_START_GEMS if state.duel else START_GEMS
    gems = state.gems
    assert len(gems) == players and min(gems) >= 0, f"gems {gems} must be a count from 0 for each seat"
    assert sum(gems) == start * players, (
        f"gems are not conserved: {players} players hold {start} each at the start, {start * players} in all, "
        f"but these hold {sum(gems)} ({'/'.join(map(str, gems))})")
    assert state.shuffles >= 0, f"the reshuffle count must be 0 or more, not {state.shuffles}"
    expected = target_for(state.duel, state.shuffles)
    if state.duel:
        assert state.target == expected, (
            f"with 2 players the target is all {expected} gems, whatever the reshuffles, not {state.target}")
    else:
        assert state.target == expected, (
            f"the target is {TARGET} gems less one per reshuffle, at least 1: with {state.shuffles} "
            f"reshuffle{'s' * (state.shuffles != 1)} it is {expected}, not {state.target}")
    if state.result is None and state.rule(MERCHANT_GEM_WINS):
        # Every gain of gems is checked for a win at once (or when its Highwayman window closes), and
        # the target never rises: so in a game in play only the holder of gems a Highwayman may still
        # steal can hold as many as the target had when it last gained. (With merchant_gem_wins=false
        # a Merchant's payment may leave its receiver at the target without a win: no such law then.)
        holder = _window_holder(state)
        limit = expected if state.duel else TARGET
        for seat, count in enumerate(gems):
            assert seat == holder or count < limit, (
                f"seat {seat} holds {count} gems in a game in play, but gaining {limit} would have won "
                "(a game in play has no such seat)")


def _window_holder(state: KnightsAndNinjasState) -> int:
    for frame in state.frames:
        if frame.kind == "highwayman":
            return data_int(frame, "holder")
    return -1


def _check_cards(state: KnightsAndNinjasState) -> None:
    counts = [0] * KINDS
    for zone in (state.deck, state.discard, state.pending, state.draft):
        for kind in zone:
            counts[kind] += 1
    for seat in range(state.num_players):
        hand = state.hands[seat]
        assert min(hand) >= 0, f"seat {seat} holds a negative count of a card"
        assert sum(hand) == state.sizes[seat], (
            f"seat {seat}'s hand size {state.sizes[seat]} is not its {sum(hand)} cards")
        assert all(0 <= k <= h for k, h in zip(state.known[seat], hand, strict=True)), (
            f"seat {seat}'s known cards must be cards of its hand")
        for observer, row in enumerate(state.seen):
            assert all(0 <= k <= h for k, h in zip(row[seat], hand, strict=True)), (
                f"cards seat {observer} saw go to seat {seat} must be cards of its hand")
            assert observer != seat or not any(row[seat]), f"seat {seat} cannot have privately seen its own hand"
        for kind in range(KINDS):
            counts[kind] += hand[kind]
        castle, archer, minstrel = state.forts[seat]
        assert castle in (-1, CA), f"seat {seat}'s Castle slot holds a {NAMES[castle]}: only a Castle fortifies there"
        for slot, card in ((AR, archer), (MI, minstrel)):
            assert card in (-1, slot, JE), (
                f"seat {seat}'s {NAMES[slot]} slot holds a {NAMES[card]}: only a {NAMES[slot]} or a Jester as one")
        assert not (state.duel and minstrel >= 0), (
            "with 2 players a Minstrel never stands: it makes the rival discard and is discarded")
        for card in (castle, archer, minstrel):
            if card >= 0:
                counts[card] += 1
    if state.ladder_on >= 0:
        counts[LA] += 1
    wanted = deck_counts(state.duel)
    wrong = [f"{NAMES[kind]}: {counts[kind]} in play, the deck has {wanted[kind]}" for kind in range(KINDS)
             if counts[kind] != wanted[kind]]
    assert not wrong, f"cards are not conserved ({'; '.join(wrong)})"
    if state.draft:
        top = state.frames[-1].kind if state.frames else ""
        stopped = state.result is not None and state.result.truncated
        assert state.duel and (top == "draft" or stopped), (
            "a draft pile lies out only while a 2-player draft is on (or in a game stopped during one)")


def _check_frames(state: KnightsAndNinjasState) -> None:
    frames = state.frames
    kinds = tuple(frame.kind for frame in frames)
    allowed = STACKS_DUEL if state.duel else STACKS_MANY
    assert kinds in allowed, (
        f"no rule leads to the frames {' > '.join(kinds)} with {state.num_players} players; they are one of "
        + ", ".join(" > ".join(stack) for stack in sorted(allowed)))
    current = state.current
    attacking = "attack" in kinds
    assert attacking == (state.attack_target >= 0), (
        "attack= names the rival attacked this turn exactly while an attack frame is open")
    assert state.attack_target != current, "a seat cannot attack itself"
    # Once gems move the attack is over (attack=-) but the Ladder stays until the turn ends, through
    # the Highwayman window.
    assert state.ladder_on in (-1, state.attack_target) or kinds == ("highwayman",), (
        "a Ladder stands only against the rival attacked this turn (ladder= must be - or equal attack=)")
    assert bool(state.pending) == ("respond" in kinds), (
        "pending= holds the cards of an attack waiting for a response, and only then")
    for frame in frames:
        _check_frame(state, frame)


def _check_frame(state: KnightsAndNinjasState, frame: Frame) -> None:
    kind, current = frame.kind, state.current
    seats = frame.participants() if frame.simultaneous else tuple(frame.seats)
    if kind in ("turn", "fortify", "attack", "herald-pick"):
        assert seats == (current,), f"a {kind} frame is the turn of the current seat {current}, not {list(seats)}"
    if kind == "attack" and STRUCK in frame.data:
        assert state.rule(PRE_ATTACKS) == FIRST, (
            f"an attack frame says {STRUCK} (no more pre-attacks this turn) only under pre_attacks=first")
    if kind == "turn" and not state.duel:
        # The start of a turn is done before its frame is pushed: the Minstrel has left.
        assert state.forts[current][2] < 0, (
            f"seat {current}'s Minstrel leaves at the start of its turn: it cannot stand on its turn frame")
    elif kind == "fortify":
        _check_fortifying(state)
    elif kind == "respond":
        _check_response(state, frame)
    elif kind == "highwayman":
        holder = data_int(frame, "holder")
        wanted = tuple(s for s in range(state.num_players) if s != holder and state.sizes[s])
        assert seats == wanted, (
            f"a Highwayman window asks every seat but the holder that holds a card ({list(wanted)}), "
            f"not {list(seats)}")
        _check_window(state, frame, holder)
    elif kind == "herald":
        _check_played(state, HE, kind)
        wanted = tuple(s for s in range(state.num_players) if s != current and state.sizes[s])
        assert seats == wanted, f"a Herald asks every rival holding a card ({list(wanted)}), not {list(seats)}"
    elif kind == "monk":
        _check_played(state, MO, kind)
        wanted = tuple(taxed_rivals(state, current))
        assert seats == wanted, f"a Monk taxes every rival with a Castle and something to pay ({list(wanted)})"
    elif kind == "herald-pick":
        _check_played(state, HE, kind)
        for seat, shown in shown_cards(frame):
            assert seat != current and state.known[seat][shown] > 0, (
                f"seat {seat}'s shown {NAMES[shown]} must be in its hand, known to all")
            assert sum(1 for s, _ in shown_cards(frame) if s == seat) <= HERALD_SHOWS[state.duel], (
                f"seat {seat} shows more cards than a Herald asks for")
    elif kind == "minstrel-discard":
        seat = seats[0]
        then = frame.data.get("then")
        assert (seat == current) == (then == "end"), (
            "a fortifying Minstrel makes the rival discard (then=fortify); a responding one, the attacker (then=end)")
        assert state.sizes[seat] > MINSTREL_DISCARDS, (
            f"seat {seat} chooses what to discard only when it holds more than {MINSTREL_DISCARDS} cards")


def _check_played(state: KnightsAndNinjasState, card: int, kind: str) -> None:
    """A Herald (Monk) frame follows the Herald (Monk) the current seat just played, or a Jester as one:
    it lies on top of the discard pile until the frame is answered (nothing is discarded meanwhile)."""
    top = state.discard[-1] if state.discard else -1
    assert top in (card, JE), (
        f"a {kind} frame follows {NAMES[card]} played by seat {state.current} (or a Jester as one), which lies on "
        f"top of the discard pile, but the top is {NAMES[top] if top >= 0 else 'nothing (the pile is empty)'}")


def _check_window(state: KnightsAndNinjasState, frame: Frame, holder: int) -> None:
    """A window opens on gems that moved (1 or more) from another seat to the holder, who still has them."""
    amount = data_int(frame, "amount")
    assert 1 <= amount <= state.gems[holder], (
        f"a Highwayman window is on the gems seat {holder} just gained, 1 to the {state.gems[holder]} it holds, "
        f"not {amount}")
    source = frame.data.get("from", -1)
    assert source != holder, f"the gems of a Highwayman window came to seat {holder} from another seat, not itself"


def _check_fortifying(state: KnightsAndNinjasState) -> None:
    """With 3-6 players going on fortifying follows a fortification, and the turn ends by itself once
    nothing more can be added (an empty hand or every slot full)."""
    if state.duel:
        return  # a 2-player Minstrel is discarded at once: all three slots may be empty
    seat, forts = state.current, state.forts[state.current]
    assert any(card >= 0 for card in forts), (
        f"seat {seat} goes on fortifying (a fortify frame) but has no fortification standing: the frame "
        "follows a fortification, which stands until the seat's next turn")
    filled = sum(card >= 0 for card in forts)
    assert state.sizes[seat] > 0 and filled < len(forts), (
        f"seat {seat} goes on fortifying with {state.sizes[seat]} card(s) and {filled} of {len(forts)} slots "
        "filled: the turn ends by itself once the hand is empty or every slot is full")


def _check_response(state: KnightsAndNinjasState, frame: Frame) -> None:
    defender, by = frame.seats[0], data_int(frame, "by")
    role, strength = data_int(frame, "role"), data_int(frame, "str")
    turns = frame.data.get("turns", 0)
    assert {defender, by} == {state.current, state.attack_target}, (
        f"an attack is between the seat on turn ({state.current}) and the rival it attacks "
        f"({state.attack_target}), not seat {by} against seat {defender}")
    assert isinstance(turns, int) and (by != state.current) == (turns % 2 == 1), (
        "an attack runs against the player on turn only after an odd number of Traitors (turns=)")
    assert state.sizes[defender] > 0, f"seat {defender} holds no card, so the attack lands without asking it"
    assert role in ATTACK_ROLES, f"a {NAMES[role]} does not attack"
    pending = state.pending
    assert all(card in (role, JE) for card in pending), (
        f"pending cards {[NAMES[c] for c in pending]} must be the attacking {NAMES[role]} (or Jesters as it)")
    if role == PE:
        assert strength == len(pending), f"a revolt of {len(pending)} Peasants has strength {len(pending)}"
    else:
        assert len(pending) == 1, f"an attack with a {NAMES[role]} is one card"
        assert strength == STRENGTH[role], f"a {NAMES[role]} attacks with strength {STRENGTH[role]}"
    assert role in COMMON or turns == 0, "a Traitor turns only a common attack"
    assert role != AR or state.forts[defender][1] >= 0, "an Archer pre-attack needs a rival's Archer to remove"
