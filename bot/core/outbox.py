"""The outbox: every reply the core posts goes out here, is recorded with what it carries
(an offer, an acknowledgement), and is retried in the background when rate limited. This is
the one retry layer for answers (senders never sleep; reports retry through the worker's
delivery), so a wait never holds a conversation's turn."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from bot.clock import Clock
from bot.core.context import Context
from bot.errors import MalloryError, RetryLater
from bot.events import Button, Posted, Reply, ReplyKind, Sender, ThreadRef
from bot.routing import Route
from storage.conversations import ConversationRow, Conversations

log = logging.getLogger(__name__)

MAX_REPLY_ATTEMPTS = 5


class Outbox:
    def __init__(
        self,
        conversations: Conversations,
        clock: Clock,
        sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        self.conversations = conversations
        self.clock = clock
        self.sleep: Callable[[float], Awaitable[None]] = sleep or asyncio.sleep
        self._tasks: set[asyncio.Task[None]] = set()

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
        attempt: int = 1,
    ) -> Posted | None:
        """Send a reply, then record it (with the offer or acknowledgement it carries). A
        rate-limited reply is retried in the background, not dropped."""
        try:
            posted = await sender.send(reply)
        except RetryLater as exc:
            if attempt >= MAX_REPLY_ATTEMPTS:
                log.warning("gave up posting a reply in %s after %d rate limits", thread.key, attempt)
                return None
            log.info("reply in %s rate limited; retrying in %.1fs", thread.key, exc.retry_after)
            self._spawn(
                self._post_later(
                    exc.retry_after,
                    conv,
                    thread,
                    sender,
                    reply,
                    route=route,
                    offer=offer,
                    ack_for=ack_for,
                    question=question,
                    attempt=attempt + 1,
                )
            )
            return None
        except MalloryError as exc:
            log.warning("could not post a reply in %s: %s", thread.key, exc)
            return None
        meta: dict[str, object] = {"kind": reply.kind.value}
        if question is not None:
            meta["question"] = question
        await self.conversations.record_reply(
            conversation=conv,
            platform_message_id=posted.message_id,
            text=reply.text,
            now=self.clock.now(),
            route=route.value,
            meta=meta,
            offer=offer,
            ack_for=ack_for,
            more_ids=posted.more_ids,
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

    async def drain(self) -> None:
        """Wait for replies that are being retried in the background."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def aclose(self) -> None:
        """Stop retrying replies (at shutdown); what is still pending is logged."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            log.warning("shutting down with %d replies still waiting to be retried", len(self._tasks))
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _post_later(self, delay: float, *args: Any, **kwargs: Any) -> None:
        await self.sleep(max(delay, 0.0))
        await self.post(*args, **kwargs)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background reply failed: %s", task.exception())
