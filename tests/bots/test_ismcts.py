"""The ``ismcts`` bot: it searches only what its seat may know, plays every game to the end, keeps to its
budget, is repeatable, and refuses bad parameters with a clear error."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import pytest

from engine.toygame import ToyState
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.bots.ismcts import IsmctsBot
from ninjadojo.engine import OptionError, Rng
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games
from ninjadojo.table.session import recall_bots

CASES = [
    (game_id, players)
    for game_id in playable_games()
    for players in range(game_class(game_id).SPEC.min_players, game_class(game_id).SPEC.max_players + 1)
]


class CountingView(SeatView):
    """A seat's view that counts the determinisations drawn from it."""

    __slots__ = ("samples",)

    def __init__(self, game: GameState[Any], seat: int) -> None:
        super().__init__(game, seat)
        self.samples = 0

    def sample(self, seed: int, memory: Sequence[JSONValue] = (), modelled: bool = False) -> GameState[Any]:
        self.samples += 1
        return super().sample(seed, memory, modelled)


def _ismcts(spec: str, game_id: str, seed: int = 0) -> IsmctsBot:
    bot = make_bot(spec, game_id, seed)
    assert isinstance(bot, IsmctsBot)
    return bot


def _position(game_id: str, players: int, seed: int, actions: int) -> tuple[GameState[Any], int]:
    """A game after up to ``actions`` random actions, at a decision with a choice: (game, seat to decide)."""
    game = game_class(game_id).new(players, seed=seed)
    rng = Rng(seed)
    for step in range(10_000):
        assert not game.is_terminal, "the random game ended before a decision with a choice was found"
        seat = game.to_act()[-1]
        choices = game.legal_actions(seat)
        if step >= actions and len(choices) > 1:
            return game, seat
        game.apply(seat, choices[rng.randbelow(len(choices))])
    raise AssertionError("no decision with a choice")


def _root(bot: IsmctsBot) -> dict[str, tuple[int, float]]:
    assert bot.last_search is not None
    return {action: (stat.visits, stat.mean) for action, stat in bot.last_search.root.items()}


#: Games that hide nothing from a seat (a sample is the position itself): no twin differs from the game.
OPEN_GAMES = {"ninja-camp"}


@pytest.mark.parametrize("game_id", [game_id for game_id in playable_games() if game_id not in OPEN_GAMES])
def test_the_bot_searches_only_what_its_seat_knows(game_id: str) -> None:
    # The same seat in a twin game whose hidden cards (and other seats' hidden choices) differ: the
    # seat cannot tell the two apart, so the same seed and budget give the same search, to the visit.
    players = game_class(game_id).SPEC.min_players + 1
    game, seat = _position(game_id, players, seed=5, actions=12)
    searches = []
    differing_twins = 0
    for twin_seed in range(3):
        twin = game.determinize(seat, twin_seed)
        differing_twins += twin.to_notation().split("|", 5)[5] != game.to_notation().split("|", 5)[5]
        assert SeatView(twin, seat).observe() == SeatView(game, seat).observe()
        bot = _ismcts("ismcts:iterations=60", game_id, seed=11)
        choice = bot.choose(SeatView(twin, seat))
        searches.append((choice, _root(bot)))
    bot = _ismcts("ismcts:iterations=60", game_id, seed=11)
    truth = (bot.choose(SeatView(game, seat)), _root(bot))
    assert differing_twins, "the twins should hide other cards than the game (else the test shows nothing)"
    assert all(search == truth for search in searches)


@pytest.mark.parametrize("game_id", playable_games())
def test_searching_leaves_the_game_and_its_random_stream_untouched(game_id: str) -> None:
    game, seat = _position(game_id, game_class(game_id).SPEC.min_players, seed=3, actions=6)
    before = game.to_notation()
    record = list(game.record.actions)
    _ismcts("ismcts:iterations=40", game_id).choose(SeatView(game, seat))
    assert game.to_notation() == before and game.record.actions == record


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_it_plays_every_game_and_player_count_to_the_end(game_id: str, players: int) -> None:
    game = game_class(game_id).new(players, seed=players)
    bots = [_ismcts("ismcts:iterations=4,depth=4", game_id, seed=seat) for seat in range(players)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))  # an illegal choice raises here
    assert game.result is not None


def test_the_same_seed_and_budget_give_the_same_choice() -> None:
    game, seat = _position("knights-and-ninjas", 4, seed=9, actions=10)
    first, second = _ismcts("ismcts:iterations=80", game.game_id, 3), _ismcts("ismcts:iterations=80", game.game_id, 3)
    assert first.choose(SeatView(game, seat)) == second.choose(SeatView(game, seat))
    assert _root(first) == _root(second)


@pytest.mark.parametrize(("game_id", "players", "steps"), [("knights-and-ninjas", 3, 12), ("ninja-trap", 3, 30)])
def test_a_resumed_bot_recalls_what_it_would_have_remembered(game_id: str, players: int, steps: int) -> None:
    # A bot that played the first decisions of a game and a fresh bot seated part way (as after a load,
    # caught up by the table layer) with the same seed choose alike later on: each search's stream comes
    # from the seed and the seat's view, and its memory (Ninja Trap: its own traps) from its own actions.
    game = game_class(game_id).new(players, seed=8)
    played = _ismcts("ismcts:iterations=30", game.game_id, seed=5)
    rng = Rng(1)
    for _ in range(steps):
        seat = game.to_act()[0]
        action = played.choose(SeatView(game, seat)) if seat == 0 else game.legal_actions(seat)[0]
        game.apply(seat, action)
    while 0 not in game.to_act() or len(game.legal_actions(0)) < 2:
        seat = game.to_act()[0]
        choices = game.legal_actions(seat)
        game.apply(seat, choices[rng.randbelow(len(choices))])
    fresh = _ismcts("ismcts:iterations=30", game.game_id, seed=5)
    assert fresh.remembers and not fresh.memory
    recall_bots(game, {0: fresh})
    assert fresh.memory == played.memory
    assert played.choose(SeatView(game, 0)) == fresh.choose(SeatView(game, 0))
    assert _root(played) == _root(fresh)


@pytest.mark.parametrize("per_sample", [1, 4])
def test_the_iteration_budget_is_kept(per_sample: int) -> None:
    game, seat = _position("knights-and-ninjas", 3, seed=2, actions=4)
    bot = _ismcts(f"ismcts:iterations=37,per_sample={per_sample}", game.game_id)
    view = CountingView(game, seat)
    bot.choose(view)
    report = bot.last_search
    assert report is not None and report.iterations == 37
    # One determinisation per per_sample iterations, each drawn from the seat's view.
    assert view.samples == report.samples == -(-37 // per_sample)
    # The deciding seat chooses at the root in every iteration.
    assert sum(stat.visits for stat in report.root.values()) == 37


def test_the_seat_decides_at_the_root_even_when_others_choose_with_it() -> None:
    # Ninja Trap's traps are placed by all seats at once; the last seat still decides in every iteration.
    game = game_class("ninja-trap").new(4, seed=1)
    assert game.decision(3) is not None and game.decision(3).simultaneous  # type: ignore[union-attr]
    bot = _ismcts("ismcts:iterations=50", "ninja-trap")
    assert bot.choose(SeatView(game, 3)) in game.legal_actions(3)
    assert bot.last_search is not None
    assert sum(stat.visits for stat in bot.last_search.root.values()) == 50


def test_a_forced_move_is_played_without_searching() -> None:
    game = game_class("knights-and-ninjas").new(3, seed=2)
    rng = Rng(4)
    while True:
        seat = game.to_act()[0]
        choices = game.legal_actions(seat)
        if len(choices) == 1:
            break
        game.apply(seat, choices[rng.randbelow(len(choices))])
    view = CountingView(game, seat)
    bot = _ismcts("ismcts:iterations=500", game.game_id)
    assert bot.choose(view) == choices[0]
    assert view.samples == 0 and bot.last_search is not None and bot.last_search.iterations == 0


def test_the_seconds_budget_is_kept_roughly() -> None:
    # A machine shared with other work may pause the search: the slack is generous on purpose.
    game, seat = _position("ninja-trap", 3, seed=4, actions=3)
    bot = _ismcts("ismcts:seconds=0.3", game.game_id)
    started = time.perf_counter()
    bot.choose(SeatView(game, seat))
    elapsed = time.perf_counter() - started
    assert bot.last_search is not None and bot.last_search.iterations >= 1
    assert 0.3 <= elapsed < 0.3 + 10
    # With both budgets the first one reached ends the search.
    capped = _ismcts("ismcts:iterations=5,seconds=60", game.game_id)
    capped.choose(SeatView(game, seat))
    assert capped.last_search is not None and capped.last_search.iterations == 5


@pytest.mark.parametrize(("widening", "most"), [("0.5", 9), ("0", 20)])
def test_progressive_widening_limits_the_actions_tried(widening: str, most: int) -> None:
    # Ninja Camp's set-up offers every free square (dozens): 20 iterations try at most 2 * sqrt(20)
    # of them with widening 0.5, and a new one every time with widening 0.
    game = game_class("ninja-camp").new(3, seed=1)
    seat = game.to_act()[0]
    assert len(game.legal_actions(seat)) > 20
    bot = _ismcts(f"ismcts:iterations=20,widening={widening}", game.game_id)
    bot.choose(SeatView(game, seat))
    assert bot.last_search is not None
    assert len(bot.last_search.root) == most


def test_concealed_windows_and_simultaneous_bids_of_the_toy_game(toy: type[ToyState]) -> None:
    # The toy game has a concealed block window, a choice pushed mid-effect and a simultaneous bid; its
    # bots answer all of them with legal actions, whichever seat of a bid is asked first.
    kinds: set[str] = set()
    for seed in range(4):
        game = toy.new(3, {"blocks": True}, seed=seed)
        bots = [_ismcts("ismcts:iterations=30", "toy", seed=seat) for seat in range(3)]
        while not game.is_terminal:
            seat = game.to_act()[-1]
            decision = game.decision(seat)
            assert decision is not None
            if len(game.legal_actions(seat)) > 1:
                kinds.add(decision.kind)
            game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    assert {"block", "bid"} <= kinds


def test_a_rollout_by_the_games_heuristic_plays_legal_games(toy: type[ToyState]) -> None:
    # Knights and Ninjas has a heuristic bot; the toy game has none, so its rollouts stay random.
    for game in (game_class("knights-and-ninjas").new(3, seed=6), toy.new(3, seed=6)):
        bots = [_ismcts("ismcts:iterations=6,rollout=heuristic,depth=6", game.game_id, seat) for seat in range(3)]
        while not game.is_terminal:
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].choose(SeatView(game, seat)))


@pytest.mark.parametrize(("spec", "words"), [
    ("ismcts:iterations=0", "iterations must be 'auto', 'none' or a whole number from 1"),
    ("ismcts:iterations=lots", "not 'lots'"),
    ("ismcts:iterations=1_000", "not '1_000'"),  # ASCII digits only, as in every option
    ("ismcts:depth=\u0661\u0662", "depth must be a whole number from 0"),
    ("ismcts:iterations=none", "give seconds"),
    ("ismcts:seconds=0", "seconds must be 'none' or a number more than 0"),
    ("ismcts:seconds=-1", "not '-1'"),
    ("ismcts:c=-0.5", "c must be a number from 0 to 100"),
    ("ismcts:rollout=greedy", "rollout must be one of random, heuristic"),
    ("ismcts:depth=x", "depth must be a whole number from 0"),
    ("ismcts:widening=2", "widening must be a number from 0 to 1"),
    ("ismcts:per_sample=0", "per_sample must be a whole number from 1"),
    ("ismcts:careful=maybe", "careful must be yes or no"),
    ("ismcts:budget=5", "unknown parameter 'budget'"),
])
def test_a_bad_parameter_is_a_clear_error(spec: str, words: str) -> None:
    with pytest.raises(OptionError) as error:
        make_bot(spec, "ninja-trap")
    assert words in str(error.value) and "\n" not in str(error.value)


def test_a_focused_search_gives_the_focus_a_quarter_of_the_root() -> None:
    # A review rates the move played from a fair number of visits, even a move the search would not pick.
    game, seat = _position("knights-and-ninjas", 3, seed=4, actions=6)
    bot = _ismcts("ismcts:iterations=200", game.game_id)
    plain = bot.search(SeatView(game, seat)).root
    rarest = min(game.legal_actions(seat), key=lambda action: plain[action].visits if action in plain else 0)
    focused = bot.search(SeatView(game, seat), focus=rarest).root
    assert focused[rarest].visits >= 200 // 4
    assert focused[rarest].visits > (plain[rarest].visits if rarest in plain else 0)


def test_a_focus_that_is_not_legal_is_refused() -> None:
    game, seat = _position("knights-and-ninjas", 3, seed=4, actions=6)
    with pytest.raises(OptionError, match="not a legal action"):
        _ismcts("ismcts:iterations=10", game.game_id).search(SeatView(game, seat), focus="no-such-action")


def test_the_search_plays_ninja_trap_knowing_its_own_traps() -> None:
    # Ninja Trap hides a seat's traps from it: the bot notes each trap it lays and its samples keep them.
    game = game_class("ninja-trap").new(2, seed=3)
    bot = _ismcts("ismcts:iterations=20", "ninja-trap", seed=1)
    while not game.is_terminal and len(bot.memory) < 2:
        for seat in game.to_act():
            action = bot.choose(SeatView(game, 0)) if seat == 0 else game.legal_actions(seat)[0]
            game.apply(seat, action)
    assert len(bot.memory) == 2
    rooms = {turn: room for turn, room in zip(game.trap_turns[0], game.traps[0], strict=True)}
    for seed in range(10):
        sample = SeatView(game, 0).sample(seed, bot.memory)
        assert {turn: room for turn, room in zip(sample.trap_turns[0], sample.traps[0], strict=True)} == rooms


@pytest.mark.parametrize(("word", "meaning"), [("on", True), ("OFF", False), ("yes", True), ("0", False)])
def test_a_flag_takes_the_words_a_game_option_takes(word: str, meaning: bool) -> None:
    # One vocabulary for yes or no, in a bot's spec as in a game's options; the error names it all.
    assert _ismcts(f"ismcts:careful={word}", "ninja-trap").careful is meaning
    with pytest.raises(OptionError, match=r"yes or no \(or true/false, on/off, 1/0\), not 'maybe'"):
        make_bot("ismcts:careful=maybe", "ninja-trap")
