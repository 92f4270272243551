"""Fixtures for the Telegram adapter tests: a fake Bot API server per test, settings that
point at it, the sender, and a whole Mallory runtime with the adapter long-polling the fake.

The environment scrub, ``clock`` and the offline defaults come from ``tests/conftest.py``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import UTC
from pathlib import Path

import pytest
from fake_telegram import FakeTelegram
from telegram_harness import ALLOWED_CHATS, WEBHOOK_SECRET, Harness

from adapters.telegram import TelegramAdapter, TelegramSender, sender_from_settings
from bot.clock import FakeClock
from bot.config import Settings, load_settings
from bot.runtime import Runtime

VAULT = Path(__file__).resolve().parents[2] / "examples" / "vault"


@pytest.fixture
async def telegram(clock: FakeClock) -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram(now=lambda: int(clock.now().replace(tzinfo=UTC).timestamp()))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
def settings(
    tmp_path: Path, telegram: FakeTelegram, seeded_database: Callable[[Path], str | None]
) -> Settings:
    return load_settings(
        data_dir=tmp_path / "data",
        database_url=seeded_database(tmp_path / "data"),  # the example vault already loaded
        llm_provider="offline",
        embedder="none",
        telegram_bot_token=telegram.token,
        telegram_api_url=telegram.api_url,
        telegram_webhook_secret=WEBHOOK_SECRET,
        telegram_allowed_chats=ALLOWED_CHATS,
    )


@pytest.fixture
async def sender(settings: Settings) -> AsyncIterator[TelegramSender]:
    built = sender_from_settings(settings)
    assert built is not None
    try:
        yield built
    finally:
        await built.aclose()


@pytest.fixture
async def runtime(settings: Settings, clock: FakeClock, sender: TelegramSender) -> AsyncIterator[Runtime]:
    async with Runtime.open(settings, clock=clock, platforms=("telegram",)) as rt:
        await rt.seed_vault()  # the example vault, when the settings did not bring it loaded
        rt.worker.senders["telegram"] = sender
        yield rt


@pytest.fixture
async def harness(
    runtime: Runtime, telegram: FakeTelegram, sender: TelegramSender, settings: Settings, clock: FakeClock
) -> AsyncIterator[Harness]:
    """Mallory with the Telegram adapter long-polling the fake server."""
    adapter = TelegramAdapter(settings, runtime.core, sender)
    await adapter.start()
    try:
        yield Harness(runtime, telegram, sender, adapter)
    finally:
        await adapter.stop()
