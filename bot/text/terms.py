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


# The other way a word is commonly written: a month's or a day's name and its short form
# ("February", "Feb"), chat spellings ("xmas", "overnite"). A search takes the other form of
# a word only when the notes never write the one typed.
_FORMS = (
    ("january", "jan"),
    ("february", "feb"),
    ("march", "mar"),
    ("april", "apr"),
    ("june", "jun"),
    ("july", "jul"),
    ("august", "aug"),
    ("september", "sep", "sept"),
    ("october", "oct"),
    ("november", "nov"),
    ("december", "dec"),
    ("monday", "mon"),
    ("tuesday", "tue", "tues"),
    ("wednesday", "wed"),
    ("thursday", "thu", "thur", "thurs"),
    ("friday", "fri"),
    ("saturday", "sat"),
    ("sunday", "sun"),
    ("christmas", "xmas"),
    ("overnight", "overnite"),
    ("tonight", "tonite"),
    ("night", "nite"),
    ("through", "thru"),
    ("tomorrow", "tmrw", "tomoz"),
    # units spelled out and as the notes abbreviate them ("how much is the decaf a kilo" of "£15.20/kg")
    ("kilo", "kilos", "kilogram", "kilograms", "kg"),
    ("litre", "litres", "liter", "liters", "ltr"),
    ("tonne", "tonnes"),
    # words clipped as a chat types them ("temp", "ppl", "hrs", "custs"); not the clipped forms
    # that stand for two words ("min": minimum or minutes, "hr": hours or HR), nor those of words
    # most notes say ("yr": "last yr" read as "year" lets any note's year answer)
    ("temperature", "temperatures", "temp", "temps"),
    ("people", "ppl"),
    ("hours", "hrs"),
    ("customer", "customers", "cust", "custs"),
    ("department", "dept"),
    ("manager", "mgr"),
    ("account", "acct"),
    ("certificate", "certificates", "cert", "certs"),
    ("appointment", "appointments", "appt", "appts"),
    ("quantity", "qty"),
)
# the forms of irregular verbs a question and a note write differently ("why did we lose tank 3"
# of "the loss of Tank 3", "whole tank lost"): a stemmer never joins them
_IRREGULAR = (
    ("lose", "lost", "loss", "losing"),
    ("break", "broke", "broken", "breakage"),
    ("buy", "bought"),
    ("pay", "paid"),
    ("sell", "sold"),
    ("steal", "stole", "stolen", "theft"),
    ("freeze", "froze", "frozen"),
    ("fall", "fell", "fallen"),
    ("tear", "tore", "torn"),
    ("send", "sent"),
    ("spend", "spent"),
    ("bring", "brought"),
    ("catch", "caught"),
    ("choose", "chose", "chosen", "choice"),
    ("drive", "drove", "driven"),
    ("write", "wrote", "written"),
    ("give", "gave", "given"),
    ("take", "took", "taken"),
    ("go", "went", "gone"),
    ("hold", "held"),
    ("build", "built"),
    ("die", "died", "dead", "death"),
    ("burn", "burnt"),
    ("leak", "leaked", "leakage"),
)


def _each_to_the_others(groups: tuple[tuple[str, ...], ...]) -> dict[str, tuple[str, ...]]:
    """Each word of each group → the other words of its group."""
    return {word: tuple(other for other in forms if other != word) for forms in groups for word in forms}


IRREGULAR_FORMS = _each_to_the_others(_IRREGULAR)
OTHER_FORMS = _each_to_the_others(_FORMS)


def query_terms(query: str, *, limit: int = 24) -> list[str]:
    """Content words of a free-text query, lowercased, stopwords dropped, order kept."""
    seen: dict[str, None] = {}
    for word in _words(query.lower()):
        if "'" in word or "’" in word:
            word = word.replace("’", "'").split("'")[0]
        if len(word) < 2 or word in STOPWORDS:
            continue
        seen.setdefault(word, None)
        if len(seen) >= limit:
            break
    return list(seen)


# ASCII text splits on everything but letters, digits and the apostrophe (4× faster than
# the pattern); a piece holding an apostrophe goes through the pattern, which keeps one only
# between letters or digits: the same words as ``_WORD.findall`` (tests/bot/test_query_terms.py).
_ASCII_PIECES = str.maketrans({chr(c): " " for c in range(128) if not (chr(c).isalnum() or chr(c) == "'")})


def _words(lowered: str) -> list[str]:
    if not lowered.isascii():
        return _WORD.findall(lowered)  # type: ignore[no-any-return]
    pieces = lowered.translate(_ASCII_PIECES).split()
    if "'" not in lowered:
        return pieces
    return [w for piece in pieces for w in (_WORD.findall(piece) if "'" in piece else (piece,))]


# Words a chat question is typed with that say nothing about what it asks: contractions
# typed without their apostrophe, misspelt question words, fillers. Left in, each would
# count against every entry's coverage as a word the knowledge base lacks.
CHAT_FILLER = frozenset(
    """whats whos hows wheres whens whys wat wats wot wots wht whta waht hw abt atm rn btw fyi iirc isnt arent wasnt werent doesnt dont
    didnt cant wont hasnt havent hadnt shouldnt couldnt wouldnt im ive youre theyre theres thats
    lets u ur ya pls plz thx ty hey hi hello guys folks anyone someone somebody anybody ever still
    currently actually really exactly just now much many also again remind remember happened
    happen happening""".split()
)


# "who's in charge of the stores": asks for a person, as "who" says; not for the charges the
# notes list ("call-out charges")
_IN_CHARGE = re.compile(r"\bin charge(?: of)?\b", re.I)


def focus(question: str) -> str:
    """The question's words without chat filler, for the lexical signals (coverage, word
    shares); the embedder reads the question as typed."""
    # (``_words``: the pattern's words, by the fast path for ASCII text, capitals kept)
    question = _IN_CHARGE.sub(" ", question)
    kept = [w for w in _words(question) if w.lower().replace("'", "").replace("’", "") not in CHAT_FILLER]
    return " ".join(kept)
