"""The rulings a table may play the other way, as options (docs/rules/ninjato.md, "Rulings you can switch";
issue #17): each scenario shows the other reading doing what its help says and the default doing ours,
then random playouts under every option keep the game's laws."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from ninjato_helpers import hand, play, purse

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.engine import IllegalActionError, NotationError, OptionError, Rng
from ninjadojo.games.ninjato import encode
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.cards import C1, C2, ELITE_INDEX, S1, S2, T1, T6
from ninjadojo.games.ninjato.state import OPTION_DEFAULTS, NinjatoState

HOUSES = ("t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fsv", "m4:3n:fsv")

#: Every ruling option at its other value.
OTHER_VALUES: dict[str, object] = {
    "may_give_up": False,
    "stack_tiles": False,
    "crane_as_card": True,
    "dojo_draws": "face_up_first",
    "pavilion_spots": 1,
    "palace_spots": 3,
}


#: The ruling (docs/rules/ninjato.md, "Rulings") each option switches.
RULING_OF = {"may_give_up": (2,), "stack_tiles": (4,), "crane_as_card": (3,), "dojo_draws": (12,),
             "pavilion_spots": (1,), "palace_spots": (1,)}


def with_house(first: str) -> list[str]:
    """The default houses with house 1 replaced."""
    return [first, *HOUSES[1:]]


# ---------------------------------------------------------------------------------------------- declaration


def test_every_ruling_option_is_declared_with_our_reading_as_its_default() -> None:
    specs = {spec.name: spec for spec in NinjatoState.option_specs()}
    assert set(OTHER_VALUES) <= set(specs)
    assert OPTION_DEFAULTS == {"may_give_up": True, "stack_tiles": True, "crane_as_card": False,
                               "dojo_draws": "one_by_one", "pavilion_spots": 0, "palace_spots": 0}
    for name in OTHER_VALUES:
        assert specs[name].default == OPTION_DEFAULTS[name]
        assert specs[name].ruling in RULING_OF[name], f"{name} names the ruling it switches"
        assert f"[ruling {specs[name].ruling}]" in specs[name].describe()
    doc = (Path(__file__).parents[3] / "docs" / "rules" / "ninjato.md").read_text(encoding="utf-8")
    rulings = doc[doc.index("## Rulings"):doc.index("### Rulings you can switch")]
    for name, numbers in RULING_OF.items():
        for number in numbers:
            item = re.search(rf"^{number}\. (.*?)(?=^\d+\. |\Z)", rulings, re.S | re.M)
            assert item and f"`{name}=" in item.group(1), f"ruling {number} is marked with option {name}"


def test_an_option_at_its_default_is_not_written_and_another_value_round_trips() -> None:
    plain = NinjatoState.new(3, seed=5)
    explicit = NinjatoState.new(3, dict(OPTION_DEFAULTS), seed=5)
    assert plain.to_notation().split("|")[2] == "-"
    assert explicit.to_notation() == plain.to_notation(), "naming the defaults changes nothing"
    game = NinjatoState.new(3, OTHER_VALUES, seed=5)
    written = game.to_notation().split("|")[2]
    assert written == ("crane_as_card=true,dojo_draws=face_up_first,may_give_up=false,palace_spots=3,"
                       "pavilion_spots=1,stack_tiles=false")
    parsed = NinjatoState.from_notation(game.to_notation())
    assert parsed == game and dict(parsed.options) == dict(game.options)
    assert NinjatoState.load_save(json.loads(json.dumps(game.to_save()))) == game
    assert dict(game.clone().options) == dict(game.options)


@pytest.mark.parametrize(("name", "value", "allowed"), [
    ("may_give_up", "maybe", "true or false"),
    ("stack_tiles", 2, "true or false"),
    ("dojo_draws", "all_at_once", "one_by_one, face_up_first"),
    ("pavilion_spots", 5, "at most 4"),
    ("palace_spots", -1, "at least 0"),
    ("palace_spots", "two", "whole number"),
])
def test_a_bad_value_is_refused_saying_what_is_allowed(name: str, value: object, allowed: str) -> None:
    with pytest.raises(OptionError, match=f"{name}.*{allowed}"):
        NinjatoState.new(2, {name: value})
    text = NinjatoState.new(2, seed=1).to_notation().replace("|-|", f"|{name}={value}|", 1)
    with pytest.raises(NotationError, match=name):
        NinjatoState.from_notation(text)
    with pytest.raises(OptionError, match=name):
        position(2, options={name: value})


# ---------------------------------------------------------------------------------------------- ruling 2


def test_giving_up_is_always_offered_by_default_and_only_when_beaten_with_may_give_up_false() -> None:
    game = position(2, hands=["5", ""], raid=(0, 1, "+"))
    assert game.legal_actions(0) == ["5", "lose"], "ours: lose is always offered"
    game = position(2, hands=["5", ""], raid=(0, 1, "+"), options={"may_give_up": False})
    assert game.legal_actions(0) == ["5"], "a raider who can win must fight"
    with pytest.raises(IllegalActionError, match="must fight"):
        game.apply(0, "lose")
    assert "you may not give up while a card wins" in game.decision(0).prompt
    game = position(2, hands=["2", ""], raid=(0, 1, "+"), options={"may_give_up": False})
    assert game.legal_actions(0) == ["lose"], "nothing beats the Sentry: the raider loses"


def test_with_may_give_up_false_a_two_person_elite_beaten_once_only_is_still_lost() -> None:
    options = {"may_give_up": False}
    game = position(2, hands=["54", ""], houses=with_house("t2:3n:fj*"), xtop="d33", raid=(0, 1, "+"),
                    options=options)
    play(game, "0:5", "0:banzai")
    assert game.legal_actions(0) == ["lose"], "a 4 beats one person, nothing the second"
    game = position(2, hands=["544", ""], houses=with_house("t2:3n:fj*"), xtop="d33", raid=(0, 1, "+"),
                    options=options)
    play(game, "0:5", "0:banzai")
    assert game.legal_actions(0) == ["4"]
    play(game, "0:4")
    assert game.legal_actions(0) == ["4"], "the second person too must be fought"
    play(game, "0:4")
    assert game.elites[0][ELITE_INDEX["d33"]] == 1


# ---------------------------------------------------------------------------------------------- ruling 4


def test_several_tiles_on_one_card_by_default_and_one_tile_a_card_with_stack_tiles_false() -> None:
    # RULINGS.md: "a raid may use any number of one's tiles at once, several on one card". Stealth against
    # a Sentry 2: the 4 needs both Snakes (4 - 1 - 2 = 1).
    args = {"hands": ["4", ""], "tiles": ["s1@4,s2@5", ""], "houses": with_house("t2:2n:fsv"), "raid": (0, 1, "-")}
    game = position(2, **args)
    assert game.legal_actions(0) == ["4.s1.s2", "lose"]
    play(game, "0:4.s2.s1")  # the tiles may be written in any order
    assert game.record.actions[-1] == (0, "4.s1.s2")
    assert hand(game, 0) == "" and game.flipped[0][S1] == 1 and game.flipped[0][S2] == 1
    assert game.raid_loot == [0], "the Sentry is beaten: the Fan is on the shuriken"
    game = position(2, **args, options={"stack_tiles": False})
    assert game.legal_actions(0) == ["lose"], "the house rule: one tile a card, and 4.s2 ties"
    with pytest.raises(IllegalActionError):
        game.apply(0, "4.s1.s2")


def test_copies_of_a_kind_stack_on_one_card_too() -> None:
    # "Any number of tiles": two Snakes -2 on a 4 make a 0, which beats a Sentry 1; one tile a card cannot.
    args = {"hands": ["4", ""], "tiles": ["s2@4,s2@5", ""], "houses": with_house("t2:1n:fsv"), "raid": (0, 1, "-")}
    game = position(2, **args)
    assert game.legal_actions(0) == ["4.s2.s2", "lose"]
    play(game, "0:4.s2.s2")
    assert game.flipped[0][S2] == 2 and game.raid_loot == [0]
    assert position(2, **args, options={"stack_tiles": False}).legal_actions(0) == ["lose"]
    # Three Snakes on one card, and every tile of a raid used at once across its cards.
    game = position(2, hands=["5", ""], tiles=["s1@4,s2@4,s2@5", ""], houses=with_house("t2:1n:fsv"),
                    raid=(0, 1, "-"))
    assert "5.s1.s2.s2" in game.legal_actions(0), "5 - 1 - 2 - 2 = 0 beats a 1"


def test_a_tiger_six_comes_first_and_a_second_one_is_never_offered() -> None:
    value = encode.play_value(1, 0, T6, encode.STRENGTH, (T1,))
    assert value == 7, "a Tiger 6 replaces the value, then the Tiger +1 adds"
    assert encode.canonical_text("1.t1.t6") == "1.t6.t1"
    game = position(2, hands=["1", ""], tiles=["t6@1,t1@1", ""], houses=with_house("t2:5n:fsv"), raid=(0, 1, "+"))
    assert game.legal_actions(0) == ["1.t6", "1.t6.t1", "lose"]
    # Two Tigers 6: a second would only replace the 6 by a 6, so it never goes on the same card.
    game = position(2, hands=["1", ""], tiles=["t6@1,t6@2,t1@1,t1@2", ""], houses=with_house("t2:5n:fsv"),
                    raid=(0, 1, "+"))
    assert game.legal_actions(0) == ["1.t6", "1.t6.t1", "1.t6.t1.t1", "lose"]
    assert not any(action.count("t6") > 1 for action in game.action_space().actions)


def test_a_two_person_elite_is_fought_with_stacked_tiles_that_leave_enough_for_the_second() -> None:
    # Stealth against the Elite d33 (under 3, then under 3) with two 5s, a Snake -1 and three Snakes -2:
    # 5.s1.s2 (2) leaves 5.s2.s2 (1) and the other way round; 5.s1.s2.s2 (0) would leave 5.s2 (3), a tie.
    args = {"hands": ["155", ""], "tiles": ["s1@4,s2@4,s2@5,s2@?", ""], "houses": with_house("t2:3n:fj*"),
            "xtop": "d33", "raid": (0, 1, "-")}
    game = position(2, **args)
    play(game, "0:1", "0:banzai")
    assert sorted(game.legal_actions(0)) == ["5.s1.s2", "5.s2.s2", "lose"]
    play(game, "0:5.s2.s2", "0:5.s1.s2")
    assert game.elites[0][ELITE_INDEX["d33"]] == 1
    game = position(2, **args, options={"stack_tiles": False})
    play(game, "0:1", "0:banzai")
    assert game.legal_actions(0) == ["lose"], "one tile a card: 5.s2 is a 3, a tie"


# ---------------------------------------------------------------------------------------------- ruling 3


def test_a_crane_is_played_alone_by_default_and_as_a_card_with_crane_as_card() -> None:
    # Strength against a Sentry 4: the Crane 2/4 ties; as a card, a 3 makes it a 5.
    args = {"hands": ["3", ""], "tiles": ["c2@3", ""], "houses": with_house("t2:4n:fsv"), "raid": (0, 1, "+")}
    game = position(2, **args)
    assert game.legal_actions(0) == ["lose"]
    game = position(2, **args, options={"crane_as_card": True})
    assert game.legal_actions(0) == ["c2+", "lose"]
    play(game, "0:c2+")
    assert hand(game, 0) == "" and game.flipped[0][C2] == 1 and game.discard[3] == 1
    assert game.raid_loot == [0]


def test_with_crane_as_card_a_snake_goes_on_a_crane() -> None:
    # Stealth against a one-person Elite that wants under 1: the Crane 1/5 with a Snake -1 makes a 0.
    args = {"hands": ["12", ""], "tiles": ["c1@3,s1@4", ""], "houses": with_house("t2:3n:j*"), "xtop": "o51",
            "raid": (0, 1, "-")}
    game = position(2, **args)
    play(game, "0:2", "0:banzai")
    assert game.legal_actions(0) == ["1.s1", "lose"]
    game = position(2, **args, options={"crane_as_card": True})
    play(game, "0:2", "0:banzai")
    assert game.legal_actions(0) == ["1.s1", "c1.s1", "lose"]
    play(game, "0:c1.s1")
    assert hand(game, 0) == "1" and game.flipped[0][C1] == 1 and game.flipped[0][S1] == 1
    assert game.elites[0][ELITE_INDEX["o51"]] == 1


def test_crane_as_card_and_stacked_tiles_combine() -> None:
    game = position(2, hands=["", ""], tiles=["c2@3,t6@1,t1@1", ""], houses=with_house("t2:5n:fsv"),
                    raid=(0, 1, "+"), options={"crane_as_card": True})
    assert game.legal_actions(0) == ["c2.t6", "c2.t6.t1", "lose"]


def test_every_play_in_the_switch_table_is_an_action_of_the_reading_it_names() -> None:
    doc = (Path(__file__).parents[3] / "docs" / "rules" / "ninjato.md").read_text(encoding="utf-8")
    table = doc[doc.index("### Rulings you can switch"):]
    plays = re.compile(r"(?:[1-5]|c[12])[+-]?(?:\.[st][126])*")
    examples = {text for text in re.findall(r"`([a-z0-9+.-]+)`", table) if plays.fullmatch(text)}
    stacked = {text for text in examples if text.count(".") >= 2 and not text.startswith("c")}
    cranes = examples - stacked
    assert {"4.s1.s2", "4.t6.t1", "5.s2.s2"} <= stacked and {"c2+", "c1.s2"} <= cranes
    default = NinjatoState.new(2).action_space().index
    one_tile = NinjatoState.new(2, {"stack_tiles": False}).action_space().index
    crane = NinjatoState.new(2, {"crane_as_card": True}).action_space().index
    for example in stacked:
        assert example in default and example not in one_tile, example
    for example in cranes:
        assert example in crane and example not in default, example


def test_the_options_add_plays_after_every_other_action_so_ids_are_kept() -> None:
    one_tile = NinjatoState.new(2, {"stack_tiles": False}).action_space().actions
    for options in ({}, {"stack_tiles": False, "crane_as_card": True}, {"crane_as_card": True}):
        space = NinjatoState.new(2, options).action_space().actions
        assert space[:len(one_tile)] == one_tile and len(space) > len(one_tile)
    default = NinjatoState.new(2).action_space().actions
    assert NinjatoState.new(2, {"may_give_up": False, "pavilion_spots": 3}).action_space().actions == default


# ---------------------------------------------------------------------------------------------- ruling 12


def test_dojo_draws_one_by_one_by_default_and_face_up_first_ends_the_choice_at_the_first_blind_card() -> None:
    game = position(2, hands=["", ""], up="124", top="3555")
    play(game, "0:dojo", "0:d4", "0:deck")
    assert game.decision(0).kind == "draw", "ours: still choosing after a blind card"
    assert game.legal_actions(0) == ["d1", "d2", "deck"]
    game = position(2, hands=["", ""], up="124", top="3555", options={"dojo_draws": "face_up_first"})
    play(game, "0:dojo")
    assert "makes the rest of this draw blind" in game.decision(0).prompt
    play(game, "0:d4", "0:deck")
    assert hand(game, 0) == "3455", "the blind card made the last two blind as well"
    assert game.known[0][4] == 1 and game.known[0][5] == 0
    assert game.up == [1, 2, 5] and game.to_act() == (1,)


def test_face_up_first_still_lets_the_face_up_cards_be_taken_one_after_another() -> None:
    game = position(2, hands=["", ""], up="124", top="3555", options={"dojo_draws": "face_up_first"})
    play(game, "0:dojo", "0:d1", "0:d2")
    assert game.legal_actions(0) == ["d4", "deck"]
    play(game, "0:d4")
    assert hand(game, 0) == "1234", "no face-up card left: the last is drawn blind, as in every game"


def _dry_after_two(options: dict[str, object]) -> NinjatoState:
    """2 players: seat 1 holds all but five Dojo cards; 4, 5, 5 lie face up, the deck is one 3 and the
    discards one 2. Seat 0 (empty hand: it draws 4) goes to the Dojo."""
    held = "1" * 11 + "2" * 9 + "3" * 8 + "4" * 10 + "5" * 9
    game = position(2, hands=["", held], up="455", discard="2", options=options)
    assert game.deck == [3] and sum(game.discard) == 1
    return play(game, "0:dojo")


def test_face_up_first_draws_blind_while_the_deck_or_its_discards_have_a_card_then_face_up() -> None:
    game = _dry_after_two({"dojo_draws": "face_up_first"})
    play(game, "0:deck")
    # The 3 from the deck, then the 2 from the discards shuffled in; two still owed, only face-up cards left.
    assert hand(game, 0) == "23"
    assert game.decision(0).kind == "draw" and game.legal_actions(0) == ["d4", "d5"]
    assert "top card of the deck" not in game.decision(0).prompt
    game.check_invariants()
    play(game, "0:d5", "0:d4")
    assert hand(game, 0) == "2345", "every card owed is drawn"
    assert game.up == [5] and game.to_act() == (1,)
    assert game.known[0][4] == game.known[0][5] == 1, "the face-up cards taken are seen by all"
    game.check_invariants()


def test_one_by_one_asks_again_after_each_blind_card_of_a_dry_deck() -> None:
    game = _dry_after_two({})
    play(game, "0:deck")
    assert hand(game, 0) == "3" and game.legal_actions(0) == ["d4", "d5", "deck"]
    play(game, "0:deck")
    assert hand(game, 0) == "23" and game.legal_actions(0) == ["d4", "d5"]
    play(game, "0:d4", "0:d5")
    assert hand(game, 0) == "2345" and game.to_act() == (1,)


# ---------------------------------------------------------------------------------------------- ruling 1


def test_pavilion_spots_and_palace_spots_change_the_design_numbers() -> None:
    args = {"purses": ["ffss", "ffss"], "rup": "w1,p1,f1,a1", "vup": "t5,t6,m5,m6", "order": "01"}
    game = position(2, pavilion="01", palace="01", **args)
    assert (game.pavilion_spots, game.palace_spots) == (2, 2)
    assert not [action for action in game.legal_actions(0) if action.startswith(("rum:", "env:"))]
    game = position(2, pavilion="01", palace="01", **args, options={"pavilion_spots": 3, "palace_spots": 3})
    assert (game.pavilion_spots, game.palace_spots) == (3, 3)
    assert "rum:a1:f" in game.legal_actions(0)
    assert [action for action in game.legal_actions(0) if action.startswith("env:")]
    assert game.observe(0)["pavilion"]["spots"] == 3
    play(game, "0:rum:a1:f")
    assert purse(game, 0) == "fss"
    game = position(2, **args, options={"pavilion_spots": 1})
    play(game, "0:rum:a1:f")
    with pytest.raises(IllegalActionError, match="Pavilion takes 1"):
        game.apply(1, "rum:w1:s")


@pytest.mark.parametrize(("players", "name", "design"), [
    (2, "pavilion_spots", 2), (3, "pavilion_spots", 3), (4, "pavilion_spots", 3),
    (2, "palace_spots", 2), (3, "palace_spots", 2), (4, "palace_spots", 2)])
def test_naming_the_designs_own_spots_is_the_default_game(players: int, name: str, design: int) -> None:
    plain = NinjatoState.new(players, seed=3)
    named = NinjatoState.new(players, {name: design}, seed=3)
    assert named.options[name] == 0 and dict(named.options) == dict(plain.options)
    assert named == plain and named.to_notation() == plain.to_notation(), "not written: the same game"
    assert getattr(named, name) == design
    text = plain.to_notation().replace(f"|{players}|-|", f"|{players}|{name}={design}|", 1)
    assert NinjatoState.from_notation(text) == plain
    save = plain.to_save()
    save["options"] = {**save["options"], name: design}  # type: ignore[dict-item]
    assert NinjatoState.load_save(json.loads(json.dumps(save))) == plain


def test_a_spot_count_off_the_design_for_the_player_count_is_kept_and_written() -> None:
    # 3 is the Pavilion's design number with 3-4 players, not with 2; 2 is its number with 2 players only.
    assert NinjatoState.new(2, {"pavilion_spots": 3}).to_notation().split("|")[2] == "pavilion_spots=3"
    game = NinjatoState.new(3, {"pavilion_spots": 2})
    assert game.to_notation().split("|")[2] == "pavilion_spots=2" and game.pavilion_spots == 2
    assert NinjatoState.from_notation(game.to_notation()) == game


def test_a_report_comparing_the_designs_spots_with_zero_is_refused_as_the_same_rules() -> None:
    from ninjadojo.report.settings import ReportSettings

    with pytest.raises(OptionError, match="same value"):
        ReportSettings.build("ninjato", players=2, games=2, compare=("pavilion_spots", 0, 2))
    settings = ReportSettings.build("ninjato", players=3, games=2, compare=("pavilion_spots", 0, 2))
    assert settings.compare == ("pavilion_spots", 0, 2)


def test_a_position_over_the_spots_an_option_allows_is_refused() -> None:
    with pytest.raises(NotationError, match="Pavilion is over its spots"):
        position(2, purses=["ff", ""], pavilion="01", options={"pavilion_spots": 1})


# ---------------------------------------------------------------------------------------------- playouts


CONFIGS = [pytest.param({name: value}, id=f"{name}={value}") for name, value in OTHER_VALUES.items()]
CONFIGS.append(pytest.param(dict(OTHER_VALUES), id="all"))


def _random_playout(game: NinjatoState, rng: Rng, every: int) -> None:
    """Play random legal actions to the end, checking the laws, the notation, a sample per seat and the
    fixed action space every ``every`` actions."""
    space = game.action_space().index
    step = 0
    while not game.is_terminal:
        assert step < 4000, "the game did not end"
        game.check_invariants()
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        assert actions and all(action in space for action in actions)
        if step % every == 0:
            text = game.to_notation()
            assert NinjatoState.from_notation(text).to_notation() == text
            for other in range(game.num_players):
                sample = game.determinize(other, step)
                sample.check_invariants()
                assert sample.observe(other) == game.observe(other)
                assert dict(sample.options) == dict(game.options)
            if game.num_players > 1:
                twin = game.determinize(seat, step + 7)
                assert twin.determinize(seat, 3).to_notation() == game.determinize(seat, 3).to_notation()
        game.apply(seat, actions[rng.randbelow(len(actions))])
        step += 1
    game.check_invariants()


@pytest.mark.parametrize("options", CONFIGS)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts_under_the_options_end_by_the_rules_and_keep_the_laws(options: dict[str, object],
                                                                                players: int, seed: int) -> None:
    game = NinjatoState.new(players, options, seed=seed * 1009 + players)
    _random_playout(game, Rng(seed + 17 * players), every=5)
    assert game.result is not None and not game.result.truncated
    assert game.round == 7 and game.winners()
    again = NinjatoState.replay(game.record.copy())
    assert again == game


@pytest.mark.parametrize("options", CONFIGS)
def test_the_heuristic_bots_play_legally_under_the_options(options: dict[str, object]) -> None:
    game = NinjatoState.new(3, options, seed=11)
    bots = [make_bot(name, "ninjato", seed=seat) for seat, name in enumerate(("heuristic", "attacker", "sensei"))]
    while not game.is_terminal:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    assert game.winners() and game.result is not None and not game.result.truncated

