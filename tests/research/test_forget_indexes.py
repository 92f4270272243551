"""Forgetting takes effect in running processes: an entry removed by ``forget`` leaves the
lexical and semantic indexes of the process that forgot it at once, and those of another
process (its own engine, as a second bot would have) at its next refresh, on SQLite and
PostgreSQL. The indexes learn it from entry tombstones (ids only, no content), and the
caches over them drop the forgotten text."""

from __future__ import annotations

import asyncio
import gc
import io
import types
from typing import Any

from research_helpers import NOW, WordHashEmbedder, draft

from adapters.console import ConsoleSender
from bot.clock import FakeClock
from bot.events import Inbound, Person, ThreadRef
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


_NOT_HELD = (
    bytes,
    int,
    float,
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.CoroutineType,
    types.FrameType,
    asyncio.AbstractEventLoop,
)


def _holds(root: object, phrase: str) -> bool:
    """Whether any string reachable from ``root`` contains ``phrase``."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, str):
            if phrase in obj:
                return True
            continue
        # what the bot holds, not the program around it (modules, code, the running test)
        if isinstance(obj, _NOT_HELD) or type(obj).__module__ == "numpy":
            continue
        todo.extend(gc.get_referents(obj))
        if isinstance(obj, dict):
            todo.extend(
                obj
            )  # the collector does not list a dict's string keys (text caches are keyed by text)
    return False


async def test_a_running_bot_keeps_no_text_of_a_forgotten_note(rt: Any) -> None:
    """The quick-answer path caches the passages it cut from notes; after ``forget`` the
    next answer leaves none of the forgotten note's text in the bot's memory."""
    secret = "the quokka handshake is blue"
    await rt.knowledge.upsert_many(
        [
            draft("beta", "atlas.md", "Atlas access", f"To reach Atlas, {secret}. Ask Ana for a token."),
            draft(
                "alpha", "beacon.md", "Beacon access", "To reach Beacon, use the VPN. Ask Ben for a token."
            ),
        ],
        now=NOW,
    )
    sender = ConsoleSender(io.StringIO())
    for n, (space, question) in enumerate(
        [("beta", "how do I reach Atlas?"), ("alpha", "how do I reach Beacon?")]
    ):
        thread = ThreadRef("console", space, "c", "t")
        await rt.core.handle(
            Inbound(thread, f"u{n}", Person("u", "U"), question, NOW, is_direct=True), sender
        )
    assert _holds(rt.core, secret), "the answer path held the note's text (else this test shows nothing)"

    await forget(rt.db, space="beta", now=NOW)
    thread = ThreadRef("console", "alpha", "c", "t")
    await rt.core.handle(
        Inbound(thread, "u9", Person("u", "U"), "how do I reach Beacon?", NOW, is_direct=True), sender
    )
    assert not _holds(rt.core, secret)
