"""What a second adversarial probe found, after the fixes for issue #8, kept as regression tests.

- ``test_fixed_...``: a defect issue #8 reported, checked again through the public API on the real
  games.
- every other test names a defect the second probe found and the rule that now holds (each failed
  before its fix).

The probe played the part of a hostile user (bad input through ``ninjadojo.api`` and the
``GameState`` methods) and of a researcher relying on samples and views (nothing a seat was not shown
may reach it through a sample, a view, an error or a change it can watch).
"""

from __future__ import annotations

import contextlib
import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ninjadojo import games as registry
from ninjadojo.api import load_game, new_game, parse_position, save_game
from ninjadojo.bots import SeatView
from ninjadojo.engine import DojoError, Frame, IllegalActionError, NotationError, OptionError, Rng, SaveError
from ninjadojo.engine.errors import UnknownGameError
from ninjadojo.engine.playout import random_playout
from ninjadojo.engine.state import EVERYONE, GameState
from ninjadojo.games import game_class
from ninjadojo.games.knights_and_ninjas import builder as knights
from ninjadojo.games.ninja_trap import builder as trap
from ninjadojo.games.ninjitsu.knowledge import HELD_SHIFT

#: The four games this probe covered (Ninjato came after it; the contract and robustness tests cover it).
GAMES = ("ninjitsu", "knights-and-ninjas", "ninja-camp", "ninja-trap")
#: The games with hidden cards, whose samples redeal something.
HIDDEN = ("ninjitsu", "knights-and-ninjas", "ninja-trap")
#: Errors quote at most 60 characters of input; a message around it stays well under this.
SHORT = 400
#: An integer too long for ``str()`` under Python's default limit of 4300 digits.
HUGE = 10**5000


def _played(game_id: str, players: int, seed: int, actions: int) -> GameState[Any]:
    """A game of ``game_id`` moved on by ``actions`` random legal actions (fewer if it ends)."""
    game = new_game(game_id, players, seed=seed)
    random_playout(game, Rng(seed), max_actions=actions)
    return game


def _finished(game_id: str, players: int, seed: int) -> GameState[Any]:
    """A game of ``game_id`` played to its end by random legal actions (not stopped at max_length)."""
    game = new_game(game_id, players, seed=seed)
    random_playout(game, Rng(seed))
    assert game.result is not None and not game.result.truncated, "the playout must end by the rules"
    return game


def _with_field(notation: str, index: int, value: str) -> str:
    """``notation`` with its ``index``-th ``|`` field (0 game, 1 players, 3 rng, 4 ply) replaced."""
    parts = notation.split("|", 5)
    parts[index] = value
    return "|".join(parts)


def _with_result(notation: str, result: dict[str, object]) -> str:
    """``notation`` with its result field (after the frames) replaced by ``result`` as JSON."""
    parts = notation.split("|", 5)
    frames_end = json.JSONDecoder().raw_decode(parts[5])[1]
    frames, rest = parts[5][:frames_end], parts[5][frames_end + 1:]
    body = rest.split("|", 1)[1]
    parts[5] = "|".join((frames, json.dumps(result, separators=(",", ":")), body))
    return "|".join(parts)


def _shown(game: GameState[Any], seat: int) -> list[Any]:
    """Every event ``seat`` is shown now (its whole log, with depths and flags)."""
    return [event for event in game.events if event.shown_to(seat)]


# ====================================================================== defects still open
# ---------------------------------------------------------------------- what a seat can watch


def test_the_stop_at_max_length_never_tells_a_seat_that_a_rival_chose_in_secret() -> None:
    """engine/state.py ``apply``: the game stops as soon as ``ply`` reaches ``max_length``, and ``ply``
    counts hidden simultaneous submissions, so the stop (which every view shows) can come right after
    a rival's hidden choice: seat 1 sees the game end the moment seat 0 chooses its trap in secret."""
    game = new_game("ninja-trap", 3, {"max_length": 1}, seed=1)
    assert game.to_act() == (0, 1, 2) and game.frames[-1].simultaneous
    before = game.observe(1)
    game.apply(0, game.legal_actions(0)[0])  # hidden: nobody may learn that seat 0 has chosen
    assert game.observe(1) == before, "seat 1's view changed on seat 0's hidden choice"
    assert 1 in game.to_act(), "seat 1 must still be asked to choose"


@pytest.mark.parametrize("mask", [0b101, EVERYONE], ids=["seats-0-and-2", "everyone"])
def test_a_look_shown_to_several_seats_outlasts_one_of_their_hidden_choices(mask: int) -> None:
    """engine/state.py ``_expire_looks``: a one-time look expires for *everyone* it was shown to as soon
    as one of them acts, even in secret. Seat 0 sees the shared look disappear when seat 2 submits its
    hidden trap, and so learns that seat 2 has chosen (issue #8: a transient event must not expire on
    another seat's hidden action). The expiry must be per seat."""
    game = new_game("ninja-trap", 3, seed=2)
    assert game.frames[-1].simultaneous and game.to_act() == (0, 1, 2)
    game.log("a card shown to seats 0 and 2, once", mask, transient=True)
    assert "A card shown to seats 0 and 2, once" in game.observe(0)["log"]
    game.apply(2, game.legal_actions(2)[0])  # seat 2's hidden trap
    assert "A card shown to seats 0 and 2, once" in game.observe(0)["log"], (
        "seat 0's look vanished on seat 2's hidden choice")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_bot_cannot_point_its_seat_view_at_another_seat(game_id: str) -> None:
    """bots/base.py ``SeatView``: ``seat`` is a plain writable attribute, so a bot handed seat 0's view
    sets ``view.seat = 1`` and reads seat 1's hand (and samples for seat 1) through the public
    methods, without touching a private field. The seat of a view must be read-only."""
    game = new_game(game_id, 2, seed=3)
    view = SeatView(game, 0)
    mine = view.observe()
    with contextlib.suppress(AttributeError):  # the defence: a view's seat cannot be changed
        view.seat = 1
    assert view.seat == 0 and view.observe() == mine, "the bot now sees another seat's view"


def test_a_sample_cannot_change_the_grid_tables_every_ninja_camp_game_shares() -> None:
    """games/ninja_camp/grid.py ``Grid.index``: the grid tables are cached and shared by every game of
    that size (``clone`` shares them too), and ``index`` is a plain dict. A bot editing its sample's
    ``grid.index`` changes how every Ninja Camp game in the process reads squares (the real game's
    notation, its saves). Issue #8 asked the same of options and action spaces: read-only."""
    game = _played("ninja-camp", 2, seed=4, actions=10)
    sample = SeatView(game, game.to_act()[0]).sample(5)
    assert sample.grid is game.grid, "the premise: a sample shares the grid tables with the real game"
    try:
        with pytest.raises(TypeError):
            sample.grid.index["zz9"] = 0  # a read-only mapping refuses this
    finally:
        # Leave the shared table as it was for every other test in this process.
        if isinstance(game.grid.index, dict):
            game.grid.index.pop("zz9", None)


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize("call", [
    pytest.param(lambda: new_game("ninjitsu", 2).apply(HUGE, "d"), id="apply-seat"),
    pytest.param(lambda: new_game("ninjitsu", 2).action_from_id(HUGE), id="action-from-id"),
    pytest.param(lambda: new_game("ninjitsu", HUGE), id="players"),
    pytest.param(lambda: new_game("ninjitsu", 2, {"target": HUGE}), id="option-value"),
    pytest.param(lambda: new_game("ninjitsu", 2).apply(10**4000, "d"), id="apply-seat-4000-digits"),
    pytest.param(lambda: new_game("ninjitsu", 10**4000), id="players-4000-digits"),
    pytest.param(lambda: new_game("ninjitsu", 2, {"max_length": 10**4000}), id="option-value-4000-digits"),
])
def test_a_huge_integer_gives_a_short_dojo_error(call: Callable[[], Any]) -> None:
    """engine/errors.py ``IllegalActionError`` (``for seat {seat}``), engine/state.py ``check_players``
    (``not {players}``) and ``action_from_id`` (``str(action_id)``), engine/options.py
    ``Option.coerce`` (``not {number}``) format numbers from the input whole, not through ``quote``:
    beyond 4300 digits ``str()`` raises a plain ``ValueError`` (not a DojoError); below, the message
    repeats thousands of digits. A save's JSON can carry such a number."""
    with pytest.raises(DojoError) as error:
        call()
    assert len(str(error.value)) < SHORT, f"a {len(str(error.value))}-character message"


@pytest.mark.parametrize("call", [
    pytest.param(lambda: new_game("x" * 5000, 2), id="new_game-id"),
    pytest.param(lambda: new_game(["x"] * 5000, 2), id="new_game-id-not-text"),  # type: ignore[arg-type]
    pytest.param(lambda: parse_position("x" * 5000 + "|2|-|0|0|[]|-|"), id="parse_position-id"),
    pytest.param(lambda: load_game({"game": "x" * 5000}), id="load_game-id"),
    pytest.param(lambda: parse_position(new_game("ninjitsu", 2).to_notation().replace(
        '[["turn",[0],', '[["turn",[0' + ",7" * 20000 + "],", 1)), id="frame-seats"),
    pytest.param(lambda: parse_position(_with_field(new_game("ninjitsu", 2).to_notation(), 1, "1" * 4000)),
                 id="position-players"),
])
def test_an_error_message_quotes_a_few_dozen_characters_of_input(call: Callable[[], Any]) -> None:
    """games/__init__.py ``game_class`` and api.py ``new_game`` quote a game id with ``!r`` (uncapped);
    engine/state.py ``_check_frames`` prints a frame's whole seat list; ``check_players`` the whole
    player count of a position. Issue #8: cap what an error quotes (``errors.quote``)."""
    with pytest.raises(DojoError) as error:
        call()
    assert len(str(error.value)) < SHORT, f"a {len(str(error.value))}-character message"


@pytest.mark.parametrize("game_id", GAMES)
def test_an_illegal_long_action_is_not_repeated_whole_in_the_games_reason(game_id: str) -> None:
    """The games' ``_explain_illegal`` quote the action with ``!r``, uncapped: ninjitsu/rules.py
    (``{cid!r} is not a card id`` for ``a:xxxx...``), ninja_camp/view.py (``{action[1:]!r} is not a
    square`` for ``@xxxx...``), ninja_trap/rules.py (``{rest!r} is not a room`` for ``txxxx...``). The
    engine's ``apply`` calls the hook whatever the length (``_lookup`` stops at 200 characters), so a
    5,000-character action gives a 5,000-character message. Issue #8's cap must hold for every game."""
    game = _played(game_id, 2, seed=12, actions=3)
    seat = game.to_act()[0]
    for prefix in ("a:", "s:", "@", "t", "m", "E:", "x1.", "pay:", "r:"):
        with pytest.raises(IllegalActionError) as error:
            game.apply(seat, prefix + "x" * 5000)
        assert len(str(error.value)) < 600, f"{prefix}...: a {len(str(error.value))}-character message"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("part", ["kind", "data"])
def test_a_position_with_a_long_frame_kind_or_data_gives_a_short_message(
        game_id: str, part: str) -> None:
    """The laws the engine runs on every parsed position name a bad frame with ``!r`` or a whole dict:
    ninjitsu/rules.py (``no rule asks for a {frame.kind!r} decision``, ``not {', '.join(data)}``),
    ninja_camp/invariants.py, ninja_trap/invariants.py (``unknown stage {kind!r}``, ``not {dict(frame.data)}``),
    knights_and_ninjas/notation.py ``check_frames`` (``bad: {keys}``). engine/state.py
    ``_check_parsed_position`` passes ``str(error)`` on whole; it could cap the reason for every game."""
    notation = new_game(game_id, 2, seed=1).to_notation()
    parts = notation.split("|", 5)
    frames, end = json.JSONDecoder().raw_decode(parts[5])
    if part == "kind":
        frames[0][0] = "k" * 5000
    else:
        frames[0][2] = {"k" * 3000: 1, "by": "y" * 3000}
    parts[5] = json.dumps(frames) + parts[5][end:]
    with pytest.raises(NotationError) as error:
        parse_position("|".join(parts))
    assert len(str(error.value)) < SHORT, f"a {len(str(error.value))}-character message"


def test_fixed_a_game_package_without_state_is_not_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by this probe (``new_game("ninjato", 2)`` raised ``AttributeError`` while its package had no
    ``STATE`` yet) and fixed meanwhile (commit f6c6447): ``game_class`` says "not playable yet". A
    module without ``STATE`` stands in for a package still being written."""
    monkeypatch.setitem(registry.GAME_MODULES, "half-written", "ninjadojo.engine.rng")
    with pytest.raises(UnknownGameError, match="half-written"):
        game_class("half-written")
    with pytest.raises(UnknownGameError):
        new_game("half-written", 2)


@pytest.mark.parametrize(("field", "value"), [
    (1, "٢"), (1, "+2"), (1, " 2"),
    (4, "٠"), (4, "0_0"), (4, "-0"), (4, "+0"),
    (3, "0x94d272f8e542ad74"), (3, "+d7494d272f8e542"), (3, "ad7494d2_2f8e542"),
], ids=lambda value: repr(value))
def test_a_position_header_refuses_numbers_in_odd_forms(field: int, value: str) -> None:
    """engine/state.py ``from_notation`` reads players and ply with ``int()`` and the rng with
    ``int(text, 16)``, which take other scripts' digits, signs, ``_`` and ``0x``: ``ninjitsu|٢|...``
    loads as a 2-player game and writes itself back differently. Issue #8 refused exactly these
    forms in options ("accept only what the help text documents"); a position's own numbers too."""
    notation = new_game("ninjitsu", 2, seed=1).to_notation()
    with pytest.raises(NotationError):
        parse_position(_with_field(notation, field, value))


def _seat_false() -> str:
    return new_game("ninjitsu", 2, seed=1).to_notation().replace('[["turn",[0],', '[["turn",[false],', 1)


def _flags_junk() -> str:
    return new_game("ninjitsu", 2, seed=1).to_notation().replace('{},"",[]]]', '{},"hello",[]]]', 1)


def _truncated_zero() -> str:
    game = _finished("ninjitsu", 2, seed=1)
    assert game.result is not None
    return _with_result(game.to_notation(), {**game.result.to_json(), "truncated": 0})


@pytest.mark.parametrize("position", [_seat_false, _flags_junk, _truncated_zero],
                         ids=["seat-false", "flags-hello", "truncated-0"])
def test_a_position_refuses_frames_and_results_in_odd_forms(position: Callable[[], str]) -> None:
    """engine/frames.py ``Frame.from_json`` turns a seat ``false`` into seat 0 (``int(s)`` after an
    ``isinstance(s, int)`` that bools pass) and reads flags by ``"s" in flags``, so ``"hello"`` is a
    flag text; engine/state.py ``_parse_result`` takes ``"truncated": 0`` (``0 in (True, False)``).
    Each loads silently and writes itself back in another form."""
    text = position()
    with pytest.raises(NotationError):
        parse_position(text)


def test_a_position_naming_an_option_twice_is_refused() -> None:
    """engine/options.py ``parse_option_texts``: a name given twice overwrites the first value, so
    ``target=30,target=21`` loads as target 21 with no word. A position (or ``-o`` text) that names an
    option twice is ambiguous and must be refused."""
    notation = new_game("ninjitsu", 2, seed=1).to_notation()
    assert "|target=21|" in notation
    with pytest.raises(NotationError):
        parse_position(notation.replace("|target=21|", "|target=30,target=21|", 1))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("players", [0, 99, "2"], ids=repr)
def test_action_space_for_a_bad_player_count_is_a_dojo_error(game_id: str, players: object) -> None:
    """engine/state.py ``action_space_for`` (a public classmethod) does not check the player count:
    it raises ``KeyError``/``IndexError``/``TypeError`` from inside a game, or builds and caches a
    space for a game that cannot exist (0 players). Check the players first (``check_players``)."""
    with pytest.raises(DojoError):
        game_class(game_id).action_space_for(players, {})  # type: ignore[arg-type]


@pytest.mark.parametrize("target", [
    pytest.param(lambda tmp: ("not a game", tmp / "a.json"), id="not-a-game"),
    pytest.param(lambda tmp: (new_game("ninjitsu", 2), 123), id="path-not-text"),
    pytest.param(lambda tmp: (new_game("ninjitsu", 2), tmp / "missing" / "a.json"), id="missing-folder"),
])
def test_save_game_with_a_bad_argument_raises_a_dojo_error(tmp_path: Path,
                                                                 target: Callable[[Path], tuple[Any, Any]]) -> None:
    """api.py ``save_game``/``write_atomic`` let ``AttributeError``, ``TypeError`` and
    ``FileNotFoundError`` through; ``load_game`` turns the same problems into a ``SaveError``. The
    brief's rule: every error bad input causes is a DojoError, and it changes (writes) nothing."""
    game, path = target(tmp_path)
    with pytest.raises(DojoError):
        save_game(game, path)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == [], "nothing is written"


# ---------------------------------------------------------------------- impossible positions


@pytest.mark.parametrize("game_id", GAMES)
def test_a_truncated_result_that_names_a_winner_is_refused(game_id: str) -> None:
    """engine/state.py ``_parse_result`` (and the games' result laws): a game stopped at its maximum
    length has no winner (``_stop_at_max_length``), yet Ninjitsu! (whose law returns early when
    truncated) and Of Knights and Ninjas (no result law at all) load ``"truncated": true`` with a
    winner. An engine law, for every game."""
    game = _finished(game_id, 3, seed=4)
    assert game.result is not None and game.result.winners
    result = {**game.result.to_json(), "truncated": True}
    with pytest.raises(NotationError):
        parse_position(_with_result(game.to_notation(), result))


@pytest.mark.parametrize("edit", ["winner", "scores"])
def test_knights_a_finished_game_must_name_the_true_winner_and_scores(edit: str) -> None:
    """games/knights_and_ninjas/invariants.py ``check``: a finished game's result is not checked at all.
    A win is a seat holding the target after gaining gems, and the scores are the gems
    (``effects.check_win``); a position naming a seat with 4 gems the winner, or scores of 99, loads."""
    game = _finished("knights-and-ninjas", 3, seed=4)
    assert game.result is not None
    result = game.result.to_json()
    if edit == "winner":
        loser = min(range(3), key=lambda seat: game.gems[seat])
        result["winners"] = [loser]
    else:
        result["scores"] = [99.0, 99.0, 99.0]
    assert parse_position(game.to_notation()) == game, "the true position loads"
    with pytest.raises(NotationError):
        parse_position(_with_result(game.to_notation(), result))


@pytest.mark.parametrize(("kind", "forts"), [
    ("herald", ["------", "------", "------"]),
    ("monk", ["------", "ca----", "ca----"]),
])
def test_knights_a_herald_or_monk_frame_needs_a_herald_or_monk_played(kind: str, forts: list[str]) -> None:
    """games/knights_and_ninjas/notation.py ``check_frames`` and invariants.py: a Herald (Monk) frame
    exists only because the current seat just discarded a Herald (Monk), or a Jester as one, and
    nothing is drawn before the frame is answered; yet a frame with an empty discard pile loads."""
    code = "he" if kind == "herald" else "mo"
    frames = [Frame(kind, [1, 2], simultaneous=True)]
    knights.position(3, forts=forts, frames=frames, discard=code)  # the lawful position loads
    with pytest.raises(NotationError):
        knights.position(3, forts=forts, frames=frames)


@pytest.mark.parametrize(("amount", "source"), [(0, 1), (8, 1), (2, 0)],
                         ids=["no-gems", "more-than-the-holder-has", "taken-from-the-holder"])
def test_knights_a_highwayman_window_needs_gems_an_attack_could_move(amount: int, source: int) -> None:
    """games/knights_and_ninjas/notation.py ``check_frames`` takes any ``amount`` from 0 to 1000 and any
    ``from``: but a window opens only after gems moved (1 or more, all now the holder's) from another
    seat (``effects.land``/``resolve_window``). Here seat 0 holds 7 gems."""
    def window(amount: int, source: int) -> list[Frame]:
        return [Frame("highwayman", [1, 2], {"holder": 0, "amount": amount, "from": source}, simultaneous=True)]

    knights.position(3, gems=[7, 3, 5], frames=window(2, 1))  # the lawful window loads
    with pytest.raises(NotationError):
        knights.position(3, gems=[7, 3, 5], frames=window(amount, source))


def test_knights_a_fortify_frame_with_nothing_fortified_is_refused() -> None:
    """games/knights_and_ninjas/invariants.py: with 3-6 players the ``fortify`` frame (go on fortifying)
    follows a fortification, whose card stands in a slot until the seat's next turn; a ``fortify``
    frame for a seat with every slot empty loads all the same."""
    knights.position(3, forts=["ca----", "------", "------"], frames=[Frame("fortify", [0])])  # lawful
    with pytest.raises(NotationError):
        knights.position(3, frames=[Frame("fortify", [0])])


def test_ninja_trap_more_hits_than_turns_played_is_refused() -> None:
    """games/ninja_trap/invariants.py: a ninja takes one hit a turn at most, so at the trap stage of turn 2
    (one turn played) it has at most one hit; a position with two loads."""
    trap.build(2, "trap", [trap.Seat(hits=1), trap.Seat()], turn=2)  # lawful
    with pytest.raises(NotationError):
        trap.build(2, "trap", [trap.Seat(hits=2), trap.Seat()], turn=2)


def test_ninja_trap_a_first_turn_hand_that_is_not_the_five_dealt_is_refused() -> None:
    """games/ninja_trap/invariants.py: the trap stage of turn 1 is the first decision of the game, right after
    each player drew five (``rules.setup``), yet a position there with a hand of two and the rest in
    the deck loads (the laws check turn 1 only for moves, flips, hits and discards)."""
    trap.build(2, "trap", [trap.Seat(hand="GIDSF"), trap.Seat()], turn=1)  # lawful
    with pytest.raises(NotationError):
        trap.build(2, "trap", [trap.Seat(hand="GI"), trap.Seat()], turn=1)


# ====================================================================== issue #8, fixed
# ---------------------------------------------------------------------- samples


def _ninjitsu_twin(game: Any, seat: int, rng: Rng) -> Any:
    """The game with two cards ``seat`` cannot place swapped, each keeping its place's knowledge mask
    (a card it knows only to be held by a player stays with that player)."""
    twin = game.clone()
    bit = 1 << seat
    places = []
    zones = [(twin.deck, -1)] + [(zone, holder) for holder in range(twin.num_players)
                                 for zone in (twin.hands[holder], twin.secrets[holder])]
    for zone, holder in zones:
        for index, card in enumerate(zone):
            mask = twin.known[card]
            if not mask & bit:
                places.append((zone, index, holder, bool(mask & bit << HELD_SHIFT)))
    if len(places) < 2:
        return None
    first, second = places[rng.randbelow(len(places))], places[rng.randbelow(len(places))]
    if first[:2] == second[:2] or ((first[3] or second[3]) and not (first[3] and second[3] and first[2] == second[2])):
        return None
    a, b = first[0][first[1]], second[0][second[1]]
    first[0][first[1]], second[0][second[1]] = b, a
    twin.known[a], twin.known[b] = twin.known[b], twin.known[a]
    return twin


def _knights_twin(game: Any, seat: int, rng: Rng) -> Any:
    """The game with two cards ``seat`` cannot see exchanged between the draw pile, the draft pile
    (not a top card it is looking at) and rivals' hands (not cards anyone is known to hold)."""
    twin = game.clone()
    looking = bool(twin.frames) and twin.frames[-1].kind == "draft" and seat in twin.frames[-1].seats
    places: list[tuple[Any, ...]] = [("deck", i) for i in range(len(twin.deck))]
    places += [("draft", i) for i in range(len(twin.draft) - looking)]
    for holder in range(twin.num_players):
        for kind, count in enumerate(twin.hands[holder]):
            known = max([twin.known[holder][kind], *(row[holder][kind] for row in twin.seen)])
            if holder != seat and count > known:
                places.append(("hand", holder, kind))
    if len(places) < 2:
        return None
    first, second = places[rng.randbelow(len(places))], places[rng.randbelow(len(places))]

    def card(place: tuple[Any, ...]) -> int:
        return int(getattr(twin, place[0])[place[1]]) if place[0] != "hand" else int(place[2])

    def put(place: tuple[Any, ...], old: int, new: int) -> None:
        if place[0] == "hand":
            twin.hands[place[1]][old] -= 1
            twin.hands[place[1]][new] += 1
        else:
            getattr(twin, place[0])[place[1]] = new

    a, b = card(first), card(second)
    if a == b or first == second or (first[0] == second[0] == "hand" and first[1] == second[1]):
        return None
    put(first, a, b)
    put(second, b, a)
    return twin


def _trap_twin(game: Any, seat: int, rng: Rng) -> Any:
    """The game with two of one owner's cards ``seat`` cannot see exchanged: its deck, its face-down
    traps (unless ``seat`` is looking at its own) and, for a rival, its hand."""
    twin = game.clone()
    owner = rng.randbelow(twin.num_players)
    places: list[tuple[str, int]] = [("decks", i) for i in range(len(twin.decks[owner]))]
    if not (owner == seat and twin.look_live(seat)):
        places += [("traps", i) for i in range(len(twin.traps[owner]))]
    if owner != seat:
        places += [("hands", room) for room in range(8) if twin.hands[owner][room]]
    if len(places) < 2:
        return None
    first, second = places[rng.randbelow(len(places))], places[rng.randbelow(len(places))]

    def card(place: tuple[str, int]) -> int:
        return place[1] if place[0] == "hands" else int(getattr(twin, place[0])[owner][place[1]])

    def put(place: tuple[str, int], old: int, new: int) -> None:
        if place[0] == "hands":
            twin.hands[owner][old] -= 1
            twin.hands[owner][new] += 1
        else:
            getattr(twin, place[0])[owner][place[1]] = new

    a, b = card(first), card(second)
    if a == b or first == second:
        return None
    put(first, a, b)
    put(second, b, a)
    return twin


TWINS = {"ninjitsu": _ninjitsu_twin, "knights-and-ninjas": _knights_twin, "ninja-trap": _trap_twin}


@pytest.mark.parametrize("game_id", HIDDEN)
@pytest.mark.parametrize("players", [2, 3])
def test_fixed_a_sample_is_the_same_for_twins_that_differ_in_hidden_cards(game_id: str, players: int) -> None:
    """Issue #8: a sample was a reversible shuffle of the truth. The contract test builds its twin as
    another sample; here the twin is the real game with two cards the seat cannot see swapped by hand
    (an independent way to build a state the seat cannot tell apart), and both must give the
    identical sample, so nothing of the true hidden order survives in it."""
    game = new_game(game_id, players, seed=11)
    play, swap = Rng(11), Rng(12)
    checked = 0
    for step in range(90):
        if game.is_terminal:
            break
        if step % 3 == 0:
            for seat in range(players):
                twin = TWINS[game_id](game, seat, swap)
                if twin is None:
                    continue
                try:
                    twin.check_invariants()
                except AssertionError:
                    continue  # e.g. a Ninjitsu! player to act pushed to the target: not a reachable twin
                assert twin.observe(seat) == game.observe(seat) and _shown(twin, seat) == _shown(game, seat)
                for seed in (1, 2):
                    assert twin.determinize(seat, seed).to_notation() == game.determinize(seat, seed).to_notation()
                checked += 1
        seat = game.to_act()[play.randbelow(len(game.to_act()))]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[play.randbelow(len(actions))])
    assert checked >= 10, "the probe compared too few twins to mean anything"


# Seeds whose playout meets simultaneous frames of three seats (Knights and Ninjas: Highwayman windows and
# Heralds; under its defaults since win_check=at-once and pre_attacks=first, seed 13 meets none).
@pytest.mark.parametrize(("game_id", "players", "seed"), [("knights-and-ninjas", 4, 12), ("ninja-trap", 3, 13)])
def test_fixed_views_and_samples_ignore_a_rivals_hidden_choice(game_id: str, players: int, seed: int) -> None:
    """Issue #8: a sample's ply (and field 5 of its notation) counted rivals' hidden submissions. At
    every simultaneous frame of a game, a rival's submission (not the last) changes nothing that a
    seat still to choose can query: its view, picture, legal actions, decision or samples."""
    game = new_game(game_id, players, seed=seed)
    play = Rng(seed)
    checked = 0
    for _ in range(300):
        if game.is_terminal:
            break
        frame = game.frames[-1]
        if frame.simultaneous and len(frame.seats) >= 3:
            actor, watcher = frame.seats[0], frame.seats[1]

            def seen_by(state: GameState[Any], watcher: int = watcher) -> tuple[object, ...]:
                sample = state.determinize(watcher, 7)
                return (state.observe(watcher), state.render(watcher), state.legal_actions(watcher),
                        state.decision(watcher), sample.to_notation(), sample.events, sample.ply)

            after = game.clone()
            after.apply(actor, after.legal_actions(actor)[-1])
            assert seen_by(after) == seen_by(game)
            checked += 1
        seat = game.to_act()[play.randbelow(len(game.to_act()))]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[play.randbelow(len(actions))])
    assert checked, "the playout met no simultaneous frame of three seats"


def test_fixed_a_buko_look_survives_another_lookers_ok() -> None:
    """Issue #8: seat 0's one-time look vanished when another looker said ``ok`` (a hidden choice)."""
    game = trap.build(3, "activate", moves="BBG")  # seats 0 and 1 share the Buko; seat 2 may flip
    game.apply(2, "pass")
    assert game.frames[-1].kind == "look" and game.to_act() == (0, 1)
    look = [line for line in game.observe(0)["log"] if "Buko look" in line]
    assert look
    game.apply(1, "ok")
    assert [line for line in game.observe(0)["log"] if "Buko look" in line] == look
    game.apply(0, "ok")
    assert not [line for line in game.observe(0)["log"] if "Buko look" in line]


# ---------------------------------------------------------------------- shared, mutable things


@pytest.mark.parametrize("game_id", GAMES)
def test_fixed_a_bot_cannot_change_the_real_game_through_options_or_the_action_space(game_id: str) -> None:
    """Issue #8: clones and samples shared the options dict, and ``action_space()`` a mutable cache."""
    game = _played(game_id, 2, seed=5, actions=6)
    seat = game.to_act()[0]
    view = SeatView(game, seat)
    for other in (game.clone(), view.sample(3), pickle.loads(pickle.dumps(view))._game):
        with pytest.raises(TypeError):
            other.options[next(iter(other.options))] = 99
    with pytest.raises(TypeError):
        view.options["max_length"] = 1  # type: ignore[index]
    space = view.action_space()
    with pytest.raises(TypeError):
        space.index["x"] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        space.actions = ()  # type: ignore[misc]
    assert game.legal_action_ids(seat)
    assert type(game).load_save(json.loads(json.dumps(game.to_save()))) == game


@pytest.mark.parametrize("game_id", GAMES)
def test_fixed_a_pickled_seat_view_holds_a_sample_not_the_truth(game_id: str) -> None:
    """Issue #8: ``SeatView`` held the true state; a view sent to another process must hold only what
    its seat may know."""
    game = _played(game_id, 3, seed=6, actions=9)
    seat = game.to_act()[0]
    view = SeatView(game, seat)
    moved = pickle.loads(pickle.dumps(view))
    assert moved.observe() == view.observe() and moved.legal_actions() == view.legal_actions()
    assert moved._game.record.seed is None and not moved._game.record.actions
    assert moved._game.to_notation() == game.determinize(seat, 0).to_notation()


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize("game_id", GAMES)
def test_fixed_bad_values_through_the_api_are_short_dojo_errors_that_change_nothing(game_id: str) -> None:
    """Issue #8: ``is_legal(0, [])`` raised TypeError; errors repeated 5,000 characters of input;
    ``1_0``, ``+5`` and other scripts' digits were numbers; seeds wrapped modulo 2**64."""
    game = _played(game_id, 2, seed=7, actions=4)
    before = game.to_notation()
    seat = game.to_act()[0]
    with pytest.raises(DojoError, match="text"):
        game.is_legal(seat, [])  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError) as error:
        game.apply(seat, "x" * 5000)
    assert len(str(error.value)) < 2000  # the legal actions it lists are the game's own words
    with pytest.raises(NotationError) as parse_error:
        type(game).from_notation(f"{game_id}|2|" + "x" * 5000)
    assert len(str(parse_error.value)) < SHORT
    for text in ("1_0", "+5", "٣", "5" * 40):
        with pytest.raises(OptionError, match="digits"):
            new_game(game_id, 2, {"max_length": text})
    for seed in (-1, 2**64):
        with pytest.raises(OptionError, match="seed"):
            new_game(game_id, 2, seed=seed)
        with pytest.raises(OptionError, match="seed"):
            game.determinize(seat, seed)
    assert new_game(game_id, 2, seed=2**64 - 1).record.seed == 2**64 - 1
    assert game.to_notation() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_fixed_a_save_without_its_position_or_with_an_edited_seed_is_refused(game_id: str, tmp_path: Path) -> None:
    """Issue #8: a save whose position was removed and seed edited loaded another game silently."""
    game = _played(game_id, 2, seed=8, actions=10)
    data = game.to_save()
    edited = {**data, "seed": 9}
    with pytest.raises(SaveError):
        load_game(edited)
    del edited["position"]
    with pytest.raises(SaveError, match="position"):
        load_game(edited)
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(SaveError):
        load_game(path)
    assert load_game(save_game(game, tmp_path / "game.json")) == game


# ---------------------------------------------------------------------- positions


@pytest.mark.parametrize("gems", [[5, 5, 50], [0, 0, 0]])
def test_fixed_knights_gems_not_conserved_are_refused(gems: list[int]) -> None:
    """Issue #8: Of Knights and Ninjas took ``5/5/50`` and ``0/0/0`` (a game that never ends)."""
    with pytest.raises(NotationError, match="gems are not conserved"):
        knights.position(3, gems=gems)


@pytest.mark.parametrize("target", ["0", "99"])
def test_fixed_knights_a_bad_target_is_refused_with_a_message(target: str) -> None:
    """Issue #8: target 0 or 99 raised an AssertionError with no message."""
    notation = knights.position(3).to_notation()
    with pytest.raises(NotationError, match="target"):
        parse_position(notation.replace(";target=10;", f";target={target};", 1))


def test_fixed_the_two_player_knights_notation_says_the_target_is_twelve() -> None:
    """Issue #8: the 2-player notation said ``target=10`` while the target is all 12 gems."""
    assert ";target=12;" in new_game("knights-and-ninjas", 2, seed=1).to_notation()


def test_fixed_ninja_camp_cards_not_adding_up_or_a_missing_ninja_are_refused() -> None:
    """Issue #8: Ninja Camp took cards not adding up and a game in play with a missing ninja."""
    game = _played("ninja-camp", 2, seed=9, actions=12)
    assert game.frames[-1].kind == "turn", "the premise: a game in play, after set-up"
    notation = game.to_notation()
    ninjas, seats = notation.split("|", 7)[7].split(" ")[2:4]
    fewer = ninjas.split(";")
    fewer[0] = ",".join(fewer[0].split(",")[:2])
    with pytest.raises(NotationError, match="ninjas"):
        parse_position(notation.replace(f" {ninjas} ", f" {';'.join(fewer)} ", 1))
    hand = seats.split(";")[0].split(",")[0]
    richer = seats.replace(hand, hand + "A", 1)
    with pytest.raises(NotationError, match=r"add up|only"):
        parse_position(notation.replace(f" {seats} ", f" {richer} ", 1))


def test_fixed_a_ninjitsu_turn_that_skipped_the_start_of_turn_win_check_is_refused() -> None:
    """Issue #8: a parsed position on a turn frame had skipped the start-of-turn win check."""
    from ninjadojo.games.ninjitsu.builder import position

    assert position(hands=["", ""], treasures=["Ta 9a 2b", ""]).winners() == (0,), "the builder runs the check"
    notation = position(hands=["", ""], treasures=["Ta 9a 2b", ""], turn=1).to_notation()
    assert '[["turn",[1],{},"",[]]]|-|turn=1;' in notation
    skipped = notation.replace('[["turn",[1],{},"",[]]]|-|turn=1;', '[["turn",[0],{},"",[]]]|-|turn=0;', 1)
    with pytest.raises(NotationError, match="start of their turn"):
        parse_position(skipped)


# ---------------------------------------------------------------------- usability


def test_fixed_multi_card_actions_may_be_written_in_any_order() -> None:
    """Issue #8: the docs' own ``pay:kn.pe`` was refused where ``pay:pe.kn`` was legal; now either order
    is taken and the record keeps one form."""
    game = knights.position(3, forts=["------", "ca----", "ca----"], discard="mo", hands=["pe", "knpe", "so"],
                            frames=[Frame("monk", [1, 2], simultaneous=True)])
    assert "pay:pe.kn" in game.legal_actions(1)
    assert game.canonical(1, "pay:kn.pe") == "pay:pe.kn" and game.is_legal(1, "pay:kn.pe")
    game.apply(1, "pay:kn.pe")
    assert game.record.actions[-1] == (1, "pay:pe.kn")


@pytest.mark.parametrize("game_id", GAMES)
def test_fixed_every_view_says_players_for_the_player_count(game_id: str) -> None:
    """Issue #8: ``observe()`` used the key ``players`` for different things in different games."""
    game = _played(game_id, 3, seed=10, actions=5)
    assert all(game.observe(seat)["players"] == 3 for seat in (None, 0, 1, 2))
