"""Passage vectors, embedded once (``bot/research/passage_vectors.py``, ``storage/passages.py``):
a note's passages are embedded when the note is indexed and kept in the database, so an
investigation in another process embeds no passage; a changed note's older passages are
replaced, and a forgotten note's go with it. On SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from research_helpers import NOW, WordHashEmbedder
from sqlalchemy import select

from bot.knowledge.ingest import ingest_path
from bot.llm import OfflineProvider
from bot.research.evidence import Answerer
from bot.research.investigate import Investigator
from bot.research.passage_vectors import passage_hash
from bot.research.search import Retriever
from bot.research.semantic import SemanticIndex
from storage.db import Database
from storage.knowledge import EntryDraft, Knowledge, visible_spaces
from storage.passages import PassageStore, passages_table
from storage.records import forget

VAULT = Path(__file__).resolve().parents[2] / "examples" / "vault"
TOPIC = "the atlas storage backend decision"


class Process:
    """What one process holds: its own indexes, scorer and embedder, on the shared database."""

    def __init__(self, db: Database) -> None:
        self.embedder = WordHashEmbedder()
        self.knowledge = Knowledge(db)
        self.semantic = SemanticIndex(db, self.embedder)
        self.retriever = Retriever(self.knowledge, self.semantic)
        self.investigator = Investigator(
            self.knowledge, self.retriever, OfflineProvider(), similar=self.semantic
        )
        self.answerer: Answerer = self.investigator.recall.answerer

    async def index(self, entries: list[object]) -> None:
        """What the runtime does with entries just written (``bot/runtime.py`` ``_indexing``)."""
        await self.semantic.embed_entries(entries)  # type: ignore[arg-type]
        await self.answerer.index_passages(entries, visible_spaces)


async def _hashes(db: Database) -> list[tuple[str, str, int]]:
    rows = await db.run(
        lambda s: s.execute(
            select(passages_table.c.entry_id, passages_table.c.text_hash, passages_table.c.revision)
        ).all(),
        write=False,
    )
    return sorted((str(e), str(h), int(r)) for e, h, r in rows)


async def test_passages_are_embedded_at_indexing_and_an_investigation_elsewhere_embeds_none(
    any_db: Database,
) -> None:
    writer = Process(any_db)
    indexed: list[object] = []

    async def after(entries: object) -> None:
        indexed.extend(entries)  # type: ignore[call-overload]
        await writer.index(entries)  # type: ignore[arg-type]

    await ingest_path(VAULT, knowledge=writer.knowledge, space="global", now=NOW, after_upsert=after)
    stored = await _hashes(any_db)
    assert len({e for e, _, _ in stored}) == len({e.id for e in indexed})  # type: ignore[attr-defined]

    reader = Process(any_db)  # a restart, or another process: nothing in memory
    dossier = await reader.investigator.run(TOPIC, space="global")
    assert dossier.digest
    embedded = [t for call in reader.embedder.calls for t in call]
    passages = {h for _, h, _ in stored}
    assert embedded and not [t for t in embedded if passage_hash(t) in passages]
    assert await _hashes(any_db) == stored  # nothing was left to embed and store

    # the same investigation without the stored passages embeds every one it scores
    cold = Process(any_db)
    await any_db.run(lambda s: s.execute(passages_table.delete()))
    await cold.investigator.run(TOPIC, space="global")
    assert sum(len(call) for call in cold.embedder.calls) > len(embedded) + 50


async def test_a_changed_note_replaces_its_passages_and_a_forgotten_note_takes_them_along(
    any_db: Database,
) -> None:
    proc = Process(any_db)
    knowledge = proc.knowledge
    text = "The team chose PostgreSQL. Priya decided it on Monday. The cost was low."
    kept, _ = await knowledge.upsert(
        EntryDraft(space="alpha", source="a.md", title="Atlas", content=text), now=NOW
    )
    other, _ = await knowledge.upsert(
        EntryDraft(space="beta", source="b.md", title="Kafka", content=text), now=NOW
    )
    await proc.index([kept, other])
    first = await _hashes(any_db)
    assert {e for e, _, _ in first} == {kept.id, other.id}

    changed, _ = await knowledge.upsert(
        EntryDraft(space="alpha", source="a.md", title="Atlas", content="The team chose MySQL in the end."),
        now=NOW,
    )
    await proc.index([changed])
    now = await _hashes(any_db)
    assert {r for e, _, r in now if e == kept.id} == {changed.revision}
    assert [row for row in now if row[0] == other.id] == [row for row in first if row[0] == other.id]

    await forget(any_db, space="beta", now=NOW)
    assert {e for e, _, _ in await _hashes(any_db)} == {kept.id}
    assert await PassageStore(any_db).count([other.id]) == 0
    await forget(any_db, space="alpha", now=NOW)
    assert await PassageStore(any_db).count() == 0


async def test_an_investigation_asks_the_model_about_each_question_once(any_db: Database) -> None:
    """The topic is embedded for its search; the summary scoring passages against the same
    topic and facets, again and again, reads those vectors back rather than asking again."""
    writer = Process(any_db)

    async def after(entries: object) -> None:
        await writer.index(entries)  # type: ignore[arg-type]

    await ingest_path(VAULT, knowledge=writer.knowledge, space="global", now=NOW, after_upsert=after)
    reader = Process(any_db)
    dossier = await reader.investigator.run(TOPIC, space="global")
    assert dossier.digest
    asked = [text.strip() for call in reader.embedder.calls for text in call]
    assert TOPIC in asked
    assert sorted(asked) == sorted(set(asked))


async def test_more_passages_at_once_than_the_memory_holds_are_all_returned(any_db: Database) -> None:
    """A note cut into more passages than the in-memory cache holds (SciFact's ingest met
    it): every vector comes back, in order, and the cache keeps only the most recent."""
    from bot.research.passage_vectors import PassageVectors

    embedder = WordHashEmbedder()
    vectors = PassageVectors(embedder, PassageStore(any_db), cache=2)
    texts = ["first passage about pumps", "second passage about valves", "third passage about seals"]
    owners = [("e1", 1)] * 3
    got = await vectors.of(texts, owners)
    expected = await embedder.embed(texts, input_type="document")
    assert got.shape[0] == 3 and all((got[i] == expected[i]).all() for i in range(3))
    again = await vectors.of(texts[:1], owners[:1])  # evicted from memory: read from the database
    assert (again[0] == expected[0]).all()
