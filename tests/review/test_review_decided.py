"""A review whose last decisions all stood at 0% (or 100%) before and after says from which decision the game was
decided: a lost game's last thirty rows all read "0% -> 0%", and once said, a reader knows why."""

from __future__ import annotations

import io

from rich.console import Console

from ninjadojo.review import GameReview, MoveReview
from ninjadojo.review.values import DECIDED_RUN, ActionEstimate, Evaluation


def _move(number: int, chance: float) -> MoveReview:
    played = ActionEstimate("f", "Fight", chance, 32, 0.01)
    return MoveReview(number, number, 0, "Fight or give up?", 2, Evaluation(played, played, None, 32, (played,)),
                      None)


def _review(chances: list[float]) -> GameReview:
    return GameReview("ninjato", 3, 0, "lookahead", 32, False, True,
                      tuple(_move(number, chance) for number, chance in enumerate(chances, start=1)))


def test_the_run_of_settled_decisions_at_the_end_is_named_from_its_first() -> None:
    assert _review([0.4, 0.2, 0.004, 0.0, 0.0]).decided_from == (3, 0)
    assert _review([0.4, 0.996, 1.0, 1.0]).decided_from == (2, 100)
    # Too short a run, a run broken before the end, or no run: nothing said.
    assert DECIDED_RUN == 3 and _review([0.4, 0.3, 0.0, 0.0]).decided_from is None
    assert _review([0.0, 0.0, 0.0, 0.3]).decided_from is None
    assert _review([]).decided_from is None
    assert _review([0.4, 0.2, 0.0, 0.0, 0.0]).to_json()["decided_from"] == {"number": 3, "percent": 0}


def test_the_terminal_says_it_once_under_the_table() -> None:
    from ninjadojo.cli.review import print_review

    out = io.StringIO()
    print_review(Console(file=out, width=160), _review([0.4, 0.2, 0.0, 0.0, 0.0]))
    assert ("from decision 3 on the game was decided as far as the search could see (0% before and after every "
            "move): those moves are rated alike") in out.getvalue().replace("\n", " ")
