"""Nothing lost at the door on Slack: over HTTP the delivery is recorded before Slack hears
back, so with the database away Slack gets a non-2xx answer and sends the event again;
when the database is back, the retry is answered. Over Socket Mode the envelope is already
acknowledged, so the message waits in memory and is answered when the database is back."""

from __future__ import annotations

import pytest
from postgres_server import database_away, database_back
from slack_harness import Harness, mention_event

TS = "1750000100.000100"


def _needs_a_server(bot: Harness) -> str:
    if bot.settings.database_url is None:
        pytest.skip("a database server going away: PostgreSQL (SQLite: see the deleted-file test)")
    return bot.settings.database_url


async def test_over_http_slack_hears_an_error_and_its_retry_is_answered(bot: Harness) -> None:
    url = _needs_a_server(bot)
    event = mention_event("what do our notes say about on-call?", ts=TS, event_id="EvDown")
    database_away(url)
    status, _ = await bot.event(event)
    assert not 200 <= status < 300, "Slack must send it again"
    await bot.adapter.drain()
    assert bot.thread_posts("C111", TS) == []

    database_back(url)
    retry = {"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_error"}
    assert (await bot.event(event, headers=retry))[0] == 200
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", TS)) == 1, "answered once, on the retry"
    assert (await bot.event(event, headers={**retry, "X-Slack-Retry-Num": "2"}))[0] == 200
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", TS)) == 1
