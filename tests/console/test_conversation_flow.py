"""Conversation flow through the console adapter: "this / that / it" resolved from the
thread, a new topic starting its own investigation, steering notes that shape the report,
small talk, unknown commands and multi-line messages."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path
from typing import Any

import pytest

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


async def test_small_talk_gets_a_reply_in_the_persona_voice(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("how are you today?")
    await chat.feed("who are you?")
    blocks = [b for b in console_out.getvalue().split("\n\n") if b.strip()]
    assert len(blocks) == 2
    assert "Noted" not in console_out.getvalue()
    assert "Well, thanks" in blocks[0] and "!" not in blocks[0]
    assert "I'm Mallory" in blocks[1]
    assert await vault_rt.queue.listing() == []


async def test_an_unknown_command_lists_the_ones_that_exist(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("/foo bar")
    text = console_out.getvalue()
    assert "There is no /foo command" in text
    for name in ("/investigate", "/recall", "/remember", "/status", "/cancel", "/help"):
        assert name in text
    await chat.feed("/etc/hosts is missing on the build box")  # a path, not a command
    assert text.count("There is no") == console_out.getvalue().count("There is no")


async def _run(chat: ConsoleChat, data: bytes, *, prompt: bool = False) -> None:
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    await chat.run(reader, prompt=prompt)


async def test_piped_input_marks_message_boundaries(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await _run(
        chat,
        b"hi\n"
        b"what is Beacon,\\\n"
        b"and who owns it?\n"
        b"```\nline one\nline two\n```\n"
        b"\x00\x01\x02binary\x03\x04\n\xff\xfe\x00\x00\n\x00\x07\x08\x1b\n",
    )
    heads = re.findall(r"^mallory \[m\d+\] ↳ (u\d+)", console_out.getvalue(), re.M)
    assert heads == ["u1", "u2", "u3", "u4"]  # one reply per message
    assert "binary data" in console_out.getvalue().split("↳ u4:")[1]
    first = await vault_rt.conversations.history((await vault_rt.conversations.by_key(chat.thread.key)).id)
    texts = [m.text for m in first if m.role == "user"]
    assert texts[1] == "what is Beacon,\nand who owns it?"
    assert texts[2] == "```\nline one\nline two\n```"


async def test_a_paste_in_a_terminal_is_one_message(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    # lines that arrive together (a paste) with the terminal's prompt on: one message, one reply
    await _run(chat, b"what is Beacon?\nand the Harbor project?\nand who owns them?\n", prompt=True)
    assert re.findall(r"mallory \[m\d+\] ↳ (u\d+)", console_out.getvalue()) == ["u1"]
    await _run(chat, b"\x00\x01\x02\x03\n\xff\xfe\x00\n", prompt=True)
    assert re.findall(r"mallory \[m\d+\] ↳ (u\d+)", console_out.getvalue()) == ["u1", "u2"]


async def test_recall_in_chat_reads_as_prose_with_citations(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("/recall analytics storage backend")
    reply = console_out.getvalue()
    assert "The closest notes are **" in reply and "[Entry " in reply
    for debug in ("Top-K", "score", "lexical+semantic", "•", "```"):
        assert debug not in reply
    await chat.feed("/recall zeppelin hangar acoustics")
    assert "The knowledge base has nothing on this" in console_out.getvalue()


async def test_a_report_reads_on_an_80_column_terminal(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("dig into the March ingestion outage")
    await vault_rt.worker.run_once()
    text = console_out.getvalue()
    report = text[text.index("(report) @you:") :].split("\n\n  (update to")[0]
    lines = report.splitlines()
    # the summary's key statements (what each note fixes: up to ten lines) are part of the budget
    assert len(lines) <= 130, len(lines)
    assert all(len(line) <= 80 for line in lines if not line.startswith("Full report: "))
    sections = [line for line in lines if line.startswith("## ")]
    assert sections[0] == "## Context Summary" and sections[-1] == "## Sources"
    (inv,) = await vault_rt.queue.listing()
    assert f"Full report: {inv.report_path}" in report
    assert Path(inv.report_path).read_text().count("\n") > len(lines)  # the file has it all


async def test_close_in_meaning_is_a_follow_up_when_an_embedder_is_on(
    tmp_path: Path, console_out: io.StringIO, clock: FakeClock
) -> None:
    """No shared word, same topic: the embedder folds it in; lexical-only starts a new one."""
    from bot.config import load_settings
    from bot.research.embedders import local_model_missing
    from bot.runtime import Runtime

    if local_model_missing():
        pytest.skip("the local embedding model is not installed")
    for embedder, investigations in (("local", 1), ("none", 2)):
        settings = load_settings(data_dir=tmp_path / embedder, llm_provider="offline", embedder=embedder)
        async with Runtime.open(settings, clock=clock) as rt:
            chat = _chat(rt, console_out, f"meaning-{embedder}")
            await chat.feed("research login problems")
            await chat.feed("research users cannot log in")
            assert len(await rt.queue.listing()) == investigations, embedder
