"""Notation, invariants, views and determinisation: what each seat may know (view.py's docstring), and
that a sample for a seat depends only on what that seat knows."""

from __future__ import annotations

import doctest
import json

import pytest
from ninjato_helpers import field, play

from ninjadojo.engine import NotationError, Rng
from ninjadojo.games.ninjato import builder, encode, notation
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.cards import TILE_KINDS
from ninjadojo.games.ninjato.state import NinjatoState


def advanced(players: int, seed: int, steps: int) -> NinjatoState:
    """A real position ``steps`` random actions into a game."""
    game = NinjatoState.new(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_terminal:
            break
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
    return game


@pytest.mark.parametrize("module", [builder, encode, notation])
def test_the_documented_examples_run(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_position_round_trips_through_its_notation(players: int) -> None:
    for steps in (0, 37, 120):
        game = advanced(players, 9, steps)
        again = NinjatoState.from_notation(game.to_notation())
        assert again.to_notation() == game.to_notation()
        for seat in again.to_act():
            assert again.legal_actions(seat) == game.legal_actions(seat)


def _with_field(game: NinjatoState, name: str, value: str) -> str:
    head, body = game.to_notation().rsplit("|", 1)
    parts = [f"{name}={value}" if part.startswith(name + "=") else part for part in body.split(";")]
    return head + "|" + ";".join(parts)


@pytest.mark.parametrize(("name", "value", "law"), [
    ("bag", "24,22,18,14,13", "treasure not conserved"),
    ("bag", "0,0,0,0,0", "treasure not conserved"),
    ("deck", "", "Dojo cards not conserved"),
    ("gdeck", "", "Guards not conserved"),
    ("houses", "t2:3n:fsv/t2:3n:fsv/g6:3n:fsv/t4:3n:fsv/m4:3n:fsv", "each with its own marker"),
    ("dojo", "0", "shuriken on the board"),
    ("rup", "", "Rumor cards not conserved"),
    ("hj", "2", "Sensei tiles not conserved"),
    ("known", "5555/", "known to hold more"),
])
def test_impossible_positions_are_refused_naming_the_broken_law(name: str, value: str, law: str) -> None:
    game = position(2, hands=["1", ""])
    with pytest.raises(NotationError, match=law):
        NinjatoState.from_notation(_with_field(game, name, value))


def test_a_house_without_a_sentry_but_with_treasure_is_refused() -> None:
    with pytest.raises(NotationError, match="Sentry exactly while it has treasure"):
        position(2, houses=["t2:-:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv"])


def test_a_hensojutsu_on_offer_before_round_five_is_refused() -> None:
    with pytest.raises(NotationError, match="Hensojutsu"):
        position(2, round=3, offer="hj")


def test_malformed_fields_are_refused_with_a_notation_error() -> None:
    game = position(2)
    for name, value in (("round", "8"), ("order", "00"), ("spots", "0"), ("houses", "t2:3n"), ("purse", "f*/"),
                        ("raid", "0:9:+::-:-"), ("tiles", "zz/")):
        with pytest.raises(NotationError):
            NinjatoState.from_notation(_with_field(game, name, value))


def test_a_position_with_two_pending_decisions_is_refused() -> None:
    text = position(2).to_notation().replace('[["place",[0],{},"",[]]]',
                                             '[["place",[0],{},"",[]],["place",[0],{},"",[]]]')
    with pytest.raises(NotationError, match="one pending decision"):
        NinjatoState.from_notation(text)


def test_views_hide_hands_deck_orders_and_the_bag_but_show_the_board() -> None:
    game = advanced(3, 4, 60)
    for seat in range(3):
        view = game.observe(seat)
        assert view["players"] == 3, "the engine's player count is not overridden"
        assert view["hand"] == [value for value in range(1, 6) for _ in range(game.hands[seat][value])]
        assert len(view["seats"]) == 3
        text = json.dumps(view)
        assert game.to_notation().split("gdeck=")[1].split(";")[0] not in text or not game.gdeck
        for other in range(3):
            assert "hand" not in view["seats"][other]
    spectator = game.observe(None)
    assert spectator["hand"] is None and isinstance(spectator["bag"], int)


def test_a_view_does_not_change_when_what_the_seat_cannot_see_is_permuted() -> None:
    game = advanced(3, 12, 50)
    for seat in range(3):
        other = game.clone()
        rng = Rng(3)
        for pile in (other.deck, other.gdeck, other.xdeck, other.sdeck, other.rdeck, other.vdeck):
            rng.shuffle(pile)
        assert other.observe(seat) == game.observe(seat)


def test_a_chain_of_samples_gives_nothing_back() -> None:
    # The attack: B = determinize(determinize(state, k), k) must be the same as determinize(state, k).
    game = advanced(4, 21, 90)
    for seat in range(4):
        first = game.determinize(seat, 77)
        again = first.determinize(seat, 77)
        assert again.to_notation() == first.to_notation()
        assert first.observe(seat) == game.observe(seat)
        for acting in game.to_act():
            if acting == seat:
                assert first.legal_actions(seat) == game.legal_actions(seat)


def test_a_twin_made_by_hand_gives_the_identical_sample() -> None:
    # Swap two rivals' hidden Dojo cards and reorder every deck: seat 0 cannot tell, so its sample is equal.
    game = position(3, hands=["12", "345", "55"], top="1234", rup="w1,w2,w3,w4")
    twin = position(3, hands=["12", "355", "45"], top="4321", gtop="5n,1n", xtop="d33", rup="w1,w2,w3,w4",
                    rtop="p2", vtop="g7", stop="c1@5")
    assert twin.observe(0) == game.observe(0)
    assert game.determinize(0, 5).to_notation() == twin.determinize(0, 5).to_notation()
    assert game.determinize(1, 5).to_notation() != twin.determinize(1, 5).to_notation(), "seat 1 sees its hand"


def test_a_sample_keeps_cards_seen_taken_face_up_in_their_hand() -> None:
    game = position(2, hands=["12", "55"], known=["", "5"])
    for seed in range(20):
        assert game.determinize(0, seed).hands[1][5] >= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_picture_fits_eighty_columns_and_twenty_lines(players: int) -> None:
    for seed in range(6):
        game = NinjatoState.new(players, seed=seed)
        rng = Rng(seed)
        while not game.is_terminal:
            for seat in (None, *range(players)):
                for text in (game.render(seat), game.render_markup(seat)):
                    assert text is not None
                    lines = text.splitlines()
                    assert len(lines) <= 20
                    plain = [line for line in game.render(seat).splitlines()]
                    assert all(len(line) <= 80 for line in plain), plain
            seat = game.to_act()[0]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])


def test_the_rules_summary_and_card_catalog() -> None:
    lines = NinjatoState.SPEC.rules.strip().splitlines()
    assert 8 <= len(lines) <= 25 and all(len(line) <= 78 for line in lines)
    catalog = NinjatoState.card_catalog()
    assert all(len(info.short) <= 40 for info in catalog)
    # A short text says something whole: an Elite's was cut at 40 letters ("Strength over 4, Stea").
    elite = next(info for info in catalog if info.code == "o42")
    assert elite.short == "Strength over 4 or Stealth under 2"
    codes = [info.code.casefold() for info in catalog]
    assert len(set(codes)) == len(codes), "each code names one kind of card"
    assert {"1", "3", "5", "s2", "t6", "c2", "hj", "rum:w", "rum:d", "env:t", "m:g", "3a", "o42", "g"} <= set(codes)


def test_the_hand_shows_the_three_as_a_modifier_and_tiles_by_name() -> None:
    game = position(2, hands=["135", ""], tiles=["t6@1", ""])
    text = game.render(0)
    assert "your hand: 1 3 5 (a 3 may be +1/-1 on another card)" in text
    assert "Tiger 6 (t6)" in text
    assert "your hand" not in game.render(None)


def test_every_action_example_in_the_rules_document_is_an_action_of_the_game() -> None:
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[3] / "docs" / "rules" / "ninjato.md").read_text(encoding="utf-8")
    examples = set(re.findall(r"`([a-z0-9:@?=+.*-]+)`", doc))
    space = NinjatoState.new(2).action_space().index
    actions = {example for example in examples if example in space or example.startswith(("rum:", "env:"))}
    for example in actions:
        assert example in space or encode.canonical_text(example) in space, example
    assert len(actions) >= 15, "the document shows actions of every kind"


def test_the_log_nests_what_happens_inside_a_raid() -> None:
    game = position(2, hands=["5", ""], houses=["t2:3n:f", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv"])
    play(game, "0:h1+", "0:5")
    lines = game.observe(0)["log"]
    start = next(index for index, line in enumerate(lines) if line.startswith("P0 attacks house 1"))
    assert len(lines) > start + 2 and all(line.startswith("  ") for line in lines[start + 1:])
    assert field(game, "houses").startswith("t2:-:")


def test_every_action_example_in_the_typing_reference_is_an_action_of_the_game() -> None:
    import re

    # The examples of how to type (the rules players read have none: they are words).
    examples = re.findall(r"[a-z]+:[a-z0-9:@]+|\bh\d[+-]|\bd\d\b|\bdojo\b|\bdeck\b", NinjatoState.SPEC.typing)
    space = NinjatoState.new(2).action_space().index
    assert len(examples) >= 6
    for example in examples:
        assert example in space or encode.canonical_text(example) in space, example


def test_the_view_shows_the_foe_fought_now_and_the_guards_beaten() -> None:
    # The board draws the foe of the fight from the view: the prompt and the log said it, the board did not.
    houses = ["t2:3n:fs", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv"]
    game = position(2, hands=["5543", ""], houses=houses, gtop="4n", raid=(0, 1, "+"))
    raid = game.observe(1)["raid"]  # what every seat sees
    assert raid["fighting"] == {"card": "3n", "kind": "sentry", "person": 0, "beat": 3, "then": None,
                                "foe": "the Sentry 3"}
    assert raid["guards"] == [] and raid["beaten"] == 0
    play(game, "0:5")
    raid = game.observe(1)["raid"]
    assert game.decision(0).kind == "press" and raid["fighting"] is None and raid["beaten"] == 0
    play(game, "0:banzai")
    raid = game.observe(1)["raid"]
    assert raid["guards"] == ["4n"] and raid["beaten"] == 0
    assert raid["fighting"] == {"card": "4n", "kind": "guard", "person": 0, "beat": 4, "then": None,
                                "foe": "a Guard 4"}
    play(game, "0:5")
    assert game.raider < 0 and game.observe(1)["raid"] is None, "the house is cleared: the raid is over"


def test_the_view_says_which_person_of_an_elite_pair_is_fought() -> None:
    houses = ["t2:3n:fj*", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv"]
    game = position(2, hands=["3455", ""], houses=houses, gtop="4n", xtop="d24", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai")
    raid = game.observe(0)["raid"]
    assert raid["elite"] == "d24" and raid["beaten"] == 0
    assert raid["fighting"] == {"card": "d24", "kind": "elite", "person": 1, "beat": 2, "then": 4,
                                "foe": "the first person of the Elite pair 2 then 4"}
    play(game, "0:4")
    fighting = game.observe(0)["raid"]["fighting"]
    assert (fighting["person"], fighting["beat"], fighting["then"]) == (2, 4, None)
    play(game, "0:lose")
    assert game.observe(0)["raid"] is None, "defeated with a single treasure: the raid is over"


def test_a_guard_that_won_is_not_counted_beaten() -> None:
    houses = ["t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv"]
    game = position(2, hands=["555", ""], houses=houses, gtop="4n,5n", raid=(0, 1, "+"))
    play(game, "0:5", "0:banzai", "0:5", "0:banzai")
    raid = game.observe(0)["raid"]
    assert raid["guards"] == ["4n", "5n"] and raid["beaten"] == 1 and raid["fighting"]["card"] == "5n"
    play(game, "0:lose")
    raid = game.observe(0)["raid"]
    assert game.decision(0).kind == "keep" and raid["fighting"] is None
    assert raid["beaten"] == 1, "the 5 Guard won: only the 4 was beaten"


def test_a_player_line_too_long_for_80_columns_goes_on_to_a_second_line_whole() -> None:
    """A player holding a lot (97 honour, 15 cards of which 9 known, 4 treasures, 3 tiles, 6 Rumors, an Elite)
    has no form of their line that fits 80 columns: it goes on to a second line, every word whole (it was cut
    at 80 columns: "6 Rumors; 1 Eli")."""
    from ninjadojo.api import new_game

    game = new_game("ninjato", 2, seed=5)
    assert isinstance(game, NinjatoState)
    game.honour[1] = 97
    game.purse[1] = [1, 1, 1, 1, 0]
    game.kinds[1] = [1, 1, 1, 0, 0, 0, 0]
    game.rumors[1] = list(range(6))
    game.elites[1] = [1, 0, 0, 0, 0]
    game.hands[1] = [0, 3, 3, 3, 3, 3]
    game.known[1] = [0, 3, 3, 3, 0, 0]  # seat 0 knows 9 of them: "15 cards (9 known)"
    lines = game.render(0).splitlines()
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)
    start = next(number for number, line in enumerate(lines) if line.lstrip(" >").startswith("P1:"))
    assert lines[start + 1] == "   1 Elite", "\n".join(lines)


#: Two crowded positions (4 players, late rounds): a player whose line would wrap, and the seat's own tiles too
#: many for one line, each of which once pushed the picture to 21 lines.
CROWDED = [
    (
    'ninjato|4|-|0986ae97ff83441e|185|[["fight",[0],{"stage":0},"",[]]]|-|round=6;placed=8;order=3120;pha'
    'se=play;step=0;dojo=2;sensei=3;pavilion=3;palace=;spots=.2.11..00.;deck=43524;up=135;discard=1111112'
    '22222223333334444444455555;hands=5//1125/113455;known=//125/145;gdeck=3n,2n,4n,3n,2n,1n,3a,4a,5n,2a,'
    '5n,5n,1n,4a,4n,5n,3n,1n,1n,3n,3n,2n,4a;gdiscard=1n,2n,2a,3n,3n,3a,3a,3a,4n,5n,5n,5n;xdeck=o42,d42,d2'
    '4,o51,o51,d33,d33,d42,o51,d24,d33,o42,o42,d33,d42;xdiscard=o42,o42,o51,d24;houses=t2:3n:fj*j*/m2:4n:'
    'fvvgggg*/t6:1n:fsjg/t4:1n:ffjjggg/m4:2a:sssvg;sdeck=;offer=;sout=s1@4,s1@5,t1@2,t6@1,c2@3,c1@3,c1@5;'
    'hj=1;rdeck=p1,a1,w1,a3,f6,p5,p4,a5,a6,f5,p3,w5,d3,d1,f4,w4,f2;rup=w3,f3,d2;vdeck=g6,m4,m7,t2,t1,g2,t'
    '6,g4,g7,g1,g5,t7;vup=t4,m2,m6,g3;bag=13,11,10,8,2;spent=5,5,2,1,1;honour=8/18/29/9;purse=/ss/vvv/f;t'
    'iles=s2@4,t6@2,c2@?,hj//s2@?,t6@?,c1@?/s2@5,t1@1,c2@3,hj;flipped=//c1/;envoys=/t3,m3/t5,m1,m5/;rumor'
    's=w2,p2,f1/a4,d5/a2,d4/w6,p6,d6;elites=//o42/;masks=;raid=0:5:+:::-'
),
    (
    'ninjato|4|-|b95d19770b73ecd4|188|[["press",[3],{},"",[]]]|-|round=7;placed=9;order=3012;phase=play;s'
    'tep=0;dojo=;sensei=;pavilion=;palace=0;spots=23.1133.20;deck=2531425441114153;up=155;discard=1111222'
    '22223333333444444555555;hands=1///24;known=///;gdeck=2a,2n,4n,3n,3n,3a,1n,1n,4a,5n,3n,1n,1n,2a,3a,1n'
    ',3a,3n,2n,2n;gdiscard=1n,2n,2a,3n,3n,3n,3n,3a,4n,4n,4a,5n,5n,5n;xdeck=o42,o51,d33,o42,d24,o42,d24,o5'
    '1,d33,o51,d33,d42,d42,d42,o51,o42,o42,d24,o42,d33;xdiscard=;houses=t6:1n:svjg/m2:4a:fsjjggg/g6:5n:ff'
    'fsssvvvjgj*g*g*/t4:5n:fffssvvjj/m4:5n:fsvjg;sdeck=;offer=hj;sout=s1@4,t1@1,t1@2,t6@1,t6@?,c2@3;hj=0;'
    'rdeck=d5,w5,f1,p3,w3,p5,a6,a3,w6,a4,w2,f2,a1,w4,a5,p1,f3;rup=p2,f5,d3,d6;vdeck=g3,g6,g4,m6,g5,t1,t5,'
    'm1,t3,g7,g1,g2,m3,m2;vup=t2,t4,m4;bag=5,6,8,4,4;spent=7,7,3,2,0;honour=30/13/19/5;purse=f///ff;tiles'
    '=s2@?,c1@?,hj//s2@5/s1@5,s2@4,t6@2,c2@3,c2@?,c1@3,c1@5,hj;flipped=s2///s2,t6,c1,c1;envoys=t7,m5,m7//'
    't6/;rumors=w1/p4,f4,f6/p6,a2,d4/d1,d2;elites=///;masks=;raid=3:1:-:fs:4n:-'
    ),
]


@pytest.mark.parametrize("notation", CROWDED)
def test_a_crowded_picture_still_fits_twenty_lines(notation: str) -> None:
    game = NinjatoState.from_notation(notation)
    for seat in (None, 0, 1, 2, 3):
        text = game.render(seat)
        lines = text.splitlines()
        assert len(lines) <= 20 and all(len(line) <= 80 for line in lines), text
        if seat is not None:
            # Nothing the seat holds goes unsaid to it: its hand, then its tiles (each by name) and Rumors.
            own = text.split("your hand:")[1]
            assert all(TILE_KINDS[kind].name in own for kind, count in enumerate(game.kinds[seat]) if count), own
            assert not game.rumors[seat] or "Rumor" in own, own
