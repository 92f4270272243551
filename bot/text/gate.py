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
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

import ahocorasick

# items that match an empty string at a place: literals either side of one are adjacent
_ZERO_WIDTH = frozenset({sre.AT, sre.ASSERT, sre.ASSERT_NOT})
_REPEATS = frozenset({sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT})

Needs = frozenset[str] | None  # one of these strings is in every match; None: nothing known
# the most spellings a run of literals with optional ones in it is read as
_SPELLINGS = 8


def _best(options: list[frozenset[str]]) -> Needs:
    """Of several sets that each hold, the one that rules out most: longest shortest string,
    then fewest strings."""
    if not options:
        return None
    return max(options, key=lambda s: (min(map(len, s)), -len(s)))


def _literal(items: Any) -> str | None:
    """The string a sequence matches when it is literals only (or a group of them), else None."""
    if len(items) == 1 and items[0][0] is sre.SUBPATTERN and not items[0][1][1] and not items[0][1][2]:
        items = items[0][1][3]
    if not items or any(op is not sre.LITERAL for op, _ in items):
        return None
    return "".join(chr(av) for _, av in items)


def _needs(items: Any, flags: list[int]) -> Needs:
    """Strings of which every match of the sequence ``items`` contains at least one. ``flags``
    collects the flags set inside the pattern (``(?i:…)``). A run of literals goes on through
    an optional literal ("to-?do": "todo" or "to-do"; "report(?:s)?": "report" or "reports"),
    as its spellings, up to ``_SPELLINGS`` of them."""
    options: list[frozenset[str]] = []
    runs: list[str] = [""]  # the run of literals so far, as each of its spellings

    def close() -> None:
        if "" not in runs:
            options.append(frozenset(runs))
        runs[:] = [""]

    for op, av in items:
        if op is sre.LITERAL:
            runs[:] = [r + chr(av) for r in runs]
            continue
        if op in _ZERO_WIDTH:
            continue  # consumes nothing: the literals around it are still adjacent
        if op in _REPEATS and av[0] == 0 and av[1] == 1 and len(runs) * 2 <= _SPELLINGS:
            optional = _literal(av[2])
            if optional is not None:
                runs[:] = [*runs, *(r + optional for r in runs)]
                continue
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


def _tree(strings: Iterable[str]) -> dict[str, Any]:
    """``strings`` as a tree of their letters; ``""`` marks where a string ends."""
    root: dict[str, Any] = {}
    for s in strings:
        node = root
        for ch in s:
            node = node.setdefault(ch, {})
        node[""] = True
    return root


def _trie(strings: frozenset[str]) -> str:
    """A regular expression finding any of ``strings``, their common starts factored out
    ("an(?:alysis|y )"): at each position ``re`` tries only the strings that start with the
    letter there. A string that another one starts with stands for both."""
    return _alternatives(_tree(strings))


def _alternatives(node: dict[str, Any]) -> str:
    if "" in node:
        return ""  # a string ends here: what follows need not be looked for
    branches = [re.escape(ch) + _alternatives(child) for ch, child in sorted(node.items())]
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"


# The last text lower-cased for a case-insensitive gate, and its lower case (None: not ASCII).
# The router asks some 60 such gates of the same string in a row (the lexicon's triggers of
# the normalised message): it is lower-cased once. One tuple, replaced whole, so a thread
# never reads one text's lower case for another.
_LOWERED: list[tuple[str | None, str | None]] = [(None, None)]


# The characters outside ASCII that ``re`` matches to an ASCII letter under IGNORECASE ("İ",
# "ı" and "ſ" to i and s, the Kelvin sign to k; tests/bot/test_literal_gate.py reads all of
# Unicode for them). A text without them can only match the gate's ASCII strings with its
# ASCII letters, which ``lower`` folds as ``re`` does: its other characters ("é", an emoji)
# need not leave every gate open.
FOLDS_TO_ASCII = frozenset("\u0130\u0131\u017f\u212a")


def _lowered(text: str) -> str | None:
    """``text.lower()``, or None when ``text`` has a character that folds to an ASCII letter
    only under ``re``'s rules (``FOLDS_TO_ASCII``): then the pattern decides."""
    kept = _LOWERED[0]
    if kept[0] is text:
        return kept[1]
    low = text.lower() if text.isascii() or FOLDS_TO_ASCII.isdisjoint(text) else None
    _LOWERED[0] = (text, low)
    return low


# up to this many gate strings are looked for by ``in``, one after another, rather than by a
# pattern of them: ``in`` rules out a short text in a fraction of what ``re`` spends trying the
# pattern at each of its positions
_BY_IN = 3


def _minimal(strings: frozenset[str]) -> frozenset[str]:
    """``strings`` without those that hold another of them: a text holds one of the rest
    exactly when it holds one of ``strings`` ("<@" or "@": "@")."""
    return frozenset(s for s in strings if not any(t != s and t in s for t in strings))


def _could(gate: re.Pattern[str] | None, few: tuple[str, ...] | None, lower: bool) -> Callable[[str], bool]:
    """The gate's test: False only when no match of the pattern can be in a text. ``few``:
    the gate's strings when they are few enough to be looked for by ``in``."""
    if gate is None:
        return lambda text: True
    search = gate.search
    held: Callable[[str], bool]
    if few is None:
        held = lambda text: search(text) is not None  # noqa: E731
    elif len(few) == 1:
        (one,) = few
        held = lambda text: one in text  # noqa: E731
    elif len(few) == 2:
        a, b = few
        held = lambda text: a in text or b in text  # noqa: E731
    else:
        a, b, c = few
        held = lambda text: a in text or b in text or c in text  # noqa: E731
    if not lower:
        return held
    if few is not None and len(few) == 1:
        (one,) = few

        def could(text: str) -> bool:
            kept = _LOWERED[0]
            low = kept[1] if kept[0] is text else _lowered(text)
            return low is None or one in low

    else:

        def could(text: str) -> bool:
            kept = _LOWERED[0]
            low = kept[1] if kept[0] is text else _lowered(text)
            return low is None or held(low)

    return could


def _anchored(regex: re.Pattern[str]) -> bool:
    """Every match starts at the start of the text, and what follows the start is no
    look-ahead (``^(?!.*\\?)`` reads the whole text): ``re`` tries the pattern once, quickly,
    and a gate would only add work."""
    try:
        parsed = sre_parse.parse(regex.pattern, regex.flags)
    except Exception:
        return False
    items = parsed.data
    return (
        not (regex.flags | parsed.state.flags) & re.MULTILINE
        and len(items) > 1
        and items[0] == (sre.AT, sre.AT_BEGINNING)
        and items[1][0] not in _ZERO_WIDTH
    )


class Gated:
    """``pattern`` with ``search``, ``finditer``, ``findall`` and ``sub`` that first look for
    the strings every match contains (``needs``); ``match`` runs as it is (it is anchored),
    and so does every method of a pattern anchored at the start (``gate=False``) or whose
    strings are not known."""

    __slots__ = (
        "_few",
        "_gate",
        "_lower",
        "could_match",
        "findall",
        "finditer",
        "match",
        "pattern",
        "regex",
        "search",
        "sub",
    )

    def __init__(self, regex: re.Pattern[str], *, gate: bool = True) -> None:
        self.regex = regex
        self.pattern = regex.pattern
        self.match = regex.match
        self._gate: re.Pattern[str] | None = None
        self._few: tuple[str, ...] | None = None  # the gate's strings, when ``in`` finds them faster
        self._lower = False
        read = needs(regex) if gate else None
        if read is not None:
            strings, ignore_case = read
            if ignore_case and not all(s.isascii() for s in strings):
                read = None  # under IGNORECASE a letter outside ASCII may match one inside it
            else:
                if ignore_case:
                    strings = frozenset(s.lower() for s in strings)
                self._lower = ignore_case
                strings = _minimal(strings)
                self._gate = re.compile(_trie(strings))
                if len(strings) <= _BY_IN:
                    self._few = tuple(sorted(strings))
        self.could_match: Callable[[str], bool] = _could(self._gate, self._few, self._lower)
        if self._gate is None:  # no gate: the pattern's own methods, without a call between
            self.search: Callable[[str], re.Match[str] | None] = regex.search
            self.finditer: Callable[[str], Iterator[re.Match[str]]] = regex.finditer
            self.findall: Callable[[str], list[Any]] = regex.findall
            self.sub: Callable[[Any, str], str] = regex.sub
            return
        could = self.could_match
        search, finditer, findall, sub = regex.search, regex.finditer, regex.findall, regex.sub
        self.search = lambda text: search(text) if could(text) else None
        self.finditer = lambda text: finditer(text) if could(text) else iter(())
        self.findall = lambda text: findall(text) if could(text) else []
        self.sub = lambda repl, text: sub(repl, text) if could(text) else text


def gated(pattern: str, flags: int = 0) -> Gated:
    """``re.compile(pattern, flags)`` behind its literal gate (none for a pattern anchored at
    the start of the text, which ``re`` tries once)."""
    regex = re.compile(pattern, flags)
    return Gated(regex, gate=not _anchored(regex))


# a back-reference or a conditional: the parts would number their groups differently
_NUMBERED = re.compile(r"\\[1-9]|\(\?P=|\(\?\(")


def alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a regular expression ("a|b(?:c|d)" → "a", "b(?:c|d)"):
    a text has a match of the whole wherever it has one of a part. A character class or a
    group is never cut; a pattern that sets flags inline, refers back to a group or has a
    conditional is left whole."""
    if (pattern.startswith("(?") and pattern[2:3].isalpha()) or _NUMBERED.search(pattern):
        return [pattern]
    parts: list[str] = []
    depth, start, i, in_class = 0, 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            if ch == "]":
                in_class = False
        elif ch == "[":
            in_class = True
            if pattern[i + 1 : i + 2] == "^":
                i += 1
            if pattern[i + 1 : i + 2] == "]":  # "[]…]": the first "]" is a member
                i += 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    parts.append(pattern[start:])
    return parts


class Scanner:
    """Which of a set of strings a text holds, found in one pass over it (Aho–Corasick, the
    ``ahocorasick`` C extension): a few instructions a character, where ``re`` trying a
    pattern of all of them at every position spends a thousand or more. Every occurrence of
    every string is found, overlapping ones and ones inside others included, so a string is
    reported exactly when ``string in text``."""

    __slots__ = ("_iter", "strings")

    def __init__(self, strings: Iterable[str]) -> None:
        self.strings: tuple[str, ...] = tuple(sorted(set(strings)))
        if "" in self.strings:
            raise ValueError("the empty string is in every text: no scanner needed")
        automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        for i, string in enumerate(self.strings):
            automaton.add_word(string, i)
        self._iter: Callable[[str], Iterator[tuple[int, int]]] | None = None
        if self.strings:
            automaton.make_automaton()
            self._iter = automaton.iter

    def found(self, text: str) -> set[int]:
        """The positions (in ``strings``) of the strings ``text`` holds."""
        if self._iter is None:
            return set()
        return set(map(_SECOND, self._iter(text)))


_SECOND = itemgetter(1)


class GateSet:
    """The gates of several patterns asked of one text, looked for in one pass: which of the
    strings their matches need (``needs``) the text holds, found by one ``Scanner`` pass,
    instead of a test per pattern. ``open(text)`` gives the positions of the patterns that
    may match it, in order; a pattern whose strings are not known is always among them. It
    rules out exactly what each pattern's own gate rules out.

    ``lower``: the texts are asked case-insensitively (the patterns' gates then read the
    lower case, as ``Gated`` does); a pattern whose case does not fit is always open."""

    __slots__ = ("_all", "_always", "_found", "_lower", "_opens", "regexes", "strings")

    def __init__(self, patterns: list[re.Pattern[str] | Gated], *, lower: bool = False) -> None:
        self.regexes = tuple(p.regex if isinstance(p, Gated) else p for p in patterns)
        self._lower = lower
        always: set[int] = set()
        holders: dict[str, set[int]] = {}
        for i, regex in enumerate(self.regexes):
            read = needs(regex)
            if read is None or read[1] != lower or (lower and not all(s.isascii() for s in read[0])):
                always.add(i)
                continue
            for s in read[0]:
                holders.setdefault(s.lower() if lower else s, set()).add(i)
        self._always = tuple(sorted(always))
        self._all = tuple(range(len(self.regexes)))
        scanner = Scanner(holders)
        self.strings = scanner.strings  # what is looked for (lower-cased when ``lower``)
        self._found = scanner.found if holders else None
        # a string found opens its patterns (and those always open)
        self._opens = tuple(frozenset(always) | holders[s] for s in scanner.strings)

    def open(self, text: str) -> tuple[int, ...]:
        """The positions (in order) of the patterns that may match ``text``."""
        opened = self.opened(text)
        return opened if type(opened) is tuple else tuple(sorted(opened))

    def opened(self, text: str) -> tuple[int, ...] | set[int]:
        """``open(text)``'s positions, in no particular order (for a caller to whom the order
        does not matter: a set, not sorted)."""
        if self._found is None:
            return self._all
        if self._lower:
            kept = _LOWERED[0]
            low = kept[1] if kept[0] is text else _lowered(text)
            if low is None:
                return self._all
            text = low
        found = self._found(text)
        if not found:
            return self._always
        opens = self._opens
        opened: set[int] = set()
        for s in found:
            opened |= opens[s]
        return opened
