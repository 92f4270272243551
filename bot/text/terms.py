"""Content words of free text: what searches, rankers and the extractive summaries match on."""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
STOPWORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have how i if in
    into is it its me my of on or our so that the their them then there these they this to us was
    we were what when where which who whom why will with would you your about tell know any some
    something anything please dig look find research investigate out up".""".split()
)


def query_terms(query: str, *, limit: int = 24) -> list[str]:
    """Content words of a free-text query, lowercased, stopwords dropped, order kept."""
    seen: dict[str, None] = {}
    for match in _WORD.finditer(query.lower()):
        word = match.group(0).replace("’", "'").split("'")[0]
        if len(word) < 2 or word in STOPWORDS:
            continue
        seen.setdefault(word, None)
        if len(seen) >= limit:
            break
    return list(seen)


# Words a chat question is typed with that say nothing about what it asks: contractions
# typed without their apostrophe, misspelt question words, fillers. Left in, each would
# count against every entry's coverage as a word the knowledge base lacks.
_CHAT_FILLER = frozenset(
    """whats whos hows wheres whens whys wat wot wht whta waht isnt arent wasnt werent doesnt dont
    didnt cant wont hasnt havent hadnt shouldnt couldnt wouldnt im ive youre theyre theres thats
    lets u ur ya pls plz thx ty hey hi hello guys folks anyone someone somebody anybody ever still
    currently actually really exactly just now much many also again remind remember happened
    happen happening""".split()
)


def focus(question: str) -> str:
    """The question's words without chat filler, for the lexical signals (coverage, word
    shares); the embedder reads the question as typed."""
    kept = [
        w for w in _WORD.findall(question) if w.lower().replace("'", "").replace("’", "") not in _CHAT_FILLER
    ]
    return " ".join(kept)
