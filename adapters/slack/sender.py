"""The outbound half of the Slack adapter: posts, edits, file uploads and assistant thread
status through one ``slack_sdk`` ``AsyncWebClient``. Needs only the bot token, so a worker
on another host can deliver results."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any

import aiohttp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

from adapters.slack.mrkdwn import split_mrkdwn, to_mrkdwn
from bot.clock import Clock, SystemClock
from bot.core.parts import PartsLedger
from bot.errors import DeliveryError, RetryLater
from bot.events import Button, Posted, Reply, ReplyKind, ThreadRef

log = logging.getLogger(__name__)

PLATFORM = "slack"
SECTION_LIMIT = 3000  # Block Kit: a section's text
SECTIONS_PER_MESSAGE = 4  # keeps a message well under Slack's 40k text / 50 block limits
BUTTON_LABEL_LIMIT = 75
BUTTON_VALUE_LIMIT = 2000
FALLBACK_LIMIT = 3000  # the notification text shown for a message with blocks
ACTION_PREFIX = "mallory."
STATUS_TEXT = "is digging…"
STATUS_REFRESH_S = 90.0  # Slack clears an assistant status after about two minutes
STATUS_KEEPALIVE_S = 300.0  # no sign of work for this long: the work has stopped
# message metadata on every part of a report, so a retry can find what already arrived
METADATA_EVENT = "mallory_report"  # a report: its investigation id
REPLY_EVENT = "mallory_reply"  # an answer to a message: its identity (``reply:…``)


def _tag(reply: Reply) -> tuple[str, str]:
    """The metadata event type and payload field ``reply.correlation`` is carried in."""
    if reply.correlation.startswith("reply:"):
        return REPLY_EVENT, "reply_id"
    return METADATA_EVENT, "investigation_id"


REPLIES_PAGE = 200
REPLIES_PAGES = 50  # a thread longer than 10,000 messages is not read to its end

# Errors after which posting the same thing again cannot succeed.
PERMANENT_ERRORS = frozenset(
    {
        "account_inactive",
        "channel_not_found",
        "invalid_auth",
        "invalid_blocks",
        "invalid_blocks_format",
        "is_archived",
        "missing_scope",
        "msg_too_long",
        "no_text",
        "not_authed",
        "not_in_channel",
        "restricted_action",
        "team_access_not_granted",
        "token_revoked",
        "too_many_attachments",
    }
)
TRANSIENT_ERRORS = frozenset(
    {"internal_error", "fatal_error", "service_unavailable", "request_timeout", "ratelimited"}
)


def action_id(button: Button, index: int) -> str:
    """Block Kit action ids must be unique in a message, so the position is part of it."""
    return f"{ACTION_PREFIX}{button.action.value}.{index}"


def buttons_block(buttons: tuple[Button, ...]) -> dict[str, Any]:
    return {
        "type": "actions",
        "block_id": "mallory_actions",
        "elements": [
            {
                "type": "button",
                "action_id": action_id(button, i),
                "text": {"type": "plain_text", "text": button.label[:BUTTON_LABEL_LIMIT], "emoji": True},
                "value": button.value[:BUTTON_VALUE_LIMIT],
            }
            for i, button in enumerate(buttons)
        ],
    }


def section(text: str) -> dict[str, Any]:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text}}


@dataclass(frozen=True)
class OutgoingMessage:
    """One chat.postMessage worth of a reply."""

    text: str
    blocks: list[dict[str, Any]]


def render(reply: Reply) -> list[OutgoingMessage]:
    """Turn a reply into the messages Slack will accept: mrkdwn sections under the block
    limits, the requester's mention first, buttons under the last message."""
    body = to_mrkdwn(reply.text)
    if reply.mention is not None:
        body = f"<@{reply.mention.id}> {body}"
    pieces = split_mrkdwn(body, SECTION_LIMIT)
    if not pieces:
        if not reply.buttons:
            return []
        labels = " · ".join(b.label for b in reply.buttons)
        return [OutgoingMessage(text=labels, blocks=[buttons_block(reply.buttons)])]
    groups = [pieces[i : i + SECTIONS_PER_MESSAGE] for i in range(0, len(pieces), SECTIONS_PER_MESSAGE)]
    messages = []
    for n, group in enumerate(groups):
        blocks = [section(p) for p in group if p.strip()]
        if n == len(groups) - 1 and reply.buttons:
            blocks.append(buttons_block(reply.buttons))
        text = "\n\n".join(group)
        messages.append(OutgoingMessage(text=_clip(text, FALLBACK_LIMIT), blocks=blocks))
    return messages


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _header(headers: Mapping[str, Any] | None, name: str) -> str | None:
    for key, value in (headers or {}).items():
        if key.lower() == name:
            return value[0] if isinstance(value, list | tuple) else str(value)
    return None


class RateGate:
    """Remembers Slack's ``Retry-After`` per Web API method so no call is made before the
    platform said it may be."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._not_before: dict[str, datetime] = {}

    def remaining(self, method: str) -> float:
        until = self._not_before.get(method)
        if until is None:
            return 0.0
        left = (until - self._clock.now()).total_seconds()
        if left <= 0:
            del self._not_before[method]
            return 0.0
        return left

    def block(self, method: str, seconds: float) -> None:
        self._not_before[method] = self._clock.now() + timedelta(seconds=seconds)


@dataclass
class _Progress:
    """How much of a multi-part reply already reached Slack, so a retry resumes there."""

    posted: list[str] = field(default_factory=list)
    uploaded: bool = False


@dataclass
class _Status:
    thread: ThreadRef
    seen: datetime
    set_at: datetime | None = None


class SlackSender:
    """Implements ``bot.events.Sender`` for Slack.

    Rate limits: a 429 raises ``RetryLater`` and closes that method until ``Retry-After``
    has passed (checked against the injected clock); a reply cut into several messages
    resumes after the last part that was posted, so a retry never duplicates a part.
    """

    platform = PLATFORM

    def __init__(
        self,
        client: AsyncWebClient,
        *,
        clock: Clock | None = None,
    ) -> None:
        self.client = client
        self.clock: Clock = clock or SystemClock()
        self.gate = RateGate(self.clock)
        self._parts: PartsLedger[_Progress] = PartsLedger(_Progress)
        self.status = StatusKeeper(self)

    # -- Web API calls -------------------------------------------------------------------

    async def call(
        self, method: str, request: Callable[[], Awaitable[AsyncSlackResponse]]
    ) -> AsyncSlackResponse:
        """Make one Web API call, translating Slack's failures into ``DeliveryError``s."""
        wait = self.gate.remaining(method)
        if wait > 0:
            raise RetryLater(f"Slack {method} is rate limited", retry_after=wait)
        try:
            return await request()
        except SlackApiError as exc:
            raise self._translate(method, exc) from None
        except (aiohttp.ClientError, TimeoutError) as exc:
            raise RetryLater(f"Slack {method} unreachable: {type(exc).__name__}", retry_after=5.0) from None

    async def timezone_of(self, user_id: str) -> str | None:
        """The IANA time zone Slack has for a person (``users.info`` ``tz``), or None when
        it cannot be read: a schedule they set then uses the configured zone."""
        try:
            info = await self.call("users.info", partial(self.client.users_info, user=user_id))
        except DeliveryError as exc:
            log.info("slack: no time zone for a user: %s", exc)
            return None
        tz = (info.get("user") or {}).get("tz")
        return str(tz) if isinstance(tz, str) and tz else None

    async def already_posted(self, reply: Reply, parts: int) -> _Progress:
        """What of ``reply`` an earlier attempt left in its thread: the ts of each part found
        (by the investigation id in the message metadata), in order, while they follow on
        from the first; and whether its file is there. Reads the whole thread (paged)."""
        thread = reply.thread
        event_type, field = _tag(reply)
        found: dict[int, str] = {}
        uploaded = False
        cursor: str | None = None
        for _ in range(REPLIES_PAGES):
            page = await self.call(
                "conversations.replies",
                partial(
                    self.client.conversations_replies,
                    channel=thread.channel,
                    ts=thread.thread,
                    include_all_metadata=True,
                    limit=REPLIES_PAGE,
                    cursor=cursor,
                ),
            )
            for message in page.get("messages") or []:
                metadata = message.get("metadata") or {}
                payload = metadata.get("event_payload") or {}
                if (
                    metadata.get("event_type") == event_type
                    and payload.get(field) == reply.correlation
                    and isinstance(payload.get("part"), int)
                ):
                    found.setdefault(payload["part"], str(message["ts"]))
                if reply.attachment is not None and any(
                    f.get("name") == reply.attachment.filename for f in message.get("files") or []
                ):
                    uploaded = True
            cursor = (page.get("response_metadata") or {}).get("next_cursor") or None
            if not page.get("has_more") or cursor is None:
                break
        progress = _Progress(uploaded=uploaded)
        while len(progress.posted) < parts and len(progress.posted) in found:
            progress.posted.append(found[len(progress.posted)])
        return progress

    def _translate(self, method: str, exc: SlackApiError) -> DeliveryError:
        response = exc.response
        status = getattr(response, "status_code", 0)
        error = ""
        if isinstance(getattr(response, "data", None), dict):
            error = str(response.data.get("error", ""))
        if status == 429 or error == "ratelimited":
            raw = _header(getattr(response, "headers", None), "retry-after")
            try:
                retry_after = max(float(raw), 1.0) if raw else 1.0
            except ValueError:
                retry_after = 1.0
            self.gate.block(method, retry_after)
            return RetryLater(f"Slack {method} rate limited", retry_after=retry_after)
        if status >= 500 or error in TRANSIENT_ERRORS:
            return RetryLater(f"Slack {method} failed: {error or status}", retry_after=5.0)
        return DeliveryError(f"Slack {method} failed: {error or status}", permanent=error in PERMANENT_ERRORS)

    # -- Sender --------------------------------------------------------------------------

    async def send(self, reply: Reply) -> Posted:
        if reply.private_to is not None:
            return await self._ephemeral(reply, reply.private_to.id)
        thread = reply.thread
        messages = render(reply)
        if not messages and reply.attachment is None:
            raise DeliveryError("empty reply: nothing to post", permanent=True)
        progress = self._parts.progress(reply)
        if not progress.posted and not progress.uploaded and reply.correlation and reply.may_be_posted:
            # an earlier attempt's outcome is unknown (a crash, or recording it failed):
            # what reached the thread is not posted again
            try:
                found = await self.already_posted(reply, len(messages))
            except RetryLater:
                raise
            except DeliveryError as exc:
                # the thread cannot be read (a scope removed, say): a second copy beats none
                log.warning(
                    "slack: cannot check the thread before re-posting %s: %s", reply.correlation[:8], exc
                )
                found = _Progress()
            if found.posted or found.uploaded:
                log.info(
                    "slack: %d part(s) of %s were already in the thread; not posting them again",
                    len(found.posted),
                    reply.correlation[:8],
                )
            progress.posted[:] = found.posted
            progress.uploaded = found.uploaded
        for n, message in enumerate(messages[len(progress.posted) :], start=len(progress.posted)):
            metadata = None
            if reply.correlation:
                event_type, field = _tag(reply)
                metadata = {
                    "event_type": event_type,
                    "event_payload": {
                        field: reply.correlation,
                        "part": n,
                        "parts": len(messages),
                    },
                }
            response = await self.call(
                "chat.postMessage",
                partial(
                    self.client.chat_postMessage,
                    channel=thread.channel,
                    thread_ts=thread.thread,
                    text=message.text,
                    blocks=message.blocks,
                    unfurl_links=False,
                    unfurl_media=False,
                    metadata=metadata,
                ),
            )
            progress.posted.append(str(response["ts"]))
        if reply.attachment is not None and not progress.uploaded:
            attachment = reply.attachment
            await self.call(
                "files.upload",
                lambda: self.client.files_upload_v2(
                    channel=thread.channel,
                    thread_ts=thread.thread,
                    content=attachment.content,
                    filename=attachment.filename,
                    title=reply.title or attachment.filename,
                ),
            )
            progress.uploaded = True
        self._parts.finished(reply)
        await self.status.posted(thread, reply.kind)
        first = progress.posted[0] if progress.posted else thread.thread
        return Posted(thread=thread, message_id=first)

    async def _ephemeral(self, reply: Reply, user: str) -> Posted:
        """Said to one person in the conversation (chat.postEphemeral): only they see it,
        and it is gone when they reload Slack."""
        thread = reply.thread
        text = _clip(to_mrkdwn(reply.text), FALLBACK_LIMIT) or "…"
        response = await self.call(
            "chat.postEphemeral",
            lambda: self.client.chat_postEphemeral(
                channel=thread.channel, user=user, text=text, thread_ts=thread.thread or None
            ),
        )
        return Posted(thread=thread, message_id=str(response.get("message_ts") or ""))

    async def edit(self, posted: Posted, text: str, *, buttons: tuple[Button, ...] = ()) -> None:
        body = _clip(to_mrkdwn(text), SECTION_LIMIT) or "…"
        blocks = [section(body)]
        if buttons:
            blocks.append(buttons_block(buttons))
        try:
            await self.call(
                "chat.update",
                lambda: self.client.chat_update(
                    channel=posted.thread.channel,
                    ts=posted.message_id,
                    text=_clip(body, FALLBACK_LIMIT),
                    blocks=blocks,
                ),
            )
        except DeliveryError as exc:
            # Progress is best effort: a skipped edit is replaced by the next one or the result.
            log.info("slack edit skipped: %s", exc)
        await self.status.edited(posted.thread)

    async def typing(self, thread: ThreadRef) -> None:
        """Show the assistant status ("is digging…") in the thread and keep it there
        while work goes on (see ``StatusKeeper``)."""
        await self.status.working(thread)

    async def aclose(self) -> None:
        """Stop refreshing statuses. The client keeps no open connections of its own."""
        await self.status.aclose()


class StatusKeeper:
    """The assistant thread status ("is digging…") for threads where Mallory is working.

    Slack drops a status after about two minutes, and whenever the app posts in the
    thread. The acknowledgement of an investigation shows it once; it is kept up — re-set
    before Slack drops it, and after a notice — for as long as there are signs of work in
    this process: ``typing`` calls and progress edits of the acknowledgement. It ends
    with the answer, report or apology, or when no sign of work came for ``keepalive_s``
    (a cancelled or crashed investigation stops editing). Workspaces without the
    assistant surface are remembered and left alone.
    """

    def __init__(
        self,
        sender: SlackSender,
        *,
        text: str = STATUS_TEXT,
        refresh_s: float = STATUS_REFRESH_S,
        keepalive_s: float = STATUS_KEEPALIVE_S,
        poll_s: float = 15.0,
    ) -> None:
        self._sender = sender
        self._clock = sender.clock
        self.text = text
        self.refresh_s = refresh_s
        self.keepalive_s = keepalive_s
        self._poll_s = poll_s
        self._active: dict[str, _Status] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._refused: set[str] = set()
        self._task: asyncio.Task[None] | None = None

    def threads(self) -> list[ThreadRef]:
        return [s.thread for s in self._active.values()]

    async def working(self, thread: ThreadRef) -> None:
        """A sign of work in ``thread``: show the status, or keep it shown."""
        if thread.space in self._refused or thread.key in self._refused:
            return
        now = self._clock.now()
        status = self._active.get(thread.key)
        if status is None:
            status = self._active[thread.key] = _Status(thread=thread, seen=now)
        status.seen = now
        if status.set_at is None or (now - status.set_at).total_seconds() >= self.refresh_s / 2:
            await self._set(status)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._loop())

    async def posted(self, thread: ThreadRef, kind: ReplyKind) -> None:
        """Mallory posted in ``thread``, which clears any status in Slack."""
        status = self._active.get(thread.key)
        if kind is ReplyKind.ACK:
            # Show the status at once, but leave keeping it to whoever runs the work: a
            # worker on another host sees the progress edits and the report, this process
            # may not, and must not keep "is digging…" up after the report has landed.
            self._finished.pop(thread.key, None)
            if thread.space not in self._refused and thread.key not in self._refused:
                await self._set(status or _Status(thread=thread, seen=self._clock.now()))
            return
        if kind in (ReplyKind.REPORT, ReplyKind.APOLOGY):
            self._finished[thread.key] = None
            while len(self._finished) > 1024:
                self._finished.popitem(last=False)
        if kind in (ReplyKind.ANSWER, ReplyKind.REPORT, ReplyKind.APOLOGY):
            self._active.pop(thread.key, None)
        elif status is not None:
            await self._set(status)  # a notice mid-investigation: the work goes on

    async def edited(self, thread: ThreadRef) -> None:
        """A progress edit is a sign of work, unless the thread's result is already in."""
        if thread.key not in self._finished:
            await self.working(thread)

    async def refresh(self) -> int:
        """Re-set every status Slack is about to drop, forget those whose work stopped.
        Returns how many were re-set. The background task calls this; so can tests,
        after moving the clock."""
        now = self._clock.now()
        refreshed = 0
        for key, status in list(self._active.items()):
            if (now - status.seen).total_seconds() >= self.keepalive_s:
                self._active.pop(key, None)
                continue
            if status.set_at is None or (now - status.set_at).total_seconds() >= self.refresh_s:
                await self._set(status)
                refreshed += 1
        return refreshed

    async def _set(self, status: _Status) -> None:
        thread = status.thread
        client = self._sender.client
        try:
            await self._sender.call(
                "assistant.threads.setStatus",
                lambda: client.assistant_threads_setStatus(
                    channel_id=thread.channel, thread_ts=thread.thread, status=self.text
                ),
            )
            status.set_at = self._clock.now()
        except RetryLater:
            pass  # the next refresh tries again once Retry-After has passed
        except DeliveryError as exc:
            log.info("slack assistant status unavailable: %s", exc)
            self._refused.add(thread.space if "missing_scope" in str(exc) else thread.key)
            self._active.pop(thread.key, None)

    async def _loop(self) -> None:
        while self._active:
            await asyncio.sleep(self._poll_s)
            try:
                await self.refresh()
            except Exception:
                log.exception("slack assistant status refresh failed")

    async def aclose(self) -> None:
        self._active.clear()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None


def web_client(token: str, api_url: str | None = None) -> AsyncWebClient:
    """The one Web API client per process; ``api_url`` (``SLACK_API_URL``) replaces
    https://slack.com/api/ for every call."""
    if api_url:
        return AsyncWebClient(token=token, base_url=api_url.rstrip("/") + "/")
    return AsyncWebClient(token=token)


__all__ = ["PLATFORM", "RateGate", "SlackSender", "render", "web_client"]
