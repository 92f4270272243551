"""Exactly one report in the thread when a delivery's outcome is unknown: the post reached
Slack but its record was not written (the process died, or the database was away). The
report carries the investigation id in message metadata, and a retry reads the thread for
it (``conversations.replies`` with ``include_all_metadata``) before posting anything."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fake_slack import FakeSlack, is_report
from postgres_server import database_away, database_back
from slack_harness import Harness, mention_event, running_bot
from sqlalchemy import text

from adapters.slack import sender_from_settings
from bot.clock import FakeClock
from bot.work.delivery import DELIVERY_LEASE
from storage.models import Status

TS = "1750000100.000100"
QUESTION = "research the storage backend decision for Atlas"


async def _asked(bot: Harness) -> str:
    assert (await bot.event(mention_event(QUESTION, ts=TS, event_id="Ev1")))[0] == 200
    await bot.adapter.drain()
    [inv] = await bot.rt.queue.listing()
    return inv.id


def _reports(bot: Harness) -> list[dict[str, Any]]:
    return [m for m in bot.thread_posts("C111", TS) if is_report(m)]


async def test_a_report_whose_record_was_lost_is_found_in_the_thread_not_posted_again(bot: Harness) -> None:
    inv_id = await _asked(bot)
    assert await bot.rt.worker.run_once() == 1
    [report] = _reports(bot)
    assert report["metadata"] == {
        "event_type": "mallory_report",
        "event_payload": {"investigation_id": inv_id, "part": 0, "parts": 1},
    }
    _lost_record(bot, inv_id)
    bot.clock.advance(DELIVERY_LEASE.total_seconds() + 1)  # the dead worker's lease runs out

    await bot.rt.worker.run_once()

    assert _reports(bot) == [report], "the report is in the thread once"
    assert len(bot.slack.files) == 1, "and its file once"
    [read] = bot.slack.calls_to("conversations.replies")
    assert read.args["include_all_metadata"] in ("1", "true", True)
    inv = await bot.rt.queue.get(inv_id)
    assert inv is not None and inv.status == Status.DELIVERED.value
    assert inv.delivery_message_id == report["ts"]


def _lost_record(bot: Harness, inv_id: str) -> None:
    """What a crash between the post and its record leaves: done, leased, not delivered."""
    with bot.rt.db.blocking.begin() as conn:
        conn.execute(
            text(
                "UPDATE investigations SET status = 'done', delivered_at = NULL, "
                "delivery_message_id = NULL WHERE id = :id"
            ),
            {"id": inv_id},
        )


async def test_a_dead_processs_delivery_is_taken_up_after_the_configured_lease_when_shorter(
    tmp_path: Path, clock: FakeClock, slack: FakeSlack, seeded_database: Callable[[Path], str | None]
) -> None:
    """An operator who sets ``MALLORY_LEASE=60`` has a dead process's half-done delivery taken
    up after a minute, not after the five minutes a delivery lease lasts by default."""
    async with running_bot(tmp_path, clock, slack, database_url=seeded_database(tmp_path), lease_s=60) as bot:
        inv_id = await _asked(bot)
        assert await bot.rt.worker.run_once() == 1
        [report] = _reports(bot)
        _lost_record(bot, inv_id)
        bot.clock.advance(59)
        await bot.rt.worker.delivery.deliver_pending()
        inv = await bot.rt.queue.get(inv_id)
        assert inv is not None and inv.status == Status.DONE.value, "still the dead process's"
        bot.clock.advance(2)
        await bot.rt.worker.delivery.deliver_pending()
        inv = await bot.rt.queue.get(inv_id)
        assert inv is not None and inv.status == Status.DELIVERED.value
        assert _reports(bot) == [report], "found in the thread, not posted again"


async def test_a_retry_posts_only_the_parts_that_did_not_arrive(bot: Harness) -> None:
    inv_id = await _asked(bot)
    bot.slack.fail("files.getUploadURLExternal", "internal_error")  # the message lands, its file not
    assert await bot.rt.worker.run_once() == 1
    [report] = _reports(bot)
    assert not bot.slack.files
    bot.clock.advance(DELIVERY_LEASE.total_seconds() + 1)
    fresh = sender_from_settings(bot.settings, clock=bot.clock)  # a new process knows nothing
    assert fresh is not None
    bot.rt.worker.senders["slack"] = fresh
    try:
        await bot.rt.worker.run_once()
    finally:
        await fresh.aclose()
    assert _reports(bot) == [report]
    assert len(bot.slack.files) == 1
    inv = await bot.rt.queue.get(inv_id)
    assert inv is not None and inv.status == Status.DELIVERED.value


async def test_posted_while_the_database_was_away_is_recorded_when_it_is_back(bot: Harness) -> None:
    if bot.settings.database_url is None:
        pytest.skip("a database server going away: PostgreSQL")
    url = bot.settings.database_url
    inv_id = await _asked(bot)
    post = bot.slack.handlers["chat.postMessage"]

    def post_then_lose_the_database(args: dict[str, Any]) -> dict[str, Any]:
        answer = post(args)
        if is_report(args):  # the report reached Slack; now the database goes away
            database_away(url)
        return answer

    bot.slack.handlers["chat.postMessage"] = post_then_lose_the_database
    await bot.rt.worker.tick()  # runs it and posts the report; recording it fails (logged)
    [report] = _reports(bot)

    await bot.rt.worker.sweep()  # still away: nothing posted, nothing lost
    database_back(url)
    await bot.rt.worker.sweep()
    bot.clock.advance(DELIVERY_LEASE.total_seconds() + 1)
    await bot.rt.worker.sweep()

    assert _reports(bot) == [report]
    inv = await bot.rt.queue.get(inv_id)
    assert inv is not None and inv.status == Status.DELIVERED.value
    assert inv.delivery_message_id == report["ts"]
