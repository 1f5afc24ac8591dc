"""Scenario tests of the turn rules, the rulings, the notation, the views and the errors."""

from __future__ import annotations

import pytest
from ninjitsu_helpers import discard, hand, kind, play, secrets, treasures

from ninjadojo.engine import IllegalActionError, NotationError, OptionError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS, DECK_SIZE
from ninjadojo.games.ninjitsu.rules import SWAPS_PER_TURN

# ---------------------------------------------------------------------- set-up and the turn


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_four_cards_each_and_seat_0_starts(players: int) -> None:
    game = NinjitsuState.new(players, seed=3)
    assert [len(h) for h in game.hands] == [4] * players
    assert len(game.deck) == 42 - 4 * players
    assert game.to_act() == (0,) and kind(game) == "turn"


def test_draw_takes_the_top_two_cards_and_passes_the_turn() -> None:
    game = position(hands=["6a", ""], deck="2a 3a 4a")
    play(game, "d")
    assert hand(game, 0) == "6a 4a 3a"
    assert game.to_act() == (1,)


def test_play_as_treasure_and_as_secret() -> None:
    game = position(hands=["6a", "9b"])
    play(game, "t:6a", "s:9b")
    assert treasures(game, 0) == "6a" and secrets(game, 1) == "9b"
    assert game.points(0) == 6 and game.points(1) == 9


def test_valueless_cards_are_never_treasures_but_may_be_secrets_or_actions() -> None:
    game = position(hands=["Qa Jb Xc Aa", ""])
    legal = game.legal_actions(0)
    assert not [a for a in legal if a.startswith("t:")]
    assert {"a:Qa", "s:Qa", "a:Jb", "s:Jb", "a:Xc", "s:Xc", "a:Aa", "s:Aa"} <= set(legal)
    with pytest.raises(IllegalActionError, match="no point value"):
        game.apply(0, "t:Qa")


def test_steal_by_position_turns_the_secret_face_up_in_the_thiefs_collection() -> None:
    game = position(players=3, hands=["", "", ""], secrets=["", "6a 7a", "8a"])
    assert [a for a in game.legal_actions(0) if a.startswith("x")] == ["x1.0", "x1.1", "x2.0"]
    play(game, "x1.1")
    assert treasures(game, 0) == "7a" and secrets(game, 1) == "6a"
    assert game.to_act() == (1,)


def test_a_stolen_valueless_card_is_discarded_after_its_trap() -> None:
    game = position(hands=["", "6c"], secrets=["", "Ka"], deck="2a 3a 4a 5a")
    play(game, "x1.0")
    assert treasures(game, 0) == ""
    assert hand(game, 1) == "6c 5a 4a 3a 2a"  # the trap resolved first
    assert discard(game).split()[-1] == "Ka"


def test_a_stolen_valueless_untrapped_card_is_discarded() -> None:
    game = position(hands=["", ""], secrets=["", "Qc"])
    play(game, "x1.0")
    assert treasures(game, 0) == "" and discard(game).split()[-1] == "Qc"


def test_cannot_steal_from_oneself_or_a_missing_position() -> None:
    game = position(hands=["", ""], secrets=["6a", "7a"])
    with pytest.raises(IllegalActionError, match="own secrets"):
        game.apply(0, "x0.0")
    with pytest.raises(IllegalActionError, match="P1 has 1 secret"):
        game.apply(0, "x1.3")


# ---------------------------------------------------------------------- winning


def test_win_is_checked_at_the_start_of_the_players_turn() -> None:
    game = position(hands=["9a", "6b"], treasures=["Tc 2b", ""])
    play(game, "t:9a")
    assert game.points(0) == 21
    assert not game.is_terminal and game.to_act() == (1,)
    play(game, "t:6b")
    assert game.is_terminal
    assert game.winners() == (0,)
    assert game.scores() == (21.0, 6.0)


def test_points_reached_mid_turn_are_lost_if_reduced_before_the_next_turn() -> None:
    game = position(hands=["9a", "6b"], treasures=["Tc 2b", ""])
    play(game, "t:9a")
    play(game, "a:6b", "c:Tc")  # Katana discards the 10; the hand is empty afterwards
    assert not game.is_terminal
    assert game.to_act() == (0,) and game.points(0) == 11


def test_secrets_count_toward_the_win() -> None:
    game = position(hands=["", "6b"], secrets=["5a 5b", ""], treasures=["2a", ""], turn=1)
    play(game, "t:6b")
    assert game.winners() == (0,)


def test_target_option_changes_the_winning_total() -> None:
    game = position(hands=["6a", "2b"], target=5)
    play(game, "t:6a", "t:2b")
    assert game.winners() == (0,)
    with pytest.raises(OptionError, match="at least 1"):
        NinjitsuState.new(2, {"target": 0})
    assert NinjitsuState.new(3, {"target": "30"}).target == 30


def test_expansions_are_not_options_yet() -> None:
    with pytest.raises(OptionError, match="unknown option"):
        NinjitsuState.new(2, {"sabotage": True})


# ---------------------------------------------------------------------- the deck


def _all_but(*used: str) -> str:
    return " ".join(cid for cid in CARD_IDS[:DECK_SIZE] if cid not in used)


def test_empty_deck_reshuffles_the_discard_pile_mid_draw() -> None:
    game = position(hands=["", _all_but("6a", "7a", "8a")], deck="6a", discard="7a 8a")
    play(game, "d")
    first, second = hand(game, 0).split()
    assert first == "6a" and second in ("7a", "8a")
    assert discard(game) == "" and len(game.deck) == 1
    # Everyone knew which cards the new deck held, but only the drawer saw which one it took, so
    # only the drawer knows which one is left.
    assert game.known[game.deck[0]] == 1
    assert "shuffled into a new deck" in " ".join(game.observe(1)["log"])  # type: ignore[arg-type]


def test_after_a_reshuffle_a_draw_hides_which_cards_are_left_in_the_deck() -> None:
    # The new deck holds 6a..Ta, known to all; P0 draws 2 of them. Seat 1 cannot tell which 3 are
    # left, so its determinisations must not always hold the true 3 (that would tell it P0's hand).
    game = position(hands=["", _all_but("6a", "7a", "8a", "9a", "Ta")], deck="", discard="6a 7a 8a 9a Ta")
    play(game, "d")
    left = {frozenset(other.deck) for other in (game.determinize(1, seed) for seed in range(20))}
    assert len(left) > 1
    assert all(game.known[card] == 1 for card in game.deck)  # the drawer saw what it took
    assert game.observe(1)["seats"][0]["hand"] == []  # type: ignore[index,call-overload]


def test_a_draw_that_empties_a_known_deck_tells_everyone_what_was_drawn() -> None:
    # After the reshuffle everyone knows the deck is 6a 7a; P0 draws both.
    game = position(hands=["", _all_but("6a", "7a")], deck="", discard="6a 7a")
    play(game, "d")
    assert sorted(game.observe(1)["seats"][0]["hand"]) == ["6a", "7a"]  # type: ignore[index,call-overload]
    for seed in range(5):
        assert sorted(hand(game.determinize(1, seed), 0).split()) == ["6a", "7a"]


def test_with_deck_and_discard_empty_a_draw_takes_what_there_is() -> None:
    rest = _all_but("6a")
    game = position(hands=["", rest], deck="6a", discard="")
    play(game, "d")
    assert hand(game, 0) == "6a"
    assert "d" in game.legal_actions(1)
    play(game, "d")
    assert hand(game, 1) == rest
    assert "P1 draws nothing" in " ".join(game.observe(0)["log"])  # type: ignore[arg-type]
    assert game.to_act() == (0,)


# ---------------------------------------------------------------------- free rearranging


def test_free_swaps_of_own_secrets_cost_no_action_and_are_listed_a_few_times_a_turn() -> None:
    # Target 30: P0's three secrets are worth 23, which would win at once at 21.
    game = position(hands=["6a", ""], secrets=["5a 4a 3a", "2b 2c"], target=30)
    swaps = [a for a in game.legal_actions(0) if a.startswith("w")]
    assert swaps == ["w0.1", "w0.2", "w1.2"]
    play(game, "w0.2")
    assert secrets(game, 0) == "3a 4a 5a"
    assert game.to_act() == (0,) and kind(game) == "turn"
    for _ in range(SWAPS_PER_TURN - 1):
        play(game, "w0.1")
    assert not [a for a in game.legal_actions(0) if a.startswith("w")]
    # Beyond the listed allowance (what bots and environments see) a swap is still free ("at any time").
    assert "w0.1" in game.free_actions(0)
    play(game, "w0.1")
    assert game.to_act() == (0,) and kind(game) == "turn"
    play(game, "t:6a")
    assert [a for a in game.legal_actions(1) if a.startswith("w")] == ["w0.1"]


def test_no_swap_is_offered_with_fewer_than_two_secrets() -> None:
    game = position(hands=["6a", ""], secrets=["5a", ""])
    assert not [a for a in game.legal_actions(0) if a.startswith("w")]


def test_swaps_are_public_but_the_cards_are_not() -> None:
    game = position(hands=["6a", ""], secrets=["5a 4a", ""])
    play(game, "w0.1")
    assert game.observe(1)["log"][-1] == "P0 rearranges their secrets"  # type: ignore[index]


# ---------------------------------------------------------------------- errors


def test_illegal_actions_give_clear_reasons_and_change_nothing() -> None:
    game = position(hands=["6a Ka", ""], secrets=["", "7a"])
    before = game.to_notation()
    cases = {
        "a:Zz": "not a card id",
        "a:9c": "not in your hand",
        "a:Ka": "only be played as a secret",
        "c:6a": "no card to choose",
        "done": "cannot be skipped",
        "x0.0": "own secrets",
        "w0.1": "swap two",
    }
    for action, reason in cases.items():
        with pytest.raises(IllegalActionError, match=reason):
            game.apply(0, action)
    with pytest.raises(IllegalActionError, match="no decision"):
        game.apply(1, "d")
    assert game.to_notation() == before


def test_nested_secret_only_play_refuses_other_ways() -> None:
    game = position(hands=["9a 6b", ""])
    play(game, "a:9a")
    with pytest.raises(IllegalActionError, match="only as a secret"):
        game.apply(0, "t:6b")


def test_during_an_effect_the_draw_is_not_allowed() -> None:
    game = position(hands=["6a 9b", ""], treasures=["", "8c"])
    play(game, "a:6a")
    with pytest.raises(IllegalActionError, match="draw only"):
        game.apply(0, "d")


# ---------------------------------------------------------------------- notation and views


def test_notation_round_trips_mid_effect() -> None:
    game = position(players=3, hands=["Aa 6b", "9c", ""], treasures=["", "8a 7a", "5c"])
    play(game, "a:Aa", "c:8a")
    text = game.to_notation()
    assert "effects=Aa.1" in text
    again = NinjitsuState.from_notation(text)
    assert again == game and again.legal_actions(0) == game.legal_actions(0)
    play(again, "done", "t:6b")
    assert treasures(again, 0) == "6b"


def test_bad_notation_is_refused_with_a_reason() -> None:
    text = position().to_notation()
    with pytest.raises(NotationError, match="every one of the 42 cards must be in exactly one place"):
        NinjitsuState.from_notation(text.replace("deck=", "deck=Ka", 1))
    with pytest.raises(NotationError, match="unknown card id"):
        NinjitsuState.from_notation(text.replace("discard=-", "discard=Zz"))


def test_views_hide_other_hands_and_secrets_but_show_counts() -> None:
    game = position(hands=["6a 7a", "8b"], secrets=["5a", "Ta 9c"], treasures=["", "2b"])
    view = game.observe(0)
    me, other = view["seats"]  # type: ignore[misc]
    assert me["hand"] == ["6a", "7a"] and me["secrets"] == ["5a"] and me["points"] == 10
    assert other["hand"] == [] and other["hand_size"] == 1
    assert other["secrets"] == [] and other["secret_count"] == 2 and other["points"] is None
    assert other["treasures"] == ["2b"]
    text = game.render(0)
    assert "8b" not in text and "Ta" not in text and "9c" not in text and "5a" in text
    spectator = game.render(None)
    assert all(cid not in spectator for cid in ("6a", "7a", "8b", "5a", "Ta", "9c"))
    assert "[green]6a[/green]" in game.render_markup(0)


def test_the_log_names_a_secret_only_to_its_owner() -> None:
    game = position(hands=["6a", ""])
    play(game, "s:6a")
    assert "Your secret is Katana" in game.observe(0)["log"]  # type: ignore[operator]
    assert not any("Katana" in line for line in game.observe(1)["log"])  # type: ignore[union-attr]
    assert not any("Katana" in line for line in game.observe(None)["log"])  # type: ignore[union-attr]


def test_determinising_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    game = position(hands=["6a 7a", "8b 9b"], secrets=["5a", "Ta"], treasures=["2b", ""])
    moved = 0
    for seed in range(20):
        other = game.determinize(0, seed)
        assert hand(other, 0) == "6a 7a" and secrets(other, 0) == "5a" and treasures(other, 0) == "2b"
        assert len(other.hands[1]) == 2 and len(other.secrets[1]) == 1
        assert other.observe(0) == game.observe(0)
        moved += hand(other, 1) != "8b 9b"
    assert moved > 10


def test_flip_is_refused_outside_master_of_surprise_with_a_reason() -> None:
    game = position(hands=["Xa", ""], secrets=["", "6a"])
    with pytest.raises(IllegalActionError, match="no secret is to be turned face-up"):
        game.apply(0, "f1.0")
    play(game, "a:Xa")
    with pytest.raises(IllegalActionError, match="P1 has 1 secret"):
        game.apply(0, "f1.4")


def test_render_shows_others_who_is_awaited_and_leaves_the_prompt_to_the_driver() -> None:
    game = position(hands=["6a", ""])
    assert "waiting for P0" in game.render(1)
    assert "waiting for" not in game.render(0)
    assert "Your turn" in game.decision(0).prompt  # type: ignore[union-attr]


def test_an_impossible_position_is_refused_naming_the_broken_law() -> None:
    text = position(hands=["6a", ""], treasures=["", "9c"]).to_notation()
    mid_effect = text.replace('"turn",[0],{}', '"play",[0],{"way":"any","by":"6c"}')
    cases = {
        text.replace('"turn"', '"bogus"'): "no rule asks for a 'bogus' decision",
        text.replace("swaps=3", "swaps=9"): "swaps left must be 0 to 3",
        text.replace('[["turn",[0]', '[["turn",[1]'): "the turn frame is the current player's",
        text.replace("effects=-", "effects=6c.1"): "no effect is pending at the start of an action",
        mid_effect.replace("effects=-", "effects=5a.0"): "5a Bow and Arrows has no action",
        mid_effect.replace("effects=-", "effects=6c.7"): "6c Katana has no step 7",
    }
    for bad, reason in cases.items():
        with pytest.raises(NotationError, match=reason):
            NinjitsuState.from_notation(bad)


_BASE = position(hands=["6a", ""], treasures=["", "9c 8c Ta Tb"]).to_notation()


def _with(frames: str, effects: str = "-") -> str:
    """The base position (P0 holds 6a; P1 has no hand, and treasures 9c 8c and two Tripwires, stolen
    earlier) with other frames and effects."""
    return _BASE.replace('[["turn",[0],{},"",[]]]', frames).replace("effects=-", f"effects={effects}")


@pytest.mark.parametrize(("frames", "effects", "reason"), [
    # Decisions the rules could not act on (no choice, or data no rule pushes).
    ('[["steal",[0],{"ignore_traps":false,"by":"8a"},"",[]]]', "8a.1", "'steal' decision offers P0 no choice"),
    ('[["trap-discard",[1],{"left":1,"by":"Ta"},"",[]]]', "Xa.1", "'trap-discard' decision offers P1 no choice"),
    ('[["discard-treasure",[0],{"scope":"any","left":1,"optional":false,"by":"7a"},"",[]]]', "7a.1",
     "carries by, left, optional, scope, use_action"),
    ('[["play",[0],{"way":"sideways","by":"6c"},"",[]]]', "6c.2", "play way is one of"),
    ('[["trap-discard",[0],{"left":0,"by":"Ta"},"",[]]]', "-", "left must be at least 1"),
    ('[["tie",[0],{"highest":true,"seat":1,"cards":["9c","6a"],"rest":[]},"",[]]]', "Ab.1", "treasures of P1 only"),
    ('[["tie",[0],{"highest":true,"seat":1,"cards":["9c","8c"],"rest":[]},"",[]]]', "Ab.1", "share the extreme value"),
    ('[["tie",[0],{"highest":false,"seat":1,"cards":["Ta","Tb"],"rest":[]},"",[]]]', "Ac.1",
     "share the extreme value"),
    ('[["tie",[0],{"highest":true,"seat":1,"cards":["Ta","Tb"],"rest":[1]},"",[]]]', "Ab.1",
     r"tie rest lists the opponents after P1 clockwise: \[\]"),
    ('[["play",[0],{"way":"any","by":"Zz"},"",[]]]', "6c.2", "is not a card id"),
    ('[["turn",[0],{},"",[]],["play",[0],{"way":"any","by":"6c"},"",[]]]', "6c.2", "one decision at a time"),
    # A decision other than the turn is the one the resolving action's current step asks.
    ('[["play",[0],{"way":"any","by":"6a"},"",[]]]', "-", "asked by a card's action, but no action is resolving"),
    ('[["play",[0],{"way":"any","by":"6c"},"",[]]]', "6c.1", "6c Katana's step 0 asks for a 'discard-treasure'"),
    ('[["play",[0],{"way":"any","by":"6a"},"",[]]]', "6c.2", r"asked by 6c \(the action resolving\), not '6a'"),
    ('[["play",[0],{"way":"secret","by":"6c"},"",[]]]', "6c.2", "6c Katana plays a card 'any', not 'secret'"),
    ('[["play",[0],{"way":"any","by":"6c"},"",[]]]', "6c.0", "its first step has begun"),
    ('[["play",[0],{"way":"any","by":"6c"},"",[]]]', "8b.2,6c.2",
     "8b Climbing Hook cannot be resolving 6c Katana inside it"),
    ('[["play",[0],{"way":"any","by":"6c"},"",[]]]', "8b.1,6c.2", "8b Climbing Hook cannot be resolving"),
    ('[["discard-treasure",[0],{"scope":"opponents","left":3,"optional":true,"use_action":false,"by":"Aa"},"",[]]]',
     "Aa.1", "Aa Darts discards at most 2"),
    ('[["steal",[0],{"ignore_traps":false,"by":"Ja"},"",[]]]', "Ja.1",
     "Ja Master of Planning's steal has ignore_traps"),
    ('[["play",[1],{"way":"any","by":"6c"},"",[]]]', "6c.2", "belongs to the player resolving 6c Katana, P0"),
    # A trap's discard follows the steal or flip that sprang it, and names a Tripwire lying face-up.
    ('[["trap-discard",[0],{"left":1,"by":"6a"},"",[]]]', "-", "6a Katana has no trap that makes a player discard"),
    ('[["trap-discard",[0],{"left":1,"by":"Tb"},"",[]]]', "-", "Tb Tripwire lies face-up among P0's treasures"),
    ('[["trap-discard",[0],{"left":1,"by":"Ta"},"",[]]]', "6c.1", "a trap's discard follows a steal or a flip"),
    ('[["trap-discard",[1],{"left":1,"by":"Ta"},"",[]]]', "-", "hits the thief, P0"),
])
def test_a_position_whose_decision_the_rules_cannot_reach_or_act_on_is_refused(frames: str, effects: str,
                                                                               reason: str) -> None:
    # Such a position would leave a live game without a legal action, crash on the first action, or
    # resolve a card's action from a step it is not at.
    with pytest.raises(NotationError, match=reason):
        NinjitsuState.from_notation(_with(frames, effects))


@pytest.mark.parametrize(("frames", "effects"), [
    ('[["play",[0],{"way":"any","by":"6c"},"",[]]]', "6c.2"),
    ('[["tie",[0],{"highest":true,"seat":1,"cards":["Ta","Tb"],"rest":[]},"",[]]]', "Ab.1"),
    ('[["discard-treasure",[0],{"scope":"opponents","left":2,"optional":true,"use_action":false,"by":"Aa"},"",[]]]',
     "Aa.1"),
    ('[["play",[0],{"way":"any","by":"6c"},"",[]]]', "7b.1,6c.2"),
])
def test_the_refused_positions_differ_from_accepted_ones_only_in_what_their_case_breaks(frames: str,
                                                                                      effects: str) -> None:
    # The same base, with a decision the rules do push, parses: each refusal above has one cause.
    game = NinjitsuState.from_notation(_with(frames, effects))
    assert game.to_act() == (0,) and game.legal_actions(0)
