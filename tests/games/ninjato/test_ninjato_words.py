"""Ninjato in words (issue 23): prompts and labels never show the notation, every action has its own words,
the log names seats P<n>, the end shows every hand and counts each score as the rulebook does, and the
picture keeps what players decide by (with its colours closed on every line)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from ninjato_helpers import play
from rich.text import Text

from ninjadojo.engine import Rng
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.cards import DOJO_VALUES
from ninjadojo.games.ninjato.encode import OP_ENVOY, OP_RUMOR
from ninjadojo.games.ninjato.state import NinjatoState

#: The notation's shapes: placeholders, prefixed codes (rum:w1:fj, env:t1, sen:s2@5, m:t8, keep:j, mask:t1),
#: attacks (h3+), tile costs (s2@5), fight plays (5+, 1-.s2, 4.t6), the old "(deck)"-style hints and
#: examples, and seats written as "seat 2".
CODE_PATTERNS = [re.compile(pattern) for pattern in (
    r"<[a-z]", r"\b[a-z]{1,4}:\S", r"\bh\d[+-]", r"@", r"\b\d[+-](?!\d)", r"\.[stc][126]\b",
    r"\((?:d|deck|pts|dojo|banzai|retreat|lose|d<value>)\)", r"e\.g\.", r"\bseat \d", r"\bSeat\b",
)]

OPTION_SETS = ({}, {"stack_tiles": False, "crane_as_card": True, "dojo_draws": "face_up_first",
                    "may_give_up": False})


def _codes_in(text: str) -> list[str]:
    return [pattern.pattern for pattern in CODE_PATTERNS if pattern.search(text)]


def _playout(players: int, seed: int, options: dict[str, object]) -> tuple[NinjatoState, list[int]]:
    """A random game checked at every decision: the prompt and each label in words, labels unique. Returns
    the finished game and the honour each seat scored by buying (from the payloads, not the log)."""
    game = NinjatoState.new(players, seed=seed, options=options)
    rng = Rng(seed)
    bought = [0] * players
    steps = 0
    while not game.is_terminal:
        seat = game.to_act()[0]
        steps += 1
        if steps % 7 == 0:
            # The coloured picture is the plain one with its colours closed on every line.
            markup = game.render_markup(seat)
            assert markup is not None and Text.from_markup(markup).plain == game.render(seat)
        decision = game.decision(seat)
        assert decision is not None
        assert not _codes_in(decision.prompt), (decision.kind, decision.prompt)
        labels = game.labels(seat)
        assert list(labels) == game.legal_actions(seat)
        assert len(set(labels.values())) == len(labels), (decision.kind, labels)
        for action, words in labels.items():
            assert words != action and not _codes_in(words), (decision.kind, action, words)
        actions = list(labels)
        action = actions[rng.randbelow(len(actions))]
        payload = game._legal_map(seat)[action]
        if payload[0] in (OP_RUMOR, OP_ENVOY):
            bought[seat] += payload[2]
        game.apply(seat, action)
    return game, bought


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=["defaults", "house-rules"])
def test_random_games_speak_in_words_and_end_with_every_hand_and_the_count(players: int,
                                                                          options: dict[str, object]) -> None:
    for seed in range(2):
        game, bought = _playout(players, seed, options)
        assert game.result is not None
        for line in game.observe(None)["log"]:
            assert not re.search(r"\bseat \d", line), line
        assert not _codes_in(game.result.reason) and f"P{game.result.winners[0]}" in game.result.reason
        # Every seat's view (and a spectator's) shows every hand at the end, as it truly is.
        for viewer in (None, *range(players)):
            seats = game.observe(viewer)["seats"]
            for other in range(players):
                truth = [value for value in DOJO_VALUES for _ in range(game.hands[other][value])]
                assert seats[other]["hand"] == truth  # type: ignore[index,call-overload]
        # The count adds up, line by line, to the result's score.
        for player, lines in enumerate(game.score_lines()):
            assert lines[-1] == f"Total: {int(game.result.scores[player])}"
            items = [int(line.rsplit(": ", 1)[1]) for line in lines[:-1]]
            assert sum(items) == game.result.scores[player], lines
            assert lines[0] == f"Honour for treasure spent on Rumors and Envoys: {bought[player]}"
            assert [line.split(":")[0] for line in lines[1:4]] == [
                f"Clan scoring after round {number}" for number in (3, 5, 7)]
            assert not any(_codes_in(line) for line in lines), lines


def test_the_end_counts_scoring_rounds_and_rumor_sets_as_the_rulebook_does() -> None:
    """The 2-player golden game: P0 holds three Master of the Secret Art (a set of three: x4) with four
    Sensei tiles, and two Dishonorable Opponents nobody else holds (6 each)."""
    data = json.loads((Path(__file__).parent / "golden" / "2p_seed21.json").read_text(encoding="utf-8"))
    game = NinjatoState.load_save(data["save"])
    lines = game.score_lines()[0]
    assert "Master of the Secret Art (3 Rumors): 4 Sensei tiles × 4 (a set of 3): 16" in lines
    assert "Dishonorable Opponents (2 Rumors): 1 player holds one, so 6 points a Rumor: 12" in lines
    assert "Elite Guards defeated: Elite 4/2 (1 point): 1" in lines
    assert lines[-1] == "Total: 125" and game.observe(1)["score_lines"] == game.score_lines()
    after_three = next(line for line in lines if line.startswith("Clan scoring after round 3"))
    assert "the Minamoto house points (6)" in after_three and after_three.endswith(": 6")
    assert game.result is not None and game.result.reason.startswith("P0 wins with 125 points")


def test_a_position_set_up_mid_game_counts_the_game_s_honour_in_one_line() -> None:
    """Set up in round 7 with no log of the clan scorings: the honour so far is one line."""
    game = position(2, round=7, honour=[30, 12], purses=["fj", ""])
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])  # the Dojo, and its first card: no honour changes
    lines = game.score_lines()[0]
    assert lines[0] == "Honour during the game (buying Rumors and Envoys, clan scoring): 30"
    assert lines[-1] == "Total: 32" == f"Total: {int(game.scores()[0])}"


def test_a_stealth_fight_offers_only_what_helps_stealth_and_says_each_value() -> None:
    game = position(2, hands=["135", ""], tiles=["s2@4,t6@1", ""], raid=(0, 1, "-"),
                    houses=["t2:4n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv"])
    decision = game.decision(0)
    assert decision is not None
    # (a play uses the 3 on the 1: the prompt says what a 3 does, so "a single card" is not read as one card)
    assert decision.prompt == ("Stealth against the Sentry 4: beat it with a single card lower than 4 (a 3 may "
                               "add or take 1 from it), or give up and lose")
    labels = game.labels(0)
    assert labels["1"] == "Fight with a 1"
    assert labels["1-"] == "Fight with a 1 and a 3 as -1: value 0"
    assert labels["5.s2"] == "Fight with a 5 and Snake -2: value 3"
    assert labels["lose"] == "Give up: you are defeated"
    assert not any("Tiger" in words or "+" in words for words in labels.values())


def test_buying_says_the_honour_and_an_envoy_its_clan_age_and_mask() -> None:
    game = position(2, purses=["fj", ""], vup="t1,t2,m1,g1", rup="w1,w2,p1,f1")
    labels = game.labels(0)
    assert labels["env:t1:fj"] == "Buy the Taira Envoy of year 4 (masked) at the Palace with a Fan and a Jade: 7 honour"
    # Paid with exactly its cost, a Rumor is named by the payment (its cost is not said twice).
    assert labels["rum:w1:f"] == "Buy the Rumor Greatest Warrior at the Pavilion with a Fan: 2 honour"
    assert labels["h3-"].startswith("Raid house 3 (Go-Shirakawa 6) by Stealth")
    decision = game.decision(0)
    assert decision is not None and "the Pavilion (a Rumor) or the Palace (an Envoy)" in decision.prompt


def test_two_rumors_of_one_kind_up_each_say_their_cost() -> None:
    """With a second Greatest Warrior up (1 to 3 of one kind), the one a Fan pays exactly says its cost too:
    without it the two labels read as the same card twice."""
    game = position(2, purses=["ff", ""], rup="w1,w6,p1,f1")
    labels = game.labels(0)
    assert labels["rum:w1:f"] == "Buy the Rumor Greatest Warrior (cost: a Fan) at the Pavilion with a Fan: 2 honour"
    assert "(cost: 1 to 3 treasures of one kind)" in labels["rum:w6:f"]
    # The other Rumors a Fan pays exactly have no twin: named by the payment alone, as before.
    assert labels["rum:p1:f"] == "Buy the Rumor Goodwill of the People at the Pavilion with a Fan: 2 honour"


def test_a_rumor_paid_otherwise_than_its_cost_keeps_its_cost_in_its_name() -> None:
    """A Gold standing for a Fan, or a cost of one to three of a kind: the payment alone does not say which
    Rumor it buys, so its cost is said."""
    game = position(2, purses=["gss", ""], rup="w1,w2,d6,f1")
    labels = game.labels(0)
    assert labels["rum:w1:g"] == "Buy the Rumor Greatest Warrior (cost: a Fan) at the Pavilion with a Gold: 2 honour"
    bought = [label for action, label in labels.items() if action.startswith("rum:d6:")]
    assert bought and all("(cost: 1 to 3 treasures of one kind)" in label for label in bought), bought


def test_the_raid_line_keeps_the_shuriken_and_closes_its_colour() -> None:
    """The raid line used to be cut at 80 columns with its markup, leaving "[/red" in the text and losing
    what is on the shuriken."""
    game = position(2, hands=["5", ""], raid=(0, 4, "+"), loot="fsvj", revealed="2a", elite="d24",
                    houses=["t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:g*", "m4:3n:fsv"])
    markup = game.render_markup(0)
    assert markup is not None
    assert Text.from_markup(markup).plain == game.render(0)
    assert "[/red" not in Text.from_markup(markup).plain
    picture = game.render(0)
    assert "on the shuriken Fan, Scroll, Vase, Jade" in picture
    assert "facing the Elite pair 2 then 4: a card higher than 2, then 4" in picture
    assert all(len(line) <= 80 for line in picture.splitlines())


def test_the_picture_shows_each_clan_s_envoys_with_the_oldest_age_in_scoring_order() -> None:
    game = position(3, envoys=["t1,t2", "t3", "m1"], round=4)
    picture = game.render(0)
    # After round 5: Taira, Minamoto, Go-Shirakawa. Taira 2 and 4 are on houses 1 and 4: 6 points.
    assert "1. Taira 6 pts, Envoys: P0 2 (year 4) P1 1 (year 1)" in picture
    assert "2. Minamoto 6 pts, Envoys: P2 1 (year 11)" in picture
    assert "3. Go-Shirakawa 6 pts, Envoys: none" in picture


def test_log_lines_name_seats_and_count_in_words() -> None:
    game = position(2, hands=["", "1"], up="124", top="3555")
    play(game, "0:dojo", "0:d4")
    lines = game.observe(1)["log"]
    assert "P0 goes to the Dojo to draw 4 cards" in lines
    assert "  P0 takes the face-up 4" in lines
    assert all(not re.search(r"\bseat \d", line) for line in lines)


def _fights_opened(start: str, seeds: int) -> Iterator[tuple[str, NinjatoState, int]]:
    """Random 3-player games: for every choice whose words start with ``start`` that opens a fight, its words,
    the game just after it (a copy) and the seat, then the games go on at random."""
    for seed in range(seeds):
        game = NinjatoState.new(3, None, seed)
        rng = Rng(seed)
        while game.result is None:
            seat = game.to_act()[0]
            for action, words in game.labels(seat).items():
                if words.startswith(start):
                    trial = game.clone()
                    trial.apply(seat, action)
                    top = trial.frames[-1] if trial.frames else None
                    if top is not None and top.kind == "fight":
                        yield words, trial, seat
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])


def test_a_raid_nothing_in_hand_can_win_says_so_and_only_that_one() -> None:
    """A raid whose Sentry no card of the hand (with a 3's help, the tiles) can beat is legal, and loses
    the shuriken at once: its label says so. Checked against the fight it opens: a raid said hopeless
    offers nothing but defeat; any other offers a card that wins."""
    said = 0
    for words, trial, seat in _fights_opened("Raid ", 40):
        if trial.raid_elite >= 0:
            continue  # (an Elite came first: the label speaks of the Sentry)
        wins = [each for each in trial.legal_actions(seat) if each != "lose"]
        hopeless = words.endswith("(nothing you hold beats it: you would be defeated at once)")
        assert hopeless == (not wins), (words, trial.legal_actions(seat))
        said += hopeless
    assert said > 0, "no hopeless raid met"


def test_a_banzai_with_nothing_left_to_fight_with_says_so() -> None:
    """Banzai with no card (or tile) left to play is legal and ends in defeat: its label says so, and only
    then (checked against the fight it opens: nothing but defeat is offered)."""
    said = 0
    for words, trial, seat in _fights_opened("Call Banzai", 30):
        hopeless = words.endswith("; nothing you hold can fight: you would be defeated at once")
        if hopeless:
            assert [each for each in trial.legal_actions(seat) if each != "lose"] == [], words
        said += hopeless
    assert said > 0, "no Banzai with nothing to fight with met"


def test_a_raid_on_a_house_of_red_treasure_says_that_beating_the_sentry_takes_none() -> None:
    # A red treasure is an Elite's: the Sentry's defeat takes a plain one, and there is none.
    others = ["m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv"]
    game = position(2, hands=["55", ""], houses=["t2:3n:j*v*", *others])
    words = game.labels(0)["h1+"]
    assert words.endswith("(all its treasure is red: beating the Sentry takes none; Elites guard it)"), words
    play(game, "0:h1+", "0:5")
    assert game.raid_loot == [], "nothing taken"
    assert "red" not in position(2, hands=["55", ""], houses=["t2:3n:fj*", *others]).labels(0)["h1+"]


def test_tiles_are_named_by_what_they_do_and_hensojutsu_goes_on_a_masked_envoy() -> None:
    # The QA of the browser table: "Crane 2/4" read as a code, and the same step was "mask your Envoy" in one
    # place and "disguises" in another. A tile is named by what it does; an Envoy "masked" is one that shows a
    # mask (the rules' word), and the step is "put Hensojutsu on" it.
    from ninjato_helpers import finish_round

    from ninjadojo.games.ninjato.cards import C2, T1, T6
    from ninjadojo.games.ninjato.catalog import catalog
    from ninjadojo.games.ninjato.encode import STEALTH, STRENGTH
    from ninjadojo.games.ninjato.nouns import play_words

    assert play_words(0, 0, C2, (), STRENGTH) == "the Crane (2 or 4) tile as a 4"
    assert play_words(0, 0, C2, (), STEALTH) == "the Crane (2 or 4) tile as a 2"
    assert play_words(1, 0, T6, (T1,), STRENGTH) == "a 1, Tiger (makes a 6) and Tiger +1"
    names = {info.code: info.name for info in catalog()}
    assert names["c2"] == "Crane (2 or 4) tile" and names["t6"] == "Tiger (makes a 6) tile"
    game = position(2, round=5, order="01", dojo="01010", envoys=["t1,m1", "m3,m6"], tiles=["hj", ""], rup="")
    finish_round(game)
    assert game.labels(0)["mask:m1"].startswith("Put Hensojutsu on the Minamoto Envoy of year ")
    play(game, "0:mask:m1")
    lines = [line.strip() for line in game.observe(1)["log"]]
    assert any(re.fullmatch(r"P0 puts Hensojutsu on the Minamoto Envoy of year \d+ \(masked\): it counts twice "
                            r"this scoring", line) for line in lines), lines
    assert not any("disguis" in line for line in lines)


def test_a_free_tile_says_it_is_free_and_not_its_cost() -> None:
    # (a new user's QA: "the Crane (2 or 4) tile costing a 3 at the Sensei for free" read as a contradiction)
    game = position(2, hands=["4", ""], tiles=["c1@3", ""], offer="c2@3,s2@4")
    labels = game.labels(0)
    assert labels["sen:c2@3"] == "Learn the Crane (2 or 4) tile at the Sensei for free (you hold a Crane tile)"
    assert labels["sen:s2@4"] == "Learn the Snake -2 tile at the Sensei for its cost: discard a 4"
    # A tile that takes any card names the card discarded, and the cost once, never "costing a 4 ... a 4".
    game = position(2, hands=["24", ""], offer="c2@?,s2@4")
    labels = game.labels(0)
    assert labels["sen:c2@?=2"] == "Learn the Crane (2 or 4) tile at the Sensei for any card: discard a 2"
    assert all(label.count(" a 4") <= 1 for label in labels.values()), labels


def test_a_free_rumor_is_named_by_its_cost_without_a_cost_to_pay() -> None:
    """A Rumor taken free at clan scoring is still told apart by its cost, but the label and the log say it
    is free of that cost, not "(cost: a Scroll and a Fan) for free" (read as a contradiction by a new
    player); the final count still lists it among what the seat got at that scoring."""
    from ninjadojo.games.ninjato.encode import OP_FREE_RUMOR
    from ninjadojo.games.ninjato.words import score_lines

    seen = 0
    for seed in range(40):
        game = NinjatoState.new(3, None, seed)
        rng = Rng(seed)
        taken: list[tuple[int, str]] = []
        while game.result is None:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            free = [action for action in legal if game._legal_map(seat)[action][0] == OP_FREE_RUMOR]
            if free:
                label = game.label(seat, free[0])
                assert re.fullmatch(r"Take the Rumor [A-Z][\w ]+ free of its cost \([^()]+\)", label), label
                assert "for free" not in label and "cost:" not in label
                before = len(game.events)
                game.apply(seat, free[0])
                lines = [event.text.strip() for event in game.events[before:]]
                assert f"P{seat} takes {label[len('Take '):]}" in lines, lines
                taken.append((seat, label[len("Take the Rumor "):label.index(" free of its cost")]))
                seen += 1
                continue
            game.apply(seat, legal[rng.randbelow(len(legal))])
        for seat, name in taken:
            assert any(line.startswith("Clan scoring after round") and "the free Rumor" in line and name in line
                       for line in score_lines(game, seat)), (name, seat)
        if seen >= 3:
            break
    assert seen >= 3, "free Rumors were taken"


def test_a_tile_that_costs_any_card_says_so_in_its_help() -> None:
    """The Sensei tiles' help gives their costs in words: "any card", not the board's "?"."""
    texts = {info.name: info.text for info in NinjatoState.card_catalog() if info.name.endswith(" tile")}
    assert texts and not any("?" in text for text in texts.values()), texts
    assert any("any card" in text for text in texts.values()), texts


@pytest.mark.parametrize(("count", "says"), [
    (3, "× 4 (a set of 3)"), (5, "× 6 (×4 for a set of 3, ×2 for a set of 2)"),
    (6, "× 8 (×4 for each of 2 sets of 3)")])
def test_a_rumor_kind_s_count_says_its_multiplier_once_and_the_sets_that_make_it(count: int, says: str) -> None:
    """The end's line reads "5 Envoys × 4 (a set of 3): 20", not "5 Envoys, times a set of 3 (x4)", which
    reads as 5 × 3."""
    from ninjadojo.games.ninjato.words import _sets_words

    assert _sets_words(count) == says


def test_a_house_s_treasure_is_in_words_on_the_terminal_board_and_in_letters_only_when_long() -> None:
    """The terminal's house rows said "f s v": the treasure is now in words ("Fan, 2 Scrolls"), and a house
    whose words would crowd its row keeps the letters the key explains; every row fits 80 columns."""
    game = position(2, houses=("t2:3n:fss", "m2:3n:ffssvvjg", "g6:3n:vjj", "t4:3n:fsv", "m4:3n:fsvjg"))
    rows = [line for line in game.render(0).splitlines() if line.startswith("house ")]
    assert len(rows) == 5 and all(len(row) <= 80 for row in rows), rows
    assert "Fan, 2 Scrolls" in rows[0] and "Vase, 2 Jade" in rows[2] and "Fan, Scroll, Vase" in rows[3]
    # Eight tokens of five kinds: "2 Fans, 2 Scrolls, 2 Vases, Jade, Gold" is over the column of 35.
    assert "f f s s v v j g" in rows[1] and "Fan, Scroll, Vase, Jade, Gold" in rows[4]
    # The raiders' column starts at the same place on every row.
    assert len({row.index("+:") for row in rows}) == 1, rows


def test_free_rumors_alike_at_one_clan_scoring_are_said_once_with_their_count() -> None:
    """The final count read "the free Rumors Master of the Secret Art and Master of the Secret Art"."""
    from ninjadojo.games.ninjato.words import repeats_counted

    assert repeats_counted(["Master of the Secret Art", "Master of the Secret Art"]) == [
        "Master of the Secret Art twice"]
    assert repeats_counted(["Fan", "Sensei", "Fan", "Fan"]) == ["Fan three times", "Sensei"]
    assert repeats_counted(["Fan"]) == ["Fan"]


def test_the_rumors_set_multiplier_is_written_with_the_times_sign() -> None:
    """A Rumor's help read "one x1, two x2, three x4", with the letter x where the final count writes "× 4"."""
    texts = [info.text for info in NinjatoState.card_catalog() if info.name.startswith("Rumor:")]
    assert texts and not any(re.search(r"\bx\d", text) for text in texts), texts
    assert any("×4" in text for text in texts), texts
