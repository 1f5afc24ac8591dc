"""``python -m ninjadojo.cli``."""

from ninjadojo.cli import run

run()
