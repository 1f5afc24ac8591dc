"""``dojo games``: each bot's parameters with their defaults and its measured cost, every option
(``max_length`` included), the cheap default of ``dojo sim``, and ``--saved``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cli.helpers import TunedBot, needs_ninja_trap, needs_ninjitsu
from engine.toygame import ToyState
from ninjadojo import bots
from ninjadojo.bots import available_bots, bot_defaults, canonical_spec, describe_bots
from ninjadojo.cli.main import app
from ninjadojo.games import GAME_MODULES, playable_games


def _listing(runner: CliRunner) -> dict[str, dict[str, Any]]:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    return {entry["id"]: entry for entry in json.loads(result.stdout.strip().splitlines()[-1])}


def test_every_option_is_listed_with_max_length(toy: None, runner: CliRunner) -> None:
    toy_entry = _listing(runner)["toy"]
    assert toy_entry["options"] == [option.describe() for option in ToyState.option_specs()]
    assert any(text.startswith("max_length: int 1..") for text in toy_entry["options"])


def test_each_bot_states_its_parameters_with_their_defaults(toy: None, runner: CliRunner,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots.GENERIC_BOTS, "tuned", TunedBot)
    info = _listing(runner)["toy"]["bot_info"]
    assert info["tuned"]["parameters"] == {"depth": "1"}  # TunedBot(seed, depth="1")
    assert info["random"] == {"summary": "Chooses uniformly among the legal actions.", "parameters": {},
                              "costs": {}}
    text = runner.invoke(app, ["games"]).stdout.split("toy: Toy")[1]
    assert "      tuned (depth=1): A bot with its own parameters" in text
    assert "        cost: not measured" in text


@needs_ninja_trap
def test_a_factory_that_passes_parameters_on_states_its_bots_parameters() -> None:
    # Ninja Trap's heuristic factory takes **params and passes them to its bot class, whose forget is 0.
    factory = available_bots("ninja-trap")["heuristic"]
    assert bot_defaults(factory) == {"forget": "0.0"}
    assert bot_defaults(available_bots("ninja-trap")["forgetful"]) == {"forget": "0.3"}


@needs_ninjitsu
def test_a_spec_and_the_same_spec_with_defaults_written_out_are_one_bot() -> None:
    assert canonical_spec("ninjitsu", "heuristic") == canonical_spec("ninjitsu", "heuristic:depth=1,samples=4")
    assert canonical_spec("ninjitsu", "heuristic:depth=0") != canonical_spec("ninjitsu", "heuristic")


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_every_bot_of_every_game_has_a_measured_cost_at_every_player_count(game_id: str) -> None:
    if game_id not in playable_games():
        pytest.skip(f"{game_id} is not playable yet")
    from ninjadojo.games import game_class

    spec = game_class(game_id).SPEC
    for info in describe_bots(game_id):
        assert info.name in info.costs, f"{game_id}'s {info.name} has no measured cost"
        measured = sorted(cost.players for cost in info.costs[info.name])
        assert measured == list(range(spec.min_players, spec.max_players + 1)), (info.name, measured)
        for rows in info.costs.values():
            assert all(cost.ms_per_decision > 0 and cost.seconds_per_game > 0 for cost in rows)


@needs_ninjitsu
def test_the_listing_states_costs_and_the_cheaper_sim_default(runner: CliRunner) -> None:
    entry = _listing(runner)["ninjitsu"]
    assert entry["default_bot"] == "heuristic" and entry["sim_default_bot"] == "heuristic:depth=0"
    heuristic = entry["bot_info"]["heuristic"]
    assert heuristic["parameters"] == {"samples": "4", "depth": "1"}
    assert {"heuristic", "heuristic:depth=0"} <= set(heuristic["costs"])
    # Looking a round ahead costs more than not: the sim default is the cheaper one.
    dear = {row["players"]: row["seconds_per_game"] for row in heuristic["costs"]["heuristic"]}
    cheap = {row["players"]: row["seconds_per_game"] for row in heuristic["costs"]["heuristic:depth=0"]}
    assert all(cheap[players] < dear[players] for players in dear)
    text = runner.invoke(app, ["games"]).stdout.split("ninjitsu: ")[1].split("knights-and-ninjas:")[0]
    assert "heuristic (samples=4, depth=1): " in text
    assert "        cost: " in text and " ms a decision, " in text and " s a game at 2 players; " in text
    assert "        heuristic:depth=0 costs: " in text
    assert "dojo sim plays heuristic:depth=0 unless --bots says otherwise" in text


def test_saved_lists_the_data_folder(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NINJADOJO_HOME", str(tmp_path))
    empty = runner.invoke(app, ["games", "--saved", "--json"])
    assert empty.exit_code == 0, empty.output
    assert json.loads(empty.stdout) == []
    text = runner.invoke(app, ["games", "--saved"])
    assert text.exit_code == 0 and f"no saved games in {tmp_path / 'saves'}" in text.stdout.replace("\n", "")


def test_saved_hands_the_json_flag_to_the_saves_listing(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    from ninjadojo.cli import saves

    calls: list[bool] = []

    def fake(console: Console, as_json: bool, game: str | None = None) -> None:
        calls.append(as_json)

    monkeypatch.setattr(saves, "print_saved", fake)
    assert runner.invoke(app, ["games", "--saved"]).exit_code == 0
    assert runner.invoke(app, ["games", "--saved", "--json"]).exit_code == 0
    assert calls == [False, True]


def test_saved_of_one_game_lists_only_its_saves_and_an_unknown_game_is_refused(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cli.helpers import write_save
    from ninjadojo.api import new_game

    monkeypatch.setenv("NINJADOJO_HOME", str(tmp_path))
    (tmp_path / "saves").mkdir()
    for game_id in ("ninja-trap", "ninja-camp"):
        write_save(tmp_path / "saves" / f"{game_id}-1.dojo.json", new_game(game_id, 2, seed=3),
                   {"humans": [0], "bots": {"1": "random"}, "finished": False})
    listed = json.loads(runner.invoke(app, ["games", "ninja-trap", "--saved", "--json"]).stdout)
    assert [entry["game"] for entry in listed] == ["ninja-trap"]
    text = runner.invoke(app, ["games", "ninja-camp", "--saved"])
    assert "saved games of ninja-camp in" in text.stdout and "ninja-trap" not in text.stdout.split("--resume")[0]
    wrong = runner.invoke(app, ["games", "chess", "--saved"])
    assert wrong.exit_code == 2 and "unknown game 'chess'" in wrong.stderr
