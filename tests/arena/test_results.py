"""Ratings (openskill Plackett-Luce, mu ± 1.96 sigma), win shares against the fair share, head to head,
and the fields of the results."""

from __future__ import annotations

import doctest
import importlib
import math
from itertools import cycle
from typing import Any

import pytest

from arena.helpers import GAME
from ninjadojo.arena import ArenaOutcome, ArenaSettings, game_ranks, rate, run_arena, summarise
from ninjadojo.sim.stats import Z95, wilson_interval


def _outcome(index: int, lineup: tuple[str, ...], winners: tuple[int, ...]) -> ArenaOutcome:
    return ArenaOutcome(index, lineup, 10, not winners, (0.0,) * len(lineup), winners)


def test_ranks_put_the_winners_first_and_everyone_else_tied_behind() -> None:
    assert game_ranks(4, [2]) == [1, 1, 0, 1]
    assert game_ranks(3, [0, 2]) == [0, 1, 0]
    assert game_ranks(2, []) == [1, 1]


def test_a_clearly_stronger_bot_is_rated_above_random() -> None:
    settings = ArenaSettings.build(GAME, ["random", "heuristic"], players=2, games=40, seed=4)
    results: dict[str, Any] = summarise(settings, run_arena(settings).outcomes)
    best, worst = results["standings"]
    assert (best["bot"], worst["bot"]) == ("heuristic", "random")
    assert best["rating"]["ci95"][0] > worst["rating"]["ci95"][1], "the intervals should not overlap"
    assert best["ci95"][0] > results["fair_share"] > worst["ci95"][1]
    assert best["vs_fair"] > 1.5


def test_a_stronger_challenger_is_rated_above_its_field_at_four_players() -> None:
    settings = ArenaSettings.build(GAME, ["random"], players=4, games=40, seed=4, gauntlet="heuristic")
    results: dict[str, Any] = summarise(settings, run_arena(settings).outcomes)
    assert [row["bot"] for row in results["standings"]] == ["heuristic", "random"]
    assert results["standings"][0]["ci95"][0] > 0.25


def test_equal_results_give_equal_ratings_and_games_with_no_winner_change_nothing() -> None:
    lineups = [("a", "b"), ("b", "a")]
    games = [_outcome(index, lineups[index % 2], ((index // 2) % 2,)) for index in range(40)]
    a, b = rate(["a", "b"], games)
    assert math.isclose(a.mu, b.mu, abs_tol=0.5) and a.mu != 25.0
    shared = [_outcome(0, ("a", "b"), (0, 1))]
    tied_a, tied_b = rate(["a", "b"], shared)
    assert math.isclose(tied_a.mu, tied_b.mu)
    untouched = rate(["a", "b"], [_outcome(0, ("a", "b"), ())])
    assert [(rating.mu, rating.sigma, rating.games) for rating in untouched] == [(25.0, 25.0 / 3.0, 0)] * 2


def test_a_spec_in_several_seats_moves_as_several_distinct_specs_of_its_strength_would() -> None:
    """A challenger against three copies of ``y`` gets the gap it gets against three different specs that
    play exactly as ``y`` does (the same seats win the same games)."""
    # Who wins each game: x (3 games in 7), else the first, second or third other seat.
    winners: cycle[str | int] = cycle(["x", 0, "x", 1, 2, "x", 0])
    copies, distinct = [], []
    for index in range(200):
        rotation = index % 4
        seats = ["x", "y", "y", "y"]
        seats = seats[-rotation:] + seats[:-rotation] if rotation else seats
        others = [seat for seat, spec in enumerate(seats) if spec != "x"]
        winner = next(winners)
        won = (seats.index("x") if isinstance(winner, str) else others[winner],)
        names = iter("abc")
        copies.append(_outcome(index, tuple(seats), won))
        distinct.append(_outcome(index, tuple(spec if spec == "x" else next(names) for spec in seats), won))
    x, y = rate(["x", "y"], copies)
    x_distinct, *field = rate(["x", "a", "b", "c"], distinct)
    assert math.isclose(x.mu - y.mu, x_distinct.mu - sum(rating.mu for rating in field) / 3, rel_tol=0.05)
    assert x.mu - y.mu > 2, "x won 3 games in 7 at 4 players (fair: 1 in 4): the gap is not nil"


def test_the_results_have_every_field_and_their_figures_agree() -> None:
    specs = ["heuristic", "random", "forgetful"]
    settings = ArenaSettings.build(GAME, specs, players=2, games=10, seed=6)
    outcomes = run_arena(settings).outcomes
    results: dict[str, Any] = summarise(settings, outcomes)
    assert {"arena", "game", "players", "options", "max_length", "seed", "bots", "gauntlet", "canonical", "tables",
            "deals", "games_per_table", "games_requested", "games", "partial", "fair_share", "rating",
            "standings", "head_to_head", "seats", "truncated", "length"} <= set(results)
    assert (results["arena"], results["games"], results["games_requested"], results["partial"]) == (
        "round-robin", 30, 30, False)
    assert results["fair_share"] == 0.5
    assert results["rating"]["model"] == "openskill PlackettLuce"
    assert results["rating"]["interval"] == "mu ± 1.96 sigma"
    standings = results["standings"]
    assert isinstance(standings, list) and sorted(row["bot"] for row in standings) == sorted(specs)
    mus = [row["rating"]["mu"] for row in standings]
    assert mus == sorted(mus, reverse=True) and [row["rank"] for row in standings] == [1, 2, 3]
    for row in standings:
        assert isinstance(row, dict)
        rating = row["rating"]
        assert rating["ci95"] == pytest.approx([rating["mu"] - Z95 * rating["sigma"],
                                                rating["mu"] + Z95 * rating["sigma"]], abs=1e-5)
        assert row["seat_games"] == 20 and row["games"] == 20
        assert row["win_share"] == pytest.approx(row["wins"] / 20)
        assert row["ci95"] == pytest.approx(list(wilson_interval(row["wins"], 20)), abs=1e-5)
        assert row["vs_fair"] == pytest.approx(row["win_share"] / 0.5, abs=1e-5)
    pairs = {(row["bot"], row["opponent"]): row for row in results["head_to_head"]}
    assert set(pairs) == {(a, b) for a in specs for b in specs if a != b}
    for (a, b), row in pairs.items():
        assert row["games"] == 10
        # At two players, a game between a and b is won by one of them.
        assert row["wins"] + pairs[(b, a)]["wins"] == pytest.approx(10 - sum(
            1 for outcome in outcomes if set(outcome.lineup) == {a, b} and not outcome.winners))
    seats = results["seats"]
    assert [row["seat"] for row in seats] == [0, 1] and sum(row["seat_games"] for row in seats) == 60


def test_a_gauntlet_s_results_name_the_challenger_and_its_head_to_head() -> None:
    settings = ArenaSettings.build(GAME, ["random", "forgetful"], players=3, games=6, gauntlet="heuristic")
    results: dict[str, Any] = summarise(settings, run_arena(settings).outcomes)
    assert (results["arena"], results["gauntlet"], results["fair_share"]) == ("gauntlet", "heuristic",
                                                                            pytest.approx(1 / 3, abs=1e-5))
    rows = {row["bot"]: row for row in results["standings"]}
    assert rows["heuristic"]["seat_games"] == 12 and rows["random"]["seat_games"] == 12
    pairs = {(row["bot"], row["opponent"]) for row in results["head_to_head"]}
    assert pairs == {("heuristic", "random"), ("random", "heuristic"), ("heuristic", "forgetful"),
                     ("forgetful", "heuristic")}, "field specs never meet in a gauntlet"


def test_results_of_no_game_are_partial_and_unrated() -> None:
    settings = ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=2)
    results: dict[str, Any] = summarise(settings, [])
    assert results["partial"] is True and results["games"] == 0
    assert all(row["rating"]["mu"] == 25.0 for row in results["standings"])


@pytest.mark.parametrize("module", ["ninjadojo.arena", "ninjadojo.arena.ratings", "ninjadojo.sim.parallel"])
def test_the_examples_in_the_docs_run(module: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(module))
    assert tried and not failures
