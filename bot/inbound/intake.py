"""Handling what the durable inbox (``storage.inbox``) holds: an adapter stores each inbound
message before acknowledging it, then handles it here under a lease renewed while the work
runs; on start-up and periodically, rows nobody finished are taken up again."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from bot.clock import Clock
from bot.events import Action, ActionEvent, Inbound, Person, ThreadRef
from bot.inbound.door import Door, unavailable
from storage.conversations import Conversations, MessageRow
from storage.inbox import GAVE_UP, Inbox, Taken

log = logging.getLogger(__name__)

RESUMED = "inbox_resumed"  # an ``Inbound.extras`` flag: an earlier attempt did not finish
LEASE_S = 60.0
SWEEP_S = 15.0
RETENTION_S = 7 * 24 * 3600.0
MAX_ATTEMPTS = 5

Handler = Callable[[Taken], Awaitable[None]]


class Accepted(StrEnum):
    RAN = "ran"  # stored and handled now
    SKIPPED = "skipped"  # done already, or another process holds it
    KEPT = "kept"  # the database is away: waiting in memory (the door)


def inbound_payload(inbound: Inbound) -> dict[str, Any]:
    """``inbound`` as the inbox stores it (JSON), enough to handle it in another process."""
    return {
        "thread": json.loads(inbound.thread.to_json()),
        "message_id": inbound.message_id,
        "author": _person(inbound.author),
        "text": inbound.text,
        "received_at": inbound.received_at.isoformat(),
        "is_mention": inbound.is_mention,
        "is_direct": inbound.is_direct,
        "extras": dict(inbound.extras),
        "mentions": [_person(p) for p in inbound.mentions],
        "bot_named": inbound.bot_named,
    }


def inbound_of(data: Mapping[str, Any]) -> Inbound:
    return Inbound(
        thread=ThreadRef.from_json(json.dumps(data["thread"])),
        message_id=str(data["message_id"]),
        author=Person(**data["author"]),
        text=str(data["text"]),
        received_at=datetime.fromisoformat(data["received_at"]),
        is_mention=bool(data.get("is_mention")),
        is_direct=bool(data.get("is_direct")),
        extras=dict(data.get("extras") or {}),
        mentions=tuple(Person(**p) for p in data.get("mentions") or ()),
        bot_named=bool(data.get("bot_named")),
    )


def action_payload(event: ActionEvent) -> dict[str, Any]:
    return {
        "thread": json.loads(event.thread.to_json()),
        "author": _person(event.author),
        "action": event.action.value,
        "value": event.value,
        "message_id": event.message_id,
        "received_at": event.received_at.isoformat(),
        "press_id": event.press_id,
        "extras": dict(event.extras),
    }


def action_of(data: Mapping[str, Any]) -> ActionEvent:
    return ActionEvent(
        thread=ThreadRef.from_json(json.dumps(data["thread"])),
        author=Person(**data["author"]),
        action=Action(data["action"]),
        value=str(data["value"]),
        message_id=str(data["message_id"]),
        received_at=datetime.fromisoformat(data["received_at"]),
        press_id=str(data.get("press_id") or ""),
        extras=dict(data.get("extras") or {}),
    )


def _person(person: Person) -> dict[str, Any]:
    return {"id": person.id, "name": person.name, "is_bot": person.is_bot}


def resuming(inbound: Inbound, resumed: bool) -> Inbound:
    """``inbound`` flagged for the core when it is a second (or later) attempt
    (``Taken.resumed``)."""
    if not resumed:
        return inbound
    return replace(inbound, extras={**inbound.extras, RESUMED: True})


async def resumed_message(
    conversations: Conversations, conversation_id: str, inbound: Inbound
) -> MessageRow | None:
    """The message stored by an attempt that did not finish, when ``inbound`` is a resumed
    one; ``None`` otherwise (the message was handled: a redelivery stops at the core)."""
    if not inbound.extras.get(RESUMED):
        return None
    found = await conversations.user_message(conversation_id, inbound.message_id)
    if found is not None:
        log.info("message %s: carrying on where an unfinished attempt stopped", inbound.message_id)
    return found


class Intake:
    """One adapter's side of the inbox: ``take`` stores and claims (the write before the
    acknowledgement), ``enter`` handles a claimed row through the door (kept in memory
    while the database is away), ``sweep`` takes up rows nobody finished.

    A redelivery of a message whose row is not done and not held is handled (marked
    ``RESUMED``, so the core carries on from the stored message instead of taking it for a
    repeat); one that is done, or held by a live process, is not handled twice."""

    def __init__(
        self,
        inbox: Inbox,
        *,
        platform: str,
        clock: Clock,
        handle: Handler,
        door: Door,
        lease_s: float = LEASE_S,
        sweep_s: float = SWEEP_S,
        retention_s: float = RETENTION_S,
        max_attempts: int = MAX_ATTEMPTS,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.inbox = inbox
        self.platform = platform
        self.clock = clock
        self.handle = handle
        self.door = door
        self.lease = timedelta(seconds=lease_s)
        self.sweep_s = sweep_s
        self.retention = timedelta(seconds=retention_s)
        self.max_attempts = max_attempts
        self.sleep = sleep
        self._held: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop_task: asyncio.Task[None] | None = None
        self._forgot_at: datetime | None = None

    async def take(self, key: str, kind: str, payload: Mapping[str, Any] | str) -> Taken | None:
        """Store the message and claim it (one write). Raises when the database is away
        (the caller answers non-2xx, or keeps the message in memory); the door's status
        says so once. ``None``: done already, or held by a live process."""
        raw = payload if isinstance(payload, str) else json.dumps(payload, default=str)
        try:
            taken = await self.inbox.take(
                key=key,
                platform=self.platform,
                kind=kind,
                payload=raw,
                now=self.clock.now(),
                lease=self.lease,
            )
        except Exception as exc:
            if unavailable(exc):
                self.door.status.failed(exc)
            raise
        self.door.status.worked()
        if taken is None:
            log.info("%s: %s is done or being handled elsewhere; not handled again", self.platform, key)
        else:
            self._held.add(taken.key)
        return taken

    async def enter(self, taken: Taken) -> bool:
        """Handle a claimed row now, or keep it (the door) while the database is away; a
        retry first makes sure no other process took the row up in the meantime. True when
        it ran now."""
        return await self.door.enter(
            self._what(taken.key, taken.kind), self._attempt(taken.key, taken.kind, None, taken)
        )

    def keep(self, key: str, kind: str, payload: Mapping[str, Any] | str) -> None:
        """A delivery the platform will not send again that could not be stored (the
        database is away): kept in memory by the door, stored and handled when it is back."""
        self.door.keep(self._what(key, kind), self._attempt(key, kind, payload, None))

    async def accept(self, key: str, kind: str, payload: Mapping[str, Any] | str) -> Accepted:
        """Store, claim and handle a delivery the platform already counts as delivered
        (Telegram, Socket Mode), keeping it in memory while the database is away."""
        try:
            taken = await self.take(key, kind, payload)
        except Exception as exc:
            if not unavailable(exc):
                raise
            self.keep(key, kind, payload)
            return Accepted.KEPT
        if taken is None:
            return Accepted.SKIPPED
        return Accepted.RAN if await self.enter(taken) else Accepted.KEPT

    def _what(self, key: str, kind: str) -> str:
        return f"{self.platform} {kind} {key}"

    def _attempt(
        self, key: str, kind: str, payload: Mapping[str, Any] | str | None, taken: Taken | None
    ) -> Callable[[], Awaitable[None]]:
        tried = False  # set once an attempt has run under the claim (a retry re-checks it)

        async def attempt() -> None:
            nonlocal taken, tried
            if taken is None:
                assert payload is not None
                taken = await self.take(key, kind, payload)
                if taken is None:
                    return
            elif tried:
                if not await self.inbox.hold(taken.key, now=self.clock.now(), lease=self.lease):
                    log.info("%s: %s was taken up elsewhere meanwhile", self.platform, taken.key)
                    self._held.discard(taken.key)
                    return
                # the attempt the database interrupted may have stored the message already
                taken = replace(taken, attempts=taken.attempts + 1)
            tried = True
            await self.run(taken)

        return attempt

    def submit(self, taken: Taken) -> None:
        """``enter`` in a tracked task (for rows the sweep found)."""
        task = asyncio.get_running_loop().create_task(self._guarded(taken))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _guarded(self, taken: Taken) -> None:
        try:
            await self.enter(taken)
        except Exception:
            log.exception("%s: handling %s failed", self.platform, taken.key)

    async def run(self, taken: Taken) -> None:
        """Handle a row under its claim and mark it done. A database failure propagates
        (the row stays open: this process's door or another process's sweep retries it);
        any other failure was the handler's to report, and the row is done."""
        self._held.add(taken.key)
        try:
            await self.handle(taken)
        except Exception as exc:
            if unavailable(exc):
                raise  # still held: renewed by the sweep while the door retries it
            log.exception("%s: %s could not be handled", self.platform, taken.key)
        await self.inbox.finish(taken.key, now=self.clock.now())
        self._held.discard(taken.key)

    async def sweep(self) -> int:
        """Renew the claims this process holds, then take up rows nobody holds that are not
        done (a process died, or its database went away mid-handling), oldest first. Returns
        how many were taken up."""
        now = self.clock.now()
        await self.inbox.renew(sorted(self._held), now=now, lease=self.lease)
        found = await self.inbox.claim_open(self.platform, now=now, lease=self.lease)
        taken_up = 0
        for taken in found:
            if taken.attempts > self.max_attempts:
                log.error(
                    "%s: giving up on %s after %d attempts (kept in the inbox as %s)",
                    self.platform,
                    taken.key,
                    taken.attempts - 1,
                    GAVE_UP,
                )
                await self.inbox.finish(taken.key, now=now, outcome=GAVE_UP)
                continue
            log.info("%s: taking up %s (attempt %d)", self.platform, taken.key, taken.attempts)
            self._held.add(taken.key)
            self.submit(taken)
            taken_up += 1
        if self._forgot_at is None or now - self._forgot_at >= timedelta(hours=1):
            self._forgot_at = now
            await self.inbox.forget_done_before(now - self.retention)
        return taken_up

    async def drain(self) -> None:
        """Wait for the rows the sweep took up."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def start(self) -> None:
        """Sweep now (rows left by a process that stopped) and every ``sweep_s`` after."""
        if self._loop_task is None:
            self._loop_task = asyncio.get_running_loop().create_task(self._loop())

    async def _loop(self) -> None:
        while True:
            try:
                await self.sweep()
                self.door.status.worked()
            except Exception as exc:
                if unavailable(exc):
                    self.door.status.failed(exc)
                else:
                    log.exception("%s: inbox sweep failed", self.platform)
            await self.sleep(self.sweep_s)

    async def stop(self) -> None:
        """Stop sweeping, let the rows taken up finish, and hand back claims still held."""
        if self._loop_task is not None:
            self._loop_task.cancel()
            try:
                await self._loop_task
            except asyncio.CancelledError:
                pass
            self._loop_task = None
        await self.drain()
        for key in sorted(self._held):
            try:
                await self.inbox.release(key)
            except Exception as exc:  # the lease runs out on its own
                log.debug("%s: could not hand back %s: %s", self.platform, key, type(exc).__name__)
