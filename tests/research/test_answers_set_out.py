"""What a note sets out under a heading or a label answers for it (the solar and wireless
vaults' misses, read in the thirty-sixth session): an incident report's "Why (root cause)"
section holds the cause, though "What happened" says more of the question's words, and a
complaints log's line on the same incident scores above both; "how come …" asks why; a list
under a bold label ("**Scissor lift:** we don't own one." over "- £190 + VAT per day") is
about what the label names.

The notes are a sign maker's, written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated, write_notes

from adapters.console import SPACE
from bot.research.evidence import units

EQUIPMENT = (
    "**Van:** the long-wheelbase Sprinter. Keys in the key safe, fuel card in the door pocket.\n\n"
    "**Scissor lift:** we don't own one. Hire by the day from Vale Access, Tewford.\n"
    "- 8m electric scissor lift, fits through a shop door\n"
    "- **£190 + VAT per day**, delivery £45 each way\n"
    "- Book two working days ahead\n"
    "- Only IPAF-ticketed fitters use it: Marek and Sian.\n\n"
    "**Ladders:** two 3-section ladders in the workshop, tagged and checked monthly."
)

NOTES = [
    (
        "incidents/2025-02-fascia-dropped-bridge-street.md",
        "Incident: fascia sign dropped, Bridge Street",
        "**Where:** 14 Bridge Street (the bakery), first-floor fascia.\n**Who:** Marek and Sian fitting, "
        "Tom on the pavement.\n\n## What happened\nThe fascia sign slipped off its bracket while the crew "
        "were lifting it into place and fell onto the pavement barrier. Nobody was hurt; the sign's corner "
        "cracked and the bakery's window was scratched.\n\n## Why (root cause)\n- **The wall brackets were "
        "fixed into crumbling brick with plastic plugs**, not resin anchors. The resin gun was still at "
        "the workshop.\n- Wind was picking up and nobody stopped to look again.\n\n"
        "## Actions\n1. Resin gun and anchors go in the fitting kit, checked at loading.\n"
        "2. Toolbox talk on fixings into old brick.",
        datetime(2025, 2, 12, tzinfo=UTC),
    ),
    (
        "office/complaints-log-2025.md",
        "Complaints log 2025",
        "| ref | date | customer | where | summary |\n|---|---|---|---|---|\n"
        "| C25-03 | 2025-02-14 | Bridge Street bakery | 14 Bridge Street | fascia sign dropped onto the "
        "barrier at Bridge Street, window scratched, asked who pays |\n"
        "| C25-04 | 2025-03-02 | Mrs Hale | Orchard Lane | house sign letters peeling |",
        datetime(2025, 3, 2, tzinfo=UTC),
    ),
    (
        "meetings/2025-02-17-ops.md",
        "Ops meeting 17 February",
        "Bridge Street fascia dropped — report filed, toolbox talk done Friday. Insurer told, no claim.\n\n"
        "Vinyl order for March in. Van service booked.",
        datetime(2025, 2, 17, tzinfo=UTC),
    ),
    (
        "admin/van-and-access-equipment.md",
        "Van & access equipment",
        EQUIPMENT,
        datetime(2024, 11, 5, tzinfo=UTC),
    ),
    (
        "admin/price-list.md",
        "Price list",
        "Fascia signs from £650 fitted. Window vinyl £45 a square metre. Site survey £60, taken off the "
        "order. Scissor lift needed: £95 contribution on the quote.",
        datetime(2025, 1, 6, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize(
    "question",
    [
        "Why did the fascia sign fall at Bridge Street?",
        "how come the bridge st fascia came down",
    ],
)
async def test_the_cause_set_out_under_its_heading_answers_first(
    local_rt: Any, notes: None, question: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "crumbling brick" in lines[0], lines


@pytest.mark.parametrize(
    "question", ["How much does it cost to hire the scissor lift for a day?", "scissor lift day hire rate"]
)
async def test_a_list_under_a_bold_label_answers_for_the_label(
    local_rt: Any, notes: None, question: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "£190" in lines[0], lines


def test_the_items_under_a_bold_label_are_read_with_it() -> None:
    cut = units(f"# Van & access equipment\n\n{EQUIPMENT}")
    rate = next(u for u in cut if "£190" in u.text)
    assert rate.section == "Scissor lift", rate
    ladders = next(u for u in cut if "Ladders" in u.text)
    assert ladders.section == "Van & access equipment", ladders  # (a label's own paragraph keeps its heading)


def test_a_label_holds_only_the_list_under_it() -> None:
    """A bold heading of its own ("**Follow-up**") starts another part: its list is not about
    the label over the paragraph before it."""
    cut = units(
        "**Why the van was off the road:** the clutch went on the M5.\n\n**Follow-up**\n"
        "- New clutch fitted, £780.\n- Breakdown cover renewed."
    )
    clutch = next(u for u in cut if "£780" in u.text)
    assert not clutch.section.startswith("Why"), clutch
    # ... nor does a list typed apart from the labelled paragraph, after a blank line
    cut = units(
        "# Check-in procedure\n\n**Times:** check-in from 3pm, check-out by 11am.\n\n"
        "1. Guests come to the front desk in the entrance hall.\n2. Give them the key and the welcome card."
    )
    desk = next(u for u in cut if "front desk" in u.text)
    assert desk.section == "Check-in procedure", desk


async def test_a_why_label_naming_its_subject_is_the_cause(local_rt: Any, tmp_path: Path) -> None:
    write_notes(
        tmp_path / "vault",
        {
            "vans/van-2-off-road.md": "---\ntitle: Van 2 off the road\ndate: 2025-05-02\n---\n"
            "**What happened**\nVan 2 was booked for the Hale job on Tuesday. Marek drove it to the yard at "
            "7:30 and it would not go into gear; the Hale job moved to Thursday.\n\n"
            "**Why van 2 was taken off the road:** the clutch slave cylinder failed and the gearbox oil "
            "was low after the leak in March.\n\n**Follow-up**\n- Garage invoice £780, paid.\n"
            "- Drivers check under the van for drips every Monday.\n",
            "vans/van-checks.md": "---\ntitle: Van checks\ndate: 2024-06-01\n---\nEvery Monday before "
            "the first job: tyres, lights, washer fluid and the ladder rack.\n",
        },
    )
    await local_rt.ingest(tmp_path / "vault", space=SPACE)
    lines = bullet_lines(await ask(local_rt, "why was van 2 taken off the road?"))
    assert lines and "slave cylinder" in lines[0], lines


async def test_why_it_matters_is_no_cause(local_rt: Any, tmp_path: Path) -> None:
    """A grant draft's "**Why it matters:**" argues for money; the incident note says what broke."""
    write_notes(
        tmp_path / "vault",
        {
            "grants/printer-grant-draft.md": "# DRAFT — small grant: replacement vinyl cutter\n\n"
            "**Amount requested:** £2,100\n\n**What for:** replacing the vinyl cutter, which failed in "
            "January.\n\n**Why it matters:** without a cutter every shop sign has to be sent out, so "
            "jobs take a week longer.\n",
            "incidents/2025-01-cutter-failure.md": "---\ntitle: Incident: vinyl cutter failure\n"
            "date: 2025-01-20\n---\nThe vinyl cutter stopped mid-job on 18 January. The engineer found the "
            "drive belt had snapped and the motor had burnt out after running with it slipping.\n",
        },
    )
    await local_rt.ingest(tmp_path / "vault", space=SPACE)
    lines = bullet_lines(await ask(local_rt, "why did the vinyl cutter fail in january"))
    assert lines and "drive belt" in lines[0], lines
