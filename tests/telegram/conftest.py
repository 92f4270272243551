"""Fixtures for the Telegram adapter tests: a fake Bot API server per test, a fake clock,
settings pointing at the fake, and an environment with no platform credentials in it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from datetime import UTC
from pathlib import Path

import pytest
from fake_telegram import FakeTelegram

from adapters.telegram import TelegramSender, sender_from_settings
from bot.clock import FakeClock
from bot.config import Settings, load_settings

WEBHOOK_SECRET = "s3cret-webhook_token"


@pytest.fixture(autouse=True)
def _scrub_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith(
            ("SLACK_", "MALLORY_", "TELEGRAM_", "ANTHROPIC_", "PTB_")
        ) or name.lower().endswith("_proxy"):
            monkeypatch.delenv(name, raising=False)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def telegram(clock: FakeClock) -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram(now=lambda: int(clock.now().replace(tzinfo=UTC).timestamp()))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
def settings(tmp_path: Path, telegram: FakeTelegram) -> Settings:
    return load_settings(
        data_dir=tmp_path,
        llm_provider="offline",
        telegram_bot_token=telegram.token,
        telegram_api_url=telegram.api_url,
        telegram_webhook_secret=WEBHOOK_SECRET,
    )


@pytest.fixture
async def sender(settings: Settings) -> AsyncIterator[TelegramSender]:
    built = sender_from_settings(settings)
    assert built is not None
    try:
        yield built
    finally:
        await built.aclose()
