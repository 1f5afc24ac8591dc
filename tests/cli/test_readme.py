"""The README: its Python example finishes, its test command is the CI's, and the project stands alone
(nothing outside the clone is read by the tests, and the docs link only to files in the clone)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from cli.helpers import needs_ninjitsu

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.DOTALL)


@needs_ninjitsu
def test_the_python_example_plays_a_game_to_its_end() -> None:
    (example,) = _blocks("python")
    finished = subprocess.run([sys.executable, "-c", example], capture_output=True, text=True, timeout=300,
                              cwd=ROOT)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.startswith("Result(scores="), finished.stdout


def test_the_readme_test_command_is_exactly_what_ci_runs() -> None:
    commands = [line for block in _blocks("sh") for line in block.splitlines() if line.startswith("python3 -m venv")]
    set_up, test = commands
    # The main job: set up, then start the server (the browser client's first command, issue #15).
    assert set_up == "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/dojo serve"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci, "the README's test command is not a line of .ci/run"


def test_no_test_or_source_reads_a_file_outside_the_clone() -> None:
    # A parent folder (not the "..." of an elided example), an absolute path of this machine, or the
    # rulebooks' folder beside the clone, in a string.
    outside = re.compile(r"""((?<!\.)\.\./|/work/|["']/?shared/)""")
    offenders = [f"{path.relative_to(ROOT)}:{number}"
                 for folder in ("tests", "src")
                 for path in sorted((ROOT / folder).rglob("*.py"))
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if outside.search(line) and path != Path(__file__).resolve()]
    assert offenders == []


def test_the_docs_link_only_to_files_in_the_clone() -> None:
    documents = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    broken = []
    for document in documents:
        for target in re.findall(r"\]\(([^)\s]+)\)", document.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a web address or an anchor in the same page
            path = (document.parent / target.split("#")[0]).resolve()
            if not path.exists() or ROOT not in path.parents:
                broken.append(f"{document.relative_to(ROOT)} -> {target}")
    assert broken == []


def test_every_command_of_the_readme_runs_as_written_after_the_set_up() -> None:
    # The set-up makes a virtual environment without activating it: `dojo`, `pip` and `pytest` are then
    # .venv/bin's, and a command written bare would not be found (or would be another install's).
    bare = []
    for block in _blocks("sh"):
        for line in block.splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            for command in re.split(r"\s*&&\s*", line):
                program = command.split()[0]
                if program not in ("python3", ".venv/bin/dojo", ".venv/bin/pip", ".venv/bin/python",
                                   ".venv/bin/ruff", ".venv/bin/mypy", ".venv/bin/pytest"):
                    bare.append(command)
    assert bare == []
    # Inline commands with their flags (the ones to type) too; a name such as `dojo games` in the text
    # is read after the README says how to activate the environment.
    assert ". .venv/bin/activate" in README
    inline = re.findall(r"`((?:dojo|pip|python) [^`]*--[^`]*)`", README)
    assert inline == []
