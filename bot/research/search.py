"""The retrieval seam: one call, one ranked list of hits, each saying which side found it.

Lexical search (BM25 over the in-process index, ``bot/research/lexical.py``) always runs; when an embedder is configured the semantic side
runs too, concurrently, and the two lists are fused by reciprocal rank fusion.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.clock import Clock
from bot.research.lexical import LexicalIndex
from storage.knowledge import EntryView, Knowledge, visible_spaces


@dataclass(frozen=True)
class Hit:
    entry: EntryView
    score: float  # the fused score when both sides ran; else that side's own score
    found_by: tuple[str, ...]  # ("lexical",), ("semantic",) or ("lexical", "semantic")
    lexical_score: float | None = None
    semantic_score: float | None = None
    relevance: float | None = None  # calibrated probability of answering (``relevance.py``), once judged


class SemanticSide(Protocol):
    """What the semantic half must offer the retriever (see ``bot/research/semantic.py``)."""

    name: str

    async def search(self, query: str, *, spaces: Sequence[str], limit: int) -> list[tuple[str, float]]: ...


@dataclass(frozen=True)
class Fusion:
    """How the two rankings are fused: ``score = Σ weight / (k + rank)`` over the sides
    that found an entry, each side contributing its top ``depth`` candidates (at least
    ``limit``). A smaller ``k`` than the textbook 60 lets the top of each list count
    for more; the semantic side weighs a little less than bm25. Chosen on SciFact, where
    both halves of the queries agree (``bench/README.md``, Retrieval)."""

    k: float = 20.0
    lexical_weight: float = 1.0
    semantic_weight: float = 0.8
    depth: int = 100


RRF_K = Fusion.k
# the entry types that are earlier answers and reports, not notes: never the sources of a new one
ANSWER_TYPES = ("report", "answer")
HIT_VIEWS = 4096  # entries of recent hits kept (``Retriever.search``), cleared when the index moves


class Retriever:
    def __init__(
        self,
        knowledge: Knowledge,
        semantic: SemanticSide | None = None,
        *,
        fusion: Fusion | None = None,
        lexical: LexicalIndex | None = None,
        clock: Clock | None = None,
        visible: Callable[[str], tuple[str, ...]] = visible_spaces,
    ) -> None:
        self.knowledge = knowledge
        # which spaces a space reads (the access policy decides whether global is one of them)
        self.visible = visible
        self.semantic = semantic
        self.lexical = lexical if lexical is not None else LexicalIndex(knowledge, clock=clock)
        self.fusion = fusion or Fusion()
        # the entries of recent hits, read once while the index holds the same revision (a
        # write, here or read from another process, clears them): the same notes come back
        # question after question, and reading them is most of a search's time
        self._views: dict[str, EntryView] = {}
        self._views_at = (-1, -1)

    async def warm(self) -> tuple[int, int]:
        """Load both indexes now rather than at the first search (a long-running bot
        starts this in the background). Returns (entries, vectors) held."""
        refresh = getattr(self.semantic, "refresh", None)
        await asyncio.gather(self.lexical.refresh(force=True), *([refresh(force=True)] if refresh else []))
        vectors = len(self.semantic) if hasattr(self.semantic, "__len__") else 0  # type: ignore[arg-type]
        return len(self.lexical), vectors

    @property
    def mode(self) -> str:
        return "hybrid" if self.semantic is not None else "lexical"

    async def _known(self) -> dict[str, EntryView]:
        """The entries read while the index holds what it holds now (a new revision or a
        forget starts them again)."""
        await self.lexical.refresh()  # no-op unless due: its revision says what the views are
        at = (self.lexical.revision, self.lexical.forgotten)
        if at != self._views_at or len(self._views) > HIT_VIEWS:
            self._views, self._views_at = {}, at
        return self._views

    async def entries(self, ids: Sequence[str], *, spaces: Sequence[str]) -> dict[str, EntryView]:
        """The entries of ``ids`` in ``spaces`` (those of them there are), read through the
        entries of recent hits: a note a search found is not read again."""
        known = await self._known()
        missing = [i for i in ids if i not in known]
        if missing:
            known.update(await self.knowledge.get_many(missing, spaces=spaces))
        return {i: e for i in ids if (e := known.get(i)) is not None and e.space in spaces}

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
        spaces = self.visible(space)
        depth = max(limit, self.fusion.depth)
        filtered = bool(types or exclude_types)

        async def lexical_side() -> list[tuple[str, float]]:
            if "lexical" not in sides:
                return []
            return await self.lexical.search(
                query, spaces=spaces, limit=depth, types=types, exclude_types=exclude_types
            )

        async def semantic_side() -> list[tuple[str, float]]:
            if self.semantic is None or "semantic" not in sides:
                return []
            # the index knows no types: ask for more when some will be filtered out
            return await self.semantic.search(query, spaces=spaces, limit=depth * 3 if filtered else depth)

        semantic: list[tuple[str, float]] = []
        if self.semantic is None or "semantic" not in sides:
            lexical = await lexical_side()  # one side: awaited in place, not made a task
        else:
            semantic, lexical = await asyncio.gather(semantic_side(), lexical_side())
        if filtered and semantic:
            # the vector index knows no types; the lexical index knows every entry's type
            if "lexical" not in sides:
                await self.lexical.refresh()
            kinds = self.lexical.types_of([i for i, _ in semantic])
            semantic = [
                hit
                for hit, kind in zip(semantic, kinds, strict=True)
                if kind is not None and (not types or kind in types) and kind not in exclude_types
            ]
        known = await self._known()
        # each list arrives best first
        lex_ranked, sem_ranked = lexical[:depth], semantic[:depth]
        lex_scores, sem_scores = dict(lex_ranked), dict(sem_ranked)
        ranked: list[tuple[str, float]]
        if not lex_ranked or not sem_ranked:
            ranked = lex_ranked or sem_ranked
        else:
            fused: dict[str, float] = {}
            for side_ranking, weight in (
                (lex_ranked, self.fusion.lexical_weight),
                (sem_ranked, self.fusion.semantic_weight),
            ):
                for rank, (entry_id, _) in enumerate(side_ranking, start=1):
                    fused[entry_id] = fused.get(entry_id, 0.0) + weight / (self.fusion.k + rank)
            ranked = sorted(fused.items(), key=lambda kv: kv[1], reverse=True)
        sides_scores = (("lexical", lex_scores), ("semantic", sem_scores))
        hits: list[Hit] = []
        position = 0
        # Fetch only the entries that make the cut (again for the next ones if some are gone).
        while len(hits) < limit and position < len(ranked):
            chunk = ranked[position : position + limit - len(hits)]
            position += len(chunk)
            missing = [i for i, _ in chunk if i not in known]
            if missing:
                known.update(await self.knowledge.get_many(missing, spaces=spaces))
            for entry_id, score in chunk:
                entry = known.get(entry_id)
                if entry is None or entry.space not in spaces or len(hits) >= limit:
                    continue
                hits.append(
                    Hit(
                        entry=entry,
                        score=score,
                        found_by=tuple(side for side, scores in sides_scores if entry_id in scores),
                        lexical_score=lex_scores.get(entry_id),
                        semantic_score=sem_scores.get(entry_id),
                    )
                )
        return hits
