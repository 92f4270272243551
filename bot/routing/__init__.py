"""Routing: every message becomes one of three routes (none, quick, async)."""

from bot.routing.address import Addressing, addressed_elsewhere, addressing_of, split_mentions
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
from bot.routing.router import route

__all__ = [
    "Addressing",
    "Decision",
    "Route",
    "addressed_elsewhere",
    "addressing_of",
    "classify_lexicon",
    "extract_topic",
    "is_affirmative",
    "is_cancel",
    "is_negative",
    "is_referential",
    "normalize",
    "route",
    "split_mentions",
]
