"""Small text helpers shared by the core."""

from __future__ import annotations

import re

from bot.text.citations import LOOKALIKE


def count(n: int, noun: str, plural: str = "") -> str:
    """``1 entry``, ``2 entries``: the number with its noun agreeing."""
    if n == 1:
        return f"{n} {noun}"
    if plural:
        return f"{n} {plural}"
    return f"{n} {noun[:-1]}ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else f"{n} {noun}s"


def shorten(text: str, limit: int = 120) -> str:
    """One line, at most ``limit`` characters, cut at a word with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


# Characters that would change the Markdown around an inline label: a link's brackets, a
# code span's backtick (which could close a fenced block), a table's pipe.
_LABEL_MARKUP = str.maketrans({"[": "(", "]": ")", "`": "'", "|": "¦"})


def content_label(text: str) -> str:
    """A title or author from content (notes, web pages, users) made safe to put inline in
    a report or an answer: one line, no citation look-alikes, no link/code/table markup.
    Only the core's own ``[Entry id]`` next to it is a citation."""
    text = LOOKALIKE.sub(" ", text)
    return " ".join(text.translate(_LABEL_MARKUP).split())


# What a terminal acts on rather than shows: C0 and C1 control characters (escape sequences
# that set the title, clear the screen, write the clipboard; a carriage return that writes
# over a line) and the bidirectional overrides that make text read other than it is.
_TERMINAL_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    """Text from content (notes, web pages) made safe to write to a terminal: line breaks and
    tabs kept, every other control character dropped."""
    return _TERMINAL_CONTROLS.sub("", text)
