"""One write costs work in proportion to the write: at 10,000 entries, the answer after a
note is added, changed or forgotten reads the rows that changed (counted by the storage
layer, ``Database.rows_read``), not the corpus, on SQLite and PostgreSQL. What follows the
database by revision — the lexical postings, the vectors, the wikilink titles of the
answer path, the words of those titles, the notes cut into passages — takes the changed
entries only (the in-memory ones counted by what they read: titles, notes cut)."""

from __future__ import annotations

import gc
import json
import random
from collections.abc import Iterator

import pytest
from research_helpers import NOW, WordHashEmbedder, draft
from sqlalchemy import insert, text

from bot.clock import FakeClock
from bot.research.embedding import text_hash
from bot.research.links import CHANGES_KEPT, LinkTitles, LinkView, link_keys
from bot.research.names import LOOKALIKE_PREFIX, KeptTitleWords, _proper_by_start, _proper_starts, title_words
from bot.research.recall import Recall
from bot.research.search import Retriever
from bot.research.semantic import SemanticIndex
from storage.db import Database
from storage.embeddings import EmbeddingStore, VectorRow
from storage.knowledge import EntryText, Knowledge
from storage.models import Entry
from storage.records import forget

ENTRIES = 10_000
WORDS = "ledger queue storage billing atlas rollout latency cache replica schema index vendor".split()
QUESTION = "what did we decide about the atlas storage replica?"
NOTE_14 = "00000014-0000-4000-8000-000000000000"


async def _bulk_load(db: Database, embedder: WordHashEmbedder) -> None:
    """10,000 notes in the global space written as one bulk insert, each with a vector, the
    revision counter where the writes would have left it."""
    rows = []
    for i in range(ENTRIES):
        words = " ".join(WORDS[(i * k) % len(WORDS)] for k in range(1, 9))
        rows.append(
            {
                "id": f"{i:08d}-0000-4000-8000-000000000000",
                "space": "global",
                "type": "note",
                "title": f"Note {i} on {WORDS[i % len(WORDS)]}",
                "content": f"Note {i} says {words}; see [[n{(i + 1) % ENTRIES}]].",
                "author": "",
                "project": "",
                "tags": [],
                "source": f"notes/n{i}.md",
                "created_at": NOW,
                "updated_at": NOW,
                "meta": {},
                "revision": i + 1,
            }
        )

    def work(session: object) -> None:
        session.execute(insert(Entry), rows)  # type: ignore[attr-defined]
        session.execute(  # type: ignore[attr-defined]
            text("UPDATE counters SET value = :n WHERE name = 'entry_revision'"), {"n": ENTRIES}
        )

    await db.run(work)
    db.wrote("entries")
    texts = [f"{r['title']}\n\n{r['content']}" for r in rows]
    vectors = await embedder.embed(texts)
    await EmbeddingStore(db).put_many(
        [VectorRow(str(r["id"]), "global", vectors[k], text_hash(texts[k])) for k, r in enumerate(rows)],
        model=embedder.name,
        now=NOW.replace(tzinfo=None),
    )


@pytest.fixture
def thawed() -> Iterator[None]:
    """The objects a test's index load froze (``keep_long_lived``) thawed after it."""
    yield
    gc.unfreeze()


def _read(db: Database) -> int:
    return sum(db.rows_read.values())


async def test_one_write_costs_rows_in_proportion_to_the_write_not_the_corpus(
    any_db: Database, thawed: None
) -> None:
    db = any_db
    clock = FakeClock(NOW)
    embedder = WordHashEmbedder()
    knowledge = Knowledge(db)
    semantic = SemanticIndex(db, embedder, clock=clock)
    retriever = Retriever(knowledge, semantic, clock=clock)
    recall = Recall(knowledge, retriever)
    await _bulk_load(db, embedder)

    answerer = recall.answerer
    work: list[tuple[int, int]] = []  # per answer: titles read into the title words, notes cut

    async def ask() -> int:
        """The rows one quick answer's evidence reads."""
        before = _read(db)
        titles_read, cuts = answerer.title_words.read, answerer.scorer.cuts_made
        found = await recall.evidence(QUESTION, space="team")
        assert found.entries
        clock.advance(5)
        work.append((answerer.title_words.read - titles_read, answerer.scorer.cuts_made - cuts))
        return _read(db) - before

    loaded = await ask()
    assert loaded >= 2 * ENTRIES  # the first answer loads the entries and their vectors
    assert work[-1][0] >= ENTRIES  # and reads every title once
    # what the load made lives as long as the process: a full collection walks none of it
    walked = {id(o) for o in gc.get_objects()}
    assert id(semantic._ids) not in walked and id(semantic._slot) not in walked
    steady = await ask()
    assert steady == 0  # the hits' entries are kept while the index holds the same revision
    assert work[-1] == (0, 0)

    async def write(source: str, title: str, content: str) -> str:
        entry, _ = await knowledge.upsert(draft("global", source, title, content), now=clock.now())
        await semantic.embed_entries([entry])
        return entry.id

    # added: a note linking to another by its file name
    new_id = await write("notes/new.md", "Atlas storage replica decision", "We chose a replica; see [[n7]].")
    after_add = await ask()
    # the new title's words, and the new note cut (if it is among the hits), nothing more
    assert work[-1][0] == 1 and work[-1][1] <= 1, work
    # the new note (it links to n7) and another note, cut as an answer cuts them
    views = await knowledge.get_many([new_id, NOTE_14], spaces=["global"])
    for view in views.values():
        answerer.scorer.cut(view, await answerer.titles(("global", "team")))
    # changed: an existing note renamed (its links now read as the new title)
    await write("notes/n7.md", "Atlas replica runbook", "How the atlas storage replica is run.")
    after_change = await ask()
    # the old title out and the new one in
    assert work[-1][0] == 2 and work[-1][1] <= 1, work
    # of the two notes cut before, only the one linking to the renamed note is cut again
    cuts = answerer.scorer.cuts_made
    titles = await answerer.titles(("global", "team"))
    new, other = (answerer.scorer.cut(views[i], titles) for i in (new_id, NOTE_14))
    assert answerer.scorer.cuts_made - cuts == 1
    assert any("Atlas replica runbook" in u.text for u in new.units)
    assert any("Note 15 on" in u.text for u in other.units)
    # forgotten: a note of another space removed (its tombstone is read)
    await write_other(knowledge, semantic, clock)
    await ask()
    gone = await forget(db, space="other", now=clock.now())
    assert gone.entries == 1
    after_forget = await ask()
    assert work[-1] == (0, 0), work  # nothing the answering spaces read changed

    # each answer after a write reads the entries of the hits it reads (at most 20: ten judged,
    # ten more read only for a passage answering better, ``PastTheCut.better``) and the
    # changed rows (the entry and its vector, once for the postings and titles, once for the
    # vectors): a handful, where rebuilding any map over the corpus would read 10,000 or more
    print(
        f"rows read: load {loaded}, steady {steady}, after add/change/forget {after_add}/{after_change}/{after_forget}"
    )
    for cost in (after_add, after_change, after_forget):
        assert cost <= 50, (steady, after_add, after_change, after_forget, dict(db.rows_read))

    # and links to the renamed note read as its new title, by file stem or path
    titles = await recall.answerer.titles(("global", "team"))
    assert titles.get("n7") == titles.get("notes/n7") == "Atlas replica runbook"
    assert titles.get("n8") == "Note 8 on replica" and titles.get("new") == "Atlas storage replica decision"
    assert titles.get("x") is None  # forgotten
    # the title words followed change by change are those of a whole read
    kept, whole = answerer.title_words.of(titles), title_words(titles.values())
    assert {w: sorted(ts) for w, ts in kept.titles.items()} == {
        w: sorted(ts) for w, ts in whole.titles.items()
    }
    assert kept.proper == whole.proper


async def write_other(knowledge: Knowledge, semantic: SemanticIndex, clock: FakeClock) -> None:
    entry, _ = await knowledge.upsert(
        draft("other", "x.md", "Elsewhere", "Other space note."), now=clock.now()
    )
    await semantic.embed_entries([entry])


def test_link_titles_follow_changes_and_pick_one_winner_per_key() -> None:
    """A key two notes share goes to the one whose source sorts first, and back to the other
    when that one goes; the mapping's generation moves only when what it resolves changes."""
    links = LinkTitles()

    def row(entry_id: str, source: str, title: str, *, gone: bool = False, space: str = "s") -> EntryText:
        return EntryText(entry_id, space, "note", title, "", [], 1, gone, source)

    links.take([row("b", "people/atlas.md", "Atlas (person)"), row("a", "projects/atlas.md", "Atlas")])
    view = links.view(["s", "global"])
    assert view.get("atlas") == "Atlas (person)" and view.get("projects/atlas") == "Atlas"
    before = links.generation(["s"])
    links.take([row("c", "misc/other.md", "")])  # no title: nothing to resolve
    assert links.generation(["s"]) == before and "other" not in view
    links.take([row("b", "", "", gone=True)])
    assert view.get("atlas") == "Atlas" and view.get("people/atlas") is None
    assert links.generation(["s"]) != before
    links.take([row("g", "atlas.md", "Global atlas", space="global")])
    assert view.get("atlas") == "Global atlas"  # the first space in sorted order wins
    assert links.view(["s"]).get("atlas") == "Atlas"
    assert links.view(["global"]).get("atlas") == "Global atlas"
    assert link_keys("Notes/Weekly.Sync.MD") == ("weekly.sync", "notes/weekly.sync")


def test_the_first_words_of_keys_follow_every_change_and_a_restore() -> None:
    """``starts_key`` (a run of a question's words is looked up as a note's file name only
    when a key starts with its first word) says what a pass over the keys would, after
    every write, rename and forget, in views of one space and two, and once restored."""
    rng = random.Random(7)
    links = LinkTitles()
    heads = "kestrel rose north fen pump site".split()

    def row(entry_id: str, source: str, title: str, *, space: str, gone: bool = False) -> EntryText:
        return EntryText(entry_id, space, "note", title, "", [], 1, gone, source)

    def same(links: LinkTitles) -> None:
        for spaces in (["a"], ["b"], ["a", "b"]):
            view = links.view(spaces)
            for word in [*heads, "nothing"]:
                assert view.starts_key(word) == any(k.startswith(f"{word}-") for k in view), (spaces, word)

    for step in range(400):
        entry = f"e{rng.randrange(40)}"
        name = "-".join(rng.sample(heads, rng.choice([1, 2, 3])))
        folder = rng.choice(["", "notes/", "x-y/"])
        links.take(
            [row(entry, f"{folder}{name}.md", name.title(), space=rng.choice("ab"), gone=step % 5 == 0)]
        )
        same(links)
    same(LinkTitles.restore(json.loads(json.dumps(links.state()))))


def test_title_words_follow_the_link_map_across_spaces_and_read_all_again_when_changes_are_dropped() -> None:
    """The kept title words equal a whole read after each change, in a view of two spaces
    (a key of the first space hides the second's); when the changes they were at are no
    longer kept (more than ``CHANGES_KEPT`` since), they are read whole again."""
    links = LinkTitles()
    kept = KeptTitleWords(4)

    def row(entry_id: str, source: str, title: str, *, space: str = "a", gone: bool = False) -> EntryText:
        return EntryText(entry_id, space, "note", title, "", [], 1, gone, source)

    def same(view: LinkView) -> None:
        mine, whole = kept.of(view), title_words(view.values())
        assert {w: sorted(t) for w, t in mine.titles.items()} == {
            w: sorted(t) for w, t in whole.titles.items()
        }
        assert mine.proper == whole.proper
        # and the first letters of their name words, kept per kept words, follow them too
        assert _proper_starts(mine) == _proper_starts(whole)
        # ... and the name words by those letters, in the order the words hold them
        for words in (mine, whole):
            for start in {t[:LOOKALIKE_PREFIX] for t in words.titles} | {"zzzz"}:
                assert _proper_by_start(words).get(start, ()) == tuple(
                    t for t in words.titles if t in words.proper and t[:LOOKALIKE_PREFIX] == start
                )

    view = links.view(["a", "b"])
    links.take([row("1", "pumps.md", "North Fen pumps"), row("2", "pumps.md", "South Fen pumps", space="b")])
    same(view)
    read = kept.read
    links.take([row("3", "depot.md", "Harlow Depot lease", space="b")])
    same(view)
    assert kept.read - read == 1  # the new title only
    links.take([row("1", "", "", gone=True)])  # "pumps" now resolves to space b's note
    same(view)
    links.take([row("2", "pumps.md", "South Fen pumping station", space="b")])
    same(view)
    read = kept.read
    links.take([row(f"x{i}", f"n{i}.md", f"Note {i}", space="c") for i in range(CHANGES_KEPT)])
    links.take([row("4", "rota.md", "Weekend rota")])
    same(view)
    assert kept.read - read == len(set(view.values()))  # the changes it was at are gone: all read again
