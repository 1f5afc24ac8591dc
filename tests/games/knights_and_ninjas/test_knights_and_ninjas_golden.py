"""Golden transcripts: whole bot games saved once; each must replay to the very same final position.

A rule change that alters any of these games shows up here; regenerate them only on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ninjadojo.games.knights_and_ninjas import STATE

GOLDEN = sorted((Path(__file__).parent / "golden").glob("knights_and_ninjas_*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_golden_game_replays_to_its_recorded_end(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = STATE.load_save(data)  # refuses a replay that does not reach the recorded position
    assert game.is_terminal and game.to_notation() == data["position"]
    game.check_invariants()


def test_there_are_golden_games_for_two_and_more_players() -> None:
    counts = {json.loads(path.read_text(encoding="utf-8"))["players"] for path in GOLDEN}
    assert 2 in counts and max(counts) >= 4


def record_golden(players: int, seed: int) -> dict[str, object]:
    """Play one game with the heuristic bot at every seat and return its save."""
    from ninjadojo.bots import SeatView, make_bot

    game = STATE.new(players, seed=seed)
    bots = [make_bot("heuristic", game.game_id, seed=seed * 10 + seat) for seat in range(players)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    return game.to_save()


# Regenerate, only on purpose: .venv/bin/python tests/games/knights_and_ninjas/test_knights_and_ninjas_golden.py
if __name__ == "__main__":
    for players, seed in ((2, 12), (4, 11), (6, 13)):
        target = Path(__file__).parent / "golden" / f"knights_and_ninjas_{players}p_seed{seed}.json"
        target.write_text(json.dumps(record_golden(players, seed), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {target}")
