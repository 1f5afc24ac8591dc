"""The fast observation path (each encoder's ``write_state``, reading the game's state) gives exactly the
tensor of the reference path (laying out the seat's view), for every game, player count and seat, at
every step of random games; and environments use it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ninjadojo.engine.rng import Rng
from ninjadojo.games import playable_games
from ninjadojo.rl.core import Table
from rl.helpers import ALL_EXPANSIONS, CASES, playout

#: Seeds of the random games played per case (each game is checked at every step, for every seat).
SEEDS = (11, 12, 13)


def _options(game_id: str, seed: int) -> dict[str, Any] | None:
    """Ninjitsu! with every expansion in one game of each case (they add state the view shows)."""
    return ALL_EXPANSIONS if game_id == "ninjitsu" and seed % 2 else None


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_fast_tensor_is_the_view_tensor_at_every_step_for_every_seat(game_id: str, players: int) -> None:
    checked = 0
    for seed in SEEDS:
        table = Table(game_id, players, _options(game_id, seed))
        encoder = table.encoder
        assert encoder.fast, f"{game_id} has no fast path"
        game = table.new(seed)
        for step in playout(game, Rng(seed), limit=5000):
            for seat in range(players):
                fast = encoder.encode_state(game, seat)
                reference = encoder.encode_reference(game, seat)
                assert fast.dtype == np.float32 and fast.shape == reference.shape
                if not np.array_equal(fast, reference):
                    differ = [segment.name for segment in encoder.layout.segments
                              if not np.array_equal(fast[segment.offset:segment.offset + segment.size],
                                                    reference[segment.offset:segment.offset + segment.size])]
                    pytest.fail(f"{game_id}, {players} players, seed {seed}, step {step}, seat {seat}: the fast "
                                f"tensor differs in {', '.join(differ)}")
                checked += 1
    assert checked >= len(SEEDS) * players * 10, "the games were long enough to check"


@pytest.mark.parametrize("game_id", playable_games())
def test_environments_take_the_fast_path_and_its_tensors_are_writable_and_fresh(game_id: str) -> None:
    table = Table(game_id, None, None)
    game = table.new(3)
    first = table.observation(game, 0)["observation"]
    second = table.observation(game, 0)["observation"]
    assert table.encoder.fast
    assert first.flags.writeable and first is not second
    first[:] = -1.0  # a caller that changes its tensor in place changes no other
    assert np.array_equal(second, table.encoder.encode_reference(game, 0))


@pytest.mark.parametrize(("game_id", "players"), [("ninja-trap", 4), ("knights-and-ninjas", 4)])
def test_a_kept_public_part_is_the_view_tensor_as_an_environment_observes(game_id: str, players: int) -> None:
    """Encoders that write a public part once per position (Ninja Trap, Knights and Ninjas) keep it while
    a simultaneous stage collects its choices: observed as an environment observes (the seat to act,
    then its action), every tensor is still the reference one, also right after an undo inside the stage
    and for another game observed in between."""
    table = Table(game_id, players, None)
    encoder = table.encoder
    assert encoder.split
    other = table.new(99)
    kept = undone = 0
    for seed in SEEDS:
        game = table.new(seed)
        rng = Rng(seed)
        while game.result is None:
            seat = game.to_act()[0]
            top = game.frames[-1]
            assert np.array_equal(encoder.encode_state(game, seat), encoder.encode_reference(game, seat))
            kept += top.simultaneous and bool(top.submitted)
            if rng.randbelow(5) == 0:
                encoder.encode_state(other, other.to_act()[0])  # another environment's game in between
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
            if top.simultaneous and game.frames and game.frames[-1] is top and game.undo_check(seat) is None \
                    and rng.randbelow(3) == 0:
                # Observed with the choice in, then taken back: the position is the one before it again.
                after = game.to_act()[0]
                assert np.array_equal(encoder.encode_state(game, after), encoder.encode_reference(game, after))
                game.undo(seat)
                undone += 1
                assert np.array_equal(encoder.encode_state(game, seat), encoder.encode_reference(game, seat))
                game.apply(seat, actions[rng.randbelow(len(actions))])
    assert kept > 20, "the games had simultaneous stages whose public part was kept"
    assert undone > 3, "choices in a simultaneous stage were taken back"


@pytest.mark.parametrize("counts", [False, True])
def test_a_growing_pile_is_laid_out_as_the_pile_is_whatever_happened_to_it(counts: bool) -> None:
    """A pile kept between steps (GrowingPile) is laid out as it is now after every kind of change: cards
    added at its end, the same pile again, cards taken, reshuffled away and refilled to a greater length,
    changed in place at the same length, and another pile of the same length in between."""
    from ninjadojo.rl.encoders import GrowingPile

    size = 6
    segment = GrowingPile(size, counts=counts)
    pile: list[int] = []
    other = [5, 5, 4] if counts else [5, 4, 3]

    def laid_out(cards: list[int]) -> list[float]:
        tensor = np.zeros(size + 2, dtype=np.float32)
        segment.write(cards, tensor.data, 1)  # type: ignore[arg-type]
        assert tensor[0] == 0 and tensor[-1] == 0, "nothing written outside the segment"
        return [float(value) for value in tensor[1:-1]]

    def expected(cards: list[int]) -> list[float]:
        values = [0.0] * size
        for card in cards:
            values[card] = values[card] + 1 if counts else 1.0
        return values

    steps: list[list[int]] = [[1], [1, 2], [1, 2], [1, 2, 2 if counts else 3], [1], [], [0, 3, 4, 5],
                              [0, 3, 4, 1], [0, 3, 4, 1, 2]]
    for cards in steps:
        pile[:] = cards
        assert laid_out(pile) == expected(pile), cards
        assert laid_out(other) == expected(other)
        assert laid_out(pile) == expected(pile), cards
    fresh = [2, 2, 1] if counts else [2, 1]  # a new list object (a reshuffle that replaces the pile)
    assert laid_out(fresh) == expected(fresh)
