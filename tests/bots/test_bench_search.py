"""``dojo bench --bot SPEC``: a searching bot's iterations per second at the opening, besides the figures
``--bots`` gives; and its errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from engine.toygame import ToyState
from ninjadojo.cli.main import app
from ninjadojo.engine import OptionError
from ninjadojo.games import game_class
from ninjadojo.sim.bench import bench_search


def _json(stdout: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(stdout.strip().splitlines()[-1])
    return data


def test_the_search_is_timed_at_the_opening_of_game_after_game() -> None:
    cls = game_class("knights-and-ninjas")
    result = bench_search(cls, 3, cls.validate_options(3, {}), "ismcts:iterations=25", 0.0, seed=4)
    # At least one decision, each a whole search of the budget.
    decisions = result["search_decisions"]
    assert isinstance(decisions, int) and decisions >= 1
    assert result["iterations"] == 25 * decisions and result["iterations_per_decision"] == 25.0
    rate, cost = result["iterations_per_second"], result["ms_per_iteration"]
    assert isinstance(rate, float) and isinstance(cost, float) and rate > 0 and cost > 0


def test_a_bot_that_does_not_search_is_refused() -> None:
    cls = game_class("knights-and-ninjas")
    with pytest.raises(OptionError, match="does not search"):
        bench_search(cls, 3, cls.validate_options(3, {}), "random", 0.0, seed=4)


def test_dojo_bench_bot_prints_iterations_per_second_and_the_bots_figures(toy: type[ToyState]) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["bench", "toy", "--players", "3", "--bot", "ismcts:iterations=20", "--seconds", "0",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = _json(result.stdout)
    iterations_per_second = data["iterations_per_second"]
    assert isinstance(iterations_per_second, float) and iterations_per_second > 0
    # What --bots prints is there too, with that bot in every seat.
    assert data["bots"] == ["ismcts:iterations=20"] * 3
    assert {"games", "actions_per_second", "bot_ms_per_decision", "seconds_per_game"} <= set(data)
    text = runner.invoke(app, ["bench", "toy", "--players", "3", "--bot", "ismcts:iterations=20", "--seconds", "0"])
    assert text.exit_code == 0 and " iterations/s, " in text.stdout


@pytest.mark.parametrize(("arguments", "words"), [
    (["--bot", "ismcts", "--bots", "random"], "give --bot (one searching bot in every seat) or --bots, not both"),
    (["--bot", "random"], "does not search"),
    (["--bot", "ismcts:iterations=-3"], "iterations must be"),
])
def test_dojo_bench_bot_errors_are_one_line(toy: type[ToyState], arguments: list[str], words: str) -> None:
    result = CliRunner().invoke(app, ["bench", "toy", "--seconds", "0", *arguments])
    assert result.exit_code == 2
    assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1
