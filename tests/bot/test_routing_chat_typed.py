"""The router on three shapes of work chat typed as people type it (the forty-fifth session,
from the misrouted rows of the routing sets written outside the team, `routing_terse_s41` and
`routing_mixed_s44`): news, then a question with no mark that asks for a thing by what it is
("… whos the electrician we used last time"); how someone's time off or an outing went, to
them by name ("how was the stag do kev"); thanks for what someone did ("cheers dazza for
lending me the van"). The phrasings are in no labelled or bench set."""

from __future__ import annotations

import json

import pytest
from classify_cli import classify as _classify

from bot.cli import main

# news, then a question with no mark: the thing asked for by what it is, or "who else …"
QUESTION_AFTER_NEWS = [
    "dishwasher leaking all over the floor whats the engineers number",
    "van wont start this morning which garage do we use for the transits",
    "sue's off sick and the till needs cashing up who else is trained on it",
    "coach running 2 hrs late whats our policy on refunds for missed tours",
]
# how an outing or time off went, to the room or to someone by name
OUTINGS = [
    "how was the wedding sue",
    "how was ur weekend dave",
    "how were the hols",
    "how was your trip to leeds",
]
# thanks for what someone did, however long
THANKS_FOR = [
    "thanks pete for locking up last night",
    "cheers all for the card and the flowers, means a lot",
    "ta for the lift this morning",
]


@pytest.mark.parametrize(
    ("texts", "route"),
    [(QUESTION_AFTER_NEWS, "quick"), (OUTINGS, "none"), (THANKS_FOR, "none")],
    ids=["question-after-news", "outings", "thanks-for"],
)
def test_each_shape_through_classify(
    texts: list[str], route: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    routes = _classify(texts, capsys, monkeypatch)
    assert routes == [route] * len(texts), list(zip(texts, routes, strict=True))


NEAR_MISSES = [
    # something asked after the thanks is still asked
    ("thanks for the code, whats the wifi password", "quick"),
    ("ta for the rota 👍 could you write up everything on the van breakdowns for the meeting", "async"),
    # a question about how a thing was done is no outing
    ("how was the boiler invoice worked out", "quick"),
    # news with no question stays news
    ("dishwasher leaking all over the floor, engineer booked for 3", "none"),
]


@pytest.mark.parametrize(("text", "route"), NEAR_MISSES, ids=[t[:30] for t, _ in NEAR_MISSES])
def test_the_near_misses_hold(
    text: str, route: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _classify([text], capsys, monkeypatch) == [route]


def test_a_question_in_the_lines_quoted_is_not_asked_again(capsys: pytest.CaptureFixture[str]) -> None:
    """The thanks after a quoted question asks nothing (a quote spans lines: the message is
    given whole on the command line)."""
    text = "> @mallory whats the alarm code for the side door\n> 4471\ncheers, sorted"
    assert main(["classify", "--json", text]) == 0
    assert json.loads(capsys.readouterr().out)["route"] == "none"


def test_thanks_before_a_question_typed_without_its_mark_is_not_surely_chat() -> None:
    """The lexicon leaves it to the model (and, with an API key, the LLM) to decide."""
    from bot.routing.lexicon import classify_lexicon

    for text in ("cheers for that, is the van free tmrw", "thanks for the rota, do we have the keys"):
        assert not classify_lexicon(text).sure, text
    assert classify_lexicon("cheers all for the card and the flowers, means a lot").sure
