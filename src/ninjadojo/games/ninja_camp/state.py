"""Ninja Camp's game state: the training grounds, ninjas, hands, clan cards and the turn order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import mul
from typing import Self

from ninjadojo.engine.errors import NotationError, quote
from ninjadojo.engine.frames import Frame
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import CardInfo, GameSpec, GameState
from ninjadojo.games.ninja_camp import effects, evaluate, invariants, moves, view, words
from ninjadojo.games.ninja_camp import features as report_features
from ninjadojo.games.ninja_camp.cards import (
    CARD_TABLE,
    CLAN_TABLE,
    EMPTY,
    GRID_SIZE,
    LETTERS,
    NINJAS_PER_PLAYER,
    POINTS,
    STARTING_HAND,
    WALL,
)
from ninjadojo.games.ninja_camp.encode import all_actions
from ninjadojo.games.ninja_camp.grid import Grid, grid
from ninjadojo.games.ninja_camp.moves import DONE_PAYLOAD, MoveMemo, Payload, board_of, refresh, tables
from ninjadojo.games.ninja_camp.notation import (
    DONE_TEXT,
    PASS_TEXT,
    clan_prefix,
    decode_cells,
    decode_clan,
    decode_discard,
    decode_hand,
    decode_number,
    decode_shadow,
    encode_cells,
    encode_hand,
)
from ninjadojo.games.ninja_camp.rules import PASS, PLATYPUS_MORE, TAKE
from ninjadojo.games.ninja_camp.table_rules import OPTIONS, TableRules, non_default

RULES = """\
2-4 players; every card is face up. Each player starts with a Sprint and an
Evade in hand, a Ninja Clan card and three ninjas.
Set-up: the first player places a ninja, then the others counter-clockwise,
three rounds: each ninja on a free skill card, your three on three different
kinds.
The last to place takes the first turn; turns then go clockwise.
Your turn: play a skill card from your hand, or use your clan card once a
game, or pass for the rest of the game. One of your ninjas carries out the
card's movement in full; then you claim the card that ninja started on into
your hand, leaving an empty space.
Movement: orthogonal steps; never through a ninja, over an empty space or
onto or over a Wall; never the same space twice. Traps may be crossed and
landed on. A card that none of your ninjas can carry out in full cannot be
played; a card's own text overrides these rules.
Skills (points): Ambush 5, Evade 4, Dodge 1, Leap 3, Shadow 3, Sprint 2,
Stealth 0. A claimed Trap counts -1; Walls are never claimed.
End: when everyone has passed, each player claims the cards under their
ninjas. Most points in hand and discard pile wins; of tied players, the one
who passed last (took the last turn) wins."""

SPEC = GameSpec(
    "ninja-camp",
    "Ninja Camp",
    2,
    4,
    OPTIONS,
    "Move your three ninjas over a grid of skill cards, claiming the cards they leave; "
    "each card you play is a way to move.",
    rules=RULES,
    score_name="Points",
    hidden=False,
    board_key="""\
The board at the terminal: the grid by column letter and row number (c3 is
column c, row 3); on each square the letter of its card (the legend beside the
grid: each card with its points), # a Wall (W when you type a card's code), .
an empty square (its card was claimed). A letter with a digit is a ninja on its
card: A1 is seat 1's ninja on an Ambush. Beside the grid: each player's points,
hand and Clan card (* marks you), then what each card in play moves like.""",
)


#: Each card letter's points (a discard pile is a string of letters).
_LETTER_POINTS: Mapping[str, int] = {letter: POINTS[kind] for kind, letter in enumerate(LETTERS)}

#: The 64 cards shuffled into the training grounds, in the card table's order (shuffled from this order).
_DECK: tuple[int, ...] = tuple(row.kind for row in CARD_TABLE for _ in range(row.count))


def _clan_code(clan: int, used: bool) -> str:
    """A clan's code, in capitals once its card is used."""
    code = CLAN_TABLE[clan].code
    return code.upper() if used else code


class NinjaCampState(GameState[Payload]):
    """A game of Ninja Camp. Everything is public: claims and plays happen in plain sight."""

    FEATURE_WORDS = report_features.WORDS

    SPEC = SPEC

    grid: Grid
    cells: list[int]
    occupant: list[int]
    #: Per square, the facts legal-move generation reads (see :mod:`~ninjadojo.games.ninja_camp.moves`):
    #: kept in step with ``cells`` and ``occupant`` by every change to them (``moves.refresh``).
    board: bytearray
    ninjas: list[list[int]]
    hands: list[list[int]]
    discards: list[str]
    clans: list[int]
    clan_used: list[bool]
    copyable: list[int]
    passed_at: list[int]
    last_move: list[int]
    turns: int
    #: The readings of the switchable rulings this game plays, read once from its options.
    table_rules: TableRules
    #: Remembered moves (see :mod:`~ninjadojo.games.ninja_camp.moves`), shared with clones; pickled empty.
    _moves: MoveMemo

    # ------------------------------------------------------------------ set-up

    def _init_fields(self) -> None:
        rows, cols = GRID_SIZE[self.num_players]
        players = self.num_players
        self.grid = grid(rows, cols)
        self.cells = [EMPTY] * self.grid.size
        self.occupant = [-1] * self.grid.size
        self.ninjas = [[] for _ in range(players)]
        self.board = board_of(self.cells, self.ninjas)
        self.hands = [[0] * len(LETTERS) for _ in range(players)]
        self.discards = [""] * players
        self.clans = [0] * players
        self.clan_used = [False] * players
        self.copyable = [0] * players
        self.passed_at = [-1] * players
        self.last_move = [-1] * players
        self.turns = 0
        self.table_rules = TableRules.of(self.options)
        self._moves = MoveMemo(tables(rows, cols))

    def _setup(self) -> None:
        deck = list(_DECK)
        self.rng.shuffle(deck)
        # The grid is dealt from the 64 shuffled cards; the rest go back to the box.
        self.cells = deck[:self.grid.size]
        self.board = board_of(self.cells, self.ninjas)
        clans = list(range(len(CLAN_TABLE)))
        self.rng.shuffle(clans)
        self.clans = clans[:self.num_players]
        for hand in self.hands:
            for kind in STARTING_HAND:
                hand[kind] += 1
        self.frames.append(Frame("place", [0]))
        self.log("The training grounds are dealt; P0 places a ninja first, then the others counter-clockwise")

    # ------------------------------------------------------------------ legal actions

    def _legal(self, seat: int, frame: Frame) -> dict[str, Payload]:
        kind = frame.kind
        # A turn: every distinct outcome of every playable card and the clan card, then ``pass``, reusing
        # what each card offered each ninja until a square it depends on changes; set-up: the free skill
        # cards of a kind this seat has no ninja on yet (both in :mod:`~ninjadojo.games.ninja_camp.moves`).
        if kind == "turn":
            return moves.turn_actions(self, seat, self._moves)
        if kind == "place":
            return moves.place_actions(self, seat, self._moves)
        if kind == "platypus":
            first, moved = frame.data["first"], frame.data["moved"]
            assert isinstance(first, int) and isinstance(moved, int)
            return self._platypus_actions(seat, first, moved)
        if kind == "platypus-claim":
            left = frame.data["left"]
            assert isinstance(left, tuple)
            names = self.grid.names
            return {f"take:{names[square]}": (0, TAKE, -1, -1, square) for square in left
                    if isinstance(square, int)}
        raise ValueError(f"unknown frame kind {quote(kind)}")

    def _platypus_actions(self, seat: int, first: int, moved: int) -> dict[str, Payload]:
        """A second Platypus step (or ``done``), each distinct outcome offered once.

        Ninjas of a seat are alike, so two steps can reach the same position in several ways: in
        either order, with the two ninjas' destinations exchanged, or (when the second ninja steps
        onto the square the first one left) as a single step or a chain through another ninja's
        square. A pair of steps is offered only when no single step does the same and it is the
        smallest (by squares) of its equivalent pairs.
        ``first`` is where the first ninja started, ``moved`` where it now stands. Under option
        ``platypus_free_at_start`` (Ruling 13) both steps go to cards free at the start of the turn, so
        no step goes onto ``first``.
        """
        cells, occupant, grid_ = self.cells, self.occupant, self.grid
        names, king = grid_.names, grid_.king
        follow = not self.table_rules.platypus_free_at_start

        def occupied_before(square: int) -> bool:
            return square == first or (occupant[square] >= 0 and square != moved)

        def possible(start: int, to: int, then_start: int, then_to: int) -> bool:
            """Whether these two steps, in this order, were legal from the turn's start."""
            for begin, end in ((start, to), (then_start, then_to)):
                if end not in king[begin] or cells[end] in (EMPTY, WALL):
                    return False
            if occupied_before(to) or to == then_to:
                return False
            return not occupied_before(then_to) or (follow and then_to == start)

        legal: dict[str, Payload] = {}
        prefix = clan_prefix(self.clans[seat])
        for start in self.ninjas[seat]:
            if start == moved:
                continue
            for destination in king[start]:
                if cells[destination] in (EMPTY, WALL) or occupant[destination] >= 0:
                    continue
                if destination == first:
                    if not follow:
                        continue
                    # This ninja in effect goes to ``moved`` through ``first``: offered once, with no
                    # single step to ``moved`` and through the lowest own ninja's square that works.
                    if moved in king[start]:
                        continue
                    through = [square for square in self.ninjas[seat]
                               if square not in (start, moved) and square in king[start] and moved in king[square]]
                    if any(square < first for square in through):
                        continue
                    legal[f"{prefix}{names[start]}-{names[destination]}"] = (0, PLATYPUS_MORE, start, destination, -1)
                    continue
                chosen = (first, moved, start, destination)
                others = ((first, destination, start, moved), (start, moved, first, destination),
                          (start, destination, first, moved))
                if any(other < chosen and possible(*other) for other in others):
                    continue
                legal[f"{prefix}{names[start]}-{names[destination]}"] = (0, PLATYPUS_MORE, start, destination, -1)
        legal[DONE_TEXT] = DONE_PAYLOAD
        return legal

    def _gives_up(self, seat: int, action: str) -> bool:
        # Passing is for good here: with a move still open it gives the rest of the game away.
        return action == PASS_TEXT and len(self.legal_actions(seat)) > 1

    # ------------------------------------------------------------------ applying

    def _apply(self, seat: int, frame: Frame, payload: Payload) -> None:
        effect = payload[1]
        if frame.kind == "turn":
            if effect == PASS:
                # Whether anything else was open (the log says a forced pass from a chosen one).
                effects.apply_pass(self, seat, forced=len(self._legal(seat, frame)) == 1)
            else:
                effects.apply_move(self, seat, payload)
        elif frame.kind == "place":
            self._place(seat, payload[3])
        else:
            effects.apply_platypus(self, seat, frame, payload)

    def _undo_safe(self, seat: int, frame: Frame, payload: Payload) -> bool:
        """Every action may be taken back while nobody has acted since: everything is in plain sight
        (the grid, hands, claims and clan cards), so all an action leads to, the end of the game too, is
        determined by what every seat sees."""
        return True

    def _place(self, seat: int, square: int) -> None:
        """Place a ninja; the next placer is counter-clockwise; the last placer takes the first turn."""
        self.occupant[square] = seat
        refresh(self, square)
        self.ninjas[seat].append(square)
        self.ninjas[seat].sort()
        self.log(f"P{seat} places a ninja on {words.square(self, square)}")
        placed = sum(map(len, self.ninjas))
        players = self.num_players
        if placed == NINJAS_PER_PLAYER * players:
            self.frames[-1] = Frame("turn", [seat])
            self.log(f"P{seat} placed last and takes the first turn", depth=1)
        else:
            self.frames[-1] = Frame("place", [(-placed) % players])

    # ------------------------------------------------------------------ reading the position

    #: The parts :meth:`zone` reads: per seat (``seat`` needed) and shared.
    SEAT_ZONES = ("hand", "discard", "clan", "shadow", "ninjas")
    SHARED_ZONES = ("picture", "passed")

    def zone(self, name: str, seat: int | None = None) -> str:
        """A part of the position as the builder (:func:`ninjadojo.games.ninja_camp.builder.position`)
        takes it (Ninja Camp hides nothing).

        Shared: ``picture`` (the grid, top row first, one token a square separated by spaces: a card
        letter, ``.`` for an empty space, then the seat digit of a ninja standing there) and ``passed``
        (the seats that passed, in the order they did, first first: the builder's ``pass_order``). Per
        seat (give ``seat``): ``hand`` (sorted letters), ``discard`` (in the order played), ``clan`` (its
        code, in capitals once used), ``shadow`` (the letter its Shadow would copy, ``""`` for none) and
        ``ninjas`` (its ninjas' squares, comma-separated, in alphabetical order). ``turns``,
        ``passed_at`` and ``last_move`` are plain fields.

        >>> from ninjadojo.games.ninja_camp.builder import position
        >>> state = position(2, squares={"d4": "A0", "a1": "S0", "b1": "H0", "g7": "R1", "f7": "D1", "e7": "L1"})
        >>> state.zone("ninjas", 0), state.zone("hand", 0), state.zone("picture").splitlines()[0].split()[4:]
        ('a1,b1,d4', 'ER', ['L1', 'D1', 'R1'])

        Raises ValueError naming the parts (or the seats) there are.
        """
        names = self.grid.names
        if name in self.SHARED_ZONES:
            if seat is not None:
                raise ValueError(f"zone {name!r} is shared: give no seat")
            if name == "passed":
                passed = sorted((turn, each) for each, turn in enumerate(self.passed_at) if turn >= 0)
                return "".join(str(each) for _, each in passed)
            rows, cols = self.grid.rows, self.grid.cols
            tokens = [LETTERS[self.cells[square]] + (str(self.occupant[square]) if self.occupant[square] >= 0 else "")
                      for square in range(rows * cols)]
            return "\n".join(" ".join(tokens[row * cols:(row + 1) * cols]) for row in reversed(range(rows)))
        if name not in self.SEAT_ZONES:
            raise ValueError(f"no zone {name!r}: the zones are {', '.join(self.SEAT_ZONES)} (of a seat) and "
                             f"{', '.join(self.SHARED_ZONES)}")
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise ValueError(f"zone {name!r} is a seat's: give seat, from 0 to {self.num_players - 1}, not {seat!r}")
        if name == "hand":
            return encode_hand(self.hands[seat]).replace("-", "")
        if name == "discard":
            return self.discards[seat]
        if name == "clan":
            return _clan_code(self.clans[seat], self.clan_used[seat])
        if name == "shadow":
            return LETTERS[self.copyable[seat]] if self.copyable[seat] else ""
        return ",".join(sorted(names[square] for square in self.ninjas[seat]))

    # ------------------------------------------------------------------ scores

    def points(self) -> list[int]:
        """Points in each seat's hand and discard pile (Traps -1)."""
        # Summed in C: a game's end counts every seat's cards.
        return [sum(map(mul, POINTS, hand)) + sum(map(_LETTER_POINTS.__getitem__, discard))
                for hand, discard in zip(self.hands, self.discards, strict=True)]

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(score) for score in self.points())

    def _projected_scores(self) -> Sequence[float] | None:
        """Points plus what each seat's ninjas stand on, its part of the free cards and its clan card
        (:mod:`evaluate`)."""
        return evaluate.projected_scores(self)

    def _features(self) -> list[set[str]]:
        return report_features.features(self)

    # ------------------------------------------------------------------ copying, notation

    def _copy_fields(self, other: Self) -> None:
        other.grid = self.grid
        other.cells = self.cells.copy()
        other.occupant = self.occupant.copy()
        other.board = self.board.copy()
        other.ninjas = [squares.copy() for squares in self.ninjas]
        other.hands = [hand.copy() for hand in self.hands]
        other.discards = self.discards.copy()
        other.clans = self.clans.copy()
        other.clan_used = self.clan_used.copy()
        other.copyable = self.copyable.copy()
        other.passed_at = self.passed_at.copy()
        other.last_move = self.last_move.copy()
        other.turns = self.turns
        other.table_rules = self.table_rules  # immutable, and a clone has the same options
        # Safe to share: a remembered move is used only by a position its signature matches.
        other._moves = self._moves

    def _body_notation(self) -> str:
        names = self.grid.names
        ninjas = ";".join(",".join(names[square] for square in squares) or "-" for squares in self.ninjas)
        seats = ";".join(
            ",".join((
                encode_hand(self.hands[seat]),
                self.discards[seat] or "-",
                _clan_code(self.clans[seat], self.clan_used[seat]),
                LETTERS[self.copyable[seat]] if self.copyable[seat] else "-",
                str(self.passed_at[seat]),
                str(self.last_move[seat]),
            ))
            for seat in range(self.num_players)
        )
        cells = encode_cells(self.cells, self.grid.cols)
        return f"{self.grid.rows}x{self.grid.cols} {cells} {ninjas} {seats} {self.turns}"

    def _parse_body(self, body: str) -> None:
        parts = body.split(" ")
        if len(parts) != 5:
            raise ValueError("the body is '<rows>x<cols> <cells> <ninjas> <seats> <turns>'")
        size, cells, ninjas, seats, turns = parts
        expected = f"{self.grid.rows}x{self.grid.cols}"
        if size != expected:
            raise ValueError(f"a {self.num_players}-player grid is {expected}, not {quote(size)}")
        self.cells = decode_cells(cells, self.grid.rows, self.grid.cols)
        seat_ninjas = ninjas.split(";")
        seat_fields = seats.split(";")
        if len(seat_ninjas) != self.num_players or len(seat_fields) != self.num_players:
            raise ValueError(f"ninjas and seats must list {self.num_players} seats each, joined by ';'")
        index = self.grid.index
        for seat, text in enumerate(seat_ninjas):
            squares = [] if text == "-" else text.split(",")
            if len(squares) > NINJAS_PER_PLAYER:
                raise ValueError(f"seat {seat} has {len(squares)} ninjas; a player has {NINJAS_PER_PLAYER}")
            for name in squares:
                if name not in index:
                    raise ValueError(f"no square {quote(name)} on a {expected} grid")
                square = index[name]
                if self.occupant[square] >= 0:
                    raise ValueError(f"two ninjas on {name}")
                if self.cells[square] == WALL:
                    raise ValueError(f"a ninja cannot stand on the Wall on {name}")
                self.occupant[square] = seat
                self.ninjas[seat].append(square)
            self.ninjas[seat].sort()
        for seat, text in enumerate(seat_fields):
            fields = text.split(",")
            if len(fields) != 6:
                raise ValueError(f"seat {seat} must be hand,discard,clan,shadow,passed,moved, not {quote(text)}")
            self.hands[seat] = decode_hand(fields[0])
            self.discards[seat] = decode_discard(fields[1])
            self.clans[seat], self.clan_used[seat] = decode_clan(fields[2])
            self.copyable[seat] = decode_shadow(fields[3])
            self.passed_at[seat] = decode_number(fields[4], f"seat {seat}'s pass turn", least=-1)
            self.last_move[seat] = decode_number(fields[5], f"seat {seat}'s last move turn", least=-1)
        self.turns = decode_number(turns, "the turn counter")
        self.board = board_of(self.cells, self.ninjas)
        # The engine checks the invariants too, but only after listing legal moves, which a frame with
        # impossible data could crash: check first, with the same words.
        try:
            self.check_invariants()
        except AssertionError as error:
            raise NotationError(f"impossible {self.SPEC.id} position: {error}") from None

    def _written_options(self) -> Mapping[str, OptionValue]:
        # A ruling option at its default is not written: positions, saves' start positions and golden
        # transcripts read as they did before the options existed.
        return non_default(super()._written_options())

    # ------------------------------------------------------------------ views

    def _observe(self, seat: int | None) -> dict[str, JSONValue]:
        return view.observe(self, seat)

    def _render(self, seat: int | None) -> str:
        return view.render(self, seat, markup=False)

    def _render_markup(self, seat: int | None) -> str:
        """The board picture in rich console markup (ninjas in their seat's colour)."""
        return view.render(self, seat, markup=True)

    def _prompt(self, seat: int, frame: Frame) -> str:
        return words.prompt(self, seat, frame, self._legal_map(seat))

    def _confirm(self, seat: int, frame: Frame) -> bool:
        """A pass for the rest of the game, when none of the seat's cards can be carried out, ends its part in
        the game: the player sees the position that leaves it no move before it happens."""
        legal = self._legal_map(seat)
        return len(legal) == 1 and "pass" in legal

    def _label(self, seat: int, frame: Frame, action: str, payload: Payload) -> str:
        """Words for a legal action: the card played, each square with what lies there, what is claimed
        ("Play Evade: move from b2 to b5 (a Sprint) and claim the Ambush on b2")."""
        return words.label(self, seat, frame, payload)

    def _score_lines(self, player: int) -> list[str]:
        """The final count: each kind of card in hand and discard pile at its value, then the total."""
        return words.score_lines(self, player)

    def _explain_illegal(self, seat: int, action: str) -> str | None:
        return view.explain_illegal(self, seat, action)

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Nothing to redeal: the grid, every claim, every play and every clan card are seen by all.

        The box (the cards and clans not dealt) is what the full set minus the position leaves, so it is
        known too. The only thing a seat cannot see is the random stream, which the engine replaces, and
        the count of actions (``ply``), which it resets: so a sample is a function of the seat's
        information only, and a chain of samples gives nothing back.
        """

    def _canonical_action(self, seat: int, action: str) -> str | None:
        """Other ways to write a legal action (Ninja Camp has no multi-card actions to reorder).

        - Stealth (or a Shadow copying it) without the square passed over, when only one path joins
          the two squares: ``S:d4-d6`` is ``S:d4-d5-d6``.
        - Ambush with the push written out as for Goat: ``A:d4-d6>d7`` is ``A:d4-d6`` when the pushed
          ninja lands on d7.
        - Flying Squirrel trading with one's own other ninja that is not the one offered: ``fs:d4-d5xg1``
          is ``fs:d4-d5xa1`` when both are the seat's (the same position: one text is offered).
        """
        legal = self._legal_map(seat)
        prefix, sep, rest = action.partition(":")
        if not sep:
            return None
        if prefix in ("S", "H") and rest.count("-") == 1 and ">" not in rest and "x" not in rest:
            start, end = rest.split("-")
            paths = [text for text in legal
                     if text.startswith(f"{prefix}:{start}-") and text.endswith(f"-{end}") and text.count("-") == 2]
            return paths[0] if len(paths) == 1 else None
        if prefix == "A" and rest.count(">") == 1:
            move, push = rest.split(">")
            text = f"A:{move}"
            payload = legal.get(text)
            if payload is not None and self.grid.names[payload[4]] == push:
                return text
        if prefix == "fs" and rest.count("x") == 1:
            move, _, target = rest.partition("x")
            names = self.grid.names
            own = [names[square] for square in self.ninjas[seat]]
            if target in own and target != move.partition("-")[0]:
                for other in own:
                    text = f"fs:{move}x{other}"
                    if other != target and text in legal:
                        return text
        return None

    @classmethod
    def _card_catalog(cls) -> list[CardInfo]:
        """The seven skill cards, the Trap and the Wall (codes as on the grid and in actions), then the
        eight Ninja Clan cards (codes as in actions)."""
        cards = [CardInfo(LETTERS[row.kind], row.name, row.short, row.text) for row in CARD_TABLE]
        clans = [CardInfo(clan.code, f"{clan.name} Clan", clan.short, clan.text) for clan in CLAN_TABLE]
        return cards + clans

    @classmethod
    def _all_actions(cls, players: int, options: Mapping[str, OptionValue]) -> list[str]:
        rows, cols = GRID_SIZE[players]
        return all_actions(grid(rows, cols))

    # ------------------------------------------------------------------ invariants

    def check_invariants(self) -> None:
        """Every law of a Ninja Camp position (see :mod:`ninjadojo.games.ninja_camp.invariants`): cards
        conserved, three ninjas a player after set-up, turn bookkeeping, Shadow copies, the result."""
        invariants.check(self)
