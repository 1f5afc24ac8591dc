"""Which line-ups meet, seat rotation, and common random numbers (every pairing faces the same deals)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from arena.helpers import GAME
from ninjadojo.arena import ArenaSettings, run_arena
from ninjadojo.games import game_class
from ninjadojo.sim import derive_seed

SPECS = ["heuristic", "random", "forgetful"]


def _seats_per_spec(settings: ArenaSettings, lineups: list[tuple[str, ...]]) -> dict[str, Counter[int]]:
    seats: dict[str, Counter[int]] = {spec: Counter() for spec in settings.all_specs}
    for lineup in lineups:
        for seat, spec in enumerate(lineup):
            seats[spec][seat] += 1
    return seats


def test_a_round_robin_of_two_player_games_plays_every_pair() -> None:
    settings = ArenaSettings.build(GAME, SPECS, players=2, games=4)
    assert set(settings.tables) == set(combinations(SPECS, 2))
    assert settings.total_games == 3 * 4


def test_a_round_robin_of_n_player_games_plays_every_line_up_of_n_distinct_specs() -> None:
    specs = ["heuristic", "random", "forgetful", "forgetful:forget=0.6"]
    settings = ArenaSettings.build(GAME, specs, players=3, games=3)
    assert sorted(map(sorted, settings.tables)) == sorted(map(sorted, combinations(specs, 3)))
    assert all(len(set(table)) == 3 for table in settings.tables)


def test_as_many_specs_as_players_meet_at_one_table() -> None:
    specs = ["heuristic", "random", "forgetful", "forgetful:forget=0.6"]
    settings = ArenaSettings.build(GAME, specs, players=4, games=4)
    assert [sorted(table) for table in settings.tables] == [sorted(specs)]


def test_fewer_specs_than_players_share_the_seats_evenly() -> None:
    settings = ArenaSettings.build(GAME, ["heuristic", "random"], players=4, games=4)
    assert len(settings.tables) == 1
    assert Counter(settings.tables[0]) == {"heuristic": 2, "random": 2}


def test_a_gauntlet_puts_the_challenger_against_each_field_spec_in_every_other_seat() -> None:
    settings = ArenaSettings.build(GAME, ["random", "forgetful"], players=4, games=4, gauntlet="heuristic")
    assert settings.kind == "gauntlet"
    assert set(settings.tables) == {("heuristic", "random", "random", "random"),
                                    ("heuristic", "forgetful", "forgetful", "forgetful")}


def test_games_are_rounded_up_to_whole_seat_rotations() -> None:
    settings = ArenaSettings.build(GAME, ["heuristic", "random", "forgetful"], players=3, games=7)
    assert (settings.deals, settings.games_per_table) == (3, 9)


ARENAS: list[dict[str, Any]] = [
    {"bots": SPECS, "players": 2},
    {"bots": [*SPECS, "forgetful:forget=0.6"], "players": 3},
    {"bots": ["heuristic", "random"], "players": 4},
    {"bots": ["random", "forgetful"], "players": 4, "gauntlet": "heuristic"},
]


@pytest.mark.parametrize("arena", ARENAS, ids=["round-robin-2p", "round-robin-3p", "shared-seats-4p", "gauntlet-4p"])
def test_every_spec_plays_every_seat_equally_often(arena: dict[str, Any]) -> None:
    settings = ArenaSettings.build(GAME, games=8, seed=2, **arena)
    run = run_arena(settings)
    assert len(run.outcomes) == settings.total_games
    seats = _seats_per_spec(settings, [outcome.lineup for outcome in run.outcomes])
    for spec, counts in seats.items():
        assert set(counts) == set(range(settings.players)), f"{spec} missed a seat: {counts}"
        assert len(set(counts.values())) == 1, f"{spec} sat in some seats more often than others: {counts}"
    # And within every table: each of its specs in each seat alike.
    for table in range(len(settings.tables)):
        lineups = [settings.game(index).lineup for index in range(settings.total_games)
                   if settings.game(index).table == table]
        for spec, counts in _seats_per_spec(settings, lineups).items():
            if spec in settings.tables[table]:
                assert set(counts) == set(range(settings.players)) and len(set(counts.values())) == 1, (table, spec)


def test_every_table_and_rotation_plays_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Common random numbers: each game's deal (its seed, and so its starting position) comes from the
    arena's seed and the deal's number alone; every pairing and rotation of a deal starts alike."""
    state_class = game_class(GAME)
    original = getattr(state_class.new, "__func__")  # noqa: B009 - mypy does not know a classmethod has __func__
    started: list[tuple[int, str]] = []

    def recording_new(cls: Any, players: int, options: Any = None, seed: int = 0) -> Any:
        state = original(cls, players, options, seed)
        started.append((seed, state.to_notation()))
        return state

    monkeypatch.setattr(state_class, "new", classmethod(recording_new))
    settings = ArenaSettings.build(GAME, SPECS, players=2, games=6, seed=5)
    run_arena(settings)  # one worker: the games start in index order
    assert len(started) == settings.total_games
    by_deal: dict[int, set[tuple[int, str]]] = {}
    for index, start in enumerate(started):
        game = settings.game(index)
        assert start[0] == derive_seed(5, game.deal) == settings.deal_seed(game.deal)
        by_deal.setdefault(game.deal, set()).add(start)
    assert all(len(starts) == 1 for starts in by_deal.values()), "a deal started differently at some table"
    assert len({next(iter(starts)) for starts in by_deal.values()}) == settings.deals, "deals should differ"


def test_a_game_depends_only_on_the_settings_and_its_index() -> None:
    settings = ArenaSettings.build(GAME, SPECS, players=2, games=4, seed=9)
    one = run_arena(settings)
    two = run_arena(settings, workers=2)
    assert [outcome.index for outcome in two.outcomes] == list(range(settings.total_games))
    assert [(o.lineup, o.scores, o.winners, o.length) for o in one.outcomes] == \
        [(o.lineup, o.scores, o.winners, o.length) for o in two.outcomes]
    other = run_arena(ArenaSettings.build(GAME, SPECS, players=2, games=4, seed=10))
    assert [o.scores for o in one.outcomes] != [o.scores for o in other.outcomes]
