"""A person a note names in full once ("**Steph Rourke** - Rourke Gas & Marine") and by first
name after ("ring Steph straight away") is named in full in the answer quoting the later line:
"ring Steph [Rourke] straight away". Only a name the note gives one surname; never a surname
read as a first name ("Rourke Gas & Marine"), a name given in full already, or a month."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from research_helpers import add_note, ask

from adapters.console import SPACE
from bot.research.evidence import _surnamed

BASE = datetime(2024, 1, 12, tzinfo=UTC)
GAS = """# Gas engineer

**Steph Rourke** - Rourke Gas & Marine. Gas Safe registered (LPG, boats).

- Annual gas safety checks on all 14 hire boats, booked for March.
- Call-outs: gas smell on a hire boat = ring Steph straight away, boat off hire until she's checked it.
"""


async def test_a_first_name_is_given_the_surname_its_note_names(rt: Any) -> None:
    await add_note(rt, "admin/gas-engineer.md", "Gas engineer", GAS, space=SPACE, created_at=BASE)
    await add_note(rt, "admin/rota.md", "Rota", "Weekend rota: Maggie and Tom.", space=SPACE, created_at=BASE)
    text = await ask(rt, "who do we ring about a gas smell on a hire boat")
    assert "ring Steph [Rourke] straight away" in text, text


@pytest.mark.parametrize(
    ("said", "content", "expected"),
    [
        (
            "Steph Rourke does the checks. Steph also services.",
            GAS,
            "Steph Rourke does the checks. Steph also services.",
        ),
        ("Rourke did the March checks.", GAS, "Rourke did the March checks."),
        (
            "Meeting on Monday with Janet.",
            "Monday March. Janet Orr (yard).",
            "Meeting on Monday with Janet [Orr].",
        ),
        # two surnames for one first name: which is meant is unsure
        ("Ask Sam.", "Sam Okafor runs stores. Sam Patel drives.", "Ask Sam."),
        ("Annual Gas checks.", "Gas Safe registered. Gas Safety week.", "Annual Gas checks."),
        # a word the note numbers, a link's title: no person
        (
            "Van 3 is the wrap van.",
            "Van 3 is the wrap van. Checks on [[Van Checklist v2]].",
            "Van 3 is the wrap van.",
        ),
        ("Ask Van about it.", "Van 2 is off. See [[Van Checklist]].", "Ask Van about it."),
    ],
)
def test_only_one_surname_of_a_first_name_is_added(said: str, content: str, expected: str) -> None:
    assert _surnamed(said, content) == expected
