"""An adversarial probe of The Elements and Heavy Weather (issue 11), as an attacker and a demanding user
would try them, against what the rules (docs/rules/ninjitsu.md, rulings 57-83) and the hardening issue
(issue 8: views leak nothing, samples depend only on what a seat knows, bad input changes nothing and
says what is wrong) require.

1. Leaks: what a seat may not know (hidden side choices, cards passed by the Wind, Fire's trade,
   Eruption's new hands, Fog's random card, Hurricane's and Blizzard's choices, Heart's look, the card
   behind Wind's extra action) must not reach its view, picture, prompt, legal actions or log. Each test
   compares two worlds that differ only in that hidden thing.
2. Determinisation: samples keep Events out of hands, secrets and the top of the deck, hide the Weather
   deck's order, keep the seat's view, and depend only on what it knows, also at the new decisions.
3. Notation: impossible positions and malformed fields of the new sets are refused, naming the problem.
4. Bad input: illegal new actions and bad Element options raise a DojoError saying why and change nothing.
5. Liveness: random playouts of every combination with The Elements or Heavy Weather never get stuck.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest

from ninjadojo.engine import IllegalActionError, NotationError, OptionError, Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import ACE_OR_JOKER, CARD_IDS, CARD_INDEX, CARDS, IS_EVENT, SETS

#: Every subset of the five sets that holds The Elements or Heavy Weather, as the option's text.
COMBOS = [",".join(chosen) for size in range(1, len(SETS) + 1) for chosen in combinations(SETS, size)
          if "elements" in chosen or "weather" in chosen]
#: The decisions the two sets add.
NEW_FRAMES = {"element", "wind-swap", "heart", "heart-look", "fire-trade", "fire-with", "water-swap", "fire-keep",
              "hail", "wind-pass", "hurricane", "blizzard"}
#: A seed for a twin sample, far from the seeds the tests use.
TWIN_SEED = 7919


# ---------------------------------------------------------------------- helpers


def facts(game: NinjitsuState, seat: int | None) -> tuple[object, ...]:
    """Everything ``seat`` (None: a spectator) is shown: its view (log included), its picture, its
    decision's prompt and its legal actions."""
    if seat is None:
        return game.observe(None), game.render(None)
    decision = game.decision(seat)
    return (game.observe(seat), game.render(seat), decision.prompt if decision else None,
            game.legal_actions(seat))


def assert_same_to(worlds: list[NinjitsuState], seats: list[int | None], what: str) -> None:
    """Every seat of ``seats`` is shown the same in every world (they differ only in what it may not know)."""
    for seat in seats:
        first = facts(worlds[0], seat)
        for other in worlds[1:]:
            assert facts(other, seat) == first, f"{what} shows to {'a spectator' if seat is None else f'P{seat}'}"


def hand_view(game: NinjitsuState, viewer: int | None, holder: int) -> list[str]:
    """The cards of ``holder``'s hand that ``viewer``'s view lists."""
    seats = game.observe(viewer)["seats"]
    assert isinstance(seats, list)
    entry = seats[holder]
    assert isinstance(entry, dict) and isinstance(entry["hand"], list)
    return [str(card) for card in entry["hand"]]


def with_field(notation: str, key: str, value: str | None) -> str:
    """``notation`` with the body field ``key`` set to ``value`` (added at the end if absent; removed if None)."""
    head, body = notation.rsplit("|", 1)
    fields = [part for part in body.split(";") if part.partition("=")[0] != key]
    if value is not None:
        present = [part.partition("=")[0] for part in body.split(";")]
        at = present.index(key) if key in present else len(fields)
        fields.insert(at, f"{key}={value}")
    return head + "|" + ";".join(fields)


def field(notation: str, key: str) -> str:
    """The value of the body field ``key`` of ``notation``."""
    for part in notation.rsplit("|", 1)[1].split(";"):
        name, _, value = part.partition("=")
        if name == key:
            return value
    raise KeyError(key)


def check_sample(game: NinjitsuState, seat: int, seed: int) -> NinjitsuState:
    """A sample of ``game`` for ``seat`` that keeps every law and ``seat``'s whole view, never holds an
    Event in a hand or a collection or on top of the deck, reads back from its notation, and depends on
    what ``seat`` knows only (a twin of the game, differing in all ``seat`` cannot see, gives the same)."""
    sample = game.determinize(seat, seed)
    sample.check_invariants()
    for zone in (*sample.hands, *sample.secrets, *sample.treasures):
        assert not any(IS_EVENT[card] for card in zone), f"an Event dealt into a hand or collection: {zone}"
    assert not sample.deck or not IS_EVENT[sample.deck[-1]], "a sample left an Event on top of the deck"
    assert facts(sample, seat) == facts(game, seat), f"P{seat}'s view of its sample differs from the game's"
    assert NinjitsuState.from_notation(sample.to_notation()) == sample
    twin = game.determinize(seat, seed + TWIN_SEED)
    assert twin.determinize(seat, seed).to_notation() == sample.to_notation(), \
        f"P{seat}'s sample depends on what P{seat} cannot know"
    return sample


def refused(text: str) -> str:
    """The NotationError message of parsing ``text`` (the test fails if it is accepted)."""
    with pytest.raises(NotationError) as error:
        NinjitsuState.from_notation(text)
    return str(error.value)


# ---------------------------------------------------------------------- positions


def _caltrops_on_a_fire1_tie() -> NinjitsuState:
    """P0 plays Caltrops against P1 (Fire, side 1) with two 9s: P1 is asked which one Fire keeps."""
    game = position(players=3, expansions="elements,weather", elements=["-", "fire1", "-"],
                    hands=["Ab 4a", "3c", "6c"], treasures=["", "9c 9a 2b", ""])
    game.apply(0, "a:Ab")
    for _ in range(3):  # Caltrops' own tie between the 9s, if its player is asked, settled first
        if game.frames[-1].kind == "fire-keep":
            break
        game.apply(game.to_act()[0], game.legal_actions(game.to_act()[0])[0])
    assert game.frames[-1].kind == "fire-keep" and game.to_act() == (1,)
    return game


def _hurricane_half_chosen() -> NinjitsuState:
    """Hurricane resolves at the end of P0's turn; P0 has chosen its discard, P1 and P2 not yet."""
    game = position(players=3, expansions="elements,weather", elements=["water2", "-", "-"], events="Hv",
                    hands=["6a 7a", "8a 9a", "5a"])
    game.apply(0, "d")
    game.apply(0, "pass")  # Water (side 2) first (ruling 65), then the Events
    game.apply(0, "c:6a")
    return game


def _events_waiting() -> NinjitsuState:
    """Eruption and Lightning in play, waiting for the end of P0's turn."""
    return position(players=3, expansions="weather", events="Ev Lv", hands=["6a", "7a 8a", "9a"])


def _side_half_chosen() -> NinjitsuState:
    """4 players choosing their Elements' sides; P2 has chosen."""
    game = NinjitsuState.new(4, {"expansions": "promo,elements,weather"}, seed=5)
    game.apply(2, "side:2")
    return game


def _fire_trade_pending() -> NinjitsuState:
    """P0 (Fire, side 2) at the end of its turn: it may trade with an opponent (``ending=element``)."""
    game = position(players=3, expansions="elements,weather", elements=["fire2", "-", "-"],
                    hands=["6a", "7a 5c", "8a"], weather="Uw")
    game.apply(0, "d")
    assert game.frames[-1].kind == "fire-trade"
    return game


def _fire_with_pending() -> NinjitsuState:
    """P0 (Fire, side 2) chose P1 and is to choose the card it gives."""
    game = _fire_trade_pending()
    game.apply(0, "h1")
    return game


def _element_choice() -> NinjitsuState:
    """3 players, Elements dealt to seats 0 and 2 (the handicap), sides not chosen yet."""
    return NinjitsuState.new(3, {"expansions": "elements", "element_seats": "0,2"}, seed=1)


def _storms_wind2() -> NinjitsuState:
    """P0 (Wind, side 2) at its turn under Storms, holding 6a and Ka; P1 has the treasure 9b."""
    return position(players=3, expansions="elements,weather", elements=["wind2", "-", "-"], weather="Tw",
                    hands=["6a Ka", "7a", ""], treasures=["", "9b", ""])


def _snow_on_events_only() -> NinjitsuState:
    """P0's turn under Snow with only Events in the discard pile."""
    return position(players=3, expansions="weather", weather="Sw", hands=["6a Ka", "7a", ""], discard="Hv Wv")


def _heart_look() -> NinjitsuState:
    """P0 (Heart, side 2) discarded 6a and is to name the opponent whose hand it looks at."""
    game = position(players=3, expansions="elements", elements=["heart2", "-", "-"], started=[0],
                    hands=["6a 5a", "7a", ""])
    game.apply(0, "c:6a")
    return game


def _wind_pass() -> NinjitsuState:
    """P0 drew under the Wind: P0 and P1 (P2 has no card) choose the card they pass."""
    game = position(players=3, expansions="weather", weather="Ww", hands=["6a", "7a", ""])
    game.apply(0, "d")
    return game


def _heart_start() -> NinjitsuState:
    """P0 (Heart, side 2) at the start of its turn: it may discard a card to look at a hand."""
    return position(players=3, expansions="elements", elements=["heart2", "-", "-"], started=[0],
                    hands=["6a 5a", "7a", ""])


def _hail() -> NinjitsuState:
    """P0 played a treasure under Hail and must discard a card."""
    game = position(players=2, expansions="weather", weather="Hw", hands=["6a 5a", "7a"])
    game.apply(0, "t:6a")
    return game


def _water_swap() -> NinjitsuState:
    """P0 (Water, side 2) at the end of its turn: it may discard a card to draw one."""
    game = position(players=2, expansions="elements", elements=["water2", "-"], hands=["6a", "7a"])
    game.apply(0, "d")
    return game


def _weather_game() -> str:
    """A 2-player game with both sets at P0's turn, as notation."""
    return position(players=2, expansions="elements,weather", elements=["fire2", "-"], hands=["6a 7a", "8a"],
                    weather="Sw").to_notation()


def _base_game() -> str:
    """A base game at P0's turn, as notation."""
    return position(players=2, hands=["6a 7a", "8a"]).to_notation()


def _move(notation: str, card: str, source: str, target: str, value: str | None = None) -> str:
    """``notation`` with ``card`` taken out of the body field ``source`` and put at the end (the top) of
    ``target`` (or ``target`` set to ``value``), so that every card stays in one place."""
    text = with_field(notation, source, field(notation, source).replace(card, "", 1) or "-")
    if value is None:
        old = field(text, target)
        value = card if old == "-" else old + card
    return with_field(text, target, value)


def _target_in_treasures() -> str:
    """P0 at its turn frame with 21 points in treasures and no secret: the start-of-turn check would have
    ended the game. The expansions blur that check only for points that a start-of-turn draw or discard
    can change (a face-down Master of Misdirection counts the hand); treasures' points cannot change."""
    text = position(players=2, expansions="elements,weather", elements=["fire2", "-"], hands=["6a", "7a"],
                    treasures=["Ta 9a", ""]).to_notation()
    return _move(text, "2b", "deck", "treasures", "Ta9a2b/-")


def _ending_in_base_game() -> str:
    """A base game waiting for a trap's discard, written as if its turn were ending."""
    game = position(players=3, hands=["6a Ka", "9b", ""], secrets=["", "", "Ta"])
    game.apply(0, "x2.0")
    assert game.frames[-1].kind == "trap-discard"
    return with_field(game.to_notation(), "ending", "events")


# ---------------------------------------------------------------------- 1. leaks


def test_a_side_choice_shows_to_nobody_else_until_all_have_chosen() -> None:
    # Ruling 57: sides are chosen at once and in secret; they are shown once all have chosen.
    worlds = []
    for side in ("side:1", "side:2"):
        game = NinjitsuState.new(3, {"expansions": "promo,elements,weather"}, seed=11)
        game.apply(0, side)
        worlds.append(game)
    assert_same_to(worlds, [1, 2, None], "P0's side before all have chosen")
    for seat in (1, 2):
        assert worlds[0].determinize(seat, 3) == worlds[1].determinize(seat, 3), \
            f"P{seat}'s sample depends on P0's hidden side"


def _wind_pass_worlds(passed: str) -> NinjitsuState:
    """3 players under the Wind Weather; P0 (Wind, side 2) swapped 6a for P1's treasure 9b, so everyone
    knows 9b is in P0's hand; then P1 draws and everyone passes a card to the left: P0 passes ``passed``."""
    game = position(players=3, expansions="elements,weather", elements=["wind2", "-", "-"], weather="Ww",
                    hands=["6a 5a", "7a", "8a"], treasures=["", "9b", ""])
    game.apply(0, "swap:6a")
    game.apply(0, "c:9b")
    assert hand_view(game, 2, 0) == ["9b"] and game.turn == 1
    game.apply(1, "d")
    assert game.frames[-1].kind == "wind-pass"
    game.apply(0, f"c:{passed}")
    game.apply(1, "c:7a")
    game.apply(2, "c:8a")
    return game


def test_wind_weather_the_card_passed_shows_to_nobody_but_the_passer_and_the_receiver() -> None:
    # Ruling 73: "The passer and the receiver know the card; nobody else does." P2 and a spectator saw
    # 9b go into P0's hand (Wind, side 2); whether P0 then passed 9b or 5a to P1 they cannot know.
    worlds = [_wind_pass_worlds("9b"), _wind_pass_worlds("5a")]
    assert worlds[0].hands[1] != worlds[1].hands[1]
    assert_same_to(worlds, [2, None], "the card P0 passed to P1")


def test_wind_weather_a_pass_of_unknown_cards_shows_nothing_to_third_seats() -> None:
    # The plain case: nobody else knew P0's cards; P2 and a spectator see the same whatever P0 passed.
    worlds = []
    for passed in ("6a", "5a"):
        game = position(players=3, expansions="weather", weather="Ww", hands=["6a 5a", "7a", "8a"])
        game.apply(0, "d")
        game.apply(0, f"c:{passed}")
        game.apply(1, "c:7a")
        game.apply(2, "c:8a")
        worlds.append(game)
    assert_same_to(worlds, [2, None], "the card P0 passed to P1")


def _fire_trade(seed: int) -> NinjitsuState:
    """3 players; P1 took 9b and 5c from the discard pile with Snow (everyone saw them go into its hand);
    then P0 (Fire, side 2) trades 6a for a random card of P1's hand at the end of its turn."""
    game = position(players=3, expansions="elements,weather", elements=["fire2", "-", "-"], weather="Sw", turn=1,
                    hands=["6a", "7a", "8a"], discard="9b 5c", seed=seed)
    game.apply(1, "snow")
    game.apply(2, "d")
    game.apply(0, "d")
    assert game.frames[-1].kind == "fire-trade"
    assert sorted(hand_view(game, 2, 1)) == ["5c", "9b"]
    game.apply(0, "h1")
    game.apply(0, "c:6a")
    return game


def test_fire2_the_card_taken_shows_to_nobody_but_the_two_players() -> None:
    # Ruling 62: "Both players see both cards; the others see only that a trade happened." The card is
    # random: the worlds below differ only in which card of P1's hand P0 took (the seed of the position).
    worlds = [_fire_trade(seed) for seed in range(1, 25)]
    taken = {CARD_IDS[game.hands[0][-1]] for game in worlds}
    assert {"9b", "5c"} <= taken and len(taken) >= 3, f"the trade should take every card of P1's hand: {taken}"
    assert_same_to(worlds, [2, None], "which card P0's Fire took from P1")


def test_eruption_each_new_hand_shows_only_to_its_holder() -> None:
    # Ruling 79: each player sees only their own new hand. P2 put nothing in (and takes nothing back).
    worlds = []
    for seed in range(1, 9):
        game = position(players=3, expansions="weather", events="Ev", hands=["6a 7a", "8a 9a", ""], seed=seed)
        game.apply(0, "d")
        assert game.turn == 1 and "Ev" in [CARD_IDS[card] for card in game.discard]
        worlds.append(game)
    assert len({tuple(game.hands[1]) for game in worlds}) > 1, "the pile is shuffled: P1's new hand varies"
    assert_same_to(worlds, [2, None], "another player's new hand after Eruption")


def test_fog_the_random_card_shows_only_to_its_player() -> None:
    # Ruling 70: "The others are told that a random card must be played, not which."
    worlds = []
    for seed in range(1, 13):
        game = position(players=3, expansions="weather", weather="Fw", hands=["6a 7a 8a", "9a", "5a"], seed=seed)
        game.apply(0, "fog")
        assert game.to_act() == (0,)
        worlds.append(game)
    assert len({tuple(game.legal_actions(0)) for game in worlds}) > 1, "the card played is random"
    assert_same_to(worlds, [1, 2, None], "the card Fog picked")


@pytest.mark.parametrize(("event", "hands", "action", "choices"), [
    ("Hv", ["6a 7a", "8a 9a", "5a"], "d", ("c:6a", "c:7a")),
    ("Bv", ["6a 7a 8a", "9a 4a 3a", "5a"], "s:6a", ("c:7a", "c:8a")),
], ids=["hurricane", "blizzard"])
def test_an_events_discard_choice_shows_to_nobody_before_all_have_chosen(event: str, hands: list[str], action: str,
                                                                      choices: tuple[str, str]) -> None:
    # Ruling 76: Hurricane's and Blizzard's discards are chosen at the same time and in secret.
    worlds = []
    for choice in choices:
        game = position(players=3, expansions="weather", events=event, hands=hands)
        game.apply(0, action)
        frame = game.frames[-1]
        assert frame.simultaneous and 0 in frame.seats and len(frame.participants()) >= 2
        game.apply(0, choice)
        worlds.append(game)
    assert_same_to(worlds, [1, 2, None], f"P0's {event} choice before all have chosen")
    for seat in (1, 2):
        assert worlds[0].determinize(seat, 5) == worlds[1].determinize(seat, 5), \
            f"P{seat}'s sample depends on P0's hidden {event} choice"


def test_heart2_the_hand_looked_at_shows_only_to_the_looker() -> None:
    # Ruling 67: the opponent's hand is shown to the looker once; nobody else sees it.
    worlds = []
    for secret_hand in ("7a 9b", "9a 7b"):
        game = position(players=3, expansions="elements", elements=["heart2", "-", "-"], started=[0],
                        hands=["6a 5a", secret_hand, "8a"])
        assert game.frames[-1].kind == "heart"
        game.apply(0, "c:6a")
        game.apply(0, "h1")
        lines = game.observe(0)["log"]
        assert isinstance(lines, list)
        assert all(CARDS[CARD_INDEX[card]].name in str(lines[-1]) for card in secret_hand.split()), \
            "the looker is shown the hand"
        worlds.append(game)
    # P1 sees its own hand, so only P2 and a spectator cannot tell the worlds apart.
    assert_same_to(worlds, [2, None], "the hand P0 looked at")


def test_wind1_the_extra_action_after_a_secret_shows_that_secret_and_nothing_else() -> None:
    # Ruling 59: claimed for a secret, its player shows the secret to the table; the rest of the hand
    # stays hidden (two worlds that differ in the hand's other card look the same to P1).
    worlds = []
    for other in ("6a", "9b"):
        game = position(players=2, expansions="elements", elements=["wind1", "-"], hands=[f"Aa {other}", "7a"])
        game.apply(0, "s:Aa")
        assert game.to_act() == (0,) and game.frames[-1].data.get("extra"), "Wind (side 1): an extra action"
        assert game.observe(1)["seats"][0]["known_secrets"] == [[0, "Aa"]]
        worlds.append(game)
    assert_same_to(worlds, [1, None], "the card P0 still holds")
    assert worlds[0].determinize(1, 9) == worlds[1].determinize(1, 9)


# ---------------------------------------------------------------------- 2. determinisation


def test_samples_never_deal_an_event_into_a_hand_or_a_secret_nor_leave_one_on_top() -> None:
    # Issue 11: an Event goes into play the moment it is on top of the deck, never into a hand. Here
    # the deck holds every Event and one other card, and P0 cannot see 9 cards of P1's and P2's.
    game = position(players=3, expansions="promo,weather", hands=["6a", "7a 8a 9a", "2b 3b"],
                    secrets=["", "Ta 4c", "5c Kb"], deck="Hv Wv Bv Sv Fv Ev Lv Xv 6b")
    for seed in range(40):
        check_sample(game, 0, seed)


def test_the_weather_decks_order_is_in_no_view_and_no_sample() -> None:
    # Nobody knows the order of the Weather deck: two games that differ only in it look the same to
    # everyone and give every seat the same sample.
    game = position(players=3, expansions="promo,elements,weather", elements=["earth1", "fire2", "-"],
                    hands=["6a", "7a", "8a"])
    deck = field(game.to_notation(), "wdeck")
    flipped = "".join(reversed([deck[at:at + 2] for at in range(0, len(deck), 2)]))
    twin = NinjitsuState.from_notation(with_field(game.to_notation(), "wdeck", flipped))
    assert twin.weather_deck != game.weather_deck
    assert_same_to([game, twin], [0, 1, 2, None], "the Weather deck's order")
    for seat in range(3):
        assert game.determinize(seat, 1) == twin.determinize(seat, 1)


def test_fire1_the_keep_decision_has_a_prompt_and_a_view() -> None:
    # Ruling 61: on a tie, the owner chooses which treasure Fire keeps (a ``fire-keep`` decision). Its
    # player must be shown a prompt (drivers call decision() and observe() for the seat to act).
    game = _caltrops_on_a_fire1_tie()
    assert game.to_act() == (1,) and set(game.legal_actions(1)) == {"c:9c", "c:9a"}
    decision = game.decision(1)
    assert decision is not None and "Smoke Bomb" in decision.prompt and "Fire keeps" in decision.prompt
    view = game.observe(1)["decision"]
    assert isinstance(view, dict) and view["kind"] == "fire-keep"


BUILT: dict[str, Callable[[], NinjitsuState]] = {
    "element frame, one side chosen": _side_half_chosen,
    "fire-trade (ending=element)": _fire_trade_pending,
    "fire-with": _fire_with_pending,
    "fire-keep": _caltrops_on_a_fire1_tie,
    "hurricane, one discard chosen (ending=events)": _hurricane_half_chosen,
    "events waiting in play": _events_waiting,
}


@pytest.mark.parametrize("name", list(BUILT))
def test_samples_at_the_new_decisions_keep_the_view_and_depend_only_on_what_the_seat_knows(name: str) -> None:
    game = BUILT[name]()
    for seat in range(game.num_players):
        for seed in range(4):
            check_sample(game, seat, seed)


def test_a_sample_taken_during_a_simultaneous_choice_keeps_only_the_seats_own_choice() -> None:
    game = _hurricane_half_chosen()
    own = game.determinize(0, 1)
    assert own.frames[-1].submitted == {0: "c:6a"}
    for seat in (1, 2):
        assert not game.determinize(seat, 1).frames[-1].submitted, f"P{seat}'s sample holds P0's hidden discard"


def test_eruption_a_sample_depends_only_on_what_the_seat_knows() -> None:
    # Issue 8: "two states the seat cannot tell apart must give the identical sample for the same seed".
    # P2 knows P0 holds 9c, in hand or among its secrets (knowledge mask 9c.1025: P0 knows where it
    # is, P2 only who holds it); the two worlds differ only in which. After Eruption (P2 put nothing in)
    # P2 still cannot tell them apart, so its samples must be equal.
    worlds = []
    for hand, secret in (("6a 9c", "7b"), ("6a 7b", "9c")):
        built = position(players=3, expansions="weather", events="Ev", hands=[hand, "8a", ""], secrets=[secret, "", ""])
        game = NinjitsuState.from_notation(with_field(built.to_notation(), "known", "9c.1025"))
        game.apply(0, "d")
        worlds.append(game)
    assert_same_to(worlds, [2, None], "where P0 kept 9c")
    assert worlds[0].determinize(2, 7) == worlds[1].determinize(2, 7), \
        "after Eruption P2's sample still depends on whether 9c was in P0's hand or among its secrets"


def test_wind1_samples_keep_the_secret_an_ace_or_a_joker() -> None:
    # Ruling 59: the table knows the secret is an Ace or a Joker; a sample is a game the seat cannot
    # tell from the real one, so its secret there must be one too.
    game = position(players=2, expansions="elements", elements=["wind1", "-"], hands=["Aa 6a", "7a"])
    game.apply(0, "s:Aa")
    drawn = [CARD_IDS[game.determinize(1, seed).secrets[0][-1]] for seed in range(12)]
    assert all(ACE_OR_JOKER[CARD_INDEX[card]] for card in drawn), f"P1's samples put {drawn} there"


def test_samples_keep_what_the_looker_the_traders_and_the_passers_saw() -> None:
    # Heart (side 2): the looker knows the hand it saw (ruling 67).
    game = position(players=3, expansions="elements", elements=["heart2", "-", "-"], started=[0],
                    hands=["6a 5a", "7a 9b", "8a"])
    game.apply(0, "c:6a")
    game.apply(0, "h1")
    for seed in range(6):
        assert sorted(check_sample(game, 0, seed).hands[1]) == sorted(game.hands[1])
    # Fire (side 2): the giver knows where the card it gave is.
    game = _fire_with_pending()
    game.apply(0, "c:6a")
    for seed in range(6):
        assert CARD_INDEX["6a"] in check_sample(game, 0, seed).hands[1]
    # Wind: the passer knows where its card went.
    game = position(players=3, expansions="weather", weather="Ww", hands=["6a 5a", "7a", "8a"])
    game.apply(0, "d")
    for seat, card in ((0, "6a"), (1, "7a"), (2, "8a")):
        game.apply(seat, f"c:{card}")
    for seed in range(6):
        assert CARD_INDEX["6a"] in check_sample(game, 0, seed).hands[1]


def test_random_playouts_samples_at_every_new_decision_and_the_end_of_turn() -> None:
    # Every position where a decision of the two sets is pending, the turn is ending or Events wait
    # in play: samples for every seat keep the laws and the view and depend only on the seat's
    # information; the position reads back from its notation.
    checked = 0
    for index in range(24):
        rng = Rng(index)
        players = 2 + index % 4
        game = NinjitsuState.new(players, {"expansions": COMBOS[index % len(COMBOS)]}, seed=index)
        while not game.is_terminal:
            notation = game.to_notation()
            assert NinjitsuState.from_notation(notation).to_notation() == notation
            if game.frames[-1].kind in NEW_FRAMES or game.ending or game.event_queue:
                for seat in range(players):
                    check_sample(game, seat, checked)
                checked += 1
            seat = game.to_act()[rng.randbelow(len(game.to_act()))]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
    assert checked >= 50


def test_saves_of_games_with_both_sets_load_back_also_while_a_choice_is_half_made() -> None:
    for index in range(8):
        rng = Rng(index)
        game = NinjitsuState.new(2 + index % 4, {"expansions": COMBOS[-1 - index]}, seed=index)
        while not game.is_terminal:
            frame = game.frames[-1]
            if frame.simultaneous and frame.submitted:
                assert NinjitsuState.load_save(game.to_save()) == game
            seat = game.to_act()[rng.randbelow(len(game.to_act()))]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
        assert NinjitsuState.load_save(game.to_save()) == game


# ---------------------------------------------------------------------- 3. notation


IMPOSSIBLE: dict[str, tuple[Callable[[], str], str]] = {
    "an Event in a hand": (lambda: _move(_weather_game(), "Hv", "deck", "hands", "6a7aHv/8a"), "event"),
    "an Event among the secrets": (lambda: _move(_weather_game(), "Hv", "deck", "secrets", "-/Hv"), "event"),
    "an Event on top of the deck": (lambda: _move(_weather_game(), "Hv", "deck", "deck"), "top of the deck"),
    "an Event set aside after the deal": (lambda: _move(_weather_game(), "Hv", "deck", "aside", "Hv"), "aside"),
    "a card that is no Event in play as an Event": (lambda: _move(_weather_game(), "6b", "deck", "events", "6b"),
                                                    "event"),
    "a Weather card twice": (lambda: with_field(_weather_game(), "weather", "Sw" + field(_weather_game(), "wdeck")[:2]),
                             "weather"),
    "no Weather in play during a turn": (lambda: _move(_weather_game(), "Sw", "weather", "wdeck"), "weather"),
    "two Weathers in play without the Promo Pack (no Solar Flare)": (
        lambda: _move(_weather_game(), "Rw", "wdeck", "weather", "SwRw"), "weather"),
    "an Element written for 3 seats of a 2-player game": (
        lambda: with_field(_weather_game(), "elements", "fire2/-/wind1"), "elements"),
    "an Element twice": (lambda: with_field(_weather_game(), "elements", "fire2/fire1"), "element"),
    "a side not chosen after the deal": (lambda: with_field(_weather_game(), "elements", "fire/-"), "side"),
    "a Magic Element without the Promo Pack": (lambda: with_field(_weather_game(), "elements", "magic2/-"), "magic"),
    "elements in a game without the set": (lambda: with_field(_base_game(), "elements", "fire2/-"), "elements"),
    "weather in a game without the set": (lambda: with_field(_base_game(), "weather", "Sw"), "weather"),
    "the turn ending in a game without either set": (_ending_in_base_game, "ending"),
    "Water's losses in a game without The Elements": (lambda: with_field(_base_game(), "lost", "1"), "lost"),
    "Water's losses of a seat without Water (side 1)": (lambda: with_field(_weather_game(), "lost", "2"), "lost"),
    "started not naming the player whose turn it is": (lambda: with_field(_weather_game(), "started", "0"),
                                                       "started"),
    "a turn frame whose player holds the target in treasures alone": (_target_in_treasures, "target"),
    "started naming a seat before the starting hands": (
        lambda: with_field(NinjitsuState.new(2, {"expansions": "elements"}, seed=1).to_notation(), "started", "1"),
        "started"),
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_an_impossible_position_is_refused_naming_the_broken_law(name: str) -> None:
    make, words = IMPOSSIBLE[name]
    assert words.lower() in refused(make()).lower()


@pytest.mark.parametrize(("key", "value", "words"), [
    ("elements", "fire3/-", "fire3"),
    ("elements", "fire2", "elements"),
    ("elements", "", "elements"),
    ("started", "x", "started"),
    ("started", "-1", "started"),
    ("started", "١", "started"),
    ("weather", "zz", "zz"),
    ("wdeck", "Sw Rw", "Sw Rw"),
    ("wdiscard", "6", "6"),
    ("events", "Hv,", "Hv,"),
    ("aside", "??", "??"),
    ("ending", "now", "ending"),
    ("ending", "EVENTS", "ending"),
    ("lost", "1.5", "lost"),
    ("lost", "9" * 40, "lost"),
])
def test_a_malformed_field_of_the_new_sets_is_refused_naming_it(key: str, value: str, words: str) -> None:
    message = refused(with_field(_weather_game(), key, value))
    assert words.lower() in message.lower()
    assert len(message) < 400, "an error quotes a capped part of the input"


def test_a_field_given_twice_or_missing_is_refused() -> None:
    text = _weather_game()
    assert "twice" in refused(text + ";weather=Sw")
    for key in ("elements", "started", "weather", "wdeck", "wdiscard", "events"):
        assert key in refused(with_field(text, key, None))


def test_the_builder_refuses_impossible_weather() -> None:
    with pytest.raises(NotationError, match="placed twice"):
        position(expansions="weather", weather="Sw", weather_discard="Sw")
    with pytest.raises(NotationError, match="Weather"):
        position(expansions="weather", weather="6a")
    with pytest.raises(NotationError, match="Event"):
        position(expansions="weather", events="6a")
    with pytest.raises(NotationError, match="elements"):
        position(elements=["fire2", "-"])
    with pytest.raises(NotationError, match="Event"):
        position(expansions="weather", hands=["Hv", ""])


# ---------------------------------------------------------------------- 4. bad input


ILLEGAL: list[tuple[str, Callable[[], NinjitsuState], int, str]] = [
    ("side:3", _element_choice, 0, "side:3"),
    ("side:0", _element_choice, 0, "side:0"),
    ("a side for a seat dealt no Element", _element_choice, 1, "side:1"),
    ("storm: a card not in hand", _storms_wind2, 0, "storm:5c"),
    ("storm: no card", _storms_wind2, 0, "storm:"),
    ("storm: an unknown card", _storms_wind2, 0, "storm:zz"),
    ("swap: a card without value", _storms_wind2, 0, "swap:Ka"),
    ("swap: a card not in hand", _storms_wind2, 0, "swap:9b"),
    ("fog without Fog in play", _storms_wind2, 0, "fog"),
    ("snow without Snow in play", _storms_wind2, 0, "snow"),
    ("snow with only Events in the discard pile", _snow_on_events_only, 0, "snow"),
    ("a Wind swap without Wind (side 2)", _snow_on_events_only, 0, "swap:6a"),
    ("h<seat> of yourself (Heart)", _heart_look, 0, "h0"),
    ("h<seat> of an empty hand (Heart)", _heart_look, 0, "h2"),
    ("h<seat> of no seat (Heart)", _heart_look, 0, "h9"),
    ("h<seat> of yourself (Fire)", _fire_trade_pending, 0, "h0"),
    ("pass the card to give (Fire)", _fire_with_pending, 0, "pass"),
    ("give a card not in hand (Fire)", _fire_with_pending, 0, "c:7a"),
    ("pass a card not in hand (Wind)", _wind_pass, 1, "c:6a"),
    ("pass nothing (Wind)", _wind_pass, 0, "pass"),
    ("a pass by a seat with no card (Wind)", _wind_pass, 2, "c:6a"),
    ("a pass of a huge text (Wind)", _wind_pass, 0, "c:" + "6a" * 3000),
]


@pytest.mark.parametrize(("name", "make", "seat", "action"), ILLEGAL, ids=[case[0] for case in ILLEGAL])
def test_an_illegal_new_action_is_refused_and_changes_nothing(name: str, make: Callable[[], NinjitsuState],
                                                             seat: int, action: str) -> None:
    game = make()
    before, legal = game.to_notation(), {each: game.legal_actions(each) for each in range(game.num_players)}
    with pytest.raises(IllegalActionError) as error:
        game.apply(seat, action)
    assert len(str(error.value)) < 1200, "an error quotes a capped part of the input"
    assert game.to_notation() == before
    assert {each: game.legal_actions(each) for each in range(game.num_players)} == legal
    game.check_invariants()


def test_a_seat_cannot_choose_its_side_twice() -> None:
    game = _element_choice()
    game.apply(0, "side:1")
    before = game.to_notation()
    with pytest.raises(IllegalActionError, match="already chosen"):
        game.apply(0, "side:2")
    assert game.to_notation() == before


@pytest.mark.parametrize("make", [
    _heart_start,
    _fire_with_pending,
    _wind_pass,
    _hail,
    _water_swap,
    _hurricane_half_chosen,
], ids=["heart", "fire-with", "wind-pass", "hail", "water-swap", "hurricane"])
def test_choosing_a_card_not_in_hand_is_explained_as_not_in_the_hand(make: Callable[[], NinjitsuState]) -> None:
    # Each of these decisions picks a card of the deciding player's hand: refusing another card must
    # say that, not call it a treasure (the reason the client shows is the game's own words).
    game = make()
    seat = next(each for each in game.to_act() if game.legal_actions(each))
    foreign = next(CARD_IDS[card] for card in game.cards_in_game if card not in game.hands[seat])
    with pytest.raises(IllegalActionError) as error:
        game.apply(seat, f"c:{foreign}")
    assert "hand" in error.value.reason and "treasure" not in error.value.reason, error.value.reason


def test_drawing_before_hearts_look_is_answered_with_the_pending_decision() -> None:
    # In the terminal, 'd' at the Heart decision at the start of one's own turn reads "you may draw only
    # as your turn's action": it is that player's turn, so the reason should name what is asked first.
    game = _heart_start()
    with pytest.raises(IllegalActionError) as error:
        game.apply(0, "d")
    assert "heart" in error.value.reason.lower() or "look" in error.value.reason.lower(), error.value.reason


@pytest.mark.parametrize(("make", "word"), [
    (_snow_on_events_only, "snow"),
    (lambda: position(players=2, expansions="elements,weather", elements=["wind2", "-"], weather="Tw",
                      hands=["", "7a"], treasures=["6a", ""]), "storm:"),
    (lambda: position(players=2, expansions="elements,weather", elements=["wind2", "-"], weather="Tw",
                      hands=["", "7a"], treasures=["6a", ""]), "swap:"),
    (lambda: position(players=2, expansions="elements,weather", elements=["wind2", "-"], weather="Sw",
                      hands=["Ka", "7a"], treasures=["", "6b"]), "swap:"),
], ids=["snow with only Events to take", "storm with an empty hand", "wind swap with an empty hand",
        "wind swap with no card of value"])
def test_the_turn_prompt_offers_a_weather_or_wind_action_only_when_it_is_legal(make: Callable[[], NinjitsuState],
                                                                             word: str) -> None:
    game = make()
    decision = game.decision(0)
    assert decision is not None and decision.kind == "turn"
    assert not any(action.startswith(word) for action in game.legal_actions(0))
    assert word not in decision.prompt, f"the prompt offers {word} but it is not legal: {decision.prompt}"


@pytest.mark.parametrize(("options", "words"), [
    ({"element_seats": "5"}, "0, 1, 2"),
    ({"element_seats": "3"}, "seats 0 to 2"),
    ({"element_seats": "x"}, "0, 1, 2"),
    ({"element_seats": 1}, "0, 1, 2"),
    ({"element_sides": "fire3/-/-"}, "side"),
    ({"element_sides": "fire2/wind1"}, "one element per seat"),
    ({"element_sides": "fire2/fire1/-"}, "twice"),
    ({"element_sides": "magic1/-/-"}, "promo"),
    ({"element_sides": "fire/-/-"}, "side"),
    ({"element_sides": "fire2//-"}, "- for none"),
    ({"element_sides": "x" * 5000}, "one element per seat"),
    ({"element_sides": "fire2/-/-", "element_seats": "0"}, "not both"),
], ids=lambda value: str(value)[:40])
def test_a_bad_element_option_is_refused_saying_what_is_allowed(options: dict[str, object], words: str) -> None:
    with pytest.raises(OptionError) as error:
        NinjitsuState.new(3, {"expansions": "elements", **options}, seed=1)
    assert words.lower() in str(error.value).lower()
    assert len(str(error.value)) < 400


def test_element_options_without_the_set_are_refused() -> None:
    for name, value in (("element_seats", "0"), ("element_sides", "fire2/-")):
        with pytest.raises(OptionError, match="expansions=elements"):
            NinjitsuState.new(2, {"expansions": "weather", name: value}, seed=1)


def test_element_seats_error_does_not_say_that_empty_means_none() -> None:
    # An empty element_seats deals every seat an Element (its help: "default: every seat"); the message
    # for a bad value must not tell the user that empty means none.
    with pytest.raises(OptionError) as error:
        NinjitsuState.new(3, {"expansions": "elements", "element_seats": "7"}, seed=1)
    assert "empty for none" not in str(error.value), str(error.value)


def test_the_picture_fits_78_columns_and_12_lines_with_elements_and_weather() -> None:
    # view.render promises 78 columns and MAX_LINES (12) lines for every player count; the Element
    # next to a seat's name ((Earth 2)) and the Weather line must fit too.
    for index in range(40):
        rng = Rng(index)
        players = 2 + index % 4
        game = NinjitsuState.new(players, {"expansions": COMBOS[index % len(COMBOS)]}, seed=index)
        while not game.is_terminal:
            for seat in (None, *range(players)):
                lines = game.render(seat).splitlines()
                assert len(lines) <= 12, f"{len(lines)} lines:\n" + "\n".join(lines)
                wide = [line for line in lines if len(line) > 78]
                assert not wide, f"a line of {len(wide[0])} columns: {wide[0]!r}"
            seat = game.to_act()[rng.randbelow(len(game.to_act()))]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])


# ---------------------------------------------------------------------- 5. liveness


def _element_options(expansions: str, players: int, style: int) -> dict[str, object]:
    """The expansions and, with The Elements, a style of deal: every seat, a handicap, or kept sides."""
    options: dict[str, object] = {"expansions": expansions}
    if "elements" in expansions.split(","):
        if style == 1:
            options["element_seats"] = ",".join(str(seat) for seat in range(0, players, 2))
        elif style == 2:
            names = ["heart", "wind", "fire", "water", "earth"]
            options["element_sides"] = "/".join(f"{names[seat]}{1 + seat % 2}" if seat != 1 else "-"
                                                for seat in range(players))
    return options


def test_random_playouts_of_every_combination_never_get_stuck_and_end() -> None:
    # Every seat that must act has a legal action, and every game ends by the rules (not at the maximum
    # length) in a few thousand random actions in all.
    actions = 0
    for index, expansions in enumerate(COMBOS):
        for players in range(2, 6):
            for style in range(3):
                seed = index * 100 + players * 10 + style
                rng = Rng(seed)
                game = NinjitsuState.new(players, _element_options(expansions, players, style), seed=seed)
                while not game.is_terminal:
                    seats = game.to_act()
                    assert seats, f"a live game waits for nobody: {game.to_notation()}"
                    for seat in seats:
                        assert game.legal_actions(seat), f"P{seat} must act but has no legal action"
                    seat = seats[rng.randbelow(len(seats))]
                    choices = game.legal_actions(seat)
                    game.apply(seat, choices[rng.randbelow(len(choices))])
                    actions += 1
                assert game.result is not None and not game.result.truncated, \
                    f"{expansions}, {players} players, seed {seed} ran to the maximum length"
    assert actions >= 5000
