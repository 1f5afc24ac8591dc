"""Scenario tests for set-up, the turn, the general movement rules, the end and the tie-break."""

from __future__ import annotations

from typing import Any

import pytest

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.engine import IllegalActionError, NotationError
from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import after, card_at, hand_of, moves, ninjas_of, position
from ninjadojo.games.ninja_camp.cards import DECK_COUNTS, SKILLS, TRAP, WALL

PARKED = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1"}


def camp(cells: dict[str, str], players: int = 2, to_act: int = 0, **kwargs: Any) -> NinjaCampState:
    """A position with ``cells`` set (other squares: skill cards left over), ``to_act`` to move."""
    return position(players, squares=cells, to_act=to_act, **kwargs)


@pytest.mark.parametrize(("players", "size"), [(2, (7, 7)), (3, (7, 8)), (4, (7, 8))])
def test_grid_size_by_player_count_dealt_from_the_64_cards(players: int, size: tuple[int, int]) -> None:
    game = NinjaCampState.new(players, seed=5)
    assert (game.grid.rows, game.grid.cols) == size
    for kind, count in enumerate(DECK_COUNTS):
        if kind:
            assert game.cells.count(kind) <= count
    assert all(hand_of(game, seat) == "ER" for seat in range(players))  # one Sprint and one Evade each
    assert len(set(game.clans)) == players


def test_placement_goes_counter_clockwise_and_the_last_to_place_starts() -> None:
    game = NinjaCampState.new(3, seed=2)
    order = []
    while game.frames[-1].kind == "place":
        seat = game.to_act()[0]
        order.append(seat)
        game.apply(seat, game.legal_actions(seat)[0])
    assert order == [0, 2, 1] * 3
    assert game.to_act() == (1,)
    game.apply(1, "pass")
    assert game.to_act() == (2,)  # then clockwise


def test_ninjas_are_placed_on_three_different_kinds_of_skill_card() -> None:
    game = NinjaCampState.new(2, seed=3)
    first = game.legal_actions(0)[0]
    square = game.grid.index[first[1:]]
    kind = game.cells[square]
    assert all(game.cells[game.grid.index[action[1:]]] in SKILLS for action in game.legal_actions(0))
    game.apply(0, first)
    game.apply(1, game.legal_actions(1)[0])
    assert all(game.cells[game.grid.index[action[1:]]] != kind for action in game.legal_actions(0))
    same = next(name for sq, name in enumerate(game.grid.names) if game.cells[sq] == kind and game.occupant[sq] < 0)
    with pytest.raises(IllegalActionError, match="three different kinds"):
        game.apply(0, f"@{same}")
    trap = next((name for sq, name in enumerate(game.grid.names) if game.cells[sq] in (TRAP, WALL)), None)
    if trap is not None:
        with pytest.raises(IllegalActionError, match="only on skill cards"):
            game.apply(0, f"@{trap}")


def test_the_card_a_ninja_started_on_is_claimed_and_the_played_card_discarded() -> None:
    state = camp({**PARKED, "d4": "A0"}, hands={0: "ER"})
    moved = after(state, "E:d4-d7")
    assert card_at(moved, "d4") == "." and hand_of(moved, 0) == "AR" and moved.discards[0] == "E"
    assert moved.points() == [11, 6]  # Ambush 5 + Sprint 2 in hand, Evade 4 played; seat 1 holds Sprint + Evade


def test_a_move_never_uses_the_same_space_twice() -> None:
    # From a1 the only card around is a2, and from a2 only b2: a 3-step path would have to go back.
    cells = {"a1": "E0", "b1": "#", "a3": ".", "c2": ".", "b3": ".", "g1": "S0", "g2": "S0"}
    state = camp({**cells, "g7": "S1", "f7": "S1", "e7": "S1"}, hands={0: "E"})
    assert moves(state, "E:a1") == set()


def test_a_move_never_returns_to_its_start() -> None:
    state = camp({**PARKED, "d4": "D0", "a7": "."}, hands={0: "DE"})
    assert not any(action.endswith("-d4") for action in state.legal_actions(0))


def test_passing_is_allowed_any_time_and_final() -> None:
    state = camp({"a1": "S0", "b1": "S0", "d4": "E0", "b7": "S2", "c7": "S2", "d7": "S2",
                  "h7": "S1", "h6": "S1", "h5": "S1"}, players=3)
    assert "pass" in state.legal_actions(0) and len(state.legal_actions(0)) > 1
    passed = after(state, "pass")
    assert passed.to_act() == (1,)
    passed = after(passed, "E:h5-h2", "E:d7-g7")
    assert passed.to_act() == (1,)  # seat 0's turn is skipped from now on
    assert ninjas_of(passed, 0) == ["a1", "b1", "d4"]  # its ninjas stay in place


def test_the_game_ends_when_all_have_passed_and_ninjas_claim_their_cards() -> None:
    # Seat 1 claimed a Trap earlier, from a7.
    state = camp({"a1": "A0", "b1": "T0", "c1": "E0", "g7": "L1", "f7": "D1", "e7": "S1", "a7": "."},
                 hands={0: "ER", 1: "ERT"})
    over = after(state, "pass", "pass")
    assert over.is_terminal
    # Seat 0: Evade 4 + Sprint 2 in hand, Ambush 5 + Trap -1 + Evade 4 under its ninjas.
    # Seat 1: Evade 4 + Sprint 2 + Trap -1 in hand, Leap 3 + Dodge 1 + Stealth 0 under its ninjas.
    assert over.scores() == (14.0, 9.0)
    assert over.winners() == (0,)
    assert sorted(over.discards[0]) == sorted("ATE")
    assert all(card_at(over, square) == "." for square in ("a1", "b1", "c1", "g7", "f7", "e7"))


def test_a_tie_goes_to_the_tied_player_who_took_the_last_turn() -> None:
    # Every ninja stands on a Stealth (0 points); each player played its Sprint and holds its Evade.
    stealth = {"a1": "S0", "b1": "S0", "c1": "S0", "g7": "S1", "f7": "S1", "e7": "S1", "c4": "S", "e4": "S"}
    state = camp(stealth, hands={0: "E", 1: "E"})
    # Both move once (each claims a 0-point Stealth), then both pass: 6 points each, seat 1 moved last.
    over = after(state, "E:c1-c4", "E:e7-e4", "pass", "pass")
    assert over.scores() == (6.0, 6.0)
    assert over.winners() == (1,)
    # Had seat 1 passed instead of moving, seat 0 would have taken the last turn (6 points each again).
    over = after(state, "E:c1-c4", "pass", "pass")
    assert over.scores() == (6.0, 6.0)
    assert over.winners() == (0,)


def test_a_pass_is_a_turn_so_the_tie_goes_to_the_tied_player_who_passed_last() -> None:
    # Seats 1 and 2 tie on 7 points (Evade, Sprint and a Dodge under a ninja); seat 0 has 6. Whichever
    # of the two passes later wins, whatever its seat number.
    three = {"a1": "S0", "b1": "S0", "c1": "S0", "a7": "S1", "b7": "S1", "c7": "D1", "h4": "S2", "h3": "S2",
             "h2": "D2"}
    for first, order, winner in ((1, ("pass", "pass", "pass"), 2), (2, ("pass", "pass", "pass"), 1)):
        over = after(camp(three, players=3, to_act=first), *order)
        assert over.scores() == (6.0, 7.0, 7.0)
        assert over.winners() == (winner,)


def test_a_position_whose_turn_numbers_break_the_turn_order_is_refused() -> None:
    # Seat 1 takes turn 0, then clockwise: seats 1 and 2 each played a Sprint (turns 0 and 1), seat 0
    # moved on turn 2, then seats 1 and 2 passed on turns 3 and 4; seat 0 is to move on turn 5.
    three = {"a1": "?0", "b1": "?0", "c1": "?0", "a7": "?1", "b7": "?1", "c7": "?1", "h4": "?2", "h3": "?2",
             "h2": "?2"}
    text = camp(three, players=3, hands={1: "E", 2: "E"}, passed=(1, 2)).to_notation()
    assert ",3,0;" in text and ",4,1 " in text and text.endswith(" 5")
    with pytest.raises(NotationError, match="seat 1 passed on turn 4, but that turn was seat 0's"):
        NinjaCampState.from_notation(text.replace(",3,0;", ",4,0;").replace(",4,1 ", ",3,1 "))
    with pytest.raises(NotationError, match="seat 2's last move is recorded on turn 0, but its last turn without "
                                            "passing was 1"):
        NinjaCampState.from_notation(text.replace(",4,1 ", ",4,0 "))
    with pytest.raises(NotationError, match="turn 5 is seat 0's, not seat 1's"):
        NinjaCampState.from_notation(text.replace('[["turn",[0]', '[["turn",[1]'))


def test_an_illegal_action_says_why_and_changes_nothing() -> None:
    state = camp({**PARKED, "d4": "E0"}, hands={0: "E"})
    before = state.to_notation()
    with pytest.raises(IllegalActionError, match="no Ambush in your hand"):
        state.apply(0, "A:d4-d6")
    with pytest.raises(IllegalActionError, match="no ninja on 'c3'"):
        state.apply(0, "E:c3-c6")
    with pytest.raises(IllegalActionError, match="Evade cannot make that move"):
        state.apply(0, "E:d4-d6")
    with pytest.raises(IllegalActionError, match="seat 1 has no decision"):
        state.apply(1, "pass")
    assert state.to_notation() == before


def test_positions_round_trip_and_bad_ones_are_refused() -> None:
    state = camp({**PARKED, "d4": "E0", "c3": ".", "a7": "."}, hands={0: "AT"}, clans={0: "GO"})
    text = state.to_notation()
    assert NinjaCampState.from_notation(text).to_notation() == text
    with pytest.raises(NotationError, match="unknown card letter"):
        NinjaCampState.from_notation(text.replace("7x7 S", "7x7 Z", 1))
    with pytest.raises(NotationError, match="unknown clan"):
        NinjaCampState.from_notation(text.replace(",GO,", ",XX,"))


def test_every_seat_and_spectators_see_the_same_public_position() -> None:
    game = NinjaCampState.new(3, seed=9)
    views = [game.observe(seat) for seat in (None, 0, 1, 2)]
    assert all(view["grid"] == views[0]["grid"] and view["seats"] == views[0]["seats"] for view in views)


def test_render_shows_the_grid_ninjas_empty_spaces_walls_and_traps() -> None:
    rows = {"a4": "A", "b4": "D", "c4": "#", "a3": "L", "b3": "H", "c3": ".", "a5": "D", "b5": "L", "c5": "T"}
    state = camp({**PARKED, **rows, "d4": "E0"}, hands={0: "E"})
    text = state.render(0)
    assert "\n4 A  D  #  E0 " in text and "\n3 L  H  .  " in text and "\n5 D  L  T  " in text
    markup = state.render_markup(0)
    assert "[bold white on red]E0[/]" in markup and "[bold red]T[/] " in markup


def test_the_picture_names_who_acts_but_leaves_the_prompt_to_the_driver() -> None:
    state = camp({**PARKED, "d4": "E0"}, hands={0: "E"}, clans={0: "sl"})
    prompt = state.decision(0).prompt
    for text in (state.render(0), state.render_markup(0), state.render(None)):
        assert "to act: P0" in text
        assert prompt not in text
    # A player is shown the words of their own clan card while it is unused (the prompt only names it).
    assert "sl: your clan, once: claim a card beside you" in state.render(0)
    assert "your clan" not in state.render(None)
    used = camp({**PARKED, "d4": "E0"}, hands={0: "E"}, clans={0: "SL"})
    assert "your clan" not in used.render(0) and "Sloth Clan used" in used.render(0)


def test_heuristic_bot_plays_whole_games_and_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(6):
        game = NinjaCampState.new(2, seed=seed)
        bots = {seed % 2: make_bot("heuristic", "ninja-camp", seed),
                1 - seed % 2: make_bot("random", "ninja-camp", seed)}
        while not game.is_terminal:
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].choose(SeatView(game, seat)))
        wins += game.winners() == (seed % 2,)
    assert wins >= 4


def test_positions_with_a_ninja_on_a_wall_or_too_many_ninjas_are_refused() -> None:
    text = camp({**PARKED, "d4": "E0"}, hands={0: "E"}).to_notation()
    with pytest.raises(NotationError, match="cannot stand on the Wall"):
        NinjaCampState.from_notation(text.replace("7x7 S", "7x7 W", 1))  # a Wall under a1
    with pytest.raises(NotationError, match="has 4 ninjas"):
        NinjaCampState.from_notation(text.replace("a1,b1,d4", "a1,b1,c1,d4"))


#: A long run of typed text; the engine asks the game to explain actions of up to 200 characters.
LONG = "x" * 190


@pytest.mark.parametrize("action", ["@" + LONG, LONG + ":b2-b5", "E:" + LONG])
def test_an_illegal_action_is_quoted_short_however_long(action: str) -> None:
    """The reasons ``explain_illegal`` gives quote what was typed through ``quote`` (at most 60
    characters), never whole with ``!r``."""
    placing = NinjaCampState.new(2, seed=3)
    playing = camp({**PARKED, "d4": "E0", "c3": "."}, hands={0: "AER"})
    state = placing if action.startswith("@") else playing
    seat = state.to_act()[0]
    before = state.to_notation()
    with pytest.raises(IllegalActionError) as error:
        state.apply(seat, action)
    assert error.value.explained, "the game explains it"
    assert "x" * 100 not in str(error.value) and "characters)" in str(error.value), str(error.value)
    assert state.to_notation() == before
    # The same reasons for a short mistake still quote it whole.
    with pytest.raises(IllegalActionError, match="'z9' is not a square"):
        placing.apply(0, "@z9")
    with pytest.raises(IllegalActionError, match="'Q' is no card"):
        playing.apply(0, "Q:d4-d6")
