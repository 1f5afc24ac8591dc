"""Action texts and the fixed action space.

Every action is a short text, built here and only here, so that legal-move generation and the
action space agree. Card kinds are two-letter codes (cards.py); a trailing ``*`` per card says a
Jester stands in for it (``kn*``: a Jester as a Knight; ``pe3*``: a revolt of three, one a Jester).

- turn: ``f:ca`` fortify, ``a2:kn`` attack seat 2 with a Knight, ``a2:pe3`` a revolt of three,
  ``a2:arf`` your fortifying Archer against seat 2's Archer, ``a2:cp``/``a2:la`` Catapult/Ladder,
  ``he`` Herald, ``me2`` Merchant on seat 2, ``mo`` Monk, ``x:kn`` discard, ``redeal`` (2 players),
  ``end`` (stop fortifying or attacking);
- responses: ``r:kn``, ``r:pe2``, ``r:tr``, ``r:pr``, ``r:ex``, ``r:mi``, or ``take``;
- Highwayman window: ``hw`` / ``hw*`` or ``pass``;
- Herald: ``show:kn`` (``show:kn.pe`` with 2 players), then ``pick2:kn``;
- Monk tax: ``pay:g`` (gems) or ``pay:kn.pe`` (cards); Minstrel (2 players): ``x:kn.pe``;
- draft (2 players): ``keep`` or ``give``.

The cards of a multi-card action may be written in any order; the canonical text lists them in card
order (:func:`canonical_text`), and a single Peasant may be written without its count:

>>> canonical_text("pay:kn.pe"), canonical_text("a1:pe")
('pay:pe.kn', 'a1:pe1')
"""

from __future__ import annotations

import re
from functools import cache
from itertools import combinations_with_replacement

from ninjadojo.games.knights_and_ninjas.cards import CODES, COUNTS, INDEX, JE, KINDS, PE

#: The most cards a revolt can hold: every Peasant and every Jester.
MAX_REVOLT = COUNTS[PE] + COUNTS[JE]
MAX_JESTERS = COUNTS[JE]

#: Roles a single card (or a Jester standing in for it) can take in an attack or a response.
ATTACK_SINGLES = ("so", "kn", "ki", "qu", "ni", "dr", "ar")
RESPOND_SINGLES = ("so", "kn", "ki", "qu", "tr", "pr", "ex", "mi")


@cache
def play_text(prefix: str, role: int, real: int, jesters: int) -> str:
    """``prefix`` + the role code, a count for a Peasant stack, and one ``*`` per Jester."""
    count = str(real + jesters) if role == PE else ""
    return f"{prefix}{CODES[role]}{count}{'*' * jesters}"


@cache
def attack_prefix(target: int) -> str:
    """``a2:`` for an attack on seat 2."""
    return f"a{target}:"


@cache
def cards_text(prefix: str, kinds: tuple[int, ...]) -> str:
    """``prefix`` + card codes joined by dots: ``pay:kn.pe``."""
    return prefix + ".".join(CODES[k] for k in kinds)


@cache
def merchant_text(target: int, jester: int) -> str:
    """``me2`` (``me2*`` with a Jester as the Merchant)."""
    return f"me{target}{'*' * jester}"


@cache
def pick_text(seat: int, kind: int) -> str:
    """``pick2:kn``: take seat 2's shown Knight."""
    return f"pick{seat}:{CODES[kind]}"


#: Actions that list several cards, joined by dots.
MULTI_CARD_PREFIXES = ("x:", "pay:", "show:")
_LONE_PEASANT = re.compile(r"(a\d{1,2}:|r:)pe(\**)")


def canonical_text(action: str) -> str | None:
    """The canonical text of ``action`` written another way, or ``None`` if it has no other form:
    the cards of ``x:``, ``pay:`` and ``show:`` in card order (``x:kn.pe`` -> ``x:pe.kn``), and a
    lone Peasant with its count (``a1:pe`` -> ``a1:pe1``, ``r:pe*`` -> ``r:pe1*``)."""
    for prefix in MULTI_CARD_PREFIXES:
        if action.startswith(prefix):
            codes = action[len(prefix):].split(".")
            if len(codes) < 2 or not all(code in INDEX for code in codes):
                return None
            text = prefix + ".".join(sorted(codes, key=INDEX.__getitem__))
            return text if text != action else None
    lone = _LONE_PEASANT.fullmatch(action)
    if lone is not None:
        return f"{lone.group(1)}pe1{lone.group(2)}"
    return None


def multisets(size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` card kinds, as sorted tuples."""
    return list(combinations_with_replacement(range(KINDS), size))


def revolt_texts(prefix: str) -> list[str]:
    """Every Peasant stack text: ``pe1`` .. ``pe26`` with up to two Jesters among them."""
    texts = []
    for total in range(1, MAX_REVOLT + 1):
        for jesters in range(min(MAX_JESTERS, total) + 1):
            if total - jesters <= COUNTS[PE]:
                texts.append(play_text(prefix, PE, total - jesters, jesters))
    return texts


def all_actions(players: int) -> list[str]:
    """Every action text a game of ``players`` can ever offer, each once."""
    from ninjadojo.games.knights_and_ninjas.cards import INDEX

    actions: list[str] = ["end", "redeal", "take", "pass", "keep", "give", "hw", "hw*", "he", "he*", "mo", "mo*",
                          "f:ca", "f:ar", "f:ar*", "f:mi", "f:mi*", "pay:g"]
    for target in range(players):
        prefix = attack_prefix(target)
        actions += revolt_texts(prefix)
        for code in ATTACK_SINGLES:
            actions += [prefix + code, prefix + code + "*"]
        actions += [prefix + "arf", prefix + "cp", prefix + "la", merchant_text(target, 0), merchant_text(target, 1)]
        actions += [pick_text(target, kind) for kind in range(KINDS)]
    actions += revolt_texts("r:")
    for code in RESPOND_SINGLES:
        actions += ["r:" + code, "r:" + code + "*"]
    for size in (1, 2, 3):
        actions += [cards_text("pay:", kinds) for kinds in multisets(size)]
    for size in (1, 2):
        actions += [cards_text("x:", kinds) for kinds in multisets(size)]
        actions += [cards_text("show:", kinds) for kinds in multisets(size)]
    assert all(code in INDEX for code in ATTACK_SINGLES + RESPOND_SINGLES)
    return actions
