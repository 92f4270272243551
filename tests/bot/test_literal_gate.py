"""The literal gate in front of the router's patterns: it rules out only texts the pattern
cannot match, so every routing decision stays as it was."""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import json
import re
import sys
from re import _casefix  # type: ignore[attr-defined]

import pytest

from bot.routing import address, features, lexicon, router
from bot.routing.model import LABELLED
from bot.text.gate import FOLDS_TO_ASCII, Gated, gated, needs


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
