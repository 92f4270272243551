"""A dead model API, through the real ``anthropic`` client against the fake Messages API:
after a few connection failures in a row every message goes straight to the offline answer
(no retry budget spent), the log says so once, a probe now and then finds it back; the
doctor names the URL it could not reach."""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fake_anthropic import FakeAnthropic, text_message, tool_message
from mallory_process import run_mallory

from adapters.console import ConsoleSender
from bot.clock import FakeClock
from bot.config import Settings, load_settings
from bot.events import Inbound, Person, ThreadRef
from bot.llm.anthropic import AnthropicProvider
from bot.runtime import Runtime
from storage.knowledge import EntryDraft

KEY = "sk-ant-test-0123456789abcdef"
MESSAGES = ["hi", "what is Beacon?", "how does Beacon store photos?", "thanks", "what is Beacon for?"]


def _answers(request: dict[str, Any]) -> dict[str, Any]:
    if (request.get("tool_choice") or {}).get("name") == "route_message":
        return tool_message("route_message", {"route": "none", "reason": "small talk"})
    return text_message("The model says hello.")


@pytest.fixture
async def fake() -> AsyncIterator[FakeAnthropic]:
    server = FakeAnthropic(_answers)
    await server.start()
    yield server
    await server.stop()


class Sleeps:
    def __init__(self) -> None:
        self.calls: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


def _settings(tmp_path: Path, fake: FakeAnthropic) -> Settings:
    return load_settings(
        data_dir=tmp_path / "data",
        embedder="none",
        anthropic_api_key=KEY,
        anthropic_base_url=fake.url,
        router_sure=1.0,  # every message asks the model to classify it too
    )


def _runtime(settings: Settings, clock: FakeClock, sleeps: Sleeps) -> Any:
    provider = AnthropicProvider(
        api_key=KEY,
        base_url=settings.anthropic_base_url,
        fast_model=settings.fast_model,
        deep_model=settings.deep_model,
        budgets=settings.budgets,
        max_retries=settings.llm_max_retries,
        sleep=sleeps,
        clock=clock,
    )
    return Runtime.open(settings, clock=clock, llm=provider)


async def _ask(rt: Runtime, text: str, n: int) -> str:
    out = io.StringIO()
    inbound = Inbound(
        ThreadRef("console", "global", "c", "t"),
        f"u{n}",
        Person("u", "Ana"),
        text,
        datetime(2026, 6, 1, tzinfo=UTC),
        is_direct=True,
    )
    await rt.core.handle(inbound, ConsoleSender(out))
    return out.getvalue()


async def _beacon(rt: Runtime) -> None:
    await rt.knowledge.upsert(
        EntryDraft(
            space="global",
            source="beacon.md",
            title="Beacon",
            content="Beacon is the mobile app. It stores photos in object storage.",
        ),
        now=rt.clock.now(),
    )


def _warnings(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_a_dead_api_is_remembered_and_said_once(
    fake: FakeAnthropic, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    await fake.go_down()
    clock, sleeps = FakeClock(), Sleeps()
    async with _runtime(_settings(tmp_path, fake), clock, sleeps) as rt:
        await _beacon(rt)
        replies = [await _ask(rt, text, n) for n, text in enumerate(MESSAGES, start=1)]

    # three connection failures in a row, then no more connections: not four per call
    assert fake.dropped == 3, fake.dropped
    assert len(sleeps.calls) == 2  # the backoff before the second and third attempts only
    warnings = _warnings(caplog)
    assert len(warnings) == 1, [r.getMessage() for r in warnings]
    assert fake.url in warnings[0].getMessage() and "cannot be reached" in warnings[0].getMessage()
    assert "Hello!" in replies[0]
    assert "cannot be reached right now; here is what the notes say:" in replies[1]
    assert "[Entry " in replies[1]
    for reply in replies:
        assert reply.count("cannot be reached") <= 1


async def test_a_probe_after_the_cool_down_finds_the_api_back(
    fake: FakeAnthropic, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    await fake.go_down()
    clock, sleeps = FakeClock(), Sleeps()
    async with _runtime(_settings(tmp_path, fake), clock, sleeps) as rt:
        await _ask(rt, "hi", 1)
        assert fake.dropped == 3
        await _ask(rt, "hello again", 2)
        assert fake.dropped == 3  # within the cool-down: not tried

        clock.advance(31)  # the cool-down is over: one probe, one attempt, still down
        await _ask(rt, "anyone there?", 3)
        assert fake.dropped == 4
        clock.advance(31)  # the next wait is longer (60 s)
        await _ask(rt, "and now?", 4)
        assert fake.dropped == 4

        await fake.come_back()
        clock.advance(31)
        reply = await _ask(rt, "hi there", 5)
        assert fake.requests, "the probe reached the API"
        assert "The model says hello." in reply
        requests = len(fake.requests)
        await _ask(rt, "one more", 6)
        assert len(fake.requests) > requests  # closed again: every call goes to the model
    said = [r.getMessage() for r in _warnings(caplog)]
    assert len(said) == 2, said  # down once, back once
    assert "answers again" in said[1] and fake.url in said[1]


@pytest.mark.slow  # a real mallory process
def test_doctor_names_the_url_it_could_not_reach(tmp_path: Path) -> None:
    url = "http://127.0.0.1:9"  # the discard port: nothing listens there
    proc = run_mallory(
        tmp_path,
        ["doctor"],
        ANTHROPIC_API_KEY=KEY,
        ANTHROPIC_BASE_URL=url,
        MALLORY_BUDGET_CHAT="2",
    )
    assert proc.returncode == 1
    line = next(x for x in proc.stdout.splitlines() if x.startswith("FAIL model"))
    assert f"could not reach {url}" in line, line
    assert KEY not in proc.stdout + proc.stderr
