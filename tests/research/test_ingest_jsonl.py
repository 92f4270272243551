"""JSON Lines ingest: a corpus loads as it is, keeping its ids; bad lines are named."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.errors import InputError
from bot.knowledge.jsonl import load_jsonl


def _write(path: Path, *records: object) -> Path:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in records) + "\n")
    return path


def test_fields_map_onto_entry_drafts(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "corpus.jsonl",
        {
            "_id": "4983",
            "title": "Microstructural development",
            "text": "Alterations of white matter.",
            "metadata": {},
        },
        "",
        {
            "_id": 12,
            "title": "",
            "text": "Only text",
            "tags": "bio, imaging mri",
            "author": "Ana",
            "date": "2024-03-05",
            "journal": "Brain",
        },
        {
            "_id": "x-1",
            "title": "Dated",
            "text": "t",
            "tags": ["a/b", " c "],
            "date": "2024-03-05T10:30:00+02:00",
        },
    )
    drafts = load_jsonl(path, "scifact")
    assert [d.source for d in drafts] == ["4983", "12", "x-1"]
    first, second, third = drafts
    assert (first.space, first.title, first.content, first.type) == (
        "scifact",
        "Microstructural development",
        "Alterations of white matter.",
        "note",
    )
    assert first.meta == {} and first.created_at is None
    assert second.tags == ["bio", "imaging", "mri"] and second.author == "Ana"
    assert second.created_at == datetime(2024, 3, 5, tzinfo=UTC) and second.meta == {"journal": "Brain"}
    assert third.tags == ["a/b", "c"] and third.created_at == datetime(2024, 3, 5, 8, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "corpus.jsonl:2: not JSON"),
        ('["a list"]', "corpus.jsonl:2: expected a JSON object"),
        ('{"title": "no id", "text": "t"}', "corpus.jsonl:2: missing _id"),
        ('{"_id": "b"}', "corpus.jsonl:2: neither title nor text"),
        ('{"_id": "a", "text": "again"}', "corpus.jsonl:2: _id 'a' already used on line 1"),
        ('{"_id": "c", "text": "t", "date": "last tuesday"}', "corpus.jsonl:2: date 'last tuesday'"),
        ('{"_id": "d", "text": "t", "tags": [1, 2]}', "corpus.jsonl:2: tags must be"),
    ],
)
def test_unusable_lines_are_named(tmp_path: Path, line: str, message: str) -> None:
    path = _write(tmp_path / "corpus.jsonl", {"_id": "a", "text": "first"}, line)
    with pytest.raises(InputError, match=message):
        load_jsonl(path, "global")


def test_a_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        load_jsonl(tmp_path / "nope.jsonl", "global")
