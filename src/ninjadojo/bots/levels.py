"""Difficulty levels: ``easy``, ``medium``, ``hard`` and ``expert``, each a bot spec chosen per game.

A level is accepted wherever a bot spec is (``dojo play --bots hard``, ``dojo sim --bots expert,easy``,
:func:`ninjadojo.bots.make_bot`); it builds the bot of its game's spec. The specs are ordered by
measured strength: each level beats the one below it in that game (docs/bots.md gives the figures).
Where ``expert`` is the ``ismcts`` search it answers within about 2 s a decision on a busy 2-core
machine: its budget is in iterations (about 1 s there, and the same play from the same seed), with a
2 s cap in case the machine is slower still. A game without its own row (a new game) gets :data:`FALLBACK_LEVELS`, with
``careless`` and the game's ``heuristic`` bot as ``medium`` and ``hard`` when it has one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ninjadojo.bots.base import Bot

#: The level names, weakest first.
LEVELS = ("easy", "medium", "hard", "expert")

#: The bot spec of each level, per game (measured: see docs/bots.md). The ladder is the same in every
#: game: ``random``; the game's heuristic making a random move at half of its decisions
#: (``careless``: Ninja Trap's heuristic forgetting its traps instead, its own kind of mistake); the
#: heuristic; and the strongest bot measured against the heuristic, with a budget of about 2 s a decision.
LEVEL_SPECS: dict[str, dict[str, str]] = {
    # Every leaf scored by the game's projection (depth=0): about 1 s a decision, and more iterations help.
    "ninjitsu": {"easy": "random", "medium": "careless", "hard": "heuristic",
                 "expert": "ismcts:iterations=10000,depth=0,c=0.3,seconds=2"},
    # The stronger heuristic (it fortifies, and keeps its draft) holds the search to about 1.4x at 4
    # players; every move tried against a table of heuristic players does better (docs/bots.md), and
    # better with 128 samples (about 0.5 s a decision) and a smaller margin over the heuristic's move.
    "knights-and-ninjas": {"easy": "random", "medium": "careless", "hard": "heuristic",
                           "expert": "lookahead:samples=128,confidence=0.5,seconds=2"},
    # The search grows with its budget here (300 iterations 1.75x the heuristic, 1000 1.95x, 4000 2.5x).
    "ninja-camp": {"easy": "random", "medium": "careless", "hard": "heuristic",
                   "expert": "ismcts:iterations=4000,seconds=2"},
    # Memory, then foresight: a forgetful player, the heuristic that remembers every trap, and the
    # lookahead that tries each move against a table of such players, its samples dealing the rivals'
    # traps as their play makes likely; 128 samples (about 0.45 s a decision at 4 players) won 175 of 400
    # four-player games against the heuristic (1.75x a fair share; 64 samples 1.67x: docs/bots.md).
    "ninja-trap": {"easy": "random", "medium": "forgetful:forget=0.8", "hard": "heuristic",
                   "expert": "lookahead:samples=128,seconds=2"},
    # Points come late and in lumps: the heuristic's best moves tried on samples and scored by the game's
    # projection of the final scores beat the heuristic (docs/bots.md), the more so when the heuristic's
    # own move stands unless another is surely better (83 of 100 four-player games against 72, the same
    # seeds).
    "ninjato": {"easy": "random", "medium": "careless", "hard": "heuristic", "expert": "lookahead:confidence=1"},
}

#: The levels of a game with no row in :data:`LEVEL_SPECS`; ``medium`` and ``hard`` become ``careless``
#: and the game's ``heuristic`` bot when it has one (a tiny search is what is left when it has none).
FALLBACK_LEVELS: dict[str, str] = {"easy": "random", "medium": "ismcts:iterations=30", "hard": "ismcts:iterations=300",
                                   "expert": "ismcts:iterations=2500,seconds=2"}


#: What each level is, in a player's words (a lobby shows them beside the level's name).
LEVEL_WORDS: dict[str, str] = {
    "easy": "plays at random",
    "medium": "plays fairly, with mistakes",
    "hard": "plays sensibly",
    "expert": "thinks ahead, up to 2 s a move",
}

#: A game's own words for a level where its bot differs in kind.
GAME_LEVEL_WORDS: dict[str, dict[str, str]] = {
    "ninja-trap": {"medium": "forgets where its traps are"},
}


def level_words(game_id: str, level: str) -> str:
    """What ``level`` is in ``game_id``, in a player's words."""
    return GAME_LEVEL_WORDS.get(game_id, {}).get(level, LEVEL_WORDS[level])


def level_spec(game_id: str, level: str, game_bots: Mapping[str, object]) -> str:
    """The bot spec ``level`` means for ``game_id``; ``game_bots`` are the game's own bots (by name)."""
    specs = LEVEL_SPECS.get(game_id)
    if specs is not None:
        return specs[level]
    if "heuristic" in game_bots and level in ("medium", "hard"):
        return "careless" if level == "medium" else "heuristic"
    return FALLBACK_LEVELS[level]


class LevelFactory:
    """Builds the bot a level means for one game (a bot factory, as the registry's are)."""

    def __init__(self, level: str, spec: str, build: Callable[[str, int], Bot]) -> None:
        self.level = level
        self.spec = spec
        self._build = build
        # The registry shows a factory's docstring as the bot's summary (``dojo games``).
        self.__doc__ = f"Difficulty level {level}: {spec} (a level takes no parameters)."

    def __call__(self, seed: int = 0) -> Bot:
        """The level's bot, seeded."""
        return self._build(self.spec, seed)

    def __repr__(self) -> str:
        return f"LevelFactory({self.level!r}, {self.spec!r})"
