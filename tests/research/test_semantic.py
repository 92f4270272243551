"""The in-process vector index: lazy load, incremental refresh across processes, space
scoping, similar entries, and (re)embedding only what changed."""

from __future__ import annotations

import numpy as np
import pytest
from research_helpers import NOW, WordHashEmbedder, draft
from sqlalchemy import insert, select

from bot.research.semantic import SemanticIndex, document_text
from storage.db import Database
from storage.embeddings import EmbeddingStore, embeddings_table, to_blob
from storage.knowledge import Knowledge, visible_spaces


async def _add(knowledge: Knowledge, index: SemanticIndex, *drafts_: object) -> list[str]:
    pairs = await knowledge.upsert_many(list(drafts_), now=NOW)  # type: ignore[arg-type]
    await index.embed_entries([e for e, _ in pairs])
    return [e.id for e, _ in pairs]


async def test_vectors_are_stored_as_float32_bytes_per_entry_and_model(
    any_db: Database, embedder: WordHashEmbedder
) -> None:
    db, knowledge = any_db, Knowledge(any_db)
    index = SemanticIndex(db, embedder)
    [entry_id] = await _add(knowledge, index, draft("global", "a", "Storage backend", "We chose PostgreSQL"))
    async with db.read() as session:
        rows = (await session.execute(select(embeddings_table))).mappings().all()
    assert len(rows) == 1
    row = rows[0]
    assert row["entry_id"] == entry_id and row["model"] == embedder.name and row["dim"] == embedder.dim
    stored = np.frombuffer(row["vector"], dtype="<f4")
    entry = await knowledge.get(entry_id, spaces=["global"])
    assert entry is not None
    expected = (await embedder.embed([document_text(entry)]))[0]
    assert np.array_equal(stored, expected)


async def test_refresh_sees_rows_another_process_added_after_the_first_load(
    any_db_url: str, any_db: Database, embedder: WordHashEmbedder
) -> None:
    db, knowledge = any_db, Knowledge(any_db)
    reader = SemanticIndex(db, embedder)
    await _add(knowledge, reader, draft("global", "a", "Storage backend decision", "PostgreSQL over MySQL"))
    first = await reader.search("storage backend", spaces=["global"], limit=5)
    assert len(first) == 1 and len(reader) == 1

    # a second process: its own engine on the same file, its own index
    other_db = Database(any_db_url)
    try:
        other = SemanticIndex(other_db, WordHashEmbedder())
        kafka = draft("global", "b", "Kafka retention policy", "Seven days of retention")
        [new_id] = await _add(Knowledge(other_db), other, kafka)
    finally:
        await other_db.dispose()

    hits = await reader.search("kafka retention", spaces=["global"], limit=5)
    assert hits[0][0] == new_id
    assert len(reader) == 2
    assert await reader.refresh() == 0  # nothing newer: nothing read


async def test_changed_entries_are_re_embedded_and_replace_their_slot(
    any_db: Database, embedder: WordHashEmbedder
) -> None:
    db, knowledge = any_db, Knowledge(any_db)
    index = SemanticIndex(db, embedder)
    ids = await _add(
        knowledge,
        index,
        draft("global", "a", "Onboarding checklist", "laptops badges accounts"),
        draft("global", "b", "Incident review", "database failover outage"),
    )
    assert [i for i, _ in await index.search("outage failover", spaces=["global"], limit=1)] == [ids[1]]
    calls_before = len(embedder.calls)
    unchanged = await knowledge.upsert_many(
        [draft("global", "a", "Onboarding checklist", "laptops badges accounts")], now=NOW
    )
    assert await index.embed_entries([e for e, _ in unchanged]) == 0
    assert len(embedder.calls) == calls_before  # nothing sent to the model

    changed = await knowledge.upsert_many(
        [draft("global", "a", "Onboarding checklist", "database failover outage drill for new hires")],
        now=NOW,
    )
    assert await index.embed_entries([e for e, _ in changed]) == 1
    hits = await index.search("outage failover drill", spaces=["global"], limit=2)
    assert hits[0][0] == ids[0]
    assert len(index) == 2  # same slot, not a second copy
    assert await EmbeddingStore(db).count(model=embedder.name) == 2
    assert await index.embed_entries([e for e, _ in changed], force=True) == 1


async def test_search_never_returns_another_spaces_entries(
    any_db: Database, embedder: WordHashEmbedder
) -> None:
    db, knowledge = any_db, Knowledge(any_db)
    index = SemanticIndex(db, embedder)
    a, b, g = await _add(
        knowledge,
        index,
        draft("team-a", "x", "Pricing experiment results", "pricing experiment conversion"),
        draft("team-b", "x", "Pricing experiment results", "pricing experiment conversion uplift"),
        draft("global", "y", "Company pricing policy", "pricing policy"),
    )
    query = "pricing experiment conversion uplift"
    seen = await index.search(query, spaces=visible_spaces("team-a"), limit=10)
    assert {i for i, _ in seen} == {a, g}
    assert await index.search("pricing", spaces=["nobody"], limit=10) == []
    near = await index.similar([a], spaces=visible_spaces("team-a"), limit=10)
    assert [s.entry_id for s in near] == [g]
    near_b = await index.similar([b], spaces=visible_spaces("team-b"), limit=10)
    assert a not in {s.entry_id for s in near_b}


async def test_similar_ranks_neighbours_of_any_seed_and_leaves_seeds_out(
    any_db: Database, embedder: WordHashEmbedder
) -> None:
    db, knowledge = any_db, Knowledge(any_db)
    index = SemanticIndex(db, embedder)
    kafka, pg, kafka2, pg2, cooking = await _add(
        knowledge,
        index,
        draft("global", "1", "Kafka consumer lag", "kafka consumer lag partitions"),
        draft("global", "2", "Postgres vacuum tuning", "postgres vacuum autovacuum bloat"),
        draft("global", "3", "Kafka partitions", "kafka partitions consumer rebalancing"),
        draft("global", "4", "Autovacuum bloat", "postgres autovacuum bloat tables"),
        draft("global", "5", "Sourdough", "flour water salt starter"),
    )
    near = await index.similar([kafka, pg], spaces=["global"], limit=2)
    assert {s.entry_id for s in near} == {kafka2, pg2}
    by_id = {s.entry_id: s for s in near}
    assert by_id[kafka2].near == kafka and by_id[pg2].near == pg
    assert all(0 < s.score <= 1.0001 for s in near)
    entry_id, seed_id, score = near[0]  # unpacks as (entry id, seed id, similarity)
    assert (entry_id, seed_id, score) == (near[0].entry_id, near[0].near, max(s.score for s in near))
    assert all(s.entry_id != cooking for s in await index.similar([kafka], spaces=["global"], limit=2))
    assert await index.similar(["not-an-entry"], spaces=["global"], limit=3) == []


async def test_reindex_embeds_everything_missing_and_reports_progress(
    any_db: Database, embedder: WordHashEmbedder
) -> None:
    knowledge = Knowledge(any_db)
    await knowledge.upsert_many(
        [draft("global" if i % 2 else "team", str(i), f"Note {i}", f"body {i} words") for i in range(23)],
        now=NOW,
    )
    index = SemanticIndex(any_db, embedder, write_batch=4)
    seen: list[tuple[int, int]] = []
    assert await index.reindex(spaces=["team"], progress=lambda d, t: seen.append((d, t))) == 12
    assert seen[0] == (0, 12) and seen[-1] == (12, 12)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert await index.reindex() == 11  # the rest; the team's are up to date
    assert await index.reindex() == 0
    assert await index.reindex(force=True) == 23
    await index.refresh()
    assert len(index) == 23


async def test_a_lower_row_id_committed_late_is_still_picked_up(
    any_db: Database, embedder: WordHashEmbedder
) -> None:
    """PostgreSQL gives out row ids at insert time: a transaction that started first can
    commit after one that started later. The index must not skip its row for good."""
    if any_db.dialect != "postgresql":
        pytest.skip("SQLite has one writer at a time: ids become visible in order")
    knowledge = Knowledge(any_db)
    index = SemanticIndex(any_db, embedder)
    pairs = await knowledge.upsert_many(
        [
            draft("global", "slow", "Slow writer", "tape archive"),
            draft("global", "fast", "Fast writer", "ssd"),
        ],
        now=NOW,
    )
    slow, fast = (e for e, _ in pairs)
    vectors = await embedder.embed([document_text(slow), document_text(fast)])

    def row(entry: object, vector: np.ndarray) -> dict[str, object]:
        return {
            "entry_id": entry.id,
            "model": embedder.name,
            "space": "global",
            "dim": embedder.dim,  # type: ignore[attr-defined]
            "vector": to_blob(vector),
            "text_hash": "h",
            "created_at": NOW.replace(tzinfo=None),
        }

    with any_db.blocking.connect() as first:
        open_tx = first.begin()
        first.execute(insert(embeddings_table), [row(slow, vectors[0])])  # takes the lower id, stays open
        with any_db.blocking.begin() as second:
            second.execute(insert(embeddings_table), [row(fast, vectors[1])])
        assert [i for i, _ in await index.search("ssd", spaces=["global"], limit=5)] == [fast.id]
        open_tx.commit()
    hits = await index.search("tape archive", spaces=["global"], limit=5)
    assert hits[0][0] == slow.id
    assert len(index) == 2
