"""The laws every Ninja Camp position obeys, checked after every action and on every parsed position.

Each check is an ``assert`` whose message names the law a position breaks, because ``from_notation``
turns it into the ``NotationError`` a user reads ("impossible ninja-camp position: <message>").

What a position must satisfy, whatever happened before it:

- **Frames.** One decision at a time (``place``, ``turn``, ``platypus``, ``platypus-claim``), for one
  seat, never simultaneous or concealed, with exactly the data its kind uses.
- **Cards.** No kind beyond its supply (the 64 shuffled cards plus each player's starting Sprint and
  Evade); every card claimed left exactly one empty space, so the grid, hands and discard piles hold
  the grid's size plus two starting cards a player; every player still holds a Sprint and an Evade
  (played cards stay in the discard pile); Walls are never claimed, Traps never played.
- **Ninjas.** Three a player once set-up is over (a ninja never leaves the grid); during set-up as many
  as the placing order (0, n-1, ..., 1, three rounds) gives, on skill cards of three different kinds.
- **Turns.** Seat 1 (the last to place) takes turn 0, then clockwise, skipping players who have
  passed: each recorded pass and last move must fall on one of that seat's turns, the seat asked must
  be the one whose turn it is, and nobody has played more cards than they have made moves.
- **Shadow.** Each player's Shadow copies the last card other than Shadow that some opponent played, and
  the most recent such play sets every other player's copy (under option ``shadow_copies=pile``: the top
  card other than Shadow of some opponent's discard pile, set by the most recent play of a skill card).
- **The end.** A finished game has every player passed and every ninja's card claimed, and its result
  states the points held and the winner the tie rule gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from ninjadojo.engine.errors import quote
from ninjadojo.games.ninja_camp.cards import (
    DECK_COUNTS,
    EMPTY,
    LETTERS,
    NAMES,
    NINJAS_PER_PLAYER,
    PLATYPUS,
    SHADOW,
    SKILLS,
    STARTING_HAND,
    STEALTH,
    WALL,
)
from ninjadojo.games.ninja_camp.moves import board_of

if TYPE_CHECKING:
    from ninjadojo.games.ninja_camp.state import NinjaCampState

#: The frame kinds Ninja Camp pushes, and the data keys each one carries.
FRAME_DATA: Mapping[str, frozenset[str]] = MappingProxyType({
    "place": frozenset(),
    "turn": frozenset(),
    "platypus": frozenset({"first", "moved"}),
    "platypus-claim": frozenset({"left"}),
})

#: The first turn is the last placer's: placing goes 0, n-1, ..., 1, so seat 1 places last.
FIRST_TURN_SEAT = 1


def placer(placed: int, players: int) -> int:
    """The seat that places the ninja after ``placed`` have been placed (counter-clockwise from seat 0)."""
    return (-placed) % players


def placed_by(seat: int, placed: int, players: int) -> int:
    """How many of the first ``placed`` ninjas ``seat`` placed."""
    return sum(1 for index in range(placed) if placer(index, players) == seat)


def turn_owners(passed_at: list[int], turns: int) -> tuple[list[int], int]:
    """Who took each of turns ``0 .. turns-1``, and who takes turn ``turns`` (-1: everyone has passed).

    Seat 1 takes turn 0; then the turn goes clockwise to the next player who has not passed.
    """
    players = len(passed_at)
    owners: list[int] = []
    seat = FIRST_TURN_SEAT % players
    for turn in range(turns):
        assert seat >= 0, f"turn {turn} was taken after every player had passed (the game ends when all have passed)"
        owners.append(seat)
        following = -1
        for offset in range(1, players + 1):
            candidate = (seat + offset) % players
            if not 0 <= passed_at[candidate] <= turn:
                following = candidate
                break
        seat = following
    return owners, seat


def finished(state: NinjaCampState) -> bool:
    """Whether the game ended by its rules (everyone passed), not stopped at its maximum length."""
    return state.result is not None and not state.result.truncated


def played_pile(state: NinjaCampState, seat: int) -> str:
    """The cards ``seat`` played, in order: its discard pile without the final claims of a finished game."""
    discard = state.discards[seat]
    return discard[:-NINJAS_PER_PLAYER] if finished(state) else discard


def last_non_shadow(pile: str) -> int:
    """The kind of the last card other than Shadow in a pile of played cards (0 if none)."""
    for letter in reversed(pile):
        kind = LETTERS.index(letter)
        if kind != SHADOW:
            return kind
    return 0


def check(state: NinjaCampState) -> None:
    """Raise ``AssertionError`` naming the first law of the game that ``state`` breaks."""
    _check_frames(state)
    _check_cards(state)
    # Not a law of the game but of this program: the facts move generation reads match the position.
    assert state.board == board_of(state.cells, state.ninjas), (
        "the board facts for move generation are out of step with the cards and ninjas")
    placed = sum(len(squares) for squares in state.ninjas)
    # The decision says which phase a game is in (a ninja missing in play is then reported as such);
    # a game stopped at its maximum length has none, and its ninja count tells.
    if state.result is None:
        setting_up = state.frames[-1].kind == "place"
    else:
        setting_up = state.result.truncated and placed < NINJAS_PER_PLAYER * state.num_players
    _check_ninjas(state, setting_up, placed)
    if setting_up:
        _check_set_up(state, placed)
    else:
        _check_turns(state)
        _check_shadow(state)
    _check_result(state)


def _check_frames(state: NinjaCampState) -> None:
    frames = state.frames
    if state.result is not None:
        return  # the engine already refuses a finished game with pending decisions
    assert len(frames) == 1, (
        f"Ninja Camp asks one decision at a time: a game in progress has 1 frame, not {len(frames)}")
    frame = frames[0]
    assert frame.kind in FRAME_DATA, (f"{quote(frame.kind)} is no Ninja Camp decision; the decisions are "
                                      f"{', '.join(FRAME_DATA)}")
    assert not frame.simultaneous and not frame.concealed and not frame.submitted, (
        f"Ninja Camp hides nothing and nobody acts together: the {frame.kind!r} frame cannot be simultaneous or "
        "concealed")
    assert len(frame.seats) == 1, f"one player decides a {frame.kind!r} frame, not {len(frame.seats)}"
    keys = set(frame.data)
    assert keys == FRAME_DATA[frame.kind], (
        f"a {frame.kind!r} frame holds {', '.join(sorted(FRAME_DATA[frame.kind])) or 'no data'}, "
        f"not {quote(', '.join(sorted(keys))) if keys else 'nothing'}")
    size = state.grid.size

    def square(value: object, what: str) -> int:
        assert isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size, (
            f"{what} in the {frame.kind!r} frame must be a square number from 0 to {size - 1}, not {quote(value)}")
        return value

    seat = frame.seats[0]
    if frame.kind in ("platypus", "platypus-claim"):
        assert state.clans[seat] == PLATYPUS and state.clan_used[seat], (
            f"seat {seat} is mid-way through a Platypus turn but has no used Platypus Clan card")
    names = state.grid.names
    if frame.kind == "platypus":
        first, moved = square(frame.data["first"], "'first'"), square(frame.data["moved"], "'moved'")
        assert moved in state.grid.king[first], (
            f"a Platypus step goes to a neighbouring space, but {names[first]} and {names[moved]} are not neighbours")
        assert state.occupant[moved] == seat, f"the ninja seat {seat} just stepped to {names[moved]} is not there"
        assert state.occupant[first] < 0 and state.cells[first] not in (EMPTY, WALL), (
            f"the card the Platypus ninja left on {names[first]} must still be there, free, to be claimed")
    elif frame.kind == "platypus-claim":
        left = frame.data["left"]
        assert isinstance(left, tuple) and len(left) == 2, f"'left' is the pair of cards left, not {quote(left)}"
        first, second = square(left[0], "'left'"), square(left[1], "'left'")
        assert first < second, "the two cards left are distinct and listed in square order"
        for each in (first, second):
            assert state.occupant[each] < 0 and state.cells[each] not in (EMPTY, WALL), (
                f"the Platypus may claim only a card it left, free of ninjas: {names[each]} is not one")
            assert any(state.occupant[near] == seat for near in state.grid.king[each]), (
                f"a Platypus ninja stepped off {names[each]} to a neighbouring space, but no ninja of seat {seat} "
                "is next to it")


def _check_cards(state: NinjaCampState) -> None:
    players = state.num_players
    counts = [0] * len(LETTERS)
    for kind in state.cells:
        counts[kind] += 1
    for seat, (hand, discard) in enumerate(zip(state.hands, state.discards, strict=True)):
        assert min(hand) >= 0, f"seat {seat} holds a negative number of cards"
        assert hand[WALL] == 0 and hand[EMPTY] == 0 and "W" not in discard, "a Wall was claimed: Walls never are"
        held = hand.copy()
        for letter in discard:
            held[LETTERS.index(letter)] += 1
        for kind in STARTING_HAND:
            assert held[kind] >= 1, (
                f"seat {seat} holds no {NAMES[kind]}: every player keeps the starting Sprint and Evade "
                "(in hand, or in the discard pile once played)")
        for kind, count in enumerate(held):
            counts[kind] += count
        assert "T" not in played_pile(state, seat), f"seat {seat}'s discard pile holds a Trap, which cannot be played"
    for kind in range(1, len(LETTERS)):
        supply = DECK_COUNTS[kind] + (players if kind in STARTING_HAND else 0)
        assert counts[kind] <= supply, (
            f"cards do not add up: {counts[kind]} {NAMES[kind]} cards in play, but there are only {supply}"
            + (f" ({DECK_COUNTS[kind]} plus each player's starting one)" if kind in STARTING_HAND else ""))
    empty = state.cells.count(EMPTY)
    claimed = sum(counts[1:]) - (state.grid.size - empty) - len(STARTING_HAND) * players
    assert claimed == empty, (
        f"cards do not add up: the grid has {empty} empty spaces but the hands and discard piles hold {claimed} "
        "claimed cards (beyond each player's starting Sprint and Evade); every claim leaves one empty space")


def _check_ninjas(state: NinjaCampState, setting_up: bool, placed: int) -> None:
    players = state.num_players
    names = state.grid.names
    for seat, squares in enumerate(state.ninjas):
        assert squares == sorted(set(squares)), f"seat {seat}'s ninjas are not on distinct squares in order"
        if setting_up:
            expected = placed_by(seat, placed, players)
            assert len(squares) == expected, (
                f"seat {seat} has {len(squares)} ninjas, but after {placed} placements (seats place in turn "
                f"0, {', '.join(str(s) for s in range(players - 1, 0, -1))}) it has placed {expected}")
        else:
            assert len(squares) == NINJAS_PER_PLAYER, (
                f"seat {seat} has {len(squares)} ninjas: once set-up is over every player has "
                f"{NINJAS_PER_PLAYER} on the grid, and none ever leaves it")
        for square in squares:
            assert state.occupant[square] == seat, "the occupant table is out of step with the ninjas"
            kind = state.cells[square]
            assert kind != WALL, f"a ninja stands on the Wall on {names[square]}"
            if finished(state):
                assert kind == EMPTY, (f"the game is over but the card under the ninja on {names[square]} was not "
                                       "claimed: at the end every player claims the cards under their ninjas")
            else:
                assert kind != EMPTY, f"a ninja stands on the empty space {names[square]}: every ninja ends on a card"
    assert placed == sum(1 for owner in state.occupant if owner >= 0), "stray occupant entries"
    clans = state.clans
    assert len(set(clans)) == len(clans), (
        "two players hold the same Ninja Clan card: each is dealt a different one of the 8")


def _check_set_up(state: NinjaCampState, placed: int) -> None:
    """Before every ninja is placed nothing has been claimed, played, used or passed."""
    players = state.num_players
    names = state.grid.names
    assert placed < NINJAS_PER_PLAYER * players, "every ninja is placed: set-up is over, so nobody places another"
    if state.result is None:
        frame = state.frames[-1]
        expected = placer(placed, players)
        assert frame.seats == [expected], (
            f"after {placed} placements seat {expected} places next (0, then counter-clockwise), not seat "
            f"{frame.seats[0]}")
    assert EMPTY not in state.cells, "a card was claimed during set-up"
    for seat in range(players):
        kinds = [state.cells[square] for square in state.ninjas[seat]]
        for square, kind in zip(state.ninjas[seat], kinds, strict=True):
            assert kind in SKILLS, (
                f"a ninja is placed only on a skill card, not on the {NAMES[kind]} on {names[square]}")
        assert len(set(kinds)) == len(kinds), f"seat {seat}'s ninjas start on three different kinds of skill card"
        starting = [0] * len(LETTERS)
        for kind in STARTING_HAND:
            starting[kind] += 1
        assert state.hands[seat] == starting and not state.discards[seat], (
            f"during set-up every hand is the starting Sprint and Evade, and nothing is played (seat {seat})")
        assert not state.clan_used[seat], f"seat {seat} used its clan card before play began"
        assert state.copyable[seat] == 0, f"seat {seat}'s Shadow has something to copy before any card was played"
        assert state.passed_at[seat] == -1 and state.last_move[seat] == -1, (
            f"seat {seat} passed or moved before play began")
    assert state.turns == 0, f"no turn is taken during set-up, but the turn counter is {state.turns}"


def _check_turns(state: NinjaCampState) -> None:
    players = state.num_players
    turns = state.turns
    assert turns >= 0, f"the turn counter counts turns taken, from 0, not {turns}"
    for seat in range(players):
        for what, value in (("pass", state.passed_at[seat]), ("last move", state.last_move[seat])):
            assert -1 <= value < turns, (
                f"seat {seat}'s {what} is on turn {value}, but turns 0 to {turns - 1} have been taken (-1: none)")
    owners, to_move = turn_owners(state.passed_at, turns)
    rule = "turn 0 is seat 1's (the last to place), then clockwise, skipping players who have passed"
    for seat in range(players):
        passed = state.passed_at[seat]
        if passed >= 0:
            assert owners[passed] == seat, (
                f"seat {seat} passed on turn {passed}, but that turn was seat {owners[passed]}'s: {rule}")
    for seat in range(players):
        passed = state.passed_at[seat]
        own = [turn for turn, owner in enumerate(owners) if owner == seat and turn != passed]
        expected = own[-1] if own else -1
        assert state.last_move[seat] == expected, (
            f"seat {seat}'s last move is recorded on turn {state.last_move[seat]}, but its last turn without "
            f"passing was {expected} ({rule})")
        mid_turn = seat == to_move and (state.result is not None or state.frames[-1].kind != "turn")
        moves = len(own) + (1 if mid_turn else 0)
        pile = played_pile(state, seat)
        plays = len(pile) + (1 if state.clan_used[seat] else 0)
        assert plays <= moves, (f"seat {seat} played {plays} cards (clan card included) in {moves} moves: each move "
                                "plays one card")
        held = sum(state.hands[seat]) + len(state.discards[seat]) - len(STARTING_HAND)
        claims = held - (NINJAS_PER_PLAYER if finished(state) else 0)
        most = len(own) + pile.count(LETTERS[STEALTH]) + pile.count(LETTERS[SHADOW])
        assert claims <= most, (f"seat {seat} claimed {claims} cards in {len(own)} moves: a move claims one card (a "
                                "Stealth, or a Shadow copying it, two)")
    if state.result is None:
        frame = state.frames[-1]
        assert to_move >= 0, "every player has passed, so the game is over: a game in progress needs someone to act"
        assert frame.seats == [to_move], (f"turn {turns} is seat {to_move}'s, not seat {frame.seats[0]}'s ({rule})")
    elif finished(state):
        assert to_move < 0, "the game ended, but not every player has passed (it ends when all have)"
    else:
        assert to_move >= 0, "a game where every player has passed ended by its rules; it was not stopped early"


def _check_shadow(state: NinjaCampState) -> None:
    if state.table_rules.shadow_pile:
        _check_shadow_pile(state)
        return
    players = state.num_players
    last = [last_non_shadow(played_pile(state, seat)) for seat in range(players)]
    for seat in range(players):
        options = {last[other] for other in range(players) if other != seat and last[other]}
        copy = state.copyable[seat]
        assert copy == 0 or (copy in SKILLS and copy != SHADOW), "a Shadow copies a skill card other than Shadow"
        if not options:
            assert copy == 0, (f"seat {seat}'s Shadow copies {NAMES[copy]}, but no opponent has played a skill card "
                               "other than Shadow")
        else:
            assert copy in options, (
                f"seat {seat}'s Shadow copies {NAMES[copy] if copy else 'nothing'}, but it copies the last card "
                f"other than Shadow an opponent played: {' or '.join(sorted(NAMES[kind] for kind in options))}")
    if any(last):
        # The most recent non-Shadow play (by ``latest``) set every other player's copy to its card.
        assert any(last[latest] and all(state.copyable[other] == last[latest] for other in range(players)
                                        if other != latest) for latest in range(players)), (
            "the last card other than Shadow played sets every other player's Shadow copy, but no player's last "
            "such card is what all the others copy")


def _check_shadow_pile(state: NinjaCampState) -> None:
    """Option ``shadow_copies=pile``: each Shadow copies the top card other than Shadow of the discard pile
    of the opponent who played a skill card most recently, and that play set every other player's copy."""
    players = state.num_players
    piles = [played_pile(state, seat) for seat in range(players)]
    tops = [last_non_shadow(pile) for pile in piles]
    for seat in range(players):
        copy = state.copyable[seat]
        assert copy == 0 or (copy in SKILLS and copy != SHADOW), "a Shadow copies a skill card other than Shadow"
        sources = {tops[other] for other in range(players) if other != seat and piles[other]}
        if not sources:
            assert copy == 0, (f"seat {seat}'s Shadow copies {NAMES[copy]}, but no opponent has played a skill "
                               "card (shadow_copies=pile)")
        else:
            assert copy in sources, (
                f"seat {seat}'s Shadow copies {NAMES[copy] if copy else 'nothing'}, but under shadow_copies=pile "
                "it copies the top card other than Shadow of an opponent's discard pile: "
                f"{' or '.join(sorted(NAMES[kind] if kind else 'nothing' for kind in sources))}")
    if any(piles):
        assert any(piles[latest] and all(state.copyable[other] == tops[latest] for other in range(players)
                                         if other != latest) for latest in range(players)), (
            "under shadow_copies=pile the last skill card played sets every other player's Shadow copy to the "
            "top card other than Shadow of that player's discard pile, but no player's pile is what all the "
            "others copy")


def _check_result(state: NinjaCampState) -> None:
    result = state.result
    if result is None:
        return
    points = tuple(float(value) for value in state.points())
    assert result.scores == points, (f"the result's scores {list(result.scores)} are not the points the players "
                                     f"hold ({list(points)})")
    if result.truncated:
        assert result.winners == (), "a game stopped at its maximum length has no winner"
        return
    best = max(points)
    tied = [seat for seat in range(state.num_players) if points[seat] == best]
    winner = max(tied, key=lambda seat: state.passed_at[seat])
    assert result.winners == (winner,), (
        f"the result names {list(result.winners)} the winner, but the most points and the tie rule (of the tied, "
        f"the player who passed last) give seat {winner}")


__all__ = ["FRAME_DATA", "check", "last_non_shadow", "placed_by", "placer", "played_pile",
           "turn_owners"]
