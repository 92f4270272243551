"""Daily model-token quotas over a real Telegram adapter and the real ``anthropic`` client
against the fake Messages API, on SQLite and PostgreSQL: over the limit, the answer comes
from the notes without a model call and says which limit and when it resets; admins are
exempt; the next UTC day the model answers again; every call is charged to user and space."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fake_anthropic import FakeAnthropic, per_job, tool_message
from fake_telegram import FakeTelegram
from telegram_harness import ALLOWED_CHATS, ANA, BEN, WEBHOOK_SECRET, Harness

from bot.clock import FakeClock
from bot.config import Settings, load_settings
from storage.models import ModelCall

CARL = {"id": 6161, "is_bot": False, "first_name": "Carl", "username": "carl"}
GROUP = -1001234567890
DEEP = "claude-opus-4-8"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 6, 1, 21, 30, tzinfo=UTC))  # 2 h 30 min before the reset


@pytest.fixture
async def anthropic() -> AsyncIterator[FakeAnthropic]:
    # questions are quick questions (the model classifies them), answered "fake reply"
    server = FakeAnthropic(
        per_job(DEEP, classify=tool_message("route_message", {"route": "quick", "reason": "q"}))
    )
    await server.start()
    yield server
    await server.stop()


def _settings(
    tmp_path: Path, telegram: FakeTelegram, anthropic: FakeAnthropic, url: str | None, **extra: object
) -> Settings:
    return load_settings(
        data_dir=tmp_path / "data",
        database_url=url,
        embedder="none",
        anthropic_api_key="sk-ant-test-quota",
        anthropic_base_url=anthropic.url,
        llm_max_retries=0,
        deep_model=DEEP,
        telegram_bot_token=telegram.token,
        telegram_api_url=telegram.api_url,
        telegram_webhook_secret=WEBHOOK_SECRET,
        telegram_allowed_chats=ALLOWED_CHATS,
        telegram_allowed_users=str(BEN["id"]),
        admins=str(BEN["id"]),
        **extra,  # type: ignore[arg-type]
    )


class TestPerUser:
    @pytest.fixture
    def settings(
        self, tmp_path: Path, telegram: FakeTelegram, anthropic: FakeAnthropic, database_url: str | None
    ) -> Settings:
        return _settings(tmp_path, telegram, anthropic, database_url, tokens_per_user_day=1)

    async def test_over_the_daily_limit_the_notes_answer_and_say_when_it_resets(
        self, harness: Harness, anthropic: FakeAnthropic, clock: FakeClock
    ) -> None:
        h = harness
        chat = h.telegram.private_chat(ANA)
        await h.say(chat, ANA, "What is Beacon?")
        first = h.telegram.sent(ANA["id"])[-1]["text"]
        assert "fake reply" in first, "under the limit the model answers"
        called = len(anthropic.requests)
        assert called == 1  # the answer (the router was sure of the route)

        await h.say(chat, ANA, "What was decided about Atlas storage?")
        second = h.telegram.sent(ANA["id"])[-1]["text"]
        assert len(anthropic.requests) == called, "over the limit no model call is made"
        assert "language-model allowance for today" in second
        assert "tokens a day per person" in second
        assert "resets at 00:00 UTC, in 2 h 30 min" in second
        assert "here is what the notes say" in second and "[Entry " in second

        # an admin is exempt, in a chat where Ana is over her limit too
        await h.say(h.telegram.private_chat(BEN), BEN, "What is Beacon?")
        assert len(anthropic.requests) > called
        assert "fake reply" in h.telegram.sent(BEN["id"])[-1]["text"]

        # the next UTC day the model answers Ana again
        clock.set(datetime(2026, 6, 2, 0, 0, 30, tzinfo=UTC))
        called = len(anthropic.requests)
        await h.say(chat, ANA, "What is Beacon?")
        assert len(anthropic.requests) > called
        assert "fake reply" in h.telegram.sent(ANA["id"])[-1]["text"]

    async def test_an_investigation_over_the_limit_is_written_from_the_notes_and_says_why(
        self, harness: Harness, anthropic: FakeAnthropic
    ) -> None:
        h = harness
        chat = h.telegram.private_chat(ANA)
        await h.say(chat, ANA, "What is Beacon?")
        called = len(anthropic.requests)
        await h.say(chat, ANA, "/investigate the Beacon crash incidents")
        ack = h.telegram.sent(ANA["id"])[-1]["text"]
        assert ack.startswith("On it") and "without the language model" in ack
        assert await h.rt.worker.run_once() == 1
        [inv] = await h.rt.queue.listing(limit=5)
        assert inv.status == "delivered"
        assert len(anthropic.requests) == called, "no rewrite, gaps or synthesis call"
        why = "Extractive summary: you have used your language-model allowance for today"
        assert why in (inv.answer or "")
        assert any(why in m["text"] for m in h.telegram.sent(ANA["id"])), "the report in the chat says why"


class TestPerSpace:
    @pytest.fixture
    def settings(
        self, tmp_path: Path, telegram: FakeTelegram, anthropic: FakeAnthropic, database_url: str | None
    ) -> Settings:
        return _settings(tmp_path, telegram, anthropic, database_url, tokens_per_space_day=1)

    async def test_a_space_over_its_limit_says_so_to_everyone_in_it(
        self, harness: Harness, anthropic: FakeAnthropic
    ) -> None:
        h = harness
        group = h.telegram.group(GROUP)
        await h.say(group, ANA, "@MalloryTestBot what is Beacon?")
        assert "fake reply" in h.telegram.sent(GROUP)[-1]["text"]
        called = len(anthropic.requests)
        await h.say(group, CARL, "@MalloryTestBot what was decided about Atlas storage?")
        said = h.telegram.sent(GROUP)[-1]["text"]
        assert len(anthropic.requests) == called
        assert "This space has used its language-model allowance for today" in said
        assert "(2 h 30 min" not in said and "resets at 00:00 UTC, in 2 h 30 min" in said


class TestAttribution:
    @pytest.fixture
    def settings(
        self, tmp_path: Path, telegram: FakeTelegram, anthropic: FakeAnthropic, database_url: str | None
    ) -> Settings:
        # the router defers to the model (the classifier is a call path too); the group reads
        # the knowledge space "team" (MALLORY_SPACES), which is what its calls are charged to
        return _settings(tmp_path, telegram, anthropic, database_url, router_sure=1.0, spaces=f"{GROUP}=team")

    async def test_every_model_call_is_charged_to_its_user_and_the_places_knowledge_space(
        self, harness: Harness
    ) -> None:
        h = harness
        group = h.telegram.group(GROUP)
        await h.say(group, ANA, "@MalloryTestBot what is Beacon?")
        await h.say(group, ANA, "/investigate the Beacon crash incidents")
        assert await h.rt.worker.run_once() == 1
        calls = await h.rt.db.run(lambda s: list(s.query(ModelCall).all()), write=False)
        assert {"classify", "quick", "rewrite", "synthesis"} <= {c.job for c in calls}
        assert {(c.user_id, c.space) for c in calls} == {(str(ANA["id"]), "team")}
