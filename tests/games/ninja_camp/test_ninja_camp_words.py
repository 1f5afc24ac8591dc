"""Ninja Camp in the players' words (issue 23): prompts and the words of every legal action carry no
typing codes, every choice of a decision reads differently, seats are ``P<n>`` everywhere, the end shows
every player's cards and the count as the rulebook makes it, card texts and options speak to players."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import after, position
from ninjadojo.games.ninja_camp.cards import NAMES, PLATYPUS
from ninjadojo.games.ninja_camp.notation import encode_hand

#: The notation of Ninja Camp's actions and the other typing codes a player must never be shown.
CODES = {
    "angle-bracket placeholder": re.compile(r"<[a-z]"),
    "card or clan code before a square (E:b2, go:b2, take:b2)": re.compile(r"\b[A-Za-z]{1,4}:\s?[a-z]\d"),
    "clan code with a colon (sl:, pl:)": re.compile(r"\b(ar|ca|ch|fs|go|ha|pl|sl|take):"),
    "placement code (@c3, @<square>)": re.compile(r"@"),
    "two squares joined by a dash (b2-b5)": re.compile(r"\b[a-z]\d{1,2}-[a-z]\d"),
    "Goat's or Flying Squirrel's target code (>c6, xd5)": re.compile(r"\d[>x][a-z]\d"),
    "one-letter code in brackets ((d), (E))": re.compile(r"\(\w\)"),
    "option identifier or value (shadow_copies=pile)": re.compile(r"\w_\w|\w=\w"),
    "a seat written as a number": re.compile(r"\b[Ss]eat \d"),
    "rich markup": re.compile(r"\[/?[a-z ]+\]"),
}
#: Actions whose texts are words too (they may appear in a sentence).
WORD_ACTIONS = {"pass", "done"}

OPTION_SETTINGS: list[dict[str, Any]] = [
    {},
    {"shadow_copies": "pile", "armadillo_edge": "cards", "platypus_free_at_start": True},
    {"camel_diagonals": True, "chameleon_traps": True},
]


def _codes_in(text: str) -> list[str]:
    return [what for what, pattern in CODES.items() if pattern.search(text)]


def _play(players: int, seed: int, options: dict[str, Any]) -> tuple[NinjaCampState, set[str]]:
    """A random game that often reaches for the clan card (so that its decisions are seen), checking
    every decision on the way; returns the finished game and the decision kinds it reached."""
    game = NinjaCampState.new(players, options, seed=seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    while not game.is_terminal:
        seat = game.to_act()[0]
        frame = game.frames[-1]
        kinds.add(frame.kind)
        decision = game.decision(seat)
        assert decision is not None
        assert not _codes_in(decision.prompt), (decision.prompt, _codes_in(decision.prompt))
        labels = game.labels(seat)
        assert list(labels) == game.legal_actions(seat)
        for action, words in labels.items():
            assert words and words != action, action
            assert not _codes_in(words), (action, words, _codes_in(words))
            assert action in WORD_ACTIONS or action not in words, (action, words)
        # Two choices of one decision never read the same.
        assert len(set(labels.values())) == len(labels), sorted(labels.values())
        actions = list(labels)
        clan = [action for action in actions if ":" in action and action.split(":")[0].islower()]
        choices = clan if clan and rng.random() < 0.3 else [a for a in actions if a != "pass"] or actions
        if rng.random() < 0.03:
            choices = actions
        game.apply(seat, rng.choice(choices))
    return game, kinds


@pytest.mark.parametrize("options", OPTION_SETTINGS, ids=["default", "other-readings", "house-rules"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_prompt_and_choice_of_random_games_is_words_without_codes(players: int,
                                                                         options: dict[str, Any]) -> None:
    reached: set[str] = set()
    for seed in range(3):
        game, kinds = _play(players, 100 * players + seed, options)
        reached |= kinds
        for line in game.observe(0)["log"]:
            assert not _codes_in(line), line
        for viewer in (None, *range(players)):
            assert not CODES["a seat written as a number"].search(game.render(viewer))
    assert {"place", "turn"} <= reached


def test_the_platypus_decisions_are_reached_and_in_words() -> None:
    """Platypus is the only clan card with decisions of its own: random games that deal it reach them."""
    reached: set[str] = set()
    for seed in range(40):
        game = NinjaCampState.new(4, seed=seed)
        if PLATYPUS not in game.clans:
            continue
        _, kinds = _play(4, seed, {})
        reached |= kinds
        if {"platypus", "platypus-claim"} <= reached:
            break
    assert {"platypus", "platypus-claim"} <= reached


# ---------------------------------------------------------------------- the end


def _total(line: str) -> int:
    match = re.fullmatch(r"Total: (-?\d+) points?", line)
    assert match, line
    return int(match.group(1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_end_shows_every_players_cards_and_the_count_adds_up_to_the_score(players: int) -> None:
    for seed in range(3):
        game, _ = _play(players, 7 * players + seed, {})
        assert game.result is not None
        lines = game.score_lines()
        for viewer in (None, *range(players)):
            view = game.observe(viewer)
            assert view["score_lines"] == lines
            for seat, entry in enumerate(view["seats"]):
                # Nothing is hidden: every hand and discard pile as it truly is.
                assert entry["hand"] == encode_hand(game.hands[seat]).strip("-")
                assert entry["discard"] == game.discards[seat]
        for seat in range(players):
            count = lines[seat]
            assert _total(count[-1]) == game.scores()[seat]
            # Each line is one kind of card at its value; the lines add up to the total.
            values = [int(re.search(r": (-?\d+) points?$", line).group(1)) for line in count[:-1]]  # type: ignore[union-attr]
            assert sum(values) == _total(count[-1])
            cards = sum(int(line.split(" ")[0]) for line in count[:-1])
            assert cards == sum(game.hands[seat]) + len(game.discards[seat])
        winner = game.winners()[0]
        assert game.result.reason.startswith("All players have passed.")
        assert f"P{winner} wins with {int(game.scores()[winner])} point" in game.result.reason
        # The others follow from the highest score down, as a table of results reads.
        others = [int(points) for points in re.findall(r"P\d has (-?\d+) point", game.result.reason)]
        assert others == sorted(others, reverse=True), game.result.reason


def test_the_count_lists_each_kind_at_its_value_and_traps_take_a_point_away() -> None:
    # The rulebook: tally the skill cards in hand and discard pile; each Trap subtracts 1 point.
    state = position(2, squares={"a1": "A0", "b1": "T0", "c1": "E0", "g7": "L1", "f7": "D1", "e7": "S1"})
    over = after(state, "pass", "pass")
    assert over.score_lines()[0] == ["1 Ambush: 5 points", "2 Evades at 4 points each: 8 points",
                                     "1 Sprint: 2 points", "1 Trap: -1 point", "Total: 14 points"]
    assert over.score_lines()[1][-1] == "Total: 10 points"
    assert over.result is not None
    assert over.result.reason == "All players have passed. P0 wins with 14 points; P1 has 10 points."


def test_a_tie_says_who_wins_and_why() -> None:
    stealth = {"a1": "S0", "b1": "S0", "c1": "S0", "g7": "S1", "f7": "S1", "e7": "S1", "c4": "S", "e4": "S"}
    state = position(2, squares=stealth, hands={0: "E", 1: "E"}, to_act=0)
    over = after(state, "E:c1-c4", "E:e7-e4", "pass", "pass")
    assert over.result is not None and over.winners() == (1,)
    assert over.result.reason == ("All players have passed. P0 and P1 tie with 6 points: P1 wins as the tied "
                                  "player who took the last turn (passed last).")


# ---------------------------------------------------------------------- words of the rulebook


PARKED = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1"}


def _label(state: NinjaCampState, action: str) -> str:
    return state.label(state.to_act()[0], action)


def test_a_skill_card_names_the_card_the_squares_with_their_cards_and_the_claim() -> None:
    state = position(2, squares={**PARKED, "d4": "A0", "d5": "L", "d6": "D", "d7": "R", "e4": "L", "a7": "."},
                     hands={0: "ERS"}, to_act=0)
    assert _label(state, "E:d4-d7") == "Play Evade: move from d4 to d7 (a Sprint) and claim the Ambush on d4"
    # Stealth: "Claim the first card you pass over in addition to the card you claim".
    assert _label(state, "S:d4-d5-d6") == ("Play Stealth: move from d4 over d5 to d6 (a Dodge) and claim the "
                                          "Ambush on d4 and the Leap passed over on d5")


def test_ambush_and_shadow_say_whose_ninja_is_pushed_and_what_shadow_copies() -> None:
    cells = {"d4": "A0", "d6": "E1", "e7": "S", "d5": "L", "d7": "D", "a7": ".", "b7": "."}
    state = position(2, squares={**PARKED, **cells},
                     hands={0: "ERAH", 1: "E"}, discards={1: "R"}, to_act=0)
    assert _label(state, "A:d4-d6") == ("Play Ambush: charge from d4 to d6 (an Evade), push P1's ninja onto "
                                        "d7 (a Dodge), and claim the Ambush on d4")
    assert _label(state, "H:d4-d5") == "Play Shadow as Sprint: move from d4 to d5 (a Leap) and claim the Ambush on d4"
    prompt = state.decision(0)
    assert prompt is not None and "your Shadow moves as Sprint" in prompt.prompt


def test_clan_cards_are_named_with_what_they_do() -> None:
    goat = position(2, squares={**PARKED, "d4": "E0", "d6": "A1", "e7": "S", "d5": "L", "c6": "D"}, hands={0: ""},
                    clans={0: "go"}, to_act=0)
    assert _label(goat, "go:d4-d6>c6") == ("Use the Goat Clan: charge from d4 to d6 (an Ambush), move P1's ninja "
                                           "to c6 (a Dodge), and claim the Evade on d4")
    squirrel = position(2, squares={**PARKED, "d4": "E0", "d5": "A"}, hands={0: ""}, clans={0: "fs"}, to_act=0)
    assert _label(squirrel, "fs:d4-d5xg7") == ("Use the Flying Squirrel Clan: step from d4 to d5 (an Ambush), trade "
                                               "places with P1's ninja on g7 (a Stealth), and claim the Evade on d4")
    assert _label(squirrel, "fs:d4-d5xa1").startswith("Use the Flying Squirrel Clan: step from d4 to d5 (an Ambush), "
                                                      "trade places with your other ninja on a1 (a Stealth)")
    sloth = position(2, squares={**PARKED, "d4": "E0", "c4": "L"}, hands={0: ""}, clans={0: "sl"}, to_act=0)
    assert _label(sloth, "sl:c4") == "Use the Sloth Clan: claim the Leap on c4 (no ninja moves)"
    assert _label(sloth, "pass") == "Pass for the rest of the game (your ninjas stay where they are)"


def test_platypus_steps_and_its_claim_in_words() -> None:
    state = position(2, squares={**PARKED, "d4": "E0", "c4": "A0", "b1": "S", "c5": "L", "e5": "D"},
                     hands={0: ""}, clans={0: "pl"}, to_act=0)
    assert _label(state, "pl:c4-c5") == ("Use the Platypus Clan: step from c4 to c5 (a Leap), then maybe step a "
                                         "second ninja")
    stepped = after(state, "pl:c4-c5")
    decision = stepped.decision(0)
    assert decision is not None and decision.prompt.startswith("Platypus Clan: step another of your ninjas")
    assert _label(stepped, "done") == "Move no second ninja and claim the Ambush on c4"
    assert _label(stepped, "pl:d4-e5") == "Step your other ninja from d4 to e5 (a Dodge)"


def test_the_prompts_say_what_to_do_in_the_games_words() -> None:
    game = NinjaCampState.new(3, seed=2)
    decision = game.decision(0)
    assert decision is not None
    # The first ninja has no other to differ from: the rule of kinds is said from the second on.
    assert decision.prompt == "Set-up: place your first ninja on a free skill card"
    square = game.legal_actions(0)[0][1:]
    assert _label(game, "@" + square).startswith(f"Place a ninja on {square} (a")
    assert NAMES[game.cells[game.grid.index[square]]] in _label(game, "@" + square)
    while game.to_act() != (0,) or not game.ninjas[0]:  # round the table to seat 0's second ninja
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    second = game.decision(0)
    assert second is not None and second.prompt == (
        "Set-up: place your second ninja on a free skill card of a kind none of your ninjas stands on")
    state = position(2, squares={**PARKED, "d4": "E0"}, hands={0: "E"}, clans={0: "sl"}, to_act=0)
    turn = state.decision(0)
    assert turn is not None and turn.prompt == ("Your turn: play a skill card to move a ninja, use your Sloth Clan "
                                                "card (once a game), or pass for the rest of the game")
    used = position(2, squares={**PARKED, "d4": "E0"}, hands={0: "E"}, clans={0: "SL"}, to_act=0)
    decision = used.decision(0)
    assert decision is not None and "Sloth" not in decision.prompt
    # "If you cannot play a card or use your Ninja Clan ability, you must pass": the prompt says so.
    stuck = position(2, squares={**PARKED, "d4": "E0"}, hands={0: ""}, clans={0: "SL"}, to_act=0)
    assert stuck.legal_actions(0) == ["pass"]
    decision = stuck.decision(0)
    assert decision is not None and decision.prompt == ("Your turn: none of your cards can be carried out now, so "
                                                        "pass for the rest of the game")
    # Passing for good is final: even forced, the player is shown it and confirms it (never answered for them).
    assert decision.confirm and not turn.confirm
    # A clan card that cannot be carried out now is not offered in the prompt either (Sloth with no
    # unoccupied card beside any ninja of the seat; a Leap over the empty spaces is still possible): it is
    # named, with the cards in hand that no ninja can carry out in full, as having no move now.
    walled = position(2, squares={**PARKED, "d4": "E0", "c3": ".", "c4": ".", "c5": ".", "d3": ".", "d5": ".",
                                  "e3": ".", "e4": ".", "e5": ".", "a2": ".", "b2": ".", "c2": ".", "c1": "."},
                      hands={0: "ERL"}, clans={0: "sl"}, to_act=0)
    assert not [action for action in walled.legal_actions(0) if action.startswith("sl:")]
    decision = walled.decision(0)
    assert decision is not None and "use your Sloth" not in decision.prompt
    assert decision.prompt == ("Your turn: play a skill card to move a ninja, or pass for the rest of the game "
                               "(Evade, Sprint and your Sloth Clan card have no move now)")


def test_card_texts_and_options_speak_to_players() -> None:
    for card in NinjaCampState.card_catalog():
        assert "Ruling" not in card.text and "Option" not in card.text, card.text
        assert not _codes_in(card.text), (card.code, card.text, _codes_in(card.text))
    for spec in NinjaCampState.option_specs():
        if spec.name == "max_length":
            continue  # the engine's
        assert spec.label, spec.name
        for banned in ("RULINGS", "Ruling", "variant against", "true ", "default:"):
            assert banned not in spec.help, (spec.name, spec.help)
        assert not CODES["option identifier or value (shadow_copies=pile)"].search(spec.help), spec.help
        if spec.choices:
            assert len(spec.choice_labels) == len(spec.choices), spec.name


# ---------------------------------------------------------------------- the rules page's examples

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "ninja-camp.md"


def _word_scenarios() -> dict[str, tuple[NinjaCampState, list[str]]]:
    """For each action of the rules page's table of words: a position and the actions leading to it."""
    skills = position(2, squares={**PARKED, "d4": "A0", "d5": "L", "d6": "D", "d7": "R", "e4": "L", "a7": "."},
                      hands={0: "ERS"}, to_act=0)
    cells = {"d4": "A0", "d6": "E1", "e7": "S", "d5": "L", "d7": "D", "a7": ".", "b7": "."}
    ambush = position(2, squares={**PARKED, **cells}, hands={0: "ERAH", 1: "E"}, discards={1: "R"}, to_act=0)
    goat = position(2, squares={**PARKED, "d4": "E0", "d6": "A1", "e7": "S", "d5": "L", "c6": "D"}, hands={0: ""},
                    clans={0: "go"}, to_act=0)
    squirrel = position(2, squares={**PARKED, "d4": "E0", "d5": "A"}, hands={0: ""}, clans={0: "fs"}, to_act=0)
    sloth = position(2, squares={**PARKED, "d4": "E0", "c4": "L"}, hands={0: ""}, clans={0: "sl"}, to_act=0)
    platypus = position(2, squares={**PARKED, "d4": "E0", "c4": "A0", "b1": "S", "c5": "L", "e5": "D"},
                        hands={0: ""}, clans={0: "pl"}, to_act=0)
    placing = position(2, squares={"c3": "E"}, to_act=0)
    return {
        "@c3": (placing, []),
        "E:d4-d7": (skills, []),
        "S:d4-d5-d6": (skills, []),
        "H:d4-d5": (ambush, []),
        "A:d4-d6": (ambush, []),
        "go:d4-d6>c6": (goat, []),
        "fs:d4-d5xg7": (squirrel, []),
        "sl:c4": (sloth, []),
        "pl:c4-c5": (platypus, []),
        "pl:d4-e5": (platypus, ["pl:c4-c5"]),
        "done": (platypus, ["pl:c4-c5"]),
        "take:c4": (platypus, ["pl:c4-c5", "pl:d4-e5"]),
        "pass": (sloth, []),
    }


def test_the_rules_pages_words_are_the_games_words() -> None:
    """Each row of the rules page's table of choices is what the game says for that action."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("**Choices**"):text.index("**The log**")]
    rows = re.findall(r"^\| `([^`]+)`(?: \(second step\))? \| (.+?) \|$", section, re.MULTILINE)
    scenarios = _word_scenarios()
    assert [action for action, _ in rows] == list(scenarios)
    for action, words in rows:
        state, before = scenarios[action]
        game = after(state, *before)
        assert game.label(game.to_act()[0], action) == words, action


def test_the_rules_pages_prompts_are_the_games_prompts() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("**Prompts**"):text.index("**Choices**")]
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| (.+?) \|$", section, re.MULTILINE))
    scenarios = _word_scenarios()
    placing = scenarios["@c3"][0]
    platypus = after(scenarios["pl:c4-c5"][0], "pl:c4-c5")
    claiming = after(platypus, "pl:d4-e5")
    turn = position(2, squares={**PARKED, "d4": "A0", "d6": "A1", "e7": "S", "a7": "."}, hands={0: "ERH"},
                    discards={1: "E"},
                    clans={0: "go"}, to_act=0)
    for kind, game in (("place", placing), ("platypus", platypus), ("platypus-claim", claiming), ("turn", turn)):
        assert game.frames[-1].kind == kind
        decision = game.decision(game.to_act()[0])
        assert decision is not None
        assert rows[kind].startswith(decision.prompt), (kind, decision.prompt)
