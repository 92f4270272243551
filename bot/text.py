"""Small text helpers shared by the core."""

from __future__ import annotations

from bot.citations import LOOKALIKE


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
