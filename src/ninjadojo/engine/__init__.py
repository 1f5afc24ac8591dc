"""The game-agnostic engine: state protocol, decision frames, options, RNG, records and errors.

Nothing here imports a game. Every game subclasses :class:`GameState` and every driver (terminal
client, bots, simulator, environments) talks to a game only through that class's public methods.
"""

from ninjadojo.engine.errors import (
    DojoError,
    GameOverError,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    OptionError,
    SaveError,
    SeatError,
    UndoError,
    UnknownGameError,
)
from ninjadojo.engine.frames import Frame
from ninjadojo.engine.options import Option
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import ActionSpace, Decision, GameSpec, GameState, Result

__all__ = [
    "ActionSpace",
    "Decision",
    "DojoError",
    "Frame",
    "GameOverError",
    "GameSpec",
    "GameState",
    "IllegalActionError",
    "NotYourTurnError",
    "NotationError",
    "Option",
    "OptionError",
    "Result",
    "Rng",
    "SaveError",
    "SeatError",
    "UndoError",
    "UnknownGameError",
]
