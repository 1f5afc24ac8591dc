"""A report's files: ``report.json``, and the report's blocks (:func:`ninjadojo.report.render.report_blocks`)
as an HTML page and Markdown, with the figures in ``plots/`` (PNG, drawn by :mod:`ninjadojo.report.plots`).

:func:`write_report` writes them into a folder. Each file is written whole or not at all (a temporary
file renamed over it), so a run stopped while writing leaves the previous file, never half of one. Every
text that comes from the data (labels, option values, bot specs, feature names) is escaped.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ninjadojo.report.plots import PLOTS_FOLDER, draw_plots
from ninjadojo.report.render import _settings_line, report_blocks
from ninjadojo.report.text import Bullets, Heading, Image, Inline, Paragraph, Span, Table, value_text
from ninjadojo.sim.progressfile import write_whole

#: The report's files in its folder.
JSON_FILE, MARKDOWN_FILE, HTML_FILE = "report.json", "report.md", "report.html"
#: The figures :func:`write_report` owns in ``plots/`` (older ones no longer drawn are removed).
_PLOT_PATTERN = re.compile(r"(seats|length|points|features|compare)-\d+p(-v\d+)?\.png")


# --- HTML -----------------------------------------------------------------------------------------------------------

_CSS = """
body{margin:0;background:#fafaf7;color:#222;font:16px/1.55 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:980px;margin:0 auto;padding:24px 28px 60px}
h1{font-size:1.9em;margin:.2em 0 .1em}h2{margin-top:2em;padding-top:.4em;border-top:2px solid #e4e2da}
h3{margin-top:1.6em;color:#333}
.settings{color:#666;font-size:.9em}.lead{font-size:1.08em}
.warning{background:#fff4d6;border-left:4px solid #e0a100;padding:.6em .9em}
.note{color:#555;font-size:.93em}
nav{background:#f0efe9;padding:.5em .9em;font-size:.93em;border-radius:4px}nav a{margin-right:.9em}
table{border-collapse:collapse;margin:.6em 0 1.2em;font-size:.93em;font-variant-numeric:tabular-nums}
th,td{padding:.3em .7em;border-bottom:1px solid #e4e2da;text-align:left;vertical-align:top}
th{background:#f0efe9;font-weight:600}td.num,th.num{text-align:right;white-space:nowrap}
tbody tr:nth-child(even){background:#f5f4ef}
caption{caption-side:bottom;text-align:left;color:#666;font-size:.88em;padding-top:.3em}
figure{margin:.8em 0}figure img{max-width:100%;height:auto;border:1px solid #e4e2da;background:#fff}
figcaption{color:#666;font-size:.88em}
.up{color:#1b7f79;font-weight:600}.down{color:#b0406f;font-weight:600}.flat{color:#666}.muted{color:#888}
footer{margin-top:3em;color:#888;font-size:.85em}
"""


def _inline_html(parts: Sequence[Inline] | Inline) -> str:
    if isinstance(parts, str | Span):
        parts = [parts]
    out = []
    for part in parts:
        if isinstance(part, Span):
            tag = "strong" if part.style == "strong" else "span"
            style = "" if part.style == "strong" else f' class="{part.style}"'
            out.append(f"<{tag}{style}>{html.escape(part.text)}</{tag}>")
        else:
            out.append(html.escape(part))
    return "".join(out)


def render_html(data: Mapping[str, Any], images: Iterable[str] = ()) -> str:
    """The report as one self-contained HTML page (inline CSS, no script; images by relative path)."""
    blocks = report_blocks(data, images)
    title = value_text(data.get("game_name") or data.get("game"))
    body: list[str] = []
    sections = [block for block in blocks if isinstance(block, Heading) and block.level == 2]
    for block in blocks:
        if isinstance(block, Heading):
            anchor = f' id="{html.escape(block.anchor)}"' if block.anchor else ""
            body.append(f"<h{block.level}{anchor}>{html.escape(block.text)}</h{block.level}>")
            if block.level == 1:
                body.append(f'<p class="settings">{html.escape(_settings_line(data))}</p>')
        elif isinstance(block, Paragraph):
            style = f' class="{block.style}"' if block.style else ""
            body.append(f"<p{style}>{_inline_html(block.parts)}</p>")
        elif isinstance(block, Bullets):
            items = "".join(f"<li>{_inline_html(item)}</li>" for item in block.items)
            body.append(f"<ul>{items}</ul>")
        elif isinstance(block, Table):
            body.append(_table_html(block))
        elif isinstance(block, Image):
            source = html.escape(f"{PLOTS_FOLDER}/{block.name}")
            body.append(f'<figure><img src="{source}" alt="{html.escape(block.alt)}" loading="lazy">'
                        f"<figcaption>{html.escape(block.alt)}</figcaption></figure>")
    # The contents go after the summary: the first thing a reader sees is the findings.
    contents = "<nav>" + "".join(f'<a href="#{html.escape(section.anchor)}">{html.escape(section.text)}</a>'
                                 for section in sections) + "</nav>"
    first_section = next((index for index, line in enumerate(body) if line.startswith("<h2")), len(body))
    body.insert(first_section, contents)
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{html.escape(title)}: balance report</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<main>\n"
            + "\n".join(body)
            + f"\n<footer>{html.escape(_settings_line(data))}</footer>\n</main>\n</body>\n</html>\n")


def _table_html(table: Table) -> str:
    def cell(tag: str, index: int, content: str) -> str:
        style = ' class="num"' if index in table.numeric else ""
        return f"<{tag}{style}>{content}</{tag}>"

    head = "".join(cell("th", index, html.escape(text)) for index, text in enumerate(table.header))
    rows = "".join("<tr>" + "".join(cell("td", index, _inline_html(part)) for index, part in enumerate(row)) + "</tr>"
                   for row in table.rows)
    caption = f"<caption>{html.escape(table.caption)}</caption>" if table.caption else ""
    return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


# --- Markdown -------------------------------------------------------------------------------------------------------

#: Characters that can start Markdown (or HTML) inside a line: escaped in all text. ``(``, ``)`` and ``!``
#: only mean something next to a ``[``, and ``#``, ``+``, ``-`` only at the start of a line, which no
#: text of the data ever is.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|&~])")


def markdown_escape(text: str) -> str:
    """``text`` with the Markdown (and HTML) characters that act inside a line backslash-escaped, on one line."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", re.sub(r"\s+", " ", text))


def _inline_markdown(parts: Sequence[Inline] | Inline) -> str:
    if isinstance(parts, str | Span):
        parts = [parts]
    out = []
    for part in parts:
        if isinstance(part, Span):
            text = markdown_escape(part.text)
            out.append(f"**{text}**" if part.style in ("up", "down", "strong") and text else text)
        else:
            out.append(markdown_escape(part))
    return "".join(out)


def render_markdown(data: Mapping[str, Any], images: Iterable[str] = ()) -> str:
    """The report as Markdown: the same sections and tables as the page, measurable changes in bold."""
    lines: list[str] = []
    for block in report_blocks(data, images):
        if isinstance(block, Heading):
            lines += ["#" * block.level + " " + markdown_escape(block.text), ""]
            if block.level == 1:
                lines += [f"*{markdown_escape(_settings_line(data))}*", ""]
        elif isinstance(block, Paragraph):
            text = _inline_markdown(block.parts)
            lines += [f"> {text}" if block.style == "warning" else text, ""]
        elif isinstance(block, Bullets):
            lines += [f"- {_inline_markdown(item)}" for item in block.items] + [""]
        elif isinstance(block, Table):
            lines += [*_table_markdown(block), ""]
        elif isinstance(block, Image):
            lines += [f"![{markdown_escape(block.alt)}]({PLOTS_FOLDER}/{block.name})", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def _table_markdown(table: Table) -> list[str]:
    def row(cells: Iterable[str]) -> str:
        return "| " + " | ".join(text or " " for text in cells) + " |"

    lines = [row(markdown_escape(text) for text in table.header),
             row("---:" if index in table.numeric else "---" for index in range(len(table.header)))]
    lines += [row(_inline_markdown(cell) for cell in cells) for cells in table.rows]
    if table.caption:
        lines += ["", f"*{markdown_escape(table.caption)}*"]
    return lines


# --- files ----------------------------------------------------------------------------------------------------------


#: Write a file whole or not at all (the one writer of the drivers' folders).
write_file = write_whole


def report_json(data: Mapping[str, Any]) -> str:
    """``data`` as ``report.json`` holds it (indented, keys sorted, strict JSON: no NaN)."""
    return json.dumps(data, indent=2, sort_keys=True, allow_nan=False) + "\n"


def write_report(data: Mapping[str, Any], out_dir: Path) -> list[Path]:
    """Write the report into ``out_dir`` (made if need be); return the files written.

    ``report.json`` first (the data is what matters most, should drawing fail), then the figures in
    ``plots/``, ``report.md`` and ``report.html``. Figures of an earlier run that this report no longer
    draws are removed, so the folder never shows a stale picture.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    path = out_dir / JSON_FILE
    write_file(path, report_json(data).encode("utf-8"))
    written.append(path)
    images = draw_plots(data)
    plots = out_dir / PLOTS_FOLDER
    if images or plots.is_dir():
        plots.mkdir(exist_ok=True)
        for name, content in sorted(images.items()):
            write_file(plots / name, content)
            written.append(plots / name)
        for old in plots.iterdir():
            if _PLOT_PATTERN.fullmatch(old.name) and old.name not in images:
                old.unlink(missing_ok=True)
    for name, text in ((MARKDOWN_FILE, render_markdown(data, images)), (HTML_FILE, render_html(data, images))):
        write_file(out_dir / name, text.encode("utf-8"))
        written.append(out_dir / name)
    return written
