"""When an in-process index reads the database again: near real time, like a search
engine's refresh interval. This process's own writes (``Database.wrote``) are read at the
next search; other processes' within ``every``."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.clock import Clock, SystemClock
from storage.db import Database

REFRESH_EVERY = timedelta(seconds=1)


class RefreshGate:
    def __init__(
        self, db: Database, table: str, *, clock: Clock | None = None, every: timedelta = REFRESH_EVERY
    ) -> None:
        self.db = db
        self.table = table
        self.clock = clock or SystemClock()
        self.every = every
        self._at: datetime | None = None
        self._generation = -1

    def due(self, *, force: bool = False) -> bool:
        """Whether to read now; if so, the read is noted as starting now (a write that
        lands during it makes the next search read again)."""
        now = self.clock.now()
        generation = self.db.generation(self.table)
        if (
            not force
            and self._at is not None
            and generation == self._generation
            and now - self._at < self.every
        ):
            return False
        self._at, self._generation = now, generation
        return True
