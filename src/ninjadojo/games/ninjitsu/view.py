"""What each seat sees: the JSON view, the text (and rich markup) picture, and the prompts.

A seat sees its own hand and secrets, everyone's treasures, the discard pile, the deck's size, how
many cards and secrets the others hold, and those cards of others' hands whose place it knows (a
treasure moved into a hand by Master of Secrets). A spectator sees only what everyone knows.
The per-seat part of the view is under ``seats`` (the engine's ``players`` is the player count).

The picture (:func:`render`) fits 78 columns and :data:`MAX_LINES` lines for every player count,
taking the roomiest of :data:`LAYOUTS` that fits; the hand lists each card with its short text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
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
    """The cards of ``holder``'s hand whose place ``viewer`` knows (all of them for the holder)."""
    if viewer == holder:
        return list(state.hands[holder])
    if viewer is None:
        everyone = state.everyone
        return [card for card in state.hands[holder] if place_knowers(state.known[card]) == everyone]
    bit = 1 << viewer
    return [card for card in state.hands[holder] if state.known[card] & bit]


def known_secrets(state: NinjitsuState, viewer: int | None, holder: int) -> list[tuple[int, str]]:
    """The secrets of ``holder`` whose place ``viewer`` knows (a spectator: those everyone knows), as
    (position, card id)."""
    mask = state.everyone if viewer is None else 1 << viewer
    return [(pos, CARD_IDS[card]) for pos, card in enumerate(state.secrets[holder])
            if place_knowers(state.known[card]) & mask == mask]


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
            "secrets": [CARD_IDS[card] for card in state.secrets[each]] if own and state.blind != each else [],
            "points": state.points(each) if own and state.blind != each else None,
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
#: last always fits (42 cards as ids fill at most a few lines).
LAYOUTS = (("roomy", "full"), ("line", "full"), ("ids", "full"), ("ids", "named"), ("ids", "ids"))


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
    secrets = [(f"{index}:{plain}", f"{index}:{shown}") for index, (plain, shown) in enumerate(secrets)]
    points = str(state.points(seat))
    if state.blind == seat:
        # False Floor: its owner cannot look at its own secrets, so sees backs and no exact total.
        secrets = [_text(f"{index}:##") for index in range(count)]
        points = "?"
    treasures = [_chunk(card, style, markup) for card in state.treasures[seat]]
    if seats == "roomy":
        lines = [_text(f"{marker} P{seat} (you): {points} points, {in_hand}")]
        lines += _hand_lines(state, seat, hand, markup)
        lines += _flow(_group("    secrets:  ", secrets, style), " " * 15)
        lines += _flow(_group("    treasures:", treasures, style), " " * 15)
        return lines
    head = _text(f"{marker} P{seat} (you): {points} points, hand {size} |")
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
        lines = [_text(f"{marker} P{each}: {state.treasure_points(each)} points in treasures, {in_hand}")]
        seen = dict(known_secrets(state, viewer, each))
        backs = [_text(f"{index}:{seen.get(index, '##')}") for index in range(count)]
        lines += _flow([_text("    secrets:   " + (backs[0][0] if backs else "-")), *backs[1:]], " " * 15)
        lines += _flow(_group("    treasures:", treasures, style), " " * 15)
        if known:
            lines += _flow(_group("    known in hand:", known, style), " " * 19)
        return lines
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
        style = "ids" if seats == "ids" else "named"
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
            marker += f"<{state.elements[each]}>"  # not [..]: rich markup would read it as a style
        if each == seat:
            lines += _own_lines(state, each, marker, seats, hand, markup)
        else:
            lines += _other_lines(state, seat, each, marker, seats, markup)
    if state.effects:
        style = "ids" if seats == "ids" else "named"
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


# ---------------------------------------------------------------------- prompts


def _by(frame: Frame) -> str:
    by = frame.data.get("by")
    if isinstance(by, str) and by in _NAMES:
        return _NAMES[by] + ": "
    return ""


_NAMES = {card.id: card.name for card in CARDS}


def _window_prompt(state: NinjitsuState, frame: Frame) -> str:
    """The prompt of an "any time" window: the moment, and the cards of the seat's hand that answer it."""
    data = frame.data
    moment = data["moment"]
    if moment == "trap":
        what = f"the trap of {data['card']} {_NAMES[str(data['card'])]} is about to hit P{data['taker']}"
        answers = "a:1n Antonio ignores it"
    elif moment == "steal":
        what = f"P{data['thief']} is about to steal P{data['victim']}'s secret #{data['position']}"
        answers = "a:1d Andrea prevents it, and that player loses the rest of their turn"
    elif moment == "treasure-in":
        what = f"{data['card']} {_NAMES[str(data['card'])]} has just entered play among P{data['seat']}'s treasures"
        answers = "a:1t Teleport takes it into your hand"
    elif moment == "secret-in":
        what = f"P{data['seat']} has just placed a secret (#{data['position']})"
        answers = "a:1s Alessio looks at it"
    elif data["move"]:
        what = f"{data['card']} {_NAMES[str(data['card'])]} is about to be moved from P{data['seat']}'s treasures"
        answers = "a:1t Teleport takes it into your hand"
    else:
        what = f"{data['card']} {_NAMES[str(data['card'])]} is about to be discarded from P{data['seat']}'s treasures"
        answers = "a:1l Alberti keeps it in play, a:1t Teleport takes it into your hand"
    return f"any time: {what}. You may play a card for free ({answers}), or pass"


def _expansion_prompt(state: NinjitsuState, seat: int, frame: Frame) -> str:
    """The prompt of a decision of The Elements or Heavy Weather."""
    from ninjadojo.games.ninjitsu.elements import SIDES

    kind = frame.kind
    data = frame.data
    if kind == "element":
        name = state.elements[seat]
        return (f"your Element is {name}: choose the side you use all game, side:1 ({SIDES[name + '1'][1]}) or "
                f"side:2 ({SIDES[name + '2'][1]}); " + ("the sides are chosen one after another, each shown "
                                                          "to all" if state.sides_in_turn else
                                                          "the others choose at the same time"))
    texts = {
        "wind-swap": f"element wind2: choose the treasure in play to swap with your {data.get('card')} (c: + card)",
        "heart": "element heart2: you may discard a card (c: + card) to look at an opponent's hand, or pass",
        "heart-look": "element heart2: choose the opponent whose hand you look at (h<seat>)",
        "fire-trade": "element fire2: you may trade a card of your hand with a random card of an opponent's hand: "
                      "choose the opponent (h<seat>), or pass",
        "fire-with": f"element fire2: choose the card of your hand you give P{data.get('seat')} (c: + card)",
        "water-swap": "element water2: you may discard a card (c: + card) to draw a card, or pass",
        "hail": "Hw Hail: you played a treasure, so discard a card from your hand (c: + card)",
        "fire-keep": f"element fire1: your treasures {' '.join(map(str, _tuple(data.get('cards'))))} tie for "
                     "the highest: choose the one Fire keeps (c: + card)"
                     + (f"; {data.get('card')} is about to be discarded" if data.get("card") else ""),
        "wind-pass": f"Ww Wind: choose the card you pass to P{(seat + 1) % state.num_players} (c: + card); "
                     "everyone chooses at the same time",
        "hurricane": "Hv Hurricane: discard a card from your hand (c: + card); everyone chooses at the same time",
        "blizzard": f"Bv Blizzard: discard a card from your hand (c: + card) until every hand has "
                    f"{min(len(hand) for hand in state.hands)} cards; the others above it choose at the same time",
    }
    return texts[kind]


def _tuple(value: object) -> tuple[object, ...]:
    """A frame's tuple value (empty when absent)."""
    return value if isinstance(value, tuple) else ()


def _turn_extras(state: NinjitsuState, seat: int, frame: Frame) -> str:
    """The turn actions the Weather and Wind (side 2) add, when they are legal, for the turn prompt."""
    from ninjadojo.games.ninjitsu.rules import legal

    actions = legal(state, seat, frame)
    extras = []
    if "snow" in actions:
        extras.append("snow (take the discard pile's top 2)")
    if "fog" in actions:
        extras.append("fog (draw 2, play a random card)")
    if any(action.startswith("storm:") for action in actions):
        extras.append("storm:<card> (discard it, draw 3)")
    if any(action.startswith("swap:") for action in actions):
        extras.append("swap:<card> (a treasure of your hand for one in play, then draw)")
    draw = "" if "d" in actions else " (Dw Drought: no Draw with 5 or more cards in hand)"
    return (f"; or {', '.join(extras)}" if extras else "") + draw


def prompt(state: NinjitsuState, seat: int, frame: Frame) -> str:
    """A human prompt for ``seat``'s decision in ``frame``."""
    kind = frame.kind
    data = frame.data
    if kind == "turn" and not (state.marks[seat] >= 0 and state.marks[seat] in state.hands[seat]):
        swaps = (f"; free: swap two of your secrets (w<i>.<j>, {state.swaps_left} left)"
                 if state.swaps_left and len(state.secrets[seat]) >= 2 else "")
        points = state.points(seat) if state.blind != seat else "?"
        extras = _turn_extras(state, seat, frame) if state.has_weather or state.has_elements else ""
        return (f"P{seat}, your turn ({points} points): draw 2 (d), play a card for its action, as a "
                f"secret or as a treasure (a:/s:/t: + card), or steal a secret (x<seat>.<position>){extras}{swaps}")
    if state.has_weather or state.has_elements:
        from ninjadojo.games.ninjitsu.rules import EXPANSION_FRAMES

        if kind in EXPANSION_FRAMES:
            return _expansion_prompt(state, seat, frame)
    if kind == "play" and isinstance(data.get("last"), int):
        from ninjadojo.games.ninjitsu.rules import legal

        cards = state.hands[seat][-int(str(data["last"])):]
        ways = ", ".join(legal(state, seat, frame))
        which = f"one of {' '.join(CARD_IDS[card] for card in cards)}" if len(cards) > 1 else CARD_IDS[cards[0]]
        return f"{_by(frame)}play {which}: {ways}"
    if kind == "play" and data["way"] in ("treasure", "action"):
        how = "as a treasure (t: + card)" if data["way"] == "treasure" else "for its action (a: + card)"
        return f"{_by(frame)}play a card from your hand {how}"
    if kind == "turn" and state.marks[seat] >= 0 and state.marks[seat] in state.hands[seat]:
        marked = CARD_IDS[state.marks[seat]]
        return (f"P{seat}, your turn: Night Vision marked your {marked}: play it "
                f"(a:/s:/t:{marked}) or skip your turn (pass)")
    if kind == "play" and data.get("optional"):
        return (f"{_by(frame)}you may play a card from your hand: for its action, as a secret or as a treasure "
                "(a:/s:/t: + card), or pass")
    if kind == "steal" and data.get("optional"):
        return f"{_by(frame)}you may steal an opponent's secret (x<seat>.<position>), or pass"
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
    if kind == "fire":
        return (f"{_by(frame)}the {data['left']} last of the 3 highest treasures tie: choose one to discard "
                "(c: + card)")
    if kind == "shift":
        return f"{_by(frame)}swap the treasure you played with another treasure in play (c: + card)"
    if kind == "telekinesis":
        return f"{_by(frame)}steal an opponent's treasure of value {data['value']} into your collection (c: + card)"
    if kind == "invisibility":
        return (f"{_by(frame)}move a card into your hand: a treasure (c: + card), a secret (i<seat>.<position>) "
                "or a random card of an opponent's hand (h<seat>)")
    if kind in ("disguise", "shuriken", "peek", "alessio"):
        what = {"disguise": "pick a secret to swap" + (" with the first" if data.get("first") else ""),
                "shuriken": "pick a secret to discard", "peek": f"pick a secret to look at ({data.get('left')} left)",
                "alessio": "pick an opponent's secret to look at"}[kind]
        return f"{_by(frame)}{what} (k<seat>.<position>)"
    if kind == "escape":
        return f"{_by(frame)}turn a treasure face-down: it becomes its owner's secret (c: + card)"
    if kind == "net-discard":
        return f"{_by(frame)}discard a card from your hand (c: + card)"
    if kind == "net-take":
        return f"{_by(frame)}take one of the discarded cards into your hand (c: + card)"
    if kind == "deadfall":
        return f"{_by(frame)}the trap: choose the card you keep; the rest goes to P{data['victim']} (c: + card)"
    if kind == "guess":
        return f"{_by(frame)}guess the value of the secret you will steal: g:1 to g:10, or g:none (no value)"
    if kind == "teleport":
        return f"{_by(frame)}move any treasure from play into your hand (c: + card)"
    if kind == "window":
        return _window_prompt(state, frame)
    return kind.replace("-", " ")
