"""Text to index terms, as SQLite FTS5's ``porter unicode61`` tokenizer makes them: runs of
letters and digits, case and diacritics folded, stemmed with Porter's algorithm; and a page
of entries to weighted postings (title 3, content 1, tags 2)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np
import snowballstemmer

from storage.knowledge import EntryText

TITLE_WEIGHT, CONTENT_WEIGHT, TAGS_WEIGHT = 3.0, 1.0, 2.0

_TOKEN = re.compile(r"[^\W_]+")
_MAX_STEMMED = 64  # FTS5's porter leaves longer tokens as they are
_ASCII_SEPARATORS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalnum()})


class Stemmer:
    """Porter's stemmer as FTS5's porter tokenizer applies it (not to very short or very
    long tokens). One per thread: the stemmer keeps state while it works."""

    def __init__(self) -> None:
        self._porter = snowballstemmer.stemmer("porter")

    def stem(self, word: str) -> str:
        return str(self._porter.stemWord(word)) if 3 <= len(word) <= _MAX_STEMMED else word


class Terms(dict[str, int]):
    """word → term id, stemming each new word once."""

    def __init__(self) -> None:
        super().__init__()
        self.stems: dict[str, int] = {}
        self._stemmer = Stemmer()

    def __missing__(self, word: str) -> int:
        term = self.stems.setdefault(self._stemmer.stem(word), len(self.stems))
        self[word] = term
        return term


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
class Page:
    """A page of entries as postings: one per (row, term), column weights summed."""

    rows: np.ndarray  # int32, the row within the page
    terms: np.ndarray  # int32
    tf: np.ndarray  # float32, weighted by column
    lengths: np.ndarray  # float32 per row: tokens over all columns


def tokenize(rows: Sequence[EntryText], terms: Terms) -> Page:
    """Tokenize a page of entries (``terms`` grows with the words it has not seen)."""
    n = len(rows)
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
    return Page(
        rows=(unique // width).astype(np.int32),
        terms=(unique % width).astype(np.int32),
        tf=tf,
        lengths=lengths,
    )
