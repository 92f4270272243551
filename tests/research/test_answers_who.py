"""A question asking who is answered by the passage naming a person — in full ("Agreed: Hattie
Brindle is appointed health & safety lead") or by the first name the note gives one surname
("ring Kieran directly") — over passages sharing more of the question's words that name no one
("Gas Safety Lead approves capping"): capitalised words one of which is no English word are a
name; "Gas Safety Lead", "Rose Hill" are not."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from research_helpers import add_note

from adapters.console import SPACE
from bot.research.evidence import names_a_person

BASE = datetime(2025, 11, 12, tzinfo=UTC)
PROCESS = """# Gas safety

- The gas safety lead approves every capping and signs off the gas safety certificates.
- Injunctions: the gas safety lead signs the witness statement.
"""
MINUTES = """# Repairs team meeting 4 November

1. Voids: 14 void properties, target turnaround 21 days.
2. Gas: Derek retires on 28 November; Nadia Kowalczyk is gas safety lead from 1 December.
3. Damp and mould: 31 open cases.
"""


async def test_who_ranks_the_passage_naming_a_person_first(local_rt: Any) -> None:
    await add_note(
        local_rt, "gas/gas-safety.md", "Gas safety", PROCESS, space=SPACE, created_at=BASE
    )
    await add_note(
        local_rt, "meetings/2025-11-04.md", "Repairs team meeting", MINUTES, space=SPACE, created_at=BASE
    )
    entries = list(
        (
            await local_rt.knowledge.get_many(
                list((await local_rt.knowledge.by_sources(SPACE)).values()), spaces=[SPACE]
            )
        ).values()
    )
    scorer = local_rt.investigator.recall.answerer.scorer
    ranked = await scorer.passages("who's gas safety lead", entries)
    assert "Kowalczyk" in ranked[0].unit.text, [p.unit.text for p in ranked[:3]]
    # asked what, not who: the naming passage has no bonus
    ranked = await scorer.passages("what does the gas safety lead approve", entries)
    assert ranked[0].typed == 0.0


@pytest.mark.parametrize(
    ("said", "content", "expected"),
    [
        ("Agreed: Hattie Brindle is appointed health & safety lead.", "", True),
        ("Faults: ring Kieran directly first", "Engineer: Kieran Blythe, 07700 900123.", True),
        ("Dafydd Moss has the kit store key.", "", True),
        ("capping: Gas Safety Lead approves", "Gas Safety Lead. Gas Safe registered.", False),
        ("Meet at the Rose Hill site.", "", False),
        ("Ask Sam about it.", "Sam Okafor runs stores. Sam Patel drives.", False),  # which Sam?
        ("Van 3 goes in on Monday.", "Van 3 Ford. Van Gogh print in the office.", False),
    ],
)
def test_a_person_is_named(said: str, content: str, expected: bool) -> None:
    assert names_a_person(said, content) is expected
