"""How a review is computed (:func:`review_record`, :func:`hint`): the search's bot, its budget and the jobs.
What a review says, and the marks, are :mod:`ninjadojo.review.values`. See :mod:`ninjadojo.review` for the
whole story."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
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
from ninjadojo.review.values import (
    ACTIONS_KEPT,
    ActionEstimate,
    Evaluation,
    GameReview,
    Hint,
    MoveReview,
    mark_for,
    well_searched,
    with_followed,
)
from ninjadojo.table.names import with_names
from ninjadojo.table.session import recall_bots

#: The iterations of a review's search when the level asked for rates nothing (``hard``: a heuristic):
#: the generic expert budget (:data:`FALLBACK_LEVELS`).
FALLBACK_ITERATIONS = int(parse_bot_spec(FALLBACK_LEVELS["expert"])[1].get("iterations", DEFAULT_ITERATIONS))
#: The name of the bots that try every move on samples of the seat's view (the expert of Knights and Ninjas,
#: Ninja Trap and Ninjato): a review may rate with them.
LOOKAHEAD = "lookahead"
#: The fewest samples a ``lookahead`` review draws when no budget is given (a mark needs MIN_VISITS of them).
REVIEW_MIN_SAMPLES = 32
#: The most alternatives a :class:`Hint` lists.
HINT_ALTERNATIVES = 3

ProgressCallback = Callable[[int, int], None]
#: Called with each decision as soon as it is reviewed (see :func:`review_record`).
DecisionCallback = Callable[["MoveReview"], None]


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


def _evaluate(rated: tuple[ActionEstimate, ...], played: str, iterations: int) -> Evaluation:
    """The move played, the best move and the best alternative, from the search's ratings."""
    mine = next(each for each in rated if each.action == played)
    # The move played is always a candidate: the focused search gave it a quarter of the iterations.
    trusted = [each for each in rated if each.action == played or well_searched(each, iterations)]
    # The highest estimate among the well searched moves (``rated`` is most visited first: ties go to it).
    best = max(trusted, key=lambda each: each.chance)
    others = [each for each in trusted if each.action != played] or [each for each in rated if each.action != played]
    alternative = max(others, key=lambda each: each.chance) if others else None
    named = {mine.action, best.action, *([alternative.action] if alternative else [])}
    kept = tuple(each for index, each in enumerate(rated) if index < ACTIONS_KEPT or each.action in named)
    return Evaluation(mine, best, alternative, iterations, kept)


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
    trusted = [each for each in rated if well_searched(each, report.iterations)]
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
