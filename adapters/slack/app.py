"""The inbound half of the Slack adapter: a bolt ``AsyncApp`` whose listeners turn events,
button presses, slash commands and the message shortcut into core calls, served over
Socket Mode or HTTP (``/slack/events`` with signature verification, plus ``/healthz``).

Every delivery is acknowledged at once (Slack retries anything slower than three seconds
or not 2xx); the work runs in tracked tasks whose failures are logged in one place.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from functools import cached_property
from typing import Any, ClassVar

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_bolt.async_app import AsyncApp
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.request.internals import parse_body

from bot.clock import Clock
from bot.config import Settings
from bot.core.adapter import Core, Serving
from bot.errors import ConfigError, DeliveryError, RetryLater
from bot.events import ActionEvent, Command, Inbound, Person, ThreadRef
from bot.inbound.door import Door, unavailable
from bot.inbound.intake import Intake, Taken, action_of, action_payload, inbound_of, inbound_payload, resuming
from bot.inbound.ordering import InOrder
from bot.policy import HOME_TEAM

from . import delivers, plan, shape
from .inbound import (
    Ignored,
    action_event,
    command_inbound,
    command_key,
    command_of,
    message_inbound,
    message_key,
    plain_text,
    press_key,
    shortcut_key,
    team_of,
)
from .mrkdwn import escape
from .ops import doctor_check, thread_ref
from .sender import PLATFORM, SlackSender, web_client

log = logging.getLogger(__name__)

EVENTS_PATH = "/slack/events"  # bolt's default path; manifest.yml points here
SIGNATURE_WINDOW_S = 5 * 60  # Slack's own rule: older (or newer) requests are refused
TIMESTAMP_HEADER = "X-Slack-Request-Timestamp"
SIGNATURE_HEADER = "X-Slack-Signature"
HEALTH_PATH = "/healthz"
SHORTCUT_INVESTIGATE_THREAD = "investigate_thread"
THREAD_QUESTION_LIMIT = 3000
# Slash commands handled here; /cancel only explains itself (see CANCEL_HELP).
SLASH_COMMANDS = ("/investigate", "/recall", "/remember", "/status", "/schedule", "/web")
CANCEL_HELP = (
    "Slack doesn't run slash commands inside threads, so I can't tell which investigation to stop. "
    "Reply `cancel` in its thread, or press *Answer quickly instead* under its acknowledgement."
)
SUGGESTED_PROMPTS = (
    {"title": "Dig into a topic", "message": "Investigate what our notes say about our onboarding process"},
    {"title": "Recall a decision", "message": "What did we decide about the storage backend, and why?"},
    {"title": "What can you do?", "message": "What kinds of questions can you help me with?"},
)


def _secret(value: Any) -> str | None:
    raw = value.get_secret_value() if value is not None else None
    return raw or None


class SlackAdapter:
    """Holds the bolt app, the core and the sender; ``start`` serves Socket Mode (no
    port, ``SLACK_APP_TOKEN`` set) or HTTP (``http_port``); ``stop`` undoes it."""

    name: ClassVar[str] = PLATFORM

    @classmethod
    def plan(cls, settings: Settings) -> tuple[bool, str]:
        return plan(settings)

    @classmethod
    def delivers(cls, settings: Settings) -> tuple[bool, str]:
        return delivers(settings)

    @classmethod
    async def doctor(cls, settings: Settings) -> str:
        """`mallory doctor`: the bot token works (one line saying who the bot is), or raise."""
        return await doctor_check(settings)

    @classmethod
    async def thread_named(cls, settings: Settings, channel: str, thread: str) -> ThreadRef:
        """A thread named from outside (``--thread``) as this adapter names threads."""
        return await thread_ref(settings, channel, thread)

    @classmethod
    def sender_from_settings(cls, settings: Settings, *, clock: Clock | None = None) -> SlackSender | None:
        """The outbound half alone (bot token only), e.g. for a worker on another host."""
        if settings.slack_bot_token is None or not settings.slack_bot_token.get_secret_value():
            return None
        client = web_client(settings.slack_bot_token.get_secret_value(), settings.slack_api_url)
        return SlackSender(client, clock=clock)

    @classmethod
    def from_settings(cls, settings: Settings, core: Core, serving: Serving) -> SlackAdapter:
        sender = cls.sender_from_settings(settings, clock=core.clock)
        if sender is None:
            raise ConfigError("Slack needs SLACK_BOT_TOKEN")
        return cls(settings, core, sender, serving=serving)

    def __init__(
        self, settings: Settings, core: Core, sender: SlackSender, *, serving: Serving | None = None
    ) -> None:
        if sender.client.token is None:
            raise ConfigError("Slack needs SLACK_BOT_TOKEN")
        self.settings = settings
        self.core = core
        self.sender = sender
        self.port: int | None = None
        self._serving = serving or Serving()
        self._stopped = asyncio.Event()
        self._signing_secret = _secret(settings.slack_signing_secret)
        self._app_token = _secret(settings.slack_app_token)
        self._tasks: set[asyncio.Task[None]] = set()
        self._order = InOrder()
        self._runner: web.AppRunner | None = None
        self._socket: AsyncSocketModeHandler | None = None
        # the process's one down/up pair (a core without one, in a test that never serves:
        # a door of its own)
        self.door = Door(status=getattr(core, "database_status", None))
        self.app = AsyncApp(
            # named: unnamed, bolt takes the caller's file name from ``inspect.stack()``,
            # which reads the source of every frame on the stack (tens of ms per app)
            name="mallory",
            client=sender.client,  # one Web API client (and SLACK_API_URL) for everything
            signing_secret=self._signing_secret or "",
            request_verification_enabled=self._signing_secret is not None,
            # Listeners only acknowledge and hand the work to a tracked task, so running
            # them before answering keeps the answer fast and the task list exact.
            process_before_response=True,
        )
        self._register()

    @cached_property
    def intake(self) -> Intake:
        """Where each delivery is stored before Slack hears back (bot/inbound/intake.py)."""
        return Intake(
            self.core.inbox,
            platform=PLATFORM,
            clock=self.core.clock,
            handle=self._handle_taken,
            door=self.door,
            retention_s=self.settings.seen_retention_s,
        )

    # -- lifecycle ---------------------------------------------------------------------

    async def start(self, http_port: int | None = None, *, host: str = "0.0.0.0") -> None:
        """Socket Mode, or HTTP on ``http_port`` (by default the one the operator asked for)."""
        if http_port is None:
            http_port = self._serving.http_port
        if http_port is not None:
            await self._start_http(host, http_port)
        elif self._app_token:
            self._socket = AsyncSocketModeHandler(self.app, self._app_token, web_client=self.sender.client)
            await self._socket.connect_async()
            log.info("slack: Socket Mode connected")
        else:
            raise ConfigError(
                "Slack needs SLACK_APP_TOKEN for Socket Mode, or --http PORT with SLACK_SIGNING_SECRET"
            )
        self.intake.start()  # messages a stopped process left unfinished, then every few seconds

    async def _start_http(self, host: str, port: int) -> None:
        if self._signing_secret is None:
            raise ConfigError("Slack over HTTP needs SLACK_SIGNING_SECRET to verify requests")
        web_app = web.Application()
        web_app.router.add_post(EVENTS_PATH, self._http_events)
        web_app.router.add_get(HEALTH_PATH, self._http_health)
        for prefix, mounted in self._serving.http_mounts:  # the investigations view at /ui
            if isinstance(mounted, web.Application):
                web_app.add_subapp(prefix, mounted)
        self._runner = web.AppRunner(web_app, handle_signals=False, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        self.port = self._runner.addresses[0][1]
        log.info("slack: serving %s on %s:%s", EVENTS_PATH, host, self.port)

    async def stop(self) -> None:
        """Stop receiving, then let the work already accepted finish."""
        if self._socket is not None:
            await self._socket.close_async()
            self._socket = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.drain()
        await self.intake.stop()
        await self.door.aclose()
        await self.sender.aclose()
        self._stopped.set()

    async def wait_closed(self) -> None:
        """Slack never stops receiving on its own: this returns after ``stop``."""
        await self._stopped.wait()

    async def drain(self) -> None:
        """Wait until every accepted delivery has been handled."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
        await self.intake.drain()

    def _spawn(self, what: str, work: Coroutine[Any, Any, object]) -> None:
        task = asyncio.get_running_loop().create_task(self._guard(what, work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _guard(what: str, work: Awaitable[object]) -> None:
        try:
            await work
        except DeliveryError as exc:
            log.warning("slack: %s: could not deliver: %s", what, exc)
        except Exception:
            log.exception("slack: %s failed", what)

    # -- HTTP --------------------------------------------------------------------------

    async def _http_events(self, request: web.Request) -> web.Response:
        """The door: signature and freshness first, then a replay check, then the body is
        read. Nothing unsigned is parsed, and nothing refused leaves a traceback."""
        raw = await request.read()
        timestamp = request.headers.get(TIMESTAMP_HEADER, "")
        signature = request.headers.get(SIGNATURE_HEADER, "")
        if not (timestamp.isascii() and timestamp.isdigit()) or not signature:
            log.info("slack: unsigned request refused")
            return web.Response(status=401, text="unsigned request")
        assert self._signing_secret is not None  # _start_http refuses to serve without it
        if not _signed(raw, timestamp, signature, self._signing_secret):
            log.info("slack: request with a bad or stale signature refused")
            return web.Response(status=401, text="bad signature")
        try:
            text = raw.decode("utf-8")
            body = parse_body(text, request.content_type)
        except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            body = None
        if not isinstance(body, dict):
            log.info("slack: signed request with an unreadable body refused")
            return web.Response(status=400, text="unreadable body")
        misfit = shape.problem(body)
        if misfit is not None:  # before bolt reads a field: nothing past here sees a misfit
            log.warning("slack: signed request refused: %s", misfit)
            return web.Response(status=400, text="body does not fit its type")
        if _event_id(body):
            # An event is dropped by its id further in (the inbox row of its message, the
            # event key of the rest). Its retry carries the same body and, sent within the
            # same second as the first delivery, the same signature: it is not a replay.
            return await self._dispatch(text, request)
        # What has no event id (slash commands, interactivity) is never retried by Slack,
        # so the same signature twice is a replay. The record is in the database: it holds
        # across processes.
        try:
            first = await self.core.first_time(f"slack:signature:{signature}")
        except Exception as exc:  # the database is away: Slack retries a 5xx, signed afresh
            if unavailable(exc):
                self.door.status.failed(exc)  # said once, however many requests are refused
            else:
                log.warning("slack: cannot record the request (%s)", type(exc).__name__)
            log.debug("slack: asking Slack to retry a request (%s)", type(exc).__name__)
            return web.Response(status=503, text="try again")
        if not first:
            log.warning("slack: replayed request refused")
            return web.Response(status=401, text="replayed request")
        return await self._dispatch(text, request)

    async def _dispatch(self, text: str, request: web.Request) -> web.Response:
        bolt_request = AsyncBoltRequest(body=text, query=request.query_string, headers=request.headers)  # type: ignore[arg-type]
        return await to_aiohttp_response(await self.app.async_dispatch(bolt_request))

    async def _http_health(self, request: web.Request) -> web.Response:
        return web.json_response({"ok": True, "platform": PLATFORM})

    # -- listeners -----------------------------------------------------------------------

    def _register(self) -> None:
        app = self.app
        app.event("app_mention")(self._on_message)
        app.event("message")(self._on_message)
        app.event("assistant_thread_started")(self._on_assistant_thread_started)
        app.event(re.compile(".*"))(self._on_other_event)
        app.action(re.compile(r"^mallory\."))(self._on_action)
        app.action(re.compile(".*"))(self._on_foreign_action)
        app.command(re.compile(".*"))(self._on_command)
        app.shortcut(SHORTCUT_INVESTIGATE_THREAD)(self._on_investigate_thread)
        app.shortcut(re.compile(".*"))(self._on_foreign_action)
        app.options(re.compile(".*"))(self._on_foreign_action)
        app.view(re.compile(".*"))(self._on_foreign_action)
        app.error(self._on_error)

    async def _on_error(self, error: Exception, body: Mapping[str, Any]) -> None:
        if unavailable(error):  # the inbox cannot be written: Slack hears 5xx and retries
            self.door.status.failed(error)  # the process's one line for the outage
            log.debug(
                "slack: asking Slack to retry a %s payload (%s)", body.get("type"), type(error).__name__
            )
            return
        log.error("slack: listener failed on a %s payload: %r", body.get("type"), error)

    async def _on_message(self, body: dict[str, Any], context: Mapping[str, Any]) -> None:
        inbound = message_inbound(
            body,
            bot_user_id=context.get("bot_user_id"),
            bot_id=context.get("bot_id"),
            now=self.sender.clock.now(),
        )
        if isinstance(inbound, Ignored):
            log.debug("slack: message ignored: %s", inbound.reason)
            return
        inbound = _homed(inbound, context)
        # Keyed by the message, not the event: a redelivery and a mention's twin (app_mention
        # and message, two event ids, one ts) meet at the same inbox row.
        key, payload = message_key(inbound), {"inbound": inbound_payload(inbound)}
        if self._runner is not None:
            # Over HTTP the inbox hears of the message before Slack hears back: with the
            # database away this raises, Slack gets a 5xx and sends the event again later.
            taken = await self.intake.take(key, "message", payload)
            if taken is not None:
                self._spawn("message", self._in_turn(inbound.thread, self.intake.enter(taken)))
            return
        await self._store_or_keep("message", inbound.thread, key, payload)

    async def _store_or_keep(
        self, kind: str, thread: ThreadRef | None, key: str, payload: dict[str, Any]
    ) -> None:
        """Store a delivery Slack will not send again (Socket Mode, a button, a command) in
        the inbox before acknowledging it; with the database away, keep it in memory and
        retry it (the door)."""
        try:
            taken = await self.intake.take(key, kind, payload)
        except Exception as exc:
            if not unavailable(exc):
                raise
            self.intake.keep(key, kind, payload)
            return
        if taken is not None:
            self._spawn(kind, self._in_turn(thread, self.intake.enter(taken)))

    async def _in_turn(self, thread: ThreadRef | None, work: Awaitable[object]) -> None:
        if thread is None:  # the work takes its turn itself, once it knows its thread
            await work
            return
        async with self._in_order(thread):
            await work

    async def _handle_taken(self, taken: Taken) -> None:
        """Handle an inbox row: a message, a button press or a slash command."""
        data = json.loads(taken.payload)
        if taken.kind == "message":
            await self.core.handle(resuming(inbound_of(data["inbound"]), taken.resumed), self.sender)
        elif taken.kind == "action":
            await self._handle_action(action_of(data["action"]))
        elif taken.kind == "command":
            inbound = resuming(inbound_of(data["inbound"]), taken.resumed)
            await self.core.handle_command(Command(data["command"]), str(data["args"]), inbound, self.sender)
        elif taken.kind == "shortcut":
            await self._investigate_thread(
                data["body"], data.get("bot_user_id"), str(data.get("home_team") or "")
            )
        else:
            log.warning("slack: inbox row %s of unknown kind %r left alone", taken.key, taken.kind)

    async def _first_delivery(self, body: Mapping[str, Any]) -> bool:
        """Slack redelivers an event (same ``event_id``) when an answer was slow."""
        event_id = body.get("event_id")
        return not event_id or await self.core.first_time(f"slack:event:{event_id}")

    def _in_order(self, thread: ThreadRef) -> AbstractAsyncContextManager[None]:
        """One conversation's deliveries are handled one at a time, in arrival order, so a
        quick follow-up ("also check…") sees the acknowledgement of the request before it.
        Tasks are created in arrival order and take their turn first thing (FIFO)."""
        return self._order.turn(thread.key)

    async def _on_other_event(self, body: dict[str, Any]) -> None:
        log.debug("slack: event %s ignored", (body.get("event") or {}).get("type"))

    async def _on_assistant_thread_started(self, body: dict[str, Any]) -> None:
        self._spawn("assistant thread", self._suggest_prompts(body))

    async def _suggest_prompts(self, body: dict[str, Any]) -> None:
        if not await self._first_delivery(body):
            return
        thread = (body.get("event") or {}).get("assistant_thread") or {}
        channel, thread_ts = thread.get("channel_id"), thread.get("thread_ts")
        if not channel or not thread_ts:
            return
        client = self.sender.client
        await self.sender.call(
            "assistant.threads.setSuggestedPrompts",
            lambda: client.assistant_threads_setSuggestedPrompts(
                channel_id=channel, thread_ts=thread_ts, prompts=[dict(p) for p in SUGGESTED_PROMPTS]
            ),
        )

    async def _on_action(
        self, ack: Callable[..., Awaitable[Any]], body: dict[str, Any], context: Mapping[str, Any]
    ) -> None:
        await ack()
        for action in body.get("actions") or []:
            event = action_event(body, action, thread=None, now=self.sender.clock.now())
            if isinstance(event, Ignored):
                log.debug("slack: button ignored: %s", event.reason)
                continue
            event = replace(event, extras={**event.extras, HOME_TEAM: _home_team(context)})
            await self._store_or_keep(
                "action", event.thread, press_key(event), {"action": action_payload(event)}
            )

    async def _handle_action(self, event: ActionEvent) -> None:
        # The payload names the pressed message; the core knows its conversation.
        thread = await self.core.thread_for_message(
            PLATFORM, event.thread.space, event.thread.channel, event.message_id
        )
        if thread is not None and thread != event.thread:
            event = replace(event, thread=thread, extras=event.extras)
        await self.core.handle_action(event, self.sender)

    async def _on_foreign_action(self, ack: Callable[..., Awaitable[Any]], body: dict[str, Any]) -> None:
        await ack()
        log.debug("slack: %s payload not for Mallory ignored", body.get("type"))

    async def _on_command(
        self, ack: Callable[..., Awaitable[Any]], body: dict[str, Any], context: Mapping[str, Any]
    ) -> None:
        # The policy is asked before anything is posted: a refused place sees only this line.
        provisional = command_inbound(body, thread_ts="", message_ts="", now=self.sender.clock.now())
        refusal = self.core.refusal(_homed(provisional, context))
        if refusal is not None:
            await ack(text=refusal)
            return
        command = command_of(body)
        if command is None:
            await ack(text=f"I don't know {body.get('command')}. Try /investigate, /recall or /remember.")
            return
        if command is Command.CANCEL:
            # Slack runs slash commands outside threads, so there is no telling which one.
            await ack(text=CANCEL_HELP)
            return
        if command is Command.WEB:
            # said to the person alone (chat.postEphemeral): no root message in the channel
            press = str(body.get("trigger_id") or "")
            inbound = _homed(
                command_inbound(body, thread_ts="", message_ts=f"web:{press}", now=self.sender.clock.now()),
                context,
            )
            payload = {"command": command.value, "args": "", "inbound": inbound_payload(inbound)}
            await self._store_or_keep("command", None, command_key(inbound), payload)
            await ack()
            return
        # A slash command has no message of its own to thread under: post one that shows
        # what was asked, and hold the conversation in its thread.
        args = plain_text(str(body.get("text") or ""), None)
        channel = str(body.get("channel_id", ""))
        client = self.sender.client
        asked = escape(f"{body.get('command')} {args}".strip()).replace("`", "'")
        try:
            root = await self.sender.call(
                "chat.postMessage",
                lambda: client.chat_postMessage(
                    channel=channel, text=f"<@{body.get('user_id')}> asked: `{asked}`"
                ),
            )
        except RetryLater:
            await ack(text="Slack is asking me to slow down; please try that again in a minute.")
            return
        except DeliveryError as exc:
            log.info("slack: cannot post in %s for %s: %s", channel, body.get("command"), exc)
            await ack(text="I can't post in this conversation — invite me first (/invite @Mallory).")
            return
        ts = str(root["ts"])
        inbound = _homed(
            command_inbound(body, thread_ts=ts, message_ts=ts, now=self.sender.clock.now()), context
        )
        payload = {"command": command.value, "args": args, "inbound": inbound_payload(inbound)}
        await self._store_or_keep("command", inbound.thread, command_key(inbound), payload)
        await ack()

    async def _on_investigate_thread(
        self, ack: Callable[..., Awaitable[Any]], body: dict[str, Any], context: Mapping[str, Any]
    ) -> None:
        # the thread is read when the shortcut is handled: stored here is what Slack sent
        payload = {"body": body, "bot_user_id": context.get("bot_user_id"), "home_team": _home_team(context)}
        await self._store_or_keep("shortcut", None, shortcut_key(body), payload)
        await ack()

    async def _investigate_thread(
        self, body: dict[str, Any], bot_user_id: str | None, home_team: str
    ) -> None:
        message = body.get("message") or {}
        channel = (body.get("channel") or {}).get("id") or ""
        user = body.get("user") or {}
        root_ts = str(message.get("thread_ts") or message.get("ts") or "")
        if not channel or not root_ts or not user.get("id"):
            return
        question = await self._thread_as_question(channel, root_ts, message, bot_user_id)
        inbound = Inbound(
            thread=ThreadRef(platform=PLATFORM, space=team_of(body), channel=channel, thread=root_ts),
            message_id=f"shortcut:{body.get('trigger_id') or root_ts}",
            author=_person(user),
            text=f"/investigate {question}",
            received_at=self.sender.clock.now(),
            is_mention=True,
            is_direct=channel.startswith("D"),
            extras={"shortcut": SHORTCUT_INVESTIGATE_THREAD, HOME_TEAM: home_team},
        )
        if self.core.refusal(inbound) is not None:
            log.info("slack: shortcut in a place the policy keeps closed ignored")
            return
        async with self._in_order(inbound.thread):
            await self.core.handle_command(Command.INVESTIGATE, question, inbound, self.sender)

    async def _thread_as_question(
        self, channel: str, root_ts: str, message: Mapping[str, Any], bot_user_id: str | None
    ) -> str:
        """The thread's messages, oldest first, as one question; the pressed message alone
        when the thread cannot be read (e.g. the bot is not in the channel)."""
        client = self.sender.client
        try:
            replies = await self.sender.call(
                "conversations.replies",
                lambda: client.conversations_replies(channel=channel, ts=root_ts, limit=50),
            )
            messages = [m for m in replies.get("messages") or [] if not m.get("bot_id")]
        except DeliveryError as exc:
            log.info("slack: thread not readable, using the message alone: %s", exc)
            messages = [dict(message)]
        lines = [plain_text(str(m.get("text") or ""), bot_user_id) for m in messages]
        text = "\n".join(line for line in lines if line)
        return text[:THREAD_QUESTION_LIMIT]


def _home_team(context: Mapping[str, Any]) -> str:
    """The workspace the app is installed in, from bolt's authorization (auth.test)."""
    result = context.get("authorize_result")
    return str(getattr(result, "team_id", None) or "")


def _homed(inbound: Inbound, context: Mapping[str, Any]) -> Inbound:
    """The inbound event with the installing workspace, which the access policy defaults to."""
    return replace(inbound, extras={**inbound.extras, HOME_TEAM: _home_team(context)})


def _event_id(body: Mapping[str, Any]) -> str:
    """An Events API delivery's id (its retries carry the same); empty for the rest."""
    event_id = body.get("event_id") if body.get("type") == "event_callback" else None
    return event_id if isinstance(event_id, str) else ""


def _signed(raw: bytes, timestamp: str, signature: str, secret: str) -> bool:
    """Slack's v0 signature over the raw bytes (slack_sdk's verifier decodes the body
    first, which fails on binary before the signature is even compared)."""
    if abs(time.time() - int(timestamp)) > SIGNATURE_WINDOW_S:
        return False
    base = b"v0:" + timestamp.encode() + b":" + raw
    expected = "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), signature.encode("utf-8", "replace"))


def _person(user: Mapping[str, Any]) -> Person:
    return Person(id=str(user["id"]), name=str(user.get("username") or user.get("name") or ""))
