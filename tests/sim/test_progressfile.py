"""The progress file both drivers keep (arena, report): its header, a torn last line, another run refused, and
files written whole. Driven here through a small progress file of its own; the drivers' tests cover theirs."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ninjadojo.engine import OptionError, SaveError
from ninjadojo.sim.progressfile import (
    PROGRESS_FILE,
    ProgressFile,
    ProgressLayout,
    check_folder,
    check_writable,
    write_whole,
)


@dataclass(frozen=True)
class _Counting:
    """Settings of a run that counts: the fingerprint is the seed."""

    seed: int

    def fingerprint(self) -> dict[str, Any]:
        return {"seed": self.seed}


class _CountingProgress(ProgressFile[_Counting, int, int]):
    LAYOUT = ProgressLayout(format="counting", version=3, run="count", article="a", entry="a number of this count",
                            flags={"seed": "--seed"})

    @classmethod
    def parse_line(cls, text: bytes, settings: _Counting) -> Iterable[tuple[int, int]]:
        number = json.loads(text)
        if type(number) is not int:
            raise ValueError(f"{number!r} is not a whole number")
        return [(number, number * settings.seed)]


def _append(folder: Path, settings: _Counting, *numbers: int) -> None:
    with _CountingProgress.read(folder, settings).appending() as stream:
        stream.writelines(f"{number}\n" for number in numbers)


def test_the_header_comes_first_and_the_lines_read_back(tmp_path: Path) -> None:
    settings = _Counting(2)
    _append(tmp_path / "run", settings, 1, 5)
    lines = (tmp_path / "run" / PROGRESS_FILE).read_text().splitlines()
    header = json.loads(lines[0])
    assert header["format"] == "counting" and header["version"] == 3 and header["count"] == {"seed": 2}
    assert _CountingProgress.read(tmp_path / "run", settings).done == {1: 2, 5: 10}


def test_a_torn_last_line_is_dropped_then_cut_away_before_the_next(tmp_path: Path) -> None:
    settings = _Counting(1)
    _append(tmp_path, settings, 1)
    with (tmp_path / PROGRESS_FILE).open("a") as stream:
        stream.write("12")  # the machine stopped mid-line
    assert _CountingProgress.read(tmp_path, settings).done == {1: 1}
    _append(tmp_path, settings, 7)
    assert (tmp_path / PROGRESS_FILE).read_text().splitlines()[1:] == ["1", "7"]


def test_another_run_and_another_file_are_refused_and_nothing_is_written(tmp_path: Path) -> None:
    _append(tmp_path, _Counting(1), 1)
    before = (tmp_path / PROGRESS_FILE).read_bytes()
    with pytest.raises(OptionError, match=r"holds another count \(--seed was 1 there, 2 now\)"):
        _CountingProgress.read(tmp_path, _Counting(2))
    (tmp_path / PROGRESS_FILE).write_bytes(before + b"1.5\n")
    with pytest.raises(SaveError, match=r"line 3 of .* is not a number of this count: 1\.5 is not a whole number"):
        _CountingProgress.read(tmp_path, _Counting(1))
    (tmp_path / PROGRESS_FILE).write_text('{"format": "other"}\n')
    with pytest.raises(SaveError, match="is not a count's progress file"):
        _CountingProgress.read(tmp_path, _Counting(1))
    assert (tmp_path / PROGRESS_FILE).read_text() == '{"format": "other"}\n'


def test_a_file_is_not_a_folder(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(OptionError, match="is a file, not a folder"):
        check_folder(tmp_path / "file")
    with pytest.raises(OptionError, match="cannot be made"):
        check_folder(tmp_path / "file" / "below")
    assert check_folder(tmp_path / "new" / "deeper") == tmp_path / "new" / "deeper"


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary_one(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "results.json"
    write_whole(path, b"old\n")

    def fail(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("ninjadojo.sim.progressfile.os.replace", fail)
    with pytest.raises(KeyboardInterrupt):
        write_whole(path, b"new\n")
    assert path.read_bytes() == b"old\n" and sorted(tmp_path.iterdir()) == [path]


def test_a_file_written_whole_gets_the_users_usual_mode_not_a_private_one(tmp_path: Path) -> None:
    """Results and reports are for sharing: not the 0600 of a temporary file."""
    umask = os.umask(0o022)
    try:
        target = tmp_path / "report.json"
        write_whole(target, b"{}\n")
        assert target.read_bytes() == b"{}\n"
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
    finally:
        os.umask(umask)


def test_check_writable_tries_the_folder_and_leaves_nothing_behind(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder the system refuses (a read-only mount: here, a scratch file refused as one would be) is
    refused naming the flag and why, and the folders made to try it are taken away again."""
    folder = tmp_path / "a" / "b"
    assert check_writable(folder) == folder
    assert list(tmp_path.iterdir()) == [], "a folder that can be written is left as it was: not there"

    def read_only(*_args: object, **_kwargs: object) -> tuple[int, str]:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("ninjadojo.sim.progressfile.tempfile.mkstemp", read_only)
    with pytest.raises(OptionError, match=r"the folder of --plot .* cannot be written: .* refuses new files "
                                          r"\(Read-only file system\)"):
        check_writable(folder, "the folder of --plot")
    assert list(tmp_path.iterdir()) == []
