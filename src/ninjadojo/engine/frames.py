"""Pending decisions as plain data.

The state keeps a stack of :class:`Frame` objects; the top one says who must decide what now. A card
effect that needs a choice pushes a frame instead of calling anyone, so a game paused mid-effect can
be cloned, saved, replayed and searched. Frames never hold closures or generators.

Conventions that keep cloning cheap: ``data`` values are immutable (ints, strings, tuples); to change
one, assign a new value to its key. ``seats`` and ``submitted`` are copied on clone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ninjadojo.engine.errors import quote
from ninjadojo.engine.jsonvalue import FrozenJSON


@dataclass(slots=True)
class Frame:
    """One pending decision.

    - ``kind``: what is being decided (game-defined: ``turn``, ``katana-target``, ``place-trap``...).
    - ``seats``: the seats that must still act in this frame.
    - ``data``: game-defined parameters of the decision (immutable values).
    - ``simultaneous``: every seat in ``seats`` submits once; choices stay hidden in ``submitted`` and
      are resolved together when the last one is in, so the order of submission changes nothing.
    - ``concealed``: who is asked is secret (a response window asks only those who could answer; no
      other seat's view may tell who was asked, or that anyone was).
    """

    kind: str
    seats: list[int]
    data: dict[str, FrozenJSON] = field(default_factory=dict)
    simultaneous: bool = False
    concealed: bool = False
    submitted: dict[int, str] = field(default_factory=dict)

    def copy(self) -> Frame:
        """An independent copy (data values are immutable, so a shallow dict copy suffices)."""
        return Frame(self.kind, self.seats.copy(), dict(self.data), self.simultaneous, self.concealed,
                     dict(self.submitted))

    def participants(self) -> tuple[int, ...]:
        """Every seat of a simultaneous frame, whether or not it has submitted yet."""
        return tuple(sorted({*self.seats, *self.submitted}))

    def to_json(self) -> list[FrozenJSON]:
        """A compact JSON form: [kind, seats, data, flags, submitted]."""
        flags = ("s" if self.simultaneous else "") + ("c" if self.concealed else "")
        submitted = tuple((seat, action) for seat, action in sorted(self.submitted.items()))
        return [self.kind, tuple(self.seats), self.data, flags, submitted]

    @classmethod
    def from_json(cls, value: object) -> Frame:
        """Parse :meth:`to_json` output (lists already frozen to tuples are accepted too)."""
        from ninjadojo.engine.jsonvalue import freeze

        if not isinstance(value, list | tuple) or len(value) != 5:
            raise ValueError(f"a frame is [kind, seats, data, flags, submitted], not {quote(value)}")
        kind, seats, data, flags, submitted = value
        if not isinstance(kind, str) or not isinstance(flags, str) or not isinstance(data, dict):
            raise ValueError(f"malformed frame {quote(value)}")
        if flags not in ("", "s", "c", "sc"):
            raise ValueError(f"frame flags are '', 's' (simultaneous), 'c' (concealed) or 'sc', not {quote(flags)}")
        if not isinstance(seats, list | tuple) or not all(type(s) is int for s in seats):
            raise ValueError(f"frame seats must be a list of seat numbers, not {quote(seats)}")
        subs: dict[int, str] = {}
        if not isinstance(submitted, list | tuple):
            raise ValueError(f"malformed frame submissions {quote(submitted)}")
        for pair in submitted:
            if (not isinstance(pair, list | tuple) or len(pair) != 2 or type(pair[0]) is not int
                    or not isinstance(pair[1], str)):
                raise ValueError(f"malformed frame submission {quote(pair)}")
            subs[pair[0]] = pair[1]
        frozen = {str(k): freeze(v) for k, v in data.items()}
        return cls(kind, [int(s) for s in seats], frozen, "s" in flags, "c" in flags, subs)
