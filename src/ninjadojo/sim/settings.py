"""What decides a simulation's results: the game, players, options, line-up of bots, seed and count."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ninjadojo.bots import make_bot, sim_default_bot
from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.state import MAX_LENGTH_OPTION, check_seed
from ninjadojo.games import game_class

#: Most games one simulation may ask for (a guard against a typing slip, not a technical limit).
MAX_GAMES = 1_000_000_000


@dataclass(frozen=True, slots=True)
class SimSettings:
    """Everything that decides a simulation's results (timing aside). Build one with :meth:`build`.

    ``options`` are the game's validated options, ``max_length`` among them: a game still running
    after that many actions is stopped by the engine with no winner (it is *truncated*).
    ``specs`` holds one bot spec per seat.
    """

    game_id: str
    players: int
    options: dict[str, OptionValue]
    specs: tuple[str, ...]
    seed: int
    games: int
    rotate: bool = False

    @classmethod
    def build(cls, game_id: str, players: int | None = None, options: Mapping[str, object] | None = None,
              bots: Sequence[str] = (), seed: int = 0, games: int = 100, rotate: bool = False,
              max_length: int | None = None) -> SimSettings:
        """Check everything and fill in the defaults; raise :class:`OptionError` naming what is wrong.

        - ``players``: the game's fewest when None.
        - ``bots``: no spec means the game's :func:`~ninjadojo.bots.sim_default_bot` in every seat,
          one spec means that bot in every seat, else one spec per seat in seat order. Every distinct
          spec builds one bot here, so a bad spec fails now and not in the middle of a run.
        - ``max_length``: the same as the option ``max_length`` (give either, or both alike).
        """
        state_class = game_class(game_id)
        count = state_class.SPEC.min_players if players is None else players
        values = state_class.validate_options(count, with_max_length(options, max_length))
        check_seed(seed)
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise OptionError(f"the number of games must be a whole number from 1 to {MAX_GAMES}, not {quote(games)}")
        specs = list(bots) or [sim_default_bot(game_id)]
        if len(specs) == 1:
            specs *= count
        elif len(specs) != count:
            raise OptionError(f"{len(specs)} bot specs were given for {count} players: give one for every seat, "
                              "or one per seat in seat order")
        for spec in dict.fromkeys(specs):
            make_bot(spec, game_id)
        return cls(game_id, count, values, tuple(specs), seed, games, rotate)

    @property
    def max_length(self) -> int:
        """The number of actions after which a game is stopped with no winner."""
        value = self.options[MAX_LENGTH_OPTION]
        assert isinstance(value, int)
        return value

    def lineup(self, index: int) -> tuple[str, ...]:
        """The bot spec of each seat in game ``index`` (moved one seat on per game with ``rotate``)."""
        if not self.rotate:
            return self.specs
        shift = index % self.players
        return self.specs[shift:] + self.specs[:shift]


def with_max_length(options: Mapping[str, object] | None, max_length: int | None) -> dict[str, object]:
    """``options`` with the option ``max_length`` set from a driver's own flag (``--max-actions``), if given;
    :class:`OptionError` if the two disagree (either may be given, or both alike)."""
    given: dict[str, object] = dict(options or {})
    if max_length is not None:
        if MAX_LENGTH_OPTION in given and str(given[MAX_LENGTH_OPTION]) != str(max_length):
            raise OptionError(f"the maximum length is given twice, as {quote(max_length)} and as the option "
                              f"max_length={quote(given[MAX_LENGTH_OPTION])}: give it once")
        given[MAX_LENGTH_OPTION] = max_length
    return given
