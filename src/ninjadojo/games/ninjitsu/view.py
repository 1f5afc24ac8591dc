"""What each seat sees: the JSON view, the text (and rich markup) picture, and the prompts.

A seat sees its own hand and secrets, everyone's treasures, the discard pile, the deck's size, how
many cards and secrets the others hold, and those cards of others' hands whose place it knows (a
treasure moved into a hand by Master of Secrets). A spectator sees only what everyone knows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARDS, FACE_DOWN_BASE, FACE_DOWN_PER_SECRET, HAS_VALUE
from ninjadojo.games.ninjitsu.knowledge import place_knowers

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState


def known_in_hand(state: NinjitsuState, viewer: int | None, holder: int) -> list[int]:
    """The cards of ``holder``'s hand whose place ``viewer`` knows (all of them for the holder)."""
    if viewer == holder:
        return list(state.hands[holder])
    if viewer is None:
        everyone = state.everyone
        return [card for card in state.hands[holder] if place_knowers(state.known[card]) == everyone]
    bit = 1 << viewer
    return [card for card in state.hands[holder] if state.known[card] & bit]


def observe(state: NinjitsuState, seat: int | None) -> dict[str, JSONValue]:
    """The game-specific part of ``seat``'s view."""
    seats: list[JSONValue] = []
    for each in range(state.num_players):
        own = each == seat
        seats.append({
            "seat": each,
            "hand_size": len(state.hands[each]),
            "hand": [CARD_IDS[card] for card in known_in_hand(state, seat, each)],
            "treasures": [CARD_IDS[card] for card in state.treasures[each]],
            "treasure_points": state.treasure_points(each),
            "secret_count": len(state.secrets[each]),
            "secrets": [CARD_IDS[card] for card in state.secrets[each]] if own else [],
            "points": state.points(each) if own else None,
        })
    return {
        "turn": state.turn,
        "target": state.target,
        "deck": len(state.deck),
        "discard": [CARD_IDS[card] for card in state.discard],
        "resolving": [CARD_IDS[card] for card, _ in state.effects],
        "swaps_left": state.swaps_left,
        "seats": seats,
    }


# ---------------------------------------------------------------------- pictures


def _colour(card: int) -> str:
    definition = CARDS[card]
    if definition.trap is not None:
        return "bold red"
    if definition.icon:
        return "yellow"
    if not HAS_VALUE[card]:
        return "magenta"
    return "green"


#: Widest line of the picture: drivers print it on 80-column terminals, where a longer line wraps.
WIDTH = 78


def _card(card: int, markup: bool) -> str:
    if not markup:
        return CARD_IDS[card]
    colour = _colour(card)
    return f"[{colour}]{CARD_IDS[card]}[/{colour}]"


def _named(card: int, markup: bool, suffix: str = "") -> tuple[str, str]:
    """``6a Katana`` (plain, and with the id in colour), so a human need not know the ids by heart."""
    tail = f" {CARDS[card].name}{suffix}"
    return CARD_IDS[card] + tail, _card(card, markup) + tail


def _wrapped(head: str, items: list[tuple[str, str]], separator: str = ", ") -> list[str]:
    """``head`` then the items (plain, shown) joined by ``separator``, wrapped under the first item."""
    if not items:
        return [head + "-"]
    lines: list[str] = []
    plain, shown = head, head
    indent = " " * len(head)
    for number, (text, marked) in enumerate(items):
        gap = separator if number else ""
        if number and len(plain) + len(gap) + len(text) > WIDTH:
            lines.append(shown + separator.rstrip())
            plain, shown = indent, indent
            gap = ""
        plain += gap + text
        shown += gap + marked
    lines.append(shown)
    return lines


def _hand_lines(state: NinjitsuState, seat: int, markup: bool) -> list[str]:
    """The seat's own hand, one card a line: id, name, (value) and what it does."""
    cards = state.hands[seat]
    if not cards:
        return ["    hand:      -"]
    lines = [f"    hand ({len(cards)} card{'' if len(cards) == 1 else 's'}):"]
    for card in cards:
        definition = CARDS[card]
        name = definition.name if definition.value is None else f"{definition.name} ({definition.value})"
        lines.append(f"      {_card(card, markup)} {name:<21} {definition.brief}")
    return lines


def render(state: NinjitsuState, seat: int | None, markup: bool = False) -> str:
    """A text picture of the position as ``seat`` sees it (rich markup when ``markup``).

    It shows the deck size, the discard pile's top, every collection (other seats' secrets as
    backs, by position) and the seat's own hand and points; the decision itself is the driver's to
    print (from :meth:`decision`), so it is not repeated here.
    """
    lines = []
    pile = f"top {_named(state.discard[-1], markup)[1]}" if state.discard else "empty"
    lines.append(f"Ninjitsu!  target {state.target}  deck {len(state.deck)}  discard {len(state.discard)} ({pile})")
    for each in range(state.num_players):
        marker = ">" if state.result is None and each == state.turn else " "
        size = len(state.hands[each])
        in_hand = f"{size} card{'' if size == 1 else 's'} in hand"
        if each == seat:
            lines.append(f"{marker} P{each} (you): {state.points(each)} points, {in_hand}")
            lines += _hand_lines(state, each, markup)
            count = len(state.secrets[each])
            secrets = [_named(card, markup, f" ({secret_worth(card, count)})") for card in state.secrets[each]]
            numbered = [(f"{index}:{text}", f"{index}:{shown}") for index, (text, shown) in enumerate(secrets)]
            lines += _wrapped("    secrets:   ", numbered)
        else:
            lines.append(f"{marker} P{each}: {state.treasure_points(each)} points in treasures, {in_hand}")
            backs = [(f"{index}:##", f"{index}:##") for index in range(len(state.secrets[each]))]
            lines += _wrapped("    secrets:   ", backs, " ")
        lines += _wrapped("    treasures: ", [_named(card, markup) for card in state.treasures[each]])
        if each != seat:
            known = known_in_hand(state, seat, each)
            if known:
                lines += _wrapped("    known in hand: ", [_named(card, markup) for card in known])
    if state.effects:
        lines += _wrapped("resolving: ", [_named(card, markup) for card, _ in state.effects], " > ")
    if state.result is None and state.frames and not state.frames[-1].concealed \
            and seat not in state.frames[-1].seats:
        # The seat to act gets its prompt from the driver (decision()), so only others see this line.
        lines.append(f"waiting for P{state.frames[-1].seats[0]}")
    return "\n".join(lines)


def secret_worth(card: int, secret_count: int) -> int:
    """What ``card`` is worth face-down among ``secret_count`` secrets of its owner."""
    return FACE_DOWN_BASE[card] + FACE_DOWN_PER_SECRET[card] * secret_count


# ---------------------------------------------------------------------- prompts


def _by(frame: Frame) -> str:
    by = frame.data.get("by")
    if isinstance(by, str) and by in _NAMES:
        return _NAMES[by] + ": "
    return ""


_NAMES = {card.id: card.name for card in CARDS}


def prompt(state: NinjitsuState, seat: int, frame: Frame) -> str:
    """A human prompt for ``seat``'s decision in ``frame``."""
    kind = frame.kind
    data = frame.data
    if kind == "turn":
        swaps = (f"; free: swap two of your secrets (w<i>.<j>, {state.swaps_left} left)"
                 if state.swaps_left and len(state.secrets[seat]) >= 2 else "")
        return (f"P{seat}, your turn ({state.points(seat)} points): draw 2 (d), play a card for its action, as a "
                f"secret or as a treasure (a:/s:/t: + card), or steal a secret (x<seat>.<position>){swaps}")
    if kind == "play":
        if data["way"] == "secret":
            return f"{_by(frame)}play a card from your hand as a secret (s: + card)"
        return f"{_by(frame)}play a card from your hand: for its action, as a secret or as a treasure (a:/s:/t: + card)"
    if kind == "steal":
        ignoring = ", ignoring its trap" if data.get("ignore_traps") else ""
        return f"{_by(frame)}steal an opponent's secret{ignoring} (x<seat>.<position>)"
    if kind == "surprise":
        return f"{_by(frame)}turn an opponent's secret face-up (f<seat>.<position>)"
    if kind == "discard-treasure":
        whose = "an opponent's" if data["scope"] == "opponents" else "any"
        more = f", or stop (done); up to {data['left']} more" if data.get("optional") else ""
        then = "; its action then happens as if you played it" if data.get("use_action") else ""
        return f"{_by(frame)}discard {whose} treasure from play (c: + card){more}{then}"
    if kind == "take-treasure":
        return f"{_by(frame)}move any treasure from play into your hand (c: + card)"
    if kind == "tie":
        which = "highest" if data["highest"] else "lowest"
        return f"{_by(frame)}P{data['seat']}'s {which}-value treasures tie: choose the one to discard (c: + card)"
    if kind == "trap-discard":
        return f"{_by(frame)}the trap makes you discard a card from your hand (c: + card)"
    return kind.replace("-", " ")
