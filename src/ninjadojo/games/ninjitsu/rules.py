"""Turn structure, legal actions and applying them.

A turn is one frame ``turn`` for the current player: draw 2 (``d``), play a card from hand in one of
the ways its row allows (``a:``/``s:``/``t:``), or steal an opponent's secret (``x``). Free swaps of
one's own secrets (``w``) cost no action and keep the turn frame. Card actions run in ``effects``;
every choice they need is a frame of its own kind (``play``, ``steal``, ``surprise``,
``discard-treasure``, ``take-treasure``, ``tie``, ``trap-discard``). When no frame and no effect is
left the turn passes clockwise, and the next player wins at once if they start it at the target.

:func:`check_invariants` states every law a position must keep (the parser refuses one that breaks
any), and :func:`canonical_action` accepts a swap's two positions in either order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.games.ninjitsu import effects
from ninjadojo.games.ninjitsu.cards import (
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    DECK_SIZE,
    HAS_VALUE,
    VALUE,
    DiscardExtreme,
    DiscardTreasures,
    Play,
    Special,
    Steal,
    Step,
    TakeTreasure,
    card_label,
)
from ninjadojo.games.ninjitsu.knowledge import holder_knowers, place_knowers
from ninjadojo.games.ninjitsu.notation import (
    ACTION_PAYLOAD,
    ACTION_TEXT,
    CHOOSE_TEXT,
    DONE_PAYLOAD,
    DONE_TEXT,
    DRAW_PAYLOAD,
    DRAW_TEXT,
    FLIP_PAYLOAD,
    FLIP_TEXT,
    MAX_POSITIONS,
    MAX_SEATS,
    OP_ACTION,
    OP_CHOOSE,
    OP_DONE,
    OP_DRAW,
    OP_FLIP,
    OP_SECRET,
    OP_STEAL,
    OP_SWAP,
    OP_TREASURE,
    SECRET_PAYLOAD,
    SECRET_TEXT,
    STEAL_PAYLOAD,
    STEAL_TEXT,
    SWAP_PAYLOAD,
    SWAP_TEXT,
    TREASURE_PAYLOAD,
    TREASURE_TEXT,
    Payload,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: Free swaps of one's own secrets offered per turn: enough to rearrange, few enough that random play
#: cannot loop on them.
SWAPS_PER_TURN = 3
#: Cards drawn by the turn's draw action.
DRAW_COUNT = 2

#: Every kind of decision the rules ask for.
FRAME_KINDS = ("turn", "play", "steal", "surprise", "discard-treasure", "take-treasure", "tie", "trap-discard")
#: The frames whose choice is a card (``c:``), with their prompt nouns.
CHOICE_FRAMES = ("discard-treasure", "take-treasure", "tie", "trap-discard")


def _play_table(ways: tuple[str, ...]) -> tuple[dict[str, Payload], ...]:
    """Per card, the legal play texts (and payloads) among ``ways``, in action/secret/treasure order."""
    tables = []
    for number, card in enumerate(CARDS):
        entry: dict[str, Payload] = {}
        if "action" in ways and "action" in card.plays:
            entry[ACTION_TEXT[number]] = ACTION_PAYLOAD[number]
        if "secret" in ways and "secret" in card.plays:
            entry[SECRET_TEXT[number]] = SECRET_PAYLOAD[number]
        if "treasure" in ways and "treasure" in card.plays:
            entry[TREASURE_TEXT[number]] = TREASURE_PAYLOAD[number]
        tables.append(entry)
    return tuple(tables)


PLAYS_ANY = _play_table(("action", "secret", "treasure"))
PLAYS_SECRET = _play_table(("secret",))


def _target_table(texts: tuple[tuple[str, ...], ...],
                  payloads: tuple[tuple[Payload, ...], ...]) -> tuple[tuple[dict[str, Payload], ...], ...]:
    """Per seat and secret count, the actions naming each of that seat's secret positions."""
    return tuple(
        tuple({texts[seat][pos]: payloads[seat][pos] for pos in range(count)} for count in range(MAX_POSITIONS + 1))
        for seat in range(MAX_SEATS)
    )


STEALS = _target_table(STEAL_TEXT, STEAL_PAYLOAD)
FLIPS = _target_table(FLIP_TEXT, FLIP_PAYLOAD)
#: Per secret count, every swap of two positions.
SWAPS = tuple(
    {SWAP_TEXT[i][j]: SWAP_PAYLOAD[i][j] for i in range(count) for j in range(i + 1, count)}
    for count in range(MAX_POSITIONS + 1)
)
CHOOSE = tuple({CHOOSE_TEXT[card]: (OP_CHOOSE, card, 0)} for card in range(DECK_SIZE))


# ---------------------------------------------------------------------- turns


def start_turn(state: NinjitsuState, seat: int) -> None:
    """Begin ``seat``'s turn: the automatic win check, then the turn frame."""
    state.turn = seat
    state.swaps_left = SWAPS_PER_TURN
    points = state.points(seat)
    if points >= state.target:
        scores = tuple(float(state.points(each)) for each in range(state.num_players))
        state.finish(scores, (seat,), f"P{seat} starts their turn with {points} points (target {state.target}) "
                                      "and wins")
        return
    state.frames.append(Frame("turn", [seat]))


def continue_turn(state: NinjitsuState) -> None:
    """Run pending effects; once nothing is pending, pass the turn on."""
    effects.resume(state)
    if not state.frames and state.result is None:
        start_turn(state, (state.turn + 1) % state.num_players)


# ---------------------------------------------------------------------- legal actions


def legal(state: NinjitsuState, seat: int, frame: Frame) -> dict[str, Payload]:
    """``seat``'s legal actions in ``frame`` as ``{text: payload}``, in a stable order."""
    kind = frame.kind
    if kind == "turn":
        actions: dict[str, Payload] = {DRAW_TEXT: DRAW_PAYLOAD}
        for card in state.hands[seat]:
            actions.update(PLAYS_ANY[card])
        _add_secret_targets(state, seat, actions, STEALS)
        count = len(state.secrets[seat])
        if state.swaps_left and count >= 2:
            actions.update(SWAPS[count])
        return actions
    if kind == "play":
        table = PLAYS_ANY if frame.data["way"] == "any" else PLAYS_SECRET
        actions = {}
        for card in state.hands[seat]:
            actions.update(table[card])
        return actions
    if kind == "steal":
        actions = {}
        _add_secret_targets(state, seat, actions, STEALS)
        return actions
    if kind == "surprise":
        actions = {}
        _add_secret_targets(state, seat, actions, FLIPS)
        return actions
    if kind in ("discard-treasure", "take-treasure"):
        actions = {}
        scope_seats = state.opponents(seat) if frame.data["scope"] == "opponents" else range(state.num_players)
        for owner in scope_seats:
            for card in state.treasures[owner]:
                actions.update(CHOOSE[card])
        if frame.data.get("optional"):
            actions[DONE_TEXT] = DONE_PAYLOAD
        return actions
    if kind == "tie":
        cards = frame.data["cards"]
        assert isinstance(cards, tuple)
        actions = {}
        for cid in cards:
            assert isinstance(cid, str)
            actions.update(CHOOSE[CARD_INDEX[cid]])
        return actions
    if kind == "trap-discard":
        actions = {}
        for card in state.hands[seat]:
            actions.update(CHOOSE[card])
        return actions
    raise AssertionError(f"unknown frame kind {kind!r}")


def _add_secret_targets(state: NinjitsuState, seat: int, actions: dict[str, Payload],
                        table: tuple[tuple[dict[str, Payload], ...], ...]) -> None:
    secrets = state.secrets
    for opponent in state.opponents(seat):
        count = len(secrets[opponent])
        if count:
            actions.update(table[opponent][count])


# ---------------------------------------------------------------------- applying


def apply(state: NinjitsuState, seat: int, frame: Frame, payload: Payload) -> None:
    """Carry out a legal action (``frame`` is still on top of the stack)."""
    op, first, second = payload
    if op == OP_SWAP:
        # A free rearrangement: the turn frame stays, only the swap allowance shrinks.
        secrets = state.secrets[seat]
        secrets[first], secrets[second] = secrets[second], secrets[first]
        state.swaps_left -= 1
        state.narrate(f"P{seat} rearranges their secrets")
        return
    state.frames.pop()
    if op == OP_DRAW:
        state.draw(seat, DRAW_COUNT)
    elif op == OP_ACTION:
        state.hands[seat].remove(first)
        state.discard_card(first)
        state.narrate(f"P{seat} plays {card_label(first)} for its action")
        state.effects.append((first, 0))
    elif op == OP_SECRET:
        state.hands[seat].remove(first)
        state.add_secret(seat, first)
    elif op == OP_TREASURE:
        state.hands[seat].remove(first)
        state.turn_face_up(seat, first)
        state.narrate(f"P{seat} plays {card_label(first)} as a treasure")
    elif op == OP_STEAL:
        ignore = bool(frame.data.get("ignore_traps", False))
        effects.steal(state, seat, first, second, ignore_traps=ignore)
    elif op == OP_FLIP:
        effects.surprise(state, seat, first, second)
    elif op == OP_DONE:
        state.narrate(f"P{seat} stops discarding")
    elif op == OP_CHOOSE:
        _apply_choice(state, seat, frame, first)
    continue_turn(state)


def _apply_choice(state: NinjitsuState, seat: int, frame: Frame, card: int) -> None:
    kind = frame.kind
    data = frame.data
    if kind == "discard-treasure":
        state.discard_treasure(state.treasure_owner(card), card)
        if data["use_action"] and CARDS[card].steps:
            state.narrate(f"P{seat} uses the action of {card_label(card)}")
            state.effects.append((card, 0))
        left = data["left"]
        assert isinstance(left, int)
        if left > 1:
            again = frame.copy()
            again.data["left"] = left - 1
            if legal(state, seat, again).keys() - {DONE_TEXT}:
                state.frames.append(again)
    elif kind == "take-treasure":
        owner = state.treasure_owner(card)
        state.treasures[owner].remove(card)
        state.hands[seat].append(card)
        # Everyone saw where it went.
        state.known[card] = state.everyone
        state.narrate(f"P{seat} moves {card_label(card)} from P{owner}'s treasures into their hand")
    elif kind == "tie":
        tied_seat = data["seat"]
        rest = data["rest"]
        highest = data["highest"]
        assert isinstance(tied_seat, int) and isinstance(rest, tuple) and isinstance(highest, bool)
        state.discard_treasure(tied_seat, card)
        effects.discard_extreme(state, highest, [each for each in rest if isinstance(each, int)])
    elif kind == "trap-discard":
        # Part of the trap, so one level inside the steal or flip that sprang it.
        state.discard_from_hand(seat, card, deeper=1)
        left = data["left"]
        assert isinstance(left, int)
        if left > 1 and state.hands[seat]:
            again = frame.copy()
            again.data["left"] = left - 1
            state.frames.append(again)


# ---------------------------------------------------------------------- errors


def explain_illegal(state: NinjitsuState, seat: int, action: str) -> str | None:
    """Why ``action`` is not legal for ``seat`` now, in words, or None when no better reason is known."""
    frame = state.frames[-1]
    kind = frame.kind
    meant = _normalised(action)
    if meant != action and meant in state.legal_actions(seat):
        return f"did you mean {meant!r}? (actions are lower case; a card id is its rank, then its suit: 6a, Ka)"
    if action[:2] in ("a:", "s:", "t:", "c:"):
        cid = action[2:]
        card = CARD_INDEX.get(cid)
        if card is None:
            return f"{cid!r} is not a card id (a rank K Q J X A T 9-2 and a suit a b c, e.g. Ka, Ta, 6c)"
        label = card_label(card)
        if action[0] == "c":
            if kind not in CHOICE_FRAMES:
                return "there is no card to choose now"
            if kind == "trap-discard":
                return f"{label} is not in your hand"
            return f"{label} is not one of the treasures you may choose now"
        if kind not in ("turn", "play"):
            return "you cannot play a card now"
        if card not in state.hands[seat]:
            return f"{label} is not in your hand"
        way = {"a": "action", "s": "secret", "t": "treasure"}[action[0]]
        definition = CARDS[card]
        if kind == "play" and frame.data["way"] == "secret" and way != "secret":
            return "this effect lets you play a card only as a secret (s:)"
        if way not in definition.plays:
            if definition.plays == ("secret",):
                return f"{label} can only be played as a secret"
            if way == "action":
                return f"{label} has an icon: it is never played for an action"
            if not HAS_VALUE[card]:
                return f"{label} has no point value, so it cannot be played as a treasure"
        return None
    if action[:1] in ("x", "f", "w") and "." in action:
        left, _, right = action[1:].partition(".")
        # Plain ASCII digits only, and few of them: str.isdigit() also accepts '²' (which int()
        # refuses), and int() refuses thousands of digits; neither can name a seat or a position.
        if not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in (left, right)):
            return f"{action[0]}<seat>.<position> takes two small whole numbers, e.g. {action[0]}1.0"
        first, second = int(left), int(right)
        if action[0] == "w":
            if kind != "turn":
                return "you may rearrange your secrets only on your turn, before your action"
            if not state.swaps_left:
                return f"you have already rearranged your secrets {SWAPS_PER_TURN} times this turn"
            count = len(state.secrets[seat])
            if count < 2:
                return f"you have {count} secret{'' if count == 1 else 's'}; to swap two you need at least 2"
            if first == second:
                return "a swap names two different positions of your secrets"
            if max(first, second) >= count:
                return f"you have {count} secrets (positions 0 to {count - 1})"
            return None
        wanted = ("turn", "steal") if action[0] == "x" else ("surprise",)
        if kind not in wanted:
            return "you cannot steal a secret now" if action[0] == "x" else "no secret is to be turned face-up now"
        if first == seat:
            return "you cannot target your own secrets"
        if not 0 <= first < state.num_players:
            return f"there is no seat {first}"
        count = len(state.secrets[first])
        if not count:
            return f"P{first} has no secrets"
        if second >= count:
            return f"P{first} has {count} secret{'' if count == 1 else 's'} (positions 0 to {count - 1})"
        return None
    if action == DRAW_TEXT:
        return "you may draw only as your turn's action"
    if action == DONE_TEXT:
        return "this choice cannot be skipped"
    return None


def canonical_action(action: str) -> str | None:
    """The canonical text of an action written another way, or ``None``.

    The one action naming two things of the same kind is the swap of two of one's secrets: its
    positions may be written in either order, and the record keeps the smaller first
    (``w2.0`` -> ``w0.2``). Numbers must be written as the canonical text writes them (no ``w02.0``).
    """
    if not action.startswith("w"):
        return None
    left, dot, right = action[1:].partition(".")
    if not dot or not all(part.isascii() and part.isdigit() and len(part) <= 3 and str(int(part)) == part
                          for part in (left, right)):
        return None
    first, second = int(left), int(right)
    if first <= second:
        return None
    return f"w{second}.{first}"


def _normalised(action: str) -> str:
    """``action`` as it would be written: lower case, with a card id's rank upper case (``A:6A`` -> ``a:6a``)."""
    text = action.strip().lower()
    if len(text) == 4 and text[1] == ":":
        text = text[:2] + text[2].upper() + text[3]
    return text


# ---------------------------------------------------------------------- invariants


def check_invariants(state: NinjitsuState) -> None:
    """Raise AssertionError, naming the broken law, when the position is not one the rules can reach.

    Checked: every card exactly once; no valueless treasure; knowledge consistent with the zones;
    one decision at a time, of a kind and with data the rules push; the card actions resolving, and
    that the pending decision is the one their current step asks; the start-of-turn win check (a turn
    frame's player is below the target); a finished game's result matching the position.
    """
    _check_cards(state)
    assert 0 <= state.turn < state.num_players, f"turn {state.turn} is not a seat"
    assert 0 <= state.swaps_left <= SWAPS_PER_TURN, f"swaps left must be 0 to {SWAPS_PER_TURN}"
    # Every choice is applied (and its frame popped) before the next is asked: one frame at a time.
    assert len(state.frames) <= 1, "Ninjitsu! asks one decision at a time"
    for frame in state.frames:
        assert frame.kind in FRAME_KINDS, f"no rule asks for a {frame.kind!r} decision ({', '.join(FRAME_KINDS)})"
        assert len(frame.seats) == 1 and 0 <= frame.seats[0] < state.num_players, "one seat decides at a time"
        assert not frame.simultaneous and not frame.concealed, "Ninjitsu! has no simultaneous or hidden asks"
        if frame.kind == "turn":
            assert frame.seats == [state.turn], "the turn frame is the current player's"
        _check_frame_data(state, frame)
    _check_effects(state)
    if state.result is None:
        assert state.frames, "a live game has a pending decision"
        top = state.frames[-1]
        if top.kind == "turn":
            assert not state.effects, "no effect is pending at the start of an action"
            _check_turn_start(state)
        else:
            _check_asking_step(state, top)
        seat = top.seats[0]
        assert legal(state, seat, top), f"the {top.kind!r} decision offers P{seat} no choice"
    else:
        _check_result(state)


def _check_cards(state: NinjitsuState) -> None:
    """Every card once; treasures with a value; who knows what, consistent with where cards lie."""
    seen = [*state.deck, *state.discard]
    for seat in range(state.num_players):
        seen += state.hands[seat] + state.treasures[seat] + state.secrets[seat]
    assert sorted(seen) == list(range(DECK_SIZE)), f"every one of the {DECK_SIZE} cards must be in exactly one place"
    everyone = state.everyone
    known = state.known
    for seat in range(state.num_players):
        bit = 1 << seat
        for card in state.treasures[seat]:
            assert HAS_VALUE[card], f"{card_label(card)} has no value and cannot stay a treasure"
            assert known[card] == everyone, f"a treasure ({card_label(card)}) is known to everyone"
        for card in state.secrets[seat]:
            assert place_knowers(known[card]) == bit, f"only P{seat} knows where their secret {card_label(card)} is"
        for card in state.hands[seat]:
            assert known[card] & bit, f"P{seat} knows their own {card_label(card)}"
            assert 0 <= place_knowers(known[card]) <= everyone, f"knowledge of {card_label(card)} names seats only"
        for card in state.hands[seat] + state.secrets[seat]:
            # Who holds a card is known only to others, and only of a card in a hand or a secret.
            assert 0 <= holder_knowers(known[card]) <= everyone & ~bit, \
                f"knowledge of who holds {card_label(card)} must name other seats only"
    for card in state.discard:
        assert known[card] == everyone, f"the discard pile is public ({card_label(card)})"
    for card in state.deck:
        assert 0 <= known[card] <= everyone, f"knowledge of the deck card {card_label(card)} is a mask of seats"
    # Nobody knows the deck's order, so whoever knows one of its cards knows them all (after a
    # reshuffle, until someone else draws): a determinisation relies on it.
    assert len({known[card] for card in state.deck}) <= 1, \
        "every card of the deck is known to the same seats (who know which cards it holds, never their order)"


def _check_turn_start(state: NinjitsuState) -> None:
    """A turn frame means the start-of-turn check was made and did not end the game.

    Points never change while the turn frame waits (a swap of secrets keeps them), so a player at a
    turn frame with the target or more would already have won: such a position cannot be reached.
    """
    points = state.points(state.turn)
    assert points < state.target, (
        f"P{state.turn} is at the start of their turn with {points} points, at least the target "
        f"{state.target}: the start-of-turn check would have ended the game (write it finished, or "
        "build it with ninjitsu.builder.position, which runs the check)")


def _check_result(state: NinjitsuState) -> None:
    """A finished game's result is one the rules give: a winner who started a turn at the target (unless
    the game was stopped at its maximum length).

    The scores are not recomputed from the cards: a determinisation of a finished game redeals the
    secrets nobody has seen, so only the result's own figures are checked.
    """
    result = state.result
    assert result is not None, "only a finished game has a result"
    if result.truncated:
        return
    turn = state.turn
    assert result.winners == (turn,), \
        f"the game ends only at the start of a turn: its one winner is the player whose turn it is (P{turn})"
    assert result.scores[turn] >= state.target, \
        f"P{turn} won with {result.scores[turn]:g} points, below the target {state.target}"
    assert not state.effects, "the game ends only at the start of a turn, when no action is resolving"


def _asked_by(step: Step) -> str | None:
    """The kind of decision ``step`` asks for (``None``: it asks none)."""
    if isinstance(step, Play):
        return "play"
    if isinstance(step, Steal):
        return "steal"
    if isinstance(step, DiscardTreasures):
        return "discard-treasure"
    if isinstance(step, TakeTreasure):
        return "take-treasure"
    if isinstance(step, DiscardExtreme):
        return "tie"
    if isinstance(step, Special):
        return step.name
    return None


def _check_effects(state: NinjitsuState) -> None:
    """The resolving actions: cards with an action, each begun, each below the top started by the
    step of the card above it that plays a card (a nested play, or Chain and Sickle's discard)."""
    effects = state.effects
    for number, (card, step) in enumerate(effects):
        steps = CARDS[card].steps
        assert steps, f"{card_label(card)} has no action to resolve"
        assert step <= len(steps), f"{card_label(card)} has no step {step}"
        assert step >= 1, f"{card_label(card)} is resolving, so its first step has begun (next step at least 1)"
        if number + 1 < len(effects):
            asked = steps[step - 1]
            inner = card_label(effects[number + 1][0])
            assert (isinstance(asked, Play) and asked.way == "any") or \
                (isinstance(asked, DiscardTreasures) and asked.use_action), \
                f"{card_label(card)} cannot be resolving {inner} inside it: its step {step - 1} plays no card"


def _check_asking_step(state: NinjitsuState, frame: Frame) -> None:
    """A decision other than the turn is asked by the current step of the innermost resolving action
    (or, for a trap's discard, by the steal or flip that sprang the trap)."""
    data = frame.data
    kind = frame.kind
    seat = frame.seats[0]
    turn = state.turn
    if not state.effects:
        # The one decision outside a card's action: a Tripwire stolen as the turn's action.
        assert kind == "trap-discard", \
            f"a {kind!r} decision is asked by a card's action, but no action is resolving (effects=-)"
        assert seat == turn, f"a trap sprung by the turn's steal hits the thief, P{turn}"
        _check_trap_card(state, frame)
        return
    card, step = state.effects[-1]
    label = card_label(card)
    asked = CARDS[card].steps[step - 1]
    expected = _asked_by(asked)
    if kind == "trap-discard":
        assert expected in ("steal", "surprise"), \
            f"a trap's discard follows a steal or a flip, not {label}'s step {step - 1}"
        if expected == "steal":
            assert seat == turn, f"a stolen trap hits the thief, P{turn}"
        else:
            assert seat != turn, "a trap turned up by Master of Surprise hits the secret's owner"
        _check_trap_card(state, frame)
        return
    assert kind == expected, (f"{label}'s step {step - 1} asks for " + (f"a {expected!r} decision" if expected
                              else "no decision") + f", not {kind!r}")
    assert seat == turn, f"the {kind!r} decision belongs to the player whose turn it is, P{turn}"
    if kind != "tie":
        assert data["by"] == CARD_IDS[card], \
            f"the {kind!r} decision is asked by {CARD_IDS[card]} (the action resolving), not {data['by']!r}"
    if isinstance(asked, Play):
        assert data["way"] == asked.way, f"{label} plays a card {asked.way!r}, not {data['way']!r}"
    elif isinstance(asked, Steal):
        assert data["ignore_traps"] == asked.ignore_traps, f"{label}'s steal has ignore_traps={asked.ignore_traps}"
    elif isinstance(asked, DiscardTreasures):
        for key in ("scope", "optional", "use_action"):
            assert data[key] == getattr(asked, key), f"{label}'s discard has {key}={getattr(asked, key)!r}"
        left = data["left"]
        assert isinstance(left, int) and left <= asked.up_to, f"{label} discards at most {asked.up_to}"
    elif isinstance(asked, TakeTreasure):
        assert data["scope"] == asked.scope, f"{label} takes a treasure of scope {asked.scope!r}"
    elif isinstance(asked, DiscardExtreme):
        assert data["highest"] == asked.highest, \
            f"{label} discards the {'highest' if asked.highest else 'lowest'} treasures"


def _check_trap_card(state: NinjitsuState, frame: Frame) -> None:
    """A trap's discard names the trap (a Tripwire) that just turned face-up among the decider's treasures."""
    by = frame.data["by"]
    assert isinstance(by, str) and by in CARD_INDEX, f"a trap's discard names the trap's card id, not {by!r}"
    card = CARD_INDEX[by]
    trap = CARDS[card].trap
    assert trap is not None and trap.kind == "discard-from-hand", \
        f"{card_label(card)} has no trap that makes a player discard from hand"
    left = frame.data["left"]
    assert isinstance(left, int) and left <= trap.count, f"{card_label(card)}'s trap discards {trap.count} card(s)"
    seat = frame.seats[0]
    assert card in state.treasures[seat], \
        f"the sprung {card_label(card)} lies face-up among P{seat}'s treasures while its trap resolves"


#: The data each kind of frame carries: key -> the values (a type, or a tuple of allowed values) it takes.
_FRAME_DATA: dict[str, dict[str, type | tuple[object, ...]]] = {
    "turn": {},
    "play": {"way": ("any", "secret"), "by": str},
    "steal": {"ignore_traps": bool, "by": str},
    "surprise": {"by": str},
    "discard-treasure": {"scope": ("any", "opponents"), "left": int, "optional": bool, "use_action": bool, "by": str},
    "take-treasure": {"scope": ("any", "opponents"), "by": str},
    "tie": {"highest": bool, "seat": int, "cards": tuple, "rest": tuple},
    "trap-discard": {"left": int, "by": str},
}


def _check_frame_data(state: NinjitsuState, frame: Frame) -> None:
    """A frame holds exactly the data its kind needs, with values the rules can act on."""
    data = frame.data
    schema = _FRAME_DATA[frame.kind]
    assert set(data) == set(schema), \
        f"a {frame.kind!r} decision carries {', '.join(sorted(schema)) or 'nothing'}, not {', '.join(sorted(data))}"
    for key, allowed in schema.items():
        value = data[key]
        if isinstance(allowed, tuple):
            assert value in allowed, f"{frame.kind} {key} is one of {allowed}, not {value!r}"
        else:
            assert isinstance(value, allowed) and (allowed is not int or not isinstance(value, bool)), \
                f"{frame.kind} {key} must be a {allowed.__name__}, not {value!r}"
    by = data.get("by")
    assert by is None or by in CARD_INDEX, f"{frame.kind} by {by!r} is not a card id"
    left = data.get("left")
    assert left is None or (isinstance(left, int) and left >= 1), f"{frame.kind} left must be at least 1"
    if frame.kind == "tie":
        _check_tie(state, data)


def _check_tie(state: NinjitsuState, data: Mapping[str, object]) -> None:
    """A tie names two or more treasures of one opponent that share its highest (or lowest) value, and
    the opponents after it (clockwise from the current player) still to do."""
    tied_seat, cards, rest = data["seat"], data["cards"], data["rest"]
    assert isinstance(tied_seat, int) and isinstance(cards, tuple) and isinstance(rest, tuple), \
        "a tie names a seat, its cards and the seats after it"
    opponents = state.opponents(state.turn)
    assert tied_seat in opponents, f"tie seat {tied_seat} is not an opponent of P{state.turn}"
    after = opponents[opponents.index(tied_seat) + 1:]
    assert rest == after, f"tie rest lists the opponents after P{tied_seat} clockwise: {list(after)}"
    assert len(cards) >= 2 and all(cid in CARD_INDEX for cid in cards), "a tie names two or more card ids"
    assert len(set(cards)) == len(cards), "a tie names each card once"
    numbers = [CARD_INDEX[str(cid)] for cid in cards]
    own = state.treasures[tied_seat]
    assert all(card in own for card in numbers), f"a tie names treasures of P{tied_seat} only"
    values = {VALUE[card] for card in own}
    extreme = max(values) if data["highest"] else min(values)
    assert all(VALUE[card] == extreme for card in numbers), "the tied treasures share the extreme value"
    assert sorted(numbers) == sorted(card for card in own if VALUE[card] == extreme), \
        f"a tie names every treasure of P{tied_seat} of the extreme value"
