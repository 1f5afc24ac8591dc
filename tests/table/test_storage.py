"""The data folder, atomic writes, save names that never collide, reading saves safely, the list of saves."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import platformdirs
import pytest

from engine.toygame import ToyState
from ninjadojo.engine import SaveError
from ninjadojo.table import (
    HOME_VARIABLE,
    Table,
    data_dir,
    find_save,
    last_unfinished,
    list_saves,
    read_save_file,
    storage,
)
from ninjadojo.table.storage import new_save_path, write_atomic


def test_the_data_folder_is_ninjadojo_home_when_set_else_the_platforms(data_home: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    assert data_dir() == data_home
    monkeypatch.delenv(HOME_VARIABLE)
    assert data_dir() == Path(platformdirs.user_data_dir("ninjadojo"))
    monkeypatch.setenv(HOME_VARIABLE, "")
    assert data_dir() == Path(platformdirs.user_data_dir("ninjadojo"))


def test_an_atomic_write_replaces_the_file_whole_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "game.dojo.json"
    write_atomic(path, "first\n")
    write_atomic(path, "second\n")
    assert path.read_text() == "second\n"
    assert [entry.name for entry in tmp_path.iterdir()] == ["game.dojo.json"]
    # A save is readable like any file the user makes (the temporary file was private).
    assert path.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_write_that_fails_before_the_rename_keeps_the_old_file(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.dojo.json"
    write_atomic(path, "the old save\n")

    def crash(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", crash)
    with pytest.raises(OSError):
        write_atomic(path, "half a new save")
    assert path.read_text() == "the old save\n"
    assert [entry.name for entry in tmp_path.iterdir()] == ["game.dojo.json"]


def test_new_save_names_never_collide_even_in_the_same_second(tmp_path: Path) -> None:
    now = datetime(2030, 1, 2, 3, 4, 5)
    first = new_save_path(tmp_path, "toy", 7, now)
    second = new_save_path(tmp_path, "toy", 7, now)
    other_seed = new_save_path(tmp_path, "toy", 8, now)
    assert first.name == "toy-20300102-030405-seed7.dojo.json"
    assert len({first, second, other_seed}) == 3
    assert all(path.exists() for path in (first, second, other_seed))
    assert new_save_path(tmp_path, "toy", None, now).name == "toy-20300102-030405-position.dojo.json"


def test_reading_a_save_file_says_what_is_wrong(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    cases = {
        deep: "nested too deeply",
        tmp_path / "missing.json": "no save file at",
        tmp_path: "is a folder",
    }
    (tmp_path / "list.json").write_text("[1, 2]")
    cases[tmp_path / "list.json"] = "it holds a JSON list, not an object"
    (tmp_path / "bad.json").write_text("{oops")
    cases[tmp_path / "bad.json"] = "is not a readable JSON save"
    for path, message in cases.items():
        with pytest.raises(SaveError, match=message):
            read_save_file(path)


def _saved_table(seed: int, finish: bool) -> Table:
    table = Table.new("toy", 2, {}, seed, humans=[0], bot_specs={1: "random"})
    if finish:
        while not table.is_over:
            seat = table.game.to_act()[0]
            table.apply(seat, table.game.legal_actions(seat)[0])
    assert table.autosave()
    return table


def test_the_list_of_saves_is_newest_first_with_game_players_and_state(toy: None, data_home: Path) -> None:
    older = _saved_table(1, finish=True)
    newer = _saved_table(2, finish=False)
    assert older.save_path is not None and newer.save_path is not None
    os.utime(older.save_path, (1_000_000_000, 1_000_000_000))
    (data_home / "saves" / "junk.dojo.json").write_text("{not json")
    (data_home / "saves" / "notes.txt").write_text("not a save")
    saves = list_saves()
    assert [saved.path for saved in saves] == [newer.save_path, older.save_path]
    assert [saved.state for saved in saves] == ["in progress", "finished"]
    assert saves[0].game == "toy" and saves[0].players == ("you", "random")
    assert saves[1].when == datetime.fromtimestamp(1_000_000_000)
    assert last_unfinished() == saves[0]


def test_no_saves_folder_lists_nothing(data_home: Path) -> None:
    assert list_saves() == [] and last_unfinished() is None


def test_a_bare_file_name_finds_a_save_in_the_data_folder(toy: None, tmp_path: Path, data_home: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table = _saved_table(3, finish=False)
    assert table.save_path is not None
    monkeypatch.chdir(tmp_path)
    assert find_save(Path(table.save_path.name)) == table.save_path
    local = tmp_path / table.save_path.name
    local.write_text(json.dumps({}))
    # A file of that name here comes first; a path with folders is never looked up elsewhere.
    assert find_save(Path(table.save_path.name)) == Path(table.save_path.name)
    assert find_save(Path("no") / "such.json") == Path("no") / "such.json"
    assert ToyState.SPEC.id == "toy"
