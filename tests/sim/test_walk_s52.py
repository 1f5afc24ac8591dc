"""A designer's walk through ``dojo report``: what the page and the summary say must not mislead.

- With several bots in the seats, a feature's difference also measures which bot had it (a card only the
  random bot plays looks bad): the summary's feature sentence and the feature section say so.
- Every figure of the points table has its interval, the winners' mean too.
- Costly bots play in small batches: the progress bar moves and Ctrl-C loses little.
- A comparison says which of its two values is the game's default (the standard rules).
- ``dojo sim``'s mean points come with their interval.
- "How to read the figures" says the fair share counts only the games that finished.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from ninjadojo.report import ReportSettings, report_data, run_report
from ninjadojo.report.collect import BATCH_GAMES, make_batches
from ninjadojo.report.formats import render_markdown
from ninjadojo.report.render import summary_lines
from ninjadojo.sim.runner import run_games
from ninjadojo.sim.settings import SimSettings
from ninjadojo.sim.summary import summarise


def _data(bots: tuple[str, ...]) -> dict[str, Any]:
    settings = ReportSettings.build("ninja-camp", players=2, games=80, bots=bots, seed=0)
    return report_data(run_report(settings), speed=False)


@pytest.fixture(scope="module")
def two_bots() -> dict[str, Any]:
    return _data(("heuristic", "random"))


@pytest.fixture(scope="module")
def one_bot() -> dict[str, Any]:
    return _data(("random",))


def _markdown(data: dict[str, Any]) -> str:
    return render_markdown(data)


def test_several_bots_the_feature_section_says_the_bots_are_not_adjusted_for(two_bots: dict[str, Any],
                                                                             one_bot: dict[str, Any]) -> None:
    page = _markdown(two_bots)
    section = page.split("### Feature impact", 1)[1]
    assert "Several bots share the seats" in section and "heuristic, random" in section
    assert "put one bot in every seat" in section
    # One bot in every seat: nothing to warn of.
    assert "Several bots share the seats" not in _markdown(one_bot)
    assert not any("several bots" in line for line in summary_lines(one_bot))


def test_several_bots_the_summary_feature_sentence_says_so(two_bots: dict[str, Any]) -> None:
    sentences = [line for line in summary_lines(two_bots) if "features with the largest" in line]
    assert sentences, summary_lines(two_bots)
    assert all("several bots share the seats" in line for line in sentences)


def test_the_winners_mean_points_have_an_interval(one_bot: dict[str, Any]) -> None:
    points = one_bot["variants"][0]["player_counts"][0]["points"]
    low, high = points["winner_ci95"]
    assert low < points["winner_mean"] < high
    row = next(line for line in _markdown(one_bot).splitlines() if line.startswith("| the winner |"))
    assert re.search(r"\| [\d.]+ \([\d.]+-[\d.]+\) \|$", row), row


def test_costly_bots_get_small_batches_so_the_bar_moves_and_ctrl_c_loses_little() -> None:
    # Ninjitsu!'s heuristic at 5 players costs about 5 s a game (dojo games): a batch of 5 or 50 games would
    # hold the progress bar still for half a minute or minutes, and Ctrl-C would drop all of them.
    costly = ReportSettings.build("ninjitsu", players=5, games=20, bots=("heuristic",))
    assert {len(batch.indexes) for batch in make_batches(costly, lambda key: False)} == {1}
    # Random bots still play 50 games a batch.
    cheap = ReportSettings.build("ninjitsu", players=5, games=1000, bots=("random",))
    assert {len(batch.indexes) for batch in make_batches(cheap, lambda key: False)} == {BATCH_GAMES}


def test_a_comparison_says_which_value_is_the_games_default() -> None:
    # Of Knights and Ninjas reads ruling 1 as win_check=at-once: a designer comparing it with the other
    # reading must see which side is the standard rules, in the summary and in the settings line.
    settings = ReportSettings.build("knights-and-ninjas", players=3, games=2, seed=0,
                                    compare=("win_check", "after-highwayman", "at-once"))
    data = report_data(run_report(settings), speed=False)
    assert "win_check=at-once is the game's default" in summary_lines(data)[0]
    assert "(default win\\_check=at-once)" in _markdown(data).splitlines()[2]


def test_sim_mean_points_come_with_their_interval() -> None:
    settings = SimSettings.build("ninjitsu", players=3, games=30, bots=["random"], seed=0)
    summary = summarise(settings, run_games(settings, workers=1).outcomes)
    for row in [*summary["seats"], *summary["per_bot"]]:
        low, high = row["mean_points_ci95"]
        assert low < row["mean_points"] < high


def test_how_to_read_says_the_fair_share_counts_the_finished_games_only() -> None:
    # With games stopped at the maximum length the seats' table reads "fair share: 19.5% per seat" at 3 players:
    # "how to read the figures" must not say it is one game in three.
    settings = ReportSettings.build("ninjitsu", players=3, games=40, seed=0, max_length=30)
    data = report_data(run_report(settings), speed=False)
    assert data["variants"][0]["player_counts"][0]["truncated"] > 0
    method = _markdown(data).split("## How to read the figures", 1)[1]
    assert "of the games that finished" in method
