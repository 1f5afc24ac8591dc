"""Properties over random playouts: gems are conserved and the target never rises (rulebook: Winning,
Other rules: each reshuffle lowers the target by one)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ninjadojo.engine import Rng
from ninjadojo.games.knights_and_ninjas import STATE


@settings(max_examples=20)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_gems_are_conserved_and_the_target_never_rises(players: int, seed: int) -> None:
    game = STATE.new(players, seed=seed)
    total = sum(game.gems)
    target = game.target_now()
    rng = Rng(seed)
    for _ in range(1500):
        if game.result is not None:
            break
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
        assert sum(game.gems) == total, "gems only ever move between players"
        assert game.target_now() <= target, "the target falls with reshuffles and never rises"
        target = game.target_now()
        if players == 2:
            assert target == total, "with 2 players only all the gems win"
    if game.result is not None:
        winner = game.result.winners[0]
        assert game.gems[winner] >= game.target_now(), "a winner holds the target"
