"""Taking due runs: each due schedule's run is enqueued by the one statement that moves its
next run forward (``Schedules.take`` as the queue's guard), so it runs once however many
processes look; a schedule that missed several due times runs once and says so; one whose
owner lost access pauses itself and tells them why."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.clock import Clock
from bot.events import Person, Reply, ReplyKind, Sender, ThreadRef
from bot.policy import HOME_TEAM, Caller, Gate
from bot.schedules.digest import subject
from bot.schedules.rules import Rule, describe_next
from bot.work.timers import Jobs
from storage.models import Investigation, Schedule, ScheduleRun
from storage.queue import Guard, NotTaken, Queue, Request
from storage.records import COMMISSIONED, Audit
from storage.schedules import Schedules

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Taken:
    """A run enqueued: its investigation, and the due times it stands for."""

    investigation_id: str
    missed: int


def rule_of(schedule: Schedule) -> tuple[Rule, ZoneInfo]:
    return Rule(schedule.rule, schedule.rule_text), ZoneInfo(schedule.timezone)


class DueRuns:
    def __init__(
        self,
        *,
        clock: Clock,
        store: Schedules,
        queue: Queue,
        gate: Gate,
        audit: Audit,
        senders: dict[str, Sender] | None = None,
    ) -> None:
        self.clock = clock
        self.store = store
        self.queue = queue
        self.gate = gate
        self.audit = audit
        self.senders: dict[str, Sender] = senders if senders is not None else {}
        self.on_enqueued: Callable[[], None] | None = None  # wakes an in-process worker

    async def run_due(self) -> int:
        """Enqueue the run of every schedule due now (those another process took first are
        left to it). Returns how many this process enqueued."""
        now = self.clock.now()
        taken = 0
        for schedule in await self.store.due(now):
            try:
                if await self._run_due(schedule, now) is not None:
                    taken += 1
            except Exception:  # one bad schedule does not keep the others from running
                log.exception("schedule %s: the due run failed", schedule.id)
        if taken and self.on_enqueued is not None:
            self.on_enqueued()
        return taken

    async def _run_due(self, schedule: Schedule, now: datetime) -> Taken | None:
        rule, zone = rule_of(schedule)
        missed = len(rule.due_between(schedule.next_run, now, zone, anchor=schedule.created_at)) - 1
        next_run = rule.next_after(now, zone, anchor=schedule.created_at)
        guard = self.store.take(schedule, next_run=next_run, now=now)
        thread = ThreadRef.from_json(schedule.thread_ref)
        owner = Person(schedule.owner_id, schedule.owner_name)
        lost = self.lost_access(thread, owner)
        if lost is not None:
            await self.pause_for(schedule, thread, owner, lost)
            return None
        refusal = await self.gate.investigation_refusal(thread, owner, schedule.space)
        if refusal is not None:  # over a quota: this due time is skipped, the next stays
            if await self.queue.db.fetch_one(guard.sql, guard.params) is not None:
                await self.tell(
                    thread,
                    owner,
                    f'Skipped the scheduled run of "{schedule.topic}" ({schedule.id}): {refusal} '
                    f"Next: {describe_next(next_run, zone)}.",
                )
            return None
        return await self.enqueue(schedule, guard, due_at=schedule.next_run, missed=missed, now=now)

    async def enqueue(
        self, schedule: Schedule, guard: Guard, *, due_at: datetime, missed: int, now: datetime
    ) -> Taken | None:
        """The run's investigation, enqueued in the transaction of ``guard`` (nothing when
        the guard changes nothing), with its run record and its audit record."""
        thread = ThreadRef.from_json(schedule.thread_ref)

        def on_created(conn: object, inv_id: str) -> None:
            self.store.record_run(
                conn,  # type: ignore[arg-type]
                ScheduleRun(
                    investigation_id=inv_id,
                    schedule_id=schedule.id,
                    due_at=due_at,
                    since=schedule.last_run or schedule.created_at,
                    missed=missed,
                ),
            )
            self.audit.write(
                conn,  # type: ignore[arg-type]
                COMMISSIONED,
                now=now,
                platform=thread.platform,
                actor_id=schedule.owner_id,
                actor_name=schedule.owner_name,
                space=schedule.space,
                investigation_id=inv_id,
                detail=f"schedule {schedule.id}: {schedule.topic}"[:200],
            )

        try:
            result = await self.queue.enqueue(
                Request(
                    conversation_id=schedule.conversation_id,
                    space=schedule.space,
                    # a digest searches for what it is about, not for the words "what's new"
                    question=(subject(schedule.topic) if schedule.mode == "digest" else schedule.topic)[
                        :2000
                    ],
                    request_text=schedule.topic[:4000],
                    requester_id=schedule.owner_id,
                    requester_name=schedule.owner_name,
                    thread_ref=schedule.thread_ref,
                    schedule_id=schedule.id,
                ),
                now=now,
                dedup_window=None,  # a run is its own investigation, never a steering note
                on_created=on_created,
                guard=guard,
            )
        except NotTaken:
            return None  # another process took it, or it was paused or deleted meanwhile
        return Taken(result.investigation.id, missed)

    async def undeliverable(self, inv: Investigation, error: str) -> None:
        """A run's report can never be posted (its channel is gone, the app was removed): the
        schedule pauses, with the reason ``/schedule list`` and ``mallory schedule list`` show."""
        if inv.schedule_id:
            reason = f"its channel can no longer be posted to ({error[:200]})"
            change = await self.store.set_paused(
                inv.schedule_id, paused=True, now=self.clock.now(), reason=reason
            )
            if change.changed:
                log.warning("schedule %s paused: %s", inv.schedule_id, reason)

    def lost_access(self, thread: ThreadRef, owner: Person) -> str | None:
        """Why the owner may no longer have this run (None: they may)."""
        policy = self.gate.policy
        # the schedule was admitted where it was made: its workspace was the app's home then
        caller = Caller.of(thread, owner, {HOME_TEAM: thread.space})
        if policy.refusal(caller) is not None:
            return "this conversation is no longer one I may work in"
        if owner.id and not policy.may_investigate(caller):
            return "you are no longer among the people who may commission investigations"
        return None

    async def pause_for(self, schedule: Schedule, thread: ThreadRef, owner: Person, reason: str) -> None:
        """Pause a schedule that cannot run, and tell its owner why (once: the pause that applied says it)."""
        change = await self.store.set_paused(schedule.id, paused=True, now=self.clock.now(), reason=reason)
        if change.changed:
            log.info("schedule %s paused: %s", schedule.id, reason)
            await self.tell(
                thread,
                owner,
                f'I\'ve paused the schedule "{schedule.topic}" ({schedule.id}): {reason}. '
                f"`/schedule resume {schedule.id}` starts it again.",
            )

    async def tell(self, thread: ThreadRef, owner: Person, text: str) -> None:
        sender = self.senders.get(thread.platform)
        if sender is None:
            log.info("no %s sender to say: %s", thread.platform, text)
            return
        try:
            await sender.send(Reply(thread, text, kind=ReplyKind.NOTICE, mention=owner))
        except Exception as exc:  # the note is a courtesy; the pause or skip stands
            log.info("could not tell the owner of a schedule: %s", type(exc).__name__)


class ScheduleClock:
    """The worker's wake for schedules: a one-off job at the next due time (the database
    says when that is), not a poll; set again after each pass, when a schedule is made or
    resumed in this process, and by the worker's sweep (schedules made elsewhere)."""

    def __init__(self, jobs: Jobs, clock: Clock) -> None:
        self.jobs = jobs
        self.clock = clock
        self.due_runs: DueRuns | None = None  # the wiring sets it (bot/runtime.py)
        # one setting at a time: a sweep's reading of the next due time, taken before a run
        # moved it, never lands after the run's own (the timer would fire for nothing)
        self._setting = asyncio.Lock()

    def arm(self) -> None:
        """Set the timer from the database now (nothing when the worker is not started)."""
        if self.due_runs is not None:
            self.jobs.once("schedules: set the timer", 0, self._set_timer_guarded)

    async def _set_timer_guarded(self) -> None:
        await self.jobs.guarded(self.set_timer, "setting the schedules' timer failed")

    async def set_timer(self) -> None:
        if self.due_runs is None:
            return
        async with self._setting:
            at = await self.due_runs.store.next_due()
            if at is not None:
                # at least a second: a run another process is taking is looked at again, not spun on
                seconds = max((at - self.clock.now()).total_seconds(), 1.0)
                self.jobs.once("schedules", seconds, self.run)

    async def run(self) -> None:
        """The due schedules' runs enqueued (each once across processes), then the timer set again."""
        await self.jobs.guarded(self._run, "scheduled runs failed")

    async def _run(self) -> None:
        if self.due_runs is not None:
            await self.due_runs.run_due()
        await self.set_timer()
