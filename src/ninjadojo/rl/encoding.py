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

Two paths make the same tensor. The reference, :meth:`ViewEncoder.encode_view`, lays out the view's
JSON; it is the definition. The fast path, :meth:`ViewEncoder.encode_state`, writes the same values
straight from the game's state (each encoder's :meth:`~ViewEncoder.write_state`, or its
:meth:`~ViewEncoder.update_public` and :meth:`~ViewEncoder.write_own`, reads exactly the parts of the
state that the game's view is made from, for that seat), skipping the view's dicts, lists and strings:
environments use it (:meth:`ViewEncoder.encode`). ``tests/rl/test_fast_tensors.py`` checks
that both give the identical tensor for every game, player count and seat along random games, and the
leak test (``tests/rl/test_observations.py``) runs on both.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

import numpy as np
import numpy.typing as npt

from ninjadojo.engine.frames import Frame
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.state import GameState, Result
from ninjadojo.rl.layout import FLOAT, Layout, LayoutBuilder, Writer

View = dict[str, JSONValue]


class Tensor(Protocol):
    """What :meth:`ViewEncoder.write_state` writes to: the tensor's values by offset (a ``memoryview`` of
    float32; typeshed types a memoryview's items as ints, so the fast path names it by this protocol)."""

    def __getitem__(self, offset: int, /) -> float: ...

    def __setitem__(self, offset: int, value: float, /) -> None: ...


#: The label of the decision one-hot for a kind of decision the encoder does not know (a game that
#: added a kind of frame since; the tests check that no game reaches it).
OTHER_DECISION = "other"


def seat_view(state: GameState[Any], seat: int) -> View:
    """``state.observe(seat)`` without ``log``, the decision's ``prompt`` and the end's ``score_lines`` and
    ``score_name`` (words for people): what a tensor is made from.

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


#: The most games whose public part an encoder keeps at once (see :class:`PublicPart`).
KEPT_GAMES = 256


class PublicPart:
    """The part of one game's tensor that every seat sees alike, kept between steps by an encoder that
    writes in two parts (:meth:`ViewEncoder.update_public`).

    ``tensor`` is a whole tensor holding only the public values (zeros in the header and wherever a seat's
    own values go): every observation starts as a copy of it. ``out`` is its values and ``raw`` its bytes,
    as the fast path writes them; ``made`` records, per group of segments, the sources the group was last
    written from (``()``: none yet). A part holds no game: it is found by the game's ``id`` and trusted by
    content only, so an ended game is not kept alive, and a later game that reuses its ``id`` finds a part
    whose every group is checked against it before use.
    """

    __slots__ = ("made", "out", "raw", "tensor")

    def __init__(self, size: int, groups: int) -> None:
        self.tensor = np.zeros(size, dtype=FLOAT)
        self.out: Tensor = self.tensor.data  # type: ignore[assignment]
        self.raw = self.tensor.data.cast("B")
        self.made: list[Any] = [()] * groups


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
    :meth:`fill`; it may also write them from the state in :meth:`write_state` (the fast path: then
    :attr:`fast` is true and :meth:`encode` uses it), or in two parts: :meth:`update_public`, what every
    seat sees alike, kept per game (a :class:`PublicPart`) and brought up to date where it changed, and
    :meth:`write_own`, what only the observing seat sees, written into a copy of it.
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
        #: How many groups of sources a public part records (see :meth:`update_public`; set by ``declare``).
        self.public_groups = 0
        self.declare(builder)
        self.layout: Layout = builder.build()
        self.size = self.layout.size
        self._high = self.layout.high
        self._low = self.layout.low
        #: Whether a value may be negative (else nothing falls below the lows, which are all 0).
        self._signed = bool((self._low < 0).any())
        #: The tensor's dtype, as an object (numpy makes one from ``FLOAT`` at every call otherwise).
        self._dtype = np.dtype(FLOAT)
        #: Whether the encoder keeps a public part per game (:meth:`update_public`) and writes the rest
        #: (:meth:`write_own`).
        self.kept = type(self).update_public is not ViewEncoder.update_public
        #: Whether the encoder has a fast path (:meth:`write_state`), which :meth:`encode` then takes.
        self.fast = self.kept or type(self).write_state is not ViewEncoder.write_state
        #: The public part kept for each game, by the game's ``id`` (see :class:`PublicPart`). Encoders are
        #: shared by every environment of a process (:func:`ninjadojo.rl.encoders.encoder_for`).
        self._parts: dict[int, PublicPart] = {}
        #: The simultaneous or ended position whose public part was brought up to date last (see
        #: :meth:`encode_state`): (game, top frame or result, actions applied, choices submitted to the
        #: frame, the part).
        self._last: tuple[GameState[Any], Frame | Result, int, int, PublicPart] | None = None

    def __reduce__(self) -> tuple[Any, tuple[str, int, dict[str, OptionValue]]]:
        # An encoder is shared by every environment of a process (encoder_for), and what it keeps is this
        # process's cache (public parts over memoryviews, which do not pickle): a copy or a pickle of an
        # environment takes the encoder of the process it is made in.
        from ninjadojo.rl.encoders import encoder_for

        return (encoder_for, (self.GAME, self.players, self.options))

    @abstractmethod
    def declare(self, builder: LayoutBuilder) -> None:
        """Declare the game's segments (after the header), keeping their offsets for :meth:`fill`."""

    @abstractmethod
    def fill(self, view: View, seat: int, out: Writer) -> None:
        """Write the game's part of ``view`` (the seat's view, as :func:`seat_view` gives it)."""

    def write_state(self, state: GameState[Any], seat: int, out: Tensor) -> None:
        """Write the game's part of ``seat``'s view of ``state`` straight from the state (the fast path).

        ``out`` is the tensor (zeros, the header written) as a writable ``memoryview`` of float32. It must
        write exactly what :meth:`fill` writes from :func:`seat_view` (``tests/rl/test_fast_tensors.py``
        checks it), reading only what the game's view of ``seat`` is made from, and clipping each value
        that could leave its segment's range as :meth:`encode_view` does. An encoder that keeps a public
        part writes in two parts instead (:meth:`update_public`, :meth:`write_own`): this default writes
        both, the public part made afresh (environments go through :meth:`encode_state`, which keeps it);
        an encoder with neither uses the view (then :attr:`fast` is false and nothing calls this).
        """
        if not self.kept:
            raise NotImplementedError
        part = PublicPart(self.size, self.public_groups)
        self.update_public(state, part)
        values = np.asarray(out)
        values[:self.size] += part.tensor  # (zeros in the header, which ``out`` may hold already)
        self.write_own(state, seat, out)

    def update_public(self, state: GameState[Any], part: PublicPart) -> None:
        """Bring ``part``, the public part kept for ``state``'s game, up to date: the game's part of the
        tensor that every seat sees alike, as :meth:`fill` writes it (zeros wherever a seat's own values
        go, and in the header).

        The part records, per group of segments the encoder chooses, what the group was last written
        from (``part.made``, :attr:`public_groups` of them, ``()`` at first); a group whose sources differ
        now is written again (zeros first), and its sources recorded (copies of lists: the game changes
        its own in place). Everything is compared by content, so a part is right whatever game it was
        last written for (parts are found by the game's ``id``, which a later game may reuse). Not called
        for an encoder that does not keep a public part.
        """
        raise NotImplementedError

    def write_own(self, state: GameState[Any], seat: int, out: Tensor) -> None:
        """Write the game's part of the tensor that only ``seat`` sees (its hand, its own looks) into a copy
        of the public part (an encoder that keeps one: :meth:`update_public`)."""
        raise NotImplementedError

    def encode_view(self, view: View, clip: bool = True) -> npt.NDArray[np.float32]:
        """The tensor of a view (:func:`seat_view`, or ``observe()``: the log and prompt are not read).

        ``clip=False`` leaves every value as the view gives it (the tests check that random games never
        need the clip: the bounds are true ones, not hidden by it).
        """
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
        if not clip:
            return tensor
        # Every value into its range: scalars (a turn number in a very long game) and counts alike.
        np.minimum(tensor, self._high, out=tensor)
        if self._signed:
            np.maximum(tensor, self._low, out=tensor)
        return tensor

    def encode(self, state: GameState[Any], seat: int) -> npt.NDArray[np.float32]:
        """The tensor of ``seat``'s view of ``state``: the fast path when the encoder has one
        (:meth:`encode_state`), else made from the view (:meth:`encode_reference`); both give the same."""
        return self.encode_state(state, seat)

    def encode_reference(self, state: GameState[Any], seat: int) -> npt.NDArray[np.float32]:
        """The tensor of ``seat``'s view of ``state`` made from the view (:func:`seat_view`): the definition
        the fast path is checked against."""
        return self.encode_view(seat_view(state, seat))

    def encode_state(self, state: GameState[Any], seat: int) -> npt.NDArray[np.float32]:
        """The tensor of ``seat``'s view of ``state`` written from the state (:meth:`write_state`): the
        same tensor as :meth:`encode_reference`, several times faster (no view is built)."""
        if type(seat) is not int or not 0 <= seat < state.num_players:
            state._check_seat(seat)  # raises the engine's SeatError
        # This runs at every step of every environment: the public part's upkeep and the header are written
        # here rather than by calls, and the tensor's values through a memoryview (item assignment through
        # it is the cheapest write from Python: a float is stored as is; numpy's own costs about twice as
        # much).
        frames = state.frames
        result = state.result
        top = frames[-1] if frames else None
        if self.kept:
            # The public part, up to date (update_public), or as it was if the position is the one it was
            # last brought up to date for. The same position: the same game object and top frame, and
            # every action applied since (the record counts them, free actions too) a choice submitted to
            # that frame, a simultaneous one still waiting for others: the engine applies such a choice
            # without running any of the game's rules (it is only recorded in the frame; the last one
            # resolves the frame, which then leaves the stack), so nothing public has changed, and each
            # seat of a simultaneous stage observes the same public part in turn. Or the same game object
            # and result: an ended game takes no action, and every seat observes the end in turn. An undo
            # restores the whole state (new frames, no result): it is never taken for the same position.
            # This relies on the engine's contract that a game changes only through ``apply`` and ``undo``;
            # one position is remembered, the last simultaneous or ended one (holding its game and its
            # frame or result, so that neither can be taken for another). Other positions are mostly
            # observed once, by the seat to act.
            last = self._last
            if last is not None and last[0] is state and (
                    last[1] is result if result is not None
                    else top is last[1] and len(state.record.actions) - last[2] == len(last[1].submitted) - last[3]):
                part = last[4]
            else:
                found = self._parts.get(id(state))
                part = self._new_part(state) if found is None else found
                self.update_public(state, part)
                if result is not None:
                    self._last = (state, result, 0, 0, part)
                elif top is not None and top.simultaneous:
                    self._last = (state, top, len(state.record.actions), len(top.submitted), part)
                elif last is not None:
                    self._last = None
            tensor = part.tensor.copy()
        elif self.fast:
            tensor = np.zeros(self.size, self._dtype)
        else:
            return self.encode_reference(state, seat)
        out: Tensor = tensor.data  # type: ignore[assignment]
        one = 1.0
        # The header: who everyone can see being waited for, the result, and the seat's own: ``you``, and
        # the top frame's decision if the seat is asked (``acting``, ``decision``) and its submission (as
        # :func:`seat_view` makes them).
        if top is not None:
            offset = self._waiting
            if top.concealed:
                # The engine's rule: a concealed frame is never shown; the first open one below is.
                for each in state.public_waiting():
                    out[offset + each] = one
            else:
                # An open frame shows its seats; a simultaneous one all its participants, those that have
                # chosen too (public_waiting, without its sorted tuple).
                for each in top.seats:
                    out[offset + each] = one
                if top.simultaneous:
                    for each in top.submitted:
                        out[offset + each] = one
            if result is None:
                if seat in top.seats:
                    out[self._acting] = one
                    out[self._decision_offsets.get(top.kind, self._other)] = one
                if top.simultaneous and seat in top.submitted:
                    out[self._submitted] = one
        if result is not None:
            out[self._over] = one
            offset = self._winners
            for each in result.winners:
                out[offset + each] = one
            if result.truncated:
                out[self._truncated] = one
        out[self._you + seat] = one
        if self.kept:
            self.write_own(state, seat, out)
        else:
            self.write_state(state, seat, out)
        return tensor

    def _new_part(self, state: GameState[Any]) -> PublicPart:
        """A new public part for ``state``'s game (zeros, made from nothing), kept by the game's ``id``; the
        oldest kept is dropped once :data:`KEPT_GAMES` are (the environments of a process take turns with
        an encoder, but not so many)."""
        parts = self._parts
        if len(parts) >= KEPT_GAMES:
            del parts[next(iter(parts))]
        part = parts[id(state)] = PublicPart(self.size, self.public_groups)
        return part
