"""The audit log records who commissioned, corrected and cancelled what; ``mallory forget``
removes a user's or a space's messages, investigations and entries and says so. SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from sqlalchemy import delete, func, select

from adapters.console import ConsoleSender
from bot.cli import main
from bot.clock import FakeClock
from bot.config import load_settings
from bot.events import Action, ActionEvent, Command, Inbound, Person, ThreadRef
from bot.runtime import Runtime
from storage.models import Entry, Investigation, Message

VAULT = Path(__file__).resolve().parents[2] / "examples" / "vault"
ANA, BEN = Person("ana-id", "Ana"), Person("ben-id", "Ben")


async def count(rt: Runtime, model: type, *where: object) -> int:
    stmt = select(func.count()).select_from(model)
    for clause in where:
        stmt = stmt.where(clause)  # type: ignore[arg-type]
    return await rt.db.run(lambda s: int(s.execute(stmt).scalar_one()), write=False)


async def test_audit_log_then_forget_a_user_then_a_space(
    tmp_path: Path, any_db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = load_settings(
        data_dir=tmp_path / "data",
        database_url=any_db_url,
        llm_provider="offline",
        embedder="none",
        spaces="room-a=alpha,room-b=beta",
    )
    out = io.StringIO()
    sender = ConsoleSender(out)
    ids = iter(range(1, 100))
    async with Runtime.open(settings, clock=FakeClock()) as rt:
        await rt.ingest(VAULT, space="alpha")
        await rt.ingest(VAULT, space="beta")
        rt.worker.senders["console"] = sender
        a, b = ThreadRef("console", "local", "room-a", "t1"), ThreadRef("console", "local", "room-b", "t2")

        def msg(thread: ThreadRef, who: Person, text: str) -> Inbound:
            return Inbound(thread, f"u{next(ids)}", who, text, rt.clock.now(), is_direct=True)

        core = rt.core
        await core.handle_command(
            Command.INVESTIGATE, "Atlas storage", msg(a, ANA, "/investigate Atlas storage"), sender
        )
        await core.handle_command(Command.REMEMBER, "Ana's note", msg(a, ANA, "/remember Ana's note"), sender)
        await core.handle_command(
            Command.INVESTIGATE, "Beacon crashes", msg(b, BEN, "/investigate Beacon crashes"), sender
        )
        assert await rt.worker.run_once() == 2
        await core.handle(msg(a, ANA, "what did we decide about Atlas storage?"), sender)
        pressed = sender.latest_button(Action.DEEP_INVESTIGATION)
        assert pressed is not None
        await core.handle_action(
            ActionEvent(a, ANA, Action.DEEP_INVESTIGATION, pressed[1].value, pressed[0], rt.clock.now()),
            sender,
        )
        await core.handle(msg(a, ANA, "cancel"), sender)

        log = [(r.action, r.actor_id) for r in reversed(await core.audit.listing())]
        assert log == [
            ("commissioned", "ana-id"),
            ("commissioned", "ben-id"),
            ("corrected", "ana-id"),
            ("commissioned", "ana-id"),
            ("cancelled", "ana-id"),
        ]
        ana_reports = [
            Path(i.report_path)
            for i in await rt.queue.listing(limit=10)
            if i.requester_id == ANA.id and i.report_path
        ]
        assert ana_reports and all(p.exists() for p in ana_reports)
        entries_before = await count(rt, Entry)

    base = ["--data-dir", str(settings.data_dir), "--database-url", any_db_url]
    assert await asyncio.to_thread(main, [*base, "forget", "--user", ANA.id]) == 0
    said = capsys.readouterr().out
    assert (
        said.startswith("forgot user ana-id: ")
        and "2 investigations" in said
        and "1 report files deleted" in said
    )

    async with Runtime.open(settings, clock=FakeClock()) as rt:
        assert await count(rt, Message, Message.author_id == ANA.id) == 0
        assert await count(rt, Investigation, Investigation.requester_id == ANA.id) == 0
        assert await count(rt, Entry, Entry.source.like("remember:%")) == 0  # type: ignore[attr-defined]
        assert await count(rt, Entry) == entries_before - 2, "Ana's /remember entry and her report"
        assert not any(p.exists() for p in ana_reports)
        assert await count(rt, Investigation, Investigation.requester_id == BEN.id) == 1, "Ben's stay"
        assert (await rt.core.audit.listing())[0].action == "forgot"
        assert all(r.actor_id != ANA.id for r in await rt.core.audit.listing())
        alpha_entries = await count(rt, Entry, Entry.space == "alpha")

    assert await asyncio.to_thread(main, [*base, "forget", "--space", "beta"]) == 0
    assert "1 investigations" in capsys.readouterr().out
    async with Runtime.open(settings, clock=FakeClock()) as rt:
        assert await count(rt, Entry, Entry.space == "beta") == 0
        assert await count(rt, Investigation) == 0
        assert await count(rt, Entry, Entry.space == "alpha") == alpha_entries
        hits = await rt.retriever.search("Beacon crash", space="beta", limit=5)
        assert hits == []
        assert await rt.knowledge.tag_counts(spaces=["beta"]) == {}


def test_forget_needs_exactly_one_of_user_or_space(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["--data-dir", str(tmp_path), "forget"]) == 1
    assert main(["--data-dir", str(tmp_path), "forget", "--user", "U1", "--space", "x"]) == 1
    assert "exactly one" in capsys.readouterr().err


async def test_forget_a_user_matches_old_remember_entries_by_their_message_and_lists_the_rest(
    tmp_path: Path, any_db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """/remember entries saved before authors were recorded carry no author id: the one whose
    saving message is still stored is Ana's and goes; the one whose message is gone cannot be
    attributed, is kept and is listed. The audit keeps one 'forgot' record without content."""
    settings = load_settings(
        data_dir=tmp_path / "data", database_url=any_db_url, llm_provider="offline", embedder="none"
    )
    sender = ConsoleSender(io.StringIO())
    room = ThreadRef("console", "local", "room-a", "t1")
    async with Runtime.open(settings, clock=FakeClock()) as rt:
        core = rt.core
        for n, text in enumerate(["the Atlas secret handshake", "the Beacon launch codeword"], start=1):
            said = Inbound(room, f"m{n}", ANA, f"/remember {text}", rt.clock.now(), is_direct=True)
            await core.handle_command(Command.REMEMBER, text, said, sender)
        entries = {e.content: e for e in await rt.knowledge.recent(spaces=["local"], types=["note"])}
        old = entries["the Atlas secret handshake"]
        orphan = entries["the Beacon launch codeword"]
        for entry in (old, orphan):  # as saved before authors were recorded
            await rt.knowledge.set_meta(entry.id, {"remembered_in": room.key})
        # the message that saved the second one is gone (say, pruned)
        await rt.db.run(lambda s: s.execute(delete(Message).where(Message.platform_message_id == "m2")))
        # the same /remember from someone else in another room stays theirs
        said = Inbound(
            ThreadRef("console", "local", "room-b", "t2"), "m1", BEN, "/remember Ben's own", rt.clock.now()
        )
        await core.handle_command(Command.REMEMBER, "Ben's own", said, sender)

    base = ["--data-dir", str(settings.data_dir), "--database-url", any_db_url]
    assert await asyncio.to_thread(main, [*base, "forget", "--user", ANA.id]) == 0
    said = capsys.readouterr().out
    assert "1 entries" in said
    assert "kept 1 /remember entries saved before authors were recorded" in said
    assert f"[Entry {orphan.id[:8]}] in space local, saved by 'Ana'" in said

    async with Runtime.open(settings, clock=FakeClock()) as rt:
        left = {e.content for e in await rt.knowledge.recent(spaces=["local"], types=["note"])}
        assert left == {"the Beacon launch codeword", "Ben's own"}
        [record] = await rt.core.audit.listing()
        assert record.action == "forgot" and record.detail.startswith("user ana-id: ")
        assert "handshake" not in record.detail and "codeword" not in record.detail
