"""Build whole, legal Ninja Camp positions from a few keyword arguments: for tests, bug reports and puzzles.

Say what matters (some squares, a hand, a clan card, who has passed, who acts) and the builder fills in
the rest so that the position obeys every law a real game does (it passes ``check_invariants``, which
parsing runs):

- squares not given hold cards from those left in the box (by default skill cards, never Walls or
  Traps, spread over the kinds), and every empty space given (``.``) is a card some player claimed;
- a player's starting Sprint and Evade that are not in their hand are in their discard pile;
- claimed cards that no given hand holds go to the hands that were not given;
- the turns already taken (seat 1 first, then clockwise) are as few as make the hands, discard piles,
  clan cards and passes possible, ending with ``to_act`` to move;
- each Shadow copies what the discard piles say it does.

A square is written as the board picture draws it: a card letter (``A E D L H R S T``, ``W`` or ``#``
for a Wall), ``.`` for an empty space or ``?`` for any card from those left, followed by a seat digit
when that seat's ninja stands there. Fewer than three ninjas a player makes a set-up position (the next
placer acts). Bad input raises :class:`~ninjadojo.engine.errors.NotationError` saying what is wrong.

>>> from ninjadojo.games.ninja_camp.builder import after, hand_of, ninjas_of, position
>>> state = position(2, squares={"d4": "A0", "a1": "S0", "b1": "H0", "g7": "R1", "f7": "D1", "e7": "L1"},
...                  to_act=0)
>>> "E:d4-d7" in state.legal_actions(0)
True
>>> moved = after(state, "E:d4-d7")
>>> ninjas_of(moved, 0), hand_of(moved, 0), moved.discards[0]
(['a1', 'b1', 'd7'], 'AR', 'E')
>>> moved.to_act()
(1,)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence

from ninjadojo.engine.errors import NotationError, quote
from ninjadojo.engine.options import options_text
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import MAX_LENGTH_OPTION
from ninjadojo.games.ninja_camp.cards import (
    CARD_TABLE,
    CLAN_OF_CODE,
    CLAN_TABLE,
    DECK_COUNTS,
    EMPTY,
    GRID_SIZE,
    KIND_OF_LETTER,
    LETTERS,
    NINJAS_PER_PLAYER,
    SHADOW,
    STARTING_HAND,
    STEALTH,
    WALL,
)
from ninjadojo.games.ninja_camp.grid import grid
from ninjadojo.games.ninja_camp.invariants import FIRST_TURN_SEAT, last_non_shadow, placer
from ninjadojo.games.ninja_camp.notation import PASS_TEXT, encode_hand
from ninjadojo.games.ninja_camp.state import NinjaCampState
from ninjadojo.games.ninja_camp.table_rules import TableRules, non_default

#: The kinds that fill unspecified squares by default: skill cards only, so that the filling never
#: blocks a move (a Wall) or changes what a clan card may do (a Trap).
DEFAULT_FILL = "AEDLHRS"
ANY = "?"


def position(
    players: int = 2,
    picture: str | None = None,
    *,
    squares: Mapping[str, str] | None = None,
    hands: Mapping[int, str] | None = None,
    discards: Mapping[int, str] | None = None,
    clans: Mapping[int, str] | None = None,
    shadow: Mapping[int, str] | None = None,
    passed: Iterable[int] = (),
    pass_order: Sequence[int] | None = None,
    to_act: int | None = None,
    fill: str = DEFAULT_FILL,
    rng_state: int = 1,
    options: Mapping[str, object] | None = None,
) -> NinjaCampState:
    """A whole, legal position (see the module docstring).

    - ``picture``: the grid, top row first, one token per square separated by spaces or newlines
      (default: every square ``?``); ``squares`` sets single squares on top of it (``{"d4": "E0"}``).
    - ``hands``: a seat's hand as card letters (``"AET"``, ``""`` for none); ``discards``: the cards a
      seat played, oldest first. A seat's hand not given is its starting cards not in its discard
      pile, plus a share of the claimed cards no given hand holds.
    - ``clans``: a seat's clan code (``"go"``), in capitals once used (``"GO"``); the others get the
      first clans of the table not given.
    - ``shadow``: the letter a seat's Shadow copies (normally derived from the discard piles).
    - ``passed``: seats that have passed; ``pass_order``: the same, in the order they passed, first
      first (it decides a tie at the end: of the tied players, the one who took the last turn, the
      last to pass, wins; with ``passed`` alone the passes come as early as the turns allow, in turn
      order); ``to_act``: the seat to move (default: whoever's turn it is
      after the fewest turns the rest needs).
    - ``fill``: the kinds, in order of preference, that ``?`` squares and unlisted claims are made of
      (each time the kind with the most cards left).
    - ``rng_state``: the random stream's state (Ninja Camp uses chance only to deal).
    - ``options``: the game's options (e.g. ``{"shadow_copies": "pile"}``), checked as ``new`` checks them
      (a bad one raises :class:`~ninjadojo.engine.errors.OptionError`).
    """
    option_values = NinjaCampState.validate_options(players, options)
    rules = TableRules.of(option_values)
    if to_act is not None:
        _check_seat(to_act, players, "to_act")
    rows, cols = GRID_SIZE[players]
    names = grid(rows, cols).names
    tokens = _tokens(picture, squares, rows, cols, names)
    kinds: list[int | None] = []
    ninjas: list[list[str]] = [[] for _ in range(players)]
    for square, token in enumerate(tokens):
        kind, owner = _parse_token(token, players)
        kinds.append(kind)
        if owner is not None:
            ninjas[owner].append(names[square])

    held_hands, held_discards, given = _holdings(players, hands or {}, discards or {})
    pool = _pool(players, kinds, held_hands, held_discards)
    fill_kinds = _fill_kinds(fill)
    _add_claims(kinds.count(EMPTY), held_hands, held_discards, given, pool, fill_kinds)
    cells = [kind if kind is not None else _take(pool, fill_kinds, "fill the '?' squares") for kind in kinds]
    clan_codes = _clans(players, clans or {})

    placed = sum(len(squares_of) for squares_of in ninjas)
    passed_seats = set(passed)
    for seat in passed_seats:
        _check_seat(seat, players, "passed")
    order = _pass_order(pass_order, passed_seats, players)
    passed_seats |= set(order)
    if placed < NINJAS_PER_PLAYER * players:
        frame_kind, seat_to_act = "place", placer(placed, players)
        if passed_seats:
            raise NotationError(f"only {placed} of {NINJAS_PER_PLAYER * players} ninjas are placed: nobody passes "
                                "during set-up (give every seat three ninjas for a position in play)")
        if to_act is not None and to_act != seat_to_act:
            raise NotationError(f"after {placed} placements seat {seat_to_act} places next, not seat {to_act}")
        turns, passed_at, last_move = 0, [-1] * players, [-1] * players
    else:
        frame_kind = "turn"
        used = [code.isupper() for code in clan_codes]
        turns, passed_at, last_move, seat_to_act = _history(players, held_hands, held_discards, used,
                                                            passed_seats, to_act, order)
    copies = _shadow_copies(players, held_discards, last_move, rules.shadow_pile)
    for seat, letter in (shadow or {}).items():
        _check_seat(seat, players, "shadow")
        if letter not in ("", "-") and (len(letter) != 1 or letter not in "AEDLRS"):
            raise NotationError(f"a Shadow copies a skill card other than Shadow (A E D L R S), not {quote(letter)}")
        copies[seat] = letter or "-"
    if isinstance(rng_state, bool) or not isinstance(rng_state, int) or not 0 <= rng_state < 1 << 64:
        raise NotationError(f"rng_state is a whole number from 0 to 2**64 - 1, not {quote(rng_state)}")

    grid_text = "/".join("".join(LETTERS[kind] for kind in cells[row * cols:(row + 1) * cols]) for row in range(rows))
    ninja_text = ";".join(",".join(sorted(squares_of, key=names.index)) or "-" for squares_of in ninjas)
    seat_text = ";".join(
        f"{encode_hand(held_hands[seat])},{held_discards[seat] or '-'},{clan_codes[seat]},{copies[seat]},"
        f"{passed_at[seat]},{last_move[seat]}"
        for seat in range(players))
    frames = json.dumps([[frame_kind, [seat_to_act], {}, "", []]], separators=(",", ":"))
    body = f"{rows}x{cols} {grid_text} {ninja_text} {seat_text} {turns}"
    written = options_text(non_default({name: value for name, value in option_values.items()
                                        if name != MAX_LENGTH_OPTION or value != NinjaCampState.SPEC.max_length}))
    return NinjaCampState.from_notation(f"ninja-camp|{players}|{written}|{rng_state:016x}|0|{frames}|-|{body}")


def _tokens(picture: str | None, squares: Mapping[str, str] | None, rows: int, cols: int,
            names: tuple[str, ...]) -> list[str]:
    """One token per square, in square order (a1, b1, ...), from the picture (top row first) and ``squares``."""
    if picture is None:
        tokens = [ANY] * (rows * cols)
    else:
        drawn = picture.split()
        if len(drawn) != rows * cols:
            raise NotationError(f"the picture of a {rows}x{cols} grid needs {rows * cols} squares, not {len(drawn)}")
        tokens = [drawn[(rows - 1 - square // cols) * cols + square % cols] for square in range(rows * cols)]
    for name, token in (squares or {}).items():
        if name not in names:
            raise NotationError(f"no square {quote(name)} on a {rows}x{cols} grid (a1 to {names[-1]})")
        tokens[names.index(name)] = token
    return tokens


def _parse_token(token: str, players: int) -> tuple[int | None, int | None]:
    """(kind or None for ``?``, the seat whose ninja stands there or None)."""
    letter, seat_text = token[:1], token[1:]
    if letter == "#":
        letter = "W"
    if letter != ANY and (letter not in KIND_OF_LETTER):
        raise NotationError(f"bad square {quote(token)}: a card letter ({LETTERS[1:]}, # for a Wall), '.' for an "
                            "empty space or '?' for any card, then a seat digit for a ninja")
    owner = None
    if seat_text:
        if not seat_text.isascii() or not seat_text.isdigit() or not 0 <= int(seat_text) < players:
            raise NotationError(f"bad square {quote(token)}: the ninja's seat is 0 to {players - 1}")
        owner = int(seat_text)
    return (None if letter == ANY else KIND_OF_LETTER[letter]), owner


def _counts(letters: str, what: str) -> list[int]:
    counts = [0] * len(LETTERS)
    for letter in letters.replace("-", ""):
        kind = KIND_OF_LETTER.get(letter, 0)
        if kind in (EMPTY, WALL):
            raise NotationError(f"{what} holds skill cards and Traps ({LETTERS[1:-1]}), not {quote(letter)}")
        counts[kind] += 1
    return counts


def _holdings(players: int, hands: Mapping[int, str], discards: Mapping[int, str]
              ) -> tuple[list[list[int]], list[str], set[int]]:
    """Each seat's hand counts and discard pile, starting cards completed; and the seats whose hand was given."""
    for seat in (*hands, *discards):
        _check_seat(seat, players, "hands and discards")
    held_hands: list[list[int]] = []
    held_discards: list[str] = []
    for seat in range(players):
        discard = discards.get(seat, "").replace("-", "")
        _counts(discard, f"seat {seat}'s discard pile")
        if seat in hands:
            hand = _counts(hands[seat], f"seat {seat}'s hand")
        else:
            hand = [0] * len(LETTERS)
            for kind in STARTING_HAND:
                if LETTERS[kind] not in discard:
                    hand[kind] += 1
        # The starting Sprint and Evade never leave a player: if not in hand, they were played.
        for kind in reversed(STARTING_HAND):
            if not hand[kind] and LETTERS[kind] not in discard:
                discard = LETTERS[kind] + discard
        held_hands.append(hand)
        held_discards.append(discard)
    return held_hands, held_discards, set(hands)


def _pool(players: int, kinds: list[int | None], hands: list[list[int]], discards: list[str]) -> list[int]:
    """The cards left for ``?`` squares and unlisted claims: the supply minus what is placed."""
    left = [DECK_COUNTS[kind] + (players if kind in STARTING_HAND else 0) for kind in range(len(LETTERS))]
    for kind in kinds:
        if kind:
            left[kind] -= 1
    for hand, discard in zip(hands, discards, strict=True):
        for kind, count in enumerate(hand):
            left[kind] -= count
        for letter in discard:
            left[KIND_OF_LETTER[letter]] -= 1
    for row in CARD_TABLE:
        if left[row.kind] < 0:
            supply = DECK_COUNTS[row.kind] + (players if row.kind in STARTING_HAND else 0)
            raise NotationError(f"too many {row.name} cards: {supply - left[row.kind]} on the grid, in hands and "
                                f"discard piles, but there are {supply}")
    return left


def _fill_kinds(fill: str) -> list[int]:
    kinds = []
    for letter in fill:
        kind = KIND_OF_LETTER.get(letter, 0)
        if kind in (EMPTY, WALL):
            raise NotationError(f"fill lists card letters ({LETTERS[1:-1]}), not {quote(letter)}")
        kinds.append(kind)
    if not kinds:
        raise NotationError("fill must list at least one card letter")
    return kinds


def _take(pool: list[int], kinds: list[int], why: str) -> int:
    """One card of the kind in ``kinds`` with the most left (the first listed on a tie)."""
    best = max(kinds, key=lambda kind: (pool[kind], -kinds.index(kind)))
    if pool[best] <= 0:
        raise NotationError(f"no {'/'.join(LETTERS[kind] for kind in kinds)} card is left to {why}: give more "
                            "squares explicitly or widen fill")
    pool[best] -= 1
    return best


def _add_claims(empty: int, hands: list[list[int]], discards: list[str], given: set[int], pool: list[int],
                fill_kinds: list[int]) -> None:
    """Every empty space is a card someone claimed: give those no hand lists to the hands not given."""
    claimed = sum(sum(hand) for hand in hands) + sum(len(pile) for pile in discards) - len(STARTING_HAND) * len(hands)
    if claimed > empty:
        raise NotationError(f"the hands and discard piles hold {claimed} claimed cards (beyond the starting Sprint "
                            f"and Evade) but the grid has only {empty} empty spaces: every claim leaves one")
    takers = [seat for seat in range(len(hands)) if seat not in given]
    if claimed < empty and not takers:
        raise NotationError(f"the grid has {empty} empty spaces but the hands and discard piles hold only {claimed} "
                            "claimed cards: list them in a hand, or leave a hand out for the builder to fill")
    for number in range(empty - claimed):
        hands[takers[number % len(takers)]][_take(pool, fill_kinds, "be claimed from the empty spaces")] += 1


def _clans(players: int, clans: Mapping[int, str]) -> list[str]:
    codes: dict[int, str] = {}
    for seat, code in clans.items():
        _check_seat(seat, players, "clans")
        if code.lower() not in CLAN_OF_CODE or code not in (code.lower(), code.upper()):
            raise NotationError(f"unknown clan {quote(code)}; clans are {', '.join(CLAN_OF_CODE)} "
                                "(in capitals once used)")
        codes[seat] = code
    taken = {code.lower() for code in codes.values()}
    if len(taken) != len(codes):
        raise NotationError("two seats hold the same clan card: each player has a different one")
    free = [clan.code for clan in CLAN_TABLE if clan.code not in taken]
    return [codes[seat] if seat in codes else free.pop(0) for seat in range(players)]


def _pass_order(pass_order: Sequence[int] | None, passed: set[int], players: int) -> list[int]:
    """The seats of ``pass_order`` checked (each once, the same seats as ``passed`` when both are given)."""
    if pass_order is None:
        return []
    if isinstance(pass_order, (str, bytes)) or not isinstance(pass_order, Sequence):
        raise NotationError(f"pass_order lists seats in the order they passed (e.g. [2, 0]), not {quote(pass_order)}")
    for seat in pass_order:
        _check_seat(seat, players, "pass_order")
    if len(set(pass_order)) != len(pass_order):
        raise NotationError(f"pass_order names a seat twice: a player passes once, for good ({quote(pass_order)})")
    if passed and passed != set(pass_order):
        raise NotationError(f"passed {sorted(passed)} and pass_order {list(pass_order)} name different seats: give "
                            "pass_order alone (it says who passed, and in which order)")
    return list(pass_order)


def _history(players: int, hands: list[list[int]], discards: list[str], used: list[bool], passed: set[int],
             to_act: int | None, order: Sequence[int] = ()) -> tuple[int, list[int], list[int], int]:
    """The fewest turns (seat 1 first, clockwise, skipping passed players) that let each seat have made
    the moves its cards need and passed as asked (in ``order``, first first, when given: a seat whose
    turn to pass has not come yet moves again), ending with ``to_act`` to move.

    Returns (turns taken, turn of each pass, turn of each last move, the seat to move).
    """
    if to_act is not None and to_act in passed:
        raise NotationError(f"seat {to_act} has passed and takes no more turns")
    if len(passed) == players:
        raise NotationError("when every player has passed the game is over: build the position before the last "
                            "pass and apply 'pass'")
    need = []
    for seat in range(players):
        pile = discards[seat]
        claims = sum(hands[seat]) + len(pile) - len(STARTING_HAND)
        # A move plays one card and claims one (two for a Stealth or a Shadow copying it).
        doubles = pile.count(LETTERS[STEALTH]) + pile.count(LETTERS[SHADOW])
        need.append(max(len(pile) + used[seat], claims - doubles))
    moves = [0] * players
    passed_at, last_move = [-1] * players, [-1] * players
    seat, turn = FIRST_TURN_SEAT % players, 0
    while True:
        ready = all(moves[each] >= need[each] for each in range(players)) and all(passed_at[each] >= 0
                                                                                 for each in passed)
        if ready and (to_act is None or seat == to_act):
            return turn, passed_at, last_move, seat
        before = order[:order.index(seat)] if seat in order else []
        if seat in passed and moves[seat] >= need[seat] and all(passed_at[each] >= 0 for each in before):
            passed_at[seat] = turn
        else:
            moves[seat] += 1
            last_move[seat] = turn
        seat = next((seat + offset) % players for offset in range(1, players + 1)
                    if passed_at[(seat + offset) % players] < 0)
        turn += 1


def _shadow_copies(players: int, discards: list[str], last_move: list[int], pile: bool = False) -> list[str]:
    """What each Shadow copies: the most recent mover's last card other than Shadow, for everyone else;
    for that mover, the next most recent such card. With ``pile`` (option ``shadow_copies=pile``) the
    most recent mover with any card played gives its top card other than Shadow, or nothing."""
    movers = sorted((seat for seat in range(players) if (discards[seat] if pile else last_non_shadow(discards[seat]))),
                    key=lambda seat: last_move[seat], reverse=True)
    copies = ["-"] * players
    for seat in range(players):
        source = next((mover for mover in movers if mover != seat), None)
        if source is not None and last_non_shadow(discards[source]):
            copies[seat] = LETTERS[last_non_shadow(discards[source])]
    return copies


def _check_seat(seat: object, players: int, what: str) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise NotationError(f"{what}: there is no seat {quote(seat)} in a {players}-player game (0 to {players - 1})")


# ---------------------------------------------------------------------- reading and playing positions

def after(state: NinjaCampState, *actions: str) -> NinjaCampState:
    """A copy of ``state`` with ``actions`` applied, each by the seat to act."""
    game = state.clone()
    for action in actions:
        game.apply(game.to_act()[0], action)
    return game


def moves(state: NinjaCampState, prefix: str, seat: int | None = None) -> set[str]:
    """The legal actions of the seat to act (or ``seat``) that start with ``prefix``."""
    who = state.to_act()[0] if seat is None else seat
    return {action for action in state.legal_actions(who) if action.startswith(prefix)}


def ninjas_of(state: NinjaCampState, seat: int) -> list[str]:
    """The squares of a seat's ninjas, in alphabetical order."""
    return sorted(state.grid.names[square] for square in state.ninjas[seat])


def card_at(state: NinjaCampState, name: str) -> str:
    """The letter of the card on a square (``.`` when empty, ``W`` for a Wall)."""
    return LETTERS[state.cells[state.grid.index[name]]]


def hand_of(state: NinjaCampState, seat: int) -> str:
    """A seat's hand as sorted letters (``-`` when empty)."""
    return encode_hand(state.hands[seat])


def playout(players: int, seed: int, passing: bool = False,
            options: Mapping[str, object] | None = None) -> list[NinjaCampState]:
    """Every position of a game dealt from ``seed`` (with ``options``), its actions picked at random
    (``Rng(seed)``).

    A player passes only when nothing else is legal, so the game reaches the late game (many empty
    spaces, Leaps, pushes into corners), which uniformly random play, passing early, rarely sees;
    ``passing=True`` picks uniformly among all legal actions, ``pass`` included.
    """
    game = NinjaCampState.new(players, options, seed=seed)
    rng = Rng(seed)
    states = [game.clone()]
    while not game.is_terminal:
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        choices = actions if passing else [action for action in actions if action != PASS_TEXT] or actions
        game.apply(seat, choices[rng.randbelow(len(choices))])
        states.append(game.clone())
    return states


__all__ = ["DEFAULT_FILL", "after", "card_at", "hand_of", "moves", "ninjas_of", "playout", "position"]
