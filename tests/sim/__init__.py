"""Tests of the simulator library, ``ninjadojo.sim`` (a package, so its module names do not clash)."""
