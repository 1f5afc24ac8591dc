"""Audit s53: scenario tests from the rulebook's sentences (ninjitsu.txt) and RULINGS.md, for edges the other
test files leave out: a trap turned up by Master of Surprise when its text moves cards between players, a
trapped card swapped or moved (never sprung), a trap's draws seen by a Mirror, a nested Chain and Sickle,
Night Vision's mark that no way can play, the end-of-turn Events before the next win check, a deck that
runs out inside Grimoire or Master of Magic, face-down abilities switched on and off by Master of Escape,
and Andrea under Aurora Borealis.
"""

from __future__ import annotations

import pytest
from ninjitsu_helpers import discard, hand, kind, log, play, secrets, treasures

from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS


def test_deadfall_turned_up_by_master_of_surprise_sends_the_owners_other_cards_to_the_jokers_player() -> None:
    """Master of Surprise: "Turn an opponent's secret face-up. If it's trapped, treat it as though that
    opponent just stole it from you." Deadfall: "When you steal this, choose a card from your hand. Move all
    the other cards from your hand to the hand of the player you stole this from." So the owner (P1) is the
    "thief" and the Joker's player (P0) the robbed one: P1 keeps one card, P0 gets the rest, and draws none
    (the secret was trapped)."""
    game = position(2, expansions="sabotage", hands=["Xa 6a", "9a 8b 7c"], secrets=["", "As"], top="2a 3a")
    play(game, "a:Xa", "f1.0")
    assert kind(game) == "deadfall" and game.to_act() == (1,)
    assert game.legal_actions(1) == ["c:9a", "c:8b", "c:7c"]
    play(game, "c:8b")
    assert hand(game, 1) == "8b"
    assert sorted(hand(game, 0).split()) == ["6a", "7c", "9a"]
    assert "As" in discard(game) and secrets(game, 1) == "" and treasures(game, 1) == ""   # no value: discarded
    assert game.cards("top")[:2] == ["2a", "3a"]                                          # nobody drew


def test_a_kings_draw_of_four_is_a_draw_a_mirror_answers() -> None:
    """King: "When you steal this, the player you stole it from draws 4 cards." Mirror: "While this is
    face-up in front of you, each opponent draws a card whenever you draw cards." The robbed player owns
    the Mirror: after its 4 cards, each of its opponents (clockwise from it: P2, then the thief P0) draws 1."""
    game = position(3, expansions="sabotage", hands=["6b", "3c", ""], treasures=["", "6s", ""],
                    secrets=["", "Ka", ""], top="2a 3a 4a 5a 7a 8a 9a")
    play(game, "x1.0")
    assert hand(game, 1) == "3c 2a 3a 4a 5a"
    assert hand(game, 2) == "7a" and hand(game, 0) == "6b 8a"
    assert discard(game) == "Ka" and game.cards("top")[0] == "9a"


def test_a_trapped_treasure_swapped_by_shape_shifting_springs_no_trap() -> None:
    """"When a trapped card is discarded, moved or swapped its trap does not trigger." Shape Shifting:
    "Play a treasure then swap it with any other treasure in play." P0 swaps its new Climbing Hook for
    P1's Explosives treasure: P0 keeps its hand."""
    game = position(2, expansions="magic", hands=["6m 8b 9b", ""], treasures=["5a 7a", "2a"])
    play(game, "a:6m", "t:8b", "c:2a")
    assert game.turn == 1
    assert treasures(game, 0) == "5a 7a 2a" and treasures(game, 1) == "8b"
    assert hand(game, 0) == "9b"


def test_a_snare_treasure_moved_into_a_hand_springs_no_trap() -> None:
    """"When a trapped card is discarded, moved or swapped its trap does not trigger." Master Thief: "Move
    any 2 treasures from play into your hand." Taking P1's Snare and Explosives leaves P0's own treasures
    and hand alone."""
    game = position(2, expansions="sabotage", hands=["Qs 9b", ""], treasures=["5a 7a", "3a 2a"])
    play(game, "a:Qs", "c:3a", "c:2a")
    assert game.turn == 1
    assert treasures(game, 0) == "5a 7a" and hand(game, 0) == "9b 3a 2a" and treasures(game, 1) == ""


def test_chain_and_sickle_on_a_chain_and_sickle_treasure_uses_its_action_again() -> None:
    """Chain and Sickle: "Discard any 1 treasure from play. Use its action as if you just played it." The
    treasure discarded is another Chain and Sickle, whose action discards a Katana, whose action discards a
    treasure and then plays a card."""
    game = position(2, hands=["7a 5c", ""], treasures=["5a", "7b 9a 6a"])
    play(game, "a:7a", "c:7b")
    assert kind(game) == "discard-treasure" and game.legal_actions(0) == ["c:5a", "c:9a", "c:6a"]
    play(game, "c:6a")                          # the second Chain and Sickle discards the Katana...
    assert kind(game) == "discard-treasure"     # ...whose action discards a treasure
    play(game, "c:9a")
    assert kind(game) == "play"                 # then plays a card
    play(game, "t:5c")
    assert game.turn == 1
    assert discard(game) == "7a 7b 6a 9a" and treasures(game, 0) == "5a 5c" and treasures(game, 1) == ""


def test_night_vision_marks_a_tripwire_under_cage_the_only_choice_is_to_skip() -> None:
    """Night Vision: "On their next turn, they must either play that card or skip their turn." Tripwire:
    "This card must be played as a secret." Cage: "While this is face-up in front of you, you cannot play
    secrets as an action." The marked Tripwire has no legal way: the turn can only be skipped."""
    game = position(2, expansions="magic,sabotage", turn=1, hands=["6a", "Ta 9a"], treasures=["", "7s"],
                    marks=["", "Ta"])
    assert game.legal_actions(1) == ["pass"]
    play(game, "pass")
    assert game.turn == 0 and hand(game, 1) == "Ta 9a"


def test_an_event_at_the_end_of_a_turn_comes_before_the_next_players_win_check() -> None:
    """"At the end of each turn, resolve Event cards" and "At the start of a player's turn, if their
    collection has 21 or more points ... they win". Flood ("Discard all treasures of value 5 or less from
    play") resolves at the end of P0's turn and takes P1 from 24 to 19 before P1's turn starts: no win."""
    game = position(2, expansions="weather", hands=["6a", ""], treasures=["", "Ta 9a 5a"], events="Fv",
                    top="2a 3a 4a")
    assert game.points(1) == 24
    play(game, "s:6a")
    assert game.result is None and game.turn == 1 and kind(game) == "turn"
    assert treasures(game, 1) == "Ta 9a" and game.points(1) == 19


def test_andrea_under_aurora_borealis_costs_the_thief_its_second_action_too() -> None:
    """Andrea: "prevent a player from stealing a secret. That player loses the rest of their turn."
    Aurora Borealis: "Players take 2 actions per turn". P0's first action is a steal that Andrea stops:
    its second action is lost with the rest of the turn."""
    game = position(3, expansions="promo,weather", weather="Aw", hands=["6a", "1d", ""], secrets=["", "9a", ""])
    play(game, "x1.0")
    assert kind(game) == "window" and game.to_act() == (1,)
    play(game, "a:1d")
    assert game.turn == 1 and hand(game, 0) == "6a" and secrets(game, 1) == "9a"
    assert discard(game) == "1d"


def test_grimoire_on_a_deck_of_three_reshuffles_the_discard_pile_for_the_top_card() -> None:
    """Grimoire: "Draw 3 cards then play the top card of the deck." "If the deck is empty, shuffle the
    discard pile to form a new deck." The 3 cards empty the deck; the top card comes from the new deck."""
    base = [card for card in CARD_IDS if card[1] in "abcm" and card not in ("Am", "6a", "7a", "8a")]
    game = position(2, expansions="magic", hands=["Am", ""], deck="6a 7a 8a", discard=" ".join(base))
    play(game, "a:Am")
    assert kind(game) == "play" and game.to_act() == (0,)
    assert hand(game, 0).split()[:3] == ["8a", "7a", "6a"] and len(game.hands[0]) == 4
    assert discard(game) == "" and len(game.cards("deck")) == len(base)   # Grimoire went into the new deck


def test_master_of_magic_played_on_an_empty_deck_is_at_the_top_at_once() -> None:
    """Master of Magic: "Move the deck in front of you and shuffle this card into it face-up. When it
    reaches the top of the deck again, discard it and immediately play any number of cards from your hand."
    With the deck empty, it is the deck's only card, so its top: it is discarded and P0 plays at once."""
    rest = [card for card in CARD_IDS if card[1] in "abcm" and card not in ("Xm", "6a", "7a")]
    game = position(2, expansions="magic", hands=["Xm 6a 7a", ""], deck="", discard=" ".join(rest))
    play(game, "a:Xm")
    assert kind(game) == "play" and game.to_act() == (0,) and game.turn == 0
    assert discard(game).split()[-1] == "Xm" and game.cards("deck") == []
    assert "pass" in game.legal_actions(0)
    play(game, "s:6a", "t:7a")               # the hand is empty: the plays are over, and so is the turn
    assert game.turn == 1 and secrets(game, 0) == "6a" and treasures(game, 0) == "7a"


def test_master_of_escape_ends_vampire_ninjas_penalty_and_wakes_bo_staffs_ability() -> None:
    """Vampire Ninja: "While this is face-up in front of you, your secrets and treasures are worth -3 each."
    Bo Staff: "While face-down, worth +2 for each of your secrets including Bo Staff." Master of Escape:
    "Turn any 2 treasures face-down". Before: 3 + 4 - 3*3 (treasures and the secret) + 4 + 2 (the Bo Staff
    secret) = 4; after: three secrets, Vampire 3 and two Bo Staffs at 4 + 2*3 each = 23."""
    game = position(2, expansions="promo,sabotage", hands=["Js", ""], treasures=["3p 4a", ""], secrets=["4b", ""])
    assert game.points(0) == 3 + 4 + 6 - 9
    play(game, "a:Js", "c:3p", "c:4a")
    assert game.turn == 1 and secrets(game, 0) == "4b 3p 4a" and treasures(game, 0) == ""
    assert game.points(0) == 3 + 10 + 10


def test_two_bo_staffs_face_down_each_count_every_secret() -> None:
    """Bo Staff: "While face-down, worth +2 for each of your secrets including Bo Staff" (RULINGS: 4 + 2 x
    its owner's secrets). Two Bo Staffs and a Vampire Ninja face-down (no ability while face-down): each Bo
    Staff 4 + 2*3 = 10, plus 3."""
    game = position(2, expansions="promo", hands=["6a", ""], secrets=["4a 4b 3p", ""], treasures=["", "9a"])
    assert game.points(0) == 23


def test_wind_side_2_cannot_swap_a_tripwire_from_the_hand_in_as_a_treasure() -> None:
    """Wind (side 2): "swap a treasure from your hand with any treasure in play". Tripwire: "This card must
    be played as a secret", and a King has no value: neither is a treasure of the hand; Katana is."""
    game = position(2, expansions="elements", elements=["wind2", "-"], hands=["Ta 6a Ka", ""], treasures=["", "9a"])
    swaps = [action for action in game.legal_actions(0) if action.startswith("swap:")]
    assert swaps == ["swap:6a"]


def test_a_master_of_surprise_on_a_tripwire_of_an_owner_with_no_hand_does_nothing_more() -> None:
    """Master of Surprise: "If it's trapped, treat it as though that opponent just stole it from you. If it's
    not, draw a card." Tripwire's trap ("discard a card from your hand") finds the owner's hand empty: nothing
    is discarded, the Tripwire stays as the owner's treasure, and the Joker's player draws nothing."""
    game = position(2, hands=["Xa 6a", ""], secrets=["", "Ta"], top="2a 3a")
    play(game, "a:Xa", "f1.0")
    assert game.turn == 1 and treasures(game, 1) == "Ta" and secrets(game, 1) == ""
    assert hand(game, 0) == "6a" and hand(game, 1) == "" and discard(game) == "Xa"
    assert game.points(1) == 10


def test_a_steal_of_a_valueless_secret_by_the_jack_discards_it_and_no_trap_springs() -> None:
    """Jack: "Steal a secret, ignoring any traps." "If a stolen card has no point value ... discard it". The
    Jack takes a King: the robbed player draws nothing and the King goes to the discard pile."""
    game = position(2, hands=["Ja", ""], secrets=["", "Ka"], top="2a 3a 4a 5a")
    play(game, "a:Ja", "x1.0")
    assert game.turn == 1 and hand(game, 1) == "" and discard(game) == "Ja Ka"
    assert "Master of Cunning" in log(game, None)


def test_master_of_magic_shuffled_into_a_deck_of_events_can_bring_an_event_to_the_top() -> None:
    """Master of Magic: "Move the deck in front of you and shuffle this card into it face-up." Heavy
    Weather: "Whenever an Event card reaches the top of the deck, put it into play." The deck is shuffled
    with the card in it, so an Event in the deck may come to the top, and then goes into play at once (and
    resolves at the end of the turn). With seven Events under one Katana, most shuffles bring one up."""
    events_up = 0
    for seed in range(1, 13):
        game = position(2, expansions="magic,weather", seed=seed, hands=["Xm 6b", ""],
                        deck="Hv Wv Bv Sv Fv Ev Lv 6a")
        assert game.cards("events") == []
        play(game, "a:Xm")
        game.check_invariants()
        if game.cards("events"):
            events_up += 1
            assert "reaches the top of the deck and goes into play" in log(game, None)
        top = game.cards("top")
        assert not top or top[0][1] != "v"          # nothing left an Event on top of the deck
    assert events_up > 0


def test_heart_side_2_under_aurora_borealis_takes_three_actions_on_the_first_turn() -> None:
    """Heart (side 2): "On your first turn, take an extra action." Aurora Borealis: "Players take 2 actions
    per turn". Both apply: P0's first turn is three actions, then P1's turn starts."""
    game = position(2, expansions="promo,elements,weather", elements=["heart2", "-"], weather="Aw",
                    hands=["6a 7a 8a 9a", ""], top="2a 3a 4a 5a 2b 3b")
    for card in ("6a", "7a"):
        play(game, f"s:{card}")
        assert game.turn == 0 and kind(game) == "turn"
    play(game, "s:8a")
    assert game.turn == 1 and secrets(game, 0) == "6a 7a 8a"


def test_storms_under_drought_discards_first_so_a_hand_of_five_draws_three() -> None:
    """Storms: "As an action, players may discard a card from their hand to draw 3 cards." Drought: "Players
    with 5 or more cards in hand cannot draw cards", checked before each draw occasion (RULINGS). Five cards:
    the Draw action is refused, but Storms discards one first, and four cards may draw."""
    game = position(2, expansions="promo,weather", weather="Tw Dw", hands=["6a 7a 8a 9a 5a", ""],
                    top="2a 3a 4a")
    assert "d" not in game.legal_actions(0) and "storm:6a" in game.legal_actions(0)
    play(game, "storm:6a")
    assert game.turn == 1 and hand(game, 0) == "7a 8a 9a 5a 2a 3a 4a" and discard(game) == "6a"


def test_cage_does_not_stop_a_surfaced_master_of_magics_owner_playing_a_secret() -> None:
    """Cage: "While this is face-up in front of you, you cannot play secrets as an action" (RULINGS: "as an
    action" is the turn's own action). Master of Magic: "When it reaches the top of the deck again, discard
    it and immediately play any number of cards from your hand." P0's draw uncovers P1's Master of Magic:
    P1, behind a Cage, may still play its King as a secret."""
    game = position(2, expansions="magic,sabotage", hands=["6a", "Ka 9b"], treasures=["", "7s"],
                    top="2a Xm 3a", magic_owner=1)
    play(game, "d")
    assert kind(game) == "play" and game.to_act() == (1,)
    assert "s:Ka" in game.legal_actions(1)
    play(game, "s:Ka")
    assert secrets(game, 1) == "Ka"


def test_wind_side_1_counts_the_expansions_aces_and_jokers_played_as_secrets() -> None:
    """Wind (side 1): "Take an extra action after you play an Ace or Joker" (RULINGS: as an action or a
    secret). The expansions' Aces (Grimoire, Deadfall) and Jokers (Master of Magic, Master of Disguise, the
    Promo Pack's Master of Surprise) count like the base game's."""
    for card in ("Am", "As", "Xm", "Xs", "Xp"):
        game = position(2, expansions="promo,magic,sabotage,elements", elements=["wind1", "-"],
                        hands=[f"{card} 6a", ""], top="2a 3a 4a 5a")
        play(game, f"s:{card}")
        assert game.turn == 0 and kind(game) == "turn", card
        play(game, "s:6a")
        assert game.turn == 1, card


def test_a_sleeping_potion_draw_is_a_draw_the_drawers_mirror_answers() -> None:
    """Sleeping Potion: "While this is face-up in front of you, your opponents draw a card at the start of
    their turn." Mirror: "each opponent draws a card whenever you draw cards" (RULINGS: Sleeping Potion's
    draw counts). P1 starts its turn, draws for P0's Sleeping Potion, and its own Mirror makes each of its
    opponents, clockwise from P1 (P2, then P0), draw one."""
    game = position(3, expansions="sabotage", turn=1, hands=["", "6a", ""], treasures=["9s", "6s", ""],
                    top="2a 3a 4a 5a")
    assert kind(game) == "turn" and game.turn == 1
    assert hand(game, 1) == "6a 2a" and hand(game, 2) == "3a" and hand(game, 0) == "4a"


@pytest.mark.parametrize(("card", "expansions"), [
    ("Ja", None), ("Xa", None), ("6a", None), ("7a", None), ("Aa", None), ("Ab", None), ("Ac", None),
    ("Qm", "magic"), ("3m", "magic"), ("Km", "magic"), ("4m", "magic"), ("6m", "magic"), ("5m", "magic"),
    ("Qs", "sabotage"), ("Js", "sabotage"), ("Xs", "sabotage"), ("Ts", "sabotage"), ("5s", "sabotage"),
    ("2s", "sabotage"), ("3s", "sabotage"), ("4s", "sabotage"),
])
def test_a_card_with_nothing_to_act_on_is_simply_discarded(card: str, expansions: str | None) -> None:
    """"If you can't complete a card's entire action, do as much as you're able to. For example, if your hand
    is empty, ignore any part of an action that lets you play a card." P0 plays its only card for its action
    with no treasure, no secret and no other card anywhere (the Ace Caltrops still draws its card): the card
    goes to the discard pile and the turn passes."""
    game = position(2, expansions=expansions, hands=[card, ""], top="Ka Kb")
    play(game, f"a:{card}")
    assert game.turn == 1 and kind(game) == "turn"
    assert discard(game) == card and treasures(game, 0) == "" and secrets(game, 0) == ""
    assert hand(game, 1) == "" and hand(game, 0) == ("Ka" if card == "Ab" else "")


def test_exactly_the_target_wins_and_one_less_does_not() -> None:
    """"If you have 21 or more points in your collection at the start of your turn, you win!" 20 points at
    the start: the turn is played; 21: the game is over, won by that player, and nothing is legal any more."""
    below = position(2, hands=["2b", ""], treasures=["9a 8a 3a", ""])
    assert below.points(0) == 20 and below.result is None and kind(below) == "turn"
    play(below, "t:2b")
    assert below.points(0) == 22 and below.turn == 1 and below.result is None   # mid-turn: no win yet
    play(below, "d")
    assert below.is_terminal and below.winners() == (0,)
    assert below.legal_actions(0) == [] and below.legal_actions(1) == []
    exact = position(2, hands=["", ""], treasures=["9a 8a 4a", ""])
    assert exact.points(0) == 21 and exact.is_terminal and exact.winners() == (0,)


def test_two_players_at_the_target_the_one_whose_turn_starts_first_wins() -> None:
    """The first player to have 21 or more points at the start of their turn is the winner. P0 plays its
    Katana as a treasure to reach 21, but P1, at 22 already, starts its turn first and wins."""
    game = position(2, hands=["6a", ""], treasures=["9a 6b", "Ta 9b 3a"])
    assert game.points(1) == 22 and game.result is None
    play(game, "t:6a")
    assert game.points(0) == 21
    assert game.is_terminal and game.winners() == (1,)


@pytest.mark.parametrize(("expansions", "cards", "weathers"), [
    (None, 42, 0), ("promo", 51, 0), ("magic", 57, 0), ("sabotage", 58, 0), ("weather", 49, 7),
    ("promo,weather", 59, 9), ("promo,magic,sabotage", 82, 0), ("magic,sabotage,weather", 80, 7),
])
def test_the_deck_and_the_deal_per_expansion(expansions: str | None, cards: int, weathers: int) -> None:
    """"Deal 4 cards to each player, then place the deck in the middle of the table." The base deck is 42
    cards (RULINGS), the Promo Pack 9 more (Captain Bluebeard left out; Solar Flare only with Heavy Weather),
    Masters of Magic 15, Sabotage! 16; Heavy Weather's 7 Events join the deck (with the Promo Pack, Solar Flare
    too) and its 7 Weathers (with the Promo Pack, Drought and Aurora Borealis too) form their own deck, whose
    top card is put into play. Nothing is in play and the discard pile is empty at the start."""
    from ninjadojo.api import new_game

    for players in (2, 5):
        game = new_game("ninjitsu", players, {} if expansions is None else {"expansions": expansions}, seed=7)
        assert isinstance(game, type(position()))
        hands = [game.cards("hand", seat) for seat in range(players)]
        assert [len(each) for each in hands] == [4] * players
        assert not any(card[1] == "v" for each in hands for card in each)   # no Event in a starting hand
        in_deck = len(game.cards("deck")) + len(game.cards("events"))
        assert in_deck + 4 * players == cards and game.cards("discard") == []
        assert all(game.cards(zone, seat) == [] for zone in ("treasures", "secrets") for seat in range(players))
        assert len(game.cards("weather")) == (1 if weathers else 0)
        assert len(game.cards("weather")) + len(game.cards("weather_deck")) == weathers
