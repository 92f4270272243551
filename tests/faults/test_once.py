"""Once means once, with real processes on a PostgreSQL of their own and the fake Slack: a
`mallory run --http` bot (its worker in the same process) under traffic while the database
is stopped for a while, and one killed with SIGKILL in the middle of handling. Every message
is answered exactly once, every request to investigate makes one investigation and one
report, and the log says once that the database is down and once that it is back."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from own_postgres import Server, own_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "slack"))
from fake_slack import FakeSlack, is_report
from mallory_process import until
from postgres_server import _free_port
from slack_harness import SIGNING_SECRET, mention_event, signature_headers

from bot.clock import SystemClock
from bot.config import load_settings
from bot.runtime import Runtime

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.heavy
DIG_EVERY = 10


def _ts(n: int) -> str:
    return f"17500{n:05d}.000100"


def _said(n: int) -> str:
    # every tenth message asks for an investigation: an acknowledgement, then a report
    return (
        f"research the storage backend decision {n}"
        if n % DIG_EVERY == 0
        else "what does our on-call policy say?"
    )


async def _prepared(tmp_path: Path, server: Server) -> None:
    settings = load_settings(
        data_dir=tmp_path / "data", database_url=server.url, llm_provider="offline", embedder="none"
    )
    async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
        await rt.ingest(ROOT / "examples" / "vault")  # and the schema, before the bot starts


def _env(tmp_path: Path, server: Server, slack: FakeSlack) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "TELEGRAM_", "ANTHROPIC_", "MALLORY_"))
    }
    env.update(
        MALLORY_DATA_DIR=str(tmp_path / "data"),
        MALLORY_DATABASE_URL=server.url,
        MALLORY_LLM="offline",
        MALLORY_EMBEDDER="none",
        SLACK_BOT_TOKEN=slack.bot_token,
        SLACK_SIGNING_SECRET=SIGNING_SECRET,
        SLACK_API_URL=slack.base_url,
    )
    return env


class Bot:
    """A ``mallory run --http`` process whose log is read while it runs: a pipe nobody
    reads fills (64 KiB) and then stops the bot at its next log line."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.log = bytearray()
        self._reading = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process.stderr is not None
        while chunk := await self.process.stderr.read(65536):
            self.log += chunk

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    def kill(self) -> None:
        self.process.kill()

    async def wait(self) -> int:
        code = await self.process.wait()
        await self._reading
        return code

    async def stopped(self) -> str:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.wait(), 60)
        except TimeoutError:
            self.process.kill()
            await self.wait()
        return self.log.decode(errors="replace")


async def _bot(tmp_path: Path, env: dict[str, str], port: int) -> Bot:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", "--http", str(port), cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    return Bot(process)


class AsSlack:
    """Sends events the way Slack does: signed, and sent again (signed afresh) after any
    non-2xx answer or dropped connection."""

    def __init__(self, http: aiohttp.ClientSession, port: int) -> None:
        self.http = http
        self.port = port

    async def healthy(self) -> bool:
        try:
            async with self.http.get(f"http://127.0.0.1:{self.port}/healthz") as r:
                return r.status == 200
        except aiohttp.ClientError:
            return False

    async def send(self, n: int) -> None:
        body = json.dumps(mention_event(_said(n), ts=_ts(n), event_id=f"Ev{n}"))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 90
        attempt = 0
        while loop.time() < deadline:
            # signed at the time it is sent (two sends in one second share a signature: an
            # event's retry is told by its id, not refused as a replay)
            headers = {
                "Content-Type": "application/json",
                **signature_headers(body, timestamp=int(time.time())),
            }
            if attempt:
                headers.update({"X-Slack-Retry-Num": str(attempt), "X-Slack-Retry-Reason": "http_error"})
            try:
                async with self.http.post(
                    f"http://127.0.0.1:{self.port}/slack/events", data=body, headers=headers
                ) as r:
                    if 200 <= r.status < 300:
                        return
            except (aiohttp.ClientError, TimeoutError):
                pass
            attempt += 1
            await asyncio.sleep(0.3)
        raise AssertionError(f"message {n} was never accepted")


def _counts(slack: FakeSlack, messages: int) -> tuple[list[int], list[int]]:
    """Per thread: the answers (acknowledgements included), and the reports."""
    answers, reports = [], []
    for n in range(messages):
        posts = slack.posts_in("C111", _ts(n))
        answers.append(sum(1 for m in posts if not is_report(m)))
        reports.append(sum(1 for m in posts if is_report(m)))
    return answers, reports


async def _investigations(tmp_path: Path, server: Server) -> list[Any]:
    settings = load_settings(
        data_dir=tmp_path / "data", database_url=server.url, llm_provider="offline", embedder="none"
    )
    async with Runtime.open(settings, clock=SystemClock(), platforms=()) as rt:
        return await rt.queue.listing(limit=1000)


async def test_a_database_outage_under_traffic_doubles_nothing(tmp_path: Path) -> None:
    messages = 80
    slack = FakeSlack()
    await slack.start()
    with own_server() as server:
        await _prepared(tmp_path, server)
        port = _free_port()
        bot = await _bot(tmp_path, _env(tmp_path, server, slack), port)
        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http:
                door = AsSlack(http, port)
                for n in range(messages):  # the messages asked, as Slack has them
                    slack.seed_thread("C111", _ts(n), [{"type": "message", "user": "U222", "ts": _ts(n)}])
                await until(door.healthy, within=60)
                sending = []
                for n in range(messages):  # a steady stream: ~4 messages a second
                    sending.append(asyncio.create_task(door.send(n)))
                    if n == 20:
                        await asyncio.to_thread(server.stop)
                        outage = asyncio.get_running_loop().time()
                    if n == 60:
                        left = 20 - (asyncio.get_running_loop().time() - outage)
                        await asyncio.sleep(max(left, 0))
                        await asyncio.to_thread(server.start)
                    await asyncio.sleep(0.25)
                await asyncio.gather(*sending)

                async def all_done() -> bool:
                    answers, reports = _counts(slack, messages)
                    digs = [n for n in range(messages) if n % DIG_EVERY == 0]
                    return all(answers) and all(reports[n] for n in digs)

                try:
                    await until(all_done, within=150)  # the investigations run one at a time
                except AssertionError:
                    raise AssertionError(f"not all answered: {_counts(slack, messages)}") from None
                await asyncio.sleep(2)  # a second answer, were there one, would be here by now
                assert bot.returncode is None, "the bot process kept running"
        finally:
            log = await bot.stopped()
            print(log[-8000:])  # shown when the test fails
            await slack.stop()
        answers, reports = _counts(slack, messages)
        assert answers == [1] * messages, (answers, log[-3000:])
        assert reports == [1 if n % DIG_EVERY == 0 else 0 for n in range(messages)], reports
        assert len(await _investigations(tmp_path, server)) == messages // DIG_EVERY
    down, back = log.count("database unavailable"), log.count("database is back")
    assert (down, back) == (1, 1), log[-5000:]
    assert "Traceback" not in log, log[-5000:]


async def test_a_bot_killed_mid_handling_doubles_nothing(tmp_path: Path) -> None:
    """SIGKILL once half the messages are answered, while a reply has reached its thread and
    Slack's answer to the post is held back; a second bot process takes up what the first left (its inbox sweep, once the dead process's leases run out): every message is
    answered once, every request to investigate makes one investigation and one report."""
    messages = 60
    slack = FakeSlack()
    await slack.start()
    with own_server() as server:
        await _prepared(tmp_path, server)
        env = {**_env(tmp_path, server, slack), "MALLORY_LEASE": "30", "MALLORY_SWEEP_INTERVAL": "5"}
        first_port, second_port = _free_port(), _free_port()
        first = await _bot(tmp_path, env, first_port)
        second: Bot | None = None
        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http:
                door = AsSlack(http, first_port)
                for n in range(messages):
                    slack.seed_thread("C111", _ts(n), [{"type": "message", "user": "U222", "ts": _ts(n)}])
                await until(door.healthy, within=60)
                await asyncio.gather(*(door.send(n) for n in range(messages)))

                async def half_answered() -> bool:
                    return sum(1 for a in _counts(slack, messages)[0] if a) >= messages // 2

                await until(half_answered, within=60)
                # the next posts reach the thread, their answers are held: killed now, the
                # process dies with replies posted and not recorded
                arrived, release = slack.hold("chat.postMessage")
                await asyncio.wait_for(arrived.wait(), 60)
                first.process.send_signal(signal.SIGKILL)
                await first.wait()
                slack.holds.pop("chat.postMessage")
                release.set()
                second = await _bot(tmp_path, env, second_port)
                # its start-up (imports, the schema check) took 15 to 35 s on a loaded 2-core
                # machine: the budget below starts when it serves
                await until(AsSlack(http, second_port).healthy, within=120)

                async def all_done() -> bool:
                    answers, reports = _counts(slack, messages)
                    digs = [n for n in range(messages) if n % DIG_EVERY == 0]
                    return all(answers) and all(reports[n] for n in digs)

                try:
                    # the dead process's inbox leases run out 45 to 60 s after the kill and
                    # its sweep takes them up within 15 s; the running investigation's lease
                    # (30 s) by then; then the messages, and the investigations one at a time
                    await until(all_done, within=150)
                except AssertionError:
                    rows = [
                        (i.question[-2:], i.status, i.attempts, i.worker_id, i.claimed_at, i.heartbeat_at,
                         i.finished_at, i.delivered_at, i.next_delivery_at)
                        for i in await _investigations(tmp_path, server)
                    ]  # fmt: skip
                    raise AssertionError(
                        f"not all answered: {_counts(slack, messages)}\ninvestigations: {rows}\n"
                        f"first bot's log: {first.log.decode(errors='replace')[-6000:]}\n"
                        f"second bot's log: {second.log.decode(errors='replace')[-4000:]}"
                    ) from None
                await asyncio.sleep(2)
        finally:
            if first.returncode is None:
                first.kill()
                await first.wait()
            log = await second.stopped() if second is not None else ""
            print(log[-8000:])  # shown when the test fails
            await slack.stop()
        answers, reports = _counts(slack, messages)
        assert answers == [1] * messages, answers
        assert reports == [1 if n % DIG_EVERY == 0 else 0 for n in range(messages)], reports
        assert len(await _investigations(tmp_path, server)) == messages // DIG_EVERY
