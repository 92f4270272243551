"""Who a Slack message is addressed to, end to end: in a thread Mallory takes part in, a
request to a colleague is stored and left alone; the same request that also names Mallory
is taken. Events go in over signed HTTP and replies out through the real slack_sdk."""

from __future__ import annotations

from datetime import datetime

from slack_harness import Harness, mention_event

from adapters.slack.inbound import message_inbound
from bot.events import Inbound, Person
from bot.routing import addressing_of


async def _thread_with_mallory(bot: Harness, root: str) -> None:
    await bot.event(mention_event("hello there", ts=root, event_id=f"Ev{root}"))
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", root)) == 1


async def test_a_request_to_a_colleague_in_our_thread_is_left_alone(bot: Harness) -> None:
    root = "1750000500.000100"
    await _thread_with_mallory(bot, root)
    to_priya = mention_event(
        "<@U0PRIYA> can you look into the failed payouts when you're back?",
        ts="1750000501.000100",
        event_id="EvP1",
        kind="message",
        bot_user_id="",
        thread_ts=root,
    )
    await bot.event(to_priya)
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", root)) == 1, "no reply, no acknowledgement"
    assert await bot.rt.queue.listing() == [], "no investigation nobody asked Mallory for"
    conv = await bot.rt.conversations.by_key(f"slack:T111:C111:{root}")
    assert conv is not None
    stored = await bot.rt.conversations.history(conv.id)
    assert any("can you look into the failed payouts" in m.text for m in stored), "stored, not lost"


async def test_a_request_naming_mallory_and_a_colleague_is_taken(bot: Harness) -> None:
    root = "1750000600.000100"
    await _thread_with_mallory(bot, root)
    both = mention_event(
        "<@U0PRIYA> fyi, <@UBOT> can you dig into the failed payouts?",
        ts="1750000601.000100",
        event_id="EvP2",
        kind="message",
        bot_user_id="",
        thread_ts=root,
    )
    await bot.event(both)
    await bot.adapter.drain()
    posts = bot.thread_posts("C111", root)
    assert len(posts) == 2 and posts[1]["text"].startswith("On it")
    [inv] = await bot.rt.queue.listing()
    assert "failed payouts" in inv.question


def test_mentions_travel_as_fields_and_stay_in_the_text() -> None:
    body = mention_event(
        "<@U0PRIYA> <!here> can you look into this?", ts="1.0", event_id="Ev", bot_user_id="UBOT"
    )
    inbound = message_inbound(body, bot_user_id="UBOT", bot_id="B1", now=datetime(2026, 1, 1))
    assert isinstance(inbound, Inbound)
    assert inbound.bot_named
    assert inbound.mentions == (Person("U0PRIYA"), Person("here", "here"))
    assert inbound.text == "@U0PRIYA @here can you look into this?"
    addressing = addressing_of(inbound)
    assert addressing.others == ("U0PRIYA", "here") and addressing.bot_named


def test_a_message_event_mentioning_only_a_colleague_does_not_name_the_bot() -> None:
    body = mention_event(
        "<@U0PRIYA> can you look into this?", ts="1.0", event_id="Ev", kind="message", bot_user_id=""
    )
    inbound = message_inbound(body, bot_user_id="UBOT", bot_id="B1", now=datetime(2026, 1, 1))
    assert isinstance(inbound, Inbound)
    assert not inbound.bot_named and not inbound.is_mention
    assert inbound.mentions == (Person("U0PRIYA"),)
