"""The router (lexicon + learned model) on each kind of message the lexicon alone got
wrong: trigger words that are not requests, requests to someone else, requests phrased as
needs or wishes, typos in the verb, topic words, questions about Mallory. The phrasings
here are not in the labelled set; bench/routing_quality.py measures the set itself."""

from __future__ import annotations

import pytest

from bot.routing import Addressing, Guard, Route, route, split_mentions


def _route(raw: str) -> Route:
    text, addressing = split_mentions(raw, bot_ids=("UMALLORY",))
    return route(text, addressing=addressing).route


NOT_REQUESTS = [
    # the word as a noun
    "the deep dive moved to Thursday 11am",
    "there's research showing pair programming halves defects",
    "the investigation wrapped up last night, all clear",
    # the speaker's own work
    "looking into it rn 👀",
    "finished researching the payroll vendors, notes are in Notion",
    "I'll dig into the alerts after lunch",
    # reported speech
    "Sam said he'd look into the flaky deploys",
    "the vendor is investigating on their end",
    # sarcasm
    "sure, let's research it for the twentieth time 🙃",
    "oh great, another deep dive, exactly what this sprint needed",
]


@pytest.mark.parametrize("text", NOT_REQUESTS)
def test_trigger_words_that_are_not_requests_start_nothing(text: str) -> None:
    assert _route(text) is not Route.ASYNC


TO_SOMEONE_ELSE = [
    "@Priya can you look into this when you're back?",
    "<@U024BE7LH> could you dig into the refund spike?",
    "Priya, could you research the SSO vendors?",
    "can you trace these charges, @jen?",
]


@pytest.mark.parametrize("text", TO_SOMEONE_ELSE)
def test_requests_to_someone_else_are_not_for_mallory(text: str) -> None:
    text, addressing = split_mentions(text)
    decision = route(text, addressing=addressing)
    assert decision.route is Route.NONE and decision.guard == Guard.ADDRESSED_ELSEWHERE and decision.sure


@pytest.mark.parametrize(
    "text",
    [
        "@Priya @mallory can you both look into the refund spike?",
        "<@UMALLORY> look into the alert <@U024BE7LH> flagged",
        "can you dig into why @Priya's dashboard is so slow?",
        "can you look into the payouts? cc @Priya",
    ],
)
def test_a_request_that_also_addresses_mallory_or_only_mentions_someone_is_taken(text: str) -> None:
    assert _route(text) is Route.ASYNC


NEEDS_AND_WISHES = [
    "I'd really appreciate a write-up on how our deprecation policy evolved",
    "would love a deep dive on how we onboard enterprise customers",
    "can you work out why the invoices on the 31st have the wrong tax rate?",
    "it'd be great to get a rundown of every outage this quarter",
    "we'd love an overview of how the on-call rota changed",
]


@pytest.mark.parametrize("text", NEEDS_AND_WISHES)
def test_requests_phrased_as_needs_or_wishes_are_taken(text: str) -> None:
    assert _route(text) is Route.ASYNC


@pytest.mark.parametrize(
    "text",
    [
        "can you reserach the payroll vendors?",
        "pls invesitgate the 502s on checkout",
        "could you look itno the failed payouts",
        "dig inot the refund spike please",
    ],
)
def test_one_typo_in_the_verb_does_not_hide_the_request(text: str) -> None:
    assert _route(text) is Route.ASYNC


@pytest.mark.parametrize(
    "text",
    [
        "wat does the parking permit cost",
        "whos looking after the billing migration",
        "wen is the next release freeze",
        "hw do we rotate the signing keys",
        "wot time do we shut on a thursday",
        "wots the door code for the back store",
        "y was the loading bay shut on monday",
        "y did the 3pm delivery get cancelled",
    ],
)
def test_a_question_typed_in_chat_spelling_is_still_a_question(text: str) -> None:
    assert _route(text) is Route.QUICK


@pytest.mark.parametrize(
    "text",
    [
        "can you look into why the weekly digest email went out twice?",
        "dig into why the reminder emails land in spam",
        "research best practices for shared calendar invites",
    ],
)
def test_a_topic_word_does_not_override_the_request(text: str) -> None:
    assert _route(text) is Route.ASYNC


@pytest.mark.parametrize(
    "text", ["check my inbox", "what's on my agenda tomorrow?", "remind me to research the vendors on Monday"]
)
def test_tracked_signal_look_ups_stay_off_async(text: str) -> None:
    assert _route(text) is Route.NONE


@pytest.mark.parametrize(
    "text",
    [
        "do you have access to our Jira?",
        "which model are you running on?",
        "how do I ask you to look into something?",
        "can you read our Google Drive?",
    ],
)
def test_questions_about_mallory_get_a_reply_about_itself(text: str) -> None:
    decision = route(text)
    assert decision.route is Route.NONE and decision.guard == Guard.CAPABILITY


@pytest.mark.parametrize(
    "text",
    [
        "don't research this, just tell me what the home office stipend is",
        "no need to dig, who owns the billing service?",
        "what's the home office stipend?",
        "what do you know about the Acme renewal?",
    ],
)
def test_quick_factual_questions_are_quick(text: str) -> None:
    assert _route(text) is Route.QUICK


@pytest.mark.parametrize(
    "text",
    [
        "Morning! Finance says the invoices dated the 31st carry last year's tax rate. Could you work out where that comes from?",
        "saw a spike in 5xx at 02:00 UTC\nnot sure it's the cron change\ncan you look into it?",
        "<@UMALLORY> can you investigate `ERR_TAX_RATE_MISMATCH`? :pray: https://grafana.example.com/d/x",
        "could you analyse why the organisation's licence costs doubled?",
    ],
)
def test_long_multi_line_and_platform_flavoured_requests_are_taken(text: str) -> None:
    assert _route(text) is Route.ASYNC


@pytest.mark.parametrize("text", ["thanks!", "haha nice 👍", "lunch at noon?", ":+1:"])
def test_small_talk_is_none(text: str) -> None:
    assert _route(text) is Route.NONE


def test_plain_requests_take_the_lexicons_fast_path_and_are_sure() -> None:
    decision = route("please dig into the refund spike")
    assert decision.route is Route.ASYNC and decision.sure and decision.source == "lexicon"


def test_an_unsure_model_decision_is_left_for_the_llm() -> None:
    decision = route("what's the home office stipend?", sure_at=1.0)
    assert decision.source == "model" and not decision.sure
    assert route("what's the home office stipend?").sure


def test_an_empty_or_mention_only_message_is_none() -> None:
    assert route("").route is Route.NONE
    assert route("   ", addressing=Addressing(bot_named=True)).route is Route.NONE
