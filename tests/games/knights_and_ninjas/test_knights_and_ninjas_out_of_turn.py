"""Highwayman windows, the Jester, and the special actions Herald, Merchant and Monk."""

from __future__ import annotations

from ninjadojo.games.knights_and_ninjas.builder import hand, play, position
from ninjadojo.games.knights_and_ninjas.cards import HE, JE


def test_highwayman_window_asks_every_other_seat_with_a_card_at_once() -> None:
    game = position(4, hands=["kn", "pe", "hw", "so"])
    play(game, "0:a1:kn", "1:take")
    frame = game.frames[-1]
    assert frame.kind == "highwayman" and frame.simultaneous
    assert game.to_act() == (1, 2, 3), "the victim is included, the holder is not"
    assert game.legal_actions(3) == ["pass"] and game.legal_actions(2) == ["hw", "pass"]


def test_a_seat_with_nothing_to_steal_with_is_asked_only_as_a_formality() -> None:
    # Everyone holding cards is asked, so that being asked tells nobody who holds a Highwayman; a seat
    # that can only pass has nothing to decide, and drivers answer it without a word in the log.
    game = position(4, hands=["kn", "pe", "hw", "so"])
    play(game, "0:a1:kn", "1:take")
    for seat, formality in ((1, True), (2, False), (3, True)):
        decision = game.decision(seat)
        assert decision is not None and decision.kind == "highwayman"
        assert decision.formality is formality, seat
    assert game.decision(0) is None


def test_a_jester_can_steal_so_holding_one_is_no_formality() -> None:
    game = position(4, hands=["kn", "pe", "je", "so"])
    play(game, "0:a1:kn", "1:take")
    decision = game.decision(2)
    assert decision is not None and not decision.formality and game.legal_actions(2) != ["pass"]


def test_an_attack_answered_is_a_choice_not_a_formality() -> None:
    game = position(4, hands=["kn", "hw", "hw", "so"])
    play(game, "0:a1:kn")
    decision = game.decision(1)
    assert decision is not None and decision.kind == "respond" and game.legal_actions(1) == ["take"]
    assert not decision.formality


def test_highwayman_steals_the_gems_and_a_new_window_opens_against_him() -> None:
    game = position(4, hands=["knpe", "hwpe", "hw", "so"], top="sosopepepepe")
    play(game, "0:a1:kn", "1:take")
    play(game, "1:pass", "2:hw", "3:pass")
    assert game.gems == [5, 2, 8, 5]
    # Chained: the victim (seat 1) and the attacker may steal them in turn.
    assert game.frames[-1].kind == "highwayman" and game.to_act() == (0, 1, 3)
    play(game, "0:pass", "1:hw", "3:pass")
    assert game.gems == [5, 5, 5, 5]


def test_the_first_highwayman_clockwise_from_the_holder_takes_the_gems() -> None:
    game = position(4, hands=["kn", "hw", "hw", "hwso"], top="sosopepepepe")
    play(game, "0:a3:kn", "3:take")
    # Submitted in any order, seat 1 comes first clockwise from seat 0.
    play(game, "3:hw", "2:hw", "1:hw")
    assert game.gems == [5, 8, 5, 2]
    assert hand(game, 2) == "hw" and hand(game, 3) == "sohw", "the others keep their Highwaymen"


def test_a_highwayman_can_win_out_of_turn() -> None:
    # RULINGS.md: "Win the moment you hold the target ..., on anyone's turn": no window against him.
    game = position(3, gems=[4, 3, 8], hands=["kn", "pe", "hw"])
    play(game, "0:a1:kn", "1:take", "1:pass", "2:hw")
    assert game.is_terminal and game.winners() == (2,) and game.gems == [4, 0, 11]


def test_a_highwayman_can_win_out_of_turn_after_a_window_against_him_with_the_house_rule() -> None:
    game = position(3, gems=[4, 3, 8], hands=["kn", "pe", "hw"], options={"win_check": "after-highwayman"})
    play(game, "0:a1:kn", "1:take", "1:pass", "2:hw")
    assert not game.is_terminal, "a window opens against the Highwayman first"
    play(game, "1:pass")
    assert game.is_terminal and game.winners() == (2,)


def test_a_win_by_common_attack_counts_at_once_even_when_a_rival_holds_a_highwayman() -> None:
    # RULINGS.md: "Win the moment you hold the target (10, minus 1 per reshuffle), on anyone's turn".
    game = position(3, gems=[7, 5, 3], hands=["kn", "pe", "hw"])
    play(game, "0:a1:kn", "1:take")
    assert game.is_terminal and game.winners() == (0,) and game.gems == [10, 2, 3]
    assert not game.to_act() and hand(game, 2) == "hw", "no Highwayman window opens: seat 2 keeps its card"


def test_a_win_by_common_attack_waits_for_the_highwayman_window_with_the_house_rule() -> None:
    # Rulebook, Jester example: "Unless... another Highwayman steals them from you".
    game = position(3, gems=[7, 5, 3], hands=["kn", "pe", "hw"], options={"win_check": "after-highwayman"})
    play(game, "0:a1:kn", "1:take")
    assert not game.is_terminal and game.gems[0] == 10
    play(game, "1:pass", "2:hw")
    assert not game.is_terminal and game.gems == [7, 2, 6]


def test_a_win_by_common_attack_stands_when_nobody_steals_with_the_house_rule() -> None:
    game = position(3, gems=[7, 5, 3], hands=["kn", "pe", "hw"], options={"win_check": "after-highwayman"})
    play(game, "0:a1:kn", "1:take", "1:pass")
    assert not game.is_terminal
    play(game, "2:pass")
    assert game.winners() == (0,)


def test_no_highwayman_against_a_unique_attack() -> None:
    game = position(3, hands=["ni", "pe", "hw"], top="sosopepe")
    play(game, "0:a1:ni", "1:take")
    assert game.frames[-1].kind == "turn" and game.current == 1


def test_jester_as_highwayman_wins_out_of_turn() -> None:
    # The rulebook's example: 8 gems, a Jester as a Highwayman steals a Knight's 3 gems: 11, a win.
    game = position(4, gems=[5, 5, 8, 2], hands=["kn", "pe", "je", "so"])
    play(game, "0:a1:kn", "1:take")
    assert game.legal_actions(2) == ["hw*", "pass"]
    play(game, "1:pass", "2:hw*", "3:pass")
    assert game.winners() == (2,) and game.gems[2] == 11, "by default the win counts at once"
    assert game.discard[-1] == JE


def test_jester_as_highwayman_wins_after_the_window_against_him_with_the_house_rule() -> None:
    game = position(4, gems=[5, 5, 8, 2], hands=["kn", "pe", "je", "so"], options={"win_check": "after-highwayman"})
    play(game, "0:a1:kn", "1:take", "1:pass", "2:hw*", "3:pass")
    assert not game.is_terminal and game.to_act() == (1, 3)
    play(game, "1:pass", "3:pass")  # "Unless... another Highwayman steals them from you"
    assert game.winners() == (2,) and game.gems[2] == 11
    assert game.discard[-1] == JE


def test_jester_stands_for_living_cards_in_every_role_but_not_objects() -> None:
    game = position(3, hands=["je", "pe", ""], forts=["------", "------", "------"])
    legal = set(game.legal_actions(0))
    assert {"f:ar*", "f:mi*", "a1:so*", "a1:kn*", "a1:qu*", "a1:ni*", "a1:dr*", "a1:pe1*", "he*", "x:je"} <= legal
    assert "f:ca" not in legal and "f:ca*" not in legal
    game = position(3, hands=["je", "pe", ""], forts=["------", "ca----", "------"])
    assert not [a for a in game.legal_actions(0) if a.startswith(("a1:cp", "a1:la"))]


def test_jester_responds_as_a_traitor_princess_executioner_or_common_card() -> None:
    game = position(3, hands=["kn", "je", ""])
    play(game, "0:a1:kn")
    assert {"r:tr*", "r:pr*", "r:ex*", "r:mi*", "r:so*", "r:qu*", "r:pe1*", "take"} <= set(game.legal_actions(1))
    play(game, "1:r:qu*")
    assert game.gems[:2] == [5, 5] and game.discard.count(JE) == 1


def test_jester_joins_a_peasant_revolt() -> None:
    game = position(3, gems=[3, 9, 3], hands=["pepeje", "", "pe"])
    play(game, "0:a1:pe3*", "2:pass")
    assert game.gems[:2] == [6, 6]


def test_jester_as_archer_fortifies_and_is_killed_by_a_ninja() -> None:
    game = position(3, hands=["je", "ni", ""], top="sosopepe")
    play(game, "0:f:ar*")
    assert game.forts[0][1] == JE
    play(game, "1:a0:ni")
    assert game.forts[0][1] == -1 and game.discard[-2:].count(JE) == 1


def test_herald_each_rival_shows_one_card_and_the_herald_takes_one() -> None:
    game = position(4, hands=["he", "knpe", "qu", ""], top="sosopepe")
    play(game, "0:he")
    assert game.frames[-1].kind == "herald" and game.to_act() == (1, 2), "only rivals with cards show"
    assert game.legal_actions(1) == ["show:pe", "show:kn"]
    play(game, "2:show:qu", "1:show:kn")
    assert game.observe(3)["table"]["shown"] == [[1, "kn"], [2, "qu"]]
    assert game.legal_actions(0) == ["pick1:kn", "pick2:qu"]
    play(game, "0:pick2:qu")
    assert hand(game, 0) == "qu" and hand(game, 1) == "pesosokn" and hand(game, 2) == ""  # seat 1 drew two
    assert game.discard == [HE] and game.current == 1


def test_herald_shows_only_the_chosen_cards() -> None:
    game = position(3, hands=["he", "knpe", "qu"])
    play(game, "0:he", "1:show:pe", "2:show:qu")
    view = game.observe(2)
    assert "kn" not in str(view["table"]) and "Knight" not in " ".join(view["log"])


def test_merchant_pays_a_gem_and_takes_half_the_rivals_hand_blind() -> None:
    # The rulebook's example: 9 cards, rounded down to 8, 4 taken.
    game = position(3, hands=["me", "pepesososoknknkiqu", ""])
    play(game, "0:me1")
    assert game.gems[:2] == [4, 6]
    assert game.sizes[:2] == [4, 5 + 2], "five left, then seat 1 draws two for its turn"
    original = [2, 3, 2, 1, 1] + [0] * 15
    assert all(game.hands[0][kind] <= original[kind] for kind in range(20))
    game.check_invariants()


def test_merchant_blind_pick_is_told_only_to_the_two_players() -> None:
    game = position(3, hands=["me", "pepesososoknknkiqu", "so"])
    play(game, "0:me1")
    private = [e for e in game.events if e.mask != -1 and "cards taken" in e.text]
    assert len(private) == 1 and private[0].mask == 0b011


def test_merchant_payment_can_make_the_rival_win() -> None:
    game = position(3, gems=[5, 9, 1], hands=["me", "pepe", ""])
    # The choice says so before it is made; a payment that leaves the rival short does not.
    labels = game.labels(0)
    assert labels["me1"].endswith("(they would reach 10 gems and win at once)"), labels["me1"]
    assert "win" not in position(3, gems=[6, 8, 1], hands=["me", "pepe", ""]).labels(0)["me1"]
    play(game, "0:me1")
    assert game.winners() == (1,)


def test_merchant_needs_a_gem_to_pay() -> None:
    game = position(3, gems=[0, 6, 9], hands=["me", "pepe", "so"])
    assert not [a for a in game.legal_actions(0) if a.startswith("me")]


def test_monk_taxes_every_rival_castle_a_gem_or_two_cards() -> None:
    game = position(4, hands=["mo", "peso", "kn", "qu"], forts=["ca----", "ca----", "ca----", "------"])
    play(game, "0:mo")
    frame = game.frames[-1]
    assert frame.kind == "monk" and frame.simultaneous and game.to_act() == (1, 2)
    assert game.legal_actions(1) == ["pay:g", "pay:pe.so"]
    assert game.legal_actions(2) == ["pay:g"], "one card cannot pay two: the gem must be paid"
    play(game, "1:pay:pe.so", "2:pay:g")
    assert game.gems == [6, 5, 4, 5] and hand(game, 0) == "peso"


def test_monk_a_player_who_can_pay_neither_in_full_pays_what_they_can() -> None:
    game = position(3, gems=[6, 0, 9], hands=["mo", "kn", ""], forts=["------", "ca----", "------"])
    play(game, "0:mo")
    assert game.legal_actions(1) == ["pay:kn"]
    play(game, "1:pay:kn")
    assert hand(game, 0) == "kn"


def test_monk_needs_a_rival_castle() -> None:
    game = position(3, hands=["mo", "kn", ""], forts=["ca----", "------", "------"])
    assert "mo" not in game.legal_actions(0)


def test_monk_prompt_says_what_each_taxed_player_can_pay() -> None:
    game = position(4, gems=[9, 0, 9, 2], hands=["mo", "kn", "pe", "pesoki"],
                    forts=["------", "ca----", "ca----", "ca----"])
    play(game, "0:mo")
    assert game.decision(1).prompt.endswith("pay neither 1 gem nor two cards in full: pay all your cards")
    assert game.decision(2).prompt.endswith("pay 1 gem, as you hold fewer than two cards")
    assert game.decision(3).prompt.endswith("pay 1 gem or two cards of your choice")


def test_highwayman_steals_the_gems_of_a_revolt() -> None:
    game = position(3, hands=["pepepe", "pepe", "hw"])
    play(game, "0:a1:pe3", "1:r:pe1")
    assert game.gems == [7, 3, 5] and game.frames[-1].kind == "highwayman"
    play(game, "1:pass", "2:hw")
    assert game.gems == [5, 3, 7]


def test_highwayman_steals_the_gems_of_an_attack_turned_by_a_traitor() -> None:
    # The turned Knight is still a common attack: its gems may be stolen, by its first victim too.
    game = position(3, hands=["knpe", "tr", "hw"])
    play(game, "0:a1:kn", "1:r:tr", "0:take")
    assert game.gems == [2, 8, 5] and game.to_act() == (0, 2)
    play(game, "0:pass", "2:hw")
    assert game.gems == [2, 5, 8]
