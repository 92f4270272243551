"""Per-conversation order, shared by the adapters: one key's deliveries are handled one at a
time in arrival order (a follow-up never overtakes the request it follows), different keys
at the same time. ``asyncio.Lock`` wakes waiters first come, first served."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass
class _Turn:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class InOrder:
    """``async with order.turn(key):`` runs the block when every earlier holder of ``key`` is
    done. A key's lock exists only while someone holds or waits for it."""

    def __init__(self) -> None:
        self._turns: dict[str, _Turn] = {}

    @asynccontextmanager
    async def turn(self, key: str) -> AsyncIterator[None]:
        turn = self._turns.setdefault(key, _Turn())
        turn.users += 1
        try:
            async with turn.lock:
                yield
        finally:
            turn.users -= 1
            if turn.users == 0:
                self._turns.pop(key, None)

    def __len__(self) -> int:
        """How many keys are busy (held or waited for)."""
        return len(self._turns)
