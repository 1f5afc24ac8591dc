"""Position notation and saves: round trips, and clear errors for malformed or edited input."""

from __future__ import annotations

import json

import pytest

from engine.toygame import ToyState, toy_position
from ninjadojo.api import load_game, parse_position, save_game
from ninjadojo.engine import NotationError, Rng, SaveError
from ninjadojo.engine.playout import random_playout


def _played(actions: int = 9) -> ToyState:
    game = ToyState.new(3, {"target": 20}, seed=12)
    random_playout(game, Rng(4), max_actions=actions)
    return game


def test_a_position_round_trips_through_its_notation(toy: type[ToyState]) -> None:
    game = _played()
    text = game.to_notation()
    parsed = ToyState.from_notation(text)
    assert parsed == game and parsed.to_notation() == text
    assert parse_position(text) == game
    assert parsed.to_act() == game.to_act()
    # A game started from a position records it and replays from it.
    seat = parsed.to_act()[0]
    parsed.apply(seat, parsed.legal_actions(seat)[0])
    assert ToyState.replay(parsed.record.copy()) == parsed


@pytest.mark.parametrize(("mangle", "message"), [
    (lambda t: "chess" + t[3:], "this position is for 'chess'"),
    (lambda t: t.replace("|3|", "|x|", 1), "players must be a number"),
    (lambda t: t.replace("target=20", "target=2"), "bad options in position"),
    (lambda t: t.split("|", 1)[0], "this one has 1 parts"),
    (lambda t: t.rsplit("/", 1)[0], "bad toy position body"),
    (lambda t: t.replace('[["', '[[', 1), "bad frames in position"),
])
def test_malformed_positions_raise_notation_errors(mangle, message: str) -> None:  # type: ignore[no-untyped-def]
    text = _played().to_notation()
    with pytest.raises(NotationError, match=message.replace("[", r"\[")):
        ToyState.from_notation(mangle(text))


def test_a_save_round_trips_through_json(toy: type[ToyState], tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = _played(15)
    loaded = ToyState.load_save(json.loads(json.dumps(game.to_save())))
    assert loaded == game and loaded.record.actions == game.record.actions
    path = save_game(game, tmp_path / "g.dojo.json")
    assert load_game(path) == game
    # Extra keys (a client's own notes) are ignored.
    data = game.to_save()
    data["players_meta"] = {"humans": [0]}
    assert load_game(data) == game


def _save_error(data: object) -> str:
    with pytest.raises(SaveError) as error:
        ToyState.load_save(data)  # type: ignore[arg-type]
    return str(error.value)


def test_edited_or_malformed_saves_are_refused_with_a_reason() -> None:
    game = _played()
    good = game.to_save()
    assert "a save must be a JSON object" in _save_error([1])
    assert "not a ninjadojo save" in _save_error({**good, "format": "other"})
    assert "version 99 is not supported" in _save_error({**good, "version": 99})
    assert "this save is for 'chess'" in _save_error({**good, "game": "chess"})
    assert "needs 'players'" in _save_error({**good, "players": "3"})
    assert "'actions' must be a list" in _save_error({**good, "actions": "d"})
    assert "action 0 must be [seat, action]" in _save_error({**good, "actions": [["0", "d"]]})
    assert "the save's set-up is invalid" in _save_error({**good, "options": {"target": 1}})
    actions = list(good["actions"])  # type: ignore[arg-type]
    actions[0] = [actions[0][0], "zz"]
    assert "action 0 of the save does not replay" in _save_error({**good, "actions": actions})
    edited_seed = _save_error({**good, "seed": 13})
    assert "does not replay" in edited_seed or "does not match" in edited_seed
    edited_position = str(good["position"]).replace("toy|3|", "toy|3| ", 1)
    assert "does not match its replayed actions" in _save_error({**good, "position": edited_position})
    assert "does not match" in _save_error({**good, "actions": good["actions"][:-1]})  # type: ignore[index]


def test_load_game_reports_missing_and_unreadable_files(toy: type[ToyState], tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SaveError, match="no save file at"):
        load_game(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(SaveError, match="not a readable JSON save"):
        load_game(bad)
    with pytest.raises(SaveError, match="a 'game' field"):
        load_game({"format": "ninjadojo-save"})


def test_a_position_whose_seat_to_act_has_no_legal_action_is_refused() -> None:
    # A toy "target" frame while no opponent holds a card: it parsed, and then the seat to act had
    # nothing to do (a driver would loop or crash on an empty choice).
    assert toy_position([[2], [3]], frames='[["target",[0],{"card":2},"",[]]]').legal_actions(0)
    with pytest.raises(NotationError, match="seat 0 must decide 'target' but has no legal action"):
        toy_position([[2], []], frames='[["target",[0],{"card":2},"",[]]]')

