"""Engine unit tests (a package, so that ``engine.toygame`` is importable from the CLI tests too)."""
