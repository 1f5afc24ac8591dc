"""Adversarial probe of the switchable rulings (issue #17) of Ninjitsu! and Ninja Trap.

The games' own tests (tests/games/*/test_*_ruling_options.py) show each option in one scenario. These
tests check the options everywhere else they must travel and in more of the cases each one changes:
optional texts on every kind of text step that plays or discards, idle actions judged as the game
will resolve them, rematches of a game with an option, the server, the learning environment, undo,
the search bot, and the fixed action space, notation and determinisation under each option.

Tests marked ``xfail(strict=True)`` are bugs found by the probe: each passes once the bug is fixed
(then drop the mark). Everything else is a regression test.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ninjadojo.bots import make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.engine import OptionError, Rng
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position

EVERY_SET = "promo,magic,sabotage,elements,weather"
#: Every Ninjitsu! ruling option at its other value (with the expansions they need).
NINJITSU_ALL: dict[str, OptionValue] = {
    "expansions": EVERY_SET, "free_swaps": 5, "optional_texts": True, "idle_actions": False,
    "surprise_draws": True, "fire_replaces": True, "element_order": "in-turn", "wind_nested": False,
    "drought_draw": True,
}
#: Every Ninja Trap ruling option at its other value.
TRAP_ALL: dict[str, OptionValue] = {"reshuffle": "empty", "stalemate": "fewest_hits", "ghost_traps": True,
                                    "shared_buko_look": False}
#: (game, players, options): each option alone at its other value where it matters most, and all together.
CONFIGS: list[tuple[str, int, dict[str, OptionValue]]] = [
    ("ninjitsu", 2, {"optional_texts": True, "idle_actions": False, "surprise_draws": True, "free_swaps": 1}),
    ("ninjitsu", 3, {"expansions": "magic,promo,elements", "fire_replaces": True}),
    ("ninjitsu", 4, {"expansions": "elements", "element_order": "in-turn", "wind_nested": False}),
    ("ninjitsu", 3, {"expansions": "promo,weather", "drought_draw": True, "idle_actions": False}),
    ("ninjitsu", 3, NINJITSU_ALL),
    ("ninja-trap", 4, {"ghost_traps": True}),
    ("ninja-trap", 3, {"reshuffle": "empty", "shared_buko_look": False}),
    ("ninja-trap", 4, TRAP_ALL),
]
CONFIG_IDS = [f"{game}-{players}p-{'all' if len(options) > 3 else ','.join(options)}" for game, players, options in
              CONFIGS]


def _random_step(game: GameState[Any], rng: Rng) -> int:
    """Apply one random legal action of a random seat to act; the seat."""
    to_act = game.to_act()
    seat = to_act[rng.randbelow(len(to_act))]
    actions = game.legal_actions(seat)
    game.apply(seat, actions[rng.randbelow(len(actions))])
    return seat


def _finish(game: GameState[Any], rng: Rng) -> None:
    while not game.is_terminal:
        _random_step(game, rng)


# ---------------------------------------------------------------------- bugs (xfail until fixed)


@pytest.mark.parametrize("chosen", [{"element_order": "in-turn"}, {"element_seats": "0,1"}],
                         ids=["in-turn", "handicap"])
def test_the_next_game_of_a_match_can_be_set_up_after_an_elements_game(chosen: dict[str, OptionValue]) -> None:
    options: dict[str, OptionValue] = {"expansions": "elements", "max_length": 40, **chosen}
    game = NinjitsuState.new(2, options, seed=3)
    _finish(game, Rng(1))
    carried = game.rematch_options()
    assert "element_sides" in carried, "the sides were chosen, so a match keeps them"
    # Kept sides are neither dealt nor chosen: the option that said how goes back to its default.
    (name,) = chosen
    specs = {spec.name: spec for spec in NinjitsuState.option_specs()}
    assert carried == {"element_sides": carried["element_sides"], name: specs[name].default}
    # What the server's rematch and `dojo play`'s hint both do: the old options with the carried ones.
    follow_up = NinjitsuState.new(2, {**dict(game.options), **carried}, seed=4)
    assert follow_up.elements == game.elements


def test_the_server_makes_a_rematch_of_an_in_turn_elements_table() -> None:
    from server.helpers import QUICK, ServerThread

    with tempfile.TemporaryDirectory() as folder, ServerThread(f"sqlite:///{folder}/dojo.sqlite3") as server:
        table_id, tokens = server.create({
            "game": "ninjitsu", "players": 2, "settings": QUICK,
            "options": {"expansions": "elements", "element_order": "in-turn", "max_length": 30},
            "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
        live = server.dojo.tables[table_id]
        server.play_out(table_id)
        response = server.http.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": tokens["0"]})
        assert response.status_code == 200, response.text[:200]
        follow_up = next(table for key, table in server.dojo.tables.items() if key != table_id)
        assert follow_up.game.elements == live.game.elements, "the rematch keeps the Elements and sides"
        assert follow_up.game.options["element_order"] == "together"


def test_a_rematch_whose_carried_options_are_refused_is_a_one_line_400_that_makes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from server.helpers import QUICK, ServerThread

    with tempfile.TemporaryDirectory() as folder, ServerThread(f"sqlite:///{folder}/dojo.sqlite3") as server:
        table_id, tokens = server.create({
            "game": "ninjitsu", "players": 2, "settings": QUICK, "options": {"max_length": 30},
            "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
        live = server.dojo.tables[table_id]
        server.play_out(table_id)
        # A game that carries a set-up its own options refuse (kept sides without The Elements).
        monkeypatch.setattr(NinjitsuState, "rematch_options", lambda self: {"element_sides": "fire1/wind2"})
        response = server.http.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": tokens["0"]})
        assert response.status_code == 400, response.text[:200]
        error = response.json()["error"]
        assert error["code"] == "bad_option" and "element_sides" in error["message"] and "\n" not in error["message"]
        assert list(server.dojo.tables) == [table_id] and live.rematch is None, "a refused rematch makes nothing"


def test_idle_actions_false_refuses_a_master_of_surprise_whose_draw_drought_stops() -> None:
    # No opponent has a secret, so the Joker can only draw (surprise_draws); with 5 other cards in hand
    # Drought stops that draw: its action can do nothing, and other plays would end the turn.
    setting: dict[str, Any] = {"expansions": "promo,weather", "hands": ["Xa 2a 3a 4a 5a 6a", ""], "weather": "Dw",
                               "deck": "2b 3b"}
    check = position(**setting, options={"surprise_draws": True})
    check.apply(0, "a:Xa")
    assert len(check.hands[0]) == 5, "Drought stopped the draw: the play did nothing"
    game = position(**setting, options={"surprise_draws": True, "idle_actions": False})
    assert "s:2a" in game.legal_actions(0)
    assert "a:Xa" not in game.legal_actions(0)


def test_idle_actions_false_refuses_a_lone_blowgun_whose_only_target_fire_protects() -> None:
    setting: dict[str, Any] = {"expansions": "elements", "elements": ["-", "fire1"], "hands": ["Ac", ""],
                               "treasures": ["", "9c"]}
    check = position(**setting)
    check.apply(0, "a:Ac")
    assert check.treasures[1] and not check.hands[0] and check.turn == 1, "the Blowgun did nothing"
    # The same judgement the option already makes for a Chain and Sickle on that treasure.
    chain = position(**{**setting, "hands": ["7a 2b", ""]}, options={"idle_actions": False})
    assert "a:7a" not in chain.legal_actions(0)
    game = position(**setting, options={"idle_actions": False})
    assert "d" in game.legal_actions(0)
    assert "a:Ac" not in game.legal_actions(0)


@pytest.mark.parametrize(("card", "sets"), [("Qm", "magic"), ("2s", "sabotage")], ids=["Master of Fire", "Peephole"])
def test_idle_actions_false_refuses_an_expansion_card_with_nothing_to_act_on(card: str, sets: str) -> None:
    # No treasure and no secret in play: Master of Fire has nothing to discard, Peephole nothing to look at.
    setting: dict[str, Any] = {"expansions": sets, "hands": [f"{card} 2b", ""]}
    check = position(**setting)
    check.apply(0, f"a:{card}")
    assert check.turn == 1 and check.hands[0] == position(**setting).hands[0][1:], "the play did nothing"
    assert f"a:{card}" not in position(**setting, options={"idle_actions": False}).legal_actions(0)


def test_ghost_traps_in_a_two_player_game_is_refused_as_meaningless() -> None:
    cls = game_class("ninja-trap")
    with pytest.raises(OptionError, match="ghost_traps"):
        cls.new(2, {"ghost_traps": True}, seed=1)


def _keep_each_tied_treasure(game: NinjitsuState, card: str, choose: list[str]) -> None:
    """Play ``card``; its player chooses ``choose`` in turn, and Fire's owner keeps every treasure asked about."""
    game.apply(0, f"a:{card}")
    wanted = iter(choose)
    for _ in range(10):
        frame = game.frames[-1]
        if frame.kind == "turn":
            return
        seat = game.to_act()[0]
        if frame.kind == "fire-keep":
            # Keep the very treasure about to go (or, asked before any is named, the first of the tie).
            game.apply(seat, f"c:{frame.data['card'] or frame.data['cards'][0]}")
        elif frame.kind in ("discard-treasure", "fire"):
            game.apply(seat, f"c:{next(wanted)}")
        else:
            game.apply(seat, game.legal_actions(seat)[0])
    raise AssertionError("the card did not finish")


@pytest.mark.parametrize(("card", "sets", "choose"), [("Aa", "elements", ["9a", "9b"]),
                                                      ("Qm", "magic,elements", [])], ids=["Darts", "Master of Fire"])
def test_fire_side_1_keeps_only_one_of_two_tied_highest_treasures(card: str, sets: str, choose: list[str]) -> None:
    game = position(expansions=sets, elements=["-", "fire1"], hands=[card, ""], treasures=["", "9a 9b"])
    _keep_each_tied_treasure(game, card, choose)
    assert len(game.treasures[1]) == 1, "Fire (side 1) protects one treasure, the owner's highest"


def test_the_builder_does_not_silently_drop_options_it_is_given() -> None:
    try:
        game = position(hands=["6a", ""], options={"target": 30})
    except OptionError:
        return  # refusing (say: give target= instead) is as good as honouring it
    assert game.options["target"] == 30


# ---------------------------------------------------------------------- optional_texts on every text step


def _reach(game: NinjitsuState, card: str, wanted: str, limit: int = 6) -> None:
    """Play ``card`` for its action, then take the first non-declining choice until a ``wanted`` frame."""
    game.apply(0, f"a:{card}")
    for _ in range(limit):
        if game.frames and game.frames[-1].kind == wanted:
            return
        seat = game.to_act()[0]
        game.apply(seat, next(action for action in game.legal_actions(seat) if action not in ("pass", "done")))
    raise AssertionError(f"{card} never asked a {wanted!r} decision")


#: (card, its position, the frame its step asks, the word that declines it).
TEXT_STEPS = [
    ("Ac", {"hands": ["Ac 2b", ""], "treasures": ["", "5c"]}, "play", "pass"),  # Blowgun: then play a card
    ("Qa", {"hands": ["Qa 2b", ""], "treasures": ["", "5c"]}, "play", "pass"),  # Master of Secrets: a secret
    ("Aa", {"hands": ["Aa 2b", ""], "treasures": ["", "5c"]}, "play", "pass"),  # Darts: then play a card
    ("Km", {"expansions": "magic", "hands": ["Km 6a", ""]}, "play", "pass"),  # Master of Wind: for its action
    ("7m", {"expansions": "magic", "hands": ["7m 2b", ""]}, "play", "pass"),  # Freeze Time: play a card
    ("2m", {"expansions": "magic", "hands": ["2m 2b 3b", ""]}, "play", "pass"),  # Flight: play treasures
    ("4s", {"expansions": "sabotage", "hands": ["4s 2b", ""]}, "play", "pass"),  # Tessen: a treasure
    ("Ts", {"expansions": "sabotage", "hands": ["Ts", ""], "secrets": ["", "2b"], "treasures": ["", "5c"]},
     "discard-treasure", "done"),  # Shuriken's treasure
    ("7a", {"hands": ["7a", ""], "treasures": ["", "5c"]}, "discard-treasure", "done"),  # Chain and Sickle
]


@pytest.mark.parametrize(("card", "setting", "wanted", "word"), TEXT_STEPS, ids=[row[0] for row in TEXT_STEPS])
def test_optional_texts_lets_every_text_play_and_treasure_discard_be_declined(
        card: str, setting: dict[str, Any], wanted: str, word: str) -> None:
    game = position(**setting)
    _reach(game, card, wanted)
    assert word not in game.legal_actions(0), f"our reading: {card}'s step must be done"
    game = position(**setting, options={"optional_texts": True})
    _reach(game, card, wanted)
    assert word in game.legal_actions(0)
    before = sum(len(each) for each in game.treasures)
    game.apply(0, word)
    game.check_invariants()
    if wanted == "discard-treasure":
        assert sum(len(each) for each in game.treasures) == before, "a declined discard leaves every treasure"


# ---------------------------------------------------------------------- everywhere the options travel


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_action_space_notation_saves_and_samples_under_each_option(
        game_id: str, players: int, options: dict[str, OptionValue]) -> None:
    cls = game_class(game_id)
    game = cls.new(players, options, seed=7)
    space = game.action_space()
    assert space == cls.action_space_for(players, cls.validate_options(players, options))
    rng = Rng(77)
    step = 0
    while not game.is_terminal:
        if step % 4 == 0:
            game.check_invariants()
            text = game.to_notation()
            parsed = cls.from_notation(text)
            assert parsed.to_notation() == text and dict(parsed.options) == dict(game.options)
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                assert [action for action in legal if action not in space.index] == []
                assert parsed.legal_actions(seat) == legal
        if step % 9 == 0:
            for seat in range(players):
                sample = game.determinize(seat, step)
                assert sample.observe(seat) == game.observe(seat)
                assert dict(sample.options) == dict(game.options)
                sample.check_invariants()
                # A twin the seat cannot tell apart gives the very same sample.
                twin = game.determinize(seat, step + 4321)
                assert twin.determinize(seat, 3).to_notation() == game.determinize(seat, 3).to_notation()
        _random_step(game, rng)
        step += 1
    game.check_invariants()
    assert game.winners() or (game.result is not None and game.result.truncated)
    loaded = cls.load_save(game.to_save())
    assert loaded == game and dict(loaded.options) == dict(game.options)


@pytest.mark.parametrize(("game_id", "players", "options"), [CONFIGS[4], CONFIGS[7]], ids=["ninjitsu", "ninja-trap"])
def test_undo_under_every_option_restores_the_position_or_says_why_not(
        game_id: str, players: int, options: dict[str, OptionValue]) -> None:
    game = game_class(game_id).new(players, options, seed=5)
    rng = Rng(55)
    undone = 0
    while not game.is_terminal and undone < 12:
        before = game.to_notation()
        seat = _random_step(game, rng)
        if game.is_terminal:
            break
        reason = game.undo_check(seat)
        assert reason is None or isinstance(reason, str)
        if reason is None and rng.randbelow(2) == 0:
            game.undo(seat)
            assert game.to_notation() == before
            game.check_invariants()
            undone += 1
            _random_step(game, rng)
    assert undone, "some action could be taken back"


@pytest.mark.parametrize(("game_id", "players", "options"), [CONFIGS[4], CONFIGS[7]], ids=["ninjitsu", "ninja-trap"])
def test_the_learning_environment_masks_exactly_the_legal_actions_under_every_option(
        game_id: str, players: int, options: dict[str, OptionValue]) -> None:
    from ninjadojo.rl import env

    environment = env(game_id, players, options=dict(options), seed=2)
    environment.reset(seed=2)
    rng = np.random.default_rng(2)
    steps = 0
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        game = environment.game
        assert game is not None
        mask = observation["action_mask"]
        seat = int(agent.rsplit("_", 1)[1])
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(game.legal_action_ids(seat))
        environment.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps and environment.game is not None
    assert {name: environment.game.options[name] for name in options} == options
    environment.close()


@pytest.mark.parametrize(("game_id", "players", "options"), [CONFIGS[4], CONFIGS[7]], ids=["ninjitsu", "ninja-trap"])
def test_the_search_bot_plays_a_whole_game_under_every_option(
        game_id: str, players: int, options: dict[str, OptionValue]) -> None:
    game = game_class(game_id).new(players, options, seed=1)
    bots = [make_bot("ismcts:iterations=50", game_id, seed=seat) for seat in range(players)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        action = bots[seat].choose(SeatView(game, seat))
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
    game.check_invariants()
    assert game.winners()


def test_the_server_plays_a_table_with_ruling_options_and_refuses_bad_ones_in_one_line() -> None:
    from server.helpers import QUICK, ServerThread

    with tempfile.TemporaryDirectory() as folder, ServerThread(f"sqlite:///{folder}/dojo.sqlite3") as server:
        table_id, _ = server.create({"game": "ninja-trap", "players": 3, "settings": QUICK, "options": TRAP_ALL,
                                     "seats": [{"type": "bot", "level": "easy"}] * 3})
        shown = server.http.get(f"/api/tables/{table_id}").json()
        assert {name: shown["options"][name] for name in TRAP_ALL} == TRAP_ALL
        deadline = time.monotonic() + 60
        while server.http.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' table did not finish"
            time.sleep(0.05)
        record = server.http.get(f"/api/tables/{table_id}/record").json()
        from ninjadojo.api import load_game

        replayed = load_game(record)
        assert replayed.to_notation() == server.dojo.tables[table_id].game.to_notation()
        assert {name: replayed.options[name] for name in TRAP_ALL} == TRAP_ALL
        for game_id, options, says in (
                ("ninjitsu", {"wind_nested": False}, "needs expansions=elements"),
                ("ninjitsu", {"expansions": "elements", "element_order": "in-turn", "element_sides": "fire1/wind2"},
                 "give one or the other"),
                ("ninjitsu", {"free_swaps": 0}, "at least 1"),
                ("ninja-trap", {"stalemate": "draw"}, "shared, fewest_hits"),
        ):
            response = server.http.post("/api/tables", json={"game": game_id, "players": 2, "options": options})
            assert response.status_code == 400
            message = response.json()["error"]["message"]
            assert says in message and "\n" not in message
        assert len(server.dojo.tables) == 1, "a refused table creates nothing"


# ---------------------------------------------------------------------- the options' rulings and defaults

#: Each ruling option with the number of the ruling it switches (docs/rules/<game>.md, section Rulings); None
#: for a variant against RULINGS.md (wind_nested: ruling 59's Wind follows ANY play of an Ace or Joker there).
RULING_NUMBERS: dict[str, dict[str, int | None]] = {
    "ninjitsu": {"free_swaps": 2, "optional_texts": 3, "idle_actions": 4, "surprise_draws": 5, "fire_replaces": 31,
                 "element_order": 57, "wind_nested": None, "drought_draw": 75},
    "ninja-trap": {"reshuffle": 1, "stalemate": 3, "ghost_traps": 6, "shared_buko_look": 7},
}


@pytest.mark.parametrize("game_id", sorted(RULING_NUMBERS))
def test_each_ruling_option_names_its_ruling(game_id: str) -> None:
    specs = {spec.name: spec for spec in game_class(game_id).option_specs()}
    assert {name: specs[name].ruling for name in RULING_NUMBERS[game_id]} == RULING_NUMBERS[game_id]
    for name, number in RULING_NUMBERS[game_id].items():
        if number is None:
            assert "[ruling" not in specs[name].describe()
            # Issue 23: the help says what the option does for players; the docs say it is a variant.
            assert "RULINGS" not in specs[name].help and specs[name].section == "House rules"
        else:
            assert f"[ruling {number}]" in specs[name].describe()
            assert not specs[name].help.startswith("ruling"), "describe() adds the ruling; the help does not repeat it"


@pytest.mark.parametrize("game_id", sorted(RULING_NUMBERS))
def test_every_ruling_option_given_at_its_default_plays_the_very_same_game(game_id: str) -> None:
    cls = game_class(game_id)
    specs = {spec.name: spec for spec in cls.option_specs()}
    defaults = {name: specs[name].default for name in RULING_NUMBERS[game_id]}
    players = 3
    plain, explicit = cls.new(players, seed=9), cls.new(players, defaults, seed=9)
    assert plain.to_notation() == explicit.to_notation()
    assert plain.action_space() == explicit.action_space()
    rng_a, rng_b = Rng(3), Rng(3)
    while not plain.is_terminal:
        _random_step(plain, rng_a)
        _random_step(explicit, rng_b)
        assert plain.to_notation() == explicit.to_notation()


@pytest.mark.parametrize(("game_id", "players", "options"), [CONFIGS[4], CONFIGS[7]], ids=["ninjitsu", "ninja-trap"])
def test_a_table_saved_mid_game_resumes_with_its_ruling_options(
        game_id: str, players: int, options: dict[str, OptionValue], tmp_path: Path) -> None:
    from ninjadojo.table import SavedTable, Table

    table = Table.new(game_id, players, options, seed=4, humans=[0],
                      bot_specs={seat: "random" for seat in range(1, players)}, autosave=False)
    rng = Rng(4)
    for _ in range(12):
        table.play_bots()
        if table.is_over:
            break
        seat = table.human_to_act()
        if seat is not None:
            legal = table.game.legal_actions(seat)
            table.apply(seat, legal[rng.randbelow(len(legal))])
    path = table.save_as(tmp_path / "probe.json")
    resumed = Table.resume(SavedTable.read(path), autosave=False)
    assert resumed.game.to_notation() == table.game.to_notation()
    assert {name: resumed.game.options[name] for name in options} == options
