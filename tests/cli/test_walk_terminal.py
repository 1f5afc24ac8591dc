"""A first-time player's walk through the terminal: choices that stay told apart when cut, a nonsense
answer that does not repeat the whole prompt, and a replay that says a seat's own moves in words."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from ninjadojo.api import new_game
from ninjadojo.cli.choices import drop_shared_tail, shorten_middle
from ninjadojo.cli.main import app
from ninjadojo.cli.replay import Replay
from ninjadojo.engine import Rng
from ninjadojo.engine.playout import random_playout


def test_a_cut_label_keeps_what_tells_it_from_its_siblings() -> None:
    siblings = [f"Play Evade: move from g3 to {square} and claim the Shadow on g3"
                for square in ("f5 (a Dodge)", "f1 (a Stealth)")]
    cut = [drop_shared_tail(label, siblings, 50) for label in siblings]
    assert cut == ["Play Evade: move from g3 to f5 (a Dodge) …", "Play Evade: move from g3 to f1 (a Stealth) …"]
    # A label that fits, or has no sibling, is left to the usual cut.
    assert drop_shared_tail("Draw 2 cards", siblings, 50) == "Draw 2 cards"
    assert drop_shared_tail(siblings[0], [siblings[0]], 50) == siblings[0]


def test_a_middle_cut_falls_between_clauses_not_inside_a_parenthesis() -> None:
    label = ("Raid house 1 (Taira 2) by Strength: its Sentry is a 5, play higher (nothing you hold beats it: you "
             "would be defeated at once)")
    cut = shorten_middle(label, 96)
    assert cut == "Raid house 1 (Taira 2) by Strength: … (nothing you hold beats it: you would be defeated at once)"
    assert len(cut) <= 96


def test_nonsense_at_an_elements_prompt_says_what_is_allowed_once(runner: CliRunner, in_tmp: Path) -> None:
    result = runner.invoke(app, ["play", "ninjitsu", "-p", "2", "--seed", "3", "--bots", "random",
                                 "--option", "expansions=elements"], input="blah\nquit\n")
    assert result.exit_code == 0, result.output
    said = next(line for line in result.stdout.splitlines() if line.startswith("seat 0> 'blah'")
                or "'blah' is not" in line)
    assert "'blah' is not one of your choices: type a number from 1 to 2" in said
    assert "does not answer the decision now" not in result.stdout


def test_a_seat_replay_says_its_own_moves_in_words(runner: CliRunner, tmp_path: Path) -> None:
    game = new_game("knights-and-ninjas", 3, seed=5)
    random_playout(game, Rng(2), max_actions=400)
    path = tmp_path / "kn.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    result = runner.invoke(app, ["replay", str(path), "--seat", "0", "--all"])
    assert result.exit_code == 0, result.output
    played = [line for line in result.stdout.splitlines() if line.startswith("you played")]
    assert played and all(line.startswith("you played: ") and line.endswith(")") for line in played), played[:3]
    if game.is_terminal:
        assert "winners seat" not in result.stdout


def test_help_prints_both_sides_of_an_element_and_one_card_in_several_suits_once(runner: CliRunner,
                                                                                in_tmp: Path) -> None:
    result = runner.invoke(app, ["play", "ninjitsu", "-p", "2", "--seed", "3", "--bots", "random",
                                 "--option", "expansions=elements"],
                           input="help water\nhelp katana\nhelp master\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Water (side 1) (water1)" in out and "Water (side 2) (water2)" in out
    assert "Katana (6a, 6b, 6c): " in out
    assert "Master of Cunning (Ka, Kb, Kc)" in out and "could be Master of Cunning (Ka), " not in out


def test_replay_says_an_unknown_command_is_not_one() -> None:
    game = new_game("knights-and-ninjas", 3, seed=5)
    random_playout(game, Rng(2), max_actions=40)
    console = Console(record=True, width=100)
    answers = iter(["x", "help", "q"])
    Replay(game, None).interactive(console, read=lambda prompt: next(answers))
    out = console.export_text()
    assert "'x' is not a replay command. Enter or n: next step" in out
    assert out.count("Enter or n: next step") == 2


def test_card_help_lists_only_the_cards_of_the_expansions_in_play(runner: CliRunner, in_tmp: Path) -> None:
    """``help master`` at a base game of Ninjitsu! names the base game's Masters, not the Promo Pack's Master
    of Misdirection or Masters of Magic's Master of Wind; with the Promo Pack its Master is named too."""
    def said(*options: str) -> str:
        argv = ["play", "ninjitsu", "-p", "2", "--seed", "3", "--bots", "random"]
        for option in options:
            argv += ["--option", option]
        result = runner.invoke(app, argv, input="help master\nquit\n")
        assert result.exit_code == 0, result.output
        return result.stdout

    base = said()
    assert "Master of Cunning" in base
    assert "Misdirection" not in base and "Master of Wind" not in base
    promo = said("expansions=promo")
    assert "Misdirection" in promo and "Master of Wind" not in promo
