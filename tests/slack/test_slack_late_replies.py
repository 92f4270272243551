"""Answers Slack rate-limited, kept in the database until due (``bot.work.late_replies``): the next
process posts what a stopped one left, two processes post one reply once, a reply is given
up after the cap or on a permanent error, and ``forget`` and the retention sweep delete
them (SQLite file and PostgreSQL, the real Slack SDK against the fake Slack)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from fake_slack import FakeSlack
from postgres_server import database_away, database_back
from slack_harness import Harness, mention_event, running_bot
from sqlalchemy import text

from bot.clock import FakeClock
from bot.work.late_replies import MAX_ATTEMPTS
from storage.records import forget

TS = "1750002000.000100"


async def _limited_hello(bot: Harness, *, ts: str = TS, event_id: str = "Ev1", **limit: Any) -> None:
    """A mention whose answer Slack refuses with 429 (``limit``: the fake's rate_limit)."""
    bot.slack.rate_limit("chat.postMessage", **{"retry_after": 5, **limit})
    await _hello(bot, ts=ts, event_id=event_id)


async def _hello(bot: Harness, *, ts: str, event_id: str, user: str = "U222") -> None:
    """A mention whose answer is held back (by the fake, or by the sender's rate-limit gate)."""
    assert (await bot.event(mention_event("hello", ts=ts, event_id=event_id, user=user)))[0] == 200
    await bot.adapter.drain()
    assert bot.thread_posts("C111", ts) == [], "rate limited: nothing posted yet"


def _rows(bot: Harness) -> list[Any]:
    with bot.rt.db.blocking.connect() as conn:
        return list(conn.execute(text("SELECT text, outcome, done_at FROM pending_replies")).mappings())


async def _assistant_turns(bot: Harness, ts: str) -> list[str]:
    conv = await bot.rt.conversations.by_key(f"slack:T111:C111:{ts}")
    assert conv is not None
    return [
        t.platform_message_id for t in await bot.rt.conversations.history(conv.id) if t.role == "assistant"
    ]


async def test_a_reply_pending_when_its_process_stops_is_posted_by_the_next_process(
    tmp_path: Path, clock: FakeClock, slack: FakeSlack, database_url: str | None
) -> None:
    async with running_bot(tmp_path, clock, slack, database_url=database_url) as first:
        await _limited_hello(first)
    assert slack.posts_in("C111", TS) == [], "the first process stopped before the reply was due"
    clock.advance(5)
    async with running_bot(tmp_path, clock, slack, database_url=database_url) as second:
        assert await second.rt.worker.delivery.deliver_pending() == 1
        [answer] = second.thread_posts("C111", TS)
        assert await _assistant_turns(second, TS) == [answer["ts"]], "recorded by the process that posted it"
        clock.advance(600)
        assert await second.rt.worker.delivery.deliver_pending() == 0
    assert len(slack.posts_in("C111", TS)) == 1


async def test_two_processes_post_one_pending_reply_once(
    tmp_path: Path, clock: FakeClock, slack: FakeSlack, database_url: str | None
) -> None:
    async with running_bot(tmp_path, clock, slack, database_url=database_url) as a:
        async with running_bot(tmp_path, clock, slack, database_url=database_url) as b:
            await _limited_hello(a)
            clock.advance(5)
            arrived, release = slack.hold("chat.postMessage")
            posting = asyncio.create_task(a.rt.worker.delivery.deliver_pending())
            await asyncio.wait_for(arrived.wait(), 10)  # a holds the lease and its post is in flight
            assert await b.rt.worker.delivery.deliver_pending() == 0, "b must not post it too"
            slack.holds.pop("chat.postMessage")
            release.set()
            assert await posting == 1
            clock.advance(600)  # far past the lease: it is done, not merely leased
            assert await b.rt.worker.delivery.deliver_pending() == 0
            assert len(slack.posts_in("C111", TS)) == 1
            assert len(await _assistant_turns(b, TS)) == 1


async def test_a_late_reply_posted_while_the_database_went_away_is_recorded_not_posted_again(
    bot: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    url = bot.settings.database_url
    if url is None:
        pytest.skip("a database server going away: PostgreSQL")
    await _limited_hello(bot)
    bot.clock.advance(5)
    arrived, release = bot.slack.hold("chat.postMessage")
    posting = asyncio.create_task(bot.rt.worker.delivery.deliver_replies())
    await asyncio.wait_for(arrived.wait(), 10)  # Slack has the post; the record comes next
    database_away(url)
    bot.slack.holds.pop("chat.postMessage")
    release.set()
    try:
        assert await posting == 0
        assert "could not record it" in caplog.text
    finally:
        database_back(url)
    bot.clock.advance(600)  # past the lease: only this process's memory keeps it from a re-post
    await bot.rt.worker.delivery.deliver_pending()
    [answer] = bot.thread_posts("C111", TS)
    assert await _assistant_turns(bot, TS) == [answer["ts"]]
    await bot.rt.worker.delivery.deliver_pending()
    assert len(bot.thread_posts("C111", TS)) == 1


async def test_a_reply_is_given_up_after_the_cap_logged_and_not_retried(
    bot: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.work.late_replies")
    await _limited_hello(bot, retry_after=1, times=100)
    for _ in range(MAX_ATTEMPTS + 3):
        bot.clock.advance(2)
        assert await bot.rt.worker.delivery.deliver_pending() == 0
    assert len(bot.slack.calls_to("chat.postMessage")) == MAX_ATTEMPTS, "the outbox's try and the retries"
    assert "gave up posting a reply" in caplog.text
    bot.clock.advance(86_400)
    await bot.rt.worker.delivery.deliver_pending()
    assert len(bot.slack.calls_to("chat.postMessage")) == MAX_ATTEMPTS
    [row] = _rows(bot)
    assert row["outcome"] == "gave_up" and row["text"] == "", "a given-up reply keeps no text"


async def test_a_reply_whose_posting_processes_kept_dying_is_given_up_at_the_cap(
    bot: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """Each process that leased it died before saying how it went (its lease ran out): the
    attempts still count, so the reply is not posted forever."""
    caplog.set_level(logging.WARNING, logger="bot.work.late_replies")
    await _limited_hello(bot)
    with bot.rt.db.blocking.begin() as conn:
        conn.execute(text("UPDATE pending_replies SET attempts = :n"), {"n": MAX_ATTEMPTS})
    bot.clock.advance(5)
    assert await bot.rt.worker.delivery.deliver_pending() == 0
    assert "gave up posting a reply" in caplog.text
    assert len(bot.slack.calls_to("chat.postMessage")) == 1  # only the first 429
    [row] = _rows(bot)
    assert row["outcome"] == "gave_up"


async def test_a_permanent_error_gives_up_at_once(bot: Harness, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bot.work.late_replies")
    await _limited_hello(bot)
    bot.slack.fail("chat.postMessage", "channel_not_found")
    bot.clock.advance(5)
    assert await bot.rt.worker.delivery.deliver_pending() == 0
    assert "gave up posting a reply" in caplog.text and "channel_not_found" in caplog.text
    bot.clock.advance(86_400)
    await bot.rt.worker.delivery.deliver_pending()
    assert len(bot.slack.calls_to("chat.postMessage")) == 2  # the 429, then the refusal: no third
    assert bot.thread_posts("C111", TS) == []


async def test_forget_a_user_deletes_the_replies_waiting_for_them(bot: Harness) -> None:
    await _limited_hello(bot)
    second, other = "1750002001.000100", "1750002002.000100"
    # the sender holds chat.postMessage back until Retry-After has passed: these wait too
    await _hello(bot, ts=second, event_id="Ev2")
    await _hello(bot, ts=other, event_id="Ev3", user="U333")
    assert await bot.rt.worker.delivery.later.store.waiting("slack") == 3  # type: ignore[union-attr]
    gone = await forget(bot.rt.db, user="U222", now=bot.clock.now())
    assert gone.pending_replies == 2
    assert "2 replies waiting to be posted" in gone.summary()
    bot.clock.advance(5)
    assert await bot.rt.worker.delivery.deliver_pending() == 1
    assert bot.thread_posts("C111", TS) == [] and bot.thread_posts("C111", second) == []
    assert len(bot.thread_posts("C111", other)) == 1, "someone else's reply is still posted"


async def test_forget_a_space_deletes_its_waiting_replies(bot: Harness) -> None:
    await _limited_hello(bot)
    gone = await forget(bot.rt.db, space="T111", now=bot.clock.now())
    assert gone.pending_replies == 1
    assert _rows(bot) == []
    bot.clock.advance(5)
    assert await bot.rt.worker.delivery.deliver_pending() == 0
    assert bot.thread_posts("C111", TS) == []


async def test_the_retention_sweep_deletes_posted_replies(bot: Harness) -> None:
    await _limited_hello(bot)
    bot.clock.advance(5)
    assert await bot.rt.worker.delivery.deliver_pending() == 1
    [row] = _rows(bot)
    assert row["outcome"] == "delivered" and row["text"] == "", "the text lives in the conversation now"
    await bot.rt.worker.delivery.forget_old(bot.rt.settings.seen_retention_s)
    assert len(_rows(bot)) == 1, "kept for the retention period"
    bot.clock.advance(bot.rt.settings.seen_retention_s + 3600)
    await bot.rt.worker.delivery.forget_old(bot.rt.settings.seen_retention_s)
    assert _rows(bot) == []
