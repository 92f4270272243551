"""The in-process vector index: lazy load, incremental refresh across processes, space
scoping, similar entries, and (re)embedding only what changed."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import pytest
from research_helpers import NOW, WordHashEmbedder, draft
from sqlalchemy import insert, select

from bot.clock import FakeClock
from bot.research.embedding import document_text
from bot.research.semantic import SemanticIndex
from storage.db import Database
from storage.embeddings import EmbeddingStore, VectorRow, embeddings_table, to_blob
from storage.knowledge import Knowledge, visible_spaces
from storage.records import forget


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
    rows = await db.run(
        lambda session: session.execute(select(embeddings_table)).mappings().all(), write=False
    )
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
    clock = FakeClock(NOW)
    reader = SemanticIndex(db, embedder, clock=clock)
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

    # another process's rows are read once the refresh interval has passed
    clock.advance(0.5)
    assert new_id not in [i for i, _ in await reader.search("kafka retention", spaces=["global"], limit=5)]
    clock.advance(0.6)
    hits = await reader.search("kafka retention", spaces=["global"], limit=5)
    assert hits[0][0] == new_id
    assert len(reader) == 2
    assert await reader.refresh(force=True) == 0  # nothing newer: nothing read


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


async def test_the_same_search_again_follows_every_write(
    any_db: Database, embedder: WordHashEmbedder
) -> None:
    """A search asked again gives what the index holds now: an entry added, one re-embedded
    and a forgotten space each change the answer to the very same question."""
    db, knowledge = any_db, Knowledge(any_db)
    index = SemanticIndex(db, embedder)
    spaces = ["global", "team-a"]
    query = "database failover outage"
    [a] = await _add(
        knowledge, index, draft("global", "a", "Onboarding checklist", "laptops badges accounts")
    )
    [(_, before)] = await index.search(query, spaces=spaces, limit=3)
    [b] = await _add(knowledge, index, draft("team-a", "b", "Incident review", "database failover outage"))
    assert [i for i, _ in await index.search(query, spaces=spaces, limit=3)] == [b, a]
    await _add(knowledge, index, draft("global", "a", "Onboarding checklist", "database failover drill"))
    scores = dict(await index.search(query, spaces=spaces, limit=3))
    assert scores[a] > before
    assert await forget(db, space="team-a", now=NOW)
    assert [i for i, _ in await index.search(query, spaces=spaces, limit=3)] == [a]


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
    clock = FakeClock(NOW)
    index = SemanticIndex(any_db, embedder, clock=clock)
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
    clock.advance(1.5)  # written outside this process's stores: read at the next interval
    hits = await index.search("tape archive", spaces=["global"], limit=5)
    assert hits[0][0] == slow.id
    assert len(index) == 2


# exactness of the int8 scan -----------------------------------------------------------
#
# Small blocks (``int8_block``) so a few thousand rows make many sealed blocks, a tail
# and stale rows. Every answer is checked against a plain float32 scan done here.


class VectorTable:
    """An embedder answering from a table (query text → vector): the test picks vectors."""

    name = "test-vector-table"

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self.queries: dict[str, np.ndarray] = {}

    async def embed(self, texts: Sequence[str], *, input_type: str = "document") -> np.ndarray:
        return np.stack([self.queries[t] for t in texts]).astype(np.float32)

    def ask(self, vector: np.ndarray) -> str:
        key = f"q{len(self.queries)}"
        self.queries[key] = np.asarray(vector, dtype=np.float32)
        return key


class Corpus:
    """Entries with vectors of the test's choosing, written through the real store, and
    the reference answers computed from what was written."""

    def __init__(self, db: Database, embedder: VectorTable) -> None:
        self.knowledge = Knowledge(db)
        self.store = EmbeddingStore(db)
        self.embedder = embedder
        self.vectors: dict[str, np.ndarray] = {}
        self.space: dict[str, str] = {}

    async def add(self, vectors: np.ndarray, spaces: Sequence[str]) -> list[str]:
        base = len(self.vectors)
        drafts = [draft(s, f"v{base + k}", f"vector {base + k}") for k, s in enumerate(spaces)]
        entries = [e for e, _ in await self.knowledge.upsert_many(drafts, now=NOW)]
        self.space.update({e.id: e.space for e in entries})
        await self.put([e.id for e in entries], vectors)
        return [e.id for e in entries]

    async def put(self, entry_ids: Sequence[str], vectors: np.ndarray) -> None:
        """Store (or re-store: a re-embedding) these entries' vectors."""
        rows = [
            VectorRow(i, self.space[i], v.astype(np.float32), "h")
            for i, v in zip(entry_ids, vectors, strict=True)
        ]
        await self.store.put_many(rows, model=self.embedder.name, now=NOW.replace(tzinfo=None))
        self.vectors.update({r.entry_id: r.vector for r in rows})

    def scores(
        self, query: np.ndarray, spaces: Sequence[str], leave_out: Sequence[str] = ()
    ) -> dict[str, float]:
        """The plain float32 scan: every visible entry's dot product with ``query``."""
        ids = [i for i in self.vectors if self.space[i] in spaces and i not in leave_out]
        if not ids:
            return {}
        matrix = np.stack([self.vectors[i] for i in ids])
        return dict(zip(ids, (matrix @ np.asarray(query, dtype=np.float32)).tolist(), strict=True))

    def lengths(self, query: np.ndarray) -> dict[str, float]:
        """‖q‖·‖v‖ per entry: the size of float32 rounding in its score."""
        return {i: float(np.linalg.norm(query) * np.linalg.norm(v)) for i, v in self.vectors.items()}


def assert_same_top(
    got: list[tuple[str, float]],
    reference: dict[str, float],
    limit: int,
    scale: dict[str, float] | None = None,
) -> None:
    """``got`` is the reference's top ``limit``, best first, ties aside, and its scores are
    the reference's, both within 1e-5 × ‖q‖·‖v‖ (``scale``; 1 for unit vectors): float32
    rounding grows with the lengths, not with the score."""
    ranked = sorted(reference.values(), reverse=True)
    assert len(got) == min(limit, len(ranked))
    if not got:
        return
    tolerance = {i: 1e-5 * max(1.0, (scale or {}).get(i, 1.0)) for i in reference}
    kth = ranked[len(got) - 1]
    tie = max(tolerance.values())
    ids = [i for i, _ in got]
    assert len(set(ids)) == len(ids)
    for entry_id, score in got:
        assert entry_id in reference, "an entry the caller may not see, or a seed"
        assert abs(score - reference[entry_id]) <= tolerance[entry_id]
        assert reference[entry_id] >= kth - tie, "an entry outside the top k"
    assert {i for i, s in reference.items() if s > kth + tie} <= set(ids), "a top-k entry missing"
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(got))


def unit_rows(rows: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return (rows / np.where(norms > 0, norms, 1)).astype(np.float32)


def dataset(kind: str, n: int, dim: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(rows, queries). ``ties``: rows 1e-4 apart around a few directions, far closer than
    the int8 error, so the bounds decide nothing and the re-scoring everything; ``norms``:
    lengths from 0 (a zero row) to 100, and rows dominated by one coordinate (coarse codes)."""
    if kind == "gaussian":
        return unit_rows(rng.standard_normal((n, dim))), unit_rows(rng.standard_normal((6, dim)))
    if kind == "clustered":
        centroids = rng.standard_normal((20, dim))
        rows = unit_rows(centroids[rng.integers(20, size=n)] + 0.5 * rng.standard_normal((n, dim)))
        queries = unit_rows(centroids[rng.integers(20, size=6)] + 0.5 * rng.standard_normal((6, dim)))
        return rows, np.vstack([queries, rows[:3]])  # and some queries equal to a row
    if kind == "ties":
        bases = unit_rows(rng.standard_normal((4, dim)))
        rows = unit_rows(bases[rng.integers(4, size=n)] + 1e-4 * rng.standard_normal((n, dim)))
        rows[n // 2 : n // 2 + 20] = rows[0]  # exact duplicates too
        queries = unit_rows(bases[rng.integers(4, size=5)] + 1e-3 * rng.standard_normal((5, dim)))
        return rows, np.vstack([queries, rows[:2]])
    assert kind == "norms"
    rows = unit_rows(rng.standard_normal((n, dim))) * np.exp(rng.uniform(np.log(0.01), np.log(100), (n, 1)))
    spiked = rng.choice(n, size=n // 10, replace=False)
    rows[spiked, rng.integers(dim, size=spiked.size)] += 50.0
    rows[7] = 0.0
    queries = rng.standard_normal((5, dim)) * np.exp(rng.uniform(-3, 4, (5, 1)))
    return rows.astype(np.float32), np.vstack([queries, np.zeros((1, dim)), rows[spiked[:2]]])


SPACES_MANY = [f"s{k}" for k in range(8)]


@pytest.mark.parametrize(
    ("any_db_url", "kind", "dim"),
    # The scan is the same numpy on either database: every kind of data on SQLite, and one on
    # PostgreSQL for the database's side (the vectors and spaces it loads). In 3 dimensions
    # the rounding errors can line up with the query: the bounds are tight.
    [
        ("sqlite", "gaussian", 48),
        ("sqlite", "clustered", 48),
        ("sqlite", "ties", 48),
        ("sqlite", "norms", 48),
        ("sqlite", "gaussian", 3),
        ("sqlite", "norms", 3),
        ("postgresql", "clustered", 48),
    ],
    indirect=["any_db_url"],
)
async def test_the_int8_scan_returns_the_plain_float32_top_k(db: Database, kind: str, dim: int) -> None:
    rng = np.random.default_rng(dim)
    embedder = VectorTable(dim=dim)
    corpus = Corpus(db, embedder)
    # 750 rows in blocks of 32 make as many blocks, a partial one and a tail as 1,500 in 64
    index = SemanticIndex(db, embedder, int8_block=32, clock=FakeClock(NOW))  # type: ignore[arg-type]
    rows, queries = dataset(kind, 750, dim, rng)
    # skewed spaces: s7 holds a handful of entries, fewer than most limits
    spaces = [SPACES_MANY[k] for k in np.minimum(rng.geometric(0.35, size=len(rows)) - 1, 7)]
    await corpus.add(rows, spaces)
    await index.refresh()
    assert index._int8.sealed == 744  # 23 blocks of 32 rows, one of 8; a tail of 6 scored exactly
    seen_by = [["s0"], ["s0", "s1", "s2"], SPACES_MANY, ["s7"], ["s3", "s7", "nobody"]]
    for query in queries:
        text = embedder.ask(query)
        lengths = corpus.lengths(query)
        for spaces_seen in seen_by:
            reference = corpus.scores(query, spaces_seen)
            for limit in (1, 10, 100, 2000):
                got = await index.search(text, spaces=spaces_seen, limit=limit)
                assert_same_top(got, reference, limit, lengths)


async def test_the_int8_copy_follows_growth_and_re_embedded_entries(db: Database) -> None:
    rng = np.random.default_rng(5)
    embedder = VectorTable(dim=32)
    corpus = Corpus(db, embedder)
    index = SemanticIndex(db, embedder, int8_block=64, clock=FakeClock(NOW))  # type: ignore[arg-type]
    centroids = rng.standard_normal((10, 32))

    def clustered(n: int) -> np.ndarray:
        return unit_rows(centroids[rng.integers(10, size=n)] + 0.4 * rng.standard_normal((n, 32)))

    queries = [embedder.ask(q) for q in clustered(6)]
    stale_seen = rebuilt = 0
    for step, size in enumerate([30, 100, 1, 63, 64, 200, 5, 300]):
        ids = await corpus.add(clustered(size), ["a" if k % 3 else "b" for k in range(size)])
        if step >= 2:
            # re-embed some entries in sealed blocks: a few here and there (scored exactly
            # until their block is rebuilt), and many in one block (rebuilt at once)
            known = list(corpus.vectors)
            older = [i for k, i in enumerate(known[: -len(ids)]) if not 64 <= k < 128]
            few = [older[int(k)] for k in rng.choice(len(older), size=3, replace=False)]
            many = known[64:128] if step % 2 else []
            changed = few + many
            await corpus.put(changed, clustered(len(changed)))
            # the re-embedded vector may also move to the other side of the query
            await corpus.put(few[:1], -corpus.vectors[few[0]][None, :])
        await index.refresh()
        stale_seen = max(stale_seen, index._int8.stale.size)
        if step >= 2 and step % 2:  # the block of many changes was rebuilt, not left stale
            rebuilt += 1
            assert not any(64 <= s < 128 for s in index._int8.stale)
        for text in queries:
            for seen in (["a"], ["a", "b"]):
                for limit in (5, 50):
                    got = await index.search(text, spaces=seen, limit=limit)
                    assert_same_top(got, corpus.scores(embedder.queries[text], seen), limit)
    assert len(index) == len(corpus.vectors)  # overwritten in place, not appended
    assert index._int8.sealed >= 64 * 10 and stale_seen > 0 and rebuilt > 0


async def test_similar_over_the_int8_scan_matches_a_plain_scan(db: Database) -> None:
    rng = np.random.default_rng(9)
    embedder = VectorTable(dim=384)  # the real width, so the kernel sees real shapes
    corpus = Corpus(db, embedder)
    index = SemanticIndex(db, embedder, int8_block=256, clock=FakeClock(NOW))  # type: ignore[arg-type]
    centroids = rng.standard_normal((8, 384))
    rows = unit_rows(centroids[rng.integers(8, size=1400)] + 0.3 * rng.standard_normal((1400, 384)))
    ids = await corpus.add(rows, ["global" if k % 4 else "team" for k in range(len(rows))])
    for n_seeds in (1, 3, 10):
        seeds = [ids[int(k)] for k in rng.choice(len(ids), size=n_seeds, replace=False)]
        for seen in (["global"], ["global", "team"]):
            got = await index.similar([*seeds, "not-an-entry"], spaces=seen, limit=30, min_score=-1.0)
            per_seed = {s: corpus.scores(corpus.vectors[s], seen, leave_out=seeds) for s in seeds}
            best = {i: max(per_seed[s][i] for s in seeds) for i in per_seed[seeds[0]]}
            assert_same_top([(s.entry_id, s.score) for s in got], best, 30)
            for s in got:  # the seed named is one it is closest to
                assert abs(per_seed[s.near][s.entry_id] - best[s.entry_id]) <= 1e-5
    assert index._int8.sealed == 1344  # 5 blocks of 256, one of 64; a tail of 56
