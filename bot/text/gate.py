"""A regular expression behind a literal gate: the words any match must contain, read once
from the pattern, are looked for first, and the pattern runs only on a text that has one.

Python's ``re`` tries a pattern such as ``\\b(?:comb|combs|combed)\\s+through`` at every
position of the text (the leading ``\\b`` stops it from skipping to a possible first
letter): ~10 µs on a sentence that has none of the words, where the same words without the
``\\b`` are found or ruled out in under 1 µs. The router asks some 150 such patterns of
every message, and most of them match nothing. The gate changes no result: it only rules
out texts the pattern cannot match (see ``needs``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

# items that match an empty string at a place: literals either side of one are adjacent
_ZERO_WIDTH = frozenset({sre.AT, sre.ASSERT, sre.ASSERT_NOT})
_REPEATS = frozenset({sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT})

Needs = frozenset[str] | None  # one of these strings is in every match; None: nothing known


def _best(options: list[frozenset[str]]) -> Needs:
    """Of several sets that each hold, the one that rules out most: longest shortest string,
    then fewest strings."""
    if not options:
        return None
    return max(options, key=lambda s: (min(map(len, s)), -len(s)))


def _needs(items: Any, flags: list[int]) -> Needs:
    """Strings of which every match of the sequence ``items`` contains at least one. ``flags``
    collects the flags set inside the pattern (``(?i:…)``)."""
    options: list[frozenset[str]] = []
    run: list[str] = []

    def close() -> None:
        if run:
            options.append(frozenset({"".join(run)}))
            run.clear()

    for op, av in items:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        if op in _ZERO_WIDTH:
            continue  # consumes nothing: the literals around it are still adjacent
        close()
        inner: Needs = None
        if op is sre.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            flags.append(add_flags)
            inner = _needs(sub, flags)
        elif op is sre.ATOMIC_GROUP:
            inner = _needs(av, flags)
        elif op is sre.BRANCH:
            alternatives = [_needs(sub, flags) for sub in av[1]]
            if all(a is not None for a in alternatives):
                inner = frozenset().union(*alternatives)  # type: ignore[arg-type]
        elif op in _REPEATS:
            low, _high, sub = av
            inner = _needs(sub, flags) if low >= 1 else None
        elif op is sre.IN and av and all(o is sre.LITERAL for o, _ in av):
            inner = frozenset(chr(c) for _, c in av)  # "[🙃🙄😂]": one of these characters
        if inner:
            options.append(inner)
    close()
    return _best(options)


def needs(pattern: re.Pattern[str]) -> tuple[frozenset[str], bool] | None:
    """The strings one of which every match of ``pattern`` contains, and whether they are to
    be found regardless of case; None when nothing is known (or the pattern cannot be read:
    it then always runs)."""
    try:
        parsed = sre_parse.parse(pattern.pattern, pattern.flags)
        flags: list[int] = [pattern.flags, parsed.state.flags]
        found = _needs(parsed, flags)
    except Exception:  # a newer ``re`` that reads differently: no gate, the same results
        return None
    if not found or "" in found:
        return None
    every = 0
    for f in flags:
        every |= f
    if every & re.LOCALE:
        return None
    return found, bool(every & re.IGNORECASE)


def _trie(strings: frozenset[str]) -> str:
    """A regular expression finding any of ``strings``, their common starts factored out
    ("an(?:alysis|y )"): at each position ``re`` tries only the strings that start with the
    letter there. A string that another one starts with stands for both."""
    root: dict[str, Any] = {}
    for s in strings:
        node = root
        for ch in s:
            node = node.setdefault(ch, {})
        node[""] = True
    return _alternatives(root)


def _alternatives(node: dict[str, Any]) -> str:
    if "" in node:
        return ""  # a string ends here: what follows need not be looked for
    branches = [re.escape(ch) + _alternatives(child) for ch, child in sorted(node.items())]
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"


class _Presence:
    """Which gate strings a text holds, for every gate at once. The router asks some 100
    gates of the same few texts (a message, its normalised and prepared forms): rather than
    one scan per gate, a text asked about a few times has every gate's strings found in it
    by one scan (a trie of all of them, tried at each position), and each gate then only
    looks its own strings up. A text asked about once or twice is scanned by its gate alone,
    as before. Nothing is ruled out that a gate's own scan would not rule out."""

    _KEPT = 64  # texts remembered; the router reads a message's few forms one after the other
    _SCAN_AT = 3  # the ask about a text that scans it for every gate

    def __init__(self) -> None:
        self._exact: set[str] = set()  # strings to find as they are
        self._folded: set[str] = set()  # strings to find in the lower-cased text (ASCII)
        self._scans: tuple[_Scan, _Scan, _Scan] | None = None
        self._asked: dict[str, int] = {}
        # a text → the exact and the case-folded strings in it (the folded ones None for a
        # text outside ASCII, which the gates that fold case leave to their pattern)
        self.found: dict[str, tuple[frozenset[str], frozenset[str] | None]] = {}

    def add(self, strings: frozenset[str], lower: bool) -> None:
        kept = self._folded if lower else self._exact
        if not strings <= kept:
            kept |= strings
            self._scans = None
            self.found.clear()

    def asked(self, text: str) -> tuple[frozenset[str], frozenset[str] | None] | None:
        """``found[text]`` once the text has been asked about ``_SCAN_AT`` times, else None."""
        asked = self._asked
        times = asked.get(text, 0) + 1
        if times < self._SCAN_AT:
            if len(asked) >= self._KEPT:
                asked.clear()
            asked[text] = times
            return None
        scans = self._scans
        if scans is None:
            scans = self._scans = (_Scan(self._exact), _Scan(self._folded), _Scan(self._exact | self._folded))
        lower = text.lower()
        if lower == text:  # already lower case: one scan finds both kinds
            both = scans[2].find(text)
            result = (both, both if text.isascii() else None)
        else:
            result = (scans[0].find(text), scans[1].find(lower) if text.isascii() else None)
        if len(self.found) >= self._KEPT:
            self.found.clear()
        self.found[text] = result
        return result


class _Scan:
    """Every one of ``strings`` a text contains, in one pass: at each position the trie
    gives the longest string starting there, and with it every string it starts with."""

    def __init__(self, strings: set[str]) -> None:
        root: dict[str, Any] = {}
        for s in strings:
            node = root
            for ch in s:
                node = node.setdefault(ch, {})
            node[""] = True
        self._regex = re.compile(f"(?=({_longest(root)}))", re.S) if strings else None
        self._starts = {s: frozenset(s[:k] for k in range(1, len(s) + 1)) & strings for s in strings}

    def find(self, text: str) -> frozenset[str]:
        if self._regex is None:
            return frozenset()
        starts = self._starts
        out: set[str] = set()
        for m in self._regex.finditer(text):
            out |= starts[m.group(1)]
        return frozenset(out)


def _longest(node: dict[str, Any]) -> str:
    """The trie as a regular expression that matches the longest of its strings at a place."""
    branches = [re.escape(ch) + _longest(child) for ch, child in sorted(node.items()) if ch]
    if not branches:
        return ""
    inner = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" in node:  # a string ends here: a longer one is preferred, this one stands otherwise
        return f"(?:{inner})?"
    return inner


_PRESENCE = _Presence()
_FOUND = _PRESENCE.found


class Gated:
    """``pattern`` with ``search``, ``finditer``, ``findall`` and ``sub`` that first look for
    the strings every match contains (``needs``); ``match`` runs as it is (it is anchored)."""

    __slots__ = ("_gate", "_lower", "_one", "_strings", "match", "pattern", "regex")

    def __init__(self, regex: re.Pattern[str]) -> None:
        self.regex = regex
        self.pattern = regex.pattern
        self.match = regex.match
        self._gate: re.Pattern[str] | None = None
        self._one: str | None = None  # the one string every match contains: ``in`` finds it faster
        self._lower = False
        self._strings: frozenset[str] = frozenset()
        read = needs(regex)
        if read is None:
            return
        strings, ignore_case = read
        if ignore_case:
            if not all(s.isascii() for s in strings):
                return  # under IGNORECASE a letter outside ASCII may match one inside it
            strings = frozenset(s.lower() for s in strings)
        self._lower = ignore_case
        self._strings = strings
        _PRESENCE.add(strings, ignore_case)
        self._gate = re.compile(_trie(strings))
        if len(strings) == 1:
            (self._one,) = strings

    def could_match(self, text: str) -> bool:
        """False only when no match of the pattern can be in ``text``."""
        gate = self._gate
        if gate is None:
            return True
        found = _FOUND.get(text) or _PRESENCE.asked(text)
        if found is not None:
            present = found[self._lower]
            return present is None or not self._strings.isdisjoint(present)
        if self._lower:
            if not text.isascii():
                return True  # case folds outside ASCII ("ſ" for "s") are left to the pattern
            text = text.lower()
        if self._one is not None:
            return self._one in text
        return gate.search(text) is not None

    def search(self, text: str) -> re.Match[str] | None:
        return self.regex.search(text) if self.could_match(text) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.regex.finditer(text) if self.could_match(text) else iter(())

    def findall(self, text: str) -> list[Any]:
        return self.regex.findall(text) if self.could_match(text) else []

    def sub(self, repl: Any, text: str) -> str:
        return self.regex.sub(repl, text) if self.could_match(text) else text


def gated(pattern: str, flags: int = 0) -> Gated:
    """``re.compile(pattern, flags)`` behind its literal gate."""
    return Gated(re.compile(pattern, flags))
