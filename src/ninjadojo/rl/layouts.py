"""Print the layout of a game's observation tensor: ``python -m ninjadojo.rl.layouts [GAME] [--players N]``.

Without a game, every game's layout at its least player count (as docs/rl.md shows them); each table
lists every segment: offset, size, name, range, kind and meaning.
"""

from __future__ import annotations

import argparse

from ninjadojo.engine.errors import DojoError
from ninjadojo.games import game_class, playable_games
from ninjadojo.rl.encoders import encoder_for


def layout_text(game_id: str, players: int) -> str:
    """The Markdown table of ``game_id``'s tensor at ``players`` players, with a heading."""
    encoder = encoder_for(game_id, players)
    title = game_class(game_id).SPEC.title
    return f"### {title} ({game_id}), {players} players: {encoder.size} values\n\n{encoder.layout.describe()}\n"


def main(argv: list[str] | None = None) -> None:
    """Print the tables asked for."""
    parser = argparse.ArgumentParser(prog="python -m ninjadojo.rl.layouts", description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--players", type=int)
    args = parser.parse_args(argv)
    games = [args.game] if args.game else playable_games()
    try:
        for game_id in games:
            players = args.players or game_class(game_id).SPEC.min_players
            print(layout_text(game_id, players))
    except DojoError as error:  # an unknown game, a player count it is not for: said in one line
        parser.error(str(error))


if __name__ == "__main__":
    main()
