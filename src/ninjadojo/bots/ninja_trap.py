"""Ninja Trap bots with a memory model.

Your own traps are hidden from you, so how well a player remembers them is the game. These bots see
only their seat's view; what they remember of their own traps is their own state:

- ``heuristic``: remembers every trap it placed (and everything a Buko look showed it);
- ``forgetful:forget=0.3``: the same player, but each turn it forgets each remembered trap with the
  given chance (0 is ``heuristic``, 1 remembers nothing for long); a fair opponent for a human;
- ``random`` (generic): any legal action.

The play itself: trap rooms the rivals are likely to visit and that no remembered trap covers yet;
move to the room least likely to hold a rival's trap (the Buko when a look is worth it); flip a
remembered trap under a rival, or an unremembered one when the odds of hitting a rival are good.

**Options.** The bots choose among the legal actions, so they play under every option of the game
(the rulings a table may switch); an out player asked to flip (``ghost_traps``) has nothing to lose and
guesses with a trap whenever it might hit a rival.

**After a load.** The memory is rebuilt from what the seat saw (:meth:`MemoryBot.recall`, called by
the table for a game resumed part way): at each step the seat acted, the bot makes again the choice it
would have made then (the same view, the same draws from its random stream, so the same forgetting),
then keeps what the seat really did. A resumed bot therefore remembers exactly what a bot that played
the game through remembers and chooses as it would; a bot taking over a seat someone else played
remembers that seat's own traps, which the seat saw placed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ninjadojo.bots.base import Bot, SeatView
from ninjadojo.bots.ismcts import _flag
from ninjadojo.bots.lookahead import LookaheadBot
from ninjadojo.engine.errors import OptionError
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import GameState
from ninjadojo.games.ninja_trap.cards import (
    BUKO,
    CODES,
    DRAW_PER_TURN,
    HITS_TO_KILL,
    ROOM_COUNT,
    ROOM_INDEX,
    deck_counts,
)
from ninjadojo.games.ninja_trap.rules import remembered_traps

#: An unremembered trap is flipped only when its expected hits on rivals, less the risk to oneself,
#: reach this.
GUESS_THRESHOLD = 0.35
#: How much a Buko look is worth per face-down trap the bot does not remember.
LOOK_VALUE = 0.12
#: What the heuristic adds to a trap's score for a room none of its remembered traps covers.
UNCOVERED_BONUS = 0.3
#: How sharply ``leaf=odds`` turns projected lives into a chance of winning (one life ahead of one
#: rival: e / (1 + e), about 0.73).
LEAF_SHARPNESS = 1.0
#: The most random noise the heuristic adds to a room's risk when it moves (its tie-break).
MOVE_NOISE = 0.05


def _counts(codes: str) -> list[int]:
    return [codes.count(code) for code in CODES]


def unseen_cards(full: tuple[int, ...], seen: str, remembered: Iterable[int] = ()) -> list[int]:
    """A seat's cards it has not shown (hand, deck or traps), room by room: its whole deck ``full`` less the
    cards ``seen`` (codes: its discard pile, its move on the table, ...) and the ``remembered`` rooms."""
    gone = _counts(seen)
    for room in remembered:
        gone[room] += 1
    return [max(0, full[r] - gone[r]) for r in range(ROOM_COUNT)]


def unseen_shares(full: tuple[int, ...], seen: str, remembered: Iterable[int] = ()) -> list[float]:
    """The chance that one of a seat's unseen cards (:func:`unseen_cards`) is each room."""
    unseen = unseen_cards(full, seen, remembered)
    total = sum(unseen) or 1
    return [count / total for count in unseen]


def move_risk(chance: float, traps: int) -> float:
    """The heuristic's risk of a room from one rival: the chance that at least one of its ``traps`` face-down
    traps is that room, each one with ``chance`` (the lookahead's inference repeats the heuristic's figure)."""
    return 1.0 - (1.0 - chance) ** traps


def flip_weight(hits: int) -> float:
    """What the heuristic gains by springing a trap on a rival with ``hits``: a rival close to being out is
    worth more (the lookahead's inference repeats the heuristic's figure)."""
    return 1.0 + hits / HITS_TO_KILL


def _shown(view: dict[str, Any], seat: int) -> str:
    """The cards of ``seat`` the view shows: its discard pile, and its move while it is on the table."""
    info = view["seats"][seat]
    on_table: str = info["move"] if view["stage"] == "activate" and info["move"] else ""
    discard: str = info["discard"]
    return discard + on_table


class MemoryBot(Bot):
    """A heuristic Ninja Trap player that remembers its own traps, forgetting each with ``forget`` a turn."""

    name = "heuristic"
    remembers = True

    def __init__(self, seed: int = 0, forget: float | str = 0.0, **params: object) -> None:
        super().__init__(seed, **params)
        try:
            chance = float(forget)
        except ValueError:
            raise OptionError(f"forget must be a chance from 0 to 1, not {forget!r}") from None
        if not 0.0 <= chance <= 1.0:
            raise OptionError(f"forget must be a chance from 0 to 1, not {forget!r}")
        self.forget = chance
        #: What the bot believes its face-down traps are: {turn placed: room}.
        self.memory: dict[int, int] = {}
        self.turn_seen = 0

    # ------------------------------------------------------------------ memory

    def _update_memory(self, view: dict[str, Any], seat: int) -> None:
        turn = int(view["turn"])
        if turn < self.turn_seen:  # a new game with the same bot: start afresh
            self.memory.clear()
            self.turn_seen = 0
        if turn > self.turn_seen:
            # One chance to forget each remembered trap per turn gone by.
            for _ in range(turn - self.turn_seen if self.forget and self.turn_seen else 0):
                self.memory = {t: r for t, r in self.memory.items() if self.rng.random() >= self.forget}
            self.turn_seen = turn
        present = set(view["seats"][seat]["traps"])
        self.memory = {t: r for t, r in self.memory.items() if t in present}
        for trap in view.get("buko_look") or ():
            self.memory[int(trap["turn"])] = ROOM_INDEX[trap["room"]]

    def assume(self, notes: Sequence[JSONValue]) -> None:
        """Remember the traps the notes name (a search's rollout: the seat laid them in the sample)."""
        self.memory.update(remembered_traps(notes))

    def recall(self, view: SeatView, action: str | None) -> None:
        """Rebuild the memory from one past step (see the module docs): only the seat's own steps count,
        as only they reached ``choose`` in play."""
        if action is None:
            return
        decision = view.decision()
        self.choose(view)  # the same queries and draws as in play: the same forgetting and memory
        if decision is not None and decision.kind == "trap":
            # The trap the seat really placed (a human, or another bot, may have held the seat then).
            observed: dict[str, Any] = view.observe(log=False)
            self.memory[int(observed["turn"])] = ROOM_INDEX[action[1]]

    # ------------------------------------------------------------------ estimates

    def _unseen(self, view: dict[str, Any], other: int, full: tuple[int, ...]) -> list[float]:
        """The chance that one unseen card of ``other`` (hand, deck or trap) is each room."""
        return unseen_shares(full, _shown(view, other))

    def _own_unknown(self, view: dict[str, Any], seat: int, full: tuple[int, ...]) -> list[float]:
        """The chance that one of this bot's unremembered traps is each room."""
        return unseen_shares(full, view["hand"] + _shown(view, seat), self.memory.values())

    # ------------------------------------------------------------------ choices

    def choose(self, view: SeatView) -> str:
        seat = view.seat
        observed: dict[str, JSONValue] = view.observe(log=False)
        data: dict[str, Any] = observed
        self._update_memory(data, seat)
        legal = view.legal_actions()
        decision = view.decision()
        kind = decision.kind if decision is not None else ""
        full = deck_counts(view.num_players)
        rivals = [s for s in range(view.num_players) if s != seat and data["seats"][s]["alive"]]
        if kind == "trap":
            action = self._choose_trap(data, seat, rivals, full, legal)
            self.memory[int(data["turn"])] = ROOM_INDEX[action[1]]
            return action
        if kind == "move":
            return self._choose_move(data, seat, rivals, full, legal)
        if kind == "activate":
            return self._choose_flip(data, seat, rivals, full, legal)
        # The Buko look (its one action, ok): the traps were read into memory above.
        return legal[0]

    def _choose_trap(self, view: dict[str, Any], seat: int, rivals: list[int], full: tuple[int, ...],
                     legal: list[str]) -> str:
        covered = set(self.memory.values())
        unknown = len(view["seats"][seat]["traps"]) - len(self.memory)
        odds = [self._unseen(view, rival, full) for rival in rivals]
        best, best_score = legal[0], float("-inf")
        for action in legal:
            room = ROOM_INDEX[action[1]]
            score = sum(chances[room] for chances in odds)
            score += UNCOVERED_BONUS if room not in covered else 0.0
            if room == BUKO and unknown >= 2:
                score -= 0.5  # keep the Buko to move there and look
            score += self.rng.random() * 0.05
            if score > best_score:
                best, best_score = action, score
        return best

    def _choose_move(self, view: dict[str, Any], seat: int, rivals: list[int], full: tuple[int, ...],
                     legal: list[str]) -> str:
        unknown = len(view["seats"][seat]["traps"]) - len(self.memory)
        odds = [(self._unseen(view, rival, full), len(view["seats"][rival]["traps"])) for rival in rivals]
        best, best_score = legal[0], float("inf")
        for action in legal:
            room = ROOM_INDEX[action[1]]
            risk = 0.0
            for chances, traps in odds:
                risk += move_risk(chances[room], traps)
            if room == BUKO:
                risk -= LOOK_VALUE * unknown
            risk += self.rng.random() * MOVE_NOISE
            if risk < best_score:
                best, best_score = action, risk
        return best

    def _choose_flip(self, view: dict[str, Any], seat: int, rivals: list[int], full: tuple[int, ...],
                     legal: list[str]) -> str:
        seats = view["seats"]
        mine = seats[seat]["move"]
        my_room = ROOM_INDEX[mine] if mine else -1
        targets = [0.0] * ROOM_COUNT
        for rival in rivals:
            move = seats[rival]["move"]
            if move:
                targets[ROOM_INDEX[move]] += flip_weight(seats[rival]["hits"])
        row: list[int] = seats[seat]["traps"]
        best, best_gain = "pass", 0.0
        for position, turn in enumerate(row):
            room = self.memory.get(turn)
            if room is not None and room != my_room and targets[room] > best_gain:
                best, best_gain = f"f{position + 1}", targets[room]
        if best != "pass":
            return best
        unknown = [position for position, turn in enumerate(row) if turn not in self.memory]
        if unknown:
            odds = self._own_unknown(view, seat, full)
            gain = sum(odds[r] * targets[r] for r in range(ROOM_COUNT))
            if my_room >= 0:
                gain -= 1.5 * odds[my_room]
            # An out player (asked only under the option ghost_traps) risks nothing by guessing.
            threshold = GUESS_THRESHOLD if seats[seat]["alive"] else 0.0
            if gain > 0.0 and gain >= threshold:
                return f"f{unknown[0] + 1}"
        return "pass" if "pass" in legal else legal[0]


def heuristic(seed: int = 0, **params: str) -> Bot:
    """A heuristic bot that remembers every trap it placed (``forget`` defaults to 0)."""
    return MemoryBot(seed=seed, **params)


def forgetful(seed: int = 0, forget: str = "0.3", **params: str) -> Bot:
    """A heuristic bot that forgets each remembered trap with chance ``forget`` per turn (default 0.3)."""
    bot = MemoryBot(seed=seed, forget=forget, **params)
    bot.name = "forgetful"
    return bot


#: ``forgetful`` is ``heuristic`` with another default (``forget=0.3``): the same bot at the same parameters
#: (see :func:`ninjadojo.bots.bot_identity`; an arena refuses the two as different players).
forgetful.same_bot_as = "heuristic"  # type: ignore[attr-defined]


#: The ``lookahead``'s rollout depth (actions) by the number of players, for ``depth=auto`` (its default).
AUTO_DEPTH = {2: 8, 3: 30, 4: 30}


class TrapLookahead(LookaheadBot):
    """The generic ``lookahead`` (:mod:`ninjadojo.bots.lookahead`) with Ninja Trap's inference on the rivals' traps.

    A rival that remembers its traps springs one when it can: a living rival, alone in its room, with a
    face-down trap, that lets a living ninja stand in another room unharmed has no trap there; one that
    flips a trap for a lesser target has none under a better one. The bot reads this from each turn's
    moves and flips (public) and keeps, per rival trap, the rooms it cannot be; its determinisations
    deal each rival's unseen cards so that its traps avoid them. A rival that forgets (a human) may
    break the rule: a trap the sample cannot deal within it is dealt freely. ``infer=no`` turns it off.

    ``depth`` defaults to ``auto``: :data:`AUTO_DEPTH` for the number of players.
    """

    def __init__(self, seed: int = 0, infer: str | bool = "yes", depth: str | int = "auto",
                 model: str | bool = "yes", leaf: str = "rank", **params: Any) -> None:
        # ``auto``: measured best per table size (issue 25): at 2 players short rollouts, about one turn
        # (8 actions), beat 30 (76% against 66% of 60 games against the heuristic); at 4 players 30 beat 12.
        self.auto_depth = str(depth) == "auto"
        super().__init__(seed, depth=AUTO_DEPTH[4] if self.auto_depth else depth, **params)
        self.infer = _flag(infer, "infer", "lookahead")
        self.model_traps = _flag(model, "model", "lookahead")
        if leaf not in ("rank", "odds"):
            raise OptionError(f"leaf must be rank or odds, not {leaf!r}")
        self.leaf_odds = leaf == "odds"
        #: Per rival seat: {turn its trap was laid: rooms that trap cannot be}.
        self.ruled_out: dict[int, dict[int, set[int]]] = {}
        #: Per rival seat: the risk it saw in each room at its last move (the heuristic's, without its
        #: noise), by the turn: ``(turn, risks)``.
        self.move_risks: dict[int, tuple[int, list[float]]] = {}
        #: Per rival seat: ``(turn, rooms)``: the cards it kept in hand after that turn's move are none of
        #: these rooms (each looked safer than the room it moved to, by more than the heuristic's noise).
        self.hand_rules: dict[int, tuple[int, set[int]]] = {}
        #: Per rival seat: {turn: (its cards not yet discarded then, room by room; the heuristic's trap
        #: score of each room then before its bonus for a room it has no trap in; its hand size)}.
        self.trap_models: dict[int, dict[int, tuple[list[int], list[float], int]]] = {}
        self.game_turn = 0

    def _prepare(self, view: SeatView) -> None:
        self._read(view)
        if self.auto_depth:
            self.depth = AUTO_DEPTH.get(view.num_players, AUTO_DEPTH[4])

    def recall(self, view: SeatView, action: str | None) -> None:
        """Catch up on one past step: its notes, and what its view shows of the rivals' traps."""
        if action is not None:
            self._read(view)
        super().recall(view, action)

    def _read(self, view: SeatView) -> None:
        """Rule rooms out of the rivals' traps from the last resolved turn's moves and flips."""
        data: dict[str, Any] = view.observe(log=False)
        turn, stage = int(data["turn"]), data["stage"]
        if turn < self.game_turn:  # a new game with the same bot
            self.ruled_out.clear()
            self.move_risks.clear()
            self.hand_rules.clear()
            self.trap_models.clear()
        self.game_turn = turn
        seats = data["seats"]
        players = len(seats)
        moves = [ROOM_INDEX[s["move"]] if s["move"] else -1 for s in seats]
        # The moves shown are this turn's from the activation on, else the last turn's.
        moved = turn if stage in ("activate", "look") else turn - 1
        for rival, (when, risks) in list(self.move_risks.items()):
            if when == moved and moves[rival] >= 0:
                chosen = risks[moves[rival]]
                self.hand_rules[rival] = (when, {room for room in range(ROOM_COUNT)
                                                 if risks[room] <= chosen - MOVE_NOISE - 1e-9})
                del self.move_risks[rival]
        if stage == "move":
            self._note_move_risks(data, view.seat, turn)
        if stage == "trap":
            self._note_trap_scores(data, view.seat, turn)
        # Before this turn's moves resolve, the view still shows the last turn's; after a look, this turn's.
        done = turn - 1 if stage in ("trap", "move") else turn if stage == "look" else 0
        if done < 1:
            return
        flips = [ROOM_INDEX[s["flipped"]] if s["flipped"] else -1 for s in seats]
        sprung = {room for room in flips if room >= 0}
        # Hits and lives as they stood when the traps were flipped (before this turn's hits).
        hits = [int(s["hits"]) - (1 if moves[i] >= 0 and moves[i] in sprung else 0) for i, s in enumerate(seats)]
        alive = [moves[i] >= 0 and hits[i] < HITS_TO_KILL for i in range(players)]
        in_room = [0] * ROOM_COUNT
        for room in moves:
            if room >= 0:
                in_room[room] += 1
        for rival in range(players):
            if rival == view.seat or not alive[rival] or in_room[moves[rival]] > 1:
                continue
            row = [t for t in seats[rival]["traps"] if t <= done]
            if not row:
                continue
            # The rival's targets as the heuristic weighs them: each other living ninja's room.
            targets = [0.0] * ROOM_COUNT
            for other in range(players):
                if other != rival and alive[other]:
                    targets[moves[other]] += flip_weight(hits[other])
            gain = targets[flips[rival]] if flips[rival] >= 0 else 0.0
            out = {room for room in range(ROOM_COUNT) if targets[room] > gain + 1e-9}
            if not out:
                continue
            known = self.ruled_out.setdefault(rival, {})
            for laid in row:
                known.setdefault(laid, set()).update(out)

    def _note_move_risks(self, data: dict[str, Any], seat: int, turn: int) -> None:
        """Each living rival's risk in each room as the heuristic weighs it when moving (public figures)."""
        seats = data["seats"]
        full = deck_counts(len(seats))
        # Each living seat's risk to the others, room by room (worked out once, whichever rival weighs it).
        danger = {other: [move_risk(chance, len(info["traps"])) for chance in unseen_shares(full, info["discard"])]
                  for other, info in enumerate(seats) if info["alive"]}
        for rival in range(len(seats)):
            if rival == seat or not seats[rival]["alive"] or seats[rival]["deck_size"] <= DRAW_PER_TURN:
                # (A deck that may run out at this turn's draw may be reshuffled: a new hand, nothing kept.)
                self.move_risks.pop(rival, None)
                continue
            risks = [0.0] * ROOM_COUNT
            for other, from_other in danger.items():
                if other == rival:
                    continue
                for room in range(ROOM_COUNT):
                    risks[room] += from_other[room]
            self.move_risks[rival] = (turn, risks)

    def _note_trap_scores(self, data: dict[str, Any], seat: int, turn: int) -> None:
        """What each living rival weighs when it lays this turn's trap as the heuristic does (public figures)."""
        seats = data["seats"]
        full = deck_counts(len(seats))
        # Each living seat's shares, worked out once, whichever rival weighs them.
        shares = {other: unseen_shares(full, info["discard"]) for other, info in enumerate(seats) if info["alive"]}
        for rival in range(len(seats)):
            if rival == seat or not seats[rival]["alive"] or seats[rival]["hand_size"] < 2:
                continue
            scores = [0.0] * ROOM_COUNT
            for other, chances in shares.items():
                if other != rival:
                    for room, chance in enumerate(chances):
                        scores[room] += chance
            pool = unseen_cards(full, seats[rival]["discard"])
            self.trap_models.setdefault(rival, {})[turn] = (pool, scores, int(seats[rival]["hand_size"]))

    @staticmethod
    def _trap_odds(model: tuple[list[int], list[float], int], covered: set[int]) -> list[float]:
        """How likely the heuristic was to lay each room, its hand drawn at random from its cards then: the
        chance that the room is in the hand and no room it scores higher is (its trap is its best room)."""
        pool, base, size = model
        scores = [base[room] + (0.0 if room in covered else UNCOVERED_BONUS) for room in range(ROOM_COUNT)]
        total = sum(pool)
        odds = [0.0] * ROOM_COUNT
        for room in range(ROOM_COUNT):
            if not pool[room]:
                continue
            higher = sum(pool[r] for r in range(ROOM_COUNT) if scores[r] > scores[room])
            odds[room] = math.comb(total - higher, size) - math.comb(total - higher - pool[room], size)
        return odds

    def _kept(self, rival: int, state: Any) -> tuple[int, set[int]]:
        """How many of ``rival``'s hand cards now are ones it kept after its last move seen, and the rooms
        those cannot be (0 where nothing is known)."""
        rule = self.hand_rules.get(rival)
        if rule is None or not rule[1]:
            return 0, set()
        when, banned = rule
        size = sum(state.hands[rival])
        stage = state.stage()
        if state.turn == when and stage in ("activate", "look"):
            return size, banned  # the hand is what it kept
        if state.turn == when + 1 and stage in ("trap", "move"):
            # Two cards drawn since (the trap laid may have been a kept card): the rest were kept.
            return max(0, size - DRAW_PER_TURN), banned
        return 0, set()

    def _reward(self, state: GameState[Any], seat: int) -> float:
        """With ``leaf=odds``, a cut-off position is worth the seat's chance of winning as a smooth guess
        from the projected scores (lives, plus a little a face-down trap): each living seat's weight is
        e ** (:data:`LEAF_SHARPNESS` x its projection), so a trap more is worth a little, a life a lot,
        where the generic rank-based estimate counts any lead, even one trap, as much as a life."""
        if not self.leaf_odds or state.result is not None:
            return super()._reward(state, seat)
        projected = state.projected_scores()
        weights = [math.exp(LEAF_SHARPNESS * score) if score > 0.0 else 0.0 for score in projected]
        total = sum(weights)
        return weights[seat] / total if total else 0.0

    def _sample(self, view: SeatView, seed: int) -> GameState[Any]:
        sample = super()._sample(view, seed)
        if not self.infer or view.omniscient or not (self.ruled_out or self.hand_rules):
            return sample  # (a view that samples the true game needs no inference)
        state: Any = sample
        rng = Rng(seed ^ 0x5EED)
        for rival in range(state.num_players):
            if rival == view.seat:
                continue
            rules = self.ruled_out.get(rival, {})
            row_turns: list[int] = state.trap_turns[rival]
            kept, banned_in_hand = self._kept(rival, state)
            models = self.trap_models.get(rival, {})
            if not kept and not any(rules.get(t) or t in models for t in row_turns):
                continue
            hand: list[int] = state.hands[rival]
            row: list[int] = state.traps[rival]
            pool = [room for room in range(ROOM_COUNT) for _ in range(hand[room])] + row + state.decks[rival]
            rng.shuffle(pool)
            dealt: list[int] = []
            # The traps in the order laid, each room drawn with the chance the heuristic laid it (where the
            # bot saw that turn's figures, else as many as are left) among the rooms not ruled out (any
            # room, if that leaves none).
            for laid in row_turns:
                banned = rules.get(laid, set())
                left = [0] * ROOM_COUNT
                for room in pool:
                    left[room] += 1
                model = models.get(laid)
                odds = (self._trap_odds(model, set(dealt)) if model is not None and self.model_traps
                        else [1.0] * ROOM_COUNT)
                weights = [odds[room] * left[room] if room not in banned else 0.0 for room in range(ROOM_COUNT)]
                if sum(weights) <= 0.0:
                    weights = [odds[room] * left[room] for room in range(ROOM_COUNT)]
                if sum(weights) <= 0.0:
                    weights = [float(count) for count in left]
                target = rng.random() * sum(weights)
                choice = ROOM_COUNT - 1
                for room, weight in enumerate(weights):
                    target -= weight
                    if weight > 0.0 and target < 0.0:
                        choice = room
                        break
                while weights[choice] <= 0.0:  # (rounding at the very end)
                    choice -= 1
                dealt.append(pool.pop(pool.index(choice)))
            size = sum(hand)
            state.traps[rival] = dealt
            # The kept cards first, each the first allowed card left (or the first card if none is).
            held: list[int] = []
            for _ in range(min(kept, size)):
                pick = next((k for k, room in enumerate(pool) if room not in banned_in_hand), 0)
                held.append(pool.pop(pick))
            rest = size - len(held)
            held += pool[:rest]
            state.hands[rival] = [0] * ROOM_COUNT
            for room in held:
                state.hands[rival][room] += 1
            state.decks[rival] = pool[rest:]
        return sample


BOTS: dict[str, Callable[..., Bot]] = {"heuristic": heuristic, "forgetful": forgetful, "lookahead": TrapLookahead}
