"""An arena's results as a picture: ratings with their intervals, and win shares against the fair share.

Drawn with matplotlib's object interface on the Agg canvas (no pyplot, no window, no global backend
to switch): PNG or SVG, chosen by the file's suffix.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.games import game_class
from ninjadojo.sim.progressfile import check_folder

#: The plot formats, by file suffix.
PLOT_FORMATS = {".png": "png", ".svg": "svg"}


def check_plot_path(path: Path) -> Path:
    """``path`` if a plot can be written there (a .png or .svg file whose folder is or can be made), else OptionError.

    Checked before any game is played, so that a typing slip does not cost a run.
    """
    if path.suffix.lower() not in PLOT_FORMATS:
        raise OptionError(f"--plot {quote(str(path))} must end in .png or .svg (the suffix picks the format)")
    if path.is_dir():
        raise OptionError(f"--plot {quote(str(path))} is a folder: give a file name ending in .png or .svg")
    check_folder(path.parent, "the folder of --plot")
    return path


def write_plot(results: Mapping[str, Any], path: Path) -> None:
    """Draw ``results`` (as :func:`~ninjadojo.arena.summary.summarise` makes them) to ``path`` (.png or .svg),
    making its folder if need be.

    Left: each spec's rating, ``mu`` with its interval, best at the top. Right: each spec's win share
    with its Wilson 95% interval, and the fair share as a dashed line.
    """
    check_plot_path(path)
    # Imported here: only a plot needs matplotlib, which takes a while to import.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rows = list(reversed(results["standings"]))  # barh draws from the bottom up
    names = [row["bot"] for row in rows]
    positions = list(range(len(rows)))
    figure = Figure(figsize=(10, 1.2 + 0.45 * max(len(rows), 2)), layout="constrained")
    FigureCanvasAgg(figure)
    ratings, shares = figure.subplots(1, 2, sharey=True)
    mus = [row["rating"]["mu"] for row in rows]
    ratings.errorbar(mus, positions, xerr=[[mu - row["rating"]["ci95"][0] for mu, row in zip(mus, rows, strict=True)],
                                           [row["rating"]["ci95"][1] - mu for mu, row in zip(mus, rows, strict=True)]],
                     fmt="o", capsize=4, color="tab:blue")
    ratings.set_yticks(positions, names)
    ratings.set_xlabel(f"rating ({results['rating']['model']}, {results['rating']['interval']})")
    ratings.grid(axis="x", alpha=0.3)
    share_values = [row["win_share"] for row in rows]
    shares.errorbar(share_values, positions,
                    xerr=[[max(0.0, value - row["ci95"][0]) for value, row in zip(share_values, rows, strict=True)],
                          [max(0.0, row["ci95"][1] - value) for value, row in zip(share_values, rows, strict=True)]],
                    fmt="o", capsize=4, color="tab:green")
    shares.axvline(results["fair_share"], linestyle="--", color="grey", label=f"fair share {results['fair_share']:.0%}")
    shares.set_xlim(0, 1)
    # In percent, as the tables print the shares (a 0-1 axis read as another unit).
    shares.xaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
    shares.set_xlabel("win share per seat-game (Wilson 95%)")
    shares.legend(loc="best")
    shares.grid(axis="x", alpha=0.3)
    partial = " (partial)" if results["partial"] else ""
    kind = f"gauntlet of {results['gauntlet']}" if results["gauntlet"] else "round robin"
    title = game_class(results["game"]).SPEC.title  # the game's name, as a player knows it ("Ninja Camp")
    figure.suptitle(f"{title}, {results['players']} players: {kind}, {results['games']} games{partial}")
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format=PLOT_FORMATS[path.suffix.lower()])
