"""What the server limits (issue 28): request bodies as streamed, bot specs, forwarded addresses, security
headers, slow clients, replays, tables; see docs/server.md, "What the server limits, and why"."""

from __future__ import annotations

import json
import socket

from server.helpers import ServerThread


def raw_request(server: ServerThread, head: bytes, parts: list[bytes], timeout: float = 10.0) -> bytes:
    """Send a request's head and body parts on a raw socket (no end of the body is sent after them), then
    read what the server answers until it closes the connection or ``timeout``."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as sock:
        sock.sendall(head)
        for part in parts:
            try:
                sock.sendall(part)
            except OSError:
                break  # the server answered and closed early
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
                if b"\r\n\r\n" in answer and answer.rstrip().endswith(b"}"):
                    break
        except (TimeoutError, OSError):
            pass
        return answer


def test_a_chunked_body_over_the_limit_is_refused_as_it_streams(server: ServerThread) -> None:
    """The 64 KiB limit counts what is received, not only the Content-Length a client chooses to send."""
    head = (b"POST /api/tables HTTP/1.1\r\nHost: dojo\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    chunk = b" " * 16_384
    parts = [b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(6)]  # 96 KiB, and the body never ends
    answer = raw_request(server, head, parts)
    status, _, rest = answer.partition(b"\r\n")
    assert status.startswith(b"HTTP/1.1 413"), answer[:200]
    body = json.loads(rest.partition(b"\r\n\r\n")[2])
    assert body["error"]["code"] == "too_large" and "65536 bytes" in body["error"]["message"]
    assert server.dojo.tables == {}


def test_a_chunked_body_within_the_limit_is_read(server: ServerThread) -> None:
    body = json.dumps({"game": "ninja-trap", "players": 2}).encode()
    answer = server.http.post("/api/tables", content=iter([body[:10], body[10:]]),
                              headers={"Content-Type": "application/json"})
    assert answer.status_code == 201, answer.text
