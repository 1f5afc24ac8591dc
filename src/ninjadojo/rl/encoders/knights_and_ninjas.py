"""Of Knights and Ninjas' observation: the table, each kingdom, the seat's hand (counts per card kind).

Public: whose turn it is, the target, reshuffles, the draw pile's size, the discard pile, the attack
on the table (its cards, attacker, defender, role and strength), cards shown to a Herald, gems taken by
a Highwayman in play, and per seat its gems, hand size, fortifications (a Jester standing in is
told apart) and the cards everyone knows to be in its hand. Private: the seat's hand and, in the
2-player draft, the card it drew. The draft segments are zero with 3 or more players.
"""

from __future__ import annotations

from typing import ClassVar

from ninjadojo.games.knights_and_ninjas.cards import CODES, COUNTS, DRAFT_SIZE, DUEL_TARGET, START_GEMS
from ninjadojo.rl.encoders import count_codes, label_offsets, put_code, put_number, put_seat, seat_labels
from ninjadojo.rl.encoding import View, ViewEncoder
from ninjadojo.rl.layout import LayoutBuilder, Writer

DECISIONS = ("turn", "draft", "fortify", "attack", "respond", "highwayman", "herald", "herald-pick", "monk",
             "minstrel-discard")
MOST = max(COUNTS)
#: Whole-deck bounds: no pile, hand or count can hold more cards than the deck has.
DECK = sum(COUNTS)
MAX_RESHUFFLES = 20
MAX_STRENGTH = 30


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


ENCODER = KnightsAndNinjasEncoder
