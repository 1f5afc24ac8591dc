"""A heuristic bot for Of Knights and Ninjas.

It scores each legal action from what its seat may see (its view) and plays the best, breaking ties
at random: it raises a Castle or an Archer when it has none standing (with 3-6 players: over any but a
strong attack), attacks the richest rival it can hurt (first the one it can win from), answers attacks
with the cheapest card that stops them, steals with a Highwayman, and discards its least useful cards.
In the 2-player draft it keeps what it draws (nobody draws in the duel, so a card given away is one
the rival plays against it), giving away only a weak card when it already holds two more than its rival.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ninjadojo.bots.base import Bot, SeatView
from ninjadojo.bots.lookahead import LookaheadBot

#: How much the bot values holding each card (by code).
CARD_VALUE = {"pe": 1.0, "so": 2.0, "kn": 3.0, "ki": 4.0, "qu": 5.0, "ni": 4.5, "dr": 4.0, "tr": 3.5, "hw": 4.0,
              "pr": 3.0, "ex": 4.0, "he": 2.0, "me": 2.5, "mo": 2.0, "mi": 3.5, "ar": 3.0, "ca": 3.0, "la": 1.5,
              "cp": 1.5, "je": 5.0}
#: What a standing Castle or Archer adds to fortifying with 3-6 players: it keeps most attacks out for
#: the rest of the game (with cards coming every turn, worth more than a small attack now).
WALL = 8.0
STRENGTH = {"so": 2, "kn": 3, "ki": 4, "qu": 5, "ni": 2, "dr": 2}


def _play(text: str) -> tuple[str, int, int]:
    """(role code, count, jesters) of a play such as ``kn``, ``pe3*`` or ``arf``."""
    jesters = text.count("*")
    body = text.rstrip("*")
    code, digits = body[:2], body[2:]
    return code, int(digits) if digits.isdigit() else 1, jesters


def _cost(code: str, count: int, jesters: int) -> float:
    return CARD_VALUE.get(code, 1.0) * (count - jesters) + CARD_VALUE["je"] * jesters


class HeuristicBot(Bot):
    """Greedy one-step scoring with a little sense of the table (gems, fortifications, the target)."""

    name = "heuristic"

    def choose(self, view: SeatView) -> str:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seen = view.observe(log=False)
        decision = view.decision()
        kind = decision.kind if decision else ""
        best, best_score = actions[0], float("-inf")
        for action in actions:
            score = self._score(kind, action, seen, view.seat) + self.rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    def _score(self, kind: str, action: str, seen: dict[str, Any], seat: int) -> float:
        players = seen["seats"]
        me = players[seat]
        target_gems = int(seen["target"])
        if action in ("end", "pass", "take"):
            return 0.0
        if action in ("hw", "hw*"):
            return 10.0 - (2.0 if action == "hw*" else 0.0)
        if action.startswith("f:"):
            code, _, jesters = _play(action[2:])
            standing = WALL if code in ("ca", "ar") and not seen.get("variation") else 0.0
            return 3.0 + standing - 2.5 * jesters + (1.0 if code == "ar" else 0.0)
        if action.startswith("a") and ":" in action:
            target = int(action[1:action.index(":")])
            code, count, jesters = _play(action[action.index(":") + 1:])
            rival = players[target]
            leader_bonus = float(rival["gems"]) / 2.0
            if code in ("ar", "cp", "la") or action.endswith("arf"):
                return 1.0 + leader_bonus - (1.0 if code == "ar" and not action.endswith("arf") else 0.0)
            strength = count if code == "pe" else STRENGTH.get(code, 0)
            gain = min(strength, int(rival["gems"]))
            wins = int(me["gems"]) + gain >= target_gems
            return 3.0 * gain + leader_bonus + (50.0 if wins else 0.0) - 0.5 * _cost(code, count, jesters)
        if action.startswith("r:"):
            table = seen["table"].get("attack") or {}
            incoming = int(table.get("strength", 0))
            code, count, jesters = _play(action[2:])
            if code in ("tr", "ex", "pr", "mi"):
                return incoming * 2.0 - _cost(code, 1, jesters) * 0.5
            strength = count if code == "pe" else STRENGTH.get(code, 0)
            saved = min(strength, incoming, int(me["gems"]))
            return 2.0 * saved - 0.6 * _cost(code, count, jesters)
        if action.startswith(("he", "mo")):
            return 2.5 - 2.0 * action.count("*")
        if action.startswith("me"):
            target = int(action[2:].rstrip("*"))
            return float(players[target]["cards"]) / 2.0 - 1.5 - 2.0 * action.count("*")
        if action.startswith(("x:", "show:", "pay:")):
            codes = action.split(":", 1)[1].split(".")
            if codes == ["g"]:
                return -3.0 if me["cards"] >= 4 else -1.0
            return -sum(CARD_VALUE.get(c, 1.0) for c in codes)
        if action.startswith("pick"):
            return CARD_VALUE.get(action.split(":")[1], 1.0)
        if action == "redeal":
            return -0.5
        if action in ("keep", "give"):
            drawn = (seen.get("draft") or {}).get("drawn")
            value = CARD_VALUE.get(drawn or "", 1.0)
            ahead = int(me["cards"]) - int(players[1 - seat]["cards"])
            keep = 1.0 if value >= 2.0 or ahead < 2 else -1.0
            return keep if action == "keep" else 0.0
        return 0.0


BOTS: dict[str, Callable[..., Bot]] = {"heuristic": HeuristicBot, "lookahead": LookaheadBot}
