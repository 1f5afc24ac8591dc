"""The server's errors: each has a code clients can act on, an HTTP status and a one-line message.

Every error of bad input is raised before anything changes, as everywhere in ninjadojo.
"""

from __future__ import annotations

from ninjadojo.engine.errors import DojoError


class ApiError(DojoError):
    """A request or message the server refuses: ``code`` (see docs/server-protocol.md), ``status``
    (the HTTP status; WebSocket errors carry only the code) and the message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, dict[str, str]]:
        """The body of an HTTP error response."""
        return {"error": {"code": self.code, "message": self.message}}


def bad_request(message: str, code: str = "bad_request") -> ApiError:
    """A malformed request (400)."""
    return ApiError(400, code, message)


def unknown_table(table_id: object) -> ApiError:
    """No table with that id (404)."""
    from ninjadojo.engine.errors import quote

    return ApiError(404, "unknown_table", f"there is no table {quote(table_id)}")


def conflict(code: str, message: str) -> ApiError:
    """A request that does not fit the table's state now (409)."""
    return ApiError(409, code, message)


def storage_failed(error: BaseException) -> ApiError:
    """The database refused a write or a read (a full disk, a lost connection): 503, nothing changed."""
    # The driver's own message ("database or disk is full"), never the statement; else only the error's kind.
    orig = getattr(error, "orig", None)
    reason = " ".join(str(orig).split())[:200] if orig is not None else type(error).__name__
    return ApiError(503, "storage_failed", f"the server could not store or read this ({reason}); nothing was "
                                           "changed: try again later")


class MessageError(ApiError):
    """A WebSocket message refused: its ``code`` and message go back to the client as an ``error``."""

    def __init__(self, code: str, message: str, legal: list[str] | None = None) -> None:
        super().__init__(400, code, message)
        self.legal = legal
