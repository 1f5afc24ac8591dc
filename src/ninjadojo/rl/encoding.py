"""Observation tensors: each seat's view of a game as a fixed-length float32 vector.

A tensor is made from the seat's view alone: :func:`seat_view` is exactly ``state.observe(seat)``
without the log and the decision's prompt (text that grows with the game and that no tensor encodes),
so whatever the engine keeps from a seat's view is kept from its tensor too. Every tensor starts with
a header common to all games (:class:`ViewEncoder`), then the game's own part, declared by its
encoder in :mod:`ninjadojo.rl.encoders`. The layout is fixed per game and player count (the same for
every option of the game), documented in docs/rl.md and printed by ``python -m ninjadojo.rl.layouts``.

Seats are in absolute order (``seat[0]`` is seat 0 whoever observes), like the action space, whose
actions name seats absolutely (``x2.0`` steals seat 2's first secret); the header's ``you`` says which
seat observes. Every value is clipped to its segment's range, so a tensor is always inside the
observation space.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.state import GameState
from ninjadojo.rl.layout import Layout, LayoutBuilder, Writer

View = dict[str, JSONValue]

#: The label of the decision one-hot for a kind of decision the encoder does not know (a game that
#: added a kind of frame since; the tests check that no game reaches it).
OTHER_DECISION = "other"


def seat_view(state: GameState[Any], seat: int) -> View:
    """``state.observe(seat)`` without ``log``, the decision's ``prompt`` and the end's ``score_lines``
    (words for people): what a tensor is made from.

    The engine's :meth:`~ninjadojo.engine.state.GameState.observe` builds the log (every line the seat
    may read, a list that grows with the game) and a human prompt on every call; a tensor encodes
    neither, and an environment asks for a view at every step. This is the same view without them,
    built from the same two parts as ``observe``: the public waiting list and the game's own view
    (``tests/rl`` checks that it equals ``observe`` with those keys left out).
    """
    state._check_seat(seat)
    frames = state.frames
    top = frames[-1] if frames and state.result is None else None
    acting = top is not None and seat in top.seats
    view: View = {
        "game": state.SPEC.id,
        "players": state.num_players,
        "seat": seat,
        # The engine's rule for what everyone may see being waited for (concealed windows skipped).
        "waiting_for": list(state._public_waiting()),
        "you_act": acting,
        "decision": {"kind": top.kind, "simultaneous": top.simultaneous} if acting and top is not None else None,
    }
    if top is not None and top.simultaneous:
        view["submitted"] = seat in top.submitted
    view["result"] = None if state.result is None else state.result.to_json()
    view.update(state._observe(seat))
    return view


class ViewEncoder(ABC):
    """Turns one seat's view into a tensor with a fixed :attr:`layout`, for one player count and options.

    The header, common to every game:

    - ``you``: one-hot, the observing seat;
    - ``acting``: the seat must decide now; ``decision``: one-hot, the kind of that decision (the game's
      frame kinds, then ``other``); ``submitted``: the seat has already chosen in a simultaneous stage;
    - ``waiting_for``: multi-hot, the seats everyone can see being waited for (a concealed response
      window is never shown: it is the decision below it that is);
    - ``over``, ``winners`` (multi-hot), ``truncated``: the result, once the game has ended.

    A game's encoder declares its own segments in :meth:`declare` and fills them from the view in
    :meth:`fill`.
    """

    #: The game's id.
    GAME: ClassVar[str]
    #: Every kind of decision (frame kind) of the game, in the order of the ``decision`` one-hot.
    DECISIONS: ClassVar[tuple[str, ...]]

    def __init__(self, players: int, options: Mapping[str, OptionValue]) -> None:
        self.players = players
        self.options = dict(options)
        builder = LayoutBuilder()
        seats = [str(seat) for seat in range(players)]
        self._you = builder.one_hot("you", seats, "the seat observing")
        self._acting = builder.flag("acting", "the seat must decide now")
        kinds = (*self.DECISIONS, OTHER_DECISION)
        self._decision = builder.one_hot("decision", kinds, "the kind of decision the seat must make (none if "
                                         "not acting)")
        self._decision_offsets = {kind: self._decision + number for number, kind in enumerate(kinds)}
        self._other = self._decision_offsets[OTHER_DECISION]
        self._submitted = builder.flag("submitted", "the seat has already chosen in this simultaneous stage")
        self._waiting = builder.multi_hot("waiting_for", seats, "the seats everyone can see being waited for")
        self._over = builder.flag("over", "the game has ended")
        self._winners = builder.multi_hot("winners", seats, "the winners, once the game has ended")
        self._truncated = builder.flag("truncated", "the game was stopped at its maximum length (no winner)")
        self.declare(builder)
        self.layout: Layout = builder.build()
        self.size = self.layout.size
        self._high = self.layout.high
        self._low = self.layout.low
        #: Whether a value may be negative (else nothing falls below the lows, which are all 0).
        self._signed = bool((self._low < 0).any())

    @abstractmethod
    def declare(self, builder: LayoutBuilder) -> None:
        """Declare the game's segments (after the header), keeping their offsets for :meth:`fill`."""

    @abstractmethod
    def fill(self, view: View, seat: int, out: Writer) -> None:
        """Write the game's part of ``view`` (the seat's view, as :func:`seat_view` gives it)."""

    def encode_view(self, view: View) -> npt.NDArray[np.float32]:
        """The tensor of a view (:func:`seat_view`, or ``observe()``: the log and prompt are not read)."""
        # The hot path of every environment step: plain loops (a generator costs more for a few items).
        seat = view["seat"]
        assert isinstance(seat, int)
        out = Writer()
        ones = out.ones
        ones.append(self._you + seat)
        decision = view["decision"]
        if decision is not None:
            assert isinstance(decision, dict)
            ones.append(self._acting)
            ones.append(self._decision_offsets.get(decision["kind"], self._other))  # type: ignore[arg-type]
        if view.get("submitted"):
            ones.append(self._submitted)
        offset = self._waiting
        for each in view["waiting_for"]:  # type: ignore[union-attr]
            ones.append(offset + each)  # type: ignore[operator,arg-type]
        result = view["result"]
        if result is not None:
            assert isinstance(result, dict)
            ones.append(self._over)
            offset = self._winners
            for each in result["winners"]:  # type: ignore[union-attr]
                ones.append(offset + each)  # type: ignore[operator,arg-type]
            if result.get("truncated"):
                ones.append(self._truncated)
        self.fill(view, seat, out)
        tensor = out.tensor(self.size)
        # Every value into its range: scalars (a turn number in a very long game) and counts alike.
        np.minimum(tensor, self._high, out=tensor)
        if self._signed:
            np.maximum(tensor, self._low, out=tensor)
        return tensor

    def encode(self, state: GameState[Any], seat: int) -> npt.NDArray[np.float32]:
        """The tensor of ``seat``'s view of ``state``."""
        return self.encode_view(seat_view(state, seat))
