"""Positions: the parser refuses impossible ones (naming the law), the public builder makes whole ones,
other spellings of an action are accepted in their canonical form, every action the docs show is
accepted, and a parsed position is exactly the game it was written from."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

from ninjadojo.api import load_game
from ninjadojo.engine import IllegalActionError, NotationError, SaveError
from ninjadojo.games.ninja_camp import NinjaCampState, builder
from ninjadojo.games.ninja_camp.builder import after, card_at, hand_of, moves, ninjas_of, playout, position

PARKED = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1"}
DOC = Path(__file__).parents[3] / "docs" / "rules" / "ninja-camp.md"


def _mid_game(players: int = 2) -> NinjaCampState:
    """A position some turns into a real game."""
    return next(state for state in playout(players, 4) if state.turns == 6 and state.frames[-1].kind == "turn")


def _body(text: str) -> list[str]:
    """The five fields of a position's body."""
    return text.rsplit("|", 1)[1].split(" ")


def _with_body(text: str, fields: list[str]) -> str:
    return text.rsplit("|", 1)[0] + "|" + " ".join(fields)


def _refused(text: str, law: str) -> None:
    with pytest.raises(NotationError, match=f"impossible ninja-camp position: .*{law}"):
        NinjaCampState.from_notation(text)


# ---------------------------------------------------------------------- the examples


def test_a_card_added_to_a_hand_does_not_add_up() -> None:
    text = _mid_game().to_notation()
    fields = _body(text)
    seats = fields[3].split(";")
    seats[0] = "A" + seats[0]
    fields[3] = ";".join(seats)
    _refused(_with_body(text, fields), "cards do not add up: the grid has .* empty spaces but the hands and "
                                       "discard piles hold .* claimed cards")


def test_a_card_taken_off_the_grid_unclaimed_does_not_add_up() -> None:
    state = _mid_game()
    free = next(square for square in range(state.grid.size) if state.cells[square] and state.occupant[square] < 0)
    fields = _body(state.to_notation())
    cells = list(fields[1].replace("/", ""))
    cells[free] = "."
    cols = state.grid.cols
    fields[1] = "/".join("".join(cells[start:start + cols]) for start in range(0, len(cells), cols))
    _refused(_with_body(state.to_notation(), fields), "cards do not add up")


def test_more_cards_of_a_kind_than_the_box_holds_do_not_add_up() -> None:
    state = position(2, squares={**PARKED, "d4": "A0"}, to_act=0)
    fields = _body(state.to_notation())
    # Nine Walls: row 2 and two squares of row 3 become Walls.
    rows = fields[1].split("/")  # row 1 first; rows 2 and 3 have no ninja
    rows[1] = "WWWWWWW"
    rows[2] = "WW" + rows[2][2:]
    fields[1] = "/".join(rows)
    _refused(_with_body(state.to_notation(), fields), "cards do not add up: 9 Wall cards in play, but there are only 3")


def test_a_player_without_the_starting_sprint_is_refused() -> None:
    state = position(2, squares={**PARKED, "d4": "A0", "a7": "."}, hands={0: "ER", 1: "ERA"}, to_act=0)
    text = state.to_notation()
    assert ";AER,-," in text
    _refused(text.replace(";AER,-,", ";AEA,-,"), "seat 1 holds no Sprint: every player keeps the starting Sprint")


def test_a_game_in_play_with_a_missing_ninja_is_refused() -> None:
    text = _mid_game().to_notation()
    fields = _body(text)
    ninjas = fields[2].split(";")
    ninjas[1] = ",".join(ninjas[1].split(",")[:2])
    fields[2] = ";".join(ninjas)
    _refused(_with_body(text, fields), "seat 1 has 2 ninjas: once set-up is over every player has 3")


def test_a_game_in_play_with_no_ninja_for_a_seat_is_refused() -> None:
    text = _mid_game(3).to_notation()
    fields = _body(text)
    ninjas = fields[2].split(";")
    ninjas[2] = "-"
    fields[2] = ";".join(ninjas)
    _refused(_with_body(text, fields), "seat 2 has 0 ninjas")


# ---------------------------------------------------------------------- set-up and frames


def _set_up(placed: int, players: int = 2) -> NinjaCampState:
    game = NinjaCampState.new(players, seed=3)
    for _ in range(placed):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


@pytest.mark.parametrize("data", ['{"x":1}', '{"first":0}', '{"seat":0}'])
def test_a_place_frame_with_data_it_never_holds_is_refused(data: str) -> None:
    text = _set_up(2).to_notation()
    _refused(text.replace('[["place",[0],{},', f'[["place",[0],{data},'), "a 'place' frame holds no data")


def test_a_place_frame_for_the_wrong_seat_is_refused() -> None:
    text = _set_up(1, players=3).to_notation()  # seat 0 placed; seat 2 places next (counter-clockwise)
    assert '[["place",[2],' in text
    _refused(text.replace('[["place",[2],', '[["place",[1],'), "after 1 placements seat 2 places next")


def test_a_place_frame_after_every_ninja_is_placed_is_refused() -> None:
    game = _set_up(6)
    assert game.frames[-1].kind == "turn"
    text = game.to_notation().replace('[["turn",[1],', '[["place",[1],')
    _refused(text, "every ninja is placed: set-up is over, so nobody places another")


def test_a_turn_frame_during_set_up_is_refused() -> None:
    text = _set_up(3).to_notation()
    _refused(text.replace('[["place",[1],', '[["turn",[1],'), "seat 0 has 2 ninjas: once set-up is over")


def test_set_up_counts_of_ninjas_must_follow_the_placing_order() -> None:
    text = _set_up(2).to_notation()  # seats 0 and 1 have placed one each
    fields = _body(text)
    ninjas = fields[2].split(";")
    fields[2] = ";".join([ninjas[0] + "," + ninjas[1], "-"])
    _refused(_with_body(text, fields), "seat 0 has 2 ninjas, but after 2 placements")


def test_set_up_ninjas_stand_on_skill_cards_of_different_kinds() -> None:
    # Three placed (seat 0, seat 1, seat 0): seat 0's two on Ambushes.
    with pytest.raises(NotationError, match="seat 0's ninjas start on three different kinds"):
        position(2, squares={"a1": "A0", "b1": "A1", "c1": "A0"})
    with pytest.raises(NotationError, match="placed only on a skill card, not on the Trap on a1"):
        position(2, squares={"a1": "T0"})


def test_nothing_is_claimed_before_play_begins() -> None:
    with pytest.raises(NotationError, match="a card was claimed during set-up"):
        position(2, squares={"a1": "A0", "c3": "."}, hands={0: "ER"})


def test_a_frame_that_is_simultaneous_or_stacked_is_refused() -> None:
    text = _mid_game().to_notation()
    seat = _mid_game().to_act()[0]
    _refused(text.replace(f'[["turn",[{seat}],{{}},"",[]]]', f'[["turn",[{seat}],{{}},"s",[]]]'),
             "cannot be simultaneous or concealed")
    frame = f'["turn",[{seat}],{{}},"",[]]'
    _refused(text.replace(f"[{frame}]", f"[{frame},{frame}]"), "one decision at a time")


def test_platypus_frames_with_impossible_data_are_refused() -> None:
    state = position(2, squares={**PARKED, "d4": "E0", "c4": "A0", "b1": "S"}, hands={0: ""}, clans={0: "pl"},
                     to_act=0)
    step = after(state, "pl:c4-c5")
    text = step.to_notation()
    square = step.grid.index
    good = f'{{"first":{square["c4"]},"moved":{square["c5"]}}}'
    assert good in text
    _refused(text.replace(good, f'{{"first":{square["c4"]},"moved":{square["g5"]}}}'), "are not neighbours")
    _refused(text.replace(good, f'{{"first":{square["c4"]}}}'), "a 'platypus' frame holds first, moved")
    _refused(text.replace(good, f'{{"first":true,"moved":{square["c5"]}}}'), "must be a square number")
    _refused(text.replace(good, f'{{"first":{square["c4"]},"moved":99}}'), "must be a square number from 0 to 48")
    two = after(step, "pl:d4-e5")
    text = two.to_notation()
    left = f'{{"left":[{square["c4"]},{square["d4"]}]}}'
    assert left in text
    _refused(text.replace(left, f'{{"left":[{square["d4"]},{square["c4"]}]}}'), "listed in square order")
    _refused(text.replace(left, f'{{"left":[{square["c4"]},{square["g4"]}]}}'), "no ninja of seat 0 is next to it")
    _refused(text.replace(left, f'{{"left":{square["c4"]}}}'), "'left' is the pair of cards left")
    # And a Platypus frame for a seat without a used Platypus card.
    _refused(text.replace(",PL,", ",pl,"), "has no used Platypus Clan card")


# ---------------------------------------------------------------------- what the other fields say


def test_shadow_copies_must_match_the_discard_piles() -> None:
    state = position(2, squares={**PARKED, "d4": "H0", "a7": "."}, hands={0: "H", 1: "E"}, discards={1: "R"},
                     to_act=0)
    text = state.to_notation()
    assert ",ar,R," in text  # seat 0's Shadow copies the Sprint seat 1 played
    _refused(text.replace(",ar,R,", ",ar,D,"), "seat 0's Shadow copies Dodge, but it copies the last card other "
                                              "than Shadow an opponent played: Sprint")
    _refused(text.replace(",ca,E,", ",ca,-,"), "seat 1's Shadow copies nothing")


def test_two_players_with_the_same_clan_card_are_refused() -> None:
    text = position(2, squares=PARKED | {"d4": "E0"}, clans={0: "go", 1: "sl"}, to_act=0).to_notation()
    _refused(text.replace(",sl,", ",go,"), "two players hold the same Ninja Clan card")


def test_a_result_that_misstates_the_points_or_the_winner_is_refused() -> None:
    over = playout(2, 11)[-1]
    text = over.to_notation()
    result = json.dumps(over.result.to_json(), separators=(",", ":")) if over.result else ""
    scores = list(over.result.scores) if over.result else []
    lied = dict(json.loads(result), scores=[scores[0] + 1, scores[1]])
    _refused(text.replace(result, json.dumps(lied, separators=(",", ":"))), "scores .* are not the points")
    loser = 1 - over.winners()[0]
    lied = dict(json.loads(result), winners=[loser])
    _refused(text.replace(result, json.dumps(lied, separators=(",", ":"))), f"give seat {over.winners()[0]}")


def test_turn_numbers_are_ascii_whole_numbers() -> None:
    text = _mid_game().to_notation()
    fields = _body(text)
    for bad in ("٦", "+6", "6_0", "-2", "6.0"):
        with pytest.raises(NotationError, match="the turn counter must be"):
            NinjaCampState.from_notation(_with_body(text, [*fields[:4], bad]))


def test_a_save_whose_start_is_impossible_is_refused_like_a_position() -> None:
    state = _mid_game()
    fields = _body(state.to_notation())
    ninjas = fields[2].split(";")
    ninjas[0] = ",".join(ninjas[0].split(",")[:2])
    start = _with_body(state.to_notation(), [*fields[:2], ";".join(ninjas), *fields[3:]])
    save = {**NinjaCampState.from_notation(state.to_notation()).to_save(), "start": start}
    with pytest.raises(SaveError, match="impossible ninja-camp position: seat 0 has 2 ninjas"):
        load_game(save)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_parsed_position_is_the_game_it_was_written_from(players: int) -> None:
    # Nothing happens at the start of a turn, and every field is checked: the same legal actions, and
    # the rest of the game's actions from it lead to the same end as the real game.
    states = playout(players, 20 + players, passing=True)
    final = states[-1]
    for state in states[:-1]:
        seat = state.to_act()[0]
        parsed = NinjaCampState.from_notation(state.to_notation())
        assert parsed.legal_actions(seat) == state.legal_actions(seat)
        for acting, action in final.record.actions[len(state.record.actions):]:
            parsed.apply(acting, action)
        assert parsed.to_notation() == final.to_notation()


# ---------------------------------------------------------------------- the builder


def test_the_builders_documented_example_runs() -> None:
    failures, tried = doctest.testmod(builder, verbose=False)
    assert tried > 0 and failures == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_built_positions_pass_every_law_and_round_trip(players: int) -> None:
    # Each seat's ninjas on its own row (1, 3, 5, 7), two cards claimed, seat 0 passed when others play on.
    squares = {f"{col}{2 * seat + 1}": f"?{seat}" for seat in range(players) for col in "abc"}
    state = position(players, squares={**squares, "e2": ".", "f2": "."}, passed=(0,) if players > 2 else ())
    state.check_invariants()
    assert NinjaCampState.from_notation(state.to_notation()) == state
    assert state.frames[-1].kind == "turn" and (state.passed_at[0] >= 0) == (players > 2)
    assert sum(map(sum, state.hands)) + sum(map(len, state.discards)) == 2 * players + 2


def test_the_builder_fills_in_starting_cards_claims_and_history() -> None:
    state = position(2, squares={**PARKED, "d4": "E0", "c3": ".", "c5": "."}, hands={0: "A"}, to_act=0)
    assert hand_of(state, 0) == "A" and sorted(state.discards[0]) == ["E", "R"]  # it played its starting cards
    assert sum(state.hands[1]) == 3  # seat 1's hand took the claimed card no hand listed
    assert state.turns % 2 == 1 and state.last_move[0] >= 1  # seat 1 moved first; seat 0 moved twice
    assert state.copyable[1] in (2, 6)  # seat 1's Shadow copies seat 0's last card
    assert card_at(state, "c3") == "." and ninjas_of(state, 1) == ["e7", "f7", "g7"]
    assert moves(state, "E:") == set() and moves(state, "A:") == set()  # its Ambush has no target


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"squares": {"a1": "Z0"}}, "bad square 'Z0'"),
    ({"squares": {"a1": "A5"}}, "the ninja's seat is 0 to 1"),
    ({"squares": {"z9": "A0"}}, "no square 'z9'"),
    ({"hands": {0: "AW"}}, "holds skill cards and Traps"),
    ({"hands": {0: "ERA"}, "squares": PARKED | {"d4": "A0"}}, "hold 1 claimed cards .* but the grid has only 0"),
    ({"squares": PARKED | {"d4": "A0", "c3": "."}, "hands": {0: "ER", 1: "ER"}}, "list them in a hand"),
    ({"squares": {name: "W" for name in ("a1", "b1", "c1", "d1")}}, "too many Wall cards: 4"),
    ({"clans": {0: "go", 1: "GO"}}, "two seats hold the same clan card"),
    ({"clans": {0: "xx"}}, "unknown clan 'xx'"),
    ({"squares": PARKED | {"d4": "A0"}, "passed": (0, 1)}, "when every player has passed the game is over"),
    ({"squares": PARKED | {"d4": "A0"}, "passed": (0,), "to_act": 0}, "seat 0 has passed"),
    ({"squares": {"a1": "A0"}, "to_act": 0}, "seat 1 places next, not seat 0"),
    ({"to_act": 5}, "no seat 5"),
    ({"squares": {"a1": "A0"}, "passed": (1,)}, "nobody passes during set-up"),
    ({"squares": {"a1": "A0"}, "hands": {1: "ERA"}}, "claimed cards .* but the grid has only 0 empty spaces"),
    ({"fill": "W"}, "fill lists card letters"),
    ({"shadow": {0: "R,1"}}, "a Shadow copies a skill card other than Shadow"),
    ({"rng_state": -1}, "rng_state is a whole number"),
    ({"fill": "T"}, "no T card is left"),
])
def test_the_builder_refuses_what_cannot_be_with_a_clear_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        position(2, **kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- spellings and the docs' examples


def test_stealth_without_the_square_passed_over_is_accepted_when_the_path_is_unique() -> None:
    state = position(2, squares={**PARKED, "d4": "S0", "a7": "."}, hands={0: "ERS"}, to_act=0)
    assert state.canonical(0, "S:d4-d6") == "S:d4-d5-d6"
    assert state.canonical(0, "S:d4-e5") is None  # through d5 or e4: it must say which
    with pytest.raises(IllegalActionError, match=r"several paths join d4 and e5: write the square passed over "
                                                 r"\(S:d4-d5-e5 or S:d4-e4-e5\)"):
        state.apply(0, "S:d4-e5")
    moved = after(state, "S:d4-d6")
    assert moved.record.actions[-1] == (0, "S:d4-d5-d6")  # the record keeps the canonical text
    assert card_at(moved, "d5") == "." and card_at(moved, "d4") == "."


def test_an_ambush_with_its_push_written_out_is_accepted() -> None:
    state = position(2, squares={**PARKED, "d4": "A0", "d6": "E1", "e7": "S", "a7": "."}, hands={0: "ERA"},
                     to_act=0)
    assert state.canonical(0, "A:d4-d6>d7") == "A:d4-d6"
    assert state.canonical(0, "A:d4-d6>c6") is None  # an Ambush pushes straight on
    assert state.is_legal(0, "A:d4-d6>d7")
    moved = after(state, "A:d4-d6>d7")
    assert moved.record.actions[-1] == (0, "A:d4-d6") and "d7" in ninjas_of(moved, 1)


def _doc_scenarios() -> dict[str, tuple[NinjaCampState, list[str]]]:
    """For each action the rules page shows: a position and the actions leading to it being applied."""
    seat0 = {"b2": "?0", "g1": "?0", "a7": "?0", "g7": "?1", "f7": "?1", "e7": "?1"}
    evade = position(2, squares=seat0, hands={0: "ER"}, to_act=0)
    stealth = position(2, squares={**seat0, "c1": "."}, hands={0: "ERS"}, to_act=0)
    shadow = position(2, squares={**seat0, "c1": "."}, hands={0: "ERH", 1: "R"}, discards={1: "E"}, to_act=0)
    ambush = position(2, squares={**seat0, "b5": "?1", "e7": "?", "c1": "."}, hands={0: "ERA"}, to_act=0)
    goat = position(2, squares={**seat0, "b5": "?1", "e7": "?", "c6": "A"}, clans={0: "go"}, to_act=0)
    flying = position(2, squares={**seat0, "d5": "?1", "e7": "?"}, clans={0: "fs"}, to_act=0)
    own = position(2, squares={"d4": "E0", "a1": "A0", "g1": "D0", "a7": "A1", "g7": "D1", "d7": "H1"},
                   clans={0: "fs"}, to_act=0)
    armadillo = position(2, squares={**seat0, "a7": "?", "c7": "?0"}, clans={0: "ar"}, to_act=0)
    sloth = position(2, squares={**seat0, "b2": "?", "c3": "?0"}, clans={0: "sl"}, to_act=0)
    platypus = position(2, squares={**seat0, "g1": "?", "d4": "?0"}, clans={0: "pl"}, to_act=0)
    return {
        "@c3": (position(2), []),
        "E:b2-b5": (evade, []),
        "S:b2-b3-c3": (stealth, []),
        "S:b2-b4": (stealth, []),
        "S:b2-b3-b4": (stealth, []),
        "H:b2-b5": (shadow, []),
        "A:b2-b5>b6": (ambush, []),
        "A:b2-b5": (ambush, []),
        "ar:b2-b7": (armadillo, []),
        "go:b2-b5>c6": (goat, []),
        "fs:b2-b3xd5": (flying, []),
        "fs:d4-d5xa1": (own, []),
        "fs:d4-d5xg1": (own, []),  # (recorded as fs:d4-d5xa1: the same position)
        "sl:c4": (sloth, []),
        "pl:b2-c3": (platypus, []),
        "pl:d4-d5": (platypus, ["pl:b2-c3"]),
        "done": (platypus, ["pl:b2-c3"]),
        "take:b2": (platypus, ["pl:b2-c3", "pl:d4-d5"]),
        "pass": (evade, []),
    }


ACTION = re.compile(r"@[a-h][1-7]|[AEDLHRS]:[a-h][1-7](-[a-h][1-7])+(>[a-h][1-7])?|[a-z]{2}:[a-h][1-7]"
                    r"(-[a-h][1-7]([>x][a-h][1-7])?)?|take:[a-h][1-7]|pass|done")


def test_every_action_the_rules_page_shows_is_accepted() -> None:
    prose = re.sub(r"```.*?```", "", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)
    # The actions of the section "Words for players" are checked with their words in test_words.py.
    words_start = prose.index("## Words for players")
    prose = prose[:words_start] + prose[prose.index("\n## ", words_start + 1):]
    shown = {token for token in re.findall(r"`([^`]+)`", prose) if ACTION.fullmatch(token)}
    scenarios = _doc_scenarios()
    assert shown == set(scenarios), f"examples without a scenario: {shown - set(scenarios)}"
    for action, (state, before) in scenarios.items():
        game = after(state, *before)
        seat = game.to_act()[0]
        assert game.is_legal(seat, action), f"{action} refused in {game.to_notation()}"
        game.apply(seat, action)


def test_the_rules_pages_python_example_runs() -> None:
    code = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(code.group(1), namespace)
    moved = namespace["moved"]
    assert isinstance(moved, NinjaCampState) and hand_of(moved, 0) == "AR"


# ---------------------------------------------------------------------- long input in a position


def _with_first_frame(text: str, kind: str | None = None, data: dict[str, object] | None = None) -> str:
    """``text`` with its first frame's kind or data replaced."""
    head, body = text.rsplit("|", 1)
    parts = head.split("|", 5)
    frames, end = json.JSONDecoder().raw_decode(parts[5])
    if kind is not None:
        frames[0][0] = kind
    if data is not None:
        frames[0][2] = data
    parts[5] = json.dumps(frames) + parts[5][end:]
    return "|".join(parts) + "|" + body


@pytest.mark.parametrize("part", ["kind", "data", "value"])
def test_a_frame_with_a_long_kind_or_data_is_refused_in_a_short_message(part: str) -> None:
    """The frame law quotes a frame's kind, keys and values through ``quote`` (capped at 60 characters):
    a 5,000-character kind is not repeated whole in the error."""
    text = _set_up(2).to_notation()
    assert NinjaCampState.from_notation(text).to_notation() == text  # the lawful frame loads
    if part == "kind":
        bad = _with_first_frame(text, kind="k" * 5000)
    elif part == "data":
        bad = _with_first_frame(text, data={"k" * 3000: 1, "by": "y" * 3000})
    else:
        state = position(2, squares={**PARKED, "d4": "E0", "c4": "A0", "b1": "S"}, hands={0: ""}, clans={0: "pl"},
                         to_act=0)
        text = after(state, "pl:c4-c5").to_notation()
        assert NinjaCampState.from_notation(text).to_notation() == text
        bad = _with_first_frame(text, data={"first": "f" * 5000, "moved": 0})
    with pytest.raises(NotationError, match="impossible ninja-camp position") as error:
        NinjaCampState.from_notation(bad)
    assert len(str(error.value)) < 400 and "characters)" in str(error.value), str(error.value)[:400]
