"""Setting a table up (ninjadojo.table.setup): what the terminal and the server both check before a game."""

from __future__ import annotations

import doctest

import pytest

from ninjadojo.bots import available_bots
from ninjadojo.engine import OptionError, UnknownGameError
from ninjadojo.games import game_class
from ninjadojo.table import (
    assign_bot_seats,
    assign_bots,
    check_bot_spec,
    check_bot_specs,
    clocks,
    default_bot,
    default_players,
    parse_options,
    resolve_game,
    setup,
    split_bot_specs,
)


def test_resolve_game_gives_the_state_class_and_names_the_playable_games_otherwise() -> None:
    assert resolve_game("ninjitsu") is game_class("ninjitsu")
    with pytest.raises(UnknownGameError, match="ninjitsu"):
        resolve_game("chess")


def test_options_are_read_from_key_value_words() -> None:
    assert parse_options("ninjitsu", ["target=21"]) == {"target": "21"}
    assert parse_options("ninjitsu", None) == {}
    with pytest.raises(OptionError):
        parse_options("ninjitsu", ["target"])


def test_a_bot_parameter_after_a_comma_stays_with_its_bot() -> None:
    assert split_bot_specs(["forgetful:forget=0.3,depth=2,random", " heuristic ,, "]) == [
        "forgetful:forget=0.3,depth=2", "random", "heuristic"]
    assert split_bot_specs(None) == []


def test_a_bot_spec_is_shown_without_the_spaces_its_parser_ignores() -> None:
    # `dojo sim --bots "ismcts:iterations= 100"` showed the space in its tables and files.
    assert split_bot_specs(["ismcts: iterations = 100, c = 1 ,random"]) == ["ismcts:iterations=100,c=1", "random"]


def test_a_bot_the_game_does_not_have_is_refused_with_the_game_s_bots_named() -> None:
    bots = ", ".join(sorted(available_bots("ninjitsu")))
    with pytest.raises(OptionError, match=f"unknown bot 'nobody' for ninjitsu; bots: {bots}"):
        check_bot_specs("ninjitsu", ["random", "nobody"])
    with pytest.raises(OptionError, match="bad parameters for bot 'random'"):
        check_bot_specs("ninjitsu", ["random:depth=1"])
    check_bot_specs("ninjitsu", ["random", "medium"])


def test_check_bot_spec_builds_the_bot_a_level_or_spec_names() -> None:
    assert check_bot_spec("ninjitsu", "random").name == "random"
    with pytest.raises(OptionError, match="unknown bot 'nobody' for ninjitsu"):
        check_bot_spec("ninjitsu", "nobody")


def test_one_spec_goes_to_every_bot_seat_and_none_means_the_game_s_default() -> None:
    assert assign_bots("ninjitsu", ["random"], [1, 3]) == {1: "random", 3: "random"}
    assert assign_bots("ninjitsu", [], [2]) == {2: default_bot("ninjitsu")}
    assert assign_bots("ninjitsu", ["random", "easy"], [0, 2]) == {0: "random", 2: "easy"}


def test_a_spec_per_seat_must_match_the_bot_seats() -> None:
    with pytest.raises(OptionError, match=r"--bots gave 2 bots for 3 bot seats \(1, 2, 3\)"):
        assign_bots("ninjitsu", ["random", "easy"], [1, 2, 3])


def test_bot_specs_need_a_bot_seat_and_bot_seats_get_the_default_without_specs() -> None:
    assert assign_bot_seats("ninjitsu", [], [1]) == {1: default_bot("ninjitsu")}
    assert assign_bot_seats("ninjitsu", [], []) == {}
    assert assign_bot_seats("ninjitsu", ["random"], [0, 1]) == {0: "random", 1: "random"}
    with pytest.raises(OptionError, match="--bots was given, but every seat is played by a human"):
        assign_bot_seats("ninjitsu", ["random"], [])


def test_the_player_count_defaults_to_the_game_s_smallest() -> None:
    assert default_players("ninjitsu", None) == game_class("ninjitsu").SPEC.min_players
    assert default_players("ninjitsu", 4) == 4


def test_the_examples_in_the_set_up_and_clock_docs_run() -> None:
    for module in (setup, clocks):
        failed, tried = doctest.testmod(module)
        assert tried >= 1 and failed == 0, module.__name__
