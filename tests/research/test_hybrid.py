"""Hybrid retrieval: fusion marks which side found each hit and ranks agreement first,
filters and spaces hold on both sides, and `mallory search` prints what it should."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from research_helpers import NOW, WordHashEmbedder, draft

from bot.commands.search import hit_record, run_search
from bot.research.search import Fusion, Retriever
from bot.research.semantic import SemanticIndex
from storage.db import Database
from storage.knowledge import Knowledge


class ListedSemantic:
    """A semantic side whose ranking the test dictates (ids in order, cosine falling)."""

    name = "semantic"

    def __init__(self, ranking: Sequence[str]) -> None:
        self.ranking = list(ranking)
        self.asked: list[tuple[str, tuple[str, ...], int]] = []

    async def search(self, query: str, *, spaces: Sequence[str], limit: int) -> list[tuple[str, float]]:
        self.asked.append((query, tuple(spaces), limit))
        return [(i, 0.9 - 0.1 * n) for n, i in enumerate(self.ranking[:limit])]


async def _entries(knowledge: Knowledge, *rows: tuple[str, str, str, str]) -> dict[str, str]:
    pairs = await knowledge.upsert_many([draft(s, key, title, body) for s, key, title, body in rows], now=NOW)
    return {e.source: e.id for e, _ in pairs}


async def test_fusion_marks_found_by_and_ranks_agreement_first(knowledge: Knowledge) -> None:
    ids = await _entries(
        knowledge,
        ("global", "both", "Failover runbook", "database failover steps"),
        ("global", "lex", "Failover drill schedule", "failover drill every quarter"),
        ("global", "sem", "When the primary dies", "promote the replica, repoint clients"),
        ("global", "none", "Team offsite", "agenda and travel"),
    )
    semantic = ListedSemantic([ids["sem"], ids["both"]])
    retriever = Retriever(knowledge, semantic, fusion=Fusion(k=60, lexical_weight=1.0, semantic_weight=0.5))
    hits = await retriever.search("database failover", space="global", limit=10)
    by_source = {h.entry.source: h for h in hits}
    assert set(by_source) == {"both", "lex", "sem"}
    assert by_source["both"].found_by == ("lexical", "semantic")
    assert by_source["lex"].found_by == ("lexical",)
    assert by_source["sem"].found_by == ("semantic",)
    assert hits[0].entry.source == "both"  # found by both sides beats either alone
    both = by_source["both"]
    assert both.lexical_score is not None and both.semantic_score == pytest.approx(0.8)
    assert by_source["sem"].lexical_score is None and by_source["lex"].semantic_score is None
    # RRF: lexical rank 1 + semantic rank 2
    assert both.score == pytest.approx(1 / 61 + 0.5 / 62)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


async def test_side_weights_change_the_order(knowledge: Knowledge) -> None:
    ids = await _entries(
        knowledge,
        ("global", "lex", "Failover drill", "failover drill"),
        ("global", "sem", "Replica promotion", "promote the replica"),
    )
    semantic = ListedSemantic([ids["sem"]])
    lexical_first = Retriever(knowledge, semantic, fusion=Fusion(lexical_weight=1.0, semantic_weight=0.5))
    semantic_first = Retriever(knowledge, semantic, fusion=Fusion(lexical_weight=0.5, semantic_weight=1.0))
    assert [h.entry.source for h in await lexical_first.search("failover", space="global")] == ["lex", "sem"]
    assert [h.entry.source for h in await semantic_first.search("failover", space="global")] == ["sem", "lex"]


async def test_one_side_alone_keeps_its_own_scores(knowledge: Knowledge) -> None:
    ids = await _entries(
        knowledge, ("global", "a", "Kafka lag", "consumer lag"), ("global", "b", "Other", "x")
    )
    lexical_only = Retriever(knowledge)
    hits = await lexical_only.search("kafka lag", space="global")
    assert [h.found_by for h in hits] == [("lexical",)]
    assert hits[0].score == hits[0].lexical_score and hits[0].score > 0
    semantic = ListedSemantic([ids["b"], ids["a"]])
    hits = await Retriever(knowledge, semantic).search("kafka lag", space="global", sides=("semantic",))
    assert [(h.entry.source, h.found_by, h.score) for h in hits] == [
        ("b", ("semantic",), pytest.approx(0.9)),
        ("a", ("semantic",), pytest.approx(0.8)),
    ]


async def test_type_filters_and_spaces_hold_on_the_semantic_side(knowledge: Knowledge) -> None:
    pairs = await knowledge.upsert_many(
        [
            draft("team-a", "n", "Pricing note", "pricing"),
            draft("team-a", "r", "Pricing report", "pricing", type="report"),
            draft("team-b", "x", "Pricing secret", "pricing"),
        ],
        now=NOW,
    )
    ids = {e.source: e.id for e, _ in pairs}
    # a semantic side that (wrongly) offers everything: the retriever must still filter
    semantic = ListedSemantic([ids["x"], ids["r"], ids["n"]])
    retriever = Retriever(knowledge, semantic)
    hits = await retriever.search("pricing", space="team-a", exclude_types=["report"])
    assert [h.entry.source for h in hits] == ["n"]
    hits = await retriever.search("pricing", space="team-a", types=["report"])
    assert [h.entry.source for h in hits] == ["r"]
    assert semantic.asked[-1][1] == ("team-a", "global")


async def test_hybrid_over_the_real_index(
    db: Database, knowledge: Knowledge, embedder: WordHashEmbedder
) -> None:
    index = SemanticIndex(db, embedder)
    pairs = await knowledge.upsert_many(
        [
            draft("global", "1", "Kafka consumer lag", "consumer lag grows during rebalancing"),
            draft("global", "2", "Rebalancing storms", "partitions move between consumers"),
            draft("other", "3", "Kafka consumer lag", "consumer lag grows during rebalancing"),
        ],
        now=NOW,
    )
    await index.embed_entries([e for e, _ in pairs])
    hits = await Retriever(knowledge, index).search("kafka consumer lag rebalancing", space="global", limit=5)
    assert hits[0].entry.source == "1"
    assert hits[0].found_by == ("lexical", "semantic")
    assert "3" not in {h.entry.source for h in hits}


async def test_search_command_prints_json_lines_for_stdin_queries(knowledge: Knowledge) -> None:
    await knowledge.upsert_many(
        [
            draft("global", "doc-1", "Kafka consumer lag", "consumer lag grows"),
            draft("global", "doc-2", "Postgres vacuum", "autovacuum bloat"),
        ],
        now=NOW,
    )
    retriever = Retriever(knowledge)
    out = io.StringIO()
    stdin = io.StringIO("kafka lag\n\nvacuum bloat\nnothing matches zzz\n")
    code = await run_search(
        retriever, query=None, space="global", limit=5, mode="hybrid", as_json=False, stdin=stdin, stdout=out
    )
    assert code == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [[h["source_id"] for h in hits] for hits in lines] == [["doc-1"], [], ["doc-2"], []]
    hit = lines[0][0]
    assert set(hit) >= {"id", "source_id", "title", "score", "found_by"}
    assert hit["title"] == "Kafka consumer lag" and hit["found_by"] == ["lexical"] and len(hit["id"]) == 36


async def test_search_command_prints_a_readable_ranking(knowledge: Knowledge) -> None:
    await knowledge.upsert_many([draft("global", "doc-1", "Kafka consumer lag", "consumer lag")], now=NOW)
    out = io.StringIO()
    await run_search(
        Retriever(knowledge),
        query="kafka",
        space="global",
        limit=5,
        mode="hybrid",
        as_json=False,
        stdin=io.StringIO(),
        stdout=out,
    )
    assert "Kafka consumer lag" in out.getvalue() and "(lexical; doc-1)" in out.getvalue()
    hits = await Retriever(knowledge).search("kafka", space="global")
    assert hit_record(hits[0])["source_id"] == "doc-1"


def test_reindex_progress_bar_writes_whole_lines_off_a_terminal() -> None:
    from bot.commands.search import ProgressBar

    ticks = iter([0.0, 1.0, 2.0, 3.0, 4.0])
    out = io.StringIO()
    bar = ProgressBar("embedding", out, width=10, clock=lambda: next(ticks))
    for done in (0, 3, 4, 10):
        bar(done, 10)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("embedding [----------] 0/10")
    assert "[###-------] 3/10" in lines[1]
    assert len(lines) == 4 and "[##########] 10/10 100%" in lines[-1] and "2.5/s" in lines[-1]


async def test_warm_loads_both_indexes_before_the_first_search(
    db: Database, knowledge: Knowledge, embedder: WordHashEmbedder
) -> None:
    index = SemanticIndex(db, embedder)
    pairs = await knowledge.upsert_many(
        [draft("global", str(i), f"Note {i}", "kafka consumer lag") for i in range(4)], now=NOW
    )
    await index.embed_entries([e for e, _ in pairs][:3])
    retriever = Retriever(knowledge, index)
    assert (len(retriever.lexical), len(index)) == (0, 0)
    assert await retriever.warm() == (4, 3)


async def test_hits_carry_the_stored_values_on_either_database(any_db: Database) -> None:
    knowledge = Knowledge(any_db)
    [(entry, _)] = await knowledge.upsert_many(
        [
            draft(
                "global",
                "kafka.md",
                "Kafka consumer lag",
                "lag grows during rebalancing",
                tags=["domain/kafka", "Runbook"],
                author="Ana",
                meta={"links": ["rebalancing"]},
            )
        ],
        now=NOW,
    )
    [hit] = await Retriever(knowledge).search("kafka lag", space="global")
    got = hit.entry
    assert (got.id, got.source, got.title, got.author, got.type) == (
        entry.id,
        "kafka.md",
        "Kafka consumer lag",
        "Ana",
        "note",
    )
    assert got.tags == ["domain/kafka", "runbook"] and got.meta == {"links": ["rebalancing"]}
    assert got.created_at == NOW and got.created_at.tzinfo is not None
    assert got.revision == entry.revision


async def test_the_runtime_warms_the_indexes_and_the_names_word_list(tmp_path: Path) -> None:
    """``mallory run`` warms as it starts serving: the first question then loads neither the
    notes' index nor the tables the names check reads (the English words, Porter's tails)."""
    from bot.config import load_settings
    from bot.research.names import _common_filter, _tails_by_deletion, common_words
    from bot.runtime import Runtime

    settings = load_settings(data_dir=tmp_path / "data", llm_provider="offline", embedder="none")
    async with Runtime.open(settings) as rt:
        await rt.seed_vault()
        for table in (common_words, _common_filter, _tails_by_deletion):
            table.cache_clear()
        assert len(rt.retriever.lexical) == 0
        entries, vectors = await rt.warm()
        assert entries == len(rt.retriever.lexical) == await rt.knowledge.count() > 0
        assert vectors == 0
        assert common_words.cache_info().currsize == 1 and "because" in common_words()
        assert _common_filter.cache_info().currsize == _tails_by_deletion.cache_info().currsize == 1
