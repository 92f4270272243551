"""Coalescing: calls of one kind made while a statement of that kind is in flight wait and go
out together in the next one, so N workers in a process share round trips (group commit for
the queue's claims and completes on PostgreSQL)."""

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
    nothing in flight the call goes out at the next turn of the event loop, with any others
    made in the same turn; calls made while a ``send`` is in flight go out together as soon
    as it returns. One ``send`` in flight at a time.

    ``send`` takes a list of items and returns one result per item, in order. Two items
    with the same ``key`` never share a batch (each caller must hear about its own
    transition). ``orphaned(item, result)`` runs for an item whose caller stopped waiting
    (cancelled) after it was sent: a claim that landed for nobody is handed back."""

    def __init__(
        self,
        send: Callable[[list[T]], Awaitable[list[R]]],
        *,
        key: Callable[[T], Hashable],
        limit: int = 32,
        orphaned: Callable[[T, R], Awaitable[None]] | None = None,
    ) -> None:
        self._send = send
        self._key = key
        self._limit = limit
        self._orphaned = orphaned
        self._waiting: list[tuple[T, asyncio.Future[R]]] = []
        self._drainer: asyncio.Task[None] | None = None

    async def __call__(self, item: T) -> R:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[R] = loop.create_future()
        self._waiting.append((item, future))
        if self._drainer is None:
            # the drainer's first step runs after the callbacks already due in this turn of
            # the loop: workers woken together (by the last batch's results) go out together
            self._drainer = loop.create_task(self._drain(), name="queue batch")
        return await future

    def _take(self) -> list[tuple[T, asyncio.Future[R]]]:
        batch: list[tuple[T, asyncio.Future[R]]] = []
        keys: set[Hashable] = set()
        rest: list[tuple[T, asyncio.Future[R]]] = []
        for item, future in self._waiting:
            if future.done():
                continue  # its caller was cancelled before it was sent: nothing to undo
            key = self._key(item)
            if key in keys or len(batch) >= self._limit:
                rest.append((item, future))
            else:
                keys.add(key)
                batch.append((item, future))
        self._waiting = rest
        return batch

    async def _drain(self) -> None:
        try:
            while batch := self._take():
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
                for (item, future), result in zip(batch, results, strict=True):
                    if not future.done():
                        future.set_result(result)
                    elif self._orphaned is not None:
                        await self._undo(item, result)
        finally:
            for _, future in self._waiting:
                if not future.done():
                    future.cancel()
            self._waiting.clear()
            self._drainer = None

    async def _undo(self, item: T, result: R) -> None:
        assert self._orphaned is not None
        try:
            await self._orphaned(item, result)
        except Exception as exc:  # the lease still runs out and the sweep takes it back
            log.warning("could not undo a batched call nobody waited for: %s", type(exc).__name__)
