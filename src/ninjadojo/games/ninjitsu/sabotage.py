"""Sabotage!: the card actions that do not fit the step vocabulary (registered in ``effects.SPECIALS``),
the looks at secrets, and what each changes in who knows what.

Choices are frames: ``escape`` (a treasure to turn face-down), ``disguise`` (two secrets to swap, one
pick at a time), ``shuriken`` (a secret to discard), ``peek`` (Peephole's looks), ``alessio`` (Alessio's
look, on top of its player's turn), ``net-discard`` (each opponent's discard, asked of that opponent),
``net-take`` (the discarded card to take) and ``deadfall`` (the card the thief keeps). Secrets are
picked by position: ``k<seat>.<position>``.

Knowledge: a look gives the looker the secret's place (it keeps it in its samples) until the owner
rearranges its secrets, which turns what others knew of their places into "held by that player". The
face-up abilities (Sleeping Potion, Squeaky Floor, Cage, Mirror, False Floor) are read where they
apply: the turn's start and actions (``rules``), draws and knowledge of one's secrets (``state``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.games.ninjitsu import effects
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX, CARDS, card_name
from ninjadojo.games.ninjitsu.knowledge import HELD_SHIFT, PLACE_MASK

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: How many secrets Peephole looks at.
PEEPHOLE_LOOKS = 3


def look(state: NinjitsuState, seat: int, owner: int, position: int) -> None:
    """``seat`` looks at ``owner``'s secret at ``position``: it now knows where that card is; the others
    see only which secret was looked at. The card is shown once (a transient line)."""
    card = state.secrets[owner][position]
    state.known[card] |= 1 << seat
    state.narrate(f"P{seat} looks at P{owner}'s secret #{position + 1}")
    state.log(f"P{owner}'s secret #{position + 1} is {card_name(card)}", 1 << seat, transient=True,
              depth=len(state.effects))


def lookable(state: NinjitsuState, seat: int) -> list[tuple[int, int]]:
    """The secrets ``seat`` may look at: the opponents' (its own it sees anyway, or, under False Floor,
    may not look at)."""
    return [(owner, position) for owner in state.opponents(seat) for position in range(len(state.secrets[owner]))]


def rearranged(state: NinjitsuState, owner: int) -> None:
    """``owner`` rearranged its secrets: whoever else knew where one lay now knows only that ``owner``
    holds it."""
    owner_bit = 1 << owner
    for card in state.secrets[owner]:
        mask = state.known[card]
        others = mask & PLACE_MASK & ~owner_bit
        state.known[card] = (mask & ~others) | others << HELD_SHIFT


def _forget_held(state: NinjitsuState, holder: int) -> None:
    """What others knew of who holds ``holder``'s cards no longer holds (a card of theirs may have left)."""
    for card in state.hands[holder] + state.secrets[holder]:
        state.known[card] &= PLACE_MASK


def _tricks(state: NinjitsuState, card: int, player: int) -> None:
    """Master of Tricks: draw a card for each secret in play (then its next step plays a card)."""
    count = sum(len(secrets) for secrets in state.secrets)
    if count:
        state.draw(player, count)


def _escape(state: NinjitsuState, card: int, player: int) -> None:
    """Master of Escape: choose a treasure to turn face-down (twice, as its two steps)."""
    if any(state.treasures):
        state.frames.append(Frame("escape", [player], {"by": CARD_IDS[card]}))


def escape(state: NinjitsuState, player: int, card: int) -> None:
    """``card`` turns face-down: a secret of its owner, at the end of its row. Everyone saw where it went
    (until its owner rearranges); its owner under False Floor does not see it."""
    owner = state.treasure_owner(card)
    state.treasures[owner].remove(card)
    state.secrets[owner].append(card)
    # False Floor itself turned face-down no longer blinds its owner, who saw it go: settle who is
    # blind before saying who knows the new secret (the log line names it to everyone).
    state.sync_blind()
    if state.blind == owner:
        # Its owner under False Floor cannot look at its secrets: its log does not name the new one.
        others = state.everyone & ~(1 << owner)
        state.known[card] = others
        state.narrate(f"P{player} turns {card_name(card)} face-down: a secret of P{owner}", others)
        state.narrate(f"P{player} turns one of your treasures face-down: a secret you cannot look at", 1 << owner)
        return
    state.known[card] = state.everyone
    state.narrate(f"P{player} turns {card_name(card)} face-down: a secret of P{owner}")


def _disguise(state: NinjitsuState, card: int, player: int) -> None:
    """Master of Disguise: pick two secrets to swap (if there are two)."""
    if sum(len(secrets) for secrets in state.secrets) >= 2:
        state.frames.append(Frame("disguise", [player], {"by": CARD_IDS[card], "first": ""}))


def swap_secrets(state: NinjitsuState, player: int, first: tuple[int, int], second: tuple[int, int]) -> None:
    """Swap two secrets (any players'). Whoever knew where either lay still does (everyone saw the swap);
    each owner learns its new secret (unless blinded); who-holds-what knowledge of both owners ends."""
    (owner_a, pos_a), (owner_b, pos_b) = first, second
    card_a, card_b = state.secrets[owner_a][pos_a], state.secrets[owner_b][pos_b]
    if owner_a != owner_b:
        _forget_held(state, owner_a)
        _forget_held(state, owner_b)
    state.secrets[owner_a][pos_a], state.secrets[owner_b][pos_b] = card_b, card_a
    for card, owner in ((card_a, owner_b), (card_b, owner_a)):
        if state.blind != owner:
            state.known[card] |= 1 << owner
        else:
            # Under False Floor its owner cannot look at its secrets, so does not know this one's place
            # (even if it had seen the card elsewhere before the swap).
            state.known[card] &= ~(1 << owner)
    if owner_a != owner_b:
        state.narrate(f"P{player} swaps P{owner_a}'s secret #{pos_a + 1} with P{owner_b}'s secret #{pos_b + 1}")
    else:
        # Two secrets of one player: named once ("P1 swaps P1's secret #2 with P1's secret #1" read as a riddle).
        whose = "their own" if owner_a == player else f"P{owner_a}'s"
        state.narrate(f"P{player} swaps {whose} secrets #{pos_a + 1} and #{pos_b + 1}")
    for owner, pos, card in ((owner_a, pos_a, card_b), (owner_b, pos_b, card_a)):
        if owner_a != owner_b and state.blind != owner:
            state.narrate(f"your secret #{pos + 1} is now {card_name(card)}", 1 << owner)
    for owner in sorted({owner_a, owner_b}):
        state.lost_from_play(owner)


def _shuriken(state: NinjitsuState, card: int, player: int) -> None:
    """Shuriken: pick a secret to discard (then its next step discards a treasure)."""
    if any(state.secrets):
        state.frames.append(Frame("shuriken", [player], {"by": CARD_IDS[card]}))


def discard_secret(state: NinjitsuState, player: int, owner: int, position: int) -> None:
    """A secret is discarded from play: face-up onto the discard pile."""
    card = state.secrets[owner].pop(position)
    state.discard_card(card)
    state.narrate(f"P{player} discards P{owner}'s secret #{position + 1}: {card_name(card)}")
    state.lost_from_play(owner)


def _ancient_map(state: NinjitsuState, card: int, player: int) -> None:
    """Ancient Map: if the card its steal took is not trapped (even if Antonio cancelled the trap, it is
    trapped), steal another secret."""
    stolen = state.effects[-1][3]
    if stolen < 0 or CARDS[stolen].trap is not None:
        return
    if any(state.secrets[other] for other in state.opponents(player)):
        state.frames.append(Frame("steal", [player], {"ignore_traps": False, "by": CARD_IDS[card]}))


def _net(state: NinjitsuState, card: int, player: int) -> None:
    """Net: each opponent (clockwise) discards a card of their choice; then the player takes one of them."""
    net_next(state, player, tuple(state.opponents(player)), (), CARD_IDS[card])


def net_next(state: NinjitsuState, player: int, rest: tuple[int, ...], discarded: tuple[str, ...], by: str) -> None:
    """Ask the next opponent with a card to discard, or, when all have, the player to take one."""
    for index, other in enumerate(rest):
        if state.hands[other]:
            state.frames.append(Frame("net-discard", [other], {"by": by, "rest": rest[index + 1:],
                                                               "discarded": discarded}))
            return
    # The player takes one of them "from the pile": one that has left it meanwhile (shuffled into a new
    # deck when an opponent's Magic, side 2, drew 3 for the empty hand its discard left) cannot be
    # taken; with none left, the Net takes nothing (docs/rules/ninjitsu.md, ruling 48).
    left = tuple(cid for cid in discarded if CARD_INDEX[cid] in state.discard)
    if left:
        state.frames.append(Frame("net-take", [player], {"by": by, "cards": left}))
    elif discarded:
        state.narrate(f"the cards discarded to {card_name(CARD_INDEX[by])} were shuffled into the new deck: "
                      f"P{player} has none to take")


def net_take(state: NinjitsuState, player: int, card: int) -> None:
    """Net: the chosen discarded card moves from the discard pile to the player's hand."""
    state.discard.remove(card)
    state.hands[player].append(card)
    state.known[card] = state.everyone
    state.narrate(f"P{player} takes {card_name(card)} from the discard pile into their hand")


def _peephole(state: NinjitsuState, card: int, player: int) -> None:
    """Peephole: look at up to 3 secrets (then its next step may steal one)."""
    count = min(PEEPHOLE_LOOKS, len(lookable(state, player)))
    if count:
        state.frames.append(Frame("peek", [player], {"by": CARD_IDS[card], "left": count, "seen": ()}))


def _alessio_look(state: NinjitsuState, card: int, player: int) -> None:
    """Alessio's text when another card uses its action (Chain and Sickle: "as if you just played it"):
    look at a secret in play, asked as Peephole's look is, one look."""
    if lookable(state, player):
        state.frames.append(Frame("peek", [player], {"by": CARD_IDS[card], "left": 1, "seen": ()}))
    else:
        effects.idle_step(state, card, "no opponent has a secret to look at")


def deadfall(state: NinjitsuState, taker: int, victim: int) -> bool:
    """Deadfall's trap: the thief keeps one card of its hand (its choice) and the rest goes to the robbed
    player's hand. Returns whether the choice is asked (the trap still resolving: Deadfall, which has no
    value, is discarded after it)."""
    hand = state.hands[taker]
    if len(hand) >= 2:
        state.frames.append(Frame("deadfall", [taker], {"by": "As", "victim": victim}))
        return True
    state.narrate(f"P{taker} keeps {'their one card' if hand else 'nothing'}: no card moves", deeper=1)
    return False


def deadfall_keep(state: NinjitsuState, taker: int, victim: int, kept: int) -> None:
    """Move every card of ``taker``'s hand but ``kept`` to ``victim``: both see which; the others cannot
    tell which card stayed, so what they knew of the taker's hand ends."""
    moved = [card for card in state.hands[taker] if card != kept]
    for card in state.hands[taker]:
        state.known[card] = 1 << taker
    _forget_held(state, taker)
    for card in moved:
        state.hands[taker].remove(card)
        state.hands[victim].append(card)
        state.known[card] = 1 << taker | 1 << victim
    state.hand_left(taker)  # a Night Vision mark on a card given away ends
    state.narrate(f"P{taker} keeps a card and gives {len(moved)} card{'s' if len(moved) != 1 else ''} to P{victim}",
                  deeper=1)
    state.narrate(f"you get {', '.join(card_name(card) for card in moved)}", 1 << victim, deeper=1)


effects.SPECIALS.update({
    "tricks": _tricks,
    "escape": _escape,
    "disguise": _disguise,
    "shuriken": _shuriken,
    "ancient-map": _ancient_map,
    "net": _net,
    "peephole": _peephole,
    "alessio-look": _alessio_look,
})

#: The decision each Sabotage! special asks, when it asks one.
ASKS = {"escape": "escape", "disguise": "disguise", "shuriken": "shuriken", "ancient-map": "steal", "net": "net",
        "peephole": "peek", "alessio-look": "peek"}
