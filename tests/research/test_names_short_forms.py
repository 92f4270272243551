"""A word the notes lack is no name when it is how one of their words starts, or a short
form of one written without its vowels ("mgmt", "acct"): one search of the joined words,
checked here against the plain reading (every letter of the short form in a longer word of
the notes, in order, the first letters equal) on the real lexical index."""

from __future__ import annotations

import itertools
import random

from research_helpers import NOW, draft

from bot.research.lexical import LexicalIndex
from bot.research.names import _starts_a_word
from storage.knowledge import Knowledge

WORDS = (
    "management account accounts quantity department hypothermia orthopaedic temperature "
    "schedule standard treatment ketamine methadone committee sterilisation tracking"
)


def _plainly(word: str, vocabulary: list[str]) -> bool:
    if any(w.startswith(word) for w in vocabulary):
        return True
    if len(word) > 5 or set(word[1:]) & set("aeiouy"):
        return False

    def in_order(short: str, longer: str) -> bool:
        letters = iter(longer)
        return all(c in letters for c in short)

    return any(w[:1] == word[:1] and len(w) > len(word) and in_order(word, w) for w in vocabulary)


async def test_short_forms_are_read_as_the_plain_reading_reads_them(knowledge: Knowledge) -> None:
    await knowledge.upsert_many([draft("global", "n.md", "Ward notes", WORDS)], now=NOW)
    lexical = LexicalIndex(knowledge)
    await lexical.refresh(force=True)
    vocabulary = sorted(lexical.vocabulary())
    assert "management" in vocabulary
    rng = random.Random(7)
    consonants = "bcdfghjklmnpqrstvwxz"
    asked = ["mgmt", "acct", "qty", "dept", "hypo", "ortho", "tmp", "schd", "stnd", "mgtx", "zzz", "k", "sch"]
    asked += ["".join(p) for p in itertools.product("mast", repeat=3)]
    asked += ["".join(rng.choice(consonants) for _ in range(rng.randint(2, 5))) for _ in range(400)]
    for word in asked:
        assert _starts_a_word(word, lexical) == _plainly(word, vocabulary), word
    assert _starts_a_word("mgmt", lexical) and _starts_a_word("acct", lexical)
    assert not _starts_a_word("mgtx", lexical)
