"""A fake Anthropic Messages API on 127.0.0.1 (port 0) for driving the real ``anthropic``
client, written from the API's contract (the SDK's own types): requests are checked
(required fields, alternating turns), answers carry ``usage`` with the cache fields and a
real ``stop_reason``, errors come as ``{"type": "error", "error": {...}}`` with
``retry-after`` where the API sends it, and prompt caching happens only for a marked
prefix at or above the model's minimum cacheable length. Faults are scripted per request."""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

Rule = Callable[[dict[str, Any]], "dict[str, Any] | Scripted"]

STOP_REASONS = {"end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn", "refusal"}
# minimum cacheable prefix per model family (longest prefix wins), as documented
CACHE_MINIMUM = {
    "claude-haiku-4": 4096,
    "claude-opus-4": 1024,
    "claude-sonnet-4": 1024,
    "claude-opus-4-5": 4096,
}


def cache_minimum(model: str) -> int:
    best = max((k for k in CACHE_MINIMUM if model.startswith(k)), key=len, default=None)
    return CACHE_MINIMUM[best] if best is not None else 4096


def tokens(text: str) -> int:
    """The fake's tokenizer: one token per 4 characters, at least one."""
    return max(1, len(text) // 4)


@dataclass
class Scripted:
    status: int = 200
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    hang: bool = False
    raw: str | None = None  # sent as is, as application/json (a garbled body)


def message(
    content: list[dict[str, Any]],
    *,
    model: str = "",
    stop: str = "end_turn",
    usage: dict[str, Any] | None = None,
) -> dict[str, Any]:
    assert stop in STOP_REASONS, stop
    body: dict[str, Any] = {
        "id": f"msg_{uuid.uuid4().hex[:20]}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
    }
    if usage is not None:
        body["usage"] = usage
    return body


def text_message(text: str, *, stop: str = "end_turn") -> dict[str, Any]:
    return message([{"type": "text", "text": text}] if text else [], stop=stop)


def tool_message(name: str, data: Any, *, stop: str = "tool_use") -> dict[str, Any]:
    return message(
        [{"type": "tool_use", "id": f"toolu_{uuid.uuid4().hex[:20]}", "name": name, "input": data}], stop=stop
    )


def refusal(partial: str = "") -> Scripted:
    """The model declines; the API sends what it had written so far (maybe nothing)."""
    body = text_message(partial, stop="refusal")
    body["stop_details"] = {"type": "refusal", "category": None, "explanation": None}
    return Scripted(body=body)


def truncated(text: str) -> Scripted:
    """The answer ran into ``max_tokens`` mid-sentence."""
    return Scripted(body=text_message(text, stop="max_tokens"))


def empty() -> Scripted:
    return Scripted(body=message([], stop="end_turn"))


def error(status: int, kind: str, text: str, headers: dict[str, str] | None = None) -> Scripted:
    return Scripted(
        status,
        {
            "type": "error",
            "error": {"type": kind, "message": text},
            "request_id": f"req_{uuid.uuid4().hex[:16]}",
        },
        headers or {},
    )


def rate_limited(retry_after: float | None = None, *, ms: float | None = None) -> Scripted:
    headers = {}
    if retry_after is not None:
        headers["retry-after"] = f"{retry_after:g}"
    if ms is not None:
        headers["retry-after-ms"] = f"{ms:g}"
    return error(
        429, "rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit", headers
    )


def overloaded() -> Scripted:
    return error(529, "overloaded_error", "Overloaded", {"retry-after-ms": "1"})


def server_error() -> Scripted:
    return error(500, "api_error", "Internal server error")


def default_rule(request: dict[str, Any]) -> dict[str, Any]:
    choice = request.get("tool_choice") or {}
    if choice.get("name") == "route_message":
        return tool_message(
            "route_message", {"route": "quick", "question": "fake question", "reason": "fake"}
        )
    if choice.get("name") == "write_synthesis":
        return tool_message("write_synthesis", {"summary": "Synthesised.", "gaps": []})
    if choice.get("name") == "report_gaps":
        return tool_message("report_gaps", {"gaps": []})
    return text_message("fake reply")


def _problem(request: dict[str, Any]) -> str | None:
    """What the real API would reject with ``invalid_request_error``."""
    for name in ("model", "max_tokens", "messages"):
        if name not in request:
            return f"{name}: Field required"
    messages = request["messages"]
    if not messages or messages[0].get("role") != "user":
        return 'messages: first message must use the "user" role'
    for a, b in itertools.pairwise(messages):
        if a.get("role") == b.get("role"):
            return 'messages: roles must alternate between "user" and "assistant"'
    for m in messages:
        if isinstance(m.get("content"), str) and not m["content"].strip():
            return "messages: text content blocks must be non-empty"
    system = request.get("system")
    if isinstance(system, list) and any(not b.get("text") for b in system):
        return "system: text content blocks must be non-empty"
    choice = request.get("tool_choice") or {}
    if choice.get("type") == "tool" and choice.get("name") not in {
        t.get("name") for t in request.get("tools") or []
    }:
        return "tool_choice: tool not found"
    return None


class FakeAnthropic:
    def __init__(self, rule: Rule = default_rule, *, api_key: str | None = None) -> None:
        self.rule = rule
        self.api_key = api_key  # when set, any other key gets 401 as the real API does
        self.script: list[Scripted] = []
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.responses: list[dict[str, Any]] = []
        self._cache: set[str] = set()
        self._release = asyncio.Event()
        # while ``gate`` is set to an unset Event every request waits for it (a slow model);
        # ``held`` tells the test that one is waiting
        self.gate: asyncio.Event | None = None
        self.held = asyncio.Event()
        self.waiting: list[dict[str, Any]] = []  # the requests waiting at the gate now
        self._arrived = asyncio.Condition()
        # tool name -> (arrived, release): a request forcing that tool is held until released
        self.holds: dict[str, tuple[asyncio.Event, asyncio.Event]] = {}
        self._runner: web.AppRunner | None = None
        self._down: asyncio.Server | None = None
        self.dropped = 0  # connections closed unanswered while down
        self.port = 0
        self.url = ""

    async def start(self, port: int = 0) -> None:
        app = web.Application()
        app.router.add_post("/v1/messages", self._messages)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{self.port}"

    async def go_down(self) -> None:
        """The API dies: the port still accepts connections but closes each at once, with
        no answer (what a client sees of a crashed upstream behind a proxy);
        ``dropped`` counts them."""
        if self._runner is not None:
            await self._runner.cleanup()
        if self._down is not None:
            self._down.close()
            await self._down.wait_closed()
            self._runner = None

        async def drop(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            self.dropped += 1
            writer.close()

        self._down = await asyncio.start_server(drop, "127.0.0.1", self.port)

    async def come_back(self) -> None:
        if self._down is not None:
            self._down.close()
            await self._down.wait_closed()
            self._down = None
        await self.start(self.port)

    async def until_waiting(self, enough: Callable[[list[dict[str, Any]]], bool]) -> None:
        """Return once the requests waiting at the gate together are ``enough``."""
        async with self._arrived:
            await self._arrived.wait_for(lambda: enough(self.waiting))

    def hold(self, tool: str) -> tuple[asyncio.Event, asyncio.Event]:
        """Hold the next requests that force ``tool`` (a slow model call): the first event
        is set when one arrives, setting the second answers them."""
        self.holds[tool] = (asyncio.Event(), asyncio.Event())
        return self.holds[tool]

    async def stop(self) -> None:
        self._release.set()
        for _, release in self.holds.values():
            release.set()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._down is not None:
            self._down.close()
            await self._down.wait_closed()

    def _usage(self, request: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        """Input tokens for the whole prompt; a marked prefix (tools, then system blocks up to
        the last ``cache_control``) long enough for the model is written once, then read."""
        model = str(request.get("model", ""))
        tools = json.dumps(request.get("tools") or [])
        system = request.get("system") or []
        blocks = [{"type": "text", "text": system}] if isinstance(system, str) else list(system)
        marked = max((i for i, b in enumerate(blocks) if b.get("cache_control")), default=-1)
        prefix = tools + "".join(b.get("text", "") for b in blocks[: marked + 1])
        whole = tools + "".join(b.get("text", "") for b in blocks) + json.dumps(request.get("messages"))
        write = read = 0
        if marked >= 0 and tokens(prefix) >= cache_minimum(model):
            key = hashlib.sha256((model + prefix).encode()).hexdigest()
            if key in self._cache:
                read = tokens(prefix)
            else:
                write = tokens(prefix)
                self._cache.add(key)
        output = tokens(json.dumps(body.get("content")))
        return {
            "input_tokens": max(1, tokens(whole) - write - read),
            "output_tokens": output,
            "cache_creation_input_tokens": write,
            "cache_read_input_tokens": read,
            "cache_creation": {"ephemeral_5m_input_tokens": write, "ephemeral_1h_input_tokens": 0},
            "service_tier": "standard",
        }

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        body = json.loads(await request.read())
        self.requests.append(body)
        self.headers.append({k.lower(): v for k, v in request.headers.items()})
        given = request.headers.get("x-api-key") or request.headers.get("authorization", "").removeprefix(
            "Bearer "
        )
        if self.api_key is not None and given != self.api_key:
            error = {"type": "authentication_error", "message": "invalid x-api-key"}
            return web.json_response({"type": "error", "error": error}, status=401)
        if self.gate is not None and not self.gate.is_set():
            self.held.set()
            async with self._arrived:
                self.waiting.append(body)
                self._arrived.notify_all()
            try:
                await asyncio.wait(
                    [asyncio.ensure_future(self.gate.wait()), asyncio.ensure_future(self._release.wait())],
                    return_when=asyncio.FIRST_COMPLETED,
                )
            finally:
                self.waiting.remove(body)
        held = self.holds.get((body.get("tool_choice") or {}).get("name", ""))
        if held is not None:
            held[0].set()
            await held[1].wait()
        step = self.script.pop(0) if self.script else None
        if step is None:
            ruled = self.rule(body)
            step = ruled if isinstance(ruled, Scripted) else Scripted(body=ruled)
        if step.hang:
            await self._release.wait()  # held until the test ends: the client must give up
            return web.json_response(text_message("too late"))
        if step.raw is not None:
            return web.Response(text=step.raw, content_type="application/json")
        problem = _problem(body)
        if problem is not None:
            err = error(400, "invalid_request_error", problem)
            return web.json_response(err.body, status=400)
        if step.status != 200:
            return web.json_response(step.body, status=step.status, headers=step.headers)
        answer = dict(step.body or text_message("fake reply"))
        answer["model"] = answer.get("model") or body["model"]
        answer.setdefault("usage", self._usage(body, answer))
        self.responses.append(answer)
        headers = {"request-id": f"req_{uuid.uuid4().hex[:16]}", **step.headers}
        return web.json_response(answer, headers=headers)


def job_of(request: dict[str, Any], *, deep_model: str) -> str:
    """Which of Mallory's jobs a request is (for rules that answer per job)."""
    name = (request.get("tool_choice") or {}).get("name")
    if name in {"route_message", "write_synthesis", "report_gaps"}:
        return {"route_message": "classify", "write_synthesis": "synthesis", "report_gaps": "gaps"}[name]
    if any(t.get("type", "").startswith("web_search") for t in request.get("tools") or []):
        return "web"
    system = request.get("system") or []
    first = system[0].get("text", "") if isinstance(system, list) and system else str(system)
    if first.startswith("You rewrite"):
        return "rewrite"
    return "quick" if request.get("model") == deep_model else "chat"


def per_job(deep_model: str, **answers: Any) -> Rule:
    """A rule answering each job from ``answers`` (a body, a ``Scripted`` fault, or a
    function of the request), and any other job as ``default_rule`` would."""

    def rule(request: dict[str, Any]) -> dict[str, Any] | Scripted:
        answer = answers.get(job_of(request, deep_model=deep_model))
        if answer is None:
            return default_rule(request)
        return answer(request) if callable(answer) else answer

    return rule
