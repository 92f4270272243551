"""A report topic that lists what to cover ("…: timeline, refunds, member complaints") is
answered part by part in the extractive summary: each listed part gets the passage that
best says it, under its own line, when the usual lines (what happened, why, impact, outcome,
who decided) did not already say it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from research_helpers import add_note

from adapters.console import SPACE
from bot.research.digest import asked_parts
from bot.research.report import render_report

BASE = datetime(2025, 5, 1, tzinfo=UTC)

CLOSURE = """\
The main pool at Brookside closed on 12 May 2025 when a filter pump seized.

- The Brookside pool closure in May 2025 was posted on the website and at the pool door.
- During the Brookside pool closure the pool hall lights were serviced as well.
- The Brookside pool closure in May 2025 put the pool's swim timetable on hold.
- The Brookside pool closure signs stayed up until the pool was tested in May 2025.
- The pool reopened on 30 May 2025 after the pump was replaced.
- Members got a 25% credit on their fee, £3,140 in total, as refunds.
- Swim school lessons moved to the Parkway pool for two weeks.
"""

COMPLAINT = """\
The Otterbrook Masters swim club made a complaint: nobody told them about the closure
before their Tuesday session; they asked for a written apology, which Ana sent on 16 May.
"""


def test_asked_parts_reads_a_subject_and_its_list() -> None:
    assert asked_parts("The pool closure at Brookside: timeline, refunds and member complaints.") == (
        "The pool closure at Brookside",
        ["refunds", "member complaints"],  # "timeline" is a line the summary has already
    )
    assert asked_parts("the Brookside pool closure in May 2025") == (
        "the Brookside pool closure in May 2025",
        [],
    )
    assert asked_parts("Incident: the outage on 3 May") == ("Incident: the outage on 3 May", [])


async def test_each_part_the_topic_lists_is_said_in_the_summary(rt: Any) -> None:
    notes = [
        ("incidents/pool-closure.md", "Brookside pool closure May 2025", CLOSURE),
        ("customers/otterbrook-complaint.md", "Otterbrook Masters complaint", COMPLAINT),
        ("notes/gym.md", "Gym floor", "The gym floor opens at 06:00 on weekdays."),
        ("notes/parking.md", "Parking", "Members park at the front of the building."),
        ("notes/classes.md", "Classes", "Spin classes run on Tuesday and Thursday evenings."),
    ]
    for k, (source, title, content) in enumerate(notes):
        await add_note(rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=15 + k))
    topic = "The Brookside pool closure in May 2025: refunds, and the swim club complaint"
    dossier = await rt.investigator.run(topic, space=SPACE)
    report = render_report(dossier, await rt.synthesizer.synthesize(dossier, []))
    summary = report.split("## Context Summary", 1)[1].split("\n---", 1)[0]
    assert "£3,140" in summary, summary
    assert "Otterbrook Masters" in summary, summary
