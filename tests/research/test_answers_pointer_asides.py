"""An aside saying only what another note holds ("Collection Mon–Fri (time in [[yard-howto]])")
sends the reader there for it: the answer is the other note's line, not the pointer's. The
notes are a garden centre's, written for this test."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated

from adapters.console import SPACE

NOTES = [
    (
        "suppliers/pallet-haulier.md",
        "Haulier — Fenwick Pallets",
        "# Haulier — Fenwick Pallets\n\n- Account FP-2210, invoices monthly to the office.\n"
        "- Collection Mon–Fri (time in [[yard-howto]])\n- Damaged pallets: photos within 48 hours.\n"
        "- Rates: see the 2024 rate card.\n",
        datetime(2024, 1, 10, tzinfo=UTC),
    ),
    (
        "yard/yard-howto.md",
        "Yard — how we run it (Rhys)",
        "# Yard — how we run it\n\n1. Forklift keys on the hook by the till.\n"
        "2. Compost deliveries go to bay 3.\n"
        "3. **Fenwick collect at 3.15pm**, from the back gate. Pallets wrapped and labelled by 3.\n"
        "4. Sweep the yard before close.\n",
        datetime(2024, 2, 2, tzinfo=UTC),
    ),
    (
        "shop/opening-hours.md",
        "Opening hours",
        "Mon–Sat 9am–5.30pm, Sun 10am–4pm. Café closes half an hour earlier.\n",
        datetime(2024, 3, 1, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize(
    "question", ["pallet collection time Fenwick", "What time does Fenwick collect the pallets?"]
)
async def test_an_aside_naming_what_another_note_holds_sends_the_reader_there(
    local_rt: Any, notes: None, question: str
) -> None:
    answer = await ask(local_rt, question)
    lines = bullet_lines(answer)
    assert lines and "3.15pm" in lines[0], answer


def test_only_an_aside_closing_after_the_title_points() -> None:
    from bot.research.citing import points_to

    assert points_to("Collection Mon–Fri (time in Yard — how we run it)", "Yard — how we run it")
    assert points_to("Rates (rates are in the Rate card 2024)", "Rate card 2024")
    # (a place named in an aside that goes on is where something happens, not where to read)
    assert not points_to("Staff party (held in Village hall, 7pm)", "Village hall")
    assert not points_to("Staff party held in Village hall", "Village hall")
