"""What each seat knows of a card's whereabouts, packed in one integer per card (``state.known``).

The low bits (``PLACE_MASK``) are the seats that know exactly where the card lies. The bits from
``HELD_SHIFT`` on are the seats that know only which player holds it, in hand or among the secrets:
they saw it go into that hand (Master of Secrets) and then saw the hand hide a card, so it is in the
hand or is one of the secrets, which the owner may rearrange at any time. Cards leave a player's
hand and secrets only face-up in the base game, so that knowledge holds until the card is seen again.
"""

from __future__ import annotations

#: Where the "knows who holds it" seats start in a knowledge mask (room for any seat count).
HELD_SHIFT = 8
#: The "knows exactly where" part of a knowledge mask.
PLACE_MASK = (1 << HELD_SHIFT) - 1


def place_knowers(mask: int) -> int:
    """The seats that know exactly where the card lies."""
    return mask & PLACE_MASK


def holder_knowers(mask: int) -> int:
    """The seats that know only which player holds the card (hand or secrets)."""
    return mask >> HELD_SHIFT


def hidden_by(holder_bit: int, mask: int) -> int:
    """The mask of a card once its holder (``holder_bit``) hides a card of that hand face-down: the
    holder still knows where it is; whoever knew where it was, or who held it, now knows who holds it."""
    others = (place_knowers(mask) | holder_knowers(mask)) & ~holder_bit
    return holder_bit | others << HELD_SHIFT
