"""A report's summary and gaps from the dossier: the model's, with its citations checked
against what the investigation found, or the extractive summary when the model fails."""

from __future__ import annotations

import logging
from dataclasses import replace

from bot.llm import LLMProvider, OfflineProvider, Synthesis
from bot.llm.fallback import with_fallback
from bot.research.dossier import Dossier
from bot.text.citations import check_citations, removed_note

log = logging.getLogger(__name__)

SHOWN = 40  # sources the model is given; the extractive fallback reads them all


class Synthesizer:
    def __init__(self, llm: LLMProvider, offline: OfflineProvider | None = None) -> None:
        self.llm = llm
        self.offline = offline or OfflineProvider()

    async def synthesize(self, dossier: Dossier, notes: list[str]) -> Synthesis:
        """The summary and gaps of a report, citations checked against the sources the writer
        was given: the model's, or the extractive summary when the model fails or leaves the
        summary empty (the work is done: the notes still speak for themselves)."""
        sources = dossier.sources()
        edges = [f"{e.from_id[:8]} —[{e.type}]→ {e.to_id[:8]}" for e in dossier.edges]

        by_model: list[Synthesis] = []  # the model's gaps stand even when its summary is empty

        async def write(provider: LLMProvider) -> tuple[Synthesis, int]:
            # the model is shown the first sources; the extractive fallback reads them all
            shown = sources[:SHOWN] if provider is self.llm else sources
            synthesis = await provider.synthesize(dossier.topic, sources=shown, notes=notes, edges=edges)
            known = [s.id for s in shown]
            summary = check_citations(synthesis.summary, known)
            gaps = [check_citations(g, known) for g in synthesis.gaps]
            checked = Synthesis(
                summary=summary.text.strip(),
                gaps=[g.text.strip() for g in gaps if g.text.strip()],
                extractive=synthesis.extractive,
            )
            if provider is self.llm:
                by_model.append(checked)
            return checked, summary.removed + sum(g.removed for g in gaps)

        synthesis, removed = await with_fallback(
            self.llm,
            self.offline,
            write,
            what="synthesis",
            usable=lambda written: written if written[0].summary else None,  # never an empty summary
            errors=(Exception,),  # whatever failed, the dossier is still worth a report
        )
        if by_model and synthesis is not by_model[0] and by_model[0].gaps:
            synthesis = replace(synthesis, gaps=by_model[0].gaps)
        if removed:
            log.warning("removed %d citations that pointed outside the result set", removed)
            return replace(synthesis, summary=synthesis.summary + "\n\n" + removed_note(removed))
        return synthesis
