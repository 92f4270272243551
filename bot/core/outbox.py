"""The outbox: every reply the core posts goes out here and is recorded with what it carries
(an offer, an acknowledgement). A rate-limited reply is handed to ``bot.work.late_replies`` (kept in the
database, posted by the worker's delivery when due), so a wait never holds a conversation's
turn and a process that stops loses nothing. Senders never sleep; reports retry in
``bot.work.delivery``."""

from __future__ import annotations

import asyncio
import logging

from bot.clock import Clock
from bot.errors import MalloryError, RetryLater
from bot.events import Button, Posted, Reply, ReplyKind, Sender, ThreadRef
from bot.inbound.context import Context
from bot.routing import Route
from bot.work.late_replies import PostLater, record
from storage.conversations import ConversationRow, Conversations

log = logging.getLogger(__name__)


class Outbox:
    def __init__(self, conversations: Conversations, clock: Clock) -> None:
        self.conversations = conversations
        self.clock = clock
        self.later = PostLater(conversations, clock)

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
        rate-limited reply is kept to be posted when the platform allows, not dropped."""
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
            )
            return None
        except MalloryError as exc:
            log.warning("could not post a reply in %s: %s", thread.key, exc)
            return None
        await record(
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
        )
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
