"""A check shared by the bots that remember: a bot seated part way through a game rebuilds its notes."""

from __future__ import annotations

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.bots.base import NotingBot
from ninjadojo.games import game_class
from ninjadojo.table.session import recall_bots


def assert_a_bot_seated_part_way_recalls_its_traps(spec: str) -> None:
    """Seat 0 plays ``spec`` in a 2-player Ninja Trap until it has 3 notes (seat 1 takes its first
    legal action); a fresh bot of the same spec and seed, seated there as after a load, holds the same."""
    game = game_class("ninja-trap").new(2, seed=3)
    played = make_bot(spec, "ninja-trap", 1)
    assert isinstance(played, NotingBot)
    while not game.is_terminal and len(played.memory) < 3:
        for seat in game.to_act():
            action = played.choose(SeatView(game, 0)) if seat == 0 else game.legal_actions(seat)[0]
            game.apply(seat, action)
    assert len(played.memory) == 3
    fresh = make_bot(spec, "ninja-trap", 1)
    recall_bots(game, {0: fresh})
    assert isinstance(fresh, NotingBot) and fresh.memory == played.memory
