"""Real processes on a real PostgreSQL: eight `mallory worker` processes drain 2,000
investigations into the fake Slack server (offline model), each posted exactly once and none
lost; and the database restarting mid-run (``pg_ctl restart``) does not stop them.

Heavy (minutes, not seconds): marked ``heavy``, left out of the default run and run by
``.ci/run`` on its own (``pytest -m heavy``)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from own_postgres import own_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "slack"))
from fake_slack import FakeSlack

pytestmark = pytest.mark.heavy

ROOT = Path(__file__).resolve().parents[2]
CHANNEL = "C0FAULTS"
BOT_TOKEN = "xoxb-fault-tests"


@pytest.fixture
async def slack() -> AsyncIterator[FakeSlack]:
    server = FakeSlack(bot_token=BOT_TOKEN)
    await server.start()
    yield server
    await server.stop()


def _env(url: str, slack: FakeSlack, data: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "MALLORY_", "TELEGRAM_", "ANTHROPIC_"))
    }
    env.update(
        MALLORY_DATABASE_URL=url,
        MALLORY_DATA_DIR=str(data),
        MALLORY_LLM="offline",
        MALLORY_EMBEDDER="none",
        MALLORY_SHUTDOWN_GRACE="20",
        SLACK_BOT_TOKEN=BOT_TOKEN,
        SLACK_SIGNING_SECRET="fault-tests-signing-secret",  # (a worker only sends)
        SLACK_API_URL=slack.base_url,
    )
    return env


async def _enqueue(url: str, count: int) -> list[str]:
    """``count`` investigations, each in a Slack thread of its own (as a busy workspace)."""
    from storage.conversations import Conversations
    from storage.db import Database
    from storage.queue import Queue, Request

    db = Database(url)
    await db.migrate()
    conversations, queue = Conversations(db), Queue(db)
    topics = []
    for n in range(count):
        ts = f"1780000000.{n:06d}"
        ref = f'{{"channel": "{CHANNEL}", "extras": {{}}, "platform": "slack", "space": "T111", "thread": "{ts}"}}'
        conv, _ = await conversations.get_or_create(
            key=f"slack:T111:{CHANNEL}:{ts}", platform="slack", space="T111", channel=CHANNEL, thread=ts,
            thread_ref=ref, now=datetime.now(UTC),
        )  # fmt: skip
        topic = f"fault topic {n:05d} {uuid.uuid4().hex[:6]}"
        await queue.enqueue(
            Request(conversation_id=conv.id, space="T111", question=topic, thread_ref=ref),
            now=datetime.now(UTC),
            dedup_window=timedelta(0),
        )
        topics.append(topic)
    await db.dispose()
    return topics


async def _statuses(url: str) -> Counter[str]:
    from storage.db import Database

    db = Database(url)
    try:
        rows = await db.read_sql(lambda c: db.execute(c, "SELECT status FROM investigations").all())
    finally:
        await db.dispose()
    return Counter(r["status"] for r in rows)


def _start_workers(n: int, env: dict[str, str], logs: Path) -> list[subprocess.Popen[bytes]]:
    logs.mkdir(parents=True, exist_ok=True)
    return [
        subprocess.Popen(
            [sys.executable, "-m", "bot", "worker"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=(logs / f"worker{i}.log").open("wb"),
        )
        for i in range(n)
    ]


async def _stop(workers: list[subprocess.Popen[bytes]]) -> list[int | None]:
    """SIGTERM each; the exit codes (None: still running a minute later, then killed)."""
    for proc in workers:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    codes: list[int | None] = []
    for proc in workers:
        try:
            codes.append(await asyncio.to_thread(proc.wait, 60))
        except subprocess.TimeoutExpired:
            proc.kill()
            codes.append(None)
    return codes


async def _drain(
    url: str, count: int, workers: list[subprocess.Popen[bytes]], *, timeout: float, during: object = None
) -> float:
    """Wait until every investigation is delivered; returns the seconds it took."""
    start = time.monotonic()
    restarted = during is None
    while True:
        statuses = await _statuses(url)
        if statuses.get("delivered", 0) == count:
            return time.monotonic() - start
        if not restarted and statuses.get("delivered", 0) >= count // 3:
            await asyncio.to_thread(during)  # type: ignore[arg-type]
            restarted = True
        assert all(p.poll() is None for p in workers), "a worker died"
        assert time.monotonic() - start < timeout, f"not drained in {timeout:.0f} s: {dict(statuses)}"
        await asyncio.sleep(0.5)


def _posted_once(slack: FakeSlack, topics: list[str]) -> Counter[int]:
    """How many topics were posted how many times (each post into its own thread)."""
    per_thread = Counter(
        ts for (ch, _), m in slack.messages.items() if ch == CHANNEL for ts in [m.get("thread_ts")]
    )
    per_topic = [per_thread.get(f"1780000000.{n:06d}", 0) for n in range(len(topics))]
    return Counter(per_topic)


async def test_eight_worker_processes_deliver_2000_investigations_exactly_once(
    slack: FakeSlack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    count = 2000
    with own_server() as server:
        topics = await _enqueue(server.url, count)
        workers = _start_workers(8, _env(server.url, slack, tmp_path / "data"), tmp_path / "logs")
        try:
            seconds = await _drain(server.url, count, workers, timeout=1500)
        finally:
            codes = await _stop(workers)
        assert _posted_once(slack, topics) == Counter({1: count}), "each posted exactly once"
        assert codes == [0] * 8, "every worker stopped cleanly on SIGTERM"
        with capsys.disabled():
            print(
                f"\n8 workers, {count} investigations delivered once each in {seconds:.1f} s ({count / seconds:.1f}/s)"
            )


async def test_workers_carry_on_when_the_database_restarts(
    slack: FakeSlack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    count = 600
    with own_server() as server:
        topics = await _enqueue(server.url, count)
        workers = _start_workers(4, _env(server.url, slack, tmp_path / "data"), tmp_path / "logs")
        try:
            seconds = await _drain(server.url, count, workers, timeout=900, during=server.restart)
        finally:
            codes = await _stop(workers)
        posted = _posted_once(slack, topics)
        assert posted[0] == 0, f"none lost: {dict(posted)}"
        assert codes == [0] * 4
        logs = "".join(p.read_text(errors="replace") for p in (tmp_path / "logs").iterdir())
        with capsys.disabled():
            print(
                f"\nrestart mid-run: {count} delivered in {seconds:.1f} s; posts per thread {dict(posted)}; "
                f"'notifications are back' logged {logs.count('database notifications are back')}×"
            )
        # a post that reached Slack while recording it failed is posted again until the
        # Slack reconcile (issue 11, correctness half) lands: counted above, not hidden
