"""Rendering a report (``ninjadojo.report.render``, its words ``.text`` and its files ``.formats``): the files
written, the summary's sentences, the comparison said plainly, edge cases (no game, a partial report, no
features, text needing escaping), and atomic writes.

Most tests use :func:`synthetic_report`, a report.json dict built here with chosen figures (the contract's
schema, version 1), so that a test can say exactly what the page must say about them; one test renders a
real report played by :mod:`ninjadojo.report`.
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ninjadojo.report import plots
from ninjadojo.report.formats import (
    HTML_FILE,
    JSON_FILE,
    MARKDOWN_FILE,
    markdown_escape,
    render_html,
    render_markdown,
    write_report,
)
from ninjadojo.report.plots import draw_plots, plot_name, top_and_bottom
from ninjadojo.report.text import describe_change, mean_text, percent
from ninjadojo.sim import progressfile

NASTY = "<script>alert('x')</script> | *bold* _it_ [link](http://x) & `code` $\\frac$ $"


def _wilson(rate: float, games: int) -> list[float]:
    """A plausible interval around ``rate`` (the renderer only shows it, so its exact formula does not matter)."""
    half = 1.96 * (max(rate * (1 - rate), 0.01) / max(games, 1)) ** 0.5
    return [round(max(0.0, rate - half), 6), round(min(1.0, rate + half), 6)]


def _mean(mean: float, half: float) -> dict[str, Any]:
    return {"mean": mean, "ci95": [mean - half, mean + half]}


def _histogram(rng: random.Random, low: int, high: int, games: int) -> dict[str, Any]:
    edges = list(range(low, high + 1, max(1, (high - low) // 10)))
    counts = [0] * (len(edges) - 1)
    for _ in range(games):
        counts[rng.randrange(len(counts))] += 1
    return {"edges": edges, "counts": counts}


def count_entry(players: int, games: int, rng: random.Random, rates: list[float] | None = None,
                features: int = 0, feature_names: list[str] | None = None) -> dict[str, Any]:
    """One ``player_counts`` entry with ``games`` games (seat win rates ``rates``, fair when not given)."""
    rates = rates or [1 / players] * players
    length = 40.0 + 10 * players
    names = feature_names or [f"Card {number}" for number in range(features)]
    feature_rows = []
    for number, name in enumerate(names):
        kind = "played" if number % 2 == 0 else "held"
        difference = round(0.3 - 0.6 * number / max(1, len(names) - 1), 6)
        feature_rows.append({"feature": f"{kind}:{name}", "kind": kind, "name": name,
                             "games_with": games // 2, "win_rate_with": 0.25 + difference / 2,
                             "ci95_with": _wilson(0.25 + difference / 2, games // 2),
                             "games_without": games * players - games // 2, "win_rate_without": 0.25 - difference / 2,
                             "ci95_without": _wilson(0.25 - difference / 2, games),
                             "difference": difference,
                             "ci95_difference": [round(difference - 0.05, 6), round(difference + 0.05, 6)],
                             "raw_difference": round(difference + 0.1, 6),
                             "ci95_raw_difference": [round(difference + 0.05, 6), round(difference + 0.15, 6)]})
    feature_rows.sort(key=lambda row: -row["difference"])
    return {
        "players": players, "games": games, "finished": games, "truncated": 0,
        "seats": [{"seat": seat, "wins": rate * games, "win_rate": rate, "ci95": _wilson(rate, games)}
                  for seat, rate in enumerate(rates)],
        "length": {**_mean(length, 1.5), "min": 10, "max": 200,
                   "quantiles": {"p10": length - 20, "p50": length, "p90": length + 30},
                   "histogram": _histogram(rng, 10, 200, games)},
        "decisions": {**_mean(length * 0.8, 1.0),
                      "per_seat": [{"seat": seat, **_mean(length * 0.8 / players, 0.5)} for seat in range(players)]},
        "branching": {**_mean(6.5, 0.1), "max": 31},
        "points": {"per_seat": [{"seat": seat, **_mean(12.0 + seat, 0.4)} for seat in range(players)],
                   "winner_mean": 21.5, "histogram": _histogram(rng, 0, 30, games * players)},
        "features": feature_rows,
    }


def synthetic_report(counts: tuple[int, ...] = (2, 3), games: int = 400, compare: bool = False,
                     features: int = 0, complete: bool = True, seed: int = 0) -> dict[str, Any]:
    """A report.json dict (schema version 1) with fair seats unless a test changes them."""
    rng = random.Random(seed)
    labels = ["target=21", "target=15"] if compare else ["default"]
    variants = [{"label": label, "options": {"target": int(label.partition("=")[2] or 21), "max_length": 2000},
                 "player_counts": [count_entry(players, games, rng, features=features) for players in counts]}
                for label in labels]
    differences = None
    if compare:
        zero = {"difference": 0.0, "ci95": [0.0, 0.0]}
        differences = [{"players": players, "games": games,
                        "seats": [{"seat": seat, "difference": 0.001, "ci95": [-0.01, 0.012]}
                                  for seat in range(players)],
                        "length": {"difference": -0.5, "ci95": [-1.5, 0.5]}, "decisions": dict(zero),
                        "branching": {"difference": 0.02, "ci95": [-0.01, 0.05]},
                        "points": [{"seat": seat, "difference": 0.1, "ci95": [-0.2, 0.4]} for seat in range(players)],
                        "truncated": dict(zero)} for players in counts]
    total = games * len(counts) * len(labels)
    return {
        "format": "ninjadojo-report", "version": 1, "ninjadojo": "0.1.0",
        "game": "ninjitsu", "game_name": "Ninjitsu!", "bots": ["random"], "seed": seed, "games": games,
        "options": {}, "max_length": 2000,
        "compare": {"option": "target", "a": "21", "b": "15"} if compare else None,
        "complete": complete, "games_played": total if complete else total // 3, "games_total": total,
        "variants": variants, "differences": differences,
        "speed": {"seconds": 12.5, "workers": 2, "backend": "local", "games_per_second": 64.0,
                  "games_per_second_per_worker": 32.0, "actions_per_second": 5100.0,
                  "engine": {"games_per_second": 210.5, "actions_per_second": 17000.0}},
    }


def _text(page: str) -> str:
    """The page's words, tags removed and entities decoded, spaces collapsed."""
    inline = re.sub(r"</?(span|strong|em|a)\b[^>]*>", "", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


# --- files ---------------------------------------------------------------------------------------------------------


def test_write_report_writes_json_markdown_html_and_the_plots_it_links(tmp_path: Path) -> None:
    data = synthetic_report(counts=(3,), features=30)
    written = write_report(data, tmp_path / "out")
    out = tmp_path / "out"
    assert written[:1] == [out / JSON_FILE] and {out / MARKDOWN_FILE, out / HTML_FILE} <= set(written)
    assert all(path.is_file() and path.stat().st_size > 0 for path in written)
    assert json.loads((out / JSON_FILE).read_text()) == data
    pngs = sorted(path.name for path in written if path.suffix == ".png")
    assert pngs == sorted(f"{kind}-{players}p.png" for kind in ("seats", "length", "points", "features")
                          for players in (3,))
    assert all((out / "plots" / name).read_bytes().startswith(b"\x89PNG") for name in pngs)
    page = (out / HTML_FILE).read_text()
    linked = re.findall(r'<img src="([^"]+)"', page)
    assert sorted(linked) == sorted(f"plots/{name}" for name in pngs)
    assert all(f"](plots/{name})" in (out / MARKDOWN_FILE).read_text() for name in pngs)


def test_the_page_is_self_contained_plain_html(tmp_path: Path) -> None:
    write_report(synthetic_report(counts=(2,), compare=True, features=5), tmp_path)
    page = (tmp_path / HTML_FILE).read_text()
    assert page.startswith("<!doctype html>") and "<style>" in page
    assert "<script" not in page.lower() and "<link" not in page.lower()
    assert not re.search(r'src="(https?:|/)', page), "images must be relative paths into the report folder"


def test_an_interrupted_write_leaves_the_previous_json_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = synthetic_report(counts=(2,), games=100)
    write_report(first, tmp_path)

    def interrupted(source: str, target: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(progressfile.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_report(synthetic_report(counts=(2,), games=200), tmp_path)
    assert json.loads((tmp_path / JSON_FILE).read_text()) == first
    assert not [path for path in tmp_path.rglob("*") if path.name.endswith(".tmp")], "a temporary file was left"


def test_plots_no_longer_drawn_are_removed_and_other_files_kept(tmp_path: Path) -> None:
    write_report(synthetic_report(counts=(2,), compare=True, features=4), tmp_path)
    assert (tmp_path / "plots" / "compare-2p.png").exists() and (tmp_path / "plots" / "features-2p-v2.png").exists()
    (tmp_path / "plots" / "mine.png").write_bytes(b"not ours")
    write_report(synthetic_report(counts=(2,)), tmp_path)
    assert sorted(path.name for path in (tmp_path / "plots").iterdir()) == [
        "length-2p.png", "mine.png", "points-2p.png", "seats-2p.png"]


# --- what the page says --------------------------------------------------------------------------------------------


def test_the_summary_names_a_seat_whose_interval_excludes_the_fair_share() -> None:
    data = synthetic_report(counts=(4,), games=4000)
    row = data["variants"][0]["player_counts"][0]
    row["seats"][1].update({"win_rate": 0.31, "ci95": [0.29, 0.33]})
    row["length"].update({"mean": 142.2, "quantiles": {"p10": 98, "p50": 140, "p90": 190}})
    text = _text(render_html(data))
    summary = text[:text.index("4 players Win rate")] if "4 players Win rate" in text else text
    assert "At 4 players, seat 1 wins 31% (95% CI 29-33%) of games against a fair 25%" in summary
    assert "games last 142 actions (p10-p90 98-190)" in summary


def test_the_summary_says_when_no_seat_differs_measurably() -> None:
    data = synthetic_report(counts=(2,), games=100)
    row = data["variants"][0]["player_counts"][0]
    row["seats"][0].update({"win_rate": 0.55, "ci95": [0.45, 0.64]})
    row["seats"][1].update({"win_rate": 0.45, "ci95": [0.36, 0.55]})
    text = _text(render_html(data))
    assert "no seat's win rate differs measurably from a fair 50%: the furthest, seat 0, wins 55% (95% CI 45-64%)" \
        in text


def test_truncated_games_are_said_in_the_summary_and_the_length_table() -> None:
    data = synthetic_report(counts=(3,), games=200)
    data["variants"][0]["player_counts"][0].update({"truncated": 7, "finished": 193})
    text = _text(render_html(data))
    assert "7 games (3.5%) were stopped at the maximum length with no winner" in text
    assert "stopped at the maximum length 7 of 200" in text


def test_a_partial_report_says_so_and_how_to_finish_it() -> None:
    text = _text(render_html(synthetic_report(complete=False, games=90)))
    assert "Partial report: 60 of 180 games played. Run the same command again to continue it" in text
    assert "Partial report" not in _text(render_html(synthetic_report()))


def test_a_report_of_no_game_renders_without_plots(tmp_path: Path) -> None:
    data = synthetic_report(counts=(2, 3), complete=False)
    data["games_played"] = 0
    for row in data["variants"][0]["player_counts"]:
        row.update({"games": 0, "finished": 0})
    written = write_report(data, tmp_path)
    assert [path.name for path in written] == [JSON_FILE, MARKDOWN_FILE, HTML_FILE]
    text = _text((tmp_path / HTML_FILE).read_text())
    assert "At 2 players, no game has been played yet." in text and "0 of 800 games played" in text
    assert "Win rate by seat" not in text


def test_a_game_without_features_says_it_records_none() -> None:
    data = synthetic_report(counts=(2,), features=0)
    assert plot_name("features", 2) not in draw_plots(data)
    assert "This game records no features" in _text(render_html(data))


def test_features_show_the_ten_largest_and_ten_smallest_differences() -> None:
    data = synthetic_report(counts=(2,), features=30)
    features = data["variants"][0]["player_counts"][0]["features"]
    shown = top_and_bottom(features)
    differences = sorted((row["difference"] for row in features), reverse=True)
    assert [row["difference"] for row in shown] == differences[:10] + differences[-10:]
    page = render_html(data, draw_plots(data))
    text = _text(page)
    assert "The 10 features with the largest and the 10 with the smallest difference, of 30" in text
    for row in features:
        label = f"{row['kind']} {row['name']}"
        assert (f"<td>{label}</td>" in page) == (row in shown), label
    # a feature whose difference is missing (nobody, or everybody, had it) is left out, not drawn as 0
    assert top_and_bottom([{"feature": "held:X", "difference": None}]) == []


def test_the_strongest_feature_signal_is_said_with_its_interval() -> None:
    data = synthetic_report(counts=(2,), features=3)
    text = _text(render_html(data))
    assert ("At 2 players the features with the largest win-rate differences (each compared with seats that made "
            "as many decisions): played Card 0: 30 percentage points higher win rate (95% CI +25 to +35)") in text


def test_no_measurable_feature_is_said_too() -> None:
    data = synthetic_report(counts=(2,), features=1)
    row = data["variants"][0]["player_counts"][0]["features"][0]
    row["difference"], row["ci95_difference"] = 0.01, [-0.02, 0.04]
    assert ("At 2 players no feature shows a measurable win-rate difference (each compared with seats that made "
            "as many decisions).") in _text(render_html(data))


def test_the_feature_table_says_its_method_shows_the_raw_difference_and_keeps_the_control_last() -> None:
    data = synthetic_report(counts=(2,), features=30)
    features = data["variants"][0]["player_counts"][0]["features"]
    control = {**features[0], "feature": "control:coin (cannot matter)", "kind": "control",
               "name": "coin (cannot matter)", "difference": 0.5, "ci95_difference": [0.45, 0.55]}
    features.insert(0, control)
    shown = top_and_bottom(features)
    assert shown[-1] is control and control not in shown[:-1] and len(shown) == 21
    page = render_html(data, draw_plots(data))
    text = _text(page)
    assert "compared only with seats that made as many decisions as it did" in text
    assert "raw difference (not adjusted)" in text and "difference, same decisions" in text
    assert "<td>control coin (cannot matter)</td>" in page
    assert "The 10 features with the largest and the 10 with the smallest difference, of 30" in text
    # the control is a yardstick, never a finding, however large its difference
    assert "decisions): played Card 0: 30 percentage points higher" in text
    # the raw difference of the largest feature, +40 pp, is in its row
    assert "+40 pp (+35 to +45)" in text


def test_every_text_from_the_data_is_escaped(tmp_path: Path) -> None:
    data = synthetic_report(counts=(2,), compare=True, features=0)
    data["bots"] = [NASTY]
    data["game_name"] = NASTY
    data["compare"]["b"] = NASTY
    data["variants"][1]["label"] = f"target={NASTY}"
    data["variants"][0]["player_counts"][0]["features"] = count_entry(2, 100, random.Random(1),
                                                                      feature_names=[NASTY])["features"]
    write_report(data, tmp_path)
    page = (tmp_path / HTML_FILE).read_text()
    assert "<script>" not in page and html.escape(NASTY) in page
    markdown = (tmp_path / MARKDOWN_FILE).read_text()
    assert "<script>" not in markdown and markdown_escape(NASTY) in markdown
    for line in markdown.splitlines():
        if line.startswith("|"):
            # every row of a table has as many cells as its header: no | from the data splits a cell
            cells = re.split(r"(?<!\\)\|", line)
            assert len(cells) == len(re.split(r"(?<!\\)\|", _table_header(markdown, line))), line


def _table_header(markdown: str, row: str) -> str:
    lines = markdown.splitlines()
    index = lines.index(row)
    while index > 0 and lines[index - 1].startswith("|"):
        index -= 1
    return lines[index]


def test_markdown_escape_neutralises_markup_and_keeps_plain_words() -> None:
    assert markdown_escape("played:Smoke Bomb (2)") == "played:Smoke Bomb (2)"
    assert markdown_escape("a|b *c* _d_ [e] <f> & `g`") == r"a\|b \*c\* \_d\_ \[e\] \<f\> \& \`g\`"
    assert markdown_escape("two\nlines") == "two lines"


# --- a comparison --------------------------------------------------------------------------------------------------


def test_with_compare_what_the_rule_changes_comes_first_and_is_said_plainly() -> None:
    data = synthetic_report(counts=(2, 4), compare=True)
    difference = data["differences"][1]
    difference["seats"][0].update({"difference": 0.031, "ci95": [0.012, 0.05]})
    difference["length"].update({"difference": -12.4, "ci95": [-15.1, -9.7]})
    page = render_html(data, draw_plots(data))
    text = _text(page)
    assert text.index("What the rule changes") < text.index("Win rate by seat")
    assert "Playing with target=15 instead of target=21: 2 of" in text
    assert "seat 0 wins 3.1 percentage points more often (95% CI +1.2 to +5.0)" in text
    assert "games last 12.4 actions shorter (95% CI -15.1 to -9.7)" in text
    assert '<span class="up">seat 0 wins 3.1 percentage points more often' in page
    assert '<span class="down">games last 12.4 actions shorter' in page
    # an interval holding zero: no measurable change; identical in every pair: no change at all
    assert "seat 1 wins: no measurable change (+0.1 percentage points, 95% CI -1.0 to +1.2)" in text
    assert "games are stopped at the maximum length: no change at all (the same in every pair of games)" in text
    assert '<img src="plots/compare-4p.png"' in page


def test_a_comparison_with_no_measurable_change_says_so() -> None:
    text = _text(render_html(synthetic_report(compare=True)))
    assert "Playing with target=15 instead of target=21: no measurable difference in any of the" in text


@pytest.mark.parametrize(("entry", "expected", "style"), [
    ({"difference": 0.031, "ci95": [0.012, 0.050]}, "seat 2 wins 3.1 percentage points more often (95% CI +1.2 to "
                                                    "+5.0)", "up"),
    ({"difference": -0.2, "ci95": [-0.25, -0.15]}, "seat 2 wins 20 percentage points less often (95% CI -25 to -15)",
     "down"),
    ({"difference": 0.004, "ci95": [-0.008, 0.016]}, "seat 2 wins: no measurable change (+0.4 percentage points, 95% "
                                                     "CI -0.8 to +1.6)", "flat"),
    ({"difference": 0.0, "ci95": [0.0, 0.0]}, "seat 2 wins: no change at all (the same in every pair of games)",
     "flat"),
    ({"difference": 0.05, "ci95": None}, "seat 2 wins: no measurable change (+5.00 percentage points, no interval: "
                                         "too few games)", "flat"),
])
def test_describe_change(entry: dict[str, Any], expected: str, style: str) -> None:
    change = describe_change(4, "seat 2 wins", entry, 100.0, "percentage points", "more often", "less often")
    assert change is not None and (change.sentence, change.style) == (expected, style)
    assert change.measurable == (style != "flat")


def test_numbers_are_shown_to_the_precision_of_their_interval() -> None:
    assert percent(0.3123, [0.2934, 0.3312]) == "31% (95% CI 29-33%)"
    assert percent(0.3123, [0.3093, 0.3153]) == "31.2% (95% CI 30.9-31.5%)"
    assert percent(None) == "-"
    assert mean_text(142.26, [139.9, 144.6]) == "142.3 (95% CI 139.9-144.6)"
    assert mean_text(142.26, [121.9, 164.6]) == "142 (95% CI 122-165)"
    assert mean_text(6.512, [6.41, 6.61]) == "6.51 (95% CI 6.41-6.61)"
    assert mean_text(-0.5, [-1.5, 0.5]) == "-0.5 (95% CI -1.5 to 0.5)"
    assert mean_text(-0.04, [-1.5, 1.5]) == "0.0 (95% CI -1.5 to 1.5)"


def test_an_interval_that_ends_near_the_fair_share_shows_which_side_it_ends_on() -> None:
    # 114 wins of 400 at 3 players: the interval ends at 33.1%, the fair share is 33.3%. Rounded to whole
    # percents it would read "24-33%" as if it held the fair share, yet the seat is (rightly) bold.
    assert percent(0.285, [0.2425, 0.3312], reference=1 / 3) == "28.5% (95% CI 24.2-33.1%)"
    assert percent(0.285, [0.2425, 0.3312]) == "28% (95% CI 24-33%)"  # no reference: as precise as the width
    assert percent(0.31, [0.29, 0.33], reference=0.25) == "31% (95% CI 29-33%)"  # far from it: unchanged
    # A difference whose interval starts just above zero, and one just below, no longer both read "0 to ...".
    above = describe_change(2, "seat 0 wins", {"difference": 0.10, "ci95": [0.003, 0.20]}, 100.0,
                            "percentage points", "more often", "less often")
    below = describe_change(2, "seat 0 wins", {"difference": 0.08, "ci95": [-0.002, 0.16]}, 100.0,
                            "percentage points", "more often", "less often")
    assert above is not None and "95% CI +0.3 to +20.0" in above.sentence and above.measurable
    assert below is not None and "95% CI -0.2 to +16.0" in below.sentence and not below.measurable


def test_the_fair_share_at_3_players_is_not_said_to_leave_games_won_by_nobody() -> None:
    data = synthetic_report(counts=(3,), games=300)
    data["variants"][0]["player_counts"][0]["fair_share"] = 0.333333  # as report.json keeps it
    text = _text(render_html(data))
    assert "fair share: 33.3% per seat" in text and "won by nobody)" not in text
    data["variants"][0]["player_counts"][0].update({"truncated": 3, "finished": 297, "fair_share": 0.33})
    assert "(of the games that finished; the others were won by nobody)" in _text(render_html(data))


def test_a_game_only_won_or_lost_shows_no_points_and_a_game_of_gems_says_gems(tmp_path: Path) -> None:
    data = synthetic_report(counts=(3,), games=200, compare=True)
    data.update({"game": "ninja-trap", "game_name": "Ninja Trap", "score_name": ""})
    text = _text(render_html(data))
    assert "mean points" not in text and "scores" not in text and "Points" not in text
    assert not any(name.startswith("points-") for name in draw_plots(data))
    assert all(title for title, _ in plots.difference_panels(data["differences"][0], ""))
    data.update({"game": "knights-and-ninjas", "game_name": "Of Knights and Ninjas", "score_name": "Gems"})
    text = _text(render_html(data))
    assert "mean gems at the end" in text and "seat 0 scores: no measurable change (+0.10 gems" in text
    del data["score_name"]  # a report.json written before it held the name: the game's own
    assert "mean gems at the end" in _text(render_html(data))


@pytest.mark.parametrize(("kind", "name", "label"), [
    ("played", "Katana", "played Katana"), ("held", "Katana", "held Katana"),
    ("trap", "Genkan", "set a trap in Genkan"), ("move", "Genkan", "moved to Genkan"),
    ("skill", "Ambush", "claimed or played Ambush"), ("clan", "Platypus Clan", "with the Platypus Clan"),
])
def test_a_feature_says_what_the_seat_did(kind: str, name: str, label: str) -> None:
    assert plots.feature_label({"feature": f"{kind}:{name}", "kind": kind, "name": name}) == label


def test_a_comparison_says_in_how_many_games_the_rule_came_into_play() -> None:
    data = synthetic_report(counts=(3,), games=400, compare=True)
    data["differences"][0]["changed"] = 0
    text = _text(render_html(data))
    assert "changed none of the 400 games" in text
    assert "The rule changed nothing recorded of any of the 400 games" in text
    data["differences"][0]["changed"] = 212
    text = _text(render_html(data))
    assert "changed 212 of 400 games" in text
    assert "The rule changed what was recorded of 212 of the 400 games (53%)" in text
    data["differences"][0]["changed"] = 1
    assert "of 1 of the 400 games (0.2%)" in _text(render_html(data))
    del data["differences"][0]["changed"]  # a report.json from before the count: nothing said of it
    assert "changed what was recorded" not in _text(render_html(data))


def test_the_summary_gives_the_fair_share_as_precisely_as_the_rate_beside_it() -> None:
    data = synthetic_report(counts=(3,), games=700)
    row = data["variants"][0]["player_counts"][0]
    row["fair_share"] = 0.333333
    row["seats"][0].update({"win_rate": 0.366, "ci95": [0.3325, 0.4]})
    text = _text(render_html(data))
    assert "no seat's win rate differs measurably from a fair 33.3%: the furthest, seat 0, wins 36.6% " \
           "(95% CI 33.2-40.0%)" in text


def test_several_bots_get_a_win_rate_each() -> None:
    data = synthetic_report(counts=(3,), games=300)
    data["bots"] = ["heuristic", "random"]
    data["variants"][0]["player_counts"][0]["bots"] = [
        {"bot": "heuristic", "seat_games": 450, "wins": 288.5, "win_rate": 0.641, "ci95": [0.596, 0.684]},
        {"bot": "random", "seat_games": 450, "wins": 11.5, "win_rate": 0.026, "ci95": [0.014, 0.045]}]
    text = _text(render_html(data))
    assert "Win rate by bot" in text
    assert "heuristic 450 288.5 64% (60-68%)" in text and "random 450 11.5 3% (1-4%)" in text
    assert "Win rate by bot" not in _text(render_html(synthetic_report(counts=(3,), games=300)))


# --- plots ---------------------------------------------------------------------------------------------------------


def test_a_comparison_draws_each_count_s_differences_and_both_variants_features() -> None:
    data = synthetic_report(counts=(3,), compare=True, features=3)
    names = set(draw_plots(data))
    assert names == {plot_name(kind, players, variant) for players in (3,)
                     for kind, variant in (("seats", None), ("length", None), ("points", None), ("compare", None),
                                           ("features", 1), ("features", 2))}


def test_difference_panels_group_by_unit_in_percentage_points_for_rates() -> None:
    data = synthetic_report(counts=(2,), compare=True)
    panels = dict(plots.difference_panels(data["differences"][0]))
    assert [label for label, _, _ in panels["win rate (percentage points)"]] == ["seat 0", "seat 1",
                                                                                 "stopped at max length"]
    assert panels["win rate (percentage points)"][0][1:] == (pytest.approx(0.1), [pytest.approx(-1.0),
                                                                                 pytest.approx(1.2)])
    assert [label for label, _, _ in panels["actions"]] == ["game length", "decisions per game"]


# --- a real report --------------------------------------------------------------------------------------------------


def test_a_real_comparison_renders(tmp_path: Path, sample_compare_data: dict[str, Any]) -> None:
    data = sample_compare_data
    written = write_report(data, tmp_path)
    assert json.loads((tmp_path / JSON_FILE).read_text()) == data
    text = _text((tmp_path / HTML_FILE).read_text())
    assert "What the rule changes" in text and "Playing with max_length=60 instead of max_length=1000" in text
    assert {f"{kind}-{players}p.png" for kind in ("seats", "compare") for players in (2, 3)} <= {
        path.name for path in written}
    assert render_markdown(data).startswith(f"# {data['game_name']}: balance report")


def test_a_real_report_says_what_its_data_says(sample_data: dict[str, Any]) -> None:
    text = _text(render_html(sample_data))
    row = sample_data["variants"][0]["player_counts"][0]
    assert f"{row['games']} games of {sample_data['game_name']}" in text
    for seat in row["seats"]:
        assert f"seat {seat['seat']} {seat['wins']:g} {percent(seat['win_rate'], seat['ci95'], '')}" in text


def test_the_speed_section_gives_the_run_s_rates_and_the_engine_s() -> None:
    text = _text(render_html(synthetic_report(counts=(2,))))
    speed = text[text.index("Speed"):]
    for expected in ("seconds playing 12.5", "workers 2", "backend local", "games per second 64.0",
                     "games per second per worker 32.0", "engine alone: games per second 210",
                     "engine alone: actions per second 17,000"):
        assert expected in speed, expected
    data = synthetic_report(counts=(2,))
    data["speed"]["engine"] = None  # --no-speed
    assert "engine alone" not in _text(render_html(data))
    # (nor the note on how the engine figures were measured, with none shown)
    assert "engine figures" in speed and "engine figures" not in _text(render_html(data))


def test_one_game_and_a_flat_difference_read_as_sentences() -> None:
    """"1 game of", not "1 games of"; a difference within its noise reads "decisions per game: no measurable
    change", not "each game has: no measurable change"."""
    from ninjadojo.report.text import describe_change

    data = synthetic_report(counts=(2,), features=1)
    data["games_played"] = 1
    text = _text(render_html(data))
    assert "1 game of " in text and "1 games of" not in text
    flat = describe_change(2, "each game has", {"difference": 0.4, "ci95": [-0.3, 1.1]}, 1.0, "decisions", "more",
                           "fewer", named="decisions per game")
    assert flat is not None and flat.sentence.startswith("decisions per game: no measurable change (+0.4 decisions")
    clear = describe_change(2, "each game has", {"difference": 2.0, "ci95": [1.0, 3.0]}, 1.0, "decisions", "more",
                            "fewer", named="decisions per game")
    assert clear is not None and clear.sentence.startswith("each game has 2.0 decisions more")


def test_the_feature_paragraph_says_what_a_feature_is_in_the_reports_game(sample_data: dict[str, Any]) -> None:
    """Ninja Trap's features are traps set and rooms moved to, not cards "played or held": the method's
    paragraph says the game's own (``GameState.FEATURE_WORDS``), and a game it does not know the cards'."""
    text = _text(render_html(sample_data, draw_plots(sample_data)))
    assert "the win rate of the seats that set a room's card as a trap, or moved to a room against" in text
    assert "played or held a card" not in text
    unknown = {**sample_data, "game": "chess"}
    assert "the seats that played or held a card against" in _text(render_html(unknown, draw_plots(unknown)))
