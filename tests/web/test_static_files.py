"""The client's files without a browser (fast, not ``slow``): every file the page or a module loads
exists, no module is left unused, the package data ships them all, and nothing needs a build step."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

from ninjadojo.web import static_dir

STATIC = static_dir()
ROOT = Path(__file__).resolve().parents[2]
IMPORT = re.compile(r"""^\s*import\s+(?:[\w*{}\s,]+\s+from\s+)?['"](\.{1,2}/[^'"]+)['"];""", re.MULTILINE)


def modules() -> list[Path]:
    """Every JavaScript module of the client."""
    return sorted(STATIC.rglob("*.js"))


def test_static_dir_holds_the_page() -> None:
    """``static_dir()`` is the folder the server mounts at ``/``, with index.html at its root."""
    assert (STATIC / "index.html").is_file()
    assert STATIC.name == "static"


def test_the_page_loads_only_files_that_exist() -> None:
    """Every src and href of index.html that is a local file exists (relative to the page)."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    references = re.findall(r'(?:src|href)="([^"#:]+)"', page)
    assert "js/app.js" in references and "css/dojo.css" in references
    for reference in references:
        assert (STATIC / reference).is_file(), f"index.html loads {reference}, which is missing"


def test_every_module_import_resolves_and_every_module_is_used() -> None:
    """Each relative ES module import names an existing file (no bundler resolves anything here), and
    every module is imported by another one, but the entry point."""
    imported = {STATIC / "js" / "app.js"}
    for module in modules():
        text = module.read_text(encoding="utf-8")
        for target in IMPORT.findall(text):
            path = (module.parent / target).resolve()
            assert path.is_file(), f"{module.relative_to(STATIC)} imports {target}, which is missing"
            imported.add(path)
    unused = [str(module.relative_to(STATIC)) for module in modules() if module.resolve() not in imported]
    assert not unused, f"modules nothing imports: {unused}"


def test_no_build_step_and_no_copied_code() -> None:
    """Plain files only: no bundle, no Node project, no source maps, no minified code."""
    names = {path.name for path in STATIC.rglob("*")}
    assert not names & {"package.json", "node_modules", "bundle.js", "webpack.config.js"}
    for module in modules():
        text = module.read_text(encoding="utf-8")
        assert "sourceMappingURL" not in text
        longest = max(len(line) for line in text.splitlines())
        assert longest <= 120, f"{module.name} has a {longest}-character line (minified?)"


def test_the_package_data_ships_every_static_file() -> None:
    """pyproject.toml's package data for ``ninjadojo`` covers every file of the client (else a wheel
    would serve a page without its scripts)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["ninjadojo"]
    package = STATIC.parents[1]
    for path in STATIC.rglob("*"):
        if path.is_file():
            relative = path.relative_to(package).as_posix()
            assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), \
                f"{relative} is not in [tool.setuptools.package-data] ninjadojo = {patterns}"
