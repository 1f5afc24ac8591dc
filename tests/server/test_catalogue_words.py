"""The catalogue gives each option's words for players (label, group, choice labels) and which other
option it needs, so that a lobby never has to show an option's typing name."""

from __future__ import annotations

from ninjadojo.api import game_class, playable_games
from ninjadojo.engine.options import Option
from ninjadojo.server.catalogue import catalogue, option_json


def test_every_option_of_every_game_carries_its_words() -> None:
    for entry in catalogue():
        specs = {spec.name: spec for spec in game_class(entry["id"]).option_specs()}
        for option in entry["options"]:
            spec = specs[option["name"]]
            assert option["label"] == spec.title and option["label"], option["name"]
            assert option["group"] == spec.section, option["name"]
            assert option["choice_labels"] == [spec.choice_label(choice) for choice in spec.choices]
            assert len(option["choice_labels"]) == len(option["choices"])
    assert {entry["id"] for entry in catalogue()} == set(playable_games())


def test_an_option_names_the_option_it_needs_and_its_choices_in_words() -> None:
    seats = Option("element_seats", "", "seats dealt an Element", choices=("0", "1"), multiple=True,
                   label="Seats with an Element", group="Expansions", choice_labels=("P0", "P1"),
                   requires=("expansions", "elements"))
    shown = option_json(seats)
    assert shown["label"] == "Seats with an Element" and shown["group"] == "Expansions"
    assert shown["choice_labels"] == ["P0", "P1"]
    assert shown["requires"] == {"option": "expansions", "value": "elements"}
    plain = option_json(Option("target", 21, "points to win", minimum=1, maximum=200))
    assert plain["label"] == "Target" and plain["group"] == "Game"
    assert plain["choice_labels"] == [] and plain["requires"] is None
    house = option_json(Option("fast", False, "a house rule", ruling=3))
    assert house["group"] == "House rules"


def test_an_option_needing_two_others_names_both() -> None:
    drought = next(option for entry in catalogue() if entry["id"] == "ninjitsu" for option in entry["options"]
                   if option["name"] == "drought_draw")
    assert drought["requires"] == {"option": "expansions", "value": "weather"}
    assert drought["also_requires"] == [{"option": "expansions", "value": "promo"}]
