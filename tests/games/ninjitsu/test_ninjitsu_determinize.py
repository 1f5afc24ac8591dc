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
from ninjitsu_helpers import play

from ninjadojo.engine import Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_INDEX, DECK_SIZE
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
    assert not any("Master of Cunning" in event.text for event in sample.events)  # Ka, by name
    assert_sample_carries_no_hidden_history(game, sample, 0)
    assert NinjitsuState.replay(sample.record).secrets == sample.secrets


def test_determinising_mid_trap_keeps_the_owners_choice_and_the_thiefs_known_cards() -> None:
    # Master of Surprise turns up P1's Tripwire: P1 must discard from a hand P0 cannot see.
    game = position(hands=["Xa 6b", "2a 3a"], secrets=["", "Ta"])
    play(game, "a:Xa", "f1.0")
    assert game.to_act() == (1,)
    for seat in (0, 1):
        assert_possible_world_for(game, game.determinize(seat, 3), seat)


# ---------------------------------------------------------------------- samples cannot be inverted


def _samples(game: NinjitsuState, seat: int, seeds: range = range(12)) -> list[tuple[str, list[str]]]:
    """The notation and log of ``seat``'s samples of ``game`` for each seed."""
    return [(sample.to_notation(), [event.line() for event in sample.events])
            for sample in (game.determinize(seat, seed) for seed in seeds)]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_a_chain_of_samples_gives_nothing_back(seed: int, players: int) -> None:
    # The attack: sample A with seed k, then sample A again with k, and invert the mapping
    # from A to B to recover the truth. B must be A itself: a sample depends only on what the seat
    # knows, and A is a position the seat cannot tell from the truth.
    game = NinjitsuState.new(players, {"target": 40}, seed=seed)
    rng = Rng(seed ^ 0xC4A1)
    while not game.is_terminal and game.ply < 120:
        if game.ply % 10 == 0:
            for seat in range(players):
                first = game.determinize(seat, seed)
                second = first.determinize(seat, seed)
                assert second.to_notation() == first.to_notation()
                assert first.determinize(seat, seed + 1).to_notation() == game.determinize(seat, seed + 1).to_notation()
        actor = game.to_act()[0]
        actions = game.legal_actions(actor)
        game.apply(actor, actions[rng.randbelow(len(actions))])


def test_rivals_swapping_hidden_hand_cards_give_the_identical_sample() -> None:
    one = position(3, hands=["6a", "8b 9b", "7c"], secrets=["", "Ka", "2b"])
    two = position(3, hands=["6a", "7c 9b", "8b"], secrets=["", "Ka", "2b"])
    assert one.observe(0) == two.observe(0) and one != two
    assert _samples(one, 0) == _samples(two, 0)
    # P1 sees its own hand, so for P1 the two positions differ, and so may the samples.
    assert _samples(one, 1) != _samples(two, 1)


def test_a_rivals_secret_swapped_with_a_deck_card_gives_the_identical_sample() -> None:
    one = position(hands=["6a", "8b"], secrets=["", "Ka 4c"], deck="2a 3a 5a")
    two = position(hands=["6a", "8b"], secrets=["", "Ka 5a"], deck="2a 3a 4c")
    assert _samples(one, 0) == _samples(two, 0)


def test_a_reordered_deck_gives_the_identical_sample_to_every_seat() -> None:
    one = position(3, hands=["6a", "8b", "7c"], deck="2a 3a 4a 5a 9c")
    two = position(3, hands=["6a", "8b", "7c"], deck="9c 5a 2a 4a 3a")
    for seat in range(3):
        assert _samples(one, seat) == _samples(two, seat)


def test_a_card_known_to_be_held_is_sampled_the_same_whichever_place_the_holder_hid_it_in() -> None:
    # Everyone sees 9c go into P1's hand (Master of Secrets); then P1 hides a card, which may be 9c
    # or 6b: P0 cannot tell which, so both games give P0 the same samples, with 9c still P1's.
    hid_the_other = play(position(hands=["5a", "Qa 6b"], treasures=["9c", ""], turn=1), "a:Qa", "c:9c", "s:6b")
    hid_the_nine = play(position(hands=["5a", "Qa 6b"], treasures=["9c", ""], turn=1), "a:Qa", "c:9c", "s:9c")
    assert hid_the_other.observe(0) == hid_the_nine.observe(0)
    assert hid_the_other.secrets[1] != hid_the_nine.secrets[1]
    samples = _samples(hid_the_other, 0)
    assert samples == _samples(hid_the_nine, 0)
    for sample in (hid_the_other.determinize(0, seed) for seed in range(12)):
        assert CARD_INDEX["9c"] in sample.hands[1] + sample.secrets[1]


def test_samples_still_differ_between_seeds() -> None:
    # Canonical is not fixed: the hidden cards are really redealt.
    game = position(3, hands=["6a", "8b 9b", "7c"], secrets=["", "Ka 4c", "2b"])
    assert len({notation for notation, _ in _samples(game, 0, range(20))}) > 10


def test_a_sample_keeps_the_player_to_act_below_the_target_as_the_seat_saw_them_start_the_turn() -> None:
    # P1 started its turn with 20 points in treasures and five secrets, so those secrets are worth 0:
    # all five are valueless. P0 cannot see them; a sample that gave P1 a valued secret would be a
    # world where P1 had already won. Most random redeals do, so the cheapest secrets are dealt.
    game = position(turn=1, hands=["6a", "8b"], treasures=["", "Ta Tb"], secrets=["", "Ka Qa Ja Xa Aa"])
    assert game.points(1) == 20 and game.to_act() == (1,)
    for seed in range(30):
        sample = game.determinize(0, seed)
        assert sample.points(1) < sample.target
        sample.check_invariants()
        assert NinjitsuState.from_notation(sample.to_notation()) == sample
    # The constraint is public: a twin with other valueless secrets gives the same samples.
    twin = position(turn=1, hands=["6a", "8b"], treasures=["", "Ta Tb"], secrets=["", "Kb Qb Jb Xb Ab"])
    assert _samples(game, 0) == _samples(twin, 0)
