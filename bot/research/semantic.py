"""The semantic side of retrieval: an exact in-process vector index over the stored
entry embeddings (dot product), loaded lazily and refreshed incrementally from the
database, always scoped to the spaces a caller may see. Searches scan an int8 copy and
re-score in float32 every row whose error bound could reach the top k, so results stay
exact."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import time
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from bot.clock import Clock, SystemClock
from bot.research import vector_file
from bot.research.embedders import Embedder
from bot.research.embedding import EntryEmbedding, Progress
from bot.research.refresh import REFRESH_EVERY, RefreshGate, keep_long_lived
from storage.db import Database
from storage.embeddings import EmbeddingStore, VectorBatch
from storage.models import Entry

log = logging.getLogger(__name__)

GAP_WINDOW = 1024  # how far below the newest row id skipped ids are watched
GAP_TTL = timedelta(minutes=2)  # and for how long: longer than any embedding transaction
BLOCK = 8192  # rows per sealed int8 block (one small onnxruntime graph each)
CODE_MAX = 63  # 7-bit row codes: AVX2's u8×s8 pair sums (vpmaddubsw) saturate int16 at 8 bits
QUERY_MAX = 127
SLACK = 1e-4  # × ‖q‖·‖v‖ added to every bound: float32 rounding, ours and any reference scan's


class Similar(NamedTuple):
    entry_id: str
    near: str  # the given entry it is closest to
    score: float  # cosine similarity to that entry


class Candidates(NamedTuple):
    slots: np.ndarray  # (c,) ascending: every visible slot that may be in the top k
    scores: np.ndarray  # (c, queries) their float32 dot products with each query


class _KeptOnDisk:
    """``SemanticIndex`` kept next to the data (``vector_file``): put in place from its
    file at the first refresh, written after a refresh that read many rows."""

    saved: Path | None
    embedder: Embedder
    store: EmbeddingStore
    clock: Clock
    _int8: Int8Blocks
    _matrix: np.ndarray
    _size: int
    _ids: list[str]
    _space_codes: np.ndarray
    _space_code: dict[str, int]
    _slot: dict[str, int]
    _row_of: dict[str, int]
    _last_id: int
    _forgotten: int
    _gaps: dict[int, datetime]
    _hidden_cache: dict[tuple[str, ...], np.ndarray | None]
    _found: OrderedDict[tuple[str, tuple[str, ...], int], list[tuple[str, float]]]

    @property
    def model(self) -> str:
        return self.embedder.name

    async def _restore(self) -> int:
        """Put the saved index in place when it can stand for the database (``vector_file``);
        how many vectors it held (0: none usable, the index is built from the database)."""
        assert self.saved is not None
        dim = self.embedder.dim
        saved = await vector_file.usable(
            self.saved, model=self.model, dim=dim, marks=await self.store.marks()
        )
        if saved is None or not await self._same_database(saved):
            return 0
        int8 = Int8Blocks(dim, block=self._int8.block)
        try:
            if saved.block == int8.block:
                await asyncio.to_thread(int8.restore, saved.int8, len(saved.ids))
        except ValueError as exc:
            log.warning("vector index: %s: %s; quantizing again", self.saved, exc)
            int8 = Int8Blocks(dim, block=self._int8.block)
        self._matrix, self._size, self._ids, self._int8 = saved.matrix, len(saved.ids), saved.ids, int8
        self._space_codes = saved.space_codes
        self._space_code = {space: k for k, space in enumerate(saved.spaces)}
        live = np.flatnonzero(saved.live).tolist()
        rows = saved.row_ids.tolist()
        self._slot = {saved.ids[k]: k for k in live}
        self._row_of = {saved.ids[k]: rows[k] for k in live}
        self._last_id, self._forgotten = saved.last_id, saved.forgotten
        now = self.clock.now()
        self._gaps = dict.fromkeys(saved.gaps, now)
        self._hidden_cache.clear()
        self._found.clear()
        # rows past the last block (a file of another block size: all of them) are sealed now
        self._int8.update(self._matrix, self._size, np.zeros(0, dtype=np.int64))
        return len(self._slot)

    async def _same_database(self, saved: vector_file.Saved) -> bool:
        """The file's newest row, if the database still holds it, holds the same entry (a
        database made again at the same address, past the file's marks, holds others)."""
        live = np.flatnonzero(saved.live)
        if not live.size:
            return True
        k = int(live[np.argmax(saved.row_ids[live])])
        held = await self.store.entry_of_row(int(saved.row_ids[k]))
        if held is None or held == saved.ids[k]:
            return True
        log.warning("vector index: %s holds another database's vectors; rebuilding", self.saved)
        return False

    async def _save(self) -> None:
        """Write the index to its file, on a thread, holding the refresh lock (nothing of
        it changes meanwhile). A failed write is logged: the next start builds it again."""
        assert self.saved is not None
        n = self._size
        spaces = sorted(self._space_code, key=self._space_code.__getitem__)
        meta = {
            "model": self.model,
            "size": n,
            "revision": (await self.store.marks())[0],
            "last_id": self._last_id,
            "forgotten": self._forgotten,
            "gaps": sorted(self._gaps),
            "block": self._int8.block,
        }

        def work() -> None:
            kept = vector_file.Kept(self._ids, self._slot, self._row_of, spaces, self._space_codes[:n])
            vector_file.save(self.saved, meta, self._matrix[:n], kept, self._int8.state(self._matrix))  # type: ignore[arg-type]

        try:
            await asyncio.to_thread(work)
        except OSError as exc:
            log.warning("vector index: cannot write %s (%s)", self.saved, exc.strerror or type(exc).__name__)


class SemanticIndex(_KeptOnDisk):
    """Implements ``SemanticSide`` (``bot/research/search.py``).

    Rows are slots in one growing float32 matrix; a re-embedded entry overwrites its
    slot. ``refresh`` reads only embedding rows newer than the last one it saw, so
    entries added by other processes show up at the next search. An int8 copy of the
    rows (``Int8Blocks``) narrows each search to the few rows that can make the top k;
    only those are scored in float32.
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
        int8_block: int = BLOCK,
        refresh_every: timedelta = REFRESH_EVERY,
        saved: Path | None = None,
        save_after: int = 1000,
    ) -> None:
        self.embedder = embedder
        # the index kept next to the data (``vector_file``): read at the first refresh,
        # written again after a refresh that read at least ``save_after`` rows
        self.saved = saved
        self.save_after = save_after
        self.loaded = "not loaded yet"  # what the first refresh did, for the start-up line
        self._restored = False
        self.store = EmbeddingStore(db)
        self.clock = clock or SystemClock()
        self._gate = RefreshGate(db, "entry_embeddings", clock=self.clock, every=refresh_every)
        self.embedding = EntryEmbedding(self.store, embedder, clock=self.clock, write_batch=write_batch)
        self._cache_size = query_cache
        self._query_cache: OrderedDict[str, np.ndarray] = OrderedDict()
        dim = embedder.dim
        self._matrix = np.zeros((0, dim), dtype=np.float32)
        self._int8 = Int8Blocks(dim, block=int8_block)
        self._space_codes = np.zeros(0, dtype=np.int32)
        self._size = 0
        self._ids: list[str] = []
        self._slot: dict[str, int] = {}
        self._space_code: dict[str, int] = {}
        self._last_id = 0
        self._forgotten = 0  # the last entry tombstone read (``storage/records.py``)
        self._hidden_cache: dict[tuple[str, ...], np.ndarray | None] = {}
        # the last searches' results, while the rows stand still (an investigation asks the
        # same question twice: for earlier answers, then for notes)
        self._found: OrderedDict[tuple[str, tuple[str, ...], int], list[tuple[str, float]]] = OrderedDict()
        self._row_of: dict[str, int] = {}  # entry id → the embedding row its slot holds
        self._gaps: dict[int, datetime] = {}  # row ids skipped while reading, when first seen
        self.track_gaps = db.dialect != "sqlite"  # SQLite commits ids in order
        self._lock = asyncio.Lock()

    def __len__(self) -> int:
        return self._size

    @property
    def nbytes(self) -> int:
        """The float32 rows (with their spare capacity), their space codes and the int8 copy."""
        return self._matrix.nbytes + self._space_codes.nbytes + self._int8.nbytes

    # loading --------------------------------------------------------------------------

    async def refresh(self, *, force: bool = False) -> int:
        """Take in vectors stored since the last refresh (all of them, the first time).
        Returns how many rows were read. Near real time (``RefreshGate``): this process's
        own writes are read at the next search, other processes' within ``refresh_every``
        (unless ``force``)."""
        if not force and not self._lock.locked() and self._gate.quiet():
            return 0  # (while a read runs, a caller waits for it below, as before)
        async with self._lock:
            if not self._gate.due(force=force):
                return 0
            started = time.monotonic()
            from_file = 0
            if not self._restored and self.saved is not None:
                self._restored = True
                from_file = await self._restore()
            now = self.clock.now()
            self._gaps = {i: seen for i, seen in self._gaps.items() if now - seen < GAP_TTL}
            if not from_file and not self._gaps and self.loaded != "not loaded yet":
                # most checks find nothing new: one short read says so (the full reads
                # below take ~2 ms and two trips to the storage thread)
                row_id, tombstone = await self.store.newest()
                if row_id <= self._last_id and tombstone <= self._forgotten:
                    return 0
            batch = await self.store.load_since(
                model=self.model, dim=self.embedder.dim, after_id=self._last_id, also=sorted(self._gaps)
            )
            if batch.entry_ids:
                self._apply(batch)
            if self.track_gaps and batch.last_id > self._last_id:
                # PostgreSQL hands out ids before commit, so a transaction still open may
                # commit a lower id after we have read higher ones: look for it again.
                seen = set(batch.row_ids)
                low = max(self._last_id, batch.last_id - GAP_WINDOW)
                self._gaps.update({i: now for i in range(low + 1, batch.last_id) if i not in seen})
            for row_id in batch.row_ids:
                self._gaps.pop(row_id, None)
            self._last_id = max(self._last_id, batch.last_id)
            gone, self._forgotten = await self.store.forgotten_since(self._forgotten, model=self.model)
            dropped = self._drop(gone)
            read = len(batch.entry_ids)
            # a forgotten entry's vector leaves the file too, not only the memory
            if self.saved is not None and (read + len(gone) >= self.save_after or dropped):
                await self._save()
            if from_file or self.loaded == "not loaded yet":
                self.loaded = (
                    f"{from_file} vectors from {self.saved} and {read} rows from the database"
                    if from_file
                    else f"{read} rows from the database"
                ) + f" in {time.monotonic() - started:.1f} s"
                log.info("vector index: %s", self.loaded)
            keep_long_lived(from_file + read)
            return read

    def _drop(self, entry_ids: Sequence[str]) -> int:
        """Forgotten entries: their vectors are zeroed and their slots hidden from everyone
        (an entry written again later gets a new slot). Returns how many were held."""
        slots = [self._slot.pop(i) for i in entry_ids if i in self._slot]
        for entry_id in entry_ids:
            self._row_of.pop(entry_id, None)
        if not slots:
            return 0
        where = np.array(slots, dtype=np.int64)
        self._matrix[where] = 0.0
        self._space_codes[where] = -1
        self._int8.update(self._matrix, self._size, where)
        self._hidden_cache.clear()
        self._found.clear()
        return len(slots)

    def _apply(self, batch: VectorBatch) -> None:
        self._hidden_cache.clear()
        self._found.clear()
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
        self._int8.update(self._matrix, self._size, slots)

    # searching ------------------------------------------------------------------------

    async def search(self, query: str, *, spaces: Sequence[str], limit: int) -> list[tuple[str, float]]:
        """The entries closest to ``query``, best first, as (entry id, cosine)."""
        if not query.strip() or limit <= 0:
            return []
        vector, _ = await asyncio.gather(self.query_vector(query), self.refresh())
        key = (query.strip(), tuple(sorted(set(spaces))), limit)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = self._top(vector[None, :], spaces=spaces, limit=limit)
            if len(self._found) > 32:
                self._found.popitem(last=False)
        return list(found)

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
        return self._similar(entry_ids, spaces=spaces, limit=limit, min_score=min_score)

    def _similar(
        self, entry_ids: Sequence[str], *, spaces: Sequence[str], limit: int, min_score: float
    ) -> list[Similar]:
        seeds = [i for i in dict.fromkeys(entry_ids) if i in self._slot]
        if not seeds or limit <= 0:
            return []
        hidden = self._hidden(spaces)
        if hidden is None:
            return []
        given = np.array([self._slot[i] for i in seeds], dtype=np.int64)
        found = self._candidates(self._matrix[given], np.concatenate([hidden, given]), limit)
        nearest = found.scores.argmax(axis=1)
        best = found.scores[np.arange(len(nearest)), nearest]
        return [
            Similar(self._ids[found.slots[k]], seeds[int(nearest[k])], float(best[k]))
            for k in self._best(best, limit)
            if best[k] >= min_score
        ]

    async def vectors_of(self, entry_ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored (unit) vectors of those entries that have one."""
        await self.refresh()
        return {i: self._matrix[self._slot[i]] for i in entry_ids if i in self._slot}

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
        found = self._candidates(queries, hidden, limit)
        scores = found.scores.max(axis=1)
        best = self._best(scores, limit)
        ids = self._ids
        return list(zip([ids[k] for k in found.slots[best].tolist()], scores[best].tolist(), strict=True))

    def _candidates(self, queries: np.ndarray, hidden: np.ndarray, limit: int) -> Candidates:
        """The slots not ``hidden`` (repeats allowed) whose best score over ``queries`` (q, d) may be among
        the ``limit`` best, with their exact scores. A row is left out only when its upper
        bound is below the ``limit``-th best lower bound, so the top ``limit`` is always in."""
        queries = np.ascontiguousarray(queries, dtype=np.float32).reshape(-1, self._matrix.shape[1])
        n, sealed = self._size, self._int8.sealed
        lower = np.empty(n, dtype=np.float32)
        upper = np.empty(n, dtype=np.float32)
        self._int8.bounds(queries, lower[:sealed], upper[:sealed])
        # rows without valid int8 codes (the tail not yet in a block, rows overwritten
        # since their block was built) are scored exactly: their bounds meet
        lower[sealed:] = upper[sealed:] = _dots(self._matrix[sealed:n], queries).max(axis=1)
        stale = self._int8.stale
        if stale.size:
            lower[stale] = upper[stale] = _dots(self._matrix[stale], queries).max(axis=1)
        lower[hidden] = upper[hidden] = -np.inf
        threshold = np.partition(lower, n - limit)[n - limit] if limit < n else -np.inf
        slots = np.flatnonzero(upper >= threshold if np.isfinite(threshold) else np.isfinite(upper))
        return Candidates(slots, _dots(self._matrix[slots], queries))

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
        """``EntryEmbedding.embed_entries``."""
        return await self.embedding.embed_entries(entries, force=force, progress=progress)

    async def reindex(
        self, *, spaces: Sequence[str] | None = None, force: bool = False, progress: Progress | None = None
    ) -> int:
        """``EntryEmbedding.reindex``."""
        return await self.embedding.reindex(spaces=spaces, force=force, progress=progress)


def _dots(rows: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """``rows @ queries.T`` in float32, one query at a time in numpy's own loop rather than
    BLAS: OpenBLAS splits even a few hundred rows across its threads, and when the other
    core is busy, waiting for it costs ~8 ms (seen here on two cores)."""
    out = np.empty((rows.shape[0], queries.shape[0]), dtype=np.float32)
    for k, query in enumerate(queries):
        out[:, k] = np.einsum("ij,j->i", rows, query)
    return out


# the int8 copy --------------------------------------------------------------------------


class Int8Blocks:
    """An int8 copy of the index rows in sealed blocks of ``block`` rows (the last one may
    be shorter), each a tiny onnxruntime graph (``MatMulInteger``) holding its block's
    codes as a constant, which onnxruntime prepacks for its int8 kernel (several times
    faster than a float32 scan).

    A row ``v`` is held as ``v̂ = scale·codes`` (a per-row scale, 7-bit codes), a query
    ``q`` as ``q̂ = s·q8`` (8-bit). Their integer dot product is exact, and by
    Cauchy–Schwarz on both rounding errors

        |q·v − q̂·v̂| ≤ ‖q − q̂‖·‖v‖ + ‖q̂‖·‖v − v̂‖

    so every sealed row gets a lower and an upper bound on its score. Rows after the last
    block, and rows overwritten since their block was built (``stale``), have no valid
    codes: the caller scores them exactly. Where the int8 kernel is not exact, nothing is
    sealed and every search is a plain float32 scan.
    """

    def __init__(self, dim: int, *, block: int = BLOCK) -> None:
        self.dim = dim
        self.block = block
        # new rows are scored exactly until there are this many; then the last block,
        # which may be partial until it holds ``block`` rows, is rebuilt to take them
        self.step = max(1, block // 4)
        # overwritten rows a block may carry (each scored exactly) before it is rebuilt
        self.stale_limit = max(1, block // 16)
        self._blocks: list[tuple[int, int, Any]] = []  # (first slot, end slot, session)
        self._scale = np.zeros(0, dtype=np.float32)  # per sealed slot
        self._norm = np.zeros(0, dtype=np.float32)  # ‖v‖
        self._error = np.zeros(0, dtype=np.float32)  # ‖v − v̂‖
        self._stale: set[int] = set()
        self.stale = np.zeros(0, dtype=np.int64)  # the same, as a sorted array

    @property
    def sealed(self) -> int:
        """Slots [0, sealed) are in blocks."""
        return self._blocks[-1][1] if self._blocks else 0

    @property
    def nbytes(self) -> int:
        """The codes (held by onnxruntime, prepacked) and the per-row numbers."""
        return self.sealed * self.dim + self._scale.nbytes + self._norm.nbytes + self._error.nbytes

    def update(self, matrix: np.ndarray, size: int, written: np.ndarray) -> None:
        """Follow the index after it wrote the rows ``written`` of ``matrix``; ``size``
        rows are now in use."""
        touched = written[written < self.sealed]
        if touched.size:
            self._stale.update(touched.tolist())
            self.stale = np.array(sorted(self._stale), dtype=np.int64)
            starts = np.array([lo for lo, _, _ in self._blocks])
            per_block = np.bincount(np.searchsorted(starts, self.stale, side="right") - 1)
            for k in np.flatnonzero(per_block > self.stale_limit).tolist():
                self._seal(matrix, k, *self._blocks[k][:2])
        while size - self.sealed >= self.step and _int8_kernel_is_exact(self.dim):
            sealed = self.sealed
            start = sealed - sealed % self.block  # the last block's start, if it is partial
            end = start + min(self.block, (size - start) // self.step * self.step)
            self._seal(matrix, len(self._blocks) - (start < sealed), start, end)

    def _seal(self, matrix: np.ndarray, k: int, lo: int, hi: int) -> None:
        """(Re)build block ``k`` over slots [lo, hi) from the rows ``matrix`` holds now."""
        rows = matrix[lo:hi].astype(np.float64)
        peak = np.abs(rows).max(axis=1)
        scale = np.where(peak > 0, peak / CODE_MAX, 1.0).astype(np.float32)
        codes = _codes(rows, scale)
        session = _int8_session(codes.T)
        if hi > self._scale.size:
            grown = np.zeros(hi, dtype=np.float32)
            self._scale, self._norm, self._error = (
                np.concatenate([a, grown[a.size :]]) for a in (self._scale, self._norm, self._error)
            )
        self._scale[lo:hi] = scale
        self._norm[lo:hi] = np.linalg.norm(rows, axis=1)
        self._error[lo:hi] = np.linalg.norm(rows - codes.astype(np.float64) * scale[:, None], axis=1)
        if k == len(self._blocks):
            self._blocks.append((lo, hi, session))
        else:
            self._blocks[k] = (lo, hi, session)
        self._stale = {s for s in self._stale if not lo <= s < hi}
        self.stale = np.array(sorted(self._stale), dtype=np.int64)

    def state(self, matrix: np.ndarray) -> dict[str, np.ndarray]:
        """What a saved index keeps of the copy (``vector_file``): the blocks' bounds, their
        codes, the per-row numbers and the stale rows. The codes are made again from
        ``matrix``: a row that is not stale holds what its block was built from, so they
        are the block's own (a stale row's mean nothing, here as in a block)."""
        sealed = self.sealed
        codes = np.empty((sealed, self.dim), dtype=np.int8)
        for lo, hi, _ in self._blocks:
            codes[lo:hi] = _codes(matrix[lo:hi].astype(np.float64), self._scale[lo:hi])
        return {
            "int8_bounds": np.array([(lo, hi) for lo, hi, _ in self._blocks], dtype=np.int64).reshape(-1, 2),
            "int8_codes": codes,
            "int8_scale": self._scale[:sealed].copy(),
            "int8_norm": self._norm[:sealed].copy(),
            "int8_error": self._error[:sealed].copy(),
            "int8_stale": self.stale.copy(),
        }

    def restore(self, arrays: dict[str, np.ndarray], size: int) -> None:
        """Take the blocks of a saved copy (``state``) over ``size`` rows: one onnxruntime
        session per block from its codes, no row quantized again. A copy that does not fit
        this one (another block size, rows out of range) raises ``ValueError``."""
        bounds = arrays["int8_bounds"]
        if not len(bounds) or not _int8_kernel_is_exact(self.dim):
            return
        sealed = int(bounds[-1, 1])
        widths = bounds[:, 1] - bounds[:, 0]
        if (
            bounds[0, 0] != 0
            or np.any(bounds[1:, 0] != bounds[:-1, 1])
            or np.any(widths <= 0)
            or np.any(widths[:-1] != self.block)
            or widths[-1] > self.block
            or sealed > size
            or arrays["int8_codes"].shape != (sealed, self.dim)
            or any(arrays[f"int8_{n}"].shape != (sealed,) for n in ("scale", "norm", "error"))
        ):
            raise ValueError("the saved int8 blocks do not fit this index")
        stale = arrays["int8_stale"].astype(np.int64)
        if stale.size and (stale.min() < 0 or stale.max() >= sealed):
            raise ValueError("stale rows out of range")
        codes = arrays["int8_codes"]
        self._blocks = [
            (lo, hi, _int8_session(np.ascontiguousarray(codes[lo:hi].T))) for lo, hi in bounds.tolist()
        ]
        self._scale, self._norm, self._error = (
            np.array(arrays[f"int8_{n}"], dtype=np.float32) for n in ("scale", "norm", "error")
        )
        self._stale = set(stale.tolist())
        self.stale = np.array(sorted(self._stale), dtype=np.int64)

    def bounds(self, queries: np.ndarray, lower: np.ndarray, upper: np.ndarray) -> None:
        """Write into ``lower`` and ``upper`` (one per sealed row) bounds on each row's best
        dot product with ``queries`` (q, d). Stale rows get numbers too, which mean nothing.
        With two cores or more the blocks are scanned in two halves at once, the second on
        a helper thread (onnxruntime and numpy let go of the GIL): the scan is bound by
        memory, and each core brings its own bandwidth. Each row's numbers are the same
        either way (only whole rows are split)."""
        if not self._blocks:
            return
        exact = queries.astype(np.float64)
        peak = np.abs(exact).max(axis=1)
        scale = np.where(peak > 0, peak / QUERY_MAX, 1.0).astype(np.float32)[:, None]
        q8 = np.clip(np.rint(exact / scale), -QUERY_MAX, QUERY_MAX)
        rounded = q8 * scale
        query = _Query(
            feed={"A": (q8 + 128).astype(np.uint8)},
            scale=scale,
            error=(np.linalg.norm(exact - rounded, axis=1) + SLACK * np.linalg.norm(exact, axis=1)).astype(
                np.float32
            )[:, None],
            norm=np.linalg.norm(rounded, axis=1).astype(np.float32)[:, None],
        )
        blocks = self._blocks
        half = len(blocks) // 2
        helper = _scan_helper() if half else None
        if helper is None:
            self._bounds_of(blocks, query, lower, upper)
            return
        second = helper.submit(self._bounds_of, blocks[half:], query, lower, upper)
        try:
            self._bounds_of(blocks[:half], query, lower, upper)
        finally:
            second.result()

    def _bounds_of(
        self, blocks: Sequence[tuple[int, int, Any]], query: _Query, lower: np.ndarray, upper: np.ndarray
    ) -> None:
        """``bounds`` for the consecutive ``blocks`` (their rows' slots of ``lower``, ``upper``)."""
        start, end = blocks[0][0], blocks[-1][1]
        # float32 holds every |dot| ≤ 127·63·dim exactly while that stays below 2**24
        exact_type = np.float32 if QUERY_MAX * CODE_MAX * self.dim < 2**24 else np.float64
        approx = np.empty((len(query.scale), end - start), dtype=exact_type)
        for lo, hi, session in blocks:
            approx[:, lo - start : hi - start] = session.run(None, query.feed)[0]
        approx *= self._scale[start:end]
        approx *= query.scale
        width = query.error * self._norm[start:end]
        width += query.norm * self._error[start:end]
        np.max(approx - width, axis=0, out=lower[start:end])
        np.max(np.add(approx, width, out=approx), axis=0, out=upper[start:end])


class _Query(NamedTuple):
    """A query batch as ``Int8Blocks.bounds`` feeds it to every block."""

    feed: dict[str, np.ndarray]  # the 8-bit codes, offset to uint8
    scale: np.ndarray  # (q, 1) s
    error: np.ndarray  # (q, 1) ‖q − q̂‖ plus the rounding slack
    norm: np.ndarray  # (q, 1) ‖q̂‖


@functools.cache
def _scan_helper() -> ThreadPoolExecutor | None:
    """The one thread that scans the second half of the int8 blocks, or None on one core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="mallory-scan") if cores > 1 else None


if hasattr(os, "register_at_fork"):  # a forked child has no helper thread: it makes its own
    os.register_at_fork(after_in_child=_scan_helper.cache_clear)


def _codes(rows: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """7-bit codes of ``rows`` (float64) at a per-row ``scale`` (float32)."""
    return np.clip(np.rint(rows / scale[:, None]), -CODE_MAX, CODE_MAX).astype(np.int8)


def _int8_session(codes_t: np.ndarray) -> Any:
    """An onnxruntime session computing ``(A − 128)·codes_t`` for a uint8 input ``A``
    (q, d), ``codes_t`` (d, rows) int8, in one thread (the scan is bound by memory)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    return ort.InferenceSession(_matmul_integer_model(codes_t), options, providers=["CPUExecutionProvider"])


@functools.cache
def _int8_kernel_is_exact(dim: int) -> bool:
    """Whether this machine's onnxruntime int8 kernel gives exact integer dot products
    at the extremes we feed it (the bounds depend on it); once per process."""
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    rng = np.random.default_rng(0)
    codes = rng.integers(-CODE_MAX, CODE_MAX + 1, size=(64, dim))
    codes[:2] = [[CODE_MAX], [-CODE_MAX]]
    q8 = rng.integers(-QUERY_MAX, QUERY_MAX + 1, size=(4, dim))
    q8[:2] = [[QUERY_MAX], [-QUERY_MAX]]
    session = _int8_session(codes.astype(np.int8).T)
    # one query row and several take different kernel paths
    return all(
        np.array_equal(session.run(None, {"A": (q + 128).astype(np.uint8)})[0], q @ codes.T)
        for q in (q8, q8[:1], q8[1:2])
    )


def _matmul_integer_model(codes_t: np.ndarray) -> bytes:
    """A serialized ONNX model: ``Y = MatMulInteger(A, B, a_zero_point=128)`` with A a
    uint8 input (q, d) and B the int8 constant ``codes_t`` (d, rows). Written field by
    field (the numbers are onnx.proto's) rather than pulling in the onnx package."""
    dim, rows = codes_t.shape
    uint8, int8, int32 = 2, 3, 6  # TensorProto.DataType

    def tensor(name: str, data_type: int, array: np.ndarray) -> bytes:
        dims = b"".join(_pb_int(1, d) for d in array.shape)
        return dims + _pb_int(2, data_type) + _pb_bytes(8, name) + _pb_bytes(9, array.tobytes())

    def value_info(name: str, elem_type: int, shape: Sequence[int | str]) -> bytes:
        dims = b"".join(_pb_bytes(1, _pb_bytes(2, d) if isinstance(d, str) else _pb_int(1, d)) for d in shape)
        return _pb_bytes(1, name) + _pb_bytes(2, _pb_bytes(1, _pb_int(1, elem_type) + _pb_bytes(2, dims)))

    node = (
        b"".join(_pb_bytes(1, n) for n in ("A", "B", "zero"))
        + _pb_bytes(2, "Y")
        + _pb_bytes(4, "MatMulInteger")
    )
    graph = (
        _pb_bytes(1, node)
        + _pb_bytes(2, "int8_scan")
        + _pb_bytes(5, tensor("B", int8, np.ascontiguousarray(codes_t, dtype=np.int8)))
        + _pb_bytes(5, tensor("zero", uint8, np.array(128, dtype=np.uint8)))
        + _pb_bytes(11, value_info("A", uint8, ["queries", dim]))
        + _pb_bytes(12, value_info("Y", int32, ["queries", rows]))
    )
    opset = _pb_bytes(1, "") + _pb_int(2, 13)
    return _pb_int(1, 8) + _pb_bytes(8, opset) + _pb_bytes(7, graph)  # IR version 8


def _pb_int(field: int, value: int) -> bytes:
    return _varint(field << 3) + _varint(value)


def _pb_bytes(field: int, payload: bytes | str) -> bytes:
    data = payload.encode() if isinstance(payload, str) else payload
    return _varint(field << 3 | 2) + _varint(len(data)) + data


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)
