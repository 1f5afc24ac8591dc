"""The Ninjato bots: legal whole games, the strategies' leanings, and choices made from the seat's view."""

from __future__ import annotations

import pytest

from ninjadojo.bots import SeatView, available_bots, make_bot
from ninjadojo.bots.ninjato import STRATEGIES
from ninjadojo.engine import OptionError
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.state import NinjatoState


def test_the_bots_are_the_heuristic_and_one_per_strategy() -> None:
    assert set(available_bots("ninjato")) == {"random", "heuristic", *STRATEGIES, "ismcts", "lookahead", "careless",
                                              "easy", "medium", "hard", "expert"}
    assert set(STRATEGIES) == {"balanced", "attacker", "envoy", "rumor", "sensei"}
    with pytest.raises(OptionError):
        make_bot("heuristic:strategy=sleepy", "ninjato")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_plays_whole_games_legally(players: int) -> None:
    names = ["heuristic", "attacker", "envoy", "rumor", "sensei", "random"]
    for index in range(2):
        game = NinjatoState.new(players, seed=40 + index)
        lineup = [names[(index + seat) % len(names)] for seat in range(players)]
        bots = [make_bot(name, "ninjato", seed=seat) for seat, name in enumerate(lineup)]
        while not game.is_terminal:
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].choose(SeatView(game, seat)))
        assert game.winners()


def test_a_bot_fights_with_its_cheapest_winning_card() -> None:
    game = position(2, hands=["45", ""], raid=(0, 1, "+"))
    assert make_bot("heuristic", "ninjato").choose(SeatView(game, 0)) == "4"


def test_a_bot_with_nothing_left_to_fight_with_retreats() -> None:
    game = position(2, hands=["5", ""], raid=(0, 1, "+"))
    game.apply(0, "5")
    assert game.legal_actions(0) == ["banzai", "retreat"]
    assert make_bot("attacker", "ninjato").choose(SeatView(game, 0)) == "retreat"


def test_the_sensei_strategy_takes_a_tile_where_the_attacker_raids() -> None:
    game = position(2, round=3, hands=["1155", ""], offer="t6@1,s2@5")
    assert make_bot("sensei", "ninjato", seed=1).choose(SeatView(game, 0)).startswith("sen:")
    assert make_bot("attacker", "ninjato", seed=1).choose(SeatView(game, 0)).startswith("h")


def test_the_rumor_strategy_completes_a_set_where_the_envoy_strategy_buys_an_envoy() -> None:
    # Seat 0 holds two Goodwill of the People: a third makes a set of three (x4).
    game = position(2, hands=["1155", ""], purses=["jfs", ""], rup="w1,p1,f1,a1", vup="t1,m2,g2,t3",
                    rumors=["p2,p3", ""])
    assert make_bot("rumor", "ninjato", seed=1).choose(SeatView(game, 0)) == "rum:p1:f"
    assert make_bot("envoy", "ninjato", seed=1).choose(SeatView(game, 0)).startswith("env:")


def test_a_bot_decides_from_what_its_seat_knows_only() -> None:
    # Two positions seat 0 cannot tell apart (seat 1's hand and the deck order differ): the same choice.
    game = position(2, hands=["25", "1344"], top="5511")
    twin = position(2, hands=["25", "1134"], top="4455")
    assert twin.observe(0) == game.observe(0)
    for name in STRATEGIES:
        assert (make_bot(name, "ninjato", seed=3).choose(SeatView(game, 0))
                == make_bot(name, "ninjato", seed=3).choose(SeatView(twin, 0)))


def test_the_lookahead_seated_part_way_chooses_as_the_one_that_played_through() -> None:
    # Each decision draws from the bot's seed and the seat's view alone: a bot seated after a load (a
    # fresh bot, the same seed) chooses as the bot that played the game from its start.
    game = NinjatoState.new(3, seed=12)
    played = make_bot("lookahead:samples=2,top=3,depth=6", "ninjato", seed=5)
    heuristic = make_bot("heuristic", "ninjato", seed=1)
    chosen: list[tuple[NinjatoState, str]] = []
    while len(chosen) < 4:
        seat = game.to_act()[0]
        view = SeatView(game, seat)
        if seat == 0 and len(view.legal_actions()) > 1:
            action = played.choose(view)
            chosen.append((game.clone(), action))
        else:
            action = heuristic.choose(view)
        game.apply(seat, action)
    for position_then, action in chosen:
        fresh = make_bot("lookahead:samples=2,top=3,depth=6", "ninjato", seed=5)
        assert fresh.choose(SeatView(position_then, 0)) == action


def test_the_lookahead_stops_at_its_time_limit() -> None:
    import time

    game = NinjatoState.new(4, seed=3)
    bot = make_bot("lookahead:samples=1000,seconds=0.2", "ninjato", seed=1)
    started = time.perf_counter()
    action = bot.choose(SeatView(game, game.to_act()[0]))
    assert action in game.legal_actions(game.to_act()[0])
    assert time.perf_counter() - started < 5.0  # 1000 samples would take over a minute
