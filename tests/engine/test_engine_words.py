"""The engine's words for players (issue 23): labels of legal actions, score lines at the end, options'
labels and groups, and one name per player (``P<n>`` in engine text, the table's names put in by drivers)."""

from __future__ import annotations

import pytest

from engine.toygame import ToyState
from ninjadojo.engine import IllegalActionError, Option
from ninjadojo.table import with_names


def test_labels_cover_every_legal_action_in_order_and_fall_back_to_the_text() -> None:
    game = ToyState.new(2, seed=3)
    seat = game.to_act()[0]
    labels = game.labels(seat)
    assert list(labels) == game.legal_actions(seat)
    for action, words in labels.items():
        assert game.label(seat, action) == words
    other = 1 - seat
    assert game.labels(other) == {}


def test_a_label_of_an_illegal_action_is_refused_with_the_legal_ones() -> None:
    game = ToyState.new(2, seed=3)
    seat = game.to_act()[0]
    with pytest.raises(IllegalActionError) as caught:
        game.label(seat, "no such action")
    assert list(caught.value.legal) == game.legal_actions(seat)


def test_score_lines_are_empty_before_the_end_and_in_every_view_after() -> None:
    game = ToyState.new(2, seed=3)
    assert game.score_lines() == [[], []]
    assert "score_lines" not in game.observe(0) and "score_name" not in game.observe(0)
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    for seat in (0, 1, None):
        assert game.observe(seat)["score_lines"] == game.score_lines()
        assert game.observe(seat)["score_name"] == "Score"  # the spec's default


@pytest.mark.parametrize(("game_id", "name"), [("ninjitsu", "Points"), ("knights-and-ninjas", "Gems"),
                                               ("ninja-camp", "Points"), ("ninjato", "Points"), ("ninja-trap", "")])
def test_every_game_names_what_its_scores_count(game_id: str, name: str) -> None:
    from ninjadojo.api import new_game
    from ninjadojo.engine.playout import random_playout
    from ninjadojo.engine.rng import Rng

    game = new_game(game_id, 3, {}, 5)
    random_playout(game, Rng(5))
    assert game.result is not None and game.observe(None)["score_name"] == name
    if game_id == "ninjato":
        # The column counts the final points (honour and the end's Rumors, treasure and Elites), not the honour.
        assert [float(lines[-1].split(": ")[-1]) for lines in game.score_lines()] == list(game.result.scores)
        assert any(score > honour for score, honour in zip(game.result.scores, game.honour, strict=True))
    if not name:  # won or lost: the scores are the win, and no line reads as a count of points
        assert set(game.result.scores) <= {0.0, 1.0} or game.result.truncated
        assert all(not line.startswith("Total") for lines in game.score_lines() for line in lines)


def test_option_words_default_to_the_name_and_group_by_kind() -> None:
    plain = Option("points_to_win", 21, "points to win")
    assert plain.title == "Points to win" and plain.section == "Game"
    house = Option("reshuffle", True, "reshuffle", ruling=3)
    assert house.section == "House rules"
    sets = Option("expansions", "", "sets", choices=("promo", "magic"), multiple=True,
                  choice_labels=("Promo Pack", "Masters of Magic"), label="Expansions", group="Expansions")
    assert sets.title == "Expansions" and sets.choice_label("magic") == "Masters of Magic"
    assert sets.choice_label("other") == "other"


def test_an_option_that_requires_another_applies_only_with_it() -> None:
    seats = Option("element_seats", "", "who gets an Element", requires=("expansions", "elements"))
    assert seats.applies({"expansions": "promo,elements"})
    assert not seats.applies({"expansions": "promo"})
    assert not seats.applies({})
    switch = Option("ghost_traps", False, "ghosts", requires=("reshuffle", "true"))
    assert switch.applies({"reshuffle": True}) and not switch.applies({"reshuffle": False})
    # An option that means nothing below a player count (the lobby's optionApplies reads it alike).
    from ninjadojo.games import game_class

    traitor = next(option for option in game_class("knights-and-ninjas").option_specs()
                   if option.name == "traitor_needs_gems")
    assert traitor.applies({}, players=3) and not traitor.applies({}, players=2) and traitor.applies({})


def test_names_replace_whole_seat_words_only_once() -> None:
    names = {0: "Ana", 1: "P1 (medium bot)", 2: "P0's friend"}
    assert with_names("P0 attacks P1; P2 watches.", names) == "Ana attacks P1 (medium bot); P0's friend watches."
    assert with_names("AP1 and P12 are not seats here", names) == "AP1 and P12 are not seats here"


def test_a_finished_save_whose_end_was_said_in_other_words_still_loads() -> None:
    """How a game's end is worded may change between versions (issue 23 rewords every end): a finished
    game saved before still loads, while a save whose scores or winners differ is still refused."""
    import json

    from ninjadojo.engine import SaveError

    game = ToyState.new(2, seed=5)
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.result is not None
    data = game.to_save()
    reason = json.dumps(game.result.reason)[1:-1]
    position = str(data["position"])
    assert reason in position
    reworded = {**data, "position": position.replace(reason, "said differently long ago")}
    assert ToyState.load_save(reworded).to_notation() == game.to_notation()
    other = game.result.scores[0] + 1
    compact = {"separators": (",", ":")}
    wrong = position.replace(json.dumps(list(game.result.scores), **compact),  # type: ignore[arg-type]
                             json.dumps([other, *game.result.scores[1:]], **compact))  # type: ignore[arg-type]
    assert wrong != position
    with pytest.raises(SaveError):
        ToyState.load_save({**data, "position": wrong})


def test_the_shared_words_helpers_examples_hold() -> None:
    """engine/words.py's examples: counts, lists and the article every game's words and the server's notes use."""
    import doctest

    from ninjadojo.engine import words

    failed, tried = doctest.testmod(words)
    assert tried >= 3 and failed == 0


@pytest.mark.parametrize(("offered", "told"), [
    # Ninja Trap: the player's own trap is theirs to the others.
    ("Flip your trap laid on turn 3 and call TRAP!", "Flip their trap laid on turn 3 and call TRAP!"),
    # Ninjato: what the choice would do to its player is the log's to tell, not the caption's.
    ("Give up: you are defeated", "Give up"),
    ("Raid house 2 (Minamoto 4) by Strength: its Sentry is a 5, play higher (nothing you hold beats it: you would"
     " be defeated at once)", "Raid house 2 (Minamoto 4) by Strength: its Sentry is a 5, play higher"),
    ("Call Banzai: face an Elite for the next treasure (the house holds a red Jade); nothing you hold can fight: you"
     " would be defeated at once", "Call Banzai: face an Elite for the next treasure (the house holds a red Jade)"),
    # Ninja Camp: an aside about the player's ninjas is kept, of them.
    ("Pass for the rest of the game (your ninjas stay where they are)",
     "Pass for the rest of the game (their ninjas stay where they are)"),
    # Of Knights and Ninjas.
    ("Take the attack: you lose 2 gems", "Take the attack"),
    ("Play a Monk: P2 pays you 1 gem or 2 cards", "Play a Monk"),
    ("Take it: your Castle is destroyed", "Take it: their Castle is destroyed"),
    # Ninjitsu!: nothing said to "you" stays as it was.
    ("Steal P1's secret #1", "Steal P1's secret #1"),
    ("Your Katana stays hidden", "Their Katana stays hidden"),
])
def test_a_choice_told_of_its_player_to_others_says_their_not_your(offered: str, told: str) -> None:
    """A replay caption ("P2 chose ...") quotes the choice told of its player: "their", never "you"."""
    from ninjadojo.engine.words import as_told

    assert as_told(offered) == told
