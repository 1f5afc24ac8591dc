"""The generic ``lookahead`` bot: each legal action tried on samples of the seat's view, played on by the
game's heuristic; the heuristic's own move unless another does better with confidence."""

from __future__ import annotations

import pytest

from bots.recalling import assert_a_bot_seated_part_way_recalls_its_traps
from ninjadojo.bots import Bot, SeatView, available_bots, make_bot
from ninjadojo.bots.lookahead import LookaheadBot
from ninjadojo.engine import OptionError, Rng
from ninjadojo.games import game_class, playable_games
from ninjadojo.games.ninja_trap.builder import Seat, build


def test_ninja_trap_offers_it() -> None:
    assert issubclass(available_bots("ninja-trap")["lookahead"], LookaheadBot)


def _lookahead(spec: str, game_id: str, seed: int = 0) -> LookaheadBot:
    bot = make_bot(spec, game_id, seed)
    assert isinstance(bot, LookaheadBot)
    return bot


@pytest.mark.parametrize("game_id", [game for game in playable_games() if game != "ninjato"])
def test_it_plays_legal_moves_in_every_game_with_a_heuristic(game_id: str) -> None:
    # Offered where a game lists it (its heuristic cheap enough to play on with); it plays any game.
    players = game_class(game_id).SPEC.min_players
    game = game_class(game_id).new(players, seed=2)
    bot = LookaheadBot(1, samples=2, depth=6)
    rng = Rng(4)
    for _ in range(30):
        if game.is_terminal:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = bot.choose(SeatView(game, seat)) if seat == 0 else legal[rng.randbelow(len(legal))]
        assert action in legal
        game.apply(seat, action)


def test_a_game_may_bring_its_own_lookahead() -> None:
    # Ninjato has a lookahead of its own, which stands in for the generic one.
    assert available_bots("ninjato")["lookahead"] is not LookaheadBot


class _Last(Bot):
    """A stand-in heuristic: always the last legal action."""

    def choose(self, view: SeatView) -> str:
        return view.legal_actions()[-1]


def test_without_confidence_in_another_move_it_plays_the_heuristics(monkeypatch: pytest.MonkeyPatch) -> None:
    # One sample gives no spread to be confident of, so the heuristic's move stands.
    monkeypatch.setattr(LookaheadBot, "_heuristic", lambda self, game_id: _Last)
    game = game_class("knights-and-ninjas").new(3, seed=5)
    for _ in range(4):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.to_act()[0]
    assert len(game.legal_actions(seat)) > 1
    bot = LookaheadBot(3, samples=1, depth=4)
    assert bot.choose(SeatView(game, seat)) == game.legal_actions(seat)[-1]
    assert set(bot.last_means) == set(game.legal_actions(seat))


def test_it_springs_the_trap_it_remembers_under_a_rival() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="G1,B2"), Seat(hand="F", traps="D2")], turn=2, moves="DB")
    bot = _lookahead("lookahead:samples=8,depth=20", "ninja-trap", 1)
    bot.assume(game.recollection(0))
    assert bot.choose(SeatView(game, 0)) == "f2"
    mean = {action: value for action, (value, _) in bot.last_means.items()}
    assert mean["f2"] > mean["pass"] > mean["f1"]


def test_the_same_seed_and_view_give_the_same_move() -> None:
    game = game_class("ninja-trap").new(3, seed=9)
    first = _lookahead("lookahead:samples=3,depth=10", "ninja-trap", 4).choose(SeatView(game, 0))
    second = _lookahead("lookahead:samples=3,depth=10", "ninja-trap", 4).choose(SeatView(game, 0))
    assert first == second


def test_a_bot_seated_part_way_recalls_its_traps() -> None:
    assert_a_bot_seated_part_way_recalls_its_traps("lookahead:samples=2,depth=4")


@pytest.mark.parametrize(("spec", "words"), [
    ("lookahead:samples=0", r"^lookahead's samples must be a whole number from 1"),
    ("lookahead:depth=x", r"^lookahead's depth must be a whole number from 0"),
    ("lookahead:confidence=-1", r"^lookahead's confidence must be a number from 0 to 10"),
    ("lookahead:seconds=0", r"^lookahead's seconds must be 'none' or a number more than 0"),
])
def test_bad_parameters_are_refused_clearly(spec: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        make_bot(spec, "ninja-trap", 0)
