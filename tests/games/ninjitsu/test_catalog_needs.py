"""The catalogue says which sets each Ninjitsu! card needs (``CardInfo.needs``), and the game which sets a
table plays with (``sets_in_play``): together they give exactly the cards of that game (its deck, its
Weather deck and its Elements), for every choice of expansions, so a client lists the cards in play."""

from __future__ import annotations

from itertools import combinations

import pytest

from ninjadojo.api import game_class
from ninjadojo.games.ninjitsu.cards import CARDS, SETS, cards_of, game_sets, weathers_of
from ninjadojo.games.ninjitsu.elements import SIDES, names_in_game

CHOICES = [combo for size in range(len(SETS) + 1) for combo in combinations(SETS, size)]


def truth(sets: tuple[str, ...]) -> set[str]:
    """The codes of the cards a game with ``sets`` deals from, as the game builds them."""
    codes = {CARDS[number].id for number in (*cards_of(sets), *weathers_of(sets))}
    if "elements" in sets:
        names = names_in_game(sets)
        codes |= {code for code in SIDES if code[:-1] in names}
    return codes


@pytest.mark.parametrize("expansions", CHOICES, ids=lambda combo: ",".join(combo) or "base")
@pytest.mark.parametrize("crossover", [False, True])
def test_the_cards_a_catalogue_lists_in_play_are_the_games_cards(expansions: tuple[str, ...], crossover: bool) -> None:
    if crossover and "promo" not in expansions:
        pytest.skip("the crossover needs the Promo Pack")
    cls = game_class("ninjitsu")
    options = {"expansions": ",".join(expansions), "crossover": crossover}
    sets = cls.sets_in_play(options)
    assert sets == game_sets(options)
    listed = {card.code for card in cls.card_catalog() if set(card.needs) <= set(sets)}
    assert listed == truth(sets)


def test_a_game_without_expansions_needs_no_set() -> None:
    for game in ("ninja-trap", "ninja-camp", "ninjato"):
        cls = game_class(game)
        assert cls.sets_in_play({}) == ()
        assert all(card.needs == () for card in cls.card_catalog())
    # Of Knights and Ninjas' expansion cards are in the box but left out of the 2-player variation: a set of
    # their own, in play at 3-6 players (tests/games/knights_and_ninjas/test_knights_and_ninjas_two_player.py).
    knights = game_class("knights-and-ninjas")
    assert knights.sets_in_play({}, 2) == () and knights.sets_in_play({}, 4) == knights.sets_in_play({})
