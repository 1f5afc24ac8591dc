"""Words instead of codes, for every game (issue 23): no prompt and no label a front end receives carries
the typing notation, at every player count, with every expansion of Ninjitsu!, for every decision kind
random play reaches; labels tell a decision's choices apart; seats are named ``P<n>`` (never "seat 2") in
prompts, labels and log lines; and at the end every seat's final count adds up to its score.

Each game's own ``test_<game>_words.py`` checks its notation's patterns in detail; this is the one check
every game must pass, with patterns that no game's words contain: placeholders (``<seat>``), typing
tokens (``a:``, ``side:1``, ``x1.0``), a code in brackets (``(d)``, ``(tG)``)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ninjadojo.api import game_class, new_game

#: What typing codes look like in a text meant for players.
CODE_PATTERNS = {
    "a placeholder": re.compile(r"<[^<>\s]{1,20}>"),
    "a typing token": re.compile(r"\b[A-Za-z]{1,4}:[A-Za-z0-9@]"),
    "a seat.position code": re.compile(r"\b[a-z]\d\.\d\b"),
    "a code in brackets": re.compile(r"\((?:[a-z]{1,2}|[a-z][A-Z]|[a-z]{1,2}\d)[,)]"),
    "a seat named by number": re.compile(r"\bseat \d"),
}

NINJITSU_SETS = ("", "promo", "magic", "sabotage", "elements", "weather", "promo,magic,sabotage,elements,weather")

CASES: list[tuple[str, int, dict[str, Any]]] = []
for _game_id in ("knights-and-ninjas", "ninja-trap", "ninja-camp", "ninjato", "ninjitsu"):
    _spec = game_class(_game_id).SPEC
    for _players in range(_spec.min_players, _spec.max_players + 1):
        if _game_id == "ninjitsu":
            CASES += [(_game_id, _players, {"expansions": sets}) for sets in NINJITSU_SETS]
        else:
            CASES.append((_game_id, _players, {}))


def codes_in(text: str) -> list[str]:
    """The kinds of typing code ``text`` shows (empty for plain words)."""
    return [name for name, pattern in CODE_PATTERNS.items() if pattern.search(text)]


def test_the_patterns_catch_the_codes_the_issue_names() -> None:
    for text in ("draw 2 (d), play a card (a:/s:/t: + card)", "steal a secret (x<seat>.<position>)",
                 "side:1 (...) or side:2", "attack a rival (a<seat>:<card>)", "(tG, tB...)", "x1.0",
                 "dojo, sen:<tile>", "seat 2 draws"):
        assert codes_in(text), text
    for text in ("Your turn: draw two cards, play a card, or steal a secret", "Steal secret 1 of P2",
                 "Turn 2: lay a card from your hand face down as a trap", "Fight with a 1 and a 3 as -1: value 0",
                 "Buy the Rumor Greatest Warrior (cost: a Fan)"):
        assert not codes_in(text), text


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[f"{g}-{p}-{o.get('expansions', '') or 'base'}" for g, p, o in CASES])
def test_prompts_labels_and_log_are_words_and_the_end_counts_the_score(game_id: str, players: int,
                                                                      options: dict[str, Any]) -> None:
    kinds: set[str] = set()
    for seed in range(3):
        game = new_game(game_id, players, options, seed)
        rng = random.Random(seed)
        while not game.is_terminal and game.ply < 1500:
            seat = rng.choice(game.to_act())
            decision = game.decision(seat)
            assert decision is not None
            kinds.add(decision.kind)
            assert not codes_in(decision.prompt), (decision.kind, decision.prompt)
            labels = game.labels(seat)
            assert list(labels) == game.legal_actions(seat)
            for action, words in labels.items():
                assert not codes_in(words), (decision.kind, action, words)
                # The action's text itself is no label unless it is a plain word ("pass", "done").
                assert words != action or re.fullmatch(r"[a-z]{3,}", action), (decision.kind, action)
            assert len(set(labels.values())) == len(labels), (decision.kind, sorted(labels.values()))
            game.apply(seat, rng.choice(list(labels)))
        for line in game.observe(0)["log"]:  # type: ignore[union-attr]
            assert not CODE_PATTERNS["a seat named by number"].search(str(line)), line
        if game.result is not None and not game.result.truncated:
            for player, lines in enumerate(game.score_lines()):
                assert lines, f"P{player} has no final count"
                if not game.SPEC.score_name:  # won or lost (Ninja Trap): the last line says how it ended
                    assert not re.search(r"\d", lines[-1]), lines
                    continue
                total = re.findall(r"-?\d+(?:\.\d+)?", lines[-1])
                assert total and float(total[0]) == game.result.scores[player], (lines, game.result.scores)
    assert kinds, "no decision was reached"


@pytest.mark.parametrize("game_id", ["ninjitsu", "knights-and-ninjas", "ninja-trap", "ninja-camp", "ninjato"])
def test_the_rules_players_read_are_words_and_the_typing_is_apart(game_id: str) -> None:
    """The rules the browser's panel shows (``GameSpec.rules``) hold no notation; how actions are typed
    is the terminal's, in ``GameSpec.typing``."""
    spec = game_class(game_id).SPEC
    assert spec.rules.strip()
    for line in spec.rules.splitlines():
        assert not codes_in(line), line


@pytest.mark.parametrize("game_id", ["ninjitsu", "knights-and-ninjas", "ninja-trap", "ninja-camp", "ninjato"])
def test_the_texts_the_terminal_prints_whole_fit_80_columns(game_id: str) -> None:
    """``rules``, ``key`` and the typing help are printed as they are written: each line fits an 80-column
    terminal (Ninjato's key once had a line of 105 that wrapped raggedly)."""
    spec = game_class(game_id).SPEC
    for text in (spec.rules, spec.typing, spec.board_key):
        for line in (text or "").splitlines():
            assert len(line) <= 80, line


@pytest.mark.parametrize("game_id", ["ninjitsu", "knights-and-ninjas", "ninja-trap", "ninja-camp", "ninjato"])
def test_a_cards_short_text_never_says_its_name_again(game_id: str) -> None:
    """A card's short text follows its name everywhere (``cards``, the browser's card help): it adds to the
    name, never repeats it ("Guard 1: Guard 1") nor the kind the name begins with ("Rumor: Greatest Warrior:
    Rumor: counts ...")."""
    for info in game_class(game_id).card_catalog():
        kind = info.name.split(": ")[0] + ": " if ": " in info.name else None
        assert info.short != info.name, info
        assert kind is None or not info.short.startswith(kind), info


@pytest.mark.parametrize("game_id", ["knights-and-ninjas", "ninja-trap", "ninja-camp", "ninjato", "ninjitsu"])
def test_the_rules_do_not_open_by_saying_the_summary_again(game_id: str) -> None:
    # The rules panel shows the game's summary, then its rules: Ninja Camp's opened with the summary's
    # "move ninjas over a grid of skill cards, claiming the cards they leave" in other words.
    spec = game_class(game_id).SPEC

    def runs(text: str) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z]+", text.lower())
        return {tuple(words[i:i + 4]) for i in range(len(words) - 3)}

    opening = spec.rules.split(". ")[0]
    shared = runs(spec.summary) & runs(opening)
    assert not shared, f"{game_id}: the rules open with the summary's words again: {sorted(shared)}"
