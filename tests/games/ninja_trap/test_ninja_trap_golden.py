"""Golden transcripts: recorded bot games (with flips, a Buko look and a reshuffle) replay to the
positions they recorded. A rule change that alters any of them fails here; regenerate only on purpose."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ninjadojo.games.ninja_trap import STATE

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_transcripts() -> None:
    assert GOLDEN


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_a_golden_transcript_replays_to_its_recorded_position(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = STATE.load_save(data)  # refuses a replay whose position differs from the recorded one
    assert game.to_notation() == data["position"]
    assert game.is_terminal
    texts = [event.text for event in game.events]
    assert any("Buko look" in text for text in texts)
    assert any("shuffles their discard pile" in text for text in texts)


def record_golden(seed: int) -> dict[str, object]:
    """Play one 3-player bot game (heuristic, forgetful, forget=1) and return its save."""
    from ninjadojo.bots import SeatView, make_bot

    game = STATE.new(3, seed=seed)
    specs = ["heuristic", "forgetful", "forgetful:forget=1"]
    bots = [make_bot(spec, "ninja-trap", seed=seed + i) for i, spec in enumerate(specs)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    return game.to_save()


if __name__ == "__main__":  # regenerate: .venv/bin/python tests/games/ninja_trap/test_ninja_trap_golden.py
    for number in range(400):
        save = record_golden(number)
        events = " ".join(e.text for e in STATE.load_save(save).events)
        if "shuffles their discard pile" in events and "Buko look" in events and "calls TRAP" in events:
            target = Path(__file__).parent / "golden" / f"three_bots_seed{number}.json"
            target.write_text(json.dumps(save) + "\n", encoding="utf-8")
            print(f"wrote {target}")
            break
