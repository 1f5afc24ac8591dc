"""Options: validation, CLI text, and messages that say what is allowed."""

from __future__ import annotations

import pytest

from engine.toygame import ToyState
from ninjadojo.engine import Option, OptionError
from ninjadojo.engine.options import options_text, parse_option_texts, validate_options

SPECS = ToyState.SPEC.options


def test_defaults_are_filled_in_and_text_values_are_converted() -> None:
    values = validate_options("toy", SPECS, {"target": "30", "blocks": "off"})
    assert values == {"target": 30, "blocks": False, "bid": "high"}
    assert validate_options("toy", SPECS, None) == {"target": 15, "blocks": True, "bid": "high"}


@pytest.mark.parametrize(("given", "message"), [
    ({"target": 4}, "option 'target' of toy must be at least 5, not 4"),
    ({"target": 61}, "option 'target' of toy must be at most 60, not 61"),
    ({"target": "many"}, "option 'target' of toy must be a whole number from 5 to 60, not 'many'"),
    ({"target": True}, "must be a whole number from 5 to 60, not True"),
    ({"target": 7.0}, "must be a whole number from 5 to 60, not 7.0"),
    ([("target", 7)], "the options of toy must be a mapping of name to value"),
    ({"blocks": "maybe"}, "option 'blocks' of toy must be true or false (or yes/no, on/off, 1/0), not 'maybe'"),
    ({"bid": "middle"}, "option 'bid' of toy must be one of high, low, not 'middle'"),
    ({"bid": 3}, "option 'bid' of toy must be one of high, low, not 3"),
    ({"colour": "red"}, "unknown option 'colour' for toy; its options are: target: int 5..60"),
])
def test_bad_options_say_what_is_wrong_and_what_is_allowed(given: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError) as error:
        validate_options("toy", SPECS, given)
    assert message in str(error.value)


def test_a_choice_may_be_typed_with_hyphens_or_underscores_in_any_case() -> None:
    # Games spell some choices with hyphens (at-once) and others with underscores (fewest_hits).
    from ninjadojo.games import game_class

    trap = game_class("ninja-trap").validate_options(3, {"stalemate": "Fewest-Hits"})
    assert trap["stalemate"] == "fewest_hits"
    knights = game_class("knights-and-ninjas").validate_options(3, {"win_check": "AT_ONCE"})
    assert knights["win_check"] == "at-once"
    with pytest.raises(OptionError, match="must be one of shared, fewest_hits, not 'fewest hits'"):
        game_class("ninja-trap").validate_options(3, {"stalemate": "fewest hits"})


def test_a_game_refuses_bad_player_counts_and_seeds() -> None:
    with pytest.raises(OptionError, match="toy is for 2 to 4 players, not 5"):
        ToyState.new(5)
    with pytest.raises(OptionError, match="whole number"):
        ToyState.new("3")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="the seed must be a whole number"):
        ToyState.new(2, seed=1.5)  # type: ignore[arg-type]


def test_options_change_the_game() -> None:
    low = ToyState.new(2, {"bid": "low", "blocks": "false"}, seed=1)
    assert 0 not in low.deck + low.hands[0] + low.hands[1]
    assert low.options == {"bid": "low", "blocks": False, "target": 15, "max_length": ToyState.SPEC.max_length}


def test_option_descriptions() -> None:
    described = [option.describe() for option in SPECS]
    assert described == [
        "target: int 5..60 (default 15) - points to win",
        "blocks: bool (default true) - include the two Block cards",
        "bid: one of high|low (default high) - which card wins a bid",
    ]
    assert Option("name", "x", "free text").describe() == "name: text (default x) - free text"


def test_cli_option_words_parse_and_options_print_in_name_order() -> None:
    assert parse_option_texts("toy", ["target=30,bid=low", " blocks = no "]) == {
        "target": "30", "bid": "low", "blocks": "no"}
    with pytest.raises(OptionError, match="must be written name=value"):
        parse_option_texts("toy", ["target"])
    assert options_text({"target": 30, "blocks": False}) == "blocks=false,target=30"
    assert options_text({}) == "-"


EXPANSIONS = Option("expansions", "", "boxes shuffled into the deck", choices=("promo", "magic", "sabotage"),
                    multiple=True)


def test_a_set_option_takes_any_subset_and_stores_it_in_a_canonical_order() -> None:
    assert EXPANSIONS.coerce("sabotage,promo", "toy") == "promo,sabotage"
    assert EXPANSIONS.coerce(["magic", "promo", "magic"], "toy") == "promo,magic"
    assert EXPANSIONS.coerce("", "toy") == ""
    assert EXPANSIONS.coerce("Promo,MAGIC", "toy") == "promo,magic", "as typed, in any case"
    assert "any of promo,magic,sabotage" in EXPANSIONS.describe()


@pytest.mark.parametrize("value", ["promo,weather", 3, ["promo", 1], "Promos"])
def test_a_set_option_refuses_what_is_not_a_subset_naming_the_choices(value: object) -> None:
    with pytest.raises(OptionError, match="any of promo, magic, sabotage"):
        EXPANSIONS.coerce(value, "toy")


def test_a_set_value_written_with_commas_continues_in_option_texts() -> None:
    assert parse_option_texts("toy", ["expansions=promo,magic,target=30"]) == {
        "expansions": "promo,magic", "target": "30"}
    assert parse_option_texts("toy", ["expansions=", "target=30"]) == {"expansions": "", "target": "30"}
    with pytest.raises(OptionError, match="name=value"):
        parse_option_texts("toy", ["promo"])
