"""What a review says, and the rules it marks decisions by: the values (:class:`ActionEstimate`,
:class:`Evaluation`, :class:`MoveReview`, :class:`GameReview`, :class:`Hint`), each JSON-able, and the marks
(:func:`clear_loss`, :func:`mark_for`, :func:`with_followed`). How a review is computed is
:mod:`ninjadojo.review.core`; :mod:`ninjadojo.review` tells the whole story."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

from ninjadojo.engine.jsonvalue import JSONValue

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
#: The most actions an :class:`Evaluation` keeps (besides the move played, the best and the alternative).
ACTIONS_KEPT = 10
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
        return self.alternative is not None and well_searched(self.alternative, self.iterations)

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


def well_searched(estimate: ActionEstimate, iterations: int) -> bool:
    """Whether an action was searched enough to trust its estimate: :data:`MIN_VISITS` visits, and at least
    :data:`BEST_MIN_SHARE` of the ``iterations``."""
    return estimate.visits >= max(MIN_VISITS, BEST_MIN_SHARE * iterations)


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
