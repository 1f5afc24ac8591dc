"""A report's data (``report.json``'s dict) as blocks a designer reads: headings, paragraphs, lists, tables
and images (:mod:`ninjadojo.report.text`), which :mod:`ninjadojo.report.formats` writes out as an HTML
page and Markdown beside the JSON and the figures.

The page and the Markdown are built from the same blocks, so they say the same things: first a summary
in sentences, then, with a compared rule, what the rule changes, then a section per player count, the
speed, and how to read the figures. Every text that comes from the data (labels, option values, bot
specs, feature names) is escaped when written out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ninjadojo.report.findings import (
    ALL_STOPPED_WORDS,
    FEATURE_METHOD_WORDS,
    MAYBE_LUCK,
    SEVERAL_BOTS_WORDS,
    all_stopped,
    count_sentence,
    fair_share,
    feature_sentence,
    maybe_luck,
    several_bot_specs,
    tested_changes,
    together_words,
)
from ninjadojo.report.plots import (
    count_row,
    feature_label,
    features_counted,
    player_counts,
    plot_name,
    top_and_bottom,
)
from ninjadojo.report.summary import MIN_COMPARED
from ninjadojo.report.text import (
    Block,
    Bullets,
    Heading,
    Image,
    Inline,
    Paragraph,
    Span,
    Table,
    _interval_of,
    _is_number,
    clear_of,
    count_changes,
    decimals_for,
    direction,
    mean_text,
    number,
    percent,
    score_word,
    signed,
    value_text,
    value_words,
    wins_text,
)

# --- the report as blocks -----------------------------------------------------------------------------------------


def _variants(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [variant for variant in data.get("variants") or [] if isinstance(variant, Mapping)]


def _labels(data: Mapping[str, Any]) -> list[str]:
    return [value_text(variant.get("label", f"variant {number}")) for number, variant in enumerate(_variants(data), 1)]


def _compare_words(data: Mapping[str, Any]) -> tuple[str, str] | None:
    """The compared settings as ``(A, B)`` texts: ``("expansions=promo", "expansions=magic")``."""
    compare = data.get("compare")
    if not isinstance(compare, Mapping):
        return None
    option = value_text(compare.get("option"))
    first, second = (value_words(value_text(compare.get(side)) if compare.get(side) else "") for side in ("a", "b"))
    return f"{option}={first}", f"{option}={second}"


def _compared_default(data: Mapping[str, Any]) -> str | None:
    """The compared option at the game's default value, as ``--compare`` writes it (``win_check=at-once``):
    which side is the standard reading; None without a comparison, or for a game or option not known here."""
    compare = data.get("compare")
    if not isinstance(compare, Mapping):
        return None
    from ninjadojo.engine.errors import DojoError
    from ninjadojo.engine.options import format_value
    from ninjadojo.games import game_class

    try:
        specs = game_class(str(data.get("game"))).option_specs()
    except DojoError:  # a report.json of a game this version does not have
        return None
    option = next((spec for spec in specs if spec.name == compare.get("option")), None)
    if option is None:
        return None
    return f"{value_text(compare.get('option'))}={value_words(format_value(option.default))}"


def _feature_words(data: Mapping[str, Any]) -> str:
    """What a feature is in the report's game (:attr:`GameState.FEATURE_WORDS`), or the cards' words for a
    report.json of a game this version does not have."""
    from ninjadojo.engine.errors import DojoError
    from ninjadojo.engine.state import GameState
    from ninjadojo.games import game_class

    try:
        return game_class(str(data.get("game"))).FEATURE_WORDS
    except DojoError:
        return GameState.FEATURE_WORDS


def _counts_text(counts: Sequence[int]) -> str:
    """Player counts as said: ``4``, ``2 and 4``, ``2-5`` (a run of three or more)."""
    if not counts:
        return "no"
    if len(counts) >= 3 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + (" and " if len(counts) > 1 else "") + str(counts[-1])


def _summary(data: Mapping[str, Any]) -> list[Block]:
    """The summary at the top: what was played, whether it is complete, and the findings in sentences."""
    blocks: list[Block] = []
    played, total = data.get("games_played"), data.get("games_total")
    bots = value_text(data.get("bots"))
    counts = player_counts(data)
    variants = _variants(data)
    options = value_text(data.get("options")) if data.get("options") else "the default options"
    per = "player count and variant" if len(variants) > 1 else "player count"
    game_word = "game" if played == 1 else "games"
    default = _compared_default(data)
    standard = f"; {default} is the game's default" if default else ""
    blocks.append(Paragraph([f"{number(played)} {game_word} of {value_text(data.get('game_name') or data.get('game'))} "
                             f"({number(data.get('games'))} per {per}; "
                             f"{_counts_text(counts)} players) played by {bots}, seed "
                             f"{value_text(data.get('seed'))}, with {options}{standard}."], "lead"))
    for left in data.get("left_out") or ():
        blocks.append(Paragraph([f"{value_text(left.get('players'))} players are left out: "
                                 f"{value_text(left.get('reason'))}."], "warning"))
    if not data.get("complete", True):
        blocks.append(Paragraph([Span("Partial report", "strong"),
                                 f": {number(played)} of {number(total)} games played. Run the same command again "
                                 "to continue it; the figures below hold for the games played so far."], "warning"))
    compared = _compare_words(data)
    if compared is not None and data.get("differences"):
        changes = [change for difference in data["differences"]
                   for change in count_changes(difference, score_word(data))]
        measurable = [change for change in changes if change.measurable]
        lead: list[Inline] = [f"Playing with {compared[1]} instead of {compared[0]}"]
        changed = [difference.get("changed") for difference in data["differences"]]
        if changed and all(_is_number(each) for each in changed):
            games = sum(float(difference.get("games") or 0) for difference in data["differences"])
            total = sum(int(each) for each in changed)
            lead.append(f" changed {number(total)} of {number(int(games))} games" if total
                        else f" changed none of the {number(int(games))} games")
        lead.append(": ")
        if not measurable:
            if changes and all(change.identical for change in changes):
                lead.append(f"{'no change at all: ' if not any(changed) else ''}each of the {len(changes)} "
                            "figures compared is the same in every pair of games.")
            else:
                lead.append(f"no measurable difference in any of the {len(changes)} figures compared.")
            blocks.append(Paragraph(lead, "lead"))
        else:
            lead.append(f"{len(measurable)} of the {len(changes)} figures compared change measurably (details "
                        "below):")
            blocks.append(Paragraph(lead, "lead"))
            luck = maybe_luck(changes)
            items: list[list[Inline]] = [[f"at {change.players} players, ", Span(change.sentence, change.style),
                                          *([f" ({MAYBE_LUCK})"] if change in luck else [])]
                                         for change in measurable[:8]]
            if len(measurable) > 8:
                items.append([f"... and {len(measurable) - 8} more."])
            blocks.append(Bullets(items))
            tested = len(tested_changes(changes))
            if tested >= 2:
                blocks.append(Paragraph([together_words(tested, len(measurable), len(luck & set(measurable)))]))
    sentences: list[Sequence[Inline]] = []
    for players in counts:
        for variant in variants[:1]:
            row = count_row(variant, players)
            if row is not None:
                label = None if len(variants) == 1 else value_text(variant.get("label"))
                sentences.append(count_sentence(row, players, label))
                features = (feature_sentence(row, players, bool(several_bot_specs(data)), label) if row.get("games")
                            else None)
                if features:
                    sentences.append(features)
    if sentences:
        blocks.append(Bullets(sentences))
    return blocks


def _came_into_play(difference: Mapping[str, Any]) -> str | None:
    """How many pairs of games the rule changed at one player count, in words (None in older data)."""
    changed, games = difference.get("changed"), difference.get("games")
    if not (_is_number(changed) and _is_number(games) and games):
        return None
    if not changed:
        return (f"The rule changed nothing recorded of any of the {number(games)} games (their length, decisions, "
                "choices offered, scores, winners and features were the same both ways).")
    share = float(changed) / float(games)
    said = f"{share:.0%}" if 0.01 <= share <= 0.99 or changed == games else f"{share:.1%}"
    if said in ("0.0%", "100.0%"):
        said = "under 0.1%" if share < 0.5 else "over 99.9%"
    return (f"The rule changed what was recorded of {number(changed)} of the {number(games)} games ({said}): their "
            "length, decisions, choices offered, scores, winners or features; in the others all of that was the "
            "same both ways.")


def _compare_section(data: Mapping[str, Any], images: Iterable[str]) -> list[Block]:
    compared = _compare_words(data)
    differences = data.get("differences") or []
    if compared is None:
        return []
    blocks: list[Block] = [Heading(2, "What the rule changes", "changes"),
                           Paragraph([f"Each figure with {compared[1]} minus the same figure with {compared[0]}, "
                                      "over the same games: game i at P players has the same cards and the same "
                                      "bots' dice in both (common random numbers), so the rule is the only "
                                      "difference. Lines in colour (in bold in the Markdown) are measurable "
                                      "changes: their 95% interval excludes zero."], "note")]
    if not differences:
        blocks.append(Paragraph(["No differences yet: no game pair has been played in both variants."]))
    for difference in differences:
        players = int(difference["players"])
        blocks.append(Heading(3, f"{players} players", f"changes-{players}p"))
        name = plot_name("compare", players)
        if name in images:
            blocks.append(Image(name, f"{players} players: each difference with its 95% interval"))
        changes = count_changes(difference, score_word(data))
        came = _came_into_play(difference)
        if came:
            blocks.append(Paragraph([came], "note"))
        if changes and all(change.identical for change in changes):
            blocks.append(Paragraph([Span("No change at all", "strong"), f": every one of the {len(changes)} "
                                     "figures is the same in every pair of games. The rule never came into play "
                                     "in these games, or made no difference when it did."]))
        else:
            blocks.append(Bullets([[Span(change.sentence, change.style)] for change in changes]
                                  or [["no figure to compare yet"]]))
    return blocks


def _seats_table(rows: Sequence[tuple[str, Mapping[str, Any]]], players: int,
                 difference: Mapping[str, Any] | None) -> Table:
    header = ["seat"]
    for label, _ in rows:
        header += [f"wins{f', {label}' if len(rows) > 1 else ''}",
                   f"win rate{f', {label}' if len(rows) > 1 else ''} (95% CI)"]
    changes = {int(entry["seat"]): entry for entry in (difference or {}).get("seats") or []}
    if difference is not None:
        header.append("difference")
    body: list[list[Inline]] = []
    for seat in range(players):
        cells: list[Inline] = [f"seat {seat}"]
        for _, row in rows:
            entry = next((each for each in row.get("seats") or [] if int(each["seat"]) == seat), None)
            cells += ["-", "-"] if entry is None else [
                wins_text(entry.get("wins")),
                percent(entry.get("win_rate"), entry.get("ci95"), "", reference=fair_share(row, players))]
        if difference is not None:
            cells.append(_difference_cell(changes.get(seat), 100.0, "pp"))
        body.append(cells)
    fair = fair_share(rows[0][1], players) if rows else 1 / players
    # Said by the count of games stopped, not by comparing the fair share with 1/P: the share is kept
    # rounded in report.json, so at 3 players 0.333333 never equals 1/3.
    stopped = any(_is_number(row.get("truncated")) and row["truncated"] for _, row in rows)
    finished = " (of the games that finished; the others were won by nobody)" if stopped else ""
    note = f"fair share: {fair:.1%} per seat{finished}"
    if rows and all(all_stopped(row) for _, row in rows):
        # A fair share of 0% is no yardstick: no game finished.
        note = f"every game was stopped at the maximum length, {ALL_STOPPED_WORDS}"
    return Table(header, body, frozenset(range(1, len(header))), note)


def _bots_table(rows: Sequence[tuple[str, Mapping[str, Any]]], players: int) -> Table:
    """Each bot's seat-games, wins and win rate (several specs share the seats: a seat's rate mixes them)."""
    several = len(rows) > 1
    header = ["bot"]
    for label, _ in rows:
        suffix = f", {label}" if several else ""
        header += [f"seat-games{suffix}", f"wins{suffix}", f"win rate{suffix} (95% CI)"]
    specs = list(dict.fromkeys(str(entry.get("bot")) for _, row in rows for entry in row.get("bots") or []))
    body: list[list[Inline]] = []
    for spec in specs:
        cells: list[Inline] = [spec]
        for _, row in rows:
            entry = next((each for each in row.get("bots") or [] if str(each.get("bot")) == spec), None)
            cells += ["-", "-", "-"] if entry is None else [
                number(entry.get("seat_games")), wins_text(entry.get("wins")),
                percent(entry.get("win_rate"), entry.get("ci95"), "", reference=fair_share(row, players))]
        body.append(cells)
    fair = fair_share(rows[0][1], players) if rows else 1 / players
    return Table(header, body, frozenset(range(1, len(header))),
                 f"fair share: {fair:.1%} a seat-game. Several bots share the seats, so each seat's win rate above "
                 "mixes the seat with the bots that held it; this is each bot's, over the seats it held")


def _difference_cell(entry: object, scale: float, unit: str) -> Inline:
    """A difference in a table cell, coloured by its interval: ``+3.1 pp (+1.2 to +5.0)``; ``-`` when missing."""
    if not isinstance(entry, Mapping) or not _is_number(entry.get("difference")):
        return "-"
    interval = _interval_of(entry.get("ci95"))
    ends = (interval[0] * scale, interval[1] * scale) if interval else None
    return Span(_short_difference(entry, scale, unit), direction(ends))


def _short_difference(entry: Mapping[str, Any] | None, scale: float, unit: str) -> str:
    """A difference as a table shows it: ``+3.1 pp (+1.2 to +5.0)``."""
    if entry is None or not _is_number(entry.get("difference")):
        return "-"
    value = float(entry["difference"]) * scale
    interval = _interval_of(entry.get("ci95"))
    ends = (interval[0] * scale, interval[1] * scale) if interval else None
    if value == 0 and ends == (0.0, 0.0):
        return "none: the same in every game"
    places = clear_of(decimals_for(ends[1] - ends[0] if ends else None, value), ends, 0.0)
    shown = f"{signed(value, places)} {unit}".strip()
    return f"{shown} ({signed(ends[0], places)} to {signed(ends[1], places)})" if ends else shown


def _length_table(rows: Sequence[tuple[str, Mapping[str, Any]]], difference: Mapping[str, Any] | None) -> Table:
    header = ["actions per game", *(label for label, _ in rows)] if len(rows) > 1 else ["actions per game", "value"]
    lines: list[list[Inline]] = []
    for title, key in (("mean (95% CI)", "mean"), ("p10", "p10"), ("median", "p50"), ("p90", "p90"), ("min", "min"),
                       ("max", "max"), ("stopped at the maximum length", "truncated")):
        cells: list[Inline] = [title]
        for _, row in rows:
            length = row.get("length") or {}
            if key == "mean":
                cells.append(mean_text(length.get("mean"), length.get("ci95"), ""))
            elif key in ("min", "max"):
                cells.append(number(length.get(key)))
            elif key == "truncated":
                cells.append(f"{number(row.get('truncated'))} of {number(row.get('games'))}")
            else:
                cells.append(number((length.get("quantiles") or {}).get(key), 0))
        lines.append(cells)
    if difference is not None and len(rows) > 1:
        header.append("difference")
        for cells in lines:
            cells.append("")
        # Only the mean length and the share stopped at the maximum length have a paired difference.
        lines[0][-1] = _difference_cell(difference.get("length"), 1.0, "")
        lines[-1][-1] = _difference_cell(difference.get("truncated"), 100.0, "pp")
    return Table(header, lines, frozenset(range(1, len(header))))


def _decisions_table(rows: Sequence[tuple[str, Mapping[str, Any]]], players: int,
                     difference: Mapping[str, Any] | None) -> Table:
    several = len(rows) > 1
    header = ["", *(label for label, _ in rows)] if several else ["", "value"]
    lines: list[list[Inline]] = []

    def add(title: str, pick: Any) -> None:
        lines.append([title, *(pick(row) for _, row in rows)])

    add("decisions per game (95% CI)", lambda row: mean_text((row.get("decisions") or {}).get("mean"),
                                                              (row.get("decisions") or {}).get("ci95"), ""))
    for seat in range(players):
        def seat_mean(row: Mapping[str, Any], seat: int = seat) -> str:
            entry = next((each for each in (row.get("decisions") or {}).get("per_seat") or []
                          if int(each["seat"]) == seat), None)
            return "-" if entry is None else mean_text(entry.get("mean"), entry.get("ci95"), "")
        add(f"  by seat {seat}", seat_mean)
    add("legal actions per decision (95% CI)", lambda row: mean_text((row.get("branching") or {}).get("mean"),
                                                                      (row.get("branching") or {}).get("ci95"), ""))
    add("most legal actions at one decision", lambda row: number((row.get("branching") or {}).get("max")))
    if difference is not None and several:
        header.append("difference")
        keyed = {0: "decisions", players + 1: "branching"}
        for position, cells in enumerate(lines):
            cells.append(_difference_cell(difference.get(keyed[position]), 1.0, "") if position in keyed else "")
    return Table(header, lines, frozenset(range(1, len(header))),
                 "a decision: an action taken with at least two legal actions to choose from")


def _points_table(rows: Sequence[tuple[str, Mapping[str, Any]]], players: int,
                  difference: Mapping[str, Any] | None, score: str = "points") -> Table:
    several = len(rows) > 1
    header = ([f"mean {score} at the end", *(f"{label} (95% CI)" for label, _ in rows)] if several
              else [f"mean {score} at the end", "mean (95% CI)"])
    changes = {int(entry["seat"]): entry for entry in (difference or {}).get("points") or []}
    lines: list[list[Inline]] = []
    for seat in range(players):
        cells: list[Inline] = [f"seat {seat}"]
        for _, row in rows:
            entry = next((each for each in (row.get("points") or {}).get("per_seat") or []
                          if int(each["seat"]) == seat), None)
            cells.append("-" if entry is None else mean_text(entry.get("mean"), entry.get("ci95"), ""))
        lines.append(cells)
    lines.append(["the winner", *(mean_text((row.get("points") or {}).get("winner_mean"),
                                            (row.get("points") or {}).get("winner_ci95"), "") for _, row in rows)])
    if difference is not None and several:
        header.append("difference")
        for seat, cells in enumerate(lines[:players]):
            cells.append(_difference_cell(changes.get(seat), 1.0, ""))
        lines[-1].append("")
    return Table(header, lines, frozenset(range(1, len(header))))


def _features_table(features: Sequence[Mapping[str, Any]]) -> Table:
    lines: list[list[Inline]] = []
    for row in features:
        raw = {"difference": row.get("raw_difference"), "ci95": row.get("ci95_raw_difference")}
        lines.append([value_text(feature_label(row)),
                      number(row.get("games_with")),
                      percent(row.get("win_rate_with"), row.get("ci95_with"), ""), number(row.get("games_without")),
                      percent(row.get("win_rate_without"), row.get("ci95_without"), ""),
                      _difference_cell({"difference": row.get("difference"), "ci95": row.get("ci95_difference")},
                                       100.0, "pp"),
                      _short_difference(raw, 100.0, "pp")])
    return Table(["feature", "seat-games with", "win rate with", "seat-games without", "win rate without",
                  "difference, same decisions", "raw difference (not adjusted)"], lines, frozenset(range(1, 7)))


def _count_section(data: Mapping[str, Any], players: int, images: Iterable[str]) -> list[Block]:
    images = set(images)
    variants = _variants(data)
    labels = _labels(data)
    rows = [(label, row) for label, variant in zip(labels, variants, strict=True)
            if (row := count_row(variant, players)) is not None]
    difference = next((entry for entry in data.get("differences") or [] if int(entry["players"]) == players), None)
    blocks: list[Block] = [Heading(2, f"{players} players", f"p{players}")]
    finished = ", ".join(f"{number(row.get('games'))} games" + (f" with {label}" if len(rows) > 1 else "")
                         + (f" ({number(row.get('truncated'))} stopped at the maximum length)"
                            if row.get("truncated") else "") for label, row in rows)
    blocks.append(Paragraph([finished + "." if finished else "No game yet."], "note"))
    if not any(row.get("games") for _, row in rows):
        return blocks
    blocks.append(Heading(3, "Win rate by seat", f"p{players}-seats"))
    if plot_name("seats", players) in images:
        blocks.append(Image(plot_name("seats", players),
                            f"{players} players: win rate of each seat with its 95% interval; the dashed line is a "
                            "fair share"))
    blocks.append(_seats_table(rows, players, difference))
    if any(row.get("bots") for _, row in rows):
        blocks.append(Heading(3, "Win rate by bot", f"p{players}-bots"))
        blocks.append(_bots_table(rows, players))
    blocks.append(Heading(3, "Game length", f"p{players}-length"))
    if plot_name("length", players) in images:
        blocks.append(Image(plot_name("length", players), f"{players} players: histogram of game lengths in actions"))
    blocks.append(_length_table(rows, difference))
    blocks.append(Heading(3, "Decisions and branching", f"p{players}-decisions"))
    blocks.append(_decisions_table(rows, players, difference))
    score = score_word(data)
    if score:  # a game only won or lost has no score to show (its "points" are the win rate above)
        blocks.append(Heading(3, score.capitalize(), f"p{players}-points"))
        if plot_name("points", players) in images:
            blocks.append(Image(plot_name("points", players), f"{players} players: histogram of the {score} at the "
                                                              "end of a game, every seat"))
        blocks.append(_points_table(rows, players, difference, score))
    feature_blocks: list[Block] = []
    for variant_number, (label, row) in enumerate(rows, 1):
        features = top_and_bottom(row.get("features") or [])
        if not features:
            if row.get("features"):
                # Features were recorded, none with enough seat-games on both sides to compare.
                feature_blocks.append(Paragraph([(f"With {label}: " if len(rows) > 1 else "")
                                                 + f"too few games to compare any feature: each needs at least "
                                                 f"{MIN_COMPARED} seat-games with it and {MIN_COMPARED} without it "
                                                 "among seats that made as many decisions (report.json has the "
                                                 "counts). Play more games."], "note"))
            continue
        if len(rows) > 1:
            feature_blocks.append(Paragraph([Span(f"With {label}", "strong")]))
        name = plot_name("features", players, variant_number if len(variants) > 1 else None)
        if name in images:
            feature_blocks.append(Image(name, f"{players} players: win rate with a feature minus without it, among "
                                              "seats that made as many decisions, 95% interval"))
        total, ranked = features_counted(row.get("features") or [], features)
        if total > ranked:
            feature_blocks.append(Paragraph([f"The {ranked // 2} features with the largest and the "
                                             f"{ranked // 2} with the smallest difference, of {total}; "
                                             "report.json has them all."], "note"))
        feature_blocks.append(_features_table(features))
    blocks.append(Heading(3, "Feature impact", f"p{players}-features"))
    if feature_blocks:
        blocks.append(Paragraph([f"Each seat-game counts once: the win rate of the seats that {_feature_words(data)} "
                                 "against the seats that did not, where "
                                 f"{FEATURE_METHOD_WORDS}. The raw difference, which compares all seats however "
                                 "long they lasted, is shown beside it: it finds most cards good only because "
                                 "long-lived seats have more of everything. The control is a coin tossed at each "
                                 "decision that the game never sees, so it cannot matter: its difference shows "
                                 "what no effect looks like. A card held at the end may still be a sign of "
                                 "winning rather than its reason."], "note"))
        several = several_bot_specs(data)
        if several:
            blocks.append(Paragraph([Span("Several bots share the seats", "strong"),
                                     f" ({', '.join(several)}): {SEVERAL_BOTS_WORDS}. For a card's impact, put one "
                                     "bot in every seat (--bots SPEC)."], "warning"))
        blocks += feature_blocks
    else:
        blocks.append(Paragraph(["This game records no features (cards played or held, clans, skills)."], "note"))
    return blocks


def _speed_section(data: Mapping[str, Any]) -> list[Block]:
    speed = data.get("speed")
    if not isinstance(speed, Mapping):
        return []
    names = {"seconds": "seconds playing", "games": "games played by this run", "workers": "workers",
             "backend": "backend",
             "games_per_second": "games per second", "games_per_second_per_worker": "games per second per worker",
             "actions_per_second": "actions per second"}
    lines: list[list[Inline]] = [[title, _figure(speed.get(key))] for key, title in names.items() if key in speed]
    engine = speed.get("engine")
    if isinstance(engine, Mapping):
        engine_names = {"players": "engine alone: players", "games_per_second": "engine alone: games per second",
                        "actions_per_second": "engine alone: actions per second",
                        "actions_per_game": "engine alone: actions per game"}
        lines += [[title, _figure(engine.get(key))] for key, title in engine_names.items() if key in engine]
    blocks: list[Block] = [Heading(2, "Speed", "speed")]
    blocks.append(Table(["", "value"], lines, frozenset({1}), "measured on the machine that played" + (
        "; the engine figures are random playouts on one core" if isinstance(engine, Mapping) else "")))
    return blocks


def _figure(value: object) -> str:
    if _is_number(value) and isinstance(value, float):
        return number(value, 3 if abs(value) < 1 else 1 if abs(value) < 100 else 0)
    return number(value) if _is_number(value) else value_text(value)


def _method(score: str = "points") -> list[Block]:
    means = ", ".join(["length", "decisions", "legal actions per decision", *([score] if score else [])])
    return [Heading(2, "How to read the figures", "method"), Bullets([
        ["Win rates are per seat: wins divided by games, a shared win counting as a fraction, a game stopped at "
         "the maximum length as won by nobody. Their 95% intervals are Wilson score intervals. A fair share is one "
         "game in P at P players, of the games that finished."],
        [f"Means ({means}) have normal-approximation 95% intervals: mean plus or minus 1.96 standard errors."],
        ["With several bots, line-ups are seated so that every seat meets every line-up in every position equally "
         "often; the win rate by bot pools each bot's seat-games (Wilson intervals over them)."],
        ["Feature impact: for each feature, the seat-games with it and without it. The difference compares seats "
         "with the same number of decisions only (the groups' differences pooled with Mantel-Haenszel weights; a "
         "95% interval with the games as the units sampled), so a seat that lasted longer, and so played and held "
         "more, is not counted as evidence for every card. The raw difference compares all seats (Newcombe's "
         "interval for a difference of two proportions)."],
        ["A comparison pairs game i at P players of one variant with game i of the other (same seeds): each "
         "difference is the mean of the per-game differences, with a 95% interval from their spread. An interval "
         "that excludes zero is called measurable; with many figures compared, expect about one in twenty to look "
         "measurable by chance."],
    ])]


def report_blocks(data: Mapping[str, Any], images: Iterable[str] = ()) -> list[Block]:
    """The whole report as blocks (``images``: the names of the figures drawn, as
    :func:`~ninjadojo.report.plots.draw_plots` gives them)."""
    shown = set(images)
    title = value_text(data.get("game_name") or data.get("game"))
    blocks: list[Block] = [Heading(1, f"{title}: balance report", "top")]
    blocks += _summary(data)
    blocks += _compare_section(data, shown)
    for players in player_counts(data):
        blocks += _count_section(data, players, shown)
    blocks += _speed_section(data)
    blocks += _method(score_word(data))
    return blocks


def summary_lines(data: Mapping[str, Any]) -> list[str]:
    """The report's summary as plain lines for a terminal: the same sentences as the top of the page."""
    lines: list[str] = []
    for block in _summary(data):
        if isinstance(block, Paragraph):
            lines.append(_plain(block.parts))
        elif isinstance(block, Bullets):
            lines += [f"- {_plain(item)}" for item in block.items]
    return lines


def _plain(parts: Sequence[Inline]) -> str:
    return " ".join("".join(part.text if isinstance(part, Span) else part for part in parts).split())


def _settings_line(data: Mapping[str, Any]) -> str:
    compared = _compare_words(data)
    parts = [f"game {value_text(data.get('game'))}", f"bots {value_text(data.get('bots'))}",
             f"seed {value_text(data.get('seed'))}",
             f"{number(data.get('games'))} games per player count" + (" and variant" if compared else ""),
             f"options {value_text(data.get('options')) if data.get('options') else '(defaults)'}",
             f"maximum length {value_text(data.get('max_length'))} actions"]
    if compared:
        default = _compared_default(data)
        parts.append(f"compared: {compared[0]} against {compared[1]}" + (f" (default {default})" if default else ""))
    parts.append(f"ninjadojo {value_text(data.get('ninjadojo'))}, report format {value_text(data.get('version'))}")
    return "; ".join(parts)
