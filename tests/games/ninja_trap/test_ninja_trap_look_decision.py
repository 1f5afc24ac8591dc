"""The Buko look is a decision a driver must show, never answer for the player.

Rulebook: a ninja who moves into the Buko and is not trapped there "may look at all of his traps" (the
Buko's reward). The look is a one-time look (shown once, gone when the seat acts) and its decision has
one choice (hide the traps again and go on): a driver that answers single choices for a player (the
browser's and the terminal's "answer forced choices") must not answer this one, or the player never
sees the traps. ``decision(seat).looking`` says so.
"""

from __future__ import annotations

from ninjadojo.games.ninja_trap.builder import Seat, build, log_texts, play


def _at_the_look() -> object:
    """Seat 0 moved into the Buko, untrapped (seat 1's traps are elsewhere), and looks at its traps."""
    game = build(2, "move", [Seat(hand="GIDB", traps="N1,G3"), Seat(hand="SFTN", traps="I1,D3")], turn=3)
    play(game, {0: "mB", 1: "mS"})
    while game.stage() == "activate":
        play(game, {seat: "pass" for seat in game.to_act()})
    return game


def test_the_buko_look_is_a_decision_with_one_choice_and_a_look_showing() -> None:
    game = _at_the_look()
    decision = game.decision(0)
    assert decision is not None and decision.kind == "look"
    assert game.legal_actions(0) == ["ok"], "one choice: hide the traps again and go on"
    assert decision.looking, "the traps are showing: a driver must not answer this for the player"
    looks = [text for text in log_texts(game, 0) if "Buko look" in text]
    assert looks == ["Buko look (only now, only you): the trap of turn 1 in the Ikujishitzu, "
                     "the trap of turn 3 in the Genkan."]
    assert not any("Buko look" in text for text in log_texts(game, 1)), "only the looker sees it"


def test_no_look_showing_after_the_seat_acts_nor_for_other_decisions() -> None:
    game = build(2, "move", [Seat(hand="GIDB", traps="N1,G3"), Seat(hand="SFTN", traps="I1,D3")], turn=3)
    assert game.decision(0) is not None and not game.decision(0).looking  # an ordinary move
    game = _at_the_look()
    game.apply(0, "ok")
    for seat in (0, 1):
        decision = game.decision(seat)
        assert decision is None or not decision.looking, "the look is over once the seat has gone on"
