"""A long note that treats the topic in one item — minutes, a list, a log — is a source of a
report on it: a note is judged by its best passage on the topic, not by the whole note,
which its other items dilute. A long note whose items never say the topic stays out."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from research_helpers import WordHashEmbedder, draft, report_on

from adapters.console import SPACE
from bot.clock import FakeClock
from bot.research.dossier import Dossier
from bot.research.evidence import Scorer
from bot.research.search import Retriever
from bot.research.semantic import SemanticIndex
from bot.research.topic import ON_A_PASSAGE, keep_by_passage
from storage.db import Database
from storage.knowledge import Knowledge

OTHER_ITEMS = [
    "Kitchen: the dishwasher was repaired on Tuesday and the rota stays as it is.",
    "Garden: the volunteers planted the herb beds and asked for more gloves.",
    "Newsletter: Priya will send the spring issue to the printers next week.",
    "Car park: the council repainted the bays; the disabled bay moved nearer the door.",
    "Library corner: two shelves of donated paperbacks arrived; Sam will sort them.",
    "Quiz night: the next one is on the last Friday, tickets from the front desk.",
    "Cleaning: the contract cleaners now come on Mondays and Thursdays.",
    "Website: the events page was out of date; Lee updated it on Wednesday.",
    "Insurance: the renewal came in a little higher than last year and was paid.",
    "Lost property: the box is full; anything older than a month goes to charity.",
    "Heating: the boiler service is arranged for the first week of October.",
]


def minutes(day: str, item: str) -> str:
    return f"# Committee minutes, {day}\n\n" + "\n".join(f"- {line}" for line in [*OTHER_ITEMS, item]) + "\n"


VAULT = {
    "hall/minibus-bookings.md": (
        "# Minibus bookings\n\nThe community minibus is booked through the front desk diary. "
        "A minibus booking needs a driver on the approved minibus driver list and the minibus key "
        "is signed out at the front desk.\n"
    ),
    "hall/minibus-insurance.md": (
        "# Minibus insurance and drivers\n\nOnly approved minibus drivers over 25 may drive the "
        "community minibus; the minibus insurance names each approved driver.\n"
    ),
    "meetings/2026-05-12-committee.md": minutes(
        "12 May 2026",
        "Minibus bookings: the committee agreed minibus bookings close 48 hours before a trip, "
        "and a minibus booking without an approved minibus driver is cancelled.",
    ),
    "meetings/2026-04-14-committee.md": minutes(
        "14 April 2026", "Summer fete: the stalls are run by Dana; the bouncy castle is confirmed."
    ),
}


async def test_minutes_that_treat_the_topic_in_one_item_are_a_source(rt: Any, tmp_path: Path) -> None:
    report = await report_on(rt, VAULT, "dig into the minibus bookings", tmp_path)
    sources = report.split("## Sources", 1)[1]
    assert "Minibus bookings" in sources, sources
    assert "Committee minutes, 12 May 2026" in sources, sources  # by their one item
    assert "Committee minutes, 14 April 2026" not in sources, sources  # they never say it


async def test_with_an_embedder_a_note_is_judged_by_its_best_passage(any_db: Database) -> None:
    """With an embedder, the whole note's vector is mostly its other items: the passage step
    reads the minutes item by item and lets in the ones an item of which says the topic."""
    clock = FakeClock(datetime(2026, 6, 1, tzinfo=UTC))
    knowledge = Knowledge(any_db)
    semantic = SemanticIndex(any_db, WordHashEmbedder(), clock=clock)
    retriever = Retriever(knowledge, semantic, clock=clock)
    ids: dict[str, str] = {}
    for source, text in VAULT.items():
        title = text.splitlines()[0].lstrip("# ")
        entry, _ = await knowledge.upsert(draft(SPACE, source, title, text), now=clock.now())
        await semantic.embed_entries([entry])
        ids[source] = str(entry.id)
    views = await knowledge.get_many(list(ids.values()), spaces=[SPACE])
    dossier = Dossier(topic="the minibus bookings", space=SPACE)
    dossier.add(views[ids["hall/minibus-bookings.md"]], 1, "lexical+semantic")
    await keep_by_passage(Scorer(retriever), dossier, {})
    added = {f.entry.source for f in dossier.found.values() if f.via == ON_A_PASSAGE}
    assert "meetings/2026-05-12-committee.md" in added, added
    assert "meetings/2026-04-14-committee.md" not in added, added
