"""The in-process BM25 index: it ranks exactly as SQLite's own FTS5 ``bm25()`` did (FTS5
is the oracle here), stays right as entries are added and changed (also by another
process, also across segment merges), and holds spaces and types."""

from __future__ import annotations

import asyncio
import math
import random
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest
from research_helpers import NOW, draft

from bot.clock import FakeClock
from bot.research.lexical import LexicalIndex, tags_text, words
from bot.research.names import _edits, read_names, title_words
from bot.research.tokens import Stemmer
from bot.text.terms import query_terms
from storage.db import Database
from storage.knowledge import Entry, EntryDraft, Knowledge
from storage.records import forget

# plain words whose Porter stems SQLite and the snowball implementation agree on
VOCAB = """kafka consumer lag partition broker replica leader outage incident review billing invoice
customer payment gateway latency timeout retry queue worker schedule deploy rollback release
database index query migration schema backup restore storage disk memory cache eviction
network packet router firewall certificate token secret rotation audit compliance policy
team meeting decision owner roadmap quarter budget hiring onboarding vendor contract price
model embedding search ranking relevance recall precision benchmark dataset label training""".split()
FILLER = "the a of and to in for on with is was by at from".split()


def _text(rng: random.Random, low: int, high: int) -> str:
    return " ".join(
        rng.choice(VOCAB if rng.random() < 0.6 else FILLER) for _ in range(rng.randint(low, high))
    )


def _drafts(rng: random.Random, n: int, *, start: int = 0) -> list[EntryDraft]:
    return [
        draft(
            rng.choice(["global", "global", "team-a", "team-b"]),
            f"e{start + i}",
            _text(rng, 1, 6).title(),
            _text(rng, 5, 60),
            type=rng.choice(["note", "note", "meeting", "person"]),
            tags=[f"{rng.choice(['domain', 'topic'])}/{rng.choice(VOCAB)}-{rng.choice(VOCAB)}"],
        )
        for i in range(n)
    ]


class Fts5Oracle:
    """The same entries in an FTS5 table, ranked by FTS5's bm25 with the weights the
    knowledge base used (title 3, content 1, tags 2)."""

    def __init__(self) -> None:
        self.con = sqlite3.connect(":memory:")
        self.con.execute(
            "CREATE VIRTUAL TABLE f USING fts5(entry_id UNINDEXED, space UNINDEXED, kind UNINDEXED, "
            "title, content, tags, tokenize='porter unicode61 remove_diacritics 2')"
        )

    def put(self, entry_id: str, space: str, kind: str, title: str, content: str, tags: list[str]) -> None:
        self.con.execute("DELETE FROM f WHERE entry_id = ?", (entry_id,))
        self.con.execute(
            "INSERT INTO f (entry_id, space, kind, title, content, tags) VALUES (?, ?, ?, ?, ?, ?)",
            (entry_id, space, kind, title, content, tags_text(tags)),
        )

    def search(
        self, query: str, spaces: list[str], limit: int, types: list[str] | None = None
    ) -> list[tuple[str, float]]:
        terms = query_terms(query)
        if not terms:
            return []
        match = " OR ".join(f'"{t}"' for t in terms)
        kinds = types or ["note", "meeting", "person", "decision"]
        rows = self.con.execute(
            "SELECT entry_id, -bm25(f, 0, 0, 0, 3.0, 1.0, 2.0) AS s FROM f WHERE f MATCH ? "
            f"AND space IN ({','.join('?' * len(spaces))}) AND kind IN ({','.join('?' * len(kinds))}) "
            "ORDER BY s DESC LIMIT ?",
            (match, *spaces, *kinds, limit),
        ).fetchall()
        return [(r[0], float(r[1])) for r in rows]


async def _store(
    knowledge: Knowledge, oracle: Fts5Oracle, drafts: list[EntryDraft], *, minutes: int = 0
) -> None:
    for entry, _ in await knowledge.upsert_many(drafts, now=NOW + timedelta(minutes=minutes)):
        oracle.put(entry.id, entry.space, entry.type, entry.title, entry.content, entry.tags)


def _assert_same(got: list[tuple[str, float]], want: list[tuple[str, float]]) -> None:
    assert len(got) == len(want)
    # same scores, position by position; ids equal wherever scores are not tied
    assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-5, abs=1e-9)
    want_score = dict(want)
    for entry_id, score in got:
        assert entry_id in want_score or any(abs(score - s) < 1e-6 for _, s in want[-3:])
        if entry_id in want_score:
            assert score == pytest.approx(want_score[entry_id], rel=1e-5, abs=1e-9)


QUERIES = [
    "kafka consumer lag",
    "billing outage review",
    "the database backup and restore",
    "token rotation secret audit compliance",
    "team",
    "Ranking relevance of search models",
    "queue queue worker",  # a repeated word counts once (query_terms keeps the first)
    "deploy deployed deploying rollback",  # three words, one stem: three phrases, as in FTS5
]


async def test_ranks_exactly_as_fts5_bm25(knowledge: Knowledge) -> None:
    rng = random.Random(5)
    oracle = Fts5Oracle()
    await _store(knowledge, oracle, _drafts(rng, 400))
    index = LexicalIndex(knowledge)
    for query in QUERIES:
        for spaces in (["global"], ["team-a", "global"]):
            got = await index.search(query, spaces=spaces, limit=25)
            assert got, query
            _assert_same(got, oracle.search(query, spaces, 25))
    got = await index.search("kafka lag", spaces=["global"], limit=10, types=["meeting"])
    _assert_same(got, oracle.search("kafka lag", ["global"], 10, types=["meeting"]))


async def test_stays_exact_as_entries_are_added_and_changed(knowledge: Knowledge) -> None:
    rng = random.Random(11)
    oracle = Fts5Oracle()
    await _store(knowledge, oracle, _drafts(rng, 150))
    index = LexicalIndex(knowledge, merge_at=40)  # small: merges happen along the way
    assert await index.refresh() == 150
    for round_ in range(6):
        # new entries, and changed ones (same source, new text): each change is a new revision
        changed = _drafts(rng, 20, start=rng.randint(0, 140))
        await _store(
            knowledge, oracle, _drafts(rng, 15, start=1000 + 15 * round_) + changed, minutes=round_ + 1
        )
        for query in QUERIES[:5]:
            _assert_same(
                await index.search(query, spaces=["team-b", "global"], limit=30),
                oracle.search(query, ["team-b", "global"], 30),
            )
    assert len(index) == await knowledge.count()
    # an index built from scratch now agrees with the one that followed every change
    fresh = LexicalIndex(knowledge)
    for query in QUERIES:
        assert await fresh.search(query, spaces=["global"], limit=40) == await index.search(
            query, spaces=["global"], limit=40
        )


async def test_word_weights_and_coverage_follow_every_change(knowledge: Knowledge) -> None:
    """A question's weighted words (kept per query until the index changes) and each
    entry's coverage agree with a count over the entries as they are now — after additions,
    edits, a forgotten space and segment merges, asked before and after each change."""
    rng = random.Random(23)
    stemmer = Stemmer()
    # merges after the first page and every few rounds: postings in both segments
    index = LexicalIndex(knowledge, merge_at=2000)
    held: dict[str, set[str]] = {}  # entry id → the stems of its title, content and tags
    space_of: dict[str, str] = {}

    def put(entries: list[Entry]) -> None:
        for e in entries:
            text = f"{e.title} {e.content} {tags_text(e.tags)}"
            held[e.id] = {stemmer.stem(w) for w in words(text)}
            space_of[e.id] = e.space

    def expected(query: str, ids: list[str]) -> tuple[dict[str, float], dict[str, float]]:
        weights: dict[str, float] = {}
        found: set[str] = set()
        for word in query_terms(query):
            for token in words(word):
                stem = stemmer.stem(token)
                if stem in weights:
                    continue
                hits = sum(1 for stems in held.values() if stem in stems)
                rows = max(len(held), 1)
                weights[stem] = math.log((rows - hits + 0.5) / (hits + 0.5) + 1.0)
                if hits:
                    found.add(stem)
        total = sum(weights.values())
        coverage = {
            i: sum(w for s, w in weights.items() if s in found and s in held.get(i, set())) / total
            for i in ids
        }
        return weights, coverage

    async def check() -> None:
        await index.refresh()
        ids = [*rng.sample(sorted(held), 12), "no-such-entry", *gone]
        for query in QUERIES:
            weights, coverage = expected(query, ids)
            assert index.word_weights(query) == pytest.approx(weights, rel=1e-12), query
            assert index.coverage(query, ids) == pytest.approx(coverage, rel=1e-12, abs=1e-15), query

    gone: list[str] = []
    put([e for e, _ in await knowledge.upsert_many(_drafts(rng, 120), now=NOW)])
    await check()
    for round_ in range(5):
        changed = _drafts(rng, 15, start=rng.randint(0, 100)) + _drafts(rng, 10, start=1000 + 10 * round_)
        put([e for e, _ in await knowledge.upsert_many(changed, now=NOW + timedelta(minutes=round_ + 1))])
        if round_ == 2:
            forgotten = await forget(knowledge.db, space="team-a", now=NOW)
            assert forgotten.entries
            gone = [i for i in held if space_of[i] == "team-a"]
            assert len(gone) == forgotten.entries
            for i in gone:
                del held[i]
        await check()


def test_the_stemmer_stems_as_snowballs_pure_python_porter() -> None:
    """The compiled stemmer (PyStemmer, when installed) gives the stems the pure-Python one
    gives, word by word and in one call: the example vault's words and their one-edit
    spellings (what the names check stems)."""
    from snowballstemmer.porter_stemmer import PorterStemmer

    vault = Path(__file__).resolve().parents[2] / "examples" / "vault"
    vocabulary = sorted({w for p in vault.rglob("*.md") for w in words(p.read_text())})
    asked = sorted({e for w in vocabulary[::25] if w.isalpha() for e in _edits(w)} | set(vocabulary))
    porter, stemmer = PorterStemmer(), Stemmer()
    expected = [porter.stemWord(w) if 3 <= len(w) <= 64 else w for w in asked]
    assert len(asked) > 20_000
    assert [stemmer.stem(w) for w in asked] == expected
    assert stemmer.stems(asked) == expected


async def test_a_word_one_edit_from_a_notes_word_is_a_typo_only_while_a_note_says_it(
    knowledge: Knowledge,
) -> None:
    """The names check keeps each word's typo verdict until the index changes: a word one
    edit from a note's word is no name while the note says that word, and is one again
    once the note's text no longer does."""
    index = LexicalIndex(knowledge)
    titles = title_words(["Ferry plan"])
    question = "when does the Zanzibor ferry leave?"
    await knowledge.upsert_many([draft("global", "n1", "Ferry plan", "the zanzibar timetable")], now=NOW)
    await index.refresh(force=True)
    assert read_names(question, index, titles).missing == ()
    await knowledge.upsert_many([draft("global", "n1", "Ferry plan", "the lisbon timetable")], now=NOW)
    await index.refresh(force=True)
    assert read_names(question, index, titles).missing != ()
    await knowledge.upsert_many([draft("global", "n1", "Ferry plan", "the zanzibar timetable")], now=NOW)
    await index.refresh(force=True)
    assert read_names(question, index, titles).missing == ()


async def test_whether_the_notes_hold_a_word_follows_every_change(knowledge: Knowledge) -> None:
    """``holds`` is kept per word until the index changes: a word (or one of its stem) is
    held while a note says it, not once its text changes or it is forgotten, and again
    when it is written back."""
    index = LexicalIndex(knowledge)
    ((entry, _),) = await knowledge.upsert_many(
        [draft("global", "n1", "Ferry plan", "the zanzibar timetables")], now=NOW
    )
    await index.refresh(force=True)
    assert index.holds("zanzibar") and index.holds("timetable") and not index.holds("lisbon")
    await knowledge.upsert_many([draft("global", "n1", "Ferry plan", "the lisbon timetable")], now=NOW)
    await index.refresh(force=True)
    assert not index.holds("zanzibar") and index.holds("lisbon") and index.holds("timetables")
    await forget(knowledge.db, space="global", now=NOW)
    await index.refresh(force=True)
    assert not index.holds("lisbon") and not index.holds("timetable")
    await knowledge.upsert_many([draft("global", "n2", "Ferry plan", "the zanzibar timetable")], now=NOW)
    await index.refresh(force=True)
    assert index.holds("zanzibar") and not index.holds("lisbon")
    assert entry.id not in {i for i, _ in await index.search("zanzibar", spaces=["global"], limit=5)}


async def test_changed_text_stops_matching_its_old_words(knowledge: Knowledge) -> None:
    index = LexicalIndex(knowledge)
    ((entry, _),) = await knowledge.upsert_many(
        [draft("global", "n1", "Zanzibar plan", "ferry timetable")], now=NOW
    )
    assert [i for i, _ in await index.search("zanzibar", spaces=["global"], limit=5)] == [entry.id]
    await knowledge.upsert_many([draft("global", "n1", "Lisbon plan", "tram timetable")], now=NOW)
    assert await index.search("zanzibar", spaces=["global"], limit=5) == []
    assert [i for i, _ in await index.search("lisbon tram", spaces=["global"], limit=5)] == [entry.id]
    assert len(index) == 1


async def test_sees_what_another_process_writes_within_its_refresh_interval(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    writer_db, reader_db = Database(url), Database(url)
    await writer_db.migrate()
    clock = FakeClock(NOW)
    try:
        reader = LexicalIndex(Knowledge(reader_db), clock=clock, refresh_every=timedelta(seconds=1))
        assert await reader.search("quokka", spaces=["global"], limit=5) == []
        await Knowledge(writer_db).upsert_many([draft("global", "q", "Quokka census", "")], now=NOW)
        # another process's write: not read again within the interval...
        clock.advance(0.5)
        assert await reader.search("quokka", spaces=["global"], limit=5) == []
        # ...and read once it has passed
        clock.advance(0.6)
        assert len(await reader.search("quokka", spaces=["global"], limit=5)) == 1
        # this process's own writes are read at the next search, interval or not
        await Knowledge(reader_db).upsert_many([draft("global", "q2", "Quokka diet", "")], now=NOW)
        assert len(await reader.search("quokka", spaces=["global"], limit=5)) == 2
    finally:
        await writer_db.dispose()
        await reader_db.dispose()


async def test_a_search_that_comes_while_the_index_loads_waits_for_the_load(knowledge: Knowledge) -> None:
    """A look-up checks whether a read is due before taking the read's lock (it asks some
    five times a question); one that comes while the first load runs still waits for it."""
    await knowledge.upsert_many([draft("global", "q", "Quokka census", "")], now=NOW)
    index = LexicalIndex(knowledge)
    first, second = await asyncio.gather(
        index.search("quokka", spaces=["global"], limit=5), index.search("quokka", spaces=["global"], limit=5)
    )
    assert len(first) == len(second) == 1


async def test_spaces_and_types_hold(knowledge: Knowledge) -> None:
    await knowledge.upsert_many(
        [
            draft("team-a", "a", "Kafka lag in team A", ""),
            draft("team-b", "b", "Kafka lag in team B", ""),
            draft("global", "g", "Kafka lag everywhere", "", type="person"),
        ],
        now=NOW,
    )
    index = LexicalIndex(knowledge)
    ids = await knowledge.by_sources("team-a")
    seen = {i for i, _ in await index.search("kafka lag", spaces=["team-a", "global"], limit=10)}
    assert ids["a"] in seen and len(seen) == 2
    assert await index.search("kafka", spaces=["team-c"], limit=10) == []
    people = await index.search("kafka", spaces=["team-b", "global"], limit=10, types=["person"])
    assert [i for i, _ in people] == list((await knowledge.by_sources("global")).values())
    no_people = await index.search("kafka", spaces=["team-b", "global"], limit=10, exclude_types=["person"])
    assert [i for i, _ in no_people] == list((await knowledge.by_sources("team-b")).values())


async def test_odd_queries_and_text_are_handled(knowledge: Knowledge) -> None:
    await knowledge.upsert_many(
        [
            draft("global", "cafe", "Café Müller", "crème brûlée \x00\x01 naïve ÅNGSTRÖM"),
            draft("global", "empty", "", ""),
            draft("global", "junk", "\ufffd\ufffd", "".join(chr(c) for c in range(0x2500, 0x2600))),
        ],
        now=NOW,
    )
    index = LexicalIndex(knowledge)
    cafe = (await knowledge.by_sources("global"))["cafe"]
    assert [i for i, _ in await index.search("cafe muller", spaces=["global"], limit=5)] == [cafe]
    assert [i for i, _ in await index.search("angstrom", spaces=["global"], limit=5)] == [cafe]
    for query in ["", "   ", "the and of", "\x00\x01\x02", "🙂" * 50, "x" * 100_000, "word " * 10_000]:
        assert await index.search(query, spaces=["global"], limit=5) == []
    assert await index.search("kafka", spaces=["global"], limit=0) == []


def test_words_fold_case_and_diacritics() -> None:
    assert words("Crème BRÛLÉE, naïve_user e-mail 42x") == [
        "creme",
        "brulee",
        "naive",
        "user",
        "e",
        "mail",
        "42x",
    ]


async def test_revisions_increase_per_write(any_db: Database) -> None:
    knowledge = Knowledge(any_db)
    first = await knowledge.upsert_many([draft("global", f"r{i}", f"title {i}") for i in range(3)], now=NOW)
    again = await knowledge.upsert_many([draft("global", "r1", "title one, changed")], now=NOW)
    revisions = [e.revision for e, _ in first] + [e.revision for e, _ in again]
    assert revisions == sorted(revisions) and len(set(revisions)) == 4
    changed = await knowledge.changed_since(revisions[2])
    assert [(c.title, c.revision) for c in changed] == [("title one, changed", revisions[3])]
    index = LexicalIndex(knowledge)
    assert [i for i, _ in await index.search("changed", spaces=["global"], limit=5)] == [again[0][0].id]
    # re-ingesting unchanged entries takes no revision: nothing for any index to re-read
    same = await knowledge.upsert_many(
        [draft("global", "r0", "title 0"), draft("global", "r1", "title one, changed")], now=NOW
    )
    assert [(e.revision, created) for e, created in same] == [(revisions[0], False), (revisions[3], False)]
    assert await knowledge.changed_since(revisions[3]) == []


async def test_concurrent_writers_get_distinct_revisions_and_the_index_misses_none(any_db: Database) -> None:
    """On PostgreSQL the writes below run on several connections at once; the counter row
    orders them, so revisions are distinct and an index that refreshes while they land
    still ends up with every entry."""
    knowledge = Knowledge(any_db)
    index = LexicalIndex(knowledge)

    async def write(n: int) -> list[int]:
        pairs = await knowledge.upsert_many(
            [draft("global", f"w{n}-{k}", f"Wombat census {n} {k}") for k in range(5)], now=NOW
        )
        await index.refresh(force=True)  # reads while other writers are mid-transaction
        return [e.revision for e, _ in pairs]

    revisions = [r for batch in await asyncio.gather(*(write(n) for n in range(12))) for r in batch]
    assert sorted(revisions) == list(range(1, 61))
    await index.refresh(force=True)
    assert len(index) == 60
    assert len(await index.search("wombat census", spaces=["global"], limit=100)) == 60


async def test_types_of_many_entries_at_once_says_what_type_of_says_of_each(knowledge: Knowledge) -> None:
    index = LexicalIndex(knowledge)
    pairs = await knowledge.upsert_many(
        [
            draft("global", "a", "Alpha review", "kafka lag", type="meeting"),
            draft("team-a", "b", "Beta notes", "ledger replica"),
            draft("global", "c", "Gamma call", "nightly loader", type="decision"),
        ],
        now=NOW,
    )
    ids = [e.id for e, _ in pairs]
    await index.refresh()
    assert await forget(knowledge.db, space="team-a", now=NOW)
    await index.refresh()
    asked = [*ids, "no-such-entry", ids[0]]
    assert index.types_of(asked) == [index.type_of(i) for i in asked]
    assert index.types_of(asked) == ["meeting", None, "decision", None, "meeting"]
    assert index.types_of([]) == []
