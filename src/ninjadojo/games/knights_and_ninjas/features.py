"""Of Knights and Ninjas' features for a designers' report (:meth:`~ninjadojo.engine.GameState.features`).

``played:`` each card a seat attacked, responded, fortified with or played for its special action (a
Jester standing in for a card counts as ``played:Jester``, not as that card); ``held:`` its hand at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.knights_and_ninjas.cards import CODES

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

#: Actions that play no card of the seat's (or whose cards go to another seat: a discard, a payment, a
#: card shown or picked).
NOT_PLAYED = ("x:", "pay:", "show:", "pick", "keep", "give", "take", "end", "redeal", "pass")

#: What a feature is in this game, as a report says it: "the seats that {WORDS}".
WORDS = "played a card (to attack, respond, fortify or for its special action) or held it at the end"


def features(state: KnightsAndNinjasState) -> list[set[str]]:
    """Each seat's features (see the module docstring)."""
    names = state.card_names()
    jester = names.get("je", "Jester")
    found: list[set[str]] = [set() for _ in range(state.num_players)]
    for seat, action in state.record.actions:
        if action.startswith(NOT_PLAYED):
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
    for seat in range(state.num_players):
        for kind, count in enumerate(state.hands[seat]):
            if count:
                found[seat].add("held:" + names.get(CODES[kind], CODES[kind]))
    return found
