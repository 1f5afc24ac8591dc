"""``dojo play`` never loses a game: autosave into the data folder, --resume, Ctrl-D and Ctrl-C, the finished
game kept for replay, ``save FILE`` asking before overwriting, and the list of saved games."""

from __future__ import annotations

import json
import os
import re
import select
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cli.helpers import needs_ninjitsu
from ninjadojo.api import load_game
from ninjadojo.cli import saves as saves_module
from ninjadojo.cli.main import app
from ninjadojo.cli.play import Terminal
from ninjadojo.cli.saves import print_saved
from ninjadojo.table import HOME_VARIABLE, Table, list_saves

ALWAYS_FIRST = "1\n" * 400


def _saved_in(stdout: str) -> Path:
    """The file a message says the game is saved in."""
    return Path(stdout.split("the game is saved in ")[1].split("\n")[0])


def test_a_game_in_progress_is_saved_in_the_data_folder_before_each_prompt(toy: None, runner: CliRunner,
                                                                             data_home: Path) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "3", "--seed", "9", "--bots", "random"],
                           input="1\n1\n")
    assert result.exit_code == 0, result.output
    (saved,) = list_saves()
    assert saved.path.parent == data_home / "saves" and saved.state == "in progress"
    assert saved.players == ("you", "random", "random")
    game = load_game(saved.path)
    assert [seat for seat, _ in game.record.actions].count(0) == 2


def test_the_finished_game_is_kept_and_the_player_is_told_where_and_how_to_replay_it(
        toy: None, runner: CliRunner, data_home: Path) -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", "5"], input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    path = _saved_in(result.stdout.split("game over")[1])
    assert f"replay it with: dojo replay {shlex.quote(str(path))}" in result.stdout
    assert load_game(path).is_terminal
    assert [saved.state for saved in list_saves()] == ["finished"]
    replay = runner.invoke(app, ["replay", path.name, "--all"])
    assert replay.exit_code == 0 and "game over" in replay.stdout


def test_resume_continues_the_last_unfinished_game_in_the_same_file(toy: None, runner: CliRunner) -> None:
    runner.invoke(app, ["play", "toy", "--seed", "2"], input=ALWAYS_FIRST)  # finished: not resumed
    first = runner.invoke(app, ["play", "toy", "--players", "3", "--seed", "9", "--bots", "random"],
                          input="1\nquit\n")
    path = _saved_in(first.stdout)
    before = load_game(path)
    resumed = runner.invoke(app, ["play", "--resume"], input="1\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"resumed from {path} after {len(before.record.actions)} actions" in resumed.stdout
    assert "seat 0 you; seat 1 random; seat 2 random" in resumed.stdout
    assert _saved_in(resumed.stdout) == path
    after = load_game(path)
    assert after.record.actions[:len(before.record.actions)] == before.record.actions
    assert len(after.record.actions) > len(before.record.actions)
    assert len(list_saves()) == 2


def test_resume_with_a_game_named_picks_that_games_last_unfinished_save(toy: None, runner: CliRunner) -> None:
    first = runner.invoke(app, ["play", "toy", "--seed", "3"], input="quit\n")
    path = _saved_in(first.stdout)
    resumed = runner.invoke(app, ["play", "toy", "--resume"], input="quit\n")
    assert resumed.exit_code == 0 and f"resumed from {path}" in resumed.stdout
    other = runner.invoke(app, ["play", "ninjitsu", "--resume"], input="")
    assert other.exit_code == 2 and "no unfinished ninjitsu game is saved" in other.stderr


def test_two_games_with_the_same_seed_get_two_save_files(toy: None, runner: CliRunner) -> None:
    for _ in range(2):
        runner.invoke(app, ["play", "toy", "--seed", "4"], input="quit\n")
    paths = [saved.path for saved in list_saves()]
    assert len(set(paths)) == 2 and all("seed4" in path.name for path in paths)


def test_save_asks_before_overwriting_a_file_it_did_not_write(toy: None, runner: CliRunner, in_tmp: Path) -> None:
    Path("mine.dojo.json").write_text("precious\n")
    kept = runner.invoke(app, ["play", "toy", "--seed", "1"], input="save mine.dojo.json\nn\nquit\n")
    assert "mine.dojo.json exists; overwrite it? [y/N]" in kept.stdout and "not saved" in kept.stdout
    assert Path("mine.dojo.json").read_text() == "precious\n"
    replaced = runner.invoke(app, ["play", "toy", "--seed", "1"],
                             input="save mine.dojo.json\ny\n1\nsave mine.dojo.json\nquit\n")
    assert replaced.exit_code == 0, replaced.output
    # Asked once: the second save goes to the file this session wrote.
    assert replaced.stdout.count("overwrite it?") == 1
    assert len(load_game("mine.dojo.json").record.actions) >= 1


def test_save_refuses_an_empty_name_and_quotes_a_name_with_spaces_in_its_hint(toy: None, runner: CliRunner,
                                                                               in_tmp: Path) -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input='save ""\nsave a b\nquit\n')
    assert result.exit_code == 0, result.output
    assert "the file name is empty" in result.stdout
    assert not Path('""').exists()
    hint = result.stdout.split("resume with: ")[1].split(")")[0]
    assert hint == "dojo play --load 'a b'"
    # The hint is a command that works: its last word is the file.
    assert load_game(shlex.split(hint)[-1]).game_id == "toy"


def test_save_to_a_folder_fails_with_a_message_and_the_game_goes_on(toy: None, runner: CliRunner,
                                                                    in_tmp: Path) -> None:
    Path("a-folder").mkdir()
    result = runner.invoke(app, ["play", "toy", "--seed", "4"], input="save a-folder\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "could not save to a-folder: it is a folder" in result.stdout
    assert "you left the game; the game is saved in" in result.stdout


def test_when_autosave_cannot_write_the_player_is_told_once_and_can_still_save(
        toy: None, runner: CliRunner, in_tmp: Path) -> None:
    Path("not-a-folder").write_text("")
    result = runner.invoke(app, ["play", "toy", "--seed", "4"], input="1\n1\nsave kept.dojo.json\nquit\n",
                           env={HOME_VARIABLE: str(in_tmp / "not-a-folder")})
    assert result.exit_code == 0, result.output
    assert result.stdout.count("autosave failed:") == 1
    assert "use save FILE to keep this game" in result.stdout
    assert "the game is saved in kept.dojo.json" in result.stdout
    assert "resume it with: dojo play --load kept.dojo.json" in result.stdout


def test_ctrl_c_saves_the_game_and_says_how_to_resume(toy: None, data_home: Path) -> None:
    table = Table.new("toy", 2, {}, 6, humans=[0], bot_specs={1: "random"})
    answers = iter(["1"])

    def read(prompt: str) -> str:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    console = Console(record=True, width=80, height=24)
    status = Terminal(console, table, read=read).run()
    text = console.export_text()
    assert status == 130
    assert "interrupted; the game is saved in" in text and "resume it with: dojo play --resume" in text
    assert load_game(_saved_in(text)).record.actions[0][0] == 0


def test_the_saved_games_are_listed_newest_first(toy: None, runner: CliRunner, data_home: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    console = Console(record=True, width=200)
    print_saved(console, as_json=False)
    assert f"no saved games in {data_home / 'saves'}" in console.export_text()
    runner.invoke(app, ["play", "toy", "--seed", "5"], input=ALWAYS_FIRST)
    time.sleep(0.01)
    runner.invoke(app, ["play", "toy", "--seed", "6", "--players", "3"], input="quit\n")
    finished, in_progress = sorted(list_saves(), key=lambda saved: saved.state)
    os.utime(finished.path, (1_000_000_000, 1_000_000_000))
    console = Console(record=True, width=200)
    print_saved(console, as_json=False)
    text = console.export_text()
    assert text.index(in_progress.path.name) < text.index(finished.path.name)
    # The game by its name (the toy game's title), not its id.
    assert f"  {in_progress.path.name}\n      Toy, in progress, " in text
    assert f"  {finished.path.name}\n      Toy, finished, 2001-09-09 " in text
    assert text.split(in_progress.path.name)[1].split("\n")[1].endswith(": you, random, random")
    assert f"dojo play --resume continues {in_progress.path.name}" in text
    console = Console(record=True, width=100)
    print_saved(console, as_json=True)
    listing = json.loads(console.export_text().replace("\n", ""))
    assert [entry["file"] for entry in listing] == [str(in_progress.path), str(finished.path)]
    assert listing[0] == {"file": str(in_progress.path), "game": "toy", "players": ["you", "random", "random"],
                          "state": "in progress", "when": listing[0]["when"], "continued_in": None}
    assert listing[1]["state"] == "finished" and listing[1]["when"].startswith("2001-09-09")
    monkeypatch.setattr(saves_module, "SHOWN", 1)
    console = Console(record=True, width=200)
    print_saved(console, as_json=False)
    text = console.export_text()
    assert finished.path.name not in text and "... and 1 older (--json lists every one)" in text


def test_a_save_played_on_from_in_a_newer_one_is_no_game_to_resume(toy: None, runner: CliRunner,
                                                                    data_home: Path) -> None:
    """A game saved to a file of one's own (``save FILE``), left, and loaded from that file autosaves under a new
    name: its first autosave is then listed as continued in the newer one, and --resume (and the listing's
    line) continues the newer one, not it."""
    copy = data_home / "mine.dojo.json"
    runner.invoke(app, ["play", "toy", "--seed", "5"], input=f"1\nsave {copy}\nquit\n")
    (first,) = list_saves()
    assert first.resumable and first.continued_in is None and copy.exists()
    time.sleep(0.01)
    runner.invoke(app, ["play", "--load", str(copy)], input="1\nquit\n")
    newer, older = list_saves()
    assert older.path == first.path and newer.path != first.path
    assert older.continued_in == newer.path and not older.resumable and newer.resumable
    assert older.state == f"continued in {newer.path.name}"
    console = Console(record=True, width=200)
    print_saved(console, as_json=False)
    text = console.export_text()
    assert f"  {older.path.name}\n      Toy, continued later, " in text
    assert f"      (played on in {newer.path.name})" in text
    assert f"dojo play --resume continues {newer.path.name}" in text
    # A game of the same deal played differently from the start is no continuation of it.
    runner.invoke(app, ["play", "toy", "--seed", "5"], input="2\nquit\n")
    assert sum(saved.resumable for saved in list_saves()) == 2, [saved.state for saved in list_saves()]


# ---------------------------------------------------------------------- a real process at a real keyboard's pace

def _dojo(*args: str, home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, HOME_VARIABLE: str(home), "COLUMNS": "80", "LINES": "24"}
    return subprocess.Popen([sys.executable, "-m", "ninjadojo.cli", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _read_until(process: subprocess.Popen[str], marker: str, timeout: float = 60) -> str:
    """What the process prints until ``marker`` appears (or it ends, or the time is up)."""
    assert process.stdout is not None
    seen = ""
    deadline = time.monotonic() + timeout
    while marker not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.2)
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536).decode()
            if not chunk:
                break
            seen += chunk
    return seen


@needs_ninjitsu
def test_a_real_process_saves_on_end_of_input_and_resumes_with_the_resume_flag(data_home: Path) -> None:
    first = _dojo("play", "ninjitsu", "--players", "2", "--seed", "3", "--bots", "random", home=data_home)
    out, err = first.communicate("1\n1\n", timeout=120)
    assert first.returncode == 0, err
    assert "Traceback" not in out + err
    saved = _saved_in(out)
    assert saved.parent == data_home / "saves" and "resume it with: dojo play --resume" in out
    moves = load_game(saved).record.actions
    assert [seat for seat, _ in moves].count(0) >= 2
    second = _dojo("play", "--resume", home=data_home)
    out, err = second.communicate("1\nquit\n", timeout=120)
    assert second.returncode == 0, err
    assert f"resumed from {saved} after {len(moves)} actions" in out
    assert load_game(saved).record.actions[:len(moves)] == moves


@needs_ninjitsu
def test_a_real_process_interrupted_by_ctrl_c_saves_the_game(data_home: Path) -> None:
    process = _dojo("play", "ninjitsu", "--players", "2", "--seed", "3", "--bots", "random", home=data_home)
    try:
        assert "seat 0>" in _read_until(process, "seat 0>")
        assert process.stdin is not None
        process.stdin.write("1\n")
        process.stdin.flush()
        _read_until(process, "seat 0>")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in out + err
    assert "interrupted; the game is saved in" in out
    assert load_game(_saved_in(out)).record.actions[0][0] == 0


def test_quit_when_autosave_cannot_write_offers_to_save_and_stays_if_that_fails(
        toy: None, runner: CliRunner, in_tmp: Path) -> None:
    Path("not-a-folder").write_text("")
    Path("a-folder").mkdir()
    result = runner.invoke(app, ["play", "toy", "--seed", "4"], input="quit\ny\na-folder\nquit\n\nkept.dojo.json\n",
                           env={HOME_VARIABLE: str(in_tmp / "not-a-folder")})
    assert result.exit_code == 0, result.output
    assert result.stdout.count("the game is not saved; save it before leaving? [Y/n]") == 2
    assert "could not save to a-folder: it is a folder" in result.stdout
    assert "you are still playing" in result.stdout
    assert load_game("kept.dojo.json").game_id == "toy"
    assert "you left the game; the game is saved in kept.dojo.json" in result.stdout


def test_a_new_game_without_seed_deals_anew_and_its_seed_repeats_it(runner: CliRunner, data_home: Path) -> None:
    """Issue 22, "a new game is a new game": without --seed every game is a fresh deal, its seed is shown
    and saved, and --seed with that seed deals exactly the same game again."""
    deals = []
    for _ in range(3):
        result = runner.invoke(app, ["play", "ninjitsu", "--players", "2", "--bots", "random"], input="quit\n")
        assert result.exit_code == 0, result.output
        shown = int(re.search(r"players, seed (\d+)", result.stdout).group(1))  # type: ignore[union-attr]
        game = load_game(_saved_in(result.stdout))
        assert game.record.seed == shown
        deals.append((shown, game.to_notation()))
    assert len({seed for seed, _ in deals}) == 3, "three new games without --seed drew the same seed"
    assert len({notation for _, notation in deals}) == 3, "three new games without --seed dealt the same cards"
    seed, notation = deals[0]
    again = runner.invoke(app, ["play", "ninjitsu", "--players", "2", "--bots", "random", "--seed", str(seed)],
                          input="quit\n")
    assert again.exit_code == 0, again.output
    assert load_game(_saved_in(again.stdout)).to_notation() == notation
