"""The engine's undo policy (issue #14, "undo that tells nothing"; issue 28 items 4 and 13), on every game.

Properties: an undone action leaves the position exactly as before; no action the engine calls
undoable changed what the undoing seat may know (checked here against worlds of our own: every allowed
undo against many sampled worlds the seat could not tell apart); an action by another seat since, a
random outcome or a card seen makes undo refused with a reason; a refusal never tells a seat about
another seat's hidden choice; and the check is cheap: it replays nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ninjadojo.engine import DojoError, Rng, UndoError
from ninjadojo.engine.state import UNDO_UNKNOWN, GameState
from ninjadojo.engine.undo import HIDDEN_OUTCOME
from ninjadojo.games import game_class, playable_games
from ninjadojo.games.ninjitsu.builder import position

CASES = [(game_id, players) for game_id in playable_games()
         for players in (game_class(game_id).SPEC.min_players, game_class(game_id).SPEC.max_players)]


def _own_worlds_agree(before: GameState[Any], seat: int, action: str, after: GameState[Any]) -> bool:
    """Whether, in worlds the seat cannot tell from ``before`` (our own seeds), the action leaves the seat
    with the view it has in ``after``."""
    seen = after.observe(seat)
    for seed in range(900, 906):
        world = before.determinize(seat, seed)
        world.apply(seat, action)
        if world.observe(seat) != seen:
            return False
    return True


@pytest.mark.parametrize(("game_id", "players"), CASES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_an_undone_action_leaves_the_position_exactly_as_before_and_taught_nothing(game_id: str, players: int,
                                                                                     seed: int) -> None:
    game = game_class(game_id).new(players, seed=seed)
    rng = Rng(seed ^ 0xD0)
    undone = refused = 0
    for _ in range(60):
        if game.is_terminal:
            break
        to_act = game.to_act()
        seat = to_act[rng.randbelow(len(to_act))]
        actions = game.legal_actions(seat)
        action = actions[rng.randbelow(len(actions))]
        before = game.clone()
        game.apply(seat, action)
        reason = game.undo_check(seat)
        if reason is None:
            assert game.rng.state == before.rng.state, "an undoable action moved the random stream"
            assert _own_worlds_agree(before, seat, game.record.actions[-1][1], game), \
                f"{game_id}: {action!r} was called undoable but showed the seat something"
            game.undo(seat)
            assert game.to_notation() == before.to_notation()
            assert game.record.actions == before.record.actions and game.events == before.events
            for each in range(players):
                assert game.observe(each) == before.observe(each)
            undone += 1
            game.apply(seat, action)  # and go on with the game
        else:
            assert isinstance(reason, str) and reason
            with pytest.raises(UndoError, match="cannot take back"):
                game.clone().undo(seat)
            refused += 1
    assert undone + refused > 0


def test_a_free_swap_of_secrets_is_taken_back_and_a_draw_is_not() -> None:
    game = position(secrets=["6a 7b", ""], hands=["2a", "3b"])
    start = game.to_notation()
    game.apply(0, "w0.1")
    assert game.undo_check(0) is None
    game.undo(0)
    assert game.to_notation() == start
    game.apply(0, "d")
    assert game.undo_check(0) == HIDDEN_OUTCOME
    with pytest.raises(UndoError):
        game.undo(0)
    assert game.undo_check(1) == "you have no action to take back"


def test_a_played_secret_is_taken_back_until_the_next_player_acts() -> None:
    game = position(3, hands=["6a 7b", "2c", "3c"])
    before = game.to_notation()
    game.apply(0, "s:6a")
    assert game.to_act() == (1,) and game.undo_check(0) is None
    game.apply(1, "s:2c")
    assert game.undo_check(0) == "another seat has acted since your action"
    game = game_class("ninjitsu").from_notation(before)
    game.apply(0, "s:6a")
    game.undo(0)
    assert game.to_notation() == before


def test_with_any_time_cards_undo_stops_once_the_decision_leaves_the_seat() -> None:
    # A hidden "any time" answer could come after the action: a refusal must not depend on whether one did.
    game = position(3, hands=["6a 7b", "2c", "3c"], expansions="promo")
    game.apply(0, "s:6a")
    assert "moved on" in str(game.undo_check(0))
    game = position(3, secrets=["6a 7b", "", ""], hands=["2a", "2c", "3c"], expansions="promo")
    game.apply(0, "w0.1")  # a free swap: the turn is still P0's
    assert game.undo_check(0) is None


def test_a_hidden_submission_is_taken_back_after_others_submitted_and_the_refusal_tells_nothing() -> None:
    trap = game_class("ninja-trap").new(3, seed=4)
    assert trap.frames[-1].simultaneous
    first = trap.legal_actions(0)[0]
    alone = trap.clone()
    alone.apply(0, first)
    both = alone.clone()
    other = both.legal_actions(1)[0]
    both.apply(1, other)
    # Whether seat 1 has submitted is hidden from seat 0: its undo answer is the same either way.
    assert alone.undo_check(0) == both.undo_check(0) is None
    both.undo(0)
    expected = trap.clone()
    expected.apply(1, other)
    assert both.to_notation() == expected.to_notation()
    assert both.frames[-1].submitted == {1: other}


# ---------------------------------------------------------------------- issue 28, item 4: exact, never sampled


def _answer_teaches(before: GameState[Any], seat: int, action: str, after: GameState[Any], worlds: int) -> str | None:
    """How the undo answer after ``action`` could teach ``seat`` something (``None``: it cannot), judged in
    ``worlds`` worlds it cannot tell from ``before``: an allowed undo teaches if the action shows another
    view (or is illegal, or gets another answer) in one of them; a refusal tells something if in a world
    where the action shows the same view the answer differs (where the view differs, the action itself
    told the seat which world it is in, undo or not)."""
    reason = after.undo_check(seat)
    seen = after.observe(seat)
    for seed in range(7_000, 7_000 + worlds):
        world = before.determinize(seat, seed)
        try:
            world.apply(seat, action)
        except DojoError:
            if reason is None:
                return f"the action is illegal in world {seed}"
            continue
        same = world.observe(seat) == seen
        if reason is None and not same:
            return f"the action shows another view in world {seed}"
        if same and world.undo_check(seat) != reason:
            return f"the answer in world {seed} is {world.undo_check(seat)!r}, not {reason!r}"
    return None


def _audit(game_id: str, options: dict[str, Any], games: int, actions: int, worlds: int,
           refusal_worlds: int, players: int = 2) -> tuple[int, int, list[str]]:
    """Random games: (actions, undos allowed, what taught something)."""
    played = allowed = 0
    taught: list[str] = []
    for number in range(games):
        game = game_class(game_id).new(players, options, seed=number)
        rng = Rng(number ^ 0xA0D17)
        while not game.is_terminal and played < actions * (number + 1):
            to_act = game.to_act()
            seat = to_act[rng.randbelow(len(to_act))]
            legal = game.legal_actions(seat)
            before = game.clone()
            game.apply(seat, legal[rng.randbelow(len(legal))])
            played += 1
            ok = game.undo_check(seat) is None
            allowed += ok
            why = _answer_teaches(before, seat, game.record.actions[-1][1], game, worlds if ok else refusal_worlds)
            if why is not None:
                taught.append(f"{game_id} game {number}: {game.record.actions[-1]}: {why}")
    return played, allowed, taught


AUDITS = [*((game_id, {}) for game_id in playable_games()),
          ("ninjitsu", {"expansions": "promo,magic,sabotage"})]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize(("game_id", "options"), AUDITS)
def test_no_allowed_undo_teaches_anything_and_no_refusal_tells_anything(game_id: str, options: dict[str, Any],
                                                                        players: int) -> None:
    played, _, taught = _audit(game_id, options, games=2, actions=40, worlds=25, refusal_worlds=2, players=players)
    assert not taught, taught[:3]
    assert played


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options"), AUDITS)
def test_no_allowed_undo_teaches_anything_checked_against_200_worlds(game_id: str, options: dict[str, Any]) -> None:
    # Five random games of up to 200 actions (every answer checked against 200 worlds), three of the two games whose
    # worlds cost most to deal (Ninjato, Of Knights and Ninjas: 60 and 40 s for five, the suite's longest tests);
    # benchmarks/undo_audit.py checks as many games as it is asked.
    games = 3 if game_id in ("ninjato", "knights-and-ninjas") else 5
    played, allowed, taught = _audit(game_id, options, games=games, actions=200, worlds=200, refusal_worlds=10)
    print(f"{game_id} {options}: {played} actions, {allowed} undos allowed ({allowed / played:.1%})")
    assert not taught, taught[:3]


def test_a_secret_is_not_taken_back_when_the_next_players_hidden_points_could_have_won() -> None:
    # P1 starts its turn after P0's secret with 11 points face-up and one secret: the game ends if that
    # secret is the one card worth 10 that P0 has not seen (Tc). It did not end, so an undo would tell
    # P0 that P1's secret is not Tc: refused, though in most worlds P1's secret is worth less.
    layout = {"treasures": ["5a 5b 5c", "9a 2b"], "discard": "Ta Tb", "hands": ["3a 7a", "8b"]}
    game = position(secrets=["", "2c"], **layout)
    game.apply(0, "s:3a")
    assert not game.is_terminal and game.undo_check(0) == HIDDEN_OUTCOME
    won = position(secrets=["", "Tc"], **layout)
    won.apply(0, "s:3a")
    assert won.winners() == (1,)
    # With P1 unable to reach the target whatever its secret, the same secret may be taken back.
    short = position(secrets=["", "2c"], **{**layout, "treasures": ["5a 5b 5c", "2b"]})
    short.apply(0, "s:3a")
    assert short.undo_check(0) is None


def test_a_refusal_after_a_resolving_submission_does_not_tell_whether_another_seat_chose_since() -> None:
    # Seat 0's submission resolves the stage and the next one opens (at once); whether seat 1 has already
    # submitted its next choice is hidden from seat 0, so seat 0's undo answer must not depend on it.
    trap = game_class("ninja-trap").new(2, seed=4)
    trap.apply(1, trap.legal_actions(1)[0])
    trap.apply(0, trap.legal_actions(0)[0])
    assert trap.frames[-1].simultaneous and not trap.frames[-1].submitted
    chose = trap.clone()
    chose.apply(1, chose.legal_actions(1)[0])
    assert trap.undo_check(0) == chose.undo_check(0) is not None
    # What may still be taken back is said as it is: only while another is still choosing.
    assert "can, once made, while another is still choosing" in str(trap.undo_check(0))


def test_plain_moves_are_still_taken_back() -> None:
    camp = game_class("ninja-camp").new(2, seed=1)  # everything in plain sight: every move
    seat = camp.to_act()[0]
    start = camp.to_notation()
    camp.apply(seat, camp.legal_actions(seat)[0])
    assert camp.undo_check(seat) is None
    camp.undo(seat)
    assert camp.to_notation() == start
    trap = game_class("ninja-trap").new(2, seed=1)  # a hidden submission others still wait for
    trap.apply(0, trap.legal_actions(0)[0])
    assert trap.undo_check(0) is None


# ---------------------------------------------------------------------- issue 28, item 13: the check is cheap


def test_the_undo_check_of_a_long_game_replays_at_most_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = position(secrets=["6a 7b", ""], hands=["2a", "3b"], target=200)
    rng = Rng(5)
    while len(game.record.actions) < 1500 or not any(a.startswith("w") for a in game.legal_actions(game.to_act()[0])):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randbelow(len(legal))])
    seat = game.to_act()[0]
    swap = next(a for a in game.legal_actions(seat) if a.startswith("w"))
    asked = game.clone()
    asked.undo_check(seat)  # a driver asks before the action: positions are kept from now on
    before = asked.to_notation()
    for each in (game, asked):
        each.apply(seat, swap)
    applied: list[str] = []
    original = type(game).apply

    def counted(self: GameState[Any], who: int, action: str) -> None:
        applied.append(action)
        original(self, who, action)

    monkeypatch.setattr(type(game), "apply", counted)
    for each in (0, 1):
        asked.observe(each)
        assert (asked.undo_check(each) is None) == (each == seat)
    assert applied == []  # the game asked before the swap recorded its flag as it was applied
    # A game nobody had asked recorded no flags (simulations do not pay for them): the first check that
    # needs one replays the record up to that action, once; the flag is kept, and later checks replay
    # nothing.
    assert game.undo_check(seat) is None
    assert len(applied) == len(game.record.actions)
    applied.clear()
    for each in (0, 1):
        game.observe(each)
        assert (game.undo_check(each) is None) == (each == seat)
    assert applied == []
    asked.undo(seat)  # from the position kept before the swap
    assert applied == [] and asked.to_notation() == before
    game.undo(seat)  # a game that kept no position replays its record, once
    assert len(applied) == len(game.record.actions) and game.to_notation() == before


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_taking_back_from_the_kept_position_gives_the_game_a_replay_gives(game_id: str, players: int) -> None:
    # A game asked about undo keeps the position before each seat's last vouched action, so that taking
    # it back replays nothing: the game it gives must be the very game a replay without the action gives.
    game = game_class(game_id).new(players, seed=11)
    rng = Rng(11)
    assert game.undo_check(0) is not None  # asking turns the kept positions on
    taken = 0
    for _ in range(150):
        if game.is_terminal:
            break
        to_act = game.to_act()
        seat = to_act[rng.randbelow(len(to_act))]
        legal = game.legal_actions(seat)
        action = legal[rng.randbelow(len(legal))]
        game.apply(seat, action)
        if game.undo_check(seat) is None and rng.randbelow(2):
            kept = game._undo_points[seat] if game._undo_points else None
            last = max(index for index, (who, _) in enumerate(game.record.actions) if who == seat)
            assert kept is not None and kept.index == last
            replayed = game.clone()  # a clone keeps no positions: it replays
            replayed.undo(seat)
            game.undo(seat)
            assert game.to_notation() == replayed.to_notation()
            assert game.record.actions == replayed.record.actions and game.events == replayed.events
            # The same undo flags: a replay leaves them to be worked out when asked, and worked out they
            # are the ones the game recorded as it went.
            assert _flags(game) == _flags(replayed)
            for each in range(players):
                assert game.observe(each) == replayed.observe(each)
            taken += 1
    assert taken, "some action was taken back"


def _flags(game: GameState[Any]) -> list[int]:
    """The undo flag of every action of ``game``, those its replay left unknown worked out as the undo
    check works them out."""
    from ninjadojo.engine.undo import _vouched

    return [_vouched(game, index) if flag == UNDO_UNKNOWN else flag for index, flag in enumerate(game._undoable)]


def test_the_undo_reason_does_not_tell_that_another_seat_was_asked_in_a_concealed_window() -> None:
    """A concealed window (an "any time" card's moment) asks its holders unseen. After an action, the seat's undo
    reason is the same whether or not a window asked someone and they passed: on the true game and on a sample of
    what the seat cannot see, where the seat is sent the same view, the reason is the same (it once said
    "another seat has acted since your action" only where someone had been asked)."""
    import random

    def pass_windows(game: Any) -> list[int] | None:
        asked = []
        while game.result is None and game.frames[-1].concealed:
            seat = game.frames[-1].seats[0]
            if "pass" not in game.legal_actions(seat):
                return None
            game.apply(seat, "pass")
            asked.append(seat)
        return asked

    compared = 0
    for seed in range(14, 17):
        rng = random.Random(seed)
        game = game_class("ninjitsu").new(3, {"expansions": "promo,sabotage", "target": 15}, seed=seed)
        for _ in range(60):
            if game.result is not None:
                break
            seat = rng.choice([each for each in range(3) if game.legal_actions(each)])
            action = rng.choice(game.legal_actions(seat))
            if not game.frames[-1].concealed:
                for _ in range(3):
                    true, sample = game.clone(), game.determinize(seat, rng.randrange(2**31))
                    true.apply(seat, action)
                    sample.apply(seat, action)
                    asked, asked_in_sample = pass_windows(true), pass_windows(sample)
                    if asked is None or asked_in_sample is None or bool(asked) == bool(asked_in_sample):
                        continue
                    if true.observe(seat) != sample.observe(seat) or true.labels(seat) != sample.labels(seat):
                        continue
                    compared += 1
                    assert true.undo_check(seat) == sample.undo_check(seat), (seed, seat, action)
            game.apply(seat, action)
    assert compared, "no action was followed by a window in one game and not in the other"
