"""The worker's clock: APScheduler behind a small typed surface (python-telegram-bot's
JobQueue idea). Interval jobs never overlap, one can be run now, failures are logged in
one place, and ``stop`` lets a running job finish for a grace period, then cancels it
quietly (a shutdown is not a failure)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.inbound.door import DatabaseStatus
from storage.db import unavailable

log = logging.getLogger(__name__)


class _SkipExpectedOverlap(logging.Filter):
    """A tick that finds the previous one still running (a long investigation) is skipped
    by design (``max_instances=1``); APScheduler warns about each one, which would fill a
    console chat with noise. Every other record passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "maximum number of running instances reached" not in record.getMessage()


_overlap_filter = _SkipExpectedOverlap()


@dataclass(frozen=True)
class _Job:
    name: str
    seconds: float
    run: Callable[[], Awaitable[None]]
    first_now: bool


class Jobs:
    """``status``, when given, hears of each job that failed because the database is away
    (it logs the outage once); such a failure is logged here at debug level only."""

    def __init__(self, status: DatabaseStatus | None = None) -> None:
        self.status = status
        self._jobs: list[_Job] = []
        self._scheduler: AsyncIOScheduler | None = None
        self._running: set[asyncio.Task[object]] = set()
        self._stopping = False

    def every(
        self, name: str, seconds: float, run: Callable[[], Awaitable[None]], *, first_now: bool = False
    ) -> None:
        """Run ``run`` every ``seconds`` once started (at once too, with ``first_now``)."""
        self._jobs.append(_Job(name, seconds, run, first_now))

    def start(self) -> None:
        """Start every job on the running event loop."""
        self._stopping = False
        scheduler = AsyncIOScheduler(timezone=UTC)
        scheduler_log = logging.getLogger("apscheduler.scheduler")
        if _overlap_filter not in scheduler_log.filters:
            scheduler_log.addFilter(_overlap_filter)
        for job in self._jobs:
            scheduler.add_job(
                job.run,
                "interval",
                seconds=job.seconds,
                id=job.name,
                max_instances=1,
                coalesce=True,
                **({"next_run_time": datetime.now(UTC)} if job.first_now else {}),
            )
        scheduler.start()
        self._scheduler = scheduler

    def run_now(self, name: str) -> None:
        """Run a job now rather than at its next interval (nothing when not started)."""
        if self._scheduler is not None:
            job = self._scheduler.get_job(name)
            if job is not None:
                job.modify(next_run_time=datetime.now(UTC))

    def once(self, name: str, seconds: float, run: Callable[[], Awaitable[None]]) -> None:
        """Run ``run`` once, ``seconds`` from now, unless ``name`` is already due by then
        (nothing when not started). Runs may overlap: ``run`` must be safe to run twice."""
        if self._scheduler is None:
            return
        when = datetime.now(UTC) + timedelta(seconds=max(seconds, 0.0))
        job = self._scheduler.get_job(name)
        if job is not None and job.next_run_time is not None and job.next_run_time <= when:
            return
        self._scheduler.add_job(
            run,
            "date",
            run_date=when,
            id=name,
            replace_existing=True,
            max_instances=3,  # a run that comes due while one runs is not skipped
            misfire_grace_time=None,
        )

    def next_time(self, name: str) -> datetime | None:
        """When job ``name`` runs next (None: not set, or not started)."""
        job = self._scheduler.get_job(name) if self._scheduler is not None else None
        return job.next_run_time if job is not None else None

    async def guarded(self, run: Callable[[], Awaitable[object]], failed: str) -> None:
        """Run one job: a failure is logged as ``failed``; a cancellation by ``stop`` ends it
        quietly. Scheduled or called directly, a running job is one ``stop`` waits for."""
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        try:
            await run()
        except asyncio.CancelledError:
            if not self._stopping:
                raise
        except Exception as exc:
            if self.status is not None and unavailable(exc):
                self.status.failed(exc)
                log.debug("%s: the database is away (%s)", failed, type(exc).__name__)
                return
            log.exception(failed)
        else:
            if self.status is not None:
                self.status.worked()
        finally:
            if task is not None:
                self._running.discard(task)

    async def stop(self, *, grace: float = 0.0) -> None:
        """No new runs; a running job gets ``grace`` seconds, then is cancelled. Idempotent."""
        self._stopping = True
        scheduler, self._scheduler = self._scheduler, None
        if scheduler is not None:
            scheduler.pause()
        running = [t for t in self._running if not t.done()]
        if running and grace > 0:
            await asyncio.wait(running, timeout=grace)
        for task in running:
            task.cancel()
        if running:
            await asyncio.gather(*running, return_exceptions=True)
        if scheduler is not None:
            scheduler.shutdown(wait=False)

    @property
    def stopping(self) -> bool:
        """``stop`` has begun and the owner has not finished its shutdown yet."""
        return self._stopping

    def stopped(self) -> None:
        """The owner has finished its own shutdown: cancellations are failures again."""
        self._stopping = False
