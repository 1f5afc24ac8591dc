"""A new player's walk at an 80x24 terminal: every game's board read in words, not in codes only ``key``
explains (Ninjato's ``$ffsj``, ``cards 135``, ``s1@4``; Ninja Trap's ``f1:t2`` and ``GSSFT``; Ninja Camp's
``A2E2``; Ninjitsu!'s rivals' cards as bare ids), within 80 columns."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from ninjadojo.api import new_game
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.cli.main import app
from ninjadojo.engine import Rng
from ninjadojo.engine.playout import random_playout
from ninjadojo.games.ninja_camp.builder import position as camp_position
from ninjadojo.games.ninja_trap.builder import Seat, build, play
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjitsu import view as ninjitsu_view

#: A player's line on Ninjato's board.
PLAYER_LINE = re.compile(r"^[> ]P\d")


def _ninjato_midgame() -> tuple[str, str]:
    game = position(2, round=2, hands=["135", "22"], known=["", "2"], purses=["ffsj", "g"], honour=[12, 30],
                    tiles=["t6@1", "c1@3"], flipped=["t6", ""], rumors=["w1,w3,a4", "d5"],
                    elites=["o42", "d33,o51"], offer="s1@4,c2@?")
    return game.render(0), game.render(1)


def test_ninjato_players_hold_treasure_tiles_rumors_and_elites_in_words() -> None:
    mine, theirs = _ninjato_midgame()
    for picture in (mine, theirs):
        assert all(len(line) <= 80 for line in picture.splitlines()), picture
        players = [line for line in picture.splitlines() if PLAYER_LINE.match(line)]
        assert len(players) == 2 and not any("$" in line for line in players), players
    # Each treasure by name; the other player's known cards apart, not run together as a number.
    assert ">P0 (you): 12 honour, 3 shuriken, 3 cards; 2 Fans, Scroll, Jade;" in mine
    assert " P1: 30 honour, 3 shuriken, 2 cards (known: 2); Gold;" in mine
    # Your own tiles, Rumors by kind and Elites with their points, in words under your hand.
    assert "your tiles: Tiger 6 (t6) used; Rumors Warrior x2, Art; 1 Elite (1 point)" in mine
    assert "your tiles: Crane 1/5 (c1); Rumors Foes; 2 Elites (4 points)" in theirs


def test_ninjato_sensei_offer_and_raid_loot_in_words() -> None:
    mine, _ = _ninjato_midgame()
    assert "Sensei Snake -1 (a 4), Crane 2/4 (any) | bag" in mine
    raid = position(2, hands=["5", ""], raid=(0, 4, "+"), loot="fsvj", revealed="2a", elite="d24",
                    houses=["t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:g*", "m4:3n:fsv"])
    assert "on the shuriken Fan, Scroll, Vase, Jade" in raid.render(0)


def test_ninjato_end_shows_each_hand_as_cards_not_as_a_count() -> None:
    """``cards 4`` read as four cards when the player held one 4; the end says ``hand 4``."""
    for seed in range(3):
        game = new_game("ninjato", 2, seed=seed)
        random_playout(game, Rng(seed))
        assert game.is_terminal
        for seat in range(2):
            players = [line for line in game.render(seat).splitlines() if PLAYER_LINE.match(line)]
            for line in players:
                assert re.search(r"shuriken, (hand [1-5]( [1-5])*|no cards left)(;|$)", line), line
                assert not re.search(r"cards [0-9]", line) and "$" not in line, line


def test_ninjato_players_fit_80_columns_in_whole_words() -> None:
    """Crowded lines count a part (``7 Rumors``) rather than cut a word at column 80."""
    whole = re.compile(r"\d+ (treasures?|tiles?|Rumors?|Elites?)|no treasure|the rest below|.*\((\d+ )?used\)"
                       r"|.*\(\d+ points?\)|.*\b(Fans?|Scrolls?|Vases?|Jade|Gold)|tiles .*(-[12]|\+1|Tiger 6|"
                       r"[12]/[45]|Hensojutsu|used)|Rumors .*(Warrior|People|Friends|Art|Foes)( x\d)?")
    for players in (3, 4):
        game = new_game("ninjato", players, seed=2)
        bots = [make_bot("heuristic", "ninjato", seed=seat) for seat in range(players)]
        steps = 0
        while not game.is_terminal and steps < 400:
            seat = game.to_act()[0]
            for line in game.render(seat).splitlines():
                assert len(line) <= 80
                if PLAYER_LINE.match(line):
                    assert "$" not in line and "; " in line, line
                    assert whole.fullmatch(line.rsplit("; ", 1)[-1]), line
            game.apply(seat, bots[seat].choose(SeatView.of(game, seat)))
            steps += 1


def test_ninja_trap_rows_and_piles_in_words() -> None:
    game = build(3, "activate", [Seat(hand="GI", traps="G1,S2,D4", discard="SST"), Seat(hand="SF", traps="I4"),
                                 Seat(hand="", traps="")], moves="GSF", turn=4)
    picture = game.render(0)
    assert "f1:t" not in picture
    assert "    3 traps, laid on turns 1, 2, 4  discard 2 Shinshitsu, Teizen" in picture
    assert "    1 trap, laid on turn 4  discard " in picture
    assert "    no traps  discard " in picture
    assert all(len(line) <= 80 for line in picture.splitlines())


def test_ninja_trap_end_shows_hands_and_rows_by_room_name() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="G3,B4", hits=1), Seat(hand="SF", traps="S3,I4", hits=2)],
                 moves="IG", turn=4)
    play(game, {0: "f1", 1: "pass"})
    picture = game.render(1)
    assert "hand Genkan, Ima" in picture and "hand Shinshitsu, Furoba" in picture
    assert "traps Shinshitsu (turn 3), Ima (turn 4)" in picture


def test_ninja_trap_key_tells_the_board_as_it_is_now(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "ninja-trap", "--players", "3", "--seed", "1"], input="key\nquit\n")
    assert result.exit_code == 0, result.output
    key = " ".join(result.stdout.split("> key")[1].split())
    assert "f<place>:t<turn laid>" not in key
    assert "the turn each was laid" in key and "Shin Shinshitsu" in key


def test_ninjato_key_tells_the_players_lines(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "ninjato", "--players", "2", "--seed", "1"], input="key\nquit\n")
    assert result.exit_code == 0, result.output
    key = " ".join(result.stdout.split("> key")[1].split())
    assert "A player's $" not in key
    assert "Each player: honour, shuriken left, cards, treasure, Sensei tiles" in key


def test_ninja_camp_hand_by_letters_a_card_each_not_like_a_square() -> None:
    """``A2E2`` read like the squares a2 and e2; the hand is ``A A E E``, the clan named as a Clan."""
    game = camp_position(2, squares={"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1", "d4": "E0",
                                                 "c3": ".", "c5": "."},
                         to_act=0, hands={0: "AAE"}, clans={0: "SL"})
    picture = game.render(0)
    assert "pts, hand A A E, Sloth Clan used" in picture, picture
    assert all(len(line) <= 80 for line in picture.splitlines())


def test_ninjitsu_names_the_rivals_cards_before_it_shortens_to_ids() -> None:
    """When the fullest layouts do not fit, the rivals' treasures keep their names (``6c Katana``, not ``6c``)."""
    found = 0
    for seed in range(3):
        game = new_game("ninjitsu", 4, seed=seed)
        bots = [make_bot("heuristic", "ninjitsu", seed=seed * 10 + seat) for seat in range(4)]
        steps = 0
        while not game.is_terminal and steps < 400 and not found:
            seat = game.to_act()[0]
            crowded = ninjitsu_view._picture(game, seat, "line", "full", False)
            named = ninjitsu_view._picture(game, seat, "line", "named", False)
            if len(crowded) > ninjitsu_view.MAX_LINES and len(named) <= ninjitsu_view.MAX_LINES:
                assert game.render(seat) == "\n".join(plain for plain, _ in named)
                found += 1
            game.apply(seat, bots[seat].choose(SeatView.of(game, seat)))
            steps += 1
        if found:
            break
    assert found
