"""The rulings a table may play the other way (issue 17): each is an option whose default is our reading.

For every option: a scenario from the rules built as a position, played under the default (our
reading, docs/rules/ninja-trap.md Rulings) and under the other value (what its help text says); bad
values refused with a clear message; options written into positions only when not at their defaults;
and random playouts under each option and all together that end by the rules and keep the laws, the
notation round trip, undo, and a determinisation per seat that is a function of its information only.
The memory bots play legally under every option and rebuild their memory after a load.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence

import pytest

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.bots.ninja_trap import MemoryBot
from ninjadojo.engine import NotationError, OptionError, Rng
from ninjadojo.engine.options import OptionValue
from ninjadojo.games.ninja_trap import STATE, NinjaTrapState
from ninjadojo.games.ninja_trap.builder import Seat, build, log_texts, play
from ninjadojo.games.ninja_trap.cards import CODES, ROOM_INDEX, deck_counts
from ninjadojo.table import recall_bots

G = ROOM_INDEX["G"]

#: Each ruling option at its other value.
OTHER: dict[str, OptionValue] = {
    "reshuffle": "empty",
    "stalemate": "fewest_hits",
    "ghost_traps": True,
    "shared_buko_look": False,
}
#: Every option alone at its other value, then all of them together (they combine freely).
VARIANTS: list[dict[str, OptionValue]] = [{name: value} for name, value in OTHER.items()] + [dict(OTHER)]


def _cases(players: Sequence[int]) -> list[tuple[int, dict[str, OptionValue]]]:
    """Each player count with each variant it accepts: ghost_traps is refused with 2 players, so there
    the variants go without it (and ghost_traps alone is left out)."""
    cases = []
    for count in players:
        for options in VARIANTS:
            kept = options if count > 2 else {name: value for name, value in options.items() if name != "ghost_traps"}
            if kept:
                cases.append((count, kept))
    return cases


def _case_ids(players: Sequence[int]) -> list[str]:
    return [f"{count}-{_ids(options)}" for count, options in _cases(players)]


def _ids(options: Mapping[str, OptionValue]) -> str:
    return ",".join(f"{name}={value}" for name, value in options.items())


# ---------------------------------------------------------------------- declaring the options


def test_every_ruling_option_is_declared_with_our_reading_as_its_default() -> None:
    specs = {option.name: option for option in STATE.option_specs()}
    assert {name: specs[name].default for name in OTHER} == {
        "reshuffle": "short", "stalemate": "shared", "ghost_traps": False, "shared_buko_look": True}
    for ruling, name in (("1", "reshuffle"), ("3", "stalemate"), ("6", "ghost_traps"), ("7", "shared_buko_look")):
        assert specs[name].ruling == int(ruling), "the option names the ruling it switches"
        assert f"[ruling {ruling}]" in specs[name].describe() and "ruling" not in specs[name].help


@pytest.mark.parametrize(("name", "value", "message"), [
    ("reshuffle", "never", "must be one of short, empty"),
    ("stalemate", "draw", "must be one of shared, fewest_hits"),
    ("ghost_traps", "sometimes", "must be true or false"),
    ("shared_buko_look", 2, "must be true or false"),
])
def test_a_bad_value_is_refused_with_what_is_allowed(name: str, value: object, message: str) -> None:
    with pytest.raises(OptionError, match=message) as caught:
        STATE.new(2, {name: value}, seed=1)
    assert name in str(caught.value) and "\n" not in str(caught.value)


def test_ghost_traps_with_two_players_is_refused_in_one_line_as_it_can_never_matter() -> None:
    with pytest.raises(OptionError, match=r"ghost_traps=true cannot matter with 2 players.*3 or 4 players") as caught:
        STATE.new(2, {"ghost_traps": True}, seed=1)
    assert "\n" not in str(caught.value)
    assert STATE.new(2, {"ghost_traps": False}, seed=1).to_notation() == STATE.new(2, seed=1).to_notation()
    # A two-player position that says it is refused as a bad option too.
    text = STATE.new(2, seed=1).to_notation().replace("|2|-|", "|2|ghost_traps=true|", 1)
    with pytest.raises(NotationError, match="ghost_traps"):
        STATE.from_notation(text)


def test_a_position_with_a_bad_option_is_refused() -> None:
    text = STATE.new(3, {"ghost_traps": True}, seed=1).to_notation().replace("ghost_traps=true", "ghost_traps=maybe")
    with pytest.raises(NotationError, match=r"bad options in position.*ghost_traps"):
        STATE.from_notation(text)


def test_an_option_at_its_default_is_not_written_and_another_value_round_trips() -> None:
    plain = STATE.new(3, seed=4)
    spelled_out = STATE.new(3, {"reshuffle": "short", "stalemate": "shared", "ghost_traps": False,
                                "shared_buko_look": True}, seed=4)
    assert spelled_out.to_notation() == plain.to_notation()
    assert plain.to_notation().split("|")[2] == "-"
    game = STATE.new(3, OTHER, seed=4)
    assert game.to_notation().split("|")[2] == (
        "ghost_traps=true,reshuffle=empty,shared_buko_look=false,stalemate=fewest_hits")
    for again in (STATE.from_notation(game.to_notation()), game.clone(),
                  STATE.load_save(json.loads(json.dumps(game.to_save())))):
        assert again == game and dict(again.options) == dict(game.options)


# ---------------------------------------------------------------------- ruling 1: reshuffle


def _one_card_left(options: Mapping[str, OptionValue]) -> NinjaTrapState:
    """Activation of turn 3: seat 0 holds one card and its deck is empty (the rest is in its discard pile)."""
    return build(2, "activate", [Seat(hand="G", traps="D3", rest="discard"), Seat(hand="SF", traps="S3")],
                 moves="IF", turn=3, options=options)


def test_ruling_1_by_default_a_hand_of_one_has_run_out() -> None:
    game = _one_card_left({})
    pile = sum(game.discards[0]) + 1  # the move card joins the pile
    play(game, {0: "pass", 1: "pass"})
    assert sum(game.hands[0]) == 5 and game.hands[0][G] >= 1, "the odd card is kept, four are drawn"
    assert len(game.decks[0]) == pile - 4 and not any(game.discards[0])
    assert "P0 shuffles their discard pile into a new draw pile of " + str(pile) + " cards and draws 4." in \
        log_texts(game)
    assert game.to_act() == (0, 1)


def test_ruling_1_with_reshuffle_empty_the_last_card_is_a_move_and_then_five_are_drawn() -> None:
    game = _one_card_left({"reshuffle": "empty"})
    play(game, {0: "pass", 1: "pass"})
    assert game.hands[0] == [1, 0, 0, 0, 0, 0, 0, 0] and not game.decks[0], "one card in hand plays on"
    assert not any("shuffles" in text for text in log_texts(game))
    # Ruling 2: a hand of one places no trap, it moves with its card.
    assert game.stage() == "trap" and game.to_act() == (1,)
    game.apply(1, "tS")
    assert game.legal_actions(0) == ["mG"]
    play(game, {0: "mG", 1: "mF"})
    if game.stage() == "activate":
        play(game, {seat: "pass" for seat in game.to_act()})
    pile = len(game.decks[0]) + sum(game.hands[0])
    assert sum(game.hands[0]) == 5 and pile == sum(deck_counts(2)) - len(game.traps[0])
    assert "P0 shuffles their discard pile into a new draw pile of " + str(pile) + " cards and draws 5." in \
        log_texts(game)


# ---------------------------------------------------------------------- ruling 3: stalemate


def _forced(players: int, hits: tuple[int, ...], options: Mapping[str, OptionValue],
            out: Seat | None = None) -> NinjaTrapState:
    """The trap stage of the last turn before a stalemate: seats 0 and 1 hold three Genkan cards and
    every other card of their decks lies in their trap rows (an earlier turn each)."""
    counts = deck_counts(players)
    rest = [CODES[room] for room in range(len(counts)) for _ in range(counts[room]) if CODES[room] != "G"]
    row = ",".join(f"{code}{turn}" for turn, code in enumerate(rest, start=1))
    turn = len(rest) + 1
    seats = [Seat(hand="GGG", traps=row, hits=hits[seat]) for seat in range(2)]
    if out is not None:
        seats.append(out)
    return build(players, "trap", seats, turn=turn, options=options)


def _reason(game: NinjaTrapState) -> str:
    assert game.result is not None, "the game is over"
    return game.result.reason


def _into_the_genkan(game: NinjaTrapState) -> None:
    play(game, {0: "tG", 1: "tG"})
    play(game, {0: "mG", 1: "mG"})


def test_ruling_3_by_default_the_ninjas_forced_into_one_room_share_the_win() -> None:
    game = _forced(2, (1, 2), {})
    _into_the_genkan(game)
    assert game.is_terminal and game.winners() == (0, 1) and game.scores() == (1.0, 1.0)
    assert "can never be trapped again, and share the win" in _reason(game)


def test_ruling_3_with_stalemate_fewest_hits_the_ninja_with_fewer_hits_wins() -> None:
    game = _forced(2, (1, 2), {"stalemate": "fewest_hits"})
    _into_the_genkan(game)
    assert game.is_terminal and game.winners() == (0,) and game.scores() == (1.0, 0.0)
    assert _reason(game) == "Of the ninjas forced into the Genkan, P0 takes the win with the fewest hits (1 hit)."
    game.check_invariants()
    assert STATE.from_notation(game.to_notation()) == game


def test_ruling_3_with_stalemate_fewest_hits_a_tie_shares_the_win() -> None:
    game = _forced(2, (2, 2), {"stalemate": "fewest_hits"})
    _into_the_genkan(game)
    assert game.winners() == (0, 1)


def test_a_finished_stalemate_with_the_wrong_winners_is_refused() -> None:
    game = _forced(2, (1, 2), {"stalemate": "fewest_hits"})
    _into_the_genkan(game)
    text = game.to_notation().replace('"winners":[0]', '"winners":[0,1]').replace('"scores":[1.0,0.0]',
                                                                                  '"scores":[1.0,1.0]')
    with pytest.raises(NotationError, match=r"the winners \[0, 1\] of a stalemate must be \[0\]"):
        STATE.from_notation(text)


# ---------------------------------------------------------------------- ruling 6: ghost traps


def _ghost_turn(options: Mapping[str, OptionValue], ghost_traps: str = "S2") -> NinjaTrapState:
    """Activation of turn 4, three players: seat 2 is out with a face-down Shinshitsu trap; seat 1 is
    in the Shinshitsu."""
    return build(3, "activate", [Seat(hand="GI", traps="D4"), Seat(hand="TF", traps="I4"),
                                 Seat(hand="GI", traps=ghost_traps, hits=3)], moves="GS-", turn=4, options=options)


def test_ruling_6_by_default_an_out_ninjas_traps_can_no_longer_be_flipped() -> None:
    game = _ghost_turn({})
    assert game.to_act() == (0, 1)
    assert game.decision(2) is None


def test_ruling_6_with_ghost_traps_an_out_player_flips_and_its_trap_springs() -> None:
    game = _ghost_turn({"ghost_traps": True})
    assert game.to_act() == (0, 1, 2)
    assert game.legal_actions(2) == ["pass", "f1"]
    decision = game.decision(2)
    assert decision is not None
    assert "your ninja is out, but your traps are live: flip your face-down trap" in decision.prompt
    play(game, {0: "pass", 1: "pass", 2: "f1"})
    assert game.hits == [0, 1, 3], "the trap springs on the ninja in the Shinshitsu"
    assert game.discards[2][ROOM_INDEX["S"]] == 1 and not game.traps[2]
    assert "The trap in the Shinshitsu springs on P1: hit 1 of 3." in log_texts(game)
    assert sum(game.hands[2]) == 2, "an out player draws no more cards"


def test_ruling_6_with_ghost_traps_an_out_player_without_traps_is_not_asked() -> None:
    game = build(3, "activate", [Seat(hand="GI", traps="D4"), Seat(hand="TF", traps="I4"),
                                 Seat(hand="GI", traps="", hits=3)], moves="GS-", turn=4,
                 options={"ghost_traps": True})
    assert game.to_act() == (0, 1)


def test_an_activation_that_leaves_out_an_out_player_with_a_trap_is_refused_under_ghost_traps() -> None:
    with pytest.raises(NotationError, match=r"the activate stage asks seats \[0, 1\]; the rules ask \[0, 1, 2\]"):
        build(3, "activate", [Seat(hand="GI", traps="D4"), Seat(hand="TF", traps="I4"),
                              Seat(hand="GI", traps="S2", hits=3)], moves="GS-", turn=4, frame_seats=[0, 1],
              options={"ghost_traps": True})


def test_ruling_6_with_ghost_traps_nobody_is_stuck_while_an_out_player_has_a_trap() -> None:
    out = Seat(hand="G", traps="G5", hits=3)  # seat 2's own Genkan card: a trap in the room they are stuck in
    default = _forced(3, (1, 2), {}, out)
    _into_the_genkan(default)
    assert default.winners() == (0, 1), "by default the out player's trap is dead: a stalemate"
    game = _forced(3, (1, 2), {"ghost_traps": True}, out)
    _into_the_genkan(game)
    assert game.to_act() == (2,), "only the out player may flip: the other two share the Genkan"
    game.apply(2, "f1")
    assert game.hits == [2, 3, 3] and game.winners() == (0,)
    # Passing instead, the game goes on: the trap could still spring.
    passing = _forced(3, (1, 2), {"ghost_traps": True}, out)
    _into_the_genkan(passing)
    passing.apply(2, "pass")
    assert not passing.is_terminal and passing.stage() == "trap"


# ---------------------------------------------------------------------- ruling 7: the shared Buko


def _shared_buko(options: Mapping[str, OptionValue]) -> NinjaTrapState:
    """Seats 0 and 2 share the Buko (neither may flip); seat 1 passes: both are unharmed."""
    game = build(3, "move", [Seat(hand="BG", traps="G2"), Seat(hand="SF", traps="I2"), Seat(hand="BS", traps="D2")],
                 turn=2, options=options)
    play(game, {0: "mB", 1: "mS", 2: "mB"})
    game.apply(1, "pass")
    return game


def test_ruling_7_by_default_both_ninjas_who_shared_the_buko_look() -> None:
    game = _shared_buko({})
    assert game.stage() == "look" and game.to_act() == (0, 2)
    assert game.observe(2)["buko_look"] == [{"position": 1, "turn": 2, "room": "D"}]


def test_ruling_7_with_shared_buko_look_false_sharing_the_buko_spoils_the_look() -> None:
    game = _shared_buko({"shared_buko_look": False})
    assert game.stage() == "trap" and game.turn == 3
    assert "buko_look" not in game.observe(0) and "buko_look" not in game.observe(2)
    assert "The ninjas who shared the Buko watched each other: none of them looks at their traps." in log_texts(game)


def test_ruling_7_with_shared_buko_look_false_a_ninja_alone_in_the_buko_still_looks() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="G1,D2,S4"), Seat(hand="SF", traps="I4")],
                 moves="BG", turn=4, options={"shared_buko_look": False})
    play(game, {0: "pass", 1: "pass"})
    look = game.observe(0)["buko_look"]
    assert game.to_act() == (0,) and isinstance(look, list) and look[1] == {"position": 2, "turn": 2, "room": "D"}


def test_a_look_stage_that_asks_sharers_of_the_buko_is_refused_when_they_may_not_look() -> None:
    with pytest.raises(NotationError, match="the look stage asks seats"):
        build(3, "look", [Seat(hand="G", traps="G2"), Seat(hand="SF", traps="I2"), Seat(hand="S", traps="D2")],
              moves="BSB", turn=2, frame_seats=[0, 2], options={"shared_buko_look": False})


# ---------------------------------------------------------------------- random playouts


def _playout(game: NinjaTrapState, rng: Rng) -> Iterator[int]:
    """Each step of a playout that rarely flips (so rows grow, cards run out and stalemates happen)."""
    step = 0
    while not game.is_terminal:
        assert step < 3000, "the playout did not end"
        seats = game.to_act()
        assert seats and all(game.legal_actions(seat) for seat in seats)
        yield step
        seat = seats[rng.randbelow(len(seats))]
        actions = game.legal_actions(seat)
        flip = game.stage() != "activate" or rng.randbelow(5) == 0
        game.apply(seat, actions[rng.randbelow(len(actions))] if flip else "pass")
        step += 1
    yield step


@pytest.mark.parametrize(("players", "options"), _cases([2, 3, 4]), ids=_case_ids([2, 3, 4]))
def test_random_playouts_end_by_the_rules_and_keep_the_laws(players: int, options: dict[str, OptionValue]) -> None:
    ends: set[str] = set()
    for seed in range(6):
        game = STATE.new(players, options, seed=seed)
        rng = Rng(seed)
        for step in _playout(game, rng):
            game.check_invariants()
            if step % 9 == 0:
                text = game.to_notation()
                parsed = STATE.from_notation(text)
                assert parsed.to_notation() == text and dict(parsed.options) == dict(game.options)
                for seat in game.to_act():
                    assert parsed.legal_actions(seat) == game.legal_actions(seat)
            if step in (7, 40) and not game.is_terminal:  # undo replays the game from its start: early on
                _check_undo(game, rng)
        result = game.result
        assert result is not None
        if not result.truncated:
            assert game.winners()
            ends.add("stalemate" if game.living_seats() and len(game.living_seats()) > 1 else "last")
        assert STATE.load_save(json.loads(json.dumps(game.to_save()))) == game  # it replays the record
    assert ends, "some playouts end by the rules"


def _witnessed(options: Mapping[str, OptionValue], game: NinjaTrapState, step: int) -> bool:
    """Whether the position at ``step`` of a playout is a case where ``options`` changes the play."""
    frame = game.frames[-1] if game.frames else None
    if options.get("reshuffle") == "empty":  # a hand of one plays on though a discard pile could refill it
        return frame is not None and frame.kind in ("trap", "move") and any(
            sum(game.hands[seat]) == 1 and not game.decks[seat] and any(game.discards[seat])
            and game.trap_turns[seat][-1:] != [game.turn] for seat in game.living_seats())
    if options.get("ghost_traps"):  # an out player asked to flip
        return frame is not None and frame.kind == "activate" and any(not game.alive(s) for s in frame.seats)
    if options.get("shared_buko_look") is False:
        return any("watched each other" in event.text for event in game.events)
    if options.get("stalemate") == "fewest_hits":  # a stalemate won by fewer than all the ninjas left
        return game.is_terminal and len(game.winners()) < len(game.living_seats())
    return False


@pytest.mark.parametrize("options", VARIANTS[:-1], ids=_ids)
def test_the_playouts_meet_the_case_each_option_changes(options: dict[str, OptionValue]) -> None:
    # The playouts above would prove nothing about an option whose case they never reach; and the
    # same deals played by our reading never show it (so the witness is the option's doing).
    seen = {"option": 0, "default": 0}
    for players in (2, 3, 4) if "ghost_traps" not in options else (3, 4):  # refused with 2 players
        for seed in range(6):
            for name, chosen in (("option", options), ("default", {})):
                game = STATE.new(players, chosen, seed=seed)
                seen[name] += any(_witnessed(options, game, step) for step in _playout(game, Rng(seed)))
    assert seen["option"] >= 2 and seen["default"] == 0, seen


def _check_undo(game: NinjaTrapState, rng: Rng) -> None:
    """A seat that may take its action back gets exactly the position before it."""
    seat = game.to_act()[0]
    before = game.to_notation()
    actions = game.legal_actions(seat)
    copy = game.clone()
    copy.apply(seat, actions[rng.randbelow(len(actions))])
    if copy.undo_check(seat) is None:
        copy.undo(seat)
        assert copy.to_notation() == before


@pytest.mark.parametrize(("players", "options"), _cases([2, 4]), ids=_case_ids([2, 4]))
def test_a_sample_is_a_function_of_the_seats_information_under_every_option(
        players: int, options: dict[str, OptionValue]) -> None:
    for seed in range(2):
        game = STATE.new(players, options, seed=seed)
        for step in _playout(game, Rng(seed ^ 0x7A1)):
            if step % 23 or game.is_terminal:
                continue
            for seat in range(players):
                view = game.observe(seat)
                twin = game.determinize(seat, seed + 7919 * (step + 1))
                assert twin.observe(seat) == view
                sample, again = game.determinize(seat, step), twin.determinize(seat, step)
                assert sample.to_notation() == again.to_notation(), f"seat {seat}'s sample depends on the hidden"
                assert sample.events == again.events
                assert dict(sample.options) == dict(game.options)
                assert sample.observe(seat) == view
                sample.check_invariants()
                if seat in game.to_act():
                    assert sample.legal_actions(seat) == game.legal_actions(seat)


# ---------------------------------------------------------------------- the memory bots


def _bot_state(bot: MemoryBot) -> tuple[dict[int, int], int, int]:
    return dict(bot.memory), bot.turn_seen, bot.rng.state


@pytest.mark.parametrize("options", VARIANTS, ids=_ids)
def test_the_memory_bots_play_legally_and_rebuild_their_memory_under_every_option(
        options: dict[str, OptionValue]) -> None:
    specs = ["heuristic", "forgetful", "heuristic", "forgetful:forget=0.6"]
    for seed in range(2):
        game = STATE.new(4, options, seed=seed)
        bots = [make_bot(spec, "ninja-trap", seed=seed * 10 + seat) for seat, spec in enumerate(specs)]
        checked = False
        while not game.is_terminal:
            seat = game.to_act()[0]
            action = bots[seat].choose(SeatView(game, seat))
            assert action in game.legal_actions(seat)
            game.apply(seat, action)
            if not checked and game.turn == 6:
                # A table resumed here: fresh bots rebuild the memory of those that played through.
                fresh = {s: make_bot(spec, "ninja-trap", seed=seed * 10 + s) for s, spec in enumerate(specs)}
                recall_bots(game, fresh)
                assert any(bot.memory for bot in bots if isinstance(bot, MemoryBot)), "memories to rebuild"
                for number, bot in fresh.items():
                    assert isinstance(bot, MemoryBot)
                    assert _bot_state(bot) == _bot_state(bots[number])  # type: ignore[arg-type]
                checked = True
            assert game.ply < 3000
        assert checked and game.result is not None and (game.winners() or game.result.truncated)


def test_an_out_memory_bot_with_ghost_traps_flips_a_remembered_trap_under_a_rival() -> None:
    game = _ghost_turn({"ghost_traps": True})
    bot = MemoryBot(seed=1)
    bot.memory, bot.turn_seen = {2: ROOM_INDEX["S"]}, 4
    assert bot.choose(SeatView(game, 2)) == "f1"
