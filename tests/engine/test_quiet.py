"""A quiet game (``GameState.quiet()``: no log kept) plays exactly as one that keeps its log."""

from __future__ import annotations

import pickle

import pytest

from ninjadojo.api import new_game
from ninjadojo.engine.errors import NotYourTurnError
from ninjadojo.engine.rng import Rng

CASES = [("ninjitsu", 3, {}), ("ninjitsu", 4, {"expansions": "promo,magic,sabotage,elements,weather"}),
         ("ninja-trap", 4, {}), ("knights-and-ninjas", 4, {}), ("ninjato", 3, {}), ("ninja-camp", 2, {})]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=[f"{g}-{p}" for g, p, _ in CASES])
def test_a_quiet_game_plays_the_same_and_keeps_no_log(game_id: str, players: int, options: dict[str, object]) -> None:
    for seed in range(3):
        loud = new_game(game_id, players, options, seed)
        quiet = new_game(game_id, players, options, seed)
        kept = len(quiet.events)
        assert quiet.quiet() is quiet and not quiet.logging
        rng = Rng(seed)
        while loud.result is None:
            seat = loud.to_act()[0]
            legal = loud.legal_actions(seat)
            assert quiet.legal_actions(seat) == legal
            action = legal[rng.randbelow(len(legal))]
            loud.apply(seat, action)
            quiet.apply(seat, action)
            assert quiet.to_notation() == loud.to_notation()
        assert quiet.result == loud.result
        assert len(loud.events) > kept and len(quiet.events) == kept, "a quiet game logged"
        view = quiet.observe(0)
        assert view["log"] == [event.line() for event in quiet.events if event.shown_to(0)]


def test_clones_and_pickles_of_a_quiet_game_are_quiet_and_its_samples_keep_a_log() -> None:
    game = new_game("ninjitsu", 3, seed=4).quiet()
    assert not game.clone().logging
    assert not pickle.loads(pickle.dumps(game)).logging
    sample = game.determinize(game.to_act()[0], 9)
    before = len(sample.events)
    seat = sample.to_act()[0]
    sample.apply(seat, sample.legal_actions(seat)[0])
    assert sample.logging and len(sample.events) > before, "a search reads its sample's log"
    game.logging = True
    seat = game.to_act()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    assert game.events, "a game set to log again keeps its log"


def test_a_seat_that_is_not_an_int_is_refused_on_the_fast_path() -> None:
    game = new_game("ninjitsu", 2, seed=1)
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0]
    before = game.to_notation()
    for wrong in (True, False, float(seat), str(seat), None, -1, 2, 1 - seat):
        with pytest.raises(NotYourTurnError):
            game.apply(wrong, action)  # type: ignore[arg-type]
    assert game.to_notation() == before and not game.record.actions
