"""What the docs show works: every action and position example in docs/rules/ninja-trap.md and in the
game's docstrings, and the builder's runnable examples (issue 8: "the docs' own example is refused")."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import ninjadojo.games.ninja_trap as package
from ninjadojo.api import new_game
from ninjadojo.games.ninja_trap import STATE, builder, notation, rulings, state, words
from ninjadojo.games.ninja_trap.builder import Seat, build, play
from ninjadojo.games.ninja_trap.cards import HAND_SIZE

RULES_DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "ninja-trap.md"
ACTION = re.compile(r"^(?:[tm][A-Z]|f\d{1,2}|pass|ok)$")
#: Written in the docs as patterns, not actions: `tX` (X a room code), `fN` (N a row position).
PLACEHOLDERS = {"tX", "mX", "fN"}


def _doc() -> str:
    return RULES_DOC.read_text(encoding="utf-8")


def _action_examples() -> list[str]:
    spans = re.findall(r"`([^`\n]+)`", _doc())
    return sorted({span for span in spans if ACTION.match(span) and span not in PLACEHOLDERS})


def test_the_docs_show_actions_of_every_kind() -> None:
    examples = _action_examples()
    assert {"tG", "mG", "f3", "pass", "ok"} <= set(examples), examples


@pytest.mark.parametrize("action", _action_examples())
def test_every_action_example_in_the_docs_is_accepted(action: str) -> None:
    # A position in which the example is a legal choice of seat 0.
    if action[0] == "t":
        game = build(2, "trap", [Seat(hand=action[1] + "GIDS"), Seat()], turn=4)
    elif action[0] == "m":
        game = build(2, "move", [Seat(hand=action[1] + "GID", traps="S4"), Seat()], turn=4)
    elif action == "ok":  # an unharmed move to the Buko
        game = build(2, "activate", [Seat(hand="GI", traps="D4"), Seat(hand="SF", traps="S4")], moves="BG", turn=4)
        play(game, {0: "pass", 1: "pass"})
    else:  # a flip (or pass) with enough traps in the row
        length = max(int(action[1:]) if action[0] == "f" else 1, 1)
        assert length <= 10, "the position below holds up to ten traps"
        row = ",".join(f"{'GIDSF'[i % 5]}{i + 1}" for i in range(length))
        game = build(2, "activate", [Seat(hand="GI", traps=row), Seat(hand="SF", traps=f"S{length}")],
                     moves="BG", turn=length)
    assert action in game.legal_actions(0)
    game.apply(0, action)
    assert game.record.actions[-1] == (0, action)


def test_the_docs_position_example_is_a_real_position() -> None:
    examples = [line.strip() for line in _doc().splitlines() if line.strip().startswith("ninja-trap|")]
    assert examples
    for text in examples:
        game = STATE.from_notation(text)
        assert game.to_notation() == text
        assert game.turn == 2 and game.stage() == "trap"


def test_the_notation_docstring_example_parses() -> None:
    doc = notation.__doc__ or ""
    body = next(line.strip() for line in doc.splitlines() if re.match(r"\s+\d+;", line))
    game = STATE.from_notation('ninja-trap|2|-|0000000000003039|0|[["trap",[0,1],{},"s",[]]]|-|' + body)
    assert game.to_notation().endswith("|" + body)


def test_the_docs_builder_example_runs() -> None:
    code = _doc().split("```python", 1)[1].split("```", 1)[0]
    namespace: dict[str, object] = {}
    exec(compile(code, str(RULES_DOC), "exec"), namespace)  # the assert in it must hold
    assert "game" in namespace


def test_the_docs_list_every_ruling_option_with_its_values() -> None:
    switch = _doc().split("### Rulings you can switch", 1)[1].split("\n## ", 1)[0]
    for option in rulings.OPTIONS:
        values = [option.default, *(choice for choice in option.choices if choice != option.default)]
        if isinstance(option.default, bool):
            values = [option.default, not option.default]
        row = next(line for line in switch.splitlines() if line.startswith(f"| `{option.name}` |"))
        shown = ", ".join(f"`{str(value).lower()}`" for value in values)
        assert f"| {shown} |" in row, f"{option.name}: {row}"
        assert f"(option `{option.name}=" in _doc(), f"ruling of {option.name} is marked with its option"


@pytest.mark.parametrize("module", [builder, package, rulings, state, words],
                         ids=["builder", "package", "rulings", "state", "words"])
def test_the_runnable_examples_in_the_docstrings_run(module: object) -> None:
    failures, tried = doctest.testmod(module, verbose=False)  # type: ignore[arg-type]
    assert tried and not failures


def test_the_rules_panel_says_how_a_reshuffle_refills_the_hand() -> None:
    # A player whose cards ran out read "each player draws two" and then a log line "... and draws 4": the rules
    # shown at the table say the new deck tops the hand back up (to the hand the game deals: five).
    text = " ".join(state.SPEC.rules.split())
    assert HAND_SIZE == 5 and "draw back up to five" in text
    game = new_game("ninja-trap", 2, {}, 3)
    while not game.is_terminal and not any("shuffles their discard pile" in event.text for event in game.events):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    line = next(event.text for event in game.events if "shuffles their discard pile" in event.text)
    seat = int(line[1])
    assert sum(game.hands[seat]) == HAND_SIZE, (line, game.hands[seat])
