"""The public builder states every part of a position by name (issue 22, "Builders that can state any
position"): the next cards drawn (``top``), a face-up Master of Magic with its owner, Freeze Time, Night
Vision's marks, an Event on top of the deck after set-up, the Weathers and their deck order with no
hidden default bringing Aurora Borealis into play; and every zone reads back from ``state.cards``."""

from __future__ import annotations

import pytest
from ninjitsu_helpers import discard, hand, play

from ninjadojo.engine import NotationError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position

# ---------------------------------------------------------------------------------------------- top


def test_top_cards_are_drawn_first_in_the_order_given_without_listing_the_deck() -> None:
    game = position(hands=["", ""], top="9a Kb 2c")
    assert game.cards("top")[:3] == ["9a", "Kb", "2c"]
    play(game, "d")  # draw 2: the first two named, first named first
    assert game.cards("hand", 0) == ["9a", "Kb"]
    play(game, "d")
    assert game.cards("hand", 1)[0] == "2c"
    assert len(game.deck) == 42 - 4, "the rest of the deck is still there"


def test_top_lies_on_a_given_deck() -> None:
    game = position(hands=["", ""], deck="2a 3a", top="4a")
    assert game.cards("deck") == ["2a", "3a", "4a"] and game.cards("top") == ["4a", "3a", "2a"]


def test_a_card_in_top_and_elsewhere_is_refused() -> None:
    with pytest.raises(NotationError, match="9a placed twice"):
        position(hands=["9a", ""], top="9a")
    with pytest.raises(NotationError, match="unknown card 'Zz' in top"):
        position(top="Zz")
    with pytest.raises(NotationError, match="not in this game's deck"):
        position(top="Km")


# ---------------------------------------------------------------------------------------------- reading back


def test_every_zone_reads_back_in_the_order_the_builder_takes_it_and_rebuilds_the_same_position() -> None:
    args = {"players": 3, "turn": 1, "hands": ["6a Ka", "9b", ""], "treasures": ["", "5c", "7a"],
            "secrets": ["Ta", "", "4b 3b"], "discard": "2a 8c", "top": "Qb Jc"}
    game = position(**args)  # type: ignore[arg-type]
    assert [game.cards("hand", seat) for seat in range(3)] == [["6a", "Ka"], ["9b"], []]
    assert game.cards("treasures", 2) == ["7a"] and game.cards("secrets", 2) == ["4b", "3b"]
    assert game.cards("discard") == ["2a", "8c"] and game.cards("top")[:2] == ["Qb", "Jc"]
    assert game.cards("deck") == game.cards("top")[::-1]
    again = position(players=3, turn=1, hands=[" ".join(game.cards("hand", seat)) for seat in range(3)],
                     treasures=[" ".join(game.cards("treasures", seat)) for seat in range(3)],
                     secrets=[" ".join(game.cards("secrets", seat)) for seat in range(3)],
                     discard=" ".join(game.cards("discard")), deck=" ".join(game.cards("deck")))
    assert again.to_notation() == game.to_notation()
    assert NinjitsuState.from_notation(game.to_notation()) == game


def test_cards_refuses_a_zone_or_seat_that_is_not_there_saying_which_there_are() -> None:
    game = position()
    with pytest.raises(ValueError, match="no zone 'hands': the zones are hand, treasures, secrets"):
        game.cards("hands", 0)
    with pytest.raises(ValueError, match="give seat, from 0 to 1"):
        game.cards("hand")
    with pytest.raises(ValueError, match="shared: give no seat"):
        game.cards("deck", 0)


# ---------------------------------------------------------------------------------------------- Masters of Magic


def test_a_face_up_master_of_magic_lies_in_the_deck_with_its_owner() -> None:
    game = position(expansions="magic", hands=["", ""], top="6a Xm 7a", magic_owner=1)
    assert game.magic_owner == 1 and game.cards("top")[:3] == ["6a", "Xm", "7a"]
    assert game.observe(0)["magic_in_deck"] == 1, "everyone sees it face-up in the deck"
    assert NinjitsuState.from_notation(game.to_notation()) == game
    play(game, "d")
    # It surfaces when it reaches the top (the rulebook): discarded, never drawn.
    assert "Xm" not in hand(game, 0).split() and "Xm" in discard(game).split() and game.magic_owner == -1


def test_a_face_up_master_of_magic_placed_nowhere_lies_at_the_bottom() -> None:
    game = position(expansions="magic", magic_owner=0)
    assert game.cards("deck")[0] == "Xm"


def test_a_master_of_magic_that_cannot_lie_face_up_in_the_deck_is_refused() -> None:
    with pytest.raises(NotationError, match="surfaces at once"):
        position(expansions="magic", top="Xm 6a", magic_owner=1)
    with pytest.raises(NotationError, match="Xm is placed elsewhere"):
        position(expansions="magic", hands=["Xm", ""], magic_owner=1)
    with pytest.raises(NotationError, match=r"need.*expansions including magic"):
        position(magic_owner=1)
    with pytest.raises(NotationError, match=r"magic_owner .* is a seat from 0 to 1"):
        position(expansions="magic", magic_owner=2)


def test_freeze_time_skips_the_start_of_turn_win_check_until_its_player_starts_a_turn() -> None:
    # Freeze Time: "no one can win until your next turn". P0 starts a turn at the target: no win.
    won = position(expansions="magic", treasures=["Ta 9a 2b", ""])
    assert won.winners() == (0,)
    game = position(expansions="magic", hands=["6a", "6b"], treasures=["Ta 9a 2b", ""], frozen=1)
    assert game.result is None and game.frozen == 1 and game.to_act() == (0,)
    play(game, "s:6a", "s:6b")  # P1's turn starts: the freeze ends; then P0 starts at the target and wins
    assert game.winners() == (0,)
    with pytest.raises(NotationError, match="Freeze Time ends as its player's turn starts"):
        position(expansions="magic", frozen=0)


def test_a_night_vision_mark_makes_its_holder_play_that_card_or_skip() -> None:
    game = position(expansions="magic", hands=["6a 7a", ""], marks=["7a", ""])
    assert game.mark(0) == "7a" and game.mark(1) is None
    assert set(game.legal_actions(0)) == {"a:7a", "s:7a", "t:7a", "pass"}
    assert NinjitsuState.from_notation(game.to_notation()) == game
    with pytest.raises(NotationError, match="a card of P0's hand"):
        position(expansions="magic", hands=["6a", ""], marks=["7a", ""])
    with pytest.raises(NotationError, match="marks lists one card id per seat"):
        position(expansions="magic", marks=["6a"])


# ---------------------------------------------------------------------------------------------- Heavy Weather


def test_an_event_on_top_of_the_deck_after_set_up_goes_into_play_and_one_below_surfaces_when_reached() -> None:
    # The rulebook: an Event that is the top card of the deck goes into play at once.
    game = position(expansions="weather", top="Hv 6a")
    assert game.cards("events") == ["Hv"] and game.cards("top")[0] == "6a"
    game = position(expansions="weather", hands=["", ""], top="6a Fv 7a 8a")
    assert game.cards("events") == [] and game.cards("top")[:2] == ["6a", "Fv"]
    play(game, "d")
    assert hand(game, 0) == "6a 7a", "the Event surfaced between the two cards drawn, never drawn"
    assert "Fv" in game.cards("events") or "Fv" in game.cards("discard")


def test_aurora_borealis_is_not_in_play_nor_next_unless_the_position_names_it() -> None:
    # Flood: "then a new Weather card comes into play". With the Promo Pack, the Weather deck a builder
    # makes by default must not bring Aurora Borealis (twice the target) in next.
    game = position(expansions="promo,weather", hands=["6a", ""], events="Fv")
    assert game.cards("weather") == ["Sw"] and game.cards("weather_deck")[:2] == ["Aw", "Dw"]
    play(game, "s:6a")
    assert game.cards("weather") == ["Tw"], "the box's Storms comes in, the Promo Pack's last"
    assert "Aw" not in game.cards("weather") and game.target == 21
    named = position(expansions="promo,weather", weather="Aw")
    assert named.cards("weather") == ["Aw"] and named.target == 42


def test_the_weather_deck_order_is_stated_plainly() -> None:
    deck = "Sw Uw Rw Fw Ww Hw Tw Dw"
    game = position(expansions="promo,weather", hands=["6a", ""], weather="Aw", weather_deck=deck, events="Fv")
    assert game.cards("weather_deck") == deck.split()
    play(game, "s:6a")  # Aurora Borealis: a second action
    play(game, "d")
    assert game.cards("weather") == ["Dw"], "the last card listed (bottom first) comes into play next"
    with pytest.raises(NotationError, match=r"whole Weather deck: place Weather card.* Tw"):
        position(expansions="weather", weather_deck="Uw Rw Fw Ww Hw")
    with pytest.raises(NotationError, match="placed twice"):
        position(expansions="weather", weather="Sw", weather_deck="Sw Uw Rw Fw Ww Hw Tw")
    with pytest.raises(NotationError, match="need expansions including weather"):
        position(weather_deck="Sw")


def test_an_event_in_a_hand_is_refused_by_the_builder() -> None:
    with pytest.raises(NotationError, match="an Event is never in a hand"):
        position(expansions="weather", hands=["Hv", ""])


def test_the_zone_accessors_examples_run() -> None:
    import doctest

    from ninjadojo.games.ninjitsu import state

    finder = doctest.DocTestFinder()
    tests = [test for test in finder.find(state.NinjitsuState, "NinjitsuState", module=state)
             if test.name.endswith((".cards", ".mark")) and test.examples]
    assert tests, "NinjitsuState.cards has a runnable example"
    runner = doctest.DocTestRunner()
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_knowledge_beyond_the_default_is_stated_by_card() -> None:
    # P0 has seen P1's 9b (a look): P0's view shows it in P1's hand, P2's does not.
    game = position(players=3, hands=["", "9b 4c", ""], known={"9b": [0]})
    assert "9b" in str(game.observe(0)["seats"]) and "9b" not in str(game.observe(2)["seats"])
    assert NinjitsuState.from_notation(game.to_notation()) == game
    # Nobody knows the deck's order: whoever knows one of its cards knows them all (the laws refuse less).
    with pytest.raises(NotationError, match="every card of the deck is known to the same seats"):
        position(hands=["", ""], top="6a", known={"6a": [0]})
    with pytest.raises(NotationError, match="lists seats from 0 to 1"):
        position(known={"6a": [2]})
    with pytest.raises(NotationError, match="unknown card"):
        position(known={"Zz": [0]})
    with pytest.raises(NotationError, match="single card ids"):
        position(known={"6a 7a": [0]})


def test_a_master_of_magic_under_events_only_is_refused() -> None:
    # The Events on top go into play at once (set-up), which would leave the Master of Magic on top.
    with pytest.raises(NotationError, match="under Events only"):
        position(expansions="magic,weather", top="Hv Xm 6a", magic_owner=1)
    game = position(expansions="magic,weather", top="Hv 6a Xm", magic_owner=1)
    assert game.cards("events") == ["Hv"] and game.cards("top")[:2] == ["6a", "Xm"]
