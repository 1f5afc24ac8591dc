"""Difficulty levels: accepted wherever a bot spec is, each mapped per game to a bot that exists, with a
clear error for a bad one."""

from __future__ import annotations

import pytest

from engine.toygame import ToyState
from ninjadojo.bots import (
    LEVELS,
    SeatView,
    available_bots,
    bot_cost,
    canonical_spec,
    describe_bots,
    level_of,
    make_bot,
    parse_bot_spec,
)
from ninjadojo.bots.levels import FALLBACK_LEVELS, LEVEL_SPECS
from ninjadojo.engine import OptionError
from ninjadojo.games import game_class, playable_games
from ninjadojo.sim import SimSettings, run_games
from ninjadojo.table.seats import make_bots


def test_the_levels_are_named_weakest_first() -> None:
    assert LEVELS == ("easy", "medium", "hard", "expert")


@pytest.mark.parametrize("game_id", playable_games())
def test_every_level_of_every_game_is_a_spec_of_a_bot_the_game_has(game_id: str) -> None:
    bots = available_bots(game_id)
    for level in LEVELS:
        assert level in bots
        spec = level_of(game_id, level)
        assert spec is not None and spec == LEVEL_SPECS[game_id][level]
        name, _ = parse_bot_spec(spec)
        assert name in bots and name not in LEVELS
        # The level builds that bot, with the same settings: it is the same bot by its canonical spec.
        assert type(make_bot(level, game_id, seed=1)) is type(make_bot(spec, game_id, seed=1))
        assert canonical_spec(game_id, level) == canonical_spec(game_id, spec)


@pytest.mark.parametrize("game_id", playable_games())
def test_every_level_states_a_cost_at_every_player_count(game_id: str) -> None:
    spec = game_class(game_id).SPEC
    infos = {info.name: info for info in describe_bots(game_id)}
    for level in LEVELS:
        rows = infos[level].costs.get(level, ())
        assert sorted(row.players for row in rows) == list(range(spec.min_players, spec.max_players + 1)), level
        assert bot_cost(game_id, level, spec.min_players) is not None
        assert infos[level].summary.startswith(f"Difficulty level {level}: {LEVEL_SPECS[game_id][level]}")


def test_a_new_game_gets_the_fallback_levels(toy: type[ToyState]) -> None:
    # The toy game has no row of its own and no heuristic bot: its levels are the fallback's.
    for level in LEVELS:
        assert level_of("toy", level) == FALLBACK_LEVELS[level]
        make_bot(level, "toy")


def test_a_level_plays_at_the_table_and_in_a_simulation() -> None:
    bots = make_bots("knights-and-ninjas", {1: "easy", 2: "medium"}, seed=3)
    assert set(bots) == {1, 2}
    settings = SimSettings.build("knights-and-ninjas", 3, bots=["easy", "medium", "hard"], games=1, seed=2)
    run = run_games(settings)
    assert len(run.outcomes) == 1 and run.outcomes[0].lineup == ("easy", "medium", "hard")


def test_a_level_bot_chooses_legal_actions() -> None:
    game = game_class("ninja-camp").new(3, seed=4)
    seat = game.to_act()[0]
    assert make_bot("hard", "ninja-camp", seed=2).choose(SeatView(game, seat)) in game.legal_actions(seat)


@pytest.mark.parametrize(("spec", "words"), [
    ("hard:iterations=5", "the level 'hard' takes no parameters"),
    ("expert:depth=1", "write that spec with the parameters you want instead"),
    ("impossible", "unknown bot 'impossible' for ninja-trap; bots: "),
    ("impossible", "levels: easy, medium, hard, expert"),
])
def test_a_bad_level_or_spec_is_a_clear_error(spec: str, words: str) -> None:
    for call in (lambda: make_bot(spec, "ninja-trap"), lambda: canonical_spec("ninja-trap", spec)):
        with pytest.raises(OptionError) as error:
            call()
        assert words in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("spec", ["random:seed=3", "heuristic:seed=1", "ismcts:iterations=5,seed=2"])
def test_a_seed_in_a_spec_is_refused_saying_where_the_seed_comes_from(spec: str) -> None:
    """Python's "got multiple values for keyword argument 'seed'" told nothing: every bot is seeded from the
    game's seed, and the error says so."""
    with pytest.raises(OptionError, match="seed is not a bot's parameter; every bot is seeded from the game's seed"):
        make_bot(spec, "ninja-trap")


def test_the_documented_levels_are_the_levels() -> None:
    # docs/bots.md's table of levels is what a player reads: it must say what the code plays.
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()
    section = text[text.index("## Difficulty levels"):]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] in LEVEL_SPECS:
            rows[cells[0]] = dict(zip(LEVELS, cells[1:], strict=True))
    assert rows == LEVEL_SPECS
