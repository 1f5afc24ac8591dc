"""Ninjato (2-4 players): place shuriken to train at the Dojo and the Sensei, raid clan houses for
treasure, and spend it on Envoys and Rumors for honour over seven rounds. Rules in our words:
docs/rules/ninjato.md; the design's numbers: :mod:`ninjadojo.games.ninjato.cards`; positions for tests
and puzzles: :mod:`ninjadojo.games.ninjato.builder`."""

from ninjadojo.games.ninjato.state import NinjatoState

STATE = NinjatoState

__all__ = ["STATE", "NinjatoState"]
