"""The Elements (option ``expansions=elements``): one two-sided Element in front of each player.

At set-up the Elements are shuffled and one is dealt to each player (option ``element_seats``: only
to some seats, the rulebook's handicap); every player with an Element then chooses its side at once
and in secret (a simultaneous ``element`` decision, ``side:1`` or ``side:2``), before the starting
hands are dealt; the sides are then shown to everyone (option ``element_order=in-turn``: one after
another from the lowest seat, each side shown before the next seat chooses; ruling 57). Option
``element_sides`` (``fire2/wind1/-``)
skips the deal and the choice: a match keeps its Elements from game to game this way
(:meth:`NinjitsuState.rematch_options` gives the option to carry on).

An Element is written ``fire2`` (its name and the side in use). The sides, as printed (side 1 is
the first printed):

- Wind 1: take an extra action after you play an Ace or Joker (as an action or a secret).
- Wind 2: as an action, swap a treasure from your hand with any treasure in play, then draw a card
  (``swap:6a``, then ``c:`` the treasure in play).
- Fire 1: your highest-value treasure cannot be discarded from play.
- Fire 2: at the end of each of your turns you may trade a card from your hand with a random card
  of an opponent's hand (``h<seat>`` the opponent, then ``c:`` your card; or ``pass``).
- Earth 1: whenever you draw cards, draw an extra card.
- Earth 2: your treasures in play are each worth +1.
- Water 1: draw a card whenever any number of your cards in play are stolen, discarded, moved or
  swapped.
- Water 2: at the end of each of your turns you may discard a card from your hand to draw a card.
- Heart 1: at the start of the game, draw 4 extra cards.
- Heart 2: take an extra action on your first turn; at the start of each of your turns you may
  discard a card from your hand to look at an opponent's hand (``c:`` then ``h<seat>``; or ``pass``).
- Magic 1 (Promo Pack): at the start of the game draw only 1 card; draw a card at the end of each of
  your turns.
- Magic 2 (Promo Pack): whenever your hand is empty, draw 3 cards at once.

An Element cannot be discarded, flipped or affected by other cards: it lives outside the card zones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame, OptionError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.state import CardInfo
from ninjadojo.games.ninjitsu.cards import ACE_OR_JOKER, CARD_IDS, CARD_INDEX, CARDS, HAS_VALUE, card_name
from ninjadojo.games.ninjitsu.notation import (
    CHOOSE_TEXT,
    OP_CHOOSE,
    OP_PASS,
    OP_TAKE_HAND,
    PASS_PAYLOAD,
    PASS_TEXT,
    SIDE_PAYLOAD,
    SIDE_TEXT,
    TAKE_HAND_PAYLOAD,
    TAKE_HAND_TEXT,
    WIND_SWAP_PAYLOAD,
    WIND_SWAP_TEXT,
    Payload,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: The Elements in box order; Magic comes in the Promo Pack.
NAMES = ("wind", "fire", "earth", "water", "heart", "magic")
#: Each side's text as printed, by written form (``fire2``), with a short form for the terminal.
SIDES: dict[str, tuple[str, str]] = {
    # The cards show no rank (on the table they are playing cards), so which are Aces and Jokers is said here.
    "wind1": ("extra action after an Ace or Joker",
              "Take an extra action after you play an Ace or Joker. (The Aces: Darts, Caltrops, Blowgun, and with "
              "the expansions Aurora Borealis, Grimoire, Deadfall. The Jokers: Master of Surprise, and Solar Flare, "
              "Master of Magic, Master of Disguise.)"),
    "wind2": ("action: swap a hand treasure into play",
              "As an action, you may swap a treasure from your hand with any treasure in play then draw a card."),
    "fire1": ("your highest treasure can't be discarded",
              "Your highest-value treasure cannot be discarded from play. It can still be stolen, moved, or "
              "swapped."),
    "fire2": ("turn end: trade a card with a foe's",
              "At the end of each of your turns, you may trade a card from your hand with a random card from an "
              "opponent's hand."),
    "earth1": ("draw 1 extra whenever you draw", "Whenever you draw cards, draw an extra card."),
    "earth2": ("your treasures are worth +1 each", "Your treasures in play are each worth +1."),
    "water1": ("draw 1 when your cards in play are hit",
               "Draw a card whenever any number of your cards in play are stolen, discarded, moved, or swapped."),
    "water2": ("turn end: discard 1 to draw 1",
               "At the end of each of your turns, you may discard a card from your hand to draw a card."),
    "heart1": ("draw 4 extra at the start", "At the start of the game, draw 4 extra cards."),
    "heart2": ("1st turn +1 action; turn start: look",
               "On your first turn, take an extra action. At the start of each of your turns, you may discard a "
               "card from your hand to look at an opponent's hand."),
    "magic1": ("start with 1 card; draw 1 at turn end",
               "At the start of the game, only draw 1 card. Draw a card at the end of each of your turns."),
    "magic2": ("empty hand: draw 3 at once", "If your hand is ever empty, immediately draw 3 cards."),
}
#: Option ``element_order`` (ruling 57): the sides are chosen ``together`` (at once, in secret; our
#: reading) or ``in-turn`` (one after another from seat 0, each seen before the next).
ORDERS = ("together", "in-turn")
#: The decisions The Elements add.
FRAMES = ("element", "wind-swap", "heart", "heart-look", "fire-trade", "fire-with", "water-swap", "fire-keep")
#: Cards drawn by Magic (side 2) when the hand is empty, and by Heart (side 1) at the start.
MAGIC_DRAW = 3
HEART_EXTRA = 4


def side_words(side: str) -> str:
    """An Element for players: ``Fire (side 1)`` for ``fire1``, ``Fire`` while its side is unchosen."""
    name = side.rstrip("12")
    return f"{name.capitalize()} (side {side[len(name):]})" if side != name else name.capitalize()


def element_catalog() -> list[CardInfo]:
    """The Elements' sides as catalogue entries (``help fire2``)."""
    return [CardInfo(code, f"{code[:-1].capitalize()} (side {code[-1]})", brief,
                     f"Element (The Elements): stays in front of its player all game. {text}",
                     # An Element dealt without the Promo Pack needs The Elements only; Magic needs both.
                     needs=("elements",) if code[:-1] in names_in_game(("elements",)) else ("elements", "promo"))
            for code, (brief, text) in SIDES.items()]

#: What option ``element_sides`` may give one seat (``-``: no Element), and the words for each, in
#: order: the lobby offers them per seat.
SEAT_CHOICES = ("-", *(name + side for name in NAMES for side in "12"))
SEAT_CHOICE_LABELS = ("No Element", *(f"{name.capitalize()}, side {side} ({SIDES[name + side][0]})"
                                      + (", Promo Pack" if name == "magic" else "")
                                      for name in NAMES for side in "12"))


def names_in_game(sets: tuple[str, ...]) -> tuple[str, ...]:
    """The Elements of a game with the expansion ``sets`` (Magic needs the Promo Pack)."""
    return NAMES if "promo" in sets else NAMES[:-1]


def parse_sides(text: str, players: int, sets: tuple[str, ...]) -> list[str]:
    """Option ``element_sides`` (``fire2/wind1/-``): each seat's Element and side; raises OptionError."""
    parts = text.split("/")
    allowed = names_in_game(sets)
    if len(parts) != players:
        raise OptionError(f"ninjitsu: option element_sides names one Element per seat ({players}, joined by /, "
                          f"- for none), not {quote(text)}")
    seen: set[str] = set()
    for part in parts:
        if part == "-":
            continue
        if part[:-1] == "magic" and "magic" not in allowed:
            raise OptionError("the Magic Element comes in the Promo Pack: to keep it, play with the Promo Pack "
                              f"too (option expansions with promo; option element_sides names {quote(part)})")
        if part[:-1] not in allowed or part[-1:] not in ("1", "2"):
            raise OptionError(f"ninjitsu: option element_sides: {quote(part)} is not an Element and side (one of "
                              f"{', '.join(name + '1' for name in allowed)}, ... or side 2, or - for none)")
        if part[:-1] in seen:
            raise OptionError(f"ninjitsu: option element_sides names {part[:-1]} twice: there is one of each "
                              "Element")
        seen.add(part[:-1])
    return ["" if part == "-" else part for part in parts]


def has(state: NinjitsuState, seat: int, side: str) -> bool:
    """Whether ``seat`` has the Element side ``side`` (``fire1``) in front of them."""
    return state.elements[seat] == side


def holder(state: NinjitsuState, side: str) -> int:
    """The seat with the Element side ``side`` (-1: none)."""
    try:
        return state.elements.index(side)
    except ValueError:
        return -1


# ---------------------------------------------------------------------- set-up


def deal(state: NinjitsuState) -> bool:
    """Deal the Elements (or take them from option ``element_sides``); ``True`` when sides are to be
    chosen first (the simultaneous ``element`` decision is pushed)."""
    fixed = str(state.options.get("element_sides", ""))
    if fixed:
        state.elements = parse_sides(fixed, state.num_players, state.sets)
        for seat, side in enumerate(state.elements):
            if side:
                state.log(f"P{seat} keeps the Element {side_words(side)}")
        return False
    pool = list(names_in_game(state.sets))
    state.rng.shuffle(pool)
    chosen = str(state.options.get("element_seats", ""))
    seats = [int(each) for each in chosen.split(",")] if chosen else list(range(state.num_players))
    for seat in seats:
        state.elements[seat] = pool.pop()
        state.log(f"P{seat} is dealt the Element {side_words(state.elements[seat])}")
    # The rest of the Elements go back to the box.
    if state.sides_in_turn:
        # Option element_order=in-turn (ruling 57 the other way): one after another from seat 0, each
        # choice seen by all before the next.
        first, *later = sorted(seats)
        state.frames.append(Frame("element", [first], {"next": tuple(later)}))
        return True
    state.frames.append(Frame("element", sorted(seats), {}, simultaneous=True))
    return True


def side_actions() -> dict[str, Payload]:
    """``side:1`` and ``side:2``."""
    return {SIDE_TEXT[side]: SIDE_PAYLOAD[side] for side in (1, 2)}


def resolve_sides(state: NinjitsuState, choices: dict[int, Payload]) -> None:
    """Every Element's side is chosen: they are shown, then the starting hands are dealt."""
    for seat in sorted(choices):
        side = f"{state.elements[seat]}{choices[seat][1]}"
        state.elements[seat] = side
        state.log(f"P{seat} uses the Element {side_words(side)}")


# ---------------------------------------------------------------------- ongoing abilities


def draw_extra(state: NinjitsuState, seat: int) -> int:
    """Earth (side 1): the extra card of each draw."""
    return 1 if state.elements[seat] == "earth1" else 0


def treasure_bonus(state: NinjitsuState, seat: int) -> int:
    """Earth (side 2): +1 per treasure."""
    return len(state.treasures[seat]) if state.elements[seat] == "earth2" else 0


def protected(state: NinjitsuState, owner: int) -> int:
    """Fire (side 1): the treasure of ``owner`` that cannot be discarded, when one treasure is the highest
    (-1: none, or a tie: then the owner chooses, when an effect would discard one of the tied, which
    one Fire keeps: :func:`tied_top` and the ``fire-keep`` decision). Effects that take the highest
    then take the next."""
    tied = tied_top(state, owner)
    if len(tied) == 1:
        return tied[0]
    # On a tie, the one its owner chose to keep earlier in this action, once chosen.
    return state.fire_keeps if state.fire_keeps in tied else -1


def tied_top(state: NinjitsuState, owner: int) -> list[int]:
    """Fire (side 1): ``owner``'s treasures of the highest value (empty without Fire, side 1)."""
    if state.elements[owner] != "fire1" or not state.treasures[owner]:
        return []
    cards = state.treasures[owner]
    worths = [state.worth(card, owner) for card in cards]
    best = max(worths)
    return [card for card, worth in zip(cards, worths, strict=True) if worth == best]


def say_kept(state: NinjitsuState, card: int, owner: int, deeper: int = 0) -> None:
    """Log that Fire (side 1) keeps ``card``, ``owner``'s highest treasure, in play (an effect that would
    discard it, or takes the next ones instead): else players see it left there with no reason given."""
    state.narrate(f"{card_name(card)} stays in play: P{owner}'s Element Fire (side 1) protects their highest "
                  "treasure", deeper=deeper)


def lost_from_play(state: NinjitsuState, owner: int, deeper: int = 0) -> None:
    """Water (side 1): ``owner``'s cards in play were stolen, discarded, moved or swapped. "Any number"
    of them at once is one occasion: one action (a card's whole action, a steal and its trap) or one
    Event. Its owner draws at the first loss of an action, and not again in that action (``lost``
    remembers who drew); an Event's losses are drawn for once it is done (:func:`water_draws`)."""
    bit = 1 << owner
    if state.elements[owner] != "water1" or state.lost & bit:
        return
    state.lost |= bit
    if state.ending != "events":
        state.narrate(f"P{owner}'s Element Water (side 1): a card of theirs in play is gone, so they draw",
                      deeper=deeper)
        state.draw(owner, 1, deeper)


def water_draws(state: NinjitsuState) -> None:
    """Water (side 1) during the Events: each owner who lost cards in play to the Event just done draws one."""
    lost, state.lost = state.lost, 0
    for seat in range(state.num_players):
        if lost >> seat & 1:
            state.narrate(f"P{seat}'s Element Water (side 1): cards of theirs in play are gone, so they draw")
            state.draw(seat, 1)


def after_play(state: NinjitsuState, seat: int, card: int, secret: bool = False) -> None:
    """Wind (side 1): an Ace or Joker played (as an action or a secret) gives an extra action.

    Claimed for a secret, the extra action needs the table to see that the secret is an Ace or a Joker:
    its player shows it, as at a table, so everyone knows that secret from then on."""
    if ACE_OR_JOKER[card] and state.elements[seat] == "wind1" and seat == state.turn and not state.ending:
        state.extra_actions += 1
        # Which card is an Ace does not show on its face (an Ace's value is 1 or none): said here.
        rank = "a Joker" if CARDS[card].rank == "X" else "an Ace"
        if secret:
            # Shown to the table; an owner False Floor blinds still may not look at its own secrets.
            state.known[card] = state.everyone & ~(1 << seat) if state.blind == seat else state.everyone
            state.narrate(f"P{seat}'s Element Wind (side 1): P{seat} shows their new secret {card_name(card)} "
                          f"({rank}) and takes an extra action")
        else:
            state.narrate(f"P{seat}'s Element Wind (side 1): an extra action after {card_name(card)} ({rank})")


def refill(state: NinjitsuState) -> None:
    """Magic (side 2): a player whose hand is empty draws 3 (if there is anything to draw). The draw is made
    the moment a card leaves the hand (:func:`refill_seat`); this catches a hand that was emptied when there
    was nothing to draw and can draw now."""
    for seat, side in enumerate(state.elements):
        if side == "magic2":
            refill_seat(state, seat)


def refill_seat(state: NinjitsuState, seat: int, deeper: int = 0) -> None:
    """Magic (side 2): ``seat``'s hand is empty, so it draws 3 at once (if there is anything to draw and no
    such draw is already waiting for a Master of Magic's owner to play)."""
    if state.elements[seat] != "magic2" or state.hands[seat] or not (state.deck or state.discard):
        return
    if any(kind in ("draw", "rest") and args[0] == seat for _, kind, args in state.later):
        return  # its draw is under way (cut short by a Master of Magic): the hand fills when it goes on
    state.narrate(f"P{seat}'s Element Magic (side 2): an empty hand draws {MAGIC_DRAW}", deeper=deeper)
    state.draw(seat, MAGIC_DRAW, deeper)


# ---------------------------------------------------------------------- turn start and end


def turn_start(state: NinjitsuState, seat: int) -> bool:
    """Heart (side 2): the first turn's extra action, and the offer to look at a hand (``True``: the
    ``heart`` decision is pushed before the turn's)."""
    first = not state.started >> seat & 1
    state.started |= 1 << seat
    if state.elements[seat] != "heart2":
        return False
    if first:
        state.extra_actions += 1
        state.narrate(f"P{seat}'s Element Heart (side 2): an extra action on their first turn")
    if any(card != state.marks[seat] for card in state.hands[seat]) \
            and any(state.hands[other] for other in state.opponents(seat)):
        state.frames.append(Frame("heart", [seat], {}))
        return True
    return False


def end_ability(state: NinjitsuState) -> bool:
    """The current player's end-of-turn Element ability (``True``: a decision was pushed)."""
    seat = state.turn
    side = state.elements[seat]
    if side == "magic1":
        state.narrate(f"P{seat}'s Element Magic (side 1): they draw a card at the end of their turn")
        state.draw(seat, 1)
    elif side == "fire2" and state.hands[seat] and any(state.hands[other] for other in state.opponents(seat)):
        state.frames.append(Frame("fire-trade", [seat], {}))
        return True
    elif side == "water2" and state.hands[seat]:
        state.frames.append(Frame("water-swap", [seat], {}))
        return True
    return False


# ---------------------------------------------------------------------- decisions


def legal(state: NinjitsuState, seat: int, frame: Frame) -> dict[str, Payload]:
    """The legal actions of an Elements decision."""
    kind = frame.kind
    actions: dict[str, Payload] = {}
    if kind == "element":
        return side_actions()
    if kind == "fire-keep":
        cards = frame.data["cards"]
        assert isinstance(cards, tuple)
        return {CHOOSE_TEXT[CARD_INDEX[str(cid)]]: (OP_CHOOSE, CARD_INDEX[str(cid)], 0) for cid in cards}
    if kind == "wind-swap":
        for owner in range(state.num_players):
            for card in state.treasures[owner]:
                actions[CHOOSE_TEXT[card]] = (OP_CHOOSE, card, 0)
        return actions
    if kind in ("heart", "water-swap", "fire-with"):
        # Night Vision's constraint comes before Heart's look (RULINGS): its marked card is kept to be
        # played or to skip the turn with, so Heart may not discard it (ruling 67).
        marked = state.marks[seat] if kind == "heart" else -1
        for card in state.hands[seat]:
            if card != marked:
                actions[CHOOSE_TEXT[card]] = (OP_CHOOSE, card, 0)
        if kind != "fire-with":
            actions[PASS_TEXT] = PASS_PAYLOAD
        return actions
    # heart-look, fire-trade: an opponent with cards in hand.
    for other in state.opponents(seat):
        if state.hands[other]:
            actions[TAKE_HAND_TEXT[other]] = TAKE_HAND_PAYLOAD[other]
    if kind == "fire-trade":
        actions[PASS_TEXT] = PASS_PAYLOAD
    return actions


def wind_swap_actions(state: NinjitsuState, seat: int) -> dict[str, Payload]:
    """Wind (side 2)'s turn action: a treasure of the hand, when a treasure is in play to swap it with."""
    if state.elements[seat] != "wind2" or not any(state.treasures):
        return {}
    return {WIND_SWAP_TEXT[card]: WIND_SWAP_PAYLOAD[card] for card in state.hands[seat]
            if "treasure" in CARDS[card].plays}


#: What a player declines, by decision (the log says what was not done).
_DECLINED = {"heart": "Heart's look at a hand", "fire-trade": "Fire's trade of a card",
             "water-swap": "Water's discard and draw"}


def apply(state: NinjitsuState, seat: int, frame: Frame, payload: Payload) -> bool:
    """Carry out an Elements decision (the frame is popped already); ``True`` when what follows is the
    turn's own action (the ``heart`` look comes before it), so the caller must not end the turn."""
    from ninjadojo.games.ninjitsu.rules import push_turn

    op, first, _ = payload
    kind = frame.kind
    bit = 1 << seat
    if kind == "element":
        # Sides chosen one after another (option element_order=in-turn): shown at once, then the next
        # seat chooses, and after the last the starting hands are dealt.
        resolve_sides(state, {seat: payload})
        later = frame.data["next"]
        assert isinstance(later, tuple)
        if later:
            following = later[0]
            assert isinstance(following, int)
            state.frames.append(Frame("element", [following], {"next": later[1:]}))
        else:
            state.deal_hands()
        return True
    if kind == "fire-keep":
        from ninjadojo.games.ninjitsu.effects import kept_or_discarded

        kept_or_discarded(state, frame.data, first)
        return False
    if kind == "wind-swap":
        wind_swap(state, seat, CARD_INDEX[str(frame.data["card"])], first)
        return False
    if kind in ("heart", "fire-trade", "water-swap") and op == OP_PASS:
        state.narrate(f"P{seat} declines {_DECLINED[kind]}")
        if kind == "heart":
            push_turn(state, seat)
            return True
        return False
    if kind == "water-swap":
        # Said first, as Fire's and Wind's are: the discard and the draw below are its lines.
        state.narrate(f"P{seat}'s Element Water (side 2): discards a card from their hand to draw one")
        state.discard_from_hand(seat, first)
        state.draw(seat, 1)
        return False
    if kind == "heart":
        state.frames.append(Frame("heart-look", [seat], {"card": CARD_IDS[first]}))
        state.discard_from_hand(seat, first)
        return True
    if kind == "fire-trade":
        state.frames.append(Frame("fire-with", [seat], {"seat": first}))
        state.narrate(f"P{seat}'s Element Fire (side 2): trades a card with a random card of P{first}'s hand")
        return False
    other = first
    if kind == "heart-look":
        assert op == OP_TAKE_HAND
        hand = state.hands[other]
        for card in hand:
            state.known[card] |= bit
        state.narrate(f"P{seat} looks at P{other}'s hand")
        state.log(f"P{other}'s hand: {', '.join(card_name(card) for card in hand) or 'empty'}", bit,
                  transient=True, depth=len(state.effects))
        push_turn(state, seat)
        return True
    # fire-with: the chosen card for a random card of the opponent's hand; both players see both cards.
    given = first
    other = int(str(frame.data["seat"]))
    taken = state.hands[other][state.rng.randbelow(len(state.hands[other]))]
    state.hands[seat].remove(given)
    state.hands[other].remove(taken)
    from ninjadojo.games.ninjitsu.magic import forget_held

    # The others cannot tell which cards went: what they knew of either hand no longer holds.
    forget_held(state, seat, from_hand=True)
    forget_held(state, other, from_hand=True)
    state.hands[seat].append(taken)
    state.hands[other].append(given)
    state.hand_left(seat)  # a Night Vision mark on a card that left ends
    state.hand_left(other)
    both = bit | 1 << other
    state.known[given] = both
    state.known[taken] = both
    state.narrate("the cards change hands")
    state.log(f"you gave {card_name(given)} and took {card_name(taken)}", bit, depth=len(state.effects))
    state.log(f"P{seat} took your {card_name(taken)} and gave you {card_name(given)}", 1 << other,
              depth=len(state.effects))
    return False


def wind_swap(state: NinjitsuState, seat: int, card: int, target: int) -> None:
    """Wind (side 2): ``card`` (a treasure from ``seat``'s hand) takes the place of the treasure
    ``target`` in its owner's collection, ``target`` goes to ``seat``'s hand; then ``seat`` draws."""
    owner = state.treasure_owner(target)
    state.hands[seat].remove(card)
    treasures = state.treasures[owner]
    treasures[treasures.index(target)] = card
    state.known[card] = state.everyone
    state.hands[seat].append(target)
    state.known[target] = state.everyone
    state.hand_left(seat)  # a Night Vision mark on the card swapped away ends
    state.narrate(f"P{seat}'s Element Wind (side 2): {card_name(card)} from hand swaps with {card_name(target)} "
                  f"of P{owner}'s treasures")
    if owner != seat:
        lost_from_play(state, owner)
    from ninjadojo.games.ninjitsu.effects import treasure_in

    treasure_in(state, owner, card, "swapped")  # Teleport's moment, then the draw


def check(state: NinjitsuState, frame: Frame) -> None:
    """The laws of an Elements decision (raises AssertionError naming the broken one)."""
    kind = frame.kind
    seat = frame.seats[0] if frame.seats else -1
    if kind == "fire-keep":
        cards = frame.data["cards"]
        card = frame.data["card"]
        assert state.elements[seat] == "fire1", "only Fire (side 1) keeps a treasure"
        assert isinstance(cards, tuple) and len(cards) >= 2, "Fire's owner chooses among 2 or more tied treasures"
        numbers = sorted(CARD_INDEX[str(cid)] for cid in cards)
        assert numbers == sorted(tied_top(state, seat)), f"the tied treasures are P{seat}'s highest"
        assert card == "" or card in cards, "the treasure about to be discarded is one of the tied"
        return
    if kind == "element":
        assert frame.simultaneous != state.sides_in_turn, (
            "the Elements' sides are chosen " + ("one after another (element_order=in-turn)" if state.sides_in_turn
                                                 else "at once, in secret"))
        assert not any(state.hands) and not any(state.treasures) and not any(state.secrets), \
            "the Elements' sides are chosen before the starting hands are dealt"
        waiting = list(frame.participants())
        if state.sides_in_turn:
            later = frame.data.get("next")
            assert len(waiting) == 1 and isinstance(later, tuple), "one seat chooses at a time, the rest wait"
            seats = [each for each in later if isinstance(each, int)]
            assert len(seats) == len(later) and seats == sorted(seats) and all(each > seat for each in seats), \
                "the seats still to choose come after the one choosing, in seat order"
            waiting += seats
            for each in range(seat):
                assert state.elements[each] not in NAMES, f"P{each} chose before P{seat} (seat order)"
        for each in waiting:
            assert state.elements[each] in NAMES, f"P{each} chooses the side of a dealt Element"
        return
    assert not frame.simultaneous and len(frame.seats) == 1, f"a {kind!r} decision is one player's"
    assert seat == state.turn, f"the {kind!r} decision is the current player's (P{state.turn})"
    side = {"wind-swap": "wind2", "heart": "heart2", "heart-look": "heart2", "fire-trade": "fire2",
            "fire-with": "fire2", "water-swap": "water2"}[kind]
    assert state.elements[seat] == side, f"only the Element {side} asks a {kind!r} decision"
    assert not state.effects, f"no card action resolves during the {kind!r} decision"
    if kind in ("fire-trade", "fire-with", "water-swap"):
        assert state.ending == "element", f"the {kind!r} decision comes at the end of the turn"
    if kind == "fire-with":
        other = frame.data.get("seat")
        assert isinstance(other, int) and other in state.opponents(seat) and state.hands[other], \
            "Fire trades with an opponent who holds a card"
    if kind == "wind-swap":
        card = frame.data.get("card")
        assert isinstance(card, str) and card in CARD_IDS, f"the {kind!r} decision names a card"
        number = CARD_INDEX[card]
        assert number in state.hands[seat], f"the {kind!r} decision's {card} is in P{seat}'s hand"
        assert kind != "wind-swap" or HAS_VALUE[number], "Wind swaps a treasure (a card with a value)"
    if kind == "heart-look":
        card = frame.data.get("card")
        assert isinstance(card, str) and card in CARD_IDS, "the Heart look names the card discarded for it"
