"""The retrieval seam: one call, one ranked list of hits, each saying which side found it.

Lexical search (FTS5 bm25) always runs; when an embedder is configured the semantic side
runs too and the two lists are fused by reciprocal rank fusion.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from storage.knowledge import Knowledge, visible_spaces
from storage.models import Entry


@dataclass(frozen=True)
class Hit:
    entry: Entry
    score: float  # the fused score when both sides ran; else that side's own score
    found_by: tuple[str, ...]  # ("lexical",), ("semantic",) or ("lexical", "semantic")
    lexical_score: float | None = None
    semantic_score: float | None = None


class SemanticSide(Protocol):
    """What the semantic half must offer the retriever (see ``bot/research/semantic.py``)."""

    name: str

    async def search(
        self, query: str, *, spaces: Sequence[str], limit: int
    ) -> list[tuple[str, float]]: ...


RRF_K = 60


class Retriever:
    def __init__(self, knowledge: Knowledge, semantic: SemanticSide | None = None) -> None:
        self.knowledge = knowledge
        self.semantic = semantic

    @property
    def mode(self) -> str:
        return "hybrid" if self.semantic is not None else "lexical"

    async def search(
        self,
        query: str,
        *,
        space: str,
        limit: int = 20,
        types: Sequence[str] | None = None,
        exclude_types: Sequence[str] = (),
        sides: Sequence[str] = ("lexical", "semantic"),
    ) -> list[Hit]:
        spaces = visible_spaces(space)
        depth = max(limit * 3, 50)
        lexical: list[tuple[str, float]] = []
        if "lexical" in sides:
            lexical = [
                (h.entry_id, h.score)
                for h in await self.knowledge.search_lexical(
                    query, spaces=spaces, limit=depth, types=types, exclude_types=exclude_types
                )
            ]
        semantic: list[tuple[str, float]] = []
        if self.semantic is not None and "semantic" in sides:
            semantic = await self.semantic.search(query, spaces=spaces, limit=depth)
        entries = await self.knowledge.get_many(
            [i for i, _ in lexical] + [i for i, _ in semantic], spaces=spaces
        )
        if types:
            entries = {k: e for k, e in entries.items() if e.type in types}
        if exclude_types:
            entries = {k: e for k, e in entries.items() if e.type not in exclude_types}
        lex_scores = {i: s for i, s in lexical if i in entries}
        sem_scores = {i: s for i, s in semantic if i in entries}
        if not sem_scores or not lex_scores:
            only = lex_scores or sem_scores
            side = "lexical" if lex_scores else "semantic"
            ranked = sorted(only.items(), key=lambda kv: kv[1], reverse=True)[:limit]
            return [
                Hit(
                    entry=entries[i],
                    score=s,
                    found_by=(side,),
                    lexical_score=lex_scores.get(i),
                    semantic_score=sem_scores.get(i),
                )
                for i, s in ranked
            ]
        fused: dict[str, float] = {}
        for ranking in (lex_scores, sem_scores):
            ordered = sorted(ranking.items(), key=lambda kv: kv[1], reverse=True)
            for rank, (entry_id, _) in enumerate(ordered, start=1):
                fused[entry_id] = fused.get(entry_id, 0.0) + 1.0 / (RRF_K + rank)
        ranked = sorted(fused.items(), key=lambda kv: kv[1], reverse=True)[:limit]
        return [
            Hit(
                entry=entries[i],
                score=s,
                found_by=tuple(
                    side for side, scores in (("lexical", lex_scores), ("semantic", sem_scores)) if i in scores
                ),
                lexical_score=lex_scores.get(i),
                semantic_score=sem_scores.get(i),
            )
            for i, s in ranked
        ]
