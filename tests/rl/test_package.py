"""The package: optional (``import ninjadojo`` needs none of it), a clear message without the extra, and
the speed benchmark's figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ninjadojo.games import game_class, playable_games
from ninjadojo.rl.bench import main, rates
from ninjadojo.rl.layouts import layout_text

MISSING_EXTRA = """
import sys
sys.modules["pettingzoo"] = None  # as if the extra were not installed
try:
    import ninjadojo.rl
except ImportError as error:
    print(error)
else:
    print("imported")
"""


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_importing_ninjadojo_imports_no_environment_and_no_numpy() -> None:
    out = _run("import sys, ninjadojo, ninjadojo.api, ninjadojo.bots\n"
               "print(sorted(name for name in sys.modules if name.startswith(('ninjadojo.rl', 'numpy', "
               "'pettingzoo', 'pyspiel'))))")
    assert out.strip() == "[]"


def test_without_the_extra_the_import_says_what_to_install() -> None:
    out = _run(MISSING_EXTRA)
    assert "pip install 'ninjadojo[rl]'" in out and "pettingzoo" in out


def test_the_benchmark_measures_the_engine_and_the_environment_loops(capsys: object) -> None:
    measured = rates("ninja-trap", 2, seconds=0.15, slices=2)
    assert [rate.name for rate in measured] == ["engine", "aec", "aec (view, no tensor)", "aec (masks only)"]
    assert all(rate.steps > 0 and rate.per_second > 0 for rate in measured)
    main(["ninja-trap", "--players", "2", "--seconds", "0.1"])
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "steps/s" in out and "of the engine" in out


def test_the_documented_layouts_are_current() -> None:
    """docs/rl.md shows every game's layout at its least player count as the encoders make it."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    for game_id in playable_games():
        assert layout_text(game_id, game_class(game_id).SPEC.min_players) in docs, (
            f"{game_id}'s layout changed: regenerate it with python -m ninjadojo.rl.layouts")
