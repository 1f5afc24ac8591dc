"""Ninjitsu! in words, for players: the prompt of every decision (base game and all five expansions), a
label for every legal action, and at the end each seat's score counted as the rulebook counts it
(treasures and secrets with their values, Vampire Ninja's penalty, Master of Earth, Earth's bonus).

No text here carries the typing codes (``d``, ``a:6c``, ``x2.0``, ``c:6c``, ``side:1``): the terminal
shows them beside these words, the browser never shows them. A card is named with its id in brackets
(``Katana (6a)``): the deck holds three Katanas, and two actions never share their words. Seats are
written ``P<n>``; drivers put the table's names in. Secret positions count from 0, as the board shows.

>>> from ninjadojo.games.ninjitsu import STATE
>>> game = STATE.new(2, seed=1)
>>> game.label(0, "d")
'Draw 2 cards'
>>> game.decision(0).prompt.startswith("Your turn")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ninjadojo.engine import Frame
from ninjadojo.engine.words import plural
from ninjadojo.games.ninjitsu.cards import (
    AURORA,
    CARD_INDEX,
    CARDS,
    EARTH,
    FACE_DOWN_BASE,
    FACE_DOWN_PER_HAND,
    FACE_DOWN_PER_SECRET,
    OWNER_PENALTY,
    VALUE,
    Play,
    TakeTreasure,
)
from ninjadojo.games.ninjitsu.effects import no_discard_yet
from ninjadojo.games.ninjitsu.knowledge import holder_knowers, place_knowers
from ninjadojo.games.ninjitsu.magic import binding_mark
from ninjadojo.games.ninjitsu.notation import (
    OP_ACTION,
    OP_CHOOSE,
    OP_DONE,
    OP_DRAW,
    OP_FLIP,
    OP_GUESS,
    OP_PASS,
    OP_PICK_SECRET,
    OP_SECRET,
    OP_SIDE,
    OP_STEAL,
    OP_STORM,
    OP_SWAP,
    OP_TAKE_HAND,
    OP_TREASURE,
    OP_WEATHER,
    OP_WIND_SWAP,
    Payload,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState


def card_words(card: int) -> str:
    """A card for players: its name (``Katana``). Copies of a card are alike but for their id, which is
    notation: where two choices would read the same, the engine numbers them (``copy 2``)."""
    return CARDS[card].name


def _cid_words(cid: object) -> str:
    """:func:`card_words` of a card written by its id in a frame's data."""
    return card_words(CARD_INDEX[str(cid)])


def _whose(state: NinjitsuState, seat: int, owner: int) -> str:
    """``your`` or ``P2's``."""
    return "your" if owner == seat else f"P{owner}'s"


def _owner(state: NinjitsuState, card: int) -> int:
    """The seat whose treasures hold ``card`` (-1: none)."""
    return next((owner for owner, cards in enumerate(state.treasures) if card in cards), -1)


def _treasure(state: NinjitsuState, seat: int, card: int) -> str:
    """A treasure in play with its owner: ``P1's Katana (6a)``, ``your Katana (6a)``."""
    owner = _owner(state, card)
    return f"{_whose(state, seat, owner)} {card_words(card)}" if owner >= 0 else card_words(card)


def _secret(state: NinjitsuState, seat: int, owner: int, position: int) -> str:
    """A secret by its place, with the card when ``seat`` knows it: ``P2's secret #1 (seen: Katana (6a))``."""
    text = f"{_whose(state, seat, owner)} secret #{position + 1}"
    secrets = state.secrets[owner]
    if owner != seat and position < len(secrets) and place_knowers(state.known[secrets[position]]) & (1 << seat):
        text += f" (seen: {card_words(secrets[position])})"
    return text


def _by(frame: Frame) -> str:
    """The card whose text asks the decision, as the prompt's head: ``Darts: ``."""
    by = frame.data.get("by")
    if isinstance(by, str) and by in CARD_INDEX:
        return CARDS[CARD_INDEX[by]].name + ": "
    return ""


def _either(choices: list[str]) -> str:
    """``a``, ``a or b``, ``a, b, or c``."""
    if len(choices) <= 2:
        return " or ".join(choices)
    return ", ".join(choices[:-1]) + f", or {choices[-1]}"


# ---------------------------------------------------------------------- prompts


def _window_moment(state: NinjitsuState, seat: int, frame: Frame) -> tuple[str, str]:
    """An "any time" window: what is about to happen (to ``seat`` in the second person), and what the cards
    ``seat`` may play there would do (only those it holds and may play)."""
    from ninjadojo.games.ninjitsu.rules import legal

    data = frame.data
    moment = data["moment"]
    card = data.get("card")
    owner = _whose(state, seat, cast(int, data["seat"])) if "seat" in data else ""  # whose treasures
    if moment == "trap":
        taker = data["taker"]
        trap = CARDS[CARD_INDEX[str(card)]].trap
        if trap is not None and trap.kind == "victim-draws" and "victim" in data:
            # Master of Cunning's trap hits no thief: the player robbed draws.
            victim = cast(int, data["victim"])
            draws = f"you draw {trap.count} cards" if victim == seat else f"P{victim} draws {trap.count} cards"
            what = f"the trap of {_cid_words(card)} is about to spring: {draws}"
        else:
            what = f"the trap of {_cid_words(card)} is about to hit {'you' if taker == seat else f'P{taker}'}"
        does = {"Antonio": "ignores the trap"}
    elif moment == "steal":
        what = (f"P{data['thief']} is about to steal {_whose(state, seat, cast(int, data['victim']))} secret "
                f"#{cast(int, data['position']) + 1}")
        does = {"Andrea": "prevents the steal, and the thief loses the rest of their turn"}
    elif moment == "treasure-in":
        what = f"{_cid_words(card)} has just entered play among {owner} treasures"
        does = {"Teleport": "takes it into your hand"}
    elif moment == "secret-in":
        what = f"P{data['seat']} has just placed a secret (#{cast(int, data['position']) + 1})"
        does = {"Alessio": "looks at it"}
    elif data["move"]:
        what = f"{_cid_words(card)} is about to be moved from {owner} treasures{_moved_by(state, seat)}"
        does = {"Teleport": "takes it into your hand"}
    else:
        what = f"{_cid_words(card)} is about to be discarded from {owner} treasures"
        does = {"Alberti": "keeps it in play", "Teleport": "takes it into your hand"}
    held = {CARDS[payload[1]].name for payload in legal(state, seat, frame).values() if payload[0] == OP_ACTION}
    answers = [f"{name} {words}" for name, words in does.items() if name in held]
    return what, ", ".join(answers)


def _moved_by(state: NinjitsuState, seat: int) -> str:
    """" by P1's Telekinesis": the card whose action is moving a treasure into a hand (the innermost card
    resolving: only a card's own action moves one), so that an answer knows what it answers. Nothing for a
    discard: a trap's or an Event's discards happen while another card is on top, which it would name."""
    if not state.effects:
        return ""
    card, _, actor, _ = state.effects[-1]
    if CARDS[card].kind in ("event", "weather"):
        return ""
    whose = "your" if actor == seat else f"P{actor}'s"
    return f" by {whose} {card_words(card)}"


def _fire_keeps(state: NinjitsuState, seat: int, scope: object) -> str:
    """The Elements: the treasures Fire (side 1) keeps from a discard, named (else they just go missing)."""
    if not state.has_elements:
        return ""
    from ninjadojo.games.ninjitsu.elements import protected

    owners = [owner for owner in range(state.num_players) if scope != "opponents" or owner != seat]
    kept = [f"{_whose(state, seat, owner)} {card_words(card)}" for owner in owners
            if (card := protected(state, owner)) >= 0]
    return f" Fire keeps {' and '.join(kept)} in play." if kept else ""


def _turn_prompt(state: NinjitsuState, seat: int, frame: Frame) -> str:
    from ninjadojo.games.ninjitsu.rules import legal

    marked = binding_mark(state, seat)
    if marked >= 0:
        # Only the ways the card allows (an icon card is never played for an action, a Tripwire only as a
        # secret), and what a pass skips: the whole turn, or under Aurora Borealis its first action alone.
        # (the marked card's own plays: another card's free "any time" play is no way to play this one)
        ops = {payload[0] for payload in legal(state, seat, frame).values() if payload[1] == marked}
        ways = [way for op, way in ((OP_ACTION, "for its action"), (OP_SECRET, "as a secret"),
                                    (OP_TREASURE, "as a treasure")) if op in ops]
        if not ways:  # (a secret-only card under a face-up Cage: no way is open)
            return (f"Your turn: Night Vision marked your {card_words(marked)}, and no way to play it is open "
                    f"now: skip {_skipped(state)}.")
        how = ways[0] if len(ways) == 1 else "(" + ", ".join(ways[:-1]) + " or " + ways[-1] + ")"
        return (f"Your turn: Night Vision marked your {card_words(marked)}: play it {how}, or skip "
                f"{_skipped(state)}.")
    points = "?" if state.blind == seat else str(state.points(seat))
    head = "Your extra action" if frame.data.get("extra") else "Your turn"
    actions = legal(state, seat, frame)
    ops = {payload[0] for payload in actions.values()}
    choices = []
    if OP_DRAW in ops:
        choices.append("draw two cards")
    # Only what is open is offered: with an empty hand there is no card to play (the prompt says why below).
    if ops & {OP_ACTION, OP_SECRET, OP_TREASURE}:
        choices.append("play a card")
    if OP_STEAL in ops:
        choices.append("steal a secret")
    extras = []
    weathers = {payload[1] for payload in actions.values() if payload[0] == OP_WEATHER}
    for weather in sorted(weathers):
        extras.append(f"{CARDS[weather].name}: {_WEATHER_DOES.get(CARDS[weather].name, CARDS[weather].brief)}")
    if OP_STORM in ops:
        extras.append("Storms: discard a card to draw 3")
    if OP_WIND_SWAP in ops:
        extras.append("Wind: swap a treasure of your hand into play, then draw a card")
    text = f"{head} ({plural(int(points), 'point') if points != '?' else '? points'}, target {state.target}): "
    text += "; or ".join(([_either(choices)] if choices else []) + extras)
    text += "."
    if not state.hands[seat] and not frame.data.get("extra") and choices:
        text += " Your hand is empty, so you have no card to play."
    if OP_DRAW not in ops and state.has_weather:
        text += " Drought: no drawing with 5 or more cards in hand."
    # What a face-up card of your own forbids, so that the missing choices do not just go missing.
    if state.has_sabotage and state.has_face_up(seat, "cage") and state.hands[seat]:
        text += " Your Cage is face-up: no secrets as your action."
    if state.has_sabotage and state.has_face_up(seat, "squeaky-floor") and any(
            state.secrets[other] for other in range(state.num_players) if other != seat):
        text += " Your Squeaky Floor is face-up: no stealing as your action."
    if OP_SWAP in ops:
        # The allowance bounds the swaps listed among the turn's choices (bots'); a person may rearrange at
        # any time besides (the free actions), so no count is shown.
        text += " First you may swap two of your secrets, for free (you may rearrange them at any time)."
    return text


_WEATHER_DOES = {"Snow": "take the top 2 cards of the discard pile", "Fog": "draw 2 cards, then play a random card"}


def _expansion_prompt(state: NinjitsuState, seat: int, frame: Frame) -> str:
    """The prompt of a decision of The Elements or Heavy Weather."""
    kind = frame.kind
    data = frame.data
    if kind == "element":
        name = state.elements[seat].rstrip("12")
        how = ("The sides are chosen one after another, each shown to all." if state.sides_in_turn else
               "The others choose at the same time.")
        return f"Your Element is {name.capitalize()}: choose the side you use all game. {how}"
    if kind == "wind-swap":
        return (f"Wind: choose the treasure in play to swap with your {_cid_words(data.get('card'))}; "
                "then you draw a card.")
    if kind == "heart":
        return "Heart: you may discard a card from your hand to look at an opponent's hand, or pass."
    if kind == "heart-look":
        return "Heart: choose the opponent whose hand you look at."
    if kind == "fire-trade":
        return ("Fire: you may trade a card of your hand with a random card of an opponent's hand: choose the "
                "opponent, or pass.")
    if kind == "fire-with":
        return f"Fire: choose the card of your hand you give P{data.get('seat')}."
    if kind == "water-swap":
        return "Water: you may discard a card from your hand to draw a card, or pass."
    if kind == "hail":
        return "Hail: you played a treasure, so discard a card from your hand."
    if kind == "fire-keep":
        cards = data.get("cards")
        names = [_cid_words(cid) for cid in cards] if isinstance(cards, tuple) else []
        tied = (f"{len(names)} {names[0]}s" if len(set(names)) == 1 and len(names) > 1
                else " and ".join(names)) if names else ""
        about = f" {_cid_words(data['card'])} is about to be discarded." if data.get("card") else ""
        return f"Fire: your treasures tie for the highest ({tied}): choose the one Fire keeps in play.{about}"
    if kind == "wind-pass":
        return (f"Wind: choose the card of your hand you pass to P{(seat + 1) % state.num_players}; everyone "
                "chooses at the same time.")
    if kind == "hurricane":
        return "Hurricane: discard a card from your hand; everyone chooses at the same time."
    assert kind == "blizzard", kind
    smallest = min(len(hand) for hand in state.hands)
    return (f"Blizzard: discard a card from your hand. Every hand is brought down to "
            f"{plural(smallest, 'card')}, the smallest, one card a round: each player still above it "
            "discards a card at the same time.")


def _tie_out_of_turn(state: NinjitsuState, seat: int) -> str:
    """Why a tie is asked of ``seat`` when another player resolves the card (played out of turn): ties are
    the current player's (RULINGS.md)."""
    if not state.effects or state.effects[-1][2] == seat:
        return ""
    card, _, actor, _ = state.effects[-1]
    return f" (P{actor} plays {CARDS[card].name}; a tie is the current player's to choose.)"


def _which_play(state: NinjitsuState, frame: Frame) -> str:
    """Which of a card's plays in a row this one is, when its text asks for several of the same way (Flight's
    "Play 3 treasures", Smoke Bomb's "Play 2 cards as secrets"): `` (treasure 2 of 3)``; else ``""``.

    >>> from ninjadojo.games.ninjitsu.builder import position
    >>> game = position(hands=["9a Ta 2b", ""])
    >>> game.apply(0, "a:9a")                   # Smoke Bomb for its action: 2 secrets to play
    >>> prompt(game, 0, game.frames[-1])
    'Smoke Bomb: play a card from your hand as a secret (secret 1 of 2).'
    >>> game.apply(0, "s:Ta")
    >>> prompt(game, 0, game.frames[-1])
    'Smoke Bomb: play a card from your hand as a secret (secret 2 of 2).'
    >>> game = position(hands=["Qs", ""], treasures=["", "9a 6a"], expansions="sabotage")
    >>> game.apply(0, "a:Qs")                   # Master Thief: 2 treasures to take
    >>> prompt(game, 0, game.frames[-1])
    'Master Thief: move a treasure from play into your hand (treasure 1 of 2).'
    """
    if not state.effects:
        return ""
    card, index, _, _ = state.effects[-1]
    steps = CARDS[card].steps
    at = index - 1  # the step being asked (the stack already points past it)
    if frame.data.get("by") != CARDS[card].id or not 0 <= at < len(steps):
        return ""
    step = steps[at]
    if isinstance(step, TakeTreasure):  # Master Thief's two treasures taken
        way = "treasure"
        same = [isinstance(each, TakeTreasure) for each in steps]
    elif isinstance(step, Play):
        way = step.way
        same = [isinstance(each, Play) and each.way == way for each in steps]
    else:
        return ""
    first = at
    while first > 0 and same[first - 1]:
        first -= 1
    last = at
    while last + 1 < len(steps) and same[last + 1]:
        last += 1
    if last == first:
        return ""
    return f" ({way} {at - first + 1} of {last - first + 1})"


#: A way to play a card, as a prompt says it.
_WAY_WORDS = {"action": "for its action", "secret": "as a secret", "treasure": "as a treasure"}


def prompt(state: NinjitsuState, seat: int, frame: Frame) -> str:
    """The question ``seat`` answers in ``frame``, as a plain sentence."""
    from ninjadojo.games.ninjitsu.rules import EXPANSION_FRAMES

    kind = frame.kind
    data = frame.data
    by = _by(frame)
    if kind == "turn":
        return _turn_prompt(state, seat, frame)
    if kind in EXPANSION_FRAMES:
        return _expansion_prompt(state, seat, frame)
    if kind == "play" and isinstance(data.get("last"), int):
        cards = state.hands[seat][-int(str(data["last"])):]
        if len(cards) == 1:
            # The ways this card may be played, named (Bow and Arrows has no action to offer).
            return f"{by}play {card_words(cards[0])} {_either([_WAY_WORDS[way] for way in CARDS[cards[0]].plays])}."
        which = "one of " + ", ".join(card_words(card) for card in cards)
        return f"{by}play {which}: for its action, as a secret or as a treasure, as each allows."
    if kind == "play" and data["way"] in ("treasure", "action"):
        how = "as a treasure" if data["way"] == "treasure" else "for its action"
        return f"{by}play a card from your hand {how}{_which_play(state, frame)}."
    if kind == "play" and data.get("optional"):
        return f"{by}you may play a card from your hand (for its action, as a secret or as a treasure), or pass."
    if kind == "play":
        if data["way"] == "secret":
            return f"{by}play a card from your hand as a secret{_which_play(state, frame)}."
        return f"{by}play a card from your hand: for its action, as a secret or as a treasure."
    if kind == "steal":
        ignoring = ", ignoring its trap" if data.get("ignore_traps") else ""
        may = "you may steal" if data.get("optional") else "steal"
        tail = ", or pass." if data.get("optional") else "."
        return f"{by}{may} an opponent's secret{ignoring}{tail}"
    if kind == "surprise":
        return f"{by}turn an opponent's secret face up."
    if kind == "discard-treasure":
        whose = "an opponent's" if data["scope"] == "opponents" else "any"
        # "up to 2" before the first discard, "up to 1 more" after it.
        first = no_discard_yet(frame)
        more = f", or stop (up to {data['left']}{'' if first else ' more'})" if data.get("optional") else ""
        then = "; its action then happens as if you played it" if data.get("use_action") else ""
        return f"{by}discard {whose} treasure from play{more}{then}.{_fire_keeps(state, seat, data['scope'])}"
    if kind in ("take-treasure", "teleport"):
        return f"{by}move a treasure from play into your hand{_which_play(state, frame)}."
    if kind == "tie":
        which = "highest" if data["highest"] else "lowest"
        return (f"{by}P{data['seat']}'s {which}-value treasures tie: choose the one to discard."
                f"{_tie_out_of_turn(state, seat)}")
    if kind == "trap-discard":
        return f"{by}the trap makes you discard a card from your hand."
    if kind == "fire":
        return (f"{by}the last {data['left']} of the 3 highest treasures tie: choose one to discard."
                f"{_tie_out_of_turn(state, seat)}")
    if kind == "shift":
        return f"{by}swap the treasure you played with another treasure in play."
    if kind == "telekinesis":
        return f"{by}steal an opponent's treasure of value {data['value']} into your collection."
    if kind == "invisibility":
        return f"{by}move a card into your hand: a treasure from play, or a random card of an opponent's hand."
    if kind == "disguise":
        return f"{by}pick the secret to swap with the first." if data.get("first") else \
            f"{by}pick the first of two secrets to swap."
    if kind == "shuriken":
        return f"{by}pick a secret to discard."
    if kind == "peek" and data.get("by") == "1s":  # Alessio's one look, its action used by another card
        return f"{by}pick an opponent's secret to look at."
    if kind == "peek":
        return f"{by}pick a secret to look at ({data.get('left')} left)."
    if kind == "alessio":
        return f"{by}pick an opponent's secret to look at."
    if kind == "escape":
        return f"{by}turn a treasure face down: it becomes its owner's secret."
    if kind == "net-discard":
        return f"{by}discard a card from your hand."
    if kind == "net-take":
        return f"{by}take one of the discarded cards into your hand."
    if kind == "deadfall":
        return f"{by}the trap: choose the card you keep; the rest goes to P{data['victim']}."
    if kind == "guess":
        return f"{by}guess the value of the secret you will steal (1 to 10, or a card without value)."
    if kind == "window":
        what, answers = _window_moment(state, seat, frame)
        if not answers:
            return f"Any time: {what}. Nothing you hold answers it: pass."
        return f"Any time: {what}. You may play a card for free ({answers}), or pass."
    return kind.replace("-", " ").capitalize() + "."


# ---------------------------------------------------------------------- labels


def label(state: NinjitsuState, seat: int, frame: Frame, payload: Payload) -> str:
    """Words for ``seat``'s legal action ``payload`` in ``frame``."""
    op, first, second = payload
    kind = frame.kind
    if op == OP_DRAW:
        return "Draw 2 cards"
    if op == OP_ACTION:
        return _play_action(state, seat, frame, first)
    if op == OP_SECRET:
        return f"Play {card_words(first)} as a secret"
    if op == OP_TREASURE:
        return f"Play {card_words(first)} as a treasure"
    if op == OP_STEAL:
        return f"Steal {_secret(state, seat, first, second)}"
    if op == OP_FLIP:
        return f"Turn {_secret(state, seat, first, second)} face up"
    if op == OP_SWAP:
        return f"Swap your secrets #{first + 1} and #{second + 1} (free)"
    if op == OP_CHOOSE:
        return _choose(state, seat, frame, first)
    if op == OP_DONE:
        return "Stop: discard no more"
    if op == OP_PASS:
        if kind == "window" and frame.data["moment"] in ("treasure-in", "secret-in"):
            return "Pass"  # what it answers has happened already: nothing to let happen
        if kind == "turn" and binding_mark(state, seat) >= 0:
            return f"Skip {_skipped(state)}"
        return _PASS.get(kind, "Pass")
    if op == OP_GUESS:
        return f"Guess the value {first}" if first else "Guess a card without value"
    if op == OP_TAKE_HAND:
        if kind == "heart-look":
            return f"Look at P{first}'s hand"
        if kind == "fire-trade":
            return f"Trade with P{first}: one of your cards for a random card of their hand"
        return f"Take a random card of P{first}'s hand"
    if op == OP_PICK_SECRET:
        secret = _secret(state, seat, first, second)
        if kind == "shuriken":
            return f"Discard {secret}"
        if kind in ("peek", "alessio"):
            return f"Look at {secret}"
        return f"Swap {secret} with the first" if frame.data.get("first") else f"Pick {secret} to swap"
    if op == OP_WEATHER:
        name = CARDS[first].name
        return f"{name}: {_WEATHER_DOES.get(name, CARDS[first].brief)}"
    if op == OP_STORM:
        return f"Storms: discard {card_words(first)} to draw 3 cards"
    if op == OP_WIND_SWAP:
        return f"Wind: swap {card_words(first)} from your hand with a treasure in play, then draw"
    assert op == OP_SIDE, payload
    from ninjadojo.games.ninjitsu.elements import SIDES

    name = state.elements[seat].rstrip("12")
    return f"Side {first}: {SIDES[f'{name}{first}'][1]}"


def label_detail(state: NinjitsuState, seat: int, payload: Payload) -> str | None:
    """What tells one copy of a card in ``seat``'s hand from another whose choice reads the same: who else
    knows ``seat`` has it (a card drawn is known to no one else; one taken from a rival, or moved into the
    hand in sight of all, is known to them). Playing the known copy as a secret tells them what that
    secret is; playing the other keeps it hidden. ``None`` for a choice that names no card of the hand."""
    card = payload[1]
    if card < 0 or card not in state.hands[seat]:
        return None
    mask = state.known[card]
    others = (place_knowers(mask) | holder_knowers(mask)) & ~(1 << seat) & ((1 << state.num_players) - 1)
    knowers = [other for other in range(state.num_players) if others >> other & 1]
    if not knowers:
        return "no one else knows you have it"
    if len(knowers) == state.num_players - 1 and len(knowers) > 1:
        return "everyone knows you have it"
    named = " and ".join(f"P{other}" for other in knowers)
    return f"{named} {'knows' if len(knowers) == 1 else 'know'} you have it"


def _skipped(state: NinjitsuState) -> str:
    """What a marked player's pass skips: under Aurora Borealis the mark binds the first action only
    (RULINGS), so that alone is skipped; else the whole turn."""
    return "your first action" if state.has_weather and AURORA in state.weather else "your turn"


_PASS = {
    "window": "Pass: let it happen",
    "turn": "Skip your turn",
    "play": "Play no card",
    "steal": "Steal no secret",
    "heart": "Pass: look at no hand",
    "fire-trade": "Pass: trade no card",
    "water-swap": "Pass: discard no card",
}


def _play_action(state: NinjitsuState, seat: int, frame: Frame, card: int) -> str:
    """Playing ``card`` for its action (an "any time" card: for free, at its moment)."""
    name = CARDS[card].name
    if frame.kind == "window" and name in _ANSWERS:
        return f"Play {card_words(card)} for free: {_ANSWERS[name]}"
    if frame.kind == "turn" and name in _BEFORE_ACTION:
        return f"Play {card_words(card)} now, for free: {_BEFORE_ACTION[name]}"
    if frame.kind == "turn" and card in state.hands[seat]:
        from ninjadojo.games.ninjitsu.rules import can_act  # (rules imports this module's words)

        # Legal under the default reading (ruling 4), and the turn's action spent for nothing: said, so
        # that nobody plays it by mistake (judged from what the seat can see, as the option does).
        if not can_act(state, seat, card):
            return f"Play {card_words(card)} for its action (it would do nothing now)"
    return f"Play {card_words(card)} for its action"


#: What an "any time" card does when played in the moment a window offers.
_ANSWERS = {"Antonio": "ignore the trap", "Andrea": "stop the steal", "Alberti": "keep the treasure in play",
            "Teleport": "take the treasure into your hand", "Alessio": "look at that secret"}
#: What an "any time" card does when played before its holder's own action (it costs no action).
_BEFORE_ACTION = {"Teleport": "take a treasure from play into your hand",
                  "Alessio": "look at an opponent's secret"}


def _choose(state: NinjitsuState, seat: int, frame: Frame, card: int) -> str:
    """A card chosen in ``frame`` (``c:``), in the words of what the choice does."""
    kind = frame.kind
    data = frame.data
    named = card_words(card)
    if kind == "discard-treasure":
        return f"Discard {_treasure(state, seat, card)}"
    if kind in ("take-treasure", "teleport"):
        return f"Take {_treasure(state, seat, card)} into your hand"
    if kind in ("tie", "fire"):
        return f"Discard {_treasure(state, seat, card)}"
    if kind == "fire-keep":
        return f"Keep {named} in play"
    if kind in ("trap-discard", "net-discard", "hurricane", "blizzard", "hail"):
        return f"Discard {named} from your hand"
    if kind == "shift":
        return f"Swap it with {_treasure(state, seat, card)}"
    if kind == "telekinesis":
        return f"Steal {_treasure(state, seat, card)} into your collection"
    if kind == "invisibility":
        return f"Take {_whose(state, seat, _owner(state, card))} treasure {named} into your hand"
    if kind == "escape":
        owner = _owner(state, card)
        return f"Turn {_treasure(state, seat, card)} face down (it becomes {_whose(state, seat, owner)} secret)"
    if kind == "net-take":
        return f"Take {named} into your hand"
    if kind == "deadfall":
        return f"Keep {named}; the rest goes to P{data['victim']}"
    if kind == "wind-swap":
        return f"Swap your {_cid_words(data.get('card'))} for {_treasure(state, seat, card)}"
    if kind == "heart":
        return f"Discard {named} to look at an opponent's hand"
    if kind == "fire-with":
        return f"Give {named} to P{data.get('seat')}"
    if kind == "water-swap":
        return f"Discard {named} to draw a card"
    if kind == "wind-pass":
        return f"Pass {named} to P{(seat + 1) % state.num_players}"
    return f"Choose {named}"


# ---------------------------------------------------------------------- the end


def win_reason(state: NinjitsuState, seat: int, points: int, doubled: bool) -> str:
    """Why ``seat`` wins: it starts its turn with ``points``, the target or more (``doubled``: by Aurora
    Borealis). When a rival holds the target too (as many points, more, or fewer), the reason says why the
    winner is not that rival: the rulebook's "the first player to have 21 or more points at the start of
    their turn is the winner", the check the engine makes at each turn's start and only then.

    >>> from ninjadojo.games.ninjitsu.builder import position
    >>> game = position(hands=["", ""], treasures=["Ta 9a 2b", "Tb 9b 2c"])
    >>> win_reason(game, 0, 21, False).split(". ")
    ['P0 starts their turn with 21 points (target 21) and wins', "P1 also has 21 points, a tie, but a win is checked \
only at the start of a player's own turn, and P0's turn began before P1's next one"]
    """
    target = f"target {state.target}, doubled by Aurora Borealis" if doubled else f"target {state.target}"
    reason = f"P{seat} starts their turn with {points} points ({target}) and wins"
    rivals = [(other, held) for other in state.opponents(seat) if (held := state.points(other)) >= state.target]
    if not rivals:
        return reason
    if len(rivals) == 1:
        other, held = rivals[0]
        if held == points:
            said = f"P{other} also has {held} points, a tie"
        elif held > points:
            said = f"P{other} has more, {held} points"
        else:
            said = f"P{other} also reaches the target, with {held} points"
    else:
        listed = [f"P{other} ({held} points)" for other, held in rivals]
        said = f"{', '.join(listed[:-1])} and {listed[-1]} also reach the target"
    # Freeze Time (Masters of Magic) may have skipped a rival's check: the rule is then said with it (without the
    # card's name: a log line names a card with its id, and no one card is meant here).
    frozen = " (if no card puts the check off)" if "magic" in state.sets else ""
    # Whose turn began first is what decides ("came first" read as if the rival's last turn had not been before).
    # Short clauses: "a player wins only when their own turn starts at the target and no card puts the check off,
    # and ..." was read as hard to follow.
    before = f"P{rivals[0][0]}'s next one" if len(rivals) == 1 else "any of theirs"
    return (f"{reason}. {said}, but a win is checked only at the start of a player's own turn{frozen}, "
            f"and P{seat}'s turn began before {before}")


def score_lines(state: NinjitsuState, player: int) -> list[str]:
    """How ``player``'s points are counted at the end: each treasure with its value, each secret with
    its face-down worth, Vampire Ninja's penalty, Master of Earth's worth, Earth's bonus, then
    ``Total: N`` (equal to :meth:`NinjitsuState.points`, the result's score)."""
    lines: list[str] = []
    treasures = state.treasures[player]
    secrets = state.secrets[player]
    count = len(secrets)
    in_hand = len(state.hands[player])
    total = 0
    for card in treasures:
        if card == EARTH and state.has_earth:
            continue  # counted once below, with what it is worth
        lines.append(f"Treasure {card_words(card)}: {VALUE[card]}")
        total += VALUE[card]
    for position, card in enumerate(secrets):
        if card == EARTH and state.has_earth:
            lines.append(f"Secret #{position + 1} {card_words(card)}: counted below")
            continue
        worth = FACE_DOWN_BASE[card] + FACE_DOWN_PER_SECRET[card] * count + FACE_DOWN_PER_HAND[card] * in_hand
        how = ""
        if FACE_DOWN_PER_SECRET[card]:
            how = f" ({FACE_DOWN_BASE[card]} + {FACE_DOWN_PER_SECRET[card]} for {_each_of_the(count, 'secret')})"
        elif FACE_DOWN_PER_HAND[card]:
            how = (f" ({FACE_DOWN_BASE[card]} + {FACE_DOWN_PER_HAND[card]} for "
                   f"{_each_of_the(in_hand, 'card')} in hand)")
        elif FACE_DOWN_BASE[card] != (VALUE[card] or 0):
            how = " (face down)"
        lines.append(f"Secret #{position + 1} {card_words(card)}: {worth}{how}")
        total += worth
    if state.has_earth and (EARTH in treasures or EARTH in secrets):
        worth = state.earth_worth(player)
        opponents = sum(len(state.treasures[other]) for other in state.opponents(player))
        lines.append(f"{card_words(EARTH)}: {worth} (2 for each of the opponents' {plural(opponents, 'treasure')})")
        total += worth
    penalty = sum(OWNER_PENALTY[card] for card in treasures)
    if penalty:
        cards = len(treasures) + count
        lines.append(f"Vampire Ninja: {penalty} for {_each_of_the(cards, 'card')} in play: {penalty * cards}")
        total += penalty * cards
    if state.has_elements:
        from ninjadojo.games.ninjitsu.elements import treasure_bonus

        bonus = treasure_bonus(state, player)
        if bonus:
            lines.append(f"Earth (side 2): +1 for {_each_of_the(len(treasures), 'treasure')}: {bonus}")
            total += bonus
    if not lines:
        lines.append("No treasures and no secrets")
    lines.append(f"Total: {total}")
    return lines


def _each_of_the(count: int, noun: str) -> str:
    """"each of the 3 secrets", or "the one secret" (never "each of the 1 secret"). Not "your": every
    player reads every player's lines at the end."""
    return f"the one {noun}" if count == 1 else f"each of the {plural(count, noun)}"
