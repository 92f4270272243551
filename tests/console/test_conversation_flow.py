"""Conversation flow through the console adapter: "this / that / it" resolved from the
thread, a new topic starting its own investigation, steering notes that shape the report,
small talk, unknown commands and multi-line messages."""

from __future__ import annotations

import io
from typing import Any

from adapters.console import ConsoleChat, ConsoleSender
from bot.clock import FakeClock


def _chat(rt: Any, out: io.StringIO, session: str = "flow") -> ConsoleChat:
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    return ConsoleChat(rt.core, sender, session=session, now=rt.clock.now)


async def test_a_typed_button_label_investigates_the_previous_question(
    vault_rt: Any, console_out: io.StringIO
) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("what did we decide about the analytics storage backend?")
    await chat.feed("investigate this")  # no "Investigate this" button here: a request about "this"
    (inv,) = await vault_rt.queue.listing()
    assert "analytics storage backend" in inv.question
    assert 'investigating "investigate this"' not in console_out.getvalue()


async def test_dig_into_that_and_look_into_it_resolve_from_the_thread(
    vault_rt: Any, console_out: io.StringIO, clock: FakeClock
) -> None:
    chat = _chat(vault_rt, console_out, "a")
    await chat.feed("who owns the Beacon login loop?")
    await chat.feed("dig into that")
    chat_b = _chat(vault_rt, console_out, "b")
    await chat_b.feed("what is the on-call policy?")
    await chat_b.feed("look into it")
    questions = sorted(i.question for i in await vault_rt.queue.listing())
    assert questions == ["what is the on-call policy?", "who owns the Beacon login loop?"]


async def test_a_reference_with_nothing_to_point_at_asks_instead_of_guessing(
    vault_rt: Any, console_out: io.StringIO
) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("dig into that")
    assert await vault_rt.queue.listing() == []
    assert "What should I investigate?" in console_out.getvalue()


async def test_a_new_topic_starts_its_own_investigation(
    vault_rt: Any, console_out: io.StringIO, clock: FakeClock
) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("research the Fennick renewal")
    clock.advance(minutes=2)
    await chat.feed("research passkey recovery")
    invs = await vault_rt.queue.listing()
    assert sorted(i.question for i in invs) == ["passkey recovery", "the Fennick renewal"]
    for inv in invs:
        assert await vault_rt.queue.notes(inv.id) == []
    assert "already investigating" not in console_out.getvalue()
    # a follow-up about the same investigation is still folded in
    await chat.feed("dig into the Fennick renewal terms")
    assert len(await vault_rt.queue.listing()) == 2


async def test_steering_notes_are_searched_and_answered_in_the_summary(
    vault_rt: Any, console_out: io.StringIO, clock: FakeClock
) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("dig into the March ingestion outage")
    await chat.feed("also check the on-call policy")
    await chat.feed("also check the query planner regression")
    await chat.feed("also check the zeppelin hangar acoustics")
    await vault_rt.worker.run_once()
    (inv,) = await vault_rt.queue.listing()
    summary = inv.answer.split("## Context Summary", 1)[1].split("\n---\n", 1)[0]
    on_call = next(line for line in summary.splitlines() if "on-call policy" in line)
    assert "[Entry " in on_call and "nothing" not in on_call
    planner = next(line for line in summary.splitlines() if "query planner regression" in line)
    assert "[Entry " in planner and "nothing" not in planner
    zeppelin = next(line for line in summary.splitlines() if "zeppelin" in line)
    assert "the notes have nothing on this" in zeppelin
    assert "taken into account" not in inv.answer
