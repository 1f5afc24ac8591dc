"""The state of a game of Of Knights and Ninjas (3-6 players, or the 2-player variation)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Self

from ninjadojo.engine import Frame, GameSpec, GameState, Rng
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.state import CardInfo
from ninjadojo.games.knights_and_ninjas import effects, evaluate, invariants, notation, render, rules, view, words
from ninjadojo.games.knights_and_ninjas import features as report_features
from ninjadojo.games.knights_and_ninjas import options as table_rules
from ninjadojo.games.knights_and_ninjas.cards import (
    CARD_ROWS,
    DUEL_START_GEMS,
    EXPANSION,
    HERALD_SHOWS,
    KINDS,
    START_GEMS,
    target_for,
)
from ninjadojo.games.knights_and_ninjas.encode import all_actions, canonical_text
from ninjadojo.games.knights_and_ninjas.rules import Payload

#: The rules in a few lines, as a client's ``rules`` command prints them (78 columns at most).
RULES = """\
3-6 players start with 5 gems and 4 cards. Whoever gains gems and then holds
the target (10, one less per reshuffle of the discards) wins at once, on any
turn.

On your turn draw two, then fortify, attack one rival, or play one special
action; or else discard a card.
- Fortify: a Castle keeps out common attacks without a Ladder, an Archer every
  attack but a Ninja or an Archer, a Minstrel every attack until your next
  turn.
- Attack one card at a time (Peasants together are a revolt) until gems move
  or you end. The defender responds or takes it: the difference of strengths
  moves. Ninja and Dragon are unique attacks (2 gems); Archer, Catapult and
  Ladder pre-attacks, played before any attack card, clear fortifications.
- Specials: Herald, Merchant and Monk are unstoppable.
After a common attack moves gems (and wins nothing), anyone may steal them
with a Highwayman.
A Jester stands for any living card.

2 players: 6 gems each, no Jester, Traitor or Highwayman. Draft 15 cards: the
poorer player (then the one with fewer cards) draws one, keeps it or gives it
away and draws again; after a keep the rival drafts; whoever takes the last
card begins the duel. Duel: no drawing; who cannot or will not play discards
(four or more cards) or calls a re-deal (three or fewer: fortifications go,
hands stay, a new draft). All 12 gems win. Herald: 2 shown; Merchant: 2 gems;
Monk: 2 gems or 3 cards; Minstrel: the rival discards 2 at once.
"""


#: The set the expansion cards need (:meth:`KnightsAndNinjasState.sets_in_play`): in play at 3-6 players.
EXPANSION_SET = "the expansions"


class KnightsAndNinjasState(GameState[Payload]):
    """A position: the draw pile, the discards, hands (counts per kind), gems and fortifications.

    ``forts[seat]`` is ``[castle, archer, minstrel]``: the card in each slot (a Jester where one
    stands in), or -1. ``pending`` holds the cards of the attack being answered; ``ladder_on`` the
    seat whose Castle has a Ladder against it this turn. With 2 players (``duel``) ``draft`` is the
    face-down draft pile, its top card (the last) seen by the seat drafting. ``known[seat]`` counts
    the cards every seat knows to be in that hand (taken by a Princess, returned by a Minstrel, shown to
    a Herald...): public knowledge, kept by determinisation. ``seen[observer][seat]`` counts the cards
    one seat alone (with the holder) knows to be in another's hand: a card it gave in a draft, cards a
    Merchant took from it or a Monk was paid by it (an empty list until the first such sighting).
    Private knowledge, so not in the notation or the views (a position read from notation knows none);
    determinisation for ``observer`` keeps them.
    """

    FEATURE_WORDS = report_features.WORDS

    SPEC = GameSpec(
        id="knights-and-ninjas",
        title="Of Knights and Ninjas",
        score_name="Gems",
        score_counted=False,
        min_players=2,
        max_players=6,
        options=(*table_rules.OPTIONS, *table_rules.SETUP),
        summary="Fortify, attack and respond until someone holds 10 gems (2 players: draft and duel for all 12).",
        rules=RULES,
    )

    duel: bool
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    sizes: list[int]
    gems: list[int]
    forts: list[list[int]]
    current: int
    target: int
    shuffles: int
    attack_target: int
    ladder_on: int
    pending: list[int]
    draft: list[int]
    known: list[list[int]]
    seen: list[list[list[int]]]

    # ------------------------------------------------------------------ set-up and copying

    def _init_fields(self) -> None:
        players = self.num_players
        self.duel = players == 2
        self.deck = []
        self.discard = []
        self.hands = [[0] * KINDS for _ in range(players)]
        self.sizes = [0] * players
        self.gems = [DUEL_START_GEMS if self.duel else START_GEMS] * players
        self.forts = [[-1, -1, -1] for _ in range(players)]
        self.current = 0
        self.target = target_for(self.duel, 0)
        self.shuffles = 0
        self.attack_target = -1
        self.ladder_on = -1
        self.pending = []
        self.draft = []
        self.known = [[0] * KINDS for _ in range(players)]
        self.seen = []  # built by the first private sighting: most games of 3-6 never need it

    def _setup(self) -> None:
        effects.start_game(self)

    def _copy_fields(self, other: Self) -> None:
        other.duel = self.duel
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.hands = [hand.copy() for hand in self.hands]
        other.sizes = self.sizes.copy()
        other.gems = self.gems.copy()
        other.forts = [slots.copy() for slots in self.forts]
        other.current = self.current
        other.target = self.target
        other.shuffles = self.shuffles
        other.attack_target = self.attack_target
        other.ladder_on = self.ladder_on
        other.pending = self.pending.copy()
        other.draft = self.draft.copy()
        other.known = [counts.copy() for counts in self.known]
        other.seen = [[counts.copy() for counts in row] for row in self.seen]

    # ------------------------------------------------------------------ facts

    @property
    def herald_shows(self) -> int:
        """How many cards each rival shows to a Herald."""
        return HERALD_SHOWS[self.duel]

    #: The parts :meth:`zone` reads: per seat (``seat`` needed) and shared.
    SEAT_ZONES = ("hands", "known", "forts")
    SHARED_ZONES = ("top", "discard", "draft", "pending")

    def zone(self, name: str, seat: int | None = None) -> str:
        """A part of the position as the builder (:func:`ninjadojo.games.knights_and_ninjas.builder.position`)
        takes it, card codes run together, hidden cards included (the true position, not a seat's view).

        Per seat (give ``seat``): ``hands`` (card order), ``known`` (the cards of its hand every seat
        knows of) and ``forts`` (castle, archer and minstrel slots, ``--`` when empty). Shared: ``top``
        (the draw pile, first drawn first), ``discard`` and ``draft`` (bottom first) and ``pending``
        (the cards of the attack being answered). The rest are plain fields: ``gems``, ``current``,
        ``target``, ``shuffles``, ``attack_target``, ``ladder_on`` and ``seen`` (counts per kind, see
        the class docs).

        >>> from ninjadojo.games.knights_and_ninjas.builder import position
        >>> game = position(3, hands=["qu", "pepepe", ""], top="sokn")
        >>> game.zone("hands", 1), game.zone("top")[:4]
        ('pepepe', 'sokn')

        Raises ValueError naming the parts (or the seats) there are.
        """
        if name in self.SEAT_ZONES:
            if type(seat) is not int or not 0 <= seat < self.num_players:
                raise ValueError(f"zone {name!r} is a seat's: give seat, from 0 to {self.num_players - 1}, "
                                 f"not {seat!r}")
            if name == "forts":
                return "".join("--" if card < 0 else notation.cards([card]) for card in self.forts[seat])
            return notation.hand_text((self.hands if name == "hands" else self.known)[seat])
        if name in self.SHARED_ZONES:
            if seat is not None:
                raise ValueError(f"zone {name!r} is shared: give no seat")
            piles = {"top": self.deck[::-1], "discard": self.discard, "draft": self.draft, "pending": self.pending}
            return notation.cards(piles[name])
        raise ValueError(f"no zone {name!r}: the zones are {', '.join(self.SEAT_ZONES)} (of a seat) and "
                         f"{', '.join(self.SHARED_ZONES)}")

    def rule(self, name: str) -> OptionValue:
        """The value of one of the game's options (a ruling a table may play the other way)."""
        try:
            return self.options[name]  # validated options hold every option: the fast path
        except KeyError:
            return table_rules.value(self.options, name)

    def rematch_options(self) -> dict[str, OptionValue]:
        """With 3 to 6 players the next game of a match begins with this game's winner ("The player who
        most recently won a game goes first": option ``first_seat``). Nothing with 2 players, where the
        poorer player drafts first, nor after a game stopped with no winner."""
        winners = list(self.result.winners) if self.result is not None else []
        if self.duel or len(winners) != 1:
            return {}
        return {table_rules.FIRST_SEAT: winners[0]}

    def target_now(self) -> int:
        """Gems that win now: 10 less one per reshuffle (at least 1); all 12 with 2 players."""
        return self.target

    # ------------------------------------------------------------------ hooks

    # The rules' own functions are the hooks (the state is their first argument), not wrappers calling
    # them: the engine calls both at every action of every playout.
    _legal = rules.legal
    _apply = effects.apply

    def _undo_safe(self, seat: int, frame: Frame, payload: Payload) -> bool:
        """Fortifying, ending or discarding, and the plain draft moves (:func:`effects.undo_safe`)."""
        return effects.undo_safe(self, frame, payload)

    def _resolve_simultaneous(self, frame: Frame, choices: dict[int, Payload]) -> None:
        if frame.kind == "highwayman":
            effects.resolve_window(self, frame, choices)
        elif frame.kind == "herald":
            effects.resolve_herald(self, choices)
        elif frame.kind == "monk":
            effects.resolve_monk(self, choices)
        else:
            raise AssertionError(f"{frame.kind} is not a simultaneous frame")

    @classmethod
    def _check_option_combination(cls, players: int, options: Mapping[str, OptionValue]) -> None:
        table_rules.check_combination(players, options)

    def _written_options(self) -> Mapping[str, OptionValue]:
        # An option at its default is not written: positions of the default rules read as before.
        return table_rules.written(super()._written_options())

    def _body_notation(self) -> str:
        return notation.body(self)

    def _parse_body(self, body: str) -> None:
        notation.parse_body(self, body)

    def _observe(self, seat: int | None) -> dict[str, JSONValue]:
        return view.observe(self, seat)

    def _render(self, seat: int | None) -> str:
        return render.render(self, seat)

    def _render_markup(self, seat: int | None) -> str:
        """The picture of :meth:`render` with rich console colours."""
        return render.render(self, seat, markup=True)

    def _prompt(self, seat: int, frame: Frame) -> str:
        return words.prompt(self, seat, frame)

    def _formality(self, seat: int, frame: Frame) -> bool:
        """A Highwayman's window asks everyone holding cards, so that being asked tells nothing: for a
        seat that can only pass, being asked is a formality."""
        if frame.kind != "highwayman":
            return False
        legal = self._legal_map(seat)
        return len(legal) == 1 and "pass" in legal

    def _label(self, seat: int, frame: Frame, action: str, payload: Payload) -> str | None:
        return words.label(self, seat, frame, action, payload)

    def _score_lines(self, player: int) -> list[str]:
        return words.score_lines(self, player)

    def _explain_illegal(self, seat: int, action: str) -> str | None:
        return view.explain_illegal(self, seat, action)

    def _canonical_action(self, seat: int, action: str) -> str | None:
        """Cards of a multi-card action in any order (``pay:kn.pe`` is ``pay:pe.kn``), and a single
        Peasant written without its count (``a1:pe`` is ``a1:pe1``)."""
        return canonical_text(action)

    @classmethod
    def _card_catalog(cls) -> list[CardInfo]:
        # The expansion cards (Jester, Traitor, Highwayman) need the set EXPANSION_SET, which the 2-player
        # variation leaves out (sets_in_play), so its rules and card list do not name them.
        return [CardInfo(row.code, row.name, row.short, row.text, needs=(EXPANSION_SET,) if EXPANSION[kind] else (),
                         variants=(("2-player", row.duel_short),) if row.duel_short else ())
                for kind, row in enumerate(CARD_ROWS)]

    @classmethod
    def sets_in_play(cls, options: Mapping[str, OptionValue], players: int | None = None) -> tuple[str, ...]:
        """The expansion cards (:data:`EXPANSION_SET`) but in the 2-player variation, which removes them from the
        deck (text: "Remove all the expansions from the deck")."""
        return () if players == 2 else (EXPANSION_SET,)

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(gems) for gems in self.gems)

    def _projected_scores(self) -> Sequence[float] | None:
        """Gems plus what each seat's cards and fortifications are worth in gems (:mod:`evaluate`)."""
        return evaluate.projected_scores(self)

    def _features(self) -> list[set[str]]:
        return report_features.features(self)

    @classmethod
    def _all_actions(cls, players: int, options: Mapping[str, OptionValue]) -> list[str]:
        return all_actions(players)

    # ------------------------------------------------------------------ determinisation

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Redeal what ``seat`` has not seen: the draw pile, the draft pile (but the top card it is
        looking at while drafting) and the other hands (but the cards everyone knows are there, and
        those ``seat`` alone knows are there).

        The sample is a function of the seat's information only: the unseen cards are pooled in card
        order (never in their true order) before the shuffle, and the places they go to (pile sizes,
        hand sizes, known cards) are public or the seat's own, so no sample can be inverted."""
        players = self.num_players
        seen_top = bool(self.frames) and self.frames[-1].kind == "draft" and seat in self.frames[-1].seats
        reserved = self.known
        if self.seen:
            reserved = [[max(public, private) for public, private in zip(self.known[other], self.seen[seat][other],
                                                                          strict=True)]
                        for other in range(players)]
        if self.result is not None:
            reserved = self.hands  # at the end every hand is shown to all: only the piles stay unseen
        pool = list(self.deck)
        pool += self.draft[:-1] if seen_top else self.draft
        for other in range(players):
            if other == seat:
                continue
            hand, keep = self.hands[other], reserved[other]
            for kind in range(KINDS):
                pool += [kind] * (hand[kind] - keep[kind])
        # The pool's order came from the true deck and hands: put it in card order first, or the
        # shuffle (a fixed permutation for a seed and size) could be undone to read them back.
        pool.sort()
        rng.shuffle(pool)
        self.deck = [pool.pop() for _ in range(len(self.deck))]
        kept_top = self.draft[-1:] if seen_top else []
        self.draft = [pool.pop() for _ in range(len(self.draft) - len(kept_top))] + kept_top
        for other in range(players):
            if other == seat:
                continue
            hand = reserved[other].copy()
            for _ in range(self.sizes[other] - sum(hand)):
                hand[pool.pop()] += 1
            self.hands[other] = hand
        assert not pool
        # What the other seats privately know of the redealt hands is not ``seat``'s to know (and no
        # longer true of them); what they know of ``seat``'s own hand, ``seat`` knows they know.
        for observer, row in enumerate(self.seen):
            if observer != seat:
                self.seen[observer] = [counts if other == seat else [0] * KINDS for other, counts in enumerate(row)]

    # ------------------------------------------------------------------ invariants

    def check_invariants(self) -> None:
        """Every law of a reachable position (see :mod:`invariants`); an ``AssertionError`` names the
        broken law."""
        invariants.check(self)
