"""Ninjitsu!'s observation: cards as multi-hots over every card of the game (all expansions: the layout
is the same whatever the options), per seat its hand as far as the observer knows it, treasures, secrets
by position, points and Element; the deck, discard pile, the actions being resolved, and the weather.

Each card of Ninjitsu! is unique (``6a`` is one card), so a pile is a multi-hot over the card ids of
:data:`ninjadojo.games.ninjitsu.cards.CARD_IDS`. A seat's ``hand`` is every card of its own hand, and
for another seat the cards of its hand whose place the observer knows (a treasure it saw moved there);
``secrets`` is, by position (0 first, the position a steal names), the seat's own secrets and the
secrets of others it has seen; ``points`` is known for the seat itself only (and not while blinded).
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from ninjadojo.games.ninjitsu.cards import (
    CARD_IDS,
    FACE_DOWN_BASE,
    FACE_DOWN_PER_HAND,
    FACE_DOWN_PER_SECRET,
    OWNER_PENALTY,
    VALUE,
)
from ninjadojo.games.ninjitsu.elements import NAMES as ELEMENTS
from ninjadojo.games.ninjitsu.magic import NO_MARK
from ninjadojo.rl.encoders import GrowingPile, label_offsets, put_code, put_seat, seat_labels
from ninjadojo.rl.encoding import Tensor, View, ViewEncoder
from ninjadojo.rl.layout import LayoutBuilder, Writer

DECISIONS = (
    "turn", "play", "steal", "escape", "take-treasure", "discard-treasure", "trap-discard", "net-take",
    "net-discard", "peek", "guess", "surprise", "shuriken", "deadfall", "disguise", "invisibility", "telekinesis",
    "teleport", "shift", "tie", "fire", "alessio", "window", "element", "wind-swap", "wind-pass", "heart",
    "heart-look", "fire-trade", "fire-with", "water-swap", "fire-keep", "blizzard", "hurricane", "hail",
)
#: Secret positions encoded per seat (a seat rarely holds more than 7 secrets; more are not encoded).
SECRET_POSITIONS = 8
CARDS = len(CARD_IDS)
MAX_TARGET = 200
MAX_POINTS = 300
#: An Element's side: ``choosing`` while sides are being chosen (the Element is dealt, no side yet).
SIDES = ("choosing", "1", "2")


class NinjitsuEncoder(ViewEncoder):
    """Ninjitsu! (see the module docstring)."""

    GAME = "ninjitsu"
    DECISIONS: ClassVar[tuple[str, ...]] = DECISIONS

    def declare(self, builder: LayoutBuilder) -> None:
        b = builder
        seats = seat_labels(self.players)
        cards = list(CARD_IDS)
        self._card_index = {card: number for number, card in enumerate(cards)}
        self._turn = b.one_hot("turn", seats, "whose turn it is")
        self._target = b.scalar("target", MAX_TARGET, "points at the start of a turn that win")
        self._deck = b.scalar("deck", CARDS, "cards in the deck")
        self._discard = label_offsets(b.multi_hot("discard", cards, "the discard pile"), cards)
        self._resolving = label_offsets(b.multi_hot("resolving", cards, "cards whose actions are being resolved"),
                                        cards)
        self._innermost = label_offsets(b.one_hot("resolving.top", cards, "the innermost of them"), cards)
        self._swaps = b.scalar("swaps_left", 10, "swaps left (Shape Shifting)")
        self._frozen = b.one_hot("frozen_by", seats, "the seat whose card froze play (none: -1)")
        self._magic = b.one_hot("magic_in_deck", seats, "the owner of a Master of Magic in the deck")
        self._weather = label_offsets(b.multi_hot("weather", cards, "Weather in play (Heavy Weather)"), cards)
        self._weather_deck = b.scalar("weather_deck", CARDS, "cards in the Weather deck")
        self._weather_discard = label_offsets(b.multi_hot("weather_discard", cards, "the Weather discard pile"), cards)
        self._events = label_offsets(b.multi_hot("events", cards, "Events waiting to resolve"), cards)
        secrets = [f"{position}:{card}" for position in range(SECRET_POSITIONS) for card in cards]
        self._seats: list[tuple[int, dict[str, int], dict[str, int], int, int, int, int, int, int, dict[str, int],
                                dict[str, int], dict[str, int]]] = []
        for seat in seats:
            prefix = f"seat[{seat}]"
            self._seats.append((
                b.scalar(f"{prefix}.hand_size", CARDS, "cards in hand"),
                label_offsets(b.multi_hot(f"{prefix}.hand", cards, "the cards of its hand the observer knows (all, "
                                          "for the observer's own)"), cards),
                label_offsets(b.multi_hot(f"{prefix}.treasures", cards, "its treasures in play"), cards),
                b.scalar(f"{prefix}.treasure_points", MAX_POINTS, "the worth of its treasures", low=-MAX_POINTS),
                b.scalar(f"{prefix}.secret_count", SECRET_POSITIONS, "its secrets"),
                b.multi_hot(f"{prefix}.secrets", secrets, "the secrets the observer knows, by position: its own, and "
                            f"others' it has seen (positions 0 to {SECRET_POSITIONS - 1})"),
                b.scalar(f"{prefix}.points", MAX_POINTS, "its points, known to itself only (0 when unknown)",
                         low=-MAX_POINTS),
                b.flag(f"{prefix}.points_known", "its points are known (its own, when not blinded)"),
                b.flag(f"{prefix}.marked", "one of its cards is marked (Night Vision)"),
                label_offsets(b.one_hot(f"{prefix}.mark", cards, "the marked card, known to its holder only"), cards),
                label_offsets(b.one_hot(f"{prefix}.element", ELEMENTS, "its Element (The Elements)"), ELEMENTS),
                label_offsets(b.one_hot(f"{prefix}.side", SIDES, "its Element's side, or choosing"), SIDES),
            ))
        # The fast path's offsets, flat: a segment over the cards holds card c at its first offset + c.
        first = CARD_IDS[0]
        self._fast_seats = [
            (hand_size, hand[first], treasures[first], treasure_points, secret_count, secrets, points, points_known,
             marked, mark[first], element, side)
            for (hand_size, hand, treasures, treasure_points, secret_count, secrets, points, points_known, marked,
                 mark, element, side) in self._seats]
        self._fast_discard = self._discard[first]
        self._fast_globals = (self._turn, self._target, self._deck, self._swaps, self._resolving[first],
                              self._innermost[first], self._frozen, self._magic)
        self._discard_pile = GrowingPile(CARDS, counts=False)
        # The game's part of the tensor (after the header) as bytes, each seat's marked-card segment, and the
        # game's part at the end of the last ended game (see write_state).
        self._game_bytes = (4 * self._turn, 4 * (self._seats[-1][-1][SIDES[-1]] + 1))  # (the last seat's side ends it)
        self._own_marks = [mark for *_, mark, _, _ in self._fast_seats]
        #: Every seat's mark and Element when none has one (see write_state).
        self._unmarked = [NO_MARK] * self.players
        self._no_elements = [""] * self.players
        self._final: tuple[Any, Any, bytes, int] | None = None

    def fill(self, view: View, seat: int, out: Writer) -> None:
        # The hot path of every step: the per-seat loop appends to the writer's lists directly.
        ones, at, values = out.ones, out.at, out.values
        extend = ones.extend
        put_seat(out, self._turn, view["turn"])
        at += (self._target, self._deck, self._swaps)
        values += (view["target"], view["deck"], view["swaps_left"])
        extend(map(self._discard.__getitem__, view["discard"]))  # type: ignore[arg-type]
        resolving = view["resolving"]
        assert isinstance(resolving, list)
        if resolving:
            extend(map(self._resolving.__getitem__, resolving))  # type: ignore[arg-type]
            put_code(out, self._innermost, resolving[-1])
        put_seat(out, self._frozen, view["frozen_by"])
        put_seat(out, self._magic, view["magic_in_deck"])
        if "weather" in view:
            extend(map(self._weather.__getitem__, view["weather"]))  # type: ignore[arg-type]
            at.append(self._weather_deck)
            values.append(view["weather_deck"])
            extend(map(self._weather_discard.__getitem__, view["weather_discard"]))  # type: ignore[arg-type]
            extend(map(self._events.__getitem__, view["events"]))  # type: ignore[arg-type]
        index = self._card_index
        seats = view["seats"]
        assert isinstance(seats, list)
        for offsets, entry in zip(self._seats, seats, strict=True):
            assert isinstance(entry, dict)
            (hand_size, hand, treasures, treasure_points, secret_count, secrets, points, points_known, marked, mark,
             element, side) = offsets
            at += (hand_size, treasure_points, secret_count)
            values += (entry["hand_size"], entry["treasure_points"], entry["secret_count"])
            extend(map(hand.__getitem__, entry["hand"]))  # type: ignore[arg-type]
            extend(map(treasures.__getitem__, entry["treasures"]))  # type: ignore[arg-type]
            own = entry["secrets"]
            assert isinstance(own, list)
            if own:
                extend(secrets + position * CARDS + index[card]  # type: ignore[index]
                       for position, card in enumerate(own[:SECRET_POSITIONS]))
            seen = entry["known_secrets"]
            assert isinstance(seen, list)
            for pair in seen:
                assert isinstance(pair, list)
                position, card = pair
                if isinstance(position, int) and position < SECRET_POSITIONS:
                    ones.append(secrets + position * CARDS + index[card])  # type: ignore[index]
            value = entry["points"]
            if value is not None:
                at.append(points)
                values.append(value)
                ones.append(points_known)
            if entry["marked"]:
                ones.append(marked)
                put_code(out, mark, entry["mark"])
            text = entry["element"]
            if text:
                assert isinstance(text, str)
                name = text.rstrip("12")
                ones.append(element[name])
                ones.append(side[text[len(name):] or "choosing"])

    def write_state(self, state: Any, seat: int, out: Tensor) -> None:
        # What view.observe shows ``seat``, read from the state: the seat's own hand and secrets (not
        # while blinded), others' cards only where ``state.known`` says the seat knows their place, and
        # everything at the end. A card's offset in a segment over the cards is the segment's first
        # offset + the card's number (the labels are CARD_IDS in order). Zeros are not written (the
        # tensor starts as zeros).
        #
        # Not kept per game as Of Knights and Ninjas' or Ninja Camp's public part (update_public): most
        # of it changes at most steps, a few values each, and copying a kept tensor of this size costs
        # more than the zeros numpy starts from. But at the end every seat sees everything but another's
        # marked card, and every seat observes the end in turn: the game's part of the tensor is kept for
        # the last ended game (held with the game and its result, so that neither is taken for another).
        result = state.result
        if result is not None:
            final = self._final
            if final is not None and final[0] is state and final[1] is result:
                self._copy_final(state, seat, out, final)
                return
        one = 1.0
        turn_offset, target_offset, deck_offset, swaps_offset, resolving, innermost, frozen_offset, \
            magic_offset = self._fast_globals
        turn = state.turn
        if turn >= 0:
            out[turn_offset + turn] = one
        # (``state.target`` without the property's call: twice the option's under Aurora Borealis only)
        value = state.target if state.has_weather else state.options["target"]
        out[target_offset] = value if value < MAX_TARGET else MAX_TARGET
        value = len(state.deck)
        if value:
            out[deck_offset] = value  # never above the deck's size, the bound
        value = state.swaps_left
        if value:
            out[swaps_offset] = value if value < 10 else 10
        self._discard_pile.write(state.discard, out, self._fast_discard)
        if state.has_weather:
            self._write_weather(state, out)
        effects = state.effects
        if effects:
            for effect in effects:
                out[resolving + effect[0]] = one
            out[innermost + effects[-1][0]] = one
        value = state.frozen
        if value >= 0:
            out[frozen_offset + value] = one
        value = state.magic_owner
        if value >= 0:
            out[magic_offset + value] = one
        over = state.result is not None
        known = state.known
        bit = 1 << seat  # a seat's bit is a place bit (PLACE_MASK): knowing the place is what shows a card
        hands, secrets_all, treasures_all, marks, elements = (state.hands, state.secrets, state.treasures, state.marks,
                                                              state.elements)
        # Without Master of Earth or The Elements a treasure's worth is its printed value (and Vampire
        # Ninja's penalty): counted here, on the way through the treasures, not by a call per seat
        # (``treasure_points``), at every step.
        printed = not (state.has_earth or state.has_elements)
        blind = state.blind
        # Marks (Night Vision) and Elements are rare: looked for seat by seat only when some seat has one
        # (one comparison of the lists each, in C).
        marked_any = marks != self._unmarked
        with_elements = elements != self._no_elements
        each = -1
        for (hand_size, base, treasures, treasure_points, secret_count, secrets, points, points_known, marked,
             mark, element, side) in self._fast_seats:
            each += 1
            own = each == seat
            cards = hands[each]
            if cards:
                out[hand_size] = len(cards)
                # ``known_in_hand``, written out: the whole hand for its holder (and at the end), else the
                # cards whose place the seat knows.
                if own or over:
                    for card in cards:
                        out[base + card] = one
                else:
                    for card in cards:
                        if known[card] & bit:
                            out[base + card] = one
            held = treasures_all[each]
            if printed:
                value = penalty = 0
                for card in held:
                    out[treasures + card] = one
                    value += VALUE[card]
                    penalty += OWNER_PENALTY[card]
                if penalty:
                    value += penalty * len(held)
                worth = value  # the treasures' part of the seat's points (see below)
            else:
                for card in held:
                    out[treasures + card] = one
                value = state.treasure_points(each)
            if value:
                out[treasure_points] = (-MAX_POINTS if value < -MAX_POINTS else value if value < MAX_POINTS
                                        else MAX_POINTS)
            sees_own = (blind != each or over) if own else over
            held = secrets_all[each]
            if held:
                count = len(held)
                out[secret_count] = count if count < SECRET_POSITIONS else SECRET_POSITIONS
                # By position: the segment holds position p's card c at secrets + p * CARDS + c.
                if sees_own:
                    for card in held[:SECRET_POSITIONS] if count > SECRET_POSITIONS else held:
                        out[secrets + card] = one
                        secrets += CARDS
                elif not own:
                    for card in held[:SECRET_POSITIONS] if count > SECRET_POSITIONS else held:
                        if known[card] & bit:
                            out[secrets + card] = one
                        secrets += CARDS
            if sees_own:
                if printed:
                    # ``state.points``, written out where its parts are at hand: the treasures' worth (with
                    # Vampire Ninja's penalty on them), each secret's face-down worth, and the penalty on
                    # the secrets too. (With Master of Earth or The Elements, the state's own count.)
                    value = worth
                    if held:
                        in_hand = len(cards)
                        for card in held:
                            value += (FACE_DOWN_BASE[card] + FACE_DOWN_PER_SECRET[card] * count
                                      + FACE_DOWN_PER_HAND[card] * in_hand)
                        if penalty:
                            value += penalty * count
                else:
                    value = state.points(each)
                out[points] = -MAX_POINTS if value < -MAX_POINTS else value if value < MAX_POINTS else MAX_POINTS
                out[points_known] = one
            if marked_any:
                card = marks[each]
                if card != -1:
                    out[marked] = one
                    if own and card >= 0:
                        out[mark + card] = one
            if with_elements:
                text = elements[each]
                if text:
                    name = text.rstrip("12")
                    out[element[name]] = one
                    out[side[text[len(name):] or "choosing"]] = one
        if over:
            start, end = self._game_bytes
            self._final = (state, state.result, bytes(cast(memoryview, out).cast("B")[start:end]), seat)

    def _copy_final(self, state: Any, seat: int, out: Tensor, final: tuple[Any, Any, bytes, int]) -> None:
        """The game's part of ``seat``'s tensor at the end, from the one kept for the seat that observed the
        end first: the same but for the marked card, its holder's alone."""
        start, end = self._game_bytes
        cast(memoryview, out).cast("B")[start:end] = final[2]
        first, marks = final[3], state.marks
        if first != seat:
            card = marks[first]
            if card >= 0:
                out[self._own_marks[first] + card] = 0.0
            card = marks[seat]
            if card >= 0:
                out[self._own_marks[seat] + card] = 1.0

    def _write_weather(self, state: Any, out: Tensor) -> None:
        """Heavy Weather's segments: the Weather in play, its deck's size, its discard pile, the Events."""
        one = 1.0
        first = CARD_IDS[0]
        base = self._weather[first]
        for card in state.weather:
            out[base + card] = one
        out[self._weather_deck] = len(state.weather_deck)
        base = self._weather_discard[first]
        for card in state.weather_discard:
            out[base + card] = one
        base = self._events[first]
        for card in state.event_queue:
            out[base + card] = one


ENCODER = NinjitsuEncoder
