"""The names a question asks about (a site, a person, a supplier) and whether the notes have
them: a question about "the Westfen station" must not be answered with North Fen's facts,
nor one about "Helen Marshall" with Helen Marsh's."""

from __future__ import annotations

import functools
import itertools
import json
import re
import string
import unicodedata
import weakref
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from bot.research.days import MONTHS
from bot.research.deletions import DeletionFilter
from bot.research.embedders import MINILM_TOKENIZER
from bot.research.lexical import saying, together
from bot.research.links import LinkView
from bot.research.relevance import focus
from bot.research.tokens import PORTER_ENDINGS, porter_tails
from bot.text.display import content_label
from bot.text.terms import CHAT_FILLER, OTHER_FORMS, STOPWORDS, query_terms

if TYPE_CHECKING:
    from bot.research.lexical import LexicalIndex

NAME_CHARS = 4  # shorter words are never read as names ("fen", "bill", "tom")
# a longer word is no typo: spelling out the words one edit from it costs 54 strings of its
# length per letter (a 5,000-letter "word": 260,000 strings, 1.3 GB)
LONGEST_TYPO = 64
TYPO_CHARS = 5  # a shorter word one edit from an English word is as likely a name
LOOKALIKE_PREFIX = 4  # a word sharing this many first letters with a note's title word looks like it
NEARBY_TITLES = 3  # titles named as what the notes do cover
HOUSE_NAME_SHARE = 0.1  # a name this share of the notes write is the team's own: it tells none apart
HOUSE_NAME_NOTES = 5  # ... and at least this many
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_SENTENCE_END = re.compile(r"[.?!:;\n]")


def _joined(gap: str) -> bool:
    """Two words with only spaces between them are read as one phrase."""
    return not gap.strip(" \t")


# a model or unit number, or a code of letters and digits, after a word that titles number
# ("latex 570" beside "HP Latex 800", "unit 7" beside "Unit 9", "summa s2" beside "Summa S3"):
# what tells two machines, sites or models apart
_CODE = re.compile(r"\b([^\W\d_]{2,})[\s-]+(\d{1,3}[a-z]?|[a-z]{1,2}\d{1,3}[a-z]?)\b(?![.,]\d)", re.I)
# a number with a unit's letter is an amount, not a model or unit number ("IPA 30L" of a
# price list's "Lanternlight IPA 6.1% | 30L keg"; "a 5m run")
_MEASURE = re.compile(r"\d{1,4}(?:l|ml|cl|m|mm|cm|km|g|kg|mg|t|h|hrs?|mins?|s|w|kw|kwh|v|mph)", re.I)
# the months and days and their short forms, and the chat spellings of common words, each
# with its other form (``OTHER_FORMS``: "February" and "Feb", "xmas" and "christmas"), say
# when or what is meant, not which thing: a question's "3 February" is no name the notes must
# have when they write "3 Feb"
# (words of when, "the Chapel since February", are never the next word of a name either:
# "tonight" and "tomorrow" are of ``OTHER_FORMS``)
_NEVER_NAMES = (
    frozenset(OTHER_FORMS)
    | {"may", "easter"}
    | frozenset(
        "since until till during today yesterday lately recently anymore nowadays currently ago onwards".split()
    )
    # the days of the week and the months are times, not names ("open on Saturdays" of a
    # table's "Saturday" row)
    | frozenset(
        f"{day}{s}"
        for day in "monday tuesday wednesday thursday friday saturday sunday".split()
        for s in ("", "s")
    )
    | frozenset("january february march april june july august september october november december".split())
)
# words that say what kind of fact is asked ("damage deposit hire boat amount", "fsc audit
# date"): beside a word of a title they are still no name the notes lack, unless typed as one
_KINDS_ASKED = frozenset(
    "amount amounts cost costs price prices total number figure date dates deadline reason frequency".split()
)
# who does a thing, typed after what they do ("current laundry firm", "the pool chemical
# people", "the skip company"): whoever the notes name doing it, no third name
_WHO_DOES_IT = frozenset(
    "firm firms company companies people guys guy lot outfit contractor contractors supplier suppliers "
    "provider providers".split()
)


@cache
def common_words() -> frozenset[str]:
    """Whole English words of the shipped MiniLM tokenizer's vocabulary (~21,000): a word
    outside it that the notes lack is a name (or a typo), not a paraphrase."""
    try:
        vocab = json.loads(MINILM_TOKENIZER.read_text(encoding="utf-8"))["model"]["vocab"]
    except (OSError, ValueError, KeyError):
        return frozenset()
    return frozenset(w for w in vocab if w.isalpha() and w.isascii())


def _edits(word: str, last: int = 0) -> set[str]:
    """Every word one deletion, transposition, replacement or insertion away; with ``last``,
    at least every one that edits the word's last ``last`` letters or inserts among them (an
    edit before them leaves them as they are)."""
    letters = string.ascii_lowercase
    start = len(word) - last if last else 0
    # from the letter before the last ones: a transposition may swap it with the first of them
    before = max(0, start - 1)
    splits = [(word[:i], word[i:]) for i in range(before, len(word) + 1)]
    at = splits[start - before :]
    # (one set grown in place: a union of four makes three sets of a few hundred strings more)
    out = {a + c + b for a, b in (at[1:] if last else at) for c in letters}
    out |= {a + c + b[1:] for a, b in at if b for c in letters}
    out |= {a + b[1:] for a, b in at if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    return out


# a word's one-edit spellings (``_edits``), for the few checks of one question that spell them
# out in a row (a name's near miss, a typo of the notes' words, of an English word): made once,
# not three times (a few hundred strings; a few words kept)
@lru_cache(maxsize=8)
def _spellings(word: str, last: int = 0) -> frozenset[str]:
    return frozenset(_edits(word, last))


def _changing_spellings(word: str) -> frozenset[str] | None:
    """Of ``word``'s one-edit spellings, a set holding every one that Porter's stemmer may
    change (``tokens.PORTER_ENDINGS``): the spellings edited near the end. The others end with
    the word's last ``k`` letters, and no ending Porter acts on ends so unless the word ends with
    it too; None when the word ends with one (every spelling may change)."""
    if word.endswith(PORTER_ENDINGS):
        return None
    # the fewest last letters that no longer ending of Porter's ends with (a word ending in "k":
    # 1; in "en": 2, as "ion" ends in "n")
    k = next(k for k in range(1, 6) if not any(len(e) > k and e.endswith(word[-k:]) for e in PORTER_ENDINGS))
    return _spellings(word, k) if len(word) > k else None


def one_edit_held(word: str, lexical: LexicalIndex) -> bool:
    """A word one edit from ``word`` is held by the notes (``LexicalIndex.holds``: as written
    or by its stem). A spelling's stem is its start followed by nothing or by one letter,
    where Porter strips a tail of a known few thousand (``tokens.porter_tails``): so a held
    spelling is a stem as written, or keeps the word's end from such a tail on (its edited
    start is a stem), or keeps the word's start (a stem) before such a tail, or swaps the two
    letters between — each looked up in the index's stems (first in their ``DeletionFilter``),
    and only those found are stemmed, not the few hundred spellings."""
    if not (word.isascii() and word.isalpha() and word.islower()):
        # (an edit spells only lower-case ASCII letters: the tails' reasoning holds for those words)
        return lexical.holds_any(_spellings(word), _changing_spellings(word))
    holds, stems, near = lexical.holds, lexical.stems(), _stem_filter(lexical)
    # a stem as written: the index holds it, or a word it stems to, or another word of its stem
    if (near is None or near.maybe_near(word)) and any(holds(s) for s in stems.keys() & _spellings(word)):
        return True
    tails, replaced = porter_tails()
    n = len(word)
    # edited before a tail the word ends with: the stem is the edited start (and its letter)
    for k in range(1, min(n, _longest_tail()) + 1):
        tail = word[n - k :]
        if tail not in tails:
            continue
        start = word[: n - k]
        for letter in ("", replaced[tail]) if tail in replaced else ("",):
            if near is not None and not near.maybe_near(start + letter):
                continue
            starts = _edits(start)
            starts.add(start)
            kept = stems.keys() & ({p + letter for p in starts} if letter else starts)
            if any(holds(t[: len(t) - len(letter)] + tail) for t in kept):
                return True
    # the word's start kept, a tail one edit from the word's end after it: the stem is the start
    for j in range(n + 1):
        start = word[:j]
        for letter in _REPLACING:
            if start + letter in stems:
                break
        else:
            continue
        for tail in _tails_near(word[j:]):
            if holds(start + tail):
                return True
    # the two letters either side of where the tail starts swapped
    for i in range(n - 1):
        tail = word[i] + word[i + 2 :]
        if tail in tails and holds(word[:i] + word[i + 1] + tail):
            return True
    return False


# per index, its stems (``LexicalIndex.stems``, which only grow while the index keeps them) as a
# DeletionFilter: a question's word is looked up in it, not its few hundred spellings in them
_STEM_FILTERS: weakref.WeakKeyDictionary[LexicalIndex, tuple[Mapping[str, int], DeletionFilter]] = (
    weakref.WeakKeyDictionary()
)
FILTER_STEP = 5_000  # stems taken into the filter a call: a large vault's is filled over a few dozen


def _stem_filter(lexical: LexicalIndex) -> DeletionFilter | None:
    """The index's stems as a DeletionFilter, grown by the stems added since (at most
    FILTER_STEP a call); None until it holds them all."""
    stems = lexical.stems()
    kept = _STEM_FILTERS.get(lexical)
    if kept is None or kept[0] is not stems:  # a restored index has other stems
        kept = _STEM_FILTERS[lexical] = (stems, DeletionFilter())
    near = kept[1]
    if near.taken < len(stems):
        try:  # (the tokenizing thread may add stems meanwhile: those are not held yet)
            added = list(itertools.islice(stems, near.taken, near.taken + FILTER_STEP))
        except RuntimeError:
            return None
        near.add(added)
    return near if near.taken >= len(stems) else None


_REPLACING = ("", "e", "i", "l")  # what Porter puts in place of a tail (``tokens.porter_tails``)


@cache
def _longest_tail() -> int:
    return max(map(len, porter_tails()[0]))


@cache
def _tails_by_deletion() -> dict[str, tuple[str, ...]]:
    """Each Porter tail and each string one deletion from it → the tails it comes from: a
    string's tails one edit away are found by looking up it and its deletions."""
    out: dict[str, list[str]] = {}
    for tail in porter_tails()[0]:
        for key in {tail, *(tail[:i] + tail[i + 1 :] for i in range(len(tail)))}:
            out.setdefault(key, []).append(tail)
    return {key: tuple(found) for key, found in out.items()}


def _tails_near(end: str) -> list[str]:
    """The Porter tails ``end`` is or is one edit from (``_edits``)."""
    if len(end) > _longest_tail() + 1:
        return []
    index = _tails_by_deletion()
    found = set(index.get(end, ()))
    for i in range(len(end)):
        found.update(index.get(end[:i] + end[i + 1 :], ()))
    return [tail for tail in found if _one_edit(end, tail)]


def _one_edit(a: str, b: str) -> bool:
    """``b`` is ``a`` or one of ``_edits(a)`` (a lower-case letter put in or for another, one
    taken out, two neighbours swapped)."""
    if a == b:
        return True
    i, shorter = 0, min(len(a), len(b))
    while i < shorter and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        if a[i + 1 :] == b[i + 1 :]:
            return b[i] in string.ascii_lowercase
        return a[i + 2 :] == b[i + 2 :] and a[i] == b[i + 1] and a[i + 1] == b[i]
    if len(b) == len(a) + 1:
        return a[i:] == b[i + 1 :] and b[i] in string.ascii_lowercase
    return len(a) == len(b) + 1 and a[i + 1 :] == b[i:]


def warm() -> None:
    """Build now what the typo checks read and never change: the English words and their
    ``DeletionFilter``, Porter's tails and their index by deletion (~250 ms together; else the
    first look-ups of a process pay it). ``Runtime.warm`` calls it as the bot starts serving."""
    common_words()
    _common_filter()
    _tails_by_deletion()
    _longest_tail()


RESPELL_CHARS = 5  # a shorter word is respelled only by two letters swapped ("opne"), never as a start
PREFIXED_KEPT = 64  # the longer words a typed start is read as, at most
_TYPED_WORD = re.compile(r"(?<![\w'’-])[a-z]{4,}(?![\w'’-])")


def respelled(question: str, lexical: LexicalIndex) -> str:
    """``question`` with each lower-case word that neither the notes nor English know, but that
    is one edit from a word the notes write, spelled as the notes write it ("wats the circuit
    hieght" → "… circuit height"; of several, the one most notes write): what a search reads,
    so a typo finds what its word would; else, typed short, as the most written word of the
    notes it starts ("defib"); else, typed run together, as the two words the notes write apart
    ("pumpout" of "pump-out", ``_apart``). A word of four letters only by two swapped ("opne");
    a name typed in capitals, a word with digits, is left as typed."""
    common = common_words()

    def spelled(m: re.Match[str]) -> str:
        word = m.group(0)
        if word in common or word in CHAT_FILLER or word in OTHER_FORMS:
            return word  # (a chat spelling, "wats", "abt", stands for a word the search leaves out)
        if lexical.holds(word):
            # run together in a note or two, apart in more ("autobelay" once, "auto-belays" in
            # fifteen): searched both ways
            written = saying(lexical, word)
            apart = _apart(word, lexical, beyond=max(written, 1)) if written <= RUN_TOGETHER_RARE else None
            return f"{word} {apart}" if apart else word
        near: Collection[str] = (
            [word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)]
            if len(word) < RESPELL_CHARS
            else _spellings(word)
        )
        best = max(((saying(lexical, s), s) for s in near), default=(0, word))
        if not best[0] and len(word) >= RESPELL_CHARS:
            # how a longer word of the notes starts ("defib" of "defibrillator"; not "temp",
            # which starts "templates" as well as "temperature")
            longer = re.findall(rf"\n({re.escape(word)}[a-z]+)", _joined_vocabulary(lexical))
            best = max(((saying(lexical, s), s) for s in longer[:PREFIXED_KEPT]), default=(0, word))
        if best[0]:
            return best[1]
        return _apart(word, lexical) or word

    return _TYPED_WORD.sub(spelled, question)


COMPOUND_PART = 3  # letters each word of a pair typed run together has at least ("cut" + "off")
RUN_TOGETHER_RARE = 1  # notes writing a word as typed, at most, for the two words it joins to be searched too


def _apart(word: str, lexical: LexicalIndex, *, beyond: int = 0) -> str | None:
    """``word`` typed as two words run together, as the notes write them apart or hyphened
    ("pumpout" of "pump-out", "autobelays" of "auto-belays", "keysafe" of "key safe"): the two
    words, of the ways to cut it the one whose words most notes hold together; none when no
    more than ``beyond`` notes hold both."""
    best, apart = beyond, None
    for cut in range(COMPOUND_PART, len(word) - COMPOUND_PART + 1):
        both = together(lexical, word[:cut], word[cut:])
        if both > best:
            best, apart = both, f"{word[:cut]} {word[cut:]}"
    return apart


@lru_cache(maxsize=20_000)
def _typo_of_common(word: str) -> bool:
    """``word`` is one edit from a common English word (``common_words``, which never
    changes): kept per word, not spelled out again for every question that has it; spelled
    out only when the words' DeletionFilter says it may be."""
    return _common_filter().maybe_near(word) and not common_words().isdisjoint(_spellings(word))


@cache
def _common_filter() -> DeletionFilter:
    near = DeletionFilter()
    near.add(common_words())
    return near


@dataclass(frozen=True)
class Names:
    """``missing``: phrases of the question naming what no note has ("Westfen station");
    ``required``: name words the notes do have, which the answering note must hold;
    ``nearby``: titles of the notes about what the missing names look like."""

    missing: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    nearby: tuple[str, ...] = ()
    # of ``required``, the ones typed as names or naming a note ("Sallowby discolouration"):
    # the passage that answers must say them, not only its note
    named: tuple[str, ...] = ()

    def said_by(self, text: str) -> bool:
        """``text`` (a passage with its context) says one of the ``named`` words."""
        if not self.named:
            return True
        lowered = _folded(text)
        return any(_folded(name) in lowered for name in self.named)

    def kept_by(self, later: str, earlier: str) -> bool:
        """``later`` says each of the ``named`` words ``earlier`` says: a statement replacing
        "Swiftline Parcels — daily collection from Quarry Road" for "what time does Swiftline
        collect from Quarry Road" says Swiftline (a waste contract's collection from Quarry
        Road replaces nothing of the courier's)."""
        said, earlier_said = _folded(later), _folded(earlier)
        return all(_folded(name) in said for name in self.named if _folded(name) in earlier_said)

    def held_by(self, text: str) -> bool:
        """``text`` (a note, or a passage with its context) holds a required name (one of
        them: "what is Beacon? and who owns Harbor?" asks about each in turn)."""
        if not self.required:
            return True  # (a note's text is not lowered for nothing)
        lowered = _folded(text)
        return any(_folded(name) in lowered for name in self.required)

    def without_terms(self, question: str, texts: Iterable[str]) -> Names:
        """Without the required words the question types in lower case that ``texts`` (the
        notes found) write in lower case inside a sentence ("sheetfed litho", "the litho
        plates"): the trade's word for a kind of thing, which an answering note need not
        repeat ("who do we buy our litho plates from" of the plate supplier's note), not a
        name ("Halden", "Kairo" are written as names however a question types them)."""
        typed = [w for w in self.required if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", question)]
        if not typed:
            return self
        terms: set[str] = set()
        for text in texts:
            terms |= {w for w in typed if w not in terms and _in_lower_case(w).search(text)}
        if not terms:
            return self
        return Names(
            missing=self.missing,
            required=tuple(w for w in self.required if w not in terms),
            nearby=self.nearby,
            named=tuple(w for w in self.named if w not in terms),
        )

    def without_common(self, lexical: LexicalIndex) -> Names:
        """Without the required names that so many notes write that they tell no note from
        another: the team's own name ("Cawdle Green" on a fifth of an airfield's notes), which
        the minutes that changed the circuit height need not repeat (``HOUSE_NAME_SHARE``)."""
        entries = len(lexical)
        common = {
            w
            for w in self.required
            if entries >= HOUSE_NAME_NOTES
            and saying(lexical, _folded(w)) >= max(HOUSE_NAME_NOTES, HOUSE_NAME_SHARE * entries)
        }
        if not common:
            return self
        return replace(
            self,
            required=tuple(w for w in self.required if w not in common),
            named=tuple(w for w in self.named if w not in common),
        )

    def nothing_about(self, phrases: Iterable[str] | None = None) -> str:
        """The honest answer when the notes have nothing on the names asked about."""
        said = [content_label(p) for p in (phrases or self.missing)]
        what = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]
        text = f"I found nothing about {what} in the notes"
        if self.nearby:
            near = [content_label(t) for t in self.nearby]
            cover = near[0] if len(near) == 1 else ", ".join(near[:-1]) + " and " + near[-1]
            text += f" (they cover {cover})"
        return text + "."


@lru_cache(maxsize=1024)
def _in_lower_case(word: str) -> re.Pattern[str]:
    """``word`` in lower case after a lower-case word, a number or a comma: inside a sentence."""
    return re.compile(rf"[a-z0-9,)]\s+{re.escape(word)}(?![\w-])")


class TitleWords:
    """The words of the notes' titles (three letters or more) with the titles that say them,
    and those written as names are ("Helen Marsh", "Brenton Chemicals"). Built once per set
    of titles, not per question: reading every title is a pass over the whole corpus; then
    kept in step with the titles (``KeptTitleWords``), a title at a time."""

    def __init__(self) -> None:
        self.titles: dict[str, list[str]] = {}
        self.proper: dict[str, int] = {}  # a word written as a name → times titles write it so
        # of ``proper``: those a name word follows in a title ("Tom" of "Tom Wilcox"), and
        # those that follow one ("Fen" of "North Fen"), each with its count
        self.leads: dict[str, int] = {}
        self.follows: dict[str, int] = {}
        # words a number or code follows in a title: a numbered series ("Latex 630", "Unit 9")
        self.numbered: dict[str, int] = {}
        self._held: dict[str, int] = {}  # title → link keys resolving to it
        self.read = 0  # titles read into (or out of) the words so far

    def hold(self, title: str) -> None:
        """One more link key resolves to ``title``."""
        held = self._held.get(title, 0)
        self._held[title] = held + 1
        if not held:
            self._words(title, +1)

    def release(self, title: str) -> None:
        """One link key fewer resolves to ``title``."""
        held = self._held.pop(title, 0) - 1
        if held > 0:
            self._held[title] = held
        elif held == 0:
            self._words(title, -1)

    def _words(self, title: str, step: int) -> None:
        self.read += 1
        said = _WORD.findall(title)
        named: list[bool] = []
        for j, w in enumerate(said):
            lowered = w.lower()
            if len(w) >= 3:
                if step > 0:
                    self.titles.setdefault(lowered, []).append(title)
                else:
                    saying = self.titles[lowered]
                    saying.remove(title)
                    if not saying:
                        del self.titles[lowered]
            upper = w[:1].isupper() and not w.isupper()
            named.append(upper and (j > 0 or (len(said) > 1 and said[1][:1].isupper())))
            if named[-1]:
                _count(self.proper, lowered, step)
            if j > 0 and named[j - 1] and named[j]:
                _count(self.leads, said[j - 1].lower(), step)
                _count(self.follows, lowered.split("'")[0].split("’")[0], step)
        for m in _CODE.finditer(title):
            # (a number after a small word numbers no series: "… action plan for 5 stars" makes
            # "per nite for 1 dog" no model the notes lack)
            if m.group(1).lower() not in STOPWORDS:
                _count(self.numbered, m.group(1).lower(), step)


def _count(counts: dict[str, int], key: str, step: int) -> None:
    n = counts.get(key, 0) + step
    if n:
        counts[key] = n
    else:
        counts.pop(key, None)


def title_words(titles: Iterable[str]) -> TitleWords:
    """The words of ``titles`` (each read once, in order)."""
    out = TitleWords()
    for title in dict.fromkeys(titles):
        out.hold(title)
    return out


class KeptTitleWords:
    """The title words of each titles mapping asked about (at most ``bound``, least recently
    asked dropped first). A wikilink mapping (``LinkView``) is followed by its changes
    (``LinkTitles.changes``): after a write, the titles that changed are read, not all of
    them; any other mapping is read whole, once per mapping object."""

    def __init__(self, bound: int) -> None:
        self.bound = bound
        # (the mapping's links, spaces) or the mapping's id → (what it was read from,
        # position in the links' changes, the words)
        self._kept: OrderedDict[object, tuple[object, int, TitleWords]] = OrderedDict()
        self.read = 0  # titles read into (or out of) the kept words so far

    def of(self, titles: Mapping[str, str]) -> TitleWords:
        if isinstance(titles, LinkView):
            links, spaces = titles.links, titles.spaces
            key: object = (id(links), spaces)
            kept = self._kept.get(key)
            before = links.changes(kept[1]) if kept is not None and kept[0] is links else None
            if kept is None or before is None:
                words = TitleWords()
                for link in titles:
                    words.hold(titles[link])
                self.read += words.read
            else:
                words = kept[2]
                was_read = words.read
                for link in dict.fromkeys(k for _, k in before):
                    was, now = links.was(spaces, link, before), titles.get(link)
                    if was != now:
                        if was is not None:
                            words.release(was)
                        if now is not None:
                            words.hold(now)
                self.read += words.read - was_read
            self._kept[key] = (links, links.position, words)
        else:
            key = id(titles)
            kept = self._kept.get(key)
            if kept is None or kept[0] is not titles:
                kept = (titles, 0, title_words(titles.values()))
                self.read += kept[2].read
            self._kept[key] = kept
            words = kept[2]
        self._kept.move_to_end(key)
        while len(self._kept) > self.bound:
            self._kept.popitem(last=False)
        return words


def _folded(text: str) -> str:
    """``text`` lowercased, its accents dropped ("Classic Cuvée" says the "cuvee" typed), as the
    index reads it."""
    lowered = text.lower()
    if lowered.isascii():
        return lowered
    return "".join(c for c in unicodedata.normalize("NFD", lowered) if not unicodedata.combining(c))


def _typed_as_name(word: str) -> bool:
    return word[:1].isupper() and not word.isupper()


def read_names(question: str, lexical: LexicalIndex, in_titles: TitleWords) -> Names:
    """The names in ``question``, read against the index (``lexical``: ``holds``,
    ``vocabulary``) and the notes' titles. A word is a name when it is not a common English
    word, or is capitalised inside the question, or is missing from the notes while looking
    like a word of a note's title ("Marshall" beside "Marsh", "Brentford" beside "Brenton").
    A missing word one edit from a word of the notes ("priorty"), or the start of one
    ("ortho" for "orthophosphate"), is a typo or a short form, not a name."""
    common = common_words()
    found = list(_WORD.finditer(question))
    typed = [m.group(0) for m in found]
    # what stands between a word and the one before it: only spaces joins them into a
    # phrase ("tom wilkins"); a sentence's end, a colon or a number parts them
    # ("Hatherton: timeline", "in 2025? Causes")
    gaps = [question[found[k - 1].end() : m.start()] if k else "" for k, m in enumerate(found)]
    lowered = [t.lower().replace("’", "'").split("'")[0] for t in typed]
    content = set(query_terms(focus(question), limit=64))
    title_words = in_titles.titles
    holds = lexical.holds
    missing_at: list[int] = []
    required: list[str] = []
    named: list[str] = []
    for k, word in enumerate(lowered):
        if word not in content or len(word) < NAME_CHARS or not word.isascii() or word in _NEVER_NAMES:
            continue
        # a capital is a name's only where a sentence does not start ("… in 2025? Causes of …")
        capitalised = k > 0 and _typed_as_name(typed[k]) and not _SENTENCE_END.search(gaps[k])
        uncommon = word not in common
        if holds(word):
            if uncommon and not capitalised and not lexical.says(word):
                continue  # another spelling of a word the notes write ("cancelation"): no name
            if capitalised or (
                uncommon and not _ordinary(word, common, title_words, holds, in_titles.proper)
            ):
                # as the notes write it: "Glasshouses" of "Glasshouse 1" by its stem
                said = word if word in title_words or lexical.says(word) else lexical.stem(word)
                required.append(said)
                if capitalised or word in title_words:
                    named.append(said)
            continue
        # beside a word of a name the notes have, a word they never use makes another name
        # ("tom wilkins" beside Tom Wilcox, "middle fen" beside North Fen, "ridgeway bakery"
        # beside Ridgeway Motors: an English word is no typo of "bakers")
        # (in the place a name word takes beside it in a title; "bill's gone" ends the name)
        # (a word typed in lower case after one typed as a name is not of it: "spare
        # lifejackets Strand location" asks where at Strand, not of a "Strand Location")
        beside = (
            k > 0
            and _joined(gaps[k])
            and not (_typed_as_name(typed[k - 1]) and typed[k].islower())
            and lowered[k - 1] in content
            and lowered[k - 1] in in_titles.leads
            and not re.search("['’]", typed[k - 1])
            # a verb with its particle ("why did veltra knock back the claim") names nothing
            and not (k + 1 < len(lowered) and _joined(gaps[k + 1]) and lowered[k + 1] in _PARTICLES)
        ) or (
            k + 1 < len(lowered)
            and _joined(gaps[k + 1])
            and lowered[k + 1] in content
            and lowered[k + 1] in in_titles.follows
        )
        # a word typed apart from the next or the one before, as one word the notes write
        # ("van break down" of "Van breakdown", "tea room" of "tearoom"): no name
        if (k + 1 < len(lowered) and _joined(gaps[k + 1]) and lexical.says(word + lowered[k + 1])) or (
            k > 0 and _joined(gaps[k]) and lexical.says(lowered[k - 1] + word)
        ):
            continue
        # what would make it a name, read before the typo checks: most words the notes lack
        # are plain English words ("generator", "parking"), and the typo checks, which spell
        # out a word's few hundred one-edit neighbours, only ever clear a name
        if (word in _KINDS_ASKED or word in _WHO_DOES_IT) and not capitalised:
            continue
        if beside and k > 0 and _shortened_in_title(word, title_words.get(lowered[k - 1], ())):
            continue  # "marches book fest" of "Marches Book Festival 2025": a short form, no name
        if not capitalised and word.endswith("ly") and holds(word[:-2]):
            continue  # "hourly" of the notes' "per hour", "weekly" of "every week": no name
        lookalike = len(word) > NAME_CHARS and word[:LOOKALIKE_PREFIX] in _proper_starts(in_titles)
        if not (
            lookalike
            or capitalised
            or (beside and not uncommon)
            or (uncommon and not _ordinary(word, common, title_words, holds, in_titles.proper))
        ):
            continue
        # written as a name, one letter off a word of the notes' titles ("Birchmore" beside
        # "Birchmere apiary"): another place or thing, not a typo
        spelled = len(word) <= LONGEST_TYPO  # its one-edit spellings are few enough to spell out
        near_name = (
            spelled
            and capitalised
            and len(word) > NAME_CHARS
            and _title_filter(in_titles).maybe_near(word)
            and not title_words.keys().isdisjoint(_spellings(word))
        )
        # (the two checks only ever clear a word: the cheaper one, a set's look-ups, first)
        if spelled and not (beside or capitalised) and len(word) >= TYPO_CHARS and _typo_of_common(word):
            continue  # typed in lower case, one edit from an English word ("quater"): a typo, no name
        if not (beside and not uncommon) and not near_name and _near_a_word(word, lexical):
            continue  # a typo or a short form of a word the notes use
        missing_at.append(k)
    if not missing_at:
        return Names(required=tuple(dict.fromkeys(required)), named=tuple(dict.fromkeys(named)))
    phrases: list[str] = []
    nearby: list[str] = []
    for k in missing_at:
        start, end = k, k + 1
        if start > 0 and lowered[start - 1] in title_words and lowered[start - 1] in content:
            start -= 1
        if end < len(lowered) and lowered[end] in title_words and lowered[end] in content:
            end += 1
        phrase = " ".join(typed[start:end])
        if phrase not in phrases:
            phrases.append(phrase)
        for j in range(start, end):
            nearby += title_words.get(lowered[j], [])
        # the titles with a name word that starts as it does ("Marsh" of "Marshall"), the
        # words in the order the titles' words hold them: looked up, not a pass over them all
        for t in _proper_by_start(in_titles).get(lowered[k][:LOOKALIKE_PREFIX], ()):
            nearby += title_words[t]
    shown = tuple(dict.fromkeys(" ".join(n.split()) for n in nearby))[:NEARBY_TITLES]
    return Names(
        missing=tuple(phrases),
        required=tuple(dict.fromkeys(required)),
        nearby=shown,
        named=tuple(dict.fromkeys(named)),
    )


# per title words (by identity), the first letters of their words written as names, and how
# many titles the words had read then: kept until they read another (a write), so a word is
# looked up, not compared with every name word of the notes' titles
_STARTS: weakref.WeakKeyDictionary[TitleWords, tuple[int, frozenset[str]]] = weakref.WeakKeyDictionary()
# ... and those first letters → the title words (three letters or more) written as names that
# start so, in the order ``titles`` holds them
_BY_START: weakref.WeakKeyDictionary[TitleWords, tuple[int, dict[str, tuple[str, ...]]]] = (
    weakref.WeakKeyDictionary()
)


def _proper_starts(in_titles: TitleWords) -> frozenset[str]:
    """The first LOOKALIKE_PREFIX letters of each word ``in_titles`` has written as a name."""
    kept = _STARTS.get(in_titles)
    if kept is None or kept[0] != in_titles.read:
        kept = _STARTS[in_titles] = (
            in_titles.read,
            frozenset(t[:LOOKALIKE_PREFIX] for t in in_titles.proper),
        )
    return kept[1]


class _TitleFilter:
    """The words ``TitleWords`` has held, in a DeletionFilter, and how many titles it had read."""

    def __init__(self) -> None:
        self.read = -1
        self.taken: set[str] = set()
        self.near = DeletionFilter()


# per title words (by identity), every word their titles have held as a DeletionFilter: a
# capitalised word sharing no hash with them is one edit from none, and its few hundred
# spellings are not made to ask (a word a title no longer says stays in: only a look more)
_TITLE_FILTERS: weakref.WeakKeyDictionary[TitleWords, _TitleFilter] = weakref.WeakKeyDictionary()


def _title_filter(in_titles: TitleWords) -> DeletionFilter:
    """The words of ``in_titles.titles`` (and those it held before) as a DeletionFilter, taking
    the new ones when the titles have read a change since."""
    kept = _TITLE_FILTERS.get(in_titles)
    if kept is None:
        kept = _TITLE_FILTERS[in_titles] = _TitleFilter()
    if kept.read != in_titles.read:
        kept.read = in_titles.read
        added = in_titles.titles.keys() - kept.taken
        kept.taken |= added
        kept.near.add(sorted(added))
    return kept.near


def _proper_by_start(in_titles: TitleWords) -> dict[str, tuple[str, ...]]:
    """The first LOOKALIKE_PREFIX letters → the words of ``in_titles.titles`` written as names
    (``proper``) that start with them, in ``titles``' order."""
    kept = _BY_START.get(in_titles)
    if kept is None or kept[0] != in_titles.read:
        proper = in_titles.proper
        starts: dict[str, list[str]] = {}
        for t in in_titles.titles:
            if t in proper:
                starts.setdefault(t[:LOOKALIKE_PREFIX], []).append(t)
        kept = _BY_START[in_titles] = (in_titles.read, {k: tuple(ts) for k, ts in starts.items()})
    return kept[1]


_SUFFIXES = ("s", "es", "d", "ed", "ing", "ly", "er", "ers", "ment", "ness", "able", "ion", "ions")
_ENDINGS = ("e", "d", "ed", "s", "ing")
_PREFIXES = (
    "re",
    "un",
    "pre",
    "non",
    "over",
    "out",
    "under",
    "sub",
    "mis",
    "dis",
    "co",
    "de",
    "anti",
    "inter",
)


def _ordinary(
    word: str,
    common: frozenset[str],
    title_words: Mapping[str, list[str]],
    holds: Callable[[str], bool],
    proper: Mapping[str, int],
) -> bool:
    """An uncommon word that is a common one inflected ("expire", "reinstalled"), or two
    common ones run together ("offsite", "webstream" beside "Online stream setup"), or the
    notes' own two words written as one ("wifi" for "Wi-Fi") — unless a part is a word a
    note's title writes as a name ("westfen": "Fen" of "North Fen pumping station" names
    sites), which makes it look like one of the notes' names; a title's own two words run
    together ("headstrike" beside "HP Latex 800 head strike") are its words."""
    stems = {word} | {word[: -len(x)] for x in _SUFFIXES if word.endswith(x) and len(word) - len(x) >= 3}
    forms = stems | {s + x for s in stems for x in _ENDINGS}
    forms |= {f[len(p) :] for f in forms for p in _PREFIXES if f.startswith(p) and len(f) - len(p) >= 3}
    if forms & common:
        return True
    for i in range(2, len(word) - 1):
        head, tail = word[:i], word[i:]
        if (min(len(head), len(tail)) >= 3 and head in common and tail in common) or (
            holds(head) and holds(tail)
        ):
            # a title's own two words run together ("headstrike" for "head strike") are theirs
            # (looked for only in titles that say both: most words are in no title)
            saying = [t for t in (t.lower() for t in title_words.get(head, ())) if tail in t]
            if saying:
                together = re.compile(rf"\b{head}\W+{tail}\b")
                if any(together.search(t) for t in saying):
                    return True
            # a particle ("cutoff", "setup", "backup") names nothing, whatever a title says; a
            # title's word written in lower case ("Online stream setup") names nothing either
            return not any(
                part in title_words and part in proper and part not in _PARTICLES for part in (head, tail)
            )
    return False


_PARTICLES = frozenset("off out up down over back away".split())
_VOWELS = frozenset("aeiouy")
ABBREVIATION_CHARS = 5  # an abbreviation is at most this long ("acct", "mgmt", "qty")


NEAR_KEPT = 20_000  # typo verdicts a LexicalIndex keeps (``near``) until it changes


def _near_a_word(word: str, lexical: LexicalIndex) -> bool:
    """``word`` is one edit from a word the notes hold, or how one starts or its short form:
    a typo or a short form, no name. Kept per word until the index changes (each verdict
    stems the few hundred one-edit spellings)."""
    near = lexical.near
    verdict = near.get(word)
    if verdict is None:
        if len(near) >= NEAR_KEPT:
            near.clear()
        verdict = near[word] = (len(word) <= LONGEST_TYPO and one_edit_held(word, lexical)) or _starts_a_word(
            word, lexical
        )
    return verdict


# an index's words joined, one a line, kept while its revision and vocabulary stand (200,000
# words take about 4 ms to join, and each word a question has that the notes lack asks)
_JOINED: weakref.WeakKeyDictionary[LexicalIndex, tuple[tuple[int, int], str]] = weakref.WeakKeyDictionary()


def _joined_vocabulary(lexical: LexicalIndex) -> str:
    words = lexical.vocabulary()
    stands = (lexical.revision, len(words))  # the vocabulary only grows while a revision stands
    kept = _JOINED.get(lexical)
    if kept is None or kept[0] != stands:
        kept = _JOINED[lexical] = (stands, "\n" + "\n".join(words))
    return kept[1]


def _starts_a_word(word: str, lexical: LexicalIndex) -> bool:
    """``word`` is how a longer word of the notes starts ("hypo", "ortho"), or a short form
    of one written without its vowels ("acct" for "account", "mgmt" for "management")."""
    # a word of the notes starts so: one search of the words joined (a token holds no newline)
    if _joined_vocabulary(lexical).find("\n" + word) >= 0:
        return True
    if len(word) > ABBREVIATION_CHARS or set(word[1:]) & _VOWELS:
        return False
    # a longer word of the notes with the same first letter and the others in order: one
    # search of the words joined (none starts with ``word`` itself, or the find above held)
    return _abbreviates(word).search(_joined_vocabulary(lexical)) is not None


@functools.lru_cache(maxsize=4096)
def _abbreviates(word: str) -> re.Pattern[str]:
    """A line of the joined vocabulary that starts with ``word``'s first letter and holds its
    other letters in order ("mgmt": "\\nm[^\\n]*?g[^\\n]*?m[^\\n]*?t")."""
    return re.compile("\n" + re.escape(word[:1]) + "".join("[^\n]*?" + re.escape(c) for c in word[1:]))


# a code typed as one token of letters and digits, starting with a letter ("CT-300", "R2-D2",
# "A14", "XJ-9000", "SF-V3"): a model, a unit, a room, whatever word stands before it
_TYPED_CODE = re.compile(r"(?<![\w.\-/])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*(?![\w\-/]|\.\d)")
# ... but not a quarter, a half, a financial or school year, a version or a multiple
# ("Q3", "H1", "FY25", "Y10", "v2", "x2"): those are written in words as often as not; nor
# chat shorthand ("b4 a GA", "l8r", "gr8")
_NOT_A_CODE = re.compile(
    r"(?:q[1-4]|h[12]|fy\d{2,4}|y\d{1,2}|v\d+|x\d+|\w+-(?:19|20)\d\d|(?:[kcm]?m|ft|in|yd)[23]|"
    r"b4|l8r?|gr8|[wmh]8|sk8|str8)",
    re.I,
)
# ... nor a chemical formula ("cl2", "CO2", "H2S"): common elements, each with a count or none
_FORMULA = re.compile(r"(?:(?:cl|na|ca|mg|fe|al|si|zn|cu|pb|[hcnospfk])\d{0,2}){1,4}", re.I)
_CODE_CHUNK = re.compile(r"[a-z]+|\d+")
CODE_LETTERS = 4  # a code starts with at most this many letters ("XJ-9000", "ISO-9001")
# the capitalised name typed just before a code ("ClimaTrak CT-300"): said with it
_NAME_BEFORE = re.compile(r"(?:[A-Z][\w&'’]*\s+){1,2}$")


def _typed_codes(question: str) -> list[tuple[str, str]]:
    """The codes typed in ``question`` (``_TYPED_CODE``): (as typed, with the capitalised
    name before it; the code lowercased)."""
    out: list[tuple[str, str]] = []
    for m in _TYPED_CODE.finditer(question):
        token = m.group(0)
        if not any(c.isdigit() for c in token) or _NOT_A_CODE.fullmatch(token) or _FORMULA.fullmatch(token):
            continue
        if len(re.split(r"[\d-]", token, maxsplit=1)[0]) > CODE_LETTERS:
            continue  # a word with a number ("COVID-19", "Latex-800"), not a code
        before = _NAME_BEFORE.search(question[: m.start()])
        shown = f"{before.group(0)}{token}" if before and before.start() > 0 else token
        # (a code in the plural is the code: "the Kestrels U14s" of the notes' "U14")
        code = _PLURAL_CODE.sub(r"\1", token.lower())
        out.append((" ".join(shown.split()), code))
    return out


def codes_in(question: str, in_titles: TitleWords) -> list[tuple[str, str, str]]:
    """The model or unit numbers ``question`` names: (as typed, the title word before it or
    "", the number or code), lowercased but for the first. A number counts after a word the
    titles number ("latex 630"); a code typed as one token ("CT-300", "R2-D2") by itself."""
    codes: list[tuple[str, str, str]] = []
    spans: list[tuple[int, int]] = []
    for m in _CODE.finditer(question):
        if m.group(1).lower() in in_titles.numbered and not _MEASURE.fullmatch(m.group(2)):
            codes.append((m.group(0), m.group(1).lower(), m.group(2).lower()))
            spans.append(m.span())
    for typed, code in _typed_codes(question):
        at = question.lower().find(code)
        if not any(start <= at < end for start, end in spans):
            codes.append((typed, "", code))
    return codes


def _code_pattern(word: str, code: str, *, short: bool) -> re.Pattern[str]:
    if not word:  # a code typed as one token: its letters and digits, with or without a hyphen or space
        # a number with or without its leading zeros ("R7" is "R07")
        chunks = [
            f"0*{c.lstrip('0') or '0'}" if c.isdigit() else re.escape(c) for c in _CODE_CHUNK.findall(code)
        ]
        return re.compile(r"(?<![a-z0-9])" + r"[\s-]?".join(chunks) + r"(?![a-z0-9]|-\d)")
    # (a table's row says it "Route: W2", as ``units`` reads the row)
    said = rf"\b{_singular_or_plural(word)}[\s:-]{{0,3}}{re.escape(code)}\b"
    # ... or, with ``short``, by its short form alone: "tank T6" is the register's "T6", and so
    # is "tank 6" (the word's first letter and the number, as a team shortens its tanks and bays)
    split = re.fullmatch(r"([a-z]+)(\d.*)", code if not code.isdigit() else f"{word[0]}{code}")
    if not short or split is None:
        return re.compile(said)
    letters, digits = split.groups()
    return re.compile(rf"{said}|(?<![a-z0-9]){re.escape(letters)}-?{re.escape(digits)}(?![a-z0-9]|-\d)")


def _singular_or_plural(word: str) -> str:
    """A pattern for ``word`` (lowercased) in the singular or the plural: "Glasshouses 1 and 2"
    names the notes' "Glasshouse 1"."""
    stem = word[:-1] if word.endswith("s") and len(word) > NAME_CHARS else word
    return f"{re.escape(stem)}s?"


def _lookalike_codes(code: str, said: Sequence[str]) -> list[str]:
    """The codes of ``said`` (lowercased texts) that look like ``code`` (a code typed as one
    token): its letters, another number ("ct-200" beside "ct-300")."""
    chunks = _CODE_CHUNK.findall(code)
    head = chunks[0] if chunks and chunks[0].isalpha() else ""
    if not head:
        return []
    pattern = re.compile(rf"(?<![a-z0-9]){re.escape(head)}[\s-]?\d[a-z0-9-]*")
    return list(dict.fromkeys(m.group(0).upper() for t in said for m in pattern.finditer(t)))


def says_codes(text: str, codes: Sequence[tuple[str, str, str]], *, short: bool = False) -> bool:
    """``text`` (a passage with its context) says each numbered name of ``codes`` ("latex 630"),
    with ``short`` by its short form too ("T6" of "tank 6")."""
    lowered = " ".join(text.lower().split())
    return all(_code_pattern(word, code, short=short).search(lowered) for _, word, code in codes)


def unheld_codes(question: str, texts: Iterable[str], in_titles: TitleWords) -> Names:
    """The model or unit numbers ``question`` names that none of ``texts`` (the notes that
    would answer it) says: "the hp latex 570" when the notes have the Latex 630 and 800,
    "unit 7" when they have Unit 9, "the summa s2" beside the Summa S3. A number or code
    counts only after a word the titles number ("Latex 800"), so "harrowby cl2" is no
    model, and a version ("gbfs 3.0") never does; a code typed as one token ("CT-300") counts
    by itself: "the ClimaTrak CT-300" when the notes have the CT-200."""
    codes = codes_in(question, in_titles)
    if not codes:
        return Names()
    texts = list(texts)
    said = [" ".join(t.lower().split()) for t in texts]
    missing: list[str] = []
    nearby: list[str] = []
    cells: list[str] | None = None  # the notes' tables read as column and cell, when needed
    for typed, word, code in codes:
        pattern = _code_pattern(word, code, short=True)  # (a name said only by its short form is held)
        if not any(pattern.search(t) for t in said):
            if word:
                # a table says it by its column ("| Route | School |" over "| W2 | St Aldhelm's |")
                cells = [" ".join(_headed_cells(t.lower())) for t in texts] if cells is None else cells
                if any(pattern.search(t) for t in cells):
                    continue
            missing.append(" ".join(typed.split()))
            nearby += in_titles.titles.get(word, []) if word else _lookalike_codes(code, said)
    return Names(missing=tuple(missing), nearby=tuple(dict.fromkeys(nearby))[:NEARBY_TITLES])


_TABLE_LINE = re.compile(r"^\s*\|(.*)\|\s*$")


def _headed_cells(text: str) -> list[str]:
    """Each cell of ``text``'s pipe tables read after its column's heading ("route w2"), a
    phrase apart."""
    out: list[str] = []
    header: list[str] | None = None
    for line in text.split("\n"):
        row = _TABLE_LINE.match(line)
        if row is None:
            header = None
            continue
        cells = [c.strip() for c in row.group(1).split("|")]
        if header is None:
            header = cells
        elif not all(set(c) <= set("-: ") for c in cells):
            out += [f"{h} {c}" for h, c in zip(header, cells, strict=False) if h and c]
    return out


def unheld_pairs(question: str, texts: Iterable[str], in_titles: TitleWords) -> Names:
    """Two words of the notes' names typed as one name that neither a title nor ``texts``
    (the notes that would answer) says together: "kestrel civils" when the notes have
    Kestrel Chemical Supply and Alder Finch Civils is a third firm, not either of them."""
    found = list(_WORD.finditer(question))
    # (a possessive is the name's: "the Glen Carrick's survey" asks of the Glen Carrick)
    typed = [_POSSESSIVE.sub("", m.group(0)) for m in found]
    lowered = [_folded(t) for t in typed]
    said: list[str] | None = None  # the notes' texts, read when a pair is to be looked for
    missing: list[str] = []
    nearby: list[str] = []
    for k in range(len(lowered) - 1):
        first, second = lowered[k], lowered[k + 1]
        if "'" in first or first in STOPWORDS:
            continue  # "the pale" of "what yeast do we use in the pale" names no third thing
        if first in _NEVER_NAMES or second in _NEVER_NAMES:
            continue  # "Crowholt Hall Saturday hourly rate": a day says when, not which hall
        # or a word of a title and another, both written as a name inside the question
        # ("What engine does Kestrel Star have?" when the notes have Kestrel and Kestrel Rose)
        capitalised = (
            k > 0
            and all(_typed_as_name(typed[j]) for j in (k, k + 1))
            and not _SENTENCE_END.search(question[found[k - 1].end() : found[k].start()])
            and len(second) >= NAME_CHARS
            and first in in_titles.titles
            and second not in STOPWORDS
        )
        if not capitalised and (first not in in_titles.leads or second not in in_titles.follows):
            continue
        if not _joined_words(question, found, k + 1):
            continue  # not typed together ("unit 9 marlbrook")
        if said is None:
            said = [" ".join(_folded(t).split()) for t in texts]
        if _said_together(first, second, in_titles, said) or _in_one_title(first, second, in_titles):
            continue
        after = lowered[k + 2] if k + 2 < len(lowered) and _joined_words(question, found, k + 2) else ""
        if _names_its_thing(first, second, after, said):
            continue
        before = typed[k - 1] if k > 0 and _joined_words(question, found, k) else ""
        if _beside_a_name(before, first, second, in_titles, said):
            continue
        missing.append(f"{typed[k]} {typed[k + 1]}")
        nearby += in_titles.titles.get(first, []) + in_titles.titles.get(second, [])
    return Names(missing=tuple(missing), nearby=tuple(dict.fromkeys(nearby))[:NEARBY_TITLES])


_POSSESSIVE = re.compile(r"['’]s$", re.I)


def _said_together(first: str, second: str, in_titles: TitleWords | None, said: Sequence[str]) -> bool:
    """A title, or one of ``said`` (lower-cased texts), has ``first`` then ``second``."""
    together = re.compile(rf"\b{re.escape(first)}\W{{1,3}}{re.escape(second)}\b")
    titles = in_titles.titles.get(first, ()) if in_titles is not None else ()
    return any(together.search(t.lower()) for t in titles) or any(together.search(t) for t in said)


def _shortened_in_title(word: str, titles: Iterable[str]) -> bool:
    """A word of one of ``titles`` (those holding the word typed before ``word``) starts with
    ``word`` and goes on: "fest" of "Festival", "comp" of "Competition"."""
    if len(word) < SHORT_FORM_CHARS:
        return False
    start = re.compile(rf"\b{re.escape(word)}\w{{2,}}")
    return any(start.search(t.lower()) for t in titles)


SHORT_FORM_CHARS = 3  # "fest", "comp", "reg": a shorter start is too likely another word's


def _names_its_thing(first: str, second: str, after: str, said: Sequence[str]) -> bool:
    """``second``, an English word, starts with the word ``after`` it a thing one of ``said``
    (lower-cased texts) names beside ``first``: "Hopefield house espresso" asks of the
    "House espresso" on Hopefield's price list, not of a "Hopefield House"."""
    if not after or second not in common_words():
        return False
    thing = re.compile(rf"\b{re.escape(second)}\W{{1,3}}{re.escape(after)}\b")
    name = re.compile(rf"\b{re.escape(first)}\b")
    return any(thing.search(t) and name.search(t) for t in said)


def _in_one_title(first: str, second: str, in_titles: TitleWords) -> bool:
    """``second``, an English word, stands in a title beside ``first``, however far apart:
    "the Haddon eye test days" asks of "Haddon Precision Castings — workplace eye test
    contract", not of a third thing (unlike "Kestrel civils" beside Kestrel Chemical Supply)."""
    if second not in common_words():
        return False
    return any(second in _WORD.findall(t.lower()) for t in in_titles.titles.get(first, ()))


def _beside_a_name(
    before: str, first: str, second: str, in_titles: TitleWords | None, said: Sequence[str]
) -> bool:
    """``first`` and ``second`` typed side by side are two names the notes have, not a third:
    "Quarry Lane Veltra warranty" asks about the Veltra at Quarry Lane when the notes say
    "Quarry Lane" — ``before``, the word typed before them, written as a name, makes a name
    with ``first``; and ``second`` is no English word ("the Saturday Soul Kitchen" is another
    show than the Sunday one, whatever the notes say of Saturdays)."""
    lowered = before.lower()
    return (
        before[:1].isupper()
        and lowered not in STOPWORDS
        and second.lower() not in common_words()
        and _said_together(lowered, first.lower(), in_titles, said)
    )


def _joined_words(question: str, found: Sequence[re.Match[str]], k: int) -> bool:
    """The ``k``-th word is typed right after the one before it (spaces only)."""
    return not question[found[k - 1].end() : found[k].start()].strip()


# a word or code of a name typed in the question: letters, digits or both ("Cantek", "300", "AG21")
_NAME_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_YEAR_TOKEN = re.compile(r"(?:19|20)\d\d")


def _name_runs(question: str) -> list[list[str]]:
    """The runs of words typed as one name inside ``question``: capitalised words, and a
    number or code after one ("The Drovers Inn", "Brightwater Packaging", "Cantek 300",
    "AG21 BRW"), joined by spaces only; a possessive ends a run ("Carrow 2's MOT"), and a
    year is no part of one ("March 2025")."""
    found = list(_NAME_TOKEN.finditer(question))
    runs: list[list[str]] = [[]]
    for k, m in enumerate(found):
        token = m.group(0)
        gap = question[found[k - 1].end() : m.start()] if k else ""
        code = any(c.isdigit() for c in token) and not _MEASURE.fullmatch(token)
        run = runs[-1]
        if run and not _joined(gap):
            runs.append(run := [])
        # a capital is a name's only where a sentence does not start; a number only after one
        name_like = (token[:1].isupper() and not code) or (
            code and not _YEAR_TOKEN.fullmatch(token) and (bool(run) or not token[:1].isdigit())
        )
        if (
            token in _TITLE_JOINS
            and run
            and _joined(gap)
            # "of the" joins, "the" alone does not ("Is Priya the Head of Collections?")
            and (run[-1] in _TITLE_JOINS if token == "the" else run[-1] not in _TITLE_JOINS)
            and run[-1][:1].isupper() != (run[-1] in _TITLE_JOINS)
            and not any(c.isdigit() for c in run[-1])
        ):
            run.append(token)  # "Tides of Time": kept while a name word follows
            continue
        if k == 0 or _SENTENCE_END.search(gap) or not name_like:
            if run:
                runs.append([])
            continue
        run.append(re.split("['’]", token)[0])
        if re.search("['’]", token):  # "Jo Pellman's": the name ends here
            runs.append([])
    out = []
    for run in runs:
        while run and run[-1] in _TITLE_JOINS:
            run = run[:-1]
        while run and run[0].lower() in STOPWORDS:
            run = run[1:]
        # a day or month after a name says when, not which ("Crowholt Hall Saturday hourly rate")
        while len(run) >= 2 and run[-1].lower() in _NEVER_NAMES and run[-2].lower() not in _NEVER_NAMES:
            run = run[:-1]
        # days and months alone are when, not which ("Tern skipper Saturday July rota"; the
        # "Saturday Soul Kitchen" is a name)
        if len(run) >= 2 and not all(w.lower() in _NEVER_NAMES for w in run):
            out.append(run)
    return out


def _name_pairs(run: Sequence[str]) -> list[tuple[str, ...]]:
    """The neighbouring words of a typed name that name it together: both written as name
    words, or a code beside one ("Cantek 300", "AG21 BRW"), with the small words that join
    a title's ("Tides of Time"); an acronym after a name is a word of its own ("Hollow Oak
    Stout ABV")."""

    def code(w: str) -> bool:
        return any(c.isdigit() for c in w)

    def word(w: str) -> bool:
        return w[:1].isupper() and not w.isupper() and not code(w)

    at = [k for k, w in enumerate(run) if w not in _TITLE_JOINS]
    return [
        tuple(run[j : k + 1])
        for j, k in itertools.pairwise(at)
        if (word(run[j]) and word(run[k])) or (k == j + 1 and (code(run[j]) or code(run[k])))
    ]


# the small words inside a title written as a name ("Tides of Time", "Friends of the Museum")
_TITLE_JOINS = frozenset("of the de la le du da von van der upon".split())


def _two_names(question: str, pair: Sequence[str], in_titles: TitleWords | None, said: Sequence[str]) -> bool:
    """A pair of a typed name's words that are two names the notes have (``_beside_a_name``),
    the second said in ``said`` on its own."""
    if len(pair) != 2:
        return False
    before = re.search(rf"(?<!\w)(\w+) {re.escape(pair[0])} {re.escape(pair[1])}(?!\w)", question)
    return (
        before is not None
        and _beside_a_name(before[1], pair[0], pair[1], in_titles, said)
        and any(re.search(rf"(?<!\w){re.escape(pair[1].lower())}(?!\w)", t) for t in said)
    )


_PLURAL_CODE = re.compile(r"^([a-z]{1,4}-?\d+)s$")


def _coded_in_one(first: str, rest: Sequence[str], said: Sequence[str]) -> bool:
    """A name and a code after it ("Kestrels U14") both said in one of ``said``, apart: the
    team's schedule titled by its name, the code a row of its table."""
    if len(rest) != 1 or not any(c.isdigit() for c in rest[0]) or not any(c.isalpha() for c in rest[0]):
        return False
    name = re.compile(rf"(?<!\w){_singular_or_plural(first)}(?!\w)")
    code = re.compile(rf"(?<!\w){re.escape(rest[0])}(?!\w)")
    return any(name.search(t) and code.search(t) for t in said)


def unheld_phrases(question: str, texts: Iterable[str], in_titles: TitleWords | None = None) -> Names:
    """A name typed in the question ("The Drovers Inn", "Brightwater Packaging", "Cantek 300",
    "Tides of Time") whose words none of ``texts`` (the notes that would answer) says
    together: the notes have the Drovers Arms, Brightwater Gas or Tides of Trade, something
    else that shares a word with it (``nearby``: the titles with its first word)."""
    runs = _name_runs(question)
    if not runs:
        return Names()
    said = [" ".join(_NAME_TOKEN.findall(_folded(t).replace("’", "'"))) for t in texts]
    missing: list[str] = []
    nearby: list[str] = []
    for run in runs:
        for pair in _name_pairs(run):
            # (a code in the plural is the code: "Kestrels U14s" of the notes' "Kestrels U14")
            first, *rest = (_PLURAL_CODE.sub(r"\1", _folded(w)) for w in pair)
            together = re.compile(
                rf"(?<!\w){_singular_or_plural(first)}(?:'s)? {re.escape(' '.join(rest))}(?!\w)"
            )
            if (
                not any(together.search(t) for t in said)
                and not _two_names(question, pair, in_titles, said)
                and not _coded_in_one(first, rest, said)
            ):
                missing.append(" ".join(run))
                if in_titles is not None and len(pair) > 2:  # a title's look-alike ("Tides of Trade")
                    nearby += in_titles.titles.get(first, [])
                break
    return Names(missing=tuple(dict.fromkeys(missing)), nearby=tuple(dict.fromkeys(nearby))[:NEARBY_TITLES])


# a numbered thing a question names ("a Grade 5 ballet exam", "studio 2", "bay B3"): the word
# and its number, or a code of a letter or two and the number
_NUMBERED = re.compile(r"\b([^\W\d_]{3,})[\s:-]{1,3}((?:[a-z]{1,2})?\d{1,3})\b(?![.,:/]\d)", re.I)
_NUMBER_PARTS = re.compile(r"([a-z]*)0*(\d+)")


def numbers_asked(question: str) -> list[tuple[str, str]]:
    """The numbered things ``question`` names, (word, number) lowercased: its content words
    followed by a number ("grade 5", "tank t6"), not a date ("May 5") or a time ("at 9")."""
    terms = set(query_terms(question))
    out: list[tuple[str, str]] = []
    found = [*_NUMBERED.findall(question), *((w, n) for n, w in _NUMBER_FIRST.findall(question))]
    for word, number in found:
        word = word.lower()
        if word in terms and not re.fullmatch(MONTHS, word, re.I):
            out.append((word, number.lower()))
    return out


# ... or its number first, joined by a hyphen ("a 3-storey elevation", "the 2-bed flats")
_NUMBER_FIRST = re.compile(r"(?<![\w.,])(\d{1,2})-([^\W\d_]{3,})\b", re.I)


def _same_number(asked: str, said: str) -> bool:
    """ "t6" is "6" and "T06"; "b3" is not "c3"."""
    a, s = _NUMBER_PARTS.fullmatch(asked), _NUMBER_PARTS.fullmatch(said)
    if a is None or s is None:
        return asked == said
    return a.group(2) == s.group(2) and (not a.group(1) or not s.group(1) or a.group(1) == s.group(1))


def numbers_another(text: str, asked: Sequence[tuple[str, str]]) -> bool:
    """``text`` names a sibling of a numbered thing asked ("level: Grade 2" of "Grade 5"):
    the same word with other numbers, never with the one asked (nor a range holding it,
    "Grades 1 to 5")."""
    lowered = text.lower()
    for word, number in asked:
        said = re.findall(
            rf"\b{_singular_or_plural(word)}[\s:-]{{1,3}}((?:[a-z]{{1,2}})?\d{{1,3}})\b"
            r"(?:\s*(?:to|-|–|and|&)\s*(\d{1,3})\b)?",
            lowered,
        ) + [(n, "") for n, w in _NUMBER_FIRST.findall(lowered) if re.fullmatch(_singular_or_plural(word), w)]
        if said and not any(_same_number(number, s) or _in_range(number, s, end) for s, end in said):
            return True
    return False


def _in_range(asked: str, start: str, end: str) -> bool:
    """ "5" is in "1 to 5"."""
    a = _NUMBER_PARTS.fullmatch(asked)
    return bool(end and a is not None and start.isdigit() and int(start) <= int(a.group(2)) <= int(end))
