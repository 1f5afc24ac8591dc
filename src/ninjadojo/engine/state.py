"""The state protocol every game implements and every driver uses.

A game is a subclass of :class:`GameState`. Drivers use only the public methods:

- ``Game.new(players, options, seed)``: set up a game (chance only from the seed);
- ``to_act()``, ``decision(seat)``, ``legal_actions(seat)``: who must decide what, and the choices;
- ``apply(seat, action)``: move on (an illegal action raises and changes nothing);
- ``observe(seat)`` / ``render(seat)``: what one seat (or a spectator, ``None``) may know;
- ``is_terminal``, ``result``: the end, scores and winners;
- ``clone()``, ``to_notation()`` / ``from_notation()``, ``to_save()`` / ``load_save()``;
- ``action_space()``, ``action_id()``, ``action_from_id()``: a fixed integer action space;
- ``determinize(seat, seed)``: a full state that differs only in what ``seat`` cannot know.

A game implements the ``_underscore`` hooks: set-up, legal moves as ``{notation: payload}``,
applying a payload, resolving simultaneous frames, its view, and the body of its position notation.
Actions are their own notation: a short string such as ``d`` or ``s2.1``; the game maps it to a
payload (whatever it needs to apply the move) when it lists legal moves, so applying a legal action
never parses text.
"""

from __future__ import annotations

import functools
import json
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar, Generic, NoReturn, Self, TypeVar

from ninjadojo.engine import free as free_rules
from ninjadojo.engine.errors import (
    DojoError,
    GameOverError,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    OptionError,
    SaveError,
    SeatError,
    cap,
    quote,
)
from ninjadojo.engine.frames import Frame
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import Option, OptionValue, options_text, parse_option_texts, validate_options
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.values import (
    EVERYONE,
    GONE_LOOK,
    ActionSpace,
    CardInfo,
    Decision,
    Event,
    GameSpec,
    Record,
    Result,
)
from ninjadojo.engine.words import plural

__all__ = [
    "ERROR_LIMIT", "EVERYONE", "MAX_LENGTH_OPTION", "SAVE_FORMAT", "SAVE_VERSION", "SEED_LIMIT", "ActionSpace",
    "CardInfo", "Decision", "Event", "GameSpec", "GameState", "Record", "Result", "check_seed",
]

PayloadT = TypeVar("PayloadT")

SAVE_FORMAT = "ninjadojo-save"
SAVE_VERSION = 1

#: Seeds are 64-bit: the random stream takes them as they are, so saves record what was used.
SEED_LIMIT = 1 << 64

#: The longest error message a parser gives (a message quotes input, and input can be a page long).
ERROR_LIMIT = 300

#: The option every game has: the most actions a game may last before it stops with no winner.
MAX_LENGTH_OPTION = "max_length"



_MISSING = object()
#: The undo flag (``_undoable``) of an action applied before any driver asked about undo: not worked out
#: yet (the undo check does it when asked).
UNDO_UNKNOWN = 2
#: ``tuple.__new__``: makes a named tuple (an :class:`Event`) from a tuple of its fields at C speed.
_new_tuple = tuple.__new__


class GameState(ABC, Generic[PayloadT]):
    """Base class of every game's state. See the module docstring for the protocol."""

    SPEC: ClassVar[GameSpec]
    #: True when :meth:`_legal` hands out maps shared between positions and never changed once made (a
    #: table of them, by hand or stage, as Ninja Trap keeps): a driver may then remember what it works
    #: out from one (an action mask) by the map's identity. False: a map may be new at every call.
    LEGAL_SHARED: ClassVar[bool] = False
    #: What a seat's features (:meth:`features`) are, as a designers' report says it: "the seats that
    #: {FEATURE_WORDS}" against those that did not.
    FEATURE_WORDS: ClassVar[str] = "played or held a card"
    _action_spaces: ClassVar[dict[tuple[int, str], ActionSpace]]

    num_players: int
    #: Read-only (a bot editing its sample's options must not change the real game).
    options: Mapping[str, OptionValue]
    rng: Rng
    frames: list[Frame]
    record: Record
    events: list[Event]
    ply: int
    result: Result | None
    _legal_cache: dict[int, dict[str, PayloadT]]
    #: Indexes in ``events`` of the one-time looks still showing (kept so ``apply`` need not scan).
    _looks: list[int]
    #: Per action of ``record.actions``, 1 if all that action led to was determined by what its seat
    #: knew when it chose (see :meth:`_undo_safe`), 0 if not, :data:`UNDO_UNKNOWN` if it was applied
    #: before any driver asked about undo: the engine's undo check reads it, working out an unknown one
    #: then (:mod:`ninjadojo.engine.undo`).
    _undoable: bytearray
    #: Once a driver has asked about undo (``None`` until then, and in clones, samples and pickles): per
    #: seat, the index of its last action if the game vouched for it, and the game just before it (see
    #: :meth:`_undo_point`), so that taking it back replays nothing (:func:`ninjadojo.engine.undo.undo`).
    _undo_points: dict[int, UndoPoint] | None
    #: Whether the log is kept (on unless a driver turns it off: see :meth:`quiet`).
    logging: bool
    #: The ``max_length`` option's value (read once: the options never change).
    _limit: int

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._action_spaces = {}

    # ------------------------------------------------------------------ construction

    @classmethod
    def check_players(cls, players: int) -> None:
        """Raise :class:`OptionError` unless ``players`` is allowed for this game."""
        spec = cls.SPEC
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"{spec.id}: the number of players must be a whole number, not {quote(players)}")
        if not spec.min_players <= players <= spec.max_players:
            raise OptionError(
                f"{spec.id} is for {spec.min_players} to {spec.max_players} players, not {quote(players)}"
            )

    @classmethod
    def option_specs(cls) -> tuple[Option, ...]:
        """Every option of the game: its own, then ``max_length``, which the engine gives every game."""
        return (*cls.SPEC.options,
                Option(MAX_LENGTH_OPTION, cls.SPEC.max_length,
                       "actions after which the game stops with no winner (so that no game can go on for ever)",
                       minimum=1, maximum=10_000_000))

    @classmethod
    def validate_options(cls, players: int, options: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """All options with defaults filled in, after checking the given ones and the player count."""
        cls.check_players(players)
        specs = cls.option_specs()
        values = validate_options(cls.SPEC.id, specs, options)
        for spec in specs:
            value = values[spec.name]
            if spec.seat and isinstance(value, int) and value >= players:
                raise OptionError(f"{cls.SPEC.id}: option {spec.name} is seat {value}, but a game of {players} "
                                  f"players has seats 0 to {players - 1}")
        cls._check_option_combination(players, values)
        return values

    @classmethod
    def _check_option_combination(cls, players: int, options: Mapping[str, OptionValue]) -> None:
        """Games override to reject combinations of options (raise :class:`OptionError`)."""

    @classmethod
    def new(cls, players: int, options: Mapping[str, object] | None = None, seed: int = 0) -> Self:
        """Set up a new game. Chance comes only from ``seed``."""
        values = cls.validate_options(players, options)
        check_seed(seed)
        state = cls._blank(players, values, Rng(seed))
        state.record = Record(cls.SPEC.id, players, dict(values), seed)
        state._setup()
        return state

    @classmethod
    def _blank(cls, players: int, options: dict[str, OptionValue], rng: Rng) -> Self:
        state = cls.__new__(cls)
        state.num_players = players
        state.options = MappingProxyType(dict(options))
        state.rng = rng
        state.frames = []
        state.record = Record(cls.SPEC.id, players, dict(options), None)
        state.events = []
        state.ply = 0
        state.result = None
        state._legal_cache = {}
        state._looks = []
        state._undoable = bytearray()
        state._undo_points = None
        state.logging = True
        state._limit = state._max_length()
        state._init_fields()
        return state

    # ------------------------------------------------------------------ hooks for games

    @abstractmethod
    def _init_fields(self) -> None:
        """Create the game's own fields (empty); called before set-up and before parsing a position."""

    @abstractmethod
    def _setup(self) -> None:
        """Deal and prepare the first decision (push the first frame)."""

    @abstractmethod
    def _legal(self, seat: int, frame: Frame) -> dict[str, PayloadT]:
        """Legal actions of ``seat`` in ``frame`` as ``{notation: payload}``, in a stable order."""

    @abstractmethod
    def _apply(self, seat: int, frame: Frame, payload: PayloadT) -> None:
        """Carry out a legal action of a non-simultaneous frame (the frame is still on the stack)."""

    def _resolve_simultaneous(self, frame: Frame, choices: dict[int, PayloadT]) -> None:
        """Resolve a simultaneous frame (already popped) once every seat has submitted."""
        raise NotImplementedError(f"{self.SPEC.id} has no simultaneous frames")

    @abstractmethod
    def _copy_fields(self, other: Self) -> None:
        """Copy the game's own fields from ``self`` into the blank ``other`` (deeply enough)."""

    @abstractmethod
    def _body_notation(self) -> str:
        """The game-specific part of the position notation (all of the position, hidden parts too)."""

    @abstractmethod
    def _parse_body(self, body: str) -> None:
        """Fill the game's fields from :meth:`_body_notation` text; raise ValueError if malformed."""

    @abstractmethod
    def _observe(self, seat: int | None) -> dict[str, JSONValue]:
        """The game-specific part of a seat's view (JSON-safe, nothing that seat may not know)."""

    @abstractmethod
    def _render(self, seat: int | None) -> str:
        """A text picture of the position as ``seat`` sees it."""

    @abstractmethod
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Redeal, in this clone, everything ``seat`` cannot know, consistently with what it has seen."""

    def _determinize_modelled(self, seat: int, rng: Rng) -> None:
        """:meth:`_determinize`, drawing the likely deals more often by the game's model of how players
        play (see :meth:`determinize`). The default has no model: every consistent deal alike."""
        self._determinize(seat, rng)

    def _determinize_remembering(self, seat: int, rng: Rng, memory: Sequence[JSONValue]) -> None:
        """:meth:`_determinize`, keeping also what ``seat`` remembers (its :meth:`memo` notes).

        Games whose views hide something a seat did (Ninja Trap hides a seat's own traps from it)
        override this; a note that no longer fits the position (a trap since flipped) is ignored, never
        trusted to break a law. The default has nothing to remember.
        """
        self._determinize(seat, rng)

    def _memo(self, seat: int, action: str) -> JSONValue:
        """What ``seat`` learns by taking ``action`` now that its view will not show later (see :meth:`memo`)."""
        return None

    def _recollection(self, seat: int) -> list[JSONValue]:
        """The :meth:`memo` notes a careful player at ``seat`` holds in this position (:meth:`recollection`)."""
        return []

    def _remembered(self, seat: int) -> Hashable | None:
        """What ``seat`` would remember now that its view does not show (see :meth:`remembered`)."""
        return None

    def _projected_scores(self) -> Sequence[float] | None:
        """Each seat's expected final score from this full position, or ``None`` for :meth:`scores` (see
        :meth:`projected_scores`). Games override, in their package's ``evaluate`` module."""
        return None

    def _features(self) -> Sequence[Iterable[str]] | None:
        """Each seat's features (see :meth:`features`), or ``None`` for a game that has none. Games
        override, in their package's ``features`` module."""
        return None

    @classmethod
    @abstractmethod
    def _all_actions(cls, players: int, options: Mapping[str, OptionValue]) -> list[str]:
        """Every action text that can ever be legal for these players and options (no duplicates)."""

    def _prompt(self, seat: int, frame: Frame) -> str:
        """A human prompt for ``frame``; games override for better words."""
        return frame.kind.replace("-", " ")

    def _formality(self, seat: int, frame: Frame) -> bool:
        """Whether ``seat`` is asked in ``frame`` only as a formality, with no choice (see
        :attr:`Decision.formality`); games override. ``False`` by default."""
        return False

    def _confirm(self, seat: int, frame: Frame) -> bool:
        """Whether ``seat``'s decision in ``frame`` is one a driver never answers for the player, even with one
        choice (see :attr:`Decision.confirm`); games override. ``False`` by default."""
        return False

    def _label(self, seat: int, frame: Frame, action: str, payload: PayloadT) -> str | None:
        """Words for ``seat``'s legal ``action`` in ``frame`` ("Steal secret 1 of P2", "Fortify with a
        Castle"), or ``None`` to show the action's text. Games override: front ends show these words and
        never the notation. Seats are named ``P<n>`` (drivers put the table's names in, see
        :func:`ninjadojo.table.names.with_names`)."""
        return None

    def _label_detail(self, seat: int, frame: Frame, action: str, payload: PayloadT) -> str | None:
        """What tells ``action`` apart, for ``seat``, from a choice whose words (:meth:`_label`) are the
        same: asked only of such choices (two copies of a card in hand), and used where it differs between
        them ("P2 knows you have it"). ``None`` by default: alike choices are then numbered as copies."""
        return None

    def _free(self, seat: int) -> dict[str, PayloadT]:
        """``seat``'s free actions now as ``{notation: payload}`` (see :meth:`free_actions`): none by default.

        Called only while the game goes on. What a game offers here may depend on the frame on top, as
        ``waiting_for`` does, but on nothing else hidden from ``seat``: while a concealed frame is open,
        drivers hold the seats not asked (they show them the position before it, as the server's hold
        does), and a seat asked in it should be offered nothing that the others would see it take."""
        return {}

    def _apply_free(self, seat: int, payload: PayloadT) -> None:
        """Carry out ``seat``'s free action (the frames stay as they are; see :meth:`free_actions`)."""
        raise NotImplementedError(f"{self.SPEC.id} has no free actions")

    def _explain_free(self, seat: int, action: str) -> str | None:
        """Why ``action``, written as one of the game's free actions, is not one for ``seat`` now (asked of
        a seat with no decision to make, to say more than that), or ``None``."""
        return None

    def _free_label(self, seat: int, action: str, payload: PayloadT) -> str | None:
        """Words for ``seat``'s free ``action`` (as :meth:`_label`), or ``None`` to show its text."""
        return None

    def _score_lines(self, player: int) -> list[str]:
        """At the end of a game, how ``player``'s score is counted, line by line as the rulebook counts
        it ("Katana (treasure): 6", "Total: 21"); empty when a game has no breakdown to give."""
        return []

    def _explain_illegal(self, seat: int, action: str) -> str | None:
        """Games may say why ``action`` is illegal (e.g. 'that card is not in your hand')."""
        return None

    def _canonical_action(self, seat: int, action: str) -> str | None:
        """The canonical text of an action written another way, or ``None``.

        Called only for a text that is not a legal action as written: a game whose actions list
        several cards returns the same cards in its canonical order (``x:so.pe`` -> ``x:pe.so``), so
        that people may write them in any order while records and outputs hold one form.
        """
        return None

    def _undo_safe(self, seat: int, frame: Frame, payload: PayloadT) -> bool:
        """Whether all that ``seat``'s legal action ``payload`` in ``frame`` (on top, not simultaneous)
        leads to, up to the next decision, is determined by what ``seat`` knows now, so that taking it
        back teaches the seat nothing: no card drawn, turned up or looked at that it has not seen, no
        other seat's hidden choice resolved, no check (a win check, a trap, a window offered in secret)
        whose outcome depends on a card hidden from it. The engine refuses after an action that moved
        the random stream (a shuffle, a random card), so an action that may use it can be vouched for only
        if whether it does is foreseeable too (a deck's size is public, its order is not).

        Called before the action is carried out. The answer must be a function of ``seat``'s
        information only (public facts and its own cards, never a hidden card), or a refused undo would
        itself tell something. Games override it for the actions they can vouch for; ``False`` (the
        default) refuses, which is always safe: the engine allows an undo only after an action vouched
        for (:mod:`ninjadojo.engine.undo`).
        """
        return False

    def _reconceal(self, frame: Frame, seat: int) -> None:
        """In a determinised sample for ``seat``, re-derive who a concealed ``frame`` asks.

        Who a concealed window asks depends on hidden cards. After the redeal, a game with concealed
        frames sets ``frame.seats`` to the seats the sample's own cards would have it ask (keeping
        ``seat`` if it was asked: it knows that), in the game's fair order. The default keeps the
        frame as it is, which is right only for a game with no concealed frames.
        """

    @classmethod
    def _card_catalog(cls) -> list[CardInfo]:
        """Games list their kinds of card here (see :meth:`card_catalog`)."""
        return []

    @classmethod
    def sets_in_play(cls, options: Mapping[str, OptionValue], players: int | None = None) -> tuple[str, ...]:
        """The sets (expansions) a game of ``players`` with ``options`` plays with: a catalogue card is in the
        game when each set its ``needs`` names is one of them. A game without expansions has none; a game
        whose sets depend on the player count (Of Knights and Ninjas' 2-player variation plays without its
        expansion cards) gives every set it may play with when ``players`` is not known."""
        return ()

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the position breaks a law of the game (cards conserved...).

        Games override; the property tests call it after every action of random playouts.
        """

    def _scores(self) -> tuple[float, ...]:
        """Current scores (points) per seat; games override."""
        return tuple(0.0 for _ in range(self.num_players))

    # ------------------------------------------------------------------ public API

    @property
    def game_id(self) -> str:
        """The game's id, e.g. ``ninjitsu``."""
        return self.SPEC.id

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.result is not None

    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now (several in a simultaneous frame; none when over).

        Drivers must not show this list for a concealed frame to anyone but the seats in it: use
        :meth:`observe`, which never tells who was asked.
        """
        if self.result is not None or not self.frames:
            return ()
        return tuple(self.frames[-1].seats)

    def public_waiting(self) -> tuple[int, ...]:
        """Who everyone may see being waited for (every view's ``waiting_for``): a concealed frame's
        seats are never named, and a simultaneous frame names all its seats, chosen or not."""
        return self._public_waiting()

    def decision(self, seat: int) -> Decision | None:
        """What ``seat`` must decide now, or ``None`` if it has nothing to decide."""
        self._check_seat(seat)
        if self.result is not None or not self.frames:
            return None
        frame = self.frames[-1]
        if seat not in frame.seats:
            return None
        events = self.events
        looking = any(events[index].shown_to(seat) for index in self._looks)
        return Decision(seat, frame.kind, self._prompt(seat, frame), frame.simultaneous, frame.concealed, looking,
                        self._formality(seat, frame), self._confirm(seat, frame))

    def label(self, seat: int, action: str) -> str:
        """Words for one of ``seat``'s legal actions, for players (the notation stays the action's text).

        Raises :class:`IllegalActionError` if ``action`` is not legal for ``seat`` now.
        """
        self._check_seat(seat)
        found = self._lookup(seat, action) if isinstance(action, str) else None
        if found is None:
            raise IllegalActionError(seat, action, "it is not a legal action now", list(self._legal_map(seat)),
                                     explained=False)
        return self.labels(seat)[found]

    def labels(self, seat: int) -> dict[str, str]:
        """Every legal action of ``seat`` (in :meth:`legal_actions` order) with its words (:meth:`label`).

        Two choices never read the same: where a game's words match (two copies of one card, alike but
        for their notation), what tells them apart for this seat is added where the game knows it
        (:meth:`_label_detail`: ``Play Katana as a secret (P2 knows you have it)``), and choices still
        alike are numbered in order (``Play Katana as a treasure (copy 2)``,
        ``... (no one else knows you have it, copy 2)``). After a seat's name the detail follows a dash
        (``Pass Tripwire to P1 — no one else knows you have it``), since a bracket there reads as being
        about the seat."""
        self._check_seat(seat)
        legal = self._legal_map(seat)
        if not legal:
            return {}
        frame = self.frames[-1]
        words = {action: self._label(seat, frame, action, payload) or action for action, payload in legal.items()}
        if len(set(words.values())) == len(words):
            return words
        groups: dict[str, list[str]] = {}
        for action, text in words.items():
            groups.setdefault(text, []).append(action)
        for text, actions in groups.items():
            if len(actions) == 1:
                continue
            # The game's details, where they differ within the group; choices still alike are numbered.
            details = [self._label_detail(seat, frame, action, legal[action]) or None for action in actions]
            if len(set(details)) == 1:
                details = [None] * len(actions)
            alike = Counter(details)
            seen: Counter[str | None] = Counter()
            for action, detail in zip(actions, details, strict=True):
                parts = [detail] if detail else []
                if alike[detail] > 1:
                    seen[detail] += 1
                    parts.append(f"copy {seen[detail]}")
                if parts:
                    # After a seat's name a bracket would read as about the seat ("to P1 (hard bot, no one
                    # else knows you have it)" once a front end names the bot), so a dash sets it apart there.
                    if _ENDS_WITH_SEAT.search(text):
                        words[action] = f"{text} \N{EM DASH} {', '.join(parts)}"
                    elif text.endswith(")") and "(" in text:
                        # Into the game's own closing bracket: "(it would do nothing now, copy 1)", not two.
                        words[action] = f"{text[:-1]}, {', '.join(parts)})"
                    else:
                        words[action] = f"{text} ({', '.join(parts)})"
        return words

    def out_words(self, seat: int) -> str | None:
        """Why ``seat`` takes no more part in a game still going on, said to that seat ("your ninja took 3
        hits and is out of the game"); ``None`` while it plays (always, in a game where nobody leaves play before the
        end). Drivers tell a human once, rather than let the rest of the game go by unexplained."""
        self._check_seat(seat)
        return None

    def score_lines(self) -> list[list[str]]:
        """At the end of the game, each seat's score counted line by line (:meth:`_score_lines`); empty
        lists before the end."""
        if self.result is None:
            return [[] for _ in range(self.num_players)]
        return [self._score_lines(player) for player in range(self.num_players)]

    def legal_actions(self, seat: int) -> list[str]:
        """The action texts ``seat`` may apply now (empty if it has nothing to decide)."""
        if type(seat) is not int or not 0 <= seat < self.num_players:
            self._check_seat(seat)
        legal = self._legal_cache.get(seat)
        if legal is None:
            # _legal_map written out: every driver's loop asks this once an action.
            frames = self.frames
            if self.result is not None or not frames or seat not in frames[-1].seats:
                legal = {}
            else:
                legal = self._legal(seat, frames[-1])
            self._legal_cache[seat] = legal
        return list(legal)

    def is_legal(self, seat: int, action: str) -> bool:
        """Whether ``seat`` may apply ``action`` now (also when written in another accepted form)."""
        self._check_seat(seat)
        if not isinstance(action, str):
            raise IllegalActionError(seat, action, f"an action is text, not {type(action).__name__}")
        return self._lookup(seat, action) is not None

    def canonical(self, seat: int, action: str) -> str | None:
        """The legal action ``action`` names for ``seat`` in its canonical form, or ``None``.

        ``x:so.pe`` and ``x:pe.so`` name the same action; records and outputs use one of them.
        """
        self._check_seat(seat)
        if not isinstance(action, str):
            return None
        return self._lookup(seat, action)

    def _lookup(self, seat: int, action: str) -> str | None:
        return self._named_in(seat, action, self._legal_map(seat))

    def _named_in(self, seat: int, action: str, choices: Mapping[str, object]) -> str | None:
        """The action of ``choices`` that ``action`` names, as written or written another way (the game's
        canonical form: ``x:pe.so`` for ``x:so.pe``), or ``None``."""
        if action in choices:
            return action
        if not choices or len(action) > 200:
            return None
        other = self._canonical_action(seat, action)
        return other if other is not None and other in choices else None

    def free_actions(self, seat: int) -> list[str]:
        """The free actions ``seat`` may take now, whoever is to act: moves the rules allow "at any time"
        at no cost (Ninjitsu!'s rearranging of one's own secrets, between actions), outside the decisions
        (:mod:`ninjadojo.engine.free`). Never among :meth:`legal_actions`; :meth:`apply` takes them from any
        seat while the game offers them, and the decision waiting stays where it is. Empty once over."""
        return list(free_rules.free_map(self, seat))

    def free_labels(self, seat: int) -> dict[str, str]:
        """Every action of :meth:`free_actions` with its words (as :meth:`labels` for decisions)."""
        return free_rules.free_labels(self, seat)

    def gives_up(self, seat: int, action: str) -> bool:
        """Whether ``action`` would take ``seat`` out of the rest of the game while another action is open to it
        (Ninja Camp's pass for good): a move a player never makes by a slip (the ``careless`` bot's random
        mistakes leave it out). Most games have none: ``False``."""
        return self._gives_up(seat, action)

    def _gives_up(self, seat: int, action: str) -> bool:
        """The game's answer to :meth:`gives_up` (default: no action gives up)."""
        return False

    def is_free(self, seat: int, action: str) -> bool:
        """Whether :meth:`apply` would take ``action`` of ``seat`` now as a free action, not as a decision."""
        return free_rules.is_free(self, seat, action)

    @classmethod
    def card_catalog(cls) -> list[CardInfo]:
        """Every kind of card of the game (for a client's card list and ``help CARD``)."""
        return cls._card_catalog()

    def undo_check(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now, or ``None`` when it may: the engine's undo
        policy, the same for every game (:mod:`ninjadojo.engine.undo`): nobody has acted since, and all
        the action led to was determined by what the seat knew (no card seen, no random outcome, no
        hidden choice resolved, no check on a hidden card). Cheap: it replays nothing."""
        from ninjadojo.engine.undo import undo_check

        return undo_check(self, seat)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action (the position becomes exactly what it was before it); raises
        :class:`ninjadojo.engine.undo.UndoError` saying why when :meth:`undo_check` refuses."""
        from ninjadojo.engine.undo import undo

        undo(self, seat)

    def may_conceal(self) -> bool:
        """Whether a seat may answer another's action in secret in this game (a concealed frame can open):
        drivers then keep their timing and their undo answers the same whether or not anyone was asked."""
        return self._hidden_answers_possible()

    def window_moments(self) -> int:
        """How many moments so far at which a concealed frame could have opened: a count everyone may know
        (it never depends on whether anyone could answer), so that a driver holding the next states after
        an action (to hide whether anyone was asked) need hold them only when the action moved it on.

        A game that counts its moments overrides this (Ninjitsu!: every moment an "any time" card is
        about). By default every action is one where :meth:`may_conceal` says a frame can open, else none.
        """
        return len(self.record.actions) if self.may_conceal() else 0

    def _hidden_answers_possible(self) -> bool:
        """Whether a seat may answer another's action in secret (a concealed frame can open), so that an
        undo refused because someone acted since would tell that someone was asked. Games with
        concealed frames say when they can occur (Ninjitsu!: with the Promo Pack's "any time" cards); by
        default a game that re-derives concealed frames in its samples (it overrides ``_reconceal``) may
        open one at any time."""
        return type(self)._reconceal is not GameState._reconceal

    def rematch_options(self) -> dict[str, OptionValue]:
        """Options that carry this game's set-up into the next game of a match (a rematch), beyond the
        options it was played with: e.g. Ninjitsu!'s Elements, which players may keep between games.
        Empty by default; drivers add them to the next game's options when a table plays again."""
        return {}

    def apply(self, seat: int, action: str) -> None:
        """Apply ``seat``'s action. An illegal or malformed one raises and changes nothing."""
        frames = self.frames
        frame = frames[-1] if frames and self.result is None else None
        # The common case first, in as few steps as the hot loop of every search and simulation allows:
        # ``type(seat) is int`` also refuses True (== 1) and int subclasses, so a record never holds `true`.
        if frame is None or type(seat) is not int or seat not in frame.seats:
            if frame is not None and type(action) is str and free_rules.take_free(self, seat, action):
                return
            self._refuse_seat(seat, action, frame)
        legal = self._legal_cache.get(seat)
        if legal is None:
            legal = self._legal_map(seat)
        payload = legal.get(action, _MISSING) if type(action) is str else _MISSING
        if payload is _MISSING:
            canonical = self._lookup(seat, action) if isinstance(action, str) else None
            if canonical is None and type(action) is str and free_rules.take_free(self, seat, action):
                return
            if canonical is None:
                # The reason is capped by the error: a game's explanation may quote the action.
                reason = self._explain_illegal(seat, action) if isinstance(action, str) else None
                decision = self._prompt(seat, frame)
                raise IllegalActionError(seat, action, reason or f"it is not a legal choice for: {decision}",
                                         list(legal), explained=reason is not None)
            action, payload = canonical, legal[canonical]
        # Whether the action may be taken back (its flag in ``_undoable``) is worked out only once a
        # driver has asked about undo (``_undo_points``): simulations and searches, which never ask, do
        # not pay for it, and the undo check works it out, for an action applied before anyone asked, by
        # replaying the record up to it (:func:`ninjadojo.engine.undo.undo_check`).
        points = self._undo_points
        if points is None:
            flag = UNDO_UNKNOWN
        else:
            # A submission others still wait on changes nothing but that it is in; the last one resolves
            # the frame with every seat's hidden choice. Other frames: the game vouches (or not).
            undoable = (len(frame.seats) > 1 if frame.simultaneous
                        else self._undo_safe(seat, frame, payload))  # type: ignore[arg-type]
            flag = 0
            stream = self.rng.state
            before = self._undo_point() if undoable else None
        self._legal_cache = {}
        if self._looks:
            self._expire_looks(seat, hidden=frame.simultaneous or frame.concealed)
        self.record.actions.append((seat, action))
        self._undoable.append(flag)
        self.ply += 1
        public = False
        try:
            if frame.simultaneous:
                public = self._carry_out(seat, frame, action, payload)
            else:
                # _carry_out's other case written out: a call less on every action of every game.
                self._apply(seat, frame, payload)  # type: ignore[arg-type]
                public = not frame.concealed
        finally:
            # The stop comes only after an action everyone sees: stopping on a hidden submission or a
            # concealed answer would tell the others that someone had just chosen in secret.
            if public and self.ply >= self._limit and self.result is None:
                self._stop_at_max_length()
        if points is None:
            return  # nobody has asked about undo: nothing to keep (``stream`` and ``before`` were not taken)
        if undoable and self.rng.state == stream:
            self._undoable[-1] = 1
            if before is not None:
                points[seat] = before
                return
        points.pop(seat, None)

    def _refuse_seat(self, seat: int, action: str, frame: Frame | None) -> NoReturn:
        """Raise the error for an action by a seat that may not act now (or when nobody may)."""
        if frame is None:
            raise GameOverError(seat, action, "the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise NotYourTurnError(seat, action, f"there is no seat {quote(seat)} in a {self.num_players}-player game; "
                                                 f"seats are 0 to {self.num_players - 1}")
        if frame.simultaneous and seat in frame.submitted:
            # Naming the seats still to choose would tell who already has: say nothing of them.
            raise NotYourTurnError(seat, action, f"seat {seat} has already chosen; waiting for the others")
        # A simultaneous frame shows all its participants, never who has chosen already.
        pending = frame.participants() if frame.simultaneous else frame.seats
        waiting = "" if frame.concealed else f" (waiting for seat {', '.join(map(str, pending))})"
        if frame.concealed:
            # Nothing more (the game's reason, the free actions): what is said could tell that one is open.
            raise NotYourTurnError(seat, action, f"seat {seat} has no decision to make now")
        reason = self._explain_free(seat, action) if isinstance(action, str) else None
        if reason is not None:
            # A free action written wrong (positions it does not have): the game says what is wrong.
            raise IllegalActionError(seat, action, reason, self.free_actions(seat))
        free = self.free_actions(seat)
        if free:
            shown = ", ".join(free[:6]) + (f" and {len(free) - 6} more" if len(free) > 6 else "")
            waiting += f"; what it may do at any time: {shown}"
        raise NotYourTurnError(seat, action, f"seat {seat} has no decision to make now{waiting}")

    def _undo_point(self) -> UndoPoint:
        """The game as it is now, kept to take back the action about to be applied: a copy without its
        history (record, flags and log, which only grow: at the undo they are the live game's, cut back),
        so that keeping it costs the same however long the game, plus the one-time looks still showing
        (an action may mark them gone)."""
        record, undoable, events = self.record, self._undoable, self.events
        self.record = Record(record.game, record.players, record.options, record.seed, record.start)
        self._undoable, self.events = bytearray(), []
        try:
            light = self.clone()
        finally:
            self.record, self._undoable, self.events = record, undoable, events
        looks = tuple((index, events[index]) for index in self._looks)
        return UndoPoint(len(record.actions), light, len(events), looks)

    def _carry_out(self, seat: int, frame: Frame, action: str, payload: object) -> bool:
        """Apply a validated action; whether everyone could see that an action was taken."""
        if frame.simultaneous:
            frame.submitted[seat] = action
            frame.seats.remove(seat)
            if frame.seats:
                return False
            submitted = frame.submitted
            # Recompute each seat's options on the unchanged position, in seat order, so that the
            # order of submission cannot matter.
            frame.seats = sorted(submitted)
            choices: dict[int, PayloadT] = {}
            for each in frame.seats:
                choices[each] = self._legal(each, frame)[submitted[each]]
            self.frames.pop()
            self._resolve_simultaneous(frame, choices)
            return True
        self._apply(seat, frame, payload)  # type: ignore[arg-type]
        return not frame.concealed

    def _max_length(self) -> int:
        value = self.options.get(MAX_LENGTH_OPTION, self.SPEC.max_length)
        return value if isinstance(value, int) else self.SPEC.max_length

    def _stop_at_max_length(self) -> None:
        """End a game that reached ``max_length`` actions: no winner, the points as they stand.

        It stops at the first action everyone sees from the limit on, so it may run a few actions past it.
        """
        limit = self._max_length()
        # Past the limit, say by how much and why: a player counting the actions would see the difference.
        after = "" if self.ply <= limit else f", after {self.ply}: it stops only after an action everyone sees"
        self.result = Result(self._scores(), (), f"the game was stopped at its maximum length of "
                                                 f"{plural(limit, 'action')} (option max_length){after}; nobody wins",
                             truncated=True)
        self.frames.clear()
        self.log(self.result.reason)

    def _expire_looks(self, seat: int, hidden: bool) -> None:
        """Before ``seat``'s action: one-time looks that ``seat`` sees expire, and every look expires if
        the action is one everyone sees (``hidden`` is false)."""
        keep: list[int] = []
        for index in self._looks:
            event = self.events[index]
            if not hidden:
                self.events[index] = event._replace(gone_for=EVERYONE)
                continue
            if event.visible_to(seat):
                # Gone for the seat that acted, and only for it: the others did not see it act.
                event = event._replace(gone_for=event.gone_for | 1 << seat)
                self.events[index] = event
            if event.mask == EVERYONE or event.mask & ~event.gone_for:
                keep.append(index)
            else:
                self.events[index] = event._replace(gone_for=EVERYONE)
        self._looks = keep

    def quiet(self) -> Self:
        """Keep no log from now on (returns the game itself): for a driver that never reads it, such as a
        random playout, a search's rollout or a simulation that keeps only results. Rules never read
        the log, so the game plays exactly the same; only the views' ``log`` (and one-time looks) miss
        what happens from here. Clones of a quiet game are quiet too (its samples keep a log: a search
        reads it); set :attr:`logging` back to ``True`` to keep the log again."""
        self.logging = False
        return self

    def observe(self, seat: int | None = None, *, log: bool = True) -> dict[str, JSONValue]:
        """What ``seat`` may know (``None``: a spectator), as a JSON-safe dict.

        Common keys: game, players, seat, waiting_for (public), you_act, decision, result, log;
        the game adds its own (hands, collections...). The action count is left out on purpose: hidden
        answers in a concealed window and hidden simultaneous choices would show in it.

        ``log=False`` leaves the log out (a driver that keeps each seat's log itself, line by line as it
        grows, saves building it whole at every change: see ``ninjadojo.server.views``).
        """
        self._check_seat(seat, spectator=True)
        view: dict[str, JSONValue] = {
            "game": self.SPEC.id,
            "players": self.num_players,
            "seat": seat,
            "waiting_for": list(self._public_waiting()),
        }
        decision = self.decision(seat) if seat is not None else None
        view["you_act"] = decision is not None
        view["decision"] = (
            None if decision is None else {"kind": decision.kind, "prompt": decision.prompt,
                                           "simultaneous": decision.simultaneous}
        )
        if seat is not None and self.frames and self.frames[-1].simultaneous:
            view["submitted"] = seat in self.frames[-1].submitted
        view["result"] = None if self.result is None else self.result.to_json()
        if log:
            # A look gone for the seat leaves a line saying so in its place (Event.seen_line).
            view["log"] = [event.seen_line(seat) for event in self.events if event.visible_to(seat)]
        if self.result is not None:
            # The final count, line by line, is public once the game is over.
            view["score_lines"] = self.score_lines()  # type: ignore[assignment]
            view["score_name"] = self.SPEC.score_name
        view.update(self._observe(seat))
        return view

    def render(self, seat: int | None = None) -> str:
        """A text picture of the game as ``seat`` sees it."""
        self._check_seat(seat, spectator=True)
        return self._render(seat)

    def render_markup(self, seat: int | None = None) -> str | None:
        """The picture of :meth:`render` in rich console markup (colour), or ``None`` if the game
        draws no coloured picture (drivers then show :meth:`render`)."""
        self._check_seat(seat, spectator=True)
        return self._render_markup(seat)

    def _render_markup(self, seat: int | None) -> str | None:
        """Games override to draw the position in colour (rich console markup)."""
        return None

    def scores(self) -> tuple[float, ...]:
        """Final scores if over, else the current points as far as the game defines them."""
        if self.result is not None:
            return self.result.scores
        return self._scores()

    def features(self) -> tuple[tuple[str, ...], ...] | None:
        """Each seat's features in this game, for a designers' report, one sorted tuple of names per seat;
        ``None`` for a game that has none.

        A feature is ``kind:name``, something a seat did or held that a report compares win rates by: a
        card it played (``played:Katana``), a card it held at the end (``held:Katana``), its clan
        (``clan:Sloth Clan``). Each game says what its features are in its package's ``features`` module
        (``games/<game>/features.py``), read from the record of actions and the state as they are (a
        report reads finished games), with the cards' names from :meth:`card_names`.
        """
        found = self._features()
        if found is None:
            return None
        return tuple(tuple(sorted(set(names))) for names in found)

    @classmethod
    def card_names(cls) -> dict[str, str]:
        """Each card's name by its code, from :meth:`card_catalog` (copies of a card share one name)."""
        return _card_names(cls)

    def projected_scores(self) -> tuple[float, ...]:
        """Each seat's expected final score from this position, as the game estimates it.

        The final scores once the game is over; before that, the points so far plus what each seat's
        holdings (cards, tiles, position) are worth by the end, from the game's ``evaluate`` module
        (``games/<game>/evaluate.py``), or :meth:`scores` for a game without one. It reads the whole
        state, hidden parts included: a search calls it on a determinisation (a sample of what the
        seat may know), where the hidden parts are the sample's, never on the true game for a seat.
        """
        if self.result is not None:
            return self.result.scores
        projected = self._projected_scores()
        if projected is None:
            return self._scores()
        return tuple(float(value) for value in projected)

    def memo(self, seat: int, action: str) -> JSONValue:
        """What a careful player at ``seat`` notes on taking ``action`` now, which its view will not show
        later (JSON), or ``None``.

        Ninja Trap hides a seat's own traps from it once laid: the note says which room each trap laid
        (or seen during a Buko look) holds. A bot keeps its notes (they are its memory, taken from its
        own actions only) and passes them to :meth:`determinize`, so that its samples agree with what
        it remembers. Call it before applying the action.
        """
        self._check_seat(seat)
        return self._memo(seat, action)

    @classmethod
    def seats_remember(cls) -> bool:
        """Whether a seat's view hides something the seat did, which a careful player remembers (Ninja Trap:
        its own face-down traps): the game keeps such memory in its samples (it overrides
        :meth:`_determinize_remembering`), so a review or a hint searches with it."""
        return cls._determinize_remembering is not GameState._determinize_remembering

    def recollection(self, seat: int) -> list[JSONValue]:
        """The notes (as :meth:`memo` gives them) that a careful player at ``seat`` holds in this position:
        everything it did that its view now hides (Ninja Trap: the room of each of its face-down traps).

        A search gives them to the bots that play on in a sample (:meth:`Bot.assume`), so that each
        remembers what its seat did there. It reads hidden parts: call it on a sample, never on the true
        game for a seat other than the sample's own.
        """
        self._check_seat(seat)
        return self._recollection(seat)

    def remembered(self, seat: int) -> Hashable | None:
        """What a careful player at ``seat`` remembers now that its view does not show, where it bears on
        the decision at hand (hashable), or ``None``.

        Ninja Trap at the flip stage: the rooms of the seat's face-down traps, in row order (the seat laid
        them, and a careful player remembers). A search models the other seats as careful players by
        telling apart, at their decisions, the samples in which they would remember different things.
        It reads the whole state, hidden parts included: call it on a sample, never on the true game for
        a seat other than the one whose sample it is.
        """
        self._check_seat(seat)
        return self._remembered(seat)

    def winners(self) -> tuple[int, ...]:
        """The winning seats (empty while the game goes on)."""
        return () if self.result is None else self.result.winners

    def clone(self) -> Self:
        """An independent copy, equal to this one (same random stream too)."""
        other = type(self).__new__(type(self))
        other.num_players = self.num_players
        other.options = self.options  # read-only, so sharing it is safe
        other.rng = self.rng.copy()
        other.frames = [frame.copy() for frame in self.frames]
        other.record = self.record.copy()
        other.events = list(self.events)
        other.ply = self.ply
        other.result = self.result
        other._legal_cache = {}
        other._looks = list(self._looks)
        other._undoable = self._undoable[:]
        other._undo_points = None
        other.logging = self.logging
        other._limit = self._limit
        self._copy_fields(other)
        return other

    def __getstate__(self) -> dict[str, object]:
        # A read-only options mapping does not pickle; the legal cache is rebuilt on demand.
        fields = dict(self.__dict__)
        fields["options"] = dict(self.options)
        fields["_legal_cache"] = {}
        fields["_undo_points"] = None  # positions kept for undo stay with the game they were kept by
        return fields

    def __setstate__(self, fields: dict[str, object]) -> None:
        self.__dict__.update(fields)
        if "_undoable" not in fields:
            # Pickled before undo was recorded per action: none of its actions is vouched for.
            self._undoable = bytearray(len(self.record.actions))
        self.__dict__.setdefault("_undo_points", None)
        self.__dict__.setdefault("logging", True)
        self.options = MappingProxyType(dict(self.options))
        self._limit = self._max_length()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameState)
        return self.to_notation() == other.to_notation()

    def __hash__(self) -> int:
        return hash(self.to_notation())

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_notation({quote(self.to_notation())})"

    # ------------------------------------------------------------------ determinisation

    def determinize(self, seat: int, seed: int, memory: Sequence[JSONValue] = (), modelled: bool = False) -> Self:
        """A full state that differs from this one only in what ``seat`` cannot know.

        Unseen cards are redealt consistently with what the seat has seen, other seats' hidden
        simultaneous choices are withdrawn (they must choose again), the random stream is replaced,
        the log keeps only the events the seat could see, and the record starts afresh from the
        sample (the true seed and actions would replay to the real game), so nothing the seat could
        not know survives. ``seat``'s view is unchanged.

        A sample is a function of the seat's information only: two states that ``seat`` cannot tell
        apart give the identical sample for the same ``seed`` (games redeal unseen cards from a
        canonical order, never from their true one), so no sample, or chain of samples, can be
        inverted to recover what it hides. Its ``ply`` starts again from 0 (the true count includes
        other seats' hidden choices), and looks already expired for ``seat`` are dropped.

        ``memory`` is what the seat remembers: the :meth:`memo` notes of its own earlier actions. The
        sample then also agrees with them (in Ninja Trap, the seat's remembered traps are where it laid
        them); it remains a function of the seat's information, its memory being part of it.

        ``modelled`` asks for the game's model of play (:meth:`_determinize_modelled`): among the deals
        consistent with what the seat knows, the likely ones are drawn more often (Ninjitsu!: a card
        that players keep as a secret, a trap, is more likely among another's secrets than an action
        card they would rather hold). The model is a fixed table of the game's, so a sample is still a
        function of the seat's information. Games without one deal every consistent deal alike.
        """
        self._check_seat(seat)
        check_seed(seed)
        rng = Rng(seed)
        other = self.clone()
        if memory:
            other._determinize_remembering(seat, rng, memory)
        elif modelled:
            other._determinize_modelled(seat, rng)
        else:
            other._determinize(seat, rng)
        for frame in other.frames:
            if frame.simultaneous:
                for each in [s for s in frame.submitted if s != seat]:
                    del frame.submitted[each]
                    frame.seats.append(each)
                frame.seats.sort()
            elif frame.concealed:
                other._reconceal(frame, seat)
        other.rng = rng.spawn()
        other.ply = 0
        # A search reads what each action of its sample tells whom from the log: a sample keeps one,
        # even of a game played quiet (a simulation's).
        other.logging = True
        # A look is part of the sample as the seat saw it: live if the seat still sees it; one gone for
        # the seat is only the line saying so (its text is what the seat must remember by itself).
        other.events = [event if not event.transient or event.shown_to(seat)
                        else event._replace(text=GONE_LOOK, transient=False, gone_for=0)
                        for event in other.events if event.visible_to(seat)]
        # What others saw of a look is theirs: in the sample a look the seat still sees is fresh.
        other.events = [event._replace(gone_for=0) if event.transient else event for event in other.events]
        other._looks = [index for index, event in enumerate(other.events) if event.transient]
        other._legal_cache = {}
        other.record = Record(self.SPEC.id, self.num_players, dict(self.options), None, other.to_notation())
        other._undoable = bytearray()
        return other

    # ------------------------------------------------------------------ action space

    @classmethod
    def action_space_for(cls, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """The fixed action space for these players and options (cached)."""
        cls.check_players(players)
        key = (players, options_text(options))
        space = cls._action_spaces.get(key)
        if space is None:
            space = ActionSpace(tuple(cls._all_actions(players, options)))
            cls._action_spaces[key] = space
        return space

    def action_space(self) -> ActionSpace:
        """The fixed action space of this game (looked up once per game object: players and options never
        change, and search and learning loops ask for it at every step)."""
        space: ActionSpace | None = self.__dict__.get("_space")
        if space is None:
            space = self.action_space_for(self.num_players, self.options)
            self.__dict__["_space"] = space
        return space

    def action_id(self, action: str) -> int:
        """The stable integer id of an action text."""
        index = self.action_space().index.get(action) if isinstance(action, str) else None
        if index is None:
            raise IllegalActionError(None, action, f"not an action of {self.SPEC.id}")
        return index

    def action_from_id(self, action_id: int) -> str:
        """The action text of an integer id."""
        actions = self.action_space().actions
        if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < len(actions):
            raise IllegalActionError(None, quote(action_id), f"action ids run from 0 to {len(actions) - 1}")
        return actions[action_id]

    def legal_action_ids(self, seat: int) -> list[int]:
        """The ids of ``seat``'s legal actions."""
        self._check_seat(seat)
        index = self.action_space().index
        return [index[action] for action in self._legal_map(seat)]

    # ------------------------------------------------------------------ notation

    def to_notation(self) -> str:
        """The whole position as one line: ``game|players|options|rng|frames|result|body``.

        It holds everything, hidden parts and the random stream included (like a FEN with a seed),
        so that :meth:`from_notation` restores an equal state. History (record, log) is not part of a
        position.
        """
        frames = json.dumps([frame.to_json() for frame in self.frames], separators=(",", ":"))
        result = "-" if self.result is None else json.dumps(self.result.to_json(), separators=(",", ":"))
        return "|".join((
            self.SPEC.id,
            str(self.num_players),
            options_text(self._written_options()),
            f"{self.rng.state:016x}",
            str(self.ply),
            frames,
            result,
            self._body_notation(),
        ))

    def _written_options(self) -> Mapping[str, OptionValue]:
        """The options a position writes: ``max_length`` only when it is not the default, so that
        positions read as they did before every game had it."""
        if self.options.get(MAX_LENGTH_OPTION) != self.SPEC.max_length:
            return self.options
        return {name: value for name, value in self.options.items() if name != MAX_LENGTH_OPTION}

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """Parse :meth:`to_notation` text. Raises :class:`NotationError` saying what is wrong."""
        try:
            return cls._parse_notation(text)
        except NotationError as error:
            # Whatever part of the parser wrote the message, it may quote a page of the input.
            message = str(error)
            if len(message) <= ERROR_LIMIT:
                raise
            raise NotationError(cap(message, ERROR_LIMIT)) from None

    @classmethod
    def _parse_notation(cls, text: str) -> Self:
        if not isinstance(text, str):
            raise NotationError(f"a position must be text, not {type(text).__name__}")
        parts = text.strip().split("|", 5)
        if len(parts) != 6:
            raise NotationError(
                "a position is game|players|options|rng|ply|frames|result|body; "
                f"this one has {len(parts)} parts before the frames"
            )
        game, players_text, opts, rng_text, ply_text, rest = parts
        if game != cls.SPEC.id:
            raise NotationError(f"this position is for {quote(game)}, not {quote(cls.SPEC.id)}")
        if not _DIGITS.fullmatch(players_text):
            raise NotationError(f"players must be a number (digits 0-9), not {quote(players_text)}")
        players = int(players_text)
        try:
            options = cls.validate_options(players, parse_option_texts(game, [] if opts == "-" else [opts]))
        except OptionError as error:
            raise NotationError(f"bad options in position: {error}") from None
        if not _HEX16.fullmatch(rng_text) or not _DIGITS.fullmatch(ply_text):
            raise NotationError(f"the rng state is 16 hex digits and the ply a count from 0 (digits 0-9), "
                                f"not {quote(rng_text)} and {quote(ply_text)}")
        rng_state = int(rng_text, 16)
        ply = int(ply_text)
        if not 0 <= rng_state < 1 << 64 or ply < 0:
            raise NotationError(f"the rng state must be 16 hex digits and the ply a count from 0, "
                                f"not {quote(rng_text)} and {quote(ply_text)}")
        decoder = json.JSONDecoder()
        try:
            frames_json, end = decoder.raw_decode(rest)
            if not isinstance(frames_json, list):
                raise ValueError(f"the frames must be a JSON list, not {quote(frames_json)}")
            frames = [Frame.from_json(item) for item in frames_json]
        except (ValueError, RecursionError) as error:
            raise NotationError(f"bad frames in position: {error}") from None
        rest = rest[end:]
        if not rest.startswith("|"):
            raise NotationError("expected '|' after the frames")
        result_text, sep, body = rest[1:].partition("|")
        if not sep:
            raise NotationError("expected result|body after the frames")
        state = cls._blank(players, options, rng=Rng.from_state(rng_state))
        state.ply = ply
        state.frames = frames
        if result_text != "-":
            state.result = _parse_result(result_text, players)
        _check_frames(frames, players, over=state.result is not None)
        try:
            state._parse_body(body)
        except NotationError:
            raise
        except (ValueError, KeyError, IndexError) as error:
            raise NotationError(f"bad {game} position body: {cap(str(error))}") from None
        state._check_parsed_position()
        state.record = Record(cls.SPEC.id, players, dict(options), None, state.to_notation())
        return state

    def _check_parsed_position(self) -> None:
        """Refuse, with a :class:`NotationError`, a parsed position that breaks a law of the game.

        Each field of a position may parse on its own while the whole is impossible (a frame of an
        unknown kind, or whose data no rule could have pushed). Such a position would crash later, far
        from its cause, so what every driver does first with a position is tried now: list the legal
        actions of the seats to act, view it from every seat, and check the game's invariants (cards
        conserved, and every other law its :meth:`check_invariants` states).
        """
        try:
            for seat in self.to_act():
                if not self._legal_map(seat):
                    raise NotationError(f"seat {seat} must decide {quote(self.frames[-1].kind)} but has no legal "
                                        "action: no rule leads to this position")
            top = self.frames[-1] if self.frames else None
            if top is not None and top.simultaneous:
                # Hidden choices already in are resolved later by their text: each must be legal now.
                for seat, action in top.submitted.items():
                    if action not in self._legal(seat, top):
                        raise NotationError(f"seat {seat}'s choice {quote(action)} in frame {quote(top.kind)} is not "
                                            "one of its legal actions")
            for viewer in [None, *range(self.num_players)]:
                self._observe(viewer)
                self._render(viewer)
            self.check_invariants()
        except (AssertionError, LookupError, TypeError, ValueError, ArithmeticError) as error:
            reason = str(error) or type(error).__name__
            raise NotationError(f"impossible {self.SPEC.id} position: {cap(reason)}") from None
        finally:
            self._legal_cache = {}

    # ------------------------------------------------------------------ saves

    def to_save(self) -> dict[str, JSONValue]:
        """A JSON-safe save: the record that replays to this game, plus the position to check it."""
        record = self.record
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": record.game,
            "players": record.players,
            "options": dict(record.options),
            "seed": record.seed,
            "start": record.start,
            "actions": [[seat, action] for seat, action in record.actions],
            "position": self.to_notation(),
        }

    @classmethod
    def replay(cls, record: Record) -> Self:
        """Replay a record from its seed (or start position) to the identical game."""
        if record.start is not None:
            state = cls.from_notation(record.start)
        elif record.seed is not None:
            state = cls.new(record.players, record.options, record.seed)
        else:
            raise SaveError("a record needs a seed or a start position")
        for seat, action in record.actions:
            state.apply(seat, action)
        return state

    def replay_states(self) -> Iterator[Self]:
        """Every state of this game's record, from the start to now (for replays and viewers)."""
        record = self.record
        if record.start is not None:
            state = type(self).from_notation(record.start)
        else:
            assert record.seed is not None
            state = type(self).new(record.players, record.options, record.seed)
        yield state.clone()
        for seat, action in record.actions:
            state.apply(seat, action)
            yield state.clone()

    @classmethod
    def load_save(cls, data: Mapping[str, object]) -> Self:
        """Rebuild a game from :meth:`to_save` output. Raises :class:`SaveError` on any problem."""
        if not isinstance(data, Mapping):
            raise SaveError("a save must be a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a ninjadojo save (format {quote(data.get('format'))}, expected {quote(SAVE_FORMAT)})")
        if type(data.get("version")) is not int or data.get("version") != SAVE_VERSION:
            raise SaveError(f"save version {quote(data.get('version'))} is not supported (this is {SAVE_VERSION})")
        if data.get("game") != cls.SPEC.id:
            raise SaveError(f"this save is for {quote(data.get('game'))}, not {quote(cls.SPEC.id)}")
        players, options, seed, start = data.get("players"), data.get("options"), data.get("seed"), data.get("start")
        actions = data.get("actions")
        if not isinstance(players, int) or not isinstance(options, dict):
            raise SaveError("a save needs 'players' (a number) and 'options' (an object)")
        if seed is not None:
            try:
                seed = check_seed(seed)
            except OptionError as error:
                raise SaveError(str(error)) from None
        if (seed is None) == (start is None):
            raise SaveError("a save names exactly one of 'seed' (a new game's seed) and 'start' (a start position)")
        position = data.get("position")
        if not isinstance(position, str):
            # Without the position a save whose seed was edited would load another game silently.
            raise SaveError("a save needs 'position' (the position its actions lead to), to check it is whole")
        if start is not None and not isinstance(start, str):
            raise SaveError("'start' must be a position text")
        if not isinstance(actions, list):
            raise SaveError("'actions' must be a list of [seat, action]")
        pairs: list[tuple[int, str]] = []
        for number, pair in enumerate(actions):
            if (not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], int)
                    or not isinstance(pair[1], str)):
                raise SaveError(f"action {number} must be [seat, action], not {quote(pair)}")
            pairs.append((pair[0], pair[1]))
        try:
            record = Record(cls.SPEC.id, players, cls.validate_options(players, options), seed, start, [])
            state = cls.replay(record)
            if (state.num_players, state.options) != (record.players, record.options):
                raise SaveError(f"the save's start position is a {state.num_players}-player game with options "
                                f"{options_text(state.options)}, but the save says {record.players} players and "
                                f"{options_text(record.options)}")
            for number, (seat, action) in enumerate(pairs):
                try:
                    state.apply(seat, action)
                except IllegalActionError as error:
                    raise SaveError(f"action {number} of the save does not replay: {error}") from None
        except (OptionError, NotationError) as error:
            raise SaveError(f"the save's set-up is invalid: {error}") from None
        if position != state.to_notation() and not _same_but_reason(cls, position, state):
            raise SaveError("the save's position does not match its replayed actions (edited or corrupt)")
        return state

    # ------------------------------------------------------------------ helpers for games

    def log(self, text: str, mask: int = EVERYONE, transient: bool = False, depth: int = 0) -> None:
        """Add an event visible to the seats in ``mask`` (default: everyone); nothing if :attr:`logging`
        is off.

        A ``transient`` event is a one-time look: it is in the views until a seat in ``mask`` acts or
        an action everyone sees is applied (see :class:`Event`). ``depth`` nests it inside the action
        that caused it (a card played as part of another card's effect).
        """
        if not self.logging:
            return
        if transient:
            self._looks.append(len(self.events))
        # tuple.__new__ is what Event(...) runs, without the named tuple's Python-level __new__ (a line
        # is logged on most actions of every game).
        self.events.append(_new_tuple(Event, (mask, text, transient, 0, depth)))

    def log_at(self, index: int, events: Sequence[Event]) -> None:
        """Put ``events`` into the log at ``index`` (the length the log had), before what was logged since: a
        line that says what caused those (a draw, logged once it is whole, that uncovered a card which went
        into play during it) reads before them. One-time looks logged since keep pointing at their lines."""
        if not self.logging or not events:
            return
        self.events[index:index] = events
        if self._looks:
            shift = len(events)
            self._looks = [at + shift if at >= index else at for at in self._looks]

    def finish(self, scores: tuple[float, ...], winners: tuple[int, ...], reason: str) -> None:
        """End the game."""
        self.result = Result(scores, winners, reason)
        self.frames.clear()
        self.log(reason)

    def _check_seat(self, seat: object, spectator: bool = False) -> None:
        """Raise :class:`SeatError` unless ``seat`` names a seat (or, where allowed, ``None``).

        ``True == 1`` and ``-1`` indexes the last seat in Python: without this check a wrong seat
        token would crash deep in a game, or quietly show another seat's hand.
        """
        if seat is None and spectator:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            allowed = f"0 to {self.num_players - 1}" + (", or None for a spectator" if spectator else "")
            raise SeatError(f"there is no seat {quote(seat)} in a {self.num_players}-player game; seats are {allowed}")

    def _legal_map(self, seat: int) -> dict[str, PayloadT]:
        cached = self._legal_cache.get(seat)
        if cached is not None:
            return cached
        if self.result is not None or not self.frames or seat not in self.frames[-1].seats:
            legal: dict[str, PayloadT] = {}
        else:
            legal = self._legal(seat, self.frames[-1])
        self._legal_cache[seat] = legal
        return legal

    def _public_waiting(self) -> tuple[int, ...]:
        """Who everyone may see being waited for: concealed frames are skipped, and a simultaneous
        frame shows all its seats, so neither who was asked nor who already chose is told."""
        for frame in reversed(self.frames):
            if frame.concealed:
                continue
            return frame.participants() if frame.simultaneous else tuple(frame.seats)
        return ()


@dataclass(frozen=True, slots=True)
class UndoPoint:
    """A game kept just before an action, to take it back (see :meth:`GameState._undo_point`)."""

    #: The action's index in the record.
    index: int
    #: The game before the action, without its history.
    game: GameState[Any]
    #: How many log events there were, and the one-time looks (index, event) as they were.
    events: int
    looks: tuple[tuple[int, Event], ...]

    def restore(self, live: GameState[Any]) -> GameState[Any]:
        """The game before the action, its history cut back from ``live``'s (the game the action was
        applied to, maybe with later hidden submissions, which the caller applies again)."""
        before = self.game.clone()
        before.record = live.record.copy()
        del before.record.actions[self.index:]
        before._undoable = live._undoable[:self.index]
        events = live.events[:self.events]
        for index, event in self.looks:
            events[index] = event
        before.events = events
        return before


_DIGITS = re.compile(r"[0-9]{1,9}", re.ASCII)
#: A label that ends with a seat's name (``... to P1``): a front end follows the name with its own bracket.
_ENDS_WITH_SEAT = re.compile(r"\bP[0-9]{1,2}$", re.ASCII)
_HEX16 = re.compile(r"[0-9a-fA-F]{16}", re.ASCII)


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a seed (a whole number from 0 to 2**64 - 1), else raise :class:`OptionError`."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise OptionError(f"the seed must be a whole number from 0 to {SEED_LIMIT - 1}, not {quote(seed)}")
    return seed


def _same_but_reason(cls: type[GameState[Any]], position: str, state: GameState[Any]) -> bool:
    """Whether a save's ``position`` is ``state`` but for the words of its result's reason: how a game's
    end is said may be reworded between versions, and a finished game saved before still loads."""
    try:
        saved = cls.from_notation(position)
    except DojoError:
        return False
    if saved.result is None or state.result is None:
        return False
    saved.result = replace(saved.result, reason=state.result.reason)
    return saved.to_notation() == state.to_notation()


def _parse_result(text: str, players: int) -> Result:
    """The result field of a position: ``{"scores": [...], "winners": [...], "reason": "..."}``."""
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raw = None
    if isinstance(raw, dict):
        scores, winners, reason = raw.get("scores"), raw.get("winners"), raw.get("reason")
        if (isinstance(scores, list) and len(scores) == players
                and all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores)
                and isinstance(winners, list) and len(set(winners)) == len(winners)
                and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < players for x in winners)
                and isinstance(reason, str) and type(raw.get("truncated", False)) is bool
                and not (raw.get("truncated") and winners)
                and set(raw) <= {"scores", "winners", "reason", "truncated"}):
            return Result(tuple(scores), tuple(winners), reason, raw.get("truncated", False) is True)
    raise NotationError(f"bad result {quote(text)}: it is {{\"scores\": [one number per seat], "
                        f"\"winners\": [distinct seats], \"reason\": text}}, with \"truncated\": true "
                        "added only for a game stopped at its maximum length (then with no winners)")


def _check_frames(frames: list[Frame], players: int, over: bool) -> None:
    """Refuse a frame stack no game could have: seats out of range, a live game waiting for no one."""
    if over and frames:
        raise NotationError("a finished game has no pending decisions (frames must be [])")
    if not over and (not frames or not frames[-1].seats):
        raise NotationError("a game in progress must wait for some seat (the top frame names none)")
    for frame in frames:
        seats = [*frame.seats, *frame.submitted]
        if any(isinstance(seat, bool) or not 0 <= seat < players for seat in seats):
            raise NotationError(f"frame {quote(frame.kind)} names a seat outside 0 to {players - 1}: {quote(seats)}")
        if len(set(seats)) != len(seats):
            raise NotationError(f"frame {quote(frame.kind)} names a seat twice: {quote(seats)}")
        if frame.submitted and not frame.simultaneous:
            raise NotationError(f"frame {quote(frame.kind)} holds submissions but is not simultaneous")


@functools.cache
def _card_names(cls: type[GameState[Any]]) -> dict[str, str]:
    """:meth:`GameState.card_names`, built once per game class (its catalog does not change)."""
    return {info.code: info.name for info in cls.card_catalog()}
