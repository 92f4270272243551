"""The lexicon and its guards, over many phrasings of each route."""

from __future__ import annotations

import pytest

from bot.routing import Route, classify_lexicon, is_affirmative, is_cancel, is_negative

ASYNC = [
    "dig into the storage backend decision",
    "Can you research how we picked DuckDB?",
    "please look into the March ingestion outage",
    "find out why the dashboards got slow",
    "what do we know about passkeys?",
    "investigate the on-call policy",
    "trace the history of the auth migration",
    "could you do some research on vendor contracts",
    "I'd like you to dig into the Atlas roadmap",
    "deep dive on Beacon retention please",
    "put together a brief on the analytics storage choice",
    "go through all the retro notes and tell me what keeps coming up",
    "get to the bottom of the flaky deploys",
    "compile everything we have on Harbor",
    "why don't you look into the latency regression",
    "let's dig into the query planner issue",
    "<@U123> investigate pricing experiments",
    "Mallory, can you look into this?",
    "explore how the ingestion pipeline evolved",
    "analyze the incident reports from Q1",
    "track down who approved the schema change",
    "take a closer look at the billing bug",
    "I need you to figure out what happened with the backups",
    "write me a report on our hiring process",
    "research competitors in the observability space",
    "look into it",
    "Hey Mallory, dig into the SOC 2 prep",
    "can u research the fennick contract",
    "pls investigate why signups dropped",
    "What do we know about Tomás?",
    "follow the connections around the Harbor project",
    "/investigate beacon offline sync",
    "Would you mind digging into our incident history?",
    "scour the notes for anything on rate limits",
    "I want you to trace where the passkeys decision came from",
    "Could you look deeper into the Beacon login loop?",
    "I'd love a write-up on our auth migration history",
    "can we get a quick rundown of the Harbor budget?",
    "I want to understand everything about the ingestion v2 rollout, can you dig in?",
    "find me everything about Tomás Ekwueme",
    "look up all the decisions about auth and summarize them",
    "run an investigation on the export failures",
    "research: queue backpressure strategies",
    "yo mallory figure out who owns billing",
    "I'd appreciate it if you looked into the SSO bug",
    "can you check into the vendor's security posture",
    "please gather what we have on the analytics migration",
    "I need to know what we know about Beacon retention",
    "any chance you could dig into the Q2 numbers?",
    "mind looking into the stale cache issue?",
    "could you look at all our incident notes and tell me what patterns you see?",
    "can you build me a timeline of the passkeys rollout?",
    "I keep hearing about Harbor. What do we actually know about it?",
    "The dashboards are slow again. Please dig into it.",
]

NONE = [
    "check my agenda",
    "what's on my calendar today?",
    "don't look into it",
    "no need to dig into that",
    "I looked into it yesterday",
    "I researched this last week",
    "she's looking into it",
    "Bob is researching the vendor",
    "they investigated the outage already",
    "can you research things?",
    "are you able to investigate stuff?",
    "how do you investigate topics?",
    "remind me to research flights tomorrow",
    "hi mallory",
    "thanks!",
    "I'll look into it",
    "we dug into that last sprint",
    "look into my inbox",
    "find out what's on my agenda",
    "please don't investigate this",
    "Priya found out the root cause",
    "what can you do?",
    "Diego will dig into it after lunch",
    "do not research this, it's settled",
    "Marcus has already investigated that",
    "any new emails?",
    "do I have meetings today?",
    "cool, sounds good",
    "ok",
    "remember to look into the invoices on Monday",
    "I'm digging into the logs right now",
    "no, don't dig into it",
    "is my calendar free at 3?",
    "what's the status of the Harbor project?",
    "the investigation is done, thanks",
    "research team sync moved to 3pm",
    "not now, maybe later we can look into it",
    "I'll dig into it after lunch, no worries",
    "Sam looked into it last week",
    "you don't need to research that",
    "is it possible for you to investigate topics?",
    "you can research things, right?",
    "how's your day going?",
    "what time is standup?",
    "FYI I investigated the alert and it was a false positive.",
]

QUICK = [
    "what did we decide about the storage backend?",
    "why did we move auth to passkeys?",
    "who owns the Beacon app?",
    "do we have something about rate limiting?",
    "have we seen this before?",
    "how does the ingestion pipeline handle retries?",
    "did you look into the outage?",
    "when is the Atlas launch?",
    "is there anything about SOC 2 in the notes?",
    "which database did Atlas pick",
    "tell me about the on-call rotation",
    "remind me why we chose DuckDB",
    "explain the Beacon offline sync decision",
    "did anyone research alternatives to DuckDB?",
    "who investigated the March outage?",
    "what did the investigation of the outage conclude?",
    "has the research on passkeys been written up?",
]


@pytest.mark.parametrize("text", ASYNC)
def test_requests_to_do_work_go_async(text: str) -> None:
    decision = classify_lexicon(text)
    assert decision.route is Route.ASYNC, decision
    assert decision.trigger
    assert decision.sure
    assert decision.source == "lexicon"


@pytest.mark.parametrize("text", NONE)
def test_guarded_and_small_talk_stay_off_async(text: str) -> None:
    decision = classify_lexicon(text)
    assert decision.route is Route.NONE, decision


@pytest.mark.parametrize("text", QUICK)
def test_questions_go_quick(text: str) -> None:
    decision = classify_lexicon(text)
    assert decision.route is Route.QUICK, decision
    assert decision.question


@pytest.mark.parametrize(
    ("text", "guard"),
    [
        ("don't look into it", "negation"),
        ("I looked into it yesterday", "past_tense"),
        ("she's looking into it", "third_person"),
        ("can you research things?", "capability"),
        ("look into my calendar", "tracked_signal"),
        ("remind me to research flights", "reminder"),
    ],
)
def test_guard_is_named(text: str, guard: str) -> None:
    assert classify_lexicon(text).guard == guard


def test_recall_phrasing_is_a_quick_lookup() -> None:
    decision = classify_lexicon("do we have something about rate limiting?")
    assert decision.route is Route.QUICK and decision.recall


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("dig into the storage backend decision", "the storage backend decision"),
        ("Can you research how we picked DuckDB?", "how we picked DuckDB?"),
        ("please look into the March ingestion outage, thanks", "the March ingestion outage"),
        ("what do we know about passkeys?", "passkeys"),
    ],
)
def test_topic_is_extracted(text: str, topic: str) -> None:
    assert classify_lexicon(text).question == topic


def test_referential_request_keeps_the_whole_message() -> None:
    # "that" means nothing without the thread: the worker rewrites it from history
    decision = classify_lexicon("dig into that")
    assert decision.route is Route.ASYNC
    assert decision.question == "dig into that"


@pytest.mark.parametrize(
    "reply", ["yes", "Yes please", "go ahead", "please do", "👍", "👍🏽", "sure, thanks", "ok"]
)
def test_yes_after_offer_enqueues_the_offered_question(reply: str) -> None:
    decision = classify_lexicon(reply, offer="the 2026 storage backend decision")
    assert decision.route is Route.ASYNC
    assert decision.question == "the 2026 storage backend decision"
    assert decision.offer_reply == "accepted"


def test_yes_without_offer_does_nothing() -> None:
    assert classify_lexicon("yes").route is Route.NONE


@pytest.mark.parametrize("reply", ["no", "no thanks", "not now", "nah"])
def test_no_after_offer_declines(reply: str) -> None:
    decision = classify_lexicon(reply, offer="x")
    assert decision.route is Route.NONE and decision.offer_reply == "declined"
    assert is_negative(reply)


@pytest.mark.parametrize(
    "text", ["cancel", "/cancel", "stop", "never mind", "cancel the investigation", "forget it"]
)
def test_cancel_phrases(text: str) -> None:
    assert is_cancel(text)


@pytest.mark.parametrize(
    "text", ["cancel my 3pm meeting and dig into Harbor", "stop the presses, what's new?"]
)
def test_cancel_needs_to_be_the_whole_message(text: str) -> None:
    assert not is_cancel(text)


def test_affirmatives() -> None:
    assert is_affirmative("yep")
    assert not is_affirmative("yes but only about Harbor's budget line items from last year")


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_empty_is_none(text: str) -> None:
    assert classify_lexicon(text).route is Route.NONE


def test_decision_json_has_the_documented_keys() -> None:
    data = classify_lexicon("dig into Harbor").to_dict()
    assert set(data) == {"route", "question", "trigger", "guard", "source", "reason"}
    assert data["route"] == "async"
