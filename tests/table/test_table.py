"""A table drives one game: seats and bots, autosave into the data folder, resuming, and recovery."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from cli.helpers import CheatingBot, FailingBot
from engine.toygame import ToyState
from ninjadojo import bots
from ninjadojo.api import load_game
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.engine import OptionError, SaveError
from ninjadojo.table import BotError, SavedTable, Table, derive_seed, list_saves


def _human_first(table: Table) -> None:
    """Play the table on: bots as they choose, the human always its first choice, to the end."""
    while not table.is_over:
        table.play_bots()
        seat = table.human_to_act()
        if seat is not None:
            table.apply(seat, table.game.legal_actions(seat)[0])


def test_bots_play_until_a_human_must_act_with_seeds_derived_from_the_games(toy: None) -> None:
    table = Table.new("toy", 3, {}, 11, humans=[1], bot_specs={0: "random"})
    assert table.bot_specs == {0: "random", 2: "random"}  # seat 2 got the game's default bot
    played = table.play_bots()
    assert table.human_to_act() == 1 and table.bot_to_act() is None
    # The same bots, made from the same specs and derived seeds, choose the same moves.
    game = ToyState.new(3, seed=11)
    bot = make_bot("random", "toy", derive_seed(11, 0))
    for seat, action in played:
        assert seat == 0 and bot.choose(SeatView(game, 0)) == action
        game.apply(seat, action)
    assert game == table.game


def test_a_seat_must_be_a_human_or_a_bot_and_humans_must_be_seats(toy: None) -> None:
    with pytest.raises(OptionError, match="names seat 3, but a 2-player game has seats 0 to 1"):
        Table.new("toy", 2, {}, 0, humans=[3])
    with pytest.raises(OptionError, match="names a seat twice"):
        Table.new("toy", 2, {}, 0, humans=[0, 0])
    game = ToyState.new(2, seed=0)
    with pytest.raises(OptionError, match="every seat needs a human or a bot"):
        Table(game, [0], {}, 0)


def test_a_bot_choosing_an_illegal_action_is_reported_with_its_spec(toy: None,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots.GENERIC_BOTS, "broken", CheatingBot)  # type: ignore[arg-type]
    table = Table.new("toy", 2, {}, 0, humans=[1], bot_specs={0: "broken"})
    with pytest.raises(BotError, match="bot 'broken' at seat 0 chose an illegal action"):
        table.play_bots()


def test_a_bot_whose_choice_fails_has_a_quick_answer_played_for_it_and_a_note(toy: None,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The game goes on: the table library's quick answer plays that move (a legal one), and a note for
    the front end says which bot failed and how; the notes are taken once."""
    monkeypatch.setitem(bots.GENERIC_BOTS, "failing", FailingBot)  # type: ignore[arg-type]
    table = Table.new("toy", 2, {}, 0, humans=[1], bot_specs={0: "failing"})
    before = table.game.clone()
    played = table.play_bots()
    assert played and all(seat == 0 for seat, _ in played)
    assert played[0][1] in before.legal_actions(0)
    notes = table.take_notes()
    assert notes and notes[0] == ("P0's bot (failing) could not choose (ValueError: a bug in the bot); a quick answer "
                                  "played this move for it")
    assert table.take_notes() == []


def test_autosave_writes_the_game_and_its_seats_into_the_data_folder_and_keeps_the_finished_game(
        toy: None, data_home: Path) -> None:
    table = Table.new("toy", 2, {}, 5, humans=[0], bot_specs={1: "random"})
    table.play_bots()
    table.apply(0, table.game.legal_actions(0)[0])
    assert table.autosave()
    path = table.save_path
    assert path is not None and path.parent == data_home / "saves" and path.name.startswith("toy-")
    data = json.loads(path.read_text())
    assert data["players_meta"]["humans"] == [0] and data["players_meta"]["bots"] == {"1": "random"}
    assert data["players_meta"]["finished"] is False
    assert load_game(data) == table.game
    _human_first(table)
    assert table.autosave() and table.save_path == path
    finished = json.loads(path.read_text())
    assert finished["players_meta"]["finished"] is True and load_game(finished).is_terminal
    assert [saved.state for saved in list_saves()] == ["finished"]


def test_autosave_off_writes_nothing(toy: None, data_home: Path) -> None:
    table = Table.new("toy", 2, {}, 5, humans=[0], autosave=False)
    assert not table.autosave() and table.save_path is None
    assert not (data_home / "saves").exists()


def test_an_autosave_that_cannot_be_written_says_why_and_the_game_goes_on(
        toy: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("NINJADOJO_HOME", str(blocker))
    table = Table.new("toy", 2, {}, 5, humans=[0])
    assert not table.autosave()
    assert table.autosave_error
    table.play_bots()
    table.apply(0, table.game.legal_actions(0)[0])


def test_resuming_a_save_in_the_data_folder_goes_on_saving_into_the_same_file(toy: None) -> None:
    table = Table.new("toy", 3, {}, 8, humans=[1], bot_specs={0: "random", 2: "random"})
    table.play_bots()
    table.apply(1, table.game.legal_actions(1)[0])
    table.autosave()
    assert table.save_path is not None
    saved = SavedTable.read(table.save_path)
    assert saved.in_data_folder and saved.humans == [1] and saved.bots == {0: "random", 2: "random"}
    assert saved.seed == 8 and saved.game == table.game
    resumed = Table.resume(saved)
    assert resumed.save_path == table.save_path and resumed.humans == (1,)
    assert resumed.bot_specs == {0: "random", 2: "random"}
    # Seats can be changed on resuming; the remembered bots fill the others.
    moved = Table.resume(saved, humans=[0])
    assert moved.humans == (0,) and moved.bot_specs == {1: "random", 2: "random"}


def test_resuming_a_save_from_elsewhere_autosaves_into_a_new_file(toy: None, tmp_path: Path) -> None:
    game = ToyState.new(2, seed=4)
    path = tmp_path / "mine.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    saved = SavedTable.read(path)
    assert not saved.in_data_folder and saved.humans == [0] and saved.bots == {}
    table = Table.resume(saved)
    assert table.save_path is None and table.bot_specs == {1: "random"}
    table.autosave()
    assert table.save_path is not None and table.save_path != path
    assert json.loads(path.read_text()) == game.to_save()


def test_a_finished_game_cannot_be_resumed(toy: None, tmp_path: Path) -> None:
    table = Table.new("toy", 2, {}, 4, humans=[0])
    _human_first(table)
    path = table.save_as(tmp_path / "done.dojo.json")
    with pytest.raises(SaveError, match="is a finished game"):
        Table.resume(SavedTable.read(path))


@pytest.mark.parametrize("meta, message", [
    ({"humans": [0], "bots": {"0": "random"}, "seed": 1}, "names a bot for seat '0'"),
    ({"humans": [5], "bots": {}, "seed": 1}, "names seat 5, but a 2-player game"),
    ({"humans": [0], "bots": {}, "seed": -1}, "'players_meta' must be"),
    ({"humans": "0"}, "'players_meta' must be"),
    ([0], "'players_meta' must be an object"),
])
def test_a_saves_seat_notes_are_checked(toy: None, tmp_path: Path, meta: object, message: str) -> None:
    data = ToyState.new(2, seed=4).to_save()
    data["players_meta"] = meta  # type: ignore[assignment]
    path = tmp_path / "notes.dojo.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=message):
        SavedTable.read(path)


def test_after_an_unexpected_error_the_game_is_saved_as_it_was_before_the_failing_action(
        toy: None, data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table.new("toy", 2, {}, 5, humans=[0], bot_specs={1: "random"})
    table.play_bots()
    before = table.game.clone()
    original = ToyState._apply

    def broken(self: ToyState, seat: int, frame: object, payload: tuple[str, int]) -> None:
        self.hands[seat].clear()  # half an action done: the state is now wrong
        raise RuntimeError("a bug in a rule")

    monkeypatch.setattr(ToyState, "_apply", broken)
    with pytest.raises(RuntimeError) as caught:
        table.apply(0, table.game.legal_actions(0)[0])
    monkeypatch.setattr(ToyState, "_apply", original)
    saved, report = table.recover(caught.value)
    assert saved is not None and saved.parent == data_home / "saves"
    assert load_game(saved) == before
    assert report is not None and report.parent == data_home / "crashes"
    assert "a bug in a rule" in report.read_text()


def test_the_examples_in_the_table_docstrings_hold() -> None:
    from ninjadojo.engine import rng
    from ninjadojo.table import session

    for module in (rng, session):  # rng: derive_seed, which tables and simulations share
        failed, tried = doctest.testmod(module)
        assert tried >= 1 and failed == 0, module.__name__
