"""The list of saved games in the data folder (``dojo games --saved``)."""

from __future__ import annotations

import json

from rich.console import Console

from ninjadojo.games import GAME_MODULES, game_class
from ninjadojo.table import list_saves, saves_dir

#: The text listing shows at most this many games (the newest); ``--json`` lists them all.
SHOWN = 30


def print_saved(console: Console, as_json: bool, game: str | None = None) -> None:
    """List the saved games (of ``game`` only, if given), newest first: file, game, players, state (in
    progress, finished, or continued in a newer save), when.

    With ``as_json`` one JSON line: a list of objects with those keys (``file`` the full path, ``players``
    a list, ``when`` in ISO form, and ``continued_in``: the newer save's full path, or null).
    """
    folder = saves_dir()
    everything = list_saves(folder)
    saves = [saved for saved in everything if game in (None, saved.game)]
    if as_json:
        listing = [{"file": str(saved.path), "game": saved.game, "players": list(saved.players),
                    "state": saved.state, "when": saved.when.isoformat(timespec="seconds"),
                    "continued_in": None if saved.continued_in is None else str(saved.continued_in)}
                   for saved in saves]
        console.print(json.dumps(listing, separators=(",", ":")), markup=False, soft_wrap=True)
        return
    if not saves:
        console.print(f"no saved games{f' of {game}' if game else ''} in {folder}", markup=False, soft_wrap=True)
        return
    # Two lines a game (three for one continued in a newer save): a file name is too long to share an
    # 80-column line with the rest.
    console.print(f"saved games{f' of {game}' if game else ''} in {folder}, newest first:", markup=False,
                  soft_wrap=True)
    for saved in saves[:SHOWN]:
        console.print(f"  {saved.path.name}", markup=False, soft_wrap=True)
        title = game_class(saved.game).SPEC.title if saved.game in GAME_MODULES else saved.game  # its name, not id
        state = "continued later" if saved.continued_in is not None else saved.state
        console.print(f"      {title}, {state}, {saved.when:%Y-%m-%d %H:%M}: {', '.join(saved.players)}",
                      markup=False)
        if saved.continued_in is not None:
            # (the file name is too long to share the line)
            console.print(f"      (played on in {saved.continued_in.name})", markup=False, soft_wrap=True)
    if len(saves) > SHOWN:
        console.print(f"  ... and {len(saves) - SHOWN} older (--json lists every one)", markup=False)
    # What --resume continues: the newest unfinished game of any game, listed here or not.
    newest = next((saved for saved in everything if saved.resumable), None)
    if newest is not None:
        console.print(f"dojo play --resume continues {newest.path.name}", markup=False, soft_wrap=True)
    console.print("dojo replay FILE replays a game, dojo play --load FILE resumes one (a name above will do)",
                  markup=False)
