"""``/schedule`` on Slack: the setter's time zone comes from ``users.info``, the confirmation
and each run go to the schedule's thread, the run pings its owner."""

from __future__ import annotations

import re

from slack_harness import Harness
from test_slack_http import command


async def test_schedule_command_uses_the_setters_slack_time_zone_and_runs_in_its_thread(bot: Harness) -> None:
    bot.slack.add_user("U222", tz="America/Los_Angeles", name="ana")
    # the fake clock starts on Mon 1 Jun 2026 09:00 UTC: 02:00 in Los Angeles
    status, _ = await bot.command(command("/schedule", "every weekday at 8:30 the Beacon crash incidents"))
    await bot.adapter.drain()
    assert status == 200
    [call] = bot.slack.ok_calls("users.info")
    assert call.args["user"] == "U222"
    [root] = [c for c in bot.slack.ok_calls("chat.postMessage") if not c.args.get("thread_ts")]
    root_ts = root.response["ts"]
    [confirmation] = bot.thread_posts("C111", root_ts)
    said = confirmation["text"]
    assert "every weekday at 08:30 (America/Los_Angeles)" in said
    assert "next: Mon 1 Jun 08:30 America/Los_Angeles" in said
    sid = re.search(r"Scheduled ([0-9a-f]{8})", said).group(1)

    bot.clock.advance(hours=6, minutes=30)  # 08:30 in Los Angeles (PDT, UTC-7)
    assert await bot.rt.worker.schedules.due_runs.run_due() == 1
    assert await bot.rt.worker.run_once() == 1
    report = bot.thread_posts("C111", root_ts)[1]["text"]
    assert report.startswith("<@U222> ") and f"Scheduled run of {sid}" in report


async def test_without_users_info_the_configured_zone_is_used(bot: Harness) -> None:
    # U333 is not known to users.info (user_not_found): MALLORY_TIMEZONE, UTC by default
    await bot.command(command("/schedule", "every day at 9 the Beacon crash incidents", user="U333"))
    await bot.adapter.drain()
    [root] = [c for c in bot.slack.ok_calls("chat.postMessage") if not c.args.get("thread_ts")]
    [confirmation] = bot.thread_posts("C111", root.response["ts"])
    assert "every day at 09:00 (UTC)" in confirmation["text"]
    assert bot.slack.calls_to("users.info") and not bot.slack.ok_calls("users.info")


async def test_a_schedule_whose_channel_is_gone_pauses_itself(bot: Harness) -> None:
    await bot.command(command("/schedule", "every hour the Beacon crash incidents"))
    await bot.adapter.drain()
    bot.clock.advance(hours=1)
    assert await bot.rt.worker.schedules.due_runs.run_due() == 1
    bot.slack.fail("chat.postMessage", "channel_not_found", times=5)
    await bot.rt.worker.run_once()
    [row] = await bot.rt.core.scheduling.listing()
    assert row.paused and "channel_not_found" in row.paused_reason
    bot.clock.advance(hours=2)
    assert await bot.rt.worker.schedules.due_runs.run_due() == 0  # paused: nothing more runs
