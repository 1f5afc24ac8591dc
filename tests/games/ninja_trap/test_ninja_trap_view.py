"""What a seat sees: the picture fits a small terminal (issue 9 item 6), the hand shows each card's short
text and the catalogue its full text (item 5), the rules summary, and the view's keys (issue 8)."""

from __future__ import annotations

import json
from itertools import combinations_with_replacement

import pytest
from rich.text import Text

from ninjadojo.engine import Rng
from ninjadojo.games.ninja_trap import SPEC, STATE, NinjaTrapState
from ninjadojo.games.ninja_trap.builder import Seat, build, play
from ninjadojo.games.ninja_trap.cards import ROOM_COUNT, ROOMS
from ninjadojo.games.ninja_trap.encode import all_actions
from ninjadojo.games.ninja_trap.view import hand_lines

WIDTH, LINES = 80, 12


def _assert_fits(game: NinjaTrapState) -> None:
    for viewer in [None, *range(game.num_players)]:
        plain = game.render(viewer)
        markup = game.render_markup(viewer)
        assert markup is not None
        shown = Text.from_markup(markup).plain
        assert shown == plain, "the coloured picture says the same as the plain one"
        lines = plain.split("\n")
        assert len(lines) <= LINES, f"{len(lines)} lines for seat {viewer}:\n{plain}"
        assert max(map(len, lines)) <= WIDTH, f"a line is wider than {WIDTH} for seat {viewer}:\n{plain}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_picture_fits_80_columns_and_12_lines_through_whole_games(players: int) -> None:
    stages: set[str | None] = set()
    for seed in range(4):
        game = STATE.new(players, seed=seed)
        rng = Rng(seed)
        while not game.is_terminal:
            _assert_fits(game)
            stages.add(game.stage())
            seat = game.to_act()[rng.randbelow(len(game.to_act()))]
            actions = game.legal_actions(seat)
            # Flip rarely, so that trap rows grow long as in a real game.
            flips = [a for a in actions if a.startswith("f")]
            action = "pass" if flips and rng.random() < 0.8 else actions[rng.randbelow(len(actions))]
            game.apply(seat, action)
        _assert_fits(game)
    assert {"trap", "move", "activate"} <= stages


def _long_row(turns: list[int]) -> str:
    codes = "GIDSFTN" * 4
    return ",".join(f"{codes[i]}{turn}" for i, turn in enumerate(turns))


def test_the_worst_cases_fit_too() -> None:
    # Four seats with long trap rows placed on scattered turns, long discard piles, the longest room
    # names as last move and flip, a ninja out, and a hand of five of the longest names.
    spread = [40 - 2 * i for i in range(12)][::-1]
    seats = [
        Seat(hand="NSDIB", traps=_long_row(spread)),
        Seat(hand="NSDIB", traps=_long_row(spread), rest="discard"),
        Seat(hand="NS", traps=_long_row(spread[:8]), hits=3, rest="discard"),
        Seat(hand="NSDIB", traps=_long_row(spread[:11]), hits=2, rest="discard"),
    ]
    game = build(4, "trap", seats, turn=41, moves="NNNN", flips="NN-N")
    _assert_fits(game)
    # The activation stage with two ninjas sharing a room (marked, with its legend on the notes line).
    play(game, {0: "tI", 1: "tI", 3: "tI"})
    play(game, {0: "mN", 1: "mN", 3: "mS"})
    assert game.stage() == "activate" and "* shares a room" in game.render(0)
    _assert_fits(game)


def test_a_look_at_the_longest_trap_row_fits_in_one_line() -> None:
    row = ",".join(f"{code}{turn}" for turn, code in enumerate("GGGIIIDDDSSSFFFTTTNNNB", start=1))
    game = build(4, "move", [Seat(hand="B", traps=row, rest="discard"), Seat(), Seat(), Seat()], turn=23)
    play(game, {0: "mB", 1: "mG", 2: "mI", 3: "mD"})
    play(game, {0: "pass", 1: "pass", 2: "pass", 3: "pass"})
    assert game.stage() == "look" and len(game.traps[0]) == 22
    look = [line for line in game.render(0).split("\n") if line.startswith("Buko look")]
    # Named by the turns they were laid (as the board line and the flip choices name a trap), not by a
    # place in the row, which shifts when an earlier trap is flipped.
    assert look == ["Buko look (only now), turns 1-22 in row order: GGGII IDDDS SSFFF TTTNN NB"]
    _assert_fits(game)


def test_a_long_end_reason_wraps_within_the_picture() -> None:
    game = build(4, "move")
    reason = "the game was stopped at its maximum length of 10000000 actions (option max_length); nobody wins"
    result = json.dumps({"scores": [3.0, 3.0, 3.0, 3.0], "winners": [], "reason": reason, "truncated": True},
                        separators=(",", ":"))
    head, _, rest = game.to_notation().partition("|[")
    body = rest.split("|", 2)[2]
    over = STATE.from_notation(f"{head}|[]|{result}|{body}")
    assert over.is_terminal
    _assert_fits(over)
    assert "nobody wins" in over.render(0)


def test_every_hand_fits_in_two_lines() -> None:
    for size in range(6):
        for rooms in combinations_with_replacement(range(ROOM_COUNT), size):
            counts = [rooms.count(room) for room in range(ROOM_COUNT)]
            lines = hand_lines(counts)
            assert len(lines) <= 2 and max(map(len, lines)) <= WIDTH, lines


def test_the_hand_shows_each_cards_short_text() -> None:
    game = build(2, "trap", [Seat(hand="GGIBN"), Seat()])
    text = game.render(0)
    assert "Your hand: 2x Genkan (G) entrance; Ima (I) living room;" in text
    assert "Ikujishitzu (N) nursery;" in text and "Buko (B) armoury: see your traps if not trapped" in text
    other = game.render(1)
    assert "Your hand: Genkan (G) entrance; Ima (I) living room;" in other, "each seat sees its own hand"
    assert "2x Genkan" not in other and "Buko (B)" not in other


def test_the_card_catalogue_lists_every_room_with_its_text() -> None:
    catalog = STATE.card_catalog()
    assert [card.code for card in catalog] == [room.code for room in ROOMS]
    actions = set(all_actions(4))
    for card in catalog:
        assert f"t{card.code}" in actions and f"m{card.code}" in actions, "the code is the one in actions"
        assert 0 < len(card.short) <= 40
        # The text says what the card does, in words: the typing codes are the terminal's, not the card's.
        assert card.name in card.text and "as a trap" in card.text and "move your ninja there" in card.text
        assert f"t{card.code}" not in card.text and f"m{card.code}" not in card.text
    buko = catalog[-1]
    assert buko.name == "Buko" and "look at all your face-down traps" in buko.text and "hide them again" in buko.text


def test_the_rules_summary_fits_a_terminal() -> None:
    lines = SPEC.rules.split("\n")
    assert 8 <= len(lines) <= 25
    assert max(map(len, lines)) <= 78
    words = " ".join(SPEC.rules.split())
    for phrase in ("pass", "Buko", "hidden from you too", "last ninja standing"):
        assert phrase in words
    # How the stages are typed is the terminal's, apart from the rules players read.
    typing = " ".join(SPEC.typing.split())
    for code in ("tG", "mG", "f3", "pass", "ok"):
        assert code in typing
    assert "tG" not in words


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_view_keeps_players_as_the_count_and_puts_each_seat_under_seats(players: int) -> None:
    game = STATE.new(players, seed=2)
    for viewer in [None, *range(players)]:
        view = game.observe(viewer)
        assert view["players"] == players
        assert [entry["seat"] for entry in view["seats"]] == list(range(players))


def test_text_from_a_position_cannot_break_the_coloured_picture() -> None:
    # A result's reason is read from the position, which anyone can write: markup in it is shown as text.
    game = build(2, "move")
    result = json.dumps({"scores": [2.0, 2.0], "winners": [], "reason": "[/bold] stopped [red]x[/red] \\",
                         "truncated": True}, separators=(",", ":"))
    head, _, rest = game.to_notation().partition("|[")
    over = STATE.from_notation(f"{head}|[]|{result}|{rest.split('|', 2)[2]}")
    _assert_fits(over)
    assert "[/bold] stopped [red]x[/red] \\" in Text.from_markup(over.render_markup(0) or "").plain


def test_an_out_ninja_is_not_told_to_reach_the_buko_and_the_trap_prompt_names_the_look() -> None:
    """A ninja with three hits is out and never reaches the Buko again: its picture does not promise it a
    look at its traps. A trap laid is seen again in a Buko look, so the trap stage's prompt says that,
    not "you will not see it again"."""
    game = build(3, "trap", [Seat(hand="GI", traps="D1"), Seat(hand="S", traps="S1", hits=3), Seat(hand="FT")],
                 turn=4)
    assert not game.alive(1)
    hint = [line for line in game.render(1).split("\n") if "hidden from you too" in line]
    assert hint and "reach the Buko" not in hint[0]
    assert "reach the Buko unharmed to look" in game.render(0)
    prompt = build(2, "trap").decision(0).prompt
    assert "only a Buko look shows it again" in prompt and "will not see it again" not in prompt
