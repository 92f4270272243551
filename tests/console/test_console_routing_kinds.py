"""Each kind of message the workplaces set showed misrouted (issue 21), through the console
adapter: what is stored as the route, and whether an investigation was enqueued. Also: a paste
of random letters starts nothing."""

from __future__ import annotations

import io
import random
import string
from typing import Any

import pytest

from adapters.console import ConsoleChat, ConsoleSender


def _chat(rt: Any, out: io.StringIO, session: str) -> ConsoleChat:
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    return ConsoleChat(rt.core, sender, session=session, now=rt.clock.now)


async def _last_route(rt: Any) -> str:
    row = await rt.db.fetch_one("SELECT route FROM messages WHERE role = 'user' ORDER BY id DESC LIMIT 1")
    return str(row[0])


KINDS = [
    ("terse look-up", "backup generator runtime at site B", "quick"),
    ("terse look-up", "hi quick one the mileage rate we pay", "quick"),
    # "speed" is no thing done; a question after the news is a question
    ("terse look-up", "Hexa stitcher running speed 16pp", "quick"),
    ("question after news", "ctp's down who do i ring", "quick"),
    # a social word naming what a rule is about; "allowed" asks whether it holds
    ("rule on a social word", "drinks in auditorium policy", "quick"),
    ("terse look-up", "drinks in the auditorium allowed", "quick"),
    (
        "produced artefact",
        "go through all of the incident reports from March and pull out the common causes",
        "async",
    ),
    (
        "politeness and idiom",
        "if you had a moment to dig into the refund spike that'd be a huge help",
        "async",
    ),
    ("typo in the verb", "can you anaylse the overtime claims from the depot", "async"),
    ("noun inside a question", "what came of the shrinkage investigation at the Leeds store?", "quick"),
    ("capability question", "can you actually research things or just answer?", "none"),
    ("errand", "put 'dig into overtime' in my calendar", "none"),
    ("refuse, then one fact", "no need for a deep dive, just the embargo time", "quick"),
    ("someone else's research", "Priya is researching the supplier switch this week", "none"),
    ("sarcasm", "oh great, let's research the coffee machine again 🙃", "none"),
    ("status update", "morning all, pallets for Tesco are loaded and the van left at 6", "none"),
]


@pytest.mark.parametrize(
    ("kind", "text", "route"), KINDS, ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(KINDS)]
)
async def test_each_kind_through_the_console(
    rt: Any, console_out: io.StringIO, kind: str, text: str, route: str
) -> None:
    chat = _chat(rt, console_out, session=f"kind-{abs(hash(text))}")
    await chat.feed(text)
    assert await _last_route(rt) == route, kind
    enqueued = await rt.queue.listing()
    assert len(enqueued) == (1 if route == "async" else 0), kind
    if route == "quick":
        # nothing in an empty knowledge base: the quick route says so and offers to dig
        assert "Want me to dig deeper?" in console_out.getvalue()


async def test_a_megabyte_of_random_letters_starts_nothing(rt: Any, console_out: io.StringIO) -> None:
    rng = random.Random(20)
    paste = "".join(rng.choice(string.ascii_letters) for _ in range(1_000_000))
    chat = _chat(rt, console_out, session="paste")
    await chat.feed(paste)
    assert await _last_route(rt) == "none"
    assert await rt.queue.listing() == []
    assert "investigating" not in console_out.getvalue()
