"""The inbound half of the Telegram adapter: a PTB ``Application`` fed by long polling or a
webhook, turning updates into ``Inbound`` / ``ActionEvent`` / commands for the core."""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable
from datetime import datetime, timedelta
from enum import StrEnum
from functools import cached_property
from typing import Any, ClassVar, Protocol
from urllib.parse import urlsplit

from aiohttp import web
from telegram import BotCommand, CallbackQuery, Chat, MaybeInaccessibleMessage, Message, Update
from telegram.error import InvalidToken, TelegramError
from telegram.ext import Application, ApplicationBuilder, BaseUpdateProcessor, ContextTypes, TypeHandler

from adapters.telegram import delivers, plan
from adapters.telegram.client import bot_token, build_bot, readable_update, redact
from adapters.telegram.inbound import (
    PLATFORM,
    BotIdentity,
    ReadMessage,
    ignore_reason,
    naive_utc,
    read_message,
    update_key,
)
from adapters.telegram.ops import doctor_check, thread_ref
from adapters.telegram.sender import TelegramSender, sender_from_settings
from bot.clock import SystemClock
from bot.config import Settings
from bot.core.adapter import Core, Serving
from bot.errors import ConfigError
from bot.events import ActionEvent, Command, Inbound, Person, ThreadRef
from bot.inbound.door import Door, unavailable
from bot.inbound.intake import Accepted, Intake, Taken, resuming
from bot.inbound.ordering import InOrder

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
_SECRET_FORMAT = re.compile(r"[A-Za-z0-9_-]{1,256}")
ALLOWED_UPDATES = ("message", "callback_query")
DEFAULT_WEBHOOK_PORT = 8443
COMMANDS = (
    BotCommand(Command.INVESTIGATE.value, "Dig into a question in the background"),
    BotCommand(Command.RECALL.value, "What do we already know about something"),
    BotCommand(Command.REMEMBER.value, "Save a note to the knowledge base"),
    BotCommand(Command.STATUS.value, "Open investigations in this chat"),
    BotCommand(Command.CANCEL.value, "Cancel the investigation in this conversation"),
    BotCommand(Command.SCHEDULE.value, "Investigate on a schedule: every monday 09:00 topic; list; pause ID"),
    BotCommand(Command.WEB.value, "A private sign-in link to the investigations view"),
)


class Clock(Protocol):
    def now(self) -> datetime: ...


class Outcome(StrEnum):
    """What became of one update (kept for a while so operators and tests can ask)."""

    HANDLED = "handled"
    IGNORED = "ignored"
    DUPLICATE = "duplicate"
    FAILED = "failed"
    WAITING = "waiting"  # the database is away: kept in memory and retried (bot/inbound/door.py)


class PerChatUpdateProcessor(BaseUpdateProcessor):
    """Updates of one chat in order, different chats at the same time.

    A slow answer in one chat must not hold up every other chat, but within a chat a
    follow-up ("focus on the EU side") must not overtake the request it follows.
    """

    def __init__(self, max_concurrent_updates: int = 64) -> None:
        super().__init__(max_concurrent_updates)
        self._order = InOrder()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        async with self._order.turn(str(chat.id)):
            await coroutine

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None


class TelegramAdapter:
    """Receives Telegram updates and hands them to the core; replies go out via ``sender``."""

    name: ClassVar[str] = PLATFORM

    @classmethod
    def plan(cls, settings: Settings) -> tuple[bool, str]:
        return plan(settings)

    @classmethod
    async def doctor(cls, settings: Settings) -> str:
        """`mallory doctor`: the bot token works (one line saying who the bot is), or raise."""
        return await doctor_check(settings)

    @classmethod
    async def thread_named(cls, settings: Settings, channel: str, thread: str) -> ThreadRef:
        """A thread named from outside (``--thread``) as this adapter names threads."""
        return await thread_ref(settings, channel, thread)

    @classmethod
    def delivers(cls, settings: Settings) -> tuple[bool, str]:
        return delivers(settings)

    @classmethod
    def sender_from_settings(cls, settings: Settings) -> TelegramSender | None:
        return sender_from_settings(settings)

    @classmethod
    def from_settings(cls, settings: Settings, core: Core, serving: Serving) -> TelegramAdapter:
        sender = sender_from_settings(settings)
        if sender is None:
            raise ConfigError("Telegram needs TELEGRAM_BOT_TOKEN")
        return cls(settings, core, sender, serving=serving)

    def __init__(
        self,
        settings: Settings,
        core: Core,
        sender: TelegramSender,
        *,
        serving: Serving | None = None,
        clock: Clock | None = None,
        poll_timeout: float = 10.0,
    ) -> None:
        self._token = bot_token(settings)
        self._secret = (
            settings.telegram_webhook_secret.get_secret_value()
            if settings.telegram_webhook_secret is not None
            else ""
        )
        self._core = core
        self.sender = sender
        self._serving = serving or Serving()
        self._stopped = asyncio.Event()
        self._clock: Clock = clock or getattr(core, "clock", None) or SystemClock()
        self._poll_timeout = poll_timeout
        self._retention_s = settings.seen_retention_s  # how long handled updates stay in the inbox
        self.application: Application[Any, Any, Any, Any, Any, Any] = (
            ApplicationBuilder()
            .bot(build_bot(settings))
            .concurrent_updates(PerChatUpdateProcessor())
            .job_queue(None)
            .build()
        )
        self.application.add_handler(TypeHandler(Update, self._on_update))
        self.application.add_error_handler(self._on_error)
        self._me: BotIdentity | None = None
        self._webhook: web.AppRunner | None = None
        self._webhook_port: int | None = None
        self._outcomes: OrderedDict[int, list[Outcome]] = OrderedDict()
        # the process's one down/up pair (a core without one, in a test that never serves:
        # a door of its own)
        self.door = Door(status=getattr(core, "database_status", None))
        self._changed = asyncio.Condition()
        self._stored: dict[int, Taken] = {}  # stored by the webhook before its 200, not yet handled

    @cached_property
    def intake(self) -> Intake:
        """Where each update is stored before it is handled (bot/inbound/intake.py)."""
        return Intake(
            self._core.inbox,
            platform=PLATFORM,
            clock=self._clock,
            handle=self._handle_taken,
            door=self.door,
            retention_s=self._retention_s,
        )

    # -- lifecycle ------------------------------------------------------------------------

    async def start(
        self, webhook_url: str | None = None, port: int | None = None, *, host: str = "0.0.0.0"
    ) -> None:
        """Long polling by default; with ``webhook_url``, register it and serve it on
        ``host:port`` at the URL's path (``port=0`` picks a free port). Without arguments,
        as the operator asked (``Serving``)."""
        if webhook_url is None and port is None:
            webhook_url, port = self._serving.webhook_url, self._serving.webhook_port
        if webhook_url and not self._secret:
            raise ConfigError("TELEGRAM_WEBHOOK_SECRET is required to run Telegram with --webhook")
        if webhook_url and not _SECRET_FORMAT.fullmatch(self._secret):
            raise ConfigError("TELEGRAM_WEBHOOK_SECRET may hold only A-Z, a-z, 0-9, _ and - (1 to 256)")
        app = self.application
        try:
            await app.initialize()
        except InvalidToken:
            raise ConfigError("Telegram refused TELEGRAM_BOT_TOKEN") from None
        except TelegramError as exc:
            raise ConfigError(f"Telegram is unreachable: {redact(exc.message, self._token)}") from None
        self._me = BotIdentity(id=app.bot.id, username=app.bot.username)
        await self._register_commands()
        await app.start()
        if webhook_url:
            await self._start_webhook(webhook_url, DEFAULT_WEBHOOK_PORT if port is None else port, host)
        else:
            assert app.updater is not None
            await app.updater.start_polling(
                timeout=timedelta(seconds=self._poll_timeout),
                allowed_updates=list(ALLOWED_UPDATES),
                error_callback=self._polling_failed,
            )
        log.info("telegram: @%s %s", self._me.username, "webhook" if webhook_url else "long polling")
        self.intake.start()  # updates a stopped process left unfinished, then every few seconds

    async def stop(self) -> None:
        app = self.application
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if self._webhook is not None:
            await self._webhook.cleanup()
            self._webhook = None
        if app.running:
            await app.stop()
        await app.shutdown()
        await self.intake.stop()
        await self.door.aclose()
        self._stopped.set()

    async def wait_closed(self) -> None:
        """Telegram never stops receiving on its own: this returns after ``stop``."""
        await self._stopped.wait()

    @property
    def identity(self) -> BotIdentity:
        if self._me is None:
            raise RuntimeError("the Telegram adapter has not started")
        return self._me

    @property
    def webhook_port(self) -> int | None:
        """The port the webhook server listens on (useful with ``port=0``)."""
        return self._webhook_port

    def outcomes(self, update_id: int) -> list[Outcome]:
        return list(self._outcomes.get(update_id, ()))

    async def wait_processed(self, update_id: int, *, times: int = 1) -> list[Outcome]:
        """The outcomes of ``update_id`` once it has been processed ``times`` times (callers
        bound the wait with ``asyncio.timeout``)."""
        async with self._changed:
            await self._changed.wait_for(lambda: len(self._outcomes.get(update_id, ())) >= times)
            return list(self._outcomes[update_id])

    async def _register_commands(self) -> None:
        try:
            await self.application.bot.set_my_commands(list(COMMANDS))
        except TelegramError as exc:  # the bot still works; the menu is a convenience
            log.warning("telegram: set_my_commands failed: %s", redact(exc.message, self._token))

    def _polling_failed(self, exc: TelegramError) -> None:
        log.warning("telegram polling failed (PTB retries): %s", redact(str(exc), self._token))

    # -- webhook --------------------------------------------------------------------------

    async def _start_webhook(self, url: str, port: int, host: str) -> None:
        path = urlsplit(url).path or "/"
        server = web.Application()
        server.router.add_post(path, self._on_webhook)
        runner = web.AppRunner(server, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, host, port).start()
        self._webhook = runner
        self._webhook_port = int(runner.addresses[0][1])
        try:
            await self.application.bot.set_webhook(
                url=url, secret_token=self._secret, allowed_updates=list(ALLOWED_UPDATES)
            )
        except TelegramError as exc:
            reason = redact(exc.message, self._token)
            raise ConfigError(f"Telegram refused the webhook {url}: {reason}") from None

    async def _on_webhook(self, request: web.Request) -> web.Response:
        offered = request.headers.get(SECRET_HEADER)
        if offered is None or not hmac.compare_digest(offered.encode(), self._secret.encode()):
            log.warning("telegram webhook: request without the right secret token refused")
            return web.Response(status=403)
        try:
            data = await request.json()
        except ValueError:
            return web.Response(status=400, text="body is not JSON")
        if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
            return web.Response(status=400, text="not a Telegram update")
        update = Update.de_json(readable_update(data), self.application.bot)
        if ignore_reason(update) is None:
            # stored before Telegram hears back: with the database away it gets a 5xx and
            # sends the update again later
            try:
                taken = await self.intake.take(update_key(self.identity.id, update.update_id), "update", data)
            except Exception as exc:
                if not unavailable(exc):
                    raise
                log.warning(
                    "telegram webhook: cannot store update %s; asking Telegram to retry", update.update_id
                )
                return web.Response(status=503, text="try again")
            if taken is None:
                await self._record(update.update_id, Outcome.DUPLICATE)
                return web.Response(status=200)
            self._stored[update.update_id] = taken
        await self.application.update_queue.put(update)
        return web.Response(status=200)

    # -- updates --------------------------------------------------------------------------

    async def _on_update(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        # Telegram does not send an update again once the offset has moved past it: it is
        # stored in the inbox first, and while the database is away it waits in memory
        if update.callback_query is not None:
            await self._answer(update.callback_query)
        reason = ignore_reason(update)
        if reason is not None:
            log.debug("telegram update %s ignored: %s", update.update_id, reason)
            await self._record(update.update_id, Outcome.IGNORED)
            return
        stored = self._stored.pop(update.update_id, None)
        if stored is not None:
            accepted = Accepted.RAN if await self.intake.enter(stored) else Accepted.KEPT
        else:
            key = update_key(self.identity.id, update.update_id)
            accepted = await self.intake.accept(key, "update", update.to_dict())
        if accepted is Accepted.SKIPPED:
            log.info("telegram update %s seen before; not processed again", update.update_id)
            await self._record(update.update_id, Outcome.DUPLICATE)
        elif accepted is Accepted.KEPT:
            await self._record(update.update_id, Outcome.WAITING)

    async def _handle_taken(self, taken: Taken) -> None:
        """Handle a stored update (here, or in another process after this one stopped)."""
        update = Update.de_json(readable_update(json.loads(taken.payload)), self.application.bot)
        try:
            outcome = await self._dispatch(update, resumed=taken.resumed)
        except Exception as exc:
            if unavailable(exc):
                raise  # the row stays open: the door (or another process's sweep) retries it
            log.exception("telegram update %s could not be handled", update.update_id)
            outcome = Outcome.FAILED
        await self._record(update.update_id, outcome)

    async def _dispatch(self, update: Update, *, resumed: bool = False) -> Outcome:
        if update.callback_query is not None:
            return await self._on_button(update.callback_query)
        assert update.message is not None
        return await self._on_message(update.message, resumed=resumed)

    async def _on_message(self, message: Message, *, resumed: bool = False) -> Outcome:
        read = read_message(message, self.identity)
        thread = await self._thread_of(message, read)
        inbound = Inbound(
            thread=thread,
            message_id=str(message.message_id),
            author=read.author,
            text=read.text,
            received_at=naive_utc(message.date) or self._now(),
            is_mention=read.is_mention,
            is_direct=read.is_direct,
            mentions=read.mentions,
            bot_named=read.bot_named,
            extras={
                "chat_type": message.chat.type,
                "username": message.from_user.username if message.from_user else None,
            },
        )
        inbound = resuming(inbound, resumed)
        if read.command is not None:
            await self._core.handle_command(read.command, read.args, inbound, self.sender)
        else:
            await self._core.handle(inbound, self.sender)
        return Outcome.HANDLED

    async def _thread_of(self, message: Message, read: ReadMessage) -> ThreadRef:
        """Topic, then the conversation the replied-to message belongs to, then the reply
        chain's root; a new message in a group starts its own chain."""
        chat = str(message.chat.id)
        if read.topic is not None:
            return ThreadRef(
                PLATFORM, chat, chat, f"topic:{read.topic}", extras={"message_thread_id": read.topic}
            )
        if read.is_direct:
            return ThreadRef(PLATFORM, chat, chat, "main")
        if read.parent_id is not None:
            known = await self._core.thread_for_message(PLATFORM, chat, chat, str(read.parent_id))
            if known is not None:
                return known
            return ThreadRef(PLATFORM, chat, chat, str(read.chain_root or read.parent_id))
        return ThreadRef(PLATFORM, chat, chat, str(message.message_id))

    async def _on_button(self, query: CallbackQuery) -> Outcome:
        decoded = self.sender.callbacks.decode(query.data)
        carrier = query.message
        if decoded is None or carrier is None:
            log.info("telegram button press with unknown or expired data ignored")
            return Outcome.IGNORED
        action, value = decoded
        chat = str(carrier.chat.id)
        thread = await self._core.thread_for_message(PLATFORM, chat, chat, str(carrier.message_id))
        event = ActionEvent(
            thread=thread or _thread_of_bot_message(carrier),
            author=Person(
                id=str(query.from_user.id),
                name=query.from_user.full_name or query.from_user.username or "",
                is_bot=query.from_user.is_bot,
            ),
            action=action,
            value=value,
            message_id=str(carrier.message_id),
            received_at=self._now(),
            press_id=query.id,
        )
        await self._core.handle_action(event, self.sender)
        return Outcome.HANDLED

    async def _answer(self, query: CallbackQuery) -> None:
        """Always answer, so the button stops spinning, even for presses we then ignore."""
        try:
            await query.answer()
        except TelegramError as exc:
            log.info("telegram: answering a button press failed: %s", redact(exc.message, self._token))

    async def _record(self, update_id: int, outcome: Outcome) -> None:
        async with self._changed:
            self._outcomes.setdefault(update_id, []).append(outcome)
            self._outcomes.move_to_end(update_id)
            while len(self._outcomes) > 1024:
                self._outcomes.popitem(last=False)
            self._changed.notify_all()

    async def _on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        update_id = update.update_id if isinstance(update, Update) else None
        log.error(
            "telegram: error while processing update %s: %s",
            update_id,
            redact(repr(context.error), self._token),
        )

    def _now(self) -> datetime:
        return self._clock.now()


def _thread_of_bot_message(message: MaybeInaccessibleMessage) -> ThreadRef:
    """Where a message carrying our button lives when the core does not know it."""
    chat = str(message.chat.id)
    if isinstance(message, Message):
        if message.is_topic_message and message.message_thread_id is not None:
            topic = message.message_thread_id
            return ThreadRef(PLATFORM, chat, chat, f"topic:{topic}", extras={"message_thread_id": topic})
        if message.chat.type == Chat.PRIVATE:
            return ThreadRef(PLATFORM, chat, chat, "main")
        parent = message.reply_to_message
        if parent is not None:
            return ThreadRef(PLATFORM, chat, chat, str(parent.message_id))
    elif message.chat.type == Chat.PRIVATE:
        return ThreadRef(PLATFORM, chat, chat, "main")
    return ThreadRef(PLATFORM, chat, chat, str(message.message_id))
