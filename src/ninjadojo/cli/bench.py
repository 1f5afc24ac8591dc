"""``dojo bench``'s terminal side: the measurement (:mod:`ninjadojo.sim.bench`) as a few lines of text."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console

from ninjadojo.cli.common import options_words
from ninjadojo.engine.jsonvalue import JSONValue


def print_bench(console: Console, result: Mapping[str, JSONValue]) -> None:
    """A bench result: games and actions per second, for bots their time per decision and per game, and for a
    searching bot (``--bot``) its iterations per second at the opening."""
    bots = result.get("bots")
    if not isinstance(bots, list):
        who = " (random playouts)"
    elif len(set(map(str, bots))) == 1:
        who = f" with {bots[0]} in every seat"
    else:
        who = f" with bots {', '.join(map(str, bots))}"
    lines = [
        f"{result['game']}, {result['players']} players{who}, "
        f"{options_words(str(result['game']), int(str(result['players'])), result.get('options'))}: "
        f"{result['games']} games, {result['actions']} actions "
        f"in {result['seconds']} s",
        f"  {result['games_per_second']} games/s, {result['actions_per_second']} actions/s, "
        f"{result['actions_per_game']} actions per game",
    ]
    if isinstance(bots, list):
        lines.append(f"  processor time: bots {result['bot_ms_per_decision']} ms a decision; "
                     f"{result['seconds_per_game']} s a game in all")
    if result.get("iterations_per_second") is not None:
        lines.append(f"  search at the opening ({result['search_decisions']} decisions): "
                     f"{result['iterations_per_second']} iterations/s, {result['ms_per_iteration']} ms an iteration, "
                     f"{result['iterations_per_decision']} iterations a decision (processor time)")
    if result["capped"]:
        lines.append(f"  {result['capped']} games stopped at the maximum length (truncated)")
    console.print("\n".join(lines), markup=False)
