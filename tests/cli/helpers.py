"""Helpers shared by the CLI tests."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from engine.toygame import ToyState, full_deck, toy_position
from ninjadojo.bots import Bot, SeatView
from ninjadojo.engine import GameState


def last_json_line(result: Result) -> dict[str, Any]:
    """The JSON object on the last line of a command's stdout."""
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert lines, f"no output; stderr: {result.stderr}"
    data: dict[str, Any] = json.loads(lines[-1])
    return data


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary without its timing fields (the only part that may differ between runs)."""
    return {key: value for key, value in summary.items() if key != "timing"}


def game_playable(module_name: str) -> bool:
    """Whether the game package ``ninjadojo.games.<module_name>`` exists and defines its STATE yet."""
    try:
        module = importlib.import_module(f"ninjadojo.games.{module_name}")
    except Exception:
        # A game still being written may not import at all; then it is not playable yet.
        return False
    return hasattr(module, "STATE")


def ninjitsu_playable() -> bool:
    """Whether the Ninjitsu! package exists and defines its STATE yet."""
    return game_playable("ninjitsu")


needs_ninjitsu = pytest.mark.skipif(not ninjitsu_playable(),
                                    reason="ninjitsu is not playable yet (no STATE in ninjadojo.games.ninjitsu)")
needs_ninja_camp = pytest.mark.skipif(not game_playable("ninja_camp"), reason="ninja-camp is not playable yet")
needs_ninja_trap = pytest.mark.skipif(not game_playable("ninja_trap"), reason="ninja-trap is not playable yet")


class CheatingBot:
    """A broken bot that answers an action no game has (to test that drivers report it)."""

    name = "broken"

    def __init__(self, seed: int = 0, **params: object) -> None:
        self.seed = seed

    def choose(self, view: object) -> str:
        """Always the same nonsense."""
        return "no-such-action"


class FailingBot(CheatingBot):
    """A broken bot whose choice raises (a bug inside it, as in a search's sample)."""

    name = "failing"

    def choose(self, view: object) -> str:
        """Always fails."""
        raise ValueError("a bug in the bot")


class TunedBot(Bot):
    """A bot with its own parameters, passing the rest on to the base (as every game's bots do)."""

    name = "tuned"

    def __init__(self, seed: int = 0, depth: str = "1", **params: object) -> None:
        super().__init__(seed, **params)
        self.depth = int(depth)

    def choose(self, view: SeatView) -> str:
        return view.legal_actions()[0]


def write_save(path: Path, game: GameState[Any], meta: dict[str, Any] | None = None) -> Path:
    """Write ``game``'s save (with ``players_meta`` if given) to ``path``; returns the path."""
    data = game.to_save()
    if meta is not None:
        data["players_meta"] = meta
    path.write_text(json.dumps(data))
    return path


def only_pass_position() -> ToyState:
    """A 2-player toy position where seat 0, to act, can only pass (no cards, nothing to draw)."""
    return toy_position(hands=[[], full_deck(True)], deck=[], discard=[])
