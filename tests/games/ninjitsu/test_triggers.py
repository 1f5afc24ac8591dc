"""Scenario tests for the triggers that fire inside effects (issue 22): each trigger of the expansions
fires at the moment its text names ("whenever", "immediately", "any time"), inside any effect, whoever's
turn it is. Written from the rulebook texts (ninjitsu.txt) and RULINGS.md:

- Magic (side 2): "If your hand is ever empty, immediately draw 3 cards."
- Master of Magic: "When it reaches the top of the deck again, discard it and immediately play any number
  of cards from your hand" (RULINGS: whenever it is the top card ... its owner at once plays).
- Rainbow / Hail: "Whenever anyone plays a card as a treasure, they draw a card / must discard a card."
- Teleport / Alessio (RULINGS): offered the moment a treasure enters play / a secret is placed, whoever's
  turn it is, to their holders only, and no view shows who was asked.
"""

from __future__ import annotations

import pytest
from ninjitsu_helpers import discard, hand, kind, play, seat_view, secrets, treasures

from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_INDEX


def game_of(players: int = 2, expansions: str = "promo,magic,sabotage,elements", **kwargs: object) -> NinjitsuState:
    """A position with the given expansions (every Element side and card of the sets placeable)."""
    return position(players, expansions=expansions, **kwargs)  # type: ignore[arg-type]


def with_magic_in_deck(game: NinjitsuState, owner: int) -> NinjitsuState:
    """``game`` with the Master of Magic (in its deck) face-up, owned by ``owner``."""
    everyone = (1 << game.num_players) - 1
    text = game.to_notation().replace("known=-", f"known=Xm.{everyone}") + f";magic={owner}"
    return NinjitsuState.from_notation(text)


def round_trips(game: NinjitsuState) -> None:
    """The laws hold and the position reads back the same from its notation."""
    game.check_invariants()
    text = game.to_notation()
    assert NinjitsuState.from_notation(text).to_notation() == text


# ---------------------------------------------------------------------- Magic (side 2): "immediately"


def test_magic2_refills_during_alchemy_before_the_opponents_discard() -> None:
    # P0 discards its hand: empty, it draws 3 at once: the deck's one card, then the discard pile reshuffled,
    # which does not hold P1's hand yet; then P1 discards: those two cards are all the new pile holds.
    game = game_of(hands=["Tm 6a", "7b 8c"], elements=["magic2", "-"], deck="2a")
    play(game, "a:Tm")
    assert len(game.hands[0]) == 3 and "7b" not in hand(game, 0) and "8c" not in hand(game, 0)
    assert discard(game) == "7b 8c" and hand(game, 1) == ""
    round_trips(game)


def test_magic2_refills_during_healing_which_then_draws_as_many_as_discarded() -> None:
    game = game_of(hands=["9m 6a 7a", ""], elements=["magic2", "-"], deck="2b 3b 4b 5b 6b 8b")
    play(game, "a:9m")
    # Empty after the discards: 3 at once (8b 6b 5b), then Healing's 2 (4b 3b).
    assert hand(game, 0) == "8b 6b 5b 4b 3b"


def test_magic2_opponent_discarding_its_last_card_to_net_refills_before_the_next_opponent_chooses() -> None:
    game = game_of(3, hands=["3s", "6a", "7b 8c"], elements=["-", "magic2", "-"], deck="2b 3b 4b 5b")
    play(game, "a:3s", "c:6a")
    assert game.to_act() == (2,) and kind(game) == "net-discard"
    assert hand(game, 1) == "5b 4b 3b"


def test_magic2_refills_before_hail_asks_its_discard() -> None:
    # The last card played as a treasure empties the hand: 3 at once, then Hail's discard is of those.
    game = game_of(expansions="promo,elements,weather", hands=["6a", ""], elements=["magic2", "-"],
                   weather="Hw", deck="2b 3b 4b 5b")
    play(game, "t:6a")
    assert kind(game) == "hail" and game.to_act() == (0,) and hand(game, 0) == "5b 4b 3b"
    play(game, "c:4b")
    assert hand(game, 0) == "5b 3b" and game.turn == 1


def test_magic2_refills_a_hand_emptied_by_invisibility_inside_the_action() -> None:
    game = game_of(hands=["3m", "6a"], elements=["-", "magic2"], deck="2b 3b 4b 5b")
    play(game, "a:3m", "h1")
    assert hand(game, 0) == "6a" and hand(game, 1) == "5b 4b 3b"


# ---------------------------------------------------------------------- Master of Magic: "immediately play"


def test_master_of_magic_surfacing_mid_draw_its_owner_plays_before_the_draw_goes_on() -> None:
    # P0 draws 2: 4a, then the Master of Magic is on top: discarded, P1 plays at once: Climbing Hook
    # (no secret to steal) draws 3a, the card P0 would have taken; then P0's draw goes on with 2a.
    game = with_magic_in_deck(game_of(hands=["", "8b 6c"], deck="2a 3a Xm 4a"), owner=1)
    play(game, "d")
    assert hand(game, 0) == "4a" and game.to_act() == (1,) and kind(game) == "play"
    assert game.later  # the rest of P0's draw is data, waiting for P1's plays
    round_trips(game)
    play(game, "a:8b")
    assert hand(game, 1) == "6c 3a" and game.to_act() == (1,)
    round_trips(game)
    play(game, "pass")
    assert hand(game, 0) == "4a 2a" and not game.later and game.turn == 1 and kind(game) == "turn"
    round_trips(game)


def test_master_of_magic_surfacing_in_a_cards_draw_step_waits_before_the_rest_of_the_draw() -> None:
    # Grimoire: draw 3 then play the top card. The owner (P1) plays after the first card drawn.
    game = with_magic_in_deck(game_of(hands=["Am", "8b"], deck="2a 3a 4a 5a Xm 6a"), owner=1)
    play(game, "a:Am")
    assert hand(game, 0) == "6a" and game.to_act() == (1,)
    play(game, "a:8b")  # P1 takes 5a
    play(game, "pass")
    # Then the draw goes on (4a 3a), and Grimoire takes the top card (2a) to play it.
    assert hand(game, 1) == "5a" and hand(game, 0) == "6a 4a 3a 2a"
    assert {action[2:] for action in game.legal_actions(0)} == {"2a"}


def test_master_of_magic_uncovered_by_a_start_of_turn_draw_is_played_before_the_turn_begins() -> None:
    # Sunshine with Earth (side 1): P0 draws 2 at its turn start; the Master of Magic is under the first.
    game = with_magic_in_deck(game_of(expansions="promo,magic,elements,weather", turn=1, hands=["", "7c 6b"],
                                      elements=["earth1", "-"], weather="Uw", deck="2a 3a Xm 4a 5a"), owner=1)
    play(game, "t:7c")  # P1's action; then P0's turn starts: Sunshine draws 4a... no: 5a on top
    assert game.turn == 0 and game.to_act() == (1,) and kind(game) == "play"
    assert hand(game, 0) == "4a"
    round_trips(game)
    play(game, "pass")
    assert hand(game, 0) == "4a 3a" and kind(game) == "turn" and game.to_act() == (0,)


def test_master_of_magic_uncovered_by_a_kings_trap_the_king_waits_face_up_then_goes() -> None:
    # P0 steals P1's King: P1 draws 4; the Master of Magic surfaces after the first; P1 plays, then draws 3.
    game = with_magic_in_deck(game_of(hands=["", "6c"], secrets=["", "Ka"], deck="2a 3a 4a Xm 5a"), owner=1)
    play(game, "x1.0")
    assert game.to_act() == (1,) and "Ka" in treasures(game, 0)
    round_trips(game)
    play(game, "t:6c", "pass")
    assert hand(game, 1) == "5a 4a 3a 2a" and "Ka" not in treasures(game, 0) and "Ka" in discard(game)


def test_master_of_magic_cut_short_mirror_draws_wait_too() -> None:
    # P0 has Mirror face-up: after its draw each opponent draws 1. Cut short, the Mirror waits for the rest.
    game = with_magic_in_deck(game_of(hands=["", "6c"], treasures=["6s", ""], deck="2a 3a 4a Xm 5a"), owner=1)
    play(game, "d")
    assert hand(game, 0) == "5a" and hand(game, 1) == "6c"
    play(game, "pass")
    assert hand(game, 0) == "5a 4a" and hand(game, 1) == "6c 3a"


def test_master_of_magic_cut_short_the_wind_weather_passes_after_the_whole_draw() -> None:
    game = with_magic_in_deck(game_of(expansions="magic,weather", hands=["9c", "6c"], weather="Ww",
                                      deck="2a 3a Xm 4a"), owner=1)
    play(game, "d")
    assert game.to_act() == (1,) and kind(game) == "play"
    play(game, "pass")
    assert kind(game) == "wind-pass" and hand(game, 0) == "9c 4a 3a"


def test_master_of_magic_cut_short_a_magic2_refill_waits_and_alchemy_goes_on_after() -> None:
    # P0's empty hand draws 3 (Magic side 2): the Master of Magic surfaces after the first; P1 (its owner)
    # plays before the refill goes on and before Alchemy makes P1 discard its hand.
    game = with_magic_in_deck(game_of(hands=["Tm 6a", "8b 7c"], elements=["magic2", "-"],
                                      deck="2a 3a 4a Xm 5a"), owner=1)
    play(game, "a:Tm")
    assert game.to_act() == (1,) and hand(game, 0) == "5a" and hand(game, 1) == "8b 7c"
    round_trips(game)
    play(game, "t:7c", "pass")
    assert hand(game, 0) == "5a 4a 3a" and hand(game, 1) == "" and treasures(game, 1) == "7c"
    assert "8b" in discard(game)


def test_andrea_stopping_a_steal_in_the_owners_plays_at_its_turn_start_ends_that_turn_before_it_begins() -> None:
    # P0's Sunshine draw uncovers its own Master of Magic: P0 plays a Jack; P1's Andrea stops the steal, so
    # P0 loses the rest of its turn: the turn it was starting (RULINGS: the turn's start is part of it).
    game = with_magic_in_deck(game_of(expansions="promo,magic,weather", turn=1, hands=["Ja", "6c 1d"],
                                      secrets=["", "5a"], weather="Uw", deck="2a 3a Xm 4a 5b"), owner=0)
    play(game, "t:6c")
    assert game.turn == 0 and game.to_act() == (0,) and kind(game) == "play" and hand(game, 0) == "Ja 4a"
    play(game, "a:Ja", "x1.0", "a:1d")
    assert game.turn == 1 and kind(game) == "turn" and not game.later and hand(game, 0) == "4a"
    round_trips(game)


def test_master_of_magic_uncovered_by_lightning_is_played_before_the_strike() -> None:
    # Lightning discards the top card (9a): the Master of Magic is then on top; P1, its owner, plays at once:
    # its 9b, which the strike of the value 9 would have taken from its hand, for its action.
    game = with_magic_in_deck(game_of(expansions="magic,weather", hands=["6a", "9b 2c"], events="Lv",
                                      deck="2a 3a Xm 9a"), owner=1)
    play(game, "t:6a")
    assert game.to_act() == (1,) and "a:9b" in game.legal_actions(1)
    round_trips(game)
    play(game, "a:9b", "s:2c")
    assert secrets(game, 1) == "2c" and "9b" in discard(game) and game.turn == 1


# ---------------------------------------------------------------------- a play as a treasure inside any effect


def test_master_of_wind_returning_katana_as_a_treasure_is_a_treasure_play_rainbow_draws() -> None:
    game = game_of(expansions="magic,weather", hands=["Km 6a 5b", ""], treasures=["", "9c"], weather="Rw",
                   deck="2a 3a")
    play(game, "a:Km", "a:6a", "c:9c", "s:5b")
    assert treasures(game, 0) == "6a" and hand(game, 0) == "3a"


def test_master_of_wind_returning_katana_as_a_treasure_is_a_treasure_play_hail_discards() -> None:
    game = game_of(expansions="magic,weather", hands=["Km 6a 5b 4c", ""], treasures=["", "9c"], weather="Hw")
    play(game, "a:Km", "a:6a", "c:9c", "s:5b")
    assert treasures(game, 0) == "6a" and kind(game) == "hail" and game.to_act() == (0,)
    play(game, "c:4c")
    assert hand(game, 0) == "" and "4c" in discard(game)


#: Every effect that plays a card from hand as a treasure, as (set-up, the actions up to that play, the
#: treasure played): each play is a treasure play for Rainbow and Hail.
TREASURE_PLAYS = {
    "katana": (dict(hands=["6a 5b", ""], treasures=["", "9c"]), ("a:6a", "c:9c", "t:5b"), "5b"),
    "flight": (dict(hands=["2m 5b", ""]), ("a:2m", "t:5b"), "5b"),
    "shape-shifting": (dict(hands=["6m 5b", ""]), ("a:6m", "t:5b"), "5b"),
    "multiply": (dict(hands=["5m 4b", ""]), ("a:5m", "t:4b"), "4b"),
    "master-of-wind": (dict(hands=["Km 6a 5b", ""], treasures=["", "9c"]), ("a:Km", "a:6a", "c:9c", "s:5b"), "6a"),
    "master-of-deception": (dict(hands=["5b", ""], secrets=["Kp", ""], turn=1), ("x0.0", "t:5b"), "5b"),
    "master-of-tricks": (dict(hands=["Ks 5b", ""], secrets=["", "2c"]), ("a:Ks", "t:5b"), "5b"),
    "master-of-water": (dict(hands=["Jm", ""], treasures=["", "9c"], deck="2a 5b"), ("a:Jm", "t:5b"), "5b"),
    "grimoire": (dict(hands=["Am", ""], deck="5b 2a 3a 4a"), ("a:Am", "t:5b"), "5b"),
    "master-of-escape": (dict(hands=["Js 5b", ""], treasures=["", "9c 8c"]), ("a:Js", "c:9c", "c:8c", "t:5b"), "5b"),
    "freeze-time": (dict(hands=["7m 5b", ""]), ("a:7m", "t:5b"), "5b"),
    "tessen": (dict(hands=["4s 5b", ""]), ("a:4s", "t:5b"), "5b"),
}


@pytest.mark.parametrize("effect", sorted(TREASURE_PLAYS))
def test_rainbow_draws_for_a_treasure_played_inside_any_effect(effect: str) -> None:
    setup, actions, card = TREASURE_PLAYS[effect]
    game = game_of(expansions="promo,magic,sabotage,weather", weather="Rw", **setup)
    player = game.turn if effect != "master-of-deception" else 0
    play(game, *actions)
    assert card in treasures(game, player)
    log = "\n".join(str(line) for line in game.observe(None)["log"])
    assert f"Rainbow: P{player} played a treasure, so draws\n" in log and "draws a card" not in log


@pytest.mark.parametrize("effect", sorted(TREASURE_PLAYS))
def test_hail_asks_a_discard_for_a_treasure_played_inside_any_effect(effect: str) -> None:
    setup, actions, card = TREASURE_PLAYS[effect]
    hands = list(setup["hands"])  # type: ignore[call-overload]
    player = 0
    hands[player] = (hands[player] + " 3c").strip()
    game = game_of(expansions="promo,magic,sabotage,weather", weather="Hw", **{**setup, "hands": hands})
    play(game, *actions)
    assert card in treasures(game, player)
    assert kind(game) == "hail" and game.to_act() == (player,)


def test_rainbow_draws_for_a_treasure_a_surfaced_master_of_magics_owner_plays_out_of_turn() -> None:
    game = with_magic_in_deck(game_of(expansions="magic,weather", hands=["", "5b"], weather="Rw",
                                      deck="2a 3a Xm 4a"), owner=1)
    play(game, "d", "t:5b")
    assert treasures(game, 1) == "5b" and hand(game, 1) == "3a"  # Rainbow: P1 drew the next card
    play(game, "pass")
    assert hand(game, 0) == "4a 2a"


def test_wind_side_2_swap_puts_a_treasure_into_play_but_is_no_play_for_rainbow() -> None:
    game = game_of(expansions="promo,elements,weather", hands=["6a", "1t"], treasures=["", "9c"],
                   elements=["wind2", "-"], weather="Rw", deck="2a 3a")
    play(game, "swap:6a", "c:9c")
    assert kind(game) == "window" and game.to_act() == (1,)  # Teleport's moment: the Katana entered play
    play(game, "pass")
    assert hand(game, 0) == "9c 3a" and treasures(game, 1) == "6a"  # Wind's draw only, no Rainbow draw


#: Every effect that plays an Ace or a Joker for its action or as a secret: Wind (side 1) gives the current
#: player an extra action after each (RULINGS: "any play of an Ace or Joker").
ACE_PLAYS = {
    "katana-secret": (dict(hands=["6a Xa", ""], treasures=["", "9c"]), ("a:6a", "c:9c", "s:Xa")),
    "master-of-wind-action": (dict(hands=["Km Xb", ""], secrets=["", "2c"]), ("a:Km", "a:Xb", "f1.0")),
    "smoke-bomb-secret": (dict(hands=["9a Ab 2b", ""]), ("a:9a", "s:Ab", "s:2b")),
    "freeze-time-action": (dict(hands=["7m Aa", ""], treasures=["", "9c"]), ("a:7m", "a:Aa", "c:9c")),
}


@pytest.mark.parametrize("effect", sorted(ACE_PLAYS))
def test_wind1_gives_an_extra_action_for_an_ace_or_joker_played_inside_any_effect(effect: str) -> None:
    setup, actions = ACE_PLAYS[effect]
    game = game_of(expansions="magic,elements", elements=["wind1", "-"], **setup)
    play(game, *actions)
    assert game.turn == 0 and kind(game) == "turn" and game.frames[-1].data.get("extra")


# ---------------------------------------------------------------------- the other "whenever" triggers, inside an effect


def test_earth1_draws_an_extra_card_for_a_draw_inside_a_card() -> None:
    game = game_of(expansions="magic,elements", hands=["Am", ""], elements=["earth1", "-"], deck="2a 3a 4a 5a 6a")
    play(game, "a:Am")  # Grimoire: draw 3 (+1), then take the top card (not a draw: no extra) and play it
    assert hand(game, 0) == "6a 5a 4a 3a 2a" and {a[2:] for a in game.legal_actions(0)} == {"2a"}


def test_water1_draws_when_a_treasure_is_discarded_inside_another_players_card() -> None:
    game = game_of(expansions="elements", hands=["6a 5b", ""], treasures=["", "9c"], elements=["-", "water1"],
                   deck="2a 3a")
    play(game, "a:6a", "c:9c")  # Katana discards P1's 9c: P1 draws at once, before Katana's play
    assert hand(game, 1) == "3a" and kind(game) == "play" and game.to_act() == (0,)


def test_mirror_makes_each_opponent_draw_after_a_draw_inside_a_card() -> None:
    game = game_of(expansions="sabotage", hands=["8a", ""], treasures=["6s", ""], secrets=["", "2c"], deck="2a 3a")
    play(game, "a:8a", "x1.0")  # Climbing Hook: steal, then draw 1: Mirror makes P1 draw 1 too
    assert hand(game, 0) == "3a" and hand(game, 1) == "2a"


def test_an_event_uncovered_by_a_draw_inside_a_card_goes_into_play_at_once() -> None:
    game = game_of(expansions="weather", hands=["8a", ""], deck="2a Fv 3a")
    play(game, "a:8a")  # Climbing Hook: no secret to steal, draw 1 (3a): Flood is then on top and goes into play
    lines = [str(line) for line in game.observe(None)["log"]]
    went = next(index for index, line in enumerate(lines) if "Flood reaches the top" in line)
    # during the card's draw, and said after it: the draw uncovered it
    assert hand(game, 0) == "3a" and lines[went - 1].strip() == "P0 draws 1 card"
    assert "Fv" in discard(game) and game.turn == 1  # it resolved at the end of the turn


# ---------------------------------------------------------------------- "any time" on anyone's turn


def test_teleport_is_offered_to_its_holder_the_moment_a_treasure_enters_play_on_another_players_turn() -> None:
    game = game_of(hands=["6a", "1t"])
    play(game, "t:6a")
    assert kind(game) == "window" and game.to_act() == (1,) and game.frames[-1].concealed
    assert game.legal_actions(1) == ["a:1t", "pass"]
    view = game.observe(0)
    assert view["waiting_for"] == [] and view["decision"] is None and "1t" not in str(view)
    round_trips(game)
    play(game, "a:1t")
    assert hand(game, 1) == "6a" and treasures(game, 0) == "" and game.turn == 1


def test_teleport_takes_a_treasure_that_master_of_wind_returns_into_play() -> None:
    game = game_of(hands=["Km 6a", "1t"], treasures=["", "9c"])
    play(game, "a:Km", "a:6a", "c:9c", "pass")  # P1 lets Katana discard 9c: then Wind returns the Katana
    assert kind(game) == "window" and game.to_act() == (1,) and game.frames[-1].data["moment"] == "treasure-in"
    play(game, "a:1t")
    assert "6a" in hand(game, 1) and treasures(game, 0) == ""


def test_teleport_then_rainbow_the_treasure_play_still_draws() -> None:
    game = game_of(expansions="promo,weather", hands=["6a", "1t"], weather="Rw", deck="2a 3a")
    play(game, "t:6a", "a:1t")
    assert hand(game, 1) == "6a" and hand(game, 0) == "3a"


def test_the_player_who_put_the_treasure_into_play_is_not_asked() -> None:
    game = game_of(hands=["6a 1t", ""])
    play(game, "t:6a")
    assert kind(game) == "turn" and game.turn == 1


def test_alessio_is_offered_the_moment_a_secret_is_placed_on_another_players_turn() -> None:
    game = game_of(hands=["6a", "1s"])
    play(game, "s:6a")
    assert kind(game) == "window" and game.to_act() == (1,) and game.legal_actions(1) == ["a:1s", "pass"]
    view = game.observe(0)
    assert view["waiting_for"] == [] and view["decision"] is None
    # The window names the secret by its position, never by its card.
    assert "6a" not in str(game.frames[-1].data)
    play(game, "a:1s")
    assert seat_view(game, 1, 0)["known_secrets"] == [[0, "6a"]] and game.turn == 1


def test_alessio_is_offered_for_a_secret_placed_inside_an_effect() -> None:
    game = game_of(hands=["9a 6a 7a", "1s"])
    play(game, "a:9a", "s:6a")
    assert kind(game) == "window" and game.to_act() == (1,)
    play(game, "pass")
    assert kind(game) == "play" and game.to_act() == (0,)
    play(game, "s:7a")
    assert kind(game) == "window" and game.to_act() == (1,)
    play(game, "a:1s")
    assert secrets(game, 0) == "6a 7a" and seat_view(game, 1, 0)["known_secrets"] == [[1, "7a"]]


def test_a_window_asks_only_holders_the_same_play_without_a_holder_asks_nobody() -> None:
    asked = game_of(3, hands=["6a", "1t", "7c"])
    unasked = game_of(3, hands=["6a", "2c", "7c"])
    play(asked, "t:6a")
    for seat in (0, 2):
        view = asked.observe(seat)
        assert view["waiting_for"] == [] and view["decision"] is None and "1t" not in str(view)
    play(asked, "pass")
    play(unasked, "t:6a")
    for seat in (0, 2, None):
        assert asked.observe(seat)["log"] == unasked.observe(seat)["log"]
    assert asked.to_act() == unasked.to_act() == (1,)
    assert CARD_INDEX["6a"] in asked.treasures[0]


# ---------------------------------------------------------------------- a decision asked meanwhile waits too


def test_master_of_magic_uncovered_by_a_magic2_refill_inside_net_is_played_before_the_next_discard() -> None:
    # P1 (Magic, side 2) discards its last card to Net: it draws 3 at once; the Master of Magic (P2's) is
    # under the first card: P2 plays at once, before its own discard to Net is asked; then the refill goes on.
    game = with_magic_in_deck(game_of(3, hands=["3s", "6a", "7b 8c"], elements=["-", "magic2", "-"],
                                      deck="2a 3a Xm 4a"), owner=2)
    play(game, "a:3s", "c:6a")
    assert game.to_act() == (2,) and kind(game) == "play" and game.frames[-1].data["by"] == "Xm"
    assert hand(game, 1) == "4a" and game.held  # P2's discard to Net waits, as data
    round_trips(game)
    play(game, "t:7b", "pass")
    assert hand(game, 1) == "4a 3a 2a"
    assert kind(game) == "net-discard" and game.to_act() == (2,) and game.legal_actions(2) == ["c:8c"]
    round_trips(game)


def test_master_of_magic_uncovered_by_a_free_teleport_emptying_a_magic2_hand_is_played_first() -> None:
    game = with_magic_in_deck(game_of(hands=["1t", "7b"], treasures=["", "6c"], elements=["magic2", "-"],
                                      deck="2a 3a Xm 4a"), owner=1)
    play(game, "a:1t")
    assert game.to_act() == (1,) and kind(game) == "play" and hand(game, 0) == "4a"
    round_trips(game)
    play(game, "pass")
    assert hand(game, 0) == "4a 3a 2a" and kind(game) == "teleport" and game.to_act() == (0,)
    play(game, "c:6c")
    assert kind(game) == "turn" and "6c" in hand(game, 0)


# ---------------------------------------------------------------------- what waits is data: notation and laws


def test_a_bad_later_or_held_field_is_refused_saying_what_is_allowed() -> None:
    game = with_magic_in_deck(game_of(hands=["", "8b 6c"], deck="2a 3a Xm 4a"), owner=1)
    play(game, "d")
    text = game.to_notation()
    assert ";later=0.rest.0.1.0" in text
    for bad, said in (("later=0.rest.0.1.0", "later=0.nap.0"), ("later=0.rest.0.1.0", "later=0.rest.7.1.0"),
                      ("later=0.rest.0.1.0", "later=0.rest.0.1"), ("late=1", "late=2")):
        with pytest.raises(ValueError, match=r"later|late"):
            NinjitsuState.from_notation(text.replace(bad, said))
    with pytest.raises(ValueError, match="held"):
        NinjitsuState.from_notation(text + ";held=[[1]]")
    with pytest.raises(ValueError, match="held lists one group"):
        NinjitsuState.from_notation(text + ';held=[[["turn",[0],{},"",[]]]]')


#: Seeds of random games with a face-up Master of Magic put near the top of the deck now and then.
MAGIC_PLAYOUT_SEEDS = range(40)


@pytest.mark.parametrize("seed", MAGIC_PLAYOUT_SEEDS)
def test_random_playouts_with_a_master_of_magic_in_the_deck_keep_the_laws_and_the_notation(seed: int) -> None:
    from ninjadojo.engine import Rng

    players = 2 + seed % 3
    sides = "/".join(["magic2", "earth1", "water1", "heart2"][:players])
    game = NinjitsuState.new(players, {"expansions": "promo,magic,sabotage,elements", "element_sides": sides},
                             seed=seed)
    rng = Rng(seed)
    master = CARD_INDEX["Xm"]
    while not game.is_terminal:
        deck = game.deck
        if game.magic_owner < 0 and master in deck and len(deck) > 3 and not game.later and rng.randbelow(4) == 0:
            # The Master of Magic goes face-up a little below the top, for a random owner (as if played).
            deck.remove(master)
            deck.insert(len(deck) - 1 - rng.randbelow(3), master)
            game.magic_owner = rng.randbelow(players)
            game.known[master] = game.everyone
        seat = game.to_act()[rng.randbelow(len(game.to_act()))]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
        round_trips(game)
    assert game.result is not None and not game.result.truncated


def test_a_sample_for_the_player_of_the_treasure_never_shows_it_as_asked_and_keeps_a_holder() -> None:
    game = game_of(3, hands=["6a", "1t 5b", "7c"], deck="2a 3a 4a 5a 6b")
    play(game, "t:6a")
    assert game.to_act() == (1,)
    for seed in range(10):
        for seat in (0, 2):
            sample = game.determinize(seat, seed)
            asked = sample.to_act()[0]
            # P0 put the treasure into play: never the one asked, in any sample.
            assert asked not in (seat, 0) and CARD_INDEX["1t"] in sample.hands[asked]
            assert sample.observe(seat) == game.observe(seat)
            sample.check_invariants()


def test_an_action_with_nothing_to_act_on_is_said_to_do_nothing() -> None:
    # Master of Planning steals a secret; with none anywhere the card is played for nothing (its choice said
    # "it would do nothing now"), and the log says so rather than show the play followed by nothing.
    game = game_of(hands=["Ja 2a", ""], deck="3a 4a")
    play(game, "a:Ja")
    lines = [str(line).strip() for line in game.observe(None)["log"]]
    # With the reason on the same line, once (it was said again on a line of its own).
    assert "P0 plays Master of Planning for its action: it does nothing now (no opponent has a secret to steal)" \
        in lines
    assert not any(line.startswith("Master of Planning:") for line in lines), lines
    game = game_of(hands=["9a", ""], deck="3a 4a")  # Smoke Bomb with no card to play: two steps, one reason
    play(game, "a:9a")
    lines = [str(line).strip() for line in game.observe(None)["log"]]
    assert lines[-1] == "P0 plays Smoke Bomb for its action: it does nothing now (P0 has no card to play)", lines
    game = game_of(hands=["Ja 2a", ""], secrets=["", "2c"], deck="3a 4a")
    play(game, "a:Ja")
    assert "P0 plays Master of Planning for its action" in [str(line).strip() for line in game.observe(None)["log"]]


def test_the_events_of_heavy_weather_say_what_they_do() -> None:
    # Heat Wave: the hands of the players with the most treasures go (the log says why), then everyone draws.
    game = game_of(expansions="weather", hands=["8a", "2b"], treasures=["", "9c"], deck="2a Wv 3a")
    play(game, "a:8a")
    lines = [str(line).strip() for line in game.observe(None)["log"]]
    assert "P1 has the most treasures (1): their hand is discarded" in lines, lines
    # Eruption: the pooling is said before what each player takes back from the pile.
    game = game_of(expansions="weather", hands=["8a 2b", "3b"], deck="4a Ev 3a")
    play(game, "a:8a")
    lines = [str(line).strip() for line in game.observe(0)["log"]]
    pooled = lines.index("Every hand is shuffled into one pile and drawn back, as many cards as each put in")
    assert pooled < next(index for index, line in enumerate(lines) if line.startswith("You take "))
    # Lightning on a card whose value nobody holds: said, where the log went quiet.
    game = game_of(expansions="weather", hands=["8a 2b", "3b"], deck="9b Lv 3a")
    play(game, "a:8a")
    lines = [str(line).strip() for line in game.observe(None)["log"]]
    assert any("strikes the top card of the deck" in line for line in lines), lines
    assert "No other card of value 9 is in a hand or in play: nothing else is struck" in lines, lines
    # Blizzard: what it asks of whom, once, when it resolves (each card is then chosen in secret).
    game = game_of(expansions="weather", hands=["8a 2b 3b", "4b"], deck="4a Bv 3a")
    play(game, "a:8a")
    lines = [str(line).strip() for line in game.observe(None)["log"]]
    assert "Every hand comes down to the smallest (1 card), a card at a time: P0 2 to discard" in lines, lines
