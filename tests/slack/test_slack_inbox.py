"""Nothing lost at the door: a message stored in the inbox by a bot process that stopped
before finishing it is answered, once, by another process — by its sweep, or by Slack's
redelivery once the stopped process's lease has run out — even when the stopped process
had already stored the message in the conversation."""

from __future__ import annotations

import json

from slack_harness import Harness, mention_event

from adapters.slack.inbound import Ignored, message_inbound, message_key
from bot.events import Inbound
from bot.intake import LEASE_S, inbound_payload
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
