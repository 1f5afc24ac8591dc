"""Tests of the bots: the ``ismcts`` search, the difficulty levels and the search benchmark."""
