"""What a seat may see: the view dict, the text picture, prompts and reasons for refusals.

Public: gems, hand sizes, fortifications, the discard pile, the draw pile's size, the attack on the
table, cards shown to a Herald. Private: a seat's own hand, and (while drafting) the card it drew.
Nothing tells who holds a Highwayman or a Jester: every seat with a card is asked in a window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games.knights_and_ninjas.cards import CODES, INDEX, JE, KINDS, NAMES, SLOTS
from ninjadojo.games.knights_and_ninjas.effects import card_name
from ninjadojo.games.knights_and_ninjas.rules import data_int, shown_cards

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState


def _slot_text(card: int, role: int) -> str | None:
    if card < 0:
        return None
    return CODES[role] if card == role else f"je>{CODES[role]}"


def observe(state: KnightsAndNinjasState, seat: int | None) -> dict[str, JSONValue]:
    """The game-specific part of ``seat``'s view."""
    players: list[JSONValue] = []
    for other in range(state.num_players):
        forts = state.forts[other]
        players.append({
            "gems": state.gems[other],
            "cards": state.sizes[other],
            "castle": _slot_text(forts[0], SLOTS[0]),
            "archer": _slot_text(forts[1], SLOTS[1]),
            "minstrel": _slot_text(forts[2], SLOTS[2]),
            "known": [CODES[k] for k in range(KINDS) for _ in range(state.known[other][k])],
        })
    view: dict[str, JSONValue] = {
        "variation": "2-player" if state.duel else None,
        "current": state.current,
        "target": state.target_now(),
        "reshuffles": state.shuffles,
        "deck": len(state.deck),
        "discard": [CODES[k] for k in state.discard],
        "table": _table(state),
        "players": players,
        "hand": None if seat is None else [CODES[k] for k in range(KINDS) for _ in range(state.hands[seat][k])],
    }
    if state.duel:
        top = state.frames[-1] if state.frames else None
        drafting = top is not None and top.kind == "draft"
        view["draft"] = {
            "pile": len(state.draft),
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
    attack = _open_attack(state)
    if attack is not None:
        by, against, role, strength = attack
        table["attack"] = {"by": by, "against": against, "role": CODES[role], "strength": strength}
    shown = _shown(state)
    if shown:
        table["shown"] = [[s, CODES[k]] for s, k in shown]
    window = _window(state)
    if window is not None:
        table["gems_in_play"] = {"holder": window[0], "amount": window[1]}
    return table


def _open_attack(state: KnightsAndNinjasState) -> tuple[int, int, int, int] | None:
    """(by, against, role, strength) of the attack waiting for a response, if any."""
    for frame in reversed(state.frames):
        if frame.kind == "respond":
            return (data_int(frame, "by"), frame.seats[0], data_int(frame, "role"), data_int(frame, "str"))
    return None


def _shown(state: KnightsAndNinjasState) -> list[tuple[int, int]]:
    for frame in state.frames:
        if frame.kind == "herald-pick":
            return shown_cards(frame)
    return []


def _window(state: KnightsAndNinjasState) -> tuple[int, int] | None:
    for frame in state.frames:
        if frame.kind == "highwayman":
            return data_int(frame, "holder"), data_int(frame, "amount")
    return None


def _hand_words(hand: list[int]) -> str:
    words = [f"{hand[k]}x {NAMES[k]} ({CODES[k]})" if hand[k] > 1 else f"{NAMES[k]} ({CODES[k]})"
             for k in range(KINDS) if hand[k]]
    return ", ".join(words) or "no cards"


def render(state: KnightsAndNinjasState, seat: int | None, markup: bool = False) -> str:
    """A text picture of the position as ``seat`` sees it (rich markup when ``markup``)."""

    def paint(text: str, style: str) -> str:
        return f"[{style}]{text}[/{style}]" if markup else text

    target = state.target_now()
    lines = [paint("Of Knights and Ninjas", "bold")
             + (" - 2-player variation (all 12 gems win)" if state.duel else f" - {target} gems win")
             + f"; draw pile {len(state.deck)}, discards {len(state.discard)}, reshuffles {state.shuffles}"]
    drafting = state.duel and bool(state.frames) and state.frames[-1].kind == "draft"
    acting = state.frames[-1].seats[0] if drafting else state.current
    for other in range(state.num_players):
        forts = [NAMES[SLOTS[i]] if card == SLOTS[i] else f"Jester as {NAMES[SLOTS[i]]}"
                 for i, card in enumerate(state.forts[other]) if card >= 0]
        mark = ">" if other == acting else " "
        you = " (you)" if other == seat else ""
        gems = paint("*" * state.gems[other], "yellow") or "-"
        known = [NAMES[k] for k in range(KINDS) for _ in range(state.known[other][k])]
        size = state.sizes[other]
        lines.append(f"{mark} seat {other}{you}: {state.gems[other]:2d} gems {gems}  {size} card{'s' * (size != 1)}"
                     + (f" (known: {', '.join(known)})" if known and other != seat else "")
                     + (f"  fortified: {', '.join(forts)}" if forts else ""))
    if state.attack_target >= 0:
        ladder = f" (Ladder against seat {state.ladder_on}'s Castle)" if state.ladder_on >= 0 else ""
        lines.append(paint(f"seat {state.current} is attacking seat {state.attack_target}{ladder}", "red"))
    attack = _open_attack(state)
    if attack is not None:
        by, against, role, strength = attack
        cards = " + ".join(NAMES[k] for k in state.pending)
        as_role = "" if state.pending == [role] else f" as {NAMES[role]}"
        lines.append(paint(f"  seat {by} attacks seat {against}: {cards}{as_role}, strength {strength}", "red"))
    shown = _shown(state)
    if shown:
        lines.append("  shown to the Herald: " + ", ".join(f"seat {s}: {NAMES[k]}" for s, k in shown))
    window = _window(state)
    if window is not None:
        lines.append(f"  seat {window[0]} has just taken {window[1]} gem{'s' * (window[1] != 1)}: "
                     "a Highwayman may steal them")
    if state.duel and state.frames and state.frames[-1].kind == "draft":
        drafter = state.frames[-1].seats[0]
        lines.append(f"draft: {len(state.draft)} cards left, seat {drafter} is drafting")
        if seat == drafter:
            lines.append(paint(f"  you drew: {NAMES[state.draft[-1]]}", "cyan"))
    if seat is not None:
        lines.append(paint("your hand: ", "bold") + _hand_words(state.hands[seat]))
    if state.result is not None:
        lines.append(paint(state.result.reason, "green"))
    return "\n".join(lines)


def prompt(state: KnightsAndNinjasState, seat: int, frame: Frame) -> str:
    """A human prompt for ``seat``'s decision in ``frame``."""
    kind = frame.kind
    if kind == "turn":
        base = "your turn: fortify (f:ca), attack a rival (a<seat>:<card>), a special action (he, me<seat>, mo)"
        if state.duel:
            return base + ", or discard (x:<card>) with 4+ cards / call a re-deal (redeal) with 3 or fewer"
        return base + ", or discard a card (x:<card>)"
    if kind == "fortify":
        return "fortify with another kind of card (f:<card>) or end your turn (end)"
    if kind == "attack":
        return f"attack seat {state.attack_target} again (a{state.attack_target}:<card>) or stop (end)"
    if kind == "respond":
        role = NAMES[data_int(frame, "role")]
        return (f"seat {frame.data['by']} attacks you with {role} (strength {frame.data['str']}): "
                "respond (r:<card>) or take it (take)")
    if kind == "highwayman":
        amount = data_int(frame, "amount")
        return (f"seat {frame.data['holder']} has just taken {amount} gem{'s' * (amount != 1)}: "
                "play a Highwayman to steal them (hw, hw* for a Jester) or pass")
    if kind == "herald":
        count = min(state.herald_shows, state.sizes[seat])
        return f"a Herald: show {count} card{'s' * (count > 1)} of your choice (show:<card>)"
    if kind == "herald-pick":
        return "take one of the shown cards (pick<seat>:<card>)"
    if kind == "monk":
        return "a Monk taxes your Castle: pay gems (pay:g) or cards (pay:<card>.<card>)"
    if kind == "minstrel-discard":
        return "a Minstrel: discard two cards of your choice (x:<card>.<card>)"
    if kind == "draft":
        return f"you drew a {NAMES[state.draft[-1]]}: keep it (keep) or give it to your rival (give)"
    return kind


def explain_illegal(state: KnightsAndNinjasState, seat: int, action: str) -> str | None:
    """Why ``action`` is not legal, where a reason can be given."""
    codes = [action[i:i + 2] for i in range(action.find(":") + 1, len(action), 2)] if ":" in action else []
    code = codes[0].rstrip("*0123456789") if codes else ""
    hand = state.hands[seat]
    turn = bool(state.frames) and state.frames[-1].kind == "turn"
    if state.duel and turn and action.startswith("x:") and state.sizes[seat] < 4:
        return "with three or fewer cards you call a re-deal (redeal) instead of discarding"
    if state.duel and turn and action == "redeal" and state.sizes[seat] >= 4:
        return "with four or more cards you discard a card (x:<card>) instead of calling a re-deal"
    if code in INDEX and (action[:2] in ("f:", "r:", "x:") or action.startswith("a")):
        kind = INDEX[code]
        if not hand[kind] and not (hand[JE] and "*" in action):
            return f"you hold no {NAMES[kind]}"
    if action.startswith("a") and ":" in action:
        target = action[1:action.find(":")]
        if target.isdigit():
            other = int(target)
            if other == seat:
                return "you cannot attack yourself"
            if other < state.num_players and state.gems[other] == 0:
                return f"seat {other} has no gems, and only a rival with a gem can be attacked"
            if other < state.num_players and state.forts[other][2] >= 0:
                return f"seat {other} is fortified by a Minstrel and cannot be attacked"
            if 0 <= state.attack_target != other:
                return f"this turn you attack seat {state.attack_target} only"
            if other < state.num_players and state.forts[other][1] >= 0:
                return f"seat {other}'s Archer stops everything but a Ninja or an Archer"
            if other < state.num_players and state.forts[other][0] >= 0 and state.ladder_on != other:
                return (f"seat {other}'s Castle stops common attacks without a Ladder; "
                        "a Catapult, Dragon or Ninja can pass it")
    return None


__all__ = ["card_name", "explain_illegal", "observe", "prompt", "render"]
