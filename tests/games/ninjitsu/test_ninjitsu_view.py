"""The terminal picture: what a human at a seat sees (and does not see) of the position."""

from __future__ import annotations

import pytest
from ninjitsu_helpers import play, position
from rich.text import Text

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARDS


def test_screen_shows_named_hand_every_collection_the_discard_top_the_deck_and_ones_points() -> None:
    game = position(players=3, hands=["6a Xa", "8b", ""], treasures=["", "9c", ""], secrets=["4a", "Ta 2b", ""],
                    discard="7c", deck="2a 3a 5a")
    text = game.render(0)
    assert "deck 3" in text and "top 7c Chain and Sickle" in text
    assert "P0 (you): 6 points, 2 cards in hand" in text
    assert "6a Katana (6)" in text and "discard any treasure, then play a card" in text
    assert "Xa Master of Surprise" in text  # a card without value shows none
    assert "secrets:   0:4a Bo Staff (6)" in text  # own secrets with their face-down worth
    assert "P1: 9 points in treasures, 1 card in hand" in text
    assert "secrets:   0:## 1:##" in text and "treasures: 9c Smoke Bomb" in text
    assert "8b" not in text and "Ta" not in text and "2b" not in text


def test_screen_leaves_the_prompt_and_the_result_to_the_driver() -> None:
    game = position(hands=["9a", "6b"], treasures=["Tc 2b", ""])
    play(game, "t:9a")
    prompt = game.decision(1).prompt  # type: ignore[union-attr]
    assert prompt not in game.render(1) and "your turn" not in game.render(1)
    play(game, "t:6b")
    assert game.result is not None
    assert all(game.result.reason not in game.render(seat) for seat in (0, 1, None))


def test_every_line_fits_an_80_column_terminal_and_markup_is_the_same_text_in_colour() -> None:
    game = position(players=3, hands=[" ".join(CARD_IDS[:14]), "Kb 2c", "Qb"],
                    treasures=["4c 5c 6c 7c 8c 9c", "8b 7b", "Tc"],
                    secrets=["Kc Qc Jc Xc Ac Jb Xb", "Tb 3b", "Ab"])
    play(game, "a:Aa")
    for seat in (0, 1, 2, None):
        plain = game.render(seat)
        assert max(len(line) for line in plain.splitlines()) <= 78
        assert Text.from_markup(game.render_markup(seat)).plain == plain


def test_every_card_has_a_brief_text_that_fits_the_hand_listing() -> None:
    assert all(0 < len(card.brief) <= 47 for card in CARDS)
    assert max(len(card.name) + (0 if card.value is None else len(f" ({card.value})")) for card in CARDS) <= 21


def test_a_card_whose_place_everyone_saw_shows_in_the_holders_hand() -> None:
    game = position(hands=["Qa 6b", ""], treasures=["", "9c"])
    play(game, "a:Qa", "c:9c")
    assert "known in hand: 9c Smoke Bomb" in game.render(1)
    assert "known in hand" not in game.render(0)  # one's own hand is listed in full


def test_swap_with_fewer_than_two_secrets_says_why() -> None:
    game = position(hands=["6a", ""], secrets=["5a", ""])
    with pytest.raises(IllegalActionError, match="you have 1 secret; to swap two you need at least 2"):
        game.apply(0, "w0.1")


@pytest.mark.parametrize(("typed", "meant"), [("D", "d"), ("A:6a", "a:6a"), ("s:6A", "s:6a"), (" T:6A ", "t:6a")])
def test_an_action_in_the_wrong_case_is_refused_with_its_right_spelling(typed: str, meant: str) -> None:
    game = position(hands=["6a", ""])
    before = game.to_notation()
    with pytest.raises(IllegalActionError, match=f"did you mean '{meant}'"):
        game.apply(0, typed)
    assert game.to_notation() == before


def test_stealing_from_a_player_without_secrets_says_so() -> None:
    game = position(players=3, hands=["6a", "", ""], secrets=["", "7a", ""])
    with pytest.raises(IllegalActionError, match="P2 has no secrets"):
        game.apply(0, "x2.0")


def test_the_drawer_alone_is_told_the_names_of_the_cards_drawn() -> None:
    game = position(hands=["6a", ""], deck="2a 3a 4a")
    play(game, "d")
    assert game.observe(0)["log"][-1] == "you drew 4a Bo Staff, 3a Snare"  # type: ignore[index]
    assert game.observe(1)["log"][-1] == "P0 draws 2 cards"  # type: ignore[index]


@pytest.mark.parametrize("typed", ["x².0", "w0.²", "f1.²", "x" + "9" * 5000 + ".0", "x١.0", "x1.-1"])
def test_a_target_that_is_not_two_small_whole_numbers_is_refused_clearly(typed: str) -> None:
    game = position(hands=["6a", ""], secrets=["5a 4a", "3b"])
    before = game.to_notation()
    with pytest.raises(IllegalActionError, match="two small whole numbers"):
        game.apply(0, typed)
    assert game.to_notation() == before
