"""Driving one game for any front end: seats (human or bot), bots made from specs, the record,
autosave into the data folder, resuming (with the bots' memories rebuilt from what their seats saw:
:func:`recall_bots`), the list of saved games, and atomic writes.

It sits above ``bots/`` and below ``cli/`` (and a web server later): nothing here draws a screen or
reads a keyboard.
"""

from ninjadojo.table.names import seat_name, with_names
from ninjadojo.table.seats import check_humans, default_bot, derive_seed, fresh_seed, make_bots
from ninjadojo.table.session import BotError, SavedTable, Table, recall_bots
from ninjadojo.table.storage import (
    HOME_VARIABLE,
    SAVE_SUFFIX,
    SavedGame,
    data_dir,
    find_save,
    last_unfinished,
    list_saves,
    read_save_file,
    saves_dir,
    write_atomic,
)

__all__ = [
    "HOME_VARIABLE",
    "SAVE_SUFFIX",
    "BotError",
    "SavedGame",
    "SavedTable",
    "Table",
    "check_humans",
    "data_dir",
    "default_bot",
    "derive_seed",
    "find_save",
    "fresh_seed",
    "last_unfinished",
    "list_saves",
    "make_bots",
    "read_save_file",
    "recall_bots",
    "saves_dir",
    "seat_name",
    "with_names",
    "write_atomic",
]
