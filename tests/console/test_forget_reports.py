"""A console investigation's report stays linked to its investigation, whatever the session
does right after the delivery, so ``mallory forget --user`` removes the file and its entry."""

from __future__ import annotations

import io
from typing import Any

import pytest
from sqlalchemy import select
from sqlmodel import col

from adapters.console import ConsoleChat, ConsoleSender
from bot.cli import build_parser, wait_for_thread
from storage.models import Entry

SESSIONS = 20


async def _a_piped_session(rt: Any, n: int) -> str:
    """What ``mallory chat`` does with one piped line: feed it, wait for the session's
    investigation to be delivered, stop the worker."""
    out = io.StringIO()
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    chat = ConsoleChat(rt.core, sender, session=f"session-{n}", now=rt.clock.now)
    rt.worker.start()
    try:
        await chat.feed(f"dig into the March ingestion outage, take {n}")
        assert await wait_for_thread(rt, chat.thread, timeout=60)
    finally:
        await rt.worker.stop()
    return out.getvalue()


async def test_forget_removes_every_console_report_and_its_entry(
    vault_rt: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    rt = vault_rt
    shown = [await _a_piped_session(rt, n) for n in range(SESSIONS)]
    # every report, as delivered, names its file (the row was linked before it was delivered)
    assert all("Full report: " in text for text in shown), [t for t in shown if "Full report: " not in t][:1]
    files = list(rt.settings.reports_dir.rglob("*.md"))
    assert len(files) == SESSIONS
    reports = await rt.db.run(
        lambda s: list(s.execute(select(col(Entry.id)).where(col(Entry.type) == "report")).scalars())
    )
    assert len(reports) == SESSIONS

    args = build_parser().parse_args(["forget", "--user", "you"])
    assert await args.handler(args, rt.settings) == 0
    said = capsys.readouterr().out
    assert f"{SESSIONS} report files deleted" in said, said
    assert list(rt.settings.reports_dir.rglob("*.md")) == []
    left = await rt.db.run(
        lambda s: list(s.execute(select(col(Entry.id)).where(col(Entry.type) == "report")).scalars())
    )
    assert left == []
