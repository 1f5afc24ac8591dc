"""The ``dojo`` command line (typer + rich): games, play, sim, replay, bench.

It is generic: it drives any game only through the :class:`~ninjadojo.engine.GameState` public API,
and sets up and drives a table (options, seats, bots, undo, saves) through the table layer
(:mod:`ninjadojo.table`), which the server uses too: the commands here only read flags and draw.
"""

import sys


def run() -> None:
    """The ``dojo`` command's entry point: the application loaded, then run. A Ctrl-C while it loads (its
    imports take a few tenths of a second, before the commands' own Ctrl-C handling is in place) ends it
    quietly with the shell's status for an interrupt (130), as a Ctrl-C anywhere later does, rather than
    with Python's traceback of an import; so does one while typer builds the commands, before any runs."""
    try:
        from ninjadojo.cli.main import app

        app()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
