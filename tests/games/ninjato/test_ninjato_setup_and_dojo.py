"""Set-up, the Dojo and turn order (text: "Setup", "Dojo Cards", "End of Turn")."""

from __future__ import annotations

import pytest
from ninjato_helpers import field, hand, play, visit_dojo

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.cards import DOJO_COUNTS, START_MARKERS, TREASURE_COUNTS
from ninjadojo.games.ninjato.state import NinjatoState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_four_cards_three_face_up_four_rumors_four_envoys_and_a_tile_per_player(players: int) -> None:
    game = NinjatoState.new(players, seed=5)
    assert [game.hand_size(seat) for seat in range(players)] == [4] * players
    assert len(game.up) == 3
    assert len(game.deck) == sum(DOJO_COUNTS.values()) - 4 * players - 3
    assert len(game.rup) == 4 and len(game.vup) == 4
    assert len(game.offer) == players
    assert game.hj_left == 3
    assert sorted(game.order) == list(range(players))
    assert game.to_act() == (game.order[0],)
    game.check_invariants()


def test_setup_houses_have_a_sentry_three_plain_treasures_and_the_printed_markers() -> None:
    game = NinjatoState.new(3, seed=8)
    houses = field(game, "houses").split("/")
    assert [text.split(":")[0] for text in houses] == list(START_MARKERS)
    for text in houses:
        _, sentry, tokens = text.split(":")
        assert sentry != "-" and len(tokens) == 3 and "*" not in tokens
    assert sum(game.bag) == sum(TREASURE_COUNTS) - 15


def visit_dojo_counting(game: NinjatoState, seat: int) -> int:
    """Place on the Dojo and draw every card blind; the number of cards drawn."""
    before = game.hand_size(seat)
    game.apply(seat, "dojo")
    while game.decision(seat) is not None and game.decision(seat).kind == "draw":
        game.apply(seat, "deck")
    return game.hand_size(seat) - before


@pytest.mark.parametrize(("cards", "drawn"), [("", 4), ("5", 3), ("55", 2), ("12345", 2)])
def test_the_dojo_draws_two_or_up_to_four_by_hand_size(cards: str, drawn: int) -> None:
    game = position(2, hands=[cards, ""])
    assert visit_dojo_counting(game, 0) == drawn


def test_once_the_face_up_cards_are_gone_the_rest_is_drawn_blind_without_a_choice() -> None:
    game = position(2, hands=["", ""], up="135", top="2222")
    play(game, "0:dojo", "0:d1", "0:d3", "0:d5")
    assert hand(game, 0) == "1235"
    assert game.up == [2, 2, 2] and game.to_act() == (1,)


def test_dojo_draws_one_at_a_time_from_the_face_up_three_or_the_deck_then_refills() -> None:
    game = position(2, hands=["55", ""], up="124", top="333")
    play(game, "0:dojo")
    assert game.decision(0).kind == "draw"
    assert game.legal_actions(0) == ["d1", "d2", "d4", "deck"]
    play(game, "0:d4")
    assert game.up == [1, 2], "the face-up cards are refilled only after the last draw"
    play(game, "0:deck")
    assert hand(game, 0) == "3455"
    assert game.up == [1, 2, 3], "refilled from the deck's top"
    assert game.known[0][4] == 1 and game.known[0][3] == 0, "a face-up card taken is known to all, a blind one not"
    assert game.to_act() == (1,)


def test_a_known_card_spent_is_taken_to_be_the_known_one() -> None:
    game = position(2, hands=["5", ""], known=["5", ""], houses=["t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv",
                                                                 "m4:3n:fsv"])
    play(game, "0:h1+", "0:5")
    assert game.known[0] == [0] * 6


def test_the_last_to_come_to_the_dojo_leads_the_next_round_and_the_others_follow_in_their_order() -> None:
    # Text: top of the Dojo stack first, then the next, ignoring a seat's second shuriken; seats that
    # did not come follow in their old relative order.
    game = position(3, order="012", hands=["55", "55", "55"])
    for seat in (0, 1, 2, 0, 1, 2, 0, 1):
        visit_dojo(game, seat)
    assert game.round == 1 and game.to_act() == (2,)
    house = next(action for action in game.legal_actions(2) if action.startswith("h"))
    game.apply(2, house)
    game.apply(2, "lose")
    # The Dojo stack was 0 1 2 0 1 2 0 1 (seat 1 on top): seat 1, then 0, then 2.
    assert game.round == 2 and game.order == [1, 0, 2]


def test_seats_that_did_not_come_to_the_dojo_follow_in_their_old_order() -> None:
    # Order 3 1 0 2; the Dojo stack is 1 2 1 (seat 1 on top); seats 3 and 0 never came.
    game = position(4, order="3102", hands=["", "", "1", ""], dojo="121", spots="33300012..")
    assert game.to_act() == (2,)
    play(game, "2:h5+", "2:lose")
    assert game.round == 2 and game.order == [1, 2, 3, 0]


def test_a_round_is_three_shuriken_each_in_turn_order() -> None:
    game = position(2, order="10")
    seen = []
    while game.round == 1:
        seat = game.to_act()[0]
        seen.append(seat)
        visit_dojo(game, seat)
    assert seen == [1, 0, 1, 0, 1, 0]


def test_the_dojo_is_always_open_even_with_nothing_to_draw() -> None:
    # Every Dojo card is in the hands: the Dojo still takes a shuriken (and decides the turn order).
    cards = "".join(str(value) * count for value, count in DOJO_COUNTS.items())
    game = position(2, hands=[cards[:26], cards[26:]], up="")
    assert "dojo" in game.legal_actions(0)
    play(game, "0:dojo")
    assert game.hand_size(0) == 26 and game.to_act() == (1,)


def test_an_empty_deck_is_rebuilt_from_the_discards() -> None:
    cards = "".join(str(value) * count for value, count in DOJO_COUNTS.items())
    for face_up in "123":
        cards = cards.replace(face_up, "", 1)
    game = position(2, hands=[cards[:20], ""], up="123", discard=cards[20:])
    assert not game.deck and sum(game.discard) == 29
    visit_dojo(game, 0)
    assert game.hand_size(0) == 22
    assert len(game.up) == 3 and len(game.deck) + sum(game.discard) == 27


def test_placing_out_of_turn_is_refused() -> None:
    game = position(2)
    with pytest.raises(IllegalActionError):
        game.apply(1, "dojo")


def test_with_deck_and_discards_empty_only_the_face_up_cards_can_be_drawn() -> None:
    cards = "".join(str(value) * count for value, count in DOJO_COUNTS.items())
    for face_up in "123":
        cards = cards.replace(face_up, "", 1)
    game = position(2, hands=[cards[:24], cards[24:]], up="123")
    play(game, "0:dojo")
    assert game.legal_actions(0) == ["d1", "d2", "d3"]
    play(game, "0:d2", "0:d3")
    assert game.up == [1] and game.to_act() == (1,), "nothing left to refill the face-up cards"
