"""A query's content words: the ASCII fast path (split on a translation table) gives the
words the pattern gives, apostrophes, underscores and stray punctuation included."""

from __future__ import annotations

import random

from bot.text.terms import _WORD, CHAT_FILLER, STOPWORDS, focus, query_terms


def _by_pattern(query: str, limit: int = 24) -> list[str]:
    """The definition: the pattern over the lowercased text, the part before an apostrophe."""
    seen: dict[str, None] = {}
    for match in _WORD.finditer(query.lower()):
        word = match.group(0).replace("’", "'").split("'")[0]
        if len(word) < 2 or word in STOPWORDS:
            continue
        seen.setdefault(word, None)
        if len(seen) >= limit:
            break
    return list(seen)


def _texts() -> list[str]:
    rng = random.Random(7)
    alphabet = "abcXYZ019 '’_-.,;:!?()\"/\\\t\né"
    return [
        "Don't stop: it’s o'clock, x's 'quoted' ''a'b'' rock'n'roll _under_score_ e-mail 3.14",
        "0-dimensional biomaterials lack inductive properties (in the U.S.)",
        "Kelvin \u212a and İstanbul",  # lowercase to ASCII / stays non-ASCII
        *("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(5000)),
        *(
            " ".join(
                rng.choice(["kafka", "lag", "the", "it's", "a'", "'b", "x_y", "naïve"]) for _ in range(30)
            )
            for _ in range(200)
        ),
    ]


def test_the_fast_path_finds_the_words_the_pattern_finds() -> None:
    for text in _texts():
        assert query_terms(text) == _by_pattern(text), text
        assert query_terms(text, limit=3) == _by_pattern(text, limit=3), text


def test_focus_keeps_the_words_the_pattern_finds_as_typed() -> None:
    """``focus`` reads the question as typed (capitals kept) by the same fast path."""
    for text in [*_texts(), "Whats the Wi-Fi PASSWORD for O'Brien’s room, hey?", "ISNT it Still"]:
        by_pattern = " ".join(
            w for w in _WORD.findall(text) if w.lower().replace("'", "").replace("’", "") not in CHAT_FILLER
        )
        assert focus(text) == by_pattern, text
