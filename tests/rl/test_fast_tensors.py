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
    """Ninjitsu! with every expansion in one game of each case (they add state the view shows), and in
    another with those that leave a treasure its printed worth (the fast path counts points itself then,
    Vampire Ninja's penalty included)."""
    if game_id != "ninjitsu" or seed == SEEDS[1]:
        return None
    return ALL_EXPANSIONS if seed == SEEDS[0] else {"expansions": "promo,sabotage,weather"}


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


KEPT = [(game_id, players) for game_id, players in CASES if Table(game_id, players, None).encoder.kept]


def test_encoders_keep_a_public_part_where_it_pays() -> None:
    """The games whose tensor is small and changes in a few places a step keep their public part per game;
    Ninjitsu!'s (mostly zeros, and a copy of it costs more than numpy's zeros) does not."""
    assert {game_id for game_id, _ in KEPT} == {"knights-and-ninjas", "ninja-camp", "ninja-trap", "ninjato"}


@pytest.mark.parametrize(("game_id", "players"), KEPT)
def test_a_kept_public_part_is_the_view_tensor_as_an_environment_observes(game_id: str, players: int) -> None:
    """Encoders that keep a public part per game (update_public) and write the seat's own values into a copy
    give the reference tensor as an environment observes (the seat to act, then its action), also with
    another game observed and moved on in between, right after an undo (a position written before, as
    the part moved on), at every seat of a position in turn (as the parallel environment observes), and
    for a game that finds the part another game left under its id (ids are reused once a game is gone)."""
    table = Table(game_id, players, None)
    encoder = table.encoder
    other = table.new(99)
    other_rng = Rng(99)
    undone = reused = 0

    def check(game: Any, seat: int) -> None:
        assert np.array_equal(encoder.encode_state(game, seat), encoder.encode_reference(game, seat))

    for seed in SEEDS:
        game = table.new(seed)
        rng = Rng(seed)
        while game.result is None:
            seat = game.to_act()[0]
            check(game, seat)
            if rng.randbelow(5) == 0:
                # Another environment's game in between, observed and moved on.
                if other.result is not None:
                    other = table.new(100 + rng.randbelow(1000))
                acting = other.to_act()[0]
                check(other, acting)
                moves = other.legal_actions(acting)
                other.apply(acting, moves[other_rng.randbelow(len(moves))])
            if rng.randbelow(7) == 0:
                for each in range(players):
                    check(game, each)
            if rng.randbelow(11) == 0 and other.result is None:
                # The part another game left under this game's id, as if this game had reused its id.
                encoder.encode_state(other, other.to_act()[0])
                encoder._parts[id(game)] = encoder._parts[id(other)]
                check(game, seat)
                reused += 1
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
            if game.result is None and game.undo_check(seat) is None and rng.randbelow(3) == 0:
                # Observed after the action, then taken back: a position observed before it.
                check(game, game.to_act()[0])
                game.undo(seat)
                undone += 1
                check(game, seat)
    assert undone > 3, "actions were taken back"
    assert reused > 3, "games found a part another game left"


@pytest.mark.parametrize(("game_id", "players"), KEPT)
def test_an_ended_game_brings_its_public_part_up_to_date_once_for_every_seat(
        game_id: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat observes the end in turn: the encoder remembers the ended position (its game and result),
    so the public part is brought up to date once for all of them, and each seat's tensor is the
    reference's; also after another game was observed in between (the remembered position is another's
    then), after another ended game, for a new game that finds the ended game's part under its id, and for
    the ended game again after that (its part moved on to the new game's position)."""
    table = Table(game_id, players, None)
    encoder = table.encoder
    updates: list[Any] = []
    update = encoder.update_public

    def counted(state: Any, part: Any) -> None:
        updates.append(state)
        update(state, part)

    monkeypatch.setattr(encoder, "update_public", counted)

    def check(game: Any, seat: int) -> None:
        assert np.array_equal(encoder.encode_state(game, seat), encoder.encode_reference(game, seat))

    ended: list[Any] = []
    for seed in SEEDS:
        game = table.new(seed)
        for _ in playout(game, Rng(seed)):
            if game.result is None:
                check(game, game.to_act()[0])
        updates.clear()
        for seat in range(players):
            check(game, seat)
        assert updates == [game], "the ended position's public part was brought up to date once"
        for before in ended:
            for seat in range(players):
                check(before, seat)
                check(game, seat)
        ended.append(game)
        other = table.new(seed + 50)
        check(other, other.to_act()[0])
        updates.clear()
        for seat in reversed(range(players)):
            check(game, seat)
        assert updates == [game]
        fresh = table.new(seed + 100)
        encoder._parts[id(fresh)] = encoder._parts[id(game)]
        for seat in range(players):
            check(fresh, seat)
            check(game, seat)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_two_environments_that_reset_and_observe_every_agent_see_the_view_tensor(game_id: str, players: int) -> None:
    """Two AEC environments of one game, sharing its encoder, stepped in turn through several resets (a new
    game may find a public part under an ended game's ``id``), every agent observed at every step and at the
    end: each observation is the reference tensor of that agent's view."""
    from ninjadojo.rl.aec import NinjaDojoAECEnv

    envs = [NinjaDojoAECEnv(game_id, players, seed=seed) for seed in (5, 6)]
    encoder = envs[0].table.encoder
    assert envs[1].table.encoder is encoder
    rng = Rng(7)
    games = 0
    while games < 6:
        for env in envs:
            if not env.agents:
                env.reset()
                games += 1
            game = env.game
            assert game is not None
            for number, agent in enumerate(env.possible_agents):
                assert np.array_equal(env.observe(agent)["observation"], encoder.encode_reference(game, number))
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            env.step(legal[rng.randbelow(len(legal))])


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


def test_the_end_of_a_ninjitsu_game_is_every_seats_own_whoever_observes_it_first() -> None:
    """Ninjitsu!'s encoder keeps the game's part of the tensor at the end (every seat sees everything then,
    but another's marked card) for the seats that observe the end after the first: each seat's tensor is
    still the reference one, whichever seat observes first, with marked cards at the end (seed 48 ends with
    three), and with another ended game observed in between."""
    options = {"expansions": "promo,magic,sabotage,elements,weather"}
    table = Table("ninjitsu", 4, options)
    encoder = table.encoder
    games = []
    for seed in (48, 20):
        game = table.new(seed)
        rng = Rng(seed)
        while game.result is None:
            seat = game.to_act()[0]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
        games.append(game)
    assert sum(mark >= 0 for mark in games[0].marks) >= 2, "the game ends with marked cards"
    for order in ([0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1, 2]):
        encoder._final = None
        for seat in order:
            for game in (games[0], games[1], games[0]):
                assert np.array_equal(encoder.encode_state(game, seat), encoder.encode_reference(game, seat))


@pytest.mark.parametrize("seat", range(4))
def test_the_fast_path_counts_a_seats_points_as_the_game_does(seat: int) -> None:
    """Ninjitsu!'s fast path counts the points a seat sees of itself where the treasures keep their printed
    worth (no Master of Earth, no Elements): with Vampire Ninja face up (3 less for each of its owner's
    cards in play, secrets too), face-down worths that grow with the secrets (Bo Staff) and with the hand
    (Master of Misdirection), and more secrets than the tensor has positions for (all of them count)."""
    from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARDS

    table = Table("ninjitsu", 4, {"expansions": "promo"})
    game = table.new(21)
    number = CARD_IDS.index
    vampire, bo_staff, misdirection = number("3p"), number("4a"), number("5p")
    piles = [game.deck, game.discard, *game.hands, *game.secrets, *game.treasures]
    plain = [card for card in game.deck if CARDS[card].face_down is None and not CARDS[card].owner_penalty]
    secrets = [bo_staff, misdirection, *plain[:8]]
    for card in (vampire, *secrets):
        for pile in piles:
            if card in pile:
                pile.remove(card)
    game.treasures[seat].append(vampire)
    game.secrets[seat][:] = secrets
    # The expected count, from the rules (not from the state's own function): Vampire Ninja is worth its 3
    # and takes 3 for each of the owner's 11 cards in play; Bo Staff 4 + 2 per secret; Master of
    # Misdirection 5 + 1 per card in hand; any other secret its printed value.
    hand = len(game.hands[seat])
    expected = 3 - 3 * (1 + len(secrets)) + (4 + 2 * len(secrets)) + (5 + hand)
    expected += sum(CARDS[card].value or 0 for card in secrets[2:])
    assert game.points(seat) == expected
    encoder = table.encoder
    for observer in range(4):
        fast = encoder.encode_state(game, observer)
        assert np.array_equal(fast, encoder.encode_reference(game, observer))
        points = encoder.layout.segment(f"seat[{seat}].points")
        shown = fast[points.offset]
        assert shown == (expected if observer == seat else 0), "a seat's points are known to itself only"
