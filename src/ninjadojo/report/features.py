"""Each seat's features in a finished game, for a report's feature-impact table.

A feature is a short name, ``kind:name``, that a seat either has in a game or not: a card it played
(``played:Katana``), a card it held at the end (``held:Katana``), its clan (``clan:Sloth Clan``)...
The report compares the win rate of the seats with a feature against those without it. Each game says
what its features are, :meth:`~ninjadojo.engine.GameState.features`, in its own package
(``games/<game>/features.py``): what a seat played, held, or moved to in that game's terms. A game
without them (a newly registered one) has no features, never an error.

Every game with features also has a **control**, :data:`CONTROL_FEATURE` (:func:`with_controls`): a coin
tossed at each of a seat's decisions from a random stream of its own, which neither the game nor the bots
ever see, so it cannot change who wins. It comes up more often for a seat that lasts longer, exactly as a
card played or held does, so a report shows what a feature that cannot matter looks like: its raw
difference is far from zero (survivorship), the adjusted one is not. The coins are tossed when the report
is made, not when a game is played: their chance comes from all the games of a player count
(:func:`control_chance`), so that about half the seats have the control in a game of any length.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ninjadojo.engine.rng import Rng, derive_seed
from ninjadojo.engine.state import GameState

if TYPE_CHECKING:
    from ninjadojo.report.records import GameRecord

#: A game's features: one sorted tuple of feature names per seat.
Features = tuple[tuple[str, ...], ...]

#: The kind of the control feature (its name's part before the colon): a report shows it apart, as a yardstick.
CONTROL_KIND = "control"
#: The control feature of every game: a coin that cannot matter (see :func:`control_features`).
CONTROL_FEATURE = f"{CONTROL_KIND}:coin (cannot matter)"
#: The key of the control coin's random stream (derived from the game's seed and the seat), unlike any
#: other stream's: the bots' are the game's seed and the seat alone.
_CONTROL_KEY = 0x636F696E


def control_chance(mean_decisions: float) -> float:
    """The control coin's chance at each decision, for games whose seats made ``mean_decisions`` decisions on
    average: a seat with that many has the control half the time (``1 - 2^(-1/mean)``), so the control
    splits the seats in games of a few decisions and of hundreds alike (a fixed chance gave every seat of
    a long game the coin, and a feature everyone has compares nothing). 0 when no seat decided anything.

    It is one chance for all the games it is given, never a game's own: a chance that followed a game's
    length would follow who won it.

    >>> control_chance(1)
    0.5
    >>> round(control_chance(20), 4)
    0.0341
    """
    return 1 - 0.5 ** (1 / mean_decisions) if mean_decisions > 0 else 0.0


def control_features(seed: int, decisions: Sequence[int], chance: float) -> Features:
    """The control feature of each seat of a game played from ``seed``: :data:`CONTROL_FEATURE` when a coin
    tossed at each of its ``decisions[seat]`` decisions came up (``chance`` each) at least once.

    The coins come from a stream derived from the game's seed and the seat, which neither the game nor
    a bot draws from: they cannot change play, only how long a seat plays changes how many are tossed.

    >>> control_features(7, [0, 0], 0.5)
    ((), ())
    """
    found: list[tuple[str, ...]] = []
    for seat, count in enumerate(decisions):
        rng = Rng(derive_seed(seed, _CONTROL_KEY, seat))
        found.append((CONTROL_FEATURE,) if any(rng.random() < chance for _ in range(count)) else ())
    return tuple(found)


def with_controls(games: Sequence[GameRecord], seed_of: Callable[[GameRecord], int]) -> list[GameRecord]:
    """``games`` (of one player count) with the control added to each seat's features
    (:func:`control_features`, each game's coins from its seed, ``seed_of(record)``, at the one chance
    :func:`control_chance` of the games' mean decisions per seat). A control recorded by an older version
    is replaced. Games whose seats have no features at all (a game without a reader) are returned as
    they are: the control is a yardstick for features, and there are none.
    """
    if not any(names for record in games for names in record.features):
        return list(games)
    seats = sum(record.players for record in games)
    chance = control_chance(sum(sum(record.decisions) for record in games) / seats)
    marked = []
    for record in games:
        controls = control_features(seed_of(record), record.decisions, chance)
        features = tuple(tuple(sorted({*(name for name in own if name != CONTROL_FEATURE), *extra}))
                         for own, extra in zip(record.features, controls, strict=True))
        marked.append(dataclasses.replace(record, features=features))
    return marked


def game_features(game: GameState[Any]) -> Features:
    """Each seat's features in a finished game (sorted names per seat, :meth:`GameState.features`); none
    for a game without them."""
    features = game.features()
    return tuple(() for _ in range(game.num_players)) if features is None else features
