"""The access policy over a real Telegram adapter: a chat nobody enabled gets one polite
line with its id and nothing else (nothing stored, no model called); a listed user is let
in anywhere; the investigators list and the hourly quota are said plainly in the chat."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fake_anthropic import FakeAnthropic
from fake_telegram import FakeTelegram
from sqlalchemy import func, select
from telegram_harness import ANA, BEN, WEBHOOK_SECRET, Harness

from bot.config import Settings, load_settings
from storage.models import Message

STRANGER_GROUP = -1009999999999


@pytest.fixture
async def anthropic() -> AsyncIterator[FakeAnthropic]:
    server = FakeAnthropic()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
def settings(tmp_path: Path, telegram: FakeTelegram, anthropic: FakeAnthropic) -> Settings:
    """Only Ana's private chat is enabled; Ben is listed as a user; the model is the fake
    Anthropic server, so any model call would be seen."""
    return load_settings(
        data_dir=tmp_path / "data",
        embedder="none",
        anthropic_api_key="sk-ant-test-policy",
        anthropic_base_url=anthropic.url,
        llm_max_retries=0,
        telegram_bot_token=telegram.token,
        telegram_api_url=telegram.api_url,
        telegram_webhook_secret=WEBHOOK_SECRET,
        telegram_allowed_chats=str(ANA["id"]),
        telegram_allowed_users=str(BEN["id"]),
        investigators=str(BEN["id"]),
        investigations_per_user_hour=1,
    )


async def stored_messages(h: Harness) -> int:
    return await h.rt.db.run(lambda s: int(s.execute(select(func.count()).select_from(Message)).scalar_one()))


async def test_an_unknown_chat_gets_one_polite_line_and_nothing_else(
    harness: Harness, anthropic: FakeAnthropic
) -> None:
    h = harness
    chat = h.telegram.group(STRANGER_GROUP)
    stranger = {"id": 999, "is_bot": False, "first_name": "Eve"}
    for text in ("@MalloryTestBot what do we know about Beacon?", "@MalloryTestBot hello?", "/recall Beacon"):
        await h.say(chat, stranger, text)
    [line] = h.telegram.sent(STRANGER_GROUP)
    assert "isn't enabled in this chat" in line["text"]
    assert str(STRANGER_GROUP) in line["text"] and "TELEGRAM_ALLOWED_CHATS" in line["text"]
    assert await stored_messages(h) == 0, "nothing from a closed chat is stored"
    assert anthropic.requests == [], "no model call for a closed chat"


async def test_an_unknown_private_chat_is_closed_too(harness: Harness) -> None:
    stranger = {"id": 31337, "is_bot": False, "first_name": "Eve"}
    await harness.say(harness.telegram.private_chat(stranger), stranger, "What is Atlas?")
    [line] = harness.telegram.sent(31337)
    assert "31337" in line["text"]


async def test_a_listed_user_is_let_in_where_the_chat_is_not(harness: Harness) -> None:
    chat = harness.telegram.group(STRANGER_GROUP)
    await harness.say(chat, BEN, "@MalloryTestBot hello there")
    assert await stored_messages(harness) >= 1
    assert not any("isn't enabled" in m["text"] for m in harness.telegram.sent(STRANGER_GROUP))


async def test_only_investigators_commission_investigations(harness: Harness) -> None:
    chat = harness.telegram.private_chat(ANA)
    await harness.say(chat, ANA, "/investigate the Beacon crash incidents")
    [reply] = harness.telegram.sent(ANA["id"])
    assert "MALLORY_INVESTIGATORS" in reply["text"]
    assert await harness.rt.queue.listing(limit=5) == []


async def test_going_over_the_hourly_quota_is_said_in_the_thread(harness: Harness) -> None:
    chat = harness.telegram.group(STRANGER_GROUP)
    await harness.say(chat, BEN, "/investigate the Beacon crash incidents")
    await harness.say(chat, BEN, "/investigate the Atlas storage decision")
    texts = [m["text"] for m in harness.telegram.sent(STRANGER_GROUP)]
    assert texts[0].startswith("On it")
    assert "limit of 1 investigations per hour" in texts[-1]
    assert len(await harness.rt.queue.listing(limit=5)) == 1
    harness.rt.clock.advance(3601)  # type: ignore[attr-defined]
    await harness.say(chat, BEN, "/investigate the Atlas storage decision")
    assert len(await harness.rt.queue.listing(limit=5)) == 2
