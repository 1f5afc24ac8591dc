"""Of Knights and Ninjas (3-6 players, and its 2-player variation): fortify, attack, respond and steal
gems until someone holds the target. Rules in our words: docs/rules/knights-and-ninjas.md."""

from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

STATE = KnightsAndNinjasState

__all__ = ["STATE", "KnightsAndNinjasState"]
