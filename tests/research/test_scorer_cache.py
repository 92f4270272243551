"""The scorer's cut notes are bounded by units, least recently used going first, and a
note is cut again when its revision changes (the answers that depend on it are in
test_answers.py)."""

from __future__ import annotations

from typing import Any

from research_helpers import NOW, draft

from bot.research.evidence import Scorer
from bot.research.lexical import LexicalIndex
from bot.research.search import Retriever
from storage.knowledge import EntryView, Knowledge

SENTENCES = " ".join(f"Statement number {n} of this note says something long enough." for n in range(10))


async def _entries(knowledge: Knowledge, n: int) -> list[EntryView]:
    written = await knowledge.upsert_many(
        [draft("global", f"n{k}.md", f"Note {k}", SENTENCES) for k in range(n)], now=NOW
    )
    got = await knowledge.get_many([e.id for e, _ in written], spaces=["global"])
    return [got[e.id] for e, _ in written]


def _scorer(knowledge: Knowledge, units: int) -> Scorer:
    return Scorer(Retriever(knowledge, lexical=LexicalIndex(knowledge)), units=units)


async def test_cut_notes_are_bounded_by_units_least_recently_used_first(knowledge: Knowledge) -> None:
    a, b, c = await _entries(knowledge, 3)
    scorer = _scorer(knowledge, units=25)  # room for two notes of ten units
    titles: dict[str, str] = {}
    cut_a, cut_b = scorer.cut(a, titles), scorer.cut(b, titles)
    assert len(cut_a.units) == 10 and scorer.held_units == 20
    assert scorer.cut(a, titles) is cut_a  # kept, and now the most recently used
    cut_c = scorer.cut(c, titles)  # b goes
    assert scorer.held_units == 20
    assert scorer.cut(a, titles) is cut_a and scorer.cut(c, titles) is cut_c
    assert scorer.cut(b, titles) is not cut_b  # cut again
    assert scorer.held_units == 20


async def test_a_new_revision_or_new_titles_replace_the_cut(knowledge: Knowledge) -> None:
    (entry,) = await _entries(knowledge, 1)
    scorer = _scorer(knowledge, units=100)
    titles: dict[str, Any] = {}
    first = scorer.cut(entry, titles)
    await knowledge.upsert_many(
        [draft("global", "n0.md", "Note 0", SENTENCES + " One more statement makes a new revision.")], now=NOW
    )
    (newer,) = (await knowledge.get_many([entry.id], spaces=["global"])).values()
    assert newer.revision > entry.revision
    second = scorer.cut(newer, titles)
    assert second is not first and len(second.units) == 11
    assert scorer.held_units == 11  # the old revision's cut is gone, not kept beside it
    assert scorer.cut(newer, dict(titles)) is not second  # other titles: cut again
