"""Words that are errands when they open an order and names when they open a noun phrase
(the forty-seventh session, from a bookshop's and a physio clinic's questions written outside
the team): "book club members discount" and "post-op patients hydro pool rule" ask the notes
for a fact; "book the scaffolders for Monday" and "post the cheque to the landlord" are tasks
in the world. The phrasings are in no labelled or bench set."""

from __future__ import annotations

import pytest
from classify_cli import classify as _classify

from bot.routing.features import cues_of

# a noun phrase opened by a word that is also an errand's verb: a look-up
LOOKUPS = [
    "book club members discount",
    "post-op patients hydro pool rule",
    "print room toner supplier",
    "post room opening hours",
]
# the same verbs before what they act on: errands, small talk to the bot
ERRANDS = [
    "book the scaffolders for Monday",
    "book me a taxi to the station",
    "post the cheque to the landlord",
    "print the rota for next week",
    "ring the council about the bins",
    "buy more milk on the way back",
]


@pytest.mark.parametrize("text", LOOKUPS)
def test_a_noun_phrase_is_no_errand(text: str) -> None:
    assert "errand" not in cues_of(text)


@pytest.mark.parametrize("text", ERRANDS)
def test_the_verb_before_what_it_acts_on_is_an_errand(text: str) -> None:
    assert "errand" in cues_of(text)


def test_the_look_ups_are_answered_and_the_errands_are_not(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    routes = _classify([*LOOKUPS, *ERRANDS], capsys, monkeypatch)
    assert routes == ["quick"] * len(LOOKUPS) + ["none"] * len(ERRANDS), routes
