"""Words for players: each decision's prompt, each legal action's label, the end's reason and the
final count, in the rulebook's terms and never in the typing notation (``a2:kn``, ``r:pe2``...).

Seats are written ``P<n>`` (drivers put the table's names in). Prompts speak to the seat deciding
("you"); labels say what the action does ("Attack P2 with a Knight", "Respond with a King (protects 4
gems)"), so two legal actions of one decision never read alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.engine.words import listing, seat_name, with_article
from ninjadojo.engine.words import plural as count_words
from ninjadojo.games.knights_and_ninjas.cards import (
    AR,
    CA,
    COMMON,
    CP,
    DR,
    EX,
    HE,
    HW,
    JE,
    KINDS,
    LA,
    ME,
    MERCHANT_PRICE,
    MI,
    MO,
    MONK_CARDS,
    MONK_GEMS,
    NAMES,
    NI,
    PE,
    PR,
    SLOTS,
    STRENGTH,
    TR,
)
from ninjadojo.games.knights_and_ninjas.options import MERCHANT_GEM_WINS, TURNED_BLOCK_ENDS_TURN
from ninjadojo.games.knights_and_ninjas.rules import (
    OP_ATTACK,
    OP_DISCARD,
    OP_END,
    OP_FORT,
    OP_GIVE,
    OP_HERALD,
    OP_HIGHWAYMAN,
    OP_KEEP,
    OP_MERCHANT,
    OP_MONK,
    OP_PASS,
    OP_PAY_CARDS,
    OP_PAY_GEMS,
    OP_PICK,
    OP_REDEAL,
    OP_RESPOND,
    OP_SHOW,
    OP_TAKE,
    Payload,
    data_int,
    legal,
    taxed_rivals,
)
from ninjadojo.games.knights_and_ninjas.view import taken_from

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

#: Small counts as words ("two Peasants"), larger ones in digits.
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

#: Plurals that are not the name and an ``s`` (the rulebook: "3 Highwaymen", "2 Princesses").
PLURALS = {"Highwayman": "Highwaymen", "Princess": "Princesses"}


def plural(count: int, word: str) -> str:
    """``1 gem``, ``2 gems``, ``3 Highwaymen``: the count in digits and the word agreeing with it (the
    irregular plurals of this game's cards from :data:`PLURALS`)."""
    return count_words(count, word, PLURALS.get(word))


def card_words(kind: int, role: int | None = None) -> str:
    """``a Knight``, or ``a Jester as a Knight`` when a Jester stands in for ``role``."""
    if role is not None and kind != role:
        return f"a Jester as {with_article(NAMES[role])}"
    return with_article(NAMES[kind])


def cards_words(kinds: list[int] | tuple[int, ...]) -> str:
    """Cards in words, in card order: ``a Peasant and a Knight``, ``two Peasants``, ``a Peasant, a
    Soldier and a Castle``."""
    parts = []
    for kind in range(KINDS):
        count = list(kinds).count(kind)
        if count == 1:
            parts.append(with_article(NAMES[kind]))
        elif count > 1:
            number = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
            parts.append(f"{number} {PLURALS.get(NAMES[kind], NAMES[kind] + 's')}")
    if not parts:
        return "no card"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def play_words(role: int, real: int, jesters: int) -> str:
    """A play of common cards: ``a Knight``, ``a Jester as a Knight``, ``a revolt of 3 Peasants``,
    ``a revolt of 3 Peasants, one a Jester``."""
    total = real + jesters
    if role == PE and total > 1:
        if not jesters:
            return f"a revolt of {total} Peasants"
        if not real:
            return f"a revolt of {total} Peasants, all Jesters"
        return f"a revolt of {total} Peasants, {NUMBER_WORDS[jesters]} a Jester" if jesters == 1 else \
            f"a revolt of {total} Peasants, {NUMBER_WORDS[jesters]} of them Jesters"
    return card_words(JE if jesters else role, role)


def the_play(role: int, real: int, jesters: int) -> str:
    """:func:`play_words` with ``the``: ``the Knight``, ``the revolt of 3 Peasants``."""
    return "the " + play_words(role, real, jesters).split(" ", 1)[1]


def _list_seats(seats: list[int]) -> str:
    names = [seat_name(seat) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ---------------------------------------------------------------------- labels


def label(state: KnightsAndNinjasState, seat: int, frame: Frame, action: str, payload: Payload) -> str:
    """Words for one of ``seat``'s legal actions in ``frame`` (``action`` is its text, ``payload`` what it does)."""
    op = payload[0]
    duel = state.duel
    if op == OP_FORT:
        kind = payload[2]
        role = (CA, AR, MI)[payload[1]]
        if role == MI and duel:
            return f"Play {card_words(kind, role)}: {seat_name(1 - seat)} discards two cards"
        return f"Fortify with {card_words(kind, role)}"
    if op == OP_ATTACK:
        return _attack_label(state, payload)
    if op == OP_RESPOND:
        return _respond_label(state, frame, payload)
    if op == OP_TAKE:
        return _take_label(state, seat, frame)
    if op == OP_END:
        return "End your turn"
    if op == OP_DISCARD:
        return f"Discard {cards_words(payload[1:])}"
    if op == OP_REDEAL:
        return "Call a re-deal: fifteen new cards are drafted"
    if op == OP_HERALD:
        rivals = "your rival shows you two cards" if duel else "each rival shows you a card"
        return f"Play {card_words(payload[1], HE)}: {rivals}, take one"
    if op == OP_MERCHANT:
        target = payload[1]
        price = MERCHANT_PRICE[duel]
        taken = state.sizes[target] // 2
        label = (f"Play {card_words(payload[2], ME)}: pay {seat_name(target)} {plural(price, 'gem')} and take "
                 f"{taken} of their {plural(state.sizes[target], 'card')} blind")
        reached = state.gems[target] + min(price, state.gems[seat])
        if state.rule(MERCHANT_GEM_WINS) and reached >= state.target_now():
            # As the payment is made (ruling 11): worth saying before the click that gives the game away.
            label += f" (they would reach {plural(reached, 'gem')} and win at once)"
        return label
    if op == OP_MONK:
        taxed = taxed_rivals(state, seat)
        gems, cards = MONK_GEMS[duel], MONK_CARDS[duel]
        if not taxed:
            return f"Play {card_words(payload[1], MO)} (no rival is taxed)"
        pays = " each pay" if len(taxed) > 1 else " pays"
        # A rival who can pay neither in full pays what they have (ruling 7): said, from the public counts.
        short = [f"{seat_name(rival)} has only {_what_they_have(state, rival)}" for rival in taxed
                 if state.gems[rival] < gems and state.sizes[rival] < cards]
        return (f"Play {card_words(payload[1], MO)}: {_list_seats(taxed)}{pays} you "
                f"{plural(gems, 'gem')} or {plural(cards, 'card')}" + (f" ({'; '.join(short)})" if short else ""))
    if op == OP_HIGHWAYMAN:
        amount = data_int(frame, "amount")
        return f"Steal the {plural(amount, 'gem')} with {card_words(payload[1], HW)}"
    if op == OP_PASS:
        noun = "gem" if data_int(frame, "amount") == 1 else "gems"
        return f"Pass: {seat_name(data_int(frame, 'holder'))} keeps the {noun}"
    if op == OP_PICK:
        return f"Take {seat_name(payload[1])}'s {NAMES[payload[2]]}"
    if op == OP_PAY_GEMS:
        due = MONK_GEMS[duel]
        held = state.gems[seat]
        if held < due:
            # Neither payment can be made in full: every gem the seat has.
            return "Pay your only gem" if held == 1 else f"Pay all {held} of your gems"
        return f"Pay {plural(due, 'gem')}"
    if op == OP_SHOW:
        return f"Show {cards_words(payload[1:])}"
    if op == OP_PAY_CARDS:
        return f"Pay {cards_words(payload[1:])}"
    if op in (OP_KEEP, OP_GIVE):
        drawn = NAMES[state.draft[-1]]
        rival = seat_name(1 - seat)
        if len(state.draft) == 1:
            # The last card: whoever takes it begins the duel (the rulebook's Two Player Variation).
            if op == OP_KEEP:
                return f"Keep the {drawn}, the last card, and begin the duel"
            return f"Give the {drawn}, the last card, to {rival}, who then begins the duel"
        if op == OP_KEEP:
            return f"Keep the {drawn}"
        return f"Give the {drawn} to {rival} and draw again"
    return action


def _attack_label(state: KnightsAndNinjasState, payload: Payload) -> str:
    _, target, role, real, jesters, from_fort = payload
    rival = seat_name(target)
    if role == AR:
        card = "your fortifying Archer" if from_fort else card_words(JE if jesters else AR, AR)
        return f"Send {card} against {rival}'s Archer"
    if role == CP:
        return f"Destroy {rival}'s Castle with a Catapult"
    if role == LA:
        return f"Set a Ladder against {rival}'s Castle"
    card = play_words(role, real, jesters)
    strength = real + jesters if role == PE else STRENGTH[role]
    if role in (NI, DR):
        # Its strength too, as the log says it and a response is matched against it.
        return f"Attack {rival} with {card} (strength {strength}, steals 2 gems)"
    return f"Attack {rival} with {card} (strength {strength})"


def _take_label(state: KnightsAndNinjasState, seat: int, frame: Frame) -> str:
    """What taking the attack of ``frame`` costs ``seat``: gems, or a fortification."""
    role = data_int(frame, "role")
    forts = state.forts[seat]
    if role == LA:
        return "Take it: the Ladder stands against your Castle this turn"
    if role == AR:
        return "Take it: your Archer is removed"
    if role == CP:
        return "Take it: your Castle is destroyed"
    lost = f"Take the attack: you lose {plural(min(data_int(frame, 'str'), state.gems[seat]), 'gem')}"
    if role == NI and forts[1] >= 0:
        return lost + " and your Archer is killed"
    if role == DR and forts[0] >= 0:
        return lost + " and your Castle burns"
    return lost


def _respond_label(state: KnightsAndNinjasState, frame: Frame, payload: Payload) -> str:
    _, role, real, jesters = payload
    card = play_words(role, real, jesters)
    attacker = seat_name(data_int(frame, "by"))
    if role == TR:
        return f"Turn the attack back against {attacker} with {card}"
    if role == PR:
        attacking = NAMES[data_int(frame, 'role')]
        if JE in state.pending:  # a Jester played as the Knight or Dragon: the Jester is what is taken
            return f"Take the attacking Jester (played as a {attacking}) into your hand with {card}"
        return f"Take the attacking {attacking} into your hand with {card}"
    turned = data_int(frame, "by") != state.current  # a Traitor turned it back on the player on turn
    ends_turn = not turned or bool(state.rule(TURNED_BLOCK_ENDS_TURN))
    if role == EX:
        if not ends_turn:
            return f"Execute the attacker with {card}: the attack ends"
        whose = "your" if turned else f"{attacker}'s"
        return f"Execute the attacker with {card}: the attack and {whose} turn end"
    if role == MI:
        if state.duel:
            return f"Stop the attack with {card}: the card goes back to {attacker}, who discards two cards"
        if turned:
            ends = " and your turn ends" if ends_turn else ""
            return f"Stop the attack with {card}: the card comes back to you, the Minstrel fortifies you{ends}"
        return (f"Stop the attack with {card}: the card goes back to {attacker}, whose turn ends, and the "
                "Minstrel fortifies you")
    protects = real + jesters if role == PE else STRENGTH[role]
    return f"Respond with {card} (protects {plural(protects, 'gem')})"


# ---------------------------------------------------------------------- prompts


def attack_words(state: KnightsAndNinjasState, by: int, against: int, role: int, strength: int,
                 seat: int | None = None) -> str:
    """The attack waiting for an answer, in words (``you`` where ``against`` is ``seat``): ``P0 attacks
    P1 with a Knight (strength 3)``."""
    jesters = state.pending.count(JE)
    played = play_words(role, len(state.pending) - jesters, jesters)
    whom, whose = ("you", "your") if against == seat else (seat_name(against), f"{seat_name(against)}'s")
    if role == LA:
        return f"{seat_name(by)} sets {played} against {whose} Castle"
    if role == CP:
        return f"{seat_name(by)} aims {played} at {whose} Castle"
    if role == AR:
        return f"{seat_name(by)} sends {played} against {whose} Archer"
    if by != state.current:
        # Only a Traitor makes anyone but the player on turn an attacker.
        turned = the_play(role, len(state.pending) - jesters, jesters)
        return f"{seat_name(by)}'s Traitor turns {turned} (strength {strength}) back against {whom}"
    return f"{seat_name(by)} attacks {whom} with {played} (strength {strength})"


def taken_words(holder: int, amount: int, victim: int, seat: int | None = None) -> str:
    """``P0 has just taken 3 gems from P1`` (``from you`` where ``victim`` is ``seat``)."""
    source = f" from {'you' if victim == seat else seat_name(victim)}" if victim >= 0 else ""
    return f"{seat_name(holder)} has just taken {plural(amount, 'gem')}{source}"


def prompt(state: KnightsAndNinjasState, seat: int, frame: Frame) -> str:
    """A sentence for ``seat``'s decision in ``frame`` (it sees only its own hand's choices)."""
    kind = frame.kind
    moves = legal(state, seat, frame)
    legal_texts = list(moves)
    if kind == "turn":
        ops = {payload[0] for payload in moves.values()}
        # The seat's gems and the target in the prompt, as Ninjitsu!'s says the points: on a phone the
        # gems are far below the choices.
        gems = f"{plural(state.gems[seat], 'gem')}, {state.target_now()} to win"
        return f"Your turn ({gems}): " + _turn_choices(ops, state.duel) + _no_attack_reason(state, seat, ops)
    if kind == "fortify":
        if legal_texts == ["end"]:
            return "Nothing more to fortify with: end your turn"
        return "Fortify with another kind of card, or end your turn"
    if kind == "attack":
        rival = seat_name(state.attack_target)
        if legal_texts == ["end"]:
            return f"Nothing left to attack {rival} with: end your turn"
        return f"No gems moved yet: play another card against {rival}, or end your turn"
    if kind == "respond":
        attack = attack_words(state, data_int(frame, "by"), seat, data_int(frame, "role"), data_int(frame, "str"),
                              seat)
        attack = attack[0].upper() + attack[1:]
        if legal_texts == ["take"]:
            return f"{attack}: nothing in your hand answers it, so you take it"
        return f"{attack}: respond with a card, or take it"
    if kind == "highwayman":
        taken = taken_words(data_int(frame, "holder"), data_int(frame, "amount"), taken_from(frame), seat)
        them = "it" if data_int(frame, "amount") == 1 else "them"
        if legal_texts == ["pass"]:
            # Everyone holding a card is asked, so that being asked tells nobody who holds a Highwayman.
            return f"{taken}; you hold no Highwayman or Jester to steal {them}: pass"
        # Asked of everyone at once (so that nobody's answer shows who holds one); the rulings' order decides.
        return (f"{taken}: steal {them} with a Highwayman, or pass (if several do, the first clockwise from "
                f"{seat_name(data_int(frame, 'holder'))} takes {them})")
    if kind == "herald":
        count = min(state.herald_shows, state.sizes[seat])
        herald = seat_name(state.current)
        return (f"{herald}'s Herald: show {NUMBER_WORDS[count]} card{'s' * (count > 1)} of your choice; "
                f"{herald} then takes one of the shown cards")
    if kind == "herald-pick":
        return "Your Herald: take one of the shown cards into your hand"
    if kind == "monk":
        return f"{seat_name(state.current)}'s Monk taxes your Castle: " + _monk_owed(state, seat)
    if kind == "minstrel-discard":
        return f"{seat_name(1 - seat)}'s Minstrel: discard two cards of your choice"
    if kind == "draft":
        drawn = with_article(NAMES[state.draft[-1]])
        if len(state.draft) == 1:
            return (f"Draft: you drew {drawn}, the last card: whoever takes it begins the duel; keep it, or give "
                    f"it to {seat_name(1 - seat)}")
        left = len(state.draft) - 1
        return (f"Draft: you drew {drawn} ({plural(left, 'card')} left to draw); keep it, or give it to "
                f"{seat_name(1 - seat)} and draw again")
    return kind


def _what_they_have(state: KnightsAndNinjasState, seat: int) -> str:
    """What a rival short of a Monk's tax has to pay with: ``1 card``, ``nothing``."""
    held = [plural(count, noun) for count, noun in ((state.gems[seat], "gem"), (state.sizes[seat], "card")) if count]
    return " and ".join(held) or "nothing"


def _monk_owed(state: KnightsAndNinjasState, seat: int) -> str:
    gems, cards = MONK_GEMS[state.duel], MONK_CARDS[state.duel]
    pay_gems, pay_cards = plural(gems, "gem"), f"{NUMBER_WORDS[cards]} cards of your choice"
    can_gems, can_cards = state.gems[seat] >= gems, state.sizes[seat] >= cards
    if can_gems and can_cards:
        return f"pay {pay_gems} or {pay_cards}"
    if can_gems:
        return f"pay {pay_gems}, as you hold fewer than {NUMBER_WORDS[cards]} cards"
    if can_cards:
        return f"pay {pay_cards}, as you hold fewer than {plural(gems, 'gem')}"
    what = [text for text, has in (("all your gems", state.gems[seat]), ("all your cards", state.sizes[seat])) if has]
    return f"you can pay neither {pay_gems} nor {NUMBER_WORDS[cards]} cards in full: pay {' or '.join(what)}"


def _no_attack_reason(state: KnightsAndNinjasState, seat: int, ops: set[int]) -> str:
    """Why a hand with attacking cards may attack nobody this turn, in words: `` (no attack is open to your
    cards: P1's Castle and P2's Archer stand in the way)``; empty when it may attack or holds no attacker."""
    hand = state.hands[seat]
    if OP_ATTACK in ops or not any(hand[kind] for kind in (*COMMON, NI, DR)):
        return ""
    # Every rival's bar: its fortifications (a Minstrel keeps every attack out), or no gem to take.
    forts = [f"{seat_name(other)}'s {NAMES[role]}" for other in range(state.num_players) if other != seat
             for slot, role in enumerate(SLOTS) if state.forts[other][slot] >= 0]
    empty = [seat_name(other) for other in range(state.num_players) if other != seat and not state.gems[other]]
    if not forts and not empty:
        return " (no attack is open to your cards now)"
    bars = []
    if forts:
        bars.append(f"{listing(forts)} {'stands' if len(forts) == 1 else 'stand'} in the way")
    if empty:
        bars.append(f"{listing(empty)} {'holds' if len(empty) == 1 else 'hold'} no gem")
    return f" (no attack is open to your cards: {'; '.join(bars)})"


def _turn_choices(ops: set[int], duel: bool = False) -> str:
    """The kinds of play open this turn (``ops``: the legal actions' ``OP_`` codes); in the 2-player ``duel``
    the one rival is "your rival"."""
    choices = []
    if OP_FORT in ops:
        choices.append("fortify")
    if OP_ATTACK in ops:
        choices.append("attack your rival" if duel else "attack a rival")
    if ops & {OP_HERALD, OP_MERCHANT, OP_MONK}:
        choices.append("play a special action")
    if OP_REDEAL in ops:
        choices.append("call a re-deal, as you hold three cards or fewer")
    elif OP_DISCARD in ops:
        choices.append("discard a card")
    if not choices:
        return "you have no play"  # only in a hand-written position: a real turn starts with a card
    return ", ".join(choices[:-1]) + (" or " if len(choices) > 1 else "") + choices[-1]


# ---------------------------------------------------------------------- the end


def win_reason(state: KnightsAndNinjasState, seat: int) -> str:
    """Why ``seat`` won: ``P0 gains gems and holds 10 gems, the 10 that win: P0 wins``."""
    held = plural(state.gems[seat], "gem")
    if state.duel:
        return f"{seat_name(seat)} wins, holding all {held}"
    return f"{seat_name(seat)} wins, holding {held} ({state.target} or more win)"


def score_lines(state: KnightsAndNinjasState, player: int) -> list[str]:
    """How ``player``'s score counts: the rulebook counts gems only (the first to hold the target wins), so
    one line, which is also the total (no "Total" line repeating it)."""
    return [f"Gems held: {state.gems[player]}"]
