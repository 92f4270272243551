"""A fake Telegram Bot API server on 127.0.0.1 for driving the real python-telegram-bot
``Bot`` / ``Application`` through ``base_url``.

It records every call, feeds queued updates to ``getUpdates`` (long polling included),
delivers updates to a webhook the way Telegram does, and enforces what Telegram enforces
for the methods Mallory uses: known chats and topics, replied-to messages, the 4096
character limit after entity parsing, Telegram's HTML subset, 64-byte callback data,
answering each callback query once. On demand it answers 429 with ``retry_after`` or
400 "can't parse entities".

It does not filter updates by ``allowed_updates`` (it records them), so the adapter's own
guards against edited messages and channel posts are exercised.
"""

from __future__ import annotations

import asyncio
import html
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

# Real Telegram payload samples, copied into the repository (sources: tests/fixtures/platform/SOURCES.md)
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "platform" / "telegram"

TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024
CALLBACK_DATA_LIMIT = 64
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
_JSON_FIELDS = {
    "reply_markup",
    "reply_parameters",
    "entities",
    "caption_entities",
    "commands",
    "allowed_updates",
    "scope",
    "link_preview_options",
}
_INT_FIELDS = {"chat_id", "message_id", "message_thread_id", "offset", "limit", "timeout"}
_ALLOWED_TAGS = {
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "span",
    "tg-spoiler",
    "a",
    "code",
    "pre",
    "blockquote",
    "tg-emoji",
}
_TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)((?:\s+[\w-]+(?:=(?:\"[^\"]*\"|'[^']*'|[^\s>\"']+))?)*)\s*(/?)>")
_ATTR = re.compile(r"([\w-]+)(?:=(?:\"([^\"]*)\"|'([^']*)'|([^\s>\"']+)))?")
_ENTITY = re.compile(r"&(#\d+|#x[0-9a-fA-F]+|lt|gt|amp|quot);")


def load_fixture(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name).read_text())


def fixture_names() -> list[str]:
    return sorted(p.name for p in FIXTURES.glob("*.json"))


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class ParseError(ValueError):
    pass


def parse_html(text: str) -> str:
    """Telegram's HTML parse mode, strictly: the visible text, or ``ParseError`` with a
    message in Telegram's words."""
    visible: list[str] = []
    stack: list[str] = []
    position = 0
    while position < len(text):
        char = text[position]
        if char == "<":
            match = _TAG.match(text, position)
            if match is None:
                raise ParseError(f'Unsupported start tag "" at byte offset {position}')
            closing, name, attrs, _ = match.groups()
            name = name.lower()
            if closing:
                if not stack:
                    raise ParseError(f"Unexpected end tag at byte offset {position}")
                expected = stack.pop()
                if expected != name:
                    raise ParseError(
                        f'Unmatched end tag at byte offset {position}, expected "</{expected}>", '
                        f'found "</{name}>"'
                    )
            else:
                if name not in _ALLOWED_TAGS:
                    raise ParseError(f'Unsupported start tag "{name}" at byte offset {position}')
                attributes = {
                    m.group(1): m.group(2) or m.group(3) or m.group(4) or "" for m in _ATTR.finditer(attrs)
                }
                if name == "a" and not attributes.get("href"):
                    raise ParseError(f"Can't find href in a tag at byte offset {position}")
                if name == "span" and attributes.get("class") != "tg-spoiler":
                    raise ParseError(f'Tag "span" must have class "tg-spoiler" at byte offset {position}')
                stack.append(name)
            position = match.end()
        elif char == "&":
            match = _ENTITY.match(text, position)
            if match is None:
                # Telegram passes a lone ampersand through; an unknown named entity it refuses.
                named = re.match(r"&[a-zA-Z]+;", text[position:])
                if named:
                    raise ParseError(f"Unsupported HTML entity at byte offset {position}")
                visible.append("&")
                position += 1
                continue
            visible.append(html.unescape(match.group(0)))
            position = match.end()
        elif char == ">":
            visible.append(">")
            position += 1
        else:
            visible.append(char)
            position += 1
    if stack:
        raise ParseError(f'Can\'t find end tag corresponding to start tag "{stack[-1]}"')
    return "".join(visible)


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    status: int = 200
    response: Any = None


@dataclass
class _Failure:
    kind: str
    times: int
    retry_after: int = 0
    after: int = 0


class FakeTelegram:
    """``api_url`` is what ``TELEGRAM_API_URL`` should be set to."""

    def __init__(
        self,
        *,
        token: str = "123456789:AAH-fake-telegram-token-for-tests",
        username: str = "MalloryTestBot",
        now: Callable[[], int] | None = None,
    ) -> None:
        self.token = token
        self.bot_id = int(token.split(":", 1)[0])
        self.username = username
        self.now = now or (lambda: 1_780_300_000)
        self.calls: list[Call] = []
        self.chats: dict[int, dict[str, Any]] = {}
        self.topics: set[tuple[int, int]] = set()
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.callback_queries: dict[str, bool] = {}  # id → answered
        self.commands: list[dict[str, Any]] = []
        self.webhook: dict[str, Any] = {}
        self.last_allowed_updates: list[str] | None = None
        self._pending: list[dict[str, Any]] = []
        self._failures: dict[str, list[_Failure]] = {}
        self._last_update_id = 500_000
        self._query_ids = itertools.count(1)
        self._changed = asyncio.Condition()
        self._closing = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle ------------------------------------------------------------------------

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def bot_user(self) -> dict[str, Any]:
        return {"id": self.bot_id, "is_bot": True, "first_name": "Mallory", "username": self.username}

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{bot_path}/{method}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        self._closing.set()
        async with self._changed:
            self._changed.notify_all()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- test controls --------------------------------------------------------------------

    def fail(self, method: str, kind: str, *, times: int = 1, retry_after: int = 7, after: int = 0) -> None:
        """Make the next ``times`` calls of ``method`` fail: ``retry_after`` (429),
        ``parse_entities`` (400, only for calls with a parse mode), ``forbidden`` (403) or
        ``server`` (500). ``after`` lets that many calls succeed first."""
        self._failures.setdefault(method, []).append(_Failure(kind, times, retry_after, after))

    def add_chat(self, chat: dict[str, Any]) -> dict[str, Any]:
        self.chats[chat["id"]] = chat
        return chat

    def private_chat(self, user: dict[str, Any]) -> dict[str, Any]:
        return self.add_chat({"id": user["id"], "type": "private", "first_name": user.get("first_name", "")})

    def group(
        self, chat_id: int = -1001234567890, *, forum: bool = False, title: str = "Team", basic: bool = False
    ) -> dict[str, Any]:
        """A supergroup, or with ``basic`` a basic group (no reply-chain ``message_thread_id``)."""
        chat: dict[str, Any] = {"id": chat_id, "type": "group" if basic else "supergroup", "title": title}
        if forum:
            chat["is_forum"] = True
        return self.add_chat(chat)

    def open_topic(self, chat: dict[str, Any], user: dict[str, Any], name: str = "Storage") -> int:
        """Create a forum topic the way Telegram does (a service message whose id is the
        topic's ``message_thread_id``); returns that id."""
        message_id = self._next_message_id(chat["id"])
        message = {
            "message_id": message_id,
            "from": user,
            "chat": chat,
            "date": self.now(),
            "message_thread_id": message_id,
            "forum_topic_created": {"name": name, "icon_color": 7322096},
            "is_topic_message": True,
        }
        self.messages[(chat["id"], message_id)] = message
        self.topics.add((chat["id"], message_id))
        return message_id

    def text_message(
        self,
        chat: dict[str, Any],
        user: dict[str, Any],
        text: str,
        *,
        topic: int | None = None,
        reply_to: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A user's message as Telegram would deliver it: ``@mentions`` and a leading
        ``/command`` get their entities (UTF-16 offsets); topic messages carry the topic
        and, when not an explicit reply, the topic-creation message as ``reply_to_message``."""
        message_id = self._next_message_id(chat["id"])
        message: dict[str, Any] = {
            "message_id": message_id,
            "from": user,
            "chat": chat,
            "date": self.now(),
            "text": text,
        }
        entities = []
        for match in re.finditer(r"(?<![\w@])@\w+", text):
            entities.append(
                {
                    "type": "mention",
                    "offset": utf16_len(text[: match.start()]),
                    "length": utf16_len(match.group()),
                }
            )
        command = re.match(r"/\w+(@\w+)?", text)
        if command:
            entities.insert(0, {"type": "bot_command", "offset": 0, "length": utf16_len(command.group())})
            entities = [
                e for e in entities if e["type"] == "bot_command" or e["offset"] >= utf16_len(command.group())
            ]
        if entities:
            message["entities"] = entities
        if topic is not None:
            message["message_thread_id"] = topic
            message["is_topic_message"] = True
            message["reply_to_message"] = _shallow(reply_to or self.messages[(chat["id"], topic)])
        elif reply_to is not None:
            message["reply_to_message"] = _shallow(reply_to)
            if chat["type"] == "supergroup":
                root = reply_to.get("message_thread_id", reply_to["message_id"])
                message["message_thread_id"] = root
        self.messages[(chat["id"], message_id)] = message
        return message

    def push(self, update: dict[str, Any]) -> dict[str, Any]:
        """Queue an update for ``getUpdates`` (an ``update_id`` is added when missing)."""
        update = dict(update)
        update.setdefault("update_id", self._next_update_id())
        self._last_update_id = max(self._last_update_id, update["update_id"])
        self._learn(update)
        self._pending.append(update)
        self._notify()
        return update

    def message_update(self, message: dict[str, Any]) -> dict[str, Any]:
        return {"update_id": self._next_update_id(), "message": message}

    def callback_update(self, user: dict[str, Any], message: dict[str, Any], data: str) -> dict[str, Any]:
        query_id = f"cbq-{next(self._query_ids)}"
        self.callback_queries[query_id] = False
        return {
            "update_id": self._next_update_id(),
            "callback_query": {
                "id": query_id,
                "from": user,
                "message": _shallow(message),
                "chat_instance": "-42",
                "data": data,
            },
        }

    async def deliver(self, url: str, update: dict[str, Any], *, secret: str | None = "configured") -> int:
        """POST an update to a webhook like Telegram; ``secret="configured"`` sends the
        secret token registered with ``setWebhook``, ``None`` sends no header."""
        self._learn(update)
        headers = {"Content-Type": "application/json"}
        token = self.webhook.get("secret_token") if secret == "configured" else secret
        if token is not None:
            headers[SECRET_HEADER] = token
        async with (
            aiohttp.ClientSession() as session,
            session.post(url, data=json.dumps(update), headers=headers) as response,
        ):
            return response.status

    # -- queries for assertions -----------------------------------------------------------

    def calls_to(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    def sent(self, chat_id: int | None = None) -> list[dict[str, Any]]:
        """Messages the bot posted (text and documents), oldest first."""
        return [
            m
            for (chat, _), m in sorted(self.messages.items(), key=lambda kv: kv[1]["message_id"])
            if m.get("from", {}).get("id") == self.bot_id and (chat_id is None or chat == chat_id)
        ]

    async def wait_for(self, predicate: Callable[[FakeTelegram], bool], *, within: float = 5.0) -> None:
        """Wait (bounded) until ``predicate(self)`` holds; re-checked after every call."""
        async with asyncio.timeout(within), self._changed:
            await self._changed.wait_for(lambda: predicate(self))

    # -- HTTP -----------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        if request.match_info["bot_path"] != f"bot{self.token}":
            return _error(401, "Unauthorized")
        params, files = await _read_params(request)
        call = Call(method, params, files)
        self.calls.append(call)
        if method.lower() == "getupdates" and params.get("allowed_updates") is not None:
            self.last_allowed_updates = list(params["allowed_updates"])
        self._notify()
        handler = getattr(self, f"_m_{method.lower()}", None)
        if handler is None:
            status, body = 404, {"ok": False, "error_code": 404, "description": "Not Found"}
        elif (failure := self._take_failure(method, params)) is not None:
            status, body = failure
        else:
            try:
                result = (
                    await handler(params, files) if method.lower() == "getupdates" else handler(params, files)
                )
                status, body = 200, {"ok": True, "result": result}
            except _ApiError as exc:
                status = exc.status
                body = {"ok": False, "error_code": exc.status, "description": exc.description}
        call.status, call.response = status, body
        self._notify()
        return web.json_response(body, status=status)

    def _take_failure(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
        for failure in self._failures.get(method, []):
            if failure.times <= 0:
                continue
            if failure.kind == "parse_entities" and not params.get("parse_mode"):
                continue
            if failure.after > 0:
                failure.after -= 1
                return None
            failure.times -= 1
            if failure.kind == "retry_after":
                return 429, {
                    "ok": False,
                    "error_code": 429,
                    "description": f"Too Many Requests: retry after {failure.retry_after}",
                    "parameters": {"retry_after": failure.retry_after},
                }
            if failure.kind == "parse_entities":
                return 400, {
                    "ok": False,
                    "error_code": 400,
                    "description": "Bad Request: can't parse entities: "
                    "Can't find end of the entity starting at byte offset 3",
                }
            if failure.kind == "forbidden":
                return 403, {
                    "ok": False,
                    "error_code": 403,
                    "description": "Forbidden: bot was kicked from the supergroup chat",
                }
            return 500, {"ok": False, "error_code": 500, "description": "Internal Server Error"}
        return None

    def _notify(self) -> None:
        async def notify() -> None:
            async with self._changed:
                self._changed.notify_all()

        asyncio.get_running_loop().create_task(notify())

    # -- methods --------------------------------------------------------------------------

    def _m_getme(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        return {
            **self.bot_user,
            "can_join_groups": True,
            "can_read_all_group_messages": False,  # privacy mode on, as by default
            "supports_inline_queries": False,
        }

    async def _m_getupdates(self, params: dict[str, Any], files: Any) -> list[dict[str, Any]]:
        if self.webhook.get("url"):
            raise _ApiError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )
        offset = int(params.get("offset") or 0)
        limit = int(params.get("limit") or 100)
        timeout = float(params.get("timeout") or 0)
        if offset:
            self._pending = [u for u in self._pending if u["update_id"] >= offset]
        if not self._pending and timeout > 0 and not self._closing.is_set():
            try:
                async with asyncio.timeout(timeout), self._changed:
                    await self._changed.wait_for(lambda: bool(self._pending) or self._closing.is_set())
            except TimeoutError:
                pass
        return self._pending[:limit]

    def _m_deletewebhook(self, params: dict[str, Any], files: Any) -> bool:
        self.webhook = {}
        if params.get("drop_pending_updates") in (True, "true", "True"):
            self._pending.clear()
        return True

    def _m_setwebhook(self, params: dict[str, Any], files: Any) -> bool:
        url = params.get("url") or ""
        secret = params.get("secret_token")
        if secret is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", str(secret)):
            raise _ApiError(400, "Bad Request: secret token contains unallowed characters")
        if url and not url.startswith("https://"):
            raise _ApiError(400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook")
        self.webhook = {"url": url, "secret_token": secret, "allowed_updates": params.get("allowed_updates")}
        return True

    def _m_getwebhookinfo(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        return {
            "url": self.webhook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": 0,
        }

    def _m_setmycommands(self, params: dict[str, Any], files: Any) -> bool:
        commands = params.get("commands") or []
        for command in commands:
            if not re.fullmatch(r"[a-z0-9_]{1,32}", command.get("command", "")):
                raise _ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
            if not 1 <= len(command.get("description", "")) <= 256:
                raise _ApiError(400, "Bad Request: command description is invalid")
        self.commands = commands
        return True

    def _m_getmycommands(self, params: dict[str, Any], files: Any) -> list[dict[str, Any]]:
        return self.commands

    def _m_sendchataction(self, params: dict[str, Any], files: Any) -> bool:
        chat = self._chat(params)
        self._topic(chat, params)
        return True

    def _m_answercallbackquery(self, params: dict[str, Any], files: Any) -> bool:
        query_id = params.get("callback_query_id")
        if self.callback_queries.get(query_id, True):
            raise _ApiError(
                400, "Bad Request: query is too old and response timeout expired or query ID is invalid"
            )
        self.callback_queries[query_id] = True
        return True

    def _m_sendmessage(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        chat = self._chat(params)
        topic = self._topic(chat, params)
        text = self._visible(params.get("text"), params.get("parse_mode"), TEXT_LIMIT, "message")
        parent = self._replied(chat, params)
        message = self._bot_message(chat, topic, parent, params)
        message["text"] = text
        message["_raw"] = params.get("text")
        message["_parse_mode"] = params.get("parse_mode")
        return _public(message)

    def _m_senddocument(self, params: dict[str, Any], files: dict[str, tuple[str, bytes]]) -> dict[str, Any]:
        chat = self._chat(params)
        topic = self._topic(chat, params)
        if "document" not in files:
            raise _ApiError(400, "Bad Request: there is no document in the request")
        caption = params.get("caption")
        parent = self._replied(chat, params)
        message = self._bot_message(chat, topic, parent, params)
        filename, content = files["document"]
        message["document"] = {
            "file_id": f"doc-{message['message_id']}",
            "file_unique_id": f"u{message['message_id']}",
            "file_name": filename,
            "mime_type": "text/markdown",
            "file_size": len(content),
        }
        message["_content"] = content
        if caption:
            message["caption"] = self._visible(caption, params.get("parse_mode"), CAPTION_LIMIT, "caption")
        return _public(message)

    def _m_editmessagetext(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        chat = self._chat(params)
        key = (chat["id"], int(params.get("message_id") or 0))
        message = self.messages.get(key)
        if message is None:
            raise _ApiError(400, "Bad Request: message to edit not found")
        if message.get("from", {}).get("id") != self.bot_id:
            raise _ApiError(400, "Bad Request: message can't be edited")
        text = self._visible(params.get("text"), params.get("parse_mode"), TEXT_LIMIT, "message")
        markup = self._keyboard(params)
        if text == message.get("text") and markup == message.get("reply_markup"):
            raise _ApiError(
                400,
                "Bad Request: message is not modified: specified new message content and reply markup "
                "are exactly the same as a current content and reply markup of the message",
            )
        message.setdefault("_history", []).append(message.get("text"))
        message["text"] = text
        message["_raw"] = params.get("text")
        message["edit_date"] = self.now()
        if markup is None:
            message.pop("reply_markup", None)
        else:
            message["reply_markup"] = markup
        return _public(message)

    # -- helpers --------------------------------------------------------------------------

    def _chat(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self.chats.get(params.get("chat_id"))  # type: ignore[arg-type]
        if chat is None:
            raise _ApiError(400, "Bad Request: chat not found")
        return chat

    def _topic(self, chat: dict[str, Any], params: dict[str, Any]) -> int | None:
        topic = params.get("message_thread_id")
        if topic is None:
            return None
        if (chat["id"], topic) not in self.topics:
            raise _ApiError(400, "Bad Request: message thread not found")
        return int(topic)

    def _replied(self, chat: dict[str, Any], params: dict[str, Any]) -> dict[str, Any] | None:
        reply = params.get("reply_parameters")
        if not reply:
            return None
        parent = self.messages.get((chat["id"], int(reply["message_id"])))
        if parent is None and not reply.get("allow_sending_without_reply"):
            raise _ApiError(400, "Bad Request: message to be replied not found")
        return parent

    def _visible(self, text: Any, parse_mode: Any, limit: int, what: str) -> str:
        if text is None or str(text).strip() == "":
            raise _ApiError(400, f"Bad Request: {what} text is empty")
        visible = str(text)
        if parse_mode == "HTML":
            try:
                visible = parse_html(visible)
            except ParseError as exc:
                raise _ApiError(400, f"Bad Request: can't parse entities: {exc}") from None
        elif parse_mode:
            raise _ApiError(400, f"Bad Request: unsupported parse_mode {parse_mode}")
        if not visible.strip():
            raise _ApiError(400, f"Bad Request: {what} text is empty")
        if utf16_len(visible) > limit:
            raise _ApiError(400, f"Bad Request: {what} is too long")
        return visible

    def _keyboard(self, params: dict[str, Any]) -> dict[str, Any] | None:
        markup = params.get("reply_markup")
        if not markup:
            return None
        for row in markup.get("inline_keyboard", []):
            for button in row:
                data = button.get("callback_data")
                if data is not None and not 1 <= len(data.encode("utf-8")) <= CALLBACK_DATA_LIMIT:
                    raise _ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
        return markup

    def _bot_message(
        self, chat: dict[str, Any], topic: int | None, parent: dict[str, Any] | None, params: dict[str, Any]
    ) -> dict[str, Any]:
        markup = self._keyboard(params)
        message_id = self._next_message_id(chat["id"])
        message: dict[str, Any] = {
            "message_id": message_id,
            "from": self.bot_user,
            "chat": chat,
            "date": self.now(),
        }
        if topic is not None:
            message["message_thread_id"] = topic
            message["is_topic_message"] = True
        if parent is not None:
            message["reply_to_message"] = _shallow(parent)
        if markup is not None:
            message["reply_markup"] = markup
        self.messages[(chat["id"], message_id)] = message
        return message

    def _next_update_id(self) -> int:
        """Update ids only grow, as on Telegram (``getUpdates`` offsets rely on it)."""
        self._last_update_id += 1
        return self._last_update_id

    def _next_message_id(self, chat_id: int) -> int:
        known = [mid for (cid, mid) in self.messages if cid == chat_id]
        return max(known, default=100) + 1

    def _learn(self, update: dict[str, Any]) -> None:
        """Remember chats, topics, messages and callback queries that arrive in updates, as
        Telegram knows them."""
        query = update.get("callback_query")
        if isinstance(query, dict) and isinstance(query.get("id"), str):
            self.callback_queries.setdefault(query["id"], False)
            message = query.get("message")
            if isinstance(message, dict) and isinstance(message.get("chat"), dict):
                self.chats.setdefault(message["chat"]["id"], message["chat"])
        for key in ("message", "edited_message", "channel_post", "edited_channel_post"):
            message = update.get(key)
            if isinstance(message, dict) and isinstance(message.get("chat"), dict):
                chat = message["chat"]
                self.chats.setdefault(chat["id"], chat)
                if isinstance(message.get("message_id"), int):
                    self.messages.setdefault((chat["id"], message["message_id"]), message)
                if message.get("is_topic_message") and message.get("message_thread_id"):
                    self.topics.add((chat["id"], message["message_thread_id"]))


class _ApiError(Exception):
    def __init__(self, status: int, description: str) -> None:
        super().__init__(description)
        self.status = status
        self.description = description


def _error(status: int, description: str) -> web.Response:
    return web.json_response({"ok": False, "error_code": status, "description": description}, status=status)


def _shallow(message: dict[str, Any]) -> dict[str, Any]:
    """A message as it appears nested in another (no nested reply, no private keys)."""
    return {k: v for k, v in message.items() if k != "reply_to_message" and not k.startswith("_")}


def _public(message: dict[str, Any]) -> dict[str, Any]:
    result = {k: v for k, v in message.items() if not k.startswith("_")}
    if "reply_to_message" in result:
        result["reply_to_message"] = _shallow(result["reply_to_message"])
    return result


async def _read_params(request: web.Request) -> tuple[dict[str, Any], dict[str, tuple[str, bytes]]]:
    """Bot API parameters arrive as query string, JSON, form or multipart; nested objects
    are JSON-encoded strings in forms (that is what PTB sends)."""
    raw: dict[str, Any] = dict(request.query)
    files: dict[str, tuple[str, bytes]] = {}
    content_type = request.content_type
    if content_type == "application/json":
        body = await request.json()
        raw.update(body if isinstance(body, dict) else {})
    elif content_type == "multipart/form-data":
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, aiohttp.BodyPartReader) or part.name is None:
                continue
            if part.filename is not None:
                files[part.name] = (part.filename, bytes(await part.read()))
            else:
                raw[part.name] = await part.text()
    elif request.can_read_body:
        raw.update(await request.post())
    params: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, str) and key in _JSON_FIELDS:
            value = json.loads(value)
        elif isinstance(value, str) and key in _INT_FIELDS and re.fullmatch(r"-?\d+", value):
            value = int(value)
        params[key] = value
    # Files may also be referenced as attach://name
    for key, value in list(params.items()):
        if isinstance(value, str) and value.startswith("attach://") and value[9:] in files:
            files[key] = files.pop(value[9:])
    return params, files
