"""Ninjato's board at the terminal names what the Pavilion and the Palace offer in words (a Rumor by its kind
and cost, an Envoy by its clan, mask, cost and year), not in the letters only ``help`` explains
(``d3 Foes(vf)``, ``t3~(vf, year 1)``); the Sensei's tiles go on a line of their own when the Dojo's line has
no room for them in words. Within 80 columns and 20 lines, else back to the letters."""

from __future__ import annotations

import re

import pytest

from ninjadojo.engine import Rng
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.state import NinjatoState

#: A Rumor's, an Envoy's or a tile's code as the board used to write it: ``d3``, ``t3~``, ``t6@2``, ``(vf``.
CODE = re.compile(r"\b[a-z]\d(~|@|\b)|\([a-z]{1,3}[,)]")


def test_the_pavilion_and_the_palace_in_words() -> None:
    game = position(2, rup="w1,f2,d3,d6", vup="t3,m2,g3,g4")
    lines = game.render(0).splitlines()
    assert "Pavilion 0/2: Warrior (Fan), Friends (Scroll), Foes (Vase+Fan), Foes (1-3 alike)" in lines
    start = next(number for number, line in enumerate(lines) if line.startswith("Palace"))
    palace = " ".join(line.strip() for line in lines[start:start + 3] if not line.startswith("1."))
    for envoy in ("Taira masked (Vase+Fan, year 1)", "Minamoto (Vase+Scroll, year 2)",
                  "Go-Shirakawa masked (Vase+Fan, year 6)", "Go-Shirakawa (Jade+Vase, year 3)"):
        assert envoy in palace, lines
    # A line that goes on is indented under the first Envoy, not cut inside one.
    assert lines[start + 1].startswith(" " * len("Palace 0/2: ")) and not lines[start + 1].startswith(" " * 13)


def test_the_sensei_on_a_line_of_its_own_when_the_dojo_has_no_room() -> None:
    game = position(4, offer="s2@?,t1@1,t6@2,c1@?")
    lines = game.render(0).splitlines()
    assert "Sensei: Snake -2 (any), Tiger +1 (a 1), Tiger 6 (a 2), Crane 1/5 (any)" in lines
    assert any(line.startswith("Dojo up") and line.endswith("bag 75") for line in lines), lines


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_places_in_words_whenever_the_picture_has_room(players: int) -> None:
    """Random games: the Pavilion and the Palace in words (codes only where the picture would pass 20 lines
    or a line 80 columns); never more than 20 lines of 80 columns."""
    worded = 0
    for seed in range(4):
        game = NinjatoState.new(players, seed=seed)
        rng = Rng(seed)
        while not game.is_terminal:
            lines = game.render(0).splitlines()
            assert len(lines) <= 20 and all(len(line) <= 80 for line in lines), lines
            places = [line for line in lines if line.startswith(("Pavilion", "Palace"))]
            assert len(places) == 2
            if not any(CODE.search(line) for line in places):
                worded += 1
            seat = game.to_act()[0]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
    assert worded > 0


def test_a_house_treasure_of_up_to_35_letters_is_in_words() -> None:
    """A house's row has 35 columns for its treasure (house and clan 24, Sentry 11, raiders 10): six
    tokens are said in words, not as ``s s v j j g*``."""
    game = position(2, houses=["t2:3n:ssvjjg*", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:ffssvvjg"])
    lines = game.render(0).splitlines()
    assert any(line.startswith("house 1 ") and "2 Scrolls, Vase, 2 Jade, red Gold" in line for line in lines), lines
    # Eight tokens of five kinds need more: in letters.
    assert any(line.startswith("house 5 ") and "f f s s v v j g" in line for line in lines), lines
    assert all(len(line) <= 80 for line in lines)


def test_a_hand_of_dozens_of_dojo_cards_is_counted_within_80_columns() -> None:
    """A player who goes to the Dojo at every turn holds dozens of cards: "your hand: 1 1 1 ... 5" ran past 80
    columns (and the end's row of every hand was cut); they are counted by value when listed one by one they
    would not fit."""
    game = position(2, hands=["1" * 11 + "2" * 8 + "3" * 6 + "4" * 10 + "5" * 6, "22"])
    lines = game.render(0).splitlines()
    assert "your hand: 1 x11, 2 x8, 3 x6, 4 x10, 5 x6 (a 3 may be +1/-1 on another card)" in lines, lines
    assert all(len(line) <= 80 for line in lines), lines
    # A small hand is still each card.
    assert "your hand: 2 2" in position(2, hands=["22", "1"]).render(0).splitlines()
