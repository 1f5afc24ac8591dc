"""Property tests over random subsets of the expansion sets, each subset with the Promo Pack also with
the Treasure Hunters ``crossover`` option (Captain Bluebeard), and once with every set and the
crossover whatever the random draws (the engine's contract tests run the default options only):
random playouts keep the laws, round-trip through notation and saves, keep each seat's view under
determinisation, and give samples that depend only on what the seat knows; log lines name only cards
their readers know the place of.
"""

from __future__ import annotations

import json
from itertools import combinations

from hypothesis import example, given, settings
from hypothesis import strategies as st
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


def _random_action(game: NinjitsuState, rng: Rng) -> tuple[int, str]:
    seat = game.to_act()[0]
    actions = game.legal_actions(seat)
    return seat, actions[rng.randbelow(len(actions))]


@settings(max_examples=25, deadline=None)
@example(seed=11, players=3, options=EVERYTHING)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), options=st.sampled_from(COMBOS))
def test_playouts_keep_the_laws_and_round_trip_through_notation_and_saves(seed: int, players: int,
        options: dict[str, object]) -> None:
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
    game = _Watched.new(players, options, seed=seed)
    rng = Rng(seed ^ 0x106)
    while not game.is_terminal:
        game.apply(*_random_action(game, rng))


def test_the_combinations_cover_the_crossover_with_every_subset_holding_the_promo_pack() -> None:
    crossed = [options["expansions"] for options in COMBOS if options["crossover"]]
    assert crossed == [sets for sets in SUBSETS if "promo" in sets.split(",")]
    assert len(crossed) == 2 ** (len(SETS) - 1)  # every subset of the other sets, with the Promo Pack
    assert "Cp" in NinjitsuState.new(2, EVERYTHING, seed=5).card_ids_in_game
