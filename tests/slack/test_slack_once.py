"""Once means once: a message handled a second time (its inbox row taken up again after a
process died, or retried after the database went away) never gets its reply twice, and a
request to investigate never makes a second investigation. The reply's identity (the
message it answers and its kind) is recorded with it and carried in its Slack metadata; a
reply posted while the database was away is held in memory and recorded when it is back."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fake_slack import is_report
from postgres_server import database_away, database_back
from slack_harness import Harness, mention_event
from sqlalchemy import text

from adapters.slack.inbound import Ignored, message_inbound, message_key
from bot.events import Inbound
from bot.inbound.intake import LEASE_S, inbound_payload
from bot.policy import HOME_TEAM
from storage.inbox import Inbox
from storage.models import Status

TS = "1750000100.000100"
QUESTION = "what does our on-call policy say?"
DIG = "research the storage backend decision for Atlas"


def _inbound(bot: Harness, event: dict[str, Any]) -> Inbound:
    inbound = message_inbound(event, bot_user_id="UBOT", bot_id="BBOT", now=bot.clock.now())
    assert not isinstance(inbound, Ignored)
    return Inbound(**{**inbound.__dict__, "extras": {**inbound.extras, HOME_TEAM: "T111"}})


async def _handled_by_a_process_that_died(bot: Harness, event: dict[str, Any]) -> Inbound:
    """A bot process took the inbox row, handled the message (stored it, posted and recorded
    its reply, commissioned what it asked for) and died before marking the row done."""
    inbound = _inbound(bot, event)
    died = Inbox(bot.rt.db, owner="a-process-that-died")
    taken = await died.take(
        key=message_key(inbound),
        platform="slack",
        kind="message",
        payload=json.dumps({"inbound": inbound_payload(inbound)}),
        now=bot.clock.now(),
        lease=bot.adapter.intake.lease,
    )
    assert taken is not None
    await bot.rt.core.handle(inbound, bot.sender)
    return inbound


async def _taken_up_again(bot: Harness) -> None:
    bot.clock.advance(LEASE_S + 1)
    assert await bot.adapter.intake.sweep() == 1
    await bot.adapter.drain()
    assert await bot.rt.core.inbox.waiting("slack") == 0


def _answers(bot: Harness) -> list[dict[str, Any]]:
    return [m for m in bot.thread_posts("C111", TS) if not is_report(m)]


async def _recorded_replies(bot: Harness) -> int:
    with bot.rt.db.blocking.begin() as conn:
        return int(conn.execute(text("SELECT count(*) FROM messages WHERE role = 'assistant'")).scalar_one())


async def test_a_reply_recorded_before_the_crash_is_not_posted_again(bot: Harness) -> None:
    await _handled_by_a_process_that_died(bot, mention_event(QUESTION, ts=TS, event_id="Ev1"))
    assert len(_answers(bot)) == 1

    await _taken_up_again(bot)
    assert len(_answers(bot)) == 1, "the second attempt found the reply recorded"
    assert await _recorded_replies(bot) == 1


async def test_a_reply_posted_but_not_recorded_is_found_in_the_thread(bot: Harness) -> None:
    """The process died between the post and its record: the thread is read for the reply's
    identity (message metadata) before posting again, and what is found is recorded."""
    await _handled_by_a_process_that_died(bot, mention_event(QUESTION, ts=TS, event_id="Ev1"))
    [answer] = _answers(bot)
    with bot.rt.db.blocking.begin() as conn:  # as if the record had never been written
        conn.execute(text("DELETE FROM messages WHERE role = 'assistant'"))
        conn.execute(text("DELETE FROM seen_events WHERE key LIKE 'reply:%'"))

    await _taken_up_again(bot)
    assert _answers(bot) == [answer]
    assert bot.slack.calls_to("conversations.replies"), "the thread was read first"
    assert await _recorded_replies(bot) == 1, "what was found is recorded"


async def test_a_request_whose_investigation_finished_meanwhile_joins_it(bot: Harness) -> None:
    """The first attempt commissioned an investigation, which ran and was delivered before
    the inbox row was taken up again: the second attempt joins it (no second investigation,
    no second acknowledgement, no second report)."""
    await _handled_by_a_process_that_died(bot, mention_event(DIG, ts=TS, event_id="Ev1"))
    await bot.rt.worker.tick()
    [inv] = await bot.rt.queue.listing()
    assert inv.status == Status.DELIVERED.value
    posts = len(bot.thread_posts("C111", TS))

    await _taken_up_again(bot)
    await bot.rt.worker.tick()
    assert len(await bot.rt.queue.listing()) == 1
    assert len(bot.thread_posts("C111", TS)) == posts


async def test_a_request_acknowledged_by_no_one_whose_report_came_meanwhile_is_answered_once(
    bot: Harness,
) -> None:
    """The first attempt commissioned an investigation and died before its acknowledgement
    went out; another process ran it and delivered the report before the message was taken
    up again: the message still gets one answer (that the report is in the thread, not a
    stale "On it"), and no second investigation or report."""
    await _handled_by_a_process_that_died(bot, mention_event(DIG, ts=TS, event_id="Ev1"))
    [ack] = _answers(bot)  # as if it had never been posted
    bot.slack.messages = {k: m for k, m in bot.slack.messages.items() if m is not ack}
    with bot.rt.db.blocking.begin() as conn:
        conn.execute(text("DELETE FROM messages WHERE role = 'assistant'"))
        conn.execute(text("DELETE FROM seen_events WHERE key LIKE 'reply:%'"))
    await bot.rt.worker.tick()
    [inv] = await bot.rt.queue.listing()
    assert inv.status == Status.DELIVERED.value

    await _taken_up_again(bot)
    await bot.rt.worker.tick()
    [answer] = _answers(bot)
    assert "report" in answer["text"] and "On it" not in answer["text"], answer["text"]
    assert [is_report(m) for m in bot.thread_posts("C111", TS)] == [True, False]
    assert len(await bot.rt.queue.listing()) == 1


async def test_a_request_whose_investigation_is_open_joins_it_without_a_note(bot: Harness) -> None:
    await _handled_by_a_process_that_died(bot, mention_event(DIG, ts=TS, event_id="Ev1"))
    [inv] = await bot.rt.queue.listing()
    posts = len(bot.thread_posts("C111", TS))

    await _taken_up_again(bot)
    assert [i.id for i in await bot.rt.queue.listing()] == [inv.id]
    assert await bot.rt.queue.notes(inv.id) == [], "its own request is not a steering note"
    assert len(bot.thread_posts("C111", TS)) == posts, "not acknowledged twice"


@pytest.mark.parametrize("said", [QUESTION, DIG], ids=["answer", "investigation"])
async def test_a_reply_posted_while_the_database_went_away_is_recorded_not_posted_again(
    bot: Harness, said: str
) -> None:
    url = bot.settings.database_url
    if url is None:
        pytest.skip("a database server going away: PostgreSQL")
    post = bot.slack.handlers["chat.postMessage"]

    def post_then_lose_the_database(args: dict[str, Any]) -> dict[str, Any]:
        answer = post(args)
        if args.get("thread_ts") == TS and not is_report(args):
            database_away(url)  # the reply reached Slack; recording it fails
        return answer

    bot.slack.handlers["chat.postMessage"] = post_then_lose_the_database
    assert (await bot.event(mention_event(said, ts=TS, event_id="Ev1")))[0] == 200
    await bot.adapter.drain()
    assert len(_answers(bot)) == 1
    assert bot.adapter.door.waiting == 1, "the message waits for the database"
    bot.slack.handlers["chat.postMessage"] = post

    database_back(url)
    assert await bot.adapter.door.retry() == 1
    await bot.adapter.drain()
    assert len(_answers(bot)) == 1, "recorded, not posted again"
    assert await _recorded_replies(bot) == 1
    assert len(await bot.rt.queue.listing()) == (1 if said == DIG else 0)
    assert await bot.rt.core.inbox.waiting("slack") == 0


async def test_an_answer_kept_for_later_is_not_kept_again_when_the_message_is_handled_again(
    bot: Harness,
) -> None:
    """Slack rate-limited the answer, so it was kept in the database to be posted when due;
    the process died before marking the message done. The second attempt leaves the answer
    to the kept one: it is posted once."""
    bot.slack.rate_limit("chat.postMessage", retry_after=5)
    await _handled_by_a_process_that_died(bot, mention_event(QUESTION, ts=TS, event_id="Ev1"))
    assert _answers(bot) == [], "kept for later"

    await _taken_up_again(bot)
    bot.clock.advance(10)
    await bot.rt.worker.delivery.deliver_pending()
    bot.clock.advance(3600)
    await bot.rt.worker.delivery.deliver_pending()
    assert len(_answers(bot)) == 1
