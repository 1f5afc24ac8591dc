"""The ``dojo`` command line (typer + rich): games, play, sim, replay, bench.

It is generic: it drives any game only through the :class:`~ninjadojo.engine.GameState` public API
and bots only through :func:`ninjadojo.bots.make_bot`.
"""
