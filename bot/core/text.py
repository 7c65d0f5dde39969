"""Plain-text helpers every message uses: harmless names, quoted input, lists, and Discord's length limits.

Discord refuses a message over 2,000 characters and a button label over 80; a name such as
``<@123>`` or ``@everyone`` in a nickname must never ping anyone. Everything the bot sends is cut
and escaped here, in one place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MESSAGE_LIMIT = 2000
LABEL_LIMIT = 80
CHOICE_LIMIT = 100
QUOTE_LIMIT = 60
NAME_LIMIT = 32
ALT_LIMIT = 1024
"""An attachment's description (alt text): what a screen reader speaks for an image."""
ELLIPSIS = "…"

_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()-])")
_MENTION = re.compile(r"<(@[!&]?|#|/)")
_ESCAPED = re.compile(r"\\([\\*_~`|>#\[\]()-])")


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)].rstrip() + ELLIPSIS


def plain_name(name: str) -> str:
    """A display name that cannot ping, link or format: mentions broken, markdown escaped, length bounded."""
    text = " ".join(str(name).split()) or "?"
    text = shorten(text, NAME_LIMIT)
    text = _MENTION.sub(lambda m: "<\u200b" + m.group(1), text)
    text = text.replace("@", "@\u200b")
    return _MARKDOWN.sub(r"\\\1", text)


def quote_input(text: str, limit: int = QUOTE_LIMIT) -> str:
    """What a player typed, shown back safely: one line, shortened, in a code span."""
    one_line = " ".join(str(text).split())
    return "`" + shorten(one_line, limit).replace("`", "ˋ") + "`"


def and_list(items: Sequence[str], and_word: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {and_word} {items[-1]}"


def fit_message(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message body cut to Discord's limit, keeping whole lines where it can."""
    if len(text) <= limit:
        return text
    kept = text[: limit - 1]
    cut = kept.rfind("\n")
    if cut > limit // 2:
        kept = kept[:cut]
    return kept.rstrip() + ELLIPSIS


def cut_words(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters at a word's end (never inside a word), an ellipsis marking the cut."""
    if len(text) <= limit:
        return text
    kept = text[: max(limit - 1, 0)]
    space = kept.rfind(" ")
    if space > limit // 2:
        kept = kept[:space]
    return kept.rstrip(" ,;:") + ELLIPSIS


def spoken(text: str) -> str:
    """Message text as a screen reader should read it: no Markdown (bold, code spans, escapes), one line."""
    text = _ESCAPED.sub(r"\1", text).replace("**", "").replace("`", "")
    return " ".join(text.split())


def fit_alt(text: str, limit: int = ALT_LIMIT) -> str:
    """Alt text for an attachment: spoken plainly and cut cleanly to Discord's 1,024 characters."""
    return cut_words(spoken(text), limit)
