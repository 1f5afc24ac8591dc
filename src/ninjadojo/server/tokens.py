"""Seat tokens: random secrets shown once, stored only as their SHA-256 hash.

A token is 32 URL-safe characters from :func:`secrets.token_urlsafe` (192 bits), so an unsalted hash
is enough: nobody can guess a token or invert its hash, and the hash can be looked up directly (a
player's tables are found from the tokens their client keeps).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

#: Characters in a token.
TOKEN_LENGTH = 32

_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}", re.ASCII)


def new_token() -> str:
    """A fresh random seat token."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The stored form of a token: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def looks_like_token(value: object) -> bool:
    """Whether ``value`` has a token's shape (32 URL-safe characters); anything else is refused unread."""
    return isinstance(value, str) and _TOKEN.fullmatch(value) is not None


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored_hash`` (compared in constant time)."""
    if stored_hash is None or not looks_like_token(token):
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_table_id() -> str:
    """A random table id: 12 URL-safe characters (72 bits, so tables cannot be found by guessing)."""
    return secrets.token_urlsafe(9)
