"""Hidden information: choices before the reveal, traps hidden from their owner, the Buko look."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ninjadojo.engine import NotYourTurnError
from ninjadojo.engine.values import GONE_LOOK
from ninjadojo.games.ninja_trap import STATE, NinjaTrapState
from ninjadojo.games.ninja_trap.builder import Seat, build, log_texts, play


def _seats() -> list[Seat]:
    # The move stage of turn 3: each ninja placed a trap this turn.
    return [Seat(hand="GIDB", traps="G1,S3"), Seat(hand="SFTN", traps="I3"), Seat(hand="GIDS", traps="D3")]


def test_nobody_sees_another_choice_before_the_reveal() -> None:
    one, other = build(3, "move", _seats(), turn=3), build(3, "move", _seats(), turn=3)
    one.apply(0, "mG")
    other.apply(0, "mB")
    for seat in (1, 2, None):
        assert one.observe(seat) == other.observe(seat)
        assert one.render(seat) == other.render(seat)


def test_who_has_already_chosen_is_not_told() -> None:
    game = build(3, "trap", _seats(), turn=4)
    before = {seat: game.observe(seat) for seat in (1, None)}
    game.apply(0, "tG")
    for seat in (1, None):
        view = game.observe(seat)
        assert view["waiting_for"] == before[seat]["waiting_for"] == [0, 1, 2]
        assert view["log"] == before[seat]["log"]
    assert game.observe(0)["submitted"] is True and game.observe(1)["submitted"] is False


def test_own_traps_are_hidden_from_their_owner() -> None:
    seats = _seats()
    other = _seats()
    other[0] = Seat(hand="GIDB", traps="B1,F3")
    one, two = build(3, "move", seats, turn=3), build(3, "move", other, turn=3)
    assert one.traps[0] != two.traps[0]
    assert one.observe(0) == two.observe(0)
    assert one.render(0) == two.render(0)
    assert one.observe(0)["seats"][0]["traps"] == [1, 3], "the owner sees where its traps lie, not what they are"


def test_other_hands_and_decks_are_hidden() -> None:
    seats, other = _seats(), _seats()
    other[0] = Seat(hand="FFTN", traps="G1,S3", deck_top="BB")
    one, two = build(3, "move", seats, turn=3), build(3, "move", other, turn=3)
    assert one.hands[0] != two.hands[0] and one.decks[0] != two.decks[0]
    for seat in (1, 2, None):
        assert one.observe(seat) == two.observe(seat)
        assert one.render(seat) == two.render(seat)
        assert one.render_markup(seat) == two.render_markup(seat)
    assert one.observe(0)["hand"] == "GIDB"
    assert "Your hand: Genkan (G) entrance; Ima (I) living room; Daidokoro (D) kitchen;" in one.render(0)
    assert "Buko (B) armoury: see your traps if not trapped" in one.render(0)


def test_a_placed_trap_is_not_written_in_anyones_log() -> None:
    game = build(2, "trap", [Seat(hand="GIDBN"), Seat(hand="SFTNI")])
    play(game, {0: "tB", 1: "tS"})
    for seat in (0, 1, None):
        text = json.dumps(game.observe(seat)["log"])
        assert "Buko" not in text and "Shinshitsu" not in text


def test_determinising_for_a_seat_redeals_its_own_traps_too() -> None:
    game = STATE.new(4, seed=3)
    for _ in range(3):
        for seat in game.to_act():
            game.apply(seat, game.legal_actions(seat)[-1])
    rows = {tuple(game.determinize(0, seed).traps[0]) for seed in range(30)}
    assert len(rows) > 1, "seat 0 does not know its own traps, so a determinisation may differ there"
    assert all(game.determinize(0, seed).hands[0] == game.hands[0] for seed in range(10))


def _buko_turn() -> object:
    # Seat 0 moved to the Buko; seat 1 may flip (its trap is in the Ima).
    return build(2, "activate", [Seat(hand="GI", traps="G1,D2,S4"), Seat(hand="SF", traps="I4")],
                 moves="BG", turn=4)


def test_buko_unharmed_shows_its_owner_all_their_traps_once() -> None:
    game = _buko_turn()
    play(game, {0: "pass", 1: "f1"})
    view = game.observe(0)
    assert view["buko_look"] == [
        {"position": 1, "turn": 1, "room": "G"},
        {"position": 2, "turn": 2, "room": "D"},
        {"position": 3, "turn": 4, "room": "S"},
    ]
    assert any("Buko look" in line and "Daidokoro" in line for line in view["log"])
    assert "Buko look" in game.render(0)
    assert "P0 was not trapped in the Buko and looks at their traps." in log_texts(game)


def test_buko_unharmed_with_no_face_down_trap_says_there_is_nothing_to_look_at() -> None:
    """A ninja in the Buko with every trap flipped: the log does not say it looks at its traps (it has none)."""
    game = build(2, "activate", [Seat(hand="GI", traps="G4"), Seat(hand="SF", traps="I4")], moves="BG", turn=4)
    play(game, {0: "f1", 1: "pass"})
    lines = log_texts(game)
    assert "P0 was not trapped in the Buko, but has no face-down trap to look at." in lines, lines
    assert "P0 was not trapped in the Buko and looks at their traps." not in lines
    # Said once: no private line repeats it to the looker.
    assert not [line for line in game.observe(0)["log"] if "Buko look" in str(line)]


def test_the_buko_look_is_to_its_owner_only() -> None:
    game = _buko_turn()
    play(game, {0: "pass", 1: "f1"})
    for seat in (1, None):
        view = game.observe(seat)
        assert "buko_look" not in view
        assert not any("Daidokoro" in line for line in view["log"])


def test_the_buko_look_is_a_decision_of_its_own() -> None:
    game = _buko_turn()
    play(game, {0: "pass", 1: "f1"})
    assert game.to_act() == (0,)
    decision = game.decision(0)
    assert decision is not None and decision.kind == "look"
    assert game.legal_actions(0) == ["ok"]
    assert game.observe(1)["waiting_for"] == [0], "who earned a look is public: they moved to the Buko unharmed"


def test_the_buko_look_is_gone_once_its_owner_says_ok() -> None:
    game = _buko_turn()
    play(game, {0: "pass", 1: "f1"})
    before = game.observe(0)["log"]
    looked = next(index for index, line in enumerate(before) if "Buko look" in line)
    game.apply(0, "ok")
    view = game.observe(0)
    assert "buko_look" not in view
    assert not any("Buko look" in line for line in view["log"])
    assert "Buko look" not in game.render(0)
    assert game.decision(0).kind == "trap"
    # The look leaves a line saying so in its place: the log never loses a line (a client that
    # remembers where it was in it still finds its place), and the line names no trap.
    log = view["log"]
    assert len(log) >= len(before) and log[:looked] == before[:looked]
    assert log[looked].strip() == GONE_LOOK
    assert game.determinize(0, 7).observe(0)["log"] == log, "a sample's log is the seat's own"


def _two_lookers() -> NinjaTrapState:
    """Seats 0 and 2 shared the Buko (neither may flip), seat 1 passed: both were unharmed, both look."""
    game = build(3, "move", [Seat(hand="BG", traps="G2"), Seat(hand="SF", traps="I2"), Seat(hand="BS", traps="D2")],
                 turn=2)
    play(game, {0: "mB", 1: "mS", 2: "mB"})
    game.apply(1, "pass")
    assert game.to_act() == (0, 2) and game.decision(0).kind == "look"
    return game


def _look_lines(game: NinjaTrapState, seat: int) -> list[str]:
    return [line for line in game.observe(seat)["log"] if "Buko look" in line]


@pytest.mark.parametrize(("first", "second"), [(2, 0), (0, 2)])
def test_a_rivals_ok_neither_ends_a_look_nor_shows_in_the_lookers_view(first: int, second: int) -> None:
    # The look is a one-time event to the looker. Another looker's ok is a hidden choice: if it ended the
    # first looker's look (as it once did), the look's vanishing would tell that a rival had answered.
    game = _two_lookers()
    before = game.observe(second)
    assert len(_look_lines(game, second)) == 1 and "buko_look" in before
    game.apply(first, "ok")
    assert game.observe(second) == before, "a rival's hidden ok changed nothing the looker sees"
    assert game.render(second) == _two_lookers().render(second)
    game.apply(second, "ok")
    assert _look_lines(game, second) == [], "the look ends with the looker's own ok"
    assert "buko_look" not in game.observe(second)


def test_each_looker_sees_its_look_until_its_own_ok_whoever_acts_first() -> None:
    # Seats 0 and 2 share the Buko: neither may flip, both are unharmed, both look.
    game = _two_lookers()
    game.apply(0, "ok")
    assert "buko_look" not in game.observe(0)
    assert game.observe(2)["buko_look"] == [{"position": 1, "turn": 2, "room": "D"}]
    assert "Buko look (only now): turn 2 Daidokoro" in game.render(2)


def test_trapped_in_the_buko_no_look() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="G1,D4"), Seat(hand="SF", traps="B4")],
                 moves="BG", turn=4)
    play(game, {0: "pass", 1: "f1"})
    assert game.hits[0] == 1
    assert "buko_look" not in game.observe(0)
    assert not any("Buko look" in e.text for e in game.events)


def test_buko_as_a_trap_is_an_ordinary_room() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="B4"), Seat(hand="SF", traps="S4")], moves="GB", turn=4)
    play(game, {0: "f1", 1: "pass"})
    assert game.hits == [0, 1]


def test_determinising_during_a_buko_look_keeps_the_traps_seen() -> None:
    game = _buko_turn()
    play(game, {0: "pass", 1: "f1"})
    for seed in range(10):
        other = game.determinize(0, seed)
        assert other.traps[0] == game.traps[0]
        assert other.observe(0) == game.observe(0)


def test_choosing_twice_is_refused_without_telling_who_else_has_chosen() -> None:
    messages = []
    for first in (1, 2):
        game = build(3, "trap", _seats(), turn=4)
        game.apply(0, "tG")
        game.apply(first, game.legal_actions(first)[0])
        with pytest.raises(NotYourTurnError) as caught:
            game.apply(0, "tI")
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert "already chosen" in messages[0]


# ---------------------------------------------------------------------- determinisation cannot be inverted


def _trap_stage(seats: list[Seat], submitted: dict[int, str]) -> NinjaTrapState:
    return build(3, "trap", seats, turn=3, submitted=submitted)


def test_a_twin_that_differs_only_in_what_the_seat_cannot_see_gives_the_identical_sample() -> None:
    # Seat 0 knows its hand and the public counts; it does not know its own traps (hidden from their
    # owner), its deck order, the rivals' hands, traps and decks, or the rivals' hidden choices.
    real = _trap_stage([Seat(hand="GIDBS", traps="G1,S2", deck_top="FT"),
                        Seat(hand="SFTNI", traps="I1,D2", deck_top="GG"),
                        Seat(hand="GIDSF", traps="D1,N2", deck_top="BT")], {1: "tS"})
    twin = _trap_stage([Seat(hand="GIDBS", traps="F1,T2", deck_top="GS"),  # own traps swapped with the deck
                        Seat(hand="GFTNI", traps="S1,D2", deck_top="IG"),  # a rival's hand card with a trap
                        Seat(hand="GIDSF", traps="D1,N2", deck_top="TB")],  # a rival's deck reordered
                       {1: "tG", 2: "tD"})  # other hidden choices, from more seats
    assert real != twin
    assert real.observe(0) == twin.observe(0) and real.render(0) == twin.render(0)
    for seed in range(25):
        sample, again = real.determinize(0, seed), twin.determinize(0, seed)
        assert sample.to_notation() == again.to_notation()
        assert sample.events == again.events
        assert sample.observe(0) == real.observe(0)
        assert sample.legal_actions(0) == real.legal_actions(0)


def test_a_sample_keeps_the_seats_own_choice_and_withdraws_the_rivals() -> None:
    game = _trap_stage([Seat(hand="GIDBS", traps="G1,S2"), Seat(hand="SFTNI", traps="I1,D2"),
                        Seat(hand="GIDSF", traps="D1,N2")], {0: "tB", 1: "tS"})
    sample = game.determinize(0, 4)
    assert sample.frames[-1].submitted == {0: "tB"}
    assert sample.to_act() == (1, 2)
    assert sample.ply == 0, "the true ply would count the rivals' hidden choices"


def test_sampling_a_sample_gives_back_the_same_sample_not_the_truth() -> None:
    # The attack of issue 8: sample the real game with seed k, sample that sample with the same k, and
    # invert the mapping. With a sample that depends only on the seat's information the second sample
    # is the first one again, so a chain of samples tells nothing more than one sample.
    golden = sorted((Path(__file__).parent / "golden").glob("*.json"))[0]
    game = STATE.load_save(json.loads(golden.read_text(encoding="utf-8")))
    looks = 0
    for number, state in enumerate(game.replay_states()):
        if number % 3 and state.stage() != "look":
            continue
        looks += state.stage() == "look"
        for seat in range(state.num_players):
            for seed in (number, 7):
                sample = state.determinize(seat, seed)
                assert sample.determinize(seat, seed) == sample
                assert sample.observe(seat) == state.observe(seat)
                if seat in state.to_act():
                    assert sample.legal_actions(seat) == state.legal_actions(seat)
    assert looks, "the transcript passes through a Buko look"


def test_during_its_look_a_seat_knows_its_traps_and_after_its_ok_it_does_not() -> None:
    game = _buko_turn()
    play(game, {0: "pass", 1: "f1"})
    twin = game.clone()
    twin.traps[0] = [twin.traps[0][2], twin.traps[0][0], twin.traps[0][1]]  # another row, same cards
    twin.check_invariants()
    assert game.observe(0) != twin.observe(0), "while it looks, seat 0 sees its row"
    game.apply(0, "ok")
    twin.apply(0, "ok")
    assert game.observe(0) == twin.observe(0), "after its ok it cannot tell the two rows apart"
    for seed in range(10):
        assert game.determinize(0, seed) == twin.determinize(0, seed)
