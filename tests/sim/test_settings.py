"""``SimSettings.build``: defaults filled in, every mistake refused with a message naming it."""

from __future__ import annotations

import pytest

from engine.toygame import ToyState
from ninjadojo.bots import GAME_BOT_MODULES, sim_default_bot
from ninjadojo.engine import OptionError
from ninjadojo.games import GAME_MODULES, game_class
from ninjadojo.sim import MAX_GAMES, SimSettings, estimate


def test_defaults_are_the_fewest_players_the_cheap_bot_everywhere_and_every_option(toy: None) -> None:
    settings = SimSettings.build("toy")
    assert settings.players == ToyState.SPEC.min_players
    assert settings.specs == (sim_default_bot("toy"),) * settings.players
    assert settings.options == ToyState.validate_options(settings.players, {})
    assert settings.max_length == ToyState.SPEC.max_length
    assert (settings.games, settings.seed, settings.rotate) == (100, 0, False)


def test_one_spec_means_every_seat_and_several_mean_one_per_seat(toy: None) -> None:
    assert SimSettings.build("toy", 3, bots=["random"]).specs == ("random",) * 3
    assert SimSettings.build("toy", 2, bots=["random", "random:"]).specs == ("random", "random:")
    with pytest.raises(OptionError, match="2 bot specs were given for 3 players"):
        SimSettings.build("toy", 3, bots=["random", "random"])


def test_rotation_moves_the_line_up_one_seat_per_game(toy: None) -> None:
    settings = SimSettings.build("toy", 3, bots=["random", "random:", "random: "], rotate=True)
    assert settings.lineup(0) == settings.specs
    assert settings.lineup(1) == settings.specs[1:] + settings.specs[:1]
    assert settings.lineup(3) == settings.specs
    assert SimSettings.build("toy", 3, bots=["random", "random:", "random: "]).lineup(1) == settings.specs


@pytest.mark.parametrize(("arguments", "message"), [
    ({"games": 0}, f"number of games must be a whole number from 1 to {MAX_GAMES}, not 0"),
    ({"games": -1}, "not -1"),
    ({"games": True}, "not True"),
    ({"seed": -1}, "the seed must be a whole number"),
    ({"players": 9}, "toy is for 2 to 4 players, not 9"),
    ({"bots": ["genius"]}, "unknown bot 'genius' for toy"),
    ({"bots": ["random:x=1"]}, "unknown parameter 'x'"),
    ({"options": {"bid": "middle"}}, "must be one of high, low"),
    ({"options": {"max_length": "0"}}, "max_length"),
    ({"max_length": 7, "options": {"max_length": "9"}}, "maximum length is given twice, as 7 and as the option"),
])
def test_bad_settings_are_refused_with_what_is_wrong(toy: None, arguments: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        SimSettings.build("toy", **arguments)  # type: ignore[arg-type]


def test_max_length_is_the_engine_option(toy: None) -> None:
    assert SimSettings.build("toy", max_length=40).options["max_length"] == 40
    assert SimSettings.build("toy", options={"max_length": "40"}).max_length == 40
    # Given both ways alike is not a conflict.
    assert SimSettings.build("toy", max_length=40, options={"max_length": "40"}).max_length == 40


@pytest.mark.parametrize("game_id", [game for game in GAME_MODULES if game in GAME_BOT_MODULES])
def test_the_default_line_up_of_every_game_finishes_100_games_in_a_minute_on_one_core(game_id: str) -> None:
    """Issue 9: a default ``dojo sim`` must finish in reasonable time, at every player count."""
    try:
        state_class = game_class(game_id)
    except Exception:
        pytest.skip(f"{game_id} is not playable yet")
    for players in range(state_class.SPEC.min_players, state_class.SPEC.max_players + 1):
        expected = estimate(SimSettings.build(game_id, players), workers=1)
        assert expected is not None, f"the cost of {sim_default_bot(game_id)} for {game_id} is not measured"
        assert expected.seconds <= 60, (game_id, players, expected)

