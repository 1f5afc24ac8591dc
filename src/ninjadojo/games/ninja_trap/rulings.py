"""The rulings a table may play the other way: Ninja Trap's options.

The rulebook leaves a few things open (docs/rules/ninja-trap.md, Rulings). Where a fair table could
reasonably read it the other way, the reading is an option; its default is the project's reading, so
a game with no options plays exactly as before, and a position writes an option only when it is not
the default (:func:`written`).

- ``reshuffle`` (ruling 1): when a player's cards have run out. ``short`` (default): after drawing,
  with an empty deck and fewer than two cards in hand (a turn needs a trap and a move); the odd card
  is kept and the new deck tops the hand up to five. ``empty``: only once the hand is empty, as the
  rulebook's "play until the cards in your hand run out" reads word for word; a last single card is
  played as a move with no trap (ruling 2), then the discard pile is shuffled and five are drawn.
- ``stalemate`` (ruling 3): the ninjas forced into one room for good. ``shared`` (default): they
  share the win. ``fewest_hits``: of them, those with the fewest hits win (ties share).
- ``ghost_traps`` (ruling 6): false (default): an out ninja's traps can no longer be flipped. true:
  the rulebook gives each *player* the chance to activate a trap, so an out player still may flip
  one of its face-down traps each turn (its ninja is in no room: never blocked, never hit). With 2
  players the game ends as soon as a ninja is out, so true is refused there (:func:`check_combination`).
- ``shared_buko_look`` (ruling 7): true (default): ninjas who shared the Buko unharmed both look.
  false: sharing the Buko spoils the look, as it spoils flipping (only a ninja alone there looks).

>>> from ninjadojo.games.ninja_trap import STATE
>>> STATE.new(3, {"ghost_traps": True}, seed=1).to_notation().split("|")[2]
'ghost_traps=true'
>>> STATE.new(3, {"ghost_traps": False}, seed=1).to_notation().split("|")[2]
'-'
"""

from __future__ import annotations

from collections.abc import Mapping

from ninjadojo.engine.errors import OptionError
from ninjadojo.engine.options import Option, OptionValue

RESHUFFLE = "reshuffle"
RESHUFFLE_SHORT = "short"
RESHUFFLE_EMPTY = "empty"

STALEMATE = "stalemate"
STALEMATE_SHARED = "shared"
STALEMATE_FEWEST_HITS = "fewest_hits"

GHOST_TRAPS = "ghost_traps"
SHARED_BUKO_LOOK = "shared_buko_look"

#: The options, in the order ``dojo games ninja-trap`` lists them.
OPTIONS: tuple[Option, ...] = (
    Option(RESHUFFLE, RESHUFFLE_SHORT,
           "When your cards have run out and your discard pile becomes a new deck: by default as soon as "
           "your deck is empty and you hold fewer than two cards after drawing (keep the odd card and draw "
           "up to five); otherwise only once your hand is empty (a last single card is played as a move "
           "with no trap, then you draw five).",
           choices=(RESHUFFLE_SHORT, RESHUFFLE_EMPTY), ruling=1, label="When your cards run out",
           choice_labels=("Fewer than two cards", "Empty hand")),
    Option(STALEMATE, STALEMATE_SHARED,
           "Who wins when every ninja left can only ever move to one and the same room (so nobody can "
           "flip a trap again): by default they all share the win; otherwise those of them with the fewest "
           "hits win.",
           choices=(STALEMATE_SHARED, STALEMATE_FEWEST_HITS), ruling=3, label="Ninjas stuck in one room",
           choice_labels=("They share the win", "Fewest hits win")),
    Option(GHOST_TRAPS, False,
           "Whether a player whose ninja is out may still flip one of their face-down traps each turn "
           "(their ninja is in no room, so it is never blocked or hit). For 3 or 4 players.",
           ruling=6, label="Out players may still flip traps", min_players=3),
    Option(SHARED_BUKO_LOOK, True,
           "Whether ninjas who moved to the Buko together and were not trapped both look at their traps; "
           "if not, sharing the Buko spoils the look as it spoils flipping (only a ninja alone there looks).",
           ruling=7, label="Ninjas sharing the Buko both look"),
)

#: Each option's default: the project's reading of its ruling.
DEFAULTS: dict[str, OptionValue] = {option.name: option.default for option in OPTIONS}


def reshuffle_at(options: Mapping[str, OptionValue]) -> int:
    """After drawing with an empty deck, a hand smaller than this has run out (ruling 1)."""
    return 1 if options.get(RESHUFFLE, RESHUFFLE_SHORT) == RESHUFFLE_EMPTY else 2


def ghost_traps(options: Mapping[str, OptionValue]) -> bool:
    """Whether an out player may still flip its traps (ruling 6)."""
    return options.get(GHOST_TRAPS) is True


def shared_buko_look(options: Mapping[str, OptionValue]) -> bool:
    """Whether ninjas who shared the Buko look at their traps (ruling 7)."""
    return options.get(SHARED_BUKO_LOOK) is not False


def fewest_hits_break_stalemate(options: Mapping[str, OptionValue]) -> bool:
    """Whether a stalemate goes to the forced ninjas with the fewest hits rather than to all (ruling 3)."""
    return options.get(STALEMATE) == STALEMATE_FEWEST_HITS


def check_combination(players: int, options: Mapping[str, OptionValue]) -> None:
    """Refuse an option that can never matter with this many players, rather than ignore it: with 2
    players the game ends as soon as one ninja is out, so no out player is ever left to flip a trap."""
    if players == 2 and ghost_traps(options):
        raise OptionError("ninja-trap: option ghost_traps=true cannot matter with 2 players (the game ends as soon "
                          "as one ninja is out, so no out player is left to flip); play it with 3 or 4 players")


def written(options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """``options`` without the ruling options at their defaults: positions written before the options
    existed (saves, golden transcripts) read, and are written, exactly as before."""
    return {name: value for name, value in options.items() if name not in DEFAULTS or value != DEFAULTS[name]}
