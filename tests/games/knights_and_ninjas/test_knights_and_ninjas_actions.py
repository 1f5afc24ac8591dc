"""Writing actions: multi-card actions in any order (one canonical form in records), and every action
example the docs give is accepted by the game (issue #8: the docs' own ``pay:kn.pe`` was refused)."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import permutations
from pathlib import Path

import pytest

from ninjadojo.engine import Frame, IllegalActionError
from ninjadojo.games.knights_and_ninjas import STATE, KnightsAndNinjasState
from ninjadojo.games.knights_and_ninjas import encode as encode_module
from ninjadojo.games.knights_and_ninjas.builder import hand, play, position

ROOT = Path(__file__).resolve().parents[3]
DOCS = [ROOT / "docs" / "rules" / "knights-and-ninjas.md", ROOT / "docs" / "architecture.md"]

#: What an action of this game looks like (a pattern such as ``x:<card>`` is not an example).
ACTION = re.compile(r"a\d:([a-z]{2}\d*\**|arf)|r:[a-z]{2}\d*\**|(x|pay|show):[a-z]{1,2}(\.[a-z]{2})*|f:[a-z]{2}\*?"
                    r"|pick\d:[a-z]{2}|me\d\*?|(he|mo|hw)\*?|take|pass|end|keep|give|redeal")


#: Builds a position and names the seat to play the example in it.
Maker = Callable[[], tuple[KnightsAndNinjasState, int]]


def _monk() -> tuple[KnightsAndNinjasState, int]:
    return play(position(3, hands=["mo", "knpe", ""], forts=["------", "ca----", "------"]), "0:mo"), 1


def _herald() -> tuple[KnightsAndNinjasState, int]:
    return play(position(3, hands=["he", "so", "kn"]), "0:he"), 2


def _window(holding: str) -> Maker:
    return lambda: (play(position(3, hands=["kn", "pe", holding]), "0:a1:kn", "1:take"), 2)


def _responding(holding: str, attack: str = "kn") -> Maker:
    return lambda: (play(position(3, hands=[attack, "", holding]), f"0:a2:{attack}"), 2)


def _turn(holding: str, forts: tuple[str, str, str] = ("------",) * 3, rivals: str = "pe") -> Maker:
    return lambda: (position(3, hands=[holding, rivals, rivals], forts=list(forts)), 0)


def _duel_herald() -> tuple[KnightsAndNinjasState, int]:
    return play(position(2, hands=["hepepepe", "knpeso"]), "0:he"), 1


def _duel_minstrel() -> tuple[KnightsAndNinjasState, int]:
    return play(position(2, hands=["mica", "knpeso"]), "0:f:mi"), 1


def _draft() -> tuple[KnightsAndNinjasState, int]:
    return position(2, hands=["", ""], frames=[Frame("draft", [0])], draft="pesokn"), 0


ARCHER = ("------", "------", "--ar--")
CASTLE = ("------", "------", "ca----")

#: Every action example the docs give, with a position in which it is legal and the seat to play it.
EXAMPLES: dict[str, Maker] = {
    "a2:kn": _turn("kn"), "a2:pe": _turn("pe"), "a2:pe1": _turn("pe"), "a2:pe3": _turn("pepepe"),
    "a2:pe3*": _turn("pepeje"), "a2:kn*": _turn("je"), "a2:ni": _turn("ni"), "a2:dr": _turn("dr"),
    "a2:ar": _turn("ar", ARCHER), "a2:arf": _turn("kn", ("--ar--", "------", "--ar--")),
    "a2:cp": _turn("cp", CASTLE), "a2:la": _turn("la", CASTLE),
    "a1:kn": _turn("kn"), "a1:qu": _turn("qu"),
    "f:ca": _turn("ca"), "f:ar": _turn("ar"), "f:mi": _turn("mi"), "f:ar*": _turn("je"),
    "x:kn": _turn("kn"), "he": _turn("he"), "me2": _turn("me", rivals="pepe"), "mo": _turn("mo", CASTLE),
    "end": lambda: (play(position(3, hands=["caar", "pe", "pe"]), "0:f:ca"), 0),
    "r:kn": _responding("kn"), "r:pe2": _responding("pepe"), "r:so": _responding("so"),
    "r:tr": _responding("tr"), "r:pr": _responding("pr"), "r:ex": _responding("ex"), "r:mi": _responding("mi"),
    "r:pe3": _responding("pepepe", "qu"), "take": _responding("so"),
    "hw": _window("hw"), "hw*": _window("je"), "pass": _window("so"),
    "show:kn": _herald, "pick2:kn": lambda: (play(_herald()[0], "1:show:so", "2:show:kn"), 0),
    "pay:g": _monk, "pay:kn.pe": _monk, "pay:pe.kn": _monk,
    "show:kn.pe": _duel_herald, "x:kn.pe": _duel_minstrel, "x:so.pe": _duel_minstrel,
    "keep": _draft, "give": _draft, "redeal": lambda: (position(2, hands=["pe", "so"]), 0),
}


def _doc_examples() -> set[str]:
    examples = set()
    for path in DOCS:
        for token in re.findall(r"`([^`\n]+)`", path.read_text(encoding="utf-8")):
            if ACTION.fullmatch(token):
                examples.add(token)
    for token in re.findall(r"``([^`\n]+)``", encode_module.__doc__ or ""):
        if ACTION.fullmatch(token):
            examples.add(token)
    return examples


def test_every_action_example_in_the_docs_is_listed_here() -> None:
    found = _doc_examples()
    assert {"pay:kn.pe", "a2:kn", "x:kn.pe", "show:kn.pe", "take"} <= found, "the extraction finds the examples"
    assert found <= set(EXAMPLES), f"add a position for: {sorted(found - set(EXAMPLES))}"


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_every_documented_action_is_accepted(example: str) -> None:
    game, seat = EXAMPLES[example]()
    canonical = game.canonical(seat, example)
    assert canonical is not None, f"{example} is refused; legal: {game.legal_actions(seat)}"
    assert game.is_legal(seat, example)
    game.apply(seat, example)
    assert game.record.actions[-1] == (seat, canonical)


def test_the_monk_payment_of_the_docs_is_paid_in_either_order_and_recorded_in_card_order() -> None:
    for written in ("pay:kn.pe", "pay:pe.kn"):
        game, seat = _monk()
        assert game.canonical(seat, written) == "pay:pe.kn"
        play(game, f"1:{written}")
        assert game.record.actions[-1] == (1, "pay:pe.kn") and hand(game, 0) == "pekn"
        assert STATE.replay(game.record) == game


def test_every_order_of_a_three_card_payment_is_the_same_action() -> None:
    game = play(position(2, hands=["mopepepe", "knkiso"], forts=["------", "ca----"]), "0:mo")
    for order in permutations(("kn", "ki", "so")):
        assert game.canonical(1, "pay:" + ".".join(order)) == "pay:so.kn.ki"


def test_a_discard_of_two_cards_in_any_order_and_a_lone_peasant_without_its_count() -> None:
    game, seat = _duel_minstrel()
    assert game.canonical(seat, "x:so.kn") == "x:so.kn" and game.canonical(seat, "x:kn.so") == "x:so.kn"
    game, seat = _responding("pe")()
    assert game.canonical(seat, "r:pe") == "r:pe1"
    game, seat = _turn("je")()
    assert game.canonical(seat, "a2:pe*") == "a2:pe1*"


@pytest.mark.parametrize("action", ["pay:kn.kn", "pay:kn.zz", "pay:kn", "pay:kn.pe.so", "pay:.kn.pe", "pay:kn.pe."])
def test_other_cards_are_still_refused(action: str) -> None:
    game, seat = _monk()
    before = game.to_notation()
    assert game.canonical(seat, action) is None
    with pytest.raises(IllegalActionError):
        game.apply(seat, action)
    assert game.to_notation() == before
