"""The progress bar of ``dojo sim``, ``dojo arena`` and ``dojo report`` keeps its figures whole in a narrow
terminal: a long description is cut short first (rich used to cut the figures: "1200… 0:0… eta 0:00:…")."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from ninjadojo.cli.sim import GameBar

DESCRIPTION = "knights-and-ninjas report (3,4 players x 2 variants)"


@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_figures_stay_whole(width: int) -> None:
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=True, color_system=None)
    with GameBar(DESCRIPTION, 1200, console) as bar:
        bar.start()
        for _ in range(3):
            bar.advance()
    last = [line for line in re.split(r"[\r\n]", out.getvalue()) if "eta" in line][-1]
    last = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", last)
    assert re.search(r"3/1200 \d:\d\d:\d\d eta [-\d]:[-\d]{2}:[-\d]{2}", last), last
    assert len(last.rstrip()) <= width
    assert (DESCRIPTION in last) is (width >= 120)
