"""Property tests for The Elements and Heavy Weather: random playouts of random combinations of the five
sets (always with ``elements`` and/or ``weather``; with the handicap or kept sides at random) end by the
rules, never at the maximum length, and keep the expansions' laws and the notation round trip after
every action; a sample taken while a simultaneous choice is pending never holds another seat's
submitted choice, and a submission changes no other seat's view.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from ninjadojo.engine import Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARDS, SETS, weathers_of

#: Every subset of the five sets holding The Elements or Heavy Weather, as the option's text.
COMBOS = [",".join(chosen) for size in range(1, len(SETS) + 1) for chosen in combinations(SETS, size)
          if "elements" in chosen or "weather" in chosen]
SIDES = ("wind", "fire", "earth", "water", "heart", "magic")


def _options(expansions: str, players: int, rng: Rng) -> dict[str, object]:
    """The expansions, and with The Elements at random: every seat dealt, a handicap, or kept sides."""
    options: dict[str, object] = {"expansions": expansions}
    if "elements" not in expansions.split(","):
        return options
    style = rng.randbelow(3)
    if style == 1:
        seats = [seat for seat in range(players) if rng.randbelow(2)] or [0]
        options["element_seats"] = ",".join(map(str, seats))
    elif style == 2:
        names = list(SIDES if "promo" in expansions.split(",") else SIDES[:-1])
        rng.shuffle(names)
        options["element_sides"] = "/".join(
            f"{names[seat]}{1 + rng.randbelow(2)}" if rng.randbelow(4) else "-" for seat in range(players))
    return options


def _random_action(game: NinjitsuState, rng: Rng) -> tuple[int, str]:
    seat = game.to_act()[0]
    actions = game.legal_actions(seat)
    return seat, actions[rng.randbelow(len(actions))]


def _check_laws(game: NinjitsuState, sides: list[str] | None) -> list[str] | None:
    """The laws of The Elements and Heavy Weather after an action; returns the sides once chosen."""
    for seat in range(game.num_players):
        assert not any(CARDS[card].kind == "event" for card in game.hands[seat]), "an Event in a hand"
    if game.has_weather:
        pool = sorted(weathers_of(game.sets))
        assert sorted(game.weather + game.weather_deck + game.weather_discard) == pool, "Weather not conserved"
        if game.frames[-1].kind != "element":
            # One, or more after Solar Flare (twice, if a reshuffle brings it back before another Event).
            assert game.weather, "no Weather in play"
            assert len(set(game.weather)) == len(game.weather), f"{[CARD_IDS[card] for card in game.weather]}"
        assert not game.deck or CARDS[game.deck[-1]].kind != "event" or game.is_terminal, "an Event left on top"
        assert all(CARDS[card].kind == "event" for card in game.event_queue)
    if game.has_elements and game.frames and game.frames[-1].kind != "element":
        now = [str(side or "-") for side in game.elements]
        if sides is not None:
            assert now == sides, "an Element changed side"
        assert all(side == "-" or side[-1] in "12" for side in now)
        return now
    return sides


@settings(max_examples=150, deadline=None)
@example(seed=21, players=3, expansions="promo,magic,sabotage,elements,weather")
@example(seed=22, players=5, expansions="promo,elements,weather")
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), expansions=st.sampled_from(COMBOS))
def test_random_playouts_end_by_the_rules_and_keep_the_laws(seed: int, players: int, expansions: str) -> None:
    rng = Rng(seed ^ 0xE2)
    game = NinjitsuState.new(players, _options(expansions, players, rng), seed=seed)
    sides = None
    while not game.is_terminal:
        game.check_invariants()
        sides = _check_laws(game, sides)
        text = game.to_notation()
        assert NinjitsuState.from_notation(text).to_notation() == text, "the position does not round-trip"
        game.apply(*_random_action(game, rng))
    game.check_invariants()
    assert game.result is not None and not game.result.truncated, "the game ran to the maximum length"
    assert game.winners()


@settings(max_examples=60, deadline=None)
@example(seed=31, players=4, expansions="promo,elements,weather")
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), expansions=st.sampled_from(COMBOS))
def test_a_sample_never_holds_another_seats_pending_simultaneous_choice(seed: int, players: int,
                                                                      expansions: str) -> None:
    rng = Rng(seed ^ 0x51)
    game = NinjitsuState.new(players, _options(expansions, players, rng), seed=seed)
    while not game.is_terminal:
        frame = game.frames[-1]
        if frame.simultaneous:
            chooser = game.to_act()[0]
            views = {seat: game.observe(seat) for seat in range(players) if seat != chooser}
            game.apply(*_random_action(game, rng))
            if game.is_terminal:
                break
            pending = game.frames[-1]
            if pending.simultaneous and chooser in pending.submitted:
                # Still waiting for others: the submission shows to nobody else.
                for seat, view in views.items():
                    assert game.observe(seat) == view, f"P{chooser}'s {frame.kind} choice shows to P{seat}"
                for seat in range(players):
                    sample = game.determinize(seat, seed + seat)
                    held = sample.frames[-1].submitted
                    assert set(held) <= {seat}, f"P{seat}'s sample holds {sorted(set(held) - {seat})}'s choice"
                    if seat in pending.submitted:
                        assert held == {seat: pending.submitted[seat]}
                    assert sample.observe(seat) == game.observe(seat)
            continue
        game.apply(*_random_action(game, rng))
