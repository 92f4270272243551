"""The router on the shapes a held-out set from other teams' chats showed it missing
(bench/routing_heldout.jsonl, bench/README.md): how-to and out-of-domain questions, fetching a
known thing, other languages, errands and social coordination, the bot in the third person,
research verbs the lexicon did not know, polite openings. The phrasings are in neither the
labelled set nor the held-out set."""

from __future__ import annotations

import pytest

from bot.routing import Decision, Guard, Route, route, split_mentions


def _decide(raw: str) -> Decision:
    text, addressing = split_mentions(raw, bot_ids=("UMALLORY",))
    return route(text, addressing=addressing)


def _route(raw: str) -> Route:
    return _decide(raw).route


def _fast_path(raw: str) -> bool:
    """Taken as an explicit request by the lexicon, without the model."""
    decision = _decide(raw)
    return decision.route is Route.ASYNC and decision.sure and decision.source == "lexicon"


@pytest.mark.parametrize(
    "text",
    [
        "how do i make cold brew coffee",
        "how to make iced coffee at home",
        "how long does homemade pizza dough keep in the fridge",
        "how do i get a coffee stain out of a white shirt",
    ],
)
def test_how_to_questions_outside_our_domain_are_questions(text: str) -> None:
    assert _route(text) is Route.QUICK


@pytest.mark.parametrize(
    "text",
    [
        "look up the office phone number for the Leeds branch",
        "can you look up who our external auditor is",
        "could you look up the opening hours of the post room",
        "link to the travel booking portal pls",
        "send me the link to the pension portal",
        "find us the floor plan for level 2",
    ],
)
def test_fetching_a_known_thing_is_a_look_up_not_an_investigation(text: str) -> None:
    assert _route(text) is Route.QUICK


def test_an_indirect_question_is_a_question() -> None:
    assert _route("could you tell me who signs off on purchase orders?") is Route.QUICK


@pytest.mark.parametrize(
    "text",
    [
        "read up on the new rules for crypto adverts and tell me what applies to us",
        "can you read up about zero-trust networking and brief the team",
        "read up on lithium battery storage rules for our depot",
        "can u read up about the new parental leave law in ireland",
    ],
)
def test_reading_up_on_a_topic_is_a_request(text: str) -> None:
    assert _route(text) is Route.ASYNC


@pytest.mark.parametrize(
    "text",
    [
        "scope out the hosted CI runners that support arm64",
        "weigh up leasing versus buying the delivery vans",
        "shop around for a cheaper SMS provider for two-factor codes",
        "see what's out there for translation memory tools",
        "size up the competition for the new loyalty app",
    ],
)
def test_surveying_the_options_is_a_request(text: str) -> None:
    assert _route(text) is Route.ASYNC


@pytest.mark.parametrize(
    "text",
    [
        "did anyone ever look into why the wiki search is so slow",
        "has anybody already researched standing desk suppliers?",
        "did we ever dig into the checkout drop-off on mobile",
        "did someone ever investigate the printer driver crashes",
    ],
)
def test_asking_whether_the_work_was_ever_done_is_a_look_up(text: str) -> None:
    decision = _decide(text)
    assert decision.route is Route.QUICK and decision.recall and decision.sure


@pytest.mark.parametrize(
    "text",
    [
        ":mag: look into the nightly export failures",
        "🔍 research how other banks handle card-not-present fraud",
        "@mallory :eyes: dig into the disk pressure alerts on the cache nodes",
    ],
)
def test_emoji_before_the_verb_leave_a_plain_request_plain(text: str) -> None:
    assert _fast_path(text)


def test_the_bots_mention_leaves_an_emoji_code_after_it_whole() -> None:
    assert split_mentions("@mallory :mag: dig into the alerts")[0] == ":mag: dig into the alerts"
    assert (
        split_mentions("<@UMALLORY>: dig into the alerts", bot_ids=("UMALLORY",))[0] == "dig into the alerts"
    )
    assert split_mentions("@mallory, dig into the alerts")[0] == "dig into the alerts"


@pytest.mark.parametrize(
    "text",
    [
        "do some digging on Initrode's board members before the call",
        "look into Globex's late payments",
        "research Umbrella Corp's data retention terms",
    ],
)
def test_a_possessive_in_the_topic_keeps_a_plain_request_on_the_fast_path(text: str) -> None:
    assert _fast_path(text)


@pytest.mark.parametrize(
    "text",
    [
        "i need you to research the grant deadlines for the new lab",
        "we need you to look into the broken SSO for contractors",
        "are you able to research what the new battery regulations require from importers?",
        "would you be able to dig into why the warehouse robots stop at noon?",
    ],
)
def test_a_polite_opening_keeps_a_plain_request_on_the_fast_path(text: str) -> None:
    assert _fast_path(text)


@pytest.mark.parametrize(
    ("asked", "about_the_bot"),
    [
        (
            "are you able to find out which suppliers still invoice by post?",
            "are you able to research things?",
        ),
        (
            "are you able to look into the overtime spike in the night shift?",
            "are you able to look into stuff online?",
        ),
    ],
)
def test_being_able_to_with_a_real_topic_is_a_request_and_without_one_about_the_bot(
    asked: str, about_the_bot: str
) -> None:
    assert _route(asked) is Route.ASYNC
    decision = _decide(about_the_bot)
    assert decision.route is Route.NONE and decision.guard == Guard.CAPABILITY


@pytest.mark.parametrize(
    "text",
    [
        "research from Forrester ranks our support last, ouch",
        "research by the university says we walk 3km a day at work",
        "dig in everyone, the cake's here 🎂",
    ],
)
def test_a_noun_or_a_call_to_the_room_is_not_a_request(text: str) -> None:
    assert _route(text) is not Route.ASYNC


def test_a_contraction_is_a_report_but_a_possessive_is_not() -> None:
    assert not _fast_path("dig in folks, pizza's getting cold")
    assert not _fast_path("look into it, the build's fixed now")
    assert _fast_path("look into the build's flaky cache")


@pytest.mark.parametrize(
    "text",
    [
        "can mallory read scanned PDFs?",
        "does the bot remember threads from last month",
        "does mallory see reactions",
    ],
)
def test_questions_about_the_bot_in_the_third_person_are_about_the_bot(text: str) -> None:
    assert _route(text) is Route.NONE


@pytest.mark.parametrize(
    "text",
    [
        "who fancies a curry after the release",
        "is everyone still on for the five-a-side tomorrow",
        "who's joining the climbing trip next month",
    ],
)
def test_coordinating_people_is_small_talk(text: str) -> None:
    assert _route(text) is Route.NONE


@pytest.mark.parametrize(
    "text",
    [
        "can you grab the mail from reception on your way in",
        "could someone dig out the extension cable from the cupboard",
        "can you feed the office fish while I'm away",
        "can you pick up milk on your way back",
    ],
)
def test_errands_for_whoever_is_around_are_not_requests_to_mallory(text: str) -> None:
    assert _route(text) is Route.NONE


@pytest.mark.parametrize(
    "text",
    [
        "pls loook into the sync errors on the tills",
        "can you diig into the refund queue",
        "could you look intto the expired certificates",
        "can you dig intothe failed exports",
        "pls look intothe vpn drops",
    ],
)
def test_a_doubled_letter_or_a_lost_space_in_the_verb_leaves_the_request_plain(text: str) -> None:
    assert _fast_path(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("wie viele Tage Homeoffice haben wir pro Woche", Route.QUICK),
        ("quelle est l'adresse du bureau de Lyon", Route.QUICK),
        ("dónde puedo ver mi nómina", Route.QUICK),
        ("kannst du bitte recherchieren, welche Banken Echtzeitüberweisungen anbieten?", Route.ASYNC),
        ("¿puedes investigar por qué bajaron las ventas en Chile?", Route.ASYNC),
        ("peux-tu rechercher les aides pour les vélos de fonction ?", Route.ASYNC),
    ],
)
def test_questions_and_requests_in_other_languages(text: str, expected: Route) -> None:
    assert _route(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "@mallory @ines either of you able to dig into the late invoices?",
        "@tariq @mallory is one of you able to look into the expired badges?",
        "<@U0ZZ11> <@UMALLORY> either of you able to research the new courier rates",
        "@mallory @dev-team any of you able to trace the memory spike on the api pods?",
    ],
)
def test_a_request_to_a_group_that_includes_mallory_is_taken(text: str) -> None:
    assert _route(text) is Route.ASYNC


@pytest.mark.parametrize(
    ("about_the_bot", "asked"),
    [
        ("can you look into our Jira?", "can you look into the jira ticket for the login bug"),
        (
            "can you dig into our Confluence?",
            "can you dig into the confluence page on expenses and summarise it",
        ),
        ("can you research our Notion?", "can you research the notion pricing change for teams"),
        ("could you dig into our GitHub repos?", "could you dig into the github outage from this morning?"),
    ],
)
def test_a_system_as_the_whole_object_asks_what_mallory_can_reach(about_the_bot: str, asked: str) -> None:
    decision = _decide(about_the_bot)
    assert decision.route is Route.NONE and decision.guard == Guard.CAPABILITY
    assert _route(asked) is Route.ASYNC


@pytest.mark.parametrize(
    "text",
    [
        "can members freeze their membership over the summer?",
        "can staff bring their dogs in on fridays?",
        "can apprentices claim the travel allowance",
        "can tenants sublet their unit?",
        "does the refund policy cover digital downloads?",
    ],
)
def test_a_yes_no_question_about_what_others_may_do_is_a_question(text: str) -> None:
    # "can riders pause a ride?" (bench/answers_heldout.json) went to small talk once the
    # model had learned "can <someone> <verb>" from questions about the bot in the third person
    assert _route(text) is Route.QUICK


@pytest.mark.parametrize("text", ["can the bot read voice notes?", "can mallory post in private channels"])
def test_the_same_shape_about_the_bot_stays_about_the_bot(text: str) -> None:
    assert _route(text) is Route.NONE
