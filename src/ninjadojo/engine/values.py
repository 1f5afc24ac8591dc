"""The value types of the game protocol: a game's spec, its cards, decisions, results, log events,
action space and record. Plain, immutable where they can be, and free of any rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import Option, OptionValue

#: Visibility mask meaning "every seat and spectators".
EVERYONE = -1

@dataclass(frozen=True, slots=True)
class GameSpec:
    """Static facts about a game: its id, title, player counts and options."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    summary: str = ""
    #: The game's rules in a few paragraphs, in words for players (the browser's rules panel shows them;
    #: no notation).
    rules: str = ""
    #: The rules each set (expansion) adds, as (set, paragraph) pairs: shown after :attr:`rules` only where
    #: the set is in play (:meth:`rules_for`), so a table of the base game reads nothing of expansions.
    set_rules: tuple[tuple[str, str], ...] = ()
    #: How actions are typed at the terminal (the notation): the terminal's ``rules`` prints it after the
    #: rules; front ends that are clicked never show it.
    typing: str = ""
    #: What the letters and marks of the terminal's picture mean, where they are not words (Ninjato's
    #: ``f v j*``, Ninja Trap's ``f1:t2``): the terminal's ``key`` prints it. Empty: the picture says all.
    board_key: str = ""
    #: Default of the ``max_length`` option: far beyond any real game, so only a stuck program meets it.
    max_length: int = 2000
    #: What a seat's number in the result counts, for the end's table ("Points", "Gems"); empty for a game
    #: that is only won or lost (Ninja Trap: the result's scores are then 1 for a win and 0 otherwise, and
    #: front ends show no score, only how the game ended for each seat).
    score_name: str = "Score"
    #: Whether the end's count (:meth:`GameState.score_lines`) says more than the score itself: Of Knights
    #: and Ninjas counts gems alone, one line that is the score again ("Gems held: 7"), so front ends show
    #: no column for it beside the score's.
    score_counted: bool = True
    #: Whether any card or choice is hidden from some seat (Ninja Camp: nothing is, so a review has no
    #: "hindsight" to offer and a sample of a seat's view is the position itself).
    hidden: bool = True

    def rules_for(self, sets: Sequence[str] | None) -> str:
        """The rules of a game played with ``sets`` (:meth:`GameState.sets_in_play`): :attr:`rules`, then a
        paragraph (after a blank line) for each set in play that adds rules; every set's when ``sets``
        is None (not known)."""
        extra = [text.strip() for name, text in self.set_rules if sets is None or name in sets]
        return "\n\n".join([self.rules.strip(), *extra]) if extra else self.rules.strip()


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One kind of card as a player reads it: its code in actions, name, a short text and its full text;
    ``needs``: the sets (expansions) a game must have in play for the card to be in it (none: the base
    game's card, always in play; see :meth:`GameState.sets_in_play`); ``variants``: the short text
    where a variation of the game changes what the card does, by the variation's name as the game's
    view gives it (its ``variation``: Of Knights and Ninjas' ``2-player``)."""

    code: str
    name: str
    short: str
    text: str
    needs: tuple[str, ...] = ()
    variants: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """What ``seat`` must decide now: the frame's kind and a human prompt.

    ``looking``: a one-time look is showing to the seat (a card shown once, gone when it acts, such as
    Ninja Trap's Buko look). A driver shows it before the seat answers, and never answers for it at once,
    even when there is only one choice (the look is the point of it).

    ``formality``: the seat has no choice and is asked only so that being asked tells nobody anything
    (Of Knights and Ninjas asks everyone holding cards whether to steal with a Highwayman, held or not). A
    driver that answers forced choices answers it without a word in the log: there was nothing to decide.

    ``confirm``: what the seat's choice does is weighty enough that the player should see it happen, even
    with one choice (Ninja Camp's pass for the rest of the game, when no card of its can be carried out):
    a driver shows the decision and waits for the player, as for a look.
    """

    seat: int
    kind: str
    prompt: str
    simultaneous: bool = False
    concealed: bool = False
    looking: bool = False
    formality: bool = False
    confirm: bool = False


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: a score per seat, the winners (several on a shared win) and why it ended."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    #: The game was stopped at its maximum length (``max_length``) rather than ended by its rules.
    truncated: bool = False

    def to_json(self) -> dict[str, JSONValue]:
        """JSON form (``truncated`` only when true, so ordinary results read as they always did)."""
        data: dict[str, JSONValue] = {"scores": list(self.scores), "winners": list(self.winners),
                                      "reason": self.reason}
        if self.truncated:
            data["truncated"] = True
        return data


class Event(NamedTuple):
    """One log line. ``mask`` is a bitmask of the seats that may see it (``EVERYONE`` for all).

    A named tuple rather than a frozen dataclass: a line is made on most actions, and a tuple is made
    several times faster; a changed copy is ``event._replace(gone_for=...)``.

    - ``depth``: how deep inside one action it happened (a card played inside another card's effect
      is 1 deeper), so that a log can show nested plays as part of the action that caused them.
    - ``transient``: a one-time look (a card shown once, then hidden again). For each seat that sees
      it, it stays in that seat's view until that seat acts, or until any action that everyone sees;
      another seat's hidden choice (a simultaneous submission, a concealed answer) must not make it
      vanish, or its vanishing would tell that someone answered.
    - ``gone_for``: the seats (a bitmask) from whose views the look has gone; ``EVERYONE`` once it
      has gone from every view, spectators' included.
    """

    mask: int
    text: str
    transient: bool = False
    gone_for: int = 0
    depth: int = 0

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` for a spectator) may see this event (gone or not)."""
        if self.mask == EVERYONE:
            return True
        return seat is not None and bool(self.mask >> seat & 1)

    def shown_to(self, seat: int | None) -> bool:
        """Whether this event is in ``seat``'s view now: visible to it and not a look gone for it."""
        if self.gone_for == EVERYONE or not self.visible_to(seat):
            return False
        return seat is None or not self.gone_for >> seat & 1

    def line(self) -> str:
        """The log line as views show it: a sentence (its first letter a capital) indented two spaces per
        level of nesting. (``text`` is as the game logged it: a line that goes on from the one above it,
        "your secret is Snare", is written as the game's rules and words read it.)"""
        text = self.text
        if text[:1].islower():
            text = text[0].upper() + text[1:]
        if ". " in text and text[-1:] not in _SENTENCE_ENDS:
            # A line of two sentences or more ends as they do (a one-clause line reads as a log entry).
            text += "."
        return "  " * self.depth + text

    def seen_line(self, seat: int | None) -> str:
        """The line of this event in the log of ``seat``, which may see it: the line while it is shown,
        and in place of a one-time look gone for it, a line saying so (:data:`GONE_LOOK`). A look stays
        where it was in the log, so the log's lines never move up: a client that remembers where it
        was in the log (its last move, a choice answered for it) still finds its place."""
        return self.line() if self.shown_to(seat) else "  " * self.depth + GONE_LOOK


#: What a log line of several sentences may already end with (Event.line adds a full stop otherwise).
_SENTENCE_ENDS = frozenset('.!?:…"”')

#: A one-time look, in the log of a seat it has gone for (the seat saw it once, and must remember it).
GONE_LOOK = "(a one-time look, now over: no longer shown)"


@dataclass(frozen=True, slots=True)
class ActionSpace:
    """Every action text a game can ever offer for one (players, options), each with a stable id.

    Read-only: one instance is shared by every game of the same players and options.
    """

    actions: tuple[str, ...]
    index: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        index = {action: i for i, action in enumerate(self.actions)}
        if len(index) != len(self.actions):
            raise ValueError("an action space lists an action twice")
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "index", MappingProxyType(index))

    def __len__(self) -> int:
        return len(self.actions)

    def __reduce__(self) -> tuple[type[ActionSpace], tuple[tuple[str, ...]]]:
        # Rebuilt from its actions: its index is a read-only view, which does not pickle (copies and pickles
        # of a table or an environment hold their space).
        return (ActionSpace, (self.actions,))


@dataclass(slots=True)
class Record:
    """How to reproduce a game exactly: options, seed (or a start position) and every action."""

    game: str
    players: int
    options: dict[str, OptionValue]
    seed: int | None
    start: str | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)

    def copy(self) -> Record:
        """An independent copy."""
        return Record(self.game, self.players, dict(self.options), self.seed, self.start, list(self.actions))
