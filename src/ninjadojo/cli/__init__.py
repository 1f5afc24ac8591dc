"""The ``dojo`` command line (typer + rich): games, play, sim, replay, bench.

It is generic: it drives any game only through the :class:`~ninjadojo.engine.GameState` public API,
and sets up and drives a table (options, seats, bots, undo, saves) through the table layer
(:mod:`ninjadojo.table`), which the server uses too: the commands here only read flags and draw.
"""
