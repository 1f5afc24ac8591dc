"""``help CODE`` at the terminal answers for every code the board shows: Ninjato's board writes an Envoy
``t3`` (``t3~`` masked), a Rumor ``w1`` and a Sensei tile ``t6@2``, while its card list is keyed by
family (``env:t``, ``rum:w``) and tile kind (``t6``); a code naming two things (``t1``: the Tiger +1 tile
and Envoy t1 of the Taira) shows both."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ninjadojo.api import game_class, playable_games
from ninjadojo.cli.main import app
from ninjadojo.cli.play import find_cards

pytestmark = pytest.mark.skipif("ninjato" not in playable_games(), reason="Ninjato is not playable yet")


def _codes(text: str) -> list[str]:
    return [info.code for info in find_cards(game_class("ninjato").card_catalog(), text)]


def test_every_envoy_rumor_and_tile_code_of_the_board_finds_its_card() -> None:
    from ninjadojo.games.ninjato.cards import (
        CLANS,
        ENVOYS,
        RUMOR_KINDS,
        RUMORS,
        TILE_CODES,
        TILE_KIND_CODES,
        TILE_KIND_OF,
    )

    for envoy in ENVOYS:
        for shown in (envoy.code, f"{envoy.code}~", envoy.code.upper(), f"env:{envoy.code}"):
            assert f"env:{CLANS[envoy.clan]}" in _codes(shown), shown
    for rumor in RUMORS:
        for shown in (rumor.code, f"rum:{rumor.code}"):
            assert _codes(shown) == [f"rum:{RUMOR_KINDS[rumor.kind].code}"], shown
    for tile, shown in enumerate(TILE_CODES):
        assert TILE_KIND_CODES[TILE_KIND_OF[tile]] in _codes(shown), shown


def test_a_code_that_names_two_things_names_both_and_no_other() -> None:
    assert sorted(_codes("t1")) == ["env:t", "t1"]  # the Tiger +1 tile and Envoy t1
    assert _codes("t2") == ["env:t"]  # no tile t2; the Taira markers are written m:t2
    assert _codes("m:t8") == ["m:t"]
    assert "env:t" not in _codes("t9")  # Taira has seven Envoys, listed in their card's text
    assert _codes("x9") == []
    assert _codes("w1") == ["rum:w"]


def test_help_at_the_terminal_prints_each_card_a_code_names_in_full(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "ninjato", "--seed", "1", "--bots", "random"],
                           input="help t1\nhelp w1\nhelp t3~\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    catalog = {info.code: info for info in game_class("ninjato").card_catalog()}
    assert "'t1' names 2 things:" in out
    assert f"{catalog['t1'].name} (t1): {catalog['t1'].short}" in out
    assert out.count(f"{catalog['env:t'].name} (env:t): {catalog['env:t'].short}") == 2  # t1 and t3~
    assert f"{catalog['rum:w'].name} (rum:w): {catalog['rum:w'].short}" in out


def test_a_card_with_its_count_is_found_but_a_square_is_no_card() -> None:
    if "knights-and-ninjas" in playable_games():
        knights = game_class("knights-and-ninjas").card_catalog()
        assert [info.code for info in find_cards(knights, "pe2")] == ["pe"]  # a1:pe2, two Peasants
        assert [info.code for info in find_cards(knights, "a1:pe1")] == ["pe"]
    if "ninja-camp" in playable_games():
        camp = game_class("ninja-camp").card_catalog()
        assert find_cards(camp, "a6") == []  # square a6, whatever lies on it, is not the Ambush "A"
