"""Driving one game for any front end: seats (human or bot), bots made from specs, the record,
autosave into the data folder, setting a table up (the game, its options, bot specs given to seats:
:mod:`ninjadojo.table.setup`), undo, clock sums (:class:`ClockRules`), resuming (with the bots'
memories rebuilt from what their seats saw: :func:`recall_bots`), the list of saved games, and atomic
writes.

It sits above ``bots/`` and below ``cli/`` and ``server/``, which both drive games through it: nothing
here draws a screen, reads a keyboard or answers a request.
"""

from ninjadojo.table.clocks import CLOCK_MODES, ClockRules
from ninjadojo.table.names import seat_name, with_names
from ninjadojo.table.seats import check_humans, default_bot, derive_seed, fresh_seed, make_bots
from ninjadojo.table.session import BotError, SavedTable, Table, recall_bots, seat_bot, seat_bots
from ninjadojo.table.setup import (
    assign_bot_seats,
    assign_bots,
    check_bot_spec,
    check_bot_specs,
    default_players,
    parse_options,
    resolve_game,
    split_bot_specs,
)
from ninjadojo.table.storage import (
    HOME_VARIABLE,
    SAVE_SUFFIX,
    SavedGame,
    data_dir,
    find_save,
    last_unfinished,
    list_saves,
    read_save_file,
    read_save_game,
    save_humans,
    saves_dir,
    write_atomic,
)
from ninjadojo.table.undo import take_back

__all__ = [
    "CLOCK_MODES",
    "HOME_VARIABLE",
    "SAVE_SUFFIX",
    "BotError",
    "ClockRules",
    "SavedGame",
    "SavedTable",
    "Table",
    "assign_bot_seats",
    "assign_bots",
    "check_bot_spec",
    "check_bot_specs",
    "check_humans",
    "data_dir",
    "default_bot",
    "default_players",
    "derive_seed",
    "find_save",
    "fresh_seed",
    "last_unfinished",
    "list_saves",
    "make_bots",
    "parse_options",
    "read_save_file",
    "read_save_game",
    "recall_bots",
    "resolve_game",
    "save_humans",
    "saves_dir",
    "seat_bot",
    "seat_bots",
    "seat_name",
    "split_bot_specs",
    "take_back",
    "with_names",
    "write_atomic",
]
