"""Two bot processes sharing one database (SQLite file and PostgreSQL), each serving Slack
over HTTP against the same fake Slack, as behind a load balancer: a double "yes" to an
offer, a double button press and a replayed signed slash command, each delivered to both,
start one investigation (and cancel once, report once)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "slack"))
from fake_slack import FakeSlack
from slack_harness import Harness, mention_event, press, running_bot, signature_headers

from bot.clock import FakeClock

ROOT_TS = "1750001000.000100"


@pytest.fixture
async def slack() -> AsyncIterator[FakeSlack]:
    server = FakeSlack()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def two_bots(
    tmp_path: Path, clock: FakeClock, slack: FakeSlack, database_url: str | None
) -> AsyncIterator[tuple[Harness, Harness]]:
    """Two whole bots (runtime, core, Slack adapter) on one database: the same data folder
    (so the same SQLite file), or the same PostgreSQL database."""
    async with running_bot(tmp_path, clock, slack, database_url=database_url) as a:
        async with running_bot(tmp_path, clock, slack, database_url=database_url) as b:
            yield a, b


async def _drain(*bots: Harness) -> None:
    for bot in bots:
        await bot.adapter.drain()


def _buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for b in message.get("blocks") or [] if b["type"] == "actions" for e in b["elements"]]


def _acks(bot: Harness, ts: str) -> list[dict[str, Any]]:
    return [p for p in bot.thread_posts("C111", ts) if p["text"].startswith("On it")]


async def _quick_answer_with_offer(a: Harness) -> dict[str, Any]:
    status, _ = await a.event(
        mention_event("who won the 1998 football world cup?", ts=ROOT_TS, event_id="Ev1")
    )
    assert status == 200
    await a.adapter.drain()
    [answer] = a.thread_posts("C111", ROOT_TS)
    return answer


async def test_a_double_yes_to_an_offer_across_two_bots_starts_one_investigation(
    two_bots: tuple[Harness, Harness],
) -> None:
    a, b = two_bots
    answer = await _quick_answer_with_offer(a)
    assert any("investigat" in x["text"]["text"].lower() for x in _buttons(answer)), "an offer to dig"

    # "yes" typed twice (two messages), each reaching another bot process
    yes = [
        mention_event(text, ts=ts, event_id=ev, thread_ts=ROOT_TS)
        for text, ts, ev in (("yes", "1750001001.000100", "Ev2"), ("yes please", "1750001002.000100", "Ev3"))
    ]
    statuses = await asyncio.gather(a.event(yes[0]), b.event(yes[1]))
    assert [s for s, _ in statuses] == [200, 200]
    await _drain(a, b)

    assert len(await a.rt.queue.listing()) == 1
    assert len(_acks(a, ROOT_TS)) == 1
    assert await a.rt.worker.run_once() + await b.rt.worker.run_once() == 1
    reports = [
        p
        for p in a.thread_posts("C111", ROOT_TS)
        if (p.get("metadata") or {}).get("event_type") == "mallory_report"
    ]
    assert len(reports) == 1


async def test_a_double_press_across_two_bots_starts_one_and_cancels_once(
    two_bots: tuple[Harness, Harness],
) -> None:
    a, b = two_bots
    answer = await _quick_answer_with_offer(a)
    [dig] = [x for x in _buttons(answer) if x["text"]["text"] == "Investigate this"]
    statuses = await asyncio.gather(
        a.interaction(press(dig, answer, trigger="trigger-a")),
        b.interaction(press(dig, answer, trigger="trigger-b")),
    )
    assert [s for s, _ in statuses] == [200, 200]
    await _drain(a, b)
    [inv] = await a.rt.queue.listing()
    [ack] = _acks(a, ROOT_TS)

    # "Answer quickly instead", pressed twice on the acknowledgement, once in each process
    [quick] = _buttons(ack)
    before = len(a.thread_posts("C111", ROOT_TS))
    statuses = await asyncio.gather(
        a.interaction(press(quick, ack, trigger="trigger-c")),
        b.interaction(press(quick, ack, trigger="trigger-d")),
    )
    assert [s for s, _ in statuses] == [200, 200]
    await _drain(a, b)

    done = await a.rt.queue.get(inv.id)
    assert done is not None and done.status == "cancelled"
    after = a.thread_posts("C111", ROOT_TS)
    assert len(after) == before + 1, "one quick answer, not two"
    cancelled = [p for p in after if p["text"].startswith("Cancelled")]
    assert len(cancelled) == 1 and cancelled[0]["ts"] == ack["ts"], "the acknowledgement says so, once"
    assert await a.rt.worker.run_once() + await b.rt.worker.run_once() == 0


async def test_a_replayed_signed_slash_command_on_two_bots_starts_one_investigation_and_one_report(
    two_bots: tuple[Harness, Harness],
) -> None:
    from urllib.parse import urlencode

    a, b = two_bots
    body = urlencode(
        {
            "token": "legacy-verification-token",
            "team_id": "T111",
            "team_domain": "fake",
            "channel_id": "C111",
            "channel_name": "general",
            "user_id": "U222",
            "user_name": "ana",
            "command": "/investigate",
            "text": "the Beacon crash incidents",
            "api_app_id": "A111",
            "response_url": "https://hooks.slack.invalid/commands/T111/1/x",
            "trigger_id": "1.2.3",
        }
    )
    signed = signature_headers(body)  # one signed request, captured and sent to both
    kind = "application/x-www-form-urlencoded"
    statuses = await asyncio.gather(a.post(body, kind, signed=signed), b.post(body, kind, signed=signed))
    assert sorted(s for s, _ in statuses) == [200, 401], "the replay is refused"
    await _drain(a, b)

    roots = [c for c in a.slack.ok_calls("chat.postMessage") if not c.args.get("thread_ts")]
    assert len(roots) == 1
    root_ts = roots[0].response["ts"]
    assert len(await a.rt.queue.listing()) == 1
    assert len(_acks(a, root_ts)) == 1
    assert await a.rt.worker.run_once() + await b.rt.worker.run_once() == 1
    assert await a.rt.worker.run_once() + await b.rt.worker.run_once() == 0
    reports = [
        p
        for p in a.thread_posts("C111", root_ts)
        if (p.get("metadata") or {}).get("event_type") == "mallory_report"
    ]
    assert len(reports) == 1


async def test_cancel_said_twice_across_two_bots_cancels_once(two_bots: tuple[Harness, Harness]) -> None:
    a, b = two_bots
    ask = mention_event("research the storage backend decision for Atlas", ts=ROOT_TS, event_id="Ev1")
    assert (await a.event(ask))[0] == 200
    await a.adapter.drain()
    [inv] = await a.rt.queue.listing()

    cancels = [
        mention_event("cancel", ts=ts, event_id=ev, thread_ts=ROOT_TS)
        for ts, ev in (("1750001001.000100", "Ev2"), ("1750001002.000100", "Ev3"))
    ]
    statuses = await asyncio.gather(a.event(cancels[0]), b.event(cancels[1]))
    assert [s for s, _ in statuses] == [200, 200]
    await _drain(a, b)

    done = await a.rt.queue.get(inv.id)
    assert done is not None and done.status == "cancelled"
    said = [p["text"] for p in a.thread_posts("C111", ROOT_TS)]
    assert len([t for t in said if t.startswith("Cancelled the investigation")]) == 1, said
    assert len([r for r in await a.rt.core.audit.listing() if r.action == "cancelled"]) == 1
