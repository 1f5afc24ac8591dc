"""A run's progress file: a header line naming the run, then one JSON line per piece of finished work.

An arena (:mod:`ninjadojo.arena.progress`) and a report (:mod:`ninjadojo.report.progress`) keep
``progress.jsonl`` in their folder alike: the first line is a header giving the file's format, its
version, the dojo's version and the run's fingerprint; each further line is appended and flushed as
work ends. A rerun of the same command reads what is done and does only the rest; the same folder
with a different run is refused, naming the flag that differs, before anything is written. The text
after the last newline is a line cut off mid-write (the machine stopped): it is dropped on reading
and cut away before the next line is appended.

:class:`ProgressFile` does all of that; a subclass gives its :class:`ProgressLayout` (the words and
flags of its messages) and parses its own lines. :func:`check_folder` checks a run's ``--out`` folder
before anything is played (:func:`check_writable` also tries writing there), and :func:`write_whole` writes
the other files of the folder (results, reports), which are rewritten at the end of every run.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, ClassVar, Generic, Protocol, Self, TypeVar

from ninjadojo import __version__
from ninjadojo.engine.errors import OptionError, SaveError, quote

#: The progress file in a run's folder.
PROGRESS_FILE = "progress.jsonl"


class Fingerprinted(Protocol):
    """Settings that say, as JSON, what makes two runs the same."""

    def fingerprint(self) -> Mapping[str, Any]:
        """What makes two runs the same (JSON)."""
        ...


SettingsT = TypeVar("SettingsT", bound=Fingerprinted)
KeyT = TypeVar("KeyT")
EntryT = TypeVar("EntryT")


@dataclass(frozen=True)
class ProgressLayout:
    """What one kind of progress file is called, and how its header and messages are written."""

    #: The header's ``format``: what the file is.
    format: str
    #: The version of the file's layout; a file of another version is refused.
    version: int
    #: The kind of run ("arena", "report"): the header's field holding the fingerprint, and the word in messages.
    run: str
    #: The article before :attr:`run` in messages ("an", "a").
    article: str
    #: What each line after the header is, in messages ("a game of this arena").
    entry: str
    #: The command-line flag of each field of the fingerprint, to say which one differs.
    flags: Mapping[str, str]
    #: Whether lines are written with their keys sorted.
    sort_keys: bool = False
    #: How many characters of each differing value a message quotes.
    quote_width: int = 40
    #: Whether a differing ``options`` field is said as the one option that differs (else as the whole field).
    name_option: bool = False
    #: Fields kept in another unit than their flag's: the field's value as the flag says it, from the value
    #: and the whole fingerprint (an arena keeps deals; its ``--games`` are the deals times the players).
    shown: Mapping[str, Callable[[Any, Mapping[str, Any]], Any]] = field(default_factory=dict)


def progress_line(data: Mapping[str, Any], sort_keys: bool = False) -> str:
    """``data`` as one compact JSON line, newline included."""
    return json.dumps(data, sort_keys=sort_keys, separators=(",", ":")) + "\n"


def differing_field(saved: object, wanted: Mapping[str, Any], layout: ProgressLayout) -> str:
    """The first field of the fingerprint that differs, said with its flag and both values."""
    if not isinstance(saved, dict):
        return "its header is malformed"
    flags, width = layout.flags, layout.quote_width
    for key, value in wanted.items():
        old = saved.get(key)
        if layout.name_option and key == "options" and isinstance(old, dict) and isinstance(value, dict) \
                and old != value:
            name = next(name for name in sorted({*old, *value}) if old.get(name) != value.get(name))
            return (f"{flags[key]}: option {name} was {quote(old.get(name), 40)} there, "
                    f"{quote(value.get(name), 40)} now")
        if old != value:
            convert = layout.shown.get(key)
            if convert is not None:
                old, value = convert(old, saved), convert(value, wanted)
            return f"{flags.get(key, key)} was {_said(old, width)} there, {_said(value, width)} now"
    return "its header differs"


def _said(value: object, width: int) -> str:
    """A header value as the command line gives it: a list (``--bots``) as its items, comma-separated."""
    if isinstance(value, list | tuple) and all(isinstance(item, str | int | float) for item in value):
        return quote(",".join(map(str, value)), width)
    return quote(value, width)


def check_folder(folder: Path, flag: str = "--out") -> Path:
    """``folder`` if it is a folder or can be made one (its nearest existing parent is a folder), else OptionError."""
    if folder.exists():
        if not folder.is_dir():
            raise OptionError(f"{flag} {quote(str(folder))} is a file, not a folder: give a folder")
        return folder
    parent = folder.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise OptionError(f"{flag} {quote(str(folder))} cannot be made: {quote(str(parent))} is a file, not a folder")
    return folder


def check_writable(folder: Path, flag: str = "--out") -> Path:
    """``folder`` if files can be made in it now (it and any missing folders above it made, if need be), else
    :class:`OptionError` naming ``flag``; leaves nothing behind.

    Tried rather than foreseen, before anything is played: a read-only mount, or /proc, refuses a new file
    whatever the permissions say (and root passes every permission check). The folders it had to make and
    its scratch file are taken away again at once.
    """
    check_folder(folder, flag)
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    missing: list[Path] = []
    path = folder
    while path != existing:
        missing.append(path)
        path = path.parent
    made: list[Path] = []
    # Where the refusal came from: the folder above the one being made, or the folder itself.
    refusing = existing
    try:
        for path in reversed(missing):
            path.mkdir()
            made.append(path)
            refusing = path
        handle, scratch = tempfile.mkstemp(dir=folder, prefix=".dojo-check.", suffix=".tmp")
        os.close(handle)
        os.unlink(scratch)
    except OSError as error:
        raise OptionError(f"{flag} {quote(str(folder))} cannot be written: {quote(str(refusing))} refuses new "
                          f"files ({error.strerror})") from None
    finally:
        for path in reversed(made):
            with suppress(OSError):  # someone else's file in it by now: theirs to keep
                path.rmdir()
    return folder


def refuse_foreign_files(folder: Path, names: Sequence[str], progress_name: str, run: str, flag: str = "--out") -> None:
    """Raise :class:`OptionError` if ``folder`` holds one of a run's output files ``names`` but no progress
    file ``progress_name``: no ``run`` (a report, an arena) was started there, so the file is someone's own,
    and the run would write over it without a word."""
    if (folder / progress_name).exists():
        return
    for name in names:
        if (folder / name).is_file():
            raise OptionError(f"{flag} {quote(str(folder))} already holds {name}, which no {run} wrote (there is no "
                              f"{progress_name} beside it): give another {flag} folder, or move it away")


def write_whole(path: Path, content: bytes) -> None:
    """Write ``content`` to ``path`` whole or not at all (a temporary file beside it, renamed over it).

    A run stopped mid-write leaves the file it had, never half of a new one.
    """
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        # mkstemp makes the file private (0600); results and reports are for sharing: the user's usual mode.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class ProgressFile(Generic[SettingsT, KeyT, EntryT]):
    """The work a run's folder already holds, read and checked before anything is written.

    :meth:`read` refuses a folder holding another run (:class:`OptionError`) or a malformed progress
    file (:class:`SaveError`); :meth:`appending` then opens the file to add lines as work ends. A
    subclass sets :attr:`LAYOUT` and :meth:`parse_line`.
    """

    #: The subclass's kind of file.
    LAYOUT: ClassVar[ProgressLayout]

    def __init__(self, folder: Path, settings: SettingsT, done: dict[KeyT, EntryT], valid_bytes: int,
                 exists: bool) -> None:
        self.folder = folder
        self.settings = settings
        #: The work already finished, by key.
        self.done = done
        self._valid_bytes = valid_bytes
        self._exists = exists

    @property
    def path(self) -> Path:
        """The progress file."""
        return self.folder / PROGRESS_FILE

    @classmethod
    def parse_line(cls, text: bytes, settings: SettingsT) -> Iterable[tuple[KeyT, EntryT]]:
        """The finished work of one line after the header, by key; ValueError saying what is wrong."""
        raise NotImplementedError

    @classmethod
    def header(cls, settings: SettingsT) -> dict[str, Any]:
        """The header line's data for a run with these settings."""
        layout = cls.LAYOUT
        return {"format": layout.format, "version": layout.version, "ninjadojo": __version__,
                layout.run: settings.fingerprint()}

    @classmethod
    def read(cls, folder: Path | str, settings: SettingsT) -> Self:
        """The progress in ``folder`` (none yet if it or its progress file does not exist). Writes nothing."""
        layout = cls.LAYOUT
        folder = check_folder(Path(folder))
        path = folder / PROGRESS_FILE
        if not path.exists():
            return cls(folder, settings, {}, 0, False)
        try:
            raw = path.read_bytes()
        except OSError as error:
            raise SaveError(f"cannot read {quote(str(path))}: {error.strerror}") from None
        lines = raw.split(b"\n")
        # The text after the last newline is a line cut off mid-write (or nothing): it is dropped.
        complete, valid_bytes = lines[:-1], len(raw) - len(lines[-1])
        if not complete:
            # Not even the header was written whole: no work was done.
            return cls(folder, settings, {}, 0, True)
        try:
            header = json.loads(complete[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("format") != layout.format:
            raise SaveError(f"{quote(str(path))} is not {layout.article} {layout.run}'s progress file: "
                            "give another --out folder")
        if header.get("version") != layout.version:
            raise SaveError(f"{quote(str(path))} is {layout.article} {layout.run} progress file of format version "
                            f"{quote(header.get('version'))}; this dojo reads version {layout.version}")
        # Through JSON and back, so tuples compare as the lists the header holds.
        wanted = json.loads(json.dumps(settings.fingerprint()))
        if header.get(layout.run) != wanted:
            differs = differing_field(header.get(layout.run), wanted, layout)
            raise OptionError(f"{quote(str(folder))} holds another {layout.run} ({differs}): rerun that command to "
                              "continue it, or give another --out folder")
        done: dict[KeyT, EntryT] = {}
        for number, text in enumerate(complete[1:], start=2):
            if not text.strip():
                continue
            try:
                entries = list(cls.parse_line(text, settings))
            except ValueError as error:
                raise SaveError(f"line {number} of {quote(str(path))} is not {layout.entry}: {error}") from None
            for key, entry in entries:
                # Work done twice (two runs at once) is the same work: the results are deterministic.
                done.setdefault(key, entry)
        return cls(folder, settings, done, valid_bytes, True)

    @contextmanager
    def appending(self) -> Iterator[IO[str]]:
        """The progress file open to append lines (the folder and header are made if new).

        A line cut off mid-write is cut away first, so the next line starts on a line of its own.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        if not self._exists or self._valid_bytes == 0:
            with self.path.open("w", encoding="utf-8") as new:
                new.write(progress_line(self.header(self.settings), self.LAYOUT.sort_keys))
        elif self.path.stat().st_size != self._valid_bytes:
            with self.path.open("r+b") as torn:
                torn.truncate(self._valid_bytes)
        with self.path.open("a", encoding="utf-8") as stream:
            yield stream
