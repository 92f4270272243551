"""Web research for an investigation (when enabled): each page the model found becomes a
``reference`` entry with its URL, stored and added to the dossier."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from bot.llm.base import LLMProvider
from bot.research.dossier import Dossier
from storage.knowledge import EntryDraft, EntryView, Knowledge


async def web_references(
    dossier: Dossier, llm: LLMProvider, knowledge: Knowledge, notes: Sequence[str], *, now: datetime | None
) -> int:
    """How many web pages joined the dossier (phase 4); a failure is noted in the phase
    report, and the knowledge base result stands."""
    try:
        findings = await llm.web_research(dossier.topic, notes=notes)
    except Exception as exc:  # the web is optional
        dossier.phase_reports.append(f"Web research failed ({type(exc).__name__}); continuing without it.")
        return 0
    drafts = [
        EntryDraft(
            space=dossier.space,
            source=f.url[:1000],
            title=f.title or f.url,
            content=f.text or f.title,
            type="reference",
            author="web",
            meta={"url": f.url, "from_web": True},
        )
        for f in findings
        if f.url.startswith(("http://", "https://"))
    ]
    if not drafts:
        return 0
    stored = await knowledge.upsert_many(drafts, now=now or datetime.now(UTC))
    return sum(dossier.add(EntryView.of(entry), 4, "web") for entry, _ in stored)
