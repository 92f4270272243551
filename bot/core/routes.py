"""The two routes that answer now: ``none`` (chat) and ``quick`` (answer from the knowledge
base, offering to dig deeper when it is thin). The third, ``async``, is ``bot.core.commission``."""

from __future__ import annotations

import logging

from bot.clock import Clock
from bot.config import Settings
from bot.core.outbox import Outbox
from bot.events import Action, Button, Reply, Sender
from bot.inbound.context import Context, with_truncation_note
from bot.llm import LLMProvider, Turn
from bot.llm.fallback import with_fallback
from bot.llm.offline import OfflineProvider
from bot.persona import Persona
from bot.policy import Gate
from bot.research.evidence import Evidence
from bot.research.recall import Grade, Recall, recall_prose
from bot.routing import LOOKS_ELSEWHERE, Decision, Guard, Route, asks, asks_the_world, own_tracker
from bot.text.citations import check_citations, cited
from bot.text.terms import query_terms
from storage.conversations import Conversations

log = logging.getLogger(__name__)

WEAK_HITS = 2  # fewer useful hits than this → offer to dig deeper
NOTHING_FOUND = "I found nothing in the notes about that."
NO_FEED = "I can't see live weather or forecasts."


class Routes:
    def __init__(
        self,
        *,
        settings: Settings,
        clock: Clock,
        conversations: Conversations,
        recall: Recall,
        llm: LLMProvider,
        offline: LLMProvider,
        persona: Persona,
        outbox: Outbox,
        gate: Gate,
    ) -> None:
        self.settings = settings
        self.gate = gate  # which knowledge a place sees
        self.clock = clock
        self.conversations = conversations
        self.recall = recall
        self.llm = llm
        self.offline = offline
        self.persona = persona
        self.outbox = outbox

    # ------------------------------------------------------------------ the thread so far

    async def history(self, ctx: Context, limit: int | None = None) -> list[Turn]:
        if ctx.history is not None and not self.llm.offline:
            return ctx.history[-(limit or self.settings.history_turns) :]
        if self.llm.offline:
            return []  # the offline provider does not read the thread
        msgs = await self.conversations.history(
            ctx.conversation.id, limit=limit or self.settings.history_turns, before_id=ctx.message.id
        )
        return [Turn(m.role, m.text[:4000], m.author_name) for m in msgs if m.text]

    # ------------------------------------------------------------------ none

    async def none(self, ctx: Context, sender: Sender, decision: Decision) -> None:
        if self._looked_up(ctx.text, decision):
            await self.quick(ctx, sender, ctx.text, unseen=NO_FEED if asks_the_world(ctx.text) else "")
            return
        history = await self.history(ctx)
        hint = decision.guard or ""
        persona = self.persona.system_prompt
        # a chat reply may repeat citations from the thread, never invent one
        in_thread = cited("\n".join(t.text for t in history))
        text = await with_fallback(
            self.llm,
            self.offline,
            lambda model: model.chat(ctx.text, persona=persona, history=history, hint=hint),
            what="chat model",
            usable=lambda reply: check_citations(reply, in_thread).text.strip() or None,
        )
        buttons: tuple[Button, ...] = ()
        if len(query_terms(ctx.text)) >= 3 and decision.guard not in LOOKS_ELSEWHERE:
            buttons = (Button(Action.DEEP_INVESTIGATION, "Run a deep investigation", str(ctx.message.id)),)
        await self.outbox.reply(ctx, sender, self._noted(ctx, text), buttons=buttons, route=Route.NONE)

    def _looked_up(self, text: str, decision: Decision) -> bool:
        """Whether a message the router filed as chat is answered from the notes instead: a
        look-up of something that is no tracker of the asker's (the weather, who is on call,
        the status of a project: the notes may hold it; a calendar or an inbox they do not),
        or, without a model, a question the chat has no reply to but "noted". A look-up that
        finds nothing says so and offers to dig: cheaper than a question met with small talk."""
        if decision.guard == Guard.TRACKED_SIGNAL:
            return not own_tracker(text)
        if decision.guard is not None or not isinstance(self.llm, OfflineProvider) or self.llm.reason:
            return False
        return asks(text) and self.llm.reply_to(text, persona=self.persona.system_prompt) is None

    # ------------------------------------------------------------------ quick

    async def quick(
        self, ctx: Context, sender: Sender, question: str, *, recall: bool = False, unseen: str = ""
    ) -> None:
        """Answer ``question`` from the notes; ``unseen`` says first what no note can be
        expected to hold, when nothing is found."""
        await self.outbox.typing(sender, ctx.inbound.thread)
        if recall:
            result = await self.recall.cascade(
                question, space=self.gate.policy.knowledge_space(ctx.inbound.thread), lookalikes=False
            )
            text = recall_prose(result)
            weak = result.grade is not Grade.STRONG and len(result.hits) < WEAK_HITS
            await self._answer_with_offer(ctx, sender, text, question, weak)
            return
        # only the relevant notes, and of them the passages that answer (bot/research/evidence.py):
        # the offline answer states them, a model is given the same notes
        evidence = await self.recall.evidence(
            question,
            space=self.gate.policy.knowledge_space(ctx.inbound.thread),
            limit=self.settings.quick_top_k,
        )
        if not evidence.found:
            said = evidence.nothing_found() or NOTHING_FOUND
            if unseen:
                said = f"{unseen} {said}"
            await self._answer_with_offer(ctx, sender, said, question, weak=True)
            return
        await self._answer(ctx, sender, question, evidence)

    async def _answer(self, ctx: Context, sender: Sender, question: str, evidence: Evidence) -> None:
        """The answer from the passages found, by the model or extractive, with their notes cited."""
        # the extractive answer states the passages a reader needs (``Evidence.stated``); a
        # model reads all that answer, and a note or two more (``Evidence.wider``)
        stated = evidence.stated()
        wider = stated if self.llm.offline else evidence.wider(evidence.sources())
        history = await self.history(ctx, limit=6)
        persona = self.persona.system_prompt
        known = [s.id for s in wider]

        def usable(answer: str) -> str | None:
            checked = check_citations(answer, known)
            if checked.removed:
                log.info("removed %d unknown citations from a quick answer", checked.removed)
            return checked.text.strip() or None

        text = await with_fallback(
            self.llm,
            self.offline,
            lambda model: model.answer(
                question, persona=persona, sources=stated if model.offline else wider, history=history
            ),
            what="deep model",
            usable=usable,
        )
        await self._answer_with_offer(ctx, sender, text, question, weak=False)

    async def _answer_with_offer(
        self, ctx: Context, sender: Sender, text: str, question: str, weak: bool
    ) -> None:
        buttons: list[Button] = []
        if weak:
            text += "\n\nWant me to dig deeper? Say *yes* and I'll investigate."
            buttons.append(Button(Action.INVESTIGATE_OFFER, "Investigate this", str(ctx.message.id)))
        else:
            buttons.append(Button(Action.DEEP_INVESTIGATION, "Run a deep investigation", str(ctx.message.id)))
        reply = Reply(
            ctx.inbound.thread,
            self._noted(ctx, text),
            in_reply_to=ctx.inbound.message_id,
            buttons=tuple(buttons),
        )
        await self.outbox.post(
            ctx.conversation,
            ctx.inbound.thread,
            sender,
            reply,
            route=Route.QUICK,
            offer=question if weak else None,
            question=question,
        )

    def _noted(self, ctx: Context, text: str) -> str:
        return with_truncation_note(ctx, text, self.settings.max_message_chars)
