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


async def test_sources_into_reads_the_edges_into_notes_within_the_spaces(any_db: Database) -> None:
    knowledge = Knowledge(any_db)
    a, b, c, d = (
        entry
        for entry, _ in await knowledge.upsert_many(
            [
                EntryDraft(space="global", source=f"{name}.md", title=name, content="", tags=[])
                for name in ("a", "b", "c", "d")
            ],
            now=NOW,
        )
    )
    hidden = (
        await knowledge.upsert_many(
            [EntryDraft(space="team-a", source="h.md", title="h", content="", tags=[])], now=NOW
        )
    )[0][0]
    await knowledge.add_relations(
        [(b.id, a.id, "link"), (c.id, a.id, "link"), (d.id, a.id, "mentions"), (a.id, b.id, "link")],
        space="global",
        now=NOW,
    )
    await knowledge.add_relations([(hidden.id, a.id, "link")], space="team-a", now=NOW)
    assert await knowledge.sources_into([a.id], spaces=["global"], rel_type="link") == [
        (b.id, a.id),
        (c.id, a.id),
    ]
    assert sorted(
        await knowledge.sources_into([a.id, b.id], spaces=["team-a", "global"], rel_type="link")
    ) == sorted([(b.id, a.id), (c.id, a.id), (a.id, b.id), (hidden.id, a.id)])
    assert await knowledge.sources_into([d.id], spaces=["global"], rel_type="link") == []
    assert await knowledge.sources_into([], spaces=["global"], rel_type="link") == []
    # more ids than one statement takes
    many = [a.id, *(f"missing-{n}" for n in range(900))]
    assert await knowledge.sources_into(many, spaces=["global"], rel_type="mentions") == [(d.id, a.id)]
