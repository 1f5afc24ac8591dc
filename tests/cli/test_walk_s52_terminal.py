"""A demanding new player's walk at an 80x24 terminal (Ninjitsu! with three expansions at 3 players, Of Knights
and Ninjas at 4, Ninja Camp at 2): a lone Peasant is not "strength 1 each", a card a Grimoire turns up is
offered in the ways it may be played, a cut choice keeps the square its parenthesis speaks of, ``key`` tells
the truth about a board of letters, and ``dojo play --help`` names every command the prompt takes."""

from __future__ import annotations

from typer.testing import CliRunner

from ninjadojo.api import new_game
from ninjadojo.cli.choices import shorten_middle
from ninjadojo.cli.main import app
from ninjadojo.engine import Frame
from ninjadojo.games.knights_and_ninjas.builder import position as knights_position
from ninjadojo.games.ninjitsu import words as ninjitsu_words
from ninjadojo.games.ninjitsu.cards import CARD_INDEX


def test_a_lone_peasant_in_hand_has_strength_1_not_1_each() -> None:
    game = knights_position(4, hands=["pekn", "pepe", "so", "ex"])
    assert "your hand: Peasant (pe) strength 1: attack/respond, revolt" in game.render(0).splitlines()
    # Two or more are each of strength 1.
    assert "your hand: 2x Peasant (pe) strength 1 each: attack/respond, revolt" in game.render(1).splitlines()


def test_a_card_grimoire_turns_up_is_offered_in_the_ways_it_may_be_played() -> None:
    """Was "Grimoire: play Bow and Arrows: for its action, as a secret or as a treasure, as it allows." for a card
    with no action to offer."""
    game = new_game("ninjitsu", 3, seed=1, options={"expansions": "magic"})
    grimoire = Frame("play", [0], {"way": "any", "by": "Am", "last": 1})
    game.hands[0].append(CARD_INDEX["5a"])  # Bow and Arrows: a secret or a treasure only
    assert ninjitsu_words.prompt(game, 0, grimoire) == "Grimoire: play Bow and Arrows as a secret or as a treasure."
    game.hands[0].append(CARD_INDEX["6c"])
    katana = "Grimoire: play Katana for its action, as a secret, or as a treasure."
    assert ninjitsu_words.prompt(game, 0, grimoire) == katana


def test_a_cut_choice_keeps_the_square_its_parenthesis_speaks_of() -> None:
    """Ninja Camp's moves cut to fit a line read "move from d7 to … (a Stealth)": the square gone, the
    parenthesis left saying nothing of it."""
    cases = [("Play Evade: move from d7 to a7 (a Stealth) and claim the Leap on d7", 66, "d7 to a7"),
             ("Play Evade: move from e7 to g6 (a Sprint) and claim the Ambush on e7", 66, "e7 to g6"),
             ("Use the Hamster Clan: move from d7 to c7 (a Sprint) and claim the Leap on d7", 66, "d7 to c7"),
             ("Play Evade: move from e5 to g4 (a Stealth) and claim the Leap on e5", 60, "e5 to g4")]
    for words, room, squares in cases:
        cut = shorten_middle(words, room)
        assert len(cut) <= room and "…" in cut, cut
        assert squares in cut and "to … (" not in cut and "from … (" not in cut, cut
        assert cut.count("(") == cut.count(")"), cut
    # A parenthesis after plain words still ends a cut as before.
    assert shorten_middle("Play Master of Planning for its action (it would do nothing now) (copy 1)", 69) == (
        "Play Master of Planning for its … (it would do nothing now) (copy 1)")


def test_key_on_a_board_of_letters_does_not_say_it_is_all_words(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "ninja-camp", "--players", "2", "--seed", "52"], input="key\nquit\n")
    assert result.exit_code == 0, result.output
    said = result.stdout.split("> key")[1]
    assert "says everything in words" not in said
    # Its key says what the legend beside the grid does not: a letter with a digit is a ninja, # a Wall.
    assert "A1 is seat 1's ninja on an Ambush" in said and "# a Wall" in said, said


def test_play_help_names_every_command_the_prompt_takes(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Commands: help, rules, card, cards, key, log, list, more, undo, save, quit; hint with --hints." in text


def test_the_omniscient_replay_shows_every_card_of_each_hand() -> None:
    """``dojo replay --omniscient`` shows what each seat alone sees. It left out a line of a hand that another
    seat's hand also had (P1's and P3's Ladder, drawn alike under "your hand"): P1 seemed to hold one card."""
    from rich.console import Console

    from ninjadojo.cli.replay import Replay

    game = knights_position(4, hands=["pepe", "sola", "kn", "sola"])
    console = Console(record=True, width=80)
    Replay.show_private(console, game)
    said = console.export_text()
    seat1 = said.split("seat 1 sees:")[1].split("seat 2 sees:")[0]
    assert "Soldier (so)" in seat1 and "Ladder (la)" in seat1, said
    seat3 = said.split("seat 3 sees:")[1]
    assert "Soldier (so)" in seat3 and "Ladder (la)" in seat3, said
    # Another seat's row, the same as the spectator's, is not said to be seat 0's own.
    seat0 = said.split("seat 0 sees:")[1].split("seat 1 sees:")[0]
    assert "P1:" not in seat0 and "Peasant (pe)" in seat0, said


def test_an_elements_two_sides_are_shown_whole_at_80_by_24() -> None:
    """The first decision of a game with The Elements: the two sides are sentences, and cut to a line each
    they said neither ("Side 1: Draw a card whenever any … discarded, moved, or swapped."). A short list of
    long choices is shown whole, two lines a choice, when the screen has room; the screen still fits 24
    lines."""
    import io

    from rich.console import Console

    from ninjadojo.cli.play import Terminal
    from ninjadojo.table import Table

    table = Table.new("ninjitsu", 3, {"expansions": "elements"}, 52, humans=[0],
                      bot_specs={1: "random", 2: "random"}, autosave=False)
    console = Console(record=True, width=80, height=24, file=io.StringIO())
    screens: list[list[str]] = []

    def answer(prompt: str) -> str:
        screens.append(console.export_text(clear=True).splitlines())
        raise EOFError

    Terminal(console, table, read=answer).run()
    screen = screens[0]
    labels = table.game.labels(0)
    said = " ".join(" ".join(screen).split())
    for action in ("side:1", "side:2"):
        assert f"{labels[action]} ({action})" in said, screen
    assert "…" not in said and len(screen) <= 24 and all(len(line) <= 80 for line in screen), screen
