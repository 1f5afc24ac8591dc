"""Golden transcripts: recorded games of the heuristic bots (one strategy per seat) for 2, 3 and 4 players
replay to the positions and results they recorded. A rule or data change that alters any of them fails
here; regenerate only on purpose (and say why in the change)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ninjadojo.games.ninjato import STATE

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))
LINEUP = ("balanced", "attacker", "envoy", "rumor", "sensei")


def test_there_is_a_golden_transcript_for_each_player_count() -> None:
    assert sorted(json.loads(path.read_text(encoding="utf-8"))["save"]["players"] for path in GOLDEN) == [2, 3, 4]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_a_golden_transcript_replays_to_its_recorded_position_and_result(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = STATE.load_save(data["save"])  # refuses a replay whose position differs from the recorded one
    assert game.to_notation() == data["save"]["position"]
    assert game.is_terminal and game.result is not None
    assert list(game.winners()) == data["winners"]
    assert list(game.scores()) == data["scores"]


def record_golden(players: int, seed: int) -> dict[str, object]:
    """Play one game of the strategy bots and return ``{"save", "winners", "scores", "bots"}``."""
    from ninjadojo.bots import SeatView, make_bot

    game = STATE.new(players, seed=seed)
    names = [LINEUP[(seed + seat) % len(LINEUP)] for seat in range(players)]
    bots = [make_bot(name, "ninjato", seed=seed + seat) for seat, name in enumerate(names)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    return {"bots": names, "save": game.to_save(), "winners": list(game.winners()), "scores": list(game.scores())}


if __name__ == "__main__":  # regenerate: .venv/bin/python tests/games/ninjato/test_ninjato_golden.py
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        target = Path(__file__).parent / "golden" / f"{players}p_seed{seed}.json"
        target.write_text(json.dumps(record_golden(players, seed)) + "\n", encoding="utf-8")
        print(f"wrote {target}")
