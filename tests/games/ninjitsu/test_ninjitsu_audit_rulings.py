"""Scenario tests, straight from the rulebook and RULINGS.md, for five points an audit found the engine
reading wrongly: ties are the current player's; each Freeze Time holds until its own player's next turn;
a stolen card with no value is discarded only after its trap; Night Vision binds the marked player's
*next* turn; face-down secrets are untouched by cards that do not target secrets (Lightning, Invisibility).
"""

from __future__ import annotations

import pytest
from ninjitsu_helpers import discard, hand, kind, log, play, secrets, treasures

from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS, cards_of

# ---------------------------------------------------------------------- ties: the current player chooses
# RULINGS.md: "Caltrops / Blowgun / Master of Fire ties for highest or lowest: the current player chooses."
# P0 (the current player) steals P1's Master of Deception, whose trap lets P1 play a card out of turn.


def _deceived(card: str, expansions: str, **kwargs: object) -> NinjitsuState:
    """P0's turn, 3 players: P0 has stolen P1's Master of Deception, and P1 plays ``card`` for its action."""
    game = position(3, expansions=expansions, hands=["", card, ""], secrets=["", "Kp", ""], top="2c 3c",
                    **kwargs)  # type: ignore[arg-type]
    return play(game, "x1.0", f"a:{card}")


@pytest.mark.parametrize("card", ["Ab", "Ac"])
def test_a_caltrops_or_blowgun_tie_played_out_of_turn_is_chosen_by_the_current_player(card: str) -> None:
    # P1's opponents, clockwise from P1: P2 (9a over 8c: no tie either way), then P0, whose 8a and 8b tie.
    game = _deceived(card, "promo", treasures=["8a 8b", "", "9a 8c"])
    assert game.turn == 0 and kind(game) == "tie" and game.to_act() == (0,)
    assert game.legal_actions(0) == ["c:8a", "c:8b"]
    decision = game.decision(0)
    assert decision is not None and "current player" in decision.prompt
    game.check_invariants()
    assert NinjitsuState.from_notation(game.to_notation()).to_notation() == game.to_notation()
    play(game, "c:8b")
    assert treasures(game, 0) == "8a" and treasures(game, 2) == ("8c" if card == "Ab" else "9a")


def test_a_master_of_fire_tie_played_out_of_turn_is_chosen_by_the_current_player() -> None:
    # The three highest: 9a, then two of the tied 8a, 8b, 8c: P0 chooses both.
    game = _deceived("Qm", "promo,magic", treasures=["8a 8b", "", "9a 8c"])
    assert kind(game) == "fire" and game.to_act() == (0,) and game.legal_actions(0) == ["c:8a", "c:8b", "c:8c"]
    game.check_invariants()
    play(game, "c:8a")
    assert kind(game) == "fire" and game.to_act() == (0,)
    play(game, "c:8c")
    assert treasures(game, 0) == "8b" and treasures(game, 2) == ""


def test_master_of_fire_replacing_a_saved_treasure_asks_the_current_player_on_a_tie() -> None:
    # Option fire_replaces: Alberti keeps 9a, so Master of Fire goes for the next highest, 5a or 5b: a tie.
    game = position(3, expansions="promo,magic", hands=["", "Qm", "1l"], treasures=["9a 5a 5b", "", "8a 7a"],
                    secrets=["", "Kp", ""], options={"fire_replaces": True})
    play(game, "x1.0", "a:Qm")
    assert kind(game) == "window" and game.to_act() == (2,)
    play(game, "a:1l")
    assert kind(game) == "fire" and game.to_act() == (0,) and game.legal_actions(0) == ["c:5a", "c:5b"]
    play(game, "c:5b")
    assert treasures(game, 0) == "9a 5a" and treasures(game, 2) == ""


# ---------------------------------------------------------------------- two Freeze Times
# RULINGS.md: "Freeze Time: no win check at any turn start until its player's next turn start, which checks
# again." Each Freeze Time holds until ITS player's next turn start.


def test_a_later_freeze_time_does_not_end_an_earlier_one() -> None:
    # P2's Freeze Time holds until P2's next turn. In P0's turn, P1 (robbed of Master of Deception) plays a
    # Freeze Time of its own: P1 starts its turn with 29 points but P2's still holds; P2's turn start ends
    # it; P1's next turn start checks again and wins.
    game = position(3, expansions="promo,magic", turn=0, frozen=2, hands=["6a", "7m 2c", ""],
                    treasures=["", "Ta 9a 8a", ""], secrets=["", "Kp", ""], top="3c 4c 5c 6c 7c 8c")
    play(game, "x1.0", "a:7m", "s:2c")
    assert game.result is None and game.turn == 1 and kind(game) == "turn" and game.points(1) == 29
    assert "P1 starts their turn with 29 points but cannot win: P2's Freeze Time holds until P2's next turn" \
        in log(game, 0)
    game.check_invariants()
    play(game, "d")   # P1
    assert game.result is None and game.turn == 2
    play(game, "d")   # P2
    assert game.result is None and game.turn == 0
    play(game, "d")   # P0: P1's next turn start checks again
    assert game.winners() == (1,)


def test_a_freeze_time_is_told_at_a_turn_start_only_where_it_stops_a_win() -> None:
    # P2's Freeze Time holds; P1 starts its turn with 9 points, far from the target: the log does not say at
    # every turn start that no win is checked (the card said so when it was played).
    game = position(3, expansions="promo,magic", turn=0, frozen=2, hands=["6a", "2c", ""],
                    treasures=["", "9a", ""], top="3c 4c 5c 6c 7c 8c")
    play(game, "d")
    assert game.result is None and game.turn == 1 and game.points(1) == 9
    assert "Freeze Time" not in log(game, 0)


def test_a_freeze_time_that_holds_longer_keeps_the_check_off_until_its_players_turn() -> None:
    # P1's Freeze Time holds until P1's next turn; P0 then plays one that holds until P0's next turn.
    # P1 starts with 21 (no win: P0's still holds); P0's next turn start checks (P0 below the target).
    game = position(2, expansions="magic", turn=0, frozen=1, hands=["7m 2c", ""], treasures=["", "Ta 9a 2b"],
                    top="3c 4c 5c")
    play(game, "a:7m", "s:2c")
    assert game.result is None and game.turn == 1 and game.frozen == 0
    play(game, "d")
    assert game.result is None and game.turn == 0 and game.frozen == -1
    play(game, "d")
    assert game.winners() == (1,)


# ---------------------------------------------------------------------- a stolen valueless card, after its trap
# Rulebook: "If a stolen card has no point value ... discard it after resolving any traps." RULINGS.md: "its
# trap, if any, is resolved by the thief; then a card with no value is discarded."


def test_master_of_deception_is_discarded_only_after_its_trap_resolves() -> None:
    # Deck and discard pile empty: the robbed player's Climbing Hook draws from the pile reshuffled, which
    # holds the Hook only, not the Master of Deception, still resolving.
    placed = {"9a", "Kp", "8a"}
    rest = " ".join(CARD_IDS[card] for card in cards_of(("promo",)) if CARD_IDS[card] not in placed)
    game = position(3, expansions="promo", deck="", discard="", hands=["", "8a", ""], secrets=["9a", "Kp", rest])
    play(game, "x1.0")
    assert kind(game) == "play" and game.to_act() == (1,)
    assert "Kp" not in discard(game) and "Kp" not in treasures(game, 0)
    assert game.observe(0)["resolving"] == ["Kp"]  # it lies with its trap, face-up, no treasure
    game.check_invariants()
    assert NinjitsuState.from_notation(game.to_notation()).to_notation() == game.to_notation()
    play(game, "a:8a", "x0.0")
    assert hand(game, 1) == "8a" and treasures(game, 1) == "9a"
    assert kind(game) == "steal" and "pass" in game.legal_actions(1)  # Master of Deception's own "may steal"
    play(game, "pass")
    assert discard(game) == "Kp" and game.turn == 1
    lines = log(game, 0).splitlines()
    drawn = next(index for index, line in enumerate(lines) if "P1 draws 1 card" in line)
    assert any("Master of Deception has no value and is discarded" in line for line in lines[drawn:])


def test_a_blowgun_played_through_master_of_deception_takes_a_real_treasure() -> None:
    # While its trap resolves the Master of Deception is no treasure (it has no value): P0's lowest is 2b.
    game = position(2, expansions="promo", hands=["", "Ac"], treasures=["9a 2b", ""], secrets=["", "Kp"])
    play(game, "x1.0", "a:Ac")
    assert treasures(game, 0) == "9a" and discard(game).split()[-2:] == ["2b", "Kp"]


def test_a_stolen_deadfall_stays_face_up_until_its_thief_has_chosen() -> None:
    game = position(2, expansions="sabotage", hands=["6a 7b", ""], secrets=["", "As"])
    play(game, "x1.0")
    assert kind(game) == "deadfall" and game.to_act() == (0,)
    assert treasures(game, 0) == "As" and "As" not in discard(game)
    game.check_invariants()
    assert NinjitsuState.from_notation(game.to_notation()).to_notation() == game.to_notation()
    play(game, "c:6a")
    assert hand(game, 0) == "6a" and hand(game, 1) == "7b" and treasures(game, 0) == ""
    assert discard(game).split()[-1] == "As"


def test_andrea_stopping_the_current_players_steal_in_a_deception_trap_still_discards_it() -> None:
    # Master of Surprise turns up P1's Master of Deception: P0 was "robbed", so P0 may play, then steal;
    # P2's Andrea stops that steal and P0 loses the rest of the turn: the trap is over, the card discarded.
    game = position(3, expansions="promo", hands=["Xp", "", "1d"], secrets=["", "Kp", "5a"])
    play(game, "a:Xp", "f1.0")
    assert kind(game) == "steal" and game.to_act() == (0,)
    play(game, "x2.0", "a:1d")
    assert game.turn == 1 and secrets(game, 2) == "5a" and "Kp" in discard(game).split()
    game.check_invariants()


# ---------------------------------------------------------------------- Night Vision played out of turn
# Night Vision: "On their next turn, they must either play that card or skip their turn."


def test_night_vision_played_during_the_marked_players_turn_binds_their_next_turn() -> None:
    # Aurora Borealis: 2 actions a turn. P0's first action steals P1's Master of Deception; P1 plays Night
    # Vision out of turn, marking P0's Katana. P0's second action is free; P0's next turn is bound.
    game = position(2, expansions="promo,magic,weather", weather="Aw", turn=0, hands=["6a", "8m"],
                    secrets=["", "Kp"], top="2c 3c 4c 5c 6c 7c")
    play(game, "x1.0", "a:8m")
    assert game.turn == 0 and kind(game) == "turn" and game.mark(0) == "6a"
    assert "d" in game.legal_actions(0) and "pass" not in game.legal_actions(0)
    assert "markwait=1" in game.to_notation()
    assert NinjitsuState.from_notation(game.to_notation()).to_notation() == game.to_notation()
    game.check_invariants()
    game.determinize(1, 3).check_invariants()
    play(game, "d")          # P0's second action, free
    play(game, "d", "d")     # P1's turn
    assert game.turn == 0 and game.mark(0) == "6a" and "markwait" not in game.to_notation()
    assert set(game.legal_actions(0)) == {"a:6a", "s:6a", "t:6a", "pass"}
    play(game, "pass")       # skips that action (its first): the mark is spent, the extra action is free
    assert game.turn == 0 and game.mark(0) is None and "d" in game.legal_actions(0)


# ---------------------------------------------------------------------- secrets: only cards that target them
# Rulebook: "While face-down, secrets are not treasures. They can only be affected by cards which
# specifically target secrets."


def test_lightning_does_not_strike_face_down_secrets() -> None:
    # Lightning: "All cards of that value are discarded from play and from player's hands": the top card
    # is a Climbing Hook (8), and P1's secret Climbing Hook stays.
    game = position(2, expansions="weather", weather="Sw", events="Lv", hands=["2c", "8b"], secrets=["", "8a 9b"],
                    top="8c")
    play(game, "s:2c")
    assert secrets(game, 1) == "8a 9b" and hand(game, 1) == ""
    assert "struck" not in log(game, 0)


def test_invisibility_never_takes_a_secret() -> None:
    # "Move any card to your hand from play or an opponent's hand": a treasure or a random card of a hand.
    game = position(2, expansions="magic", hands=["3m", "6a"], treasures=["", "9a"], secrets=["", "9b"])
    play(game, "a:3m")
    assert game.legal_actions(0) == ["c:9a", "h1"]
    only_secrets = position(2, expansions="magic", hands=["3m 6a", ""], secrets=["", "9b"])
    play(only_secrets, "a:3m")
    assert only_secrets.turn == 1 and secrets(only_secrets, 1) == "9b" and hand(only_secrets, 0) == "6a"
    refused = position(2, expansions="magic", hands=["3m 6a", ""], secrets=["", "9b"],
                       options={"idle_actions": False})
    assert "a:3m" not in refused.legal_actions(0)  # it could do nothing: no treasure, no opponent's hand card
    space = NinjitsuState.action_space_for(2, NinjitsuState.validate_options(2, {"expansions": "magic"}))
    assert "h1" in space.actions and not any(action.startswith("i") for action in space.actions)
