"""The lexical index's scores against BM25 written out from its definition, over the
entries as they are after additions, changes and a forgotten space (both posting
segments in play, merges along the way); and its order among equal scores: the order the
entries were written in, also where ``limit`` cuts through a tie."""

from __future__ import annotations

import math
import random
from collections import Counter
from datetime import timedelta

import pytest
from research_helpers import NOW, draft
from test_lexical import VOCAB, _drafts

from bot.research.lexical import K1, B, LexicalIndex, tags_text, words
from bot.research.tokens import CONTENT_WEIGHT, TAGS_WEIGHT, TITLE_WEIGHT, Stemmer
from bot.text.terms import query_terms
from storage.knowledge import Entry, EntryDraft, Knowledge
from storage.records import forget


class Reference:
    """BM25 over held entries, from the definition: no index, no segments, float64."""

    def __init__(self) -> None:
        self.stemmer = Stemmer()
        self.tf: dict[str, Counter[str]] = {}  # entry id → stem → weighted frequency
        self.length: dict[str, int] = {}
        self.space: dict[str, str] = {}
        self.written: dict[str, int] = {}  # entry id → when it was last written
        self.clock = 0

    def put(self, entries: list[Entry]) -> None:
        for e in entries:
            tf: Counter[str] = Counter()
            length = 0
            for weight, text in (
                (TITLE_WEIGHT, e.title),
                (CONTENT_WEIGHT, e.content),
                (TAGS_WEIGHT, tags_text(e.tags)),
            ):
                tokens = words(text)
                length += len(tokens)
                for token in tokens:
                    tf[self.stemmer.stem(token)] += weight
            self.tf[e.id], self.length[e.id], self.space[e.id] = tf, length, e.space
            self.written[e.id] = self.clock = self.clock + 1

    def drop(self, space: str) -> None:
        for entry_id in [i for i, s in self.space.items() if s == space]:
            for table in (self.tf, self.length, self.space, self.written):
                del table[entry_id]

    def ranked(self, query: str, spaces: list[str]) -> list[tuple[str, float]]:
        repeat: Counter[str] = Counter(self.stemmer.stem(t) for w in query_terms(query) for t in words(w))
        rows = len(self.tf)
        average = sum(self.length.values()) / rows
        scores: dict[str, float] = {}
        for stem, times in repeat.items():
            holders = [i for i, tf in self.tf.items() if stem in tf]
            if not holders:
                continue
            idf = math.log((rows - len(holders) + 0.5) / (len(holders) + 0.5))
            idf = idf if idf > 0 else 1e-6
            for i in holders:
                if self.space[i] in spaces:
                    tf = self.tf[i][stem]
                    norm = K1 * (1 - B + B * self.length[i] / average)
                    scores[i] = scores.get(i, 0.0) + times * idf * tf * (K1 + 1) / (tf + norm)
        return sorted(scores.items(), key=lambda kv: (-kv[1], self.written[kv[0]]))


def _assert_ranked(got: list[tuple[str, float]], want: list[tuple[str, float]]) -> None:
    assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-6)
    for k, ((got_id, _), (want_id, score)) in enumerate(zip(got, want, strict=True)):
        # ids agree position by position (exact ties too: by the order written), except
        # where the reference has a neighbour different by less than float32 rounding
        near = [s for _, s in want[max(0, k - 1) : k + 2]]
        if not any(0 < abs(s - score) <= 1e-6 * score for s in near):
            assert got_id == want_id, k


QUERIES = [
    "kafka consumer lag",
    "billing outage review of the payment gateway latency",
    "deploy deployed deploying rollback",
    "token rotation secret audit compliance policy team meeting decision owner",
    "quasar nebula",
]


async def test_scores_equal_bm25_from_its_definition_through_every_change(knowledge: Knowledge) -> None:
    rng = random.Random(31)
    reference = Reference()
    index = LexicalIndex(knowledge, merge_at=300)  # merges along the way: both segments hold postings

    async def store(drafts: list[EntryDraft], minutes: int) -> None:
        reference.put(
            [e for e, _ in await knowledge.upsert_many(drafts, now=NOW + timedelta(minutes=minutes))]
        )

    async def check() -> None:
        await index.refresh()
        for query in QUERIES:
            for spaces in (["global"], ["global", "team-a", "team-b"]):
                want = reference.ranked(query, spaces)
                assert want, query
                for limit in (1, 7, 1000):
                    _assert_ranked(await index.search(query, spaces=spaces, limit=limit), want[:limit])

    await store(_drafts(rng, 200), 0)
    twins = [
        draft(space, f"twin{k}", "Quasar notes", "nebula")
        for k, space in enumerate(["global"] * 5 + ["team-a"] * 3)
    ]
    await store(twins, 1)
    await check()
    for round_ in range(4):
        changed = _drafts(rng, 25, start=rng.randint(0, 170)) + _drafts(rng, 20, start=1000 + 20 * round_)
        await store(changed, round_ + 2)
        if round_ == 1:
            assert (await forget(knowledge.db, space="team-a", now=NOW)).entries
            reference.drop("team-a")
        await check()


async def test_equal_scores_come_in_the_order_written_also_at_the_cut(knowledge: Knowledge) -> None:
    rng = random.Random(3)
    index = LexicalIndex(knowledge, merge_at=50)
    await knowledge.upsert_many(_drafts(rng, 120), now=NOW)
    twins: list[str] = []  # alike for the query: equal scores
    stronger: list[str] = []  # the query's words twice: above every twin
    for k in range(40):  # one at a time, in their own order: some merged, some pending
        ((entry, _),) = await knowledge.upsert_many(
            [draft("global", f"twin{k}", f"Quasar {rng.choice(VOCAB)}", "nebula pulsar")],
            now=NOW + timedelta(minutes=k),
        )
        twins.append(entry.id)
        if k % 8 == 3:
            ((entry, _),) = await knowledge.upsert_many(
                [draft("global", f"strong{k}", "Quasar quasar", "nebula pulsar nebula")],
                now=NOW + timedelta(minutes=k),
            )
            stronger.append(entry.id)
        if k == 20:
            await index.refresh()
    for limit in (1, 4, 5, 6, 9, 17, 30, 45, 60):
        got = [i for i, _ in await index.search("quasar nebula pulsar", spaces=["global"], limit=limit)]
        assert got == (stronger + twins)[:limit], limit
