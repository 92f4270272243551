"""End to end through the console adapter: lines in, replies out, investigations that come
back into the same conversation; failures end in an apology."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import pytest

from adapters.console import ConsoleChat, ConsoleSender
from bot.clock import FakeClock


def _chat(rt: Any, out: io.StringIO, session: str = "s1") -> ConsoleChat:
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    return ConsoleChat(rt.core, sender, session=session, now=rt.clock.now)


def _blocks(out: io.StringIO) -> list[str]:
    return [b for b in out.getvalue().split("\n\n") if b.strip()]


async def test_ask_ack_report_in_the_same_conversation(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("dig into the March ingestion outage")
    text = console_out.getvalue()
    assert re.search(r"mallory \[m1\] ↳ u1:\nOn it: investigating \"the March ingestion outage\"", text)
    assert "[Answer quickly instead]" in text
    inv = (await vault_rt.queue.listing())[0]
    assert inv.status == "pending" and inv.ack_message_id == "m1"

    ran = await vault_rt.worker.run_once()
    assert ran == 1
    text = console_out.getvalue()
    # progress edits the acknowledgement, then the report answers the request, pinging the asker
    assert "(update to m1)" in text and "phase 2/4" in text
    report_head = re.search(
        r"mallory \[m2\] ↳ u1 \(report\) @you:\n# Investigate: the March ingestion outage", text
    )
    assert report_head, text[-2000:]
    assert re.search(r"\[Entry [0-9a-f]{8}\]", text[report_head.start() :])
    inv = await vault_rt.queue.get(inv.id)
    assert inv.status == "delivered" and inv.delivery_message_id == "m2"
    assert inv.report_path and inv.report_path.endswith(".md")
    # delivered exactly once even if the worker runs again
    await vault_rt.worker.run_once()
    assert console_out.getvalue().count("(report)") == 1


async def test_report_is_stored_as_an_entry_with_citations(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("investigate the analytics storage decision")
    await vault_rt.worker.run_once()
    inv = (await vault_rt.queue.listing())[0]
    entry = await vault_rt.knowledge.get(inv.report_entry_id, spaces=("global", "local"))
    assert entry is not None and entry.type == "report"
    rels = await vault_rt.knowledge.relations_of([entry.id], spaces=("global", "local"))
    cited = {r.to_id[:8] for r in rels if r.type == "citation" and r.from_id == entry.id}
    assert cited and cited <= set(re.findall(r"\[Entry ([0-9a-f]{8})\]", inv.answer))


async def test_second_request_is_attached_as_a_note_not_enqueued(
    vault_rt: Any, console_out: io.StringIO, clock: FakeClock
) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("dig into the Beacon login loop")
    clock.advance(minutes=3)
    await chat.feed("look into the Beacon login loop and the OAuth migration")
    invs = await vault_rt.queue.listing()
    assert len(invs) == 1
    notes = await vault_rt.queue.notes(invs[0].id)
    assert [n.text for n in notes] == ["look into the Beacon login loop and the OAuth migration"]
    assert "already investigating" in console_out.getvalue()
    await chat.feed("also check the SOC 2 audit")  # a steering follow-up
    assert len(await vault_rt.queue.notes(invs[0].id)) == 2
    await vault_rt.worker.run_once()
    report = (await vault_rt.queue.get(invs[0].id)).answer
    assert "Steering notes" in report or "SOC 2" in report


async def test_cancel_stops_the_open_investigation(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("research the Harbor project")
    await chat.feed("cancel")
    inv = (await vault_rt.queue.listing())[0]
    assert inv.status == "cancelled"
    assert "Cancelled the investigation" in console_out.getvalue()
    assert await vault_rt.worker.run_once() == 0
    await chat.feed("cancel")
    assert "no investigation running here" in console_out.getvalue()


async def test_quick_answer_cites_and_weak_retrieval_offers_then_yes_enqueues(
    vault_rt: Any, console_out: io.StringIO
) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("what did we decide about the analytics storage backend?")
    first = console_out.getvalue()
    assert re.search(r"\[Entry [0-9a-f]{8}\]", first)
    assert "[Run a deep investigation]" in first
    await chat.feed("what about zeppelin hangar acoustics?")
    assert "Want me to dig deeper?" in console_out.getvalue()
    assert await vault_rt.queue.listing() == []
    await chat.feed("yes please")
    invs = await vault_rt.queue.listing()
    assert len(invs) == 1 and invs[0].question == "what about zeppelin hangar acoustics?"
    await chat.feed("yes")  # the offer was used up: no second investigation
    assert len(await vault_rt.queue.listing()) == 1


async def test_an_offer_expires(vault_rt: Any, console_out: io.StringIO, clock: FakeClock) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("who maintains the zeppelin hangar?")
    assert "Want me to dig deeper?" in console_out.getvalue()
    clock.advance(minutes=31)  # past the 30-minute offer window
    await chat.feed("yes")
    assert await vault_rt.queue.listing() == []


async def test_offer_button_pressed_twice_enqueues_once(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("who maintains the zeppelin hangar?")
    await chat.feed("investigate this")  # typing the button's label presses it
    await chat.feed("investigate this")
    invs = await vault_rt.queue.listing()
    assert len(invs) == 1
    assert "already investigating" in console_out.getvalue()


async def test_answer_quickly_instead_cancels_and_answers(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("dig into the on-call policy")
    await chat.feed("answer quickly instead")
    inv = (await vault_rt.queue.listing())[0]
    assert inv.status == "cancelled"
    quick = re.search(r"mallory \[m2\] ↳ u1:\n(.*?)\n\n", console_out.getvalue(), re.S)
    assert quick and re.search(r"\[Entry [0-9a-f]{8}\]", quick.group(1))
    corrections = await vault_rt.conversations.corrections()
    assert [(c.route_given, c.route_wanted) for c in corrections] == [("async", "quick")]


async def test_failure_inside_the_investigation_ends_with_an_apology(
    vault_rt: Any, console_out: io.StringIO
) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("/investigate --entry deadbeef00")  # no such entry: the dig fails
    await vault_rt.worker.run_once()
    text = console_out.getvalue()
    assert "(apology)" in text and "couldn't finish the investigation" in text
    inv = (await vault_rt.queue.listing())[0]
    assert inv.status == "delivered" and inv.error and "deadbeef00" in inv.error


async def test_a_report_that_cannot_be_saved_is_still_delivered(
    vault_rt: Any, console_out: io.StringIO, caplog: pytest.LogCaptureFixture
) -> None:
    # the file and entry are written only after the result is recorded (only the claim's
    # holder writes them), so failing to save them no longer turns the answer into a failure
    vault_rt.settings.data_dir.mkdir(parents=True, exist_ok=True)
    (vault_rt.settings.data_dir / "reports").write_text("a file where the reports folder should be")
    chat = _chat(vault_rt, console_out)
    await chat.feed("dig into passkeys")
    await vault_rt.worker.run_once()
    assert "(report)" in console_out.getvalue() and "(apology)" not in console_out.getvalue()
    assert any("could not save the report" in r.getMessage() for r in caplog.records)
    [inv] = await vault_rt.queue.listing()
    assert inv.status == "delivered" and inv.report_path is None


async def test_zero_results_completes_with_no_entries_found(rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(rt, console_out)
    await chat.feed("dig into quantum basket weaving")
    await rt.worker.run_once()
    text = console_out.getvalue()
    assert 'No entries found for "quantum basket weaving"' in text
    assert (await rt.queue.listing())[0].status == "delivered"


async def test_delivery_waits_for_a_sender_and_happens_once(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("dig into Harbor")
    sender = vault_rt.worker.senders.pop("console")  # a worker with no console sender
    await vault_rt.worker.run_once()
    inv = (await vault_rt.queue.listing())[0]
    assert inv.status == "done" and inv.delivered_at is None
    vault_rt.worker.senders["console"] = sender
    await vault_rt.worker.run_once()
    await vault_rt.worker.run_once()
    assert console_out.getvalue().count("(report)") == 1


async def test_piped_lines_through_a_stream(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    reader = asyncio.StreamReader()
    reader.feed_data(b"hello\n\n   \nwhat is Beacon?\n")
    reader.feed_eof()
    await chat.run(reader)
    blocks = _blocks(console_out)
    assert len(blocks) == 2  # empty and blank lines are deliberately ignored
    assert blocks[1].startswith("mallory [m2] ↳ u2:")


async def test_end_to_end_on_postgresql(
    postgres_database: str, tmp_path: Any, console_out: io.StringIO
) -> None:
    """The same conversation with PostgreSQL as the database (full text search, the queue)."""
    from bot.config import load_settings
    from bot.runtime import Runtime

    settings = load_settings(
        data_dir=tmp_path / "data",
        llm_provider="offline",
        embedder="none",
        database_url=postgres_database,
    )
    async with Runtime.open(settings, clock=FakeClock()) as rt:
        await rt.seed_vault()
        chat = _chat(rt, console_out)
        await chat.feed("what did we decide about the analytics storage backend?")
        assert re.search(r"\[Entry [0-9a-f]{8}\]", console_out.getvalue())
        await chat.feed("dig into the March ingestion outage")
        await chat.feed("dig into the March ingestion outage again")  # deduplicated
        assert await rt.worker.run_once() == 1
        text = console_out.getvalue()
        assert "↳ u2 (report) @you:" in text and "# Investigate: the March ingestion outage" in text
        inv = (await rt.queue.listing())[0]
        assert inv.status == "delivered" and len(await rt.queue.notes(inv.id)) == 1


async def test_the_scheduled_worker_delivers_without_being_called(vault_rt: Any) -> None:
    """APScheduler drives the worker: an enqueue wakes the claim tick; nobody calls run_once."""
    delivered = asyncio.Event()

    class Watching(ConsoleSender):
        async def send(self, reply: Any) -> Any:
            posted = await super().send(reply)
            if reply.kind.value == "report":
                delivered.set()
            return posted

    out = io.StringIO()
    sender = Watching(out)
    vault_rt.worker.senders["console"] = sender
    vault_rt.worker.start()
    try:
        chat = ConsoleChat(vault_rt.core, sender, session="sched", now=vault_rt.clock.now)
        await chat.feed("dig into the Beacon login loop")
        await asyncio.wait_for(delivered.wait(), timeout=30)
    finally:
        await vault_rt.worker.stop()
    assert "# Investigate: the Beacon login loop" in out.getvalue()


async def test_a_skipped_overlapping_tick_is_not_reported_to_the_console(vault_rt: Any) -> None:
    """A long investigation makes the scheduler skip ticks by design; its warning about
    each skip is dropped, any other scheduler warning still gets through."""
    import logging

    vault_rt.worker.start()
    try:
        scheduler_log = logging.getLogger("apscheduler.scheduler")

        def record(message: str) -> logging.LogRecord:
            return logging.LogRecord("apscheduler.scheduler", logging.WARNING, __file__, 1, message, (), None)

        skipped = record(
            'Execution of job "Worker.tick" skipped: maximum number of running instances reached (1)'
        )
        assert not scheduler_log.filter(skipped)
        assert scheduler_log.filter(record('Run time of job "Worker.tick" was missed by 0:00:03'))
    finally:
        await vault_rt.worker.stop()


async def test_web_command_shows_a_one_time_link(vault_rt: Any, console_out: io.StringIO) -> None:
    chat = _chat(vault_rt, console_out)
    await chat.feed("/web")
    [url] = re.findall(r"http://localhost:8080/ui/signin/[0-9a-f]{64}", console_out.getvalue())
    session = await vault_rt.core.web.redeem(url.rsplit("/", 1)[1])
    viewer = await vault_rt.core.web.viewer(session)
    assert viewer is not None and viewer.spaces == ("global",) and not viewer.admin
    assert await vault_rt.core.web.redeem(url.rsplit("/", 1)[1]) is None, "once"


async def test_a_session_never_shows_another_sessions_work(vault_rt: Any) -> None:
    """One session leaves its investigation pending (``--wait 0``); the next session's worker
    finishes and keeps it, but shows nothing of it: not its progress, not its report."""
    first_out, second_out = io.StringIO(), io.StringIO()
    first = _chat(vault_rt, first_out, session="first")
    await first.feed("dig into the March ingestion outage")
    left = (await vault_rt.queue.listing())[0]
    assert left.status == "pending"

    second = _chat(vault_rt, second_out, session="second")  # its sender is now the console's
    await second.feed("hello there")
    assert await vault_rt.worker.run_once() == 1  # the first session's work, run by the second's worker

    shown = second_out.getvalue()
    assert "March ingestion" not in shown, shown
    assert "(report)" not in shown and "(update to" not in shown
    assert shown.startswith("mallory [m1] ↳ u1:")
    row = await vault_rt.queue.get(left.id)
    assert row.status in ("done", "delivered") and row.answer and row.report_path  # finished and kept
    assert not row.delivery_message_id  # never posted to a stranger
    listed = await vault_rt.queue.listing()
    assert [i.id for i in listed] == [left.id]  # `mallory investigations` shows it
    assert "March ingestion" not in second_out.getvalue()
