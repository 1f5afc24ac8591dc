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
Determinisation redeals only the cards a seat does not know, a held card only among its holder's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Self

from ninjadojo.engine import Frame, GameSpec, GameState, Option, Rng
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.games.ninjitsu import encode, notation, rules, view
from ninjadojo.games.ninjitsu.cards import (
    CARD_IDS,
    DECK_SIZE,
    FACE_DOWN_BASE,
    FACE_DOWN_PER_SECRET,
    HAS_VALUE,
    VALUE,
    card_label,
)
from ninjadojo.games.ninjitsu.knowledge import HELD_SHIFT, hidden_by, place_knowers
from ninjadojo.games.ninjitsu.notation import Payload

#: Cards dealt to each player at the start.
HAND_SIZE = 4
DEFAULT_TARGET = 21

#: The other seats clockwise from each seat, by player count (a hot path: computed once).
_OPPONENTS = {
    players: tuple(tuple((seat + step) % players for step in range(1, players)) for seat in range(players))
    for players in range(2, 6)
}


class NinjitsuState(GameState[Payload]):
    """A game of Ninjitsu! (base game, 2-5 players)."""

    SPEC = GameSpec(
        id="ninjitsu",
        title="Ninjitsu!",
        min_players=2,
        max_players=5,
        options=(
            Option("target", DEFAULT_TARGET, "points at the start of your turn that win", minimum=1, maximum=200),
        ),
        summary="Draw, play and steal secrets: the first with enough points at the start of their turn wins.",
    )

    hands: list[list[int]]
    treasures: list[list[int]]
    secrets: list[list[int]]
    deck: list[int]
    discard: list[int]
    known: list[int]
    turn: int
    swaps_left: int
    effects: list[tuple[int, int]]

    # ------------------------------------------------------------------ set-up and copying

    def _init_fields(self) -> None:
        players = self.num_players
        self.hands = [[] for _ in range(players)]
        self.treasures = [[] for _ in range(players)]
        self.secrets = [[] for _ in range(players)]
        self.deck = []
        self.discard = []
        self.known = [0] * DECK_SIZE
        self.turn = 0
        self.swaps_left = 0
        self.effects = []

    def _setup(self) -> None:
        self.deck = list(range(DECK_SIZE))
        self.rng.shuffle(self.deck)
        for seat in range(self.num_players):
            for _ in range(HAND_SIZE):
                card = self.deck.pop()
                self.hands[seat].append(card)
                self.known[card] = 1 << seat
        self.log(f"{self.num_players} players, {HAND_SIZE} cards each; first to {self.target} points wins")
        rules.start_turn(self, 0)

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

    # ------------------------------------------------------------------ facts

    @property
    def target(self) -> int:
        """Points that win at the start of one's turn."""
        target = self.options["target"]
        assert isinstance(target, int)
        return target

    @property
    def everyone(self) -> int:
        """The knowledge mask of every seat."""
        return (1 << self.num_players) - 1

    def points(self, seat: int) -> int:
        """The seat's points: its treasures' values plus its secrets' face-down worth."""
        total = 0
        for card in self.treasures[seat]:
            total += VALUE[card]
        secrets = self.secrets[seat]
        count = len(secrets)
        for card in secrets:
            total += FACE_DOWN_BASE[card] + FACE_DOWN_PER_SECRET[card] * count
        return total

    def treasure_points(self, seat: int) -> int:
        """The points of the seat's treasures alone (what everyone can count)."""
        return sum(VALUE[card] for card in self.treasures[seat])

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The other seats, clockwise from ``seat``."""
        return _OPPONENTS[self.num_players][seat]

    def default_knowledge(self) -> list[int]:
        """The knowledge mask each card has by its zone alone (see ``notation``)."""
        masks = [0] * DECK_SIZE
        everyone = self.everyone
        for card in self.discard:
            masks[card] = everyone
        for seat in range(self.num_players):
            bit = 1 << seat
            for card in self.hands[seat]:
                masks[card] = bit
            for card in self.secrets[seat]:
                masks[card] = bit
            for card in self.treasures[seat]:
                masks[card] = everyone
        return masks

    def treasure_owner(self, card: int) -> int:
        """The seat whose collection holds ``card`` as a treasure."""
        for seat, cards in enumerate(self.treasures):
            if card in cards:
                return seat
        raise ValueError(f"{CARD_IDS[card]} is not a treasure in play")

    # ------------------------------------------------------------------ card movements

    def draw(self, seat: int, count: int) -> list[int]:
        """``seat`` draws up to ``count`` cards, reshuffling the discard pile into the deck when needed."""
        drawn: list[int] = []
        deck = self.deck
        hand = self.hands[seat]
        bit = 1 << seat
        known = self.known
        # Cards taken from the current deck, with what each seat knew of them (after a reshuffle
        # everyone knows which cards the deck holds, though not their order).
        segment: list[tuple[int, int]] = []
        for _ in range(count):
            if not deck:
                if not self.discard:
                    break
                self._drained(segment, bit)
                segment = []
                self.reshuffle()
                deck = self.deck
            card = deck.pop()
            hand.append(card)
            segment.append((card, known[card]))
            known[card] = bit
            drawn.append(card)
        if deck:
            # The others cannot tell which of the deck's cards were drawn, so they no longer know
            # which remain: only the drawer (who saw what it took) still knows the deck's contents.
            for card in deck:
                known[card] &= bit
        else:
            self._drained(segment, bit)
        name = f"P{seat}"
        if not drawn:
            self.log(f"{name} draws nothing: the deck and the discard pile are empty")
        else:
            plural = "s" if len(drawn) > 1 else ""
            self.log(f"{name} draws {len(drawn)} card{plural}")
            self.log(f"you drew {', '.join([card_label(card) for card in drawn])}", bit)
        return drawn

    def _drained(self, segment: list[tuple[int, int]], bit: int) -> None:
        """The drawer (``bit``) took every card left in the deck: whoever knew the deck's contents
        knows that all of ``segment`` (cards with their knowledge masks before the draw) is in its hand."""
        for card, mask in segment:
            self.known[card] = mask | bit

    def reshuffle(self) -> None:
        """Shuffle the discard pile into a new deck (everyone knows which cards it holds, not their order)."""
        self.deck = self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        everyone = self.everyone
        for card in self.deck:
            self.known[card] = everyone
        self.log(f"the discard pile ({len(self.deck)} cards) is shuffled into a new deck")

    def discard_card(self, card: int) -> None:
        """Put ``card`` (already taken from where it was) face-up on the discard pile."""
        self.discard.append(card)
        self.known[card] = self.everyone

    def discard_treasure(self, seat: int, card: int) -> None:
        """Discard ``card`` from ``seat``'s treasures."""
        self.treasures[seat].remove(card)
        self.discard_card(card)
        self.log(f"{card_label(card)} is discarded from P{seat}'s treasures")

    def discard_from_hand(self, seat: int, card: int) -> None:
        """``seat`` discards ``card`` from hand (face-up, so everyone sees it)."""
        self.hands[seat].remove(card)
        self.discard_card(card)
        self.log(f"P{seat} discards {card_label(card)} from hand")

    def add_secret(self, seat: int, card: int) -> None:
        """``card`` (already out of ``seat``'s hand) goes face-down into ``seat``'s collection."""
        self.secrets[seat].append(card)
        bit = 1 << seat
        known = self.known
        # The other seats cannot tell which of this hand's cards went face-down: of every card they
        # knew in that hand they now know only that this player holds it (in hand or among the
        # secrets, which the owner may rearrange at any time), not where.
        known[card] = hidden_by(bit, known[card])
        for other in self.hands[seat]:
            known[other] = hidden_by(bit, known[other])
        self.log(f"P{seat} plays a secret")
        self.log(f"your secret is {CARD_IDS[card]}", bit)

    def turn_face_up(self, seat: int, card: int) -> None:
        """``card`` becomes a treasure of ``seat``: face-up, known to everyone."""
        self.treasures[seat].append(card)
        self.known[card] = self.everyone

    def settle_face_up(self, seat: int, card: int) -> None:
        """A card just turned face-up in ``seat``'s collection is discarded if it has no value."""
        if not HAS_VALUE[card] and card in self.treasures[seat]:
            self.treasures[seat].remove(card)
            self.discard_card(card)
            self.log(f"{CARD_IDS[card]} has no value and is discarded")

    # ------------------------------------------------------------------ engine hooks

    def _legal(self, seat: int, frame: Frame) -> dict[str, Payload]:
        return rules.legal(self, seat, frame)

    def _apply(self, seat: int, frame: Frame, payload: Payload) -> None:
        rules.apply(self, seat, frame, payload)

    def _prompt(self, seat: int, frame: Frame) -> str:
        return view.prompt(self, seat, frame)

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

    def _determinize(self, seat: int, rng: Rng) -> None:
        # Every card whose place ``seat`` does not know is redealt among the places of such cards;
        # a card it knows to be held by some player (in hand or among the secrets) only among that
        # player's places. Knowledge of a place belongs to the place, not the card: whoever knew what
        # lay in a place knows what lies there now (a seat knows its own hand whatever it holds).
        bit = 1 << seat
        held_bit = bit << HELD_SHIFT
        known = self.known
        free_places: list[tuple[list[int], int, int]] = []
        free_cards: list[int] = []
        held_places: list[list[tuple[list[int], int, int]]] = [[] for _ in range(self.num_players)]
        held_cards: list[list[int]] = [[] for _ in range(self.num_players)]
        zones = [(self.deck, -1)] + [(zone, holder) for holder in range(self.num_players)
                                     for zone in (self.hands[holder], self.secrets[holder])]
        for zone, holder in zones:
            for index, card in enumerate(zone):
                mask = known[card]
                if mask & bit:
                    continue
                place = (zone, index, place_knowers(mask))
                (free_places if holder < 0 else held_places[holder]).append(place)
                if holder >= 0 and mask & held_bit:
                    held_cards[holder].append(card)
                else:
                    free_cards.append(card)
        for holder, places in enumerate(held_places):
            rng.shuffle(places)
            cards = held_cards[holder]
            for (zone, index, mask), card in zip(places, cards, strict=False):
                zone[index] = card
                known[card] = mask | held_bit
            free_places += places[len(cards):]
        rng.shuffle(free_cards)
        for (zone, index, mask), card in zip(free_places, free_cards, strict=True):
            zone[index] = card
            known[card] = mask
        # Nobody knows the order of the deck.
        rng.shuffle(self.deck)

    @classmethod
    def _all_actions(cls, players: int, options: Mapping[str, OptionValue]) -> list[str]:
        return encode.all_actions(players)

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(self.points(seat)) for seat in range(self.num_players))

    def check_invariants(self) -> None:
        """Every card exactly once; no valueless treasure; knowledge consistent with the zones."""
        rules.check_invariants(self)
