"""Golden transcripts: recorded bot games replay to the positions and results they recorded.

Each file in ``golden/`` is a save (``to_save()``) of a whole bot game plus its ``result``. Together
they pass through every kind of card action, steals of trapped cards, Master of Surprise, Chain and
Sickle reusing an action, and a reshuffle of the discard pile. A rule change that alters any of them
fails here: check the change is meant, then regenerate with

    .venv/bin/python tests/games/ninjitsu/test_ninjitsu_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ninjadojo.games.ninjitsu import NinjitsuState

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN = sorted(GOLDEN_DIR.glob("*.json"))

#: Log phrases the transcripts must cover between them (so a regeneration cannot lose them).
COVERED = (
    "is shuffled into a new deck",
    "is trapped!",
    "Master of Surprise for its action",
    "uses the action of",
    "Master of Secrets for its action",
    "Smoke Bomb for its action",
    "Darts for its action",
    "Caltrops for its action",
    "Blowgun for its action",
    "Katana for its action",
    "Climbing Hook for its action",
    "Master of Planning for its action",
)
#: (players, bots by seat) of the recorded games.
SETUPS = (
    (2, ("heuristic:samples=2", "random")),
    (3, ("heuristic:depth=0", "random", "heuristic:samples=2")),
    (4, ("random", "heuristic:depth=0", "random", "heuristic:depth=0")),
    (5, ("random",) * 5),
)


def test_there_are_golden_transcripts_for_every_setup() -> None:
    assert len(GOLDEN) == len(SETUPS)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_a_golden_transcript_replays_to_its_recorded_position_and_result(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = NinjitsuState.load_save(data)  # refuses a replay whose position differs from the recorded one
    assert game.to_notation() == data["position"]
    assert game.is_terminal and game.result is not None
    assert game.result.to_json() == data["result"]
    # The game ended the only way it can: its winner started a turn at the target.
    (winner,) = game.result.winners
    assert game.result.scores[winner] >= game.target
    game.check_invariants()


def test_the_golden_transcripts_cover_every_action_and_a_reshuffle() -> None:
    texts = " ".join(event.text for path in GOLDEN
                     for event in NinjitsuState.load_save(json.loads(path.read_text(encoding="utf-8"))).events)
    missing = [phrase for phrase in COVERED if phrase not in texts]
    assert not missing


def record(players: int, specs: tuple[str, ...], seed: int) -> dict[str, object]:
    """Play one bot game and return its save with its result."""
    from ninjadojo.bots import SeatView, make_bot

    game = NinjitsuState.new(players, seed=seed)
    bots = [make_bot(spec, "ninjitsu", seed=seed * 10 + seat) for seat, spec in enumerate(specs)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    assert game.result is not None
    save: dict[str, object] = dict(game.to_save())
    save["result"] = game.result.to_json()
    save["bots"] = list(specs)
    return save


def _events(save: dict[str, object]) -> str:
    return " ".join(event.text for event in NinjitsuState.load_save(save).events)


if __name__ == "__main__":
    # For each setup, among the games of seeds 1-24 that spring a trap, the one adding most of COVERED
    # (then the longest), so that the games together cover every phrase.
    GOLDEN_DIR.mkdir(exist_ok=True)
    for old in GOLDEN:
        old.unlink()
    chosen: list[tuple[str, dict[str, object]]] = []
    covered: set[str] = set()
    for players, specs in SETUPS:
        best: tuple[int, int, int, dict[str, object]] | None = None
        for seed in range(1, 25):
            save = record(players, specs, seed)
            text = _events(save)
            if "is trapped!" not in text:
                continue
            gain = len({phrase for phrase in COVERED if phrase in text} - covered)
            length = len(save["actions"])  # type: ignore[arg-type]
            if best is None or (gain, length) > best[:2]:
                best = (gain, length, seed, save)
        assert best is not None, f"no seed springs a trap for {players} players"
        seed, save = best[2], best[3]
        covered |= {phrase for phrase in COVERED if phrase in _events(save)}
        chosen.append((f"{players}p_seed{seed}", save))
    for name, save in chosen:
        target = GOLDEN_DIR / f"{name}.json"
        target.write_text(json.dumps(save) + "\n", encoding="utf-8")
        print(f"wrote {target}")
    print("not covered:", sorted(set(COVERED) - covered) or "nothing")
