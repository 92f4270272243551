"""A finished report kept twice: a Markdown file in the space's folder under
``reports_dir``, and a ``report`` entry in the knowledge base citing the entries it used."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from pathlib import Path

from bot.clock import Clock
from bot.research.dossier import Dossier
from bot.research.recall import CITATION
from bot.text.citations import cited
from storage.knowledge import EntryDraft, Knowledge
from storage.models import Entry


class ReportArchive:
    def __init__(
        self,
        *,
        reports_dir: Path,
        clock: Clock,
        knowledge: Knowledge,
        on_entries: Callable[[Sequence[Entry]], Awaitable[None]] | None = None,
    ) -> None:
        self.reports_dir = reports_dir
        self.clock = clock
        self.knowledge = knowledge
        self.on_entries = on_entries  # embeds the new entry when semantic search is on

    async def keep(
        self,
        inv_id: str,
        space: str,
        question: str,
        report: str,
        dossier: Dossier,
        *,
        asked_at: datetime | None = None,
    ) -> tuple[Path, str]:
        """Write the file, then the entry; returns (the file, the entry's id). Doing it again
        for the same investigation rewrites both in place (the file is named by the day it
        was asked and its id, the entry is upserted by its source), so a keep cut short is
        redone, not doubled."""
        path = self.write_file(inv_id, space, question, report, asked_at=asked_at)
        return path, await self.store(inv_id, space, question, report, path, dossier)

    def write_file(
        self, inv_id: str, space: str, question: str, report: str, *, asked_at: datetime | None = None
    ) -> Path:
        # one folder per knowledge space: a report stays with the space it was asked in
        folder = self.reports_dir / (re.sub(r"[^A-Za-z0-9_.-]+", "_", space).strip(".") or "_")
        folder.mkdir(parents=True, exist_ok=True)
        slug = re.sub(r"[^a-z0-9]+", "-", question.lower()).strip("-")[:60] or "investigation"
        path = folder / f"{asked_at or self.clock.now():%Y-%m-%d}-{slug}-{inv_id[:8]}.md"
        path.write_text(report, encoding="utf-8")
        return path

    async def store(
        self, inv_id: str, space: str, question: str, report: str, path: Path, dossier: Dossier
    ) -> str:
        now = self.clock.now()
        entry, _ = await self.knowledge.upsert(
            EntryDraft(
                space=space,
                source=f"investigation:{inv_id}",
                title=question[:300],
                content=report,
                type="report",
                author="Mallory",
                meta={"question": question, "investigation_id": inv_id, "report_path": str(path)},
            ),
            now=now,
        )
        in_report = set(cited(report))
        edges = [
            (entry.id, f.entry.id, CITATION) for f in dossier.found.values() if f.entry.id[:8] in in_report
        ]
        await self.knowledge.add_relations(edges, space=space, now=now)
        if self.on_entries is not None:
            await self.on_entries([entry])
        return entry.id
