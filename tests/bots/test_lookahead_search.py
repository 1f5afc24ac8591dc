"""The lookahead bots' ``search``: the ratings a review and a hint read from the expert of Knights and Ninjas,
Ninja Trap and Ninjato. It must rate the moves the bot weighs (every legal move for the generic lookahead;
Ninjato's heuristic's best few, plus a move asked for) on the same samples as a decision, and name the move
the bot then plays."""

from __future__ import annotations

from typing import Any

import pytest

from ninjadojo.api import new_game
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.engine import OptionError
from ninjadojo.engine.state import GameState

CASES = [("knights-and-ninjas", 3, "lookahead:samples=6"), ("ninja-trap", 2, "lookahead:samples=6"),
         ("ninja-trap", 4, "lookahead:samples=5"), ("ninjato", 2, "lookahead:samples=5,confidence=1"),
         ("ninjato", 3, "lookahead:samples=4")]


def positions(game_id: str, players: int, seed: int, count: int) -> list[GameState[Any]]:
    """Positions with a choice along a game of heuristic players."""
    game = new_game(game_id, players, {}, seed)
    bots = [make_bot("heuristic", game_id, seed + seat) for seat in range(players)]
    found: list[GameState[Any]] = []
    while not game.is_terminal and len(found) < count:
        seat = game.to_act()[0]
        if len(game.legal_actions(seat)) >= 2 and game.ply % 3 == 0:
            found.append(game.clone())
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    return found


@pytest.mark.parametrize(("game_id", "players", "spec"), CASES)
def test_the_search_rates_what_the_bot_weighs_and_names_its_move(game_id: str, players: int, spec: str) -> None:
    samples = int(spec.split("samples=")[1].split(",")[0])
    for state in positions(game_id, players, seed=11, count=4):
        seat = state.to_act()[0]
        view = SeatView(state, seat)
        legal = view.legal_actions()
        report = make_bot(spec, game_id, 3).search(view)
        # The move the bot plays is the one the search names (same seed, same view: same samples).
        assert report.choice == make_bot(spec, game_id, 3).choose(SeatView(state, seat))
        assert report.choice in report.root and report.iterations == samples
        for action, stat in report.root.items():
            assert action in legal
            assert 0.0 <= stat.mean <= 1.0  # a win chance, as ismcts's means are
            assert 0 < stat.visits <= samples
        if game_id != "ninjato":
            # The generic lookahead tries every legal move on every sample.
            assert set(report.root) == set(legal)
            assert all(stat.visits == samples for stat in report.root.values())


def test_ninjatos_search_rates_the_move_asked_for_but_never_plays_it_for_being_asked() -> None:
    """Ninjato's lookahead tries only the heuristic's best few moves; a review's move played is added to
    them (rated on the same samples) without becoming the bot's choice for that reason."""
    spec = "lookahead:samples=4,top=2"
    for state in positions("ninjato", 2, seed=5, count=12):
        seat = state.to_act()[0]
        view = SeatView(state, seat)
        plain = make_bot(spec, "ninjato", 1).search(view)
        if len(plain.root) >= len(view.legal_actions()):
            continue
        outside = next(action for action in view.legal_actions() if action not in plain.root)
        focused = make_bot(spec, "ninjato", 1).search(view, focus=outside)
        assert outside in focused.root and focused.root[outside].visits == 4
        assert focused.choice == plain.choice
        assert {action: stat for action, stat in focused.root.items() if action != outside} == plain.root
        return
    pytest.fail("no decision where the heuristic ranked a move out of its best two")


@pytest.mark.parametrize("game_id", ["ninja-trap", "ninjato"])
def test_a_focus_that_is_not_legal_is_refused(game_id: str) -> None:
    state = positions(game_id, 2, seed=2, count=1)[0]
    seat = state.to_act()[0]
    with pytest.raises(OptionError, match="not a legal action"):
        make_bot("lookahead:samples=2", game_id, 0).search(SeatView(state, seat), focus="no-such-move")
