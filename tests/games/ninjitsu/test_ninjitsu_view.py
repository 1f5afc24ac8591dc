"""The terminal picture: what a human at a seat sees (and does not see) of the position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ninjitsu_helpers import play
from rich.text import Text

from ninjadojo.engine import IllegalActionError, Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS, CARD_INDEX, CARDS, DECK_SIZE
from ninjadojo.games.ninjitsu.view import MAX_LINES, WIDTH, hand_entry


def test_screen_shows_named_hand_every_collection_the_discard_top_the_deck_and_ones_points() -> None:
    game = position(players=3, hands=["6a Xa", "8b", ""], treasures=["", "9c", ""], secrets=["4a", "Ta 2b", ""],
                    discard="7c", deck="2a 3a 5a")
    text = game.render(0)
    lines = text.splitlines()
    assert "deck 3" in lines[0] and "top 7c Chain and Sickle" in lines[0]
    assert "P0 (you): 6 points, 2 cards in hand" in text
    # Each card of the hand on its own line, with its short text.
    assert any("6a Katana (6)" in line and "discard any treasure, then play a card" in line for line in lines)
    assert any("Xa Master of Surprise" in line and CARDS[CARD_INDEX["Xa"]].brief in line for line in lines)
    assert "secrets:   #1:4a Bo Staff (6)" in text  # own secrets with their face-down worth
    assert "P1: 9 points in treasures, 1 card in hand" in text
    assert "secrets:   #1:## #2:##" in text and "treasures: 9c Smoke Bomb" in text
    assert "8b" not in text and "Ta" not in text and "2b" not in text


def test_screen_leaves_the_prompt_and_the_result_to_the_driver() -> None:
    game = position(hands=["9a", "6b"], treasures=["Tc 2b", ""])
    play(game, "t:9a")
    prompt = game.decision(1).prompt  # type: ignore[union-attr]
    assert prompt not in game.render(1) and "your turn" not in game.render(1)
    play(game, "t:6b")
    assert game.result is not None
    assert all(game.result.reason not in game.render(seat) for seat in (0, 1, None))


def _assert_fits(game: NinjitsuState) -> None:
    """Every seat's picture and the spectator's fit 78 columns and 12 lines; markup is the same text."""
    for seat in (*range(game.num_players), None):
        plain = game.render(seat)
        lines = plain.splitlines()
        assert len(lines) <= MAX_LINES, f"{len(lines)} lines for seat {seat}:\n{plain}"
        assert max(len(line) for line in lines) <= 78, f"a line over 78 columns for seat {seat}:\n{plain}"
        markup = game.render_markup(seat)
        assert markup is not None and Text.from_markup(markup).plain == plain


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_picture_of_a_random_game_fits_80_by_12_for_every_player_count(players: int) -> None:
    # The client adds a header, the prompt and the choices: the picture gets 12 of a terminal's 24 lines.
    for seed in range(3):
        game = NinjitsuState.new(players, {"target": 60}, seed=seed)
        rng = Rng(seed)
        while not game.is_terminal and game.ply < 250:
            _assert_fits(game)
            actor = game.to_act()[0]
            actions = game.legal_actions(actor)
            game.apply(actor, actions[rng.randbelow(len(actions))])
        _assert_fits(game)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), places=st.lists(st.integers(0, 99), min_size=42, max_size=42),
       turn=st.integers(0, 4))
def test_every_picture_fits_80_by_12_however_the_42_cards_are_spread(players: int, places: list[int],
                                                                     turn: int) -> None:
    # Crowded extremes included: a seat holding 30 cards, 15 treasures in one collection, 20 secrets.
    zones = 2 + 3 * players
    hands: list[list[str]] = [[] for _ in range(players)]
    treasures: list[list[str]] = [[] for _ in range(players)]
    secrets: list[list[str]] = [[] for _ in range(players)]
    deck: list[str] = []
    discard: list[str] = []
    for card, place in zip(CARD_IDS[:DECK_SIZE], places, strict=True):
        zone = place % zones
        seat = (zone - 2) // 3
        if zone == 0:
            deck.append(card)
        elif zone == 1:
            discard.append(card)
        elif (zone - 2) % 3 == 0:
            hands[seat].append(card)
        elif (zone - 2) % 3 == 1 and CARDS[CARD_INDEX[card]].value is not None:
            treasures[seat].append(card)
        else:
            secrets[seat].append(card)
    game = position(players, turn=turn % players, hands=[" ".join(each) for each in hands],
                    treasures=[" ".join(each) for each in treasures], secrets=[" ".join(each) for each in secrets],
                    deck=" ".join(deck), discard=" ".join(discard), target=200)
    _assert_fits(game)


def test_the_picture_takes_the_roomiest_layout_that_fits() -> None:
    # Two players with small hands: a line each for secrets and treasures.
    small = position(hands=["6a", "7b"], secrets=["5a", "4b"]).render(0)
    assert "    secrets:   #1:5a Bow and Arrows (10)" in small and "    secrets:   #1:##" in small
    # Five players: one line a seat, and the hand still a card a line with its text.
    crowded = position(5, hands=["6a 7b 8c 9a Qb Xa", "2a", "", "Ja", "Jb"], treasures=["", "9c 5c", "", "2c", "3a"])
    text = crowded.render(0)
    assert "  P1: hand 1, 0 secrets, treasures (14 pts): 9c Smoke Bomb, 5c Bow and Arrows" in text
    assert all(CARDS[CARD_INDEX[card]].brief in text for card in ("6a", "7b", "8c", "9a", "Qb", "Xa"))
    # A hand too long for a line a card is wrapped, by name.
    long_hand = position(5, hands=["6a 7b 8c 9a Qb Kc Tc 4c 3b 5b 6b Xa", "", "", "", ""]).render(0)
    assert "    hand: 6a Katana, 7b Chain and Sickle," in long_hand


def test_every_card_has_a_short_text_of_at_most_40_characters_for_the_hand_listing() -> None:
    assert all(0 < len(card.brief) <= 40 for card in CARDS)
    # The hand listing's line (4 spaces, then the entry) fits the picture's width for every card.
    assert all(4 + len(hand_entry(number)) <= WIDTH for number in range(len(CARDS)))


def test_the_card_catalog_lists_every_card_as_actions_name_it_with_its_short_and_full_text() -> None:
    everything = NinjitsuState.card_catalog()
    # The cards first, then The Elements' sides (not cards of the deck: fire2 is Fire, side 2).
    catalog, sides = everything[:len(CARDS)], everything[len(CARDS):]
    assert [info.code for info in catalog] == list(CARD_IDS)
    assert [info.code for info in sides] == [f"{name}{side}" for name in ("wind", "fire", "earth", "water", "heart",
                                                                           "magic") for side in (1, 2)]
    assert all(len(info.short) <= 40 and "Element" in info.text for info in sides)
    for info, card in zip(catalog, CARDS, strict=True):
        assert info.name == card.name and info.short == card.brief and len(info.short) <= 40
        assert card.text in info.text
        if card.kind != "card":
            assert ("Event" if card.kind == "event" else "Weather") in info.text
            continue
        printed = "No value." if card.value is None else f"Value {card.value}."
        assert (printed if card.id != "Em" else "Value computed") in info.text  # Master of Earth: no printed value
    darts, katana = catalog[CARD_INDEX["Aa"]], catalog[CARD_INDEX["6c"]]
    assert darts.text.startswith("No value. Play it for its action or as a secret. Action: Discard up to 2")
    assert "for its action, as a secret or as a treasure" in katana.text
    assert "only as a secret" in catalog[CARD_INDEX["Tb"]].text


def test_the_rules_summary_is_8_to_25_lines_of_at_most_78_characters() -> None:
    lines = NinjitsuState.SPEC.rules.splitlines()
    assert 8 <= len(lines) <= 25
    assert max(len(line) for line in lines) <= 78
    assert "21" in NinjitsuState.SPEC.rules and "start" in NinjitsuState.SPEC.rules.lower()


def test_the_view_keeps_players_as_the_player_count_and_lists_seats() -> None:
    game = position(3, hands=["6a", "7b", ""])
    for seat in (0, 1, 2, None):
        view = game.observe(seat)
        assert view["players"] == 3
        seats = view["seats"]
        assert isinstance(seats, list) and len(seats) == 3
        assert [entry["seat"] for entry in seats if isinstance(entry, dict)] == [0, 1, 2]


def test_a_card_whose_place_everyone_saw_shows_in_the_holders_hand() -> None:
    game = position(hands=["Qa 6b", ""], treasures=["", "9c"])
    play(game, "a:Qa", "c:9c")
    assert "known in hand: 9c Smoke Bomb" in game.render(1)
    assert "known in hand" not in game.render(0)  # one's own hand is listed in full


def test_swap_with_fewer_than_two_secrets_says_why() -> None:
    game = position(hands=["6a", ""], secrets=["5a", ""])
    with pytest.raises(IllegalActionError, match="you have 1 secret; to swap two you need at least 2"):
        game.apply(0, "w0.1")


@pytest.mark.parametrize(("typed", "meant"), [("D", "d"), ("A:6a", "a:6a"), ("s:6A", "s:6a"), (" T:6A ", "t:6a")])
def test_an_action_in_the_wrong_case_is_refused_with_its_right_spelling(typed: str, meant: str) -> None:
    game = position(hands=["6a", ""])
    before = game.to_notation()
    with pytest.raises(IllegalActionError, match=f"did you mean '{meant}'"):
        game.apply(0, typed)
    assert game.to_notation() == before


def test_stealing_from_a_player_without_secrets_says_so() -> None:
    game = position(players=3, hands=["6a", "", ""], secrets=["", "7a", ""])
    with pytest.raises(IllegalActionError, match="P2 has no secrets"):
        game.apply(0, "x2.0")


def test_the_drawer_alone_is_told_the_names_of_the_cards_drawn() -> None:
    game = position(hands=["6a", ""], deck="2a 3a 4a")
    play(game, "d")
    # Nested under the draw everyone sees (one entry of the log, its private detail beneath).
    assert game.observe(0)["log"][-2:] == ["P0 draws 2 cards", "  You drew Bo Staff, Snare"]  # type: ignore[index]
    assert game.observe(1)["log"][-1] == "P0 draws 2 cards"  # type: ignore[index]


@pytest.mark.parametrize("typed", ["x².0", "w0.²", "f1.²", "x" + "9" * 150 + ".0", "x١.0", "x1.-1"])
def test_a_target_that_is_not_two_small_whole_numbers_is_refused_clearly(typed: str) -> None:
    game = position(hands=["6a", ""], secrets=["5a 4a", "3b"])
    before = game.to_notation()
    with pytest.raises(IllegalActionError, match="two small whole numbers"):
        game.apply(0, typed)
    assert game.to_notation() == before


def test_the_weather_and_the_events_are_named_in_the_most_crowded_layout_too() -> None:
    """Where the board is crowded its cards shrink to their ids ("6a"), but the Weather in play and the
    Events waiting stay named ("Weather: Sw Snow"): a card or two, which a player should not have to look
    up with key."""
    from ninjadojo.games.ninjitsu.view import _picture

    for seed in range(30):
        game = NinjitsuState.new(5, {"expansions": "promo,magic,sabotage,elements,weather"}, seed)
        rng = Rng(seed)
        while game.result is None and not game.weather:
            seat = game.to_act()[0]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
        if game.weather:
            break
    assert game.weather, "a Weather came into play"
    text = "\n".join(plain for plain, _ in _picture(game, 0, "ids", "ids", False))
    for card in game.weather:
        assert f"{CARD_IDS[card]} {CARDS[card].name}" in text, text


def test_a_seat_sees_what_each_of_its_secrets_counts_face_down_and_nobody_else_does() -> None:
    # The rules card: "Face-down, Bow and Arrows is worth 10 and Bo Staff 4 + 2 per own secret"; the cards
    # print 5 and 4, so the page shows what each secret counts (a tester read 4 and 5 beside a total of 18).
    game = position(2, hands=["6a", "7a"], secrets=["5a 4a", "3b"])
    mine = game.observe(0)["seats"][0]
    assert mine["secrets"] == ["5a", "4a"] and mine["secret_worth"] == [10, 4 + 2 * 2]
    assert sum(mine["secret_worth"]) == mine["points"] == 18
    assert game.observe(1)["seats"][0]["secret_worth"] == [] and game.observe(None)["seats"][0]["secret_worth"] == []
