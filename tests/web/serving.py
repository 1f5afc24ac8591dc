"""The real server (``ninjadojo.server.create_app``) in a thread of the test process, serving the
browser client at ``/`` (its static files and the replay endpoint are the server's own), for the
browser tests. The same runner as the server's tests (:class:`server.helpers.ServerThread`)."""

from __future__ import annotations

from server.helpers import QUICK, ServerThread

__all__ = ["QUICK", "WebServer"]


class WebServer(ServerThread):
    """The server app run by uvicorn in a thread, on a free loopback port, with an SQLite database; it
    serves the browser client at ``base``."""
