"""Two knowledge spaces holding near-identical notes (the example vault, each note marked
with its space), and every way a question reaches the knowledge base: the quick route,
/recall, /remember, /investigate (every phase, and the earlier-answer cache), the reports
folder, and the CLI with ``--space``. Not one result may cross from one space to the other,
and the global space is seen only where the policy says. SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import io
import shutil
from collections.abc import AsyncIterator
from itertools import count
from pathlib import Path

import pytest

from adapters.console import ConsoleSender
from bot.cli import main
from bot.clock import FakeClock
from bot.config import Settings, load_settings
from bot.events import Command, Inbound, Person, ThreadRef
from bot.runtime import Runtime
from storage.knowledge import GLOBAL_SPACE

VAULT = Path(__file__).resolve().parents[2] / "examples" / "vault"
MARK = {"alpha": "ALPHAMARK", "beta": "BETAMARK", GLOBAL_SPACE: "GLOBALMARK"}
ROOM = {"alpha": "alpha-room", "beta": "beta-room"}
QUESTION = "what did we decide about the Atlas storage backend and why?"


def marked_vault(tmp_path: Path, space: str) -> Path:
    """The example vault with every note carrying its space's mark."""
    folder = tmp_path / f"vault-{space}"
    shutil.copytree(VAULT, folder)
    for note in folder.rglob("*.md"):
        note.write_text(note.read_text(encoding="utf-8") + f"\n\n{MARK[space]}\n", encoding="utf-8")
    return folder


@pytest.fixture
def leak_settings(tmp_path: Path, any_db_url: str) -> Settings:
    return load_settings(
        data_dir=tmp_path / "data",
        database_url=any_db_url,
        llm_provider="offline",
        embedder="none",
        spaces=f"{ROOM['alpha']}=alpha,{ROOM['beta']}=beta",
        global_visible_in="alpha",  # alpha reads the global notes; beta does not
    )


@pytest.fixture
async def spaces_rt(tmp_path: Path, leak_settings: Settings) -> AsyncIterator[Runtime]:
    async with Runtime.open(leak_settings, clock=FakeClock()) as rt:
        for space in ("alpha", "beta"):
            await rt.ingest(marked_vault(tmp_path, space), space=space)
        global_note = tmp_path / "global.md"
        global_note.write_text(
            "---\ntitle: Atlas storage guidance\ntype: note\nauthor: Ops\ndate: 2026-01-01\n"
            f"tags: [project/atlas]\n---\nAtlas storage backend guidance for everyone. {MARK[GLOBAL_SPACE]}\n",
            encoding="utf-8",
        )
        await rt.ingest(global_note, space=GLOBAL_SPACE)
        yield rt


class Room:
    """A console conversation mapped (MALLORY_SPACES) to one knowledge space."""

    _ids = count(1)

    def __init__(self, rt: Runtime, space: str) -> None:
        self.rt = rt
        self.out = io.StringIO()
        self.sender = ConsoleSender(self.out)
        self.thread = ThreadRef("console", "local", ROOM[space], f"t-{space}")

    def inbound(self, text: str) -> Inbound:
        n = next(self._ids)
        return Inbound(self.thread, f"u{n}", Person("ana", "Ana"), text, self.rt.clock.now(), is_direct=True)

    async def say(self, text: str) -> None:
        await self.rt.core.handle(self.inbound(text), self.sender)

    async def command(self, command: Command, args: str) -> None:
        await self.rt.core.handle_command(
            command, args, self.inbound(f"/{command.value} {args}"), self.sender
        )

    async def investigate(self, question: str) -> None:
        self.rt.worker.senders["console"] = self.sender
        await self.command(Command.INVESTIGATE, question)
        assert await self.rt.worker.run_once() == 1


async def foreign_marks(rt: Runtime, reader: str) -> list[str]:
    """What must never show in ``reader``'s output: the other spaces' marks and short ids
    (the global space's too, where the policy hides it)."""
    hidden = [s for s in ("alpha", "beta", GLOBAL_SPACE) if s not in rt.retriever.visible(reader)]
    marks = [MARK[h] for h in hidden]
    for space in hidden:
        marks += await short_ids(rt, space)
    return marks


async def short_ids(rt: Runtime, space: str) -> list[str]:
    """Every entry id of ``space`` as posts cite it (reports too, once written)."""
    return [entry_id[:8] for entry_id in (await rt.knowledge.by_sources(space)).values()]


def leaks(text: str, marks: list[str]) -> list[str]:
    return [m for m in marks if m in text]


async def test_no_route_and_no_phase_crosses_spaces(spaces_rt: Runtime, leak_settings: Settings) -> None:
    rt = spaces_rt
    alpha, beta = Room(rt, "alpha"), Room(rt, "beta")
    # alpha investigates first, so its report is the earlier answer beta's recall could hit
    await alpha.investigate(QUESTION)
    # the check can see what a room reads: alpha's report cites alpha and global entries
    assert leaks(alpha.out.getvalue(), await short_ids(rt, "alpha"))
    assert leaks(alpha.out.getvalue(), await short_ids(rt, GLOBAL_SPACE))
    await beta.say(QUESTION)
    await beta.command(Command.RECALL, QUESTION)
    await beta.command(Command.RECALL, "Atlas storage backend decision")
    await beta.command(Command.REMEMBER, "the beta team keeps Atlas on PostgreSQL")
    await beta.command(Command.STATUS, "")
    await beta.investigate(QUESTION)
    said = beta.out.getvalue()
    assert leaks(said, await short_ids(rt, "beta")), "beta's own notes are found"
    assert leaks(said, await foreign_marks(rt, "beta")) == []

    # every phase of a fresh dig, and the earlier-answer cache, straight from the investigator
    dossier = await rt.investigator.run(QUESTION, space="beta")
    assert dossier.found and {f.entry.space for f in dossier.found.values()} == {"beta"}
    # all four phases ran; what phases 2 and 3 reached that is off the topic is listed as
    # potentially related (never a source), and it too must stay in the space
    assert dossier.phases_run == 4 and (dossier.edges or dossier.related)
    assert dossier.earlier is None or dossier.earlier.entry.space == "beta"
    assert all(entry.space == "beta" for entry, _, _ in dossier.related)

    # reports: each stored in the space it was asked in, each file in that space's folder
    invs = await rt.queue.listing(limit=10)
    assert sorted(i.space for i in invs) == ["alpha", "beta"]
    reports = leak_settings.reports_dir
    assert sorted(p.parent.name for p in reports.rglob("*.md")) == ["alpha", "beta"]
    for file in (reports / "beta").glob("*.md"):
        assert leaks(file.read_text(encoding="utf-8"), await foreign_marks(rt, "beta")) == []


async def test_the_cli_with_space_stays_in_it(
    spaces_rt: Runtime,
    leak_settings: Settings,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MALLORY_GLOBAL_VISIBLE_IN", leak_settings.global_visible_in)
    marks = await foreign_marks(spaces_rt, "beta")
    base = ["--data-dir", str(leak_settings.data_dir), "--database-url", str(leak_settings.database_url)]
    runs = [
        ["recall", "--space", "beta", QUESTION],
        ["recall", "--space", "beta", "--keyword", "Atlas", "storage"],
        ["search", "--space", "beta", "--mode", "lexical", "Atlas storage backend"],
        ["investigate", "--space", "beta", "--no-seed", QUESTION],
    ]
    for argv in runs:
        assert await asyncio.to_thread(main, [*base, *argv]) == 0, argv
        out = capsys.readouterr().out
        assert leaks(out, await short_ids(spaces_rt, "beta")), argv
        assert leaks(out, marks) == [], argv
