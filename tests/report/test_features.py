"""Each seat's features in a finished game: what it played and held, named as the game's card list names them."""

from __future__ import annotations

from typing import Any

import pytest

from ninjadojo.engine import Rng
from ninjadojo.engine.playout import random_playout
from ninjadojo.games import GAME_MODULES, game_class
from ninjadojo.report import ReportSettings, game_features, report_data, run_report


def _played(game_id: str, players: int, seed: int, options: dict[str, object] | None = None) -> Any:
    game = game_class(game_id).new(players, options or {}, seed)
    random_playout(game, Rng(seed + 1))
    assert game.result is not None
    return game


def _catalog_names(game_id: str) -> set[str]:
    return {info.name for info in game_class(game_id).card_catalog()}


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_every_game_has_features_named_from_its_card_list(game_id: str) -> None:
    names = _catalog_names(game_id)
    for players in (2, game_class(game_id).SPEC.max_players):
        game = _played(game_id, players, seed=players)
        found = game_features(game)
        assert len(found) == players
        assert any(found), f"{game_id}: no seat has a feature"
        for seat_features in found:
            assert list(seat_features) == sorted(set(seat_features))
            for feature in seat_features:
                kind, _, name = feature.partition(":")
                assert kind in ("played", "held", "trap", "move", "clan", "skill") and name in names, feature


def test_ninjitsu_features_are_the_cards_played_and_held() -> None:
    from ninjadojo.games.ninjitsu.cards import CARD_IDS

    names = {info.code: info.name for info in game_class("ninjitsu").card_catalog()}
    game = _played("ninjitsu", 3, seed=5, options={"expansions": "promo,magic,sabotage"})
    found = game_features(game)
    for seat in range(3):
        played = {names[action[2:]] for who, action in game.record.actions
                  if who == seat and action[:2] in ("a:", "s:", "t:")}
        held = {names[CARD_IDS[card]] for zone in (game.hands, game.treasures, game.secrets) for card in zone[seat]}
        assert set(found[seat]) == {f"played:{name}" for name in played} | {f"held:{name}" for name in held}
    # Copies of a card (three suits) are one feature: no name repeats.
    assert all(len(seat) == len(set(seat)) for seat in found)


def test_knights_and_ninjas_counts_a_jester_standing_in_as_a_jester() -> None:
    from ninjadojo.games.knights_and_ninjas.builder import play, position

    game = position(3, hands=["quje", "pepepe", "kn"], top="sokn")
    play(game, "0:a1:kn*")
    found = game_features(game)
    assert "played:Jester" in found[0] and "played:Knight" not in found[0]
    assert "held:Queen" in found[0] and "held:Jester" not in found[0]
    assert found[1] == ("held:Peasant",) and found[2] == ("held:Knight",)
    revolt = position(3, hands=["pepeje", "kn", "so"], top="sokn")
    play(revolt, "0:a1:pe3*")
    assert {"played:Peasant", "played:Jester"} <= set(game_features(revolt)[0])


def test_ninja_trap_features_are_the_rooms_trapped_and_moved_to() -> None:
    names = {info.code: info.name for info in game_class("ninja-trap").card_catalog()}
    game = _played("ninja-trap", 3, seed=8)
    found = game_features(game)
    for seat in range(3):
        mine = [action for who, action in game.record.actions if who == seat]
        expected = {f"trap:{names[action[1]]}" for action in mine if action[0] == "t" and len(action) == 2}
        expected |= {f"move:{names[action[1]]}" for action in mine if action[0] == "m" and len(action) == 2}
        assert set(found[seat]) == expected


def test_ninja_camp_features_are_the_clan_and_the_skills_claimed_or_played() -> None:
    clans = {info.name for info in game_class("ninja-camp").card_catalog() if info.name.endswith("Clan")}
    game = _played("ninja-camp", 4, seed=3)
    found = game_features(game)
    for seat in range(4):
        seat_clans = [feature for feature in found[seat] if feature.startswith("clan:")]
        assert len(seat_clans) == 1 and seat_clans[0][5:] in clans
        played = {action[0] for who, action in game.record.actions if who == seat and action[1:2] == ":"}
        names = {info.code: info.name for info in game_class("ninja-camp").card_catalog()}
        for letter in played & set("AEDLHRS"):
            assert f"skill:{names[letter]}" in found[seat]


def test_a_game_without_features_has_none_in_a_report(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose package says nothing of features (a newly registered one) reports none, not an error."""
    monkeypatch.setattr(game_class("ninja-trap"), "_features", lambda self: None)
    game = _played("ninja-trap", 2, seed=1)
    assert game_features(game) == ((), ())
    data = report_data(run_report(ReportSettings.build("ninja-trap", players=2, games=3)), speed=False)
    assert data["variants"][0]["player_counts"][0]["features"] == []
