"""Audit (session 53): scenario tests written from the rulebook's sentences (knights-and-ninjas.txt),
RULINGS.md's section for the game and the rules document's Rulings, on the edges the other tests leave:
special actions (unstoppable, one per turn, what a taxed or robbed player holds), wins on gains other than
a common attack, a player without gems or cards, responses in a row, and the 2-player draft and duel."""

from __future__ import annotations

import pytest

from ninjadojo.engine import IllegalActionError
from ninjadojo.games.knights_and_ninjas import STATE
from ninjadojo.games.knights_and_ninjas.builder import hand, play, position, slots
from ninjadojo.games.knights_and_ninjas.cards import JE, KN, MI, SO

# ---------------------------------------------------------------------- the turn (3-6 players)


def test_fortifying_is_the_whole_turn_no_attack_after_it() -> None:
    """"Choose to either: FORTIFY your kingdom, ATTACK a rival kingdom, or play a SPECIAL ACTION.\""""
    game = position(3, hands=["caknhe", "so", "so"])
    play(game, "0:f:ca")
    assert game.decision(0).kind == "fortify"
    assert set(game.legal_actions(0)) == {"end"}, "after fortifying only more fortifications, or end"


def test_a_special_action_is_the_whole_turn() -> None:
    """"You may play one SPECIAL ACTION card on your turn instead of attacking or fortifying.\""""
    game = position(3, hands=["heknca", "so", "pe"], top="pepepepe")
    play(game, "0:he", "1:show:so", "2:show:pe", "0:pick1:so")
    assert game.current == 1 and game.decision(1).kind == "turn"
    assert hand(game, 0) == "soknca"


def test_special_actions_are_unstoppable_nobody_is_asked_to_respond() -> None:
    """"SPECIAL ACTIONS are unstoppable.": a Merchant's rival holding an Executioner, a Minstrel and a
    Highwayman is asked nothing; the gem is paid and half its hand (rounded down) taken."""
    game = position(3, hands=["me", "exmihwso", "hwso"], top="pepepepe")
    play(game, "0:me1")
    assert game.gems == [4, 6, 5]
    assert game.sizes[0] == 2, "half of 4 cards: 2 taken blind"
    assert game.sizes[1] == 2 + 2, "2 left, and 2 drawn at the start of its turn"
    assert game.current == 1 and game.decision(1).kind == "turn", "no response, no Highwayman window"


def test_merchant_takes_half_rounded_down_of_an_odd_hand() -> None:
    """Merchant: "Because 9 is an uneven number, you must round it down to 8 and pick 4 cards.\""""
    game = position(3, hands=["me", "pepepepepepepepepe", ""], top="sosososo")
    play(game, "0:me1")
    assert game.sizes[0] == 4
    assert game.sizes[1] == 9 - 4 + 2, "5 left, and 2 drawn at the start of its turn"


def test_monk_taxes_a_castle_even_behind_a_minstrel() -> None:
    """Monk: "tax all kingdoms that are fortified by a CASTLE (except your own)"; a Minstrel makes a kingdom
    "impossible to attack", but a Monk is a special action, not an attack ("SPECIAL ACTIONS are
    unstoppable")."""
    game = position(3, hands=["moca", "so", "pe"], forts=["ca----", "ca--mi", "------"], top="pepepepe")
    assert "mo" in game.legal_actions(0)
    play(game, "0:mo")
    assert game.to_act() == (1,), "only rivals with a Castle are taxed, never the Monk's own kingdom"
    play(game, "1:pay:g")
    assert game.gems == [6, 4, 5]


def test_a_monk_tax_that_brings_the_collector_to_the_target_wins_at_once() -> None:
    """RULINGS: "Win the moment you hold the target ... on anyone's turn"; the Monk's gem is gained by its
    player, who then holds 10."""
    game = position(3, gems=[9, 3, 3], hands=["mo", "sope", "so"], forts=["------", "ca----", "ca----"])
    play(game, "0:mo", "1:pay:pe.so", "2:pay:g")
    assert game.is_terminal and game.winners() == (0,)
    assert game.gems == [10, 3, 2]


def test_monk_cards_paid_are_not_a_gain_of_gems_and_do_not_win() -> None:
    """"The first player to own 10 gems wins": cards paid to a Monk are no gems."""
    game = position(3, gems=[9, 3, 3], hands=["mo", "sopepe", ""], forts=["------", "ca----", "------"])
    play(game, "0:mo", "1:pay:pe.pe")
    assert not game.is_terminal and game.gems == [9, 3, 3]
    assert hand(game, 0) == "pepe"


def test_no_highwayman_window_on_gems_paid_to_a_monk() -> None:
    """Highwayman: "can only steal gems captured by a COMMON ATTACK (or a REVOLT) or from another
    HIGHWAYMAN".\""""
    game = position(3, hands=["mo", "hw", "hwso"], forts=["------", "ca----", "ca----"], top="pepepepe")
    play(game, "0:mo", "1:pay:g", "2:pay:g")
    assert game.gems == [7, 4, 4]
    assert game.current == 1 and game.decision(1).kind == "turn"


def test_the_victim_may_steal_its_own_gems_back_with_a_highwayman() -> None:
    """"Play a HIGHWAYMAN to steal all the gems from a rival's successful attack, (even if they were just
    stolen from you)."; then "a new window opens against that Highwayman" (RULINGS)."""
    game = position(3, hands=["knpe", "hw", "pe"], top="pepepepe")
    play(game, "0:a1:kn", "1:take")
    assert game.gems == [8, 2, 5]
    play(game, "1:hw", "2:pass")
    assert game.gems == [5, 5, 5]
    assert game.decision(0) is not None and game.decision(0).kind == "highwayman"
    assert game.to_act() == (0, 2)


def test_losing_a_gem_and_gaining_it_back_wins_after_a_reshuffle() -> None:
    """"If they have the number needed to win when the deck is reshuffled, they must take another gem or
    lose a gem and gain one back to win.": seat 1 holds 9 with 9 to win, loses 2 to a Soldier and steals
    them back with a Highwayman."""
    game = position(3, gems=[3, 9, 3], target=9, hands=["so", "hw", ""], top="pepepepe")
    assert not game.is_terminal
    play(game, "0:a1:so", "1:take")
    assert game.gems == [5, 7, 3]
    play(game, "1:hw")
    assert game.is_terminal and game.winners() == (1,)


def test_a_player_without_gems_still_plays_and_may_attack() -> None:
    """"If you run out of gems, you are not eliminated.\""""
    game = position(3, gems=[0, 9, 6], hands=["so", "", "pe"], top="pepepepe")
    assert "a1:so" in game.legal_actions(0) and "a2:so" in game.legal_actions(0)
    play(game, "0:a1:so")
    assert game.gems == [2, 7, 6]


def test_a_rival_with_no_gems_may_be_the_target_of_a_merchant() -> None:
    """Merchant: "pay one of your own gems to blindly pick half ... of a rival's cards": the rival need hold
    no gem (only an attack needs one); the Merchant's player does need one."""
    game = position(5, gems=[1, 0, 8, 8, 8], hands=["me", "sopepe", "", "", ""], top="pepepepe")
    assert "me1" in game.legal_actions(0)
    play(game, "0:me1")
    assert game.gems == [0, 1, 8, 8, 8]
    assert game.sizes[0] == 1 and game.sizes[1] == 2 + 2, "one taken; seat 1 then draws two for its turn"


# ---------------------------------------------------------------------- attacks and responses


def test_the_rulebooks_traitor_example() -> None:
    """Traitor: "A rival attacks you with a KNIGHT, and you respond with a TRAITOR. This makes the KNIGHT
    immediately attack your rival back, even though he has a fortifying ARCHER. He responds to the
    traitorous KNIGHT's attack with his SOLDIER, and he must give you one gem. Because gems moved, his turn
    is over.\""""
    game = position(3, hands=["knso", "tr", "pe"], forts=["--ar--", "------", "------"], top="pepepepe")
    play(game, "0:a1:kn", "1:r:tr", "0:r:so")
    assert game.gems == [4, 6, 5]
    assert slots(game, 0) == "--ar--", "the Traitor bypasses the Archer: it stays"
    assert game.to_act() == (2,), "the Highwayman window: seat 0 has no card left"
    play(game, "2:pass")
    assert game.current == 1, "gems moved: seat 0's turn is over"


def test_the_rulebooks_example_turn_of_attacks() -> None:
    """The rulebook's example: a Soldier answered by a Soldier, a Knight by a King (no gems move, go on),
    then a Queen answered by three Peasants: "they must give you 2 gems. Gems have moved and your turn
    is over.\""""
    game = position(3, hands=["soknqu", "sokipepepe", ""], top="pepepepe")
    play(game, "0:a1:so", "1:r:so")
    assert game.gems == [5, 5, 5] and game.decision(0).kind == "attack"
    play(game, "0:a1:kn", "1:r:ki")
    assert game.gems == [5, 5, 5] and game.decision(0).kind == "attack"
    play(game, "0:a1:qu", "1:r:pe3")
    assert game.gems == [7, 3, 5]
    assert game.current == 1, "nobody holds a card for a Highwayman window: the turn is over"


def test_executioner_cannot_answer_a_ladder_or_a_catapult() -> None:
    """Executioner: "only effective against an attacker with a head, not against a LADDER or CATAPULT.\""""
    game = position(3, hands=["lacp", "exje", ""], forts=["------", "ca----", "------"])
    play(game, "0:a1:la")
    assert not {"r:ex", "r:ex*"} & set(game.legal_actions(1))
    play(game, "1:take", "0:a1:cp")
    assert not {"r:ex", "r:ex*"} & set(game.legal_actions(1))


def test_princess_takes_a_jester_standing_in_for_a_dragon_and_the_castle_stands() -> None:
    """Princess: "When a rival attacks you with a DRAGON or KNIGHT, you may RESPOND with your PRINCESS to
    take the DRAGON or KNIGHT (before the attack happens) into your own hand"; Jester: "any card (living
    things)"."""
    game = position(3, hands=["je", "pr", ""], forts=["------", "ca----", "------"])
    play(game, "0:a1:dr*", "1:r:pr")
    assert hand(game, 1) == "je" and slots(game, 1) == "ca----" and game.gems == [5, 5, 5]


def test_a_minstrel_response_returns_a_whole_revolt() -> None:
    """Minstrel: "play a MINSTREL face-up in front of you to end your attacker's turn. Return the attacker's
    card to their hand.\""""
    game = position(3, hands=["pepepe", "", "mi"], top="sosopepe")
    play(game, "0:a2:pe3", "2:r:mi")
    assert hand(game, 0) == "pepepe" and slots(game, 2) == "----mi"
    assert game.current == 1 and game.gems == [5, 5, 5]


def test_common_cards_cannot_answer_a_ladder_catapult_or_archer() -> None:
    """Common cards "can only RESPOND to COMMON ATTACK cards.\""""
    game = position(3, hands=["laar", "soknpepe", ""], forts=["------", "caar--", "------"])
    play(game, "0:a1:ar")
    assert game.legal_actions(1) == ["take"]


def test_nothing_more_is_played_after_a_ninja_takes_gems() -> None:
    """"Once gems have moved, your turn ends.": a Ninja that took gems ends the turn, so its player can play
    nothing more."""
    game = position(3, hands=["nidr", "", ""], forts=["------", "caar--", "------"], top="pepepepe")
    play(game, "0:a1:ni")
    assert game.gems == [7, 3, 5] and game.current == 1


def test_a_traitor_on_a_traitor_turned_back_a_third_time() -> None:
    """Traitor: "You can play a TRAITOR on an already traitored card. Think of them as double agents.":
    three Traitors in a row (two of them a Traitor and a Jester), the last turn lands on the attacker."""
    game = position(3, hands=["kntrpe", "trje", "pe"], top="pepepepe")
    play(game, "0:a1:kn", "1:r:tr", "0:r:tr", "1:r:tr*")
    assert game.decision(0).kind == "respond"
    assert "r:pe1" in game.legal_actions(0)
    play(game, "0:take")
    assert game.gems == [2, 8, 5]


def test_highwayman_window_after_a_turned_attack_goes_clockwise_from_the_gainer() -> None:
    """RULINGS: "the Highwayman window goes round clockwise from the attacker; the first to play one takes
    the gems": after a Traitor, the gainer (the Traitor's player, seat 1) is the attacker of that attack,
    so seat 2 comes before seat 0."""
    game = position(4, hands=["knhw", "tr", "hw", "hw"], top="pepepepe")
    play(game, "0:a1:kn", "1:r:tr", "0:take")
    assert game.gems == [2, 8, 5, 5]
    play(game, "0:hw", "2:hw", "3:hw")
    assert game.gems == [2, 5, 8, 5]


# ---------------------------------------------------------------------- the 2-player variation


def test_the_draft_alternates_after_each_keep_and_gives_go_to_the_rival() -> None:
    """"Once you keep a card, your rival may begin picking, giving you cards they don't want, and stopping
    after they draw a card they decide to keep.\""""
    game = STATE.new(2, seed=11)
    assert game.to_act() == (0,)
    play(game, "0:give", "0:give", "0:keep")
    assert game.sizes == [1, 2] and game.to_act() == (1,)
    play(game, "1:give", "1:keep")
    assert game.sizes == [2, 3] and game.to_act() == (0,)
    assert len(game.draft) == 15 - 5


def test_the_whole_draft_hands_out_fifteen_cards() -> None:
    """"Deal 15 cards face down between you and your rival"; "The person who takes the last card (from the
    pile of 15) always takes the first turn in the PHASE 2.\""""
    game = STATE.new(2, seed=12)
    while game.decision(game.to_act()[0]).kind == "draft":
        seat = game.to_act()[0]
        last = len(game.draft) == 1
        play(game, f"{seat}:keep")
        if last:
            taker = seat
    assert sum(game.sizes) == 15
    assert game.to_act() == (taker,) and game.decision(taker).kind == "turn"


def test_a_duel_herald_shows_two_and_the_herald_must_take_one() -> None:
    """2 players: "force your rival to place two cards in front of them ... You must pick one of the cards
    to put in your own hand to use later.\""""
    game = position(2, hands=["hepe", "soknki"])
    play(game, "0:he")
    assert all(action.count(".") == 1 for action in game.legal_actions(1))
    play(game, "1:show:so.kn")
    assert set(game.legal_actions(0)) == {"pick1:so", "pick1:kn"}, "no passing: one must be taken"
    play(game, "0:pick1:kn")
    assert hand(game, 0) == "pekn" and hand(game, 1) == "soki"


def test_a_duel_minstrel_against_a_rival_with_one_card_discards_it() -> None:
    """2 players: "Whenever you play a MINSTREL, your rival must immediately discard two of their cards";
    with one card, that one."""
    game = position(2, hands=["mica", "so"])
    play(game, "0:f:mi")
    assert game.sizes[1] == 0 and slots(game, 0) == "------"
    assert game.decision(0).kind == "fortify"


def test_a_duel_player_with_three_cards_may_not_discard_and_one_with_four_may_not_redeal() -> None:
    """"discard a card if they have four or more cards in their hand or call for a re-deal and restart
    PHASE 1 if they have three or less cards in their hand.\""""
    game = position(2, hands=["pepepe", "so"])
    assert "redeal" in game.legal_actions(0) and not any(a.startswith("x:") for a in game.legal_actions(0))
    game = position(2, hands=["pepepepe", "so"])
    assert "redeal" not in game.legal_actions(0) and "x:pe" in game.legal_actions(0)
    with pytest.raises(IllegalActionError):
        game.apply(0, "redeal")


def test_a_duel_player_with_no_card_calls_a_redeal_and_the_poorer_drafts_first() -> None:
    """"When a player cannot ... play a card at the start of their turn, they must ... call for a re-deal";
    "The player with the fewest gems always begins PHASE 1.\""""
    game = position(2, gems=[8, 4], hands=["", "soso"])
    assert game.legal_actions(0) == ["redeal"]
    play(game, "0:redeal")
    assert game.decision(1).kind == "draft" and game.to_act() == (1,)
    assert len(game.draft) == 15


def test_a_duel_attack_that_takes_the_last_gems_wins() -> None:
    """"These phases are repeated until one player has all 12 gems, winning the game.\""""
    game = position(2, gems=[9, 3], hands=["kn", "so"])
    play(game, "0:a1:kn", "1:take")
    assert game.is_terminal and game.winners() == (0,) and game.gems == [12, 0]


def test_a_duel_monk_paid_in_full_by_three_cards_or_two_gems() -> None:
    """2 players: "Your rival must pay you either two gems or three cards\""""
    game = position(2, hands=["mo", "sopepe"], forts=["------", "ca----"])
    play(game, "0:mo")
    assert set(game.legal_actions(1)) == {"pay:g", "pay:pe.pe.so"}
    play(game, "1:pay:g")
    assert game.gems == [8, 4]


def test_a_duel_merchant_needs_two_gems() -> None:
    """2 players: "You must pay two gems (instead of one gem in 3-6 player rules)\""""
    game = position(2, gems=[1, 11], hands=["me", "sopepe"])
    assert not any(a.startswith("me") for a in game.legal_actions(0))
    game = position(2, gems=[2, 10], hands=["me", "sopepepe"])
    play(game, "0:me1")
    assert game.is_terminal and game.winners() == (1,), "the rival gained the two gems: it holds all 12"


def test_the_two_player_game_never_lowers_the_target() -> None:
    """Rules document ruling 10: "reshuffles do not lower the target (all 12 gems win)"."""
    game = position(2, hands=["", "so"], rest_to="discard", top="")
    assert game.target == 12
    play(game, "0:redeal")
    assert game.target == 12


def test_cards_of_the_draft_are_the_two_player_deck_only() -> None:
    """"Remove all the expansions from the deck" (RULINGS: Jester, Traitor and Highwayman)."""
    game = STATE.new(2, seed=3)
    assert JE not in game.draft and not any(game.hands[s][JE] for s in range(2))
    assert KN in game.deck + game.draft and SO in game.deck + game.draft and MI in game.deck + game.draft


def test_a_jester_minstrel_leaves_before_the_draw_and_may_be_reshuffled_and_drawn() -> None:
    """Minstrel: "At the beginning of your next turn, you must discard the MINSTREL."; "On your turn, draw two
    cards."; "If there are no cards left in the draw pile, reshuffle the deck and continue. Each time the deck
    is reshuffled, the number of gems needed to win is reduced by 1.": with both piles empty, seat 1's
    Jester-Minstrel is discarded first, so the reshuffle holds it and seat 0's discard, and seat 1 draws both."""
    game = position(3, hands=["so", "", "pe"], forts=["------", "----je", "------"], rest_to="hand2")
    assert game.deck == [] and game.discard == []
    play(game, "0:x:so")
    assert slots(game, 1) == "------"
    assert hand(game, 1) == "soje" and game.current == 1
    assert game.target == 9 and game.shuffles == 1


def test_a_ladder_needs_the_archer_gone_first() -> None:
    """Ladder: "This allows you to attack them with your COMMON ATTACK cards as normal (if there is no
    ARCHER)"; Archer: "cannot be attacked except by a NINJA or another ARCHER".\""""
    game = position(3, hands=["laarkn", "pe", ""], forts=["------", "caar--", "------"], top="pepepepe")
    assert "a1:la" not in game.legal_actions(0) and "a1:kn" not in game.legal_actions(0)
    play(game, "0:a1:ar", "1:take")
    assert "a1:la" in game.legal_actions(0) and "a1:kn" not in game.legal_actions(0)
    play(game, "0:a1:la", "1:take", "0:a1:kn", "1:take")
    assert game.gems[:2] == [8, 2]


def test_a_player_with_no_card_and_nothing_to_draw_waits_for_its_next_turn() -> None:
    """"If you run out of cards, you must wait till your next turn to draw two more.": both piles are empty,
    so seat 1 draws nothing, and the turn goes on to seat 2 (who has cards but draws none either)."""
    game = position(3, hands=["ca", "", "pe"], rest_to="hand2")
    play(game, "0:f:ca")
    assert game.current == 2 and game.decision(2).kind == "turn"
    assert game.sizes[1] == 0 and game.shuffles == 0
    assert "P1 has no card and waits" in [event.text for event in game.events]
