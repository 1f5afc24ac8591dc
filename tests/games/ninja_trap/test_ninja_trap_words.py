"""Ninja Trap in words (issue 23): prompts and labels without the typing codes, seats written P<n>, and
an end that explains itself (every hand and face-down trap shown, the count line by line).

The codes are the notation (encode.py): ``tG`` lay a trap, ``mG`` move, ``f3`` flip the trap at row
position 3, ``pass``, ``ok``. A player reads words; the terminal shows the codes beside them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from ninjadojo.engine import Rng
from ninjadojo.engine.options import OptionValue
from ninjadojo.games.ninja_trap import STATE, NinjaTrapState
from ninjadojo.games.ninja_trap.builder import Seat, build, play
from ninjadojo.games.ninja_trap.cards import CODES, ROOMS, deck_counts
from ninjadojo.games.ninja_trap.rulings import OPTIONS

#: The notation's patterns, and the complaints of the issue, that no prompt, label or log line may hold.
CODE_PATTERNS = [
    re.compile(r"\b[tm][GIDSFTNB]\b"),  # tG, mB: lay a trap, move
    re.compile(r"\bf\d+\b"),  # f3: flip a trap (also f1-f2)
    re.compile(r"\([A-Za-z]{1,3}\)"),  # (d), (G): a code in brackets (a count such as (18) is words)
    re.compile(r"<[a-z]"),  # <room>: a placeholder
    re.compile(r"\b[a-z]{1,3}:\S"),  # x:1, t:G: a token
    re.compile(r"\.\.\.\)"),  # (tG, tB...)
    re.compile(r"\bok\b"),  # the look's action text
    re.compile(r"\b[Ss]eats? \d"),  # seats are P<n>
    re.compile(r"shown above"),  # the look with no traps said so
]

#: Option settings the playouts run under (ghost traps need 3 or more players).
SETTINGS: list[tuple[int, dict[str, OptionValue]]] = [
    (2, {}), (3, {}), (4, {}),
    (2, {"reshuffle": "empty", "stalemate": "fewest_hits"}),
    (3, {"ghost_traps": True, "shared_buko_look": False}),
    (4, {"ghost_traps": True, "reshuffle": "empty"}),
]


def _codes_in(text: str) -> list[str]:
    return [match.group(0) for pattern in CODE_PATTERNS for match in pattern.finditer(text)]


def _playout(players: int, options: Mapping[str, OptionValue], seed: int, check: bool = True) -> NinjaTrapState:
    """A random game to its end; with ``check``, every prompt and label of every decision is checked."""
    game = STATE.new(players, dict(options), seed=seed)
    rng = Rng(seed)
    while not game.is_terminal:
        seats = game.to_act()
        if check:
            for seat in seats:
                _check_decision(game, seat)
        seat = seats[rng.randbelow(len(seats))]
        actions = game.legal_actions(seat)
        # Flip now and then only, so that rows grow long and Buko looks find traps.
        flips = [action for action in actions if action.startswith("f")]
        action = "pass" if flips and rng.random() < 0.7 else actions[rng.randbelow(len(actions))]
        game.apply(seat, action)
    return game


def _check_decision(game: NinjaTrapState, seat: int) -> None:
    decision = game.decision(seat)
    assert decision is not None
    assert not _codes_in(decision.prompt), f"codes {_codes_in(decision.prompt)} in {decision.prompt!r}"
    labels = game.labels(seat)
    assert list(labels) == game.legal_actions(seat)
    for action, words in labels.items():
        assert words != action and not _codes_in(words), f"{action}: {words!r}"
    assert len(set(labels.values())) == len(labels), f"two actions share their words: {labels}"


@pytest.mark.parametrize(("players", "options"), SETTINGS, ids=lambda value: str(value))
def test_prompts_labels_and_log_lines_are_words_in_random_games(players: int, options: dict[str, OptionValue]) -> None:
    for seed in range(3):
        game = _playout(players, options, seed)
        # Log lines (shared ones and each seat's own) are read in the browser too.
        for event in game.events:
            assert not _codes_in(event.text), f"codes {_codes_in(event.text)} in the log line {event.text!r}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_kind_is_reached_and_worded(players: int) -> None:
    # The playouts above check every decision they reach; this makes sure they reach every kind.
    reached: set[str] = set()
    for seed in range(6):
        game = STATE.new(players, seed=seed)
        rng = Rng(seed)
        while not game.is_terminal:
            seat = game.to_act()[0]
            decision = game.decision(seat)
            assert decision is not None
            reached.add(decision.kind)
            _check_decision(game, seat)
            actions = game.legal_actions(seat)
            game.apply(seat, "pass" if "pass" in actions and rng.random() < 0.7 else
                       actions[rng.randbelow(len(actions))])
    assert reached == {"trap", "move", "activate", "look"}


def test_an_out_players_flip_is_worded_too() -> None:
    # ghost_traps (ruling 6): the out player is asked to flip; its prompt says its ninja is out.
    game = build(3, "activate", [Seat(hand="GI", traps="D4"), Seat(hand="TF", traps="I4"),
                                 Seat(hand="GI", traps="S2", hits=3)],
                 moves="GS-", turn=4, options={"ghost_traps": True})
    decision = game.decision(2)
    assert decision is not None and decision.prompt == (
        "Turn 4: your ninja is out, but your traps are live: flip your face-down trap to spring it, or pass. "
        "P0 is in the Genkan; P1 is in the Shinshitsu.")
    _check_decision(game, 2)


# ---------------------------------------------------------------------- the end


@pytest.mark.parametrize(("players", "options"), SETTINGS, ids=lambda value: str(value))
def test_the_end_reveals_every_hand_and_trap_to_every_seat_and_counts_the_score(
        players: int, options: dict[str, OptionValue]) -> None:
    for seed in range(3):
        game = _playout(players, options, seed, check=False)
        assert game.result is not None
        for viewer in [None, *range(players)]:
            seats = game.observe(viewer)["seats"]
            assert isinstance(seats, list)
            for seat, entry in enumerate(seats):
                assert isinstance(entry, dict)
                assert entry["hand"] == "".join(CODES[room] * count for room, count in enumerate(game.hands[seat]))
                assert entry["revealed_traps"] == [
                    {"position": position + 1, "turn": turn, "room": CODES[room]}
                    for position, (room, turn) in enumerate(zip(game.traps[seat], game.trap_turns[seat], strict=True))]
        _check_score_lines(game)


def test_the_hidden_cards_stay_hidden_until_the_end() -> None:
    game = STATE.new(3, seed=1)
    for viewer in [None, 0, 1, 2]:
        for entry in game.observe(viewer)["seats"]:  # type: ignore[union-attr]
            assert isinstance(entry, dict) and "hand" not in entry and "revealed_traps" not in entry


def _check_score_lines(game: NinjaTrapState) -> None:
    assert game.result is not None
    for seat, lines in enumerate(game.score_lines()):
        # Won or lost, no points: no total, no number but a truncated game's lives left.
        assert not any(line.startswith("Total") for line in lines), lines
        if not game.result.truncated:
            assert not re.search(r":\s*\d+$", lines[-1]), lines
        assert lines[0].startswith(f"Hits taken: {game.hits[seat]} of 3")
        traps = next(line for line in lines if line.startswith("Traps still face down"))
        named = re.findall(r"(\w+) \(turn (\d+)\)", traps)
        assert named == [(ROOMS[room].name, str(turn))
                         for room, turn in zip(game.traps[seat], game.trap_turns[seat], strict=True)]
        for line in lines:
            assert not _codes_in(line), line


def test_a_game_stopped_at_its_maximum_length_counts_the_lives_left() -> None:
    game = STATE.new(2, {"max_length": 30}, seed=3)
    rng = Rng(3)
    while not game.is_terminal:
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
    assert game.result is not None and game.result.truncated
    _check_score_lines(game)
    for seat, lines in enumerate(game.score_lines()):
        lives = 3 - game.hits[seat]
        assert lines[-1] == f"Lives left: {lives} (the game stopped at its maximum length, with no winner)"


def test_the_last_ninja_standing_is_counted_as_the_rulebook_counts() -> None:
    # P0 flips its Genkan trap under P1, who had two hits: three hits and P1 is out; P0 is the last standing.
    game = build(2, "activate", [Seat(hand="GI", traps="G3,B4", hits=1), Seat(hand="SF", traps="S3,I4", hits=2)],
                 moves="IG", turn=4)
    play(game, {0: "f1", 1: "pass"})
    assert game.result is not None and game.result.reason == "P0 is the last ninja standing and wins."
    assert game.score_lines() == [
        ["Hits taken: 1 of 3 (2 lives left)", "Traps still face down (1): Buko (turn 4)",
         "Last ninja standing (the win)"],
        ["Hits taken: 3 of 3 (out)", "Traps still face down (2): Shinshitsu (turn 3), Ima (turn 4)",
         "Knocked out on the last turn"],
    ]
    # The picture shows both rows face up and both hands.
    picture = game.render(1)
    assert "traps Buko (turn 4)" in picture and "traps Shinshitsu (turn 3), Ima (turn 4)" in picture
    assert "hand Genkan, Ima" in picture and "hand Shinshitsu, Furoba" in picture


def test_a_stalemate_is_counted_as_forced_into_one_room() -> None:
    counts = deck_counts(2)
    rest = [CODES[room] for room in range(len(ROOMS)) for _ in range(counts[room]) if CODES[room] != "G"]
    row = ",".join(f"{code}{turn}" for turn, code in enumerate(rest, start=1))
    game = build(2, "trap", [Seat(hand="GGG", traps=row, hits=1), Seat(hand="GGG", traps=row)], turn=len(rest) + 1)
    play(game, {0: "tG", 1: "tG"})
    play(game, {0: "mG", 1: "mG"})
    assert game.result is not None and game.winners() == (0, 1)
    assert game.result.reason == ("P0 and P1 are forced into the Genkan for good, can never be trapped again, "
                                  "and share the win.")
    for lines in game.score_lines():
        assert lines[-1] == "Forced into the Genkan for good with the others (a shared win)"


# ---------------------------------------------------------------------- words of the rulebook


def test_the_look_with_no_traps_does_not_say_they_are_shown() -> None:
    # Issue 23: "your traps are shown above" when you have none.
    game = build(2, "activate", [Seat(hand="GI", traps="D4"), Seat(hand="SF", traps="S4")], moves="BG", turn=4)
    play(game, {0: "f1", 1: "pass"})  # P0 flips its only trap (nobody in the Daidokoro), then looks
    assert game.stage() == "look" and not game.traps[0]
    decision = game.decision(0)
    assert decision is not None
    assert "no face-down traps" in decision.prompt and "shown" not in decision.prompt
    assert game.labels(0) == {"ok": "Go on"}


def test_the_look_with_traps_says_they_are_shown_only_now() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D3,S4"), Seat(hand="SF", traps="S4")], moves="BG", turn=4)
    play(game, {0: "pass", 1: "pass"})
    decision = game.decision(0)
    assert decision is not None and "your 2 face-down traps are shown to you, only now" in decision.prompt
    assert game.labels(0) == {"ok": "Hide your traps again and go on"}  # in the second person, as every choice


def test_each_stage_prompt_and_label_speaks_of_traps_rooms_and_moves() -> None:
    game = build(3, "trap", [Seat(hand="GGIIB", traps="D1"), Seat(), Seat()], turn=2)
    decision = game.decision(0)
    assert decision is not None and decision.prompt.startswith("Turn 2: lay a card from your hand face down as a trap")
    assert game.labels(0) == {"tG": "Set a trap in the Genkan (entrance)", "tI": "Set a trap in the Ima (living room)",
                              "tB": "Set a trap in the Buko (armoury)"}
    play(game, {0: "tG", 1: game.legal_actions(1)[0], 2: game.legal_actions(2)[0]})
    decision = game.decision(0)
    assert decision is not None and decision.prompt == (
        "Turn 2: choose the room your ninja moves to. All moves are revealed together.")
    assert game.labels(0) == {"mG": "Move to the Genkan (entrance)", "mI": "Move to the Ima (living room)",
                              "mB": "Move to the Buko (armoury): if not trapped there, you see your traps"}


def test_a_flip_is_named_by_the_turn_the_trap_was_laid_which_a_flip_before_it_never_changes() -> None:
    # Ruling 5: traps are told apart by the turn placed (one trap a turn); a place in the row is not a name,
    # since the row closes up after a flip.
    game = build(3, "activate", [Seat(hand="GI", traps="D1,G3"), Seat(hand="SF", traps="S3"),
                                 Seat(hand="SF", traps="I3")], moves="BGG", turn=3)
    assert game.labels(0) == {"pass": "Pass: flip no trap this turn",
                              "f1": "Flip your trap laid on turn 1 and call TRAP!",
                              "f2": "Flip your trap laid on turn 3 and call TRAP!"}
    decision = game.decision(0)
    assert decision is not None and decision.prompt == (
        "Turn 3: flip one of your 2 face-down traps to spring it, or pass. "
        "You are in the Buko; P1 and P2 are in the Genkan.")
    play(game, {0: "f2"})
    assert "P0 calls TRAP! and flips the trap they laid on turn 3: the Genkan." in [e.text for e in game.events]
    # After a flip of the first trap, the trap laid on turn 3 keeps its name, though it is first in the row now.
    game = build(2, "activate", [Seat(hand="GI", traps="D1,G3"), Seat(hand="SF", traps="S3")], moves="BI", turn=3)
    play(game, {0: "f1", 1: "pass"})
    while game.decision(0) is None or game.decision(0).kind != "activate":  # type: ignore[union-attr]
        for seat in game.to_act():
            play(game, {seat: "pass" if "pass" in game.legal_actions(seat) else game.legal_actions(seat)[0]})
    assert game.turn > 3 and game.trap_turns[0][0] == 3
    flips = {action: text for action, text in game.labels(0).items() if action.startswith("f")}
    assert flips["f1"] == "Flip your trap laid on turn 3 and call TRAP!", flips
    assert flips == {f"f{i}": f"Flip your trap laid on turn {turn} and call TRAP!"
                     for i, turn in enumerate(game.trap_turns[0], start=1)}


def test_the_options_speak_to_players() -> None:
    for option in OPTIONS:
        assert option.label and option.label != option.name
        assert option.section == "House rules"
        assert len(option.choice_labels) == len(option.choices)
        for banned in ("RULINGS", "ruling", "Ruling", "variant", "="):
            assert banned not in option.help, f"{option.name}: {option.help}"
    assert {option.name: option.choice_labels for option in OPTIONS if option.choices} == {
        "reshuffle": ("Fewer than two cards", "Empty hand"),
        "stalemate": ("They share the win", "Fewest hits win"),
    }


# ---------------------------------------------------------------------- the docs show the words as they are


def _docs_words_section() -> str:
    text = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "ninja-trap.md").read_text(encoding="utf-8")
    return text.split("## Words for players", 1)[1].split("\n## ", 1)[0]


def test_the_docs_prompts_and_choices_are_the_engines() -> None:
    said: set[str] = set()

    def collect(game: NinjaTrapState, seat: int = 0) -> None:
        decision = game.decision(seat)
        assert decision is not None
        said.add(decision.prompt)
        said.update(game.labels(seat).values())

    game = build(2, "trap", [Seat(hand="GGIIB", traps="D1"), Seat()], turn=2)
    collect(game)
    play(game, {0: "tG", 1: game.legal_actions(1)[0]})
    collect(game)
    collect(build(2, "activate", [Seat(hand="GI", traps="D1,G3"), Seat(hand="SF", traps="S3")], moves="BG", turn=3))
    game = build(2, "activate", [Seat(hand="GI", traps="D3,S4"), Seat(hand="SF", traps="S4")], moves="BG", turn=4)
    play(game, {0: "pass", 1: "pass"})
    collect(game)
    lines = _docs_words_section().splitlines()
    rows = [line.split(" | ") for line in lines if line.startswith("| ") and "---" not in line]
    shown = [row[1] for row in rows[1:]] + [choice.strip(" |") for row in rows[1:] for choice in row[2].split("; ")]
    assert len(shown) >= 8
    for text in shown:
        assert text in said, f"the docs show {text!r}, which the engine does not say"


def test_the_docs_log_example_is_the_engines() -> None:
    game = build(3, "trap", [Seat(hand="GGIDS", traps="S1", hits=2), Seat(hand="GIDSF"),
                             Seat(hand="IFTSB", traps="G1,D2")], turn=3)
    play(game, {0: "tD", 1: "tF", 2: "tS"})
    play(game, {0: "mG", 1: "mG", 2: "mI"})
    play(game, {2: "f1"})
    section = _docs_words_section()
    start = section.index("    Turn 3: P0, P1 and P2 each lay")
    block = [line[4:] for line in section[start:].split("\n\n")[0].splitlines()]
    log = game.observe(None)["log"]
    assert isinstance(log, list)
    assert block == log[-len(block):]


def test_a_long_row_is_shown_face_up_at_the_end_counted_by_room_within_the_picture() -> None:
    row = ",".join(f"{code}{turn}" for turn, code in enumerate("GGGIIIDDDSSSFFF", start=2))
    game = build(2, "activate", [Seat(hand="T", traps=row, rest="discard"), Seat(hand="SF", traps="G16", hits=2)],
                 moves="BG", turn=16)
    play(game, {0: "f1", 1: "pass"})
    assert game.result is not None and game.winners() == (0,)
    lines = game.render(0).split("\n")
    assert "    traps by room: 2 Gen, 3 Ima, 3 Dai, 3 Shin, 3 Furo  discard Gen, Iku, 2 Buko" in "\n".join(lines)
    assert max(map(len, lines)) <= 80


def test_the_end_tells_on_which_turn_each_ninja_went_out() -> None:
    """Two ninjas knocked out are told apart by when they went out: "Hits taken: 3 of 3 (out on turn N)",
    the turn whose log holds "P<n>'s ninja is out."."""
    from ninjadojo.api import new_game
    from ninjadojo.engine.playout import random_playout

    told = lasts = 0
    for seed in range(12):
        game = new_game("ninja-trap", 4, {}, seed=seed)
        random_playout(game, Rng(seed))
        log = [line.strip() for line in game.observe(None)["log"]]
        for seat, lines in enumerate(game.score_lines()):
            if not lines[-1].startswith("Knocked out"):
                continue
            turn = int(lines[0].removeprefix("Hits taken: 3 of 3 (out on turn ").removesuffix(")"))
            out = log.index(f"P{seat}'s ninja is out.")
            heads = [line for line in log[:out] if line.startswith("Turn ")]
            assert heads[-1].startswith(f"Turn {turn}:"), (seat, lines, heads[-1])
            # The last line says "on the last turn" exactly when no turn began after the knock-out.
            last = not any(line.startswith("Turn ") for line in log[out:])
            if seat not in game.winners():
                assert lines[-1] == ("Knocked out on the last turn" if last else "Knocked out before the end"), lines
                lasts += last
            told += 1
    assert told >= 6 and 0 < lasts < told


def test_a_ninja_out_on_a_turn_without_a_trap_stage_is_told_that_turn() -> None:
    """A turn where no ninja has a card to spare lays no trap (see the Rulings): it still has its header
    line, and a ninja knocked out on it is told the turn it went out on (game.turn), not the one before."""
    from collections import Counter

    counts = dict(zip(CODES, deck_counts(2), strict=True))

    def traps(hand: str, first: str | None = None) -> str:
        left = Counter(counts)
        left.subtract(Counter(hand))
        rooms = [room for room in CODES for _ in range(left[room])]
        if first:
            rooms.remove(first)
            rooms.insert(0, first)
        return ",".join(f"{room}{place + 1}" for place, room in enumerate(rooms))

    row = traps("GI", "S")
    game = build(2, "trap", [Seat(hand="GI", traps=row), Seat(hand="DS", traps=traps("DS"), hits=2)],
                 turn=len(row.split(",")) + 1)
    play(game, {0: "tG", 1: "tD"})
    play(game, {0: "mI", 1: "mS"})
    play(game, {0: "pass", 1: "pass"})
    turn = game.turn  # every hand holds one card now: this turn has no trap stage
    assert f"Turn {turn}: no trap is laid (no ninja has a card to spare)." in [e.text for e in game.events]
    play(game, {0: "mI", 1: "mS"})
    play(game, {0: "f1", 1: "pass"})
    assert game.result is not None
    assert game.score_lines()[1][0] == f"Hits taken: 3 of 3 (out on turn {turn})"
