"""The names check's typo test (``names.one_edit_held``: a word's one-edit spellings held by
the notes) stems only the spellings Porter's stemmer may change — for a word that ends
otherwise than its steps act on (``tokens.PORTER_ENDINGS``), those edited near the end: any
other spelling ends as the word does and is its own stem. Checked here against the plain
reading (every spelling the index has not seen stemmed, as before) on the real lexical index,
for every word of the answer sets' gold files and random one-edit typos of the notes' words;
and the rule itself, that a word ending otherwise stems to itself, over English words and
their spellings with both stemmers."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

from research_helpers import NOW, draft

from bot.research.lexical import LexicalIndex, words
from bot.research.names import _changing_spellings, _edits, common_words, one_edit_held
from bot.research.tokens import PORTER_ENDINGS, Stemmer
from storage.knowledge import Knowledge

ROOT = Path(__file__).resolve().parents[2]


def _plainly(index: LexicalIndex, spellings: set[str]) -> bool:
    """The typo verdict as it was read before: the spellings the index has seen by their
    terms, every other one stemmed."""
    terms = index._terms
    stemmer = Stemmer()
    for s in spellings:
        term = terms.get(s)
        if term is None:
            term = terms.stems.get(stemmer.stem(s))
        if term is not None and index._postings.holds(term):
            return True
    return False


def _gold_words() -> list[str]:
    """Every word (letters only, lowercased) of every answer set's gold file."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.update(w for w in words(value) if w.isalpha() and w.isascii())
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    golds = [*(ROOT / "bench").glob("answers_*.json"), *(ROOT / "bench" / "sealed").rglob("*.json")]
    for gold in golds:
        walk(json.loads(gold.read_text(encoding="utf-8")))
    return sorted(found)


def test_a_word_ending_otherwise_than_porter_acts_on_is_its_own_stem() -> None:
    """Every third English word of the shipped vocabulary and each of its one-edit spellings that
    ends with none of ``PORTER_ENDINGS`` stems to itself (compiled and pure-Python Porter);
    and the endings are needed: a word ending with each is stemmed otherwise somewhere."""
    from snowballstemmer.porter_stemmer import PorterStemmer

    english = sorted(common_words())
    assert len(english) > 15_000
    rng = random.Random(11)
    asked = {e for w in english[::6] for e in _edits(w) if 3 <= len(e) <= 64}
    asked |= {
        "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 14))) for _ in range(20_000)
    }
    plain = sorted(w for w in asked if not w.endswith(PORTER_ENDINGS))
    changing = sorted(asked.difference(plain))
    assert len(plain) > 250_000 and len(changing) > 250_000
    assert Stemmer().stems(plain) == plain
    porter = PorterStemmer()
    assert [porter.stemWord(w) for w in plain[::50]] == plain[::50]
    stems = Stemmer().stems(changing)
    for ending in PORTER_ENDINGS:
        assert any(w.endswith(ending) and s != w for w, s in zip(changing, stems, strict=True)), ending


async def test_the_typo_verdicts_are_the_plain_readings(knowledge: Knowledge) -> None:
    """On the example vault's index: ``holds_any`` of the one-edit spellings of every word
    of the gold files, and of random one-edit typos of the notes' own words (and typos of
    typos), is what stemming every unseen spelling says; both verdicts occur."""
    vault = ROOT / "examples" / "vault"
    notes = sorted(vault.rglob("*.md"))
    await knowledge.upsert_many(
        [draft("global", p.name, p.stem.replace("-", " "), p.read_text(encoding="utf-8")) for p in notes],
        now=NOW,
    )
    index = LexicalIndex(knowledge)
    await index.refresh(force=True)
    vocabulary = sorted(w for w in index.vocabulary() if w.isalpha() and w.isascii() and len(w) >= 4)
    rng = random.Random(5)
    asked = _gold_words()
    for w in rng.sample(vocabulary, min(600, len(vocabulary))):
        typo = rng.choice(sorted(_edits(w)))
        asked += [typo, rng.choice(sorted(_edits(typo)))]
    assert len(asked) > 3_000
    verdicts, unstemmed = [], 0
    for word in asked:
        spellings = _edits(word)
        verdict = one_edit_held(word, index)
        assert verdict == _plainly(index, spellings), word
        verdicts.append(verdict)
        changing = _changing_spellings(word)
        if changing is not None:  # the spellings left unstemmed end as no Porter step acts on
            assert changing <= spellings
            assert not any(s.endswith(PORTER_ENDINGS) for s in spellings - changing), word
            unstemmed += len(spellings - changing)
    assert any(verdicts) and not all(verdicts)
    assert unstemmed > 100_000
