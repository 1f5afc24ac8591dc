"""Bot specs (``name:key=value,...``) and the bot registry: every mistake is named, none is ignored."""

from __future__ import annotations

import pytest

from cli.helpers import TunedBot
from engine.toygame import ToyState
from ninjadojo.bots import LEVELS, RandomBot, SeatView, available_bots, bot_defaults, make_bot, parse_bot_spec
from ninjadojo.engine import OptionError
from ninjadojo.games import playable_games


def test_a_spec_is_a_name_and_text_parameters() -> None:
    assert parse_bot_spec("heuristic") == ("heuristic", {})
    assert parse_bot_spec(" forgetful:forget=0.3, depth = 2 ") == ("forgetful", {"forget": "0.3", "depth": "2"})


@pytest.mark.parametrize(("spec", "message"), [
    (":depth=1", "names no bot"),
    ("heuristic:depth", "must be written key=value"),
    ("heuristic:=1", "must be written key=value"),
    ("heuristic:depth=1,depth=2", "'depth' is given twice"),
])
def test_a_malformed_spec_is_refused(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_bot_spec(spec)


def test_a_parameter_no_bot_knows_is_refused_and_the_known_ones_are_named() -> None:
    assert TunedBot(seed=1, depth="3").depth == 3
    with pytest.raises(TypeError, match=r"unknown parameter 'deepth' \(its parameters: depth\)"):
        TunedBot(seed=1, deepth="3")
    with pytest.raises(TypeError, match=r"unknown parameter 'x' \(it takes none\)"):
        RandomBot(seed=1, x="1")
    assert TunedBot.parameter_names() == ["depth"] and RandomBot.parameter_names() == []


def test_make_bot_turns_a_bad_parameter_into_an_option_error(toy: None) -> None:
    with pytest.raises(OptionError, match="bad parameters for bot 'random' in 'random:x=1'"):
        make_bot("random:x=1", "toy")
    with pytest.raises(OptionError, match="unknown bot 'genius' for toy; bots: ismcts, random; "
                                          "levels: easy, medium, hard, expert"):
        make_bot("genius", "toy")


def test_a_seat_view_cannot_change_the_game_options(toy: None) -> None:
    game = ToyState.new(2, seed=1)
    view = SeatView(game, 0)
    assert view.options["target"] == 15
    with pytest.raises(TypeError):
        view.options["target"] = 5  # type: ignore[index]
    assert game.options["target"] == 15


def test_every_bot_of_every_game_names_an_unknown_parameter_and_its_own_in_words() -> None:
    """Alike for every bot: never Python's "NinjatoBot.__init__() got an unexpected keyword argument 'x'"
    (Ninjato's heuristic), nor a wording of the bot's own (Ninja Camp's)."""
    for game_id in playable_games():
        for name, factory in available_bots(game_id).items():
            if name in LEVELS:
                continue  # a level takes no parameters, said in its own words (level_of)
            known = bot_defaults(factory)
            takes = f"its parameters: {', '.join(known)}" if known else "it takes none"
            with pytest.raises(OptionError) as caught:
                make_bot(f"{name}:colour=red", game_id)
            assert str(caught.value) == (f"bad parameters for bot '{name}' in '{name}:colour=red': unknown parameter "
                                         f"'colour' ({takes})"), (game_id, name)


@pytest.mark.parametrize("spec", ["random", "easy", "heuristic", "ismcts"])
def test_make_bot_for_an_unknown_game_names_the_games(spec: str) -> None:
    """A bot for a game there is not is refused as an unknown game, whatever the spec: "random" and "easy" once
    made a random bot for "chess", and "heuristic" was "unknown bot ... for chess"."""
    from ninjadojo.engine.errors import UnknownGameError

    with pytest.raises(UnknownGameError, match="unknown game 'chess'; games are: ninjitsu, "):
        make_bot(spec, "chess")
