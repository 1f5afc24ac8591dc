"""Chat at a table (issue 24): what a chat message may hold. The table stores and sends the lines
(:meth:`ninjadojo.server.live.LiveTable.send_chat`); this checks them."""

from __future__ import annotations

from ninjadojo.engine.errors import quote
from ninjadojo.server.errors import MessageError
from ninjadojo.server.settings import visible

__all__ = ["CHAT_EMOTES", "CHAT_MAX", "check_chat"]

#: The quick emotes a chat line may be instead of text (clients show each as a word and a symbol).
CHAT_EMOTES = ("hello", "good_game", "thanks", "well_played", "oops", "thinking")
#: The longest chat text, in characters.
CHAT_MAX = 300
#: Characters that break a line besides the control characters (a chat line is one line).
LINE_BREAKS = frozenset("\u2028\u2029")
#: The bidirectional overrides and isolates: they turn the text after them around on the screen, so a line
#: could show other words than it holds (names refuse them too, with every format character).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_chat(text: object, emote: object) -> tuple[str | None, str | None]:
    """A chat message's (text, emote), exactly one of them given; a :class:`MessageError` if not valid."""
    if (text is None) == (emote is None):
        raise MessageError("bad_message", 'a chat message has either "text" or "emote" (one of '
                                          f'{", ".join(CHAT_EMOTES)}), not {"both" if text is not None else "neither"}')
    if emote is not None:
        if emote not in CHAT_EMOTES:
            raise MessageError("bad_message", f"unknown emote {quote(emote)}; emotes are {', '.join(CHAT_EMOTES)}")
        return None, str(emote)
    if not isinstance(text, str):
        raise MessageError("bad_message", f"chat 'text' must be text, not {quote(text)}")
    if not text.strip():
        raise MessageError("bad_message", "chat 'text' is empty; say something")
    if len(text) > CHAT_MAX:
        raise MessageError("too_long", f"chat text is at most {CHAT_MAX} characters, not {len(text)}")
    if any(ord(char) < 32 or 127 <= ord(char) < 160 or char in LINE_BREAKS for char in text):
        raise MessageError("bad_message", "chat text is one line without control characters (newlines, tabs...)")
    if any(char in BIDI_CONTROLS for char in text):
        raise MessageError("bad_message", "chat text may not hold characters that turn the text around on the screen "
                                          "(bidirectional overrides such as U+202E)")
    if not any(visible(char) for char in text):
        raise MessageError("bad_message", "chat text must show at least one letter, digit or symbol, not only "
                                          "invisible characters")
    if any(0xD800 <= ord(char) <= 0xDFFF for char in text):
        # A lone surrogate (JSON allows "\ud800") is no character: it cannot be stored nor shown.
        raise MessageError("bad_message", "chat text must be valid Unicode text (it holds a lone surrogate, "
                                          "half of a character)")
    return text, None
