"""Posting an answer later: one the platform rate-limited is kept in the database with its
due time (``PostLater.keep``, called by the outbox) and posted by the delivery when due
(``deliver_due``), then recorded as the outbox would have. Nothing sleeps on it."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta

from bot.clock import Clock
from bot.errors import DeliveryError, RetryLater
from bot.events import Action, Button, Posted, Reply, ReplyKind, Sender, ThreadRef, reply_identity
from bot.routing import Route
from storage.conversations import ConversationRow, Conversations
from storage.db import SqlConnection
from storage.pending_replies import Gone, PendingReplies, PendingReply

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8  # the outbox's first try included; then the answer is given up, logged
REPLY_LEASE = timedelta(minutes=2)  # one post of an answer takes seconds at most
MAX_BACKOFF = timedelta(minutes=30)


async def record(
    conversations: Conversations,
    conv: ConversationRow,
    posted: Posted,
    *,
    text: str,
    kind: str,
    route: str,
    now: datetime,
    offer: str | None = None,
    ack_for: str | None = None,
    question: str | None = None,
    also: Callable[[SqlConnection], object] | None = None,
    identity: str = "",
) -> None:
    """The conversation's record of a posted answer, with the offer or acknowledgement it
    carries, whether it went out at once (the outbox) or later (the delivery); ``identity``
    (``bot.events.reply_identity``) is recorded with it."""
    meta: dict[str, object] = {"kind": kind}
    if question is not None:
        meta["question"] = question
    await conversations.record_reply(
        conversation=conv,
        platform_message_id=posted.message_id,
        text=text,
        now=now,
        route=route,
        meta=meta,
        offer=offer,
        ack_for=ack_for,
        more_ids=posted.more_ids,
        also=also,
        identity=identity,
    )


class PostLater:
    """``on_due(seconds)``, when set, is told each time a kept answer comes due that many
    seconds from now (the worker wakes its delivery then, not at its next sweep)."""

    def __init__(self, conversations: Conversations, clock: Clock, *, retry_s: float = 30.0) -> None:
        self.conversations = conversations
        self.store = PendingReplies(conversations.db)
        self.clock = clock
        self.retry = timedelta(seconds=retry_s)
        self.on_due: Callable[[float], None] | None = None
        # posted, but the record could not be written: written again before anything else
        self._unrecorded: dict[str, tuple[PendingReply, ConversationRow, Posted]] = {}

    async def keep(
        self,
        conv: ConversationRow,
        reply: Reply,
        *,
        route: Route,
        retry_after: float,
        offer: str | None = None,
        ack_for: str | None = None,
        question: str | None = None,
        identity: str = "",
    ) -> None:
        """Keep an answer the platform rate-limited, due ``retry_after`` seconds from now
        (an answer is text and buttons: nothing else of the reply is kept); its
        ``identity`` is recorded with it, so the message handled again leaves it to this one."""
        now = self.clock.now()
        delay = max(retry_after, 0.0)
        pending = PendingReply(
            conversation_id=conv.id,
            space=conv.space,
            platform=reply.thread.platform,
            thread_ref=reply.thread.to_json(),
            kind=reply.kind.value,
            text=reply.text,
            route=route.value,
            in_reply_to=reply.in_reply_to,
            buttons=json.dumps([[b.action.value, b.label, b.value] for b in reply.buttons]),
            offer=offer,
            ack_for=ack_for,
            question=question,
            attempts=1,
        )
        await self.store.add(pending, now=now, due=now + timedelta(seconds=delay), identity=identity)
        self._wake(delay)

    async def deliver_due(self, senders: Mapping[str, Sender]) -> int:
        """Post every kept answer that is due, for the platforms we have a sender for (a
        process without one leaves that platform's to a process that has). How many went out."""
        for pending, conv, posted in list(self._unrecorded.values()):
            await self._record(pending, conv, posted)
        delivered = 0
        for platform, sender in list(senders.items()):
            for pending in await self.store.due(platform, now=self.clock.now()):
                if await self.deliver(pending, sender):
                    delivered += 1
        return delivered

    async def deliver(self, pending: PendingReply, sender: Sender) -> bool:
        now = self.clock.now()
        attempt = await self.store.lease(pending.id, now=now, until=now + REPLY_LEASE)
        if attempt is None:
            return False  # posted or given up already, or another process is posting it now
        thread = ThreadRef.from_json(pending.thread_ref)
        if attempt > MAX_ATTEMPTS:  # earlier attempts ended without a word (a process died)
            log.warning("gave up posting a reply in %s after %d attempts", thread.key, attempt - 1)
            await self.store.give_up(pending.id, now=now, error="too many attempts")
            return False
        conv = await self.conversations.get(pending.conversation_id)
        if conv is None:
            await self.store.give_up(pending.id, now=now, error="the conversation is gone")
            return False
        backoff = min(self.retry * (2 ** min(attempt, 10)), MAX_BACKOFF)
        try:
            posted = await sender.send(_reply(pending, thread, attempt))
        except RetryLater as exc:
            await self._failed(pending, thread, attempt, exc, timedelta(seconds=max(exc.retry_after, 0.0)))
            return False
        except DeliveryError as exc:
            await self._failed(pending, thread, attempt, exc, None if exc.permanent else backoff)
            return False
        except Exception as exc:  # a sender's bug: try again later, within the cap
            log.exception("posting a late reply in %s failed", thread.key)
            await self._failed(pending, thread, attempt, DeliveryError(type(exc).__name__), backoff)
            return False
        return await self._record(pending, conv, posted)

    async def forget_done_before(self, cutoff: datetime) -> None:
        await self.store.forget_done_before(cutoff)

    async def _failed(
        self,
        pending: PendingReply,
        thread: ThreadRef,
        attempt: int,
        exc: DeliveryError,
        wait: timedelta | None,
    ) -> None:
        """A new due time after ``wait``; or, for a permanent error (``wait`` None) or at
        the cap, give up (logged; the row keeps the error, not the text)."""
        now = self.clock.now()
        if wait is None or attempt >= MAX_ATTEMPTS:
            log.warning("gave up posting a reply in %s after %d attempt(s): %s", thread.key, attempt, exc)
            await self.store.give_up(pending.id, now=now, error=str(exc))
            return
        log.info(
            "reply in %s failed again (%s); next attempt in %.1fs", thread.key, exc, wait.total_seconds()
        )
        await self.store.retry_at(pending.id, due=now + wait, error=str(exc))
        self._wake(wait.total_seconds())

    async def _record(self, pending: PendingReply, conv: ConversationRow, posted: Posted) -> bool:
        """Record the posted answer and mark it done, in one transaction. When that fails
        (the database away) the post is kept here and recorded at the next pass, so this
        process never posts it twice."""
        self._unrecorded.pop(pending.id, None)  # a concurrent pass must not record it too
        try:
            await record(
                self.conversations,
                conv,
                posted,
                text=pending.text,
                kind=pending.kind,
                route=pending.route,
                now=self.clock.now(),
                offer=pending.offer,
                ack_for=pending.ack_for,
                question=pending.question,
                also=self.store.delivered(pending.id, self.clock.now()),
            )
        except Gone:
            log.info("a late reply was forgotten while it was posted; not recorded")
            return False
        except Exception as exc:
            log.warning(
                "posted a late reply in %s but could not record it (%s); recording it again later",
                conv.key,
                type(exc).__name__,
            )
            self._unrecorded[pending.id] = (pending, conv, posted)
            return False
        return True

    def _wake(self, seconds: float) -> None:
        if self.on_due is not None:
            self.on_due(seconds)


def _reply(pending: PendingReply, thread: ThreadRef, attempt: int) -> Reply:
    """The kept answer as the reply it was: the same thread, text, kind and buttons (so a
    sender that posted some of its parts before the rate limit posts only the rest), tagged
    with its identity; after an attempt that took a lease (the outbox's try is the first),
    it may already be in the thread."""
    try:
        buttons = tuple(
            Button(Action(a), str(label), str(value)) for a, label, value in json.loads(pending.buttons)
        )
    except (ValueError, TypeError) as exc:  # not what ``keep`` wrote: post the answer without them
        log.warning("a kept reply's buttons are unreadable (%s); posting it without them", type(exc).__name__)
        buttons = ()
    reply = Reply(
        thread, pending.text, kind=ReplyKind(pending.kind), in_reply_to=pending.in_reply_to, buttons=buttons
    )
    identity = reply_identity(reply)
    return reply.correlated(identity, may_be_posted=bool(identity) and attempt > 2)
