"""A report's Knowledge Gaps ask who a person is only of people: a place written like a name
("up to Corran Hill", "the Corran Hill mast", "Quay Street") is not a person without an entry,
while a person whose surname is also a place word ("Agnes Hill") still is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from research_helpers import report_on

VAULT = {
    "transmitter/faults.md": (
        "# Transmitter faults\n\nIf the transmitter drops off air, check the stream first. Do not go up "
        "to Corran Hill alone. Our engineer Mirela Dobson looks after the transmitter; tell Agnes Hill.\n"
    ),
    "transmitter/site.md": (
        "# Transmitter site\n\nThe transmitter sits in a cabin at the Corran Hill mast, rented from the "
        "council. Keys are with Agnes Hill at the office on Quay Street.\n"
    ),
    "transmitter/outage-2025.md": (
        "# Transmitter outage, March 2025\n\nThe transmitter was off air for three hours after a power cut "
        "at Corran Hill. Mirela Dobson reset it; Agnes Hill logged the outage. The spare kit stays at "
        "Quay Street.\n"
    ),
    "social/party.md": "# Summer party\n\nThe summer party is on 12 July in the garden.\n",
}


async def test_the_gaps_ask_who_people_are_not_places(rt: Any, tmp_path: Path) -> None:
    report = await report_on(rt, VAULT, "dig into the transmitter outages and faults", tmp_path)
    gaps = report.split("## Knowledge Gaps", 1)[1].split("---", 1)[0]
    assert "who Mirela Dobson is" in gaps, gaps
    assert "who Agnes Hill is" in gaps, gaps
    assert "who Corran Hill is" not in gaps, gaps
    assert "who Quay Street is" not in gaps, gaps
