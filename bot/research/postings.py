"""The lexical index's storage: per-slot columns and each term's postings in a main segment
(sorted by term) and a pending one (documents added since), merged as it grows. A changed
entry takes a new slot; the old one is dead until the merge drops it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import count

import numpy as np

from bot.research.tokens import Page
from storage.knowledge import EntryText

_GENERATIONS = count()


@dataclass(frozen=True)
class Filter:
    spaces: tuple[str, ...]
    types: tuple[str, ...]
    exclude: tuple[str, ...]


def span(terms: np.ndarray, term: int) -> tuple[int, int]:
    """Where ``term``'s postings stand in the pending segment's ascending ``terms``. Searched
    for as a scalar of the array's own type: given a Python int, numpy first casts the whole
    array to int64, on every call (~55 µs at 100,000 pending postings, against ~2)."""
    key = terms.dtype.type(term)
    return int(terms.searchsorted(key, "left")), int(terms.searchsorted(key, "right"))


def _empty_pending() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.float32)


class Postings:
    def __init__(self) -> None:
        # per slot
        self.ids: list[str] = []
        self.slot: dict[str, int] = {}
        self._space_code: dict[str, int] = {}
        self._type_code: dict[str, int] = {}
        self._type_names: list[str] = []
        self.spaces = np.zeros(0, dtype=np.int32)
        self.types = np.zeros(0, dtype=np.int32)
        self.length = np.zeros(0, dtype=np.float32)
        self.live = np.zeros(0, dtype=bool)
        self.size = 0
        self.live_count = 0
        self.total_length = 0.0
        # main segment: postings of term t are slots/tf[ptr[t]:ptr[t + 1]]
        self.ptr = np.zeros(1, dtype=np.int64)
        self.slots = np.zeros(0, dtype=np.int32)
        self.tf = np.zeros(0, dtype=np.float32)
        # pending segment: (term, slot, weighted tf) triples sorted by term (stable: a term's
        # slots stay in the order they were added), so a term's postings are found by
        # bisection rather than by comparing every pending term (``of``)
        self._pending: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        self.pend = _empty_pending()
        self._masks: dict[Filter, np.ndarray] = {}
        # a new value whenever what a search sees changes (slots, liveness, segments), never
        # one another Postings had: figures derived from the postings are kept against it
        # (``bot.research.bm25``)
        self.generation = next(_GENERATIONS)

    @property
    def dead(self) -> int:
        """Slots no longer live (changed or forgotten entries) whose postings are still held."""
        return self.size - self.live_count

    def space_codes(self) -> list[str]:
        """The spaces, in the order of their codes."""
        return sorted(self._space_code, key=self._space_code.__getitem__)

    def type_names(self) -> list[str]:
        return list(self._type_names)

    def restore(
        self,
        *,
        ids: list[str],
        space_codes: Sequence[str],
        type_names: Sequence[str],
        columns: dict[str, np.ndarray],
        segments: tuple[np.ndarray, np.ndarray, np.ndarray],
        pend: tuple[np.ndarray, np.ndarray, np.ndarray],
        live_count: int,
        total_length: float,
    ) -> None:
        """Take the state ``bot.research.index_file`` saved (an entry's live slot is its own:
        dead slots, of changed or forgotten entries, are nobody's, as after ``drop``)."""
        self.ids = ids
        live = columns["live"].astype(bool)
        self.slot = {ids[k]: k for k in np.flatnonzero(live).tolist()}
        self._space_code = {space: k for k, space in enumerate(space_codes)}
        self._type_names = list(type_names)
        self._type_code = {name: k for k, name in enumerate(type_names)}
        self.spaces = columns["spaces"].astype(np.int32)
        self.types = columns["types"].astype(np.int32)
        self.length = columns["length"].astype(np.float32)
        self.live = live
        self.size = len(ids)
        self.live_count = live_count
        self.total_length = total_length
        self.ptr, self.slots, self.tf = segments
        self.pend = pend
        self._pending = []
        self._masks.clear()
        self.generation = next(_GENERATIONS)

    @property
    def nbytes(self) -> int:
        """The arrays' bytes: per-slot columns and both segments' postings."""
        arrays = (self.spaces, self.types, self.length, self.live, self.ptr, self.slots, self.tf, *self.pend)
        return sum(a.nbytes for a in arrays) + sum(a.nbytes for part in self._pending for a in part)

    @property
    def capacity(self) -> int:
        return int(self.spaces.shape[0])

    def add(self, rows: Sequence[EntryText], page: Page) -> None:
        """Give each row a new slot (its older slot, if any, dies) and queue its postings."""
        self._masks.clear()
        self.generation = next(_GENERATIONS)
        base = self.size
        self._grow(base + len(rows))
        for k, row in enumerate(rows):
            old = self.slot.get(row.id)
            if old is not None and self.live[old]:
                self.live[old] = False
                self.live_count -= 1
                self.total_length -= float(self.length[old])
            slot = base + k
            self.slot[row.id] = slot
            self.ids.append(row.id)
            self.spaces[slot] = self._space_code.setdefault(row.space, len(self._space_code))
            if row.type not in self._type_code:
                self._type_code[row.type] = len(self._type_names)
                self._type_names.append(row.type)
            self.types[slot] = self._type_code[row.type]
        self.length[base : base + len(rows)] = page.lengths
        self.live[base : base + len(rows)] = True
        self.size = base + len(rows)
        self.live_count += len(rows)
        self.total_length += float(page.lengths.sum())
        if page.terms.shape[0]:
            self._pending.append((page.terms, page.rows + np.int32(base), page.tf))

    def drop(self, ids: Sequence[str]) -> int:
        """Forgotten entries: their slots die (their postings go at the next merge).
        Returns how many were held."""
        dropped = 0
        for entry_id in ids:
            slot = self.slot.pop(entry_id, None)
            if slot is not None and self.live[slot]:
                self.live[slot] = False
                self.live_count -= 1
                self.total_length -= float(self.length[slot])
                dropped += 1
        if dropped:
            self._masks.clear()
            self.generation = next(_GENERATIONS)
        return dropped

    def _grow(self, needed: int) -> None:
        if needed <= self.capacity:
            return
        capacity = max(needed, int(self.capacity * 1.5), 1024)
        for name, fill in (("spaces", -1), ("types", -1), ("length", 0), ("live", False)):
            old = getattr(self, name)
            new = np.full(capacity, fill, dtype=old.dtype)
            new[: self.size] = old[: self.size]
            setattr(self, name, new)

    @property
    def waiting(self) -> int:
        """Postings outside the main segment (pending, or read and not yet settled)."""
        return int(self.pend[0].shape[0]) + sum(int(part[0].shape[0]) for part in self._pending)

    def settle(self, merge_at: int) -> bool:
        """Fold newly read postings into the pending segment, unless with it they pass
        ``merge_at`` (or a tenth of the main segment): then True, they are to be merged
        (``merged`` takes them as they are, no sorted pending segment is built first)."""
        if not self._pending:
            return False
        if self.waiting > max(merge_at, self.slots.shape[0] // 10):
            return True
        parts = [self.pend, *self._pending]
        self._pending = []
        self.generation = next(_GENERATIONS)
        terms = np.concatenate([p[0] for p in parts])
        # the pending segment so far is sorted and each page is sorted by row, so a stable
        # sort (timsort for int32) mostly merges runs
        order = np.argsort(terms, kind="stable")
        self.pend = (
            terms[order],
            np.concatenate([p[1] for p in parts])[order],
            np.concatenate([p[2] for p in parts])[order],
        )
        return False

    def merged(self, terms: int) -> dict[str, object]:
        """The main segment rebuilt from the live postings of the main segment, the pending
        one and the pages not yet settled, with slots renumbered so that dead ones are gone
        (computed aside on a worker thread, put in place by ``swap`` on the event loop).

        A counting sort by term: one pass counts each term's live postings, a second
        places them, a chunk at a time, in slot order within each term (the main segment's
        slots are older than the pending ones, which are older than the pages'). Beside
        the new segment it holds only a chunk's working arrays, not a sort of everything."""
        size = self.size
        live = self.live[:size].copy()
        renumber = (np.cumsum(live, dtype=np.int64) - 1).astype(np.int32)
        sources: list[tuple[np.ndarray | None, np.ndarray, np.ndarray, np.ndarray]] = [
            (self.ptr, self.slots, self.slots, self.tf),
            *[(None, *part) for part in (self.pend, *self._pending)],
        ]
        counts = np.zeros(terms, dtype=np.int64)
        for term_of, _, _ in _chunks(sources, live, renumber, terms_only=True):
            counts += np.bincount(term_of, minlength=terms)
        ptr = np.zeros(terms + 1, dtype=np.int64)
        np.cumsum(counts, out=ptr[1:])
        out_slots = np.empty(int(ptr[-1]), dtype=np.int32)
        out_tf = np.empty(int(ptr[-1]), dtype=np.float32)
        cursor = ptr[:-1].copy()
        for term_of, slots, tf in _chunks(sources, live, renumber):
            n = term_of.shape[0]
            if not n:
                continue
            starts = np.flatnonzero(np.concatenate(([True], term_of[1:] != term_of[:-1])))
            runs = np.diff(np.append(starts, n))
            run_terms = term_of[starts]
            at = np.repeat(cursor[run_terms] - starts, runs) + np.arange(n)
            out_slots[at] = slots
            out_tf[at] = tf
            cursor[run_terms] += runs
        kept = np.flatnonzero(live)
        ids = [self.ids[s] for s in kept] if kept.shape[0] < size else self.ids[:size]
        capacity = self.capacity

        def compact(values: np.ndarray, fill: object) -> np.ndarray:
            out = np.full(capacity, fill, dtype=values.dtype)
            out[: kept.shape[0]] = values[kept]
            return out

        return {
            "ids": ids,
            "slot": {entry_id: k for k, entry_id in enumerate(ids)},
            "spaces": compact(self.spaces, -1),
            "types": compact(self.types, -1),
            "length": compact(self.length, 0),
            "live": compact(self.live, False),
            "size": int(kept.shape[0]),
            "slots": out_slots,
            "tf": out_tf,
            "ptr": ptr,
            "pend": _empty_pending(),
            "_pending": [],
        }

    def swap(self, merged: dict[str, object]) -> None:
        for name, value in merged.items():
            setattr(self, name, value)
        self._masks.clear()
        self.generation = next(_GENERATIONS)

    def of(self, term: int) -> tuple[np.ndarray, np.ndarray]:
        """The live slots holding ``term``, ascending, and their weighted term frequencies,
        from both segments. Ascending because the main segment is sorted by (term, slot),
        every pending slot is newer (higher) than every main one, and the pending segment
        keeps a term's slots in the order they were added (``LexicalIndex.coverage``
        bisects them)."""
        slots, tf = self.slots[0:0], self.tf[0:0]
        if term + 1 < self.ptr.shape[0]:
            lo, hi = self.ptr[term], self.ptr[term + 1]
            slots, tf = self.slots[lo:hi], self.tf[lo:hi]
        pend_terms, pend_slots, pend_tf = self.pend
        if pend_terms.shape[0]:
            lo, hi = span(pend_terms, term)
            if hi > lo:
                slots, tf = np.concatenate([slots, pend_slots[lo:hi]]), np.concatenate([tf, pend_tf[lo:hi]])
        live = self.live[slots]
        if not live.all():
            slots, tf = slots[live], tf[live]
        return slots, tf

    def holds(self, term: int) -> bool:
        """A live slot holds ``term`` (``of(term)`` is not empty), without gathering them."""
        if term + 1 < self.ptr.shape[0]:
            lo, hi = self.ptr[term], self.ptr[term + 1]
            if hi > lo and self.live[self.slots[lo:hi]].any():
                return True
        pend_terms, pend_slots, _ = self.pend
        if pend_terms.shape[0]:
            lo, hi = span(pend_terms, term)
            if hi > lo and self.live[pend_slots[lo:hi]].any():
                return True
        return False

    def type_of(self, entry_id: str) -> str | None:
        """An entry's type (None: not held, or no longer live)."""
        slot = self.slot.get(entry_id)
        if slot is None or not self.live[slot]:
            return None
        return self._type_names[int(self.types[slot])]

    def types_of(self, entry_ids: Sequence[str]) -> list[str | None]:
        """``type_of`` for many entries at once (a filtered search checks hundreds)."""
        slots = np.array([self.slot.get(i, -1) for i in entry_ids], dtype=np.int64)
        held = slots >= 0
        at = slots[held]
        codes = np.full(slots.shape[0], -1, dtype=np.int64)
        codes[held] = np.where(self.live[at], self.types[at], -1)
        names = self._type_names
        return [names[c] if c >= 0 else None for c in codes.tolist()]

    def mask(self, key: Filter) -> np.ndarray | None:
        """Which live slots a caller may see (``None``: none at all). Kept until the index
        next changes: most searches come from a few spaces."""
        allowed = self._masks.get(key)
        if allowed is None:
            space_codes = [self._space_code[s] for s in key.spaces if s in self._space_code]
            if not space_codes:
                return None
            allowed = np.isin(self.spaces, space_codes) & self.live
            if key.types:
                allowed &= np.isin(self.types, [self._type_code.get(t, -2) for t in key.types])
            if key.exclude:
                allowed &= ~np.isin(self.types, [self._type_code.get(t, -2) for t in key.exclude])
            self._masks[key] = allowed
        return allowed


_CHUNK = 1 << 18  # postings a merge works on at a time


def _chunks(
    sources: list[tuple[np.ndarray | None, np.ndarray, np.ndarray, np.ndarray]],
    live: np.ndarray,
    renumber: np.ndarray,
    *,
    terms_only: bool = False,
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The live postings of each source, a chunk at a time, as (term, new slot, tf) sorted
    by term and, within a term, by slot (``terms_only``: the terms, unsorted). A source is
    (ptr, _, slots, tf) for the main segment, (None, terms, slots, tf) for the pending one
    (sorted by term) or a page (sorted by row)."""
    for ptr, terms, slots, tf in sources:
        total = int(slots.shape[0])
        for lo in range(0, total, _CHUNK):
            hi = min(lo + _CHUNK, total)
            term_of = terms[lo:hi] if ptr is None else np.searchsorted(ptr, np.arange(lo, hi), "right") - 1
            s = slots[lo:hi]
            keep = live[s]
            whole = bool(keep.all())
            if not whole:
                term_of, s = term_of[keep], s[keep]
            if terms_only:
                yield term_of, s, s
                continue
            t = tf[lo:hi] if whole else tf[lo:hi][keep]
            if ptr is None:
                order = np.argsort(term_of, kind="stable")  # a page is sorted by row, not term
                term_of, s, t = term_of[order], s[order], t[order]
            yield term_of, renumber[s], t
