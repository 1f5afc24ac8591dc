"""Bad input never crashes and never changes anything, for every playable game.

Issue 2: "Bad input (an illegal move, a malformed save, a wrong seat token, a bad option) gets a clear
error that says what was wrong and what is allowed, and changes nothing: no state lost, no crash."

Hypothesis fuzzes the public API with real positions and saves from random playouts, mutated:
- a mutated position either parses to a working state (its notation round-trips; its legal actions,
  views and renderings work for every seat) or raises :class:`NotationError`;
- a mutated save raises :class:`SaveError` (or loads a working game), from a dict or from a file;
- ``apply`` with any wrong seat or action raises an :class:`IllegalActionError` and changes nothing;
- ``new`` with wrong types of players, seed or options raises :class:`OptionError` naming what is allowed;
- ``action_id`` / ``action_from_id`` with bad input raise a :class:`DojoError`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ninjadojo.api import load_game, new_game, parse_position
from ninjadojo.engine import DojoError, IllegalActionError, NotationError, OptionError, Rng
from ninjadojo.engine.errors import SaveError, SeatError
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games

GAMES = playable_games()

# Fewer examples than the contract tests: each example is a playout plus a parse; the whole file stays
# well under 20 s. DOJO_FUZZ_EXAMPLES=2000 fuzzes harder (and, not derandomised, differently each run).
_EXAMPLES = int(os.environ.get("DOJO_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=_EXAMPLES, derandomize=_EXAMPLES <= 40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# Characters a mutation may insert: the notations' own separators and digits, plus a few strangers.
ALPHABET = "0123456789-|;:/,.=[]{}\"' xsacdtfwKQJTAabcdeABCDEFGHrn\u00e9\u2603\x00"


def _position(game_id: str, seed: int, steps: int) -> GameState[Any]:
    """A real position: ``steps`` random actions into a game of a random player count."""
    cls = game_class(game_id)
    rng = Rng(seed)
    players = cls.SPEC.min_players + rng.randbelow(cls.SPEC.max_players - cls.SPEC.min_players + 1)
    game = cls.new(players, seed=seed)
    for _ in range(steps):
        if game.is_terminal:
            break
        seat = game.to_act()[rng.randbelow(len(game.to_act()))]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
    return game


@st.composite
def _mutated_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few characters deleted, duplicated or replaced, fields swapped, or cut short."""
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "duplicate", "replace", "insert", "swap", "truncate", "number",
                                     "exchange", "exchange", "digit", "digit"]))
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        if kind == "delete":
            text = text[:at] + text[at + 1:]
        elif kind == "duplicate":
            text = text[:at] + text[at] + text[at:]
        elif kind == "replace":
            text = text[:at] + draw(st.sampled_from(ALPHABET)) + text[at + 1:]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(ALPHABET)) + text[at:]
        elif kind == "truncate":
            text = text[:at]
        elif kind == "exchange":
            # Two characters trade places: cards move between hands, piles and frames, yet every card
            # is still there once, so the position often parses and its rules get exercised.
            other = draw(st.integers(0, len(text) - 1))
            low, high = sorted((at, other))
            if low != high:
                text = text[:low] + text[high] + text[low + 1:high] + text[low] + text[high + 1:]
        elif kind == "digit":
            digits = [i for i, char in enumerate(text) if char.isdigit()]
            if digits:
                at = draw(st.sampled_from(digits))
                text = text[:at] + draw(st.sampled_from("0123456789")) + text[at + 1:]
        elif kind == "number":
            # A number where one was: out of range, negative or huge.
            text = text[:at] + draw(st.sampled_from(["-1", "9", "99", "7" * 30, "-0"])) + text[at + 1:]
        else:
            separator = draw(st.sampled_from(["|", ";", "/", ",", ":", " "]))
            fields = text.split(separator)
            if len(fields) > 1:
                i, j = draw(st.integers(0, len(fields) - 1)), draw(st.integers(0, len(fields) - 1))
                fields[i], fields[j] = fields[j], fields[i]
                text = separator.join(fields)
    return text


def _exercise(game: GameState[Any]) -> None:
    """Everything a driver does with a parsed position must work (or raise a DojoError on bad input)."""
    again = type(game).from_notation(game.to_notation())
    assert again.to_notation() == game.to_notation(), "a parsed position must round-trip"
    for seat in [None, *range(game.num_players)]:
        json.dumps(game.observe(seat))
        game.render(seat)
        render_markup = getattr(game, "render_markup", None)
        if render_markup is not None:
            render_markup(seat)
    for seat in range(game.num_players):
        game.decision(seat)
        for action in game.legal_actions(seat):
            game.action_id(action)
        game.legal_action_ids(seat)
    game.clone().determinize(0, 1)
    for seat in game.to_act()[:1]:
        actions = game.legal_actions(seat)
        assert actions, f"seat {seat} must act but has no legal action in {game.to_notation()!r}"
        moved = game.clone()
        moved.apply(seat, actions[-1])
        json.dumps(moved.observe(seat))


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), data=st.data())
def test_a_mutated_position_parses_to_a_working_state_or_raises_notation_error(
        game_id: str, seed: int, steps: int, data: st.DataObject) -> None:
    text = data.draw(_mutated_text(_position(game_id, seed, steps).to_notation()))
    try:
        game = parse_position(text)
    except DojoError:
        return
    _exercise(game)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_real_position_of_a_playout_survives_its_own_round_trip(game_id: str) -> None:
    # The fuzz above relies on unmutated positions being exercisable: check a whole playout once.
    game = _position(game_id, 11, 0)
    rng = Rng(5)
    while not game.is_terminal:
        _exercise(type(game).from_notation(game.to_notation()))
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])


@pytest.mark.parametrize("bad", [None, 3, b"ninjitsu|2", ["ninjitsu"], "", "|", "ninjato|2", "nope|2|-"])
def test_parse_position_refuses_non_positions_with_a_dojo_error(bad: object) -> None:
    with pytest.raises(DojoError):
        parse_position(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- saves

JSON_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
SAVE_KEYS = ["format", "version", "game", "players", "options", "seed", "start", "actions", "position"]


@st.composite
def _mutated_save(draw: st.DrawFn, save: dict[str, Any]) -> dict[str, Any]:
    save = json.loads(json.dumps(save))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["junk", "delete", "extra", "action", "seat", "position", "game", "option"]))
        key = draw(st.sampled_from(SAVE_KEYS))
        if kind == "junk":
            save[key] = draw(JSON_JUNK)
        elif kind == "delete":
            save.pop(key, None)
        elif kind == "extra":
            save[draw(st.text(min_size=1, max_size=6))] = draw(JSON_JUNK)
        elif kind == "game":
            save["game"] = draw(st.sampled_from([*GAMES, "chess", "go", ""]))
        elif kind == "option":
            options = save.get("options")
            if isinstance(options, dict):
                options[draw(st.sampled_from([*options, "bogus"]))] = draw(JSON_JUNK)
        elif isinstance(save.get("actions"), list) and save["actions"]:
            actions = save["actions"]
            at = draw(st.integers(0, len(actions) - 1))
            if kind == "action":
                actions[at] = draw(JSON_JUNK)
            elif kind == "seat" and isinstance(actions[at], list) and actions[at]:
                actions[at][0] = draw(st.sampled_from([-1, 1, 2, 7, True, False, 2**80, 1.0, "0", None]))
            elif isinstance(actions[at], list) and len(actions[at]) == 2:
                actions[at][1] = draw(st.sampled_from(["", "d", "x", "\u2603", "a" * 500]))
        elif kind == "position" and isinstance(save.get("position"), str):
            save["position"] = draw(_mutated_text(save["position"]))
    return save


def _check_loaded(game: GameState[Any]) -> None:
    again = type(game).load_save(json.loads(json.dumps(game.to_save())))
    assert again == game, "a loaded save must save and load again to the same game"
    _exercise(game)


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30), data=st.data())
def test_a_mutated_save_raises_save_error_or_loads_a_working_game(
        game_id: str, seed: int, steps: int, data: st.DataObject) -> None:
    save = data.draw(_mutated_save(_position(game_id, seed, steps).to_save()))
    try:
        game = load_game(save)
    except SaveError:
        return
    _check_loaded(game)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_from_a_start_position_with_a_mutated_start_raises_save_error(game_id: str) -> None:
    start = _position(game_id, 3, 7)
    game = type(start).from_notation(start.to_notation())
    save = game.to_save()
    for cut in range(0, len(save["start"]), 7):
        edited = dict(save, start=save["start"][:cut], position=None)
        with pytest.raises(SaveError):
            load_game(edited)


def test_load_game_refuses_bad_files_with_a_save_error(tmp_path: Path) -> None:
    game = new_game(GAMES[0], game_class(GAMES[0]).SPEC.min_players, seed=1)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(game.to_save()), encoding="utf-8")
    assert load_game(good) == game
    assert load_game(str(good)) == game
    bad_files = {
        "missing.json": None,
        "latin1.json": "\u00e9".encode("latin-1"),
        "notjson.json": b"{ninjitsu",
        "list.json": b"[1, 2]",
        "number.json": b"7",
        "empty.json": b"",
        "nogame.json": b'{"format": "ninjadojo-save"}',
        "gameint.json": b'{"game": 3}',
        "unknown.json": b'{"game": "chess"}',
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
    }
    for name, content in bad_files.items():
        path = tmp_path / name
        if content is not None:
            path.write_bytes(content)
        with pytest.raises(SaveError):
            load_game(path)
    with pytest.raises(SaveError):
        load_game(tmp_path)  # a directory
    with pytest.raises(SaveError):
        load_game("")
    with pytest.raises(SaveError):
        load_game(str(tmp_path / "nul\x00.json"))


@pytest.mark.parametrize("bad", [None, 3, [], ["game"], b"{}", {"game": None}, {"game": "chess"}])
def test_load_game_refuses_non_saves_with_a_save_error(bad: object) -> None:
    with pytest.raises(SaveError):
        load_game(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- apply

BAD_SEATS = st.sampled_from([None, -1, -2, 99, 2**80, True, False, 1.0, 0.0, "0", b"0", [0], (0,), {}, "x"])
BAD_ACTIONS = (st.sampled_from([None, 0, 1, -1, 2**80, 1.5, b"d", [], ["d"], {"d": 1}, "", " ", "d ", " d",
                                "D", "a" * 10_000, "\u2603", "\x00", "d\n"])
               | st.text(max_size=12) | st.binary(max_size=6) | st.integers())


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40), seat=BAD_SEATS | st.integers(-3, 8),
       action=BAD_ACTIONS)
def test_apply_with_a_wrong_seat_or_action_raises_and_changes_nothing(
        game_id: str, seed: int, steps: int, seat: Any, action: Any) -> None:
    game = _position(game_id, seed, steps)
    before, record = game.to_notation(), game.record.copy()
    legal = {each: game.legal_actions(each) for each in range(game.num_players)}
    if (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.num_players
            and isinstance(action, str) and action in legal[seat]):
        return  # a legal action: not bad input
    with pytest.raises(IllegalActionError) as raised:
        game.apply(seat, action)
    assert str(raised.value)
    assert game.to_notation() == before
    assert game.record.actions == record.actions
    assert {each: game.legal_actions(each) for each in range(game.num_players)} == legal


@pytest.mark.parametrize("game_id", GAMES)
def test_a_legal_action_from_a_bool_or_float_seat_is_refused(game_id: str) -> None:
    # True == 1 and 1.0 == 1 in Python: a seat must still be a real int, or the record would hold
    # `true` / `1.0` and the save would not load.
    game = _position(game_id, 2, 3)
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0]
    before = game.to_notation()
    for impostor in (bool(seat) if seat in (0, 1) else None, float(seat)):
        if impostor is None:
            continue
        with pytest.raises(IllegalActionError, match="seat"):
            game.apply(impostor, action)  # type: ignore[arg-type]
        assert game.to_notation() == before and not [a for a in game.record.actions if a[0] is impostor]


# ---------------------------------------------------------------------------------------------- options

@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("players", ["2", 2.0, True, None, [2], -1, 0, 99, 2**80])
def test_new_with_a_bad_player_count_raises_option_error_naming_the_allowed_counts(game_id: str, players: Any) -> None:
    spec = game_class(game_id).SPEC
    with pytest.raises(OptionError, match="player"):
        new_game(game_id, players, seed=1)
    if isinstance(players, int) and not isinstance(players, bool):
        with pytest.raises(OptionError, match=f"{spec.min_players} to {spec.max_players}"):
            new_game(game_id, players, seed=1)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", ["7", 7.0, None, True, [7], b"7"])
def test_new_with_a_non_integer_seed_raises_option_error(game_id: str, seed: Any) -> None:
    with pytest.raises(OptionError, match="seed must be a whole number"):
        new_game(game_id, game_class(game_id).SPEC.min_players, seed=seed)


@pytest.mark.parametrize("game_id", GAMES)
@given(value=JSON_JUNK | st.binary(max_size=4) | st.sampled_from([1.5, float("nan"), object()]), data=st.data())
@FUZZ
def test_an_option_of_the_wrong_type_raises_option_error_naming_what_is_allowed(
        game_id: str, value: Any, data: st.DataObject) -> None:
    cls = game_class(game_id)
    players = cls.SPEC.min_players
    with pytest.raises(OptionError, match=r"its options are: .*max_length"):
        cls.new(players, {"x": value}, seed=1)
    option = data.draw(st.sampled_from(cls.option_specs()))
    try:
        game = cls.new(players, {option.name: value}, seed=1)
    except OptionError as error:
        assert option.name in str(error)
        return
    # Accepted: it must have been a value of the option's own type, stored as such.
    assert type(game.options[option.name]) is type(option.default)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("options", [[("target", 5)], "target=5", 5, {3: 4}, {None: 1}, {"": 1}])
def test_options_that_are_not_a_mapping_of_names_raise_option_error(game_id: str, options: Any) -> None:
    with pytest.raises(OptionError):
        new_game(game_id, game_class(game_id).SPEC.min_players, options, seed=1)


# ---------------------------------------------------------------------------------------------- action ids

@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("bad", [-1, 10**9, 2**80, None, "0", 1.0, True, [0], b"\x00"])
def test_action_from_id_with_a_bad_id_raises_dojo_error(game_id: str, bad: Any) -> None:
    game = new_game(game_id, game_class(game_id).SPEC.min_players, seed=1)
    with pytest.raises(DojoError):
        game.action_from_id(bad)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("bad", [None, 0, "", "zz:9", b"d", ["d"], {"d"}, "d" * 1000])
def test_action_id_with_a_bad_action_raises_dojo_error(game_id: str, bad: Any) -> None:
    game = new_game(game_id, game_class(game_id).SPEC.min_players, seed=1)
    with pytest.raises(DojoError):
        game.action_id(bad)


# ---------------------------------------------------------------------------------------------- impossible positions

def _split(text: str) -> tuple[str, list[Any], str, str]:
    """A position as (header, frames as JSON data, result, body)."""
    *header, rest = text.split("|", 5)
    frames, end = json.JSONDecoder().raw_decode(rest)
    result, _, body = rest[end + 1:].partition("|")
    return "|".join(header), frames, result, body


def _join(header: str, frames: object, result: str, body: str) -> str:
    return "|".join((header, json.dumps(frames, separators=(",", ":")), result, body))


def _live(game_id: str) -> GameState[Any]:
    game = _position(game_id, 4, 5)
    assert not game.is_terminal
    return game


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(("mangle", "message"), [
    (lambda h, f, r, b: _join(h, 5, r, b), "frames must be a JSON list"),
    (lambda h, f, r, b: _join(h, [], r, b), "must wait for some seat"),
    (lambda h, f, r, b: _join(h, [[f[-1][0], [], *f[-1][2:]]], r, b), "must wait for some seat"),
    (lambda h, f, r, b: _join(h, [*f[:-1], [f[-1][0], [9], *f[-1][2:]]], r, b), "outside 0 to"),
    (lambda h, f, r, b: _join(h, [*f[:-1], [f[-1][0], [-1], *f[-1][2:]]], r, b), "outside 0 to"),
    (lambda h, f, r, b: _join(h, [*f[:-1], [f[-1][0], [*f[-1][1], *f[-1][1]], *f[-1][2:]]], r, b), "twice"),
    (lambda h, f, r, b: _join(h, [*f[:-1], ["bogus", *f[-1][1:]]], r, b), "impossible|unknown frame kind"),
    (lambda h, f, r, b: _join(h, f, '{"scores":"ab","winners":[0],"reason":"x"}', b), "bad result"),
    (lambda h, f, r, b: _join(h, f, '{"scores":[1],"winners":[7],"reason":"x"}', b), "bad result"),
    (lambda h, f, r, b: _join(h, f, "[" * 5000, b), "bad result"),
    (lambda h, f, r, b: _join(h, "[" * 5000, r, b).replace('"', ""), "bad frames"),
    (lambda h, f, r, b: _join(h.rsplit("|", 1)[0] + "|-3", f, r, b), "ply a count from 0"),
    (lambda h, f, r, b: _join(h.rsplit("|", 2)[0] + "|-5|0", f, r, b), "16 hex digits"),
])
def test_an_impossible_position_is_refused_at_parse_time(game_id: str, mangle: Any, message: str) -> None:
    # Each of these used to parse and then crash (IndexError, KeyError, AssertionError, TypeError) at
    # the first legal_actions/apply/observe, or parsed to a state whose notation no longer parses.
    text = mangle(*_split(_live(game_id).to_notation()))
    with pytest.raises(NotationError, match=message):
        parse_position(text)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_with_pending_frames_is_refused(game_id: str) -> None:
    header, frames, _, body = _split(_live(game_id).to_notation())
    result = json.dumps({"scores": [0] * int(header.split("|")[1]), "winners": [0], "reason": "x"})
    with pytest.raises(NotationError, match="finished game has no pending decisions"):
        parse_position(_join(header, frames, result, body))


def test_a_hidden_simultaneous_choice_that_is_not_legal_is_refused_at_parse_time() -> None:
    # Ninja Trap's frames are simultaneous: a submitted choice is re-read by its text when the last
    # seat chooses, and an unknown one used to crash there with a KeyError.
    game = _live("ninja-trap")
    header, frames, result, body = _split(game.to_notation())
    top = frames[-1]
    seat = top[1][0]
    frames[-1] = [top[0], top[1][1:], top[2], top[3], [*top[4], [seat, "no-such-choice"]]]
    with pytest.raises(NotationError, match="no-such-choice"):
        parse_position(_join(header, frames, result, body))
    legal = game.legal_actions(seat)[0]
    frames[-1] = [top[0], top[1][1:], top[2], top[3], [*top[4], [seat, legal]]]
    assert parse_position(_join(header, frames, result, body)).to_act() == tuple(top[1][1:])


def test_a_ninja_trap_frame_that_is_not_simultaneous_is_refused() -> None:
    header, frames, result, body = _split(_live("ninja-trap").to_notation())
    frames[-1][3] = ""
    with pytest.raises(NotationError, match="simultaneous"):
        parse_position(_join(header, frames, result, body))


@pytest.mark.parametrize("field", ["draft", "draftx=", "known=//", "cur=0;cur=0"])
def test_a_knights_and_ninjas_body_with_a_bad_or_repeated_field_is_refused(field: str) -> None:
    # The body used to be read with dict(partition), so 'draft' (no '='), unknown names and repeats
    # were taken silently: a truncated position loaded.
    text = _live("knights-and-ninjas").to_notation()
    with pytest.raises(NotationError, match=r"name=value|repeated|known"):
        parse_position(text + ";" + field)


def test_knights_and_ninjas_known_cards_must_be_in_the_hand() -> None:
    # Knowledge of cards a seat does not hold used to parse and then crash determinisation.
    game = _live("knights-and-ninjas")
    text = game.to_notation()
    head, known = text.rsplit("known=", 1)
    seats = known.split("/")
    seats[0] = seats[0] + "hw" * 6
    with pytest.raises(NotationError, match="must be cards of its hand"):
        parse_position(head + "known=" + "/".join(seats))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", [-1, 9, 2**80, True, 1.0, "0", [0], b"\x00"])
def test_a_query_for_a_wrong_seat_raises_seat_error_and_shows_nothing(game_id: str, seat: Any) -> None:
    # observe(-1) used to index the last seat's hand (another seat's secrets), observe(True) acted as
    # seat 1, and others crashed deep in the game (IndexError, TypeError, "negative shift count").
    game = _live(game_id)
    before = game.to_notation()
    for query in (game.observe, game.render, game.render_markup, game.legal_actions, game.decision,
                  game.legal_action_ids, lambda s: game.is_legal(s, "d"), lambda s: game.determinize(s, 1)):
        with pytest.raises(SeatError, match="seats are 0 to"):
            query(seat)
    assert game.to_notation() == before
    json.dumps(game.observe(None))
    with pytest.raises(SeatError):
        game.determinize(None, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("frame", "fields", "message"), [
    ('["respond",[1],{"by":0,"role":22,"str":1},"",[]]', {}, "bad data"),
    ('["respond",[1],{"by":9,"role":0,"str":1},"",[]]', {}, "bad data"),
    ('["respond",[1],{"by":0,"role":0},"",[]]', {}, "bad data"),
    ('["highwayman",[1],{"holder":0,"amount":-4,"from":-1},"",[]]', {}, "bad data"),
    ('["minstrel-discard",[1],{"then":"dance"},"",[]]', {}, "bad data"),
    ('["herald-pick",[0],{"shown":[[0,99]]},"",[]]', {}, "bad data"),
    ('["draft",[0],{},"",[]]', {"draft": ""}, "draft pile"),
    ('["attack",[0],{},"",[]]', {"attack": "-"}, "attack= naming the rival"),
    ('["turn",[0,1],{},"s",[]]', {}, "must not be simultaneous"),
    ('["monk",[0,1],{},"",[]]', {}, "must be simultaneous"),
])
def test_a_knights_and_ninjas_frame_no_rule_pushes_is_refused(frame: str, fields: dict[str, str],
                                                               message: str) -> None:
    # Each used to parse and then crash the first apply, view or determinisation (a card kind 22,
    # popping an empty draft pile, attacking seat -1).
    header, _, result, body = _split(_live("knights-and-ninjas").to_notation())
    parts = dict(part.split("=", 1) for part in body.split(";"))
    parts.update(fields)
    body = ";".join(f"{name}={value}" for name, value in parts.items())
    with pytest.raises(NotationError, match=message):
        parse_position(f"{header}|[{frame}]|{result}|{body}")


@st.composite
def _mutated_frames(draw: st.DrawFn, text: str) -> str:
    """``text`` with its top frame's kind, seats, data or hidden submissions changed."""
    header, frames, result, body = _split(text)
    if not frames:
        return text
    kind, seats, data, flags, submitted = frames[-1]
    change = draw(st.sampled_from(["kind", "seats", "data", "data", "submitted"]))
    if change == "kind":
        kind = draw(st.sampled_from(["turn", "play", "steal", "tie", "respond", "attack", "draft", "highwayman",
                                     "fortify", "place", "platypus", "platypus-claim", "move", "trap", "look"]))
    elif change == "seats":
        seats = draw(st.lists(st.integers(0, 5), min_size=1, max_size=3, unique=True))
    elif change == "data" and data:
        data[draw(st.sampled_from(sorted(data)))] = draw(st.sampled_from(
            [-1, 0, 1, 2, 3, 9, 22, True, False, "any", "x", "", None, [], [0], [[0, 1]], "Ka", "end"]))
    elif change == "submitted" and len(seats) > 1:
        submitted = [*submitted, [seats.pop(0), draw(st.sampled_from(["d", "pass", "G", "x0.0", "end"]))]]
    frames[-1] = [kind, seats, data, flags, submitted]
    return _join(header, frames, result, body)


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80), data=st.data())
def test_a_position_with_a_mutated_frame_is_refused_or_plays_on_without_crashing(
        game_id: str, seed: int, steps: int, data: st.DataObject) -> None:
    text = data.draw(_mutated_frames(_position(game_id, seed, steps).to_notation()))
    try:
        game = parse_position(text)
    except NotationError:
        return
    _exercise(game)
    rng = Rng(seed)
    for _ in range(25):
        if game.is_terminal:
            break
        seat = game.to_act()[rng.randbelow(len(game.to_act()))]
        actions = game.legal_actions(seat)
        assert actions, f"seat {seat} must act but has no legal action in {game.to_notation()!r}"
        game.apply(seat, actions[rng.randbelow(len(actions))])
        json.dumps(game.observe(seat))
        game.render(None)
        game.determinize(seat, 3)


@pytest.mark.parametrize(("field", "message"), [
    ("effects=Zz.1", "bad effect item 'Zz.1': each is card.step"),
    ("effects=Aa", "bad effect item 'Aa': each is card.step"),
    ("known=Ka", "bad known item 'Ka': each is card.seatmask"),
    ("known=Ka.-3", "bad known item 'Ka.-3'"),
])
def test_a_ninjitsu_effect_or_knowledge_item_that_does_not_parse_says_its_form(field: str, message: str) -> None:
    # These used to surface as a bare KeyError text ("bad ninjitsu position body: 'Zz'").
    text = _live("ninjitsu").to_notation()
    name = field.split("=")[0]
    head, tail = text.split(f";{name}=", 1)
    rest = tail.split(";", 1)[1] if ";" in tail else ""
    with pytest.raises(NotationError, match=message.replace(".", r"\.").replace("(", r"\(")):
        parse_position(f"{head};{field}" + (f";{rest}" if rest else ""))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_whose_start_position_disagrees_with_its_players_is_refused(game_id: str) -> None:
    # The save's players and options were ignored when it had a start position: it loaded as a game
    # other than the one it claimed to be.
    start = _live(game_id)
    game = type(start).from_notation(start.to_notation())
    save = game.to_save()
    assert load_game(save) == game
    spec = game_class(game_id).SPEC
    other = next(n for n in range(spec.min_players, spec.max_players + 1) if n != game.num_players)
    with pytest.raises(SaveError, match="start position is a"):
        load_game(dict(save, players=other))


@pytest.mark.parametrize("game_id", [None, 3, ["ninjitsu"], b"ninjitsu", "", "chess", "NINJITSU"])
def test_new_game_with_a_bad_game_id_raises_a_dojo_error_naming_the_games(game_id: Any) -> None:
    # A list used to reach a dict lookup and crash with "unhashable type".
    with pytest.raises(DojoError, match="ninjitsu"):
        new_game(game_id, 2, seed=1)
