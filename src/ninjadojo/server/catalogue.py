"""The games catalogue a client needs to offer a game and draw its cards (``GET /api/games``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ninjadojo.api import game_class, playable_games
from ninjadojo.bots import LEVELS, available_bots
from ninjadojo.bots.levels import level_words
from ninjadojo.engine.errors import DojoError
from ninjadojo.engine.options import Option, OptionValue, format_value
from ninjadojo.engine.state import GameState
from ninjadojo.server.settings import DEFAULT_LEVEL


def option_json(option: Option) -> dict[str, Any]:
    """One option as the catalogue shows it: its typing ``name`` and type for programs, and its words for
    players (``label``, ``group``, ``choice_labels`` one per choice, ``help``), ``seat_choices`` and their
    ``seat_choice_labels`` for a text option that gives each seat one of them (joined by ``/``), and ``requires``
    (``{"option": name, "value": value}``: the option applies only when that option has that value, or,
    for a set option, holds it; null when it always applies), and ``min_players`` (the fewest players at
    which it means anything; 0: any), and ``seat`` (an int option that names a seat: offered as the table's
    seats, P0 to P<players - 1>)."""
    if isinstance(option.default, bool):
        kind = "bool"
    elif isinstance(option.default, int):
        kind = "int"
    elif option.multiple:
        kind = "set"
    else:
        kind = "text"
    return {"name": option.name, "type": kind, "default": option.default, "minimum": option.minimum,
            "maximum": option.maximum, "choices": list(option.choices), "multiple": option.multiple,
            "help": option.help, "text": option.describe(), "ruling": option.ruling,
            "label": option.title, "group": option.section,
            "choice_labels": [option.choice_label(choice) for choice in option.choices],
            "seat_choices": list(option.seat_choices),
            "seat_choice_labels": list(option.seat_choice_labels or option.seat_choices),
            "requires": None if option.requires is None
            else {"option": option.requires[0], "value": option.requires[1]},
            "also_requires": [{"option": name, "value": value} for name, value in option.also_requires],
            "min_players": option.min_players, "seat": option.seat}


def _conceals(cls: type[GameState[Any]], options: Mapping[str, OptionValue]) -> bool:
    """Whether a table of the game with ``options`` can open concealed windows (an "any time" card answering
    another seat's action in secret), so that the server holds its states for the table's ``window_time``:
    what :func:`ninjadojo.server.live.can_conceal` asks of the table's game (here at the fewest players).
    ``False`` for options a table could not have (that do not go together)."""
    try:
        return cls.new(cls.SPEC.min_players, options).may_conceal()
    except DojoError:
        return False


def _probes(option: Option) -> list[OptionValue]:
    """The values of ``option`` worth trying for a concealed window: a switch turned the other way, each
    choice of a set (alone) or of a list other than the default; none for a number or a free text."""
    if isinstance(option.default, bool):
        return [not option.default]
    if option.multiple:
        return list(option.choices)
    if option.choices:
        return [choice for choice in option.choices if choice != option.default]
    return []


def conceal_rule(cls: type[GameState[Any]]) -> tuple[bool, list[dict[str, Any]]]:
    """When the table setting ``window_time`` applies to a game: ``(conceals, when)``. ``conceals`` is
    whether some table of it can open concealed windows; ``when`` lists the options, as
    ``{"option": name, "value": text}`` like an option's ``requires`` (a set option's text is one of its
    choices, a switch's ``true`` or ``false``), any one of which makes it so; empty when it does with the
    default options (then always) or never.

    Each option is tried alone from the defaults (with the option value it ``requires``, if any): enough
    for the games as they are (Ninjitsu!'s "any time" cards come with the Promo Pack or Sabotage!).
    """
    if _conceals(cls, {}):
        return True, []
    when: list[dict[str, Any]] = []
    for option in cls.option_specs():
        base: dict[str, OptionValue] = {}
        if option.requires is not None:
            for name, wanted in (option.requires, *option.also_requires):
                # a text, as a table's options may be written ("promo", "true"); a set's choices joined
                base[name] = f"{base[name]},{wanted}" if name in base else wanted
            if _conceals(cls, base):
                continue  # the option it needs does it alone: said there
        for value in _probes(option):
            if _conceals(cls, {**base, option.name: value}):
                when.append({"option": option.name, "value": format_value(value)})
    return bool(when), when


@cache
def game_entry(game_id: str) -> dict[str, Any]:
    """One game of the catalogue (:class:`UnknownGameError` for an unknown id). Do not modify it."""
    cls = game_class(game_id)
    spec = cls.SPEC
    bots = available_bots(game_id)
    conceals, conceals_when = conceal_rule(cls)
    return {
        "id": spec.id, "title": spec.title, "min_players": spec.min_players, "max_players": spec.max_players,
        "summary": spec.summary, "rules": spec.rules, "typing": spec.typing, "hidden": spec.hidden,
        # (a review then says that its search remembers what the seat did: Ninja Trap's own traps)
        "remembers": cls.seats_remember(),
        # What each expansion adds to the rules: a front end shows the paragraphs of the sets in play.
        "set_rules": [{"set": name, "text": text} for name, text in spec.set_rules],
        "score_counted": spec.score_counted, "conceals": conceals, "conceals_when": conceals_when,
        "options": [option_json(option) for option in cls.option_specs()],
        "cards": [{"code": card.code, "name": card.name, "short": card.short, "text": card.text,
                   "needs": list(card.needs), "variant_shorts": dict(card.variants)} for card in cls.card_catalog()],
        "bots": sorted(name for name in bots if name not in LEVELS),
        "levels": list(LEVELS),
        "level_words": {level: level_words(game_id, level) for level in LEVELS},
        "default_level": DEFAULT_LEVEL,
    }


def catalogue() -> list[dict[str, Any]]:
    """Every playable game."""
    return [game_entry(game_id) for game_id in playable_games()]


def game_title(game_id: str) -> str:
    """A game's title."""
    return str(game_class(game_id).SPEC.title)


def sets_in_play(game_id: str, options: Mapping[str, Any], players: int | None = None) -> list[str]:
    """The sets (expansions) a table of ``game_id`` with ``options`` and ``players`` plays with: its
    catalogue cards whose ``needs`` are all among them are in its game."""
    return list(game_class(game_id).sets_in_play(options, players))
