"""The engine's defences against bad input and against drivers that poke where they should not.

Each test names the defect an adversarial probe found (issue #8) and the rule that now holds.
"""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path
from typing import Any

import pytest

from engine.toygame import ToyState, toy_position
from ninjadojo.api import load_game, new_game, save_game
from ninjadojo.bots import SeatView
from ninjadojo.engine import DojoError, IllegalActionError, NotationError, OptionError, Rng, SaveError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.playout import random_playout
from ninjadojo.engine.state import MAX_LENGTH_OPTION

# ---------------------------------------------------------------------- shared, mutable things


def test_a_sample_or_clone_cannot_change_the_real_games_options() -> None:
    game = ToyState.new(3, {"target": 20}, seed=2)
    for other in (game.clone(), game.determinize(1, 5)):
        with pytest.raises(TypeError):
            other.options["target"] = 99  # type: ignore[index]
    assert game.options["target"] == 20
    assert ToyState.load_save(json.loads(json.dumps(game.to_save()))) == game


def test_the_shared_action_space_cannot_be_changed() -> None:
    game = ToyState.new(2, seed=1)
    space = game.action_space()
    with pytest.raises(TypeError):
        space.index["x"] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        space.actions = ()  # type: ignore[misc]
    assert game.legal_action_ids(game.to_act()[0])


def test_is_legal_refuses_a_non_text_action_with_a_dojo_error() -> None:
    game = ToyState.new(2, seed=1)
    with pytest.raises(DojoError, match="an action is text"):
        game.is_legal(0, [])  # type: ignore[arg-type]
    assert game.canonical(0, []) is None  # type: ignore[arg-type]


# ---------------------------------------------------------------------- what errors quote


def test_error_messages_quote_at_most_a_few_dozen_characters_of_input() -> None:
    game = ToyState.new(2, seed=1)
    huge = "x" * 5000
    with pytest.raises(IllegalActionError) as error:
        game.apply(game.to_act()[0], huge)
    assert len(str(error.value)) < 600
    with pytest.raises(NotationError) as parse_error:
        ToyState.from_notation("toy|2|" + huge)
    assert len(str(parse_error.value)) < 400
    with pytest.raises(OptionError) as option_error:
        ToyState.new(2, {"target": huge})
    assert len(str(option_error.value)) < 400
    assert quote(huge).endswith("(5002 characters)")


def test_quote_survives_a_hostile_or_deeply_nested_value() -> None:
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    assert quote(nested)  # repr would raise RecursionError


# ---------------------------------------------------------------------- numbers and seeds


@pytest.mark.parametrize("text", ["1_0", "+5", "٣", " 7", "1" * 40, "0x10", "5.0"])
def test_option_numbers_are_only_ascii_digits(text: str) -> None:
    with pytest.raises(OptionError, match="digits 0-9"):
        ToyState.new(2, {"target": text})


def test_option_numbers_as_documented_are_taken() -> None:
    assert ToyState.new(2, {"target": "20"}).options["target"] == 20


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.5, "7"])
def test_seeds_outside_64_bits_are_refused_not_wrapped(seed: object) -> None:
    with pytest.raises(OptionError, match="seed"):
        ToyState.new(2, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="seed"):
        ToyState.new(2, seed=1).determinize(0, seed)  # type: ignore[arg-type]


def test_the_largest_seed_is_recorded_as_used() -> None:
    game = ToyState.new(2, seed=2**64 - 1)
    assert game.record.seed == 2**64 - 1
    assert ToyState.load_save(game.to_save()) == game


# ---------------------------------------------------------------------- saves


def _played(seed: int = 3) -> ToyState:
    game = ToyState.new(3, seed=seed)
    random_playout(game, Rng(seed), max_actions=12)
    return game


def test_a_save_without_its_position_is_refused() -> None:
    data = _played().to_save()
    del data["position"]
    with pytest.raises(SaveError, match="position"):
        ToyState.load_save(data)


def test_a_save_whose_seed_was_edited_does_not_load_another_game() -> None:
    data = _played().to_save()
    data["seed"] = int(str(data["seed"])) + 1
    with pytest.raises(SaveError):
        ToyState.load_save(data)
    del data["position"]
    with pytest.raises(SaveError):
        ToyState.load_save(data)


def test_a_save_names_exactly_one_of_seed_and_start() -> None:
    data = _played().to_save()
    data["start"] = ToyState.new(3, seed=3).to_notation()
    with pytest.raises(SaveError, match="exactly one"):
        ToyState.load_save(data)


def test_a_deeply_nested_save_file_is_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    with pytest.raises(SaveError):
        load_game(path)
    data = {"format": "ninjadojo-save", "version": 1, "game": "ninjitsu", "players": 2, "options": {},
            "seed": 1, "start": None, "actions": [[0, "d"]], "position": "x"}
    for _ in range(500):
        data = {"format": "ninjadojo-save", "game": "ninjitsu", "options": data}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError):
        load_game(path)


def test_a_save_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    first = _played(3)
    save_game(first, path)
    before = path.read_text(encoding="utf-8")

    def crash(_fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(SaveError, match="disk full"):
        save_game(_played(4), path)
    assert path.read_text(encoding="utf-8") == before, "a failed write must leave the old save whole"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "no temporary file is left behind"


# ---------------------------------------------------------------------- maximum length


def test_a_game_stops_at_its_maximum_length_with_no_winner() -> None:
    game = ToyState.new(2, {MAX_LENGTH_OPTION: 5}, seed=1)
    assert random_playout(game, Rng(1)) == 5
    assert game.is_terminal and game.result is not None
    assert game.result.truncated and game.winners() == ()
    assert "maximum length of 5 actions" in game.result.reason
    assert game.observe(0)["result"] == game.result.to_json()
    assert game.result.to_json()["truncated"] is True
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(0, "d")
    again = ToyState.from_notation(game.to_notation())
    assert again == game and again.result is not None and again.result.truncated
    assert ToyState.load_save(json.loads(json.dumps(game.to_save()))) == game


def test_a_game_stopped_past_its_maximum_length_says_by_how_much_and_why() -> None:
    # A Ninja Trap stage collects hidden choices: a limit of 3 falls on the first seat's hidden trap, and the
    # game stops after the second's, the first action everyone sees. A player counting would see 4, not 3.
    game = new_game("ninja-trap", 2, seed=1, options={MAX_LENGTH_OPTION: 3})
    while game.result is None:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.ply == 4
    assert game.result.reason == ("the game was stopped at its maximum length of 3 actions (option max_length), "
                                  "after 4: it stops only after an action everyone sees; nobody wins")
    exact = new_game("ninja-trap", 2, seed=1, options={MAX_LENGTH_OPTION: 2})
    while exact.result is None:
        seat = exact.to_act()[0]
        exact.apply(seat, exact.legal_actions(seat)[0])
    assert exact.ply == 2 and "after" not in exact.result.reason


def test_the_default_maximum_length_is_not_written_in_positions() -> None:
    game = ToyState.new(2, seed=1)
    assert game.options[MAX_LENGTH_OPTION] == ToyState.SPEC.max_length
    assert MAX_LENGTH_OPTION not in game.to_notation()
    short = ToyState.new(2, {MAX_LENGTH_OPTION: 50}, seed=1)
    assert f"{MAX_LENGTH_OPTION}=50" in short.to_notation()
    assert ToyState.from_notation(short.to_notation()).options[MAX_LENGTH_OPTION] == 50


@pytest.mark.parametrize("value", [0, -3, "many"])
def test_a_bad_maximum_length_is_refused(value: object) -> None:
    with pytest.raises(OptionError, match=MAX_LENGTH_OPTION):
        ToyState.new(2, {MAX_LENGTH_OPTION: value})


# ---------------------------------------------------------------------- one-time looks


def _bid_position() -> ToyState:
    """Seat 0 calls a bid: seats 0-2 hold numbers, so all three must commit (a simultaneous frame)."""
    game = toy_position([[1, 2], [3, 4], [5, 6]], options="bid=high,blocks=false,target=15")
    game.apply(0, "bid")
    assert game.to_act() == (0, 1, 2)
    return game


def test_a_look_survives_another_seats_hidden_choice() -> None:
    game = _bid_position()
    game.log("seat 0 sees a 9", 1 << 0, transient=True)
    game.apply(1, "c3")  # seat 1's hidden commitment: seat 0 must not learn of it
    assert "Seat 0 sees a 9" in game.observe(0)["log"]
    game.apply(0, "c1")  # seat 0 acts: its look has been seen
    assert "Seat 0 sees a 9" not in game.observe(0)["log"]


def test_a_look_expires_at_an_action_everyone_sees() -> None:
    game = toy_position([[1, 2], [3, 4]], options="bid=high,blocks=false,target=15")
    game.log("seat 1 sees a 9", 1 << 1, transient=True)
    assert "Seat 1 sees a 9" in game.observe(1)["log"]
    game.apply(0, "d")
    assert "Seat 1 sees a 9" not in game.observe(1)["log"]


def test_nested_events_are_indented_in_views() -> None:
    game = toy_position([[1, 2], [3, 4]], options="bid=high,blocks=false,target=15")
    game.log("an effect inside the action", depth=2)
    assert game.observe(None)["log"][-1] == "    An effect inside the action"


# ---------------------------------------------------------------------- samples


def test_a_samples_ply_does_not_count_hidden_choices() -> None:
    game = _bid_position()
    game.apply(1, "c3")
    sample = game.determinize(0, 9)
    assert sample.ply == 0
    assert sample.to_act() == (0, 1, 2), "seat 1's hidden commitment is withdrawn in seat 0's sample"
    untouched = _bid_position()
    assert untouched.determinize(0, 9).to_notation() == sample.to_notation()


def test_a_pickled_seat_view_holds_only_what_the_seat_may_know() -> None:
    game = ToyState.new(3, seed=5)
    random_playout(game, Rng(5), max_actions=3)
    seat = game.to_act()[0]
    view = SeatView(game, seat)
    moved = pickle.loads(pickle.dumps(view))
    assert moved.observe() == view.observe()
    assert moved.legal_actions() == view.legal_actions()
    assert moved.sample(11).to_notation() == view.sample(11).to_notation()
    others = [card for each, hand in enumerate(game.hands) if each != seat for card in hand]
    assert moved._game.record.seed is None and not moved._game.record.actions, "no true seed or actions"
    # The detached game is a sample: what the seat cannot see was redealt, not copied from the truth.
    samples = {tuple(SeatView(game.determinize(seat, k), seat).detached()._game.deck) for k in range(5)}
    assert len(samples) == 1, "a detached view does not depend on the truth's hidden order"
    assert sorted(others + game.deck) == sorted(
        [c for each, hand in enumerate(moved._game.hands) if each != seat for c in hand] + moved._game.deck)


# ---------------------------------------------------------------------- actions in other forms


def test_an_action_in_another_accepted_form_is_recorded_canonically(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "_canonical_action", lambda self, seat, action: action.lower())
    game = toy_position([[1, 2], [3, 4]], options="bid=high,blocks=false,target=15")
    assert game.is_legal(0, "D") and game.canonical(0, "D") == "d"
    game.apply(0, "D")
    assert game.record.actions[-1] == (0, "d")
