"""Schedules with real processes: two ``mallory run --http`` bots on one PostgreSQL against
the fake Slack, ``MALLORY_SCHEDULE_MIN_INTERVAL=60``. ``/schedule every 1 minute …`` posts
its first run within ~90 s and the next a minute later, each run once, whichever process
takes it (they wake at the due time, not on a poll)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "slack"))
from fake_slack import FakeSlack
from mallory_process import until
from postgres_server import _free_port
from slack_harness import SIGNING_SECRET, signature_headers
from test_slack_http import command

from bot.clock import SystemClock
from bot.config import load_settings
from bot.runtime import Runtime

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.heavy


def _reports(slack: FakeSlack, ts: str) -> list[str]:
    """The investigation id of each report posted in the schedule's thread, in order."""
    return [
        m["metadata"]["event_payload"]["investigation_id"]
        for m in slack.posts_in("C111", ts)
        if (m.get("metadata") or {}).get("event_payload", {}).get("investigation_id")
    ]


async def test_every_minute_runs_once_a_minute_across_two_bot_processes(
    tmp_path: Path, postgres_database: str
) -> None:
    slack = FakeSlack()
    await slack.start()
    slack.add_user("U222", tz="Europe/London")
    settings = load_settings(
        data_dir=tmp_path / "data", database_url=postgres_database, llm_provider="offline", embedder="none"
    )
    async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
        await rt.ingest(ROOT / "examples" / "vault")  # and the schema, before the bots start
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "TELEGRAM_", "ANTHROPIC_", "MALLORY_"))
    }
    env.update(
        MALLORY_DATA_DIR=str(tmp_path / "data"),
        MALLORY_DATABASE_URL=postgres_database,
        MALLORY_LLM="offline",
        MALLORY_EMBEDDER="none",
        MALLORY_SCHEDULE_MIN_INTERVAL="60",
        SLACK_BOT_TOKEN=slack.bot_token,
        SLACK_SIGNING_SECRET=SIGNING_SECRET,
        SLACK_API_URL=slack.base_url,
    )
    ports = [_free_port(), _free_port()]
    bots = [
        await asyncio.create_subprocess_exec(
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
        for port in ports
    ]
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http:
            for port in ports:

                async def healthy(port: int = port) -> bool:
                    try:
                        async with http.get(f"http://127.0.0.1:{port}/healthz") as r:
                            return r.status == 200
                    except aiohttp.ClientError:
                        return False

                await until(healthy, within=60)
            body = urlencode(command("/schedule", "every 1 minute the Beacon crash incidents"))
            headers = {"Content-Type": "application/x-www-form-urlencoded", **signature_headers(body)}
            async with http.post(
                f"http://127.0.0.1:{ports[0]}/slack/events", data=body, headers=headers
            ) as r:
                assert r.status == 200

            async def rooted() -> bool:
                return any(not c.args.get("thread_ts") for c in slack.ok_calls("chat.postMessage"))

            await until(rooted, within=30)
            [root] = [c for c in slack.ok_calls("chat.postMessage") if not c.args.get("thread_ts")]
            ts = root.response["ts"]

            async def confirmed() -> bool:
                return any("Scheduled " in m.get("text", "") for m in slack.posts_in("C111", ts))

            await until(confirmed, within=30)
            said = next(m["text"] for m in slack.posts_in("C111", ts) if "Scheduled " in m["text"])
            assert "every minute (Europe/London)" in said

            async def runs(n: int) -> Any:
                async def check() -> bool:
                    return len(_reports(slack, ts)) >= n

                return check

            first = await until(await runs(1), within=90)
            second = await until(await runs(2), within=80)
            await asyncio.sleep(5)  # a duplicate would come from the other process by now
            reports = _reports(slack, ts)
            print(f"first run after {first:.1f} s, the next {second:.1f} s later; reports: {len(reports)}")
            assert len(reports) == len(set(reports)), "a run was posted twice"
            async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
                [row] = await rt.core.scheduling.listing()
                runs_taken = [i for i in await rt.queue.listing(limit=100) if i.schedule_id == row.id]
            # each due time taken once: as many investigations as the schedule counted runs
            assert len(runs_taken) == row.runs and len(reports) <= row.runs
            assert len({i.id for i in runs_taken}) == len(runs_taken)
            assert all(b.returncode is None for b in bots), "both bot processes kept running"
    finally:
        for bot in bots:
            if bot.returncode is None:
                bot.send_signal(signal.SIGTERM)
        for bot in bots:
            try:
                await asyncio.wait_for(bot.communicate(), 60)
            except TimeoutError:
                bot.kill()
                await bot.communicate()
        await slack.stop()
