"""The ``async`` route: commission an investigation (the access policy and quotas first,
then the queue, which folds a repeat into the open one as a steering note), attach steering
notes to the one running, and cancel it; each commission and cancel is audited."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta

from bot.clock import Clock
from bot.config import Settings
from bot.core.outbox import Outbox
from bot.events import Action, Button, Person, Reply, ReplyKind, Sender, ThreadRef
from bot.inbound.context import Context, attempt_resumed, truncation_note
from bot.inbound.followups import QueryVectors, points_back, resolve_reference, same_topic
from bot.policy import Gate
from bot.routing import Decision, OfferReply, Route
from bot.text.display import shorten
from storage.conversations import ConversationRow, Conversations, OpenInvestigation
from storage.models import Investigation, Status
from storage.queue import Outcome, Queue, Request
from storage.records import CANCELLED, COMMISSIONED, Audit

log = logging.getLogger(__name__)


class Commission:
    def __init__(
        self,
        *,
        settings: Settings,
        clock: Clock,
        conversations: Conversations,
        queue: Queue,
        outbox: Outbox,
        gate: Gate,
        audit: Audit,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.conversations = conversations
        self.queue = queue
        self.outbox = outbox
        self.gate = gate  # who may commission investigations, quotas, which knowledge a place sees
        self.audit = audit  # who commissioned, corrected and cancelled what
        self.on_enqueued: Callable[[], None] | None = None  # wakes an in-process worker
        self.vectors: QueryVectors | None = None  # the embedder, when semantic search is on

    async def dig(self, ctx: Context, sender: Sender, decision: Decision) -> None:
        """The async route: enqueue an investigation of the decision's question."""
        question = (decision.question or ctx.text).strip()
        open_inv = ctx.open_investigation
        if decision.offer_reply == OfferReply.ACCEPTED:
            await self.conversations.set_offer(ctx.conversation.id, None, None)
        elif points_back(question) and open_inv is None:
            resolved = await self._resolve_reference(ctx)
            if resolved is None:
                await self.outbox.reply(
                    ctx,
                    sender,
                    "What should I investigate? I couldn't tell what that refers to here: "
                    'say "dig into …" with the topic.',
                    kind=ReplyKind.NOTICE,
                    route=Route.NONE,
                )
                return
            question = resolved
        distinct_from = None
        if open_inv is not None and not await same_topic(question, open_inv.question, vectors=self.vectors):
            distinct_from = open_inv.id  # a new topic gets its own investigation
        await self.enqueue(
            ctx.conversation,
            ctx.inbound.thread,
            ctx.inbound.author,
            question,
            sender,
            request_text=ctx.text,
            request_message_id=ctx.inbound.message_id,
            ctx=ctx,
            distinct_from=distinct_from,
        )

    async def _resolve_reference(self, ctx: Context) -> str | None:
        """ "dig into that": the topic of the thread so far, read from the stored messages
        (so it works without a language model too)."""
        earlier = await self.conversations.history(
            ctx.conversation.id, limit=self.settings.history_turns, before_id=ctx.message.id
        )
        return resolve_reference(earlier)

    async def enqueue(
        self,
        conv: ConversationRow,
        thread: ThreadRef,
        requester: Person,
        question: str,
        sender: Sender,
        *,
        request_text: str,
        request_message_id: str | None,
        ctx: Context | None = None,
        entry_id: str | None = None,
        distinct_from: str | None = None,
    ) -> OpenInvestigation | None:
        now = self.clock.now()
        space = self.gate.policy.knowledge_space(thread)
        if ctx is not None and request_message_id and attempt_resumed.get():
            # handled a second time: what the first attempt commissioned, open or finished, is this
            earlier = await self.queue.for_request(conv.id, request_message_id)
            if earlier is not None:
                log.info(
                    "investigation %s was commissioned by an earlier attempt; joining it", earlier.id[:8]
                )
                if earlier.status in (Status.PENDING.value, Status.RUNNING.value):
                    await self._acknowledge(
                        conv,
                        thread,
                        sender,
                        earlier,
                        earlier.question,
                        request_message_id,
                        ctx,
                        requester,
                        space,
                    )
                else:  # it ended before this message was answered: say where its outcome is
                    await self._acknowledge_ended(conv, thread, sender, earlier, request_message_id)
                return earlier
        refusal = await self.gate.investigation_refusal(thread, requester, space)
        if refusal is not None:
            reply = Reply(thread, refusal, kind=ReplyKind.NOTICE, in_reply_to=request_message_id)
            await self.outbox.post(conv, thread, sender, reply, route=Route.ASYNC)
            return None
        result = await self.queue.enqueue(
            Request(
                conversation_id=conv.id,
                space=space,
                question=question[:2000],
                request_text=request_text[:4000],
                requester_id=requester.id,
                requester_name=requester.name,
                thread_ref=thread.to_json(),
                request_message_id=request_message_id,
                entry_id=entry_id,
            ),
            now=now,
            dedup_window=timedelta(seconds=self.settings.dedup_window_s),
            note_when_open=True,  # the request is added to the open one as a steering note
            distinct_from=distinct_from,
            # the audit record of the commission is written with it, in its transaction
            on_created=lambda conn, inv_id: self.audit.write(
                conn,
                COMMISSIONED,
                now=now,
                platform=thread.platform,
                actor_id=requester.id,
                actor_name=requester.name,
                space=space,
                investigation_id=inv_id,
                detail=question[:200],
            ),
        )
        inv = result.investigation
        if not result.created:
            minutes = max(0, int((now - (inv.created_at or now)).total_seconds() // 60))
            text = (
                f'I\'m already investigating "{shorten(inv.question)}" (started {minutes} min ago). '
                "I've added your message to it as a note; the report will come here."
            )
            await self.outbox.post(
                conv,
                thread,
                sender,
                Reply(thread, text, kind=ReplyKind.NOTICE, in_reply_to=request_message_id),
                route=Route.ASYNC,
            )
            return inv
        await self._acknowledge(
            conv, thread, sender, inv, question, request_message_id, ctx, requester, space
        )
        if self.on_enqueued is not None:
            self.on_enqueued()
        return inv

    async def _acknowledge(
        self,
        conv: ConversationRow,
        thread: ThreadRef,
        sender: Sender,
        inv: OpenInvestigation,
        question: str,
        request_message_id: str | None,
        ctx: Context | None,
        requester: Person,
        space: str,
    ) -> None:
        """The acknowledgement of a new investigation (an earlier attempt's, if it went out,
        is not posted again: ``Outbox.post``)."""
        text = f"On it: investigating \"{shorten(question)}\". I'll post the report in this thread when it's done."
        text += await self.gate.model_quota_note(thread, requester, space)
        if ctx is not None and ctx.truncated:
            text += truncation_note(ctx, self.settings.max_message_chars)
        await self.outbox.post(
            conv,
            thread,
            sender,
            Reply(
                thread,
                text,
                kind=ReplyKind.ACK,
                in_reply_to=request_message_id,
                buttons=(Button(Action.ANSWER_QUICKLY, "Answer quickly instead", inv.id),),
            ),
            route=Route.ASYNC,
            ack_for=inv.id,
        )

    async def _acknowledge_ended(
        self,
        conv: ConversationRow,
        thread: ThreadRef,
        sender: Sender,
        inv: OpenInvestigation,
        request_message_id: str,
    ) -> None:
        """The acknowledgement an earlier attempt did not post, for an investigation that
        ended meanwhile (another process ran it): not a stale "On it", but where its outcome
        is. It has the acknowledgement's identity, so it is posted only if that was not."""
        topic = shorten(inv.question)
        if inv.status == Status.DELIVERED.value:
            text = f'The investigation of "{topic}" is finished: its report is in this thread.'
        elif inv.status == Status.DONE.value:
            text = f'The investigation of "{topic}" is finished: its report is on its way to this thread.'
        elif inv.status == Status.FAILED.value:
            text = f'The investigation of "{topic}" could not be finished; I\'ve said why in this thread.'
        else:
            text = f'The investigation of "{topic}" was cancelled.'
        reply = Reply(thread, text, kind=ReplyKind.ACK, in_reply_to=request_message_id)
        await self.outbox.post(conv, thread, sender, reply, route=Route.ASYNC, ack_for=inv.id)

    async def attach_note(self, ctx: Context, sender: Sender, inv: Investigation | OpenInvestigation) -> None:
        await self.queue.add_note(
            inv.id, text=ctx.text, author_id=ctx.inbound.author.id, now=self.clock.now()
        )
        await self.outbox.reply(
            ctx,
            sender,
            f'Noted; I\'ll take that into account in the investigation of "{shorten(inv.question)}".',
            kind=ReplyKind.NOTICE,
            route=Route.ASYNC,
        )

    async def cancel(self, ctx: Context, sender: Sender) -> None:
        inv = await self.queue.open_for_conversation(ctx.conversation.id)
        if inv is None:
            await self.outbox.reply(
                ctx,
                sender,
                "There's no investigation running here to cancel.",
                kind=ReplyKind.NOTICE,
                route=Route.NONE,
            )
            return
        if await self.queue.cancel(inv.id, now=self.clock.now()) is not Outcome.APPLIED:
            # said twice at once (two processes): the other one cancelled it and says so
            await self.outbox.reply(
                ctx,
                sender,
                "That investigation was already stopped.",
                kind=ReplyKind.NOTICE,
                route=Route.NONE,
            )
            return
        await self.audit_cancel(ctx.inbound.thread, ctx.inbound.author, inv)
        await self.outbox.reply(
            ctx,
            sender,
            f'Cancelled the investigation of "{shorten(inv.question)}".',
            kind=ReplyKind.NOTICE,
            route=Route.NONE,
        )

    async def audit_cancel(
        self, thread: ThreadRef, who: Person, inv: Investigation | OpenInvestigation, detail: str = ""
    ) -> None:
        await self.audit.record(
            CANCELLED,
            now=self.clock.now(),
            platform=thread.platform,
            actor_id=who.id,
            actor_name=who.name,
            space=self.gate.policy.knowledge_space(thread),
            investigation_id=inv.id,
            detail=detail,
        )
