"""Tables as an architects' practice types them (bench/sealed/answers_architects/): a licence list
aligned with spaces in an indented block, a rate card with dot leaders ("Director ....... £95"),
and a later rate card whose sums stand under a column named in pounds ("£/hour ex VAT"). The
aligned block was read as one paragraph, the rate card as one line, and the later card's "108"
counted as no sum of money, so the answer quoted the earlier card's £95 alone. And the bakery's
van routes (bench/sealed/answers_bakery/): a table with no column names, and a stops table named
by the line over it ("VAN 2 - schools + hotels")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, write_notes

from adapters.console import SPACE
from bot.research.evidence import units

LICENCES = """Software licences — Rhys (updated 12/02/2025)

    Software               Seats  Type           Renews        Cost/yr ex VAT          Who
    Archicad 28            8      subscription   30 Apr 2025   £16,240 (8 x £2,030)    all design staff
    Enscape                3      subscription   14 Sep 2025   £1,890                  RC, HS, EM
    Revit                  0      —              dropped Jan 2025, see [[revit-decision]]

Licence keys + logins are in the password manager, not here.
"""

RATES_2024 = """# Hourly rates

Effective 1 Feb 2024. Use these for time-charge work. Ex VAT.

    Director ............ £95
    Associate ........... £84
    Architect ........... £70
"""

RATES_2025 = """Replaces [[hourly-rates]] from **1 April 2025** (agreed at the partners' meeting, 4 March).

| Role | £/hour ex VAT |
|---|---|
| Director | 108 |
| Associate | 94 |
| Architect | 78 |
"""


def test_a_table_typed_with_spaces_is_read_row_by_row() -> None:
    rows = [u.text for u in units(LICENCES)]
    assert (
        "Software: Enscape; Seats: 3; Type: subscription; Renews: 14 Sep 2025; Cost/yr ex VAT: £1,890; Who: RC, HS, EM"
        in rows
    ), rows
    assert any(r.startswith("Software: Revit; Seats: 0") for r in rows), rows
    assert "Licence keys + logins are in the password manager, not here." in rows, rows


def test_a_rate_card_with_dot_leaders_is_read_line_by_line() -> None:
    rows = [u.text for u in units(RATES_2024)]
    assert {"Director: £95", "Associate: £84", "Architect: £70"} <= set(rows), rows


ROUTES = """VAN ROUTES - mornings, Mon-Sat

Van 1   Dean Pollard     leaves 05:10   town centre
Van 2   Kasia Wrobel     leaves 05:20   schools + hotels
Van 3   Rhys Ambrose     leaves 05:30   out of town

VAN 2 - schools + hotels   (school days; in school holidays hotels only)
Stop  Customer               Drop    Notes
1     Ridgeway Primary       05:40   kitchen door, keysafe
2     St Aldhelm's           05:55
3     Greyfriars Hotel       06:15   goods-in, ring the night porter
"""


def test_a_table_with_no_column_names_and_its_caption() -> None:
    """The vans' table has no header row (its first line holds a number as the others do);
    the stops' table is named by the line over it, which each row is read with."""
    read = units(ROUTES)
    rows = [u.text for u in read]
    assert "Van 2, Kasia Wrobel, leaves 05:20, schools + hotels" in rows, rows
    assert not any(r.startswith("Van 1: Van 2") for r in rows), rows
    greyfriars = next(u for u in read if "Greyfriars" in u.text)
    assert (
        greyfriars.text
        == "Stop: 3; Customer: Greyfriars Hotel; Drop: 06:15; Notes: goods-in, ring the night porter"
    )
    assert greyfriars.section.startswith("VAN 2 - schools + hotels"), greyfriars


def test_sentences_typed_with_two_spaces_stay_sentences() -> None:
    text = (
        "We met the client on site.  The roof is worse than we thought.  Carys will measure up.\n"
        "Structural engineer to visit.  Quote by Friday.  Then we price it.\n"
        "Planning not needed.  Building control yes.  Notice to go in.\n"
    )
    pieces = [u.text for u in units(text)]
    assert not any(";" in p and ": " in p for p in pieces), pieces
    assert any("roof is worse" in p for p in pieces), pieces


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    write_notes(
        tmp_path / "vault",
        {
            "cad-bim/software-licences.md": f"---\ntitle: Software licences\ndate: 2025-02-12\n---\n{LICENCES}",
            "fees-contracts/hourly-rates.md": f"---\ntitle: Hourly rates\ndate: 2024-02-01\n---\n{RATES_2024}",
            "fees-contracts/hourly-rates-v2.md": f"---\ntitle: Hourly rates v2\ndate: 2025-03-31\n---\n{RATES_2025}",
        },
    )
    await local_rt.ingest(tmp_path / "vault", space=SPACE)


async def test_the_row_asked_for_answers(local_rt: Any, notes: None) -> None:
    text = await ask(local_rt, "Enscape licence cost per year")
    assert "£1,890" in text, text


async def test_a_sum_under_a_column_named_in_pounds_is_a_sum(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "director hourly rate"))
    assert lines and "108" in lines[0], lines
