"""Game options as data: each game declares its :class:`Option` list; input is validated against it.

Options arrive from the CLI as text (``target=30``), from saves and the API as JSON values; both are
checked here so that a bad option fails with a message that names what is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ninjadojo.engine.errors import OptionError, quote

OptionValue = bool | int | str


@dataclass(frozen=True, slots=True)
class Option:
    """One game option: its name, type (from its default), limits and help text."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: A set of the ``choices`` (any subset, written comma-separated, e.g. ``promo,magic``; empty for
    #: none) rather than one of them. Its value is stored in ``choices`` order, so equal sets are equal.
    multiple: bool = False
    #: What an empty set means, for messages (``none`` unless the game says otherwise, e.g. "every seat").
    empty: str = "none"
    #: The number of the ruling in the game's rules document (docs/rules/<game>.md, section Rulings) that
    #: this option switches: a house rule whose default is the project's reading. None for other options.
    ruling: int | None = None
    #: Words for players (the lobby, ``dojo games``): "Points to win", "Expansions". Empty: the name.
    label: str = ""
    #: The group the lobby shows the option in ("Game", "Expansions", "House rules"...). Empty: "Game",
    #: or "House rules" for an option that switches a ruling.
    group: str = ""
    #: Words for each of ``choices``, in the same order ("Promo Pack", "Masters of Magic"...). Empty: the
    #: choices themselves.
    choice_labels: tuple[str, ...] = ()
    #: The option applies only when another has a value: ``("expansions", "elements")`` (for a set
    #: option, when the set holds that choice). Front ends hide it otherwise. None: always applies.
    requires: tuple[str, str] | None = None
    #: More conditions of the same kind, each of which must hold too (Drought needs Heavy Weather *and* the
    #: Promo Pack): ``(("expansions", "promo"),)``. Empty: ``requires`` alone.
    also_requires: tuple[tuple[str, str], ...] = ()
    #: A text option that gives each seat one of these, joined by ``/`` (Ninjitsu!'s ``fire2/wind1/-``), or
    #: is empty (unused): front ends offer one choice per seat instead of a text to type. The game checks
    #: the value (it knows the number of seats). Empty: an option of another kind.
    seat_choices: tuple[str, ...] = ()
    #: Words for each of ``seat_choices``, in the same order ("No Element", "Fire, side 2"...).
    seat_choice_labels: tuple[str, ...] = ()
    #: The fewest players at which the option means anything (Of Knights and Ninjas' Traitor, absent from
    #: its 2-player variation): front ends hide it below. 0: at every player count.
    min_players: int = 0
    #: An int option that names a seat (Of Knights and Ninjas' ``first_seat``): the engine refuses a seat
    #: the table does not have, and front ends offer the table's seats (P0, P1...) rather than a number.
    seat: bool = False

    @property
    def title(self) -> str:
        """The label players read (:attr:`label`, or the name with spaces for underscores)."""
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def section(self) -> str:
        """The group players see it in (:attr:`group`, else "House rules" for a ruling, else "Game")."""
        return self.group or ("House rules" if self.ruling is not None else "Game")

    def choice_label(self, choice: str) -> str:
        """The words for one of :attr:`choices` (the choice itself when the game gives none)."""
        if self.choice_labels and choice in self.choices:
            return self.choice_labels[self.choices.index(choice)]
        return choice

    def applies(self, values: Mapping[str, object], players: int | None = None) -> bool:
        """Whether the option means anything given the other options' ``values`` (see :attr:`requires`) and,
        when given, the number of ``players`` (see :attr:`min_players`)."""
        if players is not None and players < self.min_players:
            return False
        if self.requires is None:
            return True
        for name, wanted in (self.requires, *self.also_requires):
            value = values.get(name)
            if isinstance(value, str):
                if wanted not in value.split(","):
                    return False
            elif not (value == wanted or (isinstance(value, bool) and format_value(value) == wanted)):
                return False
        return True

    def describe(self) -> str:
        """A one-line description such as ``target: int 1..200 (default 21) - points to win``."""
        return f"{self.brief()} - {self.help}"

    def brief(self) -> str:
        """:meth:`describe` without the help text: ``target: int 1..200 (default 21)``, and ``[ruling N]``
        for an option that switches a ruling."""
        if isinstance(self.default, bool):
            kind = "bool"
        elif isinstance(self.default, int):
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            kind = f"int {low}..{high}" if low or high else "int"
        elif self.multiple:
            kind = "any of " + ",".join(self.choices) + f" (comma-separated, or empty for {self.empty})"
        elif self.seat_choices:
            kind = "one of " + "|".join(self.seat_choices) + " per seat, joined by / (or empty)"
        else:
            kind = "one of " + "|".join(self.choices) if self.choices else "text"
        switch = "" if self.ruling is None else f" [ruling {self.ruling}]"
        shown = format_value(self.default) if self.default != "" else self.empty if self.multiple else "empty"
        return f"{self.name}: {kind} (default {shown}){switch}"

    def coerce(self, value: object, game: str) -> OptionValue:
        """Check and convert ``value`` (a JSON value or CLI text) to this option's type."""
        where = f"option {quote(self.name)} of {game}"
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in BOOL_WORDS:
                return BOOL_WORDS[value.strip().lower()]
            raise OptionError(f"{where} must be true or false (or yes/no, on/off, 1/0), not {quote(value)}")
        if isinstance(self.default, int):
            number: int
            low = "" if self.minimum is None else f" from {self.minimum}"
            high = "" if self.maximum is None else f" to {self.maximum}"
            whole = f"{where} must be a whole number{low}{high}"
            if isinstance(value, bool):
                raise OptionError(f"{whole}, not {quote(value)}")
            if isinstance(value, int):
                number = value
            elif isinstance(value, str):
                number = parse_whole_number(value, whole)
            else:
                raise OptionError(f"{whole}, not {quote(value)}")
            if self.minimum is not None and number < self.minimum:
                raise OptionError(f"{where} must be at least {self.minimum}, not {quote(number)}")
            if self.maximum is not None and number > self.maximum:
                raise OptionError(f"{where} must be at most {self.maximum}, not {quote(number)}")
            return number
        if self.multiple:
            return self._coerce_set(value, where)
        if not isinstance(value, str):
            if self.choices:
                raise OptionError(f"{where} must be one of {', '.join(self.choices)}, not {quote(value)}")
            raise OptionError(f"{where} must be text, not {quote(value)}")
        if self.choices and value not in self.choices:
            # Some options spell their choices with hyphens (at-once), others with underscores
            # (fewest_hits): either spelling, in any case, names the choice.
            loose = _loose(value)
            found = next((choice for choice in self.choices if _loose(choice) == loose), None)
            if found is None:
                raise OptionError(f"{where} must be one of {', '.join(self.choices)}, not {quote(value)}")
            return found
        return value

    def _coerce_set(self, value: object, where: str) -> str:
        """A subset of ``choices`` from text (``a,b``) or a JSON list, as canonical text."""
        allowed = f"{where} is any of {', '.join(self.choices)}, comma-separated (or empty for {self.empty})"
        if isinstance(value, str):
            names = [name.strip() for name in value.split(",")] if value.strip() else []
        elif isinstance(value, list | tuple) and all(isinstance(name, str) for name in value):
            names = [name.strip() for name in value]
        else:
            raise OptionError(f"{allowed}; not {quote(value)}")
        # Written in any case ("Promo"): each name is the choice it spells.
        spelled = {choice.lower(): choice for choice in self.choices}
        unknown = [name for name in names if name.lower() not in spelled]
        if unknown:
            raise OptionError(f"{allowed}; {quote(unknown[0])} is not one of them")
        chosen = {spelled[name.lower()] for name in names}
        return ",".join(choice for choice in self.choices if choice in chosen)


def parse_whole_number(text: str, what: str = "a whole number") -> int:
    """``text`` as an int, if it is written as the help text says: ASCII digits with an optional ``-``.

    Python's ``int()`` also takes ``1_0``, ``+5``, surrounding spaces and other scripts' digits, and
    a number of thousands of digits; none of that is a number a user meant, so none is accepted.

    >>> parse_whole_number("-12")
    -12
    """
    if not _WHOLE.fullmatch(text):
        raise OptionError(f"{what}, not {quote(text)} (write it with the digits 0-9, at most 20 of them)")
    return int(text)


_WHOLE = re.compile(r"-?[0-9]{1,20}", re.ASCII)

#: An unknown option's error describes every option with its help up to this many options (names, types
#: and defaults only beyond).
_FULL_HELP_OPTIONS = 3

#: The words a yes-or-no value takes as text (any case), by what they mean: game options and bots' flags alike.
BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False,
              "0": False}


def format_value(value: OptionValue) -> str:
    """The text form of an option value, as the notation and the CLI write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def validate_options(game: str, specs: Sequence[Option], given: Mapping[str, object] | None) -> dict[str, OptionValue]:
    """Every option of the game, filled with defaults, after checking each given one.

    Raises :class:`OptionError` naming the unknown or bad option and listing the allowed ones.
    """
    by_name = {spec.name: spec for spec in specs}
    result: dict[str, OptionValue] = {spec.name: spec.default for spec in specs}
    if given is not None and not isinstance(given, Mapping):
        raise OptionError(f"the options of {game} must be a mapping of name to value, not {quote(given)}")
    for name, value in (given or {}).items():
        spec = by_name.get(name) if isinstance(name, str) else None
        if spec is None:
            # A game with many options gets their names and values only: a paragraph of help in one error
            # line hides the answer; `dojo games GAME` has the help.
            allowed = "; ".join(s.describe() if len(specs) <= _FULL_HELP_OPTIONS else s.brief() for s in specs)
            raise OptionError(f"unknown option {quote(name)} for {game}; its options are: {allowed or 'none'}")
        result[name] = spec.coerce(value, game)
    return result


def parse_option_texts(game: str, texts: Iterable[str]) -> dict[str, str]:
    """Turn CLI words like ``target=30`` into a mapping (values still text).

    Options are separated by commas; a part with no ``=`` continues the value before it, so that a
    set-valued option reads naturally: ``expansions=promo,magic,target=30``.
    """
    parsed: dict[str, str] = {}
    for text in texts:
        last: str | None = None
        for part in text.split(","):
            part = part.strip()
            if not part:
                continue
            name, sep, value = part.partition("=")
            if not sep and last is not None:
                parsed[last] = f"{parsed[last]},{part}" if parsed[last] else part
                continue
            if not sep or not name.strip():
                raise OptionError(f"option {quote(part)} for {game} must be written name=value")
            last = name.strip()
            if last in parsed:
                raise OptionError(f"option {quote(last)} for {game} is given twice")
            parsed[last] = value.strip()
    return parsed


def options_text(options: Mapping[str, OptionValue]) -> str:
    """Options as ``name=value,...`` in name order, or ``-`` when there are none."""
    if not options:
        return "-"
    return ",".join(f"{name}={format_value(options[name])}" for name in sorted(options))


def _loose(text: str) -> str:
    """A choice's spelling with case and the hyphen/underscore difference taken away (``Fewest-Hits``: fewest_hits)."""
    return text.strip().lower().replace("-", "_")
