"""``ismcts``: information-set Monte Carlo tree search that plays every game through the engine API alone.

Each iteration searches a determinisation drawn from the bot's :class:`~ninjadojo.bots.base.SeatView`
(``view.sample(seed)``: a full game consistent with what the seat knows, and a function of that
knowledge only), never the true state, so the bot cannot cheat whatever it does with its samples.

The search is multiple-observer ISMCTS (MO-ISMCTS, Cowling, Powley and Whitehouse 2012) with one tree
per seat, each keyed by what that seat observes:

- a seat's own action moves its tree along that action and what the action showed it (the last
  submission of a simultaneous frame reveals everyone's choices; a steal shows the card stolen);
- another seat's action moves it along what the seat was told of it: the log lines it may see that
  the action produced (the engine masks each line to the seats that may read it), with the acting
  seat and the decision's kind when the decision was public. A hidden simultaneous submission or an
  answer in a concealed window that tells the seat nothing leaves its tree where it was, so each
  seat in a simultaneous frame chooses by its own statistics without knowing the others' choices
  (decoupled selection), and a seat never learns who was asked in a concealed window;
- lines only the seat itself may read (its own draws, a private look) are left out of the key: they
  are chance outcomes like its own draws, which would split its tree into as many branches as it has
  possible hands; the actions they make legal or not are handled by availability counts, as in
  single-observer ISMCTS.

Chance needs nothing special: the engine deals inside ``apply`` from the sample's random stream,
which each iteration replaces with one of the bot's own (the bot never draws from the game's stream).
Selection is UCB1 with availability counts (an action's exploration term uses how often it was legal
when its node was visited, since the legal actions differ from sample to sample). Long action lists
are met with progressive widening: a node whose seat has chosen ``n`` times tries at most
``2 * (n + 1) ** widening`` distinct actions before it only re-selects among them.

An iteration's tree phase ends when a seat picks an action it never tried at its node; the rest is a
rollout of at most ``depth`` actions (random, or by the game's ``heuristic`` bot, each rollout seat
seeing only its own view of the sample), then every seat's reward: its share of the win at the end of
the game, or at a cut-off an estimate from the scores (first place, rank and score margin, shrunk
half-way towards a fair share since the game is not over: see :func:`_rewards`).

Parameters (all optional, in a bot spec ``ismcts:key=value,...``):

- ``iterations``: the iteration budget (``auto``: 1000, or no limit when ``seconds`` is given;
  ``none``: no limit, which needs ``seconds``);
- ``seconds``: a time budget per decision (``none``: no limit); with both, the first reached ends it;
- ``c``: the exploration constant of UCB1 (rewards are from 0 to 1);
- ``rollout``: ``random`` or ``heuristic`` (the game's heuristic bot; ``random`` where it has none);
- ``depth``: the most actions a rollout plays before the position is scored;
- ``widening``: the progressive widening exponent (0: try every legal action before going deeper);
- ``per_sample``: iterations searched on each determinisation (each from a fresh copy, with a fresh
  random stream, so a sample is never changed); more than one saves the cost of sampling.
- ``careful``: ``yes`` (default) models the other seats as careful players, who remember what they did
  though their views hide it (:meth:`GameState.remembered`: Ninja Trap's own traps at the flip stage);
  ``no`` lets them choose alike in every sample.
- ``model``: ``yes`` (default) draws the samples by the game's model of play where it has one
  (:meth:`GameState.determinize` with ``modelled``: in Ninjitsu! another's secrets are more often the
  traps players lay than the action cards they keep in hand); ``no`` deals every consistent deal alike.

An iteration budget makes the bot repeatable: the same seed, view and budget give the same choice.
**Memory.** The bot keeps one thing from one decision to the next: what its own actions showed it
that its view later hides (:meth:`SeatView.memo` notes: Ninja Trap's own traps), and every sample is
drawn to agree with those notes (:meth:`SeatView.sample`). Each search draws from a stream seeded by the
bot's seed and the seat's view of the decision, so a game resumed from a save, whose bots rebuild their
notes from the seat's own past actions (:meth:`recall`), finds the bot exactly as it would have been.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ninjadojo.bots.base import Bot, NotingBot, SeatView
from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.engine.options import BOOL_WORDS
from ninjadojo.engine.rng import Rng, derive_seed
from ninjadojo.engine.state import EVERYONE, GameState

#: Iterations searched when neither budget is given.
DEFAULT_ITERATIONS = 1000
#: The largest budgets a spec may ask for (guards against a typing slip).
MAX_ITERATIONS = 10_000_000
MAX_SECONDS = 3600.0
#: Progressive widening: a node that chose ``n`` times may have tried ``WIDENING_SCALE * (n + 1) ** widening``
#: distinct actions.
WIDENING_SCALE = 2.0
#: A cut-off position's estimate is moved this far from a fair share towards what the scores say: the
#: game is not over, so the leader now wins less surely than a winner.
CUTOFF_CONFIDENCE = 0.5
#: Weight of the score margin in a cut-off estimate. Ranks alone change only when a lead changes hands,
#: so a rollout that gains a point without overtaking anyone would teach the search nothing (measured:
#: against Knights and Ninjas' heuristic, 300 iterations won 30% of 4-player games by rank alone, 43%
#: with the margin; docs/bots.md).
MARGIN_WEIGHT = 0.25

ROLLOUTS = ("random", "heuristic")

_WHOLE = re.compile(r"[0-9]{1,12}", re.ASCII)
_DECIMAL = re.compile(r"[0-9]{1,12}(\.[0-9]{0,12})?|\.[0-9]{1,12}", re.ASCII)


@dataclass(frozen=True, slots=True)
class RootStat:
    """One root action after a search: how often it was chosen and its mean reward for the bot's seat.

    ``gap_error``: where every action was tried on the same samples (``lookahead``), the standard error of
    this action's reward less the best action's (by mean), sample by sample (0 for the best itself): the
    paired comparison a review's marks use, far sharper than two independent estimates. ``None`` for a
    search whose actions were tried on different samples (``ismcts``).
    """

    visits: int
    mean: float
    gap_error: float | None = None


@dataclass(frozen=True, slots=True)
class SearchReport:
    """What the last search did: iterations, determinisations drawn, time, and the root statistics."""

    iterations: int
    samples: int
    seconds: float
    root: dict[str, RootStat]
    #: The action the bot plays after this search, where it is not simply the most visited one (the
    #: ``lookahead`` bots try every move equally often and keep their heuristic's move unless another is
    #: surely better); ``None``: the most visited.
    choice: str | None = None


class _Node:
    """A node of one seat's tree: children by observation, and the seat's statistics when it chooses here.

    ``stats[action]`` is ``[visits, total reward, availability]`` (availability: how many times the
    action was legal when this seat chose at this node).
    """

    __slots__ = ("children", "stats", "visits")

    def __init__(self) -> None:
        self.children: dict[object, _Node] = {}
        self.stats: dict[str, list[float]] = {}
        self.visits = 0

    def child(self, key: object) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node


def _alternatives(choices: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]


def _budget_int(value: object, name: str, low: int, high: int, words: tuple[str, ...] = (),
                owner: str = "ismcts") -> int | None:
    """A whole-number parameter of the bot ``owner`` from ``low`` to ``high``, or ``None`` for one of ``words``."""
    text = str(value).strip().lower()
    if text in words:
        return None
    # ASCII digits only, as everywhere in the project's options (int() would take "1_0" and other scripts' digits).
    number = int(text) if _WHOLE.fullmatch(text) else low - 1
    if not low <= number <= high:
        allowed = _alternatives([*(repr(word) for word in words), f"a whole number from {low} to {high}"])
        raise OptionError(f"{owner}'s {name} must be {allowed}, not {quote(value)}")
    return number


def _number(value: object, name: str, low: float, high: float, words: tuple[str, ...] = (),
            open_low: bool = False, owner: str = "ismcts") -> float | None:
    """A number parameter of the bot ``owner`` in ``[low, high]`` (``(low, high]`` if ``open_low``), or
    ``None`` for one of ``words``."""
    text = str(value).strip().lower()
    if text in words:
        return None
    number = float(text) if _DECIMAL.fullmatch(text) else math.nan
    if not (low < number <= high if open_low else low <= number <= high):
        bound = f"more than {low:g} and at most {high:g}" if open_low else f"from {low:g} to {high:g}"
        allowed = _alternatives([*(repr(word) for word in words), f"a number {bound}"])
        raise OptionError(f"{owner}'s {name} must be {allowed}, not {quote(value)}")
    return number


def _flag(value: object, name: str, owner: str = "ismcts") -> bool:
    """A yes-or-no parameter of the bot ``owner``: one of the engine's :data:`BOOL_WORDS` (any case, spaces
    around ignored), as a game's yes-or-no option takes."""
    meaning = BOOL_WORDS.get(str(value).strip().lower())
    if meaning is None:
        raise OptionError(f"{owner}'s {name} must be yes or no (or true/false, on/off, 1/0), not {quote(value)}")
    return meaning


def _rewards(state: GameState[Any]) -> list[float]:
    """Each seat's reward in ``state``, from 0 to 1: its share of the win, or an estimate from the scores.

    The estimate (a game cut off, or stopped with no winner): half the leaders' share of first place,
    half the seat's rank (the share of the other seats it is ahead of, ties halved, scaled so that the
    seats' estimates add up to 1 as win shares do), plus :data:`MARGIN_WEIGHT` times its score's
    distance from the mean over the largest score (so every point counts, on any game's scale), moved
    :data:`CUTOFF_CONFIDENCE` of the way from a fair share if the game is not over.
    """
    players = state.num_players
    result = state.result
    if result is not None and result.winners:
        share = 1.0 / len(result.winners)
        return [share if seat in result.winners else 0.0 for seat in range(players)]
    scores = state.projected_scores()
    top = max(scores)
    leaders = sum(1 for score in scores if score == top)
    mean = sum(scores) / players
    scale = max(abs(score) for score in scores) + 1.0
    pairs = players * (players - 1) / 2
    fair = 1.0 / players
    rewards: list[float] = []
    for seat in range(players):
        mine = scores[seat]
        beaten = sum(1.0 if mine > other else 0.5 if mine == other else 0.0 for other in scores) - 0.5
        estimate = (0.5 * (1.0 / leaders if mine == top else 0.0) + 0.5 * beaten / pairs
                    + MARGIN_WEIGHT * (mine - mean) / scale)
        if result is None:
            estimate = fair + CUTOFF_CONFIDENCE * (estimate - fair)
        rewards.append(min(1.0, max(0.0, estimate)))
    return rewards


def decision_stream(seed: int, view: SeatView) -> Rng:
    """A searching bot's random stream for one decision: from its seed and what the seat sees now.

    The view holds the seat's whole visible history (its log), so no two decisions of a game share a
    stream, and a bot needs no memory of its earlier draws to play the same after a load.
    """
    text = json.dumps(view.observe(), sort_keys=True, separators=(",", ":"))
    digest = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
    return Rng(derive_seed(seed, digest))


def _heuristic_factory(game_id: str) -> Callable[..., Bot] | None:
    """The game's ``heuristic`` bot factory, if it has one (imported late: the registry imports this module)."""
    from ninjadojo.bots import available_bots

    return available_bots(game_id).get("heuristic")


class IsmctsBot(NotingBot):
    """Information-set MCTS on determinisations of the seat's view; plays every game (see ninjadojo.bots.ismcts)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: str | int = "auto", seconds: str | float = "none",
                 c: str | float = 0.7, rollout: str = "random", depth: str | int = 10,
                 widening: str | float = 0.5, per_sample: str | int = 4, careful: str | bool = "yes",
                 model: str | bool = "yes", **params: object) -> None:
        super().__init__(seed, **params)
        self.seed = seed
        self.seconds = _number(seconds, "seconds", 0.0, MAX_SECONDS, ("none",), open_low=True)
        budget = _budget_int(iterations, "iterations", 1, MAX_ITERATIONS, ("auto", "none"))
        if budget is None and str(iterations).strip().lower() == "none" and self.seconds is None:
            raise OptionError("ismcts needs a budget: iterations=none asks for no iteration limit, so give seconds")
        self.iterations = budget if budget is not None else (DEFAULT_ITERATIONS if self.seconds is None else None)
        exploration = _number(c, "c", 0.0, 100.0)
        assert exploration is not None
        self.c = exploration
        self.rollout = str(rollout).strip().lower()
        if self.rollout not in ROLLOUTS:
            raise OptionError(f"ismcts's rollout must be one of {', '.join(ROLLOUTS)}, not {quote(rollout)}")
        cap = _budget_int(depth, "depth", 0, 100_000)
        assert cap is not None
        self.depth = cap
        alpha = _number(widening, "widening", 0.0, 1.0)
        assert alpha is not None
        self.widening = alpha
        reuse = _budget_int(per_sample, "per_sample", 1, 1000)
        assert reuse is not None
        self.per_sample = reuse
        self.careful = _flag(careful, "careful")
        self.model = _flag(model, "model")
        #: What the last call of :meth:`choose` did (``None`` before the first search).
        self.last_search: SearchReport | None = None

    @classmethod
    def normalise_params(cls, params: dict[str, str]) -> dict[str, str]:
        """The same settings with ``iterations=auto`` written as what it means (for the registry's canonical spec)."""
        values = dict(params)
        if str(values.get("iterations", "")).strip().lower() == "auto":
            no_time_limit = str(values.get("seconds", "none")).strip().lower() == "none"
            values["iterations"] = str(DEFAULT_ITERATIONS) if no_time_limit else "none"
        return values

    # ------------------------------------------------------------------ the search

    def _choose(self, view: SeatView) -> str:
        actions = view.legal_actions()
        if len(actions) == 1:
            self.last_search = SearchReport(0, 0, 0.0, {actions[0]: RootStat(0, 0.0)})
            return actions[0]
        root = self.search(view).root
        best = actions[0]
        best_key = (-1, -1.0)
        for action in actions:
            stat = root.get(action)
            # The most visited (the robust choice), then the better mean, then the legal order.
            key = (stat.visits, stat.mean) if stat is not None and stat.visits else (0, -1.0)
            if key > best_key:
                best, best_key = action, key
        return best

    def _decision_stream(self, view: SeatView) -> Rng:
        """The search's random stream for this decision (:func:`decision_stream`)."""
        return decision_stream(self.seed, view)

    def search(self, view: SeatView, focus: str | None = None) -> SearchReport:
        """Search for ``view.seat`` within the budget; what it found (also kept as :attr:`last_search`).

        ``focus`` (one of the seat's legal actions) is searched at the root in at least a quarter of the
        iterations, whatever the others score: a review rates a move the search would not have chosen
        from a fair number of visits, not from a handful. With a budget in iterations, the focus also gets a
        challenger: from half-way on, the other move the search has tried most so far is taken at the root in
        an eighth of the iterations, so that the move played is compared with a well searched rival even
        where dozens of moves share what is left (Ninja Camp's first turns: a hundred moves).
        """
        started = time.perf_counter()
        self.rng = self._decision_stream(view)
        deadline = None if self.seconds is None else started + self.seconds
        limit = self.iterations
        me = view.seat
        rng = self.rng
        memory = self.memory
        if focus is not None and focus not in view.legal_actions():
            raise OptionError(f"the search cannot focus on {quote(focus)}: it is not a legal action now")
        trees = [_Node() for _ in range(view.num_players)]
        heuristic = _heuristic_factory(view.game_id) if self.rollout == "heuristic" else None
        iterations = samples = 0
        sample: GameState[Any] | None = None
        challenger: str | None = None
        while (limit is None or iterations < limit) and (deadline is None or time.perf_counter() < deadline
                                                         or iterations == 0):
            if sample is None or iterations % self.per_sample == 0:
                sample = view.sample(rng.next_u64(), memory, self.model)
                samples += 1
            state = sample.clone()
            # The iteration's chance comes from the bot's stream: a sample reused keeps its cards, not its dice.
            state.rng = Rng.from_state(rng.next_u64())
            forced = None
            if focus is not None:
                if limit is not None and iterations == limit // 2:
                    challenger = self._challenger(trees[me], focus)
                if iterations % 4 == 0:
                    forced = focus
                elif iterations % 8 == 2 and challenger is not None:
                    forced = challenger
            self._iterate(state, trees, me, heuristic, forced)
            iterations += 1
        self.last_search = report = SearchReport(
            iterations, samples, time.perf_counter() - started,
            {action: RootStat(int(stat[0]), stat[1] / stat[0] if stat[0] else 0.0)
             for action, stat in trees[me].stats.items()})
        return report

    def _iterate(self, state: GameState[Any], trees: list[_Node], me: int,
                 heuristic: Callable[..., Bot] | None, forced: str | None = None) -> None:
        """One iteration on ``state`` (a copy of a sample): descend every tree, roll out, back up the rewards."""
        players = state.num_players
        nodes = list(trees)
        path: list[tuple[int, _Node, list[float]]] = []
        first = True
        while state.result is None:
            seats = state.to_act()
            # The bot's seat decides first at the root: it is deciding now, before anyone it cannot see.
            seat = me if first and me in seats else seats[0]
            first = False
            actions = state.legal_actions(seat)
            node = nodes[seat]
            if seat != me and self.careful:
                # Another seat decides as a careful player: knowing what it did (its own traps) though its
                # view does not show it, so its choice may differ from sample to sample.
                recalled = state.remembered(seat)
                if recalled is not None:
                    node = node.child(("recall", recalled))
            if forced is not None and seat == me and len(path) == 0:
                action, stat, expanded = self._force(node, forced)
            else:
                action, stat, expanded = self._select(node, actions)
            path.append((seat, node, stat))
            frame = state.frames[-1]
            hidden = frame.simultaneous or frame.concealed
            kind = frame.kind
            seen = len(state.events)
            state.apply(seat, action)
            events = state.events[seen:]
            for other in range(players):
                if events:
                    bit = 1 << other
                    told = tuple(event.text for event in events
                                 if event.mask == EVERYONE or (event.mask & bit and event.mask != bit))
                else:
                    told = ()
                if other == seat:
                    # What the action revealed counts too: the last choice of a simultaneous frame shows
                    # everyone's, and a steal shows the card stolen.
                    nodes[seat] = node.child((action, told) if told else action)
                elif not hidden:
                    nodes[other] = nodes[other].child((seat, kind, told))
                elif told:
                    nodes[other] = nodes[other].child((None, told))
            if expanded:
                break
        if state.result is None and self.depth:
            self._rollout(state, heuristic)
        rewards = _rewards(state)
        for seat, node, stat in path:
            node.visits += 1
            stat[0] += 1
            stat[1] += rewards[seat]

    @staticmethod
    def _challenger(root: _Node, focus: str) -> str | None:
        """The action other than ``focus`` the search has visited most at ``root`` (then the better mean),
        or ``None`` if it has tried no other."""
        best: str | None = None
        best_key = (0.0, -1.0)
        for action, stat in root.stats.items():
            if action != focus and stat[0]:
                key = (stat[0], stat[1] / stat[0])
                if key > best_key:
                    best, best_key = action, key
        return best

    def _force(self, node: _Node, action: str) -> tuple[str, list[float], bool]:
        """Take ``action`` at the root (a focused search), counting it as available as :meth:`_select` would."""
        stat = node.stats.get(action)
        if stat is None:
            stat = node.stats[action] = [0.0, 0.0, 1.0]
            return action, stat, True
        stat[2] += 1
        return action, stat, False

    def _select(self, node: _Node, actions: list[str]) -> tuple[str, list[float], bool]:
        """UCB1 with availability among the tried actions, or a new one while widening allows it."""
        stats = node.stats
        c = self.c
        log = math.log
        sqrt = math.sqrt
        best: str | None = None
        best_stat: list[float] | None = None
        best_score = -math.inf
        untried: list[str] = []
        for action in actions:
            stat = stats.get(action)
            if stat is None:
                untried.append(action)
                continue
            stat[2] += 1
            score = stat[1] / stat[0] + c * sqrt(log(stat[2]) / stat[0])
            if score > best_score:
                best, best_stat, best_score = action, stat, score
        if untried and (best is None or self.widening == 0.0
                        or len(stats) < WIDENING_SCALE * (node.visits + 1) ** self.widening):
            action = untried[self.rng.randbelow(len(untried))] if len(untried) > 1 else untried[0]
            stat = stats[action] = [0.0, 0.0, 1.0]
            return action, stat, True
        assert best is not None and best_stat is not None
        return best, best_stat, False

    def _rollout(self, state: GameState[Any], heuristic: Callable[..., Bot] | None) -> None:
        """Play on at most ``depth`` actions: random ones, or the game's heuristic bot's (each seeing its own view)."""
        rng = self.rng
        state.quiet()  # nothing reads a rollout's log
        if heuristic is not None:
            bots: dict[int, Bot] = {}
            for _ in range(self.depth):
                if state.result is not None:
                    return
                seat = state.to_act()[0]
                bot = bots.get(seat)
                if bot is None:
                    bot = bots[seat] = heuristic(seed=rng.next_u64())
                    # It plays on from here as the seat would: knowing what the seat did in this sample.
                    bot.assume(state.recollection(seat))
                state.apply(seat, bot.choose(SeatView(state, seat)))
            return
        for _ in range(self.depth):
            if state.result is not None:
                return
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randbelow(len(actions))])
