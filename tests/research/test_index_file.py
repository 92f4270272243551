"""The lexical index kept next to the data (``bot/research/index_file.py``): a restart reads
the file and only the rows the database changed since, and searches as an index built from
the database does; a file newer than the database, or unreadable, is rebuilt. On SQLite and
PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from research_helpers import NOW, draft

from bot.clock import FakeClock
from bot.research import index_file
from bot.research.lexical import LexicalIndex
from storage.db import Database
from storage.knowledge import Knowledge
from storage.records import forget

QUERIES = ["atlas storage decision", "ledger replica", "nightly loader owner", "kafka"]
SPACES = ("alpha", "global")


def _state(index: LexicalIndex) -> list[object]:
    ranked = [index.ranked(q, spaces=SPACES, limit=10) for q in QUERIES]
    ids = [i for hits in ranked for i, _ in hits]
    return [
        [[(i, round(s, 9)) for i, s in hits] for hits in ranked],
        [index.coverage(q, ids) for q in QUERIES],
        [index.type_of(i) for i in ids],
        len(index),
        dict(index.links.view(SPACES)),
    ]


async def _notes(knowledge: Knowledge, start: int, count: int) -> None:
    words = ["atlas", "storage", "decision", "ledger", "replica", "nightly", "loader", "owner", "kafka"]
    await knowledge.upsert_many(
        [
            draft(
                "alpha" if i % 3 else "global",
                f"notes/n{i}.md",
                f"Note {i} on {words[i % len(words)]}",
                " ".join(words[(i * k) % len(words)] for k in range(1, 7)) + f" see [[n{i + 1}]]",
                tags=[f"project/p{i % 4}"],
                type="person" if i % 5 == 0 else "note",
            )
            for i in range(start, start + count)
        ],
        now=NOW,
    )


def _rows(db: Database) -> int:
    return db.rows_read["entries"] + db.rows_read["entry_tombstones"]


async def test_a_restart_reads_the_file_and_only_what_changed_since(any_db: Database, tmp_path: Path) -> None:
    db, clock = any_db, FakeClock(NOW)
    knowledge = Knowledge(db)
    saved = tmp_path / "index" / "lexical.npz"
    await _notes(knowledge, 0, 40)
    await _notes(knowledge, 5, 3)  # changed: dead slots in the file
    await knowledge.upsert(draft("beta", "gone.md", "Atlas elsewhere", "atlas storage"), now=NOW)
    await forget(db, space="beta", now=NOW)  # forgotten: a tombstone under the counter
    first = LexicalIndex(knowledge, clock=clock, saved=saved, save_after=1)
    await first.refresh()
    assert saved.exists() and first.loaded.startswith("41 rows from the database")  # 40 notes, 1 tombstone

    before = _rows(db)
    again = LexicalIndex(knowledge, clock=clock, saved=saved)
    assert await again.refresh() == 0
    assert _rows(db) == before  # nothing read from the database: it was all in the file
    assert again.loaded.startswith(f"40 entries from {saved} and 0 changed rows")
    assert _state(again) == _state(first)

    # a write after the file: read alone, and searched as a fresh build would
    await _notes(knowledge, 40, 1)
    await knowledge.upsert(draft("alpha", "notes/n7.md", "Kafka ledger", "replica kafka"), now=NOW)
    before = _rows(db)
    assert await again.refresh() == 2
    assert _rows(db) - before == 2
    fresh = LexicalIndex(knowledge, clock=clock)
    await fresh.refresh()
    assert _state(again) == _state(fresh)
    assert again.links.view(SPACES).get("n7") == "Kafka ledger"


async def test_a_file_newer_than_the_database_or_unreadable_is_rebuilt(
    any_db: Database, tmp_path: Path
) -> None:
    db, clock = any_db, FakeClock(NOW)
    knowledge = Knowledge(db)
    saved = tmp_path / "lexical.npz"
    await _notes(knowledge, 0, 12)
    built = LexicalIndex(knowledge, clock=clock, saved=saved, save_after=1)
    await built.refresh()
    expected = _state(built)

    # a file from another database (further along than this one): set aside
    newer = index_file.snapshot(await knowledge.revision() + 5, 0, built._postings, built._terms, built.links)
    index_file.write(saved, newer)
    before = _rows(db)
    rebuilt = LexicalIndex(knowledge, clock=clock, saved=saved, save_after=1)
    assert await rebuilt.refresh() == 12 and _rows(db) - before == 12
    assert _state(rebuilt) == expected

    saved.write_bytes(b"not an index")
    broken = LexicalIndex(knowledge, clock=clock, saved=saved, save_after=1)
    assert await broken.refresh() == 12
    assert _state(broken) == expected
    # and written again whole: the next start reads it
    restarted = LexicalIndex(knowledge, clock=clock, saved=saved)
    assert await restarted.refresh() == 0 and _state(restarted) == expected
