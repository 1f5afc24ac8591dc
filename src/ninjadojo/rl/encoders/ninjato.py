"""Ninjato's observation: the round and phase, the Dojo, Sensei, Pavilion and Palace, the five houses,
the Guards and Elites, the raid under way, and each seat's honour, shuriken, cards, treasure, tiles,
Envoys, Rumors and Elites; the seat's own Dojo hand (counts per value).

Everything is public in Ninjato but the Dojo hands (each seat sees its own, and the cards others were
seen to take face up: ``known``) and the order of the decks (only their sizes are shown). Treasure
tokens are counted per kind (fan, scroll, vase, jade, gold), with a separate count of red tokens where
the view marks them.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import Any, ClassVar

from ninjadojo.games.ninjato.cards import (
    DOJO_COUNTS,
    DOJO_VALUES,
    ELITE_CODES,
    ELITE_COUNTS,
    ENVOY_CODES,
    GUARD_CODES,
    GUARD_COUNTS,
    HOUSES,
    MARKER_CODES,
    MOST_SPOTS,
    ROUNDS,
    RUMOR_CODES,
    SHURIKEN,
    TILE_CODES,
    TILE_COUNTS,
    TILE_KIND_CODES,
    TREASURE_COUNTS,
    TREASURES,
)
from ninjadojo.games.ninjato.effects import PHASE_NAMES, PLAY, SIDE_NAMES
from ninjadojo.rl.encoders import count_codes, label_offsets, put_code, put_codes, put_number, put_seat, seat_labels
from ninjadojo.rl.encoding import PublicPart, Tensor, View, ViewEncoder
from ninjadojo.rl.layout import LayoutBuilder, Writer

DECISIONS = ("place", "draw", "keep", "fight", "press", "favour", "marker", "disguise")
VALUES = [str(value) for value in DOJO_VALUES]
DOJO_CARDS = sum(DOJO_COUNTS.values())
TOKENS = sum(TREASURE_COUNTS)
MAX_HONOUR = 300
#: Treasure labels: the five kinds, then ``red`` (how many of them are red tokens).
PURSE = [*TREASURES, "red"]
#: The bounds of the decks' sizes.
SENSEI_TILES = sum(TILE_COUNTS)
GUARDS = sum(GUARD_COUNTS)
ELITES = sum(ELITE_COUNTS)
RUMORS = len(RUMOR_CODES)
ENVOYS = len(ENVOY_CODES)
#: Code numbers, from 0: ``compress(NUMBERS, counts)`` gives the numbers whose count is not zero (in C, which
#: costs less than testing each count in Python: most are zero).
NUMBERS = range(64)
assert all(len(counts) <= len(NUMBERS) for counts in (TILE_CODES, PURSE, ELITE_CODES, GUARD_CODES, TILE_KIND_CODES))
#: The groups of the public part (see ``update_public``): the blocks (the Dojo, the Sensei to the Palace,
#: the houses, the Guards' and Elites' piles), the houses' whole record (per kind of source: markers,
#: Sentries, treasures, what each house's block was made from, the same copies as its own record), the
#: houses' spots (the seat on each), the holdings' whole record (as the houses'), then each seat's holdings.
_DOJO = 0
_PLACES = 1
_HOUSES = 2
_PILES = _HOUSES + HOUSES
_HOUSE_GROUP = _PILES + 1
_SPOTS = _HOUSE_GROUP + 1
_HOLDINGS_GROUP = _SPOTS + 1
_HOLDINGS = _HOLDINGS_GROUP + 1


class NinjatoEncoder(ViewEncoder):
    """Ninjato (see the module docstring)."""

    GAME = "ninjato"
    DECISIONS: ClassVar[tuple[str, ...]] = DECISIONS

    def declare(self, builder: LayoutBuilder) -> None:
        players = self.players
        seats = seat_labels(players)
        b = builder
        self._round = b.scalar("round", ROUNDS, "the round")
        self._phase = label_offsets(b.one_hot("phase", PHASE_NAMES, "the phase"), PHASE_NAMES)
        self._order = b.multi_hot("order", [f"{place}:{seat}" for place in range(players) for seat in seats],
                                  "the playing order: the seat at each place")
        most_value = max(DOJO_COUNTS.values())
        self._up = label_offsets(b.counts("dojo.up", VALUES, most_value, "face-up Dojo cards, per value"), VALUES)
        self._dojo_deck = b.scalar("dojo.deck", DOJO_CARDS, "Dojo cards in the draw pile")
        self._dojo_discard = label_offsets(b.counts("dojo.discard", VALUES, most_value, "the Dojo discard pile, "
                                                    "per value"), VALUES)
        self._stack = b.counts("dojo.stack", seats, SHURIKEN, "shuriken on the Dojo, per seat")
        self._stack_top = b.one_hot("dojo.top", seats, "the seat of the top shuriken on the Dojo")
        tiles = list(TILE_CODES)
        most_tile = max(TILE_COUNTS)
        self._offer = label_offsets(b.counts("sensei.offer", tiles, most_tile, "tiles offered by the Sensei"), tiles)
        self._sensei_seats = b.counts("sensei.seats", seats, SHURIKEN, "shuriken at the Sensei, per seat")
        self._sensei_deck = b.scalar("sensei.deck", sum(TILE_COUNTS), "tiles in the Sensei's deck")
        self._sensei_out = label_offsets(b.counts("sensei.discarded", tiles, most_tile, "tiles the Sensei discarded"),
                                         tiles)
        self._hensojutsu = b.scalar("sensei.hensojutsu_left", 3, "Hensojutsu tiles still to come")
        rumors = list(RUMOR_CODES)
        self._rumors = label_offsets(b.multi_hot("pavilion.rumors", rumors, "face-up Rumors"), rumors)
        self._pavilion_seats = b.counts("pavilion.seats", seats, SHURIKEN, "shuriken at the Pavilion, per seat")
        self._pavilion_spots = b.scalar("pavilion.spots", MOST_SPOTS, "spots at the Pavilion")
        self._pavilion_deck = b.scalar("pavilion.deck", len(rumors), "Rumors in the deck")
        envoys = list(ENVOY_CODES)
        self._envoys = label_offsets(b.multi_hot("palace.envoys", envoys, "face-up Envoys"), envoys)
        self._palace_seats = b.counts("palace.seats", seats, SHURIKEN, "shuriken at the Palace, per seat")
        self._palace_spots = b.scalar("palace.spots", MOST_SPOTS, "spots at the Palace")
        self._palace_deck = b.scalar("palace.deck", len(envoys), "Envoys in the deck")
        guards = list(GUARD_CODES)
        markers = list(MARKER_CODES)
        self._houses: list[tuple[dict[str, int], dict[str, int], dict[str, int], int, int]] = []
        for house in range(1, HOUSES + 1):
            prefix = f"house[{house}]"
            self._houses.append((
                label_offsets(b.one_hot(f"{prefix}.marker", markers, "its clan marker (clan and value)"), markers),
                label_offsets(b.one_hot(f"{prefix}.sentry", guards, "its Sentry"), guards),
                label_offsets(b.counts(f"{prefix}.treasure", PURSE, TOKENS, "its treasure tokens"), PURSE),
                b.one_hot(f"{prefix}.strength", seats, "the seat on its Strength spot"),
                b.one_hot(f"{prefix}.stealth", seats, "the seat on its Stealth spot"),
            ))
        self._guard_deck = b.scalar("guards.deck", sum(GUARD_COUNTS), "Guards in the deck")
        self._guard_discard = label_offsets(b.counts("guards.discard", guards, max(GUARD_COUNTS), "discarded Guards"),
                                            guards)
        elites = list(ELITE_CODES)
        self._elite_deck = b.scalar("elites.deck", sum(ELITE_COUNTS), "Elites in the deck")
        self._elite_discard = label_offsets(b.counts("elites.discard", elites, max(ELITE_COUNTS), "discarded Elites"),
                                            elites)
        self._bag = b.scalar("bag", TOKENS, "treasure tokens in the bag")
        self._spent = label_offsets(b.counts("spent", PURSE, TOKENS, "treasure spent"), PURSE)
        self._raid_seat = b.one_hot("raid.seat", seats, "the raid under way: the raider")
        self._raid_house = b.one_hot("raid.house", [str(house) for house in range(1, HOUSES + 1)], "... the house")
        self._raid_side = label_offsets(b.one_hot("raid.side", SIDE_NAMES, "... the side"), SIDE_NAMES)
        self._raid_loot = label_offsets(b.counts("raid.shuriken", PURSE, TOKENS, "... the treasure won so far"), PURSE)
        self._raid_guards = label_offsets(b.counts("raid.guards", guards, max(GUARD_COUNTS), "... the Guards drawn"),
                                          guards)
        self._raid_elite = label_offsets(b.one_hot("raid.elite", elites, "... the Elite met"), elites)
        self._disguised = label_offsets(b.multi_hot("disguised", envoys, "Envoys disguised (masks)"), envoys)
        kinds = list(TILE_KIND_CODES)
        self._seats: list[tuple[int, int, int, dict[str, int], dict[str, int], dict[str, int], dict[str, int],
                                dict[str, int], dict[str, int], dict[str, int]]] = []
        for seat in seats:
            prefix = f"seat[{seat}]"
            self._seats.append((
                b.scalar(f"{prefix}.honour", MAX_HONOUR, f"its honour (clipped at {MAX_HONOUR})"),
                b.scalar(f"{prefix}.shuriken", SHURIKEN, "shuriken it has still to place this round"),
                b.scalar(f"{prefix}.cards", DOJO_CARDS, "Dojo cards in its hand"),
                label_offsets(b.counts(f"{prefix}.known", VALUES, most_value, "cards of its hand everyone saw it "
                                       "take, per value"), VALUES),
                label_offsets(b.counts(f"{prefix}.treasure", PURSE, TOKENS, "its treasure"), PURSE),
                label_offsets(b.counts(f"{prefix}.tiles", tiles, most_tile, "its tiles"), tiles),
                label_offsets(b.counts(f"{prefix}.used", kinds, most_tile, "its tiles used (flipped), per kind"),
                              kinds),
                label_offsets(b.multi_hot(f"{prefix}.envoys", envoys, "its Envoys"), envoys),
                label_offsets(b.multi_hot(f"{prefix}.rumors", rumors, "its Rumors"), rumors),
                label_offsets(b.counts(f"{prefix}.elites", elites, max(ELITE_COUNTS), "its Elites"), elites),
            ))
        self._hand = label_offsets(b.counts("hand", VALUES, most_value, "the seat's Dojo hand, per value"), VALUES)
        self._flat_offsets = self._flat()
        #: The Strength and Stealth spots' segments, house by house, in the order of ``state.spots``.
        self._spot_offsets = [offset for *_, strength, stealth in self._houses for offset in (strength, stealth)]
        # The groups of the public part (see update_public and _DOJO).
        self.public_groups = _HOLDINGS + players

    def fill(self, view: View, seat: int, out: Writer) -> None:
        ones = out.ones
        players = self.players
        put_number(out, self._round, view["round"])
        put_code(out, self._phase, view["phase"])
        order = view["order"]
        assert isinstance(order, list)
        ones.extend(self._order + place * players + each for place, each in enumerate(order)
                    if isinstance(each, int))
        dojo = view["dojo"]
        assert isinstance(dojo, dict)
        _values(out, self._up, dojo["up"])
        put_number(out, self._dojo_deck, dojo["deck"])
        _values(out, self._dojo_discard, dojo["discard"])
        stack = dojo["stack"]
        assert isinstance(stack, list)
        _seats(out, self._stack, stack)
        if stack:
            put_seat(out, self._stack_top, stack[-1])
        sensei = view["sensei"]
        assert isinstance(sensei, dict)
        _count(out, self._offer, sensei["offer"])
        _seats(out, self._sensei_seats, sensei["seats"])
        put_number(out, self._sensei_deck, sensei["deck"])
        _count(out, self._sensei_out, sensei["discarded"])
        put_number(out, self._hensojutsu, sensei["hensojutsu_left"])
        pavilion = view["pavilion"]
        assert isinstance(pavilion, dict)
        _codes(out, self._rumors, pavilion["rumors"])
        _seats(out, self._pavilion_seats, pavilion["seats"])
        put_number(out, self._pavilion_spots, pavilion["spots"])
        put_number(out, self._pavilion_deck, pavilion["deck"])
        palace = view["palace"]
        assert isinstance(palace, dict)
        _codes(out, self._envoys, palace["envoys"])
        _seats(out, self._palace_seats, palace["seats"])
        put_number(out, self._palace_spots, palace["spots"])
        put_number(out, self._palace_deck, palace["deck"])
        houses = view["houses"]
        assert isinstance(houses, list)
        for house_offsets, house in zip(self._houses, houses, strict=True):
            assert isinstance(house, dict)
            marker, sentry, treasure, strength, stealth = house_offsets
            put_code(out, marker, house["marker"])
            put_code(out, sentry, house["sentry"])
            _purse(out, treasure, house["treasure"])
            put_seat(out, strength, house["strength"])
            put_seat(out, stealth, house["stealth"])
        guards = view["guards"]
        assert isinstance(guards, dict)
        put_number(out, self._guard_deck, guards["deck"])
        _count(out, self._guard_discard, guards["discard"])
        elites = view["elites"]
        assert isinstance(elites, dict)
        put_number(out, self._elite_deck, elites["deck"])
        _count(out, self._elite_discard, elites["discard"])
        put_number(out, self._bag, view["bag"])
        _purse(out, self._spent, view["spent"])
        raid = view["raid"]
        if isinstance(raid, dict):
            put_seat(out, self._raid_seat, raid["seat"])
            house_number = raid["house"]
            assert isinstance(house_number, int)
            ones.append(self._raid_house + house_number - 1)
            put_code(out, self._raid_side, raid["side"])
            _purse(out, self._raid_loot, raid["shuriken"])
            _count(out, self._raid_guards, raid["guards"])
            put_code(out, self._raid_elite, raid["elite"])
        _codes(out, self._disguised, view["disguised"])
        seats = view["seats"]
        assert isinstance(seats, list)
        for offsets, entry in zip(self._seats, seats, strict=True):
            assert isinstance(entry, dict)
            honour, shuriken, cards, known, treasure, tiles, used, envoys, rumors, elites_held = offsets
            put_number(out, honour, entry["honour"])
            put_number(out, shuriken, entry["shuriken"])
            put_number(out, cards, entry["cards"])
            _values(out, known, entry["known"])
            _purse(out, treasure, entry["treasure"])
            _count(out, tiles, entry["tiles"])
            _count(out, used, entry["used"])
            _codes(out, envoys, entry["envoys"])
            _codes(out, rumors, entry["rumors"])
            _count(out, elites_held, entry["elites"])
        hand = view["hand"]
        if isinstance(hand, list):
            _values(out, self._hand, hand)

    def _flat(self) -> tuple[tuple[int, ...], list[tuple[int, ...]], list[tuple[int, ...]], tuple[int, ...],
                             list[tuple[int, int, int]]]:
        """Every offset the fast path writes, as plain ints: a segment over codes starts at its first
        label's offset (code number i at first + i; Dojo value v at first - 1 + v); each block (see
        ``update_public``) also as the range of bytes it spans. Checks that each block's segments lie side
        by side in the layout: the layout's order is public, so the fast path follows it, never the
        reverse."""
        value, tile, kind, purse = VALUES[0], TILE_CODES[0], TILE_KIND_CODES[0], PURSE[0]
        guard, elite, envoy, rumor = GUARD_CODES[0], ELITE_CODES[0], ENVOY_CODES[0], RUMOR_CODES[0]
        players = self.players
        # Each block: its segments' offsets, then their sizes.
        dojo = ([self._round, self._phase[PHASE_NAMES[0]], self._order, self._up[value], self._dojo_deck,
                 self._dojo_discard[value]], [1, len(PHASE_NAMES), players * players, len(VALUES), 1, len(VALUES)])
        places = ([self._offer[tile], self._sensei_seats, self._sensei_deck, self._sensei_out[tile],
                   self._hensojutsu, self._rumors[rumor], self._pavilion_seats, self._pavilion_spots,
                   self._pavilion_deck, self._envoys[envoy], self._palace_seats, self._palace_spots, self._palace_deck],
                  [len(TILE_CODES), players, 1, len(TILE_CODES), 1, len(RUMOR_CODES), players, 1, 1, len(ENVOY_CODES),
                   players, 1, 1])
        piles = ([self._guard_deck, self._guard_discard[guard], self._elite_deck, self._elite_discard[elite], self._bag,
                  self._spent[purse]], [1, len(GUARD_CODES), 1, len(ELITE_CODES), 1, len(PURSE)])
        houses = [([marker[MARKER_CODES[0]], sentry[guard], treasure[purse]],
                   [len(MARKER_CODES), len(GUARD_CODES), len(PURSE)]) for marker, sentry, treasure, *_ in self._houses]
        holdings = [([known[value], treasure[purse], tiles[tile], used[kind], envoys[envoy], rumors[rumor],
                      elites[elite]],
                     [len(VALUES), len(PURSE), len(TILE_CODES), len(TILE_KIND_CODES), len(ENVOY_CODES),
                      len(RUMOR_CODES), len(ELITE_CODES)])
                    for _, _, _, known, treasure, tiles, used, envoys, rumors, elites in self._seats]
        for offsets, sizes in [dojo, places, piles, *houses, *holdings]:
            assert offsets == [offsets[0] + sum(sizes[:number]) for number in range(len(offsets))], offsets

        def spans(offsets: list[int], sizes: list[int]) -> tuple[int, ...]:
            # The block's range of bytes, then its segments' offsets.
            first = offsets[0]
            return (first * 4, (first + sum(sizes)) * 4, *offsets)

        dojo_start, dojo_end, round_, phase, order, up, deck, discard = spans(*dojo)
        public = (dojo_start, dojo_end, round_, phase, order, up - 1, deck, discard - 1, *spans(*places),
                  *spans(*piles))
        house_spans = [spans(*house) for house in houses]
        holding_spans = []
        for block in holdings:
            start, end, known, *rest = spans(*block)
            holding_spans.append((start, end, known - 1, *rest))
        own = (self._stack, self._stack_top, self._bag, self._raid_seat, self._raid_house,
               self._raid_side[SIDE_NAMES[0]], self._raid_loot[purse], self._raid_guards[guard],
               self._raid_elite[elite], self._disguised[envoy], self._hand[value] - 1)
        scalars = [(honour, shuriken, cards) for honour, shuriken, cards, *_ in self._seats]
        return public, house_spans, holding_spans, own, scalars

    def update_public(self, state: Any, part: PublicPart) -> None:
        # What view.observe shows every seat and changes at few steps, read from the state: the board and
        # every seat's public holdings and the cards it was seen to take (``state.known``), the decks'
        # sizes only. Counts per code are indexed by code number, Dojo counts by value (1 to 5). Counts
        # need no clipping: no pile holds more of a kind than the game has.
        #
        # Python spends some 30 ns on each value it tests or writes (a zero among counts too), though a
        # step changes few of them. So the public part is in blocks: the Dojo, the Sensei to the Palace,
        # each house, the Guards' and Elites' piles, each seat's holdings (up to a hundred values each, a
        # few of them nonzero), the groups of the part (see ViewEncoder.update_public): a block is written
        # again, value by value, only when what it is made from differs from what it was made from (one
        # comparison, in C: a step rewrites one or two blocks of a dozen); the houses' spots, which change
        # at most steps, one or two at a time, are written again spot by spot. What changes at most
        # steps in more places (the Dojo's stack, the bag, the raid, each seat's honour, shuriken and
        # cards) lies outside the blocks, zeros in the part, and is written into each observation
        # (write_own), with the seat's hand.
        (dojo_start, dojo_end, round_, phase, order_offset, up, dojo_deck, dojo_discard, places_start, places_end,
         offer, sensei_seats, sensei_deck, sensei_out, hensojutsu, rumors_up, pavilion_seats, pavilion_spots,
         pavilion_deck, envoys_up, palace_seats, palace_spots, palace_deck, piles_start, piles_end, guard_deck,
         guard_discard, elite_deck, elite_discard, _, spent), houses, holdings, _, _ = self._flat_offsets
        out, raw, made = part.out, part.raw, part.made
        one = 1.0
        players = self.players

        # The Dojo: round, phase, the playing order, the face-up cards, deck and discard.
        made_of: tuple[Any, ...] = (state.round, state.phase, state.order, state.up, len(state.deck),
                                    state.discard)
        if made_of != made[_DOJO]:
            raw[dojo_start:dojo_end] = bytes(dojo_end - dojo_start)
            value, phase_number, order, face_up, left, counts = made_of
            if value:
                out[round_] = value if value < ROUNDS else ROUNDS
            out[phase + phase_number] = one
            for place, each in enumerate(order):
                out[order_offset + place * players + each] = one
            for each in face_up:
                out[up + each] += one
            if left:
                out[dojo_deck] = left if left < DOJO_CARDS else DOJO_CARDS
            for number in compress(NUMBERS, counts):  # (index 0 is unused: always 0, the game's invariants say)
                out[dojo_discard + number] = counts[number]
            made[_DOJO] = (value, phase_number, order.copy(), face_up.copy(), left, counts.copy())

        # The Sensei, the Pavilion (Rumors) and the Palace (Envoys).
        # The spots of the Pavilion and the Palace are the game's options' (the options object stands for
        # them: asking at every step would cost more than the rest of the block).
        made_of = (state.offer, state.sensei_seats, len(state.sdeck), state.sout, state.hj_left, state.rup,
                   state.pavilion_seats, len(state.rdeck), state.vup, state.palace_seats, len(state.vdeck),
                   state.options)
        if made_of != made[_PLACES]:
            raw[places_start:places_end] = bytes(places_end - places_start)
            offered, seated, value, counts, left, *_ = made_of
            for each in offered:
                out[offer + each] += one
            for each in seated:
                out[sensei_seats + each] += one
            if value:
                out[sensei_deck] = value if value < SENSEI_TILES else SENSEI_TILES
            for number in compress(NUMBERS, counts):
                out[sensei_out + number] = counts[number]
            if left:
                out[hensojutsu] = left if left < 3 else 3
            # Face-up cards, seats, spots and the deck's size, at each.
            for up_offset, face_up, seats_offset, seated, spots_offset, value, deck_offset, left, most in (
                    (rumors_up, made_of[5], pavilion_seats, made_of[6], pavilion_spots, state.pavilion_spots,
                     pavilion_deck, made_of[7], RUMORS),
                    (envoys_up, made_of[8], palace_seats, made_of[9], palace_spots, state.palace_spots, palace_deck,
                     made_of[10], ENVOYS)):
                for each in face_up:
                    out[up_offset + each] = one
                for each in seated:
                    out[seats_offset + each] += one
                if value:
                    out[spots_offset] = value if value < MOST_SPOTS else MOST_SPOTS
                if left:
                    out[deck_offset] = left if left < most else most
            made[_PLACES] = (made_of[0].copy(), made_of[1].copy(), made_of[2], made_of[3].copy(), made_of[4],
                             made_of[5].copy(), made_of[6].copy(), made_of[7], made_of[8].copy(), made_of[9].copy(),
                             made_of[10], made_of[11])

        # Each house: marker, Sentry and treasure. A house's block changes at few steps: the houses'
        # markers, Sentries and treasures are first compared whole with what their blocks were made from
        # (a comparison of lists, in C), and house by house only if they differ.
        markers, sentries, treasures = state.markers, state.sentries, state.treasure
        group = made[_HOUSE_GROUP]
        if not group:  # a new part: no house's block made yet
            group = made[_HOUSE_GROUP] = [[None] * HOUSES, [None] * HOUSES, [None] * HOUSES]
        if markers != group[0] or sentries != group[1] or treasures != group[2]:
            made_markers, made_sentries, made_treasures = group
            for house in range(HOUSES):
                made_of = (markers[house], sentries[house], treasures[house])
                if made_of == made[_HOUSES + house]:
                    continue
                start, end, marker, sentry, treasure = houses[house]
                raw[start:end] = bytes(end - start)
                marker_number, sentry_number, tokens = made_of
                out[marker + marker_number] = one
                if sentry_number >= 0:
                    out[sentry + sentry_number] = one
                _put_tokens(out, treasure, tokens)
                tokens = tokens.copy()
                made[_HOUSES + house] = (marker_number, sentry_number, tokens)
                made_markers[house], made_sentries[house], made_treasures[house] = marker_number, sentry_number, tokens

        # The houses' Strength and Stealth spots: placing on them is the commonest action, and a step changes
        # one or two of them (found in C); each is written again alone, its old seat's 1 taken off.
        spots, seen = state.spots, made[_SPOTS]
        if spots != seen:
            if not seen:
                seen = made[_SPOTS] = [-1] * len(spots)  # a new part: every spot empty (zeros)
            offsets = self._spot_offsets
            for index in compress(NUMBERS, map(ne, spots, seen)):
                offset, before, now = offsets[index], seen[index], spots[index]
                if before >= 0:
                    out[offset + before] = 0.0
                if now >= 0:
                    out[offset + now] = one
                seen[index] = now

        # The Guards' and Elites' decks and discards, the bag and the treasure spent (by kind: the view
        # shows no red among spent tokens, so ``red`` stays 0). The bag changes at a fifth of the steps,
        # far more often than the rest: the block is kept without it (write_own writes it).
        made_of = (len(state.gdeck), state.gdiscard, len(state.xdeck), state.xdiscard, state.spent)
        if made_of != made[_PILES]:
            raw[piles_start:piles_end] = bytes(piles_end - piles_start)
            for offset, value, most, counts_offset, counts in ((guard_deck, made_of[0], GUARDS, guard_discard,
                                                                 made_of[1]),
                                                                (elite_deck, made_of[2], ELITES, elite_discard,
                                                                 made_of[3])):
                if value:
                    out[offset] = value if value < most else most
                for number in compress(NUMBERS, counts):
                    out[counts_offset + number] = counts[number]
            counts = made_of[4]
            for number in compress(NUMBERS, counts):
                out[spent + number] = counts[number]
            made[_PILES] = (made_of[0], made_of[1].copy(), made_of[2], made_of[3].copy(), made_of[4].copy())

        # Each seat's holdings, compared whole first (as the houses), then seat by seat.
        known_all, purses, tiles_all, flipped_all, envoys_all, rumors_all, elites_all = (
            state.known, state.purse, state.tiles, state.flipped, state.envoys, state.rumors, state.elites)
        group = made[_HOLDINGS_GROUP]
        if not group:  # a new part: no seat's block made yet
            group = made[_HOLDINGS_GROUP] = [[None] * players for _ in range(7)]
        if known_all == group[0] and purses == group[1] and tiles_all == group[2] and flipped_all == group[3] \
                and envoys_all == group[4] and rumors_all == group[5] and elites_all == group[6]:
            return
        for each in range(players):
            made_of = (known_all[each], purses[each], tiles_all[each], flipped_all[each], envoys_all[each],
                       rumors_all[each], elites_all[each])
            if made_of == made[_HOLDINGS + each]:
                continue
            start, end, known_offset, treasure, tiles_offset, used, envoys_offset, rumors_offset, elites_offset = (
                holdings[each])
            raw[start:end] = bytes(end - start)
            known, purse, tiles, flipped, envoys, rumors, elites = made_of
            if any(known):
                for number in DOJO_VALUES:
                    if known[number]:
                        out[known_offset + number] = known[number]
            for number in compress(NUMBERS, purse):
                out[treasure + number] = purse[number]
            for number in compress(NUMBERS, tiles):
                out[tiles_offset + number] = tiles[number]
            for number in compress(NUMBERS, flipped):
                out[used + number] = flipped[number]
            for number in envoys:
                out[envoys_offset + number] = one
            for number in rumors:
                out[rumors_offset + number] = one
            for number in compress(NUMBERS, elites):
                out[elites_offset + number] = elites[number]
            made[_HOLDINGS + each] = record = (known.copy(), purse.copy(), tiles.copy(), flipped.copy(),
                                               envoys.copy(), rumors.copy(), elites.copy())
            (group[0][each], group[1][each], group[2][each], group[3][each], group[4][each], group[5][each],
             group[6][each]) = record

    def write_own(self, state: Any, seat: int, out: Tensor) -> None:
        # What changes at most steps, written into each observation: the Dojo's stack, the bag, the raid
        # under way, the Envoys disguised, each seat's honour, shuriken and cards; and the seat's own Dojo
        # hand.
        (stack_seats, stack_top, bag, raid_seat, raid_house, raid_side, raid_loot, raid_guards, raid_elite, disguised,
         hand) = self._flat_offsets[3]
        one = 1.0
        stack = state.dojo_stack
        if stack:
            for each in stack:
                out[stack_seats + each] += one
            if stack[-1] >= 0:
                out[stack_top + stack[-1]] = one
        value = sum(state.bag)
        out[bag] = value if value < TOKENS else TOKENS
        raider = state.raider
        if raider >= 0:
            out[raid_seat + raider] = one
            out[raid_house + state.raid_house] = one
            out[raid_side + state.raid_side] = one
            _put_tokens(out, raid_loot, state.raid_loot)
            for each in state.raid_guards:
                out[raid_guards + each] += one
            if state.raid_elite >= 0:
                out[raid_elite + state.raid_elite] = one
        for each in state.masks:
            out[disguised + each] = one

        # Shuriken left to place as view.shuriken_left gives them, and cards as state.hand_size does
        # (both inlined: they run for every seat at every step): all of them out of play, else those of
        # the round less the ones placed, one more placed by each seat before ``placed % players`` in the
        # order; the cards held of each value (index 0 is unused).
        players = self.players
        if state.phase == PLAY:
            placed, number = state.placed, state.num_players
            base = SHURIKEN - placed // number
            to_place = [base] * players
            for each in state.order[:placed % number]:
                to_place[each] = base - 1
        else:
            to_place = [SHURIKEN] * players
        honours, hands = state.honour, state.hands
        for each, (honour, shuriken, cards) in enumerate(self._flat_offsets[4]):
            value = honours[each]
            if value:
                out[honour] = value if value < MAX_HONOUR else MAX_HONOUR
            value = to_place[each]
            if value:
                out[shuriken] = value if value < SHURIKEN else SHURIKEN
            value = sum(hands[each])  # (index 0 is unused: always 0, the game's invariants say)
            if value:
                out[cards] = value if value < DOJO_CARDS else DOJO_CARDS

        counts = hands[seat]
        for number in compress(NUMBERS, counts):
            out[hand + number] = counts[number]


def _put_tokens(out: Tensor, offset: int, tokens: list[int]) -> None:
    """Treasure tokens counted by kind from ``offset`` (a house's treasure, a raid's loot): a token is its
    kind, plus 5 red side up, and a red one counts under its kind and under ``red`` (the sixth)."""
    reds = 0
    for token in tokens:
        if token >= 5:
            reds += 1
            token -= 5
        out[offset + token] += 1.0
    if reds:
        out[offset + 5] = reds


def _codes(out: Writer, index: dict[str, int], codes: object) -> None:
    """A multi-hot of codes (each code present at most once)."""
    assert isinstance(codes, list)
    put_codes(out, index, codes)


def _count(out: Writer, index: dict[str, int], codes: object) -> None:
    """Counts of codes (a code may be listed several times)."""
    assert isinstance(codes, list)
    count_codes(out, index, codes)


def _values(out: Writer, index: dict[str, int], values: object) -> None:
    """Dojo cards, listed by value (numbers)."""
    assert isinstance(values, list)
    out.counts.extend(index[str(value)] for value in values)


def _seats(out: Writer, offset: int, seats: object) -> None:
    """One more at ``offset + seat`` for each seat listed (a seat may be listed more than once)."""
    assert isinstance(seats, list)
    out.counts.extend(offset + seat for seat in seats)


def _purse(out: Writer, index: dict[str, int], text: object) -> None:
    """Treasure tokens as letters, ``*`` after a red one (counted under ``red`` too)."""
    assert isinstance(text, str)
    out.counts.extend(map(index.__getitem__, text.replace("*", "")))
    reds = text.count("*")
    if reds:
        out.at.append(index["red"])
        out.values.append(reds)


ENCODER = NinjatoEncoder
