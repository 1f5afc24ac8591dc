"""The layout of an observation tensor: named segments at fixed offsets, each with its bounds and meaning.

An encoder declares its segments once per (game, players, options) through a :class:`LayoutBuilder`;
the resulting :class:`Layout` gives the tensor's size, the bounds of the observation space, a
table for the documentation (:meth:`Layout.describe`) and :meth:`Layout.unpack` to read a tensor back
by name. Encoding lists the offsets of what is there (:class:`Writer`), which become the tensor in a
few numpy calls: a view is sparse (a hand is a few cards of a hundred), so only what is there costs
anything.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

#: The observation tensor's dtype.
FLOAT = np.float32


@dataclass(frozen=True, slots=True)
class Segment:
    """One named run of the tensor: ``size`` values from ``offset``, each in ``[low, high]``.

    ``labels`` names each value when the segment is a vector (card codes, seats, kinds); a scalar has
    none. ``kind`` is how it is filled: ``scalar`` (a number, clipped to the bounds), ``flag`` (0 or 1),
    ``one-hot`` (at most one 1; all zeros means none), ``multi-hot`` (a 1 for each label present) or
    ``counts`` (how many of each label).
    """

    name: str
    offset: int
    size: int
    low: float
    high: float
    kind: str
    labels: tuple[str, ...]
    doc: str

    def label_index(self) -> dict[str, int]:
        """The offset in the tensor of each label."""
        return {label: self.offset + number for number, label in enumerate(self.labels)}


@dataclass(frozen=True, slots=True)
class Layout:
    """Every segment of an observation tensor, in order, with the space's bounds."""

    segments: tuple[Segment, ...]
    size: int
    low: npt.NDArray[np.float32]
    high: npt.NDArray[np.float32]

    def segment(self, name: str) -> Segment:
        """The segment called ``name`` (``KeyError`` naming the segments if there is none)."""
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(f"no segment {name!r}; segments: {', '.join(s.name for s in self.segments)}")

    def unpack(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The tensor cut into its segments, by name (views into ``tensor``, not copies). A batch of tensors
        (a vector environment's, ``(n, size)``) is cut along its last axis: each segment is ``(n, its size)``.
        A tensor of another size raises ``ValueError`` (rather than segments cut short, or a batch's rows). A
        sequence that is not a numpy array (a list of floats) is cut as an array made from it."""
        if not isinstance(tensor, np.ndarray):
            tensor = np.asarray(tensor, dtype=np.float32)
        shape = np.shape(tensor)
        if not shape or shape[-1] != self.size:
            raise ValueError(f"a tensor of this layout has {self.size} values (on its last axis, for a batch), "
                             f"not shape {shape}")
        return {segment.name: tensor[..., segment.offset:segment.offset + segment.size] for segment in self.segments}

    def describe(self) -> str:
        """The layout as a Markdown table: offset, size, name, range, kind and meaning of each segment."""
        lines = ["| offset | size | name | range | kind | meaning |", "|---:|---:|---|---|---|---|"]
        for segment in self.segments:
            labels = ""
            if segment.labels:
                shown = ", ".join(segment.labels[:12]) + (", ..." if len(segment.labels) > 12 else "")
                labels = f" (labels: {shown})"
            lines.append(f"| {segment.offset} | {segment.size} | `{segment.name}` | {_number(segment.low)}.."
                         f"{_number(segment.high)} | {segment.kind} | {segment.doc}{labels} |")
        return "\n".join(lines)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class LayoutBuilder:
    """Declares the segments of a layout in order; each method returns the new segment's offset."""

    def __init__(self) -> None:
        self._segments: list[Segment] = []
        self._offset = 0

    def _add(self, name: str, size: int, low: float, high: float, kind: str, labels: Sequence[str], doc: str) -> int:
        if any(segment.name == name for segment in self._segments):
            raise ValueError(f"segment {name!r} is declared twice")
        if size <= 0 or low >= high:
            raise ValueError(f"segment {name!r} needs a positive size and low < high")
        offset = self._offset
        self._segments.append(Segment(name, offset, size, low, high, kind, tuple(labels), doc))
        self._offset += size
        return offset

    def scalar(self, name: str, high: float, doc: str, low: float = 0.0) -> int:
        """A number, clipped to ``[low, high]`` by the encoder."""
        return self._add(name, 1, low, high, "scalar", (), doc)

    def flag(self, name: str, doc: str) -> int:
        """0 or 1."""
        return self._add(name, 1, 0.0, 1.0, "flag", (), doc)

    def one_hot(self, name: str, labels: Sequence[str], doc: str) -> int:
        """A 1 at the label present (all zeros: none)."""
        return self._add(name, len(labels), 0.0, 1.0, "one-hot", labels, doc)

    def multi_hot(self, name: str, labels: Sequence[str], doc: str) -> int:
        """A 1 at each label present."""
        return self._add(name, len(labels), 0.0, 1.0, "multi-hot", labels, doc)

    def counts(self, name: str, labels: Sequence[str], high: float, doc: str) -> int:
        """How many of each label (at most ``high`` of any)."""
        return self._add(name, len(labels), 0.0, high, "counts", labels, doc)

    def build(self) -> Layout:
        """The finished layout."""
        low = np.zeros(self._offset, dtype=FLOAT)
        high = np.zeros(self._offset, dtype=FLOAT)
        for segment in self._segments:
            low[segment.offset:segment.offset + segment.size] = segment.low
            high[segment.offset:segment.offset + segment.size] = segment.high
        low.flags.writeable = False
        high.flags.writeable = False
        return Layout(tuple(self._segments), self._offset, low, high)


class Writer:
    """Collects one tensor's values: ``ones`` (offsets set to 1: flags, one-hots, multi-hots; an offset
    listed twice is still 1), ``counts`` (offsets that get one more each time they are listed) and
    scalars (``at``/``values``: an offset set to a number).

    Encoders append to the lists directly (``out.ones.append``, ``out.counts.extend``): the hot path of
    an environment step builds no object per value.
    """

    __slots__ = ("at", "counts", "ones", "values")

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.counts: list[int] = []
        self.at: list[int] = []
        #: Numbers as a view holds them (JSON values that are ints or floats).
        self.values: list[Any] = []

    def tensor(self, size: int) -> npt.NDArray[np.float32]:
        """The finished tensor of ``size`` values (a new array each time)."""
        # Through array.array: numpy converts a typed buffer far faster than a list of Python numbers.
        if self.counts:
            tensor = np.bincount(np.frombuffer(array("q", self.counts), dtype=np.int64), minlength=size).astype(FLOAT)
        else:
            tensor = np.zeros(size, dtype=FLOAT)
        if self.ones:
            tensor[np.frombuffer(array("q", self.ones), dtype=np.int64)] = 1.0
        if self.at:
            tensor[np.frombuffer(array("q", self.at), dtype=np.int64)] = np.frombuffer(array("d", self.values))
        return tensor
