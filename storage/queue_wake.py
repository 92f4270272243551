"""SQLite's cross-process wake: a connection of our own asks ``PRAGMA data_version`` every
20 ms (it changes when any other connection, in any process, commits; answered from shared
memory) and, after a commit, wakes the worker if an investigation is pending."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

from storage.db import Database

log = logging.getLogger(__name__)

# enqueue→claim across processes is about half of this; each look costs a few microseconds
INTERVAL_S = 0.02
_ANY_PENDING = "SELECT 1 FROM investigations WHERE status = 'pending' LIMIT 1"


class SqliteWatch:
    """Calls ``wake`` (on the event loop) soon after another connection commits while an
    investigation is pending. ``close`` stops it. A look that fails (file busy, locked, gone)
    is skipped: the worker's own poll remains the backstop."""

    def __init__(
        self,
        db: Database,
        path: Path,
        wake: Callable[[], None],
        *,
        interval: float = INTERVAL_S,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.db = db
        self.path = path
        self.wake = wake
        self.interval = interval
        self._sleep = sleep
        self._connection: sqlite3.Connection | None = None
        self._task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, db: Database, wake: Callable[[], None], **options: object) -> SqliteWatch | None:
        """Start watching ``db``'s file; None for an in-memory database (one process only)."""
        url = db.blocking.url
        name = url.database
        if not name or name == ":memory:" or url.query.get("mode") == "memory":
            return None
        watch = cls(db, Path(name), wake, **options)  # type: ignore[arg-type]
        watch.start()
        return watch

    def start(self) -> None:
        # the first look now, not when the task first runs: a commit made after ``open``
        # returns wakes, even one made before the task's first turn (a write runs at once)
        try:
            seen: int | None = self._version()
        except Exception as exc:  # the task's looks will try again
            log.debug("sqlite wake: first look skipped (%s)", type(exc).__name__)
            self._drop_connection()
            seen = None
        self._task = asyncio.get_running_loop().create_task(self._watch(seen), name="sqlite wake")

    def _version(self) -> int:
        if self._connection is None:
            # read-only and never waiting on a lock: this runs on the event loop's thread
            uri = self.path.resolve().as_uri() + "?mode=ro"
            self._connection = sqlite3.connect(uri, uri=True, timeout=0)
        row = self._connection.execute("PRAGMA data_version").fetchone()
        return int(row[0])

    async def _pending(self) -> bool:
        return bool(await self.db.read_sql(lambda conn: self.db.execute(conn, _ANY_PENDING).first()))

    async def _watch(self, seen: int | None) -> None:
        while True:
            try:
                version = self._version()
                if version != seen:
                    first, seen = seen is None, version
                    if not first and await self._pending():
                        self.wake()
            except Exception as exc:  # busy, locked, gone: the worker's poll is the backstop
                log.debug("sqlite wake: look skipped (%s)", type(exc).__name__)
                self._drop_connection()  # the file may have been replaced: open it afresh
            await self._sleep(self.interval)

    def _drop_connection(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None
        self._drop_connection()
