"""Build Of Knights and Ninjas positions for scenario tests, and play actions by their text."""

from __future__ import annotations

import json

from ninjadojo.engine import Frame
from ninjadojo.games.knights_and_ninjas import STATE, KnightsAndNinjasState
from ninjadojo.games.knights_and_ninjas.cards import KINDS, LA, deck_counts
from ninjadojo.games.knights_and_ninjas.notation import cards, parse_cards


def position(
    players: int = 3,
    *,
    cur: int = 0,
    hands: tuple[str, ...] | list[str] | None = None,
    gems: tuple[int, ...] | list[int] | None = None,
    forts: tuple[str, ...] | list[str] | None = None,
    top: str = "",
    discard: str = "",
    target: int = 10,
    shuffles: int = 0,
    frames: list[Frame] | None = None,
    draft: str = "",
    attack: int = -1,
    ladder: int = -1,
    pending: str = "",
    rest_to: str = "deck",
    seed: int = 7,
) -> KnightsAndNinjasState:
    """A position from readable parts. Hands and piles are card codes run together (``"knpepe"``);
    ``top`` lists the draw pile's next cards, first drawn first; the rest of the deck fills the pile
    beneath, or with ``rest_to="discard"`` lies under the discards, or with ``rest_to="hand<seat>"``
    joins that hand, so cards are conserved (a position must be one a game can reach: gems sum to
    the start, the target is at most 10). Forts are ``"ca--mi"`` per seat."""
    duel = players == 2
    hands = list(hands or [""] * players)
    gems = list(gems or [6 if duel else 5] * players)
    forts = list(forts or ["------"] * players)
    frames = frames if frames is not None else [Frame("turn", [cur])]
    used = [0] * KINDS
    for text in [*hands, top, discard, draft, pending, *[f.replace("-", "") for f in forts]]:
        for kind in parse_cards(text):
            used[kind] += 1
    if ladder >= 0:
        used[LA] += 1
    rest = []
    for kind, count in enumerate(deck_counts(duel)):
        assert used[kind] <= count, f"the position uses too many of card {kind}"
        rest += [kind] * (count - used[kind])
    deck = list(reversed(parse_cards(top)))
    if rest_to == "deck":
        deck = rest + deck
    elif rest_to == "discard":
        discard = cards(rest) + discard
    else:
        seat = int(rest_to.removeprefix("hand"))
        hands[seat] += cards(rest)
    body = ";".join([
        f"cur={cur}", f"target={target}", f"shuffles={shuffles}", f"deck={cards(deck)}", f"discard={discard}",
        "hands=" + "/".join(hands), "gems=" + "/".join(map(str, gems)), "forts=" + "/".join(forts),
        f"attack={'-' if attack < 0 else attack}", f"ladder={'-' if ladder < 0 else ladder}",
        f"pending={pending}", f"draft={draft}",
    ])
    frames_text = json.dumps([frame.to_json() for frame in frames], separators=(",", ":"))
    return STATE.from_notation(f"knights-and-ninjas|{players}|-|{seed:016x}|0|{frames_text}|-|{body}")


def play(game: KnightsAndNinjasState, *moves: str) -> KnightsAndNinjasState:
    """Apply ``seat:action`` texts in order (``"1:take"``)."""
    for move in moves:
        seat, _, action = move.partition(":")
        game.apply(int(seat), action)
    return game


def hand(game: KnightsAndNinjasState, seat: int) -> str:
    """A seat's hand as codes in card order."""
    from ninjadojo.games.knights_and_ninjas.notation import hand_text

    return hand_text(game.hands[seat])


def slots(game: KnightsAndNinjasState, seat: int) -> str:
    """A seat's fortification slots as notation (``ca--mi``)."""
    return game.to_notation().split("forts=")[1].split(";")[0].split("/")[seat]
