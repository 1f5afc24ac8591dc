"""Scenario tests for the Promo Pack (option ``expansions=promo``): one or more per card, the "any time"
windows (who is asked, in which order, and that nobody else can tell), and the interactions the issue
names (an any-time card inside a nested play, a trap ignored by Antonio, Andrea stopping a Jack's steal).
"""

from __future__ import annotations

import pytest
from ninjitsu_helpers import discard, hand, kind, play, secrets, treasures

from ninjadojo.engine import IllegalActionError, NotationError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_INDEX, CARDS, PROMO_CARDS, cards_of

PROMO = "promo"


def promo(players: int = 2, **kwargs: object) -> NinjitsuState:
    """A position of a game with the Promo Pack."""
    return position(players, expansions=PROMO, **kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- the set and the option


def test_the_promo_pack_is_nine_cards_of_its_own_set_and_joins_the_deck_only_with_the_option() -> None:
    assert [card.id for card in PROMO_CARDS] == ["1n", "1l", "1d", "1t", "5p", "3p", "Bp", "Kp", "Xp"]
    assert all(card.set == PROMO for card in PROMO_CARDS)
    assert [CARDS[number].value for number in range(42, 51)] == [1, 1, 1, 1, 5, 3, None, None, None]
    assert len(NinjitsuState.new(2, seed=3).deck) + 8 == 42
    game = NinjitsuState.new(2, {"expansions": PROMO}, seed=3)
    assert len(game.deck) + 8 == 51 and sorted([*game.deck, *game.hands[0], *game.hands[1]]) == list(cards_of((PROMO,)))


def test_card_numbers_stay_the_same_and_the_action_space_grows_with_the_option() -> None:
    base = NinjitsuState.new(3, seed=1).action_space()
    with_promo = NinjitsuState.new(3, {"expansions": PROMO}, seed=1).action_space()
    assert set(base.actions) < set(with_promo.actions)
    assert "a:1n" not in base.index and "a:1n" in with_promo.index and "pass" in with_promo.index
    assert "g:none" in with_promo.index and "x2.50" in with_promo.index and "x2.42" not in base.index
    assert CARD_INDEX["1n"] == 42


def test_the_option_is_written_in_a_position_only_when_a_set_is_chosen() -> None:
    assert "expansions" not in NinjitsuState.new(2, seed=1).to_notation()
    text = NinjitsuState.new(2, {"expansions": "promo"}, seed=1).to_notation()
    assert text.split("|")[2] == "expansions=promo,target=21"
    assert NinjitsuState.from_notation(text).to_notation() == text


def test_an_unknown_set_and_a_promo_card_in_a_base_game_are_refused_clearly() -> None:
    with pytest.raises(Exception, match="is not one of them"):
        NinjitsuState.new(2, {"expansions": "winter"}, seed=1)
    with pytest.raises(NotationError, match="not in this game's deck: its set is 'promo'"):
        position(hands=["1n", ""])


# ---------------------------------------------------------------------- Antonio


def test_a_trap_ignored_by_antonio_the_thief_keeps_their_hand() -> None:
    game = promo(hands=["1n 6a", ""], secrets=["", "2a"])
    play(game, "x1.0")
    assert kind(game) == "window" and game.frames[-1].concealed and game.to_act() == (0,)
    assert game.legal_actions(0) == ["a:1n", "pass"]
    play(game, "a:1n")
    assert hand(game, 0) == "6a" and treasures(game, 0) == "2a" and discard(game).endswith("1n")
    assert f"The trap of {CARDS[CARD_INDEX['2a']].name} is ignored" in " ".join(game.observe(1)["log"])  # type: ignore[arg-type]
    assert game.to_act() == (1,)


def test_antonio_passed_the_trap_resolves() -> None:
    game = promo(hands=["1n 6a", ""], secrets=["", "2a"])
    play(game, "x1.0", "pass")
    assert hand(game, 0) == "" and discard(game).endswith("6a")


def test_antonio_is_never_played_as_an_action_and_not_offered_without_a_trap() -> None:
    game = promo(hands=["1n", ""], secrets=["", "6a"])
    assert game.legal_actions(0) == ["d", "s:1n", "t:1n", "x1.0"]
    play(game, "x1.0")
    assert game.to_act() == (1,)  # no trap: no window
    with pytest.raises(IllegalActionError):
        promo(hands=["1n", ""]).apply(0, "a:1n")


# ---------------------------------------------------------------------- Alberti


def test_alberti_keeps_a_treasure_that_katana_would_discard_and_katana_goes_on() -> None:
    game = promo(hands=["6a 5b", "1l"], treasures=["", "9c"])
    play(game, "a:6a", "c:9c")
    assert kind(game) == "window" and game.to_act() == (1,)
    assert game.legal_actions(1) == ["a:1l", "pass"]
    play(game, "a:1l")
    assert treasures(game, 1) == "9c" and kind(game) == "play" and game.to_act() == (0,)


def test_chain_and_sickle_whose_discard_alberti_prevents_does_not_use_the_action() -> None:
    game = promo(hands=["7a", "1l"], treasures=["", "8c"], secrets=["", "5a"])
    play(game, "a:7a", "c:8c", "a:1l")
    assert treasures(game, 1) == "8c" and game.to_act() == (1,) and kind(game) == "turn"
    # Passed: the discard happens and its action (Climbing Hook: steal, then draw) is used.
    game = promo(hands=["7a", "1l"], treasures=["", "8c"], secrets=["", "5a"])
    play(game, "a:7a", "c:8c", "pass")
    assert kind(game) == "steal" and game.to_act() == (0,)


def test_alberti_answers_a_discard_not_a_move() -> None:
    game = promo(hands=["Qa 6b", "1l"], treasures=["", "9c"])
    play(game, "a:Qa", "c:9c")
    assert game.to_act() == (0,) and hand(game, 0) == "6b 9c"


# ---------------------------------------------------------------------- Andrea


def test_andrea_stops_a_jacks_steal_inside_katana_and_the_thief_loses_the_rest_of_the_turn() -> None:
    # An any-time card inside a nested play: Katana > Master of Planning > the steal.
    game = promo(3, hands=["6a Ja 5c", "1d", ""], treasures=["", "", "9b"], secrets=["", "", "5a"])
    play(game, "a:6a", "c:9b", "a:Ja", "x2.0")
    assert kind(game) == "window" and game.to_act() == (1,)
    play(game, "a:1d")
    assert secrets(game, 2) == "5a" and hand(game, 0) == "5c" and not game.effects
    assert game.turn == 1 and kind(game) == "turn"
    log = game.observe(2)["log"]
    assert isinstance(log, list) and "P0 loses the rest of their turn" in log


def test_andrea_during_the_events_ends_the_turn_and_the_event_resolving_goes_on_once() -> None:
    """RULINGS: the stopped player's turn ends at once, "Events still resolve". At the end of P0's turn Heat
    Wave's draw uncovers P0's Master of Magic; P0 plays Climbing Hook and P1 stops its steal with Andrea.
    P0's plays are over, and Heat Wave goes on where it was (P1's draw, the new Weather), once only."""
    game = position(2, expansions="promo,magic,weather", hands=["5a 8a 9b", "1d 7c"], secrets=["", "6b"],
                    events="Wv", magic_owner=0, top="2c Xm 3c 4c")
    play(game, "s:5a")  # the turn's action; Heat Wave resolves: P0's draw (2c) uncovers the Master of Magic
    play(game, "a:8a", "x1.0")
    assert kind(game) == "window" and game.to_act() == (1,)
    play(game, "a:1d")
    text = "\n".join(map(str, game.observe(0)["log"]))  # type: ignore[call-overload]
    assert text.count("Event: Heat Wave resolves") == 1 and "P0 loses the rest of their turn" in text
    assert hand(game, 0) == "9b 2c" and hand(game, 1) == "7c 3c", "everyone drew once"
    assert secrets(game, 1) == "6b" and "Wv" in discard(game) and not game.event_queue
    assert game.turn == 1 and kind(game) == "turn"


def test_the_thief_is_not_asked_to_stop_their_own_steal() -> None:
    game = promo(hands=["1d", ""], secrets=["", "5a"])
    play(game, "x1.0")
    assert treasures(game, 0) == "5a" and game.to_act() == (1,)


# ---------------------------------------------------------------------- Teleport


def test_teleport_before_ones_action_is_free_and_the_turn_goes_on() -> None:
    game = promo(hands=["1t", ""], treasures=["", "9c"])
    assert "a:1t" in game.legal_actions(0)
    play(game, "a:1t")
    assert kind(game) == "teleport" and [frame.kind for frame in game.frames] == ["turn", "teleport"]
    play(game, "c:9c")
    assert hand(game, 0) == "9c" and kind(game) == "turn" and game.to_act() == (0,)
    play(game, "t:9c")
    assert game.to_act() == (1,)


def test_teleport_takes_the_treasure_katana_would_discard_and_katana_discards_nothing() -> None:
    game = promo(hands=["6a 5b", "1t"], treasures=["", "9c"])
    play(game, "a:6a", "c:9c", "a:1t")
    assert hand(game, 1) == "9c" and treasures(game, 1) == "" and "9c" not in discard(game)
    assert kind(game) == "play" and game.to_act() == (0,)


def test_teleport_answers_master_of_secrets_move() -> None:
    game = promo(hands=["Qa 6b", "1t"], treasures=["", "9c"])
    play(game, "a:Qa", "c:9c")
    assert game.to_act() == (1,) and game.legal_actions(1) == ["a:1t", "pass"]
    play(game, "a:1t")
    assert hand(game, 1) == "9c" and hand(game, 0) == "6b" and kind(game) == "play"


# ---------------------------------------------------------------------- windows: order and secrecy


def test_holders_are_asked_one_at_a_time_clockwise_from_the_current_player() -> None:
    game = promo(4, turn=2, hands=["1l", "", "6a 2b", "1t"], treasures=["9c", "", "", ""])
    play(game, "a:6a", "c:9c")
    assert game.to_act() == (3,)  # P2 (current) holds none, then P3, then P0
    play(game, "pass")
    assert game.to_act() == (0,)
    play(game, "pass")
    assert game.to_act() == (2,) and kind(game) == "play" and "9c" in discard(game)


def test_no_view_tells_who_was_asked_or_that_anyone_was() -> None:
    # The same steal with Antonio in P1's hand (asked, passes) and with a plain card there (never asked).
    asked = promo(3, hands=["6a", "1n", ""], secrets=["", "", "Ka"])
    unasked = promo(3, hands=["6a", "7c", ""], secrets=["", "", "Ka"])
    play(asked, "x2.0")
    for seat in (0, 2):
        view = asked.observe(seat)
        assert view["waiting_for"] == [] and view["decision"] is None
        assert "1n" not in str(view) and "Antonio" not in str(view) and "window" not in asked.render(seat)
    play(asked, "pass")
    play(unasked, "x2.0")
    for seat in (0, 2, None):
        assert asked.observe(seat) == unasked.observe(seat)
        assert asked.render(seat) == unasked.render(seat)


def test_the_count_of_window_moments_moves_alike_whether_or_not_anyone_was_asked_and_not_on_a_draw() -> None:
    # A server holds the next states only after an action that moved this count, so it must be public:
    # the same steal with Antonio in P1's hand (asked) and with a plain card there (not asked).
    asked = promo(3, hands=["6a", "1n", ""], secrets=["", "", "Ka"], deck="2a 3a 4a")
    unasked = promo(3, hands=["6a", "7c", ""], secrets=["", "", "Ka"], deck="2a 3a 4a")
    assert asked.window_moments() == unasked.window_moments() == 0
    play(asked, "x2.0")
    play(unasked, "x2.0")
    # The steal's moment, then the trap's: P1 is asked in the trap's with Antonio, and plays its turn
    # at once without; the count is the same.
    assert asked.to_act() == (1,) and asked.frames[-1].concealed and unasked.frames[-1].kind == "turn"
    count = unasked.window_moments()
    assert count == 2 and asked.window_moments() == count
    play(asked, "pass")
    assert asked.window_moments() == count and asked.observe(0) == unasked.observe(0)
    # A draw offers no moment: nothing is played, stolen or discarded.
    play(unasked, "d")
    play(asked, "d")
    assert asked.window_moments() == unasked.window_moments() == count
    # The base game, with no "any time" card, has no moment at all.
    base = position(3, hands=["6a", "7c", ""], secrets=["", "", "Ka"])
    play(base, "x2.0")
    assert base.window_moments() == 0


def test_a_concealed_window_never_opens_after_an_action_that_offered_no_moment() -> None:
    # The server's hold after an action rests on this: random games with every expansion.
    from ninjadojo.engine.rng import Rng

    rng = Rng(5)
    opened = 0
    for seed in range(60):
        game = NinjitsuState.new(3 + seed % 3, {"expansions": "promo,magic,sabotage,elements,weather"}, seed=seed)
        while game.result is None:
            seat = game.to_act()[0]
            moments, was_concealed = game.window_moments(), game.frames[-1].concealed
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
            if game.result is None and game.frames[-1].concealed and not was_concealed:
                opened += 1
                assert game.window_moments() > moments, game.record.actions[-1]
            assert game.clone().window_moments() == game.window_moments()
    assert opened > 20  # the property was put to the test


def test_a_sample_keeps_the_asked_seat_asked_and_gives_an_unasked_seat_a_world_where_someone_could_answer() -> None:
    game = promo(3, hands=["6a", "1n 5b", "7c"], secrets=["", "", "Ka"], deck="2a 3a 4a 5a 6b")
    play(game, "x2.0")
    assert game.to_act() == (1,)
    assert game.determinize(1, 5).to_act() == (1,)
    for seed in range(20):
        for seat in (0, 2):
            sample = game.determinize(seat, seed)
            asked = sample.to_act()[0]
            assert asked != seat and CARD_INDEX["1n"] in sample.hands[asked]
            assert sample.observe(seat) == game.observe(seat)
            sample.check_invariants()


def test_a_holder_that_passed_is_sampled_before_the_asked_one() -> None:
    game = promo(4, hands=["6a", "1l", "", "1t"], treasures=["", "", "9c", ""], turn=0)
    play(game, "a:6a", "c:9c")
    assert game.to_act() == (1,)
    play(game, "pass")
    assert game.to_act() == (3,)
    for seed in range(10):
        sample = game.determinize(1, seed)
        assert sample.to_act()[0] in (2, 3)  # after P1, who has passed


# ---------------------------------------------------------------------- Master of Misdirection, Vampire Ninja


def test_master_of_misdirection_is_worth_5_plus_1_per_card_in_hand_while_face_down() -> None:
    game = promo(hands=["6a 7a 8a", ""], secrets=["5p", ""])
    assert game.points(0) == 8
    game = promo(hands=["6a", ""], treasures=["5p", ""])
    assert game.points(0) == 5


def test_vampire_ninja_face_up_makes_each_of_its_owners_cards_worth_3_less_itself_included() -> None:
    game = promo(hands=["6b", ""], treasures=["3p 9c", ""], secrets=["2a", ""])
    assert game.points(0) == 3 + 9 + 2 - 3 * 3
    assert game.treasure_points(0) == 3 + 9 - 3 * 2
    alone = promo(hands=["6b", ""], treasures=["3p", ""], secrets=["Ka", ""])
    assert alone.points(0) == -3  # points can go below 0
    face_down = promo(hands=["6b", ""], secrets=["3p 9c", ""])
    assert face_down.points(0) == 12


# ---------------------------------------------------------------------- Jellybean Ninja


def test_jellybean_right_guess_ignores_the_trap_and_gives_an_extra_action() -> None:
    game = promo(hands=["Bp 6b", ""], secrets=["", "2a"])
    play(game, "a:Bp", "g:2", "x1.0")
    assert hand(game, 0) == "6b" and treasures(game, 0) == "2a"
    assert kind(game) == "turn" and game.to_act() == (0,) and game.frames[-1].data == {"extra": True}
    play(game, "s:6b")
    assert game.to_act() == (1,)


def test_jellybean_right_guess_during_the_events_gives_no_extra_action() -> None:
    """Our reading (ruling 26): a right guess in a Master of Magic's plays that the Events uncovered comes
    after the turn's actions are over, so, like one made out of turn, it gives no extra action (Wind,
    side 1, gives none then either); the log says it is lost rather than promise one."""
    game = position(2, expansions="promo,magic,weather", hands=["5a Bp", "7c"], secrets=["", "6b 3b"],
                    events="Wv", magic_owner=0, top="2c Xm 3c 4c 5c 6c")
    play(game, "s:5a")  # Heat Wave's draw uncovers P0's Master of Magic
    play(game, "a:Bp", "g:6", "x1.0", "pass")
    text = "\n".join(map(str, game.observe(0)["log"]))  # type: ignore[call-overload]
    assert "P0's guess, 6, is right" in text and "P0 takes an extra action" not in text
    assert "P0 guesses the value of the secret they will steal: 6" in text
    assert "P0 guessed right after their turn's actions: the extra action is lost" in text
    assert treasures(game, 0) == "6b" and game.turn == 1 and kind(game) == "turn"


def test_jellybean_wrong_guess_springs_the_trap_then_draws() -> None:
    game = promo(hands=["Bp 6b", ""], secrets=["", "2a"], deck="4a 5a")
    play(game, "a:Bp", "g:none", "x1.0")
    assert hand(game, 0) == "5a" and game.to_act() == (1,)
    # The log says whose guess it was and what was guessed, each line whole in itself.
    lines = [line.strip() for line in game.observe(1)["log"]]  # type: ignore[union-attr]
    assert "P0 guesses the value of the secret they will steal: none" in lines
    assert "P0's guess, none, is wrong" in lines


def test_jellybean_guess_none_is_right_for_a_card_without_value() -> None:
    game = promo(hands=["Bp", ""], secrets=["", "Ka"], deck="2a 3a 4a 5a 6a")
    play(game, "a:Bp", "g:none", "x1.0")
    assert hand(game, 1) == "" and kind(game) == "turn" and game.to_act() == (0,)


def test_jellybean_with_no_secret_to_steal_draws_a_card() -> None:
    game = promo(hands=["Bp", ""], deck="4a 5a")
    play(game, "a:Bp")
    assert hand(game, 0) == "5a" and game.to_act() == (1,)


def test_an_extra_action_is_not_a_turn_start_so_points_over_the_target_do_not_win_yet() -> None:
    game = promo(hands=["Bp 9a", ""], treasures=["Ta", ""], secrets=["", "2a"])
    play(game, "a:Bp", "g:2", "x1.0", "t:9a")
    assert game.points(0) == 21 and game.result is None and game.to_act() == (1,)


# ---------------------------------------------------------------------- Master of Deception


def test_master_of_deception_lets_the_robbed_player_play_a_card_then_steal() -> None:
    game = promo(3, hands=["6a", "9c 2b", ""], secrets=["", "Kp", "5a"])
    play(game, "x1.0")
    assert game.to_act() == (1,) and kind(game) == "play" and "pass" in game.legal_actions(1)
    play(game, "t:9c")
    assert treasures(game, 1) == "9c" and kind(game) == "steal" and "pass" in game.legal_actions(1)
    assert "x0.0" not in game.legal_actions(1)  # P0 has no secret
    play(game, "x2.0")
    assert treasures(game, 1) == "9c 5a" and game.to_act() == (1,) and kind(game) == "turn"


def test_master_of_deception_both_mays_can_be_declined() -> None:
    game = promo(3, hands=["6a", "9c", ""], secrets=["", "Kp", "5a"])
    play(game, "x1.0", "pass", "pass")
    assert hand(game, 1) == "9c" and secrets(game, 2) == "5a" and game.turn == 1


def test_master_of_deception_turned_up_by_surprise_lets_the_surprises_player_play_and_steal() -> None:
    game = promo(3, hands=["Xp 6b", "", ""], secrets=["", "Kp", "5a"])
    play(game, "a:Xp", "f1.0")
    assert game.to_act() == (0,) and kind(game) == "play"
    play(game, "s:6b", "x2.0")
    assert treasures(game, 0) == "5a"


# ---------------------------------------------------------------------- the fourth Master of Surprise


def test_the_promo_master_of_surprise_works_like_the_others() -> None:
    game = promo(hands=["Xp", ""], secrets=["", "6a"], deck="4a 5a")
    play(game, "a:Xp", "f1.0")
    assert treasures(game, 1) == "6a" and hand(game, 0) == "5a"


# ------------------------------------------------- Chain and Sickle on an "any time" card (ruling 9)


def test_chain_and_sickle_on_a_teleport_treasure_moves_a_treasure_into_the_players_hand() -> None:
    # Chain and Sickle: "Discard any 1 treasure from play. Use its action as if you just played it." Teleport
    # played: "move any 1 treasure from play into your hand".
    game = promo(hands=["7a", ""], treasures=["", "1t 9a"])
    play(game, "a:7a", "c:1t")
    assert kind(game) == "take-treasure" and game.legal_actions(0) == ["c:9a"]
    assert game.decision(0) is not None and game.decision(0).prompt.startswith("Teleport: move a treasure")  # type: ignore[union-attr]
    play(game, "c:9a")
    assert hand(game, 0) == "9a" and treasures(game, 1) == "" and discard(game) == "7a 1t"
    assert game.turn == 1  # the action is over


def test_chain_and_sickle_on_a_teleport_may_take_ones_own_treasure_and_does_nothing_with_none_left() -> None:
    game = promo(hands=["7a", ""], treasures=["6a", "1t"])
    play(game, "a:7a", "c:1t", "c:6a")
    assert hand(game, 0) == "6a" and game.turn == 1
    alone = promo(hands=["7a", ""], treasures=["", "1t"])
    play(alone, "a:7a", "c:1t")
    assert alone.turn == 1 and discard(alone) == "7a 1t"


@pytest.mark.parametrize("card", ["1n", "1l", "1d"])
def test_chain_and_sickle_on_antonio_alberti_or_andrea_only_discards_it(card: str) -> None:
    # Their texts answer a moment (a trap, a discard, a steal) that is not there when Chain and Sickle uses them.
    game = promo(hands=["7a", ""], treasures=["", f"{card} 9a"])
    play(game, "a:7a", f"c:{card}")
    assert game.turn == 1 and treasures(game, 1) == "9a" and hand(game, 0) == ""
