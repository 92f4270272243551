"""Slash commands (``/investigate``, ``/recall``, ``/remember``, ``/status``, ``/cancel``,
``/schedule``, ``/web``): the command message is stored like any other, then the command runs; ``/web``
is answered privately and not stored (its answer is a sign-in link)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence

from bot.clock import Clock
from bot.config import Settings
from bot.core.commission import Commission
from bot.core.outbox import Outbox
from bot.core.routes import Routes
from bot.errors import DeliveryError, RetryLater
from bot.events import Command, Inbound, Reply, ReplyKind, Sender, ThreadRef
from bot.inbound.context import Context, clean_text
from bot.inbound.pipeline import InboundPipeline
from bot.routing import Route
from bot.schedules.requests import carried_schedule
from bot.schedules.service import HELP as SCHEDULE_HELP
from bot.schedules.service import Scheduling, Where
from bot.text.citations import cite
from bot.text.display import shorten
from bot.views.access import LINK_VALID, WebSignIn
from storage.knowledge import EntryDraft, Knowledge
from storage.models import Entry
from storage.queue import Queue

_ENTRY_FLAG = re.compile(r"--entry\s+([0-9a-fA-F-]{6,36})")
_SCHEDULE_VERBS = {"pause": "pause", "resume": "resume", "delete": "delete", "run": "run_now"}
_USAGE = {
    Command.INVESTIGATE: "What should I investigate? Try `/investigate the storage decision`.",
    Command.RECALL: "What should I look for? Try `/recall storage backend`.",
    Command.REMEMBER: "What should I remember? Try `/remember the deploy freeze starts Friday`.",
}


class Commands:
    def __init__(
        self,
        *,
        settings: Settings,
        clock: Clock,
        knowledge: Knowledge,
        queue: Queue,
        inbound: InboundPipeline,
        routes: Routes,
        commission: Commission,
        outbox: Outbox,
        on_entries: Callable[[Sequence[Entry]], Awaitable[None]] | None = None,
        scheduling: Scheduling | None = None,
        web: WebSignIn | None = None,
        first_time: Callable[[str], Awaitable[bool]] | None = None,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.knowledge = knowledge
        self.queue = queue
        self.inbound = inbound
        self.routes = routes
        self.commission = commission
        self.outbox = outbox
        self.on_entries = on_entries
        self.scheduling = scheduling

        self.web = web
        self.first_time = first_time

    async def handle(self, command: Command, args: str, inbound: Inbound, sender: Sender) -> None:
        if command is Command.WEB:
            await self._web(inbound, sender)
            return
        ctx = await self.inbound.store(inbound)
        if ctx is None:
            return
        args = clean_text(args)[0].strip()[: self.settings.max_message_chars]
        if command is Command.INVESTIGATE:
            await self._investigate(ctx, args, sender)
        elif command is Command.RECALL:
            if not args:
                await self._usage(ctx, sender, command)
                return
            await self.routes.quick(ctx, sender, args, recall=True)
        elif command is Command.REMEMBER:
            await self._remember(ctx, args, sender)
        elif command is Command.STATUS:
            await self._status(ctx, sender)
        elif command is Command.CANCEL:
            await self.commission.cancel(ctx, sender)
        elif command is Command.SCHEDULE:
            await self._schedule(ctx, args, sender)

    async def _schedule(self, ctx: Context, args: str, sender: Sender) -> None:
        """``/schedule RULE TOPIC`` | ``list`` | ``pause|resume|delete|run ID``."""
        text = await self.schedule(ctx, args, sender) if self.scheduling is not None else "Schedules are off."
        await self.outbox.reply(ctx, sender, text, kind=ReplyKind.NOTICE, route=Route.NONE)

    async def carried_schedule(self, ctx: Context, sender: Sender) -> bool:
        """A message that asks for research on a schedule is set up as one (the answer says
        the rule and the next run); False: it carries none, routing takes it."""
        carried = carried_schedule(ctx.text) if self.scheduling is not None else None
        if carried is None:
            return False
        text = await self.schedule(ctx, f"{carried.rule} {carried.topic}", sender)
        await self.outbox.reply(ctx, sender, text, kind=ReplyKind.NOTICE, route=Route.ASYNC)
        return True

    async def schedule(self, ctx: Context, args: str, sender: Sender, *, digest: bool = False) -> str:
        """What ``/schedule args`` (or a request carrying a schedule) says back."""
        scheduling = self.scheduling
        assert scheduling is not None
        inbound = ctx.inbound
        verb, _, rest = args.partition(" ")
        verb = verb.lower()
        if verb in ("", "help"):
            return SCHEDULE_HELP
        if verb == "list":
            return await scheduling.list_text(inbound.author, inbound.space)
        if verb in _SCHEDULE_VERBS:
            return await getattr(scheduling, _SCHEDULE_VERBS[verb])(rest, inbound.author, inbound.thread)
        zone = None
        timezone_of = getattr(sender, "timezone_of", None)  # Slack: the person's own (users.info)
        if timezone_of is not None:
            zone = await timezone_of(inbound.author.id)
        where = Where(
            inbound.thread, ctx.conversation.id, self.commission.gate.policy.knowledge_space(inbound.thread)
        )
        return await scheduling.add(args, inbound.author, where, zone=zone, digest=digest)

    async def _investigate(self, ctx: Context, args: str, sender: Sender) -> None:
        entry_id = None
        match = _ENTRY_FLAG.search(args)
        if match:
            entry_id = match.group(1)
            args = (args[: match.start()] + args[match.end() :]).strip()
        if not args and not entry_id:
            await self._usage(ctx, sender, Command.INVESTIGATE)
            return
        inbound = ctx.inbound
        await self.commission.enqueue(
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

    async def _remember(self, ctx: Context, args: str, sender: Sender) -> None:
        if not args:
            await self._usage(ctx, sender, Command.REMEMBER)
            return
        inbound = ctx.inbound
        entry, _ = await self.knowledge.upsert(
            EntryDraft(
                space=self.commission.gate.policy.knowledge_space(inbound.thread),
                source=f"remember:{inbound.platform}:{inbound.channel}:{inbound.message_id}",
                title=shorten(args, 80),
                content=args,
                type="note",
                author=inbound.author.name or inbound.author.id,
                # who saved it, so `mallory forget --user` can find it
                meta={"remembered_in": inbound.thread.key, "author_id": inbound.author.id},
            ),
            now=self.clock.now(),
        )
        if self.on_entries is not None:
            await self.on_entries([entry])
        await self.outbox.reply(
            ctx, sender, f"Remembered. {cite(entry.id)}", kind=ReplyKind.NOTICE, route=Route.NONE
        )

    async def _status(self, ctx: Context, sender: Sender) -> None:
        invs = [
            i
            for i in await self.queue.listing(
                space=self.commission.gate.policy.knowledge_space(ctx.inbound.thread), limit=100
            )
            if ThreadRef.from_json(i.thread_ref).channel == ctx.inbound.channel
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
        await self.outbox.reply(ctx, sender, text, kind=ReplyKind.NOTICE, route=Route.NONE)

    async def _web(self, inbound: Inbound, sender: Sender) -> None:
        """A one-time link to the investigations view, to the person who asked alone. At most
        once per request (a redelivered ``/web`` gets nothing: ask again for a new link)."""
        if self.web is None:
            return
        key = f"web:link:{inbound.platform}:{inbound.space}:{inbound.channel}:{inbound.message_id}"
        if self.first_time is not None and not await self.first_time(key):
            return
        url = await self.web.link_for(inbound)
        minutes = int(LINK_VALID.total_seconds() // 60)
        text = (
            f"Your sign-in link to the investigations view (works once, for {minutes} minutes; "
            f"keep it to yourself): {url}"
        )
        reply = Reply(inbound.thread, text, kind=ReplyKind.NOTICE, private_to=inbound.author)
        try:
            await sender.send(reply)
        except DeliveryError as exc:
            if isinstance(exc, RetryLater) or not exc.permanent:
                raise
            # Telegram lets a bot write only to people who have started a chat with it
            note = (
                "I couldn't send you a private message. Open a direct chat with me, press Start, "
                "and type /web there."
            )
            await sender.send(
                Reply(inbound.thread, note, kind=ReplyKind.NOTICE, in_reply_to=inbound.message_id)
            )

    async def _usage(self, ctx: Context, sender: Sender, command: Command) -> None:
        await self.outbox.reply(ctx, sender, _USAGE[command], kind=ReplyKind.NOTICE, route=Route.NONE)
