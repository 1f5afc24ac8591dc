"""Each seat's features in a finished game, for a report's feature-impact table.

A feature is a short name, ``kind:name``, that a seat either has in a game or not: a card it played
(``played:Katana``), a card it held at the end (``held:Katana``), its clan (``clan:Sloth Clan``)...
The report compares the win rate of the seats with a feature against those without it. One reader per
game id reads the final state and the actions each seat took (from the game's record); the games
themselves are only read. Card names come from the game's :meth:`~ninjadojo.engine.GameState.card_catalog`
(copies of a card merged under its name). A game with no reader (a newly registered one) has no
features, never an error.

- Ninjitsu!: ``played:`` each card a seat played as an action, secret or treasure (``a:``, ``s:``,
  ``t:``), ``held:`` each card in its hand, treasures and secrets at the end.
- Of Knights and Ninjas: ``played:`` each card a seat attacked, responded, fortified with or played for
  its special action (a Jester standing in for a card counts as ``played:Jester``, not as that card);
  ``held:`` its hand.
- Ninja Trap: ``trap:`` each room whose card a seat set as a trap, ``move:`` each room it moved to.
- Ninja Camp: ``clan:`` its clan; ``skill:`` each kind of skill card it claimed or played.
- Ninjato: ``held:`` each Sensei tile kind, Rumor kind, clan of Envoy and treasure a seat holds at the end.

Every game also has a **control**, :data:`CONTROL_FEATURE` (:func:`control_features`): a coin tossed at
each of a seat's decisions from a random stream of its own, which neither the game nor the bots ever
see, so it cannot change who wins. It comes up more often for a seat that lasts longer, exactly as a card
played or held does, so a report shows what a feature that cannot matter looks like: its raw difference
is far from zero (survivorship), the adjusted one is not.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
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


@functools.cache
def card_names(game_id: str) -> dict[str, str]:
    """Card name by code, from the game's card catalog (empty for a game without one)."""
    from ninjadojo.games import game_class

    return {info.code: info.name for info in game_class(game_id).card_catalog()}


def _seats(players: int) -> list[set[str]]:
    return [set() for _ in range(players)]


def _frozen(found: list[set[str]]) -> Features:
    return tuple(tuple(sorted(names)) for names in found)


def _ninjitsu(game: Any) -> Features:
    from ninjadojo.games.ninjitsu.cards import CARD_IDS

    names = card_names("ninjitsu")
    found = _seats(game.num_players)
    for seat, action in game.record.actions:
        # a: as an action, s: as a secret, t: as a treasure (c: chooses a card another effect asks for).
        if action[1:2] == ":" and action[0] in "ast":
            code = action[2:]
            found[seat].add("played:" + names.get(code, code))
    for seat in range(game.num_players):
        for zone in (game.hands[seat], game.treasures[seat], game.secrets[seat]):
            for card in zone:
                code = CARD_IDS[card]
                found[seat].add("held:" + names.get(code, code))
    return _frozen(found)


#: Actions of Of Knights and Ninjas that play no card of the seat's (or whose cards go to another
#: seat: a discard, a payment, a card shown or picked).
_KN_NOT_PLAYED = ("x:", "pay:", "show:", "pick", "keep", "give", "take", "end", "redeal", "pass")


def _knights_and_ninjas(game: Any) -> Features:
    from ninjadojo.games.knights_and_ninjas.cards import CODES

    names = card_names("knights-and-ninjas")
    jester = names.get("je", "Jester")
    found = _seats(game.num_players)
    for seat, action in game.record.actions:
        if action.startswith(_KN_NOT_PLAYED):
            continue
        text = action.partition(":")[2] if ":" in action else action
        code = text[:2]
        if code not in names:
            continue
        # Each ``*`` is a Jester standing in for one of the cards named: ``kn*`` is a Jester alone,
        # ``pe3*`` two Peasants and a Jester.
        jesters = text.count("*")
        digits = "".join(character for character in text[2:] if character.isdigit())
        cards = int(digits) if digits and code == "pe" else 1
        if jesters:
            found[seat].add("played:" + jester)
        if cards > jesters:
            found[seat].add("played:" + names[code])
    for seat in range(game.num_players):
        for kind, count in enumerate(game.hands[seat]):
            if count:
                found[seat].add("held:" + names.get(CODES[kind], CODES[kind]))
    return _frozen(found)


def _ninja_trap(game: Any) -> Features:
    names = card_names("ninja-trap")
    found = _seats(game.num_players)
    for seat, action in game.record.actions:
        # tX: set the card of room X as a trap; mX: move to room X.
        if len(action) == 2 and action[0] in "tm" and action[1] in names:
            found[seat].add(("trap:" if action[0] == "t" else "move:") + names[action[1]])
    return _frozen(found)


def _ninja_camp(game: Any) -> Features:
    from ninjadojo.games.ninja_camp.cards import CLAN_TABLE, LETTERS, NAMES, SKILLS, STARTING_HAND

    names = card_names("ninja-camp")
    found = _seats(game.num_players)
    clans = {clan.clan: names.get(clan.code, clan.name) for clan in CLAN_TABLE}
    skills = {kind: names.get(LETTERS[kind], NAMES[kind]) for kind in SKILLS}
    for seat in range(game.num_players):
        clan = game.clans[seat]
        if clan in clans:
            found[seat].add("clan:" + clans[clan])
        owned = list(game.hands[seat])
        for letter in game.discards[seat]:
            owned[LETTERS.index(letter)] += 1
        for kind in STARTING_HAND:
            owned[kind] -= 1
        for kind in SKILLS:
            if owned[kind] > 0:
                found[seat].add("skill:" + skills[kind])
    for seat, action in game.record.actions:
        # A skill card played: its letter, then ``:`` and the move (``E:a7-a6``).
        if action[1:2] == ":" and action[0] in LETTERS[1:] and LETTERS.index(action[0]) in skills:
            found[seat].add("skill:" + skills[LETTERS.index(action[0])])
    return _frozen(found)


def _ninjato(game: Any) -> Features:
    from ninjadojo.games.ninjato.cards import (
        CLANS,
        ENVOY_CLAN,
        RUMOR_KIND_OF,
        RUMOR_KINDS,
        TILE_KINDS,
        TREASURE_NAMES,
    )

    names = card_names("ninjato")
    found = _seats(game.num_players)
    for seat in range(game.num_players):
        held = found[seat]
        for kind, count in enumerate(game.kinds[seat]):
            if count:
                code = TILE_KINDS[kind].code
                held.add("held:" + names.get(code, TILE_KINDS[kind].name))
        for rumor in game.rumors[seat]:
            code = "rum:" + RUMOR_KINDS[RUMOR_KIND_OF[rumor]].code
            held.add("held:" + names.get(code, code))
        for envoy in game.envoys[seat]:
            code = "env:" + CLANS[ENVOY_CLAN[envoy]]
            held.add("held:" + names.get(code, code))
        for treasure, count in enumerate(game.purse[seat]):
            if count:
                held.add("held:" + TREASURE_NAMES[treasure])
    return _frozen(found)


#: The feature reader of each game id.
READERS: dict[str, Callable[[Any], Features]] = {
    "ninjitsu": _ninjitsu,
    "knights-and-ninjas": _knights_and_ninjas,
    "ninja-trap": _ninja_trap,
    "ninja-camp": _ninja_camp,
    "ninjato": _ninjato,
}


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
    game that has any, the control (:func:`control_features` of the game's ``seed`` and each seat's
    number of ``decisions``), one sorted tuple per seat. A game without a reader records nothing."""
    features = game_features(game)
    if game.game_id not in READERS:
        return features
    controls = control_features(seed, decisions)
    return tuple(tuple(sorted({*own, *extra})) for own, extra in zip(features, controls, strict=True))


def game_features(game: GameState[Any]) -> Features:
    """Each seat's features in a finished game (sorted names per seat); none for a game without a reader."""
    reader = READERS.get(game.game_id)
    if reader is None:
        return tuple(() for _ in range(game.num_players))
    return reader(game)
