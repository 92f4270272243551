"""A report's summary states what each on-topic note fixes — the value its writer set in bold,
a figure, a day, a frequency — beside the note's line that best says the topic: the rule's
value sits in a list item a line about the topic rarely is."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from research_helpers import offline_summary

from adapters.console import SPACE

BASE = datetime(2025, 3, 1, tzinfo=UTC)

CHECKS = """\
The harbour ferry safety checks cover the lifejackets, the radio and the engine room of the harbour ferry.
The harbour ferry safety checks were reviewed by the harbour board after the harbour ferry inspection.
The harbour ferry safety checks matter because the harbour ferry carries commuters in winter.
The harbour ferry safety checks are part of the harbour ferry operating licence.
The harbour ferry safety checks include the harbour ferry fire pump and the harbour ferry alarms.
The harbour ferry safety checks are explained to every new harbour ferry deckhand.
The harbour ferry safety checks were last changed when the harbour ferry got a new engine.
The harbour ferry safety checks take the harbour ferry crew about twenty minutes.
The harbour ferry safety checks are audited by the harbour ferry operator each year.
The harbour ferry safety checks are described in the harbour ferry crew handbook.

How they run:
- The deckhand does them with the skipper watching.
- Done **every Sunday** before the first crossing.
- Recorded in the **green logbook** on the bridge.
"""

NOTES = [
    ("ferry/safety-checks.md", "Harbour ferry safety checks", CHECKS),
    ("notes/canteen.md", "Canteen", "The canteen opens at 07:30 on weekdays, every Monday too."),
]


async def _summary(rt: Any) -> str:
    return await offline_summary(rt, NOTES, "the harbour ferry safety checks", space=SPACE, first=BASE)


async def test_what_an_on_topic_note_fixes_is_stated(rt: Any) -> None:
    summary = await _summary(rt)
    assert "every Sunday" in summary, summary
    assert "green logbook" in summary, summary


async def test_a_note_off_the_topic_adds_no_key_statement(rt: Any) -> None:
    summary = await _summary(rt)
    assert "canteen" not in summary.lower(), summary
