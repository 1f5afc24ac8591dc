"""Game review: each decision of one seat rated by the search, from what that seat could know then.

A chess site rates every move of a finished game; in a game of hidden cards the fair question is "was this a
good move given what you could know then?". So each decision is rated by the game's expert (the ``ismcts``
search, or the ``lookahead`` that tries every move on samples) run on the seat's own view just before it
played (:class:`~ninjadojo.bots.SeatView`, never the true state), remembering what the seat noted of its own
earlier actions (its own traps in Ninja Trap: a careful player's memory). Optionally (finished games only) a
second, *hindsight* search of the same budget runs on the true position, "with the hidden cards shown".
docs/review.md explains the figures, the marks and the costs.

The public API (stable: the server's review endpoint and the browser's hints build on it)::

    from ninjadojo.review import review_record, hint

    review = review_record(game.record, seat=0)            # GameReview
    review = review_record(record, 0, bot="expert", workers=2, ray=None, hindsight=True,
                           on_move=lambda done, total: ..., iterations=None, names={0: "Ana"}, seed=0,
                           on_decision=lambda move: ...)        # each MoveReview as soon as it is done
    for move in review.moves:                              # MoveReview, in the order played
        move.number, move.ply, move.prompt, move.choices   # ply: index of the move in record.actions
        move.played.label, move.after                      # the move played and its win chance (0..1)
        move.best.label, move.before                       # the best move; before = the position's value
        move.alternative                                   # best move other than the one played, or None
        move.loss, move.mark                               # win chance given away; blunder/mistake/inaccuracy/None
        move.hindsight                                     # Evaluation on the true position, or None
    review.marks(), review.average_loss                    # the summary
    review.to_json(); GameReview.from_json(data)           # JSON-able (every value class has both)

    advice = hint(game, seat, bot="expert", seed=0)        # Hint: action, label, chance, visits, alternatives

- :class:`ActionEstimate` ``(action, label, chance, visits)``: one legal action as the search rated it:
  its text (notation, to apply it), its words for players, the seat's estimated win chance after it
  (the mean reward of the search: the win share, or at a cut-off an estimate from the scores), and the
  iterations that searched it.
- :class:`Evaluation` ``(played, best, alternative, iterations, actions)`` with ``before``, ``after``
  and ``loss``: what one search says of a decision (``actions``: the most searched actions, most visited
  first, at most :data:`ACTIONS_KEPT` besides the three named).
- :class:`MoveReview` ``(number, ply, seat, prompt, choices, estimate, mark, hindsight, seconds, cpu_seconds)``, with
  ``played``, ``best``, ``alternative``, ``before``, ``after`` and ``loss`` read from ``estimate``.
- :class:`GameReview` ``(game_id, players, seat, bot, iterations, hindsight, finished, moves, seconds, unit)``
  with ``marks()``, ``average_loss``, ``iterations_per_second`` and ``budget_words`` (``unit``:
  ``iterations`` of ``ismcts``, or ``samples`` of a ``lookahead``).
- :class:`Hint` ``(seat, prompt, action, label, chance, visits, alternatives, iterations, seconds)``.
- :func:`review_spec` the search a ``bot`` (level, ``ismcts:...`` or ``lookahead:...`` spec) stands for in a
  review, :func:`review_budget` its budget and unit;
  :func:`mark_for` the rule of the marks; :func:`memory_before` a seat's notes before each action.

The words (prompts, action labels) are the engine's words for players (``state.decision(seat).prompt``,
``state.labels(seat)``), with the table's names put in for ``P<n>`` when ``names`` is given.

Marks (:data:`MARK_THRESHOLDS`): a loss of 0.20 of win chance or more is a blunder, 0.10 a mistake,
0.05 an inaccuracy, and only when the search is confident (:func:`mark_for`): both moves searched at
least :data:`MIN_VISITS` times and the loss beyond 1.645 standard errors of the difference.

The search (:func:`review_spec`): the game's ``expert`` level's spec with its budget and without its
time limit (a review is repeatable: the same game, seat and budget give the same review on any machine,
on any number of workers). In Ninjitsu! and Ninja Camp it is ``ismcts``, and the move played is searched
in at least a quarter of the iterations (``IsmctsBot.search(view, focus=...)``), so its estimate is never
from a handful. In Knights and Ninjas, Ninja Trap and Ninjato the expert is a ``lookahead`` (every move
tried on each sample of the seat's view, played on by a table of heuristic players: the bot that beats
the heuristic there, where ``ismcts`` does not), with at least :data:`REVIEW_MIN_SAMPLES` samples; its
``search(view, focus=...)`` rates the move played too (Ninjato's tries only the heuristic's best few
moves, and the one played). A level that rates nothing (``hard``) falls back to ``ismcts`` with
:data:`FALLBACK_ITERATIONS`.
"""

from __future__ import annotations

from ninjadojo.review.core import (
    FALLBACK_ITERATIONS,
    HINT_ALTERNATIVES,
    REVIEW_MIN_SAMPLES,
    DecisionCallback,
    ProgressCallback,
    hint,
    memory_before,
    review_budget,
    review_record,
    review_spec,
)
from ninjadojo.review.values import (
    ACTIONS_KEPT,
    BEST_MIN_SHARE,
    CONFIDENCE_Z,
    MARK_THRESHOLDS,
    MARKS,
    MIN_VISITS,
    ActionEstimate,
    Evaluation,
    GameReview,
    Hint,
    MoveReview,
    mark_for,
)

__all__ = [
    "ACTIONS_KEPT",
    "BEST_MIN_SHARE",
    "CONFIDENCE_Z",
    "FALLBACK_ITERATIONS",
    "HINT_ALTERNATIVES",
    "MARKS",
    "MARK_THRESHOLDS",
    "MIN_VISITS",
    "REVIEW_MIN_SAMPLES",
    "ActionEstimate",
    "DecisionCallback",
    "Evaluation",
    "GameReview",
    "Hint",
    "MoveReview",
    "ProgressCallback",
    "hint",
    "mark_for",
    "memory_before",
    "review_budget",
    "review_record",
    "review_spec",
]
