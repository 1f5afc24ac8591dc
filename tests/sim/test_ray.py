"""The Ray path of run_jobs (``--ray ADDRESS``): the same results as a local run with the same seed, on a
real Ray head started for this module and on a private ``local`` instance; and its errors, quickly.

The head runs with token authentication off (``RAY_AUTH_MODE=disabled``, for it and for this process),
so the tests depend on no token of the machine's user; it gets a temporary folder of its own, and is
stopped by ending the ``ray start --block`` process this module started (never ``ray stop``, which
would stop every Ray instance on the machine).
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import json
import os
import pty
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ninjadojo.arena import ArenaSettings, play_arena_game, run_arena
from ninjadojo.cli.main import app
from ninjadojo.engine import DojoError, OptionError
from ninjadojo.sim import GameOutcome, SimSettings, run_games
from ninjadojo.sim.parallel import JobsRun, check_ray_address, run_jobs
from sim.helpers import in_forked_child, read_until

#: How long the head may take to open its port on a loaded machine.
START_SECONDS = 90.0
#: The tests that run games on Ray need the extra (the dev install has it; a bare install skips them).
needs_ray = pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="the ray extra is not installed")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture(scope="module")
def no_ray_auth() -> Iterator[None]:
    """Token authentication off in this process while the module runs (and as it was afterwards)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_AUTH_MODE", "disabled")
        yield


@pytest.fixture(scope="module")
def ray_head(no_ray_auth: None) -> Iterator[str]:
    """The address (``127.0.0.1:PORT``) of a Ray head with 2 CPUs started for this module."""
    ray = Path(sys.executable).parent / "ray"
    if importlib.util.find_spec("ray") is None or not ray.exists():
        pytest.skip("the ray extra is not installed")
    folder = tempfile.mkdtemp(prefix="dojo-rt-")  # short: Ray's socket paths must fit in 107 characters
    port = _free_port()
    # Every port of the head's own: none of Ray's fixed defaults, which another Ray on the machine may hold.
    command = [str(ray), "start", "--head", "--block", "--port", str(port), "--num-cpus", "2",
               "--include-dashboard=false", "--disable-usage-stats", "--temp-dir", folder,
               "--dashboard-port", str(_free_port()), "--dashboard-agent-listen-port", str(_free_port())]
    log_path = Path(folder, "head.log")
    with log_path.open("w") as log:
        head = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                env={**os.environ, "RAY_AUTH_MODE": "disabled"})
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            if head.poll() is not None:
                pytest.fail(f"ray start failed:\n{log_path.read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("the Ray head did not open its port in time")
                time.sleep(0.2)
        yield f"127.0.0.1:{port}"
    finally:
        # ray start --block stops the processes it started when it is asked to end.
        head.send_signal(signal.SIGTERM)
        try:
            head.wait(60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
        shutil.rmtree(folder, ignore_errors=True)


def _games(outcomes: tuple[GameOutcome, ...]) -> list[GameOutcome]:
    """Outcomes without the bots' thinking time (which differs from run to run)."""
    return [dataclasses.replace(outcome, bot_seconds=0.0) for outcome in outcomes]


def _json(output: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads([line for line in output.splitlines() if line.strip()][-1])
    return data


#: Tests that start Ray in the test process run in a forked child of it (see in_forked_child).
FORKED = in_forked_child

#: Two bots in rotating seats (a cheap game: about 2 ms a game here).
SIM = SimSettings.build("ninja-trap", players=2, bots=["heuristic", "random"], games=60, seed=11, rotate=True)


@FORKED
@pytest.mark.slow
def test_run_games_on_a_ray_head_plays_the_games_of_a_local_run(ray_head: str) -> None:
    local = run_games(SIM)
    seen: list[int] = []
    on_ray = run_games(SIM, None, on_game=lambda outcome: seen.append(outcome.index), ray=ray_head)
    assert _games(on_ray.outcomes) == _games(local.outcomes)
    assert sorted(seen) == list(range(SIM.games))  # every game was reported here, once
    assert (on_ray.backend, on_ray.ray_address, on_ray.workers) == ("ray", ray_head, 2)  # the head's CPUs
    assert not on_ray.interrupted


@FORKED
@pytest.mark.slow
def test_dojo_sim_json_on_a_ray_head_is_the_local_summary_but_timing(ray_head: str) -> None:
    command = ["sim", "ninja-trap", "-n", "30", "--bots", "heuristic,random", "--seed", "4", "--json"]
    runner = CliRunner()
    local = runner.invoke(app, command)
    on_ray = runner.invoke(app, [*command, "--ray", ray_head, "--workers", "1"])
    assert on_ray.exit_code == 0, on_ray.output
    local_summary, ray_summary = _json(local.stdout), _json(on_ray.stdout)
    local_timing, ray_timing = local_summary.pop("timing"), ray_summary.pop("timing")
    assert ray_summary == local_summary
    assert local_timing["backend"] == "local" and "ray_address" not in local_timing
    assert (ray_timing["backend"], ray_timing["ray_address"], ray_timing["workers"]) == ("ray", ray_head, 1)


@FORKED
@pytest.mark.slow
def test_dojo_arena_on_a_ray_head_writes_the_local_results_but_timing(ray_head: str, tmp_path: Path) -> None:
    command = ["arena", "ninja-trap", "--bots", "heuristic,random", "-n", "4", "--seed", "5", "--json"]
    runner = CliRunner()
    local = _json(runner.invoke(app, command).stdout)
    result = runner.invoke(app, [*command, "--ray", ray_head, "--out", str(tmp_path / "arena")])
    assert result.exit_code == 0, result.output
    on_ray = _json(result.stdout)
    assert json.loads((tmp_path / "arena" / "results.json").read_text()) == on_ray
    local_timing, ray_timing = local.pop("timing"), on_ray.pop("timing")
    assert on_ray == local
    assert (local_timing["backend"], ray_timing["backend"], ray_timing["ray_address"]) == ("local", "ray", ray_head)


@FORKED
@needs_ray
@pytest.mark.slow
def test_run_arena_on_a_local_ray_instance_plays_the_games_of_a_local_run(no_ray_auth: None) -> None:
    settings = ArenaSettings.build("ninja-trap", ["heuristic", "random", "forgetful"], players=2, games=4, seed=2)
    expected = [play_arena_game(settings, index) for index in range(settings.total_games)]
    run = run_arena(settings, 2, ray="local")
    strip = partial(dataclasses.replace, bot_seconds=0.0)
    assert [strip(outcome) for outcome in run.outcomes] == [strip(outcome) for outcome in expected]
    assert (run.backend, run.ray_address, run.workers, run.complete) == ("ray", "local", 2, True)


@FORKED
@pytest.mark.slow
def test_a_job_raising_stops_the_run_and_ctrl_c_in_a_job_returns_the_results_so_far(ray_head: str) -> None:
    # Local functions travel by value (cloudpickle), so the head's workers need nothing of this module.
    def invert(job: int) -> float:
        return 1 / job

    with pytest.raises(ZeroDivisionError):
        run_jobs(invert, [1, 2, 0, 4], 1, ray=ray_head)

    def interrupted_at_three(job: int) -> int:
        if job == 3:
            raise KeyboardInterrupt
        return job * 10

    heard: list[int] = []
    run = run_jobs(interrupted_at_three, list(range(8)), 1, on_result=heard.append, ray=ray_head)
    assert run.interrupted
    # One task in flight, jobs in order: everything before job 3 came back, nothing after it.
    assert sorted(run.results) == [0, 10, 20] == sorted(heard)


@FORKED
@pytest.mark.slow
def test_code_the_cluster_cannot_import_is_a_one_line_error(ray_head: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # A module only this process can import, as ninjadojo is when a node lacks it.
    (tmp_path / "only_here_dojo.py").write_text("def plus_one(job):\n    return job + 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    only_here = importlib.import_module("only_here_dojo")
    monkeypatch.setitem(sys.modules, "only_here_dojo", only_here)  # forgotten again after the test
    with pytest.raises(DojoError, match=r"only_here_dojo.*every node needs the same ninjadojo") as error:
        run_jobs(only_here.plus_one, [1, 2], 1, ray=ray_head)
    assert "\n" not in str(error.value) and "\x1b" not in str(error.value)


@pytest.mark.slow
def test_ctrl_c_during_a_run_on_a_ray_head_prints_the_partial_summary(ray_head: str) -> None:
    games = 1_000_000
    done = re.compile(rf"(\d+)/{games}\b")
    leader, follower = pty.openpty()  # stderr on a terminal: the live bar shows that games are coming back
    process = subprocess.Popen(
        [sys.executable, "-m", "ninjadojo.cli", "sim", "ninja-trap", "--bots", "random", "--games", str(games),
         "--ray", ray_head, "--json"],
        stdout=subprocess.PIPE, stderr=follower, stdin=subprocess.DEVNULL,
        env={**os.environ, "COLUMNS": "120", "TERM": "xterm-256color"}, start_new_session=True)
    os.close(follower)
    try:
        shown = read_until(leader, lambda text: any(int(n) >= 20 for n in done.findall(text)), timeout=120)
        seen = max((int(n) for n in done.findall(shown)), default=0)
        assert seen >= 20, f"the progress bar never showed 20 games done: {shown[-500:]!r}"
        os.killpg(process.pid, signal.SIGINT)  # as a terminal sends it
        stdout, _ = process.communicate(timeout=60)
        stderr = shown + read_until(leader, lambda text: False, timeout=0.5)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        os.close(leader)
    assert process.returncode == 130, stderr[-2000:]
    assert "Traceback" not in stderr and "interrupted: summary of the" in stderr, stderr[-2000:]
    summary = _json(stdout.decode())
    assert summary["partial"] is True and seen <= summary["games"] < games
    assert (summary["timing"]["backend"], summary["timing"]["ray_address"]) == ("ray", ray_head)


@pytest.mark.parametrize("address", ["", "nonsense", "host", "host:0", "host:70000", "http://host:6379",
                                     "ray://", "a b:1"])
def test_a_malformed_address_says_what_an_address_may_be(address: str) -> None:
    with pytest.raises(OptionError, match="local, auto, HOST:PORT"):
        check_ray_address(address)
    with pytest.raises(OptionError, match="local, auto, HOST:PORT"):
        run_jobs(abs, [1], ray=address)


@pytest.mark.parametrize("address", ["local", "auto", " auto ", "10.0.0.5:6379", "head.example:6379",
                                     "ray://10.0.0.5:10001", "[::1]:6379"])
def test_well_formed_addresses_pass(address: str) -> None:
    assert check_ray_address(address) == address.strip()


def test_an_address_where_nothing_listens_fails_at_once_with_one_line() -> None:
    address = f"127.0.0.1:{_free_port()}"
    started = time.monotonic()
    with pytest.raises(OptionError, match=f"cannot reach the Ray cluster at {address}") as error:
        run_games(SIM, 1, ray=address)
    assert "\n" not in str(error.value)
    assert time.monotonic() - started < 30  # Ray on its own waits a minute or more


def test_an_address_that_is_not_a_ray_cluster_is_told_apart() -> None:
    with socket.socket() as server:  # answers as a web server would: not gRPC
        server.bind(("127.0.0.1", 0))
        server.listen()

        def answer() -> None:
            connection, _ = server.accept()
            with connection:
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

        thread = threading.Thread(target=answer, daemon=True)
        thread.start()
        address = f"127.0.0.1:{server.getsockname()[1]}"
        with pytest.raises(OptionError, match=f"{address} answers but is not a Ray cluster"):
            run_games(SIM, 1, ray=address)
        thread.join(5)


def test_no_jobs_need_no_cluster() -> None:
    started: list[bool] = []
    run: JobsRun[int] = run_jobs(abs, [], 2, on_start=lambda: started.append(True), ray=f"127.0.0.1:{_free_port()}")
    assert (run.results, run.interrupted, run.backend, started) == ((), False, "ray", [True])


def test_without_ray_installed_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails, as when it is not installed
    with pytest.raises(OptionError, match=r"pip install 'ninjadojo\[ray\]'"):
        run_games(SIM, 1, ray="local")


def test_the_cli_rejects_a_bad_address_with_exit_2_and_writes_nothing(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "arena"
    closed = f"127.0.0.1:{_free_port()}"
    for command in (["sim", "ninja-trap", "-n", "3", "--ray", "no-port"],
                    ["arena", "ninja-trap", "--bots", "random,heuristic", "-n", "2", "--out", str(out),
                     "--ray", closed]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
        assert not result.stdout
    assert not out.exists()


def test_the_cli_rejects_workers_out_of_range_with_ray_too() -> None:
    result = CliRunner().invoke(app, ["sim", "ninja-trap", "-n", "3", "--workers", "0", "--ray", "local"])
    assert result.exit_code == 2
    assert "--workers must be a whole number from 1" in result.stderr
