"""What decides an arena's results: the game, the bot specs, how they meet, the seed and the number of games.

An arena is made of *tables*: line-ups of bot specs, one per seat. Every table plays the same deals
(common random numbers: deal ``d``'s seed comes from the arena's seed and ``d`` alone), each deal in
every seat rotation (the line-up moved on one seat at a time), so every spec sits in every seat
equally often and every pairing faces the identical deals.

- A **round robin** between specs: with at least as many specs as players, one table for every
  combination of that many distinct specs (every pair at two players; one table when the count
  equals the players); with fewer specs than players, one table where each spec takes the same
  number of seats (2 specs at 4 players: two seats each), when the seats divide evenly.
- A **gauntlet**: one challenger against a field; one table per field spec, the challenger in one
  seat and that spec in all the others (the challenger against three copies of ``heuristic`` at 4
  players).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ninjadojo.bots import bot_identity, canonical_spec, make_bot
from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.sim import MAX_GAMES, SimSettings
from ninjadojo.sim.seeds import derive_seed

#: What an arena is called by its kind.
ROUND_ROBIN = "round-robin"
GAUNTLET = "gauntlet"


def make_tables(specs: Sequence[str], challenger: str | None, players: int) -> tuple[tuple[str, ...], ...]:
    """The line-ups that meet, before rotation (see the module's docs); :class:`OptionError` if none can."""
    if challenger is not None:
        if not specs:
            raise OptionError("a gauntlet needs a field: give at least one --bots spec besides the challenger")
        return tuple((challenger,) + (spec,) * (players - 1) for spec in specs)
    count = len(specs)
    if count < 2:
        raise OptionError(f"a round robin needs at least 2 different bot specs, not {count}: give more --bots, "
                          "or --gauntlet SPEC to play one spec against a field")
    if count >= players:
        return tuple(itertools.combinations(specs, players))
    if players % count:
        raise OptionError(f"{count} bot specs cannot share {players} seats evenly: give {players} or more specs, "
                          f"a number of specs that divides {players}, or use --gauntlet")
    # Each spec in a block of seats: every rotation of the blocks is a different seating.
    return (tuple(spec for spec in specs for _ in range(players // count)),)


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """Where one game of an arena stands in its schedule.

    ``index`` orders the games deal by deal (every table and rotation of deal 0 first), so a run cut
    short has played every pairing about as much, and the ratings, updated in index order, see the
    pairings interleaved. ``lineup`` is the spec of each seat in seat order.
    """

    index: int
    deal: int
    table: int
    rotation: int
    lineup: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ArenaSettings:
    """Everything that decides an arena's results (timing aside). Build one with :meth:`build`.

    ``specs`` are the specs as given (the round robin's, or the gauntlet's field); ``challenger`` is
    the gauntlet's challenger (None: a round robin); ``canonical`` maps every spec to its canonical
    form (its defaults filled in: two specs of the same bot have the same one). ``deals`` is the
    number of deals every table plays, each in every one of the ``players`` seat rotations.
    """

    game_id: str
    players: int
    options: dict[str, OptionValue]
    specs: tuple[str, ...]
    challenger: str | None
    seed: int
    deals: int
    canonical: dict[str, str]
    #: The line-ups that meet, before rotation (:func:`make_tables`).
    tables: tuple[tuple[str, ...], ...]

    @classmethod
    def build(cls, game_id: str, bots: Sequence[str], players: int | None = None, games: int = 100,
              gauntlet: str | None = None, seed: int = 0, options: Mapping[str, object] | None = None,
              max_length: int | None = None) -> ArenaSettings:
        """Check everything and fill in the defaults; raise :class:`OptionError` naming what is wrong.

        ``games`` is the number of games each table plays, rounded up to a whole number of seat
        rotations (a multiple of the players). ``players`` defaults to the game's fewest. Every spec
        builds one bot here, so a bad spec fails before any game is played.
        """
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise OptionError(f"the number of games must be a whole number from 1 to {MAX_GAMES}, not {quote(games)}")
        specs = [spec.strip() for spec in bots]
        first = gauntlet if gauntlet is not None else (specs[0] if specs else "random")
        # The simulator's settings check the game, players, options, seed and one spec in one place.
        base = SimSettings.build(game_id, players, options, [first], seed, 1, max_length=max_length)
        everyone = ([gauntlet] if gauntlet is not None else []) + specs
        canonical: dict[str, str] = {}
        seen: dict[str, str] = {}
        for spec in everyone:
            make_bot(spec, game_id)
            form = canonical_spec(game_id, spec)
            # Two names of one bot (Ninja Trap's forgetful:forget=0 is its heuristic) are the same player too.
            same_bot = bot_identity(game_id, spec)
            if same_bot in seen:
                other = seen[same_bot]
                if gauntlet is not None and other == gauntlet:
                    raise OptionError(f"the challenger {quote(gauntlet)} is also in the field (as {quote(spec)}): "
                                      "a gauntlet plays it against the other specs")
                same = "is given twice" if other == spec else f"and {quote(other)} are the same bot ({same_bot})"
                raise OptionError(f"bot specs must differ: {quote(spec)} {same}")
            seen[same_bot] = spec
            canonical[spec] = form
        tables = make_tables(specs, gauntlet, base.players)
        deals = math.ceil(games / base.players)
        total = len(tables) * base.players * deals
        if total > MAX_GAMES:
            raise OptionError(f"this arena would play {total} games, more than {MAX_GAMES}: give fewer --games "
                              "or fewer bot specs")
        return cls(game_id, base.players, base.options, tuple(specs), gauntlet, seed, deals, canonical, tables)

    @property
    def kind(self) -> str:
        """``round-robin`` or ``gauntlet``."""
        return ROUND_ROBIN if self.challenger is None else GAUNTLET

    @property
    def all_specs(self) -> tuple[str, ...]:
        """Every spec of the arena: the challenger first (in a gauntlet), then the others as given."""
        return ((self.challenger,) if self.challenger is not None else ()) + self.specs

    @property
    def games_per_table(self) -> int:
        """The games each table plays: every deal in every seat rotation."""
        return self.deals * self.players

    @property
    def total_games(self) -> int:
        """The games of the whole arena."""
        return len(self.tables) * self.games_per_table

    def game(self, index: int) -> ArenaGame:
        """Game ``index`` of the arena (0 to :attr:`total_games` - 1): deal by deal, then table, then rotation."""
        tables = self.tables
        if not 0 <= index < self.total_games:
            raise IndexError(f"an arena of {self.total_games} games has no game {index}")
        per_deal = len(tables) * self.players
        deal, within = divmod(index, per_deal)
        table_index, rotation = divmod(within, self.players)
        table = tables[table_index]
        # Rotation r seats the table's first spec at seat r.
        lineup = table[-rotation:] + table[:-rotation] if rotation else table
        return ArenaGame(index, deal, table_index, rotation, lineup)

    def deal_seed(self, deal: int) -> int:
        """The seed of deal ``deal``: the same for every table and rotation (common random numbers)."""
        return derive_seed(self.seed, deal)

    def table_settings(self, lineup: Sequence[str]) -> SimSettings:
        """The simulator's settings that play ``lineup`` on this arena's deals.

        :func:`ninjadojo.sim.play_game` with these settings and index ``d`` plays deal ``d`` (its seed
        is :meth:`deal_seed`), each bot seeded from the deal's seed and its seat.
        """
        return SimSettings(self.game_id, self.players, self.options, tuple(lineup), self.seed, self.deals)

    def fingerprint(self) -> dict[str, JSONValue]:
        """What makes two arenas the same (JSON): a saved arena continues only under the same fingerprint.

        Specs are compared in their canonical form (``heuristic`` and ``heuristic:forget=0.0`` are
        the same bot), in the order given (the order decides which game is which).
        """
        return {
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.options),
            "kind": self.kind,
            "challenger": None if self.challenger is None else self.canonical[self.challenger],
            "bots": [self.canonical[spec] for spec in self.specs],
            "seed": self.seed,
            "deals": self.deals,
        }
