"""The calendar day a question names ("the med error on 14 May", "the 14:10 cancelled on the 3rd
nov", "the march 12 collection") and whether a passage states that day, however the notes write
it: "14 May", "May 14th", "14/05/24", "14.5.", "2024-05-14". A question that pins a day asks
about the record of that day: the log's row for 14 May, not the incident note that mentions the
log."""

from __future__ import annotations

import re
from functools import lru_cache

_MONTH_NAMES = (
    "jan(?:uary)?",
    "feb(?:ruary)?",
    "mar(?:ch)?",
    "apr(?:il)?",
    "may",
    "june?",
    "july?",
    "aug(?:ust)?",
    "sep(?:t(?:ember)?)?",
    "oct(?:ober)?",
    "nov(?:ember)?",
    "dec(?:ember)?",
)
MONTHS = "|".join(_MONTH_NAMES)  # a month's name or its short form, as a pattern's alternatives
_ORDINAL = r"(?:st|nd|rd|th)?"
# "14 May", "the 14th of may", "3 Nov"; "May 14", "march 12 collection" (not "Jan 2024", not
# "may 10:30"); a question's "14/05" is left alone ("runway 15/33", "24/7 cover")
_DAY_MONTH = re.compile(rf"(?<![\d/.:])([0-3]?\d){_ORDINAL}\s+(?:of\s+)?({MONTHS})\b", re.I)
_MONTH_DAY = re.compile(rf"\b({MONTHS})\.?\s+([0-3]?\d){_ORDINAL}(?![\d:])", re.I)


def month_number(name: str) -> int:
    return [m[:3] for m in _MONTH_NAMES].index(name[:3].lower()) + 1


@lru_cache(maxsize=256)  # (a question's passages are scored several times over)
def days_named(question: str) -> tuple[tuple[int, int], ...]:
    """The (day, month) pairs ``question`` names, in order, each once."""
    found: dict[tuple[int, int], None] = {}
    for match in _DAY_MONTH.finditer(question):
        found.setdefault((int(match[1]), month_number(match[2])), None)
    for match in _MONTH_DAY.finditer(question):
        found.setdefault((int(match[2]), month_number(match[1])), None)
    return tuple((day, month) for day, month in found if 1 <= day <= 31)


@lru_cache(maxsize=256)
def stating(day: int, month: int) -> re.Pattern[str]:
    """A passage stating ``day`` of ``month`` in any of the ways notes write a date."""
    name = _MONTH_NAMES[month - 1]
    return re.compile(
        rf"(?<![\d/.:])0?{day}{_ORDINAL}\s+(?:of\s+)?(?:{name})\b"
        rf"|\b(?:{name})\.?\s+0?{day}{_ORDINAL}(?![\d:])"
        rf"|(?<![\d/.:-])0?{day}[/.]0?{month}(?![\d:]|\.\d)"
        rf"|\b(?:19|20)\d\d-0?{month}-0?{day}(?!\d)",
        re.I,
    )


def states_a_day(text: str, days: tuple[tuple[int, int], ...]) -> bool:
    """``text`` states one of ``days``."""
    return any(stating(day, month).search(text) for day, month in days)
