"""Scenario tests for Masters of Magic (option ``expansions=magic``): one or more per card, and the
interactions the issue names (Master of Magic surfacing during a draw, Freeze Time and a start-of-turn
win)."""

from __future__ import annotations

from ninjitsu_helpers import discard, hand, kind, name_of, play, secrets, treasures

from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_INDEX, MAGIC_CARDS, SETS

MAGIC = "magic"


def magic(players: int = 2, expansions: str = MAGIC, **kwargs: object) -> NinjitsuState:
    """A position of a game with Masters of Magic."""
    return position(players, expansions=expansions, **kwargs)  # type: ignore[arg-type]


def log(game: NinjitsuState, seat: int | None) -> str:
    lines = game.observe(seat)["log"]
    assert isinstance(lines, list)
    return "\n".join(str(line) for line in lines)


def with_magic_in_deck(game: NinjitsuState, owner: int) -> NinjitsuState:
    """``game`` with the Master of Magic (in its deck) face-up, owned by ``owner``."""
    everyone = (1 << game.num_players) - 1
    text = game.to_notation().replace("known=-", f"known=Xm.{everyone}") + f";magic={owner}"
    return NinjitsuState.from_notation(text)


def test_masters_of_magic_is_fifteen_cards_of_its_own_set_offered_by_the_option() -> None:
    assert MAGIC in SETS
    assert [card.id for card in MAGIC_CARDS] == ["Km", "Qm", "Jm", "Xm", "Am", "Tm", "9m", "8m", "7m", "6m", "5m",
                                                 "4m", "3m", "2m", "Em"]
    game = NinjitsuState.new(3, {"expansions": MAGIC}, seed=2)
    assert len(game.deck) + 12 == 42 + 15


# ---------------------------------------------------------------------- Master of Wind


def test_master_of_wind_plays_a_card_for_its_action_then_plays_it_as_a_treasure() -> None:
    game = magic(hands=["Km 6a 5b", ""], treasures=["", "9c"])
    assert game.legal_actions(0)[:2] == ["d", "a:Km"]
    play(game, "a:Km")
    assert game.legal_actions(0) == ["a:6a"]  # only a card with an action
    play(game, "a:6a", "c:9c", "s:5b")
    assert treasures(game, 0) == "6a" and "6a" not in discard(game) and "9c" in discard(game)


def test_master_of_wind_on_a_card_without_value_returns_it_to_hand() -> None:
    game = magic(hands=["Km Ja", ""], secrets=["", "5a"])
    play(game, "a:Km", "a:Ja", "x1.0")
    assert hand(game, 0) == "Ja" and treasures(game, 0) == "5a" and game.to_act() == (1,)


# ---------------------------------------------------------------------- Master of Fire


def test_master_of_fire_discards_the_three_highest_treasures_in_play() -> None:
    game = magic(hands=["Qm", ""], treasures=["Ta 2a", "9a 8a 3b"])
    play(game, "a:Qm")
    assert treasures(game, 0) == "2a" and treasures(game, 1) == "3b"


def test_master_of_fire_ties_at_the_edge_are_chosen_by_its_player() -> None:
    game = magic(hands=["Qm", ""], treasures=["Ta 8a", "8b 8c 2a"])
    play(game, "a:Qm")
    assert kind(game) == "fire" and game.legal_actions(0) == ["c:8a", "c:8b", "c:8c"]
    play(game, "c:8c", "c:8a")
    assert treasures(game, 0) == "" and treasures(game, 1) == "8b 2a"


def test_a_treasure_alberti_saves_from_fire_is_not_replaced_by_the_next_highest() -> None:
    game = magic(hands=["Qm", "1l"], treasures=["Ta 2a", "9a 8a 3b"], expansions="promo,magic")
    play(game, "a:Qm", "a:1l")  # P1 saves the first discarded, Ta
    assert treasures(game, 0) == "Ta 2a" and treasures(game, 1) == "3b"


# ---------------------------------------------------------------------- Master of Water


def test_master_of_water_draws_one_per_opponents_treasure_and_plays_one_of_those() -> None:
    game = magic(hands=["Jm 6c", ""], treasures=["", "9a 3b"], deck="2a 4a 5a")
    play(game, "a:Jm")
    assert hand(game, 0) == "6c 5a 4a"
    assert {action[2:] for action in game.legal_actions(0)} == {"5a", "4a"}
    play(game, "t:5a")
    assert treasures(game, 0) == "5a" and game.to_act() == (1,)


def test_master_of_water_with_no_opposing_treasure_draws_and_plays_nothing() -> None:
    game = magic(hands=["Jm", ""], treasures=["9a", ""])
    play(game, "a:Jm")
    assert game.to_act() == (1,) and hand(game, 0) == ""


# ---------------------------------------------------------------------- Master of Magic


def test_master_of_magic_goes_face_up_into_the_deck_with_its_player_as_owner() -> None:
    game = magic(hands=["Xm", ""], deck="2a 3a 4a 5a 6a 7a 8a")
    play(game, "a:Xm")
    assert game.magic_owner == 0 and CARD_INDEX["Xm"] in game.deck
    assert game.deck[-1] != CARD_INDEX["Xm"]
    assert game.known[CARD_INDEX["Xm"]] == 3  # everyone sees it in the deck
    assert "shuffled face-up into the deck" in log(game, 1)


def test_master_of_magic_surfacing_during_a_draw_lets_its_owner_play_any_number_of_cards_out_of_turn() -> None:
    game = with_magic_in_deck(magic(hands=["9a", "6a 6b 5c"], deck="2a Xm 3a"), owner=1)
    play(game, "d")  # P0 draws 3a; the Master of Magic is then on top: discarded; its owner plays at once
    assert hand(game, 0) == "9a 3a" and discard(game).endswith("Xm") and game.magic_owner == -1
    assert game.to_act() == (1,) and kind(game) == "play" and "pass" in game.legal_actions(1)
    play(game, "t:6a", "t:6b")
    assert game.to_act() == (1,) and kind(game) == "play"
    play(game, "pass")  # then the draw goes on with 2a
    assert hand(game, 0) == "9a 3a 2a"
    assert treasures(game, 1) == "6a 6b" and game.turn == 1 and kind(game) == "turn"


def test_a_surfaced_master_of_magic_played_inside_a_card_comes_back_to_that_card() -> None:
    game = with_magic_in_deck(magic(hands=["Ab 5c", "6a"], treasures=["", "9b"], deck="2a 3a Xm 4a"), owner=1)
    play(game, "a:Ab")  # Caltrops: discard 9b, then draw 1 (4a); Xm surfaces; P1 plays
    assert hand(game, 0) == "5c 4a" and game.to_act() == (1,)
    play(game, "s:6a")
    assert game.turn == 1 and kind(game) == "turn" and secrets(game, 1) == "6a"


# ---------------------------------------------------------------------- Grimoire


def test_grimoire_draws_3_then_plays_the_top_card_seen_by_its_player_only() -> None:
    game = magic(hands=["Am", ""], deck="6c 2a 3a 4a 5a")
    play(game, "a:Am")
    assert hand(game, 0) == "5a 4a 3a 2a"
    assert {action[2:] for action in game.legal_actions(0)} == {"2a"}
    assert name_of("2a") in log(game, 0) and name_of("2a") not in log(game, 1)
    play(game, "s:2a")
    assert secrets(game, 0) == "2a" and game.to_act() == (1,)


# ---------------------------------------------------------------------- Alchemy, Healing, Flight


def test_alchemy_discards_your_hand_then_each_opponents() -> None:
    game = magic(3, hands=["Tm 6a", "7b", "8c 9c"])
    play(game, "a:Tm")
    assert hand(game, 0) == hand(game, 1) == hand(game, 2) == ""
    assert discard(game).split()[-4:] == ["6a", "7b", "8c", "9c"]


def test_healing_discards_your_hand_and_draws_as_many() -> None:
    game = magic(hands=["9m 6a 7a", ""], deck="2a 3a 4a")
    play(game, "a:9m")
    assert hand(game, 0) == "4a 3a" and "6a" in discard(game)


def test_flight_plays_three_treasures_then_discards_the_hand() -> None:
    game = magic(hands=["2m 6a 7a 8a Ka", ""])
    play(game, "a:2m", "t:6a", "t:7a", "t:8a")
    assert treasures(game, 0) == "6a 7a 8a" and hand(game, 0) == "" and "Ka" in discard(game)


def test_flight_with_one_treasure_in_hand_says_once_that_there_is_no_more_to_play() -> None:
    # "Do as much as you can": one treasure played, then nothing for the other two plays, told once.
    game = magic(hands=["2m 6a", ""])
    play(game, "a:2m", "t:6a")
    assert treasures(game, 0) == "6a" and hand(game, 0) == ""
    assert log(game, 1).count("has no card to play as a treasure") == 1, log(game, 1)


# ---------------------------------------------------------------------- Night Vision


def test_night_vision_marks_a_random_card_its_holder_must_play_or_skip_the_turn() -> None:
    game = magic(hands=["8m", "6a 7b 9c"])
    play(game, "a:8m")
    marked = game.marks[1]
    assert marked >= 0 and marked in game.hands[1]
    from ninjadojo.games.ninjitsu.cards import CARD_IDS
    mid = CARD_IDS[marked]
    assert name_of(mid) in log(game, 1) and "marked" in log(game, 0) \
        and name_of(mid) not in log(game, 0).split("marked")[-1]
    assert set(game.legal_actions(1)) == {f"a:{mid}", f"s:{mid}", f"t:{mid}", "pass"}
    play(game, "pass")
    assert game.turn == 0 and game.marks[1] == -1
    assert "skips their turn" in log(game, 0)


def marked_with(card: str, **kwargs: object) -> NinjitsuState:
    """A game where P0's Night Vision marked ``card`` in P1's hand (the first deal that marks it)."""
    for seed in range(100):
        game = magic(seed=seed, **kwargs)
        play(game, "a:8m")
        if game.mark(1) == card:
            return game
    raise AssertionError(f"no deal marked {card}")


def test_a_night_vision_prompt_offers_only_the_ways_the_marked_card_is_played_and_what_a_pass_skips() -> None:
    """A card with an icon is played as a secret or a treasure, a Tripwire only as a secret (rulebook);
    under Aurora Borealis the mark binds the first action only (RULINGS), so a pass skips that action."""
    game = magic(hands=["8m", "Ta"])
    play(game, "a:8m")
    assert set(game.legal_actions(1)) == {"s:Ta", "pass"}
    prompt = game.observe(1)["decision"]["prompt"]
    assert "play it as a secret, or skip your turn" in prompt and "action" not in prompt.split(":")[-1]
    game = magic(hands=["8m", "5a"])
    play(game, "a:8m")
    assert "play it (as a secret or as a treasure), or skip your turn" in game.observe(1)["decision"]["prompt"]
    assert game.labels(1)["pass"] == "Skip your turn"
    game = position(2, expansions="promo,magic,weather", weather="Aw", hands=["8m 2c", "9b 7c"], seed=3)
    play(game, "a:8m", "s:2c")
    assert "or skip your first action." in game.observe(1)["decision"]["prompt"]
    assert game.labels(1)["pass"] == "Skip your first action"
    play(game, "pass")
    assert game.to_act() == (1,) and "skips their first action" in log(game, 1)


def test_a_night_vision_prompt_names_the_marked_cards_ways_alone_and_none_when_none_is_open() -> None:
    # Teleport's free play is no way to play the marked Bow and Arrows; a marked Tripwire under a face-up Cage
    # has no way open at all (the prompt once failed there).
    game = position(2, expansions="promo,magic", hands=["8m", "5a 1t"], treasures=["9c", ""], seed=3)
    play(game, "a:8m")
    assert "a:1t" in game.legal_actions(1)
    assert "play it (as a secret or as a treasure), or skip your turn" in game.observe(1)["decision"]["prompt"]
    game = position(2, expansions="magic,sabotage", hands=["8m", "Ta"], treasures=["", "7s"])
    play(game, "a:8m")
    assert game.legal_actions(1) == ["pass"]
    assert "no way to play it is open now: skip your turn." in game.observe(1)["decision"]["prompt"]


def test_the_free_any_time_plays_stay_under_a_night_vision_mark() -> None:
    """The 1-value "any time" cards cost no action (RULINGS) and are offered before the player's action:
    a mark binds the action only, so Teleport and Alessio stay offered, as the free swaps do (ruling 34)."""
    game = marked_with("2a", expansions=MAGIC + ",promo", hands=["8m 9a", "2a 1t"], treasures=["6b", ""],
                       deck="2b 3b 4b 5b")
    assert game.legal_actions(1) == ["s:2a", "t:2a", "a:1t", "pass"]
    play(game, "a:1t", "c:6b")  # Teleport takes P0's treasure; the marked turn goes on
    assert hand(game, 1) == "2a 6b" and game.turn == 1
    assert set(game.legal_actions(1)) == {"s:2a", "t:2a", "pass"}
    game = marked_with("2a", expansions=MAGIC + ",sabotage", hands=["8m 9a", "2a 1s"], secrets=["6b", ""],
                       deck="2b 3b 4b 5b")
    assert "a:1s" in game.legal_actions(1)


def test_a_marked_teleport_played_at_any_time_ends_the_mark() -> None:
    """"Play that card": Teleport played for its ability leaves the hand, so the mark ends (RULINGS: if
    it leaves the hand first, the mark ends) and the action is the player's own again."""
    game = marked_with("1t", expansions=MAGIC + ",promo", hands=["8m 9a", "2a 1t"], treasures=["6b", ""],
                       deck="2b 3b 4b 5b")
    assert game.legal_actions(1) == ["s:1t", "t:1t", "a:1t", "pass"]
    play(game, "a:1t", "c:6b")
    assert game.turn == 1 and "d" in game.legal_actions(1) and "t:6b" in game.legal_actions(1)


def test_a_night_vision_mark_ends_when_its_card_leaves_the_hand_even_if_it_comes_back() -> None:
    """RULINGS: "if it leaves the hand first, the mark ends" (ruling 34). Eruption pools every hand at the
    end of P0's turn: P1's marked Katana left the hand, so the mark is over though the pool gives it back."""
    game = magic(expansions=MAGIC + ",weather", hands=["8m 2a", "6a"], events="Ev", deck="3a 4a 5a 7a")
    play(game, "a:8m")  # P1's one card, Katana, is marked; then Eruption resolves
    assert game.turn == 1 and hand(game, 1) == "6a"
    assert game.mark(1) is None and "d" in game.legal_actions(1)


def test_a_mark_whose_card_was_traded_away_is_shown_by_no_view() -> None:
    """Fire (side 2)'s trade takes P1's marked card: the mark has ended (RULINGS), so neither its holder's
    view nor anyone else's still shows it."""
    game = magic(expansions=MAGIC + ",elements", elements=["fire2", "-"], hands=["8m 2a", "6a"],
                 deck="2c 3c 4c 5c")
    play(game, "a:8m", "h1", "c:2a")  # Fire (side 2): 2a for P1's one card, the marked Katana
    assert hand(game, 0) == "6a" and hand(game, 1) == "2a" and game.mark(1) is None
    for seat in (0, 1):
        seats = game.observe(seat)["seats"]
        assert isinstance(seats, list)
        assert seats[1]["marked"] is False and seats[1]["mark"] is None
    assert "d" in game.legal_actions(1)


def test_a_turn_skipped_under_night_vision_loses_its_end_of_turn_element_ability() -> None:
    """"Skip their turn": the whole turn, as Andrea's "loses the rest of their turn" does (RULINGS: its
    end-of-turn Element abilities included): Magic (side 1) draws nothing for a skipped turn (ruling 34)."""
    game = magic(expansions="promo,magic,elements", elements=["-", "magic1"], hands=["8m 2a", "6a"],
                 deck="2c 3c 4c 5c")
    play(game, "a:8m")
    before = log(game, 1)
    play(game, "pass")
    assert game.turn == 0 and hand(game, 1) == "6a"
    assert "Magic (side 1)" not in log(game, 1)[len(before):]
    # Not skipped, the turn ends with the draw.
    play(game, "s:2a")
    assert game.turn == 1 and "d" in game.legal_actions(1)
    play(game, "s:6a")
    assert hand(game, 1) == "5c"


def test_a_sample_for_another_seat_does_not_keep_the_true_mark() -> None:
    game = magic(3, hands=["8m", "6a 7b 9c 2a 3a", ""])
    play(game, "a:8m")
    marks = {game.determinize(2, seed).marks[1] for seed in range(30)}
    assert len(marks) > 1
    assert game.determinize(1, 4).marks[1] == game.marks[1]


# ---------------------------------------------------------------------- Freeze Time


def test_freeze_time_plays_a_card_then_draws() -> None:
    game = magic(hands=["7m 6c", ""], deck="2a 3a")
    play(game, "a:7m", "s:6c")
    assert hand(game, 0) == "3a" and game.frozen == 0


def test_freeze_time_stops_a_start_of_turn_win_until_its_players_next_turn() -> None:
    # P1 holds 21 in treasures; P0 freezes time: P1's turn starts without a win; P0's next turn checks again.
    game = magic(hands=["7m 2c", "3b"], treasures=["", "Ta 9a 2b"], deck="4a 5a 6a")
    play(game, "a:7m", "s:2c")
    assert game.result is None and game.turn == 1 and kind(game) == "turn"
    assert "No one can win until P0's next turn" in log(game, 0)
    play(game, "s:3b")
    assert game.turn == 0 and game.frozen == -1 and game.result is None
    play(game, "d")
    assert game.winners() == (1,)


# ---------------------------------------------------------------------- Shape Shifting, Multiply


def test_shape_shifting_plays_a_treasure_then_swaps_it_with_another() -> None:
    game = magic(hands=["6m 2a", ""], treasures=["", "Ta"])
    play(game, "a:6m", "t:2a")
    assert game.legal_actions(0) == ["c:Ta"]
    play(game, "c:Ta")
    assert treasures(game, 0) == "Ta" and treasures(game, 1) == "2a"


def test_multiply_takes_every_card_of_the_played_treasures_value_from_the_discard_pile() -> None:
    game = magic(hands=["5m 4a", ""], discard="4b 9a 4c")
    play(game, "a:5m", "t:4a")
    assert hand(game, 0) == "4b 4c" and discard(game) == "9a 5m"


def test_multiply_may_bring_itself_back() -> None:
    game = magic(hands=["5m 5a", ""])
    play(game, "a:5m", "t:5a")
    assert hand(game, 0) == "5m"


# ---------------------------------------------------------------------- Telekinesis


def test_telekinesis_plays_a_card_for_its_action_then_steals_a_treasure_of_its_value() -> None:
    game = magic(hands=["4m 6a 2c", ""], treasures=["", "6b 3b 9c"])
    play(game, "a:4m", "a:6a", "c:9c", "s:2c")
    assert game.legal_actions(0) == ["c:6b"]
    play(game, "c:6b")
    assert treasures(game, 0) == "6b" and treasures(game, 1) == "3b"


def test_a_trapped_treasure_taken_by_telekinesis_springs_its_trap() -> None:
    # Climbing Hook (8) played for its action: then P1's 8 treasure is taken.
    game = magic(hands=["4m 8a Ta", ""], treasures=["", "8b"], secrets=["", "5a"], deck="2b 3c")
    play(game, "a:4m", "a:8a", "x1.0", "c:8b")
    assert treasures(game, 0) == "5a 8b" and hand(game, 0) == "Ta 3c"


# ---------------------------------------------------------------------- Invisibility


def test_invisibility_takes_a_treasure_or_a_random_card_of_a_hand_never_a_secret() -> None:
    # "While face-down, secrets are not treasures. They can only be affected by cards which specifically
    # target secrets": Invisibility names none, so P1's secret is not offered.
    game = magic(3, hands=["3m", "6a", "7b"], treasures=["", "9c", ""], secrets=["", "5a", ""])
    play(game, "a:3m")
    assert set(game.legal_actions(0)) == {"c:9c", "h1", "h2"}
    treasure = magic(3, hands=["3m", "6a", "7b"], treasures=["", "9c", ""], secrets=["", "5a", ""])
    play(treasure, "a:3m", "c:9c")
    assert hand(treasure, 0) == "9c" and treasures(treasure, 1) == "" and secrets(treasure, 1) == "5a"
    from_hand = magic(3, hands=["3m", "6a", "7b"], treasures=["", "9c", ""], secrets=["", "5a", ""])
    play(from_hand, "a:3m", "h2")
    assert hand(from_hand, 0) == "7b" and name_of("7b") not in log(from_hand, 1)


# ---------------------------------------------------------------------- Master of Earth


def test_master_of_earth_is_worth_twice_the_opponents_treasures_as_a_secret_or_a_treasure() -> None:
    game = magic(3, hands=["6a", "", ""], treasures=["", "9a 8a", "2a"], secrets=["Em", "", ""])
    assert game.points(0) == 6
    game = magic(hands=["6a", ""], treasures=["Em", "9a 8a"])
    assert game.points(0) == 4 and game.treasure_points(0) == 4
    assert "a:Em" not in magic(hands=["Em", ""]).legal_actions(0)


def test_caltrops_compares_master_of_earths_computed_worth() -> None:
    # P1's Earth is worth 2 (P0 has one treasure), its 3 is worth more: Caltrops takes the 3.
    game = magic(hands=["Ab", ""], treasures=["9a", "Em 3b"], deck="2a 4a")
    play(game, "a:Ab")
    assert treasures(game, 1) == "Em"


def test_master_of_wind_says_why_nothing_returns_when_its_card_left_the_discard_pile() -> None:
    # Ruling 30: Multiply took itself back into the hand, so Master of Wind has nothing to return (and says so).
    game = magic(hands=["Km 5m 5a", ""], discard="5b")
    play(game, "a:Km", "a:5m", "t:5a")
    assert sorted(hand(game, 0).split()) == ["5b", "5m"] and treasures(game, 0) == "5a"
    assert "Master of Wind: Multiply is no longer on the discard pile, so nothing returns" in log(game, 1)


def test_the_rules_say_master_of_wind_has_no_icon_as_its_card_shows() -> None:
    # (the rules once said it "has an icon and an action all the same", while its card shows no icon)
    from ninjadojo.games.ninjitsu.cards import CARDS
    from ninjadojo.games.ninjitsu.state import SET_RULES

    text = dict(SET_RULES)["magic"].replace("\n", " ")
    assert "without the base King's icon" in text and not CARDS[CARD_INDEX["Km"]].icon
    assert CARDS[CARD_INDEX["Ka"]].icon  # the base game's King, Master of Cunning
    assert "without the base King's icon" in dict(SET_RULES)["sabotage"].replace("\n", " ")
