"""Running the jobs of :func:`ninjadojo.sim.parallel.run_jobs` as Ray tasks (the optional extra ``ray``).

``run_jobs(..., ray=ADDRESS)`` comes here. ``ADDRESS`` is ``local`` (a private Ray instance started
for this run and stopped at its end, with one CPU per worker), ``auto`` (the cluster Ray finds on this
machine: ``RAY_ADDRESS`` or the last ``ray start``), ``HOST:PORT`` (a head node's GCS port, 6379 by
default) or ``ray://HOST:PORT`` (Ray Client, port 10001 by default). A cluster this run did not start
is only disconnected from at the end, never stopped.

Jobs travel in chunks: a task runs several jobs one after the other and sends their results back
together, so that a game of a few milliseconds does not pay a Ray task's overhead on its own. The
chunks grow from one job to about :data:`CHUNK_SECONDS` of work, measured on the workers, and shrink
again at the end so the last jobs are shared out. Each job's result does not depend on the chunk it
ran in (jobs are deterministic), so the results are those of a local run; only their order and the
timing differ. At most one task per worker is in flight, so results stream back as they finish and
Ctrl-C leaves little behind (the tasks in flight finish on the cluster; their results are dropped).

The function and the jobs are pickled (cloudpickle) and run on the cluster's nodes, which must have
ninjadojo installed (the same version): a function pickles by reference to its module. Games and bots
registered at run time (as tests do) exist only in the process that registered them.
"""

from __future__ import annotations

import logging
import math
import os
import pickle
import re
import shutil
import signal
import socket
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ninjadojo.engine import DojoError, OptionError
from ninjadojo.engine.errors import quote
from ninjadojo.sim.parallel import JobsRun, ctrl_c_deferred, threads_left_behind

__all__ = ["CHUNK_SECONDS", "CONNECT_SECONDS", "INSTALL_HINT", "check_ray_address", "run_on_ray"]

#: How much work (seconds on a worker) a chunk of jobs aims at once the jobs' cost is known.
CHUNK_SECONDS = 0.25
#: Most jobs in one chunk (a chunk's results travel back together, and a progress bar moves by chunks).
MAX_CHUNK = 256
#: How long to wait for a cluster's port to answer before saying it cannot be reached.
CONNECT_SECONDS = 5.0
#: What to install for the Ray path.
INSTALL_HINT = "pip install 'ninjadojo[ray]'"
#: What an address may be, as error messages say it.
ALLOWED = "local, auto, HOST:PORT (a head node's GCS port, e.g. 10.0.0.5:6379) or ray://HOST:PORT (Ray Client)"

#: Ray's switch for token authentication (``token`` or ``disabled``).
_AUTH_MODE = "RAY_AUTH_MODE"

_HOST_PORT = re.compile(r"^(?P<client>ray://)?(?P<host>[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])"
                        r":(?P<port>[0-9]{1,5})$")


def check_ray_address(address: str) -> str:
    """``address`` without surrounding spaces if it names a Ray cluster (``local``, ``auto``, ``HOST:PORT``,
    ``ray://HOST:PORT``), else :class:`OptionError`. Only the form is checked; connecting checks the rest."""
    text = address.strip() if isinstance(address, str) else None
    if text in ("local", "auto"):
        return text
    match = _HOST_PORT.match(text) if text is not None else None
    if match is None or not 1 <= int(match["port"]) <= 65535:
        raise OptionError(f"the Ray address must be {ALLOWED}, not {quote(address)}")
    return text


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise OptionError(f"running on Ray needs the ray extra: {INSTALL_HINT}") from None
    return ray


def _first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def _resolve(ray: Any, address: str) -> tuple[str, int]:
    """The host and port ``address`` (not ``local``) points at; ``auto`` as Ray finds it."""
    if address == "auto":
        from ray._private import services

        try:
            found = services.canonicalize_bootstrap_address_or_die("auto")
        except Exception as error:
            raise OptionError(f"--ray auto found no Ray cluster on this machine ({_first_line(error)}); start one "
                              "with: ray start --head, or give its address") from None
        address = str(found)
    match = _HOST_PORT.match(address)
    if match is None:
        raise OptionError(f"the Ray address must be {ALLOWED}, not {quote(address)}")
    return match["host"].strip("[]"), int(match["port"])


#: A client's first bytes in HTTP/2 (which gRPC, hence Ray's GCS and Ray Client, speak): the preface, then
#: an empty SETTINGS frame. A server answers with a SETTINGS frame of its own (frame type 4).
_HTTP2_HELLO = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


def _check_reachable(address: str, host: str, port: int) -> None:
    """:class:`OptionError` unless a gRPC server answers at ``host:port`` within :data:`CONNECT_SECONDS`.

    Ray itself waits a minute or more for an address where nothing answers, or where something that
    is not Ray listens, before it gives up; this check takes a few seconds at most.
    """
    hint = "start its head with: ray start --head, and check the host and port"
    try:
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS) as connection:
            if os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true"):
                return  # the handshake would be TLS's: reaching the port is all that can be checked here
            connection.sendall(_HTTP2_HELLO)
            answer = b""
            while len(answer) < 9:
                piece = connection.recv(9 - len(answer))
                if not piece:
                    break
                answer += piece
    except OSError as error:
        reason = f"no answer within {CONNECT_SECONDS:g} s" if isinstance(error, TimeoutError) else (
            error.strerror or _first_line(error))
        raise OptionError(f"cannot reach the Ray cluster at {address} ({reason}); {hint}") from None
    if len(answer) < 9 or answer[3] != 4:
        raise OptionError(f"{address} answers but is not a Ray cluster (it does not speak gRPC); {hint}")


@contextmanager
def _signals_kept() -> Iterator[None]:
    """Put back the SIGINT and SIGTERM handlers after Ray (ray.init installs its own)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    kept = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in kept.items():
            if handler is not None:
                signal.signal(number, handler)


@dataclass(frozen=True, slots=True)
class _Session:
    address: str
    cpus: int


@contextmanager
def _connected(ray: Any, address: str, workers: int | None) -> Iterator[_Session]:
    """Connect to the cluster (or start the private local one), and disconnect (or stop it) at the end."""
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
    if ray.is_initialized():
        threads_left_behind()
        # The caller connected this process already (a script of its own): use that, and leave it connected.
        yield _Session(address, max(1, int(ray.cluster_resources().get("CPU", 1))))
        return
    with _signals_kept():
        if address == "local":
            # A private temporary folder: never the shared /tmp/ray of other Ray instances on the machine
            # (short, since Ray's socket paths must fit in 107 characters).
            folder = tempfile.mkdtemp(prefix="dojo-ray-")
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            # Starting a local instance turns token authentication on for this process (RAY_AUTH_MODE=token);
            # put the mode back afterwards, so that a later connection to a cluster behaves as it would have.
            auth_mode = os.environ.get(_AUTH_MODE)
            try:
                cpus = workers or os.cpu_count() or 1
                # From here on this process holds Ray's native threads (they outlive ray.shutdown()).
                threads_left_behind()
                try:
                    ray.init(address="local", num_cpus=cpus, include_dashboard=False, _temp_dir=folder, **quiet)
                except Exception as error:
                    raise OptionError(f"cannot start a local Ray instance: {_first_line(error)}") from None
                try:
                    yield _Session("local", cpus)
                finally:
                    ray.shutdown()
            finally:
                shutil.rmtree(folder, ignore_errors=True)
                if auth_mode is None:
                    os.environ.pop(_AUTH_MODE, None)
                else:
                    os.environ[_AUTH_MODE] = auth_mode
            return
        host, port = _resolve(ray, address)
        _check_reachable(address, host, port)
        # auto goes to Ray as auto: Ray sends the machine's token only to a cluster it found itself.
        threads_left_behind()
        try:
            ray.init(address=address, **quiet)
        except Exception as error:
            ray.shutdown()
            # Ray sends its token only to a cluster it found itself, never to an address given.
            hint = "" if os.environ.get(_AUTH_MODE) == "token" else (
                " (if the cluster uses token authentication, set RAY_AUTH_MODE=token and its token in RAY_AUTH_TOKEN "
                "or ~/.ray/auth_token)")
            raise OptionError(f"cannot connect to the Ray cluster at {address}: {_first_line(error)}{hint}") from None
        try:
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            yield _Session(f"{host}:{port}" if address == "auto" else address, cpus)
        finally:
            # A driver's shutdown disconnects it; the cluster goes on running.
            ray.shutdown()


@dataclass(frozen=True, slots=True)
class _Failure:
    """A job raised: the exception (when it pickles) and the worker's traceback."""

    error: BaseException | None
    kind: str
    message: str
    trace: str


def _run_chunk(function: Callable[[Any], Any], jobs: Sequence[Any]) -> tuple[list[Any], float, _Failure | None]:
    """Run ``jobs`` one after the other on a Ray worker: their results, the seconds taken, and a failure if any."""
    started = time.perf_counter()
    results: list[Any] = []
    failure: _Failure | None = None
    try:
        for job in jobs:
            results.append(function(job))
    except KeyboardInterrupt:
        failure = _Failure(None, "KeyboardInterrupt", "", "")
    except Exception as error:
        try:
            pickle.loads(pickle.dumps(error))
            sent: BaseException | None = error
        except Exception:
            sent = None
        failure = _Failure(sent, type(error).__name__, str(error), traceback.format_exc())
    return results, time.perf_counter() - started, failure


def _chunk_size(seconds_per_job: float | None, remaining: int, slots: int) -> int:
    """How many jobs the next task gets: one until a job's cost is known, then about CHUNK_SECONDS of work,
    but no more than a fair share of what is left (so that the last jobs are spread over the workers)."""
    if seconds_per_job is None:
        return 1
    wanted = MAX_CHUNK if seconds_per_job <= 0 else max(1, int(CHUNK_SECONDS / seconds_per_job))
    return max(1, min(wanted, MAX_CHUNK, math.ceil(remaining / slots)))


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _ray_error_text(error: BaseException) -> str:
    """One line for an error of Ray's: a failed task's cause (a module missing on a node, say), not its header."""
    cause = getattr(error, "cause", None)
    if isinstance(cause, BaseException):
        return f"{type(cause).__name__}: {_first_line(cause)}"
    return _ANSI.sub("", _first_line(error))


def _raise_failure(failure: _Failure) -> None:
    if failure.error is None and failure.kind == "KeyboardInterrupt":
        raise KeyboardInterrupt
    if failure.error is not None:
        failure.error.add_note(f"(raised on a Ray worker)\n{failure.trace}")
        raise failure.error
    raise DojoError(f"a job raised {failure.kind} on a Ray worker: {failure.message}")


def run_on_ray(function: Callable[[Any], Any], jobs: Sequence[Any], workers: int | None,
               on_result: Callable[[Any], None] | None, on_start: Callable[[], None] | None,
               address: str) -> JobsRun[Any]:
    """:func:`~ninjadojo.sim.parallel.run_jobs` on Ray: see there, and this module for ``address``.

    ``workers`` bounds the tasks in flight (and is the local instance's CPUs); ``None``: the cluster's CPUs.
    Errors of the cluster itself (a node lost, ninjadojo missing on a node) raise :class:`DojoError`.
    """
    address = check_ray_address(address)
    ray = _import_ray()
    started = time.perf_counter()
    if not jobs:
        # Nothing to play (an arena already complete): no need to start or reach a cluster.
        if on_start is not None:
            on_start()
        return JobsRun((), False, time.perf_counter() - started, workers or 1, "ray", address)
    results: list[Any] = []
    interrupted = False
    with _connected(ray, address, workers) as session:
        slots = max(1, min(workers or session.cpus, len(jobs)))
        task = ray.remote(num_cpus=1)(_run_chunk)
        waiting = list(jobs)
        waiting.reverse()  # popped from the end: the jobs go out in the order given
        pending: dict[Any, int] = {}
        per_job: float | None = None
        try:
            if on_start is not None:
                on_start()
            function_ref = ray.put(function)  # sent to the cluster once, not with every task
            while waiting or pending:
                while waiting and len(pending) < slots:
                    size = _chunk_size(per_job, len(waiting), slots)
                    chunk = [waiting.pop() for _ in range(min(size, len(waiting)))]
                    pending[task.remote(function_ref, chunk)] = len(chunk)
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    del pending[ref]
                    try:
                        chunk_results, seconds, failure = ray.get(ref)
                    except ray.exceptions.RayError as error:
                        raise DojoError(f"the Ray cluster could not run a job ({_ray_error_text(error)}); every node "
                                        f"needs the same ninjadojo as here: {INSTALL_HINT}") from None
                    if chunk_results:
                        # The latest chunk's pace, not the mean: a worker's first job also pays for its imports.
                        per_job = seconds / len(chunk_results)
                    for result in chunk_results:
                        with ctrl_c_deferred():
                            results.append(result)
                            if on_result is not None:
                                on_result(result)
                    if failure is not None:
                        _raise_failure(failure)
        except KeyboardInterrupt:
            # The tasks still in flight (one chunk per slot, about CHUNK_SECONDS of work each) are left to
            # finish on the cluster, their results dropped: cancelling them (ray.cancel) while they complete
            # can crash Ray's driver in its native code.
            interrupted = True
    return JobsRun(tuple(results), interrupted, time.perf_counter() - started, slots, "ray", session.address)
