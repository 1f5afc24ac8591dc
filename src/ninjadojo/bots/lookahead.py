"""``lookahead``: each legal action tried on determinisations and played on by the game's heuristic.

A rollout policy improvement (Tesauro and Galperin 1996; Bertsekas' rollout algorithms) for any game
that has a ``heuristic`` bot: at a decision with a choice, the bot draws ``samples`` determinisations of
its seat's view (:meth:`SeatView.sample`, with its memory: a full game consistent with what the seat
knows and remembers, never the true state). In each, every legal action is applied to a copy, and all
seats then play on with the game's heuristic for at most ``depth`` actions, each heuristic bot seeing
only its own seat's view of the sample and told what its seat did there
(:meth:`GameState.recollection`, :meth:`Bot.assume`: the rivals are careful players who remember their
own traps). The position reached is scored as ``ismcts`` scores it: the seat's share of the win if the
game ended, else an estimate of it from the game's projection of the final scores
(:meth:`GameState.projected_scores`: first place, rank and margin over the mean, so that hurting any
rival counts, not only the leader). The action with the best mean is played.

The actions of one sample share its dice (one random stream per sample), so they differ by the move
alone (common random numbers). Where the heuristic is a good model of the table, the bot is at least as
strong as the heuristic and usually stronger: it plays the move that does best against it.

Parameters (a bot spec ``lookahead:samples=16,depth=30``):

- ``samples``: determinisations a decision (each tries every legal action);
- ``depth``: the most actions played on after the action tried;
- ``seconds``: a time limit a decision (``none``: none); the samples finished by then count;
- ``confidence``: the standard errors by which another move must beat the heuristic's to replace it.

The heuristic that plays on, and whose move is the default, is the game's cheap one
(:func:`ninjadojo.bots.sim_default_bot`: Ninjitsu!'s ``heuristic:depth=0``, the others' ``heuristic``).

Like ``ismcts`` it remembers what its own actions showed it (:meth:`SeatView.memo`), and a bot seated
in a game under way rebuilds those notes (:meth:`Bot.recall`). Deterministic for a seed, a view and
a budget without ``seconds``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from ninjadojo.bots.base import Bot, NotingBot, SeatView
from ninjadojo.bots.ismcts import RootStat, SearchReport, _budget_int, _number, _rewards, decision_stream
from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import GameState


def cheap_heuristic(game_id: str, purpose: str) -> Callable[..., Bot]:
    """A factory ``(seed) -> Bot`` of the game's cheap heuristic (:func:`ninjadojo.bots.sim_default_bot`:
    Ninjitsu!'s ``heuristic:depth=0``, the others' ``heuristic``); an :class:`OptionError` saying
    ``"{purpose} the game's heuristic bot"`` if the game has none."""
    from ninjadojo.bots import available_bots, parse_bot_spec, sim_default_bot

    name, params = parse_bot_spec(sim_default_bot(game_id))
    factory = available_bots(game_id).get(name)
    if name == "random" or factory is None or factory is LookaheadBot:
        raise OptionError(f"{purpose} the game's heuristic bot, and {game_id} has none")

    def build(seed: int = 0) -> Bot:
        return factory(seed=seed, **params)

    return build


def surely_better(gains: Sequence[float], z: float) -> bool:
    """Whether paired gains (one move's score less another's, sample by sample on the same samples and
    dice) have a mean above ``z`` standard errors; never on fewer than two."""
    count = len(gains)
    if count < 2:
        return False
    mean = sum(gains) / count
    variance = sum((gain - mean) ** 2 for gain in gains) / (count - 1)
    return mean > z * math.sqrt(variance / count)


class LookaheadBot(NotingBot):
    """Each legal action tried on determinisations, played on by the game's heuristic (see ninjadojo.bots.lookahead)."""

    name = "lookahead"
    def __init__(self, seed: int = 0, samples: str | int = 16, depth: str | int = 30, seconds: str | float = "none",
                 confidence: str | float = 1.0, **params: object) -> None:
        super().__init__(seed, **params)
        self.seed = seed
        count = _budget_int(samples, "samples", 1, 100_000, owner=self.name)
        assert count is not None
        self.samples = count
        cap = _budget_int(depth, "depth", 0, 100_000, owner=self.name)
        assert cap is not None
        self.depth = cap
        self.seconds = _number(seconds, "seconds", 0.0, 3600.0, ("none",), open_low=True, owner=self.name)
        z = _number(confidence, "confidence", 0.0, 10.0, owner=self.name)
        assert z is not None
        self.confidence = z
        #: Each action's mean score after the last decision searched, and the samples that tried it.
        self.last_means: dict[str, tuple[float, int]] = {}

    def _heuristic(self, game_id: str) -> Callable[..., Bot]:
        """The bot that plays on in the samples, and whose move is the default: the game's cheap heuristic
        (:func:`cheap_heuristic`), its factory looked up once a decision rather than once a rollout seat."""
        return cheap_heuristic(game_id, "lookahead plays on with")

    def _prepare(self, view: SeatView) -> None:
        """Before a decision is rated (to play it, or for :meth:`search`): a game's own lookahead reads
        what the view tells of the rivals here (Ninja Trap's inference of their traps). Nothing here."""

    def _choose(self, view: SeatView) -> str:
        self._prepare(view)
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scores, default, _ = self._rate(view, actions)
        return self._pick(scores, default)

    def search(self, view: SeatView, focus: str | None = None) -> SearchReport:
        """Rate every legal action of ``view.seat`` as a decision does (the same samples, dice and budget),
        and say which the bot plays: a review's and a hint's estimates (``ismcts``'s :class:`SearchReport`,
        an action's ``visits`` being the samples that tried it, ``iterations`` the samples drawn).
        ``focus`` is accepted for the review's sake: every action is tried in every sample already."""
        started = time.perf_counter()
        actions = view.legal_actions()
        if focus is not None and focus not in actions:
            raise OptionError(f"the search cannot focus on {quote(focus)}: it is not a legal action now")
        self._prepare(view)
        scores, default, samples = self._rate(view, actions)
        choice = self._pick(scores, default) if len(actions) > 1 else actions[0]
        return SearchReport(samples, samples, time.perf_counter() - started, paired_root(scores), choice)

    def _rate(self, view: SeatView, actions: list[str]) -> tuple[dict[str, list[float]], str, int]:
        """Each action's score in each sample tried (paired: the same samples and dice for all), the
        heuristic's own move, and the samples drawn."""
        heuristic = self._heuristic(view.game_id)
        # The decision's stream comes from the seed and what the seat sees: no memory of earlier searches.
        rng = decision_stream(self.seed, view)
        seat = view.seat
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        # The heuristic's own choice (told what the seat remembers) is the default: another action replaces
        # it only where the samples say, with confidence, that it does better (a paired comparison: the
        # same samples and dice for both).
        guide = heuristic(seed=rng.next_u64())
        guide.assume(self.memory)
        default = guide.choose(view)
        scores: dict[str, list[float]] = {action: [] for action in actions}
        drawn = 0
        for number in range(self.samples):
            if deadline is not None and number and time.perf_counter() >= deadline:
                break
            sample = self._sample(view, rng.next_u64())
            drawn += 1
            dice = rng.next_u64()
            seeds = [rng.next_u64() for _ in range(sample.num_players)]
            if sorted(sample.legal_actions(seat)) != sorted(actions):
                continue  # (a seat knows what it may do, so a sample never differs; kept safe all the same)
            for action in actions:
                state = sample.clone()
                state.rng = Rng.from_state(dice)
                state.apply(seat, action)
                self._play_on(state, heuristic, seeds)
                scores[action].append(self._reward(state, seat))
        self.last_means = {action: (sum(values) / len(values), len(values)) for action, values in scores.items()
                           if values}
        return scores, default, drawn

    def _pick(self, scores: dict[str, list[float]], default: str) -> str:
        """The heuristic's move, unless another's mean gain over it is above :attr:`confidence` standard
        errors (paired sample by sample): then the one of those with the largest gain."""
        base = scores[default]
        if not base:
            return default
        best, best_gain = default, 0.0
        for action, values in scores.items():
            if action == default:
                continue
            gains = [value - other for value, other in zip(values, base, strict=True)]
            mean = sum(gains) / len(gains)
            if mean > best_gain and surely_better(gains, self.confidence):
                best, best_gain = action, mean
        return best

    def _reward(self, state: GameState[Any], seat: int) -> float:
        """What the position a rollout reached is worth to ``seat``, from 0 to 1 (``ismcts``'s scoring:
        its share of the win, or an estimate from the game's projected scores)."""
        return _rewards(state)[seat]

    def _sample(self, view: SeatView, seed: int) -> GameState[Any]:
        """One determinisation of the seat's view, agreeing with its notes (a game's own lookahead may
        narrow it further with what it inferred of the rivals' hidden cards)."""
        return view.sample(seed, self.memory)

    def _play_on(self, state: GameState[Any], heuristic: Callable[..., Bot], seeds: list[int]) -> None:
        """Every seat plays on with the heuristic, each told what its seat did in the sample."""
        bots: dict[int, Bot] = {}
        for _ in range(self.depth):
            if state.result is not None:
                return
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            if len(actions) == 1:
                state.apply(seat, actions[0])
                continue
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = heuristic(seed=seeds[seat])
                bot.assume(state.recollection(seat))
            state.apply(seat, bot.choose(SeatView(state, seat)))


def paired_root(scores: dict[str, list[float]]) -> dict[str, RootStat]:
    """Each action's statistics from its score in each sample, with the standard error of its gap to the
    best action (by mean), sample by sample (:class:`RootStat`), when every action was tried on the same
    samples (as many scores each); without it otherwise."""
    tried = {action: values for action, values in scores.items() if values}
    if not tried:
        return {}
    if len({len(values) for values in tried.values()}) > 1:
        return {action: RootStat(len(values), sum(values) / len(values)) for action, values in tried.items()}
    top = max(tried.values(), key=lambda values: sum(values) / len(values))
    root = {}
    for action, values in tried.items():
        gaps = [value - best for value, best in zip(values, top, strict=True)]
        count = len(gaps)
        mean = sum(gaps) / count
        spread = math.sqrt(sum((gap - mean) ** 2 for gap in gaps) / (count - 1) / count) if count > 1 else 0.0
        root[action] = RootStat(count, sum(values) / count, spread)
    return root
