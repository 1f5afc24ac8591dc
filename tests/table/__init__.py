"""Tests of ninjadojo.table: driving one game, autosave, saves and the data folder."""
