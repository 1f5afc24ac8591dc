"""Ninjato bots: one heuristic player, weighted five ways.

Every bot values each legal action in rough points of honour and takes the best (ties broken at
random). The valuation reads only the seat's sample (:meth:`SeatView.sample`), so it uses nothing the
seat may not know. A :class:`Strategy` scales the parts of that valuation; the text's four ways to play
are four strategies, and ``balanced`` (also ``heuristic``) weighs them evenly:

- ``attacker``: raids for treasure and Elite Guards, calls Banzai boldly, likes Greatest Warrior;
- ``envoy``: Envoys and clan majorities, clan markers and Hensojutsu, likes Powerful Friends;
- ``rumor``: Rumors and their sets, Goodwill of the People and Dishonorable Opponents;
- ``sensei``: Sensei tiles first (and the raids they make easy), likes Master of the Secret Art.

The same valuation with different weights keeps the strategies comparable: a simulation that sets one
against ``balanced`` measures the design, not the care taken over one bot.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ninjadojo.bots.base import Bot, SeatView
from ninjadojo.bots.ismcts import SearchReport, _number, decision_stream
from ninjadojo.bots.lookahead import paired_root, surely_better
from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import GameState
from ninjadojo.games.ninjato.cards import (
    C1,
    C2,
    DISHONOR,
    DISHONOR_POINTS,
    ELITES,
    ENVOY_CLAN,
    ENVOY_MASK,
    FRIENDS,
    GOODWILL,
    GUARD_VALUE,
    HJ,
    MARKERS,
    MASTER,
    RUMOR_KIND_OF,
    S1,
    S2,
    STYLE_KINDS,
    T1,
    T6,
    TILE_KIND_OF,
    TILE_KINDS,
    TREASURE_VALUE,
    WARRIOR,
    set_multiplier,
)
from ninjadojo.games.ninjato.effects import clan_points, clan_standing
from ninjadojo.games.ninjato.encode import (
    OP_ATTACK,
    OP_DOJO,
    OP_DRAW,
    OP_ENVOY,
    OP_FREE_RUMOR,
    OP_KEEP,
    OP_MARKER,
    OP_MASK,
    OP_PLAY,
    OP_POINTS,
    OP_RUMOR,
    OP_SENSEI,
    STRENGTH,
    Payload,
    beats,
    plays,
    spend,
    two_person_firsts,
)
from ninjadojo.games.ninjato.evaluate import (
    CARD_WORTH,
    ENVOY_HOLD,
    FREE_RUMOR,
    TILE_USE,
    held_worth,
    rounds_left,
    scorings_left,
    win_chances,
)
from ninjadojo.games.ninjato.rules import threshold
from ninjadojo.games.ninjato.state import NinjatoState


class Strategy(NamedTuple):
    """Weights of the valuation (1.0 is the balanced player's)."""

    #: Treasure won in raids.
    raid: float
    #: Boldness at Banzai: the share of the risked treasure a bot will stake on a fair chance.
    risk: float
    #: Defeated Elite Guards (their points and what they add to Greatest Warrior).
    elite: float
    #: Envoys' weight in clan majorities (and markers, Hensojutsu).
    envoy: float
    #: Rumors' end-of-game value.
    rumor: float
    #: Sensei tiles.
    sensei: float
    #: Preference per Rumor kind (Warrior, Goodwill, Friends, Master, Dishonorable).
    kinds: tuple[float, float, float, float, float]


STRATEGIES: dict[str, Strategy] = {
    "balanced": Strategy(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, (1.0, 1.0, 1.0, 1.0, 1.0)),
    "attacker": Strategy(1.3, 1.2, 1.6, 0.9, 0.9, 1.1, (1.5, 0.9, 0.8, 0.9, 0.9)),
    "envoy": Strategy(0.9, 0.9, 0.9, 1.5, 0.9, 0.9, (0.8, 0.9, 1.5, 0.9, 0.9)),
    "rumor": Strategy(0.9, 0.9, 0.9, 0.9, 1.4, 0.9, (1.0, 1.3, 1.0, 1.0, 1.1)),
    "sensei": Strategy(1.0, 1.1, 1.0, 0.9, 0.9, 1.5, (0.9, 0.9, 0.9, 1.5, 0.9)),
}

#: The chance a Banzai pays, about, for a raider with a good card left; a treasure's worth, about.
BANZAI_ODDS = 0.7
AVERAGE_TREASURE = 3.5
#: How strongly a Rumor collector builds sets (see :meth:`NinjatoBot._rumor_worth`).
SET_PULL = 2.0


class NinjatoBot(Bot):
    """Heuristic Ninjato player: values each action in points of honour, weighted by its strategy.

    ``strategy``: balanced, attacker, envoy, rumor or sensei (see the module docstring).
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, strategy: str = "balanced") -> None:
        super().__init__(seed)
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {', '.join(STRATEGIES)}, not {strategy!r}")
        self.strategy_name = strategy
        self.weights = STRATEGIES[strategy]

    # ------------------------------------------------------------------ choosing

    def choose(self, view: SeatView) -> str:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.choose_in(_ninjato(view.sample(self.rng.next_u64())), view.seat)

    def choose_in(self, state: NinjatoState, seat: int) -> str:
        """The bot's choice for ``seat`` in ``state``, a full position (a sample of what the seat knows).

        The valuation reads the seat's own hand and what is public, so in a sample it chooses as from the
        seat's view; a search's rollouts call this on their sample, saving a sample per decision.
        """
        frame = state.frames[-1]
        legal = state._legal_map(seat)
        kind = frame.kind
        if kind == "fight":
            elite = state.raid_elite
            first_of_two = frame.data["stage"] == 0 and elite >= 0 and ELITES[elite].people == 2
            return self._fight(state, seat, legal, first_of_two)
        if kind == "press":
            return "banzai" if self._banzai(state, seat) else "retreat"
        values = self.values(state, seat)
        return max(values, key=values.__getitem__)

    def values(self, state: NinjatoState, seat: int) -> dict[str, float]:
        """Each legal action of ``seat`` (outside a fight or a Banzai call) with its value, plus a jitter
        under 0.01 that breaks ties at random."""
        kind = state.frames[-1].kind
        legal = state._legal_map(seat)
        return {action: self._value(state, seat, kind, payload) + 0.01 * self.rng.random()
                for action, payload in legal.items()}

    def _value(self, state: NinjatoState, seat: int, kind: str, payload: Payload) -> float:
        op = payload[0]
        if op == OP_DOJO:
            return self._dojo(state, seat)
        if op == OP_SENSEI:
            return self._sensei(state, seat, payload[1], payload[2])
        if op == OP_ATTACK:
            return self._raid(state, seat, payload[1], payload[2])
        if op in (OP_RUMOR, OP_ENVOY):
            return self._buy(state, seat, payload)
        if op == OP_DRAW:
            return CARD_WORTH[payload[1]] if payload[1] else 1.0
        if op == OP_KEEP:
            return TREASURE_VALUE[payload[1] % 5] + (0.5 if payload[1] % 5 == 4 else 0.0)
        if op == OP_MARKER:
            return self._marker(state, seat, payload[1])
        if op == OP_MASK:
            return self._envoy_gain(state, seat, ENVOY_CLAN[payload[1]], extra=1)
        if op == OP_POINTS:
            clan = state.frames[-1].data["clan"]
            assert isinstance(clan, int)
            return float(clan_points(state, clan))
        if op == OP_FREE_RUMOR:
            return self._rumor_worth(state, seat, payload[1])
        raise AssertionError(f"no valuation for {kind} {payload}")

    # ------------------------------------------------------------------ placements

    def _dojo(self, state: NinjatoState, seat: int) -> float:
        size = state.hand_size(seat)
        need = 1.6 if size <= 1 else 1.1 if size <= 3 else 0.5 if size <= 5 else 0.2
        drawn = 4 if size == 0 else 3 if size == 1 else 2
        # Cards are spent in raids: late in the game fewer raids are left to use them.
        future = min(1.0, (rounds_left(state) * 3 - 1) / 6)
        order = 0.6 if seat not in state.dojo_stack and state.round < 7 else 0.0
        return drawn * need * future + order

    def _tile_worth(self, state: NinjatoState, seat: int, tile: int) -> float:
        kind = TILE_KIND_OF[tile]
        masters = sum(1 for rumor in state.rumors[seat] if RUMOR_KIND_OF[rumor] == MASTER)
        master = set_multiplier(masters) * self.weights.rumor
        if kind == HJ:
            masked = sum(1 for envoy in state.envoys[seat] if ENVOY_MASK[envoy])
            return master + min(masked, 1) * 3.0 * scorings_left(state) * self.weights.envoy
        # A second tile of a style adds less than the first: a card takes one tile, a raid few cards.
        same_style = sum(state.kinds[seat][other] for other in STYLE_KINDS[TILE_KINDS[kind].style])
        return master + TILE_USE[kind] * rounds_left(state) * self.weights.sensei / (1 + 0.5 * same_style)

    def _sensei(self, state: NinjatoState, seat: int, tile: int, paid: int) -> float:
        return self._tile_worth(state, seat, tile) - (CARD_WORTH[paid] if paid else 0.0)

    def _raid(self, state: NinjatoState, seat: int, house: int, side: int) -> float:
        guard = GUARD_VALUE[state.sentries[house]]
        hand, ready = state.hands[seat], state.ready(seat)
        winning = [play for play in plays(hand, ready, side, state.stack_tiles, state.crane_as_card)
                   if beats(play[2], guard, side)]
        if not winning:
            return -2.0
        cost = min(_play_cost(play[1]) for play in winning)
        tokens = state.treasure[house]
        plains = [token for token in tokens if token < 5]
        first = TREASURE_VALUE[plains[0] % 5] if plains else 0.0
        # Each further card good for this side gives a fair chance at the next treasure (Banzai).
        if side == STRENGTH:
            useful = hand[4] + hand[5] + ready[T1] + ready[T6] + ready[C2] + ready[C1]
        else:
            useful = hand[1] + hand[2] + ready[S1] + ready[S2] + ready[C2] + ready[C1]
        useful += 1 if hand[3] else 0
        further, chance = 0.0, 1.0
        for _ in range(min(len(tokens) - (1 if plains else 0), max(useful - 1, 0), 3)):
            chance *= BANZAI_ODDS
            further += chance * (AVERAGE_TREASURE - 0.8)
        reds = len(tokens) - len(plains)
        elites = 0.25 * reds * (1.5 + self._warrior_bonus(state, seat)) * self.weights.elite if further else 0.0
        clear = 1.0 * self.weights.envoy if len(tokens) == 1 else 0.0
        return (first * held_worth(state, seat) + further) * self.weights.raid + elites + clear - cost

    def _buy(self, state: NinjatoState, seat: int, payload: Payload) -> float:
        card, honour, counts = payload[1], payload[2], payload[3:]
        held = sum(counts[kind] * TREASURE_VALUE[kind] for kind in range(5)) + 0.5 * counts[4]
        gain = honour - held_worth(state, seat) * held
        if payload[0] == OP_RUMOR:
            return gain + self._rumor_worth(state, seat, card)
        clan = ENVOY_CLAN[card]
        value = self._envoy_gain(state, seat, clan, extra=1)
        friends = sum(1 for rumor in state.rumors[seat] if RUMOR_KIND_OF[rumor] == FRIENDS)
        value += set_multiplier(friends) * self.weights.rumor
        if ENVOY_MASK[card] and state.kinds[seat][HJ]:
            value += 1.0 * self.weights.envoy
        return gain + value

    # ------------------------------------------------------------------ clans and Rumors

    def _envoy_gain(self, state: NinjatoState, seat: int, clan: int, extra: int) -> float:
        """What ``extra`` more Envoys of ``clan`` are worth over the scorings left."""
        standing = clan_standing(state, clan)
        mine = next((count for other, count, _ in standing if other == seat), 0)
        rivals = sorted((count for other, count, _ in standing if other != seat), reverse=True)
        points = max(clan_points(state, clan), 4)

        def worth(count: int) -> float:
            if count == 0:
                return 0.0
            best = rivals[0] if rivals else 0
            if count > best:
                return float(points)
            if count == best:
                return 0.5 * points + 0.5 * FREE_RUMOR
            second = rivals[1] if len(rivals) > 1 else 0
            return FREE_RUMOR if count >= second else 0.5

        # Rivals buy Envoys too: a lead today is worth about half of it over the scorings to come.
        return (worth(mine + extra) - worth(mine)) * scorings_left(state) * ENVOY_HOLD * self.weights.envoy

    def _warrior_bonus(self, state: NinjatoState, seat: int) -> float:
        warriors = sum(1 for rumor in state.rumors[seat] if RUMOR_KIND_OF[rumor] == WARRIOR)
        return float(set_multiplier(warriors))

    def _rumor_worth(self, state: NinjatoState, seat: int, rumor: int) -> float:
        """What one more Rumor ``rumor`` adds at the end, about."""
        kind = RUMOR_KIND_OF[rumor]
        counts = [0] * 5
        for mine in state.rumors[seat]:
            counts[RUMOR_KIND_OF[mine]] += 1
        step = set_multiplier(counts[kind] + 1) - set_multiplier(counts[kind])
        future = rounds_left(state) / 7
        if kind == WARRIOR:
            base = sum(state.elites[seat]) + 1.5 * future * self.weights.elite
        elif kind == GOODWILL:
            base = len(state.rumors[seat]) + 1 + 2.0 * future * self.weights.rumor
        elif kind == FRIENDS:
            base = len(state.envoys[seat]) + 2.0 * future * self.weights.envoy
        elif kind == MASTER:
            base = sum(state.tiles[seat]) + 1.5 * future * self.weights.sensei
        else:
            holders = {other for other in range(state.num_players)
                       if any(RUMOR_KIND_OF[card] == DISHONOR for card in state.rumors[other])}
            after = len(holders | {seat})
            value = float((counts[kind] + 1) * DISHONOR_POINTS[min(after, 3)]
                          - counts[kind] * DISHONOR_POINTS[min(max(len(holders), 1), 3)])
            if seat not in holders and holders:
                # Joining the holders takes points from each of them.
                value += 0.5 * len(holders) * (DISHONOR_POINTS[min(len(holders), 3)] - DISHONOR_POINTS[min(after, 3)])
            return max(value, 0.0) * self.weights.rumor * self.weights.kinds[DISHONOR]
        goodwill = set_multiplier(counts[GOODWILL]) if kind != GOODWILL else 0
        # A set of three is worth x4: a card that builds on a kind already held is a step toward it, more
        # so for a collector (the weight above 1) and while rounds remain to find the third.
        towards = SET_PULL * (counts[kind] % 3) * base * future * max(0.0, self.weights.rumor - 0.9)
        return (step * base + goodwill + towards) * self.weights.rumor * self.weights.kinds[kind]

    def _marker(self, state: NinjatoState, seat: int, marker: int) -> float:
        clan, value = MARKERS[marker]
        return value * self._share(state, seat, clan)

    def _share(self, state: NinjatoState, seat: int, clan: int) -> float:
        """How much of a clan's house points come the seat's way (negative when a rival leads it)."""
        standing = clan_standing(state, clan)
        if not standing:
            return 0.0
        if standing[0][0] == seat:
            return 1.0 * self.weights.envoy
        if len(standing) > 1 and standing[1][0] == seat:
            return 0.2
        return -0.3

    # ------------------------------------------------------------------ raids

    def _fight(self, state: NinjatoState, seat: int, legal: dict[str, Payload], first_of_two: bool) -> str:
        options = [(action, payload) for action, payload in legal.items() if payload[0] == OP_PLAY]
        if not options:
            return "lose"
        if first_of_two:
            hand, ready = list(state.hands[seat]), list(state.ready(seat))
            side = state.raid_side
            second = threshold(state, 1)

            def pair_cost(payload: Payload) -> float:
                rest_hand, rest_ready = hand.copy(), ready.copy()
                spend(rest_hand, rest_ready, payload)
                costs = [_play_cost(play[1]) for play in plays(tuple(rest_hand), tuple(rest_ready), side,
                                                               state.stack_tiles, state.crane_as_card)
                         if beats(play[2], second, side)]
                return _play_cost(payload) + min(costs, default=99.0)

            return min(options, key=lambda option: pair_cost(option[1]))[0]
        return min(options, key=lambda option: _play_cost(option[1]))[0]

    def _banzai(self, state: NinjatoState, seat: int) -> bool:
        """Call Banzai when the chance of beating the next guard, times what it brings, outweighs the
        treasure at risk (all but the best one on the shuriken)."""
        house = state.raid_house
        tokens = state.treasure[house]
        hand, ready = tuple(state.hands[seat]), state.ready(seat)
        side = state.raid_side
        stack, crane_card = state.stack_tiles, state.crane_as_card
        options = plays(hand, ready, side, stack, crane_card)
        if not options:
            return False
        if tokens[0] < 5:
            pool = state.gdeck or [guard for guard, count in enumerate(state.gdiscard) for _ in range(count)]
            wins = sum(1 for guard in pool if any(beats(play[2], GUARD_VALUE[guard], side) for play in options))
            gain = TREASURE_VALUE[tokens[0] % 5] * self.weights.raid
        else:
            pool = state.xdeck or [elite for elite, count in enumerate(state.xdiscard) for _ in range(count)]
            wins = sum(1 for elite in pool if _beats_elite(elite, hand, ready, side, stack, crane_card))
            gain = (TREASURE_VALUE[tokens[0] % 5] * self.weights.raid
                    + (1.5 + self._warrior_bonus(state, seat)) * self.weights.elite)
        chance = wins / len(pool) if pool else 0.0
        if len(tokens) == 1:
            gain += 1.0 * self.weights.envoy  # clearing the house: its marker
        loot = sorted((TREASURE_VALUE[token % 5] for token in state.raid_loot), reverse=True)
        at_risk = sum(loot[1:])
        cost = min(_play_cost(play[1]) for play in options)
        return chance * (gain - cost) * self.weights.risk > (1 - chance) * at_risk


@dataclass
class _Rated:
    """What :meth:`NinjatoLookahead._rate` found: the candidates, the heuristic's move, the samples drawn,
    each candidate's win chances (when asked) and the move chosen."""

    candidates: list[str]
    default: str
    drawn: int = 0
    choice: str = ""
    chances: dict[str, list[float]] = field(init=False)

    def __post_init__(self) -> None:
        self.chances = {action: [] for action in self.candidates}  # one list a candidate, filled as tried


class NinjatoLookahead(Bot):
    """The heuristic's best few moves, each tried on samples played on by the heuristic and scored by projection.

    ``lookahead``: the end position is scored by the game's projection of the final scores
    (:mod:`ninjadojo.games.ninjato.evaluate`).

    At each decision with a choice, the heuristic (the ``strategy`` given) values the legal actions on
    one sample of the seat's view and keeps its ``top`` best (every action in a fight or a Banzai call,
    where it does not value them one by one). Each candidate is then applied to ``samples``
    determinisations (:meth:`SeatView.sample`: what the seat may know, never the true state), and every
    seat plays on with the heuristic for at most ``depth`` actions (each choosing from its own hand and
    what is public in the sample). The position reached is scored by the projected final scores: the
    seat's own minus the best of the others' (a win is what counts). All candidates of a sample share its
    dice (one random stream per sample), so they differ by the move alone. The best mean is chosen.

    ``confidence`` (0 by default: the best mean wins) keeps the heuristic's own move unless another's mean
    gain over it, paired sample by sample, exceeds that many standard errors (as the generic ``lookahead``
    does). ``seconds`` caps a decision's time (the samples finished by then count). Deterministic for a seed
    and a view without ``seconds``: each decision draws from a stream seeded by the bot's seed and the
    seat's view (:func:`ninjadojo.bots.ismcts.decision_stream`), and it keeps nothing between decisions,
    so a game resumed from a save plays on as it would have. The defaults (16 samples,
    the top 6 moves, 40 actions played on: about 0.12 s of processor time a decision) won 75 of 112
    games against three ``heuristic`` bots at 4 players (2.7 times a fair share), 23 of 30 against two at
    3 players (2.3 times) and 35.5 of 40 against one at 2 players (1.8 times); 8 samples and 24 actions
    won 10 of 24 at 4 players (docs/bots.md).
    """

    name = "lookahead"

    def __init__(self, seed: int = 0, samples: str | int = 16, top: str | int = 6, depth: str | int = 40,
                 strategy: str = "balanced", seconds: str | float = "none", confidence: str | float = 0.0,
                 **params: object) -> None:
        super().__init__(seed, **params)
        self.seed = seed
        z = _number(confidence, "confidence", 0.0, 10.0, owner=self.name)
        assert z is not None
        self.confidence = z
        self.samples = _whole(samples, "samples", 1, 1000)
        self.top = _whole(top, "top", 1, 1000)
        self.depth = _whole(depth, "depth", 0, 100_000)
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {', '.join(STRATEGIES)}, not {strategy!r}")
        self.strategy = strategy
        self.seconds = _number(seconds, "seconds", 0.0, 3600.0, ("none",), open_low=True, owner=self.name)

    def choose(self, view: SeatView) -> str:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self._rate(view, actions, None, False).choice

    def search(self, view: SeatView, focus: str | None = None) -> SearchReport:
        """Rate the candidates of ``view.seat``'s decision as :meth:`choose` does (the same samples, dice and
        budget), and say which the bot plays: a review's and a hint's estimates. Each candidate's ``mean``
        is the win chance of the positions its play-outs reached, read from their projected scores by the
        fitted model of ``games/ninjato/evaluate.py`` (:func:`win_chances`; the choice itself still goes
        by the projected margin); ``visits`` are the samples where it was tried, ``iterations`` the
        samples drawn. ``focus`` (a legal action) is tried even where the heuristic would not rank it
        among its best few, so that a review can rate the move played."""
        started = time.perf_counter()
        actions = view.legal_actions()
        if focus is not None and focus not in actions:
            raise OptionError(f"the search cannot focus on {quote(focus)}: it is not a legal action now")
        rated = self._rate(view, actions, focus, True)
        # Every candidate is tried on the same samples and dice (a seat knows what it may do): paired.
        root = paired_root(rated.chances)
        return SearchReport(rated.drawn, rated.drawn, time.perf_counter() - started, root, rated.choice)

    def _rate(self, view: SeatView, actions: list[str], focus: str | None, chances: bool) -> _Rated:
        """The candidates tried on the samples, and the move chosen (see the class docstring); with
        ``chances`` each play-out's win chance is kept too (for :meth:`search`)."""
        seat = view.seat
        # The decision's stream comes from the seed and what the seat sees, so a bot seated part way
        # through a game (a load) chooses as it would have, with nothing to rebuild.
        rng = decision_stream(self.seed, view)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        guide = NinjatoBot(rng.next_u64(), strategy=self.strategy)
        first = _ninjato(view.sample(rng.next_u64()))
        kind = first.frames[-1].kind
        if kind in ("fight", "press") or len(actions) <= self.top:
            candidates = list(actions)
            default = guide.choose_in(first, seat) if self.confidence else candidates[0]
        else:
            values = guide.values(first, seat)
            candidates = sorted(values, key=values.__getitem__, reverse=True)[:self.top]
            default = candidates[0]
        # The focus (a review's move played) is tried where the heuristic would not rank it among its best,
        # to be rated, never chosen for being tried.
        extra = focus if focus is not None and focus not in candidates else None
        if extra is not None:
            candidates.append(extra)
        rated = _Rated(candidates, default)
        if len(candidates) == 1 and not chances:
            rated.choice = candidates[0]
            return rated
        totals = dict.fromkeys(candidates, 0.0)
        counts = dict.fromkeys(candidates, 0)
        # Each candidate's score in each sample (None where it was not legal there), for the paired test.
        paired: dict[str, list[float | None]] = {action: [] for action in candidates}
        for number in range(self.samples):
            if deadline is not None and number and time.perf_counter() >= deadline:
                break  # the samples finished count
            sample = first if number == 0 else _ninjato(view.sample(rng.next_u64()))
            rated.drawn += 1
            dice = rng.next_u64()
            players = [NinjatoBot(rng.next_u64(), strategy=self.strategy) for _ in range(sample.num_players)]
            legal = sample.legal_actions(seat)
            for action in candidates:
                if action not in legal:
                    paired[action].append(None)
                    continue
                state = sample.clone()
                state.rng = Rng.from_state(dice)
                state.apply(seat, action)
                self._play_on(state, players)
                scores = state.projected_scores()
                margin = scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
                totals[action] += margin
                counts[action] += 1
                paired[action].append(margin)
                if chances:
                    rated.chances[action].append(win_chances(state)[seat])
        choosable = [action for action in candidates if action != extra]
        best = max(choosable, key=lambda action: totals[action] / counts[action] if counts[action] else -math.inf)
        if self.confidence and best != default:
            gains = [mine - theirs for mine, theirs in zip(paired[best], paired[default], strict=True)
                     if mine is not None and theirs is not None]
            if not surely_better(gains, self.confidence):
                best = default
        rated.choice = best
        return rated

    def _play_on(self, state: NinjatoState, players: list[NinjatoBot]) -> None:
        for _ in range(self.depth):
            if state.result is not None:
                return
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[0] if len(actions) == 1 else players[seat].choose_in(state, seat))


def _whole(value: object, name: str, low: int, high: int) -> int:
    """A whole-number parameter of :class:`NinjatoLookahead` from ``low`` to ``high``."""
    text = str(value).strip()
    if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return int(text)


def _beats_elite(elite: int, hand: tuple[int, ...], ready: tuple[int, ...], side: int, stack: bool,
                 crane_card: bool) -> bool:
    row = ELITES[elite]
    if row.people == 1:
        target = row.first if side == STRENGTH else row.second
        return any(beats(play[2], target, side) for play in plays(hand, ready, side, stack, crane_card))
    return bool(two_person_firsts(hand, ready, side, row.first, row.second, stack, crane_card))


def _play_cost(payload: Payload) -> float:
    """What a play spends: its card, a 3 used as a modifier, each tile flipped for the round."""
    card, modifier = payload[1], payload[2]
    cost = CARD_WORTH[card] if card else 0.0
    if modifier:
        cost += CARD_WORTH[3]
    for tile in payload[3:]:
        if tile >= 0:
            cost += 0.6 if TILE_KINDS[tile].values == () else 0.8
    return cost


def _ninjato(state: GameState[Any]) -> NinjatoState:
    if not isinstance(state, NinjatoState):
        raise TypeError(f"the Ninjato bots play ninjato, not {state.game_id}")
    return state


def _factory(strategy: str) -> Callable[..., Bot]:
    def make(seed: int = 0) -> Bot:
        bot = NinjatoBot(seed, strategy=strategy)
        bot.name = strategy
        return bot

    make.__doc__ = f"Heuristic Ninjato player, {strategy} strategy (see ninjadojo.bots.ninjato)."
    return make


BOTS: dict[str, Callable[..., Bot]] = {
    "heuristic": NinjatoBot,
    "lookahead": NinjatoLookahead,
    **{name: _factory(name) for name in STRATEGIES},
}

__all__ = ["BOTS", "STRATEGIES", "NinjatoBot", "NinjatoLookahead", "Strategy"]
