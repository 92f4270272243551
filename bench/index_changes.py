"""What reading forgotten entries (tombstones) costs an index: a full pass of
``Knowledge.changed_since`` (entries and tombstones, 5,000 a page) against the same pass
over the entries alone (the query before tombstones), over N synthetic entries.

    .venv/bin/python bench/index_changes.py [--entries 100000] [--reps 5] [--tombstones 1000]
        [--database-url postgresql://...]   # default: a fresh SQLite file in a temp folder

Prints, per query, the median and p99 of the full pass and of one page, over the
repetitions (the two queries interleaved, so machine load hits both alike).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from storage.db import Database  # noqa: E402
from storage.knowledge import EntryText, Knowledge, _tags  # noqa: E402

ENTRIES_ONLY = (
    "SELECT id, space, type, title, content, tags, revision FROM entries "
    "WHERE revision > :after ORDER BY revision LIMIT :limit"
)
PAGE = 5000


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


async def _fill(db: Database, entries: int, tombstones: int) -> None:
    """Entries with revisions 1..N (the forgotten ones' tombstones spread among them)."""

    def work(s: object) -> None:
        rows = [
            {
                "id": f"e{n}",
                "space": "global" if n % 3 else "team",
                "title": f"note {n}",
                "content": ("lorem ipsum dolor sit amet " * 20)[: 100 + n % 400],
                "source": f"s{n}",
                "revision": n,
            }
            for n in range(1, entries + 1)
        ]
        s.execute(  # type: ignore[attr-defined]
            text(
                "INSERT INTO entries (id, space, type, title, content, author, project, tags, source, "
                "created_at, updated_at, meta, revision) VALUES (:id, :space, 'note', :title, :content, "
                "'', '', '[]', :source, '2026-01-01', '2026-01-01', '{}', :revision)"
            ),
            rows,
        )
        gone = [
            {"revision": entries + k + 1, "entry_id": f"gone{k}", "space": "team"} for k in range(tombstones)
        ]
        if gone:
            # numbered after the entries, as a forget after the load would be
            s.execute(  # type: ignore[attr-defined]
                text(
                    "INSERT INTO entry_tombstones (revision, entry_id, space) VALUES (:revision, :entry_id, :space)"
                ),
                gone,
            )
        s.execute(
            text("UPDATE counters SET value = :v WHERE name = 'entry_revision'"), {"v": entries + tombstones}
        )  # type: ignore[attr-defined]

    await db.run(work)


async def _pass(db: Database, knowledge: Knowledge, *, tombstones: bool) -> tuple[float, list[float], int]:
    pages: list[float] = []
    after, read = 0, 0
    start = time.perf_counter()
    while True:
        t = time.perf_counter()
        if tombstones:
            rows = await knowledge.changed_since(after, limit=PAGE)
            last = rows[-1].revision if rows else after
        else:
            params = {"after": after, "limit": PAGE}
            raw = await db.run(lambda s, p=params: s.execute(text(ENTRIES_ONLY), p).all(), write=False)
            # as ``changed_since`` read before tombstones: the same rows made into ``EntryText``
            rows = [EntryText(i, sp, ty, ti, co, _tags(tg), int(rev)) for i, sp, ty, ti, co, tg, rev in raw]
            last = rows[-1].revision if rows else after
        pages.append(time.perf_counter() - t)
        read += len(rows)
        after = last
        if len(rows) < PAGE:
            break
    return time.perf_counter() - start, pages, read


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--tombstones", type=int, default=1000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        db = Database(url)
        try:
            await db.migrate()
            await _fill(db, args.entries, args.tombstones)
            knowledge = Knowledge(db)
            results: dict[str, tuple[list[float], list[float]]] = {
                "entries only": ([], []),
                "with tombstones": ([], []),
            }
            for _ in range(args.reps):
                for name, with_tombstones in (("entries only", False), ("with tombstones", True)):
                    total, pages, read = await _pass(db, knowledge, tombstones=with_tombstones)
                    results[name][0].append(total)
                    results[name][1].extend(pages)
                    expected = args.entries + (args.tombstones if with_tombstones else 0)
                    assert read == expected, (name, read, expected)
            print(f"{db.dialect}, {args.entries:,} entries, {args.tombstones:,} tombstones, {args.reps} reps")
            for name, (totals, pages) in results.items():
                print(
                    f"  {name:<16} full pass median {statistics.median(totals):.3f} s (p99 {_p99(totals):.3f}); "
                    f"page median {statistics.median(pages) * 1000:.1f} ms (p99 {_p99(pages) * 1000:.1f})"
                )
        finally:
            await db.dispose()


if __name__ == "__main__":
    asyncio.run(main())
