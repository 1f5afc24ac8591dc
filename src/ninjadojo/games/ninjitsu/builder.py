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

With The Elements (``expansions="elements"``) give ``elements``, each seat's Element and side (``fire2``,
``-`` for none), and ``started``, the seats that have already had a turn (Heart's first turn). With
Heavy Weather (``expansions="weather"``), ``weather`` is the Weather in play (default ``Sw`` Snow),
``weather_discard`` its discard pile, and ``events`` the Events in play (ids ``Hv Wv Bv Sv Fv Ev Lv``,
Weather ``Sw Uw Rw Fw Ww Hw Tw``; the Promo Pack adds ``Xv Dw Aw``); the other Weather cards form
the Weather deck in card order, and Events placed nowhere go to the bottom of the deck (an Event on
top would go into play at once)::

    >>> game = position(expansions="elements,weather", elements=["earth1", "-"], hands=["6a", ""])
    >>> game.apply(0, "d")                      # Earth (side 1): 3 cards instead of 2
    >>> len(game.hands[0])
    4

The deck is listed bottom first (its last card is drawn first), as is the discard pile (last = top).
Cards placed nowhere go to the deck in card order (``Ka Qa ... 2c``, then each set's cards, so the
last card of the last set is on top), or, when
``deck`` is given, under the discard pile. The result is parsed back from its own notation, so it has
passed every check a position must pass (cards conserved, the laws of
:func:`~ninjadojo.games.ninjitsu.rules.check_invariants`); a bad argument raises a
:class:`~ninjadojo.engine.NotationError` (or :class:`~ninjadojo.engine.OptionError` for the player
count and target) saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ninjadojo.engine import NotationError, OptionError, Rng
from ninjadojo.engine.errors import quote
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.state import check_seed
from ninjadojo.games.ninjitsu import rules
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX, CARDS, CROSSOVER
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


def _expansions(state: NinjitsuState, elements: Sequence[str] | None, started: Sequence[int], weather: str,
                weather_discard: str, events: str) -> None:
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
        if events or weather_discard or weather != "Sw":
            raise NotationError("weather, weather_discard and events need expansions including weather")
        return
    pool = weathers_of(state.sets)
    named = {CARD_IDS[card] for card in pool}
    state.weather, state.weather_discard = [], []
    for text, zone, where in ((weather, state.weather, "the Weather in play"),
                              (weather_discard, state.weather_discard, "the Weather discard pile")):
        for cid in text.split():
            if cid not in named:
                raise NotationError(f"{quote(cid)} in {where} is not a Weather card of this game "
                                    f"({', '.join(sorted(named))})")
            if CARD_INDEX[cid] in state.weather or CARD_INDEX[cid] in state.weather_discard:
                raise NotationError(f"Weather card {quote(cid)} is placed twice")
            zone.append(CARD_INDEX[cid])
    state.weather_deck = [card for card in pool if card not in state.weather and card not in state.weather_discard]
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
    events: str = "",
    options: Mapping[str, OptionValue] | None = None,
) -> NinjitsuState:
    """A Ninjitsu! position at the start of ``turn``'s turn (or finished, if that player holds the target).

    ``hands``, ``treasures`` and ``secrets``: one string of space-separated card ids per seat (secrets
    in position order). ``discard`` and ``deck``: card ids, bottom first. ``swaps``: the free swaps
    of secrets left this turn (default: all of them). ``seed``: the state of the random stream (the
    deck is reshuffled from it when it runs out). ``expansions``: the option's text (``promo``): only
    the cards of the game's deck may be placed. ``crossover``: the Treasure Hunters crossover option
    (with ``expansions="promo"``: Captain Bluebeard ``Cp`` joins the deck). ``elements``, ``started``,
    ``weather``, ``weather_discard`` and ``events``: The Elements and Heavy Weather (module docs).
    ``options``: any other game options, e.g. the switchable rulings (``{"surprise_draws": True}``);
    ``target``, ``expansions`` and ``crossover`` may be given there instead of as keywords (default 21,
    none, false), but not both ways (an OptionError says to give it once).
    Knowledge is the default
    for each zone: a seat knows its own hand and secrets, everyone knows the treasures and the
    discard pile, no one the deck.
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
    _expansions(state, elements, started, weather, weather_discard, events)
    placed = [*state.discard, *state.event_queue]
    for seat in range(players):
        placed += state.hands[seat] + state.treasures[seat] + state.secrets[seat]
    twice = sorted({CARD_IDS[card] for card in placed if placed.count(card) > 1})
    if deck is not None:
        state.deck = _cards(deck, "the deck", game)
        twice += sorted({CARD_IDS[card] for card in state.deck if card in placed or state.deck.count(card) > 1})
        placed += state.deck
    if twice:
        raise NotationError(f"card(s) {' '.join(twice)} placed twice: each of the game's "
                            f"{len(state.cards_in_game)} cards is in one place")
    rest = [card for card in state.cards_in_game if card not in placed]
    if deck is None:
        # An Event on top of the deck would go into play at once: the unplaced ones lie at the bottom.
        state.deck = sorted(rest, key=lambda card: CARDS[card].kind != "event")
    else:
        # The deck was given: cards placed nowhere else lie under the discard pile (still conserved).
        state.discard = rest + state.discard
    state.blind = state.blinded_seat()
    state.known = state.default_knowledge()
    rules.start_turn(state, turn)
    if swaps is not None and state.result is None:
        state.swaps_left = swaps
    # Parsed back from its notation: every check a position must pass, and a record that starts here.
    return NinjitsuState.from_notation(state.to_notation())
