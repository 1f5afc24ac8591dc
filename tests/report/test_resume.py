"""A report's folder: a run cut short continues where it stopped, with the same result as one uninterrupted run."""

from __future__ import annotations

from pathlib import Path

import pytest

from ninjadojo.engine import OptionError, SaveError
from ninjadojo.report import PROGRESS_FILE, ReportProgress, ReportSettings, report_data, run_report
from ninjadojo.report.collect import ReportRun
from ninjadojo.report.records import GameRecord

GAME = "ninja-trap"


def _settings(**changes: object) -> ReportSettings:
    arguments: dict[str, object] = {"players": [2, 3], "games": 30, "seed": 6, "compare": ("max_length", "1000", "60")}
    arguments.update(changes)
    return ReportSettings.build(GAME, **arguments)  # type: ignore[arg-type]


def _interrupted(folder: Path, settings: ReportSettings, after: int) -> ReportRun:
    heard = 0

    def press_ctrl_c(record: GameRecord) -> None:
        nonlocal heard
        heard += 1
        if heard == after:
            raise KeyboardInterrupt

    return run_report(settings, progress=ReportProgress.read(folder, settings), on_game=press_ctrl_c)


def _figures(run: ReportRun) -> dict[str, object]:
    data = report_data(run, speed=False)
    del data["speed"], data["resumed"], data["interrupted"]
    return data


def test_a_rerun_continues_and_ends_as_an_uninterrupted_run(tmp_path: Path) -> None:
    settings = _settings()
    cut = _interrupted(tmp_path, settings, after=25)
    assert cut.interrupted and not cut.complete and 25 <= len(cut.records) < settings.total_games
    progress = ReportProgress.read(tmp_path, settings)
    assert set(progress.done) == {record.key for record in cut.records}
    again = run_report(settings, progress=progress)
    assert again.complete and not again.interrupted
    assert again.resumed == len(cut.records) and again.played == settings.total_games - len(cut.records)
    whole = run_report(settings)
    assert again.records == whole.records
    assert _figures(again) == _figures(whole)
    # A third run has nothing left to play and writes nothing.
    size = (tmp_path / PROGRESS_FILE).stat().st_size
    third = run_report(settings, progress=ReportProgress.read(tmp_path, settings))
    assert third.played == 0 and third.records == whole.records
    assert (tmp_path / PROGRESS_FILE).stat().st_size == size


@pytest.mark.parametrize(("changes", "flag"), [
    ({"seed": 7}, "--seed"),
    ({"players": [2]}, "--players"),
    ({"compare": ("max_length", "1000", "61")}, "--compare"),
    ({"compare": None}, "--compare"),
    ({"bots": ["heuristic"]}, "--bots"),
])
def test_a_folder_holding_another_report_is_refused_and_left_alone(tmp_path: Path, changes: dict[str, object],
                                                                   flag: str) -> None:
    _interrupted(tmp_path, _settings(), after=5)
    before = (tmp_path / PROGRESS_FILE).read_bytes()
    with pytest.raises(OptionError) as caught:
        ReportProgress.read(tmp_path, _settings(**changes))
    assert "holds another report" in str(caught.value) and flag in str(caught.value)
    assert (tmp_path / PROGRESS_FILE).read_bytes() == before


def test_a_refused_comparison_is_said_as_it_is_typed(tmp_path: Path) -> None:
    _interrupted(tmp_path, _settings(), after=5)
    with pytest.raises(OptionError) as caught:
        ReportProgress.read(tmp_path, _settings(compare=("max_length", "1000", "61")))
    assert "--compare was 'max_length=1000 max_length=60' there, 'max_length=1000 max_length=61' now" \
        in str(caught.value)
    with pytest.raises(OptionError) as caught:
        ReportProgress.read(tmp_path, _settings(compare=None))
    assert "'none' now" in str(caught.value)


def test_the_same_bot_written_another_way_is_the_same_report(tmp_path: Path) -> None:
    settings = ReportSettings.build(GAME, players=2, games=4, bots=["heuristic"])
    run_report(settings, progress=ReportProgress.read(tmp_path, settings))
    canonical = ReportSettings.build(GAME, players=2, games=4, bots=[settings.fingerprint()["bots"][0]])  # type: ignore[index]
    assert len(ReportProgress.read(tmp_path, canonical).done) == 4


def test_a_torn_last_line_is_dropped_and_its_games_played_again(tmp_path: Path) -> None:
    settings = _settings()
    _interrupted(tmp_path, settings, after=10)
    path = tmp_path / PROGRESS_FILE
    whole = path.read_bytes()
    done = set(ReportProgress.read(tmp_path, settings).done)
    path.write_bytes(whole + b'{"v":0,"p":2,"i":[29],"n":[],"g":[[12,')
    progress = ReportProgress.read(tmp_path, settings)
    assert set(progress.done) == done
    again = run_report(settings, progress=progress)
    assert again.complete and again.records == run_report(settings).records
    assert len(ReportProgress.read(tmp_path, settings).done) == settings.total_games


def test_more_games_add_to_a_report_and_fewer_report_the_first(tmp_path: Path) -> None:
    small = _settings(games=8, compare=None, players=2)
    run_report(small, progress=ReportProgress.read(tmp_path, small))
    larger = _settings(games=20, compare=None, players=2)
    grown = run_report(larger, progress=ReportProgress.read(tmp_path, larger))
    assert (grown.resumed, grown.played) == (8, 12) and grown.records == run_report(larger).records
    fewer = _settings(games=5, compare=None, players=2)
    shrunk = run_report(fewer, progress=ReportProgress.read(tmp_path, fewer))
    assert shrunk.played == 0 and [record.index for record in shrunk.records] == [0, 1, 2, 3, 4]


def test_bad_folders_and_files_are_refused(tmp_path: Path) -> None:
    settings = _settings(games=3)
    afile = tmp_path / "a-file"
    afile.write_text("hello")
    with pytest.raises(OptionError, match="is a file, not a folder"):
        ReportProgress.read(afile, settings)
    (tmp_path / PROGRESS_FILE).write_text('{"format": "something-else"}\n')
    with pytest.raises(SaveError, match="not a report's progress file"):
        ReportProgress.read(tmp_path, settings)


def test_a_malformed_line_is_named(tmp_path: Path) -> None:
    settings = _settings(games=3)
    run_report(settings, progress=ReportProgress.read(tmp_path, settings))
    path = tmp_path / PROGRESS_FILE
    lines = path.read_text().splitlines(keepends=True)
    lines.insert(2, '{"v":5,"p":2,"i":[0],"n":[],"g":[]}\n')
    path.write_text("".join(lines))
    with pytest.raises(SaveError, match=r"line 3 .* variant 5"):
        ReportProgress.read(tmp_path, settings)


def test_a_different_option_is_named(tmp_path: Path) -> None:
    settings = _settings(games=3, compare=None)
    run_report(settings, progress=ReportProgress.read(tmp_path, settings))
    with pytest.raises(OptionError, match="option max_length was 2000 there, 500 now"):
        ReportProgress.read(tmp_path, _settings(games=3, compare=None, max_length=500))


@pytest.mark.parametrize(("field", "value", "words"), [
    (0, True, "not counts"),
    (1, [1], "one per seat"),
    (4, [1, "x"], "not 2 numbers"),
    (5, [0, 0], "not distinct seats"),
    (5, [2], "not distinct seats"),
    (6, 2, "not counts"),
    (7, [[0], [99]], "not numbers of the line's names"),
])
def test_a_malformed_game_in_a_line_is_refused(field: int, value: object, words: str) -> None:
    import json

    from ninjadojo.report.records import batch_line, parse_batch_line

    settings = _settings(games=3, compare=None, players=2)
    line = json.loads(batch_line(0, 2, run_report(settings).records[:1]))
    line["g"][0][field] = value
    with pytest.raises(ValueError, match=words):
        parse_batch_line(json.dumps(line), settings)


@pytest.mark.parametrize("game_id", ["ninjitsu", "knights-and-ninjas", "ninja-trap", "ninja-camp", "ninjato"])
def test_every_games_records_survive_the_line(game_id: str) -> None:
    from ninjadojo.report.records import batch_line, parse_batch_line

    settings = ReportSettings.build(game_id, players=3, games=2, seed=1)
    records = run_report(settings).records
    assert parse_batch_line(batch_line(0, 3, records), settings) == list(records)
    assert all(any(record.features) for record in records)
