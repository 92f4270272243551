"""Routing: every message becomes one of three routes (none, quick, async)."""

from bot.routing.address import Addressing, addressed_elsewhere, addressing_of, split_mentions
from bot.routing.lexicon import (
    Decision,
    Route,
    asks,
    classify_lexicon,
    extract_topic,
    is_affirmative,
    is_cancel,
    is_negative,
    is_referential,
    normalize,
)
from bot.routing.router import Routed, route, routed
from bot.routing.vocabulary import (
    LOOKS_ELSEWHERE,
    Guard,
    OfferReply,
    asks_the_world,
    is_steering,
    own_tracker,
)

__all__ = [
    "LOOKS_ELSEWHERE",
    "Addressing",
    "Decision",
    "Guard",
    "OfferReply",
    "Route",
    "Routed",
    "addressed_elsewhere",
    "addressing_of",
    "asks",
    "asks_the_world",
    "classify_lexicon",
    "extract_topic",
    "is_affirmative",
    "is_cancel",
    "is_negative",
    "is_referential",
    "is_steering",
    "normalize",
    "own_tracker",
    "route",
    "routed",
    "split_mentions",
]
