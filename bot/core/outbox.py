"""The outbox: every reply the core posts goes out here and is recorded with what it carries
(an offer, an acknowledgement). A rate-limited reply is handed to ``bot.work.late_replies`` (kept in the
database, posted by the worker's delivery when due), so a wait never holds a conversation's
turn and a process that stops loses nothing. Senders never sleep; reports retry in
``bot.work.delivery``.

A reply to a message has an identity (``bot.events.reply_identity``), the same on every attempt of
that message, recorded with it. As for reports (``bot.work.delivery``): a reply posted while
the database is away is held here and recorded when it is back, never posted again; a
second attempt first asks whether the reply is recorded, and a sender that can read the
thread back (Slack: message metadata) looks there for it before posting."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial

from bot.clock import Clock
from bot.errors import MalloryError, RetryLater
from bot.events import Button, Posted, Reply, ReplyKind, Sender, ThreadRef, reply_identity
from bot.inbound.context import Context, attempt_resumed
from bot.inbound.door import unavailable
from bot.routing import Route
from bot.work.late_replies import PostLater, record
from storage.conversations import ConversationRow, Conversations

log = logging.getLogger(__name__)


class Outbox:
    def __init__(self, conversations: Conversations, clock: Clock) -> None:
        self.conversations = conversations
        self.clock = clock
        self.later = PostLater(conversations, clock)
        # posted while the database was away: by identity, the post and its record to write
        self._held: dict[str, tuple[Posted, Callable[[], Awaitable[None]]]] = {}

    async def reply(
        self,
        ctx: Context,
        sender: Sender,
        text: str,
        *,
        route: Route,
        kind: ReplyKind = ReplyKind.ANSWER,
        buttons: tuple[Button, ...] = (),
    ) -> Posted | None:
        """Answer the message in ``ctx``, in its thread."""
        reply = Reply(
            ctx.inbound.thread, text, kind=kind, in_reply_to=ctx.inbound.message_id, buttons=buttons
        )
        return await self.post(ctx.conversation, ctx.inbound.thread, sender, reply, route=route)

    async def post(
        self,
        conv: ConversationRow,
        thread: ThreadRef,
        sender: Sender,
        reply: Reply,
        *,
        route: Route,
        offer: str | None = None,
        ack_for: str | None = None,
        question: str | None = None,
    ) -> Posted | None:
        """Send a reply, then record it (with the offer or acknowledgement it carries). A
        rate-limited reply is kept to be posted when the platform allows, not dropped. A
        reply an earlier attempt already posted is recorded (if it was not), not sent again."""
        identity = reply_identity(reply)
        if identity:
            held = self._held.get(identity)
            if held is not None:  # an attempt the database interrupted posted it
                posted, write = held
                await write()  # raises while the database is still away: the door retries
                self._held.pop(identity, None)
                log.info("reply in %s was posted before the database went away; recorded now", thread.key)
                return posted
            resumed = attempt_resumed.get()
            if resumed and await self.conversations.replied(conv.id, identity):
                log.info("reply in %s was posted by an earlier attempt; not posted again", thread.key)
                return None
            reply = reply.correlated(identity, may_be_posted=resumed)
        try:
            posted = await sender.send(reply)
        except RetryLater as exc:
            log.info("reply in %s rate limited; posting it in %.1fs", thread.key, exc.retry_after)
            await self.later.keep(
                conv,
                reply,
                route=route,
                retry_after=exc.retry_after,
                offer=offer,
                ack_for=ack_for,
                question=question,
                identity=identity,
            )
            return None
        except MalloryError as exc:
            log.warning("could not post a reply in %s: %s", thread.key, exc)
            return None
        write = partial(
            record,
            self.conversations,
            conv,
            posted,
            text=reply.text,
            kind=reply.kind.value,
            route=route.value,
            now=self.clock.now(),
            offer=offer,
            ack_for=ack_for,
            question=question,
            identity=identity,
        )
        try:
            await write()
        except Exception as exc:
            if identity and unavailable(exc):
                log.debug(
                    "reply in %s posted but not recorded (the database is away); holding it", thread.key
                )
                self._held[identity] = (posted, write)
            raise
        return posted

    async def say_safely(self, sender: Sender, reply: Reply) -> None:
        """Send an apology that is not recorded and must not raise."""
        try:
            await sender.send(reply)
        except Exception as exc:  # the apology itself failed; nothing more to do here
            log.warning("could not send an error notice: %s", type(exc).__name__)

    @staticmethod
    async def typing(sender: Sender, thread: ThreadRef) -> None:
        try:
            async with asyncio.timeout(2.0):  # no task of its own, unlike wait_for
                await sender.typing(thread)
        except Exception:  # typing is cosmetic
            pass
