"""Ninjitsu! in words (issue 23): prompts and labels without the typing codes, for the base game and
every expansion, seats written P<n>, and an end that explains itself (every hand and secret shown to
every seat, the points counted line by line as the rulebook counts them).

The codes are the notation (notation.py): ``d`` draw, ``a:6c``/``s:6c``/``t:6c`` play, ``x2.0`` steal,
``f2.0`` flip, ``w0.1`` swap, ``c:6c`` choose, ``g:7`` guess, ``i2.0``/``h2`` take, ``k2.0`` pick,
``storm:6c``, ``swap:6c``, ``side:1``, ``snow``, ``fog``, ``done``, ``pass``. A player reads words; the
terminal shows the codes beside them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from ninjadojo.engine import Frame, Rng
from ninjadojo.engine.options import OptionValue
from ninjadojo.games.ninjitsu import STATE
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX, CARDS
from ninjadojo.games.ninjitsu.rules import FRAME_KINDS
from ninjadojo.games.ninjitsu.state import NinjitsuState

#: The notation's patterns, and the complaints of the issue, that no prompt or label may hold.
CODE_PATTERNS = [
    re.compile(r"<[a-z]"),  # <card>, <seat>: a placeholder
    re.compile(r"\b[a-z]{1,5}:\S"),  # a:6c, c:, side:1, storm:6c, g:7: a token
    re.compile(r"\([a-z]\)"),  # (d): a code in brackets
    re.compile(r"\b[xfikw]\d+\.\d+\b"),  # x2.0, f2.0, i2.0, k2.0, w0.1
    re.compile(r"\bh\d\b"),  # h2
    re.compile(r"\((?:snow|fog|done|pass)\)"),  # an action text in brackets, as the old prompts had
    re.compile(r"\+ card"),  # "(c: + card)"
    re.compile(r"\b[Ss]eats? \d"),  # seats are P<n>
    re.compile(r"\bRULINGS\.md\b"),
]

ALL = "promo,magic,sabotage,elements,weather"
#: (players, options) the playouts run under: every player count, each set alone and all together.
SETTINGS: list[tuple[int, dict[str, OptionValue]]] = [
    (2, {}), (3, {}), (4, {}), (5, {}),
    (3, {"expansions": "promo"}), (4, {"expansions": "magic"}), (3, {"expansions": "sabotage"}),
    (2, {"expansions": "elements"}), (4, {"expansions": "weather"}),
    (2, {"expansions": ALL}), (3, {"expansions": ALL}), (5, {"expansions": ALL}),
    (3, {"expansions": ALL, "element_order": "in-turn", "optional_texts": True}),
    (4, {"expansions": "promo,weather", "drought_draw": True, "crossover": True}),
]


def _codes_in(text: str) -> list[str]:
    return [match.group(0) for pattern in CODE_PATTERNS for match in pattern.finditer(text)]


def _check_decision(game: NinjitsuState, seat: int) -> str:
    decision = game.decision(seat)
    assert decision is not None
    assert not _codes_in(decision.prompt), f"codes {_codes_in(decision.prompt)} in {decision.prompt!r}"
    labels = game.labels(seat)
    assert list(labels) == game.legal_actions(seat)
    for action, words in labels.items():
        assert words != action and not _codes_in(words), f"{decision.kind} {action}: {words!r}"
    assert len(set(labels.values())) == len(labels), f"two actions share their words: {labels}"
    return decision.kind


def _playout(players: int, options: Mapping[str, OptionValue], seed: int, reached: set[str] | None = None,
             check: bool = True) -> NinjitsuState:
    """A random game to its end; with ``check``, every prompt and label of every decision is checked."""
    game = STATE.new(players, dict(options), seed=seed)
    rng = Rng(seed)
    while not game.is_terminal:
        seats = game.to_act()
        if check:
            for seat in seats:
                kind = _check_decision(game, seat)
                if reached is not None:
                    reached.add(kind)
        seat = seats[rng.randbelow(len(seats))]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
    return game


@pytest.mark.parametrize(("players", "options"), SETTINGS, ids=str)
def test_prompts_and_labels_are_words_in_random_games(players: int, options: dict[str, OptionValue]) -> None:
    for seed in range(3):
        game = _playout(players, options, seed)
        for event in game.events:
            assert not re.search(r"\b[Ss]eats? \d", event.text), f"a seat by number in {event.text!r}"


def test_every_decision_kind_is_reached_and_worded() -> None:
    # The playouts check every decision they reach; this makes sure they reach nearly every kind. The
    # ones left out need a rare tie or treasure of one value, or a Shape Shifting played with a treasure
    # (their words have scenario tests below: RARE).
    reached: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(12):
            _playout(players, {"expansions": ALL}, seed, reached)
    assert set(FRAME_KINDS) - reached <= {"fire", "telekinesis", "fire-keep", "tie", "shift"}, \
        set(FRAME_KINDS) - reached


# ---------------------------------------------------------------------- words of the rulebook


def test_the_opening_prompt_reads_as_a_turn() -> None:
    game = position(hands=["6a 9b", "2c"], secrets=["", "4a"])
    decision = game.decision(0)
    assert decision is not None
    assert decision.prompt == "Your turn (0 points, target 21): draw two cards, play a card, or steal a secret."
    labels = game.labels(0)
    assert labels["d"] == "Draw 2 cards"
    assert labels["t:6a"] == "Play Katana as a treasure"
    assert labels["s:9b"] == "Play Smoke Bomb as a secret"
    assert labels["x1.0"] == "Steal P1's secret #1"  # counted from 1 for people; the code from 0


def test_with_an_empty_hand_the_turn_offers_only_what_is_open_and_says_why() -> None:
    """An empty hand has no card to play: the prompt does not offer one, and says why (the rulebook's three
    actions, of which only drawing and stealing are open)."""
    game = position(hands=["", "2c"], secrets=["", "4a"])
    decision = game.decision(0)
    assert decision is not None
    assert decision.prompt == ("Your turn (0 points, target 21): draw two cards or steal a secret. Your hand is "
                               "empty, so you have no card to play.")
    assert set(game.labels(0)) == {"d", "x1.0"}


def test_the_elements_side_choice_names_the_side_in_the_rulebook_s_words() -> None:
    game = next(game for game in (STATE.new(2, {"expansions": "elements"}, seed=seed) for seed in range(100))
                if game.elements[0] == "fire")
    decision = game.decision(0)
    assert decision is not None and decision.prompt.startswith("Your Element is Fire: choose the side")
    assert game.labels(0) == {
        "side:1": "Side 1: Your highest-value treasure cannot be discarded from play. It can still be stolen, "
                  "moved, or swapped.",
        "side:2": "Side 2: At the end of each of your turns, you may trade a card from your hand with a random card "
                  "from an opponent's hand."}


def test_a_window_says_what_is_about_to_happen_and_what_the_card_does() -> None:
    game = position(hands=["", "1d"], secrets=["", "6b"], expansions="promo")
    game.apply(0, "x1.0")
    decision = game.decision(1)
    assert decision is not None
    # Spoken to the one asked: your secret, not "P1's".
    assert decision.prompt == ("Any time: P0 is about to steal your secret #1. You may play a card for free "
                               "(Andrea prevents the steal, and the thief loses the rest of their turn), or pass.")
    assert game.labels(1) == {"a:1d": "Play Andrea for free: stop the steal", "pass": "Pass: let it happen"}


def test_a_window_names_only_the_cards_the_seat_can_answer_with_and_a_done_thing_is_not_let_happen() -> None:
    # A treasure has just entered play: Teleport may take it; there is nothing left to "let happen".
    game = position(hands=["6c", "1t"], expansions="promo")
    game.apply(0, "t:6c")
    decision = game.decision(1)
    assert decision is not None and decision.kind == "window"
    assert decision.prompt == ("Any time: Katana has just entered play among P0's treasures. You may "
                               "play a card for free (Teleport takes it into your hand), or pass.")
    assert game.labels(1)["pass"] == "Pass"
    assert "Alberti" not in decision.prompt
    # Whose hand it goes into, beyond doubt (not "P0's treasures into their hand").
    game.apply(1, "a:1t")
    assert game.observe(0)["log"][-1] == "P1 moves Katana from P0's treasures into P1's hand"


# ---------------------------------------------------------------------- the end


@pytest.mark.parametrize(("players", "options"), SETTINGS, ids=str)
def test_the_end_reveals_every_hand_and_secret_to_every_seat_and_counts_the_score(
        players: int, options: dict[str, OptionValue]) -> None:
    for seed in range(3):
        game = _playout(players, options, seed, check=False)
        assert game.result is not None
        for viewer in [None, *range(players)]:
            seats = game.observe(viewer)["seats"]
            assert isinstance(seats, list)
            for seat, entry in enumerate(seats):
                assert isinstance(entry, dict)
                assert entry["hand"] == [CARD_IDS[card] for card in game.hands[seat]]
                truth = [CARD_IDS[card] for card in game.secrets[seat]]
                if seat == viewer:
                    assert entry["secrets"] == truth
                else:
                    assert entry["known_secrets"] == [[position, cid] for position, cid in enumerate(truth)]
                assert entry["points"] == game.result.scores[seat]
            if viewer is not None:
                assert "##" not in game.render(viewer)
        for seat, lines in enumerate(game.score_lines()):
            assert lines[-1] == f"Total: {game.result.scores[seat]:g}", lines


def test_hands_and_secrets_stay_hidden_before_the_end() -> None:
    game = position(hands=["6a", "2c"], secrets=["9a", "4b"])
    seats = game.observe(1)["seats"]
    assert isinstance(seats, list) and isinstance(seats[0], dict)
    assert seats[0]["hand"] == [] and seats[0]["known_secrets"] == [] and seats[0]["points"] is None


def test_score_lines_count_bo_staff_face_down_and_treasures() -> None:
    # Bo Staff: "While face-down, worth +2 for each of your secrets including Bo Staff": 4 + 2 x 2.
    game = position(hands=["", ""], treasures=["6a 7b", ""], secrets=["4a 9c", ""])
    assert game.result is not None and game.result.scores[0] == 6 + 7 + 8 + 9
    assert game.score_lines()[0] == ["Treasure Katana: 6", "Treasure Chain and Sickle: 7",
                                     "Secret #1 Bo Staff: 8 (4 + 2 for each of the 2 secrets)",
                                     "Secret #2 Smoke Bomb: 9", "Total: 30"]
    # Alone, it counts one secret: "for the one secret", not "for each of the 1 secret".
    game = position(hands=["", ""], treasures=["6a 7b Ta", ""], secrets=["4a", ""])
    assert "Secret #1 Bo Staff: 6 (4 + 2 for the one secret)" in game.score_lines()[0]
    # Every player reads every player's lines at the end: none says "your".
    assert not [line for lines in game.score_lines() for line in lines if "your" in line.lower()]


def test_score_lines_count_vampire_ninja_and_master_of_earth() -> None:
    # Vampire Ninja face-up: each of its owner's secrets and treasures is worth -3. Master of Earth: twice
    # the number of treasures the opponents have in play.
    game = position(hands=["", ""], treasures=["3p 9a Ta", "2a 3a 4b"], secrets=["Em 9b", ""],
                    expansions="promo,magic")
    lines = words_of(game, 0)
    assert "Master of Earth: 6 (2 for each of the opponents' 3 treasures)" in lines
    assert "Vampire Ninja: -3 for each of the 5 cards in play: -15" in lines
    assert lines[-1] == f"Total: {3 + 9 + 10 + 9 + 6 - 15}" == f"Total: {game.points(0)}"


def words_of(game: NinjitsuState, seat: int) -> list[str]:
    """``seat``'s score lines, counted now (they are given at the end; the count is the same before)."""
    from ninjadojo.games.ninjitsu.words import score_lines

    return score_lines(game, seat)


# ---------------------------------------------------------------------- options in words


def test_options_have_labels_groups_and_say_which_set_they_need() -> None:
    specs = {option.name: option for option in NinjitsuState.option_specs()}
    assert specs["target"].title == "Points to win"
    expansions = specs["expansions"]
    assert expansions.title == "Expansions"
    assert [expansions.choice_label(choice) for choice in expansions.choices] == [
        "Promo Pack", "Masters of Magic", "Sabotage!", "The Elements", "Heavy Weather"]
    for name in ("Promo Pack", "Masters of Magic", "Sabotage!", "The Elements", "Heavy Weather"):
        assert name in expansions.help
    for name in ("element_seats", "element_sides", "element_order", "wind_nested"):
        assert specs[name].requires == ("expansions", "elements"), name
    assert specs["drought_draw"].requires == ("expansions", "weather")
    for option in NinjitsuState.SPEC.options:  # the game's own (the engine adds max_length)
        assert option.label, f"{option.name} has no label"
        assert not re.search(r"RULINGS|variant against|Ruling:|\b\w+=\w+", option.help), option.help


def test_the_end_reason_says_why_a_rival_at_the_target_does_not_win() -> None:
    # The rulebook: "the first player to have 21 or more points at the start of their turn is the winner". A
    # rival with as many points (a tie) or more is told why the winner is the other player.
    tie = position(hands=["", ""], treasures=["Ta 9a 2b", "Tb 9b 2c"])
    assert tie.result is not None and tie.result.winners == (0,)
    assert tie.result.reason == ("P0 starts their turn with 21 points (target 21) and wins. P1 also has 21 points, "
                                 "a tie, but a win is checked only at the start of a player's own turn, and "
                                 "P0's turn began before P1's next one")
    more = position(3, hands=["", "", ""], treasures=["Ta 9a 2b", "Tb 9b 2c 3a", "Tc 9c 3b"])
    assert more.result is not None
    assert more.result.reason.startswith("P0 starts their turn with 21 points (target 21) and wins. P1 (24 points) "
                                         "and P2 (22 points) also reach the target, but a win is checked only at")
    # Nobody else at the target: the reason is the plain one.
    alone = position(hands=["", ""], treasures=["Ta 9a 2b", "Tb 9b"])
    assert alone.result is not None
    assert alone.result.reason == "P0 starts their turn with 21 points (target 21) and wins"


def test_the_log_ends_a_line_of_two_sentences_with_a_full_stop() -> None:
    # The end's reason of two sentences (a rival at the target too), in the log, reads as on the end screen,
    # which ends it with a full stop; a line of one clause stays a log entry, as every other line of the log.
    ends: dict[bool, tuple[str, str]] = {}
    rng = Rng(5)
    for seed in range(300):
        game = STATE.new(2, None, seed)
        while game.result is None:
            seat = game.to_act()[0]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
        reason = game.result.reason
        log = game.observe(None)["log"]
        assert isinstance(log, list)
        ends.setdefault(". " in reason, (reason, str(log[-1])))
        if len(ends) == 2:
            break
    reason, line = ends[True]
    assert "but a win is checked only at the start of a player's own turn" in reason
    assert line == reason + "."
    reason, line = ends[False]
    assert line == reason and not line.endswith(".")


def test_the_end_reason_says_aurora_borealis_doubles_the_target() -> None:
    # Aurora Borealis: "Players ... need twice as many points to win": 42, said so at the end.
    game = position(hands=["", ""], treasures=["Ta Tb Tc 9a 9b", ""], expansions="promo,weather",
                    weather="Aw")
    assert game.result is not None
    assert game.result.reason == "P0 starts their turn with 48 points (target 42, doubled by Aurora Borealis) and wins"
    assert game.score_lines()[0][-1] == "Total: 48"


# The decisions random playouts rarely reach (a tie of values, a treasure of one value): their words,
# from frames as the rules push them, on a position with the cards in play.
RARE = [
    (Frame("fire", [0], {"by": "Qm", "chosen": ("Ta",), "cards": ("9a", "9b"), "left": 2}), ["c:9a", "c:9b"],
     "Master of Fire: the last 2 of the 3 highest treasures tie: choose one to discard.",
     ["Discard P1's Smoke Bomb", "Discard your Smoke Bomb"]),
    (Frame("telekinesis", [0], {"by": "4m", "value": 9}), ["c:9a"],
     "Telekinesis: steal an opponent's treasure of value 9 into your collection.",
     ["Steal P1's Smoke Bomb into your collection"]),
    (Frame("tie", [0], {"highest": True, "seat": 1, "rest": (), "cards": ("9a", "Ta")}), ["c:9a", "c:Ta"],
     "P1's highest-value treasures tie: choose the one to discard.",
     ["Discard P1's Smoke Bomb", "Discard P1's Tripwire"]),
    (Frame("shift", [0], {"by": "6m"}), ["c:9a", "c:Ta"],
     "Shape Shifting: swap the treasure you played with another treasure in play.",
     ["Swap it with P1's Smoke Bomb", "Swap it with P1's Tripwire"]),
    (Frame("fire-keep", [0], {"card": "", "seat": 0, "cards": ("9b", "9c")}), ["c:9b", "c:9c"],
     "Fire: your treasures tie for the highest (2 Smoke Bombs): choose the one Fire keeps in play.",
     ["Keep Smoke Bomb in play", "Keep Smoke Bomb in play"]),
]


@pytest.mark.parametrize(("frame", "actions", "prompt", "labels"), RARE, ids=lambda value: getattr(value, "kind", ""))
def test_the_rare_decisions_are_worded_too(frame: Frame, actions: list[str], prompt: str, labels: list[str]) -> None:
    from ninjadojo.games.ninjitsu import words
    from ninjadojo.games.ninjitsu.notation import OP_CHOOSE

    game = position(hands=["", ""], treasures=["9b 9c", "9a Ta"], expansions="magic,elements")
    assert words.prompt(game, 0, frame) == prompt
    said = [words.label(game, 0, frame, (OP_CHOOSE, CARD_INDEX[action[2:]], 0)) for action in actions]
    assert said == labels
    assert not any(_codes_in(text) for text in [prompt, *said])


def _ids_pattern(game: NinjitsuState) -> re.Pattern[str]:
    """A card id of ``game`` standing as a word (``6a``, ``Ka``, ``Xm``): notation, never a log line's words."""
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, game.card_ids_in_game))) + r")\b")


@pytest.mark.parametrize(("players", "options"), [
    (2, {"expansions": ALL}), (3, {"expansions": ALL}), (4, {"expansions": ALL}), (5, {"expansions": ALL}),
    (4, {"expansions": ALL, "crossover": True}), (3, {}),
])
def test_log_lines_name_cards_in_words(players: int, options: dict[str, OptionValue]) -> None:
    """Every log line, for every seat and a spectator, names cards by name: ``your secret is Smoke Bomb``,
    not ``your secret is 2c`` (issue 23). Transient looks stay in the events once expired, so the events'
    texts are checked as well as the views."""
    for seed in range(3):
        game = _playout(players, options, seed + 10 * players, check=False)
        ids = _ids_pattern(game)
        lines = [event.text for event in game.events]
        for viewer in (*range(players), None):
            log = game.observe(viewer)["log"]
            assert isinstance(log, list)
            lines += [str(line) for line in log]
        assert len(lines) > 10 * (players + 2), "the game logged its turns"
        named = [line for line in lines if ids.search(line)]
        assert not named, f"card ids in log lines: {named[:5]}"


def test_the_ids_pattern_finds_an_id_and_passes_a_name() -> None:
    """The check above can fail: it finds ``2c`` in the old wording and nothing in the new."""
    game = STATE.new(2, {"expansions": ALL}, seed=1)
    ids = _ids_pattern(game)
    assert ids.search("your secret is 2c") and ids.search("P0 plays Ka Master of Cunning for its action")
    assert not ids.search(f"your secret is {CARD_NAMES['2c']}")


CARD_NAMES = {CARDS[number].id: CARDS[number].name for number in range(len(CARDS))}


def test_copies_of_a_card_are_told_apart_by_who_else_knows_you_have_it() -> None:
    # Three Katanas in hand: P1 saw one come to P0 (it knows where that one lies); the other two were
    # drawn unseen. Playing the known one as a secret tells P1 what the secret is; the others do not.
    game = position(2, hands=["6a 6b 6c 2a", ""], known={"6a": [1]}, turn=0)
    labels = game.labels(0)
    assert labels["s:6a"] == "Play Katana as a secret (P1 knows you have it)"
    assert labels["s:6b"] == "Play Katana as a secret (no one else knows you have it, copy 1)"
    assert labels["s:6c"] == "Play Katana as a secret (no one else knows you have it, copy 2)"
    assert labels["t:2a"] == "Play Explosives as a treasure", "a card with no twin reads as before"
    assert len(set(labels.values())) == len(labels)


def test_a_copys_detail_after_a_seats_name_follows_a_dash_not_a_bracket_the_browser_reads_as_the_seats() -> None:
    """Wind's pass read "Pass Tripwire to P1 (hard bot, no one else knows you have it)" in the browser, which
    follows a bot's name with its own bracket and shares it with the words in brackets after it."""
    game = position(3, expansions="weather", weather="Ww", hands=["6a 6b", "9c", "5a"], deck="2a 3a 4a 2b",
                    known={"6a": [1]}, turn=0)  # type: ignore[arg-type]
    game.apply(0, "d")
    labels = game.labels(0)
    assert labels["c:6a"] == "Pass Katana to P1 \N{EM DASH} P1 knows you have it"
    assert labels["c:6b"] == "Pass Katana to P1 \N{EM DASH} no one else knows you have it"
    assert "(" not in labels["c:6a"] + labels["c:6b"]


def test_copies_known_alike_are_only_numbered() -> None:
    # Nothing tells them apart for their holder: no detail, only the copy's number.
    game = position(3, hands=["6a 6b", "", ""], known={"6a": [1, 2], "6b": [1, 2]}, turn=0)
    assert game.labels(0)["s:6a"] == "Play Katana as a secret (copy 1)"
    assert game.labels(0)["s:6b"] == "Play Katana as a secret (copy 2)"
    both = position(3, hands=["6a 6b", "", ""], known={"6a": [1, 2]}, turn=0)
    assert both.labels(0)["s:6a"] == "Play Katana as a secret (everyone knows you have it)"
    assert both.labels(0)["s:6b"] == "Play Katana as a secret (no one else knows you have it)"


def test_a_face_up_cage_or_squeaky_floor_says_why_choices_are_missing() -> None:
    # Sabotage!: "While this is face-up in front of you, you cannot play secrets / steal secrets as an action."
    game = position(hands=["6c", ""], treasures=["7s 8s", ""], secrets=["", "6b"], expansions="sabotage")
    decision = game.decision(0)
    assert decision is not None
    assert "Your Cage is face-up: no secrets as your action." in decision.prompt
    assert "Your Squeaky Floor is face-up: no stealing as your action." in decision.prompt
    assert not [label for label in game.labels(0).values() if "as a secret" in label or label.startswith("Steal")]
    plain = position(hands=["6c", ""], secrets=["", "6b"], expansions="sabotage").decision(0)
    assert plain is not None and "face-up" not in plain.prompt


def test_a_treasure_fire_keeps_is_named_where_a_discard_leaves_it_out() -> None:
    # The Elements, Fire side 1: "Your highest-value treasure cannot be discarded from play."
    game = position(hands=["6a", ""], treasures=["9a", "8a 5b"], expansions="elements", elements=["water1", "fire1"])
    game.apply(0, "a:6a")  # Katana: discard any treasure from play
    decision = game.decision(0)
    assert decision is not None and decision.kind == "discard-treasure"
    assert decision.prompt.endswith("Fire keeps P1's Climbing Hook in play.")
    assert sorted(game.legal_actions(0)) == ["c:5b", "c:9a"]


def test_a_decline_in_the_log_says_what_was_declined() -> None:
    """Every "declines" line of random games with every expansion names what was not done ("P0 declines"
    alone tells a reader nothing)."""
    from ninjadojo.api import new_game
    from ninjadojo.engine.playout import random_playout

    lines = set()
    for seed in range(30):
        game = new_game("ninjitsu", 3, {"expansions": "promo,magic,sabotage,elements,weather"}, seed=seed)
        random_playout(game, Rng(seed))
        lines |= {line.strip() for line in game.observe(None)["log"] if " declines" in line}
    assert lines, "no decline in 30 games"
    assert all(not line.endswith(" declines") for line in lines), lines


def test_a_card_whose_action_would_do_nothing_says_so_in_its_label() -> None:
    """Ruling 4 (default): a card may be played for its action even when it can do nothing; the turn's
    action is then spent for nothing, so the label says it. Master of Planning ("steal a secret") with no
    secret anywhere does nothing; with a rival's secret it steals."""
    game = position(hands=["Ja 6a", "9b"], secrets=["", ""])
    assert game.labels(0)["a:Ja"] == "Play Master of Planning for its action (it would do nothing now)"
    assert game.labels(0)["a:6a"] == "Play Katana for its action"  # (it can play the other card)
    game.apply(0, "a:Ja")
    assert not game.secrets[0] and not game.secrets[1] and not game.treasures[0]
    game = position(hands=["Ja 6a", "9b"], secrets=["", "8a"])
    assert game.labels(0)["a:Ja"] == "Play Master of Planning for its action"
    # Two copies that would do nothing: one bracket, the copy numbered inside it.
    game = position(hands=["Ja Jb 6a", "9b"])
    assert game.labels(0)["a:Ja"] == "Play Master of Planning for its action (it would do nothing now, copy 1)"
    # Across random games, the words agree with the rule the idle_actions option applies.
    from ninjadojo.games.ninjitsu.rules import can_act

    said = 0
    for seed in range(30):
        game = NinjitsuState.new(3, {"expansions": "promo,magic,sabotage"}, seed=seed)
        rng = Rng(seed)
        while game.result is None:
            seat = game.to_act()[0]
            if game.frames[-1].kind == "turn":
                for action, words in game.labels(seat).items():
                    if action.startswith("a:") and "now, for free" not in words:
                        card = CARD_INDEX[action[2:]]
                        # (a second copy in hand numbers the words inside the bracket: "now, copy 1)")
                        idle = "(it would do nothing now" in words
                        assert ") (" not in words, words
                        assert idle == (not can_act(game, seat, card)), (action, words)
                        said += idle
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
    assert said > 0


def test_a_step_that_can_do_nothing_says_why() -> None:
    """A card whose steps find nothing to act on says so in the log: it does not seem to fizzle."""
    game = position(hands=["Jc", ""], deck="2a 3a 4a")  # Master of Planning: steal a secret (there is none)
    game.apply(0, "a:Jc")
    assert game.observe(1)["log"] == [  # on the play's line, which says that it does nothing
        "P0 plays Master of Planning for its action: it does nothing now (no opponent has a secret to steal)"]
    game = position(hands=["6c", ""], deck="2a 3a 4a")  # Katana: discard a treasure, then play a card
    game.apply(0, "a:6c")
    lines = game.observe(1)["log"]
    assert isinstance(lines, list)
    assert lines[-1:] == ["P0 plays Katana for its action: it does nothing now (no treasure it may discard; P0 has "
                          "no card to play)"]
    # A card that does something first says why a later step does nothing on a line of its own.
    game = position(hands=["6c", ""], treasures=["", "9a"], deck="2a 3a 4a")
    game.apply(0, "a:6c")
    game.apply(0, "c:9a")
    assert game.observe(1)["log"][-1] == "  Katana: P0 has no card to play"  # type: ignore[index]


def test_an_answer_window_says_whose_card_is_moving_the_treasure() -> None:
    """Teleport's window names the card moving the treasure ("by P0's Master of Secrets"): the one who may
    answer knows what it answers. A discard names none: a trap's or an Event's discards happen while another
    card is on top of those resolving, which it would wrongly name."""
    game = position(expansions="promo", hands=["Qc", "1t"], treasures=["", "9c"], deck="2a 3a 4a")
    game.apply(0, "a:Qc")
    game.apply(0, "c:9c")
    decision = game.decision(1)
    assert decision is not None
    assert "Smoke Bomb is about to be moved from your treasures by P0's Master of Secrets." in decision.prompt
    game = position(expansions="promo,magic", hands=["6c", "1l"], treasures=["", "9c"], deck="2a 3a 4a")
    game.apply(0, "a:6c")
    game.apply(0, "c:9c")
    decision = game.decision(1)
    assert decision is not None and "Smoke Bomb is about to be discarded from your treasures." in decision.prompt


@pytest.mark.parametrize(("cards", "said"), [(1, "(1 card)"), (3, "(3 cards)")])
def test_a_reshuffle_counts_the_discard_pile_in_words(cards: int, said: str) -> None:
    """The discard pile shuffled into a new deck is counted as a reader says it: "1 card", "3 cards"."""
    game = NinjitsuState.new(2, None, 3)
    pile = game.deck[:cards]
    game.deck, game.discard = game.deck[cards:], pile
    game.reshuffle()
    line = game.events[-1].text
    assert f"the discard pile {said} is shuffled into a new deck" in line, line
    assert sorted(game.deck) == sorted(pile)


def test_the_words_examples_hold() -> None:
    """The module's examples (Smoke Bomb's two secrets counted in the prompt: "secret 1 of 2") are run."""
    import doctest

    from ninjadojo.games.ninjitsu import words

    failed, tried = doctest.testmod(words)
    assert tried >= 2 and failed == 0


def test_a_trap_ignored_says_why() -> None:
    # Master of Planning: "Steal a secret, ignoring its trap"; the log says which card made the trap harmless.
    game = position(hands=["Ja", ""], secrets=["", "Tb"], deck="3a 4a")
    game.apply(0, "a:Ja")
    game.apply(0, "x1.0")
    log = game.observe(None)["log"]
    assert isinstance(log, list)
    assert str(log[-1]).strip() == "The trap of Tripwire is ignored (Master of Planning ignores traps)"


def test_master_of_cunnings_trap_window_says_the_player_robbed_draws_4() -> None:
    """"When you steal this, the player you stole it from draws 4 cards": the any-time window before it says
    who draws, not that the trap is about to "hit" the thief."""
    game = position(players=2, expansions="promo", hands=["6a", "1n"], secrets=["", "Ka"])
    game.apply(0, "x1.0")
    prompt = game.decision(1).prompt
    assert "the trap of Master of Cunning is about to spring: you draw 4 cards" in prompt
    assert "hit" not in prompt


def test_darts_says_up_to_2_before_the_first_discard_and_1_more_after() -> None:
    game = position(players=2, hands=["Aa 6a", ""], treasures=["", "8a 9b"])
    game.apply(0, "a:Aa")
    assert game.decision(0).prompt.endswith("or stop (up to 2).")
    game.apply(0, "c:8a")
    assert game.decision(0).prompt.endswith("or stop (up to 1 more).")
