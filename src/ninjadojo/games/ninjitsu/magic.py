"""Masters of Magic: the card actions that do not fit the step vocabulary, registered in ``effects.SPECIALS``.

Each function runs one step of a card's text for ``player`` (the player resolving it). A step that
acts on the card an earlier step played (Master of Wind, Telekinesis, Shape Shifting, Multiply) reads
it from the effect's ``memo`` (set when the play was made). Choices are frames: ``fire`` (Master of
Fire's tie at the edge of the three highest, the current player's choice), ``shift`` (Shape Shifting's
other treasure), ``telekinesis`` (the treasure of that value to take) and ``invisibility`` (a treasure,
or an opponent whose hand gives a random card).

State the set adds (all plain data in the position): ``magic_owner`` (a Master of Magic face-up in the
deck), ``surfaced`` (its owner still to play any number of cards), ``frozen`` (Freeze Time's player:
of several, the one whose hold ends last) and ``marks`` (Night Vision's marked card per seat), with
``mark_waits`` (the current player's mark, made during their own turn, binds their next turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.engine.jsonvalue import FrozenJSON
from ninjadojo.games.ninjitsu import effects, elements
from ninjadojo.games.ninjitsu.cards import (
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    HAS_VALUE,
    PRINTED,
    card_name,
)
from ninjadojo.games.ninjitsu.knowledge import PLACE_MASK

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: No Night Vision mark on a seat.
NO_MARK = -1
#: A mark whose card a sample cannot name (its holder's hand is empty in the sample).
MARK_GONE = -2
#: How many treasures Master of Fire discards.
FIRE_COUNT = 3
#: Master of Fire's card number.
FIRE = CARD_INDEX["Qm"]


def _memo(state: NinjitsuState) -> int:
    """The card an earlier step of the resolving card played (``NO_MEMO`` if none)."""
    return state.effects[-1][3]


def _wind(state: NinjitsuState, card: int, player: int) -> None:
    """Master of Wind: the card played for its action returns from the discard pile to hand and is
    played as a treasure (a card without value stays in hand)."""
    played = _memo(state)
    if played < 0:
        return
    if played not in state.discard:
        # (ruling 30: moved or reshuffled while its text resolved; the discard pile is public, so saying so
        # tells nothing hidden, and a player sees why Master of Wind did nothing)
        state.narrate(f"{card_name(card)}: {card_name(played)} is no longer on the discard pile, so "
                      "nothing returns")
        return
    state.discard.remove(played)
    if HAS_VALUE[played]:
        state.turn_face_up(player, played)
        state.narrate(f"{card_name(played)} returns to P{player}'s hand and is played as a treasure")
        # A play as a treasure like any other: Teleport's moment, then Rainbow and Hail.
        effects.treasure_in(state, player, played)
    else:
        state.hands[player].append(played)
        state.known[played] = state.everyone
        state.narrate(f"{card_name(played)} returns to P{player}'s hand (it has no value to play as a treasure)")


def _fire(state: NinjitsuState, card: int, player: int) -> None:
    """Master of Fire: the 3 highest-value treasures in play, fixed now (ties at the edge chosen by the
    current player, RULINGS.md, even when ``player`` plays it out of turn), are discarded one at a time
    (each a moment for Alberti and Teleport)."""
    # Fire (side 1): a protected treasure cannot be discarded, so the 3 highest are taken without it. On a
    # tie for its owner's highest, the owner first chooses which one Fire keeps, and Master of Fire then
    # takes the 3 highest of the rest (ruling 61: "effects that take the highest then take the next").
    if state.has_elements and _fire_keep_first(state):
        return
    safe = {elements.protected(state, owner) for owner in range(state.num_players)} if state.has_elements else set()
    everything = sorted(((state.worth(each, owner), each, owner) for owner in range(state.num_players)
                         for each in state.treasures[owner]), key=lambda entry: (-entry[0], entry[1]))
    if everything and safe - {-1}:
        # Said where a protected treasure would have been among the highest.
        edge_all = everything[min(FIRE_COUNT, len(everything)) - 1][0]
        for worth, each, owner in everything:
            if each in safe and worth >= edge_all and each != state.fire_keeps:  # (a tie's keep is said already)
                elements.say_kept(state, each, owner)
    ranked = [(worth, each) for worth, each, _ in everything if each not in safe]
    if len(ranked) <= FIRE_COUNT:
        fire_discards(state, tuple(CARD_IDS[each] for _, each in ranked))
        return
    edge = ranked[FIRE_COUNT - 1][0]
    sure = tuple(CARD_IDS[each] for worth, each in ranked if worth > edge)
    tied = tuple(CARD_IDS[each] for worth, each in ranked if worth == edge)
    left = FIRE_COUNT - len(sure)
    if len(tied) == left:
        fire_discards(state, sure + tied)
        return
    state.frames.append(Frame("fire", [state.turn], {"by": CARD_IDS[card], "chosen": sure, "cards": tied,
                                                     "left": left}))


def _fire_keep_first(state: NinjitsuState) -> bool:
    """Fire (side 1) before Master of Fire: an owner whose highest treasures tie, with one of them among the
    3 highest in play, chooses now which one Fire keeps (``fire-keep``; then :func:`_fire` ranks again).
    Returns whether that choice is asked."""
    for owner in range(state.num_players):
        tied = elements.tied_top(state, owner)
        if len(tied) < 2 or state.fire_keeps in tied:
            continue
        top = state.worth(tied[0], owner)
        higher = sum(1 for other in range(state.num_players) for each in state.treasures[other]
                     if state.worth(each, other) > top)
        if higher < FIRE_COUNT:
            state.frames.append(Frame("fire-keep", [owner], {
                "card": "", "seat": owner, "cards": tuple(CARD_IDS[each] for each in tied), "then": ("master-fire",),
                "deeper": 0}))
            return True
    return False


def fire_discards(state: NinjitsuState, cards: tuple[str, ...], done: tuple[str, ...] = ()) -> None:
    """Discard Master of Fire's chosen treasures, first to last (a window may answer each).

    With option ``fire_replaces`` the window's continuation also carries ``done``, every treasure the
    card has already gone for, so that a replacement (:func:`fire_replace`) is never one of them."""
    for index, cid in enumerate(cards):
        number = CARD_INDEX[cid]
        for owner in range(state.num_players):
            if number in state.treasures[owner]:
                then: tuple[FrozenJSON, ...] = ("fire", cards[index + 1:])
                if state.fire_replaces:
                    then = (*then, (*done, cid))
                effects.offer_discard(state, number, owner, then)
                return


def fire_replace(state: NinjitsuState, rest: tuple[str, ...], done: tuple[str, ...]) -> None:
    """Option ``fire_replaces`` (ruling 31 the other way): a chosen treasure stayed in play or left it
    before its discard (Alberti, Teleport, a Master of Magic's plays), so the next highest treasure not yet
    gone for is discarded in its place (a tie at the edge chosen by the current player), after the rest.
    (Fire, side 1, keeps none of the three: its owner's choice on a tie comes before they are fixed,
    ruling 61.)"""
    gone_for = set(rest) | set(done)
    safe = {elements.protected(state, owner) for owner in range(state.num_players)} if state.has_elements else set()
    ranked = [(state.worth(each, owner), each) for owner in range(state.num_players) for each in state.treasures[owner]
              if CARD_IDS[each] not in gone_for and each not in safe]
    if not ranked:
        fire_discards(state, rest, done)
        return
    best = max(worth for worth, _ in ranked)
    tied = tuple(CARD_IDS[each] for worth, each in sorted(ranked, key=lambda pair: pair[1]) if worth == best)
    state.narrate(f"{card_name(FIRE)} goes for the next highest treasure instead")
    if len(tied) == 1:
        fire_discards(state, (*rest, tied[0]), done)
        return
    state.frames.append(Frame("fire", [state.turn], {"by": CARD_IDS[FIRE], "chosen": rest, "cards": tied,
                                                     "left": 1, "done": done}))


def _water(state: NinjitsuState, card: int, player: int) -> None:
    """Master of Water: draw a card per treasure the opponents have, then play one of those cards."""
    count = sum(len(state.treasures[other]) for other in state.opponents(player))
    if not count:
        return
    before = len(state.hands[player])
    drawn = state.draw(player, count)
    if state.suspended():
        # A Master of Magic cut the draw short: its owner plays, the draw goes on, then this play.
        state.wait("play", player, before)
    elif drawn:
        state.frames.append(Frame("play", [player], {"way": "any", "by": CARD_IDS[card], "last": len(drawn)}))


def _grimoire(state: NinjitsuState, card: int, player: int) -> None:
    """Grimoire: take the top card of the deck (seen by its player only) and play it."""
    taken = state.draw(player, 1, verb="takes the top card of the deck")
    if taken and state.suspended():
        # The card taken uncovered a Master of Magic: its owner plays at once, then this play.
        state.wait("play", player, len(state.hands[player]) - 1)
    elif taken:
        state.frames.append(Frame("play", [player], {"way": "any", "by": CARD_IDS[card], "last": 1}))


def _master_of_magic(state: NinjitsuState, card: int, player: int) -> None:
    """Master of Magic, played for its action: it goes face-up into the deck at a random place, with
    ``player`` as its owner; on top at once, it surfaces at once. Its second step (the plays) is for
    when it surfaces, so this action ends here."""
    top, _, actor, memo = state.effects[-1]
    state.effects[-1] = (top, len(CARDS[top].steps), actor, memo)
    if card not in state.discard:
        return
    state.discard.remove(card)
    place = state.rng.randbelow(len(state.deck) + 1)
    state.deck.insert(place, card)
    state.known[card] = state.everyone
    state.magic_owner = player
    state.narrate(f"P{player}'s {card_name(card)} is shuffled face-up into the deck")
    if state.has_weather:
        # The whole deck is shuffled, as the card says: an Event it brings to the top goes into play (and a
        # Master of Magic on top surfaces). Without Heavy Weather nothing in the deck cares where it lies, and
        # the card at a random place is the same shuffle, without shuffling the rest (a seeded game's deals
        # stay as they were).
        state.rng.shuffle(state.deck)
        state.settle_top()
    elif state.deck[-1] == card:
        state.surface_magic()


def _magic_plays(state: NinjitsuState, card: int, player: int) -> None:
    """The surfaced Master of Magic's owner plays any number of cards: one play (or ``pass``), then this
    step again, until they pass or their hand is empty."""
    if not state.hands[player]:
        return
    top, index, actor, memo = state.effects[-1]
    state.effects[-1] = (top, index - 1, actor, memo)  # the step repeats after this play
    state.frames.append(Frame("play", [player], {"way": "any", "by": CARD_IDS[card], "optional": True}))


def _alchemy(state: NinjitsuState, card: int, player: int) -> None:
    """Alchemy: discard your hand, then each opponent (clockwise) discards theirs (a hand Magic, side 2,
    refills at once as it empties, before the next one goes)."""
    effects.discard_hands(state, (player, *state.opponents(player)))


def _healing(state: NinjitsuState, card: int, player: int) -> None:
    """Healing: discard your hand, then draw as many cards as you discarded."""
    hand = list(state.hands[player])
    for each in hand:
        state.discard_from_hand(player, each)
    if hand:
        state.draw(player, len(hand))


def _night_vision(state: NinjitsuState, card: int, player: int) -> None:
    """Night Vision: a random card of each opponent's hand is marked, shown to its holder only.

    "On their next turn": played out of turn during a marked player's own turn (Master of Deception's
    play, a Master of Magic's plays), the mark binds that player's next turn, not what is left of this
    one (an extra action): ``mark_waits`` until the next turn starts."""
    for seat in state.opponents(player):
        hand = state.hands[seat]
        if not hand:
            continue
        marked = hand[state.rng.randbelow(len(hand))]
        state.marks[seat] = marked
        if seat == state.turn:
            state.mark_waits = True
        state.narrate(f"a card of P{seat}'s hand is marked: on their next turn they play it or skip the turn")
        state.narrate(f"your marked card is {card_name(marked)}", 1 << seat)


def binding_mark(state: NinjitsuState, seat: int) -> int:
    """The card Night Vision marked that ``seat``'s turn action must play now (``NO_MARK``: none): still in
    hand, and not made during this very turn of ``seat`` (that one binds the next turn)."""
    marked = state.marks[seat]
    if marked < 0 or marked not in state.hands[seat] or (state.mark_waits and seat == state.turn):
        return NO_MARK
    return marked


def _freeze(state: NinjitsuState, card: int, player: int) -> None:
    """Freeze Time: no one wins until ``player``'s next turn starts.

    Each Freeze Time holds until its own player's next turn start (RULINGS.md), so a later one never
    cuts an earlier one short. All the holds run from now, each to a turn start, so together they end at
    the latest of those turn starts: ``state.frozen`` keeps the player whose hold ends last, which is the
    same as keeping every freezer (no check until all have ended) in one seat."""
    held = state.frozen
    if held < 0 or turn_starts_until(state, player) >= turn_starts_until(state, held):
        state.frozen = player
    state.narrate(f"no one can win until P{player}'s next turn")
    if state.frozen != player:
        state.narrate(f"P{held}'s earlier Freeze Time holds longer: until P{held}'s next turn")


def turn_starts_until(state: NinjitsuState, seat: int) -> int:
    """How many turn starts from now until ``seat``'s next turn starts (its own, ``num_players``, if it
    is ``seat``'s turn now)."""
    return (seat - state.turn - 1) % state.num_players + 1


def _shape_shift(state: NinjitsuState, card: int, player: int) -> None:
    """Shape Shifting: the treasure just played is swapped with another treasure in play (chosen)."""
    played = _memo(state)
    if played < 0 or played not in state.treasures[player]:
        return
    if any(each != played for cards in state.treasures for each in cards):
        state.frames.append(Frame("shift", [player], {"by": CARD_IDS[card]}))


def shift(state: NinjitsuState, player: int, other: int) -> None:
    """Swap the treasure Shape Shifting played with ``other`` (a treasure of any collection)."""
    played = _memo(state)
    owner = state.treasure_owner(other)
    mine = state.treasures[player]
    theirs = state.treasures[owner]
    mine[mine.index(played)], theirs[theirs.index(other)] = other, played
    state.narrate(f"P{player} swaps {card_name(played)} with P{owner}'s {card_name(other)}")
    # Water (side 1): every owner of a swapped card, the player too (its treasure just played is one of
    # them), as Master of Disguise's swap does (ruling 64).
    for each in sorted({player, owner}):
        state.lost_from_play(each)


def _multiply(state: NinjitsuState, card: int, player: int) -> None:
    """Multiply: every card of the played treasure's printed value moves from the discard pile to hand."""
    played = _memo(state)
    value = PRINTED[played] if played >= 0 else None
    if value is None:
        return
    moved = [each for each in state.discard if PRINTED[each] == value]
    for each in moved:
        state.discard.remove(each)
        state.hands[player].append(each)
        state.known[each] = state.everyone
    if moved:
        state.narrate(f"P{player} moves {', '.join(card_name(each) for each in moved)} from the discard pile "
                      "into their hand")


def _telekinesis(state: NinjitsuState, card: int, player: int) -> None:
    """Telekinesis: take an opponent's treasure of the printed value of the card played for its action."""
    played = _memo(state)
    value = PRINTED[played] if played >= 0 else None
    if value is None:
        return
    if telekinesis_targets(state, player, value):
        state.frames.append(Frame("telekinesis", [player], {"by": CARD_IDS[card], "value": value}))


def telekinesis_targets(state: NinjitsuState, player: int, value: int) -> list[int]:
    """The opponents' treasures of printed ``value``."""
    return [each for other in state.opponents(player) for each in state.treasures[other] if PRINTED[each] == value]


def steal_treasure(state: NinjitsuState, player: int, card: int, owner: int) -> None:
    """``player`` steals ``owner``'s treasure ``card`` into their collection; a trap on it fires."""
    state.treasures[owner].remove(card)
    state.treasures[player].append(card)
    state.narrate(f"P{player} steals P{owner}'s treasure {card_name(card)}")
    state.lost_from_play(owner)
    if CARDS[card].trap is not None:
        effects.offer(state, {"moment": "trap", "card": CARD_IDS[card], "taker": player, "victim": owner})


def _invisibility(state: NinjitsuState, card: int, player: int) -> None:
    """Invisibility: move any card from play or a random card of an opponent's hand into your hand.

    From play, a treasure only: "secrets ... can only be affected by cards which specifically target
    secrets" (the rulebook), and Invisibility names none."""
    if any(state.treasures) or any(state.hands[other] for other in state.opponents(player)):
        state.frames.append(Frame("invisibility", [player], {"by": CARD_IDS[card]}))


def forget_held(state: NinjitsuState, holder: int, from_hand: bool) -> None:
    """An unseen card of ``holder``'s secrets (or hand, ``from_hand``: Invisibility's or Fire, side 2's
    random card of a hand, the Wind Weather's pass) left them: nobody else can tell which, so what others
    knew of ``holder``'s cards no longer holds: who holds one (hand or secrets), and, for a card taken from
    the hand, where a card of the hand lies."""
    known = state.known
    for each in state.hands[holder]:
        known[each] &= 0 if from_hand else PLACE_MASK
        known[each] |= 1 << holder
    for each in state.secrets[holder]:
        known[each] &= PLACE_MASK


def take_from_hand(state: NinjitsuState, player: int, owner: int) -> None:
    """Invisibility on a hand: a random card of it goes into ``player``'s hand (both see which)."""
    hand = state.hands[owner]
    card = hand.pop(state.rng.randbelow(len(hand)))
    forget_held(state, owner, from_hand=True)
    state.hands[player].append(card)
    state.known[card] = 1 << player | 1 << owner
    state.narrate(f"P{player} takes a random card from P{owner}'s hand")
    state.narrate(f"the card is {card_name(card)}", 1 << player | 1 << owner)
    state.hand_left(owner)


def _discard_own_hand(state: NinjitsuState, card: int, player: int) -> None:
    """Flight's end: discard your hand."""
    for each in list(state.hands[player]):
        state.discard_from_hand(player, each)


effects.SPECIALS.update({
    "wind": _wind,
    "fire": _fire,
    "water": _water,
    "grimoire": _grimoire,
    "magic": _master_of_magic,
    "magic-plays": _magic_plays,
    "alchemy": _alchemy,
    "healing": _healing,
    "night-vision": _night_vision,
    "freeze": _freeze,
    "shape-shift": _shape_shift,
    "multiply": _multiply,
    "telekinesis": _telekinesis,
    "invisibility": _invisibility,
    "discard-own-hand": _discard_own_hand,
})

#: Steps that ask again after each answer (the effect's step is set back while it asks).
REPEATING = ("magic-plays",)
#: The decision each Masters of Magic special asks, when it asks one.
ASKS = {"fire": "fire", "water": "play", "grimoire": "play", "magic-plays": "play", "shape-shift": "shift",
        "telekinesis": "telekinesis", "invisibility": "invisibility"}
