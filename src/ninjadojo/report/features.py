"""Each seat's features in a finished game, for a report's feature-impact table.

A feature is a short name, ``kind:name``, that a seat either has in a game or not: a card it played
(``played:Katana``), a card it held at the end (``held:Katana``), its clan (``clan:Sloth Clan``)...
The report compares the win rate of the seats with a feature against those without it. Each game says
what its features are, :meth:`~ninjadojo.engine.GameState.features`, in its own package
(``games/<game>/features.py``): what a seat played, held, or moved to in that game's terms. A game
without them (a newly registered one) has no features, never an error.

Every game also has a **control**, :data:`CONTROL_FEATURE` (:func:`control_features`): a coin tossed at
each of a seat's decisions from a random stream of its own, which neither the game nor the bots ever
see, so it cannot change who wins. It comes up more often for a seat that lasts longer, exactly as a card
played or held does, so a report shows what a feature that cannot matter looks like: its raw difference
is far from zero (survivorship), the adjusted one is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninjadojo.engine.rng import Rng, derive_seed
from ninjadojo.engine.state import GameState

#: A game's features: one sorted tuple of feature names per seat.
Features = tuple[tuple[str, ...], ...]

#: The kind of the control feature (its name's part before the colon): a report shows it apart, as a yardstick.
CONTROL_KIND = "control"
#: The control feature of every game: a coin that cannot matter (see :func:`control_features`).
CONTROL_FEATURE = f"{CONTROL_KIND}:coin (cannot matter)"
#: The control coin's chance at each decision: 1 in 20, so that about half the seats of a game of a few
#: dozen decisions each get it (a feature everyone or no one has compares nothing).
CONTROL_CHANCE = 1 / 20
#: The key of the control coin's random stream (derived from the game's seed and the seat), unlike any
#: other stream's: the bots' are the game's seed and the seat alone.
_CONTROL_KEY = 0x636F696E


def control_features(seed: int, decisions: Sequence[int]) -> Features:
    """The control feature of each seat of a game played from ``seed``: :data:`CONTROL_FEATURE` when a coin
    tossed at each of its ``decisions[seat]`` decisions came up (chance :data:`CONTROL_CHANCE` each) at
    least once.

    The coins come from a stream derived from the game's seed and the seat, which neither the game nor
    a bot draws from: they cannot change play, only how long a seat plays changes how many are tossed.

    >>> control_features(7, [0, 0])
    ((), ())
    """
    found: list[tuple[str, ...]] = []
    for seat, count in enumerate(decisions):
        rng = Rng(derive_seed(seed, _CONTROL_KEY, seat))
        found.append((CONTROL_FEATURE,) if any(rng.random() < CONTROL_CHANCE for _ in range(count)) else ())
    return tuple(found)


def report_features(game: GameState[Any], seed: int, decisions: Sequence[int]) -> Features:
    """What a report records of each seat of a finished game: its features (:func:`game_features`) and, for a
    game that has them, the control (:func:`control_features` of the game's ``seed`` and each seat's
    number of ``decisions``), one sorted tuple per seat. A game without a reader records nothing."""
    features = game.features()
    if features is None:
        return tuple(() for _ in range(game.num_players))
    controls = control_features(seed, decisions)
    return tuple(tuple(sorted({*own, *extra})) for own, extra in zip(features, controls, strict=True))


def game_features(game: GameState[Any]) -> Features:
    """Each seat's features in a finished game (sorted names per seat, :meth:`GameState.features`); none
    for a game without them."""
    features = game.features()
    return tuple(() for _ in range(game.num_players)) if features is None else features
