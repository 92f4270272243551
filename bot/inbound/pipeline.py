"""The inbound pipeline: clean a message, store it once (a redelivery stops here), decide
whether it is for us, and hand it to a route, a steering note or a cancel."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta

import numpy as np

from bot.clock import Clock
from bot.config import Settings
from bot.core.commission import Commission
from bot.core.outbox import Outbox
from bot.core.routes import Routes
from bot.events import Inbound, ReplyKind, Sender
from bot.inbound.context import Context, attempt_resumed, clean_text
from bot.inbound.followups import QueryVectors
from bot.inbound.intake import RESUMED, resumed_message
from bot.llm import LLMProvider, Turn
from bot.llm.fallback import with_fallback
from bot.llm.usage import charge_to
from bot.routing import (
    LOOKS_ELSEWHERE,
    Decision,
    Guard,
    OfferReply,
    Route,
    addressing_of,
    is_affirmative,
    is_cancel,
    is_negative,
    is_steering,
    normalize,
    routed,
)
from storage.conversations import Conversations

log = logging.getLogger(__name__)


class InboundPipeline:
    def __init__(
        self,
        *,
        settings: Settings,
        clock: Clock,
        conversations: Conversations,
        llm: LLMProvider,
        routes: Routes,
        commission: Commission,
        outbox: Outbox,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.conversations = conversations
        self.llm = llm
        self.routes = routes
        self.commission = commission
        self.outbox = outbox
        # a request that carries a schedule ("every Monday at 9, dig into …"): the core's
        # commands take it (True) before routing; set by ``Mallory``
        self.carries_schedule: Callable[[Context, Sender], Awaitable[bool]] | None = None
        # which words the notes use, as of now (the router's hint for a phrase it would take
        # for chat); set by ``Mallory``
        self.notes_know: Callable[[], Awaitable[Callable[[str], bool]]] | None = None
        # the message's sentence vector (the local MiniLM), for a decision the router is unsure
        # of; set by the runtime when that embedder is on
        self.meaning: QueryVectors | None = None

    async def store(self, inbound: Inbound) -> Context | None:
        """Clean and store the message with the offline router's decision, in one unit that
        also reads the conversation, its open investigation and history. ``None``: seen before."""
        cleaned, binary = clean_text(inbound.text or "")
        cap = self.settings.max_message_chars
        truncated = len(cleaned) > cap
        # the offline router's decision is stored with the message; it is refined afterwards
        # only when an offer or the LLM changes it
        reading = routed(
            "" if binary else cleaned[:cap],
            addressing=addressing_of(inbound),
            sure_at=self.settings.router_sure,
        )
        pre = reading.decision
        stored = await self.conversations.store_inbound(
            key=inbound.thread.key,
            platform=inbound.platform,
            space=inbound.space,
            channel=inbound.channel,
            thread=inbound.thread.thread,
            thread_ref=inbound.thread.to_json,  # written only with a new conversation
            platform_message_id=inbound.message_id,
            text=cleaned,
            now=self.clock.now(),
            author_id=inbound.author.id,
            author_name=inbound.author.name,
            truncated=truncated,
            route=pre.route.value,
            meta={"binary": True} if binary else {"decision": pre.to_dict()},
            history=0 if self.llm.offline else self.settings.history_turns,
        )
        attempt_resumed.set(bool(inbound.extras.get(RESUMED)))
        message = stored.message or await resumed_message(self.conversations, stored.conversation.id, inbound)
        if message is None:
            log.info("message %s already handled; ignoring the redelivery", inbound.message_id)
            return None
        text = "" if binary else cleaned[:cap]
        charge_to(conversation_id=stored.conversation.id, message_id=message.id)
        return Context(
            inbound,
            stored.conversation,
            message,
            text,
            truncated,
            stored.bot_takes_part,
            stored.open_investigation,
            pre,
            [Turn(m.role, m.text[:4000], m.author_name) for m in stored.history if m.text],
            reading,
        )

    async def handle(self, inbound: Inbound, sender: Sender) -> None:
        if inbound.author.is_bot:
            return
        ctx = await self.store(inbound)
        if ctx is None:
            return
        if not (inbound.is_mention or inbound.is_direct or ctx.bot_takes_part):
            return  # overheard, not for us: stored, deliberately not answered
        if ctx.message.meta.get("binary"):
            await self.outbox.reply(
                ctx,
                sender,
                "That looks like binary data rather than text, so I've left it alone.",
                kind=ReplyKind.NOTICE,
                route=Route.NONE,
            )
            return
        if not ctx.text.strip():
            if inbound.is_mention:
                await self.outbox.reply(
                    ctx,
                    sender,
                    "You called? Ask me a question, or ask me to dig into something.",
                    route=Route.NONE,
                )
            return  # an empty direct message: nothing to answer
        if is_cancel(ctx.text):
            await self.commission.cancel(ctx, sender)
            return
        open_inv = ctx.open_investigation
        looks_elsewhere = ctx.lexicon is not None and ctx.lexicon.guard in LOOKS_ELSEWHERE
        if open_inv is not None and is_steering(normalize(ctx.text)) and not looks_elsewhere:
            await self.commission.attach_note(ctx, sender, open_inv)
            return
        if (
            self.carries_schedule is not None
            and not looks_elsewhere
            and await self.carries_schedule(ctx, sender)
        ):
            return
        decision = await self.classify(ctx)
        if decision.guard == Guard.ADDRESSED_ELSEWHERE and not inbound.is_direct:
            return  # a request to a colleague in a thread Mallory follows: not for us
        # the lexicon's own decision was stored with the message
        if decision is not ctx.lexicon and decision.to_dict() != ctx.message.meta.get("decision"):
            ctx.message.meta = {**ctx.message.meta, "decision": decision.to_dict()}
            await self.conversations.set_route(ctx.message.id or 0, decision.route.value, ctx.message.meta)
        if decision.route is Route.ASYNC:
            await self.commission.dig(ctx, sender, decision)
        elif decision.route is Route.QUICK:
            await self.routes.quick(ctx, sender, decision.question or ctx.text, recall=decision.recall)
        else:
            await self.routes.none(ctx, sender, decision)

    async def _meaning_of(self, text: str) -> np.ndarray | None:
        assert self.meaning is not None
        try:
            return await self.meaning.query_vector(text)
        except Exception as exc:  # the meaning refines a decision; the phrasing alone still decides
            log.warning("embedder unavailable for routing (%s)", type(exc).__name__)
            return None

    async def classify(self, ctx: Context) -> Decision:
        # the conversation row was read with the message, in one transaction: its offer is current
        conv = ctx.conversation
        offer = None
        if (
            conv.offer_question
            and conv.offer_at is not None
            and self.clock.now() - conv.offer_at <= timedelta(seconds=self.settings.offer_window_s)
            and (is_affirmative(ctx.text) or is_negative(ctx.text))
        ):
            offer = conv.offer_question
        reading = (
            routed(
                ctx.text,
                addressing=addressing_of(ctx.inbound),
                offer=offer,
                sure_at=self.settings.router_sure,
            )
            if offer or ctx.lexicon is None or ctx.routed is None
            else ctx.routed
        )
        know = None
        lexicon = reading.decision
        if (
            lexicon.offer_reply is None
            and self.notes_know is not None
            and (
                # (a phrase the model took for chat, routed quick or not before the notes' say:
                # keywords naming the kind of fact asked are, unsurely)
                reading.asks_the_notes
                or (lexicon.route is Route.NONE and not lexicon.sure and self.meaning is not None)
            )
        ):
            # the router decides whether a phrase it took for chat is a look-up the notes
            # answer; it is told which words the notes use (what it read stands), brought up
            # to date only when it will ask them (or may, once it has read the meaning)
            know = await self.notes_know()
            lexicon = reading.decide(know)
        if not lexicon.sure and lexicon.source == "model" and self.meaning is not None:
            # unsure: the router reads what the message means as well (one embedding, only here)
            vector = await self._meaning_of(ctx.text)
            if vector is not None:
                lexicon = routed(
                    ctx.text,
                    addressing=addressing_of(ctx.inbound),
                    offer=offer,
                    sure_at=self.settings.router_sure,
                    meaning=vector,
                ).decide(know)
        if lexicon.offer_reply == OfferReply.DECLINED:
            await self.conversations.set_offer(ctx.conversation.id, None, None)
        if lexicon.sure or self.llm.offline:
            return lexicon
        history = await self.routes.history(ctx, limit=8)
        # offline, the classifier is the router's own decision
        return await with_fallback(
            self.llm,
            self.routes.offline,
            lambda model: model.classify(ctx.text, history=history, lexicon=lexicon),
            what="LLM classifier",
        )
