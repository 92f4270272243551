"""The semantic side of retrieval: an exact in-process vector index over the stored
entry embeddings (numpy, dot product), loaded lazily and refreshed incrementally from
the database, always scoped to the spaces a caller may see."""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import NamedTuple

import numpy as np

from bot.clock import Clock, SystemClock
from bot.research.embedders import Embedder
from storage.db import Database
from storage.embeddings import EmbeddingStore, VectorBatch, VectorRow
from storage.models import Entry

Progress = Callable[[int, int], None]  # (done, total)
GAP_WINDOW = 1024  # how far below the newest row id skipped ids are watched
GAP_TTL = timedelta(minutes=2)  # and for how long: longer than any embedding transaction


def document_text(entry: Entry) -> str:
    """What an entry's vector is made from: its title, then its content."""
    title = entry.title.strip()
    content = entry.content.strip()
    return f"{title}\n\n{content}" if title and content else title or content


def text_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


class Similar(NamedTuple):
    entry_id: str
    near: str  # the given entry it is closest to
    score: float  # cosine similarity to that entry


class SemanticIndex:
    """Implements ``SemanticSide`` (``bot/research/search.py``).

    Rows are slots in one growing float32 matrix; a re-embedded entry overwrites its
    slot. ``refresh`` reads only embedding rows newer than the last one it saw, so
    entries added by other processes show up at the next search.
    """

    name = "semantic"

    def __init__(
        self,
        db: Database,
        embedder: Embedder,
        *,
        clock: Clock | None = None,
        write_batch: int = 128,
        query_cache: int = 256,
    ) -> None:
        self.embedder = embedder
        self.store = EmbeddingStore(db)
        self.clock = clock or SystemClock()
        self.write_batch = write_batch
        self._cache_size = query_cache
        self._query_cache: OrderedDict[str, np.ndarray] = OrderedDict()
        dim = embedder.dim
        self._matrix = np.zeros((0, dim), dtype=np.float32)
        self._space_codes = np.zeros(0, dtype=np.int32)
        self._size = 0
        self._ids: list[str] = []
        self._slot: dict[str, int] = {}
        self._space_code: dict[str, int] = {}
        self._last_id = 0
        self._hidden_cache: dict[tuple[str, ...], np.ndarray | None] = {}
        self._row_of: dict[str, int] = {}  # entry id → the embedding row its slot holds
        self._gaps: dict[int, datetime] = {}  # row ids skipped while reading, when first seen
        self.track_gaps = db.dialect != "sqlite"  # SQLite commits ids in order
        self._lock = asyncio.Lock()

    @property
    def model(self) -> str:
        return self.embedder.name

    def __len__(self) -> int:
        return self._size

    # loading --------------------------------------------------------------------------

    async def refresh(self) -> int:
        """Take in vectors stored since the last refresh (all of them, the first time).
        Returns how many rows were read."""
        async with self._lock:
            now = self.clock.now()
            self._gaps = {i: seen for i, seen in self._gaps.items() if now - seen < GAP_TTL}
            batch = await self.store.load_since(
                model=self.model, dim=self.embedder.dim, after_id=self._last_id, also=sorted(self._gaps)
            )
            if batch.entry_ids:
                self._apply(batch)
            if self.track_gaps and batch.last_id > self._last_id:
                # PostgreSQL hands out ids before commit, so a transaction still open may
                # commit a lower id after we have read higher ones: look for it again.
                read = set(batch.row_ids)
                low = max(self._last_id, batch.last_id - GAP_WINDOW)
                self._gaps.update({i: now for i in range(low + 1, batch.last_id) if i not in read})
            for row_id in batch.row_ids:
                self._gaps.pop(row_id, None)
            self._last_id = max(self._last_id, batch.last_id)
            return len(batch.entry_ids)

    def _apply(self, batch: VectorBatch) -> None:
        self._hidden_cache.clear()
        new = [i for i in dict.fromkeys(batch.entry_ids) if i not in self._slot]
        needed = self._size + len(new)
        if needed > self._matrix.shape[0]:
            capacity = max(needed, int(self._matrix.shape[0] * 1.5), 1024)
            matrix = np.zeros((capacity, self.embedder.dim), dtype=np.float32)
            matrix[: self._size] = self._matrix[: self._size]
            codes = np.full(capacity, -1, dtype=np.int32)
            codes[: self._size] = self._space_codes[: self._size]
            self._matrix, self._space_codes = matrix, codes
        for entry_id in new:
            self._slot[entry_id] = self._size
            self._ids.append(entry_id)
            self._size += 1
        # a row replaces what a slot holds only if it is newer (a late-committed gap row
        # must not undo a later re-embedding)
        keep = [
            k
            for k, (i, r) in enumerate(zip(batch.entry_ids, batch.row_ids, strict=True))
            if r > self._row_of.get(i, 0)
        ]
        for k in keep:
            self._row_of[batch.entry_ids[k]] = batch.row_ids[k]
        slots = np.array([self._slot[batch.entry_ids[k]] for k in keep], dtype=np.int64)
        self._matrix[slots] = batch.matrix[keep]
        known = self._space_code
        self._space_codes[slots] = [known.setdefault(batch.spaces[k], len(known)) for k in keep]

    # searching ------------------------------------------------------------------------

    async def search(self, query: str, *, spaces: Sequence[str], limit: int) -> list[tuple[str, float]]:
        """The entries closest to ``query``, best first, as (entry id, cosine)."""
        if not query.strip() or limit <= 0:
            return []
        vector, _ = await asyncio.gather(self.query_vector(query), self.refresh())
        return self._top(vector[None, :], spaces=spaces, limit=limit)

    async def query_vector(self, query: str) -> np.ndarray:
        key = query.strip()
        cached = self._query_cache.get(key)
        if cached is not None:
            self._query_cache.move_to_end(key)
            return cached
        vector = (await self.embedder.embed([key], input_type="query"))[0]
        self._query_cache[key] = vector
        if len(self._query_cache) > self._cache_size:
            self._query_cache.popitem(last=False)
        return vector

    async def similar(
        self, entry_ids: Sequence[str], *, spaces: Sequence[str], limit: int = 10, min_score: float = 0.0
    ) -> list[Similar]:
        """Entries close to any of ``entry_ids`` (which are themselves left out), each with
        the one it is closest to and their cosine similarity, best first. Ids only: an
        entry deleted since it was embedded can still appear, so callers fetch entries
        through ``Knowledge`` (which also re-checks the space)."""
        await self.refresh()
        seeds = [i for i in dict.fromkeys(entry_ids) if i in self._slot]
        if not seeds or limit <= 0:
            return []
        seed_rows = self._matrix[[self._slot[i] for i in seeds]]
        hidden = self._hidden(spaces)
        if hidden is None:
            return []
        n = self._size
        scores = self._matrix[:n] @ seed_rows.T  # (n, seeds)
        nearest = scores.argmax(axis=1)
        best = scores[np.arange(n), nearest]
        best[hidden] = -np.inf
        best[[self._slot[i] for i in entry_ids if i in self._slot]] = -np.inf
        return [
            Similar(self._ids[s], seeds[int(nearest[s])], float(best[s]))
            for s in self._best(best, limit)
            if best[s] >= min_score
        ]

    def _hidden(self, spaces: Sequence[str]) -> np.ndarray | None:
        """The slots a caller who sees ``spaces`` must not see, or None when it sees no
        slot at all. Kept until the index next changes: most searches come from a few
        spaces, and recomputing costs ~2 ms at 100k vectors."""
        key = tuple(sorted(set(spaces)))
        if key not in self._hidden_cache:
            codes = [self._space_code[s] for s in key if s in self._space_code]
            self._hidden_cache[key] = (
                np.flatnonzero(~np.isin(self._space_codes[: self._size], codes)) if codes else None
            )
        return self._hidden_cache[key]

    def _top(self, queries: np.ndarray, *, spaces: Sequence[str], limit: int) -> list[tuple[str, float]]:
        hidden = self._hidden(spaces)
        if hidden is None:
            return []
        # (n, d) @ (d, 1) runs as a matrix product, about twice as fast here as (n, d) @ (d,)
        scores = (self._matrix[: self._size] @ queries.T).max(axis=1)
        scores[hidden] = -np.inf
        return [(self._ids[s], float(scores[s])) for s in self._best(scores, limit) if np.isfinite(scores[s])]

    @staticmethod
    def _best(scores: np.ndarray, limit: int) -> np.ndarray:
        if limit >= scores.shape[0]:
            return np.argsort(-scores, kind="stable")
        top = np.argpartition(-scores, limit)[:limit]
        return top[np.argsort(-scores[top], kind="stable")]

    async def aclose(self) -> None:
        """Release the embedder's resources (an API embedder's HTTP client)."""
        close = getattr(self.embedder, "aclose", None)
        if close is not None:
            await close()

    # embedding ------------------------------------------------------------------------

    async def embed_entries(
        self, entries: Sequence[Entry], *, force: bool = False, progress: Progress | None = None
    ) -> int:
        """Compute and store vectors for entries whose text changed since they were last
        embedded (all of them with ``force``), in batches. Returns how many were embedded."""
        texts = {e.id: document_text(e) for e in entries}
        hashes = {i: text_hash(t) for i, t in texts.items()}
        stored = {} if force else await self.store.text_hashes(texts, model=self.model)
        unique = {e.id: e for e in entries}.values()
        todo = [e for e in unique if force or stored.get(e.id) != hashes[e.id]]
        done = 0
        if progress:
            progress(0, len(todo))
        for start in range(0, len(todo), self.write_batch):
            batch = todo[start : start + self.write_batch]
            vectors = await self.embedder.embed([texts[e.id] for e in batch], input_type="document")
            await self.store.put_many(
                [VectorRow(e.id, e.space, vectors[k], hashes[e.id]) for k, e in enumerate(batch)],
                model=self.model,
                now=_naive_utc(self.clock.now()),
            )
            done += len(batch)
            if progress:
                progress(done, len(todo))
        return done

    async def reindex(
        self, *, spaces: Sequence[str] | None = None, force: bool = False, progress: Progress | None = None
    ) -> int:
        """Bring every entry's vector up to date (recompute all with ``force``).
        ``progress`` gets (entries examined, entries in scope)."""
        total = await self.store.count_entries(spaces=spaces)
        seen = embedded = 0
        if progress:
            progress(0, total)
        async for page in self.store.entry_pages(spaces=spaces, page=self.write_batch * 4):
            embedded += await self.embed_entries(page, force=force)
            seen += len(page)
            if progress:
                progress(min(seen, total), total)
        return embedded


def _naive_utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment
