"""Fixtures shared by the core's tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fake_anthropic import FakeAnthropic


@pytest.fixture
async def fake() -> AsyncIterator[FakeAnthropic]:
    """A fake Messages API on 127.0.0.1 (``tests/fake_anthropic.py``), for one test."""
    server = FakeAnthropic()
    await server.start()
    yield server
    await server.stop()
