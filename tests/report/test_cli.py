"""``dojo report`` through typer's runner: the files it writes, the summary and --json, continuing a report,
Ctrl-C (a partial report, exit 130), and bad input (one line on stderr, exit 2, nothing played or written).

The command is registered here on an app of its own, built as ``dojo``'s is (:class:`DojoTyper` with
:class:`DojoGroup`, whose usage errors are one line with exit 2), so that these tests do not depend on
``cli/main.py`` registering it.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from ninjadojo.cli import report as report_cli
from ninjadojo.cli.main import DojoGroup, DojoTyper
from ninjadojo.engine import OptionError
from ninjadojo.report import PROGRESS_FILE, ReportRun, ReportSettings, report_data, run_report
from ninjadojo.report.formats import HTML_FILE, JSON_FILE, MARKDOWN_FILE
from sim.helpers import ctrl_c_when_progress_holds, in_forked_child

GAME = "ninja-trap"
#: A small report: 3 players, 6 games, no engine bench.
SMALL = ["report", GAME, "-p", "3", "-n", "6", "--seed", "4", "--no-speed"]


def _app() -> typer.Typer:
    app = DojoTyper(name="dojo", cls=DojoGroup, add_completion=False)

    @app.callback()
    def dojo() -> None:
        """The dojo command, with report only."""

    app.command(name="report")(report_cli.report)
    return app


APP = _app()


@pytest.fixture
def runner() -> CliRunner:
    """A CLI runner (stdout and stderr apart)."""
    return CliRunner()


def _figures(data: dict[str, Any]) -> dict[str, Any]:
    """A report's data without what differs from run to run: its speed and how it was run."""
    return {key: value for key, value in data.items() if key not in ("speed", "resumed", "interrupted")}


def test_it_writes_the_report_and_prints_the_summary_and_where_it_is(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "trap"
    result = runner.invoke(APP, [*SMALL, "-p", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for name in (JSON_FILE, MARKDOWN_FILE, HTML_FILE, PROGRESS_FILE, "plots/seats-2p.png", "plots/seats-3p.png"):
        assert (out / name).is_file(), name
    data = json.loads((out / JSON_FILE).read_text())
    settings = ReportSettings.build(GAME, players=[2, 3], games=6, seed=4)
    assert _figures(data) == _figures(json.loads(json.dumps(report_data(run_report(settings), speed=False))))
    assert data["complete"] is True and data["speed"]["engine"] is None
    assert f"12 games of {data['game_name']}" in result.stdout
    assert f"report: {out / HTML_FILE}" in result.stdout
    assert "ninja-trap report" in result.stderr  # the progress bar


def test_json_prints_the_report_s_data_and_says_where_on_stderr(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(APP, [*SMALL, "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    assert printed == json.loads((tmp_path / JSON_FILE).read_text())
    assert f"report: {tmp_path / HTML_FILE}" in result.stderr


def test_the_default_folder_is_report_game_in_the_current_folder(runner: CliRunner, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(APP, [*SMALL[:4], "-n", "3", "--no-speed"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / f"report-{GAME}" / HTML_FILE).is_file()


def test_compare_reports_what_the_rule_changes(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(APP, [*SMALL, "--compare", "max_length=1000", "max_length=60", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / JSON_FILE).read_text())
    assert data["compare"] == {"option": "max_length", "a": "1000", "b": "60"}
    assert [variant["label"] for variant in data["variants"]] == ["max_length=1000", "max_length=60"]
    assert [entry["players"] for entry in data["differences"]] == [3]
    assert "Playing with max_length=60 instead of max_length=1000" in result.stdout
    assert (tmp_path / "plots" / "compare-3p.png").is_file()


def test_the_same_command_continues_and_another_report_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    first = runner.invoke(APP, [*SMALL, "--json", "--out", str(tmp_path)])
    again = runner.invoke(APP, [*SMALL, "--json", "--out", str(tmp_path)])
    assert again.exit_code == 0 and "continuing the report" in again.stderr and "6 of 6 games" in again.stderr
    assert _figures(json.loads(again.stdout)) == _figures(json.loads(first.stdout))
    assert json.loads(again.stdout)["resumed"] == 6
    before = (tmp_path / PROGRESS_FILE).read_bytes(), (tmp_path / JSON_FILE).read_bytes()
    other = runner.invoke(APP, [*SMALL[:-2], "5", "--no-speed", "--out", str(tmp_path)])
    assert other.exit_code == 2, other.output
    assert other.stderr.startswith("error:") and other.stderr.count("\n") == 1 and "--seed" in other.stderr
    assert ((tmp_path / PROGRESS_FILE).read_bytes(), (tmp_path / JSON_FILE).read_bytes()) == before


def test_ctrl_c_writes_a_partial_report_and_the_same_command_finishes_it(runner: CliRunner, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    command = ["report", GAME, "-p", "2", "-n", "30", "--seed", "4", "--json", "--out", str(tmp_path)]

    def pressed_after(games: int) -> Any:
        def run(*args: Any, on_game: Any = None, **kwargs: Any) -> Any:
            heard = 0

            def counting(record: Any) -> None:
                nonlocal heard
                heard += 1
                on_game(record)
                if heard == games:
                    raise KeyboardInterrupt

            return run_report(*args, on_game=counting, **kwargs)
        return run

    monkeypatch.setattr(report_cli, "run_report", pressed_after(15))
    stopped = runner.invoke(APP, command)
    assert stopped.exit_code == 130, stopped.output
    partial = json.loads(stopped.stdout)
    assert partial["complete"] is False and 15 <= partial["games_played"] < partial["games_total"] == 30
    assert partial["speed"]["engine"] is None, "after Ctrl-C the engine bench is skipped"
    assert json.loads((tmp_path / JSON_FILE).read_text()) == partial
    assert "interrupted: a partial report" in stopped.stderr and "the same command continues it" in stopped.stderr
    monkeypatch.setattr(report_cli, "run_report", run_report)
    finished = runner.invoke(APP, command)
    assert finished.exit_code == 0, finished.output
    whole = json.loads(finished.stdout)
    assert whole["complete"] is True and whole["resumed"] == partial["games_played"]
    settings = ReportSettings.build(GAME, players=2, games=30, seed=4)
    assert _figures(whole) == _figures(json.loads(json.dumps(report_data(run_report(settings), speed=False))))


def test_ctrl_c_while_writing_keeps_the_games_and_exits_130(runner: CliRunner, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(data: object, folder: Path) -> list[Path]:
        raise KeyboardInterrupt

    monkeypatch.setattr(report_cli, "write_report", interrupted)
    result = runner.invoke(APP, [*SMALL, "--out", str(tmp_path)])
    assert result.exit_code == 130, result.output
    assert "interrupted while writing the report" in result.stderr and "Traceback" not in result.output
    assert len((tmp_path / PROGRESS_FILE).read_text().splitlines()) > 1, "the games played are kept"


def test_a_long_report_says_up_front_how_long_it_will_take(runner: CliRunner, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def nothing_played(settings: ReportSettings, **kwargs: Any) -> ReportRun:
        return ReportRun(settings=settings, records=(), interrupted=True, resumed=0, seconds=0.0, workers=1,
                         backend="local", played=0, actions=0)

    monkeypatch.setattr(report_cli, "run_report", nothing_played)
    # heuristic bots on Ninjitsu! cost about a second a game: 4 player counts x 100 games is minutes
    result = runner.invoke(APP, ["report", "ninjitsu", "-b", "heuristic", "-n", "100", "--out", str(tmp_path)])
    assert result.exit_code == 130, result.output
    assert "400 games will take about" in result.stderr and "--workers make it shorter" in result.stderr
    cheap = runner.invoke(APP, ["report", GAME, "-n", "10", "--out", str(tmp_path / "cheap")])
    assert "will take" not in cheap.stderr


def test_the_estimate_counts_only_the_games_left_and_needs_every_bot_s_cost() -> None:
    settings = ReportSettings.build("ninjitsu", players=[2, 3], games=10, bots=["heuristic"])
    whole = report_cli.estimated_seconds(settings, set(), workers=1)
    assert whole is not None and whole > 0
    half = report_cli.estimated_seconds(settings, {(0, 2, index) for index in range(10)}, workers=1)
    assert half is not None and 0 < half < whole
    assert report_cli.estimated_seconds(settings, {(0, players, index) for players in (2, 3)
                                                   for index in range(10)}, workers=1) == 0
    spec = "forgetful:forget=0.123"  # a spec nobody measured
    assert report_cli.estimated_seconds(ReportSettings.build(GAME, players=2, bots=[spec]), set(), 1) is None


@pytest.mark.parametrize(("texts", "expected"), [
    (["target=21", "target=15"], ("target", "21", "15")),
    (["expansions=promo,magic", "expansions="], ("expansions", "promo,magic", "")),
    ([" target = 21", "target=15 "], ("target", "21", "15")),
    (None, None),
])
def test_parse_compare(texts: list[str] | None, expected: tuple[str, str, str] | None) -> None:
    assert report_cli.parse_compare(texts) == expected


@pytest.mark.parametrize(("game", "example"), [("ninja-trap", "--compare reshuffle=short reshuffle=empty"),
                                               ("ninjitsu", "--compare target=21 target=15")])
def test_the_compare_form_s_example_is_the_game_s_own_option(game: str, example: str) -> None:
    # (Ninja Trap has no target: an example of it would be refused as an unknown option)
    with pytest.raises(OptionError, match=f"e.g. {example}"):
        report_cli.parse_compare(["ghost_traps=true", "max_length=3"], game)


@pytest.mark.parametrize("texts", [["target"], ["target=21", "seed=3"], ["=21", "target=3"], ["a=1", "a=2", "a=3"]])
def test_parse_compare_refuses_anything_but_two_values_of_one_option(texts: list[str]) -> None:
    with pytest.raises(OptionError, match="--compare"):
        report_cli.parse_compare(texts)


BAD: list[tuple[list[str], str]] = [
    (["report", "no-such-game"], "unknown game"),
    (["report", GAME, "-p", "9"], "players"),
    (["report", GAME, "-n", "0"], "number of games"),
    (["report", GAME, "-n", "many"], "--games"),
    (["report", GAME, "-b", "no-such-bot"], "no-such-bot"),
    (["report", GAME, "-o", "no_such_option=1"], "no_such_option"),
    (["report", GAME, "--max-actions", "0"], "max_length"),
    (["report", GAME, "--compare", "stalemate=shared"], "requires 2 arguments: --compare OPTION=A OPTION=B"),
    (["report", GAME, "--compare", "stalemate", "stalemate=shared"], "OPTION=VALUE"),
    (["report", GAME, "--compare", "stalemate=shared", "reshuffle=empty"], "different options"),
    (["report", GAME, "--compare", "nothing=1", "nothing=2"], "not an option of"),
    (["report", GAME, "--compare", "stalemate=shared", "stalemate=shared"], "same value"),
    (["report", GAME, "--compare", "stalemate=shared", "stalemate=sometimes"], "stalemate"),
    (["report", GAME, "--compare", "stalemate=shared", "stalemate=fewest_hits", "-o", "stalemate=shared"],
     "give it only there"),
    (["report", GAME, "-w", "0"], "--workers must be"),
    (["report", GAME, "--ray", "not an address"], "Ray address"),
]


@pytest.mark.parametrize(("arguments", "message"), BAD, ids=[" ".join(arguments[2:]) or arguments[1]
                                                             for arguments, _ in BAD])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(runner: CliRunner, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch, arguments: list[str],
                                                         message: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(report_cli, "run_report", _must_not_play)
    result = runner.invoke(APP, arguments)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error:") and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""
    assert list(tmp_path.iterdir()) == [], "bad input wrote a file"


def _must_not_play(*args: object, **kwargs: object) -> None:
    raise AssertionError("a game was played despite bad input")


@pytest.mark.parametrize(("make", "message"), [
    (lambda folder: folder.write_text("a file"), "is a file, not a folder"),
    (lambda folder: (folder / JSON_FILE).mkdir(parents=True), "is a folder"),
    (lambda folder: (folder.mkdir(), (folder / "plots").write_text("x")), "is a file"),
])
def test_an_out_folder_that_cannot_hold_the_report_is_refused_before_playing(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make: Any, message: str) -> None:
    folder = tmp_path / "out"
    make(folder)
    monkeypatch.setattr(report_cli, "run_report", _must_not_play)
    result = runner.invoke(APP, [*SMALL, "--out", str(folder)])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and message in result.stderr and "--out" in result.stderr


@pytest.mark.slow
def test_a_real_ctrl_c_stops_the_workers_and_writes_a_partial_report(tmp_path: Path) -> None:
    """SIGINT to the whole process group, as a terminal sends it: exit 130, no traceback, a partial report."""
    out = tmp_path / "report"
    script = textwrap.dedent("""
        import sys
        sys.path.insert(0, sys.argv[1])
        from report.test_cli import APP
        APP(sys.argv[2:])
    """)
    returncode, stdout, stderr = ctrl_c_when_progress_holds(
        [sys.executable, "-c", script, str(Path(__file__).parents[1]), "report", GAME, "-p", "2", "-n", "100000",
         "--workers", "2", "--json", "--no-speed", "--out", str(out)], out / PROGRESS_FILE, lines=4)
    assert returncode == 130, stderr.decode()[-2000:]
    assert b"Traceback" not in stderr and b"KeyboardInterrupt" not in stderr
    data = json.loads(stdout.decode().strip().splitlines()[-1])
    assert data["complete"] is False and 0 < data["games_played"] < 100000
    assert json.loads((out / JSON_FILE).read_text()) == data and (out / HTML_FILE).is_file()


@pytest.mark.slow
@in_forked_child  # Ray's threads stay in the process that ran it: a child keeps them out of later tests
def test_ray_gives_the_same_report_as_local_workers(runner: CliRunner, tmp_path: Path) -> None:
    """--ray local (a Ray instance started for the run) plays the same games as local processes."""
    pytest.importorskip("ray")
    local = runner.invoke(APP, [*SMALL, "--json", "--out", str(tmp_path / "local")])
    on_ray = runner.invoke(APP, [*SMALL, "--json", "--ray", "local", "--workers", "2", "--out", str(tmp_path / "ray")])
    assert on_ray.exit_code == 0, on_ray.output
    assert _figures(json.loads(on_ray.stdout)) == _figures(json.loads(local.stdout))
    assert json.loads(on_ray.stdout)["speed"]["backend"] == "ray"


def test_a_ray_cluster_that_cannot_be_reached_is_one_line_and_writes_nothing(runner: CliRunner, tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The address is well formed, so the run starts; the cluster does not answer, so no folder is made."""
    import socket

    with socket.socket() as probe:  # a port nothing listens on: bound, then closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(APP, [*SMALL, "--out", "out", "--ray", f"127.0.0.1:{port}"])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error:") and result.stderr.count("\n") == 1, result.stderr
    assert "cannot reach the Ray cluster" in result.stderr
    assert list(tmp_path.iterdir()) == [], "a report that played nothing wrote a file"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc, where no folder can be made")
def test_a_folder_the_system_will_not_make_is_one_line_and_exit_2(runner: CliRunner) -> None:
    """A folder the permissions allow but the system refuses (root may write anywhere but /proc) is refused
    in one line before anything starts, not after the progress bar."""
    result = runner.invoke(APP, [*SMALL, "--out", "/proc/no-such-dojo-report"])
    assert result.exit_code == 2, result.output
    # Said up front, before the progress bar: the folder is tried when the options are checked.
    assert result.stderr == ("error: --out '/proc/no-such-dojo-report' cannot be made: No such file or "
                             "directory\n"), result.stderr
    assert "Traceback" not in result.output


def test_every_game_stopped_at_the_limit_is_said_so_not_weighed_against_a_fair_0_percent(runner: CliRunner,
                                                                                          tmp_path: Path) -> None:
    """No game finished, so nobody won: the summary says so and what to do, instead of "no seat's win rate
    differs measurably from a fair 0%" and "no feature shows a measurable win-rate difference"."""
    result = runner.invoke(APP, ["report", GAME, "--players", "4", "--max-actions", "10", "-n", "8", "--no-speed",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for text in (result.stdout, (tmp_path / MARKDOWN_FILE).read_text()):
        words = " ".join(text.replace("*", "").split())
        assert "every game (8) was stopped at the maximum length" in words, text
        assert "no win rate can be measured" in words and "--max-actions" in words
        assert "fair 0%" not in words and "fair share: 0.0%" not in words
        assert "no feature shows a measurable" not in words
