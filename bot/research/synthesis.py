"""A report's summary and gaps from the dossier: the model's, with its citations checked
against what the investigation found, or the extractive summary when the model fails."""

from __future__ import annotations

import logging

from bot.citations import check_citations, removed_note
from bot.errors import LLMError
from bot.llm import UNUSABLE, LLMProvider, OfflineProvider, Synthesis
from bot.research.dossier import Dossier

log = logging.getLogger(__name__)

SHOWN = 40  # sources the model is given; the extractive fallback reads them all


class Synthesizer:
    def __init__(self, llm: LLMProvider, offline: OfflineProvider | None = None) -> None:
        self.llm = llm
        self.offline = offline or OfflineProvider()

    async def synthesize(self, dossier: Dossier, notes: list[str]) -> Synthesis:
        """The summary and gaps of a report, citations checked against the dossier (model, or
        the extractive fallback)."""
        sources = dossier.sources()
        edges = [f"{e.from_id[:8]} —[{e.type}]→ {e.to_id[:8]}" for e in dossier.edges]
        shown = sources[:SHOWN]
        try:
            synthesis = await self.llm.synthesize(dossier.topic, sources=shown, notes=notes, edges=edges)
        except Exception as exc:  # the work is done: the notes still speak for themselves
            log.warning("synthesis failed (%s); writing an extractive summary", exc)
            reason = exc.user_reason if isinstance(exc, LLMError) else UNUSABLE
            synthesis = await self.offline.standing_in(reason).synthesize(
                dossier.topic, sources=sources, notes=notes, edges=edges
            )
            shown = sources
        known = [s.id for s in shown]
        summary = check_citations(synthesis.summary, known)
        gaps = [check_citations(g, known) for g in synthesis.gaps]
        text = summary.text.strip()
        if not text:  # never an empty Context Summary
            fallback = await self.offline.standing_in(UNUSABLE).synthesize(
                dossier.topic, sources=sources, notes=notes, edges=edges
            )
            text = fallback.summary
        removed = summary.removed + sum(g.removed for g in gaps)
        if removed:
            log.warning("removed %d citations that pointed outside the result set", removed)
            text += "\n\n" + removed_note(removed)
        return Synthesis(
            summary=text,
            gaps=[g.text.strip() for g in gaps if g.text.strip()],
            extractive=synthesis.extractive,
        )
