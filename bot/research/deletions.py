"""Which strings a word may be one edit from, without spelling out its few hundred one-edit
spellings: the hashes of a set of strings and of their one-deletion forms (SymSpell's
symmetric deletion), looked up with the word's own."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

MERGE_AT = 50_000  # hashes kept in a set (~3 MB) before they join the sorted array


class DeletionFilter:
    """The hashes of some strings and of each string one deletion from one of them. Two strings
    one edit apart (a letter put in, taken out, changed, two neighbours swapped) share one:
    the longer's deletion is the shorter, a changed letter deleted from both leaves the same
    string, a swap's two letters deleted in turn too. So a word sharing none with the strings
    is one edit from none of them (``maybe_near`` false); one sharing one may be, or may be two
    edits off, or share a hash by chance — the caller looks. Strings are only ever added."""

    def __init__(self, merge_at: int = MERGE_AT) -> None:
        self._sorted = np.zeros(0, dtype=np.int64)
        self._recent: set[int] = set()
        self.merge_at = merge_at
        self.taken = 0  # strings added so far

    @property
    def nbytes(self) -> int:
        """The sorted array's bytes (the recent set's are ~60 a hash more, at most MERGE_AT)."""
        return int(self._sorted.nbytes)

    def add(self, strings: Iterable[str]) -> None:
        recent = self._recent
        for s in strings:
            recent.add(hash(s))
            recent.update([hash(s[:i] + s[i + 1 :]) for i in range(len(s))])
            self.taken += 1
        if len(recent) >= self.merge_at:
            # put in place, not sorted again with the rest: one pass over the array (a hash
            # already there may be there twice, which no look-up minds)
            added = np.fromiter(recent, dtype=np.int64, count=len(recent))
            added.sort()
            self._sorted = np.insert(self._sorted, self._sorted.searchsorted(added), added)
            recent.clear()

    def maybe_near(self, word: str) -> bool:
        """``word`` may be one edit from (or be) one of the strings: it shares a hash with them."""
        keys = [hash(word), *[hash(word[:i] + word[i + 1 :]) for i in range(len(word))]]
        if self._recent and not self._recent.isdisjoint(keys):
            return True
        kept = self._sorted
        if not kept.shape[0]:
            return False
        asked = np.array(keys, dtype=np.int64)
        at = kept.searchsorted(asked)
        at[at == kept.shape[0]] = 0
        return bool((kept[at] == asked).any())
