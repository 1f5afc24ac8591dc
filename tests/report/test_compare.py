"""What a rule changes: paired differences (B minus A) over games with common random numbers."""

from __future__ import annotations

from typing import Any

import pytest

from ninjadojo.engine import OptionError
from ninjadojo.report import ReportSettings, report_data, run_report
from ninjadojo.report.compare import compare_games, paired_games


def _figures(entry: dict[str, Any]) -> list[dict[str, Any]]:
    return [*entry["seats"], entry["length"], entry["decisions"], entry["branching"], *entry["points"],
            entry["truncated"]]


def test_a_rule_that_cannot_matter_changes_nothing_exactly() -> None:
    # No random game of Ninja Trap comes near 900 actions: the limit never stops one, so each pair is one game.
    settings = ReportSettings.build("ninja-trap", players=[2, 3], games=15, seed=2,
                                    compare=("max_length", "900", "1000"))
    run = run_report(settings)
    assert all(not record.truncated and record.length < 900 for record in run.records)
    data = report_data(run, speed=False)
    assert data["compare"] == {"option": "max_length", "a": "900", "b": "1000"}
    assert [variant["label"] for variant in data["variants"]] == ["max_length=900", "max_length=1000"]
    assert [entry["players"] for entry in data["differences"]] == [2, 3]
    for entry in data["differences"]:
        assert entry["games"] == 15
        for figure in _figures(entry):
            assert figure["difference"] == 0.0 and figure["ci95"] == [0.0, 0.0]
    first, second = (variant["player_counts"] for variant in data["variants"])
    assert [entry["seats"] for entry in first] == [entry["seats"] for entry in second]
    assert all(entry["changed"] == 0 for entry in data["differences"]), "the limit came into play in no game"


def test_the_report_counts_the_games_a_rule_came_into_play_in() -> None:
    # Out players flipping traps (Ruling 6) changes most games at 3 players, not all: some end before anyone
    # is out, and some with nobody holding a face-down trap when out.
    settings = ReportSettings.build("ninja-trap", players=3, games=30, seed=5,
                                    compare=("ghost_traps", "false", "true"))
    run = run_report(settings)
    data = report_data(run, speed=False)
    entry = data["differences"][0]
    by_game: dict[int, list[Any]] = {}
    for record in run.records:
        by_game.setdefault(record.index, []).append(record)
    differ = sum(1 for first, second in by_game.values() if (first.length, first.winners, first.features)
                 != (second.length, second.winners, second.features))
    assert 0 < entry["changed"] <= 30 and entry["changed"] >= differ


def test_a_rule_that_matters_shows_a_difference_whose_interval_excludes_zero() -> None:
    # Ninjitsu! played to 15 points instead of 21 ends sooner.
    settings = ReportSettings.build("ninjitsu", players=2, games=60, seed=1, compare=("target", "21", "15"))
    data = report_data(run_report(settings), speed=False)
    length = data["differences"][0]["length"]
    low, high = length["ci95"]
    assert length["difference"] < 0 and low <= length["difference"] <= high < 0
    means = [variant["player_counts"][0]["length"]["mean"] for variant in data["variants"]]
    assert length["difference"] == pytest.approx(means[1] - means[0], abs=1e-5)
    points = data["differences"][0]["points"]
    assert all(seat["ci95"][1] < 0 for seat in points), "fewer points are scored in a shorter game"


def test_a_truncating_limit_shows_in_the_truncated_figure() -> None:
    settings = ReportSettings.build("ninja-trap", players=2, games=20, seed=3, compare=("max_length", "1000", "40"))
    data = report_data(run_report(settings), speed=False)
    entry = data["differences"][0]
    truncated = [variant["player_counts"][0]["truncated"] for variant in data["variants"]]
    assert truncated[0] == 0 and truncated[1] > 0
    assert entry["truncated"]["difference"] == pytest.approx(truncated[1] / 20)
    assert entry["length"]["difference"] < 0 and entry["length"]["ci95"][1] < 0


def test_differences_pair_only_games_played_in_both_variants() -> None:
    settings = ReportSettings.build("ninja-trap", players=2, games=6, compare=("max_length", "900", "1000"))
    run = run_report(settings)
    first = [record for record in run.records if record.variant == 0]
    second = [record for record in run.records if record.variant == 1 and record.index % 2 == 0]
    a, b = paired_games(first, second)
    assert [record.index for record in a] == [record.index for record in b] == [0, 2, 4]
    assert compare_games(2, first, second)["games"] == 3
    assert compare_games(2, first, [])["length"] == {"difference": 0.0, "ci95": [0.0, 0.0]}


def test_a_rule_that_one_player_count_cannot_play_leaves_that_count_out_and_says_why() -> None:
    """Of Knights and Ninjas' duel has no Highwayman, so its win check cannot be compared at 2 players."""
    settings = ReportSettings.build("knights-and-ninjas", games=2, bots=["random"],
                                    compare=("win_check", "after-highwayman", "at-once"))
    assert settings.player_counts == (3, 4, 5, 6)
    assert [count for count, _ in settings.left_out] == [2]
    assert "2 players" in settings.left_out[0][1]
    assert settings.to_json()["left_out"] == [{"players": 2, "reason": settings.left_out[0][1]}]


def test_a_count_asked_for_that_cannot_play_the_rule_is_an_error() -> None:
    with pytest.raises(OptionError, match="2 players"):
        ReportSettings.build("knights-and-ninjas", players=[2, 3], games=2,
                             compare=("win_check", "after-highwayman", "at-once"))


def test_a_report_without_a_comparison_leaves_nothing_out() -> None:
    assert ReportSettings.build("knights-and-ninjas", games=2).left_out == ()


def test_an_option_that_one_player_count_cannot_play_leaves_that_count_out_and_says_why() -> None:
    # As --compare does: Ninja Trap's ghost traps cannot matter at 2 players (the game ends with the first out).
    settings = ReportSettings.build("ninja-trap", games=2, options={"ghost_traps": True})
    assert settings.player_counts == (3, 4)
    assert [count for count, _ in settings.left_out] == [2] and "2 players" in settings.left_out[0][1]
    with pytest.raises(OptionError, match="2 players"):
        ReportSettings.build("ninja-trap", players=[2, 3], games=2, options={"ghost_traps": True})
    with pytest.raises(OptionError, match="ghost"):  # no count can play it: the options' own error
        ReportSettings.build("ninja-trap", games=2, options={"ghost_traps": "maybe"})


def test_a_comparison_of_one_game_is_refused() -> None:
    with pytest.raises(OptionError, match="at least 2 games"):
        ReportSettings.build("ninja-trap", players=2, games=1, compare=("stalemate", "shared", "fewest_hits"))


def test_a_figure_at_the_edge_of_its_95_interval_has_a_p_value_of_one_in_twenty() -> None:
    from ninjadojo.report.stats import p_from_interval

    assert p_from_interval(1.96, 0.0, 3.92) == pytest.approx(0.05, abs=1e-3)
    assert p_from_interval(-1.96, -3.92, 0.0) == pytest.approx(0.05, abs=1e-3)
    assert p_from_interval(0.0, -1.0, 1.0) == pytest.approx(1.0)
    assert p_from_interval(2.0, 2.0, 2.0) == 0.0 and p_from_interval(0.0, 0.0, 0.0) == 1.0


def test_holms_correction_keeps_the_chance_of_any_false_change_among_ten_at_one_in_twenty() -> None:
    """Ten figures a rule cannot change, each read alone at 95%: about 40% of reports would show at least one
    "measurable" change; read together with Holm's correction, at most about 5%."""
    import random

    from ninjadojo.report.stats import holm

    rng = random.Random(7)
    families = 4000
    alone = together = 0
    for _ in range(families):
        p_values = [rng.random() for _ in range(10)]  # a null hypothesis's p-values are uniform
        alone += any(p < 0.05 for p in p_values)
        together += any(holm(p_values))
    assert alone / families > 0.35
    assert together / families < 0.06
    # A real effect among noise still holds.
    assert holm([1e-6, 0.5, 0.7, 0.2]) == [True, False, False, False]


def test_a_change_that_holds_only_alone_is_marked_as_maybe_luck_in_the_report() -> None:
    """Of ten figures, one with its interval just clear of zero (p about 0.03) is measurable alone but not
    with the ten read together: the report says it may be luck. A large change holds and is not marked."""
    from ninjadojo.report.findings import maybe_luck, together_words
    from ninjadojo.report.text import describe_change

    def change(subject: str, difference: float, low: float, high: float) -> Any:
        return describe_change(3, subject, {"difference": difference, "ci95": [low, high]}, 1.0, "actions", "more",
                               "fewer")

    noise = [change(f"figure {index}", 0.1, -0.5, 0.7) for index in range(8)]
    slight = change("games last", 1.1, 0.1, 2.1)
    large = change("each game has", 18.0, 16.0, 20.0)
    changes = [*noise, slight, large]
    assert slight.measurable and large.measurable and slight.p == pytest.approx(0.031, abs=0.002)
    assert maybe_luck(changes) == {slight}
    words = together_words(10, 2, 1)
    assert "about 0.5 would look measurable by chance alone" in words and "may be luck" in words


def test_a_rule_that_matters_is_said_to_hold_with_every_figure_read_together() -> None:
    settings = ReportSettings.build("ninjitsu", players=2, games=60, seed=1, compare=("target", "21", "15"))
    from ninjadojo.report.formats import render_markdown

    text = render_markdown(report_data(run_report(settings), speed=False))
    lead = text.split("## ")[0]
    assert "games last" in lead and "shorter" in lead
    length_line = next(line for line in lead.splitlines() if "games last" in line)
    assert "may be luck" not in length_line
    assert "when all of them are read together" in lead


def _feature(name: str, difference: float, low: float, high: float) -> dict[str, Any]:
    return {"feature": f"card:{name}", "kind": "card", "name": name, "difference": difference,
            "ci95_difference": [low, high], "raw_difference": difference, "ci95_raw_difference": [low, high],
            "games_with": 300, "games_without": 300, "compared_with": 300, "compared_without": 300,
            "win_rate_with": 0.3, "win_rate_without": 0.3}


def test_a_feature_measurable_only_alone_is_said_not_to_hold_with_all_features_read_together() -> None:
    """Fifteen cards: one whose interval is just clear of zero among fourteen that are noise does not hold
    with the fifteen read together; a card with a large difference does."""
    from ninjadojo.report.findings import feature_sentence

    noise = [_feature(f"Card {index}", 0.01, -0.08, 0.10) for index in range(14)]
    slight = _feature("Ambush", 0.11, 0.02, 0.20)
    (sentence,) = feature_sentence({"features": [*noise, slight]}, 3) or [""]
    assert "Ambush: 11 percentage points higher win rate" in str(sentence)
    assert "it does not hold: of 15 features, about 0.8 would look measurable by chance alone" in str(sentence)
    strong = _feature("Ambush", 0.30, 0.22, 0.38)
    (sentence,) = feature_sentence({"features": [*noise, strong]}, 3) or [""]
    assert "Read with all 15 features together (Holm's correction), it holds." in str(sentence)


def test_a_compared_reports_feature_sentence_names_the_variant_it_is_of() -> None:
    """Beside "At 3 players with ghost_traps=false ..." the feature sentence of that row names the same rule
    (it read as if it held for every variant)."""
    from ninjadojo.report.findings import feature_sentence

    noise = [_feature(f"Card {index}", 0.01, -0.08, 0.10) for index in range(3)]
    (sentence,) = feature_sentence({"features": noise}, 3, label="ghost_traps=false") or [""]
    assert str(sentence).startswith("At 3 players with ghost_traps=false no feature shows a measurable")
    (sentence,) = feature_sentence({"features": noise}, 3) or [""]
    assert str(sentence).startswith("At 3 players no feature shows a measurable")
