"""Properties every game must have, run unchanged on every playable game and player count.

These are the engine's contract with drivers: a live game always offers a legal action; an illegal
action raises and changes nothing; clones are equal and independent; the same seed and actions give
the same game; saves and notation round-trip; the game's own invariants (cards conserved) hold; a
seat's view is unchanged by determinisation for that seat (nothing hidden leaks into a view); every
game ends.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ninjadojo.engine import DojoError, IllegalActionError, Rng
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games

# Random playouts may be long; this cap only bounds the test, and reaching it fails "every game ends".
MAX_ACTIONS = 4000

CASES = [
    (game_id, players)
    for game_id in playable_games()
    for players in range(game_class(game_id).SPEC.min_players, game_class(game_id).SPEC.max_players + 1)
]


def _playout(game: GameState[Any], rng: Rng, check: bool, every: int = 1):
    """Yield each state of a random playout (the same object, moved on) with its step number."""
    step = 0
    while not game.is_terminal:
        assert step < MAX_ACTIONS, f"{game.game_id} did not end within {MAX_ACTIONS} random actions"
        to_act = game.to_act()
        assert to_act, "a live game must have someone to act"
        for seat in to_act:
            assert game.legal_actions(seat), f"seat {seat} must act but has no legal action"
        if check and step % every == 0:
            game.check_invariants()
            yield step
        seat = to_act[rng.randbelow(len(to_act))]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
        step += 1
    game.check_invariants()
    yield step


@pytest.mark.parametrize(("game_id", "players"), CASES)
@given(seed=st.integers(0, 2**32))
def test_random_playouts_end_and_keep_invariants(game_id: str, players: int, seed: int) -> None:
    game = game_class(game_id).new(players, seed=seed)
    for _ in _playout(game, Rng(seed), check=True):
        pass
    assert game.is_terminal
    assert len(game.scores()) == players
    assert game.winners(), "a finished game names its winners"
    assert all(0 <= seat < players for seat in game.winners())


@pytest.mark.parametrize(("game_id", "players"), CASES)
@given(seed=st.integers(0, 2**32))
def test_same_seed_and_actions_give_the_same_game(game_id: str, players: int, seed: int) -> None:
    game = game_class(game_id).new(players, seed=seed)
    for _ in _playout(game, Rng(seed + 1), check=False):
        pass
    again = type(game).replay(game.record.copy())
    assert again == game
    assert again.to_notation() == game.to_notation()
    assert [e.text for e in again.events] == [e.text for e in game.events]


@pytest.mark.parametrize(("game_id", "players"), CASES)
@given(seed=st.integers(0, 2**32))
def test_clone_notation_save_and_illegal_actions(game_id: str, players: int, seed: int) -> None:
    cls = game_class(game_id)
    game = cls.new(players, seed=seed)
    rng = Rng(seed)
    space = game.action_space()
    for step in _playout(game, Rng(seed ^ 0x5EED), check=True, every=7):
        before = game.to_notation()
        # Notation round-trips to an equal state.
        parsed = cls.from_notation(before)
        assert parsed.to_notation() == before
        assert parsed.to_act() == game.to_act()
        for seat in game.to_act():
            assert parsed.legal_actions(seat) == game.legal_actions(seat)
            # Every legal action is in the fixed action space and its id round-trips.
            for action in game.legal_actions(seat):
                assert game.action_from_id(game.action_id(action)) == action
            assert len(set(game.legal_actions(seat))) == len(game.legal_actions(seat))
            assert all(a in space.index for a in game.legal_actions(seat))
        # Clones are equal and independent.
        copy = game.clone()
        assert copy == game
        if not copy.is_terminal:
            seat = copy.to_act()[0]
            acts = copy.legal_actions(seat)
            copy.apply(seat, acts[rng.randbelow(len(acts))])
            assert game.to_notation() == before
        # Illegal actions raise a typed error and change nothing.
        for seat in range(players):
            for bad in ("", "not-an-action", "zz9"):
                with pytest.raises(IllegalActionError):
                    game.apply(seat, bad)
            if seat not in game.to_act():
                with pytest.raises(IllegalActionError):
                    game.apply(seat, space.actions[rng.randbelow(len(space))])
        if not game.is_terminal:
            seat = game.to_act()[0]
            legal = set(game.legal_actions(seat))
            illegal = [a for a in space.actions if a not in legal]
            if illegal:
                with pytest.raises(IllegalActionError):
                    game.apply(seat, illegal[rng.randbelow(len(illegal))])
        assert game.to_notation() == before
        # Saves round-trip through JSON text (every ~3rd check: replay costs).
        if step % 21 == 0:
            text = json.dumps(game.to_save())
            loaded = cls.load_save(json.loads(text))
            assert loaded == game


@pytest.mark.parametrize(("game_id", "players"), CASES)
# Each example checks every 5th position of a whole game (the suite's costliest test): 5/12 of the profile's
# examples, 25 by default, more under the `thorough` profile.
@settings(max_examples=settings.default.max_examples * 5 // 12)
@given(seed=st.integers(0, 2**32))
def test_views_are_json_and_determinisation_keeps_each_view(game_id: str, players: int, seed: int) -> None:
    game = game_class(game_id).new(players, seed=seed)
    for step in _playout(game, Rng(seed ^ 0xD0), check=True, every=5):
        spectator = game.observe(None)
        json.dumps(spectator)
        assert isinstance(game.render(None), str)
        for seat in range(players):
            view = game.observe(seat)
            json.dumps(view)
            other = game.determinize(seat, seed + step)
            assert other.observe(seat) == view, f"determinising for seat {seat} changed its view"
            assert other.observe(None) == spectator
            other.check_invariants()
            # Dealt by the game's model of play (where it has one), a sample agrees with all the seat knows too.
            likely = game.determinize(seat, seed + step, modelled=True)
            assert likely.observe(seat) == view, f"a modelled sample for seat {seat} changed its view"
            assert likely.observe(None) == spectator
            likely.check_invariants()
            # A sample carries no history the seat could not know: no true seed or actions (they
            # would replay to the real game), and only the log lines the seat could see.
            assert other.record.seed is None and not other.record.actions
            if seat == step % players:  # (a replay parses and checks every seat's view: one seat a step)
                assert type(other).replay(other.record.copy()) == other
            assert all(event.visible_to(seat) for event in other.events)
            if seat in game.to_act() and seat in other.to_act():
                assert other.legal_actions(seat) == game.legal_actions(seat)
            assert isinstance(game.render(seat), str)


@pytest.mark.parametrize(("game_id", "players"), CASES)
@given(seed=st.integers(0, 2**32))
def test_a_sample_depends_only_on_what_the_seat_knows(game_id: str, players: int, seed: int) -> None:
    """Two states a seat cannot tell apart give the identical sample for the same seed.

    The twin is the game with everything the seat cannot see changed (a determinisation with another
    seed redeals exactly that: rivals' hands, secrets, deck order, hidden choices). If a sample were
    made from the truth in its true order (a fixed shuffle of the real cards), the twin's sample would
    differ from the game's, and a chain of samples could be inverted to recover the hidden cards.
    """
    game = game_class(game_id).new(players, seed=seed)
    for step in _playout(game, Rng(seed ^ 0x7A1), check=False, every=6):
        for seat in range(players):
            twin = game.determinize(seat, seed + 7919 * (step + 1))
            assert twin.observe(seat) == game.observe(seat)
            for sample_seed, modelled in ((seed, False), (step, False), (seed, True)):
                sample = game.determinize(seat, sample_seed, modelled=modelled)
                again = twin.determinize(seat, sample_seed, modelled=modelled)
                assert sample.to_notation() == again.to_notation(), (
                    f"seat {seat}'s sample depends on what it cannot see (step {step}, modelled={modelled})")
                assert sample.events == again.events
                assert sample.ply == 0, "a sample's ply would count other seats' hidden choices"
                # Sampling a sample gives nothing more back: it is the same sample.
                assert sample.determinize(seat, sample_seed, modelled=modelled).to_notation() == sample.to_notation()


@pytest.mark.parametrize("game_id", playable_games())
def test_bad_options_and_player_counts_are_refused(game_id: str) -> None:
    cls = game_class(game_id)
    with pytest.raises(DojoError, match="players"):
        cls.new(cls.SPEC.max_players + 1)
    with pytest.raises(DojoError, match="players"):
        cls.new(cls.SPEC.min_players - 1)
    with pytest.raises(DojoError, match="unknown option"):
        cls.new(cls.SPEC.min_players, {"no-such-option": 1})
