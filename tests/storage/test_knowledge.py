"""Knowledge writes keep their bookkeeping right: per-space tag counts follow every
create, retag and re-ingest (checked against a recount of the tags themselves), on SQLite
and PostgreSQL."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime

from sqlalchemy import text

from storage.db import Database
from storage.knowledge import EntryDraft, Knowledge

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
TAGS = ["domain/kafka", "domain/billing", "project/atlas", "person/amara", "incident"]


async def _recount(db: Database, spaces: list[str]) -> Counter[str]:
    marks = ", ".join(f"'{s}'" for s in spaces)
    rows = await db.run(
        lambda s: s.execute(
            text(f"SELECT tag, count(*) FROM entry_tags WHERE space IN ({marks}) GROUP BY tag")
        ).all(),
        write=False,
    )
    return Counter({t: int(n) for t, n in rows})


async def test_tag_counts_follow_every_write(any_db: Database) -> None:
    knowledge = Knowledge(any_db)
    rng = random.Random(3)
    for round_ in range(8):
        drafts = [
            EntryDraft(
                space=rng.choice(["global", "team-a"]),
                source=f"n{rng.randint(0, 25)}",  # re-ingests and retags as often as creates
                title=f"note {round_}",
                content="",
                tags=rng.sample(TAGS, rng.randint(0, 3)),
            )
            for _ in range(12)
        ]
        await knowledge.upsert_many(drafts, now=NOW)
        for spaces in (["global"], ["team-a", "global"]):
            assert await knowledge.tag_counts(spaces=spaces) == await _recount(any_db, spaces)
            assert await knowledge.tag_counts(spaces=spaces, tags=TAGS[:2]) == Counter(
                {t: n for t, n in (await _recount(any_db, spaces)).items() if t in TAGS[:2]}
            )
    assert await knowledge.tag_counts(spaces=["global"], tags=[]) == Counter()
