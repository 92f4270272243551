"""One grammar for entry citations: the forms a model may write (``[Entry x]``,
``[entry x]``, ``[Entry: x]``, ``(Entry x)``, lists, full UUIDs, bare ``Entry x``), the one
form Mallory writes (``[Entry abcd1234]``), and the check every model text passes before a
user sees it: a citation stays only when it names an entry the model was shown."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

SHORT = 8  # the id length Mallory shows and writes

# what Mallory writes; renderers keep it whole
CANONICAL = re.compile(r"\[Entry ([0-9a-f]{8})\]")
# what a renderer must never cut in half (recall listings may show longer prefixes)
ATOM = re.compile(r"\[Entry [0-9A-Za-z-]+\]")
# anything a reader could take for a citation ("[Entry x]", "[entry: x]", "[ Entry ]"…):
# content shown inline (a title, an author) must not carry one
LOOKALIKE = re.compile(r"\[\s*entry\b[^\]\n]*\]", re.IGNORECASE)

_KEY = r"entr(?:y|ies)"
_SEP = r"[\s:#]*"
# inside brackets after the keyword any token is an id attempt ("[Entry 52d3a1b2-]",
# "[Entry tbd]"); outside them, or without the keyword, it must start with 8 hex digits
_TOKEN = r"[0-9a-z][0-9a-z-]*(?![0-9a-z-])"
_HEX8 = r"[0-9a-f]{8}[0-9a-z-]*(?![0-9a-z-])"
_LIST = r"\s*(?:[,;&/|+]|\band\b)\s*"
# the closing bracket is optional: "[Entry deadbeef" mid-text reads as a citation too
_GROUP = rf"[\[(]\s*{_KEY}{_SEP}{_TOKEN}(?:{_LIST}(?:{_KEY}{_SEP})?{_TOKEN})*(?:\s*[\])])?"
_BRACKETED = rf"[\[(]\s*{_HEX8}(?:{_LIST}{_HEX8})*(?:\s*[\])])?"
_BARE = rf"(?<![0-9a-z]){_KEY}{_SEP}{_HEX8}"
# any way of naming an entry the model might use, case-insensitive (every match starts with a
# bracket or the "e" of "entry": the look-ahead lets ``re`` skip other characters at once)
LOOSE = re.compile(rf"(?=[\[(e])(?:{_GROUP}|{_BRACKETED}|{_BARE})", re.I)
_WORDS = re.compile(rf"\b(?:{_KEY}|and)\b", re.I)
_IDS = re.compile(_TOKEN, re.I)
_HEXONLY = re.compile(r"[0-9a-f]+")
# how a citation without the keyword starts (``_BRACKETED``'s opening)
_OPENING = re.compile(r"[\[(]\s*[0-9a-f]{8}", re.I)
# a citation cut off at the end of a truncated text: "... storage [Entry 52d"
_CUT = re.compile(rf"[\[(]\s*(?:{_KEY}(?:{_SEP}[0-9a-f-]*)?|[0-9a-f-]*)[^\])\n]*$", re.I)


def cite(entry_id: str, length: int = SHORT) -> str:
    """The citation Mallory writes for an entry (a listing may show a longer prefix)."""
    return f"[Entry {entry_id[:length].lower()}]"


def cited(text: str) -> list[str]:
    """Short ids of the canonical citations in ``text``, in order, each once."""
    return list(dict.fromkeys(CANONICAL.findall(text)))


@dataclass(frozen=True)
class Checked:
    text: str
    removed: int  # citations that named no entry the model was shown
    kept: int


def _normal(entry_id: str) -> str:
    return entry_id.lower().replace("-", "")


def check_citations(text: str, known_ids: Iterable[str]) -> Checked:
    """Rewrite every citation of a known entry into the canonical form and remove every other
    one. An id counts when it is at least 8 characters and a prefix of a known entry's id, so
    a real prefix with a forged suffix is removed too."""
    if "entr" not in text.lower() and not _OPENING.search(text):
        # nothing a citation could be (``LOOSE``): without the keyword, only a bracket before
        # eight hex digits starts one. Most chat replies, brackets and all ("Noted. (I'm …")
        return Checked(text, 0, 0)
    known = [_normal(i) for i in known_ids]
    removed = 0
    kept = 0

    def real(token: str) -> str | None:
        norm = _normal(token)
        if len(norm) < SHORT or not _HEXONLY.fullmatch(norm):
            return None
        for full in known:
            if full.startswith(norm):
                return full
        return None

    first = True

    def replace(match: re.Match[str]) -> str:
        nonlocal removed, kept
        canonical = None if first else CANONICAL.fullmatch(match.group(0))
        if canonical is not None and real(canonical.group(1)) is not None:
            return match.group(0)  # counted on the first pass
        out = []
        for token in _IDS.findall(_WORDS.sub(" ", match.group(0))):
            full = real(token)
            if full is None:
                removed += 1
            else:
                kept += 1
                out.append(cite(full))
        return " ".join(dict.fromkeys(out))

    # a removal can leave what reads as a citation of its own ("( [Entry0 00000000" leaves
    # "( 00000000"): again until nothing is removed (each pass removes text, so it ends)
    cleaned = LOOSE.sub(replace, text)
    first = False
    for _ in range(8):
        before = removed
        cleaned = LOOSE.sub(replace, cleaned)
        if removed == before:
            break
    if removed:
        cleaned = re.sub(r"[ \t]+([.,;:!?)])", r"\1", cleaned)
        cleaned = re.sub(r"(?<=\S)[ \t]{2,}", " ", cleaned)
        cleaned = re.sub(r"[ \t]+$", "", cleaned, flags=re.M)
    return Checked(cleaned, removed, kept)


def drop_cut_citation(text: str) -> str:
    """``text`` without a citation left open at its very end (a truncated answer)."""
    return _CUT.sub("", text).rstrip()


def removed_note(removed: int) -> str:
    """The line a report carries when citations were removed; the count is the true one."""
    if not removed:
        return ""
    return f"_({removed} citation{'s' if removed != 1 else ''} to unknown entries removed.)_"
