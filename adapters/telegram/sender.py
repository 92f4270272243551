"""The outbound half of the Telegram adapter: posts, edits and uploads through one PTB bot.

A worker process can deliver with only this (and the token). PTB errors become the core's:
``RetryAfter`` and network trouble → ``RetryLater``; refusals → ``DeliveryError``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hashlib
import html
import logging
import re
import warnings
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, ClassVar, TypeVar

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    LinkPreviewOptions,
    Message,
    ReplyParameters,
)
from telegram.constants import ChatAction, ParseMode
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import ExtBot

from adapters.telegram import formatting
from adapters.telegram.client import build_bot, redact
from bot.config import Settings
from bot.core.parts import PartsLedger
from bot.errors import DeliveryError, RetryLater
from bot.events import Action, Attachment, Button, Posted, Reply, ThreadRef

log = logging.getLogger(__name__)
T = TypeVar("T")

PLATFORM = "telegram"
MAX_PARTS = 4  # a reply longer than this many messages goes out as a document
DOCUMENT_HEAD = 1500  # how much of a long text is shown above its document
NETWORK_RETRY_S = 5.0
_NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


def sender_from_settings(settings: Settings) -> TelegramSender | None:
    """A sender when ``TELEGRAM_BOT_TOKEN`` is set, else ``None`` (Telegram not configured)."""
    if settings.telegram_bot_token is None or not settings.telegram_bot_token.get_secret_value():
        return None
    return TelegramSender(build_bot(settings))


def topic_id(thread: ThreadRef) -> int | None:
    """The forum topic a conversation lives in; ``None`` for chats and reply chains."""
    value = thread.extras.get("message_thread_id")
    if isinstance(value, int):
        return value
    if thread.thread.startswith("topic:") and thread.thread[6:].isdigit():
        return int(thread.thread[6:])
    return None


def _message_id(value: str | None) -> int | None:
    if value and value.lstrip("-").isdigit():
        return int(value)
    return None


class CallbackCodec:
    """Buttons ↔ ``callback_data`` (at most 64 bytes).

    ``<code>:<value>`` fits nearly always; a longer value is kept in memory under a digest,
    so such a button only works while this process lives (said in docs/telegram.md).
    """

    LIMIT = 64
    _CODES: ClassVar[dict[Action, str]] = {
        Action.INVESTIGATE_OFFER: "o",
        Action.DEEP_INVESTIGATION: "d",
        Action.ANSWER_QUICKLY: "q",
        Action.CANCEL: "c",
    }

    def __init__(self, capacity: int = 4096) -> None:
        self._actions = {code: action for action, code in self._CODES.items()}
        self._overflow: OrderedDict[str, tuple[Action, str]] = OrderedDict()
        self._capacity = capacity

    def encode(self, button: Button) -> str:
        code = self._CODES.get(button.action, button.action.value)
        data = f"{code}:{button.value}"
        if len(data.encode("utf-8")) <= self.LIMIT:
            return data
        digest = hashlib.sha256(data.encode("utf-8")).hexdigest()[:32]
        self._overflow[digest] = (button.action, button.value)
        self._overflow.move_to_end(digest)
        while len(self._overflow) > self._capacity:
            self._overflow.popitem(last=False)
        return f"~:{digest}"

    def decode(self, data: str | None) -> tuple[Action, str] | None:
        if not data or ":" not in data:
            return None
        code, value = data.split(":", 1)
        if code == "~":
            return self._overflow.get(value)
        action = self._actions.get(code)
        if action is None:
            try:
                action = Action(code)
            except ValueError:
                return None
        return action, value

    def keyboard(self, buttons: tuple[Button, ...]) -> InlineKeyboardMarkup | None:
        if not buttons:
            return None
        return InlineKeyboardMarkup(
            [[InlineKeyboardButton(b.label, callback_data=self.encode(b))] for b in buttons]
        )


@dataclass(frozen=True)
class _Text:
    markup: str  # Telegram HTML


@dataclass(frozen=True)
class _Document:
    attachment: Attachment
    caption: str


@dataclass(frozen=True)
class _Target:
    chat_id: int | str
    topic: int | None
    reply_to: int | None


class TelegramSender:
    """Implements ``bot.events.Sender`` for Telegram."""

    platform = PLATFORM

    def __init__(self, bot: ExtBot[Any], *, max_parts: int = MAX_PARTS) -> None:
        self.bot = bot
        self.callbacks = CallbackCodec()
        self._max_parts = max_parts
        self._ready = False
        self._ready_lock = asyncio.Lock()
        # Parts of a multi-message reply already posted, so a retry after a 429 halfway
        # through does not post the first parts twice.
        self._parts: PartsLedger[list[int]] = PartsLedger(list)

    async def aclose(self) -> None:
        if self._ready:
            await self.bot.shutdown()
            self._ready = False

    # -- Sender protocol ------------------------------------------------------------------

    async def send(self, reply: Reply) -> Posted:
        await self._ensure_ready()
        if reply.private_to is not None and reply.private_to.id.lstrip("-").isdigit():
            # a direct message (a user's private chat has the user's id); the bot can write
            # only to people who have started it, else Telegram answers Forbidden
            target = _Target(chat_id=int(reply.private_to.id), topic=None, reply_to=None)
        else:
            target = _Target(
                chat_id=_chat_id(reply.thread),
                topic=topic_id(reply.thread),
                reply_to=_message_id(reply.in_reply_to) or _message_id(reply.thread.thread),
            )
        items = self._plan(reply)
        posted = self._parts.progress(reply)
        keyboard = self.callbacks.keyboard(reply.buttons)
        last_text = max(i for i, item in enumerate(items) if isinstance(item, _Text))
        for index, item in enumerate(items):
            if index < len(posted):
                continue
            if isinstance(item, _Text):
                markup = keyboard if index == last_text else None
                message = await self._send_text(target, item.markup, markup)
            else:
                message = await self._send_document(target, item)
            posted.append(message.message_id)
        self._parts.finished(reply)
        return Posted(reply.thread, str(posted[0]), tuple(str(i) for i in posted[1:]))

    async def edit(self, posted: Posted, text: str, *, buttons: tuple[Button, ...] = ()) -> None:
        await self._ensure_ready()
        message_id = _message_id(posted.message_id)
        if message_id is None:
            return
        markup = formatting.truncate(text)
        keyboard = self.callbacks.keyboard(buttons)
        chat_id = _chat_id(posted.thread)

        async def edit_as(body: str, parse_mode: str | None) -> Any:
            return await self.bot.edit_message_text(
                body,
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=parse_mode,
                reply_markup=keyboard,
                link_preview_options=_NO_PREVIEW,
            )

        try:
            await self._call(lambda: edit_as(markup, ParseMode.HTML))
        except _Rejected as rejected:
            if rejected.not_modified:
                return
            if not rejected.formatting:
                raise
            log.warning("telegram rejected the HTML of an edit; editing as plain text")
            try:
                await self._call(lambda: edit_as(formatting.to_plain(markup), None))
            except _Rejected as again:
                if not again.not_modified:
                    raise

    async def typing(self, thread: ThreadRef) -> None:
        """Best effort: a failed chat action is not worth an error."""
        try:
            await self._ensure_ready()
            await self.bot.send_chat_action(
                _chat_id(thread), ChatAction.TYPING, message_thread_id=topic_id(thread)
            )
        except (TelegramError, DeliveryError) as exc:
            log.debug("telegram typing action failed: %s", redact(str(exc), self.bot.token))

    # -- planning -------------------------------------------------------------------------

    def _plan(self, reply: Reply) -> list[_Text | _Document]:
        prefix = _mention(reply)
        prefix_length = formatting.visible_length(prefix) + 1 if prefix else 0
        cut = formatting.split(
            reply.text, first_limit=formatting.MESSAGE_LIMIT - prefix_length if prefix else None
        )
        if cut is not None and cut.count <= self._max_parts:
            parts: list[_Text | _Document] = [_Text(part) for part in cut.parts]
            if prefix:
                first = parts[0]
                assert isinstance(first, _Text)
                parts[0] = _Text(f"{prefix} {first.markup}" if first.markup else prefix)
            if parts == [_Text("")]:
                parts = [_Text(html.escape(reply.title or "…", quote=False))]
            if reply.attachment is not None:
                parts.append(_Document(reply.attachment, _caption(reply)))
            return parts
        document = reply.attachment or Attachment(
            filename=_filename(reply.title), content=reply.text, mime_type="text/markdown"
        )
        head = _head(reply.text)
        note = f"<i>The full text is attached as {html.escape(document.filename, quote=False)}.</i>"
        body = "\n\n".join(p for p in (prefix, head, note) if p)
        return [_Text(body), _Document(document, _caption(reply))]

    # -- Bot API calls --------------------------------------------------------------------

    async def _send_text(
        self, target: _Target, markup: str, keyboard: InlineKeyboardMarkup | None
    ) -> Message:
        async def send_as(body: str, parse_mode: str | None, to: _Target) -> Message:
            return await self.bot.send_message(
                to.chat_id,
                body,
                parse_mode=parse_mode,
                message_thread_id=to.topic,
                reply_parameters=_reply_parameters(to),
                reply_markup=keyboard,
                link_preview_options=_NO_PREVIEW,
            )

        return await self._with_fallbacks(
            target,
            functools.partial(send_as, markup, ParseMode.HTML),
            functools.partial(send_as, formatting.to_plain(markup), None),
        )

    async def _send_document(self, target: _Target, item: _Document) -> Message:
        content = item.attachment.content.encode("utf-8")

        async def send_as(caption: str, parse_mode: str | None, to: _Target) -> Message:
            return await self.bot.send_document(
                to.chat_id,
                InputFile(content, filename=item.attachment.filename),
                caption=caption or None,
                parse_mode=parse_mode if caption else None,
                message_thread_id=to.topic,
                reply_parameters=_reply_parameters(to),
                filename=item.attachment.filename,
            )

        return await self._with_fallbacks(
            target,
            functools.partial(send_as, item.caption, ParseMode.HTML),
            functools.partial(send_as, formatting.to_plain(item.caption), None),
        )

    async def _with_fallbacks(
        self,
        target: _Target,
        formatted: Callable[[_Target], Awaitable[Message]],
        plain: Callable[[_Target], Awaitable[Message]],
    ) -> Message:
        """Send formatted; if Telegram rejects the formatting, the same words as plain text;
        if the topic is gone, into the chat itself; if the group became a supergroup, there.
        A result is never dropped for any of these."""
        use_plain = False
        for _ in range(4):
            attempt = plain if use_plain else formatted
            try:
                return await self._call(functools.partial(attempt, target))
            except _Migrated as moved:
                log.warning("telegram group moved to a supergroup; posting there")
                target = dataclasses.replace(target, chat_id=moved.new_chat_id)
            except _Rejected as rejected:
                if rejected.formatting and not use_plain:
                    log.warning("telegram rejected the message HTML; resending as plain text")
                    use_plain = True
                elif rejected.thread_gone and target.topic is not None:
                    log.warning("telegram topic %s not found; posting to the chat", target.topic)
                    target = dataclasses.replace(target, topic=None)
                else:
                    raise
        raise DeliveryError("telegram refused the message", permanent=True)

    async def _call(self, request: Callable[[], Awaitable[T]]) -> T:
        """One Bot API request with PTB errors mapped to the core's (``_Rejected`` for a
        400 the caller may work around)."""
        token = self.bot.token
        try:
            return await request()
        except RetryAfter as exc:
            raise RetryLater("telegram rate limit", retry_after=_retry_after_seconds(exc)) from None
        except ChatMigrated as exc:
            raise _Migrated(exc.new_chat_id) from None
        except BadRequest as exc:
            raise _Rejected(redact(exc.message, token)) from None
        except (Forbidden, InvalidToken) as exc:
            raise DeliveryError(f"telegram refused: {redact(exc.message, token)}", permanent=True) from None
        except NetworkError as exc:  # includes TimedOut
            raise RetryLater(
                f"telegram unreachable: {redact(exc.message, token)}", retry_after=NETWORK_RETRY_S
            ) from None
        except TelegramError as exc:
            raise DeliveryError(f"telegram error: {redact(exc.message, token)}") from None

    async def _ensure_ready(self) -> None:
        if self._ready:
            return
        async with self._ready_lock:
            if not self._ready:
                await self._call(self.bot.initialize)
                self._ready = True


class _Rejected(DeliveryError):
    """A 400 from the Bot API; the sender decides whether to work around it."""

    def __init__(self, description: str) -> None:
        super().__init__(f"telegram rejected the message: {description}", permanent=True)
        lowered = description.lower()
        self.description = description
        self.formatting = "can't parse entities" in lowered or "can't find end of" in lowered
        self.not_modified = "message is not modified" in lowered
        self.thread_gone = "message thread not found" in lowered


class _Migrated(DeliveryError):
    """The group was upgraded to a supergroup with a new id."""

    def __init__(self, new_chat_id: int) -> None:
        super().__init__(f"telegram chat moved to {new_chat_id}", permanent=True)
        self.new_chat_id = new_chat_id


def _retry_after_seconds(exc: RetryAfter) -> float:
    with warnings.catch_warnings():  # PTB 22 warns that the int form is deprecated
        warnings.simplefilter("ignore")
        value = exc.retry_after
    if isinstance(value, timedelta):
        return value.total_seconds()
    return float(value)


def _chat_id(thread: ThreadRef) -> int | str:
    channel = thread.channel
    return int(channel) if channel.lstrip("-").isdigit() else channel


def _reply_parameters(target: _Target) -> ReplyParameters | None:
    if target.reply_to is None:
        return None
    return ReplyParameters(message_id=target.reply_to, allow_sending_without_reply=True)


def _mention(reply: Reply) -> str:
    """A text mention of the person to ping, in group chats (a private chat pings anyway)."""
    person = reply.mention
    if person is None or not person.id.isdigit() or not reply.thread.channel.startswith("-"):
        return ""
    name = html.escape(person.name or "you", quote=False)
    return f'<a href="tg://user?id={person.id}">{name}</a>'


def _caption(reply: Reply) -> str:
    title = reply.title or (reply.attachment.filename if reply.attachment else "")
    return html.escape(title[: formatting.CAPTION_LIMIT - 1], quote=False)


def _head(markdown: str) -> str:
    head: list[str] = []
    size = 0
    for block in formatting.blocks(markdown):
        rendered = formatting.render_block(block)
        length = formatting.visible_length(rendered)
        if size + length > DOCUMENT_HEAD:
            break
        head.append(rendered)
        size += length + 2
    return "\n\n".join(head)


def _filename(title: str) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", title).strip("-").lower()[:60]
    return f"{slug or 'report'}.md"
