"""Helpers for retrieval tests: a small deterministic embedder (bag of hashed words)
standing in for a model, and entry drafts."""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from adapters.console import ConsoleChat, ConsoleSender
from bot.research.embedders import InputType, normalize_rows
from storage.knowledge import EntryDraft

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


class WordHashEmbedder:
    """Texts sharing words get close vectors; no model, same answer every run."""

    name = "test-word-hash"
    dim = 64

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    async def embed(self, texts: Sequence[str], *, input_type: InputType = "document") -> np.ndarray:
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"[a-z]+", text.lower()):
                digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
                out[row, int.from_bytes(digest, "little") % self.dim] += 1.0
        return normalize_rows(out)


def draft(space: str, source: str, title: str, content: str = "", **extra: object) -> EntryDraft:
    return EntryDraft(space=space, source=source, title=title, content=content, **extra)  # type: ignore[arg-type]


async def add_note(
    rt: Any,
    source: str,
    title: str,
    content: str,
    *,
    space: str,
    created_at: datetime,
    type: str = "note",
    author: str = "Nora Quist",
) -> str:
    """A note put into the runtime's knowledge base as ingest would; its entry id."""
    entry, _ = await rt.knowledge.upsert(
        EntryDraft(
            space=space,
            source=source,
            title=title,
            content=content,
            author=author,
            type=type,
            created_at=created_at,
        ),
        now=rt.clock.now(),
    )
    return str(entry.id)


DEEP_MODEL = "claude-opus-4-8"


@asynccontextmanager
async def runtime_on_the_model(tmp_path: Path) -> AsyncIterator[tuple[Any, Any]]:
    """A runtime on the real ``anthropic`` client against the fake Messages API (no embedder),
    and the fake: every message is routed quick, every answer is "From the notes.", and the
    fake records each request."""
    from fake_anthropic import FakeAnthropic, tool_message

    from bot.config import load_settings
    from bot.runtime import Runtime

    def rule(request: dict[str, Any]) -> dict[str, Any]:
        if (request.get("tool_choice") or {}).get("name") == "route_message":
            return tool_message("route_message", {"route": "quick", "question": "", "reason": "test"})
        return {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "text", "text": "From the notes."}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
        }

    fake = FakeAnthropic(rule)
    await fake.start()
    try:
        settings = load_settings(
            data_dir=tmp_path / "data",
            embedder="none",
            anthropic_api_key="sk-ant-test-0123456789abcdef",
            anthropic_base_url=fake.url,
            deep_model=DEEP_MODEL,
            router_sure=1.0,
        )
        async with Runtime.open(settings) as rt:
            yield rt, fake
    finally:
        await fake.stop()


async def ask(rt: Any, text: str) -> str:
    """``text`` asked in the console, in a conversation of its own (a session numbers its
    messages); what the console printed."""
    out = io.StringIO()
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    await ConsoleChat(rt.core, sender, session=f"ask-{text}", now=rt.clock.now).feed(text)
    return out.getvalue()


def bullet_lines(text: str) -> list[str]:
    """The answer's bullet lines."""
    return [line for line in text.splitlines() if line.startswith("- ")]


async def offline_summary(
    rt: Any, notes: Sequence[tuple[str, str, str]], topic: str, *, space: str, first: datetime
) -> str:
    """The Context Summary of the offline report on ``topic`` over ``notes`` (source, title,
    content), put in a day apart from ``first``."""
    from datetime import timedelta

    from bot.research.report import render_report

    for k, (source, title, content) in enumerate(notes):
        await add_note(rt, source, title, content, space=space, created_at=first + timedelta(days=k))
    dossier = await rt.investigator.run(topic, space=space)
    report = render_report(dossier, await rt.synthesizer.synthesize(dossier, []))
    return report.split("## Context Summary", 1)[1].split("\n---", 1)[0]


def write_notes(root: Path, files: dict[str, str]) -> None:
    """Write ``files`` (path under ``root`` → markdown) as a vault's notes."""
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


async def ingest_titled(rt: Any, folder: Path, notes: dict[str, tuple[str, str]], space: str) -> None:
    """``notes`` (path → title and text) written as a vault's files under ``folder``, each headed
    by its title, and ingested into ``space`` as a vault is (each dated by what its text says)."""
    write_notes(
        folder / "vault", {source: f"# {title}\n\n{content}\n" for source, (title, content) in notes.items()}
    )
    await rt.ingest(folder / "vault", space=space)


async def ingest_dated(
    rt: Any, folder: Path, notes: Sequence[tuple[str, str, str, datetime]], space: str
) -> None:
    """``notes`` (path, title, text, date) written as a vault's files under ``folder`` with front
    matter giving the title and the date, and ingested into ``space`` as a vault is."""
    write_notes(
        folder / "vault",
        {
            source: f"---\ntitle: {title}\ndate: {created_at.date()}\n---\n{content}\n"
            for source, title, content, created_at in notes
        },
    )
    await rt.ingest(folder / "vault", space=space)


async def report_on(rt: Any, vault: dict[str, str], request: str, folder: Path) -> str:
    """The report of ``request`` asked in the console over ``vault`` (path → markdown, written
    under ``folder`` and ingested), as the worker stored it."""
    write_notes(folder / "vault", vault)
    await rt.ingest(folder / "vault")
    out = io.StringIO()
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    await ConsoleChat(rt.core, sender, session=f"report-{request}", now=rt.clock.now).feed(request)
    await rt.worker.run_once()
    return (await rt.queue.listing())[0].answer or ""


def entry_view(
    source: str, title: str, content: str, day: datetime, *, space: str, meta: dict[str, Any] | None = None
) -> Any:
    """A note as the knowledge base hands it out (an ``EntryView``), made without a store: for
    reading passages of it straight (``bot.research.supersession``)."""
    from storage.knowledge import EntryView

    return EntryView(
        id=f"{abs(hash(source)):032x}"[:32],
        space=space,
        type="note",
        title=title,
        content=content,
        author="",
        project="",
        tags=[],
        source=source,
        created_at=day,
        updated_at=day,
        meta=meta or {},
        revision=1,
    )
