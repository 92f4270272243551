"""The notes' say on a phrase the router takes for chat, through the inbound pipeline and the
real ``anthropic`` client against the fake Messages API: keywords naming the kind of fact asked
("… closed reason") whose words the notes use are routed quick surely (no classify request);
with words the notes do not use, quick unsurely (the model classifies it)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fake_anthropic import FakeAnthropic, job_of, text_message, tool_message

from adapters.console import ConsoleSender
from bot.clock import FakeClock
from bot.config import load_settings
from bot.events import Inbound, Person, ThreadRef
from bot.runtime import Runtime
from storage.knowledge import EntryDraft

KEY = "sk-ant-test-0123456789abcdef"


def _answers(request: dict[str, Any]) -> dict[str, Any]:
    if (request.get("tool_choice") or {}).get("name") == "route_message":
        return tool_message("route_message", {"route": "quick", "question": "", "reason": "a look-up"})
    return text_message("The pumps failed [Entry 00000000].")


@pytest.fixture
async def fake() -> AsyncIterator[FakeAnthropic]:
    server = FakeAnthropic(_answers)
    await server.start()
    yield server
    await server.stop()


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


async def test_keywords_naming_the_kind_asked_are_routed_by_the_notes(
    tmp_path: Path, fake: FakeAnthropic
) -> None:
    settings = load_settings(
        data_dir=tmp_path / "data", embedder="none", anthropic_api_key=KEY, anthropic_base_url=fake.url
    )
    clock = FakeClock(datetime(2026, 6, 1, 9, 0, tzinfo=UTC))
    async with Runtime.open(settings, clock=clock) as rt:
        await rt.knowledge.upsert(
            EntryDraft(
                space="global",
                source="north-fen.md",
                title="North Fen pumping station",
                content="The north fen pumping station was closed on 3 May. Reason: both raw water pumps failed.",
            ),
            now=clock.now(),
        )
        jobs = lambda since: [job_of(r, deep_model=settings.deep_model) for r in fake.requests[since:]]  # noqa: E731
        await _ask(rt, "north fen pumping station closed reason", 1)
        assert "quick" in jobs(0) and "classify" not in jobs(0)  # the notes decided
        since = len(fake.requests)
        said = await _ask(rt, "kestrelvac check change reason", 2)
        assert jobs(since)[:1] == ["classify"]  # unsure: the model decided, and it said quick:
        assert "dig deeper" in said  # the notes have nothing on it, and the offer to dig is made
