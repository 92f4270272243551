"""Routing: every message becomes one of three routes (none, quick, async)."""

from bot.routing.lexicon import (
    Decision,
    Route,
    classify_lexicon,
    extract_topic,
    is_affirmative,
    is_cancel,
    is_negative,
    is_referential,
    normalize,
)

__all__ = [
    "Decision",
    "Route",
    "classify_lexicon",
    "extract_topic",
    "is_affirmative",
    "is_cancel",
    "is_negative",
    "is_referential",
    "normalize",
]
