"""Posting what could not be posted at once: each finished investigation's report (or
apology) goes to the exact thread it was asked in, pinging the requester, exactly once — the
delivery record is checked and leased before posting and written right after — and each
answer the platform rate-limited goes out when due (``bot.work.late_replies``). Both retry through the
database, leased, with a capped number of attempts: the one retry layer for posts.

Between a post reaching the platform and its record being written, a crash (or the database
being away) leaves the outcome unknown. A post whose recording failed is kept in memory and
recorded again before anything else; after a crash, the next attempt tells the sender the
report may already be there (``Reply.may_be_posted``): Slack then reads the thread for the
investigation id in message metadata, Telegram cannot read a chat back (docs/telegram.md)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime, timedelta

from bot.clock import Clock
from bot.errors import DeliveryError, RetryLater
from bot.events import Attachment, Person, Posted, Reply, ReplyKind, Sender, ThreadRef
from bot.text.display import shorten
from bot.work.late_replies import PostLater
from storage.conversations import Conversations
from storage.models import Investigation, Status
from storage.queue import Queue

log = logging.getLogger(__name__)

INLINE_LIMIT = 3500  # longer reports go as a short message plus the full report attached
DELIVERY_LEASE = timedelta(minutes=5)  # a post takes seconds; the configured lease if shorter
MAX_BACKOFF = timedelta(hours=1)
MAX_DELIVERY_ATTEMPTS = 25
FORGET_EVERY = timedelta(hours=1)  # how often the sweep forgets old delivery keys


def apology(inv: Investigation) -> str:
    return (
        f'Sorry, I couldn\'t finish the investigation of "{shorten(inv.question)}". '
        "Your request is saved in this thread: ask me again and I'll start over, or ask a narrower question."
    )


def compose(inv: Investigation, thread: ThreadRef, *, started: bool) -> Reply:
    """The report (or apology) as a reply into ``thread``, tagged with the investigation id;
    ``started``: an earlier delivery attempt took a lease, so it may already be in the thread."""
    return _compose(inv, thread).correlated(inv.id, may_be_posted=started)


def _compose(inv: Investigation, thread: ThreadRef) -> Reply:
    requester = Person(inv.requester_id, inv.requester_name) if inv.requester_id else None
    if inv.status == Status.FAILED.value or not inv.answer:
        return Reply(
            thread,
            apology(inv),
            kind=ReplyKind.APOLOGY,
            in_reply_to=inv.request_message_id,
            mention=requester,
        )
    report = inv.answer
    if len(report) <= INLINE_LIMIT:
        return Reply(
            thread,
            report,
            kind=ReplyKind.REPORT,
            in_reply_to=inv.request_message_id,
            mention=requester,
            title=shorten(inv.question, 80),
            full_report=report,
            report_file=inv.report_path,
        )
    return Reply(
        thread,
        condensed(report),
        kind=ReplyKind.REPORT,
        in_reply_to=inv.request_message_id,
        mention=requester,
        attachment=Attachment(filename=f"investigation-{inv.id[:8]}.md", content=report),
        title=shorten(inv.question, 80),
        full_report=report,
        report_file=inv.report_path,
    )


def condensed(report: str) -> str:
    """Heading, summary line and Context Summary: what fits in a chat message."""
    parts = report.split("\n\n---\n\n")
    head = parts[0]
    summary = next((p for p in parts if p.startswith("## Context Summary")), "")
    text = head + ("\n\n" + summary if summary else "")
    if len(text) > INLINE_LIMIT - 200:
        text = text[: INLINE_LIMIT - 200].rsplit("\n", 1)[0] + "\n…"
    return text + "\n\n_The full report (relationship map, timeline, people, gaps and sources) is attached._"


class Delivery:
    def __init__(
        self,
        queue: Queue,
        clock: Clock,
        senders: Mapping[str, Sender],
        *,
        retry_s: float = 30.0,
        lease_s: float | None = None,
        conversations: Conversations | None = None,
    ) -> None:
        self.queue = queue
        self.clock = clock
        self.senders = senders
        self.retry = timedelta(seconds=retry_s)
        # how long a delivery begun by a process that died keeps others off it: never longer
        # than the claims' lease, which is what an operator sets to say "take up a dead
        # process's work after this long"
        self.lease = DELIVERY_LEASE if lease_s is None else min(DELIVERY_LEASE, timedelta(seconds=lease_s))
        self.conversations = conversations
        self._forgot_at: datetime | None = None
        # answers the platform rate-limited (the outbox kept them): posted when due
        self.later = PostLater(conversations, clock, retry_s=retry_s) if conversations is not None else None
        # posted, but writing the delivery record failed: recorded again before anything else
        self._unrecorded: dict[str, Posted] = {}
        # a scheduled run that can never be posted (its channel is gone): the schedule pauses
        self.on_undeliverable: Callable[[Investigation, str], Awaitable[None]] | None = None

    async def forget_old(self, retention_s: float) -> None:
        """Drop delivery keys, and late answers posted or given up, older than the retention
        (``seen_events`` would grow without bound: Slack writes two per message). At most
        once per ``FORGET_EVERY``."""
        now = self.clock.now()
        if self._forgot_at is not None and now - self._forgot_at < FORGET_EVERY:
            return
        self._forgot_at = now
        cutoff = now - timedelta(seconds=retention_s)
        if self.conversations is not None:
            await self.conversations.forget_seen_before(cutoff)
        if self.later is not None:
            await self.later.forget_done_before(cutoff)

    async def deliver_pending(self) -> int:
        """Deliver every finished, undelivered result and every due answer whose platform
        we can post to."""
        return await self.deliver_replies() + await self.deliver_reports()

    async def deliver_reports(self) -> int:
        """Deliver every finished, undelivered result whose platform we can post to."""
        delivered = 0
        for inv_id, posted in list(self._unrecorded.items()):
            await self._record(inv_id, posted)
        for inv in await self.queue.undelivered(now=self.clock.now()):
            if await self.deliver(inv):
                delivered += 1
        return delivered

    async def deliver_replies(self) -> int:
        """Post the kept answers that are due (``bot.work.late_replies``)."""
        return 0 if self.later is None else await self.later.deliver_due(self.senders)

    async def deliver(self, inv: Investigation, thread: ThreadRef | None = None) -> bool:
        """Post one finished result into ``thread`` (read from the row when not given), unless
        it is delivered, leased by another worker, or no sender here can reach it."""
        thread = thread or ThreadRef.from_json(inv.thread_ref)
        sender = self.senders.get(thread.platform)
        if sender is None:
            return False  # another process with that platform's sender will deliver it
        if inv.id in self._unrecorded:
            return await self._record(inv.id, self._unrecorded[inv.id])
        now = self.clock.now()
        # the lease returns the row as it is now: ``inv`` may be the claim's copy from
        # before the report (one trip, instead of reading the report straight back). Whether
        # an earlier attempt was started is ``inv``'s: the leased row always carries a lease.
        leased = await self.queue.lease_delivery(inv.id, now=now, until=now + self.lease)
        if leased is None:
            return False  # delivered already, or another worker is posting it right now
        reply = compose(leased, thread, started=inv.next_delivery_at is not None)
        inv = leased
        try:
            posted: Posted = await sender.send(reply)
        except RetryLater as exc:
            later = self.clock.now() + timedelta(seconds=max(exc.retry_after, 1.0))
            log.info("delivery of %s rate limited; retrying at %s", inv.id[:8], later)
            await self.queue.delivery_failed(inv.id, error=str(exc), retry_at=later, now=self.clock.now())
            return False
        except DeliveryError as exc:
            attempts = inv.delivery_attempts + 1
            give_up = exc.permanent or attempts >= MAX_DELIVERY_ATTEMPTS
            retry_at: datetime | None = (
                None
                if give_up
                else self.clock.now() + min(self.retry * (2 ** min(attempts, 10)), MAX_BACKOFF)
            )
            log.warning("delivery of %s failed (%s)%s", inv.id[:8], exc, "; giving up" if give_up else "")
            await self.queue.delivery_failed(inv.id, error=str(exc), retry_at=retry_at, now=self.clock.now())
            if exc.permanent and inv.schedule_id and self.on_undeliverable is not None:
                await self.on_undeliverable(inv, str(exc))
            return False
        recorded = await self._record(inv.id, posted)  # if not, it follows when the database is back
        if recorded and self.conversations is not None and inv.conversation_id:
            # where threads are reply chains (Telegram basic groups), a reply to any part of
            # the report must find its conversation
            try:
                await self.conversations.record_parts(
                    conversation_id=inv.conversation_id,
                    space=thread.space,  # the conversation's, not the knowledge space
                    message_ids=[posted.message_id, *posted.more_ids],
                    now=self.clock.now(),
                )
            except Exception as exc:  # the report is posted; only reply-chain lookups lose it
                log.warning(
                    "could not record the report's messages for %s: %s", inv.id[:8], type(exc).__name__
                )
        if inv.ack_message_id:
            done = (
                "Done: the report is below."
                if reply.kind is ReplyKind.REPORT
                else "This one didn't work out; see below."
            )
            try:
                await sender.edit(
                    Posted(thread, inv.ack_message_id), f'Investigating "{shorten(inv.question)}". {done}'
                )
            except Exception as exc:  # the ack edit is cosmetic
                log.debug("could not update the acknowledgement: %s", type(exc).__name__)
        return True

    async def _record(self, inv_id: str, posted: Posted) -> bool:
        """Write the delivery record of a post that reached the thread. On a database
        failure the post is kept here and recorded again at the next sweep, so it is
        never posted a second time while this process lives."""
        try:
            await self.queue.mark_delivered(inv_id, message_id=posted.message_id, now=self.clock.now())
        except Exception as exc:
            if inv_id not in self._unrecorded:
                log.warning(
                    "delivery of %s posted but not recorded (%s); recording it again later",
                    inv_id[:8],
                    type(exc).__name__,
                )
            self._unrecorded[inv_id] = posted
            return False
        self._unrecorded.pop(inv_id, None)
        return True
