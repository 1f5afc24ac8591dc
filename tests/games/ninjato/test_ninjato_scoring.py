"""Clan scoring after rounds 3, 5 and 7, Hensojutsu, Rumors and the end of the game (text: "End of Rounds
3, 5, and 7 Scoring", "Hensojutsu", "Rumor Cards", "End Game Scoring"; RULINGS.md)."""

from __future__ import annotations

from ninjato_helpers import finish_round, play

from ninjadojo.games.ninjato import effects
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.cards import CLAN_NAMES, RUMOR_INDEX, SCORING_ORDER


def before_scoring(round_number: int = 3, **kwargs: object) -> object:
    """A 2-player position with one shuriken left to place in a scoring round (seat 1 places it)."""
    return position(2, round=round_number, order="01", dojo="01010", **kwargs)  # type: ignore[arg-type]


def points_first(game: object) -> object:
    """Every clan's first takes the house points (each second then takes the first free Rumor)."""
    while game.frames and game.frames[-1].kind == "favour":  # type: ignore[attr-defined]
        seat = game.to_act()[0]  # type: ignore[attr-defined]
        game.apply(seat, game.legal_actions(seat)[0])  # type: ignore[attr-defined]
    return game


def test_scoring_happens_only_after_rounds_three_five_and_seven() -> None:
    game = position(2, round=2, order="01", dojo="01010", envoys=["t1", ""])
    finish_round(game)
    assert game.round == 3 and game.honour == [0, 0]
    game = before_scoring(envoys=["t1", ""], rup="")
    points_first(finish_round(game))
    assert game.round == 4 and game.honour[0] == 6, "Taira holds houses 1 and 4: markers 2 and 4"


def test_the_first_of_a_clan_chooses_the_house_points_and_the_second_gets_a_free_rumor() -> None:
    game = before_scoring(envoys=["t1,t3", "t2"], rup="w1,p1,f1,a1")
    finish_round(game)
    assert game.decision(0).kind == "favour"
    assert game.legal_actions(0) == ["pts", "rum:w1", "rum:p1", "rum:f1", "rum:a1"]
    play(game, "0:pts")
    assert game.honour[0] == 6
    assert game.legal_actions(1) == ["rum:w1", "rum:p1", "rum:f1", "rum:a1"]
    play(game, "1:rum:p1")
    assert game.rumors[1] == [RUMOR_INDEX["p1"]] and game.honour[1] == 0, "a free Rumor scores nothing when taken"


def test_when_the_first_takes_the_rumor_the_second_gets_the_house_points() -> None:
    game = before_scoring(envoys=["t1,t3", "t2"], rup="w1,p1,f1,a1")
    finish_round(game)
    play(game, "0:rum:w1")
    assert game.honour == [0, 6]
    assert game.round == 4, "nothing else to decide: the round is over"


def test_a_tie_goes_to_the_oldest_envoy_of_the_clan() -> None:
    # Ages: t2 is 10, t3 is 1 (the lower, the older).
    game = before_scoring(envoys=["t2", "t3"], rup="")
    points_first(finish_round(game))
    assert game.honour == [0, 6]


def test_a_clan_with_one_envoy_holder_gives_no_second_reward() -> None:
    game = before_scoring(envoys=["t1", ""], rup="w1,p1")
    finish_round(game)
    play(game, "0:pts")
    assert game.rumors == [[], []] and game.round == 4


def test_clans_score_in_the_order_of_the_round() -> None:
    game = before_scoring(envoys=["t1,m1,g1", ""], rup="w1,p1,f1")
    finish_round(game)
    clans = []
    while game.frames and game.frames[-1].kind == "favour":
        clans.append(game.frames[-1].data["clan"])
        play(game, "0:pts")
    assert tuple(clans) == SCORING_ORDER[3] == (2, 0, 1), "Go-Shirakawa, Taira, Minamoto after round 3 (text)"
    assert game.honour[0] == 6 + 6 + 6


def test_clan_points_are_the_clans_markers_on_the_houses() -> None:
    game = position(2, houses=["g8:3n:f", "g2:3n:f", "g6:3n:f", "t4:3n:f", "m4:3n:f"])
    assert effects.clan_points(game, 2) == 16 and effects.clan_points(game, 0) == 4


def test_hensojutsu_doubles_a_masked_envoy() -> None:
    # t1 shows a mask; seat 1's two Envoys would win 2-1 without the disguise.
    game = before_scoring(5, envoys=["t1", "t2,t4"], tiles=["hj", ""], rup="")
    points_first(finish_round(game))
    assert game.honour == [6, 0], "2-2, and seat 0's t1 (year 4) is older than t2 (year 10)"


def test_with_several_masked_envoys_the_seat_chooses_which_to_disguise() -> None:
    game = before_scoring(5, envoys=["t1,m1", "m3,m6"], tiles=["hj", ""], rup="")
    finish_round(game)
    assert game.decision(0).kind == "disguise"
    assert game.legal_actions(0) == ["mask:t1", "mask:m1"]
    play(game, "0:mask:m1")
    points_first(game)
    assert game.round == 6 and game.masks == []
    assert game.honour[0] == 6 + 6, "Taira alone, and Minamoto 2-2 by the older m1 (year 11 against 14)"


def test_rumors_score_by_sets_of_up_to_three() -> None:
    game = position(2, rumors=["w1,w2,w3,w4", ""], elites=["o42,o42,d33", ""])
    # Four Greatest Warrior: a set of three (x4) and one (x1) on 3 Elites.
    assert effects.rumor_points(game, 0)[0] == 3 * 5


def test_goodwill_of_the_people_counts_itself() -> None:
    game = position(2, rumors=["p1,p2,w1", ""])
    assert effects.rumor_points(game, 0)[1] == 3 * 2


def test_powerful_friends_counts_envoys_and_master_counts_tiles() -> None:
    game = position(2, rumors=["f1,a1", ""], envoys=["t1,m1", ""], tiles=["s2@5,c2@3,t6@1", ""])
    points = effects.rumor_points(game, 0)
    assert points[2] == 2 and points[3] == 3


def test_dishonorable_opponents_scores_by_how_many_players_hold_one() -> None:
    game = position(3, rumors=["d1,d2", "d3", ""])
    assert effects.rumor_points(game, 0)[4] == 2 * 4 and effects.rumor_points(game, 1)[4] == 4
    game = position(3, rumors=["d1,d2", "", ""])
    assert effects.rumor_points(game, 0)[4] == 12
    game = position(3, rumors=["d1", "d2", "d3"])
    assert effects.rumor_points(game, 0)[4] == 2


def end_of_game(**kwargs: object) -> object:
    game = before_scoring(7, rup="", **kwargs)
    return points_first(finish_round(game))


def test_the_game_ends_after_round_seven_with_rumors_treasure_and_elites() -> None:
    game = end_of_game(honour=[10, 20], purses=["ffj", ""], elites=["o51,o42", ""], rumors=["w1", ""])
    assert game.is_terminal
    # Seat 0: 10 honour + Warrior 2 Elites x1 + 3 treasure + Elites 2 + 1.
    assert game.scores() == (10 + 2 + 3 + 3, 20.0)
    assert game.winners() == (1,)


def test_a_tie_goes_to_more_unspent_treasure_then_is_shared() -> None:
    game = end_of_game(honour=[10, 9], purses=["", "f"])
    assert game.scores() == (10.0, 10.0) and game.winners() == (1,)
    game = end_of_game(honour=[9, 9], purses=["f", "s"])
    assert game.winners() == (0, 1)


def test_envoy_ages_break_ties_inside_the_scoring_clan_only() -> None:
    # Minamoto 1-1: seat 1's m4 (year 5) is older than seat 0's m1 (year 11); seat 0's t3 (year 1, the oldest
    # card of all) is a Taira Envoy and does not count for Minamoto.
    game = before_scoring(envoys=["t3,m1", "m4"], rup="")
    points_first(finish_round(game))
    assert game.honour == [6, 6]


def test_a_leader_by_the_oldest_envoy_is_told_it_is_a_tie_broken_by_age_not_most_envoys() -> None:
    game = finish_round(before_scoring(3, envoys=["t1", "t2"], rup=""))
    while game.decision(0) is None or game.decision(0).kind != "favour":
        seat = game.to_act()[0]
        play(game, f"{seat}:{game.legal_actions(seat)[0]}")
    prompt = game.decision(0).prompt
    assert "Taira" in prompt and "as many Envoys as P1, and the oldest, from year 4 against year 10" in prompt, prompt
    assert "most Envoys" not in prompt
    alone = finish_round(before_scoring(3, envoys=["t1,t2", ""], rup=""))
    while alone.decision(0) is None or alone.decision(0).kind != "favour":
        seat = alone.to_act()[0]
        play(alone, f"{seat}:{alone.legal_actions(seat)[0]}")
    assert "You lead the Taira (most Envoys)" in alone.decision(0).prompt
    # Nobody else holds a Taira Envoy: nobody is second, and the prompt does not promise one the rest.
    assert alone.decision(0).prompt.endswith("nobody is second: the other goes to no one")
    assert game.decision(0).prompt.endswith("the second gets the other")


def test_every_view_shows_the_coming_clan_scoring_in_its_order_with_who_holds_the_envoys() -> None:
    # The rulebook scores the clans after rounds 3, 5 and 7, each time in another order; the board shows the
    # next scoring as the terminal's picture does, from public facts only (the same for every seat).
    game = before_scoring(envoys=["t3,m1", "m4"], rup="")
    clans = game.observe(0)["clans"]
    assert clans == game.observe(1)["clans"] == game.observe(None)["clans"]
    assert clans["after_round"] == min(number for number in SCORING_ORDER if number >= game.round)
    order = SCORING_ORDER[clans["after_round"]]
    assert [entry["clan"] for entry in clans["order"]] == [CLAN_NAMES[clan] for clan in order]
    minamoto = next(entry for entry in clans["order"] if entry["clan"] == "Minamoto")
    # Seat 1's m4 (year 5) is older than seat 0's m1 (year 11): one Envoy each, seat 1 first.
    assert [(each["seat"], each["count"]) for each in minamoto["envoys"]] == [(1, 1), (0, 1)]
    assert minamoto["envoys"][0]["oldest_year"] < minamoto["envoys"][1]["oldest_year"]


def test_disguises_are_chosen_in_the_order_the_round_end_just_set_after_round_seven_too() -> None:
    """The round's end sets the turn order from the Dojo (the last to come leads), and the scoring that
    follows asks for Hensojutsu in that order: after round 7 as well, where no round follows."""
    game = before_scoring(7, envoys=["t1,m1", "t3,m3"], tiles=["hj", "hj"], rup="")
    finish_round(game)  # seat 1 places last, in the Dojo: it leads
    assert game.order == [1, 0]
    assert game.to_act() == (1,) and game.decision(1).kind == "disguise"
    play(game, "1:mask:m3")
    assert game.to_act() == (0,) and game.decision(0).kind == "disguise"


def test_a_second_with_no_rumor_left_to_take_is_told_it_gets_nothing() -> None:
    # The first takes the house points (no Rumor is up, so it has no choice); the second's reward is a Rumor,
    # and with none up the log says so rather than saying nothing of the second.
    game = before_scoring(envoys=["t1,t3", "t2"])
    game.rup.clear()  # (every Rumor bought, the deck too: the builder deals a display when none is given)
    game.rdeck.clear()
    finish_round(game)
    assert game.honour == [6, 0] and game.rumors == [[], []]
    lines = [str(line) for line in game.observe(None)["log"]]
    assert any("P1 would take a free Rumor, but none is face up: P1 gets nothing" in line for line in lines), lines
