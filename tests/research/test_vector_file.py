"""The vector index kept next to the data (``bot/research/vector_file.py``): a restart reads
the file and only the embedding rows the database stored since, and searches exactly as an
index built from the database does; a file of another model, one further along than the
database, or a damaged one is set aside with a warning and rebuilt. On SQLite and
PostgreSQL."""

from __future__ import annotations

import json
import logging
import uuid
from pathlib import Path

import numpy as np
import pytest
from research_helpers import NOW, WordHashEmbedder, draft

from bot.clock import FakeClock
from bot.research import vector_file
from bot.research.semantic import SemanticIndex
from storage.db import Database
from storage.knowledge import Knowledge
from storage.records import forget

QUERIES = ["atlas storage decision", "ledger replica", "nightly loader owner", "kafka"]
SPACES = ["alpha", "global"]
WORDS = ["atlas", "storage", "decision", "ledger", "replica", "nightly", "loader", "owner", "kafka"]
BLOCK = 8  # small int8 blocks: the notes below fill several, and overwrite rows in them


async def _state(index: SemanticIndex) -> list[object]:
    """What searches see, equal scores in id order (slots, which break ties, follow the
    order rows were read in)."""
    found = [await index.search(q, spaces=SPACES, limit=50) for q in QUERIES]
    ids = sorted({i for hits in found for i, _ in hits[:2]})
    near = await index.similar(ids, spaces=SPACES, limit=50)
    vectors = await index.vectors_of(ids)
    return [
        [sorted((-round(s, 6), i) for i, s in hits) for hits in found],
        sorted((-round(s.score, 6), s.entry_id, s.near) for s in near),
        sorted((i, v.tobytes()) for i, v in vectors.items()),
    ]


async def _notes(knowledge: Knowledge, index: SemanticIndex, start: int, count: int, extra: str = "") -> None:
    pairs = await knowledge.upsert_many(
        [
            draft(
                "alpha" if i % 3 else "global",
                f"notes/n{i}.md",
                f"Note {i} on {WORDS[i % len(WORDS)]}",
                " ".join(WORDS[(i * k) % len(WORDS)] for k in range(1, 5)) + extra,
            )
            for i in range(start, start + count)
        ],
        now=NOW,
    )
    await index.embed_entries([e for e, _ in pairs])


def _index(db: Database, embedder: WordHashEmbedder, saved: Path | None, **kw: object) -> SemanticIndex:
    return SemanticIndex(db, embedder, clock=FakeClock(NOW), int8_block=BLOCK, saved=saved, **kw)  # type: ignore[arg-type]


async def test_a_restart_reads_the_file_and_only_what_was_stored_since(
    any_db: Database, embedder: WordHashEmbedder, tmp_path: Path
) -> None:
    db, knowledge = any_db, Knowledge(any_db)
    saved = tmp_path / "index" / "vectors.npz"
    writer = _index(db, embedder, None)
    await _notes(knowledge, writer, 0, 40)
    gone, _ = await knowledge.upsert(draft("beta", "gone.md", "Atlas elsewhere", "atlas storage"), now=NOW)
    await writer.embed_entries([gone])
    await forget(db, space="beta", now=NOW)  # a tombstone the file must carry

    first = _index(db, embedder, saved, save_after=1)
    assert await first.refresh() == 40
    assert saved.exists() and first.loaded.startswith("40 rows from the database")
    # re-embedded after the load: rows overwritten in sealed blocks (scored exactly), saved so
    await _notes(knowledge, writer, 3, 1, extra=" kafka ledger")
    await _notes(knowledge, writer, 20, 1, extra=" kafka ledger")
    assert await first.refresh(force=True) == 2
    assert first._int8.sealed == 40 and first._int8.stale.tolist() == [3, 20]

    before = dict(db.rows_read)
    again = _index(db, embedder, saved)
    assert await again.refresh() == 0
    assert db.rows_read["entry_embeddings"] == before["entry_embeddings"]  # all of it was in the file
    assert again.loaded.startswith(f"40 vectors from {saved} and 0 rows from the database")
    assert again._int8.sealed == first._int8.sealed
    assert await _state(again) == await _state(first)

    # writes after the file: a new note, a changed one, each read alone; then a forgotten space
    await _notes(knowledge, writer, 40, 1)
    await _notes(knowledge, writer, 7, 1, extra=" replica owner")
    back, _ = await knowledge.upsert(draft("beta", "again.md", "Kafka elsewhere", "kafka ledger"), now=NOW)
    await writer.embed_entries([back])
    before = dict(db.rows_read)
    assert await again.refresh(force=True) == 3
    assert db.rows_read["entry_embeddings"] - before["entry_embeddings"] == 3
    assert await _state(again) == await _state(_index(db, embedder, None))
    assert [i for i, _ in await again.search("kafka elsewhere", spaces=["beta"], limit=5)] == [back.id]
    await forget(db, space="beta", now=NOW)
    await again.refresh(force=True)
    assert await again.search("kafka elsewhere", spaces=["beta"], limit=5) == []
    # and its vector is gone from the file at once (a forget leaves nothing of the text)
    on_disk = vector_file.read(saved)
    assert on_disk is not None
    slots = [k for k, i in enumerate(on_disk.ids) if i == back.id]
    assert slots and not on_disk.live[slots].any() and not on_disk.matrix[slots].any()
    assert (on_disk.space_codes[slots] == -1).all()
    assert await _state(again) == await _state(_index(db, embedder, None))


def _rewrite_meta(path: Path, **changes: object) -> None:
    with np.load(path, allow_pickle=False) as data:
        arrays = {name: data[name] for name in data.files}
    meta = json.loads(arrays.pop("meta").tobytes().decode())
    meta.update(changes)
    vector_file.write(path, meta, arrays)


@pytest.mark.parametrize(
    "change", ["revision", "last_id", "model", "other_ids", "truncated", "garbage", "flipped"]
)
async def test_a_file_that_cannot_stand_for_the_database_is_rebuilt_with_a_warning(
    any_db: Database,
    embedder: WordHashEmbedder,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    change: str,
) -> None:
    db, knowledge = any_db, Knowledge(any_db)
    saved = tmp_path / "vectors.npz"
    built = _index(db, embedder, saved, save_after=1)
    await _notes(knowledge, built, 0, 30)
    await built.refresh()
    expected = await _state(built)
    revision, newest = await built.store.marks()

    if change == "revision":  # written against a database further along (another one, a restored backup)
        _rewrite_meta(saved, revision=revision + 5)
    elif change == "last_id":
        _rewrite_meta(saved, last_id=newest + 1)
    elif change == "model":
        _rewrite_meta(saved, model="another-model")
    elif change == "other_ids":  # a database made again at the same address: same marks, other entries
        with np.load(saved, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
        meta = json.loads(arrays.pop("meta").tobytes().decode())
        ids = arrays["ids"].tobytes().decode().split("\x1f")
        arrays["ids"] = np.frombuffer("\x1f".join(str(uuid.uuid4()) for _ in ids).encode(), dtype=np.uint8)
        vector_file.write(saved, meta, arrays)
    elif change == "truncated":
        saved.write_bytes(saved.read_bytes()[: saved.stat().st_size // 2])
    elif change == "garbage":
        saved.write_bytes(b"not an index")
    else:  # one byte of the float32 rows damaged on disk
        data = bytearray(saved.read_bytes())
        data[len(data) // 3] ^= 0xFF
        saved.write_bytes(bytes(data))

    before = db.rows_read["entry_embeddings"]
    with caplog.at_level(logging.WARNING, logger="bot.research.vector_file"):
        rebuilt = _index(db, embedder, saved, save_after=1)
        assert await rebuilt.refresh() == 30
    assert db.rows_read["entry_embeddings"] - before == 30
    assert any("rebuilding" in r.getMessage() for r in caplog.records)
    assert await _state(rebuilt) == expected
    # and written again whole: the next start reads it
    restarted = _index(db, embedder, saved)
    assert await restarted.refresh() == 0 and restarted.loaded.startswith("30 vectors from")
    assert await _state(restarted) == expected


async def test_a_file_of_another_block_size_is_quantized_again_and_searches_the_same(
    any_db: Database, embedder: WordHashEmbedder, tmp_path: Path
) -> None:
    db, knowledge = any_db, Knowledge(any_db)
    saved = tmp_path / "vectors.npz"
    built = _index(db, embedder, saved, save_after=1)
    await _notes(knowledge, built, 0, 30)
    await built.refresh()
    other = SemanticIndex(db, embedder, clock=FakeClock(NOW), int8_block=16, saved=saved)
    assert await other.refresh() == 0 and other.loaded.startswith("30 vectors from")
    assert other._int8.sealed == 28  # one block of 16, then 12 of the next in steps of 4
    assert await _state(other) == await _state(built)


async def test_a_partial_file_left_by_a_crash_is_not_read(
    any_db: Database, embedder: WordHashEmbedder, tmp_path: Path
) -> None:
    db, knowledge = any_db, Knowledge(any_db)
    saved = tmp_path / "vectors.npz"
    built = _index(db, embedder, saved, save_after=1)
    await _notes(knowledge, built, 0, 12)
    await built.refresh()
    (tmp_path / "vectors.npz.999.partial").write_bytes(saved.read_bytes()[:100])
    again = _index(db, embedder, saved)
    assert await again.refresh() == 0 and again.loaded.startswith("12 vectors from")
    assert await _state(again) == await _state(built)
