"""Entries' vectors computed and stored: the text a vector is made from, and the batches
that embed what changed since it was last embedded (``SemanticIndex`` reads them back)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from bot.clock import Clock
from bot.research.embedders import Embedder
from storage.embeddings import EmbeddingStore, VectorRow
from storage.models import Entry

Progress = Callable[[int, int], None]  # (done, total)


def document_text(entry: Entry) -> str:
    """What an entry's vector is made from: its title, then its content."""
    title = entry.title.strip()
    content = entry.content.strip()
    return f"{title}\n\n{content}" if title and content else title or content


def text_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


class EntryEmbedding:
    def __init__(
        self, store: EmbeddingStore, embedder: Embedder, *, clock: Clock, write_batch: int = 128
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.clock = clock
        self.write_batch = write_batch

    async def embed_entries(
        self, entries: Sequence[Entry], *, force: bool = False, progress: Progress | None = None
    ) -> int:
        """Compute and store vectors for entries whose text changed since they were last
        embedded (all of them with ``force``), in batches. Returns how many were embedded."""
        model = self.embedder.name
        texts = {e.id: document_text(e) for e in entries}
        hashes = {i: text_hash(t) for i, t in texts.items()}
        stored = {} if force else await self.store.text_hashes(texts, model=model)
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
                model=model,
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
