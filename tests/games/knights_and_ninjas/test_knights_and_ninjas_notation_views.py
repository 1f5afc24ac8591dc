"""Notation, views (what each seat may know), refusals with reasons, and the heuristic bot."""

from __future__ import annotations

import re

import pytest

from ninjadojo.bots import make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.engine import Frame, IllegalActionError, NotationError
from ninjadojo.games.knights_and_ninjas import STATE, KnightsAndNinjasState
from ninjadojo.games.knights_and_ninjas.builder import hand, play, position
from ninjadojo.games.knights_and_ninjas.cards import KN


def test_notation_round_trips_a_position_mid_attack() -> None:
    game = position(4, hands=["knla", "pepe", "hw", "ex"], forts=["------", "ca----", "--ar--", "----mi"])
    play(game, "0:a1:la", "1:take", "0:a1:kn")
    text = game.to_notation()
    assert "ladder=1" in text and "pending=kn" in text and "attack=1" in text
    again = STATE.from_notation(text)
    assert again == game and again.legal_actions(1) == game.legal_actions(1)


def test_a_malformed_body_is_refused_with_what_is_wrong() -> None:
    text = STATE.new(3, seed=1).to_notation()
    with pytest.raises(NotationError, match="unknown card 'zz'"):
        STATE.from_notation(text.replace("discard=", "discard=zz"))
    with pytest.raises(NotationError, match="lacks draft"):
        STATE.from_notation(re.sub(r";draft=[a-z]*", "", text))
    with pytest.raises(NotationError, match="3 seats"):
        STATE.from_notation(text.replace("gems=5/5/5", "gems=5/5"))


def test_views_show_only_the_seats_own_hand() -> None:
    game = position(3, hands=["kn", "qu", "so"])
    assert game.observe(0)["hand"] == ["kn"]
    assert game.observe(None)["hand"] is None
    assert "qu" not in str(game.observe(0)) and "Queen" not in game.render(0)
    assert game.observe(0)["seats"][1] == {"gems": 5, "cards": 1, "castle": None, "archer": None,
                                             "minstrel": None, "known": []}


def test_no_view_tells_who_holds_a_highwayman() -> None:
    with_highwayman = position(3, hands=["kn", "pe", "hw"])
    without = position(3, hands=["kn", "pe", "so"])
    for game in (with_highwayman, without):
        play(game, "0:a1:kn", "1:take")
    for seat in (None, 0, 1):
        view_a, view_b = with_highwayman.observe(seat), without.observe(seat)
        assert view_a["waiting_for"] == view_b["waiting_for"] == [1, 2]


def test_determinising_keeps_cards_shown_to_a_herald() -> None:
    game = position(3, hands=["he", "knpepe", "qusoso"])
    play(game, "0:he", "1:show:kn", "2:show:qu")
    for seed in range(5):
        other = game.determinize(0, seed)
        assert other.hands[1][KN] >= 1 and other.hands[2][4] >= 1
        assert other.observe(0) == game.observe(0)


def test_illegal_actions_say_why() -> None:
    game = position(3, gems=[6, 0, 9], hands=["so", "pe", ""], forts=["------", "------", "ca----"])
    with pytest.raises(IllegalActionError, match="you hold no Knight"):
        game.apply(0, "a2:kn")
    with pytest.raises(IllegalActionError, match="no gems"):
        game.apply(0, "a1:so")
    with pytest.raises(IllegalActionError, match="yourself"):
        game.apply(0, "a0:so")
    with pytest.raises(IllegalActionError, match="Castle"):
        game.apply(0, "a2:so")
    before = game.to_notation()
    with pytest.raises(IllegalActionError, match="legal now"):
        game.apply(0, "f:ca")
    assert game.to_notation() == before


def test_an_illegal_action_quotes_what_was_typed_through_quote() -> None:
    """A reason repeats typed text through ``quote`` (at most 60 characters, its length said), not ``!r``."""
    game = position(3, hands=["so", "pe", ""])
    with pytest.raises(IllegalActionError, match="there is no seat '9': seats are 0 to 2"):
        game.apply(0, "a9:so")
    with pytest.raises(IllegalActionError, match="'zz' is not a card"):
        game.apply(0, "a1:zz")
    with pytest.raises(IllegalActionError) as error:
        game.apply(0, "a" + "9" * 150 + ":so")
    assert "there is no seat '99999" in str(error.value) and "(152 characters)" in str(error.value)
    assert "9" * 100 not in str(error.value)


def test_render_and_markup_draw_the_table_for_a_seat() -> None:
    game = position(3, hands=["kn", "", ""], forts=["ca----", "------", "------"])
    text = game.render(0)
    assert "your hand: Knight (kn) strength 3: common attack or respond" in text and "fort: Castle" in text
    assert "[bold]" in game.render_markup(0)


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_bot_plays_legal_moves_and_beats_random_players(players: int) -> None:
    wins = 0
    games = 24
    for seed in range(games):
        game = STATE.new(players, seed=seed)
        bots = [make_bot("heuristic" if s == 0 else "random", game.game_id, seed=seed * 7 + s)
                for s in range(players)]
        while not game.is_terminal:
            seat = game.to_act()[0]
            action = bots[seat].choose(SeatView(game, seat))
            assert action in game.legal_actions(seat)
            game.apply(seat, action)
        wins += game.winners() == (0,)
    assert wins / games > 1.5 / players


def test_cards_everyone_saw_enter_a_hand_stay_known_and_survive_determinisation() -> None:
    game = position(3, hands=["knso", "prpe", "pe"])
    play(game, "0:a1:kn", "1:r:pr")
    assert game.observe(2)["seats"][1]["known"] == ["kn"]
    for seed in range(5):
        assert game.determinize(2, seed).hands[1][KN] >= 1
    play(game, "0:end", "1:x:kn")
    assert game.observe(2)["seats"][1]["known"] == [], "played or discarded: no longer known"


def test_a_blind_merchant_pick_makes_the_victims_known_cards_unknown() -> None:
    game = position(3, hands=["knso", "prpe", "mepe"])
    play(game, "0:a1:kn", "1:r:pr", "0:end", "1:x:pe", "2:me1")
    assert game.observe(0)["seats"][1]["known"] == []


def test_render_does_not_repeat_the_prompt_printed_under_it() -> None:
    game = position(3, hands=["kn", "pe", "so"])
    play(game, "0:a1:kn")
    prompt = game.decision(1).prompt
    assert prompt.startswith("P0 attacks you with a Knight (strength 3)")
    assert "attacks" not in game.render(1), "the defender reads the attack in its prompt"
    assert "P0 attacks P1 with a Knight (strength 3)" in game.render(2), "the others see it on the table"
    play(game, "1:take")
    assert "Highwayman may steal" not in game.render(1) and "Highwayman may steal" in game.render(0)


def test_pre_attacks_and_turned_attacks_read_as_what_they_are() -> None:
    game = position(3, hands=["la", "pe", ""], forts=["------", "ca----", "------"])
    play(game, "0:a1:la")
    assert game.decision(1).prompt.startswith("P0 sets a Ladder against your Castle: nothing in your hand")
    game = position(3, hands=["pekn", "tr", ""])
    play(game, "0:a1:kn", "1:r:tr")
    assert "P1's Traitor turns the Knight (strength 3) back against you" in game.decision(0).prompt


def test_highwayman_prompt_tells_a_seat_without_one_to_pass_and_the_others_see_no_difference() -> None:
    game = position(4, hands=["kn", "pe", "hw", "so"])
    play(game, "0:a1:kn", "1:take")
    assert game.decision(3).prompt == ("P0 has just taken 3 gems from P1; "
                                       "you hold no Highwayman or Jester to steal them: pass")
    assert "steal them with a Highwayman" in game.decision(2).prompt
    other = position(4, hands=["kn", "pe", "so", "so"])
    play(other, "0:a1:kn", "1:take")
    for seat in (None, 0, 1):
        assert game.observe(seat) == other.observe(seat) and game.render(seat) == other.render(seat)


def test_turn_prompt_names_only_the_plays_open_now() -> None:
    game = position(3, hands=["kn", "pe", ""])
    assert game.decision(0).prompt == "Your turn (5 gems, 10 to win): attack a rival or discard a card"
    # At two players there is one rival to attack: "your rival".
    duel = position(2, hands=["kn", "pe"])
    assert duel.decision(0).prompt.startswith("Your turn (6 gems, 12 to win): attack your rival or ")


def test_refusals_give_the_reason_that_fits_the_moment() -> None:
    game = position(3, hands=["so", "prpe", ""])
    play(game, "0:a1:so")
    with pytest.raises(IllegalActionError, match="Princess takes only an attacking Knight or Dragon"):
        game.apply(1, "r:pr")
    with pytest.raises(IllegalActionError, match="you hold only 1 Peasant"):
        game.apply(1, "r:pe2")
    with pytest.raises(IllegalActionError, match="respond") as refused:
        game.apply(1, "a0:pe1")
    assert "you attack P" not in refused.value.reason, "not the attacker's message"
    with pytest.raises(IllegalActionError, match="no seat '7'"):
        position(3, hands=["kn", "", ""]).apply(0, "a7:kn")
    with pytest.raises(IllegalActionError, match="right after a rival takes gems"):
        position(3, hands=["hw", "", ""]).apply(0, "hw")
    with pytest.raises(IllegalActionError, match="nobody is attacking you"):
        position(3, hands=["so", "", ""]).apply(0, "r:so")
    with pytest.raises(IllegalActionError, match="only for living cards"):
        position(3, hands=["je", "", ""]).apply(0, "f:ca*")


def test_a_seat_without_gems_is_drawn_with_a_dash_in_both_renders() -> None:
    game = position(3, gems=[6, 0, 9], hands=["kn", "", ""])
    assert "P1:        0 gems -" in game.render(0)
    assert "P1:        0 gems -" in game.render_markup(0)


def _always_held(game: KnightsAndNinjasState, observer: int, holder: int, kind: int, count: int = 1) -> bool:
    return all(game.determinize(observer, seed).hands[holder][kind] >= count for seed in range(30))


def test_a_card_given_in_a_draft_stays_in_the_rivals_hand_when_the_giver_determinises() -> None:
    # The 2-player draft: the giver saw the card it gave, so no world it imagines lacks it.
    game = position(2, hands=["", ""], frames=[Frame("draft", [0])], draft="pesokn")
    play(game, "0:give")
    assert _always_held(game, 0, 1, KN)
    assert game.determinize(0, 3).observe(0) == game.observe(0)


def test_cards_a_merchant_took_stay_in_its_players_hand_when_the_victim_determinises() -> None:
    # The victim saw which of its cards went; a third seat did not, and its worlds vary.
    game = position(3, hands=["me", "knknknkn", ""])
    play(game, "0:me1")
    assert hand(game, 0) == "knkn"
    assert _always_held(game, 1, 0, KN, 2)
    assert not _always_held(game, 2, 0, KN, 1)
    world = game.determinize(2, 1)
    assert world.seen[1][0] == [0] * len(world.seen[1][0]), "seat 2's world holds nothing of what seat 1 knows"
    world.check_invariants()


def test_what_a_seat_saw_privately_is_part_of_the_position_notation() -> None:
    # The position holds everything: a position parsed from text keeps the victim's private sighting.
    game = position(3, hands=["me", "knknknkn", ""])
    play(game, "0:me1")
    text = game.to_notation()
    assert ";seen=1>0:knkn" in text
    again = type(game).from_notation(text)
    assert again.seen == game.seen and again.to_notation() == text
    assert _always_held(again, 1, 0, KN, 2)


def test_cards_paid_to_a_monk_stay_in_the_collectors_hand_when_the_payer_determinises() -> None:
    game = position(3, hands=["mo", "knkn", ""], gems=[6, 0, 9], forts=["------", "ca----", "------"])
    play(game, "0:mo", "1:pay:kn.kn")
    assert hand(game, 0) == "knkn"
    assert _always_held(game, 1, 0, KN, 2)


@pytest.mark.parametrize("action", ["a1:pe" + "9" * 5000, "a" + "9" * 5000 + ":kn", "a\u0661:kn", "a1:pe\u0662"])
def test_an_action_with_a_huge_or_foreign_number_is_refused_with_a_reason(action: str) -> None:
    # Bad input gets a clear refusal and changes nothing (int() would raise ValueError on 5000 digits).
    game = position(3, hands=["pepekn", "", ""])
    before = game.to_notation()
    with pytest.raises(IllegalActionError):
        game.apply(0, action)
    assert game.to_notation() == before
