"""What players see: the JSON view's per-seat data, the picture on a small terminal, card texts, the
rules summary, the nested log, and samples (determinisations) that give nothing away."""

from __future__ import annotations

import json
import pickle
from collections.abc import Mapping

import pytest
from rich.text import Text

from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import after, playout, position
from ninjadojo.games.ninja_camp.cards import CARD_TABLE, CLAN_OF_CODE, CLAN_TABLE, GRID_SIZE, KIND_OF_LETTER, LETTERS
from ninjadojo.games.ninja_camp.grid import grid
from ninjadojo.games.ninja_camp.invariants import FRAME_DATA
from ninjadojo.games.ninja_camp.view import KIND_STYLES

PARKED = {"a1": "S0", "b1": "S0", "g7": "S1", "f7": "S1", "e7": "S1"}


# ---------------------------------------------------------------------- observe


@pytest.mark.parametrize("players", [2, 3, 4])
def test_per_player_data_is_under_seats_and_players_is_the_count(players: int) -> None:
    game = playout(players, 5)[8 * players]
    for viewer in (None, *range(players)):
        view = game.observe(viewer)
        assert view["players"] == players
        assert not {"hands", "ninjas", "discards", "clans", "points", "passed"} & set(view)
        seats = view["seats"]
        assert isinstance(seats, list) and len(seats) == players
        for seat, entry in enumerate(seats):
            assert isinstance(entry, dict)
            assert entry["ninjas"] == [game.grid.names[square] for square in game.ninjas[seat]]
            assert entry["points"] == game.points()[seat]
            clan = CLAN_TABLE[game.clans[seat]]
            assert entry["clan"] == {"name": clan.name, "code": clan.code, "used": game.clan_used[seat]}
            assert entry["discard"] == game.discards[seat] and entry["passed"] == (game.passed_at[seat] >= 0)
        json.dumps(view)


# ---------------------------------------------------------------------- the picture


def _check_fits(text: str, markup: str | None) -> None:
    for picture in (text, Text.from_markup(markup).plain if markup is not None else text):
        lines = picture.split("\n")
        assert len(lines) <= 12, f"{len(lines)} lines:\n{picture}"
        assert max(len(line) for line in lines) <= 80, f"a line is {max(map(len, lines))} columns:\n{picture}"
    if markup is not None:
        assert Text.from_markup(markup).plain == text  # the coloured picture is the same picture


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_picture_fits_an_80_column_terminal_in_12_lines_all_game_long(players: int) -> None:
    for state in playout(players, 30 + players)[::3] + playout(players, 30 + players)[-1:]:
        for viewer in (None, *range(players)):
            _check_fits(state.render(viewer), state.render_markup(viewer))


def _crowded(players: int) -> NinjaCampState:
    """The widest picture: seat 0 holding two of every kind, the others one, long clan names."""
    squares = {f"{col}{2 * seat + 1}": f"?{seat}" for seat in range(players) for col in "abc"}
    hands = {seat: "AEDLHRST" * (2 if seat == 0 else 1) for seat in range(players)}
    claimed = sum(len(hand) - 2 for hand in hands.values())
    names = grid(*GRID_SIZE[players]).names
    empties = {name: "." for name in [name for name in names if name not in squares][:claimed]}
    clans = ("fs", "CH", "pl", "ar")
    return position(players, squares={**squares, **empties}, hands=hands, clans=dict(enumerate(clans[:players])),
                    to_act=0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_picture_fits_even_with_full_hands_and_long_clan_names(players: int) -> None:
    state = _crowded(players)
    for viewer in (None, *range(players)):
        _check_fits(state.render(viewer), state.render_markup(viewer))
    text = state.render(0)
    assert "Flying Squirrel Clan" in text and "fs: your clan, once:" in text
    # Every kind seat 0 holds is listed with its short text (eight kinds: two lines of entries each).
    for row in CARD_TABLE[:-1]:
        if row.kind != 5:  # Shadow's words say what it copies now
            assert f"{LETTERS[row.kind]} {row.name} x2: {row.short}" in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_finished_picture_fits_and_states_the_result(players: int) -> None:
    over = playout(players, 40 + players)[-1]
    for viewer in (None, *range(players)):
        _check_fits(over.render(viewer), over.render_markup(viewer))
    assert over.result is not None and over.result.reason[:60] in over.render(None)
    assert f"P{over.winners()[0]} wins" in over.render(0)


def test_the_hand_shows_each_cards_short_text() -> None:
    # Seat 0 claimed a Shadow and an Ambush; seat 1 played its Sprint and then a Dodge it had claimed.
    state = position(2, squares={**PARKED, "d4": "A0", "a7": ".", "b7": ".", "c7": "."}, hands={0: "ERHA", 1: "E"},
                     discards={1: "D"}, to_act=0)
    text = state.render(0)
    assert "A Ambush: charge a rival, push it" in text
    assert "E Evade: exactly 3 steps" in text and "R Sprint: straight until blocked" in text
    assert "H Shadow: as Dodge now" in text  # seat 1 last played a Dodge
    assert "D Dodge:" not in text  # seat 0 holds no Dodge
    spectator = state.render(None)
    assert all(f"{LETTERS[row.kind]} {row.name}: {row.short}" in spectator for row in CARD_TABLE[:-1])


# ---------------------------------------------------------------------- card texts and the rules summary


def test_the_card_catalog_lists_every_card_and_clan_with_its_codes_and_texts() -> None:
    catalog = NinjaCampState.card_catalog()
    codes = [card.code for card in catalog]
    assert codes == [*"AEDLHRSTW", *(clan.code for clan in CLAN_TABLE)]
    space = NinjaCampState.new(2).action_space().actions
    for card in catalog:
        assert 0 < len(card.short) <= 26 and card.name and len(card.text) > len(card.short)
        if card.code not in "TW":
            # The code is what an action starts with.
            assert any(action.startswith(card.code + ":") for action in space), card.code
    by_code = {card.code: card for card in catalog}
    assert by_code["A"].text.startswith("Move in a straight line into a space with an opponent's ninja")
    assert "(5 points.)" in by_code["A"].text and "first ninja you meet must be an opponent's" in by_code["A"].text
    assert by_code["T"].text.endswith("Goat's target).") and "(-1 point.)" in by_code["T"].text
    assert by_code["go"].name == "Goat Clan" and "Once per game." in by_code["go"].text


def test_the_rules_summary_fits_a_terminal() -> None:
    lines = NinjaCampState.SPEC.rules.split("\n")
    assert 8 <= len(lines) <= 25
    assert all(len(line) <= 78 for line in lines)
    for needed in ("Sprint", "Evade", "pass", "clan", "claim", "tie"):
        assert needed in NinjaCampState.SPEC.rules


# ---------------------------------------------------------------------- the log


def _new_lines(before: NinjaCampState, after_state: NinjaCampState) -> list[tuple[int, str]]:
    return [(event.depth, event.text) for event in after_state.events[len(before.events):]]


def test_what_happens_within_a_turn_is_logged_under_it() -> None:
    state = position(2, squares={**PARKED, "d4": "A0", "d6": "E1", "e7": "S", "a7": "."}, hands={0: "ERA"},
                     to_act=0)
    pushed = after(state, "A:d4-d6")
    lines = _new_lines(state, pushed)
    assert lines[0] == (0, "P0 plays Ambush and charges from d4 to d6 (an Evade)")
    assert lines[1] == (1, "pushes P1's ninja from d6 to d7")
    assert lines[2][0] == 1 and lines[2][1].startswith("claims Ambush (+5) from d4")
    assert "  Pushes P1's ninja from d6 to d7" in pushed.observe(1)["log"]


def test_a_platypus_turn_is_one_entry_with_its_steps_and_claim_nested() -> None:
    state = position(2, squares={**PARKED, "d4": "E0", "c4": "A0", "b1": "S"}, hands={0: ""}, clans={0: "pl"},
                     to_act=0)
    done = after(state, "pl:c4-c5", "pl:d4-e5", "take:c4")
    lines = _new_lines(state, done)
    assert lines[0][0] == 0 and lines[0][1].startswith("P0 uses the Platypus Clan and steps from c4 to c5 (")
    assert lines[1][0] == 1 and lines[1][1].startswith("steps a second ninja from d4 to e5 (")
    assert lines[2:] == [(1, "claims Ambush (+5) from c4")]


def test_the_final_claims_are_logged_under_the_end_of_the_game() -> None:
    state = position(2, squares={"a1": "A0", "b1": "T0", "c1": "E0", "g7": "L1", "f7": "D1", "e7": "S1"})
    over = after(state, "pass", "pass")
    lines = _new_lines(state, over)
    start = lines.index((0, "Each player claims the cards under their ninjas"))
    # "All players have passed" is said once, by the result after the claims.
    assert sum("passed" in line for _, line in lines[start:]) == 1, lines[start:]
    assert lines[start + 1] == (1, "P0 claims Ambush (+5) from a1, Trap (-1) from b1, Evade (+4) from c1")
    assert lines[start + 2][0] == 1 and lines[start + 2][1].startswith("P1 claims Stealth (+0) from e7")


# ---------------------------------------------------------------------- determinisation


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_chain_of_samples_gives_nothing_back(players: int) -> None:
    # The attack: sample with seed k, sample the sample with the same k, compare. Samples are
    # a function of the seat's information only, so the second sample is the first, whatever k.
    for state in playout(players, 50 + players)[::4]:
        for seat in range(players):
            for k in (0, 1, 2**63):
                first = state.determinize(seat, k)
                second = first.determinize(seat, k)
                assert second.to_notation() == first.to_notation()
                assert second.events == first.events
                assert first.observe(seat) == state.observe(seat)
                assert first.legal_actions(seat) == state.legal_actions(seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twins_the_seat_cannot_tell_apart_give_the_same_sample(players: int) -> None:
    # What a seat cannot see in Ninja Camp is the random stream and how many actions were taken: twins
    # that differ only there give one sample for each seed.
    for state in playout(players, 60 + players)[5::6]:
        text = state.to_notation()
        head = text.split("|")
        twin_text = "|".join([*head[:3], f"{(state.rng.state * 3 + 1) % 2**64:016x}", str(state.ply + 17), *head[5:]])
        real, twin = NinjaCampState.from_notation(text), NinjaCampState.from_notation(twin_text)
        assert real != twin
        for seat in range(players):
            assert real.observe(seat) == twin.observe(seat)
            for seed in (3, 99):
                assert real.determinize(seat, seed) == twin.determinize(seat, seed)
                assert real.determinize(seat, seed).ply == 0


# ---------------------------------------------------------------------- shared tables


def test_the_grid_tables_every_game_of_a_size_shares_are_read_only() -> None:
    """A grid is cached per size and shared by every game, clone and sample: a bot editing its sample's
    ``grid.index`` would change how every game in the process reads squares. Nothing in it can change."""
    game = playout(2, 4)[12]
    sample = game.determinize(game.to_act()[0], 5)
    assert sample.grid is game.grid is grid(*GRID_SIZE[2]), "the premise: one grid shared by every 2-player game"
    with pytest.raises(TypeError):
        sample.grid.index["zz9"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        del sample.grid.index["a1"]  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        sample.grid.index = {}  # type: ignore[misc]
    for table in (game.grid.names, game.grid.orth, game.grid.king, game.grid.rays, game.grid.step, game.grid.pairs):
        assert isinstance(table, tuple), "every other table is a tuple"
    # The lawful use still works: the index reads every square name, and positions round-trip.
    assert [game.grid.index[name] for name in game.grid.names] == list(range(game.grid.size))
    assert "zz9" not in game.grid.index
    assert NinjaCampState.from_notation(game.to_notation()) == game


def test_a_pickled_grid_comes_back_as_the_shared_one() -> None:
    """A read-only mapping cannot be pickled as it is: a grid pickles as its size and comes back as the
    cached grid, so a game sent to another process (a bot's view) still works and still shares it."""
    game = playout(3, 2)[10]
    moved = pickle.loads(pickle.dumps(game))
    assert moved.grid is game.grid and moved == game
    assert moved.legal_actions(moved.to_act()[0]) == game.legal_actions(game.to_act()[0])


@pytest.mark.parametrize("table", [KIND_OF_LETTER, CLAN_OF_CODE, GRID_SIZE, KIND_STYLES, FRAME_DATA],
                         ids=["KIND_OF_LETTER", "CLAN_OF_CODE", "GRID_SIZE", "KIND_STYLES", "FRAME_DATA"])
def test_the_lookup_tables_every_game_reads_are_read_only(table: Mapping[object, object]) -> None:
    """The module's lookup tables are shared by every game in the process, like the grid."""
    key = next(iter(table))
    with pytest.raises(TypeError):
        table[key] = table[key]  # type: ignore[index]
    assert table[key] is not None


def test_a_square_typed_bare_at_set_up_is_told_why_no_ninja_goes_there() -> None:
    """Set-up places a ninja with ``@b2``; a square typed bare (the README's way to narrow the choices) is told
    the rule that keeps a ninja off it (a Wall), or how to write it when it can be placed on, never only "it is
    set-up"; and a move refused mid-game lists all of the card's moves or says how many more there are."""
    from ninjadojo.api import new_game
    from ninjadojo.engine import Rng
    from ninjadojo.engine.errors import IllegalActionError
    from ninjadojo.games.ninja_camp.cards import WALL

    game = new_game("ninja-camp", 2, seed=4)
    seat = game.to_act()[0]
    wall = next(game.grid.names[square] for square, kind in enumerate(game.cells) if kind == WALL)
    with pytest.raises(IllegalActionError, match=f"ninjas are placed only on skill cards, and {wall} is a Wall"):
        game.apply(seat, wall)
    free = game.legal_actions(seat)[0]
    with pytest.raises(IllegalActionError, match=f"a placement is written with @: {free}"):
        game.apply(seat, free[1:])
    with pytest.raises(IllegalActionError, match="it is set-up: place a ninja on a square"):
        game.apply(seat, "sprint")
    assert game.record.actions == []
    # Mid-game, a card with more than 16 moves: the refusal lists 16 and counts the rest.
    rng = Rng(4)
    while game.result is None:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        moves: dict[str, list[str]] = {}
        for action in legal:
            if ":" in action and action.count("-") >= 1:
                moves.setdefault(action.split(":", 1)[0], []).append(action)
        many = next(((prefix, listed) for prefix, listed in moves.items() if len(listed) > 16), None)
        if many is not None:
            prefix, listed = many
            start = listed[0].split(":", 1)[1].split("-", 1)[0]
            with pytest.raises(IllegalActionError, match=f"and {len(listed) - 16} more"):
                game.apply(seat, f"{prefix}:{start}-{start}")
            return
        game.apply(seat, legal[rng.randbelow(len(legal))])
    raise AssertionError("no card with more than 16 moves in the game")


def test_a_second_ninja_on_a_kind_already_taken_is_refused_in_plain_english() -> None:
    """Each player's three ninjas start on three different kinds: a second on an Ambush is refused with
    "an Ambush" (and a Trap is "a Trap"), the article the card's name takes."""
    from ninjadojo.api import new_game
    from ninjadojo.engine.errors import IllegalActionError
    from ninjadojo.games.ninja_camp.cards import AMBUSH, TRAP

    game = new_game("ninja-camp", 2, seed=0)
    names = game.grid.names
    ambushes = [names[square] for square, kind in enumerate(game.cells) if kind == AMBUSH]
    first = game.to_act()[0]
    game.apply(first, "@" + ambushes[0])
    second = game.to_act()[0]
    game.apply(second, next(action for action in game.legal_actions(second) if action[1:] not in ambushes))
    with pytest.raises(IllegalActionError, match="you already have a ninja on an Ambush: your three ninjas"):
        game.apply(first, "@" + ambushes[1])
    trap = names[game.cells.index(TRAP)]
    with pytest.raises(IllegalActionError, match=f"and {trap} is a Trap\\b"):
        game.apply(first, "@" + trap)
