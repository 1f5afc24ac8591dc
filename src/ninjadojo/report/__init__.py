"""Balance reports for designers: many games of one game, their figures with 95% intervals, and what a rule changes.

::

    >>> from ninjadojo.report import ReportSettings, run_report, report_data
    >>> settings = ReportSettings.build("ninja-trap", players=2, games=4, seed=1)
    >>> data = report_data(run_report(settings), speed=False)
    >>> data["games_played"], data["variants"][0]["player_counts"][0]["games"]
    (4, 4)

:class:`ReportSettings` checks and holds what decides the results (the rule compared included);
:func:`run_report` plays the games in batches (on worker processes if asked, resumable through
:class:`ReportProgress`, stopping cleanly on Ctrl-C); :func:`report_data` makes the JSON-safe report
(``report.json``). The report in words is :mod:`ninjadojo.report.render` (its blocks and
sentences from :mod:`ninjadojo.report.text`, the summary's findings from
:mod:`ninjadojo.report.findings`), its files (HTML, Markdown, JSON, plots) :mod:`ninjadojo.report.formats`;
``dojo report`` is a thin shell over these.
"""

from ninjadojo.report.collect import ReportRun, play_record, run_report
from ninjadojo.report.features import game_features
from ninjadojo.report.progress import PROGRESS_FILE, ReportProgress
from ninjadojo.report.records import GameRecord
from ninjadojo.report.settings import ReportSettings, Variant
from ninjadojo.report.summary import report_data

__all__ = [
    "PROGRESS_FILE",
    "GameRecord",
    "ReportProgress",
    "ReportRun",
    "ReportSettings",
    "Variant",
    "game_features",
    "play_record",
    "report_data",
    "run_report",
]
