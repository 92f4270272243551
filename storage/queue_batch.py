"""Coalescing: calls of one kind made while a statement of that kind is in flight wait and go
out together in the next one, so N workers in a process share round trips (group commit for
the queue's claims and completes on PostgreSQL), and up to ``depth`` statements of a kind are
in flight at once, so the client's work on one batch overlaps the server's on another."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

log = logging.getLogger(__name__)


class Coalescer(Generic[T, R]):
    """``await coalescer(item)`` hands ``item`` to ``send`` and returns its result. With
    fewer than ``depth`` sends in flight the call goes out at the next turn of the event loop,
    with any others made in the same turn; calls made while ``depth`` sends are in flight go
    out together as soon as one returns. Calls that start together are shared out over the
    free sends when each share holds at least ``least`` (ten calls at depth 2 and least 5: two
    statements of five, in flight together), so the callers fall into groups that take turns:
    one group's statement runs on the server while the other's results are read here. Fewer
    go out in one statement: a statement's own cost on the server is not worth splitting two
    or three calls for.

    ``send`` takes a list of items and returns one result per item, in order. Two items
    with the same ``key`` are never in flight at once (each caller must hear about its own
    transition). ``orphaned(item, result)`` runs for an item whose caller stopped waiting
    (cancelled) after it was sent, also one cancelled after its answer came and before it
    read it: a claim that landed for nobody is handed back."""

    def __init__(
        self,
        send: Callable[[list[T]], Awaitable[list[R]]],
        *,
        key: Callable[[T], Hashable],
        limit: int = 32,
        depth: int = 1,
        least: int = 1,
        orphaned: Callable[[T, R], Awaitable[None]] | None = None,
    ) -> None:
        if depth < 1:
            raise ValueError("a coalescer sends at least one statement at a time")
        self._send = send
        self._key = key
        self._limit = limit
        self._depth = depth
        self._least = least
        self._orphaned = orphaned
        self._waiting: list[tuple[T, asyncio.Future[R]]] = []
        self._drainers: set[asyncio.Task[None]] = set()
        self._sending = 0  # drainers with a send in flight
        self._in_flight: set[Hashable] = set()  # the keys of the items sent and not yet answered
        self._undoing: set[asyncio.Task[None]] = set()  # undos of answers their callers never read

    async def __call__(self, item: T) -> R:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[R] = loop.create_future()
        self._waiting.append((item, future))
        if len(self._drainers) < self._depth and len(self._drainers) - self._sending < len(self._waiting):
            # a drainer's first step runs after the callbacks already due in this turn of the
            # loop: workers woken together (by the last batch's results) go out together
            drainer = loop.create_task(self._drain(), name="queue batch")
            self._drainers.add(drainer)
        try:
            return await future
        except asyncio.CancelledError:
            if self._orphaned is not None and future.done() and not future.cancelled():
                if future.exception() is None:
                    # the answer came, and the caller was cancelled before its turn to read it:
                    # what it got is held by nobody (a claim), so it is undone as an orphan's is
                    undo = loop.create_task(self._undo(item, future.result()), name="queue undo")
                    self._undoing.add(undo)
                    undo.add_done_callback(self._undoing.discard)
            raise

    async def settled(self) -> None:
        """Return once nothing waits or is in flight, the hand-back of a call nobody waited
        for included (a worker that stops, or a test, waits for its statements' answers)."""
        while self._drainers or self._undoing:
            await asyncio.wait(self._drainers | self._undoing)

    def _take(self) -> list[tuple[T, asyncio.Future[R]]]:
        live = [(item, future) for item, future in self._waiting if not future.done()]
        # its caller was cancelled before it was sent: nothing to undo
        idle = max(1, len(self._drainers) - self._sending)  # this drainer and those not yet sending
        share = -(-len(live) // idle)
        if share < self._least:  # too few to share out: one statement carries them all
            share = len(live)
        share = min(self._limit, share)
        batch: list[tuple[T, asyncio.Future[R]]] = []
        keys: set[Hashable] = set()
        rest: list[tuple[T, asyncio.Future[R]]] = []
        for item, future in live:
            key = self._key(item)
            if key in keys or key in self._in_flight or len(batch) >= share:
                rest.append((item, future))
            else:
                keys.add(key)
                batch.append((item, future))
        self._waiting = rest
        self._in_flight |= keys
        return batch

    async def _drain(self) -> None:
        me = asyncio.current_task()
        try:
            while batch := self._take():
                self._sending += 1
                try:
                    results = await self._send([item for item, _ in batch])
                except asyncio.CancelledError:
                    for _, future in batch:
                        future.cancel()
                    raise
                except Exception as exc:  # each caller hears it (e.g. the database is down)
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                finally:
                    self._sending -= 1
                    self._in_flight -= {self._key(item) for item, _ in batch}
                for (item, future), result in zip(batch, results, strict=True):
                    if not future.done():
                        future.set_result(result)
                    elif self._orphaned is not None:
                        await self._undo(item, result)
        finally:
            self._drainers.discard(me)  # type: ignore[arg-type]
            if not self._drainers:  # the last one: nobody is left to send what still waits
                for _, future in self._waiting:
                    if not future.done():
                        future.cancel()
                self._waiting.clear()

    async def _undo(self, item: T, result: R) -> None:
        assert self._orphaned is not None
        try:
            await self._orphaned(item, result)
        except Exception as exc:  # the lease still runs out and the sweep takes it back
            log.warning("could not undo a batched call nobody waited for: %s", type(exc).__name__)
