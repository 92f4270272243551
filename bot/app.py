"""Mallory's core as adapters see it: a thin facade over the rooms in ``bot.core`` (inbound,
routes, commission, actions, commands, outbox). Platform-agnostic: adapters hand in ``bot.events``."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractContextManager

from bot.clock import Clock
from bot.config import Settings
from bot.core.actions import Actions
from bot.core.commands import Commands
from bot.core.commission import Commission
from bot.core.outbox import Outbox
from bot.core.routes import Routes
from bot.errors import MalloryError, StorageError
from bot.events import ActionEvent, Command, Inbound, Reply, ReplyKind, Sender, ThreadRef
from bot.inbound.context import Context, clean_text
from bot.inbound.door import DatabaseStatus
from bot.inbound.pipeline import InboundPipeline
from bot.llm import LLMProvider, OfflineProvider
from bot.llm.usage import Scope, scoped
from bot.persona import Persona
from bot.policy import AccessPolicy, Gate
from bot.research.recall import Recall
from bot.research.search import Retriever
from bot.schedules.runs import DueRuns
from bot.schedules.service import Scheduling
from bot.views.access import WebSignIn
from bot.views.investigations import InvestigationsView
from storage.conversations import Conversations
from storage.db import unavailable
from storage.inbox import Inbox
from storage.knowledge import Knowledge
from storage.models import Entry
from storage.queue import Queue
from storage.records import Audit
from storage.schedules import Schedules
from storage.usage import UsageLog
from storage.web_access import WebAccess
from storage.web_reads import WebReads

__all__ = ["Context", "Mallory", "clean_text"]

log = logging.getLogger(__name__)


class Mallory:
    """What adapters call: ``handle``, ``handle_action``, ``handle_command``, ``first_time``,
    ``thread_for_message``."""

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
        policy: AccessPolicy | None = None,
    ) -> None:
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
        self.outbox = Outbox(conversations, clock)
        self.policy = policy or AccessPolicy.from_settings(settings)
        self.gate = Gate(
            self.policy,
            first_time=self.first_time,
            now=clock.now,
            queue=queue,
            usage=None if llm.offline else UsageLog(conversations.db),  # no model, no token quota
        )
        self.audit = Audit(conversations.db)
        # the investigations view: sign-in links (``/web``) and what each page reads
        reads = WebReads(conversations.db)
        self.web = WebSignIn(WebAccess(conversations.db), reads, self.policy, settings, clock)
        self.views = InvestigationsView(reads, knowledge, settings, clock)
        self.inbox = Inbox(conversations.db)  # adapters store each message here before acknowledging it
        # one per process: the doors, the inbox sweeps and the worker report to it, so an
        # outage is logged once down and once back however many of them notice
        self.database_status = DatabaseStatus()
        self.routes = Routes(
            settings=settings,
            clock=clock,
            conversations=conversations,
            recall=self.recall,
            llm=llm,
            offline=self.offline,
            persona=persona,
            outbox=self.outbox,
            gate=self.gate,
        )
        self.commission = Commission(
            settings=settings,
            clock=clock,
            conversations=conversations,
            queue=queue,
            outbox=self.outbox,
            gate=self.gate,
            audit=self.audit,
        )
        self.inbound = InboundPipeline(
            settings=settings,
            clock=clock,
            conversations=conversations,
            llm=llm,
            routes=self.routes,
            commission=self.commission,
            outbox=self.outbox,
        )
        self.actions = Actions(
            settings=settings,
            clock=clock,
            conversations=conversations,
            queue=queue,
            routes=self.routes,
            commission=self.commission,
            outbox=self.outbox,
            first_time=self.first_time,
        )
        # schedules: what people ask of them, and the due runs the worker takes
        schedules = Schedules(conversations.db)
        runs = DueRuns(clock=clock, store=schedules, queue=queue, gate=self.gate, audit=self.audit)
        self.scheduling = Scheduling(
            settings=settings, clock=clock, store=schedules, gate=self.gate, audit=self.audit, runs=runs
        )
        self.commands = Commands(
            settings=settings,
            clock=clock,
            knowledge=knowledge,
            queue=queue,
            inbound=self.inbound,
            routes=self.routes,
            commission=self.commission,
            outbox=self.outbox,
            on_entries=on_entries,
            scheduling=self.scheduling,
            web=self.web,
            first_time=self.first_time,
        )
        self.inbound.carries_schedule = self.commands.carried_schedule
        self.inbound.notes_know = self.routes.recall.notes_know

    # the hook the wiring sets after construction, kept where it is used

    @property
    def on_enqueued(self) -> Callable[[], None] | None:
        """Called after an investigation is enqueued (wakes an in-process worker)."""
        return self.commission.on_enqueued

    @on_enqueued.setter
    def on_enqueued(self, value: Callable[[], None] | None) -> None:
        self.commission.on_enqueued = value

    # ------------------------------------------------------------------ public API

    async def first_time(self, key: str) -> bool:
        return await self.conversations.first_time(key, now=self.clock.now())

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

    def refusal(self, inbound: Inbound) -> str | None:
        """Why the access policy keeps ``inbound`` out (one line for its author), or ``None``."""
        return self.gate.refusal(inbound)

    async def handle(self, inbound: Inbound, sender: Sender) -> None:
        """Store the message, then answer it, attach it, or ignore it on purpose."""
        try:
            with self._charged(inbound.thread, inbound.author.id):
                admitted = await self.gate.admit(inbound, sender)
                if admitted is None:
                    return
                await self.inbound.handle(admitted, sender)
        except Exception as exc:
            if unavailable(exc):
                raise  # the adapter keeps the message until the database is back (bot/inbound/door.py)
            # an error raised on purpose was already explained; a database failure is ours
            if isinstance(exc, MalloryError) and not isinstance(exc, StorageError):
                log.warning("could not handle message %s: %s", inbound.message_id, exc)
                return
            log.exception("unexpected error handling message %s", inbound.message_id)
            await self._apologize(
                inbound,
                sender,
                "Sorry, something went wrong on my side while handling that. Your message is saved; "
                "please try again in a moment.",
            )

    async def handle_action(self, event: ActionEvent, sender: Sender) -> None:
        try:
            with self._charged(event.thread, event.author.id):
                if not self.gate.admit_action(event):
                    return
                await self.actions.handle(event, sender)
        except Exception as exc:
            if unavailable(exc):
                raise
            log.exception("unexpected error handling action %s", event.action)

    async def handle_command(self, command: Command, args: str, inbound: Inbound, sender: Sender) -> None:
        try:
            with self._charged(inbound.thread, inbound.author.id):
                admitted = await self.gate.admit(inbound, sender)
                if admitted is None:
                    return
                await self.commands.handle(command, args, admitted, sender)
        except Exception as exc:
            if unavailable(exc):
                raise
            log.exception("unexpected error handling command %s", command)
            await self._apologize(inbound, sender, "Sorry, that command failed on my side.")

    def _charged(self, thread: ThreadRef, user_id: str) -> AbstractContextManager[Scope]:
        """Model calls made while handling an event are charged to its author and to the
        knowledge space the place reads (the space quotas and investigations count in)."""
        return scoped(space=self.policy.knowledge_space(thread), user_id=user_id, platform=thread.platform)

    async def _apologize(self, inbound: Inbound, sender: Sender, text: str) -> None:
        reply = Reply(inbound.thread, text, kind=ReplyKind.NOTICE, in_reply_to=inbound.message_id)
        await self.outbox.say_safely(sender, reply)
