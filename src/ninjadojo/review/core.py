"""The review's machinery: what a review says (:class:`MoveReview`, :class:`GameReview`, :class:`Hint`) and how
it is computed (:func:`review_record`, :func:`hint`). See :mod:`ninjadojo.review` for the whole story."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

from ninjadojo.bots import (
    SeatView,
    TruthView,
    available_bots,
    bot_defaults,
    format_bot_spec,
    level_of,
    make_bot,
    parse_bot_spec,
)
from ninjadojo.bots.base import NotingBot
from ninjadojo.bots.ismcts import DEFAULT_ITERATIONS, IsmctsBot, SearchReport
from ninjadojo.bots.levels import FALLBACK_LEVELS, LEVELS
from ninjadojo.engine.errors import OptionError, SaveError, quote
from ninjadojo.engine.free import free_form
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.state import GameState, Record
from ninjadojo.games import game_class
from ninjadojo.table.names import with_names
from ninjadojo.table.session import recall_bots

#: The marks, from the worst: a decision whose loss in win chance reaches the threshold gets the mark
#: (see :func:`mark_for`). Win chances run from 0 to 1, so 0.20 is twenty points of win chance.
MARK_THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
#: The marks' names, from the worst.
MARKS: tuple[str, ...] = tuple(name for name, _ in MARK_THRESHOLDS)
#: A mark needs at least this many visits of the search for the move played and for the better one.
MIN_VISITS = 20
#: ... and a loss at least this many standard errors of the difference of the two estimates (one-sided
#: 95%): a search's estimates are noisy, and a mark must not be a coin's luck.
CONFIDENCE_Z = 1.645
#: The best move is the one with the highest estimate among the moves searched at least this share of
#: the iterations (or :data:`MIN_VISITS`, if more): an estimate from a handful of visits is not trusted.
BEST_MIN_SHARE = 0.05
#: The iterations of a review's search when the level asked for rates nothing (``hard``: a heuristic):
#: the generic expert budget (:data:`FALLBACK_LEVELS`).
FALLBACK_ITERATIONS = int(parse_bot_spec(FALLBACK_LEVELS["expert"])[1].get("iterations", DEFAULT_ITERATIONS))
#: The name of the bots that try every move on samples of the seat's view (the expert of Knights and Ninjas,
#: Ninja Trap and Ninjato): a review may rate with them.
LOOKAHEAD = "lookahead"
#: The fewest samples a ``lookahead`` review draws when no budget is given (a mark needs MIN_VISITS of them).
REVIEW_MIN_SAMPLES = 32
#: The most actions an :class:`Evaluation` keeps (besides the move played, the best and the alternative).
ACTIONS_KEPT = 10
#: The most alternatives a :class:`Hint` lists.
HINT_ALTERNATIVES = 3

ProgressCallback = Callable[[int, int], None]
#: Called with each decision as soon as it is reviewed (see :func:`review_record`).
DecisionCallback = Callable[["MoveReview"], None]


# ---------------------------------------------------------------------------------------------- values


#: The fewest decisions at the end of a review, all at 0% (or 100%), that :attr:`GameReview.decided_from` names.
DECIDED_RUN = 3


@dataclass(frozen=True, slots=True)
class ActionEstimate:
    """One legal action at a decision as the search rated it: the action's text (notation), its words for
    players, the estimated win chance of the seat after it (0 to 1), and how many iterations searched it.
    ``gap_error``: the standard error of its chance less the best move's, where the search tried every move
    on the same samples (a lookahead's paired comparison, :class:`~ninjadojo.bots.ismcts.RootStat`);
    ``None`` where it did not (``ismcts``)."""

    action: str
    label: str
    chance: float
    visits: int
    gap_error: float | None = None

    def to_json(self) -> dict[str, JSONValue]:
        """JSON form (``gap_error`` only where there is one)."""
        data: dict[str, JSONValue] = {"action": self.action, "label": self.label, "chance": self.chance,
                                      "visits": self.visits}
        if self.gap_error is not None:
            data["gap_error"] = self.gap_error
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ActionEstimate:
        """From :meth:`to_json` output."""
        gap = data.get("gap_error")
        return cls(str(data["action"]), str(data["label"]), float(data["chance"]), int(data["visits"]),
                   None if gap is None else float(gap))


def _estimate_or_none(data: object) -> ActionEstimate | None:
    return None if data is None else ActionEstimate.from_json(data)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What one search says of a decision: the move played, the best move, the best alternative to the move
    played (the best move, or the runner-up when the move played is the best), and the loss.

    ``before`` is the position's value for the seat (the best move's estimate), ``after`` the move
    played's estimate, ``loss`` how much win chance the move played gave away (``before - after``, at
    least 0). ``actions`` rates the actions the search tried most, most visited first: at most
    :data:`ACTIONS_KEPT`, and always the move played, the best move and the alternative (a long list of
    barely tried moves would only make a review heavy to send).
    """

    played: ActionEstimate
    best: ActionEstimate
    alternative: ActionEstimate | None
    iterations: int
    actions: tuple[ActionEstimate, ...] = ()

    @property
    def before(self) -> float:
        """The seat's estimated win chance with the best move (the position's value)."""
        return self.best.chance

    @property
    def after(self) -> float:
        """The seat's estimated win chance after the move played."""
        return self.played.chance

    @property
    def loss(self) -> float:
        """The win chance the move played gave away (0 when it was the best)."""
        return max(0.0, self.best.chance - self.played.chance)

    @property
    def clear(self) -> bool:
        """Whether the move played surely gave win chance away: a loss beyond the search's own error
        (:func:`clear_loss`). A loss within it is the search's noise as far as anyone can tell: the move is
        not clearly worse than the best found, whatever the two estimates say."""
        return clear_loss(self)

    @property
    def compared(self) -> bool:
        """Whether the search tried another move than the one played often enough to trust its estimate (the
        alternative is then such a move). Where it did not (a budget spread over a hundred moves, while the
        review's focus gave the move played a quarter of it), the move played is "the best found" only because
        nothing else was searched enough: a front end says that the search could not compare."""
        return self.alternative is not None and _trusted(self.alternative, self.iterations)

    def to_json(self) -> dict[str, JSONValue]:
        """JSON form (with ``before``, ``after``, ``loss``, ``clear`` and ``compared`` written out for readers of
        the JSON)."""
        return {"played": self.played.to_json(), "best": self.best.to_json(),
                "alternative": None if self.alternative is None else self.alternative.to_json(),
                "iterations": self.iterations, "before": self.before, "after": self.after, "loss": self.loss,
                "clear": self.clear, "compared": self.compared,
                "actions": [estimate.to_json() for estimate in self.actions]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Evaluation:
        """From :meth:`to_json` output."""
        return cls(ActionEstimate.from_json(data["played"]), ActionEstimate.from_json(data["best"]),
                   _estimate_or_none(data.get("alternative")), int(data["iterations"]),
                   tuple(ActionEstimate.from_json(each) for each in data.get("actions", ())))


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One decision of the reviewed seat: what it was asked, what it played, and what the search thought.

    ``number`` counts the reviewed decisions from 1; ``ply`` is the index of the move played in the
    game's record (the position before it is the record's first ``ply`` actions). The record counts
    every seat's actions, hidden ones too: a front end may use ``ply`` to show a finished game's position,
    but should not show it to a player while the game goes on (it could tell that someone answered
    in secret). ``estimate`` is the
    search on the seat's own view at that moment; ``hindsight`` (when asked for) the same search with the
    hidden cards shown. ``mark`` is ``blunder``, ``mistake``, ``inaccuracy`` or ``None``, from
    ``estimate`` only (:func:`mark_for`). ``choices`` is how many legal actions the seat had. ``seconds``
    is the time the searches took and ``cpu_seconds`` the processor time they used (both left out of
    comparisons: they are the only things that vary).
    """

    number: int
    ply: int
    seat: int
    prompt: str
    choices: int
    estimate: Evaluation
    mark: str | None
    hindsight: Evaluation | None = None
    seconds: float = field(default=0.0, compare=False)
    cpu_seconds: float = field(default=0.0, compare=False)
    #: Where the seat's own next decision comes right after this one (a raid's fight, then whether to press
    #: on) and its search rates the position higher than this search rated the move played: that rating
    #: (see :func:`with_followed`). ``None`` otherwise.
    followed: float | None = None

    @property
    def played(self) -> ActionEstimate:
        """The move played, rated."""
        return self.estimate.played

    @property
    def best(self) -> ActionEstimate:
        """The search's best move."""
        return self.estimate.best

    @property
    def alternative(self) -> ActionEstimate | None:
        """The best move other than the one played."""
        return self.estimate.alternative

    @property
    def before(self) -> float:
        """The seat's estimated win chance before the move (with the best move)."""
        return self.estimate.before

    @property
    def after(self) -> float:
        """The seat's estimated win chance after the move played."""
        return self.estimate.after

    @property
    def loss(self) -> float:
        """The win chance given away by the move played: from the search's rating of it, or from
        :attr:`followed` where the seat's next decision, right after, rated the position it led to higher."""
        if self.followed is None:
            return self.estimate.loss
        return max(0.0, self.estimate.before - max(self.estimate.after, self.followed))

    def to_json(self) -> dict[str, JSONValue]:
        """JSON form."""
        return {"number": self.number, "ply": self.ply, "seat": self.seat, "prompt": self.prompt,
                "choices": self.choices, "estimate": self.estimate.to_json(), "mark": self.mark,
                "hindsight": None if self.hindsight is None else self.hindsight.to_json(), "seconds": self.seconds,
                "cpu_seconds": self.cpu_seconds, "followed": self.followed}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MoveReview:
        """From :meth:`to_json` output."""
        hindsight = data.get("hindsight")
        mark = data.get("mark")
        return cls(int(data["number"]), int(data["ply"]), int(data["seat"]), str(data["prompt"]),
                   int(data["choices"]), Evaluation.from_json(data["estimate"]),
                   None if mark is None else str(mark),
                   None if hindsight is None else Evaluation.from_json(hindsight), float(data.get("seconds", 0.0)),
                   float(data.get("cpu_seconds", 0.0)),
                   None if data.get("followed") is None else float(data["followed"]))


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of one seat's decisions in one game.

    ``bot`` is the search's spec (a fixed budget, so the review is repeatable), ``iterations`` its budget
    a decision in ``unit``s (``iterations`` of ``ismcts``, or ``samples`` of a ``lookahead``, each trying
    the moves it weighs and the one played), ``moves`` the decisions with two or more legal actions (swaps of
    secrets aside), in the order played. ``finished`` says whether the game was over. ``seconds`` is the
    review's time (left out of comparisons).
    """

    game_id: str
    players: int
    seat: int
    bot: str
    iterations: int
    hindsight: bool
    finished: bool
    moves: tuple[MoveReview, ...]
    seconds: float = field(default=0.0, compare=False)
    unit: str = "iterations"

    @property
    def budget_words(self) -> str:
        """The search's budget in words: ``2500 iterations a decision``, or ``32 samples a decision, each
        trying the moves worth trying and the one played``."""
        if self.unit == "samples":
            return f"{self.iterations} samples a decision, each trying the moves worth trying and the one played"
        return f"{self.iterations} iterations a decision"

    def marks(self) -> dict[str, int]:
        """How many decisions got each mark, from the worst (every mark listed, 0 included)."""
        return {name: sum(1 for move in self.moves if move.mark == name) for name in MARKS}

    @property
    def average_loss(self) -> float:
        """The mean win chance given away per reviewed decision (0 with no decision)."""
        return sum(move.loss for move in self.moves) / len(self.moves) if self.moves else 0.0

    @property
    def decided_from(self) -> tuple[int, int] | None:
        """``(number, percent)``: the first decision of the run that ends the review in which every decision
        stood at that same 0% (or 100%) before and after its move, as the figures are shown (rounded), when the
        run is :data:`DECIDED_RUN` decisions or more; else None. A lost game's last thirty rows all read
        "0% -> 0%": said once, with this, a reader knows why."""
        def settled(move: MoveReview) -> int | None:
            before, after = round(move.before * 100), round(move.after * 100)
            return before if before == after and before in (0, 100) else None

        last = settled(self.moves[-1]) if self.moves else None
        if last is None:
            return None
        first = len(self.moves) - 1
        while first > 0 and settled(self.moves[first - 1]) == last:
            first -= 1
        return (self.moves[first].number, last) if len(self.moves) - first >= DECIDED_RUN else None

    @property
    def iterations_per_second(self) -> float:
        """The searches' speed on one core: iterations (or samples: :attr:`unit`) over the processor time the
        searches used (0 if nothing was searched; on a busy machine the wall-clock time is longer, not the
        processor time)."""
        searched = sum(move.cpu_seconds for move in self.moves)
        total = sum(move.estimate.iterations + (move.hindsight.iterations if move.hindsight else 0)
                    for move in self.moves)
        return total / searched if searched > 0 else 0.0

    def to_json(self) -> dict[str, JSONValue]:
        """JSON form (with the summary: ``marks`` and ``average_loss``)."""
        return {"game": self.game_id, "players": self.players, "seat": self.seat, "bot": self.bot,
                "iterations": self.iterations, "hindsight": self.hindsight, "finished": self.finished,
                "moves": [move.to_json() for move in self.moves], "seconds": self.seconds,
                "marks": dict(self.marks()), "average_loss": self.average_loss, "unit": self.unit,
                "decided_from": None if (decided := self.decided_from) is None
                else {"number": decided[0], "percent": decided[1]}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameReview:
        """From :meth:`to_json` output (the summary fields are recomputed, not read)."""
        return cls(str(data["game"]), int(data["players"]), int(data["seat"]), str(data["bot"]),
                   int(data["iterations"]), bool(data["hindsight"]), bool(data["finished"]),
                   tuple(MoveReview.from_json(move) for move in data["moves"]), float(data.get("seconds", 0.0)),
                   str(data.get("unit", "iterations")))


@dataclass(frozen=True, slots=True)
class Hint:
    """The search's advice for a decision now: the action it rates best, with its words and its estimated
    win chance, and the next best actions (best first)."""

    seat: int
    prompt: str
    action: str
    label: str
    chance: float
    visits: int
    alternatives: tuple[ActionEstimate, ...]
    iterations: int
    seconds: float = field(default=0.0, compare=False)
    #: What ``iterations`` counts: ``iterations`` (ismcts) or ``samples`` (a lookahead).
    unit: str = "iterations"

    def to_json(self) -> dict[str, JSONValue]:
        """JSON form."""
        return {"seat": self.seat, "prompt": self.prompt, "action": self.action, "label": self.label,
                "chance": self.chance, "visits": self.visits,
                "alternatives": [each.to_json() for each in self.alternatives], "iterations": self.iterations,
                "seconds": self.seconds, "unit": self.unit}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hint:
        """From :meth:`to_json` output."""
        return cls(int(data["seat"]), str(data["prompt"]), str(data["action"]), str(data["label"]),
                   float(data["chance"]), int(data["visits"]),
                   tuple(ActionEstimate.from_json(each) for each in data["alternatives"]), int(data["iterations"]),
                   float(data.get("seconds", 0.0)), str(data.get("unit", "iterations")))


# ---------------------------------------------------------------------------------------------- the bot


def review_spec(game_id: str, bot: str = "expert", iterations: int | None = None) -> str:
    """The search spec a review (or a hint) runs for ``bot`` in ``game_id``: a spec of a bot that rates every
    move (``ismcts``, or a ``lookahead`` bot) with a fixed budget and no time limit, so that the same game
    gives the same review on any machine.

    ``bot`` is a level (``expert``: the spec it stands for in this game) or an ``ismcts:...`` or
    ``lookahead:...`` spec. Where the game's expert is a ``lookahead`` (Knights and Ninjas, Ninja Trap,
    Ninjato: each move tried on samples of the seat's view against a table of heuristic players), that is
    the review's search, with at least :data:`REVIEW_MIN_SAMPLES` samples so that a mark can be given. A
    level or bot that rates nothing (``hard``: a heuristic; ``random``, ``forgetful``) falls back to ``ismcts``
    with :data:`FALLBACK_ITERATIONS`. ``seconds=`` is dropped (a time budget gives a different review on a
    slower machine); ``iterations`` overrides the budget (a ``lookahead``'s samples). A bad spec raises
    :class:`OptionError`.
    """
    mapped = level_of(game_id, bot)
    if mapped is None:
        # A level's own spec written out (``heuristic``, which ``hard`` plays) is that level.
        mapped = next((spec for level in LEVELS if (spec := level_of(game_id, level)) == bot), None)
    spec = mapped if mapped is not None else bot
    name, params = parse_bot_spec(spec)
    if name not in (IsmctsBot.name, LOOKAHEAD):
        # Any bot of the game that plays without a search (a level, or a spec such as heuristic:depth=0 or
        # forgetful) rates nothing: the review's search rates its moves, whatever way it is written. A spec
        # that names no bot of the game is refused, saying why.
        make_bot(spec, game_id)
        name, params = IsmctsBot.name, {"iterations": str(FALLBACK_ITERATIONS)}
    params.pop("seconds", None)
    key = _budget_key(name)
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise OptionError(f"a review's iterations must be a whole number of at least 1, not {quote(iterations)}")
        params[key] = str(iterations)
    elif name == LOOKAHEAD:
        # Every move is tried in every sample, so a mark (MIN_VISITS) needs that many samples at least.
        factory = available_bots(game_id).get(name)
        default = bot_defaults(factory).get(key, "") if factory is not None else ""
        given = params.get(key, default)
        # (Anything else, and 0, is left for make_bot to refuse, saying why.)
        if given.strip().isdigit() and int(given) >= 1:
            params[key] = str(max(REVIEW_MIN_SAMPLES, int(given)))
    if params.get(key, "auto").strip().lower() in ("auto", "none"):
        params[key] = str(DEFAULT_ITERATIONS)
    text = format_bot_spec(name, params)
    built = make_bot(text, game_id)  # raises OptionError naming what is wrong
    if not callable(getattr(built, "search", None)):
        raise OptionError(f"a review needs a search that rates every move; {quote(text)} does not in {game_id}")
    return text


def review_budget(spec: str) -> tuple[int, str]:
    """A review spec's budget a decision and its unit: ``(2500, "iterations")`` for ``ismcts``, ``(128,
    "samples")`` for a ``lookahead`` (each sample tries the moves it weighs)."""
    name, params = parse_bot_spec(spec)
    key = _budget_key(name)
    return int(params[key]), key


def _budget_key(name: str) -> str:
    """The parameter that holds a review search's budget, which is also its unit: a ``lookahead``'s
    ``samples``, ``ismcts``'s ``iterations``."""
    return "samples" if name == LOOKAHEAD else "iterations"


def _search_bot(game_id: str, spec: str, seed: int, memory: Sequence[JSONValue]) -> Any:
    bot: Any = make_bot(spec, game_id, seed)  # an IsmctsBot or a lookahead: both have ``search``
    assert callable(getattr(bot, "search", None)), spec
    bot.memory = list(memory)
    return bot


def _catch_up(bot: Any, state: GameState[Any], seat: int) -> None:
    """What a bot reads of the game beyond its notes (Ninja Trap's lookahead: where the rivals' plays say
    their traps cannot be), as it would have read it playing the seat: from the seat's own views, before
    each of its past actions (:meth:`Bot.recall`). Its notes are already set, so they are not taken twice."""
    recall = getattr(type(bot), "recall", None)
    if recall is None or recall is NotingBot.recall:
        return  # nothing to read beyond the notes
    notes = list(bot.memory)
    bot.memory = []
    recall_bots(state, {seat: bot})
    bot.memory = notes


def memory_before(game: GameState[Any], seat: int) -> list[list[JSONValue]]:
    """What ``seat`` remembers before each action of ``game``'s record: the :meth:`GameState.memo` notes of
    its own earlier actions (a careful player's memory: Ninja Trap's own traps), as a list per ply plus one
    for the position now."""
    record = game.record
    state = type(game).replay(Record(record.game, record.players, dict(record.options), record.seed, record.start,
                                     []))
    notes: list[JSONValue] = []
    before: list[list[JSONValue]] = []
    for actor, action in record.actions:
        before.append(list(notes))
        if actor == seat:
            note = state.memo(seat, action)
            if note is not None:
                notes.append(note)
        state.apply(actor, action)
    before.append(list(notes))
    return before


# ---------------------------------------------------------------------------------------------- rating


def _estimates(state: GameState[Any], seat: int, report: SearchReport,
               names: Mapping[int, str]) -> tuple[ActionEstimate, ...]:
    """Every action the search tried, rated and worded, most visited first (then the better, then legal order)."""
    labels = state.labels(seat)
    order = {action: index for index, action in enumerate(labels)}
    rated = [ActionEstimate(action, with_names(labels.get(action, action), names), stat.mean, stat.visits,
                            stat.gap_error)
             for action, stat in report.root.items() if stat.visits > 0]
    rated.sort(key=lambda each: (-each.visits, -each.chance, order.get(each.action, len(order))))
    return tuple(rated)


def rearranges(state: GameState[Any], seat: int, action: str) -> bool:
    """Whether ``action`` is one of ``seat``'s free rearrangements now (Ninjitsu!'s swap of two of its secrets,
    "at any time"), whether or not it is also among the decision's legal actions. A review does not rate one,
    and no advice names one: a swap within a turn leaves the same decision open, so the search rates it as the
    best move after it, plus the luck of the best of many estimates; a hint that named it would name the
    swap back once it is made."""
    return free_form(state, seat, action) is not None


def _advisable(state: GameState[Any], seat: int, rated: tuple[ActionEstimate, ...],
               played: str | None = None) -> tuple[ActionEstimate, ...]:
    """``rated`` without the seat's free rearrangements (:func:`rearranges`), but the move ``played``; all of it
    if nothing else is left."""
    kept = tuple(each for each in rated if each.action == played or not rearranges(state, seat, each.action))
    return kept or rated


def _trusted(estimate: ActionEstimate, iterations: int) -> bool:
    return estimate.visits >= max(MIN_VISITS, BEST_MIN_SHARE * iterations)


def _evaluate(rated: tuple[ActionEstimate, ...], played: str, iterations: int) -> Evaluation:
    """The move played, the best move and the best alternative, from the search's ratings."""
    mine = next(each for each in rated if each.action == played)
    # The move played is always a candidate: the focused search gave it a quarter of the iterations.
    trusted = [each for each in rated if each.action == played or _trusted(each, iterations)]
    # The highest estimate among the well searched moves (``rated`` is most visited first: ties go to it).
    best = max(trusted, key=lambda each: each.chance)
    others = [each for each in trusted if each.action != played] or [each for each in rated if each.action != played]
    alternative = max(others, key=lambda each: each.chance) if others else None
    named = {mine.action, best.action, *([alternative.action] if alternative else [])}
    kept = tuple(each for index, each in enumerate(rated) if index < ACTIONS_KEPT or each.action in named)
    return Evaluation(mine, best, alternative, iterations, kept)


def clear_loss(evaluation: Evaluation) -> bool:
    """Whether the move played surely gave win chance away: both it and the best move searched at least
    :data:`MIN_VISITS` times, and a loss beyond :data:`CONFIDENCE_Z` standard errors of the difference of
    their estimates. Where the search tried every move on the same samples (a lookahead), that error is
    the paired one, sample by sample (``gap_error``); else each estimate's variance is bounded by
    ``p(1 - p) / visits``, the largest a reward from 0 to 1 with mean ``p`` can have."""
    loss = evaluation.loss
    played, best = evaluation.played, evaluation.best
    if loss <= 0 or played.visits < MIN_VISITS or best.visits < MIN_VISITS:
        return False
    if played.gap_error is not None and best.gap_error == 0.0:
        error = played.gap_error  # the best move is the one the gaps were measured from
    else:
        error = math.sqrt(played.chance * (1 - played.chance) / played.visits
                          + best.chance * (1 - best.chance) / best.visits)
    return loss >= CONFIDENCE_Z * error


def mark_for(evaluation: Evaluation) -> str | None:
    """The mark a decision gets, or ``None``: a loss the search is sure of (:func:`clear_loss`) of at least
    the mark's threshold (:data:`MARK_THRESHOLDS`)."""
    if not clear_loss(evaluation):
        return None
    loss = evaluation.loss
    return next((name for name, threshold in MARK_THRESHOLDS if loss >= threshold), None)


# ---------------------------------------------------------------------------------------------- jobs


@dataclass(frozen=True, slots=True)
class _Job:
    """One decision to review, as a worker needs it (it pickles: it travels to worker processes and Ray)."""

    index: int
    game: str
    players: int
    options: dict[str, Any]
    seed: int | None
    start: str | None
    actions: tuple[tuple[int, str], ...]
    seat: int
    played: str
    memory: tuple[JSONValue, ...]
    spec: str
    bot_seed: int
    hindsight: bool


@dataclass(frozen=True, slots=True)
class _Outcome:
    index: int
    prompt: str
    choices: int
    estimate: Evaluation
    hindsight: Evaluation | None
    seconds: float
    cpu_seconds: float


def _review_job(job: _Job) -> _Outcome:
    """Review one decision: rebuild the position, search the seat's view (and the truth for hindsight)."""
    started, cpu = time.perf_counter(), time.process_time()
    state = game_class(job.game).replay(Record(job.game, job.players, dict(job.options), job.seed, job.start,
                                               list(job.actions)))
    decision = state.decision(job.seat)
    assert decision is not None, "a reviewed decision is one the seat had"
    bot = _search_bot(job.game, job.spec, job.bot_seed, job.memory)
    _catch_up(bot, state, job.seat)
    report = bot.search(SeatView(state, job.seat), focus=job.played)
    rated = _advisable(state, job.seat, _estimates(state, job.seat, report, {}), job.played)
    estimate = _evaluate(rated, job.played, report.iterations)
    truth: Evaluation | None = None
    if job.hindsight:
        seer = _search_bot(job.game, job.spec, job.bot_seed, ())
        report = seer.search(TruthView(state, job.seat), focus=job.played)
        rated = _advisable(state, job.seat, _estimates(state, job.seat, report, {}), job.played)
        truth = _evaluate(rated, job.played, report.iterations)
    return _Outcome(job.index, decision.prompt, len(state.legal_actions(job.seat)), estimate, truth,
                    time.perf_counter() - started, time.process_time() - cpu)


def _named_estimate(estimate: ActionEstimate, names: Mapping[int, str]) -> ActionEstimate:
    return replace(estimate, label=with_names(estimate.label, names))


def _named(evaluation: Evaluation, names: Mapping[int, str]) -> Evaluation:
    if not names:
        return evaluation
    return Evaluation(_named_estimate(evaluation.played, names), _named_estimate(evaluation.best, names),
                      None if evaluation.alternative is None else _named_estimate(evaluation.alternative, names),
                      evaluation.iterations, tuple(_named_estimate(each, names) for each in evaluation.actions))


def _as_record(record: Record | GameState[Any]) -> Record:
    if isinstance(record, GameState):
        return record.record.copy()
    if not isinstance(record, Record):
        raise SaveError(f"a review needs a game's record (or the game), not {quote(record)}")
    return record.copy()


def review_record(record: Record | GameState[Any], seat: int, *, bot: str = "expert", workers: int | None = 1,
                  ray: str | None = None, hindsight: bool = False, on_move: ProgressCallback | None = None,
                  iterations: int | None = None, names: Mapping[int, str] | None = None,
                  seed: int = 0, on_decision: DecisionCallback | None = None) -> GameReview:
    """Review every decision of ``seat`` with two or more legal actions (swaps of its secrets aside) in a game
    (finished or not).

    ``record`` is the game's :class:`~ninjadojo.engine.state.Record` (or the game itself). Each decision
    is rated by the search :func:`review_spec` gives for ``bot`` (and ``iterations``), run on the seat's
    own view just before it played (never the true state), remembering what the seat noted of its own
    earlier actions. ``hindsight`` adds a second search of the same budget on the true position: only for a
    finished game (:class:`OptionError` otherwise), since a game in progress must keep its cards hidden.
    ``names`` puts the table's names in the words (:func:`~ninjadojo.table.names.with_names`); ``seed`` is
    the search's seed. ``workers`` processes (or Ray tasks, with ``ray`` an address as ``dojo sim --ray``
    takes) review the decisions in parallel, with the same results as one. ``on_move(done, total)`` is
    called with ``done == 0`` once the worker processes are started (a progress bar may start its thread
    there: forking a process that runs threads is unsafe), then after each decision. ``on_decision(move)`` is
    called with each decision's :class:`MoveReview`, in the game's order, as soon as it and the next are
    reviewed (the next may rate it: :func:`with_followed`), so that a front end can show the rows as they
    come rather than after a minute of a bar alone, and a row shown is the review's own. Ctrl-C raises
    ``KeyboardInterrupt`` once the workers are stopped. Bad input raises a :class:`~ninjadojo.engine.DojoError`
    (:class:`OptionError` for a bad seat or spec, :class:`SaveError` for a record that does not replay).
    """
    from ninjadojo.sim.parallel import run_jobs  # a driver of many jobs: imported when a review runs

    started = time.perf_counter()
    rec = _as_record(record)
    cls = game_class(rec.game)
    game = cls.replay(rec)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.num_players:
        raise OptionError(f"seat {quote(seat)} is not a seat of this {game.num_players}-player game "
                          f"(seats are 0 to {game.num_players - 1})")
    if hindsight and not game.is_terminal:
        raise OptionError("hindsight shows the hidden cards, so it is only for finished games; this game is still "
                          "in progress (review it without hindsight)")
    spec = review_spec(rec.game, bot, iterations)
    budget, unit = review_budget(spec)
    memory = memory_before(game, seat)
    jobs: list[_Job] = []
    plies: list[int] = []
    state = cls.replay(Record(rec.game, rec.players, dict(rec.options), rec.seed, rec.start, []))
    for ply, (actor, action) in enumerate(rec.actions):
        # A rearranging of secrets (free, or a swap within a turn's allowance) is no decision to rate: the
        # decision it leaves open is rated where the seat made it (:func:`rearranges`); nor is a decision
        # with one thing to do but for such swaps.
        if (actor == seat and not rearranges(state, seat, action)
                and sum(not rearranges(state, seat, each) for each in state.legal_actions(seat)) >= 2):
            jobs.append(_Job(len(jobs), rec.game, rec.players, dict(rec.options), rec.seed, rec.start,
                             tuple(rec.actions[:ply]), seat, action, tuple(memory[ply]), spec, seed, hindsight))
            plies.append(ply)
        state.apply(actor, action)
    total = len(jobs)
    table = dict(names or {})
    reviewed: dict[int, MoveReview] = {}

    def move_of(outcome: _Outcome) -> MoveReview:
        estimate = _named(outcome.estimate, table)
        truth = None if outcome.hindsight is None else _named(outcome.hindsight, table)
        return MoveReview(outcome.index + 1, plies[outcome.index], seat, with_names(outcome.prompt, table),
                          outcome.choices, estimate, mark_for(outcome.estimate), truth, outcome.seconds,
                          outcome.cpu_seconds)

    def begun() -> None:
        if on_move is not None:
            on_move(0, total)

    final: list[MoveReview] = []  # the first decisions, in the game's order, as the review gives them

    def heard(outcome: _Outcome) -> None:
        reviewed[outcome.index] = move_of(outcome)
        # Each decision made final once the next one is in too, since it may be rated from that one
        # (with_followed); then told, so that a row a front end shows never changes.
        while (shown := len(final)) in reviewed and (shown + 1 in reviewed or shown == total - 1):
            final.append(with_followed([reviewed[index] for index in (shown, shown + 1) if index in reviewed])[0])
            if on_decision is not None:
                on_decision(final[-1])
        if on_move is not None:
            on_move(len(reviewed), total)

    run = run_jobs(_review_job, jobs, workers, on_result=heard, on_start=begun, ray=ray)
    if run.interrupted:
        raise KeyboardInterrupt
    # ``heard`` saw every result (run_jobs calls it for each), and made each final in the game's order.
    return GameReview(rec.game, rec.players, seat, spec, budget, hindsight, game.is_terminal, tuple(final),
                      time.perf_counter() - started, unit)


def with_followed(moves: Sequence[MoveReview]) -> list[MoveReview]:
    """``moves`` (one seat's, in the game's order), each one that lost win chance whose next decision of the
    seat comes right after it (the next action of the game) and rates the position higher than this one's
    search rated the move played, with that rating as its :attr:`~MoveReview.followed`, its loss counted from
    it and its mark lowered to match (never raised).

    A search plays a move's sequel with its play-out policy (a lookahead's heuristic players): where the
    seat itself decides next, the next decision's search finds a better sequel than that policy, and
    rates the position the move led to higher. Ninjato's fight, then whether to press on: the fight was
    rated 42% with the heuristic retreating after it, and "give up" (53%) called a mistake, while the next
    decision, right after the fight, found 50% in calling Banzai. Only lowered: the next decision's view
    may hold news (a card drawn), and luck is no reason to mark a move.
    """
    result = list(moves)
    for number, (move, following) in enumerate(pairwise(moves)):
        if following.ply != move.ply + 1 or following.before <= move.after or move.estimate.loss <= 0:
            continue  # (not right after, rated no higher, or nothing lost to count again)
        kept = replace(move, followed=following.before)
        mark = None
        if move.mark is not None:
            mark = next((name for name, threshold in MARK_THRESHOLDS if kept.loss >= threshold), None)
        result[number] = replace(kept, mark=mark)
    return result


def hint(game_state: GameState[Any], seat: int, *, bot: str = "expert", seed: int = 0, iterations: int | None = None,
         names: Mapping[int, str] | None = None, memory: Sequence[JSONValue] | None = None) -> Hint:
    """The search's advice for ``seat``'s decision now in ``game_state``, from the seat's view only.

    The action rated best among those the search tried enough to trust (the bot's own choice where none is),
    its words and estimated win chance, and up to :data:`HINT_ALTERNATIVES` next best, best first, none rated
    higher than it. ``memory`` is what the seat noted of its own earlier actions; by default it is rebuilt
    from the game's record (as a careful player remembers). Raises :class:`OptionError` when the seat has
    nothing to decide.
    """
    started = time.perf_counter()
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game_state.num_players:
        raise OptionError(f"seat {quote(seat)} is not a seat of this {game_state.num_players}-player game "
                          f"(seats are 0 to {game_state.num_players - 1})")
    decision = game_state.decision(seat)
    if decision is None:
        raise OptionError(f"seat {seat} has nothing to decide now, so there is no hint to give")
    spec = review_spec(game_state.game_id, bot, iterations)
    notes = memory_before(game_state, seat)[-1] if memory is None else list(memory)
    searcher = _search_bot(game_state.game_id, spec, seed, notes)
    _catch_up(searcher, game_state, seat)
    report = searcher.search(SeatView(game_state, seat))
    table = dict(names or {})
    rated = _advisable(game_state, seat, _estimates(game_state, seat, report, table))
    # The move rated best among those searched enough to trust, as a review names "the best found": a hint that
    # advised the bot's own habit (a lookahead keeps to its heuristic's move unless another is surely better)
    # would show a next best rated higher, and a review of the same move would disagree with it.
    trusted = [each for each in rated if _trusted(each, report.iterations)]
    if trusted:
        top = max(trusted, key=lambda each: each.chance)  # ``rated`` is most visited first: ties go to it
        others = sorted((each for each in trusted if each is not top), key=lambda each: -each.chance)
    else:  # too small a budget to trust any estimate: the move the bot would play, the rest as tried
        top = next((each for each in rated if each.action == report.choice), rated[0])
        # ... but never a "next best" rated higher than the advice (a move tried once or twice, by luck).
        others = [each for each in rated if each is not top and each.chance <= top.chance]
    return Hint(seat, with_names(decision.prompt, table), top.action, top.label, top.chance, top.visits,
                tuple(others[:HINT_ALTERNATIVES]), report.iterations, time.perf_counter() - started,
                review_budget(spec)[1])
