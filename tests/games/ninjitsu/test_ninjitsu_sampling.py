"""Samples dealt by the model of play: still possible worlds, and another's secrets are the cards players hide.

A modelled sample (``determinize(..., modelled=True)``) must be as possible a world as a plain one (the
same checks as test_ninjitsu_determinize), a function of the seat's information alone, and must lay
among the other players' unseen secrets the cards players keep as secrets more often than a plain deal
does, and the cards they keep in hand less often.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_ninjitsu_determinize import assert_possible_world_for, assert_sample_carries_no_hidden_history

from ninjadojo.engine import Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARDS
from ninjadojo.games.ninjitsu.sampling import HAND_WEIGHT, LIFTS, SECRET_WEIGHT


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_a_modelled_sample_is_a_possible_world_and_carries_no_hidden_history(seed: int, players: int) -> None:
    game = NinjitsuState.new(players, {"target": 40}, seed=seed)
    rng = Rng(seed ^ 0x30DE)
    while not game.is_terminal and game.ply < 200:
        if game.ply % 5 == 0:
            for seat in range(players):
                sample = game.determinize(seat, seed + game.ply + seat, modelled=True)
                assert_possible_world_for(game, sample, seat)
                assert_sample_carries_no_hidden_history(game, sample, seat)
        actor = game.to_act()[0]
        actions = game.legal_actions(actor)
        game.apply(actor, actions[rng.randbelow(len(actions))])


def test_the_table_covers_the_base_game_and_hidden_cards_lean_as_players_hide_them() -> None:
    names = {card.name for card in CARDS if card.set == "base"}
    assert names <= set(LIFTS), f"cards of the base game without a row: {sorted(names - set(LIFTS))}"
    # A trap bites only from among the secrets, and Darts, Master of Secrets or Master of Planning do
    # their work only when played from the hand: players hide the first and keep the others.
    assert LIFTS["Tripwire"][0] > 1 > LIFTS["Darts"][0]
    assert LIFTS["Master of Secrets"][0] < 1 < LIFTS["Master of Planning"][1]


def test_another_players_unseen_secrets_are_dealt_the_cards_players_hide() -> None:
    # P0 sees only its own cards and the treasures: P1-P3 hold 4 secrets each and 3 cards in hand.
    game = position(4, hands=["6a", "2a 3a 4a", "2b 3b 4b", "2c 3c 4c"],
                    secrets=["", "5a 5b 6b 6c", "7a 7b 7c 8a", "8b 8c 9a 9b"])
    plain_secrets = modelled_secrets = plain_hands = modelled_hands = 0.0
    count = 0
    for seed in range(300):
        plain = game.determinize(0, seed)
        modelled = game.determinize(0, seed, modelled=True)
        for seat in (1, 2, 3):
            plain_secrets += sum(SECRET_WEIGHT[card] for card in plain.secrets[seat])
            modelled_secrets += sum(SECRET_WEIGHT[card] for card in modelled.secrets[seat])
            plain_hands += sum(HAND_WEIGHT[card] for card in plain.hands[seat])
            modelled_hands += sum(HAND_WEIGHT[card] for card in modelled.hands[seat])
            count += 1
    # The mean lift of what lies among the secrets (in the hands) is clearly higher when modelled.
    assert modelled_secrets > 1.3 * plain_secrets, (modelled_secrets, plain_secrets)
    assert modelled_hands > 1.1 * plain_hands, (modelled_hands, plain_hands)

