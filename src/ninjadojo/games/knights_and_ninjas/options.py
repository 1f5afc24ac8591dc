"""The rulings a table could play the other way, as named options (docs/rules/knights-and-ninjas.md,
"Rulings you can switch"). Each default is the project's reading (``win_check`` and ``pre_attacks`` were
turned to follow RULINGS.md and the cards' text on 2026-11-29; a record keeps every option's value, so a
game recorded since plays on as it began); a position writes an option only when it is not its default.

The rest of the Rulings section is not switchable: what RULINGS.md settles (the deck, the 2-player
variation's cards, the win rule, who may be attacked, the Highwayman window's order, what a Monk's
taxed player pays), what the rulebook forces (the 2-player target of all 12 gems, a target of at
least one gem), and what only keeps hidden information hidden or writes positions down.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ninjadojo.engine.errors import OptionError
from ninjadojo.engine.options import Option, OptionValue

#: Ruling 1: when a win by gems from a common attack (or a Highwayman) counts.
WIN_CHECK = "win_check"
AFTER_HIGHWAYMAN, AT_ONCE = "after-highwayman", "at-once"
#: Ruling 4: when the pre-attacks (Archer, Catapult, Ladder) may be played.
PRE_ATTACKS = "pre_attacks"
ANY_TIME, FIRST = "any-time", "first"
#: Ruling 5: a Traitor only against an attacker who holds a gem.
TRAITOR_NEEDS_GEMS = "traitor_needs_gems"
#: Ruling 5: an Executioner or Minstrel answering a turned attack also ends the turn of the player on turn.
TURNED_BLOCK_ENDS_TURN = "turned_block_ends_turn"
#: Ruling 6: a special action may be played even where it does nothing.
POINTLESS_SPECIALS = "pointless_specials"
#: Ruling 8: a Jester may join a Peasant revolt.
JESTER_IN_REVOLT = "jester_in_revolt"
#: Ruling 11: a Merchant's payment that brings its receiver to the target wins.
MERCHANT_GEM_WINS = "merchant_gem_wins"
#: Ruling 13: when the discards are shuffled into a new draw pile (and the target falls).
RESHUFFLE = "reshuffle"
WHEN_NEEDED, WHEN_EMPTY = "when-needed", "when-empty"
#: Set-up, not a ruling: the seat that takes the first turn ("The player who most recently won a game goes
#: first"; a rematch gives it the last winner). With 2 players, who drafts first when gems and cards tie.
FIRST_SEAT = "first_seat"

OPTIONS: tuple[Option, ...] = (
    Option(WIN_CHECK, AT_ONCE,
           "When gems taken with a common attack or a Highwayman bring a player to the target: at once, "
           "before any Highwayman, or after everyone has had the chance to steal them with a Highwayman "
           "(the rulebook's Jester example: a steal can stop the win).",
           choices=(AT_ONCE, AFTER_HIGHWAYMAN), ruling=1, label="When a win by a common attack counts",
           choice_labels=("At once", "After the Highwayman's chance")),
    Option(PRE_ATTACKS, FIRST,
           "When Archers, Catapults and Ladders may be played against a rival's fortifications: only before "
           "the turn's first common or unique attack card (the rulebook's \"at the beginning of your "
           "attack\"), or at any time during the attack.",
           choices=(FIRST, ANY_TIME), ruling=4, label="When pre-attacks may be played",
           choice_labels=("Only before the first attack card", "Any time during the attack")),
    Option(TRAITOR_NEEDS_GEMS, False,
           "A Traitor may turn an attack back only against an attacker who holds a gem. Without it a "
           "Traitor turns any common attack, and against an attacker with no gem it moves nothing.",
           ruling=5, label="A Traitor needs an attacker with gems"),
    Option(TURNED_BLOCK_ENDS_TURN, False,
           "An Executioner or Minstrel played against an attack a Traitor turned back also ends the turn "
           "of the player whose turn it is. Without it only that attack ends.",
           ruling=5, label="Stopping a turned attack ends the turn"),
    Option(POINTLESS_SPECIALS, False,
           "A Herald, Merchant or Monk may be played even where it does nothing (no rival with a card, a "
           "rival with fewer than two cards, nobody to tax); a Merchant still needs its price in gems.",
           ruling=6, label="Special actions that do nothing may be played"),
    Option(JESTER_IN_REVOLT, True,
           "A Jester may join a Peasant revolt. Without it a Jester may still stand for a lone Peasant.",
           ruling=8, label="Jesters may join a revolt"),
    Option(MERCHANT_GEM_WINS, True,
           "A gem received from a rival's Merchant can bring its receiver to the target and win. Without "
           "it that gem is gained passively, and its receiver must still take a gem to win.",
           ruling=11, label="A Merchant's payment can win"),
    Option(RESHUFFLE, WHEN_NEEDED,
           "When the discards are shuffled into a new draw pile (and the gems needed to win fall by one): "
           "when a player must draw from the empty pile, or as soon as its last card is drawn.",
           choices=(WHEN_NEEDED, WHEN_EMPTY), ruling=13, label="When the discards are reshuffled",
           choice_labels=("When a card must be drawn", "As soon as the pile is empty")),
)

#: The set-up options (group "Game"): no ruling, no house rule, only where the game begins.
SETUP: tuple[Option, ...] = (
    Option(FIRST_SEAT, 0,
           "The seat that takes the first turn: the rulebook has the player who most recently won a game "
           "go first (a rematch sets it). With 2 players, who drafts first when gems and cards are even.",
           minimum=0, maximum=5, label="Who goes first", group="Game", seat=True),
)

DEFAULTS: dict[str, OptionValue] = {option.name: option.default for option in (*OPTIONS, *SETUP)}

#: Options about cards or moments the 2-player variation does not have, or against its text, with the reason.
NOT_IN_DUEL: dict[str, str] = {
    WIN_CHECK: "the 2-player variation has no Highwayman (every win there counts at once, the default)",
    TRAITOR_NEEDS_GEMS: "the 2-player variation leaves the Traitor out",
    TURNED_BLOCK_ENDS_TURN: "the 2-player variation leaves the Traitor out",
    JESTER_IN_REVOLT: "the 2-player variation leaves the Jester out",
    MERCHANT_GEM_WINS: "the 2-player variation ends when one player has all 12 gems, however they came",
    RESHUFFLE: "the 2-player variation never draws from the pile (each draft shuffles the discards in)",
}

# Front ends offer them only from 3 players (the lobby hides them for a 2-player table).
OPTIONS = tuple(replace(option, min_players=3) if option.name in NOT_IN_DUEL else option for option in OPTIONS)


def check_combination(players: int, options: Mapping[str, OptionValue]) -> None:
    """Refuse an option switched away from its default where it means nothing or goes against the
    2-player variation's text: with 2 players, the options about the Traitor, Jester, Highwayman and
    drawing, and a Merchant's gem that does not win (the duel ends when one player has all 12 gems). (A
    first seat the table does not have is refused by the engine: the option is a ``seat`` one.)"""
    if players != 2:
        return
    for name, reason in NOT_IN_DUEL.items():
        if options.get(name, DEFAULTS[name]) != DEFAULTS[name]:
            raise OptionError(f"knights-and-ninjas: option {name} cannot be changed with 2 players: {reason}; "
                              f"play it with 3 to 6 players")


def written(options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """The options a position writes: this game's only when they differ from their default, so
    positions, saves and transcripts of the default rules read exactly as before."""
    return {name: value for name, value in options.items() if name not in DEFAULTS or value != DEFAULTS[name]}


def value(options: Mapping[str, OptionValue], name: str) -> OptionValue:
    """An option's value (its default when a mapping leaves it out)."""
    return options.get(name, DEFAULTS[name])
