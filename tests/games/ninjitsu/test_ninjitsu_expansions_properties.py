"""Property tests over random subsets of the expansion sets, each subset with the Promo Pack also with
the Treasure Hunters ``crossover`` option (Captain Bluebeard), and once with every set and the
crossover whatever the random draws (the engine's contract tests run the default options only):
random playouts keep the laws, round-trip through notation and saves, keep each seat's view under
determinisation, and give samples that depend only on what the seat knows; log lines name only cards
their readers know the place of. Every one of the 32 subsets of the five sets (none included) is also
played out a few times at 2, 4 and 3 or 5 players whatever the random draws, with the laws and the
notation round trip checked after every action (issue 22: positions the laws refused turned up only
when they were checked after every action, in rare combinations).
"""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from ninjitsu_helpers import cards_logged_with_ids
from test_ninjitsu_properties import _Watched

from ninjadojo.engine import Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.cards import SETS

#: Every non-empty subset of the offered sets, as the option's text.
SUBSETS = [",".join(chosen) for size in range(1, len(SETS) + 1) for chosen in combinations(SETS, size)]
#: The options of each subset, and of each subset with the Promo Pack once more with the crossover on.
COMBOS: list[dict[str, object]] = [{"expansions": sets, "crossover": crossed} for sets in SUBSETS
                                   for crossed in (False, True) if not crossed or "promo" in sets.split(",")]
#: Every set and the crossover: run by every property whatever the random draws.
EVERYTHING: dict[str, object] = {"expansions": ",".join(SETS), "crossover": True}
#: Each of the 32 subsets of the sets (the first, none: the base game) with a few playouts of its own:
#: (seed, players), at 2 and 4 players and once more at 3 or 5.
EVERY_SUBSET = [(sets, seed, players) for number, sets in enumerate(["", *SUBSETS])
                for seed, players in ((number, 2), (number + 100, 4), (number + 200, 3 + 2 * (number % 2)))]


def _random_action(game: NinjitsuState, rng: Rng) -> tuple[int, str]:
    # A random seat of those to act: a simultaneous decision's seats choose in any order.
    seats = game.to_act()
    seat = seats[rng.randbelow(len(seats))]
    actions = game.legal_actions(seat)
    return seat, actions[rng.randbelow(len(actions))]


@settings(max_examples=25, deadline=None)
@example(seed=11, players=3, options=EVERYTHING)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), options=st.sampled_from(COMBOS))
def test_playouts_keep_the_laws_and_round_trip_through_notation_and_saves(seed: int, players: int,
        options: dict[str, object]) -> None:
    _play_out_checking_every_action(seed, players, options)


@pytest.mark.parametrize(("sets", "seed", "players"), EVERY_SUBSET)
def test_every_subset_of_the_sets_keeps_the_laws_and_the_notation_after_every_action(sets: str, seed: int,
                                                                                    players: int) -> None:
    _play_out_checking_every_action(seed, players, {"expansions": sets} if sets else {})


def _play_out_checking_every_action(seed: int, players: int, options: dict[str, object]) -> None:
    """A random playout that checks, after every action, the laws and that the position's notation loads
    back to itself with the same legal actions; at the end, the save."""
    game = NinjitsuState.new(players, options, seed=seed)
    rng = Rng(seed ^ 0xE1)
    space = game.action_space()
    while not game.is_terminal:
        game.check_invariants()
        text = game.to_notation()
        parsed = NinjitsuState.from_notation(text)
        assert parsed.to_notation() == text
        seat, action = _random_action(game, rng)
        assert parsed.legal_actions(seat) == game.legal_actions(seat)
        assert all(each in space.index for each in game.legal_actions(seat))
        game.apply(seat, action)
    game.check_invariants()
    loaded = NinjitsuState.load_save(json.loads(json.dumps(game.to_save())))
    assert loaded == game


@settings(max_examples=15, deadline=None)
@example(seed=12, players=4, options=EVERYTHING)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), options=st.sampled_from(COMBOS))
def test_samples_keep_each_view_and_depend_only_on_what_the_seat_knows(seed: int, players: int,
        options: dict[str, object]) -> None:
    game = NinjitsuState.new(players, options, seed=seed)
    rng = Rng(seed ^ 0x7A1)
    step = 0
    while not game.is_terminal:
        if step % 3 == 0 or game.frames[-1].concealed:
            for seat in range(players):
                view = game.observe(seat)
                twin = game.determinize(seat, seed + 7919 * (step + 1))
                assert twin.observe(seat) == view, f"determinising for seat {seat} changed its view"
                for sample_seed in (seed, step):
                    sample = game.determinize(seat, sample_seed)
                    sample.check_invariants()
                    assert sample.observe(seat) == view
                    assert sample.to_notation() == twin.determinize(seat, sample_seed).to_notation(), \
                        f"seat {seat}'s sample depends on what it cannot see (step {step})"
                    assert sample.determinize(seat, sample_seed).to_notation() == sample.to_notation()
                    if seat in game.to_act():
                        assert sample.legal_actions(seat) == game.legal_actions(seat)
        game.apply(*_random_action(game, rng))
        step += 1


@settings(max_examples=20, deadline=None)
@example(seed=13, players=2, options=EVERYTHING)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), options=st.sampled_from(COMBOS))
def test_every_log_line_names_only_cards_its_readers_know(seed: int, players: int,
        options: dict[str, object]) -> None:
    with cards_logged_with_ids():
        game = _Watched.new(players, options, seed=seed)
        rng = Rng(seed ^ 0x106)
        while not game.is_terminal:
            game.apply(*_random_action(game, rng))


def test_the_combinations_cover_the_crossover_with_every_subset_holding_the_promo_pack() -> None:
    crossed = [options["expansions"] for options in COMBOS if options["crossover"]]
    assert crossed == [sets for sets in SUBSETS if "promo" in sets.split(",")]
    assert len(crossed) == 2 ** (len(SETS) - 1)  # every subset of the other sets, with the Promo Pack
    assert "Cp" in NinjitsuState.new(2, EVERYTHING, seed=5).card_ids_in_game
