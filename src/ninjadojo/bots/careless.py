"""``careless``: the game's heuristic player, who now and then makes a mistake.

The ``medium`` difficulty level of most games. At each decision with a choice, with chance ``mistakes``
the bot plays a legal action drawn uniformly at random (a slip: it may still be a fine move), and
otherwise the move of the game's cheap heuristic (:func:`ninjadojo.bots.sim_default_bot`: Ninjitsu!'s
``heuristic:depth=0``, the others' ``heuristic``). Chess programs weaken their play the same way; the
mistake rate is a dial between ``random`` (``mistakes=1``) and the heuristic (``mistakes=0``).

Each decision draws from a stream seeded by the bot's seed and the seat's view at that decision
(:func:`ninjadojo.bots.ismcts.decision_stream`), so the bot keeps nothing between decisions but its
notes (what its own actions showed it, e.g. Ninja Trap's traps: :class:`NotingBot`), which the
heuristic is told: a game resumed from a save plays on exactly as it would have.
"""

from __future__ import annotations

from ninjadojo.bots.base import NotingBot, SeatView
from ninjadojo.bots.ismcts import _number, decision_stream
from ninjadojo.bots.lookahead import cheap_heuristic


class CarelessBot(NotingBot):
    """The game's heuristic with a chance of a random move at each decision (see ninjadojo.bots.careless)."""

    name = "careless"

    def __init__(self, seed: int = 0, mistakes: str | float = 0.5, **params: object) -> None:
        super().__init__(seed, **params)
        self.seed = seed
        chance = _number(mistakes, "mistakes", 0.0, 1.0, owner=self.name)
        assert chance is not None
        self.mistakes = chance

    def _choose(self, view: SeatView) -> str:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        rng = decision_stream(self.seed, view)
        if rng.random() < self.mistakes:
            # A slip is a move a hasty player makes, never giving up the rest of the game (Ninja Camp's pass
            # for good, with moves left): that is no mistake of haste. Nor is a card spent in an "any time"
            # window, unasked for (Ninjitsu!'s Antonio cancelling the trap of its own stolen card, for the
            # thief): a hasty player lets the moment go by.
            decision = view.decision()
            if decision is not None and decision.concealed and "pass" in actions:
                return "pass"
            slips = [action for action in actions if not view.gives_up(action)] or actions
            return slips[rng.randbelow(len(slips))]
        heuristic = cheap_heuristic(view.game_id, "careless plays as")(seed=rng.next_u64())
        heuristic.assume(self.memory)
        return heuristic.choose(view)
