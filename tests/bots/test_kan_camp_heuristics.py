"""The heuristic bots of Of Knights and Ninjas and Ninja Camp play past the flaws a learning agent found.

Of Knights and Ninjas, 2 players: nobody draws in the duel, so the cards drafted are all a player gets;
the heuristic used to give away every card it rated below a Knight (each gift a card for the rival),
and a learner that simply kept every card beat it 199 games of 200. Ninja Camp: the heuristic claimed
the richest cards greedily and played its moving cards first, until it held only Ambushes (which need
a rival in line), had to pass for good and left the rest of the grounds to its rival.
"""

from __future__ import annotations

import pytest

from ninjadojo.bots import make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.bots.ninja_camp import readiness
from ninjadojo.engine import Frame
from ninjadojo.games.knights_and_ninjas import STATE
from ninjadojo.games.knights_and_ninjas.builder import position as kan_position
from ninjadojo.games.ninja_camp.builder import position as camp_position
from ninjadojo.games.ninja_camp.cards import AMBUSH, EVADE, LETTERS, SHADOW


def _choose(game: object, spec: str, game_id: str, seat: int, seed: int) -> str:
    return make_bot(spec, game_id, seed).choose(SeatView(game, seat))  # type: ignore[arg-type]


@pytest.mark.parametrize("drawn", ["pe", "so", "he", "mo", "la", "kn"])
def test_duel_heuristic_keeps_a_drafted_card_when_not_ahead_in_cards(drawn: str) -> None:
    # Giving the card hands it to the rival: with no drawing in the duel, a card given is one the rival
    # plays against you and one you will never have.
    game = kan_position(2, hands=["sokn", "pekn"], frames=[Frame("draft", [0])], draft="kiqu" + drawn)
    for seed in range(5):
        assert _choose(game, "heuristic", "knights-and-ninjas", 0, seed) == "keep"


def test_duel_heuristic_gives_a_peasant_away_only_when_well_ahead_in_cards() -> None:
    game = kan_position(2, hands=["soknkiex", "pe"], frames=[Frame("draft", [0])], draft="kiqupe")
    assert _choose(game, "heuristic", "knights-and-ninjas", 0, 1) == "give"
    rich = kan_position(2, hands=["soknkiex", "pe"], frames=[Frame("draft", [0])], draft="kiquso")
    assert _choose(rich, "heuristic", "knights-and-ninjas", 0, 1) == "keep", "a Soldier is a card worth keeping"


def test_two_heuristics_split_the_draft_evenly() -> None:
    for seed in range(8):
        game = STATE.new(2, seed=seed)
        bots = [make_bot("heuristic", "knights-and-ninjas", seed * 2 + seat) for seat in (0, 1)]
        while game.decision(game.to_act()[0]).kind == "draft":  # type: ignore[union-attr]
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].choose(SeatView(game, seat)))
        assert sum(game.sizes) == 15 and abs(game.sizes[0] - game.sizes[1]) <= 2, (seed, game.sizes)


def _hand(letters: str) -> list[int]:
    hand = [0] * len(LETTERS)
    for letter in letters:
        hand[LETTERS.index(letter)] += 1
    return hand


def test_a_hand_that_needs_a_rival_in_line_is_less_ready_than_one_that_moves_anywhere() -> None:
    ambushes = _hand("AAA")
    assert ambushes[AMBUSH] == 3
    assert readiness(ambushes, clan=False) < readiness(_hand("E"), clan=False) <= 1.0
    assert readiness(_hand("H"), clan=False) < readiness(_hand("E"), clan=False)
    assert readiness(_hand(""), clan=False) == 0.0 < readiness(_hand(""), clan=True)
    assert _hand("H")[SHADOW] == 1 and _hand("E")[EVADE] == 1


def test_camp_heuristic_plays_its_ambush_and_keeps_the_evade_that_moves_anywhere() -> None:
    # Seat 0 holds an Ambush and an Evade, its clan card used; its ninja on d3 can charge P1's on d5.
    # Evading first would leave it only the Ambush, stuck as soon as no rival stands in line.
    squares = {"d3": "D0", "a1": "S0", "b1": "D0", "d5": "D1", "g7": "S1", "f7": "S1", "d6": "D", "a7": "."}
    game = camp_position(2, squares=squares, hands={0: "AE", 1: "ER"}, clans={0: "AR"}, to_act=0)
    assert "A:d3-d5" in game.legal_actions(0)
    for seed in range(5):
        assert _choose(game, "heuristic", "ninja-camp", 0, seed) == "A:d3-d5"
