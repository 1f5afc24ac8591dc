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
from ninjadojo.rl.encoders import count_codes, label_offsets, put_code, put_number, put_seat, seat_labels
from ninjadojo.rl.encoding import PublicPart, Tensor, View, ViewEncoder
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
        # The fast path's offsets (a segment over the kinds holds kind k at its first offset + k), and for the
        # groups of the public part (see update_public) their bytes and zeros for them.
        first = CODES[0]
        self._fast_discard = self._discard[first]
        self._kind_zeros = bytes(4 * len(kinds))
        end = self._source + players  # the table's segments lie side by side, to the Highwayman's victim
        self._fast_table = (4 * self._attacking, 4 * end, bytes(4 * (end - self._attacking)))
        # A seat's fortifications and known cards lie side by side (after its gems and hand size).
        self._fast_seats = [(4 * castle, 4 * (known[first] + len(kinds)),
                             bytes(4 * (known[first] + len(kinds) - castle)), castle, archer, minstrel, known[first])
                            for _, _, castle, archer, minstrel, known in self._seats]
        self._fast_gems = [gems for gems, *_ in self._seats]
        assert all(size == gems + 1 for gems, size, *_ in self._seats)
        self._fast_own = (self._current, self._target, self._reshuffles, self._deck, self._hand[first])
        # The groups: the discard pile, the table, then the seats' fortifications and their known cards (per
        # seat, what its block was made from).
        self.public_groups = 4

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

    def update_public(self, state: Any, part: PublicPart) -> None:
        # What view.observe shows every seat and changes at few steps, read from the state: the discard
        # pile, the table, each seat's fortifications and the cards everyone knows to be in its hand
        # (``state.known``). A kind's offset in a segment over the kinds is its first offset + the kind's
        # number (the labels are CODES in order). Counts need no clipping: no pile holds more of a kind
        # than the deck has.
        #
        # The groups (see ViewEncoder.update_public): the discard pile (counted further as cards are added
        # at its end), the table, and the seats' fortifications and known cards. What changes at
        # most steps (whose turn, the deck, each seat's gems and hand size, the draft) is written into each
        # observation instead (write_own).
        one = 1.0
        out, raw, made = part.out, part.raw, part.made
        pile, seen = state.discard, made[0]
        if pile != seen:
            discard = self._fast_discard
            known = len(seen)
            if len(pile) > known and pile[:known] == seen:
                added = pile[known:]
            else:
                raw[4 * discard:4 * (discard + self._kinds)] = self._kind_zeros
                added = pile
            for kind in added:
                out[discard + kind] += one
            made[0] = pile.copy()
        # The table: the attack on it, and the frames that show an attack, a Herald's look or a
        # Highwayman's gems (view.open_attack, shown_to_herald, window_gems), looked for only when there
        # can be one (most steps: a lone turn).
        frames = state.frames
        windows = len(frames) > 1 or (frames and frames[0].kind in WINDOWS)
        made_of = (state.attack_target, state.ladder_on, state.pending,
                   (open_attack(state), shown_to_herald(state), window_gems(state)) if windows else None)
        if made_of != made[1]:
            table_start, table_end, table_zeros = self._fast_table
            raw[table_start:table_end] = table_zeros
            self._write_table(out, made_of)
            made[1] = (made_of[0], made_of[1], made_of[2].copy(), made_of[3])
        # The seats' fortifications and known cards change at few steps: compared whole first (a comparison
        # of lists, in C), then seat by seat only if they differ.
        all_forts, all_known, made_forts, made_known = state.forts, state.known, made[2], made[3]
        if not made_forts:  # a new part: no seat's block made yet
            made_forts = made[2] = [None] * self.players
            made_known = made[3] = [None] * self.players
        if all_forts != made_forts or all_known != made_known:
            for each, (start, end, zeros, castle, archer, minstrel, known) in enumerate(self._fast_seats):
                forts, counts = all_forts[each], all_known[each]
                if forts == made_forts[each] and counts == made_known[each]:
                    continue
                raw[start:end] = zeros
                if forts[0] >= 0:
                    out[castle] = one
                value = forts[1]
                if value >= 0:
                    out[archer + (value != SLOTS[1])] = one
                value = forts[2]
                if value >= 0:
                    out[minstrel + (value != SLOTS[2])] = one
                if any(counts):  # mostly nothing is known of a hand
                    for kind in compress(KINDS, counts):
                        out[known + kind] = counts[kind]
                made_forts[each] = forts.copy()
                made_known[each] = counts.copy()

    def _write_table(self, out: Tensor, made_of: tuple[Any, ...]) -> None:
        """The table's segments (zeros before): the seat attacked, a Ladder's target, the attack's cards,
        and what the open frames show (the attack waiting for an answer, the cards shown to a Herald, a
        Highwayman's gems)."""
        one = 1.0
        attacked, ladder, pending, windows = made_of
        if attacked >= 0:
            out[self._attacking + attacked] = one
        if ladder >= 0:
            out[self._ladder + ladder] = one
        base = self._table[CODES[0]]
        for kind in pending:
            out[base + kind] += one
        if windows is None:
            return
        attack, shown, window = windows
        if attack is not None:
            by, against, role, strength = attack
            if by >= 0:
                out[self._by + by] = one
            if against >= 0:
                out[self._against + against] = one
            out[self._role[CODES[0]] + role] = one
            _put(out, self._strength, strength, MAX_STRENGTH)
        kinds = self._kinds
        for shower, kind in shown:
            out[self._shown + shower * kinds + kind] += one
        if window is not None:
            holder, amount, source = window
            if holder >= 0:
                out[self._holder + holder] = one
            _put(out, self._amount, amount, self._gems)
            if source >= 0:
                out[self._source + source] = one

    def write_own(self, state: Any, seat: int, out: Tensor) -> None:
        # What changes at most steps, written into each observation: whose turn it is, the target, the
        # reshuffles, the deck, each seat's gems and hand size, the draft; and the seat's own hand and, in
        # the duel's draft, the card it drew (shown to the drafter alone). The deck's and the hands' sizes
        # need no clipping: no pile holds more cards than the deck has. The target is what the view's
        # ``target_now()`` gives, read as it reads it (a call less at every step).
        one = 1.0
        current, target, reshuffles, deck, hand = self._fast_own
        value = state.current
        if value >= 0:
            out[current + value] = one
        value = state.target
        if value:
            out[target] = value if value < DUEL_TARGET else DUEL_TARGET
        value = state.shuffles
        if value:
            out[reshuffles] = value if value < MAX_RESHUFFLES else MAX_RESHUFFLES
        value = len(state.deck)
        if value:
            out[deck] = value
        gems_high = self._gems
        all_gems, sizes = state.gems, state.sizes
        for each, gems in enumerate(self._fast_gems):
            value = all_gems[each]
            if value:
                out[gems] = value if value < gems_high else gems_high
            value = sizes[each]
            if value:
                out[gems + 1] = value
        cards = state.hands[seat]
        for kind in compress(KINDS, cards):  # the kinds held (a hand holds a few of them)
            out[hand + kind] = cards[kind]
        if state.duel:
            value = len(state.draft)
            if value:
                out[self._pile] = value if value < DRAFT_SIZE else DRAFT_SIZE
            frames = state.frames
            if frames:
                top = frames[-1]
                if top.kind == "draft":
                    drafter = top.seats[0]
                    if drafter >= 0:
                        out[self._drafter + drafter] = one
                    if drafter == seat:
                        out[self._drawn[CODES[0]] + state.draft[-1]] = one


def _put(out: Tensor, offset: int, value: int, high: int) -> None:
    """A scalar as ``put_number`` and the clip to ``high`` make it (nothing for 0)."""
    if value:
        out[offset] = value if value < high else high


ENCODER = KnightsAndNinjasEncoder
