"""Applying actions: the turn, attacks and responses, the Highwayman window, the special actions and
the 2-player draft. Every function takes the state and moves it on; choices push frames.

The log nests what happens inside one action: an attack is at depth 0, a response to it and what the
attack does at depth 1, and each Traitor turns the attack one level deeper (its answer and outcome
nest under the Traitor). Highwayman steals, Herald shows, Monk payments, a Minstrel's forced
discards and a Merchant's take nest at depth 1 under the play that caused them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.games.knights_and_ninjas.cards import (
    AR,
    CA,
    CP,
    DR,
    DRAFT_SIZE,
    DRAW_PER_TURN,
    EX,
    HAND_START,
    HE,
    HW,
    JE,
    LA,
    ME,
    MERCHANT_PRICE,
    MI,
    MINSTREL_DISCARDS,
    MO,
    MONK_GEMS,
    NAMES,
    NI,
    PE,
    PR,
    STRENGTH,
    TR,
    target_for,
)
from ninjadojo.games.knights_and_ninjas.options import (
    AT_ONCE,
    FIRST,
    FIRST_SEAT,
    MERCHANT_GEM_WINS,
    PRE_ATTACKS,
    RESHUFFLE,
    TURNED_BLOCK_ENDS_TURN,
    WHEN_EMPTY,
    WIN_CHECK,
)
from ninjadojo.games.knights_and_ninjas.rules import (
    ARCHER,
    CASTLE,
    MINSTREL,
    OP_ATTACK,
    OP_DISCARD,
    OP_END,
    OP_FORT,
    OP_GIVE,
    OP_HERALD,
    OP_HIGHWAYMAN,
    OP_KEEP,
    OP_MERCHANT,
    OP_MONK,
    OP_PAY_GEMS,
    OP_PICK,
    OP_REDEAL,
    OP_RESPOND,
    OP_TAKE,
    PRE_ATTACK_ROLES,
    STRUCK,
    Payload,
    data_int,
    taxed_rivals,
)
from ninjadojo.games.knights_and_ninjas.words import (
    card_words,
    cards_words,
    play_words,
    plural,
    the_play,
    win_reason,
)

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState


def a_card(kind: int, role: int | None = None) -> str:
    """``a Knight``, ``an Archer``, ``a Jester as an Archer`` (see :func:`words.card_words`)."""
    return card_words(kind, role)


def _names(kinds: list[int] | tuple[int, ...]) -> str:
    """Cards as the log lists them: ``a Peasant and two Knights``."""
    return cards_words(kinds)


# ---------------------------------------------------------------------- turn flow


def start_game(state: KnightsAndNinjasState) -> None:
    """Deal and open the first turn (or, with 2 players, the first draft)."""
    state.deck = full_shuffled(state)
    if state.duel:
        start_draft(state, None)
        return
    for seat in range(state.num_players):
        for _ in range(HAND_START):
            give_card(state, seat, state.deck.pop())
    # The player who most recently won a game goes first (option first_seat; seat 0 by default).
    state.current = first = int(state.rule(FIRST_SEAT))
    state.log(f"P{first} takes the first turn")
    start_turn(state)


def full_shuffled(state: KnightsAndNinjasState) -> list[int]:
    from ninjadojo.games.knights_and_ninjas.cards import full_deck

    deck = full_deck(state.duel)
    state.rng.shuffle(deck)
    return deck


def give_card(state: KnightsAndNinjasState, seat: int, kind: int, public: bool = False) -> None:
    """A card enters a hand; ``public`` when every seat saw which card it was."""
    state.hands[seat][kind] += 1
    state.sizes[seat] += 1
    if public:
        state.known[seat][kind] += 1


def take_card(state: KnightsAndNinjasState, seat: int, kind: int) -> None:
    """A card leaves a hand. Everyone assumes a card known to be there was the one that left."""
    state.hands[seat][kind] -= 1
    state.sizes[seat] -= 1
    if state.known[seat][kind]:
        state.known[seat][kind] -= 1
    if state.seen:
        for row in state.seen:
            if row[seat][kind]:
                row[seat][kind] -= 1


def tell(state: KnightsAndNinjasState, observer: int, seat: int, kind: int) -> None:
    """``observer`` alone (with ``seat``) knows that a card of ``kind`` is now in ``seat``'s hand."""
    if observer != seat:
        if not state.seen:
            players = state.num_players
            state.seen = [[[0] * len(state.hands[0]) for _ in range(players)] for _ in range(players)]
        state.seen[observer][seat][kind] += 1


def take_cards(state: KnightsAndNinjasState, seat: int, role: int, real: int, jesters: int) -> list[int]:
    """``real`` cards of ``role`` and ``jesters`` Jesters leave ``seat``'s hand; returns them."""
    used = [role] * real + [JE] * jesters
    for kind in used:
        take_card(state, seat, kind)
    return used


def forget(state: KnightsAndNinjasState, seat: int) -> None:
    """After a hidden change to a hand (a blind pick, a secret payment) nobody knows any card in it."""
    state.known[seat] = [0] * len(state.known[seat])
    for row in state.seen:
        row[seat] = [0] * len(row[seat])


def draw(state: KnightsAndNinjasState, seat: int, count: int) -> None:
    """Draw ``count`` cards; an empty pile is rebuilt from the discards, lowering the target by one:
    when a card must be drawn from it (ruling 13), or with ``reshuffle=when-empty`` as soon as the last
    card is drawn (and otherwise, the discards being empty then, when a card must be drawn)."""
    drawn = []
    at_once = state.rule(RESHUFFLE) == WHEN_EMPTY
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                break
            reshuffle(state)
        kind = state.deck.pop()
        give_card(state, seat, kind)
        drawn.append(kind)
        if at_once and not state.deck and state.discard:
            reshuffle(state)
    if drawn:
        state.log(f"P{seat} draws {plural(len(drawn), 'card')}")
        state.log(f"the cards drawn: {_names(drawn)}", 1 << seat, depth=1)


def reshuffle(state: KnightsAndNinjasState) -> None:
    state.deck = state.discard
    state.discard = []
    state.rng.shuffle(state.deck)
    state.shuffles += 1
    state.target = target_for(state.duel, state.shuffles)
    if not state.duel:
        state.log(f"the discard pile is reshuffled: {state.target} gem{'s' * (state.target != 1)} now win")
    else:
        state.log("the discard pile is reshuffled into the draw pile")


def start_turn(state: KnightsAndNinjasState) -> None:
    """Begin the current seat's turn: its Minstrel leaves, it draws two; a seat left with no card waits."""
    if state.duel:
        state.frames.append(Frame("turn", [state.current]))
        return
    for _ in range(state.num_players + 1):
        seat = state.current
        minstrel = state.forts[seat][MINSTREL]
        if minstrel >= 0:
            state.forts[seat][MINSTREL] = -1
            state.discard.append(minstrel)
            state.log(f"P{seat}'s Minstrel leaves")
        draw(state, seat, DRAW_PER_TURN)
        if state.sizes[seat]:
            state.frames.append(Frame("turn", [seat]))
            return
        state.log(f"P{seat} has no card and waits")
        state.current = (seat + 1) % state.num_players
    raise AssertionError("no seat holds a card")


def end_turn(state: KnightsAndNinjasState) -> None:
    """The ladder goes, and the next seat clockwise begins."""
    if state.result is not None:
        return
    if state.ladder_on >= 0:
        state.discard.append(LA)
        state.ladder_on = -1
    state.attack_target = -1
    state.frames.clear()
    state.current = (state.current + 1) % state.num_players
    start_turn(state)


def move_gems(state: KnightsAndNinjasState, source: int, sink: int, amount: int) -> int:
    """Move up to ``amount`` gems; returns how many moved."""
    moved = min(amount, state.gems[source])
    state.gems[source] -= moved
    state.gems[sink] += moved
    return moved


def win_at_once(state: KnightsAndNinjasState, seat: int) -> bool:
    """With ``win_check=at-once`` (the default: ruling 1), gems from a common attack or a Highwayman win
    before any window opens on them (under ``after-highwayman`` the window comes first). Whether ``seat``
    has thus won."""
    return state.rule(WIN_CHECK) == AT_ONCE and check_win(state, seat)


def check_win(state: KnightsAndNinjasState, seat: int) -> bool:
    """A seat that has just gained gems and holds the target wins at once (never passively)."""
    if state.gems[seat] >= state.target_now():
        state.finish(tuple(float(g) for g in state.gems), (seat,), win_reason(state, seat))
        return True
    return False


# ---------------------------------------------------------------------- applying an action


def undo_safe(state: KnightsAndNinjasState, frame: Frame, payload: Payload) -> bool:
    """Whether all a legal action leads to, up to the next decision, is determined by what its seat
    knows (the engine then lets it take the action back). Vouched for: fortifying (but a duel's Minstrel,
    whose rival discards), ending the turn, and discarding, whose turn end only hands the turn on (the
    next seat's draw shows the others only a count; a reshuffle moves the random stream, which the
    engine refuses); keeping a drafted card, and giving the last one away (giving any other shows the
    giver the next card). Attacks and the special actions are not: a response, a window or a win may
    hang on hidden hands. Reads public facts only (the kind of action and the size of the draft)."""
    op = payload[0]
    if op == OP_FORT:
        return not (state.duel and payload[1] == MINSTREL)
    if op in (OP_END, OP_DISCARD, OP_KEEP):
        return True
    if op == OP_GIVE:
        return len(state.draft) == 1
    return False


def apply(state: KnightsAndNinjasState, seat: int, frame: Frame, payload: Payload) -> None:
    """Carry out a legal action of a (non-simultaneous) frame."""
    op = payload[0]
    if op == OP_ATTACK:
        attack(state, seat, frame, payload)
    elif op == OP_RESPOND:
        respond(state, seat, frame, payload)
    elif op == OP_TAKE:
        state.frames.pop()
        state.log(f"P{seat} does not respond", depth=response_depth(frame))
        land(state, frame, 0)
    elif op == OP_FORT:
        fortify(state, seat, frame, payload[1], payload[2])
    elif op == OP_END:
        state.log(f"P{seat} ends the turn")
        end_turn(state)
    elif op == OP_DISCARD:
        discard(state, seat, frame, payload[1:])
    elif op == OP_HERALD:
        herald(state, seat, payload[1])
    elif op == OP_MERCHANT:
        merchant(state, seat, payload[1], payload[2])
    elif op == OP_MONK:
        monk(state, seat, payload[1])
    elif op == OP_PICK:
        take_card(state, payload[1], payload[2])
        give_card(state, seat, payload[2], public=True)
        state.log(f"P{seat} takes P{payload[1]}'s {NAMES[payload[2]]}", depth=1)
        end_turn(state)
    elif op in (OP_KEEP, OP_GIVE):
        draft(state, seat, frame, op == OP_KEEP)
    elif op == OP_REDEAL:
        state.log(f"P{seat} calls for a re-deal")
        start_draft(state, seat)
    else:
        raise AssertionError(f"payload {payload} cannot be applied in a {frame.kind} frame")


def fortify(state: KnightsAndNinjasState, seat: int, frame: Frame, slot: int, kind: int) -> None:
    role = (CA, AR, MI)[slot]
    take_card(state, seat, kind)
    state.frames[-1] = Frame("fortify", [seat])
    if slot == MINSTREL and state.duel:
        # 2 players: the rival discards two cards at once, and the Minstrel is discarded.
        state.discard.append(kind)
        state.log(f"P{seat} plays {a_card(kind, role)}: P{1 - seat} discards two cards")
        minstrel_discard(state, 1 - seat, "fortify")
        return
    state.forts[seat][slot] = kind
    state.log(f"P{seat} fortifies with {a_card(kind, role)}")
    after_fortify(state, seat)


def after_fortify(state: KnightsAndNinjasState, seat: int) -> None:
    """The seat may go on fortifying; the turn ends by itself only when everyone can see that nothing
    more can be added (an empty hand, or every slot full). Ending it whenever the hand holds no other
    fortification would tell the table that it holds no Archer, Minstrel or Jester."""
    slots_full = all(card >= 0 for card in state.forts[seat]) and not state.duel
    if state.sizes[seat] == 0 or slots_full:
        end_turn(state)


def minstrel_discard(state: KnightsAndNinjasState, seat: int, then: str) -> None:
    """Make ``seat`` discard two cards of its choice (all it has, if two or fewer)."""
    if state.sizes[seat] > MINSTREL_DISCARDS:
        state.frames.append(Frame("minstrel-discard", [seat], {"then": then}))
        return
    hand = state.hands[seat]
    gone = [kind for kind in range(len(hand)) for _ in range(hand[kind])]
    for kind in gone:
        take_card(state, seat, kind)
        state.discard.append(kind)
    if gone:
        state.log(f"P{seat} discards {_names(gone)}", depth=1)
    after_minstrel(state, then)


def after_minstrel(state: KnightsAndNinjasState, then: str) -> None:
    if then == "fortify":
        after_fortify(state, state.current)
    else:
        end_turn(state)


def discard(state: KnightsAndNinjasState, seat: int, frame: Frame, kinds: tuple[int, ...]) -> None:
    for kind in kinds:
        take_card(state, seat, kind)
        state.discard.append(kind)
    forced = frame.kind == "minstrel-discard"
    state.log(f"P{seat} discards {_names(kinds)}", depth=int(forced))
    if forced:
        state.frames.pop()
        after_minstrel(state, str(frame.data["then"]))
    else:
        end_turn(state)


# ---------------------------------------------------------------------- attacks


def attack(state: KnightsAndNinjasState, seat: int, frame: Frame, payload: Payload) -> None:
    _, target, role, real, jesters, from_fort = payload
    if from_fort:
        state.pending = [state.forts[seat][ARCHER]]
        state.forts[seat][ARCHER] = -1
        what = "their fortifying Archer"  # (a player: "their", as Ninja Trap's "the trap they laid")
    else:
        state.pending = take_cards(state, seat, role, real, jesters)
        what = play_words(role, real, jesters)
    state.attack_target = target
    # With pre_attacks=first the attack frame remembers that a card other than a pre-attack was played.
    struck = state.rule(PRE_ATTACKS) == FIRST and (role not in PRE_ATTACK_ROLES or STRUCK in frame.data)
    if frame.kind != "attack" or struck != (STRUCK in frame.data):
        state.frames[-1] = Frame("attack", [seat], {STRUCK: 1} if struck else {})
    strength = real + jesters if role == PE else STRENGTH[role]
    # A Ladder, a Catapult or an Archer is played against a fortification, before (or besides) an attack.
    if from_fort or role in PRE_ATTACK_ROLES:
        state.log(f"P{seat} plays {what} against P{target}")
    else:
        state.log(f"P{seat} attacks P{target} with {what}")
    offer_response(state, seat, target, role, strength)


def response_depth(frame: Frame) -> int:
    """The log depth of a response to the attack of a ``respond`` frame: one under the attack, and one
    deeper for each Traitor that turned it."""
    turns = frame.data.get("turns", 0)
    return 1 + (turns if isinstance(turns, int) else 0)


def offer_response(state: KnightsAndNinjasState, by: int, defender: int, role: int, strength: int,
                   turns: int = 0) -> None:
    """Ask the defender for a response; a defender with no card simply takes the attack. ``turns``
    counts the Traitors that turned it (written only when there was one)."""
    data: dict[str, int] = {"by": by, "role": role, "str": strength}
    if turns:
        data["turns"] = turns
    frame = Frame("respond", [defender], dict(data))
    if state.sizes[defender]:
        state.frames.append(frame)
    else:
        land(state, frame, 0)


def respond(state: KnightsAndNinjasState, seat: int, frame: Frame, payload: Payload) -> None:
    _, role, real, jesters = payload
    state.frames.pop()
    used = take_cards(state, seat, role, real, jesters)
    by = data_int(frame, "by")
    attack_role = data_int(frame, "role")
    depth = response_depth(frame)
    state.log(f"P{seat} responds with {play_words(role, real, jesters)}", depth=depth)
    if role == TR:
        state.discard.extend(used)
        wild = state.pending.count(JE)
        state.log(f"{the_play(attack_role, len(state.pending) - wild, wild)} turns against P{by}", depth=depth)
        offer_response(state, seat, by, attack_role, data_int(frame, "str"), depth)
    elif role == PR:
        state.discard.extend(used)
        for kind in state.pending:
            give_card(state, seat, kind, public=True)
        state.log(f"P{seat} takes {a_card(state.pending[0], attack_role)} into hand", depth=depth)
        state.pending = []
    elif role == EX:
        state.discard.extend(used)
        state.discard.extend(state.pending)
        state.pending = []
        if seat == state.current and not state.rule(TURNED_BLOCK_ENDS_TURN):
            # A turned attack on the player whose turn it is: its attacker (the Traitor's player) has
            # no turn to lose, so only the attack ends; no gems moved and the turn goes on (ruling 5).
            state.log("the turned attacker is executed; the attack ends", depth=depth)
            return
        if seat == state.current:
            # turned_block_ends_turn: the turn in play is the one that ends.
            state.log(f"the turned attacker is executed; P{seat}'s turn ends", depth=depth)
            end_turn(state)
            return
        state.log(f"the attacker is executed; P{state.current}'s turn ends", depth=depth)
        end_turn(state)
    elif role == MI:
        for kind in state.pending:
            give_card(state, state.current, kind, public=True)
        # "the card returns", or "the 3 cards return" (a revolt of Peasants, a Jester with its cards).
        back = "the card returns" if len(state.pending) == 1 else f"the {len(state.pending)} cards return"
        state.pending = []
        if state.duel:
            state.discard.extend(used)
            state.log(f"the attack ends; {back} and P{state.current} discards two cards", depth=depth)
            minstrel_discard(state, state.current, "end")
        elif seat == state.current and not state.rule(TURNED_BLOCK_ENDS_TURN):
            # As with the Executioner: against a turned attack only the attack ends (ruling 5).
            state.forts[seat][MINSTREL] = used[0]
            state.log(f"the turned attack ends; {back} to P{seat}, who fortifies with the Minstrel", depth=depth)
        elif seat == state.current:
            # turned_block_ends_turn: the Minstrel stands until the seat's next turn, which ends this one.
            state.forts[seat][MINSTREL] = used[0]
            state.log(f"the turned attack ends; {back} to P{seat}, who fortifies with the Minstrel "
                      "and whose turn ends", depth=depth)
            end_turn(state)
        else:
            state.forts[seat][MINSTREL] = used[0]
            state.log(f"the attack ends; {back} to P{state.current}, whose turn ends", depth=depth)
            end_turn(state)
    else:
        state.discard.extend(used)
        land(state, frame, real + jesters if role == PE else STRENGTH[role])


def land(state: KnightsAndNinjasState, frame: Frame, blocked: int) -> None:
    """The attack in ``frame`` happens, less ``blocked`` strength of common responses."""
    by, role, strength = data_int(frame, "by"), data_int(frame, "role"), data_int(frame, "str")
    defender = frame.seats[0]
    forts = state.forts[defender]
    depth = response_depth(frame)
    if role == LA:
        # The Ladder stays against the Castle until the end of the turn.
        state.pending = []
        state.ladder_on = defender
        state.log(f"a Ladder stands against P{defender}'s Castle", depth=depth)
        return
    state.discard.extend(state.pending)
    state.pending = []
    if role == AR:
        state.discard.append(forts[ARCHER])
        forts[ARCHER] = -1
        state.log(f"P{defender}'s Archer is removed", depth=depth)
    elif role == CP:
        state.discard.append(forts[CASTLE])
        forts[CASTLE] = -1
        state.log(f"P{defender}'s Castle is destroyed", depth=depth)
    elif role in (NI, DR):
        slot = ARCHER if role == NI else CASTLE
        if forts[slot] >= 0:
            state.discard.append(forts[slot])
            forts[slot] = -1
            state.log(f"P{defender}'s {'Archer is killed' if role == NI else 'Castle burns'}", depth=depth)
        moved = move_gems(state, defender, by, strength)
        state.log(f"P{by} takes {plural(moved, 'gem')} from P{defender}", depth=depth)
        if moved and check_win(state, by):
            return
        end_turn(state)
    else:
        moved = move_gems(state, defender, by, strength - blocked) if strength > blocked else 0
        if not moved:
            # Say why: the response's strength against the attack's, or a kingdom with nothing to take.
            why = (f"the response (strength {blocked}) stops the attack (strength {strength})" if strength <= blocked
                   else f"P{defender} has no gems")
            state.log(f"{why}: no gems move", depth=depth)
            return
        # A response that weakened the attack without stopping it says so: "takes 3 gems" after a King (4)
        # answered with a Peasant read as if the Peasant had done nothing.
        # After a colon, not in brackets: a front end follows the seat's name with its own ("P2 (expert bot)").
        less = f": the attack's strength {strength} less the response's {blocked}" if blocked else ""
        state.log(f"P{by} takes {plural(moved, 'gem')} from P{defender}{less}", depth=depth)
        if state.duel:
            if not check_win(state, by):
                end_turn(state)
            return
        state.frames.clear()
        # The attack is over (gems moved); only the Highwayman window remains before the turn ends.
        state.attack_target = -1
        if win_at_once(state, by):
            return
        open_window(state, by, moved, defender)


# ---------------------------------------------------------------------- Highwayman


def open_window(state: KnightsAndNinjasState, holder: int, amount: int, victim: int) -> None:
    """Every other seat with a card may play a Highwayman on the gems; the first clockwise from the
    holder takes them. Asking everyone with a card at once tells nobody who holds one."""
    seats = [s for s in range(state.num_players) if s != holder and state.sizes[s]]
    if seats:
        state.frames.append(Frame("highwayman", seats, {"holder": holder, "amount": amount, "from": victim},
                                  simultaneous=True))
    else:
        settle(state, holder)


def settle(state: KnightsAndNinjasState, holder: int) -> None:
    if not check_win(state, holder):
        end_turn(state)


def resolve_window(state: KnightsAndNinjasState, frame: Frame, choices: dict[int, Payload]) -> None:
    holder, amount = data_int(frame, "holder"), data_int(frame, "amount")
    players = state.num_players
    for step in range(1, players):
        seat = (holder + step) % players
        choice = choices.get(seat)
        if choice is not None and choice[0] == OP_HIGHWAYMAN:
            take_card(state, seat, choice[1])
            state.discard.append(choice[1])
            moved = move_gems(state, holder, seat, amount)
            state.log(f"P{seat} plays {a_card(choice[1], HW)} and steals {plural(moved, 'gem')} "
                      f"from P{holder}", depth=1)
            if win_at_once(state, seat):
                return
            open_window(state, seat, moved, holder)
            return
    settle(state, holder)


# ---------------------------------------------------------------------- special actions


def herald(state: KnightsAndNinjasState, seat: int, kind: int) -> None:
    take_card(state, seat, kind)
    state.discard.append(kind)
    state.log(f"P{seat} plays {a_card(kind, HE)}")
    rivals = [s for s in range(state.num_players) if s != seat and state.sizes[s]]
    if not rivals:
        # Only with pointless_specials: nobody has a card to show, and the Herald does nothing.
        state.log("no rival has a card to show", depth=1)
        end_turn(state)
        return
    state.frames.clear()
    state.frames.append(Frame("herald", rivals, simultaneous=True))


def resolve_herald(state: KnightsAndNinjasState, choices: dict[int, Payload]) -> None:
    shown: list[tuple[int, int]] = []
    for seat in sorted(choices):
        for kind in choices[seat][1:]:
            shown.append((seat, kind))
            # A shown card is seen by all: the seat holds at least as many of that kind as it showed.
            state.known[seat][kind] = max(state.known[seat][kind], choices[seat][1:].count(kind))
        state.log(f"P{seat} shows {_names(choices[seat][1:])}", depth=1)
    state.frames.append(Frame("herald-pick", [state.current], {"shown": tuple(shown)}))


def merchant(state: KnightsAndNinjasState, seat: int, target: int, kind: int) -> None:
    take_card(state, seat, kind)
    state.discard.append(kind)
    price = MERCHANT_PRICE[state.duel]
    move_gems(state, seat, target, price)
    count = state.sizes[target] // 2
    hand = state.hands[target]
    taken = []
    for _ in range(count):
        # A blind pick: a uniformly random card of what the rival holds.
        index = state.rng.randbelow(state.sizes[target])
        pick = 0
        while index >= hand[pick]:
            index -= hand[pick]
            pick += 1
        take_card(state, target, pick)
        give_card(state, seat, pick)
        taken.append(pick)
    if taken:
        forget(state, target)
    for pick in taken:
        # The rival saw which of its cards went: it knows they are in the Merchant's player's hand.
        tell(state, target, seat, pick)
    state.log(f"P{seat} plays {a_card(kind, ME)}, pays P{target} {plural(price, 'gem')} and takes "
              f"{plural(count, 'card')} from P{target}'s hand, blind")
    if taken:  # none only where a Merchant may do nothing (pointless_specials)
        state.log(f"the {'card' if len(taken) == 1 else 'cards'} taken: {_names(taken)}",
                  (1 << seat) | (1 << target), depth=1)
    # Ruling 11: the receiver gained a gem, so it may win; merchant_gem_wins=false calls that passive.
    if not (state.rule(MERCHANT_GEM_WINS) and check_win(state, target)):
        end_turn(state)


def monk(state: KnightsAndNinjasState, seat: int, kind: int) -> None:
    take_card(state, seat, kind)
    state.discard.append(kind)
    taxed = taxed_rivals(state, seat)
    if not taxed:
        # Only with pointless_specials: no rival is taxed, and the Monk does nothing.
        state.log(f"P{seat} plays {a_card(kind, MO)}, but no rival is taxed")
        end_turn(state)
        return
    taxed_names = [f"P{other}" for other in taxed]
    listed = taxed_names[0] if len(taxed) == 1 else ", ".join(taxed_names[:-1]) + " and " + taxed_names[-1]
    state.log(f"P{seat} plays {a_card(kind, MO)} and taxes {listed}")
    state.frames.clear()
    state.frames.append(Frame("monk", taxed, simultaneous=True))


def resolve_monk(state: KnightsAndNinjasState, choices: dict[int, Payload]) -> None:
    collector = state.current
    gained = 0
    for seat in sorted(choices):
        choice = choices[seat]
        if choice[0] == OP_PAY_GEMS:
            moved = move_gems(state, seat, collector, MONK_GEMS[state.duel])
            gained += moved
            state.log(f"P{seat} pays {plural(moved, 'gem')}", depth=1)
        else:
            for kind in choice[1:]:
                take_card(state, seat, kind)
                give_card(state, collector, kind)
            forget(state, seat)
            for kind in choice[1:]:
                tell(state, seat, collector, kind)
            state.log(f"P{seat} pays {plural(len(choice) - 1, 'card')}", depth=1)
            state.log(f"P{seat} pays {_names(choice[1:])}",
                      (1 << seat) | (1 << collector), depth=1)
    if gained and check_win(state, collector):
        return
    end_turn(state)


# ---------------------------------------------------------------------- 2 players: the draft


def start_draft(state: KnightsAndNinjasState, caller: int | None) -> None:
    """Fortifications go, 15 cards are dealt face down, and the poorer seat drafts first."""
    for seat in range(state.num_players):
        gone = []
        for slot in (CASTLE, ARCHER, MINSTREL):
            if state.forts[seat][slot] >= 0:
                gone.append(state.forts[seat][slot])
                state.discard.append(state.forts[seat][slot])
                state.forts[seat][slot] = -1
        if gone:
            # Said, so that defences gone from a kingdom are never a mystery to the table.
            state.log(f"P{seat}'s fortifications are discarded for the new draft: {cards_words(gone)}")
    state.frames.clear()
    if state.ladder_on >= 0:
        state.discard.append(LA)
        state.ladder_on = -1
    state.attack_target = -1
    if len(state.deck) < DRAFT_SIZE and state.discard:
        state.deck = state.discard + state.deck
        state.discard = []
        state.rng.shuffle(state.deck)
        state.shuffles += 1
        state.log("the discard pile is shuffled into the draw pile")
    count = min(DRAFT_SIZE, len(state.deck))
    state.draft = state.deck[len(state.deck) - count:]
    del state.deck[len(state.deck) - count:]
    # Fewer gems, then fewer cards, then the youngest player (the first seat: option first_seat).
    youngest = int(state.rule(FIRST_SEAT))
    first = min(range(state.num_players), key=lambda s: (state.gems[s], state.sizes[s], s != youngest))
    if not state.draft:
        # Nothing to deal: the caller could not play, so the turn passes to its rival (who then holds
        # nearly every card and must play or discard); letting the caller go again could loop forever.
        state.current = first if caller is None else 1 - caller
        state.log(f"no card is left to deal; P{state.current} takes the turn")
        state.frames.append(Frame("turn", [state.current]))
        return
    state.log(f"{plural(count, 'card')} are dealt for the draft; P{first} drafts first")
    state.frames.append(Frame("draft", [first]))


def draft(state: KnightsAndNinjasState, seat: int, frame: Frame, keep: bool) -> None:
    kind = state.draft.pop()
    rival = 1 - seat
    if keep:
        give_card(state, seat, kind)
        state.log(f"P{seat} keeps a card")
        state.log(f"the card kept: {a_card(kind)}", 1 << seat, depth=1)
        taker, drafter = seat, rival
    else:
        # Both players saw the card (the giver drew it, the rival takes it), and a draft has two players: it
        # is known in the rival's hand as a card shown to everyone is, and the log names it to everyone
        # (spectators too, whose view shows it in the rival's hand).
        give_card(state, rival, kind, public=True)
        state.log(f"P{seat} gives a card to P{rival}")
        state.log(f"the card given: {a_card(kind)}", depth=1)
        taker, drafter = rival, seat
    if not state.draft:
        state.frames.clear()
        state.current = taker
        state.log(f"P{taker} took the last card and begins the duel")
        state.frames.append(Frame("turn", [taker]))
    elif drafter != seat:
        frame.seats[0] = drafter
