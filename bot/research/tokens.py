"""Text to index terms, as SQLite FTS5's ``porter unicode61`` tokenizer makes them: runs of
letters and digits, case and diacritics folded, stemmed with Porter's algorithm; and a page
of entries to weighted postings (title 3, content 1, tags 2)."""

from __future__ import annotations

import re
import unicodedata
from array import array
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import snowballstemmer

try:  # PyStemmer: the same Snowball algorithms compiled, some 40 times faster than pure Python
    from Stemmer import Stemmer as _CompiledStemmer
except ImportError:  # pragma: no cover - the pure-Python stemmer gives the same stems
    _CompiledStemmer = None

from storage.knowledge import EntryText

TITLE_WEIGHT, CONTENT_WEIGHT, TAGS_WEIGHT = 3.0, 1.0, 2.0

_TOKEN = re.compile(r"[^\W_]+")
_MAX_STEMMED = 64  # FTS5's porter leaves longer tokens as they are
_ASCII_SEPARATORS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalnum()})


# The endings Porter's steps look for (snowball's porter.sbl: step 1a's "s", 1b's "ed", "eed",
# "ing", 1c's "y", the suffixes of steps 2–4, 5a's "e", 5b's "l"), each shortened to an ending
# it ends with ("ness" ends with "s", "biliti" with "iti", "entli" with "li"). Each step changes
# a word only where it ends with one of its suffixes, and a word no step changed ends as it
# did: a word ending with none of these is its own stem (tests/research/test_typo_stems.py
# checks it over English words' one-edit spellings). The names check asks the stems of a
# word's few hundred one-edit spellings: those that end as the word does, when it ends
# otherwise, are not stemmed (``names._changing_spellings``).
PORTER_ENDINGS = (
    *("s", "ed", "ing", "y", "e", "l", "ism", "ion", "er", "ator", "ic", "ant", "ent", "ou"),
    *("anci", "enci", "li", "iti"),
)
# The ends Porter's stemmer strips, written by ``bench/porter_tails.py``: a word and its stem
# start alike for j letters, and the word's end from j on is one of these tails; the stem's
# end from j on is nothing or, for a few tails, one letter ("happy" →
# "happi", "using" → "use", "possibility" → "possibl")
_PORTER_TAILS = Path(__file__).resolve().parent / "data" / "porter_tails.txt"


@cache
def porter_tails() -> tuple[frozenset[str], Mapping[str, str]]:
    """(every tail Porter's stemmer strips, "" included; the tails it replaces with a letter,
    with the letter): read once from ``data/porter_tails.txt``."""
    tails: set[str] = {""}
    replaced: dict[str, str] = {}
    for line in _PORTER_TAILS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        tail, *letter = line.split()
        tails.add(tail)
        if letter:
            replaced[tail] = letter[0]
    return frozenset(tails), replaced


# Porter's stemmer costs ~35 µs a word in pure Python and a word always stems the same:
# each word is stemmed once per process, whichever index or thread asks (a few MB at most)
_STEMS: dict[str, str] = {}
_STEM_CACHE = 50_000


class Stemmer:
    """Porter's stemmer as FTS5's porter tokenizer applies it (not to very short or very
    long tokens). One per thread: the stemmer keeps state while it works."""

    def __init__(self) -> None:
        # no cache of its own (0): the callers keep theirs, and its cache costs more than a stem
        self._porter = (
            _CompiledStemmer("porter", 0)
            if _CompiledStemmer is not None
            else snowballstemmer.stemmer("porter")
        )

    def stem(self, word: str) -> str:
        stem = _STEMS.get(word)
        if stem is None:
            if len(_STEMS) >= _STEM_CACHE:
                _STEMS.clear()
            stem = str(self._porter.stemWord(word)) if 3 <= len(word) <= _MAX_STEMMED else word
            _STEMS[word] = stem
        return stem

    def stems(self, words: Sequence[str]) -> list[str]:
        """``stem`` of each of ``words``, in one call."""
        # (``stemWord`` mapped in C: ``stemWords`` looks the method up again for each word,
        # a fifth more instructions a word)
        stemmed = list(map(self._porter.stemWord, words))
        if not words or (min(map(len, words)) >= 3 and max(map(len, words)) <= _MAX_STEMMED):
            return stemmed  # type: ignore[no-any-return]
        return [str(s) if 3 <= len(w) <= _MAX_STEMMED else w for w, s in zip(words, stemmed, strict=True)]


class Terms(dict[str, int]):
    """word → term id, stemming each new word once."""

    def __init__(self) -> None:
        super().__init__()
        self.stems: dict[str, int] = {}
        self._stemmer = Stemmer()

    def known(self, words: Collection[str]) -> tuple[list[int], set[str]]:
        """The terms of the words seen as written, and the words not seen (their stems may
        be: ``of_stems``); none added. Set operations: the names check asks hundreds at once."""
        asked = set(words)
        known = self.keys() & asked
        return [self[w] for w in known], asked - known

    def of_stems(
        self, words: Collection[str], stemmer: Stemmer, changing: Collection[str] | None = None
    ) -> list[int]:
        """The terms of the words' stems, none added; an unknown stem left out. ``changing``:
        of ``words``, at least all those with an ending Porter's steps act on
        (``PORTER_ENDINGS``), when the caller knows them; any other is its own stem, not
        stemmed (None: every word is stemmed)."""
        stems = self.stems
        if changing is None:
            return [stems[s] for s in stems.keys() & set(stemmer.stems(list(words)))]
        asked = words if isinstance(words, (set, frozenset)) else set(words)
        stemmed = [w for w in changing if w in asked]
        found = (stems.keys() & asked).difference(stemmed)
        if stemmed:
            found |= stems.keys() & set(stemmer.stems(stemmed))
        return [stems[s] for s in found]

    def __missing__(self, word: str) -> int:
        term = self.stems.setdefault(self._stemmer.stem(word), len(self.stems))
        self[word] = term
        return term


def words(text: str) -> list[str]:
    """Tokens as FTS5's unicode61 makes them: runs of letters and digits, case folded,
    diacritics removed."""
    if text.isascii():
        return text.lower().translate(_ASCII_SEPARATORS).split()
    text = unicodedata.normalize("NFD", text)
    # (most such text has no accent to drop: "€", "—", "’" are looked for in C, not a
    # character at a time)
    if any(map(unicodedata.combining, text)):
        text = "".join(c for c in text if not unicodedata.combining(c))
    return _TOKEN.findall(text.casefold())


def tags_text(tags: Sequence[str]) -> str:
    """Tags as searchable words: ``domain/kafka-streams`` → ``domain kafka streams``."""
    return " ".join(t.replace("/", " ").replace("-", " ") for t in tags)


@dataclass(frozen=True)
class Page:
    """A page of entries as postings: one per (row, term), column weights summed."""

    rows: np.ndarray  # int32, the row within the page
    terms: np.ndarray  # int32
    tf: np.ndarray  # float32, weighted by column
    lengths: np.ndarray  # float32 per row: tokens over all columns


_COLUMN_WEIGHTS = np.array([TITLE_WEIGHT, CONTENT_WEIGHT, TAGS_WEIGHT], dtype=np.float32)


def tokenize(rows: Sequence[EntryText], terms: Terms) -> Page:
    """Tokenize a page of entries (``terms`` grows with the words it has not seen).

    Each text becomes term ids as it is read (4 bytes a token, not a string per token for
    the whole page), and the page's (row, term) pairs are counted by sorting one int64 key
    per token in place: the column rides in the key's two low bits, so the weighted term
    frequency is a sum over each run."""
    n = len(rows)
    ids = array("i")
    counts = array("l")
    get = terms.__getitem__
    for texts in (
        (r.title for r in rows),
        (r.content for r in rows),
        (tags_text(r.tags) for r in rows),
    ):
        for text in texts:
            tokens = words(text)
            ids.extend(map(get, tokens))
            counts.append(len(tokens))
    per_text = np.frombuffer(counts, dtype=np.int64) if counts else np.zeros(0, dtype=np.int64)
    lengths = per_text.reshape(3, n).sum(axis=0).astype(np.float32) if n else np.zeros(0, dtype=np.float32)
    if not ids:
        empty = np.zeros(0, dtype=np.int32)
        return Page(rows=empty, terms=empty, tf=np.zeros(0, dtype=np.float32), lengths=lengths)
    width = len(terms.stems) + 1
    # key = ((row × width) + term) × 4 + column
    key = np.repeat(
        np.tile(np.arange(n, dtype=np.int64) * width * 4, 3) + np.repeat(np.arange(3), n), per_text
    )
    key += np.frombuffer(ids, dtype=np.int32).astype(np.int64) * 4
    del ids
    key.sort()
    pair = key >> 2
    starts = np.flatnonzero(np.concatenate(([True], pair[1:] != pair[:-1])))
    tf = np.add.reduceat(_COLUMN_WEIGHTS[key & 3], starts)
    del key
    pair = pair[starts]
    return Page(
        rows=(pair // width).astype(np.int32),
        terms=(pair % width).astype(np.int32),
        tf=tf.astype(np.float32),
        lengths=lengths,
    )
