"""Fault tests with real processes: ``mallory worker`` processes against a real PostgreSQL
and the fake Slack. A worker killed with SIGKILL after its report reached Slack but before
the delivery was recorded: the next worker finds the report in the thread (message
metadata) and the thread gets it once."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from fake_slack import FakeSlack, is_report
from mallory_process import until
from sqlalchemy import text

from bot.clock import SystemClock
from bot.config import load_settings
from bot.events import ThreadRef
from bot.runtime import Runtime
from storage.models import Status
from storage.queue import Request

ROOT = Path(__file__).resolve().parents[2]
TS = "1750000100.000100"
THREAD = ThreadRef("slack", "T111", "C111", TS)
pytestmark = pytest.mark.slow  # real bot and worker processes


def _env(tmp_path: Path, url: str, slack: FakeSlack, *, bot_token_only: bool = False) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "TELEGRAM_", "ANTHROPIC_", "MALLORY_"))
    }
    env.update(
        MALLORY_DATA_DIR=str(tmp_path / "data"),
        MALLORY_DATABASE_URL=url,
        MALLORY_LLM="offline",
        MALLORY_EMBEDDER="none",
        SLACK_BOT_TOKEN=slack.bot_token,
        SLACK_API_URL=slack.base_url,
    )
    if not bot_token_only:
        env["SLACK_SIGNING_SECRET"] = "not-used-by-a-worker"
    return env


async def _worker_once(tmp_path: Path, env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "worker",
        "--once",
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def _enqueued(settings: Any) -> str:
    """An investigation in THREAD's queue, over the example vault; its id."""
    async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
        await rt.ingest(ROOT / "examples" / "vault")
        conv, _ = await rt.conversations.get_or_create(
            key=THREAD.key,
            platform="slack",
            space="T111",
            channel="C111",
            thread=TS,
            thread_ref=THREAD.to_json(),
            now=rt.clock.now(),
        )
        enq = await rt.queue.enqueue(
            Request(
                conversation_id=conv.id,
                space="T111",
                question="the on-call policy",
                thread_ref=THREAD.to_json(),
                requester_id="U222",
            ),
            now=rt.clock.now(),
            dedup_window=rt.clock.now() - rt.clock.now(),
        )
        return enq.investigation.id


def _reports(slack: FakeSlack, inv_id: str) -> list[dict[str, Any]]:
    return [
        m
        for m in slack.posts_in("C111", TS)
        if (m.get("metadata") or {}).get("event_payload", {}).get("investigation_id") == inv_id
    ]


async def test_a_worker_killed_after_posting_leaves_one_report_in_the_thread(
    tmp_path: Path, postgres_database: str
) -> None:
    slack = FakeSlack()
    await slack.start()
    try:
        settings = load_settings(
            data_dir=tmp_path / "data",
            database_url=postgres_database,
            llm_provider="offline",
            embedder="none",
        )
        inv_id = await _enqueued(settings)
        env = _env(tmp_path, postgres_database, slack)

        arrived, release = slack.hold("chat.postMessage")
        first = await _worker_once(tmp_path, env)
        await asyncio.wait_for(arrived.wait(), 120)  # the report is in the thread; no answer yet
        first.send_signal(signal.SIGKILL)
        await first.wait()
        assert first.returncode == -signal.SIGKILL
        slack.holds.pop("chat.postMessage")
        release.set()
        assert len(_reports(slack, inv_id)) == 1

        async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
            inv = await rt.queue.get(inv_id)
            assert inv is not None and inv.status == Status.DONE.value and inv.delivered_at is None
            # the dead worker's delivery lease (5 minutes) runs out
            with rt.db.blocking.begin() as conn:
                conn.execute(
                    text("UPDATE investigations SET next_delivery_at = :t WHERE id = :id"),
                    {"t": inv.finished_at, "id": inv_id},
                )

        second = await _worker_once(tmp_path, env)
        _, err = await asyncio.wait_for(second.communicate(), 120)
        assert second.returncode == 0, err.decode()

        [report] = _reports(slack, inv_id)
        assert slack.calls_to("conversations.replies"), "the second worker read the thread first"
        async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
            inv = await rt.queue.get(inv_id)
            assert inv is not None and inv.status == Status.DELIVERED.value
            assert inv.delivery_message_id == report["ts"]
    finally:
        await slack.stop()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _bot(tmp_path: Path, env: dict[str, str], port: int) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "run",
        "--http",
        str(port),
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )


async def test_a_worker_with_only_the_bot_token_delivers(tmp_path: Path, postgres_database: str) -> None:
    """A worker host has SLACK_BOT_TOKEN (and the API URL) and nothing else: it posts the report."""
    slack = FakeSlack()
    await slack.start()
    try:
        settings = load_settings(
            data_dir=tmp_path / "data",
            database_url=postgres_database,
            llm_provider="offline",
            embedder="none",
        )
        inv_id = await _enqueued(settings)
        worker = await _worker_once(tmp_path, _env(tmp_path, postgres_database, slack, bot_token_only=True))
        _, err = await asyncio.wait_for(worker.communicate(), 120)
        assert worker.returncode == 0, err.decode()
        assert "delivering to slack" in err.decode()
        assert len(_reports(slack, inv_id)) == 1
        async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
            inv = await rt.queue.get(inv_id)
            assert inv is not None and inv.status == Status.DELIVERED.value
    finally:
        await slack.stop()


async def test_a_redelivered_event_and_a_twin_across_two_bot_processes_make_one_investigation(
    tmp_path: Path, postgres_database: str
) -> None:
    import json

    import aiohttp
    from slack_harness import SIGNING_SECRET, mention_event, signature_headers

    slack = FakeSlack()
    await slack.start()
    env = {**_env(tmp_path, postgres_database, slack), "SLACK_SIGNING_SECRET": SIGNING_SECRET}
    settings = load_settings(
        data_dir=tmp_path / "data", database_url=postgres_database, llm_provider="offline", embedder="none"
    )
    async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
        await rt.ingest(ROOT / "examples" / "vault")  # and the schema, before two processes start
    ports = [_free_port(), _free_port()]
    bots = [await _bot(tmp_path, env, port) for port in ports]
    try:
        async with aiohttp.ClientSession() as http:

            async def healthy() -> bool:
                for port in ports:
                    try:
                        async with http.get(f"http://127.0.0.1:{port}/healthz") as r:
                            if r.status != 200:
                                return False
                    except aiohttp.ClientError:
                        return False
                return True

            await until(healthy)
            text_ = "research the on-call policy"
            mention = json.dumps(mention_event(text_, ts=TS, event_id="EvA"))
            twin = json.dumps(mention_event(text_, ts=TS, event_id="EvB", kind="message"))

            async def deliver(port: int, body: str, retry: int = 0) -> int:
                headers = {"Content-Type": "application/json", **signature_headers(body)}
                if retry:
                    headers.update({"X-Slack-Retry-Num": str(retry), "X-Slack-Retry-Reason": "http_timeout"})
                async with http.post(
                    f"http://127.0.0.1:{port}/slack/events", data=body, headers=headers
                ) as r:
                    return r.status

            # the event to both processes at once (a retry reaching the other one), and its twin
            statuses = await asyncio.gather(
                deliver(ports[0], mention), deliver(ports[1], mention, retry=1), deliver(ports[1], twin)
            )
            assert statuses == [200, 200, 200]

            async def acknowledged() -> bool:
                # the acknowledgement (a post that is not a report): the processes' own
                # workers may already have edited its "On it" into progress or "Done"
                return any(not is_report(m) for m in slack.posts_in("C111", TS))

            await until(acknowledged)

            async def reported() -> bool:
                # wait for an event instead of a fixed time: the report comes a worker tick and
                # a whole investigation after the enqueue, so a second acknowledgement from the
                # other deliveries, were there one, would be in the thread by then
                return any(is_report(m) for m in slack.posts_in("C111", TS))

            await until(reported)
        # the acknowledgement may have been edited since (the run processes' workers report)
        acks = [m for m in slack.posts_in("C111", TS) if not is_report(m)]
        assert len(acks) == 1
        assert len([m for m in slack.posts_in("C111", TS) if is_report(m)]) <= 1
        async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
            assert len(await rt.queue.listing()) == 1
    finally:
        for proc in bots:
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
        for proc in bots:
            try:
                await asyncio.wait_for(proc.wait(), 30)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        await slack.stop()


async def test_a_worker_stopped_past_its_lease_changes_nothing_when_it_resumes(
    tmp_path: Path, postgres_database: str
) -> None:
    from fake_anthropic import FakeAnthropic, text_message, tool_message

    late = "Synthesised by the worker that was stopped."
    question = "the on-call policy"

    def rule(request: dict[str, Any]) -> dict[str, Any]:
        if (request.get("tool_choice") or {}).get("name") == "write_synthesis":
            return tool_message("write_synthesis", {"summary": late, "gaps": []})
        return text_message(question)

    model = FakeAnthropic(rule)
    await model.start()
    arrived, release = model.hold("write_synthesis")
    settings = load_settings(
        data_dir=tmp_path / "data", database_url=postgres_database, llm_provider="offline", embedder="none"
    )
    console = ThreadRef("console", "global", "c", "t")
    async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
        await rt.ingest(ROOT / "examples" / "vault")
        conv, _ = await rt.conversations.get_or_create(
            key=console.key,
            platform="console",
            space="global",
            channel="c",
            thread="t",
            thread_ref=console.to_json(),
            now=rt.clock.now(),
        )
        enq = await rt.queue.enqueue(
            Request(conversation_id=conv.id, space="global", question=question, thread_ref=console.to_json()),
            now=rt.clock.now(),
            dedup_window=rt.clock.now() - rt.clock.now(),
        )
        inv_id = enq.investigation.id
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "TELEGRAM_", "ANTHROPIC_", "MALLORY_"))
    }
    base.update(
        MALLORY_DATA_DIR=str(tmp_path / "data"),
        MALLORY_DATABASE_URL=postgres_database,
        MALLORY_EMBEDDER="none",
    )
    stalls = {
        **base,
        "MALLORY_LLM": "anthropic",
        "ANTHROPIC_API_KEY": "sk-ant-test-0123",
        "ANTHROPIC_BASE_URL": model.url,
    }
    first = await _worker_once(tmp_path, stalls)
    try:
        await asyncio.wait_for(arrived.wait(), 120)  # in its model call, after its last heartbeat
        first.send_signal(signal.SIGSTOP)
        async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
            with rt.db.blocking.begin() as conn:  # its lease (30 minutes) runs out
                conn.execute(
                    text(
                        "UPDATE investigations SET heartbeat_at = heartbeat_at - interval '31 minutes' WHERE id = :id"
                    ),
                    {"id": inv_id},
                )
        second = await _worker_once(tmp_path, {**base, "MALLORY_LLM": "offline"})
        _, err = await asyncio.wait_for(second.communicate(), 120)
        assert second.returncode == 0, err.decode()
        async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
            done = await rt.queue.get(inv_id)
        assert (
            done is not None
            and done.status == Status.DONE.value
            and done.report_path
            and done.report_entry_id
        )
        written = Path(done.report_path).read_text(encoding="utf-8")

        first.send_signal(signal.SIGCONT)
        release.set()
        _, err = await asyncio.wait_for(first.communicate(), 120)
        assert first.returncode == 0, err.decode()
        assert "not recorded: stale_claim" in err.decode()

        async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
            after = await rt.queue.get(inv_id)
            entry = await rt.knowledge.get(done.report_entry_id, spaces=["global"])
        assert after is not None
        assert (after.answer, after.report_path, after.report_entry_id) == (
            done.answer,
            done.report_path,
            done.report_entry_id,
        )
        assert Path(done.report_path).read_text(encoding="utf-8") == written and late not in written
        assert [p.name for p in Path(done.report_path).parent.iterdir()] == [Path(done.report_path).name]
        assert entry is not None and entry.content == written
    finally:
        if first.returncode is None:
            first.send_signal(signal.SIGCONT)
            first.kill()
            await first.wait()
        await model.stop()
