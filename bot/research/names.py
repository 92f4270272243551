"""The names a question asks about (a site, a person, a supplier) and whether the notes have
them: a question about "the Westfen station" must not be answered with North Fen's facts,
nor one about "Helen Marshall" with Helen Marsh's."""

from __future__ import annotations

import json
import re
import string
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from bot.research.embedders import MINILM_TOKENIZER
from bot.research.links import LinkView
from bot.research.relevance import focus
from bot.text.display import content_label
from bot.text.terms import query_terms

if TYPE_CHECKING:
    from bot.research.lexical import LexicalIndex

NAME_CHARS = 4  # shorter words are never read as names ("fen", "bill", "tom")
LOOKALIKE_PREFIX = 4  # a word sharing this many first letters with a note's title word looks like it
NEARBY_TITLES = 3  # titles named as what the notes do cover
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


@cache
def common_words() -> frozenset[str]:
    """Whole English words of the shipped MiniLM tokenizer's vocabulary (~21,000): a word
    outside it that the notes lack is a name (or a typo), not a paraphrase."""
    try:
        vocab = json.loads(MINILM_TOKENIZER.read_text(encoding="utf-8"))["model"]["vocab"]
    except (OSError, ValueError, KeyError):
        return frozenset()
    return frozenset(w for w in vocab if w.isalpha() and w.isascii())


def _edits(word: str) -> set[str]:
    """Every word one deletion, transposition, replacement or insertion away."""
    letters = string.ascii_lowercase
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return (
        {a + b[1:] for a, b in splits if b}
        | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
        | {a + c + b[1:] for a, b in splits if b for c in letters}
        | {a + c + b for a, b in splits for c in letters}
    )


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
        lowered = text.lower()
        return not self.named or any(name in lowered for name in self.named)

    def held_by(self, text: str) -> bool:
        """``text`` (a note, or a passage with its context) holds a required name (one of
        them: "what is Beacon? and who owns Harbor?" asks about each in turn)."""
        lowered = text.lower()
        return not self.required or any(name in lowered for name in self.required)

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


class TitleWords:
    """The words of the notes' titles (three letters or more) with the titles that say them,
    and those written as names are ("Helen Marsh", "Brenton Chemicals"). Built once per set
    of titles, not per question: reading every title is a pass over the whole corpus; then
    kept in step with the titles (``KeptTitleWords``), a title at a time."""

    def __init__(self) -> None:
        self.titles: dict[str, list[str]] = {}
        self.proper: dict[str, int] = {}  # a word written as a name → titles writing it so
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
            if upper and (j > 0 or (len(said) > 1 and said[1][:1].isupper())):
                count = self.proper.get(lowered, 0) + step
                if count:
                    self.proper[lowered] = count
                else:
                    del self.proper[lowered]


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


def read_names(question: str, lexical: LexicalIndex, in_titles: TitleWords) -> Names:
    """The names in ``question``, read against the index (``lexical``: ``holds``,
    ``vocabulary``) and the notes' titles. A word is a name when it is not a common English
    word, or is capitalised inside the question, or is missing from the notes while looking
    like a word of a note's title ("Marshall" beside "Marsh", "Brentford" beside "Brenton").
    A missing word one edit from a word of the notes ("priorty"), or the start of one
    ("ortho" for "orthophosphate"), is a typo or a short form, not a name."""
    common = common_words()
    typed = [m.group(0) for m in _WORD.finditer(question)]
    lowered = [t.lower().replace("’", "'").split("'")[0] for t in typed]
    content = set(query_terms(focus(question), limit=64))
    title_words, proper = in_titles.titles, in_titles.proper
    holds = lexical.holds
    missing_at: list[int] = []
    required: list[str] = []
    named: list[str] = []
    for k, word in enumerate(lowered):
        if word not in content or len(word) < NAME_CHARS or not word.isascii():
            continue
        capitalised = k > 0 and typed[k][0].isupper() and not typed[k].isupper()
        uncommon = word not in common
        if holds(word):
            if capitalised or (uncommon and not _ordinary(word, common, title_words, holds)):
                required.append(word)
                if capitalised or word in title_words:
                    named.append(word)
            continue
        if any(holds(e) for e in _edits(word)) or _starts_a_word(word, lexical):
            continue  # a typo or a short form of a word the notes use
        lookalike = len(word) > NAME_CHARS and any(
            t[:LOOKALIKE_PREFIX] == word[:LOOKALIKE_PREFIX] for t in proper
        )
        if lookalike or capitalised or (uncommon and not _ordinary(word, common, title_words, holds)):
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
        word = lowered[k]
        nearby += [
            title
            for t, ts in title_words.items()
            if t in proper and t[:LOOKALIKE_PREFIX] == word[:LOOKALIKE_PREFIX]
            for title in ts
        ]
    shown = tuple(dict.fromkeys(" ".join(n.split()) for n in nearby))[:NEARBY_TITLES]
    return Names(
        missing=tuple(phrases),
        required=tuple(dict.fromkeys(required)),
        nearby=shown,
        named=tuple(dict.fromkeys(named)),
    )


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
    word: str, common: frozenset[str], title_words: Mapping[str, object], holds: Callable[[str], bool]
) -> bool:
    """An uncommon word that is a common one inflected ("expire", "reinstalled"), or two
    common ones run together ("offsite"), or the notes' own two words written as one ("wifi"
    for "Wi-Fi") — unless a part is a word of a note's title ("westfen": "fen" names
    sites), which makes it look like one of the notes' names."""
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
            return not any(part in title_words for part in (head, tail))
    return False


def _starts_a_word(word: str, lexical: LexicalIndex) -> bool:
    """``word`` is how a longer word of the notes starts ("hypo", "ortho")."""
    return any(w.startswith(word) for w in lexical.vocabulary())
