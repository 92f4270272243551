"""A question asking who is answered by the passage naming a person — in full ("Agreed: Hattie
Brindle is appointed health & safety lead") or by the first name the note gives one surname
("ring Kieran directly") — over passages sharing more of the question's words that name no one
("Gas Safety Lead approves capping"): capitalised words one of which is no English word are a
name; "Gas Safety Lead", "Rose Hill" are not."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import add_note, ask, write_notes

from adapters.console import SPACE
from bot.research.evidence import PLAIN_KIND_BONUS, names_a_person

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


async def test_who_ranks_up_the_passage_naming_a_person(local_rt: Any) -> None:
    await add_note(local_rt, "gas/gas-safety.md", "Gas safety", PROCESS, space=SPACE, created_at=BASE)
    await add_note(
        local_rt, "meetings/2025-11-04.md", "Repairs team meeting", MINUTES, space=SPACE, created_at=BASE
    )
    ids = list((await local_rt.knowledge.by_sources(SPACE)).values())
    entries = list((await local_rt.knowledge.get_many(ids, spaces=[SPACE])).values())
    scorer = local_rt.investigator.recall.answerer.scorer
    typed = {p.unit.text: p.typed for p in await scorer.passages("who's gas safety lead", entries)}
    naming = next(t for t in typed if "Kowalczyk" in t)
    assert typed[naming] == PLAIN_KIND_BONUS
    assert all(v == 0.0 for t, v in typed.items() if t != naming)  # "the gas safety lead" names no one
    # asked what, not who: no passage is ranked up for a name
    typed = {
        p.unit.text: p.typed for p in await scorer.passages("what does the gas safety lead approve", entries)
    }
    assert not any(typed.values())


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


ROLES = """# Role holders 2026

| Role | Name | Phone | Notes |
| --- | --- | --- | --- |
| Team Leader | Gethin Rowe | 07700 900201 | from AGM 2026 |
| Team Doctor | Dr Aled Penhallow | 07700 900311 | see Team doctor |
| Medical Officer | Alys Brennan | 07700 900202 | |
"""
DOCTOR = """# Team doctor

Dr Aled Penhallow — GP in Carrow, team doctor since 2021.
He signs off our drug list.
Medical officer (day to day): Alys Brennan, see Role holders 2026.
Not for personal medical questions please!
"""


async def test_a_row_naming_the_person_asked_is_stated_though_it_points_to_another_note(
    local_rt: Any, tmp_path: Path
) -> None:
    write_notes(
        tmp_path / "vault",
        {
            "people/role-holders-2026.md": ROLES,
            "medical/team-doctor.md": DOCTOR,
            "kit/radios.md": "# Radios\n\n12 handsets, charged in the base. Channel 2 for the hill.\n",
            "callouts/log-2025.md": "# Callouts 2025\n\n87 callouts. Busiest month August (14).\n",
            "base/keys.md": "# Base keys\n\nKey safe by the side door, code from the team leader.\n",
        },
    )
    await local_rt.ingest(tmp_path / "vault", space=SPACE)
    text = await ask(local_rt, "Who is the team doctor and how can they be contacted?")
    assert "Penhallow" in text and "900311" in text, text
