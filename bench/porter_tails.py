"""Writes ``bot/research/data/porter_tails.txt``: the ends Porter's stemmer strips from a word,
for the names check's typo test (``names.one_edit_held``).

For a word s and its stem t (``tokens.Stemmer``), let j be the length of their common start:
Porter strips s's *tail* s[j:] and puts t[j:] in its place — nothing ("alizations" of
"generalizations" → "gener"), or "i", "e" or "l" ("happy" → "happi", "using" → "use",
"possibility" → "possibl"). Each step strips one suffix of a fixed list (snowball's porter:
steps 1a–5b), so the tails are a finite set, found here by closure: the tails of the English
vocabulary, its one-edit spellings and random strings; then, again and again until nothing new
appears, every known tail's ends with each piece of Porter's suffixes (every start of every
suffix and replacement, every letter, every doubled letter) put before them, after 48 starts
chosen to move Porter's regions R1 and R2 and its short-syllable test ("", "b", "bab",
"ababab", "bay", "baw", …). The file holds the tails, then the tails replaced by a letter,
with it.

``tests/research/test_typo_stems.py`` checks the table over strings this closure did not make.
Run: ``.venv/bin/python bench/porter_tails.py`` (about 8 minutes).
"""

from __future__ import annotations

import random
import string
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from snowballstemmer.porter_stemmer import PorterStemmer  # noqa: E402

from bot.research.names import _edits, common_words  # noqa: E402
from bot.research.tokens import Stemmer  # noqa: E402

OUT = ROOT / "bot" / "research" / "data" / "porter_tails.txt"
LONGEST = 26  # tails longer are not looked for (the longest found is 20 letters)
STARTS = (
    *("", "b", "a", "y", "ab", "ba", "by", "ay", "ya", "yb", "bab", "aba", "bay", "bya", "aby"),
    *("abab", "baba", "babab", "ababab", "bababab", "bw", "bx", "baw", "bax", "bas", "bat"),
    *("bal", "bass", "batt", "ball", "bae", "bai", "bao", "bau", "bei", "bee", "babas", "babat"),
    *("babal", "babay", "babae", "babaw", "babax", "bababy", "babyb", "yay", "ayy", "bayb"),
)


def _common_start(a: str, b: str) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def pairs_of(strings: list[str], stemmer: Stemmer) -> set[tuple[str, str]]:
    """(tail, what replaces it) of each of ``strings``."""
    out = set()
    for s, t in zip(strings, stemmer.stems(strings), strict=True):
        j = _common_start(s, t)
        out.add((s[j:], t[j:]))
    return out


def pieces() -> list[str]:
    """Every start of every suffix and replacement of Porter's steps, every letter and every
    doubled letter."""
    said: set[str] = {"y", "e", "l", "ll", "ly", "ies", "ied", "ying"}
    for table in (PorterStemmer.a_0, PorterStemmer.a_1, PorterStemmer.a_2):
        said |= {a.s for a in table}
    for table in (PorterStemmer.a_3, PorterStemmer.a_4, PorterStemmer.a_5):
        said |= {a.s for a in table}
    for replaced in (PorterStemmer.as_0, PorterStemmer.as_3, PorterStemmer.as_4):
        said |= set(replaced)
    out = {s[:k] for s in said for k in range(1, len(s) + 1)} | set(string.ascii_lowercase)
    return sorted(out | {c + c for c in string.ascii_lowercase})


def main() -> None:
    started = time.monotonic()
    stemmer = Stemmer()
    english = sorted(common_words())
    found = pairs_of(english, stemmer)
    for w in english:
        found |= pairs_of(sorted(_edits(w)), stemmer)
    rng = random.Random(1)
    letters = "aeiouybcdfglmnprstvwxz"
    found |= pairs_of(
        ["".join(rng.choice(letters) for _ in range(rng.randint(3, 18))) for _ in range(300_000)], stemmer
    )
    ends = {""} | {tail[i:] for tail, _ in found for i in range(len(tail) + 1)}
    frontier, parts = set(ends), pieces()
    while frontier:
        asked = [b + x + z for z in sorted(frontier) for x in parts for b in STARTS if len(x + z) <= LONGEST]
        new: set[tuple[str, str]] = set()
        for lo in range(0, len(asked), 200_000):
            new |= pairs_of(asked[lo : lo + 200_000], stemmer) - found
        found |= new
        frontier = {tail[i:] for tail, _ in new for i in range(len(tail) + 1)} - ends
        ends |= frontier
        print(f"{len(found)} pairs, {len(ends)} ends, {time.monotonic() - started:.0f} s", flush=True)
    tails = sorted({tail for tail, _ in found if tail})
    replaced = sorted((tail, r) for tail, r in found if r)
    lines = [
        "# The ends Porter's stemmer strips: a word and its stem start alike for j letters, and the word's",
        "# end from j on is one of these tails. Then the tails whose place in the stem one letter takes,",
        "# with it. Written by bench/porter_tails.py.",
    ]
    OUT.write_text("\n".join(lines + tails + [f"{t} {r}" for t, r in replaced]) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(tails)} tails, {len(replaced)} replaced by a letter")


if __name__ == "__main__":
    main()
