"""Positions of finished games for the replay viewer, bounded in memory and built off the event loop.

A replay asks for the position after ``step`` actions of a finished game. Keeping every position of a
game (as the first replay route did) costs memory in the square of its length (each position holds its
record) and was never emptied; here a game keeps at most :data:`CHECKPOINTS` positions, evenly spaced,
and a step is the nearest checkpoint at or before it with the actions after it applied. At most
:data:`GAMES` games are kept, the least recently replayed dropped first.
"""

from __future__ import annotations

import asyncio
import math
from collections import OrderedDict
from typing import Any

from ninjadojo.engine.errors import DojoError
from ninjadojo.engine.state import GameState

#: Positions kept per game (so a step replays at most its game's length / CHECKPOINTS actions).
CHECKPOINTS = 32

#: Games whose checkpoints are kept.
GAMES = 16


class ReplayCache:
    """Checkpoints of the games most recently replayed (see the module docstring)."""

    def __init__(self, games: int = GAMES, checkpoints: int = CHECKPOINTS) -> None:
        self.games = games
        self.checkpoints = checkpoints
        self._kept: OrderedDict[str, tuple[int, list[GameState[Any]]]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def spacing(self, length: int) -> int:
        """Actions between two checkpoints of a game of ``length`` actions."""
        return max(1, math.ceil(length / self.checkpoints))

    async def position(self, key: str, game: GameState[Any], step: int) -> GameState[Any]:
        """The position of the finished ``game`` (kept under ``key``) after ``step`` actions."""
        every, checkpoints = await self._checkpoints(key, game)
        return await asyncio.to_thread(self._replay, game, checkpoints[step // every], every * (step // every), step)

    async def step(self, key: str, game: GameState[Any], step: int) -> tuple[GameState[Any], str | None, bool]:
        """The position after ``step`` actions (see :meth:`position`), the words of the last of them as its
        player was offered it (the engine's label: "Choose the Bo Staff to swap in"), None at the deal or
        where the engine has none, and whether it was chosen in secret (a simultaneous choice, or an answer
        in a concealed window: the others saw only what followed from it)."""
        if step == 0:
            return await self.position(key, game, step), None, False
        every, checkpoints = await self._checkpoints(key, game)
        index = (step - 1) // every  # the checkpoint before the last action, which is labelled on the way
        return await asyncio.to_thread(self._replay_labelled, game, checkpoints[index], every * index, step)

    async def _checkpoints(self, key: str, game: GameState[Any]) -> tuple[int, list[GameState[Any]]]:
        """The spacing and checkpoints of ``game``: built off the loop the first time, then kept (the least
        recently replayed game dropped beyond :attr:`games`)."""
        kept = self._kept.get(key)
        if kept is None:
            kept = await asyncio.to_thread(self._build, game)
            self._kept[key] = kept
            while len(self._kept) > self.games:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        return kept

    def _build(self, game: GameState[Any]) -> tuple[int, list[GameState[Any]]]:
        record = game.record
        every = self.spacing(len(record.actions))
        states = game.replay_states()
        state = next(states).clone()  # the start; then played on, copied only at each checkpoint
        checkpoints = [state.clone()]
        for number, (seat, action) in enumerate(record.actions, start=1):
            state.apply(seat, action)
            if number % every == 0:
                checkpoints.append(state.clone())
        return every, checkpoints

    @classmethod
    def _replay_labelled(cls, game: GameState[Any], checkpoint: GameState[Any], start: int,
                         step: int) -> tuple[GameState[Any], str | None, bool]:
        state = cls._replay(game, checkpoint, start, step - 1)
        seat, action = game.record.actions[step - 1]
        try:
            label: str | None = state.label(seat, action)
        except DojoError:
            label = None
        frame = state.frames[-1] if state.frames else None
        secret = frame is not None and (frame.simultaneous or frame.concealed)
        state.apply(seat, action)
        return state, label, secret

    @staticmethod
    def _replay(game: GameState[Any], checkpoint: GameState[Any], start: int, step: int) -> GameState[Any]:
        state = checkpoint.clone()
        for seat, action in game.record.actions[start:step]:
            state.apply(seat, action)
        return state
