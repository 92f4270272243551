"""The answer is the kind of thing asked for: a table row read as an answer (header and
row), an amount for "how many", a person for "who", a cause for "why"."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from research_helpers import add_note, ask

from adapters.console import SPACE

BASE = datetime(2025, 11, 3, tzinfo=UTC)

CABLING = """\
# Site cabling standard

Every run is labelled at both ends with the rack and port. Keep data cable at least 30 cm away
from power cable, and never run it through a lift shaft. Test every run after it is terminated.

| Run length | Cable | Termination |
|---|---|---|
| up to 50 m | Cat6A U/FTP | RJ45 keystone |
| over 50 m | OM4 multimode fibre | LC duplex |

Runs between buildings are always fibre, whatever their length.
"""

OUTAGE = """\
# Checkout outage, 9 October

The checkout service was down for 47 minutes on 9 October, from 14:02 to 14:49.

The outage happened because the payment gateway certificate expired overnight and nobody was paged.

We lost about 1,350 orders during the outage, most of them from returning customers.

Ravi Menon decided to move certificate renewal to the platform team's calendar.
"""


@pytest.fixture(params=["none", "local"])
async def kinds_rt(request: pytest.FixtureRequest, tmp_path: Any) -> AsyncIterator[Any]:
    """Without an embedder, and with the shipped local one (meaning decides more there)."""
    from bot.config import load_settings
    from bot.runtime import Runtime

    settings = load_settings(data_dir=tmp_path / "data", llm_provider="offline", embedder=request.param)
    async with Runtime.open(settings) as rt:
        ids = [
            await add_note(rt, "cabling.md", "Site cabling standard", CABLING, space=SPACE, created_at=BASE),
            await add_note(
                rt, "outage.md", "Checkout outage", OUTAGE, space=SPACE, created_at=BASE + timedelta(days=1)
            ),
        ]
        if rt.semantic is not None:  # as ingest does
            await rt.semantic.embed_entries(list((await rt.knowledge.get_many(ids, spaces=[SPACE])).values()))
        yield rt


def _first(text: str) -> str:
    return next((line for line in text.splitlines() if line.startswith("- ")), "")


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("which cable for runs over 50 m?", "OM4 multimode fibre"),
        ("how many orders did we lose in the checkout outage?", "1,350 orders"),
        ("why did the checkout outage happen?", "certificate expired"),
        ("how long was the checkout outage?", "47 minutes"),
        ("who decided about certificate renewal after the checkout outage?", "Ravi Menon"),
        # typed as chat spells the question word, or as keywords naming the kind asked
        ("hw many orders did we lose in the checkout outage", "1,350 orders"),
        ("y did the checkout outage happen", "certificate expired"),
        ("checkout outage cause", "certificate expired"),
        ("checkout outage orders lost number", "1,350 orders"),
        ("certificate renewal checkout outage decision name", "Ravi Menon"),
    ],
)
async def test_the_first_line_of_the_answer_is_the_kind_asked_for(
    kinds_rt: Any, question: str, want: str
) -> None:
    text = await ask(kinds_rt, question)
    assert want in _first(text), text


CRANE = """\
# Yard crane derating

The yard crane is derated to 8 t from March because the slew ring bearing showed wear at the
ten-year inspection. Bookings go through Priya Shah on the shared calendar as before.
"""

CRANE_MEETING = """\
# Yard meeting March

Forklift daily checks to go on the new sheet. Yard crane derating: stays until the insurer's
engineer has been again. Canteen microwave replaced.
"""

OTHERS = {
    "forklifts": "Two forklifts, both gas. Daily checks on the sheet by the charging bay; Tom signs them off.",
    "gatehouse": "The gatehouse opens at 06:00. Visitors sign in and get a hi-vis; drivers stay with their cab.",
    "canteen": "Canteen hours 07:30 to 14:00. The microwave is being replaced after the fuse blew.",
}


@asynccontextmanager
async def _yard(tmp_path: Any, notes: dict[str, tuple[str, str, datetime]]) -> AsyncIterator[Any]:
    """A runtime with the shipped embedder over ``notes`` (file → title, text, date) and the
    yard's other notes, embedded as ingest does."""
    from bot.config import load_settings
    from bot.runtime import Runtime

    settings = load_settings(data_dir=tmp_path / "data", llm_provider="offline", embedder="local")
    async with Runtime.open(settings) as rt:
        every = {**notes, **{f"{name}.md": (name.capitalize(), body, BASE) for name, body in OTHERS.items()}}
        ids = [
            await add_note(rt, source, title, text, space=SPACE, created_at=when)
            for source, (title, text, when) in every.items()
        ]
        assert rt.semantic is not None
        await rt.semantic.embed_entries(list((await rt.knowledge.get_many(ids, spaces=[SPACE])).values()))
        yield rt


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("yard crane derating reason", "slew ring bearing"),
        ("y was the yard crane derated", "slew ring bearing"),
        ("yard crane derating cause", "slew ring bearing"),
        ("hw much is the yard crane derated to", "8 t"),
        ("yard crane derating limit", "8 t"),
    ],
)
async def test_keywords_naming_the_kind_asked_cite_only_the_note_stating_it(
    tmp_path: Any, question: str, want: str
) -> None:
    # the meeting shares the question's words and states no reason: the word naming what is
    # asked ("reason"), or "why" typed as "y", leaves it uncited beside the note stating it
    notes = {
        "crane.md": ("Yard crane derating", CRANE, BASE),
        "meeting.md": ("Yard meeting March", CRANE_MEETING, BASE + timedelta(days=1)),
    }
    async with _yard(tmp_path, notes) as rt:
        text = await ask(rt, question)
    assert want in text, text
    assert "(Yard meeting March)" not in text, text


LORRY = """\
# Lorry 2

Lorry 2 HIAB LOLER inspections are booked with Crane Check Ltd when they fall due; the certificate
is kept in the cab and a copy goes in the office folder.

HIAB last examined 12 September 2025, next 11 March 2026.
"""


@pytest.mark.parametrize(
    ("question", "ranked_up"),
    [
        ("lorry 2 HIAB LOLER due date", True),
        ("wen is the lorry 2 HIAB LOLER due", True),
        ("whens lorry 2 HIAB LOLER", True),
        ("lorry 2 HIAB LOLER certificate", False),
    ],
)
async def test_keywords_asking_a_date_rank_up_the_line_stating_a_day(
    tmp_path: Any, question: str, ranked_up: bool
) -> None:
    # the word "date" (or "when" typed "wen", "whens") asks for a day: the line stating one is
    # ranked up as for "when"; a question asking no day ranks it by its words alone
    async with _yard(tmp_path, {"lorry-2.md": ("Lorry 2", LORRY, BASE)}) as rt:
        evidence = await rt.investigator.recall.evidence(question, space=SPACE)
        text = await ask(rt, question)
    day = next(p for p in evidence.ranked if "11 March 2026" in p.unit.text)
    assert (day.typed > 0) is ranked_up, [(p.unit.text, p.typed) for p in evidence.ranked]
    if ranked_up:
        assert "11 March 2026" in _first(text), text
