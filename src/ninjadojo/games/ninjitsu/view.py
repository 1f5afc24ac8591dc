"""What each seat sees: the JSON view and the text (and rich markup) picture (the prompts are in words.py).

A seat sees its own hand and secrets, everyone's treasures, the discard pile, the deck's size, how
many cards and secrets the others hold, and those cards of others' hands whose place it knows (a
treasure moved into a hand by Master of Secrets). A spectator sees only what everyone knows.
The per-seat part of the view is under ``seats`` (the engine's ``players`` is the player count).

The picture (:func:`render`) fits 78 columns and :data:`MAX_LINES` lines for every player count,
taking the roomiest of :data:`LAYOUTS` that fits; the hand lists each card with its short text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games.ninjitsu.cards import (
    CARD_IDS,
    CARDS,
    FACE_DOWN_BASE,
    FACE_DOWN_PER_HAND,
    FACE_DOWN_PER_SECRET,
    HAS_VALUE,
)
from ninjadojo.games.ninjitsu.knowledge import place_knowers

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState


def known_in_hand(state: NinjitsuState, viewer: int | None, holder: int) -> list[int]:
    """The cards of ``holder``'s hand whose place ``viewer`` knows (all of them for the holder, and for
    everyone at the end of the game, when every hand is shown)."""
    if viewer == holder or state.result is not None:
        return list(state.hands[holder])
    if viewer is None:
        everyone = state.everyone
        return [card for card in state.hands[holder] if place_knowers(state.known[card]) == everyone]
    bit = 1 << viewer
    return [card for card in state.hands[holder] if state.known[card] & bit]


def known_secrets(state: NinjitsuState, viewer: int | None, holder: int) -> list[tuple[int, str]]:
    """The secrets of ``holder`` whose place ``viewer`` knows (a spectator: those everyone knows), as
    (position, card id); at the end of the game, every secret (they are all shown)."""
    if state.result is not None:
        return [(pos, CARD_IDS[card]) for pos, card in enumerate(state.secrets[holder])]
    mask = state.everyone if viewer is None else 1 << viewer
    return [(pos, CARD_IDS[card]) for pos, card in enumerate(state.secrets[holder])
            if place_knowers(state.known[card]) & mask == mask]


def observe(state: NinjitsuState, seat: int | None) -> dict[str, JSONValue]:
    """The game-specific part of ``seat``'s view."""
    seats: list[JSONValue] = []
    # At the end every hand and secret is shown to every seat (and spectator), with every seat's points.
    over = state.result is not None
    for each in range(state.num_players):
        own = each == seat
        sees_own = (own and state.blind != each) or over
        seats.append({
            "seat": each,
            "hand_size": len(state.hands[each]),
            "hand": [CARD_IDS[card] for card in known_in_hand(state, seat, each)],
            "treasures": [CARD_IDS[card] for card in state.treasures[each]],
            "treasure_points": state.treasure_points(each),
            "secret_count": len(state.secrets[each]),
            "secrets": [CARD_IDS[card] for card in state.secrets[each]] if sees_own else [],
            # What each of those counts face-down (Bo Staff's 4 + 2 a secret; Vampire Ninja's penalty aside),
            # which the card's printed value does not show.
            "secret_worth": [secret_worth(card, len(state.secrets[each]), len(state.hands[each]))
                             for card in state.secrets[each]] if sees_own else [],
            "points": state.points(each) if sees_own else None,
            # Secrets this viewer has seen (a look, a move it watched), as [position, card].
            "known_secrets": [[pos, cid] for pos, cid in known_secrets(state, seat, each)] if not own else [],
            # Night Vision: that a seat's card is marked is public; which card, its holder's only.
            "marked": state.marks[each] != -1,
            "mark": CARD_IDS[state.marks[each]] if own and state.marks[each] >= 0 else None,
            # The Elements: the Element and side in use (``fire2``), or the dealt Element while sides
            # are being chosen (``fire``), or "" for none.
            "element": state.elements[each],
        })
    expansions: dict[str, JSONValue] = {}
    if state.has_weather:
        expansions = {
            "weather": [CARD_IDS[card] for card in state.weather],
            "weather_deck": len(state.weather_deck),
            "weather_discard": [CARD_IDS[card] for card in state.weather_discard],
            "events": [CARD_IDS[card] for card in state.event_queue],
        }
    return {
        **expansions,
        "turn": state.turn,
        "target": state.target,
        "deck": len(state.deck),
        "discard": [CARD_IDS[card] for card in state.discard],
        "resolving": [CARD_IDS[card] for card, _, _, _ in state.effects],
        "swaps_left": state.swaps_left,
        "seats": seats,
        "frozen_by": state.frozen,
        "magic_in_deck": state.magic_owner,
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
#: Most lines of the picture: on an 80x24 terminal the client adds a header, the prompt and the choices.
MAX_LINES = 12
#: Column of the short text in the hand listing (4 spaces, then id and name padded to this width).
_HAND_NAME_WIDTH = 23

#: One piece of a line: its plain text and the same text in rich markup (they have the same length
#: once the markup is stripped, so wrapping by the plain text wraps both alike).
Chunk = tuple[str, str]

#: Layouts from the roomiest down, as (seats, hand): ``roomy`` gives each seat a line each for its
#: secrets and treasures, ``line`` one line per seat with card names, ``ids`` one line per seat with
#: card ids only; the hand is listed ``full`` (a card a line with its short text), ``named`` (wrapped
#: ids and names) or as ``ids``. The picture takes the first layout that fits :data:`MAX_LINES`; the
#: last always fits (42 cards as ids fill at most a few lines). The others' cards keep their names (a
#: bare ``9c`` says nothing to a new player) before the hand gives up its short texts.
LAYOUTS = (("roomy", "full"), ("line", "full"), ("line", "named"), ("ids", "full"), ("ids", "named"),
           ("ids", "ids"))


def _card(card: int, markup: bool) -> str:
    if not markup:
        return CARD_IDS[card]
    colour = _colour(card)
    return f"[{colour}]{CARD_IDS[card]}[/{colour}]"


def _chunk(card: int, style: str, markup: bool, suffix: str = "") -> Chunk:
    """A card as ``6a Katana`` (or ``6a`` in the ``ids`` style), the id in colour when ``markup``."""
    tail = (f" {CARDS[card].name}" if style != "ids" else "") + suffix
    return CARD_IDS[card] + tail, _card(card, markup) + tail


def _text(text: str) -> Chunk:
    return text, text


def _group(label: str, chunks: list[Chunk], style: str) -> list[Chunk]:
    """``label`` then the cards, comma-separated when named (names have spaces), or ``-`` for none."""
    if not chunks:
        return [_text(f"{label} -")]
    if style != "ids":
        chunks = [(plain + ",", shown + ",") for plain, shown in chunks[:-1]] + chunks[-1:]
    first_plain, first_shown = chunks[0]
    return [(f"{label} {first_plain}", f"{label} {first_shown}"), *chunks[1:]]


def _flow(chunks: list[Chunk], indent: str = "      ") -> list[Chunk]:
    """The chunks joined by spaces into lines of at most :data:`WIDTH`, continued under ``indent``."""
    lines: list[Chunk] = []
    plain = shown = ""
    for text, marked in chunks:
        if plain and len(plain) + 1 + len(text) > WIDTH:
            lines.append((plain, shown))
            plain, shown = indent + text, indent + marked
        else:
            gap = " " if plain else ""
            plain, shown = plain + gap + text, shown + gap + marked
    if plain:
        lines.append((plain, shown))
    return lines


def hand_entry(card: int) -> str:
    """``6a Katana (6)`` padded, then the card's short text: one line of the hand listing (plain)."""
    definition = CARDS[card]
    value = "" if definition.value is None else f" ({definition.value})"
    return f"{definition.id} {definition.name + value:<{_HAND_NAME_WIDTH - 3}} {definition.brief}"


def _hand_lines(state: NinjitsuState, seat: int, style: str, markup: bool) -> list[Chunk]:
    """The seat's own hand: a card a line with its short text (``full``), or wrapped."""
    cards = state.hands[seat]
    if style == "full":
        lines = []
        for card in cards:
            plain = hand_entry(card)
            lines.append(("    " + plain, "    " + _card(card, markup) + plain[2:]))
        return lines
    if not cards:
        return []
    return _flow(_group("    hand:", [_chunk(card, style, markup) for card in cards], style))


def _own_lines(state: NinjitsuState, seat: int, marker: str, seats: str, hand: str, markup: bool) -> list[Chunk]:
    size = len(state.hands[seat])
    in_hand = f"{size} card{'' if size == 1 else 's'} in hand"
    count = len(state.secrets[seat])
    worth = [f" ({secret_worth(card, count, size)})" for card in state.secrets[seat]]
    style = "ids" if seats == "ids" else "named"
    secrets = [_chunk(card, style, markup, suffix) for card, suffix in zip(state.secrets[seat], worth, strict=True)]
    # Numbered from 1, as the choices say "secret #1" (a steal's code, x1.0, counts from 0).
    secrets = [(f"#{index}:{plain}", f"#{index}:{shown}") for index, (plain, shown) in enumerate(secrets, start=1)]
    total = state.points(seat)
    points = f"{total} point{'' if total == 1 else 's'}"
    if state.blind == seat and state.result is None:
        # False Floor: its owner cannot look at its own secrets, so sees backs and no exact total.
        secrets = [_text(f"#{index + 1}:##") for index in range(count)]
        points = "? points"
    treasures = [_chunk(card, style, markup) for card in state.treasures[seat]]
    if seats == "roomy":
        lines = [_text(f"{marker} P{seat} (you): {points}, {in_hand}")]
        lines += _hand_lines(state, seat, hand, markup)
        lines += _flow(_group("    secrets:  ", secrets, style), " " * 15)
        lines += _flow(_group("    treasures:", treasures, style), " " * 15)
        return lines
    head = _text(f"{marker} P{seat} (you): {points}, hand {size} |")
    lines = _flow([head, *_group("secrets", secrets, style), _text("|"), *_group("treasures", treasures, style)])
    return lines + _hand_lines(state, seat, hand, markup)


def _other_lines(state: NinjitsuState, viewer: int | None, each: int, marker: str, seats: str,
                 markup: bool) -> list[Chunk]:
    size = len(state.hands[each])
    in_hand = f"{size} card{'' if size == 1 else 's'} in hand"
    style = "ids" if seats == "ids" else "named"
    treasures = [_chunk(card, style, markup) for card in state.treasures[each]]
    known = [_chunk(card, style, markup) for card in known_in_hand(state, viewer, each)]
    count = len(state.secrets[each])
    if seats == "roomy":
        # At the end every secret is shown, so the total is everyone's to see.
        total = state.points(each)
        points = (f"{total} point{'' if total == 1 else 's'}" if state.result is not None else
                  f"{state.treasure_points(each)} point{'' if state.treasure_points(each) == 1 else 's'} in treasures")
        lines = [_text(f"{marker} P{each}: {points}, {in_hand}")]
        seen = dict(known_secrets(state, viewer, each))
        backs = [_text(f"#{index + 1}:{seen.get(index, '##')}") for index in range(count)]
        lines += _flow([_text("    secrets:   " + (backs[0][0] if backs else "-")), *backs[1:]], " " * 15)
        lines += _flow(_group("    treasures:", treasures, style), " " * 15)
        if known:
            lines += _flow(_group("    " + ("hand:" if state.result is not None else "known in hand:"), known, style),
                           " " * 19)
        return lines
    if state.result is not None:
        # The end: every secret and hand shown, and the total.
        total = state.points(each)
        head = f"{marker} P{each}: {total} point{'' if total == 1 else 's'} |"
        shown = [_chunk(card, style, markup) for card in state.secrets[each]]
        chunks = [_text(head), *_group("secrets", shown, style), _text("|"), *_group("treasures", treasures, style),
                  _text("|"), *_group("hand", known, style)]
        return _flow(chunks)
    secrets = f"{count} secret{'' if count == 1 else 's'}"
    head = f"{marker} P{each}: hand {size}, {secrets}, treasures ({state.treasure_points(each)} pts):"
    chunks = _group(head, treasures, style)
    if known:
        chunks += [_text("|"), *_group("known in hand", known, style)]
    return _flow(chunks)


def _picture(state: NinjitsuState, seat: int | None, seats: str, hand: str, markup: bool) -> list[Chunk]:
    if state.discard:
        top, top_shown = _chunk(state.discard[-1], "named", markup)
        pile, pile_shown = f"top {top}", f"top {top_shown}"
    else:
        pile = pile_shown = "empty"
    head = f"Ninjitsu!  target {state.target}  deck {len(state.deck)}  discard {len(state.discard)} ("
    lines: list[Chunk] = [(f"{head}{pile})", f"{head}{pile_shown})")]
    if state.has_weather and (state.weather or state.event_queue):
        # Named even in the crowded layout: a Weather or two and the Events waiting are few, and a bare "Dw"
        # asks a player to type key to know what is in play.
        style = "named"
        weather = [_chunk(card, style, markup, f" ({CARDS[card].brief})" if seats == "roomy" else "")
                   for card in state.weather]
        chunks = _group("Weather:", weather, style)
        if state.event_queue:
            chunks += _group("| Events to resolve:", [_chunk(card, style, markup) for card in state.event_queue],
                             style)
        lines += _flow(chunks, "  ")
    for each in range(state.num_players):
        marker = ">" if state.result is None and each == state.turn else " "
        if state.has_elements and state.elements[each]:
            # The Element and side in words, "(Earth 2)" (not [..]: rich markup would read it as a style).
            side = state.elements[each]
            name = side.rstrip("12")
            marker += f"({name.capitalize()}{' ' + side[len(name):] if side != name else ''})"
        if each == seat:
            lines += _own_lines(state, each, marker, seats, hand, markup)
        else:
            lines += _other_lines(state, seat, each, marker, seats, markup)
    if state.effects:
        style = "named"  # (named in every layout, as the Weather above: a chain holds a card or two)
        chain = [_chunk(card, style, markup) for card, _, _, _ in state.effects]
        chunks = [_text("resolving:")]
        for number, (plain, shown) in enumerate(chain):
            more = " >" if number + 1 < len(chain) else ""
            chunks.append((plain + more, shown + more))
        lines += _flow(chunks, "  ")
    if state.result is None and state.frames and not state.frames[-1].concealed \
            and seat not in state.frames[-1].seats:
        # The seat to act gets its prompt from the driver (decision()), so only others see this line. A
        # decision made at once names everyone in it, never who has chosen already.
        frame = state.frames[-1]
        who = ", ".join(f"P{each}" for each in frame.participants()) if frame.simultaneous else f"P{frame.seats[0]}"
        lines.append(_text(f"waiting for {who}"))
    return lines


def render(state: NinjitsuState, seat: int | None, markup: bool = False) -> str:
    """A text picture of the position as ``seat`` sees it (rich markup when ``markup``).

    It shows the deck size, the discard pile's top, every collection (other seats' secrets as
    backs, or as a count) and the seat's own hand (each card with its short text) and points; the
    decision itself is the driver's to print (from :meth:`decision`), so it is not repeated here.
    It fits 78 columns and :data:`MAX_LINES` lines, taking the roomiest of :data:`LAYOUTS` that fits.
    """
    lines: list[Chunk] = []
    for seats, hand in LAYOUTS:
        lines = _picture(state, seat, seats, hand, markup)
        if len(lines) <= MAX_LINES and all(len(plain) <= WIDTH for plain, _ in lines):
            break
    return "\n".join(shown if markup else plain for plain, shown in lines)


def secret_worth(card: int, secret_count: int, hand_size: int = 0) -> int:
    """What ``card`` is worth face-down among ``secret_count`` secrets of its owner, who holds
    ``hand_size`` cards (Master of Misdirection); Vampire Ninja's penalty is not included."""
    return FACE_DOWN_BASE[card] + FACE_DOWN_PER_SECRET[card] * secret_count + FACE_DOWN_PER_HAND[card] * hand_size
