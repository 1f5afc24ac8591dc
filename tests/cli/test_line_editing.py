"""At a terminal, the prompt of ``dojo play`` edits lines: an arrow key moves the cursor (it was read as its
escape code: "'mG\\x1b[D' is not allowed now"), and Up recalls the line typed before."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal and readline")

LEFT = "\x1b[D"
UP = "\x1b[A"


def _read_until(fd: int, text: str, seen: bytearray, timeout: float = 60) -> str:
    """What the terminal showed, once ``text`` is among it (an AssertionError with the screen if it never is)."""
    deadline = time.monotonic() + timeout
    while text.encode() not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"{text!r} never came; the terminal showed: {seen.decode(errors='replace')[-1500:]}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:  # the other side closed
                break
    return seen.decode(errors="replace")


def test_arrow_keys_edit_the_line_and_up_recalls_the_last_one(tmp_path: Any) -> None:
    """Typed "mG", two Left and "x": the line is "xmG" (the error quotes it, no escape code in it); then Up
    and Enter send "xmG" again."""
    main, child = pty.openpty()
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "TERM": "xterm",
           "COLUMNS": "100", "LINES": "40"}
    process = subprocess.Popen(
        [sys.executable, "-m", "ninjadojo.cli", "play", "ninja-trap", "--players", "2", "--seat", "0", "--seed", "1",
         "--bots", "easy"], stdin=child, stdout=child, stderr=child, env=env, close_fds=True, start_new_session=True)
    os.close(child)
    seen = bytearray()
    try:
        _read_until(main, "seat 0> ", seen)
        os.write(main, f"mG{LEFT}{LEFT}x\r".encode())
        screen = _read_until(main, "is not allowed now", seen)
        assert "'xmG' is not allowed now" in screen, screen[-1500:]
        assert "\\x1b" not in screen, screen[-1500:]
        count = screen.count("'xmG' is not allowed now")
        os.write(main, f"{UP}\r".encode())
        deadline = time.monotonic() + 30
        while screen.count("'xmG' is not allowed now") == count and time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.5)
            if ready:
                seen += os.read(main, 65536)
                screen = seen.decode(errors="replace")
        assert screen.count("'xmG' is not allowed now") == count + 1, f"Up did not recall the line: {screen[-1500:]}"
    finally:
        process.kill()
        process.wait()
        os.close(main)
