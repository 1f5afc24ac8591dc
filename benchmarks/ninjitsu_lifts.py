"""Measure Ninjitsu!'s model of play for samples: per card, how much likelier among secrets and in hands.

    PYTHONPATH=src .venv/bin/python benchmarks/ninjitsu_lifts.py --games 150

Plays ``--games`` four-player games of ``heuristic`` players (seeds 90000 on) and, at the start of every
turn, counts each card (by name, copies together) among the secrets standing on the table and among the
cards in hand. A card's lift is its share there over its share of the deck: 2 means twice as likely as
a card dealt at random. Prints the table as :data:`ninjadojo.games.ninjitsu.sampling.LIFTS` holds it, to
paste there (see that module for how the samples use it).
"""

from __future__ import annotations

import argparse
from collections import Counter

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.games import game_class
from ninjadojo.games.ninjitsu.cards import CARDS


def count(games: int, players: int, first: int) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """(cards in the deck, in standing secrets, in hands) by name, over ``games`` heuristic games."""
    deck: Counter[str] = Counter()
    secrets: Counter[str] = Counter()
    hands: Counter[str] = Counter()
    for number in range(first, first + games):
        game = game_class("ninjitsu").new(players, seed=90000 + number)
        bots = [make_bot("heuristic", "ninjitsu", 7 * number + seat) for seat in range(players)]
        deck.update(CARDS[card].name for card in game.cards_in_game)
        while game.result is None:
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].choose(SeatView(game, seat)))
            if game.result is None and game.frames and game.frames[-1].kind == "turn":
                for each in range(players):
                    secrets.update(CARDS[card].name for card in game.secrets[each])
                    hands.update(CARDS[card].name for card in game.hands[each])
    return deck, secrets, hands


def main() -> None:
    """Parse the flags, play, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--first", type=int, default=0, help="the first game's number (seed 90000 + number)")
    args = parser.parse_args()
    deck, secrets, hands = count(args.games, args.players, args.first)
    total_deck, total_secrets, total_hands = sum(deck.values()), sum(secrets.values()), sum(hands.values())
    print(f"# {args.games} games of {args.players} heuristic players: {total_secrets} secrets and "
          f"{total_hands} cards in hand counted at the starts of turns")
    print("LIFTS: dict[str, tuple[float, float]] = {")
    for name in sorted(deck, key=lambda each: -secrets[each] / deck[each]):
        share = deck[name] / total_deck
        print(f"    {name!r}: ({secrets[name] / total_secrets / share:.2f}, {hands[name] / total_hands / share:.2f}),")
    print("}")


if __name__ == "__main__":
    main()
