"""The none/quick fail-safe has one owner, the router: told which words the notes use (a
predicate the core passes in; the router reads no storage), it routes a phrase it would take
for chat to the quick route when the notes use its words, and leaves chat, remarks and status
reports alone."""

from __future__ import annotations

import numpy as np

from bot.routing import Route, route
from bot.routing.features import DIM
from bot.routing.model import ROUTES, RouterModel

NOTES = frozenset("north fen pumping station capacity pumps drain raw water".split())


def _chat_model() -> RouterModel:
    """A model that calls every message small talk, surely (the routes' order is ROUTES)."""
    weights = np.zeros((DIM, len(ROUTES)), dtype=np.float32)
    weights[:, ROUTES.index(Route.NONE)] = 1.0
    return RouterModel(weights)


def test_a_phrase_taken_for_chat_whose_words_the_notes_use_is_a_look_up() -> None:
    text = "north fen pumping station capacity"
    assert route(text, model=_chat_model()).route is Route.NONE
    decision = route(text, model=_chat_model(), notes_know=NOTES.__contains__)
    assert decision.route is Route.QUICK and decision.sure
    assert decision.question == text and decision.reason == "the notes use its words"


def test_words_the_notes_do_not_use_leave_chat_as_chat() -> None:
    # two of five content words known: under two thirds
    decision = route("north fen quiz night tickets", model=_chat_model(), notes_know=NOTES.__contains__)
    assert decision.route is Route.NONE
    # fewer than three content words: never a look-up by the notes alone
    assert route("pumps, thanks", model=_chat_model(), notes_know=NOTES.__contains__).route is Route.NONE


def test_a_status_report_in_the_notes_words_is_not_a_look_up() -> None:
    for text in (
        "north fen pumping station back up and running 👍",
        "north fen pumping station pumps serviced, all good",
        "I checked the north fen pumping station capacity myself",
    ):
        assert route(text, model=_chat_model(), notes_know=NOTES.__contains__).route is Route.NONE, text


def test_keywords_naming_the_kind_of_fact_asked_are_a_look_up_though_they_say_closed_or_beer() -> None:
    notes = NOTES | frozenset("closed reason beer line cleaning frequency festival stand casks".split())
    for text in (
        "north fen pumping station closed reason",
        "beer line cleaning frequency",
        "beer festival stand number of casks",
    ):
        decision = route(text, model=_chat_model(), notes_know=notes.__contains__)
        assert decision.route is Route.QUICK and decision.sure, text
    # news of the same things, or chat, names no kind of fact: still not a look-up
    for text in ("north fen pumping station closed", "beer after the line cleaning?"):
        assert route(text, model=_chat_model(), notes_know=notes.__contains__).route is Route.NONE, text


def test_the_notes_are_asked_only_about_what_they_could_change() -> None:
    """``Routed.asks_the_notes`` False: the decision is the same whatever the notes hold, so
    the core need not bring their words up to date for it (every labelled message)."""
    import json
    from pathlib import Path

    from bot.routing import routed

    rows = Path(__file__).resolve().parents[2] / "bot" / "routing" / "data" / "labelled.jsonl"
    asked = 0
    for line in rows.read_text().splitlines():
        reading = routed(json.loads(line)["text"])
        if reading.asks_the_notes:
            asked += 1
            continue
        everything, nothing = (lambda _: True), (lambda _: False)
        assert reading.decide(everything) == reading.decide(nothing) == reading.decide(None)
    assert 0 < asked
    assert routed("north fen pumping station capacity", model=_chat_model()).asks_the_notes
    assert not routed("thanks, that helps").asks_the_notes


def test_keywords_asking_what_was_decided_are_a_look_up_and_the_same_told_as_news_is_not() -> None:
    notes = NOTES | frozenset(
        "dental x-ray budget agreed share offer total raised lifeboat models disposal".split()
    )
    for text in (
        "dental x-ray budget agreed",
        "share offer total raised",
        "lifeboat models disposal offered to",
    ):
        if text != "share offer total raised":  # (a kind, "total", then what it is of: asked alone)
            assert route(text, model=_chat_model()).route is Route.NONE, text  # the model alone: chat
        decision = route(text, model=_chat_model(), notes_know=notes.__contains__)
        assert decision.route is Route.QUICK and decision.sure, text
    # the same words told as news: the small words news is told with, or the emoji
    for text in (
        "the dental x-ray budget agreed",
        "dental x-ray budget finally agreed",
        "we got the share offer total raised",
        "dental x-ray budget agreed 🎉",
    ):
        assert route(text, model=_chat_model(), notes_know=notes.__contains__).route is Route.NONE, text


def test_a_question_after_the_news_is_a_look_up_whoever_is_to_act() -> None:
    for text in (
        "hirer broke down at 10pm who do they ring, whats the nmber",
        "off sick what time do i have to ring by",
        "my mate wants to volunteer who does she message for the intro session",
        "tv ppl want to film in the galleries, how much notice do they need to give",
    ):
        # the model calls it chat (the news): the question after it is the unsure middle's
        decision = route(text, model=_chat_model())
        assert decision.route is Route.QUICK and not decision.sure, text
    # the speaker's own news, a question word said in passing: still chat
    for text in (
        "i'm off sick today sorry",
        "no idea who does that tbh",
        "my van's in the garage, running late",
    ):
        assert route(text, model=_chat_model(), notes_know=NOTES.__contains__).route is Route.NONE, text


def test_keywords_naming_the_kind_of_fact_asked_are_a_look_up_before_the_notes_say_so() -> None:
    # words the notes may not use ("kestrelvac"): the kind asked is the sign, and the
    # decision stays unsure (with an API key the LLM decides)
    for text in ("KestrelVac check change reason", "spill kit restock date", "hall hire deposit amount"):
        decision = route(text, model=_chat_model())
        assert decision.route is Route.QUICK and not decision.sure, text
    assert route("deposit paid, thanks", model=_chat_model()).route is Route.NONE


def test_the_kind_asked_then_what_it_is_of_is_a_look_up_and_news_of_it_is_not() -> None:
    # the kind, then a word or two of what it is of: a look-up, even with the status cue
    # the closing word reads ("awarded", "operated")
    for text in (
        "Community Chest grant amount awarded",
        "pump-out price staff operated",
        "March stock count tinned tomatoes",
    ):
        decision = route(text, model=_chat_model())
        assert decision.route is Route.QUICK and not decision.sure, text
    # the same shape told as news: a value, a closing word news ends on, its small words
    for text in (
        "grant amount awarded £500",
        "delivery date changed",
        "the new price is great",
        "new price agreed",
        "xmas party date tbc",
    ):
        assert route(text, model=_chat_model(), notes_know=NOTES.__contains__).route is Route.NONE, text


def test_a_question_closing_with_again_asks_to_be_reminded_and_news_with_again_is_news() -> None:
    notes = NOTES | frozenset(
        "batch code heather glow starts wifi password office hygiene inspection stars plotter jammed call".split()
    )
    for text in (
        "batch code for heather glow starts with wat again",
        "whats the wifi password for the office again",
        # ... or closing the news before the question
        "plotter jammed again who do i call",
    ):
        assert route(text, model=_chat_model(), notes_know=notes.__contains__).route is Route.QUICK, text
    for text in (
        "the hygiene inspection went great, 5 stars again",
        "what a day, pumps down again lol",
        "boiler out again what a joke",
    ):
        assert route(text, model=_chat_model(), notes_know=notes.__contains__).route is Route.NONE, text
