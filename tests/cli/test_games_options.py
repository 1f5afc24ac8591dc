"""``dojo games GAME``: the game's options grouped by section, each with its label and help for players,
its choices in words, which other option it needs, and its typing name (``--option name=value``)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from engine.toygame import ToyState
from ninjadojo.cli.main import app
from ninjadojo.engine.options import Option

#: The toy game's options with words, a section of their own and a requirement, as a game gives them.
LABELLED = (
    Option("target", 15, "points to win", minimum=5, maximum=60, label="Points to win"),
    Option("blocks", True, "include the two Block cards", label="Block cards", group="Extra cards"),
    Option("bid", "high", "which card wins a bid", choices=("high", "low"), label="Bids",
           choice_labels=("The highest card", "The lowest card"), group="Extra cards",
           requires=("blocks", "true")),
    Option("slow", False, "a reading of the rules the other way", ruling=2, label="Slow bids",
           requires=("bid", "low")),
)


@pytest.fixture
def labelled(toy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game registered with :data:`LABELLED` as its options."""
    monkeypatch.setattr(ToyState, "SPEC", dataclasses.replace(ToyState.SPEC, options=LABELLED))


def test_one_game_lists_its_options_by_section_in_words_with_their_typing_names(labelled: None,
                                                                                   runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "toy"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith("toy: Toy, 2-4 players") and "ninjitsu:" not in text
    lines = [line.strip() for line in text.splitlines()]
    sections = [line for line in lines if line in ("Game:", "Extra cards:", "House rules:")]
    assert sections == ["Game:", "Extra cards:", "House rules:"]
    game, extra, house = (lines.index(section) for section in sections)
    assert any(line.startswith("Points to win - option target: int 5..60") for line in lines[game:extra])
    assert "points to win" in lines[game:extra]
    assert any(line.startswith("Block cards - option blocks: bool") for line in lines[extra:house])
    bids = next(line for line in lines[extra:house] if line.startswith("Bids"))
    assert bids.startswith("Bids (only with Block cards) - option bid: one of high|low")
    assert "choices: high = The highest card, low = The lowest card" in lines
    slow = next(line for line in lines[house:] if line.startswith("Slow bids"))
    assert slow.startswith("Slow bids (only with The lowest card) - option slow: bool")
    assert any(line.startswith("Max length - option max_length:") for line in lines[game:extra])


def test_the_json_listing_gives_each_options_words(labelled: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "toy", "--json"])
    assert result.exit_code == 0, result.output
    (entry,) = json.loads(result.stdout.strip().splitlines()[-1])
    words = {option["name"]: option for option in entry["option_words"]}
    assert words["bid"] == {"name": "bid", "label": "Bids", "group": "Extra cards", "help": "which card wins a bid",
                            "typing": LABELLED[2].brief(),
                            "choices": {"high": "The highest card", "low": "The lowest card"},
                            "only_with": "only with Block cards"}
    assert words["target"]["only_with"] is None and words["slow"]["group"] == "House rules"


def test_an_unknown_game_is_refused_naming_the_games(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr and "ninjitsu" in result.stderr


def test_an_option_needing_two_expansions_says_both(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "ninjitsu"])
    assert result.exit_code == 0, result.output
    line = next(line.strip() for line in result.stdout.splitlines() if "option drought_draw" in line)
    assert line.startswith("Drought allows an empty Draw (only with Heavy Weather and Promo Pack) - option"), line
