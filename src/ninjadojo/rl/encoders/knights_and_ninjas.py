"""Of Knights and Ninjas' observation: the table, each kingdom, the seat's hand (counts per card kind).

Public: whose turn it is, the target, reshuffles, the draw pile's size, the discard pile, the attack
on the table (its cards, attacker, defender, role and strength), cards shown to a Herald, gems taken by
a Highwayman in play, and per seat its gems, hand size, fortifications (a Jester standing in is
told apart) and the cards everyone knows to be in its hand. Private: the seat's hand and, in the
2-player draft, the card it drew. The draft segments are zero with 3 or more players.
"""

from __future__ import annotations

from itertools import compress
from typing import Any, ClassVar

from ninjadojo.games.knights_and_ninjas.cards import CODES, COUNTS, DRAFT_SIZE, DUEL_TARGET, SLOTS, START_GEMS
from ninjadojo.games.knights_and_ninjas.view import open_attack, shown_to_herald, window_gems
from ninjadojo.rl.encoders import GrowingPile, count_codes, label_offsets, put_code, put_number, put_seat, seat_labels
from ninjadojo.rl.encoding import Tensor, View, ViewEncoder
from ninjadojo.rl.layout import LayoutBuilder, Writer

DECISIONS = ("turn", "draft", "fortify", "attack", "respond", "highwayman", "herald", "herald-pick", "monk",
             "minstrel-discard")
MOST = max(COUNTS)
#: Whole-deck bounds: no pile, hand or count can hold more cards than the deck has.
DECK = sum(COUNTS)
MAX_RESHUFFLES = 20
#: The kinds of frame the table shows: an attack to answer, a Herald's pick, a Highwayman's window.
WINDOWS = frozenset(("respond", "herald-pick", "highwayman"))
MAX_STRENGTH = 30
#: The kinds' numbers (CODES in order).
KINDS = range(len(CODES))


class KnightsAndNinjasEncoder(ViewEncoder):
    """Of Knights and Ninjas (see the module docstring)."""

    GAME = "knights-and-ninjas"
    DECISIONS: ClassVar[tuple[str, ...]] = DECISIONS

    def declare(self, builder: LayoutBuilder) -> None:
        players = self.players
        seats = seat_labels(players)
        kinds = list(CODES)
        gems = max(START_GEMS * players, DUEL_TARGET)  # every gem of the game
        self._current = builder.one_hot("current", seats, "whose turn it is")
        self._target = builder.scalar("target", DUEL_TARGET, "gems that win now")
        self._reshuffles = builder.scalar("reshuffles", MAX_RESHUFFLES, "reshuffles so far")
        self._deck = builder.scalar("deck", DECK, "cards in the draw pile")
        self._discard = label_offsets(builder.counts("discard", kinds, MOST, "the discard pile, per kind"), kinds)
        self._attacking = builder.one_hot("table.attacking", seats, "the seat being attacked this turn")
        self._ladder = builder.one_hot("table.ladder", seats, "the seat whose Castle has a Ladder against it")
        self._table = label_offsets(builder.counts("table.cards", kinds, MOST, "the cards of the attack on the "
                                                   "table, per kind"), kinds)
        self._by = builder.one_hot("table.attack.by", seats, "the attack waiting for an answer: its attacker")
        self._against = builder.one_hot("table.attack.against", seats, "... its defender")
        self._role = label_offsets(builder.one_hot("table.attack.role", kinds, "... the role its cards play"), kinds)
        self._strength = builder.scalar("table.attack.strength", MAX_STRENGTH, "... its strength")
        shown = [f"{seat}:{kind}" for seat in seats for kind in kinds]
        self._shown = builder.counts("table.shown", shown, MOST, "cards shown to a Herald, per showing seat and kind")
        self._holder = builder.one_hot("table.gems_in_play.holder", seats, "a Highwayman window: who took the gems")
        self._amount = builder.scalar("table.gems_in_play.amount", gems, "... how many")
        self._source = builder.one_hot("table.gems_in_play.from", seats, "... from whom")
        self._seats: list[tuple[int, int, int, int, int, dict[str, int]]] = []
        for seat in seats:
            prefix = f"seat[{seat}]"
            self._seats.append((
                builder.scalar(f"{prefix}.gems", gems, "gems"),
                builder.scalar(f"{prefix}.cards", DECK, "cards in hand"),
                builder.flag(f"{prefix}.castle", "fortified by a Castle"),
                builder.one_hot(f"{prefix}.archer", ("ar", "je>ar"), "fortified by an Archer (or a Jester as one)"),
                builder.one_hot(f"{prefix}.minstrel", ("mi", "je>mi"), "fortified by a Minstrel (or a Jester as one)"),
                label_offsets(builder.counts(f"{prefix}.known", kinds, MOST, "cards everyone knows to be in its hand"),
                              kinds),
            ))
        self._hand = label_offsets(builder.counts("hand", kinds, MOST, "the seat's hand, per kind"), kinds)
        self._pile = builder.scalar("draft.pile", DRAFT_SIZE, "2 players: cards left in the draft pile")
        self._drafter = builder.one_hot("draft.drafter", seats, "2 players: who is drafting")
        self._drawn = label_offsets(builder.one_hot("draft.drawn", kinds, "2 players: the card the seat drew"), kinds)
        self._kinds = len(kinds)
        self._kind_index = {kind: number for number, kind in enumerate(kinds)}
        self._gems = gems
        self._discard_pile = GrowingPile(len(kinds), counts=True)

    def fill(self, view: View, seat: int, out: Writer) -> None:
        ones = out.ones
        put_seat(out, self._current, view["current"])
        put_number(out, self._target, view["target"])
        put_number(out, self._reshuffles, view["reshuffles"])
        put_number(out, self._deck, view["deck"])
        discard = view["discard"]
        assert isinstance(discard, list)
        count_codes(out, self._discard, discard)  # type: ignore[arg-type]
        table = view["table"]
        assert isinstance(table, dict)
        put_seat(out, self._attacking, table["attacking"])
        put_seat(out, self._ladder, table["ladder"])
        cards = table["cards"]
        assert isinstance(cards, list)
        count_codes(out, self._table, cards)  # type: ignore[arg-type]
        attack = table.get("attack")
        if isinstance(attack, dict):
            put_seat(out, self._by, attack["by"])
            put_seat(out, self._against, attack["against"])
            put_code(out, self._role, attack["role"])
            put_number(out, self._strength, attack["strength"])
        shown = table.get("shown")
        if isinstance(shown, list):
            for pair in shown:
                assert isinstance(pair, list)
                shower, kind = pair
                assert isinstance(shower, int) and isinstance(kind, str)
                out.counts.append(self._shown + shower * self._kinds + self._kind_index[kind])
        window = table.get("gems_in_play")
        if isinstance(window, dict):
            put_seat(out, self._holder, window["holder"])
            put_number(out, self._amount, window["amount"])
            put_seat(out, self._source, window["from"])
        seats = view["seats"]
        assert isinstance(seats, list)
        for offsets, entry in zip(self._seats, seats, strict=True):
            assert isinstance(entry, dict)
            gems, size, castle, archer, minstrel, known = offsets
            put_number(out, gems, entry["gems"])
            put_number(out, size, entry["cards"])
            if entry["castle"] is not None:
                ones.append(castle)
            fort = entry["archer"]
            if fort is not None:
                ones.append(archer + (fort != "ar"))
            fort = entry["minstrel"]
            if fort is not None:
                ones.append(minstrel + (fort != "mi"))
            codes = entry["known"]
            assert isinstance(codes, list)
            count_codes(out, known, codes)  # type: ignore[arg-type]
        hand = view["hand"]
        if isinstance(hand, list):
            count_codes(out, self._hand, hand)  # type: ignore[arg-type]
        draft = view.get("draft")
        if isinstance(draft, dict):
            put_number(out, self._pile, draft["pile"])
            put_seat(out, self._drafter, draft["drafter"])
            put_code(out, self._drawn, draft["drawn"])

    def write_public(self, state: Any, out: Tensor) -> None:
        # What view.observe shows every seat, read from the state: public piles and kingdoms, the cards
        # everyone knows to be in a hand (``state.known``); never a hand or a drawn card (write_own).
        # A kind's offset in a segment over the kinds is its first offset + the kind's number (the labels
        # are CODES in order). Counts need no clipping: no pile holds more of a kind than the deck has.
        one = 1.0
        first = CODES[0]
        if state.current >= 0:
            out[self._current + state.current] = one
        value = state.target_now()
        if value:
            out[self._target] = value if value < DUEL_TARGET else DUEL_TARGET
        value = state.shuffles
        if value:
            out[self._reshuffles] = value if value < MAX_RESHUFFLES else MAX_RESHUFFLES
        value = len(state.deck)
        if value:
            out[self._deck] = value if value < DECK else DECK
        self._discard_pile.write(state.discard, out, self._discard[first])
        if state.attack_target >= 0:
            out[self._attacking + state.attack_target] = one
        if state.ladder_on >= 0:
            out[self._ladder + state.ladder_on] = one
        base = self._table[first]
        for kind in state.pending:
            out[base + kind] += one
        # The frames that show an attack, a Herald's look or a Highwayman's gems (view.open_attack,
        # shown_to_herald, window_gems), looked for only when there can be one (most steps: a lone turn).
        frames = state.frames
        attack = shown = window = None
        if len(frames) > 1 or (frames and frames[0].kind in WINDOWS):
            attack = open_attack(state)
            shown = shown_to_herald(state)
            window = window_gems(state)
        if attack is not None:
            by, against, role, strength = attack
            if by >= 0:
                out[self._by + by] = one
            if against >= 0:
                out[self._against + against] = one
            out[self._role[first] + role] = one
            _put(out, self._strength, strength, MAX_STRENGTH)
        kinds = self._kinds
        for shower, kind in shown or ():
            out[self._shown + shower * kinds + kind] += one
        if window is not None:
            holder, amount, source = window
            if holder >= 0:
                out[self._holder + holder] = one
            _put(out, self._amount, amount, self._gems)
            if source >= 0:
                out[self._source + source] = one
        gems_high = self._gems
        all_gems, sizes, all_known = state.gems, state.sizes, state.known
        for each, (gems, size, castle, archer, minstrel, known) in enumerate(self._seats):
            value = all_gems[each]
            if value:
                out[gems] = value if value < gems_high else gems_high
            value = sizes[each]
            if value:
                out[size] = value if value < DECK else DECK
            forts = state.forts[each]
            if forts[0] >= 0:
                out[castle] = one
            if forts[1] >= 0:
                out[archer + (forts[1] != SLOTS[1])] = one
            if forts[2] >= 0:
                out[minstrel + (forts[2] != SLOTS[2])] = one
            counts = all_known[each]
            if any(counts):  # mostly nothing is known of a hand
                base = known[first]
                for kind in compress(KINDS, counts):
                    out[base + kind] = counts[kind]
        if state.duel:
            _put(out, self._pile, len(state.draft), DRAFT_SIZE)
            top = frames[-1] if frames else None
            if top is not None and top.kind == "draft":
                drafter = top.seats[0]
                if drafter >= 0:
                    out[self._drafter + drafter] = one

    def write_own(self, state: Any, seat: int, out: Tensor) -> None:
        # The seat's own hand, and in the duel's draft the card it drew (shown to the drafter alone).
        first = CODES[0]
        base = self._hand[first]
        hand = state.hands[seat]
        for kind in compress(KINDS, hand):  # the kinds held (a hand holds a few of them)
            out[base + kind] = hand[kind]
        if state.duel:
            frames = state.frames
            top = frames[-1] if frames else None
            if top is not None and top.kind == "draft" and seat in top.seats:
                out[self._drawn[first] + state.draft[-1]] = 1.0


def _put(out: Tensor, offset: int, value: int, high: int) -> None:
    """A scalar as ``put_number`` and the clip to ``high`` make it (nothing for 0)."""
    if value:
        out[offset] = value if value < high else high


ENCODER = KnightsAndNinjasEncoder
