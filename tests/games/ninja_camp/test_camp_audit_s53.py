"""Audit (session 53): scenario tests read from the rulebook (ninja-camp.txt), RULINGS.md and
docs/rules/ninja-camp.md, for points the other Ninja Camp tests leave open. Each docstring quotes the rule
it checks."""

from __future__ import annotations

from collections import Counter

import pytest

from ninjadojo.api import new_game
from ninjadojo.engine import IllegalActionError
from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import after, card_at, hand_of, moves, ninjas_of, position
from ninjadojo.games.ninja_camp.cards import (
    AMBUSH,
    DODGE,
    EMPTY,
    EVADE,
    LEAP,
    SHADOW,
    SPRINT,
    STEALTH,
    TRAP,
    WALL,
)

# ---------------------------------------------------------------------------------------------- set-up


@pytest.mark.parametrize(("players", "cards"), [(2, 49), (3, 56), (4, 56)])
def test_the_grounds_are_dealt_from_all_64_cards_traps_and_walls_included(players: int, cards: int) -> None:
    """Rulebook: "Shuffle all the skill, wall, and trap cards together. Randomly place the shuffled cards
    faceup in a grid. For a two-player game, place 49 skill cards in a 7x7 grid. For a three- or
    four-player game, place 56 cards in a 7x8 grid." RULINGS.md: 8 of each of the 7 skills, 5 Trap, 3 Wall,
    "dealt from the 64 shuffled cards; the rest go back to the box"."""
    box = Counter({AMBUSH: 8, EVADE: 8, DODGE: 8, LEAP: 8, SHADOW: 8, SPRINT: 8, STEALTH: 8, TRAP: 5, WALL: 3})
    seen: Counter[int] = Counter()
    for seed in range(60):
        game = NinjaCampState.new(players, seed=seed)
        dealt = Counter(game.cells)
        assert EMPTY not in dealt and sum(dealt.values()) == cards
        assert all(dealt[kind] <= box[kind] for kind in dealt), dealt
        seen.update(dealt)
    # Over 60 deals each kind, Traps and Walls too, shows up about as often as its share of the 64.
    for kind, count in box.items():
        expected = 60 * cards * count / 64
        assert 0.8 * expected < seen[kind] < 1.2 * expected, (kind, seen[kind], expected)


def test_each_player_gets_a_different_clan_card_of_the_eight_and_the_sprint_and_evade() -> None:
    """Rulebook: "Give each player two starting cards (one Sprint and one Evade...)"; "Deal one Ninja Clan
    card to each player." RULINGS.md: "The 8 clans are those listed in the rulebook"."""
    clans_seen: set[int] = set()
    for seed in range(40):
        game = NinjaCampState.new(4, seed=seed)
        assert len(set(game.clans)) == 4 and not any(game.clan_used)
        assert all(hand_of(game, seat) == "ER" for seat in range(4))
        clans_seen |= set(game.clans)
    assert clans_seen == set(range(8))


def test_four_players_place_counter_clockwise_then_play_clockwise_from_the_last_placer() -> None:
    """Rulebook: "Beginning with the first player, in counter-clockwise order, each player will take turns
    placing one of his or her ninjas ... until each player has placed three ninjas." "The last player to
    place a ninja starts the game." "Players take turns in clockwise order." (Seats are numbered
    clockwise; seat 0 is the first player: docs Ruling 1.)"""
    game = new_game("ninja-camp", players=4, seed=7)
    order = []
    while game.decision(game.to_act()[0]).kind == "place":
        seat = game.to_act()[0]
        order.append(seat)
        game.apply(seat, game.legal_actions(seat)[0])
    assert order == [0, 3, 2, 1] * 3
    turns = []
    for _ in range(6):
        seat = game.to_act()[0]
        turns.append(seat)
        game.apply(seat, next(action for action in game.legal_actions(seat) if action != "pass"))
    assert turns == [1, 2, 3, 0, 1, 2]


def test_a_ninja_is_never_placed_on_a_card_that_holds_one() -> None:
    """Rulebook: "Only one ninja can ever be on a skill card." """
    game = new_game("ninja-camp", players=2, seed=4)
    first = game.legal_actions(0)[0]
    game.apply(0, first)
    assert first not in game.legal_actions(1)
    with pytest.raises(IllegalActionError):
        game.apply(1, first)


# ---------------------------------------------------------------------------------------------- Shadow

#: Three players, every ninja on an Evade, Dodge or Leap; seats 0 and 2 each claimed a Shadow earlier
#: with their (now used) clan card, leaving the empty spaces d7 and e7.
THREE = {"a1": "E0", "b1": "D0", "c1": "L0", "a7": "E1", "b7": "D1", "c7": "L1", "h1": "E2", "h2": "D2",
         "h3": "L2", "d7": ".", "e7": "."}


def three(**kwargs: object) -> NinjaCampState:
    return position(3, squares=THREE, hands={0: "EHR", 1: "ER", 2: "EHR"}, clans={0: "HA", 1: "sl", 2: "AR"},
                    to_act=1, **kwargs)  # type: ignore[arg-type]


def test_shadow_after_an_opponents_shadow_copies_the_skill_card_before_it() -> None:
    """Rulebook (Shadow): "Move as if you played the last skill card that was played by an opponent. If the
    last card played by an opponent was another Shadow card, then move as if you played the skill card
    prior to that." Seat 1 plays Sprint, seat 2 a Shadow (as Sprint): seat 0's Shadow moves as a Sprint."""
    game = three()
    assert "H:" not in "".join(game.legal_actions(2)) and game.copyable == [0, 0, 0]
    game = after(game, "R:a7-a2")
    game = after(game, "H:h3-a3")  # seat 2's Shadow copies the Sprint: h3 runs west to a3
    assert game.discards[2] == "H"
    shadows = moves(game, "H:")
    sprints = {"H:" + action[2:] for action in moves(game, "R:")}
    assert shadows == sprints and shadows, "seat 0's Shadow moves exactly as its Sprint would"


def test_a_shadows_skip_keeps_to_opponents_cards() -> None:
    """RULINGS.md / docs Ruling 7: Shadow copies the most recent skill card other than Shadow played by any
    opponent ("the skip over Shadows keeps to opponents' cards"). Seat 1 played the only skill card; the
    Shadows of seats 2 and 0 after it leave seat 1 nothing of an opponent's to copy."""
    game = position(3, squares={**THREE, "f7": "."}, hands={0: "EHR", 1: "EHR", 2: "EHR"},
                    clans={0: "HA", 1: "SL", 2: "AR"}, to_act=1)
    game = after(game, "R:a7-a2", "H:h3-a3", "H:c1-c6")
    assert game.copyable[1] == 0
    assert not moves(game, "H:")
    with pytest.raises(IllegalActionError):
        game.apply(1, "H:a2-a5")


def test_shadow_never_copies_a_clan_card() -> None:
    """Rulebook: "Shadow does not allow you to move as though you played an opponent's Ninja Clan card."
    Seat 1 plays Sprint, then seat 2 uses its clan card: seat 0's Shadow still moves as a Sprint."""
    game = position(3, squares=THREE, hands={0: "EHR", 1: "ER", 2: "EHR"}, clans={0: "AR", 1: "sl", 2: "ha"},
                    to_act=1)
    game = after(game, "R:a7-a2")
    game = after(game, next(action for action in game.legal_actions(2) if action.startswith("ha:")))
    assert game.clan_used[2]
    assert moves(game, "H:") == {"H:" + action[2:] for action in moves(game, "R:")}


# ---------------------------------------------------------------------------------------------- movement edges

PARKED = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1"}
#: Seat 1 with two ninjas parked (the test places its third).
TWO = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1"}


def test_a_passed_players_ninjas_stay_block_and_can_be_ambushed() -> None:
    """Rulebook: "If a player has passed, his or her turn is skipped for the remainder of the game, but his
    or her ninjas are left in place until the end of the game." Sprint stops at "another ninja"; Ambush
    moves "into a space with an opponent's ninja"."""
    game = position(2, squares={**TWO, "d1": "R0", "d5": "S1", "a7": ".", "b7": "."},
                    hands={0: "AR"}, passed=(1,), to_act=0)
    assert moves(game, "R:d1") >= {"R:d1-d4"} and "R:d1-d7" not in moves(game, "R:d1")
    assert "A:d1-d5" in moves(game, "A:d1")
    pushed = after(game, "A:d1-d5")
    assert "d6" in ninjas_of(pushed, 1) and pushed.to_act() == (0,), "seat 1 has passed: seat 0 again"


def test_ambush_never_charges_over_an_empty_space_or_a_wall() -> None:
    """Rulebook: "Unless indicated on the card you played, you cannot ... Move over empty spaces"; Wall:
    "Ninjas cannot move onto, over, or through this card". Ambush says nothing otherwise."""
    game = position(2, squares={**TWO, "d1": "A0", "d3": ".", "d5": "S1", "a7": ".", "c1": "#"},
                    hands={0: "AER"}, to_act=0)
    assert not {action for action in moves(game, "A:d1")}, "d5 lies beyond an empty space"
    walled = position(2, squares={**TWO, "d1": "A0", "d3": "#", "d5": "S1", "a7": "."}, hands={0: "AER"}, to_act=0)
    assert not moves(walled, "A:d1")


def test_leap_with_only_empty_spaces_to_the_edge_has_nowhere_to_land() -> None:
    """Rulebook: Leap "Move in a straight line over any number of empty spaces"; "all ninjas must end the turn
    on a card"."""
    game = position(2, squares={**PARKED, "d5": "L0", "d6": ".", "d7": ".", "d4": "#", "c5": "#", "e5": "#"},
                    hands={0: "LER"}, to_act=0)
    assert not moves(game, "L:d5")


def test_sprint_stops_before_the_movers_own_ninja_too() -> None:
    """Rulebook (Sprint): "Move in a straight line until coming to the edge of the grid, an empty space, a
    Wall, or another ninja." """
    game = position(2, squares={"a1": "S0", "d1": "R0", "d4": "S0", "g7": "S1", "f7": "S1", "e7": "S1"},
                    hands={0: "R"}, to_act=0)
    assert "R:d1-d3" in moves(game, "R:d1") and "R:d1-d7" not in moves(game, "R:d1")


def test_a_trap_claimed_in_play_goes_to_the_hand_and_costs_a_point() -> None:
    """Rulebook: "Claim a card: Place the skill card that your ninja started the turn on into your hand."
    Trap: "You may move freely over Trap cards" (-1 pt). A ninja that starts on a Trap claims it."""
    game = position(2, squares={**PARKED, "d1": "T0"}, hands={0: "E"}, to_act=0)
    before = game.points()[0]
    moved = after(game, "E:d1-d4")
    assert card_at(moved, "d1") == "." and "T" in hand_of(moved, 0)
    assert moved.points()[0] == before - 1, "the Evade played still counts, in the discard pile; the Trap -1"


def test_final_claims_of_traps_cost_a_point_each() -> None:
    """Rulebook (Game End): "every player claims the skill cards currently occupied by each of his or her
    ninjas and places them in his or her discard pile." "Each trap card will subtract 1 point from your
    score." """
    game = position(2, squares={"a1": "T0", "b1": "T0", "c1": "E0", "g7": "S1", "f7": "S1", "e7": "S1"},
                    hands={0: "ER", 1: "ER"}, to_act=0, fill="AEDLHRS")
    over = after(game, "pass", "pass")
    assert over.is_terminal
    assert over.scores() == (4 + 2 + 4 - 1 - 1, 6.0)
    assert sorted(over.discards[0]) == sorted("TTE")


def test_a_player_who_cannot_play_anything_may_only_pass() -> None:
    """Rulebook: "If you cannot play a card or use your Ninja Clan ability, you must pass." A seat whose
    hand is spent and whose clan card is used has only ``pass``."""
    game = position(2, squares={**PARKED, "d4": "S0", "a7": ".", "b7": "."}, hands={0: ""}, clans={0: "HA"},
                    to_act=0)
    assert game.legal_actions(0) == ["pass"]
