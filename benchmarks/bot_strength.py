"""Measure how strong the bots are, and publish the tables in docs/bots.md.

    PYTHONPATH=src .venv/bin/python benchmarks/bot_strength.py --games 200 --workers 2 --write docs/bots.md
    PYTHONPATH=src .venv/bin/python benchmarks/bot_strength.py --only ninja-trap:4 --games 40 --part anchor
    PYTHONPATH=src .venv/bin/python benchmarks/bot_strength.py --part ladder --games 100 --step medium --step hard

Two measures, each of one bot in one seat against another bot in every other seat, the seats rotating
game by game (so each seat is played as often), with the win share of the one bot, its 95% Wilson
interval and its ratio to a fair share (1 / players):

- ``anchor``: the ``expert`` level against the game's ``heuristic`` bot (the hand-written player), in
  every game at 4 players (Ninja Camp at 3) and in every game's 2-player variation;
- ``ladder``: each level against the level below it (``medium`` against ``easy``, ``hard`` against
  ``medium``, ``expert`` against ``hard``), at the same player counts. Where ``hard`` is the game's
  ``heuristic`` the expert's step is the anchor's match-up, and is not played again.

``--expert SPEC`` measures another spec in the place of ``expert`` (a cheaper budget, say), and says so
in the table. ``--write FILE`` replaces the text between ``<!-- strength:PART:begin -->`` and
``<!-- strength:PART:end -->`` in FILE with the new table (the rest of the file is left alone).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ninjadojo.bots import level_of
from ninjadojo.bots.levels import LEVELS
from ninjadojo.sim import SimSettings, run_games, wilson_interval

#: The player counts measured per game: the issue's main count first, then the 2-player variation.
PLAYERS: dict[str, tuple[int, ...]] = {
    "ninjitsu": (4, 2),
    "knights-and-ninjas": (4, 2),
    "ninja-camp": (3, 2),
    "ninja-trap": (4, 2),
    "ninjato": (4, 2),
}


@dataclass(frozen=True)
class Row:
    """One measured match-up."""

    game: str
    players: int
    bot: str
    spec: str
    against: str
    games: int
    wins: float
    seconds: float

    @property
    def share(self) -> float:
        return self.wins / self.games

    def line(self) -> str:
        low, high = wilson_interval(self.wins, self.games)
        fair = 1.0 / self.players
        return (f"| {self.game} | {self.players} | {self.bot} (`{self.spec}`) | {self.against} | {self.games} | "
                f"{self.share:.2f} ({low:.2f}-{high:.2f}) | {fair:.2f} | {self.share / fair:.2f} | "
                f"{low / fair:.2f} | {self.seconds / self.games:.1f} |")


HEADER = ("| game | players | bot | against | games | win share (95% CI) | fair | ratio | ratio at the CI's low end "
          "| s a game |\n|---|---|---|---|---|---|---|---|---|---|")


def measure(game: str, players: int, spec: str, label: str, against: str, against_label: str, games: int,
            workers: int, seed: int) -> Row:
    """Play ``games`` games of ``spec`` in one rotating seat against ``against`` everywhere else."""
    settings = SimSettings.build(game, players=players, bots=[spec] + [against] * (players - 1), games=games,
                                 rotate=True, seed=seed)
    started = time.perf_counter()
    run = run_games(settings, workers=workers)
    elapsed = time.perf_counter() - started
    # The one bot's seat is where the game's line-up has it (the same spec on both sides is a mirror
    # match: any seat will do); a shared win counts its share.
    wins = 0.0
    for outcome in run.outcomes:
        if outcome.error:
            sys.exit(f"game {outcome.index} could not be played: {outcome.error}")
        seat = outcome.lineup.index(spec) if spec != against else outcome.index % players
        if seat in outcome.winners:
            wins += 1.0 / len(outcome.winners)
    return Row(game, players, label, spec, against_label, len(run.outcomes), wins, elapsed)


def spec_of(game: str, level: str, expert: str | None) -> str:
    """The spec a level stands for in ``game`` (``expert`` replaced by ``--expert`` when given)."""
    if level == "expert" and expert:
        return expert
    mapped = level_of(game, level)
    assert mapped is not None
    return mapped


def publish(path: Path, part: str, text: str) -> None:
    """Replace the marked ``part`` of ``path`` with ``text``."""
    content = path.read_text()
    pattern = re.compile(rf"(<!-- strength:{part}:begin -->\n).*?(<!-- strength:{part}:end -->)", re.S)
    if not pattern.search(content):
        sys.exit(f"{path} has no <!-- strength:{part}:begin --> ... <!-- strength:{part}:end --> markers")
    path.write_text(pattern.sub(lambda match: match.group(1) + text + "\n" + match.group(2), content))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match-up (default 200)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--part", choices=("anchor", "ladder", "both"), default="both")
    parser.add_argument("--only", action="append", default=[],
                        help="GAME or GAME:PLAYERS to measure (repeatable; default every game and count)")
    parser.add_argument("--step", action="append", default=[], choices=LEVELS[1:],
                        help="the ladder's rungs to measure, by the upper level (repeatable; default all)")
    parser.add_argument("--expert", default=None, help="a spec to measure in the place of the expert level")
    parser.add_argument("--write", type=Path, default=None, help="publish the tables into this Markdown file")
    args = parser.parse_args()
    wanted: list[tuple[str, int]] = []
    for game, counts in PLAYERS.items():
        for players in counts:
            if not args.only or game in args.only or f"{game}:{players}" in args.only:
                wanted.append((game, players))
    if not wanted:
        sys.exit(f"nothing to measure: --only takes GAME or GAME:PLAYERS among {', '.join(PLAYERS)}")
    parts = ("anchor", "ladder") if args.part == "both" else (args.part,)
    for part in parts:
        rows: list[Row] = []
        skipped: list[str] = []
        print(f"\n{part}\n\n{HEADER}", flush=True)
        for game, players in wanted:
            if part == "anchor":
                pairs = [("expert", "heuristic")]
            else:
                pairs = [(LEVELS[k], LEVELS[k - 1]) for k in range(1, len(LEVELS))
                         if not args.step or LEVELS[k] in args.step]
            for level, below in pairs:
                spec = spec_of(game, level, args.expert)
                against = "heuristic" if below == "heuristic" else spec_of(game, below, None)
                if part == "ladder" and against == "heuristic":
                    # The expert's step over a heuristic ``hard`` is the anchor's match-up: not played twice.
                    skipped.append(f"{game}:{players} {level}")
                    continue
                label = level if not (level == "expert" and args.expert) else "expert (--expert)"
                against_label = f"`{against}`" if below == "heuristic" else f"{below} (`{against}`)"
                row = measure(game, players, spec, label, against, against_label, args.games, args.workers,
                              args.seed)
                rows.append(row)
                print(row.line(), flush=True)
        if skipped:
            print(f"\nnot played again (the anchor's match-up, the heuristic being hard): {', '.join(skipped)}")
        if args.write:
            command = " ".join(["benchmarks/bot_strength.py", *sys.argv[1:]])
            publish(args.write, part, f"Measured with `{command}`.\n\n{HEADER}\n" + "\n".join(r.line() for r in rows))


if __name__ == "__main__":
    main()
