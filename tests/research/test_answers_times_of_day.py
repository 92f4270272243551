"""A time of day with its "pm" is read with it: "5:00pm" is 17:00, not 05:00, when a later
note changes a time and the answer says which one it replaced. The notes are a rowing club's,
written for this test."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated

from adapters.console import SPACE

NOTES = [
    (
        "club/boathouse-locking.md",
        "Boathouse locking",
        "The boathouse is locked at 5:00pm by whoever is last off the water. Keys back in the safe.",
        datetime(2024, 4, 2, tzinfo=UTC),
    ),
    (
        "club/committee-2025-03.md",
        "Committee notes — March 2025",
        "Boathouse locking: from 1 April the boathouse is locked at 7:30pm, after the evening crews. "
        "Last crew off the water locks up.",
        datetime(2025, 3, 11, tzinfo=UTC),
    ),
    (
        "club/erg-room.md",
        "Erg room",
        "Erg room open 06:00 to 21:00. Wipe the handles.",
        datetime(2024, 1, 9, tzinfo=UTC),
    ),
]

NOTES2 = [
    (
        "club/induction.md",
        "Induction sessions",
        "New members' induction: Tuesdays 7:00am in the boathouse, with the captain.",
        datetime(2024, 4, 2, tzinfo=UTC),
    ),
    (
        "club/induction-2025.md",
        "Induction sessions 2025",
        "New members' induction: Tuesdays 7:00pm in the boathouse, with the captain.",
        datetime(2025, 3, 11, tzinfo=UTC),
    ),
    (
        "club/erg-room.md",
        "Erg room",
        "Erg room open 06:00 to 21:00. Wipe the handles.",
        datetime(2024, 1, 9, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize("question", ["What time is the boathouse locked?", "boathouse locking time"])
async def test_the_time_replaced_is_quoted_with_its_pm(local_rt: Any, notes: None, question: str) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "7:30pm" in lines[0], lines
    assert "17:00" in lines[0] or "5:00pm" in lines[0], lines
    assert "05:00" not in "\n".join(lines), lines


@pytest.fixture
async def notes2(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES2, SPACE)


@pytest.mark.parametrize("question", ["when is induction for new members?", "induction time"])
async def test_am_and_pm_are_other_times(local_rt: Any, notes2: None, question: str) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "7:00pm" in lines[0], lines


def test_a_time_with_its_pm_is_one_time() -> None:
    from bot.research.supersession import _said

    assert _said("Bar opens 5:00pm till late, 8:00 am on regatta days.").amounts["time"] == "17:00"
