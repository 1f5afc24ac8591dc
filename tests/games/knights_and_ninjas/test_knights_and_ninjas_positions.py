"""Positions: the parser refuses what no game can reach, naming the broken law (issue #8); the notation
says what is true (the 2-player target, what a turn frame means); the public position builder."""

from __future__ import annotations

import doctest
import json
from types import ModuleType

import pytest

from ninjadojo.engine import Frame, NotationError, SaveError
from ninjadojo.games.knights_and_ninjas import STATE
from ninjadojo.games.knights_and_ninjas import builder as builder_module
from ninjadojo.games.knights_and_ninjas import encode as encode_module
from ninjadojo.games.knights_and_ninjas import notation as notation_module
from ninjadojo.games.knights_and_ninjas.builder import hand, play, position, slots
from ninjadojo.games.knights_and_ninjas.cards import KINDS, deck_counts


def _base() -> str:
    return position(3, hands=["kn", "pe", "so"]).to_notation()


def _with(text: str, field: str, value: str) -> str:
    """``text`` with the body field ``field`` set to ``value``."""
    head, _, body = text.rpartition("|")
    parts = [f"{field}={value}" if part.startswith(field + "=") else part for part in body.split(";")]
    return head + "|" + ";".join(parts)


@pytest.mark.parametrize("gems", ["5/5/50", "0/0/0", "5/5/6", "5/5/4"])
def test_gems_that_are_not_conserved_are_refused(gems: str) -> None:
    # The examples: after 0/0/0 the game could never end.
    with pytest.raises(NotationError, match="gems are not conserved: 3 players hold 5 each"):
        STATE.from_notation(_with(_base(), "gems", gems))


@pytest.mark.parametrize("target", ["0", "99", "9", "11"])
def test_a_target_that_is_not_ten_less_one_per_reshuffle_is_refused(target: str) -> None:
    with pytest.raises(NotationError, match=f"with 0 reshuffles it is 10, not {target}"):
        STATE.from_notation(_with(_base(), "target", target))


def test_the_target_follows_the_reshuffles_down_to_one() -> None:
    text = _with(_with(_base(), "shuffles", "3"), "target", "7")
    assert STATE.from_notation(text).target_now() == 7
    text = _with(_with(_base(), "shuffles", "12"), "target", "1")
    assert STATE.from_notation(text).target_now() == 1
    with pytest.raises(NotationError, match="with 3 reshuffles it is 7, not 10"):
        STATE.from_notation(_with(_base(), "shuffles", "3"))


@pytest.mark.parametrize(("field", "value"), [("gems", "+5/5/5"), ("gems", "5/5/\u0665"), ("target", "1_0"),
                                              ("shuffles", "-1"), ("cur", "\u0660")])
def test_numbers_are_plain_digits(field: str, value: str) -> None:
    with pytest.raises(NotationError, match=r"digits 0-9|a seat from 0 to 2"):
        STATE.from_notation(_with(_base(), field, value))


def test_the_two_player_notation_says_all_twelve_gems_win() -> None:
    # Issue #8: it used to say target=10 while 12 won.
    game = STATE.new(2, seed=4)
    assert ";target=12;" in game.to_notation() and game.target_now() == 12
    assert game.observe(0)["target"] == 12
    with pytest.raises(NotationError, match="with 2 players the target is all 12 gems"):
        STATE.from_notation(game.to_notation().replace(";target=12;", ";target=10;"))


def test_a_reshuffle_writes_the_lower_target_and_the_count_together() -> None:
    game = position(3, hands=["pe", "", ""], discard="sosokn", rest_to="discard")
    play(game, "0:x:pe")
    text = game.to_notation()
    assert ";target=9;shuffles=1;" in text and STATE.from_notation(text) == game


@pytest.mark.parametrize(("field", "value", "from_deck", "law"), [
    ("forts", "je----/------/------", "je", "seat 0's Castle slot holds a Jester"),
    ("forts", "--ca--/------/------", "ca", "seat 0's Archer slot holds a Castle"),
    ("hands", "knhw/pe/so", "", "cards are not conserved \\(Highwayman: 4 in play, the deck has 3\\)"),
    ("deck", "", "", "cards are not conserved"),
    ("pending", "kn", "kn", "pending= holds the cards of an attack waiting for a response"),
    ("ladder", "1", "la", "a Ladder stands only against the rival attacked"),
    ("draft", "pe", "pe", "a draft pile lies out only while a 2-player draft is on"),
    ("gems", "10/0/5", "", "seat 0 holds 10 gems in a game in play"),
])
def test_impossible_positions_are_refused_naming_the_broken_law(field: str, value: str, from_deck: str,
                                                                law: str) -> None:
    # Cards the change adds are taken from the deck, so that only the law under test breaks.
    text = _take_from_deck(_base(), from_deck)
    with pytest.raises(NotationError, match=f"impossible knights-and-ninjas position: {law}"):
        STATE.from_notation(_with(text, field, value))


def _field(text: str, name: str) -> str:
    return next(part for part in text.rpartition("|")[2].split(";") if part.startswith(name + "="))[len(name) + 1:]


def _take_from_deck(text: str, code: str) -> str:
    """``text`` with one ``code`` card fewer in its deck (unchanged for an empty code)."""
    if not code:
        return text
    deck = _field(text, "deck")
    index = next(i for i in range(0, len(deck), 2) if deck[i:i + 2] == code)
    return _with(text, "deck", deck[:index] + deck[index + 2:])


def test_a_turn_frame_is_after_the_start_of_the_turn() -> None:
    # What a position on a turn frame means: the seat's Minstrel has left and it has drawn.
    text = _with(_take_from_deck(_base(), "mi"), "forts", "----mi/------/------")
    with pytest.raises(NotationError, match="seat 0's Minstrel leaves at the start of its turn"):
        STATE.from_notation(text)
    rivals_turn = position(3, cur=1, hands=["kn", "pe", "so"], forts=["----mi", "------", "------"])
    assert slots(rivals_turn, 0) == "----mi", "on a rival's turn it stands"


def test_holding_the_target_at_the_start_of_a_turn_after_a_reshuffle_is_not_a_win() -> None:
    # There is no start-of-turn win check to skip: 9 gems after a reshuffle made 9 the target do not
    # win passively; gaining one does.
    game = position(3, gems=[9, 1, 5], hands=["so", "pe", ""], shuffles=1, cur=0)
    assert game.target_now() == 9 and not game.is_terminal
    play(game, "0:a1:so", "1:take")  # the gem wins at once: no Highwayman window opens
    assert game.winners() == (0,)


@pytest.mark.parametrize(("frames", "law"), [
    ([Frame("attack", [0]), Frame("turn", [0])], "no rule leads to the frames attack > turn"),
    ([Frame("turn", [1])], "a turn frame is the turn of the current seat 0"),
    ([Frame("highwayman", [1], {"holder": 0, "amount": 2, "from": 1}, simultaneous=True)],
     "a Highwayman window asks every seat but the holder that holds a card \\(\\[1, 2\\]\\)"),
    ([Frame("minstrel-discard", [1], {"then": "end"})], "no rule leads to the frames minstrel-discard"),
])
def test_frames_no_rule_pushes_are_refused(frames: list[Frame], law: str) -> None:
    attack = 1 if frames[0].kind == "attack" else -1
    with pytest.raises(NotationError, match=law):
        position(3, hands=["kn", "pe", "so"], frames=frames, attack=attack)


def test_a_respond_frame_must_match_the_attack_on_the_table() -> None:
    attack = [Frame("attack", [0]), Frame("respond", [1], {"by": 0, "role": 2, "str": 3})]
    game = position(3, hands=["", "pe", "so"], frames=attack, attack=1, pending="kn")
    assert game.legal_actions(1) == ["r:pe1", "take"]
    with pytest.raises(NotationError, match="a Knight attacks with strength 3"):
        position(3, hands=["", "pe", "so"], frames=[attack[0], Frame("respond", [1], {"by": 0, "role": 2, "str": 9})],
                 attack=1, pending="kn")
    with pytest.raises(NotationError, match="must be the attacking Knight"):
        position(3, hands=["", "pe", "so"], frames=attack, attack=1, pending="so")
    with pytest.raises(NotationError, match="between the seat on turn \\(0\\) and the rival it attacks \\(2\\)"):
        position(3, hands=["", "pe", "so"], frames=attack, attack=2, pending="kn")


def test_a_save_whose_start_breaks_a_law_is_refused() -> None:
    game = position(3, hands=["kn", "pe", "so"])
    save = game.to_save()
    save["start"] = _with(str(save["start"]), "gems", "5/5/50")
    with pytest.raises(SaveError, match="gems are not conserved"):
        STATE.load_save(json.loads(json.dumps(save)))


# ---------------------------------------------------------------------- the public builder


def test_the_builder_fills_in_what_is_not_given() -> None:
    game = position(4)
    game.check_invariants()
    assert game.gems == [5, 5, 5, 5] and game.sizes == [6, 4, 4, 4], "dealt, and seat 0 has drawn for its turn"
    assert game.decision(0).kind == "turn" and game.target_now() == 10
    assert len(game.deck) == sum(deck_counts(False)) - 18
    duel = position(2)
    assert duel.gems == [6, 6] and duel.target_now() == 12 and duel.sizes == [4, 4]


def test_the_builder_places_cards_where_it_is_told() -> None:
    game = position(3, hands=["kn", "pe", ""], forts=["ca----", "--ar--", "------"], top="quki", discard="so",
                    known=["", "pe", ""], target=8)
    assert hand(game, 0) == "kn" and slots(game, 0) == "ca----" and slots(game, 1) == "--ar--"
    assert game.deck[-2:] == [3, 4] and game.discard == [1], "top is drawn first: the Queen is on top"
    assert game.observe(2)["seats"][1]["known"] == ["pe"]
    assert game.shuffles == 2 and game.target_now() == 8
    counts = [0] * KINDS
    for kind in game.deck + game.discard:
        counts[kind] += 1
    assert sum(counts) + 2 + 2 == sum(deck_counts(False))


def test_the_builder_puts_the_rest_where_asked() -> None:
    game = position(3, hands=["kn", "", ""], rest_to="discard")
    assert not game.deck and len(game.discard) == sum(deck_counts(False)) - 1
    game = position(2, hands=["", ""], rest_to="hand1")
    assert game.sizes == [0, sum(deck_counts(True))]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"hands": ["ququ", "", ""]}, "places 2 Queen cards; the deck has 1"),
    ({"target": 11}, "the target is 10 gems less one per reshuffle"),
    ({"target": 7, "shuffles": 2}, "target 7 needs 3 reshuffles, not 2"),
    ({"rest_to": "pocket"}, "rest_to must be"),
    ({"gems": [5, 5, 50]}, "gems are not conserved"),
])
def test_the_builder_refuses_what_cannot_be_with_a_reason(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        position(3, **kwargs)  # type: ignore[arg-type]


def test_the_builder_refuses_a_two_player_target_other_than_twelve() -> None:
    with pytest.raises(NotationError, match="with 2 players the target is all 12 gems"):
        position(2, target=10)


@pytest.mark.parametrize("module", [builder_module, encode_module, notation_module])
def test_the_examples_in_the_docstrings_run(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# ---------------------------------------------------------------------- laws of the result and of frames


def _won() -> str:
    """A finished 3-player game: seat 0 gained a gem to hold 10 (the target is 9 after a reshuffle)."""
    game = position(3, gems=[9, 1, 5], hands=["so", "pe", ""], shuffles=1, cur=0)
    play(game, "0:a1:so", "1:take")  # the gem wins at once: no Highwayman window opens
    assert game.winners() == (0,) and game.result is not None
    return game.to_notation()


def _with_result(text: str, **changes: object) -> str:
    """``text`` with fields of its result (the part between the frames and the body) changed."""
    head, result, body = text.rsplit("|", 2)
    return "|".join((head, json.dumps({**json.loads(result), **changes}, separators=(",", ":")), body))


@pytest.mark.parametrize(("changes", "law"), [
    ({"winners": [2]}, "seat 2 wins holding 5 gems, but the target is 9"),
    ({"winners": [1]}, "seat 1 wins holding 0 gems, but the target is 9"),
    ({"winners": [0, 2]}, r"one seat wins, by holding the target after gaining gems, not \[0, 2\]"),
    ({"winners": []}, r"one seat wins, by holding the target after gaining gems, not \[\]"),
    ({"scores": [99.0, 99.0, 99.0]}, r"the scores \[99.0, 99.0, 99.0\] must be the gems held \(10/0/5\)"),
    ({"scores": [10.0, 5.0, 0.0]}, "must be the gems held"),
])
def test_a_finished_games_winner_holds_the_target_and_its_scores_are_the_gems(changes: dict[str, object],
                                                                              law: str) -> None:
    text = _won()
    assert STATE.from_notation(text).winners() == (0,)  # the true result loads
    with pytest.raises(NotationError, match=law):
        STATE.from_notation(_with_result(text, **changes))


def test_a_game_stopped_at_its_maximum_length_names_no_winner() -> None:
    """The result law agrees with the engine: a truncated result has no winner; its scores are the gems."""
    stopped = _with_result(_won(), winners=[], truncated=True, reason="stopped")
    assert STATE.from_notation(stopped).winners() == ()
    with pytest.raises(NotationError):
        STATE.from_notation(_with_result(_won(), truncated=True))
    with pytest.raises(NotationError, match="must be the gems held"):
        STATE.from_notation(_with_result(stopped, scores=[15.0, 0.0, 0.0]))


def test_a_game_stopped_during_the_two_player_draft_keeps_its_draft_pile() -> None:
    """The engine stops a game at the first public action from ``max_length`` on: a 2-player game can
    stop mid-draft, with the draft pile still out and no draft frame; that position loads."""
    game = STATE.new(2, {"max_length": 1}, seed=3)
    assert game.frames[-1].kind == "draft"
    game.apply(game.to_act()[0], "keep")
    assert game.result is not None and game.result.truncated and game.draft and not game.frames
    assert STATE.from_notation(game.to_notation()) == game


def _swap_top_of_discard(text: str, code: str) -> str:
    """``text`` with the top of its discard pile exchanged for a ``code`` card of the draw pile."""
    discard, deck = _field(text, "discard"), _field(text, "deck")
    index = next(i for i in range(0, len(deck), 2) if deck[i:i + 2] == code)
    text = _with(text, "deck", deck[:index] + discard[-2:] + deck[index + 2:])
    return _with(text, "discard", discard[:-2] + code)


@pytest.mark.parametrize(("kind", "code", "forts"), [
    ("herald", "he", ["------", "------", "------"]),
    ("monk", "mo", ["------", "ca----", "ca----"]),
])
def test_a_herald_or_monk_frame_follows_that_card_on_top_of_the_discard_pile(kind: str, code: str,
                                                                           forts: list[str]) -> None:
    frames = [Frame(kind, [1, 2], simultaneous=True)]
    assert position(3, forts=forts, frames=frames, discard=code).to_act() == (1, 2)  # lawful
    assert position(3, forts=forts, frames=frames, discard=code + "je").to_act() == (1, 2), "a Jester as one"
    with pytest.raises(NotationError, match=f"a {kind} frame follows .* the top is nothing \\(the pile is empty\\)"):
        position(3, forts=forts, frames=frames)
    with pytest.raises(NotationError, match=f"a {kind} frame follows .* but the top is Knight"):
        position(3, forts=forts, frames=frames, discard=code + "kn")


def test_the_heralds_pick_follows_the_herald_on_top_of_the_discard_pile() -> None:
    game = position(3, hands=["he", "kn", "so"])
    play(game, "0:he", "1:show:kn", "2:show:so")
    assert game.frames[-1].kind == "herald-pick"
    text = game.to_notation()
    assert STATE.from_notation(text) == game
    with pytest.raises(NotationError, match=r"a herald-pick frame follows Herald .* but the top is Soldier"):
        STATE.from_notation(_swap_top_of_discard(text, "so"))


def _window(amount: int, source: int | None) -> list[Frame]:
    data = {"holder": 0, "amount": amount} | ({} if source is None else {"from": source})
    return [Frame("highwayman", [1, 2], data, simultaneous=True)]


@pytest.mark.parametrize(("amount", "source", "law"), [
    (0, 1, "a Highwayman window is on the gems seat 0 just gained, 1 to the 7 it holds, not 0"),
    (8, 1, "1 to the 7 it holds, not 8"),
    (2, 0, "came to seat 0 from another seat, not itself"),
])
def test_a_highwayman_window_is_on_gems_that_moved_from_another_seat(amount: int, source: int, law: str) -> None:
    assert position(3, gems=[7, 3, 5], frames=_window(2, 1)).to_act() == (1, 2)  # lawful
    assert position(3, gems=[7, 3, 5], frames=_window(7, None)).to_act() == (1, 2), "'from' may be left out"
    with pytest.raises(NotationError, match=law):
        position(3, gems=[7, 3, 5], frames=_window(amount, source))


def test_going_on_fortifying_follows_a_fortification_and_a_free_slot_and_a_card() -> None:
    fortify = [Frame("fortify", [0])]
    assert position(3, forts=["ca----", "------", "------"], frames=fortify).to_act() == (0,)  # lawful
    with pytest.raises(NotationError, match=r"seat 0 goes on fortifying .* but has no fortification standing"):
        position(3, frames=fortify)
    with pytest.raises(NotationError, match=r"with 1 card.* and 3 of 3 slots filled"):
        position(3, forts=["caarmi", "------", "------"], hands=["kn", "pe", "so"], frames=fortify)
    with pytest.raises(NotationError, match=r"with 0 card.* and 1 of 3 slots filled"):
        position(3, forts=["ca----", "------", "------"], hands=["", "pe", "so"], frames=fortify)
    # With 2 players a Minstrel is discarded at once, so nothing need stand.
    assert position(2, hands=["kn", "so"], frames=fortify).to_act() == (0,)


# ---------------------------------------------------------------------- long input


@pytest.mark.parametrize("part", ["kind", "data"])
def test_a_frame_with_a_long_kind_or_data_is_refused_in_a_short_message(part: str) -> None:
    """The frame checks quote a kind, its data and what is wrong in it through ``quote`` (capped)."""
    text = _base()
    head, frames_text = text.split("|", 5)[:5], text.split("|", 5)[5]
    frames, end = json.JSONDecoder().raw_decode(frames_text)
    if part == "kind":
        frames[0][0] = "k" * 5000
    else:
        frames[0][2] = {"k" * 3000: 1, "by": "y" * 3000}
    with pytest.raises(NotationError, match=r"unknown frame kind 'kkk|has bad data") as error:
        STATE.from_notation("|".join([*head, json.dumps(frames) + frames_text[end:]]))
    assert len(str(error.value)) < 400 and "kkkkkkkkkk" * 10 not in str(error.value)
