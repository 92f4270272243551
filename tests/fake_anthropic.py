"""A fake Anthropic Messages API on 127.0.0.1 (port 0) for driving the real ``anthropic``
client: it records every request and answers from a script, or by a default rule."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

Rule = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass
class Scripted:
    status: int = 200
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    hang: bool = False


def message(
    content: list[dict[str, Any]], *, model: str = "claude-test", stop: str = "end_turn"
) -> dict[str, Any]:
    return {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 10},
    }


def text_message(text: str) -> dict[str, Any]:
    return message([{"type": "text", "text": text}])


def tool_message(name: str, data: dict[str, Any]) -> dict[str, Any]:
    return message([{"type": "tool_use", "id": "toolu_1", "name": name, "input": data}], stop="tool_use")


def overloaded() -> Scripted:
    return Scripted(
        529,
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
        {"retry-after-ms": "1"},
    )


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


class FakeAnthropic:
    def __init__(self, rule: Rule = default_rule, *, api_key: str | None = None) -> None:
        self.rule = rule
        self.api_key = api_key  # when set, any other key gets 401 as the real API does
        self.script: list[Scripted] = []
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._release = asyncio.Event()
        # while ``gate`` is set to an unset Event every request waits for it (a slow model);
        # ``held`` tells the test that one is waiting
        self.gate: asyncio.Event | None = None
        self.held = asyncio.Event()
        # tool name -> (arrived, release): a request forcing that tool is held until released
        self.holds: dict[str, tuple[asyncio.Event, asyncio.Event]] = {}
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/v1/messages", self._messages)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"

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
            await asyncio.wait(
                [asyncio.ensure_future(self.gate.wait()), asyncio.ensure_future(self._release.wait())],
                return_when=asyncio.FIRST_COMPLETED,
            )
        held = self.holds.get((body.get("tool_choice") or {}).get("name", ""))
        if held is not None:
            held[0].set()
            await held[1].wait()
        step = self.script.pop(0) if self.script else None
        if step is not None and step.hang:
            await self._release.wait()  # held until the test ends: the client must time out
            return web.json_response(text_message("too late"))
        if step is not None and step.body is not None:
            return web.json_response(step.body, status=step.status, headers=step.headers)
        return web.json_response(self.rule(body))
