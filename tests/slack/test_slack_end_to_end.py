"""End to end: Slack events in over signed HTTP, the real core and worker, replies out
through the real slack_sdk client into the fake Slack — in the right thread, once."""

from __future__ import annotations

from typing import Any

from slack_harness import Harness, mention_event, press


def buttons_of(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for b in message.get("blocks") or [] if b["type"] == "actions" for e in b["elements"]]


async def _inbox_rows(bot: Harness) -> list[tuple[str, int, object]]:
    from sqlalchemy import text

    with bot.rt.db.blocking.begin() as conn:
        return [tuple(r) for r in conn.execute(text("SELECT key, attempts, done_at FROM inbox ORDER BY key"))]


async def test_mention_gets_ack_then_report_in_the_same_thread(bot: Harness) -> None:
    ts = "1750000100.000100"
    text = "research the storage backend decision for Atlas"
    # Slack sends both an app_mention and a message event for one message.
    assert (await bot.event(mention_event(text, ts=ts, event_id="Ev1")))[0] == 200
    assert (await bot.event(mention_event(text, ts=ts, event_id="Ev2", kind="message")))[0] == 200
    await bot.adapter.drain()
    # Over HTTP the message is stored in the inbox before Slack hears back (with the
    # database away Slack gets a 5xx and retries); the twins are one message: one row, done.
    rows = await _inbox_rows(bot)
    assert [(r[0], r[1], r[2] is not None) for r in rows] == [(f"slack:message:T111:C111:{ts}", 1, True)]

    [ack] = bot.thread_posts("C111", ts)
    assert ack["text"].startswith("On it")
    assert [b["text"]["text"] for b in buttons_of(ack)] == ["Answer quickly instead"]
    assert bot.slack.calls_to("assistant.threads.setStatus"), "the thread shows the bot is digging"

    assert await bot.rt.worker.run_once() == 1

    ack_now, report = bot.thread_posts("C111", ts)[:2]
    assert ack_now["ts"] == ack["ts"]
    assert report["text"].startswith("<@U222> "), "the requester is pinged"
    assert all(c.args.get("thread_ts") == ts for c in bot.slack.calls_to("chat.postMessage"))
    # The acknowledgement was edited with progress, then marked done.
    assert ack_now.get("edits", 0) >= 2
    assert "Done" in ack_now["text"]
    # Long reports come with the full Markdown file in the same thread.
    [info] = bot.slack.files.values()
    assert info["thread_ts"] == ts and info["channel"] == "C111"
    assert "Context Summary" in info["content"] and len(info["content"]) > len(report["text"])
    assert await bot.rt.worker.run_once() == 0
    assert len(bot.thread_posts("C111", ts)) == 2, "nothing is delivered twice"


async def test_follow_up_in_the_thread_needs_no_mention(bot: Harness) -> None:
    root = "1750000300.000100"
    await bot.event(mention_event("hello there", ts=root, event_id="Ev10"))
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", root)) == 1
    follow_up = mention_event(
        "what do we know about the Beacon release?",
        ts="1750000301.000100",
        event_id="Ev11",
        kind="message",
        bot_user_id="",
        thread_ts=root,
    )
    await bot.event(follow_up)
    # The same words in a thread the bot is not part of are overheard, not answered.
    overheard = mention_event(
        "what do we know about the Beacon release?",
        ts="1750000401.000100",
        event_id="Ev12",
        kind="message",
        bot_user_id="",
        thread_ts="1750000400.000100",
    )
    await bot.event(overheard)
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", root)) == 2
    assert bot.thread_posts("C111", "1750000400.000100") == []


async def press_investigate_twice(bot: Harness, ts: str) -> None:
    await bot.event(mention_event("what is the storage backend for Atlas?", ts=ts, event_id=f"Ev{ts}"))
    await bot.adapter.drain()
    [answer] = bot.thread_posts("C111", ts)
    [button] = [b for b in buttons_of(answer) if "investigat" in b["text"]["text"].lower()]
    for trigger in ("trigger-1", "trigger-2"):
        status, _ = await bot.interaction(press(button, answer, user="U222", trigger=trigger))
        assert status == 200
    await bot.adapter.drain()


async def test_button_pressed_twice_enqueues_one_investigation(bot: Harness) -> None:
    ts = "1750000500.000100"
    await press_investigate_twice(bot, ts)
    acks = [p for p in bot.thread_posts("C111", ts) if p["text"].startswith("On it")]
    assert len(acks) == 1
    assert await bot.rt.worker.run_once() == 1
    reports = [p for p in bot.thread_posts("C111", ts) if p["text"].startswith("<@U222>")]
    assert len(reports) == 1


async def test_second_press_is_told_the_investigation_is_under_way(bot: Harness) -> None:
    ts = "1750000550.000100"
    await press_investigate_twice(bot, ts)
    assert any("already investigating" in p["text"] for p in bot.thread_posts("C111", ts))


async def test_rate_limited_report_is_posted_later_exactly_once(bot: Harness) -> None:
    ts = "1750000600.000100"
    await bot.event(mention_event("investigate the Beacon crash incidents", ts=ts, event_id="Ev30"))
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", ts)) == 1

    bot.slack.rate_limit("chat.postMessage", retry_after=30)
    assert await bot.rt.worker.run_once() == 1
    limited = [c for c in bot.slack.calls_to("chat.postMessage") if c.status == 429]
    assert len(limited) == 1
    assert len(bot.thread_posts("C111", ts)) == 1, "the report could not be posted yet"

    await bot.rt.worker.run_once()  # too early: Retry-After has not passed
    assert len(bot.thread_posts("C111", ts)) == 1
    assert len([c for c in bot.slack.calls_to("chat.postMessage") if c.status == 429]) == 1

    bot.clock.advance(31)
    await bot.rt.worker.run_once()
    bot.clock.advance(600)
    await bot.rt.worker.run_once()
    reports = [p for p in bot.thread_posts("C111", ts) if p["text"].startswith("<@U222>")]
    assert len(reports) == 1


async def test_answer_quickly_instead_cancels_and_answers(bot: Harness) -> None:
    ts = "1750000700.000100"
    await bot.event(mention_event("research the storage backend decision", ts=ts, event_id="Ev40"))
    await bot.adapter.drain()
    [ack] = bot.thread_posts("C111", ts)
    [button] = buttons_of(ack)
    await bot.interaction(press(button, ack, user="U222", trigger="t-quick"))
    await bot.adapter.drain()
    posts = bot.thread_posts("C111", ts)
    assert len(posts) == 2  # the acknowledgement and the quick answer
    assert await bot.rt.worker.run_once() == 0, "the investigation was cancelled"


async def test_steering_note_and_cancel_in_the_thread(bot: Harness) -> None:
    ts = "1750000800.000100"
    await bot.event(mention_event("research the storage backend decision", ts=ts, event_id="Ev50"))
    await bot.event(
        mention_event(
            "also check the March incident",
            ts="1750000801.000100",
            event_id="Ev51",
            kind="message",
            bot_user_id="",
            thread_ts=ts,
        )
    )
    await bot.adapter.drain()
    assert any(p["text"].startswith("Noted") for p in bot.thread_posts("C111", ts)), [
        p["text"] for p in bot.thread_posts("C111", ts)
    ]
    await bot.event(
        mention_event(
            "cancel", ts="1750000802.000100", event_id="Ev52", kind="message", bot_user_id="", thread_ts=ts
        )
    )
    await bot.adapter.drain()
    assert any(p["text"].startswith("Cancelled") for p in bot.thread_posts("C111", ts))
    assert await bot.rt.worker.run_once() == 0


async def test_direct_message_is_answered_in_its_thread(bot: Harness) -> None:
    ts = "1750000900.000100"
    dm = mention_event("hi Mallory", ts=ts, event_id="Ev60", kind="message", channel="D999", bot_user_id="")
    await bot.event(dm)
    await bot.adapter.drain()
    [reply] = bot.thread_posts("D999", ts)
    assert reply["text"]


async def test_own_and_other_bots_messages_never_loop(bot: Harness) -> None:
    ts = "1750001000.000100"
    await bot.event(mention_event("hello", ts=ts, event_id="Ev70"))
    await bot.adapter.drain()
    [ours] = bot.thread_posts("C111", ts)
    # Slack echoes our own post back as a message event in the thread.
    echo = mention_event(
        ours["text"], ts=ours["ts"], event_id="Ev71", kind="message", bot_user_id="", thread_ts=ts
    )
    echo["event"].update(user="UBOT", bot_id="BBOT")
    other_bot = mention_event("hey", ts="1750001001.000100", event_id="Ev72", kind="message", thread_ts=ts)
    other_bot["event"].update(bot_id="B999", user="UB999")
    for payload in (echo, other_bot):
        assert (await bot.event(payload))[0] == 200
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", ts)) == 1


async def test_rate_limited_answer_is_posted_later_not_lost(bot: Harness) -> None:
    ts = "1750001100.000100"
    bot.slack.rate_limit("chat.postMessage", retry_after=5, times=2)
    await bot.event(mention_event("hello", ts=ts, event_id="Ev80"))
    await bot.adapter.drain()
    assert bot.thread_posts("C111", ts) == []
    for _ in range(2):
        assert await bot.rt.worker.delivery.deliver_pending() == 0, "not before Retry-After"
        bot.clock.advance(5)
        await bot.rt.worker.delivery.deliver_pending()
    assert len(bot.thread_posts("C111", ts)) == 1
    assert len([c for c in bot.slack.calls_to("chat.postMessage") if c.status == 429]) == 2
    bot.clock.advance(60)
    await bot.rt.worker.delivery.deliver_pending()
    assert len(bot.thread_posts("C111", ts)) == 1, "posted once"


async def test_a_yes_to_an_offer_posted_late_starts_the_investigation(bot: Harness) -> None:
    """The offer under a rate-limited answer is recorded when the answer finally goes out,
    so a typed "yes" to it commissions the investigation."""
    ts = "1750001150.000100"
    bot.slack.rate_limit("chat.postMessage", retry_after=3)
    await bot.event(
        mention_event("what is the airspeed velocity of an unladen swallow?", ts=ts, event_id="Ev85")
    )
    await bot.adapter.drain()
    assert bot.thread_posts("C111", ts) == []
    bot.clock.advance(3)
    assert await bot.rt.worker.delivery.deliver_replies() == 1
    [answer] = bot.thread_posts("C111", ts)
    assert [b["text"]["text"] for b in buttons_of(answer)] == ["Investigate this"]
    yes = mention_event(
        "yes", ts="1750001151.000100", event_id="Ev86", kind="message", bot_user_id="", thread_ts=ts
    )
    await bot.event(yes)
    await bot.adapter.drain()
    assert bot.thread_posts("C111", ts)[-1]["text"].startswith("On it")
    assert await bot.rt.worker.run_once() == 1


async def test_typed_yes_accepts_the_offer_to_dig_deeper(bot: Harness) -> None:
    ts = "1750001200.000100"
    await bot.event(
        mention_event("what is the airspeed velocity of an unladen swallow?", ts=ts, event_id="Ev90")
    )
    await bot.adapter.drain()
    [answer] = bot.thread_posts("C111", ts)
    assert [b["text"]["text"] for b in buttons_of(answer)] == ["Investigate this"]
    yes = mention_event(
        "yes", ts="1750001201.000100", event_id="Ev91", kind="message", bot_user_id="", thread_ts=ts
    )
    await bot.event(yes)
    await bot.adapter.drain()
    assert bot.thread_posts("C111", ts)[-1]["text"].startswith("On it")
    assert await bot.rt.worker.run_once() == 1
