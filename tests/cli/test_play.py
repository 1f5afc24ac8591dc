"""``dojo play``: a game at the terminal driven by piped input, saving and resuming, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.toygame import BLOCK, ToyState
from ninjadojo.api import load_game
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.cli.main import app
from ninjadojo.table import derive_seed

ALWAYS_FIRST = "1\n" * 400


def _expected_game(players: int, seed: int, humans: set[int]) -> ToyState:
    """The toy game the CLI plays when every human always picks choice 1 and the rest are random bots."""
    game = ToyState.new(players, seed=seed)
    bots = {seat: make_bot("random", "toy", derive_seed(seed, seat)) for seat in range(players) if seat not in humans}
    while not game.is_terminal:
        to_act = game.to_act()
        bot_seats = [seat for seat in to_act if seat in bots]
        seat = bot_seats[0] if bot_seats else to_act[0]
        action = bots[seat].choose(SeatView(game, seat)) if seat in bots else game.legal_actions(seat)[0]
        game.apply(seat, action)
    return game


def test_play_to_the_end_with_piped_input_shows_scores_and_winners(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "3", "--seat", "0", "--seed", "5", "--bots", "random"],
                           input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    expected = _expected_game(3, 5, {0})
    assert expected.result is not None
    assert "game over" in result.stdout
    # How the game ended is said once (the game's last log line is that same text).
    assert result.stdout.count(expected.result.reason) == 1
    end = result.stdout.split("game over")[-1]
    winners = expected.result.winners
    named = " and ".join(f"P{seat}" for seat in winners)
    others = f"{named} wins" if len(winners) == 1 else f"{named} share the win"
    verdict = (f"you did not win: {others}" if 0 not in winners else "you win" if len(winners) == 1
               else "you share the win with " + " and ".join(f"P{seat}" for seat in winners if seat != 0))
    assert f"\n{verdict}\n" in end
    # The winner is said once: not again in a line of its own, nor in a column of the score table.
    assert sum("win" in line for line in end.splitlines()) == 1, end


def test_the_screen_shows_the_seat_view_prompt_and_numbered_actions(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0, result.output
    game = ToyState.new(2, seed=1)
    # The toy game defines render_markup, and the screen shows it (bold markup, plain text here).
    assert game.render(0) in result.stdout
    assert str(game.decision(0).prompt) in result.stdout  # type: ignore[union-attr]
    for number, action in enumerate(game.legal_actions(0), 1):
        assert f"{number}) {action}" in result.stdout
    assert "you left the game" in result.stdout


def test_bad_input_is_explained_and_asked_again(toy: None, runner: CliRunner) -> None:
    game = ToyState.new(2, seed=1)
    missing = next(card for card in range(1, 7) if card not in game.hands[0])
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "1"],
                           input=f"foo\n99\np{missing}\n\nhelp\n" + ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    count = len(game.legal_actions(0))
    assert f"'foo' is not one of your choices: type a number from 1 to {count}" in result.stdout
    # The game's whole prompt is on the screen already: the message does not repeat it.
    prompt = game.decision(0).prompt  # type: ignore[union-attr]
    assert all(prompt not in line for line in result.stdout.splitlines() if "'foo'" in line)
    assert f"there is no choice 99: type a number from 1 to {count}" in result.stdout
    assert f"you hold no {missing}" in result.stdout
    assert "type a number, a choice's text, or help" in result.stdout
    assert "save [FILE]" in result.stdout
    assert "game over" in result.stdout


def test_an_action_can_be_picked_by_its_text(toy: None, runner: CliRunner, in_tmp: Path) -> None:
    save = Path("picked.dojo.json")
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "1"], input=f"d\nsave {save}\nquit\n")
    assert result.exit_code == 0, result.output
    game = load_game(save)
    assert game.record.actions[0] == (0, "d")


def test_save_and_resume_continue_the_same_game(toy: None, runner: CliRunner, in_tmp: Path) -> None:
    first = runner.invoke(app, ["play", "toy", "--players", "3", "--seed", "9", "--bots", "random"],
                          input="1\nsave mid.dojo.json\nquit\n")
    assert first.exit_code == 0, first.output
    assert "saved to mid.dojo.json (resume with: dojo play --load mid.dojo.json)" in first.stdout
    data = json.loads(Path("mid.dojo.json").read_text())
    meta = data["players_meta"]
    assert {key: meta[key] for key in ("humans", "bots", "seed", "finished")} == {
        "humans": [0], "bots": {"1": "random", "2": "random"}, "seed": 9, "finished": False}
    saved = load_game(data)
    assert saved.ply > 0 and not saved.is_terminal
    resumed = runner.invoke(app, ["play", "--load", "mid.dojo.json"], input="save end.dojo.json\n" + ALWAYS_FIRST)
    assert resumed.exit_code == 0, resumed.output
    assert "game over" in resumed.stdout
    # The resumed game starts where the save ended: same position, same actions so far.
    assert saved.render(0) in resumed.stdout
    again = load_game("end.dojo.json")
    assert again.record.actions == saved.record.actions


def _saved_in(stdout: str) -> Path:
    """The file a leaving message says the game is saved in."""
    return Path(stdout.split("the game is saved in ")[1].split("\n")[0])


def test_quit_leaves_at_once_and_says_where_the_game_is_saved_and_how_to_resume(
        toy: None, runner: CliRunner, data_home: Path) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "4"], input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "save before leaving?" not in result.stdout
    saved = _saved_in(result.stdout)
    assert saved.parent == data_home / "saves"
    assert "resume it with: dojo play --resume" in result.stdout
    game = load_game(saved)
    assert len(game.record.actions) >= 1 and not game.is_terminal


def test_quit_right_after_save_does_not_ask_again(toy: None, runner: CliRunner, in_tmp: Path) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "4"], input="save s.dojo.json\nquit\n")
    assert result.exit_code == 0, result.output
    assert "saved to s.dojo.json" in result.stdout
    assert "?" not in result.stdout.split("saved to s.dojo.json")[1]


def test_end_of_input_leaves_without_a_traceback_and_keeps_the_game(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "4"], input="1\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "you left the game; the game is saved in" in result.stdout
    assert load_game(_saved_in(result.stdout)).record.actions[0][0] == 0


def test_hot_seat_humans_are_asked_to_swap_before_each_screen(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seat", "0", "--seat", "1", "--seed", "2"],
                           input="\n1\n\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "press Enter when seat 0 is at the keyboard" in result.stdout
    assert "press Enter when seat 1 is at the keyboard" in result.stdout
    # Seat 1's screen shows seat 1's hand and not seat 0's.
    screen_of_1 = result.stdout.split("press Enter when seat 1")[1]
    game = ToyState.new(2, seed=2)
    game.apply(0, game.legal_actions(0)[0])
    assert game.render(1) in screen_of_1


def test_a_move_typed_at_the_hand_over_is_not_taken_for_enter(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seat", "0", "--seat", "1", "--seed", "2"],
                           input="1\n\nquit\n")
    assert result.exit_code == 0, result.output
    said = "'1' is not taken here: press Enter alone when seat 0 is at the keyboard, then choose"
    assert said in result.stdout
    assert result.stdout.index(said) < result.stdout.index("seat 0>"), "the screen waits for Enter"


def test_a_simultaneous_choice_is_collected_unseen_and_revealed_when_all_are_in(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "3", "--seed", "3", "--bots", "random"],
                           input="bid\n1\nquit\n")
    assert result.exit_code == 0, result.output
    before, after = result.stdout.split("your choice is in", 1)
    # The bots chose first (their choices are in the frame), yet nothing of them shows before the reveal.
    assert "commit a number card" in before
    assert "Bid: seat" not in before
    assert "Bid: seat 0" in after


def test_a_concealed_window_for_a_bot_is_never_shown_to_the_human(toy: None, runner: CliRunner) -> None:
    # A seed where seat 1 (a bot) holds a Block when the human plays a card at once.
    seed = next(s for s in range(200) if BLOCK in ToyState.new(2, seed=s).hands[1]
                and any(card != BLOCK for card in ToyState.new(2, seed=s).hands[0]))
    game = ToyState.new(2, seed=seed)
    card = next(card for card in game.hands[0] if card != BLOCK)
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", str(seed)], input=f"p{card}\nquit\n")
    assert result.exit_code == 0, result.output
    game.apply(0, f"p{card}")
    assert game.to_act() == (1,) and game.frames[-1].concealed
    assert "block it" not in result.stdout
    assert "seat 1>" not in result.stdout
    # Nor does a count of the actions so far: the bot's hidden answer would add one to it.
    assert "ply" not in result.stdout


def test_errors_exit_2_with_one_line(toy: None, runner: CliRunner) -> None:
    cases = [
        (["play", "no-such-game"], "unknown game 'no-such-game'"),
        (["play", "toy", "--players", "9"], "toy is for 2 to 4 players, not 9"),
        (["play", "toy", "--option", "target=1"], "must be at least 5"),
        (["play", "toy", "--option", "colour=red"], "unknown option 'colour'"),
        (["play", "toy", "--bots", "genius"], "unknown bot 'genius' for toy"),
        (["play", "toy", "--players", "3", "--bots", "random,random,random"], "--bots gave 3 bots for 2 bot seats"),
        (["play", "toy", "--seat", "5"], "--seat 5 is not a seat"),
        (["play", "--load", "no-such-file.json"], "no save file at no-such-file.json"),
        (["play", "--resume"], "no unfinished game is saved in"),
        (["play", "toy", "--resume"], "no unfinished toy game is saved in"),
        (["play", "toy", "--resume"], "start one with: dojo play toy"),
        (["play", "--resume"], "start one with: dojo play GAME"),
        (["play", "--resume", "--load", "x.json"], "use one of them"),
        (["play"], "name a game"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args, input="")
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output
        assert result.stderr.count("\n") == 1, result.stderr


def test_an_edited_save_is_refused(toy: None, runner: CliRunner, tmp_path: Path) -> None:
    game = ToyState.new(2, seed=3)
    game.apply(0, game.legal_actions(0)[0])
    data = game.to_save()
    data["actions"] = [[0, "p6" if "p6" not in game.legal_actions(0) else "pass"]]
    path = tmp_path / "edited.dojo.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["play", "--load", str(path)], input="")
    assert result.exit_code == 2
    assert "does not replay" in result.stderr or "does not match" in result.stderr


def test_a_save_with_malformed_seat_notes_is_refused(toy: None, runner: CliRunner, tmp_path: Path) -> None:
    data = ToyState.new(2, seed=3).to_save()
    data["players_meta"] = {"humans": "zero"}
    path = tmp_path / "notes.dojo.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["play", "--load", str(path)], input="")
    assert result.exit_code == 2
    assert "'players_meta' must be" in result.stderr


def test_a_bad_seat_in_a_save_is_reported_as_the_saves_not_as_a_flag(toy: None, runner: CliRunner,
                                                                     tmp_path: Path) -> None:
    data = ToyState.new(2, seed=3).to_save()
    data["players_meta"] = {"humans": [7], "bots": {}, "seed": 3}
    path = tmp_path / "seven.dojo.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["play", "--load", str(path)], input="")
    assert result.exit_code == 2
    assert f"{path} (players_meta) names seat 7, but a 2-player game has seats 0 to 1" in result.stderr
    assert "--seat" not in result.stderr


def test_a_saved_game_keeps_its_own_deal_and_options(toy: None, runner: CliRunner, in_tmp: Path) -> None:
    runner.invoke(app, ["play", "toy", "--seed", "9"], input="save s.dojo.json\nquit\n")
    for flags, message in [(["--seed", "3"], "--seed cannot change a saved game (--load): the deal is the save's"),
                           (["--option", "target=20"], "--option cannot change a saved game")]:
        result = runner.invoke(app, ["play", "--load", "s.dojo.json", *flags], input="")
        assert result.exit_code == 2 and message in result.stderr, result.stderr
        assert "seed 3" not in result.stdout


def test_a_finished_game_is_not_played_on_but_pointed_to_replay(toy: None, runner: CliRunner, tmp_path: Path) -> None:
    game = ToyState.new(2, seed=3)
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    path = tmp_path / "done.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    result = runner.invoke(app, ["play", "--load", str(path)], input="")
    assert result.exit_code == 2
    assert f"{path} is a finished game; replay it with: dojo replay {path}" in result.stderr


def test_flags_override_the_seats_a_save_remembers(toy: None, runner: CliRunner, in_tmp: Path) -> None:
    first = runner.invoke(app, ["play", "toy", "--players", "3", "--seed", "9"], input="save s.dojo.json\nquit\n")
    assert first.exit_code == 0, first.output
    resumed = runner.invoke(app, ["play", "--load", "s.dojo.json", "--seat", "1", "--bots", "random"],
                            input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "seat 0 random; seat 1 you; seat 2 random" in resumed.stdout


def test_a_concealed_window_at_a_hot_seat_calls_every_human_so_nobody_learns_who_was_asked(
        toy: None, runner: CliRunner) -> None:
    # Seat 1 (a human) holds a Block when seat 0 (a human) plays a card: a concealed window asks seat 1.
    seed = next(s for s in range(200) if BLOCK in ToyState.new(2, seed=s).hands[1]
                and any(card != BLOCK for card in ToyState.new(2, seed=s).hands[0]))
    game = ToyState.new(2, seed=seed)
    card = next(card for card in game.hands[0] if card != BLOCK)
    result = runner.invoke(app, ["play", "toy", "--seat", "0", "--seat", "1", "--seed", str(seed)],
                           input=f"\np{card}\n\n\n\nno\nquit\n")
    assert result.exit_code == 0, result.output
    after_play = result.stdout.split(f"seat 0> p{card}", 1)[1]
    # Both humans take the keyboard in seat order, the one not asked first, so the order tells nothing.
    seat0, rest = after_play.split("press Enter when seat 0 is at the keyboard", 1)[1].split(
        "press Enter when seat 1 is at the keyboard", 1)
    assert "nothing for you to answer now" in seat0
    assert "block it" not in seat0
    assert "block it" in rest and "seat 1> no" in rest
    assert "your turn; the others look away" not in result.stdout


def test_a_simultaneous_choice_made_last_says_every_choice_is_in(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "3", "--seed", "3", "--bots", "random"],
                           input="bid\n1\nquit\n")
    assert result.exit_code == 0, result.output
    # The bots chose first, so the human's choice was the last one: the bid resolved at once.
    assert "your choice is in, and so is every other: the game goes on" in result.stdout
    assert "nobody sees it until every choice is in" not in result.stdout


def test_bots_for_a_table_of_humans_are_refused(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--seat", "0", "--seat", "1", "--bots", "random"], input="")
    assert result.exit_code == 2
    assert "--bots was given, but every seat is played by a human" in result.stderr


def test_a_hot_seat_game_ends_with_the_public_lines_only_each_once(toy: None, runner: CliRunner) -> None:
    # Enter hands the keyboard over (an empty line is harmless when no hand-over is due), 1 picks.
    result = runner.invoke(app, ["play", "toy", "--seat", "0", "--seat", "1", "--seed", "2"], input="\n1\n" * 400)
    assert result.exit_code == 0, result.output
    before_end = result.stdout.split("game over")[0]
    last_lines = [line for line in before_end[before_end.rindex("> "):].splitlines()[1:] if line.strip()]
    assert last_lines, "the last move's log lines are shown before the final position"
    # Both humans saw them, yet each line shows once, and nothing private ("you draw a ...") is shown to both.
    assert len(last_lines) == len(set(last_lines)), last_lines
    assert not any("You draw" in line for line in last_lines), last_lines


def test_a_hot_seat_game_can_be_saved_and_left_while_the_keyboard_changes_hands(toy: None, runner: CliRunner,
                                                                                in_tmp: Path) -> None:
    result = runner.invoke(app, ["play", "toy", "--seat", "0", "--seat", "1", "--seed", "2"],
                           input="save hand-over.dojo.json\nquit\n")
    assert result.exit_code == 0, result.output
    assert "saved to hand-over.dojo.json" in result.stdout and "you left the game" in result.stdout
    # Nothing of seat 0's screen was shown: the save and the quit came before the hand-over.
    assert "seat 0 (you)" not in result.stdout
    assert load_game("hand-over.dojo.json").ply == 0


def test_a_game_with_broken_colour_markup_is_still_shown_in_plain_text(toy: None, runner: CliRunner,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "_render_markup", lambda self, seat: "[/bold] a closing tag with no opening")
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert ToyState.new(2, seed=1).render(0) in result.stdout


@pytest.mark.parametrize("game_id", ["ninjitsu", "knights-and-ninjas", "ninja-camp", "ninja-trap", "ninjato"])
def test_every_game_says_how_it_ended_once(runner: CliRunner, in_tmp: Path, game_id: str) -> None:
    """The end's picture of the position and the scores' title would both say it: once is enough."""
    result = runner.invoke(app, ["play", game_id, "--players", "2", "--seat", "0", "--seed", "3", "--bots", "random"],
                           input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    game = load_game(result.stdout.split("the game is saved in ")[1].split("\n")[0])
    assert game.result is not None, "the game was played to its end"
    end = result.stdout.split("game over")[-1]
    assert end.count(game.result.reason) == 1, end[:3000]
