"""The browser client: static files (HTML, CSS, plain JavaScript ES modules) that ``dojo serve`` serves.

There is no build step: the files under ``static/`` are what the browser loads. The server mounts
:func:`static_dir` at ``/`` (``index.html``); the client talks to it only through the protocol of
docs/server-protocol.md. How the client is organised: docs/web.md.

    >>> (static_dir() / "index.html").is_file()
    True
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["static_dir"]


def static_dir() -> Path:
    """The folder of the client's static files (``index.html`` at its root)."""
    return Path(__file__).resolve().parent / "static"
