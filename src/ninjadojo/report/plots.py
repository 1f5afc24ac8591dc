"""A report's figures as PNG images: win rate by seat, game length, points, feature impact, and the
differences a compared rule makes.

Drawn with matplotlib's object interface on the Agg canvas (no pyplot, no window, no global backend to
switch), as :mod:`ninjadojo.arena.plot` does. :func:`draw_plots` returns each image's bytes by file
name; :mod:`ninjadojo.report.formats` writes them and the page links them. A figure with nothing
to show (no game finished, no features) is left out, never drawn empty.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeGuard

from ninjadojo.report.features import CONTROL_KIND

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: The folder of the images, inside the report's folder.
PLOTS_FOLDER = "plots"
#: How many features with the largest and the smallest difference the feature figure shows.
FEATURES_SHOWN = 10
#: Resolution of the PNG images (pixels per inch): sharp enough on a laptop screen, small files.
DPI = 100
#: A colour per variant (the first is the default variant, the second the compared value).
VARIANT_COLOURS = ("#1f6fb4", "#e07b24")
#: Colours of an interval above zero, below zero, and holding zero. Neither green nor red: a change
#: (a longer game, a card more often held by winners) is neither good nor bad until a designer says so.
UP, DOWN, FLAT = "#1b7f79", "#b0406f", "#7f7f7f"
#: Longest label on a figure's axis (longer feature names are cut with an ellipsis).
LABEL_LIMIT = 36
#: About how wide a character of an axis label is, in inches (to leave room for the labels).
LABEL_INCHES = 0.075


def plot_name(kind: str, players: int, variant: int | None = None) -> str:
    """The file name of a figure (in :data:`PLOTS_FOLDER`): ``seats-4p.png``, ``features-4p-v2.png``.

    ``variant`` (1-based) is given only for figures drawn once per variant. Names come from numbers
    only, never from option values or card names, so any text in the data makes a safe file name.
    """
    suffix = "" if variant is None else f"-v{variant}"
    return f"{kind}-{players}p{suffix}.png"


def draw_plots(data: Mapping[str, Any]) -> dict[str, bytes]:
    """Every figure of a report (``report.json``'s dict) as PNG bytes, by file name (see :func:`plot_name`).

    Per player count: ``seats`` (win rate of each seat with its interval, every variant, and the fair
    share), ``length`` and ``points`` (histograms, every variant over each other), ``features`` (one per
    variant that has features); with a comparison, ``compare`` (each difference with its interval).
    """
    # Imported here: only drawing needs matplotlib, which takes a while to import.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    def new_figure(width: float, height: float) -> Figure:
        # No layout engine: margins are set by hand (see _margins), which halves the drawing time.
        figure = Figure(figsize=(width, height), dpi=DPI)
        FigureCanvasAgg(figure)
        return figure

    from ninjadojo.report.text import score_word  # (text imports this module)

    score = score_word(data)
    images: dict[str, bytes] = {}
    variants: list[Mapping[str, Any]] = list(data.get("variants") or [])
    labels = [str(variant.get("label", f"variant {number}")) for number, variant in enumerate(variants, 1)]
    for players in player_counts(data):
        rows = [count_row(variant, players) for variant in variants]
        played = [(label, row) for label, row in zip(labels, rows, strict=True) if row is not None and row.get("games")]
        if not played:
            continue
        if any(row.get("seats") for _, row in played):
            figure = new_figure(6.4, 3.6)
            _margins(figure, left=0.75, bottom=0.7, top=0.35)
            _draw_seats(figure.subplots(), players, played)
            images[plot_name("seats", players)] = _png(figure)
        histograms = [("length", "length", "actions per game")]
        if score:  # a game only won or lost has no score to draw
            histograms.append(("points", "points", f"{score} at the end of a game (every seat)"))
        for kind, key, unit in histograms:
            drawable = [(label, histogram) for label, row in played
                        if _histogram_ok(histogram := (row.get(key) or {}).get("histogram"))]
            if drawable:
                figure = new_figure(6.4, 3.0)
                _margins(figure, left=0.75, bottom=0.55, top=0.15)
                _draw_histograms(figure.subplots(), drawable, unit)
                images[plot_name(kind, players)] = _png(figure)
        for number, (label, row) in enumerate(zip(labels, rows, strict=True), 1):
            features: list[Mapping[str, Any]] = list(row.get("features") or []) if row else []
            shown = top_and_bottom(features)
            if shown:
                figure = new_figure(7.6, 1.6 + 0.26 * len(shown))
                longest = max(len(_cut(feature_label(feature))) for feature in shown)
                _margins(figure, left=0.3 + LABEL_INCHES * longest, bottom=1.0, top=0.35)
                title = f"{players} players" + (f", {label}" if len(variants) > 1 else "")
                known, ranked = features_counted(features, shown)
                _draw_features(figure.subplots(), shown, title, cut=known > ranked)
                images[plot_name("features", players, number if len(variants) > 1 else None)] = _png(figure)
    for difference in data.get("differences") or []:
        panels = difference_panels(difference, score)
        if panels:
            rows_per_panel = max(len(rows) for _, rows in panels)
            figure = new_figure(10.0, 0.9 + ((len(panels) + 1) // 2) * (0.75 + 0.3 * rows_per_panel))
            longest = max(len(label) for _, rows in panels for label, _, _ in rows)
            columns = 2 if len(panels) > 1 else 1
            _margins(figure, left=0.3 + LABEL_INCHES * longest, bottom=0.3, top=0.55,
                     grid=((len(panels) + columns - 1) // columns, columns),
                     wspace=0.5 + LABEL_INCHES * longest, hspace=0.6)
            _draw_differences(figure, panels, f"{int(difference['players'])} players: {_compared(data)}")
            images[plot_name("compare", int(difference["players"]))] = _png(figure)
    return images


def player_counts(data: Mapping[str, Any]) -> list[int]:
    """Every player count of the report, in order (over all its variants)."""
    variants = data.get("variants") or []
    return sorted({int(row["players"]) for variant in variants for row in variant.get("player_counts") or []})


def count_row(variant: Mapping[str, Any], players: int) -> Mapping[str, Any] | None:
    """A variant's figures at ``players`` players (``None`` when it has none)."""
    return next((row for row in variant.get("player_counts") or [] if int(row["players"]) == players), None)


#: How a feature's kind reads before its name, where the kind alone does not say what the seat did.
KIND_WORDS = {"trap": "set a trap in", "move": "moved to", "skill": "claimed or played", "clan": "with the"}


def feature_label(row: Mapping[str, Any]) -> str:
    """A feature as a reader says it: ``played Katana``, ``set a trap in Genkan``, ``claimed or played Ambush``
    (its kind in words and its name), or its key when it has neither."""
    kind, name = row.get("kind"), row.get("name")
    if isinstance(kind, str) and isinstance(name, str) and kind and name:
        return f"{KIND_WORDS.get(kind, kind)} {name}"
    return str(row.get("feature", ""))


def has_interval(value: object) -> bool:
    """Whether ``value`` is an interval ``[low, high]`` of two numbers."""
    return (isinstance(value, list | tuple) and len(value) == 2
            and all(isinstance(end, int | float) and not isinstance(end, bool) for end in value))


def top_and_bottom(features: Sequence[Mapping[str, Any]], count: int = FEATURES_SHOWN) -> list[Mapping[str, Any]]:
    """The ``count`` features with the largest difference and the ``count`` with the smallest, largest first,
    then the controls (kind ``control``: features that cannot matter, shown as a yardstick).

    Features without a difference (a kind every seat had, or none had) have nothing to show and are
    left out. All of them when there are at most ``2 * count`` besides the controls.
    """
    known = [row for row in features if has_difference(row)]
    ranked = sorted(known, key=lambda row: (-float(row["difference"]), str(row.get("feature", ""))))
    controls = [row for row in ranked if is_control(row)]
    ranked = [row for row in ranked if not is_control(row)]
    if len(ranked) <= 2 * count:
        return ranked + controls
    return ranked[:count] + ranked[-count:] + controls


def is_control(row: Mapping[str, Any]) -> bool:
    """Whether a feature is a control (one that cannot matter: a report's yardstick, not a finding)."""
    return row.get("kind") == CONTROL_KIND


def has_difference(row: Mapping[str, Any]) -> bool:
    """Whether a feature has a difference to show (not one every seat had, or none had)."""
    return isinstance(row.get("difference"), int | float)


def features_counted(features: Sequence[Mapping[str, Any]], shown: Sequence[Mapping[str, Any]]) -> tuple[int, int]:
    """How many of ``features`` have a difference, and how many of them :func:`top_and_bottom` ``shown``, controls
    left out of both (the figure and the page say so when the first is more: some were cut)."""
    known = len([row for row in features if has_difference(row) and not is_control(row)])
    return known, len([row for row in shown if not is_control(row)])


def difference_panels(difference: Mapping[str, Any], score: str = "points"
                      ) -> list[tuple[str, list[tuple[str, float, list[float]]]]]:
    """One compared player count's differences grouped by unit: (panel title, [(row label, difference, ci95)]).

    Win rates and the share of truncated games are in percentage points; the scores are in ``score`` (what
    the game scores; "" for a game only won or lost: no panel).
    """
    def rows_of(items: Sequence[tuple[str, Any, float]]) -> list[tuple[str, float, list[float]]]:
        found = []
        for label, entry, scale in items:
            if isinstance(entry, Mapping) and isinstance(entry.get("difference"), int | float):
                interval = entry.get("ci95")
                ends = [float(end) * scale for end in interval] if interval and has_interval(interval) else []
                found.append((label, float(entry["difference"]) * scale, ends))
        return found

    seats = [(f"seat {row['seat']}", row, 100.0) for row in difference.get("seats") or []]
    rates = rows_of([*seats, ("stopped at max length", difference.get("truncated"), 100.0)])
    actions = rows_of([("game length", difference.get("length"), 1.0),
                       ("decisions per game", difference.get("decisions"), 1.0)])
    branching = rows_of([("choices per decision", difference.get("branching"), 1.0)])
    points = rows_of([(f"seat {row['seat']}", row, 1.0) for row in difference.get("points") or []] if score else [])
    panels = [("win rate (percentage points)", rates), ("actions", actions),
              ("legal actions per decision", branching), (score, points)]
    return [(title, rows) for title, rows in panels if rows]


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    # Light compression: the images are small either way, and the default level is slower.
    figure.savefig(buffer, format="png", dpi=DPI, pil_kwargs={"compress_level": 1})
    return buffer.getvalue()


def _margins(figure: Figure, left: float, bottom: float, top: float, right: float = 0.25,
             grid: tuple[int, int] = (1, 1), wspace: float = 0.0, hspace: float = 0.0) -> None:
    """Set the space around the axes in inches (a ``grid`` of rows and columns of panels, ``wspace`` and
    ``hspace`` apart)."""
    width, height = figure.get_size_inches()
    rows, columns = grid
    panel_width = max(0.5, (width - left - right - wspace * (columns - 1)) / columns)
    panel_height = max(0.5, (height - bottom - top - hspace * (rows - 1)) / rows)
    figure.subplots_adjust(left=left / width, right=1 - right / width, bottom=bottom / height, top=1 - top / height,
                           wspace=wspace / panel_width, hspace=hspace / panel_height)


def _histogram_ok(histogram: object) -> TypeGuard[Mapping[str, Any]]:
    if not isinstance(histogram, Mapping):
        return False
    edges, counts = histogram.get("edges"), histogram.get("counts")
    return (isinstance(edges, list) and isinstance(counts, list) and len(counts) >= 1
            and len(edges) == len(counts) + 1 and sum(counts) > 0)


def _cut(text: str, limit: int = LABEL_LIMIT) -> str:
    """``text`` as a label: one line, at most ``limit`` characters, its ``$`` escaped (matplotlib would read
    text between two ``$`` as mathematics, and fail on text that is not)."""
    text = " ".join(text.split())
    text = text if len(text) <= limit else text[:limit - 1] + "…"
    return text.replace("$", r"\$")


def _interval_colour(interval: Sequence[float]) -> str:
    if not interval:
        return FLAT
    if interval[0] > 0:
        return UP
    if interval[1] < 0:
        return DOWN
    return FLAT


def _draw_seats(axes: Axes, players: int, played: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
    from matplotlib.ticker import PercentFormatter

    width = 0.7 / len(played)
    top = 1 / players
    for number, (label, row) in enumerate(played):
        seats = row.get("seats") or []
        positions = [int(seat["seat"]) - 0.35 + width * (number + 0.5) for seat in seats]
        rates = [float(seat["win_rate"]) for seat in seats]
        intervals = [seat["ci95"] if has_interval(seat.get("ci95")) else [rate, rate]
                     for seat, rate in zip(seats, rates, strict=True)]
        below = [max(0.0, rate - low) for rate, (low, _) in zip(rates, intervals, strict=True)]
        above = [max(0.0, high - rate) for rate, (_, high) in zip(rates, intervals, strict=True)]
        axes.bar(positions, rates, width=width * 0.9, color=VARIANT_COLOURS[number % 2], alpha=0.35,
                 label=_cut(label) if len(played) > 1 else None)
        axes.errorbar(positions, rates, yerr=[below, above], fmt="o", capsize=4, color=VARIANT_COLOURS[number % 2])
        top = max(top, *(high for _, high in intervals))
    # A fair share of the games that finished (the first variant's; games stopped at the length cap have no winner).
    fair = float(played[0][1].get("fair_share") or 1 / players) if played else 1 / players
    axes.axhline(fair, linestyle="--", color="#555555", linewidth=1, label=f"fair share {fair:.0%}")
    axes.set_xticks(range(players), [f"seat {seat}" for seat in range(players)])
    axes.set_ylim(0, min(1.0, top * 1.15))
    axes.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title(f"{players} players: win rate by seat")
    axes.grid(axis="y", alpha=0.3)
    # Below the axes, in one row: inside, it would hide a bar.
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=len(played) + 1, fontsize="small",
                frameon=False)


def _draw_histograms(axes: Axes, histograms: Sequence[tuple[str, Mapping[str, Any]]], unit: str) -> None:
    # Variants binned apart have bins of different widths: their heights compare only as densities.
    density = len({tuple(histogram["edges"]) for _, histogram in histograms}) > 1
    for number, (label, histogram) in enumerate(histograms):
        colour = VARIANT_COLOURS[number % 2]
        edges = [float(edge) for edge in histogram["edges"]]
        counts = [float(count) for count in histogram["counts"]]
        if density:
            total = sum(counts)
            counts = [count / total / max(high - low, 1e-12)
                      for count, low, high in zip(counts, edges, edges[1:], strict=False)]
        if number == 0:
            axes.stairs(counts, edges, fill=True, color=colour, alpha=0.35, label=_cut(label))
        axes.stairs(counts, edges, color=colour, linewidth=1.5, label=None if number == 0 else _cut(label))
    axes.set_xlabel(unit)
    counted = "games" if unit.startswith("actions") else "seat-games"
    per = "action" if unit.startswith("actions") else "point"
    axes.set_ylabel(f"share of {counted} per {per}" if density else counted)
    axes.grid(axis="y", alpha=0.3)
    if len(histograms) > 1:
        axes.legend(loc="upper right", fontsize="small")


def _interval_points(axes: Axes, points: Sequence[tuple[float, list[float]]], capsize: int) -> None:
    """Draw point ``i`` (a value and its interval, or none) at height ``i``, coloured by its interval's sign.

    One errorbar call per colour: a call per point would cost several artists each, and drawing
    them is most of a figure's time.
    """
    for colour in (UP, DOWN, FLAT):
        chosen = [(position, value, interval) for position, (value, interval) in enumerate(points)
                  if _interval_colour(interval) == colour]
        if not chosen:
            continue
        below = [max(0.0, value - interval[0]) if interval else 0.0 for _, value, interval in chosen]
        above = [max(0.0, interval[1] - value) if interval else 0.0 for _, value, interval in chosen]
        axes.errorbar([value for _, value, _ in chosen], [position for position, _, _ in chosen],
                      xerr=[below, above], fmt="o", capsize=capsize, color=colour)


def _draw_features(axes: Axes, shown: Sequence[Mapping[str, Any]], title: str | None, cut: bool) -> None:
    """``cut``: the features in the middle were left out (a dotted line then marks where); the controls,
    last in ``shown``, are drawn at the bottom below a line of their own."""
    rows = list(reversed(shown))  # barh-style axes draw from the bottom up: the largest at the top
    controls = sum(1 for row in rows if is_control(row))
    positions = list(range(len(rows)))
    points = []
    for row in rows:
        interval = row.get("ci95_difference")
        ends = [float(end) * 100 for end in interval] if interval and has_interval(interval) else []
        points.append((float(row["difference"]) * 100, ends))
    _interval_points(axes, points, capsize=3)
    axes.axvline(0, color="#555555", linewidth=1)
    if cut:
        axes.axhline(controls + (len(rows) - controls) / 2 - 0.5, color="#999999", linewidth=1, linestyle=":")
    if controls and controls < len(rows):
        axes.axhline(controls - 0.5, color="#999999", linewidth=1)
    axes.set_yticks(positions, [_cut(feature_label(row)) for row in rows], fontsize="small")
    axes.set_ylim(-0.7, len(rows) - 0.3)
    # On three short lines: centred under axes pushed right by long feature names, one long line ran off the
    # figure's right edge.
    axes.set_xlabel("win rate with it minus without it,\namong seats that made as many decisions\n"
                    "(percentage points, 95% interval)")
    axes.grid(axis="x", alpha=0.3)
    axes.set_title("feature impact" + (f": {_cut(title)}" if title else ""))


def _compared(data: Mapping[str, Any]) -> str:
    compare = data.get("compare") or {}
    option = compare.get("option", "")
    return f"{option}={compare.get('b', '')} minus {option}={compare.get('a', '')} (95% interval)"


def _draw_differences(figure: Figure, panels: Sequence[tuple[str, Sequence[tuple[str, float, list[float]]]]],
                      title: str) -> None:
    columns = 2 if len(panels) > 1 else 1
    grid = figure.subplots((len(panels) + columns - 1) // columns, columns, squeeze=False)
    cells = [axes for row in grid for axes in row]
    for axes, (panel, rows) in zip(cells, panels, strict=False):
        shown = list(reversed(rows))
        _interval_points(axes, [(value, interval) for _, value, interval in shown], capsize=4)
        axes.axvline(0, color="#555555", linewidth=1)
        axes.set_yticks(range(len(shown)), [label for label, _, _ in shown])
        axes.set_ylim(-0.7, len(shown) - 0.3)
        axes.set_title(panel, fontsize="medium")
        axes.grid(axis="x", alpha=0.3)
    for axes in cells[len(panels):]:
        axes.set_visible(False)
    figure.suptitle(_cut(title, 3 * LABEL_LIMIT))
