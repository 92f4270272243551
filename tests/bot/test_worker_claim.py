"""Only the holder of an investigation's claim writes its results: a worker that stalls in a
long model call past its lease, while another worker reclaims the investigation and
finishes it, changes nothing when it wakes up — not the report file, not the report entry.
Two runtimes share one database (SQLite file or PostgreSQL), as two hosts would."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

from fake_anthropic import FakeAnthropic, text_message, tool_message

from bot.clock import FakeClock
from bot.config import Settings, load_settings
from bot.llm.anthropic import AnthropicProvider
from bot.runtime import Runtime
from storage.models import Status
from storage.queue import Outcome, Request

VAULT = Path(__file__).resolve().parents[2] / "examples" / "vault"
QUESTION = "the on-call policy"
LATE = "Synthesised by the worker that stalled."


def _rule(request: dict[str, Any]) -> dict[str, Any]:
    if (request.get("tool_choice") or {}).get("name") == "write_synthesis":
        return tool_message("write_synthesis", {"summary": LATE, "gaps": []})
    return text_message(QUESTION)  # the question, as the model would restate it


async def test_a_worker_that_lost_its_claim_writes_nothing(
    settings: Settings, clock: FakeClock, tmp_path: Path
) -> None:
    fake = FakeAnthropic(_rule)
    await fake.start()
    arrived, release = fake.hold("write_synthesis")
    stalled = AnthropicProvider(
        api_key="sk-ant-test-0123456789abcdef",
        base_url=fake.url,
        fast_model="claude-haiku-test",
        deep_model="claude-deep-test",
    )
    other_settings = load_settings(
        data_dir=settings.data_dir,
        database_url=settings.database_url,
        llm_provider="offline",
        embedder="none",
    )
    try:
        async with (
            Runtime.open(settings, clock=clock, llm=stalled) as first,
            Runtime.open(other_settings, clock=clock) as second,
        ):
            await first.ingest(VAULT)
            conv, _ = await first.conversations.get_or_create(
                key="console:local:c:t",
                platform="console",
                space="global",
                channel="c",
                thread="t",
                thread_ref='{"platform": "console", "space": "global", "channel": "c", "thread": "t"}',
                now=clock.now(),
            )
            enq = await first.queue.enqueue(
                Request(
                    conversation_id=conv.id,
                    space="global",
                    question=QUESTION,
                    thread_ref='{"platform": "console", "space": "global", "channel": "c", "thread": "t"}',
                ),
                now=clock.now(),
                dedup_window=timedelta(minutes=10),
            )
            claim = await first.queue.claim(worker_id="stalls", now=clock.now())
            assert claim is not None
            running = asyncio.create_task(first.worker.process(claim))
            await asyncio.wait_for(arrived.wait(), 60)  # in its model call, after its last heartbeat

            clock.advance(settings.lease_s + 1)
            assert await second.worker.run_once() == 1  # reclaims, runs and completes it
            done = await second.queue.get(enq.investigation.id)
            assert done is not None and done.status == Status.DONE.value
            assert done.report_path and done.report_entry_id and done.answer
            written = Path(done.report_path).read_text(encoding="utf-8")
            assert written == done.answer

            release.set()
            assert await asyncio.wait_for(running, 60) is Outcome.STALE_CLAIM

            after = await second.queue.get(enq.investigation.id)
            assert after is not None
            assert (after.answer, after.report_path, after.report_entry_id) == (
                done.answer,
                done.report_path,
                done.report_entry_id,
            )
            assert Path(done.report_path).read_text(encoding="utf-8") == written
            assert sorted(p.name for p in settings.reports_dir.rglob("*.md")) == [Path(done.report_path).name]
            entry_id = (await second.knowledge.by_sources("global"))[f"investigation:{enq.investigation.id}"]
            stored = await second.knowledge.get(entry_id, spaces=["global"])
            assert stored is not None and stored.content == written and LATE not in stored.content
    finally:
        await fake.stop()
