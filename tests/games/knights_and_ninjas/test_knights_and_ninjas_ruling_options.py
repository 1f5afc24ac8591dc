"""The rulings a table could play the other way, as options (issue #17; docs/rules/knights-and-ninjas.md,
"Rulings you can switch"): each scenario shows the default doing our reading and the other value doing
what its help text says; bad values are refused; random playouts under every option keep the laws."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ninjadojo.bots import make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.engine import DojoError, IllegalActionError, NotationError, OptionError, Rng
from ninjadojo.games.knights_and_ninjas import STATE, KnightsAndNinjasState
from ninjadojo.games.knights_and_ninjas.builder import hand, play, position, slots
from ninjadojo.games.knights_and_ninjas.cards import HE
from ninjadojo.games.knights_and_ninjas.options import NOT_IN_DUEL, OPTIONS

#: Each option's other value: every one of them has two, the default (our reading) and this house rule.
OTHER_VALUE: dict[str, object] = {
    "win_check": "after-highwayman",
    "pre_attacks": "any-time",
    "traitor_needs_gems": True,
    "turned_block_ends_turn": True,
    "pointless_specials": True,
    "jester_in_revolt": False,
    "merchant_gem_wins": False,
    "reshuffle": "when-empty",
}


def _asked(game: KnightsAndNinjasState, seat: int) -> str:
    """The kind of decision ``seat`` faces ("" for none)."""
    decision = game.decision(seat)
    return decision.kind if decision is not None else ""


def test_every_option_has_a_scenario_value_here_and_names_its_ruling() -> None:
    assert set(OTHER_VALUE) == {option.name for option in OPTIONS}
    for option in OPTIONS:
        assert OTHER_VALUE[option.name] != option.default
        assert option.ruling is not None and f"[ruling {option.ruling}]" in option.describe(), option.name


# ---------------------------------------------------------------------- ruling 1: win_check


def test_win_check_after_highwayman_lets_a_highwayman_stop_the_winning_attack() -> None:
    game = position(3, gems=[8, 5, 2], hands=["kn", "", "hw"], options={"win_check": "after-highwayman"})
    play(game, "0:a1:kn")  # seat 1 holds no card: the attack lands at once
    assert game.gems == [11, 2, 2] and game.result is None
    assert _asked(game, 2) == "highwayman"
    play(game, "2:hw")
    assert game.gems == [8, 2, 5] and game.result is None


@pytest.mark.parametrize("options", [{}, {"win_check": "at-once"}], ids=["default", "named"])
def test_win_check_default_at_once_wins_before_the_highwayman_window(options: dict[str, object]) -> None:
    # RULINGS.md: "Win the moment you hold the target ..., on anyone's turn": seat 2's Highwayman comes too late.
    game = position(3, gems=[8, 5, 2], hands=["kn", "", "hw"], options=options)
    play(game, "0:a1:kn")
    assert game.result is not None and game.winners() == (0,)
    assert game.gems == [11, 2, 2] and not game.to_act()


@pytest.mark.parametrize(("value", "open_after_steal"), [("after-highwayman", True), ("at-once", False),
                                                       (None, False)])
def test_win_check_for_gems_a_highwayman_steals(value: str | None, open_after_steal: bool) -> None:
    game = position(3, gems=[5, 2, 8], hands=["kn", "pe", "hw"], options={"win_check": value} if value else {})
    play(game, "0:a1:kn", "1:take", "1:pass", "2:hw")
    assert game.gems == [5, 0, 10]
    if open_after_steal:
        # A new window against the Highwayman: seat 1 (holding a card) may still steal.
        assert game.result is None and _asked(game, 1) == "highwayman"
        play(game, "1:pass")
    assert game.winners() == (2,)


# ---------------------------------------------------------------------- ruling 4: pre_attacks


def _princess_took_the_dragon(value: str | None) -> KnightsAndNinjasState:
    game = position(3, hands=["drla", "pr", ""], forts=["------", "ca----", "------"],
                    options={"pre_attacks": value} if value else {})
    assert "a1:la" in game.legal_actions(0), "before the turn's first attack card a Ladder is offered"
    play(game, "0:a1:dr", "1:r:pr")  # the Dragon is taken: no gems moved, seat 0 may go on
    assert _asked(game, 0) == "attack"
    return game


def test_pre_attacks_any_time_allows_a_ladder_after_a_dragon() -> None:
    game = _princess_took_the_dragon("any-time")
    assert "a1:la" in game.legal_actions(0)


@pytest.mark.parametrize("value", [None, "first"], ids=["default", "named"])
def test_pre_attacks_first_refuses_a_ladder_after_a_dragon(value: str | None) -> None:
    game = _princess_took_the_dragon(value)
    assert game.legal_actions(0) == ["end"]
    with pytest.raises(IllegalActionError,
                       match=r"comes before the turn's first common or unique attack card, at the beginning of the "
                             r"attack"):
        game.apply(0, "a1:la")


def test_pre_attacks_by_default_are_offered_only_before_the_turns_first_attack_card() -> None:
    # The rulebook: "Play a CATAPULT at the beginning of your ATTACK", "Play a LADDER at the beginning of your turn".
    game = position(3, hands=["drlacpar", "pr", ""], forts=["------", "ca----", "------"])
    assert {"a1:cp", "a1:la"} <= set(game.legal_actions(0))
    archer = position(3, hands=["niar", "", ""], forts=["------", "--ar--", "------"])
    assert "a1:ar" in archer.legal_actions(0)
    play(game, "0:a1:dr", "1:r:pr")  # the first attack card of the turn, taken by a Princess
    assert game.legal_actions(0) == ["end"]
    for action in ("a1:cp", "a1:la", "a1:ar"):
        with pytest.raises(IllegalActionError, match="comes before the turn's first common or unique attack card"):
            game.apply(0, action)


@pytest.mark.parametrize("options", [{}, {"pre_attacks": "first"}], ids=["default", "named"])
def test_pre_attacks_first_still_opens_an_attack_with_several_pre_attacks(options: dict[str, object]) -> None:
    game = position(3, hands=["soarla", "", ""], forts=["------", "caar--", "------"], options=options)
    play(game, "0:a1:ar")
    assert slots(game, 1) == "ca----"
    play(game, "0:a1:la")
    assert "a1:so" in game.legal_actions(0)
    play(game, "0:a1:so")
    assert game.gems[:2] == [7, 3]


def test_the_default_pre_attacks_mark_is_kept_by_notation_clone_and_samples() -> None:
    game = _princess_took_the_dragon(None)
    text = game.to_notation()
    assert "pre_attacks=" not in text and "struck" in text, "the default is not written, the mark is"
    parsed = STATE.from_notation(text)
    assert parsed.to_notation() == text and parsed.legal_actions(0) == ["end"]
    assert game.clone().legal_actions(0) == ["end"]
    assert game.determinize(0, 5).legal_actions(0) == ["end"]
    # The mark means something only under pre_attacks=first: a position under any-time carrying it is refused.
    assert text.split("|")[2] == "-"
    with pytest.raises(NotationError, match=r"struck .*only under pre_attacks=first"):
        STATE.from_notation(text.replace("|3|-|", "|3|pre_attacks=any-time|", 1))
    # Under any-time no mark is written, and the position reads back.
    loose = _princess_took_the_dragon("any-time")
    assert "pre_attacks=any-time" in loose.to_notation() and "struck" not in loose.to_notation()
    assert STATE.from_notation(loose.to_notation()).legal_actions(0) == loose.legal_actions(0)


# ---------------------------------------------------------------------- ruling 5: Traitor


def test_traitor_by_default_turns_an_attack_on_an_attacker_without_gems() -> None:
    game = position(3, gems=[0, 8, 7], hands=["kn", "tr", ""])
    play(game, "0:a1:kn")
    assert "r:tr" in game.legal_actions(1)
    play(game, "1:r:tr")  # seat 0 has no card: the turned Knight lands on no gems
    assert game.gems == [0, 8, 7] and _asked(game, 0) == "attack"


def test_traitor_needs_gems_refuses_a_traitor_against_an_attacker_without_gems() -> None:
    game = position(3, gems=[0, 8, 7], hands=["kn", "tr", ""], options={"traitor_needs_gems": True})
    play(game, "0:a1:kn")
    assert "r:tr" not in game.legal_actions(1) and "take" in game.legal_actions(1)
    with pytest.raises(IllegalActionError, match="house rule: A Traitor needs an attacker with gems"):
        game.apply(1, "r:tr")
    rich = position(3, gems=[1, 7, 7], hands=["kn", "tr", ""], options={"traitor_needs_gems": True})
    play(rich, "0:a1:kn")
    assert "r:tr" in rich.legal_actions(1), "an attacker with a gem may still be turned on"


@pytest.mark.parametrize("ends", [False, True])
def test_an_executioner_against_a_turned_attack(ends: bool) -> None:
    game = position(3, hands=["knex", "tr", ""], top="sososo", options={"turned_block_ends_turn": ends})
    play(game, "0:a1:kn", "1:r:tr", "0:r:ex")
    assert game.gems == [5, 5, 5]
    if ends:
        assert game.current == 1 and _asked(game, 1) == "turn"
    else:
        assert game.current == 0 and _asked(game, 0) == "attack"


@pytest.mark.parametrize("ends", [False, True])
def test_a_minstrel_against_a_turned_attack(ends: bool) -> None:
    game = position(3, hands=["knmi", "tr", ""], top="sososo", options={"turned_block_ends_turn": ends})
    play(game, "0:a1:kn", "1:r:tr", "0:r:mi")
    assert hand(game, 0) == "kn", "the turned Knight returns to the player who played it"
    assert slots(game, 0) == "----mi", "the Minstrel stands until its owner's next turn"
    assert (game.current, game.frames[-1].kind) == ((1, "turn") if ends else (0, "attack"))
    game.check_invariants()


# ---------------------------------------------------------------------- ruling 6: pointless_specials


def test_special_actions_that_do_nothing_are_refused_by_default() -> None:
    game = position(3, hands=["memo", "pe", ""])  # one rival with one card, the other with none; no Castle
    legal = game.legal_actions(0)
    assert not {"me1", "me2", "mo"} & set(legal)
    with pytest.raises(IllegalActionError, match="a Monk, so it would do nothing"):
        game.apply(0, "mo")
    with pytest.raises(IllegalActionError, match="a Merchant would do nothing"):
        game.apply(0, "me1")
    alone = position(3, hands=["he", "", ""])
    assert "he" not in alone.legal_actions(0)
    with pytest.raises(IllegalActionError, match="no rival holds a card"):
        alone.apply(0, "he")


def test_pointless_specials_plays_them_for_nothing() -> None:
    options = {"pointless_specials": True}
    alone = position(3, hands=["he", "", ""], top="sososo", options=options)
    play(alone, "0:he")
    assert alone.discard[-1:] == [HE] and alone.current == 1 and hand(alone, 0) == ""
    monk = position(3, hands=["mo", "pe", ""], top="sososo", options=options)
    play(monk, "0:mo")
    assert monk.gems == [5, 5, 5] and monk.current == 1
    merchant = position(3, hands=["me", "pe", ""], top="sososo", options=options)
    assert {"me1", "me2"} <= set(merchant.legal_actions(0))
    play(merchant, "0:me1")  # half of one card, rounded down, is none: the gem buys nothing
    assert merchant.gems == [4, 6, 5] and hand(merchant, 1).startswith("pe") and hand(merchant, 0) == ""
    poor = position(3, gems=[0, 8, 7], hands=["me", "pepe", ""], options=options)
    assert "me1" not in poor.legal_actions(0), "a Merchant still needs its price in gems"


# ---------------------------------------------------------------------- ruling 8: jester_in_revolt


def test_a_jester_joins_a_revolt_by_default() -> None:
    game = position(3, hands=["pepeje", "peje", ""])
    assert {"a1:pe3*", "a1:pe1*", "a1:pe2"} <= set(game.legal_actions(0))
    play(game, "0:a1:pe3*")
    assert {"r:pe2*", "r:pe1*"} <= set(game.legal_actions(1))


def test_jester_in_revolt_false_keeps_jesters_to_lone_peasants() -> None:
    game = position(3, hands=["pepeje", "peje", ""], options={"jester_in_revolt": False})
    legal = set(game.legal_actions(0))
    assert {"a1:pe1*", "a1:pe2", "a1:pe1"} <= legal
    assert not {"a1:pe2*", "a1:pe3*"} & legal
    with pytest.raises(IllegalActionError, match="house rule: Jesters may join a revolt is off"):
        game.apply(0, "a1:pe3*")
    play(game, "0:a1:pe2")
    responses = set(game.legal_actions(1))
    assert "r:pe1*" in responses and "r:pe1" in responses and "r:pe2*" not in responses


# ---------------------------------------------------------------------- ruling 11: merchant_gem_wins


def test_a_merchant_gem_that_brings_its_receiver_to_the_target_wins_by_default() -> None:
    game = position(3, gems=[5, 9, 1], hands=["me", "pepe", ""])
    play(game, "0:me1")
    assert game.winners() == (1,) and game.gems[1] == 10


def test_merchant_gem_wins_false_makes_the_receiver_win_only_by_its_own_gain() -> None:
    game = position(3, gems=[5, 9, 1], hands=["me", "pepe", ""], top="soso",
                    options={"merchant_gem_wins": False})
    play(game, "0:me1")
    assert game.result is None and game.gems == [4, 10, 1] and game.current == 1
    game.check_invariants()
    assert STATE.from_notation(game.to_notation()).to_notation() == game.to_notation()
    play(game, "1:a0:so", "0:take")  # seat 0 holds the Peasant the Merchant took: asked, it takes it
    play(game, *[f"{seat}:pass" for seat in game.to_act()])
    assert game.winners() == (1,) and game.gems[1] == 12


def test_a_duel_merchant_payment_that_gives_the_rival_all_12_gems_wins_and_the_option_is_refused() -> None:
    """The 2-player variation is played "until one player has all 12 gems": a seat holding them all has
    won, so merchant_gem_wins=false (which would let it hold them and play on) is refused with 2 players,
    by a new game, a position and a save alike."""
    game = position(2, gems=[2, 10], hands=["me", "pepe"])
    play(game, "0:me1")  # the duel's Merchant costs two gems: seat 1 now holds all 12
    assert game.gems == [0, 12] and game.winners() == (1,)
    with pytest.raises(OptionError, match=r"merchant_gem_wins cannot be changed with 2 players: .*all 12 gems"):
        position(2, gems=[2, 10], hands=["me", "pepe"], options={"merchant_gem_wins": False})
    duel = STATE.new(2, seed=4)
    with pytest.raises(NotationError, match="merchant_gem_wins cannot be changed with 2 players"):
        STATE.from_notation(duel.to_notation().replace("|2|-|", "|2|merchant_gem_wins=false|", 1))
    save = duel.to_save()
    save["options"] = {**save["options"], "merchant_gem_wins": False}  # type: ignore[dict-item]
    with pytest.raises(DojoError, match="merchant_gem_wins cannot be changed with 2 players"):
        STATE.load_save(save)
    assert STATE.new(2, {"merchant_gem_wins": True}, seed=4) == duel, "the default may still be named"


# ---------------------------------------------------------------------- ruling 13: reshuffle


def _last_cards_drawn(value: str) -> KnightsAndNinjasState:
    game = position(3, hands=["pe", "so", "kn"], top="kiqu", rest_to="discard", options={"reshuffle": value})
    play(game, "0:x:pe")  # seat 1 draws the last two cards of the pile
    assert hand(game, 1) == "sokiqu"
    return game


def test_reshuffle_when_needed_waits_for_a_draw_from_the_empty_pile() -> None:
    game = _last_cards_drawn("when-needed")
    assert (game.target, game.shuffles, len(game.deck)) == (10, 0, 0)
    play(game, "1:x:so")
    assert (game.target, game.shuffles) == (9, 1)


def test_reshuffle_when_empty_rebuilds_the_pile_as_the_last_card_is_drawn() -> None:
    game = _last_cards_drawn("when-empty")
    assert (game.target, game.shuffles) == (9, 1)
    assert game.deck and not game.discard
    game.check_invariants()


# ---------------------------------------------------------------------- values, combinations, notation


@pytest.mark.parametrize(("options", "message"), [
    ({"pre_attacks": "sometimes"}, "must be one of first, any-time"),
    ({"win_check": "later"}, "must be one of at-once, after-highwayman"),
    ({"reshuffle": 3}, "must be one of when-needed, when-empty, not 3"),
    ({"traitor_needs_gems": "maybe"}, "must be true or false"),
    ({"jester_in_revolt": 2}, "must be true or false"),
])
def test_bad_option_values_are_refused_naming_what_is_allowed(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        STATE.new(3, options)


@pytest.mark.parametrize("name", sorted(NOT_IN_DUEL))
def test_options_about_cards_the_two_player_game_leaves_out_are_refused_with_two_players(name: str) -> None:
    with pytest.raises(OptionError, match=f"option {name} cannot be changed with 2 players"):
        STATE.new(2, {name: OTHER_VALUE[name]})
    default = next(option.default for option in OPTIONS if option.name == name)
    assert STATE.new(2, {name: default}).to_notation() == STATE.new(2).to_notation()
    text = STATE.new(3, {name: OTHER_VALUE[name]}).to_notation()
    with pytest.raises(NotationError, match=f"{name} cannot be changed with 2 players"):
        STATE.from_notation(text.replace("|3|", "|2|", 1))


def test_options_at_their_default_are_not_written_and_others_round_trip() -> None:
    defaults = {option.name: option.default for option in OPTIONS}
    plain = STATE.new(4, seed=3)
    assert STATE.new(4, defaults, seed=3).to_notation() == plain.to_notation()
    assert plain.to_notation().split("|")[2] == "-"
    game = STATE.new(4, OTHER_VALUE, seed=3)
    written = game.to_notation().split("|")[2]
    assert all(f"{name}=" in written for name in OTHER_VALUE)
    parsed = STATE.from_notation(game.to_notation())
    assert dict(parsed.options) == dict(game.options) and parsed == game
    assert STATE.load_save(json.loads(json.dumps(game.to_save()))) == game
    assert dict(game.clone().options) == dict(game.options)


# ---------------------------------------------------------------------- playouts under every option


def _cases() -> list[tuple[int, dict[str, object]]]:
    """Each option alone (at 3-6 players, and at 2 where it applies), then all of them together."""
    cases: list[tuple[int, dict[str, object]]] = []
    for name, value in OTHER_VALUE.items():
        cases.append((3 + len(cases) % 4, {name: value}))
        if name not in NOT_IN_DUEL:
            cases.append((2, {name: value}))
    duel_ones = {name: value for name, value in OTHER_VALUE.items() if name not in NOT_IN_DUEL}
    cases += [(3, dict(OTHER_VALUE)), (5, dict(OTHER_VALUE)), (6, dict(OTHER_VALUE)), (2, duel_ones)]
    return cases


@pytest.mark.parametrize(("players", "options"), _cases())
def test_random_playouts_under_the_options_keep_every_law(players: int, options: dict[str, object]) -> None:
    for seed in range(1, 7):
        game = STATE.new(players, options, seed=seed)
        rng = Rng(seed * 977 + players)
        step = 0
        while not game.is_terminal:
            assert step < 4000, "a random game ends (or stops at its maximum length)"
            game.check_invariants()
            if step % 11 == 0:
                text = game.to_notation()
                parsed = STATE.from_notation(text)
                assert parsed.to_notation() == text
                for seat in game.to_act():
                    assert parsed.legal_actions(seat) == game.legal_actions(seat)
            if step % 23 == 0:
                for seat in range(players):
                    sample = game.determinize(seat, step)
                    sample.check_invariants()
                    # A sample depends only on what the seat knows: its twin (the game with all the
                    # seat cannot see redealt) gives the very same sample.
                    twin = game.determinize(seat, step + 7919)
                    assert twin.determinize(seat, step).to_notation() == sample.to_notation()
                    assert sample.observe(seat) == game.observe(seat)
                    assert dict(sample.options) == dict(game.options)
                    if seat in game.to_act():
                        assert sample.legal_actions(seat) == game.legal_actions(seat)
            seats = game.to_act()
            seat = seats[rng.randbelow(len(seats))]
            actions = game.legal_actions(seat)
            assert all(action in game.action_space().index for action in actions)
            game.apply(seat, actions[rng.randbelow(len(actions))])
            step += 1
        game.check_invariants()
        result = game.result
        assert result is not None
        if not result.truncated:
            (winner,) = result.winners
            assert game.gems[winner] >= game.target


@pytest.mark.parametrize("players", [2, 4])
def test_the_heuristic_bot_plays_legally_under_every_option(players: int) -> None:
    options = {name: value for name, value in OTHER_VALUE.items() if players > 2 or name not in NOT_IN_DUEL}
    game = STATE.new(players, options, seed=11)
    bots = [make_bot("heuristic", STATE.SPEC.id, seed=seat) for seat in range(players)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        action = bots[seat].choose(SeatView(game, seat))
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
    assert game.result is not None
