"""The laws every reachable Ninjitsu! position keeps: :func:`check_invariants` names the law a position breaks.
``from_notation`` and the builder run them on every position they make."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.games.ninjitsu import effects, elements, magic, sabotage, weather
from ninjadojo.games.ninjitsu.cards import (
    ALL_CARDS,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    FACE_DOWN_PER_HAND,
    HAS_VALUE,
    IS_EVENT,
    MASTER_OF_MAGIC,
    TELEPORT,
    DiscardExtreme,
    DiscardTreasures,
    Play,
    Special,
    Steal,
    Step,
    TakeTreasure,
    card_label,
    weathers_of,
)
from ninjadojo.games.ninjitsu.knowledge import holder_knowers, place_knowers
from ninjadojo.games.ninjitsu.notation import (
    GUESSES,
)
from ninjadojo.games.ninjitsu.rules import (
    EXPANSION_FRAMES,
    FRAME_KINDS,
    ON_TURN,
    SIMULTANEOUS_FRAMES,
    hand_free_check,
    legal,
    potion_blurs_check,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState


def check_invariants(state: NinjitsuState) -> None:
    """Raise AssertionError, naming the broken law, when the position is not one the rules can reach.

    Checked: every card of the game's deck exactly once; no valueless treasure; knowledge consistent
    with the zones; one decision at a time (or Teleport's choice on top of its player's turn), of a kind
    and with data the rules push; the card actions resolving, and that the pending decision is the one
    their current step asks; an "any time" window asks a holder of a card that answers its moment; the
    start-of-turn win check (a turn frame's player is below the target, unless Freeze Time holds); the
    Masters of Magic state (the face-up Master of Magic, Freeze Time, Night Vision's marks); a finished
    game's result matching the position.
    """
    _check_cards(state)
    assert 0 <= state.turn < state.num_players, f"turn {state.turn} is not a seat"
    assert 0 <= state.swaps_left <= state.swap_limit, f"swaps left must be 0 to {state.swap_limit}"
    expanded = state.has_elements or state.has_weather
    assert 0 <= state.extra_actions <= (99 if expanded else 1), "Jellybean Ninja gives at most one extra action"
    if expanded:
        _check_expansions(state)
    assert state.jelly in ("", "hit", "miss"), "jelly is hit, miss or nothing"
    magic_in_game = "Xm" in state.card_ids_in_game
    assert state.magic_owner == -1 or magic_in_game, "only a game with Masters of Magic has a Master of Magic"
    assert state.surfaced == -1 or (magic_in_game and bool(state.frames) and state.magic_owner == -1), \
        "a surfaced Master of Magic's plays wait only for a pending decision"
    _check_later(state, magic_in_game)
    assert state.frozen == -1 or "7m" in state.card_ids_in_game, "only Freeze Time freezes the win check"
    assert not state.mark_waits or state.marks[state.turn] != -1, \
        "a mark waiting for the next turn is the current player's (made during their turn)"
    for seat, mark in enumerate(state.marks):
        assert mark == -1 or "8m" in state.card_ids_in_game, "only Night Vision marks a card"
        assert mark in (-1, -2) or mark in state.cards_in_game, f"P{seat}'s mark is a card of the game"
    frames = state.frames
    # Every choice is applied (and its frame popped) before the next is asked: one frame at a time,
    # except Teleport played before one's action, whose choice lies on that turn frame.
    if len(frames) == 2:
        assert frames[0].kind == "turn" and frames[1].kind in ON_TURN, \
            "Ninjitsu! asks one decision at a time (only Teleport's or Alessio's choice lies on its player's turn)"
    else:
        assert len(frames) <= 1, "Ninjitsu! asks one decision at a time"
        assert not frames or frames[0].kind not in ON_TURN, "Teleport's or Alessio's choice lies on a turn frame"
    for frame in frames:
        assert frame.kind in FRAME_KINDS, f"no rule asks for a {frame.kind!r} decision ({', '.join(FRAME_KINDS)})"
        assert frame.simultaneous == (frame.kind in SIMULTANEOUS_FRAMES) or (
            frame.kind == "element" and state.sides_in_turn), \
            f"a {frame.kind!r} decision is " + ("" if frame.kind in SIMULTANEOUS_FRAMES else "not ") + \
            "made by several players at once (only " + ", ".join(SIMULTANEOUS_FRAMES) + " are)"
        if frame.simultaneous:
            assert frame.seats and all(0 <= each < state.num_players for each in frame.participants()), \
                "a decision made at once names seats of the game"
        else:
            assert len(frame.seats) == 1 and 0 <= frame.seats[0] < state.num_players, "one seat decides at a time"
        assert frame.concealed == (frame.kind == "window"), "only an \"any time\" window is concealed"
        if frame.kind in ("turn", *ON_TURN):
            assert frame.seats == [state.turn], f"the {frame.kind} frame is the current player's"
        _check_frame_data(state, frame)
    _check_effects(state)
    if state.result is None:
        assert frames, "a live game has a pending decision"
        top = frames[-1]
        if top.kind in ("turn", *ON_TURN):
            assert not state.effects, "no effect is pending at the start of an action"
            assert not state.later, "nothing waits for a Master of Magic's owner at the start of an action"
            assert not state.jelly, "no Jellybean Ninja outcome is pending at the start of an action"
            assert not state.ending, "an action is not taken once the turn is ending"
            if frames[0].data.get("extra"):
                assert "Bp" in state.card_ids_in_game or expanded, \
                    "only Jellybean Ninja (or The Elements, Heavy Weather) gives extra actions"
            elif state.frozen not in (-1, state.turn):
                assert "7m" in state.card_ids_in_game, "only Freeze Time skips the start-of-turn check"
            elif not potion_blurs_check(state):
                _check_turn_start(state)
            elif not state.late and hand_free_check(state):
                # The start-of-turn draws and discards of The Elements and Heavy Weather change hands,
                # never collections: the points but the hand's share (Master of Misdirection's +1 a card,
                # never below 0) are below the target, or the check would have won. Not the treasures
                # alone: Vampire Ninja's -3 on each secret can hold a player with the target in
                # treasures below it.
                held = state.points(state.turn) - len(state.hands[state.turn]) * sum(
                    FACE_DOWN_PER_HAND[card] for card in state.secrets[state.turn])
                assert held < state.target, (
                    f"P{state.turn} is at the start of their turn with {held} points (not counting what the "
                    f"hand adds), at least the target {state.target}: the start-of-turn check would have "
                    "ended the game")
        elif top.kind == "window":
            _check_window(state, top)
        elif top.kind in EXPANSION_FRAMES:
            (elements.check if top.kind in elements.FRAMES else weather.check)(state, top)
        else:
            _check_asking_step(state, top)
        seat = top.seats[0]
        assert legal(state, seat, top), f"the {top.kind!r} decision offers P{seat} no choice"
    else:
        assert not state.extra_actions, "a finished game has no extra action pending"
        _check_result(state)


def _check_later(state: NinjitsuState, magic_in_game: bool) -> None:
    """What waits for a surfaced Master of Magic's owner (``later``): items of known kinds, each waiting for
    the Master of Magic's plays at its depth of the effects stack (or for one that surfaced and is still to
    start, or for the decision pending), in a game with Masters of Magic."""
    assert not state.later or magic_in_game, "only a Master of Magic puts anything off (a game with Masters of Magic)"
    asks = sum(1 for _, kind, _ in state.later if kind == "ask")
    assert len(state.held) == asks, f"held lists one group of decisions per later ask item ({asks})"
    for group in state.held:
        assert group and all(frame.kind in FRAME_KINDS for frame in group), \
            "a decision put off for a Master of Magic's plays is one the rules ask"
    for depth, kind, args in state.later:
        codes = effects.LATER.get(kind)
        assert codes is not None, f"a later item is one of {', '.join(effects.LATER)}, not {kind!r}"
        assert len(args) == len(codes), f"a later {kind} item has {len(codes)} argument(s)"
        for code, arg in zip(codes, args, strict=True):
            assert code != "s" or 0 <= arg < state.num_players, f"a later {kind} item names a seat of the game"
            assert code != "f" or arg in (0, 1), f"a later {kind} item's flag is 0 or 1"
            assert code != "c" or arg in state.cards_in_game, f"a later {kind} item names a card of the game"
            assert code != "n" or arg >= 0, f"a later {kind} item's number is not negative"
        assert 0 <= depth <= len(state.effects), "a later item waits at a depth of the effects stack"
        assert depth == len(state.effects) or state.effects[depth][0] == MASTER_OF_MAGIC, \
            "a later item waits for the Master of Magic's plays at its depth"
        if kind == "settle":
            # (The owner's plays may have moved it meanwhile: then there is nothing left to settle.)
            assert CARDS[args[1]].trap is not None, f"a later settle item names a trap, not {card_label(args[1])}"


def _check_window(state: NinjitsuState, frame: Frame) -> None:
    """An "any time" window: its asked seat holds a card that answers the moment, and the moment is real
    (the trap lies face-up with its taker, the treasure is in play, the secret to steal is there)."""
    data = frame.data
    seat = frame.seats[0]
    assert effects.may_answer(state, data, seat), \
        f"the window asks P{seat}, who holds no card that answers its moment"
    moment = data["moment"]
    if moment == "trap":
        card, taker = CARD_INDEX[str(data["card"])], data["taker"]
        assert isinstance(taker, int) and CARDS[card].trap is not None, "a trap window names a trapped card"
        assert card in state.treasures[taker], f"the trap {card_label(card)} lies face-up with P{taker}"
    elif moment in ("treasure", "treasure-in"):
        card, owner = CARD_INDEX[str(data["card"])], data["seat"]
        assert isinstance(owner, int) and card in state.treasures[owner], \
            f"the treasure window's {card_label(card)} is in P{owner}'s treasures"
    elif moment == "secret-in":
        owner, position = data["seat"], data["position"]
        assert isinstance(owner, int) and isinstance(position, int) and 0 <= position < len(state.secrets[owner]), \
            f"the placed secret's window names a secret of P{owner} (#{position})"
    else:
        thief, victim, position = data["thief"], data["victim"], data["position"]
        assert isinstance(thief, int) and isinstance(victim, int) and isinstance(position, int)
        assert thief != victim and 0 <= position < len(state.secrets[victim]), \
            f"the steal window names a secret of another player (P{victim} #{position})"


def _check_cards(state: NinjitsuState) -> None:
    """Every card once; treasures with a value; who knows what, consistent with where cards lie."""
    # A stolen Master of Deception lies with its trap (its entry on the effects stack) while that resolves,
    # unless a Master of Magic's owner took it before its trap sprang (then it is where it went).
    seen = [*state.deck, *state.discard, *state.event_queue, *state.aside]
    for seat in range(state.num_players):
        seen += state.hands[seat] + state.treasures[seat] + state.secrets[seat]
    placed = set(seen)
    resolving_traps = [card for card, _, _, _ in state.effects
                       if CARDS[card].trap is not None and not HAS_VALUE[card] and card not in placed]
    seen += resolving_traps
    cards = state.cards_in_game
    assert sorted(seen) == list(cards), f"every one of the {len(cards)} cards must be in exactly one place"
    everyone = state.everyone
    known = state.known
    weathers = weathers_of(state.sets)
    assert all(known[card] == 0 for card in range(ALL_CARDS) if card not in cards and card not in weathers), \
        "nobody knows where a card of a set not in the game is"
    for card in weathers:
        public = card in state.weather or card in state.weather_discard
        assert known[card] == (everyone if public else 0), \
            f"a Weather card in play or in its discard pile is public, in the Weather deck unknown ({card_label(card)})"
    window = state.frames[-1] if state.frames and state.frames[-1].kind == "window" else None
    sprung = CARD_INDEX[str(window.data["card"])] if window is not None and window.data["moment"] == "trap" else -1
    # ... or while a Master of Magic its trap's draw uncovered is played (``later``: settle).
    settling = {args[1] for _, kind, args in state.later if kind == "settle"}
    settling |= {CARD_INDEX[str(frame.data["card"])] for group in state.held for frame in group
                 if frame.kind == "window" and frame.data.get("moment") == "trap"}
    # ... or while its trap's choice is pending (Deadfall: discarded after it).
    settling |= {CARD_INDEX[str(frame.data["by"])] for frame in [*state.frames, *(each for group in state.held
                                                                                 for each in group)]
                 if frame.kind == "deadfall"}
    for seat in range(state.num_players):
        bit = 1 << seat
        for card in state.treasures[seat]:
            # A valueless trap turned face-up waits among the treasures while its moment is open.
            assert HAS_VALUE[card] or card == sprung or card in settling, \
                f"{card_label(card)} has no value and cannot stay a treasure"
            assert known[card] == everyone, f"a treasure ({card_label(card)}) is known to everyone"
        for card in state.secrets[seat]:
            # Its owner knows it (unless blinded by False Floor); others only after a look or a move they saw.
            owner_knows = bool(place_knowers(known[card]) & bit)
            assert owner_knows == (state.blind != seat), \
                f"P{seat} knows where their secret {card_label(card)} is unless False Floor blinds them"
            assert state.has_sabotage or state.has_elements or place_knowers(known[card]) == bit, \
                f"only P{seat} knows where their secret {card_label(card)} is"
        for card in state.hands[seat]:
            assert known[card] & bit, f"P{seat} knows their own {card_label(card)}"
            assert 0 <= place_knowers(known[card]) <= everyone, f"knowledge of {card_label(card)} names seats only"
        for card in state.hands[seat] + state.secrets[seat]:
            # Who holds a card is known only to others, and only of a card in a hand or a secret.
            assert 0 <= holder_knowers(known[card]) <= everyone & ~bit, \
                f"knowledge of who holds {card_label(card)} must name other seats only"
    for card in state.discard + resolving_traps:
        assert known[card] == everyone, f"the discard pile and a trap resolving are public ({card_label(card)})"
    for card in state.event_queue + state.aside:
        assert known[card] == everyone, f"an Event in play or set aside is public ({card_label(card)})"
    for card in state.deck:
        assert 0 <= known[card] <= everyone, f"knowledge of the deck card {card_label(card)} is a mask of seats"
    # Nobody knows the deck's order, so whoever knows one of its cards knows them all (after a
    # reshuffle, until someone else draws): a determinisation relies on it.
    face_up = state.magic_owner >= 0
    if face_up:
        assert MASTER_OF_MAGIC in state.deck, "the face-up Master of Magic lies in the deck"
        assert state.deck[-1] != MASTER_OF_MAGIC, "a face-up Master of Magic on top of the deck surfaces at once"
        assert known[MASTER_OF_MAGIC] == everyone, "everyone sees the face-up Master of Magic in the deck"
    assert len({known[card] for card in state.deck if not (face_up and card == MASTER_OF_MAGIC)}) <= 1, \
        "every card of the deck is known to the same seats (who know which cards it holds, never their order)"


def _check_expansions(state: NinjitsuState) -> None:
    """The Elements' and Heavy Weather's state: Elements and sides, the Weather zones, the Events, the
    end of the turn."""
    players = state.num_players
    assert state.ending in ("", "element", "events"), f"ending is element, events or nothing, not {state.ending!r}"
    assert 0 <= state.started < 1 << players, "started names seats of the game"
    assert 0 <= state.lost < 1 << players, "lost names seats of the game"
    assert state.fire_keeps == -1 or (state.has_elements and state.fire_keeps in state.cards_in_game), \
        "firekeep names a card of a game with The Elements (Fire side 1's choice on a tie)"
    choosing = bool(state.frames) and state.frames[0].kind == "element"
    if choosing:
        assert not state.started, "started must name nobody: no turn has begun while the Elements' sides are chosen"
    elif state.has_elements and state.result is None and state.frames and \
            not any(kind == "turn" for _, kind, _ in state.later):  # its start waits for a Master of Magic
        assert state.started >> state.turn & 1, f"P{state.turn}'s turn has begun, so started names them"
    for seat in range(players):
        assert not state.lost >> seat & 1 or state.elements[seat] == "water1", \
            f"lost names only seats with Water (side 1), not P{seat}"
    if state.has_weather:
        # Every other Event replaces the Weather in play with one new card; Solar Flare adds one. A
        # reshuffle can bring Solar Flare back before another Event, so two Flares make three Weathers.
        assert len(state.weather) <= 1 or "Xv" in state.card_ids_in_game, \
            "one Weather card in play (more only after Solar Flare)"
    if state.has_elements:
        names = elements.names_in_game(state.sets)
        kept = [side[:-1] for side in state.elements if side and side not in names]
        assert all(side == "" or side in names or side in elements.SIDES for side in state.elements), \
            "each seat has an Element and side (fire2), a dealt Element (fire) or none"
        assert all(name in names for name in kept), "an Element of the game (Magic needs the Promo Pack)"
        dealt = [side.rstrip("12") for side in state.elements if side]
        assert len(set(dealt)) == len(dealt), "there is one of each Element"
        assert choosing or not any(side in names for side in state.elements), \
            "an Element's side is chosen before the starting hands are dealt"
    else:
        assert not any(state.elements), "only a game with The Elements has Elements"
    if state.has_weather:
        in_game = weathers_of(state.sets)
        every = sorted([*state.weather, *state.weather_deck, *state.weather_discard])
        assert every == sorted(in_game), f"every one of the {len(in_game)} Weather cards is in exactly one place"
        assert all(IS_EVENT[card] for card in state.event_queue + state.aside), "only Events are in play as Events"
        assert not state.aside or choosing, "the Events are set aside only until the starting hands are dealt"
        assert not state.deck or not IS_EVENT[state.deck[-1]], \
            "an Event on top of the deck goes into play at once: it never waits there"
        for cards in (state.hands, state.treasures, state.secrets):
            assert not any(IS_EVENT[card] for zone in cards for card in zone), \
                "an Event is never in a hand or a collection"
        assert not state.aside or not any(IS_EVENT[card] for card in state.deck), \
            "the Events are shuffled into the deck only after the starting hands are dealt"
        assert state.weather or choosing or state.result is not None \
            or not (state.weather_deck or state.weather_discard), \
            "a Weather card is in play from the start (unless none is left to play)"
    else:
        assert not (state.weather or state.weather_deck or state.weather_discard or state.event_queue
                    or state.aside), \
            "only a game with Heavy Weather has Weather cards and Events"
    if state.effects and state.ending == "events":
        card, step = state.effects[0][:2]
        # An Event's last step discards it, then Water (side 1)'s draw may surface a Master of Magic: the
        # Event is out of play (or even back in the deck) while its spent action waits below those plays.
        spent = IS_EVENT[card] and step == len(CARDS[card].steps) and len(state.effects) > 1
        assert card == MASTER_OF_MAGIC or spent or (
            IS_EVENT[card] and state.event_queue and state.event_queue[0] == card), \
            "while the Events resolve, the first Event in play is the action resolving (or a Master of Magic's plays)"


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


def _repeating(steps: tuple[Step, ...], step: int) -> bool:
    """Whether the step at ``step`` repeats (Master of Magic's plays): while it asks, its effect's next
    step is set back to it."""
    if step >= len(steps):
        return False
    current = steps[step]
    return isinstance(current, Special) and current.name in magic.REPEATING


def _asked_by(step: Step) -> str | None:
    """The kind of decision ``step`` asks for (``None``: it asks none)."""
    if isinstance(step, Play):
        return "play"
    if isinstance(step, Steal):
        return "steal"
    if isinstance(step, Special) and step.name == "jellybean":
        return "guess"
    if isinstance(step, Special) and step.name in magic.ASKS:
        return magic.ASKS[step.name]
    if isinstance(step, Special) and step.name in sabotage.ASKS:
        return sabotage.ASKS[step.name]
    if isinstance(step, Special) and step.name in weather.ASKS:
        return weather.ASKS[step.name]
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
    for number, (card, step, actor, memo) in enumerate(effects):
        steps = CARDS[card].steps
        assert steps, f"{card_label(card)} has no action to resolve"
        assert step <= len(steps), f"{card_label(card)} has no step {step}"
        # A Master of Magic uncovered as a card was played for its action (Magic, side 2, refilling the
        # hand that play emptied) is played by its owner before the first step of that card.
        surfaced_above = number + 1 < len(effects) and effects[number + 1][0] == MASTER_OF_MAGIC
        assert step >= 1 or surfaced_above, \
            f"{card_label(card)} is resolving, so its first step has begun (next step at least 1)"
        assert 0 <= actor < state.num_players, f"{card_label(card)} is resolved by a seat, not {actor}"
        assert memo == -1 or 0 <= memo < ALL_CARDS, f"{card_label(card)} remembers a card, not {memo}"
        trap = CARDS[card].trap
        if card == MASTER_OF_MAGIC:
            # Played for its action it ends after its first step; an entry still resolving is a surfaced
            # one: its owner (any seat) plays, inside whatever was drawing.
            pass
        elif trap is not None:
            # Resolved by the robbed player: someone a thief stole it from, or the current player whose
            # Master of Surprise turned it up.
            assert trap.kind == "deception", f"{card_label(card)} has no trap that is resolved as steps"
        else:
            outer = effects[number - 1][2] if number else state.turn
            assert actor == outer, f"{card_label(card)} is resolved by the player who played it (P{outer})"
        if number + 1 < len(effects):
            asked = steps[step - 1]
            inner_card = effects[number + 1][0]
            inner = card_label(inner_card)
            assert (isinstance(asked, Play) and asked.way in ("any", "action")) or \
                (isinstance(asked, DiscardTreasures) and asked.use_action) or \
                CARDS[inner_card].trap is not None or inner_card == MASTER_OF_MAGIC or \
                (isinstance(asked, Special) and asked.name in ("water", "grimoire", "magic-plays", "fog")) or \
                _repeating(steps, step), \
                f"{card_label(card)} cannot be resolving {inner} inside it: its step {step - 1} plays no card"


def _check_asking_step(state: NinjitsuState, frame: Frame) -> None:
    """A decision other than the turn is asked by the current step of the innermost resolving action
    (or, for a trap's discard, by the steal or flip that sprang the trap)."""
    data = frame.data
    kind = frame.kind
    seat = frame.seats[0]
    turn = state.turn
    if not state.effects:
        # The one decision outside a card's action: a trap (Tripwire, Deadfall) stolen as the turn's action.
        assert kind in ("trap-discard", "deadfall"), \
            f"a {kind!r} decision is asked by a card's action, but no action is resolving (effects=-)"
        assert seat == turn, f"a trap sprung by the turn's steal hits the thief, P{turn}"
        if kind == "trap-discard":
            _check_trap_card(state, frame)
        return
    card, step, actor, _ = state.effects[-1]
    label = card_label(card)
    steps = CARDS[card].steps
    asked = steps[step - 1]
    if _repeating(steps, step):
        asked = steps[step]  # a repeating step sets its effect back while it asks
    expected = _asked_by(asked)
    if kind in ("trap-discard", "deadfall"):
        # A trap's choice follows a steal (of a secret, or Telekinesis's of a treasure) or a flip.
        assert expected in ("steal", "surprise", "guess", "telekinesis"), \
            f"a trap's discard follows a steal or a flip, not {label}'s step {step - 1}"
        if kind == "trap-discard":
            _check_trap_card(state, frame)
        return
    if expected == "net":
        assert kind in ("net-discard", "net-take"), f"{label} asks an opponent's discard or a card to take"
        if kind == "net-discard":
            assert seat in state.opponents(actor), f"Net asks P{actor}'s opponents to discard, not P{seat}"
            return
    elif expected == "guess" and kind == "steal":
        assert "guess" in frame.data, "Jellybean Ninja's steal carries the guess"
    else:
        assert kind == expected, (f"{label}'s step {step - 1} asks for " + (f"a {expected!r} decision" if expected
                                  else "no decision") + f", not {kind!r}")
    if kind in ("tie", "fire"):
        # RULINGS.md: a tie for the highest or lowest is the current player's, whoever plays the card.
        assert seat == turn, f"the {kind!r} decision belongs to the current player, P{turn}"
    else:
        assert seat == actor, f"the {kind!r} decision belongs to the player resolving {label}, P{actor}"
    if kind != "tie":
        assert data["by"] == CARD_IDS[card], \
            f"the {kind!r} decision is asked by {CARD_IDS[card]} (the action resolving), not {data['by']!r}"
    if isinstance(asked, Play | Steal):
        # Option optional_texts (ruling 3) lets every play of a text be declined.
        optional = asked.optional or (isinstance(asked, Play) and state.optional_texts)
        assert bool(data.get("optional")) == optional, f"{label}'s step is optional={optional}"
    if kind == "play":
        last = data.get("last")
        assert last is None or (isinstance(last, int) and 1 <= last <= len(state.hands[seat])), \
            "a play limited to the last cards of the hand names how many, at most the hand"
        assert (last is not None) == (isinstance(asked, Special) and asked.name in ("water", "grimoire", "fog")), \
            f"only Master of Water, Grimoire and Fog limit the play to some cards of the hand ({label})"
        assert not (isinstance(asked, Special) and asked.name == "fog") or last == 1, \
            "Fog plays the one card picked at random (last=1)"
    if isinstance(asked, Play):
        assert data["way"] == asked.way, f"{label} plays a card {asked.way!r}, not {data['way']!r}"
    elif isinstance(asked, Steal):
        assert data["ignore_traps"] == asked.ignore_traps, f"{label}'s steal has ignore_traps={asked.ignore_traps}"
    elif isinstance(asked, DiscardTreasures):
        for key in ("scope", "use_action"):
            assert data[key] == getattr(asked, key), f"{label}'s discard has {key}={getattr(asked, key)!r}"
        optional = asked.optional or state.optional_texts
        assert data["optional"] == optional, f"{label}'s discard has optional={optional!r}"
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
    "play": {"way": ("any", "secret", "treasure", "action"), "by": str},
    "steal": {"ignore_traps": bool, "by": str},
    "guess": {"by": str},
    "teleport": {"by": str},
    "fire": {"by": ("Qm",), "chosen": tuple, "cards": tuple, "left": int},
    "shift": {"by": ("6m",)},
    "telekinesis": {"by": ("4m",), "value": int},
    "invisibility": {"by": ("3m",)},
    "escape": {"by": ("Js",)},
    "disguise": {"by": ("Xs",), "first": str},
    "shuriken": {"by": ("Ts",)},
    "peek": {"by": ("2s", "1s"), "left": int, "seen": tuple},
    "alessio": {"by": ("1s",)},
    "net-discard": {"by": ("3s",), "rest": tuple, "discarded": tuple},
    "net-take": {"by": ("3s",), "cards": tuple},
    "deadfall": {"by": ("As",), "victim": int},
    "surprise": {"by": str},
    "discard-treasure": {"scope": ("any", "opponents"), "left": int, "optional": bool, "use_action": bool, "by": str},
    "take-treasure": {"scope": ("any", "opponents"), "by": str},
    "tie": {"highest": bool, "seat": int, "cards": tuple, "rest": tuple},
    "trap-discard": {"left": int, "by": str},
    "element": {}, "wind-swap": {"card": str}, "heart": {}, "heart-look": {"card": str}, "fire-trade": {},
    "fire-with": {"seat": int}, "water-swap": {},
    "fire-keep": {"card": str, "seat": int, "cards": tuple, "then": tuple, "deeper": (0, 1)},
    "hail": {}, "wind-pass": {}, "hurricane": {}, "blizzard": {},
}


#: Data keys a frame kind may carry besides its own (each only when it applies).
_OPTIONAL_DATA: dict[str, dict[str, type | tuple[object, ...]]] = {
    "turn": {"extra": (True,)},
    "play": {"optional": (True,), "last": int},
    "steal": {"optional": (True,), "guess": GUESSES},
    "tie": {"kept": str},
    "hail": {"draw": (True,)},
    "blizzard": {"owed": tuple},  # the discards each seat still makes, fixed when Blizzard resolves
    "element": {"next": tuple},  # the seats still to choose, under element_order=in-turn
    "fire": {"done": tuple},  # Master of Fire's treasures already gone for, under fire_replaces
}
#: A window's data by moment.
_WINDOW_DATA: dict[str, dict[str, type | tuple[object, ...]]] = {
    "trap": {"moment": str, "card": str, "taker": int, "victim": int},
    "treasure": {"moment": str, "card": str, "seat": int, "move": bool, "then": tuple, "deeper": (0, 1)},
    "steal": {"moment": str, "thief": int, "victim": int, "position": int, "ignore_traps": bool,
              "guess": (effects.NO_GUESS, *GUESSES)},
    "treasure-in": {"moment": str, "card": str, "seat": int, "player": int, "then": ("played", "swapped")},
    "secret-in": {"moment": str, "seat": int, "position": int},
}


def _check_frame_data(state: NinjitsuState, frame: Frame) -> None:
    """A frame holds exactly the data its kind needs, with values the rules can act on."""
    data = frame.data
    if frame.kind == "window":
        moment = data.get("moment")
        assert moment in _WINDOW_DATA, f"a window's moment is one of {', '.join(_WINDOW_DATA)}, not {moment!r}"
        schema = _WINDOW_DATA[str(moment)]
    else:
        schema = dict(_FRAME_DATA[frame.kind])
        for key, allowed in _OPTIONAL_DATA.get(frame.kind, {}).items():
            if key in data:
                schema[key] = allowed
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
    for key in ("taker", "victim", "seat", "thief", "player"):
        value = data.get(key)
        assert value is None or frame.kind == "tie" or 0 <= int(str(value)) < state.num_players, \
            f"{frame.kind} {key} names a seat of the game"
    card = data.get("card")
    assert card is None or card in CARD_INDEX or (frame.kind == "fire-keep" and card == ""), \
        f"{frame.kind} card {card!r} is not a card id"
    if frame.kind == "teleport":
        assert by == CARD_IDS[TELEPORT], "the teleport choice is Teleport's"
    if frame.kind == "guess":
        assert by == "Bp", "the guess is Jellybean Ninja's"
    left = data.get("left")
    assert left is None or (isinstance(left, int) and left >= 1), f"{frame.kind} left must be at least 1"
    if frame.kind == "tie":
        _check_tie(state, data, state.effects[-1][2] if state.effects else frame.seats[0])


def _check_tie(state: NinjitsuState, data: Mapping[str, object], player: int) -> None:
    """A tie names two or more treasures of one opponent of ``player`` that share its highest (or
    lowest) value, and the opponents after it (clockwise from ``player``) still to do. ``player`` is
    whoever resolves the card ("each opponent" is theirs): the current player, or a Master of Magic's
    owner playing in another's turn, or the robbed player resolving Master of Deception's play; the
    current player chooses all the same (RULINGS.md)."""
    tied_seat, cards, rest = data["seat"], data["cards"], data["rest"]
    assert isinstance(tied_seat, int) and isinstance(cards, tuple) and isinstance(rest, tuple), \
        "a tie names a seat, its cards and the seats after it"
    opponents = state.opponents(player)
    assert tied_seat in opponents, f"tie seat {tied_seat} is not an opponent of P{player}"
    after = opponents[opponents.index(tied_seat) + 1:]
    assert rest == after, f"tie rest lists the opponents after P{tied_seat} clockwise: {list(after)}"
    assert len(cards) >= 2 and all(cid in CARD_INDEX for cid in cards), "a tie names two or more card ids"
    assert len(set(cards)) == len(cards), "a tie names each card once"
    numbers = [CARD_INDEX[str(cid)] for cid in cards]
    safe = elements.protected(state, tied_seat) if state.has_elements else -1
    if "kept" in data:
        safe = CARD_INDEX[str(data["kept"])]
        assert safe in elements.tied_top(state, tied_seat), "Fire keeps one of its owner's tied highest treasures"
    own = [card for card in state.treasures[tied_seat] if card != safe]
    assert all(card in own for card in numbers), f"a tie names treasures of P{tied_seat} only (not one Fire keeps)"
    values = {state.worth(card, tied_seat) for card in own}
    extreme = max(values) if data["highest"] else min(values)
    assert all(state.worth(card, tied_seat) == extreme for card in numbers), \
        "the tied treasures share the extreme value"
    assert sorted(numbers) == sorted(card for card in own if state.worth(card, tied_seat) == extreme), \
        f"a tie names every treasure of P{tied_seat} of the extreme value"
