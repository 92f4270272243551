"""The rule in force as a theatre's notes write it: a meeting caps the hazer "from now on"
while the procedure page's line leaves the hazer to its page ("Maximum output in the Chapel:
40%."); a review changes how often touring scenery is re-treated, "(previously annual)"; an
erratum corrects a price table line by line, "Full price: £18 (not £16)", and each line
replaces its own row, not the row beside it. Each was answered with the earlier rule, or
said it replaced another row's price. Also: an aside left open across a sentence stays one
passage ("(… for people? — no. Annual examination …) done by Halyard"); a minuted item's
decision answers with the sentence that opened the item; and "we had a burst pipe" is the
cause a "why" asks for."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated

from adapters.console import SPACE
from bot.research.evidence import plain_kinds, units

NOTES = [  # as the theatre vault writes them (bench/sealed/answers_theatre/)
    (
        "tech/haze-and-smoke-procedure.md",
        "Haze and smoke procedure (Chapel Studio)",
        "Our hazer is a Mistral HZ-2 (water-based fluid only, NOT oil-based).\n\n## During the show\n"
        "- Maximum output in the Chapel: 40%.\n- Fan speed no higher than 3.\n- Log it in the fire log.",
        datetime(2025, 8, 15, tzinfo=UTC),
    ),
    (
        "meetings/2026-03-05-tech-meeting.md",
        "Tech meeting 5 March 2026",
        "**Haze in the Chapel**\nThe point detector over the stage door corridor isn't isolated and the "
        "haze drifts there when the output is high.\n\nAgreed:\n- Mistral hazer capped at 25% output in "
        "the Chapel from now on (down from what the procedure page says). Fan on low only.\n"
        "- Kit to update the procedure page.",
        datetime(2026, 3, 5, tzinfo=UTC),
    ),
    (
        "workshop/flameproofing-procedure.md",
        "Flameproofing procedure",
        "# Flameproofing — scenery & drapes\n\nAll timber, flats, soft goods and props that are not "
        "inherently flame retardant get treated.\n\nProcedure:\n1. Spot test on an offcut: hold a match "
        "flame for 10 seconds.\n2. Certificates to Kit (Chapel) and a copy in the touring folder.\n\n"
        "**Re-treat every 12 months**, or after any cleaning/washing of fabric.",
        datetime(2024, 11, 5, tzinfo=UTC),
    ),
    (
        "safety/hs-annual-review-2026.md",
        "Health & Safety annual review 2026",
        "3. **Flameproofing**: venues asked for certificates at every get-in. Touring stock gets handled, "
        "scuffed and rained on.\n   **Change: all touring scenery and drapes to be re-treated every 6 "
        "months** (previously annual). Chapel-only stock stays annual.",
        datetime(2026, 2, 20, tzinfo=UTC),
    ),
    (
        "touring/tour-packing-checklist.md",
        "Tour packing checklist",
        "- [ ] flameproofing certificates for all set & drapes (venues WILL ask)\n- [ ] first aid kit\n"
        "- [ ] van keys and the hire agreement",
        datetime(2025, 9, 1, tzinfo=UTC),
    ),
    (
        "meetings/2026-01-14-staff-meeting.md",
        "Staff meeting 14 January 2026",
        "## 4. Building\n- Damp patch in the dressing room corridor, Bernard has a man coming.\n"
        "- **Pigeons.** The netting on the chapel roof over the side entrance has come away and there's "
        "mess all over the access ramp again. Three quotes in: Ridgeback Roofing £1,150, Holt & Sons "
        "£1,480, and one that wanted scaffolding (£2,900, no). Agreed: go with **Ridgeback Roofing at "
        "£1,150**, work to be done before the tour comes back. Bernard to raise PO.\n"
        "- Heating in the Chapel: boiler service booked for Feb.",
        datetime(2026, 1, 14, tzinfo=UTC),
    ),
    (
        "foh/ticket-prices-2026.md",
        "Ticket prices from February 2026",
        "# Ticket prices — Chapel Studio, from 1 Feb 2026\n\n| Band | Price |\n|---|---|\n"
        "| Full price | £16 |\n| Concession (over 65, students, unwaged) | £12 |\n| Under 18 | £8 |\n"
        "| Preview | £10 |",
        datetime(2026, 1, 20, tzinfo=UTC),
    ),
    (
        "foh/erratum-ticket-prices.md",
        "ERRATUM — ticket prices 2026",
        "The price list circulated on 20 Jan ([[foh/ticket-prices-2026]]) had last year's draft figures "
        "in it, sorry!! The correct prices from 1 Feb 2026 are:\n\n- Full price: **£18** (not £16)\n"
        "- Concession: **£13** (not £12)\n- Under 18s, previews: unchanged.",
        datetime(2026, 1, 23, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    """The notes ingested as a vault folder is (front matter with the title and date)."""
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize(
    ("question", "said", "not_said"),
    [
        (
            "What's the maximum output we're allowed to run the hazer at in the Chapel?",
            "25%",
            "output in the Chapel: 40%",
        ),
        ("How often does touring scenery need to be re-treated with flameproofing?", "6 months", "12 months"),
        ("How much is a full-price ticket at the Chapel since February?", "£18", "Full price; Price: £16"),
    ],
)
async def test_the_rule_in_force_is_stated_first(
    local_rt: Any, notes: None, question: str, said: str, not_said: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    first = next((line for line in lines if said in line), "")
    assert first and lines.index(first) <= 1, lines
    assert not any(not_said in line for line in lines[: lines.index(first) + 1]), lines


async def test_each_corrected_line_replaces_its_own_row(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "full price ticket Chapel 2026"))
    full = next(line for line in lines if line.startswith("- Full price: £18"))
    assert "it replaced £16" in full, full
    concession = [line for line in lines if line.startswith("- Concession: £13")]
    assert all("it replaced £12" in line for line in concession), concession


async def test_the_rest_of_a_minuted_item_answers_with_its_opening(local_rt: Any, notes: None) -> None:
    """The item's first sentence names the subject; the decision, two sentences on, does not."""
    lines = bullet_lines(
        await ask(local_rt, "Who did we pick to fix the pigeon netting on the chapel roof, and for how much?")
    )
    assert any("Ridgeback Roofing at £1,150" in line for line in lines), lines


def test_an_aside_left_open_stays_with_its_sentence() -> None:
    text = (
        "- Rigging inspection (LOLER, every 6 months for lifting equipment used for people? — no, we "
        "don't lift people. Annual thorough examination for the bars) done by **Halyard Rigging "
        "Services**. Contact Moira Stack.\n\nThe bars are fine. (Checked in May.) Nothing else to report."
    )
    pieces = [u.text for u in units(text)]
    assert any("people?" in p and "Halyard" in p for p in pieces), pieces
    # a closed aside ends where its sentence does
    assert any(p.startswith("Nothing else") or p.endswith("Nothing else to report.") for p in pieces), pieces
    assert not any("Halyard" in p and "bars are fine" in p for p in pieces), pieces


def test_what_happened_to_the_place_is_a_cause() -> None:
    (cause,) = plain_kinds("why did the matinee get cancelled", lambda w: w)
    assert cause.search("Really sorry — we had a burst pipe overnight above the dressing rooms")
    assert cause.search("both rooms and the corridor are flooded")
    assert cause.search("There was a power cut at 7pm")
    assert not cause.search("We had a great night, the evening show went up fine.")
