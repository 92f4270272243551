"""Time, injected. Everything that needs "now" takes a ``Clock``; tests pass a ``FakeClock``.

Times are timezone-aware UTC throughout (SQLModel stores them as UTC on every backend).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime: ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self, start: datetime | None = None) -> None:
        start = start or datetime(2026, 6, 1, 9, 0, 0, tzinfo=UTC)
        self._now = start if start.tzinfo else start.replace(tzinfo=UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, seconds: float = 0.0, **delta: float) -> datetime:
        self._now += timedelta(seconds=seconds, **delta)
        return self._now

    def set(self, when: datetime) -> None:
        self._now = when if when.tzinfo else when.replace(tzinfo=UTC)
