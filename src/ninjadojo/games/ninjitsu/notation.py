"""Action texts (precomputed, so the hot path never formats or parses) and the position body.

Actions (seats and positions count from 0):

- ``d``: draw 2 cards.
- ``a:6c`` play 6c for its action, ``s:6c`` as a secret, ``t:6c`` as a treasure.
- ``x2.0``: steal the secret at position 0 of seat 2's collection.
- ``f2.0``: Master of Surprise: turn seat 2's secret at position 0 face-up.
- ``w0.2``: swap your own secrets at positions 0 and 2 (free; costs no action).
- ``c:6c``: choose the card 6c (a treasure to discard or take, a card of your hand to discard).
- ``done``: stop an optional choice (Darts' "up to 2").
- ``pass``: decline a "may" (Master of Deception's play or steal, an "any time" card's moment).
- ``g:7``, ``g:none``: Jellybean Ninja's guess (a value 1-10, or a card with no value).
- ``h2``: Invisibility: move a random card of seat 2's hand into your hand (a treasure is ``c:``).
- ``k2.0``: Sabotage!: pick seat 2's secret at position 0 (Master of Disguise's swap, Shuriken's
  discard, a look with Peephole or Alessio).
- ``a:1n``: an "any time" card (Promo Pack) played for its ability: in the moment its text is about,
  or Teleport (``a:1t``) before its holder's own action; it costs no action.

Position body: ``;``-separated ``key=value`` fields. Card lists are card ids run together (each id is
two characters), ``-`` for an empty list; per-seat lists are joined by ``/``; the deck and the discard
pile are listed bottom first (the last card is the top)::

    turn=0;swaps=3;deck=Ka9b2c;discard=6cTb;hands=QaJb/8a;treasures=6a/-;secrets=4b/-;effects=-;known=-

``effects`` is the stack of card actions being resolved (``Aa.1``: Darts, next step 1; ``Kp.1.2``: run
for seat 2, when that is not the current player, as Master of Deception's trap is), ``known``
lists the cards whose place some seat knows beyond the default (``Ka.3``: seats 0 and 1 know where Ka
is; bitmask in decimal). Default knowledge: a hand card is known to its holder, a secret to its owner,
treasures and the discard pile to everyone, the deck to no one. Two fields are written only when they
are not their default: ``extra=1`` (extra actions the current player still has, from Jellybean Ninja)
and ``jelly=hit`` or ``jelly=miss`` (Jellybean Ninja's guess, between its steal and its outcome); with
Masters of Magic ``magic=2`` (the seat whose Master of Magic lies face-up in the deck), ``surfaced=2``
(the seat whose Master of Magic surfaced and who is still to play), ``frozen=1`` (Freeze Time's
player; of several holding at once, the one whose hold ends last), ``marks=Ta/-/?`` (Night Vision's
marked card per seat, ``?`` in a sample where it cannot be named) and ``markwait=1`` (the current
player's mark was made during their own turn, so it binds their next turn), ``later=0.rest.1.2.0``
(what waits for a surfaced Master of Magic's owner to play, in order: the depth of the effects stack
it resumes at, its kind and its arguments, a card by its id; see
``effects.LATER``) and ``held=[[...]]`` (the decisions put off that way, one JSON frame list per ``ask``
item), ``late=1`` (a Master of Magic's owner played during this turn, so the current player's points
may have changed since its win check); with The Elements ``firekeep=9a`` (the tied treasure Fire, side 1,
keeps for the action under way, once its owner chose). An effect item may end with ``:card``, the card one
of its steps played (``Km.2:6a``).

A position must be one the rules can reach (``invariants.check_invariants`` says which laws): in
particular a position whose frame is ``turn`` is one whose start-of-turn win check was made and did
not end the game, so its current player has fewer points than the target. To write "P0 starts a
turn with 21 points", build it with :func:`ninjadojo.games.ninjitsu.builder.position`, which runs the
check (and so gives a finished game).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ninjadojo.engine import Frame, NotationError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.notation import parse_codes
from ninjadojo.games.ninjitsu.cards import ALL_CARDS, CARD_IDS, CARD_INDEX

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: The most seats and secret positions an action text can name.
MAX_SEATS = 5
MAX_POSITIONS = ALL_CARDS

# Payload operation codes (the first item of every payload tuple).
OP_DRAW = 0
OP_ACTION = 1
OP_SECRET = 2
OP_TREASURE = 3
OP_STEAL = 4
OP_FLIP = 5
OP_SWAP = 6
OP_CHOOSE = 7
OP_DONE = 8
OP_PASS = 9
OP_GUESS = 10
# (11 took a secret with Invisibility, which no longer affects secrets; the other codes keep their numbers.)
OP_TAKE_HAND = 12
OP_PICK_SECRET = 13
#: Heavy Weather and The Elements: a Weather's action (``snow``, ``fog``), Storms' discard-and-draw,
#: Wind's swap of a treasure from hand, and the side of one's Element chosen at set-up.
OP_WEATHER = 14
OP_STORM = 15
OP_WIND_SWAP = 16
OP_SIDE = 17

Payload = tuple[int, int, int]

DRAW_TEXT = "d"
DONE_TEXT = "done"
DRAW_PAYLOAD: Payload = (OP_DRAW, 0, 0)
DONE_PAYLOAD: Payload = (OP_DONE, 0, 0)
PASS_TEXT = "pass"
PASS_PAYLOAD: Payload = (OP_PASS, 0, 0)
#: Jellybean Ninja's guesses: a value 1-10, or ``none`` (0 in the payload) for a card without value.
GUESSES = (*range(1, 11), 0)
GUESS_TEXT = {guess: f"g:{guess or 'none'}" for guess in GUESSES}
GUESS_PAYLOAD = {guess: (OP_GUESS, guess, 0) for guess in GUESSES}

ACTION_TEXT = tuple(f"a:{cid}" for cid in CARD_IDS)
SECRET_TEXT = tuple(f"s:{cid}" for cid in CARD_IDS)
TREASURE_TEXT = tuple(f"t:{cid}" for cid in CARD_IDS)
CHOOSE_TEXT = tuple(f"c:{cid}" for cid in CARD_IDS)
STEAL_TEXT = tuple(tuple(f"x{seat}.{pos}" for pos in range(MAX_POSITIONS)) for seat in range(MAX_SEATS))
FLIP_TEXT = tuple(tuple(f"f{seat}.{pos}" for pos in range(MAX_POSITIONS)) for seat in range(MAX_SEATS))
#: Invisibility: take a random card of seat's hand (``h2``; a treasure is ``c:``, and no secret is taken).
TAKE_HAND_TEXT = tuple(f"h{seat}" for seat in range(MAX_SEATS))
#: Sabotage!: pick seat's secret at a position (``k2.0``): to swap, discard or look at.
PICK_SECRET_TEXT = tuple(tuple(f"k{seat}.{pos}" for pos in range(MAX_POSITIONS)) for seat in range(MAX_SEATS))
SWAP_TEXT = tuple(tuple(f"w{i}.{j}" for j in range(MAX_POSITIONS)) for i in range(MAX_POSITIONS))

ACTION_PAYLOAD = tuple((OP_ACTION, card, 0) for card in range(ALL_CARDS))
SECRET_PAYLOAD = tuple((OP_SECRET, card, 0) for card in range(ALL_CARDS))
TREASURE_PAYLOAD = tuple((OP_TREASURE, card, 0) for card in range(ALL_CARDS))
STEAL_PAYLOAD = tuple(tuple((OP_STEAL, seat, pos) for pos in range(MAX_POSITIONS)) for seat in range(MAX_SEATS))
FLIP_PAYLOAD = tuple(tuple((OP_FLIP, seat, pos) for pos in range(MAX_POSITIONS)) for seat in range(MAX_SEATS))
TAKE_HAND_PAYLOAD = tuple((OP_TAKE_HAND, seat, 0) for seat in range(MAX_SEATS))
PICK_SECRET_PAYLOAD = tuple(tuple((OP_PICK_SECRET, seat, pos) for pos in range(MAX_POSITIONS))
                            for seat in range(MAX_SEATS))
SWAP_PAYLOAD = tuple(tuple((OP_SWAP, i, j) for j in range(MAX_POSITIONS)) for i in range(MAX_POSITIONS))
#: Storms: ``storm:6a`` discards 6a to draw 3; The Elements' Wind (side 2): ``swap:6a`` swaps the
#: treasure 6a from hand with a treasure in play (chosen next, ``c:``); ``side:1``/``side:2``: the
#: side of one's Element.
STORM_TEXT = tuple(f"storm:{cid}" for cid in CARD_IDS)
STORM_PAYLOAD = tuple((OP_STORM, card, 0) for card in range(ALL_CARDS))
WIND_SWAP_TEXT = tuple(f"swap:{cid}" for cid in CARD_IDS)
WIND_SWAP_PAYLOAD = tuple((OP_WIND_SWAP, card, 0) for card in range(ALL_CARDS))
SIDE_TEXT = {1: "side:1", 2: "side:2"}
SIDE_PAYLOAD: dict[int, Payload] = {side: (OP_SIDE, side, 0) for side in SIDE_TEXT}


def card_list_text(cards: list[int]) -> str:
    """Card ids run together, or ``-`` for none."""
    return "".join([CARD_IDS[card] for card in cards]) or "-"


def parse_card_list(text: str) -> list[int]:
    """Parse :func:`card_list_text` output; raises NotationError naming a bad card id."""
    if text == "-":
        return []
    return parse_codes(text, CARD_INDEX)


def body_notation(state: NinjitsuState) -> str:
    """The position body of ``state`` (see the module docstring)."""
    defaults = state.default_knowledge()
    known = [f"{CARD_IDS[card]}.{mask}" for card, mask in enumerate(state.known) if mask != defaults[card]]
    effects = [f"{CARD_IDS[card]}.{step}" + (f".{actor}" if actor != state.turn else "")
               + (f":{CARD_IDS[memo]}" if memo >= 0 else "")
               for card, step, actor, memo in state.effects]
    optional = []
    if state.extra_actions:
        optional.append(f"extra={state.extra_actions}")
    if state.jelly:
        optional.append(f"jelly={state.jelly}")
    for key, seat in (("magic", state.magic_owner), ("surfaced", state.surfaced), ("frozen", state.frozen)):
        if seat >= 0:
            optional.append(f"{key}={seat}")
    if state.later:
        optional.append("later=" + ",".join(".".join((str(depth), kind, *(
            CARD_IDS[arg] if code == "c" else str(arg) for code, arg in zip(_later_args(kind), args, strict=True))))
            for depth, kind, args in state.later))
    if state.late:
        optional.append("late=1")
    if state.held:
        optional.append("held=" + json.dumps([[frame.to_json() for frame in group] for group in state.held],
                                             separators=(",", ":")))
    if any(mark != -1 for mark in state.marks):
        optional.append("marks=" + "/".join("-" if mark == -1 else "?" if mark == -2 else CARD_IDS[mark]
                                            for mark in state.marks))
    if state.mark_waits:
        optional.append("markwait=1")
    if state.has_elements:
        optional.append("elements=" + "/".join(side or "-" for side in state.elements))
        optional.append(f"started={state.started}")
    if state.has_weather:
        optional += [f"weather={card_list_text(state.weather)}", f"wdeck={card_list_text(state.weather_deck)}",
                     f"wdiscard={card_list_text(state.weather_discard)}", f"events={card_list_text(state.event_queue)}"]
        if state.aside:
            optional.append(f"aside={card_list_text(state.aside)}")
    if state.ending:
        optional.append(f"ending={state.ending}")
    if state.lost:
        optional.append(f"lost={state.lost}")
    if state.fire_keeps >= 0:
        optional.append(f"firekeep={CARD_IDS[state.fire_keeps]}")
    return ";".join((
        f"turn={state.turn}",
        f"swaps={state.swaps_left}",
        f"deck={card_list_text(state.deck)}",
        f"discard={card_list_text(state.discard)}",
        "hands=" + "/".join(card_list_text(hand) for hand in state.hands),
        "treasures=" + "/".join(card_list_text(cards) for cards in state.treasures),
        "secrets=" + "/".join(card_list_text(cards) for cards in state.secrets),
        "effects=" + (",".join(effects) or "-"),
        "known=" + (",".join(known) or "-"),
        *optional,
    ))


_FIELDS = ("turn", "swaps", "deck", "discard", "hands", "treasures", "secrets", "effects", "known")
#: Fields written only when not their default (or, for The Elements and Heavy Weather, only in games with them).
_OPTIONAL = ("extra", "jelly", "magic", "surfaced", "later", "held", "late", "frozen", "marks", "markwait", "elements",
             "started", "weather", "wdeck", "wdiscard", "events", "aside", "ending", "lost", "firekeep")
#: The fields of The Elements and of Heavy Weather (a game with the set writes them all; aside is optional).
_ELEMENT_FIELDS = ("elements", "started")
_WEATHER_FIELDS = ("weather", "wdeck", "wdiscard", "events")


def parse_body(state: NinjitsuState, body: str) -> None:
    """Fill ``state`` from a body; raises ValueError (or NotationError) saying what is wrong."""
    fields: dict[str, str] = {}
    for part in body.split(";"):
        key, sep, value = part.partition("=")
        if not sep or key not in _FIELDS + _OPTIONAL:
            raise ValueError(f"bad field {quote(part)}; the body is {'=..;'.join(_FIELDS)}=.. "
                             f"(then optionally {', '.join(_OPTIONAL)})")
        if key in fields:
            raise ValueError(f"field {key} is given twice")
        fields[key] = value
    missing = [key for key in _FIELDS if key not in fields]
    if missing:
        raise ValueError(f"missing field(s) {', '.join(missing)}")
    players = state.num_players
    state.turn = _number(fields["turn"], "turn")
    if not 0 <= state.turn < players:
        raise ValueError(f"turn {state.turn} is not a seat of a {players}-player game")
    state.swaps_left = _number(fields["swaps"], "swaps")
    state.deck = parse_card_list(fields["deck"])
    state.discard = parse_card_list(fields["discard"])
    for key in ("hands", "treasures", "secrets"):
        parts = fields[key].split("/")
        if len(parts) != players:
            raise ValueError(f"{key} lists {len(parts)} seats, not {players}")
        setattr(state, key, [parse_card_list(part) for part in parts])
    state.effects = []
    if fields["effects"] != "-":
        for entry in fields["effects"].split(","):
            item, colon, memo_text = entry.partition(":")
            memo = -1
            if colon:
                if memo_text not in CARD_INDEX:
                    raise ValueError(f"bad effect item {quote(entry)}: after ':' comes the card a step played")
                memo = CARD_INDEX[memo_text]
            head, dot, actor_text = item.rpartition(".") if item.count(".") == 2 else (item, "", "")
            card, step = _card_and_number(head, "effect", "card.step or card.step.seat, e.g. Aa.1")
            actor = state.turn
            if dot:
                actor = _number(actor_text, "an effect's seat")
                if not 0 <= actor < players or actor == state.turn:
                    raise ValueError(f"bad effect item {quote(item)}: its seat is another player of the game "
                                     "(the current player's effects name no seat)")
            state.effects.append((card, step, actor, memo))
    state.extra_actions = _number(fields.get("extra", "0"), "extra")
    jelly = fields.get("jelly", "")
    if jelly not in ("", "hit", "miss"):
        raise ValueError(f"jelly is hit or miss, not {quote(jelly)}")
    state.jelly = jelly
    for name in ("magic", "surfaced", "frozen"):
        seat = -1
        if name in fields:
            seat = _number(fields[name], name)
            if seat >= players:
                raise ValueError(f"{name} {seat} is not a seat of a {players}-player game")
        setattr(state, "magic_owner" if name == "magic" else name, seat)
    state.later = [_parse_later(item, players) for item in fields["later"].split(",")] if "later" in fields else []
    state.held = _parse_held(fields["held"]) if "held" in fields else []
    if fields.get("late", "1") != "1":
        raise ValueError("late is 1 (a Master of Magic's owner played this turn) or left out, not "
                         f"{quote(fields['late'])}")
    state.late = "late" in fields
    state.marks = [-1] * players
    if "marks" in fields:
        parts = fields["marks"].split("/")
        if len(parts) != players:
            raise ValueError(f"marks lists {len(parts)} seats, not {players}")
        for seat, part in enumerate(parts):
            if part not in ("-", "?") and part not in CARD_INDEX:
                raise ValueError(f"a mark is a card id, - (none) or ? (unknown), not {quote(part)}")
            state.marks[seat] = -1 if part == "-" else -2 if part == "?" else CARD_INDEX[part]
    if fields.get("markwait", "1") != "1":
        raise ValueError("markwait is 1 (the current player's mark binds their next turn) or left out, not "
                         f"{quote(fields['markwait'])}")
    state.mark_waits = "markwait" in fields
    _parse_expansions(state, fields)
    state.blind = state.blinded_seat()
    state.known = state.default_knowledge()
    if fields["known"] != "-":
        listed: set[int] = set()
        for item in fields["known"].split(","):
            card, mask = _card_and_number(item, "known", "card.seatmask, e.g. Ka.3")
            if card in listed:
                raise ValueError(f"known lists {CARD_IDS[card]} twice")
            listed.add(card)
            state.known[card] = mask
    try:
        state.check_invariants()
    except AssertionError as error:
        # A position that breaks a law of the game (a valueless treasure, a frame no rule pushes...)
        # would fail later in a confusing way: refuse it now, before anything reads it, saying which
        # law (the engine checks again once the position is whole, with the same words).
        raise NotationError(f"impossible ninjitsu position: {error}") from None


def _parse_expansions(state: NinjitsuState, fields: dict[str, str]) -> None:
    """The Elements' and Heavy Weather's fields: present exactly in a game with the set."""
    from ninjadojo.games.ninjitsu.elements import NAMES, SIDES

    players = state.num_players
    for needed, names, option in ((state.has_elements, _ELEMENT_FIELDS, "elements"),
                                  (state.has_weather, (*_WEATHER_FIELDS, "aside"), "weather")):
        for name in names:
            if name in fields and not needed:
                raise ValueError(f"field {name} belongs to a game with expansions={option}")
            if needed and name not in fields and name != "aside":
                raise ValueError(f"missing field {name} (a game with expansions={option} writes it)")
    if state.has_elements:
        parts = fields["elements"].split("/")
        if len(parts) != players:
            raise ValueError(f"elements lists {len(parts)} seats, not {players}")
        for part in parts:
            if part != "-" and part not in SIDES and part not in NAMES:
                raise ValueError(f"an Element is written fire2 (name and side), fire (side not chosen yet) or - "
                                 f"(none), not {quote(part)}")
        state.elements = ["" if part == "-" else part for part in parts]
        state.started = _number(fields["started"], "started")
    if state.has_weather:
        state.weather = parse_card_list(fields["weather"])
        state.weather_deck = parse_card_list(fields["wdeck"])
        state.weather_discard = parse_card_list(fields["wdiscard"])
        state.event_queue = parse_card_list(fields["events"])
        state.aside = parse_card_list(fields.get("aside", "-"))
    ending = fields.get("ending", "")
    if ending not in ("", "element", "events"):
        raise ValueError(f"ending is element or events, not {quote(ending)}")
    if (ending or "lost" in fields) and not (state.has_elements or state.has_weather):
        raise ValueError("fields ending and lost belong to a game with expansions=elements or weather")
    if "lost" in fields and not state.has_elements:
        raise ValueError("field lost belongs to a game with expansions=elements (Water, side 1)")
    state.ending = ending
    state.lost = _number(fields.get("lost", "0"), "lost")
    state.fire_keeps = -1
    if "firekeep" in fields:
        if not state.has_elements:
            raise ValueError("field firekeep belongs to a game with expansions=elements (Fire, side 1)")
        if fields["firekeep"] not in CARD_INDEX:
            raise ValueError(f"firekeep is the card id Fire (side 1) keeps on a tie, not {quote(fields['firekeep'])}")
        state.fire_keeps = CARD_INDEX[fields["firekeep"]]


def _parse_held(text: str) -> list[list[Frame]]:
    """The ``held`` field: a JSON list of frame stacks (each frame as the position's frames are written)."""
    try:
        groups = json.loads(text)
    except ValueError:
        raise ValueError(f"held is a JSON list of frame lists, not {quote(text)}") from None
    if not isinstance(groups, list) or not all(isinstance(group, list) and group for group in groups):
        raise ValueError(f"held is a JSON list of non-empty frame lists, not {quote(text)}")
    try:
        return [[Frame.from_json(frame) for frame in group] for group in groups]
    except ValueError as error:
        raise ValueError(f"held lists frames as the position's frames are written: {error}") from None


def _later_args(kind: str) -> str:
    """The argument codes of a ``later`` item's kind (``effects.LATER``)."""
    from ninjadojo.games.ninjitsu.effects import LATER

    return LATER[kind]


def _parse_later(item: str, players: int) -> tuple[int, str, tuple[int, ...]]:
    """One ``later`` item, ``depth.kind.arg...``; raises ValueError saying what is allowed."""
    from ninjadojo.games.ninjitsu.effects import LATER

    parts = item.split(".")
    if len(parts) < 2 or parts[1] not in LATER:
        raise ValueError(f"bad later item {quote(item)}: each is depth.kind.args, a kind one of {', '.join(LATER)}")
    depth, kind, texts = _number(parts[0], "a later item's depth"), parts[1], parts[2:]
    codes = LATER[kind]
    if len(texts) != len(codes):
        raise ValueError(f"bad later item {quote(item)}: {kind} takes {len(codes)} argument(s) after its kind")
    args = []
    for code, text in zip(codes, texts, strict=True):
        if code == "c":
            if text not in CARD_INDEX:
                raise ValueError(f"bad later item {quote(item)}: {quote(text)} is not a card id")
            args.append(CARD_INDEX[text])
            continue
        value = _number(text, f"an argument of the later item {quote(item)}")
        if (code == "s" and value >= players) or (code == "f" and value > 1):
            raise ValueError(f"bad later item {quote(item)}: {value} is not " + (
                f"a seat of a {players}-player game" if code == "s" else "a flag (0 or 1)"))
        args.append(value)
    return depth, kind, tuple(args)


def _number(text: str, what: str) -> int:
    """A small whole number written in ASCII digits; raises ValueError saying what is allowed."""
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise ValueError(f"{what} must be a whole number (digits 0-9), not {quote(text)}")
    return int(text)


def _card_and_number(item: str, what: str, form: str) -> tuple[int, int]:
    """Parse ``Ka.3``: a card id and a number from 0; raises ValueError naming the expected form."""
    cid, _, number = item.partition(".")
    if cid not in CARD_INDEX or not (number.isascii() and number.isdigit() and len(number) <= 6):
        raise ValueError(f"bad {what} item {quote(item)}: each is {form}")
    return CARD_INDEX[cid], int(number)
