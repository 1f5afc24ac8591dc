"""What the report tests share: real report data from tiny real runs, for the library's and the rendering's tests.

:func:`sample_report_data` plays a few random games of Ninja Trap (2 players; with ``compare``, both
variants of a rule) and returns the real ``report.json`` dict; the fixtures ``sample_data`` and
``sample_compare_data`` hold one of each for the whole session (they are read-only: copy before editing).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from ninjadojo.report import ReportSettings, report_data, run_report

#: A cheap game with options to compare, whose random games take about a millisecond.
GAME = "ninja-trap"


def sample_report_data(compare: bool = False, games: int = 6, players: int | tuple[int, ...] = 2,
                       seed: int = 0) -> dict[str, Any]:
    """A real report dict of ``games`` random games per player count of Ninja Trap (no engine bench).

    ``compare``: both variants of ``max_length=1000`` against ``max_length=60`` (a limit some random
    games reach, so the truncated and length figures differ), with its ``differences``.
    """
    settings = ReportSettings.build(GAME, players=players, games=games, bots=["random"], seed=seed,
                                    compare=("max_length", "1000", "60") if compare else None)
    return report_data(run_report(settings), speed=False)


@pytest.fixture(scope="session")
def _sample_data() -> dict[str, Any]:
    return sample_report_data()


@pytest.fixture(scope="session")
def _sample_compare_data() -> dict[str, Any]:
    return sample_report_data(compare=True, games=8, players=(2, 3))


@pytest.fixture
def sample_data(_sample_data: dict[str, Any]) -> dict[str, Any]:
    """A real report of 6 random 2-player games of Ninja Trap (a fresh copy per test)."""
    return copy.deepcopy(_sample_data)


@pytest.fixture
def sample_compare_data(_sample_compare_data: dict[str, Any]) -> dict[str, Any]:
    """A real report comparing max_length=1000 with max_length=60 at 2 and 3 players, 8 games each (a copy)."""
    return copy.deepcopy(_sample_compare_data)
