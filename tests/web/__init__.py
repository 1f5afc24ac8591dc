"""Browser tests of the web client (Playwright driving Debian's chromium against the real server)."""
