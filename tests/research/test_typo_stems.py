"""The names check's typo test (``names.one_edit_held``: a word's one-edit spellings held by
the notes) finds the held spellings without stemming them all: through the tails Porter's
stemmer strips (``tokens.porter_tails``, written by ``bench/porter_tails.py``) and a
symmetric-deletion filter of the index's stems (``deletions.DeletionFilter``). Checked here
against the plain reading (every spelling the index has not seen stemmed, as before) on the
real lexical index of three vaults, for every word of the answer sets' gold files, the notes'
words and their random one- and two-edit typos, words ending with Porter's suffixes and
random strings; the tails table over strings its closure did not make, with both stemmers;
the filter over strings one edit from those it holds, across its merges; and the rule of
``tokens.PORTER_ENDINGS`` (a word ending otherwise stems to itself), which the plain reading
of other words still uses."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest
from research_helpers import NOW, draft

import bot.research.names as names
from bot.research.deletions import DeletionFilter
from bot.research.lexical import LexicalIndex, words
from bot.research.names import _changing_spellings, _edits, _one_edit, common_words, one_edit_held
from bot.research.tokens import PORTER_ENDINGS, Stemmer, porter_tails
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
    index = await _index_of(knowledge, ROOT / "examples" / "vault")
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


# Porter's suffixes and what replaces them, and their starts: the pieces of the strings that
# test the tails table (built here from the rules, not from the table)
_SUFFIXES = (
    *("s", "ies", "sses", "ss", "ed", "eed", "ing", "y", "e", "l", "ll", "ly", "ied", "ying"),
    *("anci", "enci", "abli", "eli", "alli", "ousli", "entli", "aliti", "biliti", "iviti"),
    *("tional", "ational", "alism", "ation", "ization", "izer", "ator", "iveness", "fulness"),
    *("ousness", "icate", "ative", "alize", "iciti", "ical", "ful", "ness", "ic", "ance", "ence"),
    *("able", "ible", "ate", "ive", "ize", "iti", "al", "ism", "ion", "er", "ous", "ant", "ent"),
    *("ment", "ement", "ou", "tion", "ble", "at", "bl", "iz", "ee", "i"),
)


def _common_start(a: str, b: str) -> int:
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return i


def test_the_tails_cover_strings_their_closure_did_not_make() -> None:
    """For 80,000 random strings made of a random start and up to six pieces of Porter's
    suffixes, and the one-edit spellings of every seventh English word, the end Porter strips is
    a tail of the table and what it puts in its place is nothing or the table's letter; the
    pure-Python Porter stems a sample the same; the names check's letters are the table's."""
    from snowballstemmer.porter_stemmer import PorterStemmer

    tails, replaced = porter_tails()
    pieces = sorted({x[:k] for x in _SUFFIXES for k in range(1, len(x) + 1)} | set(string.ascii_lowercase))
    rng = random.Random(23)
    asked = {
        "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(0, 8)))
        + "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        for _ in range(80_000)
    }
    asked |= {e for w in sorted(common_words())[::7] for e in _edits(w)}
    asked.discard("")
    ordered = sorted(asked)
    stems = Stemmer().stems(ordered)
    porter = PorterStemmer()
    assert [porter.stemWord(w) if 3 <= len(w) <= 64 else w for w in ordered[::40]] == stems[::40]
    stripped = 0
    for word, stem in zip(ordered, stems, strict=True):
        j = _common_start(word, stem)
        assert word[j:] in tails, (word, stem)
        assert stem[j:] in ("", replaced.get(word[j:])), (word, stem)
        stripped += stem != word
    assert stripped > 60_000
    assert set(names._REPLACING) == {"", *replaced.values()}


def test_the_deletion_filter_finds_every_string_one_edit_away() -> None:
    """Every string one edit from one the filter holds (or that string) may be near it, across
    the filter's merges; most random strings are not."""
    rng = random.Random(31)
    held = ["".join(rng.choice("etaoinshrd") for _ in range(rng.randint(1, 12))) for _ in range(3_000)]
    near = DeletionFilter(merge_at=2_000)
    for lo in range(0, len(held), 500):
        near.add(held[lo : lo + 500])
        for w in held[lo : lo + 500 : 25]:
            assert all(near.maybe_near(e) for e in _edits(w) | {w}), w
    assert near.taken == len(held) and near.nbytes > 0
    assert all(near.maybe_near(e) for w in held[::7] for e in _edits(w))
    strangers = ["".join(rng.choice("bcfgjkmpquvwxyz") for _ in range(8)) for _ in range(500)]
    assert sum(near.maybe_near(w) for w in strangers) < 50


def test_one_edit_is_what_edits_spell() -> None:
    """``names._one_edit`` says of two strings what ``_edits`` spells out."""
    rng = random.Random(2)
    for _ in range(300):
        a = "".join(rng.choice("abcde") for _ in range(rng.randint(0, 6)))
        spelled = _edits(a) | {a}
        others = {"".join(rng.choice("abcde") for _ in range(rng.randint(0, 7))) for _ in range(40)}
        for b in spelled | others | {a + "1", "X" + a}:
            assert _one_edit(a, b) == (b in spelled), (a, b)


async def _index_of(knowledge: Knowledge, vault: Path) -> LexicalIndex:
    notes = sorted(vault.rglob("*.md"))
    await knowledge.upsert_many(
        [draft("global", p.name, p.stem.replace("-", " "), p.read_text(encoding="utf-8")) for p in notes],
        now=NOW,
    )
    index = LexicalIndex(knowledge)
    await index.refresh(force=True)
    return index


def _asked_of(index: LexicalIndex, seed: int, count: int) -> list[str]:
    """Words of the vault, their one- and two-edit typos, stems with Porter's suffixes (and a
    typo of each), random strings and English words."""
    rng = random.Random(seed)
    vocabulary = sorted(w for w in index.vocabulary() if w.isalpha() and w.isascii())
    asked: set[str] = set()
    for w in rng.sample(vocabulary, min(count, len(vocabulary))):
        typo = rng.choice(sorted(_edits(w)))
        asked |= {w, typo, rng.choice(sorted(_edits(typo)))}
    stems = sorted(s for s in index.stems() if s.isalpha() and s.isascii())
    for stem in rng.sample(stems, min(count // 3, len(stems))):
        for suffix in rng.sample(_SUFFIXES, 3):
            asked |= {stem + suffix, rng.choice(sorted(_edits(stem + suffix)))}
    asked |= {
        "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(1, 14))) for _ in range(300)
    }
    asked |= set(rng.sample(sorted(common_words()), 300))
    return sorted(asked)


@pytest.mark.parametrize("vault", ["bench/answers_heldout/vault", "bench/answers_fenmoor/vault"])
async def test_the_typo_verdicts_are_the_plain_readings_on_other_vaults(
    knowledge: Knowledge, vault: str
) -> None:
    """On two more vaults' indexes: the verdict of each word of ``_asked_of`` is the plain
    reading's, both verdicts occurring."""
    index = await _index_of(knowledge, ROOT / vault)
    verdicts = []
    for word in _asked_of(index, len(vault), 700):
        verdict = one_edit_held(word, index)
        assert verdict == _plainly(index, _edits(word)), word
        verdicts.append(verdict)
    assert len(verdicts) > 3_000 and any(verdicts) and not all(verdicts)


async def test_the_filter_is_filled_a_step_at_a_time_and_follows_writes(
    knowledge: Knowledge, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With fewer stems taken into the filter a question than the index has, the verdicts are
    the plain reading's while it fills and after; a note written later is read into it: a
    typo of its new word is held once the index has read the note."""
    monkeypatch.setattr(names, "FILTER_STEP", 300)
    index = await _index_of(knowledge, ROOT / "examples" / "vault")
    asked = _asked_of(index, 9, 200)
    assert len(index.stems()) > 900  # the filter takes several questions to fill
    for word in asked:
        assert one_edit_held(word, index) == _plainly(index, _edits(word)), word
    near = names._stem_filter(index)
    assert near is not None and near.taken == len(index.stems())
    assert not one_edit_held("zorvangle", index)
    await knowledge.upsert_many([draft("global", "zq.md", "Zorvanglex", "The zorvanglex pump.")], now=NOW)
    await index.refresh(force=True)
    assert one_edit_held("zorvangle", index) and one_edit_held("zorvanglexs", index)


def test_the_title_words_filter_says_maybe_for_every_title_word_one_edit_away() -> None:
    """``read_names``' near-name check asks the title words' DeletionFilter before it spells a
    capitalised word out: every word one edit from a word the titles hold (or held: a title
    released stays in, a look more) passes it, as titles are held and released."""
    rng = random.Random(11)
    english = sorted(common_words())
    in_titles = names.TitleWords()
    titles: list[str] = []
    for step in range(60):
        if titles and rng.random() < 0.3:
            in_titles.release(titles.pop(rng.randrange(len(titles))))
        else:
            title = " ".join(rng.choice(english).capitalize() for _ in range(rng.randint(1, 4)))
            titles.append(title)
            in_titles.hold(title)
        near = names._title_filter(in_titles)
        held = list(in_titles.titles)
        asked = [rng.choice(sorted(_edits(rng.choice(held)))) for _ in range(40)] if held else []
        asked += [
            "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(4, 9))) for _ in range(40)
        ]
        for word in asked:
            if not in_titles.titles.keys().isdisjoint(names._spellings(word)):
                assert near.maybe_near(word), (step, word)
