"""BM25 scoring over the lexical index's postings (``bot.research.postings``), one query at
a time, as fast as the index's statistics allow.

A query's cost is a few vector operations for all of its terms together, not per term:
each main-segment posting keeps its term-frequency part of the score,
``tf (k1 + 1) / (tf + k1 (1 − b + b · dl / avgdl))``, computed the first time a query
asks for its term and kept until the index changes (the average length moves with every
write, so a term's weights are recomputed, for its postings only, at its first query
after a change). A query then gathers its terms' posting ranges, scales each by the
term's idf, sums them per document with one ``bincount`` and selects the best ``limit``
with one partition. The pending segment (entries added since the last merge, few) is
scored on the fly.

Ties are broken by slot (the order entries were written in), also at the cut: of the
documents tied with the ``limit``-th best score, the earliest written are kept.
"""

from __future__ import annotations

import math

import numpy as np

from bot.research.postings import Postings

K1 = 1.2
B = 0.75


def idf(rows: int, hits: int) -> float:
    """FTS5's idf: ln((N − n + 0.5) / (n + 0.5)), 1e-6 when not positive."""
    value = math.log((rows - hits + 0.5) / (hits + 0.5))
    return value if value > 0 else 1e-6


class Scorer:
    """Per-posting weights and per-term document counts, kept while the postings hold
    what they held (``Postings.generation``)."""

    def __init__(self) -> None:
        self._slots: np.ndarray | None = None  # the main segment the weights follow
        self._weight = np.zeros(0, dtype=np.float32)  # per main posting
        self._stamp = np.zeros(0, dtype=np.int64)  # per term: generation its figures are of
        self._hits = np.zeros(0, dtype=np.int64)  # per term: live documents holding it

    @property
    def nbytes(self) -> int:
        return self._weight.nbytes + self._stamp.nbytes + self._hits.nbytes

    def _follow(self, postings: Postings, terms: int) -> None:
        if self._slots is not postings.slots:  # a new main segment (merged or loaded)
            self._slots = postings.slots
            self._weight = np.zeros(postings.slots.shape[0], dtype=np.float32)
            self._stamp = np.full(0, -1, dtype=np.int64)
        if self._stamp.shape[0] < terms:
            grown = max(terms, self._stamp.shape[0] * 3 // 2, 1024)
            stamp = np.full(grown, -1, dtype=np.int64)
            stamp[: self._stamp.shape[0]] = self._stamp
            hits = np.zeros(grown, dtype=np.int64)
            hits[: self._hits.shape[0]] = self._hits
            self._stamp, self._hits = stamp, hits

    def _refresh(self, postings: Postings, stale: list[int]) -> None:
        """Recompute the weights and document counts of ``stale`` terms."""
        average = postings.total_length / postings.live_count
        ptr, slots, tf, live = postings.ptr, postings.slots, postings.tf, postings.live
        main_terms = ptr.shape[0] - 1
        pend_terms, pend_slots, _ = postings.pend
        for term in stale:
            hits = 0
            if term < main_terms:
                lo, hi = int(ptr[term]), int(ptr[term + 1])
                s = slots[lo:hi]
                t = tf[lo:hi].astype(np.float64)
                norm = K1 * (1.0 - B + B * postings.length[s].astype(np.float64) / average)
                self._weight[lo:hi] = t * (K1 + 1.0) / (t + norm)
                hits = int(np.count_nonzero(live[s])) if postings.dead else hi - lo
            if pend_terms.shape[0]:
                lo = int(pend_terms.searchsorted(term, "left"))
                hi = int(pend_terms.searchsorted(term, "right"))
                if hi > lo:
                    hits += int(np.count_nonzero(live[pend_slots[lo:hi]]))
            self._hits[term] = hits
            self._stamp[term] = postings.generation

    def rank(
        self, postings: Postings, phrases: dict[int, int], allowed: np.ndarray, limit: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The best ``limit`` slots among ``allowed`` (which holds only live slots) for the
        query's terms (term → how many of the query's words stem to it), best first, and
        their scores."""
        empty = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)
        terms = list(phrases)
        self._follow(postings, max(terms) + 1)
        wanted = np.array(terms, dtype=np.int64)
        stale = np.flatnonzero(self._stamp[wanted] != postings.generation)
        if stale.shape[0]:
            self._refresh(postings, wanted[stale].tolist())
        rows = postings.live_count
        ptr, weight, slots = postings.ptr, self._weight, postings.slots
        main_terms = ptr.shape[0] - 1
        inside = np.minimum(wanted, main_terms)  # a term newer than the main segment has no range there
        los, his = ptr[inside].tolist(), ptr[np.minimum(wanted + 1, main_terms)].tolist()
        slot_parts: list[np.ndarray] = []
        weight_parts: list[np.ndarray] = []
        scale: list[float] = []
        counts: list[int] = []
        pending: list[tuple[int, float]] = []
        for term, repeat, hits, lo, hi in zip(
            terms, phrases.values(), self._hits[wanted].tolist(), los, his, strict=True
        ):
            if not hits:
                continue
            factor = repeat * idf(rows, hits)
            if hi > lo:
                slot_parts.append(slots[lo:hi])
                weight_parts.append(weight[lo:hi])
                scale.append(factor)
                counts.append(hi - lo)
            pending.append((term, factor))
        if postings.pend[0].shape[0]:
            self._pending(postings, pending, slot_parts, weight_parts, scale, counts)
        if not slot_parts:
            return empty
        if len(slot_parts) > 1:
            found_slots = np.concatenate(slot_parts)
            weights = np.concatenate(weight_parts) * np.repeat(np.array(scale), counts)
        else:
            found_slots, weights = slot_parts[0], weight_parts[0] * np.float64(scale[0])
        # one pass sums every document's terms (in query order: the same sum each time)
        acc = np.bincount(found_slots, weights=weights, minlength=postings.size)
        found = np.flatnonzero(acc > 0.0)  # every weight is positive
        found = found[allowed[found]]
        if not found.shape[0]:
            return empty
        scores = acc[found]
        if found.shape[0] > limit:
            cut = found.shape[0] - limit
            kth = np.partition(scores, cut)[cut]  # the limit-th best score
            above = np.flatnonzero(scores > kth)
            tied = np.flatnonzero(scores == kth)[: limit - above.shape[0]]  # earliest slots first
            pick = np.concatenate([above, tied])
            found, scores = found[pick], scores[pick]
        order = np.lexsort((found, -scores))
        return found[order], scores[order]

    @staticmethod
    def _pending(
        postings: Postings,
        wanted: list[tuple[int, float]],
        slot_parts: list[np.ndarray],
        weight_parts: list[np.ndarray],
        scale: list[float],
        counts: list[int],
    ) -> None:
        """The pending segment's postings of the wanted terms, weighted now."""
        pend_terms, pend_slots, pend_tf = postings.pend
        if not wanted:
            return
        average = postings.total_length / postings.live_count
        terms = np.array([t for t, _ in wanted], dtype=np.int32)
        los = pend_terms.searchsorted(terms, "left").tolist()
        his = pend_terms.searchsorted(terms, "right").tolist()
        for (_, factor), lo, hi in zip(wanted, los, his, strict=True):
            if hi <= lo:
                continue
            s = pend_slots[lo:hi]
            t = pend_tf[lo:hi].astype(np.float64)
            norm = K1 * (1.0 - B + B * postings.length[s].astype(np.float64) / average)
            slot_parts.append(s)
            # float32 as the main segment keeps them: a fresh index scores the same
            weight_parts.append((t * (K1 + 1.0) / (t + norm)).astype(np.float32))
            scale.append(factor)
            counts.append(hi - lo)
