"""What a designer trying ``dojo sim``, ``dojo report`` and ``dojo arena`` ran into: a bad --games or
--workers named by its flag, results never lost to a plot that cannot be written, and a long bot spec
shown whole in the tables of ``dojo sim``."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ninjadojo.cli import arena as arena_cli
from ninjadojo.cli.main import app


@pytest.mark.parametrize("args", [
    ["arena", "ninja-trap", "-b", "heuristic,random", "-n", "0"],
    ["report", "ninjitsu", "-p", "3", "-n", "0"],
    ["sim", "ninjitsu", "-n", "0"],
])
def test_games_zero_is_named_by_its_flag(runner: CliRunner, in_tmp: Path, args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --games must be a whole number from 1 to"), lines
    assert "Traceback" not in result.output and not list(in_tmp.iterdir())


def test_arena_workers_zero_is_named_by_its_flag(runner: CliRunner, in_tmp: Path) -> None:
    result = runner.invoke(app, ["arena", "ninja-trap", "-b", "heuristic,random", "-n", "2", "-w", "0"])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == ("error: --workers must be a whole number from 1 to 256, not 0 "
                                     "(the number of workers)")


def test_a_plot_that_cannot_be_written_keeps_the_results(runner: CliRunner, in_tmp: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # A folder check_plot_path cannot foresee refusing the file (/proc, a full disk): the games played
    # must still be reported.
    def refuse(results: object, path: Path) -> None:
        raise OSError(2, "No such file or directory", str(path))

    monkeypatch.setattr(arena_cli, "write_plot", refuse)
    result = runner.invoke(app, ["arena", "ninja-trap", "-b", "heuristic,random", "-n", "2", "-w", "1",
                                 "--plot", "ratings.png"])
    assert result.exit_code == 2, result.output
    assert "standings" in result.stdout and "heuristic" in result.stdout
    assert "cannot write the plot 'ratings.png'" in result.stderr and "the results are above" in result.stderr
    assert "Traceback" not in result.output


def test_sim_tables_show_a_long_spec_whole_at_80_columns(runner: CliRunner, in_tmp: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(app, ["sim", "ninjitsu", "-n", "2", "-w", "1", "--rotate",
                                 "-b", "heuristic:depth=0,careless:mistakes=0.25"])
    assert result.exit_code == 0, result.output
    assert "careless:mistakes=0.25" in result.stdout and "heuristic:depth=0" in result.stdout
    assert "…" not in result.stdout
    # The table per bot, or its rows as lines when it cannot fit 80 columns whole: each spec whole either way
    # (a folded "careless:mistakes=0" over ".25" passed here once, the first line naming the specs whole).
    rows = [line for line in result.stdout.splitlines() if line.lstrip().startswith(("careless", "heuristic"))]
    assert len(rows) == 2, rows
    assert all(row.lstrip().startswith(("careless:mistakes=0.25", "heuristic:depth=0")) and "%" in row for row in rows)
    assert all(len(row.rstrip()) <= 80 for row in rows) or all(":" in row.split()[0][-1:] for row in rows), rows


def test_arena_head_to_head_and_seats_carry_their_intervals(runner: CliRunner, in_tmp: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # 57% of 60 games is no finding: the table must say how sure it is, as the standings do.
    monkeypatch.setenv("COLUMNS", "120")
    result = runner.invoke(app, ["arena", "ninja-trap", "-b", "heuristic,random", "-n", "10", "-w", "1"])
    assert result.exit_code == 0, result.output
    assert "(Wilson 95%)" in result.stdout
    heuristic_row = next(line for line in result.stdout.splitlines()
                         if line.split()[:1] == ["heuristic"] and line.rstrip().endswith("%)"))
    assert "(" in heuristic_row and ".." in heuristic_row
    seats = next(line for line in result.stdout.splitlines() if line.startswith("win share per seat"))
    assert seats.count("..") == 2, seats


def test_report_does_not_write_over_files_no_report_wrote(runner: CliRunner, in_tmp: Path) -> None:
    notes = in_tmp / "notes"
    notes.mkdir()
    (notes / "report.md").write_text("my own notes\n")
    result = runner.invoke(app, ["report", "ninjitsu", "-p", "3", "-n", "2", "-w", "1", "--no-speed",
                                 "--out", str(notes)])
    assert result.exit_code == 2, result.output
    assert "already holds report.md, which no report wrote" in result.stderr
    assert (notes / "report.md").read_text() == "my own notes\n"
    assert sorted(path.name for path in notes.iterdir()) == ["report.md"]


def test_a_report_rerun_in_its_own_folder_still_writes(runner: CliRunner, in_tmp: Path) -> None:
    command = ["report", "ninjitsu", "-p", "3", "-n", "2", "-w", "1", "--no-speed", "--out", "rep"]
    assert runner.invoke(app, command).exit_code == 0
    again = runner.invoke(app, command)
    assert again.exit_code == 0, again.output
    assert (in_tmp / "rep" / "report.md").is_file()


def test_arena_does_not_write_over_a_results_json_no_arena_wrote(runner: CliRunner, in_tmp: Path) -> None:
    (in_tmp / "results.json").write_text('{"mine": true}\n')
    result = runner.invoke(app, ["arena", "ninja-trap", "-b", "heuristic,random", "-n", "2", "-w", "1",
                                 "--out", str(in_tmp)])
    assert result.exit_code == 2, result.output
    assert "already holds results.json, which no arena wrote" in result.stderr
    assert (in_tmp / "results.json").read_text() == '{"mine": true}\n'
    assert sorted(path.name for path in in_tmp.iterdir()) == ["results.json"]


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc, a folder that refuses new files")
@pytest.mark.parametrize("flag", ["--plot", "--out"])
def test_arena_refuses_a_folder_the_system_will_not_write_before_any_game(runner: CliRunner, in_tmp: Path,
                                                                          flag: str) -> None:
    """/proc passes every check a path can be given (a folder that exists; and root may write anywhere) but
    takes no new file: refused up front, one line, no game played, rather than after the whole run."""
    where = "/proc/ninjadojo-arena/ratings.png" if flag == "--plot" else "/proc/ninjadojo-arena"
    result = runner.invoke(app, ["arena", "ninja-trap", "-b", "heuristic,random", "-n", "2000", flag, where])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be written: '/proc' refuses new files" in lines[0], lines
    assert result.stdout == "" and not list(in_tmp.iterdir())
