"""Mallory's core: every inbound message is stored, routed (none / quick / async) and
answered through the adapter's sender. Platform-agnostic: adapters hand in ``bot.events``."""

from __future__ import annotations

import asyncio
import logging
import re
import unicodedata
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from bot.citations import check_citations, cited
from bot.clock import Clock
from bot.config import Settings
from bot.errors import LLMError, MalloryError, RetryLater
from bot.events import (
    Action,
    ActionEvent,
    Button,
    Command,
    Inbound,
    Person,
    Posted,
    Reply,
    ReplyKind,
    Sender,
    ThreadRef,
)
from bot.llm import LLMProvider, OfflineProvider, Source, Turn
from bot.llm.usage import charge_to, scoped
from bot.persona import Persona
from bot.research.recall import Recall, render_recall
from bot.research.search import Hit, Retriever
from bot.routing import (
    Decision,
    Route,
    classify_lexicon,
    is_affirmative,
    is_cancel,
    is_negative,
    is_referential,
    normalize,
)
from bot.sources import source_of
from bot.terms import query_terms
from bot.text import shorten
from storage.conversations import ConversationRow, Conversations, MessageRow, OpenInvestigation
from storage.knowledge import EntryDraft, Knowledge
from storage.models import Correction, Entry, Investigation
from storage.queue import Queue, Request

log = logging.getLogger(__name__)

WEAK_HITS = 2
UNUSABLE = "the language model did not give a usable answer"
MAX_REPLY_ATTEMPTS = 5  # fewer useful hits than this → offer to dig deeper
_STEERING = re.compile(
    r"^(?:also|and|plus|include|including|focus|especially|make\s+sure|don'?t\s+forget|what\s+about|"
    r"how\s+about|check|look\s+at|consider|add|remember\s+to|note\s+that|fyi|btw|p\.?s\.?)\b",
    re.I,
)


def clean_text(text: str) -> tuple[str, bool]:
    """Drop control characters; report whether the text looks like binary junk."""
    if not text:
        return "", False
    if text.isprintable() and "\ufffd" not in text:
        return text, False  # nothing below would be dropped (the common case, checked in C)
    kept = []
    junk = 0
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in "\n\t":
            kept.append(ch)
        elif cat in {"Cc", "Cs", "Co", "Cn"} or ch == "\ufffd":
            junk += 1
        else:
            kept.append(ch)
    cleaned = "".join(kept)
    binary = junk > 0 and junk >= max(4, len(text) // 10)
    return cleaned, binary


@dataclass(frozen=True)
class Context:
    """One message on its way through the core."""

    inbound: Inbound
    conversation: ConversationRow
    message: MessageRow
    text: str  # cleaned, capped for routing
    truncated: bool
    bot_takes_part: bool = False
    open_investigation: OpenInvestigation | None = None
    lexicon: Decision | None = None  # the lexicon's decision, made before storing
    history: list[Turn] | None = None  # the thread before this message (when a model will read it)


class Mallory:
    def __init__(
        self,
        *,
        settings: Settings,
        clock: Clock,
        conversations: Conversations,
        queue: Queue,
        knowledge: Knowledge,
        retriever: Retriever,
        llm: LLMProvider,
        persona: Persona,
        on_entries: Callable[[Sequence[Entry]], Awaitable[None]] | None = None,
        sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        self.on_entries = on_entries  # embeds new entries when semantic search is on
        self.on_enqueued: Callable[[], None] | None = None  # wakes an in-process worker
        self.sleep: Callable[[float], Awaitable[None]] = sleep or asyncio.sleep
        self._tasks: set[asyncio.Task[None]] = set()
        self.settings = settings
        self.clock = clock
        self.conversations = conversations
        self.queue = queue
        self.knowledge = knowledge
        self.retriever = retriever
        self.recall = Recall(knowledge, retriever)
        self.llm = llm
        self.offline = OfflineProvider(capabilities=persona.capabilities)
        self.persona = persona

    # ------------------------------------------------------------------ public API

    async def first_time(self, key: str) -> bool:
        return await self.conversations.first_time(key, now=self.clock.now())

    async def takes_part(self, thread: ThreadRef) -> bool:
        conv = await self.conversations.by_key(thread.key)
        return conv is not None and await self.conversations.has_assistant_message(conv.id)

    async def thread_for_message(
        self, platform: str, space: str, channel: str, message_id: str
    ) -> ThreadRef | None:
        msg = await self.conversations.find_message(
            space=space, platform_message_id=message_id, platform=platform
        )
        if msg is None:
            return None
        conv = await self.conversations.get(msg.conversation_id)
        if conv is None or conv.channel != channel:
            return None
        return ThreadRef.from_json(conv.thread_ref)

    async def handle(self, inbound: Inbound, sender: Sender) -> None:
        """Store the message, then answer it, attach it, or ignore it on purpose."""
        try:
            with scoped(space=inbound.space, user_id=inbound.author.id):
                await self._handle(inbound, sender)
        except MalloryError as exc:
            log.warning("could not handle message %s: %s", inbound.message_id, exc)
        except Exception:
            log.exception("unexpected error handling message %s", inbound.message_id)
            await self._say_safely(
                sender,
                Reply(
                    inbound.thread,
                    "Sorry, something went wrong on my side while handling that. Your message is saved; "
                    "please try again in a moment.",
                    kind=ReplyKind.NOTICE,
                    in_reply_to=inbound.message_id,
                ),
            )

    async def handle_action(self, event: ActionEvent, sender: Sender) -> None:
        try:
            with scoped(space=event.thread.space, user_id=event.author.id):
                await self._handle_action(event, sender)
        except Exception:
            log.exception("unexpected error handling action %s", event.action)

    async def handle_command(self, command: Command, args: str, inbound: Inbound, sender: Sender) -> None:
        try:
            with scoped(space=inbound.space, user_id=inbound.author.id):
                await self._handle_command(command, args, inbound, sender)
        except Exception:
            log.exception("unexpected error handling command %s", command)
            await self._say_safely(
                sender,
                Reply(
                    inbound.thread,
                    "Sorry, that command failed on my side.",
                    kind=ReplyKind.NOTICE,
                    in_reply_to=inbound.message_id,
                ),
            )

    # ------------------------------------------------------------------ inbound

    async def _store(self, inbound: Inbound) -> Context | None:
        now = self.clock.now()
        cleaned, binary = clean_text(inbound.text or "")
        cap = self.settings.max_message_chars
        truncated = len(cleaned) > cap
        # the lexicon's decision is stored with the message; it is refined afterwards only
        # when an offer or the LLM changes it
        pre = classify_lexicon("" if binary else cleaned[:cap])
        stored = await self.conversations.store_inbound(
            key=inbound.thread.key,
            platform=inbound.platform,
            space=inbound.space,
            channel=inbound.channel,
            thread=inbound.thread.thread,
            thread_ref=inbound.thread.to_json(),
            platform_message_id=inbound.message_id,
            text=cleaned,
            now=now,
            author_id=inbound.author.id,
            author_name=inbound.author.name,
            truncated=truncated,
            route=pre.route.value,
            meta={"binary": True} if binary else {"decision": pre.to_dict()},
            history=0 if self.llm.offline else self.settings.history_turns,
        )
        if stored.message is None:
            log.info("message %s already handled; ignoring the redelivery", inbound.message_id)
            return None
        text = "" if binary else cleaned[:cap]
        charge_to(conversation_id=stored.conversation.id, message_id=stored.message.id)
        return Context(
            inbound,
            stored.conversation,
            stored.message,
            text,
            truncated,
            stored.bot_takes_part,
            stored.open_investigation,
            pre,
            [Turn(role, text[:4000], author) for role, text, author in stored.history if text],
        )

    async def _handle(self, inbound: Inbound, sender: Sender) -> None:
        if inbound.author.is_bot:
            return
        ctx = await self._store(inbound)
        if ctx is None:
            return
        if not (inbound.is_mention or inbound.is_direct or ctx.bot_takes_part):
            return  # overheard, not for us: stored, deliberately not answered
        if ctx.message.meta.get("binary"):
            await self._reply(
                ctx,
                sender,
                "That looks like binary data rather than text, so I've left it alone.",
                kind=ReplyKind.NOTICE,
                route="none",
            )
            return
        if not ctx.text.strip():
            if inbound.is_mention:
                await self._reply(
                    ctx,
                    sender,
                    "You called? Ask me a question, or ask me to dig into something.",
                    route="none",
                )
            return  # an empty direct message: nothing to answer
        if is_cancel(ctx.text):
            await self._cancel(ctx, sender)
            return
        open_inv = ctx.open_investigation
        looks_up_something_else = ctx.lexicon is not None and ctx.lexicon.guard in {
            "tracked_signal",
            "reminder",
            "capability",
        }
        if open_inv is not None and _STEERING.match(normalize(ctx.text)) and not looks_up_something_else:
            await self._attach_note(ctx, sender, open_inv)
            return
        decision = await self._classify(ctx)
        # the lexicon's own decision was stored with the message
        if decision is not ctx.lexicon and decision.to_dict() != ctx.message.meta.get("decision"):
            ctx.message.meta = {**ctx.message.meta, "decision": decision.to_dict()}
            await self.conversations.set_route(ctx.message.id or 0, decision.route.value, ctx.message.meta)
        if decision.route is Route.ASYNC:
            await self._route_async(ctx, sender, decision)
        elif decision.route is Route.QUICK:
            await self._route_quick(ctx, sender, decision.question or ctx.text, recall=decision.recall)
        else:
            await self._route_none(ctx, sender, decision)

    async def _classify(self, ctx: Context) -> Decision:
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
        lexicon = classify_lexicon(ctx.text, offer=offer) if offer or ctx.lexicon is None else ctx.lexicon
        if lexicon.offer_reply == "declined":
            await self.conversations.set_offer(ctx.conversation.id, None, None)
        if lexicon.sure or self.llm.offline:
            return lexicon
        history = await self._history(ctx, limit=8)
        try:
            return await self.llm.classify(ctx.text, history=history, lexicon=lexicon)
        except LLMError as exc:
            log.warning("LLM classifier unavailable (%s); using the lexicon", exc)
            return lexicon

    async def _history(self, ctx: Context, limit: int | None = None) -> list[Turn]:
        if ctx.history is not None and not self.llm.offline:
            return ctx.history[-(limit or self.settings.history_turns) :]
        return await self._turns(ctx.conversation.id, before_id=ctx.message.id, limit=limit)

    async def _turns(
        self, conversation_id: str, *, before_id: int | None = None, limit: int | None = None
    ) -> list[Turn]:
        if self.llm.offline:
            return []  # the offline provider does not read the thread
        msgs = await self.conversations.history(
            conversation_id, limit=limit or self.settings.history_turns, before_id=before_id
        )
        return [Turn(m.role, m.text[:4000], m.author_name) for m in msgs if m.text]

    # ------------------------------------------------------------------ routes

    async def _route_none(self, ctx: Context, sender: Sender, decision: Decision) -> None:
        history = await self._history(ctx)
        hint = decision.guard or ""
        try:
            text = await self.llm.chat(
                ctx.text, persona=self.persona.system_prompt, history=history, hint=hint
            )
        except LLMError as exc:
            log.warning("chat model unavailable (%s); answering offline", exc)
            text = await self.offline.standing_in(exc.user_reason).chat(
                ctx.text, persona=self.persona.system_prompt, history=history, hint=hint
            )
        # a chat reply may repeat citations from the thread, never invent one
        text = check_citations(text, cited("\n".join(t.text for t in history))).text.strip()
        if not text:
            text = await self.offline.standing_in(UNUSABLE).chat(
                ctx.text, persona=self.persona.system_prompt, history=history, hint=hint
            )
        buttons: tuple[Button, ...] = ()
        if len(query_terms(ctx.text)) >= 3 and decision.guard not in {
            "tracked_signal",
            "capability",
            "reminder",
        }:
            buttons = (Button(Action.DEEP_INVESTIGATION, "Run a deep investigation", str(ctx.message.id)),)
        await self._reply(ctx, sender, self._with_truncation_note(ctx, text), buttons=buttons, route="none")

    async def _route_quick(
        self, ctx: Context, sender: Sender, question: str, *, recall: bool = False
    ) -> None:
        await self._typing(sender, ctx.inbound.thread)
        if recall:
            result = await self.recall.cascade(question, space=ctx.conversation.space)
            text = render_recall(result)
            weak = result.grade.value != "STRONG" and len(result.hits) < WEAK_HITS
            await self._answer_with_offer(
                ctx, sender, f"```\n{text}\n```" if "\n" in text else text, question, weak
            )
            return
        hits = await self.recall.retrieve(
            question, space=ctx.conversation.space, limit=self.settings.quick_top_k
        )
        if not hits:
            text = "I found nothing in the knowledge base about that."
            await self._answer_with_offer(ctx, sender, text, question, weak=True)
            return
        sources = _sources(hits)
        history = await self._history(ctx, limit=6)
        try:
            text = await self.llm.answer(
                question, persona=self.persona.system_prompt, sources=sources, history=history
            )
        except LLMError as exc:
            log.warning("deep model unavailable (%s); answering extractively", exc)
            text = await self.offline.standing_in(exc.user_reason).answer(
                question, persona=self.persona.system_prompt, sources=sources, history=history
            )
        checked = check_citations(text, [s.id for s in sources])
        text = checked.text.strip()
        if checked.removed:
            log.info("removed %d unknown citations from a quick answer", checked.removed)
        if not text:
            text = await self.offline.standing_in(UNUSABLE).answer(
                question, persona=self.persona.system_prompt, sources=sources, history=history
            )
        await self._answer_with_offer(ctx, sender, text, question, weak=len(hits) < WEAK_HITS)

    async def _answer_with_offer(
        self, ctx: Context, sender: Sender, text: str, question: str, weak: bool
    ) -> None:
        buttons: list[Button] = []
        if weak:
            text += "\n\nThe knowledge base is thin on this. Want me to dig deeper? Say *yes* and I'll investigate."
            buttons.append(Button(Action.INVESTIGATE_OFFER, "Investigate this", str(ctx.message.id)))
        else:
            buttons.append(Button(Action.DEEP_INVESTIGATION, "Run a deep investigation", str(ctx.message.id)))
        reply = Reply(
            ctx.inbound.thread,
            self._with_truncation_note(ctx, text),
            in_reply_to=ctx.inbound.message_id,
            buttons=tuple(buttons),
        )
        await self._post(
            ctx.conversation,
            ctx.inbound.thread,
            sender,
            reply,
            route="quick",
            offer=question if weak else None,
            question=question,
        )

    async def _route_async(self, ctx: Context, sender: Sender, decision: Decision) -> None:
        question = (decision.question or ctx.text).strip()
        if decision.offer_reply == "accepted":
            await self.conversations.set_offer(ctx.conversation.id, None, None)
        elif is_referential(question) or question == normalize(ctx.text):
            # "dig into that": the worker rewrites it from the thread; keep the request as asked
            question = question or ctx.text
        await self._enqueue(
            ctx.conversation,
            ctx.inbound.thread,
            ctx.inbound.author,
            question,
            sender,
            request_text=ctx.text,
            request_message_id=ctx.inbound.message_id,
            ctx=ctx,
        )

    async def _enqueue(
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
    ) -> OpenInvestigation:
        now = self.clock.now()
        result = await self.queue.enqueue(
            Request(
                conversation_id=conv.id,
                space=conv.space,
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
        )
        inv = result.investigation
        if not result.created:
            minutes = max(0, int((now - (inv.created_at or now)).total_seconds() // 60))
            text = (
                f'I\'m already investigating "{shorten(inv.question)}" (started {minutes} min ago). '
                "I've added your message to it as a note; the report will come here."
            )
            await self._post(
                conv,
                thread,
                sender,
                Reply(thread, text, kind=ReplyKind.NOTICE, in_reply_to=request_message_id),
                route="async",
            )
            return inv
        text = f"On it: investigating \"{shorten(question)}\". I'll post the report in this thread when it's done."
        if ctx is not None and ctx.truncated:
            text += self._truncation_note(ctx)
        await self._post(
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
            route="async",
            ack_for=inv.id,
        )
        if self.on_enqueued is not None:
            self.on_enqueued()
        return inv

    async def _attach_note(
        self, ctx: Context, sender: Sender, inv: Investigation | OpenInvestigation
    ) -> None:
        await self.queue.add_note(
            inv.id, text=ctx.text, author_id=ctx.inbound.author.id, now=self.clock.now()
        )
        await self._reply(
            ctx,
            sender,
            f'Noted; I\'ll take that into account in the investigation of "{shorten(inv.question)}".',
            kind=ReplyKind.NOTICE,
            route="async",
        )

    async def _cancel(self, ctx: Context, sender: Sender) -> None:
        inv = await self.queue.open_for_conversation(ctx.conversation.id)
        if inv is None:
            await self._reply(
                ctx,
                sender,
                "There's no investigation running here to cancel.",
                kind=ReplyKind.NOTICE,
                route="none",
            )
            return
        await self.queue.cancel(inv.id, now=self.clock.now())
        await self._reply(
            ctx,
            sender,
            f'Cancelled the investigation of "{shorten(inv.question)}".',
            kind=ReplyKind.NOTICE,
            route="none",
        )

    # ------------------------------------------------------------------ actions and commands

    async def _handle_action(self, event: ActionEvent, sender: Sender) -> None:
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
            msg = await self._message_by_id(conv, event.value)
            if msg is None:
                await self._post(
                    conv,
                    event.thread,
                    sender,
                    Reply(
                        event.thread,
                        "I can't find the message that button belongs to any more.",
                        kind=ReplyKind.NOTICE,
                    ),
                    route="none",
                )
                return
            decided = msg.meta.get("decision") or {}
            question = str(msg.meta.get("question") or decided.get("question") or msg.text)
            if event.action is Action.DEEP_INVESTIGATION:
                await self._record_correction(
                    conv, msg.platform_message_id, msg.text, msg.route or "none", "async", event.author.id
                )
            await self.conversations.set_offer(conv.id, None, None)
            await self._enqueue(
                conv,
                event.thread,
                event.author,
                question,
                sender,
                request_text=msg.text,
                request_message_id=msg.platform_message_id,
            )
        elif event.action is Action.ANSWER_QUICKLY:
            inv = await self.queue.get(event.value)
            if inv is None or inv.conversation_id != conv.id:
                return
            await self.queue.cancel(inv.id, now=self.clock.now())
            if not await self.first_time(f"answer_quickly:{inv.id}"):
                return  # pressed twice: one quick answer is enough
            await self._record_correction(
                conv, inv.request_message_id or "", inv.request_text, "async", "quick", event.author.id
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
            await self._route_quick(ctx, sender, inv.question)
        elif event.action is Action.CANCEL:
            inv = await self.queue.open_for_conversation(conv.id)
            if inv is not None:
                await self.queue.cancel(inv.id, now=self.clock.now())
                await self._post(
                    conv,
                    event.thread,
                    sender,
                    Reply(
                        event.thread,
                        f'Cancelled the investigation of "{shorten(inv.question)}".',
                        kind=ReplyKind.NOTICE,
                    ),
                    route="none",
                )

    async def _handle_command(self, command: Command, args: str, inbound: Inbound, sender: Sender) -> None:
        ctx = await self._store(inbound)
        if ctx is None:
            return
        args = clean_text(args)[0].strip()[: self.settings.max_message_chars]
        if command is Command.INVESTIGATE:
            entry_id = None
            match = re.search(r"--entry\s+([0-9a-fA-F-]{6,36})", args)
            if match:
                entry_id = match.group(1)
                args = (args[: match.start()] + args[match.end() :]).strip()
            if not args and not entry_id:
                await self._reply(
                    ctx,
                    sender,
                    "What should I investigate? Try `/investigate the storage decision`.",
                    kind=ReplyKind.NOTICE,
                    route="none",
                )
                return
            await self._enqueue(
                ctx.conversation,
                inbound.thread,
                inbound.author,
                args or f"Entry {entry_id}",
                sender,
                request_text=inbound.text,
                request_message_id=inbound.message_id,
                ctx=ctx,
                entry_id=entry_id,
            )
        elif command is Command.RECALL:
            if not args:
                await self._reply(
                    ctx,
                    sender,
                    "What should I look for? Try `/recall storage backend`.",
                    kind=ReplyKind.NOTICE,
                    route="none",
                )
                return
            await self._route_quick(ctx, sender, args, recall=True)
        elif command is Command.REMEMBER:
            if not args:
                await self._reply(
                    ctx,
                    sender,
                    "What should I remember? Try `/remember the deploy freeze starts Friday`.",
                    kind=ReplyKind.NOTICE,
                    route="none",
                )
                return
            entry, _ = await self.knowledge.upsert(
                EntryDraft(
                    space=ctx.conversation.space,
                    source=f"remember:{inbound.platform}:{inbound.channel}:{inbound.message_id}",
                    title=shorten(args, 80),
                    content=args,
                    type="note",
                    author=inbound.author.name or inbound.author.id,
                    meta={"remembered_in": inbound.thread.key},
                ),
                now=self.clock.now(),
            )
            if self.on_entries is not None:
                await self.on_entries([entry])
            await self._reply(
                ctx, sender, f"Remembered. [Entry {entry.id[:8]}]", kind=ReplyKind.NOTICE, route="none"
            )
        elif command is Command.STATUS:
            invs = [
                i
                for i in await self.queue.listing(space=ctx.conversation.space, limit=100)
                if ThreadRef.from_json(i.thread_ref).channel == inbound.channel
                and i.status in ("pending", "running")
            ]
            if not invs:
                text = "No investigations are open here."
            else:
                lines = [
                    f'- "{shorten(i.question)}": {i.status}' + (f" ({i.progress})" if i.progress else "")
                    for i in invs
                ]
                text = "Open investigations:\n" + "\n".join(lines)
            await self._reply(ctx, sender, text, kind=ReplyKind.NOTICE, route="none")
        elif command is Command.CANCEL:
            await self._cancel(ctx, sender)

    async def _record_correction(
        self, conv: ConversationRow, message_id: str, text: str, given: str, wanted: str, author_id: str
    ) -> None:
        await self.conversations.record_correction(
            Correction(
                platform=conv.platform,
                space=conv.space,
                conversation_id=conv.id,
                message_id=message_id,
                text=text[:4000],
                route_given=given,
                route_wanted=wanted,
                author_id=author_id,
                created_at=self.clock.now(),
            )
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

    # ------------------------------------------------------------------ output

    def _truncation_note(self, ctx: Context) -> str:
        return (
            f"\n\n_(Your message was {len(ctx.message.text):,} characters; I read only the first "
            f"{self.settings.max_message_chars:,} to decide what to do. All of it is saved.)_"
        )

    def _with_truncation_note(self, ctx: Context, text: str) -> str:
        return text + self._truncation_note(ctx) if ctx.truncated else text

    async def _reply(
        self,
        ctx: Context,
        sender: Sender,
        text: str,
        *,
        kind: ReplyKind = ReplyKind.ANSWER,
        buttons: tuple[Button, ...] = (),
        route: str,
    ) -> Posted | None:
        reply = Reply(
            ctx.inbound.thread, text, kind=kind, in_reply_to=ctx.inbound.message_id, buttons=buttons
        )
        return await self._post(ctx.conversation, ctx.inbound.thread, sender, reply, route=route)

    async def _post(
        self,
        conv: ConversationRow,
        thread: ThreadRef,
        sender: Sender,
        reply: Reply,
        *,
        route: str,
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
            route=route,
            meta=meta,
            offer=offer,
            ack_for=ack_for,
            more_ids=posted.more_ids,
        )
        return posted

    async def _post_later(self, delay: float, *args: Any, **kwargs: Any) -> None:
        await self.sleep(max(delay, 0.0))
        await self._post(*args, **kwargs)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background reply failed: %s", task.exception())

    async def aclose(self) -> None:
        """Stop retrying replies (at shutdown); what is still pending is logged."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            log.warning("shutting down with %d replies still waiting to be retried", len(self._tasks))
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def drain(self) -> None:
        """Wait for replies that are being retried in the background."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _say_safely(self, sender: Sender, reply: Reply) -> None:
        try:
            await sender.send(reply)
        except Exception as exc:  # the apology itself failed; nothing more to do here
            log.warning("could not send an error notice: %s", type(exc).__name__)

    @staticmethod
    async def _typing(sender: Sender, thread: ThreadRef) -> None:
        try:
            async with asyncio.timeout(2.0):  # no task of its own, unlike wait_for
                await sender.typing(thread)
        except Exception:  # typing is cosmetic
            pass


def _sources(hits: Sequence[Hit]) -> list[Source]:
    return [source_of(h.entry) for h in hits]
