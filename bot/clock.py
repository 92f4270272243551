"""Time, injected. Everything that needs "now" takes a ``Clock``; tests pass a ``FakeClock``.

Times are naive UTC throughout (the database stores them so on every backend).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime: ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC).replace(tzinfo=None)


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 6, 1, 9, 0, 0)

    def now(self) -> datetime:
        return self._now

    def advance(self, seconds: float = 0.0, **delta: float) -> datetime:
        self._now += timedelta(seconds=seconds, **delta)
        return self._now

    def set(self, when: datetime) -> None:
        self._now = when
