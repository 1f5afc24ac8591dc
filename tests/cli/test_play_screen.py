"""``dojo play``: the screen fits 80x24, single-choice prompts answered for the human, help/card/rules per game,
nested log lines, privacy of hidden choices, and bad input or a crash that never loses the game."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cli.helpers import CheatingBot, FailingBot, game_playable, needs_ninja_trap, only_pass_position, write_save
from engine.toygame import ToyState
from ninjadojo import bots
from ninjadojo.api import load_game
from ninjadojo.cli.main import app
from ninjadojo.cli.play import ERASE_SCROLLBACK, MIN_CHOICE_ROWS, Terminal, find_cards
from ninjadojo.engine import Rng
from ninjadojo.engine.state import CardInfo
from ninjadojo.games import GAME_MODULES, game_class
from ninjadojo.table import Table

#: A line of numbered choices ("  3) Draw a card (d)", several to a line in columns).
CHOICE_LINE = re.compile(r"^\s*\d+\) ")

REAL_GAMES = [game_id for game_id, module in GAME_MODULES.items() if game_playable(module.rsplit(".", 1)[1])]


# ---------------------------------------------------------------------- 80x24


class _Measured(Terminal):
    """A terminal that keeps the lines of each screen (from its first line to the prompt below it)."""

    screens: list[list[str]]

    def show_earlier(self, lines: Any) -> None:
        # Log lines that do not fit are printed above the screen by design: off it, in the scrollback.
        self.console.export_text(clear=True)

    def show_screen(self, seat: int) -> None:
        self.console.export_text(clear=True)
        super().show_screen(seat)


def _screens(game_id: str, players: int, seed: int, prompts: int, height: int = 24) -> list[list[str]]:
    """The screens a human at seat 0 sees in the first ``prompts`` prompts of a game against random bots,
    picking at random, on an 80x24 terminal (80 by ``height``)."""
    table = Table.new(game_id, players, {}, seed, humans=[0], bot_specs={s: "random" for s in range(1, players)},
                      autosave=False)
    console = Console(record=True, width=80, height=height, file=io.StringIO())
    rng = Rng(seed)
    screens: list[list[str]] = []
    terminal = _Measured(console, table, read=lambda prompt: answer(prompt))

    def answer(prompt: str) -> str:
        screen = console.export_text(clear=True).splitlines()
        if prompt.startswith("seat 0>"):
            screens.append(screen)
            if len(screens) >= prompts:
                raise EOFError
        return str(1 + rng.randbelow(len(table.game.legal_actions(0))))

    terminal.run()
    return screens


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_the_screen_before_a_prompt_fits_80_by_24_for_every_player_count(game_id: str) -> None:
    spec = game_class(game_id).SPEC
    for players in range(spec.min_players, spec.max_players + 1):
        for seed in (1, 2, 3):
            screens = _screens(game_id, players, seed, prompts=30)
            assert screens, (game_id, players)
            for screen in screens:
                assert all(len(line) <= 80 for line in screen)
                # The screen's lines, and the prompt line under them; a board too tall for that scrolls its
                # top up so that MIN_CHOICE_ROWS rows of choices show (all, if fewer), and only so far.
                choices = [line for line in screen if CHOICE_LINE.match(line)]
                more = any(line.startswith("... ") and "more: type more" in line for line in screen)
                if len(screen) + 1 > 24:
                    assert len(choices) + more <= MIN_CHOICE_ROWS + 1, (game_id, players, "\n".join(screen))
                    assert len(screen) + 1 - 24 <= MIN_CHOICE_ROWS, (game_id, players, "\n".join(screen))
                assert choices, (game_id, players, "\n".join(screen))


def test_a_tall_board_leaves_at_least_several_rows_of_choices_on_a_small_terminal() -> None:
    # Ninjato at 4 players has a tall board and some 16 choices at its first turn: an 80x24 screen used
    # to show one of them and "15 more".
    screens = _screens("ninjato", 4, 15, prompts=6)
    paged = 0
    for screen in screens:
        rows = [line for line in screen if CHOICE_LINE.match(line)]
        if any("more: type more" in line for line in screen):  # not all of them: then at least this many
            paged += 1
            assert len(rows) >= MIN_CHOICE_ROWS - 1, "\n".join(screen)
    assert paged  # the case was met


def test_on_a_tall_terminal_a_list_of_long_choices_shows_each_whole() -> None:
    """Ninjato's first turn (14 choices, several longer than a line: "Learn the Crane (1 or 5) tile at the Sensei
    for any card: discard a 1") on an 80x60 terminal: every choice whole, on two lines where one would cut
    it, none losing its middle to "…" (which hid "discard a 1" or "you would be defeated at once"); the log
    since the last turn still whole above them."""
    screen = _screens("ninjato", 2, 5, prompts=1, height=60)[0]
    start = next(number for number, line in enumerate(screen) if CHOICE_LINE.match(line))
    choices = screen[start:]
    numbered = [line for line in choices if CHOICE_LINE.match(line)]
    assert len(numbered) >= 10, "\n".join(screen)
    assert not any("…" in line for line in choices), "\n".join(choices)
    assert any(line.startswith("    (sen:") for line in choices), "a choice goes on to a second line"
    assert all(len(line) <= 80 for line in screen)
    assert not any("earlier line" in line for line in screen), "the log since the last turn is whole"


def test_log_lines_that_do_not_fit_go_above_the_screen_and_the_latest_stay_on_it(toy: None) -> None:
    table = Table.new("toy", 2, {}, 1, humans=[0], autosave=False)
    console = Console(record=True, width=80, height=14, file=io.StringIO())
    terminal = Terminal(console, table, read=lambda prompt: "")
    terminal.unseen[0] = [f"line {n}" for n in range(1, 31)]
    terminal.show_screen(0)
    text = console.export_text()
    screen = text[text.index("Toy - seat 0"):].splitlines()
    assert len(screen) + 1 <= 14
    # The latest lines are on the screen, the first ones only above it.
    assert "  line 30" in screen and "  line 1" not in screen
    assert "earlier lines above (log shows them all)" in "\n".join(screen)
    # Every line was printed once: the earlier ones above the screen.
    assert all(text.count(f"line {n}\n") == 1 for n in range(1, 31))


# ---------------------------------------------------------------------- single choices


def test_a_prompt_with_one_possible_answer_is_answered_for_the_human(toy: None, runner: CliRunner,
                                                                     tmp_path: Path) -> None:
    path = write_save(tmp_path / "pass.dojo.json", only_pass_position())
    result = runner.invoke(app, ["play", "--load", str(path)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "your turn - only choice: pass (answered for you)" in result.stdout
    saved = load_game(str(result.stdout.split("the game is saved in ")[1].split("\n")[0]))
    assert saved.record.actions[0] == (0, "pass")


def test_a_single_choice_answered_for_the_human_comes_after_what_led_to_it(toy: None) -> None:
    table = Table(only_pass_position(), [0], {1: "random"}, 1, autosave=False)
    console = Console(record=True, width=80, height=24, file=io.StringIO())
    terminal = Terminal(console, table, read=lambda prompt: "")
    terminal.unseen[0] = ["P1 attacks you with a King (strength 4)"]
    assert terminal.human_turn(0) == "auto"
    text = console.export_text()
    assert text.index("P1 attacks you with a King") < text.index("(answered for you)")
    assert terminal.unseen[0] == []


def test_no_auto_asks_the_human_even_for_a_single_choice(toy: None, runner: CliRunner, tmp_path: Path) -> None:
    path = write_save(tmp_path / "pass.dojo.json", only_pass_position())
    result = runner.invoke(app, ["play", "--load", str(path), "--no-auto"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "answered for you" not in result.stdout
    assert "1) pass" in result.stdout and "seat 0>" in result.stdout


# ---------------------------------------------------------------------- help, cards, rules


def test_help_names_the_game_and_an_action_it_has(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input="help\nquit\n")
    assert result.exit_code == 0, result.output
    help_text = result.stdout.split("seat 0> help")[1]
    example = help_text.split("(e.g. 1, or ")[1].split(")")[0]
    assert help_text.startswith("\nToy: type the number")
    assert example in ToyState.new(2, seed=1).legal_actions(0)
    # The toy lists no cards: no card commands are offered.
    assert "help CARD" not in help_text


def _toy_cards() -> list[CardInfo]:
    return [CardInfo("0", "Block", "stops a play", "Discard it when another player plays a card: that card is "
                     "discarded with no effect."),
            CardInfo("6", "Six", "worth 6; even", "Scores 6 and makes an opponent discard.")]


def test_help_card_prints_a_cards_full_text_by_code_name_or_action(toy: None, runner: CliRunner,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "_card_catalog", classmethod(lambda cls: _toy_cards()))
    result = runner.invoke(app, ["play", "toy", "--seed", "1"],
                           input="help BLOCK\ncard 6\nhelp a:0\ncard nothing\ncards\nhelp\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Block (0): stops a play\n  Discard it when another player plays a card") == 2
    assert "Six (6): worth 6; even\n  Scores 6 and makes an opponent discard." in out
    assert "no card of Toy is called 'nothing'" in out
    assert "0  Block: stops a play" in out
    assert "help CARD" in out


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_card_a_game_lists_is_found_by_its_code_and_its_name(game_id: str) -> None:
    catalog = game_class(game_id).card_catalog()
    if not catalog:
        pytest.skip(f"{game_id} lists no cards yet")
    for info in catalog:
        assert info in find_cards(catalog, info.code.upper()), info
        assert info in find_cards(catalog, info.name.lower()), info


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_rules_prints_the_games_summary_of_rules(game_id: str, runner: CliRunner) -> None:
    rules = game_class(game_id).SPEC.rules.strip()
    if not rules:
        pytest.skip(f"{game_id} has no rules summary yet")
    result = runner.invoke(app, ["play", game_id, "--seed", "1", "--bots", "random"], input="rules\nquit\n")
    assert result.exit_code == 0, result.output
    assert rules.splitlines()[0] in result.stdout and rules.splitlines()[-1] in result.stdout


def test_rules_adds_what_the_expansions_in_play_add_and_nothing_of_the_others(runner: CliRunner) -> None:
    """A base game of Ninjitsu! reads nothing of the expansions; with Heavy Weather its rules follow."""
    spec = game_class("ninjitsu").SPEC
    weather = dict(spec.set_rules)["weather"].splitlines()[0]
    elements = dict(spec.set_rules)["elements"].splitlines()[0]
    base = runner.invoke(app, ["play", "ninjitsu", "--seed", "1", "--bots", "random"], input="rules\nquit\n")
    assert spec.rules.splitlines()[-1] in base.stdout
    assert weather not in base.stdout and elements not in base.stdout
    # Nor of the expansions' cards: Master of Deception (the Promo Pack's), Master of Wind (Masters of Magic's).
    assert "Master of Deception" not in base.stdout and "Master of Wind" not in base.stdout
    more = runner.invoke(app, ["play", "ninjitsu", "--seed", "1", "--bots", "random", "--option",
                               "expansions=weather"], input="rules\nquit\n")
    assert more.exit_code == 0, more.output
    assert weather in more.stdout and elements not in more.stdout


def test_rules_says_so_when_a_game_has_no_summary(toy: None, runner: CliRunner,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "SPEC", replace(ToyState.SPEC, rules=""))
    result = runner.invoke(app, ["play", "toy"], input="rules\nquit\n")
    assert "Toy has no summary of its rules yet." in result.stdout
    monkeypatch.setattr(ToyState, "SPEC", replace(ToyState.SPEC, rules="Draw, play, bid.\nHighest score wins."))
    result = runner.invoke(app, ["play", "toy"], input="rules\nquit\n")
    assert "Draw, play, bid.\nHighest score wins." in result.stdout


# ---------------------------------------------------------------------- the log


def test_log_lines_show_their_nesting(toy: None, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    original = ToyState._draw

    def draw_with_detail(self: ToyState, seat: int) -> None:
        self.log("a detail inside the draw", depth=1)
        original(self, seat)

    monkeypatch.setattr(ToyState, "_draw", draw_with_detail)
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input="d\nlog\nquit\n")
    assert result.exit_code == 0, result.output
    # Two spaces for a log line, two more for each level of nesting: on the screen and in `log`.
    assert result.stdout.count("\n    A detail inside the draw\n") >= 2


# ---------------------------------------------------------------------- privacy


def _terminal_output(table: Table, answers: list[str]) -> str:
    file = io.StringIO()
    console = Console(file=file, force_terminal=True, width=80, height=24, color_system=None)
    replies = iter(answers)

    def read(prompt: str) -> str:
        console.print(prompt)
        reply = next(replies, None)
        if reply is None:
            raise EOFError
        console.print(reply)  # the terminal echoes what is typed
        return reply

    Terminal(console, table, read=read).run()
    return file.getvalue()


def test_a_single_humans_hidden_choice_is_cleared_from_the_screen_and_scrollback(toy: None) -> None:
    table = Table.new("toy", 2, {}, 1, humans=[0], bot_specs={1: "random"}, autosave=False)
    assert "bid" in ToyState.new(2, seed=1).legal_actions(0) and 5 in ToyState.new(2, seed=1).hands[0]
    output = _terminal_output(table, ["bid", "c5"])
    assert ERASE_SCROLLBACK in output
    after = output.rsplit(ERASE_SCROLLBACK, 1)[1]
    assert "c5" not in after.split("your choice is in")[0]
    assert "your choice is in" in after


def test_a_one_time_look_is_cleared_from_the_scrollback_once_its_seat_has_acted(
        toy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    original = ToyState._draw

    def draw_and_peek(self: ToyState, seat: int) -> None:
        original(self, seat)
        if self.deck:
            self.log(f"you peek at the top card: a {self.deck[0]}", 1 << seat, transient=True)

    monkeypatch.setattr(ToyState, "_draw", draw_and_peek)

    def table_for(seed: int) -> Table:
        return Table.new("toy", 2, {}, seed, humans=[0], bot_specs={1: "random"}, autosave=False)

    def a_card_to_play_next(seed: int) -> str | None:
        """After seat 0 draws and the bot moves: a card seat 0 may play openly (no hidden choice, no peek)."""
        probe = table_for(seed)
        probe.apply(0, "d")
        probe.play_bots()
        return next((action for action in probe.game.legal_actions(0) if action.startswith("p")), None)

    seed, play = next((seed, play) for seed in range(100) if (play := a_card_to_play_next(seed)) is not None)
    output = _terminal_output(table_for(seed), ["d", play])
    shown, after_acting = output.split("seat 0>", 2)[1:3]
    assert "You peek at the top card" in shown
    assert ERASE_SCROLLBACK in after_acting
    assert "You peek at the top card" not in after_acting.rsplit(ERASE_SCROLLBACK, 1)[1]


@needs_ninja_trap
def test_in_single_player_ninja_trap_your_own_trap_leaves_no_trace_on_screen(data_home: Path) -> None:
    table = Table.new("ninja-trap", 2, {}, 3, humans=[0], bot_specs={1: "random"}, autosave=False)
    trap = table.game.legal_actions(0)[0]
    output = _terminal_output(table, [trap])
    cleared = output.rsplit(ERASE_SCROLLBACK, 1)
    assert len(cleared) == 2, "the screen and scrollback were cleared after the trap was placed"
    assert trap not in cleared[1]


# ---------------------------------------------------------------------- bad input and crashes


def test_odd_digits_and_huge_numbers_are_refused_and_the_game_goes_on(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input="²\n" + "9" * 5000 + "\n١\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None and "Traceback" not in result.output
    assert "'²' is not one of your choices" in result.stdout
    assert "there is no choice '99999" in result.stdout and "(5002 characters): type a number" in result.stdout
    assert "you left the game; the game is saved in" in result.stdout


def test_a_deeply_nested_save_is_refused_with_one_line(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}")
    for args in (["play", "--load", str(path)], ["replay", str(path)]):
        result = runner.invoke(app, args, input="")
        assert result.exit_code == 2, result.output
        assert "nested too deeply" in result.stderr and result.stderr.count("\n") == 1


def test_an_unexpected_error_saves_the_game_to_a_recovery_file_and_says_where(
        toy: None, runner: CliRunner, data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = ToyState._apply

    def broken(self: ToyState, seat: int, frame: Any, payload: tuple[str, int]) -> None:
        if payload[0] == "bid":
            raise RuntimeError("a bug in the bid")
        original(self, seat, frame, payload)

    monkeypatch.setattr(ToyState, "_apply", broken)
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input="d\nbid\n")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "an unexpected error stopped the game (RuntimeError: a bug in the bid)" in result.stderr
    saved = Path(result.stderr.split("the game up to its last good move is saved in ")[1].split("\n")[0])
    report = Path(result.stderr.split("details for a bug report: ")[1].split("\n")[0])
    monkeypatch.setattr(ToyState, "_apply", original)
    game = load_game(saved)
    assert game.record.actions[0] == (0, "d") and all(action != "bid" for _, action in game.record.actions)
    assert "a bug in the bid" in report.read_text()
    # The recovered game resumes.
    resumed = runner.invoke(app, ["play", "--resume"], input="quit\n")
    assert resumed.exit_code == 0 and f"resumed from {saved}" in resumed.stdout
    assert json.loads(saved.read_text())["players_meta"]["finished"] is False


def test_a_bot_choosing_an_illegal_action_ends_the_game_with_a_message_and_a_save(
        toy: None, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots.GENERIC_BOTS, "broken", CheatingBot)
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--bots", "broken"], input="d\n")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "bot 'broken' at seat 1 chose an illegal action" in result.stderr
    saved = Path(result.stderr.split("the game up to its last good move is saved in ")[1].split("\n")[0])
    assert load_game(saved).record.actions == [(0, "d")]


def test_a_bot_whose_choice_fails_is_replaced_for_that_move_and_the_player_is_told(
        toy: None, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug inside a bot (its choice raises) does not end the game at the terminal: a quick answer plays
    that move, and the player reads which bot failed."""
    monkeypatch.setitem(bots.GENERIC_BOTS, "failing", FailingBot)
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--bots", "failing"], input="d\nquit\n")
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    assert "! P1's bot (failing) could not choose (ValueError: a bug in the bot); a quick answer played this move " \
           "for it" in result.stdout


def test_an_unexpected_error_while_setting_up_is_one_line(toy: None, runner: CliRunner,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: ToyState) -> None:
        raise KeyError("a bug in the deal")

    monkeypatch.setattr(ToyState, "_setup", broken)
    result = runner.invoke(app, ["play", "toy"], input="")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr == "error: an unexpected error while setting up the game (KeyError: 'a bug in the deal')\n"


def test_the_buko_look_is_shown_not_answered_for_the_human(runner: CliRunner, tmp_path: Path) -> None:
    """Ninja Trap: a ninja untrapped in the Buko looks at its traps; the look's one choice ("hide my traps
    again and go on") is the human's to type once they have seen them, never answered for them."""
    from ninjadojo.games.ninja_trap.builder import Seat, build, play

    game = build(2, "move", [Seat(hand="GIDB", traps="N1,G3"), Seat(hand="SFTN", traps="I1,D3")], turn=3)
    play(game, {0: "mB", 1: "mS"})
    while game.stage() == "activate":
        play(game, {seat: "pass" for seat in game.to_act()})
    assert game.legal_actions(0) == ["ok"]
    path = write_save(tmp_path / "look.dojo.json", game, {"humans": [0], "bots": {"1": "random"}})
    result = runner.invoke(app, ["play", "--load", str(path)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "answered for you" not in result.stdout
    assert "the trap of turn 1 in the Ikujishitzu, the trap of turn 3 in the Genkan" in result.stdout
    assert "seat 0>" in result.stdout
    saved = load_game(str(result.stdout.split("the game is saved in ")[1].split("\n")[0]))
    assert saved.legal_actions(0) == ["ok"], "the look waits for the human"


def test_a_formality_is_answered_without_a_word(runner: CliRunner, tmp_path: Path) -> None:
    """Of Knights and Ninjas asks everyone holding cards whether to steal a common attack's gems with a
    Highwayman, so that being asked tells nothing; holding none, the human has nothing to decide, and
    the terminal passes for them without an "answered for you" line."""
    from ninjadojo.games.knights_and_ninjas.builder import play, position

    game = position(4, hands=["kn", "pe", "hw", "sopepe"])
    play(game, "0:a1:kn", "1:take")
    assert game.decision(3) is not None and game.decision(3).formality  # type: ignore[union-attr]
    bots_at = {"0": "random", "1": "random", "2": "random"}
    path = write_save(tmp_path / "window.dojo.json", game, {"humans": [3], "bots": bots_at})
    result = runner.invoke(app, ["play", "--load", str(path)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "keeps the gem" not in result.stdout and "you hold no" not in result.stdout
    assert "your choice is in" not in result.stdout, "a formality has no choice to confirm"
    saved = load_game(str(result.stdout.split("the game is saved in ")[1].split("\n")[0]))
    assert (3, "pass") in saved.record.actions[2:5], "the window is answered, by everyone"


def test_a_pass_for_good_is_confirmed_by_the_human_even_when_forced(runner: CliRunner, tmp_path: Path) -> None:
    """Ninja Camp: "If you cannot play a card or use your Ninja Clan ability, you must pass", for the rest of
    the game. Forced or not, that ends the player's part: the terminal shows the position and waits."""
    from ninjadojo.games.ninja_camp.builder import position

    parked = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1", "d4": "E0"}
    game = position(2, squares=parked, hands={0: ""}, clans={0: "SL"}, to_act=0)
    assert game.legal_actions(0) == ["pass"]
    path = write_save(tmp_path / "stuck.dojo.json", game, {"humans": [0], "bots": {"1": "random"}})
    result = runner.invoke(app, ["play", "--load", str(path)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "answered for you" not in result.stdout
    assert "none of your cards can be carried out now" in result.stdout and "seat 0>" in result.stdout
    saved = load_game(str(result.stdout.split("the game is saved in ")[1].split("\n")[0]))
    assert saved.legal_actions(0) == ["pass"], "the pass waits for the human"


@pytest.mark.parametrize(("game", "column"), [("knights-and-ninjas", False), ("ninja-camp", True)])
def test_the_end_table_has_no_count_column_that_only_repeats_the_score(runner: CliRunner, game: str,
                                                                      column: bool) -> None:
    """Of Knights and Ninjas counts gems alone ("Gems held: 10", the score again): no "how it counts"
    column; Ninja Camp counts each kind of card at its value, which the column shows."""
    result = runner.invoke(app, ["play", game, "--players", "3", "--seed", "5"], input="1\n" * 900)
    assert result.exit_code == 0, result.output
    assert "game over" in result.stdout
    assert ("how it counts" in result.stdout) is column


def test_long_choices_cut_to_a_line_stay_told_apart_by_their_words() -> None:
    # Ninjato's Sensei choices differ only at their end ("discard a 3", "discard a 4"...): cut at the end,
    # they read the same but for the code.
    table = Table.new("ninjato", 3, {}, 15, humans=[0], autosave=False)
    for width in (80, 60):
        terminal = Terminal(Console(record=True, width=width, file=io.StringIO()), table, read=lambda prompt: "")
        seat = table.game.to_act()[0]
        actions = table.game.legal_actions(seat)
        texts = terminal.choice_texts(seat, actions, width)
        labels = table.game.labels(seat)
        assert all(len(text) <= width - 4 for text in texts)
        assert any("…" in text for text in texts), "some were cut"
        words = [text.rsplit(" (", 1)[0] for text in texts]
        assert len(set(words)) == len({labels[action] for action in actions}), "\n".join(texts)


@pytest.mark.parametrize(("game_id", "says"), [("ninjato", "f Fan, s Scroll"), ("ninja-trap", "type f2 to flip it"),
                                               ("knights-and-ninjas", "no key to it")])
def test_key_says_what_the_boards_letters_mean(runner: CliRunner, game_id: str, says: str) -> None:
    result = runner.invoke(app, ["play", game_id, "--players", "3", "--seed", "1"], input="key\nhelp\nquit\n")
    assert result.exit_code == 0, result.output
    assert says in result.stdout.split("> key")[1]
    offered = "  key           what the board's letters and marks mean" in result.stdout
    assert offered == (game_id != "knights-and-ninjas")


def test_the_first_line_says_how_to_choose() -> None:
    """The codes in brackets after each choice ("Draw 2 cards (d)") are typed to choose: the first line says so."""
    table = Table.new("ninja-trap", 2, {}, 1, humans=[0], bot_specs={1: "random"}, autosave=False)
    console = Console(record=True, width=80, height=24, file=io.StringIO())

    def leave(prompt: str) -> str:
        raise EOFError

    Terminal(console, table, read=leave).run()
    first = " ".join(console.export_text().split("─")[0].split())
    assert first.startswith("Ninja Trap, 2 players, seed 1")
    assert first.endswith("Choose by a choice's number or its code in brackets; type help for commands."), first
