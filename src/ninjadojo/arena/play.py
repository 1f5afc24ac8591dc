"""One game of an arena: its line-up on its deal, played by the simulator's :func:`~ninjadojo.sim.play_game`."""

from __future__ import annotations

from dataclasses import dataclass

from ninjadojo.arena.settings import ArenaSettings
from ninjadojo.sim import play_game


@dataclass(frozen=True, slots=True)
class ArenaOutcome:
    """How one game of an arena went.

    ``lineup`` is the spec of each seat as given; ``winners`` the winning seats (several: a shared
    win; none: the game was ``truncated`` at the maximum length). ``bot_seconds`` (the bots'
    processor time) is the only field that differs from run to run. ``error`` is set instead of the
    rest when the game could not be played.
    """

    index: int
    lineup: tuple[str, ...]
    length: int
    truncated: bool
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    bot_seconds: float = 0.0
    error: str | None = None


def play_arena_game(settings: ArenaSettings, index: int) -> ArenaOutcome:
    """Play game ``index`` of an arena (deterministic in the settings and the index).

    The game's seed is its deal's (:meth:`ArenaSettings.deal_seed`), shared by every table and
    rotation; each bot's seed comes from the deal's seed and its seat, as in ``dojo sim``.
    """
    game = settings.game(index)
    outcome = play_game(settings.table_settings(game.lineup), game.deal)
    return ArenaOutcome(index, game.lineup, outcome.length, outcome.truncated, outcome.scores, outcome.winners,
                        outcome.bot_seconds, outcome.error)
