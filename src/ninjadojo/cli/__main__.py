"""``python -m ninjadojo.cli``."""

from ninjadojo.cli.main import main

main()
