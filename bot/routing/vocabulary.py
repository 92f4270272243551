"""The words routing shares with the core: guard names, offer replies, and the steering
phrases that attach a message to an open investigation instead of routing it."""

from __future__ import annotations

import re
from enum import StrEnum


class Guard(StrEnum):
    """Why a trigger did not fire (``Decision.guard``); equal to the stored strings."""

    REMINDER = "reminder"
    NEGATION = "negation"
    NOUN = "noun"
    TRACKED_SIGNAL = "tracked_signal"
    CAPABILITY = "capability"
    PAST_TENSE = "past_tense"
    FIRST_PERSON = "first_person"
    THIRD_PERSON = "third_person"
    ADDRESSED_ELSEWHERE = "addressed_elsewhere"  # a request to someone else, not to Mallory


class OfferReply(StrEnum):
    """How a message answers an open offer to investigate (``Decision.offer_reply``)."""

    ACCEPTED = "accepted"
    DECLINED = "declined"


# Guards that mean "this looks something else up": such a message is neither steering for an
# open investigation nor worth a "Run a deep investigation" button.
LOOKS_ELSEWHERE = frozenset(
    {Guard.TRACKED_SIGNAL, Guard.REMINDER, Guard.CAPABILITY, Guard.ADDRESSED_ELSEWHERE}
)

# A look-up of the world rather than of one's own tracker ("what's the weather this
# weekend?"): no feed is read, but the team's notes are searched like any question (a site's
# wind limits, the forecast the event plan quoted), and an investigation may search the web.
_THE_WORLD = re.compile(r"\b(?:weather|forecasts?)\b", re.I)


def asks_the_world(text: str) -> bool:
    return bool(_THE_WORLD.search(text))


# one's own tracker ("my inbox", "do I have meetings", "our calendar"): nothing the notes hold
_OWN_TRACKER = re.compile(
    r"\b(?:my|me|i|i'?m|i'?ve)\b|\bour\s+(?:\w+\s+)?(?:agenda|calendar|schedule|inbox|e-?mails?|mail|"
    r"reminders?|to-?dos?|tasks?|notifications?|meetings?|day|week)\b",
    re.I,
)


def own_tracker(text: str) -> bool:
    return bool(_OWN_TRACKER.search(text))


STEERING = re.compile(
    r"^(?:also|and|plus|include|including|focus|especially|make\s+sure|don'?t\s+forget|what\s+about|"
    r"how\s+about|check|look\s+at|consider|add|remember\s+to|note\s+that|fyi|btw|p\.?s\.?)\b",
    re.I,
)


def is_steering(normalized: str) -> bool:
    """Whether a (normalized) message reads as a note for the investigation under way."""
    return STEERING.match(normalized) is not None
