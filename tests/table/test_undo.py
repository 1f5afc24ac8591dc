"""Undo at a table (ninjadojo.table.undo, Table.undo, seat_bot): the engine decides, and a bot that played
the action taken back forgets it."""

from __future__ import annotations

from ninjadojo.api import new_game
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.games.ninja_trap.cards import ROOM_INDEX
from ninjadojo.table import Table, derive_seed, seat_bot, take_back


def test_take_back_undoes_what_the_engine_allows_and_returns_its_reason_otherwise() -> None:
    game = new_game("ninja-camp", 2, {}, 3)
    seat = game.to_act()[0]
    before = game.to_notation()
    reason = take_back(game, seat)
    assert reason == game.undo_check(seat) and reason is not None
    assert game.to_notation() == before
    game.apply(seat, game.legal_actions(seat)[0])
    assert take_back(game, seat) is None
    assert game.to_notation() == before and game.record.actions == []


def test_a_table_s_undo_says_why_it_refuses() -> None:
    table = Table.new("ninja-camp", 2, {}, 3, humans=[0, 1], autosave=False)
    seat = table.human_to_act()
    assert seat is not None
    assert table.undo(seat) == table.game.undo_check(seat)


def test_a_bot_whose_submission_is_taken_back_forgets_it() -> None:
    # Ninja Trap: both seats lay a trap at once; the bot's is taken back before the human lays theirs.
    table = Table.new("ninja-trap", 2, {}, 7, humans=[0], bot_specs={1: "heuristic"}, autosave=False)
    played = table.play_bots()
    assert [seat for seat, _ in played] == [1] and table.bots[1].memory  # type: ignore[attr-defined]
    assert table.undo(1) is None
    assert table.game.record.actions == []
    assert table.bots[1].memory == {}  # type: ignore[attr-defined]
    # It plays on as a bot seated now would, with the seed the table gives the seat.
    fresh = make_bot("heuristic", "ninja-trap", derive_seed(7, 1))
    expected = fresh.choose(SeatView(table.game.clone(), 1))
    assert [action for _, action in table.play_bots()] == [expected]


def test_seat_bot_catches_up_on_what_its_seat_did() -> None:
    table = Table.new("ninja-trap", 2, {}, 7, humans=[0], bot_specs={1: "heuristic"}, autosave=False)
    trap = next(action for action in table.game.legal_actions(0) if action.startswith("t"))
    table.apply(0, trap)
    table.play_bots()
    bot = seat_bot(table.game, 0, "heuristic", 7)
    assert list(bot.memory.values()) == [ROOM_INDEX[trap[1]]]  # type: ignore[attr-defined]
