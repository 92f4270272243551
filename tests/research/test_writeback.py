"""Reports written back to the knowledge base do not make later investigations grow: an
earlier report is found by the recall cascade as an earlier answer, and is never walked
as an ordinary relation (its citation links) or picked up by the tag and gap searches."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.research.recall import ANSWER_TYPES, CITATION
from storage.queue import Request

VAULT = Path(__file__).resolve().parents[2] / "examples" / "vault"
THREAD = '{"platform": "console", "space": "global", "channel": "c", "thread": "t"}'
TOPICS = ["research the on-call policy", "research the analytics storage backend decision"]


async def _investigate_through_the_worker(rt: Any, question: str) -> None:
    conv, _ = await rt.conversations.get_or_create(
        key="console:global:c:t",
        platform="console",
        space="global",
        channel="c",
        thread="t",
        thread_ref=THREAD,
        now=rt.clock.now(),
    )
    await rt.queue.enqueue(
        Request(conversation_id=conv.id, space="global", question=question, thread_ref=THREAD),
        now=rt.clock.now(),
        dedup_window=timedelta(0),
    )
    assert await rt.worker.run_once() == 1
    rt.clock.advance(60)


async def test_later_investigations_do_not_walk_earlier_reports(rt: Any) -> None:
    await rt.ingest(VAULT)
    before = {t: await rt.investigator.run(t, space="global") for t in TOPICS}
    for _ in range(3):  # each report cites the entries it used (citation links)
        for topic in TOPICS:
            await _investigate_through_the_worker(rt, topic)
    reports = [r for r in await rt.queue.listing(limit=10) if r.report_entry_id]
    assert len(reports) == 6
    cited = await rt.knowledge.relations_of([r.report_entry_id for r in reports], spaces=["global"])
    assert cited and all(r.type == CITATION for r in cited)

    for topic in TOPICS:
        after = await rt.investigator.run(topic, space="global")
        assert after.earlier is not None and after.earlier.entry.type == "report"  # found as an answer
        assert not [f for f in after.found.values() if f.entry.type in ANSWER_TYPES]
        assert not [e for e in after.edges if e.type == CITATION]
        # as large as before any report (new entries shift the text ranking and the word
        # weights of the relevance cut a little: two entries either way on sets of ~10)
        assert len(after.found) <= len(before[topic].found) * 1.1 + 2
        assert len(after.edges) <= len(before[topic].edges) * 1.1
