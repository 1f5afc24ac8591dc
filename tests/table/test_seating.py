"""Seating bots at a game that may be under way (seat_bots, seat_bot): what the terminal's tables and the
server's both use."""

from __future__ import annotations

from ninjadojo.api import new_game
from ninjadojo.bots import SeatView
from ninjadojo.games.ninja_trap.cards import ROOM_INDEX
from ninjadojo.table import make_bots, seat_bot, seat_bots


def test_bots_seated_at_a_new_game_are_the_bots_their_specs_and_the_table_s_seed_make() -> None:
    game = new_game("ninjitsu", 3, {}, 11)
    seated = seat_bots(game, {1: "random", 2: "random"}, 11)
    made = make_bots("ninjitsu", {1: "random", 2: "random"}, 11)
    seat = game.to_act()[0]
    for bot_seat in (1, 2):
        view = SeatView(game.clone(), seat)
        assert seated[bot_seat].choose(view) == made[bot_seat].choose(view)


def test_a_bot_seated_part_way_remembers_what_its_seat_did_before() -> None:
    game = new_game("ninja-trap", 2, {}, 7)
    traps = {}
    for seat in (0, 1):
        traps[seat] = next(action for action in game.legal_actions(seat) if action.startswith("t"))
        game.apply(seat, traps[seat])
    for seat in (0, 1):
        bot = seat_bot(game, seat, "heuristic", 7)
        # Its own trap only: the other seat's is hidden from it.
        assert list(bot.memory.values()) == [ROOM_INDEX[traps[seat][1]]]  # type: ignore[attr-defined]
    both = seat_bots(game, {0: "heuristic", 1: "heuristic"}, 7)
    assert [list(bot.memory.values()) for bot in both.values()] == [  # type: ignore[attr-defined]
        [ROOM_INDEX[traps[0][1]]], [ROOM_INDEX[traps[1][1]]]]
