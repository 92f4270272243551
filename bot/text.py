"""Small text helpers shared by the core."""

from __future__ import annotations


def shorten(text: str, limit: int = 120) -> str:
    """One line, at most ``limit`` characters, cut at a word with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"
