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
statistics over the whole base. Text is split like FTS5's ``unicode61`` (letters and
digits; case and diacritics folded) and stemmed with Porter's algorithm.

Layout: a main segment (postings sorted by term: ``_ptr`` into ``_slots``/``_tf``) plus
a small pending segment of documents added since it was built, merged into it once it
grows. A changed entry takes a new slot; its old slot is marked dead and dropped at the
next merge. Document frequencies are counted over live postings when a query needs them.
"""

from __future__ import annotations

import asyncio
import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from itertools import chain

import numpy as np
import snowballstemmer

from bot.clock import Clock
from bot.research.refresh import REFRESH_EVERY, RefreshGate
from bot.terms import query_terms
from storage.knowledge import EntryText, Knowledge

K1 = 1.2
B = 0.75
TITLE_WEIGHT, CONTENT_WEIGHT, TAGS_WEIGHT = 3.0, 1.0, 2.0

_TOKEN = re.compile(r"[^\W_]+")
_MAX_STEMMED = 64  # FTS5's porter leaves longer tokens as they are
_STEM_CACHE = 50_000  # words remembered by LexicalIndex.stem (a few MB at most)


class _Stemmer:
    """Porter's stemmer as FTS5's porter tokenizer applies it (not to very short or very
    long tokens). One per thread: the stemmer keeps state while it works."""

    def __init__(self) -> None:
        self._porter = snowballstemmer.stemmer("porter")

    def stem(self, word: str) -> str:
        return str(self._porter.stemWord(word)) if 3 <= len(word) <= _MAX_STEMMED else word


class _Terms(dict[str, int]):
    """word → term id, stemming each new word once."""

    def __init__(self) -> None:
        super().__init__()
        self.stems: dict[str, int] = {}
        self._stemmer = _Stemmer()

    def __missing__(self, word: str) -> int:
        term = self.stems.setdefault(self._stemmer.stem(word), len(self.stems))
        self[word] = term
        return term


_ASCII_SEPARATORS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalnum()})


def words(text: str) -> list[str]:
    """Tokens as FTS5's unicode61 makes them: runs of letters and digits, case folded,
    diacritics removed."""
    if text.isascii():
        return text.lower().translate(_ASCII_SEPARATORS).split()
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return _TOKEN.findall(text.casefold())


def tags_text(tags: Sequence[str]) -> str:
    """Tags as searchable words: ``domain/kafka-streams`` → ``domain kafka streams``."""
    return " ".join(t.replace("/", " ").replace("-", " ") for t in tags)


@dataclass(frozen=True)
class _Page:
    rows: np.ndarray  # int32, the row within the page
    terms: np.ndarray  # int32
    tf: np.ndarray  # float32, weighted by column
    lengths: np.ndarray  # float32 per row: tokens over all columns


@dataclass(frozen=True)
class _Filter:
    spaces: tuple[str, ...]
    types: tuple[str, ...]
    exclude: tuple[str, ...]


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
    ) -> None:
        self.knowledge = knowledge
        self._gate = RefreshGate(knowledge.db, "entries", clock=clock, every=refresh_every)
        self.page = page
        self.merge_at = merge_at  # pending postings that trigger a merge (or 10% of main)
        self._terms = _Terms()  # grown by the tokenizing thread
        self._query_stemmer = _Stemmer()  # used on the event loop
        # Porter's stemmer costs ~35 µs a word in pure Python, and answering a question
        # stems every word of every candidate passage: the same few thousand words
        self._stems: dict[str, str] = {}
        self._revision = 0
        self.forgotten = 0  # entries dropped because they were forgotten (caches over it follow)
        self._lock = asyncio.Lock()
        # per slot
        self._ids: list[str] = []
        self._slot: dict[str, int] = {}
        self._space_code: dict[str, int] = {}
        self._type_code: dict[str, int] = {}
        self._type_names: list[str] = []
        self._spaces = np.zeros(0, dtype=np.int32)
        self._types = np.zeros(0, dtype=np.int32)
        self._length = np.zeros(0, dtype=np.float32)
        self._live = np.zeros(0, dtype=bool)
        self._size = 0
        self._live_count = 0
        self._total_length = 0.0
        # main segment: postings of term t are _slots/_tf[_ptr[t]:_ptr[t + 1]]
        self._ptr = np.zeros(1, dtype=np.int64)
        self._slots = np.zeros(0, dtype=np.int32)
        self._tf = np.zeros(0, dtype=np.float32)
        # pending segment, unsorted: (term, slot, weighted tf) triples
        self._pending: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        self._pend = (np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.float32))
        self._masks: dict[_Filter, np.ndarray] = {}
        self._acc = np.zeros(0, dtype=np.float64)  # per slot, zero between queries

    def __len__(self) -> int:
        return self._live_count

    @property
    def revision(self) -> int:
        return self._revision

    # loading --------------------------------------------------------------------------

    async def refresh(self, *, force: bool = False) -> int:
        """Take in entries written since the last refresh (all of them, the first time).
        Returns how many were read. Near real time (``RefreshGate``): this process's own
        writes are read at the next search, other processes' within ``refresh_every``
        (unless ``force``). Tokenizing and merging run on a worker thread; the index changes
        on the event loop, between searches."""
        async with self._lock:
            if not self._gate.due(force=force):
                return 0
            read = 0
            while True:
                rows = await self.knowledge.changed_since(self._revision, limit=self.page)
                if rows:
                    # a forgotten entry is dropped before the page is added: if it was written
                    # again since, its new revision is in this page or a later one
                    self._drop([r.id for r in rows if r.gone])
                    written = [r for r in rows if not r.gone]
                    if written:
                        page = await asyncio.to_thread(self._postings, written)
                        self._add(written, page)
                    self._revision = rows[-1].revision
                    read += len(rows)
                if len(rows) < self.page:
                    break
            if self._pending:
                self._settle()
                if self._pend[0].shape[0] > max(self.merge_at, self._slots.shape[0] // 10):
                    merged = await asyncio.to_thread(self._merged)
                    for name, value in merged.items():
                        setattr(self, name, value)
                    self._masks.clear()
            return read

    def _postings(self, rows: Sequence[EntryText]) -> _Page:
        """Tokenize a page of entries: one posting per (row, term), weights summed."""
        n = len(rows)
        terms = self._terms
        row_parts, term_parts, weight_parts = [], [], []
        lengths = np.zeros(n, dtype=np.float32)
        columns = (
            (TITLE_WEIGHT, [r.title for r in rows]),
            (CONTENT_WEIGHT, [r.content for r in rows]),
            (TAGS_WEIGHT, [tags_text(r.tags) for r in rows]),
        )
        for weight, texts in columns:
            tokens = [words(t) for t in texts]
            counts = np.fromiter(map(len, tokens), dtype=np.int64, count=n)
            flat = list(chain.from_iterable(tokens))
            term_parts.append(np.fromiter(map(terms.__getitem__, flat), dtype=np.int64, count=len(flat)))
            row_parts.append(np.repeat(np.arange(n, dtype=np.int64), counts))
            weight_parts.append(np.full(len(flat), weight))
            lengths += counts
        width = len(terms.stems) + 1
        key = np.concatenate(row_parts) * width + np.concatenate(term_parts)
        unique, inverse = np.unique(key, return_inverse=True)
        tf = np.bincount(inverse, weights=np.concatenate(weight_parts)).astype(np.float32)
        return _Page(
            rows=(unique // width).astype(np.int32),
            terms=(unique % width).astype(np.int32),
            tf=tf,
            lengths=lengths,
        )

    def _add(self, rows: Sequence[EntryText], page: _Page) -> None:
        self._masks.clear()
        base = self._size
        self._grow(base + len(rows))
        for k, row in enumerate(rows):
            old = self._slot.get(row.id)
            if old is not None and self._live[old]:
                self._live[old] = False
                self._live_count -= 1
                self._total_length -= float(self._length[old])
            slot = base + k
            self._slot[row.id] = slot
            self._ids.append(row.id)
            self._spaces[slot] = self._space_code.setdefault(row.space, len(self._space_code))
            if row.type not in self._type_code:
                self._type_code[row.type] = len(self._type_names)
                self._type_names.append(row.type)
            self._types[slot] = self._type_code[row.type]
        self._length[base : base + len(rows)] = page.lengths
        self._live[base : base + len(rows)] = True
        self._size = base + len(rows)
        self._live_count += len(rows)
        self._total_length += float(page.lengths.sum())
        if page.terms.shape[0]:
            self._pending.append((page.terms, page.rows + np.int32(base), page.tf))

    def _drop(self, ids: Sequence[str]) -> None:
        """Forgotten entries: their slots die (their postings go at the next merge)."""
        for entry_id in ids:
            slot = self._slot.pop(entry_id, None)
            if slot is not None and self._live[slot]:
                self._live[slot] = False
                self._live_count -= 1
                self._total_length -= float(self._length[slot])
                self.forgotten += 1

    def _grow(self, needed: int) -> None:
        if needed <= self._spaces.shape[0]:
            return
        capacity = max(needed, int(self._spaces.shape[0] * 1.5), 1024)
        for name, fill in (("_spaces", -1), ("_types", -1), ("_length", 0), ("_live", False)):
            old = getattr(self, name)
            new = np.full(capacity, fill, dtype=old.dtype)
            new[: self._size] = old[: self._size]
            setattr(self, name, new)

    def _settle(self) -> None:
        """Fold newly read postings into the pending segment."""
        parts = [self._pend, *self._pending]
        self._pending = []
        self._pend = (
            np.concatenate([p[0] for p in parts]),
            np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]),
        )

    def _merged(self) -> dict[str, object]:
        """The main segment rebuilt from the live postings of both segments, with slots
        renumbered so that dead ones are gone (computed aside, swapped in by the caller)."""
        size = self._size
        live = self._live[:size].copy()
        main_terms = np.repeat(np.arange(self._ptr.shape[0] - 1, dtype=np.int32), np.diff(self._ptr))
        terms = np.concatenate([main_terms, self._pend[0]])
        slots = np.concatenate([self._slots, self._pend[1]])
        tf = np.concatenate([self._tf, self._pend[2]])
        keep = live[slots]
        terms, slots, tf = terms[keep], slots[keep], tf[keep]
        kept = np.flatnonzero(live)
        renumber = (np.cumsum(live, dtype=np.int64) - 1).astype(np.int32)
        slots = renumber[slots]
        order = np.lexsort((slots, terms))
        ids = [self._ids[s] for s in kept]
        capacity = self._spaces.shape[0]

        def compact(values: np.ndarray, fill: object) -> np.ndarray:
            out = np.full(capacity, fill, dtype=values.dtype)
            out[: kept.shape[0]] = values[kept]
            return out

        counts = np.bincount(terms, minlength=len(self._terms.stems))
        return {
            "_ids": ids,
            "_slot": {entry_id: k for k, entry_id in enumerate(ids)},
            "_spaces": compact(self._spaces, -1),
            "_types": compact(self._types, -1),
            "_length": compact(self._length, 0),
            "_live": compact(self._live, False),
            "_size": int(kept.shape[0]),
            "_slots": slots[order],
            "_tf": tf[order],
            "_ptr": np.concatenate([[0], np.cumsum(counts)]).astype(np.int64),
            "_pend": (
                np.zeros(0, dtype=np.int32),
                np.zeros(0, dtype=np.int32),
                np.zeros(0, dtype=np.float32),
            ),
        }

    def type_of(self, entry_id: str) -> str | None:
        """An entry's type as of the last refresh (None: not known here)."""
        slot = self._slot.get(entry_id)
        if slot is None or not self._live[slot]:
            return None
        return self._type_names[int(self._types[slot])]

    # searching ------------------------------------------------------------------------

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
        if limit <= 0 or not self._live_count:
            return []
        phrases = self.query_terms(query)
        if not phrases:
            return []
        allowed = self._mask(
            _Filter(tuple(sorted(set(spaces))), tuple(sorted(set(types or ()))), tuple(exclude_types))
        )
        if allowed is None:
            return []
        rows = self._live_count
        average = self._total_length / rows
        pend_terms, pend_slots, pend_tf = self._pend
        found_slots: list[np.ndarray] = []
        found_scores: list[np.ndarray] = []
        for term, repeat in phrases.items():
            slots, tf = self._slots[0:0], self._tf[0:0]
            if term + 1 < self._ptr.shape[0]:
                lo, hi = self._ptr[term], self._ptr[term + 1]
                slots, tf = self._slots[lo:hi], self._tf[lo:hi]
            if pend_terms.shape[0]:
                mine = pend_terms == term
                if mine.any():
                    slots, tf = np.concatenate([slots, pend_slots[mine]]), np.concatenate([tf, pend_tf[mine]])
            live = self._live[slots]
            if not live.all():
                slots, tf = slots[live], tf[live]
            hits = slots.shape[0]
            if not hits:
                continue
            idf = math.log((rows - hits + 0.5) / (hits + 0.5))
            idf = idf if idf > 0 else 1e-6
            visible = allowed[slots]
            slots, tf = slots[visible], tf[visible]
            norm = K1 * (1.0 - B + B * self._length[slots] / average)
            found_slots.append(slots)
            found_scores.append((repeat * idf) * (tf * (K1 + 1.0)) / (tf + norm))
        if not found_slots:
            return []
        slots = np.concatenate(found_slots)
        if not slots.shape[0]:
            return []
        # Sum each document's terms in a dense accumulator (a term lists a slot at most
        # once, so per-term fancy-index adds are exact) instead of sorting every posting
        # with np.unique, which was most of a query's time (bench/README.md).
        if self._acc.shape[0] < self._size:
            self._acc = np.zeros(self._spaces.shape[0], dtype=np.float64)
        acc = self._acc
        for term_slots, term_scores in zip(found_slots, found_scores, strict=True):
            acc[term_slots] += term_scores
        # the best ``limit`` documents are among the best ``limit × terms`` postings
        keep = limit * len(found_slots)
        if keep < slots.shape[0]:
            slots = slots[np.argpartition(-acc[slots], keep - 1)[:keep]]
        candidates = np.unique(slots)
        scores = acc[candidates]
        acc[np.concatenate(found_slots)] = 0.0
        if limit < candidates.shape[0]:
            top = np.argpartition(-scores, limit)[:limit]
        else:
            top = np.arange(candidates.shape[0])
        # best first; equal scores by slot, i.e. the order entries were written in
        top = top[np.lexsort((candidates[top], -scores[top]))]
        return [(self._ids[candidates[k]], float(scores[k])) for k in top]

    def stem(self, word: str) -> str:
        """A lowercased word as the index stems it."""
        stem = self._stems.get(word)
        if stem is None:
            if len(self._stems) >= _STEM_CACHE:
                self._stems.clear()
            stem = self._stems[word] = self._query_stemmer.stem(word)
        return stem

    def _weighted_terms(self, query: str) -> list[tuple[str, int | None, float]]:
        """The query's content words once each: (stem, term id or None, idf). A word no
        entry has gets the highest idf: it is what the knowledge base lacks."""
        rows = max(self._live_count, 1)
        out: dict[str, tuple[str, int | None, float]] = {}
        for word in query_terms(query):
            for token in words(word):
                stem = self._query_stemmer.stem(token)
                if stem in out:
                    continue
                term = self._terms.get(token)
                if term is None:
                    term = self._terms.stems.get(stem)
                hits = int(self._postings_of(term).shape[0]) if term is not None else 0
                idf = math.log((rows - hits + 0.5) / (hits + 0.5) + 1.0)
                out[stem] = (stem, term if hits else None, idf)
        return list(out.values())

    def word_weights(self, query: str) -> dict[str, float]:
        """stem → idf for the query's content words (see ``coverage``)."""
        return {stem: idf for stem, _, idf in self._weighted_terms(query)}

    def coverage(self, query: str, entry_ids: Sequence[str]) -> dict[str, float]:
        """For each entry, the share of the query's content words it contains, each word
        weighted by its idf; a word no entry has counts fully against. Unlike a bm25 score
        this is comparable across queries: 1.0 means every word of the question is in the
        entry, 0.0 none."""
        weighted = self._weighted_terms(query)
        total = sum(idf for _, _, idf in weighted)
        if not total:
            return {entry_id: 0.0 for entry_id in entry_ids}
        present = {term: set(self._postings_of(term).tolist()) for _, term, _ in weighted if term is not None}
        out: dict[str, float] = {}
        for entry_id in entry_ids:
            slot = self._slot.get(entry_id)
            if slot is None or not self._live[slot]:
                out[entry_id] = 0.0
                continue
            out[entry_id] = sum(idf for _, t, idf in weighted if t is not None and slot in present[t]) / total
        return out

    def _postings_of(self, term: int) -> np.ndarray:
        """The live slots holding ``term``, from both segments."""
        slots = self._slots[0:0]
        if term + 1 < self._ptr.shape[0]:
            slots = self._slots[self._ptr[term] : self._ptr[term + 1]]
        pend_terms, pend_slots, _ = self._pend
        if pend_terms.shape[0]:
            mine = pend_terms == term
            if mine.any():
                slots = np.concatenate([slots, pend_slots[mine]])
        return slots[self._live[slots]] if slots.shape[0] else slots

    def query_terms(self, query: str) -> dict[int, int]:
        """The query's known terms (content words, stemmed), each with how many of the
        query's words stem to it. Unknown terms match nothing and are left out."""
        wanted: dict[int, int] = {}
        known = self._terms
        for word in query_terms(query):
            for token in words(word):
                term = known.get(token)
                if term is None:  # a word no entry has: its stem may still be known
                    term = known.stems.get(self._query_stemmer.stem(token))
                if term is not None:
                    wanted[term] = wanted.get(term, 0) + 1
        return wanted

    def _mask(self, key: _Filter) -> np.ndarray | None:
        """Which slots a caller may see (``None``: none at all). Kept until the index next
        changes: most searches come from a few spaces."""
        if key not in self._masks:
            space_codes = [self._space_code[s] for s in key.spaces if s in self._space_code]
            if not space_codes:
                return None
            allowed = np.isin(self._spaces, space_codes)
            if key.types:
                allowed &= np.isin(self._types, [self._type_code.get(t, -2) for t in key.types])
            if key.exclude:
                allowed &= ~np.isin(self._types, [self._type_code.get(t, -2) for t in key.exclude])
            self._masks[key] = allowed
        return self._masks[key]
