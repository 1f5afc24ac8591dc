"""The fixed action space: every action text that can ever be legal, in a stable order.

An action's index in :func:`all_actions` is its integer id (for RL and search). Seats and secret
positions are absolute: ``x2.5`` means seat 2's sixth secret whoever steals it.
"""

from __future__ import annotations

from ninjadojo.games.ninjitsu.cards import ANYTIME, CARDS, cards_of
from ninjadojo.games.ninjitsu.notation import (
    ACTION_TEXT,
    CHOOSE_TEXT,
    DONE_TEXT,
    DRAW_TEXT,
    FLIP_TEXT,
    GUESS_TEXT,
    GUESSES,
    PASS_TEXT,
    PICK_SECRET_TEXT,
    SECRET_TEXT,
    SIDE_TEXT,
    STEAL_TEXT,
    STORM_TEXT,
    SWAP_TEXT,
    TAKE_HAND_TEXT,
    TREASURE_TEXT,
    WIND_SWAP_TEXT,
)


def all_actions(players: int, sets: tuple[str, ...] = (), declinable: bool = False) -> list[str]:
    """Every action text of a ``players``-player game with the expansion ``sets``: draw, done, plays,
    choices, steals, flips, swaps; then, with expansions or ``declinable`` (option ``optional_texts``:
    a text's play may be declined), pass; and Jellybean Ninja's guesses.

    Only the game's own cards are named, and a secret position goes up to the game's card count, so
    the base game's space is what it always was and each set adds its own texts.
    """
    cards = cards_of(sets)
    positions = len(cards)
    actions = [DRAW_TEXT, DONE_TEXT]
    for card in cards:
        actions += [ACTION_TEXT[card], SECRET_TEXT[card], TREASURE_TEXT[card]]
    actions += [CHOOSE_TEXT[card] for card in cards]
    for seat in range(players):
        actions += STEAL_TEXT[seat][:positions]
    for seat in range(players):
        actions += FLIP_TEXT[seat][:positions]
    for first in range(positions):
        actions += SWAP_TEXT[first][first + 1:positions]
    if sets or declinable:
        actions.append(PASS_TEXT)
        if any(CARDS[card].steps and CARDS[card].id == "Bp" for card in cards):
            actions += [GUESS_TEXT[guess] for guess in GUESSES]
    if "magic" in sets:
        # Invisibility's random card of a hand (it takes a treasure with ``c:``, and never a secret).
        actions += TAKE_HAND_TEXT[:players]
    if "sabotage" in sets:
        for seat in range(players):
            actions += PICK_SECRET_TEXT[seat][:positions]
    hand_cards = [card for card in cards if CARDS[card].kind == "card"]
    if "elements" in sets:
        actions += [SIDE_TEXT[1], SIDE_TEXT[2]]
        actions += [WIND_SWAP_TEXT[card] for card in hand_cards if "treasure" in CARDS[card].plays]
        if "magic" not in sets:
            actions += TAKE_HAND_TEXT[:players]  # Heart's look, Fire's trade
    if "weather" in sets:
        actions += ["snow", "fog"]
        actions += [STORM_TEXT[card] for card in hand_cards]
    assert all(ANYTIME[card] is None or ACTION_TEXT[card] in actions for card in cards)
    return actions
