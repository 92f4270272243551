"""A question asking why is answered first by the cause the answering note sets out under its
label ("Cause: …", "Root cause — …"): the line shares few of the question's words, and the
lines around it ("The 08:05 to Elmbridge was cancelled.") outranked it, or it scored below the
floor and was never said (last session's opticians vault: "Cause:" at 0.81 under a line at
1.13; this session's bus incident below). A note that sets out no labelled cause, and a
question that does not ask why, are answered as before.

The notes here are written for these tests (a school kitchen's and a bus service's)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE

BASE = datetime(2026, 3, 1, tzinfo=UTC)
NOTES = {
    "incidents/2025-11-03-door.md": (
        "Incident — bus 2 door fault",
        "At 07:40 on 3 Nov the rear door of bus 2 would not close at the depot. The 08:05 to "
        "Elmbridge was cancelled.\n\nCause: a split air line to the door ram; replaced the same day.",
    ),
    "kitchen/freezer-2026-01.md": (
        "Freezer 2 alarm — January",
        "The freezer 2 alarm went off at 06:10 on 14 January and the stock was moved to freezer 1.\n\n"
        "Root cause — the door seal had split at the hinge side.\n\nStock thrown away: £140.",
    ),
    "kitchen/oven-2026-02.md": (
        "Combi oven fault — February",
        "The combi oven stopped mid-service on 3 February; lunch was sandwiches and soup. "
        "The engineer came the next day and replaced the steam generator's probe.",
    ),
}


@pytest.fixture
async def notes(local_rt: Any) -> None:
    for k, (source, (title, content)) in enumerate(NOTES.items()):
        await add_note(local_rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k))


@pytest.mark.parametrize(
    ("question", "cause"),
    [
        ("Why was the 08:05 cancelled on 3 November?", "split air line"),
        ("why did the freezer 2 alarm go off in january", "door seal"),
        ("what caused the freezer 2 alarm?", "door seal"),
    ],
)
async def test_the_labelled_cause_answers_why_first(
    local_rt: Any, notes: None, question: str, cause: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and cause in lines[0], lines


async def test_a_question_not_asking_why_is_answered_as_before(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "how much stock did we throw away from freezer 2?"))
    assert lines and "£140" in lines[0], lines


async def test_a_note_without_a_labelled_cause_is_answered_as_before(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "why did the combi oven stop in february?"))
    assert lines and "combi oven" in lines[0].lower(), lines
