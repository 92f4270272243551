"""A report over several notes says what each adds: the extractive summary's usual lines
(what happened, why, impact, outcome, who decided) draw on a few entries, and each other
entry read gets a line with its passage that best says the topic — a figure first — so a
fee in the price list and a count in the minutes are not left out."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from research_helpers import offline_summary

from adapters.console import SPACE

BASE = datetime(2025, 3, 1, tzinfo=UTC)

MAIN = """\
The harbour ferry winter timetable was cut back because winter passenger numbers on the harbour ferry fell.
The harbour ferry winter timetable change affected commuters from Eastquay on the harbour ferry.
Decided at the harbour board: the harbour ferry winter timetable now starts in October.
The harbour ferry winter timetable was agreed by Nora Quist at the harbour board.
The harbour ferry winter timetable is printed at the quay for the harbour ferry.
The harbour ferry winter timetable is posted online with the harbour ferry news.
The harbour ferry winter timetable result: fewer empty harbour ferry crossings.
"""

NOTES = [
    ("ferry/winter-timetable.md", "Harbour ferry winter timetable", MAIN),
    ("ferry/fares.md", "Harbour ferry fares", "The harbour ferry adult single fare is £4.20 all winter.\n"),
    ("ferry/crew.md", "Harbour ferry crew", "The harbour ferry sails with a crew of 3 in winter.\n"),
    ("notes/canteen.md", "Canteen", "The canteen opens at 07:30 on weekdays."),
    ("notes/parking.md", "Parking", "Staff park behind the ticket office."),
]


async def _summary(rt: Any, notes: list[tuple[str, str, str]]) -> str:
    """The Context Summary of the offline report on the ferry timetable over ``notes``."""
    topic = "the harbour ferry winter timetable, fares and crew"
    return await offline_summary(rt, notes, topic, space=SPACE, first=BASE)


async def test_each_note_read_adds_its_line_to_the_summary(rt: Any) -> None:
    summary = await _summary(rt, NOTES)
    for figure in ("£4.20", "crew of 3"):
        assert figure in summary, summary
    assert "canteen" not in summary.lower(), summary


async def test_a_lead_in_ending_in_a_colon_is_not_a_summary_line(rt: Any) -> None:
    """A line that only introduces a list ("After the harbour ferry winter timetable change:")
    says nothing by itself: the summary takes the note's line that says something, or none
    (the line read with its list says what the list says)."""
    lead_in = (
        "notes/after.md",
        "After the change",
        "After the harbour ferry winter timetable change:\n\n- the harbour ferry office moved upstairs\n",
    )
    summary = await _summary(rt, [*NOTES, lead_in])
    assert "timetable change: —" not in summary, summary
    lines = [line for line in summary.splitlines() if "timetable change:" in line]
    assert all("office moved upstairs" in line for line in lines), summary


async def test_what_each_other_note_adds_is_a_list_a_line_a_note(rt: Any) -> None:
    summary = await _summary(rt, NOTES)
    lines = summary.splitlines()
    listed = lines[lines.index("**Also in the notes.**") + 1 :]
    assert any(line.startswith("- ") and "crew of 3" in line for line in listed), summary
