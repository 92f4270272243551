"""Markdown ingest: front matter, inline tags, wikilinks as relations, idempotent re-ingest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.errors import InputError

NOTE_A = """---
title: Storage decision
type: decision
author: Priya Raman
date: 2026-01-15
tags: [domain/storage, project/atlas]
---
We chose DuckDB, see [[duckdb-eval]] and [[Query Requirements|the requirements]]. #decision/architecture
Also [[missing-note]]. `#not-a-tag` in code.
"""
NOTE_B = """---
title: DuckDB evaluation
author: Amara Nwosu
date: 2025-11-02
tags: domain/storage
---
Benchmarks: 11-40x faster.
"""
NOTE_C = """# Query Requirements

Embedded analytical queries. #domain/analytics
"""


def _vault(root: Path) -> Path:
    (root / "decisions").mkdir(parents=True)
    (root / "decisions" / "storage.md").write_text(NOTE_A)
    (root / "duckdb-eval.md").write_text(NOTE_B)
    (root / "reqs.md").write_text(NOTE_C)
    (root / "binary.md").write_bytes(b"\x00\x01\x02binary")
    (root / ".hidden").mkdir()
    (root / ".hidden" / "x.md").write_text("secret")
    return root


async def test_markdown_notes_become_entries_tags_and_links(rt: Any, tmp_path: Path) -> None:
    vault = _vault(tmp_path / "vault")
    result = await rt.ingest(vault, space="T1")
    assert result.created == 3 and result.updated == 0
    assert result.skipped == ["binary.md: binary file"]
    assert result.dangling == ["decisions/storage.md → [[missing-note]]"]
    assert result.links == 2
    sources = await rt.knowledge.by_sources("T1")
    assert set(sources) == {"decisions/storage.md", "duckdb-eval.md", "reqs.md"}
    storage = await rt.knowledge.get(sources["decisions/storage.md"], spaces=["T1"])
    assert storage.title == "Storage decision" and storage.type == "decision"
    assert storage.author == "Priya Raman" and storage.project == "atlas"
    assert storage.created_at.date().isoformat() == "2026-01-15"
    assert storage.tags == ["decision/architecture", "domain/storage", "project/atlas"]
    reqs = await rt.knowledge.get(sources["reqs.md"], spaces=["T1"])
    assert reqs.title == "Query Requirements" and reqs.tags == ["domain/analytics"]
    rels = await rt.knowledge.relations_of([storage.id], spaces=["T1"])
    assert {(r.to_id, r.type) for r in rels} == {
        (sources["duckdb-eval.md"], "link"),
        (sources["reqs.md"], "link"),
    }


async def test_reingest_is_idempotent(rt: Any, tmp_path: Path) -> None:
    vault = _vault(tmp_path / "vault")
    await rt.ingest(vault, space="T1")
    before = await rt.knowledge.by_sources("T1")
    (vault / "duckdb-eval.md").write_text(NOTE_B.replace("11-40x", "12-45x"))
    result = await rt.ingest(vault, space="T1")
    assert (result.created, result.updated, result.unchanged) == (0, 1, 2)
    # the unresolved link is still recorded on the note that has it, and it is unchanged
    storage = await rt.knowledge.get(before["decisions/storage.md"], spaces=["T1"])
    assert storage.meta["dangling"] == ["missing-note"]
    assert result.dangling == ["decisions/storage.md → [[missing-note]]"]
    assert await rt.knowledge.by_sources("T1") == before
    assert await rt.knowledge.count(spaces=["T1"]) == 3
    entry = await rt.knowledge.get(before["duckdb-eval.md"], spaces=["T1"])
    assert "12-45x" in entry.content
    rels = await rt.knowledge.relations_of(list(before.values()), spaces=["T1"])
    assert len(rels) == 2  # links were replaced, not duplicated
    hits = await rt.retriever.search("12-45x faster benchmarks", space="T1")
    assert hits and hits[0].entry.id == before["duckdb-eval.md"]


async def test_unreadable_paths_are_clear_errors(rt: Any, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        await rt.ingest(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="no Markdown notes"):
        await rt.ingest(tmp_path / "empty")


async def test_example_vault_loads(vault_rt: Any) -> None:
    assert await vault_rt.knowledge.count() >= 30
    counts = await vault_rt.knowledge.tag_counts(spaces=["global"])
    assert {t.split("/")[0] for t in counts} >= {"domain", "project", "decision", "team", "incident"}
