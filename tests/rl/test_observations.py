"""Observation tensors: made from the seat's view only (nothing hidden leaks), laid out as documented,
and holding what the view holds."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

from ninjadojo.engine.errors import DojoError
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games
from ninjadojo.rl.core import Table
from ninjadojo.rl.encoders import encoder_for
from ninjadojo.rl.encoding import OTHER_DECISION, View, ViewEncoder, seat_view
from ninjadojo.rl.layout import Writer
from rl.helpers import ALL_EXPANSIONS, CASES, playout

#: Games where a seat cannot see everything (Ninja Camp hides nothing).
HIDDEN = [game_id for game_id in playable_games() if game_id != "ninja-camp"]


def _body(game: GameState[Any]) -> str:
    """The part of a position that holds the cards (hidden ones too)."""
    return game.to_notation().split("|", 7)[7]


#: The two ways to make a tensor: the fast path (from the state, what environments use) and the
#: reference (from the seat's view).
PATHS = ("fast", "view")


def _encode(encoder: ViewEncoder, state: GameState[Any], seat: int, path: str) -> Any:
    return encoder.encode_state(state, seat) if path == "fast" else encoder.encode_reference(state, seat)


def _twins_agree(table: Table, game: GameState[Any], seat: int, seed: int, encoder: ViewEncoder,
                 path: str = "view") -> bool:
    twin = game.determinize(seat, seed)
    same_tensor = np.array_equal(_encode(encoder, twin, seat, path), _encode(encoder, game, seat, path))
    same_mask = np.array_equal(table.mask(twin, seat), table.mask(game, seat))
    return same_tensor and same_mask


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_tensor_and_mask_do_not_change_when_what_the_seat_cannot_see_changes(game_id: str, players: int,
                                                                                 path: str) -> None:
    """For every seat, along random games: a twin that differs from the game only in what the seat cannot
    know (``determinize``: other hands, deck order, hidden choices) gives the same tensor and mask, on
    both paths (the fast one reads the state itself, so this is its guard)."""
    options = ALL_EXPANSIONS if game_id == "ninjitsu" and players % 2 else None
    table = Table(game_id, players, options)
    assert table.encoder.fast
    redealt = 0
    for seed in (1, 2):
        game = table.new(seed)
        for step in playout(game, Rng(seed), limit=5000):
            if step % 5:
                continue
            for seat in range(players):
                twin_seed = 7919 * (step + 1) + seat
                assert _twins_agree(table, game, seat, twin_seed, table.encoder, path), (
                    f"seat {seat}'s observation changed with what it cannot see (seed {seed}, step {step})")
                redealt += _body(game.determinize(seat, twin_seed)) != _body(game)
    if game_id in HIDDEN:
        assert redealt, "the twins never differed from the game: the test would prove nothing"


class _Leaky(ViewEncoder):
    """The real encoder ``inner`` with one more value, ``leak``, that a control fills from hidden cards."""

    def __init__(self, inner: ViewEncoder) -> None:
        self.inner = inner
        self.GAME = inner.GAME
        self.DECISIONS = inner.DECISIONS
        super().__init__(inner.players, inner.options)

    def declare(self, builder: Any) -> None:
        self.inner.declare(builder)
        self._leak = builder.scalar("leak", 1 << 20, "a value the seat may not know")

    def fill(self, view: View, seat: int, out: Writer) -> None:
        self.inner.fill(view, seat, out)


class _LeakyEncoder(_Leaky):
    """A control: the real encoder plus one value computed from the whole position (hidden cards included)."""

    def __init__(self, inner: ViewEncoder, game: list[GameState[Any]]) -> None:
        self.game = game
        super().__init__(inner)

    def fill(self, view: View, seat: int, out: Writer) -> None:
        self.inner.fill(view, seat, out)
        out.at.append(self._leak)
        out.values.append(hash(_body(self.game[0])) % (1 << 20))

    def encode_reference(self, state: GameState[Any], seat: int) -> Any:
        self.game[0] = state
        return super().encode_reference(state, seat)


class _LeakyFastEncoder(_Leaky):
    """A control for the fast path: the real encoder's fast path plus one value read from a hidden card
    (another seat's hand or secrets, the deck's order)."""

    def write_state(self, state: GameState[Any], seat: int, out: Any) -> None:
        self.inner.write_state(state, seat, out)
        out[self._leak] = hash(_body(state)) % (1 << 20)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("game_id", HIDDEN)
def test_the_leak_check_catches_an_encoder_that_reads_hidden_cards(game_id: str, path: str) -> None:
    """The check above fails for an encoder that reads the position itself rather than the view (the
    reference path's control), or that reads hidden cards from the state (the fast path's)."""
    table = Table(game_id, 3, None)
    holder: list[GameState[Any]] = []
    # A fresh encoder to wrap (the table's is shared through a cache).
    inner = type(table.encoder)(3, table.options)
    leaky = _LeakyEncoder(inner, holder) if path == "view" else _LeakyFastEncoder(inner)
    holder.append(table.new(5))
    game = table.new(5)
    caught = 0
    for step in playout(game, Rng(5)):
        if step % 3 == 0:
            caught += not _twins_agree(table, game, 0, step + 11, leaky, path)
    assert caught, "an encoder that reads hidden cards went unnoticed"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_seat_view_is_observe_without_the_log_and_prompt(game_id: str, players: int) -> None:
    game = game_class(game_id).new(players, seed=3)
    for step in playout(game, Rng(3)):
        if step % 4:
            continue
        for seat in range(players):
            full = game.observe(seat)
            del full["log"]
            full.pop("score_lines", None)  # words for people at the end, like the log
            full.pop("score_name", None)
            decision = full["decision"]
            if isinstance(decision, dict):
                del decision["prompt"]
            assert seat_view(game, seat) == full


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_header_says_who_observes_whether_it_acts_what_it_decides_and_the_result(game_id: str,
                                                                                       players: int) -> None:
    table = Table(game_id, players, None)
    layout = table.encoder.layout
    decisions = layout.segment("decision").labels
    game = table.new(4)
    for step in playout(game, Rng(4)):
        seat = step % players
        parts = layout.unpack(table.encoder.encode(game, seat))
        assert list(np.flatnonzero(parts["you"])) == [seat]
        acting = seat in game.to_act()
        assert parts["acting"][0] == acting
        if acting:
            kind = decisions[int(np.flatnonzero(parts["decision"])[0])]
            assert kind == game.frames[-1].kind, "every kind of decision has its own label (none is 'other')"
        else:
            assert not parts["decision"].any()
        waiting = seat_view(game, seat)["waiting_for"]
        assert list(np.flatnonzero(parts["waiting_for"])) == waiting
    result = game.result
    assert result is not None
    parts = layout.unpack(table.encoder.encode(game, 0))
    assert parts["over"][0] == 1
    assert list(np.flatnonzero(parts["winners"])) == sorted(result.winners)
    assert parts["truncated"][0] == result.truncated


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_ninjitsu_decision_with_every_expansion_has_its_label(players: int) -> None:
    """Ninjitsu!'s expansions add kinds of decision: each must be known to the encoder (not ``other``)."""
    table = Table("ninjitsu", players, ALL_EXPANSIONS)
    other = table.encoder.layout.segment("decision")
    other_offset = other.offset + other.labels.index(OTHER_DECISION)
    kinds = set()
    for seed in range(12):
        game = table.new(seed)
        for _ in playout(game, Rng(seed)):
            for seat in game.to_act():
                kinds.add(game.frames[-1].kind)
                assert table.encoder.encode(game, seat)[other_offset] == 0, game.frames[-1].kind
    assert len(kinds) > 5, "the expansions' decisions were met"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_tensors_lie_in_the_observation_space(game_id: str, players: int) -> None:
    table = Table(game_id, players, None)
    layout = table.encoder.layout
    assert layout.size == sum(segment.size for segment in layout.segments)
    offset = 0
    for segment in layout.segments:
        assert segment.offset == offset, "segments follow each other with no gap"
        offset += segment.size
    game = table.new(6)
    for _ in playout(game, Rng(6)):
        for seat in range(players):
            tensor = table.encoder.encode(game, seat)
            assert tensor.dtype == np.float32 and tensor.shape == (layout.size,)
            assert (tensor >= layout.low).all() and (tensor <= layout.high).all()


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_bounds_are_true_random_games_never_need_the_clip(game_id: str, players: int) -> None:
    """Every value the views of random games give lies within its segment's range before any clipping:
    the observation space's bounds are the values' real ranges, not hidden by the clip (the clip is
    only for the documented scalars that a far longer game could outgrow)."""
    options = ALL_EXPANSIONS if game_id == "ninjitsu" and players % 2 else None
    table = Table(game_id, players, options)
    encoder = table.encoder
    layout = encoder.layout
    for seed in (21, 22):
        game = table.new(seed)
        for _ in playout(game, Rng(seed)):
            for seat in range(players):
                raw = encoder.encode_view(seat_view(game, seat), clip=False)
                outside = np.flatnonzero((raw < layout.low) | (raw > layout.high))
                assert not len(outside), [
                    (segment.name, float(raw[index])) for index in outside[:5] for segment in layout.segments
                    if segment.offset <= index < segment.offset + segment.size]


def _counts(codes: Any) -> Counter[str]:
    return Counter(str(code) for code in codes)


def _segment_counts(parts: dict[str, Any], layout: Any, name: str) -> Counter[str]:
    labels = layout.segment(name).labels
    return Counter({labels[i]: int(value) for i, value in enumerate(parts[name]) if value})


@pytest.mark.parametrize("game_id", playable_games())
def test_the_game_part_holds_what_the_view_holds(game_id: str) -> None:
    """Spot checks of each game's segments against the view they were made from."""
    players = 3
    table = Table(game_id, players, ALL_EXPANSIONS if game_id == "ninjitsu" else None)
    layout = table.encoder.layout
    game = table.new(8)
    checked = 0
    for step in playout(game, Rng(8)):
        seat = step % players
        view = seat_view(game, seat)
        parts = layout.unpack(table.encoder.encode(game, seat))
        seats = view["seats"]
        assert isinstance(seats, list)
        if game_id == "ninja-trap":
            assert _segment_counts(parts, layout, "hand") == _counts(view["hand"])
            for each, entry in enumerate(seats):
                assert parts[f"seat[{each}].hits"][0] == entry["hits"]
                assert _segment_counts(parts, layout, f"seat[{each}].discard") == _counts(entry["discard"])
            look = view.get("buko_look")
            if look:
                labels = layout.segment("look").labels
                shown = {labels[i] for i in np.flatnonzero(parts["look"])}
                assert shown == {f"{trap['position']}:{trap['room']}" for trap in look}
                checked += 1
        elif game_id == "knights-and-ninjas":
            assert _segment_counts(parts, layout, "hand") == _counts(view["hand"])
            assert _segment_counts(parts, layout, "discard") == _counts(view["discard"])
            for each, entry in enumerate(seats):
                assert parts[f"seat[{each}].gems"][0] == entry["gems"]
        elif game_id == "ninja-camp":
            letters = "".join(view["grid"])  # type: ignore[arg-type]
            labels = layout.segment("grid").labels
            squares = game.grid.names  # type: ignore[attr-defined]
            on_grid = {labels[i] for i in np.flatnonzero(parts["grid"])}
            assert on_grid == {f"{squares[i]}:{letter}" for i, letter in enumerate(letters) if letter != "."}
            for each, entry in enumerate(seats):
                ninjas = layout.segment(f"seat[{each}].ninjas").labels
                assert {ninjas[i] for i in np.flatnonzero(parts[f"seat[{each}].ninjas"])} == set(entry["ninjas"])
        elif game_id == "ninjato":
            hand = view["hand"]
            assert _segment_counts(parts, layout, "hand") == _counts(hand)
            for each, entry in enumerate(seats):
                assert parts[f"seat[{each}].honour"][0] == min(entry["honour"], layout.segment(
                    f"seat[{each}].honour").high)
                assert _segment_counts(parts, layout, f"seat[{each}].tiles") == _counts(entry["tiles"])
        elif game_id == "ninjitsu":
            for each, entry in enumerate(seats):
                assert _segment_counts(parts, layout, f"seat[{each}].hand") == _counts(entry["hand"])
                assert _segment_counts(parts, layout, f"seat[{each}].treasures") == _counts(entry["treasures"])
                secrets = layout.segment(f"seat[{each}].secrets").labels
                known = {secrets[i] for i in np.flatnonzero(parts[f"seat[{each}].secrets"])}
                expected = {f"{pos}:{card}" for pos, card in enumerate(entry["secrets"])}
                expected |= {f"{pos}:{card}" for pos, card in entry["known_secrets"]}
                assert known == expected
            checked += 1
        checked += game_id in ("knights-and-ninjas", "ninja-camp", "ninjato")
    assert checked, "the spot checks ran"


def test_layouts_are_the_same_whatever_the_options() -> None:
    plain = encoder_for("ninjitsu", 3).layout
    expanded = encoder_for("ninjitsu", 3, ALL_EXPANSIONS).layout
    assert [(s.name, s.offset, s.size) for s in plain.segments] == [(s.name, s.offset, s.size)
                                                                    for s in expanded.segments]


def test_the_layout_table_lists_every_segment() -> None:
    layout = encoder_for("ninja-trap", 2).layout
    table = layout.describe()
    for segment in layout.segments:
        assert f"`{segment.name}`" in table
    with pytest.raises(KeyError, match="no segment"):
        layout.segment("nonsense")


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("no-such-game", 2, None), ("ninjitsu", 9, None), ("ninjitsu", 2, {"target": "lots"}),
    ("ninja-trap", 2, {"colour": "red"}),
])
def test_a_bad_game_player_count_or_option_is_refused_clearly(game_id: str, players: int, options: Any) -> None:
    with pytest.raises(DojoError):
        encoder_for(game_id, players, options)


def test_a_list_of_floats_is_cut_as_an_array() -> None:
    table = Table("ninja-trap", 2, None)
    game = table.new(3)
    tensor = table.encoder.encode(game, 0)
    from_list = table.encoder.layout.unpack(tensor.tolist())
    assert from_list.keys() == table.encoder.layout.unpack(tensor).keys()
    for name, values in table.encoder.layout.unpack(tensor).items():
        assert from_list[name].tolist() == values.tolist(), name

