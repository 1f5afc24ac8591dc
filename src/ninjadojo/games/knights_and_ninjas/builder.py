"""Build Of Knights and Ninjas positions from a few readable parts: for tests, puzzles and bug reports.

:func:`position` returns a whole, legal game state (it goes through the position notation, so it
passes every check a parsed position does); whatever is not given is filled in sensibly: 5 gems each
(6 with 2 players), no fortifications, the current seat to play its turn, and every card not placed
lies in the draw pile, shuffled by ``seed``. Hands, piles and fortifications are card codes run
together (``"knpepe"``; the codes are ``pe so kn ki qu ni dr tr hw pr ex he me mo mi ar ca la cp je``).
:func:`play` applies ``"seat:action"`` texts in order.

>>> from ninjadojo.games.knights_and_ninjas.builder import hand, play, position
>>> game = position(3, hands=["qu", "pepepe", ""], top="sokn")
>>> play(game, "0:a1:qu", "1:r:pe3").gems
[7, 3, 5]
>>> game.current, hand(game, 1)
(1, 'sokn')

A position the game could not reach is refused with a :class:`~ninjadojo.engine.NotationError`
naming the broken law:

>>> position(3, gems=[5, 5, 50])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ninjadojo.engine.errors.NotationError: impossible knights-and-ninjas position: gems are not conserved: ...
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from ninjadojo.engine import Frame, NotationError, Rng
from ninjadojo.engine.errors import quote
from ninjadojo.engine.options import options_text
from ninjadojo.games.knights_and_ninjas.cards import (
    DRAW_PER_TURN,
    DUEL_START_GEMS,
    HAND_START,
    KINDS,
    LA,
    NAMES,
    START_GEMS,
    TARGET,
    deck_counts,
    target_for,
)
from ninjadojo.games.knights_and_ninjas.notation import cards, hand_text, parse_cards
from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

__all__ = ["hand", "play", "position", "slots"]


def position(
    players: int = 3,
    *,
    cur: int = 0,
    hands: Sequence[str] | None = None,
    gems: Sequence[int] | None = None,
    forts: Sequence[str] | None = None,
    top: str = "",
    discard: str = "",
    target: int | None = None,
    shuffles: int | None = None,
    frames: Sequence[Frame] | None = None,
    draft: str = "",
    attack: int = -1,
    ladder: int = -1,
    pending: str = "",
    known: Sequence[str] | None = None,
    seen: Mapping[tuple[int, int], str] | None = None,
    rest_to: str = "deck",
    seed: int = 7,
    options: Mapping[str, object] | None = None,
) -> KnightsAndNinjasState:
    """A position from readable parts (every argument but ``players`` is optional).

    - ``hands``: one card list per seat. Left out, each seat is dealt 4 cards from the shuffled rest
      (and the current seat 2 more, as it has drawn for its turn, in a game of 3-6).
    - ``gems``: per seat (default 5 each, 6 with 2 players); they must add up to the start's total.
    - ``forts``: per seat, the castle, archer and minstrel slots, ``--`` for an empty one
      (``"ca--mi"``; ``je`` for a Jester standing in as Archer or Minstrel).
    - ``top``: the next cards of the draw pile, first drawn first; ``discard``: the discard pile,
      bottom first. ``draft``: the 2-player draft pile, bottom first (its last card is drawn next).
    - ``target`` (3-6 players: 10 less one per reshuffle) or ``shuffles``: give either; the other
      follows. With 2 players the target is always 12.
    - ``frames``: the pending decisions (default: ``cur``'s turn); ``attack``, ``ladder`` and
      ``pending`` as in the notation (the rival attacked, the seat with a Ladder against its Castle,
      the attacking cards).
    - ``known``: per seat, the cards of its hand every seat knows of.
    - ``seen``: what one seat alone saw go into another's hand, ``{(observer, holder): cards}`` (a draft
      gift, a Merchant's take, a Monk payment): ``{(0, 1): "kn"}`` is a Knight of seat 1's hand only
      seat 0 (and seat 1) knows of.
    - ``rest_to``: where the cards not placed go: ``"deck"`` (beneath ``top``, shuffled by
      ``seed``), ``"discard"`` (beneath the discards) or ``"hand<seat>"`` (into that hand).
    - ``seed``: shuffles the rest and seeds the position's random stream.
    - ``options``: the game's options (``{"pre_attacks": "first"}``); a bad one raises an
      :class:`~ninjadojo.engine.OptionError`.

    Raises :class:`~ninjadojo.engine.NotationError` saying what is wrong, for bad parts or for a
    position no game could reach.
    """
    duel = players == 2
    if not 2 <= players <= 6:
        raise NotationError(f"Of Knights and Ninjas is for 2 to 6 players, not {quote(players)}")
    values = KnightsAndNinjasState.validate_options(players, options)
    written = options_text({name: values[name] for name in options or {}})
    shuffles = _shuffles(duel, target, shuffles)
    gems = list(gems) if gems is not None else [DUEL_START_GEMS if duel else START_GEMS] * players
    forts = list(forts) if forts is not None else ["------"] * players
    frames = list(frames) if frames is not None else [Frame("turn", [cur])]
    placed = [*(hands or []), top, discard, draft, pending, *(slot.replace("-", "") for slot in forts)]
    rest = _rest(duel, placed, ladder)
    rng = Rng(seed)
    rng.shuffle(rest)
    if hands is None:
        dealt = [HAND_START + (DRAW_PER_TURN if seat == cur and not duel else 0) for seat in range(players)]
        if sum(dealt) > len(rest):
            raise NotationError(f"only {len(rest)} cards are left to deal {sum(dealt)} into the hands")
        hand_list = [cards([rest.pop() for _ in range(count)]) for count in dealt]
    else:
        hand_list = list(hands)
    deck = list(reversed(parse_cards(top)))
    if rest_to == "deck":
        deck = rest + deck
    elif rest_to == "discard":
        discard = cards(rest) + discard
    elif rest_to.startswith("hand") and rest_to[4:].isdigit() and int(rest_to[4:]) < len(hand_list):
        hand_list[int(rest_to[4:])] += cards(rest)
    else:
        raise NotationError(f"rest_to must be 'deck', 'discard' or 'hand<seat>', not {quote(rest_to)}")
    fields = [
        f"cur={cur}", f"target={target_for(duel, shuffles)}", f"shuffles={shuffles}", f"deck={cards(deck)}",
        f"discard={discard}", "hands=" + "/".join(hand_list), "gems=" + "/".join(map(str, gems)),
        "forts=" + "/".join(forts), f"attack={'-' if attack < 0 else attack}",
        f"ladder={'-' if ladder < 0 else ladder}", f"pending={pending}", f"draft={draft}",
    ]
    if known is not None:
        fields.append("known=" + "/".join(known))
    if seen:
        fields.append("seen=" + _seen_text(players, seen))
    frames_text = json.dumps([frame.to_json() for frame in frames], separators=(",", ":"))
    return KnightsAndNinjasState.from_notation(
        f"knights-and-ninjas|{players}|{written}|{rng.state:016x}|0|{frames_text}|-|{';'.join(fields)}")


def _seen_text(players: int, seen: Mapping[tuple[int, int], str]) -> str:
    """The notation's ``seen`` items from ``{(observer, holder): cards}``."""
    if not isinstance(seen, Mapping):
        raise NotationError(f"seen maps (observer, holder) seat pairs to card codes, e.g. {{(0, 1): 'kn'}}, "
                            f"not {quote(seen)}")
    items = []
    for pair, listed in seen.items():
        if (not isinstance(pair, tuple) or len(pair) != 2
                or not all(type(seat) is int and 0 <= seat < players for seat in pair)):
            raise NotationError(f"seen's keys are (observer, holder) pairs of seats 0 to {players - 1}, "
                                f"not {quote(pair)}")
        if not isinstance(listed, str):
            raise NotationError(f"seen[{pair}] is card codes run together (e.g. 'kn'), not {quote(listed)}")
        if listed:
            items.append(f"{pair[0]}>{pair[1]}:{listed}")
    return ",".join(items)


def _shuffles(duel: bool, target: int | None, shuffles: int | None) -> int:
    """The reshuffle count from ``target`` or ``shuffles`` (0 when neither is given)."""
    if target is None:
        return shuffles or 0
    if duel:
        if target != 2 * DUEL_START_GEMS:
            raise NotationError(f"with 2 players the target is all {2 * DUEL_START_GEMS} gems, not {target}")
        return shuffles or 0
    if not 1 <= target <= TARGET:
        raise NotationError(f"the target is {TARGET} gems less one per reshuffle, at least 1: not {target}")
    derived = TARGET - target
    if shuffles is not None and shuffles != derived and not (target == 1 and shuffles > derived):
        raise NotationError(f"target {target} needs {derived} reshuffles, not {shuffles}")
    return derived if shuffles is None else shuffles


def _rest(duel: bool, placed: Sequence[str], ladder: int) -> list[int]:
    """The cards of the game not placed anywhere, in card order."""
    used = [0] * KINDS
    for text in placed:
        for kind in parse_cards(text):
            used[kind] += 1
    if ladder >= 0:
        used[LA] += 1
    rest: list[int] = []
    for kind, count in enumerate(deck_counts(duel)):
        if used[kind] > count:
            raise NotationError(f"the position places {used[kind]} {NAMES[kind]} cards; "
                                f"the {'2-player ' if duel else ''}deck has {count}")
        rest += [kind] * (count - used[kind])
    return rest


def play(game: KnightsAndNinjasState, *moves: str) -> KnightsAndNinjasState:
    """Apply ``"seat:action"`` texts in order (``"1:take"``, ``"0:a1:kn"``); returns the game."""
    for move in moves:
        seat, _, action = move.partition(":")
        game.apply(int(seat), action)
    return game


def hand(game: KnightsAndNinjasState, seat: int) -> str:
    """A seat's hand as codes in card order (``"pepekn"``)."""
    return hand_text(game.hands[seat])


def slots(game: KnightsAndNinjasState, seat: int) -> str:
    """A seat's fortification slots as in the notation (``"ca--mi"``)."""
    return "".join("--" if card < 0 else cards([card]) for card in game.forts[seat])
