"""An option that means something only given other options' values (``requires``, ``also_requires``): front
ends hide it otherwise, and ``dojo games`` says what it needs."""

from __future__ import annotations

from ninjadojo.engine.options import Option
from ninjadojo.games import game_class


def test_every_requirement_must_hold() -> None:
    option = Option("drought_draw", False, "a house rule", requires=("expansions", "weather"),
                    also_requires=(("expansions", "promo"),))
    assert option.applies({"expansions": "promo,weather"})
    assert not option.applies({"expansions": "weather"})
    assert not option.applies({"expansions": "promo"})
    assert not option.applies({})


def test_ninjitsus_drought_rule_needs_heavy_weather_and_the_promo_pack() -> None:
    spec = next(option for option in game_class("ninjitsu").option_specs() if option.name == "drought_draw")
    assert spec.applies({"expansions": "weather,promo"}) and not spec.applies({"expansions": "weather,magic"})
