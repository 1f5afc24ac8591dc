"""Ninjato's observation: the round and phase, the Dojo, Sensei, Pavilion and Palace, the five houses,
the Guards and Elites, the raid under way, and each seat's honour, shuriken, cards, treasure, tiles,
Envoys, Rumors and Elites; the seat's own Dojo hand (counts per value).

Everything is public in Ninjato but the Dojo hands (each seat sees its own, and the cards others were
seen to take face up: ``known``) and the order of the decks (only their sizes are shown). Treasure
tokens are counted per kind (fan, scroll, vase, jade, gold), with a separate count of red tokens where
the view marks them.
"""

from __future__ import annotations

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
from ninjadojo.games.ninjato.effects import PHASE_NAMES, SIDE_NAMES
from ninjadojo.games.ninjato.view import shuriken_left
from ninjadojo.rl.encoders import count_codes, label_offsets, put_code, put_codes, put_number, put_seat, seat_labels
from ninjadojo.rl.encoding import Tensor, View, ViewEncoder
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

    def _flat(self) -> tuple[tuple[int, ...], list[tuple[int, ...]], list[tuple[int, ...]]]:
        """Every offset the fast path writes, as plain ints: a segment over codes starts at its first
        label's offset (code number i at first + i; Dojo value v at first - 1 + v)."""
        value, tile, kind, purse = VALUES[0], TILE_CODES[0], TILE_KIND_CODES[0], PURSE[0]
        guard, elite, envoy, rumor = GUARD_CODES[0], ELITE_CODES[0], ENVOY_CODES[0], RUMOR_CODES[0]
        shared = (self._round, self._phase[PHASE_NAMES[0]], self._order, self._up[value] - 1, self._dojo_deck,
                  self._dojo_discard[value] - 1, self._stack, self._stack_top, self._offer[tile], self._sensei_seats,
                  self._sensei_deck, self._sensei_out[tile], self._hensojutsu, self._rumors[rumor],
                  self._pavilion_seats, self._pavilion_spots, self._pavilion_deck, self._envoys[envoy],
                  self._palace_seats, self._palace_spots, self._palace_deck, self._guard_deck,
                  self._guard_discard[guard], self._elite_deck, self._elite_discard[elite], self._bag,
                  self._spent[purse], self._raid_seat, self._raid_house, self._raid_side[SIDE_NAMES[0]],
                  self._raid_loot[purse], self._raid_guards[guard], self._raid_elite[elite],
                  self._disguised[envoy], self._hand[value] - 1)
        houses: list[tuple[int, ...]] = [
            (marker[MARKER_CODES[0]], sentry[guard], treasure[purse], strength, stealth)
            for marker, sentry, treasure, strength, stealth in self._houses]
        seats: list[tuple[int, ...]] = [
            (honour, shuriken, cards, known[value] - 1, treasure[purse], tiles[tile], used[kind], envoys[envoy],
             rumors[rumor], elites[elite])
            for honour, shuriken, cards, known, treasure, tiles, used, envoys, rumors, elites in self._seats]
        return shared, houses, seats

    def write_state(self, state: Any, seat: int, out: Tensor) -> None:
        # What view.observe shows ``seat``, read from the state: the whole board, every seat's public
        # holdings and the cards it was seen to take (``state.known``), the decks' sizes only, and the
        # Dojo hand of the seat alone. Counts per code are indexed by code number, Dojo counts by value
        # (1 to 5). Counts need no clipping: no pile holds more of a kind than the game has. Written
        # out in one body (no helper calls, ``any`` to skip empty counts): it runs at every step.
        shared, houses, seats = self._flat_offsets
        (round_, phase, order, up, dojo_deck, dojo_discard, stack_seats, stack_top, offer, sensei_seats, sensei_deck,
         sensei_out, hensojutsu, rumors_up, pavilion_seats, pavilion_spots, pavilion_deck, envoys_up, palace_seats,
         palace_spots, palace_deck, guard_deck, guard_discard, elite_deck, elite_discard, bag, spent, raid_seat,
         raid_house, raid_side, raid_loot, raid_guards, raid_elite, disguised, hand) = shared
        one = 1.0
        players = self.players
        value = state.round
        if value:
            out[round_] = value if value < ROUNDS else ROUNDS
        out[phase + state.phase] = one
        for place, each in enumerate(state.order):
            out[order + place * players + each] = one
        for each in state.up:
            out[up + each] += one
        value = len(state.deck)
        if value:
            out[dojo_deck] = value if value < DOJO_CARDS else DOJO_CARDS
        counts = state.discard
        for each in DOJO_VALUES:
            if counts[each]:
                out[dojo_discard + each] = counts[each]
        stack = state.dojo_stack
        if stack:
            for each in stack:
                out[stack_seats + each] += one
            if stack[-1] >= 0:
                out[stack_top + stack[-1]] = one
        for each in state.offer:
            out[offer + each] += one
        for each in state.sensei_seats:
            out[sensei_seats + each] += one
        value = len(state.sdeck)
        if value:
            out[sensei_deck] = value if value < SENSEI_TILES else SENSEI_TILES
        counts = state.sout
        if any(counts):
            for number, count in enumerate(counts):
                if count:
                    out[sensei_out + number] = count
        value = state.hj_left
        if value:
            out[hensojutsu] = value if value < 3 else 3
        # The Pavilion (Rumors) and the Palace (Envoys): the same four segments each.
        for up_offset, up, seats_offset, seated, spots_offset, spots_left, deck_offset, deck, most in (
                (rumors_up, state.rup, pavilion_seats, state.pavilion_seats, pavilion_spots, state.pavilion_spots,
                 pavilion_deck, state.rdeck, RUMORS),
                (envoys_up, state.vup, palace_seats, state.palace_seats, palace_spots, state.palace_spots,
                 palace_deck, state.vdeck, ENVOYS)):
            for each in up:
                out[up_offset + each] = one
            for each in seated:
                out[seats_offset + each] += one
            if spots_left:
                out[spots_offset] = spots_left if spots_left < MOST_SPOTS else MOST_SPOTS
            value = len(deck)
            if value:
                out[deck_offset] = value if value < most else most
        markers, sentries, treasures, spots = state.markers, state.sentries, state.treasure, state.spots
        for house, (marker, sentry, treasure, strength, stealth) in enumerate(houses):
            out[marker + markers[house]] = one
            if sentries[house] >= 0:
                out[sentry + sentries[house]] = one
            tokens = treasures[house]
            if tokens:
                reds = 0
                for token in tokens:
                    if token >= 5:
                        reds += 1
                        token -= 5
                    out[treasure + token] += one
                if reds:
                    out[treasure + 5] = reds
            if spots[2 * house] >= 0:
                out[strength + spots[2 * house]] = one
            if spots[2 * house + 1] >= 0:
                out[stealth + spots[2 * house + 1]] = one
        value = len(state.gdeck)
        if value:
            out[guard_deck] = value if value < GUARDS else GUARDS
        for number, count in enumerate(state.gdiscard):
            if count:
                out[guard_discard + number] = count
        value = len(state.xdeck)
        if value:
            out[elite_deck] = value if value < ELITES else ELITES
        counts = state.xdiscard
        if any(counts):
            for number, count in enumerate(counts):
                if count:
                    out[elite_discard + number] = count
        value = sum(state.bag)
        if value:
            out[bag] = value if value < TOKENS else TOKENS
        for number, count in enumerate(state.spent):
            if count:
                out[spent + number] = count
        raider = state.raider
        if raider >= 0:
            out[raid_seat + raider] = one
            out[raid_house + state.raid_house] = one
            out[raid_side + state.raid_side] = one
            reds = 0
            for token in state.raid_loot:
                if token >= 5:
                    reds += 1
                    token -= 5
                out[raid_loot + token] += one
            if reds:
                out[raid_loot + 5] = reds
            for each in state.raid_guards:
                out[raid_guards + each] += one
            if state.raid_elite >= 0:
                out[raid_elite + state.raid_elite] = one
        for each in state.masks:
            out[disguised + each] = one
        honours, hands, known_all, purses, tiles_all, flipped_all, envoys_all, rumors_all, elites_all = (
            state.honour, state.hands, state.known, state.purse, state.tiles, state.flipped, state.envoys,
            state.rumors, state.elites)
        for each, (honour, shuriken, cards, known, treasure, tiles, used, envoys, rumors, elites) in enumerate(seats):
            value = honours[each]
            if value:
                out[honour] = value if value < MAX_HONOUR else MAX_HONOUR
            value = shuriken_left(state, each)
            if value:
                out[shuriken] = value if value < SHURIKEN else SHURIKEN
            value = state.hand_size(each)
            if value:
                out[cards] = value if value < DOJO_CARDS else DOJO_CARDS
            counts = known_all[each]
            if any(counts):
                for number in DOJO_VALUES:
                    if counts[number]:
                        out[known + number] = counts[number]
            for number, count in enumerate(purses[each]):
                if count:
                    out[treasure + number] = count
            counts = tiles_all[each]
            if any(counts):
                for number, count in enumerate(counts):
                    if count:
                        out[tiles + number] = count
            counts = flipped_all[each]
            if any(counts):
                for number, count in enumerate(counts):
                    if count:
                        out[used + number] = count
            for number in envoys_all[each]:
                out[envoys + number] = one
            for number in rumors_all[each]:
                out[rumors + number] = one
            counts = elites_all[each]
            if any(counts):
                for number, count in enumerate(counts):
                    if count:
                        out[elites + number] = count
        counts = hands[seat]
        for number in DOJO_VALUES:
            if counts[number]:
                out[hand + number] = counts[number]

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
