"""Ninja Camp: ninjas cross a grid of skill cards, claiming the cards they leave (2-4 players)."""

from ninjadojo.games.ninja_camp.state import NinjaCampState

STATE = NinjaCampState

__all__ = ["STATE", "NinjaCampState"]
