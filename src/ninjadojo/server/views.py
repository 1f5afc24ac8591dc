"""Each viewer's state, built once per change and shared by its connections, and the patches between states.

A table keeps one :class:`SharedView` per viewer (each seat, and the spectators). When the table
publishes, the viewer's state is built once; if it changed, it gets the next ``seq`` and the RFC 6902
patch from the state before (:func:`state_diff`; the log's new lines are appends), encoded once.
Every connection of that viewer is then sent the same text: the patch to a connection that asked for
patches and holds the state before, the whole state to the others. The whole state's text is encoded
only when some connection is sent it (:class:`StateText`): with every connection on patches, as the
browser's are, a change costs the diff and the patch's few hundred bytes, not the whole state again.

The log is the bulk of a long game's state and grows by a few lines per action, so :class:`ViewerLog`
keeps each viewer's lines as the game's events grow instead of filtering every event at every change.
"""

from __future__ import annotations

from typing import Any

import orjson

from ninjadojo.engine.values import EVERYONE, Event

Viewer = int | None


def dumps(value: Any) -> str:
    """Compact JSON text (orjson; integer keys written as strings, as :mod:`json` does)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class ViewerLog:
    """One viewer's log, kept up to date as the game's events grow.

    :meth:`update` returns one entry per event the viewer may see (gone or not): its line while it is
    shown, and once a one-time look has gone a line saying so, in its place (``Event.seen_line``, as the
    engine's views). Only new events and the looks still showing are looked at; anything else (an undo
    rebuilt the events, a look expired in place) starts it again.
    """

    __slots__ = ("_count", "_events", "_last", "_looks", "chars", "viewer", "visible")

    def __init__(self, viewer: Viewer) -> None:
        self.viewer = viewer
        self.visible: list[str] = []
        #: The characters of the lines in :attr:`visible`: a state's text holds each of them at least once,
        #: so this is a lower bound of its length, known without encoding it (see :class:`StateText`).
        self.chars = 0
        self._events: list[Event] | None = None
        self._count = 0
        self._last: Event | None = None
        #: (position in ``visible``, index in the events) of each look still shown to the viewer.
        self._looks: list[tuple[int, int]] = []

    def update(self, events: list[Event]) -> list[str]:
        """The viewer's entries for ``events`` (the game's event list, which only grows between undos)."""
        count = len(events)
        if (events is not self._events or count < self._count
                or (self._count and events[self._count - 1] is not self._last)):
            self._events, self._count, self._last = events, 0, None
            self.visible, self._looks, self.chars = [], [], 0
        viewer, visible = self.viewer, self.visible
        chars = self.chars
        if self._looks:
            # A look stays where it is; it only goes (gone_for), and once gone it never comes back.
            still: list[tuple[int, int]] = []
            for position, index in self._looks:
                event = events[index]
                if event.shown_to(viewer):
                    still.append((position, index))
                else:
                    line = event.seen_line(viewer)
                    chars += len(line) - len(visible[position])
                    visible[position] = line
            self._looks = still
        for index in range(self._count, count):
            event = events[index]
            if not event.visible_to(viewer):
                continue
            if event.shown_to(viewer):
                if event.transient and event.gone_for != EVERYONE:
                    self._looks.append((len(visible), index))
                line = event.line()
            else:
                line = event.seen_line(viewer)
            visible.append(line)
            chars += len(line)
        self.chars = chars
        if count:
            self._count, self._last = count, events[count - 1]
        return visible

    def lines(self) -> list[str]:
        """The lines shown now (the view's ``log``)."""
        return list(self.visible)


def _pointer(path: str, key: str | int) -> str:
    """``path`` extended by ``key`` (RFC 6901: ``~`` and ``/`` escaped)."""
    if isinstance(key, int):
        return f"{path}/{key}"
    if "~" in key or "/" in key:
        key = key.replace("~", "~0").replace("/", "~1")
    return f"{path}/{key}"


#: The JSON containers a diff walks into; any other value is a scalar, replaced whole when it changes.
_CONTAINERS = (dict, list)


def _diff(before: Any, after: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """Append to ``ops`` what turns ``before`` into ``after`` at ``path`` (the two differ)."""
    # Two values differ if Python's ``!=`` says so (a deep comparison, in C, so only what differs is
    # walked) or if their type changed at this level (``1`` to ``true``, which Python holds equal). The
    # tests are written out rather than called, and an object keeping its keys (nearly every object of a
    # state from one change to the next) is walked without counting its keys: this runs for every
    # viewer at every change, on the event loop. A scalar that changed is replaced by its container's loop
    # without a call of its own (most of a change's operations are such: an index, a count, a seat's gems).
    kind = type(before)
    if kind is dict and type(after) is dict:
        if before.keys() == after.keys():
            for key, value in after.items():
                old = before[key]
                if old is not value and (old != value or type(old) is not type(value)):
                    if type(value) in _CONTAINERS or type(old) in _CONTAINERS:
                        _diff(old, value, _pointer(path, key), ops)
                    else:  # a scalar changed (the commonest change): replaced here, a call saved
                        ops.append({"op": "replace", "path": _pointer(path, key), "value": value})
            return
        gone = [key for key in before if key not in after]
        if path and len(gone) + sum(key not in before for key in after) > max(2, len(after) // 2):
            ops.append({"op": "replace", "path": path, "value": after})  # mostly new keys: whole is shorter
            return
        for key in gone:
            ops.append({"op": "remove", "path": _pointer(path, key)})
        for key, value in after.items():
            if key not in before:
                ops.append({"op": "add", "path": _pointer(path, key), "value": value})
            else:
                old = before[key]
                if old != value or type(old) is not type(value):
                    _diff(old, value, _pointer(path, key), ops)
        return
    if kind is list and type(after) is list:
        old_size, new_size = len(before), len(after)
        if new_size > old_size and after[:old_size] == before:  # grown at the end only (a log): one C comparison
            for value in after[old_size:]:
                ops.append({"op": "add", "path": f"{path}/-", "value": value})
            return
        # Plain loops rather than a comprehension and a generator: the lists here are short (seats, legal
        # actions), and a comprehension's own call cost more than its few items.
        changed: list[int] = []
        for index, (old, new) in enumerate(zip(before, after, strict=False)):
            if old != new or type(old) is not type(new):
                changed.append(index)
        if len(changed) + max(0, old_size - new_size) > max(2, new_size // 2):
            ops.append({"op": "replace", "path": path, "value": after})  # mostly new: whole is shorter
            return
        for index in changed:
            old, new = before[index], after[index]
            if type(new) in _CONTAINERS or type(old) in _CONTAINERS:
                _diff(old, new, f"{path}/{index}", ops)
            else:
                ops.append({"op": "replace", "path": f"{path}/{index}", "value": new})
        for index in range(old_size - 1, new_size - 1, -1):  # from the end, so that each index is still right
            ops.append({"op": "remove", "path": f"{path}/{index}"})
        for value in after[old_size:]:
            ops.append({"op": "add", "path": f"{path}/-", "value": value})
        return
    ops.append({"op": "replace", "path": path, "value": after})


def state_diff(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """The RFC 6902 operations (``add``, ``remove``, ``replace``) turning the state ``before`` into ``after``.

    Hand-written because it runs once per viewer per change on the event loop: ``jsonpatch.make_patch``
    (deep copies, every value encoded to compare, ``difflib`` on lists) took about 1.2 ms on a four-seat
    Knights and Ninjas state, more than everything else a change costs; this walks only what differs
    (Python's ``!=`` compares whole subtrees in C) and takes tens of microseconds. Lists are compared
    place by place, growing or shrinking at the end (a log's new lines are ``add`` at ``-``); a list or
    object mostly changed (the legal actions and their labels at a new decision) is replaced whole.
    ``jsonpatch.apply_patch`` applies the result (tested on every
    game's views). One limit, from Python's equality: a number turned into the boolean it equals
    (``1`` and ``true``) *inside a list or object that is otherwise equal* is not seen (a changed value
    at any level that is compared is); views keep each field to one type, which the tests check.
    """
    ops: list[dict[str, Any]] = []
    if before != after:
        _diff(before, after, "", ops)
    return ops


class StateText:
    """A state's JSON text, encoded when it is first asked for, then kept.

    Most connections are sent a patch, not the whole state: encoding every viewer's whole state at every
    change (which grows with the game's log) was done for nothing then. The state is never changed
    after it is made, so encoding it later gives the text it had.
    """

    __slots__ = ("_payload", "_text")

    def __init__(self, payload: dict[str, Any] | None = None, text: str | None = None) -> None:
        self._payload = payload
        self._text = text

    def get(self) -> str:
        """The text (encoded now if it was not yet)."""
        if self._text is None:
            self._text = dumps(self._payload)
            self._payload = None
        return self._text


class SharedView:
    """A viewer's latest state as sent: its ``seq``, its text, and the patch from the one before.

    ``seq`` counts the viewer's states that differed (0: none built yet). A connection that holds state
    ``seq - 1`` can be sent ``patch`` instead of the whole state (:attr:`lazy`, encoded only if some
    connection is sent it whole).
    """

    __slots__ = ("doc", "fingerprint", "lazy", "log", "patch", "seq")

    def __init__(self, viewer: Viewer) -> None:
        self.seq = 0
        self.doc: dict[str, Any] | None = None
        self.lazy = StateText(text="")
        #: What must change for a new state: the state itself (compared as Python values), or without a
        #: clock's running seconds (see ``live._fingerprint``).
        self.fingerprint: object = None
        #: The operations (JSON array text) from state ``seq - 1`` to ``seq``; ``None`` for the first.
        self.patch: str | None = None
        self.log = ViewerLog(viewer)

    @property
    def text(self) -> str:
        """The latest state's JSON text (encoded now if nobody needed it yet)."""
        return self.lazy.get()

    def update(self, payload: dict[str, Any], text: str | StateText, fingerprint: object) -> bool:
        """Take the viewer's state now; returns whether it is a new one (its fingerprint changed).

        A state that differs only in the running clocks' seconds keeps its ``seq``: its text is the
        newest (what a connection sent the whole state then, such as after a reconnect, should show),
        while the next patch is still made from the state the patched connections hold (the two have
        the same shape, so its operations apply to either).
        """
        lazy = text if isinstance(text, StateText) else StateText(text=text)
        if self.doc is not None and fingerprint == self.fingerprint:
            self.lazy = lazy
            return False
        self.patch = None if self.doc is None else dumps(state_diff(self.doc, payload))
        self.seq += 1
        self.doc, self.lazy, self.fingerprint = payload, lazy, fingerprint
        return True
