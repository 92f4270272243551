"""Nothing lost at the door: a message stored in the inbox by a bot process that stopped
before finishing it is answered, once, by another process — by its sweep, or by Slack's
redelivery once the stopped process's lease has run out — even when the stopped process
had already stored the message in the conversation."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from fake_slack import FakeSlack
from postgres_server import database_away, database_back
from slack_harness import Harness, mention_event, running_bot

from adapters.slack.inbound import Ignored, message_inbound, message_key
from bot.clock import FakeClock
from bot.events import Inbound
from bot.inbound.intake import LEASE_S, inbound_payload
from bot.policy import HOME_TEAM
from storage.inbox import Inbox

TS = "1750000100.000100"
QUESTION = "what does our on-call policy say?"


def _as_the_adapter_reads(bot: Harness, event: dict[str, object]) -> Inbound:
    inbound = message_inbound(event, bot_user_id="UBOT", bot_id="BBOT", now=bot.clock.now())
    assert not isinstance(inbound, Ignored)
    return Inbound(**{**inbound.__dict__, "extras": {**inbound.extras, HOME_TEAM: "T111"}})


async def _left_by_a_stopped_process(bot: Harness, event: dict[str, object]) -> Inbound:
    """What a bot process that answered Slack's delivery with 200 and then died leaves
    behind: the inbox row, claimed by it, not done."""
    inbound = _as_the_adapter_reads(bot, event)
    stopped = Inbox(bot.rt.db, owner="a-process-that-died")
    taken = await stopped.take(
        key=message_key(inbound),
        platform="slack",
        kind="message",
        payload=json.dumps({"inbound": inbound_payload(inbound)}),
        now=bot.clock.now(),
        lease=bot.adapter.intake.lease,
    )
    assert taken is not None
    return inbound


def _answers(bot: Harness) -> list[dict[str, object]]:
    return bot.thread_posts("C111", TS)


async def test_the_sweep_answers_a_message_a_stopped_process_left_once_its_lease_runs_out(
    bot: Harness,
) -> None:
    event = mention_event(QUESTION, ts=TS, event_id="Ev1")
    await _left_by_a_stopped_process(bot, event)

    assert await bot.adapter.intake.sweep() == 0, "its lease is still live"
    bot.clock.advance(LEASE_S + 1)
    assert await bot.adapter.intake.sweep() == 1
    await bot.adapter.drain()
    assert len(_answers(bot)) == 1

    # done: neither a redelivery nor a later sweep answers it again
    assert (
        await bot.event(event, headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"})
    )[0] == 200
    bot.clock.advance(LEASE_S + 1)
    assert await bot.adapter.intake.sweep() == 0
    await bot.adapter.drain()
    assert len(_answers(bot)) == 1
    assert await bot.rt.core.inbox.waiting("slack") == 0


async def test_a_redelivery_of_a_message_not_done_is_handled_not_ignored(bot: Harness) -> None:
    event = mention_event(QUESTION, ts=TS, event_id="Ev1")
    inbound = await _left_by_a_stopped_process(bot, event)
    # the stopped process got as far as storing the message in the conversation
    assert await bot.rt.core.inbound.store(inbound) is not None

    retry = {"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"}
    assert (await bot.event(event, headers=retry))[0] == 200
    await bot.adapter.drain()
    assert _answers(bot) == [], "held by a live process: not handled twice"

    bot.clock.advance(LEASE_S + 1)
    assert (await bot.event(event, headers={**retry, "X-Slack-Retry-Num": "2"}))[0] == 200
    await bot.adapter.drain()
    assert len(_answers(bot)) == 1, "carried on from the stored message"
    assert await bot.rt.core.inbox.waiting("slack") == 0


async def test_over_socket_mode_a_message_waits_for_the_database_and_is_answered_when_it_is_back(
    tmp_path: Path,
    clock: FakeClock,
    slack: FakeSlack,
    database_url: str | None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    if database_url is None:
        pytest.skip("a database server going away: PostgreSQL (SQLite: see the deleted-file test)")
    caplog.set_level(logging.INFO)
    async with running_bot(
        tmp_path, clock, slack, http=False, slack_app_token=slack.app_token, database_url=database_url
    ) as bot:
        database_away(database_url)
        envelope = {
            "envelope_id": "env-1",
            "payload": mention_event(QUESTION, ts=TS, event_id="Ev1"),
            "type": "events_api",
            "accepts_response_payload": False,
        }
        ack = await slack.push_envelope(envelope)
        assert ack["envelope_id"] == "env-1", "Slack hears back at once"
        await bot.adapter.drain()
        assert bot.adapter.door.waiting == 1 and _answers(bot) == []
        assert await bot.adapter.door.retry() == 0  # still away: kept

        database_back(database_url)
        assert await bot.adapter.door.retry() == 1
        await bot.adapter.drain()
        assert len(_answers(bot)) == 1
        assert await bot.rt.core.inbox.waiting("slack") == 0
    down = [r for r in caplog.records if "database unavailable" in r.getMessage()]
    back = [r for r in caplog.records if "database is back" in r.getMessage()]
    assert len(down) == 1 and len(back) == 1


async def test_the_database_failing_after_the_message_was_stored_still_gets_it_answered_once(
    bot: Harness,
) -> None:
    url = bot.settings.database_url
    if url is None:
        pytest.skip("a database server going away: PostgreSQL (SQLite: see the deleted-file test)")
    arrived, release = bot.slack.hold("assistant.threads.setStatus")  # "typing…", after the message is stored
    assert (await bot.event(mention_event(QUESTION, ts=TS, event_id="Ev1")))[0] == 200
    await arrived.wait()
    database_away(url)
    bot.slack.holds.pop("assistant.threads.setStatus")
    release.set()
    await bot.adapter.drain()
    assert bot.adapter.door.waiting == 1, "kept until the database is back"

    database_back(url)
    assert await bot.adapter.door.retry() == 1
    await bot.adapter.drain()
    assert len(_answers(bot)) == 1, "answered, once"
    assert await bot.rt.core.inbox.waiting("slack") == 0
