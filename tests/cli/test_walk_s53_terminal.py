"""A demanding new player's walk at an 80x24 terminal (Ninja Trap at 2 and 4 players, Ninjato at 2 and 3): a
crowded Ninjato board says the Sensei, the Pavilion and the Palace in words before it falls back to codes, a
choice cut to fit a line keeps what tells it from its siblings and never closes a parenthesis it did not open,
a room typed in words picks its choice, and Ninja Trap's words say "choice" and "trap" where they mean one."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from ninjadojo.cli.choices import drop_shared_tail, shorten_middle
from ninjadojo.cli.main import app
from ninjadojo.games.ninja_trap.builder import Seat, build
from ninjadojo.games.ninjato.builder import position

#: A Rumor's, an Envoy's or a tile's code as the board writes it when it has no room: ``d3``, ``t3~``,
#: ``s2@?``, ``(vf``.
CODE = re.compile(r"\b[a-z]\d(~|@|\b)|\((?!any\))[a-z]{1,3}[,)]")


def test_a_crowded_ninjato_board_says_its_places_in_words() -> None:
    """Four players and a raid under way: the Palace read ``t1~(jf, year 4) m3~(vf, year 17)`` and the Sensei
    ``s2@? t1@1 t6@2 c1@?``; shorter words come first."""
    game = position(4, hands=["135", "2", "3", "4"], rup="w1,f2,d3,d6", vup="t3,m2,g3,g4", raid=(0, 4, "+"),
                    offer="s2@?,t1@1,t6@2,c1@?")
    lines = game.render(0).splitlines()
    assert len(lines) <= 20 and all(len(line) <= 80 for line in lines), lines
    places = [line for line in lines if line.startswith(("Dojo", "Sensei", "Pavilion", "Palace"))]
    assert not [line for line in places if CODE.search(line)], places
    assert "Palace 0/2: Taira masked, Minamoto, Go-Shirakawa masked, Go-Shirakawa" in lines, lines
    assert any(line.startswith("Dojo up") and "| Sensei Snake, 2 Tiger, Crane |" in line for line in lines), lines


def test_a_shared_end_that_tells_a_choice_from_its_siblings_stays() -> None:
    """"Learn the Tiger (makes a 6) tile at the Sensei for any card …" lost its "discard a 1" because the Tiger +1
    tile's choice also ends "discard a 1", while the other Tiger 6 choices end "discard a 2", "a 3"."""
    labels = [f"Learn the Tiger (makes a 6) tile at the Sensei for any card: discard a {value}" for value in (1, 2, 3)]
    labels.append("Learn the Tiger +1 tile at the Sensei for its cost: discard a 1")
    room = 80 - 3 - len(" (sen:t6@?=1)")
    for label in labels[:3]:
        cut = shorten_middle(drop_shared_tail(label, labels, room), room)
        assert cut.endswith(label[-len("discard a 1"):]), cut
    # The Ninja Camp siblings still lose the end they all share.
    siblings = [f"Play Evade: move from g3 to {square} and claim the Shadow on g3" for square in ("f5 (a Dodge)",
                                                                                                  "f1 (a Stealth)")]
    assert drop_shared_tail(siblings[0], siblings, 50) == "Play Evade: move from g3 to f5 (a Dodge) …"


def test_a_cut_choice_never_closes_a_parenthesis_it_did_not_open() -> None:
    """At 80 columns a hopeless raid read "Raid house 1 (Taira 2) by Strength: its … you would be defeated at once)"
    and "Raid house 3 (Go-Shirakawa 6) by … you would be defeated at once)"."""
    room = 80 - 3 - len(" (h1+)")
    cases = {
        "Raid house 1 (Taira 2) by Strength: its Sentry is a 3, play higher (nothing you hold beats it: you would "
        "be defeated at once)": "Raid house 1 (Taira 2) by Strength (… you would be defeated at once)",
        "Raid house 3 (Go-Shirakawa 6) by Stealth: its Sentry is a 3, play lower (nothing you hold beats it: you "
        "would be defeated at once)": "Raid house 3 (Go-Shirakawa 6) by Stealth (… would be defeated at once)",
        "Raid house 4 (Minamoto 8) by Stealth: its Sentry is a 3, play lower (all its treasure is red: beating the "
        "Sentry takes none; Elites guard it)": "Raid house 4 (Minamoto 8) by Stealth (… Elites guard it)",
    }
    for words, expected in cases.items():
        cut = shorten_middle(words, room)
        assert cut == expected and len(cut) <= room, cut
        assert cut.count("(") == cut.count(")"), cut


def test_a_room_typed_in_words_picks_its_choice(runner: CliRunner) -> None:
    """"genkan" is part of the choice "Set a trap in the Genkan (entrance)", as the help promises, but was
    refused as "not a Ninja Trap action (tX trap, ...)"; words with a space were read as a code ("'ove buko' is
    not a room")."""
    result = runner.invoke(app, ["play", "ninja-trap", "--players", "2", "--seed", "11"],
                           input="genkan\nmove buko\nmove ima\ntrap\n1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "'genkan' names Set a trap in the Genkan (entrance) (tG)" in out
    assert "Turn 1: choose the room your ninja moves to." in out
    assert "'move buko' names Move to the Buko (armoury)" in out
    # At the activation stage no choice says "move" and "Ima": the usual words, not a code's parse.
    assert "'move ima' is not one of your choices: type a number from 1 to 2, part of a choice's text" in out
    assert "'ove ima'" not in out
    # Words shared by several choices list them.
    assert "2 of 2 choices contain 'trap'; type a number to pick one:" in out


def test_ninja_trap_words_say_choice_and_trap_where_they_mean_one(runner: CliRunner) -> None:
    """The log's header said "since your last move:" after the player laid a trap (a move is a stage of Ninja
    Trap), and a Buko look at one trap offered "Hide your traps again"."""
    result = runner.invoke(app, ["play", "ninja-trap", "--players", "2", "--seed", "11"], input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "since your last choice:" in result.stdout and "since your last move:" not in result.stdout
    one = build(2, "look", [Seat(hand="GI", traps="D1"), Seat(hand="SF", traps="S1")], turn=1, moves="BG")
    assert one.labels(0)["ok"] == "Hide your trap again and go on"
    two = build(2, "look", [Seat(hand="G", traps="D1,I2"), Seat(hand="S", traps="S1,F2")], turn=2, moves="BG")
    assert two.labels(0)["ok"] == "Hide your traps again and go on"


def _finished_ninja_trap(tmp_path: Path) -> Path:
    from ninjadojo.engine import Rng
    from ninjadojo.engine.playout import random_playout
    from ninjadojo.games.ninja_trap.state import NinjaTrapState

    game = NinjaTrapState.new(2, seed=7)
    random_playout(game, Rng(3), max_actions=10_000)
    assert game.is_terminal
    path = tmp_path / "trap.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    return path


def test_the_replay_end_line_has_one_stop_and_the_omniscient_view_no_public_rows(runner: CliRunner,
                                                                                 tmp_path: Path) -> None:
    """``dojo replay`` ended "game over: P1 is the last ninja standing and wins.; P1 wins", and ``--omniscient``
    repeated under "seat 0 sees:" the seat's public row, only marked ``>`` (82 columns once indented)."""
    path = _finished_ninja_trap(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--all"])
    assert result.exit_code == 0, result.output
    end = result.stdout.strip().splitlines()[-1]
    assert end.startswith("game over: ") and ".;" not in end, end
    result = runner.invoke(app, ["replay", str(path), "--omniscient", "--all"])
    assert result.exit_code == 0, result.output
    blocks = result.stdout.split(" sees:\n")[1:]
    assert blocks
    for block in blocks:
        private = [line for line in block.splitlines() if line.startswith("  ")]
        assert not [line for line in private if line.startswith("  > P")], block
    assert "Your hand:" in result.stdout


def test_a_review_on_a_small_budget_says_its_numbers_are_unsure(runner: CliRunner, tmp_path: Path) -> None:
    """``dojo review --iterations 8``: every decision read "50% -> 50%", "best alternative: ... (63%)" and the
    summary "0 blunders, 0 mistakes, 0 inaccuracies; average loss 0.0", a flawless game that was none."""
    path = _finished_ninja_trap(tmp_path)
    result = runner.invoke(app, ["review", str(path), "--seat", "0", "--iterations", "8"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "tried fewer than 20 times: too few to mark a decision or count a loss" in out
    for line in out.splitlines():
        if line.strip().startswith("best alternative:"):
            before = re.search(r"  (\d+)% -> ", out[:out.index(line)].splitlines()[-1])
            chance = re.search(r"\((\d+)%", line)
            if before and chance and int(chance[1]) > int(before[1]):
                assert "but tried only 8 times: not sure" in line, line


def test_a_house_with_red_treasure_says_it_in_words_once() -> None:
    """A house holding "Fan, Scroll, Vase, red Jade, red Gold" (37 letters, over the column's 35) was shown as
    ``f s v j* g*``; the red ones are now said together."""
    game = position(2, houses=["t2:3n:fsvj*g*", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:v*j*", "m4:3n:fsv"])
    lines = game.render(0).splitlines()
    assert any(line.startswith("house 1 ") and "Fan, Scroll, Vase; red: Jade, Gold" in line for line in lines), lines
    assert any(line.startswith("house 4 ") and "red Vase, red Jade" in line for line in lines), lines
    assert all(len(line) <= 80 for line in lines), lines


def test_a_choice_one_letter_too_long_keeps_its_side_and_its_house() -> None:
    """At 80 columns "Raid house 3 (Go-Shirakawa 6) by Strength: its Sentry is a 4, play higher (h3+)" is one
    letter too long: it read "Raid house 3 (Go-Shirakawa 6) by … its Sentry is a 4, play higher", and a marker
    "Raise the Taira 6 marker over house … the Taira house points become 10", the side and the house gone."""
    assert shorten_middle("Raid house 3 (Go-Shirakawa 6) by Strength: its Sentry is a 4, play higher", 71) == (
        "Raid house 3 (Go-Shirakawa 6) by Strength: … Sentry is a 4, play higher")
    # Two letters too long (a list of ten choices or more): the side stays, the head hangs on no "by".
    assert shorten_middle("Raid house 2 (Go-Shirakawa 6) by Strength: its Sentry is a 2, play higher", 70) == (
        "Raid house 2 (Go-Shirakawa 6) by Strength: … is a 2, play higher")
    assert shorten_middle("Raise the Taira 6 marker over house 1: the Taira house points become 10", 70) == (
        "Raise the Taira 6 marker over house 1: … Taira house points become 10")
    # A clause with a parenthesis in it is not cut inside: the usual cut, which keeps the parenthesis whole.
    assert shorten_middle("Call Banzai: face a Guard for the next treasure (the house holds a Vase and a Gold)",
                          68) == "Call Banzai: face a Guard for … (the house holds a Vase and a Gold)"


def test_a_warning_in_parentheses_is_never_dropped_nor_left_open() -> None:
    """Both sides of a house hopeless: the shared "(nothing you hold beats it: you would be defeated at once)" was
    dropped as the end the two choices share ("... play lower …"); a free Rumor's "(a Scroll and a Fan)" lost its
    end ("(a Scroll …"); a Rumor bought with one Fan read "(cost: 1 to 3 treasures … 2 honour"."""
    sides = [f"Raid house 2 (Minamoto 2) by {side}: its Sentry is a 4, play {way} (nothing you hold beats it: you "
             "would be defeated at once)" for side, way in (("Stealth", "lower"), ("Strength", "higher"))]
    room = 80 - 3 - len(" (h2-)")
    cut = shorten_middle(drop_shared_tail(sides[0], sides, room), room)
    assert cut == "Raid house 2 (Minamoto 2) by Stealth (… you would be defeated at once)", cut
    rumors = [f"Take the Rumor {name} free of its cost (a Scroll and a Fan)"
              for name in ("Goodwill of the People", "Dishonorable Opponents")]
    room = 80 - 3 - len(" (rum:p3)")
    cut = shorten_middle(drop_shared_tail(rumors[0], rumors, room), room)
    assert cut.endswith("(a Scroll and a Fan)") and len(cut) <= room, cut
    bought = "Buy the Rumor Greatest Warrior (cost: 1 to 3 treasures of one kind) at the Pavilion with a Fan: 2 honour"
    cut = shorten_middle(bought, 66)
    assert cut.count("(") == cut.count(")") and cut.endswith("with a Fan: 2 honour") and len(cut) <= 66, cut


def test_cards_says_a_card_s_kind_once(runner: CliRunner) -> None:
    """``cards`` in Ninjato listed "Rumor: Greatest Warrior: Rumor: counts defeated Elite Guards" and
    "Guard 1: Guard 1"."""
    result = runner.invoke(app, ["play", "ninjato", "--players", "2", "--seed", "3"], input="cards\nquit\n")
    assert result.exit_code == 0, result.output
    lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
    assert "rum:w Rumor: Greatest Warrior: counts defeated Elite Guards" in lines
    assert "1n Guard 1" in lines
    assert not [line for line in lines if "Rumor: Rumor" in line or line.endswith("Guard 1: Guard 1")]


def test_a_replay_step_below_zero_is_out_of_range(tmp_path: Path) -> None:
    """``g -1`` answered "'g -1' is not a replay command" while ``g 500`` said "steps run from 0 to N"."""
    from rich.console import Console

    from ninjadojo.cli.replay import open_replay

    replay = open_replay(_finished_ninja_trap(tmp_path), None, False)
    console = Console(record=True, width=80)
    answers = iter(["g -1", "-3", "q"])
    replay.interactive(console, read=lambda prompt: next(answers))
    said = console.export_text()
    assert said.count(f"steps run from 0 to {replay.last}") == 2, said
    assert "is not a replay command" not in said


def test_a_negative_number_is_no_choice(runner: CliRunner) -> None:
    """"-1" at Ninja Trap's first prompt was read as an action: "'-1' is not allowed now: not a Ninja Trap
    action (tX trap, mX move, fN flip, pass, ok) ..."."""
    result = runner.invoke(app, ["play", "ninja-trap", "--players", "2", "--seed", "11"], input="-1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "there is no choice -1: type a number from 1 to 5" in result.stdout
    assert "'-1' is not allowed now" not in result.stdout


def test_a_player_knocked_out_is_told_once_that_the_others_play_on(runner: CliRunner) -> None:
    """Ninja Trap at 4: "A ninja with three hits is out"; the game goes on among the others. The player was
    given no word and the rest of the game went by; now one line says it, once."""
    result = runner.invoke(app, ["play", "ninja-trap", "--players", "4", "--seed", "5"], input="1\n" * 600)
    out = result.stdout
    told = "your ninja took 3 hits and is out of the game; the others play on to the end"
    assert out.count(told) == 1, out[-3000:]
    # Said when it happens: before the game's end, after the last choice the player made.
    assert out.index(told) < out.index("game over")


def test_the_end_says_how_the_next_game_of_a_match_begins(runner: CliRunner) -> None:
    """Of Knights and Ninjas: "The player who most recently won a game goes first." The end of a game names
    the option that makes the winner begin the next one, and says it in words."""
    result = runner.invoke(app, ["play", "knights-and-ninjas", "--players", "3", "--seed", "4"], input="1\n" * 600)
    out = " ".join(result.stdout.split())
    winner = re.search(r"\bP(\d) wins\b", out)
    assert winner is not None, out[-2000:]
    seat = winner.group(1)
    assert (f"to play the next game of this match as the rulebook sets it up (Who goes first: P{seat}), add "
            f"--option first_seat={seat} to dojo play") in out
