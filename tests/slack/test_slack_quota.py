"""The daily model-token quota over the real Slack adapter and the real ``anthropic`` client
against the fake Messages API (SQLite and PostgreSQL): over the limit the answer in the
thread comes from the notes, says which limit was reached and when it resets, and no model
call is made; an admin is exempt."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fake_anthropic import FakeAnthropic, per_job, tool_message
from fake_slack import FakeSlack
from slack_harness import Harness, mention_event, running_bot

from bot.clock import FakeClock

DEEP = "claude-opus-4-8"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 6, 1, 23, 15, tzinfo=UTC))  # 45 min before the reset


@pytest.fixture
async def anthropic() -> AsyncIterator[FakeAnthropic]:
    quick = tool_message("route_message", {"route": "quick", "reason": "q"})
    server = FakeAnthropic(per_job(DEEP, classify=quick))
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def bot(
    tmp_path: Path, clock: FakeClock, slack: FakeSlack, anthropic: FakeAnthropic, database_url: str | None
) -> AsyncIterator[Harness]:
    async with running_bot(
        tmp_path,
        clock,
        slack,
        database_url=database_url,
        llm_provider="anthropic",
        anthropic_api_key="sk-ant-test-slack-quota",
        anthropic_base_url=anthropic.url,
        deep_model=DEEP,
        llm_max_retries=0,
        tokens_per_user_day=1,
        admins="U999",
    ) as harness:
        yield harness


async def _ask(bot: Harness, text: str, ts: str, user: str) -> str:
    assert (await bot.event(mention_event(text, ts=ts, event_id=f"Ev{ts}", user=user)))[0] == 200
    await bot.adapter.drain()
    return bot.thread_posts("C111", ts)[-1]["text"]


async def test_over_the_daily_limit_the_thread_is_answered_from_the_notes(
    bot: Harness, anthropic: FakeAnthropic
) -> None:
    first = await _ask(bot, "What is Beacon?", "1780355700.000100", "U222")
    assert "fake reply" in first
    called = len(anthropic.requests)

    second = await _ask(bot, "What was decided about Atlas storage?", "1780355710.000100", "U222")
    assert len(anthropic.requests) == called, "over the limit no model call is made"
    assert "language-model allowance for today" in second and "tokens a day per person" in second
    assert "resets at 00:00 UTC, in 45 min" in second
    assert "[Entry " in second

    admin = await _ask(bot, "What was decided about Atlas storage?", "1780355720.000100", "U999")
    assert len(anthropic.requests) > called and "fake reply" in admin
