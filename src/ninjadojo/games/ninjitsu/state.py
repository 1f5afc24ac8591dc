"""The Ninjitsu! game state: its fields, set-up, copying, and card movements with knowledge tracking.

Zones: each seat's hand, treasures (face-up) and secrets (face-down, in order: a steal names a
position); the deck (a list whose last item is the top) and the discard pile (last item on top).

Knowledge: ``known[card]`` is a bitmask of the seats that know exactly where the card is and, in its
high bits (see ``knowledge``), of the seats that know only which player holds it. Every move
updates it: a drawn card is known to the drawer, a card that went face-up to everyone; a treasure
that Master of Secrets moved into a hand stays known to everyone until its holder plays a secret
from that hand, and is then known to be held by that player (in hand or among the secrets); a
reshuffled deck's cards are known to everyone until someone draws from it and the others can no
longer tell which are left.
Determinisation redeals only the cards a seat does not know, a held card only among its holder's,
from a canonical order, so that a sample depends on the seat's information only.

Log lines are nested (``depth``) as deep as the card actions resolving when they are written: what a
card played for its action does is one level inside that play, and a trap one level inside the
steal or flip that sprang it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Self

from ninjadojo.engine import Frame, GameSpec, GameState, Option, OptionError, Rng
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.state import EVERYONE, CardInfo
from ninjadojo.engine.values import Event
from ninjadojo.engine.words import plural
from ninjadojo.games.ninjitsu import (
    effects,
    elements,
    encode,
    invariants,
    magic,
    notation,
    rules,
    sampling,
    undo,
    view,
    weather,
    words,
)
from ninjadojo.games.ninjitsu import evaluate as evaluation
from ninjadojo.games.ninjitsu import features as report_features
from ninjadojo.games.ninjitsu.cards import (
    ALL_CARDS,
    ANYTIME,
    AURORA,
    CARD_IDS,
    CARD_NAMES,
    CARDS,
    EARTH,
    FACE_DOWN_BASE,
    FACE_DOWN_PER_HAND,
    FACE_DOWN_PER_SECRET,
    FACE_UP_CARD,
    FALSE_FLOOR,
    HAS_VALUE,
    IS_EVENT,
    MASTER_OF_MAGIC,
    OWNER_PENALTY,
    SETS,
    VALUE,
    card_name,
    cards_of,
    catalog,
    game_sets,
    weathers_of,
)
from ninjadojo.games.ninjitsu.knowledge import HELD_SHIFT, hidden_by, holder_knowers
from ninjadojo.games.ninjitsu.magic import NO_MARK
from ninjadojo.games.ninjitsu.notation import Payload
from ninjadojo.games.ninjitsu.view import secret_worth

#: ``tuple.__new__``, what ``Event(...)`` runs without the named tuple's Python-level ``__new__``.
_new_event = tuple.__new__

#: A place a card can be dealt to in a determinisation: its zone, its index there, and the knowledge
#: mask the card there gets.
_Place = tuple[list[int], int, int]
#: Redeals a determinisation tries before it gives the player to act the cheapest secrets.
_SAMPLE_ATTEMPTS = 16

#: The switchable rulings' defaults (our readings): an option at its default is not written.
_RULE_DEFAULTS: dict[str, OptionValue] = {
    "free_swaps": rules.SWAPS_PER_TURN, "optional_texts": False, "idle_actions": True, "surprise_draws": False,
    "element_order": "together", "wind_nested": True, "drought_draw": False, "fire_replaces": False,
}
#: The expansions a ruling's option is about (refused without them), and what to call it in the message.
_RULE_OPTION_SETS: dict[str, tuple[str, ...]] = {
    "element_order": ("elements",), "wind_nested": ("elements",), "drought_draw": ("promo", "weather"),
}
_RULE_OPTION_ABOUT = {"element_order": "The Elements' sides", "wind_nested": "The Elements' Wind (side 1)",
                      "drought_draw": "the Promo Pack's Drought Weather (Heavy Weather)"}

#: Cards dealt to each player at the start.
HAND_SIZE = 4
DEFAULT_TARGET = 21

#: The other seats clockwise from each seat, by player count (a hot path: computed once).
_OPPONENTS = {
    players: tuple(tuple((seat + step) % players for step in range(1, players)) for seat in range(players))
    for players in range(2, 6)
}


#: The rules in a few lines, for a client's ``rules`` command (at most 78 characters a line).
RULES = """\
Collect cards: treasures face-up, secrets face-down in a row. Your points are
their values. START your turn with the target (21) or more and you win.
Each turn take ONE action: draw 2 cards (the discard pile is reshuffled when
the deck is empty); play a card from your hand for its action (it then goes to
the discard pile), face-down as a secret, or face-up as a treasure (only cards
with a value); or steal another player's secret, which becomes your treasure.
Rearrange your own secrets for free between actions, on anyone's turn (swaps;
not while a card or a steal resolves).
Cards with an icon are never played for an action; Master of Cunning and
Tripwire only as secrets. A stolen trap hits the thief at once (Master of
Cunning: the robbed player draws 4); a stolen card without value is then
discarded. Inside an action, "play a card" is a full play, in any of the three
ways.
Face-down, Bow and Arrows is worth 10 and Bo Staff 4 + 2 per own secret
(face-up, as printed: 5 and 4).
"""

#: What each expansion adds to :data:`RULES`, shown only where it is in play (``GameSpec.set_rules``).
SET_RULES = (
    ("promo", """\
The Promo Pack: its "any time" cards cost no action. When their moment comes,
their holders are asked in secret whether to play them. Master of Deception is
played only as a secret."""),
    ("magic", """\
Masters of Magic: its cards are shuffled into the deck. Master of Wind is a
King without the base King's icon: it may be played for its action."""),
    ("sabotage", """\
Sabotage!: its cards are shuffled into the deck. Master of Tricks is a King
without the base King's icon: it may be played for its action."""),
    ("elements", """\
The Elements: each player is dealt an Element, and chooses which of its two
sides to use at the start."""),
    ("weather", """\
Heavy Weather: a Weather is always in play (some give an extra action). An
Event goes into play when it is the top card of the deck, and resolves at the
end of the turn."""),
)

#: How actions are typed at the terminal (``GameSpec.typing``).
TYPING = """\
Typing at the terminal: d draws 2 cards; a:6c, s:6c and t:6c play the card 6c
for its action, as a secret, as a treasure; x2.0 steals seat 2's secret at
position 0; w0.1 swaps your secrets 0 and 1. Inside an action: c:<card>, done,
pass; the any-time cards: a:<card> or pass. Seats and positions count from 0;
the deck has 42 cards in suits a, b, c (Masters of Magic suit m, Sabotage!
suit s, Events suit v). The Elements: side:1 or side:2 (help fire2). Heavy
Weather's actions: snow, fog, storm:<card>. help <card> gives a card's text.
Expansions: --option expansions=promo,magic,sabotage,elements,weather
(crossover=true adds Cp).
"""


@cache
def _game_sets(expansions: OptionValue, crossover: bool) -> tuple[str, ...]:
    """:func:`game_sets` of options with these two values (``crossover`` as ``is True`` reads it, so that 1 and
    True, equal keys, cannot share an answer), worked out once for each (every set-up asks)."""
    return game_sets({"expansions": expansions, "crossover": crossover})


@cache
def _deck_facts(sets: tuple[str, ...]) -> tuple[tuple[int, ...], frozenset[str], bool, bool, bool]:
    """What a game's deck says of it, worked out once per set of expansions (every set-up asks): its
    cards, their ids, whether any is played "any time", whether Master of Earth and Sabotage! are in it."""
    cards = cards_of(sets)
    return (cards, frozenset(CARD_IDS[card] for card in cards), any(ANYTIME[card] for card in cards),
            EARTH in cards, FALSE_FLOOR in cards)


class NinjitsuState(GameState[Payload]):
    """A game of Ninjitsu! (2-5 players; option ``expansions`` adds the Promo Pack, Masters of Magic,
    Sabotage!, The Elements and Heavy Weather)."""

    FEATURE_WORDS = report_features.WORDS

    SPEC = GameSpec(
        id="ninjitsu",
        title="Ninjitsu!",
        score_name="Points",
        min_players=2,
        max_players=5,
        options=(
            Option("target", DEFAULT_TARGET, "the points you need at the start of your turn to win",
                   minimum=1, maximum=200, label="Points to win"),
            Option("expansions", "", "expansion sets to play with: the Promo Pack, Masters of Magic and "
                   "Sabotage! shuffle their cards into the deck; The Elements deals each player an Element with "
                   "two sides; Heavy Weather keeps a Weather in play and adds Events",
                   choices=SETS, multiple=True, label="Expansions", group="Expansions",
                   choice_labels=("Promo Pack", "Masters of Magic", "Sabotage!", "The Elements", "Heavy Weather")),
            Option("crossover", False, "adds Captain Bluebeard, a Treasure Hunters card, to the Promo Pack, "
                   "under the rulebook's crossover rules", label="Treasure Hunters crossover card",
                   group="Expansions", requires=("expansions", "promo")),
            Option("element_seats", "", "a handicap: only these players get an Element (default: every player)",
                   choices=("0", "1", "2", "3", "4"), multiple=True, empty="every seat",
                   label="Players who get an Element", group="Expansions", requires=("expansions", "elements"),
                   choice_labels=("P0", "P1", "P2", "P3", "P4")),
            Option("element_sides", "", "keep the Elements of a previous game: each player keeps their Element "
                   "and side (or has none), and no Elements are dealt or chosen",
                   label="Elements kept from the last game", group="Expansions",
                   requires=("expansions", "elements"), seat_choices=elements.SEAT_CHOICES,
                   seat_choice_labels=elements.SEAT_CHOICE_LABELS),
            # The house rules below switch our readings where the rulebook is open (docs/rules/ninjitsu.md,
            # "Rulings you can switch"; wind_nested switches a ruling of RULINGS.md itself, so it names
            # none); each default is our reading, and a default is never written.
            Option("free_swaps", rules.SWAPS_PER_TURN, "how many swaps of two of your own secrets are offered as "
                   "choices before your action each turn (you may also rearrange your secrets for free between "
                   "actions; the bots swap only as offered)", minimum=1, maximum=rules.MAX_FREE_SWAPS, ruling=2,
                   label="Free secret swaps offered per turn"),
            Option("optional_texts", False, "on: you may decline a card's \"play a card\" and its discard of a "
                   "treasure from play (Katana, Chain and Sickle, Shuriken); off: you must do them when you can",
                   ruling=3, label="Card texts' plays and discards are optional"),
            Option("idle_actions", True, "on: you may play a card for its action even when it can do nothing "
                   "now (Master of Planning with no secret to steal, a draw under Drought...); off: only when "
                   "nothing else would end your turn", ruling=4,
                   label="Cards that do nothing may be played for their action"),
            Option("surprise_draws", False, "on: Master of Surprise draws you a card when no opponent has a "
                   "secret to turn face up; off: nothing happens", ruling=5,
                   label="Master of Surprise draws when it finds no secret"),
            Option("fire_replaces", False, "on: when a treasure Master of Fire would discard stays in play or "
                   "leaves first (Alberti, Teleport, a Master of Magic's plays), it discards the next highest "
                   "instead; off: nothing replaces it (needs the Promo Pack or The Elements too, without which "
                   "nothing does that)",
                   ruling=31, label="Master of Fire discards the next highest instead",
                   requires=("expansions", "magic")),
            Option("element_order", "together", "how the players choose their Element's side: all at once, in "
                   "secret, or one after another from P0, each choice seen by the next",
                   choices=elements.ORDERS, ruling=57, label="How Element sides are chosen",
                   choice_labels=("All at once, in secret", "One after another"),
                   requires=("expansions", "elements")),
            Option("wind_nested", True, "on: Wind (side 1) gives its extra action after any play of an Ace or "
                   "Joker, also inside another card's action; off: only after one played as your turn's own "
                   "action", label="Wind's extra action also inside another card's action", group="House rules",
                   requires=("expansions", "elements")),
            Option("drought_draw", False, "on: under Drought a hand of 5 or more cards may still take the Draw "
                   "action, which draws nothing (the Wind Weather still passes a card); off: it may not",
                   ruling=75, label="Drought allows an empty Draw", requires=("expansions", "weather"),
                   also_requires=(("expansions", "promo"),)),
        ),
        summary="Draw, play and steal secrets: the first with enough points at the start of their turn wins.",
        rules=RULES,
        set_rules=SET_RULES,
        typing=TYPING,
    )

    hands: list[list[int]]
    treasures: list[list[int]]
    secrets: list[list[int]]
    deck: list[int]
    discard: list[int]
    known: list[int]
    turn: int
    swaps_left: int
    effects: list[tuple[int, int, int, int]]
    extra_actions: int
    jelly: str
    #: Masters of Magic: the owner of the Master of Magic face-up in the deck (-1: none); the owner whose
    #: Master of Magic surfaced and who is still to play (-1: none); the player whose Freeze Time holds
    #: (-1: none; of several holding at once, the one whose hold ends last, which ends them all: see
    #: ``magic._freeze``); per seat, the card Night Vision marked (``NO_MARK``; ``MARK_GONE`` in a sample
    #: whose holder has no card left).
    magic_owner: int
    surfaced: int
    frozen: int
    marks: list[int]
    #: Night Vision marked the current player's card during their own turn (played out of turn): it binds
    #: their next turn, not the rest of this one (cleared as the next turn starts).
    mark_waits: bool
    #: What waits for a surfaced Master of Magic's owner to play (``effects.LATER``): the rest of a draw it
    #: cut short, and what was to follow it, each ``(depth, kind, args)``, run in order once the effects
    #: stack is back to ``depth`` entries (the Master of Magic's plays are the entry at ``depth``).
    later: list[tuple[int, str, tuple[int, ...]]]
    #: The decisions put off that way, one group (the frame stack as it was) per ``ask`` item of ``later``,
    #: in the same order.
    held: list[list[Frame]]
    #: A surfaced Master of Magic's owner played during this turn (a start-of-turn draw may uncover it,
    #: before the first action): the current player's points may have changed since the win check.
    late: bool
    #: The moments offered to the "any time" cards so far (:func:`effects.offer`), whether or not anyone
    #: could answer: public, so that a server holds states only after actions that offered one
    #: (:meth:`window_moments`). Not part of the position: a position read from text counts from 0.
    moments: int
    #: The card numbers of this game's deck (base, then the chosen sets), and facts derived from them.
    _sets: tuple[str, ...]
    cards_in_game: tuple[int, ...]
    card_ids_in_game: frozenset[str]
    any_time: bool
    has_earth: bool
    has_sabotage: bool
    has_false_floor: bool
    #: The seat False Floor blinds (derived from the position: who has it face-up; -1: none).
    blind: int
    #: The Elements: each seat's Element (``fire2``: Fire, side 2; ``fire``: dealt, side not chosen yet;
    #: ``""``: none); the seats that have begun a turn (Heart's first turn), as a bitmask.
    has_elements: bool
    elements: list[str]
    started: int
    #: Heavy Weather: the Weather cards in play (oldest first), the Weather deck (top last) and its
    #: discard pile; the Events in play (in the order they came in) and those set aside before the deal.
    has_weather: bool
    weather: list[int]
    weather_deck: list[int]
    weather_discard: list[int]
    event_queue: list[int]
    aside: list[int]
    #: The end of the turn under way: ``""`` (not ending), ``element`` (the current player's
    #: end-of-turn Element ability, done or under way), ``events`` (the Events resolving); and the seats
    #: with Water (side 1) whose cards in play an Event took (they draw when it is done), as a bitmask.
    ending: str
    lost: int
    #: Fire (side 1) on a tie: the tied treasure its owner chose to keep during the action under way (-1:
    #: none). Fire keeps one treasure, so the other tied ones are no longer asked about (ruling 61).
    fire_keeps: int
    #: The switchable rulings (options, read once; see :meth:`_read_rule_options`): free swaps a turn
    #: (ruling 2), declinable text steps (3), idle actions refused (4), Master of Surprise's draw with
    #: no secret (5), sides chosen one after another (57), Wind's extra action for nested plays (a variant
    #: against 59), the Draw action under Drought (75), Master of Fire replacing a treasure that stays (31).
    swap_limit: int
    optional_texts: bool
    idle_refused: bool
    surprise_draws: bool
    sides_in_turn: bool
    wind_nested: bool
    drought_draw: bool
    fire_replaces: bool

    # ------------------------------------------------------------------ set-up and copying

    def _init_fields(self) -> None:
        players = self.num_players
        self.hands = [[] for _ in range(players)]
        self.treasures = [[] for _ in range(players)]
        self.secrets = [[] for _ in range(players)]
        self.deck = []
        self.discard = []
        self.known = [0] * ALL_CARDS
        self.turn = 0
        self.swaps_left = 0
        self.effects = []
        self.extra_actions = 0
        self.jelly = ""
        self.magic_owner = -1
        self.surfaced = -1
        self.frozen = -1
        self.marks = [NO_MARK] * self.num_players
        self.mark_waits = False
        self.later = []
        self.held = []
        self.late = False
        self.moments = 0
        # The options never change: the sets are worked out once (undo's check reads them per action).
        options = self.options
        self._sets = sets = _game_sets(options.get("expansions", ""), options.get("crossover") is True)
        (self.cards_in_game, self.card_ids_in_game, self.any_time, self.has_earth,
         self.has_sabotage) = _deck_facts(sets)
        self.has_false_floor = self.has_sabotage
        self.blind = -1
        self.has_elements = "elements" in sets
        self.elements = [""] * players
        self.started = 0
        self.has_weather = "weather" in sets
        self.weather = []
        self.weather_deck = []
        self.weather_discard = []
        self.event_queue = []
        self.aside = []
        self.ending = ""
        self.lost = 0
        self.fire_keeps = -1
        self._read_rule_options()

    def _read_rule_options(self) -> None:
        """The switchable rulings, read once into fields: several are checked on hot paths."""
        options = self.options
        swaps = options.get("free_swaps", rules.SWAPS_PER_TURN)
        assert isinstance(swaps, int)
        self.swap_limit = swaps
        self.optional_texts = options.get("optional_texts", False) is True
        self.idle_refused = options.get("idle_actions", True) is False
        self.surprise_draws = options.get("surprise_draws", False) is True
        self.sides_in_turn = options.get("element_order", "together") == "in-turn"
        self.wind_nested = options.get("wind_nested", True) is not False
        self.drought_draw = options.get("drought_draw", False) is True
        self.fire_replaces = options.get("fire_replaces", False) is True

    @property
    def sets(self) -> tuple[str, ...]:
        """The sets in this game's deck: option ``expansions``, then ``crossover`` (option ``crossover``)."""
        return self._sets

    def _setup(self) -> None:
        self.deck = list(self.cards_in_game)
        if self.has_weather:
            # The Events are set aside until the starting hands are dealt; the Weather cards form their deck.
            self.aside = [card for card in self.deck if IS_EVENT[card]]
            self.deck = [card for card in self.deck if not IS_EVENT[card]]
            for card in self.aside:
                self.known[card] = self.everyone
            self.weather_deck = list(weathers_of(self.sets))
            self.rng.shuffle(self.weather_deck)
        self.rng.shuffle(self.deck)
        if self.has_elements and elements.deal(self):
            return  # the sides are chosen first; the deal follows (:meth:`deal_hands`)
        self.deal_hands()

    def deal_hands(self) -> None:
        """Deal the starting hands (Magic, side 1: one card), then, with Heavy Weather, shuffle the Events
        in, give Heart (side 1) its 4 extra cards and put the first Weather into play; then the first turn."""
        deck, known = self.deck, self.known
        for seat in range(self.num_players):
            hand = self.hands[seat]
            bit = 1 << seat
            for _ in range(1 if self.elements[seat] == "magic1" else HAND_SIZE):
                card = deck.pop()
                hand.append(card)
                known[card] = bit
        self.log(f"{self.num_players} players, {HAND_SIZE} cards each; first to {self.target} points wins")
        if self.has_weather:
            weather.shuffle_in_events(self)
        heart = elements.holder(self, "heart1") if self.has_elements else -1
        if heart >= 0:
            self._heart_extra(heart)
        if self.has_weather:
            weather.first_weather(self)
            weather.settle(self)
        rules.start_turn(self, 0)

    def _heart_extra(self, seat: int) -> None:
        """Heart (side 1): 4 extra cards at the start; an Event among them is discarded unresolved and
        replaced (the rulebook's "Event drawn into a starting hand")."""
        self.log(f"P{seat}'s Element Heart (side 1): 4 extra cards at the start")
        hand = self.hands[seat]
        got = 0
        while got < elements.HEART_EXTRA and self.deck:
            card = self.deck.pop()
            if IS_EVENT[card]:
                self.discard_card(card)
                self.log(f"{card_name(card)} is drawn into a starting hand: discarded unresolved")
                continue
            hand.append(card)
            self.known[card] = 1 << seat
            got += 1
        for card in self.deck:
            self.known[card] = 0

    def _copy_fields(self, other: Self) -> None:
        other.hands = [hand.copy() for hand in self.hands]
        other.treasures = [cards.copy() for cards in self.treasures]
        other.secrets = [cards.copy() for cards in self.secrets]
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.known = self.known.copy()
        other.turn = self.turn
        other.swaps_left = self.swaps_left
        other.effects = self.effects.copy()
        other.extra_actions = self.extra_actions
        other.jelly = self.jelly
        other.magic_owner = self.magic_owner
        other.surfaced = self.surfaced
        other.later = self.later.copy()
        other.held = [[frame.copy() for frame in group] for group in self.held]
        other.late = self.late
        other.moments = self.moments
        other.frozen = self.frozen
        other.marks = self.marks.copy()
        other.mark_waits = self.mark_waits
        other.cards_in_game = self.cards_in_game
        other.card_ids_in_game = self.card_ids_in_game
        other.any_time = self.any_time
        other.has_earth = self.has_earth
        other.has_sabotage = self.has_sabotage
        other.has_false_floor = self.has_false_floor
        other.blind = self.blind
        other.has_elements = self.has_elements
        other._sets = self._sets
        other.elements = self.elements.copy()
        other.started = self.started
        other.has_weather = self.has_weather
        other.weather = self.weather.copy()
        other.weather_deck = self.weather_deck.copy()
        other.weather_discard = self.weather_discard.copy()
        other.event_queue = self.event_queue.copy()
        other.aside = self.aside.copy()
        other.ending = self.ending
        other.lost = self.lost
        other.fire_keeps = self.fire_keeps
        other.swap_limit = self.swap_limit
        other.optional_texts = self.optional_texts
        other.idle_refused = self.idle_refused
        other.surprise_draws = self.surprise_draws
        other.sides_in_turn = self.sides_in_turn
        other.wind_nested = self.wind_nested
        other.drought_draw = self.drought_draw
        other.fire_replaces = self.fire_replaces

    # ------------------------------------------------------------------ facts

    @property
    def target(self) -> int:
        """Points that win at the start of one's turn (twice the option's under Aurora Borealis)."""
        target = self.options["target"]
        assert isinstance(target, int)
        return 2 * target if self.has_weather and AURORA in self.weather else target

    @property
    def everyone(self) -> int:
        """The knowledge mask of every seat."""
        return (1 << self.num_players) - 1

    def earth_worth(self, seat: int) -> int:
        """What Master of Earth is worth in ``seat``'s collection: 2 per treasure of its opponents."""
        return 2 * sum(len(self.treasures[other]) for other in self.opponents(seat))

    def worth(self, card: int, owner: int) -> int:
        """A treasure's value as effects compare it (Master of Earth's computed, the others' printed)."""
        return self.earth_worth(owner) if card == EARTH else VALUE[card]

    def points(self, seat: int) -> int:
        """The seat's points: its treasures' values plus its secrets' face-down worth (Vampire Ninja
        face-up makes each of its owner's cards in play worth 3 less; Master of Earth is worth 2 per
        treasure of the owner's opponents)."""
        total = 0
        if self.has_earth and (EARTH in self.treasures[seat] or EARTH in self.secrets[seat]):
            total += self.earth_worth(seat)
        penalty = 0
        for card in self.treasures[seat]:
            total += VALUE[card]
            penalty += OWNER_PENALTY[card]
        secrets = self.secrets[seat]
        count = len(secrets)
        in_hand = len(self.hands[seat])
        for card in secrets:
            total += FACE_DOWN_BASE[card] + FACE_DOWN_PER_SECRET[card] * count + FACE_DOWN_PER_HAND[card] * in_hand
        if penalty:
            total += penalty * (len(self.treasures[seat]) + count)
        if self.has_elements:
            total += elements.treasure_bonus(self, seat)
        return total

    def treasure_points(self, seat: int) -> int:
        """The points of the seat's treasures alone (what everyone can count)."""
        treasures = self.treasures[seat]
        # By map rather than generators: the undo check and the observation tensors ask on most steps.
        total = sum(map(VALUE.__getitem__, treasures))
        penalty = sum(map(OWNER_PENALTY.__getitem__, treasures))
        if penalty:
            total += penalty * len(treasures)
        if self.has_earth and EARTH in treasures:
            total += self.earth_worth(seat)
        if self.has_elements:
            total += elements.treasure_bonus(self, seat)
        return total

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The other seats, clockwise from ``seat``."""
        return _OPPONENTS[self.num_players][seat]

    def default_knowledge(self) -> list[int]:
        """The knowledge mask each card has by its zone alone (see ``notation``)."""
        masks = [0] * ALL_CARDS
        everyone = self.everyone
        for card in self.discard:
            masks[card] = everyone
        for card in self.event_queue:
            masks[card] = everyone
        for card in self.aside + self.weather + self.weather_discard:
            masks[card] = everyone
        for seat in range(self.num_players):
            bit = 1 << seat
            for card in self.hands[seat]:
                masks[card] = bit
            for card in self.secrets[seat]:
                # Under False Floor its owner cannot look at its own secrets: nobody knows them.
                masks[card] = 0 if self.blind == seat else bit
            for card in self.treasures[seat]:
                masks[card] = everyone
        return masks

    def blinded_seat(self) -> int:
        """The seat with False Floor face-up among its treasures (-1: none)."""
        if self.has_false_floor:
            for seat, cards in enumerate(self.treasures):
                if FALSE_FLOOR in cards:
                    return seat
        return -1

    def sync_blind(self) -> None:
        """False Floor changed hands (or left play): its old owner sees its secrets again, its new owner
        no longer does (knowledge of one's own secrets follows ``blind``)."""
        now = self.blinded_seat()
        if now == self.blind:
            return
        if self.blind >= 0:
            bit = 1 << self.blind
            for card in self.secrets[self.blind]:
                self.known[card] |= bit
        if now >= 0:
            bit = 1 << now
            for card in self.secrets[now]:
                self.known[card] &= ~bit
        self.blind = now

    def has_face_up(self, seat: int, ability: str) -> bool:
        """Whether ``seat`` has the Sabotage! treasure with face-up ``ability`` among its treasures."""
        card = FACE_UP_CARD[ability]
        return self.has_sabotage and card in self.treasures[seat]

    def treasure_owner(self, card: int) -> int:
        """The seat whose collection holds ``card`` as a treasure."""
        for seat, cards in enumerate(self.treasures):
            if card in cards:
                return seat
        raise ValueError(f"{CARD_IDS[card]} is not a treasure in play")

    # ------------------------------------------------------------------ reading the zones

    #: The zones :meth:`cards` reads: per seat (``seat`` needed) and shared.
    SEAT_ZONES = ("hand", "treasures", "secrets")
    SHARED_ZONES = ("deck", "top", "discard", "weather", "weather_deck", "weather_discard", "events", "aside")

    def cards(self, zone: str, seat: int | None = None) -> list[str]:
        """The card ids in ``zone``, in the order the builder
        (:func:`ninjadojo.games.ninjitsu.builder.position`) takes them, hidden cards included (this is
        the true position, not a seat's view: a view is :meth:`observe`).

        Per seat (give ``seat``): ``hand``, ``treasures``, ``secrets`` (in position order: a steal names
        a position). Shared: ``deck`` and ``discard`` bottom first (the last card is the top), ``top``
        the deck from its top (the next card drawn first); with Heavy Weather ``weather`` (in play,
        oldest first), ``weather_deck`` (bottom first: its last card comes into play next),
        ``weather_discard``, ``events`` (the Events in play, in the order they resolve) and ``aside``
        (the Events before the deal). The other parts of a position are plain fields: ``turn``,
        ``magic_owner`` (the seat whose Master of Magic lies face-up in the deck, -1 for none),
        ``surfaced``, ``frozen`` (Freeze Time's player, -1 for none; of several, the one whose hold ends
        last), ``elements`` and ``started``; a seat's Night Vision mark is :meth:`mark`.

        >>> from ninjadojo.games.ninjitsu.builder import position
        >>> game = position(hands=["6a Ka", ""], top="9b 8b")
        >>> game.cards("hand", 0), game.cards("top")[:2], game.cards("deck")[-2:]
        (['6a', 'Ka'], ['9b', '8b'], ['8b', '9b'])

        Raises ValueError naming the zones (or the seats) there are.
        """
        if zone in self.SEAT_ZONES:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
                raise ValueError(f"zone {zone!r} is a seat's: give seat, from 0 to {self.num_players - 1}, "
                                 f"not {seat!r}")
            numbers = {"hand": self.hands, "treasures": self.treasures, "secrets": self.secrets}[zone][seat]
        elif zone in self.SHARED_ZONES:
            if seat is not None:
                raise ValueError(f"zone {zone!r} is shared: give no seat")
            numbers = {"deck": self.deck, "top": self.deck[::-1], "discard": self.discard, "weather": self.weather,
                       "weather_deck": self.weather_deck, "weather_discard": self.weather_discard,
                       "events": self.event_queue, "aside": self.aside}[zone]
        else:
            raise ValueError(f"no zone {zone!r}: the zones are {', '.join(self.SEAT_ZONES)} (of a seat) and "
                             f"{', '.join(self.SHARED_ZONES)}")
        return [CARD_IDS[card] for card in numbers]

    def mark(self, seat: int) -> str | None:
        """The card id of ``seat``'s hand that Night Vision marked (Masters of Magic), or ``None``: on its
        next turn a marked player plays that card or skips the turn (a mark made during that player's own
        turn waits for the next one: ``mark_waits``). (In a sample where the card cannot be named,
        ``"?"``.)"""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat is from 0 to {self.num_players - 1}, not {seat!r}")
        marked = self.marks[seat]
        return None if marked == NO_MARK else "?" if marked < 0 else CARD_IDS[marked]

    # ------------------------------------------------------------------ the log

    def narrate(self, text: str, mask: int = EVERYONE, deeper: int = 0) -> None:
        """Log ``text`` nested inside the card actions now resolving (``deeper`` levels more), so that
        a log shows what one action caused as part of it (Darts > Blowgun > a secret)."""
        # ``log``'s body for a line that is not a one-time look, written out: two lines of the log come
        # with most actions of every playout, and a call less each is a few per cent of the base game.
        if self.logging:
            self.events.append(_new_event(Event, (mask, text, False, 0, len(self.effects) + deeper)))

    # ------------------------------------------------------------------ card movements

    def draw(self, seat: int, count: int, deeper: int = 0, verb: str = "draws", mirrored: bool = False,
             resumed: bool = False) -> list[int]:
        """``seat`` draws up to ``count`` cards, reshuffling the discard pile into the deck when needed
        (``deeper``: how much deeper than the resolving actions the draw is logged, e.g. in a trap;
        ``verb``: how the log says it, e.g. Grimoire's "takes the top card of the deck").

        A face-up Master of Magic that reaches the top of the deck is discarded at once and its owner
        plays before anything else happens: the rest of the draw (``resumed``: the same draw occasion, so
        Drought and Earth are not applied again) waits in ``later``, and so does a draw asked while such
        an owner is still to play (:meth:`suspended`). A drawer with Mirror face-up makes each opponent
        draw a card once the draw is whole (``mirrored``: a draw a Mirror caused, which triggers no Mirror)."""
        if self.surfaced >= 0:
            self.wait(("rest" if resumed else "draw"), seat, count, int(mirrored))
            return []
        extra = 0
        if (self.has_weather or self.has_elements) and verb == "draws" and not resumed:
            if self.has_weather and weather.drought_blocks(self, seat, deeper):
                return []
            if self.has_elements:
                extra = elements.draw_extra(self, seat)
                count += extra
        drawn: list[int] = []
        deck = self.deck
        hand = self.hands[seat]
        bit = 1 << seat
        known = self.known
        # Cards taken from the current deck, with what each seat knew of them (after a reshuffle
        # everyone knows which cards the deck holds, though not their order).
        segment: list[tuple[int, int]] = []
        left = count
        cut = False
        # The draw is logged once it is whole, but before what happened once its first card was taken (an
        # Event it uncovered went into play, a Master of Magic surfaced, the deck ran out and was made
        # again): the cause reads before its effects. (A reshuffle before the first card reads before it.)
        logged_at = -1
        while left:
            if not deck:
                if not self.discard:
                    break
                self._drained(segment, bit)
                segment = []
                self.reshuffle(deeper)
                deck = self.deck
                if self.has_weather:
                    self.settle_top(deeper)
                    if not deck:
                        break
            card = deck.pop()
            hand.append(card)
            segment.append((card, known[card]))
            known[card] = bit
            drawn.append(card)
            if logged_at < 0:
                logged_at = len(self.events)
            left -= 1
            # What the card uncovered leaves the top at once: an Event goes into play, a face-up
            # Master of Magic is discarded and its owner plays before the draw goes on.
            if self.magic_owner >= 0 and deck and deck[-1] == MASTER_OF_MAGIC:
                self.surface_magic(deeper)
            if self.has_weather:
                self.settle_top(deeper)
            if self.surfaced >= 0 and left:
                self.wait("rest", seat, left, int(mirrored))
                cut = True
                break
        if deck:
            # The others cannot tell which of the deck's cards were drawn, so they no longer know
            # which remain: only the drawer (who saw what it took) still knows the deck's contents.
            # A mask of 0 or ``bit`` is already so, and once two seats have drawn from a deck every mask is
            # 0: the masks are read at C speed first, and the loop runs only when one would change.
            if not {0, bit}.issuperset(map(known.__getitem__, deck)):
                for card in deck:
                    known[card] &= bit
            if self.magic_owner >= 0:
                known[MASTER_OF_MAGIC] = self.everyone  # face-up in the deck
        else:
            self._drained(segment, bit)
        name = f"P{seat}"
        if not drawn:
            self.narrate(f"{name} {verb} nothing: the deck and the discard pile are empty", deeper=deeper)
        elif self.logging:
            plural = "s" if len(drawn) > 1 else ""
            what = f"{len(drawn)} card{plural}" if verb == "draws" else ""
            # Earth (side 1)'s card is said, or a draw of 2 where the text said 1 has no reason given.
            # (after a comma: the side is said in brackets, and brackets inside brackets read badly)
            why = f", one more for their Element {elements.side_words('earth1')}" if extra else ""
            # narrate's body for both lines, written out (a draw is one base-game action in four). What the
            # drawer saw is nested under the draw everyone saw: one entry of the log, not two.
            depth = len(self.effects) + deeper
            lines = (_new_event(Event, (EVERYONE, f"{name} {verb} {what}".rstrip() + why, False, 0, depth)),
                     _new_event(Event, (bit, f"You drew {', '.join([CARD_NAMES[card] for card in drawn])}",
                                        False, 0, depth + 1)))
            self.log_at(logged_at if logged_at >= 0 else len(self.events), lines)
        if (self.has_sabotage and verb == "draws" and not mirrored and not cut and (drawn or resumed)
                and self.has_face_up(seat, "mirror")):  # (Mirror is a Sabotage! card: no call without it)
            self.narrate(f"{name}'s Mirror: each opponent draws a card", deeper=deeper)
            for other in self.opponents(seat):
                self.draw(other, 1, deeper, mirrored=True)
        return drawn

    def suspended(self) -> bool:
        """Whether a Master of Magic surfaced and its owner is still to play: whatever was to happen next
        waits (``later``) until they have."""
        return self.surfaced >= 0

    def wait(self, kind: str, *args: int) -> None:
        """Put off what was to happen next (``effects.LATER`` names the kinds) until a surfaced Master of
        Magic's owner has played: it runs, in order, once the effects stack is back to its depth now."""
        self.later.append((len(self.effects), kind, args))

    def hand_left(self, seat: int, deeper: int = 0) -> None:
        """A card left ``seat``'s hand: Night Vision's mark ends if its card is the one that left (RULINGS:
        "if it leaves the hand first, the mark ends"; ruling 34); Magic (side 2), "if your hand is ever
        empty, immediately draw 3", draws at this moment, inside whatever effect emptied it."""
        marked = self.marks[seat]
        if marked >= 0 and marked not in self.hands[seat]:
            self.end_mark(seat)
        if self.has_elements and not self.hands[seat]:
            elements.refill_seat(self, seat, deeper)

    def end_mark(self, seat: int) -> None:
        """Night Vision's mark on ``seat`` ends (its card left the hand): a mark waiting for ``seat``'s next
        turn goes with it. Everyone knew a card was marked; its holder says it is gone, as at a table."""
        self.marks[seat] = NO_MARK
        if seat == self.turn:
            self.mark_waits = False

    def surface_magic(self, deeper: int = 0) -> None:
        """The face-up Master of Magic is on top of the deck: it is discarded and its owner plays any number
        of cards at once (``surfaced``; ``effects.resume`` pushes their plays before anything else goes
        on: what was under way waits in ``later``)."""
        card = self.deck.pop()
        self.discard_card(card)
        owner, self.magic_owner = self.magic_owner, -1
        self.surfaced = owner
        self.narrate(f"{card_name(card)} reaches the top of the deck and is discarded: P{owner} may play any "
                     "number of cards", deeper=deeper)

    def settle_top(self, deeper: int = 0) -> None:
        """Heavy Weather: Events (and a face-up Master of Magic) on top of the deck leave it at once."""
        deck = self.deck
        while deck and (IS_EVENT[deck[-1]] or (self.magic_owner >= 0 and deck[-1] == MASTER_OF_MAGIC)):
            if IS_EVENT[deck[-1]]:
                weather.surface(self, deeper)
            else:
                self.surface_magic(deeper)

    def lost_from_play(self, owner: int, deeper: int = 0) -> None:
        """``owner``'s cards in play were stolen, discarded, moved or swapped (Water, side 1, draws)."""
        if self.has_elements:
            elements.lost_from_play(self, owner, deeper)

    def _hidden_answers_possible(self) -> bool:
        return self.any_time

    def window_moments(self) -> int:
        return self.moments

    def rematch_options(self) -> dict[str, OptionValue]:
        """Options that carry this game's set-up into the next game of a match: with The Elements, every
        seat keeps its Element and side (option ``element_sides``), as the rulebook allows.

        Kept sides skip the deal and the choice, so the options that say how they are dealt
        (``element_seats``) or chosen (``element_order``) have nothing left to do and are refused with
        ``element_sides``: they go back to their defaults here, so the old options with these validate."""
        if not self.has_elements or any(side in elements.NAMES for side in self.elements):
            return {}
        carried: dict[str, OptionValue] = {"element_sides": "/".join(side or "-" for side in self.elements)}
        if self.options.get("element_order", "together") != "together":
            carried["element_order"] = "together"
        if self.options.get("element_seats", ""):
            carried["element_seats"] = ""
        return carried

    def _drained(self, segment: list[tuple[int, int]], bit: int) -> None:
        """The drawer (``bit``) took every card left in the deck: whoever knew the deck's contents
        knows that all of ``segment`` (cards with their knowledge masks before the draw) is in its hand."""
        for card, mask in segment:
            self.known[card] = mask | bit

    def reshuffle(self, deeper: int = 0) -> None:
        """Shuffle the discard pile into a new deck (everyone knows which cards it holds, not their order)."""
        self.deck = self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        everyone = self.everyone
        for card in self.deck:
            self.known[card] = everyone
        self.narrate(f"the discard pile ({plural(len(self.deck), 'card')}) is shuffled into a new deck", deeper=deeper)

    def discard_card(self, card: int) -> None:
        """Put ``card`` (already taken from where it was) face-up on the discard pile."""
        self.discard.append(card)
        self.known[card] = (1 << self.num_players) - 1  # everyone (the property's body: a call less)

    def discard_treasure(self, seat: int, card: int, deeper: int = 0) -> None:
        """Discard ``card`` from ``seat``'s treasures."""
        self.treasures[seat].remove(card)
        self.discard_card(card)
        self.narrate(f"{card_name(card)} is discarded from P{seat}'s treasures", deeper=deeper)
        if self.has_elements:
            elements.lost_from_play(self, seat, deeper)

    def discard_from_hand(self, seat: int, card: int, deeper: int = 0) -> None:
        """``seat`` discards ``card`` from hand (face-up, so everyone sees it)."""
        self.hands[seat].remove(card)
        self.discard_card(card)
        self.narrate(f"P{seat} discards {card_name(card)} from hand", deeper=deeper)
        self.hand_left(seat, deeper)

    def add_secret(self, seat: int, card: int) -> None:
        """``card`` (already out of ``seat``'s hand) goes face-down into ``seat``'s collection."""
        self.secrets[seat].append(card)
        bit = 1 << seat
        known = self.known
        # The other seats cannot tell which of this hand's cards went face-down: of every card they
        # knew in that hand they now know only that this player holds it (in hand or among the
        # secrets, which the owner may rearrange at any time), not where.
        # A card only its holder knows stays so (``hidden_by(bit, bit) == bit``): the usual case, so the
        # mask is worked out only for a card someone else knows of (a secret is a quarter of the actions).
        if known[card] != bit:
            known[card] = hidden_by(bit, known[card])
        for other in self.hands[seat]:
            if known[other] != bit:
                known[other] = hidden_by(bit, known[other])
        if self.blind == seat:
            known[card] &= ~bit  # False Floor: its owner cannot look at it
        if self.logging:
            # narrate's body for both lines, written out (a secret is a quarter of the base game's actions).
            depth = len(self.effects)
            events = self.events
            events.append(_new_event(Event, (EVERYONE, f"P{seat} plays a secret", False, 0, depth)))
            if self.blind != seat:
                events.append(_new_event(Event, (bit, f"your secret is {CARD_NAMES[card]}", False, 0, depth)))

    def turn_face_up(self, seat: int, card: int) -> None:
        """``card`` becomes a treasure of ``seat``: face-up, known to everyone."""
        self.treasures[seat].append(card)
        self.known[card] = (1 << self.num_players) - 1  # everyone (the property's body: a call less)

    def settle_face_up(self, seat: int, card: int, deeper: int = 0) -> None:
        """A card just turned face-up in ``seat``'s collection is discarded if it has no value: a card of
        ``seat``'s in play discarded, for Water (side 1) (ruling 64: a secret Master of Surprise turned up, or
        a card just stolen into the thief's collection)."""
        if not HAS_VALUE[card] and card in self.treasures[seat]:
            self.treasures[seat].remove(card)
            self.discard_card(card)
            self.narrate(f"{card_name(card)} has no value and is discarded", deeper=deeper)
            if self.has_elements:
                elements.lost_from_play(self, seat, deeper)

    # ------------------------------------------------------------------ engine hooks

    # The rules' own functions are the hooks (the state is their first argument), not wrappers calling
    # them: the engine calls them at every action of every playout.
    _legal = rules.legal

    def _apply(self, seat: int, frame: Frame, payload: Payload) -> None:
        rules.apply(self, seat, frame, payload)
        # The two checks below are written out (suspended(), and sync_blind() only where False Floor can
        # be or was in play): they come after every action of every playout.
        if self.surfaced >= 0 and self.result is None:
            # A Master of Magic surfaced on a path that asks its next decision itself (a free Teleport
            # before the action, Heart's look): its owner still plays at once, before that decision.
            effects.resume(self)
        if self.has_false_floor or self.blind >= 0:
            self.sync_blind()

    #: A free swap, and in the base game a secret or treasure whose turn's end is foreseeable
    #: (:mod:`ninjadojo.games.ninjitsu.undo`).
    _undo_safe = undo.undo_safe

    def _resolve_simultaneous(self, frame: Frame, choices: dict[int, Payload]) -> None:
        rules.resolve_simultaneous(self, frame, choices)
        self.sync_blind()

    def _prompt(self, seat: int, frame: Frame) -> str:
        return words.prompt(self, seat, frame)

    def _label(self, seat: int, frame: Frame, action: str, payload: Payload) -> str | None:
        return words.label(self, seat, frame, payload)

    def _label_detail(self, seat: int, frame: Frame, action: str, payload: Payload) -> str | None:
        return words.label_detail(self, seat, payload)

    def _free(self, seat: int) -> dict[str, Payload]:
        return rules.free_swaps(self, seat)

    def _apply_free(self, seat: int, payload: Payload) -> None:
        rules.swap_own(self, seat, payload[1], payload[2])

    def _explain_free(self, seat: int, action: str) -> str | None:
        return rules.explain_free(self, seat, action)

    def _free_label(self, seat: int, action: str, payload: Payload) -> str | None:
        return words.label(self, seat, self.frames[-1], payload)  # a swap's words, as among the turn's choices

    def _score_lines(self, player: int) -> list[str]:
        return words.score_lines(self, player)

    def _explain_illegal(self, seat: int, action: str) -> str | None:
        return rules.explain_illegal(self, seat, action)

    def _body_notation(self) -> str:
        return notation.body_notation(self)

    def _parse_body(self, body: str) -> None:
        notation.parse_body(self, body)

    def _observe(self, seat: int | None) -> dict[str, JSONValue]:
        return view.observe(self, seat)

    def _render(self, seat: int | None) -> str:
        return view.render(self, seat)

    def _render_markup(self, seat: int | None) -> str:
        """The position as ``seat`` sees it, in rich console markup (colours per kind of card)."""
        return view.render(self, seat, markup=True)

    def _determinize_modelled(self, seat: int, rng: Rng) -> None:
        """:meth:`_determinize` with the unseen cards dealt by the model of play
        (:mod:`ninjadojo.games.ninjitsu.sampling`): the cards players hide more often among another's
        secrets, action cards more often in hand."""
        self._redeal(seat, rng, modelled=True)

    def _determinize(self, seat: int, rng: Rng) -> None:
        self._redeal(seat, rng, modelled=False)

    def _redeal(self, seat: int, rng: Rng, modelled: bool) -> None:
        # A sample must be a function of what ``seat`` knows: two positions it cannot tell apart give
        # the same sample for the same seed, so a sample (or a chain of them) cannot be inverted to
        # recover the hidden cards. So every pool of unseen cards is put in a canonical (sorted) order
        # before the rng touches it, the places they go to are listed in an order fixed by public facts
        # (zone, then index), and what other seats know of the redealt cards is re-derived from public
        # facts rather than carried over from the true cards.
        #
        # Redealt: every card whose place ``seat`` does not know. A card ``seat`` knows some player
        # holds (hand or secrets) goes back among that player's unknown places; the rest go to any
        # unknown place. A redealt card in a hand or a secret is then known (by place) to its holder
        # only, plus, for a held card, whoever saw it go to that holder (a public event); a card dealt
        # to the deck gets the deck's mask (after a reshuffle, who still knows which cards it holds:
        # public too, and the same for every deck card).
        bit = 1 << seat
        held_bit = bit << HELD_SHIFT
        known = self.known
        # The deck's common mask (a face-up Master of Magic in it is known to everyone, apart).
        deck_mask = next((known[card] for card in self.deck
                          if not (card == MASTER_OF_MAGIC and self.magic_owner >= 0)), 0)
        deck_places: list[_Place] = []
        free_cards: list[int] = []
        places: list[list[_Place]] = [[] for _ in range(self.num_players)]
        held_cards: list[list[int]] = [[] for _ in range(self.num_players)]
        zones = [(self.deck, -1)] + [(zone, holder) for holder in range(self.num_players)
                                     for zone in (self.hands[holder], self.secrets[holder])]
        if self.result is not None:
            zones = zones[:1]  # at the end every hand and secret is shown to all: only the deck stays unseen
        for zone, holder in zones:
            for index, card in enumerate(zone):
                mask = known[card]
                if mask & bit:
                    continue
                if holder < 0:
                    deck_places.append((zone, index, deck_mask))
                    free_cards.append(card)
                else:
                    # A secret of a player blinded by False Floor is known to nobody, not even its owner.
                    own = 0 if holder == self.blind and zone is self.secrets[holder] else 1 << holder
                    places[holder].append((zone, index, own))
                    (held_cards[holder] if mask & held_bit else free_cards).append(card)
        held_masks = {card: holder_knowers(known[card]) << HELD_SHIFT for cards in held_cards for card in cards}
        for cards in held_cards:
            cards.sort()
        free_cards.sort()
        # The seat saw the player whose turn it is start that turn without winning, so a sample must
        # keep that player below the target (their secrets are what may change). Draw again while a
        # draw breaks it; after a few tries, give that player's secrets the cheapest cards they could
        # hold (no more than the truth's, so always allowed), the rest at random as before.
        # (Not at an extra action, nor under another player's Freeze Time: no check was made then.)
        # With The Elements or Heavy Weather the start-of-turn draws and discards since the check change
        # only the hand: the points but the hand's share (Master of Misdirection's) stay below.
        # (Teleport's or Alessio's choice may lie on that turn frame.)
        limited = (self.result is None and self.frames[0].kind == "turn"
                   and self.frames[-1].kind in ("turn", *rules.ON_TURN) and (self.turn != seat or self.blind == seat)
                   and not self.frames[0].data.get("extra") and self.frozen in (-1, self.turn))
        blurred = rules.potion_blurs_check(self)
        if blurred:
            limited = limited and rules.hand_free_check(self)
        in_hand = 0 if blurred else len(self.hands[self.turn])
        need = self._hand_need(seat)
        deal = self._deal(rng, deck_places, places, held_cards, free_cards, modelled=modelled)
        if need is not None and not self._need_met(need, seat, deal):
            # The pending decision says someone ``seat`` cannot see into holds some card (an "any time"
            # window asks a holder; a play of one way only has a card to play): the sample must agree.
            # Give one (the lowest-numbered that may go there) to the first such player with a hand
            # place ``seat`` does not know.
            pin = self._need_pin(need, places, held_cards, free_cards)
            deal = self._deal(rng, deck_places, places, held_cards, free_cards, hand_pin=pin, modelled=modelled)
        attempt = 1
        room = self.target - self.treasure_points(self.turn)
        while limited and self._secrets_worth(deal, self.turn, in_hand) >= room:
            if attempt == _SAMPLE_ATTEMPTS:
                cheapest = self._cheapest_secrets(self.turn, places[self.turn], held_cards[self.turn], free_cards,
                                                  in_hand)
                deal = self._deal(rng, deck_places, places, held_cards, free_cards, (self.turn, cheapest),
                                  modelled=modelled)
                break
            deal = self._deal(rng, deck_places, places, held_cards, free_cards, modelled=modelled)
            attempt += 1
        for (zone, index, mask), card in deal:
            zone[index] = card
            known[card] = mask | held_masks.get(card, 0)
        # Nobody knows the order of the deck (even a seat that knows which cards it holds).
        self.deck.sort()
        rng.shuffle(self.deck)
        if self.has_weather:
            # Neither an Event nor a face-up Master of Magic ever waits on top of the deck.
            deck = self.deck
            if deck and self._surfaces(deck[-1]):
                below = next((index for index in range(len(deck) - 1, -1, -1) if not self._surfaces(deck[index])),
                             None)
                if below is not None:
                    deck[below], deck[-1] = deck[-1], deck[below]
            # Nobody knows the order of the Weather deck either.
            self.weather_deck.sort()
            rng.shuffle(self.weather_deck)
        elif self.magic_owner >= 0 and self.deck[-1] == MASTER_OF_MAGIC:
            # A face-up Master of Magic never waits on top of the deck (it would have surfaced).
            self.deck[0], self.deck[-1] = self.deck[-1], self.deck[0]
        # Which card Night Vision marked in another player's hand is known to that player only.
        for holder in range(self.num_players):
            if holder != seat and self.marks[holder] != NO_MARK:
                hand = self.hands[holder]
                self.marks[holder] = hand[rng.randbelow(len(hand))] if hand else magic.MARK_GONE

    def _surfaces(self, card: int) -> bool:
        """Whether ``card`` would leave the top of the deck at once (an Event, a face-up Master of Magic)."""
        return IS_EVENT[card] or (self.magic_owner >= 0 and card == MASTER_OF_MAGIC)

    def _hand_need(self, seat: int) -> tuple[list[int], set[int]] | None:
        """What the pending decision says of a hand ``seat`` cannot see, as (candidates, cards): one of
        the candidates (in order) holds one of the cards. An open "any time" window that does not ask
        ``seat`` has a holder of an answering card; a play of one way only (a treasure, an action) asked
        of another player means that player holds a card playable that way."""
        if self.result is not None or not self.frames:
            return None
        top = self.frames[-1]
        if top.kind == "window" and seat not in top.seats:
            passed = self._window_passed(top, seat)
            return self._window_candidates(top, seat, passed), set(effects.answering_cards(top.data))
        if top.kind == "play" and top.seats[0] != seat and top.data["way"] in ("treasure", "action"):
            way = str(top.data["way"])
            return [top.seats[0]], {card for card in self.cards_in_game if way in CARDS[card].plays}
        return None

    def _need_met(self, need: tuple[list[int], set[int]], seat: int, deal: list[tuple[_Place, int]]) -> bool:
        """Whether, after ``deal``, a candidate holds one of the needed cards in hand."""
        candidates, wanted = need
        hands = {id(self.hands[each]) for each in candidates}
        if any(card in wanted and id(zone) in hands for (zone, _, _), card in deal):
            return True
        known_bit = 1 << seat
        return any(card in wanted and self.known[card] & known_bit for each in candidates for card in self.hands[each])

    def _need_pin(self, need: tuple[list[int], set[int]], places: list[list[_Place]], held_cards: list[list[int]],
                  free_cards: list[int]) -> tuple[int, int]:
        """(holder, card): the first candidate with an unknown hand place that can take a needed card (one
        it is known to hold, or a free one), and the lowest such card."""
        candidates, wanted = need
        for each in candidates:
            hand = self.hands[each]
            if not any(place[0] is hand for place in places[each]):
                continue
            own = [card for card in held_cards[each] if card in wanted]
            if own:
                return each, min(own)
            free = [card for card in free_cards if card in wanted]
            if free and len(places[each]) > len(held_cards[each]):
                return each, min(free)
        raise AssertionError("the pending decision's needed card can be placed in a sample")

    def _deal(self, rng: Rng, deck_places: list[_Place], places: list[list[_Place]], held_cards: list[list[int]],
              free_cards: list[int], pinned: tuple[int, list[int]] | None = None,
              hand_pin: tuple[int, int] | None = None, modelled: bool = False) -> list[tuple[_Place, int]]:
        """One random redeal of the unseen cards: each player's held cards among that player's unknown
        places, then the free cards among every place left. ``pinned`` is (holder, cards): those cards
        go to that holder's unknown secret places first; ``hand_pin`` is (holder, card): that card goes
        to one of the holder's unknown hand places; ``modelled`` deals the free cards by the model of play
        (:func:`sampling.likely_deal`). Every list comes in a canonical order."""
        deal: list[tuple[_Place, int]] = []
        left = list(deck_places)
        free = list(free_cards)
        for holder, own in enumerate(places):
            held = list(held_cards[holder])
            own = list(own)
            if hand_pin is not None and hand_pin[0] == holder:
                hand = self.hands[holder]
                hand_places = [place for place in own if place[0] is hand]
                rng.shuffle(hand_places)
                chosen = hand_places[0]
                own.remove(chosen)
                deal.append((chosen, hand_pin[1]))
                held = [card for card in held if card != hand_pin[1]]
                free = [card for card in free if card != hand_pin[1]]
            if pinned is not None and pinned[0] == holder:
                secrets = self.secrets[holder]
                secret_places = [place for place in own if place[0] is secrets]
                own = [place for place in own if place[0] is not secrets]
                rng.shuffle(secret_places)
                deal += zip(secret_places, pinned[1], strict=True)
                held = [card for card in held if card not in pinned[1]]
                free = [card for card in free if card not in pinned[1]]
            rng.shuffle(own)
            deal += zip(own, held, strict=False)
            left += own[len(held):]
        if self.has_weather and any(IS_EVENT[card] for card in free):
            # An Event is never in a hand or among the secrets: the unseen ones go to places in the deck.
            events = [card for card in free if IS_EVENT[card]]
            free = [card for card in free if not IS_EVENT[card]]
            deck_left = [place for place in left if place[0] is self.deck]
            rng.shuffle(deck_left)
            picked = deck_left[:len(events)]
            deal += zip(picked, events, strict=True)
            taken = {id(place) for place in picked}
            left = [place for place in left if id(place) not in taken]
        if modelled:
            deal += sampling.likely_deal(self, rng, left, free)
            return deal
        rng.shuffle(free)
        deal += zip(left, free, strict=True)
        return deal

    def _secrets_worth(self, deal: list[tuple[_Place, int]], holder: int, in_hand: int) -> int:
        """What ``holder``'s secrets would be worth face-down after ``deal``, with ``in_hand`` cards in hand."""
        secrets = self.secrets[holder]
        dealt = {index: card for (zone, index, _), card in deal if zone is secrets}
        count = len(secrets)
        penalty = sum(OWNER_PENALTY[card] for card in self.treasures[holder]) * count
        earth = self.earth_worth(holder)
        return penalty + sum(secret_worth(dealt.get(index, card), count, in_hand) + (earth if dealt.get(index, card)
                             == EARTH else 0) for index, card in enumerate(secrets))

    def _cheapest_secrets(self, holder: int, own: list[_Place], held: list[int], free: list[int],
                          in_hand: int) -> list[int]:
        """The cheapest cards ``holder``'s unknown secret places could hold (canonical: by worth with
        ``in_hand`` cards in hand, then card): its held cards must all fit in its hand or secrets, so those
        that cannot go to its hand go to its secrets, cheapest first; the other places take the cheapest
        cards left."""
        secrets = self.secrets[holder]
        slots = sum(1 for place in own if place[0] is secrets)
        hand_slots = len(own) - slots
        count = len(secrets)

        def cost(card: int) -> tuple[int, int]:
            return secret_worth(card, count, in_hand), card

        by_cost = sorted(held, key=cost)
        forced = by_cost[:max(0, len(held) - hand_slots)]
        rest = sorted(by_cost[len(forced):] + free, key=cost)
        return forced + rest[:slots - len(forced)]

    def _canonical_action(self, seat: int, action: str) -> str | None:
        return rules.canonical_action(action)

    @classmethod
    def _card_catalog(cls) -> list[CardInfo]:
        return catalog()

    @classmethod
    def sets_in_play(cls, options: Mapping[str, OptionValue], players: int | None = None) -> tuple[str, ...]:
        """The ``expansions`` named, and ``crossover`` when that option is on (see ``CardInfo.needs``)."""
        return game_sets(options)

    @classmethod
    def _all_actions(cls, players: int, options: Mapping[str, OptionValue]) -> list[str]:
        return encode.all_actions(players, game_sets(options), declinable=options.get("optional_texts") is True)

    @classmethod
    def _check_option_combination(cls, players: int, options: Mapping[str, OptionValue]) -> None:
        # The game's sets as _init_fields reads them (cached: every new game is checked): the named
        # expansions, then the crossover's set when that option is on.
        crossover = options.get("crossover") is True
        sets = _game_sets(options.get("expansions", ""), crossover)
        # Captain Bluebeard comes in the Promo Pack: the crossover option has nothing to add without it.
        if crossover and "promo" not in sets:
            raise OptionError("ninjitsu: option crossover (the Treasure Hunters crossover) adds the Promo Pack's "
                              "Captain Bluebeard, so it needs expansions=promo (e.g. --option "
                              "expansions=promo --option crossover=true)")
        seats, sides = str(options.get("element_seats", "")), str(options.get("element_sides", ""))
        for name, value in (("element_seats", seats), ("element_sides", sides)):
            if value and "elements" not in sets:
                raise OptionError(f"ninjitsu: option {name} is about The Elements, so it needs expansions=elements "
                                  f"(e.g. --option expansions=elements --option {name}=...)")
        if seats and sides:
            raise OptionError("ninjitsu: give either element_seats (who is dealt an Element) or element_sides "
                              "(each seat's kept Element and side), not both")
        if seats:
            late = [seat for seat in seats.split(",") if int(seat) >= players]
            if late:
                raise OptionError(f"ninjitsu: option element_seats names seat {late[0]}, but a {players}-player "
                                  f"game has seats 0 to {players - 1}")
        if sides:
            elements.parse_sides(sides, players, sets)
        # A ruling about an expansion's card means nothing without that expansion: refused, not ignored.
        for name, needed in _RULE_OPTION_SETS.items():
            if options.get(name, _RULE_DEFAULTS[name]) != _RULE_DEFAULTS[name]:
                missing = [each for each in needed if each not in sets]
                if missing:
                    what = "expansions=" + ",".join(needed)
                    kind = "a variant of" if name == "wind_nested" else "a ruling about"  # 59 is RULINGS.md's
                    raise OptionError(f"ninjitsu: option {name} is {kind} {_RULE_OPTION_ABOUT[name]}, so it "
                                      f"needs {what} (missing: {', '.join(missing)})")
        if options.get("fire_replaces") is True and ("magic" not in sets or not {"promo", "elements"} & set(sets)):
            raise OptionError("ninjitsu: option fire_replaces is a ruling about Masters of Magic's Master of Fire "
                              "and the cards that keep a treasure from it, so it needs expansions=magic with promo "
                              "or elements (e.g. --option expansions=magic,promo)")
        if options.get("element_order", "together") != "together" and sides:
            raise OptionError("ninjitsu: option element_order says how the sides are chosen, but element_sides "
                              "keeps them from a previous game (nothing is chosen): give one or the other")

    def _written_options(self) -> Mapping[str, OptionValue]:
        # Without expansions a position reads as it did before the option existed (saved games and
        # golden transcripts of the base game stay valid).
        # The same for the crossover option when it is off.
        # The switchable rulings likewise: written only when not our reading.
        written = super()._written_options()
        return {name: value for name, value in written.items()
                if not (name in ("expansions", "element_seats", "element_sides") and value == "")
                and not (name == "crossover" and value is False)
                and not (name in _RULE_DEFAULTS and value == _RULE_DEFAULTS[name])}

    def _reconceal(self, frame: Frame, seat: int) -> None:
        # Who an "any time" window asks depends on hidden hands: in a sample it is re-derived from the
        # sample's own hands, from what ``seat`` knows only. ``seat`` knows whether it is asked, and, if it
        # holds an answering card and is not asked, whether it has already passed (it then comes before
        # the asked seat in the fair order) or is still to be asked (it comes after).
        if seat in frame.seats:
            return
        frame.seats = [self._window_asks(frame, seat, self._window_passed(frame, seat))]

    def _window_passed(self, frame: Frame, seat: int) -> bool:
        """Whether ``seat`` (not asked) has already passed in the open ``frame`` (it holds an answering
        card and comes before the asked seat in the fair order)."""
        if not effects.may_answer(self, frame.data, seat):
            return False
        order = effects.fair_order(self)
        return order.index(seat) < order.index(frame.seats[0])

    def _window_candidates(self, frame: Frame, seat: int, passed: bool) -> list[int]:
        """The seats that the window could be asking, as far as ``seat`` knows, in the fair order."""
        order = effects.fair_order(self)
        mine = order.index(seat)
        holds = effects.may_answer(self, frame.data, seat)
        return [each for index, each in enumerate(order) if each != seat
                and (not holds or (index > mine if passed else index < mine))
                and each != effects.not_asked(frame.data)]

    def _window_asks(self, frame: Frame, seat: int, passed: bool) -> int:
        """The first candidate that holds an answering card in this (sampled) position."""
        for each in self._window_candidates(frame, seat, passed):
            if effects.may_answer(self, frame.data, each):
                return each
        raise AssertionError("a sample with an open window gives one of its candidates an answering card")

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(self.points(seat)) for seat in range(self.num_players))

    def _projected_scores(self) -> Sequence[float] | None:
        return evaluation.projected_scores(self)

    def _features(self) -> list[set[str]]:
        return report_features.features(self)

    def check_invariants(self) -> None:
        """Every card exactly once; no valueless treasure; knowledge consistent with the zones (the laws are
        :mod:`ninjadojo.games.ninjitsu.invariants`)."""
        invariants.check_invariants(self)
