"""When an in-process index reads the database again: near real time, like a search
engine's refresh interval. This process's own writes (``Database.wrote``) are read at the
next search; other processes' within ``every``."""

from __future__ import annotations

import gc
from datetime import datetime, timedelta

from bot.clock import Clock, SystemClock
from storage.db import Database

REFRESH_EVERY = timedelta(seconds=1)
LONG_LIVED = 10_000  # rows one refresh reads (a load) after which ``keep_long_lived`` runs


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
        if not force and self._fresh(now, generation):
            return False
        self._at, self._generation = now, generation
        return True

    def quiet(self) -> bool:
        """``due`` would say no, and nothing is noted: the check a caller makes before taking
        the lock a read holds (a look-up asks some five times)."""
        return self._fresh(self.clock.now(), self.db.generation(self.table))

    def _fresh(self, now: datetime, generation: int) -> bool:
        return self._at is not None and generation == self._generation and now - self._at < self.every


def keep_long_lived(rows: int) -> None:
    """After a refresh read ``rows`` rows: when that was a load (``LONG_LIVED`` or more),
    move every object alive now out of the cyclic collector's reach (``gc.freeze``). An
    index at 100,000 entries holds hundreds of thousands of objects that live as long as
    the process, and a full collection walks all of them: a pause of 0.1–0.4 s every few
    hundred searches otherwise. The garbage is collected first, so nothing dead is kept;
    frozen objects are still freed by reference counting when the index lets them go."""
    if rows >= LONG_LIVED:
        gc.collect()
        gc.freeze()
