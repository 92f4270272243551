"""A fake Slack Web API (and Socket Mode link) on 127.0.0.1, for driving the real
``slack_sdk`` / ``slack_bolt`` clients. Records every call; answers the methods Mallory
uses; returns 429 with ``Retry-After`` or Slack errors on demand; enforces the message
limits Slack enforces, so a formatting bug fails here instead of in production."""

from __future__ import annotations

import asyncio
import itertools
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

# Real Slack payload samples, copied into the repository (sources: tests/fixtures/platform/SOURCES.md)
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "platform" / "slack"

SECTION_TEXT_LIMIT = 3000
BLOCKS_PER_MESSAGE = 50
TEXT_LIMIT = 40_000


def is_report(message: dict[str, Any]) -> bool:
    """A report (or its apology) as the sender tags it: the investigation id in metadata
    (answers carry metadata of their own, their identity). A stored message, or the
    arguments of its ``chat.postMessage`` (where the metadata may be a JSON string)."""
    metadata = message.get("metadata") or {}
    if isinstance(metadata, str):
        metadata = json.loads(metadata)
    return isinstance(metadata, dict) and metadata.get("event_type") == "mallory_report"


def load_fixture(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name).read_text())


@dataclass
class Call:
    method: str
    args: dict[str, Any]
    token: str | None
    status: int = 200
    response: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Failure:
    status: int
    error: str
    retry_after: float | None
    times: int
    after: int = 0


class FakeSlack:
    """``base_url`` is what ``SLACK_API_URL`` should be set to."""

    def __init__(
        self,
        *,
        bot_token: str = "xoxb-fake-bot-token",
        app_token: str = "xapp-fake-app-token",
        team_id: str = "T111",
        bot_user_id: str = "UBOT",
        bot_id: str = "BBOT",
    ) -> None:
        self.bot_token = bot_token
        self.app_token = app_token
        self.team_id = team_id
        self.bot_user_id = bot_user_id
        self.bot_id = bot_id
        self.calls: list[Call] = []
        self.messages: dict[tuple[str, str], dict[str, Any]] = {}
        self.uploads: dict[str, bytes] = {}
        self.files: dict[str, dict[str, Any]] = {}
        self.threads: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.file_shares: list[tuple[str, dict[str, Any]]] = []  # (channel, share message)
        self.ephemerals: list[dict[str, Any]] = []  # chat.postEphemeral: seen by one user only
        self.socket_acks: list[dict[str, Any]] = []
        # users.info: the people the workspace knows, by id (tz as Slack gives it)
        self.users: dict[str, dict[str, Any]] = {}
        self._failures: dict[str, list[_Failure]] = {}
        # method -> (arrived, release): its calls are carried out, then the answer is held
        self.holds: dict[str, tuple[asyncio.Event, asyncio.Event]] = {}
        self._ts = itertools.count(1)
        self._changed = asyncio.Condition()
        self._sockets: list[web.WebSocketResponse] = []
        self._socket_connected = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "auth.test": self._auth_test,
            "chat.postMessage": self._post_message,
            "chat.postEphemeral": self._post_ephemeral,
            "chat.update": self._update,
            "chat.getPermalink": self._permalink,
            "files.getUploadURLExternal": self._upload_url,
            "files.completeUploadExternal": self._complete_upload,
            "assistant.threads.setStatus": self._ok,
            "assistant.threads.setSuggestedPrompts": self._ok,
            "assistant.threads.setTitle": self._ok,
            "conversations.replies": self._replies,
            "users.info": self._users_info,
            "apps.connections.open": self._connections_open,
        }

    # -- lifecycle -------------------------------------------------------------------

    async def start(self) -> str:
        app = web.Application()
        app.router.add_route("*", "/api/{method}", self._api)
        app.router.add_post("/upload/{file_id}", self._upload)
        app.router.add_get("/link", self._link)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self.base_url

    async def stop(self) -> None:
        for _, release in self.holds.values():
            release.set()
        for ws in self._sockets:
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/"

    # -- test controls ---------------------------------------------------------------

    def rate_limit(self, method: str, *, retry_after: float = 30, times: int = 1, after: int = 0) -> None:
        """After ``after`` more calls succeed, the next ``times`` calls of ``method`` get
        HTTP 429 with ``Retry-After``."""
        self._failures.setdefault(method, []).append(_Failure(429, "ratelimited", retry_after, times, after))

    def fail(self, method: str, error: str, *, times: int = 1, status: int = 200) -> None:
        """The next ``times`` calls of ``method`` answer ``{"ok": false, "error": error}``."""
        self._failures.setdefault(method, []).append(_Failure(status, error, None, times))

    def hold(self, method: str) -> tuple[asyncio.Event, asyncio.Event]:
        """Carry out the next calls of ``method`` (a post is stored) but hold the answer: the
        first event is set when one arrives, setting the second sends the answers. What a
        caller sees when it dies, or its connection drops, after Slack acted on a request."""
        self.holds[method] = (asyncio.Event(), asyncio.Event())
        return self.holds[method]

    def calls_to(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    def ok_calls(self, method: str) -> list[Call]:
        return [c for c in self.calls_to(method) if c.response.get("ok")]

    def posts_in(self, channel: str, thread_ts: str) -> list[dict[str, Any]]:
        """Messages the bot posted into a thread, in order."""
        return [
            m
            for (ch, _), m in sorted(self.messages.items(), key=lambda kv: kv[0][1])
            if ch == channel and m.get("thread_ts") == thread_ts
        ]

    def seed_thread(self, channel: str, thread_ts: str, messages: list[dict[str, Any]]) -> None:
        self.threads[(channel, thread_ts)] = messages

    # -- Socket Mode -------------------------------------------------------------------

    async def socket_connected(self, within: float = 5.0) -> None:
        await asyncio.wait_for(self._socket_connected.wait(), within)

    async def push_envelope(self, envelope: dict[str, Any], *, within: float = 5.0) -> dict[str, Any]:
        """Send one Socket Mode envelope and wait for the app's acknowledgement."""
        await self.socket_connected(within)
        envelope_id = envelope["envelope_id"]
        await self._sockets[-1].send_str(json.dumps(envelope))

        def acked() -> bool:
            return any(a.get("envelope_id") == envelope_id for a in self.socket_acks)

        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(acked), within)
        return next(a for a in self.socket_acks if a.get("envelope_id") == envelope_id)

    async def _link(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        self._sockets.append(ws)
        await ws.send_str(json.dumps({"type": "hello", "num_connections": 1}))
        self._socket_connected.set()
        async for msg in ws:
            if msg.type == WSMsgType.TEXT:
                async with self._changed:
                    self.socket_acks.append(json.loads(msg.data))
                    self._changed.notify_all()
        return ws

    # -- HTTP ----------------------------------------------------------------------------

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        args: dict[str, Any] = dict(request.query)
        if request.method == "POST" and request.can_read_body:
            if request.content_type == "application/json":
                args.update(await request.json())
            else:
                args.update(dict(await request.post()))
        auth = request.headers.get("Authorization", "")
        token = auth.removeprefix("Bearer ") if auth.startswith("Bearer ") else args.pop("token", None)
        call = Call(method=method, args=args, token=token)
        status, body, headers = self._answer(method, args, token)
        call.status, call.response = status, body
        async with self._changed:
            self.calls.append(call)
            self._changed.notify_all()
        held = self.holds.get(method)
        if held is not None:
            held[0].set()
            await held[1].wait()
        return web.json_response(body, status=status, headers=headers)

    def _answer(
        self, method: str, args: dict[str, Any], token: str | None
    ) -> tuple[int, dict[str, Any], dict[str, str]]:
        expected = self.app_token if method == "apps.connections.open" else self.bot_token
        if token != expected:
            return 200, {"ok": False, "error": "invalid_auth"}, {}
        queue = self._failures.get(method)
        if queue and queue[0].after > 0:
            queue[0].after -= 1
        elif queue:
            failure = queue[0]
            failure.times -= 1
            if failure.times <= 0:
                queue.pop(0)
            headers = (
                {"Retry-After": str(int(failure.retry_after))} if failure.retry_after is not None else {}
            )
            return failure.status, {"ok": False, "error": failure.error}, headers
        handler = self.handlers.get(method)
        if handler is None:
            return 200, {"ok": False, "error": "unknown_method"}, {}
        return 200, handler(args), {}

    async def _upload(self, request: web.Request) -> web.Response:
        file_id = request.match_info["file_id"]
        if file_id not in self.files:
            return web.Response(status=404, text="unknown upload")
        self.uploads[file_id] = await request.read()
        return web.Response(text=f"OK - {len(self.uploads[file_id])}")

    # -- methods ---------------------------------------------------------------------------

    def _next_ts(self) -> str:
        return f"1750000000.{next(self._ts):06d}"

    @staticmethod
    def _ok(args: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True}

    def _auth_test(self, args: dict[str, Any]) -> dict[str, Any]:
        return {
            "ok": True,
            "url": "https://fake.slack.test/",
            "team": "Fake Team",
            "user": "mallory",
            "team_id": self.team_id,
            "user_id": self.bot_user_id,
            "bot_id": self.bot_id,
            "is_enterprise_install": False,
        }

    @staticmethod
    def _blocks(args: dict[str, Any]) -> list[dict[str, Any]] | None:
        blocks = args.get("blocks")
        if isinstance(blocks, str):
            blocks = json.loads(blocks)
        return blocks

    def _check_message(self, args: dict[str, Any]) -> str | None:
        text = args.get("text") or ""
        blocks = self._blocks(args)
        if not text and not blocks:
            return "no_text"
        if len(text) > TEXT_LIMIT:
            return "msg_too_long"
        if blocks is not None:
            if len(blocks) > BLOCKS_PER_MESSAGE:
                return "invalid_blocks"
            for block in blocks:
                if block.get("type") == "section":
                    body = block.get("text", {}).get("text", "")
                    if not body or len(body) > SECTION_TEXT_LIMIT:
                        return "invalid_blocks"
                if block.get("type") == "actions":
                    ids = [e["action_id"] for e in block["elements"]]
                    if len(ids) != len(set(ids)) or any(
                        len(e["text"]["text"]) > 75 for e in block["elements"]
                    ):
                        return "invalid_blocks"
        return None

    def _post_message(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = args.get("channel")
        if not channel:
            return {"ok": False, "error": "channel_not_found"}
        if error := self._check_message(args):
            return {"ok": False, "error": error}
        ts = self._next_ts()
        message = {
            "type": "message",
            "user": self.bot_user_id,
            "bot_id": self.bot_id,
            "text": args.get("text", ""),
            "blocks": self._blocks(args),
            "ts": ts,
            "channel": channel,
        }
        if args.get("thread_ts"):
            message["thread_ts"] = args["thread_ts"]
        metadata = args.get("metadata")
        if isinstance(metadata, str):  # form-encoded calls send it as a JSON string
            metadata = json.loads(metadata)
        if metadata is not None:
            if not isinstance(metadata, dict) or not isinstance(metadata.get("event_type"), str):
                return {"ok": False, "error": "invalid_metadata_format"}
            message["metadata"] = {
                "event_type": metadata["event_type"],
                "event_payload": metadata.get("event_payload") or {},
            }
        self.messages[(channel, ts)] = message
        return {"ok": True, "channel": channel, "ts": ts, "message": message}

    def _post_ephemeral(self, args: dict[str, Any]) -> dict[str, Any]:
        """chat.postEphemeral as Slack documents it: ``channel`` and ``user`` required, text
        or blocks; the answer carries ``message_ts`` only (the message is not stored in the
        channel's history: nobody else sees it, and it is gone at the next reload)."""
        channel, user = args.get("channel"), args.get("user")
        if not channel:
            return {"ok": False, "error": "channel_not_found"}
        if not user:
            return {"ok": False, "error": "user_not_found"}
        if error := self._check_message(args):
            return {"ok": False, "error": error}
        ts = self._next_ts()
        self.ephemerals.append(
            {
                "channel": channel,
                "user": user,
                "text": args.get("text", ""),
                "thread_ts": args.get("thread_ts"),
                "ts": ts,
            }
        )
        return {"ok": True, "message_ts": ts}

    def _update(self, args: dict[str, Any]) -> dict[str, Any]:
        key = (args.get("channel", ""), args.get("ts", ""))
        if key not in self.messages:
            return {"ok": False, "error": "message_not_found"}
        if error := self._check_message(args):
            return {"ok": False, "error": error}
        message = self.messages[key]
        message["text"] = args.get("text", "")
        message["blocks"] = self._blocks(args)
        message.setdefault("edits", 0)
        message["edits"] += 1
        return {"ok": True, "channel": key[0], "ts": key[1], "text": message["text"]}

    def _permalink(self, args: dict[str, Any]) -> dict[str, Any]:
        channel, ts = args.get("channel", ""), args.get("message_ts", "")
        return {
            "ok": True,
            "channel": channel,
            "permalink": f"https://fake.slack.test/archives/{channel}/p{ts.replace('.', '')}",
        }

    def _upload_url(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("filename") or not str(args.get("length", "")).isdigit():
            return {"ok": False, "error": "invalid_arguments"}
        file_id = f"F{uuid.uuid4().hex[:10].upper()}"
        self.files[file_id] = {"id": file_id, "name": args["filename"], "length": int(args["length"])}
        return {
            "ok": True,
            "upload_url": f"http://127.0.0.1:{self.port}/upload/{file_id}",
            "file_id": file_id,
        }

    def _complete_upload(self, args: dict[str, Any]) -> dict[str, Any]:
        files = args.get("files")
        if isinstance(files, str):
            files = json.loads(files)
        done = []
        for f in files or []:
            info = self.files.get(f["id"])
            if info is None or f["id"] not in self.uploads:
                return {"ok": False, "error": "file_not_found"}
            info.update(
                title=f.get("title"),
                channel=args.get("channel_id"),
                thread_ts=args.get("thread_ts"),
                content=self.uploads[f["id"]].decode("utf-8", "replace"),
            )
            done.append({"id": info["id"], "title": info["title"], "name": info["name"]})
        if done and args.get("channel_id"):
            # the share appears in the channel (or thread) as a message carrying the files
            share = {
                "type": "message",
                "user": self.bot_user_id,
                "ts": self._next_ts(),
                "text": "",
                "files": done,
            }
            if args.get("thread_ts"):
                share["thread_ts"] = args["thread_ts"]
            self.file_shares.append((str(args["channel_id"]), share))
        return {"ok": True, "files": done}

    def _replies(self, args: dict[str, Any]) -> dict[str, Any]:
        """A thread: its seeded messages, what the bot posted in it and files shared in it,
        oldest first, paged by ``limit``/``cursor``; ``metadata`` only with
        ``include_all_metadata``, as in the real API."""
        channel, ts = args.get("channel", ""), args.get("ts", "")
        posted = [
            m for (ch, mts), m in self.messages.items() if ch == channel and ts in (m.get("thread_ts"), mts)
        ]
        shared = [m for ch, m in self.file_shares if ch == channel and m.get("thread_ts") == ts]
        if (channel, ts) not in self.threads and not posted:
            return {"ok": False, "error": "thread_not_found"}
        thread = sorted([*self.threads.get((channel, ts), []), *posted, *shared], key=lambda m: m["ts"])
        with_metadata = str(args.get("include_all_metadata", "")).lower() in ("1", "true")
        if not with_metadata:
            thread = [{k: v for k, v in m.items() if k != "metadata"} for m in thread]
        limit = int(args.get("limit") or 1000)
        start = int(args.get("cursor") or 0)
        page = thread[start : start + limit]
        more = start + limit < len(thread)
        return {
            "ok": True,
            "messages": page,
            "has_more": more,
            "response_metadata": {"next_cursor": str(start + limit) if more else ""},
        }

    def add_user(self, user_id: str, *, tz: str = "America/Los_Angeles", name: str = "") -> None:
        """A person ``users.info`` answers for (the fields a bot reads; Slack sends more)."""
        offset = {"America/Los_Angeles": -28800, "Europe/London": 0, "Europe/Berlin": 3600}.get(tz, 0)
        self.users[user_id] = {
            "id": user_id,
            "team_id": self.team_id,
            "name": name or user_id.lower(),
            "deleted": False,
            "real_name": name or user_id,
            "tz": tz,
            "tz_label": tz,
            "tz_offset": offset,
            "is_bot": False,
        }

    def _users_info(self, args: dict[str, Any]) -> dict[str, Any]:
        user = self.users.get(str(args.get("user", "")))
        if user is None:
            return {"ok": False, "error": "user_not_found"}
        return {"ok": True, "user": user}

    def _connections_open(self, args: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "url": f"ws://127.0.0.1:{self.port}/link"}
