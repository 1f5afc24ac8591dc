"""The report's settings (every bad input refused with what is allowed) and its games (deterministic records)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from ninjadojo.engine import DojoError, OptionError
from ninjadojo.engine.errors import UnknownGameError
from ninjadojo.report import PROGRESS_FILE, ReportProgress, ReportSettings, play_record, run_report
from ninjadojo.report.collect import Batch, make_batches, play_batch
from ninjadojo.report.records import parse_batch_line
from ninjadojo.report.settings import LINEUPS_TURNED
from ninjadojo.report.summary import report_data

GAME = "ninja-trap"


def test_defaults_cover_every_player_count_of_the_game() -> None:
    settings = ReportSettings.build(GAME, games=3)
    assert settings.player_counts == (2, 3, 4)
    assert [variant.label for variant in settings.variants] == ["default"]
    assert settings.total_games == 9
    assert settings.variants[0].options["max_length"] == settings.max_length


def test_player_counts_are_sorted_and_unique() -> None:
    assert ReportSettings.build(GAME, players=[4, 2, 4]).player_counts == (2, 4)


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"game_id": "chess"}, ["unknown game", "ninjitsu"]),
    ({"players": 7}, ["2 to 4", "7"]),
    ({"players": []}, ["players"]),
    ({"players": "2"}, ["players"]),
    ({"games": 0}, ["number of games", "0"]),
    ({"bots": ["nobody"]}, ["unknown bot", "random"]),
    ({"options": {"colour": "red"}}, ["unknown option", "colour", "max_length"]),
    ({"seed": -1}, ["seed"]),
    ({"compare": ("colour", "red", "blue")}, ["colour", "not an option", "max_length"]),
    ({"compare": ("max_length", "100", "0")}, ["max_length", "at least 1"]),
    ({"compare": ("max_length", "100", "100")}, ["same value"]),
    ({"compare": ("max_length", "100")}, ["OPTION, A, B"]),
    ({"compare": ("max_length", "100", "200"), "max_length": 50}, ["give it only there"]),
    ({"max_length": 50, "options": {"max_length": 60}}, ["given twice"]),
])
def test_bad_settings_are_refused_naming_what_is_allowed(kwargs: dict[str, object], words: list[str]) -> None:
    arguments: dict[str, object] = {"game_id": GAME, **kwargs}
    with pytest.raises((OptionError, UnknownGameError)) as caught:
        ReportSettings.build(**arguments)  # type: ignore[arg-type]
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message


def test_compare_values_are_checked_at_every_player_count() -> None:
    # Ninjitsu!'s element_seats names seats: seat 3 exists at 4 players but not at 2.
    arguments = {"options": {"expansions": "elements"}, "compare": ("element_seats", "0", "3")}
    assert ReportSettings.build("ninjitsu", players=4, **arguments).compare == ("element_seats", "0", "3")
    with pytest.raises(OptionError, match="2-player game has seats 0 to 1"):
        ReportSettings.build("ninjitsu", players=[2, 4], **arguments)


def test_compare_builds_two_variants_differing_only_in_the_option() -> None:
    settings = ReportSettings.build("ninjitsu", players=2, compare=("target", "21", "15"),
                                    options={"expansions": "promo"})
    first, second = settings.variants
    assert (first.label, second.label) == ("target=21", "target=15")
    assert {name for name in first.options if first.options[name] != second.options[name]} == {"target"}
    assert first.options["expansions"] == "promo"
    assert settings.options == {"expansions": "promo"}
    assert settings.compare == ("target", 21, 15)


def test_compare_values_that_mean_the_same_are_refused() -> None:
    with pytest.raises(OptionError, match="same value"):
        ReportSettings.build("ninjitsu", players=2, compare=("crossover", "no", "false"))


def _what_each_seat_meets(settings: ReportSettings, players: int, games: int) -> list[Counter[tuple[str, ...]]]:
    """Per seat, how often it met each table as seen from it: its own spec, then the others' in seat order after it."""
    met: list[Counter[tuple[str, ...]]] = [Counter() for _ in range(players)]
    for index in range(games):
        lineup = settings.lineup(players, index)
        for seat in range(players):
            met[seat][lineup[seat:] + lineup[:seat]] += 1
    return met


@pytest.mark.parametrize(("specs", "players"), [
    (["random", "heuristic"], 3),  # the specs do not divide the seats: A-B-A and B-A-B used to alternate
    (["random", "heuristic"], 4),
    (["random", "heuristic", "forgetful"], 2),
    (["random", "heuristic", "forgetful"], 4),
    (["random", "heuristic", "forgetful", "careless"], 4),
])
def test_several_bot_specs_seat_every_seat_alike(specs: list[str], players: int) -> None:
    # A seat's win rate may differ from another's only by the seat: every seat must meet the same tables,
    # from its own place, as often as every other seat (one full cycle of line-ups and turns).
    settings = ReportSettings.build(GAME, players=players, bots=specs)
    cycle = players * len(specs)
    met = _what_each_seat_meets(settings, players, cycle)
    assert all(seat_met == met[0] for seat_met in met)
    held = Counter(spec for index in range(cycle) for spec in settings.lineup(players, index))
    assert set(held) == set(specs)


def test_specs_that_divide_the_seats_keep_one_line_up_turned_a_seat_a_game() -> None:
    settings = ReportSettings.build(GAME, players=4, bots=["random", "heuristic"])
    assert settings.lineup(4, 0) == ("random", "heuristic", "random", "heuristic")
    assert settings.lineup(4, 1) == ("heuristic", "random", "heuristic", "random")
    assert ReportSettings.build(GAME, players=3, bots=["random"]).lineup(3, 5) == ("random",) * 3
    assert "lineups" not in settings.fingerprint()


def test_an_old_report_folder_that_seated_mixed_bots_unfairly_is_not_continued(tmp_path: Path) -> None:
    settings = ReportSettings.build(GAME, players=3, games=2, bots=["random", "heuristic"])
    assert settings.fingerprint()["lineups"] == LINEUPS_TURNED
    # A folder written by the version before: the same header without "lineups".
    header = ReportProgress.header(settings)
    del header["report"]["lineups"]
    (tmp_path / PROGRESS_FILE).write_text(json.dumps(header) + "\n")
    with pytest.raises(OptionError) as refused:
        ReportProgress.read(tmp_path, settings)
    assert ("the line-ups of --bots was 'specs turned one seat a game (an older version)' there, "
            "'each turned through every seat' now") in str(refused.value)


def test_a_game_record_is_deterministic_and_consistent() -> None:
    settings = ReportSettings.build(GAME, players=3, games=5, seed=4)
    record = play_record(settings, 0, 3, 2)
    assert record == play_record(settings, 0, 3, 2)
    assert record != play_record(settings, 0, 3, 3)
    assert record.key == (0, 3, 2)
    assert len(record.decisions) == len(record.scores) == len(record.features) == 3
    assert record.branching_count == sum(record.decisions) <= record.length
    assert record.branching_max >= 2 and record.branching_sum >= 2 * record.branching_count
    assert record.branching_sum <= record.branching_max * record.branching_count
    assert not record.truncated and record.winners


def test_game_seeds_depend_on_players_and_index_only() -> None:
    settings = ReportSettings.build(GAME, players=[2, 3], compare=("max_length", "900", "1000"))
    assert settings.game_seed(2, 1) != settings.game_seed(3, 1) != settings.game_seed(3, 2)
    # Neither variant reaches its limit in these games, so the paired games are the same game.
    assert play_record(settings, 0, 2, 1).length == play_record(settings, 1, 2, 1).length


def test_results_depend_neither_on_workers_nor_on_batching() -> None:
    settings = ReportSettings.build(GAME, players=[2, 3], games=12, seed=9)
    here = run_report(settings)
    spread = run_report(settings, workers=2)
    assert here.records == spread.records
    assert len(here.records) == settings.total_games and here.complete and not here.interrupted
    single = [play_record(settings, record.variant, record.players, record.index) for record in here.records]
    assert list(here.records) == single
    assert here.played == settings.total_games and here.actions == sum(record.length for record in here.records)


def test_each_bot_s_win_rate_counts_every_seat_it_held() -> None:
    settings = ReportSettings.build(GAME, players=3, games=12, bots=["heuristic", "random"], seed=3)
    data = report_data(run_report(settings), speed=False)
    row = data["variants"][0]["player_counts"][0]
    bots = {entry["bot"]: entry for entry in row["bots"]}
    assert set(bots) == {"heuristic", "random"}
    assert sum(entry["seat_games"] for entry in bots.values()) == 12 * 3
    # Every finished game's win is shared out among the seats, so the bots' wins add up to the seats'.
    assert sum(entry["wins"] for entry in bots.values()) == pytest.approx(sum(seat["wins"] for seat in row["seats"]))
    held = sum(1 for index in range(12) for spec in settings.lineup(3, index) if spec == "heuristic")
    assert bots["heuristic"]["seat_games"] == held
    one = report_data(run_report(ReportSettings.build(GAME, players=3, games=2, seed=3)), speed=False)
    assert "bots" not in one["variants"][0]["player_counts"][0]


def test_batches_cover_every_game_once_and_skip_the_done() -> None:
    settings = ReportSettings.build(GAME, players=[2, 4], games=23, compare=("max_length", "900", "1000"))
    batches = make_batches(settings, lambda key: False)
    keys = [(batch.variant, batch.players, index) for batch in batches for index in batch.indexes]
    assert len(keys) == len(set(keys)) == settings.total_games
    done = {key for key in keys if key[2] % 3 == 0}
    rest = [(batch.variant, batch.players, index) for batch in make_batches(settings, done.__contains__)
            for index in batch.indexes]
    assert set(rest) == set(keys) - done


def test_a_batch_travels_as_a_line_that_gives_back_its_records() -> None:
    settings = ReportSettings.build(GAME, players=2, games=4, seed=3)
    line = play_batch(settings, Batch(0, 2, (0, 1, 2)))
    assert line.endswith("\n") and line.count("\n") == 1
    assert parse_batch_line(line, settings) == [play_record(settings, 0, 2, index) for index in (0, 1, 2)]


def test_on_game_hears_of_every_game() -> None:
    settings = ReportSettings.build(GAME, players=2, games=7)
    heard: list[tuple[int, int, int]] = []
    run_report(settings, on_game=lambda record: heard.append(record.key))
    assert sorted(heard) == [(0, 2, index) for index in range(7)]


def test_a_bot_choosing_an_illegal_action_stops_the_run_with_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    from ninjadojo import bots
    from ninjadojo.bots import RandomBot

    class Cheat(RandomBot):
        def choose(self, view: bots.SeatView) -> str:
            return "nonsense"

    monkeypatch.setitem(bots.GENERIC_BOTS, "cheat", Cheat)
    settings = ReportSettings.build(GAME, players=2, games=2, bots=["cheat"])
    with pytest.raises(DojoError, match="illegal action"):
        run_report(settings)


def test_ray_without_support_is_a_clear_error_or_runs() -> None:
    settings = ReportSettings.build(GAME, players=2, games=2)
    import inspect

    from ninjadojo.sim.parallel import run_jobs

    if "ray" in inspect.signature(run_jobs).parameters:
        pytest.skip("run_jobs takes ray: the Ray path is tested with Ray")
    with pytest.raises(OptionError, match="--ray"):
        run_report(settings, ray="127.0.0.1:6379")
