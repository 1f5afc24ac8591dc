"""The Ninja Trap game state: fields, and the engine hooks (each delegating to its module).

Every turn is three simultaneous frames, then an automatic end of turn:

1. ``trap``: each living ninja with two or more cards places one face down (hidden from its owner too);
2. ``move``: each living ninja picks a room; the moves are revealed together;
3. ``activate``: each ninja that has face-down traps and shares its room with no other ninja may flip one;
4. hits, then ``look`` (a one-action decision for ninjas unharmed in the Buko, who see their traps
   until they say ``ok``), then discards and draws (see :mod:`rules`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import ClassVar

from ninjadojo.engine.frames import Frame
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import CardInfo, GameSpec, GameState
from ninjadojo.games.ninja_trap import evaluate, invariants, notation, rules, rulings, view, words
from ninjadojo.games.ninja_trap import features as report_features
from ninjadojo.games.ninja_trap.cards import CODES, HITS_TO_KILL, ROOM_COUNT, ROOMS
from ninjadojo.games.ninja_trap.encode import FLIP_BY_ROW, LOOK_LEGAL, MOVE_BY_HAND, TRAP_BY_HAND, all_actions

# hand_mask unrolls the rooms; it must change if the number of rooms does.
assert ROOM_COUNT == 8

SPEC = GameSpec(
    id="ninja-trap",
    title="Ninja Trap",
    score_name="",  # won or lost: the end shows how it ended for each seat, no score
    min_players=2,
    max_players=4,
    options=rulings.OPTIONS,
    summary="Place traps face down, move through the house, spring traps from memory; last ninja standing wins.",
    rules="""\
You are ninjas in a house. Every card is a room; each player has a deck of
their own. Every turn all players act together, in four stages:

1. Place a trap: lay a card from your hand face down at the end of your
   trap row. From then on you may not look at it: your own traps are hidden
   from you too, so remember where you put them.
2. Move: choose a second card; all moves are revealed together. Ninjas
   who moved to the same room may not flip a trap this turn.
3. Activate (or pass): a ninja alone in its room may flip one of its
   face-down traps, by its place in the row. The trap springs in its room and
   hits every ninja there, the flipper too, even if that was not the room
   you meant. A ninja takes one hit a turn at most.
4. Draw (automatic): moves and flipped traps go to the discard piles and each
   player draws two. When your cards run out (fewer than the two a turn needs,
   none left to draw), your discard pile is shuffled into a new deck and you
   draw back up to five; your traps stay where they are.

Buko (armoury): move there, and if nobody traps you there, you look at all
your face-down traps once, then hide them again. Three hits and a ninja is
out; the last ninja standing wins.""",
    typing="""\
Typing at the terminal: each room is its letter (G for the Genkan...); tG lays
the Genkan as a trap, mG moves to it, f3 flips your trap 3 of the row (or
pass), ok hides your traps again after a look in the Buko.""",
    board_key="""\
The board at the terminal: hits X for each hit taken (three and the ninja is
out), . for each left; moved: the room the ninja is in (* shares it: it cannot
flip this turn); flipped: the room of the trap it flipped last. Under it: its
face-down traps with the turn each was laid, in row order (the second laid is
trap 2: type f2 to flip it), and its discard pile by room. A crowded line
shortens a room to its first syllables (Gen Genkan, Dai Daidokoro, Shin
Shinshitsu, Furo Furoba, Tei Teizen, Iku Ikujishitzu); a long Buko look gives
rooms by letter (G Genkan, I Ima, D Daidokoro, S Shinshitsu, F Furoba, T
Teizen, N Ikujishitzu, B Buko), as your hand shows them.""",
)


class NinjaTrapState(GameState[int]):
    """A Ninja Trap position. Rooms are numbers 0-7 (see :data:`cards.ROOMS`); payloads are ints."""

    FEATURE_WORDS = report_features.WORDS

    SPEC: ClassVar[GameSpec] = SPEC
    #: Every legal map is one of the module's tables (by hand, by row length, the look's): shared, never changed.
    LEGAL_SHARED: ClassVar[bool] = True

    turn: int
    #: Per seat: how many cards of each room are in the hand.
    hands: list[list[int]]
    #: Per seat: the draw pile, rooms, the top card last.
    decks: list[list[int]]
    #: Per seat: the rooms of the face-down traps in row order (oldest first).
    traps: list[list[int]]
    #: Per seat: the turn each face-down trap was placed (public: it tells the traps apart).
    trap_turns: list[list[int]]
    #: Per seat: how many cards of each room are in the face-up discard pile.
    discards: list[list[int]]
    hits: list[int]
    #: Per seat: the room moved to this turn (kept until the next reveal), -1 for none.
    moves: list[int]
    #: Per seat: the room of the trap flipped in the last activation stage, -1 for none.
    flips: list[int]

    # ------------------------------------------------------------------ set-up and copying

    def _init_fields(self) -> None:
        players = self.num_players
        self.turn = 0
        self.hands = [[0] * ROOM_COUNT for _ in range(players)]
        self.decks = [[] for _ in range(players)]
        self.traps = [[] for _ in range(players)]
        self.trap_turns = [[] for _ in range(players)]
        self.discards = [[0] * ROOM_COUNT for _ in range(players)]
        self.hits = [0] * players
        self.moves = [-1] * players
        self.flips = [-1] * players

    def _setup(self) -> None:
        rules.setup(self)

    def _copy_fields(self, other: NinjaTrapState) -> None:
        other.turn = self.turn
        other.hands = [hand.copy() for hand in self.hands]
        other.decks = [deck.copy() for deck in self.decks]
        other.traps = [row.copy() for row in self.traps]
        other.trap_turns = [row.copy() for row in self.trap_turns]
        other.discards = [pile.copy() for pile in self.discards]
        other.hits = self.hits.copy()
        other.moves = self.moves.copy()
        other.flips = self.flips.copy()

    # ------------------------------------------------------------------ queries

    def alive(self, seat: int) -> bool:
        """Whether ``seat``'s ninja is still in the game (fewer than three hits)."""
        return self.hits[seat] < HITS_TO_KILL

    def out_words(self, seat: int) -> str | None:
        """A ninja with three hits is out of the game while the others play on."""
        self._check_seat(seat)
        return None if self.alive(seat) else f"your ninja took {HITS_TO_KILL} hits and is out of the game"

    def living_seats(self) -> list[int]:
        """The seats whose ninjas are still in the game, in seat order."""
        return [seat for seat in range(self.num_players) if self.hits[seat] < HITS_TO_KILL]

    def hand_mask(self, seat: int) -> int:
        """A bitmask of the rooms ``seat`` holds at least one card of."""
        # Unrolled over the eight rooms: this is on the hot path of every legal-move query.
        h = self.hands[seat]
        return ((h[0] > 0) | (h[1] > 0) << 1 | (h[2] > 0) << 2 | (h[3] > 0) << 3
                | (h[4] > 0) << 4 | (h[5] > 0) << 5 | (h[6] > 0) << 6 | (h[7] > 0) << 7)

    def stage(self) -> str | None:
        """The current stage (the top frame's kind: trap, move or activate), or ``None`` when over."""
        return self.frames[-1].kind if self.frames else None

    def look_live(self, seat: int) -> bool:
        """Whether ``seat`` is looking at its traps now (a Buko look lasts until the seat says ok)."""
        frames = self.frames
        return bool(frames) and frames[-1].kind == rules.LOOK and seat in frames[-1].seats

    #: The parts :meth:`zone` reads: per seat (``seat`` needed) and shared.
    SEAT_ZONES: ClassVar[tuple[str, ...]] = ("hand", "deck", "traps", "discard")
    SHARED_ZONES: ClassVar[tuple[str, ...]] = ("moves", "flips")

    def zone(self, name: str, seat: int | None = None) -> str:
        """A part of the position as the builder (:class:`ninjadojo.games.ninja_trap.builder.Seat` and
        :func:`~ninjadojo.games.ninja_trap.builder.build`) takes it, room codes run together, hidden
        cards included (the true position, not a seat's view).

        Per seat (give ``seat``): ``hand`` and ``discard`` (in room order), ``deck`` (from the top card
        down: ``Seat.deck_top``, which may list the whole deck) and ``traps`` (room and turn placed, in
        row order: ``G1,S3``). Shared: ``moves`` and ``flips`` (one room code per seat, ``-`` for none).
        ``turn``, ``hits`` and the stage (:meth:`stage`) are plain.

        >>> from ninjadojo.games.ninja_trap.builder import Seat, build
        >>> game = build(2, "move", [Seat(hand="GIF", traps="D1,S2"), Seat(deck_top="SB")], turn=2)
        >>> game.zone("hand", 0), game.zone("traps", 0), game.zone("deck", 1)[:2]
        ('GIF', 'D1,S2', 'SB')

        Raises ValueError naming the parts (or the seats) there are.
        """
        if name in self.SEAT_ZONES:
            if type(seat) is not int or not 0 <= seat < self.num_players:
                raise ValueError(f"zone {name!r} is a seat's: give seat, from 0 to {self.num_players - 1}, "
                                 f"not {seat!r}")
            if name == "traps":
                return ",".join(f"{CODES[room]}{turn}"
                                for room, turn in zip(self.traps[seat], self.trap_turns[seat], strict=True))
            if name == "deck":
                return "".join(CODES[room] for room in reversed(self.decks[seat]))
            counts = (self.hands if name == "hand" else self.discards)[seat]
            return "".join(CODES[room] * count for room, count in enumerate(counts))
        if name in self.SHARED_ZONES:
            if seat is not None:
                raise ValueError(f"zone {name!r} is shared: give no seat")
            rooms = self.moves if name == "moves" else self.flips
            return "".join(CODES[room] if room >= 0 else "-" for room in rooms)
        raise ValueError(f"no zone {name!r}: the zones are {', '.join(self.SEAT_ZONES)} (of a seat) and "
                         f"{', '.join(self.SHARED_ZONES)}")

    # ------------------------------------------------------------------ moves

    def _legal(self, seat: int, frame: Frame) -> dict[str, int]:
        kind = frame.kind
        if kind == rules.TRAP:
            return TRAP_BY_HAND[self.hand_mask(seat)]
        if kind == rules.MOVE:
            return MOVE_BY_HAND[self.hand_mask(seat)]
        if kind == rules.ACTIVATE:
            return FLIP_BY_ROW[len(self.traps[seat])]
        return LOOK_LEGAL

    def _apply(self, seat: int, frame: Frame, payload: int) -> None:
        raise AssertionError("every Ninja Trap frame is simultaneous")  # pragma: no cover

    def _resolve_simultaneous(self, frame: Frame, choices: dict[int, int]) -> None:
        rules.resolve(self, frame.kind, choices)

    def _prompt(self, seat: int, frame: Frame) -> str:
        return words.prompt(self, seat, frame.kind)

    def _label(self, seat: int, frame: Frame, action: str, payload: int) -> str:
        return words.label(self, seat, frame.kind, payload)

    def _score_lines(self, player: int) -> list[str]:
        return words.score_lines(self, player)

    def _explain_illegal(self, seat: int, action: str) -> str | None:
        return rules.explain_illegal(self, seat, action)

    def _scores(self) -> tuple[float, ...]:
        # While the game goes on, a seat's score is the lives its ninja has left.
        return tuple(float(max(0, HITS_TO_KILL - hits)) for hits in self.hits)

    @classmethod
    def _all_actions(cls, players: int, options: Mapping[str, OptionValue]) -> list[str]:
        return all_actions(players)

    @classmethod
    def _check_option_combination(cls, players: int, options: Mapping[str, OptionValue]) -> None:
        # ghost_traps at 2 players could never matter: refused rather than silently ignored.
        rulings.check_combination(players, options)

    # ------------------------------------------------------------------ views and notation

    def _observe(self, seat: int | None) -> dict[str, JSONValue]:
        return view.observe(self, seat)

    def _render(self, seat: int | None) -> str:
        return view.render(self, seat)

    def _render_markup(self, seat: int | None) -> str:
        """The position as ``seat`` sees it, in rich console markup (deck colours, hits in red)."""
        return view.render(self, seat, markup=True)

    def _body_notation(self) -> str:
        return notation.body_text(self)

    def _parse_body(self, body: str) -> None:
        notation.parse_body(self, body)

    def _determinize(self, seat: int, rng: Rng) -> None:
        rules.determinize(self, seat, rng)

    def _determinize_remembering(self, seat: int, rng: Rng, memory: Sequence[JSONValue]) -> None:
        rules.determinize(self, seat, rng, memory)

    def _memo(self, seat: int, action: str) -> JSONValue:
        return rules.memo(self, seat, action)

    def _recollection(self, seat: int) -> list[JSONValue]:
        return [[[turn, CODES[room]] for turn, room in zip(self.trap_turns[seat], self.traps[seat], strict=True)]]

    def _remembered(self, seat: int) -> Hashable | None:
        # What a seat remembers bears on its flips only, and only through where each trap lies: under a
        # rival's ninja, under its own, or in an empty room (the rooms themselves would split a search's
        # statistics far finer than the choice needs).
        if not self.frames or self.frames[-1].kind != rules.ACTIVATE or self.result is not None:
            return None
        mine = self.moves[seat]
        rivals = {room for other, room in enumerate(self.moves) if other != seat and room >= 0}
        return tuple((room in rivals, room == mine) for room in self.traps[seat])

    def _projected_scores(self) -> Sequence[float] | None:
        return evaluate.projected_scores(self)

    def _features(self) -> list[set[str]]:
        return report_features.features(self)

    def _written_options(self) -> Mapping[str, OptionValue]:
        # A ruling option at its default (our reading) is not written: positions, saves' positions and
        # golden transcripts read as they did before the options existed.
        return rulings.written(super()._written_options())

    # ------------------------------------------------------------------ laws

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` naming the broken law (see :mod:`invariants`): cards conserved, zone sizes
        for the stage, trap rows in order, the stage asking the right seats, the result's winners."""
        invariants.check_invariants(self)

    @classmethod
    def _card_catalog(cls) -> list[CardInfo]:
        # Each card is a room; its code is the letter of the trap and move actions (tG, mG).
        return [CardInfo(room.code, room.name, room.short, room.text) for room in ROOMS]
