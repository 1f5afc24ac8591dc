"""The design data keeps the published totals (RULINGS.md: Ninjato) and the text's examples."""

from __future__ import annotations

from ninjadojo.games.ninjato import cards
from ninjadojo.games.ninjato.encode import STEALTH, STRENGTH, payments, play_value


def test_the_published_component_totals() -> None:
    assert sum(cards.DOJO_COUNTS.values()) == 52 and set(cards.DOJO_COUNTS) == {1, 2, 3, 4, 5}
    assert sum(cards.GUARD_COUNTS) == 40
    assert sum(cards.ELITE_COUNTS) == 20
    assert sum(cards.TILE_COUNTS) == 19 and cards.TILE_COUNTS[cards.HJ_TYPE] == 3
    assert len(cards.ENVOYS) == 21 and len(cards.RUMORS) == 30
    assert sum(cards.TREASURE_COUNTS) == 90
    assert len(cards.MARKERS) == 15 and min(cards.MARKER_VALUES) == 2 and max(cards.MARKER_VALUES) == 8
    assert cards.HOUSES == 5 and cards.SHURIKEN == 3 and cards.ROUNDS == 7
    assert cards.SCORING_ROUNDS == (3, 5, 7)


def test_the_start_markers_are_the_texts() -> None:
    assert sorted(cards.START_MARKERS) == ["g6", "m2", "m4", "t2", "t4"]
    assert cards.SCORING_ORDER[3] == (2, 0, 1), "after round 3: Go-Shirakawa, Taira, Minamoto"
    assert all(sorted(order) == [0, 1, 2] for order in cards.SCORING_ORDER.values())


def test_the_texts_tile_examples() -> None:
    snake, tiger, crane = cards.TILE_KIND_INDEX["s2"], cards.TILE_KIND_INDEX["t6"], cards.TILE_KIND_INDEX["c2"]
    assert play_value(4, 0, snake, STEALTH) == 2, "a Snake gives -2"
    assert play_value(1, 0, tiger, STRENGTH) == 6, "a Tiger makes a card a 6"
    assert play_value(0, 0, crane, STRENGTH) == 4 and play_value(0, 0, crane, STEALTH) == 2, "a Crane is a 2 or 4"
    assert {cards.TILE_KINDS[kind].style for kind in range(6)} == {"snake", "tiger", "crane"}


def test_the_texts_envoy_costs() -> None:
    costs = {row.cost for row in cards.ENVOYS}
    assert cards.pair("jf") in costs and cards.same(1, 4) in costs
    # A Jade and a Fan (either may be Gold) score 7; 1-4 Fans score 2-8, 1-4 Jades 5-20.
    jade_fan = dict((text, honour) for text, _, honour in payments(cards.pair("jf"), (1, 0, 0, 1, 2)))
    assert jade_fan == {"fj": 7, "fg": 7, "jg": 7, "gg": 7}
    fans = {honour for text, _, honour in payments(cards.same(1, 4), (4, 0, 0, 0, 0))}
    jades = {honour for text, _, honour in payments(cards.same(1, 4), (0, 0, 0, 4, 0))}
    assert fans == {2, 4, 6, 8} and jades == {5, 10, 15, 20}


def test_every_envoy_has_a_unique_age_and_clans_have_seven_each() -> None:
    assert sorted(cards.ENVOY_AGE) == list(range(1, 22))
    assert [cards.ENVOY_CLAN.count(clan) for clan in range(3)] == [7, 7, 7]


def test_rumor_sets_multiply_by_one_two_four_and_start_again() -> None:
    assert [cards.set_multiplier(count) for count in range(8)] == [0, 1, 2, 4, 5, 6, 8, 9]


def test_every_inferred_number_is_marked_in_the_data_file() -> None:
    from pathlib import Path

    text = Path(cards.__file__).read_text(encoding="utf-8")
    for name in ("PAVILION_SPOTS", "DOJO_COUNTS", "TREASURE_COUNTS", "GUARDS", "ELITES", "TILE_ROWS", "MARKER_VALUES",
                 "START_MARKERS", "SCORING_ORDER"):
        before = text[:text.index(f"\n{name}")]
        comment = before[before.rfind("\n\n"):]
        assert "INFERRED" in comment, f"{name} says why it is inferred"
