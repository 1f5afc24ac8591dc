"""The findings a report's summary states in sentences, and whether they hold when read together.

A player count's fairness and length (:func:`count_sentence`), the features with the largest win-rate
differences (:func:`feature_sentence`), and, for a compared rule's figures as for the features, which of
the differences that look measurable alone still hold when all of them are read together (Holm's
correction: :func:`maybe_luck`): each figure alone at 95% lets about one in twenty look measurable by luck.
:mod:`ninjadojo.report.render` lays these sentences out with the rest of the report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninjadojo.engine.words import listing
from ninjadojo.report.plots import feature_label, is_control, top_and_bottom
from ninjadojo.report.stats import holm
from ninjadojo.report.text import (
    Change,
    Inline,
    Span,
    _interval_of,
    _is_number,
    describe_change,
    direction,
    number,
    percent,
    percent_places,
    value_text,
)


def fair_share(row: Mapping[str, Any], players: int) -> float:
    """A seat's fair win rate at this player count: 1/P of the games that finished (the report's
    ``fair_share``; 1/P for data written before it existed)."""
    value: Any = row.get("fair_share")
    return float(value) if _is_number(value) else 1 / players


def most_unfair(row: Mapping[str, Any], players: int) -> tuple[Mapping[str, Any], bool] | None:
    """The seat whose win rate is furthest from the fair share, and whether its interval excludes it."""
    seats = [seat for seat in row.get("seats") or [] if _is_number(seat.get("win_rate"))]
    if not seats:
        return None
    fair = fair_share(row, players)
    seat = max(seats, key=lambda each: (abs(float(each["win_rate"]) - fair), -int(each["seat"])))
    interval = _interval_of(seat.get("ci95"))
    return seat, interval is not None and not interval[0] <= fair <= interval[1]


def all_stopped(row: Mapping[str, Any]) -> bool:
    """Whether every game of a player count's ``row`` was stopped at the maximum length: nobody won any, so
    no win rate (a seat's, a bot's, a card's) measures anything."""
    games: Any = row.get("games")
    truncated: Any = row.get("truncated")
    return _is_number(games) and games > 0 and _is_number(truncated) and truncated >= games


#: What to do about a player count whose every game was stopped at the maximum length.
ALL_STOPPED_WORDS = ("so nobody won and no win rate can be measured: give the games room to finish (a higher "
                     "--max-actions, the option max_length)")


def count_sentence(row: Mapping[str, Any], players: int, label: str | None) -> list[Inline]:
    """One player count in a sentence or two: the least fair seat, the length, games stopped at the limit."""
    where = f"At {players} players" + (f" with {label}" if label else "")
    if not row.get("games"):
        return [f"{where}, no game has been played yet."]
    if all_stopped(row):
        # Else "no seat's win rate differs measurably from a fair 0%": true to the letter, and no use.
        mean: Any = (row.get("length") or {}).get("mean")
        last = f" (after {number(float(mean), 0)} actions on average)" if _is_number(mean) else ""
        return [f"{where}, ", Span(f"every game ({number(row['games'])}) was stopped at the maximum length{last}",
                                   "strong"), f", {ALL_STOPPED_WORDS}."]
    parts: list[Inline] = []
    unfair = most_unfair(row, players)
    fair = f"{fair_share(row, players):.0%}"
    if unfair is not None:
        seat, measurable = unfair
        reference = fair_share(row, players)
        rate = percent(seat["win_rate"], seat.get("ci95"), reference=reference)
        # The fair share with as many decimals as the rate beside it: "a fair 33.3%" by "36.6% (33.2-40.0%)".
        fair = f"{reference * 100:.{percent_places(seat.get('ci95'), reference)}f}%"
        if measurable:
            parts += [f"{where}, ", Span(f"seat {seat['seat']} wins {rate}", "strong"),
                      f" of games against a fair {fair}"]
        else:
            parts.append(f"{where}, no seat's win rate differs measurably from a fair {fair}: the furthest, seat "
                         f"{seat['seat']}, wins {rate}")
    else:
        parts.append(where)
    length = row.get("length") or {}
    quantiles = length.get("quantiles") or {}
    if _is_number(length.get("mean")):
        spread = ""
        if _is_number(quantiles.get("p10")) and _is_number(quantiles.get("p90")):
            spread = f" (p10-p90 {number(quantiles['p10'], 0)}-{number(quantiles['p90'], 0)})"
        parts.append(f"; games last {number(float(length['mean']), 0)} actions{spread}")
    truncated = row.get("truncated")
    if _is_number(truncated) and truncated:
        share = float(truncated) / float(row["games"])
        parts.append(f"; {number(truncated)} games ({share:.1%}) were stopped at the maximum length with no winner")
    parts.append(".")
    return parts


#: How the feature impact is measured, in words a designer reads (report.json's ``feature_method``).
FEATURE_METHOD_WORDS = ("a seat with the feature is compared only with seats that made as many decisions as it did, "
                        "because a seat that lasts longer plays and holds more cards whether or not they help")


def several_bot_specs(data: Mapping[str, Any]) -> list[str]:
    """The distinct bot specs of a report when there are several (none when one bot holds every seat)."""
    bots = data.get("bots")
    specs = list(dict.fromkeys(value_text(spec) for spec in bots)) if isinstance(bots, list | tuple) else []
    return specs if len(specs) > 1 else []


#: What a feature's difference also measures when several bots share the seats (nothing adjusts for which).
SEVERAL_BOTS_WORDS = ("nothing adjusts for which bot held a seat, so a card one bot plays or keeps more often than "
                      "another takes on that bot's win rate")


def feature_sentence(row: Mapping[str, Any], players: int, several_bots: bool = False,
                     label: str | None = None) -> list[Inline] | None:
    """The feature with the largest and the one with the smallest difference, those whose interval excludes
    zero, in a sentence; that none does when the game has features (None when it has none). Controls are
    yardsticks, never findings. ``several_bots``: the seats were held by different bots, which the
    differences also measure: the sentence says so. ``label``: the variant the row is of, named as
    :func:`count_sentence` names it (a report comparing rules)."""
    where = f"At {players} players" + (f" with {label}" if label else "")
    ranked = [feature for feature in top_and_bottom(row.get("features") or [], 1) if not is_control(feature)]
    if not ranked or all_stopped(row):
        return None  # (with no winner, the count's sentence says why nothing is measured)
    measurable = [feature for feature in ranked if direction(_interval_of(feature.get("ci95_difference"))) != "flat"]
    if not measurable:
        return [f"{where} no feature shows a measurable win-rate difference (each compared with "
                "seats that made as many decisions)."]
    caveat = f"; several bots share the seats and {SEVERAL_BOTS_WORDS}" if several_bots else ""
    shown = [change for feature in measurable if (change := _feature_change(players, feature)) is not None]
    said = [change.sentence.replace(f"{change.subject} ", f"{change.subject}: ", 1) for change in shown]
    return [f"{where} the features with the largest win-rate differences (each compared with "
            f"seats that made as many decisions{caveat}): " + "; ".join(said) + "."
            + _features_together(row, players, shown)]


def _feature_change(players: int, feature: Mapping[str, Any]) -> Change | None:
    """A feature's win-rate difference (with the seats that made as many decisions) as a :class:`Change`."""
    return describe_change(players, value_text(feature_label(feature)),
                           {"difference": feature.get("difference"), "ci95": feature.get("ci95_difference")},
                           100.0, "percentage points", "higher win rate", "lower win rate")


def _features_together(row: Mapping[str, Any], players: int, shown: Sequence[Change]) -> str:
    """Whether the features ``shown`` hold when all of ``row``'s features are read together (:func:`maybe_luck`,
    the controls left out): "" when fewer than two have an interval. A game's twenty features, each alone at
    95%, show one as measurable by luck in most reports."""
    every = [change for feature in row.get("features") or [] if not is_control(feature)
             if (change := _feature_change(players, feature)) is not None]
    tested = len(tested_changes(every))
    if tested < 2:
        return ""
    luck = maybe_luck(every)
    kept = [change for change in shown if change not in luck]
    read = f" Read with all {tested} features together (Holm's correction), "
    chance = f"of {tested} features, about {tested * 0.05:.1f} would look measurable by chance alone"
    if len(kept) == len(shown):
        return read + ("it holds." if len(kept) == 1 else "they hold.")
    if not kept:
        return read + ("it does not hold" if len(shown) == 1 else "none of them holds") + f": {chance}."
    names = listing([change.subject for change in kept])
    return read + f"only {names} {'holds' if len(kept) == 1 else 'hold'}: {chance}."



#: How a measurable change that does not hold with all the figures read together is marked.
MAYBE_LUCK = "may be luck: see below"


def tested_changes(changes: Sequence[Change]) -> list[Change]:
    """The changes read together: those that differ at all and have an interval (so a p-value)."""
    return [change for change in changes if not change.identical and change.p is not None]


def maybe_luck(changes: Sequence[Change]) -> set[Change]:
    """The measurable changes that do not hold when every figure that differs at all is read together (Holm's
    correction, at 95% for all of them at once). Each figure alone at 95% lets about one in twenty look
    measurable by luck: a designer reading ten figures would take one for the rule's effect every other
    report."""
    tested = tested_changes(changes)
    held = holm([change.p or 0.0 for change in tested])
    return {change for change, holds in zip(tested, held, strict=True) if change.measurable and not holds}


def together_words(tested: int, measurable: int, luck: int) -> str:
    """What reading the ``tested`` figures together says of the ``measurable`` changes (``luck`` of them not
    holding)."""
    said = (f"Of the {tested} figures that differ at all, about {tested * 0.05:.1f} would look measurable by chance "
            "alone. ")
    how = "when all of them are read together (Holm's correction, at 95% for the whole set)"
    if not luck:
        return said + (f"The change above holds {how}." if measurable == 1 else f"Every change above holds {how}.")
    if luck == measurable:
        return said + (f"No change above holds {how}: more games (--games) would tell whether "
                       f"{'it is' if measurable == 1 else 'they are'} the rule's.")
    return said + (f"Those marked \"may be luck\" do not hold {how}: more games (--games) would tell whether they "
                   "are the rule's; the others do.")
