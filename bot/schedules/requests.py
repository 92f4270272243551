"""A message that carries a schedule ("every Monday at 9, dig into what changed on Atlas",
"each morning, tell me about new incidents"): the rule at its start or end, and a request
after it. Anything else is left to routing as it is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.research.topic import subject
from bot.routing import Route, route
from bot.schedules.digest import is_digest
from bot.schedules.rules import RuleError, parse_rule, rule_at_start

# what asks for something to be reported, beside the routing lexicon's "dig into…"
_ASKS = re.compile(
    r"^(?:please\s+)?(?:(?:tell|show|send|give|brief)\s+(?:me|us)(?:\s+(?:about|on))?|report\s+on|summari[sz]e|"
    r"check(?:\s+on)?|post|remind\s+me\s+about)\s+",
    re.I,
)
# a rule at the end: "dig into the Atlas project every Monday at 9"
_TRAILING = re.compile(r"\s*,?\s+(?=(?:every|each|daily|weekly|monthly|hourly|on the \d)\b)", re.I)
# where ``_TRAILING`` matches: a space before one of its words (a text holds a match of one
# exactly when it holds one of the other). Tried at every character with its case folded,
# ``_TRAILING`` costs as much where it finds nothing; this pattern is asked first
_TRAILING_START = re.compile(r"\s(?=(?:every|each|daily|weekly|monthly|hourly|on the \d)\b)", re.I)
# and before it, in an ASCII text (its case folds are its lower case) whose words are
# single-spaced (``carried_schedule``), the words in lower case after a space: a literal
# search (one text in four has "each", "every" or "on the " inside some word, one in sixty a rule)
_TRAILING_OPENING = re.compile(" (?:every|each|daily|weekly|monthly|hourly|on the )")


def _may_trail(text: str) -> bool:
    """Whether ``_TRAILING`` matches ``text`` (words single-spaced) anywhere."""
    if text.isascii() and _TRAILING_OPENING.search(text.lower()) is None:
        return False
    return _TRAILING_START.search(text) is not None


@dataclass(frozen=True)
class CarriedSchedule:
    """The rule as said, and the topic the runs investigate."""

    rule: str
    topic: str


@lru_cache(maxsize=1024)
def carried_schedule(text: str) -> CarriedSchedule | None:
    """The schedule a request carries, or None (no rule, or no request beside it). Every
    message is asked this before routing; the answer is the text's alone, kept per text."""
    text = " ".join(text.split())
    found = _with_rule_first(text)
    if found is None:
        for match in _TRAILING.finditer(text) if _may_trail(text) else ():
            head, tail = text[: match.start()], text[match.end() :]
            candidate = _with_rule_first(f"{tail} {head}")
            if candidate is not None and not _leftover(tail):
                return candidate
        return None
    return found


def _with_rule_first(text: str) -> CarriedSchedule | None:
    try:
        parsed = rule_at_start(text)
    except RuleError:
        return None
    if parsed is None:
        return None
    rest = parsed.rest.strip(" ,.;:!?")
    if not rest:
        return None
    asked = _ASKS.match(rest)
    if asked is not None:
        topic = rest[asked.end() :]
    elif route(rest).route is Route.ASYNC or is_digest(rest):
        topic = subject(rest)
    else:
        return None  # "every day I wonder…": a rule-like start, but nothing is asked
    topic = topic.strip(" ,.;:!?")
    if not topic:
        return None
    rule_words = text[: len(text) - len(parsed.rest)].strip(" ,")
    return CarriedSchedule(rule_words, topic)


def _leftover(tail: str) -> bool:
    """A trailing rule followed by more words than a time zone: not a trailing rule."""
    try:
        return bool(parse_rule(tail).rest.strip(" ,.;:!?"))
    except RuleError:
        return True
