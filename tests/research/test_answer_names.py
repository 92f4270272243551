"""Look-alikes: a question naming a site, person or supplier the notes do not have gets an
honest "I found nothing about X in the notes" (with what they do cover) and the offer to
dig, never the facts of the one that shares its words; with a model, no sources are sent."""

from __future__ import annotations

import random
import re
import string
import tracemalloc
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from research_helpers import add_note, ask

from adapters.console import SPACE
from bot.research.names import read_names, title_words
from bot.routing import Route, route

BASE = datetime(2025, 9, 1, tzinfo=UTC)
NOTES = {
    "north-fen.md": (
        "North Fen pumping station",
        "North Fen pumping station lifts raw water from the Fen drain. Capacity is 38 Ml/d from three pumps.",
    ),
    "south-fen.md": (
        "South Fen pumping station",
        "South Fen pumping station has two pumps. Capacity is 21 Ml/d.",
    ),
    "helen-marsh.md": ("Helen Marsh", "Helen Marsh is Head of Operations. Extension 4410."),
    "quarry-road.md": (
        "Quarry Road burst",
        "The Quarry Road trunk main burst on 14 January 2026. 4,180 customers lost supply for nine hours.",
    ),
    "sallowby.md": (
        "Sallowby discolouration",
        "Sallowby had discoloured water in August 2025 after a flushing run.",
    ),
}


@pytest.fixture
async def fen(rt: Any) -> dict[str, str]:
    ids = {}
    for k, (source, (title, content)) in enumerate(NOTES.items()):
        ids[source] = await add_note(
            rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k), type="note"
        )
    return ids


@pytest.mark.parametrize(
    ("question", "missing", "covered"),
    [
        ("whats the pump capacity at westfen station", "westfen station", "North Fen pumping station"),
        ("who is helen marshall in finance", "helen marshall", "Helen Marsh"),
    ],
)
async def test_a_lookalike_name_gets_nothing_found_with_what_the_notes_cover(
    rt: Any, fen: dict[str, str], question: str, missing: str, covered: str
) -> None:
    text = await ask(rt, question)
    assert f"I found nothing about {missing} in the notes" in text
    assert covered in text  # what the notes do cover
    assert "[Investigate this]" in text and "Want me to dig deeper?" in text
    assert not re.search(r"\[Entry [0-9a-f]{8}\]", text)
    assert "38 Ml/d" not in text and "4410" not in text


async def test_a_name_the_notes_have_must_be_in_the_passage_that_answers(
    rt: Any, fen: dict[str, str]
) -> None:
    """Sallowby is in the notes, but no passage about a burst says it: the Quarry Road
    figures are not an answer about a Sallowby burst."""
    text = await ask(rt, "how many customers lost supply in the sallowby burst")
    assert "4,180" not in text and "I found nothing" in text
    assert not re.search(r"\[Entry [0-9a-f]{8}\]", text)


async def test_names_the_notes_have_are_answered(rt: Any, fen: dict[str, str]) -> None:
    text = await ask(rt, "whats the pump capacity at north fen station")
    assert "38 Ml/d" in text and "I found nothing" not in text
    text = await ask(rt, "how many customers lost supply in the quarry road burst")
    assert "4,180" in text
    # a typo is not a name: "priorty" is one letter from "priority"
    await add_note(
        rt,
        "p1.md",
        "P1 bursts",
        "Response time for a priority 1 burst: a crew on site within 90 minutes.",
        space=SPACE,
        created_at=BASE,
    )
    assert "90 minutes" in await ask(rt, "whats the response time for priorty 1 bursts")


SHOP = {
    "tom-wilcox.md": ("Tom Wilcox", "Tom Wilcox is the pumping stations technician. Mobile 07700 900112."),
    "latex-800.md": (
        "HP Latex 800",
        "The HP Latex 800 prints at Marlpit. Flexibanner cures at 110 °C on the Latex 800.",
    ),
    "latex-800-head-strike.md": (
        "HP Latex 800 head strike",
        "The head strike on the Latex 800 was caused by cockled media stored by the roller door.",
    ),
    "summa-s3.md": ("Summa S3 cutter", "The Summa S3 cutter is next due a service on 22 April 2026."),
    "ridgeway-motors.md": ("Ridgeway Motors", "Ridgeway Motors: contact Leah Quinn, 01632 960634."),
    "bake-sale.md": ("Charity bake sale", "The bakers raised 412 pounds for the hospice."),
    "latex-630.md": (
        "HP Latex 630",
        "The HP Latex 630 prints at Marlbrook. Flexibanner cures at 105 °C on the Latex 630.",
    ),
    "brightwater.md": ("Brightwater Substrates", "Our account number with Brightwater is BWS-44718."),
    "kestrel.md": (
        "Kestrel Chemical Supply",
        "Kestrel charge 0.31 pounds a litre for hypochlorite and want notice of any excavation near the tanks.",
    ),
    "alder-finch.md": ("Alder Finch Civils", "Alder Finch Civils charge 410 pounds a day for excavation."),
}


@pytest.fixture
async def shop(rt: Any, fen: dict[str, str]) -> None:
    for k, (source, (title, content)) in enumerate(SHOP.items()):
        await add_note(rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k))


@pytest.mark.parametrize(
    ("question", "missing", "covered", "not_said"),
    [
        # an English surname the notes never use, beside a first name they do
        ("who is tom wilkins", "tom wilkins", "Tom Wilcox", "07700"),
        # another site of the same kind: "middle" beside the "Fen" of North and South Fen
        ("how many pumps at middle fen pumping station", "middle fen", "North Fen", "Ml/d"),
        # an English word is no typo of one the notes use ("bakery" is not "bakers")
        ("who is the contact at ridgeway bakery", "ridgeway bakery", "Ridgeway Motors", "Leah Quinn"),
        # a model number none of the notes says, after a word of their titles
        ("curing temp for flexibanner on the hp latex 570", "latex 570", "HP Latex 800", "110"),
        # two of the notes' names typed as one: a third firm
        (
            "what rates does kestrel civils charge for excavation",
            "kestrel civils",
            "Alder Finch Civils",
            "pounds",
        ),
        # a code of letters and digits the notes do not have, after a word of their titles
        ("when is the summa s2 cutter due a service", "summa s2", "Summa S3 cutter", "22 April"),
    ],
)
async def test_a_lookalike_beside_a_name_the_notes_have_gets_nothing_found(
    rt: Any, shop: None, question: str, missing: str, covered: str, not_said: str
) -> None:
    text = await ask(rt, question)
    assert f"I found nothing about {missing} in the notes" in text
    assert covered in text
    assert "[Investigate this]" in text
    assert not re.search(r"\[Entry [0-9a-f]{8}\]", text) and not_said not in text


async def test_the_names_and_models_the_notes_have_are_answered(rt: Any, shop: None) -> None:
    assert "110 °C" in await ask(rt, "curing temp for flexibanner on the latex 800")
    assert "22 April" in await ask(rt, "when is the summa s3 cutter due a service")
    assert "Leah Quinn" in await ask(rt, "who is the contact at ridgeway motors")
    # a title's two words run together are its words, not another name
    assert "cockled" in await ask(rt, "cause of latex 800 headstrike")
    assert "410 pounds" in await ask(rt, "what rates does alder finch civils charge for excavation")
    # two name words with a number between them are not typed as one name
    await add_note(
        rt,
        "opening-up.md",
        "Opening up — Unit 9 Marlbrook",
        "Key safe: left of the roller door, behind the gas meter box.",
        space=SPACE,
        created_at=BASE,
    )
    assert "gas meter" in await ask(rt, "where is the key safe at unit 9 marlbrook")
    # the passage that answers says the model asked about
    said = await ask(rt, "curing temp for flexibanner on the latex 630")
    assert "105 °C" in said and "110 °C" not in said
    # a code after a word no title numbers is no model ("sallowby fe3": a chemical)
    assert "about sallowby fe3" not in await ask(rt, "sallowby fe3 level in the discoloured water")
    # a short form written without its vowels is no name
    assert "BWS-44718" in await ask(rt, "acct number for brightwater")
    # a possessive ends a name: "gone" is no surname of Tom's
    assert "about tom's gone" not in await ask(rt, "who looks after the pumps now tom's gone")


async def test_recall_with_nothing_relevant_says_so_and_lists_nothing(rt: Any, fen: dict[str, str]) -> None:
    """The graph walk starts from any note sharing a word ("supply"): when none of what it
    reaches is relevant, the knowledge base has nothing on it, and nothing is listed."""
    text = await ask(rt, "/recall billing service supply outage")
    assert "The knowledge base has nothing on this" in text
    assert not re.search(r"\[Entry [0-9a-f]{8}\]", text) and "Quarry Road" not in text
    text = await ask(rt, "/recall who is helen marshall")
    assert "I found nothing about helen marshall in the notes" in text and "[Entry " not in text
    text = await ask(rt, "/recall quarry road burst")
    assert "Quarry Road burst" in text and "[Entry " in text


async def test_with_a_model_a_lookalike_is_sent_no_sources_and_a_real_one_is(tmp_path: Any) -> None:
    """The same names check decides whether the model gets sources at all: the real
    ``anthropic`` client against the fake Messages API records every request."""
    from fake_anthropic import job_of
    from research_helpers import runtime_on_the_model

    async with runtime_on_the_model(tmp_path) as (rt, fake):
        for k, (source, (title, content)) in enumerate(NOTES.items()):
            await add_note(rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k))

        def quick_entries(since: int) -> list[int]:
            return [
                len(re.findall(r'<entry-[0-9a-f]+ id="', " ".join(str(m["content"]) for m in r["messages"])))
                for r in fake.requests[since:]
                if job_of(r, deep_model="claude-opus-4-8") == "quick"
            ]

        since = len(fake.requests)
        text = await ask(rt, "whats the pump capacity at westfen station")
        assert "I found nothing about westfen station" in text
        assert all(n == 0 for n in quick_entries(since))
        since = len(fake.requests)
        await ask(rt, "whats the pump capacity at north fen station")
        assert quick_entries(since) and quick_entries(since)[0] >= 1


async def test_a_lookup_typed_as_a_phrase_is_answered_and_chat_stays_chat(
    rt: Any, fen: dict[str, str]
) -> None:
    """The router takes "north fen pumping station capacity" for chat: the notes answer it,
    so it is answered; "thanks, that helps" shares no look-up with the notes."""
    text = await ask(rt, "north fen pumping station capacity")
    assert "38 Ml/d" in text and "[Entry " in text
    text = await ask(rt, "thanks, that helps")
    assert "[Entry " not in text


async def test_the_router_told_which_words_the_notes_use_routes_a_phrase_it_took_for_chat(
    rt: Any, fen: dict[str, str]
) -> None:
    """Without the notes the router calls "north fen pumping station capacity, cheers" chat;
    the core tells it which words the notes use, and it is answered from them."""
    text = "north fen pumping station capacity, cheers"
    assert route(text).route is Route.NONE  # else this test no longer reaches the hint
    said = await ask(rt, text)
    assert "38 Ml/d" in said and "[Entry " in said
    row = await rt.db.fetch_one("SELECT route FROM messages WHERE role = 'user' ORDER BY id DESC LIMIT 1")
    assert str(row[0]) == "quick"


async def test_a_status_report_in_the_notes_words_is_not_answered_from_them(
    rt: Any, fen: dict[str, str]
) -> None:
    """ "north fen pumping station capacity is back to 38 Ml/d 👍" uses the notes' words but reports
    news: the router, which alone decides a look-up, leaves it chat."""
    text = await ask(rt, "north fen pumping station capacity is back to 38 Ml/d 👍")
    assert "[Entry " not in text


@pytest.mark.parametrize(
    "asked",
    [
        # "Causes" starts a sentence, and the number and "?" part it from "in"
        "Why did the Quarry Road main burst in 2026? Causes of each outage, repairs and costs.",
        # the colon parts "timeline" from "Road"
        "how many customers were affected by the Quarry Road burst: timeline and follow-up?",
    ],
)
async def test_punctuation_parts_words_that_a_name_rule_would_join(
    rt: Any, fen: dict[str, str], asked: str
) -> None:
    """A question written as sentences names nothing the notes lack. Titles in Title Case
    ("Signing In Visitors", "Quarry Road Valve Schedule") make "in" and "road" words a name
    word stands beside; a capital after "?" starts a sentence, and a word after a colon or
    a number is no part of the name before it."""
    await add_note(
        rt,
        "signing-in.md",
        "Signing In Visitors",
        "Visitors sign the book at reception.",
        space=SPACE,
        created_at=BASE,
    )
    await add_note(
        rt,
        "quarry-valves.md",
        "Quarry Road Valve Schedule",
        "Valves on Quarry Road are exercised yearly; the burst main was cast iron.",
        space=SPACE,
        created_at=BASE,
    )
    text = await ask(rt, asked)
    assert "I found nothing about" not in text, text


async def test_a_word_of_thousands_of_letters_is_read_in_little_memory(rt: Any, fen: dict[str, str]) -> None:
    """A 5,000-letter "word" is no typo of a word the notes use: it is read as a name
    without spelling out every word one edit from it (260,000 strings of 5,000 letters)."""
    word = "".join(random.Random(21).choice(string.ascii_lowercase) for _ in range(5000))
    await rt.retriever.lexical.refresh()
    titles = title_words(title for title, _ in NOTES.values())
    tracemalloc.start()
    try:
        names = read_names(f"what is the {word} at North Fen", rt.retriever.lexical, titles)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 << 20, f"{peak >> 20} MB"
    assert word in names.missing


async def test_recall_lists_no_lookalike_of_two_names_typed_as_a_third(rt: Any, shop: None) -> None:
    """The check the quick answer makes on two of the notes' names typed as a third firm
    ("kestrel civils" beside Kestrel Chemical Supply and Alder Finch Civils) holds for /recall:
    it says what it found nothing about, and lists none of the look-alikes."""
    text = await ask(rt, "/recall what rates does kestrel civils charge for excavation")
    assert "I found nothing about kestrel civils in the notes" in text, text
    assert not re.search(r"\[Entry [0-9a-f]{8}\]", text), text
    text = await ask(rt, "/recall what rates does alder finch civils charge for excavation")
    assert "[Entry " in text and "nothing about" not in text, text


async def test_two_words_of_a_title_run_together_in_lower_case_are_no_name(rt: Any) -> None:
    """ "webstream" beside "Online stream setup": the title writes "stream" as a word, not a
    name, so the run-together word is a paraphrase to search for, not a missing name; a part
    a title writes as a name ("Fen" of "North Fen") still makes a look-alike ("westfen")."""
    for k, (source, (title, content)) in enumerate(NOTES.items()):
        await add_note(rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k))
    await add_note(
        rt,
        "online-stream.md",
        "Online stream setup",
        "Our online stream is hosted by Radiolink Cloud; the listening link is on the website.",
        space=SPACE,
        created_at=BASE,
    )
    text = await ask(rt, "where is the webstream listening link")
    assert "Radiolink Cloud" in text and "I found nothing" not in text, text
    assert "I found nothing about westfen station" in await ask(
        rt, "whats the pump capacity at westfen station"
    )


async def test_a_title_written_apart_in_short_words_leaves_its_run_together_word_unasked(rt: Any) -> None:
    """ "wifi" beside "Visitor Wi-Fi" (and a meeting writing "wifi"): a part of two letters is
    no title word, so the word is the title's own, not a name only the notes writing it as one
    word hold."""
    await add_note(rt, "guest-wifi.md", "Visitor Wi-Fi", "Contractors: 5 days.", space=SPACE, created_at=BASE)
    await add_note(rt, "it.md", "IT meeting", "The wifi drops out at lunch.", space=SPACE, created_at=BASE)
    await rt.retriever.lexical.refresh()
    titles = title_words(["Visitor Wi-Fi", "IT meeting"])
    names = read_names("how long do contractors get wifi for", rt.retriever.lexical, titles)
    assert "wifi" not in names.required and not names.missing
