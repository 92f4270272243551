"""What a model is given for a quick answer: the notes the extractive answer cites, then a
note or two more of the relevant ones, each as its best passages only (the fact the
extractive cut leaves out, for a model that reads a paragraph more at little cost)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from research_helpers import add_note, ask

from adapters.console import SPACE

BASE = datetime(2026, 4, 1, tzinfo=UTC)

NOTES = [
    (
        "yard/crane.md",
        "Boatyard crane",
        "The boatyard crane lifts boats up to 12 tonnes. Crane lifts are booked with the yard office "
        "two weeks ahead.\n\nLifts run on Tuesdays and Saturdays.",
    ),
    (
        "yard/crane-charges.md",
        "Crane charges",
        "Crane lift charges for members: £95 a lift in and out. Non-members pay £140.\n\n"
        "The yard office invoices after the lift.",
    ),
    (
        "club/bar.md",
        "Bar rota",
        "The bar opens at 18:00 on race evenings. Volunteers sign up on the board by the door.",
    ),
]


async def test_the_model_is_given_a_relevant_note_more_than_the_extractive_answer_cites(
    tmp_path: Any,
) -> None:
    from fake_anthropic import job_of
    from research_helpers import runtime_on_the_model

    async with runtime_on_the_model(tmp_path) as (rt, fake):
        ids = {
            source: await add_note(
                rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k)
            )
            for k, (source, title, content) in enumerate(NOTES)
        }
        await ask(rt, "crane lift booking")
        sent = [
            " ".join(str(m["content"]) for m in r["messages"])
            for r in fake.requests
            if job_of(r, deep_model="claude-opus-4-8") == "quick"
        ]
        assert sent, "no quick-answer request"
        given = re.findall(r'<entry-[0-9a-f]+ id="([0-9a-f]{8})', sent[-1])
        assert given[:1] == [ids["yard/crane.md"][:8]]
        assert ids["yard/crane-charges.md"][:8] in given
        assert ids["club/bar.md"][:8] not in given
        assert (
            "£95 a lift" in sent[-1]
            and "The note:" not in sent[-1].split(ids["yard/crane-charges.md"][:8])[1]
        )
