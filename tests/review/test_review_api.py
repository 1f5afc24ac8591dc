"""The review library (ninjadojo.review): what a review rates and says, that it reads only the seat's view,
that workers do not change it, that a clear blunder is marked, and live hints."""

from __future__ import annotations

import importlib.util
import json
import random
from typing import Any

import pytest
from review_helpers import GAMES, ITERATIONS, played, trap_blunder, twins

from ninjadojo.api import new_game
from ninjadojo.bots import SeatView, level_of, make_bot, parse_bot_spec
from ninjadojo.engine import DojoError, GameState, OptionError
from ninjadojo.engine.state import Record
from ninjadojo.review import (
    ACTIONS_KEPT,
    FALLBACK_ITERATIONS,
    MARKS,
    MIN_VISITS,
    REVIEW_MIN_SAMPLES,
    ActionEstimate,
    Evaluation,
    GameReview,
    Hint,
    hint,
    mark_for,
    memory_before,
    review_record,
    review_spec,
)
from sim.helpers import in_forked_child


def _states(game: GameState[Any]) -> list[GameState[Any]]:
    return list(game.replay_states())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_review_rates_every_decision_with_a_choice(game_id: str) -> None:
    game = played(game_id, 2, seed=5, actions=16)
    calls: list[tuple[int, int]] = []
    review = review_record(game.record, 0, iterations=ITERATIONS,
                           on_move=lambda done, total: calls.append((done, total)))
    states = _states(game)
    expected = [ply for ply, (seat, _) in enumerate(game.record.actions)
                if seat == 0 and len(states[ply].legal_actions(0)) >= 2]
    assert expected, "the short game should give seat 0 a choice"
    assert [move.ply for move in review.moves] == expected
    assert [move.number for move in review.moves] == list(range(1, len(expected) + 1))
    assert calls == [(done, len(expected)) for done in range(len(expected) + 1)]
    assert (review.game_id, review.players, review.seat, review.iterations) == (game_id, 2, 0, ITERATIONS)
    assert review.finished == game.is_terminal
    for move in review.moves:
        state = states[move.ply]
        labels = state.labels(0)
        decision = state.decision(0)
        assert decision is not None
        assert move.prompt == decision.prompt
        assert move.choices == len(labels)
        assert move.played.action == game.record.actions[move.ply][1]
        rated = [move.played, move.best, *([move.alternative] if move.alternative else [])]
        for estimate in rated:
            assert estimate.label == labels[estimate.action]
            assert 0.0 <= estimate.chance <= 1.0
            assert estimate.visits > 0
        kept = move.estimate.actions
        if review.unit == "samples":
            # A lookahead expert (Knights and Ninjas, Ninja Trap, Ninjato) tries every move it rates on each
            # sample: the move played too, though the heuristic would not have ranked it.
            assert all(0 < each.visits <= ITERATIONS for each in kept) and move.played.visits == ITERATIONS
        else:
            # The move played is searched in at least a quarter of the iterations (the focus).
            assert move.played.visits >= ITERATIONS // 4
            assert sum(each.visits for each in kept) <= ITERATIONS
        assert move.before >= move.after or move.best == move.played
        # The loss counts from the seat's next decision where it came right after and rated the position higher.
        after = move.after if move.followed is None else max(move.after, move.followed)
        assert move.loss == pytest.approx(max(0.0, move.before - after))
        if move.followed is not None:
            following = next(each for each in review.moves if each.ply == move.ply + 1)
            assert move.followed == following.before > move.after
        assert move.alternative is None or move.alternative.action != move.played.action
        assert move.estimate.iterations == ITERATIONS
        assert {move.played, move.best, *([move.alternative] if move.alternative else [])} <= set(kept)
        assert len(kept) <= ACTIONS_KEPT + 3 and [each.visits for each in kept[:ACTIONS_KEPT]] == sorted(
            (each.visits for each in kept[:ACTIONS_KEPT]), reverse=True)
        assert move.mark == mark_for(move.estimate) and move.mark in (*MARKS, None)
        assert move.hindsight is None
    assert GameReview.from_json(json.loads(json.dumps(review.to_json()))) == review
    assert sum(review.marks().values()) == sum(1 for move in review.moves if move.mark)


@pytest.mark.parametrize(("game_id", "warm"), [("ninja-trap", 0), ("ninjitsu", 6), ("knights-and-ninjas", 3)])
def test_a_review_reads_only_the_seats_view(game_id: str, warm: int) -> None:
    """Two games the seat cannot tell apart, with different hidden cards, get the same review."""
    base = played(game_id, 2, seed=3, actions=warm)
    seat = base.to_act()[0]
    first, second = twins(base, seat, plies=12)
    assert first.to_notation() != second.to_notation()
    one = review_record(first.record, seat, iterations=ITERATIONS)
    assert one.moves, "the twins should give the seat a decision with a choice"
    assert review_record(second.record, seat, iterations=ITERATIONS) == one


def test_hindsight_sees_the_hidden_cards_and_only_in_a_finished_game() -> None:
    """The same decisions in two finished games that differ only in a hand the seat never saw: the rating
    is the same, the hindsight line (which sees the hand) is not."""
    game = trap_blunder()
    other = trap_blunder(rival_hand="IIDSG")
    assert other.to_notation() != game.to_notation()
    one = review_record(game.record, 0, iterations=ITERATIONS, hindsight=True)
    two = review_record(other.record, 0, iterations=ITERATIONS, hindsight=True)
    assert [move.estimate for move in one.moves] == [move.estimate for move in two.moves]
    assert [move.hindsight for move in one.moves] != [move.hindsight for move in two.moves]
    assert [move.estimate for move in one.moves] == [
        move.estimate for move in review_record(game.record, 0, iterations=ITERATIONS).moves]
    in_progress = played("ninjitsu", 2, seed=6, actions=8)
    with pytest.raises(OptionError, match="only for finished games"):
        review_record(in_progress.record, 0, hindsight=True)


def test_workers_give_the_same_review_as_one() -> None:
    game = played("ninja-trap", 2, seed=8, actions=1000)
    assert game.is_terminal
    alone = review_record(game.record, 1, iterations=ITERATIONS, hindsight=True)
    assert len(alone.moves) >= 2
    assert review_record(game.record, 1, iterations=ITERATIONS, hindsight=True, workers=2) == alone


def test_each_decision_is_told_as_soon_as_it_and_the_next_are_reviewed() -> None:
    """``on_decision`` hears every decision once, in the game's order, before the review ends, each the row the
    finished review has (with two workers too, in whatever order they finish): a decision is told once the next
    is reviewed too (the next may rate it: with_followed), so one worker tells each one count late."""
    game = played("ninja-trap", 2, seed=8, actions=1000)
    for workers in (1, 2):
        heard: list[tuple[str, Any]] = []
        tell = heard.append
        review = review_record(game.record, 1, iterations=ITERATIONS, workers=workers, names={0: "Ana"},
                               on_decision=lambda move, tell=tell: tell(("decision", move)),
                               on_move=lambda done, total, tell=tell: tell(("count", done)))
        told = [move for kind, move in heard if kind == "decision"]
        assert told == list(review.moves)
        assert any("Ana" in move.played.label or "Ana" in move.prompt for move in told)
        total = len(review.moves)
        assert heard[-1] == ("count", total) and heard[-2][0] == "decision", "all told before the last count"
        if workers == 1:
            for index, (kind, done) in enumerate(heard):
                if kind == "count" and done > 0:
                    before = sum(1 for each, _ in heard[:index] if each == "decision")
                    assert before == (done - 1 if done < total else total), (done, before)


def test_a_review_is_repeatable_and_its_seed_matters() -> None:
    game = played("ninja-camp", 2, seed=4, actions=10)
    review = review_record(game.record, 0, iterations=ITERATIONS)
    assert review_record(game.record, 0, iterations=ITERATIONS) == review
    assert review_record(game.record, 0, iterations=ITERATIONS, seed=9) != review


def test_a_clear_blunder_is_marked() -> None:
    """Flipping the trap one laid in one's own room, on one's last life: the seat remembers the trap (its
    memory is rebuilt from its own earlier actions), so the review marks it, and names passing instead."""
    game = trap_blunder()
    review = review_record(game.record, 0, iterations=300, hindsight=True)
    flip = review.moves[-1]
    assert flip.played.action == "f1" and game.record.actions[flip.ply] == (0, "f1")
    assert flip.alternative is not None and flip.alternative.action == "pass"
    assert flip.mark == "blunder"
    assert flip.played.visits >= MIN_VISITS and flip.best.visits >= MIN_VISITS
    # With the hidden cards shown, the flip ends P0's game for sure: P1 is left standing.
    assert flip.hindsight is not None and flip.hindsight.after == 0.0
    assert memory_before(game, 0)[flip.ply], "the seat remembers the trap it laid this turn"
    assert review.marks()["blunder"] >= 1


def test_the_memory_is_what_the_seat_noted_of_its_own_actions() -> None:
    game = trap_blunder()
    memory = memory_before(game, 0)
    assert len(memory) == len(game.record.actions) + 1
    assert memory[0] == []
    assert memory_before(game, 1)[-1] != memory[-1]


def test_the_review_remembers_what_a_forgetful_search_would_not() -> None:
    """The same search without the seat's memory cannot tell where its trap lies, and rates the flip far
    higher: the review's low rating comes from the memory it rebuilt."""
    game = trap_blunder()
    flip = review_record(game.record, 0, iterations=300).moves[-1]
    record = game.record
    before = type(game).replay(Record(record.game, 2, dict(record.options), record.seed, record.start,
                                      record.actions[:flip.ply]))
    forgetful: Any = make_bot(review_spec("ninja-trap", iterations=300), "ninja-trap", 0)
    assert forgetful.name == "lookahead" and forgetful.memory == []
    unaware = forgetful.search(SeatView(before, 0), focus="f1").root["f1"].mean
    assert flip.after < 0.15 < unaware - flip.after


def test_mark_rule() -> None:
    def evaluation(played: float, best: float, visits: int = 400) -> Evaluation:
        mine = ActionEstimate("a", "A", played, visits)
        top = ActionEstimate("b", "B", best, visits)
        return Evaluation(mine, top, top, 2 * visits, (mine, top))

    assert mark_for(evaluation(0.2, 0.6)) == "blunder"
    assert mark_for(evaluation(0.4, 0.55)) == "mistake"
    assert mark_for(evaluation(0.4, 0.47)) == "inaccuracy"
    assert mark_for(evaluation(0.4, 0.43)) is None
    # The same loss, but from too few visits to be sure of it.
    assert mark_for(evaluation(0.4, 0.55, visits=MIN_VISITS - 1)) is None
    assert mark_for(evaluation(0.4, 0.47, visits=40)) is None
    same = ActionEstimate("a", "A", 0.5, 400)
    assert mark_for(Evaluation(same, same, None, 400, (same,))) is None


def test_names_replace_the_seats_in_the_words() -> None:
    game = played("knights-and-ninjas", 2, seed=2, actions=6)
    plain = review_record(game.record, 0, iterations=ITERATIONS)
    named = review_record(game.record, 0, iterations=ITERATIONS, names={1: "Ana"})
    texts = [move.prompt for move in plain.moves] + [move.played.label for move in plain.moves]
    assert any("P1" in text for text in texts)
    named_texts = [move.prompt for move in named.moves] + [move.played.label for move in named.moves]
    assert named_texts == [text.replace("P1", "Ana") for text in texts]


def test_an_unfinished_game_is_reviewed_up_to_now() -> None:
    game = played("ninjitsu", 2, seed=6, actions=8)
    assert not game.is_terminal
    review = review_record(game, 0, iterations=ITERATIONS)
    assert not review.finished
    assert all(move.ply < len(game.record.actions) for move in review.moves)


def test_bad_input_is_refused() -> None:
    game = played("ninjitsu", 2, seed=6, actions=4)
    with pytest.raises(OptionError, match="seat"):
        review_record(game.record, 2)
    with pytest.raises(OptionError, match="seat"):
        review_record(game.record, -1)
    with pytest.raises(OptionError):
        review_record(game.record, 0, bot="heuristic:depth=oops")  # a bot's bad parameter
    with pytest.raises(OptionError):
        review_record(game.record, 0, bot="ismcts:iterations=0")
    broken = Record(game.record.game, 2, dict(game.record.options), game.record.seed, None, [(0, "no such action")])
    with pytest.raises(DojoError):
        review_record(broken, 0)
    with pytest.raises(DojoError):
        review_record("not a record", 0)  # type: ignore[arg-type]


def test_the_review_search_is_the_expert_search_without_its_time_limit() -> None:
    for game_id in GAMES:
        name, params = parse_bot_spec(review_spec(game_id))
        expert = level_of(game_id, "expert")
        assert expert is not None
        expert_name, expert_params = parse_bot_spec(expert)
        assert name == expert_name and "seconds" not in params
        expert_params.pop("seconds", None)
        if expert_name == "ismcts":
            assert params == expert_params
        else:
            # The lookahead (Knights and Ninjas, Ninja Trap, Ninjato): its own samples, but enough for a mark.
            assert name == "lookahead"
            samples = int(params.pop("samples"))
            assert samples == max(REVIEW_MIN_SAMPLES, int(expert_params.pop("samples", 16))) >= MIN_VISITS
            assert params == expert_params
    # A level that rates nothing (a heuristic) falls back to the search.
    assert review_spec("ninjato", "hard") == f"ismcts:iterations={FALLBACK_ITERATIONS}"
    assert review_spec("ninja-trap", "lookahead:samples=50,seconds=1") == "lookahead:samples=50"
    assert review_spec("ninja-trap", "expert", iterations=9) == "lookahead:samples=9"
    assert review_spec("ninjitsu", "ismcts:iterations=50,seconds=1,c=0.5") == "ismcts:iterations=50,c=0.5"
    assert parse_bot_spec(review_spec("ninjitsu", "expert", iterations=7))[1]["iterations"] == "7"
    # ... and so does a level's own spec written out (hard plays the heuristic).
    assert review_spec("ninjitsu", "heuristic") == review_spec("ninjitsu", "hard")
    # ... and any other bot that plays without a search, however it is written.
    for other in ("heuristic:depth=0", "careless:mistakes=0.2"):
        assert review_spec("ninjitsu", other) == review_spec("ninjitsu", "hard")
    assert review_spec("ninja-trap", "forgetful") == review_spec("ninja-trap", "forgetful:forget=0.8")
    for bad in ("heuristic:depth=oops", "random:seed=3", "expert:iterations=3", "ismcts:c=-1", "nobody"):
        with pytest.raises(OptionError):
            review_spec("ninjitsu", bad)


def test_a_hint_is_the_searchs_choice_from_the_seats_view() -> None:
    game = trap_blunder()
    before_flip = type(game).replay(Record(game.record.game, 2, dict(game.record.options), game.record.seed,
                                           game.record.start, game.record.actions[:-2]))
    advice = hint(before_flip, 0, iterations=300)
    assert advice.action == "pass"
    assert advice.label == before_flip.label(0, "pass")
    decision = before_flip.decision(0)
    assert decision is not None and advice.prompt == decision.prompt
    assert all(other.visits <= advice.visits for other in advice.alternatives)
    assert [other.action for other in advice.alternatives] == ["f1"]
    assert Hint.from_json(json.loads(json.dumps(advice.to_json()))) == advice
    assert hint(before_flip, 0, iterations=300) == advice


def test_a_hint_needs_a_decision() -> None:
    game = build_waiting()
    waiting = next(seat for seat in range(game.num_players) if game.decision(seat) is None)
    with pytest.raises(OptionError, match="nothing to decide"):
        hint(game, waiting, iterations=ITERATIONS)
    # A seat the game does not have: the seats there are are named.
    with pytest.raises(OptionError, match=r"seat 5 is not a seat of this 2-player game \(seats are 0 to 1\)"):
        hint(game, 5, iterations=ITERATIONS)


def build_waiting() -> GameState[Any]:
    """A game where some seat has nothing to decide (Knights and Ninjas' draft asks one seat at a time)."""
    return played("knights-and-ninjas", 2, seed=1, actions=1)


# In a forked child: Ray leaves threads behind, and later tests fork worker pools (sim.helpers.in_forked_child).
@in_forked_child
@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="the ray extra is not installed")
def test_ray_gives_the_same_review(monkeypatch: pytest.MonkeyPatch) -> None:
    # Token authentication off, as tests/sim/test_ray.py does: the test depends on no token of the user's.
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    game = played("ninja-trap", 2, seed=3, actions=12)
    alone = review_record(game.record, 0, iterations=ITERATIONS)
    assert review_record(game.record, 0, iterations=ITERATIONS, workers=2, ray="local") == alone


def test_a_levels_own_spec_reviews_as_the_level_does_and_zero_samples_are_refused() -> None:
    """``hard`` plays the heuristic, which rates nothing: a review falls back to ismcts for it, and for the
    heuristic's own spec alike. A budget of 0 samples is refused, not quietly raised to the minimum."""
    assert review_spec("ninja-trap", "heuristic") == review_spec("ninja-trap", "hard")
    with pytest.raises(OptionError, match="samples must be a whole number from 1"):
        review_spec("knights-and-ninjas", "lookahead:samples=0")
    assert review_spec("knights-and-ninjas", "lookahead:samples=5") == f"lookahead:samples={REVIEW_MIN_SAMPLES}"


@pytest.mark.parametrize("game_id, players, seed", [("ninja-camp", 2, 4), ("ninjitsu", 3, 4), ("ninja-trap", 2, 1)])
def test_a_hint_on_a_tiny_budget_names_no_next_best_rated_above_its_advice(game_id: str, players: int,
                                                                            seed: int) -> None:
    # Twelve iterations trust no estimate, so the hint is the bot's own choice; a move tried once by luck
    # at a higher chance listed as "also considered" below it made the advice read as the worse one.
    game = new_game(game_id, players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(0, 6)):
        mover = next(each for each in range(players) if game.decision(each) is not None)
        game.apply(mover, chooser.choice(game.legal_actions(mover)))
    seat = next(each for each in range(players) if game.decision(each) is not None)
    advice = hint(game, seat, iterations=12, seed=seed)
    assert advice.action in game.legal_actions(seat)
    assert all(other.chance <= advice.chance for other in advice.alternatives), advice
