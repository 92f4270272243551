"""A report request that lists the parts it wants covered ("the school kitchen: the supplier
contract, the allergen rules and the oven repair") keeps, as Sources, the note that covers one
part well though it shares few words with the whole request; what covers no part stays out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from research_helpers import report_on

from bot.research.topic import aspects

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
