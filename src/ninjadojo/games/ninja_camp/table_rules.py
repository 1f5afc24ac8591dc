"""The open rulings a table could play the other way, as named options (docs/rules/ninja-camp.md).

Each option's default is the project's reading, so a game with no options plays as it always did and
its position writes no option. A game reads its options once, into a :class:`TableRules` (the
``table_rules`` field of the state), so that move generation tests a boolean, never a mapping.

- ``shadow_copies`` (Ruling 7): ``latest`` (default) copies the most recent skill card other than Shadow
  that any opponent played; ``pile`` copies the top card other than Shadow of the discard pile of the
  opponent who played a skill card most recently (nothing, so no Shadow, if that pile holds only
  Shadows). With two players both readings copy the same card.
- ``armadillo_edge`` (Ruling 8): ``grid`` (default) ends on the grid's last space that way, which must
  be a free card; ``cards`` ends on the last card that way (the edge of the training grounds as they
  stand: empty spaces beyond it do not count), which must be free.
- ``camel_diagonals`` (Ruling 9): ``true`` counts diagonal neighbours as adjacent for Camel too.
- ``chameleon_traps`` (Ruling 10): ``true`` lets a ninja on a Trap use Chameleon to go to another Trap.
- ``platypus_free_at_start`` (Ruling 13): ``true`` makes both Platypus steps go to cards free at the
  start of the turn, so the second ninja may not step onto the space the first left (and both cards
  left can be claimed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from ninjadojo.engine.options import Option, OptionValue

SHADOW_LATEST = "latest"
SHADOW_PILE = "pile"
EDGE_GRID = "grid"
EDGE_CARDS = "cards"

#: The options of Ninja Camp (besides the engine's ``max_length``): four switch a ruling of the rules page,
#: ``camel_diagonals`` is a house rule against the rulebook's text (docs/rules/ninja-camp.md says which).
#: Their labels and help speak to players; rulings and option names stay in the rules page.
OPTIONS: tuple[Option, ...] = (
    Option("shadow_copies", SHADOW_LATEST,
           "Shadow moves as the most recent skill card other than Shadow that any opponent played, or as "
           "the top card other than Shadow of the discard pile of the opponent who played last (if that pile "
           "holds only Shadows, Shadow cannot be played). With 2 players both give the same card.",
           choices=(SHADOW_LATEST, SHADOW_PILE), ruling=7, label="What Shadow copies",
           choice_labels=("The latest card any opponent played", "The last player's discard pile")),
    Option("armadillo_edge", EDGE_GRID,
           "Armadillo's ninja ends on the last space of the grid that way, or on the last card still there "
           "that way (empty spaces beyond it do not count); either way it must be a free card.",
           choices=(EDGE_GRID, EDGE_CARDS), ruling=8, label="Where Armadillo stops",
           choice_labels=("The edge of the grid", "The last card that way")),
    Option("camel_diagonals", False,
           "Camel may not end next to another ninja diagonally either (the rulebook counts only the four "
           "orthogonal neighbours).",
           label="Camel keeps away from diagonal neighbours too", group="House rules"),
    Option("chameleon_traps", False,
           "A ninja standing on a Trap may use Chameleon to go to another free Trap (otherwise a Trap is no "
           "skill card, so Chameleon cannot start from one).", ruling=10, label="Chameleon from Trap to Trap"),
    Option("platypus_free_at_start", False,
           "Both Platypus steps go to cards that were free at the start of the turn: the second ninja may not "
           "step onto the space the first one left.", ruling=13,
           label="Platypus steps only onto cards free at the start"),
)

#: Each option's default, by name.
DEFAULTS: Mapping[str, OptionValue] = {option.name: option.default for option in OPTIONS}


@dataclass(frozen=True, slots=True)
class TableRules:
    """Which reading of each switchable ruling a game plays (read once from its options)."""

    shadow_pile: bool = False
    armadillo_cards: bool = False
    camel_diagonals: bool = False
    chameleon_traps: bool = False
    platypus_free_at_start: bool = False

    @classmethod
    def of(cls, options: Mapping[str, OptionValue]) -> TableRules:
        """The readings a game's (validated) options choose; a missing option is its default."""
        def value(name: str) -> OptionValue:
            return options.get(name, DEFAULTS[name])

        return _readings(value("shadow_copies") == SHADOW_PILE, value("armadillo_edge") == EDGE_CARDS,
                         value("camel_diagonals") is True, value("chameleon_traps") is True,
                         value("platypus_free_at_start") is True)


@cache
def _readings(shadow_pile: bool, armadillo_cards: bool, camel_diagonals: bool, chameleon_traps: bool,
              platypus_free_at_start: bool) -> TableRules:
    """The one (immutable) :class:`TableRules` of these readings: every game set up asks for one, of 32."""
    return TableRules(shadow_pile, armadillo_cards, camel_diagonals, chameleon_traps, platypus_free_at_start)


#: The project's readings (every option at its default).
DEFAULT_RULES = TableRules()


def non_default(options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """``options`` without the ruling options at their defaults (what a position writes)."""
    return {name: value for name, value in options.items() if name not in DEFAULTS or DEFAULTS[name] != value}


__all__ = ["DEFAULTS", "DEFAULT_RULES", "EDGE_CARDS", "EDGE_GRID", "OPTIONS", "SHADOW_LATEST", "SHADOW_PILE",
           "TableRules", "non_default"]
