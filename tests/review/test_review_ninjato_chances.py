"""A review of a Ninjato game tells a lost game from a close one: a player who gave the game away by playing at
random got ticks for nearly every move, with a win chance that stayed near a fifth to the end (the search's play-outs
stop long before the end, and their positions were read by a reward kept near a fair share)."""

from __future__ import annotations

from ninjadojo.api import new_game
from ninjadojo.bots import make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.review import review_record


def test_a_random_players_ninjato_review_marks_its_mistakes_and_its_chance_falls_to_nothing() -> None:
    game = new_game("ninjato", 2, seed=3)
    bots = [make_bot("random", "ninjato", 1), make_bot("heuristic", "ninjato", 2)]
    while game.result is None:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    assert game.result.winners == (1,) or list(game.result.winners) == [1]
    review = review_record(game, 0)
    marks = review.marks()
    assert marks.get("mistake", 0) + marks.get("blunder", 0) >= 2, marks
    # The first decisions are of an open game; from the middle on, of a game lost by far (it ends about 12 to 97),
    # which the generic reward read as about a fifth of a chance until the play-outs reached the end.
    assert review.moves[0].before > 0.3
    middle = [move.before for move in review.moves[len(review.moves) // 2:][:6]]
    assert len(middle) == 6 and all(chance < 0.1 for chance in middle), middle
