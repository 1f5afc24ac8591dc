"""What actions do: set-up, placements, raids, the end of a round, clan scoring and the end of the game.

After every action :func:`settle` moves the game on through everything that needs no decision (the
next placement, the end of the round, the steps of scoring) until some seat must decide, or the game
is over. There is always exactly one frame on the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.games.ninjato.cards import (
    CLAN_NAMES,
    DISHONOR,
    DISHONOR_POINTS,
    DISPLAY,
    DOJO_COUNTS,
    DOJO_VALUES,
    ELITE_CODES,
    ELITE_COUNTS,
    ELITE_NAMES,
    ELITE_POINTS,
    ELITES,
    ENVOY_AGE,
    ENVOY_CLAN,
    ENVOYS,
    FACE_UP,
    FRIENDS,
    GOODWILL,
    GUARD_ALARM,
    GUARD_CODES,
    GUARD_COUNTS,
    GUARD_VALUE,
    HAND_START,
    HENSOJUTSU_ROUNDS,
    HJ_TYPE,
    HOUSE_TREASURES,
    HOUSES,
    MARKER_INDEX,
    MARKERS,
    MASTER,
    MODIFIER,
    ROUNDS,
    RUMOR_KIND_OF,
    RUMOR_KINDS,
    RUMORS,
    SCORING_ORDER,
    SCORING_ROUNDS,
    SHURIKEN,
    START_MARKERS,
    STYLE_TILE_ROUNDS,
    TILE_CODES,
    TILE_COUNTS,
    TILE_KIND_OF,
    TREASURE_COUNTS,
    TREASURE_NAMES,
    TREASURES,
    UNSPENT_POINTS,
    WARRIOR,
    draw_count,
    set_multiplier,
)
from ninjadojo.games.ninjato.encode import (
    OP_ATTACK,
    OP_BANZAI,
    OP_DOJO,
    OP_DRAW,
    OP_ENVOY,
    OP_FREE_RUMOR,
    OP_KEEP,
    OP_LOSE,
    OP_MARKER,
    OP_MASK,
    OP_PLAY,
    OP_POINTS,
    OP_RETREAT,
    OP_RUMOR,
    OP_SENSEI,
    Payload,
    play_value,
)
from ninjadojo.games.ninjato.nouns import (
    envoy_name,
    foe_words,
    free_rumor_words,
    listing,
    play_words,
    plural,
    rumor_name,
    tile_name,
    tokens_words,
    treasure_words,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjato.state import NinjatoState

#: Phases of a round: placing shuriken; after the round, Hensojutsu choices then clan scoring; over.
PLAY, DISGUISE, CLANS, OVER = range(4)
PHASE_NAMES = ("play", "disguise", "clans", "over")
SIDE_NAMES = ("Strength", "Stealth")


def token_name(token: int) -> str:
    """``Jade`` or ``red Jade``."""
    return ("red " if token >= 5 else "") + TREASURE_NAMES[token % 5]


def guard_name(guard: int) -> str:
    """``a 3 Guard`` or ``a 3 Guard with an alarm``."""
    return f"a {GUARD_VALUE[guard]} Guard" + (" with an alarm" if GUARD_ALARM[guard] else "")


def elite_name(elite: int) -> str:
    """An Elite Guard in words: ``an Elite 4/2 (Strength over 4, Stealth under 2; 1 point)``, ``an Elite
    pair 2 then 4 (two people: beat 2, then 4; 1 point)``."""
    row = ELITES[elite]
    if row.people == 1:
        needs = f"Strength over {row.first}, Stealth under {row.second}"
    else:
        needs = f"two people: beat {row.first}, then {row.second}"
    return f"an {ELITE_NAMES[elite]} ({needs}; {row.points} point{'s' * (row.points > 1)})"


# ---------------------------------------------------------------------------------------------- set-up


def start_game(state: NinjatoState) -> None:
    """Set up (text, "Setup"): deal Dojo cards, lay out the displays, the tiles and the houses."""
    rng = state.rng
    players = state.num_players
    deck = [value for value in DOJO_VALUES for _ in range(DOJO_COUNTS[value])]
    rng.shuffle(deck)
    state.deck = deck
    for seat in range(players):
        for _ in range(HAND_START):
            state.hands[seat][deck.pop()] += 1
    state.up = sorted(deck.pop() for _ in range(FACE_UP))
    rumors = list(range(len(RUMORS)))
    rng.shuffle(rumors)
    state.rdeck = rumors
    state.rup = sorted(rumors.pop() for _ in range(DISPLAY))
    envoys = list(range(len(ENVOYS)))
    rng.shuffle(envoys)
    state.vdeck = envoys
    state.vup = sorted(envoys.pop() for _ in range(DISPLAY))
    tiles = [tile for tile in range(len(TILE_CODES)) if tile != HJ_TYPE for _ in range(TILE_COUNTS[tile])]
    rng.shuffle(tiles)
    state.sdeck = tiles
    state.hj_left = TILE_COUNTS[HJ_TYPE]
    state.offer = sorted(tiles.pop() for _ in range(min(players, len(tiles))))
    guards = [guard for guard in range(len(GUARD_CODES)) for _ in range(GUARD_COUNTS[guard])]
    rng.shuffle(guards)
    state.gdeck = guards
    elites = [elite for elite in range(len(ELITE_CODES)) for _ in range(ELITE_COUNTS[elite])]
    rng.shuffle(elites)
    state.xdeck = elites
    state.bag = list(TREASURE_COUNTS)
    state.markers = [MARKER_INDEX[code] for code in START_MARKERS]
    state.sentries = [-1] * HOUSES
    state.treasure = [[] for _ in range(HOUSES)]
    for house in range(HOUSES):
        _replenish_house(state, house)
    order = list(range(players))
    rng.shuffle(order)
    state.order = order
    state.log(f"Round 1: turn order {', '.join(f'P{seat}' for seat in order)}")
    settle(state)


def _replenish_house(state: NinjatoState, house: int) -> None:
    """A new Sentry (its alarm ignored) and three treasures from the bag, plain side up."""
    state.sentries[house] = _draw_guard(state)
    tokens = state.treasure[house]
    for _ in range(HOUSE_TREASURES):
        token = _draw_treasure(state)
        if token >= 0:
            tokens.append(token)
    tokens.sort()


# ---------------------------------------------------------------------------------------------- piles


def _draw_guard(state: NinjatoState) -> int:
    """The top Guard, the discards shuffled into a new deck first if it is empty (-1: none at all)."""
    if not state.gdeck:
        pile = [guard for guard, count in enumerate(state.gdiscard) for _ in range(count)]
        if not pile:
            return -1
        state.rng.shuffle(pile)
        state.gdeck = pile
        state.gdiscard = [0] * len(GUARD_CODES)
        state.log("the Guard discards are shuffled into a new deck", depth=1)
    return state.gdeck.pop()


def _draw_elite(state: NinjatoState) -> int:
    """The top Elite Guard, the Elite discards shuffled first if the deck is empty."""
    if not state.xdeck:
        pile = [elite for elite, count in enumerate(state.xdiscard) for _ in range(count)]
        state.rng.shuffle(pile)
        state.xdeck = pile
        state.xdiscard = [0] * len(ELITE_CODES)
        state.log("the Elite discards are shuffled into a new deck", depth=1)
    return state.xdeck.pop()


def _draw_treasure(state: NinjatoState) -> int:
    """A random treasure from the bag (refilled from the spent treasure when empty); -1 if there is none."""
    bag = state.bag
    total = sum(bag)
    if not total:
        if not any(state.spent):
            return -1
        state.bag = bag = state.spent
        state.spent = [0] * len(TREASURES)
        total = sum(bag)
        state.log("the bag is refilled with the spent treasure", depth=1)
    pick = state.rng.randbelow(total)
    for kind, count in enumerate(bag):
        if pick < count:
            bag[kind] -= 1
            return kind
        pick -= count
    raise AssertionError("the bag's counts add up to its total")


def _draw_dojo(state: NinjatoState) -> int:
    """The top Dojo card, the discards shuffled into a new deck first if it is empty (0: none)."""
    if not state.deck:
        discard = state.discard
        pile = [value for value in DOJO_VALUES for _ in range(discard[value])]
        if not pile:
            return 0
        state.rng.shuffle(pile)
        state.deck = pile
        state.discard = [0] * 6
        state.log("the Dojo discards are shuffled into a new deck", depth=1)
    return state.deck.pop()


def _spend_card(state: NinjatoState, seat: int, value: int) -> None:
    """A Dojo card from the seat's hand to the discards; a card others knew of is taken to be the one spent."""
    state.hands[seat][value] -= 1
    known = state.known[seat]
    if known[value]:
        known[value] -= 1
    state.discard[value] += 1


# ---------------------------------------------------------------------------------------------- the flow


def settle(state: NinjatoState) -> None:
    """Move on until a seat must decide or the game is over."""
    while not state.frames and state.result is None:
        phase = state.phase
        if phase == PLAY:
            players = state.num_players
            if state.placed < SHURIKEN * players:
                state.frames.append(Frame("place", [state.order[state.placed % players]]))
            else:
                _end_round(state)
        elif phase == DISGUISE:
            _disguise_step(state)
        elif phase == CLANS:
            _clan_step(state)
        else:
            _finish(state)


def undo_safe(state: NinjatoState, frame: Frame, payload: Payload) -> bool:
    """Whether all a legal action leads to, up to the next decision, is in plain sight before it is taken
    (the engine then lets its seat take it back). Vouched for: a placement at the Sensei, Pavilion or
    Palace that is not the round's last (the next placement follows; the last one ends the round, which
    draws hidden cards); a raid (the house's Sentry is face-up: the fight is the next decision); the
    Dojo while face-up cards are offered (the first card is chosen next), and a face-up card taken
    there when more are owed and face-up cards are left to choose from. Anything that draws from a deck
    or the bag, or ends the round, is not. Reads public facts only."""
    op = payload[0]
    if frame.kind == "place":
        if op == OP_DOJO:
            return bool(state.up)
        if op == OP_ATTACK:
            return True
        return state.placed + 1 < SHURIKEN * state.num_players
    if op == OP_DRAW:
        left = frame.data["left"]
        return payload[1] != 0 and isinstance(left, int) and left > 1 and len(state.up) > 1
    return False


def apply(state: NinjatoState, seat: int, frame: Frame, payload: Payload) -> None:
    """Carry out a legal action, then move on."""
    op = payload[0]
    state.frames.pop()
    if frame.kind == "place":
        state.placed += 1
        if op == OP_DOJO:
            _dojo(state, seat)
        elif op == OP_SENSEI:
            _sensei(state, seat, payload[1], payload[2])
        elif op == OP_ATTACK:
            _attack(state, seat, payload[1], payload[2])
        elif op == OP_RUMOR:
            _buy(state, seat, payload, rumor=True)
        else:
            assert op == OP_ENVOY
            _buy(state, seat, payload, rumor=False)
    elif op == OP_DRAW:
        _draw(state, seat, payload[1], frame.data["left"])
    elif op == OP_PLAY:
        _play(state, seat, payload, frame.data["stage"])
    elif op == OP_LOSE:
        _lose(state, seat, frame.data.get("stage", 0))
    elif op == OP_BANZAI:
        _banzai(state, seat)
    elif op == OP_RETREAT:
        state.log(f"P{seat} retreats with {_loot_words(state.raid_loot)}", depth=1)
        _end_raid(state, seat, keep=len(state.raid_loot))
    elif op == OP_KEEP:
        _after_loss(state, seat, payload[1])
    elif op == OP_MARKER:
        _marker(state, seat, frame.data["house"], payload[1])
    elif op == OP_MASK:
        state.masks.append(payload[1])
        state.masks.sort()
        state.log(f"P{seat} puts Hensojutsu on {envoy_name(payload[1])}: it counts twice this scoring", depth=1)
    elif op == OP_POINTS:
        _clan_points(state, seat, frame.data["clan"])
        _second_place(state, frame.data["clan"], took_points=True)
    else:
        assert op == OP_FREE_RUMOR
        _free_rumor(state, seat, payload[1])
        if frame.data["rank"] == 1:
            _second_place(state, frame.data["clan"], took_points=False)
    settle(state)


# ---------------------------------------------------------------------------------------------- the Dojo


def _dojo(state: NinjatoState, seat: int) -> None:
    state.dojo_stack.append(seat)
    count = draw_count(state.hand_size(seat))
    state.log(f"P{seat} goes to the Dojo to draw {plural(count, 'card')}")
    _continue_drawing(state, seat, count)


def _continue_drawing(state: NinjatoState, seat: int, left: int, blind: bool = False) -> None:
    """Ask for the next card while there is a face-up card to choose; blind draws need no choice (and with
    ``blind``, option ``dojo_draws=face_up_first`` after a blind draw, every card left is drawn blind while
    the deck or its discards have one, then taken from the face-up cards)."""
    if left and state.up and not (blind and (state.deck or any(state.discard))):
        state.frames.append(Frame("draw", [seat], {"left": left}))
        return
    drawn: list[int] = []
    while left:
        value = _draw_dojo(state)
        if not value:
            break
        state.hands[seat][value] += 1
        left -= 1
        drawn.append(value)
    if drawn:
        state.log(f"P{seat} draws {plural(len(drawn), 'card')} from the deck", depth=1)
        state.log(f"P{seat} draws {listing([str(value) for value in drawn])}", mask=1 << seat, depth=1)
    if left and state.up:
        # Only a blind draw gets here with cards still owed (otherwise the face-up cards were asked for above):
        # the deck and its discards ran dry, so the rest come from the face-up cards, the only cards left.
        state.frames.append(Frame("draw", [seat], {"left": left}))
        return
    _refill_face_up(state)


def _draw(state: NinjatoState, seat: int, value: object, left: object) -> None:
    assert isinstance(value, int) and isinstance(left, int)
    if value:
        state.up.remove(value)
        state.hands[seat][value] += 1
        state.known[seat][value] += 1
        state.log(f"P{seat} takes the face-up {value}", depth=1)
    else:
        card = _draw_dojo(state)
        state.hands[seat][card] += 1
        state.log(f"P{seat} draws from the deck", depth=1)
        state.log(f"P{seat} draws a {card}", mask=1 << seat, depth=1)
    if left > 1 and (state.up or state.deck or any(state.discard)):
        # Ruling 12: one card at a time; face_up_first: a blind draw ends the choosing while blind cards last.
        _continue_drawing(state, seat, left - 1, blind=not value and state.face_up_first)
    else:
        _refill_face_up(state)


def _refill_face_up(state: NinjatoState) -> None:
    up = state.up
    while len(up) < FACE_UP:
        value = _draw_dojo(state)
        if not value:
            break
        up.append(value)
    up.sort()


# ---------------------------------------------------------------------------------------------- the Sensei


def _sensei(state: NinjatoState, seat: int, tile: int, paid: int) -> None:
    state.sensei_seats.append(seat)
    state.offer.remove(tile)
    state.tiles[seat][tile] += 1
    state.recount_kinds(seat)
    name = f"the {tile_name(TILE_KIND_OF[tile])} tile"
    if paid:
        _spend_card(state, seat, paid)
        state.log(f"P{seat} discards a {paid} and learns {name} from the Sensei")
    else:
        state.log(f"P{seat} learns {name} from the Sensei for free")


# ---------------------------------------------------------------------------------------------- raids


def _attack(state: NinjatoState, seat: int, house: int, side: int) -> None:
    state.spots[2 * house + side] = seat
    state.raider = seat
    state.raid_house = house
    state.raid_side = side
    state.raid_loot = []
    state.raid_guards = []
    state.raid_elite = -1
    sentry = state.sentries[house]
    state.log(f"P{seat} attacks house {house + 1} ({_clan_words(state, house)}) by {SIDE_NAMES[side]}: "
              f"its Sentry is a {GUARD_VALUE[sentry]}")
    state.frames.append(Frame("fight", [seat], {"stage": 0}))


def _clan_words(state: NinjatoState, house: int) -> str:
    clan, value = MARKERS[state.markers[house]]
    return f"{CLAN_NAMES[clan]} {value}"


def _play(state: NinjatoState, seat: int, payload: Payload, stage: object) -> None:
    card, modifier, tile, more = payload[1], payload[2], payload[3], payload[4:]
    if card:
        _spend_card(state, seat, card)
    if modifier:
        _spend_card(state, seat, MODIFIER)
    for used in payload[3:]:
        if used >= 0:
            state.flipped[seat][used] += 1
    words = play_words(card, modifier, tile, more, state.raid_side)
    value = play_value(card, modifier, tile, state.raid_side, more)
    words += f" (value {value})" if modifier or more or (card and tile >= 0) else ""
    elite = state.raid_elite
    if elite >= 0 and ELITES[elite].people == 2 and stage == 0:
        state.log(f"P{seat} beats the first of the two with {words}", depth=1)
        state.frames.append(Frame("fight", [seat], {"stage": 1}))
        return
    house = state.raid_house
    tokens = state.treasure[house]
    if elite >= 0:
        state.elites[seat][elite] += 1
        state.raid_elite = -1
        pool, side = [token for token in tokens if token >= 5], "red"
        beaten = f"defeats {elite_name(elite)} with {words}, keeps it"
    else:
        pool, side = [token for token in tokens if token < 5], "plain"
        beaten = f"beats the guard with {words}"
    taken = pool[0] if pool else -1
    if taken >= 0:
        # The rules choose the treasure, not the raider: said where the house held others to take, at the raid's
        # first take of that side (said again at each guard beaten, it ran through every raid's lines).
        first = all((token >= 5) != (taken >= 5) for token in state.raid_loot)
        why = f" (the house's lowest {side} treasure)" if first and len(set(pool)) > 1 else ""
        tokens.remove(taken)
        state.raid_loot.append(taken)
        state.raid_loot.sort()
        beaten += f" and takes a {token_name(taken)}{why}"
    state.log(f"P{seat} {beaten}", depth=1)
    if not tokens:
        _clear_house(state, seat)
    elif state.can_banzai():
        state.frames.append(Frame("press", [seat]))
    else:
        state.log(f"P{seat} cannot call Banzai (no guard left to draw) and retreats", depth=1)
        _end_raid(state, seat, keep=len(state.raid_loot))


def _clear_house(state: NinjatoState, seat: int) -> None:
    """The house is empty: the raider keeps every treasure, the Sentry leaves, a new clan comes."""
    house = state.raid_house
    state.log(f"P{seat} clears house {house + 1} and keeps {_loot_words(state.raid_loot)}", depth=1)
    state.gdiscard[state.sentries[house]] += 1
    state.sentries[house] = -1
    _end_raid(state, seat, keep=len(state.raid_loot))
    state.frames.append(Frame("marker", [seat], {"house": house}))


def _banzai(state: NinjatoState, seat: int) -> None:
    house = state.raid_house
    tokens = state.treasure[house]
    if tokens[0] < 5:
        guard = _draw_guard(state)
        state.raid_guards.append(guard)
        state.log(f"P{seat} calls Banzai: {guard_name(guard)}", depth=1)
        if GUARD_ALARM[guard]:
            token = _draw_treasure(state)
            if token >= 0:
                tokens.append(token)
            plains = [each for each in tokens if each < 5]
            highest = max(plains, default=-1)  # Gold counts as the highest treasure
            if highest >= 0:
                tokens.remove(highest)
                tokens.append(highest + 5)
            tokens.sort()
            added = f"a {TREASURE_NAMES[token]} from the bag joins the house, " if token >= 0 else ""
            state.log(f"Alarm! {added}the {TREASURE_NAMES[highest] if highest >= 0 else 'highest'} "
                      "turns red: an Elite guards it", depth=1)
    else:
        elite = _draw_elite(state)
        state.raid_elite = elite
        state.log(f"P{seat} calls Banzai: {elite_name(elite)}", depth=1)
    state.frames.append(Frame("fight", [seat], {"stage": 0}))


def _lose(state: NinjatoState, seat: int, stage: object = 0) -> None:
    loot = state.raid_loot
    state.log(f"P{seat} is defeated by {foe_words(state, stage if isinstance(stage, int) else 0)}", depth=1)
    if len(set(loot)) > 1:
        state.frames.append(Frame("keep", [seat]))
    else:
        _after_loss(state, seat, loot[0] if loot else -1)


def _after_loss(state: NinjatoState, seat: int, kept: int) -> None:
    """Keep one treasure, return the rest (their sides as they are), and the house gains one from the bag."""
    house = state.raid_house
    tokens = state.treasure[house]
    loot = state.raid_loot
    if kept >= 0:
        loot.remove(kept)
        state.purse[seat][kept % 5] += 1
        state.log(f"P{seat} keeps a {TREASURE_NAMES[kept % 5]}", depth=1)
    if loot:
        state.log(f"{tokens_words(loot)} {'go' if len(loot) > 1 else 'goes'} back to house {house + 1}", depth=1)
    tokens += loot
    state.raid_loot = []
    if state.raid_elite >= 0:
        state.xdiscard[state.raid_elite] += 1
        state.raid_elite = -1
    token = _draw_treasure(state)
    if token >= 0:
        tokens.append(token)
        state.log(f"a {TREASURE_NAMES[token]} from the bag joins house {house + 1}", depth=1)
    tokens.sort()
    _end_raid(state, seat, keep=0)


def _end_raid(state: NinjatoState, seat: int, keep: int) -> None:
    """The raid is over: the seat keeps the first ``keep`` treasures of its shuriken, revealed guards go."""
    purse = state.purse[seat]
    for token in state.raid_loot[:keep]:
        purse[token % 5] += 1
    for guard in state.raid_guards:
        state.gdiscard[guard] += 1
    state.raider = -1
    state.raid_house = -1
    state.raid_side = 0
    state.raid_loot = []
    state.raid_guards = []
    state.raid_elite = -1


def _loot_words(loot: list[int]) -> str:
    if not loot:
        return "nothing"
    return tokens_words(loot)


def _marker(state: NinjatoState, seat: int, house: object, marker: int) -> None:
    assert isinstance(house, int)
    old = state.markers[house]
    state.markers[house] = marker
    clan, value = MARKERS[marker]
    old_clan, old_value = MARKERS[old]
    state.log(f"P{seat} raises the {CLAN_NAMES[clan]} {value} marker over house {house + 1}, in place of the "
              f"{CLAN_NAMES[old_clan]} {old_value}", depth=1)


# ---------------------------------------------------------------------------------------------- buying


def _buy(state: NinjatoState, seat: int, payload: Payload, rumor: bool) -> None:
    card, honour, counts = payload[1], payload[2], payload[3:]
    purse = state.purse[seat]
    for kind in range(5):
        purse[kind] -= counts[kind]
        state.spent[kind] += counts[kind]
    state.honour[seat] += honour
    paid = treasure_words(counts)
    if rumor:
        state.pavilion_seats.append(seat)
        state.rup.remove(card)
        state.rumors[seat].append(card)
        state.rumors[seat].sort()
        name = rumor_name(card)
        where = "Pavilion"
    else:
        state.palace_seats.append(seat)
        state.vup.remove(card)
        state.envoys[seat].append(card)
        state.envoys[seat].sort()
        name = envoy_name(card)
        where = "Palace"
    state.log(f"P{seat} buys {name} at the {where} with {paid}: {honour} honour")


# ---------------------------------------------------------------------------------------------- end of round


def _end_round(state: NinjatoState) -> None:
    """Turn order from the Dojo, then (rounds 1-6) replenish the board, then score after rounds 3, 5, 7."""
    order: list[int] = []
    for seat in reversed(state.dojo_stack):
        if seat not in order:
            order.append(seat)
    order += [seat for seat in state.order if seat not in order]
    state.order = order
    state.placed = 0
    state.dojo_stack = []
    state.sensei_seats = []
    state.pavilion_seats = []
    state.palace_seats = []
    state.spots = [-1] * 10
    round_number = state.round
    # The last round's end names no turn order: no round follows it.
    state.log(f"End of round {round_number}" + (f"; round {round_number + 1}'s turn order: "
                                                 f"{', '.join(f'P{seat}' for seat in order)}"
                                                 if round_number < ROUNDS else ""))
    if round_number < ROUNDS:
        _replenish(state)
    if round_number in SCORING_ROUNDS:
        state.phase = DISGUISE
        state.step = 0
        state.log(f"Scoring after round {round_number}")
    else:
        _next_round(state)


def _replenish(state: NinjatoState) -> None:
    for flipped in state.flipped:
        flipped[:] = [0] * len(flipped)
    for tile in state.offer:
        state.sout[tile] += 1
    coming = state.round + 1
    if coming in STYLE_TILE_ROUNDS:
        count = min(state.num_players, len(state.sdeck))
        state.offer = sorted(state.sdeck.pop() for _ in range(count))
    elif coming in HENSOJUTSU_ROUNDS and state.hj_left:
        state.hj_left -= 1
        state.offer = [HJ_TYPE]
    else:
        state.offer = []
    for house in range(HOUSES):
        if state.sentries[house] < 0:
            _replenish_house(state, house)
    _refill_display(state.rdeck, state.rup)
    _refill_display(state.vdeck, state.vup)


def _refill_display(deck: list[int], display: list[int]) -> None:
    while len(display) < DISPLAY and deck:
        display.append(deck.pop())
    display.sort()


def _next_round(state: NinjatoState) -> None:
    state.round += 1
    state.phase = PLAY
    state.step = 0
    state.log(f"Round {state.round}")


# ---------------------------------------------------------------------------------------------- scoring


def _disguise_step(state: NinjatoState) -> None:
    """In turn order, each seat puts its Hensojutsu tiles on masked Envoys (one tile per Envoy)."""
    if state.step >= state.num_players:
        state.phase = CLANS
        state.step = 0
        return
    seat = state.order[state.step]
    choices = state.disguise_choices(seat)
    if not choices:
        state.step += 1
    elif len(choices) == 1:
        state.masks.append(choices[0])
        state.masks.sort()
        state.log(f"P{seat} puts Hensojutsu on {envoy_name(choices[0])}: it counts twice this scoring", depth=1)
    else:
        state.frames.append(Frame("disguise", [seat]))


def clan_standing(state: NinjatoState, clan: int) -> list[tuple[int, int, int]]:
    """``(seat, envoys, oldest age)`` of every seat with an Envoy of ``clan``, best first: most Envoys (a
    disguised one counts twice), then the oldest Envoy (the earliest year)."""
    standing = []
    for seat in range(state.num_players):
        mine = [envoy for envoy in state.envoys[seat] if ENVOY_CLAN[envoy] == clan]
        if mine:
            count = len(mine) + sum(1 for envoy in mine if envoy in state.masks)
            standing.append((seat, count, min(ENVOY_AGE[envoy] for envoy in mine)))
    standing.sort(key=lambda entry: (-entry[1], entry[2]))
    return standing


def clan_points(state: NinjatoState, clan: int) -> int:
    """The clan's house points: the values of its markers on the houses."""
    return sum(MARKERS[marker][1] for marker in state.markers if MARKERS[marker][0] == clan)


def _clan_step(state: NinjatoState) -> None:
    order = SCORING_ORDER[state.round]
    if state.step >= len(order):
        _end_scoring(state)
        return
    clan = order[state.step]
    state.step += 1
    standing = clan_standing(state, clan)
    state.log(f"{CLAN_NAMES[clan]} scores ({clan_points(state, clan)} house points): "
              + (", ".join(f"P{seat} {plural(count, 'Envoy')} (oldest from year {age})"
                           for seat, count, age in standing) or "no Envoys"), depth=1)
    if not standing:
        return
    first = standing[0][0]
    if state.rup:
        state.frames.append(Frame("favour", [first], {"clan": clan, "rank": 1}))
    else:
        _clan_points(state, first, clan)
        _second_place(state, clan, took_points=True)


def _clan_points(state: NinjatoState, seat: int, clan: object) -> None:
    assert isinstance(clan, int)
    points = clan_points(state, clan)
    state.honour[seat] += points
    state.log(f"P{seat} takes the {CLAN_NAMES[clan]} house points: {points} honour", depth=1)


def _second_place(state: NinjatoState, clan: object, took_points: bool) -> None:
    """The second takes what the first left: a free Rumor (its choice), or the house points."""
    assert isinstance(clan, int)
    standing = clan_standing(state, clan)
    if len(standing) < 2:
        return
    second = standing[1][0]
    if not took_points:
        _clan_points(state, second, clan)
    elif len(state.rup) == 1:
        _free_rumor(state, second, state.rup[0])
    elif state.rup:
        state.frames.append(Frame("favour", [second], {"clan": clan, "rank": 2}))
    else:
        # Said, or the second's silence reads as a rule forgotten: what the first left is a Rumor, and none is up.
        state.log(f"P{second} would take a free Rumor, but none is face up: P{second} gets nothing", depth=1)


def _free_rumor(state: NinjatoState, seat: int, rumor: int) -> None:
    state.rup.remove(rumor)
    state.rumors[seat].append(rumor)
    state.rumors[seat].sort()
    state.log(f"P{seat} takes {free_rumor_words(rumor)}", depth=1)


def _end_scoring(state: NinjatoState) -> None:
    state.masks = []
    if state.round >= ROUNDS:
        state.phase = OVER
        return
    _refill_display(state.rdeck, state.rup)
    _next_round(state)


# ---------------------------------------------------------------------------------------------- the end


def rumor_points(state: NinjatoState, seat: int) -> list[int]:
    """What each kind of the seat's Rumors scores at the end (text, "Rumor Cards")."""
    counts = [0] * len(RUMOR_KINDS)
    for rumor in state.rumors[seat]:
        counts[RUMOR_KIND_OF[rumor]] += 1
    bases = {
        WARRIOR: sum(state.elites[seat]),
        GOODWILL: len(state.rumors[seat]),
        FRIENDS: len(state.envoys[seat]),
        MASTER: sum(state.tiles[seat]),
    }
    points = [bases[kind] * set_multiplier(counts[kind]) if kind != DISHONOR else 0
              for kind in range(len(RUMOR_KINDS))]
    if counts[DISHONOR]:
        holders = sum(1 for other in range(state.num_players)
                      if any(RUMOR_KIND_OF[rumor] == DISHONOR for rumor in state.rumors[other]))
        points[DISHONOR] = counts[DISHONOR] * DISHONOR_POINTS[min(holders, 3)]
    return points


def final_points(state: NinjatoState, seat: int) -> tuple[int, int, int, int]:
    """(honour so far, Rumors, unspent treasure, Elite points) of a seat at the end."""
    elites = sum(count * ELITE_POINTS[elite] for elite, count in enumerate(state.elites[seat]))
    return (state.honour[seat], sum(rumor_points(state, seat)), UNSPENT_POINTS * sum(state.purse[seat]), elites)


def _finish(state: NinjatoState) -> None:
    players = state.num_players
    totals = []
    for seat in range(players):
        honour, rumors, unspent, elites = final_points(state, seat)
        total = honour + rumors + unspent + elites
        totals.append(total)
        state.log(f"P{seat}: {honour} honour, {rumors} from Rumors, {unspent} for unspent treasure and {elites} for "
                  f"Elites: {plural(total, 'point')}")
    best = max(totals)
    leaders = [seat for seat in range(players) if totals[seat] == best]
    tied = list(leaders)
    if len(tied) > 1:
        # The most points wins; a tie goes to the most unspent treasure, else it is shared (docs/rules).
        most = max(sum(state.purse[seat]) for seat in tied)
        leaders = [seat for seat in tied if sum(state.purse[seat]) == most]
    who = " and ".join(f"P{seat}" for seat in leaders)
    scores = ", ".join(f"P{seat} {totals[seat]}" for seat in range(players))
    if len(leaders) > 1:
        why = f"{who} share the win: {best} points each and as much unspent treasure"
    elif len(tied) > 1:
        others = " and ".join(f"P{seat}" for seat in tied if seat not in leaders)
        why = f"{who} wins: tied with {others} on {best} points, {who} has more unspent treasure"
    else:
        why = f"{who} wins with {best} points, the most after the final count"
    state.finish(tuple(float(total) for total in totals), tuple(leaders), f"{why} ({scores})")


__all__ = ["apply", "clan_points", "clan_standing", "final_points", "rumor_points", "settle", "start_game"]
