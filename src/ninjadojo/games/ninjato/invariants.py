"""The laws every reachable Ninjato position keeps. ``from_notation`` runs them on every parsed position,
so each assert names the law a position breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.ninjato.cards import (
    DISPLAY,
    DOJO_COUNTS,
    DOJO_VALUES,
    ELITE_COUNTS,
    ELITES,
    ENVOY_MASK,
    ENVOYS,
    FACE_UP,
    GUARD_COUNTS,
    HJ,
    HJ_TYPE,
    HOUSES,
    ROUNDS,
    RUMORS,
    SCORING_ROUNDS,
    SHURIKEN,
    TILE_COUNTS,
    TREASURE_COUNTS,
)
from ninjadojo.games.ninjato.effects import CLANS, DISGUISE, PLAY

if TYPE_CHECKING:
    from ninjadojo.games.ninjato.state import NinjatoState


def check(state: NinjatoState) -> None:
    """Raise ``AssertionError`` naming the first broken law."""
    _cards(state)
    _treasure(state)
    _board(state)
    _shuriken(state)
    _raid_and_frames(state)


def _cards(state: NinjatoState) -> None:
    players = range(state.num_players)
    for value in DOJO_VALUES:
        held = sum(state.hands[seat][value] for seat in players)
        total = state.deck.count(value) + state.up.count(value) + state.discard[value] + held
        assert total == DOJO_COUNTS[value], (f"Dojo cards not conserved: {total} cards of value {value}, the game has "
                                             f"{DOJO_COUNTS[value]}")
        for seat in players:
            assert 0 <= state.known[seat][value] <= state.hands[seat][value], (
                f"seat {seat} is known to hold more {value}s than it holds")
    assert state.discard[0] == 0 and all(hand[0] == 0 for hand in state.hands), "Dojo cards have values 1-5"
    assert len(state.up) <= FACE_UP, f"at most {FACE_UP} Dojo cards lie face up"
    drawing = bool(state.frames) and state.frames[-1].kind == "draw"
    assert len(state.up) == FACE_UP or drawing or not (state.deck or any(state.discard)), (
        "the face-up Dojo cards are refilled to three after each visit while there are cards to draw")
    guards = [state.gdeck.count(guard) + state.gdiscard[guard] + state.sentries.count(guard)
              + state.raid_guards.count(guard) for guard in range(len(GUARD_COUNTS))]
    assert guards == list(GUARD_COUNTS), f"Guards not conserved: {guards}, the game has {list(GUARD_COUNTS)}"
    elites = [state.xdeck.count(elite) + state.xdiscard[elite] + (state.raid_elite == elite)
              + sum(state.elites[seat][elite] for seat in players) for elite in range(len(ELITES))]
    assert elites == list(ELITE_COUNTS), f"Elite Guards not conserved: {elites}, the game has {list(ELITE_COUNTS)}"
    tiles = [state.sdeck.count(tile) + state.offer.count(tile) + state.sout[tile]
             + sum(state.tiles[seat][tile] for seat in players) for tile in range(len(TILE_COUNTS))]
    tiles[HJ_TYPE] += state.hj_left
    assert tiles == list(TILE_COUNTS), f"Sensei tiles not conserved: {tiles}, the game has {list(TILE_COUNTS)}"
    assert HJ_TYPE not in state.sdeck, "the Hensojutsu tiles are set aside, never in the Sensei deck"
    for seat in players:
        assert all(0 <= used <= held for used, held in zip(state.flipped[seat], state.kinds[seat], strict=True)), (
            f"seat {seat} has used more tiles of a kind than it holds")
        assert state.flipped[seat][HJ] == 0, "a Hensojutsu tile is never flipped in a raid"
    for name, deck, display, owned, count in (
            ("Rumor", state.rdeck, state.rup, state.rumors, len(RUMORS)),
            ("Envoy", state.vdeck, state.vup, state.envoys, len(ENVOYS))):
        every = deck + display + [card for seat in players for card in owned[seat]]
        assert sorted(every) == list(range(count)), f"{name} cards not conserved: each of the {count} is somewhere once"
        assert len(display) <= DISPLAY, f"at most {DISPLAY} {name}s lie face up"
    assert len(set(state.masks)) == len(state.masks), "an Envoy is disguised once"
    for envoy in state.masks:
        assert ENVOY_MASK[envoy], f"Envoy {ENVOYS[envoy].code} shows no mask, so no Hensojutsu doubles it"
        owner = [seat for seat in players if envoy in state.envoys[seat]]
        assert owner, f"disguised Envoy {ENVOYS[envoy].code} belongs to nobody"
        assert sum(1 for other in state.masks if other in state.envoys[owner[0]]) <= state.kinds[owner[0]][HJ], (
            f"seat {owner[0]} disguises more Envoys than it holds Hensojutsu tiles")
    assert not state.masks or state.phase in (DISGUISE, CLANS), "Envoys are disguised only during scoring"


def _treasure(state: NinjatoState) -> None:
    players = range(state.num_players)
    for kind in range(5):
        on_houses = sum(1 for tokens in state.treasure for token in tokens if token % 5 == kind)
        loot = sum(1 for token in state.raid_loot if token % 5 == kind)
        held = sum(state.purse[seat][kind] for seat in players)
        total = state.bag[kind] + state.spent[kind] + on_houses + loot + held
        assert total == TREASURE_COUNTS[kind], (f"treasure not conserved: {total} of kind {kind}, the game has "
                                                f"{TREASURE_COUNTS[kind]}")


def _board(state: NinjatoState) -> None:
    assert len(state.markers) == HOUSES and len(set(state.markers)) == HOUSES, "five houses, each with its own marker"
    for house in range(HOUSES):
        assert (state.sentries[house] >= 0) == bool(state.treasure[house]), (
            f"house {house + 1} has a Sentry exactly while it has treasure (a cleared house waits for the round end)")
        assert state.treasure[house] == sorted(state.treasure[house]), "a house's treasure is kept sorted"
    assert 1 <= state.round <= ROUNDS, "rounds run from 1 to 7"
    # Scoring comes after the board is replenished for the next round (but after round 7 there is none).
    offered_for = state.round if state.phase == PLAY or state.round == ROUNDS else state.round + 1
    hj_out = max(0, offered_for - 4)
    assert state.hj_left == TILE_COUNTS[HJ_TYPE] - hj_out, (
        f"one Hensojutsu tile comes out in each of rounds 5-7: {state.hj_left} cannot be left in round {state.round}")
    if offered_for <= 4:
        assert HJ_TYPE not in state.offer, "Hensojutsu tiles are offered only in rounds 5-7"
    else:
        assert set(state.offer) <= {HJ_TYPE}, "in rounds 5-7 the Sensei offers only a Hensojutsu tile"
    assert len(state.offer) <= state.num_players, "at most one tile per player is on offer"
    limit = state.num_players if state.phase == DISGUISE else 3
    assert state.step <= limit, f"scoring step {state.step} is past its end ({limit})"
    if state.phase in (DISGUISE, CLANS):
        assert state.round in SCORING_ROUNDS, f"scoring happens after rounds 3, 5 and 7, not round {state.round}"
    elif state.result is None:
        assert state.step == 0, "the scoring step counts only during scoring"


def _shuriken(state: NinjatoState) -> None:
    players = state.num_players
    if state.phase != PLAY:
        assert state.placed == 0, "between rounds no shuriken is on the board"
    counts = [0] * players
    for seat in [*state.dojo_stack, *state.sensei_seats, *state.pavilion_seats, *state.palace_seats,
                 *(seat for seat in state.spots if seat >= 0)]:
        counts[seat] += 1
    placed = state.placed
    expected = [placed // players + (1 if state.order.index(seat) < placed % players else 0) for seat in range(players)]
    assert counts == expected, (f"the shuriken on the board {counts} are not those {placed} placements in turn order "
                                f"{state.order} put there {expected}")
    assert placed <= SHURIKEN * players, "each player has three shuriken a round"
    assert len(state.pavilion_seats) <= state.pavilion_spots, "the Pavilion is over its spots"
    assert len(state.palace_seats) <= state.palace_spots, "the Palace is over its spots"


def _raid_and_frames(state: NinjatoState) -> None:
    frames = state.frames
    if state.result is not None:
        assert not frames, "a finished game waits for nobody"
        return
    assert len(frames) == 1, "a live game waits for exactly one decision"
    frame = frames[0]
    seat = frame.seats[0]
    raiding = frame.kind in ("fight", "press", "keep")
    assert raiding == (state.raider >= 0), f"a raid is under way exactly while a {frame.kind} frame is not a raid's"
    if state.raider >= 0:
        assert state.raider == seat, "the raider decides the raid"
        house = state.raid_house
        assert state.spots[2 * house + state.raid_side] == seat, "the raider's shuriken is on the raided side"
        assert state.sentries[house] >= 0, "a raided house keeps its Sentry until it is cleared"
        assert state.treasure[house], "a raid goes on only while the house has treasure"
        if frame.kind == "keep":
            assert len(set(state.raid_loot)) > 1, "a loss asks which treasure to keep only when there is a choice"
        if frame.kind == "press":
            assert state.raid_elite < 0, "a defeated Elite goes to its victor before Banzai or retreat"
        if frame.kind == "fight" and frame.data.get("stage") == 1:
            assert state.raid_elite >= 0 and ELITES[state.raid_elite].people == 2, "a second person is an Elite's"
        if state.raid_elite >= 0:
            assert not any(token < 5 for token in state.treasure[house]), "an Elite is drawn only when no plain is left"
    else:
        assert not state.raid_loot and not state.raid_guards and state.raid_elite < 0, "no raid, nothing on a shuriken"
    if frame.kind == "place":
        assert state.phase == PLAY, "shuriken are placed only in play"
        assert seat == state.order[state.placed % state.num_players], "the seat to place is next in turn order"
        assert state.placed < SHURIKEN * state.num_players, "a round ends after every shuriken is placed"
    elif frame.kind in ("disguise", "favour"):
        assert state.phase in (DISGUISE, CLANS), f"a {frame.kind} decision belongs to scoring"
        if frame.kind == "disguise":
            assert state.phase == DISGUISE and seat == state.order[state.step], "disguises are chosen in turn order"
            assert len(state.disguise_choices(seat)) > 1, "a disguise is asked only when there is a choice"
        else:
            assert state.phase == CLANS and state.rup, "a free Rumor needs a face-up Rumor"
    else:
        assert state.phase == PLAY, f"a {frame.kind} decision belongs to a placement"
    if frame.kind == "draw":
        assert state.dojo_stack and state.dojo_stack[-1] == seat, "the seat drawing is the last to come to the Dojo"
        assert state.up, "a draw is asked only while a face-up card could be chosen"
    if frame.kind == "marker":
        cleared = frame.data["house"]
        assert isinstance(cleared, int) and state.sentries[cleared] < 0 and not state.treasure[cleared], (
            "a new marker goes on a house just cleared")
        assert seat in state.spots[2 * cleared:2 * cleared + 2], "the clearer chooses the marker"
