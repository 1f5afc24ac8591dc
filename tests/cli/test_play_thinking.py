"""``dojo play`` at a terminal shows a bot that takes its time as thinking (an expert's two seconds went by on a
silent screen, as if the game had hung), and a quick bot not at all (a spinner would only flicker)."""

from __future__ import annotations

import io
import time
from typing import Any

from rich.console import Console

from ninjadojo.cli.play import Terminal
from ninjadojo.table import Table


def _first_screen(delay: float, terminal: bool) -> str:
    """What the terminal showed up to the human's first prompt, the bot at seat 1 taking ``delay`` seconds."""
    table = Table.new("ninja-trap", 2, {}, 1, humans=[0], bot_specs={1: "random"}, autosave=False)
    bot = table.bots[1]
    choose = bot.choose

    def slow(view: Any) -> str:
        time.sleep(delay)
        return choose(view)

    bot.choose = slow  # type: ignore[method-assign]
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, force_terminal=terminal, color_system=None)

    def answer(prompt: str) -> str:
        raise EOFError

    Terminal(console, table, read=answer).run()
    return out.getvalue()


def test_a_slow_bot_is_shown_thinking() -> None:
    shown = _first_screen(1.0, terminal=True)
    assert "P1 (random) is thinking…" in shown, shown[-2000:]


def test_a_quick_bot_and_piped_output_show_no_thinking() -> None:
    assert "is thinking" not in _first_screen(0.0, terminal=True)
    assert "is thinking" not in _first_screen(1.0, terminal=False)
