"""A quick answer cites the notes that answer: a note beside the best one only when it adds
what the best one's passages lack (a word of the question, the kind of thing asked for, a
change), never one that only restates the subject around the answer."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from research_helpers import add_note, ask

from adapters.console import SPACE

BASE = datetime(2025, 10, 6, tzinfo=UTC)
NOTES = {
    "winter-timetable.md": (
        "Skerrin ferry winter timetable",
        "The last ferry to Skerrin leaves the harbour at 18:40 on weekdays. "
        "On Sundays the last ferry to Skerrin sails at 17:15.",
    ),
    "harbour-board.md": (
        "Harbour noticeboard",
        "Weekdays: the last ferry to Skerrin leaves from berth 2 of the harbour. "
        "Skerrin ferry passengers queue by the ticket hut.",
    ),
    "ferry-fares.md": (
        "Skerrin ferry fares",
        "A single fare on the Skerrin ferry is 6 pounds; bicycles travel free.",
    ),
}


@pytest.fixture
async def ferry_rt(tmp_path: Any) -> AsyncIterator[tuple[Any, dict[str, str]]]:
    """The shipped local embedder: by meaning, the noticeboard is close to the answer."""
    from bot.config import load_settings
    from bot.runtime import Runtime

    settings = load_settings(data_dir=tmp_path / "data", llm_provider="offline", embedder="local")
    async with Runtime.open(settings) as rt:
        ids = {}
        for k, (source, (title, content)) in enumerate(NOTES.items()):
            ids[source] = await add_note(
                rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k)
            )
        if rt.semantic is not None:  # as ingest does
            await rt.semantic.embed_entries(
                list((await rt.knowledge.get_many(list(ids.values()), spaces=[SPACE])).values())
            )
        yield rt, ids


def cited(text: str) -> set[str]:
    return set(re.findall(r"\[Entry ([0-9a-f]{8})\]", text))


async def test_a_note_restating_the_subject_is_not_cited_beside_the_answer(
    ferry_rt: tuple[Any, dict[str, str]],
) -> None:
    rt, ferry = ferry_rt
    text = await ask(rt, "last ferry to skerrin on weekdays")
    assert "18:40" in text
    assert cited(text) == {ferry["winter-timetable.md"][:8]}


async def test_a_note_adding_what_the_question_asks_and_the_best_lacks_is_cited(
    ferry_rt: tuple[Any, dict[str, str]],
) -> None:
    rt, ferry = ferry_rt
    text = await ask(rt, "last ferry to skerrin on weekdays and the single fare")
    assert "18:40" in text and "6 pounds" in text
    assert {ferry["winter-timetable.md"][:8], ferry["ferry-fares.md"][:8]} <= cited(text)
