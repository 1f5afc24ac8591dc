"""A Ctrl-C while ``dojo`` loads (before any command's own handling is in place) ends it without a traceback."""

from __future__ import annotations

import importlib.abc
import sys
from typing import Any

import pytest


class _InterruptedImport(importlib.abc.MetaPathFinder):
    """Imports of the application raise KeyboardInterrupt, as a Ctrl-C during them does."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name == "ninjadojo.cli.main":
            raise KeyboardInterrupt
        return None


def test_a_ctrl_c_while_the_command_loads_ends_it_quietly_with_status_130(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from ninjadojo.cli import run

    monkeypatch.delitem(sys.modules, "ninjadojo.cli.main", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_InterruptedImport(), *sys.meta_path])
    with pytest.raises(SystemExit) as stopped:
        run()
    assert stopped.value.code == 130
    assert capsys.readouterr().err.strip() == "interrupted"


def test_the_installed_command_is_the_guarded_entry_point() -> None:
    """``dojo`` (the console script) goes through :func:`ninjadojo.cli.run`, not straight to the application."""
    from importlib.metadata import entry_points

    (script,) = [entry for entry in entry_points(group="console_scripts") if entry.name == "dojo"]
    assert script.value == "ninjadojo.cli:run"


def test_a_ctrl_c_while_the_commands_are_built_ends_it_quietly_too(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """typer builds the click commands on the first call, before any command's own Ctrl-C handling."""
    from ninjadojo.cli import main, run

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(type(main.app), "__call__", interrupted)
    with pytest.raises(SystemExit) as stopped:
        run()
    assert stopped.value.code == 130
    assert capsys.readouterr().err.strip() == "interrupted"
