"""Forgetting takes effect in running processes: an entry removed by ``forget`` leaves the
lexical and semantic indexes of the process that forgot it at once, and those of another
process (its own engine, as a second bot would have) at its next refresh, on SQLite and
PostgreSQL. The indexes learn it from entry tombstones (ids only, no content)."""

from __future__ import annotations

from research_helpers import NOW, WordHashEmbedder, draft

from bot.clock import FakeClock
from bot.research.lexical import LexicalIndex
from bot.research.semantic import SemanticIndex
from storage.db import Database
from storage.knowledge import Knowledge
from storage.records import forget

SPACES = ["alpha", "beta"]
QUERY = "Atlas storage decision"


async def _ids(lexical: LexicalIndex, semantic: SemanticIndex) -> tuple[set[str], set[str]]:
    lex = {i for i, _ in await lexical.search(QUERY, spaces=SPACES, limit=10)}
    sem = {i for i, _ in await semantic.search(QUERY, spaces=SPACES, limit=10)}
    return lex, sem


async def test_a_forgotten_entry_leaves_this_process_at_once_and_another_at_its_next_refresh(
    any_db_url: str, any_db: Database, embedder: WordHashEmbedder
) -> None:
    clock = FakeClock(NOW)
    knowledge = Knowledge(any_db)
    lexical = LexicalIndex(knowledge, clock=clock)
    semantic = SemanticIndex(any_db, embedder, clock=clock)
    pairs = await knowledge.upsert_many(
        [
            draft("alpha", "a.md", "Atlas storage decision", "We chose PostgreSQL for Atlas storage."),
            draft("beta", "b.md", "Atlas storage decision", "We chose MySQL for Atlas storage."),
        ],
        now=NOW,
    )
    await semantic.embed_entries([e for e, _ in pairs])
    kept, forgotten = (e.id for e, _ in pairs)
    assert await _ids(lexical, semantic) == ({kept, forgotten}, {kept, forgotten})

    other_db = Database(any_db_url)  # a second bot process: its own engine and write counts
    try:
        other_lexical = LexicalIndex(Knowledge(other_db), clock=clock)
        other_semantic = SemanticIndex(other_db, WordHashEmbedder(), clock=clock)
        assert await _ids(other_lexical, other_semantic) == ({kept, forgotten}, {kept, forgotten})

        gone = await forget(any_db, space="beta", now=NOW)
        assert gone.entries == 1

        # the process that forgot: at its very next search, no time passing
        assert await _ids(lexical, semantic) == ({kept}, {kept})
        assert len(lexical) == 1
        # another process: at its next refresh (near real time, like its other writes)
        clock.advance(1.1)
        assert await _ids(other_lexical, other_semantic) == ({kept}, {kept})
        assert len(other_lexical) == 1

        # a new index (a restart) never sees it; one written again later is found again
        assert await _ids(LexicalIndex(Knowledge(other_db), clock=clock), other_semantic) == ({kept}, {kept})
        again, _ = await knowledge.upsert(
            draft("beta", "b.md", "Atlas storage decision", "We chose MySQL for Atlas storage."), now=NOW
        )
        await semantic.embed_entries([again])
        clock.advance(1.1)
        assert await _ids(other_lexical, other_semantic) == ({kept, again.id}, {kept, again.id})
    finally:
        await other_db.dispose()
