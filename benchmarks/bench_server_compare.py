"""The server's load benchmark, this code against an older build, side by side in one run.

    git worktree add --detach /tmp/dojo-base HEAD           # the build to compare with
    .venv/bin/python benchmarks/bench_server_compare.py --base /tmp/dojo-base --db sqlite --rounds 3

Each round runs ``dojo bench-server --json`` once with the older build's code and once with this one
(alternating, so that a machine's changing load falls on both), with the same settings, and prints
actions/s and latencies of each. ``--base-without-uvloop`` runs an older build as it was shipped before
uvloop became a dependency (9898819 and earlier): uvloop is hidden from it. ``--workers`` applies to
this build only (the old one had one process).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def run(src: Path, args: list[str], hide_uvloop: bool) -> dict[str, object]:
    """One ``dojo bench-server --json`` run with the package at ``src``."""
    paths = [str(src)]
    with tempfile.TemporaryDirectory() as shadow:
        if hide_uvloop:
            Path(shadow, "uvloop.py").write_text("raise ImportError('hidden: the old build ran without uvloop')\n")
            paths.insert(0, shadow)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
        done = subprocess.run([sys.executable, "-m", "ninjadojo.cli", "bench-server", "--json", *args], env=env,
                              capture_output=True, text=True, timeout=900, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        raise SystemExit(f"bench-server failed ({src}): {done.stderr[-1500:]}")
    result: dict[str, object] = json.loads(lines[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="a checkout of the older build")
    parser.add_argument("--db", default="sqlite", help="sqlite or postgresql")
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1, help="server processes of this build")
    parser.add_argument("--base-without-uvloop", action="store_true",
                        help="hide uvloop from the older build (one from before it was a dependency)")
    options = parser.parse_args()
    common = ["--db", options.db, "--tables", str(options.tables), "--seconds", str(options.seconds)]
    rows: dict[str, list[dict[str, object]]] = {"before": [], "now": []}
    for round_number in range(options.rounds):
        rows["before"].append(run(options.base / "src", common, hide_uvloop=options.base_without_uvloop))
        now_args = [*common, "--workers", str(options.workers)] if options.workers > 1 else common
        rows["now"].append(run(HERE / "src", now_args, hide_uvloop=False))
        print(f"round {round_number + 1}: before {rows['before'][-1]['actions_per_second']} actions/s, "
              f"now {rows['now'][-1]['actions_per_second']} actions/s", flush=True)
    print(f"\n{options.db}, {options.tables} tables, {options.seconds:g} s a run, {options.rounds} rounds "
          f"(this build: {options.workers} process{'es' if options.workers > 1 else ''})")
    print("| build | actions/s (each run) | median | p50 ms | p99 ms | server CPU µs/action |")
    print("|---|---|---|---|---|---|")
    for name, results in rows.items():
        rates = [float(str(result["actions_per_second"])) for result in results]
        p50 = statistics.median(float(str(result["latency_ms_p50"])) for result in results)
        p99 = statistics.median(float(str(result["latency_ms_p99"])) for result in results)
        # Older builds do not report their CPU; where they do, it is the steadier figure on a
        # shared machine (actions/s swing with what else runs).
        cpu = [float(str(result["server_cpu_us_per_action"])) for result in results
               if result.get("server_cpu_us_per_action") is not None]
        print(f"| {name} | {', '.join(f'{rate:.0f}' for rate in rates)} | {statistics.median(rates):.0f} | "
              f"{p50:.1f} | {p99:.1f} | {f'{statistics.median(cpu):.0f}' if cpu else '-'} |")


if __name__ == "__main__":
    main()
