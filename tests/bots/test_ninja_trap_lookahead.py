"""Ninja Trap's ``lookahead``: what it infers of the rivals' traps from their moves and flips is true of
careful rivals, and its samples deal the rivals' traps accordingly."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ninjadojo.bots import SeatView, available_bots, make_bot
from ninjadojo.bots.ninja_trap import TrapLookahead
from ninjadojo.games import game_class
from ninjadojo.table.session import recall_bots


def _expert(seed: int, spec: str = "lookahead:samples=2,depth=4") -> TrapLookahead:
    bot = make_bot(spec, "ninja-trap", seed)
    assert isinstance(bot, TrapLookahead)
    return bot


def _expert_decisions(counts: tuple[int, ...]) -> Iterator[tuple[Any, TrapLookahead, int]]:
    """Games of the expert at seat 0 against careful (heuristic) rivals, three seeds a player count: the
    game, the expert and the player count after each of the expert's decisions (before it is applied)."""
    for players in counts:
        for seed in range(3):
            game = game_class("ninja-trap").new(players, seed=seed)
            expert = _expert(seed)
            bots = [expert] + [make_bot("heuristic", "ninja-trap", 10 * seed + s) for s in range(1, players)]
            while not game.is_terminal:
                seat = game.to_act()[0]
                action = bots[seat].choose(SeatView(game, seat))
                if seat == 0:
                    yield game, expert, players
                game.apply(seat, action)


def test_ninja_trap_offers_it_as_its_lookahead() -> None:
    assert available_bots("ninja-trap")["lookahead"] is TrapLookahead


def test_what_it_rules_out_is_never_where_a_careful_rival_laid_a_trap() -> None:
    ruled = 0
    for game, expert, _ in _expert_decisions((2, 4)):
        for rival, rules in expert.ruled_out.items():
            for turn, room in zip(game.trap_turns[rival], game.traps[rival], strict=True):
                assert room not in rules.get(turn, set())
                ruled += bool(rules.get(turn))
    assert ruled > 0  # the heuristic rivals pass and flip often enough for something to be learnt


def test_its_samples_keep_the_rivals_traps_out_of_the_rooms_ruled_out() -> None:
    game = game_class("ninja-trap").new(2, seed=5)
    bots = [_expert(1), make_bot("heuristic", "ninja-trap", 2)]
    expert = bots[0]
    assert isinstance(expert, TrapLookahead)
    while not game.is_terminal and not any(expert.ruled_out.get(1, {}).values()):
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    assert not game.is_terminal
    rules = expert.ruled_out[1]
    for seed in range(20):
        sample = expert._sample(SeatView(game, 0), seed)
        for turn, room in zip(sample.trap_turns[1], sample.traps[1], strict=True):  # type: ignore[attr-defined]
            assert room not in rules.get(turn, set())
        # The rival's unseen cards are only redealt: as many of each room as before, in the same places.
        unseen = sorted([*sample.decks[1], *sample.traps[1]])  # type: ignore[attr-defined]
        hand = [room for room, count in enumerate(sample.hands[1]) for _ in range(count)]  # type: ignore[attr-defined]
        truth = sorted([*game.decks[1], *game.traps[1],
                        *[room for room, count in enumerate(game.hands[1]) for _ in range(count)]])
        assert sorted(unseen + hand) == truth
        assert len(sample.traps[1]) == len(game.traps[1])  # type: ignore[attr-defined]


def test_a_bot_seated_part_way_infers_the_same() -> None:
    game = game_class("ninja-trap").new(2, seed=3)
    played = _expert(1)
    rival = make_bot("heuristic", "ninja-trap", 7)
    while not game.is_terminal and game.turn < 8:
        seat = game.to_act()[0]
        game.apply(seat, (played if seat == 0 else rival).choose(SeatView(game, seat)))
    fresh = _expert(1)
    recall_bots(game, {0: fresh})
    assert fresh.ruled_out == played.ruled_out
    assert fresh.memory == played.memory


def test_infer_no_samples_as_the_plain_lookahead() -> None:
    game = game_class("ninja-trap").new(2, seed=5)
    bots = [_expert(1, "lookahead:samples=2,depth=4,infer=no"), make_bot("heuristic", "ninja-trap", 2)]
    for _ in range(40):
        if game.is_terminal:
            break
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    expert = bots[0]
    assert isinstance(expert, TrapLookahead)
    view = SeatView(game, 0)
    assert expert._sample(view, 3).traps == view.sample(3, expert.memory).traps  # type: ignore[attr-defined]


def test_what_it_infers_of_a_careful_rivals_hand_holds() -> None:
    # The heuristic moves to the room it finds safest in its hand: the cards it keeps looked no safer.
    checked = 0
    for game, expert, players in _expert_decisions((2, 3)):
        for rival in range(1, players):
            kept, banned = expert._kept(rival, game)
            allowed = sum(count for room, count in enumerate(game.hands[rival]) if room not in banned)
            assert allowed >= kept
            checked += bool(kept and banned)
    assert checked > 0


def test_leaf_odds_scores_a_life_above_a_trap_and_sums_to_one() -> None:
    from ninjadojo.games.ninja_trap.builder import Seat, build

    bot = _expert(1, "lookahead:samples=2,leaf=odds")
    level = build(2, "trap", [Seat(traps="G1"), Seat(traps="D1")], turn=2)
    trap_ahead = build(2, "trap", [Seat(traps="G1,I2"), Seat(traps="D1")], turn=3)
    life_ahead = build(2, "trap", [Seat(traps="G1"), Seat(traps="D1", hits=1)], turn=2)
    assert bot._reward(level, 0) == bot._reward(level, 1) == 0.5
    assert 0.5 < bot._reward(trap_ahead, 0) < bot._reward(life_ahead, 0) < 1.0
    assert abs(bot._reward(life_ahead, 0) + bot._reward(life_ahead, 1) - 1.0) < 1e-9
