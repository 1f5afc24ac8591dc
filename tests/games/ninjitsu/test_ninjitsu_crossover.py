"""Scenario tests for the Treasure Hunters crossover (option ``crossover``, with ``expansions=promo``):
the option and the combinations it refuses, the deck and the action space it gives, and Captain
Bluebeard (``Cp``) played each way, under the rulebook's crossover rules (its swap cannot touch a
secret in play; face-down it is worth its printed value, 1, inferred).
"""

from __future__ import annotations

import pytest
from ninjitsu_helpers import discard, hand, kind, play, secrets, treasures

from ninjadojo.bots import make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.engine import NotationError, OptionError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_INDEX, CARDS, CROSSOVER_CARDS, SETS, cards_of

BLUEBEARD = CARD_INDEX["Cp"]
ON = {"expansions": "promo", "crossover": True}


def crossover(players: int = 2, expansions: str = "promo", **kwargs: object) -> NinjitsuState:
    """A position of a game with the Promo Pack and the crossover option."""
    return position(players, expansions=expansions, crossover=True, **kwargs)  # type: ignore[arg-type]


def log_of(game: NinjitsuState, seat: int = 0) -> str:
    lines = game.observe(seat)["log"]
    assert isinstance(lines, list)
    return "\n".join(str(line) for line in lines)


# ---------------------------------------------------------------------- the option


def test_the_option_is_a_boolean_off_by_default_naming_the_treasure_hunters_crossover() -> None:
    (option,) = [each for each in NinjitsuState.option_specs() if each.name == "crossover"]
    assert option.default is False and "Treasure Hunters crossover" in option.title
    assert option.requires == ("expansions", "promo")
    assert NinjitsuState.new(2, {"expansions": "promo"}, seed=1).options["crossover"] is False


@pytest.mark.parametrize("expansions", ["", "magic", "sabotage", "magic,sabotage"])
def test_crossover_without_the_promo_pack_is_refused_clearly(expansions: str) -> None:
    with pytest.raises(OptionError, match=r"crossover \(the Treasure Hunters crossover\) .* needs expansions=promo"):
        NinjitsuState.new(2, {"expansions": expansions, "crossover": True}, seed=1)
    with pytest.raises(OptionError, match="needs expansions=promo"):
        position(expansions=expansions, crossover=True)


def test_crossover_takes_only_true_or_false() -> None:
    with pytest.raises(OptionError, match="must be true or false"):
        NinjitsuState.new(2, {"expansions": "promo", "crossover": "sometimes"}, seed=1)


def test_bluebeard_is_refused_in_a_position_without_the_crossover_option() -> None:
    with pytest.raises(NotationError, match="its set is 'crossover' \\(option crossover, with expansions=promo\\)"):
        position(hands=["Cp", ""], expansions="promo")


# ---------------------------------------------------------------------- the deck and the card


def test_bluebeard_is_the_one_crossover_card_numbered_after_the_deck_sets() -> None:
    assert [card.id for card in CROSSOVER_CARDS] == ["Cp"]
    card = CARDS[BLUEBEARD]
    assert card.name == "Captain Bluebeard" and card.set == "crossover" and card.foreign
    # After the deck sets it had before Heavy Weather; only Heavy Weather's cards come after it.
    assert BLUEBEARD == 82
    assert all(each.kind != "card" for each in CARDS[BLUEBEARD + 1:])
    assert card.value == 1 and card.plays == ("action", "secret", "treasure")
    assert card.trap is None and card.face_down is None and not card.icon and card.anytime is None
    assert "crossover" not in SETS  # not a set of the expansions option
    # Only the crossover card is foreign: the other cards' numbers did not move.
    assert [number for number, each in enumerate(CARDS) if each.foreign] == [BLUEBEARD]
    assert CARD_INDEX["1n"] == 42 and CARD_INDEX["Fs"] == 81


def test_the_crossover_deck_is_the_promo_deck_plus_bluebeard() -> None:
    promo = NinjitsuState.new(3, {"expansions": "promo"}, seed=4)
    assert BLUEBEARD not in promo.cards_in_game
    game = NinjitsuState.new(3, ON, seed=4)
    assert game.cards_in_game == (*cards_of(("promo",)), BLUEBEARD) and len(game.cards_in_game) == 52
    dealt = [*game.deck, *(card for cards in game.hands for card in cards)]
    assert sorted(dealt) == list(game.cards_in_game)
    every = NinjitsuState.new(3, {"expansions": "promo,magic,sabotage", "crossover": True}, seed=4)
    assert len(every.cards_in_game) == 83 and BLUEBEARD in every.cards_in_game


def test_the_option_is_written_only_when_on_and_round_trips() -> None:
    assert "crossover" not in NinjitsuState.new(2, {"expansions": "promo"}, seed=1).to_notation()
    text = NinjitsuState.new(2, ON, seed=1).to_notation()
    assert text.split("|")[2] == "crossover=true,expansions=promo,target=21"
    parsed = NinjitsuState.from_notation(text)
    assert parsed.to_notation() == text and BLUEBEARD in parsed.cards_in_game


def test_the_option_adds_only_bluebeards_actions_and_one_secret_position() -> None:
    players = 3
    promo = set(NinjitsuState.new(players, {"expansions": "promo"}, seed=1).action_space().actions)
    game = NinjitsuState.new(players, ON, seed=1)
    added = set(game.action_space().actions) - promo
    last = len(game.cards_in_game) - 1  # a 52-card game: secret positions 0 to 51
    expected = {"a:Cp", "s:Cp", "t:Cp", "c:Cp"}
    expected |= {f"x{seat}.{last}" for seat in range(players)} | {f"f{seat}.{last}" for seat in range(players)}
    expected |= {f"w{first}.{last}" for first in range(last)}
    assert added == expected and promo < set(game.action_space().actions)


def test_the_catalog_gives_bluebeards_text_value_marked_inferred() -> None:
    (info,) = [each for each in NinjitsuState.card_catalog() if each.code == "Cp"]
    assert info.name == "Captain Bluebeard" and len(info.short) <= 40
    assert "Swap any number of cards from your hand with secrets in play." in info.text
    assert "Value 1." in info.text and "inferred" in info.text and "swaps nothing" in info.text


# ---------------------------------------------------------------------- each way to play it


def test_bluebeard_is_offered_in_all_three_ways() -> None:
    game = crossover(hands=["Cp", ""], secrets=["", "5a"])
    assert game.legal_actions(0) == ["d", "a:Cp", "s:Cp", "t:Cp", "x1.0"]


def test_played_for_its_action_it_swaps_nothing_and_the_turn_passes() -> None:
    game = crossover(3, hands=["Cp 6a 9b", "Ta", "2c"], secrets=["4a", "5a Kb", "3c"], treasures=["", "8c", ""])
    before = [list(cards) for cards in game.secrets], game.known.copy()
    play(game, "a:Cp")
    # No choice was asked, every secret stayed where it was and nobody learned anything new of one.
    assert kind(game) == "turn" and game.to_act() == (1,)
    assert [list(cards) for cards in game.secrets] == before[0]
    assert all(game.known[card] == before[1][card] for cards in game.secrets for card in cards)
    assert hand(game, 0) == "6a 9b" and discard(game) == "Cp" and treasures(game, 0) == ""
    assert "Captain Bluebeard swaps nothing: secrets in play cannot be affected" in log_of(game, 1)


def test_played_as_a_secret_it_is_worth_its_printed_value() -> None:
    game = crossover(hands=["Cp", ""], secrets=["", ""])
    play(game, "s:Cp")
    assert secrets(game, 0) == "Cp" and game.points(0) == 1 and game.treasure_points(0) == 0


def test_played_as_a_treasure_it_is_worth_one() -> None:
    game = crossover(hands=["Cp", ""])
    play(game, "t:Cp")
    assert treasures(game, 0) == "Cp" and game.points(0) == game.treasure_points(0) == 1


# ---------------------------------------------------------------------- it cannot touch secrets


def test_chain_and_sickle_using_bluebeards_action_swaps_no_secret() -> None:
    game = crossover(hands=["7a 6a", ""], treasures=["", "Cp"], secrets=["9a", "5a"])
    play(game, "a:7a", "c:Cp")
    assert kind(game) == "turn" and game.to_act() == (1,)
    assert secrets(game, 0) == "9a" and secrets(game, 1) == "5a" and hand(game, 0) == "6a"
    assert "Cp" in discard(game) and "swaps nothing" in log_of(game)


def test_master_of_wind_plays_bluebeard_for_nothing_then_as_a_treasure() -> None:
    game = crossover(hands=["Km Cp", ""], secrets=["4a", "5a"], expansions="promo,magic")
    play(game, "a:Km", "a:Cp")
    assert treasures(game, 0) == "Cp" and secrets(game, 0) == "4a" and secrets(game, 1) == "5a"
    assert game.to_act() == (1,)


def test_telekinesis_plays_bluebeard_for_nothing_then_steals_a_treasure_of_value_one() -> None:
    game = crossover(hands=["4m Cp", ""], treasures=["", "1n 6b"], secrets=["", "5a"], expansions="promo,magic")
    play(game, "a:4m", "a:Cp")
    assert game.legal_actions(0) == ["c:1n"]
    play(game, "c:1n")
    assert treasures(game, 0) == "1n" and treasures(game, 1) == "6b" and secrets(game, 1) == "5a"


# ---------------------------------------------------------------------- Ninjitsu! cards may touch it


def test_a_bluebeard_secret_is_stolen_like_any_card_and_has_no_trap() -> None:
    game = crossover(hands=["", ""], secrets=["", "Cp"])
    play(game, "x1.0")
    assert treasures(game, 0) == "Cp" and secrets(game, 1) == "" and game.points(0) == 1
    assert game.to_act() == (1,)


def test_master_of_surprise_turns_a_bluebeard_secret_into_its_owners_treasure() -> None:
    game = crossover(hands=["Xa", ""], secrets=["", "Cp"], deck="6c")
    play(game, "a:Xa", "f1.0")
    assert treasures(game, 1) == "Cp" and secrets(game, 1) == "" and hand(game, 0) == "6c"


# ---------------------------------------------------------------------- bots


@pytest.mark.parametrize("spec", ["random", "heuristic:samples=1,depth=0"])
def test_bots_finish_crossover_games_playing_only_legal_actions(spec: str) -> None:
    for number in range(2):
        game = NinjitsuState.new(3, {"expansions": "promo,magic,sabotage", "crossover": True}, seed=700 + number)
        bots = [make_bot(spec, "ninjitsu", seed=number + seat) for seat in range(3)]
        while not game.is_terminal:
            actor = game.to_act()[0]
            action = bots[actor].choose(SeatView(game, actor))
            assert action in game.legal_actions(actor)
            game.apply(actor, action)
        assert game.result is not None


def test_the_heuristic_bot_plays_bluebeard_for_its_point_when_it_reaches_the_target() -> None:
    # 20 points in treasures: Bluebeard's 1 point reaches the target at P0's next turn start.
    game = crossover(hands=["Cp", ""], treasures=["Ta Tb", ""])
    bot = make_bot("heuristic:samples=2", "ninjitsu", seed=3)
    assert bot.choose(SeatView(game, 0)) in ("s:Cp", "t:Cp")
