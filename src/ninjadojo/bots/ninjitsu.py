"""Ninjitsu! bots: ``heuristic``, a short lookahead over sampled worlds.

For each candidate action the bot draws a few determinisations from its :class:`SeatView` (so it
never sees a hidden card), applies the action, finishes the rest of the turn greedily, lets each
opponent answer with its own greedy best turn (``depth=1``, the default), and scores the position at
the start of its next turn, when the win is checked: its points and hand against the best
opponent's, with a bonus for holding the target, and a win or a loss worth more than anything.
Steals and flips of one opponent's positions are alike to a bot that cannot see the backs, so only
one position per opponent is tried. It never swaps secrets (in the base game their order hides
nothing from a thief who cannot see them). Parameters: ``samples`` (default 4), ``depth`` (0 or 1). At
``depth=0`` it sees no reply, so it counts against itself half of what a blind steal of its secrets would
take (:data:`THEFT_RISK`): without it, it laid its best cards as lone secrets for the next player to steal.

Expansion cards need no special moves: the lookahead plays them like any other card (their points,
Vampire Ninja's penalty and Master of Misdirection's hand bonus are in ``points``; Jellybean Ninja's
guess is tried value by value over the samples; Captain Bluebeard, under the Treasure Hunters
crossover, is seen to swap nothing and is played for its 1 point when that helps). The "any time"
cards (Antonio, Alberti, Andrea, Teleport) are worth more in hand than other cards
(:data:`~ninjadojo.games.ninjitsu.evaluate.ANYTIME_WEIGHT`), so the bot keeps them for
the moment they answer and plays one there when the lookahead says the moment costs it more than the
card is worth; it is never played as a 1-point treasure for nothing. Sabotage!'s treasures with a
face-up drawback (Squeaky Floor, Cage, Mirror, False Floor) count against their owner
(:data:`~ninjadojo.games.ninjitsu.evaluate.DRAWBACKS`), so the bot plays them as secrets unless their
points matter more. The worth of a seat's holdings is the game's own (:mod:`ninjadojo.games.ninjitsu.evaluate`,
which the search's projected scores use too).
"""

from __future__ import annotations

from collections.abc import Callable

from ninjadojo.bots.base import Bot, SeatView
from ninjadojo.engine import OptionError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.evaluate import exposure, holding_bonus, worth

WIN = 1000.0
#: The share of a blind steal's worth (:func:`~ninjadojo.games.ninjitsu.evaluate.exposure`) the ``depth=0``
#: bot counts against itself: it sees no reply, so without it, it lays its best cards as lone secrets for
#: the next player to steal (a learning agent trained against random play won 29 of 30 games so).
THEFT_RISK = 0.5
#: Decisions a rollout may take to finish a turn (a turn with nested plays has a handful).
ROLLOUT_LIMIT = 30


def evaluate(game: NinjitsuState, seat: int) -> float:
    """How good ``game`` (a full Ninjitsu! state, e.g. a sample) is for ``seat``."""
    if game.result is not None:
        return WIN if seat in game.result.winners else -WIN
    best_other = -WIN
    mine = 0.0
    for each in range(game.num_players):
        value = worth(game, each) + holding_bonus(game, each)
        if each == seat:
            mine = value
        elif value > best_other:
            best_other = value
    return mine - best_other


def candidates(actions: list[str]) -> list[str]:
    """The actions worth trying: no swaps, and one steal (or flip) position per opponent."""
    chosen: list[str] = []
    seen_targets: set[str] = set()
    for action in actions:
        head = action[:1]
        if head == "w":
            continue
        if head in ("x", "f"):
            target = action.partition(".")[0]
            if target in seen_targets:
                continue
            seen_targets.add(target)
        chosen.append(action)
    return chosen or actions


def _greedy(game: NinjitsuState, seat: int) -> str:
    """The action of ``seat`` whose immediate result it likes best."""
    best_action, best_value = "", -2 * WIN
    for action in candidates(game.legal_actions(seat)):
        trial = game.clone()
        trial.apply(seat, action)
        value = evaluate(trial, seat)
        if value > best_value:
            best_action, best_value = action, value
    return best_action


def finish_turn(game: NinjitsuState, turn_seat: int) -> None:
    """Play the rest of ``turn_seat``'s turn in ``game``, every decider greedy."""
    for _ in range(ROLLOUT_LIMIT):
        if game.result is not None or game.turn != turn_seat or game.frames[-1].kind == "turn":
            return
        decider = game.to_act()[0]
        game.apply(decider, _greedy(game, decider))


def _best_turn_action(game: NinjitsuState, seat: int) -> str:
    """The turn action of ``seat`` whose finished turn it likes best (a one-world greedy reply)."""
    best_action, best_value = "", -2 * WIN
    for action in candidates(game.legal_actions(seat)):
        trial = game.clone()
        trial.apply(seat, action)
        finish_turn(trial, seat)
        value = evaluate(trial, seat)
        if value > best_value:
            best_action, best_value = action, value
    return best_action


def play_until_turn_of(game: NinjitsuState, seat: int) -> None:
    """Let every other player take one greedy turn, until ``seat``'s turn starts (or the game ends)."""
    for _ in range(game.num_players):
        if game.result is not None or game.turn == seat:
            return
        mover = game.turn
        # What a turn may open with before its action (Heavy Weather's decisions at the start of a turn,
        # which others may have to answer at once): answered greedily first, as the rest of a turn is.
        finish_turn(game, mover)
        if game.result is not None or game.turn != mover:
            continue
        if mover not in game.to_act():
            # Still deciding at the rollout's length (a Blizzard's rounds of discards, five players): the
            # position is scored as it stands.
            return
        game.apply(mover, _best_turn_action(game, mover))
        finish_turn(game, mover)


def _whole(value: str | int, name: str, low: int, high: int) -> int:
    """A bot parameter as a whole number from ``low`` to ``high``, or an error saying what is allowed."""
    try:
        number = int(value)
    except ValueError:
        number = low - 1
    if not low <= number <= high:
        raise OptionError(f"the heuristic bot's {name} must be a whole number from {low} to {high}, not {value!r}")
    return number


class HeuristicBot(Bot):
    """Each turn tried on a few samples of the seat's view (``samples``, default 4), the best one played.

    ``depth=0`` looks at the end of its own turn (counting what a blind steal of its secrets would take,
:data:`THEFT_RISK`); ``depth=1`` (default) also lets each opponent answer
    with its greedy best turn, and scores the position at the start of its own next turn.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, samples: str | int = 4, depth: str | int = 1, **params: object) -> None:
        super().__init__(seed, **params)
        self.samples = _whole(samples, "samples", 1, 1000)
        self.depth = _whole(depth, "depth", 0, 1)

    def choose(self, view: SeatView) -> str:
        actions = view.legal_actions()
        options = candidates(actions)
        if len(options) == 1:
            return options[0]
        seat = view.seat
        observed = view.observe(log=False)
        turn_seat = observed["turn"]
        assert isinstance(turn_seat, int)
        worlds: list[NinjitsuState] = []
        for _ in range(self.samples):
            world = view.sample(self.rng.randbelow(2**62))
            assert isinstance(world, NinjitsuState)
            worlds.append(world)
        best_action, best_value = options[0], -2 * WIN * self.samples
        for action in options:
            total = 0.0
            for world in worlds:
                trial = world.clone()
                trial.apply(seat, action)
                finish_turn(trial, turn_seat)
                if self.depth > 0:
                    play_until_turn_of(trial, seat)
                total += evaluate(trial, seat)
                if self.depth == 0 and trial.result is None:
                    total -= THEFT_RISK * exposure(trial, seat)
            if total > best_value:
                best_action, best_value = action, total
        return best_action


#: Factories by name, called as ``factory(seed=..., **params)`` with text params.
BOTS: dict[str, Callable[..., Bot]] = {"heuristic": HeuristicBot}
