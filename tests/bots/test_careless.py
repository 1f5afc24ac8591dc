"""``careless``: the game's heuristic, who makes a random move at a share of its decisions (the
``medium`` level of most games)."""

from __future__ import annotations

import pytest

from bots.recalling import assert_a_bot_seated_part_way_recalls_its_traps
from ninjadojo.bots import SeatView, available_bots, make_bot, sim_default_bot
from ninjadojo.engine import OptionError, Rng
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games
from ninjadojo.sim import SimSettings, run_games


def _positions(game_id: str, seed: int, count: int) -> list[tuple[GameState, int]]:
    """``count`` positions of a random game where the seat to act has a choice (each a copy)."""
    spec = game_class(game_id).SPEC
    game = game_class(game_id).new(spec.min_players, seed=seed)
    rng = Rng(seed)
    positions: list[tuple[GameState, int]] = []
    while not game.is_terminal and len(positions) < count:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if len(legal) > 1:
            positions.append((game.clone(), seat))
        game.apply(seat, legal[rng.randbelow(len(legal))])
    return positions


@pytest.mark.parametrize("game_id", playable_games())
def test_every_game_with_a_heuristic_offers_it(game_id: str) -> None:
    bots = available_bots(game_id)
    assert ("careless" in bots) == ("heuristic" in bots)


@pytest.mark.parametrize("game_id", [game for game in playable_games() if game != "ninja-trap"])
def test_without_mistakes_it_plays_the_heuristics_move(game_id: str) -> None:
    # mistakes=0 is the game's cheap heuristic, seeded per decision: its move is one the heuristic
    # would choose there, and a stateless heuristic (all but Ninja Trap's, which remembers) agrees exactly.
    for game, seat in _positions(game_id, 3, 12):
        view = SeatView(game, seat)
        careless = make_bot("careless:mistakes=0", game_id, 5)
        action = careless.choose(view)
        assert action in view.legal_actions()
        heuristic = make_bot(sim_default_bot(game_id), game_id, 0)
        # Over seeds, the heuristic chooses that move too (it may break ties by its own draws).
        assert any(make_bot(sim_default_bot(game_id), game_id, s).choose(view) == action for s in range(40)) \
            or heuristic.choose(view) == action


def test_always_mistaken_it_spreads_over_the_legal_moves() -> None:
    # mistakes=1 is a random player: over positions and seeds it plays many different legal moves,
    # including ones the heuristic never would.
    game_id = "knights-and-ninjas"
    odd = 0
    for game, seat in _positions(game_id, 8, 20):
        view = SeatView(game, seat)
        wild = {make_bot("careless:mistakes=1", game_id, s).choose(view) for s in range(12)}
        assert wild <= set(view.legal_actions())
        tame = {make_bot("careless:mistakes=0", game_id, s).choose(view) for s in range(12)}
        odd += bool(wild - tame)
    assert odd >= 10


def test_a_slip_never_gives_up_the_rest_of_the_game() -> None:
    """Ninja Camp's pass is for good: a medium player's random slips never pass while a move is open (they
    used to, and a table's medium bots then sat out most of the game), and pass when it is all there is."""
    game_id = "ninja-camp"
    checked = 0
    for game, seat in _positions(game_id, 11, 30):
        view = SeatView(game, seat)
        legal = view.legal_actions()
        if "pass" not in legal:
            continue
        assert view.gives_up("pass") and not any(view.gives_up(action) for action in legal if action != "pass")
        moves = {make_bot("careless:mistakes=1", game_id, s).choose(view) for s in range(60)}
        assert "pass" not in moves and len(moves) > 1
        checked += 1
    assert checked >= 5
    # Placing the ninjas at the start gives nothing up.
    game = game_class(game_id).new(2, seed=1)
    assert not any(game.gives_up(game.to_act()[0], action) for action in game.legal_actions(game.to_act()[0]))


def test_the_same_seed_and_view_give_the_same_move() -> None:
    for game, seat in _positions("ninjato", 4, 10):
        view = SeatView(game, seat)
        assert make_bot("careless", "ninjato", 7).choose(view) == make_bot("careless", "ninjato", 7).choose(view)


def test_the_heuristic_beats_it_and_it_beats_random() -> None:
    # The medium level sits between its neighbours (Knights and Ninjas, cheap: 120 games each).
    def share(first: str, others: str) -> float:
        settings = SimSettings.build("knights-and-ninjas", players=3, bots=[first, others, others], games=120,
                                     rotate=True, seed=11)
        wins = 0.0
        for outcome in run_games(settings).outcomes:
            seat = outcome.lineup.index(first)
            wins += 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
        return wins / 120

    assert share("heuristic", "careless") > 0.45  # a fair share is 1/3
    assert share("careless", "random") > 0.5


def test_in_ninja_trap_it_remembers_its_own_traps_after_a_load() -> None:
    assert_a_bot_seated_part_way_recalls_its_traps("careless")


@pytest.mark.parametrize("value", ["-0.1", "1.5", "often"])
def test_a_bad_mistake_rate_is_refused_clearly(value: str) -> None:
    with pytest.raises(OptionError, match=r"^careless's mistakes must be a number from 0 to 1"):
        make_bot(f"careless:mistakes={value}", "ninjato", 0)


def test_a_slip_never_spends_an_any_time_card_in_a_window() -> None:
    """Ninjitsu!'s "any time" window: the robbed player holding Antonio may ignore the trap of its own stolen
    Tripwire, which would only spare the thief. A hasty player lets the moment go by; it does not spend a card
    for the other side by mistake (a medium bot once did)."""
    from ninjadojo.games.ninjitsu.builder import position

    game = position(2, expansions="promo", hands=["6a", "1n"], secrets=["", "Tb"])
    game.apply(0, "x1.0")
    view = SeatView(game, 1)
    assert view.decision() is not None and view.decision().concealed  # type: ignore[union-attr]
    assert set(view.legal_actions()) == {"a:1n", "pass"}
    assert {make_bot("careless:mistakes=1", "ninjitsu", seed).choose(view) for seed in range(40)} == {"pass"}
