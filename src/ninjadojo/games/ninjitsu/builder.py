"""Build a whole, legal Ninjitsu! position from a few keyword arguments (for tests, puzzles, bug reports).

Say where the cards you care about are; every other card goes to the deck. The position is at the
start of ``turn``'s turn, so the start-of-turn win check is run: a player who starts the turn at the
target wins at once and you get the finished game. Cards are card ids (rank then suit: ``6a``, ``Ka``,
``Tc``, and with ``expansions="promo"`` the Promo Pack's ``1n 1l 1d 1t 5p 3p Bp Kp Xp``, plus Captain
Bluebeard ``Cp`` with ``crossover=True``; see ``docs/rules/ninjitsu.md``), space-separated, one string
per seat::

    >>> from ninjadojo.games.ninjitsu.builder import position
    >>> game = position(players=3, hands=["6a Ka", "9b", ""], treasures=["", "5c", ""], secrets=["", "", "Ta"])
    >>> game.to_act(), game.legal_actions(0)[:4]
    ((0,), ['d', 'a:6a', 's:6a', 't:6a'])
    >>> game.apply(0, "x2.0")                   # P0 steals the Tripwire: its trap asks for a discard
    >>> game.legal_actions(0)
    ['c:6a', 'c:Ka']
    >>> position(hands=["", ""], treasures=["Ta 9a 2b", ""]).winners()   # 21 points at the start: won
    (0,)

The next cards to be drawn are ``top``, first drawn first, without listing the whole deck::

    >>> game = position(hands=["", ""], top="9a 8a 7a")
    >>> game.apply(0, "d")
    >>> game.cards("hand", 0)
    ['9a', '8a']
    >>> game.cards("top")[:1]
    ['7a']

With Masters of Magic (``expansions="magic"``): ``magic_owner`` is the seat whose Master of Magic
(``Xm``) lies face-up in the deck (place it with ``top`` or ``deck``, below at least one card: on top it
would surface at once; placed nowhere it lies at the bottom); ``frozen`` the player whose Freeze Time
holds (no one wins until that player's next turn starts, so ``turn`` is another seat and its
start-of-turn check is skipped; of several Freeze Times holding, name the player whose hold ends
last); ``marks``, per seat, the card of its hand Night Vision marked (``""`` for none; on its turn a
marked player plays that card or skips the turn).

With The Elements (``expansions="elements"``) give ``elements``, each seat's Element and side (``fire2``,
``-`` for none), and ``started``, the seats that have already had a turn (Heart's first turn). With
Heavy Weather (``expansions="weather"``), ``weather`` is the Weather in play (default ``Sw`` Snow, or
``""`` for none when every Weather card is placed elsewhere), ``weather_discard`` its discard pile,
``weather_deck`` the whole Weather deck listed bottom first, as ``deck`` is (its last card comes into
play next), and ``events`` the Events in play (ids ``Hv Wv Bv Sv Fv Ev Lv``, Weather ``Sw Uw Rw Fw Ww
Hw Tw``; the Promo Pack adds ``Xv Dw Aw``). Without ``weather_deck`` the Weather cards placed nowhere
form the Weather deck in this order: the box's come into play first, from the last in card order
(Storms ``Tw``, then Hail, Wind, Fog, Rainbow, Sunshine, Snow), then the Promo Pack's Drought, and
Aurora Borealis (2 actions a turn, the target doubled) last: it comes into play only when named or
once every other Weather has been. Events placed nowhere go to the bottom of the deck;
an Event placed on top of the deck (first in ``top``) goes into play at once, as after set-up (the
rulebook: an Event that is the top card goes into play), so it joins ``events``; one placed lower in
``top`` goes into play as soon as the cards above it are drawn::

    >>> game = position(expansions="elements,weather", elements=["earth1", "-"], hands=["6a", ""])
    >>> game.apply(0, "d")                      # Earth (side 1): 3 cards instead of 2
    >>> len(game.hands[0])
    4
    >>> position(expansions="weather", top="Hv 6a").cards("events")
    ['Hv']

The deck is listed bottom first (its last card is drawn first), as is the discard pile (last = top).
Cards placed nowhere go to the deck in card order (``Ka Qa ... 2c``, then each set's cards, so the
last card of the last set is on top, under the ``top`` cards), or, when
``deck`` is given, under the discard pile (``top`` then lies on the given deck). The result is parsed
back from its own notation, so it has passed every check a position must pass (cards conserved, the
laws of :func:`~ninjadojo.games.ninjitsu.invariants.check_invariants`); a bad argument raises a
:class:`~ninjadojo.engine.NotationError` (or :class:`~ninjadojo.engine.OptionError` for the player
count and target) saying what is wrong and what is allowed. Every zone of the result reads back as card
ids with :meth:`NinjitsuState.cards <ninjadojo.games.ninjitsu.state.NinjitsuState.cards>`, in the order
this builder takes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ninjadojo.engine import NotationError, OptionError, Rng
from ninjadojo.engine.errors import quote
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.state import check_seed
from ninjadojo.games.ninjitsu import rules
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX, CARDS, CROSSOVER, IS_EVENT, MASTER_OF_MAGIC
from ninjadojo.games.ninjitsu.state import NinjitsuState

__all__ = ["position"]


def _cards(text: str, where: str, game: frozenset[str]) -> list[int]:
    """Space-separated card ids as card numbers; raises NotationError naming a bad id and where it is."""
    if not isinstance(text, str):
        raise NotationError(f"the cards of {where} are one string of card ids, not {quote(text)}")
    numbers = []
    for cid in text.split():
        if cid not in CARD_INDEX:
            raise NotationError(f"unknown card {quote(cid)} in {where}: a card id is a rank K Q J X A T 9-2 "
                                "and a suit a b c, e.g. Ka, Ta, 6c (expansion ids: docs/rules/ninjitsu.md)")
        if cid not in game:
            card_set = CARDS[CARD_INDEX[cid]].set
            option = "option crossover, with expansions=promo" if card_set == CROSSOVER else "option expansions"
            raise NotationError(f"card {quote(cid)} in {where} is not in this game's deck: its set is "
                                f"{card_set!r} ({option})")
        numbers.append(CARD_INDEX[cid])
    return numbers


def _per_seat(values: Sequence[str] | None, players: int, what: str, game: frozenset[str]) -> list[list[int]]:
    """One card list per seat (all empty when ``values`` is None)."""
    if values is None:
        return [[] for _ in range(players)]
    if isinstance(values, str) or len(values) != players:
        raise NotationError(f"{what} lists one string of card ids per seat ({players} of them), not {quote(values)}")
    return [_cards(text, f"{what} of P{seat}", game) for seat, text in enumerate(values)]


def _seat_or_none(value: int | None, players: int, what: str) -> int:
    """A seat given by keyword (``None``: none, as -1); raises NotationError saying which seats there are."""
    if value is None:
        return -1
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise NotationError(f"{what} is a seat from 0 to {players - 1} (or None), not {quote(value)}")
    return value


def _magic(state: NinjitsuState, magic_owner: int | None, frozen: int | None, marks: Sequence[str] | None,
           turn: int) -> None:
    """Masters of Magic's arguments: the face-up Master of Magic's owner, Freeze Time, Night Vision's marks."""
    players = state.num_players
    given = [name for name, value in (("magic_owner", magic_owner), ("frozen", frozen), ("marks", marks))
             if value is not None]
    if given and "magic" not in state.sets:
        raise NotationError(f"{', '.join(given)} need(s) expansions including magic (Masters of Magic)")
    state.magic_owner = _seat_or_none(magic_owner, players, "magic_owner (the owner of the face-up Master of Magic)")
    state.frozen = _seat_or_none(frozen, players, "frozen (the player whose Freeze Time holds)")
    if state.frozen == turn:
        raise NotationError(f"frozen is P{turn}, whose turn starts now: Freeze Time ends as its player's turn "
                            "starts; name another seat (no one wins until that seat's next turn)")
    if marks is None:
        return
    if isinstance(marks, str) or len(marks) != players:
        raise NotationError(f"marks lists one card id per seat ({players} of them; \"\" for none), not {quote(marks)}")
    for seat, text in enumerate(marks):
        cards = _cards(text, f"the mark of P{seat}", state.card_ids_in_game)
        if len(cards) > 1:
            raise NotationError(f"the mark of P{seat} is one card id (or \"\" for none), not {quote(text)}")
        if cards and cards[0] not in state.hands[seat]:
            raise NotationError(f"the mark of P{seat} ({text}) is a card of P{seat}'s hand: Night Vision marks a "
                                "card in hand")
        state.marks[seat] = cards[0] if cards else -1


def _knowledge(state: NinjitsuState, known: Mapping[str, Sequence[int]] | None) -> None:
    """Add ``known``'s seats to the knowers of each card's place (the laws check the result is possible)."""
    if known is None:
        return
    if not isinstance(known, Mapping):
        raise NotationError(f"known maps card ids to the seats that know where they lie (e.g. {{'9b': [0]}}), "
                            f"not {quote(known)}")
    players = state.num_players
    for cid, seats in known.items():
        cards = _cards(cid, "known", state.card_ids_in_game)
        if len(cards) != 1:
            raise NotationError(f"known's keys are single card ids, not {quote(cid)}")
        card = cards[0]
        if isinstance(seats, str) or not all(isinstance(seat, int) and not isinstance(seat, bool)
                                             and 0 <= seat < players for seat in seats):
            raise NotationError(f"known[{cid!r}] lists seats from 0 to {players - 1}, not {quote(seats)}")
        for seat in seats:
            state.known[card] |= 1 << seat


def _expansions(state: NinjitsuState, elements: Sequence[str] | None, started: Sequence[int], weather: str,
                weather_discard: str, weather_deck: str | None, events: str) -> None:
    """The Elements' and Heavy Weather's arguments, checked against the game's sets."""
    from ninjadojo.games.ninjitsu.cards import weathers_of
    from ninjadojo.games.ninjitsu.elements import parse_sides

    players = state.num_players
    if elements is not None:
        if not state.has_elements:
            raise NotationError("elements needs expansions including elements")
        if isinstance(elements, str):
            raise NotationError(f"elements lists one Element per seat (fire2, or - for none), not {quote(elements)}")
        try:
            state.elements = parse_sides("/".join(elements), players, state.sets)
        except OptionError as error:
            raise NotationError(str(error).replace("option element_sides", "elements")) from None
    if any(not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players for seat in started):
        raise NotationError(f"started lists seats from 0 to {players - 1}, not {quote(started)}")
    state.started = sum(1 << seat for seat in set(started))
    if not state.has_weather:
        if events or weather_discard or weather != "Sw" or weather_deck is not None:
            raise NotationError("weather, weather_discard, weather_deck and events need expansions including weather")
        return
    pool = weathers_of(state.sets)
    named = {CARD_IDS[card] for card in pool}
    deck: list[int] = []
    state.weather, state.weather_discard = [], []
    for text, zone, where in ((weather, state.weather, "the Weather in play"),
                              (weather_discard, state.weather_discard, "the Weather discard pile"),
                              (weather_deck or "", deck, "the Weather deck")):
        if not isinstance(text, str):
            raise NotationError(f"{where} is one string of Weather card ids, not {quote(text)}")
        for cid in text.split():
            if cid not in named:
                raise NotationError(f"{quote(cid)} in {where} is not a Weather card of this game "
                                    f"({', '.join(sorted(named))})")
            if CARD_INDEX[cid] in state.weather or CARD_INDEX[cid] in state.weather_discard or CARD_INDEX[cid] in deck:
                raise NotationError(f"Weather card {quote(cid)} is placed twice")
            zone.append(CARD_INDEX[cid])
    rest = [card for card in pool if card not in state.weather and card not in state.weather_discard
            and card not in deck]
    if weather_deck is not None and rest:
        raise NotationError(f"weather_deck is the whole Weather deck: place Weather card(s) "
                            f"{' '.join(CARD_IDS[card] for card in rest)} too (in play, its discard pile or its deck)")
    # Placed nowhere, the box's Weathers lie in card order (Storms on top, as before this default was
    # written down) and the Promo Pack's under them, Aurora Borealis at the bottom: a position that
    # does not name Drought or Aurora Borealis never brings them into play before every other Weather.
    box = [card for card in rest if CARDS[card].set == "weather"]
    state.weather_deck = deck if weather_deck is not None else [
        *(card for card in reversed(rest) if CARDS[card].set != "weather"), *box]
    state.event_queue = _cards(events, "the Events in play", state.card_ids_in_game)
    if any(CARDS[card].kind != "event" for card in state.event_queue):
        raise NotationError(f"events lists Event cards only (Hv Wv Bv Sv Fv Ev Lv, Xv), not {quote(events)}")


def position(
    players: int = 2,
    *,
    turn: int = 0,
    hands: Sequence[str] | None = None,
    treasures: Sequence[str] | None = None,
    secrets: Sequence[str] | None = None,
    discard: str = "",
    deck: str | None = None,
    target: int | None = None,
    swaps: int | None = None,
    seed: int = 1,
    expansions: str | None = None,
    crossover: bool | None = None,
    elements: Sequence[str] | None = None,
    started: Sequence[int] = (),
    weather: str = "Sw",
    weather_discard: str = "",
    weather_deck: str | None = None,
    events: str = "",
    top: str = "",
    magic_owner: int | None = None,
    frozen: int | None = None,
    marks: Sequence[str] | None = None,
    known: Mapping[str, Sequence[int]] | None = None,
    options: Mapping[str, OptionValue] | None = None,
) -> NinjitsuState:
    """A Ninjitsu! position at the start of ``turn``'s turn (or finished, if that player holds the target).

    ``hands``, ``treasures`` and ``secrets``: one string of space-separated card ids per seat (secrets
    in position order). ``discard`` and ``deck``: card ids, bottom first. ``swaps``: the free swaps
    of secrets left this turn (default: all of them). ``seed``: the state of the random stream (the
    deck is reshuffled from it when it runs out). ``expansions``: the option's text (``promo``): only
    the cards of the game's deck may be placed. ``crossover``: the Treasure Hunters crossover option
    (with ``expansions="promo"``: Captain Bluebeard ``Cp`` joins the deck). ``elements``, ``started``,
    ``weather``, ``weather_discard``, ``weather_deck`` and ``events``: The Elements and Heavy Weather
    (module docs). ``top``: card ids drawn next, first drawn first, laid on the rest of the deck (an
    Event first among them goes into play at once). ``magic_owner``, ``frozen`` and ``marks``: Masters
    of Magic (module docs). ``known``: what seats know beyond the default, as ``{card id: seats that
    know exactly where it lies}`` (a card of P1's hand P0 looked at: ``{"9b": [0]}``); a deck card's
    knowers must know the whole deck (``{card: seats}`` for each of its cards: nobody knows its order,
    so whoever knows one of its cards knows them all, as after a reshuffle).
    ``options``: any other game options, e.g. the switchable rulings (``{"surprise_draws": True}``);
    ``target``, ``expansions`` and ``crossover`` may be given there instead of as keywords (default 21,
    none, false), but not both ways (an OptionError says to give it once).
    Knowledge is the default
    for each zone (a seat knows its own hand and secrets, everyone knows the treasures and the
    discard pile, no one the deck), plus ``known``.
    """
    NinjitsuState.check_players(players)
    given: dict[str, object] = dict(options or {})
    for name, value in (("target", target), ("expansions", expansions), ("crossover", crossover)):
        if value is None:
            continue
        if name in given:
            # Neither may silently win: a test that says both ways means one of them by mistake.
            raise OptionError(f"ninjitsu builder: {name} is given twice, as the keyword {name}= and in options; "
                              "give it once")
        given[name] = value
    options = NinjitsuState.validate_options(players, given)
    check_seed(seed)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < players:
        raise NotationError(f"turn must be a seat from 0 to {players - 1}, not {quote(turn)}")
    state = NinjitsuState._blank(players, options, Rng(seed))
    game = state.card_ids_in_game
    state.hands = _per_seat(hands, players, "hands", game)
    state.treasures = _per_seat(treasures, players, "treasures", game)
    state.secrets = _per_seat(secrets, players, "secrets", game)
    state.discard = _cards(discard, "the discard pile", game)
    _expansions(state, elements, started, weather, weather_discard, weather_deck, events)
    _magic(state, magic_owner, frozen, marks, turn)
    placed = [*state.discard, *state.event_queue]
    for seat in range(players):
        placed += state.hands[seat] + state.treasures[seat] + state.secrets[seat]
    on_top = _cards(top, "top (the next cards drawn)", game)
    placed += on_top
    twice = sorted({CARD_IDS[card] for card in placed if placed.count(card) > 1})
    if deck is not None:
        state.deck = _cards(deck, "the deck", game)
        twice += sorted({CARD_IDS[card] for card in state.deck if card in placed or state.deck.count(card) > 1})
        placed += state.deck
    if twice:
        raise NotationError(f"card(s) {' '.join(twice)} placed twice: each of the game's "
                            f"{len(state.cards_in_game)} cards is in one place")
    if state.has_weather and any(IS_EVENT[card] for seat in range(players)
                                 for card in state.hands[seat] + state.treasures[seat] + state.secrets[seat]):
        raise NotationError("an Event is never in a hand or a collection: place Events with top, deck or events")
    rest = [card for card in state.cards_in_game if card not in placed]
    if deck is None:
        # An Event on top of the deck would go into play at once, and a face-up Master of Magic would
        # surface: the unplaced ones lie at the bottom.
        state.deck = sorted(rest, key=lambda card: not (IS_EVENT[card] or (card == MASTER_OF_MAGIC
                                                                           and state.magic_owner >= 0)))
    else:
        # The deck was given: cards placed nowhere else lie under the discard pile (still conserved).
        state.discard = rest + state.discard
    state.deck += on_top[::-1]
    if state.magic_owner >= 0:
        if MASTER_OF_MAGIC not in state.deck:
            raise NotationError(f"magic_owner says P{state.magic_owner}'s Master of Magic lies face-up in the deck, "
                                "but Xm is placed elsewhere: put it in top or deck (without deck=, leaving it "
                                "unplaced puts it at the bottom)")
        if state.deck[-1] == MASTER_OF_MAGIC:
            raise NotationError("a face-up Master of Magic on top of the deck surfaces at once: put at least one "
                                "card above it (top=\"<card> Xm\")")
    state.blind = state.blinded_seat()
    state.known = state.default_knowledge()
    if state.magic_owner >= 0:
        state.known[MASTER_OF_MAGIC] = state.everyone  # face-up in the deck
    _knowledge(state, known)
    if state.has_weather:
        # As after set-up: an Event that is the top card goes into play at once (and the next, if one).
        state.settle_top()
        if state.surfaced >= 0:
            raise NotationError("the face-up Master of Magic lies under Events only: they go into play at once and "
                                "it would surface; put a card that is not an Event above it in top")
    rules.start_turn(state, turn)
    if swaps is not None and state.result is None:
        state.swaps_left = swaps
    # Parsed back from its notation: every check a position must pass, and a record that starts here.
    return NinjitsuState.from_notation(state.to_notation())
