"""Fixtures for the Slack adapter tests: a fake Slack Web API per test, a fake clock,
and an environment with no platform credentials in it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from fake_slack import FakeSlack
from slack_harness import Harness, running_bot

from bot.clock import FakeClock


@pytest.fixture(autouse=True)
def _scrub_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith(("SLACK_", "MALLORY_", "TELEGRAM_", "ANTHROPIC_")) or name.lower().endswith(
            "_proxy"
        ):
            monkeypatch.delenv(name, raising=False)


@pytest.fixture
async def slack() -> AsyncIterator[FakeSlack]:
    server = FakeSlack()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def bot(
    tmp_path: Path, clock: FakeClock, slack: FakeSlack, seeded_database: Callable[[Path], str | None]
) -> AsyncIterator[Harness]:
    """Mallory with the Slack adapter serving HTTP, against the fake Slack (on each database,
    the example vault already loaded)."""
    async with running_bot(tmp_path, clock, slack, database_url=seeded_database(tmp_path)) as harness:
        yield harness
