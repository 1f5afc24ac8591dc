"""Determinisation makes only possible worlds, and nothing hidden travels with a sample.

A sample for a seat must keep every zone's size, every card that seat sees or knows the place of
(its hand and secrets, every treasure, the discard pile, cards of others' hands or of the deck whose
place it knows), the 42 cards, the seat's view and legal actions; and it must carry no history that
would tell the seat more (the other seats' private log lines, the true record, the true seed).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from ninjitsu_helpers import play, position

from ninjadojo.engine import Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.cards import DECK_SIZE
from ninjadojo.games.ninjitsu.knowledge import holder_knowers, place_knowers


def _zones(game: NinjitsuState) -> list[list[int]]:
    return [game.deck, game.discard, *game.hands, *game.treasures, *game.secrets]


def assert_possible_world_for(game: NinjitsuState, sample: NinjitsuState, seat: int) -> None:
    """``sample`` differs from ``game`` only in what ``seat`` cannot know."""
    bit = 1 << seat
    assert [len(zone) for zone in _zones(sample)] == [len(zone) for zone in _zones(game)], "zone sizes"
    assert sorted(card for zone in _zones(sample) for card in zone) == list(range(DECK_SIZE)), "the 42 cards"
    assert sample.hands[seat] == game.hands[seat] and sample.secrets[seat] == game.secrets[seat]
    assert sample.treasures == game.treasures and sample.discard == game.discard
    assert sample.effects == game.effects and sample.turn == game.turn
    assert [frame.to_json() for frame in sample.frames] == [frame.to_json() for frame in game.frames]
    for holder in range(game.num_players):
        kept = Counter(card for card in game.hands[holder] if game.known[card] & bit)
        assert not kept - Counter(sample.hands[holder]), f"a card of P{holder}'s hand known to P{seat} moved"
        for card in sample.secrets[holder]:
            assert place_knowers(sample.known[card]) == 1 << holder, "only its owner knows where a secret is"
    for holder in range(game.num_players):
        # A card the seat knows to be held by a player stays in that player's hand or secrets.
        held = [card for card in game.hands[holder] + game.secrets[holder] if holder_knowers(game.known[card]) & bit]
        assert set(held) <= set(sample.hands[holder] + sample.secrets[holder]), f"a card P{holder} holds moved"
    known_deck = Counter(card for card in game.deck if game.known[card] & bit)
    assert not known_deck - Counter(sample.deck), f"a deck card known to P{seat} left the deck"
    # No card the seat does not know lands where the seat would see it, and no known card is redealt.
    for card in range(DECK_SIZE):
        assert sample.known[card] >> seat & 1 == game.known[card] >> seat & 1 or \
            card in game.hands[seat], "the seat's knowledge of a card changed"
    assert sample.observe(seat) == game.observe(seat)
    assert sample.observe(None) == game.observe(None)
    assert sample.legal_actions(seat) == game.legal_actions(seat)
    assert sample.render(seat) == game.render(seat)
    sample.check_invariants()


def assert_sample_carries_no_hidden_history(game: NinjitsuState, sample: NinjitsuState, seat: int) -> None:
    """Reading a sample freely (as a bot may) tells the seat nothing its view does not."""
    assert all(event.visible_to(seat) for event in sample.events), "another seat's private log line"
    assert sample.record.seed is None and not sample.record.actions, "the true seed or actions"
    assert sample.rng.state != game.rng.state, "the true random stream"
    assert NinjitsuState.replay(sample.record) == sample, "the sample's record replays to the sample"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), target=st.sampled_from([21, 60]))
def test_determinisation_keeps_sizes_known_cards_the_42_cards_the_view_and_legal_actions(
        seed: int, players: int, target: int) -> None:
    # A high target makes long games, with reshuffles and known decks.
    game = NinjitsuState.new(players, {"target": target}, seed=seed)
    rng = Rng(seed ^ 0x5EED)
    step = 0
    while not game.is_terminal and step < 300:
        if step % 4 == 0:
            for seat in range(players):
                sample = game.determinize(seat, seed + step + seat)
                assert_possible_world_for(game, sample, seat)
                assert_sample_carries_no_hidden_history(game, sample, seat)
        actor = game.to_act()[0]
        actions = game.legal_actions(actor)
        game.apply(actor, actions[rng.randbelow(len(actions))])
        step += 1


def test_a_sample_does_not_carry_the_true_record_or_another_seats_private_log() -> None:
    # P1 hides the King: a sample for P0 must not name it in its log or replay to where it lies.
    game = position(turn=1, hands=["6a", "Ka 5b"], deck="2a 3a 4a 5a")
    play(game, "s:Ka")
    sample = game.determinize(0, 11)
    assert not any("Ka" in event.text for event in sample.events)
    assert_sample_carries_no_hidden_history(game, sample, 0)
    assert NinjitsuState.replay(sample.record).secrets == sample.secrets


def test_determinising_mid_trap_keeps_the_owners_choice_and_the_thiefs_known_cards() -> None:
    # Master of Surprise turns up P1's Tripwire: P1 must discard from a hand P0 cannot see.
    game = position(hands=["Xa 6b", "2a 3a"], secrets=["", "Ta"])
    play(game, "a:Xa", "f1.0")
    assert game.to_act() == (1,)
    for seat in (0, 1):
        assert_possible_world_for(game, game.determinize(seat, 3), seat)
