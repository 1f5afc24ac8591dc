"""The plot: a valid PNG or SVG by the file's suffix, and bad file names refused before anything runs."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import pytest

from arena.helpers import GAME
from ninjadojo.arena import ArenaSettings, check_plot_path, run_arena, summarise, write_plot
from ninjadojo.engine import OptionError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    settings = ArenaSettings.build(GAME, ["heuristic", "random", "forgetful"], players=2, games=4, seed=1)
    return summarise(settings, run_arena(settings).outcomes)


def test_a_png_plot_is_a_png_image(results: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "ratings.png"
    write_plot(results, path)
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    # The IHDR chunk follows the signature: the image has a width and a height.
    assert data[12:16] == b"IHDR" and int.from_bytes(data[16:20], "big") > 100


def test_an_svg_plot_is_an_svg_document_naming_every_bot(results: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "ratings.SVG"
    write_plot(results, path)
    root = ElementTree.parse(path).getroot()
    assert root.tag.endswith("svg")
    text = path.read_text()
    # matplotlib writes text as paths, each labelled with a comment holding the text.
    assert all(bot in text for bot in ("heuristic", "random", "forgetful"))


@pytest.mark.parametrize("name", ["ratings.pdf", "ratings", "ratings.png.txt"])
def test_a_plot_file_name_without_a_known_suffix_is_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(OptionError, match=r"\.png or \.svg"):
        check_plot_path(tmp_path / name)


def test_a_plot_s_folder_is_made_but_a_file_in_the_way_is_refused(results: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "runs" / "first" / "ratings.png"
    check_plot_path(path)
    assert not (tmp_path / "runs").exists(), "checking writes nothing"
    write_plot(results, path)
    assert path.read_bytes().startswith(PNG_SIGNATURE)
    (tmp_path / "taken").write_text("a file")
    with pytest.raises(OptionError, match="is a file, not a folder"):
        check_plot_path(tmp_path / "taken" / "ratings.png")
    folder = tmp_path / "runs" / "first.png"
    folder.mkdir()
    with pytest.raises(OptionError, match="is a folder"):
        check_plot_path(folder)
