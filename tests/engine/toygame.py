"""A tiny but real game that exercises every engine mechanism, for the engine and CLI tests.

Rules of "toy" (2-4 players):

- The deck holds three each of the number cards 1 to 6, plus two Block cards (``0``) when the option
  ``blocks`` is on. Each player is dealt two cards; hands are hidden, the discard pile is face up.
- On your turn do one of: ``d`` draw a card; ``p<n>`` play a number card from your hand (``p0``
  discards a Block for nothing); ``bid`` call a bid (holding a number card);
  ``pass`` (only when nothing else is possible).
- Playing a number card opens a concealed response window: the players holding a Block are asked one
  at a time, in seat order after you, ``block`` or ``no``. A block discards both cards. Otherwise you
  score the card's value and, if it is even, you choose an opponent with cards (``t<seat>``), who then
  discards a card of their choice (``x<n>``): a choice frame pushed in the middle of the effect.
- A bid is simultaneous: every player holding a number card commits one (``c<n>``) at once. The
  single highest card (the lowest with ``bid=low``) scores the sum of all committed cards; a tie at
  the top scores nothing. All committed cards are discarded.
- When the deck is empty the discard pile is shuffled into a new deck; the third time it runs out,
  the game ends. Reaching ``target`` points ends it at once. Highest score wins; ties share the win.

The position body is ``deck/discard/hands/scores/turn/reshuffles``: card lists joined by ``.``, hands
and scores joined by ``,`` (the deck is listed top first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Self

from ninjadojo.engine import Frame, GameSpec, GameState, Option, Rng
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue

BLOCK = 0
NUMBERS = (1, 2, 3, 4, 5, 6)
COPIES = 3
BLOCK_COPIES = 2
HAND_SIZE = 2
#: The deck may be rebuilt from the discard pile this often; running out once more ends the game.
MAX_RESHUFFLES = 2

Payload = tuple[str, int]


def full_deck(blocks: bool) -> list[int]:
    """Every card of a game, in a fixed order."""
    return [n for n in NUMBERS for _ in range(COPIES)] + ([BLOCK] * BLOCK_COPIES if blocks else [])


def _cards(text: str) -> list[int]:
    return [int(part) for part in text.split(".")] if text else []


def _text(cards: list[int]) -> str:
    return ".".join(map(str, cards))


class ToyState(GameState[Payload]):
    """The state of a toy game."""

    SPEC = GameSpec(
        id="toy",
        title="Toy",
        min_players=2,
        max_players=4,
        options=(
            Option("target", 15, "points to win", minimum=5, maximum=60),
            Option("blocks", True, "include the two Block cards"),
            Option("bid", "high", "which card wins a bid", choices=("high", "low")),
        ),
        summary="A test game: draw, play, bid and block.",
    )

    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    points: list[int]
    turn: int
    reshuffles: int

    # ------------------------------------------------------------------ set-up and copying

    def _init_fields(self) -> None:
        self.deck = []
        self.discard = []
        self.hands = [[] for _ in range(self.num_players)]
        self.points = [0] * self.num_players
        self.turn = 0
        self.reshuffles = 0

    def _setup(self) -> None:
        self.deck = full_deck(bool(self.options["blocks"]))
        self.rng.shuffle(self.deck)
        for seat in range(self.num_players):
            for _ in range(HAND_SIZE):
                self.hands[seat].append(self.deck.pop(0))
            self.hands[seat].sort()
        self.frames.append(Frame("turn", [0]))

    def _copy_fields(self, other: Self) -> None:
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.hands = [list(hand) for hand in self.hands]
        other.points = list(self.points)
        other.turn = self.turn
        other.reshuffles = self.reshuffles

    # ------------------------------------------------------------------ legal actions

    def _legal(self, seat: int, frame: Frame) -> dict[str, Payload]:
        hand = self.hands[seat]
        if frame.kind == "turn":
            legal: dict[str, Payload] = {}
            if self.deck or self.discard:
                legal["d"] = ("draw", 0)
            for card in sorted(set(hand)):
                legal[f"p{card}"] = ("play", card)
            if self._holds_number(seat):
                legal["bid"] = ("bid", 0)
            if not legal:
                legal["pass"] = ("pass", 0)
            return legal
        if frame.kind == "bid":
            return {f"c{card}": ("commit", card) for card in sorted(set(hand)) if card != BLOCK}
        if frame.kind == "block":
            return {"block": ("block", 1), "no": ("block", 0)}
        if frame.kind == "target":
            return {f"t{other}": ("target", other) for other in self._opponents_with_cards(seat)}
        if frame.kind == "discard":
            return {f"x{card}": ("discard", card) for card in sorted(set(hand))}
        raise AssertionError(f"unknown frame {frame.kind}")

    def _holds_number(self, seat: int) -> bool:
        return any(card != BLOCK for card in self.hands[seat])

    def _opponents_with_cards(self, seat: int) -> list[int]:
        return [other for other in range(self.num_players) if other != seat and self.hands[other]]

    def _explain_illegal(self, seat: int, action: str) -> str | None:
        frame = self.frames[-1]
        numbered = frame.kind in ("turn", "bid", "discard") and action[:1] in "pcx" and action[1:].isdigit()
        if numbered and int(action[1:]) not in self.hands[seat]:
            return f"you hold no {action[1:]}"
        if frame.kind == "turn" and action == "d":
            return "the deck and the discard pile are both empty"
        return None

    def _prompt(self, seat: int, frame: Frame) -> str:
        if frame.kind == "turn":
            return "your turn: draw (d), play a card (p<n>) or call a bid (bid)"
        if frame.kind == "bid":
            return "commit a number card to the bid (c<n>), hidden until everyone has"
        if frame.kind == "block":
            return f"seat {frame.data['player']} plays a {frame.data['card']}: block it (block) or not (no)?"
        if frame.kind == "target":
            return "choose an opponent who must discard a card (t<seat>)"
        return "discard a card of your choice (x<n>)"

    # ------------------------------------------------------------------ applying actions

    def _apply(self, seat: int, frame: Frame, payload: Payload) -> None:
        verb, value = payload
        if verb == "draw":
            self.frames.pop()
            self._draw(seat)
        elif verb == "pass":
            self.frames.pop()
            self.log(f"seat {seat} passes")
            self._end_turn()
        elif verb == "play":
            self.hands[seat].remove(value)
            self.log(f"seat {seat} plays a {value}")
            if value == BLOCK:
                self.frames.pop()
                self.discard.append(value)
                self._end_turn()
            else:
                # The turn frame stays under the window, so that views keep showing the player.
                self._ask_blockers(seat, value, after=seat)
        elif verb == "bid":
            self.frames.pop()
            bidders = [s for s in range(self.num_players) if self._holds_number(s)]
            self.log(f"seat {seat} calls a bid")
            self.frames.append(Frame("bid", bidders, {"caller": seat}, simultaneous=True))
        elif verb == "block":
            self.frames.pop()
            player, card = int(str(frame.data["player"])), int(str(frame.data["card"]))
            if value:
                self.frames.pop()
                self.hands[seat].remove(BLOCK)
                self.discard.extend((card, BLOCK))
                self.log(f"seat {seat} blocks the {card}")
                self._end_turn()
            else:
                self._ask_blockers(player, card, after=seat)
        elif verb == "target":
            self.frames.pop()
            self.log(f"seat {seat} makes seat {value} discard")
            self.frames.append(Frame("discard", [value], {"player": seat}))
        elif verb == "discard":
            self.frames.pop()
            self.hands[seat].remove(value)
            self.discard.append(value)
            self.log(f"seat {seat} discards a {value}")
            self._end_turn()

    def _ask_blockers(self, player: int, card: int, after: int) -> None:
        """Ask the next Block holder (in seat order after ``after``, before the player) or resolve."""
        seat = (after + 1) % self.num_players
        while seat != player:
            if BLOCK in self.hands[seat]:
                self.frames.append(Frame("block", [seat], {"player": player, "card": card}, concealed=True))
                return
            seat = (seat + 1) % self.num_players
        self.frames.pop()  # the player's turn frame
        self.discard.append(card)
        if self._score(player, card):
            return
        if card % 2 == 0 and self._opponents_with_cards(player):
            self.frames.append(Frame("target", [player], {"card": card}))
        else:
            self._end_turn()

    def _resolve_simultaneous(self, frame: Frame, choices: dict[int, Payload]) -> None:
        committed = {seat: card for seat, (_, card) in choices.items()}
        for seat, card in committed.items():
            self.hands[seat].remove(card)
            self.discard.append(card)
        self.log("bid: " + ", ".join(f"seat {seat} {card}" for seat, card in sorted(committed.items())))
        best = (max if self.options["bid"] == "high" else min)(committed.values())
        leaders = [seat for seat, card in committed.items() if card == best]
        if len(leaders) == 1:
            if self._score(leaders[0], sum(committed.values())):
                return
        else:
            self.log("the bid is tied: nobody scores")
        self._end_turn()

    def _score(self, seat: int, amount: int) -> bool:
        """Score points; end the game (and say so) when the target is reached."""
        self.points[seat] += amount
        self.log(f"seat {seat} scores {amount}")
        if self.points[seat] >= int(self.options["target"]):
            self._finish(f"seat {seat} reached {self.options['target']} points")
            return True
        return False

    def _draw(self, seat: int) -> None:
        if not self.deck:
            if self.reshuffles >= MAX_RESHUFFLES:
                self._finish("the deck ran out for the last time")
                return
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.reshuffles += 1
            self.log("the discard pile is shuffled into a new deck")
        card = self.deck.pop(0)
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.log(f"seat {seat} draws a card")
        self.log(f"you draw a {card}", 1 << seat)
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players
        self.frames.append(Frame("turn", [self.turn]))

    def _finish(self, reason: str) -> None:
        best = max(self.points)
        winners = tuple(seat for seat, points in enumerate(self.points) if points == best)
        self.finish(tuple(float(p) for p in self.points), winners, reason)

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    # ------------------------------------------------------------------ views

    def _observe(self, seat: int | None) -> dict[str, JSONValue]:
        return {
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "deck_size": len(self.deck),
            "discard": list(self.discard),
            "points": list(self.points),
            "turn": self.turn,
            "reshuffles": self.reshuffles,
        }

    def _render(self, seat: int | None) -> str:
        lines = [f"Toy, target {self.options['target']}; deck {len(self.deck)}; "
                 f"discard {_text(self.discard) or '-'}"]
        for each in range(self.num_players):
            shown = " ".join(map(str, self.hands[each])) or "-"
            cards = shown if each == seat else f"{len(self.hands[each])} cards"
            marker = ">" if each == self.turn else " "
            lines.append(f"{marker} seat {each}: {self.points[each]} points; {cards}")
        return "\n".join(lines)

    def _render_markup(self, seat: int | None) -> str:
        """The rendering with rich markup (the CLI uses it when a game defines it)."""
        return "[bold]" + self._render(seat).replace("[", r"\[") + "[/bold]"

    # ------------------------------------------------------------------ determinisation

    def _determinize(self, seat: int, rng: Rng) -> None:
        # Every card the seat cannot see (other hands, the deck) is redealt from one pool in a
        # canonical (sorted) order, so the sample depends on what the seat knows, not on the truth.
        others = [each for each in range(self.num_players) if each != seat]
        pool = sorted([*self.deck, *(card for each in others for card in self.hands[each])])
        # A seat that committed to a bid holds a number card; the engine withdraws other seats'
        # commitments, but each bidder must still hold a number card to be able to commit again.
        # During a bid its participants (public) hold a number card and nobody else does.
        bid = next((frame for frame in self.frames if frame.kind == "bid"), None)
        bidders = set() if bid is None else set(bid.participants())
        # An open block window that does not ask the seat asks someone else: some other seat holds a Block.
        window = next((frame for frame in self.frames if frame.kind == "block"), None)
        needs_blocker = window is not None and seat not in window.seats
        blockers = [] if window is None else [each for each in others if each != window.data["player"]]
        while True:
            rng.shuffle(pool)
            cursor = 0
            hands: dict[int, list[int]] = {}
            for each in others:
                size = len(self.hands[each])
                hands[each] = sorted(pool[cursor:cursor + size])
                cursor += size
            if bid is not None and not all(any(card != BLOCK for card in hands[each]) == (each in bidders)
                                           for each in others):
                continue
            if needs_blocker and not any(BLOCK in hands[each] for each in blockers):
                continue
            break
        for each in others:
            self.hands[each] = hands[each]
        self.deck = pool[cursor:]

    def _reconceal(self, frame: Frame, seat: int) -> None:
        # Who a block window asks depends on the hidden hands: in the sample it asks the first holder
        # of a Block after the player (other than the seat, which knows it is not asked).
        if seat in frame.seats:
            return
        player = int(str(frame.data["player"]))
        order = [(player + step) % self.num_players for step in range(1, self.num_players)]
        frame.seats = [next(each for each in order if each != seat and BLOCK in self.hands[each])]

    @classmethod
    def _all_actions(cls, players: int, options: Mapping[str, OptionValue]) -> list[str]:
        return (["d", "bid", "pass", "block", "no"] + [f"p{c}" for c in (BLOCK, *NUMBERS)]
                + [f"c{c}" for c in NUMBERS] + [f"t{s}" for s in range(players)]
                + [f"x{c}" for c in (BLOCK, *NUMBERS)])

    # ------------------------------------------------------------------ notation

    def _body_notation(self) -> str:
        return "/".join((
            _text(self.deck),
            _text(self.discard),
            ",".join(_text(hand) for hand in self.hands),
            ",".join(map(str, self.points)),
            str(self.turn),
            str(self.reshuffles),
        ))

    def _parse_body(self, body: str) -> None:
        parts = body.split("/")
        if len(parts) != 6:
            raise ValueError(f"the body is deck/discard/hands/scores/turn/reshuffles, not {body!r}")
        deck, discard, hands, points, turn, reshuffles = parts
        self.deck = _cards(deck)
        self.discard = _cards(discard)
        self.hands = [_cards(hand) for hand in hands.split(",")]
        self.points = [int(p) for p in points.split(",")]
        if len(self.hands) != self.num_players or len(self.points) != self.num_players:
            raise ValueError(f"expected {self.num_players} hands and scores")
        self.turn = int(turn)
        self.reshuffles = int(reshuffles)

    # ------------------------------------------------------------------ laws

    def check_invariants(self) -> None:
        """Every card of the deck is in exactly one place; frames ask seats that can answer."""
        cards = Counter(self.deck) + Counter(self.discard)
        for hand in self.hands:
            cards += Counter(hand)
        # A card being played waits in its block window's frame.
        cards += Counter(int(str(frame.data["card"])) for frame in self.frames if frame.kind == "block")
        assert cards == Counter(full_deck(bool(self.options["blocks"]))), "cards are not conserved"
        assert all(points >= 0 for points in self.points)
        for frame in self.frames:
            if frame.kind == "block":
                assert all(BLOCK in self.hands[s] for s in frame.seats), "a block window asks a seat without a Block"


STATE = ToyState


def register_toy(monkeypatch: object) -> None:
    """Register the toy game as ``toy`` in the game registry (undone by ``monkeypatch`` after the test)."""
    from ninjadojo import games

    monkeypatch.setitem(games.GAME_MODULES, "toy", __name__)  # type: ignore[attr-defined]


def toy_position(hands: list[list[int]], deck: list[int] | None = None, discard: list[int] | None = None,
                 points: list[int] | None = None, turn: int = 0, frames: str | None = None,
                 options: str = "bid=high,blocks=true,target=15", rng: int = 1) -> ToyState:
    """A toy position for scenario tests: the given hands; by default every other card is in the deck.

    ``frames`` is the frame stack's JSON; by default it is ``turn``'s turn.
    """
    blocks = "blocks=false" not in options
    rest = Counter(full_deck(blocks)) - sum((Counter(hand) for hand in hands), Counter()) - Counter(discard or [])
    if deck is None:
        deck = sorted(rest.elements())
    points = points or [0] * len(hands)
    frames = frames or f'[["turn",[{turn}],{{}},"",[]]]'
    body = "/".join((_text(deck), _text(discard or []), ",".join(_text(hand) for hand in hands),
                     ",".join(map(str, points)), str(turn), "0"))
    return ToyState.from_notation(f"toy|{len(hands)}|{options}|{rng:016x}|0|{frames}|-|{body}")
