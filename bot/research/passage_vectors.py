"""Passage vectors, embedded once: a passage's vector is looked for in memory (the most
recently used, by text), then in the database (``storage/passages.py``, by the hash of the
text), and only then embedded, and stored there for every later question and process. A
note's passages are embedded when the note is indexed (``Answerer.index_passages``), so
a question scores them without waiting for the model."""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from storage.errors import StorageError
from storage.passages import PassageRow, PassageStore

log = logging.getLogger(__name__)


def passage_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


class PassageVectors:
    def __init__(self, embedder: Any, store: PassageStore | None, *, cache: int = 20_000) -> None:
        self.embedder = embedder
        self.store = store
        self._cache = cache
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()

    def clear(self) -> None:
        """Forget what is held in memory (after a ``forget``: forgotten text is not kept)."""
        self._vectors.clear()

    async def of(self, texts: Sequence[str], owners: Sequence[tuple[str, int]]) -> np.ndarray:
        """The vectors of ``texts`` (n, dim), each text's owner (entry id, revision) the note
        it was cut from: what is embedded here is stored under it."""
        found = {t: self._vectors[t] for t in texts if t in self._vectors}
        missing = {t: o for t, o in zip(texts, owners, strict=True) if t not in found}
        if missing:
            found.update(await self._load(missing))
        # the answer is composed before the cache is trimmed: a call with more texts than the
        # cache holds (a long note's passages) evicts some of its own, never loses them
        for t in texts:
            self._vectors[t] = found[t]
            self._vectors.move_to_end(t)
        while len(self._vectors) > self._cache:
            self._vectors.popitem(last=False)
        return np.stack([found[t] for t in texts]) if texts else np.zeros((0, 1), dtype=np.float32)

    async def _load(self, missing: dict[str, tuple[str, int]]) -> dict[str, np.ndarray]:
        model, dim = self.embedder.name, self.embedder.dim
        hashes = {t: passage_hash(t) for t in missing}
        stored = await self.store.get(list(hashes.values()), model=model, dim=dim) if self.store else {}
        out = {t: stored[h] for t, h in hashes.items() if h in stored}
        todo = [t for t in missing if t not in out]
        if todo:
            vectors = await self.embedder.embed(todo, input_type="document")
            out.update(zip(todo, vectors, strict=True))
            if self.store is not None:
                rows = [PassageRow(*missing[t], hashes[t], v) for t, v in zip(todo, vectors, strict=True)]
                try:
                    await self.store.put(rows, model=model)
                except StorageError as exc:  # kept in memory; the next process embeds them again
                    log.warning("passage vectors: not stored (%s)", type(exc).__name__)
        return out
