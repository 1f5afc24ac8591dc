"""Property tests on random playouts: what the log tells each seat, it may know."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from ninjadojo.engine import Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.cards import CARD_INDEX

CARD_ID = re.compile(r"\b[KQJXAT2-9][abc]\b")


@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_new_log_lines_name_only_cards_the_seat_knows_the_place_of(seed: int, players: int) -> None:
    game = NinjitsuState.new(players, seed=seed)
    rng = Rng(seed)
    seen = [len(game.observe(seat)["log"]) for seat in range(players)]  # type: ignore[arg-type]
    while not game.is_terminal:
        actor = game.to_act()[0]
        actions = game.legal_actions(actor)
        game.apply(actor, actions[rng.randbelow(len(actions))])
        for seat in range(players):
            log = game.observe(seat)["log"]
            assert isinstance(log, list)
            for line in log[seen[seat]:]:
                for cid in CARD_ID.findall(str(line)):
                    assert game.known[CARD_INDEX[cid]] >> seat & 1, f"seat {seat} was told {line!r}"
            seen[seat] = len(log)


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
