"""BM25 scoring over the lexical index's postings (``bot.research.postings``), one query at
a time, as fast as the index's statistics allow.

A query's cost is a few vector operations for all of its terms together, not a dozen per
term: each main-segment posting keeps its score, ``idf · tf (k1 + 1) / (tf + k1 (1 − b +
b · dl / avgdl))`` (float32), computed the first time a query asks for its term and kept
until the index changes (N and the average length move with every write, so a term's
scores are recomputed, for its postings only, at its first query after a change). A query
then concatenates its terms' posting ranges, sums them per document with one ``bincount``,
looks only at the documents scoring at least a bound on the ``limit``-th best score (read
from one term's postings, ``_floor``: a few hundred documents, not every touched one) and
selects the best ``limit`` among them with one partition. The pending segment (entries added
since the last merge, few) is scored on the fly, the same way.

Ties are broken by slot (the order entries were written in), also at the cut: of the
documents tied with the ``limit``-th best score, the earliest written are kept.
"""

from __future__ import annotations

import math

import numpy as np

from bot.research.postings import Postings, span

K1 = 1.2
B = 0.75
_EMPTY = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)
_KEEP = 1 << 18  # gathered postings kept between queries (4 MiB)


def idf(rows: int, hits: int) -> float:
    """FTS5's idf: ln((N − n + 0.5) / (n + 0.5)), 1e-6 when not positive."""
    value = math.log((rows - hits + 0.5) / (hits + 0.5))
    return value if value > 0 else 1e-6


class Scorer:
    """Per-posting scores (idf included) and per-term figures, kept while the postings
    hold what they held (``Postings.generation``)."""

    def __init__(self) -> None:
        self._slots: np.ndarray | None = None  # the main segment the weights follow
        self._weight = np.zeros(0, dtype=np.float32)  # per main posting: its term's bm25 there
        self._generation = -1
        # term → (idf, its main-segment slots and scores: views, None when it has none) for
        # the generation above; idf 0.0: no live entry holds the term
        self._figures: dict[int, tuple[float, np.ndarray | None, np.ndarray | None]] = {}
        # term → its pending-segment slots and scores (None: it has none there), for the
        # generation above
        self._pending_figures: dict[int, tuple[np.ndarray, np.ndarray] | None] = {}
        self._slots_kept = np.zeros(0, dtype=np.intp)  # a query's gathered postings (``rank``)
        self._weights_kept = np.zeros(0, dtype=np.float64)

    @property
    def nbytes(self) -> int:
        return self._weight.nbytes + self._slots_kept.nbytes + self._weights_kept.nbytes

    def _figure(self, postings: Postings, term: int) -> tuple[float, np.ndarray | None, np.ndarray | None]:
        """Compute a term's idf and the scores of its main-segment postings."""
        if self._slots is not postings.slots:  # a new main segment (merged or loaded)
            self._slots = postings.slots
            self._weight = np.zeros(postings.slots.shape[0], dtype=np.float32)
        ptr, slots, live = postings.ptr, postings.slots, postings.live
        lo = hi = hits = 0
        if term + 1 < ptr.shape[0]:
            lo, hi = int(ptr[term]), int(ptr[term + 1])
            hits = int(np.count_nonzero(live[slots[lo:hi]])) if postings.dead else hi - lo
        pend_terms, pend_slots, _ = postings.pend
        if pend_terms.shape[0]:
            start, end = span(pend_terms, term)
            if end > start:
                hits += int(np.count_nonzero(live[pend_slots[start:end]]))
        weight = idf(postings.live_count, hits) if hits else 0.0
        figure: tuple[float, np.ndarray | None, np.ndarray | None] = (weight, None, None)
        if hi > lo and weight:
            s = slots[lo:hi]
            self._weight[lo:hi] = weight * _saturated(postings, s, postings.tf[lo:hi])
            figure = (weight, s, self._weight[lo:hi])
        self._figures[term] = figure
        return figure

    def rank(
        self, postings: Postings, phrases: dict[int, int], allowed: np.ndarray, limit: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The best ``limit`` slots among ``allowed`` (which holds only live slots) for the
        query's terms (term → how many of the query's words stem to it), best first, and
        their scores."""
        if self._generation != postings.generation:
            self._generation = postings.generation
            self._figures = {}
            self._pending_figures = {}
        figures = self._figures
        slot_parts: list[np.ndarray] = []
        weight_parts: list[np.ndarray] = []
        pending: list[tuple[int, float, int]] = []
        for term, repeat in phrases.items():
            weight, term_slots, term_weights = figures.get(term) or self._figure(postings, term)
            if not weight:
                continue
            if term_slots is not None and term_weights is not None:
                slot_parts.append(term_slots)
                weight_parts.append(term_weights if repeat == 1 else term_weights * np.float32(repeat))
            pending.append((term, weight, repeat))
        if postings.pend[0].shape[0]:
            self._pending(postings, pending, slot_parts, weight_parts)
        if not slot_parts:
            return _EMPTY
        # the postings gathered straight into the types ``bincount`` works in (it would
        # otherwise copy both arrays into them), kept for the next query unless a query
        # gathered very many
        n = sum(part.shape[0] for part in slot_parts)
        if n > self._slots_kept.shape[0]:
            wide = (np.empty(n, dtype=np.intp), np.empty(n, dtype=np.float64))
            if n <= _KEEP:
                self._slots_kept, self._weights_kept = wide
        else:
            wide = (self._slots_kept[:n], self._weights_kept[:n])
        found_slots = np.concatenate(slot_parts, out=wide[0])
        weights = np.concatenate(weight_parts, out=wide[1])
        # one pass sums every document's terms (in query order: the same sum each time)
        acc = np.bincount(found_slots, weights=weights, minlength=postings.size)
        # (array methods rather than numpy's function wrappers: a query is a few dozen calls
        # on small arrays, where the wrappers' microseconds show)
        floor = _floor(acc, slot_parts, allowed, limit)
        found = (
            (acc >= floor).nonzero()[0] if floor > 0.0 else (acc > 0.0).nonzero()[0]
        )  # weights are positive
        found = found[allowed[found]]
        if not found.shape[0]:
            return _EMPTY
        scores = acc[found]
        if found.shape[0] > limit:
            cut = found.shape[0] - limit
            part = scores.copy()
            part.partition(cut)
            keep = scores >= part[cut]  # the limit-th best score, and its ties
            found, scores = found[keep], scores[keep]
        # best first; equal scores by slot (``found`` ascends, the sort is stable), so where
        # the limit cuts through a tie the earliest written are kept
        order = (-scores).argsort(kind="stable")[:limit]
        return found[order], scores[order]

    def _pending(
        self,
        postings: Postings,
        wanted: list[tuple[int, float, int]],
        slot_parts: list[np.ndarray],
        weight_parts: list[np.ndarray],
    ) -> None:
        """The pending segment's postings of the wanted terms, scored once a generation."""
        if not wanted:
            return
        kept = self._pending_figures
        new = [w for w in wanted if w[0] not in kept]
        if new:
            pend_terms, pend_slots, pend_tf = postings.pend
            terms = np.array([t for t, _, _ in new], dtype=np.int32)
            los = pend_terms.searchsorted(terms, "left").tolist()
            his = pend_terms.searchsorted(terms, "right").tolist()
            for (term, weight, _), lo, hi in zip(new, los, his, strict=True):
                if hi > lo:
                    s = pend_slots[lo:hi]
                    # as the main segment keeps them (float32, repeats applied after): a
                    # fresh index scores the same
                    kept[term] = (s, (weight * _saturated(postings, s, pend_tf[lo:hi])).astype(np.float32))
                else:
                    kept[term] = None
        for term, _, repeat in wanted:
            figure = kept[term]
            if figure is not None:
                slot_parts.append(figure[0])
                weight_parts.append(figure[1] if repeat == 1 else figure[1] * np.float32(repeat))


def _floor(acc: np.ndarray, slot_parts: list[np.ndarray], allowed: np.ndarray, limit: int) -> float:
    """A lower bound on the ``limit``-th best allowed score (0.0: none found): that score
    among the allowed documents of one term's postings, the shortest list holding ``limit``
    of them. Those documents' sums are final, so at least ``limit`` allowed documents score
    that much, and every document of the top ``limit`` (and its ties) scores at least as
    much: only the documents at or above it need to be looked at, a few hundred rather than
    every touched one."""
    for slots in sorted(slot_parts, key=len):  # a part's slots are distinct (one term, one segment)
        if slots.shape[0] < limit:
            continue
        scores = acc[slots[allowed[slots]]]
        if scores.shape[0] >= limit:
            cut = scores.shape[0] - limit
            scores.partition(cut)
            return float(scores[cut])
    return 0.0


def _saturated(postings: Postings, slots: np.ndarray, tf: np.ndarray) -> np.ndarray:
    """bm25's term-frequency part, tf (k1 + 1) / (tf + k1 (1 − b + b · dl / avgdl)), in float64."""
    average = postings.total_length / postings.live_count
    t = tf.astype(np.float64)
    return t * (K1 + 1.0) / (t + K1 * (1.0 - B + B * postings.length[slots].astype(np.float64) / average))
