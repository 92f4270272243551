"""The router on the kinds that leave-one-workplace-out over every set written outside the team
(forty-eight workplaces; issue 21) still showed misrouted, through `mallory classify`: a terse
look-up about a shift ("…tonight", "…this weekend"), a request typed in text-speak, work named
(a brief, a post-mortem) then handed to the bot, a question asked last after news, an errand
put to whoever is around, and someone else's promised work reported. The phrasings are in no
labelled or bench set."""

from __future__ import annotations

import json

import pytest
from classify_cli import classify as _classify

from bot.cli import main

# a rota question names a time of day, which is no sign of chat
SHIFT_LOOKUPS = [
    "who's duty manager on tonight",
]
# the request words typed in text-speak: "shld", "cud", "wud", "rite up", "sumone", "evrything"
TEXT_SPEAK_REQUESTS = [
    "cud u rite up evrything abt the fork lift near-miss for the safety meeting",
    "wud be gr8 if sum1 cud go thru the complaints log and rite up what keeps coming up",
]
# work named (a brief, a post-mortem, a write-up), then handed to the bot
NAMED_THEN_HANDED = [
    "the boiler outage needs a proper post-mortem pulled from the engineer's notes, can you draft it",
    "Sanjay wants a brief on every site where we found asbestos last year. can you do that?",
]
# news or thanks first, the question last, about a weekend
QUESTION_LAST = [
    "all sorted with the rota, ta. who's the on-call engineer this weekend?",
    # with no mark or capital: the news is not the message ("…'s down" is no status report)
    "ctp's down who do i ring",
    "printer down who should i call",
]
# a terse look-up whose last word ends "-ed" and is no thing done ("speed", "feed", "need")
TERSE_ED_LOOKUPS = [
    "Hexa stitcher running speed 16pp",
    "lamb creep feed ratio",
    # a rule's word ending "-ed": "allowed", "required" ask whether it holds
    "drinks in the auditorium allowed",
    "hi-vis required on the yard",
]
# a noun made of an errand's verb: "reorder level", "order status" name a thing to look up
ERRAND_WORD_NOUNS = [
    "reorder level Tarnside Roamer 700x40c",
    "order status Brindle labels",
    # "phone", "email", "text" before what they name ("phone number", "email address")
    "phone number for the sprinter driver",
    "email address for the gas engineer",
]
# a tally asked for after a thing done: "completed … total" counts, it reports nothing
TALLY_LOOKUPS = [
    "LGSRs completed 2024 total",
    "boilers fitted 2025 total",
    "orders delivered last month count",
]
# a social word naming what a rule is about ("drinks", "lunch"), not a get-together
RULE_ON_A_SOCIAL_WORD = [
    "drinks in auditorium policy",
    "staff lunch allowance",
    "coffee machine supplier",
]
# an errand put to whoever is around, asked as a question
ERRANDS_TO_ANYONE = [
    "could someone drop the sample boards off at the showroom on the way home?",
    "can anyone grab the spare radio from the van when you're back?",
]
# someone else's promised work, reported: nothing is asked of the bot
SOMEONE_ELSES_WORK = [
    "Marta said she'll put together the comparison of the two cleaning contracts by Thursday.",
    "the landlord said they want us to look into the damp in flat 3, lovely",
]


@pytest.mark.parametrize(
    ("texts", "route"),
    [
        (SHIFT_LOOKUPS, "quick"),
        (TEXT_SPEAK_REQUESTS, "async"),
        (NAMED_THEN_HANDED, "async"),
        (QUESTION_LAST, "quick"),
        (TERSE_ED_LOOKUPS, "quick"),
        (RULE_ON_A_SOCIAL_WORD, "quick"),
        (TALLY_LOOKUPS, "quick"),
        (ERRAND_WORD_NOUNS, "quick"),
        (ERRANDS_TO_ANYONE, "none"),
        (SOMEONE_ELSES_WORK, "none"),
    ],
    ids=[
        "shift-lookup",
        "text-speak-request",
        "named-then-handed",
        "question-last",
        "terse-ed-lookup",
        "rule-on-a-social-word",
        "tally-lookup",
        "errand-word-noun",
        "errand-to-anyone",
        "someone-elses-work",
    ],
)
def test_each_kind_through_classify(
    texts: list[str], route: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    routes = _classify(texts, capsys, monkeypatch)
    assert routes == [route] * len(texts), list(zip(texts, routes, strict=True))


def test_a_forwarded_request_handed_to_the_bot_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    """A quote spans lines, so the message is given whole on the command line."""
    text = "From Ade (director):\n> we need a brief on every job where the scaffold inspection lapsed\n@mallory can you do that? by friday"
    assert main(["classify", "--json", text]) == 0
    assert json.loads(capsys.readouterr().out)["route"] == "async"


NEAR_MISSES = [
    # chat about the evening or the weekend stays chat
    ("drinks tonight after the handover? 🍻", "none"),
    ("pizza friday", "none"),
    ("drinks tonight", "none"),
    ("good weekend?", "none"),
    # news that asks nothing stays news
    ("ctp fixed, plates running again", "none"),
    ("stitcher serviced, all good", "none"),
    ("boiler at Quarry Lane fitted and commissioned", "none"),
    # the errand itself stays an errand
    ("reorder 20 more inner tubes", "none"),
    # a colleague's promise asked about is a look-up, not news
    ("did Marta say she'd do the cleaning contract comparison?", "quick"),
    # a request of the bot that mentions what someone said is still a request
    ("Tom said the client wants the complaints analysed, could you do that?", "async"),
]


@pytest.mark.parametrize(("text", "route"), NEAR_MISSES, ids=[t[:30] for t, _ in NEAR_MISSES])
def test_the_near_misses_hold(
    text: str, route: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _classify([text], capsys, monkeypatch) == [route]
