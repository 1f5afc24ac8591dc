"""The state of a game of Ninjato (2-4 players)."""

from __future__ import annotations

from collections.abc import Mapping
from operator import sub
from typing import Self

from ninjadojo.engine import Frame, GameSpec, GameState, Rng
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import Option, OptionValue
from ninjadojo.engine.state import CardInfo
from ninjadojo.games.ninjato import effects, evaluate, invariants, notation, rules, view, words
from ninjadojo.games.ninjato import features as report_features
from ninjadojo.games.ninjato.cards import (
    DOJO_VALUES,
    ELITE_CODES,
    ENVOY_MASK,
    GUARD_CODES,
    HJ,
    MOST_SPOTS,
    PALACE_SPOTS,
    PAVILION_SPOTS,
    TILE_KIND_OF,
    TILE_KINDS,
    TILE_ROWS,
    TREASURES,
)
from ninjadojo.games.ninjato.catalog import catalog
from ninjadojo.games.ninjato.encode import Payload, all_actions, canonical_text

RULES = """\
2-4 players, 7 rounds. Each round every player places 3 shuriken, one at a
time in turn order, and at once does what the place offers:
- Dojo: draw 2 Dojo cards (up to 4 with fewer than 2 in hand), face-up or from
  the deck. The last to come to the Dojo leads next round.
- Sensei: take a tile, paying a card of its value (any for '?');
  free if you hold that style. Snake lowers a card, Tiger raises it, Crane is
  a card of its own; Hensojutsu (rounds 5-7) doubles a masked Envoy.
- A clan house, by Strength or by Stealth: beat its Sentry with one card
  higher (Strength) or lower (Stealth); a 3 may add or take 1 from another
  card. Each win takes a treasure; then Banzai (a new guard) or retreat. Lose
  and you keep one treasure. Alarms add red treasures, guarded by Elites.
  Empty a house and you choose its new clan marker.
- Pavilion and Palace: buy a Rumor or an Envoy with
  treasure (Gold is any); the treasure's value is your honour.
After rounds 3, 5 and 7 each clan scores: the player with most of its Envoys
takes the clan's marker points or a free Rumor, the second what is left.
At the end Rumors score in sets, each treasure 1, each Elite 1 or 2.
"""

#: How actions are typed at the terminal (``GameSpec.typing``).
BOARD_KEY = """\
The board at the terminal: each house's clan and marker points, its Sentry,
its treasure (in words; a long one in letters: f Fan, s Scroll, v Vase, j
Jade, g Gold, * after a red token), then who raids it this round by Strength
(+:) and by Stealth (-:), . for nobody. Dojo up: the face-up Dojo cards; came:
who went to the Dojo, in order. Sensei: its tiles with the Dojo card each
costs. Pavilion: the face-up Rumors by kind, with their cost (1-3 alike: one
to three of one kind); Palace: the face-up Envoys by clan, masked or not, with
their cost and year (the earlier, the older). When the board has no room for
words, these are in codes: tiles s Snake, t Tiger, c Crane, hj Hensojutsu @
the card's value (? any); Rumors w Greatest Warrior, p Goodwill of the People,
f Powerful Friends, a Master of the Secret Art, d Dishonorable Opponents;
Envoys t Taira, m Minamoto, g Go-Shirakawa, ~ masked; costs in letters (2-3:
two or three of one kind). Each player: honour, shuriken left, cards,
treasure, Sensei tiles (used: played this round), Rumors by kind, Elites
defeated; on a crowded line some are only counted (yours are in words under
your hand). help CODE gives any card's or tile's full text (help t6, help c2).
"""

TYPING = """\
Typing at the terminal: dojo goes to the Dojo, then d5 takes a face-up 5 or
deck draws; sen:s2@5 takes the Snake -2 tile paying a 5; h3+ raids house 3 by
Strength, h3- by Stealth; m:t8 sets a new clan marker; rum:w5:jf and
env:t1:jf buy the Rumor w5 or the Envoy t1 with a Jade and a Fan.
"""


#: The rulings of docs/rules/ninjato.md ("Rulings you can switch") a table may play the other way, and two
#: numbers of the design. Each default is the project's reading, so a game that names none of them plays
#: (and writes its positions) exactly as before the options existed.
OPTIONS: tuple[Option, ...] = (
    Option("may_give_up", True,
           "A raider may always give up a fight (and lose it). Off: only when no single card beats the guard, so "
           "a raider who can win must fight", ruling=2, label="Give up a fight you could win"),
    Option("stack_tiles", True,
           "One Dojo card may carry several of your Snake or Tiger tiles at once, copies included (Snake -1 and "
           "Snake -2 on one card; a Tiger 6 then a Tiger +1 makes a 7). Off: one tile a card", ruling=4,
           label="Several tiles on one card"),
    Option("crane_as_card", False,
           "On: a Crane tile is a card of its value, which a 3 may change by 1 and a Snake or Tiger may go on. "
           "Off: a Crane is played alone", ruling=3, label="A Crane is a card"),
    Option("dojo_draws", "one_by_one",
           "How Dojo cards are drawn: one at a time, so a card from the deck may change what you take face-up "
           "next; or the face-up cards first, a card from the deck making the rest of the draw blind",
           choices=("one_by_one", "face_up_first"), ruling=12, label="Dojo draws",
           choice_labels=("One card at a time", "Face-up cards first")),
    Option("pavilion_spots", 0,
           "how many shuriken the Pavilion (Rumors) takes a round; 0 keeps the game's number (2 with 2 players, "
           "3 with 3-4)",
           minimum=0, maximum=MOST_SPOTS, ruling=1, label="Pavilion spots"),
    Option("palace_spots", 0,
           "how many shuriken the Palace (Envoys) takes a round; 0 keeps the game's number (2)", minimum=0,
           maximum=MOST_SPOTS, ruling=1, label="Palace spots"),
)
#: Each option's default, to leave it out of a position (see :meth:`NinjatoState._written_options`).
OPTION_DEFAULTS: dict[str, OptionValue] = {option.name: option.default for option in OPTIONS}


class NinjatoState(GameState[Payload]):
    """A position of Ninjato. Card piles are lists with the top last; counts are per value or kind.

    - Round flow: ``round`` (1-7), ``placed`` (shuriken placed this round), ``order`` (turn order),
      ``phase`` (``PLAY``, or after the round ``DISGUISE``/``CLANS`` scoring, then ``OVER``) and
      ``step`` (the seat or clan of the scoring reached).
    - The board's shuriken: ``dojo_stack`` (seats in the order they came, top last),
      ``sensei_seats``, ``pavilion_seats``, ``palace_seats``, ``spots`` (house ``h``'s Strength side at
      ``2h``, Stealth at ``2h+1``: a seat or -1).
    - Dojo cards (values 1-5): ``deck``, ``up`` (the face-up cards), ``discard`` (counts by value),
      ``hands`` (counts by value) and ``known`` (cards every seat saw enter a hand: taken face-up).
    - Guards: ``gdeck``, ``gdiscard`` (counts by type); Elites: ``xdeck``, ``xdiscard``.
    - Houses: ``markers`` (marker index), ``sentries`` (guard type, -1 when cleared), ``treasure``
      (tokens: kind 0-4, plus 5 when red side up, sorted).
    - Sensei: ``sdeck`` (tile types), ``offer``, ``sout`` (discarded offers, counts by type), ``hj_left``.
    - ``rdeck``/``rup`` Rumors, ``vdeck``/``vup`` Envoys (deck and face-up display).
    - Treasure: ``bag`` and ``spent`` (counts by kind); each seat's ``purse``.
    - Each seat's ``honour``, ``tiles`` (counts by tile type), ``flipped`` (used this round, by kind),
      ``envoys``, ``rumors`` (sorted indices) and ``elites`` (counts by type); ``masks``: Envoys a
      Hensojutsu doubles in the scoring under way.
    - The raid under way: ``raider`` (-1 for none), ``raid_house``, ``raid_side``, ``raid_loot`` (tokens
      on the shuriken), ``raid_guards`` (guards revealed) and ``raid_elite`` (the Elite faced, or -1).
    """

    FEATURE_WORDS = report_features.WORDS

    SPEC = GameSpec(
        id="ninjato",
        title="Ninjato",
        score_name="Points",  # the final count: honour, Rumors, unspent treasure and Elites (the board shows honour)
        min_players=2,
        max_players=4,
        options=OPTIONS,
        summary="Worker placement: train, raid clan houses, buy Envoys and Rumors for honour over 7 rounds.",
        rules=RULES,
        typing=TYPING,
        board_key=BOARD_KEY,
    )

    round: int
    placed: int
    order: list[int]
    phase: int
    step: int
    dojo_stack: list[int]
    sensei_seats: list[int]
    pavilion_seats: list[int]
    palace_seats: list[int]
    spots: list[int]
    deck: list[int]
    up: list[int]
    discard: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    gdeck: list[int]
    gdiscard: list[int]
    xdeck: list[int]
    xdiscard: list[int]
    markers: list[int]
    sentries: list[int]
    treasure: list[list[int]]
    sdeck: list[int]
    offer: list[int]
    sout: list[int]
    hj_left: int
    rdeck: list[int]
    rup: list[int]
    vdeck: list[int]
    vup: list[int]
    bag: list[int]
    spent: list[int]
    honour: list[int]
    purse: list[list[int]]
    tiles: list[list[int]]
    kinds: list[list[int]]
    flipped: list[list[int]]
    envoys: list[list[int]]
    rumors: list[list[int]]
    elites: list[list[int]]
    masks: list[int]
    raider: int
    raid_house: int
    raid_side: int
    raid_loot: list[int]
    raid_guards: list[int]
    raid_elite: int

    # ------------------------------------------------------------------ set-up and copying

    def _init_fields(self) -> None:
        players = self.num_players
        self.round = 1
        self.placed = 0
        self.order = list(range(players))
        self.phase = effects.PLAY
        self.step = 0
        self.dojo_stack = []
        self.sensei_seats = []
        self.pavilion_seats = []
        self.palace_seats = []
        self.spots = [-1] * 10
        self.deck = []
        self.up = []
        self.discard = [0] * 6
        self.hands = [[0] * 6 for _ in range(players)]
        self.known = [[0] * 6 for _ in range(players)]
        self.gdeck = []
        self.gdiscard = [0] * len(GUARD_CODES)
        self.xdeck = []
        self.xdiscard = [0] * len(ELITE_CODES)
        self.markers = []
        self.sentries = []
        self.treasure = []
        self.sdeck = []
        self.offer = []
        self.sout = [0] * len(TILE_ROWS)
        self.hj_left = 0
        self.rdeck = []
        self.rup = []
        self.vdeck = []
        self.vup = []
        self.bag = [0] * len(TREASURES)
        self.spent = [0] * len(TREASURES)
        self.honour = [0] * players
        self.purse = [[0] * len(TREASURES) for _ in range(players)]
        self.tiles = [[0] * len(TILE_ROWS) for _ in range(players)]
        self.kinds = [[0] * len(TILE_KINDS) for _ in range(players)]
        self.flipped = [[0] * len(TILE_KINDS) for _ in range(players)]
        self.envoys = [[] for _ in range(players)]
        self.rumors = [[] for _ in range(players)]
        self.elites = [[0] * len(ELITE_CODES) for _ in range(players)]
        self.masks = []
        self.raider = -1
        self.raid_house = -1
        self.raid_side = 0
        self.raid_loot = []
        self.raid_guards = []
        self.raid_elite = -1

    def _setup(self) -> None:
        effects.start_game(self)

    def _copy_fields(self, other: Self) -> None:
        other.round = self.round
        other.placed = self.placed
        other.order = self.order.copy()
        other.phase = self.phase
        other.step = self.step
        other.dojo_stack = self.dojo_stack.copy()
        other.sensei_seats = self.sensei_seats.copy()
        other.pavilion_seats = self.pavilion_seats.copy()
        other.palace_seats = self.palace_seats.copy()
        other.spots = self.spots.copy()
        other.deck = self.deck.copy()
        other.up = self.up.copy()
        other.discard = self.discard.copy()
        other.hands = [row.copy() for row in self.hands]
        other.known = [row.copy() for row in self.known]
        other.gdeck = self.gdeck.copy()
        other.gdiscard = self.gdiscard.copy()
        other.xdeck = self.xdeck.copy()
        other.xdiscard = self.xdiscard.copy()
        other.markers = self.markers.copy()
        other.sentries = self.sentries.copy()
        other.treasure = [row.copy() for row in self.treasure]
        other.sdeck = self.sdeck.copy()
        other.offer = self.offer.copy()
        other.sout = self.sout.copy()
        other.hj_left = self.hj_left
        other.rdeck = self.rdeck.copy()
        other.rup = self.rup.copy()
        other.vdeck = self.vdeck.copy()
        other.vup = self.vup.copy()
        other.bag = self.bag.copy()
        other.spent = self.spent.copy()
        other.honour = self.honour.copy()
        other.purse = [row.copy() for row in self.purse]
        other.tiles = [row.copy() for row in self.tiles]
        other.kinds = [row.copy() for row in self.kinds]
        other.flipped = [row.copy() for row in self.flipped]
        other.envoys = [row.copy() for row in self.envoys]
        other.rumors = [row.copy() for row in self.rumors]
        other.elites = [row.copy() for row in self.elites]
        other.masks = self.masks.copy()
        other.raider = self.raider
        other.raid_house = self.raid_house
        other.raid_side = self.raid_side
        other.raid_loot = self.raid_loot.copy()
        other.raid_guards = self.raid_guards.copy()
        other.raid_elite = self.raid_elite

    # ------------------------------------------------------------------ facts

    @property
    def pavilion_spots(self) -> int:
        """Shuriken the Pavilion takes per round (option ``pavilion_spots``, else the design's)."""
        chosen = self.options.get("pavilion_spots", 0)
        return chosen if isinstance(chosen, int) and chosen > 0 else PAVILION_SPOTS[self.num_players]

    @property
    def palace_spots(self) -> int:
        """Shuriken the Palace takes per round (option ``palace_spots``, else the design's)."""
        chosen = self.options.get("palace_spots", 0)
        return chosen if isinstance(chosen, int) and chosen > 0 else PALACE_SPOTS[self.num_players]

    @property
    def may_give_up(self) -> bool:
        """Whether ``lose`` is offered in a fight that could be won (option ``may_give_up``)."""
        return self.options.get("may_give_up", True) is not False

    @property
    def stack_tiles(self) -> bool:
        """Whether one card may carry several tiles (option ``stack_tiles``, on by default: ruling 4)."""
        return self.options.get("stack_tiles", True) is not False

    @property
    def crane_as_card(self) -> bool:
        """Whether a Crane is a card a 3 and tiles may go with (option ``crane_as_card``)."""
        return self.options.get("crane_as_card", False) is True

    @property
    def face_up_first(self) -> bool:
        """Whether a blind Dojo draw makes the rest of the draw blind while blind cards last (``dojo_draws``)."""
        return self.options.get("dojo_draws") == "face_up_first"

    def ready(self, seat: int) -> tuple[int, ...]:
        """The seat's face-up (unused this round) tiles, counted by kind."""
        return tuple(map(sub, self.kinds[seat], self.flipped[seat]))

    def recount_kinds(self, seat: int) -> None:
        """Recompute the seat's tiles by kind from its tiles by type."""
        counts = [0] * len(TILE_KINDS)
        for tile, count in enumerate(self.tiles[seat]):
            counts[TILE_KIND_OF[tile]] += count
        self.kinds[seat] = counts

    def hand_size(self, seat: int) -> int:
        """How many Dojo cards the seat holds."""
        hand = self.hands[seat]
        return hand[1] + hand[2] + hand[3] + hand[4] + hand[5]

    def can_banzai(self) -> bool:
        """Whether the raider may call Banzai: the house still has treasure and a guard can be drawn
        from the deck it calls for (normal while a plain treasure is left, else Elite)."""
        house = self.raid_house
        tokens = self.treasure[house]
        if not tokens:
            return False
        if tokens[0] < 5:  # sorted: a plain token (0-4) comes before every red one (5-9)
            return bool(self.gdeck) or any(self.gdiscard)
        return bool(self.xdeck) or any(self.xdiscard)

    def disguise_choices(self, seat: int) -> list[int]:
        """Masked Envoys of the seat a Hensojutsu could still double this scoring (none once every
        tile of the seat is in use)."""
        masks = self.masks
        used = sum(1 for envoy in masks if envoy in self.envoys[seat])
        if used >= self.kinds[seat][HJ]:
            return []
        return [envoy for envoy in self.envoys[seat] if ENVOY_MASK[envoy] and envoy not in masks]

    def cards_text(self, seat: int) -> str:
        """A hand as its values, lowest first (``1135``)."""
        hand = self.hands[seat]
        return "".join(str(value) * hand[value] for value in DOJO_VALUES)

    def zone(self, name: str, seat: int | None = None) -> str:
        """A part of the position as the builder's keyword of the same name
        (:func:`ninjadojo.games.ninjato.builder.position`) takes it, hidden parts included (the true
        position, not a seat's view).

        Per seat (give ``seat``): ``hands`` and ``known`` (Dojo cards as digits), ``purses`` (treasure
        letters), ``tiles`` (tile codes), ``flipped`` (tile kinds used this round), ``envoys``,
        ``rumors``, ``elites`` (codes, comma-separated). Shared: ``up``, ``top`` (the Dojo deck, first
        drawn first; it may list the whole deck), ``discard``, ``houses`` (the five houses'
        ``marker:sentry:treasure`` joined by ``/``), ``gtop``, ``xtop``, ``stop``, ``rtop``, ``vtop``
        (the Guard, Elite, Sensei, Rumor and Envoy decks, next first), ``gdiscard``, ``xdiscard``,
        ``offer``, ``sout``, ``rup``, ``vup``, ``spent``, the shuriken (``dojo``, ``sensei``,
        ``pavilion``, ``palace``, ``spots``), ``order``, the raid's ``loot``, ``revealed`` and ``elite``,
        and ``masks``. ``round``, ``phase``, ``step``, ``honour`` and ``raider`` are plain fields.

        >>> from ninjadojo.games.ninjato.builder import position
        >>> game = position(2, hands=["45", "1"], purses=["ffj", ""], top="321")
        >>> game.zone("hands", 0), game.zone("purses", 0), game.zone("top")[:3]
        ('45', 'ffj', '321')

        Raises ValueError naming the parts (or the seats) there are.
        """
        return notation.zone_text(self, name, seat)

    # ------------------------------------------------------------------ hooks

    # The rules' own functions are the hooks (the state is their first argument), not wrappers calling
    # them: the engine calls both at every action of every playout.
    _legal = rules.legal
    _apply = effects.apply

    def _undo_safe(self, seat: int, frame: Frame, payload: Payload) -> bool:
        """Placements and face-up draws whose outcome is in plain sight (:func:`effects.undo_safe`)."""
        return effects.undo_safe(self, frame, payload)

    def _body_notation(self) -> str:
        return notation.body(self)

    def _parse_body(self, body: str) -> None:
        notation.parse_body(self, body)

    def _observe(self, seat: int | None) -> dict[str, JSONValue]:
        return view.observe(self, seat)

    def _render(self, seat: int | None) -> str:
        return view.render(self, seat)

    def _render_markup(self, seat: int | None) -> str:
        """The picture of :meth:`render` with rich console colours."""
        return view.render(self, seat, markup=True)

    def _prompt(self, seat: int, frame: Frame) -> str:
        return words.prompt(self, seat, frame)

    def _label(self, seat: int, frame: Frame, action: str, payload: Payload) -> str | None:
        return words.label(self, seat, frame, action, payload)

    def _score_lines(self, player: int) -> list[str]:
        return words.score_lines(self, player)

    def _explain_illegal(self, seat: int, action: str) -> str | None:
        return view.explain_illegal(self, seat, action)

    def _canonical_action(self, seat: int, action: str) -> str | None:
        """The treasures of a payment in any order (``rum:w1:jf`` is ``rum:w1:fj``)."""
        return canonical_text(action)

    @classmethod
    def _card_catalog(cls) -> list[CardInfo]:
        return catalog()

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(points) for points in self.honour)

    def _projected_scores(self) -> list[float]:
        return evaluate.projected_scores(self)

    def _features(self) -> list[set[str]]:
        return report_features.features(self)

    @classmethod
    def validate_options(cls, players: int, options: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """All options with defaults filled in; a Pavilion or Palace spot count equal to the design's for
        this player count is stored as 0, the default, since it plays the same game (so it is not written
        and a game naming it equals one that does not)."""
        values = super().validate_options(players, options)
        for name, design in (("pavilion_spots", PAVILION_SPOTS), ("palace_spots", PALACE_SPOTS)):
            if values.get(name) == design[players]:
                values[name] = 0
        return values

    @classmethod
    def _all_actions(cls, players: int, options: Mapping[str, OptionValue]) -> list[str]:
        return all_actions(players, stack=options.get("stack_tiles", True) is not False,
                           crane_card=options.get("crane_as_card") is True)

    def _written_options(self) -> Mapping[str, OptionValue]:
        # An option at its default is not written, so positions, saves and golden transcripts read as
        # they did before the ruling options existed (and ``max_length`` as the engine decides).
        written = super()._written_options()
        return {name: value for name, value in written.items()
                if name not in OPTION_DEFAULTS or value != OPTION_DEFAULTS[name]}

    # ------------------------------------------------------------------ determinisation

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Redeal what ``seat`` cannot see: the Dojo deck with the other hands (but the cards every seat
        saw them take), and the order of the Guard, Elite, Sensei, Rumor and Envoy decks.

        Every pool is put in sorted order before the shuffle, and the places it goes to (pile and hand
        sizes, known cards) are public, so a sample is a function of the seat's information only. The bag
        holds counts, not an order, and draws from it use the random stream the engine replaces.
        """
        # At the end every hand is shown to all: only the decks stay unseen.
        known = self.hands if self.result is not None else self.known
        pool = list(self.deck)
        for other in range(self.num_players):
            if other != seat:
                hand, keep = self.hands[other], known[other]
                for value in DOJO_VALUES:
                    pool += [value] * (hand[value] - keep[value])
        pool.sort()
        rng.shuffle(pool)
        size = len(self.deck)
        self.deck = pool[:size]
        rest = pool[size:]
        for other in range(self.num_players):
            if other != seat:
                hand = known[other].copy()
                for _ in range(self.hand_size(other) - sum(hand)):
                    hand[rest.pop()] += 1
                self.hands[other] = hand
        assert not rest, "the redealt Dojo cards fill the deck and the hands exactly"
        for pile in (self.gdeck, self.xdeck, self.sdeck, self.rdeck, self.vdeck):
            pile.sort()
            rng.shuffle(pile)

    # ------------------------------------------------------------------ invariants

    def check_invariants(self) -> None:
        """Every law of a reachable position (see :mod:`invariants`); an ``AssertionError`` names the
        broken law."""
        invariants.check(self)
