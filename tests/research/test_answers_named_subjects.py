"""What the farrier's and the field unit's vaults showed in the forty-eighth session (written
blind in the forty-seventh, read after their scoring): a bold item name before a dash heads
the items under it; "who's in charge at …" asks for a person, not for charges; a note whose
opening line names the person asked about is about them in every line; a report on a subject
lists the few notes naming what its best passage names, though they share no other word.

The notes are a kitchen's and a dairy round's, written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated, report_on

from adapters.console import SPACE
from bot.research.evidence import units
from bot.text.terms import focus

STORES = (
    "# Kitchen stores\n\n"
    "**1. Dry store** (flour, rice, tins)\n"
    "- Keep below 20 °C.\n- Date every opened sack.\n\n"
    '**2. Cold room ("the walk-in")** – meat, dairy, anything waiting for prep\n'
    "- Target: 3 °C or below. Alarm at 5 °C.\n- Raw below cooked, always.\n"
)

NOTES = [
    ("kitchen/stores.md", "Kitchen stores", STORES.split("\n", 2)[2], datetime(2024, 3, 1, tzinfo=UTC)),
    (
        "suppliers/ashby-farm.md",
        "Ashby Farm",
        "Ashby Farm – eggs and milk, twice a week.\n\nFarm manager: Morwenna Tregaskis, 07700 900123. Morwenna runs "
        "the farm day to day; the owner is abroad.",
        datetime(2024, 2, 1, tzinfo=UTC),
    ),
    (
        "office/charges-erratum.md",
        "ERRATUM – delivery charges letter",
        "The letter of 3 June gave the wrong delivery charges. Delivery over 10 miles: £12, not £15.\n\n"
        "Emailed to every supplier on 5 June. Ashby Farm rang to check.",
        datetime(2024, 6, 5, tzinfo=UTC),
    ),
    (
        "safety/incident-slip.md",
        "Incident report – slip in the walk-in, 9 May 2024",
        "Who: Tobias Ortiz, commis chef. Where: the walk-in cold room. When: 9 May 2024, 10:40.\n\n"
        "## What happened\nTobias slipped on the floor carrying a tray of stock and hurt a wrist.\n\n"
        "## Causes\n1. The floor drain was blocked, so meltwater from the evaporator pooled by the door.\n"
        "2. No anti-slip mat inside the door.\n3. Clogs worn smooth.\n",
        datetime(2024, 5, 9, tzinfo=UTC),
    ),
    (
        "kitchen/rota.md",
        "Kitchen rota – May",
        "Tobias Ortiz: Tue–Sat, lates.\n\nDee Haines: Mon–Fri, earlies.\n\nTobias to cover the Sunday brunch on the 19th.",
        datetime(2024, 5, 1, tzinfo=UTC),
    ),
    (
        "kitchen/training.md",
        "Training log",
        "Tobias Ortiz passed food hygiene level 2 in April.\n\nDee Haines booked on the allergen course.",
        datetime(2024, 4, 20, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


def test_a_bold_item_name_before_a_dash_heads_the_items_under_it() -> None:
    cut = {u.text: u.section for u in units(STORES)}
    assert cut["Target: 3 °C or below. Alarm at 5 °C."] == '2. Cold room ("the walk-in")', cut
    assert cut["Keep below 20 °C."].startswith("1. Dry store"), cut


def test_in_charge_asks_for_a_person_not_for_charges() -> None:
    assert "charge" not in focus("whos in charge at Ashby").lower()
    assert "charges" in focus("what are the delivery charges").lower()


@pytest.mark.parametrize("question", ["whos in charge at ashby", "who's in charge at Ashby?"])
async def test_who_is_in_charge_names_the_manager(local_rt: Any, notes: None, question: str) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "Morwenna" in lines[0], lines


@pytest.mark.parametrize("question", ["Why did Tobias slip in the walk-in?", "cause of Tobias's slip"])
async def test_a_note_opening_on_the_person_asked_about_answers_in_lines_not_naming_them(
    local_rt: Any, notes: None, question: str
) -> None:
    text = "\n".join(bullet_lines(await ask(local_rt, question)))
    assert "drain was blocked" in text, text


DAIRY_ROUND = {
    "accounts/hilltop.md": (
        "---\ntitle: Hilltop Dairy account\ndate: 2024-06-01\n---\n"
        "Hilltop Dairy – always pays late, owes again. Late payers go on stop after 60 days.\n"
        "Late payment: Hilltop Dairy on stop until the account is cleared.\n"
    ),
    "meetings/2024-03.md": (
        "---\ntitle: Round meeting March 2024\ndate: 2024-03-04\n---\n"
        "1. New van tyres fitted.\n2. Hilltop Dairy late again, still owes £1,140 for December to February. Jo to ring them.\n"
        "3. Christmas rota agreed.\n"
    ),
    "meetings/2024-04.md": (
        "---\ntitle: Round meeting April 2024\ndate: 2024-04-08\n---\n"
        "1. Milk float battery replaced.\n2. DECISION: letter before action to Hilltop Dairy, 14 days to pay.\n"
    ),
    "office/contacts.md": (
        "---\ntitle: Phone list\ndate: 2024-01-10\n---\n"
        "Hilltop Dairy: 07700 900456\nGreenway Garage: 07700 900457\nBank: 07700 900458\n"
    ),
    "office/holidays.md": "---\ntitle: Holidays\ndate: 2024-01-10\n---\nBook holidays two weeks ahead.\n",
}


async def test_a_report_lists_the_notes_naming_what_its_best_passage_names(rt: Any, tmp_path: Path) -> None:
    report = await report_on(rt, DAIRY_ROUND, "dig into our late payers", tmp_path)
    sources = report.split("## Sources", 1)[1]
    assert "Hilltop Dairy account" in sources, sources
    assert "Round meeting March 2024" in sources and "Round meeting April 2024" in sources, sources
    assert "Phone list" not in sources and "Holidays" not in sources, sources
