"""Schedules end to end through the console and the worker, on SQLite and PostgreSQL, with
an injected clock: a due run is enqueued once however many processes race for it, a restart
across missed due times runs once and says so, paused and deleted schedules never run, and a
digest says only what is new (or one line when nothing is)."""

from __future__ import annotations

import asyncio
import io
import re
from datetime import timedelta
from typing import Any

from adapters.console import ConsoleChat, ConsoleSender
from bot.clock import FakeClock
from bot.config import DEFAULT_VAULT, Settings
from bot.runtime import Runtime
from storage.knowledge import EntryDraft
from storage.records import Audit


def chat(rt: Any, out: io.StringIO, session: str = "s1", user: str = "you") -> ConsoleChat:
    sender = ConsoleSender(out)
    rt.worker.senders["console"] = sender
    return ConsoleChat(rt.core, sender, session=session, user=user, now=rt.clock.now)


async def scheduled(rt: Any) -> list[Any]:
    return [i for i in await rt.queue.listing(limit=500) if i.schedule_id]


def schedule_id(said: str) -> str:
    match = re.search(r"Scheduled ([0-9a-f]{8})", said)
    assert match, said
    return match.group(1)


async def test_the_confirmation_states_the_rule_and_the_next_run(rt: Any, console_out: io.StringIO) -> None:
    # the fake clock starts on Mon 1 Jun 2026 09:00 UTC
    await chat(rt, console_out).feed(
        "/schedule every monday 09:00 Europe/London what changed on the Atlas project"
    )
    said = console_out.getvalue()
    assert "every Monday at 09:00 (Europe/London)" in said
    assert "next: Mon 8 Jun 09:00 Europe/London" in said
    [row] = await rt.core.scheduling.listing()
    assert row.topic == "what changed on the Atlas project" and row.mode == "digest"
    assert row.next_run.isoformat() == "2026-06-08T08:00:00+00:00"
    records = await Audit(rt.db).listing()
    assert [r.action for r in records] == ["scheduled"] and row.id in records[0].detail


async def test_refusals_say_why(rt: Any, console_out: io.StringIO) -> None:
    console = chat(rt, console_out)
    await console.feed("/schedule every 5 minutes atlas")
    assert "shortest interval allowed here is hour (MALLORY_SCHEDULE_MIN_INTERVAL)" in console_out.getvalue()
    await console.feed("/schedule whenever atlas")
    assert 'Try "every Monday at 9:00"' in console_out.getvalue()
    assert await rt.core.scheduling.listing() == []


async def test_a_due_run_is_enqueued_once_when_two_processes_race(
    settings: Settings, clock: FakeClock, console_out: io.StringIO
) -> None:
    async with Runtime.open(settings, clock=clock) as one, Runtime.open(settings, clock=clock) as two:
        console = chat(one, console_out)
        for n in range(6):
            await console.feed(f"/schedule every hour topic {n}")
        for _ in range(3):
            clock.advance(hours=1)
            took = await asyncio.gather(
                one.worker.schedules.due_runs.run_due(), two.worker.schedules.due_runs.run_due()
            )
            assert sum(took) == 6
        runs = await scheduled(one)
        assert len(runs) == 18
        by_schedule: dict[str, int] = {}
        for inv in runs:
            by_schedule[inv.schedule_id] = by_schedule.get(inv.schedule_id, 0) + 1
        assert sorted(by_schedule.values()) == [3] * 6


async def test_a_restart_across_three_missed_due_times_runs_once_and_says_so(
    settings: Settings, clock: FakeClock, console_out: io.StringIO
) -> None:
    async with Runtime.open(settings, clock=clock) as rt:
        await rt.ingest(DEFAULT_VAULT)
        await chat(rt, console_out).feed("/schedule every hour the Atlas project")
    clock.advance(hours=3, minutes=30)  # due at 10:00, 11:00 and 12:00: nothing ran
    async with Runtime.open(settings, clock=clock) as rt:
        out = io.StringIO()
        rt.worker.senders["console"] = ConsoleSender(out)
        assert await rt.worker.schedules.due_runs.run_due() == 1
        assert await rt.worker.schedules.due_runs.run_due() == 0
        [inv] = await scheduled(rt)
        assert await rt.worker.run_once() == 1
        report = (await rt.queue.get(inv.id)).answer
        assert "Missed: 3 due times passed while I was not running, from Mon 1 Jun 10:00 UTC" in report
        assert "Missed" in out.getvalue()
        [row] = await rt.core.scheduling.listing()
        assert row.next_run == clock.now().replace(minute=0) + timedelta(hours=1)


async def test_paused_and_deleted_schedules_never_run(rt: Any, console_out: io.StringIO) -> None:
    console = chat(rt, console_out)
    for topic in ("kept", "paused", "deleted"):
        await console.feed(f"/schedule every hour {topic}")
    ids = {s.topic: s.id for s in await rt.core.scheduling.listing()}
    await console.feed(f"/schedule pause {ids['paused']}")
    await console.feed(f"/schedule delete {ids['deleted']}")
    rt.clock.advance(hours=5)
    assert await rt.worker.schedules.due_runs.run_due() == 1
    assert [i.question for i in await scheduled(rt)] == ["kept"]
    # paused after the due look-up read it: the take changes nothing, nothing is enqueued
    [kept] = [s for s in await rt.core.scheduling.listing() if s.topic == "kept"]
    rt.clock.advance(hours=1)
    store = rt.core.scheduling.store
    await console.feed(f"/schedule pause {kept.id}")
    now = rt.clock.now()
    guard = store.take(kept, next_run=now + timedelta(hours=1), now=now)
    assert await rt.core.scheduling.runs.enqueue(kept, guard, due_at=kept.next_run, missed=0, now=now) is None
    assert len(await scheduled(rt)) == 1
    actions = [r.action for r in await Audit(rt.db).listing()]
    assert actions.count("schedule changed") == 2 and actions.count("schedule deleted") == 1


async def test_only_the_owner_or_an_admin_changes_a_schedule(rt: Any, console_out: io.StringIO) -> None:
    await chat(rt, console_out, user="ann").feed("/schedule every day at 9 atlas")
    [row] = await rt.core.scheduling.listing()
    # the console's caller is an admin (it is the operator's terminal); on Slack a stranger is not
    from bot.events import Person, ThreadRef

    slack = ThreadRef("slack", "T1", "C1", "1.0")
    said = await rt.core.scheduling.delete(row.id, Person("U2", "bob"), slack)
    assert "only they or an admin may change it" in said
    assert len(await rt.core.scheduling.listing()) == 1


async def test_run_now_enqueues_without_moving_the_next_run(vault_rt: Any, console_out: io.StringIO) -> None:
    console = chat(vault_rt, console_out)
    await console.feed("/schedule every day at 9 the Atlas project")
    [row] = await vault_rt.core.scheduling.listing()
    await console.feed(f"/schedule run {row.id}")
    assert f"Running {row.id} now" in console_out.getvalue()
    [inv] = await scheduled(vault_rt)
    assert (await vault_rt.core.scheduling.store.get(row.id)).next_run == row.next_run
    assert await vault_rt.worker.run_once() == 1
    assert (await vault_rt.queue.get(inv.id)).status == "delivered"


async def test_a_digest_says_only_what_is_new(vault_rt: Any, console_out: io.StringIO) -> None:
    rt = vault_rt
    await chat(rt, console_out).feed("/schedule every day at 10 what's new on the Atlas project")
    [row] = await rt.core.scheduling.listing()
    assert row.mode == "digest"
    rt.clock.advance(hours=1)
    assert await rt.worker.schedules.due_runs.run_due() == 1
    await rt.worker.run_once()
    [first] = await scheduled(rt)
    first_report = (await rt.queue.get(first.id)).answer
    assert "Nothing new on the Atlas project since Mon 1 Jun 09:00 UTC." in first_report
    # something about Atlas is remembered; the next run reports it, and only it
    rt.clock.advance(hours=2)
    entry, _ = await rt.knowledge.upsert(
        EntryDraft(
            space="global",
            source="remember:test:atlas",
            title="Atlas moved its launch",
            content="The Atlas project moved its launch to July after the storage backend review.",
        ),
        now=rt.clock.now(),
    )
    rt.clock.advance(hours=22)
    assert await rt.worker.schedules.due_runs.run_due() == 1
    await rt.worker.run_once()
    second = next(i for i in await scheduled(rt) if i.id != first.id)
    report = (await rt.queue.get(second.id)).answer
    assert "what is new since Tue 2 Jun 10:00" not in report
    assert "what is new since Mon 1 Jun 10:00 UTC" in report
    cited = set(re.findall(r"\[Entry ([0-9a-f]{8})\]", report))
    assert cited == {entry.id[:8]}, report


async def test_forget_a_user_removes_their_schedules(rt: Any, console_out: io.StringIO) -> None:
    from storage.records import forget

    await chat(rt, console_out, user="ann").feed("/schedule every day at 9 atlas")
    await chat(rt, console_out, session="s2", user="bob").feed("/schedule every day at 9 ingestion")
    rt.clock.advance(hours=1)
    gone = await forget(rt.db, user="ann", now=rt.clock.now())
    assert gone.schedules == 1 and "1 schedules" in gone.summary()
    assert [s.owner_id for s in await rt.core.scheduling.listing()] == ["bob"]


async def test_the_worker_wakes_at_the_next_due_time_not_every_minute(
    rt: Any, console_out: io.StringIO
) -> None:
    from datetime import UTC, datetime

    rt.worker.start()
    try:
        await chat(rt, console_out).feed("/schedule every day at 15:30 atlas")  # 6.5 h from the fake now
        # the schedule made arms the timer in a job of its own, due now: let it run before the
        # fake clock moves (a write no longer gives the loop a turn, so the feed alone may not)
        for _ in range(1000):
            if rt.worker.jobs.next_time("schedules: set the timer") is None:
                break
            await asyncio.sleep(0)
        await rt.worker.schedules.set_timer()
        at = rt.worker.jobs.next_time("schedules")
        assert at is not None
        hours = (at - datetime.now(UTC)).total_seconds() / 3600
        assert 6.4 < hours < 6.6  # one job, at the due time: nothing runs before it
        # the due time comes: the timer's run takes it and sets itself for the next day
        rt.clock.advance(hours=6, minutes=30)
        ran = asyncio.Event()
        run = rt.worker.schedules._run  # observed, not replaced: it runs as it would

        async def run_and_tell() -> None:
            await run()
            ran.set()

        rt.worker.schedules._run = run_and_tell
        rt.worker.jobs.run_now("schedules")  # as APScheduler fires it at its time
        await asyncio.wait_for(ran.wait(), 10)
        assert len(await scheduled(rt)) == 1
        at = rt.worker.jobs.next_time("schedules")
        assert at is not None and 23.9 < (at - datetime.now(UTC)).total_seconds() / 3600 < 24.1
    finally:
        await rt.worker.stop()


async def test_a_request_in_plain_language_that_carries_a_schedule(rt: Any, console_out: io.StringIO) -> None:
    console = chat(rt, console_out)
    await console.feed("every Monday at 9, dig into what changed on Atlas")
    await console.feed("each morning, tell me about new incidents")
    await console.feed("every day I wonder why the build is slow")  # nothing asked: routed as it is
    said = console_out.getvalue()
    assert "every Monday at 09:00 (UTC)" in said and "next: Mon 8 Jun 09:00 UTC" in said
    assert "every day at 09:00 (UTC)" in said and "next: Tue 2 Jun 09:00 UTC" in said
    rows = {s.topic: s for s in await rt.core.scheduling.listing()}
    assert set(rows) == {"what changed on Atlas", "new incidents"}
    assert {s.mode for s in rows.values()} == {"digest"}
    assert await rt.queue.listing() == []  # set up, not investigated now


async def test_a_schedule_whose_owner_lost_access_pauses_and_says_why(
    settings: Settings, clock: FakeClock, console_out: io.StringIO
) -> None:
    from bot.events import Person, ThreadRef
    from bot.schedules.service import Where

    slack = ThreadRef("slack", "T1", "C1", "1.0")
    async with Runtime.open(settings.model_copy(update={"slack_allowed_teams": "T1"}), clock=clock) as rt:
        conv, _ = await rt.conversations.get_or_create(
            key=slack.key, platform="slack", space="T1", channel="C1", thread="1.0",
            thread_ref=slack.to_json(), now=clock.now(),
        )  # fmt: skip
        said = await rt.core.scheduling.add(
            "every hour the Beacon crashes", Person("U1", "ana"), Where(slack, conv.id, "T1"), zone=None
        )
        assert said.startswith("Scheduled ")
    # an admin closes the channel: the next due run pauses the schedule instead of running
    closed = settings.model_copy(update={"slack_allowed_teams": "T1", "slack_allowed_channels": "C2"})
    async with Runtime.open(closed, clock=clock) as rt:
        clock.advance(hours=1)
        assert await rt.worker.schedules.due_runs.run_due() == 0
        [row] = await rt.core.scheduling.listing()
        assert row.paused and "no longer one I may work in" in row.paused_reason
        assert await scheduled(rt) == []
        assert "paused (this conversation is no longer one I may work in)" in rt.core.scheduling.describe(row)


async def test_runs_count_against_the_owners_quota(
    settings: Settings, clock: FakeClock, console_out: io.StringIO
) -> None:
    from bot.events import Person, ThreadRef
    from bot.schedules.service import Where

    slack = ThreadRef("slack", "T1", "C1", "1.0")
    limited = settings.model_copy(update={"slack_allowed_teams": "T1", "investigations_per_user_hour": 1})
    async with Runtime.open(limited, clock=clock) as rt:
        conv, _ = await rt.conversations.get_or_create(
            key=slack.key, platform="slack", space="T1", channel="C1", thread="1.0",
            thread_ref=slack.to_json(), now=clock.now(),
        )  # fmt: skip
        ana = Person("U1", "ana")
        await rt.core.scheduling.add(
            "every hour the Beacon crashes", ana, Where(slack, conv.id, "T1"), zone=None
        )
        [row] = await rt.core.scheduling.listing()
        clock.advance(minutes=30)
        assert (await rt.core.scheduling.run_now(row.id, ana, slack)).startswith("Running")
        clock.advance(minutes=30)  # due, but ana has had her one investigation this hour
        assert await rt.worker.schedules.due_runs.run_due() == 0
        assert len(await scheduled(rt)) == 1
        [row] = await rt.core.scheduling.listing()
        assert not row.paused and row.next_run == clock.now() + timedelta(hours=1)  # skipped, not stuck
