"""Who a message speaks to when no ``@`` says so: a first name opening or closing it is a
colleague, a capitalised question word is not a name; small talk about a person is not a
question for the notes; English words are not read as another language's request verbs.
The phrasings are in no held-out file (bench/routing_*.jsonl)."""

from __future__ import annotations

import pytest

from bot.routing import Decision, Guard, Route, route, split_mentions
from bot.routing.features import foreign_cues, prepare


def _decide(raw: str) -> Decision:
    text, addressing = split_mentions(raw, bot_ids=("UMALLORY",))
    return route(text, addressing=addressing)


@pytest.mark.parametrize(
    "text",
    [
        "What can you do?",
        "Why can't the nightly export run on sundays?",
        "How can I get access to the billing dashboard?",
        "Where can I find the fire safety checklist?",
        "Who can approve a refund over £200?",
    ],
)
def test_a_capitalised_question_word_is_not_a_colleagues_name(text: str) -> None:
    decision = _decide(text)
    assert decision.guard is not Guard.ADDRESSED_ELSEWHERE
    assert decision.reason != "addressed to someone else"


def test_a_question_opened_by_a_capitalised_question_word_reaches_the_notes() -> None:
    assert _decide("Why can't the nightly export run on sundays?").route is Route.QUICK


@pytest.mark.parametrize(
    ("to_someone", "to_the_bot"),
    [
        (
            "have you had a chance to dig into the refund spike yet Marcus?",
            "can you research the pricing at Globex?",
        ),
        ("could you look into why the van failed its MOT, Priya?", "dig into the churn numbers for Q3, ok?"),
        ("any news on the roof quote, Becca?", "look into why invoices from Stripe, Adyen fail"),
        (
            "can you research the venue options for the gala please Omar 🙏",
            "@mallory have you had a chance to dig into the refund spike yet Marcus?",
        ),
        ("did you ever sort the fridge out yet steve", "did you ever look into the fridge alarms?"),
        ("Sam did you get the quote from the roofer?", "Did the roofer send a quote?"),
        ("Jo, find out whether the venue takes cards", "Find out whether the venue takes cards"),
        ("Kofi have you looked into the overtime claims?", "Have you looked into the overtime claims?"),
    ],
)
def test_a_first_name_opening_or_closing_the_message_speaks_to_that_person(
    to_someone: str, to_the_bot: str
) -> None:
    decision = _decide(to_someone)
    assert decision.route is Route.NONE
    assert decision.guard is Guard.ADDRESSED_ELSEWHERE
    # a topic after "at", a list of names, the bot addressed too, no name at all
    assert _decide(to_the_bot).guard is not Guard.ADDRESSED_ELSEWHERE


@pytest.mark.parametrize(
    "text",
    [
        "is that a new watch, looks expensive 👀",
        "is that a new car outside jess",
    ],
)
def test_a_remark_about_someone_is_small_talk(text: str) -> None:
    assert _decide(text).route is Route.NONE


@pytest.mark.parametrize(
    ("english", "foreign"),
    [
        ("can we resume the sync on thursday", "puedes investigar por qué bajaron las reservas"),
        (
            "please resume the deploy once the freeze ends",
            "kannst du recherchieren, warum die Lieferungen verspätet sind?",
        ),
        ("the investigation by the regulator wraps up in may", "peux-tu analyser les retours clients"),
        ("we should investigate that at some point", "podes pesquisar os preços dos concorrentes?"),
        ("the gas analysis came back clean, analysed twice", "pouvez-vous résumer le contrat"),
        ("please attach your résumé to the application", "puedes resumir el informe"),
    ],
)
def test_only_the_other_languages_research_verbs_are_foreign(english: str, foreign: str) -> None:
    assert "foreign_research" not in foreign_cues(prepare(english))
    assert "foreign_research" in foreign_cues(prepare(foreign))


@pytest.mark.parametrize(
    ("english", "foreign"),
    [
        (
            "please resume the deploy once the freeze ends",
            "puedes investigar por qué bajaron las reservas en julio",
        ),
        (
            "pls resume the import job when the db is back",
            "kannst du recherchieren, warum die Lieferungen verspätet sind?",
        ),
    ],
)
def test_resuming_something_is_not_an_investigation_but_a_foreign_request_is(
    english: str, foreign: str
) -> None:
    assert _decide(english).route is not Route.ASYNC
    assert _decide(foreign).route is Route.ASYNC
