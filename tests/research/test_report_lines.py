"""The lines of an extractive report say what they are: "Who decided" is the person a
sentence ties to the decision, "Why" is a cause, a line that only links to another note is
no finding, and a project named twice is not a person without an entry."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from research_helpers import WordHashEmbedder, add_note, draft

from adapters.console import SPACE
from bot.clock import FakeClock
from bot.research.digest import digest
from bot.research.evidence import Scorer
from bot.research.report import render_report
from bot.research.search import Retriever
from bot.research.semantic import SemanticIndex
from storage.db import Database
from storage.knowledge import Knowledge

BASE = datetime(2026, 3, 1, tzinfo=UTC)

INCIDENT = """\
The Harbor Migration cut-over on 3 March failed and clients could not sign in for two hours.

## Cause

The DNS TTL was left at 24 hours, so clients kept the old address after the cut-over.

## Impact

[[Harbor cut-over customers affected]]

## Timeline

The cut-over started at 06:00 and sign-in failed for clients across the Harbor Migration cut-over window.

## Decision

Decided at the 5 March cut-over review. The rollback for the cut-over runs from the ops runbook, which Ivo Brandt keeps.

Lena Vogt decides to pause the Harbor Migration cut-over until the TTL is 5 minutes.

See [[Harbor cut-over review]] and [[Ops runbook]].
"""


@pytest.fixture
async def harbor(rt: Any) -> dict[str, str]:
    notes = [
        ("incidents/harbor-cutover.md", "Harbor cut-over failure", INCIDENT, "incident", "Ivo Brandt"),
        (
            "reviews/harbor-cutover-review.md",
            "Harbor cut-over review",
            "Reviewed the Harbor cut-over failure: the TTL had not been lowered a day ahead of the cut-over.",
            "note",
            "Ivo Brandt",
        ),
        (
            "plans/harbor-migration.md",
            "Harbor Migration",
            "Plan for the Harbor cut-over: move sign-in to the new cluster, lower the TTL a day before.",
            "note",
            "Lena Vogt",
        ),
    ]
    return {
        source: await add_note(
            rt,
            source,
            title,
            content,
            space=SPACE,
            created_at=BASE + timedelta(days=k),
            type=kind,
            author=who,
        )
        for k, (source, title, content, kind, who) in enumerate(notes)
    }


async def _report(rt: Any, topic: str) -> str:
    dossier = await rt.investigator.run(topic, space=SPACE)
    return render_report(dossier, await rt.synthesizer.synthesize(dossier, []))


async def test_who_decided_is_the_person_the_sentence_ties_to_the_decision(
    rt: Any, harbor: dict[str, str]
) -> None:
    report = await _report(rt, "the Harbor cut-over failure")
    summary = report.split("## Context Summary", 1)[1].split("\n---", 1)[0]
    assert "**Who decided.**" in summary, summary
    who = summary.split("**Who decided.**", 1)[1].split("\n\n", 1)[0]
    assert "Lena Vogt decides" in who
    assert "Ivo Brandt keeps" not in who  # named under a "Decision" heading, he decided nothing


async def test_a_line_that_only_links_is_no_finding(rt: Any, harbor: dict[str, str]) -> None:
    report = await _report(rt, "the Harbor cut-over failure")
    summary = report.split("## Context Summary", 1)[1].split("\n---", 1)[0]
    assert "See Harbor cut-over review and Ops runbook" not in summary, summary
    assert "Harbor cut-over customers affected" not in summary, summary  # not the "Impact"


async def test_a_project_named_twice_is_not_a_person_without_an_entry(
    rt: Any, harbor: dict[str, str]
) -> None:
    report = await _report(rt, "the Harbor cut-over failure")
    assert "**Harbor Migration** is mentioned" not in report, report
    assert "Harbor Migration" not in report.split("## Key People", 1)[-1].split("##", 1)[0]


async def test_why_is_a_cause_not_a_sentence_near_in_meaning(any_db: Database) -> None:
    """With an embedder, a timeline sentence close in meaning to the topic is not the "Why":
    only a passage that says cause is."""
    clock = FakeClock(BASE)
    knowledge = Knowledge(any_db)
    semantic = SemanticIndex(any_db, WordHashEmbedder(), clock=clock)
    retriever = Retriever(knowledge, semantic, clock=clock)
    entry, _ = await knowledge.upsert(
        draft(SPACE, "harbor.md", "Harbor cut-over failure", INCIDENT),
        now=clock.now(),
    )
    await semantic.embed_entries([entry])
    view = (await knowledge.get_many([str(entry.id)], spaces=[SPACE]))[str(entry.id)]
    pairs = await digest(Scorer(retriever), "the Harbor cut-over failure", [view])
    why = [p.unit.text for label, p in pairs if label == "Why"]
    assert any("so clients kept the old address" in t for t in why), pairs
    assert not any("started at 06:00" in t for t in why), why


async def test_notes_of_one_day_stand_on_the_timeline_in_the_order_of_their_titles(rt: Any) -> None:
    """An entry's id is drawn when it is ingested: the same notes ingested again must give the
    same timeline, so notes of one day are ordered by what the row shows, not by their id."""
    titles = ["Kiln firing log", "Kiln glaze batch", "Kiln shelf cracks", "Kiln vent check", "Kiln wiring"]
    for k, title in enumerate(reversed(titles)):
        await add_note(
            rt,
            f"kiln/{k}.md",
            title,
            f"{title}: the kiln in the pottery studio was checked and its firing schedule noted.",
            space=SPACE,
            created_at=BASE,
        )
    await add_note(
        rt,
        "kiln/later.md",
        "Kiln service visit",
        "Kiln service visit: the pottery studio kiln firing schedule was confirmed by the engineer.",
        space=SPACE,
        created_at=BASE + timedelta(days=3),
    )
    report = await _report(rt, "the pottery studio kiln firing schedule")
    timeline = report.split("## Timeline", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in timeline.splitlines() if line.startswith("| 2026-03-01")]
    shown = [title for row in rows for title in titles if f"| {title} |" in row]
    assert len(shown) == len(titles), timeline
    assert shown == sorted(shown), timeline
