"""A worker's slots: up to ``size`` investigations running at once in one worker, each slot a
lane that claims, runs, and completes its investigation together with the claim of its next.
A lane claims only for a free slot, so no investigation is claimed that this worker cannot
start at once; lanes that start together (a pass's first claims, or the free slots filled on
a wake) claim together, and on PostgreSQL the queue sends their claims, and the completions
and next claims of lanes that finish together, as one statement (``storage/queue_batch.py``).
One slot is the classic worker: one investigation at a time."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable


class Slots:
    def __init__(self, size: int, wake: asyncio.Event) -> None:
        if size < 1:
            raise ValueError("a worker needs at least one slot")
        self.size = size
        self.wake = wake  # set when work may have arrived (an enqueue, here or in another process)

    async def run(self, lane: Callable[[], Awaitable[int]], *, closed: Callable[[], bool]) -> int:
        """Run ``lane`` (claim and run investigations until it finds none; returns how many it
        ran) in every free slot, and again in the slots freed meanwhile when a wake says work
        arrived; return when every lane has ended and the queue had nothing more for them.
        ``closed()`` true: no new lane starts (stopping, or the database is unwell). A lane's
        error ends the pass once the other lanes have ended, and is raised then."""
        running: set[asyncio.Task[int]] = set()
        waker: asyncio.Task[bool] | None = None
        idle = False  # a lane ended: the queue had nothing for it; a wake says look again
        error: BaseException | None = None
        ran = 0
        try:
            while True:
                taking = not closed() and error is None
                if taking and not idle:
                    running.update(asyncio.ensure_future(lane()) for _ in range(self.size - len(running)))
                if not running:
                    return ran
                waits: set[asyncio.Future[object]] = set(running)  # type: ignore[arg-type]
                if taking and len(running) < self.size:
                    waker = waker or asyncio.ensure_future(self.wake.wait())
                    waits.add(waker)  # type: ignore[arg-type]
                done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                if waker is not None and waker in done:
                    self.wake.clear()
                    waker, idle = None, False
                for task in running & done:  # type: ignore[operator]
                    running.discard(task)
                    idle = True
                    if task.exception() is not None:
                        error = error or task.exception()
                    else:
                        ran += task.result()
                if error is not None and not running:
                    raise error
        finally:
            if waker is not None:
                waker.cancel()
            for task in running:
                task.cancel()  # the pass was cancelled (a stop past its grace): so are its lanes
            await asyncio.gather(*running, return_exceptions=True)
