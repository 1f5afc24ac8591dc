"""Tests of the ``dojo`` command line (a package, so its module names do not clash with other test dirs)."""
