"""The literal gate in front of the router's patterns: it rules out only texts the pattern
cannot match, so every routing decision stays as it was."""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import json
import random
import re
import sys
from re import _casefix  # type: ignore[attr-defined]

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.routing import address, features, lexicon, router
from bot.routing.model import LABELLED
from bot.text.gate import FOLDS_TO_ASCII, Gated, GateSet, Scanner, _minimal, alternatives, gated, needs


def _gated_patterns() -> dict[str, Gated]:
    found: dict[str, Gated] = {}
    for module in (features, lexicon, router, address):
        for name, value in vars(module).items():
            items = (
                value.items()
                if isinstance(value, dict)
                else enumerate(value)
                if isinstance(value, list | tuple)
                else [(None, value)]
            )
            for key, item in items:
                for part in item if isinstance(item, tuple) else (item,):
                    if isinstance(part, Gated):
                        found[f"{module.__name__}.{name}[{key}]"] = part
    return found


def test_the_strings_every_match_contains() -> None:
    assert needs(re.compile(r"\b(?:comb|combs|combed)\s+through\b")) == (frozenset({"through"}), False)
    # zero-width items leave the letters either side adjacent
    assert needs(re.compile(r"dig(?=\s)\s+in\b")) == (frozenset({"dig"}), False)
    # every alternative must bring one of its own
    assert needs(re.compile(r"\b(?:look into|dig up)\b", re.I)) == (frozenset({"look into", "dig up"}), True)
    assert needs(re.compile(r"\b(?:look into|\w+)\b")) is None
    # a pattern that can match the empty string, or only optional words, needs nothing
    assert needs(re.compile(r"(?:research)?")) is None
    assert needs(re.compile(r"x*")) is None
    # a case-insensitive group makes the gate case-insensitive
    assert needs(re.compile(r"ab(?i:cd)"))[1] is True  # type: ignore[index]
    # a run of literals goes on through an optional one, as each of its spellings: "to-?do"
    # needs "todo" or "to-do", which rules out more than "to" or "do" alone
    assert needs(re.compile(r"\bwrite-?ups?\b")) == (
        frozenset({"writeup", "writeups", "write-up", "write-ups"}),
        False,
    )
    assert needs(re.compile(r"\b(?:in|on|to)\s+the\s+(?:diary|to-?do(?: list)?)\b")) == (
        frozenset({"diary", "todo", "to-do", "todo list", "to-do list"}),
        False,
    )
    assert needs(re.compile(r"x?")) is None  # only optional letters: nothing


def test_a_gate_rules_out_only_texts_without_a_match() -> None:
    pattern = gated(r"\b(?:research|investigat\w*)\b(?!\s+team)", re.I)
    assert pattern.search("Could you RESEARCH the outage?") is not None
    assert pattern.search("the research team said so") is None
    assert pattern.search("lunch at noon?") is None
    assert not pattern.could_match("lunch at noon?")
    assert [m.group(0) for m in pattern.finditer("investigating, then research")] == [
        "investigating",
        "research",
    ]
    assert pattern.findall("nothing here") == []
    assert pattern.sub("X", "nothing here") == "nothing here"
    assert pattern.sub("X", "do research") == "do X"


def test_case_folding_outside_ascii_is_left_to_the_pattern() -> None:
    # under IGNORECASE the Kelvin sign (U+212A) matches "k": a lower-cased text would not show it
    pattern = gated(r"\bkelvin\b", re.I)
    assert pattern.search("\u212aelvin scale") is not None
    assert re.search(r"\bkelvin\b", "\u212aelvin scale", re.I) is not None
    # a letter outside ASCII in the pattern: no gate at all (it might match one inside)
    assert gated(r"stra\u017fe", re.I).could_match("STRASSE")


def test_the_characters_folding_to_ascii_are_all_known() -> None:
    # every character outside ASCII that re matches to an ASCII letter under IGNORECASE: by
    # its simple lower case, or by re's own extra case pairs
    found = {chr(c) for c in range(0x80, sys.maxunicode + 1) if _sre.unicode_tolower(c) < 0x80}
    for key, others in _casefix._EXTRA_CASES.items():
        if any(c < 0x80 for c in (key, *others)):
            found |= {chr(c) for c in (key, *others) if c >= 0x80}
    assert found == FOLDS_TO_ASCII
    # a text with other letters outside ASCII is gated as an ASCII one is
    pattern = gated(r"\b(?:research|dig into)\b", re.I)
    assert not pattern.could_match("café 🎉 lunch?")
    assert pattern.search("Café team: RESEARCH the outage 🎉") is not None
    assert pattern.could_match("ReſEARCH")  # "ſ" is an s to re
    assert pattern.search("ReſEARCH") is not None


@pytest.fixture(scope="module")
def labelled_texts() -> list[str]:
    with LABELLED.open(encoding="utf-8") as rows:
        texts = [json.loads(line)["text"] for line in rows if line.strip()]
    # as written, and some in capitals (the case-insensitive gates read a lower-cased text)
    return texts + [text.upper() for text in texts[::5]]


def test_no_routing_pattern_is_gated_away_from_a_labelled_message(labelled_texts: list[str]) -> None:
    patterns = _gated_patterns()
    assert len(patterns) > 100  # the cues, the triggers and the guards
    wrong = [
        (name, text)
        for name, pattern in patterns.items()
        for text in labelled_texts
        if not pattern.could_match(text) and pattern.regex.search(text) is not None
    ]
    assert wrong == []


def test_a_pattern_splits_into_its_top_level_alternatives() -> None:
    assert alternatives(r"a|b(?:c|d)|[|x]|\||e") == ["a", "b(?:c|d)", "[|x]", r"\|", "e"]
    assert alternatives(r"[]|]|x") == ["[]|]", "x"]  # a "]" first in a class is a member
    assert alternatives(r"(?i)a|b") == ["(?i)a|b"]  # flags set inline: left whole
    assert alternatives(r"^(?!.*\?)a|b$") == [r"^(?!.*\?)a", "b$"]
    assert alternatives(r"(a)|b\1") == [r"(a)|b\1"]  # a back-reference: left whole


def test_a_gate_set_opens_what_each_pattern_may_match() -> None:
    patterns = [
        re.compile(r"\bdig\s+into\b"),
        re.compile(r"\bdigging\b"),  # "dig" starts it: both strings are found where it is
        re.compile(r"^(?:ok|so)\b"),  # anchored: gated all the same in a set
        re.compile(r"\w+"),  # nothing known: always open
        re.compile(r"\bresearch\b", re.I),  # case does not fit the set: always open
    ]
    gates = GateSet(patterns)
    assert gates.open("lunch?") == (3, 4)
    assert gates.open("ok, digging into it") == (0, 1, 2, 3, 4)
    assert gates.open("so we dig") == (2, 3, 4)  # the first needs "into", its longer word
    lowered = GateSet([re.compile(r"\bdig\s+into\b", re.I), re.compile(r"\bscour\b")], lower=True)
    assert lowered.open("DIG INTO the refunds") == (0, 1)
    assert lowered.open("nothing here") == (1,)
    assert lowered.open("Re\u017fearch") == (0, 1)  # folds to ASCII under re's rules: all open


def test_a_gate_set_rules_out_only_texts_without_a_match(labelled_texts: list[str]) -> None:
    # every routing pattern read through a set (the cues' alternatives, the lexicon's triggers
    # and checks, the router's sarcasm and about-the-bot parts)
    sets = [
        (features._JOINED_GATES, features._JOINED_PARTS),
        (features._ON_PREPARED_GATES, [*features._PREPARED_PARTS, *features._FOREIGN_PARTS]),
        (lexicon._LEXICON_GATES, lexicon._LEXICON_PARTS),
        (lexicon._TRIGGER_GATES, lexicon._TRIGGER_REGEXES),
        (router._SARCASM_PARTS, router._SARCASM_PARTS.regexes),
        (router._ABOUT_BOT_PARTS, router._ABOUT_BOT_PARTS.regexes),
    ]
    texts = labelled_texts + [features.prepare(text) for text in labelled_texts]
    for gates, regexes in sets:
        assert len(gates.regexes) == len(regexes)
        for text in texts:
            opened = set(gates.open(text))
            assert [i for i, regex in enumerate(regexes) if regex.search(text) and i not in opened] == []
            assert list(gates.open(text)) == sorted(opened)


def test_the_cues_read_in_parts_are_the_cues_read_whole(labelled_texts: list[str]) -> None:
    def whole(prepared: str, toks: list[str]) -> set[str]:
        joined = " ".join(toks)
        found = {
            name.partition("@")[0]
            for name, pattern in features._CUES.items()
            if pattern.search(prepared if name in {"multi_sentence", "question_end"} else joined)
        }
        return found | ({"social"} if features._FOREIGN_THANKS.search(prepared) else set())

    for text in labelled_texts:
        prepared = features.prepare(text)
        toks = features.tokens(prepared)
        assert features.cue_names(prepared, toks) == whole(prepared, toks), text
        # the other-language cues, read in the same pass over the prepared text
        assert features._reading(text)[3] == features.foreign_cues(prepared), text


def _router_strings() -> set[str]:
    """Every string a routing gate set looks for."""
    sets = [
        features._JOINED_GATES,
        features._ON_PREPARED_GATES,
        lexicon._LEXICON_GATES,
        lexicon._TRIGGER_GATES,
        router._SARCASM_PARTS,
        router._ABOUT_BOT_PARTS,
    ]
    return {s for gates in sets for s in gates.strings}


def _held(scanner: Scanner, text: str) -> set[str]:
    return {scanner.strings[i] for i in scanner.found(text)}


# texts made to trip a scanner: strings overlapping and inside one another, at either end,
# letters outside ASCII (astral emoji, combining marks, the letters re folds to ASCII),
# newlines, nothing at all, and one far longer than a message
_ADVERSARIAL = [
    "",
    " ",
    "i",
    "dddd",
    "digging into it",
    "dig into",
    "into",
    "write-upsss to-do todo list",
    "🙃🙄😂😅🤦☕🎉",
    "lol🙃lol",
    "¿qué? ¿cómo?",
    "Re\u017fearch \u212aelvin \u0130stanbul \u0131",
    "e\u0301 cafe\u0301 café",
    "\n\n.!?\n",
    "xemoji_upside_down_face xemoji_joy",
    "/s /s/s",
    ("can you research the outage " * 4000) + "? 🙃",
]


def test_the_scanner_finds_every_string_a_text_holds(labelled_texts: list[str]) -> None:
    strings = _router_strings()
    assert len(strings) > 500
    scanner = Scanner(strings)
    assert set(scanner.strings) == strings
    # the regular expression the sets used before: every string, longest first, looked for
    # at every position
    ordered = sorted(strings, key=len, reverse=True)
    look_ahead = re.compile("(?=(" + "|".join(map(re.escape, ordered)) + "))")
    texts = labelled_texts + [features.prepare(text) for text in labelled_texts[::3]] + _ADVERSARIAL
    for text in texts:
        held = {s for s in strings if s in text}
        assert _held(scanner, text) == held, text[:80]
        # the regex finds the longest string at each position; each shorter one it starts
        # with, and each one inside it, is found at its own position or inside a longer one
        by_regex = set(look_ahead.findall(text))
        assert by_regex <= held
        assert held == {s for s in strings if any(s in r for r in by_regex)}


def test_the_scanner_on_strings_inside_one_another() -> None:
    scanner = Scanner(["a", "aa", "aaa", "ab", "b", "bab", "🙃", "🙃🙃", "é", "\n"])
    assert _held(scanner, "") == set()
    assert _held(scanner, "aaaa") == {"a", "aa", "aaa"}
    assert _held(scanner, "bab") == {"a", "ab", "b", "bab"}
    assert _held(scanner, "x🙃🙃y") == {"🙃", "🙃🙃"}
    assert _held(scanner, "e\u0301") == set()  # "e" and a combining accent: not "é"
    assert _held(scanner, "line\nline") == {"\n"}
    assert Scanner([]).found("anything") == set()
    with pytest.raises(ValueError):
        Scanner(["", "a"])


@given(
    st.lists(st.text(alphabet="abé🙃 \n", min_size=1, max_size=4), max_size=12),
    st.text(alphabet="abcé🙃 \n", max_size=60),
)
@settings(max_examples=300, deadline=None)
def test_the_scanner_agrees_with_in(strings: list[str], text: str) -> None:
    scanner = Scanner(strings)
    assert _held(scanner, text) == {s for s in strings if s in text}


def _holds_a_gate_string(pattern: Gated, text: str) -> bool:
    """The gate's rule as ``needs`` states it: the text (lower-cased for a case-insensitive
    gate, unless it has a character ``re`` folds to ASCII) holds one of the strings."""
    read = needs(pattern.regex)
    assert read is not None
    strings, ignore_case = read
    if ignore_case:
        if not text.isascii() and not FOLDS_TO_ASCII.isdisjoint(text):
            return True
        return any(s.lower() in text.lower() for s in strings)
    return any(s in text for s in strings)


def test_a_gate_is_open_exactly_when_the_text_holds_one_of_its_strings(labelled_texts: list[str]) -> None:
    # however the gate looks (``in`` for a few strings, a pattern of them for more, the
    # strings that hold another left out), it opens on the texts that hold one of the strings
    patterns = [p for p in _gated_patterns().values() if p.could_match("") is False]
    assert len(patterns) > 100
    rng = random.Random(21)
    letters = "abcdefghijklmnopqrstuvwxyz '@<>:/?!.-\u0131\u212a"
    texts = labelled_texts + [
        "".join(rng.choice(letters) for _ in range(rng.randrange(80))) for _ in range(2000)
    ]
    wrong = [
        (p.pattern, text)
        for p in patterns
        for text in texts
        if p.could_match(text) is not _holds_a_gate_string(p, text)
    ]
    assert wrong == []


@given(
    st.lists(st.text(alphabet="ab@<", min_size=1, max_size=4), min_size=1, max_size=8),
    st.text(alphabet="ab@<c", max_size=30),
)
@settings(max_examples=300, deadline=None)
def test_the_strings_holding_another_are_not_needed(strings: list[str], text: str) -> None:
    kept = _minimal(frozenset(strings))
    assert kept <= set(strings)
    assert any(s in text for s in kept) is any(s in text for s in strings)
    # and a gate of them never stays shut on a text the pattern matches (it may open on more:
    # of "a<|a@" it may need only the "a" both begin with)
    gate = Gated(re.compile("|".join(map(re.escape, strings))))
    if any(s in text for s in strings):
        assert gate.could_match(text)


def test_a_gate_may_need_less_than_each_string() -> None:
    """The example hypothesis found: of "a<|a@" the gate needs "a", so it opens on "a" (where
    neither string is) and stays shut where there is no "a"."""
    gate = Gated(re.compile("a<|a@"))
    assert gate.could_match("a") and gate.could_match("xa@")
    assert not gate.could_match("b<@")
