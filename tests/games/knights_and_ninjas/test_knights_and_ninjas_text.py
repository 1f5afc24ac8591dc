"""What a player reads (issue #9): card texts, the rules summary, a hand with each card's short text,
a picture that fits an 80x24 terminal for every player count, and a log that nests what happens
inside one action."""

from __future__ import annotations

import re

import pytest

from ninjadojo.engine import Frame, Rng
from ninjadojo.games.knights_and_ninjas import STATE, KnightsAndNinjasState
from ninjadojo.games.knights_and_ninjas.builder import play, position
from ninjadojo.games.knights_and_ninjas.cards import CODES, COUNTS, NAMES, STRENGTH

WIDTH, LINES = 80, 12


def _fits(game: KnightsAndNinjasState) -> None:
    for seat in [None, *range(game.num_players)]:
        for picture in (game.render(seat), re.sub(r"\[/?[a-z ]+\]", "", game.render_markup(seat) or "")):
            lines = picture.split("\n")
            assert len(lines) <= LINES, f"{len(lines)} lines for seat {seat}:\n{picture}"
            assert max(map(len, lines)) <= WIDTH, f"a line is wider than {WIDTH} for seat {seat}:\n{picture}"


# ---------------------------------------------------------------------- cards and rules


def test_the_catalog_lists_every_card_with_a_short_and_a_full_text() -> None:
    catalog = STATE.card_catalog()
    assert [card.code for card in catalog] == list(CODES)
    assert [card.name for card in catalog] == list(NAMES)
    for card, strength in zip(catalog, STRENGTH, strict=True):
        assert 10 <= len(card.short) <= 40, card
        assert len(card.text) > len(card.short), card
        if strength and card.code in ("ni", "dr"):
            # A unique attack has no strength in the rulebook's words: it "steals two gems".
            assert card.short.startswith(f"steals {strength} gems"), "a unique attack says what it takes first"
        elif strength:
            assert card.short.startswith(f"strength {strength}"), "a card with strength says it first"


def test_cards_that_work_otherwise_with_two_players_have_a_short_text_of_that_variation() -> None:
    # The rulebook's 2-player changes: a Herald's rival shows two cards, a Merchant pays two gems, and a
    # Minstrel makes the rival discard two cards instead of keeping you safe.
    shorts = {card.code: dict(card.variants).get("2-player") for card in STATE.card_catalog()}
    assert "two" in str(shorts["he"]) and "2 gems" in str(shorts["me"]) and "discards 2" in str(shorts["mi"])
    assert "safe" not in str(shorts["mi"]) and "a gem" not in str(shorts["me"])
    assert all(10 <= len(short) <= 40 for short in shorts.values() if short)
    assert {code for code, short in shorts.items() if short} == {"he", "me", "mi", "mo"}
    assert "2 gems or 3 cards" in str(shorts["mo"])
    # The view names the variation the texts are for.
    assert KnightsAndNinjasState.new(2, seed=1).observe(0)["variation"] == "2-player"
    assert KnightsAndNinjasState.new(3, seed=1).observe(0)["variation"] is None


def test_the_rules_summary_fits_a_terminal() -> None:
    lines = STATE.SPEC.rules.rstrip("\n").split("\n")
    assert 8 <= len(lines) <= 25
    assert max(map(len, lines)) <= 78
    for word in ("10", "Highwayman", "Jester", "2 players", "12"):
        assert word in STATE.SPEC.rules


def test_the_hand_shows_each_cards_strength_and_role() -> None:
    # Issue #9 item 5: the hand showed "Soldier (so)" with no strength or role.
    game = position(3, hands=["sosoniexca", "pe", "pe"])
    picture = game.render(0)
    assert "your hand: 2x Soldier (so) strength 2: common attack or respond" in picture
    assert "Ninja (ni) steals 2 gems; passes Castle and Archer" in picture
    assert "Executioner (ex) respond: ends the attack and the turn" in picture
    assert "Castle (ca) fortify: stops common attacks" in picture
    assert "[bold]your hand: [/bold]2x Soldier (so) strength 2" in (game.render_markup(0) or "")


def test_the_two_player_hand_reads_the_cards_as_they_work_with_two() -> None:
    game = position(2, hands=["mihe", "pe"])
    assert "Minstrel (mi) fortify/respond: rival discards two" in game.render(0)
    assert "Herald (he) special: rival shows 2 cards, take one" in game.render(0)


def test_a_big_hand_is_packed_with_fewer_words_but_every_card_is_there() -> None:
    every = "".join(code for code in CODES if code not in ("je",))
    game = position(6, hands=[every, "pe", "pe", "pe", "pe", "pe"])
    picture = game.render(0)
    for code in CODES[:-1]:
        assert re.search(rf"\b{code}\b", picture), code
    _fits(game)


# ---------------------------------------------------------------------- small terminals


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_picture_of_a_random_game_fits_80_columns_and_12_lines(players: int) -> None:
    for seed in range(2):
        game = STATE.new(players, seed=seed)
        rng = Rng(seed)
        while not game.is_terminal:
            _fits(game)
            seats = game.to_act()
            seat = seats[rng.randbelow(len(seats))]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
        _fits(game)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_most_crowded_pictures_fit(players: int) -> None:
    # Every fortification with Jesters, many known cards, a hand of every kind, an attack turned by a
    # Traitor with a Ladder standing: the longest lines and the most of them.
    duel = players == 2
    hands = ["pesoknkiqunidrprexhememomiarcalacp" + ("" if duel else "trhw"), "pepepepepepe"]
    hands += ["pe"] * (players - 2)
    forts = (["ca----", "caar--"] if duel else ["caar--", "cajeje"]) + ["--ar--"] * (players - 2)
    game = position(players, hands=hands, forts=forts, known=["", "pepepepepepe", *[""] * (players - 2)],
                    gems=[9, 1, *[5] * (players - 2)] if not duel else [11, 1])
    _fits(game)
    if not duel:
        # A revolt of 22 Peasants (two of them Jesters) turned back by a Traitor, a Ladder standing.
        turned = Frame("respond", [0], {"by": 2, "role": 0, "str": 22, "turns": 1})
        # The seat looking on holds a card of every kind left: two lines are left for its hand.
        crowd = "sosoknkiqunidrtrhwprexhememomiarcalacp"
        game = position(players, hands=["so", crowd, "pe", *["kn"] * (players - 3)],
                        forts=["------", "------", "ca----", *["------"] * (players - 3)],
                        frames=[Frame("attack", [0]), turned], attack=2, ladder=2, pending="pe" * 20 + "jeje",
                        known=["so", *[""] * (players - 1)])
        turned = "P2's Traitor turns the revolt of 22 Peasants, two of them Jesters"
        assert turned in game.render(1).replace("\n   ", "")
        _fits(game)


def test_a_finished_game_stopped_at_its_maximum_length_fits() -> None:
    game = STATE.new(6, {"max_length": 5}, seed=1)
    rng = Rng(1)
    while not game.is_terminal:
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
    assert game.result is not None and game.result.truncated
    _fits(game)
    assert "nobody wins" in game.render(0)


# ---------------------------------------------------------------------- the log


def test_responses_and_outcomes_are_logged_inside_the_attack_they_answer() -> None:
    game = position(3, hands=["knso", "trpe", "hw"])
    play(game, "0:a1:kn", "1:r:tr", "0:r:so", "2:pass")
    log = game.observe(2)["log"]
    start = log.index("P0 attacks P1 with a Knight")
    assert log[start + 1:start + 5] == [
        "  P1 responds with a Traitor",
        "  The Knight turns against P0",
        "    P0 responds with a Soldier",
        "    P1 takes 1 gem from P0: the attack's strength 3 less the response's 2",
    ]


def test_a_response_that_weakens_an_attack_without_stopping_it_is_told_in_the_log() -> None:
    """A King (strength 4) answered by a Peasant (strength 1) takes 3 gems: the log says the Peasant took 1 off."""
    game = position(3, hands=["ki", "pe", ""])
    play(game, "0:a1:ki", "1:r:pe")
    log = game.observe(2)["log"]
    assert "  P0 takes 3 gems from P1: the attack's strength 4 less the response's 1" in log, log


def test_a_highwayman_steal_is_logged_inside_the_attack_that_moved_the_gems() -> None:
    game = position(3, hands=["kn", "pe", "hw"])
    play(game, "0:a1:kn", "1:take", "1:pass", "2:hw")
    log = game.observe(0)["log"]
    start = log.index("P0 attacks P1 with a Knight")
    assert log[start + 1:start + 4] == ["  P1 does not respond", "  P0 takes 3 gems from P1",
                                        "  P2 plays a Highwayman and steals 3 gems from P0"]


def test_cards_shown_to_a_herald_and_the_pick_are_logged_inside_the_herald() -> None:
    game = position(3, hands=["he", "kn", "so"])
    play(game, "0:he", "1:show:kn", "2:show:so", "0:pick1:kn")
    log = game.observe(2)["log"]
    start = log.index("P0 plays a Herald")
    assert log[start + 1:start + 4] == ["  P1 shows a Knight", "  P2 shows a Soldier",
                                        "  P0 takes P1's Knight"]


def test_the_start_of_the_next_turn_is_not_nested() -> None:
    game = position(3, hands=["kn", "pe", ""], top="soso")
    play(game, "0:a1:kn", "1:take", "1:pass")
    assert game.observe(1)["log"][-2:] == ["P1 draws 2 cards", "  The cards drawn: two Soldiers"]


def test_a_players_hand_of_one_kind_of_each_count_is_drawn_with_its_count() -> None:
    game = position(3, hands=["pe" * COUNTS[0], "", ""], rest_to="deck")
    assert f"your hand: {COUNTS[0]}x Peasant (pe)" in game.render(0)


def test_the_end_shows_every_hand_in_names_when_the_picture_has_room() -> None:
    """At the end every hand is revealed, the viewer's own on its seat's line too; a hand too long for the
    line goes on a line of its own while the 12 lines allow, in the cards' names rather than their codes."""
    from ninjadojo.api import new_game
    from ninjadojo.engine.playout import random_playout

    own_lines = 0
    for seed in range(4):
        game = new_game("knights-and-ninjas", 6, {}, seed=seed)
        random_playout(game, Rng(seed))
        picture = game.render(0).splitlines()
        assert len(picture) <= 12 and all(len(line) <= 80 for line in picture), "\n".join(picture)
        assert not any(line.startswith("your hand") for line in picture), "the hand is on its seat's line"
        own_lines += sum(line.startswith("    hand: ") for line in picture)
        shown = "\n".join(picture)
        for seat in range(6):
            names = sorted(NAMES[kind] for kind in range(len(CODES)) if game.hands[seat][kind])
            # In names, unless the 12 lines are all taken (then codes, as before).
            assert all(name in shown for name in names) or len(picture) == 12, (seat, names, shown)
    assert own_lines >= 4, "no long hand was given a line of its own"
