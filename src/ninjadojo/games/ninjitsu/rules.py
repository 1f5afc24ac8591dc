"""Turn structure, legal actions and applying them.

A turn is one frame ``turn`` for the current player: draw 2 (``d``), play a card from hand in one of
the ways its row allows (``a:``/``s:``/``t:``), or steal an opponent's secret (``x``). Free swaps of
one's own secrets (``w``) cost no action and keep the turn frame. Card actions run in ``effects``;
every choice they need is a frame of its own kind (``play``, ``steal``, ``surprise``,
``discard-treasure``, ``take-treasure``, ``tie``, ``trap-discard``; with the Promo Pack ``guess`` for
Jellybean Ninja, ``teleport`` for Teleport played before one's action, and the concealed ``window`` of
the "any time" cards; with Masters of Magic ``fire``, ``shift``, ``telekinesis`` and ``invisibility``).
When no frame and no effect is left, the current player takes an extra action if Jellybean Ninja gave
one, else the turn passes clockwise, and the next player wins at once if they start it at the target
(unless another player's Freeze Time holds).

:func:`canonical_action` accepts a swap's two positions in either order. The laws every position keeps are
:mod:`ninjadojo.games.ninjitsu.invariants`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.engine.jsonvalue import FrozenJSON
from ninjadojo.engine.values import EVERYONE
from ninjadojo.games.ninjitsu import effects, elements, magic, sabotage, weather
from ninjadojo.games.ninjitsu.cards import (
    ACE_OR_JOKER,
    ALESSIO,
    ALL_CARDS,
    AURORA,
    CARD_IDS,
    CARD_INDEX,
    CARD_NAMES,
    CARDS,
    DROUGHT,
    FACE_UP_CARD,
    HAS_VALUE,
    STORMS,
    TELEPORT,
    DiscardExtreme,
    DiscardTreasures,
    Draw,
    Play,
    Special,
    Steal,
    TakeTreasure,
    card_label,
    card_name,
)
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
    GUESS_PAYLOAD,
    GUESS_TEXT,
    GUESSES,
    MAX_POSITIONS,
    MAX_SEATS,
    OP_ACTION,
    OP_CHOOSE,
    OP_DONE,
    OP_DRAW,
    OP_FLIP,
    OP_GUESS,
    OP_PASS,
    OP_PICK_SECRET,
    OP_SECRET,
    OP_STEAL,
    OP_STORM,
    OP_SWAP,
    OP_TAKE_HAND,
    OP_TREASURE,
    OP_WEATHER,
    OP_WIND_SWAP,
    PASS_PAYLOAD,
    PASS_TEXT,
    PICK_SECRET_PAYLOAD,
    PICK_SECRET_TEXT,
    SECRET_PAYLOAD,
    SECRET_TEXT,
    STEAL_PAYLOAD,
    STEAL_TEXT,
    SWAP_PAYLOAD,
    SWAP_TEXT,
    TAKE_HAND_PAYLOAD,
    TAKE_HAND_TEXT,
    TREASURE_PAYLOAD,
    TREASURE_TEXT,
    Payload,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: Free swaps of one's own secrets offered per turn: enough to rearrange, few enough that random play
#: cannot loop on them.
SWAPS_PER_TURN = 3
#: The most free swaps a turn option ``free_swaps`` allows (ruling 2): more than any real rearrangement
#: needs, since n secrets are put in any order by n - 1 swaps.
MAX_FREE_SWAPS = 10
#: Cards drawn by the turn's draw action.
DRAW_COUNT = 2

#: Every kind of decision the rules ask for.
FRAME_KINDS = ("turn", "play", "steal", "surprise", "discard-treasure", "take-treasure", "tie", "trap-discard",
               "guess", "teleport", "window", "fire", "shift", "telekinesis", "invisibility", "escape",
               "disguise", "shuriken", "peek", "alessio", "net-discard", "net-take", "deadfall",
               *elements.FRAMES, *weather.FRAMES)
#: The decisions of The Elements and Heavy Weather: asked by no card's step (set-up, the start or the end
#: of a turn, a Weather's moment), each checked by its module.
EXPANSION_FRAMES = (*elements.FRAMES, *weather.FRAMES)
#: The same as a set: every action asks whether its frame is one (a hash, not a scan of the tuple).
_EXPANSION_KINDS = frozenset(EXPANSION_FRAMES)
#: The decisions made by several players at once, in secret.
SIMULTANEOUS_FRAMES = ("element", *weather.SIMULTANEOUS)
#: The frames whose choice is a card (``c:``), with their prompt nouns.
CHOICE_FRAMES = ("discard-treasure", "take-treasure", "tie", "trap-discard", "teleport", "fire", "shift",
                 "telekinesis", "invisibility", "escape", "net-discard", "net-take", "deadfall", "wind-swap", "heart",
                 "fire-with", "water-swap", "hail", "wind-pass", "hurricane", "blizzard", "fire-keep")
#: Frames that lie on their player's turn frame: a free play before the action (Teleport, Alessio).
ON_TURN = ("teleport", "alessio")


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
#: The plays a ``play`` frame allows, by its ``way``.
PLAYS_BY_WAY = {"any": PLAYS_ANY, "secret": PLAYS_SECRET, "treasure": _play_table(("treasure",)),
                "action": _play_table(("action",))}


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
CHOOSE = tuple({CHOOSE_TEXT[card]: (OP_CHOOSE, card, 0)} for card in range(ALL_CARDS))
GUESS_ACTIONS = {GUESS_TEXT[guess]: GUESS_PAYLOAD[guess] for guess in GUESSES}


# ---------------------------------------------------------------------- turns


def start_turn(state: NinjitsuState, seat: int) -> None:
    """Begin ``seat``'s turn: the automatic win check (unless another player's Freeze Time holds), then
    the start-of-turn abilities (Sleeping Potion, Sunshine, Aurora Borealis, Heart), then the turn frame."""
    state.turn = seat
    state.extra_actions = 0
    state.late = False
    # A mark made during the previous player's own turn binds from now on: at their next turn.
    state.mark_waits = False
    state.swaps_left = state.swap_limit
    if state.frozen == seat:
        state.frozen = -1  # Freeze Time ends as its player's turn starts, whose check is made again
    points = state.points(seat)
    # The option itself unless Heavy Weather may have doubled it (the ``target`` property's test,
    # without its call: every turn start asks).
    target = state.target if state.has_weather else state.options["target"]
    assert isinstance(target, int)
    if state.frozen >= 0:
        # Said only where it matters: at every turn start it would repeat what the card said when played.
        if points >= target:
            state.narrate(f"P{seat} starts their turn with {points} points but cannot win: P{state.frozen}'s "
                          f"Freeze Time holds until P{state.frozen}'s next turn")
    else:
        if points >= target:
            scores = tuple(float(state.points(each)) for each in range(state.num_players))
            # Under Aurora Borealis the target is doubled: the reason says so, or 42 would puzzle; a rival at
            # the target too is told why it does not win (words.win_reason).
            doubled = state.has_weather and AURORA in state.weather
            from ninjadojo.games.ninjitsu.words import win_reason

            state.finish(scores, (seat,), win_reason(state, seat, points, doubled))
            return
    if state.has_sabotage:
        _turn_start_draws(state, seat)
    if state.surfaced < 0 and not state.has_weather and not state.has_elements:
        # turn_rest with nothing to do but push the turn frame (no Master of Magic to wait for, no
        # start-of-turn Weather or Element): the base game's every turn.
        state.frames.append(Frame("turn", [seat]))
        return
    turn_rest(state, seat, 1)
    if not state.frames and state.result is None:
        effects.resume(state)  # a start-of-turn draw uncovered a Master of Magic: its owner plays first


def turn_rest(state: NinjitsuState, seat: int, phase: int) -> None:
    """The start of ``seat``'s turn from ``phase`` on (1: Sunshine and Aurora Borealis; 2: Heart's look and
    the turn frame). A Master of Magic uncovered by a start-of-turn draw is played by its owner at once:
    the phases still to come wait for it (``state.later``)."""
    if phase <= 1:
        if state.suspended():
            state.wait("turn", seat, 1)
            return
        if state.has_weather:
            weather.turn_start(state, seat)
    if state.suspended():
        state.wait("turn", seat, 2)
        return
    if state.has_elements and elements.turn_start(state, seat):
        return  # Heart's look comes first; its decision pushes the turn frame
    state.frames.append(Frame("turn", [seat]))


def push_turn(state: NinjitsuState, seat: int) -> None:
    """The turn frame, after a decision that comes before the turn's action (Heart's look)."""
    state.frames.append(Frame("turn", [seat]))


def _turn_start_draws(state: NinjitsuState, seat: int) -> None:
    """Sleeping Potion: after the win check, a player draws a card for each opponent who has it face-up
    (Sabotage!: its caller asks only with it)."""
    if state.has_sabotage:
        potion = FACE_UP_CARD["sleeping-potion"]  # (has_face_up's test, its card looked up once a turn)
        for other in state.opponents(seat):
            if potion in state.treasures[other]:
                # The cause, then the draw nested under it (a bare "P0 draws 1 card" told nobody why).
                state.narrate(f"P{other}'s Sleeping Potion: P{seat} draws a card at the start of the turn")
                state.draw(seat, 1, deeper=1)


def potion_blurs_check(state: NinjitsuState) -> bool:
    """Whether a draw after the win check may have raised the current player's points (Master of
    Misdirection counts the hand): Sleeping Potion, and with The Elements or Heavy Weather the draws and
    discards of the start of a turn, so a turn frame's player may hold the target."""
    if state.has_weather or state.has_elements:
        return True
    return state.has_sabotage and any(state.has_face_up(other, "sleeping-potion")
                                      for other in state.opponents(state.turn))


def hand_free_check(state: NinjitsuState) -> bool:
    """Whether, at a turn frame blurred by :func:`potion_blurs_check`, the start-of-turn check still
    bounds the points but the hand's share: with The Elements or Heavy Weather (and no Sleeping Potion),
    whose start-of-turn draws and discards change only the hand."""
    return (state.has_elements or state.has_weather) and not (state.has_sabotage and any(
        state.has_face_up(other, "sleeping-potion") for other in state.opponents(state.turn)))


def continue_turn(state: NinjitsuState) -> None:
    """Run pending effects; once nothing is pending, take an extra action or end the turn (with The
    Elements and Heavy Weather: the end-of-turn Element ability, then the Events) and pass it on."""
    if state.effects or state.later or state.surfaced >= 0 or state.has_elements:
        # Without any of these, resume has nothing to run (no step, nothing waiting, no Master of Magic to
        # play, no Magic side 2 to refill a hand): after most base-game actions, so no call then.
        effects.resume(state)
    while not state.frames and state.result is None:
        # Water (side 1): the action is done; its owners may draw again at the next one's losses. Fire
        # (side 1): a choice among tied treasures held for that action only (ruling 61).
        state.lost = 0
        state.fire_keeps = -1
        if state.extra_actions and not state.ending:
            # An extra action (Jellybean Ninja, Wind, Heart, Aurora Borealis): the same turn goes on
            # (no start-of-turn check).
            state.extra_actions -= 1
            state.narrate(f"P{state.turn} takes an extra action")
            state.frames.append(Frame("turn", [state.turn], {"extra": True}))
            return
        if (state.has_elements or state.has_weather) and _end_of_turn(state):
            effects.resume(state)
            continue
        start_turn(state, (state.turn + 1) % state.num_players)
        return


def _end_of_turn(state: NinjitsuState) -> bool:
    """One step of the end of a turn: the current player's end-of-turn Element ability, then each Event
    in play in turn (``True``: something was done or asked; ``False``: the turn is over)."""
    if not state.ending:
        state.ending = "element"
        if state.has_elements and elements.end_ability(state):
            return True
    if state.ending == "element":
        state.ending = "events"
        if state.surfaced >= 0:
            return True  # Magic (side 1)'s card uncovered a Master of Magic: its owner plays at once
    if state.event_queue:
        card = state.event_queue[0]
        state.narrate(f"Event: {card_name(card)} resolves")
        state.effects.append((card, 0, state.turn, effects.NO_MEMO))
        return True
    state.ending = ""
    return False


def resolve_simultaneous(state: NinjitsuState, frame: Frame, choices: dict[int, Payload]) -> None:
    """A decision made by several players at once: the Elements' sides (then the deal), or a Heavy
    Weather one (the cards passed or discarded)."""
    if frame.kind == "element":
        elements.resolve_sides(state, choices)
        state.deal_hands()
        return
    weather.resolve(state, frame, choices)
    continue_turn(state)


# ---------------------------------------------------------------------- legal actions


def _add_any_time_plays(state: NinjitsuState, seat: int, actions: dict[str, Payload]) -> None:
    """Teleport and Alessio "at any time": offered before the player's own action, free (the turn frame
    stays), where they can do something: a treasure in play to take, a secret to look at."""
    hand = state.hands[seat]
    if TELEPORT in hand and any(state.treasures):
        actions[ACTION_TEXT[TELEPORT]] = ACTION_PAYLOAD[TELEPORT]
    if ALESSIO in hand and sabotage.lookable(state, seat):
        actions[ACTION_TEXT[ALESSIO]] = ACTION_PAYLOAD[ALESSIO]


def legal(state: NinjitsuState, seat: int, frame: Frame) -> dict[str, Payload]:
    """``seat``'s legal actions in ``frame`` as ``{text: payload}``, in a stable order."""
    kind = frame.kind
    if kind == "turn":
        marked = state.marks[seat]
        if marked >= 0:  # (only a mark can bind: no call to look further without one)
            marked = magic.binding_mark(state, seat)
        if marked >= 0:
            # Night Vision: play the marked card, or skip the turn. What costs no action stays: the free
            # swaps, and Teleport's and Alessio's "any time" plays (ruling 34; a marked Teleport played so
            # leaves the hand, which ends the mark).
            actions = dict(PLAYS_ANY[marked])
            if state.has_sabotage and state.has_face_up(seat, "cage"):
                actions.pop(SECRET_TEXT[marked], None)
            _add_any_time_plays(state, seat, actions)
            actions[PASS_TEXT] = PASS_PAYLOAD
            count = len(state.secrets[seat])
            if state.swaps_left and count >= 2:
                actions.update(SWAPS[count])
            return actions
        actions = {DRAW_TEXT: DRAW_PAYLOAD}
        if state.has_weather and not state.drought_draw and weather.drought_forbids(state, seat):
            # Drought: a hand of 5 or more cannot draw, so no Draw action (ruling 75; with option
            # drought_draw the Draw action stays and draws nothing).
            del actions[DRAW_TEXT]
        if state.has_sabotage and state.has_face_up(seat, "cage"):
            for card in state.hands[seat]:
                actions.update(PLAYS_ANY[card])
                actions.pop(SECRET_TEXT[card], None)  # Cage: no secret as the turn's action
        else:
            add = actions.update
            for card in state.hands[seat]:
                add(PLAYS_ANY[card])
        if state.any_time:  # Teleport and Alessio are "any time" cards: neither is in a game without one
            _add_any_time_plays(state, seat, actions)
        if not (state.has_sabotage and state.has_face_up(seat, "squeaky-floor")):
            # _add_secret_targets(state, seat, actions, STEALS) written out: every turn asks.
            secrets = state.secrets
            for opponent in state.opponents(seat):
                count = len(secrets[opponent])
                if count:
                    actions.update(STEALS[opponent][count])
        if state.has_weather and state.weather:
            weather.turn_actions(state, seat, actions)
        if state.has_elements:
            actions.update(elements.wind_swap_actions(state, seat))
        if state.idle_refused:
            _refuse_idle(state, seat, actions)
        count = len(state.secrets[seat])
        if state.swaps_left and count >= 2:
            actions.update(SWAPS[count])
        return actions
    if kind in _EXPANSION_KINDS:
        return elements.legal(state, seat, frame) if kind in elements.FRAMES else weather.legal(state, seat, frame)
    if kind == "play":
        table = PLAYS_BY_WAY[str(frame.data["way"])]
        actions = {}
        last = frame.data.get("last")
        hand = state.hands[seat]
        for card in hand[-last:] if isinstance(last, int) else hand:
            actions.update(table[card])
        if frame.data.get("optional"):
            actions[PASS_TEXT] = PASS_PAYLOAD
        return actions
    if kind == "steal":
        actions = {}
        _add_secret_targets(state, seat, actions, STEALS)
        if frame.data.get("optional"):
            actions[PASS_TEXT] = PASS_PAYLOAD
        return actions
    if kind == "window":
        actions = {}
        hand = state.hands[seat]
        for card in effects.answering_cards(frame.data):
            if card in hand:
                actions[ACTION_TEXT[card]] = ACTION_PAYLOAD[card]
        actions[PASS_TEXT] = PASS_PAYLOAD
        return actions
    if kind == "guess":
        return dict(GUESS_ACTIONS)
    if kind in ("teleport", "shift"):
        actions = {}
        memo = state.effects[-1][3] if kind == "shift" else -1
        for owner in range(state.num_players):
            for card in state.treasures[owner]:
                if card != memo:
                    actions.update(CHOOSE[card])
        return actions
    if kind == "fire":
        actions = {}
        cards = frame.data["cards"]
        assert isinstance(cards, tuple)
        for cid in cards:
            actions.update(CHOOSE[CARD_INDEX[str(cid)]])
        return actions
    if kind == "telekinesis":
        value = frame.data["value"]
        assert isinstance(value, int)
        actions = {}
        for card in magic.telekinesis_targets(state, seat, value):
            actions.update(CHOOSE[card])
        return actions
    if kind in ("escape", "net-discard", "deadfall", "net-take"):
        actions = {}
        if kind == "escape":
            pool = [card for cards in state.treasures for card in cards]
        elif kind == "net-take":
            cards = frame.data["cards"]
            assert isinstance(cards, tuple)
            pool = [CARD_INDEX[str(cid)] for cid in cards]
        else:
            pool = state.hands[seat]
        for card in pool:
            actions.update(CHOOSE[card])
        return actions
    if kind in ("disguise", "shuriken", "peek", "alessio"):
        actions = {}
        if kind in ("peek", "alessio"):
            seen = frame.data.get("seen", ())
            assert isinstance(seen, tuple)
            targets = [(owner, pos) for owner, pos in sabotage.lookable(state, seat) if f"{owner}.{pos}" not in seen]
        else:
            first = frame.data.get("first", "")
            targets = [(owner, pos) for owner in range(state.num_players) for pos in range(len(state.secrets[owner]))
                       if f"{owner}.{pos}" != first]
        for owner, pos in targets:
            actions[PICK_SECRET_TEXT[owner][pos]] = PICK_SECRET_PAYLOAD[owner][pos]
        return actions
    if kind == "invisibility":
        # A treasure in play or a random card of an opponent's hand; never a secret, which only cards
        # that target secrets affect (the rulebook).
        actions = {}
        for owner in range(state.num_players):
            for card in state.treasures[owner]:
                actions.update(CHOOSE[card])
        for owner in state.opponents(seat):
            if state.hands[owner]:
                actions[TAKE_HAND_TEXT[owner]] = TAKE_HAND_PAYLOAD[owner]
        return actions
    if kind == "surprise":
        actions = {}
        _add_secret_targets(state, seat, actions, FLIPS)
        return actions
    if kind in ("discard-treasure", "take-treasure"):
        actions = {}
        if kind == "discard-treasure" and state.has_elements:
            # Fire (side 1): its owner's highest treasure cannot be discarded, so it is not offered.
            for card in effects.discardable(state, seat, str(frame.data["scope"])):
                actions.update(CHOOSE[card])
            if frame.data.get("optional"):
                actions[DONE_TEXT] = DONE_PAYLOAD
            return actions
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


def _refuse_idle(state: NinjitsuState, seat: int, actions: dict[str, Payload]) -> None:
    """Option ``idle_actions=false`` (ruling 4 the other way): the turn's action may not be a card played
    for an action that can do nothing. Kept when nothing else would end the turn (a live game always
    has a legal action)."""
    free = (ACTION_TEXT[TELEPORT], ACTION_TEXT[ALESSIO])  # Teleport and Alessio before the action cost none
    idle = [ACTION_TEXT[card] for card in set(state.hands[seat])
            if ACTION_TEXT[card] in actions and ACTION_TEXT[card] not in free and not can_act(state, seat, card)]
    if idle and sum(1 for text in actions if text not in free) > len(idle):
        for text in idle:
            del actions[text]


def can_act(state: NinjitsuState, seat: int, card: int) -> bool:
    """Whether ``card``, played by ``seat`` for its action now, has a step that can do something, judged
    as the game will resolve it: a draw (unless Drought stops it), a play with another card of the hand
    that can be played that way, a steal or a flip with an opponent's secret, a discard of a treasure
    Fire (side 1) does not keep, a move with a treasure to take, and each special text with what it
    needs (:func:`_special_can_act`). A step that only acts on what an earlier step played or stole
    (Master of Wind's return, Shape Shifting, Multiply, Telekinesis, Ancient Map) adds nothing of its own.
    Only what the position shows (own hand, public counts) is used, so a seat's samples agree."""
    rest = list(state.hands[seat])
    rest.remove(card)
    for step in CARDS[card].steps:
        if isinstance(step, Draw):
            able = _can_draw(state, rest)
        elif isinstance(step, Play):
            able = bool(rest) and (step.way in ("any", "secret")
                                   or any(step.way in CARDS[other].plays for other in rest))
        elif isinstance(step, Steal):
            able = any(state.secrets[other] for other in state.opponents(seat))
        elif isinstance(step, DiscardTreasures):
            able = bool(effects.discardable(state, seat, step.scope))
        elif isinstance(step, DiscardExtreme):
            able = any(_exposed(state, other) for other in state.opponents(seat))
        elif isinstance(step, TakeTreasure):
            able = any(state.treasures[other] for other in range(state.num_players)
                       if step.scope == "any" or other != seat)
        else:
            assert isinstance(step, Special)
            able = _special_can_act(state, seat, step.name, rest)
        if able:
            return True
    return False


def _can_draw(state: NinjitsuState, rest: list[int]) -> bool:
    """Whether a draw by the player now holding ``rest`` draws (Drought stops a hand of 5 or more)."""
    return not (state.has_weather and DROUGHT in state.weather and len(rest) >= weather.DROUGHT_LIMIT)


def _exposed(state: NinjitsuState, owner: int) -> bool:
    """Whether ``owner`` has a treasure an effect may discard: Fire (side 1) always keeps one (its
    highest, or on a tie the one its owner chooses), so a lone treasure there cannot go."""
    count = len(state.treasures[owner])
    if count and state.has_elements and state.elements[owner] == "fire1":
        count -= 1
    return count > 0


#: Special steps that only act on what an earlier step of the card played or stole (that step decides).
_DEPENDENT_SPECIALS = frozenset({"wind", "shape-shift", "multiply", "telekinesis", "ancient-map",
                                 "jellybean-outcome"})


def _special_can_act(state: NinjitsuState, seat: int, name: str, rest: list[int]) -> bool:
    """Whether the special step ``name`` of a card ``seat`` plays for its action (``rest``: the hand
    without it) does something now, as its function in ``effects.SPECIALS`` would resolve it."""
    opponents = state.opponents(seat)
    foe_secrets = any(state.secrets[other] for other in opponents)
    if name in _DEPENDENT_SPECIALS or name == "bluebeard":  # Bluebeard's swap never touches a secret
        return False
    if name == "surprise":  # a secret to turn up; with surprise_draws, else a draw (Drought permitting)
        return foe_secrets or (state.surprise_draws and _can_draw(state, rest))
    if name == "jellybean":  # a secret to steal, else the missed guess draws
        return foe_secrets or _can_draw(state, rest)
    if name == "fire":  # Master of Fire: a treasure in play that Fire (side 1) does not keep
        return any(_exposed(state, owner) for owner in range(state.num_players))
    if name == "water":  # Master of Water: a draw per opponents' treasure
        return any(state.treasures[other] for other in opponents) and _can_draw(state, rest)
    if name in ("healing", "discard-own-hand"):  # discard one's own hand (and draw as many)
        return bool(rest)
    if name == "alchemy":  # one's own hand, then each opponent's, discarded
        return bool(rest) or any(state.hands[other] for other in opponents)
    if name in ("night-vision", "net"):  # a card of an opponent's hand to mark, or to discard
        return any(state.hands[other] for other in opponents)
    if name == "invisibility":  # a treasure in play or a card of an opponent's hand to take (no secret)
        return any(state.treasures) or any(state.hands[other] for other in opponents)
    if name == "tricks":  # a draw per secret in play
        return any(state.secrets) and _can_draw(state, rest)
    if name == "escape":  # a treasure to turn face-down
        return any(state.treasures)
    if name == "disguise":  # two secrets to swap
        return sum(len(secrets) for secrets in state.secrets) >= 2
    if name == "shuriken":  # a secret to discard
        return any(state.secrets)
    if name == "peephole":  # an opponent's secret to look at
        return bool(sabotage.lookable(state, seat))
    # Master of Magic (into the deck), Freeze Time (no win until the next turn) and Grimoire's taking of
    # the deck's top card (not a draw, so Drought does not stop it) always do something;
    # the other specials (Events, Weather) are never a card played for its action from the hand.
    return True


def _add_secret_targets(state: NinjitsuState, seat: int, actions: dict[str, Payload],
                        table: tuple[tuple[dict[str, Payload], ...], ...]) -> None:
    secrets = state.secrets
    for opponent in state.opponents(seat):
        count = len(secrets[opponent])
        if count:
            actions.update(table[opponent][count])


# ---------------------------------------------------------------------- applying


def free_swaps(state: NinjitsuState, seat: int) -> dict[str, Payload]:
    """``seat``'s free actions (ruling 2; the rulebook: "You may look at or rearrange your secrets at any
    time"): every swap of two of its own secrets, whoever's turn it is, as often as it likes (so any
    order is reached), between actions: while a turn waits for its action (a ``turn`` frame on top).
    Not while a card, a steal or an answer resolves: a card played, or a secret picked by position,
    resolves on the secrets as they lay (a thief who picked secret #2 gets that card; Peephole's look
    and its steal, Master of Disguise's two picks are one card's). Nor in a concealed window: a swap
    there would tell the others that someone had been asked; the seats not asked are held anyway."""
    frames = state.frames
    if not frames or frames[-1].kind != "turn":
        return _NO_FREE
    return SWAPS[len(state.secrets[seat])]


_NO_FREE: dict[str, Payload] = {}


def explain_swap(state: NinjitsuState, seat: int, first: int, second: int) -> str | None:
    """Why ``seat`` may not swap its secrets ``first`` and ``second`` now, or ``None`` if it may."""
    frames = state.frames
    if frames and frames[-1].kind != "turn":
        return ("you may rearrange your secrets between actions (while a turn waits for its action), not while "
                "a card, a steal or an answer resolves")
    count = len(state.secrets[seat])
    if count < 2:
        return f"you have {count} secret{'' if count == 1 else 's'}; to swap two you need at least 2"
    if first == second:
        return "a swap names two different positions of your secrets"
    if max(first, second) >= count:
        return f"you have {count} secrets (positions 0 to {count - 1})"
    return None


def explain_free(state: NinjitsuState, seat: int, action: str) -> str | None:
    """Why ``action``, written as a swap (``w<i>.<j>``), is not a free action of ``seat`` now, or ``None``."""
    if action[:1] != "w" or "." not in action:
        return None
    numbers = _two_numbers(action)
    if numbers is None:
        return "w<position>.<position> takes two small whole numbers, e.g. w0.1"
    return explain_swap(state, seat, *numbers)


def _two_numbers(action: str) -> tuple[int, int] | None:
    """The two numbers of an action written ``<letter><n>.<m>`` (``x1.0``, ``w0.2``), or ``None``."""
    left, _, right = action[1:].partition(".")
    # Plain ASCII digits only, and few of them: str.isdigit() also accepts '²' (which int() refuses),
    # and int() refuses thousands of digits; neither can name a seat or a position.
    if not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in (left, right)):
        return None
    return int(left), int(right)


def swap_own(state: NinjitsuState, seat: int, first: int, second: int) -> None:
    """``seat`` swaps its own secrets at ``first`` and ``second``, in sight of all: whoever knew where
    one of its secrets lay now knows only that ``seat`` holds it."""
    secrets = state.secrets[seat]
    secrets[first], secrets[second] = secrets[second], secrets[first]
    sabotage.rearranged(state, seat)
    line = f"P{seat} rearranges their secrets"
    events = state.events
    if not (events and events[-1].text == line and events[-1].mask == EVERYONE):
        state.narrate(line)  # a run of swaps reads as one line (the others see the secrets moved, not how)


def apply(state: NinjitsuState, seat: int, frame: Frame, payload: Payload) -> None:
    """Carry out a legal action (``frame`` is still on top of the stack)."""
    op, first, second = payload
    kind = frame.kind  # read once: asked up to eight times below, at every action of every playout
    if state.has_elements and (kind == "turn" or (kind == "play" and frame.data["by"] == "Xm"
                                                  and not state.ending)):
        # A new action begins (the turn's, a free "any time" play before it, each of a Master of Magic's
        # plays): Water (side 1) may draw again at its losses, and Fire (side 1)'s choice on a tie is
        # asked afresh (rulings 61 and 64). During the Events, the Event is the one occasion.
        state.lost = 0
        state.fire_keeps = -1
    if op == OP_SWAP:
        # A free rearrangement: the turn frame stays, only the swap allowance shrinks.
        swap_own(state, seat, first, second)
        state.swaps_left -= 1
        return
    if op == OP_ACTION and first in (TELEPORT, ALESSIO) and kind == "turn":
        # Free, before the action: the turn frame stays under the choice of the treasure to take
        # (Teleport) or of the secret to look at (Alessio).
        state.hands[seat].remove(first)
        state.discard_card(first)
        state.narrate(f"P{seat} plays {card_name(first)} (no action spent)")
        state.frames.append(Frame("teleport" if first == TELEPORT else "alessio", [seat], {"by": CARD_IDS[first]}))
        state.hand_left(seat)
        return
    state.frames.pop()
    if kind in _EXPANSION_KINDS:
        _apply_expansion(state, seat, frame, payload)
        return
    if kind == "turn" and not state.mark_waits:
        state.marks[seat] = -1  # Night Vision binds this action only (a mark made this turn binds the next)
    elif kind == "play" and state.effects and frame.data["by"] == CARD_IDS[state.effects[-1][0]] \
            and op in (OP_ACTION, OP_SECRET, OP_TREASURE):
        # The resolving card remembers what its step played (Master of Wind, Telekinesis, ...).
        card, index, actor, _ = state.effects[-1]
        state.effects[-1] = (card, index, actor, first)
    elif kind == "steal" and op == OP_STEAL and state.effects \
            and frame.data["by"] == CARD_IDS[state.effects[-1][0]]:
        # ... and what its steal took (Ancient Map).
        card, index, actor, _ = state.effects[-1]
        state.effects[-1] = (card, index, actor, state.secrets[first][second])
    if kind == "window":
        effects.answer(state, seat, frame, first if op == OP_ACTION else None)
        continue_turn(state)
        return
    # The most frequent actions first (a secret, a steal, a draw, a treasure: the base game's turns).
    if op == OP_SECRET:
        state.hands[seat].remove(first)
        state.add_secret(seat, first)
        if state.has_elements and ACE_OR_JOKER[first] and (state.wind_nested or kind == "turn"):
            # Option wind_nested=false (ruling 59): only the turn's own play counts for Wind (side 1).
            elements.after_play(state, seat, first, secret=True)
        effects.played(state, seat, first, "secret")
    elif op == OP_STEAL:
        ignore = bool(frame.data.get("ignore_traps", False))
        guess = frame.data.get("guess", effects.NO_GUESS)
        assert isinstance(guess, int)
        effects.steal(state, seat, first, second, ignore_traps=ignore, guess=guess)
    elif op == OP_DRAW:
        state.draw(seat, DRAW_COUNT)
        if state.has_weather:
            if state.suspended():
                state.wait("wind")  # the Wind Weather passes once the draw (cut short) is whole
            else:
                weather.after_draw_action(state)
    elif op == OP_TREASURE:
        state.hands[seat].remove(first)
        state.turn_face_up(seat, first)
        state.narrate(f"P{seat} plays {CARD_NAMES[first]} as a treasure")
        effects.played(state, seat, first, "treasure")
    elif op == OP_ACTION:
        # An action with nothing to act on is said to do nothing (as the choice said), or the log would
        # show a card played and then nothing, as if a line were missing.
        idle = kind == "turn" and state.logging and not can_act(state, seat, first)
        state.hands[seat].remove(first)
        state.discard_card(first)
        state.narrate(f"P{seat} plays {CARD_NAMES[first]} for its action"
                      + (effects.IDLE_PLAY if idle else ""))
        state.effects.append((first, 0, seat, effects.NO_MEMO))
        if state.has_elements and ACE_OR_JOKER[first] and (state.wind_nested or kind == "turn"):
            elements.after_play(state, seat, first)
        state.hand_left(seat)
    elif op == OP_WEATHER:
        state.narrate(f"P{seat} uses the Weather {card_name(first)} as their action")
        state.effects.append((first, 0, seat, effects.NO_MEMO))
    elif op == OP_STORM:
        state.narrate(f"P{seat} uses the Weather {card_name(STORMS)} as their action")
        # Its action is under way from the discard on (a Magic, side 2 refill it causes comes inside it).
        state.effects.append((STORMS, 0, seat, effects.NO_MEMO))
        state.discard_from_hand(seat, first)
    elif op == OP_WIND_SWAP:
        state.known[first] = state.everyone  # named by the action, so everyone knows it is in that hand
        state.frames.append(Frame("wind-swap", [seat], {"card": CARD_IDS[first]}))
    elif op == OP_GUESS:
        # (said whole: "P3 guesses 3" left a reader to work out what was guessed)
        state.narrate(f"P{seat} guesses the value of the secret they will steal: {first or 'none'}")
        state.frames.append(Frame("steal", [seat], {"ignore_traps": False, "by": frame.data["by"], "guess": first}))
    elif op == OP_PASS:
        if kind == "turn" and state.has_weather and AURORA in state.weather:
            # Under Aurora Borealis the mark binds the first action only (RULINGS): that one is skipped.
            state.narrate(f"P{seat} skips their first action (their marked card stays in hand)")
        elif kind == "turn":
            # "Skip their turn": the whole of it, as Andrea's lost turn (RULINGS): any extra action and the
            # end-of-turn Element abilities with it; the Events still resolve (ruling 34).
            state.narrate(f"P{seat} skips their turn (their marked card stays in hand)")
            state.extra_actions = 0
            if state.has_elements or state.has_weather:
                state.ending = "element"
        else:
            state.narrate(f"P{seat} declines{_declined(frame)}")
            if frame.data.get("by") == "Xm" and state.effects:
                # The Master of Magic's "any number of cards" ends.
                card, _, actor, memo = state.effects[-1]
                state.effects[-1] = (card, len(CARDS[card].steps), actor, memo)
    elif op == OP_TAKE_HAND:
        magic.take_from_hand(state, seat, first)
    elif op == OP_PICK_SECRET:
        _apply_pick(state, seat, frame, first, second)
    elif op == OP_FLIP:
        effects.surprise(state, seat, first, second)
    elif op == OP_DONE:
        state.narrate(f"P{seat} {_stops(frame)}")
    elif op == OP_CHOOSE:
        _apply_choice(state, seat, frame, first)
    continue_turn(state)


def _declined(frame: Frame) -> str:
    """What a pass in ``frame`` declines, for the log: `` to play a card (Master of Deception)``."""
    what = {"play": " to play a card", "steal": " to steal a secret"}.get(frame.kind, "")
    card = CARD_INDEX.get(str(frame.data.get("by")))
    return f"{what} ({CARDS[card].name})" if card is not None else what


def _apply_expansion(state: NinjitsuState, seat: int, frame: Frame, payload: Payload) -> None:
    """A decision of The Elements or Heavy Weather (its frame popped already)."""
    if frame.kind in elements.FRAMES:
        if elements.apply(state, seat, frame, payload):
            return  # the turn's own action is next (after Heart's look)
    else:
        weather.apply_hail(state, seat, frame, payload[1])
    continue_turn(state)


def _apply_pick(state: NinjitsuState, seat: int, frame: Frame, owner: int, position: int) -> None:
    """A secret picked by position (``k``): swapped, discarded or looked at."""
    kind = frame.kind
    data = frame.data
    if kind == "disguise":
        first = data["first"]
        if not first:
            again = frame.copy()
            again.data["first"] = f"{owner}.{position}"
            state.frames.append(again)
            return
        first_owner, _, first_pos = str(first).partition(".")
        sabotage.swap_secrets(state, seat, (int(first_owner), int(first_pos)), (owner, position))
    elif kind == "shuriken":
        sabotage.discard_secret(state, seat, owner, position)
    else:
        sabotage.look(state, seat, owner, position)
        if kind == "peek":
            left, seen = data["left"], data["seen"]
            assert isinstance(left, int) and isinstance(seen, tuple)
            if left > 1:
                again = frame.copy()
                again.data["left"] = left - 1
                again.data["seen"] = (*seen, f"{owner}.{position}")
                state.frames.append(again)


def _apply_choice(state: NinjitsuState, seat: int, frame: Frame, card: int) -> None:
    kind = frame.kind
    data = frame.data
    if kind == "discard-treasure":
        then: tuple[FrozenJSON, ...] = ("choice", data["scope"], data["left"], data["optional"], data["use_action"],
                                        data["by"], seat)
        effects.offer_discard(state, card, state.treasure_owner(card), then)
    elif kind == "take-treasure":
        effects.offer_discard(state, card, state.treasure_owner(card), ("take", seat), move=True)
    elif kind == "teleport":
        effects.take_treasure(state, seat, card, state.treasure_owner(card))
    elif kind == "shift":
        magic.shift(state, seat, card)
    elif kind == "fire":
        before, cards, left = data["chosen"], data["cards"], data["left"]
        assert isinstance(before, tuple) and isinstance(cards, tuple) and isinstance(left, int)
        chosen = (*before, CARD_IDS[card])
        remaining = tuple(cid for cid in cards if cid != CARD_IDS[card])
        done = data.get("done", ())  # option fire_replaces: the treasures already gone for
        assert isinstance(done, tuple)
        if left > 1:
            state.frames.append(Frame("fire", [seat], {"by": data["by"], "chosen": chosen, "cards": remaining,
                                                       "left": left - 1}))
        else:
            magic.fire_discards(state, tuple(str(cid) for cid in chosen), tuple(str(cid) for cid in done))
    elif kind == "telekinesis":
        effects.offer_discard(state, card, state.treasure_owner(card), ("steal-treasure", seat), move=True)
    elif kind == "invisibility":
        effects.offer_discard(state, card, state.treasure_owner(card), ("take", seat), move=True)
    elif kind == "escape":
        sabotage.escape(state, seat, card)
    elif kind == "net-discard":
        state.discard_from_hand(seat, card)
        rest, discarded, by = data["rest"], data["discarded"], data["by"]
        assert isinstance(rest, tuple) and isinstance(discarded, tuple) and isinstance(by, str)
        sabotage.net_next(state, state.effects[-1][2], tuple(int(str(each)) for each in rest),
                          (*(str(each) for each in discarded), CARD_IDS[card]), by)
    elif kind == "net-take":
        sabotage.net_take(state, seat, card)
    elif kind == "deadfall":
        victim = data["victim"]
        assert isinstance(victim, int)
        sabotage.deadfall_keep(state, seat, victim, card)
        # The trap is resolved: only now is the stolen Deadfall (no value) discarded.
        state.settle_face_up(seat, CARD_INDEX[str(data["by"])], deeper=1)
    elif kind == "tie":
        tied_seat = data["seat"]
        rest = data["rest"]
        highest = data["highest"]
        assert isinstance(tied_seat, int) and isinstance(rest, tuple) and isinstance(highest, bool)
        # The chooser is the current player; the rest goes on for the card's own player (its opponents).
        actor = state.effects[-1][2] if state.effects else seat
        extreme: tuple[FrozenJSON, ...] = ("extreme", highest, rest, actor)
        if "kept" in data or (state.has_elements and effects.fire_kept(state, tied_seat, -1) >= 0):
            # Fire (side 1) already settled: the chosen card is not its kept treasure.
            extreme = (*extreme, str(data.get("kept", "")))
        effects.offer_discard(state, card, tied_seat, extreme)
    elif kind == "trap-discard":
        # Part of the trap, so one level inside the steal or flip that sprang it.
        state.discard_from_hand(seat, card, deeper=1)
        left = data["left"]
        assert isinstance(left, int)
        if left > 1 and state.hands[seat]:
            again = frame.copy()
            again.data["left"] = left - 1
            state.frames.append(again)


def _stops(frame: Frame) -> str:
    """A stop to optional discards in words: "discards no treasure" when none was discarded yet (Darts
    declined whole), else "stops discarding"."""
    if frame.kind == "discard-treasure" and effects.no_discard_yet(frame):
        return "discards no treasure"
    return "stops discarding"


# ---------------------------------------------------------------------- errors


def explain_illegal(state: NinjitsuState, seat: int, action: str) -> str | None:
    """Why ``action`` is not legal for ``seat`` now, in words, or None when no better reason is known."""
    frame = state.frames[-1]
    kind = frame.kind
    meant = _normalised(action)
    if meant != action and meant in state.legal_actions(seat):
        return f"did you mean {meant!r}? (actions are lower case; a card id is its rank, then its suit: 6a, Ka)"
    if kind in EXPANSION_FRAMES:
        return _explain_expansion(state, seat, frame, action)
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
        if kind == "turn" and way == "action" and state.idle_refused and not can_act(state, seat, card):
            return (f"{label}'s action can do nothing now, and this game refuses such a play as the turn's action "
                    "(option idle_actions=false)")
        return None
    if action[:1] in ("x", "f", "w") and "." in action:
        numbers = _two_numbers(action)
        if numbers is None:
            return f"{action[0]}<seat>.<position> takes two small whole numbers, e.g. {action[0]}1.0"
        first, second = numbers
        if action[0] == "w":
            return explain_swap(state, seat, first, second)
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


#: The Elements' and Heavy Weather's decisions that choose a card of the deciding player's hand.
_HAND_CHOICES = ("heart", "fire-with", "water-swap", "hail", "wind-pass", "hurricane", "blizzard")


def _explain_expansion(state: NinjitsuState, seat: int, frame: Frame, action: str) -> str:
    """Why ``action`` does not answer an Elements or Heavy Weather decision: what is asked instead."""
    from ninjadojo.games.ninjitsu.words import prompt

    asked = prompt(state, seat, frame)
    if action.startswith("c:") and frame.kind in _HAND_CHOICES:
        card = CARD_INDEX.get(action[2:])
        if card is None:
            return f"{action[2:]!r} is not a card id (a rank and a suit, e.g. Ka, 6c); now: {asked}"
        return f"{card_label(card)} is not in your hand: choose one of your hand's cards (c: + card)"
    return f"that does not answer the decision now: {asked}"


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
