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


class Gated:
    """``pattern`` with ``search``, ``finditer``, ``findall`` and ``sub`` that first look for
    the strings every match contains (``needs``); ``match`` runs as it is (it is anchored)."""

    __slots__ = ("_gate", "_lower", "_one", "match", "pattern", "regex")

    def __init__(self, regex: re.Pattern[str]) -> None:
        self.regex = regex
        self.pattern = regex.pattern
        self.match = regex.match
        self._gate: re.Pattern[str] | None = None
        self._one: str | None = None  # the one string every match contains: ``in`` finds it faster
        self._lower = False
        read = needs(regex)
        if read is None:
            return
        strings, ignore_case = read
        if ignore_case:
            if not all(s.isascii() for s in strings):
                return  # under IGNORECASE a letter outside ASCII may match one inside it
            strings = frozenset(s.lower() for s in strings)
        self._lower = ignore_case
        self._gate = re.compile(_trie(strings))
        if len(strings) == 1:
            (self._one,) = strings

    def could_match(self, text: str) -> bool:
        """False only when no match of the pattern can be in ``text``."""
        gate = self._gate
        if gate is None:
            return True
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
