"""The words of a report: the blocks its page and its Markdown are made of, numbers as a person reads them,
and the plain-language sentences of a comparison (:mod:`ninjadojo.report.render` builds the report from
these; :mod:`ninjadojo.report.formats` writes the blocks out as HTML and Markdown).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ninjadojo.engine.errors import DojoError
from ninjadojo.report.plots import has_interval
from ninjadojo.report.stats import p_from_interval

# --- blocks: what the page and the Markdown are made of ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Span:
    """Text with a style: ``up``/``down`` (a measurable change, by its sign), ``flat`` (none measurable),
    ``strong``, ``muted``."""

    text: str
    style: str = ""


Inline = str | Span


@dataclass(frozen=True, slots=True)
class Heading:
    """A section's title (level 1 to 3) and its anchor in the page."""

    level: int
    text: str
    anchor: str = ""


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph; ``style`` marks the summary (``lead``), a warning (``warning``) or a side note (``note``)."""

    parts: Sequence[Inline]
    style: str = ""


@dataclass(frozen=True, slots=True)
class Bullets:
    """A list, each item a sequence of inline parts."""

    items: Sequence[Sequence[Inline]]


@dataclass(frozen=True, slots=True)
class Table:
    """A table: a header, rows of cells, and which columns hold numbers (right-aligned)."""

    header: Sequence[str]
    rows: Sequence[Sequence[Inline]]
    numeric: frozenset[int] = field(default_factory=frozenset)
    caption: str = ""


@dataclass(frozen=True, slots=True)
class Image:
    """A figure in ``plots/`` with its description."""

    name: str
    alt: str


Block = Heading | Paragraph | Bullets | Table | Image


# --- numbers as a person reads them -------------------------------------------------------------------------------


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def decimals_for(width: float | None, magnitude: float = 0.0, digits: int = 2) -> int:
    """Decimals (0 to 3) that show an interval ``width`` wide to ``digits`` significant digits: a figure is
    given as precisely as it is known, no more.

    With no interval, from the value's own size: ``142``, ``14.2``, ``1.42``.
    """
    if width is not None and _is_number(width) and width > 0:
        return max(0, min(3, digits - 1 - math.floor(math.log10(width))))
    size = abs(magnitude)
    return 0 if size >= 100 else 1 if size >= 10 else 2


def clear_of(places: int, ends: tuple[float, float] | None, reference: float, most: int = 4) -> int:
    """``places``, or more (up to ``most``), so that no end of the interval ``ends`` that differs from
    ``reference`` reads as it once rounded: a win rate whose interval ends at 33.1% against a fair 33.3% must
    not read "24-33%", nor a difference from -0.2 to +16 read "0 to +16" beside one from +0.3 that does.
    Whether an interval holds the reference is what a reader looks for (and what the bold shows)."""
    if ends is None:
        return places
    while places < most and any(end != reference and round(end, places) == round(reference, places)
                                for end in ends):
        places += 1
    return places


def number(value: object, places: int | None = None) -> str:
    """A figure: whole numbers with thousands separators, others with ``places`` (or a suitable number of)
    decimals; ``-`` when missing."""
    if not _is_number(value):
        return "-"
    assert isinstance(value, int | float)
    if isinstance(value, int):
        return f"{value:,}"
    if places is None:
        places = decimals_for(None, value)
    text = f"{value:,.{places}f}"
    # -0.0001 to no decimals is "-0": a sign with nothing to say.
    return text[1:] if text.startswith("-") and not text.strip("-0.,") else text


def wins_text(value: object) -> str:
    """A number of wins: whole, or with the fraction shared wins leave (``12``, ``12.5``, ``12.33``)."""
    if not _is_number(value):
        return "-"
    assert isinstance(value, int | float)
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}".rstrip("0")


def span(low: float, high: float, places: int) -> str:
    """An interval's ends: ``29-33`` (``-0.8 to 1.6`` when an end is negative, where a dash would read as a minus)."""
    if low < 0 or high < 0:
        return f"{number(low, places)} to {number(high, places)}"
    return f"{number(low, places)}-{number(high, places)}"


def _interval_of(value: object) -> tuple[float, float] | None:
    if isinstance(value, list | tuple) and has_interval(value) and all(_is_number(end) for end in value):
        return float(value[0]), float(value[1])
    return None


def percent_places(interval: object = None, reference: float | None = None) -> int:
    """The decimals :func:`percent` gives a rate with this interval (and ``reference``): one significant
    digit of the interval's width ("31% (95% CI 29-33%)"; win rates need no more), more where an end would
    read as the reference. A figure written beside it (the fair share) takes as many."""
    ends = _interval_of(interval)
    places = decimals_for((ends[1] - ends[0]) * 100 if ends else None, 10.0, digits=1)
    if reference is not None and ends is not None:
        places = clear_of(places, (ends[0] * 100, ends[1] * 100), reference * 100)
    return places


def percent(rate: object, interval: object = None, ci: str = "95% CI ", reference: float | None = None) -> str:
    """A rate as a percentage with its interval: ``31% (95% CI 29-33%)``; decimals from the interval's width.

    ``ci`` names the interval (tables, whose header names it, give ``""``). ``reference`` (a rate, such
    as a fair share) gets the ends more decimals where they would otherwise read as it (:func:`clear_of`).
    """
    if not _is_number(rate):
        return "-"
    assert isinstance(rate, int | float)
    ends = _interval_of(interval)
    places = percent_places(interval, reference)
    if ends is None:
        return f"{rate * 100:.{places}f}%"
    return f"{rate * 100:.{places}f}% ({ci}{ends[0] * 100:.{places}f}-{ends[1] * 100:.{places}f}%)"


def mean_text(mean: object, interval: object = None, ci: str = "95% CI ") -> str:
    """A mean with its interval: ``142.3 (95% CI 139.9-144.6)``; decimals from the interval's width (``ci`` as
    for :func:`percent`)."""
    if not _is_number(mean):
        return "-"
    assert isinstance(mean, int | float)
    ends = _interval_of(interval)
    places = decimals_for(ends[1] - ends[0] if ends else None, float(mean))
    if ends is None:
        return number(float(mean), places)
    return f"{number(float(mean), places)} ({ci}{span(ends[0], ends[1], places)})"


def signed(value: float, places: int) -> str:
    """A difference with its sign: ``+3.1``, ``-0.4``, ``0``."""
    text = f"{value:+,.{places}f}"
    return text[1:] if float(text) == 0 else text


def direction(interval: tuple[float, float] | None) -> str:
    """``up`` when the interval lies above zero, ``down`` below it, ``flat`` when it holds zero (or is missing)."""
    if interval is None:
        return "flat"
    if interval[0] > 0:
        return "up"
    if interval[1] < 0:
        return "down"
    return "flat"


# --- the plain-language sentences of a comparison ------------------------------------------------------------------


#: How a figure the same in every pair of games is said.
IDENTICAL = "no change at all (the same in every pair of games)"


@dataclass(frozen=True, slots=True)
class Change:
    """One figure's difference (variant B minus A) said in words, and whether its interval excludes zero."""

    players: int
    subject: str
    sentence: str
    style: str
    #: The two-sided p-value of the difference against none, read from its interval (None: no interval).
    p: float | None = None

    @property
    def identical(self) -> bool:
        """Whether the figure was the same in every pair of games (difference 0, interval [0, 0])."""
        return self.sentence.endswith(IDENTICAL)

    @property
    def measurable(self) -> bool:
        """Whether the 95% interval of the difference excludes zero."""
        return self.style in ("up", "down")


def describe_change(players: int, subject: str, entry: object, scale: float, unit: str, more: str,
                    less: str, named: str | None = None) -> Change | None:
    """A difference in words: ``seat 0 wins 3.1 percentage points more often (95% CI 1.2 to 5.0)``.

    ``subject`` starts the sentence (``seat 0 wins``), ``unit`` follows the figure (``percentage
    points``), ``more``/``less`` say which way (``more often``/``less often``). An interval holding
    zero reads ``no measurable change``, after ``named`` where the subject is a verb's start that reads
    badly before a colon (``decisions per game: no measurable change``, not ``each game has: ...``).
    ``None`` when the entry has no difference.
    """
    if not isinstance(entry, Mapping) or not _is_number(entry.get("difference")):
        return None
    value = float(entry["difference"]) * scale
    interval = _interval_of(entry.get("ci95"))
    ends = (interval[0] * scale, interval[1] * scale) if interval else None
    places = clear_of(decimals_for(ends[1] - ends[0] if ends else None, value), ends, 0.0)
    style = direction(ends)
    if ends is not None and ends == (0.0, 0.0) and value == 0:
        return Change(players, subject, f"{named or subject}: {IDENTICAL}", "flat")
    shown = f"{number(abs(value), places)} {unit}".strip()
    interval_text = (f"95% CI {signed(ends[0], places)} to {signed(ends[1], places)}" if ends
                     else "no interval: too few games")
    if style == "flat":
        sentence = f"{named or subject}: no measurable change ({signed(value, places)} {unit}, {interval_text})"
    else:
        sentence = f"{subject} {shown} {more if value > 0 else less} ({interval_text})"
    p = p_from_interval(value, *ends) if ends else None
    return Change(players, subject, " ".join(sentence.split()), style, p)


def value_words(text: str) -> str:
    """An option's value as a sentence says it after ``name=``: an empty one (no expansions) as " (none)"."""
    return text or " (none)"


def score_word(data: Mapping[str, Any]) -> str:
    """What a report's game scores, in lower case for a sentence ("points", "gems"); "" for a game that is
    only won or lost (Ninja Trap), whose "score" is the win itself and is not shown as one."""
    name = data.get("score_name")
    if not isinstance(name, str):
        # A report.json written before it held the name: the game's own.
        from ninjadojo.games import game_class

        try:
            name = game_class(str(data.get("game"))).SPEC.score_name
        except DojoError:  # no such game (a report.json from elsewhere): its scores are points
            name = "Points"
    return name.lower()


def count_changes(difference: Mapping[str, Any], score: str = "points") -> list[Change]:
    """Every difference of one compared player count, in the order the report shows them (``score``: what
    the game scores, :func:`score_word`; none, no line on scores)."""
    players = int(difference["players"])
    found: list[Change | None] = []
    for row in difference.get("seats") or []:
        found.append(describe_change(players, f"seat {row['seat']} wins", row, 100.0, "percentage points",
                                     "more often", "less often"))
    found.append(describe_change(players, "games last", difference.get("length"), 1.0, "actions", "longer",
                                 "shorter"))
    found.append(describe_change(players, "each game has", difference.get("decisions"), 1.0, "decisions", "more",
                                 "fewer", named="decisions per game"))
    found.append(describe_change(players, "a decision offers", difference.get("branching"), 1.0,
                                 "legal actions", "more on average", "fewer on average",
                                 named="legal actions per decision"))
    for row in difference.get("points") or [] if score else ():
        found.append(describe_change(players, f"seat {row['seat']} scores", row, 1.0, score, "more", "fewer"))
    found.append(describe_change(players, "games are stopped at the maximum length", difference.get("truncated"),
                                 100.0, "percentage points", "more often", "less often"))
    return [change for change in found if change is not None]


def value_text(value: object) -> str:
    """Any value of the data as one line of text (``None``: ``-``)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(value_text(item) for item in value) or "-"
    if isinstance(value, Mapping):
        return ", ".join(f"{key}={value_text(item)}" for key, item in value.items()) or "-"
    return " ".join(str(value).split())
