"""The progress file: Ctrl-C keeps the games done, a rerun continues to the same results as one run, and a
folder holding another arena (or something else) is refused before anything is written."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.helpers import GAME, INTERRUPTED_DEAL, SEED, calm, same_game
from ninjadojo.arena import PROGRESS_FILE, ArenaOutcome, ArenaSettings, Progress, play_arena_game, run_arena, summarise
from ninjadojo.engine import OptionError, SaveError

SPECS = ["flaky", "heuristic", "forgetful"]


def _settings(**changes: Any) -> ArenaSettings:
    arguments: dict[str, Any] = {"bots": SPECS, "players": 2, "games": 10, "seed": SEED, **changes}
    return ArenaSettings.build(GAME, **arguments)


def _uninterrupted(settings: ArenaSettings, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    calm(monkeypatch)
    return summarise(settings, run_arena(settings).outcomes)


def _interrupted_index(settings: ArenaSettings) -> int:
    return next(index for index in range(settings.total_games)
                if settings.game(index).deal == INTERRUPTED_DEAL and settings.game(index).lineup[0] == "flaky")


def test_ctrl_c_keeps_the_games_finished_and_drops_the_one_being_played(flaky: pytest.MonkeyPatch,
                                                                        tmp_path: Path) -> None:
    settings = _settings()
    run = run_arena(settings, progress=Progress.read(tmp_path, settings))
    stopped = _interrupted_index(settings)
    assert run.interrupted and not run.complete
    assert [outcome.index for outcome in run.outcomes] == list(range(stopped))
    lines = (tmp_path / PROGRESS_FILE).read_text().splitlines()
    assert len(lines) == 1 + stopped, "a header, then one line per finished game"
    assert {json.loads(line)["index"] for line in lines[1:]} == set(range(stopped))
    saved = Progress.read(tmp_path, settings).done
    assert [same_game(saved[index]) for index in sorted(saved)] == list(map(same_game, run.outcomes))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_rerun_continues_to_the_results_of_one_uninterrupted_run(flaky: pytest.MonkeyPatch, tmp_path: Path,
                                                                   workers: int) -> None:
    settings = _settings()
    first = run_arena(settings, workers, Progress.read(tmp_path, settings))
    assert first.interrupted and 0 < len(first.outcomes) < settings.total_games
    calm(flaky)
    second = run_arena(settings, workers, Progress.read(tmp_path, settings))
    assert second.complete and not second.interrupted
    assert second.resumed == len(first.outcomes)
    assert summarise(settings, second.outcomes) == _uninterrupted(settings, flaky)
    lines = (tmp_path / PROGRESS_FILE).read_text().splitlines()
    assert len(lines) == 1 + settings.total_games, "no game was played twice"


def test_a_finished_arena_rerun_plays_nothing_and_gives_the_same_results(tmp_path: Path) -> None:
    settings = ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=6, seed=1)
    first = run_arena(settings, progress=Progress.read(tmp_path, settings))
    before = (tmp_path / PROGRESS_FILE).read_bytes()
    again = run_arena(settings, progress=Progress.read(tmp_path, settings))
    assert again.resumed == settings.total_games
    assert (tmp_path / PROGRESS_FILE).read_bytes() == before
    assert summarise(settings, again.outcomes) == summarise(settings, first.outcomes)


def test_a_line_cut_off_mid_write_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    settings = ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=6, seed=1)
    whole = run_arena(settings, progress=Progress.read(tmp_path, settings))
    path = tmp_path / PROGRESS_FILE
    lines = path.read_text().splitlines(keepends=True)
    # Keep the header and three games, then half of the fourth game's line (no newline).
    path.write_text("".join(lines[:4]) + lines[4][: len(lines[4]) // 2])
    progress = Progress.read(tmp_path, settings)
    assert len(progress.done) == 3
    again = run_arena(settings, progress=progress)
    assert summarise(settings, again.outcomes) == summarise(settings, whole.outcomes)
    reread = path.read_text().splitlines()
    assert len(reread) == 1 + settings.total_games and all(json.loads(line) for line in reread)


@pytest.mark.parametrize(("change", "flag"), [({"seed": SEED + 1}, "--seed"), ({"games": 20}, "--games"),
                                             ({"bots": ["heuristic", "flaky", "forgetful"]}, "--bots"),
                                             ({"players": 3}, "--players"),
                                             ({"max_length": 500}, "--option/--max-actions")])
def test_another_arena_in_the_same_folder_is_refused_and_nothing_is_written(
        flaky: pytest.MonkeyPatch, tmp_path: Path, change: dict[str, object], flag: str) -> None:
    settings = _settings()
    run_arena(settings, progress=Progress.read(tmp_path, settings))
    before = (tmp_path / PROGRESS_FILE).read_bytes()
    with pytest.raises(OptionError, match="holds another arena") as error:
        Progress.read(tmp_path, _settings(**change))
    assert flag in str(error.value) and "\n" not in str(error.value)
    assert (tmp_path / PROGRESS_FILE).read_bytes() == before


def test_a_refusal_says_the_games_and_the_option_as_they_were_typed(tmp_path: Path) -> None:
    settings = ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=6, seed=1)
    run_arena(settings, progress=Progress.read(tmp_path, settings))
    with pytest.raises(OptionError) as error:
        Progress.read(tmp_path, ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=12, seed=1))
    assert "--games was 6 there, 12 now" in str(error.value)  # not the deals (3 and 6) the folder keeps
    with pytest.raises(OptionError) as error:
        Progress.read(tmp_path, ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=6, seed=1,
                                                    options={"stalemate": "fewest_hits"}))
    assert "option stalemate was 'shared' there, 'fewest_hits' now" in str(error.value)


def test_the_same_bots_written_otherwise_continue_the_same_arena(flaky: pytest.MonkeyPatch, tmp_path: Path) -> None:
    settings = _settings()
    run_arena(settings, progress=Progress.read(tmp_path, settings))
    spelled = _settings(bots=["flaky", "heuristic:forget=0", "forgetful:forget=0.30"])
    assert len(Progress.read(tmp_path, spelled).done) == _interrupted_index(settings)


def test_a_gauntlet_and_a_round_robin_of_the_same_specs_are_different_arenas(tmp_path: Path) -> None:
    gauntlet = ArenaSettings.build(GAME, ["random"], players=2, games=2, gauntlet="heuristic")
    run_arena(gauntlet, progress=Progress.read(tmp_path, gauntlet))
    with pytest.raises(OptionError, match="--gauntlet"):
        Progress.read(tmp_path, ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=2))


@pytest.mark.parametrize("text", ["not json\n", '{"format": "something else"}\n',
                                  '{"format": "ninjadojo-arena-progress", "version": 99}\n'])
def test_a_progress_file_that_is_not_an_arena_s_is_refused(tmp_path: Path, text: str) -> None:
    (tmp_path / PROGRESS_FILE).write_text(text)
    settings = ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=2)
    with pytest.raises(SaveError):
        Progress.read(tmp_path, settings)
    assert (tmp_path / PROGRESS_FILE).read_text() == text


@pytest.mark.parametrize("edit", [
    lambda game: {**game, "index": 10_000},
    lambda game: {**game, "lineup": list(reversed(game["lineup"]))},
    lambda game: {**game, "winners": [5]},
    lambda game: {**game, "scores": [1.0]},
    lambda game: {**game, "length": -1},
])
def test_a_game_line_that_is_not_a_game_of_the_arena_is_refused(
        tmp_path: Path, edit: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    settings = ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=2, seed=1)
    run_arena(settings, progress=Progress.read(tmp_path, settings))
    path = tmp_path / PROGRESS_FILE
    header, first, *rest = path.read_text().splitlines()
    path.write_text("\n".join([header, json.dumps(edit(json.loads(first))), *rest]) + "\n")
    with pytest.raises(SaveError, match=r"line 2 .* is not a game of this arena"):
        Progress.read(tmp_path, settings)


def test_a_file_given_as_the_folder_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "results"
    file.write_text("mine")
    with pytest.raises(OptionError, match="is a file"):
        Progress.read(file, ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=2))


def test_saved_games_are_the_games_played(tmp_path: Path) -> None:
    settings = ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=4, seed=3)
    run_arena(settings, progress=Progress.read(tmp_path, settings))
    saved: dict[int, ArenaOutcome] = Progress.read(tmp_path, settings).done
    assert {index: same_game(outcome) for index, outcome in saved.items()} == {
        index: same_game(play_arena_game(settings, index)) for index in range(settings.total_games)}
