"""Inbound work that needs the database, kept rather than lost while the database is away.

An adapter that has already taken a message off the platform (Socket Mode acknowledged it,
Telegram's offset moved past it) hands the work to ``Door.enter``. When the database cannot
be reached, the work waits in a bounded in-memory queue and is retried, oldest first, until
the database is back; then the person hears back. The log says once that the database is
down and once that it is back. (Slack over HTTP does not need this: it answers non-2xx and
Slack retries.)
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from storage.db import unavailable

__all__ = ["DatabaseStatus", "Door", "unavailable"]

log = logging.getLogger(__name__)

Work = Callable[[], Awaitable[object]]


@dataclass
class _Waiting:
    what: str
    work: Work


class DatabaseStatus:
    """Says once when the database goes away and once when it is back (any caller may
    report either; the log gets one line per change). A restarting server flaps (a unit
    works between two that fail): failures within ``settle_s`` of "back" are the same
    outage, logged at debug level, so the log still reads one "unavailable", one "back"."""

    def __init__(self, *, settle_s: float = 5.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.down = False
        self.settle_s = settle_s
        self.clock = clock
        self._back_at: float | None = None
        self._quiet = False

    def failed(self, exc: BaseException) -> None:
        if self.down:
            return
        self.down = True
        self._quiet = self._back_at is not None and self.clock() - self._back_at < self.settle_s
        if self._quiet:
            log.debug("database unavailable again just after it came back (%s)", _brief(exc))
        else:
            log.error("database unavailable (%s); keeping inbound messages until it is back", _brief(exc))

    def worked(self) -> None:
        if not self.down:
            return
        self.down = False
        if self._quiet:
            log.debug("database is back again")
        else:
            self._back_at = self.clock()
            log.warning("database is back")


class Door:
    """``enter(what, work)`` runs ``work`` now, or, if the database is unavailable (or
    work is already waiting, to keep the order), keeps it and retries it every
    ``retry_s`` seconds. At most ``limit`` items wait; past that the oldest is dropped,
    with an error in the log, so memory stays bounded through a long outage."""

    def __init__(
        self,
        *,
        limit: int = 1000,
        retry_s: float = 2.0,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        status: DatabaseStatus | None = None,
    ) -> None:
        self.limit = limit
        self.retry_s = retry_s
        self.sleep = sleep
        self.status = status or DatabaseStatus()
        self._waiting: deque[_Waiting] = deque()
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    async def enter(self, what: str, work: Work) -> bool:
        """True when the work ran now; False when it was kept for later."""
        if self._waiting:
            self._keep(what, work)
            return False
        try:
            await work()
        except Exception as exc:
            if not unavailable(exc):
                raise
            self.status.failed(exc)
            self._keep(what, work)
            return False
        self.status.worked()
        return True

    def keep(self, what: str, work: Work) -> None:
        """Keep ``work`` for the next retry without running it now (the caller has just
        seen the database fail)."""
        self._keep(what, work)

    async def retry(self) -> int:
        """Run the waiting work, oldest first, until the database fails again. Returns how
        many ran. The background task calls this every ``retry_s``; tests call it directly."""
        ran = 0
        async with self._lock:  # one retry pass at a time, so the order holds
            while self._waiting:
                item = self._waiting[0]
                try:
                    await item.work()
                except Exception as exc:
                    if unavailable(exc):
                        self.status.failed(exc)
                        return ran
                    log.exception("%s failed after the database came back", item.what)
                self._waiting.popleft()
                self.status.worked()
                ran += 1
        return ran

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None
        if self._waiting:
            log.error("stopping with %d inbound messages still waiting for the database", len(self._waiting))

    def _keep(self, what: str, work: Work) -> None:
        if len(self._waiting) >= self.limit:
            dropped = self._waiting.popleft()
            log.error("too many messages waiting for the database; dropped the oldest (%s)", dropped.what)
        self._waiting.append(_Waiting(what, work))
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._loop())

    async def _loop(self) -> None:
        while self._waiting:
            await self.sleep(self.retry_s)
            try:
                await self.retry()
            except Exception:
                log.exception("retrying inbound messages failed")


def _brief(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0][:200] if text else type(exc).__name__
