"""The lexical side of retrieval: BM25 over an in-process inverted index, refreshed
incrementally from the database, always scoped to the spaces a caller may see.

Why in process: a database full-text index (FTS5, GIN) scores every document that
matches any query term one row at a time, and at 100,000 entries common terms match
tens of thousands of them (``bench/README.md``). Here a term's postings are two numpy
arrays, so scoring them is a few vector operations, and SQLite and PostgreSQL rank the
same way.

The ranking is FTS5's ``bm25()`` as the knowledge base used it before: k1 = 1.2,
b = 0.75, idf = ln((N − n + 0.5) / (n + 0.5)) (1e-6 when not positive), term frequency
weighted by column (title 3, content 1, tags 2), document length over all columns,
statistics over the whole base. Text becomes terms in ``bot.research.tokens``; the
postings live in ``bot.research.postings`` (two segments, merged as they grow); a query is
scored and its best entries taken in ``bot.research.bm25``.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import timedelta
from pathlib import Path

import numpy as np

from bot.clock import Clock
from bot.research import index_file
from bot.research.bm25 import K1, B, Scorer
from bot.research.links import LinkTitles
from bot.research.postings import Filter, Postings
from bot.research.refresh import REFRESH_EVERY, RefreshGate, keep_long_lived
from bot.research.tokens import Stemmer, Terms, tags_text, tokenize, words
from bot.text.terms import OTHER_FORMS, query_terms
from storage.knowledge import EntryText, Knowledge

__all__ = ["K1", "B", "LexicalIndex", "tags_text", "words"]

log = logging.getLogger(__name__)

_WEIGHTED_CACHE = 64  # queries whose weighted words LexicalIndex keeps
_FILTERS = 256  # (spaces, types, excluded types) as asked → their Filter
HELD_KEPT = 20_000  # ``holds`` verdicts a LexicalIndex keeps until it changes
SLOTS_KEPT = 1_000_000  # terms' live slots a LexicalIndex keeps (``TermSlots``): 4 MB of int32


class LexicalIndex:
    """BM25 search over every entry, kept in step with the database by revision."""

    name = "lexical"

    def __init__(
        self,
        knowledge: Knowledge,
        *,
        clock: Clock | None = None,
        refresh_every: timedelta = REFRESH_EVERY,
        page: int = 5000,
        merge_at: int = 50_000,
        saved: Path | None = None,
        save_after: int = 1000,
    ) -> None:
        self.knowledge = knowledge
        # the index kept next to the data (``index_file``): read at the first refresh,
        # written again after a refresh that read at least ``save_after`` rows
        self.saved = saved
        self.save_after = save_after
        self.loaded = "not loaded yet"  # what the first refresh did, for the start-up line
        self._restored = False
        self._gate = RefreshGate(knowledge.db, "entries", clock=clock, every=refresh_every)
        self.page = page
        self.merge_at = merge_at  # pending postings that trigger a merge (or 10% of main)
        self._terms = Terms()  # grown by the tokenizing thread
        # used on the event loop; answering a question stems every word of every candidate
        # passage, the same few thousand words, each stemmed once (``tokens.Stemmer``)
        self._query_stemmer = Stemmer()
        # a question's weighted words, asked for twice per quick answer (relevance, then
        # passages); valid while the index holds what it held (``_revision``)
        self._weighted: dict[str, tuple[tuple[str, int | None, float], ...]] = {}
        self._weighted_at = -1
        self.near: dict[str, bool] = {}  # names.py's typo verdicts, until the index next changes
        # ``holds`` by word, until the index next changes: the names check and the router's
        # hint ask it of every content word of a message, and the same words come back
        self._held: dict[str, bool] = {}
        self._kept = TermSlots()  # terms' live slots and how many, while the postings stand
        self._revision = 0
        self.forgotten = 0  # entries dropped because they were forgotten (caches over it follow)
        self._lock = asyncio.Lock()
        self._postings = Postings()
        self.links = LinkTitles()  # wikilink targets → titles, from the same rows
        self._scorer = Scorer()  # per-posting weights, kept while the postings stand still
        self._filters: dict[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], Filter] = {}

    def __len__(self) -> int:
        return self._postings.live_count

    @property
    def nbytes(self) -> int:
        """The postings' arrays and the scorer's weights (Python objects — ids, terms — not counted)."""
        return self._postings.nbytes + self._scorer.nbytes

    @property
    def revision(self) -> int:
        return self._revision

    async def refresh(self, *, force: bool = False) -> int:
        """Take in entries written since the last refresh (all of them, the first time).
        Returns how many were read. Near real time (``RefreshGate``): this process's own
        writes are read at the next search, other processes' within ``refresh_every``
        (unless ``force``). Tokenizing and merging run on a worker thread; the index changes
        on the event loop, between searches."""
        if not force and not self._lock.locked() and self._gate.quiet():
            return 0  # (while a read runs, a caller waits for it below, as before)
        async with self._lock:
            if not self._gate.due(force=force):
                return 0
            started = time.monotonic()
            from_file = 0
            if not self._restored and self.saved is not None:
                self._restored = True
                from_file = await self._restore()
            read = 0
            if not from_file and self.loaded != "not loaded yet":
                # most checks find nothing new: the revision counter says so in one short
                # read (entries and tombstones share it, taken under a lock held to commit)
                if await self.knowledge.revision() <= self._revision:
                    return 0
            while True:
                rows = await self.knowledge.changed_since(self._revision, limit=self.page)
                if rows:
                    await self._take_page(rows)
                    read += len(rows)
                if len(rows) < self.page:
                    break
            await self._settle()
            if read:
                self._changed()  # and again: the pending postings are searchable
            postings = self._postings
            if self.saved is not None and read >= self.save_after:
                if postings.live_count < postings.size:  # no postings of forgotten or old text on disk
                    postings.swap(await asyncio.to_thread(postings.merged, len(self._terms.stems)))
                await index_file.save(
                    self.saved, self._revision, self.forgotten, self._postings, self._terms, self.links
                )
            if from_file or self.loaded == "not loaded yet":
                took = time.monotonic() - started
                self.loaded = (
                    f"{from_file} entries from {self.saved} and {read} changed rows from the database"
                    if from_file
                    else f"{read} rows from the database"
                ) + f" in {took:.1f} s"
                log.info("lexical index: %s", self.loaded)
            keep_long_lived(from_file + read)
            return read

    async def take(self, rows: Sequence[EntryText], *, merge: bool = False) -> None:
        """Take in changed rows (written or forgotten) handed over directly rather than read
        from the database (``bench/bm25_peers.py`` builds an index so); ``merge``: into one
        segment, as a large refresh ends."""
        async with self._lock:
            for lo in range(0, len(rows), self.page):
                await self._take_page(rows[lo : lo + self.page])
            await self._settle(force=merge)
            self._changed()

    async def _take_page(self, rows: Sequence[EntryText]) -> None:
        postings = self._postings
        self._changed()  # what the index holds changes from here
        # a forgotten entry is dropped before the page is added: if it was written
        # again since, its new revision is in this page or a later one
        self.forgotten += postings.drop([r.id for r in rows if r.gone])
        self.links.take(rows)
        written = [r for r in rows if not r.gone]
        if written:
            page = await asyncio.to_thread(tokenize, written, self._terms)
            postings.add(written, page)
        self._revision = rows[-1].revision
        self._changed()

    async def _settle(self, *, force: bool = False) -> None:
        postings = self._postings
        if postings.settle(self.merge_at) or (force and postings.waiting):
            postings.swap(await asyncio.to_thread(postings.merged, len(self._terms.stems)))

    async def _restore(self) -> int:
        """Put the saved index in place when it is not newer than the database; how many
        entries it held (0: none usable, the index is built from the database)."""
        assert self.saved is not None
        saved = await index_file.usable(self.saved, await self.knowledge.revision())
        if saved is None:
            return 0
        self._postings, self._terms, self.links = saved.postings, saved.terms, saved.links
        self._revision, self.forgotten = saved.revision, saved.forgotten
        self._changed()
        return self._postings.live_count

    def _changed(self) -> None:
        """What the index holds changes: the verdicts kept over it are dropped."""
        self._weighted_at, self.near, self._held, self._kept = -1, {}, {}, TermSlots()

    def holds(self, word: str) -> bool:
        """A live entry holds ``word`` (a lowercased token) or a word of the same stem."""
        held = self._held.get(word)
        if held is None:
            if len(self._held) >= HELD_KEPT:
                self._held.clear()
            held = self._held[word] = _holds(self._terms, self._postings, self.stem, word)
        return held

    def holds_any(self, words: Collection[str], changing: Collection[str] | None = None) -> bool:
        """``holds`` of any of ``words``: the words seen as written first, then the others stemmed
        in one call, past the cache (the names check asks a word's few hundred spellings);
        ``changing``: as ``Terms.of_stems`` (only those are stemmed)."""
        terms, holds = self._terms, self._postings.holds
        found, unseen = terms.known(words)
        if any(holds(t) for t in found):
            return True
        return any(holds(t) for t in terms.of_stems(unseen, self._query_stemmer, changing))

    def says(self, word: str) -> bool:
        """A live entry holds ``word`` (a lowercased token) as written, not only its stem."""
        term = self._terms.get(word)
        return term is not None and self._postings.holds(term)

    def stems(self) -> Mapping[str, int]:
        """Every stem the index has seen, with its term (a forgotten entry's too: check
        ``holds``), in the order seen: only ever added to while the index keeps them."""
        return self._terms.stems

    def vocabulary(self) -> Collection[str]:
        """Every word the index has seen (a forgotten entry's words too: check ``holds``)."""
        return self._terms.keys()

    def type_of(self, entry_id: str) -> str | None:
        """An entry's type as of the last refresh (None: not known here)."""
        return self._postings.type_of(entry_id)

    def types_of(self, entry_ids: Sequence[str]) -> list[str | None]:
        """``type_of`` for each of ``entry_ids``, in one pass."""
        return self._postings.types_of(entry_ids)

    async def search(
        self,
        query: str,
        *,
        spaces: Sequence[str],
        limit: int,
        types: Sequence[str] | None = None,
        exclude_types: Sequence[str] = (),
    ) -> list[tuple[str, float]]:
        """The best-scoring entries for ``query``, best first, as (entry id, bm25)."""
        await self.refresh()
        return self.ranked(query, spaces=spaces, limit=limit, types=types, exclude_types=exclude_types)

    def ranked(
        self,
        query: str,
        *,
        spaces: Sequence[str],
        limit: int,
        types: Sequence[str] | None = None,
        exclude_types: Sequence[str] = (),
    ) -> list[tuple[str, float]]:
        """``search`` on what the index holds now, without refreshing it."""
        postings = self._postings
        if limit <= 0 or not postings.live_count:
            return []
        phrases = self.query_terms(query)
        if not phrases:
            return []
        asked = (tuple(spaces), tuple(types) if types else (), tuple(exclude_types))
        key = self._filters.get(asked)
        if key is None:  # the same few filters come again and again: each made once
            if len(self._filters) >= _FILTERS:
                self._filters.clear()
            key = self._filters[asked] = Filter(
                tuple(sorted(set(spaces))), tuple(sorted(set(types or ()))), tuple(exclude_types)
            )
        allowed = postings.mask(key)
        if allowed is None:
            return []
        slots, scores = self._scorer.rank(postings, phrases, allowed, limit)
        ids = postings.ids
        return [(ids[slot], score) for slot, score in zip(slots.tolist(), scores.tolist(), strict=True)]

    def stem(self, word: str) -> str:
        """A lowercased word as the index stems it."""
        return self._query_stemmer.stem(word)

    def _weighted_terms(self, query: str) -> tuple[tuple[str, int | None, float], ...]:
        """The query's content words once each: (stem, term id or None, idf). A word no
        entry has gets the highest idf: it is what the knowledge base lacks. Kept for the
        last few queries until the index next takes in a change."""
        if self._weighted_at != self._revision or len(self._weighted) >= _WEIGHTED_CACHE:
            self._weighted.clear()
            self._weighted_at = self._revision
        found = self._weighted.get(query)
        if found is None:
            found = self._weighted[query] = self._weigh(query)
        return found

    def _weigh(self, query: str) -> tuple[tuple[str, int | None, float], ...]:
        rows = max(self._postings.live_count, 1)
        out: dict[str, tuple[str, int | None, float]] = {}
        for word in query_terms(query):
            for token in words(word):
                stem = self.stem(token)
                if stem in out:
                    continue
                term = _known(self._terms, token, stem, self.stem)
                hits = self._kept.count(self._postings, term) if term is not None else 0
                idf = math.log((rows - hits + 0.5) / (hits + 0.5) + 1.0)
                out[stem] = (stem, term if hits else None, idf)
        return tuple(out.values())

    def word_weights(self, query: str) -> dict[str, float]:
        """stem → idf for the query's content words (see ``coverage``)."""
        return {stem: idf for stem, _, idf in self._weighted_terms(query)}

    def coverage(self, query: str, entry_ids: Sequence[str]) -> dict[str, float]:
        """For each entry, the share of the query's content words it contains, each word
        weighted by its idf; a word no entry has counts fully against. Unlike a bm25 score
        this is comparable across queries: 1.0 means every word of the question is in the
        entry, 0.0 none."""
        postings, kept = self._postings, self._kept
        # a word's other form counts as the word: "3 Nov" holds "November" (``OTHER_FORMS``)
        others = _other_terms(self._terms, query, self.stem)
        return _coverage(
            postings, self._weighted_terms(query), entry_ids, lambda t: _slots(kept, postings, t, others)
        )

    def query_terms(self, query: str) -> dict[int, int]:
        """The query's known terms (content words, stemmed), each with how many of the
        query's words stem to it. Unknown terms match nothing and are left out."""
        wanted: dict[int, int] = {}
        known = self._terms
        for word in query_terms(query):
            # an ASCII content word is already one token (lowercase letters and digits)
            for token in (word,) if word.isascii() else words(word):
                term = known.get(token)
                if term is None:  # a word no entry has: its stem, or its other form, may be known
                    term = _known(known, token, self.stem(token), self.stem)
                if term is not None:
                    wanted[term] = wanted.get(term, 0) + 1
        return wanted


def saying(lexical: LexicalIndex, word: str) -> int:
    """How many live entries of ``lexical`` hold ``word`` (a lowercased token) as written
    (``LexicalIndex.says`` counted: the entries are listed, so only where the count matters)."""
    term = lexical._terms.get(word)
    return lexical._kept.count(lexical._postings, term) if term is not None else 0


def together(lexical: LexicalIndex, one: str, other: str) -> int:
    """How many live entries of ``lexical`` hold both ``one`` and ``other`` (lowercased
    tokens) as written."""
    first, second = lexical._terms.get(one), lexical._terms.get(other)
    if first is None or second is None:
        return 0
    kept, postings = lexical._kept, lexical._postings
    return int(
        np.intersect1d(kept.of(postings, first), kept.of(postings, second), assume_unique=True).shape[0]
    )


def _slots(kept: TermSlots, postings: Postings, term: int, others: Mapping[int, Sequence[int]]) -> np.ndarray:
    """The slots holding ``term`` or one of its other forms (``_other_terms``), ascending."""
    held = kept.of(postings, term)
    for other in others.get(term, ()):
        held = np.union1d(held, kept.of(postings, other))
    return held


def _other_terms(known: Terms, query: str, stem: Callable[[str], str]) -> dict[int, tuple[int, ...]]:
    """For each of the query's known terms with another form the index knows too ("november"
    and "nov"), the other form's terms."""
    out: dict[int, tuple[int, ...]] = {}
    for word in query_terms(query):
        forms = OTHER_FORMS.get(word)
        if not forms:
            continue
        term = _known(known, word, stem(word), stem)
        if term is None:
            continue
        alts = {t for other in forms if (t := _as_written(known, other, stem)) is not None and t != term}
        if alts:
            out[term] = tuple(sorted(alts))
    return out


def _known(terms: Terms, token: str, stem: str, stem_of: Callable[[str], str]) -> int | None:
    """The index's term for a query word: as written, else its stem, else the other way it
    is commonly written ("Feb" for "February", "christmas" for "xmas") when the notes never
    write the one typed."""
    term = terms.get(token)
    if term is None:
        term = terms.stems.get(stem)
    for other in OTHER_FORMS.get(token, ()) if term is None else ():
        term = _as_written(terms, other, stem_of)
        if term is not None:
            break
    return term


def _as_written(terms: Terms, word: str, stem_of: Callable[[str], str]) -> int | None:
    """The index's term for ``word`` as written, else for its stem."""
    term = terms.get(word)
    return terms.stems.get(stem_of(word)) if term is None else term


def _holds(terms: Terms, postings: Postings, stem: Callable[[str], str], word: str) -> bool:
    """``LexicalIndex.holds_any((word,))`` without its set operations: the word as written
    when the index has seen it, else its stem."""
    term = terms.get(word)
    if term is None:
        term = terms.stems.get(stem(word))
        return term is not None and postings.holds(term)
    return postings.holds(term)


class TermSlots:
    """Each term's live slots (``Postings.of``, ascending) and how many, kept while the
    postings stand (``Postings.generation``): each question's coverage and word weights ask
    them of its words, and words come back. At most SLOTS_KEPT slots and HELD_KEPT counts;
    the slots are copies (no view keeps a replaced segment's arrays alive)."""

    def __init__(self) -> None:
        self._at = -1
        self._slots: dict[int, np.ndarray] = {}
        self._held = 0  # slots kept
        self._hits: dict[int, int] = {}

    def _follow(self, postings: Postings) -> None:
        if self._at != postings.generation:
            self._at, self._slots, self._held, self._hits = postings.generation, {}, 0, {}

    def of(self, postings: Postings, term: int) -> np.ndarray:
        self._follow(postings)
        if self._held > SLOTS_KEPT:
            self._slots, self._held = {}, 0
        slots = self._slots.get(term)
        if slots is None:
            slots = postings.of(term)[0]
            if slots.base is not None:
                slots = slots.copy()
            self._slots[term] = slots
            self._held += int(slots.shape[0])
        return slots

    def count(self, postings: Postings, term: int) -> int:
        """How many live entries hold ``term``."""
        self._follow(postings)
        if len(self._hits) >= HELD_KEPT:
            self._hits = {}
        hits = self._hits.get(term)
        if hits is None:
            hits = self._hits[term] = int(self.of(postings, term).shape[0])
        return hits


def _among(wanted: np.ndarray, ascending: np.ndarray) -> list[bool]:
    """For each of ``wanted``, whether the ascending array holds it."""
    if not ascending.shape[0]:
        return [False] * wanted.shape[0]
    at = ascending.searchsorted(wanted)
    at[at == ascending.shape[0]] = 0
    return (ascending[at] == wanted).tolist()  # type: ignore[no-any-return]


def _coverage(
    postings: Postings,
    weighted: Sequence[tuple[str, int | None, float]],
    entry_ids: Sequence[str],
    slots_of: Callable[[int], np.ndarray],
) -> dict[str, float]:
    """``LexicalIndex.coverage`` over the query's weighted words."""
    total = sum(idf for _, _, idf in weighted)
    if not total:
        return {entry_id: 0.0 for entry_id in entry_ids}
    position: dict[str, int] = {}  # entry id → its row in ``holds``, when it is live
    slots: list[int] = []
    for entry_id in entry_ids:
        slot = postings.slot.get(entry_id)
        if slot is not None and postings.live[slot] and entry_id not in position:
            position[entry_id] = len(slots)
            slots.append(slot)
    # which of the entries hold each term: the few slots bisected in the term's postings
    # (ascending, ``Postings.of``), not the postings (tens of thousands for a common
    # word) made a set
    wanted = np.array(slots, dtype=np.int32)
    holds = {term: _among(wanted, slots_of(term)) for _, term, _ in weighted if term is not None}
    out: dict[str, float] = {}
    for entry_id in entry_ids:
        k = position.get(entry_id)
        if k is None:
            out[entry_id] = 0.0
            continue
        out[entry_id] = sum(idf for _, t, idf in weighted if t is not None and holds[t][k]) / total
    return out
