"""Heavy Weather (option ``expansions=weather``): the Weather in play and the Events of the deck.

Zones: ``state.weather`` (the Weather cards in play, oldest first: one, or two after Solar Flare),
``state.weather_deck`` (face-down, top last) and ``state.weather_discard``; ``state.event_queue`` (Events
in play, in the order they entered it) and ``state.aside`` (the Events before they are shuffled into
the deck, during set-up only).

Set-up: the starting hands are dealt from a deck without Events; then the Events are shuffled in, the
Heart (side 1) holder draws its 4 extra cards (an Event among them is discarded unresolved and
replaced), and the top Weather goes into play. Whenever an Event is the top card of the deck it goes
into play (:func:`surface`): a drawn card is never an Event. At the end of every turn, after the
current player's end-of-turn Element ability, the Events resolve one at a time in the order they
entered play (each is a card action on ``state.effects``, run for the current player, whose last step
discards it); an Event that surfaces meanwhile joins the end of the queue.

Weather: Snow, Fog and Storms offer a turn action (``snow``, ``fog``, ``storm:<card>``); Sunshine,
Rainbow, Hail, Wind, Drought and Aurora Borealis act at the moments their texts name (the hooks
below, called by the rules). Decisions: ``hail`` (discard a card after a treasure play), and three
simultaneous, hidden ones: ``wind-pass`` (the card each player passes left), ``hurricane`` (the
card each player discards) and ``blizzard`` (a card each player above the smallest hand discards,
repeated until the hands are even).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.engine.words import listing, plural
from ninjadojo.games.ninjitsu.cards import (
    AURORA,
    CARD_IDS,
    CARDS,
    DROUGHT,
    FOG,
    HAIL,
    IS_EVENT,
    MASTER_OF_MAGIC,
    PRINTED,
    RAINBOW,
    SNOW,
    STORMS,
    SUNSHINE,
    WIND,
    card_name,
)
from ninjadojo.games.ninjitsu.knowledge import PLACE_MASK
from ninjadojo.games.ninjitsu.notation import (
    CHOOSE_TEXT,
    OP_CHOOSE,
    OP_WEATHER,
    STORM_PAYLOAD,
    STORM_TEXT,
    Payload,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: The decisions Heavy Weather adds; the simultaneous ones among them.
FRAMES = ("hail", "wind-pass", "hurricane", "blizzard")
SIMULTANEOUS = ("wind-pass", "hurricane", "blizzard")
#: Drought: a hand of this many cards or more cannot draw.
DROUGHT_LIMIT = 5
#: Snow takes this many cards from the discard pile.
SNOW_COUNT = 2
#: A Weather's turn action text: ``snow`` and ``fog`` (Storms names the card it discards).
ACTION_TEXT = {SNOW: "snow", FOG: "fog"}
#: What each Special of an Event or Weather asks for (``None``: nothing).
ASKS = {"fog": "play", "hurricane": "hurricane", "blizzard": "blizzard"}


def in_play(state: NinjitsuState, weather: int) -> bool:
    """Whether the Weather card ``weather`` is in play."""
    return weather in state.weather


# ---------------------------------------------------------------------- set-up and zones


def shuffle_in_events(state: NinjitsuState) -> None:
    """After the starting hands: the Events go into the deck, which is shuffled."""
    state.deck += state.aside
    state.aside = []
    state.rng.shuffle(state.deck)
    for card in state.deck:
        state.known[card] = 0
    state.log("the Events are shuffled into the deck")


def first_weather(state: NinjitsuState) -> None:
    """The top card of the Weather deck goes into play."""
    play_new(state)


def play_new(state: NinjitsuState, deeper: int = 0) -> None:
    """Play a new Weather card: the top of the Weather deck (rebuilt from its discard pile when empty)."""
    if not state.weather_deck:
        if not state.weather_discard:
            state.narrate("no Weather card is left to play", deeper=deeper)
            return
        state.weather_deck = sorted(state.weather_discard)
        state.weather_discard = []
        for each in state.weather_deck:
            state.known[each] = 0
        state.rng.shuffle(state.weather_deck)
        state.narrate("the Weather discard pile is shuffled into a new Weather deck", deeper=deeper)
    card = state.weather_deck.pop()
    state.weather.append(card)
    state.known[card] = state.everyone
    state.narrate(f"Weather: {card_name(card)} comes into play ({CARDS[card].brief})", deeper=deeper)


def surface(state: NinjitsuState, deeper: int = 0) -> bool:
    """An Event on top of the deck goes into play (``True`` if one did)."""
    deck = state.deck
    if deck and IS_EVENT[deck[-1]]:
        card = deck.pop()
        state.event_queue.append(card)
        state.known[card] = state.everyone
        state.narrate(f"Event: {card_name(card)} reaches the top of the deck and goes into play (it resolves at "
                      "the end of the turn)", deeper=deeper)
        return True
    return False


def settle(state: NinjitsuState, deeper: int = 0) -> None:
    """Every Event on top of the deck goes into play (and a face-up Master of Magic there surfaces), until
    the top card is neither."""
    state.settle_top(deeper)


# ---------------------------------------------------------------------- ongoing Weather


def drought_forbids(state: NinjitsuState, seat: int) -> bool:
    """Drought: whether ``seat`` holds too many cards to draw."""
    return DROUGHT in state.weather and len(state.hands[seat]) >= DROUGHT_LIMIT


def drought_blocks(state: NinjitsuState, seat: int, deeper: int = 0) -> bool:
    """Drought: a player with 5 or more cards in hand cannot draw (checked before each draw occasion)."""
    if DROUGHT in state.weather and len(state.hands[seat]) >= DROUGHT_LIMIT:
        state.narrate(f"{card_name(DROUGHT)}: P{seat} holds {len(state.hands[seat])} cards and cannot draw",
                      deeper=deeper)
        return True
    return False


def turn_start(state: NinjitsuState, seat: int) -> None:
    """Sunshine: the current player draws a card at the start of the turn; Aurora Borealis: 2 actions."""
    for weather in list(state.weather):
        if weather == SUNSHINE:
            state.narrate(f"{card_name(SUNSHINE)}: P{seat} draws a card at the start of their turn")
            state.draw(seat, 1)
        elif weather == AURORA:
            # Said now: else the second action reads as an unexplained "extra action" later.
            state.narrate(f"{card_name(AURORA)}: P{seat} takes 2 actions this turn")
            state.extra_actions += 1


def after_treasure(state: NinjitsuState, seat: int, start: int = 0) -> None:
    """Rainbow (draw a card) and Hail (discard a card: the ``hail`` decision) after a treasure play (any,
    inside any effect), the older Weather first, from the ``start``-th of them. Hail's decision waits until
    Rainbow's draw is done, whichever is older (and so does the rest if a Master of Magic cut that short)."""
    order = [weather for weather in state.weather if weather in (RAINBOW, HAIL)]
    for index, weather in enumerate(order):
        if index < start:
            continue
        if state.suspended():
            state.wait("weather", seat, index)
            return
        if weather == RAINBOW:
            rainbow(state, seat)
        elif state.hands[seat]:
            # Hail's discard is chosen now; Rainbow's draw, if it is the younger, comes after it.
            state.frames.append(Frame("hail", [seat], {"draw": True} if RAINBOW in order[index:] else {}))
            return
        else:
            state.narrate(f"{card_name(HAIL)}: P{seat} has no card in hand to discard")


def rainbow(state: NinjitsuState, seat: int) -> None:
    """Rainbow: a treasure was played, so its player draws a card."""
    # The draw says itself on the next line (or that Drought stops it): this line says why.
    state.narrate(f"{card_name(RAINBOW)}: P{seat} played a treasure, so draws")
    state.draw(seat, 1)


def after_draw_action(state: NinjitsuState) -> None:
    """Wind: after a Draw action, every player with a card in hand passes one to the left (at once)."""
    if WIND in state.weather:
        seats = [seat for seat in range(state.num_players) if state.hands[seat]]
        if seats:
            state.narrate(f"{card_name(WIND)}: every player passes a card to the left")
            state.frames.append(Frame("wind-pass", seats, {}, simultaneous=True))


def turn_actions(state: NinjitsuState, seat: int, actions: dict[str, Payload]) -> None:
    """The Weather's turn actions: Snow (when the discard pile holds a card to take), Fog, Storms."""
    for weather in state.weather:
        if weather == SNOW and any(not IS_EVENT[card] for card in state.discard):
            actions[ACTION_TEXT[SNOW]] = (OP_WEATHER, SNOW, 0)
        elif weather == FOG:
            actions[ACTION_TEXT[FOG]] = (OP_WEATHER, FOG, 0)
        elif weather == STORMS:
            for card in state.hands[seat]:
                actions[STORM_TEXT[card]] = STORM_PAYLOAD[card]


# ---------------------------------------------------------------------- Weather actions (card actions)


def _snow(state: NinjitsuState, card: int, player: int) -> None:
    """Snow: the top 2 cards of the discard pile (Events there are skipped) into the hand."""
    taken = [each for each in reversed(state.discard) if not IS_EVENT[each]][:SNOW_COUNT]
    for each in taken:
        state.discard.remove(each)
        state.hands[player].append(each)
        state.known[each] = state.everyone
    state.narrate(f"P{player} takes {', '.join(card_name(each) for each in taken)} from the discard pile")


def _fog(state: NinjitsuState, card: int, player: int) -> None:
    """Fog: the hand is shuffled and a random card of it is played (its player chooses the way); every
    card can be played as a secret, so one is always played (an empty hand plays nothing)."""
    hand = state.hands[player]
    if not hand:
        state.narrate(f"P{player} has no card to play")
        return
    state.rng.shuffle(hand)
    chosen = hand.pop(state.rng.randbelow(len(hand)))
    hand.append(chosen)
    state.narrate(f"{card_name(FOG)}: P{player} must play a card of their hand picked at random")
    state.narrate(f"it is {card_name(chosen)}", 1 << player)
    state.frames.append(Frame("play", [player], {"way": "any", "by": CARD_IDS[card], "last": 1}))


# ---------------------------------------------------------------------- Events


def _event_done(state: NinjitsuState, card: int, player: int) -> None:
    """The last step of every Event: it leaves play for the discard pile; a Water (side 1) holder who lost
    cards in play during it draws once."""
    state.event_queue.remove(card)
    state.discard_card(card)
    state.narrate(f"{card_name(card)} is discarded")
    if state.lost:
        from ninjadojo.games.ninjitsu.elements import water_draws

        water_draws(state)


def _replace(state: NinjitsuState, card: int, player: int) -> None:
    """Discard all Weather from play and play a new Weather card."""
    for weather in state.weather:
        state.weather_discard.append(weather)
    if state.weather:
        gone = [card_name(each) for each in state.weather]
        state.narrate(f"{listing(gone)} {'leaves' if len(gone) == 1 else 'leave'} play")
    state.weather = []
    play_new(state)


def _solar_flare(state: NinjitsuState, card: int, player: int) -> None:
    play_new(state)


def _hurricane(state: NinjitsuState, card: int, player: int) -> None:
    """Each player discards a card from their hand (chosen at once, in secret)."""
    seats = [seat for seat in range(state.num_players) if state.hands[seat]]
    if seats:
        state.frames.append(Frame("hurricane", seats, {}, simultaneous=True))


def _hurricane_shuffle(state: NinjitsuState, card: int, player: int) -> None:
    """The discard pile into the deck; every Weather card back into the Weather deck; a new Weather."""
    if state.discard:
        state.deck += state.discard
        state.discard = []
        state.deck.sort()
        state.rng.shuffle(state.deck)
        # Nobody knew which cards the old deck held, so nobody knows which the new one does.
        for each in state.deck:
            state.known[each] = 0
        if state.magic_owner >= 0:
            state.known[MASTER_OF_MAGIC] = state.everyone  # still face-up in the deck
        state.narrate("the discard pile is shuffled into the deck")
        settle(state)
        if state.suspended():
            state.wait("reweather")  # a Master of Magic came up on top: its owner plays before the Weathers go
            return
    reweather(state)


def reweather(state: NinjitsuState) -> None:
    """Hurricane's end: every Weather card back into the Weather deck, shuffled, and a new Weather."""
    state.weather_deck = sorted([*state.weather_deck, *state.weather, *state.weather_discard])
    state.weather = []
    state.weather_discard = []
    for each in state.weather_deck:
        state.known[each] = 0
    state.rng.shuffle(state.weather_deck)
    state.narrate("every Weather card is shuffled back into the Weather deck")
    play_new(state)


def _heat_wave(state: NinjitsuState, card: int, player: int) -> None:
    """The players with the most treasures (by count) discard their hands; then everyone draws a card."""
    from ninjadojo.games.ninjitsu.effects import discard_hands

    most = max(len(cards) for cards in state.treasures)
    if most:
        seats = [seat for seat in range(state.num_players) if len(state.treasures[seat]) == most]
        # Why these hands go (the log would show only the discards): the most treasures, by count.
        who = " and ".join(f"P{seat}" for seat in seats)
        state.narrate(f"{who} {'has' if len(seats) == 1 else 'have'} the most treasures ({most}): "
                      f"{'their hand is' if len(seats) == 1 else 'their hands are'} discarded")
        discard_hands(state, seats)
    else:
        state.narrate("nobody has a treasure: no hand is discarded")
    # (the draws that follow are the card's too: said, or they read as draws with no cause)
    state.narrate("then everyone draws a card")
    for seat in (state.turn, *state.opponents(state.turn)):
        state.draw(seat, 1)


def _blizzard(state: NinjitsuState, card: int, player: int, left: tuple[int, ...] | None = None) -> None:
    """Hands above the smallest discard, a card at a time, until all are even (chosen at once, in secret).

    How many cards each player discards is fixed when Blizzard resolves (``left``, per seat, carried from
    round to round): a hand that Magic (side 2) refills as it empties does not start over."""
    if left is None:
        sizes = [len(hand) for hand in state.hands]
        left = tuple(size - min(sizes) for size in sizes)
        owing = [f"P{seat} {count}" for seat, count in enumerate(left) if count > 0]
        # What Blizzard asks of whom, said once when it resolves (each discard is then chosen in secret).
        state.narrate(f"every hand comes down to the smallest ({min(sizes)} "
                      f"{'card' if min(sizes) == 1 else 'cards'}), a card at a time: "
                      + (", ".join(owing) + " to discard" if owing else "the hands are even: nobody discards"))
    seats = [seat for seat, count in enumerate(left) if count > 0 and state.hands[seat]]
    if seats:
        state.frames.append(Frame("blizzard", seats, {"owed": left}, simultaneous=True))


def _sunshower(state: NinjitsuState, card: int, player: int) -> None:
    """Each player draws as many cards as the Weather discard pile holds."""
    count = len(state.weather_discard)
    if not count:
        state.narrate("the Weather discard pile is empty: nobody draws")
        return
    state.narrate(f"the Weather discard pile holds {count}: everyone draws {plural(count, 'card')}")
    for seat in (state.turn, *state.opponents(state.turn)):
        state.draw(seat, count)


def _flood(state: NinjitsuState, card: int, player: int) -> None:
    """Every treasure of printed value 5 or less is discarded (one at a time: each a moment for Alberti)."""
    from ninjadojo.games.ninjitsu.effects import discard_each

    doomed = tuple((CARD_IDS[each], seat) for seat in (state.turn, *state.opponents(state.turn))
                   for each in state.treasures[seat] if (PRINTED[each] or 0) <= 5 and PRINTED[each] is not None)
    if not doomed:
        # Else the log says only that Flood resolved, and a player cannot tell whether it did anything.
        state.narrate("no treasure of value 5 or less is in play: nothing is discarded")
    discard_each(state, doomed)


def _eruption(state: NinjitsuState, card: int, player: int) -> None:
    """Every hand into one face-down pile; each player draws back as many as they put in (from the current
    player, clockwise). Nobody learns which cards another now holds."""
    counts = [len(hand) for hand in state.hands]
    pile = sorted(card for hand in state.hands for card in hand)
    for seat, marked in enumerate(state.marks):
        if marked >= 0:
            state.end_mark(seat)  # the marked card left the hand (even if it is drawn back): Night Vision ends
    for secrets in state.secrets:
        for each in secrets:
            # Who holds a card of a hand or its secrets is no longer known: hands just changed.
            state.known[each] &= PLACE_MASK
    state.rng.shuffle(pile)
    # (said before each seat's own line of what it took back: the cause before its effect)
    state.narrate("every hand is shuffled into one pile and drawn back, as many cards as each put in")
    order = (state.turn, *state.opponents(state.turn))
    for seat in order:
        if counts[seat]:
            state.hands[seat] = []
            # Magic (side 2): a hand the pile emptied draws 3 at once, before the pile is drawn back (ruling 68:
            # whenever a card leaves the hand, inside whatever effect; pooled cards left it, ruling 34).
            state.hand_left(seat)
    for seat in order:
        hand = [pile.pop() for _ in range(counts[seat])]
        state.hands[seat] += hand
        for each in hand:
            state.known[each] = 1 << seat
        if hand:
            state.log(f"you take {', '.join(card_name(each) for each in hand)} from the pile", 1 << seat,
                      depth=len(state.effects))


def _lightning(state: NinjitsuState, card: int, player: int) -> None:
    """The top card of the deck is discarded; every card of its printed value goes from hands and play
    (treasures: secrets are affected only by cards that target secrets) to the discard pile. A card without
    a value names no value: nothing more goes."""
    if not state.deck and state.discard:
        state.reshuffle()
        settle(state)
    if not state.deck:
        state.narrate(f"the deck is empty: {card_name(card)} strikes nothing")
        return
    top = state.deck.pop()
    state.discard_card(top)
    state.narrate(f"{card_name(card)} strikes the top card of the deck: {card_name(top)}")
    value = PRINTED[top]
    if value is None:
        # Said before what the deck's new top card does (an Event it uncovers goes into play): said after it,
        # "it has no value" read as the Event's.
        state.narrate(f"{card_name(top)} has no value: nothing else is struck")
        settle(state)
        return
    settle(state)
    if state.suspended():
        state.wait("strike", value)  # it uncovered a Master of Magic: its owner plays before the strike
        return
    strike(state, value)


def strike(state: NinjitsuState, value: int) -> None:
    """Lightning's strike: every card of printed ``value`` goes from hands and play to the discard pile.

    Not the secrets: "While face-down, secrets are not treasures. They can only be affected by cards
    which specifically target secrets" (the rulebook), and Lightning names no secret."""
    from ninjadojo.games.ninjitsu.effects import discard_each

    struck = False
    for seat in range(state.num_players):
        for each in [each for each in state.hands[seat] if PRINTED[each] == value]:
            state.discard_from_hand(seat, each)
            struck = True
    doomed = tuple((CARD_IDS[each], seat) for seat in (state.turn, *state.opponents(state.turn))
                   for each in state.treasures[seat] if PRINTED[each] == value)
    if not struck and not doomed:
        state.narrate(f"no other card of value {value} is in a hand or in play: nothing else is struck")
    discard_each(state, doomed)


SPECIALS = {
    "snow": _snow,
    "fog": _fog,
    "event-done": _event_done,
    "weather-replace": _replace,
    "solar-flare": _solar_flare,
    "hurricane": _hurricane,
    "hurricane-shuffle": _hurricane_shuffle,
    "heat-wave": _heat_wave,
    "blizzard": _blizzard,
    "sunshower": _sunshower,
    "flood": _flood,
    "eruption": _eruption,
    "lightning": _lightning,
}


# ---------------------------------------------------------------------- decisions


def legal(state: NinjitsuState, seat: int, frame: Frame) -> dict[str, Payload]:
    """Every Heavy Weather decision is a card of the deciding player's hand (``c:``)."""
    return {CHOOSE_TEXT[card]: (OP_CHOOSE, card, 0) for card in state.hands[seat]}


def apply_hail(state: NinjitsuState, seat: int, frame: Frame, card: int) -> None:
    """Hail's discard (then Rainbow's draw, when Rainbow came into play after Hail)."""
    state.narrate(f"{card_name(HAIL)}: P{seat} must discard a card")
    state.discard_from_hand(seat, card, deeper=1)
    if frame.data.get("draw"):
        rainbow(state, seat)


def resolve(state: NinjitsuState, frame: Frame, choices: dict[int, Payload]) -> None:
    """A simultaneous Heavy Weather decision: every choice is shown and carried out together."""
    if frame.kind == "wind-pass":
        from ninjadojo.games.ninjitsu.magic import forget_held  # magic registers into effects, which imports us

        players = state.num_players
        passed = {seat: choices[seat][1] for seat in choices}
        for seat, card in passed.items():
            state.hands[seat].remove(card)
            # The others cannot tell which card went: what they knew of this hand no longer holds.
            forget_held(state, seat, from_hand=True)
        for seat, card in passed.items():
            left = (seat + 1) % players
            state.hands[left].append(card)
            state.known[card] = 1 << seat | 1 << left
            state.log(f"you pass {card_name(card)} to P{left}", 1 << seat, depth=len(state.effects))
            state.log(f"P{seat} passes you {card_name(card)}", 1 << left, depth=len(state.effects))
        state.narrate("the cards are passed to the left")
        for seat in passed:
            state.hand_left(seat)  # passed its last card and got none (its right neighbour had none)
        return
    for seat in sorted(choices):
        state.discard_from_hand(seat, choices[seat][1], deeper=1)
    if frame.kind == "blizzard":
        owed = frame.data.get("owed")
        counts = None
        if isinstance(owed, tuple):
            counts = tuple(int(str(count)) - (1 if seat in choices else 0) for seat, count in enumerate(owed))
        _blizzard(state, -1, state.turn, counts)


def check(state: NinjitsuState, frame: Frame) -> None:
    """The laws of a Heavy Weather decision (raises AssertionError naming the broken one)."""
    kind = frame.kind
    if kind == "hail":
        assert HAIL in state.weather, "only Hail asks for a discard after a treasure play"
        assert not frame.simultaneous and len(frame.seats) == 1, "Hail's discard is one player's"
        return
    assert frame.simultaneous, f"a {kind!r} decision is made by everyone at once, in secret"
    participants = frame.participants()
    assert all(state.hands[seat] for seat in frame.seats), f"every player in a {kind!r} decision holds a card"
    if kind == "wind-pass":
        assert WIND in state.weather, "only the Wind Weather passes cards"
        return
    event = state.effects[-1][0] if state.effects else -1
    name = "Hurricane" if kind == "hurricane" else "Blizzard"
    assert event >= 0 and CARDS[event].name == name and event in state.event_queue, \
        f"a {kind!r} decision is asked by {name} while it resolves"
    if kind == "blizzard":
        left = frame.data.get("owed")
        if isinstance(left, tuple):
            assert len(left) == state.num_players and all(isinstance(count, int) and count >= 0 for count in left), \
                "Blizzard's discards still to make are a count per seat"
            assert all(left[seat] for seat in participants if seat in frame.seats), \
                "Blizzard asks only the players with discards still to make"
            return
        smallest = min(len(hand) for hand in state.hands)
        assert all(len(state.hands[seat]) > smallest for seat in participants if seat in frame.seats), \
            "Blizzard asks only the players above the smallest hand"


def storms_card() -> int:
    """Storms' card number (its action runs as a card action with one step: draw 3)."""
    return STORMS
