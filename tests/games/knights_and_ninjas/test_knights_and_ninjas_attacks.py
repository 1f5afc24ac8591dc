"""Attacks, pre-attacks and responses (rulebook: Attack, Common attack, Revolt, Castle, Archer,
Catapult, Ladder, Ninja, Dragon, Princess, Executioner, Minstrel, Traitor)."""

from __future__ import annotations

from ninjadojo.games.knights_and_ninjas.builder import hand, play, position, slots
from ninjadojo.games.knights_and_ninjas.cards import EX, KN, LA


def test_attack_with_common_card_partially_blocked_moves_the_difference() -> None:
    # The rulebook's example: a Queen answered by three Peasants takes two gems.
    game = position(3, hands=["qu", "pepepe", ""])
    play(game, "0:a1:qu")
    assert game.decision(1).kind == "respond"
    assert {"r:pe1", "r:pe2", "r:pe3", "take"} <= set(game.legal_actions(1))
    play(game, "1:r:pe3")
    assert game.gems[:2] == [7, 3]


def test_a_blocked_attack_moves_nothing_and_the_attacker_may_go_on_or_stop() -> None:
    game = position(3, hands=["sokn", "soki", ""])
    play(game, "0:a1:so", "1:r:so")
    assert game.gems[:2] == [5, 5]
    assert game.decision(0).kind == "attack"
    assert "end" in game.legal_actions(0) and "a1:kn" in game.legal_actions(0)
    assert "a2:kn" not in game.legal_actions(0), "an attack is against one rival"
    play(game, "0:a1:kn", "1:r:ki")
    assert game.gems[:2] == [5, 5]
    # The log says why nothing moved: the strengths, as the players compared them.
    assert "  The response (strength 4) stops the attack (strength 3): no gems move" in game.observe(None)["log"]
    play(game, "0:end")
    assert game.to_act() == (1,)


def test_once_gems_move_the_turn_ends() -> None:
    game = position(3, hands=["sokn", "pe", "pe"], top="pepepepe")
    play(game, "0:a1:so", "1:take")
    assert game.to_act() == (1, 2) and game.decision(1).kind == "highwayman"
    play(game, "1:pass", "2:pass")
    assert game.current == 1 and game.decision(1).kind == "turn"


def test_excess_strength_is_wasted() -> None:
    game = position(3, gems=[5, 1, 9], hands=["kn", "so", ""])
    play(game, "0:a1:kn", "1:take", "1:pass")
    assert game.gems == [6, 0, 9]


def test_a_revolt_stacks_peasants_to_attack_and_to_respond() -> None:
    game = position(3, gems=[3, 9, 3], hands=["pepepepepepepe", "pepe", ""])
    play(game, "0:a1:pe7", "1:r:pe2")
    assert game.gems[:2] == [8, 4]


def test_common_responses_answer_only_common_attacks() -> None:
    game = position(3, hands=["ni", "soknpe", ""])
    play(game, "0:a1:ni")
    assert game.legal_actions(1) == ["take"]


def test_castle_stops_common_attacks_without_a_ladder() -> None:
    game = position(3, hands=["knla", "", ""], forts=["------", "ca----", "------"])
    assert "a1:kn" not in game.legal_actions(0)
    assert "a1:la" in game.legal_actions(0)


def test_ladder_lets_common_attacks_past_the_castle_until_the_end_of_the_turn() -> None:
    game = position(3, hands=["knla", "pe", "so"], forts=["------", "ca----", "------"])
    play(game, "0:a1:la", "1:take")
    assert game.ladder_on == 1 and "a1:kn" in game.legal_actions(0)
    assert "a1:la" not in game.legal_actions(0)
    play(game, "0:end")
    assert game.ladder_on == -1 and game.discard[-1] == LA
    assert slots(game, 1) == "ca----", "a Ladder leaves the Castle standing"


def test_catapult_destroys_a_castle_and_the_attack_may_go_on() -> None:
    game = position(3, hands=["cpkn", "pe", ""], forts=["------", "ca----", "------"])
    play(game, "0:a1:cp", "1:take")
    assert slots(game, 1) == "------"
    assert game.decision(0).kind == "attack" and "a1:kn" in game.legal_actions(0)


def test_archer_stops_everything_but_a_ninja_or_an_archer() -> None:
    game = position(3, hands=["kndrcplaniar", "", ""], forts=["------", "caar--", "------"])
    targets_one = sorted(a for a in game.legal_actions(0) if a.startswith("a1:"))
    assert targets_one == ["a1:ar", "a1:ni"]


def test_archer_pre_attack_from_hand_removes_the_rivals_archer() -> None:
    game = position(3, hands=["arkn", "pe", ""], forts=["------", "--ar--", "------"])
    play(game, "0:a1:ar", "1:take")
    assert slots(game, 1) == "------" and hand(game, 0) == "kn"
    play(game, "0:a1:kn")
    assert game.decision(1).kind == "respond"


def test_archer_pre_attack_may_use_the_fortifying_archer() -> None:
    game = position(3, hands=["kn", "pe", ""], forts=["--ar--", "--ar--", "------"])
    assert "a1:arf" in game.legal_actions(0)
    play(game, "0:a1:arf", "1:take")
    assert slots(game, 0) == "------" and slots(game, 1) == "------"
    # A player's Archer is "their", not "its" (the log named a person "it").
    assert any("their fortifying Archer" in event.text for event in game.events)
    assert not any("its fortifying Archer" in event.text for event in game.events)


def test_ninja_climbs_the_castle_kills_the_archer_and_takes_two() -> None:
    game = position(3, hands=["ni", "", ""], forts=["------", "caar--", "------"])
    play(game, "0:a1:ni")
    assert slots(game, 1) == "ca----"
    assert game.gems[:2] == [7, 3]
    assert game.to_act() == (1,), "no Highwayman window after a unique attack; the turn ends"


def test_ninja_is_stopped_only_by_minstrel_or_executioner() -> None:
    game = position(3, hands=["ni", "prtrexmikn", ""])
    play(game, "0:a1:ni")
    assert game.legal_actions(1) == ["r:ex", "r:mi", "take"]


def test_dragon_burns_the_castle_and_takes_two() -> None:
    game = position(3, hands=["dr", "pe", ""], forts=["------", "ca----", "------"])
    play(game, "0:a1:dr")
    assert set(game.legal_actions(1)) == {"take"}
    play(game, "1:take")
    assert slots(game, 1) == "------" and game.gems[:2] == [7, 3]


def test_dragon_cannot_approach_an_archer() -> None:
    game = position(3, hands=["dr", "", ""], forts=["------", "--ar--", "------"])
    assert "a1:dr" not in game.legal_actions(0)


def test_dragon_is_stopped_by_minstrel_princess_or_executioner() -> None:
    game = position(3, hands=["dr", "prexmisotr", ""])
    play(game, "0:a1:dr")
    assert game.legal_actions(1) == ["r:pr", "r:ex", "r:mi", "take"]


def test_princess_takes_the_knight_into_hand_and_the_attacker_may_go_on() -> None:
    game = position(3, hands=["knso", "pr", ""])
    play(game, "0:a1:kn", "1:r:pr")
    assert hand(game, 1) == "kn" and game.gems[:2] == [5, 5]
    assert game.decision(0).kind == "attack" and "a1:so" in game.legal_actions(0)


def test_princess_cannot_take_a_soldier() -> None:
    game = position(3, hands=["so", "pr", ""])
    play(game, "0:a1:so")
    assert "r:pr" not in game.legal_actions(1)


def test_executioner_ends_the_attack_and_the_attackers_turn() -> None:
    # The rulebook's example: a Catapult destroys the Castle, the King is executed, the Castle stays gone.
    game = position(3, hands=["cpki", "ex", ""], forts=["------", "ca----", "------"], top="sosopepe")
    play(game, "0:a1:cp")
    assert "r:ex" not in game.legal_actions(1), "no head on a Catapult"
    play(game, "1:take", "0:a1:ki", "1:r:ex")
    assert slots(game, 1) == "------" and game.gems[:2] == [5, 5]
    assert game.current == 1 and game.decision(1).kind == "turn"


def test_minstrel_response_returns_the_card_ends_the_turn_and_guards_the_kingdom() -> None:
    game = position(3, hands=["kn", "so", "mi"], top="sosopepe")
    play(game, "0:a2:kn", "2:r:mi")
    assert hand(game, 0) == "kn" and slots(game, 2) == "----mi"
    assert game.current == 1
    assert not [a for a in game.legal_actions(1) if a.startswith("a2:")], "safe while the Minstrel stays"
    play(game, "1:x:so")  # seat 2's turn: the Minstrel leaves at its start
    assert slots(game, 2) == "------"


def test_traitor_turns_a_common_attack_back_bypassing_fortifications() -> None:
    # The rulebook's example: a traitorous Knight attacks its own kingdom past its Archer; a Soldier
    # answers it and the attacker gives one gem.
    game = position(3, hands=["sokn", "tr", ""], forts=["--ar--", "------", "------"])
    play(game, "0:a1:kn", "1:r:tr")
    assert game.decision(0).kind == "respond"
    play(game, "0:r:so")
    assert game.gems[:2] == [4, 6]
    game.check_invariants()


def test_traitor_on_a_traitor_turns_it_back_again() -> None:
    game = position(3, hands=["kitr", "trpe", ""])
    play(game, "0:a1:ki", "1:r:tr", "0:r:tr")
    assert game.decision(1).kind == "respond"
    play(game, "1:take")
    assert game.gems[:2] == [9, 1]


def test_traitor_turns_a_whole_revolt_back() -> None:
    game = position(3, hands=["pepepe", "tr", ""])
    play(game, "0:a1:pe3", "1:r:tr")  # seat 0 has no card left to answer with
    assert game.gems[:2] == [2, 8]


def test_traitor_has_no_effect_on_a_unique_attack() -> None:
    game = position(3, hands=["ni", "tr", ""])
    play(game, "0:a1:ni")
    assert "r:tr" not in game.legal_actions(1)


def test_executioner_may_answer_an_archer_which_has_a_head() -> None:
    game = position(3, hands=["ar", "ex", ""], forts=["------", "--ar--", "------"], top="sosopepe")
    play(game, "0:a1:ar")
    assert game.legal_actions(1) == ["r:ex", "take"]
    play(game, "1:r:ex")
    assert slots(game, 1) == "--ar--" and game.current == 1


def test_minstrel_may_answer_a_ladder_and_the_ladder_returns() -> None:
    game = position(3, hands=["la", "", "mi"], forts=["------", "------", "ca----"], top="sosopepe")
    play(game, "0:a2:la")
    assert game.legal_actions(2) == ["r:mi", "take"]
    play(game, "2:r:mi")
    assert game.ladder_on == -1 and game.hands[0][LA] == 1 and slots(game, 2) == "ca--mi"


def test_princess_takes_a_jester_standing_in_for_a_knight() -> None:
    game = position(3, hands=["je", "prpe", ""])
    play(game, "0:a1:kn*", "1:r:pr")
    assert hand(game, 1) == "peje"


def test_executioner_against_a_turned_attack_ends_the_attack_but_not_its_players_own_turn() -> None:
    # The Executioner ends "your attacker's turn": a Traitor's player attacks out of turn, so only the
    # attack ends; no gems moved and the player on turn may go on attacking (a ruling).
    game = position(3, hands=["knexso", "tr", ""])
    play(game, "0:a1:kn", "1:r:tr")
    assert "r:ex" in game.legal_actions(0)
    play(game, "0:r:ex")
    assert game.gems[:2] == [5, 5] and game.current == 0
    assert game.decision(0).kind == "attack" and "a1:so" in game.legal_actions(0)
    assert game.discard[-2:] == [EX, KN]


def test_minstrel_against_a_turned_attack_ends_the_attack_but_not_its_players_own_turn() -> None:
    game = position(3, hands=["knmiso", "tr", ""])
    play(game, "0:a1:kn", "1:r:tr", "0:r:mi")
    assert hand(game, 0) == "sokn" and slots(game, 0) == "----mi"
    assert game.current == 0 and game.decision(0).kind == "attack"
    assert {"a1:so", "a1:kn", "end"} <= set(game.legal_actions(0))


def test_executioner_against_a_traitor_turned_twice_ends_the_turn_of_the_player_on_turn() -> None:
    game = position(3, hands=["kntr", "trex", ""], top="sosopepe")
    play(game, "0:a1:kn", "1:r:tr", "0:r:tr", "1:r:ex")
    assert game.current == 1 and game.decision(1).kind == "turn"


def test_the_log_names_a_turned_revolt_and_a_jester_taken_by_a_princess() -> None:
    game = position(3, hands=["pepepe", "tr", ""])
    play(game, "0:a1:pe3", "1:r:tr")
    assert "  The revolt of 3 Peasants turns against P0" in game.observe(2)["log"]
    game = position(3, hands=["je", "prpe", ""])
    play(game, "0:a1:kn*", "1:r:pr")
    assert "  P1 takes a Jester as a Knight into hand" in game.observe(2)["log"]


def test_executioner_kills_a_dragon_before_it_burns_the_castle_or_takes_gems() -> None:
    # The rulebook's second Executioner example.
    game = position(3, hands=["dr", "ex", ""], forts=["------", "ca----", "------"], top="sosopepe")
    play(game, "0:a1:dr", "1:r:ex")
    assert slots(game, 1) == "ca----" and game.gems[:2] == [5, 5]
    assert game.current == 1, "the Dragon's player's turn ends"


def test_princess_takes_an_attacking_dragon_before_it_burns_the_castle() -> None:
    game = position(3, hands=["drni", "pr", ""], forts=["------", "ca----", "------"])
    play(game, "0:a1:dr", "1:r:pr")
    assert hand(game, 1) == "dr" and slots(game, 1) == "ca----" and game.gems[:2] == [5, 5]
    assert game.decision(0).kind == "attack" and "a1:ni" in game.legal_actions(0), "the rival may go on"
