"""A table's settings (bot pace, the hold, clocks, undo, who may watch) and its seats, checked.

These are the server's own settings, beside the game's options (which the game checks): each bad
value is refused with an :class:`ApiError` saying what is allowed.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ninjadojo.bots import LEVELS, canonical_spec, level_of, parse_bot_spec
from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.server.errors import ApiError, bad_request
from ninjadojo.table.clocks import CLOCK_MODES, WINDOW_SECONDS_PER_GAME_CLOCK, ClockRules
from ninjadojo.table.setup import check_bot_spec as check_table_bot_spec

#: The level a bot seat gets when a request names neither a level nor a bot spec.
DEFAULT_LEVEL = "medium"

#: The level that moves for a seat whose clock ran out, unless the table says otherwise: the heuristic
#: (``hard``), a sensible stand-in for the person, not ``medium``'s deliberate mistakes.
DEFAULT_TIMEOUT_BOT = "hard"

#: The parameters of a bot spec that set how long it thinks. On the server each is capped at the most
#: this game's levels (or the bot's own default) give that bot, ``seconds`` at :data:`MAX_BOT_SECONDS`.
BUDGET_PARAMETERS = ("iterations", "seconds", "samples", "depth", "per_sample")

#: The parameters of a bot spec that set how long each step of its search takes (``rollout=heuristic`` plays
#: a heuristic bot's game at every iteration: 160 s a decision of Ninjitsu! within the levels' iterations).
#: Without a ``seconds`` cap each may take only a value this game's levels or the bot's own default give it.
COST_CHOICES = ("rollout",)

#: The longest a bot may be asked to think for one decision on the server (the ``expert`` level's cap).
MAX_BOT_SECONDS = 2.0

#: The longest display name.
NAME_LIMIT = 24

#: The longest bot spec: a bot seat is named after its spec, and a seat's name is stored in 64 characters
#: (``dojo_seats.name``; PostgreSQL refuses longer text).
BOT_SPEC_LIMIT = 64


@dataclass(frozen=True, slots=True)
class TableSettings:
    """How a table is run (see docs/server-protocol.md, ``POST /api/tables``)."""

    move_delay: float = 1.0
    window_time: float = 1.0
    clock: str = "none"
    clock_seconds: float = 60.0
    timeout_bot: str = DEFAULT_TIMEOUT_BOT
    undo: bool = False
    spectators: bool = True
    private: bool = False
    #: Whether a seated player may ask the server for a hint on their turn (off by default; every seat and
    #: spectator is shown that the table allows them).
    hints: bool = False

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON."""
        return asdict(self)

    def clock_rules(self) -> ClockRules:
        """The table's clock arithmetic (a concealed window under a per-game clock has its own time)."""
        return ClockRules(self.clock, self.clock_seconds, WINDOW_SECONDS_PER_GAME_CLOCK)

    @classmethod
    def parse(cls, data: object, game_id: str) -> TableSettings:
        """Settings from a request's ``settings`` object (missing fields take their defaults)."""
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise bad_request(f"'settings' must be an object, not {quote(data)}", "bad_setting")
        known = {name for name in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise bad_request(f"unknown setting {quote(unknown[0])}; settings are: {', '.join(sorted(known))}",
                              "bad_setting")
        defaults = cls()
        clock = data.get("clock", defaults.clock)
        if clock not in CLOCK_MODES:
            raise bad_request(f"setting 'clock' must be one of {', '.join(CLOCK_MODES)}, not {quote(clock)}",
                              "bad_setting")
        timeout_bot = data.get("timeout_bot", defaults.timeout_bot)
        check_bot_spec(timeout_bot, game_id, "setting 'timeout_bot'")
        return cls(
            move_delay=_number(data, "move_delay", defaults.move_delay, 0.0, 10.0),
            window_time=_number(data, "window_time", defaults.window_time, 0.0, 10.0),
            clock=str(clock),
            clock_seconds=_number(data, "clock_seconds", defaults.clock_seconds, 1.0, 86_400.0),
            timeout_bot=str(timeout_bot),
            undo=_flag(data, "undo", defaults.undo),
            spectators=_flag(data, "spectators", defaults.spectators),
            private=_flag(data, "private", defaults.private),
            hints=_flag(data, "hints", defaults.hints),
        )

    @classmethod
    def from_stored(cls, data: Mapping[str, Any]) -> TableSettings:
        """Settings as stored (written by :meth:`to_json`; fields added later take their defaults)."""
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        return cls(**known)


def _number(data: Mapping[str, object], name: str, default: float, low: float, high: float) -> float:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
            or not low <= value <= high:
        raise bad_request(f"setting {quote(name)} must be a number from {low:g} to {high:g}, not {quote(value)}",
                          "bad_setting")
    return float(value)


def _flag(data: Mapping[str, object], name: str, default: bool) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise bad_request(f"setting {quote(name)} must be true or false, not {quote(value)}", "bad_setting")
    return value


def check_bot_spec(spec: object, game_id: str, where: str) -> str:
    """``spec`` if it names a bot the server plays for ``game_id``: a level, or a bot spec of at most
    :data:`BOT_SPEC_LIMIT` characters whose thinking budget is capped (see :func:`bot_budget_problem`).

    Whether the game has the bot and takes its parameters is the table layer's check (the terminal's too);
    the text's shape, its length and the budgets are the server's own."""
    allowed = f"a level ({', '.join(LEVELS)}) or a bot spec within the server's budgets"
    if not isinstance(spec, str) or not spec.strip():
        raise bad_request(f"{where} must be {allowed}, not {quote(spec)}", "bad_bot")
    if len(spec.strip()) > BOT_SPEC_LIMIT:
        raise bad_request(f"{where} must be a level or a bot spec of at most {BOT_SPEC_LIMIT} characters, not "
                          f"{len(spec.strip())}", "bad_bot")
    try:
        check_table_bot_spec(game_id, spec)
        problem = bot_budget_problem(spec.strip(), game_id)
    except OptionError as error:
        raise bad_request(f"{where}: {error}", "bad_bot") from None
    if problem is not None:
        raise bad_request(f"{where}: {quote(spec)} thinks too long for this server: {problem}; give {allowed}",
                          "bad_bot")
    return spec.strip()


#: Characters that are letters or symbols to Unicode but show nothing (fillers, a blank Braille cell, the
#: musical null notehead).
BLANK_CHARACTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\U0001d159")


def visible(char: str) -> bool:
    """Whether ``char`` shows something by itself: a letter, number, punctuation or symbol that is not a
    blank filler (spaces, control and format characters such as zero-width ones, and marks alone do not)."""
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANK_CHARACTERS
def bot_budget_problem(spec: str, game_id: str) -> str | None:
    """Why the bot ``spec`` may think longer than the server allows, or ``None``.

    A level is always allowed. Otherwise each of :data:`BUDGET_PARAMETERS` the bot takes may be at most
    the largest value this game's levels or the bot's own default give it, ``seconds`` at most
    :data:`MAX_BOT_SECONDS`, and a search must be bounded (``iterations`` or ``seconds`` a number); without
    a ``seconds`` cap, each of :data:`COST_CHOICES` takes a value the levels or the default give it. A
    table's bots share the workers with every other table's (``ismcts:seconds=3600`` would hold one for
    an hour a decision).
    """
    if level_of(game_id, spec) is not None:
        return None
    name = parse_bot_spec(spec)[0]
    given = _spec_values(canonical_spec(game_id, spec))
    given_choices = parse_bot_spec(canonical_spec(game_id, spec))[1]
    caps: dict[str, float] = {}
    choices: dict[str, set[str]] = {}
    for base in [name, *LEVELS]:
        canonical = canonical_spec(game_id, base)
        if parse_bot_spec(canonical)[0] != name:
            continue
        for key, value in _spec_values(canonical).items():
            if key in BUDGET_PARAMETERS and value is not None:
                caps[key] = max(caps.get(key, value), value)
        for key, text in parse_bot_spec(canonical)[1].items():
            if key in COST_CHOICES:
                choices.setdefault(key, set()).add(text.strip().lower())
    if "seconds" in given:
        caps["seconds"] = MAX_BOT_SECONDS
    problems = []
    for key in BUDGET_PARAMETERS:
        if key not in given or key not in caps:
            continue
        value = given[key]
        if value is not None and value > caps[key]:
            problems.append(f"{key} at most {caps[key]:g}, not {value:g}")
    if "iterations" in given and "seconds" in given and given["iterations"] is None and given["seconds"] is None:
        problems.append("a search needs a bound (iterations or seconds)")
    if given.get("seconds") is None:  # no time cap: each step must cost no more than the levels' do
        for key in COST_CHOICES:
            text = given_choices.get(key, "").strip().lower()
            if key in choices and text not in choices[key]:
                problems.append(f"{key}={text} only with a seconds cap (without one, {key} is "
                                f"{' or '.join(sorted(choices[key]))})")
    return "; ".join(problems) or None


def _spec_values(canonical: str) -> dict[str, float | None]:
    """The numeric parameters of a canonical spec (``none`` as ``None``; others left out)."""
    values: dict[str, float | None] = {}
    for key, text in parse_bot_spec(canonical)[1].items():
        if text.lower() == "none":
            values[key] = None
            continue
        try:
            values[key] = float(text)
        except ValueError:
            continue
    return values


def check_name(name: object, where: str = "name") -> str:
    """A display name: 1 to 24 characters, no control characters, spaces trimmed, something visible."""
    if not isinstance(name, str):
        raise bad_request(f"{where} must be text, not {quote(name)}")
    name = " ".join(name.split())
    if not 1 <= len(name) <= NAME_LIMIT or any(unicodedata.category(char).startswith("C") for char in name):
        raise bad_request(f"{where} must be 1 to {NAME_LIMIT} printable characters, not {quote(name)}")
    if not any(visible(char) for char in name):
        raise bad_request(f"{where} must show at least one letter, digit or symbol, not only invisible characters "
                          f"({', '.join(f'U+{ord(char):04X}' for char in name)})")
    return name


#: Names a person may not take at a table: they read as the table's own words for a seat (its label, the name
#: an unnamed seat is given, a bot, a spectator), so a chat line or a log line under them could be taken for
#: the table's. (A seat's own label, "P2", or "Player 2", the name it was given, may be kept.)
_RESERVED_NAME = re.compile(r"^(?:spectators?|everyone|you|p\d+|player \d+)$|\bbots?\b", re.IGNORECASE)


#: Cyrillic and Greek letters drawn as Latin ones (lower case, after case folding): "Аnn" with a Cyrillic А
#: reads as "Ann".
_LOOK_ALIKES = str.maketrans("асеіјорѕхуԁһӏкмтвнαεικνορτυχ", "aceijopsxydhlkmtbhaeiknoptux")


def name_key(name: str) -> str:
    """What ``name`` reads as, for telling two names apart: compatibility forms folded (fullwidth "Ａｎｎ"
    is "ann"), case folded, characters that show nothing by themselves dropped (a Hangul filler after "Ann"),
    and Cyrillic and Greek look-alikes of Latin letters read as those."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(char for char in folded if visible(char) or char == " ").strip().translate(_LOOK_ALIKES)


def check_seat_name(name: str, seat: int, others: Iterable[str | None], where: str = "name") -> None:
    """Refuse ``name`` for ``seat`` if another seat of the table has it (as it reads: :func:`name_key`), or if
    it reads as the table's own words for a seat (:data:`_RESERVED_NAME`): one player could otherwise chat as
    another."""
    folded = name_key(name)
    if _RESERVED_NAME.search(folded) and folded not in (f"player {seat}", f"p{seat}"):
        raise bad_request(f"{where} {quote(name)} reads as the table's own words for a seat (a seat's label such "
                          "as P1 or Player 1, a bot, a spectator): choose another", "bad_name")
    clash = next((other for other in others if other is not None and name_key(other) == folded), None)
    if clash is not None:
        said = "" if clash == name else f" ({quote(name)} reads the same)"
        raise ApiError(409, "name_taken", f"another seat at this table is called {quote(clash)}{said}: choose "
                                          "another name")


@dataclass(slots=True)
class SeatPlan:
    """One seat as a create request asks for it."""

    type: str
    name: str | None = None
    open: bool = False
    bot: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def parse_seats(data: object, players: int, game_id: str) -> list[SeatPlan]:
    """The seats of a create request: one per player, each human or bot (see the protocol)."""
    if data is None:
        return [SeatPlan("human")] + [SeatPlan("bot", bot=DEFAULT_LEVEL) for _ in range(players - 1)]
    if not isinstance(data, list):
        raise bad_request(f"'seats' must be a list with one entry per seat, not {quote(data)}", "bad_seats")
    if len(data) != players:
        raise bad_request(f"'seats' lists {len(data)} seats for a {players}-player game; give one per seat",
                          "bad_seats")
    plans: list[SeatPlan] = []
    for number, item in enumerate(data):
        where = f"seat {number}"
        if not isinstance(item, Mapping):
            raise bad_request(f"{where} must be an object such as {{\"type\": \"human\"}} or {{\"type\": \"bot\", "
                              f"\"level\": \"hard\"}}, not {quote(item)}", "bad_seats")
        kind = item.get("type")
        if kind == "human":
            unknown = sorted(set(item) - {"type", "name", "open"})
            if unknown:
                raise bad_request(f"{where}: unknown field {quote(unknown[0])} (a human seat has name and open)",
                                  "bad_seats")
            name = check_name(item["name"], f"{where}'s name") if item.get("name") is not None else None
            is_open = item.get("open", False)
            if not isinstance(is_open, bool):
                raise bad_request(f"{where}: 'open' must be true or false, not {quote(is_open)}", "bad_seats")
            if is_open and name is not None:
                raise bad_request(f"{where} is open (for anyone to join), so it has no name yet", "bad_seats")
            if name is not None:
                check_seat_name(name, number, (plan.name for plan in plans), f"{where}'s name")
            plans.append(SeatPlan("human", name, is_open))
        elif kind == "bot":
            unknown = sorted(set(item) - {"type", "level", "bot"})
            if unknown:
                raise bad_request(f"{where}: unknown field {quote(unknown[0])} (a bot seat has level or bot, and is "
                                  "named after it)",
                                  "bad_seats")
            if "level" in item and "bot" in item:
                raise bad_request(f"{where}: give a level or a bot spec, not both", "bad_seats")
            level = item.get("level")
            if level is not None and level not in LEVELS:
                raise bad_request(f"{where}: the level must be one of {', '.join(LEVELS)}, not {quote(level)}",
                                  "bad_bot")
            spec = check_bot_spec(item.get("bot", level or DEFAULT_LEVEL), game_id, f"{where}'s bot")
            plans.append(SeatPlan("bot", None, False, spec))
        else:
            raise bad_request(f"{where}: 'type' must be \"human\" or \"bot\", not {quote(kind)}", "bad_seats")
    return plans


def check_players(value: object) -> int:
    """A player count's type (the game checks its range)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(400, "bad_players", f"'players' must be a whole number, not {quote(value)}")
    return value
