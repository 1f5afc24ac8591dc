"""What a seat may see: the view dict, prompts and reasons for refusals (the text picture is in
:mod:`render`).

Public: gems, hand sizes, fortifications, the discard pile, the draw pile's size, the attack on the
table, cards shown to a Herald. Private: a seat's own hand, and (while drafting) the card it drew.
Nothing tells who holds a Highwayman or a Jester: every seat with a card is asked in a window, and
a player who has fortified is asked to go on or end whatever its hand holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.engine.errors import quote
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games.knights_and_ninjas.cards import (
    CODES,
    COMMON,
    CP,
    DR,
    INDEX,
    JE,
    KINDS,
    KN,
    LA,
    LIVING,
    MERCHANT_PRICE,
    NAMES,
    PE,
    SLOTS,
)
from ninjadojo.games.knights_and_ninjas.options import (
    JESTER_IN_REVOLT,
    OPTIONS,
    POINTLESS_SPECIALS,
    TRAITOR_NEEDS_GEMS,
)
from ninjadojo.games.knights_and_ninjas.rules import (
    data_int,
    pre_attacks_open,
    shown_cards,
    taxed_rivals,
    traitor_allowed,
)

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState


def _slot_text(card: int, role: int) -> str | None:
    if card < 0:
        return None
    return CODES[role] if card == role else f"je>{CODES[role]}"


def observe(state: KnightsAndNinjasState, seat: int | None) -> dict[str, JSONValue]:
    """The game-specific part of ``seat``'s view. Once the game is over every seat's entry also shows
    its ``hand`` (card codes): the end explains itself."""
    seats: list[JSONValue] = []
    over = state.result is not None
    for other in range(state.num_players):
        forts = state.forts[other]
        entry: dict[str, JSONValue] = {
            "gems": state.gems[other],
            "cards": state.sizes[other],
            "castle": _slot_text(forts[0], SLOTS[0]),
            "archer": _slot_text(forts[1], SLOTS[1]),
            "minstrel": _slot_text(forts[2], SLOTS[2]),
            "known": [CODES[k] for k in range(KINDS) for _ in range(state.known[other][k])],
        }
        if over:
            entry["hand"] = [CODES[k] for k in range(KINDS) for _ in range(state.hands[other][k])]
        seats.append(entry)
    view: dict[str, JSONValue] = {
        "variation": "2-player" if state.duel else None,
        "current": state.current,
        "target": state.target_now(),
        "reshuffles": state.shuffles,
        "deck": len(state.deck),
        "discard": [CODES[k] for k in state.discard],
        "table": _table(state),
        # One entry per seat; the engine's "players" key is the player count.
        "seats": seats,
        "hand": None if seat is None else [CODES[k] for k in range(KINDS) for _ in range(state.hands[seat][k])],
    }
    if state.duel:
        top = state.frames[-1] if state.frames else None
        drafting = top is not None and top.kind == "draft"
        view["draft"] = {
            "pile": len(state.draft),
            # What is left to draw: the pile without the card being drafted (shown to its drafter only,
            # but everyone sees that one is drawn).
            "undrawn": len(state.draft) - 1 if drafting else len(state.draft),
            "drafter": top.seats[0] if drafting and top is not None else None,
            "drawn": CODES[state.draft[-1]] if drafting and top is not None and seat in top.seats else None,
        }
    return view


def _table(state: KnightsAndNinjasState) -> dict[str, JSONValue]:
    table: dict[str, JSONValue] = {
        "attacking": None if state.attack_target < 0 else state.attack_target,
        "ladder": None if state.ladder_on < 0 else state.ladder_on,
        "cards": [CODES[k] for k in state.pending],
    }
    attack = open_attack(state)
    if attack is not None:
        by, against, role, strength = attack
        table["attack"] = {"by": by, "against": against, "role": CODES[role], "strength": strength}
    shown = shown_to_herald(state)
    if shown:
        table["shown"] = [[s, CODES[k]] for s, k in shown]
    window = window_gems(state)
    if window is not None:
        table["gems_in_play"] = {"holder": window[0], "amount": window[1],
                                 "from": None if window[2] < 0 else window[2]}
    return table


def open_attack(state: KnightsAndNinjasState) -> tuple[int, int, int, int] | None:
    """(by, against, role, strength) of the attack waiting for a response, if any."""
    for frame in reversed(state.frames):
        if frame.kind == "respond":
            return (data_int(frame, "by"), frame.seats[0], data_int(frame, "role"), data_int(frame, "str"))
    return None


def shown_to_herald(state: KnightsAndNinjasState) -> list[tuple[int, int]]:
    """(seat, card) pairs shown to a Herald whose player is still to pick one."""
    for frame in state.frames:
        if frame.kind == "herald-pick":
            return shown_cards(frame)
    return []


def window_gems(state: KnightsAndNinjasState) -> tuple[int, int, int] | None:
    """(holder, amount, taken from) of an open Highwayman window."""
    for frame in state.frames:
        if frame.kind == "highwayman":
            return data_int(frame, "holder"), data_int(frame, "amount"), taken_from(frame)
    return None


def taken_from(frame: Frame) -> int:
    """Whom the gems of a Highwayman window were taken from (-1 when a position does not say)."""
    value = frame.data.get("from", -1)  # a hand-written position may leave it out
    return value if isinstance(value, int) else -1


def _gems(count: int) -> str:
    return f"{count} gem{'s' * (count != 1)}"


#: The frames in which each family of action (by its first letters) can be legal.
_FAMILY_FRAMES = {"a": ("turn", "attack"), "f:": ("turn", "fortify"), "r:": ("respond",),
                  "x:": ("turn", "minstrel-discard"), "hw": ("highwayman",), "he": ("turn",), "me": ("turn",),
                  "mo": ("turn",)}


def explain_illegal(state: KnightsAndNinjasState, seat: int, action: str) -> str | None:
    """Why ``action`` is not legal, where a reason can be given (else the engine names the decision)."""
    frame_kind = state.frames[-1].kind if state.frames else ""
    family = next((prefix for prefix in ("f:", "r:", "x:", "hw", "he", "me", "mo") if action.startswith(prefix)),
                  "a" if action[:1] == "a" and ":" in action else "")
    if family == "hw" and frame_kind != "highwayman":
        return ("a Highwayman is played only out of turn, right after a rival takes gems with a common attack "
                "or a Highwayman")
    if (family == "r:" or action == "take") and frame_kind != "respond":
        return "nobody is attacking you now: r:<card> and take answer an attack on you"
    if family and frame_kind not in _FAMILY_FRAMES[family]:
        return None  # a play for another moment: the engine's message names the decision in hand
    hand = state.hands[seat]
    jester = " (and no Jester to stand in)" if "*" in action else ""
    if state.duel and frame_kind == "turn" and family == "x:" and state.sizes[seat] < 4:
        return "with three or fewer cards you call a re-deal (redeal) instead of discarding"
    if state.duel and frame_kind == "turn" and action == "redeal" and state.sizes[seat] >= 4:
        return "with four or more cards you discard a card (x:<card>) instead of calling a re-deal"
    if family in ("hw", "he", "me", "mo"):
        kind = INDEX[family]
        if not hand[kind] and not (hand[JE] and "*" in action):
            return f"you hold no {NAMES[kind]}{jester}"
        return _why_no_effect(state, seat, action) if frame_kind == "turn" else None
    if not family:
        return None
    play = action[action.find(":") + 1:].split(".")[0]
    code = play[:2]
    if code not in INDEX and not (family == "a" and play == "arf"):
        return f"{quote(code)} is not a card; cards are {', '.join(CODES)}"
    if code in INDEX and play != "arf":
        kind = INDEX[code]
        count = _number(play[2:].rstrip("*")) if kind == PE else None
        wanted = 1 if count is None else count - play.count("*")
        if not hand[kind] and not (hand[JE] and "*" in action):
            return f"you hold no {NAMES[kind]}{jester}"
        if "*" in action and not LIVING[kind]:
            return f"a Jester stands only for living cards, not for a {NAMES[kind]}"
        if hand[kind] < wanted:
            return f"you hold only {hand[kind]} {NAMES[kind]}{'s' * (hand[kind] != 1)}"
        if kind == PE and "*" in action and (count or 0) > 1 and not state.rule(JESTER_IN_REVOLT):
            return (f"a Jester may be a lone Peasant but not join a revolt (house rule: "
                    f"{_title(JESTER_IN_REVOLT)} is off)")
    if family == "a":
        return _why_not_attack(state, seat, action[1:action.find(":")], code)
    if family == "r:":
        return _why_not_respond(state, seat, data_int(state.frames[-1], "role"), code)
    return None


def _title(name: str) -> str:
    """The words players read for one of the game's options (a house rule in play)."""
    return next(option.title for option in OPTIONS if option.name == name)


def _number(text: str) -> int | None:
    """A count or seat written in an action, or None: only plain ASCII digits, and few of them (int()
    would read other scripts' digits, and refuses thousands of digits with a ValueError)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def _why_no_effect(state: KnightsAndNinjasState, seat: int, action: str) -> str | None:
    """Why a special action held in hand cannot be played: its price, or it would do nothing (ruling 6)."""
    family = action[:2]
    if family == "me":
        price = MERCHANT_PRICE[state.duel]
        if state.gems[seat] < price:
            return f"a Merchant costs {_gems(price)} and you hold {state.gems[seat]}"
        target = _number(action[2:].rstrip("*"))
        if target is None or target >= state.num_players or target == seat:
            return f"a Merchant pays a rival: me<seat>, seats 0 to {state.num_players - 1} but yours"
    if state.rule(POINTLESS_SPECIALS):
        return None
    if family == "he" and not any(state.sizes[other] for other in range(state.num_players) if other != seat):
        return "no rival holds a card to show a Herald, so it would do nothing"
    if family == "me" and state.sizes[int(action[2:].rstrip("*"))] < 2:
        return ("that rival holds fewer than two cards, so half of them (rounded down) is nothing: a Merchant "
                "would do nothing")
    if family == "mo" and not taxed_rivals(state, seat):
        return "no rival has a Castle and a gem or a card to pay a Monk, so it would do nothing"
    return None


def _why_not_respond(state: KnightsAndNinjasState, seat: int, role: int, code: str) -> str | None:
    common = role in COMMON
    if code in ("pe", "so", "kn", "ki", "qu") and not common:
        return "common cards answer only common attacks"
    if code == "tr" and not common:
        return "a Traitor turns only a common attack (Peasant, Soldier, Knight, King, Queen)"
    if code == "tr" and not traitor_allowed(state, state.frames[-1]):
        return ("your attacker holds no gem, and a Traitor turns an attack only on an attacker with a gem "
                f"(house rule: {_title(TRAITOR_NEEDS_GEMS)})")
    if code == "pr" and role not in (KN, DR):
        return "a Princess takes only an attacking Knight or Dragon"
    if code == "ex" and role in (LA, CP):
        return "an Executioner stops only an attacker with a head, not a Ladder or a Catapult"
    if code == "mi" and state.forts[seat][2] >= 0:
        return "your Minstrel already stands: one of each kind at a time"
    if code in ("ni", "dr"):
        return "Ninjas and Dragons cannot respond to an attack"
    return None


def _why_not_attack(state: KnightsAndNinjasState, seat: int, target: str, code: str) -> str | None:
    other = _number(target)
    if other is None or other >= state.num_players:
        return f"there is no seat {quote(target)}: seats are 0 to {state.num_players - 1}"
    forts = state.forts[other]
    if other == seat:
        return "you cannot attack yourself"
    if state.gems[other] == 0:
        return f"P{other} has no gems, and only a rival with a gem can be attacked"
    if forts[2] >= 0:
        return f"P{other} is fortified by a Minstrel and cannot be attacked"
    if 0 <= state.attack_target != other:
        return f"this turn you attack P{state.attack_target} only"
    if code in ("ar", "cp", "la") and not pre_attacks_open(state, state.frames[-1]):
        return ("a pre-attack (Archer, Catapult, Ladder) comes before the turn's first common or unique attack "
                "card, at the beginning of the attack")
    if forts[1] >= 0:
        return f"P{other}'s Archer stops everything but a Ninja or an Archer"
    if code == "ar" and forts[1] < 0:
        return f"P{other} has no Archer for your Archer to remove"
    if code in ("la", "cp") and forts[0] < 0:
        return f"P{other} has no Castle for a {NAMES[INDEX[code]]}"
    if code == "la" and state.ladder_on == other:
        return f"a Ladder already stands against P{other}'s Castle"
    if forts[0] >= 0 and state.ladder_on != other:
        return (f"P{other}'s Castle stops common attacks without a Ladder; "
                "a Catapult, Dragon or Ninja can pass it")
    return None


__all__ = ["explain_illegal", "observe"]
