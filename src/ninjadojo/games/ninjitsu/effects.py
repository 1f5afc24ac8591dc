"""The interpreter of card actions, steals and traps.

``state.effects`` is a stack of ``(card, next step, actor, memo)``: the actions being resolved, innermost
on top (a card played for its action inside another card's action runs fully before the outer one goes
on); the actor is who resolves it: the current player, the robbed player of a Master of Deception, or
the owner of a Master of Magic that surfaced; ``memo`` is the card a step of it played (Master of
Wind, Telekinesis, Shape Shifting and Multiply act on that card afterwards), ``NO_MEMO`` if none.
:func:`resume` runs steps until one needs a choice, which it asks by pushing a frame; ``rules`` applies
the choice and calls :func:`resume` again. Steps that cannot be done are skipped ("do as much as you
can"). Effects that do not fit the step vocabulary are functions registered in :data:`SPECIALS`.
A trap that runs as steps (Master of Deception's) is an entry too, run for the robbed player: the stolen
card lies in it meanwhile, no treasure, and is discarded (it has no value) when the entry is done.

"Any time" windows (Promo Pack, Sabotage!'s Alessio): when a trap is about to resolve, a treasure is about
to be discarded or moved, a steal is declared, a treasure enters play or a secret is placed (on anyone's
turn, inside any effect: :func:`played`), :func:`offer` asks the holders of a card that answers that moment,
one at a time in the fair order (clockwise from the current player), through a concealed ``window``
frame; when nobody holds one the moment passes at once. What happens next ("then resolve this trap",
"then discard this treasure and go on with the rest of Caltrops") is the window's data, run by
:func:`close_window` whether or not anyone was asked, so the log reads the same either way.

Triggers fire at the moment their text names, inside any effect: a card leaving a hand may empty it
(Magic, side 2, draws at once: ``state.hand_left``); a face-up Master of Magic uncovered by a draw has its
owner play before anything else: the rest of the draw and whatever was to follow wait in ``state.later``
(and the decisions already asked in ``state.held``), run by :func:`resume` once its plays are done.

Log lines are nested by ``state.narrate``: as deep as the stack of resolving actions, and a trap one
level inside the steal or flip that sprang it (``deeper=1``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from ninjadojo.engine import Frame
from ninjadojo.engine.jsonvalue import FrozenJSON
from ninjadojo.games.ninjitsu import elements, weather
from ninjadojo.games.ninjitsu.cards import (
    ALBERTI,
    ALESSIO,
    ANDREA,
    ANTONIO,
    CARD_IDS,
    CARD_INDEX,
    CARD_NAMES,
    CARDS,
    HAS_VALUE,
    IS_EVENT,
    MASTER_OF_MAGIC,
    PRINTED,
    TELEPORT,
    DiscardExtreme,
    DiscardTreasures,
    Draw,
    Play,
    Special,
    Steal,
    Step,
    TakeTreasure,
    card_name,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState


def resume(state: NinjitsuState) -> None:
    """Run pending effect steps until a decision is needed (a frame) or nothing is left."""
    frames = state.frames
    stack = state.effects
    while state.result is None:
        if frames:
            if state.surfaced < 0:
                break
            hold(state)  # a Master of Magic surfaced: its owner plays before the decision just asked
        if state.has_elements and "magic2" in state.elements:
            elements.refill(state)  # Magic (side 2): "if your hand is ever empty"
        if state.surfaced >= 0:
            # A Master of Magic surfaced: its owner plays any number of cards now (its second step),
            # before what it interrupted goes on (``later``, run once this entry is done).
            owner, state.surfaced = state.surfaced, -1
            stack.append((MASTER_OF_MAGIC, 1, owner, NO_MEMO))
            state.late = True  # points may change after this turn's win check, before its first action
        if state.later and max(item[0] for item in state.later) >= len(stack):
            run_later(state)
            continue
        if not stack:
            break
        card, index, actor, memo = stack[-1]
        steps = CARDS[card].steps
        if index >= len(steps):
            stack.pop()
            if CARDS[card].trap is not None:
                trap_done(state, card)  # Master of Deception's trap is resolved: now it is discarded
            continue
        stack[-1] = (card, index + 1, actor, memo)
        run_step(state, card, steps[index], actor)


#: What can wait for a surfaced Master of Magic's owner to play (``state.later``), by kind, with its
#: arguments (``s`` a seat, ``n`` a number, ``f`` a flag 0/1, ``c`` a card): a draw asked meanwhile
#: (``draw``), the rest of a draw it cut short (``rest``: the same draw occasion), the Wind Weather's pass
#: after a Draw action (``wind``), Master of Water's or Grimoire's play of the cards drawn since its hand
#: had ``n`` (``play``), the decisions asked meanwhile (``ask``: ``state.held``), Rainbow and Hail from the
#: ``n``-th of them on after a treasure play (``weather``), the rest of the start of a turn from phase ``n``
#: (``turn``), a hand to discard (``hand``: Alchemy, Heat Wave), a valueless trap to discard once its text
#: is done (``settle``), and the moment a treasure entered play (``treasure-in``: played, or ``f`` swapped
#: in by Wind, side 2) or a secret was placed (``secret-in``, by its position), Lightning's strike of the
#: value ``n`` (``strike``) and Hurricane's new Weather deck (``reweather``).
LATER: dict[str, str] = {"draw": "snf", "rest": "snf", "wind": "", "play": "sn", "weather": "sn", "turn": "sn",
                         "hand": "s", "settle": "sc", "treasure-in": "scf", "secret-in": "sn", "ask": "",
                         "strike": "n", "reweather": ""}


def hold(state: NinjitsuState) -> None:
    """A Master of Magic surfaced after a decision was asked in the same step: the decisions pending (the
    whole frame stack) wait, as an ``ask`` item of ``later`` (``state.held``), until its owner has played."""
    # A concealed window keeps no asked seat: it asks its holders afresh when it comes back, and a
    # sample must not learn from the position who holds an answering card.
    state.held.append([Frame(frame.kind, [], dict(frame.data), concealed=True) if frame.concealed else frame
                       for frame in state.frames])
    state.frames.clear()
    state.wait("ask")


def _ask_again(state: NinjitsuState, group: list[Frame]) -> None:
    """Ask again the decisions a Master of Magic's plays put off, as far as they still can be: a window asks
    the holders it finds now (a card may have been played meanwhile); a decision with no choice left (a
    hand emptied meanwhile) is dropped ("do as much as you can")."""
    from ninjadojo.games.ninjitsu.rules import legal

    for frame in group:
        if frame.kind == "window":
            data = dict(frame.data)
            moment, card, seat = data["moment"], data.get("card"), data.get("seat")
            if moment == "treasure" and CARD_INDEX[str(card)] not in state.treasures[int(str(seat))]:
                # The owner's plays took that treasure out of play: nothing is left to discard or move,
                # and the effect goes on without it.
                then = data["then"]
                assert isinstance(then, tuple)
                _continue_after_discard(state, CARD_INDEX[str(card)], False, then)
            elif moment == "steal" and int(str(data["position"])) >= len(state.secrets[int(str(data["victim"]))]):
                state.narrate(f"P{data['victim']}'s secret #{cast(int, data['position']) + 1} is no longer there "
                              "to steal")
            else:
                offer(state, data)
        elif frame.simultaneous:
            seats = [seat for seat in frame.seats if state.hands[seat]]
            if seats:
                state.frames.append(Frame(frame.kind, seats, dict(frame.data), simultaneous=True))
        elif frame.kind == "turn" or legal(state, frame.seats[0], frame):
            state.frames.append(frame)
        elif frame.kind == "deadfall":
            # Nothing left to keep or give: Deadfall's trap is over, so the card is discarded now.
            state.settle_face_up(frame.seats[0], CARD_INDEX[str(frame.data["by"])], deeper=1)


def run_later(state: NinjitsuState) -> None:
    """Run the first thing that waited for a Master of Magic's owner to play. What it puts off in turn
    (another Master of Magic) comes before the items that were behind it at the same depth."""
    deepest = max(item[0] for item in state.later)  # the innermost Master of Magic's plays are done
    at = next(index for index, item in enumerate(state.later) if item[0] == deepest)
    asks_before = sum(1 for item in state.later[:at] if item[1] == "ask")  # its group in ``held``
    depth, kind, args = state.later.pop(at)
    behind = [item for item in state.later if item[0] == depth]
    state.later = [item for item in state.later if item[0] != depth]
    if kind in ("draw", "rest"):
        seat, count, mirrored = args
        state.draw(seat, count, mirrored=bool(mirrored), resumed=kind == "rest")
    elif kind == "wind":
        weather.after_draw_action(state)
    elif kind == "strike":
        weather.strike(state, args[0])
    elif kind == "reweather":
        weather.reweather(state)
    elif kind == "ask":
        _ask_again(state, state.held.pop(asks_before))
    elif kind == "play":
        seat, before = args
        got = len(state.hands[seat]) - before
        if got > 0:
            state.frames.append(Frame("play", [seat], {"way": "any", "by": CARD_IDS[state.effects[-1][0]],
                                                       "last": got}))
    elif kind == "weather":
        seat, start = args
        weather.after_treasure(state, seat, start)
    elif kind == "turn":
        from ninjadojo.games.ninjitsu.rules import turn_rest

        seat, phase = args
        turn_rest(state, seat, phase)
    elif kind == "hand":
        discard_hands(state, args)
    elif kind == "settle":
        _, card = args
        for seat in range(state.num_players):  # wherever the owner's plays left it (Shape Shifting swaps)
            state.settle_face_up(seat, card, deeper=1)
    elif kind == "treasure-in":
        seat, card, swapped = args
        treasure_in(state, seat, card, "swapped" if swapped else "played")
    elif kind == "secret-in":
        seat, position = args
        secret_in(state, seat, position)
    else:  # pragma: no cover - LATER names every kind
        raise AssertionError(f"unknown later kind {kind!r}")
    state.later += behind


def discard_hands(state: NinjitsuState, seats: Sequence[int]) -> None:
    """Each of ``seats`` discards their hand, in order (Alchemy, Heat Wave). A hand emptied is refilled at
    once by Magic (side 2); if that draw uncovers a Master of Magic, the hands still to go wait."""
    for index, seat in enumerate(seats):
        if state.suspended():
            for later in seats[index:]:
                state.wait("hand", later)
            return
        for each in list(state.hands[seat]):
            state.discard_from_hand(seat, each)


def run_step(state: NinjitsuState, card: int, step: Step, actor: int) -> None:
    """Carry out one step of ``card``'s action for ``actor`` (the current player, or the robbed player
    of a Master of Deception)."""
    player = actor
    by = CARD_IDS[card]
    if isinstance(step, Draw):
        state.draw(player, step.count)
    elif isinstance(step, Play):
        # "Do as much as you can": a play of one way only (a treasure, an action) is asked only when a
        # card of the hand can be played that way (every card can be a secret, so "any" always can).
        if state.hands[player] and (step.way in ("any", "secret") or any(
                step.way in CARDS[card].plays for card in state.hands[player])):
            data: dict[str, FrozenJSON] = {"way": step.way, "by": by}
            if step.optional or state.optional_texts:
                data["optional"] = True  # option optional_texts: the text's play may be declined (ruling 3)
            state.frames.append(Frame("play", [player], data))
        else:
            idle_step(state, card, f"P{player} has no card to play" + ("" if step.way in ("any", "secret") else
                                                                      f" as {_AS_WAY.get(step.way, 'it')}"))
    elif isinstance(step, Steal):
        if _secret_targets_exist(state, player):
            data = {"ignore_traps": step.ignore_traps, "by": by}
            if step.optional:
                data["optional"] = True
            state.frames.append(Frame("steal", [player], data))
        else:
            idle_step(state, card, "no opponent has a secret to steal")
    elif isinstance(step, DiscardTreasures):
        if discardable(state, player, step.scope):
            state.frames.append(Frame("discard-treasure", [player], {
                "scope": step.scope, "left": step.up_to, "optional": step.optional or state.optional_texts,
                "use_action": step.use_action, "by": by,
            }))
        else:
            idle_step(state, card, "no treasure it may discard")
    elif isinstance(step, DiscardExtreme):
        discard_extreme(state, step.highest, state.opponents(player), player)
    elif isinstance(step, TakeTreasure):
        if _treasures_in_scope(state, player, step.scope):
            state.frames.append(Frame("take-treasure", [player], {"scope": step.scope, "by": by}))
        else:
            idle_step(state, card, "no treasure it may take")
    elif isinstance(step, Special):
        SPECIALS[step.name](state, card, player)
    else:  # pragma: no cover - the Step union is closed
        raise AssertionError(f"unknown step {step!r}")


#: A card's way of being played, in words, for "no card to play as ...".
_AS_WAY = {"treasure": "a treasure", "action": "an action"}


def no_discard_yet(frame: Frame) -> bool:
    """Whether a ``discard-treasure`` frame has had none of its discards yet: as many left as its card's
    text allows (Darts: "up to 2", then "up to 1 more"; declined whole, it "discards no treasure")."""
    steps = CARDS[CARD_INDEX[str(frame.data["by"])]].steps
    return any(isinstance(step, DiscardTreasures) and step.up_to == frame.data["left"] for step in steps)


def idle_step(state: NinjitsuState, card: int, why: str) -> None:
    """Log a step of ``card``'s action that does nothing now, and why: else a card seems to fizzle.

    Once for steps alike in a row: Flight's three treasure plays with an empty hand say it once."""
    text = f"{card_name(card)}: {why}"
    if state.logging and state.events:
        last = state.events[-1]
        if last.text == text:
            return
        # The play's own line, when it said that the action does nothing (rules.py): the reasons join it, once
        # each (Katana's "no treasure it may discard; P0 has no card to play"; Smoke Bomb's second secret).
        play = f"P{state.effects[-1][2]} plays {card_name(card)} for its action" if state.effects else None
        if play is not None and last.text == play + IDLE_PLAY:
            state.events[-1] = last._replace(text=f"{play}: it does nothing now ({why})")
            return
        if play is not None and last.text.startswith(f"{play}: it does nothing now ("):
            if why not in last.text:
                state.events[-1] = last._replace(text=f"{last.text[:-1]}; {why})")
            return
    state.narrate(text)


#: How the log's line of a card played for its action ends when the action has nothing to act on (rules.py),
#: until :func:`idle_step` gives the reason.
IDLE_PLAY = ": it has nothing to act on now, and does nothing"


def _secret_targets_exist(state: NinjitsuState, player: int) -> bool:
    return any(state.secrets[seat] for seat in range(state.num_players) if seat != player)


def _treasures_in_scope(state: NinjitsuState, player: int, scope: str) -> bool:
    return any(state.treasures[seat] for seat in range(state.num_players) if scope == "any" or seat != player)


def discardable(state: NinjitsuState, player: int, scope: str) -> list[int]:
    """The treasures ``player`` may discard from play in ``scope`` (Fire, side 1, protects one per owner)."""
    cards = []
    for seat in range(state.num_players):
        if scope == "any" or seat != player:
            safe = elements.protected(state, seat) if state.has_elements else -1
            cards += [card for card in state.treasures[seat] if card != safe]
    return cards


# ---------------------------------------------------------------------- discarding treasures


def discard_extreme(state: NinjitsuState, highest: bool, seats: Sequence[int], actor: int, kept: int = -1) -> None:
    """Discard the highest (or lowest) value treasure of each seat in ``seats`` (the opponents of
    ``actor``, the player resolving the card), in order.

    On a tie the current player chooses (RULINGS.md: "the current player chooses"), even when the card
    was played out of turn (Master of Deception's play, a Master of Magic's plays): a ``tie`` frame is
    pushed holding the seats still to do. Each discard is a moment for Alberti and Teleport
    (:func:`offer`), whose window holds the seats still to do as its continuation.

    Fire (side 1): its owner's highest treasure is passed over ("then take the next"); when several tie
    for the highest, its owner first chooses which one Fire keeps (``fire-keep``), ``kept`` here after.
    """
    for index, seat in enumerate(seats):
        safe = fire_kept(state, seat, kept if index == 0 else -1)
        if safe == -2 and not highest and len({state.worth(card, seat) for card in state.treasures[seat]}) > 1:
            safe = -1  # the lowest is not one of the tied highest: Fire has nothing to keep from it
        if safe == -2:
            state.frames.append(Frame("fire-keep", [seat], {
                "card": "", "seat": seat, "cards": tuple(CARD_IDS[card] for card in elements.tied_top(state, seat)),
                "then": ("extreme", highest, tuple(seats[index:]), actor), "deeper": 0}))
            return
        cards = [card for card in state.treasures[seat] if card != safe]
        if not cards:
            continue
        values = [state.worth(card, seat) for card in cards]
        best = max(values) if highest else min(values)
        tied = [card for card, value in zip(cards, values, strict=True) if value == best]
        rest = tuple(seats[index + 1:])
        then: tuple[FrozenJSON, ...] = ("extreme", highest, rest, actor)
        if safe >= 0:
            then = (*then, CARD_IDS[safe])  # Fire's treasure is settled: the discard does not ask again
        if len(tied) == 1:
            offer_discard(state, tied[0], seat, then)
            return
        data: dict[str, FrozenJSON] = {"highest": highest, "seat": seat, "rest": rest,
                                       "cards": tuple(CARD_IDS[card] for card in tied)}
        if safe >= 0 and len(elements.tied_top(state, seat)) > 1:
            data["kept"] = CARD_IDS[safe]
        state.frames.append(Frame("tie", [state.turn], data))
        return


def fire_kept(state: NinjitsuState, seat: int, kept: int) -> int:
    """The treasure of ``seat`` Fire (side 1) keeps from an effect that takes the highest or lowest: the one
    highest, the one its owner chose on a tie (``kept``), -1 for none, or -2: its owner must choose first."""
    if not state.has_elements or state.elements[seat] != "fire1":
        return -1
    tied = elements.tied_top(state, seat)
    if len(tied) == 1:
        return tied[0]
    if kept >= 0:
        return kept
    if state.fire_keeps in tied:
        return state.fire_keeps  # chosen earlier in this action: Fire keeps one, so it is not asked again
    return -2 if tied else -1


# ---------------------------------------------------------------------- steals and traps


#: No Jellybean Ninja guess (a steal of any other card).
NO_GUESS = -1
#: No card recorded by an effect's steps.
NO_MEMO = -1


def steal(state: NinjitsuState, thief: int, victim: int, position: int, ignore_traps: bool = False,
          guess: int = NO_GUESS) -> None:
    """``thief`` declares a steal of ``victim``'s secret at ``position``: a moment for Andrea
    (:func:`offer`), then :func:`do_steal` unless she stops it."""
    if not state.any_time:
        # No card of this game answers a moment: what the window's close would do, without the window's
        # data built and read back (most base-game actions are steals).
        do_steal(state, thief, victim, position, bool(ignore_traps), guess)
        return
    offer(state, {"moment": "steal", "thief": thief, "victim": victim, "position": position,
                  "ignore_traps": ignore_traps, "guess": guess})


def do_steal(state: NinjitsuState, thief: int, victim: int, position: int, ignore_traps: bool = False,
             guess: int = NO_GUESS) -> None:
    """The steal happens: the secret turns face-up in the thief's collection, its trap (if any, unless
    ignored) is resolved by the thief (a moment for Antonio), then it is discarded if it has no value.

    ``guess``: Jellybean Ninja's guess (a value, 0 for "no value"); a right one ignores the trap, and
    ``state.jelly`` records the outcome for the card's next step."""
    card = state.secrets[victim].pop(position)
    state.turn_face_up(thief, card)
    state.narrate(f"P{thief} steals P{victim}'s secret #{position + 1}: {CARD_NAMES[card]}")
    if state.has_elements:  # (what lost_from_play checks first: a call saved on a fifth of base-game actions)
        state.lost_from_play(victim)
    if guess != NO_GUESS:
        # The guess names a printed value, or "none" for a card without value; Master of Earth has
        # a worth but no printed value, so no guess is right on it (ruling 39).
        printed = PRINTED[card]
        hit = printed == guess if printed is not None else not HAS_VALUE[card] and guess == 0
        state.jelly = "hit" if hit else "miss"
        # Whose guess, said in the line: a digest that folds the lines before may show it alone.
        state.narrate(f"P{thief}'s guess, {guess or 'none'}, is {'right' if hit else 'wrong'}", deeper=1)
        ignore_traps = ignore_traps or hit
    trap = CARDS[card].trap
    if trap is not None:
        if ignore_traps:
            # Why, said: a right guess (Jellybean Ninja), else the card whose steal ignores traps (Master of
            # Planning); "is ignored" alone left a reader asking by whom.
            why = ("the guess was right" if state.jelly == "hit" and guess != NO_GUESS
                   else f"{card_name(state.effects[-1][0])} ignores traps" if state.effects else "")
            state.narrate(f"the trap of {card_name(card)} is ignored" + (f" ({why})" if why else ""), deeper=1)
        else:
            offer(state, {"moment": "trap", "card": CARD_IDS[card], "taker": thief, "victim": victim})
            return
    if not HAS_VALUE[card]:  # (a card with a value always stays: settle_face_up's own first test)
        state.settle_face_up(thief, card, deeper=1)


def spring_trap(state: NinjitsuState, card: int, taker: int, victim: int) -> bool:
    """Resolve ``card``'s trap: ``taker`` is the player who stole it, ``victim`` the one robbed.

    Its lines are logged one level inside the steal (or flip) that sprang it. Returns whether the trap
    is still resolving (a decision asked, steps pushed): then the card, if it has no value, is discarded
    only once they are done ("discard it after resolving any traps"), by :func:`trap_done` when Master of
    Deception's steps end and after Deadfall's choice (``rules``); otherwise the caller settles it now.
    """
    trap = CARDS[card].trap
    assert trap is not None
    state.narrate(f"{card_name(card)} is trapped!", deeper=1)
    if trap.kind == "victim-draws":
        state.draw(victim, trap.count, deeper=1)
    elif trap.kind == "discard-from-hand":
        if state.hands[taker]:
            state.frames.append(Frame("trap-discard", [taker], {"left": trap.count, "by": CARD_IDS[card]}))
        else:
            state.narrate(f"P{taker} has no card in hand to discard", deeper=1)
    elif trap.kind == "discard-other-treasures":
        others = tuple(CARD_IDS[each] for each in state.treasures[taker] if each != card)
        if not others:
            state.narrate(f"P{taker} has no other treasure to discard", deeper=1)
        _snare_next(state, taker, others)
    elif trap.kind == "discard-hand":
        hand = list(state.hands[taker])
        for other in hand:
            state.discard_from_hand(taker, other, deeper=1)
        if not hand:
            state.narrate(f"P{taker} has no card in hand to discard", deeper=1)
    elif trap.kind == "deadfall":
        from ninjadojo.games.ninjitsu.sabotage import deadfall

        return deadfall(state, taker, victim)
    elif trap.kind == "deception":
        # The card's own steps ("may play a card, then may steal a secret"), run for the robbed player.
        state.narrate(f"P{victim} may play a card, then may steal a secret", deeper=1)
        if not HAS_VALUE[card] and card in state.treasures[taker]:
            # It lies face-up with the trap it springs while that resolves, no treasure (it has no value),
            # so no effect of the robbed player's play can take it; its entry on the stack holds it. (A
            # Master of Magic's owner, playing before a trap it delayed, may have taken it already: then
            # it stays where it went, and the trap still springs: the steal happened.)
            state.treasures[taker].remove(card)
            state.lost_from_play(taker, deeper=1)  # out of the collection for good (Water, side 1)
        state.effects.append((card, 0, victim, NO_MEMO))
        return True
    return False


def trap_done(state: NinjitsuState, card: int) -> None:
    """Master of Deception's trap (its steps on the effects stack) is resolved, or dropped with the rest of
    a turn Andrea stopped: the card, which lay with its trap meanwhile, is discarded now, having no value
    (one level inside the steal or flip that sprang it, as the trap's lines)."""
    if not HAS_VALUE[card] and _held_by_trap(state, card):
        state.discard_card(card)
        state.narrate(f"{card_name(card)} has no value and is discarded", deeper=1)


def _held_by_trap(state: NinjitsuState, card: int) -> bool:
    """Whether ``card`` is nowhere but on the effects stack (lifted there by its own trap), rather than
    taken into a hand or play before its trap sprang (a Master of Magic's owner plays first)."""
    return not (card in state.discard or card in state.deck
                or any(card in cards for cards in (*state.hands, *state.treasures, *state.secrets)))


def _snare_next(state: NinjitsuState, taker: int, others: tuple[str, ...]) -> None:
    """Snare's trap discards the thief's other treasures one at a time (each a moment for Alberti)."""
    if others:
        offer_discard(state, CARD_INDEX[others[0]], taker, ("snare", taker, others[1:]), deeper=1)


def surprise(state: NinjitsuState, player: int, owner: int, position: int) -> None:
    """Master of Surprise: ``owner``'s secret at ``position`` turns face-up and stays with its owner.

    Trapped: the owner resolves the trap as if they had stolen it from ``player``. Not trapped:
    ``player`` draws a card. Either way a card with no value is then discarded.
    """
    card = state.secrets[owner].pop(position)
    state.turn_face_up(owner, card)
    state.narrate(f"P{player} turns P{owner}'s secret #{position + 1} face-up: {card_name(card)}")
    if CARDS[card].trap is not None:
        offer(state, {"moment": "trap", "card": CARD_IDS[card], "taker": owner, "victim": player})
    else:
        # Turned face-up, a card with no value is discarded at once, before the draw.
        state.settle_face_up(owner, card, deeper=1)
        state.draw(player, 1)


def _master_of_surprise(state: NinjitsuState, card: int, player: int) -> None:
    if _secret_targets_exist(state, player):
        state.frames.append(Frame("surprise", [player], {"by": CARD_IDS[card]}))
    elif state.surprise_draws:
        # Option surprise_draws (ruling 5 the other way): no secret turned up, so none trapped: draw.
        state.narrate("no opponent has a secret to turn up: nothing is trapped, so a card is drawn")
        state.draw(player, 1)


def _jellybean(state: NinjitsuState, card: int, player: int) -> None:
    """Jellybean Ninja: guess, then steal. With no secret to steal, the guess cannot be right: draw."""
    if _secret_targets_exist(state, player):
        state.frames.append(Frame("guess", [player], {"by": CARD_IDS[card]}))
    else:
        state.jelly = "miss"


def _jellybean_outcome(state: NinjitsuState, card: int, player: int) -> None:
    """A right guess gives the current player an extra action; otherwise draw a card (no steal: no outcome,
    as when Andrea stopped it)."""
    outcome, state.jelly = state.jelly, ""
    if outcome == "hit":
        if player == state.turn and not state.ending:
            state.extra_actions += 1
            state.narrate(f"P{player} takes an extra action after this one")
        elif player == state.turn:
            # At the end of the turn (a Master of Magic the Events uncovered): its actions are over.
            state.narrate(f"P{player} guessed right after their turn's actions: the extra action is lost")
        else:
            state.narrate(f"P{player} guessed right out of turn: the extra action is lost")
    elif outcome == "miss":
        state.draw(player, 1)


def _bluebeard(state: NinjitsuState, card: int, player: int) -> None:
    """Captain Bluebeard (Treasure Hunters crossover): "swap any number of cards from your hand with
    secrets in play"; the crossover rules forbid a non-Ninjitsu! card to affect secrets in play, so the
    number is zero. It still happens the same way whoever holds what, so the log tells nothing hidden."""
    state.narrate(f"{card_name(card)} swaps nothing: secrets in play cannot be affected by a non-Ninjitsu! "
                  "card (crossover rules)")


#: Card actions that are functions rather than steps, by name (see ``cards.Special``).
SPECIALS: dict[str, Callable[[NinjitsuState, int, int], None]] = {
    "surprise": _master_of_surprise,
    "jellybean": _jellybean,
    "jellybean-outcome": _jellybean_outcome,
    "bluebeard": _bluebeard,
    **weather.SPECIALS,
}


# ---------------------------------------------------------------------- "any time" windows

#: The cards that answer each moment: a treasure entering play (``treasure-in``) and a secret placed
#: (``secret-in``) are moments for Teleport and Alessio, whoever's turn it is.
ANSWERS: dict[str, tuple[int, ...]] = {"trap": (ANTONIO,), "steal": (ANDREA,), "discard": (ALBERTI, TELEPORT),
                                       "move": (TELEPORT,), "treasure-in": (TELEPORT,), "secret-in": (ALESSIO,)}


def answering_cards(data: Mapping[str, FrozenJSON]) -> tuple[int, ...]:
    """The cards that may answer a window's moment (a treasure's move is answered by Teleport only)."""
    moment = data["moment"]
    if moment == "treasure":
        return ANSWERS["move" if data["move"] else "discard"]
    assert isinstance(moment, str)
    return ANSWERS[moment]


def not_asked(data: Mapping[str, FrozenJSON]) -> int:
    """The seat a window never asks (-1: none): a thief is not asked to stop their own steal, nor a player
    to take back the treasure they just put into play or to look at the secret they just placed."""
    moment = data["moment"]
    if moment == "steal":
        thief = data["thief"]
        assert isinstance(thief, int)
        return thief
    if moment == "treasure-in":
        player = data["player"]
        assert isinstance(player, int)
        return player
    if moment == "secret-in":
        seat = data["seat"]
        assert isinstance(seat, int)
        return seat
    return -1


def may_answer(state: NinjitsuState, data: Mapping[str, FrozenJSON], seat: int) -> bool:
    """Whether ``seat`` holds a card that answers the window (:func:`not_asked` excepted)."""
    if seat == not_asked(data):
        return False
    hand = state.hands[seat]
    return any(card in hand for card in answering_cards(data))


def treasure_in(state: NinjitsuState, seat: int, card: int, then: str = "played") -> None:
    """``card`` just entered play as a treasure of ``seat``: played by ``seat`` (``then="played"``: Rainbow
    and Hail follow, whoever's turn it is and whatever effect played it) or swapped in from the current
    player's hand by Wind (side 2) (``then="swapped"``: its draw follows). The moment is Teleport's (a
    concealed window), for anyone but the player who put it into play."""
    if state.surfaced >= 0:  # (suspended(), written out: a treasure play is one base-game action in eight)
        state.wait("treasure-in", seat, card, int(then == "swapped"))
        return
    if not state.any_time:
        # Nobody can answer (no card of this game does): only what follows the moment happens, as the
        # window's close would do it, without its data built and read back (a treasure play is one
        # base-game action in eight).
        _after_treasure_in(state, seat, then)
        return
    player = state.turn if then == "swapped" else seat  # who put it into play: not asked
    data: dict[str, FrozenJSON] = {"moment": "treasure-in", "card": CARD_IDS[card], "seat": seat, "player": player,
                                   "then": then}
    if card in state.treasures[seat]:
        offer(state, data)
    else:  # a Master of Magic's owner took it out of play meanwhile: no moment, what follows still does
        _treasure_in_moment(state, data, None, None)


def secret_in(state: NinjitsuState, seat: int, position: int) -> None:
    """A secret was just placed at ``position`` of ``seat``'s row: the moment is Alessio's (a concealed
    window; the secret is named by its position, so that nobody else learns which card it is)."""
    if state.surfaced >= 0:  # (suspended(), written out: a secret is a quarter of the base game's actions)
        state.wait("secret-in", seat, position)
        return
    # Without an "any time" card in the game nobody can answer, and nothing follows the moment (its window's
    # close does nothing unanswered): a secret is a quarter of the base game's actions, so no window data.
    if state.any_time and position < len(state.secrets[seat]):  # (a Master of Magic's owner may have taken it)
        offer(state, {"moment": "secret-in", "seat": seat, "position": position})


def played(state: NinjitsuState, seat: int, card: int, way: str) -> None:
    """``seat`` has just played ``card`` from hand as a ``way`` (``secret`` or ``treasure``), in the
    turn's action or inside any effect: the hand may now be empty (Magic, side 2, draws at once), and a
    treasure entering play or a secret placed is a moment for Teleport or Alessio; after a treasure,
    Rainbow and Hail."""
    state.hand_left(seat)
    if way == "secret":
        secret_in(state, seat, len(state.secrets[seat]) - 1)
    else:
        treasure_in(state, seat, card)


def fair_order(state: NinjitsuState) -> tuple[int, ...]:
    """Who a window asks first: clockwise from the current player, the current player first."""
    return (state.turn, *state.opponents(state.turn))


def next_holder(state: NinjitsuState, data: Mapping[str, FrozenJSON], after: int | None) -> int | None:
    """The first seat after ``after`` (or the first of all) in the fair order that may answer."""
    order = fair_order(state)
    start = 0 if after is None else order.index(after) + 1
    # may_answer for each seat, with what the moment allows worked out once (every moment of a game with
    # "any time" cards asks this, whether or not anyone holds one).
    skip = not_asked(data)
    cards = answering_cards(data)
    hands = state.hands
    for seat in order[start:]:
        if seat != skip:
            hand = hands[seat]
            for card in cards:
                if card in hand:
                    return seat
    return None


def offer(state: NinjitsuState, data: dict[str, FrozenJSON]) -> None:
    """A moment an "any time" card is about: ask its first holder through a concealed window, or, if
    nobody holds one (the base game: always), go on at once. Either way :func:`close_window` does what
    follows, so nothing but the answer itself can show that anyone was asked."""
    if state.any_time:
        state.moments += 1  # whether or not anyone holds an answer (see NinjitsuState.moments)
        holder = next_holder(state, data, None)
        if holder is not None:
            state.frames.append(Frame("window", [holder], data, concealed=True))
            return
    close_window(state, data, None, None)


def offer_discard(state: NinjitsuState, card: int, owner: int, then: tuple[FrozenJSON, ...], deeper: int = 0,
                  move: bool = False) -> None:
    """The treasure ``card`` of ``owner`` is about to be discarded (or moved, ``move``): a moment for
    Alberti (not for a move) and Teleport. ``then`` says how the card's effect goes on afterwards."""
    settled = len(then) == 5 and then[0] == "extreme"  # Fire's keep already chosen for this discard
    if not move and state.has_elements and state.elements[owner] == "fire1" and not settled:
        tied = elements.tied_top(state, owner)
        safe = elements.protected(state, owner)  # the one highest, or the tied one chosen in this action
        if card == safe:
            elements.say_kept(state, card, owner, deeper)
            _continue_after_discard(state, card, False, then)
            return
        if card in tied and safe < 0:
            # A tie for the highest: its owner chooses which of the tied treasures Fire keeps (then it
            # keeps that one for the rest of the action, and the others go as any treasure would).
            state.frames.append(Frame("fire-keep", [owner], {
                "card": CARD_IDS[card], "seat": owner, "cards": tuple(CARD_IDS[each] for each in tied),
                "then": then, "deeper": deeper}))
            return
    offer(state, {"moment": "treasure", "card": CARD_IDS[card], "seat": owner, "move": move, "then": then,
                  "deeper": deeper})


def kept_or_discarded(state: NinjitsuState, data: Mapping[str, FrozenJSON], kept: int) -> None:
    """Fire (side 1) on a tie: its owner kept ``kept``; the treasure about to go stays if that is it, else
    its discard goes on (a moment for Alberti and Teleport). Fire keeps ``kept`` for the rest of the
    action, so the other tied treasures are not asked about again (ruling 61)."""
    owner, then, deeper = data["seat"], data["then"], data["deeper"]
    assert isinstance(owner, int) and isinstance(then, tuple) and isinstance(deeper, int)
    state.fire_keeps = kept
    if not data["card"]:
        # Asked before an effect that takes the highest (Caltrops, Master of Fire): it now takes the next.
        state.narrate(f"P{owner}'s Element Fire (side 1) keeps {card_name(kept)}", deeper=deeper)
        if then[0] == "master-fire":
            SPECIALS["fire"](state, CARD_INDEX["Qm"], state.effects[-1][2] if state.effects else owner)
            return
        _, highest, seats, actor = then
        assert isinstance(highest, bool) and isinstance(seats, tuple) and isinstance(actor, int)
        discard_extreme(state, highest, [seat for seat in seats if isinstance(seat, int)], actor, kept)
        return
    card = CARD_INDEX[str(data["card"])]
    if kept == card:
        state.narrate(f"{card_name(card)} stays in play: P{owner}'s Element Fire (side 1) keeps it", deeper=deeper)
        _continue_after_discard(state, card, False, then)
        return
    state.narrate(f"P{owner}'s Element Fire (side 1) keeps {card_name(kept)}", deeper=deeper)
    offer(state, {"moment": "treasure", "card": CARD_IDS[card], "seat": owner, "move": False, "then": then,
                  "deeper": deeper})


def discard_each(state: NinjitsuState, doomed: tuple[FrozenJSON, ...]) -> None:
    """Discard each treasure of ``doomed`` (``(card id, owner)`` pairs) still in play, one at a time: each
    a moment for Alberti and Teleport (Flood, Lightning)."""
    for index, item in enumerate(doomed):
        assert isinstance(item, tuple)
        cid, owner = item
        card = CARD_INDEX[str(cid)]
        assert isinstance(owner, int)
        if card in state.treasures[owner]:
            offer_discard(state, card, owner, ("each", doomed[index + 1:]))
            return


def answer(state: NinjitsuState, seat: int, frame: Frame, card: int | None) -> None:
    """``seat`` answers the window with ``card`` (it goes to the discard pile: no action spent), or
    passes (``None``): the next holder is asked, or the moment passes."""
    data = frame.data
    if card is None:
        holder = next_holder(state, data, seat)
        if holder is not None:
            state.frames.append(Frame("window", [holder], dict(data), concealed=True))
            return
        close_window(state, data, None, None)
        return
    state.hands[seat].remove(card)
    state.discard_card(card)
    state.narrate(f"P{seat} plays {card_name(card)} at once (no action spent)")
    state.hand_left(seat)
    close_window(state, data, seat, card)


def close_window(state: NinjitsuState, data: Mapping[str, FrozenJSON], seat: int | None, card: int | None) -> None:
    """What follows a moment: the trap, the steal or the discard, unless ``card`` (played by ``seat``)
    prevented it, and then the rest of the effect that caused it."""
    moment = data["moment"]
    if moment == "trap":
        trap_card = CARD_INDEX[str(data["card"])]
        taker, victim = data["taker"], data["victim"]
        assert isinstance(taker, int) and isinstance(victim, int)
        if card is None:
            if spring_trap(state, trap_card, taker=taker, victim=victim):
                return  # the trap is still resolving: a card without value is discarded once it is done
        else:
            state.narrate(f"the trap of {card_name(trap_card)} is ignored", deeper=1)
        if state.suspended():
            state.wait("settle", taker, trap_card)  # the trap's draw uncovered a Master of Magic
        else:
            state.settle_face_up(taker, trap_card, deeper=1)
    elif moment == "steal":
        thief, victim, position, guess = data["thief"], data["victim"], data["position"], data["guess"]
        assert isinstance(thief, int) and isinstance(victim, int) and isinstance(position, int)
        assert isinstance(guess, int)
        if card is None:
            do_steal(state, thief, victim, position, bool(data["ignore_traps"]), guess)
            return
        state.narrate(f"P{thief}'s steal of P{victim}'s secret #{position + 1} is prevented")
        if thief == state.turn:
            # "That player loses the rest of their turn": every action still resolving is dropped; a
            # Master of Deception whose trap was among them is discarded (its trap is over).
            # During the Events (a Master of Magic they uncovered), the Event resolving stays: it is no
            # part of the turn ("Events still resolve"), nor is what waits at its depth.
            keep = 1 if state.ending == "events" and state.effects and IS_EVENT[state.effects[0][0]] else 0
            traps = [dropped for dropped, _, _, _ in state.effects[keep:] if CARDS[dropped].trap is not None]
            del state.effects[keep:]
            for dropped in traps:
                trap_done(state, dropped)
            # What waited for a Master of Magic's plays is the rest of the turn too (its start, a decision
            # asked), except the rest of a draw, which is no action: the cards are still drawn.
            later, held, asks = [], [], iter(state.held)
            for item in state.later:
                group = next(asks) if item[1] == "ask" else None
                if item[1] in ("draw", "rest") or (keep and item[0] <= keep):
                    later.append(item)
                    if group is not None:
                        held.append(group)
            state.later, state.held = later, held
            state.extra_actions = 0
            state.jelly = ""
            if (state.has_elements or state.has_weather) and not state.ending:
                # The rest of the turn includes its end-of-turn Element abilities; Events still resolve.
                state.ending = "element"
            state.narrate(f"P{thief} loses the rest of their turn")
    elif moment == "treasure-in":
        _treasure_in_moment(state, data, seat, card)
    elif moment == "secret-in":
        owner, position = data["seat"], data["position"]
        assert isinstance(owner, int) and isinstance(position, int)
        if card is not None and seat is not None and position < len(state.secrets[owner]):
            from ninjadojo.games.ninjitsu.sabotage import look

            look(state, seat, owner, position)
    else:
        _treasure_moment(state, data, seat, card)


def _treasure_in_moment(state: NinjitsuState, data: Mapping[str, FrozenJSON], seat: int | None,
                        card: int | None) -> None:
    """A treasure entered play: Teleport (``card``) takes it into ``seat``'s hand; then what follows its
    coming in (Rainbow and Hail after a play, whether or not it is still there; Wind's draw after a swap)."""
    treasure = CARD_INDEX[str(data["card"])]
    owner = data["seat"]
    assert isinstance(owner, int)
    if card == TELEPORT and seat is not None and treasure in state.treasures[owner]:
        take_treasure(state, seat, treasure, owner)
    then = data["then"]
    assert isinstance(then, str)
    _after_treasure_in(state, owner, then)


def _after_treasure_in(state: NinjitsuState, owner: int, then: str) -> None:
    """What follows a treasure's coming into ``owner``'s collection (``then``: see :func:`treasure_in`)."""
    if then == "swapped":
        state.draw(state.turn, 1)  # Wind (side 2) is the current player's action: they draw
    elif state.has_weather and state.weather:
        weather.after_treasure(state, owner)


def _treasure_moment(state: NinjitsuState, data: Mapping[str, FrozenJSON], seat: int | None,
                     card: int | None) -> None:
    treasure = CARD_INDEX[str(data["card"])]
    owner, then, deeper = data["seat"], data["then"], data["deeper"]
    assert isinstance(owner, int) and isinstance(then, tuple) and isinstance(deeper, int)
    if card == TELEPORT:
        assert seat is not None
        take_treasure(state, seat, treasure, owner)
    elif card == ALBERTI:
        state.narrate(f"{card_name(treasure)} stays in play", deeper=deeper)
    elif data["move"]:
        taker = then[1]
        assert isinstance(taker, int)
        if then[0] == "steal-treasure":
            from ninjadojo.games.ninjitsu.magic import steal_treasure

            steal_treasure(state, taker, treasure, owner)
            return
        take_treasure(state, taker, treasure, owner)
    else:
        state.discard_treasure(owner, treasure, deeper=deeper)
    done = card is None and not data["move"]
    _continue_after_discard(state, treasure, done, then)


def take_treasure(state: NinjitsuState, seat: int, card: int, owner: int) -> None:
    """``seat`` moves the treasure ``card`` from ``owner``'s collection into their hand (everyone sees)."""
    state.treasures[owner].remove(card)
    state.hands[seat].append(card)
    state.known[card] = state.everyone
    # The hand is named: "into their own hand" left a reader unsure whose, the mover's or the owner's.
    if owner == seat:
        state.narrate(f"P{seat} takes {card_name(card)} from their treasures back into their hand")
    else:
        state.narrate(f"P{seat} moves {card_name(card)} from P{owner}'s treasures into P{seat}'s hand")
    state.lost_from_play(owner)


def _continue_after_discard(state: NinjitsuState, card: int, discarded: bool, then: tuple[FrozenJSON, ...]) -> None:
    """The rest of the effect that discarded (or tried to discard) ``card``, from the window's data."""
    kind = then[0]
    if kind == "choice":
        _, scope, left, optional, use_action, by, actor = then
        assert isinstance(left, int) and isinstance(actor, int)
        if discarded and use_action and CARDS[card].steps:
            state.narrate(f"P{actor} uses the action of {card_name(card)}")
            state.effects.append((card, 0, actor, NO_MEMO))
        if left > 1:
            again = Frame("discard-treasure", [actor], {"scope": scope, "left": left - 1, "optional": optional,
                                                       "use_action": use_action, "by": by})
            if discardable(state, actor, str(scope)):
                state.frames.append(again)
    elif kind == "extreme":
        highest, rest, actor = then[1:4]
        assert isinstance(highest, bool) and isinstance(rest, tuple) and isinstance(actor, int)
        discard_extreme(state, highest, [seat for seat in rest if isinstance(seat, int)], actor)
    elif kind == "fire":
        from ninjadojo.games.ninjitsu.magic import fire_discards, fire_replace

        rest = tuple(str(each) for each in then[1]) if isinstance(then[1], tuple) else ()
        done = tuple(str(each) for each in then[2]) if len(then) > 2 and isinstance(then[2], tuple) else ()
        if not discarded and state.fire_replaces:
            fire_replace(state, rest, done)  # option fire_replaces: the next highest goes instead (ruling 31)
        else:
            fire_discards(state, rest, done)
    elif kind == "each":
        rest = then[1]
        assert isinstance(rest, tuple)
        discard_each(state, rest)
    elif kind == "snare":
        _, taker, others = then
        assert isinstance(taker, int) and isinstance(others, tuple)
        _snare_next(state, taker, tuple(str(each) for each in others))
