"""A question that names a calendar day asks about the record of that day: "what was the
medication error on 14 May?" was answered from the incident note that says it was "added to
the medication error log", not from the log's row dated 2024-05-14 (the home-care vault, read
in the thirty-seventh session; a dozen such questions over the fifty-two answer sets). The notes
here are a swimming pool's plant room, written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated

from adapters.console import SPACE
from bot.research.days import days_named, states_a_day

PLANT_LOG = (
    "Kept by the duty plant operator. Every fault, every dosing change.\n\n"
    "| Date | Plant | What happened | Action |\n|---|---|---|---|\n"
    "| 2024-03-02 | Main pool | Chlorine read 0.6, below range | Dosing pump primed, retest ok |\n"
    "| 2024-04-19 | Learner pool | pH drifting to 7.8 | CO2 bottle changed |\n"
    "| 2024-05-14 | Main pool | Circulation pump tripped twice in the morning session, pool closed 40 min | "
    "Hartley Pumps called out, impeller cleared of a swimming cap |\n"
    "| 2024-06-03 | Spa | Heater fault code E4 | Reset, logged with Aquaheat |\n"
)

NOTES = [
    ("plant/plant-room-log-2024.md", "Plant room log 2024", PLANT_LOG, datetime(2024, 6, 30, tzinfo=UTC)),
    (
        "incidents/main-pool-closure-june.md",
        "Main pool closure — 3 June 2024",
        "What happened: the main pool closed for the lunchtime session after the circulation pump "
        "alarm sounded again and the duty manager could not reach the plant operator.\n\n"
        "Why it happened: the on-call phone was left in the office over the weekend.\n\n"
        "Actions: added to the plant room log 2024; the on-call phone now goes home with the "
        "duty operator.",
        datetime(2024, 6, 4, tzinfo=UTC),
    ),
    (
        "plant/circulation-pumps.md",
        "Circulation pumps",
        "Two pumps, duty and standby, swapped every Monday. Service by Hartley Pumps each spring. "
        "If a pump trips twice in a session, close the pool and call Hartley.",
        datetime(2024, 1, 10, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize(
    "question",
    ["What went wrong with the main pool pump on 14 May?", "main pool pump fault 14th may"],
)
async def test_the_record_of_the_day_named_answers(local_rt: Any, notes: None, question: str) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "swimming cap" in lines[0], lines


def test_a_day_is_read_as_people_type_it_and_found_as_notes_write_it() -> None:
    assert days_named("what happend on the 14th of may") == ((14, 5),)
    assert days_named("the march 12 collection, and 3 Nov") == ((3, 11), (12, 3))
    # a year, a time, a runway or a ratio names no day
    assert days_named("runway 15/33 in Jan 2024, may 10:30, 24/7 cover") == ()
    day = days_named("14 May")
    for written in ("| 2024-05-14 |", "14/05/24", "on 14.5. we", "May 14th", "14 may"):
        assert states_a_day(written, day), written
    for other in ("114/05", "2024-05-141", "24/05", "14/050", "4 May"):
        assert not states_a_day(other, day), other
