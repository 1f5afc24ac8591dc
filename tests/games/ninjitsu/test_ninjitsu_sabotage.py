"""Scenario tests for Sabotage! (option ``expansions=sabotage``): one or more per card, the looks and what
they let a seat know (views and samples), and False Floor hiding its owner's own secrets."""

from __future__ import annotations

from ninjitsu_helpers import discard, hand, kind, name_of, play, secrets, treasures

from ninjadojo.engine.rng import Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_INDEX, CARDS, SABOTAGE_CARDS, SETS

SABOTAGE = "sabotage"


def sabotage(players: int = 2, expansions: str = SABOTAGE, **kwargs: object) -> NinjitsuState:
    """A position of a game with Sabotage!."""
    return position(players, expansions=expansions, **kwargs)  # type: ignore[arg-type]


def log(game: NinjitsuState, seat: int | None) -> str:
    lines = game.observe(seat)["log"]
    assert isinstance(lines, list)
    return "\n".join(str(line) for line in lines)


def seat_view(game: NinjitsuState, viewer: int, seat: int) -> dict[str, object]:
    seats = game.observe(viewer)["seats"]
    assert isinstance(seats, list)
    entry = seats[seat]
    assert isinstance(entry, dict)
    return entry


def test_sabotage_is_sixteen_cards_of_its_own_set_with_false_floor_worth_4_inferred() -> None:
    assert SABOTAGE in SETS
    assert [card.id for card in SABOTAGE_CARDS] == ["Ks", "Qs", "Js", "Xs", "As", "Ts", "9s", "8s", "7s", "6s",
                                                    "5s", "4s", "3s", "2s", "1s", "Fs"]
    assert CARDS[CARD_INDEX["Fs"]].value == 4 and "inferred" in CARDS[CARD_INDEX["Fs"]].text
    game = NinjitsuState.new(2, {"expansions": SABOTAGE}, seed=1)
    assert len(game.deck) + 8 == 42 + 16


# ---------------------------------------------------------------------- action cards


def test_master_of_tricks_draws_one_per_secret_in_play_then_plays_a_card() -> None:
    game = sabotage(3, hands=["Ks", "", ""], secrets=["5a", "6a 7a", ""], deck="2a 3a 4a 8a")
    play(game, "a:Ks")
    assert hand(game, 0) == "8a 4a 3a" and kind(game) == "play"


def test_master_thief_moves_any_two_treasures_into_hand() -> None:
    game = sabotage(hands=["Qs", ""], treasures=["6a", "9c 2a"])
    play(game, "a:Qs", "c:9c", "c:6a")
    assert hand(game, 0) == "9c 6a" and treasures(game, 1) == "2a"


def test_master_of_escape_turns_two_treasures_face_down_as_their_owners_secrets_then_plays() -> None:
    game = sabotage(hands=["Js 8a", ""], treasures=["6a", "9c 2a"])
    play(game, "a:Js", "c:9c", "c:6a")
    assert secrets(game, 1) == "9c" and secrets(game, 0) == "6a" and treasures(game, 1) == "2a"
    assert kind(game) == "play"
    # Everyone saw where the 9 went, until its owner rearranges its secrets.
    assert seat_view(game, 0, 1)["known_secrets"] == [[0, "9c"]]


def test_master_of_disguise_swaps_two_secrets_then_steals() -> None:
    game = sabotage(3, hands=["Xs", "", ""], secrets=["", "5a", "6a"])
    play(game, "a:Xs", "k1.0", "k2.0")
    assert secrets(game, 1) == "6a" and secrets(game, 2) == "5a"
    assert f"Your secret #1 is now {name_of('6a')}" in log(game, 1)
    assert kind(game) == "steal"
    play(game, "x2.0")
    assert treasures(game, 0) == "5a"


def test_master_of_disguise_names_the_secrets_it_swaps_in_the_log() -> None:
    """The log says whose secrets change places, each player named once: two players' secrets, two of one
    player's, two of the player's own."""
    game = sabotage(3, hands=["Xs", "", ""], secrets=["", "5a", "6a"])
    play(game, "a:Xs", "k1.0", "k2.0")
    assert "P0 swaps P1's secret #1 with P2's secret #1" in log(game, 2)
    game = sabotage(3, hands=["Xs", "", ""], secrets=["", "5a 6a", ""])
    play(game, "a:Xs", "k1.1", "k1.0")
    assert "P0 swaps P1's secrets #2 and #1" in log(game, 2)
    game = sabotage(3, hands=["Xs", "", ""], secrets=["5a 6a", "", ""])
    play(game, "a:Xs", "k0.0", "k0.1")
    assert "P0 swaps their own secrets #1 and #2" in log(game, 2)


def test_shuriken_discards_a_secret_and_a_treasure() -> None:
    game = sabotage(hands=["Ts", ""], treasures=["", "9c"], secrets=["", "5a"])
    play(game, "a:Ts", "k1.0", "c:9c")
    assert secrets(game, 1) == "" and treasures(game, 1) == "" and discard(game).endswith("5a 9c")


def test_ancient_map_steals_again_when_the_first_is_not_trapped() -> None:
    game = sabotage(hands=["5s", ""], secrets=["", "6a 7a"])
    play(game, "a:5s", "x1.0")
    assert kind(game) == "steal"
    play(game, "x1.0")
    assert treasures(game, 0) == "6a 7a"


def test_ancient_map_stops_after_a_trapped_card_even_when_antonio_cancels_the_trap() -> None:
    game = sabotage(hands=["5s 1n 9a", ""], secrets=["", "2a 7a"], expansions="promo,sabotage")
    play(game, "a:5s", "x1.0", "a:1n")
    assert treasures(game, 0) == "2a" and hand(game, 0) == "9a" and game.to_act() == (1,)


def test_tessen_plays_a_treasure_then_steals() -> None:
    game = sabotage(hands=["4s 9a", ""], secrets=["", "6a"])
    play(game, "a:4s", "t:9a", "x1.0")
    assert treasures(game, 0) == "9a 6a"


def test_net_makes_each_opponent_discard_then_the_player_takes_one() -> None:
    game = sabotage(3, hands=["3s", "6a 7a", "8a"])
    play(game, "a:3s")
    assert game.to_act() == (1,) and kind(game) == "net-discard"
    play(game, "c:7a")
    assert game.to_act() == (2,)
    play(game, "c:8a")
    assert game.to_act() == (0,) and game.legal_actions(0) == ["c:7a", "c:8a"]
    play(game, "c:8a")
    assert hand(game, 0) == "8a" and discard(game).endswith("3s 7a")


def test_peephole_looks_at_three_secrets_only_its_player_sees_them_and_may_steal() -> None:
    game = sabotage(3, hands=["2s", "", ""], secrets=["", "5a 6a", "7a 8a"])
    play(game, "a:2s", "k1.1", "k2.0", "k1.0")
    assert kind(game) == "steal" and "pass" in game.legal_actions(0)
    assert seat_view(game, 0, 1)["known_secrets"] == [[0, "5a"], [1, "6a"]]
    assert seat_view(game, 2, 1)["known_secrets"] == []
    assert name_of("6a") not in log(game, 2)
    # The seat keeps what it saw in its samples.
    for seed in range(5):
        sample = game.determinize(0, seed)
        assert secrets(sample, 1) == "5a 6a" and secrets(sample, 2)[:2] == "7a"
    play(game, "pass")
    assert game.to_act() == (1,)


def test_a_look_ends_when_the_owner_rearranges_its_secrets() -> None:
    game = sabotage(hands=["2s", "9a"], secrets=["", "5a 6a"])
    play(game, "a:2s", "k1.0", "k1.1", "pass")
    assert seat_view(game, 0, 1)["known_secrets"] == [[0, "5a"], [1, "6a"]]
    play(game, "w0.1")
    assert seat_view(game, 0, 1)["known_secrets"] == []


def test_alessio_looks_at_a_secret_before_the_action_for_free() -> None:
    game = sabotage(hands=["1s 6a", ""], secrets=["", "5a"])
    assert "a:1s" in game.legal_actions(0)
    play(game, "a:1s", "k1.0")
    assert kind(game) == "turn" and game.to_act() == (0,) and seat_view(game, 0, 1)["known_secrets"] == [[0, "5a"]]


def test_chain_and_sickle_on_an_alessio_treasure_looks_at_an_opponents_secret() -> None:
    # Chain and Sickle uses the discarded treasure's action "as if you just played it" (ruling 9): Alessio
    # played, "look at any secret in play". The look is the player's alone.
    game = sabotage(3, hands=["7a", "", ""], treasures=["", "1s", ""], secrets=["", "5a 6b", "9c"])
    play(game, "a:7a", "c:1s")
    assert kind(game) == "peek" and game.legal_actions(0) == ["k1.0", "k1.1", "k2.0"]
    assert game.decision(0).prompt == "Alessio: pick an opponent's secret to look at."  # type: ignore[union-attr]
    play(game, "k1.1")
    assert game.turn == 1 and seat_view(game, 0, 1)["known_secrets"] == [[1, "6b"]]
    assert name_of("6b") in log(game, 0) and name_of("6b") not in log(game, 2)
    alone = sabotage(hands=["7a", ""], treasures=["", "1s"])
    play(alone, "a:7a", "c:1s")
    assert alone.turn == 1 and "no opponent has a secret to look at" in log(alone, 0)


# ---------------------------------------------------------------------- Deadfall (trap)


def test_deadfall_the_thief_keeps_one_card_the_rest_goes_to_the_robbed_player() -> None:
    game = sabotage(3, hands=["6a 7a 8a", "", ""], secrets=["", "As", ""])
    play(game, "x1.0")
    assert kind(game) == "deadfall" and game.to_act() == (0,)
    play(game, "c:7a")
    assert hand(game, 0) == "7a" and hand(game, 1) == "6a 8a" and "As" in discard(game)
    assert name_of("6a") in log(game, 1) and name_of("6a") not in log(game, 2).split("Deadfall")[-1]


# ---------------------------------------------------------------------- face-up treasures


def test_sleeping_potion_face_up_makes_opponents_draw_at_the_start_of_their_turn() -> None:
    game = sabotage(hands=["9s", ""], deck="2a 3a")
    play(game, "t:9s")
    assert hand(game, 1) == "3a" and game.turn == 1
    # The log says why P1 draws, with the draw nested under it.
    log = game.observe(1)["log"]
    at = log.index("P0's Sleeping Potion: P1 draws a card at the start of the turn")
    assert log[at + 1] == "  P1 draws 1 card"


def test_squeaky_floor_face_up_forbids_stealing_as_the_action_but_not_through_a_card() -> None:
    game = sabotage(hands=["8a", ""], treasures=["8s", ""], secrets=["", "5a"])
    assert not any(action.startswith("x") for action in game.legal_actions(0))
    play(game, "a:8a", "x1.0")
    assert treasures(game, 0) == "8s 5a"


def test_cage_face_up_forbids_playing_a_secret_as_the_action_but_not_through_a_card() -> None:
    game = sabotage(hands=["9a 6a 5b", ""], treasures=["7s", ""])
    assert "s:6a" not in game.legal_actions(0) and "t:6a" in game.legal_actions(0)
    play(game, "a:9a", "s:6a", "s:5b")
    assert secrets(game, 0) == "6a 5b"


def test_mirror_face_up_makes_each_opponent_draw_whenever_its_owner_draws() -> None:
    game = sabotage(3, hands=["", "", ""], treasures=["6s", "", ""], deck="2a 3a 4a 5a")
    play(game, "d")
    assert hand(game, 0) == "5a 4a" and hand(game, 1) == "3a" and hand(game, 2) == "2a"
    # Everyone reads why the others drew: the Mirror is named before their draws.
    lines = game.observe(1)["log"]
    assert isinstance(lines, list)
    said = lines.index("P0's Mirror: each opponent draws a card")
    assert lines[said + 1:said + 3] == ["P1 draws 1 card", "  You drew Snare"]  # (nested under the draw)


def test_false_floor_face_up_hides_its_owners_own_secrets_from_its_view() -> None:
    game = sabotage(hands=["6a", ""], treasures=["Fs", ""], secrets=["5a", ""])
    own = seat_view(game, 0, 0)
    assert own["secrets"] == [] and own["points"] is None and own["secret_count"] == 1
    assert "5a" not in game.render(0) and "?" in game.decision(0).prompt  # type: ignore[union-attr]
    play(game, "s:6a")
    assert "Your secret is" not in log(game, 0)
    # Its samples redeal its own secrets: it does not know them.
    assert len({secrets(game.determinize(0, seed), 0) for seed in range(20)}) > 1


def test_a_treasure_turned_face_down_under_false_floor_is_not_named_to_its_blinded_owner() -> None:
    # Master of Escape turns P1's 9 face-down while P1's False Floor stays face-up: the 9 is now a
    # secret P1 cannot look at, so P1's log does not name it; the other seats saw it go.
    game = sabotage(hands=["Js 8a", ""], treasures=["", "Fs 9c"])
    play(game, "a:Js", "c:9c")
    assert name_of("9c") not in log(game, 1) and "one of your treasures face-down" in log(game, 1)
    assert name_of("9c") in log(game, 0)
    assert seat_view(game, 1, 1)["secrets"] == []
    assert len({secrets(game.determinize(1, seed), 1) for seed in range(20)}) > 1, "P1's samples redeal it"
    assert {secrets(game.determinize(0, seed), 1) for seed in range(5)} == {"9c"}, "P0 knows where it went"


def test_false_floor_leaving_play_gives_its_owner_sight_again() -> None:
    game = sabotage(hands=["Qa", "6a"], treasures=["", "Fs"], secrets=["", "5a"], turn=0)
    assert seat_view(game, 1, 1)["secrets"] == []
    play(game, "a:Qa", "c:Fs", "s:Fs")
    assert seat_view(game, 1, 1)["secrets"] == ["5a"]


def test_a_card_seen_by_peephole_then_swapped_into_a_blinded_owners_secrets_is_no_longer_placed_by_it() -> None:
    # False Floor: its owner cannot look at its secrets. P0 saw Darts with Peephole; Master of Disguise
    # then swaps it into P0's own secrets: P0 may not point at it there (its view shows backs).
    game = position(2, expansions="sabotage", hands=["2s Xs", "9c"], treasures=["Fs", ""], secrets=["8c", "Aa"])
    play(game, "a:2s", "k1.0", "pass")
    game.apply(1, "t:9c")
    play(game, "a:Xs", "k1.0", "k0.0")
    game.check_invariants()
    assert game.secrets[0] == [CARD_INDEX["Aa"]]
    assert not game.known[CARD_INDEX["Aa"]] & 1
    own = game.observe(0)["seats"][0]
    assert own["secrets"] == [] and own["points"] is None


def test_nets_cards_shuffled_into_a_new_deck_cannot_be_taken() -> None:
    """Net: "then the player takes one of the discarded cards from the pile" (ruling 48). An opponent
    with Magic (side 2) who discards its last card draws 3 at once (ruling 68); with the deck empty, the
    pile, the Net's cards in it, becomes the new deck. Only the discarded cards still in the pile can be
    taken; with none left the Net takes nothing. (A hard bot once met this in its lookahead and the
    engine failed on a legal action.)"""
    game = position(players=3, expansions="promo,sabotage,elements", elements=["-", "magic2", "-"],
                    hands=["3s", "6a", "9b 8b"], deck="")
    play(game, "a:3s")
    play(game, "c:6a")  # P1's last card: Magic draws 3, and the empty deck takes the pile, Katana too
    assert len(game.hands[1]) == 3 and "6a" not in discard(game)
    play(game, "c:9b")
    assert game.to_act() == (0,) and game.legal_actions(0) == ["c:9b"]
    play(game, "c:9b")
    assert "9b" in hand(game, 0)
    # Two players: the only discarded card went into the new deck: the Net takes nothing, and says so.
    game = position(players=2, expansions="promo,sabotage,elements", elements=["-", "magic2"],
                    hands=["3s 2a", "6a"], deck="")
    play(game, "a:3s")
    play(game, "c:6a")
    assert game.frames[-1].kind != "net-take" and "6a" not in hand(game, 0)
    assert any("shuffled into the new deck: P0 has none to take" in event.text for event in game.events)


#: The position of that game (seed 1073101, before Master of Magic shuffled the whole deck with Heavy Weather), as
#: P3 plays the cards its surfaced Master of Magic allows.
MOD_POSITION = (
    'ninjitsu|5|expansions=promo,magic,sabotage,elements,weather,target=21|fb175d96d274dd24|142|[["play",'
    '[3],{"way":"any","by":"Xm","optional":true},"",[]]]|-|turn=0;swaps=3;deck=1dHv3p5mJbJm1tAc5pXbKsQa1l'
    'Km7bBvXmEvXsEm3s;discard=QmTc8b8m;hands=6mXpFs8a6aTm9sAb/TaTsQsJs2a8cXa/Qb6bAaKbKc/9m4c7s2mAsXcJa3c1'
    'n3mQcJc/5s9aBp4b;treasures=2sKp/6s/-/5a4a7a3b2c7m7c/-;secrets=-/1s4m9b/4s/Am8s6cTb5c9c3a2bKa5b/-;eff'
    'ects=Xm.1.3:7c;known=Ka.1032,Qa.8,8a.5,6a.5,Jb.8,Xb.8,Ab.5,7b.8,Ac.8,6c.5896,5c.1032,1l.8,1d.8,1t.8,'
    '5p.8,3p.8,Xp.5,Km.8,Jm.8,Xm.8,Tm.5,6m.5,5m.8,Em.8,Ks.8,Xs.8,9s.5,8s.1032,3s.8,Fs.5,Hv.8,Bv.8,Ev.8;la'
    'ter=0.draw.3.1.1,0.draw.4.1.1,0.draw.0.1.1,0.ask;late=1;held=[[["window",[],{"moment":"trap","card":'
    '"Kp","taker":0,"victim":1},"c",[]]]];elements=wind1/water1/heart2/earth1/magic1;started=31;weather=R'
    'w;wdeck=SwWwAwUwFw;wdiscard=HwTwDw;events=SvLvXvFvWv'
)


def test_a_master_of_deception_taken_before_its_trap_springs_still_springs_it_and_stays_taken() -> None:
    """Found by random play (seed 1073101, 5 players, every expansion): P0 steals Master of Deception, a
    trap; a Master of Magic surfaces first, and its owner P3's Master of Secrets moves the stolen card
    from P0's face-up cards into P3's hand. Then the trap springs all the same (the steal happened: the
    robbed player may play, then steal), and the card stays in P3's hand rather than being discarded
    from where it no longer is. The engine once failed on the legal action that led there. (From the
    game's position as P3 plays, kept as notation: the seeded game itself changed when Master of Magic
    came to shuffle the whole deck.)"""
    game = NinjitsuState.from_notation("".join(MOD_POSITION))
    for action in ("t:4c", "s:3c", "a:3m", "c:3b", "a:Qc", "c:Kp"):
        game.apply(3, action)
        game.check_invariants()
    rng = Rng(1073101)
    while game.result is None:
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
        game.check_invariants()
    lines = [event.text for event in game.events]
    taken = "P3 moves Master of Deception from P0's treasures into P3's hand"
    assert taken in lines
    after = lines[lines.index(taken):]
    assert "P1 may play a card, then may steal a secret" in after


def test_master_thiefs_prompt_counts_its_two_treasures() -> None:
    # "Move 2 treasures from play into your hand": each choice says which of the two it is.
    game = sabotage(hands=["Qs", ""], treasures=["", "9a 6a"])
    play(game, "a:Qs")
    assert game.decision(0).prompt == "Master Thief: move a treasure from play into your hand (treasure 1 of 2)."  # type: ignore[union-attr]
    play(game, "c:9a")
    assert game.decision(0).prompt.endswith("(treasure 2 of 2).")  # type: ignore[union-attr]
