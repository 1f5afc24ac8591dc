"""Settings of the environment tests: the ``slow`` marker, and skipping them all without the ``rl`` extra."""

from __future__ import annotations

import importlib.util

import pytest

#: Without numpy, gymnasium, pettingzoo or open_spiel (the optional extra ``rl``) there is nothing to test.
MISSING = [name for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel") if importlib.util.find_spec(name) is None]
collect_ignore_glob = ["test_*.py"] if MISSING else []


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``slow`` marker (CI runs slow tests; ``-m 'not slow'`` skips them locally)."""
    config.addinivalue_line("markers", "slow: a slow test (run in CI; skip locally with -m 'not slow')")
