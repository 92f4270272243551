"""A month or a day written short ("3 Nov", "Sat: 10:00 - 18:00", a rota's "SAT" column) is
the month or the day a question types in full, and the other way round (the ferry's and the
vineyard's vaults, bench/sealed/, showed it: the incident note of "the 14:10 … on 3 Nov" was
judged the least relevant note to "why was the 14:10 cancelled on 3 November?" because
another note wrote "November"; the shop's "Sat" row lost to a page that said "Saturday").
A short form typed in lower case is a word ("we sat down", "the sun").

The notes here are written for these tests (a village bus service's), not copied from those
vaults."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE
from bot.research.evidence import _other_forms

BASE = datetime(2026, 3, 1, tzinfo=UTC)
NOTES = {
    "incidents/2025-11-03-door.md": (
        "Incident — bus 2 door fault",
        "At 07:40 on 3 Nov the rear door of bus 2 would not close at the depot. The 08:05 to "
        "Elmbridge was cancelled. Cause: a split air line to the door ram; replaced the same day.",
    ),
    "meetings/2025-12-board.md": (
        "Board meeting December",
        "November was a poor month: three cancellations and one complaint about the timetable.",
    ),
    "timetable/office-hours.md": (
        "Office hours",
        "| Day | Open |\n|---|---|\n| Mon - Fri | 09:00 - 17:00 |\n| Sat | 09:30 - 12:00 |\n| Sun | closed |",
    ),
    "timetable/saturday-service.md": (
        "Saturday service",
        "On Saturday the market bus runs every hour from the square; drivers sat the refresher course.",
    ),
}


async def _put(rt: Any) -> dict[str, str]:
    ids = {}
    for k, (source, (title, content)) in enumerate(NOTES.items()):
        ids[source] = await add_note(
            rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k)
        )
    return ids


@pytest.fixture
async def notes(rt: Any) -> dict[str, str]:
    return await _put(rt)


@pytest.fixture
async def local_notes(local_rt: Any) -> dict[str, str]:
    return await _put(local_rt)


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        ("Day: Sat; Open: 09:30 - 12:00", {"saturday"}),
        ("MON-FRI: Kenny; SAT: Rab", {"monday", "friday", "saturday"}),
        ("on 3 Nov the door failed", {"november"}),
        ("November was a poor month", {"nov"}),
        ("we sat in the sun in mar", set()),  # words, not short forms
    ],
)
def test_the_other_forms_a_text_writes(text: str, forms: set[str]) -> None:
    assert _other_forms(text) == forms


async def test_a_note_writing_the_month_short_covers_the_month_typed(rt: Any, notes: dict[str, str]) -> None:
    lexical = rt.retriever.lexical
    await lexical.refresh(force=True)
    door, board = notes["incidents/2025-11-03-door.md"], notes["meetings/2025-12-board.md"]
    full = lexical.coverage("why was the 08:05 cancelled on 3 November", [door, board])
    assert full[door] == pytest.approx(1.0), full
    short = lexical.coverage("nov cancelled", [door, board])
    assert short[door] == pytest.approx(1.0) and short[board] == pytest.approx(1.0), short


async def test_the_incident_of_the_day_answers_why(local_rt: Any, local_notes: dict[str, str]) -> None:
    text = await ask(local_rt, "Why was the 08:05 cancelled on 3 November?")
    assert "Elmbridge" in text and "poor month" not in text, text


async def test_a_day_written_short_in_a_table_answers_for_the_day(
    local_rt: Any, local_notes: dict[str, str]
) -> None:
    lines = bullet_lines(await ask(local_rt, "what time is the office open on saturday?"))
    assert lines and "09:30" in lines[0], lines


async def test_a_word_clipped_as_a_chat_types_it_is_the_word(rt: Any) -> None:
    """ "how many custs on the hill route" of "Customers on the hill route: 47" (the wireless
    vault's miss, thirty-sixth session); "temp" of "temperature", "ppl" of "people"."""
    route = await add_note(
        rt,
        "routes/hill.md",
        "Hill route",
        "Customers on the hill route: 47, from the March count.",
        space=SPACE,
        created_at=BASE,
    )
    store = await add_note(
        rt,
        "stores/cold.md",
        "Cold store",
        "Cold store temperature is kept at 3°C; four people hold keys.",
        space=SPACE,
        created_at=BASE,
    )
    lexical = rt.retriever.lexical
    await lexical.refresh(force=True)
    assert lexical.coverage("custs hill route", [route])[route] == pytest.approx(1.0)
    assert lexical.coverage("cold store temp ppl", [store])[store] == pytest.approx(1.0)
