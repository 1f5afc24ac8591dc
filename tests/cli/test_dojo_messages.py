"""Messages of ``dojo`` as a whole: --version, flags shown as flags in help, and every bad flag value
answered by one line on stderr with exit status 2 (the style of every other input error)."""

from __future__ import annotations

import importlib.metadata
import re

import pytest
from typer.testing import CliRunner

from ninjadojo import __version__
from ninjadojo.cli.main import app


def test_version_prints_the_installed_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"dojo {__version__}\n"
    assert __version__ == importlib.metadata.version("ninjadojo")


@pytest.mark.parametrize("command", [[], ["games"], ["play"], ["sim"], ["replay"], ["bench"]])
def test_help_shows_flags_without_a_value_type(runner: CliRunner, command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.stdout
    # Options that take a value still say what it is.
    if command in (["sim"], ["bench"]):
        assert re.search(r"--seed\s+<int>", result.stdout)
        assert re.search(r"--json\s+print the result", result.stdout)


@pytest.mark.parametrize(("args", "message"), [
    (["sim", "toy", "--players", "99"], "error: toy is for 2 to 4 players, not 99"),
    (["sim", "toy", "--games", "-1"], "error: --games must be a whole number from 1 to 1000000000, not -1"),
    (["sim", "toy", "--games", "0"], "error: --games must be a whole number from 1 to 1000000000, not 0"),
    (["sim", "toy", "--workers", "0"], "error: --workers must be a whole number from 1 to 256, not 0"),
    (["sim", "toy", "--workers", "1000"], "error: --workers must be a whole number from 1 to 256, not 1000"),
    (["sim", "toy", "--seed", "-1"], "error: the seed must be a whole number from 0 to"),
    (["sim", "toy", "--max-actions", "0"], "max_length"),
    (["bench", "toy", "--seconds", "-1"], "error: --seconds must be a number from 0 to 86400, not -1"),
    (["bench", "toy", "--players", "1"], "error: toy is for 2 to 4 players, not 1"),
    (["sim", "toy", "--games", "many"], "error: Invalid value for '--games'"),
    (["sim", "toy", "--frob"], "error: No such option: --frob"),
    (["sim"], "error: Missing argument"),
    (["simulate"], "error: No such command"),
])
def test_a_bad_flag_is_one_line_on_stderr_with_status_2(toy: None, runner: CliRunner, args: list[str],
                                                        message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert not set("╭╮╰╯│─") & set(result.stderr), "a boxed message"
    assert result.stdout == ""


def test_a_usage_error_says_where_the_help_is(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["sim", "toy", "--games", "many"])
    assert result.stderr.rstrip().endswith("(see: dojo sim --help)")
