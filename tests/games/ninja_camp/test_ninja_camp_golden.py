"""Golden transcripts: recorded heuristic-bot games for 2, 3 and 4 players replay to the positions and
results they recorded. A rule change that alters any of them fails here; regenerate only on purpose."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ninjadojo.games.ninja_camp import STATE

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_is_a_golden_transcript_for_each_player_count() -> None:
    assert sorted(json.loads(p.read_text(encoding="utf-8"))["save"]["players"] for p in GOLDEN) == [2, 3, 4]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_a_golden_transcript_replays_to_its_recorded_position_and_result(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = STATE.load_save(data["save"])  # refuses a replay whose position differs from the recorded one
    assert game.to_notation() == data["save"]["position"]
    assert game.is_terminal
    assert game.result is not None
    assert game.winners() == tuple(data["winners"])
    assert list(game.scores()) == data["scores"]


def record_golden(players: int, seed: int) -> dict[str, object]:
    """Play one heuristic-bot game and return ``{"save", "winners", "scores"}``."""
    from ninjadojo.bots import SeatView, make_bot

    game = STATE.new(players, seed=seed)
    bots = [make_bot("heuristic", "ninja-camp", seed=seed + seat) for seat in range(players)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    return {"save": game.to_save(), "winners": list(game.winners()), "scores": list(game.scores())}


if __name__ == "__main__":  # regenerate: .venv/bin/python tests/games/ninja_camp/test_ninja_camp_golden.py
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        target = Path(__file__).parent / "golden" / f"{players}p_seed{seed}.json"
        target.write_text(json.dumps(record_golden(players, seed)) + "\n", encoding="utf-8")
        print(f"wrote {target}")
