"""A report request that lists the parts it wants covered ("the school kitchen: the supplier
contract, the allergen rules and the oven repair") keeps, as Sources, the note that covers one
part well though it shares few words with the whole request; what covers no part stays out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from research_helpers import report_on

from bot.research.topic import aspects, subject

VAULT = {
    "kitchen/overview.md": (
        "# School kitchen\n\nThe school kitchen serves 420 lunches a day. Greta Holm runs it; "
        "the kitchen team meets on Mondays.\n"
    ),
    "kitchen/supplier.md": (
        "# Food supplier contract\n\nThe school kitchen buys from Brantley Foods on a two-year contract "
        "signed 4 May 2026; deliveries on Tuesdays and Fridays.\n"
    ),
    "kitchen/allergens.md": (
        "# Allergen rules\n\nEvery dish carries a label listing the 14 allergens. No nuts on site. "
        "Pupils with an allergy plan get a coloured tray.\n"
    ),
    "kitchen/oven.md": (
        "# Combi oven repair\n\nThe combi oven failed on 3 March; Hallam Catering Engineers replaced "
        "the heating element for £420.\n"
    ),
    "staff/netball.md": "# Staff netball\n\nStaff netball on Thursdays in the sports hall, all welcome.\n",
    "site/car-park.md": "# Car park\n\nThe car park gate shuts at 18:00; visitors sign in at reception.\n",
}


def test_a_request_s_listed_parts_each_carry_its_subject() -> None:
    assert aspects(
        "dig into the school kitchen: the supplier contract, the allergen rules and the oven repair"
    ) == [
        "the school kitchen the supplier contract",
        "the school kitchen the allergen rules",
        "the school kitchen the oven repair",
    ]
    assert aspects("Why does the boiler trip? Causes, repairs and costs") == [
        "Why does the boiler trip Causes",
        "Why does the boiler trip repairs",
        "Why does the boiler trip costs",
    ]
    assert aspects("the school kitchen") == []
    assert aspects("the school kitchen: the allergen rules") == []  # one part is the subject
    assert aspects("the kitchen and the car park") == []  # no subject before the parts


async def test_a_report_keeps_the_note_that_covers_one_listed_part(rt: Any, tmp_path: Path) -> None:
    report = await report_on(
        rt,
        VAULT,
        "dig into the school kitchen: the supplier contract, the allergen rules and the oven repair",
        tmp_path,
    )
    sources = report.split("## Sources", 1)[1]
    for title in ("Food supplier contract", "Allergen rules", "Combi oven repair"):
        assert title in sources, (title, report)
    for title in ("Staff netball", "Car park"):
        assert title not in sources, (title, sources)


SECOND_OVEN_NOTE = {
    "kitchen/oven-invoice.md": (
        "# Hallam invoice 2291\n\nThe oven repair in the school kitchen, invoiced by Hallam Catering "
        "Engineers: call-out on 3 March and the new heating element, £420, paid on 20 March.\n"
    ),
}


async def test_every_note_that_covers_a_listed_part_is_kept_not_only_the_best(
    rt: Any, tmp_path: Path
) -> None:
    report = await report_on(
        rt,
        {**VAULT, **SECOND_OVEN_NOTE},
        "dig into the school kitchen: the supplier contract, the allergen rules and the oven repair",
        tmp_path,
    )
    sources = report.split("## Sources", 1)[1]
    for title in ("Combi oven repair", "Hallam invoice 2291"):
        assert title in sources, (title, report)
    for title in ("Staff netball", "Car park"):
        assert title not in sources, (title, sources)


def test_a_request_written_around_its_subject_is_read_as_the_subject() -> None:
    assert subject("can you put together a report on the school kitchen") == "the school kitchen"
    assert subject("dig into I'd like a full breakdown of the oven repair costs") == "the oven repair costs"
    assert subject("Could you please write up a timeline of the March outage") == "the March outage"
    assert subject("I am needing a complete report on the allergen rules") == "the allergen rules"
    assert subject("the report on allergens that Greta wrote") == "the report on allergens that Greta wrote"
    assert subject("the school kitchen") == "the school kitchen"


@pytest.mark.parametrize(
    ("typed", "subject_"),
    [
        (
            "can u pull together everything we have on the bottle store - racking, alarms",
            "the bottle store - racking, alarms",
        ),
        ("pull together everything we've got on the kiln rebuild", "the kiln rebuild"),
        ("everything on the loading bay pls", "the loading bay"),
        ("report on the night rota please", "the night rota"),
        ("Report on the sluice gates pls - who opens them, when", "the sluice gates - who opens them, when"),
        ("summary of our insurance claims", "our insurance claims"),
        ("what do we have on the Harbour Rd lease", "the Harbour Rd lease"),
        ("where are we with the roof repairs? summary please", "the roof repairs"),
        ("write me up a summary of stall fees", "stall fees"),
        ("summarise the ticket prices", "the ticket prices"),
        ("pull together all our glazing stuff: suppliers, prices", "our glazing stuff: suppliers, prices"),
        ("I need an investigation report on the forklift crash", "the forklift crash"),
        ("can you write up what we've got for the fire inspection", "the fire inspection"),
        # what it is about, kept as typed
        ("the everything-bagel recipe", "the everything-bagel recipe"),
        ("report templates", "report templates"),
        ("please", "please"),
    ],
)
def test_a_request_typed_as_teams_type_it_is_read_as_its_subject(typed: str, subject_: str) -> None:
    assert subject(f"dig into {typed}") == subject_
