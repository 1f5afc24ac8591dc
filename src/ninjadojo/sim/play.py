"""One game of a simulation, played by its bots from start to end."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.engine import DojoError, GameState, IllegalActionError
from ninjadojo.engine.errors import quote
from ninjadojo.games import game_class
from ninjadojo.sim.seeds import derive_seed
from ninjadojo.sim.settings import SimSettings


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How one simulated game went.

    ``truncated``: stopped at the maximum length, with no winner. ``bot_seconds`` is the processor time
    the bots spent choosing (the only field that differs from run to run; processor time, so that other
    programs on the machine do not inflate it). ``error`` is set instead of the rest
    when the game could not be played (a bot chose an illegal action, ...).
    """

    index: int
    length: int
    truncated: bool
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    lineup: tuple[str, ...]
    bot_seconds: float = 0.0
    error: str | None = None


def play_game(settings: SimSettings, index: int) -> GameOutcome:
    """Play game ``index`` of a simulation (deterministic in the settings and the index).

    The game's seed comes from the base seed and ``index``, each bot's from the game's seed and its seat.
    A :class:`DojoError` becomes the outcome's ``error`` (it travels back from a worker process as
    text: typed errors do not all pickle).
    """
    seed = derive_seed(settings.seed, index)
    lineup = settings.lineup(index)
    thinking = 0.0
    clock = time.process_time
    try:
        # Quiet: a simulation keeps results, never the log (its bots search samples, which keep their own).
        game: GameState[Any] = game_class(settings.game_id).new(settings.players, settings.options, seed).quiet()
        bots = [make_bot(spec, settings.game_id, derive_seed(seed, seat)) for seat, spec in enumerate(lineup)]
        while game.result is None:
            seat = game.to_act()[0]
            started = clock()
            action = bots[seat].choose(SeatView(game, seat))
            thinking += clock() - started
            try:
                game.apply(seat, action)
            except IllegalActionError as error:
                raise DojoError(f"bot {quote(lineup[seat])} at seat {seat} of game {index} (seed {seed}) "
                                f"chose an illegal action: {error}") from None
    except DojoError as error:
        return GameOutcome(index, 0, False, (), (), lineup, thinking, str(error))
    result = game.result
    return GameOutcome(index, game.ply, result.truncated, tuple(result.scores), tuple(result.winners), lineup,
                       thinking)

