"""Button presses: take up an offer to investigate, correct a route (quick ↔ async, each
recorded as a routing correction), or cancel the investigation under way."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.clock import Clock
from bot.config import Settings
from bot.core.commission import Commission
from bot.core.outbox import Outbox
from bot.core.routes import Routes
from bot.events import Action, ActionEvent, Inbound, Posted, Reply, ReplyKind, Sender, ThreadRef
from bot.inbound.context import Context
from bot.routing import Route
from bot.text.display import shorten
from storage.conversations import ConversationRow, Conversations, MessageRow
from storage.models import Correction, Investigation
from storage.queue import Outcome, Queue
from storage.records import CORRECTED

log = logging.getLogger(__name__)


class Actions:
    def __init__(
        self,
        *,
        settings: Settings,
        clock: Clock,
        conversations: Conversations,
        queue: Queue,
        routes: Routes,
        commission: Commission,
        outbox: Outbox,
        first_time: Callable[[str], Awaitable[bool]],
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.conversations = conversations
        self.queue = queue
        self.routes = routes
        self.commission = commission
        self.outbox = outbox
        self.first_time = first_time

    async def handle(self, event: ActionEvent, sender: Sender) -> None:
        conv, _ = await self.conversations.get_or_create(
            key=event.thread.key,
            platform=event.thread.platform,
            space=event.thread.space,
            channel=event.thread.channel,
            thread=event.thread.thread,
            thread_ref=event.thread.to_json(),
            now=self.clock.now(),
        )
        if event.action in (Action.INVESTIGATE_OFFER, Action.DEEP_INVESTIGATION):
            await self._investigate(conv, event, sender)
        elif event.action is Action.ANSWER_QUICKLY:
            await self._answer_quickly(conv, event, sender)
        elif event.action is Action.CANCEL:
            await self._cancel(conv, event, sender)

    async def _investigate(self, conv: ConversationRow, event: ActionEvent, sender: Sender) -> None:
        msg = await self._message_by_id(conv, event.value)
        if msg is None:
            await self.outbox.post(
                conv,
                event.thread,
                sender,
                Reply(
                    event.thread,
                    "I can't find the message that button belongs to any more.",
                    kind=ReplyKind.NOTICE,
                ),
                route=Route.NONE,
            )
            return
        decided = msg.meta.get("decision") or {}
        question = str(msg.meta.get("question") or decided.get("question") or msg.text)
        if event.action is Action.DEEP_INVESTIGATION:
            await self._record_correction(
                conv,
                msg.platform_message_id,
                msg.text,
                msg.route or Route.NONE.value,
                Route.ASYNC,
                event.author.id,
            )
        await self.conversations.set_offer(conv.id, None, None)
        await self.commission.enqueue(
            conv,
            event.thread,
            event.author,
            question,
            sender,
            request_text=msg.text,
            request_message_id=msg.platform_message_id,
        )

    async def _answer_quickly(self, conv: ConversationRow, event: ActionEvent, sender: Sender) -> None:
        inv = await self.queue.get(event.value)
        if inv is None or inv.conversation_id != conv.id:
            return
        # Pressed twice at once in two processes, one press may win the cancel and the other
        # the quick answer: each says only what it won, so the thread hears each once.
        if await self.queue.cancel(inv.id, now=self.clock.now()) is Outcome.APPLIED:
            await self.commission.audit_cancel(event.thread, event.author, inv, "answer quickly instead")
            await self._say_cancelled(sender, event.thread, inv)
        if not await self.first_time(f"answer_quickly:{inv.id}"):
            return  # pressed twice: one quick answer is enough
        await self._record_correction(
            conv, inv.request_message_id or "", inv.request_text, Route.ASYNC, Route.QUICK, event.author.id
        )
        msg = await self._message_by_platform_id(conv, inv.request_message_id)
        if msg is None:
            return
        ctx = Context(
            Inbound(event.thread, msg.platform_message_id, event.author, msg.text, event.received_at),
            conv,
            msg,
            msg.text[: self.settings.max_message_chars],
            False,
        )
        await self.routes.quick(ctx, sender, inv.question)

    @staticmethod
    async def _say_cancelled(sender: Sender, thread: ThreadRef, inv: Investigation) -> None:
        """Tell the thread, once, on the acknowledgement itself, that the dig was called off
        (it gets no report and no apology)."""
        if not inv.ack_message_id:
            return
        try:
            await sender.edit(
                Posted(thread, inv.ack_message_id),
                f'Cancelled the investigation of "{shorten(inv.question)}"; answering quickly instead.',
            )
        except Exception as exc:  # the quick answer below still comes
            log.debug("could not update the acknowledgement: %s", type(exc).__name__)

    async def _cancel(self, conv: ConversationRow, event: ActionEvent, sender: Sender) -> None:
        inv = await self.queue.open_for_conversation(conv.id)
        if inv is None:
            return
        if await self.queue.cancel(inv.id, now=self.clock.now()) is not Outcome.APPLIED:
            return  # pressed twice at once (two processes): the other press cancelled it
        await self.commission.audit_cancel(event.thread, event.author, inv)
        await self.outbox.post(
            conv,
            event.thread,
            sender,
            Reply(
                event.thread,
                f'Cancelled the investigation of "{shorten(inv.question)}".',
                kind=ReplyKind.NOTICE,
            ),
            route=Route.NONE,
        )

    async def _record_correction(
        self, conv: ConversationRow, message_id: str, text: str, given: str, wanted: Route, author_id: str
    ) -> None:
        await self.conversations.record_correction(
            Correction(
                platform=conv.platform,
                space=conv.space,
                conversation_id=conv.id,
                message_id=message_id,
                text=text[:4000],
                route_given=str(given),
                route_wanted=wanted.value,
                author_id=author_id,
                created_at=self.clock.now(),
            )
        )
        await self.commission.audit.record(
            CORRECTED,
            now=self.clock.now(),
            platform=conv.platform,
            actor_id=author_id,
            space=conv.space,
            detail=f"{given} → {wanted.value}: {text[:200]}",
        )

    async def _message_by_id(self, conv: ConversationRow, value: str) -> MessageRow | None:
        if not value.isdigit():
            return None
        return await self.conversations.message(conv.id, int(value))

    async def _message_by_platform_id(
        self, conv: ConversationRow, platform_id: str | None
    ) -> MessageRow | None:
        if not platform_id:
            return None
        return await self.conversations.user_message(conv.id, platform_id)
