"""Property tests on random playouts: what the log tells each seat, it may know."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from ninjitsu_helpers import cards_logged_with_ids

from ninjadojo.engine import Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.cards import CARD_INDEX, CARDS

CARD_ID = re.compile(r"\b(?:[KQJXAT2-9][abcms]|Em|Fs|1[nldts]|[53BKXC]p|[HWBSFELX]v|[SURFWHTDA]w)\b")


@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_points_are_never_negative_and_secrets_stay_with_their_owner_view(seed: int, players: int) -> None:
    game = NinjitsuState.new(players, seed=seed)
    rng = Rng(seed ^ 7)
    while not game.is_terminal:
        for seat in range(players):
            assert game.points(seat) >= game.treasure_points(seat) >= 0
            view = game.observe(seat)["seats"]
            assert isinstance(view, list)
            for entry in view:
                assert isinstance(entry, dict)
                if entry["seat"] != seat:
                    assert entry["secrets"] == []
        actor = game.to_act()[0]
        actions = game.legal_actions(actor)
        game.apply(actor, actions[rng.randbelow(len(actions))])


class _Watched(NinjitsuState):
    """A game that checks every log line when it is written: each card it names (by id or by name)
    must be known, at that moment, to every seat that will read the line. (Checking after the action
    would be wrong both ways: a card discarded face-up and drawn back in the same action, after a
    reshuffle, was public when named but is hidden again by the end.) Play it inside
    :func:`cards_logged_with_ids`: log lines name cards by name alone, and the id tells which copy."""

    def log(self, text: str, mask: int = -1, transient: bool = False, depth: int = 0) -> None:
        named = {CARD_INDEX[cid] for cid in CARD_ID.findall(text)}
        # Every card name must come with its id: take out the names of the cards named by id (longest
        # first: Master of Wind before the Weather Wind), then no card name may be left.
        # An Element is named "Element Wind (side 1)": not a card of the deck (the Weather Wind is one).
        rest = re.sub(r"Element (?:Wind|Fire|Earth|Water|Heart|Magic)\b", "", text)
        for name in sorted({CARDS[each].name for each in named}, key=len, reverse=True):
            rest = rest.replace(name, "")
        for definition in CARDS:
            assert not re.search(rf"\b{re.escape(definition.name)}\b", rest), \
                f"{text!r} names {definition.name} without its id"
        for card in named:
            for seat in range(self.num_players):
                if mask == -1 or mask >> seat & 1:
                    assert self.known[card] >> seat & 1, f"P{seat} reads {text!r} while {CARDS[card].id} is hidden"
        super().log(text, mask, transient, depth)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_every_log_line_names_only_cards_each_reader_knows_the_place_of_when_it_is_written(
        seed: int, players: int) -> None:
    with cards_logged_with_ids():
        game = _Watched.new(players, seed=seed)
        rng = Rng(seed ^ 0x106)
        while not game.is_terminal:
            actor = game.to_act()[0]
            actions = game.legal_actions(actor)
            game.apply(actor, actions[rng.randbelow(len(actions))])
