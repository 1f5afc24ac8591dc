"""The server's load benchmark as a script (the same as ``dojo bench-server``).

    .venv/bin/python benchmarks/bench_server.py --db sqlite --tables 16 --seconds 5
    .venv/bin/python benchmarks/bench_server.py --db postgresql --tables 16 --seconds 5

Loopback only, bounded in time (``--seconds``) and in client actions (``--max-actions``). It prints
accepted actions per second and the latency from a client's send to its receiving the new state
(p50, p99). See :mod:`ninjadojo.server.bench` and docs/server.md.
"""

from __future__ import annotations

import argparse
import json

from ninjadojo.server.bench import BenchSettings, bench_text, run_bench


def main() -> None:
    """Parse the flags, run, print."""
    defaults = BenchSettings()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=defaults.db, help="sqlite, postgresql (a throwaway cluster) or a URL")
    parser.add_argument("--tables", type=int, default=defaults.tables)
    parser.add_argument("--game", default=defaults.game)
    parser.add_argument("--players", type=int, default=defaults.players)
    parser.add_argument("--clients", type=int, default=defaults.clients)
    parser.add_argument("--bot", default=defaults.bot)
    parser.add_argument("--seconds", type=float, default=defaults.seconds)
    parser.add_argument("--max-actions", type=int, default=defaults.max_actions)
    parser.add_argument("--bot-pool", default=defaults.bot_pool, choices=("thread", "process"))
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args()
    settings = BenchSettings(db=args.db, tables=args.tables, game=args.game, players=args.players,
                             clients=args.clients, bot=args.bot, seconds=args.seconds, max_actions=args.max_actions,
                             bot_pool=args.bot_pool)
    result = run_bench(settings)
    print(json.dumps(result, sort_keys=True) if args.json else bench_text(result))


if __name__ == "__main__":
    main()
