"""The catalogue says which games (and with which options) can answer a move with an "any time" card in
secret, so that a lobby offers the table setting ``window_time`` (the pause that hides who may answer)
only where the server would use it (``live.can_conceal``: the game's ``may_conceal``)."""

from __future__ import annotations

from typing import Any

from ninjadojo.api import game_class, playable_games
from ninjadojo.engine.options import Option, format_value
from ninjadojo.server.catalogue import catalogue, conceal_rule


def applies(entry: dict[str, Any], options: dict[str, Any]) -> bool:
    """What the lobby reads from the catalogue (lobby.js windowTimeApplies), for ``options`` given as a table
    would give them."""
    if not entry["conceals"]:
        return False
    when = entry["conceals_when"]
    return not when or any(Option("probe", "", "", requires=(each["option"], each["value"])).applies(options)
                           for each in when)


def test_only_ninjitsu_with_its_any_time_cards_conceals() -> None:
    entries = {entry["id"]: entry for entry in catalogue()}
    assert set(entries) == set(playable_games())
    for game_id, entry in entries.items():
        if game_id != "ninjitsu":
            assert entry["conceals"] is False and entry["conceals_when"] == [], game_id
    ninjitsu = entries["ninjitsu"]
    assert ninjitsu["conceals"] is True
    assert ninjitsu["conceals_when"] == [{"option": "expansions", "value": "promo"},
                                         {"option": "expansions", "value": "sabotage"}]


def test_the_catalogue_agrees_with_the_games_for_every_single_option_value() -> None:
    for entry in catalogue():
        cls = game_class(entry["id"])
        players = cls.SPEC.min_players
        assert applies(entry, {}) == cls.new(players).may_conceal(), entry["id"]
        for option in cls.option_specs():
            values = [not option.default] if isinstance(option.default, bool) else list(option.choices)
            for value in values:
                given = {option.name: value}
                if option.requires is not None:
                    given[option.requires[0]] = option.requires[1]
                try:
                    game = cls.new(players, given)
                except ValueError:
                    continue  # options a table could not have
                shown = {name: format_value(each) if isinstance(each, bool) else each for name, each in given.items()}
                assert applies(entry, shown) == game.may_conceal(), (entry["id"], given)


def test_a_game_that_conceals_with_its_default_options_always_does(toy: Any) -> None:
    assert toy.new(3).may_conceal()
    assert conceal_rule(toy) == (True, [])
